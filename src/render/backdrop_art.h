/*
 * backdrop_art: a library's data backdrops (pattern/content/backdrop_decl.h) loaded
 * for one SDL renderer, and drawn behind the field on either path.
 *
 * A load copies the scenes' layers (the library may be compiled again under
 * `curtain view` and freed) and reads each sheet once with SDL_image into a
 * texture and a CPU copy. A frame draws the layers of a backdrop id
 * (sim/backdrop.h's backdrop_data_id) bottom first, each a function of the
 * frame count alone: a fill as a gradient quad, a picture as one quad or as
 * the tiles covering the area, turned about its centre (placed) or the
 * field's (tiled). On a GPU through SDL_RenderGeometry, a call a layer; where
 * the blitter draws the field (render/sprite_draw.h), into its pixels on the
 * CPU instead, sampling the same sheets (nearest texel) at each pixel's
 * centre. No allocation per frame: vertices go through the backdrop_view's
 * fixed buffer.
 */
#ifndef CURTAIN_RENDER_BACKDROP_ART_H
#define CURTAIN_RENDER_BACKDROP_ART_H

#include "render/backdrop_view.h"
#include "sim/backdrop.h"

#include <SDL.h>
#include <stddef.h>
#include <stdint.h>

/* One sheet, on the GPU and on the CPU (ARGB8888, straight alpha). */
typedef struct backdrop_art_sheet {
    SDL_Texture *texture;
    uint32_t *pixels;
    int w, h;
} backdrop_art_sheet;

typedef struct backdrop_art {
    SDL_Renderer *renderer;
    backdrop_scene scenes[BACKDROP_MAX_DECLARED]; /* names left out: the library's */
    int count;
    backdrop_art_sheet sheets[BACKDROP_MAX_SHEETS];
    int nsheets;
} backdrop_art;

/* Loads n scenes reading nsheets sheets for renderer r in place of what ba
 * held (n = 0: none). A load, not a per-frame call: it allocates. Returns 0,
 * or -1 with err as "file:line:col: what" for a sheet that is missing,
 * outside its folder, unreadable or larger than BACKDROP_MAX_SHEET a side, or
 * a tiled layer whose tile is drawn smaller than BACKDROP_MIN_TILE; ba then
 * keeps what it held (the last good backdrops, under `curtain view`). An id
 * ba does not hold draws as dusk (render/field_view). */
int backdrop_art_load(backdrop_art *ba, SDL_Renderer *r, const backdrop_scene *scenes, int n,
                      const backdrop_sheet *sheets, int nsheets, char *err, size_t err_size);
void backdrop_art_unload(backdrop_art *ba);

/* Whether ba draws backdrop id (a data backdrop it holds). */
int backdrop_art_has(const backdrop_art *ba, int id);

/* Draws backdrop id as at frame t into area of r's target, with opacity alpha
 * (0..1: over what is there) and darkened by dim percent, through bv's buffer. */
void backdrop_art_draw(const backdrop_art *ba, backdrop_view *bv, SDL_Renderer *r, SDL_Rect area,
                       int id, uint64_t t, float alpha, int dim);

/* The same into a w x h buffer of ARGB8888 pixels (pitch in pixels) holding
 * the area, on the CPU. */
void backdrop_art_draw_pixels(const backdrop_art *ba, uint32_t *pixels, int w, int h, int pitch,
                              int id, uint64_t t, float alpha, int dim);

#endif
