/*
 * frame_bench: whole game frames and the cancel storm. See frame_bench.h and
 * docs/bench.md ("Scenarios `frame*`" and "Scenario `storm`").
 *
 * One and two threads are measured on the same world, frame after frame in
 * turn (even frames on the caller alone, odd frames with the two-thread pool):
 * the split gives the same state either way, so both see the same bullets at
 * the same moment, and a change of load on the shared machine hits both alike.
 */
#include "bench/frame_bench.h"

#include "core/clock.h"
#include "core/mem.h"
#include "core/rng.h"
#include "core/workers.h"
#include "game/world.h"
#include "pattern/content/library.h"
#include "pattern/language/diag.h"
#include "render/bullet_instances.h"
#include "render/bullet_view.h"
#include "render/sprite_batch.h"
#include "sim/playfield.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define FB_SEED          0x6672616d65ull /* "frame" */
#define FB_KINDS         4               /* fire statements per emitter and frame */
#define FB_MAX_EMITTERS  64
#define FB_MAX_FRAMES    1200
#define FB_PLAYER_HIT_R  2.5f
#define FB_PLAYER_GRAZE  16.0f
#define FB_STORM_CANCELS 4
#define FB_STORM_RUNS    3 /* per engine; each frame keeps its least time */

/* ---- the stage --------------------------------------------------------------- */

/* How many emitters, and bullets per ring, give about `bullets` live bullets. */
static void fb_layout(uint32_t bullets, int life, int *emitters, int *ring)
{
    double per_frame = (double)bullets / life / FB_KINDS; /* rings of one kind, all emitters */
    int k = (int)ceil(per_frame / FB_MAX_EMITTERS);
    k = k < 1 ? 1 : k;
    int e = (int)lround(per_frame / k);
    *emitters = e < 1 ? 1 : e > FB_MAX_EMITTERS ? FB_MAX_EMITTERS : e;
    *ring = k;
}

/* Where emitter i of n stands: a grid over the top three quarters of the field. */
static void fb_emitter_at(int i, int n, float *x, float *y)
{
    int cols = (int)ceil(sqrt(n * 1.2));
    int rows = (n + cols - 1) / cols;
    int r = i / cols, c = i % cols;
    *x = 24.0f + (PLAYFIELD_W - 48.0f) * ((float)c + 0.5f) / (float)cols;
    *y = 24.0f + (PLAYFIELD_H * 0.75f - 24.0f) * ((float)r + 0.5f) / (float)rows;
}

int frame_bench_stage_source(char *out, size_t size, uint32_t bullets, int life, int clear_every)
{
    int emitters, ring;
    fb_layout(bullets, life, &emitters, &ring);
    size_t at = 0;
    int n =
        snprintf(out, size,
                 "# the bench stage: %d emitters, rings of %d, bullets living %d frames\n"
                 "enemy bench_emitter(k, life) {\n"
                 "    look turret\n"
                 "    health 1000000000\n"
                 "    loop {\n"
                 "        fire orb_small red ring k at rand(0, 360) speed rand(0.3, 0.9) "
                 "life life\n"
                 "        fire rice cyan ring k at rand(0, 360) speed rand(0.3, 0.9) life life\n"
                 "        fire star yellow ring k at rand(0, 360) speed rand(0.3, 0.9) "
                 "spin 0.5 life life\n"
                 "        fire kunai purple ring k at rand(0, 360) speed rand(0.3, 0.9) "
                 "life life\n"
                 "        wait 1\n"
                 "    }\n"
                 "}\n"
                 "stage bench {\n",
                 emitters, ring, life);
    if (n < 0 || (size_t)n >= size)
        return -1;
    at = (size_t)n;
    for (int i = 0; i < emitters; i++) {
        float x, y;
        fb_emitter_at(i, emitters, &x, &y);
        n = snprintf(out + at, size - at, "    spawn bench_emitter(%d, %d) at (%.1f, %.1f)\n", ring,
                     life, (double)x, (double)y);
        if (n < 0 || (size_t)n >= size - at)
            return -1;
        at += (size_t)n;
    }
    n = clear_every > 0
            ? snprintf(out + at, size - at,
                       "    loop {\n        wait %d\n        clear\n    }\n}\n", clear_every)
            : snprintf(out + at, size - at, "    loop {\n        wait 60\n    }\n}\n");
    if (n < 0 || (size_t)n >= size - at)
        return -1;
    return (int)(at + (size_t)n);
}

