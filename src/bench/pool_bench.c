/*
 * pool_bench: `curtain bench pool`. See pool_bench.h and docs/bench.md.
 *
 * Every table runs its naive baselines in this process, on the same machine
 * state, with fixed seeds. Durations are medians of repetitions (the EZMissile
 * table reports means, as its original did). The baselines that measure malloc
 * call malloc/free directly: the allocator is the thing under test there, and
 * the counting wrapper of core/mem.h would add its own cost to it.
 */
#include "bench/pool_bench.h"

#include "bench/bench_scene.h"
#include "core/clock.h"
#include "core/mem.h"
#include "core/rng.h"
#include "core/trig.h"
#include "sim/bullet_pool.h"
#include "sim/playfield.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* A cull rectangle nothing in these runs leaves, so live counts stay fixed. */
#define PB_FAR 1.0e7f

static double pb_now(void)
{
    return (double)clock_now_ns();
}

/* Median of a few samples (sorted in place). */
static double pb_median(double *samples, int count)
{
    return bench_summarize(samples, count).p50;
}

/* A bullet inside the field with a small random velocity. */
static bullet_spawn pb_spawn_desc(rng *r)
{
    bullet_spawn s = {0};
    s.x = rng_range(r, 0.0f, PLAYFIELD_W);
    s.y = rng_range(r, 0.0f, PLAYFIELD_H);
    s.heading = (double)rng_below(r, 360);
    s.speed = 0.25 + (double)rng_below(r, 4) * 0.25;
    s.shape = BULLET_SHAPE_ORB;
    return s;
}

/* ==== 1. EZMissile: 10,000 random add/remove operations ==================== */

#define EZ_CAP  65536u
#define EZ_OPS  10000
#define EZ_RUNS 15

typedef struct ez_object {
    float x, y, vx, vy;
    int active;
} ez_object;

/* Every variant's state; each uses its own part. */
typedef struct ez_state {
    ez_object *obj;
    uint32_t *ids; /* queue ring or stack of free ids */
    uint32_t head, tail, top;
    uint64_t *bits; /* free bits */
    bullet_pool pool;
    uint32_t *gen; /* pool handles' generations by slot */
} ez_state;

typedef struct ez_variant {
    const char *name;
    void (*reset)(ez_state *s);
    uint32_t (*add)(ez_state *s, uint32_t seed); /* returns the object id */
    void (*remove)(ez_state *s, uint32_t id);
} ez_variant;

static void ez_init_object(ez_object *o, uint32_t seed)
{
    o->x = (float)(seed & 255);
    o->y = (float)((seed >> 8) & 255);
    o->vx = 0.5f;
    o->vy = 1.0f;
    o->active = 1;
}

static int ez_is_free(const ez_object *o)
{
    return !o->active;
}

/* The predicate comes through a volatile pointer, as a delegate would: the scan
 * cannot be specialised to it. */
static int (*volatile ez_predicate)(const ez_object *) = ez_is_free;

static void ez_reset_objects(ez_state *s)
{
    memset(s->obj, 0, EZ_CAP * sizeof *s->obj);
}

static uint32_t ez_scan_add(ez_state *s, uint32_t seed)
{
    int (*pred)(const ez_object *) = ez_predicate;
    for (uint32_t i = 0; i < EZ_CAP; i++)
        if (pred(&s->obj[i])) {
            ez_init_object(&s->obj[i], seed);
            return i;
        }
    return 0;
}

static void ez_object_remove(ez_state *s, uint32_t id)
{
    s->obj[id].active = 0;
}

static void ez_queue_reset(ez_state *s)
{
    ez_reset_objects(s);
    for (uint32_t i = 0; i < EZ_CAP; i++)
        s->ids[i] = i;
    s->head = 0;
    s->tail = 0; /* full ring: EZ_CAP entries from head */
}

static uint32_t ez_queue_add(ez_state *s, uint32_t seed)
{
    uint32_t id = s->ids[s->head++ % EZ_CAP];
    ez_init_object(&s->obj[id], seed);
    return id;
}

static void ez_queue_remove(ez_state *s, uint32_t id)
{
    s->obj[id].active = 0;
    s->ids[s->tail++ % EZ_CAP] = id;
}

static void ez_bits_reset(ez_state *s)
{
    ez_reset_objects(s);
    memset(s->bits, 0xff, EZ_CAP / 8);
}

static uint32_t ez_bitmap_add(ez_state *s, uint32_t seed)
{
    for (uint32_t i = 0; i < EZ_CAP; i++)
        if (s->bits[i / 64] >> (i % 64) & 1u) {
            s->bits[i / 64] &= ~(1ull << (i % 64));
            ez_init_object(&s->obj[i], seed);
            return i;
        }
    return 0;
}

static uint32_t ez_ctz_add(ez_state *s, uint32_t seed)
{
    for (uint32_t w = 0; w < EZ_CAP / 64; w++)
        if (s->bits[w]) {
            uint32_t i = w * 64 + (uint32_t)__builtin_ctzll(s->bits[w]);
            s->bits[w] &= s->bits[w] - 1;
            ez_init_object(&s->obj[i], seed);
            return i;
        }
    return 0;
}

static void ez_bits_remove(ez_state *s, uint32_t id)
{
    s->obj[id].active = 0;
    s->bits[id / 64] |= 1ull << (id % 64);
}

static void ez_stack_reset(ez_state *s)
{
    ez_reset_objects(s);
    for (uint32_t i = 0; i < EZ_CAP; i++)
        s->ids[i] = EZ_CAP - 1 - i;
    s->top = EZ_CAP;
}

static uint32_t ez_stack_add(ez_state *s, uint32_t seed)
{
    uint32_t id = s->ids[--s->top];
    ez_init_object(&s->obj[id], seed);
    return id;
}

static void ez_stack_remove(ez_state *s, uint32_t id)
{
    s->obj[id].active = 0;
    s->ids[s->top++] = id;
}

static void ez_pool_reset(ez_state *s)
{
    bullet_pool_clear(&s->pool, BULLET_DESPAWN_CLEAR, 0);
}

static uint32_t ez_pool_add(ez_state *s, uint32_t seed)
{
    bullet_spawn b = {0};
    b.x = (float)(seed & 255);
    b.y = (float)((seed >> 8) & 255);
    b.heading = 90;
    b.speed = 1;
    bullet_handle h = bullet_pool_spawn(&s->pool, &b);
    s->gen[h.index] = h.gen;
    return h.index;
}

static void ez_pool_remove(ez_state *s, uint32_t id)
{
    bullet_pool_despawn(&s->pool, (bullet_handle){id, s->gen[id]}, BULLET_DESPAWN_VANISH);
}

static const ez_variant ez_variants[] = {
    {"scan for free (predicate)", ez_reset_objects, ez_scan_add, ez_object_remove},
    {"queue of free ids", ez_queue_reset, ez_queue_add, ez_queue_remove},
    {"bitmap, bit by bit", ez_bits_reset, ez_bitmap_add, ez_bits_remove},
    {"bitmap + ctz", ez_bits_reset, ez_ctz_add, ez_bits_remove},
    {"freelist stack", ez_stack_reset, ez_stack_add, ez_stack_remove},
    {"bullet_pool (SoA, full spawn)", ez_pool_reset, ez_pool_add, ez_pool_remove},
};
#define EZ_VARIANT_COUNT ((int)(sizeof ez_variants / sizeof ez_variants[0]))

/* One run: reset, fill half (untimed), then the timed operation sequence. */
static double ez_run(const ez_variant *v, ez_state *s, uint32_t *live, const uint8_t *is_add,
                     const uint32_t *rnd)
{
    v->reset(s);
    uint32_t n = 0;
    for (uint32_t i = 0; i < EZ_CAP / 2; i++)
        live[n++] = v->add(s, i);
    double t0 = pb_now();
    for (int k = 0; k < EZ_OPS; k++) {
        if (is_add[k] && n < EZ_CAP) {
            live[n++] = v->add(s, rnd[k]);
        } else if (n > 0) {
            uint32_t j = rnd[k] % n;
            v->remove(s, live[j]);
            live[j] = live[--n];
        }
    }
    return pb_now() - t0;
}

