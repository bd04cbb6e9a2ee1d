/*
 * art_sheet: draws the example mod's bullet sheet, docs/examples/art/sheet.png
 * (docs/patterns.md, `art`), in code as every picture of curtain is drawn.
 *
 *   petal   16x16 at 0 0    a five-petal flower, drawn upright
 *   needle  24x8  at 16 0   a tapered blade facing +x (the shape turns)
 *   ember   16x16 at 40 0   a soft glow (the shape is additive)
 *
 * usage: art_sheet OUT.png   (`cmake --build BUILD --target art_sheet_example`)
 */
#include <SDL.h>
#include <SDL_image.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>

#define SHEET_W 64
#define SHEET_H 16

static uint8_t sheet[SHEET_H][SHEET_W][4]; /* RGBA */

static float clampf(float x, float lo, float hi)
{
    return x < lo ? lo : x > hi ? hi : x;
}

/* Puts colour (r, g, b) with coverage a over pixel (x, y). */
static void blend(int x, int y, float r, float g, float b, float a)
{
    uint8_t *p = sheet[y][x];
    float da = p[3] / 255.0f, oa = a + da * (1.0f - a);
    if (oa <= 0.0f)
        return;
    float c[3] = {r, g, b};
    for (int i = 0; i < 3; i++)
        p[i] = (uint8_t)clampf((c[i] * a + p[i] * da * (1.0f - a)) / oa + 0.5f, 0, 255);
    p[3] = (uint8_t)clampf(oa * 255.0f + 0.5f, 0, 255);
}

/* A flower: five round petals around a pale centre, in the 16x16 cell at x0. */
static void draw_petal(int x0)
{
    for (int y = 0; y < 16; y++)
        for (int x = 0; x < 16; x++) {
            float px = (float)x + 0.5f - 8.0f, py = (float)y + 0.5f - 8.0f;
            float best = 99.0f;
            for (int k = 0; k < 5; k++) {
                float a = (float)k * 1.2566371f - 1.5707963f;
                float cx = 3.6f * cosf(a), cy = 3.6f * sinf(a);
                float d = sqrtf((px - cx) * (px - cx) + (py - cy) * (py - cy)) - 3.3f;
                best = d < best ? d : best;
            }
            float cov = clampf(0.5f - best, 0, 1);
            blend(x0 + x, y, 240, 120, 180, cov);
            float r = sqrtf(px * px + py * py);
            blend(x0 + x, y, 255, 240, 200, clampf(2.6f - r, 0, 1));
        }
}

/* A blade along +x: widest behind its middle, a bright edge, in 24x8 at x0. */
static void draw_needle(int x0)
{
    for (int y = 0; y < 8; y++)
        for (int x = 0; x < 24; x++) {
            float px = (float)x + 0.5f, py = (float)y + 0.5f - 4.0f;
            float t = px / 24.0f;
            float half = 3.4f * (t < 0.35f ? t / 0.35f : (1.0f - t) / 0.65f);
            float cov = clampf(half - fabsf(py) + 0.5f, 0, 1);
            float core = clampf(1.0f - fabsf(py) / (half + 0.01f), 0, 1);
            blend(x0 + x, y, 80 + 175 * core, 200 + 55 * core, 255, cov);
        }
}

/* A glow: bright at the centre, fading to nothing at the cell's edge. */
static void draw_ember(int x0)
{
    for (int y = 0; y < 16; y++)
        for (int x = 0; x < 16; x++) {
            float px = (float)x + 0.5f - 8.0f, py = (float)y + 0.5f - 8.0f;
            float r = sqrtf(px * px + py * py) / 7.5f;
            float a = clampf(1.0f - r, 0, 1);
            blend(x0 + x, y, 255, 150 + 105 * a * a, 60 + 160 * a * a * a, a);
        }
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s OUT.png\n", argv[0]);
        return 2;
    }
    draw_petal(0);
    draw_needle(16);
    draw_ember(40);
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormatFrom(sheet, SHEET_W, SHEET_H, 32, SHEET_W * 4,
                                                        SDL_PIXELFORMAT_RGBA32);
    if (!s || IMG_SavePNG(s, argv[1]) != 0) {
        fprintf(stderr, "art_sheet: cannot write %s: %s\n", argv[1], IMG_GetError());
        return 1;
    }
    SDL_FreeSurface(s);
    return 0;
}
