/*
 * art: a mod's own bullet shapes (docs/patterns.md, `art`).
 *
 *   art NAME "sheet.png" {
 *       shape NAME frame W H [at X Y] hitbox R [turns | upright] [additive]
 *                  [frames N [every F] [once]]
 *       shape NAME frame W H [at X Y] portrait
 *   }
 *
 * With `frames N` the shape is an animation: N frames of W x H side by side in
 * the sheet from (X, Y) rightwards, each shown F ticks (ART_DEFAULT_EVERY when
 * not given), looping, or with `once` held on the last. The frame shown is
 * picked from the object's age by the renderer (sim/look_anim.h): presentation,
 * never part of any hash.
 *
 * A `portrait` shape is a character's picture (pattern/content/character.h): it may be
 * larger (ART_MAX_PORTRAIT_*), needs no hitbox, does not turn and is never fired.
 *
 * The declarations of every loaded file become one table: each shape gets the
 * bullet shape id BULLET_SHAPE_COUNT + its index (the built-ins keep theirs),
 * usable wherever a built-in shape's name is. The hitbox travels in the shape's
 * look code (library_look_art), so bullets spawn with it and the content hash,
 * which hashes the code, covers it. The sheet is only read by the renderer
 * (render/atlas_texture.h): here its path is checked (relative, no '..') and
 * joined with the declaring file's folder, the folder it must stay inside.
 */
#ifndef CURTAIN_PATTERN_ART_H
#define CURTAIN_PATTERN_ART_H

#include "core/png_header.h"
#include "pattern/language/arena.h"
#include "pattern/language/ast.h"
#include "pattern/language/diag.h"
#include "sim/bullet_kind.h"

#include <stddef.h>
#include <stdint.h>

/* Shapes a library may declare in all: the ids left after the built-ins. */
#define ART_MAX_SHAPES     (BULLET_SHAPE_CAPACITY - BULLET_SHAPE_COUNT)
/* The largest frame side, and hitbox (it is kept in quarter pixels in 8 bits). */
#define ART_MAX_FRAME      128
#define ART_MAX_HITBOX     63.75
/* An animation's most frames, and ticks a frame; F when `every` is not given. */
#define ART_MAX_FRAMES     16
#define ART_MAX_EVERY      255
#define ART_DEFAULT_EVERY  6
/* The largest portrait frame: a 256x384 portrait fits with room to spare. The
 * portrait page (render/atlas.h, ATLAS_PORTRAIT_W x ATLAS_PORTRAIT_MAX_ROWS)
 * bounds how many fit in all: 150 of 256x384, fifteen to a shelf. */
#define ART_MAX_PORTRAIT_W 512
#define ART_MAX_PORTRAIT_H 512
typedef struct art_shape {
    const char *name;
    int shape;          /* its bullet shape id */
    const char *sheet;  /* the PNG: the declaring file's folder joined with the path */
    const char *root;   /* that folder: the sheet must lie inside it */
    int x, y, w, h;     /* the frame in the sheet, pixels */
    int hitbox_q;       /* hitbox radius in quarter pixels, 1..255 */
    int turns;          /* drawn facing +x, turned with the heading */
    int additive;       /* drawn in the additive (glowing) bullet layer */
    int frames;         /* animation frames, side by side from (x, y); 1: a still */
    int every;          /* ticks each frame shows (1..ART_MAX_EVERY) */
    int once;           /* plays once and holds its last frame; else loops */
    int portrait;       /* a character's picture: never a bullet's shape */
    const char *file;   /* where it is declared, for the renderer's errors */
    uint32_t line, col; /* the shape's name */
    uint32_t sheet_line, sheet_col;
    uint32_t at_line, at_col; /* its `at` clause (its name when it has none) */
} art_shape;

/* The shapes of every art declaration, in file order, into *out (allocated in
 * mem; NULL when there are none). Reports each bad sheet path, duplicate or
 * built-in name, out-of-range number and missing clause, positioned; returns
 * the number of shapes kept. */
struct library_file;
int art_collect(arena *mem, const struct library_file *files, int count, ast_decl *const *decls,
                diag_list *diags, art_shape **out);

/* Reports, at each sheet's path, a sheet art_sheet_check refuses (missing,
 * outside its folder, not a PNG, too large) and the sheet that takes the
 * sheets over ART_SHEETS_MAX_BYTES, once a sheet; and, from the PNG's header
 * (its size, without decoding the picture), a frame outside its sheet or an
 * animation running off its edge, at the shape's `at` (or name). The renderer
 * refuses the same, and a damaged picture, when it loads the sheet. Returns the
 * number reported. */
int art_check_sheets(const art_shape *art, int count, diag_list *diags);

/* Whether a sheet's path stays in its folder: relative, no '..' part, no
 * backslash (another system's separator), no empty name. (Backdrops' sheets
 * follow the same rule: pattern/backdrop_decl.) */
int art_path_ok(const char *path);
/* The folder of a file's path ("." for the working folder, "/" for the root),
 * in mem. */
const char *art_folder(arena *mem, const char *file);

/* The most pixels a side of a sheet may have, and the bytes all of a
 * library's sheets (each counted once) may take decoded, at 32 bits a pixel:
 * four sheets of the largest size. A sheet is decoded whole, so these bound
 * the memory and time a mod's pictures can cost. */
#define ART_SHEET_MAX_SIDE   2048
#define ART_SHEETS_MAX_BYTES (64u << 20)

/* The one reader of a sheet's header, which every sheet goes through before a
 * byte of it is decoded (lint here, the renderer in render/atlas_texture): the
 * sheet exists, lies inside root (links resolved), is a regular file of at most
 * FILE_LIMIT_IMAGE bytes, is a PNG (its signature: nothing else is read, and no
 * decoder may guess) with a valid header, and no side over ART_SHEET_MAX_SIDE.
 * Fills *h and raw (the file's first PNG_HEADER_SIZE bytes, which the decoder's
 * copy must match). Returns 0, or -1 with the reason in why, to follow "the
 * sheet PATH " ("is missing", "is 30000x30000 pixels, larger than 2048x2048"). */
int art_sheet_check(const char *sheet, const char *root, png_header *h,
                    unsigned char raw[PNG_HEADER_SIZE], char *why, size_t why_size);

/* Whether bringing the sheets' decoded bytes to `total` goes over
 * ART_SHEETS_MAX_BYTES: then 1, with the reason (to follow "the sheet PATH ")
 * in why; else 0. */
int art_sheets_over_budget(uint64_t total, char *why, size_t why_size);

/* The shape id name is (a built-in's, or one of art's), or -1. */
int art_shape_by_name(const art_shape *art, int count, const char *name);
/* The declared shape called name, or NULL (built-ins are not in the table). */
const art_shape *art_find(const art_shape *art, int count, const char *name);
/* The declared shape of id `shape`, or NULL (a built-in, or none). */
const art_shape *art_shape_of(const art_shape *art, int count, int shape);

#endif
