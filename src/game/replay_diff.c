/*
 * replay_diff: two replays stepped side by side, compared part by part after
 * every frame. See replay_diff.h.
 */
#include "game/replay_diff.h"

#include "core/mem.h"

#include <stdio.h>
#include <string.h>

typedef struct rd_side {
    replay r; /* a copy with its names resolved against lib */
    world *w;
    replay_cursor c;
    snapshot slot;
} rd_side;

static int rd_side_init(rd_side *s, const replay *r, const library *lib)
{
    s->r = *r;
    s->w = NULL;
    s->slot = (snapshot){0};
    if (replay_resolve(&s->r, lib) != 0)
        return -1;
    s->w = mem_alloc(sizeof *s->w);
    if (!s->w || world_init(s->w, &s->r.config, lib) != 0) {
        mem_free(s->w);
        s->w = NULL;
        return -1;
    }
    replay_cursor_begin(&s->c, &s->r);
    return 0;
}

static void rd_side_free(rd_side *s)
{
    snapshot_free(&s->slot);
    if (s->w)
        world_free(s->w);
    mem_free(s->w);
}

static int rd_same_start(const world_config *a, const world_config *b)
{
    return a->seed == b->seed && a->difficulty == b->difficulty && a->start == b->start &&
           (a->flags & ~WORLD_FLAGS_RULES) == (b->flags & ~WORLD_FLAGS_RULES) &&
           a->ship == b->ship && a->stage == b->stage;
}

int replay_diff_run(const replay *a, const replay *b, const library *lib, uint32_t window,
                    replay_diff *out, char *err, size_t err_size)
{
    *out = (replay_diff){0};
    rd_side sa, sb;
    int ok_a = rd_side_init(&sa, a, lib) == 0, ok_b = 0;
    if (ok_a)
        ok_b = rd_side_init(&sb, b, lib) == 0;
    if (!ok_a || !ok_b) {
        snprintf(err, err_size,
                 "cannot play them: a ship or boss these patterns lack, or out "
                 "of memory");
        rd_side_free(&sa);
        if (ok_a)
            rd_side_free(&sb);
        return -1;
    }
    if (!rd_same_start(&sa.r.config, &sb.r.config)) {
        snprintf(err, err_size,
                 "they do not start alike (seed, difficulty, start, ship, stage or flags)");
        rd_side_free(&sa);
        rd_side_free(&sb);
        return -1;
    }
    int rc = 0;
    uint32_t found = 0, all = (1u << WORLD_PART_COUNT) - 1;
    while (!replay_cursor_done(&sa.c) && !replay_cursor_done(&sb.c) && found != all &&
           (out->first == 0 || out->frames < out->first + window)) {
        int failed = replay_cursor_step(&sa.c, sa.w, &sa.slot) != 0;
        if (!failed)
            failed = replay_cursor_step(&sb.c, sb.w, &sb.slot) != 0;
        if (failed) {
            snprintf(err, err_size, "out of memory");
            rc = -1;
            break;
        }
        out->frames++;
        uint64_t ha[WORLD_PART_COUNT], hb[WORLD_PART_COUNT];
        world_hash_parts(sa.w, ha);
        world_hash_parts(sb.w, hb);
        for (int k = 0; k < WORLD_PART_COUNT; k++) {
            if (found & (1u << k) || ha[k] == hb[k])
                continue;
            found |= 1u << k;
            out->at[k] = out->frames;
            if (!out->first)
                out->first = out->frames;
            world_diff_part(sa.w, sb.w, (world_part)k, &out->what[k]);
        }
    }
    rd_side_free(&sa);
    rd_side_free(&sb);
    return rc;
}
