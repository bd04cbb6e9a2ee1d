/*
 * collide_bench: the `collide` scenario of `curtain bench` (see collide_bench.h).
 *
 * Every case is answered four ways in the same process:
 *   brute   every pair, scalar, the exact swept test: the naive baseline;
 *   sweep   the engine's straight sweep (COLLISION_SWEEP);
 *   grid    the engine's grid, built every frame (COLLISION_GRID);
 *   chosen  what the engine does by default (COLLISION_AUTO).
 * Each row gives pair tests per frame (narrowphase tests: all pairs for brute
 * force and the sweep, the candidates the cells hold for the grid), the median
 * time of one frame, the time per item, the speed-up over brute force, and what
 * was found; every path must find exactly what brute force finds (a note says
 * so, or names the rows that differ).
 *
 * Scenes are fixed by seeds: enemy bullets spread uniformly over the field with
 * the radii of the bullet kinds table, moving up to 3 px a frame; player shots
 * 4 px wide flying 16 px a frame; enemies 8-24 px; hitboxes 2.5 px (graze
 * 16 px). Graze bits persist from frame to frame as in the game, so after the
 * first frame a timed frame finds the hits and only the grazes that are new.
 */
#include "bench/collide_bench.h"

#include "bench/bench_scene.h"
#include "core/clock.h"
#include "core/mem.h"
#include "core/rng.h"
#include "sim/bullet_kind.h"
#include "sim/collision.h"
#include "sim/playfield.h"

#include <math.h>
#include <string.h>

#define CB_MAX_ITEMS   1000000
#define CB_MAX_PROBES  1024
#define CB_LIST_CAP    (1 << 17)
#define CB_PAIR_CAP    (1 << 21)
#define CB_MAX_SAMPLES 15    /* per measurement, at most */
#define CB_HIT_R       2.5f  /* the player's hitbox radius (game/player.h) */
#define CB_GRAZE_R     16.0f /* a graze radius of the genre's usual size */
#define CB_GRAZED      0x01  /* the graze bit in the scene's flags */

static const float cb_radii[] = {
#define CB_RADIUS(id, name, radius, rotates, size) radius,
    BULLET_SHAPES(CB_RADIUS)
#undef CB_RADIUS
};
#define CB_RADIUS_COUNT ((uint32_t)(sizeof cb_radii / sizeof cb_radii[0]))

/* Plain arrays, as the pool would hand them over. */
typedef struct cb_scene {
    float *x, *y, *r, *dx, *dy, *hw, *hh;
    uint8_t *flags;
    int n;
} cb_scene;

typedef enum cb_kind {
    CB_BULLETS,
    CB_SHOTS,
    CB_ENEMIES,
    CB_HITBOXES,
    CB_RINGS, /* bullets in rings, as patterns fire them (case 3's second scene) */
} cb_kind;

/* Everything a measured operation reads and writes, allocated before any timing. */
typedef struct cb_ctx {
    bench *b;
    collision c;
    cb_scene items, probes;
    circle_set item_set, probe_set;
    box_set box_probes;
    int players;
    collision_list hits[2], grazes[2];
    collision_pairs pairs;
    uint64_t found, digest; /* what the last operation reported, and a hash of it */
    int samples;
    double sample_ns;
    int mismatches;
    /* 1: the operations hash what they find (cb_summarize). Only the untimed
     * run that checks agreement does: hashing 95,590 pairs is a chain of
     * 191,180 multiplies, 0.2 ms, which timed calls would add to every path
     * (a tenth of the grid's own time in case 3). */
    int summarize;
} cb_ctx;

/* One operation: a frame's worth of work; returns its pair tests. */
typedef uint64_t (*cb_op)(cb_ctx *x);

typedef struct cb_result {
    double ns;
    uint64_t tests, found, digest;
} cb_result;

static int cb_scene_alloc(cb_scene *s, int cap)
{
    *s = (cb_scene){0};
    float **arrays[] = {&s->x, &s->y, &s->r, &s->dx, &s->dy, &s->hw, &s->hh};
    for (size_t i = 0; i < sizeof arrays / sizeof arrays[0]; i++)
        if (!(*arrays[i] = mem_alloc((size_t)cap * sizeof(float))))
            return -1;
    s->flags = mem_calloc((size_t)cap, 1);
    return s->flags ? 0 : -1;
}

static void cb_scene_free(cb_scene *s)
{
    float *arrays[] = {s->x, s->y, s->r, s->dx, s->dy, s->hw, s->hh};
    for (size_t i = 0; i < sizeof arrays / sizeof arrays[0]; i++)
        mem_free(arrays[i]);
    mem_free(s->flags);
    *s = (cb_scene){0};
}

/* Fills n bullets in rings of 100 around ten emitters in the upper two thirds
 * of the field: ring j of an emitter has spread 20 + 18 j px from it (rings of
 * ten emissions, 18 px of flight apart), one bullet kind a ring, every bullet
 * flying outward at 2 to 3 px a frame, each ring turned at random. Bullets of
 * one ring lie side by side (touching near the emitter); rings cross rings of
 * other emitters. */
static void cb_rings_fill(cb_scene *s, int n, rng *r)
{
    float ex[10], ey[10];
    for (int e = 0; e < 10; e++) {
        ex[e] = rng_range(r, 40.0f, PLAYFIELD_W - 40.0f);
        ey[e] = rng_range(r, 40.0f, PLAYFIELD_H * 0.67f);
    }
    for (int i = 0; i < n; i += 100) {
        int ring = i / 100, e = ring % 10;
        float spread = 20.0f + 18.0f * (float)(ring / 10 % 12);
        float turn = rng_range(r, 0.0f, 6.2831853f), speed = rng_range(r, 2.0f, 3.0f);
        float radius = cb_radii[rng_below(r, CB_RADIUS_COUNT)];
        for (int k = i; k < n && k < i + 100; k++) {
            float angle = turn + 6.2831853f * (float)(k - i) / 100.0f;
            float c = cosf(angle), sn = sinf(angle);
            s->x[k] = ex[e] + spread * c;
            s->y[k] = ey[e] + spread * sn;
            s->dx[k] = speed * c;
            s->dy[k] = speed * sn;
            s->r[k] = radius;
            s->hw[k] = radius;
            s->hh[k] = radius * 0.75f;
            s->flags[k] = 0;
        }
    }
    s->n = n;
}

