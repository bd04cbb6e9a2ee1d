/*
 * object_query: what the scripts' `for b in bullets near X Y radius R` looks
 * through, one per host: a copy of the bullets' circles taken at the frame's
 * first bullet query, and a collision context (sim/collision.h) whose grid is
 * built from that copy once, so that every later query of the frame walks
 * only its own cells (collision_area_circle_prepared).
 *
 * The copy holds the bullets as the frame's scripts found them: every live
 * bullet but those spawned this frame (born at the pool's current frame), at
 * the place it had when the copy was taken. Nothing a script does later in the
 * frame (fire, move, vanish) changes what a query of the same frame finds, so
 * the answer never depends on which script asked first. A host calls
 * object_query_begin before each frame's scripts (and after restoring a
 * snapshot: the copy is never part of the run's state).
 *
 * Capacities are fixed at init (the pool's); a build allocates nothing.
 */
#ifndef CURTAIN_PATTERN_OBJECT_QUERY_H
#define CURTAIN_PATTERN_OBJECT_QUERY_H

#include "sim/bullet_pool.h"
#include "sim/collision.h"

#include <stdint.h>

typedef struct object_query {
    collision coll;
    float *x, *y, *r;     /* the copy's circles, per slot */
    uint64_t *alive;      /* the copy's live bits, per block */
    uint32_t capacity;    /* slots (the bullet pool's) */
    int count;            /* slots the copy holds (the pool's slot end when it was taken) */
    int ready;            /* the copy and its grid are this frame's */
    collision_list found; /* one query's slots (bullets or lasers), capacity + lasers */
} object_query;

/* For a bullet pool of `capacity` slots and a laser pool of `lasers`. Returns
 * 0, or -1 out of memory (object_query_free is still safe). */
int object_query_init(object_query *q, uint32_t capacity, uint32_t lasers);
void object_query_free(object_query *q);

/* A new frame (or a restored state): the next query takes a new copy. */
void object_query_begin(object_query *q);

/* The slots of the copy's bullets whose circle touches the circle (x, y, r),
 * ascending, into q->found (cleared first; at most its capacity). */
void object_query_bullets(object_query *q, const bullet_pool *p, float x, float y, float r);

#endif
