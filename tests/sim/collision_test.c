/* collision: every path (sweep, grid, auto) returns exactly what brute force over
 * all pairs returns, hits, grazes, area lists and pairs, in the same order, on
 * random scenes and on the edge cases; grazes count once per bullet; a bullet
 * faster than the hitbox is wide still hits; queries never allocate. */
#include "../check.h"
#include "core/mem.h"
#include "core/rng.h"
#include "sim/collision.h"
#include "sim/playfield.h"

#include <stdlib.h>

#define MAXN      1600
#define MAXPROBES 200
#define GRAZED    0x01 /* the graze bit the player query sets */
#define HARMLESS  0x04 /* a flag the scenes skip (like the pool's HARMLESS) */
#define PAIR_CAP  (1 << 18)

/* A scene: items, probe circles and probe boxes, as plain arrays. */
typedef struct scene {
    float x[MAXN], y[MAXN], r[MAXN], dx[MAXN], dy[MAXN];
    uint8_t flags[MAXN];
    uint64_t alive[MAXN / 64 + 1];
    circle_set items;
    float px[MAXPROBES], py[MAXPROBES], pr[MAXPROBES], pdx[MAXPROBES], pdy[MAXPROBES];
    float phw[MAXPROBES], phh[MAXPROBES];
    uint8_t pflags[MAXPROBES];
    uint64_t palive[MAXPROBES / 64 + 1];
    circle_set circles;
    box_set boxes;
} scene;

static scene sc;

/* ---- the oracle: every pair, the public narrowphase, nothing else ---- */

static float motion(const float *d, int i)
{
    return d ? d[i] : 0.0f;
}

static void oracle_player(const circle_set *s, const collision_player_query *q,
                          collision_list *hits, collision_list *grazes)
{
    for (int i = 0; i < s->count; i++) {
        if (!circle_set_live(s, i))
            continue;
        float ex = s->x[i] - q->x, ey = s->y[i] - q->y;
        float vx = motion(s->dx, i) - q->dx, vy = motion(s->dy, i) - q->dy;
        if (collision_circle_touch(ex, ey, vx, vy, q->hit_r + s->r[i])) {
            if (hits->count < hits->cap)
                hits->index[hits->count++] = (uint32_t)i;
            else
                hits->refused++;
        }
        if (collision_circle_touch(ex, ey, vx, vy, q->graze_r + s->r[i]) &&
            !(q->grazed[i] & q->graze_bit)) {
            if (grazes->count < grazes->cap) {
                grazes->index[grazes->count++] = (uint32_t)i;
                q->grazed[i] |= q->graze_bit;
            } else {
                grazes->refused++;
            }
        }
    }
}

static void oracle_push(collision_list *l, int i)
{
    if (l->count < l->cap)
        l->index[l->count++] = (uint32_t)i;
    else
        l->refused++;
}

static void oracle_area_circle(const circle_set *s, float x, float y, float r, collision_list *l)
{
    for (int i = 0; i < s->count; i++)
        if (circle_set_live(s, i) &&
            collision_circle_touch(s->x[i] - x, s->y[i] - y, 0.0f, 0.0f, r + s->r[i]))
            oracle_push(l, i);
}

static void oracle_area_rect(const circle_set *s, const float rect[4], collision_list *l)
{
    for (int i = 0; i < s->count; i++)
        if (circle_set_live(s, i) && collision_rect_d2(s->x[i], s->y[i], rect[0], rect[1], rect[2],
                                                       rect[3]) <= s->r[i] * s->r[i])
            oracle_push(l, i);
}

static void oracle_pair(collision_pairs *p, int a, int b)
{
    if (p->count < p->cap)
        p->pair[p->count++] = (collision_pair){(uint32_t)a, (uint32_t)b};
    else
        p->refused++;
}

static void oracle_circles(const circle_set *s, const circle_set *probes, collision_pairs *p)
{
    for (int j = 0; j < probes->count; j++) {
        if (!circle_set_live(probes, j))
            continue;
        for (int i = 0; i < s->count; i++)
            if (circle_set_live(s, i) &&
                collision_circle_touch(s->x[i] - probes->x[j], s->y[i] - probes->y[j],
                                       motion(s->dx, i) - motion(probes->dx, j),
                                       motion(s->dy, i) - motion(probes->dy, j),
                                       probes->r[j] + s->r[i]))
                oracle_pair(p, j, i);
    }
}

static void oracle_boxes(const circle_set *s, const box_set *b, collision_pairs *p)
{
    for (int j = 0; j < b->count; j++) {
        if (!circle_slot_live(b->alive, b->flags, b->skip_mask, j))
            continue;
        for (int i = 0; i < s->count; i++)
            if (circle_set_live(s, i) && collision_box_touch(s->x[i] - b->x[j], s->y[i] - b->y[j],
                                                             motion(s->dx, i) - motion(b->dx, j),
                                                             motion(s->dy, i) - motion(b->dy, j),
                                                             s->r[i], b->hw[j], b->hh[j]))
                oracle_pair(p, j, i);
    }
}

static void oracle_self(const circle_set *s, collision_pairs *p)
{
    for (int a = 0; a < s->count; a++) {
        if (!circle_set_live(s, a))
            continue;
        for (int b = a + 1; b < s->count; b++)
            if (circle_set_live(s, b) &&
                collision_circle_touch(s->x[b] - s->x[a], s->y[b] - s->y[a],
                                       motion(s->dx, b) - motion(s->dx, a),
                                       motion(s->dy, b) - motion(s->dy, a), s->r[a] + s->r[b]))
                oracle_pair(p, a, b);
    }
}