/* Fills n objects of a kind from a seed (one draw per statement). */
static void cb_scene_fill(cb_scene *s, cb_kind kind, int n, uint64_t seed)
{
    rng r;
    rng_seed(&r, seed);
    if (kind == CB_RINGS) {
        cb_rings_fill(s, n, &r);
        return;
    }
    for (int i = 0; i < n; i++) {
        s->x[i] = rng_range(&r, 0.0f, PLAYFIELD_W);
        s->y[i] = rng_range(&r, 0.0f, kind == CB_ENEMIES ? PLAYFIELD_H * 0.67f : PLAYFIELD_H);
        float speed = kind == CB_BULLETS ? 3.0f : kind == CB_HITBOXES ? 2.0f : 1.0f;
        s->dx[i] = rng_range(&r, -speed, speed);
        s->dy[i] = rng_range(&r, -speed, speed);
        if (kind == CB_BULLETS) {
            s->r[i] = cb_radii[rng_below(&r, CB_RADIUS_COUNT)];
        } else if (kind == CB_SHOTS) {
            s->r[i] = 4.0f;
            s->dx[i] = 0.0f;
            s->dy[i] = -16.0f;
        } else if (kind == CB_ENEMIES) {
            s->r[i] = rng_range(&r, 8.0f, 24.0f);
        } else {
            s->r[i] = CB_HIT_R;
        }
        s->hw[i] = s->r[i];
        s->hh[i] = s->r[i] * 0.75f;
        s->flags[i] = 0;
    }
    s->n = n;
}

static circle_set cb_circles(const cb_scene *s)
{
    return (circle_set){.x = s->x, .y = s->y, .r = s->r, .dx = s->dx, .dy = s->dy, .count = s->n};
}

/* Sets the scene of a case: n items of one kind, q probes of another. */
static void cb_setup(cb_ctx *x, cb_kind items, int n, cb_kind probes, int q)
{
    cb_scene_fill(&x->items, items, n, 0xC011u + (uint64_t)items * 7919u + (uint64_t)n);
    cb_scene_fill(&x->probes, probes, q, 0x9B0Bu + (uint64_t)probes * 104729u + (uint64_t)q);
    x->item_set = cb_circles(&x->items);
    x->probe_set = cb_circles(&x->probes);
    x->box_probes = (box_set){.x = x->probes.x,
                              .y = x->probes.y,
                              .hw = x->probes.hw,
                              .hh = x->probes.hh,
                              .dx = x->probes.dx,
                              .dy = x->probes.dy,
                              .count = q};
}

/* Player j of x->players, spread along the bottom of the field. */
static collision_player_query cb_player(cb_ctx *x, int j)
{
    collision_player_query q = {.hit_r = CB_HIT_R, .graze_r = CB_GRAZE_R, .graze_bit = CB_GRAZED};
    q.x = PLAYFIELD_W * (float)(j + 1) / (float)(x->players + 1);
    q.y = PLAYFIELD_H - 48.0f;
    q.dx = 1.5f;
    q.dy = -1.0f;
    q.grazed = x->items.flags;
    return q;
}

static uint64_t cb_hash(uint64_t h, uint32_t v)
{
    return (h ^ v) * 0x100000001b3ull;
}

/* Records what the lists and pairs hold, for the agreement check (when asked:
 * x->summarize; the counts always, they are nearly free). */
static void cb_summarize(cb_ctx *x)
{
    uint64_t h = 0xcbf29ce484222325ull, n = 0;
    if (!x->summarize) {
        for (int j = 0; j < 2; j++)
            n += (uint64_t)(x->hits[j].count + x->grazes[j].count);
        x->found = n + (uint64_t)x->pairs.count;
        return;
    }
    for (int j = 0; j < 2; j++) {
        for (int k = 0; k < x->hits[j].count; k++)
            h = cb_hash(h, x->hits[j].index[k]);
        h = cb_hash(h, 0xffffffffu);
        for (int k = 0; k < x->grazes[j].count; k++)
            h = cb_hash(h, x->grazes[j].index[k]);
        h = cb_hash(h, 0xfffffffeu);
        n += (uint64_t)(x->hits[j].count + x->grazes[j].count);
    }
    for (int k = 0; k < x->pairs.count; k++) {
        h = cb_hash(h, x->pairs.pair[k].a);
        h = cb_hash(h, x->pairs.pair[k].b);
    }
    x->found = n + (uint64_t)x->pairs.count;
    x->digest = h;
}

static void cb_clear(cb_ctx *x)
{
    for (int j = 0; j < 2; j++) {
        collision_list_clear(&x->hits[j]);
        collision_list_clear(&x->grazes[j]);
    }
    collision_pairs_clear(&x->pairs);
}

static void cb_push(collision_list *l, uint32_t i)
{
    if (l->count < l->cap)
        l->index[l->count++] = i;
    else
        l->refused++;
}

static void cb_push_pair(collision_pairs *p, uint32_t a, uint32_t b)
{
    if (p->count < p->cap)
        p->pair[p->count++] = (collision_pair){a, b};
    else
        p->refused++;
}

/* ---- the operations ---- */

