/*
 * threads_bench: `curtain bench threads`. See threads_bench.h and docs/bench.md
 * ("Scenario `threads`").
 *
 * Each phase is timed on the same scene three ways, sample after sample in
 * turn (so a change of load on a shared machine hits them alike): on one
 * thread, split over two threads whatever the size (its split_min lowered to
 * 0), and as the engine runs it (the *_workers function with its own
 * threshold, given the two-thread pool). A fresh pair of scenes then checks
 * that one and two threads give the same result bit for bit.
 */
#include "bench/threads_bench.h"

#include "bench/bench_scene.h"
#include "core/clock.h"
#include "core/hash.h"
#include "core/mem.h"
#include "core/workers.h"
#include "render/bullet_instances.h"
#include "render/bullet_view.h"
#include "render/sprite_batch.h"
#include "sim/collision.h"
#include "sim/playfield.h"

#include <math.h>
#include <string.h>

#define TB_SEED         0x7468726561647321ull /* "threads!" */
#define TB_SAMPLES      15
#define TB_QUICK        3
#define TB_THREADS      2
#define TB_CHECK_FRAMES 40

typedef enum tb_phase {
    TB_MOTION,    /* bullet_pool_update: straight bullets */
    TB_TURNING,   /* the same, every bullet turning */
    TB_SWEEP,     /* the player's collision sweep: hits and grazes */
    TB_VERTICES,  /* the sprite batch's vertex loop through the draw order */
    TB_INSTANCES, /* the instanced renderer's stream through the draw order */
    TB_PHASES
} tb_phase;

static const char *const tb_phase_names[TB_PHASES] = {"motion", "motion, turning", "player sweep",
                                                      "vertices", "instances"};

/* One scene and what each phase needs beside the pool. */
typedef struct tb_scene {
    bullet_pool pool;
    bench_scene_motion motion;
    collision coll;
    collision_list hits, grazes;
    uint8_t *grazed;
    sprite_batch batch;
    bullet_instances inst;
} tb_scene;

static void tb_scene_free(tb_scene *s)
{
    bullet_pool_free(&s->pool);
    bench_scene_motion_free(&s->motion);
    collision_free(&s->coll);
    collision_list_free(&s->hits);
    collision_list_free(&s->grazes);
    mem_free(s->grazed);
    sprite_batch_free(&s->batch);
    bullet_instances_free(&s->inst);
    memset(s, 0, sizeof *s);
}

/* The scene for a phase at n bullets, moved once so that motion is known. */
static int tb_scene_make(tb_scene *s, tb_phase phase, uint32_t n)
{
    memset(s, 0, sizeof *s);
    int ok = bench_scene_fill(&s->pool, n, TB_SEED, phase == TB_TURNING ? 100 : 0) == 0 &&
             bench_scene_motion_init(&s->motion, s->pool.capacity) == 0;
    if (ok && phase == TB_SWEEP) {
        collision_config cfg = {.item_cap = (int)s->pool.capacity};
        ok = collision_init(&s->coll, &cfg) == 0 && collision_list_init(&s->hits, (int)n) == 0 &&
             collision_list_init(&s->grazes, (int)n) == 0 &&
             (s->grazed = mem_calloc(s->pool.capacity, 1)) != NULL;
        s->coll.path = COLLISION_SWEEP;
    }
    if (ok && phase == TB_VERTICES) {
        sprite_layer_spec layers[2] = {{SPRITE_BLEND_ALPHA, (int)n}, {SPRITE_BLEND_ADD, (int)n}};
        ok = sprite_batch_init(&s->batch, SPRITE_BATCH_VERTICES, layers, 2) == 0;
        sprite_batch_set_additive(&s->batch, BULLET_SHAPE_BUBBLE, 1);
    }
    if (ok && phase == TB_INSTANCES) {
        ok = bullet_instances_init(&s->inst, (int)n) == 0;
        bullet_instances_set_additive(&s->inst, BULLET_SHAPE_BUBBLE, 1);
    }
    if (!ok) {
        tb_scene_free(s);
        return -1;
    }
    bench_scene_motion_before(&s->motion, &s->pool);
    bullet_pool_update(&s->pool);
    bench_scene_motion_after(&s->motion, &s->pool);
    return 0;
}

