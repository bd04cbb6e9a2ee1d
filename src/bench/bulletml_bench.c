/*
 * bulletml_bench: the BulletML corpus, many emitters per file, on three engines
 * driven the same way (the same files, emitters, frames, rank, cull square and
 * host model: run the scripts, then move; emitters at the origin, the player at
 * (0, 200)):
 *
 *   libbulletml   Debian's library under the reference host (bulletml_oracle
 *                 --bench, a program of its own: curtain never links it);
 *   reference     curtain's exact reference host (bulletml_host.h): double
 *                 precision, libbulletml's ramps applied every frame;
 *   game          the VM driving curtain's bullet pool, as the game does: ramps
 *                 become pool tweens, a waiting script costs nothing.
 *
 * Only the frame loop is timed; loading, compiling and setting up are not (the
 * load is reported on its own). Every engine reports the bullets alive after each
 * frame, summed: bullet-frames.
 */
#include "bench/bulletml_bench.h"

#include "core/clock.h"
#include "core/mem.h"
#include "core/rng.h"
#include "core/trig.h"
#include "pattern/bulletml/bulletml_compile.h"
#include "pattern/bulletml/bulletml_corpus.h"
#include "pattern/bulletml/bulletml_host.h"
#include "pattern/vm/vm.h"
#include "sim/bullet_pool.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define BB_COPIES       1000
#define BB_QUICK_COPIES 20
#define BB_FRAMES       300
#define BB_QUICK_FRAMES 30
#define BB_CULL         400.0 /* px from the origin, either axis */
#define BB_RANK         0.5
#define BB_SEED         1u
#define BB_OBJECTS      (1u << 20) /* bullets alive at once, per engine */
#define BB_RUNNERS      (1u << 19) /* scripts running at once */
#define BB_QUICK_SHIFT  5          /* --quick: 32 times fewer of both */
#define BB_HEAVIEST     5
#define BB_PLAYER_Y     200.0

/* Engines, in table order. */
enum {
    BB_LIBBULLETML,
    BB_REFERENCE,
    BB_GAME,
    BB_ENGINES
};

static const char *const bb_engine_names[BB_ENGINES] = {
    "libbulletml (reference host)",
    "curtain reference host",
    "curtain game (VM + pool)",
};

typedef struct bb_result {
    uint64_t bullet_frames, ns, refused;
} bb_result;

typedef struct bb_run {
    bench *b;
    int copies, frames;
    uint32_t objects, runners; /* capacities */
    bulletml_corpus corpus;
    bulletml_pattern *patterns; /* per file; program NULL when it did not load */
    bb_result *per_file;        /* [file * BB_ENGINES + engine] */
    bb_result total[BB_ENGINES];
    int ran[BB_ENGINES]; /* the engine could run */
    uint64_t load_ns;
    int loaded;
    uint32_t stack_slots; /* enough for every pattern */
    char oracle[4096];
} bb_run;

/* ---- the game engine: the VM's scripts drive bullets in the pool ------------------ */

/* Emitters live in a pool of their own that never culls; handles say which. */
#define BB_EMITTER_BIT 0x80000000u

typedef struct bb_game {
    bullet_pool bullets, emitters;
    vm *v;
    rng random;
    vm_obj *gone;
    uint32_t gone_count;
} bb_game;

static bullet_pool *bb_pool_of(bb_game *g, vm_obj obj, uint32_t *slot)
{
    *slot = (obj & ~BB_EMITTER_BIT) - 1;
    return (obj & BB_EMITTER_BIT) ? &g->emitters : &g->bullets;
}

static int bb_channel(vm_prop p)
{
    switch (p) {
    case VM_PROP_HEADING: return BULLET_CHANNEL_HEADING;
    case VM_PROP_SPEED: return BULLET_CHANNEL_SPEED;
    case VM_PROP_VX: return BULLET_CHANNEL_EXTRA_X;
    case VM_PROP_VY: return BULLET_CHANNEL_EXTRA_Y;
    default: return -1;
    }
}