static int pb_ezmissile(bench *b)
{
    ez_state s = {0};
    uint32_t *live = mem_alloc(EZ_CAP * sizeof *live);
    uint32_t *rnd = mem_alloc(EZ_OPS * sizeof *rnd);
    uint8_t *is_add = mem_alloc(EZ_OPS);
    s.obj = mem_alloc(EZ_CAP * sizeof *s.obj);
    s.ids = mem_alloc(EZ_CAP * sizeof *s.ids);
    s.bits = mem_alloc(EZ_CAP / 8);
    s.gen = mem_alloc(EZ_CAP * sizeof *s.gen);
    int ok = live && rnd && is_add && s.obj && s.ids && s.bits && s.gen &&
             bullet_pool_init(&s.pool, EZ_CAP) == 0;
    if (ok) {
        rng r;
        rng_seed(&r, 2024);
        for (int k = 0; k < EZ_OPS; k++) {
            is_add[k] = (uint8_t)rng_below(&r, 2);
            rnd[k] = (uint32_t)rng_next(&r);
        }
        int runs = b->quick ? 2 : EZ_RUNS;
        double mean[EZ_VARIANT_COUNT], best = INFINITY;
        for (int v = 0; v < EZ_VARIANT_COUNT; v++) {
            double sum = 0;
            for (int run = 0; run < runs; run++)
                sum += ez_run(&ez_variants[v], &s, live, is_add, rnd);
            mean[v] = sum / runs;
            best = fmin(best, mean[v]);
        }
        static const bench_column cols[] = {
            {"per run", "us", 1, BENCH_LOWER_BETTER},
            {"per op", "ns", 1, BENCH_LOWER_BETTER},
            {"vs fastest", "x", 2, BENCH_LOWER_BETTER},
        };
        bench_table t;
        bench_table_begin(&t, b, "ezmissile",
                          "1. EZMissile: 10,000 random add/remove on a half-full pool of 65,536 "
                          "(mean of runs)",
                          cols, 3, 30);
        for (int v = 0; v < EZ_VARIANT_COUNT; v++) {
            bench_table_row(&t, ez_variants[v].name);
            bench_table_value(&t, mean[v] / 1000.0);
            bench_table_value(&t, mean[v] / EZ_OPS);
            bench_table_value(&t, mean[v] / best);
        }
        bench_table_end(&t);
        double speedup = mean[0] / mean[EZ_VARIANT_COUNT - 1];
        bench_record(b, "pool/ezmissile/pool_vs_scan", speedup, "x", BENCH_HIGHER_BETTER);
        bench_note(b, "bullet_pool is %.0fx faster than scan-for-free (target: >= 100x)", speedup);
    }
    bullet_pool_free(&s.pool);
    mem_free(s.gen);
    mem_free(s.bits);
    mem_free(s.ids);
    mem_free(s.obj);
    mem_free(is_add);
    mem_free(rnd);
    mem_free(live);
    return ok ? 0 : -1;
}

/* ==== 2. Instantiate/Destroy: 100,000 live, 5% replaced per frame =========== */

/* Two scenes of 100,000 live bullets with 5,000 replaced per frame. "random":
 * 5,000 random live bullets are despawned by the handle the caller kept (the
 * same picks for everyone), then 5,000 spawned, then every bullet moved.
 * "expiry": 5,000 spawned with lifetimes of 10 to 30 frames, every bullet
 * moved, the expired ones despawned by the update itself (how most bullets
 * leave a real game: their time or the screen runs out).
 *
 * Every contestant runs the same frames from the same descriptions (position,
 * heading and its unit vector, speed, lifetime, shape, colour, owner: nobody
 * pays for trigonometry or random draws in the timing), moves every bullet the
 * same way (x += vx, y += vy, then out if outside the cull rectangle or
 * expired) and keeps the same per-bullet data: what the pool keeps (position,
 * velocity, heading vector, exact heading and speed, radius, shape, colour,
 * flags, owner, script, serial, expiry), less the pool's own bookkeeping
 * (generations, draw-order entries). ID_WARM untimed frames of the same churn
 * come first (the steady state), and each run is a fresh child process, so no
 * run inherits the heap another one left. */
#define ID_LIVE    100000u
#define ID_REPLACE 5000u
#define ID_CAP     131072u
#define ID_DESCS   8192u   /* prepared spawn descriptions, used in turn */
#define ID_WARM    60      /* untimed frames before the timed ones (one second) */
#define ID_AGEING  600     /* the aged heap's untimed frames (ten seconds) */
#define ID_OTHERS  100000u /* the aged heap's other objects */

/* A bullet as one heap object, the way an object-per-bullet engine keeps it;
 * what the update reads comes first (one cache line). */
typedef struct id_object {
    float x, y, vx, vy;
    uint32_t expire_at;
    uint8_t dead, shape, color, flags;
    float dir_x, dir_y, radius;
    uint32_t serial, owner, script;
    double heading, speed, extra_x, extra_y;
} id_object;

/* What the contestants share: the scene, spawn descriptions, kill picks. */
typedef struct id_scene {
    int expiry;          /* 0: random despawns by handle; 1: lifetimes */
    bullet_spawn *descs; /* ID_DESCS; the first ID_LIVE spawns live 1 to 20 frames */
    uint32_t *picks;     /* random: frames * ID_REPLACE indices into the handles */
    int frames;          /* timed frames */
    int warm, ageing;    /* untimed frames: every contestant, the aged heap */
} id_scene;

/* The k-th spawn of a run. In the expiry scene the initial bullets get short
 * lifetimes, 5,000 ending each frame, so the churn is steady from the start. */
static bullet_spawn id_desc(const id_scene *sc, uint32_t k)
{
    bullet_spawn s = sc->descs[k % ID_DESCS];
    if (!sc->expiry)
        s.lifetime = 0;
    else if (k < ID_LIVE)
        s.lifetime = 1 + k / ID_REPLACE;
    return s;
}

/* Frame f's kill picks (the timed frames are 0 .. frames-1; the untimed ones
 * before them reuse the table in turn). */
static const uint32_t *id_picks(const id_scene *sc, int f)
{
    return sc->picks + (size_t)((f % sc->frames + sc->frames) % sc->frames) * ID_REPLACE;
}

/* Writes one object from a description: the same values the pool keeps. */
static void id_object_init(id_object *o, const bullet_spawn *s, uint32_t serial, uint32_t now)
{
    *o = (id_object){.x = s->x,
                     .y = s->y,
                     .vx = s->dir_x * (float)s->speed,
                     .vy = s->dir_y * (float)s->speed,
                     .expire_at = s->lifetime ? now + s->lifetime : BULLET_NEVER,
                     .shape = (uint8_t)s->shape,
                     .color = (uint8_t)s->color,
                     .dir_x = s->dir_x,
                     .dir_y = s->dir_y,
                     .radius = s->radius > 0.0f ? s->radius : 4.0f,
                     .serial = serial,
                     .owner = s->owner,
                     .script = s->script,
                     .heading = s->heading,
                     .speed = s->speed};
}

/* The per-object update of the baselines: move, then 1 when it must go. */
static inline int id_object_move(id_object *o, uint32_t now)
{
    o->x += o->vx;
    o->y += o->vy;
    return (o->x < -PB_FAR) | (o->x > PB_FAR) | (o->y < -PB_FAR) | (o->y > PB_FAR) |
           (o->expire_at == now);
}

/* The object-per-bullet engine: a list of pointers in spawn order (also the
 * draw order); a despawn marks the object, the update walks the list, frees
 * the marked, culled and expired ones, moves the rest and closes the gaps; a
 * spawn mallocs an object and appends it. The caller's handles are pointers. */
typedef struct id_heap_engine {
    id_object **list;
    uint32_t count, serial, now;
} id_heap_engine;

static id_object *id_heap_spawn(id_heap_engine *e, const bullet_spawn *s)
{
    id_object *o = malloc(sizeof *o);
    if (!o)
        abort();
    id_object_init(o, s, e->serial++, e->now);
    e->list[e->count++] = o;
    return o;
}

static void id_heap_update(id_heap_engine *e)
{
    uint32_t kept = 0;
    e->now++;
    for (uint32_t k = 0; k < e->count; k++) {
        id_object *o = e->list[k];
        if (o->dead || id_object_move(o, e->now)) {
            free(o);
            continue;
        }
        e->list[kept++] = o;
    }
    e->count = kept;
}

/* Frees a random one of the aged heap's other objects and allocates a new one
 * of a new size (16 to 256 bytes: a game's script runners, particles, strings). */
static void id_other_churn(void **others, uint32_t count, rng *r)
{
    uint32_t k = rng_below(r, count);
    free(others[k]);
    others[k] = malloc(16 + rng_below(r, 241));
    if (!others[k])
        abort();
}

/* Where the live objects lie: the address span over the live count (bytes of
 * heap per bullet) and the share of list neighbours that are memory neighbours. */
static void id_heap_layout(const id_heap_engine *e, double *span_per_bullet, double *adjacent)
{
    uintptr_t lo = UINTPTR_MAX, hi = 0;
    uint32_t near = 0;
    for (uint32_t k = 0; k < e->count; k++) {
        uintptr_t a = (uintptr_t)e->list[k];
        lo = a < lo ? a : lo;
        hi = a > hi ? a : hi;
        if (k > 0) {
            uintptr_t b = (uintptr_t)e->list[k - 1];
            near += (a > b ? a - b : b - a) <= 2 * sizeof(id_object);
        }
    }
    *span_per_bullet = e->count ? (double)(hi - lo) / e->count : 0;
    *adjacent = e->count > 1 ? (double)near / (e->count - 1) : 0;
}

/* What one run of a contestant measured. */
typedef struct id_result {
    double ns;       /* per bullet-frame */
    double live;     /* live bullets, mean over the timed frames */
    double span;     /* the heap engine's bytes of address span per live bullet */
    double adjacent; /* its share of list neighbours that are memory neighbours */
} id_result;

/* malloc per bullet. The plain heap holds the bullets alone. The aged one also
 * holds 100,000 other objects of 16 to 256 bytes allocated between the bullets
 * at load, and sc->ageing more untimed frames free and reallocate 5% of them
 * each frame beside the bullets' churn, so the bullets end up scattered among
 * them, as after a while of play; the timed frames allocate only bullets. */
