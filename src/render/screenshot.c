/*
 * screenshot: reading the target back and writing PNGs through SDL2_image.
 */
#include "render/screenshot.h"

#include "core/file.h"
#include "core/mem.h"
#include "platform/user_dir.h"
#include "platform/window.h"

#include <SDL_image.h>
#include <stdio.h>
#include <time.h>

/* Encodes s as a PNG in memory, then writes it with file_write_atomic: a full disk
 * or a failed write leaves no cut-short picture, and is reported with the path. */
static int screenshot_write_png(SDL_Surface *s, const char *path, char *err, size_t err_size)
{
    /* zlib's stored blocks bound a PNG: the raw rows, a filter byte each, headers */
    size_t cap = (size_t)s->w * (size_t)s->h * 4 + (size_t)s->h * 8 + 65536;
    void *buf = mem_alloc(cap);
    SDL_RWops *rw = buf && cap < (size_t)INT32_MAX ? SDL_RWFromMem(buf, (int)cap) : NULL;
    if (!rw) {
        snprintf(err, err_size, "%s: out of memory for the picture", path);
        mem_free(buf);
        return -1;
    }
    int rc = -1;
    if (IMG_SavePNG_RW(s, rw, 0) != 0) {
        snprintf(err, err_size, "%s: cannot encode: %s", path, IMG_GetError());
    } else {
        Sint64 size = SDL_RWtell(rw);
        if (size <= 0)
            snprintf(err, err_size, "%s: cannot encode: %s", path, SDL_GetError());
        else
            rc = file_write_atomic(path, buf, (size_t)size, err, err_size);
    }
    SDL_RWclose(rw);
    mem_free(buf);
    return rc;
}

int screenshot_save(SDL_Renderer *r, const char *path, char *err, size_t err_size)
{
    int w, h;
    if (SDL_GetRendererOutputSize(r, &w, &h) != 0) {
        snprintf(err, err_size, "cannot read the screen size: %s", SDL_GetError());
        return -1;
    }
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888);
    if (!s) {
        snprintf(err, err_size, "out of memory for a %dx%d screenshot", w, h);
        return -1;
    }
    int rc = -1;
    if (SDL_RenderReadPixels(r, NULL, SDL_PIXELFORMAT_ARGB8888, s->pixels, s->pitch) != 0)
        snprintf(err, err_size, "cannot read the screen: %s", SDL_GetError());
    else
        rc = screenshot_write_png(s, path, err, err_size);
    SDL_FreeSurface(s);
    return rc;
}

int screenshot_save_user(SDL_Renderer *r, char *path_out, size_t path_size, char *err,
                         size_t err_size)
{
    char stamp[32] = "now";
    time_t now = time(NULL);
    struct tm tm;
    if (localtime_r(&now, &tm))
        strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
    char dir[4096];
    if (user_dir_join(dir, sizeof dir, "screenshots") != 0 || file_make_dirs(dir) != 0) {
        snprintf(err, err_size, "no screenshots folder in the user folder");
        return -1;
    }
    /* A fresh name: a counter is added when several are taken in one second. */
    for (int n = 0; n < 100; n++) {
        char name[64];
        if (n == 0)
            snprintf(name, sizeof name, "screenshots/curtain-%s.png", stamp);
        else
            snprintf(name, sizeof name, "screenshots/curtain-%s-%d.png", stamp, n);
        if (user_dir_join(path_out, path_size, name) != 0) {
            snprintf(err, err_size, "the screenshot's path is too long");
            return -1;
        }
        if (!file_exists(path_out)) /* not fopen: a named pipe there would block it */
            return screenshot_save(r, path_out, err, err_size);
    }
    snprintf(err, err_size, "too many screenshots this second");
    return -1;
}

int screenshot_headless(const char *path, const frame_scene *scene, uint64_t seed, int frames,
                        SDL_Surface **out, char *err, size_t err_size)
{
    if (out)
        *out = NULL;
    SDL_Surface *s =
        SDL_CreateRGBSurfaceWithFormat(0, LOGICAL_W, LOGICAL_H, 32, SDL_PIXELFORMAT_ARGB8888);
    if (!s) {
        snprintf(err, err_size, "out of memory for a screenshot");
        return -1;
    }
    SDL_Renderer *r = SDL_CreateSoftwareRenderer(s);
    if (!r) {
        snprintf(err, err_size, "cannot start the software renderer: %s", SDL_GetError());
        SDL_FreeSurface(s);
        return -1;
    }
    frame_view v;
    int bullets = scene->bullets ? scene->bullets->count : 0;
    frame_view_config cfg = {seed, bullets > 0 ? bullets : 1, -1};
    int rc = frame_view_init(&v, r, &cfg, err, err_size);
    if (rc == 0) {
        for (int i = 0; i < frames; i++)
            frame_view_update(&v);
        v.overlay.visible = scene->stats != NULL;
        SDL_SetRenderDrawColor(r, 0, 0, 0, 255);
        SDL_RenderClear(r);
        frame_view_draw(&v, scene);
        SDL_RenderPresent(r);
        frame_view_free(&v);
        if (path && screenshot_write_png(s, path, err, err_size) != 0)
            rc = -1;
    }
    SDL_DestroyRenderer(r);
    if (out && rc == 0)
        *out = s;
    else
        SDL_FreeSurface(s);
    return rc;
}
