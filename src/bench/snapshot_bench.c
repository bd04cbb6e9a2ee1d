/*
 * snapshot_bench: `curtain bench snapshot`. See snapshot_bench.h and docs/bench.md.
 */
#include "bench/snapshot_bench.h"

#include "core/clock.h"
#include "core/data_path.h"
#include "core/mem.h"
#include "core/rng.h"
#include "game/replay_player.h"
#include "game/snapshot.h"
#include "game/world.h"

#include <stdio.h>
#include <string.h>

#define SB_REPEATS 25

typedef struct sb_result {
    double take_ns, restore_ns; /* medians */
    size_t size;
} sb_result;

/* Takes and restores a snapshot of an empty world of `bullets` capacity (the
 * copy is of whole blocks: what is live does not change its time). */
static int sb_measure(uint32_t bullets, int repeats, sb_result *out)
{
    world *w = mem_alloc(sizeof *w);
    world_config cfg = {.seed = 1};
    if (!w || world_init_sized(w, &cfg, NULL, bullets) != 0) {
        if (w)
            world_free(w);
        mem_free(w);
        return -1;
    }
    snapshot s;
    double take[SB_REPEATS], restore[SB_REPEATS];
    int rc = snapshot_init(&s, w);
    for (int i = 0; rc == 0 && i < repeats; i++) {
        world_step(w, 0);
        uint64_t t0 = clock_now_ns();
        snapshot_take(&s, w);
        uint64_t t1 = clock_now_ns();
        snapshot_restore(&s, w);
        uint64_t t2 = clock_now_ns();
        take[i] = (double)(t1 - t0);
        restore[i] = (double)(t2 - t1);
    }
    if (rc == 0) {
        out->take_ns = bench_summarize(take, repeats).p50;
        out->restore_ns = bench_summarize(restore, repeats).p50;
        out->size = s.size;
        bench_consume(world_hash(w));
    }
    snapshot_free(&s);
    world_free(w);
    mem_free(w);
    return rc;
}

static void sb_row(bench_table *t, const char *label, const sb_result *r)
{
    bench_table_row(t, label);
    bench_table_value(t, (double)r->size / (1024.0 * 1024.0));
    bench_table_value(t, r->take_ns / 1e6);
    bench_table_value(t, r->restore_ns / 1e6);
    bench_table_value(t, (double)r->size / r->take_ns); /* bytes per ns = GB/s */
}

/* Stage 1 on the hardest difficulty, the ship weaving and shooting (it cannot be
 * hit, so the run lasts to the stage's end), recorded as a replay. */
static int sb_record(const library *lib, replay *r, uint32_t max_frames)
{
    world_config cfg = {.seed = 5, .difficulty = 3, .flags = WORLD_FLAG_INVULNERABLE};
    world *w = mem_alloc(sizeof *w);
    if (!w || replay_begin(r, &cfg, max_frames) != 0 || world_init(w, &cfg, lib) != 0) {
        mem_free(w);
        return -1;
    }
    replay_set_content(r, lib);
    for (uint32_t f = 0; f < max_frames && !world_over(w); f++) {
        input_bits in = (input_bits)(INPUT_BIT(INPUT_SHOT) |
                                     (f / 50 % 2 ? INPUT_BIT(INPUT_LEFT) : INPUT_BIT(INPUT_RIGHT)));
        world_step(w, in);
        replay_record(r, in, w);
    }
    replay_finish(r, w, REPLAY_END_UNFINISHED, "BENCH", 0, 0);
    world_free(w);
    mem_free(w);
    return 0;
}

typedef struct sb_seeks {
    double seek_p50, seek_max, back_p50; /* ms */
    double key_bytes;                    /* the mean keyframe */
    size_t memory;
    uint32_t interval, keys;
} sb_seeks;

/* Seeks to random frames of r with keyframes every `interval` frames. */
static int sb_seek(const library *lib, const replay *r, uint32_t interval, int seeks, sb_seeks *out)
{
    world *w = mem_alloc(sizeof *w);
    replay_player p;
    if (!w || world_init(w, &r->config, lib) != 0) {
        mem_free(w);
        return -1;
    }
    if (replay_player_init(&p, r, w, 0) != 0) {
        world_free(w);
        mem_free(w);
        return -1;
    }
    p.interval = interval;
    replay_player_prepare(&p);
    double seek[64], back[64];
    rng g;
    rng_seed(&g, 3);
    for (int i = 0; i < seeks; i++) {
        uint32_t f = 1 + (uint32_t)(rng_next(&g) % r->frame_count);
        uint64_t t0 = clock_now_ns();
        replay_player_seek(&p, f);
        uint64_t t1 = clock_now_ns();
        replay_player_seek(&p, f - 1);
        uint64_t t2 = clock_now_ns();
        seek[i] = (double)(t1 - t0) / 1e6;
        back[i] = (double)(t2 - t1) / 1e6;
    }
    bench_stats s = bench_summarize(seek, seeks);
    out->seek_p50 = s.p50;
    out->seek_max = s.max;
    out->back_p50 = bench_summarize(back, seeks).p50;
    size_t bytes = 0;
    for (uint32_t k = 0; k < p.key_cap; k++)
        bytes += p.keys[k].size;
    out->keys = p.key_count;
    out->key_bytes = p.key_count ? (double)bytes / p.key_count : 0;
    out->memory = replay_player_memory(&p);
    out->interval = interval;
    bench_consume(world_hash(w));
    replay_player_free(&p);
    world_free(w);
    mem_free(w);
    return 0;
}