/* Case 1 by brute force: every bullet against every player, scalar. */
static uint64_t cb_players_brute(cb_ctx *x)
{
    const cb_scene *s = &x->items;
    cb_clear(x);
    for (int j = 0; j < x->players; j++) {
        collision_player_query q = cb_player(x, j);
        for (int i = 0; i < s->n; i++) {
            float ex = s->x[i] - q.x, ey = s->y[i] - q.y;
            float vx = s->dx[i] - q.dx, vy = s->dy[i] - q.dy;
            if (collision_circle_touch(ex, ey, vx, vy, q.hit_r + s->r[i]))
                cb_push(&x->hits[j], (uint32_t)i);
            if (!(s->flags[i] & CB_GRAZED) &&
                collision_circle_touch(ex, ey, vx, vy, q.graze_r + s->r[i]) &&
                x->grazes[j].count < x->grazes[j].cap) {
                cb_push(&x->grazes[j], (uint32_t)i);
                s->flags[i] |= CB_GRAZED;
            }
        }
    }
    cb_summarize(x);
    return (uint64_t)s->n * (uint64_t)x->players;
}

/* Case 1 by the engine, on the path x->c.path. */
static uint64_t cb_players_engine(cb_ctx *x)
{
    collision_player_query q[2] = {cb_player(x, 0), cb_player(x, 1)};
    uint64_t before = x->c.stats.tests;
    cb_clear(x);
    collision_player(&x->c, &x->item_set, q, x->players, x->hits, x->grazes);
    cb_summarize(x);
    return x->c.stats.tests - before;
}

/* Cases 2 and the crossovers by brute force: every item against every probe circle. */
static uint64_t cb_circles_brute(cb_ctx *x)
{
    const cb_scene *s = &x->items, *p = &x->probes;
    cb_clear(x);
    for (int j = 0; j < p->n; j++)
        for (int i = 0; i < s->n; i++)
            if (collision_circle_touch(s->x[i] - p->x[j], s->y[i] - p->y[j], s->dx[i] - p->dx[j],
                                       s->dy[i] - p->dy[j], p->r[j] + s->r[i]))
                cb_push_pair(&x->pairs, (uint32_t)j, (uint32_t)i);
    cb_summarize(x);
    return (uint64_t)s->n * (uint64_t)p->n;
}

static uint64_t cb_circles_engine(cb_ctx *x)
{
    uint64_t before = x->c.stats.tests;
    cb_clear(x);
    collision_circles(&x->c, &x->item_set, &x->probe_set, &x->pairs);
    cb_summarize(x);
    return x->c.stats.tests - before;
}

/* Case 2 with box enemies, brute force. */
static uint64_t cb_boxes_brute(cb_ctx *x)
{
    const cb_scene *s = &x->items, *p = &x->probes;
    cb_clear(x);
    for (int j = 0; j < p->n; j++)
        for (int i = 0; i < s->n; i++)
            if (collision_box_touch(s->x[i] - p->x[j], s->y[i] - p->y[j], s->dx[i] - p->dx[j],
                                    s->dy[i] - p->dy[j], s->r[i], p->hw[j], p->hh[j]))
                cb_push_pair(&x->pairs, (uint32_t)j, (uint32_t)i);
    cb_summarize(x);
    return (uint64_t)s->n * (uint64_t)p->n;
}

static uint64_t cb_boxes_engine(cb_ctx *x)
{
    uint64_t before = x->c.stats.tests;
    cb_clear(x);
    collision_boxes(&x->c, &x->item_set, &x->box_probes, &x->pairs);
    cb_summarize(x);
    return x->c.stats.tests - before;
}

/* Case 3 by brute force: all pairs. */
static uint64_t cb_self_brute(cb_ctx *x)
{
    const cb_scene *s = &x->items;
    cb_clear(x);
    for (int a = 0; a < s->n; a++)
        for (int b = a + 1; b < s->n; b++)
            if (collision_circle_touch(s->x[b] - s->x[a], s->y[b] - s->y[a], s->dx[b] - s->dx[a],
                                       s->dy[b] - s->dy[a], s->r[a] + s->r[b]))
                cb_push_pair(&x->pairs, (uint32_t)a, (uint32_t)b);
    cb_summarize(x);
    return (uint64_t)s->n * (uint64_t)(s->n - 1) / 2;
}

static uint64_t cb_self_engine(cb_ctx *x)
{
    uint64_t before = x->c.stats.tests;
    cb_clear(x);
    collision_self(&x->c, &x->item_set, &x->pairs);
    cb_summarize(x);
    return x->c.stats.tests - before;
}

/* The grid build alone: the counting sort. */
static uint64_t cb_build(cb_ctx *x)
{
    grid_build(&x->c.grid, &x->item_set);
    x->found = (uint64_t)x->c.grid.entries;
    x->digest = 0;
    return 0;
}

/* The build and every entry box, as bullet-vs-bullet ends up filling them
 * (fewer probes fill only the cells they reach). */
static uint64_t cb_build_boxes(cb_ctx *x)
{
    grid *g = &x->c.grid;
    grid_build(g, &x->item_set);
    for (int cy = 0; cy < g->rows; cy++)
        grid_box_row(g, &x->item_set, cy, 0, g->cols - 1);
    x->found = (uint64_t)x->c.grid.entries;
    x->digest = 0;
    return 0;
}

/* ---- measuring ---- */

/* One thing to time: an operation on a path. */
typedef struct cb_job {
    cb_op op;
    collision_path path;
} cb_job;

#define CB_MAX_JOBS 4

/* Runs each job once from fresh graze bits (its pair tests and findings), then
 * times them interleaved: every sample times each job in turn over enough
 * calls, so a change of load on a shared machine hits them alike. A job's time
 * is the median of its samples; speedup[j] is the median over samples of job
 * 0's time over job j's, which is what the ratio columns print. */