static double bb_get(void *user, vm_obj obj, vm_prop prop)
{
    uint32_t s;
    bullet_pool *p = bb_pool_of(user, obj, &s);
    int c = bb_channel(prop);
    if (c >= 0)
        return bullet_pool_get(p, bullet_pool_handle(p, s), (bullet_channel)c);
    switch (prop) {
    case VM_PROP_POS_X: return p->x[s];
    case VM_PROP_POS_Y: return p->y[s];
    case VM_PROP_AIM: return trig_atan2(0.0 - p->x[s], p->y[s] - BB_PLAYER_Y) * 180.0 / TRIG_PI;
    case VM_PROP_PLAYER_Y: return BB_PLAYER_Y;
    case VM_PROP_RANK: return BB_RANK;
    case VM_PROP_DEFAULT_SPEED: return 1.0;
    default: return 0.0;
    }
}

static void bb_set(void *user, vm_obj obj, vm_prop prop, double value)
{
    uint32_t s;
    bullet_pool *p = bb_pool_of(user, obj, &s);
    int c = bb_channel(prop);
    if (c >= 0)
        bullet_pool_set(p, bullet_pool_handle(p, s), (bullet_channel)c, value);
}

static void bb_ramp(void *user, vm_obj obj, vm_prop prop, const vm_ramp *ramp)
{
    uint32_t s;
    bullet_pool *p = bb_pool_of(user, obj, &s);
    int c = bb_channel(prop);
    if (c >= 0)
        bullet_pool_tween(p, bullet_pool_handle(p, s), (bullet_channel)c, ramp->v1,
                          ramp->t1 - ramp->t0);
}

static double bb_random(void *user)
{
    bb_game *g = user;
    return rng_double(&g->random);
}

static vm_obj bb_spawn(void *user, vm_obj parent, const vm_shot *shot)
{
    bb_game *g = user;
    uint32_t s;
    bullet_pool *p = bb_pool_of(g, parent, &s);
    bullet_spawn sp = {0};
    sp.x = (float)(p->x[s] + shot->dx);
    sp.y = (float)(p->y[s] + shot->dy);
    sp.heading = shot->dir;
    sp.speed = shot->speed;
    sp.extra_x = shot->field[VM_SHOT_VX];
    sp.extra_y = shot->field[VM_SHOT_VY];
    sp.script = shot->runner;
    bullet_handle h = bullet_pool_spawn(&g->bullets, &sp);
    return h.gen ? h.index + 1 : 0;
}

/* The object goes after the tick: its other scripts still read it meanwhile. */
static void bb_vanish(void *user, vm_obj obj)
{
    bb_game *g = user;
    g->gone[g->gone_count++] = obj;
}

static void bb_game_free(bb_game *g)
{
    vm_destroy(g->v);
    bullet_pool_free(&g->bullets);
    bullet_pool_free(&g->emitters);
    mem_free(g->gone);
}

static int bb_game_init(bb_game *g, const bb_run *r)
{
    memset(g, 0, sizeof *g);
    vm_config cfg;
    vm_config_default(&cfg);
    cfg.capacity = r->runners;
    cfg.stack_slots = r->stack_slots;
    cfg.budget = 1u << 24;
    cfg.frame_budget = cfg.frame_starts = UINT32_MAX; /* libbulletml has no limit */
    vm_host host = {g,    bb_get, bb_set, bb_ramp, bb_random, bb_spawn, bb_vanish, NULL,
                    NULL, NULL,   NULL,   NULL,    NULL,      NULL,     NULL};
    g->gone = mem_alloc(2 * r->objects * sizeof *g->gone);
    if (!g->gone || bullet_pool_init(&g->bullets, r->objects) != 0 ||
        bullet_pool_init(&g->emitters, (uint32_t)r->copies) != 0 ||
        !(g->v = vm_create(&cfg, &host))) {
        bb_game_free(g);
        return -1;
    }
    float c = (float)BB_CULL;
    bullet_pool_set_cull_rect(&g->bullets, -c, -c, c, c);
    bullet_pool_set_cull_rect(&g->emitters, -1e9f, -1e9f, 1e9f, 1e9f);
    return 0;
}

