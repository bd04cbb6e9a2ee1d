/*
 * window: the game window, its renderer and the fixed logical screen (see
 * window.h).
 */
#include "platform/window.h"

#include "game/options.h"

#include <stdio.h>

int window_fit_scale(int usable_w, int usable_h, int border_w, int border_h)
{
    int sx = (usable_w - border_w) / LOGICAL_W, sy = (usable_h - border_h) / LOGICAL_H;
    int s = sx < sy ? sx : sy;
    return s < 1 ? 1 : s;
}

/* "Fit the screen": the largest whole multiple whose window, with its frame
 * (win's, once it is open; none before), fits the display's usable area. */
int window_fit_now(const window *win)
{
    SDL_Rect usable;
    int top = 0, left = 0, bottom = 0, right = 0;
    int display = win && win->sdl ? SDL_GetWindowDisplayIndex(win->sdl) : 0;
    if (SDL_GetDisplayUsableBounds(display < 0 ? 0 : display, &usable) != 0)
        return 1;
    if (win && win->sdl && SDL_GetWindowBordersSize(win->sdl, &top, &left, &bottom, &right) != 0)
        top = left = bottom = right = 0; /* not known: none counted */
    return window_fit_scale(usable.w, usable.h, left + right, top + bottom);
}

int window_max_scale(void)
{
    SDL_Rect usable;
    if (SDL_GetDisplayUsableBounds(0, &usable) != 0)
        return 1;
    int sx = usable.w / LOGICAL_W, sy = usable.h / LOGICAL_H;
    int s = sx < sy ? sx : sy;
    return s < 1 ? 1 : s;
}

/* The scale a window is opened or resized to: 0 fits the display, others are
 * taken as asked unless the window would be bigger than the display. */
static int window_scale_for(const window *win, int scale)
{
    int max = window_max_scale();
    return scale <= 0 ? window_fit_now(win) : scale > max ? max : scale;
}

static int window_create_renderer(window *win, char *err, size_t err_size)
{
    Uint32 flags = SDL_RENDERER_ACCELERATED | (win->vsync ? SDL_RENDERER_PRESENTVSYNC : 0);
    win->renderer = SDL_CreateRenderer(win->sdl, -1, flags);
    if (!win->renderer)
        win->renderer = SDL_CreateRenderer(win->sdl, -1, SDL_RENDERER_SOFTWARE);
    if (!win->renderer) {
        snprintf(err, err_size, "cannot create a renderer: %s", SDL_GetError());
        return -1;
    }
    if (SDL_RenderTargetSupported(win->renderer))
        win->canvas = SDL_CreateTexture(win->renderer, SDL_PIXELFORMAT_ARGB8888,
                                        SDL_TEXTUREACCESS_TARGET, LOGICAL_W, LOGICAL_H);
    if (!win->canvas) {
        /* Without render targets SDL scales every draw call itself. */
        SDL_RenderSetLogicalSize(win->renderer, LOGICAL_W, LOGICAL_H);
        SDL_RenderSetIntegerScale(win->renderer, win->integer_scale ? SDL_TRUE : SDL_FALSE);
    }
    return 0;
}