/* Runs the phase once; w NULL: one thread. */
static void tb_run(tb_scene *s, tb_phase phase, workers *w)
{
    switch (phase) {
    case TB_MOTION:
    case TB_TURNING: bullet_pool_update_workers(&s->pool, w); break;
    case TB_SWEEP: {
        circle_set set = bench_scene_circles(&s->motion, &s->pool);
        collision_player_query q = {PLAYFIELD_W / 2, PLAYFIELD_H * 0.8f, 1.5f, -1.0f, 2.5f,
                                    16.0f,           s->grazed,          1};
        collision_list_clear(&s->hits);
        collision_list_clear(&s->grazes);
        memset(s->grazed, 0, s->pool.capacity);
        collision_player_workers(&s->coll, w, &set, &q, 1, &s->hits, &s->grazes);
        break;
    }
    case TB_VERTICES: {
        sprite_bullets view = bullet_view_of_pool(&s->pool);
        sprite_batch_clear(&s->batch);
        sprite_batch_add_bullets_workers(&s->batch, &view, 0, 1, w);
        break;
    }
    case TB_INSTANCES: {
        sprite_bullets view = bullet_view_of_pool(&s->pool);
        bullet_instances_clear(&s->inst);
        bullet_instances_add_workers(&s->inst, &view, w);
        break;
    }
    default: break;
    }
}

/* A hash of what the phase produced. */
static uint64_t tb_result(const tb_scene *s, tb_phase phase)
{
    hasher hs;
    hash_begin(&hs, phase);
    switch (phase) {
    case TB_MOTION:
    case TB_TURNING: bullet_pool_hash(&s->pool, &hs); break;
    case TB_SWEEP:
        hash_bytes(&hs, s->hits.index, (size_t)s->hits.count * sizeof *s->hits.index);
        hash_u32(&hs, 0xffffffffu);
        hash_bytes(&hs, s->grazes.index, (size_t)s->grazes.count * sizeof *s->grazes.index);
        hash_bytes(&hs, s->grazed, s->pool.capacity);
        break;
    case TB_VERTICES:
        for (int l = 0; l < s->batch.layer_count; l++) {
            const sprite_layer *L = &s->batch.layers[l];
            hash_u32(&hs, (uint32_t)L->count);
            hash_bytes(&hs, L->vertices, (size_t)L->count * 16 * sizeof(float));
        }
        break;
    case TB_INSTANCES:
        for (int l = 0; l < BULLET_INSTANCE_LAYERS; l++) {
            hash_u32(&hs, (uint32_t)s->inst.count[l]);
            hash_bytes(&hs, s->inst.layer[l], (size_t)s->inst.count[l] * sizeof(bullet_instance));
        }
        break;
    default: break;
    }
    return hash_end(&hs);
}

/* Sets how the phase's function splits: at every size (0), or as shipped. */
static void tb_set_split(tb_scene *s, int forced)
{
    s->pool.split_min = forced ? 0 : BULLET_POOL_SPLIT_MIN;
    s->coll.split_min = forced ? 0 : COLLISION_SPLIT_MIN;
    s->batch.split_min = forced ? 0 : SPRITE_BATCH_SPLIT_MIN;
    s->inst.split_min = forced ? 0 : BULLET_INSTANCES_SPLIT_MIN;
}

/* The threads the engine's function uses at this size with a two-thread pool. */
static int tb_engine_threads(tb_phase phase, uint32_t n)
{
    uint32_t min = phase == TB_SWEEP       ? COLLISION_SPLIT_MIN
                   : phase == TB_VERTICES  ? SPRITE_BATCH_SPLIT_MIN
                   : phase == TB_INSTANCES ? BULLET_INSTANCES_SPLIT_MIN
                                           : BULLET_POOL_SPLIT_MIN;
    return n >= min ? TB_THREADS : 1;
}

typedef struct tb_times {
    double one, two, engine; /* ns per bullet, medians */
} tb_times;

/* Times the phase on one scene: one thread, forced split, engine; interleaved. */
static tb_times tb_time(tb_scene *s, tb_phase phase, workers *w, int samples)
{
    double t[3][TB_SAMPLES];
    int reps = s->pool.live >= 500000 ? 1 : s->pool.live >= 50000 ? 4 : 32;
    for (int k = -1; k < samples; k++) { /* k = -1: a warm-up round, not kept */
        for (int way = 0; way < 3; way++) {
            tb_set_split(s, way == 1);
            workers *use = way == 0 ? NULL : w;
            uint64_t t0 = clock_now_ns();
            for (int r = 0; r < reps; r++)
                tb_run(s, phase, use);
            uint64_t t1 = clock_now_ns();
            if (k >= 0)
                t[way][k] = (double)(t1 - t0) / ((double)reps * s->pool.live);
        }
    }
    tb_times out = {bench_summarize(t[0], samples).p50, bench_summarize(t[1], samples).p50,
                    bench_summarize(t[2], samples).p50};
    return out;
}

/* Two fresh scenes, one run on one thread and one split in two, frame after
 * frame (motion: each frame's update; the others: the phase after each
 * update): 1 when every frame's results agree. */
