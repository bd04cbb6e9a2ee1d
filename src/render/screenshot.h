/*
 * screenshot: pictures of the screen as PNG files.
 *
 *  - screenshot_save: what the renderer's current target holds (the game's F12
 *    uses it on the logical canvas, before the frame is presented);
 *  - screenshot_save_user: the same into the user folder's screenshots/, under a
 *    fresh name;
 *  - screenshot_headless: draws a frame_scene with the software renderer on a
 *    plain SDL_Surface (no window, no video driver, no display needed) and saves
 *    it: what `curtain run --screenshot` and the tests use.
 */
#ifndef CURTAIN_RENDER_SCREENSHOT_H
#define CURTAIN_RENDER_SCREENSHOT_H

#include "render/frame_view.h"

#include <SDL.h>
#include <stddef.h>

/* Saves the current render target of r to path. Returns 0, or -1 with err set. */
int screenshot_save(SDL_Renderer *r, const char *path, char *err, size_t err_size);

/* Saves as screenshots/curtain-YYYYMMDD-HHMMSS[-N].png in the user folder (made
 * if missing); the path used goes to path_out. Returns 0, or -1 with err set. */
int screenshot_save_user(SDL_Renderer *r, char *path_out, size_t path_size, char *err,
                         size_t err_size);

/* Draws scene on a 640x480 surface with the software renderer and saves it to
 * path. `frames` frames of backdrop animation are run first (0 is fine). The
 * surface is kept in *out when out is not NULL (free with SDL_FreeSurface), for
 * callers that want to look at the pixels. Returns 0, or -1 with err set. */
int screenshot_headless(const char *path, const frame_scene *scene, uint64_t seed, int frames,
                        SDL_Surface **out, char *err, size_t err_size);

#endif
