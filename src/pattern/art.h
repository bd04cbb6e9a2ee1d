/*
 * art: a mod's own bullet shapes (docs/patterns.md, `art`).
 *
 *   art NAME "sheet.png" {
 *       shape NAME frame W H [at X Y] hitbox R [turns | upright] [additive]
 *       shape NAME frame W H [at X Y] portrait
 *   }
 *
 * A `portrait` shape is a character's picture (pattern/character.h): it may be
 * larger (ART_MAX_PORTRAIT), needs no hitbox, does not turn and is never fired.
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

#include "pattern/arena.h"
#include "pattern/ast.h"
#include "pattern/diag.h"
#include "sim/bullet_kind.h"

#include <stddef.h>
#include <stdint.h>

/* Shapes a library may declare in all: the ids left after the built-ins. */
#define ART_MAX_SHAPES     (BULLET_SHAPE_CAPACITY - BULLET_SHAPE_COUNT)
/* The largest frame side, and hitbox (it is kept in quarter pixels in 8 bits). */
#define ART_MAX_FRAME      128
#define ART_MAX_HITBOX     63.75
/* The largest portrait frame: a 256x384 portrait fits with room to spare. The
 * art rows of the atlas (render/atlas.h, ATLAS_ART_MAX_ROWS) bound how many fit
 * in all: three 256-wide portraits share a row of the 1024-px atlas. */
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
    int portrait;       /* a character's picture: never a bullet's shape */
    const char *file;   /* where it is declared, for the renderer's errors */
    uint32_t line, col; /* the shape's name */
    uint32_t sheet_line, sheet_col;
} art_shape;

/* The shapes of every art declaration, in file order, into *out (allocated in
 * mem; NULL when there are none). Reports each bad sheet path, duplicate or
 * built-in name, out-of-range number and missing clause, positioned; returns
 * the number of shapes kept. */
struct library_file;
int art_collect(arena *mem, const struct library_file *files, int count, ast_decl *const *decls,
                diag_list *diags, art_shape **out);

/* Reports, at each sheet's path, a sheet that is missing or lies outside its
 * folder (links resolved), once a sheet: what `curtain lint` can tell without
 * reading the picture (the renderer refuses the rest when it loads it). Returns
 * the number reported. */
int art_check_sheets(const art_shape *art, int count, diag_list *diags);

/* The shape id name is (a built-in's, or one of art's), or -1. */
int art_shape_by_name(const art_shape *art, int count, const char *name);
/* The declared shape of id `shape`, or NULL (a built-in, or none). */
const art_shape *art_shape_of(const art_shape *art, int count, int shape);

#endif
