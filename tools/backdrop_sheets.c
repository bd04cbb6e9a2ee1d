/*
 * backdrop_sheets: draws the sheets of stage 1's data backdrop, `dusk_clouds`
 * (patterns/stage1/backdrops.pat; docs/patterns.md, Backdrops), in code as
 * every picture of curtain is drawn, into patterns/stage1/art/:
 *
 *   clouds_far.png   256x256  a soft sea of violet cloud, tiling both ways
 *   clouds_near.png  256x256  brighter cloud banks with rosy tops, tiling
 *   stars.png        128x128  faint stars on nothing, tiling (it twinkles by `fade`)
 *   lanterns.png     192x256  a few paper lanterns and their glow, tiling (additive)
 *   moon.png         160x160  a pale moon in its halo, placed once
 *
 * Each tile is made of periodic noise (its lattice wraps at the tile's size),
 * so the layers scroll without a seam. Dark and soft on purpose: the field's
 * bullets are drawn over it.
 *
 * usage: backdrop_sheets DIR   (`cmake --build BUILD --target backdrop_sheets_stage1` draws
 *        them into patterns/stage1/art and docs/examples/art, for docs/examples/24_backdrop.pat)
 */
#include "atlas/paint.h"

#include <SDL.h>
#include <SDL_image.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tool_args.h"

/* A picture being drawn: RGBA, straight alpha. */
typedef struct sheet {
    int w, h;
    uint8_t *px;
} sheet;

static float clampf(float x, float lo, float hi)
{
    return x < lo ? lo : x > hi ? hi : x;
}

static float smooth(float a, float b, float x)
{
    float t = clampf((x - a) / (b - a), 0, 1);
    return t * t * (3 - 2 * t);
}

/* Tiling fractal noise with square cells (paint_tile_fbm). */
static float fbm(float u, float v, int w, int h, int cell, int octaves, uint32_t salt)
{
    return paint_tile_fbm(u, v, w, h, cell, cell, octaves, salt);
}

static void put(sheet *s, int x, int y, float r, float g, float b, float a)
{
    uint8_t *p = s->px + ((size_t)y * (size_t)s->w + (size_t)x) * 4;
    p[0] = (uint8_t)clampf(r + 0.5f, 0, 255);
    p[1] = (uint8_t)clampf(g + 0.5f, 0, 255);
    p[2] = (uint8_t)clampf(b + 0.5f, 0, 255);
    p[3] = (uint8_t)clampf(a * 255.0f + 0.5f, 0, 255);
}

/* Adds light (r, g, b) of strength a over pixel (x, y), as an additive glow
 * kept in straight alpha: the brightest colour wins, the alpha adds. */
static void glow(sheet *s, int x, int y, float r, float g, float b, float a)
{
    uint8_t *p = s->px + ((size_t)y * (size_t)s->w + (size_t)x) * 4;
    float da = p[3] / 255.0f, oa = clampf(da + a, 0, 1);
    if (oa <= 0)
        return;
    float c[3] = {r, g, b};
    for (int i = 0; i < 3; i++)
        p[i] = (uint8_t)clampf((p[i] * da + c[i] * a) / (da + a) + 0.5f, 0, 255);
    p[3] = (uint8_t)clampf(oa * 255.0f + 0.5f, 0, 255);
}

static int sheet_new(sheet *s, int w, int h)
{
    s->w = w;
    s->h = h;
    s->px = calloc((size_t)w * (size_t)h, 4);
    return s->px ? 0 : -1;
}

static int sheet_save(const sheet *s, const char *dir, const char *name)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    SDL_Surface *out =
        SDL_CreateRGBSurfaceWithFormatFrom(s->px, s->w, s->h, 32, s->w * 4, SDL_PIXELFORMAT_RGBA32);
    int rc = out ? IMG_SavePNG(out, path) : -1;
    SDL_FreeSurface(out);
    if (rc != 0)
        fprintf(stderr, "backdrop_sheets: cannot write %s: %s\n", path, SDL_GetError());
    free(s->px);
    return rc;
}

