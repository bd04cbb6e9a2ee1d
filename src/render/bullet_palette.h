/*
 * bullet_palette: the colours bullets are drawn in, in each palette.
 *
 * The atlas is drawn once in the normal palette (tools/atlas draws from
 * bullet_palette_rgb(BULLET_PALETTE_NORMAL, ...)). The colour-blind palettes
 * (sim/bullet_kind.h: deuteranopia, protanopia, tritanopia) were chosen so that
 * the eight bullet colours stay far apart when the deficiency is simulated
 * (Machado, Oliveira and Fernandes 2009, full severity, on linear RGB) and
 * measured as CIE 1976 L*a*b* distance (ΔE*ab); tests/render/bullet_palette_test.c
 * asserts the minimum. White stays white in every palette.
 *
 * Recolouring (render/atlas.h, atlas_recolor_bullets): every bullet frame is drawn as mixes of
 * white, black and its base colour b (light tones toward white, deep ones toward black, a white
 * core). A pixel p = s·white + t·b goes to s·white + t·n for the new colour n by the rank-one map p
 * + (n - b)(v·p)/(v·v), with v = b minus its grey part (v·white = 0, v·b = v·v). No SDL:
 * render/atlas_texture applies it to the loaded picture. This file has no other dependency, so that
 * tools/atlas draws from its table.
 */
#ifndef CURTAIN_RENDER_BULLET_PALETTE_H
#define CURTAIN_RENDER_BULLET_PALETTE_H

#include "sim/bullet_kind.h"

#include <stdint.h>

/* A colour of a palette as 0..255 sRGB components. */
typedef struct bullet_rgb {
    uint8_t r, g, b;
} bullet_rgb;

bullet_rgb bullet_palette_rgb(bullet_palette palette, bullet_color color);
/* A palette's name as in options.txt ("deuteranopia"), or "?" out of range. */
const char *bullet_palette_name(bullet_palette palette);

#endif
