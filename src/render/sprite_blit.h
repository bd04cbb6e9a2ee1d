/*
 * sprite_blit: draws sprite rectangles onto a 32-bit pixel buffer on the CPU.
 *
 * This is how the software renderer draws bullets. SDL's own software blitter
 * spends about 2 ns per pixel and more per call (measured: 100k 16-pixel sprites
 * take 54 ms through SDL_RenderCopy); blending a premultiplied atlas straight
 * into the frame's pixels with SIMD, skipping the transparent ends of each row,
 * does the same work several times faster (see `curtain bench render`).
 *
 * Pixels are 32-bit words with alpha in the top byte (SDL_PIXELFORMAT_ARGB8888
 * or ABGR8888: the blend treats the three colour channels alike). The atlas copy
 * is premultiplied, each frame's rows stored together; "over" is
 * dst = src + (dst * (256 - src_alpha)) >> 8 per channel (exact for clear and
 * opaque pixels, at most one level darker than the exact /255 in between);
 * "add" is a saturating sum. SSE2 is used on every x86-64, AVX2 where the CPU
 * has it (chosen at run time), plain C elsewhere; all give identical pixels.
 * Needs no SDL.
 */
#ifndef CURTAIN_RENDER_SPRITE_BLIT_H
#define CURTAIN_RENDER_SPRITE_BLIT_H

#include "core/workers.h"
#include "render/sprite_batch.h"

#include <stdint.h>

/* A frame of the prepared atlas: its pixels, w per row, and its row spans. */
typedef struct sprite_blit_frame {
    uint32_t offset; /* of its first pixel in pixels[] */
    uint32_t span;   /* index of its first row's span */
    uint16_t w, h;
} sprite_blit_frame;

/* The atlas prepared for blitting: every frame premultiplied and stored with its
 * rows one after the other, so a sprite's source is one short run of memory. */
typedef struct sprite_blit_atlas {
    uint32_t *pixels;
    int frame_count;
    sprite_blit_frame *frames;
    /* per frame row: first and one-past-last pixel that is not clear, widened
     * to groups of 8 (4 where the frame's width is no multiple of 8) */
    uint16_t *spans;
} sprite_blit_atlas;

/* A pixel buffer to draw on; (origin_x, origin_y) is where its pixel (0, 0) is in
 * the coordinates of the sprite rectangles. Drawing is clipped to the buffer. */
typedef struct sprite_blit_target {
    uint32_t *pixels;
    int w, h;
    int pitch; /* in pixels */
    int origin_x, origin_y;
} sprite_blit_target;

/* Which code path blits: for tests and the benchmark. */
typedef enum sprite_blit_isa {
    SPRITE_BLIT_SCALAR,
    SPRITE_BLIT_SSE2,
    SPRITE_BLIT_AVX2,
} sprite_blit_isa;

/* Prepares the atlas from straight-alpha pixels (w x h, pitch in pixels), the
 * frames of render/atlas.h. Returns 0, or -1 when out of memory or the size
 * does not match the atlas table. */
int sprite_blit_atlas_init(sprite_blit_atlas *a, const uint32_t *pixels, int w, int h, int pitch);
void sprite_blit_atlas_free(sprite_blit_atlas *a);

/* Draws rects in order (later ones on top) with the given blend. */
void sprite_blit_rects(const sprite_blit_atlas *a, const sprite_blit_target *t,
                       const sprite_rect *rects, int count, sprite_blend blend);

/* The same with every source pixel's premultiplied channels scaled by
 * opacity/256 first (a faded layer: the player's shots, the dimmed backdrop).
 * Plain C: faded layers hold a few dozen sprites. */
void sprite_blit_rects_faded(const sprite_blit_atlas *a, const sprite_blit_target *t,
                             const sprite_rect *rects, int count, sprite_blend blend,
                             uint8_t opacity);

/* Rects with a scale (sprite_rect.scale: styled bullets) at opacity/255
 * each (255: whole), nearest pixel: destination pixel (dx, dy) of the
 * frame's size times scale/16 shows source pixel (dx * 16 / scale, dy * 16 /
 * scale). Plain C, on the calling thread: the slow path of a frame with
 * styled bullets. A rect without a scale is drawn at its own size. */
void sprite_blit_rects_scaled(const sprite_blit_atlas *a, const sprite_blit_target *t,
                              const sprite_rect *rects, int count, sprite_blend blend,
                              uint8_t opacity);

/* Layers of fewer rects than this are drawn on the calling thread alone by
 * the _workers functions: splitting them would cost more than it saves. */
#define SPRITE_BLIT_BAND_MIN 2048

/* sprite_blit_rects and sprite_blit_rects_faded split over the threads of w
 * (core/workers.h; NULL: the calling thread) in horizontal bands of the
 * target, one a thread, their bounds placed so that each band holds about as
 * many rects. Each thread draws every rect clipped to its band, in order, so
 * every pixel gets the same blends in the same order as on one thread: the
 * same bits for any thread count (tests/render/sprite_blit_test.c). */
void sprite_blit_rects_workers(const sprite_blit_atlas *a, const sprite_blit_target *t,
                               const sprite_rect *rects, int count, sprite_blend blend, workers *w);
void sprite_blit_rects_faded_workers(const sprite_blit_atlas *a, const sprite_blit_target *t,
                                     const sprite_rect *rects, int count, sprite_blend blend,
                                     uint8_t opacity, workers *w);

/* Where sprite_blit_rects_workers puts the bands for `parts` threads (1 ..
 * WORKERS_MAX): band p is the target's rows [bound[p], bound[p + 1]), bound
 * holding parts + 1 rows from 0 to t->h. For the benchmark and the tests. */
void sprite_blit_band_bounds(const sprite_blit_target *t, const sprite_rect *rects, int count,
                             int parts, int *bound);

/* The best path this CPU has, and the one in use (initially the best). */
sprite_blit_isa sprite_blit_best_isa(void);
sprite_blit_isa sprite_blit_get_isa(void);
/* Forces a path (one the CPU does not have falls back to the best). */
void sprite_blit_set_isa(sprite_blit_isa isa);
const char *sprite_blit_isa_name(sprite_blit_isa isa);

#endif
