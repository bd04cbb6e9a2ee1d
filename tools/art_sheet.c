/*
 * art_sheet: draws the example mod's bullet sheet, docs/examples/art/sheet.png
 * (docs/patterns.md, `art`), in code as every picture of curtain is drawn.
 *
 *   petal   16x16 at 0 0    a five-petal flower, drawn upright
 *   needle  24x8  at 16 0   a tapered blade facing +x (the shape turns)
 *   ember   16x16 at 40 0   a soft glow (the shape is additive)
 *
 * and, given a second path, the looks sheet, docs/examples/art/looks.png
 * (docs/patterns.md, "Looks from art"): art for every object, most animated,
 * frames side by side.
 *
 *   lantern  32x32 at 0 0,    4 frames   an enemy: a paper lantern, its flame flickering
 *   crane    32x32 at 128 0,  2 frames   a ship: a white crane, wings up and down
 *   orbit    16x16 at 192 0,  4 frames   an option: a ring with a bead going round
 *   flame    16x16 at 192 16, 4 frames   a shot or bullet: a flame facing +x (it turns)
 *   moon     64x64 at 0 32,   2 frames   a boss: a pale moon-faced figure, halo pulsing
 *   burst    32x32 at 128 32, 4 frames   an effect: a ring bursting outwards (once)
 *
 * usage: art_sheet OUT.png [LOOKS.png]
 *        (`cmake --build BUILD --target art_sheet_example`)
 */
#include <SDL.h>
#include <SDL_image.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>

#include "tool_args.h"

#define SHEET_W 64
#define SHEET_H 16
#define LOOKS_W 256
#define LOOKS_H 96

static uint8_t sheet[SHEET_H][SHEET_W][4];    /* RGBA */
static uint8_t looks[LOOKS_H][LOOKS_W][4];    /* RGBA */
static uint8_t (*canvas)[SHEET_W][4] = sheet; /* the bullets' sheet */
static uint8_t (*lcanvas)[LOOKS_W][4] = NULL; /* set while the looks are drawn */

static float clampf(float x, float lo, float hi)
{
    return x < lo ? lo : x > hi ? hi : x;
}

