/*
 * portrait_sheet: draws the example characters' portraits,
 * docs/examples/art/faces.png (docs/patterns.md, Characters and dialogue), in
 * code as every picture of curtain is drawn: four busts of 256x384 in a row.
 *
 *   miko_normal    0 0     the shrine maiden (the player's character), calm
 *   miko_smile   256 0     the same, smiling with closed eyes
 *   kitsune_normal 512 0   the fox spirit (the boss), calm
 *   kitsune_angry  768 0   the same, frowning
 *
 * usage: portrait_sheet OUT.png   (`cmake --build BUILD --target portrait_sheet_example`)
 */
#include <SDL.h>
#include <SDL_image.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>

#include "tool_args.h"

#define CELL_W  256
#define CELL_H  384
#define SHEET_W (4 * CELL_W)
#define SHEET_H CELL_H

static uint8_t sheet[SHEET_H][SHEET_W][4]; /* RGBA */

typedef struct rgb {
    float r, g, b;
} rgb;

/* A shape: the signed distance (px, negative inside) at a cell's point. */
typedef float (*shape_fn)(float x, float y, const float *k);

static float clampf(float x, float lo, float hi)
{
    return x < lo ? lo : x > hi ? hi : x;
}

/* Puts colour c with coverage a over pixel (x, y). */
static void blend(int x, int y, rgb c, float a)
{
    if (a <= 0.0f || x < 0 || y < 0 || x >= SHEET_W || y >= SHEET_H)
        return;
    uint8_t *p = sheet[y][x];
    float da = p[3] / 255.0f, oa = a + da * (1.0f - a);
    float v[3] = {c.r, c.g, c.b};
    for (int i = 0; i < 3; i++)
        p[i] = (uint8_t)clampf((v[i] * a + p[i] * da * (1.0f - a)) / oa + 0.5f, 0, 255);
    p[3] = (uint8_t)clampf(oa * 255.0f + 0.5f, 0, 255);
}

/* An ellipse at (k0, k1) with radii (k2, k3), turned by k4 radians. */
static float ellipse(float x, float y, const float *k)
{
    float dx = x - k[0], dy = y - k[1], c = cosf(k[4]), s = sinf(k[4]);
    float u = (dx * c + dy * s) / k[2], v = (-dx * s + dy * c) / k[3];
    float r = sqrtf(u * u + v * v);
    return (r - 1.0f) * fminf(k[2], k[3]);
}

/* A triangle (k0,k1) (k2,k3) (k4,k5): the distance to its edges, signed. */
static float triangle(float x, float y, const float *k)
{
    float d = -1e9f;
    for (int i = 0; i < 3; i++) {
        float ax = k[2 * i], ay = k[2 * i + 1];
        float bx = k[(2 * i + 2) % 6], by = k[(2 * i + 3) % 6];
        float nx = by - ay, ny = ax - bx, n = sqrtf(nx * nx + ny * ny);
        float e = ((x - ax) * nx + (y - ay) * ny) / n;
        d = e > d ? e : d;
    }
    /* the winding of the corners decides the sign: both ways are inside */
    float d2 = -1e9f;
    for (int i = 0; i < 3; i++) {
        float ax = k[2 * i], ay = k[2 * i + 1];
        float bx = k[(2 * i + 2) % 6], by = k[(2 * i + 3) % 6];
        float nx = ay - by, ny = bx - ax, n = sqrtf(nx * nx + ny * ny);
        float e = ((x - ax) * nx + (y - ay) * ny) / n;
        d2 = e > d2 ? e : d2;
    }
    return d < d2 ? d : d2;
}

/* A thick arc: the ring of radius k2 and half-width k3 round (k0, k1), from
 * angle k4 to k5 (radians, clockwise from +x on screen). */
static float arc(float x, float y, const float *k)
{
    float dx = x - k[0], dy = y - k[1];
    float a = atan2f(dy, dx);
    float r = sqrtf(dx * dx + dy * dy);
    float d = fabsf(r - k[2]) - k[3];
    if (a < k[4] || a > k[5]) {
        float ex[2] = {k[4], k[5]}, best = 1e9f;
        for (int i = 0; i < 2; i++) {
            float px = k[0] + k[2] * cosf(ex[i]), py = k[1] + k[2] * sinf(ex[i]);
            float e = sqrtf((x - px) * (x - px) + (y - py) * (y - py)) - k[3];
            best = e < best ? e : best;
        }
        d = best;
    }
    return d;
}

