/*
 * gl_target: what the render tests that compare pictures share. Each OpenGL
 * back end SDL has (opengl, opengles2) opened without a display (SDL's
 * offscreen video driver through EGL, or a hidden window), drawing into a
 * target texture as the game draws into its canvas; and pictures saved as PNG
 * to SCREENSHOT_DIR for eyes; and two pictures of the same screen compared
 * over the field. Header-only: each test is a program of its own.
 */
#ifndef CURTAIN_TESTS_RENDER_GL_TARGET_H
#define CURTAIN_TESTS_RENDER_GL_TARGET_H

#include "../check.h"
#include "render/field_view.h"
#include "render/frame_view.h"
#include "sim/playfield.h"

#include <SDL.h>
#include <SDL_image.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef SCREENSHOT_DIR
#define SCREENSHOT_DIR "."
#endif

typedef struct gl_target {
    SDL_Window *window;
    SDL_Renderer *renderer;
    SDL_Texture *texture; /* the renderer's target */
    char name[32];        /* the render driver's */
} gl_target;

static inline void gl_target_close(gl_target *t)
{
    if (t->texture)
        SDL_DestroyTexture(t->texture);
    if (t->renderer)
        SDL_DestroyRenderer(t->renderer);
    if (t->window)
        SDL_DestroyWindow(t->window);
    memset(t, 0, sizeof *t);
}

/* Opens render driver i, w x h, when it is an OpenGL one, its render batching
 * on. Returns 1 when it draws into its texture; 0 when driver i is not
 * OpenGL; -1 when it is but could not be had here (said on stdout). */
static inline int gl_target_open(gl_target *t, int i, int w, int h)
{
    memset(t, 0, sizeof *t);
    SDL_RendererInfo info;
    if (SDL_GetRenderDriverInfo(i, &info) != 0 || SDL_strncmp(info.name, "opengl", 6) != 0)
        return 0;
    snprintf(t->name, sizeof t->name, "%s", info.name);
    t->window = SDL_CreateWindow("curtain test", 0, 0, w, h, SDL_WINDOW_HIDDEN | SDL_WINDOW_OPENGL);
    SDL_SetHint(SDL_HINT_RENDER_BATCHING, "1");
    t->renderer = t->window ? SDL_CreateRenderer(t->window, i, 0) : NULL;
    t->texture = t->renderer ? SDL_CreateTexture(t->renderer, SDL_PIXELFORMAT_ARGB8888,
                                                 SDL_TEXTUREACCESS_TARGET, w, h)
                             : NULL;
    if (!t->texture) {
        printf("%s: not available here (%s)\n", info.name, SDL_GetError());
        gl_target_close(t);
        return -1;
    }
    SDL_SetRenderTarget(t->renderer, t->texture);
    return 1;
}

/* Saves a w x h ARGB picture as SCREENSHOT_DIR/name (for eyes: a failure to
 * write it is not the test's). */
static inline void picture_save(const Uint32 *px, int w, int h, const char *name)
{
    SDL_Surface *s =
        SDL_CreateRGBSurfaceWithFormatFrom((void *)px, w, h, 32, w * 4, SDL_PIXELFORMAT_ARGB8888);
    char path[512];
    snprintf(path, sizeof path, "%s/%s", SCREENSHOT_DIR, name);
    if (s)
        IMG_SavePNG(s, path);
    SDL_FreeSurface(s);
}

/* Two 640x480 ARGB pictures over the field: the mean difference per pixel
 * (the three channels' differences summed), and how many pixels are brighter
 * than `lit` (r + g + b) in a, in b and in both. */
typedef struct picture_diff {
    double mean;
    long lit_a, lit_b, both;
} picture_diff;

static inline picture_diff picture_compare_field(const Uint32 *a, const Uint32 *b, int lit)
{
    picture_diff d = {0, 0, 0, 0};
    double total = 0;
    for (int y = FIELD_VIEW_Y; y < FIELD_VIEW_Y + (int)PLAYFIELD_H; y++)
        for (int x = FIELD_VIEW_X; x < FIELD_VIEW_X + (int)PLAYFIELD_W; x++) {
            Uint32 p = a[y * 640 + x], q = b[y * 640 + x];
            int pr = (int)(p >> 16 & 255), pg = (int)(p >> 8 & 255), pb = (int)(p & 255);
            int qr = (int)(q >> 16 & 255), qg = (int)(q >> 8 & 255), qb = (int)(q & 255);
            total += abs(pr - qr) + abs(pg - qg) + abs(pb - qb);
            int la = pr + pg + pb > lit, lb = qr + qg + qb > lit;
            d.lit_a += la, d.lit_b += lb, d.both += la && lb;
        }
    d.mean = total / (PLAYFIELD_W * PLAYFIELD_H);
    return d;
}

typedef struct gl_rgb {
    int r, g, b;
} gl_rgb;

/* A pixel of a 640-wide ARGB picture. */
static inline gl_rgb gl_rgb_at(const Uint32 *px, int x, int y)
{
    Uint32 p = px[y * 640 + x];
    return (gl_rgb){(int)(p >> 16) & 255, (int)(p >> 8) & 255, (int)p & 255};
}

/* Draws scene with method on r into its 640x480 target, twice as the game draws
 * frame after frame (the second maps a streamed buffer as every later one);
 * pixels into out. Returns the method the view drew with, or -1. */
static inline int gl_draw_scene(SDL_Renderer *r, const frame_scene *scene, int method, Uint32 *out)
{
    frame_view v;
    char err[256];
    frame_view_config cfg = {1, 4096, method};
    if (frame_view_init(&v, r, &cfg, err, sizeof err) != 0) {
        fprintf(stderr, "frame_view_init: %s\n", err);
        return -1;
    }
    SDL_SetRenderDrawColor(r, 0, 0, 0, 255);
    SDL_RenderClear(r);
    frame_view_draw(&v, scene);
    SDL_RenderClear(r);
    frame_view_draw(&v, scene);
    int rc = SDL_RenderReadPixels(r, NULL, SDL_PIXELFORMAT_ARGB8888, out, 640 * 4);
    int drew = (int)v.method;
    frame_view_free(&v);
    return rc == 0 ? drew : -1;
}

/* The software renderer's picture of the same scene, the reference. */
static inline void gl_draw_reference(const frame_scene *scene, Uint32 *out)
{
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, 640, 480, 32, SDL_PIXELFORMAT_ARGB8888);
    SDL_Renderer *r = SDL_CreateSoftwareRenderer(s);
    CHECK(gl_draw_scene(r, scene, SPRITE_DRAW_BLIT, out) == SPRITE_DRAW_BLIT);
    SDL_DestroyRenderer(r);
    SDL_FreeSurface(s);
}

/* A GPU path's field against the blitter's: the same sprites in the same places.
 * The GPU turns sprites exactly and filters them, the blitter uses the nearest
 * of 32 pre-turned frames on whole pixels, so edges differ a little; a
 * misplaced, mis-textured or mis-blended sprite differs a lot. */
static inline void gl_compare_with_blitter(const Uint32 *a, const Uint32 *b, const char *name)
{
    picture_diff d = picture_compare_field(a, b, 384);
    printf("%s vs software: mean difference %.2f, lit pixels %ld vs %ld\n", name, d.mean, d.lit_a,
           d.lit_b);
    CHECK(d.mean < 6.0);
    CHECK(d.lit_a > 3000);
    CHECK(labs(d.lit_a - d.lit_b) < d.lit_b / 10);
}

#endif