/* ---- comparing results ---- */

static int same_list(const collision_list *a, const collision_list *b)
{
    if (a->count != b->count || a->refused != b->refused)
        return 0;
    for (int i = 0; i < a->count; i++)
        if (a->index[i] != b->index[i])
            return 0;
    return 1;
}

static int same_pairs(const collision_pairs *a, const collision_pairs *b)
{
    if (a->count != b->count || a->refused != b->refused)
        return 0;
    for (int i = 0; i < a->count; i++)
        if (a->pair[i].a != b->pair[i].a || a->pair[i].b != b->pair[i].b)
            return 0;
    return 1;
}

/* ---- random scenes ---- */

/* Fills the scene: n items, spread over the field or packed into one small spot,
 * some huge, some far outside, moving slowly or fast or not at all; `liveness`
 * bit 0 marks a quarter of them dead in an alive bitmap, bit 1 skips a quarter
 * by a flag. */
static void scene_random(rng *r, int n, int packed, int moving, int liveness)
{
    memset(sc.alive, 0, sizeof sc.alive);
    float cx = rng_range(r, 0.0f, PLAYFIELD_W);
    float cy = rng_range(r, 0.0f, PLAYFIELD_H);
    for (int i = 0; i < n; i++) {
        uint32_t kind = rng_below(r, 40);
        if (packed) {
            sc.x[i] = cx + rng_range(r, -6.0f, 6.0f);
            sc.y[i] = cy + rng_range(r, -6.0f, 6.0f);
        } else if (kind == 0) {
            sc.x[i] = rng_range(r, -2000.0f, 2000.0f);
            sc.y[i] = rng_range(r, -2000.0f, 2000.0f);
        } else {
            sc.x[i] = rng_range(r, -40.0f, PLAYFIELD_W + 40.0f);
            sc.y[i] = rng_range(r, -40.0f, PLAYFIELD_H + 40.0f);
        }
        sc.r[i] = rng_range(r, 0.0f, 11.0f) + (kind == 1 ? 40.0f : 0.0f);
        float speed = kind < 4 ? 40.0f : 6.0f;
        sc.dx[i] = rng_range(r, -speed, speed);
        sc.dy[i] = rng_range(r, -speed, speed);
        sc.flags[i] = (uint8_t)(rng_below(r, 4) ? 0 : HARMLESS);
        sc.flags[i] |= (uint8_t)(rng_below(r, 3) ? 0 : GRAZED);
        if (rng_below(r, 4))
            sc.alive[i / 64] |= UINT64_C(1) << (i % 64);
    }
    sc.items = (circle_set){.x = sc.x,
                            .y = sc.y,
                            .r = sc.r,
                            .dx = moving ? sc.dx : NULL,
                            .dy = moving ? sc.dy : NULL,
                            .alive = liveness & 1 ? sc.alive : NULL,
                            .flags = liveness & 2 ? sc.flags : NULL,
                            .skip_mask = HARMLESS,
                            .count = n};
}

static void scene_probes(rng *r, int n)
{
    for (int j = 0; j < n; j++) {
        sc.px[j] = rng_range(r, -20.0f, PLAYFIELD_W + 20.0f);
        sc.py[j] = rng_range(r, -20.0f, PLAYFIELD_H + 20.0f);
        sc.pr[j] = rng_range(r, 2.0f, 30.0f);
        sc.phw[j] = rng_range(r, 1.0f, 40.0f);
        sc.phh[j] = rng_range(r, 1.0f, 40.0f);
        sc.pdx[j] = rng_range(r, -5.0f, 5.0f);
        sc.pdy[j] = rng_range(r, -5.0f, 5.0f);
        sc.pflags[j] = (uint8_t)(rng_below(r, 5) ? 0 : HARMLESS);
        sc.palive[j / 64] = rng_next(r);
    }
    sc.circles = (circle_set){.x = sc.px,
                              .y = sc.py,
                              .r = sc.pr,
                              .dx = sc.pdx,
                              .dy = sc.pdy,
                              .alive = sc.palive,
                              .flags = sc.pflags,
                              .skip_mask = HARMLESS,
                              .count = n};
    sc.boxes = (box_set){.x = sc.px,
                         .y = sc.py,
                         .hw = sc.phw,
                         .hh = sc.phh,
                         .dx = sc.pdx,
                         .dy = sc.pdy,
                         .alive = sc.palive,
                         .flags = sc.pflags,
                         .skip_mask = HARMLESS,
                         .count = n};
}

static const collision_path paths[] = {COLLISION_SWEEP, COLLISION_GRID, COLLISION_AUTO};
#define PATH_COUNT 3

typedef struct outputs {
    collision_list hits[2], grazes[2], area; /* per player */
    collision_pairs circles, boxes, self;
    uint8_t grazed[MAXN];
} outputs;

static void outputs_init(outputs *o, int list_cap, int pair_cap)
{
    for (int j = 0; j < 2; j++) {
        collision_list_init(&o->hits[j], list_cap);
        collision_list_init(&o->grazes[j], list_cap);
    }
    collision_list_init(&o->area, list_cap);
    collision_pairs_init(&o->circles, pair_cap);
    collision_pairs_init(&o->boxes, pair_cap);
    collision_pairs_init(&o->self, pair_cap);
}

static void outputs_free(outputs *o)
{
    for (int j = 0; j < 2; j++) {
        collision_list_free(&o->hits[j]);
        collision_list_free(&o->grazes[j]);
    }
    collision_list_free(&o->area);
    collision_pairs_free(&o->circles);
    collision_pairs_free(&o->boxes);
    collision_pairs_free(&o->self);
}

