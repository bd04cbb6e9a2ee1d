/*
 * window: the game window, its renderer, and the fixed logical screen.
 *
 * Everything is drawn to a canvas of LOGICAL_W x LOGICAL_H pixels, which is then
 * scaled into the window: fitted with borders keeping the aspect ratio, or, with
 * integer scaling, at the largest whole multiple that fits (crisp pixels).
 */
#ifndef CURTAIN_PLATFORM_WINDOW_H
#define CURTAIN_PLATFORM_WINDOW_H

#include <SDL.h>
#include <stddef.h>

#define LOGICAL_W 640
#define LOGICAL_H 480

struct options; /* game/options.h; not included, so that its type name stays out of the way */

typedef struct window_config {
    int scale;         /* initial window size as a multiple of the logical size; 0 = auto */
    int fullscreen;    /* start in desktop fullscreen */
    int integer_scale; /* scale the canvas only by whole multiples */
    int vsync;         /* ask for vsync (the frame pacer checks that it really paces) */
} window_config;

typedef struct window {
    SDL_Window *sdl;
    SDL_Renderer *renderer;
    SDL_Texture *canvas; /* logical-resolution render target; NULL if targets are unsupported */
    int integer_scale;
    int fullscreen;
    int vsync;
    int refresh_hz; /* of the display the window is on; 0 if unknown */
} window;

/* Opens the window (a scale larger than fits the display is taken down to
 * window_max_scale); on failure returns -1 with a reason in err. Initialises SDL
 * video. */
int window_open(window *win, const window_config *cfg, char *err, size_t err_size);
void window_close(window *win);

void window_toggle_fullscreen(window *win);
void window_set_fullscreen(window *win, int on);
void window_set_integer_scale(window *win, int on);
/* Resizes the window to scale times the logical size (0: the largest that fits the
 * display; a scale larger than window_max_scale is taken down to it). Ignored in
 * fullscreen. */
void window_set_scale(window *win, int scale);
/* The largest whole scale whose window fits the display's usable area (at least 1;
 * SDL video started). A bigger window would put the menus off the screen. */
int window_max_scale(void);
/* "Fit the screen" (scale 0): the largest whole scale (at least 1) whose window
 * with its frame (border_w, border_h: the window manager's decorations, 0 when
 * it has none) fits a usable area of usable_w x usable_h: 2 on a 1280x960
 * screen without decorations, 1 there when a title bar makes 2x too tall. */
int window_fit_scale(int usable_w, int usable_h, int border_w, int border_h);
/* window_fit_scale for win now: its display's usable area and its frame (none
 * counted before it opens, or where SDL cannot tell). */
int window_fit_now(const window *win);
/* Turns vsync on or off at run time. Returns 0, or -1 if the renderer cannot (the
 * setting then stays as it was). */
int window_set_vsync(window *win, int on);

/* The window settings of the options. */
window_config window_config_from_options(const struct options *o);
/* Applies the window settings of the options to an open window: fullscreen,
 * integer scaling, vsync. Not the size: that is window_set_scale's, called when
 * the size is what changed, so that a window resized by hand keeps its size
 * when another setting changes. Returns 1 if vsync changed (re-initialise the
 * frame pacer with the new win->vsync), else 0. */
int window_apply_options(window *win, const struct options *o);

/* Starts drawing a frame onto the logical canvas (cleared to black). */
void window_begin_frame(window *win);
/* Scales the canvas into the window and presents it (blocks on vsync when on). */
void window_end_frame(window *win);

#endif
