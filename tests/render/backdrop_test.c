/*
 * backdrop: every backdrop of sim/backdrop.h draws a real picture on both
 * renderer paths: on the software renderer (the blitter's path) and, where an
 * OpenGL renderer can be had (SDL's offscreen driver), on the GPU's, and the
 * two agree. A picture is non-trivial (many colours, not black, dark enough
 * that bullets read over it), unlike every other backdrop, moving with the
 * frame count and the same for the same count; a change cross-fades. The
 * pictures are written to the build folder for people to look at.
 */
#include "../check.h"
#include "gl_target.h"
#include "render/frame_view.h"
#include "sim/playfield.h"

#include <SDL_image.h>
#include <stdlib.h>
#include <string.h>

#define W       640
#define H       480
#define PIXELS  (W * H)
#define T_SHOWN 600 /* the frame count pictures are taken at */

static int dim_percent; /* the player's background dimmer for the next draw */

typedef struct rgb {
    int r, g, b;
} rgb;

static rgb at(const Uint32 *px, int x, int y)
{
    Uint32 p = px[y * W + x];
    return (rgb){(int)(p >> 16) & 255, (int)(p >> 8) & 255, (int)p & 255};
}

/* Draws backdrop b (as at frame t, or fading from `from` since fade_at when
 * from >= 0) with r into out. */
static int draw(SDL_Renderer *r, int method, int b, uint64_t t, int from, uint64_t fade_at,
                Uint32 *out)
{
    static frame_view v;
    char err[256];
    frame_view_config cfg = {1, 64, method};
    if (frame_view_init(&v, r, &cfg, err, sizeof err) != 0) {
        fprintf(stderr, "frame_view_init: %s\n", err);
        return -1;
    }
    v.field.look.background_dim = dim_percent;
    SDL_SetRenderDrawColor(r, 0, 0, 0, 255);
    SDL_RenderClear(r);
    if (from >= 0) { /* from until fade_at, then b */
        frame_scene before = {.fps = -1, .backdrop = from + 1, .backdrop_time = fade_at - 1};
        frame_view_draw(&v, &before);
        frame_scene change = {.fps = -1, .backdrop = b + 1, .backdrop_time = fade_at};
        frame_view_draw(&v, &change);
    }
    frame_scene scene = {.fps = -1, .backdrop = b + 1, .backdrop_time = t};
    frame_view_draw(&v, &scene);
    int rc = SDL_RenderReadPixels(r, NULL, SDL_PIXELFORMAT_ARGB8888, out, W * 4);
    frame_view_free(&v);
    return rc;
}

/* The software renderer's picture. */
static void draw_software(int b, uint64_t t, int from, uint64_t fade_at, Uint32 *out)
{
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, W, H, 32, SDL_PIXELFORMAT_ARGB8888);
    SDL_Renderer *r = SDL_CreateSoftwareRenderer(s);
    CHECK(r && draw(r, SPRITE_DRAW_BLIT, b, t, from, fade_at, out) == 0);
    SDL_DestroyRenderer(r);
    SDL_FreeSurface(s);
}

static void save(const Uint32 *px, const char *what, const char *name)
{
    char file[128];
    snprintf(file, sizeof file, "backdrop-%s-%s.png", what, name);
    picture_save(px, W, H, file);
}

/* Mean difference per pixel (three channels summed) over the field. */
static double field_difference(const Uint32 *a, const Uint32 *b)
{
    double total = 0;
    for (int y = FIELD_VIEW_Y; y < FIELD_VIEW_Y + (int)PLAYFIELD_H; y++)
        for (int x = FIELD_VIEW_X; x < FIELD_VIEW_X + (int)PLAYFIELD_W; x++) {
            rgb p = at(a, x, y), q = at(b, x, y);
            total += abs(p.r - q.r) + abs(p.g - q.g) + abs(p.b - q.b);
        }
    return total / (PLAYFIELD_W * PLAYFIELD_H);
}

/* A picture, not a fill: many colours (at 4 bits a channel), lit but dark on
 * the whole (mean brightness), and details far brighter than the darkest part. */
static void check_picture(const Uint32 *px, const char *name)
{
    static unsigned char seen[4096];
    memset(seen, 0, sizeof seen);
    int colours = 0, lo = 765, hi = 0;
    double sum = 0;
    for (int y = FIELD_VIEW_Y; y < FIELD_VIEW_Y + (int)PLAYFIELD_H; y++)
        for (int x = FIELD_VIEW_X; x < FIELD_VIEW_X + (int)PLAYFIELD_W; x++) {
            rgb p = at(px, x, y);
            int key = (p.r >> 4) << 8 | (p.g >> 4) << 4 | p.b >> 4;
            colours += !seen[key];
            seen[key] = 1;
            sum += (p.r + p.g + p.b) / 3.0;
            int v = p.r + p.g + p.b;
            lo = v < lo ? v : lo;
            hi = v > hi ? v : hi;
        }
    double mean = sum / (PLAYFIELD_W * PLAYFIELD_H);
    printf("%s: %d colours, mean brightness %.1f, from %d to %d\n", name, colours, mean, lo, hi);
    CHECK(colours >= 24);
    CHECK(mean > 12.0 && mean < 80.0);
    CHECK(hi - lo >= 240);
}