static id_result id_run_heap(const id_scene *sc, int aged)
{
    id_result res = {NAN, NAN, NAN, NAN};
    id_heap_engine e = {0};
    id_object **handle = mem_alloc(ID_LIVE * sizeof *handle);
    void **others = aged ? mem_calloc(ID_OTHERS, sizeof *others) : NULL;
    e.list = mem_alloc((ID_LIVE + 2 * ID_REPLACE) * sizeof *e.list);
    if (!handle || !e.list || (aged && !others)) {
        mem_free(handle);
        mem_free(others);
        mem_free(e.list);
        return res;
    }
    rng r;
    rng_seed(&r, 41);
    uint32_t next = 0;
    for (uint32_t i = 0; i < ID_LIVE; i++) {
        bullet_spawn s = id_desc(sc, next++);
        handle[i] = id_heap_spawn(&e, &s);
        if (aged && !(others[i] = malloc(16 + rng_below(&r, 241)))) /* between the bullets */
            abort();
    }
    double t0 = 0, live = 0;
    for (int f = -sc->warm - (aged ? sc->ageing : 0); f < sc->frames; f++) {
        if (f == 0)
            t0 = pb_now();
        if (!sc->expiry) {
            const uint32_t *picks = id_picks(sc, f);
            for (uint32_t k = 0; k < ID_REPLACE; k++)
                handle[picks[k]]->dead = 1;
        }
        for (uint32_t k = 0; k < ID_REPLACE; k++) {
            bullet_spawn s = id_desc(sc, next++);
            id_object *o = id_heap_spawn(&e, &s);
            if (!sc->expiry)
                handle[id_picks(sc, f)[k]] = o;
        }
        id_heap_update(&e);
        live += f >= 0 ? e.count : 0;
        for (uint32_t k = 0; f < -sc->warm && k < ID_OTHERS / 20; k++)
            id_other_churn(others, ID_OTHERS, &r);
    }
    res.ns = (pb_now() - t0) / ((double)sc->frames * ID_LIVE);
    res.live = live / sc->frames;
    id_heap_layout(&e, &res.span, &res.adjacent);
    for (uint32_t k = 0; k < e.count; k++)
        free(e.list[k]);
    for (uint32_t k = 0; aged && k < ID_OTHERS; k++)
        free(others[k]);
    mem_free(others);
    mem_free(e.list);
    mem_free(handle);
    return res;
}

/* A pooled array of structs: a freelist stack of slots, the update tests each
 * slot's `dead` flag over the whole array; slot order is not spawn order. */
static id_result id_run_aos(const id_scene *sc)
{
    id_result res = {NAN, NAN, NAN, NAN};
    id_object *pool = mem_calloc(ID_CAP, sizeof *pool);
    uint32_t *free_ids = mem_alloc(ID_CAP * sizeof *free_ids);
    uint32_t *handle = mem_alloc(ID_LIVE * sizeof *handle);
    if (pool && free_ids && handle) {
        uint32_t top = 0, next = 0, serial = 0, now = 0, count = 0;
        for (uint32_t i = ID_CAP; i-- > 0;) {
            free_ids[top++] = i;
            pool[i].dead = 1;
        }
        for (uint32_t i = 0; i < ID_LIVE; i++, count++) {
            bullet_spawn s = id_desc(sc, next++);
            handle[i] = free_ids[--top];
            id_object_init(&pool[handle[i]], &s, serial++, now);
        }
        double t0 = 0, live = 0;
        for (int f = -sc->warm; f < sc->frames; f++) {
            if (f == 0)
                t0 = pb_now();
            const uint32_t *picks = sc->expiry ? NULL : id_picks(sc, f);
            for (uint32_t k = 0; picks && k < ID_REPLACE; k++, count--) {
                pool[handle[picks[k]]].dead = 1;
                free_ids[top++] = handle[picks[k]];
            }
            for (uint32_t k = 0; k < ID_REPLACE && top > 0; k++, count++) {
                bullet_spawn s = id_desc(sc, next++);
                uint32_t i = free_ids[--top];
                id_object_init(&pool[i], &s, serial++, now);
                if (picks)
                    handle[picks[k]] = i;
            }
            now++;
            for (uint32_t i = 0; i < ID_CAP; i++)
                if (!pool[i].dead && id_object_move(&pool[i], now)) {
                    pool[i].dead = 1;
                    free_ids[top++] = i;
                    count--;
                }
            live += f >= 0 ? count : 0;
        }
        res.ns = (pb_now() - t0) / ((double)sc->frames * ID_LIVE);
        res.live = live / sc->frames;
    }
    mem_free(handle);
    mem_free(free_ids);
    mem_free(pool);
    return res;
}

/* The pool: despawn and spawn by handle, one bullet_pool_update per frame. The
 * frame's despawns come before its spawns, as in the game (collision and the
 * update despawn, the scripts spawn); `in_turn`: each despawn is followed at
 * once by its spawn instead (the order of this table's first version). */
static id_result id_run_pool(const id_scene *sc, int in_turn)
{
    id_result res = {NAN, NAN, NAN, NAN};
    bullet_pool p;
    bullet_handle *handle = mem_alloc(ID_LIVE * sizeof *handle);
    if (!handle || bullet_pool_init(&p, ID_CAP) != 0) {
        mem_free(handle);
        return res;
    }
    bullet_pool_set_cull_rect(&p, -PB_FAR, -PB_FAR, PB_FAR, PB_FAR);
    uint32_t next = 0;
    for (uint32_t i = 0; i < ID_LIVE; i++) {
        bullet_spawn s = id_desc(sc, next++);
        handle[i] = bullet_pool_spawn(&p, &s);
    }
    double t0 = 0, live = 0;
    for (int f = -sc->warm; f < sc->frames; f++) {
        if (f == 0)
            t0 = pb_now();
        const uint32_t *picks = sc->expiry ? NULL : id_picks(sc, f);
        for (uint32_t k = 0; picks && !in_turn && k < ID_REPLACE; k++)
            bullet_pool_despawn(&p, handle[picks[k]], BULLET_DESPAWN_VANISH);
        for (uint32_t k = 0; k < ID_REPLACE; k++) {
            if (picks && in_turn)
                bullet_pool_despawn(&p, handle[picks[k]], BULLET_DESPAWN_VANISH);
            bullet_spawn s = id_desc(sc, next++);
            bullet_handle h = bullet_pool_spawn(&p, &s);
            if (picks)
                handle[picks[k]] = h;
        }
        bullet_pool_update(&p);
        bullet_pool_clear_despawned(&p);
        live += f >= 0 ? p.live : 0;
    }
    res.ns = (pb_now() - t0) / ((double)sc->frames * ID_LIVE);
    res.live = live / sc->frames;
    bullet_pool_free(&p);
    mem_free(handle);
    return res;
}

/* Runs contestant v (0 plain heap, 1 aged heap, 2 array of structs, 3 the
 * pool, 4 the pool with despawns and spawns in turn) in one process. */
static id_result id_run(const id_scene *sc, int v)
{
    return v < 2 ? id_run_heap(sc, v) : v == 2 ? id_run_aos(sc) : id_run_pool(sc, v == 4);
}

/* id_run in a child process, which starts from this process's heap as it is
 * and leaves it so; in this process when fork fails. */
static id_result id_run_isolated(const id_scene *sc, int v)
{
    int fd[2];
    pid_t child = -1;
    if (pipe(fd) == 0) {
        fflush(NULL);
        child = fork();
        if (child < 0) {
            close(fd[0]);
            close(fd[1]);
        }
    }
    if (child != 0) { /* the parent, or no child */
        id_result res = {NAN, NAN, NAN, NAN};
        if (child < 0)
            return id_run(sc, v);
        close(fd[1]);
        if (read(fd[0], &res, sizeof res) != (ssize_t)sizeof res)
            res = (id_result){NAN, NAN, NAN, NAN};
        close(fd[0]);
        waitpid(child, NULL, 0);
        return res;
    }
    close(fd[0]);
    id_result res = id_run(sc, v);
    ssize_t sent = write(fd[1], &res, sizeof res);
    _exit(sent == (ssize_t)sizeof res ? 0 : 1);
}

/* The shared inputs: spawn descriptions (the heading's unit vector computed
 * here, outside every timing) and the kill picks (distinct within a frame). */