static void cb_measure_jobs(cb_ctx *x, const cb_job *jobs, int count, cb_result *res,
                            double *speedup)
{
    int inner[CB_MAX_JOBS], samples = x->samples;
    for (int j = 0; j < count; j++) {
        x->c.path = jobs[j].path;
        memset(x->items.flags, 0, (size_t)x->items.n);
        x->summarize = 1;
        res[j].tests = jobs[j].op(x);
        x->summarize = 0;
        res[j].found = x->found;
        res[j].digest = x->digest;
        uint64_t t0 = clock_now_ns();
        jobs[j].op(x);
        double one = (double)(clock_now_ns() - t0);
        one = one > 1.0 ? one : 1.0;
        double calls = x->sample_ns / one;
        inner[j] = calls < 1.0 ? 1 : calls > 100000.0 ? 100000 : (int)calls;
        if (one > 5e7) /* a slow baseline: fewer samples */
            samples = 3;
    }
    double v[CB_MAX_JOBS][CB_MAX_SAMPLES], up[CB_MAX_JOBS][CB_MAX_SAMPLES];
    for (int s = 0; s < samples; s++) {
        for (int j = 0; j < count; j++) {
            x->c.path = jobs[j].path;
            uint64_t t0 = clock_now_ns();
            for (int k = 0; k < inner[j]; k++)
                jobs[j].op(x);
            v[j][s] = (double)(clock_now_ns() - t0) / inner[j];
        }
        for (int j = 0; j < count; j++)
            up[j][s] = v[0][s] / v[j][s];
    }
    bench_consume(x->found);
    for (int j = 0; j < count; j++) {
        res[j].ns = bench_summarize(v[j], samples).p50;
        speedup[j] = bench_summarize(up[j], samples).p50;
    }
}

/* One job alone. */
static cb_result cb_measure(cb_ctx *x, cb_op op, collision_path path)
{
    cb_job job = {op, path};
    cb_result res;
    double speedup;
    cb_measure_jobs(x, &job, 1, &res, &speedup);
    return res;
}

static const char *cb_path_name(collision_path p)
{
    return p == COLLISION_GRID ? "grid" : p == COLLISION_SWEEP ? "sweep" : "auto";
}

static const bench_column cb_method_columns[] = {
    {"tests", "pairs/frame", 0, BENCH_NEUTRAL},
    {"time", "ns/frame", 0, BENCH_LOWER_BETTER},
    {"per item", "ns", 3, BENCH_LOWER_BETTER},
    {"vs brute", "x", 1, BENCH_HIGHER_BETTER},
    {"found", "", 0, BENCH_NEUTRAL},
    {"path", "", 0, BENCH_NEUTRAL},
};

/* One row of a method table. */
static void cb_row(bench_table *t, const char *label, cb_result r, int items, double speedup,
                   const char *path)
{
    bench_table_row(t, label);
    bench_table_value(t, (double)r.tests);
    bench_table_value(t, r.ns);
    bench_table_value(t, items > 0 ? r.ns / items : NAN);
    bench_table_value(t, speedup);
    bench_table_value(t, (double)r.found);
    bench_table_text(t, path);
}

/* The four methods of one case size, timed interleaved: brute force, sweep,
 * grid and the chosen path; checks they agree. Returns the chosen path's
 * result and its speed-up over brute force. */
static void cb_methods(cb_ctx *x, bench_table *t, const char *size, int items, cb_op brute,
                       cb_op engine, collision_path chosen, cb_result *chosen_out,
                       double *speedup_out)
{
    static const char *const names[] = {"brute", "sweep", "grid", "chosen"};
    const cb_job jobs[4] = {{brute, COLLISION_AUTO},
                            {engine, COLLISION_SWEEP},
                            {engine, COLLISION_GRID},
                            {engine, COLLISION_AUTO}};
    cb_result res[4];
    double speedup[4];
    cb_measure_jobs(x, jobs, 4, res, speedup);
    for (int k = 0; k < 4; k++) {
        char label[48];
        snprintf(label, sizeof label, "%s %s", size, names[k]);
        cb_row(t, label, res[k], items, speedup[k],
               k == 0 ? "all pairs" : cb_path_name(k == 3 ? chosen : jobs[k].path));
        if (k > 0 && (res[k].found != res[0].found || res[k].digest != res[0].digest)) {
            bench_note(x->b, "MISMATCH: %s finds %llu, brute force %llu", label,
                       (unsigned long long)res[k].found, (unsigned long long)res[0].found);
            x->mismatches++;
        }
    }
    if (chosen_out)
        *chosen_out = res[3];
    if (speedup_out)
        *speedup_out = speedup[3];
}

static void cb_size_name(char *out, size_t size, int n)
{
    if (n >= 1000000 && n % 1000000 == 0)
        snprintf(out, size, "%dM", n / 1000000);
    else if (n >= 1000 && n % 1000 == 0)
        snprintf(out, size, "%dk", n / 1000);
    else
        snprintf(out, size, "%d", n);
}

/* ---- the tables ---- */

/* Case 1: enemy bullets vs one and two players. Returns the chosen path's time
 * for one player at 100k bullets (NAN when not measured). */
static double cb_case_players(cb_ctx *x, const int *sizes, int count)
{
    bench_table t;
    bench_table_begin(&t, x->b, "players",
                      "Case 1: enemy bullets vs players (hit 2.5 px + graze 16 px, swept)",
                      cb_method_columns, 6, 16);
    double at_100k = NAN;
    for (int k = 0; k < count; k++) {
        for (int players = 1; players <= 2; players++) {
            char n[16], size[32];
            cb_size_name(n, sizeof n, sizes[k]);
            snprintf(size, sizeof size, "%s x%d", n, players);
            cb_setup(x, CB_BULLETS, sizes[k], CB_HITBOXES, 0);
            x->players = players;
            cb_result chosen = {NAN, 0, 0, 0};
            cb_methods(x, &t, size, sizes[k], cb_players_brute, cb_players_engine,
                       collision_choose(sizes[k], players), &chosen, NULL);
            if (sizes[k] == 100000 && players == 1)
                at_100k = chosen.ns;
        }
    }
    bench_table_end(&t);
    return at_100k;
}

