/*
 * bullet_instances: the bullets as an instanced renderer draws them, 16 bytes
 * a bullet.
 *
 * An instanced renderer draws one static quad per bullet from a stream of
 * per-bullet records. This is the step that builds that stream on the CPU,
 * free of SDL and GL so that it is tested and benchmarked headless: from a
 * bullet view (sprite_bullets, render/sprite_batch.h; render/bullet_view.h
 * gives the pool's) through its draw order, holes skipped, into two arrays,
 * layer 0 drawn with alpha blending and layer 1 additive (by shape, as
 * sprite_batch_set_additive), each oldest first, so one draw a layer paints
 * what the sprite batch paints. Nothing is looked up per bullet but the
 * layer: the renderer maps (shape, color) to an atlas frame itself (a small
 * table, a uniform or a texture), turns the quad by the heading when the
 * shape turns, and picks an animated shape's frame from the age.
 *
 * THE RECORD (bullet_instance, 16 bytes, little-endian, no padding):
 *
 *     offset  0  float    x       centre, field pixels
 *     offset  4  float    y
 *     offset  8  int16    dir_x   unit heading * 32767, rounded (the view's
 *     offset 10  int16    dir_y   cos, sin; (32767, 0) when it has none)
 *     offset 12  uint8    shape   bullet_shape (a mod's art shapes included)
 *     offset 13  uint8    color   bullet_color
 *     offset 14  uint16   age     frames since spawn, saturating at 65535,
 *                                 when ages are asked for (see below); else 0
 *
 * In GL terms: attribute 0 = 2 x GL_FLOAT at 0, attribute 1 = 2 x GL_SHORT
 * normalized at 8, attribute 2 = 2 x GL_UNSIGNED_BYTE (integer) at 12,
 * attribute 3 = 1 x GL_UNSIGNED_SHORT (integer) at 14, stride 16, divisor 1.
 *
 * Ages read each bullet's spawn frame from the view (the pool's cold records:
 * a cache line a bullet), so they are filled only when `ages` is set: when
 * the atlas has an animated shape, as the sprite batch does.
 *
 * Capacity is fixed at init (nothing is allocated per frame); bullets that do
 * not fit a layer are refused and counted (`refused`). The build splits over
 * a worker pool (core/workers.h) in ranges of the draw order, each part's
 * layer counts first, then each part writes its own stretch: the same arrays
 * for any thread count (tested).
 */
#ifndef CURTAIN_RENDER_BULLET_INSTANCES_H
#define CURTAIN_RENDER_BULLET_INSTANCES_H

#include "core/workers.h"
#include "render/sprite_batch.h"

#include <stdint.h>

/* One bullet of the instance stream: the layout above. */
typedef struct bullet_instance {
    float x, y;
    int16_t dir_x, dir_y;
    uint8_t shape, color;
    uint16_t age;
} bullet_instance;

_Static_assert(sizeof(bullet_instance) == 16, "an instance is 16 bytes");

#define BULLET_INSTANCE_LAYERS 2 /* 0: alpha blended, 1: additive */

/* bullet_instances_add_workers splits from this many draw-order entries. */
#define BULLET_INSTANCES_SPLIT_MIN 16384

typedef struct bullet_instances {
    bullet_instance *layer[BULLET_INSTANCE_LAYERS]; /* capacity each */
    int count[BULLET_INSTANCE_LAYERS];
    int capacity;          /* instances a layer holds */
    uint64_t refused;      /* bullets that found their layer full, since the last clear */
    int ages;              /* 1: fill `age` from the view's spawn frames */
    int split_min;         /* BULLET_INSTANCES_SPLIT_MIN at init; benchmarks lower it */
    uint8_t additive[256]; /* per shape: 1 draws it in layer 1 */
} bullet_instances;

/* Allocates two layers of `capacity` instances (the pool's capacity holds
 * every live bullet). Returns 0, or -1 for a bad capacity or out of memory
 * (bullet_instances_free is still safe). */
int bullet_instances_init(bullet_instances *b, int capacity);
void bullet_instances_free(bullet_instances *b);

/* Which shapes go to the additive layer (none at init). */
void bullet_instances_set_additive(bullet_instances *b, int shape, int additive);

/* Empties both layers and the refused count (start of a frame). */
void bullet_instances_clear(bullet_instances *b);

/* Appends the view's bullets, oldest first, each to its layer. */
void bullet_instances_add(bullet_instances *b, const sprite_bullets *in);

/* bullet_instances_add split over a worker pool's threads (NULL: one) from
 * b->split_min entries: the same arrays and counts for any thread count. */
void bullet_instances_add_workers(bullet_instances *b, const sprite_bullets *in, workers *w);

#endif
