/*
 * view_draw: how `curtain view` draws the sandbox: the field with its bullets,
 * enemies and the dummy player, a side panel of text, and errors over the field.
 */
#ifndef CURTAIN_APP_VIEW_DRAW_H
#define CURTAIN_APP_VIEW_DRAW_H

#include "pattern/content/library.h"
#include "pattern/objects/sandbox.h"

#include <SDL.h>

#define VIEW_PANEL_LINES 10

typedef struct view_panel {
    char lines[VIEW_PANEL_LINES][96];
    int count;
    const char *error;  /* shown over the field; NULL or "" for none */
    int error_count;    /* the diagnostics in all, error holds or not (0: those in error) */
    const char *help;   /* the key help line under the field */
    const char *prints; /* the scripts' last print lines, oldest first, one a line; NULL or "" */
} view_panel;

typedef struct view_draw view_draw;
struct spectacle;  /* ui/spectacle.h */
struct world;      /* game/world.h */
struct world_view; /* ui/world_view.h */

view_draw *view_draw_create(SDL_Renderer *r);
void view_draw_destroy(view_draw *d);
/* Draws a frame on the renderer's current target (the 640x480 logical screen). */
void view_draw_frame(view_draw *d, const sandbox *sb, const library *lib, double player_x,
                     double player_y, const view_panel *panel);

/* What a pattern's presentation statements show that view_draw_frame draws
 * from now on, as the game draws it (ui/world_view.h): effects, flashes and
 * tints over the effects layer, the field shaken, a cut-in over it; NULL: none. */
void view_draw_set_spectacle(view_draw *d, const struct spectacle *s);
/* The "steady screen" option (game/options.h): with steady, a shake leaves the
 * field still, as in the game. Off at first. */
void view_draw_set_steady(view_draw *d, int steady);
/* Draws a world (a ship's preview: game/ship_preview.h) as the game shows it,
 * through wv, with the viewer's panel beside the field instead of the HUD. */
void view_draw_world(view_draw *d, struct world_view *wv, const struct world *w,
                     const view_panel *panel);
/* Draws lib's art shapes (pattern/content/art.h) from now on: the sheets read again and
 * the atlas built with them (ui/world_view.h's world_view_load_art). Returns 0,
 * or -1 with a positioned err. */
int view_draw_load_art(view_draw *d, const library *lib, char *err, size_t err_size);
/* The panel, the scripts' print lines and the errors over what is drawn. */
void view_draw_panel(view_draw *d, const view_panel *panel);

/* One row of text wrapped at cols characters (cols >= 1): returns how many bytes
 * of s it shows and sets *next to where the next row starts. A line longer than
 * the row breaks at its last space (the spaces at the break are not shown), or
 * at cols inside a word longer than the row. quoted: the row is part of a quoted
 * source line or its caret (a line that starts with a space), cut at cols so
 * the caret stays under its column. */
size_t view_draw_row(const char *s, int cols, int quoted, size_t *next);

/* How much of an error text fits `rows` rows of `cols` characters: whole
 * diagnostics (a line and the indented lines quoted under it), keeping the last
 * row for "and N more (see the terminal)" when some do not fit (the first is
 * kept however long: the caller cuts it to the rows). total is the
 * number of diagnostics in all (0 or fewer: those in the text). Returns the
 * length of the text to show and sets *more to the number left out. */
size_t view_draw_fit_errors(const char *error, int cols, int rows, int total, int *more);

#endif
