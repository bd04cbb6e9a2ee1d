/*
 * view_draw: how `curtain view` draws the sandbox: the field with its bullets,
 * enemies and the dummy player, a side panel of text, and errors over the field.
 */
#ifndef CURTAIN_APP_VIEW_DRAW_H
#define CURTAIN_APP_VIEW_DRAW_H

#include "pattern/library.h"
#include "pattern/sandbox.h"

#include <SDL.h>

#define VIEW_PANEL_LINES 10

typedef struct view_panel {
    char lines[VIEW_PANEL_LINES][96];
    int count;
    const char *error; /* shown over the field; NULL or "" for none */
    const char *help;  /* the key help line under the field */
} view_panel;

typedef struct view_draw view_draw;

view_draw *view_draw_create(SDL_Renderer *r);
void view_draw_destroy(view_draw *d);
/* Draws a frame on the renderer's current target (the 640x480 logical screen). */
void view_draw_frame(view_draw *d, const sandbox *sb, const library *lib, double player_x,
                     double player_y, const view_panel *panel);

#endif