static void outputs_clear(outputs *o)
{
    for (int j = 0; j < 2; j++) {
        collision_list_clear(&o->hits[j]);
        collision_list_clear(&o->grazes[j]);
    }
    collision_list_clear(&o->area);
    collision_pairs_clear(&o->circles);
    collision_pairs_clear(&o->boxes);
    collision_pairs_clear(&o->self);
}

static int mismatches;

/* Runs every query of one scene through the oracle and every path; counts any
 * difference. */
static void compare_scene(collision *c, rng *r, outputs *want, outputs *got)
{
    const circle_set *s = &sc.items;
    /* the oracle sees what the context takes: at most item_cap slots */
    circle_set capped = sc.items;
    capped.count = capped.count < c->grid.item_cap ? capped.count : c->grid.item_cap;
    /* two players sharing the graze bit, often close to each other */
    collision_player_query q[2];
    for (int j = 0; j < 2; j++) {
        q[j] = (collision_player_query){.hit_r = 2.5f, .graze_bit = GRAZED};
        q[j].x = rng_range(r, 0.0f, PLAYFIELD_W);
        q[j].y = rng_range(r, 0.0f, PLAYFIELD_H);
        q[j].dx = rng_range(r, -8.0f, 8.0f);
        q[j].dy = rng_range(r, -8.0f, 8.0f);
        q[j].graze_r = rng_range(r, 8.0f, 40.0f);
        if (s->count > 0 && rng_below(r, 2)) { /* aim at a bullet so there are hits */
            int i = (int)rng_below(r, (uint32_t)s->count);
            q[j].x = s->x[i] + rng_range(r, -4.0f, 4.0f);
            q[j].y = s->y[i] + rng_range(r, -4.0f, 4.0f);
        }
    }
    if (rng_below(r, 2)) {
        q[1].x = q[0].x + rng_range(r, -20.0f, 20.0f);
        q[1].y = q[0].y + rng_range(r, -20.0f, 20.0f);
    }
    float bx = rng_range(r, 0.0f, PLAYFIELD_W);
    float by = rng_range(r, 0.0f, PLAYFIELD_H);
    float br = rng_range(r, 0.0f, 120.0f);
    float rect[4];
    rect[0] = rng_range(r, -50.0f, 200.0f);
    rect[1] = rng_range(r, -50.0f, 200.0f);
    rect[2] = rect[0] + rng_range(r, 0.0f, 300.0f);
    rect[3] = rect[1] + rng_range(r, 0.0f, 300.0f);

    outputs_clear(want);
    memcpy(want->grazed, sc.flags, sizeof sc.flags);
    for (int j = 0; j < 2; j++) {
        q[j].grazed = want->grazed;
        oracle_player(&capped, &q[j], &want->hits[j], &want->grazes[j]);
    }
    oracle_area_circle(&capped, bx, by, br, &want->area);
    oracle_area_rect(&capped, rect, &want->area);
    oracle_circles(&capped, &sc.circles, &want->circles);
    oracle_boxes(&capped, &sc.boxes, &want->boxes);
    oracle_self(&capped, &want->self);

    for (int k = 0; k < PATH_COUNT; k++) {
        c->path = paths[k];
        outputs_clear(got);
        memcpy(got->grazed, sc.flags, sizeof sc.flags);
        q[0].grazed = q[1].grazed = got->grazed;
        collision_player(c, s, q, 2, got->hits, got->grazes);
        collision_area_circle(c, s, bx, by, br, &got->area);
        collision_area_rect(c, s, rect[0], rect[1], rect[2], rect[3], &got->area);
        collision_circles(c, s, &sc.circles, &got->circles);
        collision_boxes(c, s, &sc.boxes, &got->boxes);
        collision_self(c, s, &got->self);
        int ok[] = {same_list(&want->hits[0], &got->hits[0]) &&
                        same_list(&want->hits[1], &got->hits[1]),
                    same_list(&want->grazes[0], &got->grazes[0]) &&
                        same_list(&want->grazes[1], &got->grazes[1]),
                    memcmp(want->grazed, got->grazed, (size_t)s->count) == 0,
                    same_list(&want->area, &got->area),
                    same_pairs(&want->circles, &got->circles),
                    same_pairs(&want->boxes, &got->boxes),
                    same_pairs(&want->self, &got->self)};
        for (int i = 0; i < (int)(sizeof ok / sizeof ok[0]); i++) {
            if (!ok[i]) {
                fprintf(stderr,
                        "scene of %d items (grid refused %d): result %d differs on path %d\n",
                        s->count, c->grid.refused, i, (int)paths[k]);
                mismatches++;
            }
        }
    }
    /* several area circles on one prepared grid: each as the oracle has it */
    rng own; /* its own numbers: the scenes after this one stay as they were */
    rng_seed(&own, (uint64_t)s->count * 7919u + 1u);
    collision_area_prepare(c, s);
    for (int k = 0; k < 4; k++) {
        float x = k ? rng_range(&own, -40.0f, PLAYFIELD_W + 40.0f) : bx;
        float y = k ? rng_range(&own, -40.0f, PLAYFIELD_H + 40.0f) : by;
        float rad = k ? rng_range(&own, 0.0f, 90.0f) : br;
        collision_list_clear(&want->area);
        collision_list_clear(&got->area);
        oracle_area_circle(&capped, x, y, rad, &want->area);
        collision_area_circle_prepared(c, s, x, y, rad, &got->area);
        if (!same_list(&want->area, &got->area)) {
            fprintf(stderr, "scene of %d items: prepared area circle %d differs\n", s->count, k);
            mismatches++;
        }
    }
}