int window_open(window *win, const window_config *cfg, char *err, size_t err_size)
{
    *win = (window){.integer_scale = cfg->integer_scale, .vsync = cfg->vsync};
    if (SDL_InitSubSystem(SDL_INIT_VIDEO) != 0) {
        snprintf(err, err_size, "cannot start SDL video: %s", SDL_GetError());
        return -1;
    }
    int scale = window_scale_for(NULL, cfg->scale);
    win->sdl = SDL_CreateWindow("curtain", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED,
                                LOGICAL_W * scale, LOGICAL_H * scale,
                                SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
    if (!win->sdl) {
        snprintf(err, err_size, "cannot open a window: %s", SDL_GetError());
        SDL_QuitSubSystem(SDL_INIT_VIDEO);
        return -1;
    }
    SDL_SetWindowMinimumSize(win->sdl, LOGICAL_W / 2, LOGICAL_H / 2);
    if (window_create_renderer(win, err, err_size) != 0) {
        window_close(win);
        return -1;
    }
    SDL_DisplayMode mode;
    if (SDL_GetCurrentDisplayMode(SDL_GetWindowDisplayIndex(win->sdl), &mode) == 0)
        win->refresh_hz = mode.refresh_rate;
    if (cfg->scale <= 0) /* its frame known now: smaller if the frame would not fit */
        window_set_scale(win, 0);
    if (cfg->fullscreen)
        window_toggle_fullscreen(win);
    return 0;
}

void window_close(window *win)
{
    if (win->canvas)
        SDL_DestroyTexture(win->canvas);
    if (win->renderer)
        SDL_DestroyRenderer(win->renderer);
    if (win->sdl) {
        SDL_DestroyWindow(win->sdl);
        SDL_QuitSubSystem(SDL_INIT_VIDEO);
    }
    *win = (window){0};
}

void window_toggle_fullscreen(window *win)
{
    window_set_fullscreen(win, !win->fullscreen);
}

void window_set_fullscreen(window *win, int on)
{
    win->fullscreen = on != 0;
    SDL_SetWindowFullscreen(win->sdl, win->fullscreen ? SDL_WINDOW_FULLSCREEN_DESKTOP : 0);
}

void window_set_scale(window *win, int scale)
{
    if (win->fullscreen)
        return;
    int s = window_scale_for(win, scale), w, h;
    SDL_GetWindowSize(win->sdl, &w, &h);
    if (w == LOGICAL_W * s && h == LOGICAL_H * s)
        return; /* already that size: leave it where the player put it */
    SDL_SetWindowSize(win->sdl, LOGICAL_W * s, LOGICAL_H * s);
    SDL_SetWindowPosition(win->sdl, SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED);
}

int window_set_vsync(window *win, int on)
{
    if ((on != 0) == (win->vsync != 0))
        return 0;
    if (SDL_RenderSetVSync(win->renderer, on ? 1 : 0) != 0)
        return -1;
    win->vsync = on != 0;
    return 0;
}

window_config window_config_from_options(const options *o)
{
    window_config cfg = {o->window_scale, o->fullscreen, o->integer_scale, o->vsync};
    return cfg;
}

int window_apply_options(window *win, const options *o)
{
    int vsync = win->vsync;
    if ((o->fullscreen != 0) != (win->fullscreen != 0))
        window_set_fullscreen(win, o->fullscreen);
    if ((o->integer_scale != 0) != (win->integer_scale != 0))
        window_set_integer_scale(win, o->integer_scale);
    window_set_vsync(win, o->vsync);
    return win->vsync != vsync;
}

void window_set_integer_scale(window *win, int on)
{
    win->integer_scale = on;
    if (!win->canvas)
        SDL_RenderSetIntegerScale(win->renderer, on ? SDL_TRUE : SDL_FALSE);
}

void window_begin_frame(window *win)
{
    if (win->canvas)
        SDL_SetRenderTarget(win->renderer, win->canvas);
    SDL_SetRenderDrawColor(win->renderer, 0, 0, 0, 255);
    SDL_RenderClear(win->renderer);
}

/* Where the canvas goes in an output of w x h pixels: centred, aspect kept. */
static SDL_Rect window_canvas_rect(const window *win, int w, int h)
{
    SDL_Rect r;
    if (win->integer_scale && w >= LOGICAL_W && h >= LOGICAL_H) {
        int sx = w / LOGICAL_W, sy = h / LOGICAL_H, s = sx < sy ? sx : sy;
        r.w = LOGICAL_W * s;
        r.h = LOGICAL_H * s;
    } else if ((long)w * LOGICAL_H > (long)h * LOGICAL_W) {
        r.h = h;
        r.w = (int)((long)h * LOGICAL_W / LOGICAL_H);
    } else {
        r.w = w;
        r.h = (int)((long)w * LOGICAL_H / LOGICAL_W);
    }
    r.x = (w - r.w) / 2;
    r.y = (h - r.h) / 2;
    return r;
}

void window_end_frame(window *win)
{
    if (win->canvas) {
        SDL_SetRenderTarget(win->renderer, NULL);
        SDL_SetRenderDrawColor(win->renderer, 0, 0, 0, 255);
        SDL_RenderClear(win->renderer);
        int w, h;
        SDL_GetRendererOutputSize(win->renderer, &w, &h);
        SDL_Rect dst = window_canvas_rect(win, w, h);
        /* Whole multiples stay sharp; other sizes are filtered to avoid uneven pixels. */
        int exact = dst.w % LOGICAL_W == 0 && dst.h % LOGICAL_H == 0;
        SDL_SetTextureScaleMode(win->canvas, exact ? SDL_ScaleModeNearest : SDL_ScaleModeLinear);
        SDL_RenderCopy(win->renderer, win->canvas, NULL, &dst);
    }
    SDL_RenderPresent(win->renderer);
}