/* One frame of the game engine: scripts, vanished objects out, one pool update,
 * the scripts of culled bullets stopped. */
static void bb_game_frame(bb_game *g, int32_t frame)
{
    vm_tick(g->v, frame);
    for (uint32_t k = 0; k < g->gone_count; k++) {
        uint32_t s;
        bullet_pool *p = bb_pool_of(g, g->gone[k], &s);
        vm_kill_obj(g->v, g->gone[k]);
        bullet_pool_despawn(p, bullet_pool_handle(p, s), BULLET_DESPAWN_VANISH);
    }
    g->gone_count = 0;
    bullet_pool_update(&g->bullets);
    bullet_pool_update(&g->emitters);
    uint32_t n;
    const bullet_despawn *log = bullet_pool_despawned(&g->bullets, &n);
    for (uint32_t k = 0; k < n; k++)
        vm_kill(g->v, log[k].script);
    bullet_pool_clear_despawned(&g->bullets);
}

static bb_result bb_game_file(bb_game *g, const bb_run *r, const bulletml_pattern *pat)
{
    vm_reset(g->v);
    bullet_pool_clear(&g->bullets, BULLET_DESPAWN_CLEAR, 0);
    bullet_pool_clear(&g->emitters, BULLET_DESPAWN_CLEAR, 0);
    bullet_pool_clear_despawned(&g->bullets);
    rng_seed(&g->random, BB_SEED);
    uint64_t refused0 = g->bullets.stats.refused;
    for (int k = 0; k < r->copies; k++) {
        bullet_spawn sp = {0};
        bullet_handle e = bullet_pool_spawn(&g->emitters, &sp);
        for (int t = 0; t < pat->top_count; t++)
            vm_start(g->v, pat->program, pat->tops[t], (e.index + 1) | BB_EMITTER_BIT, NULL, 0, 0);
    }
    bb_result res = {0};
    uint64_t t0 = clock_now_ns();
    for (int f = 0; f < r->frames; f++) {
        bb_game_frame(g, f);
        res.bullet_frames += g->bullets.live;
    }
    res.ns = clock_now_ns() - t0;
    res.refused = g->bullets.stats.refused - refused0 + vm_get_stats(g->v).refused;
    return res;
}

/* ---- the reference host ------------------------------------------------------------- */

static bb_result bb_reference_file(bulletml_host *h, const bb_run *r, const bulletml_pattern *pat)
{
    bulletml_host_restart(h, pat);
    bb_result res = {0};
    uint64_t t0 = clock_now_ns();
    for (int f = 0; f < r->frames; f++)
        bulletml_host_step(h);
    res.ns = clock_now_ns() - t0;
    bulletml_host_stats s = bulletml_host_get_stats(h);
    res.bullet_frames = s.bullet_frames;
    res.refused = s.refused + s.vm.refused;
    return res;
}

/* ---- libbulletml, through the oracle program ----------------------------------------- */

/* The oracle: $CURTAIN_BULLETML_ORACLE, or bulletml_oracle beside this program
 * (the build folder has both). */
static int bb_find_oracle(bb_run *r)
{
    const char *env = getenv("CURTAIN_BULLETML_ORACLE");
    if (env && *env) {
        snprintf(r->oracle, sizeof r->oracle, "%s", env);
        return access(r->oracle, X_OK) == 0;
    }
    char self[4000];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0)
        return 0;
    self[n] = '\0';
    char *slash = strrchr(self, '/');
    if (!slash)
        return 0;
    *slash = '\0';
    snprintf(r->oracle, sizeof r->oracle, "%s/bulletml_oracle", self);
    return access(r->oracle, X_OK) == 0;
}

