/*
 * bullet_view: the bullet pool as the sprite batcher reads it.
 *
 * The batcher takes plain structure-of-arrays bullets (render/sprite_batch.h) so
 * that it does not depend on the pool's internals; this is the one place that
 * knows both. The view points into the pool (nothing is copied): positions, the
 * unit heading (dir_x, dir_y), shape and colour, each bullet's spawn frame (for
 * animated shapes), through the pool's draw order,
 * oldest first, whose holes (BULLET_SLOT_NONE) the batcher skips. It is valid
 * until the pool next changes.
 */
#ifndef CURTAIN_RENDER_BULLET_VIEW_H
#define CURTAIN_RENDER_BULLET_VIEW_H

#include "render/sprite_batch.h"
#include "sim/bullet_pool.h"

/* The pool's bullets as the batcher reads them: its draw order (oldest first;
 * the holes of bullets dead since it was compacted are skipped entries) over
 * the pool's own arrays, so valid until the pool next changes. */
sprite_bullets bullet_view_of_pool(const bullet_pool *p);

#endif
