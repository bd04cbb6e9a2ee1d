/*
 * circle_set: a read-only view of moving circles in structure-of-arrays form.
 *
 * The collision code never sees the bullet pool, the shot list or the enemy
 * table: it reads centres, radii and this frame's motion through this view, so
 * one broadphase and one set of queries serve them all, and tests build scenes
 * from plain arrays.
 *
 * Slots 0 .. count-1 are read. A slot takes part when its bit is set in the
 * alive bitmap (bit i % 64 of word i / 64; NULL: every slot is live) and its
 * flags have none of the skip_mask bits (flags NULL: none skipped). So a pool
 * that leaves dead slots in place and marks live ones in a bitmap, a dense array
 * (count = live count, both NULL) and per-query exclusions (bullets that are
 * harmless, or that survive cancels) all fit. Dead or skipped slots may hold any
 * values: they are never reported.
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
    const float *x, *y;    /* centres at the end of the frame */
    const float *r;        /* radii */
    const float *dx, *dy;  /* this frame's motion, or NULL */
    const uint64_t *alive; /* live-slot bitmap, or NULL: every slot is live */
    const uint8_t *flags;  /* per-slot flags, or NULL */
    uint8_t skip_mask;     /* slots whose flags have any of these bits are left out */
    int count;             /* slots to read */
} circle_set;

/* Whether slot i takes part, by an alive bitmap and skip flags (either NULL). */
static inline int circle_slot_live(const uint64_t *alive, const uint8_t *flags, uint8_t skip_mask,
                                   int i)
{
    if (alive && !((alive[i >> 6] >> (i & 63)) & 1u))
        return 0;
    return !flags || !(flags[i] & skip_mask);
}

static inline int circle_set_live(const circle_set *s, int i)
{
    return circle_slot_live(s->alive, s->flags, s->skip_mask, i);
}

/* An axis-aligned box: its minimum and maximum corners. */
typedef struct circle_box {
    float x0, y0, x1, y1;
} circle_box;

/* The box a circle of radius r covers moving from (x0, y0) to (x, y). (A small
 * struct by value: loops that call this still vectorize.) */
static inline circle_box circle_bounds(float x, float y, float r, float x0, float y0)
{
    circle_box b = {(x0 < x ? x0 : x) - r, (y0 < y ? y0 : y) - r, (x0 < x ? x : x0) + r,
                    (y0 < y ? y : y0) + r};
    return b;
}

/* The box circle i covers during the frame: its swept extent. */
static inline circle_box circle_set_bounds(const circle_set *s, int i)
{
    float x = s->x[i], y = s->y[i];
    if (s->dx)
        return circle_bounds(x, y, s->r[i], x - s->dx[i], y - s->dy[i]);
    return circle_bounds(x, y, s->r[i], x, y);
}

#endif