/* Paints a shape into cell `cell` with colour c, and first its outline (a dark
 * rim `rim` px wide) when rim > 0; shade darkens it towards the bottom. */
static void paint(int cell, shape_fn f, const float *k, rgb c, float rim, float shade)
{
    int x0 = cell * CELL_W;
    for (int y = 0; y < CELL_H; y++)
        for (int x = 0; x < CELL_W; x++) {
            float d = f((float)x + 0.5f, (float)y + 0.5f, k);
            if (d > rim + 1.0f)
                continue;
            if (rim > 0)
                blend(x0 + x, y, (rgb){40, 24, 36}, clampf(0.5f - (d - rim), 0, 1));
            float t = 1.0f - shade * clampf(((float)y - k[1]) / 160.0f, 0, 1);
            rgb s = {c.r * t, c.g * t, c.b * t};
            blend(x0 + x, y, s, clampf(0.5f - d, 0, 1));
        }
}

/* One eye at (x, y): white, the iris, the pupil and a highlight; closed (a
 * smile's arc) or under a frowning brow. */
static void eye(int cell, float x, float y, rgb iris, int closed, int angry, int side)
{
    if (closed) {
        const float k[] = {x, y + 8, 13, 2.2f, -2.7f, -0.45f};
        paint(cell, arc, k, (rgb){60, 30, 40}, 0, 0);
        return;
    }
    const float white[] = {x, y, 14, 17, 0};
    paint(cell, ellipse, white, (rgb){252, 250, 255}, 1.5f, 0);
    const float ir[] = {x, y + 2, 10, 14, 0};
    paint(cell, ellipse, ir, iris, 0, 0.5f);
    const float pupil[] = {x, y + 4, 5, 8, 0};
    paint(cell, ellipse, pupil, (rgb){30, 16, 30}, 0, 0);
    const float hi[] = {x - 4, y - 4, 3.5f, 4.5f, 0};
    paint(cell, ellipse, hi, (rgb){255, 255, 255}, 0, 0);
    const float lid[] = {x, y - 15, 16, 3.5f, side * (angry ? 0.35f : -0.08f)};
    paint(cell, ellipse, lid, (rgb){50, 28, 36}, 0, 0);
    if (angry) {
        const float brow[] = {x, y - 26, 15, 3, side * 0.45f};
        paint(cell, ellipse, brow, (rgb){60, 34, 40}, 0, 0);
    }
}

/* The mouth: a calm line, a smile or a frown. */
static void mouth(int cell, float x, float y, int mood)
{
    if (mood == 1) { /* smiling, open */
        const float m[] = {x, y + 1, 11, 7, 0};
        paint(cell, ellipse, m, (rgb){190, 70, 90}, 1.2f, 0);
        const float t[] = {x, y + 4, 6, 3, 0};
        paint(cell, ellipse, t, (rgb){240, 130, 140}, 0, 0);
    } else if (mood == 2) { /* frowning */
        const float k[] = {x, y + 12, 10, 1.8f, -2.5f, -0.65f};
        paint(cell, arc, k, (rgb){110, 50, 60}, 0, 0);
    } else {
        const float k[] = {x, y - 6, 8, 1.6f, 0.75f, 2.4f};
        paint(cell, arc, k, (rgb){140, 70, 80}, 0, 0);
    }
}

/* A bust: hair behind, shoulders and clothes, neck, face, hair in front, the
 * eyes and mouth of the mood (0 calm, 1 smiling, 2 angry), and the
 * character's ornament (a bow, or fox ears). */