/* Runs one file under the oracle; returns -1 when it could not. */
static int bb_oracle_file(const bb_run *r, const char *path, bb_result *res)
{
    if (strchr(path, '\'') || strchr(r->oracle, '\''))
        return -1; /* the shell quoting below cannot carry it */
    char command[8400];
    snprintf(command, sizeof command,
             "'%s' '%s' --bench --copies %d --frames %d --cull %d --rank %g --seed %u", r->oracle,
             path, r->copies, r->frames, (int)BB_CULL, BB_RANK, BB_SEED);
    FILE *out = popen(command, "r");
    if (!out)
        return -1;
    unsigned long long bullet_frames = 0;
    double seconds = 0;
    int got = fscanf(out, "bullet_frames %llu seconds %lf", &bullet_frames, &seconds);
    int status = pclose(out);
    if (got != 2 || status != 0)
        return -1;
    res->bullet_frames = bullet_frames;
    res->ns = (uint64_t)(seconds * 1e9);
    res->refused = 0;
    return 0;
}

/* ---- the run ------------------------------------------------------------------------------ */

static void bb_free(bb_run *r)
{
    if (r->patterns)
        for (int i = 0; i < r->corpus.count; i++)
            bulletml_pattern_unload(&r->patterns[i]);
    mem_free(r->patterns);
    mem_free(r->per_file);
    bulletml_corpus_free(&r->corpus);
}

/* Loads and compiles every file (timed), and sizes the VM stacks for all of them. */
static int bb_load(bb_run *r)
{
    r->patterns = mem_calloc((size_t)r->corpus.count, sizeof *r->patterns);
    r->per_file = mem_calloc((size_t)r->corpus.count * BB_ENGINES, sizeof *r->per_file);
    if (!r->patterns || !r->per_file)
        return -1;
    r->stack_slots = 16;
    uint64_t t0 = clock_now_ns();
    for (int i = 0; i < r->corpus.count; i++) {
        bulletml_diags diags;
        if (bulletml_pattern_load(&r->patterns[i], r->corpus.paths[i], BULLETML_DIALECT_DEBIAN,
                                  &diags) != 0)
            continue;
        r->loaded++;
    }
    r->load_ns = clock_now_ns() - t0;
    for (int i = 0; i < r->corpus.count; i++)
        if (r->patterns[i].program) {
            uint32_t s = bulletml_pattern_stack_slots(&r->patterns[i]);
            if (s > r->stack_slots)
                r->stack_slots = s;
        }
    return 0;
}

static void bb_add(bb_run *r, int file, int engine, bb_result res)
{
    r->per_file[file * BB_ENGINES + engine] = res;
    r->total[engine].bullet_frames += res.bullet_frames;
    r->total[engine].ns += res.ns;
    r->total[engine].refused += res.refused;
}

/* Runs every engine over every loaded file. */
static int bb_measure(bb_run *r)
{
    bb_game g;
    bulletml_host_options ho = {0};
    ho.rank = BB_RANK;
    ho.seed = BB_SEED;
    ho.copies = r->copies;
    ho.cull = BB_CULL;
    ho.capacity = r->objects;
    ho.runners = r->runners;
    ho.stack_slots = r->stack_slots;
    const bulletml_pattern *first = NULL;
    for (int i = 0; i < r->corpus.count && !first; i++)
        if (r->patterns[i].program)
            first = &r->patterns[i];
    if (!first)
        return 0;
    bulletml_host *h = bulletml_host_create(first, &ho);
    if (!h || bb_game_init(&g, r) != 0) {
        bulletml_host_destroy(h);
        return -1;
    }
    r->ran[BB_LIBBULLETML] = bb_find_oracle(r);
    r->ran[BB_REFERENCE] = r->ran[BB_GAME] = 1;
    for (int i = 0; i < r->corpus.count; i++) {
        const bulletml_pattern *p = &r->patterns[i];
        if (!p->program)
            continue;
        bb_result res;
        if (r->ran[BB_LIBBULLETML] && bb_oracle_file(r, r->corpus.paths[i], &res) == 0)
            bb_add(r, i, BB_LIBBULLETML, res);
        else
            r->ran[BB_LIBBULLETML] = 0;
        bb_add(r, i, BB_REFERENCE, bb_reference_file(h, r, p));
        bb_add(r, i, BB_GAME, bb_game_file(&g, r, p));
    }
    bulletml_host_destroy(h);
    bb_game_free(&g);
    return 0;
}

