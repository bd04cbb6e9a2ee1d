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

#define SB_SAMPLES 64 /* snapshot points at most */
#define SB_DETOUR  30 /* frames the world moves on before each restore */

/* The in-process baseline: every block of world_blocks copied whole, one memcpy
 * each (what game/snapshot did before it copied the live parts only). */
static void sb_whole_take(unsigned char *buf, const world *w)
{
    memblock_list l = {.count = 0};
    world_blocks((world *)w, &l);
    for (int i = 0; i < l.count; i++) {
        memcpy(buf, l.at[i].data, l.at[i].size);
        buf += l.at[i].size;
    }
}

static void sb_whole_restore(const unsigned char *buf, world *w)
{
    memblock_list l = {.count = 0};
    world_blocks(w, &l);
    workers *threads = w->workers;
    int print_scripts = w->print_scripts;
    for (int i = 0; i < l.count; i++) {
        memcpy(l.at[i].data, buf, l.at[i].size);
        buf += l.at[i].size;
    }
    w->workers = threads;
    w->print_scripts = print_scripts;
}

/* Per snapshot point: the times of the live path and of the whole-block copy. */
typedef struct sb_result {
    double take[SB_SAMPLES], restore[SB_SAMPLES], whole_take[SB_SAMPLES], whole_restore[SB_SAMPLES];
    double live_bytes, bullets; /* means over the points */
    double live_max;
    size_t size;
    int points, wrong; /* points; restores whose hash was not the taken one's */
} sb_result;

/* The input of the ship at frame f: weaving and shooting. */
static input_bits sb_input(uint32_t f)
{
    return (input_bits)(INPUT_BIT(INPUT_SHOT) |
                        (f / 50 % 2 ? INPUT_BIT(INPUT_LEFT) : INPUT_BIT(INPUT_RIGHT)));
}

/* One snapshot point of w: take (live, then whole), move on SB_DETOUR frames,
 * restore live (timed), check the hash, move on again, restore whole. */
static void sb_point(world *w, snapshot *s, unsigned char *whole, uint32_t f, sb_result *r)
{
    int k = r->points++;
    uint64_t t0 = clock_now_ns();
    snapshot_take(s, w);
    uint64_t t1 = clock_now_ns();
    sb_whole_take(whole, w);
    uint64_t t2 = clock_now_ns();
    uint64_t at = world_hash(w);
    r->take[k] = (double)(t1 - t0);
    r->whole_take[k] = (double)(t2 - t1);
    r->live_bytes += (double)s->live;
    if ((double)s->live > r->live_max)
        r->live_max = (double)s->live;
    r->bullets += w->bullets.live;
    for (uint32_t d = 0; d < SB_DETOUR; d++)
        world_step(w, sb_input(f + 25 + d));
    t0 = clock_now_ns();
    snapshot_restore(s, w);
    t1 = clock_now_ns();
    r->restore[k] = (double)(t1 - t0);
    r->wrong += world_hash(w) != at;
    for (uint32_t d = 0; d < SB_DETOUR; d++)
        world_step(w, sb_input(f + 25 + d));
    t0 = clock_now_ns();
    sb_whole_restore(whole, w);
    t1 = clock_now_ns();
    r->whole_restore[k] = (double)(t1 - t0);
    r->wrong += world_hash(w) != at;
}

/* Measures snapshots of w every `every` frames over `frames` frames of play. */
static int sb_run(world *w, uint32_t frames, uint32_t every, sb_result *r)
{
    memset(r, 0, sizeof *r);
    snapshot s;
    unsigned char *whole = NULL;
    if (snapshot_init(&s, w) != 0 || !(whole = mem_alloc_aligned(s.size, 64))) {
        snapshot_free(&s);
        return -1;
    }
    r->size = s.size;
    for (uint32_t f = 0; f < frames && !world_over(w) && r->points < SB_SAMPLES; f++) {
        world_step(w, sb_input(f));
        if (f % every == every - 1)
            sb_point(w, &s, whole, f, r);
    }
    if (r->points) {
        r->live_bytes /= r->points;
        r->bullets /= r->points;
    }
    bench_consume(world_hash(w));
    mem_free(whole);
    snapshot_free(&s);
    return r->points ? 0 : -1;
}

/* Stage 3 on the hardest difficulty, the ship weaving and shooting (it cannot be
 * hit, so the run lasts), a snapshot point every `every` frames. */
static int sb_stage(const library *lib, uint32_t frames, uint32_t every, sb_result *r)
{
    world_config cfg = {.seed = 7, .difficulty = 3, .flags = WORLD_FLAG_INVULNERABLE, .stage = 2};
    world *w = mem_alloc(sizeof *w);
    if (!w || world_init(w, &cfg, lib) != 0) {
        mem_free(w);
        return -1;
    }
    int rc = sb_run(w, frames, every, r);
    world_free(w);
    mem_free(w);
    return rc;
}

/* A world of 100,000 bullets capacity filled with `bullets` slow bullets in the
 * upper half of the playfield (no content: the pool is the state). */
