/* window: the options' display settings open the window and apply at run time, here
 * under SDL's dummy video driver (no display needed); a scale too big for the
 * display is taken down to the largest that fits. */
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
    CHECK_EQ_INT(win.fullscreen, 0);
    SDL_GetWindowSize(win.sdl, &w, &h);
    CHECK(w == LOGICAL_W && h == LOGICAL_H);
    /* A scale bigger than the display (8 from options.txt, 16 from --scale) opens
     * and resizes to the largest that fits, so the menus stay on the screen. */
    o.window_scale = 8;
    window_apply_options(&win, &o);
    SDL_GetWindowSize(win.sdl, &w, &h);
    CHECK(w == max * LOGICAL_W && h == max * LOGICAL_H);
    window_close(&win);
    cfg.scale = 16;
    CHECK_EQ_INT(window_open(&win, &cfg, err, sizeof err), 0);
    SDL_GetWindowSize(win.sdl, &w, &h);
    CHECK(w == max * LOGICAL_W && h == max * LOGICAL_H);
    window_close(&win);
    SDL_Quit();
    return check_done("platform window");
}