/* Random scenes of every kind, two cell sizes (16 px: bullets up to 60 px wide
 * span many cells; 64 px: many items per cell). The scenes have hits, grazes and
 * pairs: totals are checked to be non-trivial so the comparison means something. */
static void collision_test_random_scenes(void)
{
    static outputs want, got;
    outputs_init(&want, MAXN, PAIR_CAP);
    outputs_init(&got, MAXN, PAIR_CAP);
    collision c16, c64;
    CHECK(collision_init(&c16, &(collision_config){.item_cap = MAXN}) == 0);
    CHECK(collision_init(&c64, &(collision_config){.item_cap = MAXN, .cell = 64.0f}) == 0);
    rng r;
    rng_seed(&r, 2024);
    long hits = 0, grazes = 0, pairs = 0;
    for (int round = 0; round < 120; round++) {
        int packed = round % 7 == 3;
        int n = round % 11 == 5 ? 0 : (int)rng_below(&r, packed ? 300 : MAXN);
        scene_random(&r, n, packed, round % 3 != 0, round % 4);
        int probes = (int)rng_below(&r, MAXPROBES);
        scene_probes(&r, probes);
        compare_scene(round & 1 ? &c64 : &c16, &r, &want, &got);
        hits += want.hits[0].count + want.hits[1].count;
        grazes += want.grazes[0].count + want.grazes[1].count;
        pairs += want.self.count + want.circles.count + want.boxes.count;
    }
    CHECK_EQ_INT(mismatches, 0);
    CHECK(hits > 20);
    CHECK(grazes > 200);
    CHECK(pairs > 1000);
    collision_free(&c16);
    collision_free(&c64);
    outputs_free(&want);
    outputs_free(&got);
}

/* The edge cases, each through every path against the oracle: a bullet
 * exactly on a cell border, bullets outside the field (and a probe out there with
 * them), one bullet covering many cells, all bullets in one cell, no bullets, a
 * NaN position; and small output lists that overflow the same way on every path. */
static void collision_test_edges(void)
{
    static outputs want, got;
    outputs_init(&want, MAXN, PAIR_CAP);
    outputs_init(&got, MAXN, PAIR_CAP);
    collision c;
    CHECK(collision_init(&c, &(collision_config){.item_cap = MAXN}) == 0);
    rng r;
    rng_seed(&r, 99);
    float border = 16.0f * 10.0f - PLAYFIELD_CULL_MARGIN; /* a cell edge of the default grid */
    for (int variant = 0; variant < 6; variant++) {
        int n = variant == 4 ? 0 : 64;
        scene_random(&r, n, variant == 3, 1, 3);
        for (int i = 0; i < n; i++) {
            if (variant == 0) { /* on a cell border, crossing it or just touching it */
                sc.x[i] = border;
                sc.y[i] = 100.0f + (float)i * 3.0f;
                sc.r[i] = (float)(i % 4);
            } else if (variant == 1) { /* outside the field, far and near */
                sc.x[i] = -300.0f - (float)i;
                sc.y[i] = PLAYFIELD_H + 250.0f + (float)(i % 9);
            } else if (variant == 5 && i == 7) {
                sc.x[i] = NAN;
            }
        }
        if (variant == 2) /* one bullet over most of the field */
            sc.r[5] = 300.0f;
        scene_probes(&r, 40);
        if (variant == 1)
            for (int j = 0; j < 40; j++) {
                sc.px[j] = -300.0f - (float)j;
                sc.py[j] = PLAYFIELD_H + 250.0f;
            }
        compare_scene(&c, &r, &want, &got);
    }
    CHECK_EQ_INT(mismatches, 0);

    /* Tiny outputs: refusals counted, identical on every path. */
    outputs_free(&want);
    outputs_free(&got);
    outputs_init(&want, 3, 5);
    outputs_init(&got, 3, 5);
    for (int round = 0; round < 20; round++) {
        scene_random(&r, 300, round & 1, 1, 3);
        scene_probes(&r, 30);
        compare_scene(&c, &r, &want, &got);
    }
    CHECK_EQ_INT(mismatches, 0);
    collision_free(&c);

    /* A context too small for the scene: 40 slots of 64 taken (the rest refused
     * and counted), grid entries for fewer than that (spilled items tested one by
     * one): still exactly the oracle's answer on the slots it takes. */
    CHECK(collision_init(&c, &(collision_config){.item_cap = 40, .entry_cap = 30}) == 0);
    int spilled = 0;
    for (int round = 0; round < 20; round++) {
        scene_random(&r, 64, round & 1, 1, 3);
        scene_probes(&r, 30);
        uint64_t refused = c.stats.refused;
        compare_scene(&c, &r, &want, &got);
        spilled += c.grid.spilled;
        int beyond = 0;
        for (int i = 40; i < 64; i++)
            beyond += circle_set_live(&sc.items, i);
        CHECK(c.stats.refused - refused >= (uint64_t)(beyond * 6 * PATH_COUNT));
    }
    CHECK_EQ_INT(mismatches, 0);
    CHECK(spilled > 0);
    collision_free(&c);
    outputs_free(&want);
    outputs_free(&got);
}

/* Live items of a set. */
static int live_count(const circle_set *s)
{
    int n = 0;
    for (int i = 0; i < s->count; i++)
        n += circle_set_live(s, i);
    return n;
}