static Uint32 pics[BACKDROP_COUNT][PIXELS];

static void check_software(void)
{
    static Uint32 later[PIXELS], again[PIXELS], mid[PIXELS];
    for (int b = 0; b < BACKDROP_COUNT; b++) {
        draw_software(b, T_SHOWN, -1, 0, pics[b]);
        save(pics[b], "software", backdrop_names[b]);
        check_picture(pics[b], backdrop_names[b]);
        draw_software(b, T_SHOWN, -1, 0, again);
        CHECK(memcmp(pics[b], again, sizeof again) == 0); /* the frame count decides */
        draw_software(b, T_SHOWN + 90, -1, 0, later);
        double moved = field_difference(pics[b], later);
        printf("%s: moved by %.2f in 90 frames\n", backdrop_names[b], moved);
        CHECK(moved > 1.0);
        for (int o = 0; o < b; o++) {
            double d = field_difference(pics[b], pics[o]);
            if (d <= 20.0)
                printf("%s looks like %s (%.2f)\n", backdrop_names[b], backdrop_names[o], d);
            CHECK(d > 20.0);
        }
    }
    /* a change cross-fades: half way, neither picture */
    draw_software(BACKDROP_LAKE, T_SHOWN, BACKDROP_DUSK, T_SHOWN - FIELD_VIEW_FADE / 2, mid);
    save(mid, "software", "fade");
    draw_software(BACKDROP_DUSK, T_SHOWN, -1, 0, again);
    double to_old = field_difference(mid, again),
           to_new = field_difference(mid, pics[BACKDROP_LAKE]);
    printf("half a fade: %.2f from dusk, %.2f from lake\n", to_old, to_new);
    CHECK(to_old > 10.0 && to_new > 10.0);
    /* the dimmer darkens every backdrop (80%: to well under half) */
    for (int b = 0; b < BACKDROP_COUNT; b++) {
        dim_percent = 80;
        draw_software(b, T_SHOWN, -1, 0, mid);
        dim_percent = 0;
        double lit = 0, dimmed = 0;
        for (int y = FIELD_VIEW_Y; y < FIELD_VIEW_Y + (int)PLAYFIELD_H; y++)
            for (int x = FIELD_VIEW_X; x < FIELD_VIEW_X + (int)PLAYFIELD_W; x++) {
                rgb p = at(pics[b], x, y), q = at(mid, x, y);
                lit += p.r + p.g + p.b;
                dimmed += q.r + q.g + q.b;
            }
        CHECK(dimmed < lit * 0.4);
    }
}

/* The GPU's path: the same pictures within a little (the rasterizers differ at
 * triangles' edges and round blends their own way: about 10 a channel at most;
 * a blend gone wrong, glows drawn as shadows, differed by 40 to 100). Returns
 * whether an OpenGL renderer could be made. */
static int check_opengl(void)
{
    static Uint32 picture[PIXELS];
    int tried = 0;
    for (int i = 0; i < SDL_GetNumRenderDrivers() && !tried; i++) {
        gl_target t;
        if (gl_target_open(&t, i, W, H) <= 0)
            continue;
        tried = 1;
        for (int b = 0; b < BACKDROP_COUNT; b++) {
            CHECK(draw(t.renderer, SPRITE_DRAW_GEOMETRY, b, T_SHOWN, -1, 0, picture) == 0);
            save(picture, t.name, backdrop_names[b]);
            check_picture(picture, backdrop_names[b]);
            double d = field_difference(picture, pics[b]);
            printf("%s on %s vs software: %.2f\n", backdrop_names[b], t.name, d);
            CHECK(d < 30.0);
        }
        gl_target_close(&t);
    }
    return tried;
}

/* What drawing each backdrop costs on the CPU, into the blitter's pixels (the
 * software renderer's path), printed for people (no assertion: timings live
 * in benchmarks). */
static void print_costs(void)
{
    static backdrop_view bv;
    static uint32_t px[384 * 448];
    for (int b = 0; b < BACKDROP_COUNT; b++) {
        double best = 1e9; /* the fastest of 20: the machine's other work left out */
        for (int k = 0; k < 20; k++) {
            Uint64 t0 = SDL_GetPerformanceCounter();
            backdrop_view_draw_pixels(&bv, px, 384, 448, 384, (backdrop)b, (uint64_t)k, 1.0f, 0);
            double ms = (double)(SDL_GetPerformanceCounter() - t0) * 1000.0 /
                        (double)SDL_GetPerformanceFrequency();
            best = ms < best ? ms : best;
        }
        printf("%s: %.2f ms a frame into the blitter's pixels\n", backdrop_names[b], best);
    }
}

int main(void)
{
    check_software();
    print_costs();
    setenv("SDL_VIDEODRIVER", "offscreen", 0);
    if (SDL_Init(SDL_INIT_VIDEO) == 0) {
        if (!check_opengl())
            printf("no OpenGL renderer here: the GPU's path is not compared\n");
        SDL_Quit();
    }
    return check_done("render.backdrop");
}