static int id_scene_make(id_scene *sc, int expiry, int frames, int quick)
{
    *sc = (id_scene){expiry, NULL, NULL, frames, quick ? 5 : ID_WARM, quick ? 20 : ID_AGEING};
    sc->descs = mem_alloc(ID_DESCS * sizeof *sc->descs);
    sc->picks = mem_alloc((size_t)frames * ID_REPLACE * sizeof *sc->picks);
    uint8_t *taken = mem_calloc(ID_LIVE, 1);
    if (!sc->descs || !sc->picks || !taken) {
        mem_free(taken);
        return -1;
    }
    rng r;
    rng_seed(&r, 77);
    for (uint32_t k = 0; k < ID_DESCS; k++) {
        bullet_spawn *s = &sc->descs[k];
        *s = pb_spawn_desc(&r);
        s->shape = (bullet_shape)rng_below(&r, BULLET_SHAPE_COUNT);
        s->color = (bullet_color)rng_below(&r, BULLET_COLOR_COUNT);
        s->owner = rng_below(&r, 64);
        s->lifetime = 10 + rng_below(&r, 21);
        double sn, cs;
        trig_sincos(s->heading * TRIG_DEG2RAD, &sn, &cs);
        s->dir_given = 1;
        s->dir_x = (float)sn;
        s->dir_y = (float)-cs;
    }
    for (int f = 0; f < frames; f++) {
        uint32_t *picks = sc->picks + (size_t)f * ID_REPLACE;
        for (uint32_t k = 0; k < ID_REPLACE; k++) {
            uint32_t j;
            do
                j = rng_below(&r, ID_LIVE);
            while (taken[j]);
            taken[j] = 1;
            picks[k] = j;
        }
        for (uint32_t k = 0; k < ID_REPLACE; k++)
            taken[picks[k]] = 0;
    }
    mem_free(taken);
    return 0;
}

static void id_scene_free(id_scene *sc)
{
    mem_free(sc->descs);
    mem_free(sc->picks);
}

/* Runs both scenes, every contestant `reps` times interleaved (so that a change
 * of load hits them alike); res[scene][v] keeps the medians. In turn (v = 4)
 * runs in the random scene only (the expiry scene despawns in the update). */
enum {
    ID_POOL = 3,
    ID_VARIANTS = 5
};

static int id_measure(bench *b, id_result res[2][ID_VARIANTS])
{
    int frames = b->quick ? 10 : 200, reps = b->quick ? 1 : 5, ok = 1;
    for (int scene = 0; scene < 2 && ok; scene++) {
        id_scene sc;
        if (id_scene_make(&sc, scene, frames, b->quick) != 0) {
            id_scene_free(&sc);
            return -1;
        }
        double samples[ID_VARIANTS][5] = {{0}};
        for (int k = 0; k < reps; k++)
            for (int v = 0; v < ID_VARIANTS; v++) {
                res[scene][v] =
                    scene && v == 4 ? (id_result){0, 0, NAN, NAN} : id_run_isolated(&sc, v);
                samples[v][k] = res[scene][v].ns;
                ok &= !isnan(res[scene][v].ns);
            }
        for (int v = 0; v < ID_VARIANTS; v++)
            res[scene][v].ns = pb_median(samples[v], reps);
        id_scene_free(&sc);
    }
    return ok ? 0 : -1;
}

static int pb_instantiate(bench *b)
{
    static const char *const names[] = {"malloc per bullet", "malloc per bullet, aged heap",
                                        "pooled array of structs", "bullet_pool (SoA)",
                                        "bullet_pool, pairs in turn"};
    static const char *const scenes[] = {"", ", expiry"};
    id_result res[2][ID_VARIANTS];
    if (id_measure(b, res) != 0)
        return -1;
    static const bench_column cols[] = {
        {"per bullet-frame", "ns", 2, BENCH_LOWER_BETTER},
        {"vs pool", "x", 2, BENCH_NEUTRAL},
        {"live, mean", "bullets", 0, BENCH_NEUTRAL},
        {"heap span", "B/bullet", 0, BENCH_NEUTRAL},
        {"adjacent", "%", 1, BENCH_NEUTRAL},
    };
    bench_table t;
    bench_table_begin(&t, b, "instantiate",
                      "2. Instantiate/Destroy: 100,000 live bullets, 5,000 replaced per frame: "
                      "random ones despawned by handle, then\n   5,000 spawned (or: lifetimes "
                      "of 10-30 frames, \"expiry\"); every one moved. Medians of runs, each in a "
                      "fresh process",
                      cols, 5, 36);
    for (int scene = 0; scene < 2; scene++)
        for (int v = 0; v < ID_VARIANTS - scene; v++) {
            char label[64];
            snprintf(label, sizeof label, "%s%s", names[v], scenes[scene]);
            bench_table_row(&t, label);
            bench_table_value(&t, res[scene][v].ns);
            bench_table_value(&t, res[scene][v].ns / res[scene][ID_POOL].ns);
            bench_table_value(&t, res[scene][v].live);
            bench_table_value(&t, v < 2 ? res[scene][v].span : NAN);
            bench_table_value(&t, v < 2 ? 100.0 * res[scene][v].adjacent : NAN);
        }
    bench_table_end(&t);
    bench_note(b,
               "malloc rows: one %zu-byte object per bullet, in a spawn-ordered list of "
               "pointers, freed in the update pass; aged: %u\n  other objects of 16-256 bytes "
               "allocated between them and churned for %d more untimed frames; heap span: the\n"
               "  address range of the live bullets per bullet; adjacent: list neighbours that "
               "are memory neighbours",
               sizeof(id_object), ID_OTHERS, ID_AGEING);
    double pool = res[0][ID_POOL].ns, pool_x = res[1][ID_POOL].ns;
    bench_note(b,
               "bullet_pool is %.2fx as fast as malloc per bullet, %.2fx on an aged heap "
               "(target: >= 10x); expiry: %.2fx, %.2fx",
               res[0][0].ns / pool, res[0][1].ns / pool, res[1][0].ns / pool_x,
               res[1][1].ns / pool_x);
    bench_record(b, "pool/instantiate/pool_vs_malloc", res[0][0].ns / pool, "x",
                 BENCH_HIGHER_BETTER);
    bench_record(b, "pool/instantiate/pool_vs_aged_malloc", res[0][1].ns / pool, "x",
                 BENCH_HIGHER_BETTER);
    bench_record(b, "pool/instantiate/expiry_pool_vs_malloc", res[1][0].ns / pool_x, "x",
                 BENCH_HIGHER_BETTER);
    bench_record(b, "pool/instantiate/expiry_pool_vs_aged_malloc", res[1][1].ns / pool_x, "x",
                 BENCH_HIGHER_BETTER);
    bench_note(b,
               "pairs in turn: each despawn followed at once by its spawn, which lands in the slot "
               "just freed (%.2fx malloc per bullet)",
               res[0][0].ns / res[0][4].ns);
    return 0;
}

/* ==== 3. The update pass, 1k to 4M bullets, beside memory bandwidth ========= */

/* Bytes each kernel moves to and from memory per bullet (bullet_pool.c): straight
 * reads x, y, vx, vy, event_at and writes x, y; turning reads x, y, the heading
 * vector, speed, extra velocity, the turn and event_at and writes x, y and the
 * heading vector; full also reads the three steps and writes speed and extra. */
#define PB_STRAIGHT_BYTES 28.0
#define PB_TURNING_BYTES  56.0
#define PB_FULL_BYTES     80.0
#define PB_STREAM_FLOATS  (32u << 20) /* two arrays of 128 MiB: 8x the L3 */

/* a[i] += b[i]: the same traffic pattern as the pass (read two, write one back). */
__attribute__((noinline)) static void pb_stream_kernel(float *restrict a, const float *restrict b,
                                                       size_t n)
{
    for (size_t i = 0; i < n; i++)
        a[i] += b[i];
}

/* Sustained read-modify-write bandwidth in GB/s (bytes per ns), median of 5. */
static double pb_bandwidth(int quick)
{
    size_t n = quick ? PB_STREAM_FLOATS / 8 : PB_STREAM_FLOATS;
    float *a = mem_alloc_aligned(n * sizeof *a, 64), *c = mem_alloc_aligned(n * sizeof *c, 64);
    double gbs = NAN;
    if (a && c) {
        for (size_t i = 0; i < n; i++)
            a[i] = c[i] = (float)(i & 7);
        double samples[5];
        for (int k = 0; k < 5; k++) {
            double t0 = pb_now();
            pb_stream_kernel(a, c, n);
            samples[k] = 12.0 * (double)n / (pb_now() - t0);
        }
        bench_consume((uint64_t)a[n / 2]);
        gbs = pb_median(samples, 5);
    }
    mem_free(a);
    mem_free(c);
    return gbs;
}

/* ns per bullet of bullet_pool_update on p: median of `count` (at most 5) timings
 * of `reps` updates. */
static double pb_time_updates(bullet_pool *p, int reps, int count)
{
    double samples[5];
    for (int k = 0; k < count; k++) {
        double t0 = pb_now();
        for (int i = 0; i < reps; i++)
            bullet_pool_update(p);
        samples[k] = (pb_now() - t0) / ((double)reps * p->live);
    }
    return pb_median(samples, count);
}

/* Fills a pool of n bullets; returns -1 when it cannot be had. */
static int pb_fill(bullet_pool *p, uint32_t n, uint64_t seed)
{
    if (bullet_pool_init(p, n) != 0)
        return -1;
    bullet_pool_set_cull_rect(p, -PB_FAR, -PB_FAR, PB_FAR, PB_FAR);
    rng r;
    rng_seed(&r, seed);
    for (uint32_t i = 0; i < n; i++) {
        bullet_spawn s = pb_spawn_desc(&r);
        bullet_pool_spawn(p, &s);
    }
    return 0;
}

/* Gives every live bullet a channel rate. */
static void pb_set_rates(bullet_pool *p, bullet_channel c, double rate)
{
    for (uint32_t i = 0; i < p->capacity; i++)
        bullet_pool_set_rate(p, bullet_pool_handle(p, i), c, rate);
}