static double bb_ns_per(const bb_result *res)
{
    return res->bullet_frames ? (double)res->ns / (double)res->bullet_frames : NAN;
}

static void bb_report_totals(bb_run *r)
{
    static const bench_column cols[] = {
        {"bullet-frames", "M", 1, BENCH_NEUTRAL},
        {"time", "s", 2, BENCH_LOWER_BETTER},
        {"throughput", "M/s", 1, BENCH_HIGHER_BETTER},
        {"per bullet-frame", "ns", 2, BENCH_LOWER_BETTER},
        {"vs libbulletml", "x", 1, BENCH_HIGHER_BETTER},
        {"refused", "", 0, BENCH_NEUTRAL},
    };
    char title[200];
    snprintf(title, sizeof title,
             "1. The corpus (%d files), %d emitters per file, %d frames, rank %g, cull at %g px",
             r->loaded, r->copies, r->frames, BB_RANK, BB_CULL);
    bench_table t;
    bench_table_begin(&t, r->b, "corpus", title, cols, 6, 30);
    double lb = r->ran[BB_LIBBULLETML] ? bb_ns_per(&r->total[BB_LIBBULLETML]) : NAN;
    for (int e = 0; e < BB_ENGINES; e++) {
        const bb_result *res = &r->total[e];
        bench_table_row(&t, bb_engine_names[e]);
        if (!r->ran[e]) {
            for (int k = 0; k < 6; k++)
                bench_table_value(&t, NAN);
            continue;
        }
        double seconds = (double)res->ns * 1e-9;
        bench_table_value(&t, (double)res->bullet_frames * 1e-6);
        bench_table_value(&t, seconds);
        bench_table_value(&t, seconds > 0 ? (double)res->bullet_frames * 1e-6 / seconds : NAN);
        bench_table_value(&t, bb_ns_per(res));
        bench_table_value(&t, lb / bb_ns_per(res));
        bench_table_value(&t, (double)res->refused);
    }
    bench_table_end(&t);
    if (!r->ran[BB_LIBBULLETML]) {
        bench_note(r->b, "libbulletml: not run (no bulletml_oracle beside curtain; build the tests "
                         "with libbulletml-dev installed, or set CURTAIN_BULLETML_ORACLE)");
        return;
    }
    double ratio = lb / bb_ns_per(&r->total[BB_GAME]);
    bench_note(r->b, "curtain game vs libbulletml: %.1fx per bullet-frame (target >= 20x): %s",
               ratio,
               r->b->quick     ? "a --quick run is too small to judge it"
               : ratio >= 20.0 ? "met"
                               : "not met");
}

/* "folder/file.xml": enough to tell the corpus files apart (some names repeat). */
static const char *bb_short_name(const char *path)
{
    const char *p = path + strlen(path);
    int slashes = 0;
    while (p > path && slashes < 2)
        if (*--p == '/')
            slashes++;
    return slashes == 2 ? p + 1 : path;
}

