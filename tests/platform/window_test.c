/* window: the options' display settings open the window and apply at run time, here
 * under SDL's dummy video driver (no display needed). */
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
    /* Scale and integer scaling change at once; vsync changes or stays consistent. */
    o.window_scale = 2;
    o.integer_scale = 1;
    o.vsync = 1;
    int vsync_changed = window_apply_options(&win, &o);
    SDL_GetWindowSize(win.sdl, &w, &h);
    CHECK(w == 2 * LOGICAL_W && h == 2 * LOGICAL_H);
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
    window_close(&win);
    SDL_Quit();
    return check_done("platform window");
}
