/*
 * sprite_draw: hands a sprite batch to an SDL renderer, the fastest way that
 * renderer has.
 *
 *  - geometry: one SDL_RenderGeometryRaw per layer, every sprite of the layer in
 *    it (GPU back ends: opengl, opengles2, direct3d, metal, ...);
 *  - copy: one SDL_RenderCopy per sprite of pre-rotated frames (any back end;
 *    the baseline, and what SDL's own software path would do);
 *  - blit: the software renderer: the area the sprites may touch is read back
 *    once, every layer is blended into it by render/sprite_blit (in bands over
 *    the threads of sprite_draw_set_workers, when given), and it is put back
 *    with a single copy.
 *  - instanced: SDL's opengl renderer on OpenGL 3.3 or later, or opengles2
 *    on OpenGL ES 3.0: every sprite
 *    as geometry, but the field's bullets drawn by render/gl_sprites, 16 bytes
 *    an instance and one instanced draw per layer (render/field_view does
 *    that part; here the method is geometry).
 * `curtain bench render` measures them all on every back end it can open;
 * sprite_draw_method_for picks from those measurements: blit on the software
 * renderer and on OpenGL running on a software rasterizer (llvmpipe),
 * instanced on OpenGL 3.3 and OpenGL ES 3.0, geometry on the others. The environment variable
 * CURTAIN_DRAW, set to a method's name, asks for that one instead (where it
 * cannot be had the view falls back: instanced to geometry).
 *
 * Between sprite_draw_begin and sprite_draw_end, draw only batches: with the
 * blit method, other drawing in the area would be overwritten at the end.
 */
#ifndef CURTAIN_RENDER_SPRITE_DRAW_H
#define CURTAIN_RENDER_SPRITE_DRAW_H

#include "core/workers.h"
#include "render/atlas_texture.h"
#include "render/effect_quads.h"
#include "render/laser_mesh.h"
#include "render/sprite_batch.h"

#include <SDL.h>
#include <stddef.h>

/*                        id        name */
#define SPRITE_DRAW_METHODS(X) \
    X(GEOMETRY, "geometry")    \
    X(COPY, "copy")            \
    X(BLIT, "blit")            \
    X(INSTANCED, "instanced")

typedef enum sprite_draw_method {
#define SPRITE_DRAW_ENUM(id, name) SPRITE_DRAW_##id,
    SPRITE_DRAW_METHODS(SPRITE_DRAW_ENUM)
#undef SPRITE_DRAW_ENUM
    SPRITE_DRAW_METHOD_COUNT
} sprite_draw_method;

typedef struct sprite_draw {
    SDL_Renderer *renderer;
    const atlas_texture *atlas;
    sprite_draw_method method;
    SDL_Rect area;       /* where sprites may land on the target (they are clipped to it) */
    SDL_Texture *upload; /* blit: the area, put back each frame */
    uint32_t *pixels;    /* blit: the area's pixels, read back and blended into */
    int reading;         /* blit: begin read the area back successfully */
    workers *workers;    /* blit: the threads its layers are split over (NULL: one) */
} sprite_draw;

const char *sprite_draw_method_name(sprite_draw_method m);
/* The method for a renderer: CURTAIN_DRAW's when it names one; else blit
 * where the CPU rasterizes (the software renderer, OpenGL on llvmpipe and the
 * like), instanced on SDL's opengl renderer at OpenGL 3.3 or later and its
 * opengles2 renderer at OpenGL ES 3.0, geometry elsewhere. */
sprite_draw_method sprite_draw_method_for(SDL_Renderer *r);
/* The GL_RENDERER string of the current OpenGL context (the renderer last
 * created on an OpenGL back end), or NULL where there is none. */
const char *sprite_draw_gl_renderer(void);
/* The batch mode a method draws from. */
sprite_batch_mode sprite_draw_batch_mode(sprite_draw_method m);

/* Prepares drawing into `area` of r's targets. The blit method needs the atlas's
 * CPU copy (atlas_texture_load with want_blit). Returns 0, or -1 with err set. */
int sprite_draw_init(sprite_draw *sd, SDL_Renderer *r, const atlas_texture *at,
                     sprite_draw_method method, SDL_Rect area, char *err, size_t err_size);
void sprite_draw_free(sprite_draw *sd);
/* The threads the blit method splits its layers over (core/workers.h; NULL,
 * the initial value: the calling thread alone). The pool is the caller's and
 * must outlive the draw; the pixels are the same bits for any count. */
void sprite_draw_set_workers(sprite_draw *sd, workers *w);

void sprite_draw_begin(sprite_draw *sd);
/* Draws every layer of b (built in this method's batch mode), in order. */
void sprite_draw_batch(sprite_draw *sd, const sprite_batch *b);
/* Only layers [first, end) of b. */
void sprite_draw_batch_layers(sprite_draw *sd, const sprite_batch *b, int first, int end);
/* Draws a laser mesh, additive: one SDL_RenderGeometryRaw, or on the blit
 * method the mesh's own rasterizer into the area (render/laser_mesh.h). */
/* The spectacle's quads, one by one in order (effect_quads.h). */
void sprite_draw_effect_quads(sprite_draw *sd, const effect_quads *q);
void sprite_draw_lasers(sprite_draw *sd, const laser_mesh *m);
void sprite_draw_end(sprite_draw *sd);

#endif