int frame_bench_stress_source(char *out, size_t size)
{
    const int life = FRAME_BENCH_STORM_LIFE;
    double rate = (double)FRAME_BENCH_STRESS_START / life / FRAME_BENCH_STRESS_EMITTERS;
    int n = snprintf(out, size,
                     "# the stress stage: %d emitters, each firing `rate` bullets a frame (rings\n"
                     "# of four kinds), the rate growing %.0f%% every half second\n"
                     "enemy stress_emitter(rate) {\n"
                     "    look turret\n"
                     "    health 1000000000\n"
                     "    var owed = 0\n"
                     "    loop {\n"
                     "        owed += rate\n"
                     "        var k = floor(owed / 4)\n"
                     "        if k >= 1 {\n"
                     "            fire orb_small red ring k at rand(0, 360) speed rand(0.3, 0.9) "
                     "life %d\n"
                     "            fire rice cyan ring k at rand(0, 360) speed rand(0.3, 0.9) "
                     "life %d\n"
                     "            fire star yellow ring k at rand(0, 360) speed rand(0.3, 0.9) "
                     "spin 0.5 life %d\n"
                     "            fire kunai purple ring k at rand(0, 360) speed rand(0.3, 0.9) "
                     "life %d\n"
                     "            owed -= k * 4\n"
                     "        }\n"
                     "        if time %% 30 == 29 {\n"
                     "            rate *= %.2f\n"
                     "        }\n"
                     "        wait 1\n"
                     "    }\n"
                     "}\n"
                     "stage stress {\n",
                     FRAME_BENCH_STRESS_EMITTERS, (FRAME_BENCH_STRESS_GROWTH - 1.0) * 100.0, life,
                     life, life, life, FRAME_BENCH_STRESS_GROWTH);
    if (n < 0 || (size_t)n >= size)
        return -1;
    size_t at = (size_t)n;
    for (int i = 0; i < FRAME_BENCH_STRESS_EMITTERS; i++) {
        float x, y;
        fb_emitter_at(i, FRAME_BENCH_STRESS_EMITTERS, &x, &y);
        n = snprintf(out + at, size - at, "    spawn stress_emitter(%.4f) at (%.1f, %.1f)\n", rate,
                     (double)x, (double)y);
        if (n < 0 || (size_t)n >= size - at)
            return -1;
        at += (size_t)n;
    }
    n = snprintf(out + at, size - at, "    loop {\n        wait 60\n    }\n}\n");
    if (n < 0 || (size_t)n >= size - at)
        return -1;
    return (int)(at + (size_t)n);
}

/* ---- the world under test ------------------------------------------------------ */

typedef struct fb_world {
    library *lib;
    world w;
    workers pool;   /* two threads */
    workers pool_n; /* fb_cores() threads, when more than two */
    sprite_batch batch;
    int has_batch;
    bullet_instances inst; /* the instanced renderer's stream (with the batch) */
} fb_world;

/* The machine's cores (at least 1, at most WORKERS_MAX). */
static int fb_cores(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > WORKERS_MAX ? WORKERS_MAX : (int)n;
}

/* The world's worker pool for `threads` threads: NULL for one. */
static workers *fb_pool_for(fb_world *f, int threads)
{
    return threads <= 1 ? NULL : threads == 2 ? &f->pool : &f->pool_n;
}

static void fb_world_close(fb_world *f)
{
    world_free(&f->w);
    library_free(f->lib);
    workers_free(&f->pool);
    workers_free(&f->pool_n);
    if (f->has_batch) {
        sprite_batch_free(&f->batch);
        bullet_instances_free(&f->inst);
    }
    memset(f, 0, sizeof *f);
}

/* A world running the bench stage for about `bullets` live bullets, with room
 * for cap (0: the count, a quarter more for a frame's spawns and the culling
 * margin, and 1024); with_batch: a sprite batch for the vertex loop too.
 * Returns 0 or -1. */
static int fb_world_open(fb_world *f, uint32_t bullets, uint32_t cap, int life, int clear_every,
                         int with_batch, int threads_n)
{
    memset(f, 0, sizeof *f);
    workers_init(&f->pool, 2);
    workers_init(&f->pool_n, threads_n > 2 ? threads_n : 1);
    static char src[8192];
    int len = frame_bench_stage_source(src, sizeof src, bullets, life, clear_every);
    if (len < 0)
        return -1;
    library_file file = {"bench_stage.pat", src, (size_t)len};
    diag_list diags;
    diag_init(&diags);
    f->lib = library_compile(&file, 1, &diags);
    if (!f->lib)
        diag_print(&diags, stderr);
    diag_free(&diags);
    cap = cap ? cap : bullets + bullets / 4 + 1024;
    world_config cfg = {.seed = FB_SEED, .difficulty = 1, .flags = WORLD_FLAG_INVULNERABLE};
    if (!f->lib || world_init_sized(&f->w, &cfg, f->lib, cap) != 0) {
        fb_world_close(f);
        return -1;
    }
    if (with_batch) {
        sprite_layer_spec layers[2] = {{SPRITE_BLEND_ALPHA, (int)cap},
                                       {SPRITE_BLEND_ADD, (int)cap}};
        if (sprite_batch_init(&f->batch, SPRITE_BATCH_VERTICES, layers, 2) != 0) {
            fb_world_close(f);
            return -1;
        }
        f->has_batch = 1;
        sprite_batch_set_additive(&f->batch, BULLET_SHAPE_BUBBLE, 1);
        if (bullet_instances_init(&f->inst, (int)cap) != 0) {
            fb_world_close(f);
            return -1;
        }
        bullet_instances_set_additive(&f->inst, BULLET_SHAPE_BUBBLE, 1);
    }
    return 0;
}

/* What one frame cost. */
typedef struct fb_sample {
    double frame_ms; /* wall clock */
    double cpu_ms;   /* the calling thread's CPU time: the frame less any preemption */
    double script_ns, motion_ns, collide_ns, vertex_ns; /* per live bullet */
    double instance_ns;     /* the instance stream's build, per live bullet (not in frame_ms) */
    double instance_cpu_ms; /* its CPU time on the calling thread */
    uint32_t live;
    int cancelled; /* the frame cancelled bullets */
} fb_sample;

/* One world_step on `threads` threads; the instance stream's build and the
 * vertex loop after it when the world has a batch (not part of frame_ms). */
