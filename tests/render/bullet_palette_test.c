/* bullet_palette: the colour-blind palettes keep the eight bullet colours apart
 * for the deficiency each is made for, and recolouring the atlas moves every
 * bullet frame (and nothing else) to its palette.
 *
 * The measure: each palette colour is taken to linear RGB (the sRGB curve), the
 * deficiency simulated with the matrices of Machado, Oliveira and Fernandes
 * (2009, "A physiologically-based model for simulation of color vision
 * deficiency", severity 1.0: dichromacy), then to CIE L*a*b* (D65); the distance
 * of two colours is CIE76 ΔE*ab, the Euclidean distance in L*a*b*. About 2.3 is
 * a just-noticeable difference; bullets of two colours must be told apart at a
 * glance, in motion and small, so the test asks for far more. */
#include "../check.h"
#include "core/mem.h"
#include "render/atlas.h"
#include "render/bullet_palette.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* The smallest ΔE*ab any two bullet colours of a colour-blind palette may have,
 * the deficiency simulated. The normal palette has 1.2 under protanopia (two
 * colours look the same), 17.6 under deuteranopia, 12.5 under tritanopia. */
#define MIN_DELTA_E 28.0

typedef enum deficiency {
    SEE_NORMAL,
    SEE_DEUTERANOPIA,
    SEE_PROTANOPIA,
    SEE_TRITANOPIA
} deficiency;

static const char *const deficiency_names[] = {"normal vision", "deuteranopia", "protanopia",
                                               "tritanopia"};

/* Machado et al. 2009, severity 1.0, on linear RGB. */
static const double machado[4][3][3] = {
    [SEE_NORMAL] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}},
    [SEE_DEUTERANOPIA] = {{0.367322, 0.860646, -0.227968},
                          {0.280085, 0.672501, 0.047413},
                          {-0.011820, 0.042940, 0.968881}},
    [SEE_PROTANOPIA] = {{0.152286, 1.052583, -0.204868},
                        {0.114503, 0.786281, 0.099216},
                        {-0.003882, -0.048116, 1.051998}},
    [SEE_TRITANOPIA] = {{1.255528, -0.076749, -0.178779},
                        {-0.078411, 0.930809, 0.147602},
                        {0.004733, 0.691367, 0.303900}},
};

static double srgb_to_linear(int c)
{
    double x = c / 255.0;
    return x <= 0.04045 ? x / 12.92 : pow((x + 0.055) / 1.055, 2.4);
}

static double lab_f(double t)
{
    return t > 216.0 / 24389.0 ? cbrt(t) : (24389.0 / 27.0 * t + 16.0) / 116.0;
}

/* A colour as seen with deficiency d, in CIE L*a*b* (D65 white). */
static void seen_lab(bullet_rgb c, deficiency d, double lab[3])
{
    double in[3] = {srgb_to_linear(c.r), srgb_to_linear(c.g), srgb_to_linear(c.b)}, l[3];
    for (int i = 0; i < 3; i++) {
        double v = machado[d][i][0] * in[0] + machado[d][i][1] * in[1] + machado[d][i][2] * in[2];
        l[i] = v < 0 ? 0 : v > 1 ? 1 : v;
    }
    double x = 0.4124564 * l[0] + 0.3575761 * l[1] + 0.1804375 * l[2];
    double y = 0.2126729 * l[0] + 0.7151522 * l[1] + 0.0721750 * l[2];
    double z = 0.0193339 * l[0] + 0.1191920 * l[1] + 0.9503041 * l[2];
    double fx = lab_f(x / 0.95047), fy = lab_f(y), fz = lab_f(z / 1.08883);
    lab[0] = 116.0 * fy - 16.0;
    lab[1] = 500.0 * (fx - fy);
    lab[2] = 200.0 * (fy - fz);
}

/* The smallest ΔE*ab between two bullet colours of palette p seen with d. */
static double min_distance(bullet_palette p, deficiency d, int *ci, int *cj)
{
    double lab[BULLET_COLOR_COUNT][3], best = 1e9;
    for (int c = 0; c < BULLET_COLOR_COUNT; c++)
        seen_lab(bullet_palette_rgb(p, (bullet_color)c), d, lab[c]);
    for (int i = 0; i < BULLET_COLOR_COUNT; i++)
        for (int j = i + 1; j < BULLET_COLOR_COUNT; j++) {
            double e = sqrt((lab[i][0] - lab[j][0]) * (lab[i][0] - lab[j][0]) +
                            (lab[i][1] - lab[j][1]) * (lab[i][1] - lab[j][1]) +
                            (lab[i][2] - lab[j][2]) * (lab[i][2] - lab[j][2]));
            if (e < best) {
                best = e;
                *ci = i;
                *cj = j;
            }
        }
    return best;
}

/* Each colour-blind palette keeps its colours MIN_DELTA_E apart under its
 * deficiency, better than the normal palette there, and stays distinct in
 * normal vision; every colour is light enough to show on the dark field. */
