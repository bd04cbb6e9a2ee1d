/*
 * backdrop_view: draws the backdrops of sim/backdrop.h behind the field, in code.
 *
 * Each backdrop is layers of coloured triangles (skies as gradients, glows as
 * fans whose rim is clear, rings, gears, girders, ripples) handed to the
 * renderer with SDL_RenderGeometry, a few calls a frame: every SDL back end
 * draws them, the software renderer included, before the field's sprites (the
 * blitter reads them back with the field). Layers move at their own speeds
 * (parallax) as functions of a frame count alone, with positions from a hash of
 * each element's index: the same frame draws the same picture, in a replay, a
 * screenshot or a test. No allocation: the vertices go through a fixed buffer.
 *
 * The software renderer fills a shaded, blended triangle slowly (a scratch
 * surface per triangle: 25 to 85 ms a backdrop), so where the blitter draws the
 * field (render/sprite_draw.h, blit), backdrop_view_draw_pixels rasterizes the
 * same triangles into the blitter's pixels itself, a span a row.
 */
#ifndef CURTAIN_RENDER_BACKDROP_VIEW_H
#define CURTAIN_RENDER_BACKDROP_VIEW_H

#include "sim/backdrop.h"

#include <SDL.h>
#include <stdint.h>

#define BACKDROP_VIEW_VERTICES 6144
#define BACKDROP_VIEW_INDICES  (BACKDROP_VIEW_VERTICES * 3 / 2)

typedef struct backdrop_view {
    SDL_Renderer *renderer;
    SDL_Vertex v[BACKDROP_VIEW_VERTICES];
    int idx[BACKDROP_VIEW_INDICES];
    int nv, ni;
    SDL_BlendMode blend; /* of the vertices waiting */
    float x0, y0;        /* the area's top-left on the target */
    float w, h;          /* the area's size */
    float alpha;         /* the backdrop's opacity, 0..1 (a cross-fade) */
    float light;         /* 1 - the player's dimming */
    uint64_t calls;      /* SDL_RenderGeometry calls so far (a test reads it) */
    /* backdrop_view_draw_pixels: the pixels (ARGB8888) drawn into instead */
    uint32_t *px;
    int pw, ph, pitch;
} backdrop_view;

/* Draws backdrop b as at frame t into area of r's target, with opacity alpha
 * (0..1: over what is there) and darkened by dim percent. */
void backdrop_view_draw(backdrop_view *bv, SDL_Renderer *r, SDL_Rect area, backdrop b, uint64_t t,
                        float alpha, int dim);

/* The same into a w x h buffer of ARGB8888 pixels (pitch in pixels) holding
 * the area, on the CPU. */
void backdrop_view_draw_pixels(backdrop_view *bv, uint32_t *pixels, int w, int h, int pitch,
                               backdrop b, uint64_t t, float alpha, int dim);

/* A boss's emblem for its spell card's cut-in, centred at (cx, cy) on the
 * target, radius px: the sign of its spell backdrop (dusk's hexagram, the
 * lake's lotus and moon, the spire's gear and clock; another index: a violet
 * hexagram), turning with t, with opacity alpha. */
void backdrop_view_emblem(backdrop_view *bv, SDL_Renderer *r, backdrop spell, float cx, float cy,
                          float radius, uint64_t t, float alpha);

#endif