static int tb_check(tb_phase phase, uint32_t n, workers *w, int frames)
{
    tb_scene a, b;
    if (tb_scene_make(&a, phase, n) != 0)
        return -1;
    if (tb_scene_make(&b, phase, n) != 0) {
        tb_scene_free(&a);
        return -1;
    }
    tb_set_split(&b, 1);
    int same = 1;
    for (int f = 0; f < frames && same; f++) {
        if (phase != TB_MOTION && phase != TB_TURNING) {
            bench_scene_motion_before(&a.motion, &a.pool);
            bench_scene_motion_before(&b.motion, &b.pool);
            bullet_pool_update(&a.pool);
            bullet_pool_update(&b.pool);
            bench_scene_motion_after(&a.motion, &a.pool);
            bench_scene_motion_after(&b.motion, &b.pool);
        }
        tb_run(&a, phase, NULL);
        tb_run(&b, phase, w);
        same = tb_result(&a, phase) == tb_result(&b, phase);
    }
    tb_scene_free(&a);
    tb_scene_free(&b);
    return same;
}

/* Microseconds for workers_run of an empty pass on the two-thread pool. */
static void tb_nothing(void *ctx, int part, int parts)
{
    (void)ctx;
    (void)part;
    (void)parts;
}

static double tb_empty_pass_us(workers *w, int samples)
{
    double t[TB_SAMPLES];
    for (int k = 0; k < samples; k++) {
        uint64_t t0 = clock_now_ns();
        for (int r = 0; r < 200; r++)
            workers_run(w, tb_nothing, NULL, TB_THREADS);
        t[k] = (double)(clock_now_ns() - t0) / 200 / 1000.0;
    }
    return bench_summarize(t, samples).p50;
}

int threads_bench_run(bench *b)
{
    bench_begin_scenario(b, "threads",
                         "each phase that splits over threads, on one thread and on two");
    workers w;
    if (workers_init(&w, TB_THREADS) != 0)
        bench_note(b, "only %d thread(s) could be started", workers_threads(&w));
    static const uint32_t sizes[] = {10000, 100000, 1000000};
    static const char *const labels[] = {"10k", "100k", "1M"};
    int size_count = b->quick ? 2 : 3, samples = b->quick ? TB_QUICK : TB_SAMPLES;
    static const bench_column cols[] = {
        {"1 thread", "ns/bullet", 3, BENCH_LOWER_BETTER},
        {"2 threads", "ns/bullet", 3, BENCH_LOWER_BETTER},
        {"speedup", "x", 2, BENCH_HIGHER_BETTER},
        {"engine", "ns/bullet", 3, BENCH_LOWER_BETTER},
        {"engine uses", "threads", 0, BENCH_NEUTRAL},
        {"same result", "yes=1", 0, BENCH_HIGHER_BETTER},
    };
    bench_table t;
    bench_table_begin(&t, b, "phases",
                      "Phases on one thread and split over two (ns per bullet, medians of "
                      "interleaved samples); engine: the *_workers function with its threshold",
                      cols, 6, 24);
    int rc = 0, mismatches = 0;
    for (int ph = 0; ph < TB_PHASES && rc == 0; ph++)
        for (int k = 0; k < size_count; k++) {
            tb_scene s;
            if (tb_scene_make(&s, (tb_phase)ph, sizes[k]) != 0) {
                rc = -1;
                break;
            }
            tb_times tt = tb_time(&s, (tb_phase)ph, &w, samples);
            tb_scene_free(&s);
            int same = tb_check((tb_phase)ph, sizes[k], &w, b->quick ? 4 : TB_CHECK_FRAMES);
            if (same < 0) {
                rc = -1;
                break;
            }
            mismatches += !same;
            char row[48];
            snprintf(row, sizeof row, "%s %s", tb_phase_names[ph], labels[k]);
            bench_table_row(&t, row);
            bench_table_value(&t, tt.one);
            bench_table_value(&t, tt.two);
            bench_table_value(&t, tt.one / tt.two);
            bench_table_value(&t, tt.engine);
            bench_table_value(&t, tb_engine_threads((tb_phase)ph, sizes[k]));
            bench_table_value(&t, same);
        }
    bench_table_end(&t);
    double empty = tb_empty_pass_us(&w, samples);
    bench_note(b, "an empty pass on %d threads (wake, run nothing, wait): %.2f us",
               workers_threads(&w), empty);
    bench_record(b, "threads/empty_pass", empty, "us", BENCH_LOWER_BETTER);
    bench_note(b, "%s",
               mismatches ? "one and two threads gave DIFFERENT results"
                          : "one and two threads gave the same results, bit for bit");
    bench_record(b, "threads/check/mismatches", mismatches, "rows", BENCH_LOWER_BETTER);
    workers_free(&w);
    return rc;
}