static void bust(int cell, rgb hair, rgb cloth, rgb trim, rgb iris, int fox, int mood)
{
    rgb skin = {255, 226, 208};
    float cx = 128, cy = 150;
    if (fox) {
        const float ear1[] = {44, 4, 104, 66, 34, 84};
        const float ear2[] = {212, 4, 152, 66, 222, 84};
        paint(cell, triangle, ear1, hair, 2, 0.2f);
        paint(cell, triangle, ear2, hair, 2, 0.2f);
        const float in1[] = {50, 22, 90, 66, 44, 78};
        const float in2[] = {206, 22, 166, 66, 212, 78};
        paint(cell, triangle, in1, (rgb){255, 200, 210}, 0, 0);
        paint(cell, triangle, in2, (rgb){255, 200, 210}, 0, 0);
    }
    const float back[] = {cx, cy + 40, 92, 150, 0};
    paint(cell, ellipse, back, (rgb){hair.r * 0.8f, hair.g * 0.8f, hair.b * 0.8f}, 2, 0.3f);
    const float body[] = {cx, 372, 118, 120, 0};
    paint(cell, ellipse, body, cloth, 2, 0.35f);
    const float collar1[] = {cx, 262, 70, 300, 100, 384};
    const float collar2[] = {cx, 262, 186, 300, 156, 384};
    paint(cell, triangle, collar1, trim, 1.5f, 0.2f);
    paint(cell, triangle, collar2, trim, 1.5f, 0.2f);
    const float neck[] = {cx, 238, 22, 40, 0};
    paint(cell, ellipse, neck, (rgb){236, 200, 184}, 1.5f, 0);
    const float face[] = {cx, cy, 64, 76, 0};
    paint(cell, ellipse, face, skin, 2, 0.05f);
    /* bangs: overlapping locks across the forehead */
    for (int i = 0; i < 6; i++) {
        float x = cx - 62 + (float)i * 25;
        const float lock[] = {x, cy - 62 + (float)(i % 2) * 6, 22, 34, (float)(i - 2.5f) * 0.12f};
        paint(cell, ellipse, lock, hair, 0, 0.1f);
    }
    const float top[] = {cx, cy - 70, 74, 40, 0};
    paint(cell, ellipse, top, hair, 2, 0);
    const float side1[] = {cx - 66, cy + 30, 16, 70, 0.08f};
    const float side2[] = {cx + 66, cy + 30, 16, 70, -0.08f};
    paint(cell, ellipse, side1, hair, 1.5f, 0.2f);
    paint(cell, ellipse, side2, hair, 1.5f, 0.2f);
    const float shine[] = {cx - 26, cy - 84, 20, 5, -0.3f};
    paint(cell, ellipse, shine,
          (rgb){fminf(hair.r + 70, 255), fminf(hair.g + 70, 255), fminf(hair.b + 70, 255)}, 0, 0);
    eye(cell, cx - 26, cy + 6, iris, mood == 1, mood == 2, 1);
    eye(cell, cx + 26, cy + 6, iris, mood == 1, mood == 2, -1);
    const float blush1[] = {cx - 40, cy + 34, 11, 5, 0};
    const float blush2[] = {cx + 40, cy + 34, 11, 5, 0};
    paint(cell, ellipse, blush1, (rgb){255, 170, 170}, 0, 0);
    paint(cell, ellipse, blush2, (rgb){255, 170, 170}, 0, 0);
    mouth(cell, cx, cy + 48, mood);
    if (!fox) { /* a large red bow on top */
        const float b1[] = {cx - 46, cy - 104, 40, 22, -0.35f};
        const float b2[] = {cx + 46, cy - 104, 40, 22, 0.35f};
        const float knot[] = {cx, cy - 100, 13, 13, 0};
        paint(cell, ellipse, b1, (rgb){220, 40, 60}, 2, 0.2f);
        paint(cell, ellipse, b2, (rgb){220, 40, 60}, 2, 0.2f);
        paint(cell, ellipse, knot, (rgb){250, 80, 90}, 2, 0);
    }
}

int main(int argc, char **argv)
{
    static const tool_usage usage = {
        "portrait_sheet", "OUT.png",
        "draws the example characters' portraits (docs/examples/art/faces.png)", 1, 1};
    int args = tool_args(argc, argv, &usage);
    if (args >= 0)
        return args;
    rgb black = {58, 40, 52}, gold = {250, 196, 90};
    rgb white = {248, 246, 252}, red = {214, 40, 58}, violet = {120, 70, 170};
    bust(0, black, white, red, (rgb){170, 60, 70}, 0, 0);
    bust(1, black, white, red, (rgb){170, 60, 70}, 0, 1);
    bust(2, gold, violet, gold, (rgb){220, 150, 40}, 1, 0);
    bust(3, gold, violet, gold, (rgb){220, 150, 40}, 1, 2);
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormatFrom(sheet, SHEET_W, SHEET_H, 32, SHEET_W * 4,
                                                        SDL_PIXELFORMAT_RGBA32);
    if (!s || IMG_SavePNG(s, argv[1]) != 0) {
        fprintf(stderr, "portrait_sheet: cannot write %s: %s\n", argv[1], SDL_GetError());
        return 1;
    }
    SDL_FreeSurface(s);
    return 0;
}