/* Whether the last collision_self on the grid path took the binned walk (its
 * bins hold every live item; the grid fallback leaves them as they were). */
static int took_bins(const collision *c, int live)
{
    return c->self_cols > 0 && (int)c->self_start[c->self_cols * c->self_rows] == live;
}

/* Bullet vs bullet when every item is small, so the grid path bins the items
 * and walks half of each one's range: exactly the oracle's pairs in the
 * oracle's order, in scenes dense and sparse, moving or not, with dead and
 * skipped slots, items far outside the field (clamped into the border bins),
 * items exactly on bin borders; an output too small for the pairs falls back
 * to the grid and refuses the same ones. */
static void collision_test_self_bins(void)
{
    static collision_pairs want, got;
    collision_pairs_init(&want, PAIR_CAP);
    collision_pairs_init(&got, PAIR_CAP);
    collision c;
    CHECK(collision_init(&c, &(collision_config){.item_cap = MAXN}) == 0);
    rng r;
    rng_seed(&r, 77);
    long pairs = 0;
    int binned = 0;
    for (int round = 0; round < 80; round++) {
        int n = (int)rng_below(&r, MAXN + 1), moving = round % 3 != 0;
        float w = round % 4 == 1 ? 40.0f : PLAYFIELD_W; /* a quarter crowded into a strip */
        memset(sc.alive, 0, sizeof sc.alive);
        for (int i = 0; i < n; i++) {
            sc.x[i] = rng_range(&r, -30.0f, w + 30.0f);
            sc.y[i] = rng_range(&r, -30.0f, PLAYFIELD_H + 30.0f);
            if (round % 5 == 2 && i % 7 == 0) { /* far outside, or on a bin border */
                sc.x[i] = rng_below(&r, 2) ? -5000.0f : 4.0f * (float)rng_below(&r, 100);
                sc.y[i] = rng_below(&r, 2) ? 9000.0f : 16.0f * (float)rng_below(&r, 30);
            }
            sc.r[i] = rng_range(&r, 0.0f, 11.0f);
            sc.dx[i] = rng_range(&r, -8.0f, 8.0f);
            sc.dy[i] = rng_range(&r, -8.0f, 8.0f);
            sc.flags[i] = (uint8_t)(rng_below(&r, 5) ? 0 : HARMLESS);
            if (rng_below(&r, 6))
                sc.alive[i / 64] |= UINT64_C(1) << (i % 64);
        }
        circle_set s = {.x = sc.x,
                        .y = sc.y,
                        .r = sc.r,
                        .dx = moving ? sc.dx : NULL,
                        .dy = moving ? sc.dy : NULL,
                        .alive = round & 1 ? sc.alive : NULL,
                        .flags = round & 2 ? sc.flags : NULL,
                        .skip_mask = HARMLESS,
                        .count = n};
        collision_pairs_clear(&want);
        oracle_self(&s, &want);
        for (int k = 0; k < PATH_COUNT; k++) {
            c.path = paths[k];
            collision_pairs_clear(&got);
            collision_self(&c, &s, &got);
            if (!same_pairs(&want, &got)) {
                fprintf(stderr, "self, %d items: path %d differs\n", n, (int)paths[k]);
                mismatches++;
            }
            if (paths[k] == COLLISION_GRID)
                binned += took_bins(&c, live_count(&s));
        }
        pairs += want.count;
    }
    CHECK_EQ_INT(mismatches, 0);
    CHECK(binned >= 78); /* every grid run took the bins (two scenes may have no live item) */
    CHECK(pairs > 20000);

    /* Room for fewer pairs than there are: the grid fallback, the same refusals. */
    collision_pairs_free(&want);
    collision_pairs_free(&got);
    collision_pairs_init(&want, 50);
    collision_pairs_init(&got, 50);
    for (int i = 0; i < 400; i++) {
        sc.x[i] = rng_range(&r, 100.0f, 160.0f);
        sc.y[i] = rng_range(&r, 100.0f, 160.0f);
        sc.r[i] = 3.0f;
        sc.dx[i] = sc.dy[i] = 0.0f;
    }
    circle_set crowd = {.x = sc.x, .y = sc.y, .r = sc.r, .dx = sc.dx, .dy = sc.dy, .count = 400};
    oracle_self(&crowd, &want);
    c.path = COLLISION_GRID;
    got.pair[0] = (collision_pair){7, 9}; /* appended after what is there */
    got.count = 1;
    collision_self(&c, &crowd, &got);
    CHECK(want.refused > 0);
    CHECK(got.pair[0].a == 7 && got.pair[0].b == 9);
    CHECK_EQ_INT(got.count, 50);
    CHECK_EQ_INT(got.refused, want.refused + 1);
    for (int k = 1; k < 50; k++)
        CHECK(got.pair[k].a == want.pair[k - 1].a && got.pair[k].b == want.pair[k - 1].b);
    collision_pairs_free(&want);
    collision_pairs_free(&got);
    collision_free(&c);
}

/* More than 65,536 slots: the pairs are sorted in place by their lower index
 * (no 32-bit keys). A few hundred live bullets among 70,000 slots, spread over
 * the whole index range, against an oracle over the live ones. */