static void test_distances(void)
{
    static const deficiency made_for[BULLET_PALETTE_COUNT] = {
        [BULLET_PALETTE_NORMAL] = SEE_NORMAL,
        [BULLET_PALETTE_DEUTERANOPIA] = SEE_DEUTERANOPIA,
        [BULLET_PALETTE_PROTANOPIA] = SEE_PROTANOPIA,
        [BULLET_PALETTE_TRITANOPIA] = SEE_TRITANOPIA,
    };
    for (int p = 1; p < BULLET_PALETTE_COUNT; p++) {
        deficiency d = made_for[p];
        int i = 0, j = 0, ni = 0, nj = 0, vi = 0, vj = 0;
        double own = min_distance((bullet_palette)p, d, &i, &j);
        double normal = min_distance(BULLET_PALETTE_NORMAL, d, &ni, &nj);
        double seen = min_distance((bullet_palette)p, SEE_NORMAL, &vi, &vj);
        printf("%-13s palette, %s simulated: smallest dE*ab %.1f (%d-%d); the normal palette %.1f "
               "(%d-%d); in normal vision %.1f\n",
               bullet_palette_name((bullet_palette)p), deficiency_names[d], own, i, j, normal, ni,
               nj, seen);
        CHECK(own >= MIN_DELTA_E);
        CHECK(own > normal);
        CHECK(seen >= MIN_DELTA_E);
        for (int c = 0; c < BULLET_COLOR_COUNT; c++) {
            double lab[3];
            seen_lab(bullet_palette_rgb((bullet_palette)p, (bullet_color)c), d, lab);
            CHECK(lab[0] >= 50.0);
        }
    }
    CHECK_STR_CONTAINS(bullet_palette_name(BULLET_PALETTE_TRITANOPIA), "tritanopia");
}

/* Recolouring a picture whose bullet frames are flat base colours, light tones
 * (toward white) and a white core gives the palette's colour and the same tones
 * of it, leaves white bullets and every sprite frame alone. */
static void test_recolor(void)
{
    int w = atlas_width(), h = atlas_height();
    uint32_t *px = mem_calloc((size_t)w * h, sizeof *px);
    CHECK(px != NULL);
    if (!px)
        return;
    for (int s = 0; s < BULLET_SHAPE_COUNT; s++)
        for (int c = 0; c < BULLET_COLOR_COUNT; c++) {
            bullet_rgb b = bullet_palette_rgb(BULLET_PALETTE_NORMAL, (bullet_color)c);
            atlas_rect r =
                atlas_frame_rect(atlas_bullet_frame((bullet_shape)s, (bullet_color)c, 0));
            uint32_t *row = px + (size_t)r.y * w + r.x;
            row[0] = 0xff000000u | (uint32_t)b.r << 16 | (uint32_t)b.g << 8 | b.b;
            /* half white, half the base: a light tone */
            row[1] = 0x80000000u | (uint32_t)((b.r + 255) / 2) << 16 |
                     (uint32_t)((b.g + 255) / 2) << 8 | (uint32_t)((b.b + 255) / 2);
            row[2] = 0xffffffffu;
        }
    atlas_rect ship = atlas_frame_rect(atlas_sprite_frame(ATLAS_SPRITE_PLAYER, 0));
    px[(size_t)ship.y * w + ship.x] = 0xffec2440u; /* the normal red, on a sprite */
    atlas_recolor_bullets(px, w, BULLET_PALETTE_DEUTERANOPIA);
    int worst = 0;
    for (int s = 0; s < BULLET_SHAPE_COUNT; s++)
        for (int c = 0; c < BULLET_COLOR_COUNT; c++) {
            bullet_rgb n = bullet_palette_rgb(BULLET_PALETTE_DEUTERANOPIA, (bullet_color)c);
            atlas_rect r =
                atlas_frame_rect(atlas_bullet_frame((bullet_shape)s, (bullet_color)c, 0));
            const uint32_t *row = px + (size_t)r.y * w + r.x;
            int want[2][3] = {{n.r, n.g, n.b}, {(n.r + 255) / 2, (n.g + 255) / 2, (n.b + 255) / 2}};
            for (int k = 0; k < 2; k++)
                for (int ch = 0; ch < 3; ch++) {
                    int got = (int)(row[k] >> (16 - 8 * ch)) & 255;
                    int e = abs(got - want[k][ch]);
                    worst = e > worst ? e : worst;
                }
            CHECK_EQ_INT((int)(row[1] >> 24), 0x80); /* opacity kept */
            CHECK_EQ_U64(row[2], 0xffffffffu);       /* the white core stays white */
        }
    printf("recoloured tones within %d levels of the palette's\n", worst);
    CHECK(worst <= 2);
    CHECK_EQ_U64(px[(size_t)ship.y * w + ship.x], 0xffec2440u);
    mem_free(px);
}

int main(void)
{
    test_distances();
    test_recolor();
    return check_done("render.bullet_palette");
}
