/*
 * laser_pool tests: the pool against a simple model under random sequences of
 * spawns, despawns, clears and updates (slots, handles, phases, lifetimes,
 * refusals); curvy bodies as trails; channels; no allocation per frame.
 */
#include "../check.h"
#include "core/hash.h"
#include "core/mem.h"
#include "core/rng.h"
#include "sim/laser_pool.h"
#include <stdio.h>

#define CAP 128u /* a multiple of 64: the model's slots are the pool's */

typedef struct model_laser {
    int live;
    laser_handle h;
    laser_kind kind;
    uint32_t age, warn, life;
} model_laser;

typedef struct model {
    model_laser slot[CAP];
    uint32_t live;
    uint64_t refused;
} model;

/* Updates a laser lives: warn + grow + life + fade for straight ones, life +
 * fade for curvy ones (that stay on the field); never with life 0. */
static uint32_t model_span(const model_laser *m)
{
    if (m->life == 0)
        return 0xffffffffu;
    if (m->kind == LASER_CURVY)
        return m->life + LASER_FADE_FRAMES;
    return m->warn + LASER_GROW_FRAMES + m->life + LASER_FADE_FRAMES;
}

static laser_phase model_phase(const model_laser *m)
{
    uint32_t start = 0;
    if (m->kind == LASER_STRAIGHT) {
        if (m->age < m->warn)
            return LASER_PHASE_WARN;
        if (m->age < m->warn + LASER_GROW_FRAMES)
            return LASER_PHASE_GROW;
        start = m->warn + LASER_GROW_FRAMES;
    }
    if (m->life && m->age >= start + m->life)
        return LASER_PHASE_FADE;
    return LASER_PHASE_ON;
}

static laser_spawn random_spawn(rng *r, laser_kind kind)
{
    laser_spawn s = {0};
    s.kind = kind;
    s.x = rng_range(r, 40, 340);
    s.y = rng_range(r, 40, 400);
    s.heading = rng_range(r, 0, 360);
    s.spin = rng_below(r, 2) ? rng_range(r, -2, 2) : 0;
    s.length = kind == LASER_CURVY ? (float)(1 + rng_below(r, 40)) : rng_range(r, 10, 300);
    s.width = rng_range(r, 4, 20);
    s.warn = rng_below(r, 30);
    s.life = rng_below(r, 4) ? 1 + rng_below(r, 60) : 0;
    s.color = (uint8_t)rng_below(r, 8);
    s.script = rng_below(r, 2) ? 1 + rng_below(r, 1000) : 0;
    return s; /* speed 0: curvy heads stay put, so nothing is culled */
}

static void check_against_model(const laser_pool *p, const model *m)
{
    CHECK_EQ_INT(p->live, m->live);
    CHECK_EQ_U64(p->stats.refused, m->refused);
    for (uint32_t i = 0; i < CAP; i++) {
        const model_laser *ml = &m->slot[i];
        CHECK_EQ_INT(laser_pool_alive(p, ml->h), ml->live);
        if (!ml->live)
            continue;
        CHECK_EQ_INT(p->age[i], ml->age);
        CHECK_EQ_INT(p->phase[i], model_phase(ml));
        CHECK_EQ_INT(laser_pool_hurts(p, i), model_phase(ml) == LASER_PHASE_ON);
    }
}

