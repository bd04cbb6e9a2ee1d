/*
 * replay_diff: two replays of the same start played side by side, to find
 * where and how they part (`curtain replay A --diff B`).
 *
 * Both worlds step one frame at a time; after each, world_hash_parts of both
 * are compared. The first frame any part differs is where the runs part; for
 * each part, the first frame it differs and, by world_diff_part, the first
 * object of it that differs there and its fields, A against B.
 */
#ifndef CURTAIN_GAME_REPLAY_DIFF_H
#define CURTAIN_GAME_REPLAY_DIFF_H

#include "game/replay.h"
#include "game/world_diff.h"

typedef struct replay_diff {
    uint32_t frames;               /* frames played side by side */
    uint32_t first;                /* the first frame that differs; 0 none */
    uint32_t at[WORLD_PART_COUNT]; /* the first frame each part differs; 0 none */
    world_diff what[WORLD_PART_COUNT];
} replay_diff;

/* Plays a and b over lib until every part has differed, `window` frames have
 * passed since the first difference, or one replay ends. Returns 0, or -1 with
 * a reason in err: the two do not start alike (configuration, ship, boss), lib
 * lacks a name they fly, or memory ran out. */
int replay_diff_run(const replay *a, const replay *b, const library *lib, uint32_t window,
                    replay_diff *out, char *err, size_t err_size);

#endif