static void collision_test_self_many_slots(void)
{
    enum {
        SLOTS = 70000,
        LIVE = 700
    };
    float *x = calloc(SLOTS, sizeof *x), *y = calloc(SLOTS, sizeof *y);
    float *rad = calloc(SLOTS, sizeof *rad), *dx = calloc(SLOTS, sizeof *dx);
    float *dy = calloc(SLOTS, sizeof *dy);
    uint64_t *alive = calloc(SLOTS / 64 + 1, sizeof *alive);
    int *slot = calloc(LIVE, sizeof *slot);
    collision_pairs want, got;
    collision_pairs_init(&want, 100000);
    collision_pairs_init(&got, 100000);
    collision c;
    CHECK(collision_init(&c, &(collision_config){.item_cap = SLOTS}) == 0);
    rng r;
    rng_seed(&r, 3);
    for (int k = 0; k < LIVE; k++) {
        int i = k * (SLOTS / LIVE) + (int)rng_below(&r, SLOTS / LIVE);
        slot[k] = i;
        alive[i / 64] |= UINT64_C(1) << (i % 64);
        x[i] = rng_range(&r, 100.0f, 220.0f); /* crowded: many pairs */
        y[i] = rng_range(&r, 100.0f, 220.0f);
        rad[i] = rng_range(&r, 1.0f, 9.0f);
        dx[i] = rng_range(&r, -3.0f, 3.0f);
        dy[i] = rng_range(&r, -3.0f, 3.0f);
    }
    for (int a = 0; a < LIVE; a++) /* the oracle over the live slots, ascending */
        for (int b = a + 1; b < LIVE; b++) {
            int i = slot[a], j = slot[b];
            if (collision_circle_touch(x[j] - x[i], y[j] - y[i], dx[j] - dx[i], dy[j] - dy[i],
                                       rad[i] + rad[j]))
                oracle_pair(&want, i, j);
        }
    circle_set s = {.x = x, .y = y, .r = rad, .dx = dx, .dy = dy, .alive = alive, .count = SLOTS};
    c.path = COLLISION_GRID;
    collision_self(&c, &s, &got);
    CHECK(took_bins(&c, LIVE));
    CHECK(want.count > 1000);
    CHECK(same_pairs(&want, &got));
    collision_pairs_free(&want);
    collision_pairs_free(&got);
    collision_free(&c);
    free(x);
    free(y);
    free(rad);
    free(dx);
    free(dy);
    free(alive);
    free(slot);
}

/* A bullet sitting in the graze circle for several frames grazes on the first
 * only; one that arrives later grazes then; a graze that did not fit in the list
 * keeps its bit clear and is reported on the next frame. */
static void collision_test_graze_once(void)
{
    float x[3] = {110.0f, 100.0f, 300.0f}, y[3] = {100.0f, 112.0f, 100.0f};
    float r[3] = {3.0f, 3.0f, 3.0f}, dx[3] = {0}, dy[3] = {0};
    uint8_t flags[3] = {0};
    circle_set s = {.x = x, .y = y, .r = r, .dx = dx, .dy = dy, .count = 3};
    collision c;
    CHECK(collision_init(&c, &(collision_config){.item_cap = 16}) == 0);
    collision_list hits, grazes;
    collision_list_init(&hits, 8);
    collision_list_init(&grazes, 1);
    collision_player_query q = {.x = 100.0f,
                                .y = 100.0f,
                                .hit_r = 2.5f,
                                .graze_r = 16.0f,
                                .grazed = flags,
                                .graze_bit = GRAZED};
    for (int k = 0; k < 2; k++) {
        c.path = paths[k];
        for (int i = 0; i < 3; i++)
            flags[i] = 0;
        x[2] = 300.0f;
        int grazed_total = 0, refused_total = 0;
        for (int frame = 0; frame < 6; frame++) {
            if (frame == 3) { /* bullet 2 flies through, ending 10 px past the player */
                x[2] = 90.0f;
                dx[2] = -210.0f;
            } else {
                dx[2] = 0.0f;
            }
            collision_list_clear(&hits);
            collision_list_clear(&grazes);
            collision_player(&c, &s, &q, 1, &hits, &grazes);
            CHECK_EQ_INT(hits.count, frame == 3); /* it crossed the hitbox on the way */
            if (frame == 0) {                     /* bullets 0 and 1 graze; the list holds one */
                CHECK_EQ_INT(grazes.count, 1);
                CHECK_EQ_INT(grazes.index[0], 0);
                CHECK_EQ_INT(grazes.refused, 1);
                CHECK(!(flags[1] & GRAZED));
            }
            if (frame == 1) {
                CHECK_EQ_INT(grazes.count, 1);
                CHECK_EQ_INT(grazes.index[0], 1);
            }
            if (frame == 3) {
                CHECK_EQ_INT(grazes.count, 1);
                CHECK_EQ_INT(grazes.index[0], 2);
            }
            grazed_total += grazes.count;
            refused_total += (int)grazes.refused;
        }
        CHECK_EQ_INT(grazed_total, 3);
        CHECK_EQ_INT(refused_total, 1);
        CHECK(flags[0] & flags[1] & flags[2] & GRAZED);
    }
    collision_list_free(&hits);
    collision_list_free(&grazes);
    collision_free(&c);
}

/* Tunnelling: a bullet moving 40 px a frame straight through a 2.5 px hitbox ends
 * the frame far past it, and still hits; one passing 6 px to the side does not;
 * the player moving onto a still bullet hits too. */
