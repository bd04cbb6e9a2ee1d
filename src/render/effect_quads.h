/*
 * effect_quads: the spectacle's sprites and washes (ui/spectacle: a bomb's or a
 * script's `effect`, `flash` and `tint`), drawn in the field's effects layer,
 * over the enemies and under the lasers and bullets, so that no spectacle ever
 * hides a bullet.
 *
 * A quad is an atlas frame (a bullet shape, built-in or art) scaled, turned and
 * tinted (each channel and the opacity times rgba / 255), or a solid rectangle
 * (frame -1: a flash or tint over the field); alpha-blended or additive. The
 * quads are drawn in the order they were added, one by one on both renderer
 * paths: render/sprite_draw hands each to SDL_RenderGeometryRaw on a GPU, and
 * effect_quads_blit rasterizes them into the blitter's pixels on the software
 * renderer (filtered linearly as a GPU does, the blitter's own blending), so
 * both paths draw the same picture. SDL-free; the capacity is fixed at init: refuse and count.
 */
#ifndef CURTAIN_RENDER_EFFECT_QUADS_H
#define CURTAIN_RENDER_EFFECT_QUADS_H

#include "render/sprite_blit.h"

#include <stdint.h>

typedef struct effect_quad {
    float x, y;       /* centre, in the coordinates the origin is added to */
    float hw, hh;     /* half size, px (scaled) */
    float c, s;       /* the turn: cosine and sine (y down: clockwise on screen) */
    int frame;        /* atlas frame; -1: a solid rectangle */
    uint8_t rgba[4];  /* tint and opacity */
    uint8_t additive; /* light added to what is below */
} effect_quad;

typedef struct effect_quads {
    effect_quad *quads;
    int capacity, count;
    uint64_t refused;         /* quads that did not fit, since init */
    float origin_x, origin_y; /* added to every position: where the field is */
} effect_quads;

/* Room for capacity quads. Returns 0, or -1 when out of memory. */
int effect_quads_init(effect_quads *q, int capacity);
void effect_quads_free(effect_quads *q);
void effect_quads_clear(effect_quads *q);
void effect_quads_set_origin(effect_quads *q, float x, float y);
/* Frame `frame` centred at (x, y), scale times its size, turned by angle degrees
 * (clockwise), tinted by rgba. Returns 0, or -1 refused (full, or no such frame). */
int effect_quads_add(effect_quads *q, int frame, float x, float y, float scale, float angle,
                     const uint8_t rgba[4], int additive);
/* A solid rectangle from (x, y), w by h, of colour rgba (its alpha the opacity). */
int effect_quads_add_fill(effect_quads *q, float x, float y, float w, float h,
                          const uint8_t rgba[4], int additive);
/* Quad i's corners on the target (origin added), top-left, top-right,
 * bottom-right, bottom-left of its picture, and its texture coordinates in the
 * atlas (normalised; zero for a fill): what SDL_RenderGeometryRaw takes. */
void effect_quads_corners(const effect_quads *q, int i, float xy[8], float uv[8]);
/* Every quad, in order, into the blitter's pixels (the software path). */
void effect_quads_blit(const effect_quads *q, const sprite_blit_atlas *a,
                       const sprite_blit_target *t);

#endif