/* The replay player's seeks, at its keyframe interval for this replay and at
 * the one of a 30-minute replay. */
static int sb_seek_table(bench *b)
{
    char dir[512];
    diag_list diags;
    diag_init(&diags);
    library *lib = data_path_join(dir, sizeof dir, "patterns") == 0
                       ? library_load_dir(dir, NULL, &diags)
                       : NULL;
    diag_free(&diags);
    replay r;
    if (!lib || sb_record(lib, &r, b->quick ? 3000 : 6 * 3600) != 0) {
        library_free(lib);
        return -1;
    }
    int seeks = b->quick ? 8 : 64;
    sb_seeks near, far;
    uint32_t long_interval = replay_player_interval_for(30 * 60 * WORLD_TICK_HZ);
    if (sb_seek(lib, &r, replay_player_interval_for(r.frame_count), seeks, &near) != 0 ||
        sb_seek(lib, &r, long_interval, seeks, &far) != 0) {
        replay_free(&r);
        library_free(lib);
        return -1;
    }
    static const bench_column cols[] = {
        {"seek p50", "ms", 1, BENCH_LOWER_BETTER},   {"seek max", "ms", 1, BENCH_LOWER_BETTER},
        {"back 1 p50", "ms", 1, BENCH_LOWER_BETTER}, {"keyframe", "KiB", 0, BENCH_LOWER_BETTER},
        {"keyframes", "", 0, BENCH_NEUTRAL},         {"memory", "MiB", 0, BENCH_LOWER_BETTER},
    };
    char title[192];
    snprintf(title, sizeof title,
             "the replay player: %d seeks to random frames of stage 1 (Lunatic, %u frames), "
             "each then one frame back",
             seeks, r.frame_count);
    bench_table t;
    bench_table_begin(&t, b, "seek", title, cols, 6, 28);
    const sb_seeks *rows[] = {&near, &far};
    const char *labels[] = {"keyframes every 5 s", "every 30-min replay's"};
    for (int i = 0; i < 2; i++) {
        bench_table_row(&t, labels[i]);
        bench_table_value(&t, rows[i]->seek_p50);
        bench_table_value(&t, rows[i]->seek_max);
        bench_table_value(&t, rows[i]->back_p50);
        bench_table_value(&t, rows[i]->key_bytes / 1024.0);
        bench_table_value(&t, rows[i]->keys);
        bench_table_value(&t, (double)rows[i]->memory / (1024.0 * 1024.0));
    }
    bench_table_end(&t);
    bench_note(b,
               "a 30-minute replay keeps a keyframe every %u frames (%u at most); its seeks are "
               "the second row's: the 100 ms target is %s by its worst seek (%.1f ms)",
               long_interval, REPLAY_PLAYER_KEYS, far.seek_max <= 100 ? "met" : "MISSED",
               far.seek_max);
    replay_free(&r);
    library_free(lib);
    return 0;
}

int snapshot_bench_run(bench *b)
{
    bench_begin_scenario(b, "snapshot",
                         "world snapshots: take and restore (one memcpy per state block) at the "
                         "game's capacity and at 100,000 bullets, and their size");
    int repeats = b->quick ? 5 : SB_REPEATS;
    sb_result game, big;
    if (sb_measure(WORLD_BULLETS, repeats, &game) != 0 || sb_measure(100000, repeats, &big) != 0) {
        fprintf(b->out, "snapshot: out of memory\n");
        return -1;
    }
    static const bench_column cols[] = {
        {"size", "MiB", 2, BENCH_LOWER_BETTER},
        {"take", "ms", 3, BENCH_LOWER_BETTER},
        {"restore", "ms", 3, BENCH_LOWER_BETTER},
        {"take rate", "GB/s", 2, BENCH_HIGHER_BETTER},
    };
    char title[160];
    snprintf(title, sizeof title, "a world's whole state, one core (median of %d)", repeats);
    bench_table t;
    bench_table_begin(&t, b, "world", title, cols, 4, 24);
    sb_row(&t, "16,384 bullets (game)", &game);
    sb_row(&t, "100,000 bullets", &big);
    bench_table_end(&t);
    bench_record(b, "snapshot/world/bytes/game", (double)game.size, "bytes", BENCH_NEUTRAL);
    bench_record(b, "snapshot/world/bytes/100k", (double)big.size, "bytes", BENCH_NEUTRAL);
    bench_note(b, "sizes: %zu bytes at the game's capacity, %zu at 100,000 bullets", game.size,
               big.size);
    if (sb_seek_table(b) != 0) {
        fprintf(b->out, "snapshot: the replay seeks could not run (patterns, memory)\n");
        return -1;
    }
    return 0;
}