static int sb_crowd(uint32_t bullets, int points, sb_result *r)
{
    world_config cfg = {.seed = 1, .flags = WORLD_FLAG_INVULNERABLE};
    world *w = mem_alloc(sizeof *w);
    if (!w || world_init_sized(w, &cfg, NULL, bullets) != 0) {
        if (w)
            world_free(w);
        mem_free(w);
        return -1;
    }
    for (uint32_t i = 0; i < bullets; i++) {
        bullet_spawn sp = {.x = 8.0f + (float)(i % 320) * 1.1f,
                           .y = 8.0f + (float)(i / 320 % 300) * 0.7f,
                           .heading = (double)(i % 360),
                           .speed = 0.01};
        bullet_pool_spawn(&w->bullets, &sp);
    }
    int rc = sb_run(w, (uint32_t)points * 4, 4, r);
    world_free(w);
    mem_free(w);
    return rc;
}

/* ms of the median of n samples in ns (sorts them). */
static double sb_ms(double *ns, int n)
{
    return bench_summarize(ns, n).p50 / 1e6;
}

static void sb_row(bench_table *t, bench *b, const char *label, const char *key, sb_result *r)
{
    int n = r->points;
    bench_stats take = bench_summarize(r->take, n), restore = bench_summarize(r->restore, n);
    double whole_take = sb_ms(r->whole_take, n), whole_restore = sb_ms(r->whole_restore, n);
    double mb = r->live_bytes / 1e6;
    bench_table_row(t, label);
    bench_table_value(t, r->bullets);
    bench_table_value(t, mb);
    bench_table_value(t, take.p50 / 1e6);
    bench_table_value(t, take.max / 1e6);
    bench_table_value(t, restore.p50 / 1e6);
    bench_table_value(t, restore.max / 1e6);
    bench_table_value(t, whole_take / (take.p50 / 1e6));
    bench_table_value(t, whole_restore / (restore.p50 / 1e6));
    bench_table_value(t, mb > 0 ? take.p50 / mb : 0);
    char k[96];
    snprintf(k, sizeof k, "snapshot/live/whole_take_ms/%s", key);
    bench_record(b, k, whole_take, "ms", BENCH_LOWER_BETTER);
    snprintf(k, sizeof k, "snapshot/live/whole_restore_ms/%s", key);
    bench_record(b, k, whole_restore, "ms", BENCH_LOWER_BETTER);
    snprintf(k, sizeof k, "snapshot/live/bytes/%s", key);
    bench_record(b, k, r->live_bytes, "bytes", BENCH_NEUTRAL);
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
                         "world snapshots: take and restore (the live part of each state "
                         "block; baseline: every block whole) on Lunatic stage 3 and at 100,000 "
                         "bullets");
    char dir[512];
    diag_list diags;
    diag_init(&diags);
    library *lib = data_path_join(dir, sizeof dir, "patterns") == 0
                       ? library_load_dir(dir, NULL, &diags)
                       : NULL;
    diag_free(&diags);
    static sb_result stage, crowd; /* big: not on the stack */
    int points = b->quick ? 8 : SB_SAMPLES;
    if (!lib || sb_stage(lib, (uint32_t)points * 100, 100, &stage) != 0 ||
        sb_crowd(100000, b->quick ? 4 : 16, &crowd) != 0) {
        library_free(lib);
        fprintf(b->out, "snapshot: out of memory, or the patterns did not load\n");
        return -1;
    }
    library_free(lib);
    if (stage.wrong || crowd.wrong) {
        fprintf(b->out, "snapshot: %d restores did not give the taken state's hash\n",
                stage.wrong + crowd.wrong);
        return -1;
    }
    static const bench_column cols[] = {
        {"bullets", "", 0, BENCH_NEUTRAL},
        {"live", "MB", 2, BENCH_LOWER_BETTER},
        {"take p50", "ms", 3, BENCH_LOWER_BETTER},
        {"take max", "ms", 3, BENCH_LOWER_BETTER},
        {"restore p50", "ms", 3, BENCH_LOWER_BETTER},
        {"restore max", "ms", 3, BENCH_LOWER_BETTER},
        {"take vs whole", "x", 1, BENCH_HIGHER_BETTER},
        {"restore vs whole", "x", 1, BENCH_HIGHER_BETTER},
        {"take", "ns/MB", 0, BENCH_LOWER_BETTER},
    };
    char title[192];
    snprintf(title, sizeof title,
             "a world's state, live parts only, one core (%d and %d snapshot points; each "
             "restore after %d frames moved on)",
             stage.points, crowd.points, SB_DETOUR);
    bench_table t;
    bench_table_begin(&t, b, "world", title, cols, 9, 26);
    sb_row(&t, b, "Lunatic stage 3 (game)", "stage3", &stage);
    sb_row(&t, b, "100,000 bullets", "100k", &crowd);
    bench_table_end(&t);
    bench_record(b, "snapshot/world/bytes/game", (double)stage.size, "bytes", BENCH_NEUTRAL);
    bench_record(b, "snapshot/world/bytes/100k", (double)crowd.size, "bytes", BENCH_NEUTRAL);
    bench_note(b,
               "room: %zu bytes at the game's capacity, %zu at 100,000 bullets; live at most "
               "%.0f and %.0f bytes; the whole-block baseline's medians: take %.3f / %.3f ms, "
               "restore %.3f / %.3f ms",
               stage.size, crowd.size, stage.live_max, crowd.live_max,
               sb_ms(stage.whole_take, stage.points), sb_ms(crowd.whole_take, crowd.points),
               sb_ms(stage.whole_restore, stage.points), sb_ms(crowd.whole_restore, crowd.points));
    if (sb_seek_table(b) != 0) {
        fprintf(b->out, "snapshot: the replay seeks could not run (patterns, memory)\n");
        return -1;
    }
    return 0;
}