/* Clouds: where the noise rises over a threshold, soft-edged, lit from above
 * (the noise a little higher up darker: a rim of light on each bank's top). */
static void draw_clouds(sheet *s, int cx, int cy, float lo, float hi, const float dark[3],
                        const float lit[3], float opacity, uint32_t salt)
{
    for (int y = 0; y < s->h; y++)
        for (int x = 0; x < s->w; x++) {
            float u = (float)x + 0.5f, v = (float)y + 0.5f;
            float n = paint_tile_fbm(u, v, s->w, s->h, cx, cy, 5, salt);
            float above = paint_tile_fbm(u, v - 6.0f, s->w, s->h, cx, cy, 5, salt);
            float a = smooth(lo, hi, n) * opacity;
            float rim = clampf((n - above) * 6.0f + 0.35f, 0, 1);
            float c[3];
            for (int i = 0; i < 3; i++)
                c[i] = dark[i] + (lit[i] - dark[i]) * rim;
            put(s, x, y, c[0], c[1], c[2], a);
        }
}

/* Stars: points of light at hashed places, a few with a faint cross. */
static void draw_stars(sheet *s, int n, uint32_t salt)
{
    for (int k = 0; k < n; k++) {
        float cx = paint_tile_hash(k, 1, salt) * (float)s->w,
              cy = paint_tile_hash(k, 2, salt) * (float)s->h;
        float bright = 0.35f + 0.65f * paint_tile_hash(k, 3, salt) * paint_tile_hash(k, 4, salt);
        float warm = paint_tile_hash(k, 5, salt);
        for (int dy = -3; dy <= 3; dy++)
            for (int dx = -3; dx <= 3; dx++) {
                int x = ((int)cx + dx + s->w) % s->w, y = ((int)cy + dy + s->h) % s->h;
                float ex = (float)((int)cx + dx) + 0.5f - cx,
                      ey = (float)((int)cy + dy) + 0.5f - cy;
                float d = sqrtf(ex * ex + ey * ey);
                float a = bright * expf(-d * d * 1.6f);
                if (bright > 0.8f)
                    a += 0.25f * bright * expf(-fabsf(ex) * 3.0f) * expf(-ey * ey * 4.0f) +
                         0.25f * bright * expf(-fabsf(ey) * 3.0f) * expf(-ex * ex * 4.0f);
                if (a > 0.01f)
                    glow(s, x, y, 220 + 35 * warm, 215 + 20 * warm, 255 - 40 * warm, a);
            }
    }
}

/* A paper lantern at (cx, cy), size r: a warm glow, a rounded body brighter
 * at its heart, dark caps at top and bottom (wrapping at the tile's edges). */
static void draw_lantern(sheet *s, float cx, float cy, float r)
{
    int span = (int)(r * 4.0f);
    for (int dy = -span; dy <= span; dy++)
        for (int dx = -span; dx <= span; dx++) {
            int x = (((int)cx + dx) % s->w + s->w) % s->w;
            int y = (((int)cy + dy) % s->h + s->h) % s->h;
            float ex = (float)((int)cx + dx) + 0.5f - cx, ey = (float)((int)cy + dy) + 0.5f - cy;
            float d = sqrtf(ex * ex + ey * ey * 0.8f);
            float halo = 0.55f * expf(-d * d / (r * r * 3.2f));
            if (halo > 0.01f)
                glow(s, x, y, 255, 150, 60, halo);
            float body = (ex * ex) / (r * r * 0.62f) + (ey * ey) / (r * r);
            if (body < 1.0f) {
                float heart = 1.0f - body;
                float ribs = 0.85f + 0.15f * cosf(ey / r * 9.0f);
                glow(s, x, y, 255, 170 + 70 * heart, 90 + 120 * heart,
                     clampf((0.55f + 0.45f * heart) * ribs, 0, 1));
            }
            if (fabsf(ex) < r * 0.45f && fabsf(fabsf(ey) - r * 0.98f) < r * 0.14f)
                put(s, x, y, 70, 30, 30, 0.9f);
        }
}