static void fb_world_step(fb_world *f, int threads, fb_sample *s)
{
    world *w = &f->w;
    w->workers = fb_pool_for(f, threads);
    uint64_t c0 = clock_thread_ns(), t0 = clock_now_ns();
    world_step(w, 0);
    uint64_t t1 = clock_now_ns(), c1 = clock_thread_ns();
    uint32_t live = w->bullets.live ? w->bullets.live : 1;
    s->frame_ms = (double)(t1 - t0) / 1e6;
    s->cpu_ms = (double)(c1 - c0) / 1e6;
    s->script_ns = (double)w->stats.script_ns / live;
    s->motion_ns = (double)w->stats.motion_ns / live;
    s->collide_ns = (double)w->stats.collision_ns / live;
    s->live = w->bullets.live;
    s->cancelled = 0;
    for (int i = 0; i < w->event_count && !s->cancelled; i++)
        s->cancelled = w->events[i].kind == WORLD_EVENT_CANCEL;
    s->vertex_ns = NAN;
    s->instance_ns = NAN;
    s->instance_cpu_ms = 0;
    if (f->has_batch) {
        sprite_bullets view = bullet_view_of_pool(&w->bullets);
        uint64_t c4 = clock_thread_ns(), t4 = clock_now_ns();
        bullet_instances_clear(&f->inst);
        bullet_instances_add_workers(&f->inst, &view, w->workers);
        s->instance_ns = (double)(clock_now_ns() - t4) / live;
        s->instance_cpu_ms = (double)(clock_thread_ns() - c4) / 1e6;
        uint64_t t2 = clock_now_ns();
        sprite_batch_clear(&f->batch);
        sprite_batch_add_bullets_workers(&f->batch, &view, 0, 1, w->workers);
        s->vertex_ns = (double)(clock_now_ns() - t2) / live;
    }
}

int frame_bench_hash(uint32_t bullets, int life, int frames, int threads, uint64_t *hash,
                     uint32_t *live)
{
    fb_world f;
    if (fb_world_open(&f, bullets, 0, life, 0, 0, threads) != 0)
        return -1;
    f.w.bullets.split_min = 0;
    f.w.bullet_coll.split_min = 0;
    fb_sample s;
    for (int i = 0; i < frames; i++)
        fb_world_step(&f, threads, &s);
    *hash = world_hash(&f.w);
    *live = f.w.bullets.live;
    fb_world_close(&f);
    return 0;
}

/* ---- the naive baseline ----------------------------------------------------------- */

/* One bullet (or, in the storm, a star item) as its own heap object. */
typedef struct fb_naive_bullet {
    float x, y, heading, speed, spin, radius;
    int32_t life;
    uint8_t shape, color, grazed, item;
} fb_naive_bullet;

typedef struct fb_naive {
    fb_naive_bullet **list;
    uint32_t count, cap;
    rng r;
    int emitters, ring, life;
    float ex[FB_MAX_EMITTERS], ey[FB_MAX_EMITTERS];
    uint64_t hits, graze, refused;
} fb_naive;

static void fb_naive_free(fb_naive *n)
{
    for (uint32_t i = 0; i < n->count; i++)
        mem_free(n->list[i]);
    mem_free(n->list);
    memset(n, 0, sizeof *n);
}

/* Appends one object (refused and counted when the list is full). */
static fb_naive_bullet *fb_naive_add(fb_naive *n)
{
    fb_naive_bullet *b = n->count < n->cap ? mem_alloc(sizeof *b) : NULL;
    if (!b) {
        n->refused++;
        return NULL;
    }
    n->list[n->count++] = b;
    return b;
}

/* The frame's spawns: every emitter fires its four rings, as the stage does. */
static void fb_naive_spawn(fb_naive *n)
{
    static const float radius[FB_KINDS] = {2.5f, 3.0f, 4.0f, 3.0f};
    for (int e = 0; e < n->emitters; e++)
        for (int k = 0; k < FB_KINDS; k++) {
            float at = rng_range(&n->r, 0.0f, 360.0f);
            float speed = rng_range(&n->r, 0.3f, 0.9f);
            for (int j = 0; j < n->ring; j++) {
                fb_naive_bullet *b = fb_naive_add(n);
                if (!b)
                    return;
                *b = (fb_naive_bullet){n->ex[e],
                                       n->ey[e],
                                       at + 360.0f * (float)j / (float)n->ring,
                                       speed,
                                       k == 2 ? 0.5f : 0.0f,
                                       radius[k],
                                       n->life,
                                       (uint8_t)k,
                                       (uint8_t)k,
                                       0,
                                       0};
            }
        }
}

/* Everything moves: the heading through sinf/cosf, the lifetime, the cull;
 * the dead are freed and the list closed up. */
static void fb_naive_move(fb_naive *n)
{
    uint32_t kept = 0;
    for (uint32_t i = 0; i < n->count; i++) {
        fb_naive_bullet *b = n->list[i];
        b->heading += b->spin;
        float rad = b->heading * 3.14159265f / 180.0f;
        b->x += b->speed * sinf(rad);
        b->y -= b->speed * cosf(rad);
        if (--b->life <= 0 || b->x < -PLAYFIELD_CULL_MARGIN ||
            b->x > PLAYFIELD_W + PLAYFIELD_CULL_MARGIN || b->y < -PLAYFIELD_CULL_MARGIN ||
            b->y > PLAYFIELD_H + PLAYFIELD_CULL_MARGIN) {
            mem_free(b);
            continue;
        }
        n->list[kept++] = b;
    }
    n->count = kept;
}