/* Puts colour (r, g, b) with coverage a over pixel (x, y). */
static void blend(int x, int y, float r, float g, float b, float a)
{
    uint8_t *p = lcanvas ? lcanvas[y][x] : canvas[y][x];
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

/* ---- the looks sheet ---- */

/* Coverage of a disc of radius r at distance d (one pixel of soft edge). */
static float disc(float d, float r)
{
    return clampf(r - d + 0.5f, 0, 1);
}

/* A paper lantern in the 32x32 cell at (x0, y0): a red body with dark ribs, a
 * flame inside whose glow grows and shrinks with frame f. */
static void draw_lantern(int x0, int y0, int f)
{
    static const float glow[4] = {5.0f, 6.5f, 5.5f, 7.0f};
    for (int y = 0; y < 32; y++)
        for (int x = 0; x < 32; x++) {
            float px = (float)x + 0.5f - 16.0f, py = (float)y + 0.5f - 17.0f;
            float e = (px * px) / (12.0f * 12.0f) + (py * py) / (11.0f * 11.0f);
            float body = clampf((1.0f - e) * 8.0f, 0, 1);
            int rib = ((int)(py + 40.0f) % 5) == 0;
            blend(x0 + x, y0 + y, rib ? 120 : 210, rib ? 20 : 40, rib ? 30 : 50, body);
            if (fabsf(px) < 5.0f && (y < 5 || y > 28))
                blend(x0 + x, y0 + y, 40, 30, 30, 1.0f); /* cap and base */
            float r = sqrtf(px * px + py * py);
            blend(x0 + x, y0 + y, 255, 220, 120, body * clampf(1.0f - r / glow[f], 0, 1));
        }
}

/* A white crane seen from above, heading up, in the 32x32 cell: wings raised
 * (f = 0) or lowered (f = 1). */
static void draw_crane(int x0, int y0, int f)
{
    float span = f == 0 ? 14.0f : 11.0f, sweep = f == 0 ? -3.0f : 3.0f;
    for (int y = 0; y < 32; y++)
        for (int x = 0; x < 32; x++) {
            float px = (float)x + 0.5f - 16.0f, py = (float)y + 0.5f - 16.0f;
            /* body: a long ellipse; neck and head ahead; wings a wide band */
            float body = clampf((1.0f - (px * px) / 9.0f - (py * py) / 144.0f) * 6.0f, 0, 1);
            float wing_y = py - sweep - 0.15f * fabsf(px) * (f == 0 ? -1.0f : 1.0f);
            float wing = fabsf(px) < span ? clampf(2.6f - fabsf(wing_y), 0, 1) : 0.0f;
            blend(x0 + x, y0 + y, 235, 240, 250, body > wing ? body : wing);
            if (fabsf(px) > span - 3.0f && wing > 0.0f)
                blend(x0 + x, y0 + y, 30, 30, 40, wing); /* black wing tips */
            float head = disc(sqrtf(px * px + (py + 12.0f) * (py + 12.0f)), 2.2f);
            blend(x0 + x, y0 + y, 230, 40, 50, head); /* the red crown */
        }
}

/* A ring with a bead a quarter turn further on each frame, in 16x16. */
static void draw_orbit(int x0, int y0, int f)
{
    float a = (float)f * 1.5707963f - 1.5707963f;
    float bx = 5.0f * cosf(a), by = 5.0f * sinf(a);
    for (int y = 0; y < 16; y++)
        for (int x = 0; x < 16; x++) {
            float px = (float)x + 0.5f - 8.0f, py = (float)y + 0.5f - 8.0f;
            float r = sqrtf(px * px + py * py);
            blend(x0 + x, y0 + y, 120, 200, 255, clampf(1.2f - fabsf(r - 5.0f), 0, 1) * 0.8f);
            float d = sqrtf((px - bx) * (px - bx) + (py - by) * (py - by));
            blend(x0 + x, y0 + y, 255, 255, 255, disc(d, 2.2f));
        }
}

/* A flame facing +x (its tail to the left), flickering in length, in 16x16. */
static void draw_flame(int x0, int y0, int f)
{
    static const float len[4] = {6.0f, 7.0f, 6.5f, 7.5f};
    for (int y = 0; y < 16; y++)
        for (int x = 0; x < 16; x++) {
            float px = (float)x + 0.5f - 10.0f, py = (float)y + 0.5f - 8.0f;
            float w = px > 0 ? 3.5f * (1.0f - px / 5.0f) : 3.5f * (1.0f + px / len[f]);
            float cov = clampf(w - fabsf(py) + 0.5f, 0, 1);
            float core = clampf(1.0f - (fabsf(py) / 3.5f + fabsf(px) / 6.0f), 0, 1);
            blend(x0 + x, y0 + y, 255, 120 + 135 * core, 40 + 200 * core * core, cov);
        }
}

/* A boss: a pale moon face under a dark hood, a halo behind that pulses with
 * frame f, in the 64x64 cell. */
static void draw_moon(int x0, int y0, int f)
{
    float halo = f == 0 ? 0.55f : 0.9f;
    for (int y = 0; y < 64; y++)
        for (int x = 0; x < 64; x++) {
            float px = (float)x + 0.5f - 32.0f, py = (float)y + 0.5f - 30.0f;
            float r = sqrtf(px * px + py * py);
            blend(x0 + x, y0 + y, 255, 230, 140, clampf(1.5f - fabsf(r - 27.0f), 0, 1) * halo);
            /* a robe widening downwards */
            float robe_w = 8.0f + (py > 0 ? py * 0.7f : 0.0f);
            if (py > -4.0f && py < 31.0f)
                blend(x0 + x, y0 + y, 60, 40, 110, clampf(robe_w - fabsf(px) + 0.5f, 0, 1));
            float hood = disc(sqrtf(px * px + (py + 8.0f) * (py + 8.0f)), 12.0f);
            blend(x0 + x, y0 + y, 40, 30, 80, hood);
            float face = disc(sqrtf(px * px + (py + 7.0f) * (py + 7.0f)), 8.5f);
            blend(x0 + x, y0 + y, 245, 240, 225, face);
            /* closed eyes: two short dark arcs */
            for (int s = -1; s <= 1; s += 2) {
                float ex = px - 3.2f * (float)s, ey = py + 8.0f;
                if (fabsf(ex) < 2.0f)
                    blend(x0 + x, y0 + y, 60, 40, 80,
                          clampf(1.0f - fabsf(ey - 0.3f * ex * ex), 0, 1));
            }
        }
}

/* A ring bursting outwards, thinner and fainter each frame, in 32x32. */
static void draw_burst(int x0, int y0, int f)
{
    float radius = 4.0f + 3.5f * (float)f, fade = 1.0f - 0.2f * (float)f;
    for (int y = 0; y < 32; y++)
        for (int x = 0; x < 32; x++) {
            float px = (float)x + 0.5f - 16.0f, py = (float)y + 0.5f - 16.0f;
            float r = sqrtf(px * px + py * py);
            float w = 2.5f - 0.4f * (float)f;
            blend(x0 + x, y0 + y, 255, 240, 180, clampf(w - fabsf(r - radius), 0, 1) * fade);
        }
}

static void draw_looks(void)
{
    lcanvas = looks;
    for (int f = 0; f < 4; f++) {
        draw_lantern(32 * f, 0, f);
        draw_orbit(192 + 16 * f, 0, f);
        draw_flame(192 + 16 * f, 16, f);
        draw_burst(128 + 32 * f, 32, f);
    }
    for (int f = 0; f < 2; f++) {
        draw_crane(128 + 32 * f, 0, f);
        draw_moon(64 * f, 32, f);
    }
    lcanvas = NULL;
}

/* Writes w x h RGBA pixels to path as a PNG; 0, or 1 with a message. */
static int save(const char *path, void *pixels, int w, int h)
{
    SDL_Surface *s =
        SDL_CreateRGBSurfaceWithFormatFrom(pixels, w, h, 32, w * 4, SDL_PIXELFORMAT_RGBA32);
    if (!s || IMG_SavePNG(s, path) != 0) {
        fprintf(stderr, "art_sheet: cannot write %s: %s\n", path, IMG_GetError());
        return 1;
    }
    SDL_FreeSurface(s);
    return 0;
}

int main(int argc, char **argv)
{
    static const tool_usage usage = {
        "art_sheet", "OUT.png [LOOKS.png]",
        "draws the example mod's bullet sheet (docs/examples/art/sheet.png) and, given a\nsecond "
        "path, its looks sheet (docs/examples/art/looks.png)",
        1, 2};
    int args = tool_args(argc, argv, &usage);
    if (args >= 0)
        return args;
    draw_petal(0);
    draw_needle(16);
    draw_ember(40);
    if (save(argv[1], sheet, SHEET_W, SHEET_H) != 0)
        return 1;
    if (argc == 3) {
        draw_looks();
        return save(argv[2], looks, LOOKS_W, LOOKS_H);
    }
    return 0;
}