static void draw_lanterns(sheet *s, uint32_t salt)
{
    static const float place[][3] = {{40, 50, 5.5f},  {150, 30, 4.0f},  {100, 150, 6.5f},
                                     {20, 210, 3.5f}, {170, 200, 4.5f}, {80, 240, 3.0f}};
    for (size_t k = 0; k < sizeof place / sizeof place[0]; k++)
        draw_lantern(s, place[k][0] + paint_tile_hash((int)k, 9, salt) * 6.0f, place[k][1],
                     place[k][2]);
}

/* The moon: a pale disc darker toward its limb, faint seas of noise, a wide
 * soft halo around it. */
static void draw_moon(sheet *s)
{
    float c = (float)s->w * 0.5f, r = 34.0f;
    for (int y = 0; y < s->h; y++)
        for (int x = 0; x < s->w; x++) {
            float ex = (float)x + 0.5f - c, ey = (float)y + 0.5f - c;
            float d = sqrtf(ex * ex + ey * ey);
            float halo = (0.45f * expf(-(d - r) * (d - r) / 900.0f) * (d > r ? 1.0f : 0.0f) +
                          0.18f * expf(-d * d / 2600.0f)) *
                         (1.0f - smooth(56.0f, 79.0f, d)); /* nothing at the sheet's edge */
            float edge = clampf(r - d + 0.5f, 0, 1);
            if (edge > 0) {
                float limb = sqrtf(clampf(1.0f - d * d / (r * r), 0, 1));
                float seas = fbm((float)x, (float)y, s->w, s->h, 20, 4, 77);
                float v = (0.72f + 0.28f * limb) * (1.0f - 0.28f * smooth(0.45f, 0.7f, seas));
                put(s, x, y, 250 * v, 236 * v, 226 * v, edge);
                if (edge < 1)
                    glow(s, x, y, 255, 210, 220, halo * (1 - edge));
            } else if (halo > 0.005f) {
                put(s, x, y, 255, 196, 214, clampf(halo, 0, 1));
            }
        }
}

int main(int argc, char **argv)
{
    static const tool_usage usage = {
        "backdrop_sheets", "DIR",
        "draws the sheets of stage 1's data backdrop into DIR (patterns/stage1/art)", 1, 1};
    int args = tool_args(argc, argv, &usage);
    if (args >= 0)
        return args;
    const char *dir = argv[1];
    sheet far, near, stars, lanterns, moon;
    if (sheet_new(&far, 256, 256) || sheet_new(&near, 256, 256) || sheet_new(&stars, 128, 128) ||
        sheet_new(&lanterns, 192, 256) || sheet_new(&moon, 160, 160))
        return 1;
    static const float far_dark[3] = {46, 26, 78}, far_lit[3] = {110, 78, 150};
    static const float near_dark[3] = {60, 30, 84}, near_lit[3] = {210, 130, 170};
    draw_clouds(&far, 128, 64, 0.42f, 0.72f, far_dark, far_lit, 0.9f, 11);
    draw_clouds(&near, 128, 64, 0.52f, 0.74f, near_dark, near_lit, 1.0f, 29);
    draw_stars(&stars, 14, 5);
    draw_lanterns(&lanterns, 3);
    draw_moon(&moon);
    int rc = sheet_save(&far, dir, "clouds_far.png") | sheet_save(&near, dir, "clouds_near.png") |
             sheet_save(&stars, dir, "stars.png") | sheet_save(&lanterns, dir, "lanterns.png") |
             sheet_save(&moon, dir, "moon.png");
    return rc ? 1 : 0;
}
