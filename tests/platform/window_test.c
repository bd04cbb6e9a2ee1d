/* window: the options' display settings open the window and apply at run time, here
 * under SDL's dummy video driver (no display needed); a scale too big for the
 * display is taken down to the largest that fits; a window resized by hand keeps
 * its size when another setting changes; "fit the screen" is the largest whole
 * scale whose window and frame fit. */
#include "../check.h"
#include "game/options.h"
#include "platform/window.h"

#include <stdlib.h>

int main(void)
{
    setenv("SDL_VIDEODRIVER", "dummy", 1);
    setenv("SDL_RENDER_DRIVER", "software", 1);
    CHECK_EQ_INT(SDL_Init(SDL_INIT_EVENTS), 0);
    options o;
    options_defaults(&o);
    o.window_scale = 1;
    o.vsync = 0;
    window_config cfg = window_config_from_options(&o);
    CHECK_EQ_INT(cfg.scale, 1);
    CHECK_EQ_INT(cfg.vsync, 0);
    window win;
    char err[256];
    CHECK_EQ_INT(window_open(&win, &cfg, err, sizeof err), 0);
    if (!win.sdl)
        return check_done("platform window");
    int w, h;
    SDL_GetWindowSize(win.sdl, &w, &h);
    CHECK(w == LOGICAL_W && h == LOGICAL_H);
    /* Scale and integer scaling change at once (as far as the display holds the
     * window); vsync changes or stays consistent. */
    SDL_Rect usable;
    CHECK_EQ_INT(SDL_GetDisplayUsableBounds(0, &usable), 0);
    int max = window_max_scale();
    CHECK(max >= 1 && LOGICAL_W * max <= usable.w && LOGICAL_H * max <= usable.h);
    CHECK(LOGICAL_W * (max + 1) > usable.w || LOGICAL_H * (max + 1) > usable.h);
    o.window_scale = 2;
    o.integer_scale = 1;
    o.vsync = 1;
    window_set_scale(&win, o.window_scale);
    int vsync_changed = window_apply_options(&win, &o);
    SDL_GetWindowSize(win.sdl, &w, &h);
    int s2 = max < 2 ? max : 2;
    CHECK(w == s2 * LOGICAL_W && h == s2 * LOGICAL_H);
    CHECK_EQ_INT(win.integer_scale, 1);
    CHECK_EQ_INT(vsync_changed, win.vsync == 1);
    /* Fullscreen on, then off again; a frame draws either way. */
    o.fullscreen = 1;
    window_apply_options(&win, &o);
    CHECK_EQ_INT(win.fullscreen, 1);
    CHECK((SDL_GetWindowFlags(win.sdl) & SDL_WINDOW_FULLSCREEN_DESKTOP) != 0);
    window_begin_frame(&win);
    window_end_frame(&win);
    o.fullscreen = 0;
    o.window_scale = 1;
    window_apply_options(&win, &o);
    window_set_scale(&win, o.window_scale);
    CHECK_EQ_INT(win.fullscreen, 0);
    SDL_GetWindowSize(win.sdl, &w, &h);
    CHECK(w == LOGICAL_W && h == LOGICAL_H);
    /* A scale bigger than the display (8 from options.txt, 16 from --scale) opens
     * and resizes to the largest that fits, so the menus stay on the screen. */
    o.window_scale = 8;
    window_set_scale(&win, o.window_scale);
    SDL_GetWindowSize(win.sdl, &w, &h);
    CHECK(w == max * LOGICAL_W && h == max * LOGICAL_H);
    /* A window resized by hand keeps its size when another setting changes
     * (sharp pixels on and off, vsync): only the size's own setting resizes. */
    SDL_SetWindowSize(win.sdl, 700, 530);
    SDL_GetWindowSize(win.sdl, &w, &h);
    CHECK(w == 700 && h == 530);
    for (int k = 0; k < 2; k++) {
        o.integer_scale = !o.integer_scale;
        o.vsync = !o.vsync;
        window_apply_options(&win, &o);
        SDL_GetWindowSize(win.sdl, &w, &h);
        CHECK(w == 700 && h == 530);
    }
    window_close(&win);
    cfg.scale = 16;
    CHECK_EQ_INT(window_open(&win, &cfg, err, sizeof err), 0);
    SDL_GetWindowSize(win.sdl, &w, &h);
    CHECK(w == max * LOGICAL_W && h == max * LOGICAL_H);
    window_close(&win);
    SDL_Quit();
    /* Fit the screen: the largest whole scale that fits with the window's frame. */
    CHECK_EQ_INT(window_fit_scale(1280, 960, 0, 0), 2);  /* 640x480 before */
    CHECK_EQ_INT(window_fit_scale(1280, 960, 0, 30), 1); /* a title bar: 2x is too tall */
    CHECK_EQ_INT(window_fit_scale(1920, 1050, 2, 30), 2);
    CHECK_EQ_INT(window_fit_scale(3840, 2160, 0, 0), 4);
    CHECK_EQ_INT(window_fit_scale(600, 400, 0, 0), 1); /* never below 1 */
    return check_done("platform window");
}