static void collision_test_swept(void)
{
    float x[2] = {120.0f, 120.0f}, y[2] = {100.0f, 106.0f}, r[2] = {2.0f, 2.0f};
    float dx[2] = {40.0f, 40.0f}, dy[2] = {0.0f, 0.0f};
    circle_set s = {.x = x, .y = y, .r = r, .dx = dx, .dy = dy, .count = 2};
    collision c;
    CHECK(collision_init(&c, &(collision_config){.item_cap = 16}) == 0);
    collision_list hits;
    collision_list_init(&hits, 8);
    collision_player_query q = {.x = 100.0f, .y = 100.0f, .hit_r = 2.5f, .graze_r = 2.5f};
    /* the end positions alone: 20 px away, no touch */
    CHECK(!collision_circle_touch(x[0] - q.x, y[0] - q.y, 0.0f, 0.0f, q.hit_r + r[0]));
    for (int k = 0; k < PATH_COUNT; k++) {
        c.path = paths[k];
        collision_list_clear(&hits);
        collision_player(&c, &s, &q, 1, &hits, NULL);
        CHECK_EQ_INT(hits.count, 1);
        CHECK_EQ_INT(hits.index[0], 0);

        /* the player moves 30 px right onto still bullets at x = 115 */
        circle_set still = {.x = x, .y = y, .r = r, .count = 2};
        float old = x[0];
        x[0] = 115.0f;
        collision_player_query moving = q;
        moving.x = 130.0f;
        moving.dx = 30.0f;
        collision_list_clear(&hits);
        collision_player(&c, &still, &moving, 1, &hits, NULL);
        CHECK_EQ_INT(hits.count, 1);
        CHECK_EQ_INT(hits.index[0], 0);
        x[0] = old;
    }
    collision_list_free(&hits);
    collision_free(&c);
}

/* The narrowphase itself on cases worked by hand. */
static void collision_test_narrowphase(void)
{
    CHECK(collision_sweep_d2(3.0f, 4.0f, 0.0f, 0.0f) == 25.0f);
    CHECK(collision_sweep_d2(10.0f, 1.0f, 20.0f, 0.0f) == 1.0f);    /* passes 1 px away */
    CHECK(collision_sweep_d2(10.0f, 1.0f, -20.0f, 0.0f) == 101.0f); /* moving away: start is e */
    CHECK(collision_sweep_d2(10.0f, 0.0f, 5.0f, 0.0f) == 25.0f);    /* stops short: start e - v */
    CHECK(collision_circle_touch(5.0f, 0.0f, 0.0f, 0.0f, 5.0f));    /* touching counts */
    CHECK(!collision_circle_touch(5.0f, 0.0f, 0.0f, 0.0f, 4.99f));
    /* boxes: half extents 10 x 5, circle radius 2 */
    CHECK(collision_box_touch(11.5f, 0.0f, 0.0f, 0.0f, 2.0f, 10.0f, 5.0f));
    CHECK(!collision_box_touch(12.5f, 0.0f, 0.0f, 0.0f, 2.0f, 10.0f, 5.0f));
    CHECK(collision_box_touch(11.0f, 6.0f, 0.0f, 0.0f, 2.0f, 10.0f, 5.0f));    /* corner, 1.41 */
    CHECK(!collision_box_touch(11.6f, 6.6f, 0.0f, 0.0f, 2.0f, 10.0f, 5.0f));   /* corner, 2.26 */
    CHECK(collision_box_touch(0.0f, 30.0f, 0.0f, 60.0f, 2.0f, 10.0f, 5.0f));   /* flew through */
    CHECK(!collision_box_touch(13.0f, 30.0f, 0.0f, 60.0f, 2.0f, 10.0f, 5.0f)); /* beside it */
    CHECK(collision_box_touch(40.0f, 40.0f, 50.0f, 50.0f, 1.0f, 10.0f, 5.0f)); /* diagonal */
    CHECK(!collision_box_touch(NAN, 0.0f, 0.0f, 0.0f, 2.0f, 10.0f, 5.0f));
    CHECK(collision_rect_d2(5.0f, 5.0f, 0.0f, 0.0f, 10.0f, 10.0f) == 0.0f);
    CHECK(collision_rect_d2(13.0f, 14.0f, 0.0f, 0.0f, 10.0f, 10.0f) == 25.0f);
    /* the cost model's shape: one or two players always sweep, many probes over
     * many items take the grid, and a hundred items never pay a grid */
    CHECK_EQ_INT(collision_choose(100000, 1), COLLISION_SWEEP);
    CHECK_EQ_INT(collision_choose(100000, 2), COLLISION_SWEEP);
    CHECK_EQ_INT(collision_choose(100000, 1000), COLLISION_GRID);
    CHECK_EQ_INT(collision_choose(1000, 64), COLLISION_GRID);
    CHECK_EQ_INT(collision_choose(1000, 4), COLLISION_SWEEP);
    CHECK_EQ_INT(collision_choose(100, 10000), COLLISION_SWEEP);
    CHECK_EQ_INT(collision_choose(0, 10000), COLLISION_SWEEP);
    CHECK_EQ_INT(collision_choose_self(10000), COLLISION_GRID);
    CHECK_EQ_INT(collision_choose_self(2), COLLISION_SWEEP);
}