static void test_model(void)
{
    static model m;
    laser_pool p;
    CHECK(laser_pool_init(&p, CAP, 48) == 0);
    rng r;
    rng_seed(&r, 17);
    laser_handle stale[64];
    int nstale = 0;
    for (int op = 0; op < 20000; op++) {
        uint32_t what = rng_below(&r, 100);
        if (what < 45) {
            laser_kind kind = rng_below(&r, 2) ? LASER_CURVY : LASER_STRAIGHT;
            laser_spawn s = random_spawn(&r, kind);
            laser_handle h = laser_pool_spawn(&p, &s);
            uint32_t i = 0;
            while (i < CAP && m.slot[i].live)
                i++;
            if (i == CAP) {
                m.refused++;
                CHECK_EQ_INT(h.gen, 0);
            } else {
                CHECK_EQ_INT(h.index, i); /* the lowest free slot */
                CHECK(h.gen & 1u);
                m.slot[i] = (model_laser){1, h, kind, 0, kind == LASER_CURVY ? 0 : s.warn, s.life};
                m.live++;
            }
        } else if (what < 60) {
            uint32_t i = rng_below(&r, CAP);
            int was = m.slot[i].live;
            CHECK_EQ_INT(laser_pool_despawn(&p, m.slot[i].h, LASER_DESPAWN_CANCEL), was);
            if (was) {
                m.slot[i].live = 0;
                m.live--;
                if (nstale < 64)
                    stale[nstale++] = m.slot[i].h;
            }
        } else if (what < 61 && op % 10 == 0) {
            CHECK_EQ_INT(laser_pool_clear(&p, LASER_DESPAWN_CLEAR, 0), m.live);
            for (uint32_t i = 0; i < CAP; i++)
                m.slot[i].live = 0;
            m.live = 0;
        } else {
            laser_pool_update(&p);
            for (uint32_t i = 0; i < CAP; i++) {
                model_laser *ml = &m.slot[i];
                if (!ml->live)
                    continue;
                ml->age++;
                if (ml->age >= model_span(ml)) {
                    ml->live = 0;
                    m.live--;
                }
            }
        }
        if (op % 97 == 0)
            check_against_model(&p, &m);
        laser_pool_clear_despawned(&p);
    }
    check_against_model(&p, &m);
    /* stale handles are dead for every function */
    for (int k = 0; k < nstale; k++) {
        if (m.slot[stale[k].index].live && m.slot[stale[k].index].h.gen == stale[k].gen)
            continue;
        CHECK(!laser_pool_alive(&p, stale[k]));
        CHECK(!laser_pool_set(&p, stale[k], LASER_CHANNEL_HEADING, 1.0));
        CHECK(!laser_pool_despawn(&p, stale[k], LASER_DESPAWN_CANCEL));
        CHECK(!laser_pool_fade(&p, stale[k]));
    }
    CHECK(p.stats.refused > 0); /* the sequence filled the pool at times */
    laser_pool_free(&p);
}

/* A curvy head moving right leaves a trail: node k is where it was k updates
 * ago; the body stops growing at its length; the bounds cover the trail. */
static void test_trail(void)
{
    laser_pool p;
    CHECK(laser_pool_init(&p, 64, 16) == 0);
    laser_spawn s = {.kind = LASER_CURVY,
                     .x = 100,
                     .y = 200,
                     .heading = 90,
                     .speed = 2,
                     .length = 10,
                     .width = 8,
                     .script = 5};
    laser_handle h = laser_pool_spawn(&p, &s);
    for (int t = 0; t < 30; t++)
        laser_pool_update(&p);
    uint32_t i = h.index;
    CHECK_EQ_INT(p.nodes[i], 10);
    for (uint32_t k = 0; k < 10; k++) {
        CHECK_NEAR(p.node_x[laser_pool_node(&p, i, k)], 100 + 2 * (30 - (double)k), 1e-3);
        CHECK_NEAR(p.node_y[laser_pool_node(&p, i, k)], 200, 1e-3);
    }
    CHECK_NEAR(p.box_x1[i], 160, 1e-3);
    /* body plus the dropped tail node, and the tails dropped since the last
     * exact box (laser_pool.h, BOUNDS) */
    CHECK(p.box_x0[i] <= 160 - 2 * 10 + 1e-3);
    CHECK(p.box_x0[i] >= 160 - 2 * 10 - 2 * (LASER_POOL_BOX_REFRESH - 1) - 1e-3);
    /* a turn tween: the heading reaches its target exactly */
    CHECK(laser_pool_tween(&p, h, LASER_CHANNEL_HEADING, 180, 10));
    for (int t = 0; t < 10; t++)
        laser_pool_update(&p);
    CHECK_EQ_U64(laser_pool_get(&p, h, LASER_CHANNEL_HEADING) == 180.0, 1);
    CHECK_NEAR(p.dir_y[i], 1.0, 1e-6);
    /* the head runs off the field: culled once the whole body is out, logged */
    for (int t = 0; t < 400 && laser_pool_alive(&p, h); t++)
        laser_pool_update(&p);
    CHECK(!laser_pool_alive(&p, h));
    uint32_t n;
    const laser_despawn *log = laser_pool_despawned(&p, &n);
    CHECK_EQ_INT(n, 1);
    CHECK_EQ_INT(log[0].script, 5);
    CHECK_EQ_INT(log[0].reason, LASER_DESPAWN_CULL);
    laser_pool_free(&p);
}

