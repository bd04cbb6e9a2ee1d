/*
 * world_diff: what differs between two worlds, object by object, for desync
 * reports (`curtain replay A --diff B`).
 *
 * world_hash_parts says which parts of two worlds differ; world_diff_part
 * then finds the first object of such a part that differs (the lowest slot of
 * a pool or table, the ship, the generator) and lists its fields that differ,
 * A's value against B's.
 */
#ifndef CURTAIN_GAME_WORLD_DIFF_H
#define CURTAIN_GAME_WORLD_DIFF_H

#include "game/world.h"

#define WORLD_DIFF_TEXT 480

typedef struct world_diff {
    char object[96];              /* "bullet slot 12 (serial 345)" */
    char fields[WORLD_DIFF_TEXT]; /* "heading 183.25 / 181, x 100.5 / 99.75" (A / B) */
} world_diff;

/* Fills *out with the first object of `part` that differs between a and b.
 * Returns 1, or 0 when no object of the part differs in the fields it looks
 * at (then out->object names the part's bookkeeping: counters, clocks). */
int world_diff_part(const world *a, const world *b, world_part part, world_diff *out);

#endif