/* The files libbulletml spends most on, with each engine's cost on them. */
static void bb_report_heaviest(bb_run *r)
{
    if (!r->ran[BB_LIBBULLETML])
        return;
    int best[BB_HEAVIEST], n = 0;
    for (int i = 0; i < r->corpus.count; i++) {
        uint64_t ns = r->per_file[i * BB_ENGINES + BB_LIBBULLETML].ns;
        if (!r->patterns[i].program || ns == 0)
            continue;
        int k = n;
        if (n == BB_HEAVIEST) {
            if (ns <= r->per_file[best[n - 1] * BB_ENGINES + BB_LIBBULLETML].ns)
                continue;
            k = n - 1;
        } else {
            n++;
        }
        while (k > 0 && r->per_file[best[k - 1] * BB_ENGINES + BB_LIBBULLETML].ns < ns) {
            best[k] = best[k - 1];
            k--;
        }
        best[k] = i;
    }
    static const bench_column cols[] = {
        {"libbulletml", "ns/bf", 1, BENCH_LOWER_BETTER},
        {"reference", "ns/bf", 1, BENCH_LOWER_BETTER},
        {"game", "ns/bf", 2, BENCH_LOWER_BETTER},
        {"game vs lib", "x", 1, BENCH_HIGHER_BETTER},
    };
    bench_table t;
    bench_table_begin(&t, r->b, "heaviest", "2. The files libbulletml spends most time on", cols, 4,
                      44);
    for (int k = 0; k < n; k++) {
        const bb_result *res = &r->per_file[best[k] * BB_ENGINES];
        bench_table_row(&t, bb_short_name(r->corpus.paths[best[k]]));
        bench_table_value(&t, bb_ns_per(&res[BB_LIBBULLETML]));
        bench_table_value(&t, bb_ns_per(&res[BB_REFERENCE]));
        bench_table_value(&t, bb_ns_per(&res[BB_GAME]));
        bench_table_value(&t, bb_ns_per(&res[BB_LIBBULLETML]) / bb_ns_per(&res[BB_GAME]));
    }
    bench_table_end(&t);
}

static void bb_report_load(bb_run *r)
{
    static const bench_column cols[] = {
        {"files", "", 0, BENCH_NEUTRAL},
        {"total", "ms", 1, BENCH_LOWER_BETTER},
        {"per file", "us", 1, BENCH_LOWER_BETTER},
    };
    bench_table t;
    bench_table_begin(&t, r->b, "load", "3. Loading: XML, checks, compilation to VM code", cols, 3,
                      30);
    bench_table_row(&t, "load + check + compile");
    bench_table_value(&t, r->loaded);
    bench_table_value(&t, (double)r->load_ns * 1e-6);
    bench_table_value(&t, r->loaded ? (double)r->load_ns * 1e-3 / r->loaded : NAN);
    bench_table_end(&t);
}

int bulletml_bench_run(bench *b)
{
    bench_begin_scenario(b, "bulletml",
                         "the BulletML corpus on curtain's VM and on Debian's libbulletml");
    bb_run r;
    memset(&r, 0, sizeof r);
    r.b = b;
    r.copies = b->quick ? BB_QUICK_COPIES : BB_COPIES;
    r.frames = b->quick ? BB_QUICK_FRAMES : BB_FRAMES;
    r.objects = b->quick ? BB_OBJECTS >> BB_QUICK_SHIFT : BB_OBJECTS;
    r.runners = b->quick ? BB_RUNNERS >> BB_QUICK_SHIFT : BB_RUNNERS;
    if (bulletml_corpus_find(&r.corpus) != 0)
        return -1;
    if (r.corpus.count == 0) {
        bench_note(b, "no BulletML corpus installed (apt-get install libbulletml-dev "
                      "noiz2sa-data parsec47-data rrootage-data torus-trooper-data "
                      "tumiki-fighters-data): nothing to run");
        bb_free(&r);
        return 0;
    }
    int rc = bb_load(&r) == 0 && bb_measure(&r) == 0 ? 0 : -1;
    if (rc == 0) {
        bb_report_totals(&r);
        bb_report_heaviest(&r);
        bb_report_load(&r);
    }
    bb_free(&r);
    return rc;
}