/* A straight laser's width through its phases; a set origin moves with the
 * next update and shows as this frame's motion in prev_*. */
/* The bounds laser_pool_update keeps against a plain scan of every point,
 * for rings of many sizes, bodies of every length, lasers spawned into slots
 * others left, over many laps of the ring: a beam's (before and after, from
 * the SSE pass over the slots) equal it; a trail's hold it, and equal it on
 * the slot's exact updates (one run of the doubled ring folded in SSE
 * registers) and while the head is outside the cull rectangle; no trail that
 * is wholly outside the cull rectangle is left alive (laser_pool.h, BOUNDS). */
static void test_bounds_exact(void)
{
    static const uint32_t caps[] = {2, 3, 15, 16, 17, 33, 64, 65, 100};
    rng r;
    rng_seed(&r, 99);
    int wrong = 0, checked = 0, exacts = 0, wider = 0;
    for (size_t c = 0; c < sizeof caps / sizeof caps[0]; c++) {
        laser_pool p;
        CHECK(laser_pool_init(&p, 64, caps[c]) == 0);
        for (int t = 0; t < 400; t++) {
            if (rng_below(&r, 4) == 0) {
                laser_spawn s = {.kind = rng_below(&r, 3) ? LASER_CURVY : LASER_STRAIGHT,
                                 .x = rng_range(&r, 0, 400),
                                 .y = rng_range(&r, 0, 400),
                                 .heading = rng_range(&r, 0, 360),
                                 .spin = rng_range(&r, -12, 12),
                                 .speed = rng_range(&r, 0, 9),
                                 .length = rng_range(&r, 1, 300),
                                 .width = 4,
                                 .life = 1 + rng_below(&r, 200)};
                laser_pool_spawn(&p, &s);
            }
            laser_pool_update(&p);
            for (uint32_t i = 0; i < laser_pool_slot_end(&p); i++) {
                if (!(p.alive[i / 64] >> (i % 64) & 1))
                    continue;
                float x0, y0, x1, y1;
                if (p.kind[i] == LASER_CURVY) {
                    uint32_t n = p.nodes[i] + (p.age[i] + 1 > p.nodes[i]);
                    x0 = x1 = p.x[i], y0 = y1 = p.y[i];
                    for (uint32_t k = 0; k < n; k++) {
                        uint32_t j = laser_pool_node(&p, i, k);
                        x0 = p.node_x[j] < x0 ? p.node_x[j] : x0;
                        x1 = p.node_x[j] > x1 ? p.node_x[j] : x1;
                        y0 = p.node_y[j] < y0 ? p.node_y[j] : y0;
                        y1 = p.node_y[j] > y1 ? p.node_y[j] : y1;
                    }
                } else {
                    float len = p.length[i], ex, ey;
                    laser_pool_beam_end(&p, i, &ex, &ey);
                    float pts[4][2] = {
                        {p.x[i], p.y[i]},
                        {ex, ey},
                        {p.prev_x[i], p.prev_y[i]},
                        {p.prev_x[i] + p.prev_dx[i] * len, p.prev_y[i] + p.prev_dy[i] * len}};
                    x0 = x1 = pts[0][0], y0 = y1 = pts[0][1];
                    for (int k = 1; k < 4; k++) {
                        x0 = pts[k][0] < x0 ? pts[k][0] : x0, x1 = pts[k][0] > x1 ? pts[k][0] : x1;
                        y0 = pts[k][1] < y0 ? pts[k][1] : y0, y1 = pts[k][1] > y1 ? pts[k][1] : y1;
                    }
                }
                int exact = p.kind[i] != LASER_CURVY ||
                            (p.frame - 1 + i) % LASER_POOL_BOX_REFRESH == 0 ||
                            !(p.x[i] >= p.cull_x0 && p.x[i] <= p.cull_x1 && p.y[i] >= p.cull_y0 &&
                              p.y[i] <= p.cull_y1);
                if (exact)
                    wrong += x0 != p.box_x0[i] || y0 != p.box_y0[i] || x1 != p.box_x1[i] ||
                             y1 != p.box_y1[i];
                else
                    wrong += x0 < p.box_x0[i] || y0 < p.box_y0[i] || x1 > p.box_x1[i] ||
                             y1 > p.box_y1[i];
                if (p.kind[i] == LASER_CURVY && p.age[i] >= p.length[i])
                    wrong += x1 < p.cull_x0 || x0 > p.cull_x1 || y1 < p.cull_y0 ||
                             y0 > p.cull_y1; /* should have been culled */
                checked++, exacts += exact && p.kind[i] == LASER_CURVY;
                wider += p.kind[i] == LASER_CURVY && !exact &&
                         (p.box_x0[i] != x0 || p.box_y0[i] != y0 || p.box_x1[i] != x1 ||
                          p.box_y1[i] != y1);
            }
        }
        laser_pool_free(&p);
    }
    printf("bounds: %d checked (%d exact trails, %d wider), %d wrong\n", checked, exacts, wider,
           wrong);
    CHECK(checked > 10000);
    CHECK(exacts > 1000 && wider > 1000); /* both cases met */
    CHECK_EQ_INT(wrong, 0);
}