static int pb_update(bench *b)
{
    static const uint32_t sizes[] = {1000, 10000, 100000, 1000000, 4194304};
    static const char *const labels[] = {"1k", "10k", "100k", "1M", "4M"};
    int count = b->quick ? 3 : 5;
    double gbs = pb_bandwidth(b->quick);
    static const bench_column cols[] = {
        {"straight", "ns/bullet", 3, BENCH_LOWER_BETTER},
        {"turning", "ns/bullet", 3, BENCH_LOWER_BETTER},
        {"tweening", "ns/bullet", 3, BENCH_LOWER_BETTER},
        {"throughput", "GB/s", 1, BENCH_HIGHER_BETTER},
        {"bound", "ns/bullet", 3, BENCH_NEUTRAL},
        {"straight/bound", "x", 2, BENCH_LOWER_BETTER},
        {"turning/bound", "x", 2, BENCH_LOWER_BETTER},
        {"tweening/bound", "x", 2, BENCH_LOWER_BETTER},
    };
    bench_table t;
    bench_table_begin(&t, b, "update",
                      "3. Update pass (bullet_pool_update), one thread. straight: no steps; "
                      "turning: 1 deg/update;\n   tweening: turning and speeding up. bound = "
                      "bytes moved (28, 56, 80) / measured memory bandwidth",
                      cols, 8, 12);
    double at100k = NAN, ratio4m = NAN;
    for (int k = 0; k < count; k++) {
        bullet_pool p;
        if (pb_fill(&p, sizes[k], 5) != 0) {
            bench_table_end(&t);
            return -1;
        }
        double work = b->quick ? 2e6 : 2e8;
        int reps = (int)fmax(3.0, work / sizes[k]), samples = b->quick ? 3 : 5;
        double straight = pb_time_updates(&p, reps, samples);
        pb_set_rates(&p, BULLET_CHANNEL_HEADING, 1.0);
        double turning = pb_time_updates(&p, reps, samples);
        pb_set_rates(&p, BULLET_CHANNEL_SPEED, 1.0e-4);
        double tweening = pb_time_updates(&p, reps, samples);
        bullet_pool_free(&p);
        double bound = PB_STRAIGHT_BYTES / gbs;
        bench_table_row(&t, labels[k]);
        bench_table_value(&t, straight);
        bench_table_value(&t, turning);
        bench_table_value(&t, tweening);
        bench_table_value(&t, PB_STRAIGHT_BYTES / straight);
        bench_table_value(&t, bound);
        bench_table_value(&t, straight / bound);
        bench_table_value(&t, turning / (PB_TURNING_BYTES / gbs));
        bench_table_value(&t, tweening / (PB_FULL_BYTES / gbs));
        if (sizes[k] == 100000)
            at100k = straight;
        if (sizes[k] == 4194304)
            ratio4m = straight / bound;
    }
    bench_table_end(&t);
    bench_record(b, "pool/update/bandwidth", gbs, "GB/s", BENCH_HIGHER_BETTER);
    bench_note(b, "memory bandwidth (a[i] += b[i] over 2 x 128 MiB): %.1f GB/s", gbs);
    bench_note(b, "100k straight: %.3f ns/bullet (target: <= 1)", at100k);
    if (!isnan(ratio4m))
        bench_note(b, "4M straight: %.2fx the bandwidth bound (target: <= 1.5x)", ratio4m);
    return 0;
}

/* ==== 4. Decision: the free-slot structure ================================= */

#define MP_CAP          131072u
#define MP_LIVE         100000u
#define MP_COLD         8 /* cold per-bullet words that dense swap-remove must move too */
#define MP_BLOCK        64u
#define MP_FLOOR_FRAMES 200

typedef enum mp_kind {
    MP_STACK,  /* freelist stack of slots */
    MP_BITMAP, /* two-level free bitmap, lowest free slot by ctz */
    MP_DENSE,  /* packed [0, live), swap-remove, handle -> position table */
} mp_kind;

/* A minimal SoA pool with one of three free-slot structures, the same arrays and
 * the same straight-flight kernel as the engine. */
typedef struct mini_pool {
    mp_kind kind;
    uint32_t live, slot_end; /* slots that may be live: [0, slot_end) */
    float *x, *y, *vx, *vy;
    uint32_t *ev;
    uint32_t *cold[MP_COLD];
    uint64_t *alive;
    uint32_t *stack, top;            /* MP_STACK; MP_DENSE: free handle ids */
    uint64_t *l0, l1[MP_CAP / 4096]; /* MP_BITMAP */
    uint32_t *pos, *id;              /* MP_DENSE: handle -> position, position -> handle */
} mini_pool;

static int mp_init(mini_pool *m, mp_kind kind)
{
    memset(m, 0, sizeof *m);
    m->kind = kind;
    float **floats[] = {&m->x, &m->y, &m->vx, &m->vy};
    int ok = 1;
    for (int k = 0; k < 4; k++)
        ok &= (*floats[k] = mem_alloc_aligned(MP_CAP * 4 + 256, 64)) != NULL;
    ok &= (m->ev = mem_alloc_aligned(MP_CAP * 4 + 320, 64)) != NULL;
    for (int k = 0; k < MP_COLD; k++)
        ok &= (m->cold[k] = mem_calloc(MP_CAP, 4)) != NULL;
    ok &= (m->alive = mem_calloc(MP_CAP / 64, 8)) != NULL;
    ok &= (m->stack = mem_alloc(MP_CAP * 4)) != NULL;
    ok &= (m->l0 = mem_alloc(MP_CAP / 8)) != NULL;
    ok &= (m->pos = mem_alloc(MP_CAP * 4)) != NULL;
    ok &= (m->id = mem_alloc(MP_CAP * 4)) != NULL;
    if (!ok)
        return -1;
    for (uint32_t i = 0; i < MP_CAP; i++) {
        m->x[i] = m->y[i] = BULLET_POOL_PARKED;
        m->vx[i] = m->vy[i] = 0;
        m->ev[i] = BULLET_NEVER;
        m->stack[i] = MP_CAP - 1 - i;
    }
    m->top = MP_CAP;
    memset(m->l0, 0xff, MP_CAP / 8);
    memset(m->l1, 0xff, sizeof m->l1);
    return 0;
}

static void mp_free(mini_pool *m)
{
    float *floats[] = {m->x, m->y, m->vx, m->vy};
    for (int k = 0; k < 4; k++)
        mem_free(floats[k]);
    mem_free(m->ev);
    for (int k = 0; k < MP_COLD; k++)
        mem_free(m->cold[k]);
    mem_free(m->alive);
    mem_free(m->stack);
    mem_free(m->l0);
    mem_free(m->pos);
    mem_free(m->id);
}

static void mp_write(mini_pool *m, uint32_t i, uint32_t seed)
{
    m->x[i] = (float)(seed & 255);
    m->y[i] = (float)((seed >> 8) & 255);
    m->vx[i] = 0.5f;
    m->vy[i] = 0.25f;
    m->ev[i] = BULLET_NEVER;
    for (int k = 0; k < MP_COLD; k++)
        m->cold[k][i] = seed + (uint32_t)k;
}

static void mp_park(mini_pool *m, uint32_t i)
{
    m->x[i] = m->y[i] = BULLET_POOL_PARKED;
    m->vx[i] = m->vy[i] = 0;
    m->ev[i] = BULLET_NEVER;
}

/* Spawns; returns the id a caller keeps (a slot, or a handle for MP_DENSE). */
static uint32_t mp_spawn(mini_pool *m, uint32_t seed)
{
    uint32_t slot, id;
    if (m->kind == MP_STACK) {
        id = slot = m->stack[--m->top];
    } else if (m->kind == MP_BITMAP) {
        uint32_t w1 = 0;
        while (!m->l1[w1])
            w1++;
        uint32_t w0 = w1 * 64 + (uint32_t)__builtin_ctzll(m->l1[w1]);
        id = slot = w0 * 64 + (uint32_t)__builtin_ctzll(m->l0[w0]);
        m->l0[w0] &= m->l0[w0] - 1;
        if (!m->l0[w0])
            m->l1[w1] &= ~(1ull << (w0 % 64));
    } else {
        id = m->stack[--m->top];
        slot = m->live;
        m->pos[id] = slot;
        m->id[slot] = id;
    }
    m->alive[slot / 64] |= 1ull << (slot % 64);
    if (slot >= m->slot_end)
        m->slot_end = slot + 1;
    mp_write(m, slot, seed);
    m->live++;
    return id;
}

static void mp_despawn(mini_pool *m, uint32_t id)
{
    uint32_t slot = m->kind == MP_DENSE ? m->pos[id] : id;
    if (m->kind == MP_STACK) {
        m->stack[m->top++] = slot;
    } else if (m->kind == MP_BITMAP) {
        m->l0[slot / 64] |= 1ull << (slot % 64);
        m->l1[slot / 4096] |= 1ull << (slot / 64 % 64);
    } else {
        uint32_t last = m->live - 1; /* move the last bullet into the hole */
        m->x[slot] = m->x[last];
        m->y[slot] = m->y[last];
        m->vx[slot] = m->vx[last];
        m->vy[slot] = m->vy[last];
        m->ev[slot] = m->ev[last];
        for (int k = 0; k < MP_COLD; k++)
            m->cold[k][slot] = m->cold[k][last];
        m->id[slot] = m->id[last];
        m->pos[m->id[slot]] = slot;
        m->stack[m->top++] = id;
        slot = last;
        m->slot_end = last;
    }
    m->alive[slot / 64] &= ~(1ull << (slot % 64));
    mp_park(m, slot);
    m->live--;
    if (m->kind != MP_DENSE) /* both sparse kinds drop empty blocks off the top */
        while (m->slot_end > 0 && !m->alive[(m->slot_end - 1) / 64])
            m->slot_end = (m->slot_end - 1) / 64 * 64;
}

