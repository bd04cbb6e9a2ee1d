/*
 * circle_set: a read-only view of moving circles in structure-of-arrays form.
 *
 * The collision code never sees the bullet pool, the shot list or the enemy
 * table: it reads centres, radii and this frame's motion through this view, so
 * one broadphase and one set of queries serve them all, and tests build scenes
 * from plain arrays.
 *
 * Slots 0 .. count-1 are read. A slot is live when flags is NULL or
 * (flags[i] & live_mask) != 0, so a pool that leaves dead slots in place (free
 * list, bitmap) and a dense one (count = live count, flags NULL) both fit. Dead
 * slots may hold any finite or stale values: they are never reported.
 *
 * Motion: with dx and dy set (both or neither), circle i moved in a straight
 * line from (x[i] - dx[i], y[i] - dy[i]) to (x[i], y[i]) during this frame, and
 * the swept tests use the whole segment, so a fast bullet cannot tunnel through
 * a small hitbox. NULL means the circles did not move. Radii are >= 0.
 */
#ifndef CURTAIN_SIM_CIRCLE_SET_H
#define CURTAIN_SIM_CIRCLE_SET_H

#include <stdint.h>

typedef struct circle_set {
    const float *x, *y;   /* centres at the end of the frame */
    const float *r;       /* radii */
    const float *dx, *dy; /* this frame's motion, or NULL */
    const uint8_t *flags; /* liveness flags, or NULL: every slot is live */
    uint8_t live_mask;    /* a slot is live when flags[i] & live_mask */
    int count;            /* slots to read */
} circle_set;

static inline int circle_set_live(const circle_set *s, int i)
{
    return !s->flags || (s->flags[i] & s->live_mask) != 0;
}

/* The box a circle of radius r covers moving from (x0, y0) to (x, y), as
 * {min x, min y, max x, max y}. */
static inline void circle_bounds(float x, float y, float r, float x0, float y0, float box[4])
{
    box[0] = (x0 < x ? x0 : x) - r;
    box[1] = (y0 < y ? y0 : y) - r;
    box[2] = (x0 < x ? x : x0) + r;
    box[3] = (y0 < y ? y : y0) + r;
}

/* The box circle i covers during the frame: its swept extent. */
static inline void circle_set_bounds(const circle_set *s, int i, float box[4])
{
    float x = s->x[i], y = s->y[i];
    if (s->dx)
        circle_bounds(x, y, s->r[i], x - s->dx[i], y - s->dy[i], box);
    else
        circle_bounds(x, y, s->r[i], x, y, box);
}

#endif