static void test_straight(void)
{
    laser_pool p;
    CHECK(laser_pool_init(&p, 64, 4) == 0);
    laser_spawn s = {.kind = LASER_STRAIGHT,
                     .x = 50,
                     .y = 50,
                     .heading = 180,
                     .length = 200,
                     .width = 16,
                     .warn = 10,
                     .life = 20};
    laser_handle h = laser_pool_spawn(&p, &s);
    CHECK_NEAR(laser_pool_width_now(&p, h.index), LASER_WARN_WIDTH, 0);
    float last = 0;
    for (uint32_t t = 0; t < 10 + LASER_GROW_FRAMES; t++) {
        last = laser_pool_width_now(&p, h.index);
        laser_pool_update(&p);
    }
    CHECK(last < 16.0f);
    CHECK_EQ_INT(p.phase[h.index], LASER_PHASE_ON);
    CHECK_NEAR(laser_pool_width_now(&p, h.index), 16, 0);
    CHECK(laser_pool_set_origin(&p, h, 70, 55));
    laser_pool_update(&p);
    CHECK_NEAR(p.x[h.index], 70, 0);
    CHECK_NEAR(p.prev_x[h.index], 50, 0);
    CHECK(laser_pool_fade(&p, h));
    CHECK(!laser_pool_hurts(&p, h.index));
    for (uint32_t t = 0; t < LASER_FADE_FRAMES; t++)
        laser_pool_update(&p);
    CHECK(!laser_pool_alive(&p, h));
    laser_pool_free(&p);
}