/* Every bullet against the player: distance by square root, hit or graze. */
static void fb_naive_collide(fb_naive *n)
{
    const float px = PLAYFIELD_W * 0.5f, py = PLAYFIELD_H - 48.0f;
    for (uint32_t i = 0; i < n->count; i++) {
        fb_naive_bullet *b = n->list[i];
        if (b->item)
            continue;
        float dx = b->x - px, dy = b->y - py;
        float d = sqrtf(dx * dx + dy * dy);
        if (d < b->radius + FB_PLAYER_HIT_R)
            n->hits++;
        else if (d < b->radius + FB_PLAYER_GRAZE && !b->grazed) {
            b->grazed = 1;
            n->graze++;
        }
    }
}

/* Every bullet turns into a star item falling for a second: a new object each. */
static void fb_naive_cancel(fb_naive *n)
{
    uint32_t count = n->count;
    for (uint32_t i = 0; i < count; i++) {
        fb_naive_bullet *b = n->list[i];
        if (b->item)
            continue;
        *b = (fb_naive_bullet){b->x, b->y, 180.0f, 1.5f, 0, 8.0f, 60, 0, 0, 0, 1};
        fb_naive_bullet *sparkle = fb_naive_add(n);
        if (sparkle)
            *sparkle = (fb_naive_bullet){b->x, b->y, 0, 0, 0, 0, 10, 0, 0, 0, 1};
    }
}

/* A naive engine at the stage's layout, filled as the stage would be after a
 * lifetime of frames (each bullet moved by its age). Returns 0 or -1. */
static int fb_naive_open(fb_naive *n, uint32_t bullets, int life, int prefill)
{
    memset(n, 0, sizeof *n);
    fb_layout(bullets, life, &n->emitters, &n->ring);
    n->life = life;
    for (int e = 0; e < n->emitters; e++)
        fb_emitter_at(e, n->emitters, &n->ex[e], &n->ey[e]);
    rng_seed(&n->r, FB_SEED ^ 0x6e61697665ull);
    n->cap = bullets * 3 + 4096;
    n->list = mem_alloc((size_t)n->cap * sizeof *n->list);
    if (!n->list)
        return -1;
    for (int age = prefill ? life - 1 : 0; age > 0; age--) {
        uint32_t first = n->count;
        fb_naive_spawn(n);
        for (uint32_t i = first; i < n->count; i++) {
            fb_naive_bullet *b = n->list[i];
            float rad = b->heading * 3.14159265f / 180.0f;
            b->x += (float)age * b->speed * sinf(rad);
            b->y -= (float)age * b->speed * cosf(rad);
            b->life -= age;
        }
    }
    return 0;
}

/* One naive frame: spawns ("scripts"), motion, collision. */
static void fb_naive_step(fb_naive *n, int cancel, fb_sample *s)
{
    uint64_t c0 = clock_thread_ns(), t0 = clock_now_ns();
    fb_naive_spawn(n);
    uint64_t t1 = clock_now_ns();
    fb_naive_move(n);
    uint64_t t2 = clock_now_ns();
    fb_naive_collide(n);
    if (cancel)
        fb_naive_cancel(n);
    uint64_t t3 = clock_now_ns(), c3 = clock_thread_ns();
    double live = n->count ? n->count : 1;
    *s = (fb_sample){(double)(t3 - t0) / 1e6,
                     (double)(c3 - c0) / 1e6,
                     (double)(t1 - t0) / live,
                     (double)(t2 - t1) / live,
                     (double)(t3 - t2) / live,
                     NAN,
                     NAN,
                     0,
                     n->count,
                     cancel};
}

/* ---- summaries ------------------------------------------------------------------- */

/* The medians of the phases and the frame-time statistics of some samples. */
typedef struct fb_summary {
    double script, motion, collide, vertex, instance; /* ns per bullet, medians */
    bench_stats frame;                                /* ms */
    double with_instances;     /* p50 of the frame and the instance build together (ms) */
    double cpu;                /* p50 of the calling thread's CPU time in the frame (ms) */
    double cpu_with_instances; /* the same with the instance build */
    double live;               /* median */
} fb_summary;

static double fb_median_of(const fb_sample *s, int n, size_t offset, double *scratch)
{
    for (int i = 0; i < n; i++)
        scratch[i] = *(const double *)((const char *)&s[i] + offset);
    return bench_summarize(scratch, n).p50;
}

static fb_summary fb_summarize(const fb_sample *s, int n)
{
    static double scratch[FB_MAX_FRAMES];
    fb_summary out;
    out.script = fb_median_of(s, n, offsetof(fb_sample, script_ns), scratch);
    out.motion = fb_median_of(s, n, offsetof(fb_sample, motion_ns), scratch);
    out.collide = fb_median_of(s, n, offsetof(fb_sample, collide_ns), scratch);
    out.vertex = fb_median_of(s, n, offsetof(fb_sample, vertex_ns), scratch);
    out.instance = fb_median_of(s, n, offsetof(fb_sample, instance_ns), scratch);
    for (int i = 0; i < n; i++)
        scratch[i] =
            s[i].frame_ms + (isnan(s[i].instance_ns) ? 0.0 : s[i].instance_ns * s[i].live / 1e6);
    out.with_instances = bench_summarize(scratch, n).p50;
    for (int i = 0; i < n; i++)
        scratch[i] = s[i].cpu_ms;
    out.cpu = bench_summarize(scratch, n).p50;
    for (int i = 0; i < n; i++)
        scratch[i] = s[i].cpu_ms + s[i].instance_cpu_ms;
    out.cpu_with_instances = bench_summarize(scratch, n).p50;
    for (int i = 0; i < n; i++)
        scratch[i] = s[i].frame_ms;
    out.frame = bench_summarize(scratch, n);
    for (int i = 0; i < n; i++)
        scratch[i] = s[i].live;
    out.live = bench_summarize(scratch, n).p50;
    return out;
}

