/*
 * backdrop_decl: a mod's own backdrops, drawn from data (docs/patterns.md,
 * Backdrops).
 *
 *   backdrop NAME {
 *       layer fill (R, G, B) [(R, G, B)]           a solid colour, or top to bottom
 *       layer "SHEET.png" OPTION...                 a picture, tiled over the field
 *       spell { layer ... }                         what its spell variant shows
 *   }
 *   OPTION: tile | at (X, Y) | scroll DX DY | rotate DEG | turn DEG | scale S
 *         | tint (R, G, B) | alpha A | fade FRAMES | additive
 *
 * The declarations of every loaded file become one table of scenes
 * (sim/backdrop.h's backdrop_scene) and of the sheets they read; the k-th
 * backdrop is the id backdrop_data_id(k, 0), which `background NAME` and
 * `spell_background NAME` cue as they do the nine drawn in code. Nothing here
 * is code: no hash sees a backdrop. The sheets are only read by the renderer
 * (render/backdrop_art.h); here their paths are checked (relative, no '..')
 * and joined with the declaring file's folder, the folder they must stay in.
 */
#ifndef CURTAIN_PATTERN_BACKDROP_DECL_H
#define CURTAIN_PATTERN_BACKDROP_DECL_H

#include "pattern/language/arena.h"
#include "pattern/language/ast.h"
#include "pattern/language/diag.h"
#include "sim/backdrop.h"

/* The backdrops of every backdrop declaration, in file order, into *scenes and
 * their sheets into *sheets (allocated in mem; NULL when there are none; *nsheets
 * set). Reports each bad sheet path, duplicate or built-in name, number out of
 * its range and layer past the bounds, positioned; returns the number kept. */
struct library_file;
int backdrop_decl_collect(arena *mem, const struct library_file *files, int count,
                          ast_decl *const *decls, diag_list *diags, backdrop_scene **scenes,
                          backdrop_sheet **sheets, int *nsheets);

/* The id of a backdrop by name: a code-drawn one's, else a declared one's
 * (backdrop_data_id), else -1. */
int backdrop_decl_find(const backdrop_scene *scenes, int n, const char *name);

/* Reports, at each sheet's path, a sheet that is missing, lies outside its
 * folder (links resolved), is no PNG, or is larger than BACKDROP_MAX_SHEET a
 * side (read from its header): what `curtain lint` can tell before a renderer
 * loads it. Returns the number reported. */
int backdrop_decl_check_sheets(const backdrop_sheet *sheets, int n, diag_list *diags);

/* The width and height of a PNG from its header; 0, or -1 when the file is no
 * PNG or cannot be read. */
int backdrop_decl_png_size(const char *path, int *w, int *h);

#endif