/* A long run of spawns, updates and despawns allocates nothing. */
static void test_no_alloc(void)
{
    laser_pool p;
    CHECK(laser_pool_init(&p, 256, 64) == 0);
    rng r;
    rng_seed(&r, 3);
    uint64_t allocs = mem_get_stats().allocs;
    for (int f = 0; f < 5000; f++) {
        laser_spawn s = random_spawn(&r, f % 2 ? LASER_CURVY : LASER_STRAIGHT);
        s.speed = 3;
        laser_pool_spawn(&p, &s);
        laser_pool_update(&p);
        laser_pool_clear_despawned(&p);
        if (f % 500 == 499)
            laser_pool_clear(&p, LASER_DESPAWN_CANCEL, 0);
    }
    CHECK_EQ_U64(mem_get_stats().allocs, allocs);
    CHECK(p.stats.spawned == 5000);
    laser_pool_free(&p);
}

/* The state hash is the laser's, not the storage's: pools whose rings hold 64,
 * 128 and 256 entries, run alike with bodies of up to 63 nodes (the rings
 * wrapping many times, lasers coming and going), hash alike every update; a
 * body longer than 63 nodes then hashes its own (so the hash still sees it). */
static uint64_t pool_hash(const laser_pool *p)
{
    hasher hs;
    hash_begin(&hs, 7);
    laser_pool_hash(p, &hs);
    return hash_end(&hs);
}

static void test_hash_ring(void)
{
    static const uint32_t caps[3] = {LASER_HASH_RING, 2 * LASER_HASH_RING, 4 * LASER_HASH_RING};
    laser_pool p[3];
    for (int k = 0; k < 3; k++)
        CHECK(laser_pool_init(&p[k], 128, caps[k]) == 0);
    rng r;
    rng_seed(&r, 11);
    int same = 1;
    for (int f = 0; f < 1500; f++) {
        laser_spawn s = random_spawn(&r, f % 3 ? LASER_CURVY : LASER_STRAIGHT);
        if (s.kind == LASER_CURVY)
            s.length = (float)(1 + rng_below(&r, LASER_HASH_RING - 1)), s.speed = 0.5;
        if (f % 7 == 0)
            for (int k = 0; k < 3; k++)
                laser_pool_spawn(&p[k], &s);
        for (int k = 0; k < 3; k++) {
            laser_pool_update(&p[k]);
            laser_pool_clear_despawned(&p[k]);
            if (f % 400 == 399)
                laser_pool_clear(&p[k], LASER_DESPAWN_CANCEL, 0);
        }
        uint64_t h = pool_hash(&p[0]);
        same &= h == pool_hash(&p[1]) && h == pool_hash(&p[2]);
    }
    CHECK(same);
    CHECK(p[0].live > 0 && p[0].stats.spawned > 150);
    /* a body of 100 nodes: the 256-entry pool keeps it, the 64-entry one cannot */
    laser_spawn s = {
        .kind = LASER_CURVY, .x = 100, .y = 100, .speed = 1, .length = 100, .width = 8};
    for (int k = 0; k < 3; k++)
        laser_pool_spawn(&p[k], &s);
    for (int f = 0; f < 120; f++)
        for (int k = 0; k < 3; k++)
            laser_pool_update(&p[k]);
    CHECK(pool_hash(&p[0]) != pool_hash(&p[2]));
    for (int k = 0; k < 3; k++)
        laser_pool_free(&p[k]);
}

static void test_init_bounds(void)
{
    laser_pool p;
    CHECK(laser_pool_init(&p, 0, 16) == -1);
    CHECK(laser_pool_init(&p, 64, 1) == -1);
    CHECK(laser_pool_init(&p, LASER_POOL_MAX_CAPACITY + 1, 16) == -1);
    laser_pool_free(&p);
    mem_fail_at(1);
    CHECK(laser_pool_init(&p, 64, 16) == -1);
    laser_pool_free(&p);
}

int main(void)
{
    test_bounds_exact();
    test_model();
    test_trail();
    test_straight();
    test_no_alloc();
    test_hash_ring();
    test_init_bounds();
    return check_done("sim.laser_pool");
}