/* ---- the frame scenarios ----------------------------------------------------------- */

static const bench_column fb_columns[] = {
    {"live", "bullets", 0, BENCH_NEUTRAL},
    {"scripts", "ns/bullet", 2, BENCH_LOWER_BETTER},
    {"motion", "ns/bullet", 2, BENCH_LOWER_BETTER},
    {"collide+resolve", "ns/bullet", 2, BENCH_LOWER_BETTER},
    {"frame", "ns/bullet", 2, BENCH_LOWER_BETTER},
    {"p50", "ms", 3, BENCH_LOWER_BETTER},
    {"p99", "ms", 3, BENCH_LOWER_BETTER},
    {"max", "ms", 3, BENCH_LOWER_BETTER},
    {"vs naive", "x", 1, BENCH_HIGHER_BETTER},
    {"vertices", "ns/bullet", 2, BENCH_LOWER_BETTER},
    {"instances", "ns/bullet", 2, BENCH_LOWER_BETTER},
    {"frame+instances", "ms", 3, BENCH_LOWER_BETTER},
    {"cpu p50", "ms", 3, BENCH_LOWER_BETTER},
    {"cpu+instances", "ms", 3, BENCH_LOWER_BETTER},
};
#define FB_COLUMN_COUNT ((int)(sizeof fb_columns / sizeof fb_columns[0]))

static void fb_row(bench_table *t, const char *label, const fb_summary *s, double naive_p50)
{
    bench_table_row(t, label);
    bench_table_value(t, s->live);
    bench_table_value(t, s->script);
    bench_table_value(t, s->motion);
    bench_table_value(t, s->collide);
    bench_table_value(t, s->frame.p50 * 1e6 / (s->live > 0 ? s->live : 1));
    bench_table_value(t, s->frame.p50);
    bench_table_value(t, s->frame.p99);
    bench_table_value(t, s->frame.max);
    bench_table_value(t, naive_p50 / s->frame.p50);
    bench_table_value(t, s->vertex);
    bench_table_value(t, s->instance);
    bench_table_value(t, isnan(s->instance) ? NAN : s->with_instances);
    bench_table_value(t, s->cpu);
    bench_table_value(t, isnan(s->instance) ? NAN : s->cpu_with_instances);
}

/* ---- the memory floor ------------------------------------------------------------ */

/* Bytes the motion pass and the instance build must read and write in a
 * frame of this world, at the least: each array a block's kernel reads once
 * (straight: position, velocity, event time; turning: position, heading,
 * speed, extra velocity, turn, event time; full: the steps too), the radius
 * the player's screen adds, the positions, headings and the motion written;
 * the draw order and each live bullet's position, heading and look read, and
 * its 16 bytes written. A write costs its line read first as well. */
static void fb_traffic(const world *w, double *read, double *written)
{
    const bullet_pool *p = &w->bullets;
    static const double rd[3] = {20, 40, 56}, wr[3] = {8, 16, 28};
    double r = 0, wb = 0;
    for (uint32_t b = 0; b < bullet_pool_block_end(p); b++) {
        int k = p->block_kind[b] < 3 ? p->block_kind[b] : 2;
        r += 64.0 * (rd[k] + 4.0);
        wb += 64.0 * (wr[k] + 8.0);
    }
    r += (double)p->order_len * 4.0 + (double)p->live * 18.0;
    wb += (double)p->live * sizeof(bullet_instance);
    *read = r;
    *written = wb;
}

/* This thread's streaming rates now (GB/s, by its CPU time, so that being
 * preempted on a shared machine does not count): a pass reading and one
 * writing a buffer four times the size of a large L3, each the best of three.
 * Returns -1 out of memory. */
static int fb_stream_rates(double *read_gbs, double *write_gbs)
{
    enum {
        WORDS = 16 << 20
    }; /* 128 MB */
    uint64_t *buf = mem_alloc((size_t)WORDS * sizeof *buf);
    if (!buf)
        return -1;
    double best_r = 0, best_w = 0;
    volatile uint64_t sink = 0;
    for (int rep = 0; rep < 4; rep++) {
        uint64_t t0 = clock_thread_ns();
        for (size_t i = 0; i < WORDS; i++)
            buf[i] = i;
        uint64_t t1 = clock_thread_ns();
        uint64_t a = 0, b = 0, c = 0, d = 0;
        for (size_t i = 0; i < WORDS; i += 4) {
            a += buf[i];
            b += buf[i + 1];
            c += buf[i + 2];
            d += buf[i + 3];
        }
        uint64_t t2 = clock_thread_ns();
        sink += a + b + c + d;
        double bytes = (double)WORDS * sizeof *buf;
        if (rep > 0) { /* the first touches the pages */
            best_w = fmax(best_w, bytes / (double)(t1 - t0));
            best_r = fmax(best_r, bytes / (double)(t2 - t1));
        }
    }
    (void)sink;
    mem_free(buf);
    *read_gbs = best_r;
    *write_gbs = best_w;
    return 0;
}

/* One size: the world on one thread, two and (on a machine of more cores)
 * one a core, frame after frame in turn, then the naive baseline; a table of
 * them, and the targets' verdicts. */