/* Case 2: player shots vs enemies, round and boxed. */
static void cb_case_shots(cb_ctx *x, const int *shots, int shot_count, const int *enemies,
                          int enemy_count)
{
    for (int shape = 0; shape < 2; shape++) {
        bench_table t;
        bench_table_begin(&t, x->b, shape ? "shots_boxes" : "shots_circles",
                          shape ? "Case 2b: player shots (16 px/frame) vs box enemies"
                                : "Case 2: player shots (16 px/frame) vs round enemies",
                          cb_method_columns, 6, 16);
        for (int i = 0; i < shot_count; i++) {
            for (int j = 0; j < enemy_count; j++) {
                char size[32];
                snprintf(size, sizeof size, "%dx%d", shots[i], enemies[j]);
                cb_setup(x, CB_SHOTS, shots[i], CB_ENEMIES, enemies[j]);
                cb_methods(x, &t, size, shots[i], shape ? cb_boxes_brute : cb_circles_brute,
                           shape ? cb_boxes_engine : cb_circles_engine,
                           collision_choose(shots[i], enemies[j]), NULL, NULL);
            }
        }
        bench_table_end(&t);
    }
}

/* Case 3: bullets vs each other, spread at random over the field, then (the
 * "rings" rows) as patterns fire them. Returns brute / chosen at 10k spread
 * (NAN if not run); *rings_speedup the same for 10k in rings. */
static double cb_case_self(cb_ctx *x, const int *sizes, int count, double *rings_speedup)
{
    bench_table t;
    bench_table_begin(&t, x->b, "self", "Case 3: bullets vs bullets (all pairs that touch)",
                      cb_method_columns, 6, 16);
    double speedup = NAN;
    *rings_speedup = NAN;
    for (int scene = 0; scene < 2; scene++)
        for (int k = 0; k < count; k++) {
            char size[24];
            cb_size_name(size, sizeof size, sizes[k]);
            if (scene == 1)
                strcat(size, " rings");
            cb_setup(x, scene ? CB_RINGS : CB_BULLETS, sizes[k], CB_HITBOXES, 0);
            double up = NAN;
            cb_methods(x, &t, size, sizes[k], cb_self_brute, cb_self_engine,
                       collision_choose_self(sizes[k]), NULL, &up);
            if (sizes[k] == 10000)
                *(scene ? rings_speedup : &speedup) = up;
        }
    bench_table_end(&t);
    return speedup;
}

/* The grid build alone (the counting sort), and with the walks' entry boxes.
 * Returns the sort's ns per bullet at 100k (NAN if not run). */
static double cb_build_table(cb_ctx *x, const int *sizes, int count)
{
    static const bench_column cols[] = {
        {"sort", "ns/bullet", 2, BENCH_LOWER_BETTER},
        {"sort+boxes", "ns/bullet", 2, BENCH_LOWER_BETTER},
        {"sort frame", "us", 1, BENCH_LOWER_BETTER},
        {"entries", "per bullet", 3, BENCH_NEUTRAL},
        {"multi-cell", "%", 2, BENCH_NEUTRAL},
    };
    bench_table t;
    bench_table_begin(
        &t, x->b, "build",
        "Grid build: counting sort, then entry boxes for the walks (default cell, loose)", cols, 5,
        16);
    double at_100k = NAN;
    for (int k = 0; k < count; k++) {
        char size[16];
        cb_size_name(size, sizeof size, sizes[k]);
        cb_setup(x, CB_BULLETS, sizes[k], CB_HITBOXES, 0);
        cb_result sort = cb_measure(x, cb_build, COLLISION_GRID);
        cb_result boxes = cb_measure(x, cb_build_boxes, COLLISION_GRID);
        const grid *g = &x->c.grid;
        bench_table_row(&t, size);
        bench_table_value(&t, sort.ns / sizes[k]);
        bench_table_value(&t, boxes.ns / sizes[k]);
        bench_table_value(&t, sort.ns / 1000.0);
        bench_table_value(&t, (double)g->entries / g->placed);
        bench_table_value(&t, 100.0 * g->multi / g->placed);
        if (sizes[k] == 100000)
            at_100k = sort.ns / sizes[k];
    }
    bench_table_end(&t);
    return at_100k;
}

/* A crossover table: per row, grid time / sweep time at each ladder count, and
 * chosen time / best time; the crossover is the smallest ladder count from which
 * the grid is never slower. */
typedef struct cb_ladder {
    const char *id, *title, *unit;
    const int *steps;
    int step_count;
} cb_ladder;

static void cb_crossover_columns(const cb_ladder *l, bench_column *cols, char titles[][16])
{
    for (int k = 0; k < l->step_count; k++) {
        snprintf(titles[k], 16, "%s=%d", l->unit, l->steps[k]);
        cols[k] = (bench_column){titles[k], "x", 2, BENCH_NEUTRAL};
    }
    cols[l->step_count] = (bench_column){"crossover", l->unit, 0, BENCH_NEUTRAL};
}

/* Measures one row of a crossover table: set(x, step) prepares the scene, op
 * runs it; the figures are grid/sweep and chosen/best at each step. */
static void cb_crossover_row(cb_ctx *x, bench_table *t, const cb_ladder *l, const char *label,
                             void (*set)(cb_ctx *x, int step, int row), int row, cb_op op,
                             collision_path (*choose)(cb_ctx *x))
{
    double ratio[BENCH_MAX_COLUMNS], chosen[BENCH_MAX_COLUMNS];
    for (int k = 0; k < l->step_count; k++) {
        set(x, l->steps[k], row);
        const cb_job jobs[2] = {{op, COLLISION_SWEEP}, {op, COLLISION_GRID}};
        cb_result res[2];
        double speedup[2];
        cb_measure_jobs(x, jobs, 2, res, speedup);
        if (res[0].digest != res[1].digest) {
            bench_note(x->b, "MISMATCH: %s at %s=%d", label, l->unit, l->steps[k]);
            x->mismatches++;
        }
        ratio[k] = 1.0 / speedup[1]; /* grid time over sweep time */
        if (choose(x) == COLLISION_GRID)
            chosen[k] = ratio[k] > 1.0 ? ratio[k] : 1.0;
        else
            chosen[k] = ratio[k] < 1.0 ? 1.0 / ratio[k] : 1.0;
    }
    double crossover = NAN;
    for (int k = l->step_count - 1; k >= 0 && ratio[k] <= 1.0; k--)
        crossover = l->steps[k];
    char row_label[64];
    bench_table_row(t, label);
    for (int k = 0; k < l->step_count; k++)
        bench_table_value(t, ratio[k]);
    bench_table_value(t, crossover);
    snprintf(row_label, sizeof row_label, "%s chosen/best", label);
    bench_table_row(t, row_label);
    for (int k = 0; k < l->step_count; k++)
        bench_table_value(t, chosen[k]);
}