/* Queries on a warmed-up context never allocate; init fails cleanly. */
static void collision_test_memory(void)
{
    collision c;
    /* the Nth allocation fails, for every N until init needs no more */
    int64_t live = mem_live_blocks();
    uint64_t nth = 1;
    for (;; nth++) {
        mem_fail_at(nth);
        int rc = collision_init(&c, &(collision_config){.item_cap = 100});
        mem_fail_at(0);
        if (rc == 0)
            break;
        CHECK_EQ_INT(mem_live_blocks(), live);
    }
    CHECK(nth > 5); /* the grid's arrays and the scratch were all tried */
    collision_free(&c);
    CHECK_EQ_INT(mem_live_blocks(), live);
    CHECK(collision_init(&c, &(collision_config){.item_cap = -1}) == -1);
    CHECK(collision_init(&c, &(collision_config){.item_cap = MAXN}) == 0);
    static outputs o;
    outputs_init(&o, MAXN, PAIR_CAP);
    rng r;
    rng_seed(&r, 5);
    scene_random(&r, MAXN, 0, 1, 3);
    scene_probes(&r, 50);
    collision_player_query q = {.x = 190.0f,
                                .y = 400.0f,
                                .hit_r = 2.5f,
                                .graze_r = 20.0f,
                                .grazed = o.grazed,
                                .graze_bit = GRAZED};
    uint64_t allocs = mem_get_stats().allocs;
    for (int frame = 0; frame < 30; frame++) {
        c.path = paths[frame % PATH_COUNT];
        outputs_clear(&o);
        collision_player(&c, &sc.items, &q, 1, o.hits, o.grazes);
        collision_area_circle(&c, &sc.items, 100.0f, 100.0f, 80.0f, &o.area);
        collision_area_rect(&c, &sc.items, 0.0f, 0.0f, PLAYFIELD_W, PLAYFIELD_H, &o.area);
        collision_circles(&c, &sc.items, &sc.circles, &o.circles);
        collision_boxes(&c, &sc.items, &sc.boxes, &o.boxes);
        collision_self(&c, &sc.items, &o.self);
    }
    CHECK_EQ_U64(mem_get_stats().allocs, allocs);
    CHECK(c.stats.builds > 0 && c.stats.sweeps > 0 && c.stats.walks > 0 && c.stats.tests > 0);
    outputs_free(&o);
    collision_free(&c);
}

/* The player's sweep screened in ranges (as the motion pass does, in pieces
 * of any length) and finished by collision_player_screened gives what
 * collision_player gives: the same hits and grazes in the same order, and
 * the same graze bits, with bullets packed round the player, spread, fast or
 * killed and made harmless after the screen. */
static void collision_test_screened(void)
{
    enum {
        N = MAXN
    };
    static uint64_t near[N / 64 + 2];
    static uint8_t flags_a[N], flags_b[N];
    collision c;
    CHECK(collision_init(&c, &(collision_config){.item_cap = N}) == 0);
    collision_list hits[2], grazes[2];
    for (int k = 0; k < 2; k++) {
        collision_list_init(&hits[k], 64);
        collision_list_init(&grazes[k], 256);
    }
    rng r;
    rng_seed(&r, 77);
    int found = 0;
    for (int round = 0; round < 40; round++) {
        scene_random(&r, N - (int)rng_below(&r, 200), round & 1, 1, 3);
        collision_player_query q = {.x = sc.x[round] + rng_range(&r, -3.0f, 3.0f),
                                    .y = sc.y[round] + rng_range(&r, -3.0f, 3.0f),
                                    .dx = rng_range(&r, -4.0f, 4.0f),
                                    .dy = round % 3 ? rng_range(&r, -4.0f, 4.0f) : 0.0f,
                                    .hit_r = 2.5f,
                                    .graze_r = round % 5 ? 16.0f : 1.0f,
                                    .graze_bit = GRAZED};
        uint32_t end = (uint32_t)sc.items.count;
        for (uint32_t first = 0; first < end;) { /* ranges of whole blocks */
            uint32_t to = first + 64 * (1 + rng_below(&r, 9));
            collision_player_screen(&sc.items, &q, first, to < end ? to : end, near);
            first = to;
        }
        for (int i = 0; i < N; i += 1 + (int)rng_below(&r, 50)) /* killed, made harmless */
            sc.alive[i / 64] &= ~(UINT64_C(1) << (i % 64));
        for (int i = 0; i < N; i += 1 + (int)rng_below(&r, 50))
            sc.flags[i] |= HARMLESS;
        memcpy(flags_a, sc.flags, sizeof flags_a);
        memcpy(flags_b, sc.flags, sizeof flags_b);
        for (int k = 0; k < 2; k++) {
            collision_list_clear(&hits[k]);
            collision_list_clear(&grazes[k]);
        }
        c.path = paths[round % PATH_COUNT];
        q.grazed = flags_a;
        collision_player(&c, &sc.items, &q, 1, &hits[0], &grazes[0]);
        q.grazed = flags_b;
        collision_player_screened(&c, &sc.items, &q, near, &hits[1], &grazes[1]);
        CHECK_EQ_INT(hits[1].count, hits[0].count);
        CHECK_EQ_INT(grazes[1].count, grazes[0].count);
        for (int k = 0; k < hits[0].count && k < hits[1].count; k++)
            CHECK_EQ_INT((int)hits[1].index[k], (int)hits[0].index[k]);
        for (int k = 0; k < grazes[0].count && k < grazes[1].count; k++)
            CHECK_EQ_INT((int)grazes[1].index[k], (int)grazes[0].index[k]);
        CHECK(memcmp(flags_a, flags_b, sizeof flags_a) == 0);
        found += hits[0].count + grazes[0].count;
    }
    CHECK(found > 40); /* the scenes did touch the player */
    for (int k = 0; k < 2; k++) {
        collision_list_free(&hits[k]);
        collision_list_free(&grazes[k]);
    }
    collision_free(&c);
}

int main(void)
{
    collision_test_narrowphase();
    collision_test_swept();
    collision_test_graze_once();
    collision_test_edges();
    collision_test_random_scenes();
    collision_test_self_bins();
    collision_test_self_many_slots();
    collision_test_screened();
    collision_test_memory();
    return check_done("sim.collision");
}