static int fb_run_size(bench *b, uint32_t bullets, const char *label, double target_ms,
                       double with_instances_ms)
{
    int life = b->quick ? FRAME_BENCH_QUICK_LIFE : FRAME_BENCH_LIFE;
    int frames = b->quick ? 16 : bullets >= 500000 ? 120 : 600; /* per row: half */
    int cores = fb_cores(), ways = cores > 2 ? 3 : 2;
    const int threads_of[3] = {1, 2, cores};
    static fb_sample rows[3][FB_MAX_FRAMES / 2], naive[FB_MAX_FRAMES];
    fb_world f;
    if (fb_world_open(&f, bullets, 0, life, 0, 1, cores) != 0)
        return -1;
    fb_sample s;
    for (int i = 0; i < life + 10; i++) /* a lifetime: the field is full */
        fb_world_step(&f, 1, &s);
    for (int i = 0; i < ways * (frames / 2); i++)
        fb_world_step(&f, threads_of[i % ways], &rows[i % ways][i / ways]);
    int threads = workers_threads(&f.pool);
    uint64_t refused = f.w.bullets.stats.refused;
    double bytes_read, bytes_written, read_gbs = 0, write_gbs = 0;
    fb_traffic(&f.w, &bytes_read, &bytes_written);
    fb_world_close(&f);
    int rates = with_instances_ms > 0 ? fb_stream_rates(&read_gbs, &write_gbs) : -1;

    fb_naive n;
    if (fb_naive_open(&n, bullets, life, 1) != 0) {
        fb_naive_free(&n);
        return -1;
    }
    int naive_frames = frames / 2;
    for (int i = 0; i < 4; i++)
        fb_naive_step(&n, 0, &s);
    for (int i = 0; i < naive_frames; i++)
        fb_naive_step(&n, 0, &naive[i]);
    fb_naive_free(&n);

    fb_summary sum[3], sn = fb_summarize(naive, naive_frames);
    for (int k = 0; k < ways; k++)
        sum[k] = fb_summarize(rows[k], frames / 2);
    bench_table t;
    char title[240];
    snprintf(title, sizeof title,
             "Whole frames at %s bullets (world_step; %d frames each, p50/p99/max of frame time; "
             "instances, vertices: the instanced and the SDL renderer's builds, not in the frame)",
             label, frames / 2);
    bench_table_begin(&t, b, "frame", title, fb_columns, FB_COLUMN_COUNT, 22);
    fb_row(&t, "curtain, 1 thread", &sum[0], sn.frame.p50);
    fb_row(&t, "curtain, 2 threads", &sum[1], sn.frame.p50);
    if (ways == 3) {
        char row[40];
        snprintf(row, sizeof row, "curtain, %d threads", cores);
        fb_row(&t, row, &sum[2], sn.frame.p50);
    }
    fb_row(&t, "naive", &sn, sn.frame.p50);
    bench_table_end(&t);
    if (threads < 2)
        bench_note(b, "the second thread could not be started: both rows ran on one");
    if (refused)
        bench_note(b, "the pool refused %llu spawns (full)", (unsigned long long)refused);
    const char *quick = b->quick ? " (--quick: not a measurement)" : "";
    if (target_ms > 0)
        bench_note(b,
                   "target: a frame without rendering at %s <= %.1f ms on one core: p50 %.3f ms, "
                   "p99 %.3f ms: %s%s",
                   label, target_ms, sum[0].frame.p50, sum[0].frame.p99,
                   sum[0].frame.p50 <= target_ms ? "met" : "MISSED", quick);
    if (with_instances_ms > 0)
        bench_note(b,
                   "target: the frame and the instance build at %s <= %.1f ms on one core: p50 "
                   "%.3f ms: %s; by the thread's CPU time %.3f ms: %s%s",
                   label, with_instances_ms, sum[0].with_instances,
                   sum[0].with_instances <= with_instances_ms ? "met" : "MISSED",
                   sum[0].cpu_with_instances,
                   sum[0].cpu_with_instances <= with_instances_ms ? "met" : "MISSED", quick);
    if (rates == 0 && read_gbs > 0 && write_gbs > 0) {
        double floor_ms = (bytes_read / read_gbs + bytes_written * 2.0 / write_gbs) / 1e6;
        bench_note(b,
                   "memory floor: the motion pass and the instance build read %.0f MB and write "
                   "%.0f MB a frame; this thread streams %.1f GB/s read, %.1f GB/s written now "
                   "(by its CPU time): at least %.2f ms; the frame with its instances took %.2fx "
                   "that (CPU time, one thread)",
                   bytes_read / 1e6, bytes_written / 1e6, read_gbs, write_gbs, floor_ms,
                   sum[0].cpu_with_instances / floor_ms);
        char key[64];
        snprintf(key, sizeof key, "%s/memory_floor", b->scenario);
        bench_record(b, key, floor_ms, "ms", BENCH_LOWER_BETTER);
        snprintf(key, sizeof key, "%s/vs_memory_floor", b->scenario);
        bench_record(b, key, sum[0].cpu_with_instances / floor_ms, "x", BENCH_LOWER_BETTER);
    }
    bench_note(b,
               "two threads: %.2fx the one-thread frame, %.2fx with the instance build (p50); by "
               "the calling thread's CPU time %.2fx, %.2fx (an optimistic estimate for two free "
               "cores: the caller's share and its spinning count, its sleeps waiting do not)",
               sum[0].frame.p50 / sum[1].frame.p50, sum[0].with_instances / sum[1].with_instances,
               sum[0].cpu / sum[1].cpu, sum[0].cpu_with_instances / sum[1].cpu_with_instances);
    if (ways == 3)
        bench_note(b, "%d threads: %.2fx the one-thread frame, %.2fx with the instance build (p50)",
                   cores, sum[0].frame.p50 / sum[2].frame.p50,
                   sum[0].with_instances / sum[2].with_instances);
    return 0;
}