/* The engine's straight kernel, for the bench's own pools. */
static inline uint64_t mp_kernel(float *restrict x, float *restrict y, const float *restrict vx,
                                 const float *restrict vy, const uint32_t *restrict ev,
                                 uint32_t now)
{
    _Alignas(64) uint8_t flagged[MP_BLOCK];
    for (uint32_t k = 0; k < MP_BLOCK; k++) {
        float nx = x[k] + vx[k], ny = y[k] + vy[k];
        x[k] = nx;
        y[k] = ny;
        flagged[k] = (uint8_t)((nx < -PB_FAR) | (nx > PB_FAR) | (ny < -PB_FAR) | (ny > PB_FAR) |
                               (ev[k] == now));
    }
    uint64_t mask = 0;
    for (int w = 0; w < 8; w++) {
        uint64_t v;
        memcpy(&v, flagged + 8 * w, sizeof v);
        mask |= ((v * 0x0102040810204080ull) >> 56) << (8 * w);
    }
    return mask;
}

/* Iteration strategies over [0, slot_end). */
typedef enum mp_walk {
    MP_WALK_ALL,    /* every block, branch-free */
    MP_WALK_BITMAP, /* every live bit, one bullet at a time */
    MP_WALK_BLOCKS, /* blocks with a live bullet, branch-free inside (the engine) */
} mp_walk;

/* One straight update over [0, slot_end); returns how many live bullets were
 * flagged, and lists their slots in dead[] when dead is not NULL. */
static uint32_t mp_update(mini_pool *m, mp_walk walk, uint32_t now, uint32_t *dead)
{
    uint32_t events = 0;
    uint32_t blocks = (m->slot_end + MP_BLOCK - 1) / MP_BLOCK;
    for (uint32_t b = 0; b < blocks; b++) {
        uint64_t live = m->alive[b], flagged = 0;
        size_t o = (size_t)b * MP_BLOCK;
        if (walk == MP_WALK_BITMAP) {
            for (; live; live &= live - 1) {
                uint32_t k = (uint32_t)__builtin_ctzll(live);
                size_t i = o + k;
                float nx = m->x[i] + m->vx[i], ny = m->y[i] + m->vy[i];
                m->x[i] = nx;
                m->y[i] = ny;
                if ((nx < -PB_FAR) | (nx > PB_FAR) | (ny < -PB_FAR) | (ny > PB_FAR) |
                    (m->ev[i] == now))
                    flagged |= 1ull << k;
            }
        } else if (walk == MP_WALK_ALL || live) {
            flagged = mp_kernel(m->x + o, m->y + o, m->vx + o, m->vy + o, m->ev + o, now) & live;
        }
        for (; flagged; flagged &= flagged - 1) {
            if (dead)
                dead[events] = (uint32_t)o + (uint32_t)__builtin_ctzll(flagged);
            events++;
        }
    }
    return events;
}

/* What table 4 reports for one free-slot structure. */
typedef struct mp_result {
    double hot_ns;      /* spawn then despawn at once, the slot stays in cache */
    double churn_ns;    /* despawn a random bullet, spawn one: 100k live */
    double update_ns;   /* the update after churn, per live bullet */
    double waves_ns;    /* a frame of the waves pattern, per live bullet */
    double waves_slots; /* slots the pass walks per live bullet, waves pattern */
    double peak_ns;     /* a frame long after a peak, per live bullet */
    double peak_slots;  /* slots the pass walks per live bullet, after the peak */
} mp_result;

/* Either a mini pool or the engine, behind one spawn/despawn/update. */
typedef struct mp_subject {
    mini_pool *m;
    bullet_pool *engine;
    uint32_t *dead; /* MP_CAP slots flagged by the last update */
    /* The engine's spawns: NULL, from the heading in degrees; else the unit
     * vectors of the 360 whole-degree headings, given with it (dir_given). */
    const float (*dirs)[2];
} mp_subject;

/* Spawns with a lifetime (0 = none) at frame `now`; returns an id for despawn.
 * The bullet comes from `seed` by integer arithmetic only, so no subject pays
 * for random draws inside the timings. */
static uint64_t mp_subject_spawn(mp_subject *s, uint32_t seed, uint32_t lifetime, uint32_t now)
{
    if (s->engine) {
        bullet_spawn d = {0};
        d.x = (float)(seed & 255);
        d.y = (float)((seed >> 8) & 255);
        d.heading = (double)(seed % 360);
        d.speed = 0.5;
        d.lifetime = lifetime;
        if (s->dirs) {
            d.dir_given = 1;
            d.dir_x = s->dirs[seed % 360][0];
            d.dir_y = s->dirs[seed % 360][1];
        }
        bullet_handle h = bullet_pool_spawn(s->engine, &d);
        return (uint64_t)h.gen << 32 | h.index;
    }
    uint32_t id = mp_spawn(s->m, seed);
    if (lifetime)
        s->m->ev[s->m->kind == MP_DENSE ? s->m->pos[id] : id] = now + lifetime;
    return id;
}

static void mp_subject_despawn(mp_subject *s, uint64_t id)
{
    if (s->engine)
        bullet_pool_despawn(s->engine, (bullet_handle){(uint32_t)id, (uint32_t)(id >> 32)},
                            BULLET_DESPAWN_VANISH);
    else
        mp_despawn(s->m, (uint32_t)id);
}

/* One update at frame `now`, expired bullets despawned. */
static void mp_subject_update(mp_subject *s, uint32_t now)
{
    if (s->engine) {
        bullet_pool_update(s->engine);
        bullet_pool_clear_despawned(s->engine);
        return;
    }
    uint32_t n = mp_update(s->m, MP_WALK_BLOCKS, now, s->dead);
    if (s->m->kind == MP_DENSE) /* swap-remove moves bullets: despawn by handle */
        for (uint32_t k = 0; k < n; k++)
            s->dead[k] = s->m->id[s->dead[k]];
    for (uint32_t k = 0; k < n; k++)
        mp_despawn(s->m, s->dead[k]);
}

static uint32_t mp_subject_live(const mp_subject *s)
{
    return s->engine ? s->engine->live : s->m->live;
}

static uint32_t mp_subject_slots(const mp_subject *s)
{
    return s->engine ? bullet_pool_slot_end(s->engine) : (s->m->slot_end + 63) / 64 * 64;
}

/* Churn at 100k live (5% random replacement per frame), then hot pairs. */
static void mp_churn(mp_subject *s, int frames, mp_result *res)
{
    uint64_t *ids = mem_alloc(MP_LIVE * sizeof *ids);
    if (!ids)
        return;
    rng r;
    rng_seed(&r, 99);
    for (uint32_t i = 0; i < MP_LIVE; i++)
        ids[i] = mp_subject_spawn(s, i, 0, 0);
    double pair_time = 0, update_time = 0;
    int counted = 0;
    for (int f = 1; f <= frames; f++) {
        uint32_t picks[ID_REPLACE];
        for (uint32_t k = 0; k < ID_REPLACE; k++)
            picks[k] = rng_below(&r, MP_LIVE);
        double t0 = pb_now();
        for (uint32_t k = 0; k < ID_REPLACE; k++) {
            mp_subject_despawn(s, ids[picks[k]]);
            ids[picks[k]] = mp_subject_spawn(s, (uint32_t)f * ID_REPLACE + k, 0, (uint32_t)f);
        }
        double t1 = pb_now();
        mp_subject_update(s, (uint32_t)f);
        double t2 = pb_now();
        if (f > frames / 4) { /* after the pool has been churned a while */
            pair_time += t1 - t0;
            update_time += t2 - t1;
            counted++;
        }
    }
    res->churn_ns = pair_time / ((double)counted * ID_REPLACE);
    res->update_ns = update_time / ((double)counted * MP_LIVE);
    enum {
        HOT_SAMPLES = 15,
        HOT_PAIRS = 20000
    };
    double hot[HOT_SAMPLES];
    for (int k = 0; k < HOT_SAMPLES; k++) { /* median of short samples: a busy machine */
        double t0 = pb_now();
        for (int j = 0; j < HOT_PAIRS; j++)
            mp_subject_despawn(s, mp_subject_spawn(s, (uint32_t)(k * HOT_PAIRS + j), 0, 0));
        hot[k] = (pb_now() - t0) / HOT_PAIRS;
    }
    res->hot_ns = pb_median(hot, HOT_SAMPLES);
    mem_free(ids);
}

/* Waves: bursts of 600 bullets a frame for a second, then 50 a frame for a
 * second, each living 1 to 4 seconds; the live count swings between about
 * 15k and 90k. Despawns come from expiry, spawns fill whatever is free. */