/* Scene setters and choosers for the crossover rows. */
static int cb_row_sizes[4];

static void cb_set_hitboxes(cb_ctx *x, int step, int row)
{
    cb_setup(x, CB_BULLETS, cb_row_sizes[row], CB_HITBOXES, step);
}

static void cb_set_enemies(cb_ctx *x, int step, int row)
{
    cb_setup(x, CB_SHOTS, cb_row_sizes[row], CB_ENEMIES, step);
}

static void cb_set_self(cb_ctx *x, int step, int row)
{
    (void)row;
    cb_setup(x, CB_BULLETS, step, CB_HITBOXES, 0);
}

static collision_path cb_choose_probes(cb_ctx *x)
{
    return collision_choose(x->items.n, x->probes.n);
}

static collision_path cb_choose_self(cb_ctx *x)
{
    return collision_choose_self(x->items.n);
}

static void cb_crossover(cb_ctx *x, const cb_ladder *l, const int *rows, int row_count,
                         const char *row_unit, void (*set)(cb_ctx *, int, int), cb_op op,
                         collision_path (*choose)(cb_ctx *))
{
    bench_column cols[BENCH_MAX_COLUMNS];
    char titles[BENCH_MAX_COLUMNS][16];
    cb_crossover_columns(l, cols, titles);
    bench_table t;
    bench_table_begin(&t, x->b, l->id, l->title, cols, l->step_count + 1, 22);
    for (int r = 0; r < row_count; r++) {
        char label[48], n[16];
        cb_row_sizes[r] = rows[r];
        cb_size_name(n, sizeof n, rows[r]);
        if (rows[r] > 0)
            snprintf(label, sizeof label, "%s %s", n, row_unit);
        else /* a row whose size is the ladder itself */
            snprintf(label, sizeof label, "%s", row_unit);
        cb_crossover_row(x, &t, l, label, set, r, op, choose);
    }
    bench_table_end(&t);
}

/* Grid time for the three cases, by one grid setting: the cell side (loose at
 * its default) or the loose limit (cell at its default). These justify the
 * defaults of collision.h. */
static void cb_grid_table(cb_ctx *x, const char *id, const char *title, const char *what,
                          const float *values, int count, int loose, int quick)
{
    bench_column cols[BENCH_MAX_COLUMNS];
    char titles[BENCH_MAX_COLUMNS][16];
    for (int k = 0; k < count; k++) {
        snprintf(titles[k], 16, "%s=%d", what, (int)values[k]);
        cols[k] = (bench_column){titles[k], "us/frame", 1, BENCH_LOWER_BETTER};
    }
    bench_table t;
    bench_table_begin(&t, x->b, id, title, cols, count, 24);
    collision saved = x->c;
    struct {
        const char *label;
        cb_kind items, probes;
        int n, q;
        cb_op op;
    } rows[] = {
        {"case 1: 100k x16 boxes", CB_BULLETS, CB_HITBOXES, 100000, 16, cb_circles_engine},
        {"case 2: 1000x100", CB_SHOTS, CB_ENEMIES, 1000, 100, cb_circles_engine},
        {"case 3: 10k", CB_BULLETS, CB_HITBOXES, 10000, 0, cb_self_engine},
    };
    if (quick) {
        rows[0].label = "case 1: 10k x16 boxes";
        rows[0].n = 10000;
        rows[2].label = "case 3: 1k";
        rows[2].n = 1000;
    }
    for (int r = 0; r < 3; r++) {
        bench_table_row(&t, rows[r].label);
        for (int k = 0; k < count; k++) {
            collision_config cfg = {.item_cap = rows[r].n};
            if (loose)
                cfg.loose = values[k];
            else
                cfg.cell = values[k];
            collision c;
            if (collision_init(&c, &cfg)) {
                bench_table_value(&t, NAN);
                continue;
            }
            x->c = c;
            cb_setup(x, rows[r].items, rows[r].n, rows[r].probes, rows[r].q);
            cb_result res = cb_measure(x, rows[r].op, COLLISION_GRID);
            bench_table_value(&t, res.ns / 1000.0);
            collision_free(&x->c);
        }
    }
    x->c = saved;
    bench_table_end(&t);
}

/* The sweep's kernel decision: the exact swept test in the vector loop for
 * every bullet (this file's version of the straight sweep) against the
 * engine's sweep (the box step in the vector loop, the exact test on the few
 * flagged), one player with a graze circle. */
static uint64_t cb_exact_sweep(cb_ctx *x)
{
    collision_player_query q = cb_player(x, 0);
    int n = x->items.n;
    const float *restrict px = x->items.x, *restrict py = x->items.y, *restrict r = x->items.r;
    const float *restrict dx = x->items.dx, *restrict dy = x->items.dy;
    uint8_t *restrict m = x->items.flags; /* scratch flags: graze bits are not used here */
    float reach = q.graze_r;
    for (int i = 0; i < n; i++) { /* vectorized: 16-byte vectors, like the engine's screens */
        float rs = reach + r[i];
        m[i] = collision_sweep_d2(px[i] - q.x, py[i] - q.y, dx[i] - q.dx, dy[i] - q.dy) <= rs * rs;
    }
    uint64_t found = 0;
    for (int i = 0; i < n; i++)
        found += m[i];
    x->found = found;
    x->digest = found;
    return (uint64_t)n;
}

static uint64_t cb_engine_sweep(cb_ctx *x)
{
    collision_player_query q = cb_player(x, 0);
    q.hit_r = q.graze_r;
    q.grazed = NULL;
    uint64_t before = x->c.stats.tests;
    cb_clear(x);
    collision_player(&x->c, &x->item_set, &q, 1, x->hits, NULL);
    x->found = (uint64_t)x->hits[0].count;
    x->digest = x->found;
    return x->c.stats.tests - before;
}