int frame_bench_run_10k(bench *b)
{
    bench_begin_scenario(b, "frame10k", "the whole game frame at 10,000 bullets");
    return fb_run_size(b, 10000, "10k", 0, 0);
}

int frame_bench_run_100k(bench *b)
{
    bench_begin_scenario(b, "frame100k", "the whole game frame at 100,000 bullets");
    return fb_run_size(b, 100000, "100k", 2.0, 0);
}

int frame_bench_run_1m(bench *b)
{
    bench_begin_scenario(b, "frame1m", "the whole game frame at 1,000,000 bullets");
    return fb_run_size(b, 1000000, "1M", BENCH_FRAME_MS, FRAME_BENCH_1M_MS);
}

int frame_bench_run_all(bench *b)
{
    if (frame_bench_run_10k(b) != 0 || frame_bench_run_100k(b) != 0)
        return -1;
    return frame_bench_run_1m(b);
}

/* ---- the storm --------------------------------------------------------------------- */

/* Frame times of a storm run and what they say: wall clock, and the worst by
 * the thread's CPU time (what the frame cost, without the preemptions a shared
 * machine adds). */
typedef struct fb_storm {
    double median, full_median, cancel_max, worst, worst_cpu, median_cpu, live_before;
} fb_storm;

static fb_storm fb_storm_summarize(const fb_sample *s, int n)
{
    static double all[FB_MAX_FRAMES], full[FB_MAX_FRAMES], cpu[FB_MAX_FRAMES];
    fb_storm out = {0};
    uint32_t peak = 0;
    for (int i = 0; i < n; i++)
        peak = s[i].live > peak ? s[i].live : peak;
    int nf = 0;
    for (int i = 0; i < n; i++) {
        all[i] = s[i].frame_ms;
        cpu[i] = s[i].cpu_ms;
        if (s[i].cancelled) {
            out.cancel_max = s[i].frame_ms > out.cancel_max ? s[i].frame_ms : out.cancel_max;
            if (i > 0 && s[i - 1].live > out.live_before)
                out.live_before = s[i - 1].live;
        } else if (s[i].live >= peak * 0.9) {
            full[nf++] = s[i].frame_ms;
        }
    }
    bench_stats st = bench_summarize(all, n), sc = bench_summarize(cpu, n);
    out.median = st.p50;
    out.worst = st.max;
    out.median_cpu = sc.p50;
    out.worst_cpu = sc.max;
    out.full_median = nf ? bench_summarize(full, nf).p50 : NAN;
    return out;
}

static const bench_column fb_storm_columns[] = {
    {"cancelled", "bullets", 0, BENCH_NEUTRAL},    {"median", "ms", 3, BENCH_LOWER_BETTER},
    {"full median", "ms", 3, BENCH_LOWER_BETTER},  {"cancel frame", "ms", 3, BENCH_LOWER_BETTER},
    {"worst", "ms", 3, BENCH_LOWER_BETTER},        {"worst cpu", "ms", 3, BENCH_LOWER_BETTER},
    {"cancel/median", "x", 2, BENCH_LOWER_BETTER}, {"cpu worst/median", "x", 2, BENCH_LOWER_BETTER},
    {"worst/median", "x", 2, BENCH_LOWER_BETTER},
};

static void fb_storm_row(bench_table *t, const char *label, const fb_storm *s)
{
    bench_table_row(t, label);
    bench_table_value(t, s->live_before);
    bench_table_value(t, s->median);
    bench_table_value(t, s->full_median);
    bench_table_value(t, s->cancel_max);
    bench_table_value(t, s->worst);
    bench_table_value(t, s->worst_cpu);
    bench_table_value(t, s->cancel_max / s->median);
    bench_table_value(t, s->worst_cpu / s->median_cpu);
    bench_table_value(t, s->worst / s->median);
}

/* Keeps, per frame, the least time of the runs so far: the storm is
 * deterministic, so frame i does the same work in every run, and the least of
 * its times is the one other processes disturbed least. */
static void fb_keep_least(fb_sample *best, const fb_sample *run, int frames, int first_run)
{
    for (int i = 0; i < frames; i++) {
        if (first_run) {
            best[i] = run[i];
            continue;
        }
        best[i].frame_ms = run[i].frame_ms < best[i].frame_ms ? run[i].frame_ms : best[i].frame_ms;
        best[i].cpu_ms = run[i].cpu_ms < best[i].cpu_ms ? run[i].cpu_ms : best[i].cpu_ms;
    }
}

/* The live bullets a storm aims for: at the game's own capacity a little below
 * it (a frame's rings on top), else the count itself. */
static uint32_t fb_storm_target(uint32_t bullets)
{
    return bullets == WORLD_BULLETS ? bullets - bullets / 8 : bullets;
}

/* One storm run of the world; returns 0 or -1 (out of memory). */
static int fb_storm_world(uint32_t bullets, int frames, fb_sample *s)
{
    fb_world f;
    uint32_t target = fb_storm_target(bullets);
    if (fb_world_open(&f, target, bullets == WORLD_BULLETS ? WORLD_BULLETS : 0,
                      FRAME_BENCH_STORM_LIFE, FRAME_BENCH_STORM_CYCLE, 0, 0) != 0)
        return -1;
    fb_sample warm;
    for (int i = 0; i < FRAME_BENCH_STORM_LIFE; i++)
        fb_world_step(&f, 1, &warm);
    for (int i = 0; i < frames; i++)
        fb_world_step(&f, 1, &s[i]);
    fb_world_close(&f);
    return 0;
}