static void mp_waves(mp_subject *s, int frames, mp_result *res)
{
    rng r;
    rng_seed(&r, 123);
    double time = 0, live = 0, slots = 0;
    for (int f = 1; f <= frames; f++) {
        uint32_t burst = (f / 60) % 2 == 0 ? 600 : 50;
        double t0 = pb_now();
        for (uint32_t k = 0; k < burst; k++)
            mp_subject_spawn(s, (uint32_t)rng_next(&r), 60 + rng_below(&r, 180), (uint32_t)f);
        mp_subject_update(s, (uint32_t)f);
        double t = pb_now() - t0;
        if (f > 240) { /* after the first waves have filled and drained the pool */
            time += t;
            live += mp_subject_live(s);
            slots += mp_subject_slots(s);
        }
    }
    res->waves_ns = time / live;
    res->waves_slots = slots / live;
}

/* After a peak: 700 bullets a frame for 150 frames (about 100k live), then 50
 * a frame, each living 1 to 4 seconds: about 7.5k live, spread over the slots
 * the peak used. Reports the later frames: how the live set packs again. */
static void mp_after_peak(mp_subject *s, int frames, mp_result *res)
{
    rng r;
    rng_seed(&r, 321);
    double time = 0, live = 0, slots = 0;
    for (int f = 1; f <= frames; f++) {
        uint32_t burst = f <= 150 ? 700 : 50;
        double t0 = pb_now();
        for (uint32_t k = 0; k < burst; k++)
            mp_subject_spawn(s, (uint32_t)rng_next(&r), 60 + rng_below(&r, 180), (uint32_t)f);
        mp_subject_update(s, (uint32_t)f);
        double t = pb_now() - t0;
        if (f > 450) { /* every bullet of the peak has expired */
            time += t;
            live += mp_subject_live(s);
            slots += mp_subject_slots(s);
        }
    }
    res->peak_ns = time / live;
    res->peak_slots = slots / live;
}

/* The memory's share of a random churn pair: the same handles, picks and
 * frames as mp_churn on the same engine layout at 100k live (an update between
 * frames), but instead of despawning and spawning, the cache lines a pair
 * touches are touched with no logic: the handle read, the slot's cold record
 * read (generation, draw-order entry) and written whole, its draw-order entry
 * written and one appended, one store to each array a spawn writes. ns per pair, median over the
 * frames; NAN when the pool cannot be had. */
static double mp_churn_floor(int frames)
{
    bullet_pool p;
    uint64_t *ids = mem_alloc(MP_LIVE * sizeof *ids);
    if (!ids || bullet_pool_init(&p, MP_CAP) != 0) {
        mem_free(ids);
        return NAN;
    }
    bullet_pool_set_cull_rect(&p, -PB_FAR, -PB_FAR, PB_FAR, PB_FAR);
    mp_subject s = {NULL, &p, NULL, NULL};
    for (uint32_t i = 0; i < MP_LIVE; i++)
        ids[i] = mp_subject_spawn(&s, i, 0, 0);
    rng r;
    rng_seed(&r, 99);
    double t[MP_FLOOR_FRAMES];
    frames = frames < MP_FLOOR_FRAMES ? frames : MP_FLOOR_FRAMES;
    for (int f = 0; f < frames; f++) {
        uint32_t picks[ID_REPLACE];
        for (uint32_t k = 0; k < ID_REPLACE; k++)
            picks[k] = rng_below(&r, MP_LIVE);
        double t0 = pb_now();
        for (uint32_t k = 0; k < ID_REPLACE; k++) {
            uint64_t id = ids[picks[k]];
            uint32_t j = (uint32_t)id;
            bullet_cold *cold = &p.cold[j];
            if (cold->gen != (uint32_t)(id >> 32))
                continue; /* never: the handles are kept up to date */
            p.order[cold->order_pos] = BULLET_SLOT_NONE;
            if (p.order_len == 2 * p.capacity)
                p.order_len = 0;
            uint32_t pos = p.order_len++;
            p.order[pos] = j;
            ids[picks[k]] = id + (UINT64_C(2) << 32);
            *cold = (bullet_cold){{(double)k, 0.5, 0.0, 0.0},
                                  cold->gen + 2,
                                  BULLET_NEVER,
                                  (uint32_t)f,
                                  pos,
                                  k,
                                  0,
                                  k,
                                  0};
            p.x[j] = p.y[j] = p.vx[j] = p.vy[j] = p.dir_x[j] = p.dir_y[j] = p.radius[j] =
                (float)(k & 255);
            p.event_at[j] = BULLET_NEVER;
            p.shape[j] = p.color[j] = p.flags[j] = 0;
        }
        t[f] = (pb_now() - t0) / ID_REPLACE;
        bullet_pool_update(&p);
    }
    bullet_pool_free(&p);
    mem_free(ids);
    return pb_median(t, frames);
}

static int pb_allocators(bench *b)
{
    static const char *const names[] = {"freelist stack", "free bitmap + ctz (lowest)",
                                        "dense swap-remove", "bullet_pool (engine)",
                                        "bullet_pool, vector given"};
    enum {
        MP_SUBJECTS = 5
    };
    int frames = b->quick ? 20 : 200, wave_frames = b->quick ? 300 : 1200;
    mp_result res[MP_SUBJECTS];
    uint32_t *dead = mem_alloc(MP_CAP * sizeof *dead);
    if (!dead)
        return -1;
    static float dirs[360][2];
    for (int d = 0; d < 360; d++) {
        double sn, cs;
        trig_sincos(d * TRIG_DEG2RAD, &sn, &cs);
        dirs[d][0] = (float)sn;
        dirs[d][1] = (float)-cs;
    }
    for (int k = 0; k < MP_SUBJECTS; k++) {
        res[k] = (mp_result){NAN, NAN, NAN, NAN, NAN, NAN, NAN};
        for (int part = 0; part < 3; part++) { /* a fresh pool for each pattern */
            mini_pool m;
            bullet_pool p;
            mp_subject s = {NULL, NULL, dead, k == 4 ? dirs : NULL};
            if (k < 3) {
                if (mp_init(&m, (mp_kind)k) != 0) {
                    mp_free(&m);
                    mem_free(dead);
                    return -1;
                }
                s.m = &m;
            } else {
                if (bullet_pool_init(&p, MP_CAP) != 0) {
                    mem_free(dead);
                    return -1;
                }
                bullet_pool_set_cull_rect(&p, -PB_FAR, -PB_FAR, PB_FAR, PB_FAR);
                s.engine = &p;
            }
            if (part == 0)
                mp_churn(&s, frames, &res[k]);
            else if (part == 1)
                mp_waves(&s, wave_frames, &res[k]);
            else
                mp_after_peak(&s, b->quick ? 600 : 1200, &res[k]);
            if (k < 3)
                mp_free(&m);
            else
                bullet_pool_free(&p);
        }
    }
    mem_free(dead);
    static const bench_column cols[] = {
        {"hot pair", "ns", 1, BENCH_LOWER_BETTER},
        {"churn pair", "ns", 1, BENCH_LOWER_BETTER},
        {"churn update", "ns/bullet", 3, BENCH_LOWER_BETTER},
        {"waves frame", "ns/live", 2, BENCH_LOWER_BETTER},
        {"waves slots", "per live", 2, BENCH_LOWER_BETTER},
        {"after peak", "ns/live", 2, BENCH_LOWER_BETTER},
        {"peak slots", "per live", 2, BENCH_LOWER_BETTER},
    };
    bench_table t;
    bench_table_begin(&t, b, "allocator",
                      "4. Decision, free slots: spawn+despawn pairs (hot slot; random churn at "
                      "100k live of 131,072),\n   the update after churn, a waves pattern "
                      "(bursts, lifetimes, 15k-90k live) and the frames\n   long after a peak "
                      "(100k live, then 7.5k): frame time per live bullet, slots walked per live",
                      cols, 7, 30);
    for (int k = 0; k < MP_SUBJECTS; k++) {
        bench_table_row(&t, names[k]);
        bench_table_value(&t, res[k].hot_ns);
        bench_table_value(&t, res[k].churn_ns);
        bench_table_value(&t, res[k].update_ns);
        bench_table_value(&t, res[k].waves_ns);
        bench_table_value(&t, res[k].waves_slots);
        bench_table_value(&t, res[k].peak_ns);
        bench_table_value(&t, res[k].peak_slots);
    }
    bench_table_end(&t);
    double floor_ns = mp_churn_floor(frames);
    bench_record(b, "pool/allocator/churn_pair_floor", floor_ns, "ns", BENCH_NEUTRAL);
    bench_note(b,
               "bullet_pool spawn+despawn: %.1f ns hot (%.1f with the vector given), %.1f ns "
               "under random churn (target: <= 10)",
               res[3].hot_ns, res[4].hot_ns, res[3].churn_ns);
    bench_note(b,
               "the cache lines alone of a random pair (its handle, cold record and draw-order "
               "entries, one store to each array a spawn writes; no logic): %.1f ns",
               floor_ns);
    return 0;
}

/* ==== 5. Decision: how the pass walks the slots ============================ */

/* Lays out `live` bullets over MP_CAP slots: scattered at random, or in whole
 * blocks (`clustered`). */