static void cb_sweep_table(cb_ctx *x, int n)
{
    static const bench_column cols[] = {
        {"time", "ns/bullet", 3, BENCH_LOWER_BETTER},
        {"found", "", 0, BENCH_NEUTRAL},
    };
    char title[96];
    snprintf(title, sizeof title, "Sweep kernel: %d bullets vs one swept 16 px circle", n);
    bench_table t;
    bench_table_begin(&t, x->b, "sweep_kernel", title, cols, 2, 30);
    cb_setup(x, CB_BULLETS, n, CB_HITBOXES, 0);
    x->players = 1;
    cb_result exact = cb_measure(x, cb_exact_sweep, COLLISION_SWEEP);
    cb_result engine = cb_measure(x, cb_engine_sweep, COLLISION_SWEEP);
    bench_table_row(&t, "exact swept test, all lanes");
    bench_table_value(&t, exact.ns / n);
    bench_table_value(&t, (double)exact.found);
    bench_table_row(&t, "box step, exact on flagged");
    bench_table_value(&t, engine.ns / n);
    bench_table_value(&t, (double)engine.found);
    bench_table_end(&t);
    bench_note(x->b, "the engine's kernel is %.2fx the exact one", exact.ns / engine.ns);
}

/* Prints and records one target check. */
static void cb_target(bench *b, const char *key, const char *what, double value, double limit,
                      int at_most, const char *unit)
{
    if (isnan(value)) {
        bench_note(b, "target %s: not measured in this run (quick)", what);
        return;
    }
    int met = at_most ? value <= limit : value >= limit;
    bench_note(b, "target %s %s %g %s: measured %.3g %s, %s", what, at_most ? "<=" : ">=", limit,
               unit, value, unit, met ? "met" : "MISSED");
    char k[160];
    snprintf(k, sizeof k, "collide/targets/%s", key);
    bench_record(b, k, value, unit, at_most ? BENCH_LOWER_BETTER : BENCH_HIGHER_BETTER);
}

static int cb_ctx_init(cb_ctx *x, bench *b)
{
    /* Many short samples: on a shared machine a sample cut by the scheduler is
     * an outlier the median drops, where a long sample would rarely be clean. */
    *x = (cb_ctx){
        .b = b, .samples = b->quick ? 5 : CB_MAX_SAMPLES, .sample_ns = b->quick ? 1e5 : 2e5};
    int max_items = b->quick ? 20000 : CB_MAX_ITEMS;
    if (collision_init(&x->c, &(collision_config){.item_cap = max_items}) ||
        cb_scene_alloc(&x->items, max_items) || cb_scene_alloc(&x->probes, CB_MAX_PROBES) ||
        collision_pairs_init(&x->pairs, CB_PAIR_CAP))
        return -1;
    for (int j = 0; j < 2; j++)
        if (collision_list_init(&x->hits[j], CB_LIST_CAP) ||
            collision_list_init(&x->grazes[j], CB_LIST_CAP))
            return -1;
    return 0;
}

static void cb_ctx_free(cb_ctx *x)
{
    collision_free(&x->c);
    cb_scene_free(&x->items);
    cb_scene_free(&x->probes);
    collision_pairs_free(&x->pairs);
    for (int j = 0; j < 2; j++) {
        collision_list_free(&x->hits[j]);
        collision_list_free(&x->grazes[j]);
    }
}