/* One storm run of the naive engine; returns 0 or -1. */
static int fb_storm_naive(uint32_t bullets, int frames, fb_sample *s)
{
    fb_naive n;
    uint32_t target = fb_storm_target(bullets);
    if (fb_naive_open(&n, target, FRAME_BENCH_STORM_LIFE, 1) != 0) {
        fb_naive_free(&n);
        return -1;
    }
    for (int i = 0; i < frames; i++)
        fb_naive_step(&n, (i + 1) % FRAME_BENCH_STORM_CYCLE == FRAME_BENCH_STORM_CYCLE / 2, &s[i]);
    fb_naive_free(&n);
    return 0;
}

/* The storm at one size: world and naive, each run FB_STORM_RUNS times (once
 * with --quick) keeping each frame's least time; returns 0 or -1, the verdicts
 * on the world in ok: wall-clock worst, CPU-time worst, cancel frame (1: met). */
static int fb_storm_size(bench *b, bench_table *t, uint32_t bullets, const char *label, int ok[3])
{
    int cycles = b->quick ? 1 : FB_STORM_CANCELS, runs = b->quick ? 1 : FB_STORM_RUNS;
    int frames = cycles * FRAME_BENCH_STORM_CYCLE;
    static fb_sample s[FB_MAX_FRAMES], run[FB_MAX_FRAMES];
    for (int r = 0; r < runs; r++) {
        if (fb_storm_world(bullets, frames, run) != 0)
            return -1;
        fb_keep_least(s, run, frames, r == 0);
    }
    fb_storm ws = fb_storm_summarize(s, frames);
    for (int r = 0; r < runs; r++) {
        if (fb_storm_naive(bullets, frames, run) != 0)
            return -1;
        fb_keep_least(s, run, frames, r == 0);
    }
    fb_storm ns = fb_storm_summarize(s, frames);

    char row[48];
    snprintf(row, sizeof row, "curtain, %s", label);
    fb_storm_row(t, row, &ws);
    snprintf(row, sizeof row, "naive, %s", label);
    fb_storm_row(t, row, &ns);
    ok[0] = ws.worst <= 2.0 * ws.median;
    ok[1] = ws.worst_cpu <= 2.0 * ws.median_cpu;
    ok[2] = ws.cancel_max <= 2.0 * ws.median;
    return 0;
}

int frame_bench_run_storm(bench *b)
{
    bench_begin_scenario(b, "storm",
                         "a full screen of bullets cancelled in one frame, again and again");
    bench_table t;
    char title[200];
    snprintf(title, sizeof title,
             "Cancel storm: bullets living %d frames, all cancelled every %d frames (%d times); "
             "frame times, each the least of %d runs",
             FRAME_BENCH_STORM_LIFE, FRAME_BENCH_STORM_CYCLE, b->quick ? 1 : FB_STORM_CANCELS,
             b->quick ? 1 : FB_STORM_RUNS);
    bench_table_begin(&t, b, "storm", title, fb_storm_columns,
                      (int)(sizeof fb_storm_columns / sizeof fb_storm_columns[0]), 22);
    int ok[2][3] = {{0}};
    static const char *const labels[2] = {"game 16k", "100k"};
    int rc = fb_storm_size(b, &t, WORLD_BULLETS, labels[0], ok[0]);
    if (rc == 0)
        rc = fb_storm_size(b, &t, 100000, labels[1], ok[1]);
    bench_table_end(&t);
    static const char *const verdict[2] = {"MISSED", "met"};
    for (int k = 0; k < 2 && rc == 0; k++)
        bench_note(b,
                   "target at %s: worst frame <= 2x median: wall clock %s, CPU time %s; the "
                   "cancel frame itself %s%s",
                   labels[k], verdict[ok[k][0]], verdict[ok[k][1]], verdict[ok[k][2]],
                   b->quick ? " (--quick: not a measurement)" : "");
    bench_note(b, "wall-clock worst frames include preemption by other processes on a shared "
                  "machine; the CPU-time worst does not");
    return rc;
}

/* ---- --sweep frame ----------------------------------------------------------------- */

static int fb_sweep_measure(bench *b, uint32_t bullets, double *ms)
{
    int life = b->quick ? FRAME_BENCH_QUICK_LIFE : FRAME_BENCH_LIFE;
    int samples = b->quick ? 3 : 9;
    fb_sample s[2 * 15], warm;
    double one[15], two[15];
    fb_world f;
    if (fb_world_open(&f, bullets, 0, life, 0, 0, 0) != 0)
        return -1;
    for (int i = 0; i < life + 4; i++)
        fb_world_step(&f, 1, &warm);
    for (int i = 0; i < 2 * samples; i++)
        fb_world_step(&f, 1 + (i & 1), &s[i]);
    fb_world_close(&f);
    for (int i = 0; i < samples; i++) {
        one[i] = s[2 * i].frame_ms;
        two[i] = s[2 * i + 1].frame_ms;
    }
    ms[0] = bench_summarize(one, samples).p50;
    ms[1] = bench_summarize(two, samples).p50;
    fb_naive n;
    if (fb_naive_open(&n, bullets, life, 1) != 0) {
        fb_naive_free(&n);
        return -1;
    }
    for (int i = 0; i < samples; i++) {
        fb_naive_step(&n, 0, &s[i]);
        one[i] = s[i].frame_ms;
    }
    fb_naive_free(&n);
    ms[2] = bench_summarize(one, samples).p50;
    return 0;
}

const bench_sweeper frame_bench_sweeper = {
    "frame",
    "one whole game frame (world_step, no rendering)",
    {"frame", "frame x2", "naive"},
    3,
    fb_sweep_measure,
};