static void mp_layout(mini_pool *m, double density, int clustered, rng *r)
{
    memset(m->alive, 0, MP_CAP / 8);
    m->live = 0;
    m->slot_end = MP_CAP;
    int block_on = 0;
    for (uint32_t i = 0; i < MP_CAP; i++) {
        if (i % 64 == 0)
            block_on = rng_float(r) < density;
        int on = clustered ? block_on : rng_float(r) < density;
        if (on) {
            m->alive[i / 64] |= 1ull << (i % 64);
            mp_write(m, i, i);
            m->live++;
        } else {
            mp_park(m, i);
        }
    }
}

static int pb_iteration(bench *b)
{
    mini_pool m;
    if (mp_init(&m, MP_STACK) != 0) {
        mp_free(&m);
        return -1;
    }
    static const struct {
        const char *name;
        double density;
        int clustered;
    } rows[] = {
        {"100% live", 1.0, 0},
        {"50% live, scattered", 0.5, 0},
        {"25% live, scattered", 0.25, 0},
        {"10% live, scattered", 0.1, 0},
        {"25% live, whole blocks", 0.25, 1},
    };
    static const bench_column cols[] = {
        {"every slot", "ns/live", 3, BENCH_LOWER_BETTER},
        {"alive bitmap", "ns/live", 3, BENCH_LOWER_BETTER},
        {"live blocks", "ns/live", 3, BENCH_LOWER_BETTER},
    };
    bench_table t;
    bench_table_begin(&t, b, "iteration",
                      "5. Decision, iteration: straight update of 131,072 slots, ns per live "
                      "bullet",
                      cols, 3, 30);
    rng r;
    rng_seed(&r, 5);
    int reps = b->quick ? 20 : 300;
    for (size_t k = 0; k < sizeof rows / sizeof rows[0]; k++) {
        mp_layout(&m, rows[k].density, rows[k].clustered, &r);
        bench_table_row(&t, rows[k].name);
        for (int walk = 0; walk < 3; walk++) {
            double samples[5];
            for (int s = 0; s < 5; s++) {
                double t0 = pb_now();
                for (int i = 0; i < reps; i++)
                    bench_consume(mp_update(&m, (mp_walk)walk, (uint32_t)i + 1, NULL));
                samples[s] = (pb_now() - t0) / ((double)reps * m.live);
            }
            bench_table_value(&t, pb_median(samples, 5));
        }
    }
    bench_table_end(&t);
    mp_free(&m);
    return 0;
}

/* ==== 6. Draw order ========================================================= */

/* Sorts n (serial << 32 | slot) keys by serial: LSD radix, 8 bits a pass. */
static void pb_radix_sort(uint64_t *keys, uint64_t *tmp, uint32_t n)
{
    for (int shift = 32; shift < 64; shift += 8) {
        uint32_t count[257] = {0};
        for (uint32_t i = 0; i < n; i++)
            count[((keys[i] >> shift) & 255) + 1]++;
        for (int d = 0; d < 256; d++)
            count[d + 1] += count[d];
        for (uint32_t i = 0; i < n; i++)
            tmp[count[(keys[i] >> shift) & 255]++] = keys[i];
        memcpy(keys, tmp, (size_t)n * sizeof *keys);
    }
}

static int pb_draw_order(bench *b)
{
    bullet_pool p;
    uint64_t *keys = mem_alloc(MP_CAP * sizeof *keys), *tmp = mem_alloc(MP_CAP * sizeof *tmp);
    bullet_handle *hs = mem_alloc(MP_LIVE * sizeof *hs);
    if (!keys || !tmp || !hs || bullet_pool_init(&p, MP_CAP) != 0) {
        mem_free(keys);
        mem_free(tmp);
        mem_free(hs);
        return -1;
    }
    bullet_pool_set_cull_rect(&p, -PB_FAR, -PB_FAR, PB_FAR, PB_FAR);
    rng r;
    rng_seed(&r, 6);
    for (uint32_t i = 0; i < MP_LIVE; i++) {
        bullet_spawn s = pb_spawn_desc(&r);
        hs[i] = bullet_pool_spawn(&p, &s);
    }
    int frames = b->quick ? 10 : 100;
    double list_time = 0, sort_time = 0, slot_time = 0, entries = 0;
    for (int f = 0; f < frames; f++) {
        bullet_spawn s = pb_spawn_desc(&r);
        for (uint32_t k = 0; k < ID_REPLACE; k++) {
            uint32_t j = rng_below(&r, MP_LIVE);
            bullet_pool_despawn(&p, hs[j], BULLET_DESPAWN_VANISH);
            hs[j] = bullet_pool_spawn(&p, &s);
        }
        bullet_pool_update(&p);
        /* The renderer's walk: the order list, skipping holes. */
        double t0 = pb_now();
        uint32_t n;
        const uint32_t *order = bullet_pool_draw_order(&p, &n);
        float sum = 0;
        for (uint32_t k = 0; k < n; k++)
            if (order[k] != BULLET_SLOT_NONE)
                sum += p.x[order[k]];
        double t1 = pb_now();
        /* The alternative: gather the live bullets and sort them by serial. */
        uint32_t count = 0;
        for (uint32_t blk = 0; blk < bullet_pool_block_end(&p); blk++)
            for (uint64_t m = p.alive[blk]; m; m &= m - 1) {
                uint32_t i = blk * 64 + (uint32_t)__builtin_ctzll(m);
                keys[count++] = (uint64_t)bullet_pool_serial(&p, i) << 32 | i;
            }
        pb_radix_sort(keys, tmp, count);
        for (uint32_t k = 0; k < count; k++)
            sum += p.x[(uint32_t)keys[k]];
        double t2 = pb_now();
        /* For scale: slot order, which is not spawn order. */
        for (uint32_t blk = 0; blk < bullet_pool_block_end(&p); blk++)
            for (uint64_t m = p.alive[blk]; m; m &= m - 1)
                sum += p.x[blk * 64 + (uint32_t)__builtin_ctzll(m)];
        double t3 = pb_now();
        bench_consume((uint64_t)sum);
        list_time += t1 - t0;
        sort_time += t2 - t1;
        slot_time += t3 - t2;
        entries += n;
    }
    double live = (double)frames * p.live;
    static const bench_column cols[] = {
        {"per frame", "ns/live", 3, BENCH_LOWER_BETTER},
        {"entries/live", "x", 2, BENCH_NEUTRAL},
    };
    bench_table t;
    bench_table_begin(
        &t, b, "draw_order",
        "6. Draw order, oldest to newest: 100,000 live, 5% replaced per frame; walking it "
        "and reading x",
        cols, 2, 30);
    bench_table_row(&t, "order list (engine)");
    bench_table_value(&t, list_time / live);
    bench_table_value(&t, entries / live);
    bench_table_row(&t, "gather + radix sort by serial");
    bench_table_value(&t, sort_time / live);
    bench_table_value(&t, 1.0);
    bench_table_row(&t, "slot order (not spawn order)");
    bench_table_value(&t, slot_time / live);
    bench_table_value(&t, 1.0);
    bench_table_end(&t);
    bullet_pool_free(&p);
    mem_free(keys);
    mem_free(tmp);
    mem_free(hs);
    return 0;
}

int pool_bench_run(bench *b)
{
    bench_begin_scenario(b, "pool",
                         "the bullet pool against naive pools; the update pass against memory "
                         "bandwidth");
    int (*const parts[])(bench *) = {pb_ezmissile,  pb_instantiate, pb_update,
                                     pb_allocators, pb_iteration,   pb_draw_order};
    for (size_t k = 0; k < sizeof parts / sizeof parts[0]; k++)
        if (parts[k](b) != 0) {
            bench_note(b, "out of memory: the rest of the pool scenario is skipped");
            return -1;
        }
    return 0;
}

/* ==== --sweep pool ========================================================== */

/* One update of the sweep's pool, on one thread or split over two. */
typedef struct pb_sweep_job {
    bullet_pool *p;
    workers *w;
} pb_sweep_job;

static void pb_sweep_update(void *ctx)
{
    pb_sweep_job *job = ctx;
    bullet_pool_update_workers(job->p, job->w);
}

static int pb_sweep_measure(bench *b, uint32_t n, double *ms)
{
    workers w;
    workers_init(&w, 2);
    int samples = b->quick ? 3 : 9, rc = 0;
    for (int turning = 0; turning < 2 && rc == 0; turning++) {
        bullet_pool p;
        if (bench_scene_fill(&p, n, 0x5eed + n, turning ? 100 : 0) != 0) {
            rc = -1;
            break;
        }
        p.split_min = 0;
        pb_sweep_job job = {&p, NULL};
        ms[2 * turning] = bench_sweep_time(samples, pb_sweep_update, &job);
        job.w = &w;
        ms[2 * turning + 1] = bench_sweep_time(samples, pb_sweep_update, &job);
        bullet_pool_free(&p);
    }
    workers_free(&w);
    return rc;
}

const bench_sweeper pool_bench_sweeper = {
    "pool",
    "one bullet_pool_update (x2: split over two threads)",
    {"straight", "straight x2", "turning", "turning x2"},
    4,
    pb_sweep_measure,
};