int collide_bench_run(bench *b)
{
    bench_begin_scenario(b, "collide",
                         "collision: brute force vs straight sweep vs grid, and the crossovers");
    cb_ctx x;
    if (cb_ctx_init(&x, b) != 0) {
        cb_ctx_free(&x);
        fprintf(b->out, "collide: out of memory\n");
        return -1;
    }
    int q = b->quick;
    static const int players_full[] = {1000, 10000, 100000}, players_quick[] = {1000, 10000};
    static const int build_full[] = {1000, 10000, 100000, 1000000}, build_quick[] = {1000, 10000};
    static const int shots_full[] = {200, 1000}, shots_quick[] = {200};
    static const int enemies_full[] = {10, 50, 200}, enemies_quick[] = {10, 50};
    static const int self_full[] = {1000, 3000, 10000}, self_quick[] = {300, 1000};

    double player_ns = cb_case_players(&x, q ? players_quick : players_full, q ? 2 : 3);
    cb_case_shots(&x, q ? shots_quick : shots_full, q ? 1 : 2, q ? enemies_quick : enemies_full,
                  q ? 2 : 3);
    double rings_speedup;
    double self_speedup = cb_case_self(&x, q ? self_quick : self_full, q ? 2 : 3, &rings_speedup);
    double build_ns = cb_build_table(&x, q ? build_quick : build_full, q ? 2 : 4);

    static const int probe_steps[] = {1, 2, 4, 8, 16, 32, 64, 128};
    static const int probe_steps_quick[] = {1, 4, 16, 64};
    cb_ladder hitboxes = {"crossover_hitboxes",
                          "Crossover, case 1: grid time / sweep time by hitboxes vs bullets", "Q",
                          q ? probe_steps_quick : probe_steps, q ? 4 : 8};
    static const int bullet_rows[] = {1000, 10000, 100000};
    cb_crossover(&x, &hitboxes, bullet_rows, q ? 2 : 3, "bullets", cb_set_hitboxes,
                 cb_circles_engine, cb_choose_probes);
    cb_ladder enemies = {"crossover_enemies",
                         "Crossover, case 2: grid time / sweep time by enemies vs shots", "E",
                         q ? probe_steps_quick : probe_steps, q ? 4 : 8};
    static const int shot_rows[] = {100, 300, 1000};
    cb_crossover(&x, &enemies, shot_rows, q ? 1 : 3, "shots", cb_set_enemies, cb_circles_engine,
                 cb_choose_probes);
    static const int self_steps[] = {16, 32, 64, 128, 256, 512, 1024, 2048};
    static const int self_steps_quick[] = {32, 128, 512};
    cb_ladder self = {"crossover_self", "Crossover, case 3: grid time / sweep time by bullets", "N",
                      q ? self_steps_quick : self_steps, q ? 3 : 8};
    static const int self_rows[] = {0};
    cb_crossover(&x, &self, self_rows, 1, "bullets", cb_set_self, cb_self_engine, cb_choose_self);

    static const float cells[] = {8.0f, 12.0f, 16.0f, 24.0f, 32.0f};
    static const float cells_quick[] = {8.0f, 16.0f, 32.0f};
    cb_grid_table(&x, "cells", "Grid path by cell side (px), loose at its default", "cell",
                  q ? cells_quick : cells, q ? 3 : 5, 0, q);
    static const float looses[] = {8.0f, 12.0f, 13.0f, 16.0f, 24.0f};
    static const float looses_quick[] = {8.0f, 16.0f};
    cb_grid_table(&x, "loose", "Grid path by loose limit (px), cell at its default", "loose",
                  q ? looses_quick : looses, q ? 2 : 5, 1, q);
    cb_sweep_table(&x, q ? 10000 : 100000);

    fputc('\n', b->out);
    if (x.mismatches)
        bench_note(b, "RESULTS DIFFER: %d rows found something else than brute force",
                   x.mismatches);
    else
        bench_note(b, "every path found exactly what brute force found");
    bench_record(b, "collide/check/mismatches", x.mismatches, "rows", BENCH_LOWER_BETTER);
    bench_note(b,
               "AUTO takes the grid when probes x (items x %.1f ns - %.0f ns) > %.0f ns + items x "
               "%.1f ns, and for bullet-vs-bullet from %d bullets",
               COLLISION_SWEEP_NS, COLLISION_WALK_NS, COLLISION_GRID_FIXED_NS,
               COLLISION_GRID_ITEM_NS, COLLISION_SELF_GRID_MIN);
    cb_target(b, "player_100k_ms", "100k bullets vs player", player_ns / 1e6, 0.3, 1, "ms");
    cb_target(b, "build_ns_per_bullet", "grid build at 100k", build_ns, 5.0, 1, "ns/bullet");
    cb_target(b, "self_10k_speedup", "case 3 at 10k vs all pairs", self_speedup, 50.0, 0, "x");
    if (!isnan(rings_speedup)) { /* the second scene: reported beside the target, not instead */
        bench_record(b, "collide/targets/self_10k_rings_speedup", rings_speedup, "x",
                     BENCH_HIGHER_BETTER);
        bench_note(b, "case 3 at 10k in rings vs all pairs: %.3g x", rings_speedup);
    }
    cb_ctx_free(&x);
    return 0;
}

/* ==== --sweep collide ======================================================= */

/* One player against n bullets of the shared scene (bench/bench_scene.h), moved
 * once: the frame's hits and grazes by the sweep on one thread, split over two
 * threads at any size, and by the grid (built every frame). */
typedef struct cb_sweep_scene {
    bullet_pool pool;
    bench_scene_motion motion;
    collision coll;
    collision_list hits, grazes;
} cb_sweep_scene;

static void cb_sweep_scene_free(cb_sweep_scene *s)
{
    bullet_pool_free(&s->pool);
    bench_scene_motion_free(&s->motion);
    collision_free(&s->coll);
    collision_list_free(&s->hits);
    collision_list_free(&s->grazes);
}

static int cb_sweep_scene_make(cb_sweep_scene *s, uint32_t n)
{
    memset(s, 0, sizeof *s);
    collision_config cfg = {.item_cap = (int)((n + 63) / 64 * 64)};
    if (bench_scene_fill(&s->pool, n, 0xc011 + n, 0) != 0 ||
        bench_scene_motion_init(&s->motion, s->pool.capacity) != 0 ||
        collision_init(&s->coll, &cfg) != 0 || collision_list_init(&s->hits, (int)n) != 0 ||
        collision_list_init(&s->grazes, (int)n) != 0) {
        cb_sweep_scene_free(s);
        return -1;
    }
    s->coll.split_min = 0;
    bench_scene_motion_before(&s->motion, &s->pool);
    bullet_pool_update(&s->pool);
    bench_scene_motion_after(&s->motion, &s->pool);
    return 0;
}

/* One frame's player query on `path`, split over w when it is not NULL. */
typedef struct cb_sweep_job {
    cb_sweep_scene *s;
    collision_path path;
    workers *w;
} cb_sweep_job;

static void cb_sweep_frame(void *ctx)
{
    cb_sweep_job *job = ctx;
    cb_sweep_scene *s = job->s;
    circle_set set = bench_scene_circles(&s->motion, &s->pool);
    collision_player_query q = {PLAYFIELD_W / 2, PLAYFIELD_H * 0.8f, 1.5f, -1.0f,
                                CB_HIT_R,        CB_GRAZE_R,         NULL, 0};
    collision_list_clear(&s->hits);
    collision_list_clear(&s->grazes);
    s->coll.path = job->path;
    collision_player_workers(&s->coll, job->w, &set, &q, 1, &s->hits, &s->grazes);
}

static int cb_sweep_measure(bench *b, uint32_t n, double *ms)
{
    cb_sweep_scene s;
    if (cb_sweep_scene_make(&s, n) != 0)
        return -1;
    workers w;
    workers_init(&w, 2);
    cb_sweep_job jobs[3] = {
        {&s, COLLISION_SWEEP, NULL}, {&s, COLLISION_SWEEP, &w}, {&s, COLLISION_GRID, NULL}};
    for (int way = 0; way < 3; way++)
        ms[way] = bench_sweep_time(b->quick ? 5 : 9, cb_sweep_frame, &jobs[way]);
    workers_free(&w);
    cb_sweep_scene_free(&s);
    return 0;
}

const bench_sweeper collide_bench_sweeper = {
    "collide",
    "one player's hits and grazes against every bullet",
    {"sweep", "sweep x2", "grid"},
    3,
    cb_sweep_measure,
};
