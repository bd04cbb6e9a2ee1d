/* bullet_pool: operations against a reference model, handles, overflow, draw
 * order, motion semantics (libbulletml ramps), and no allocation under churn. */
#include "../check.h"
#include "core/ease.h"
#include "core/mem.h"
#include "core/rng.h"
#include "core/trig.h"
#include "sim/bullet_pool.h"
#include "sim/playfield.h"

#include <math.h>
#include <stdlib.h>

/* ---- the reference model ---------------------------------------------------- */

/* A channel as the spec states it: v0 at t0, v1 at t1 (a tween), or a rate. */
typedef struct model_track {
    double v0, v1;
    uint32_t t0, t1; /* t1: 0 fixed, BULLET_NEVER rate */
} model_track;

typedef struct model_bullet {
    int live;
    bullet_handle h;
    uint32_t serial, owner, script, expire_at;
    uint32_t still_at; /* rest_first_update: the update that does not move it */
    int no_cancel;     /* BULLET_FLAG_NO_CANCEL: a clear that keeps those keeps it */
    double x, y;
    model_track track[BULLET_CHANNEL_COUNT];
} model_bullet;

enum {
    MODEL_CAP = 256
};

/* Live bullets in a flat array by slot; the spawn list keeps draw order. */
typedef struct model {
    model_bullet slot[MODEL_CAP];
    uint32_t order[1 << 16], order_len; /* serials, oldest first, live or not */
    int order_slot[1 << 16];            /* where each of them was spawned */
    uint32_t live, frame, next_serial;
    uint64_t refused, logged;
} model;

static double model_value(const model_track *t, uint32_t now)
{
    if (t->t1 == 0)
        return t->v0;
    if (t->t1 == BULLET_NEVER)
        return t->v0 + t->v1 * (double)(now - t->t0);
    if (now >= t->t1)
        return t->v1;
    return t->v0 + (t->v1 - t->v0) / (double)(t->t1 - t->t0) * (double)(now - t->t0);
}

/* The model's spawn: the lowest free slot, or a refusal. Returns the slot or -1. */
static int model_spawn(model *m, const bullet_spawn *s)
{
    int i = 0;
    while (i < MODEL_CAP && m->slot[i].live)
        i++;
    if (i == MODEL_CAP) {
        m->refused++;
        return -1;
    }
    model_bullet *b = &m->slot[i];
    uint32_t gen = b->h.gen + 1;
    *b = (model_bullet){0};
    b->live = 1;
    b->h = (bullet_handle){(uint32_t)i, gen};
    b->serial = m->next_serial++;
    b->owner = s->owner;
    b->script = s->script;
    b->no_cancel = (s->flags & BULLET_FLAG_NO_CANCEL) != 0;
    b->expire_at = s->lifetime ? m->frame + s->lifetime : BULLET_NEVER;
    b->still_at = s->rest_first_update ? m->frame + 1 : 0;
    b->x = s->x;
    b->y = s->y;
    double init[BULLET_CHANNEL_COUNT] = {s->heading, s->speed, s->extra_x, s->extra_y};
    for (int c = 0; c < BULLET_CHANNEL_COUNT; c++)
        b->track[c] = (model_track){init[c], 0, m->frame, 0};
    m->order_slot[m->order_len] = i;
    m->order[m->order_len++] = b->serial;
    m->live++;
    return i;
}

static void model_despawn(model *m, int i)
{
    if (m->slot[i].script)
        m->logged++;
    m->slot[i].live = 0;
    m->slot[i].h.gen++;
    m->live--;
}

/* One update: move with the values of now, advance, then expire and cull. */
static void model_update(model *m, const bullet_pool *p)
{
    m->frame++;
    for (int i = 0; i < MODEL_CAP; i++) {
        model_bullet *b = &m->slot[i];
        if (!b->live)
            continue;
        double h = model_value(&b->track[0], m->frame - 1) * (TRIG_PI / 180.0);
        double sp = model_value(&b->track[1], m->frame - 1);
        if (b->still_at != m->frame) {
            b->x += sin(h) * sp + model_value(&b->track[2], m->frame - 1);
            b->y += -cos(h) * sp + model_value(&b->track[3], m->frame - 1);
        }
        for (int c = 0; c < BULLET_CHANNEL_COUNT; c++) {
            model_track *t = &b->track[c];
            if (t->t1 != 0 && t->t1 != BULLET_NEVER && m->frame >= t->t1)
                *t = (model_track){t->v1, 0, m->frame, 0};
        }
        if (b->expire_at == m->frame) {
            model_despawn(m, i);
            continue;
        }
        /* Near an edge, float and double may disagree: take the pool's word there. */
        double margin[4] = {b->x - p->cull_x0, p->cull_x1 - b->x, b->y - p->cull_y0,
                            p->cull_y1 - b->y};
        int out = 0, unsure = 0;
        for (int k = 0; k < 4; k++) {
            out |= margin[k] < 0;
            unsure |= fabs(margin[k]) < 0.05;
        }
        if (unsure)
            out = !bullet_pool_alive(p, b->h);
        if (out)
            model_despawn(m, i);
    }
}

/* Compares everything the model knows with the pool. */
static void model_compare(const model *m, const bullet_pool *p)
{
    CHECK_EQ_INT(p->live, m->live);
    CHECK_EQ_INT(p->frame, m->frame);
    CHECK_EQ_INT(p->stats.refused, m->refused);
    for (int i = 0; i < MODEL_CAP; i++) {
        const model_bullet *b = &m->slot[i];
        CHECK_EQ_INT(bullet_pool_alive(p, b->h), b->live);
        CHECK_EQ_INT((p->alive[i / 64] >> (i % 64)) & 1, b->live);
        if (!b->live)
            continue;
        CHECK_EQ_INT(bullet_pool_serial(p, (uint32_t)i), b->serial);
        CHECK_EQ_INT(bullet_pool_owner(p, (uint32_t)i), b->owner);
        CHECK_EQ_INT(bullet_pool_script(p, (uint32_t)i), b->script);
        CHECK_NEAR(p->x[i], b->x, 0.02);
        CHECK_NEAR(p->y[i], b->y, 0.02);
        for (int c = 0; c < BULLET_CHANNEL_COUNT; c++) /* getters are exact */
            CHECK(bullet_pool_get(p, b->h, (bullet_channel)c) ==
                  model_value(&b->track[c], m->frame));
    }
    /* Draw order: the live bullets by spawn serial, oldest first. */
    uint32_t n, k = 0;
    const uint32_t *order = bullet_pool_draw_order(p, &n);
    for (uint32_t j = 0; j < m->order_len; j++) {
        int i = m->order_slot[j];
        if (!m->slot[i].live || m->slot[i].serial != m->order[j])
            continue; /* dead since */
        while (k < n && order[k] == BULLET_SLOT_NONE)
            k++;
        CHECK(k < n && order[k] == (uint32_t)i);
        k++;
    }
    while (k < n && order[k] == BULLET_SLOT_NONE)
        k++;
    CHECK_EQ_INT(k, n);
}

/* A random bullet somewhere in the field. */
static bullet_spawn random_spawn(rng *r)
{
    bullet_spawn s = {0};
    s.x = rng_range(r, 0.0f, PLAYFIELD_W);
    s.y = rng_range(r, 0.0f, PLAYFIELD_H);
    s.heading = (double)rng_below(r, 720) * 0.5;
    s.speed = (double)rng_below(r, 40) * 0.125;
    s.lifetime = rng_below(r, 3) == 0 ? 1 + rng_below(r, 60) : 0;
    s.owner = rng_below(r, 5);
    s.script = rng_below(r, 2) ? 1 + rng_below(r, 1000) : 0;
    s.shape = (bullet_shape)rng_below(r, BULLET_SHAPE_COUNT);
    s.rest_first_update = rng_below(r, 4) == 0;
    s.flags = rng_below(r, 4) == 0 ? BULLET_FLAG_NO_CANCEL : 0;
    return s;
}

/* A random live slot of the model, or -1. */
static int model_pick(const model *m, rng *r)
{
    if (m->live == 0)
        return -1;
    uint32_t k = rng_below(r, m->live);
    for (int i = 0; i < MODEL_CAP; i++)
        if (m->slot[i].live && k-- == 0)
            return i;
    return -1;
}

/* Changes one channel of a live bullet in pool and model alike. */
static void model_change(model *m, bullet_pool *p, rng *r, int i)
{
    model_bullet *b = &m->slot[i];
    bullet_channel c = (bullet_channel)rng_below(r, BULLET_CHANNEL_COUNT);
    model_track *t = &b->track[c];
    double now_value = model_value(t, m->frame);
    double v = (double)rng_below(r, 200) * 0.25 - 25.0;
    if (c == BULLET_CHANNEL_SPEED || c >= BULLET_CHANNEL_EXTRA_X)
        v *= 0.1;
    switch (rng_below(r, 3)) {
    case 0:
        CHECK(bullet_pool_set(p, b->h, c, v));
        *t = (model_track){v, t->t1 == BULLET_NEVER ? t->v1 : 0, m->frame,
                           t->t1 == BULLET_NEVER ? BULLET_NEVER : 0};
        break;
    case 1: {
        int32_t frames = (int32_t)rng_below(r, 30) - 2;
        CHECK(bullet_pool_tween(p, b->h, c, v, frames));
        *t = (model_track){now_value, v, m->frame, m->frame + (uint32_t)(frames < 1 ? 1 : frames)};
        break;
    }
    default: {
        double rate = rng_below(r, 4) == 0 ? 0.0 : v * 0.01;
        CHECK(bullet_pool_set_rate(p, b->h, c, rate));
        *t = (model_track){now_value, rate, m->frame, rate != 0.0 ? BULLET_NEVER : 0};
        break;
    }
    }
}

/* A clear in pool and model alike: every live bullet (but the NO_CANCEL ones
 * when keep is set) goes, the scripted ones logged in slot order. Their
 * handles join the stale ones. */
static void model_clear(model *m, bullet_pool *p, int keep, bullet_handle *stale, int *stale_count)
{
    uint32_t before, after, cleared = 0, scripted = 0;
    uint64_t overflow = p->stats.log_overflow;
    bullet_pool_despawned(p, &before);
    uint32_t count = bullet_pool_clear(p, BULLET_DESPAWN_CLEAR, keep);
    const bullet_despawn *log = bullet_pool_despawned(p, &after);
    for (int i = 0; i < MODEL_CAP; i++) {
        model_bullet *b = &m->slot[i];
        if (!b->live || (keep && b->no_cancel))
            continue;
        if (b->script) {
            uint32_t k = before + scripted++;
            CHECK(k >= after ||
                  (log[k].script == b->script && log[k].handle.index == b->h.index &&
                   log[k].handle.gen == b->h.gen && log[k].reason == BULLET_DESPAWN_CLEAR));
        }
        if (*stale_count < 64)
            stale[(*stale_count)++] = b->h;
        model_despawn(m, i);
        cleared++;
    }
    CHECK_EQ_INT(count, cleared);
    CHECK_EQ_INT((after - before) + (p->stats.log_overflow - overflow), scripted);
}

/* Random spawns, despawns, clears, stale-handle calls, channel changes and
 * updates, checked against the model after every step. */
static void test_against_model(void)
{
    static model m;
    m.next_serial = 1;
    bullet_pool p;
    CHECK(bullet_pool_init(&p, MODEL_CAP) == 0);
    CHECK_EQ_INT(p.capacity, MODEL_CAP);
    rng r;
    rng_seed(&r, 42);
    bullet_handle stale[64];
    int stale_count = 0;
    uint64_t logged = 0;
    for (int step = 0; step < 20000 && m.order_len < (1 << 16) - 8; step++) {
        uint32_t op = rng_below(&r, 100);
        if (rng_below(&r, 300) == 0) {
            model_clear(&m, &p, (int)rng_below(&r, 2), stale, &stale_count);
        } else if (op < 40) {
            bullet_spawn s = random_spawn(&r);
            int i = model_spawn(&m, &s);
            bullet_handle h = bullet_pool_spawn(&p, &s);
            if (i < 0) {
                CHECK(h.gen == 0);
            } else {
                CHECK_EQ_INT(h.index, i); /* the lowest free slot */
                CHECK_EQ_INT(h.gen, m.slot[i].h.gen);
            }
        } else if (op < 55) {
            int i = model_pick(&m, &r);
            if (i >= 0) {
                if (stale_count < 64)
                    stale[stale_count++] = m.slot[i].h;
                CHECK(bullet_pool_despawn(&p, m.slot[i].h, BULLET_DESPAWN_VANISH));
                model_despawn(&m, i);
            }
        } else if (op < 60 && stale_count > 0) {
            bullet_handle h = stale[rng_below(&r, (uint32_t)stale_count)];
            CHECK(!bullet_pool_despawn(&p, h, BULLET_DESPAWN_CANCEL));
            CHECK(!bullet_pool_set(&p, h, BULLET_CHANNEL_SPEED, 1.0));
            CHECK(bullet_pool_get(&p, h, BULLET_CHANNEL_HEADING) == 0.0);
        } else if (op < 80) {
            int i = model_pick(&m, &r);
            if (i >= 0)
                model_change(&m, &p, &r, i);
        } else {
            bullet_pool_update(&p);
            model_update(&m, &p);
            uint32_t n;
            const bullet_despawn *log = bullet_pool_despawned(&p, &n);
            for (uint32_t k = 0; k < n; k++) {
                CHECK(log[k].script != 0);
                CHECK(!bullet_pool_alive(&p, log[k].handle));
            }
            logged += n;
            bullet_pool_clear_despawned(&p);
        }
        if (step % 7 == 0 || op >= 80)
            model_compare(&m, &p);
        if (check_failures > 20)
            break;
    }
    uint32_t tail;
    bullet_pool_despawned(&p, &tail);
    CHECK_EQ_INT(logged + tail + p.stats.log_overflow, m.logged);
    CHECK(m.frame > 1000);
    bullet_pool_free(&p);
}

/* A straight bullet for the targeted tests. */
static bullet_handle spawn_at(bullet_pool *p, float x, float y, double heading, double speed)
{
    bullet_spawn s = {0};
    s.x = x;
    s.y = y;
    s.heading = heading;
    s.speed = speed;
    return bullet_pool_spawn(p, &s);
}

/* A handle outlives its bullet and says so, even when the slot is reused. */
static void test_stale_handles(void)
{
    bullet_pool p;
    CHECK(bullet_pool_init(&p, 64) == 0);
    CHECK(!bullet_pool_alive(&p, BULLET_HANDLE_NONE));
    bullet_handle a = spawn_at(&p, 10, 10, 0, 1);
    CHECK(bullet_pool_alive(&p, a));
    CHECK(bullet_pool_alive(&p, bullet_pool_handle(&p, a.index)));
    CHECK(bullet_pool_despawn(&p, a, BULLET_DESPAWN_VANISH));
    CHECK(!bullet_pool_alive(&p, a));
    CHECK(!bullet_pool_despawn(&p, a, BULLET_DESPAWN_VANISH)); /* twice: refused */
    CHECK(bullet_pool_handle(&p, a.index).gen == 0);
    bullet_handle b = spawn_at(&p, 10, 10, 0, 1);
    CHECK_EQ_INT(b.index, a.index); /* the same slot again */
    CHECK(b.gen != a.gen);
    CHECK(!bullet_pool_alive(&p, a));
    CHECK(bullet_pool_alive(&p, b));
    CHECK(!bullet_pool_set(&p, a, BULLET_CHANNEL_SPEED, 5.0));
    CHECK(!bullet_pool_tween(&p, a, BULLET_CHANNEL_HEADING, 90.0, 10));
    CHECK(!bullet_pool_set_rate(&p, a, BULLET_CHANNEL_HEADING, 1.0));
    CHECK(bullet_pool_set_rate(&p, b, BULLET_CHANNEL_HEADING, 3.0));
    CHECK(bullet_pool_get_rate(&p, a, BULLET_CHANNEL_HEADING) == 0.0); /* stale: 0 */
    CHECK(bullet_pool_get_rate(&p, b, BULLET_CHANNEL_HEADING) == 3.0);
    CHECK(bullet_pool_set_rate(&p, b, BULLET_CHANNEL_HEADING, 0.0));
    CHECK(!bullet_pool_set_lifetime(&p, a, 5));
    CHECK(!bullet_pool_set_position(&p, a, 1, 1));
    CHECK(!bullet_pool_set_flags(&p, a, BULLET_FLAG_GRAZED, 0));
    CHECK(bullet_pool_set_flags(&p, b, BULLET_FLAG_GRAZED | BULLET_FLAG_RESTING, 0));
    CHECK(p.flags[b.index] == BULLET_FLAG_GRAZED); /* RESTING is the pool's */
    CHECK(bullet_pool_set_flags(&p, b, BULLET_FLAG_NO_CANCEL, BULLET_FLAG_GRAZED));
    CHECK(p.flags[b.index] == BULLET_FLAG_NO_CANCEL);
    CHECK(bullet_pool_get(&p, b, BULLET_CHANNEL_SPEED) == 1.0); /* b untouched */
    CHECK(!bullet_pool_alive(&p, (bullet_handle){1000, 1}));    /* out of range */
    CHECK(!bullet_pool_alive(&p, (bullet_handle){b.index, b.gen + 2}));
    bullet_pool_free(&p);
}

/* A full pool refuses and counts; a freed slot is usable again at once. */
static void test_overflow(void)
{
    bullet_pool p;
    CHECK(bullet_pool_init(&p, 100) == 0);
    CHECK_EQ_INT(p.capacity, 128); /* whole blocks of 64 */
    bullet_handle first = BULLET_HANDLE_NONE;
    for (int i = 0; i < 128; i++) {
        bullet_handle h = spawn_at(&p, 50, 50, 0, 0);
        CHECK(bullet_pool_alive(&p, h));
        if (i == 0)
            first = h;
    }
    CHECK_EQ_INT(p.stats.refused, 0);
    for (int i = 0; i < 11; i++)
        CHECK(spawn_at(&p, 50, 50, 0, 0).gen == 0);
    CHECK_EQ_INT(p.stats.refused, 11);
    CHECK_EQ_INT(p.live, 128);
    CHECK_EQ_INT(p.stats.peak_live, 128);
    CHECK(bullet_pool_despawn(&p, first, BULLET_DESPAWN_CANCEL));
    CHECK(bullet_pool_alive(&p, spawn_at(&p, 50, 50, 0, 0)));
    CHECK_EQ_INT(p.stats.refused, 11);
    CHECK_EQ_INT(p.stats.despawned[BULLET_DESPAWN_CANCEL], 1);
    bullet_pool_free(&p);
    bullet_pool q;
    CHECK(bullet_pool_init(&q, 0) == -1);
    CHECK(bullet_pool_init(&q, BULLET_POOL_MAX_CAPACITY + 1) == -1);
    int64_t blocks = mem_live_blocks();
    mem_fail_at(1);
    CHECK(bullet_pool_init(&q, 1000) == -1);
    mem_fail_at(0);
    CHECK_EQ_INT(mem_live_blocks(), blocks);
    bullet_pool_free(&q);
}

/* The despawn log: scripted bullets only, every reason, a full log counts. */
static void test_despawn_log(void)
{
    bullet_pool p;
    CHECK(bullet_pool_init(&p, 64) == 0);
    for (uint32_t k = 1; k <= 100; k++) {
        bullet_spawn s = {.x = 10, .y = 10, .script = k % 2 ? k : 0};
        CHECK(bullet_pool_despawn(&p, bullet_pool_spawn(&p, &s), BULLET_DESPAWN_CANCEL));
    }
    uint32_t n;
    const bullet_despawn *log = bullet_pool_despawned(&p, &n);
    CHECK_EQ_INT(n, 50); /* the unscripted half is not logged */
    CHECK(log[0].script == 1 && log[49].script == 99 && log[7].reason == BULLET_DESPAWN_CANCEL);
    for (uint32_t k = 0; k < 30; k++) {
        bullet_spawn s = {.x = 10, .y = 10, .script = 500 + k};
        CHECK(bullet_pool_despawn(&p, bullet_pool_spawn(&p, &s), BULLET_DESPAWN_VANISH));
    }
    bullet_pool_despawned(&p, &n);
    CHECK_EQ_INT(n, 64);
    CHECK_EQ_INT(p.stats.log_overflow, 16);
    bullet_pool_clear_despawned(&p);
    bullet_spawn s = {.x = 10, .y = 10, .script = 9};
    bullet_pool_spawn(&p, &s);
    CHECK_EQ_INT(bullet_pool_clear(&p, BULLET_DESPAWN_CLEAR, 0), 1);
    log = bullet_pool_despawned(&p, &n);
    CHECK(n == 1 && log[0].script == 9 && log[0].reason == BULLET_DESPAWN_CLEAR);
    CHECK(strcmp(bullet_despawn_reason_name(BULLET_DESPAWN_CULL), "cull") == 0);
    CHECK(strcmp(bullet_channel_name(BULLET_CHANNEL_EXTRA_Y), "extra_y") == 0);
    bullet_pool_free(&p);
}

/* Newer bullets are drawn over older ones though the slots are reused lowest
 * first; holes are skipped and squeezed out by updates. */
static void test_draw_order(void)
{
    bullet_pool p;
    CHECK(bullet_pool_init(&p, 64) == 0);
    bullet_handle a = spawn_at(&p, 10, 10, 0, 0), b = spawn_at(&p, 20, 10, 0, 0);
    bullet_handle c = spawn_at(&p, 30, 10, 0, 0);
    CHECK(bullet_pool_despawn(&p, a, BULLET_DESPAWN_VANISH));
    bullet_handle d = spawn_at(&p, 40, 10, 0, 0);
    CHECK_EQ_INT(d.index, a.index); /* storage order: d, b, c */
    uint32_t n;
    const uint32_t *order = bullet_pool_draw_order(&p, &n);
    uint32_t seen[8], k = 0;
    for (uint32_t j = 0; j < n; j++)
        if (order[j] != BULLET_SLOT_NONE && k < 8)
            seen[k++] = order[j];
    CHECK_EQ_INT(k, 3);
    CHECK(seen[0] == b.index && seen[1] == c.index && seen[2] == d.index);
    CHECK(bullet_pool_serial(&p, d.index) > bullet_pool_serial(&p, c.index));
    /* Churn: the order stays by serial, and compaction keeps it short. */
    rng r;
    rng_seed(&r, 7);
    bullet_handle live[64];
    int count = 0;
    live[count++] = b, live[count++] = c, live[count++] = d;
    for (int step = 0; step < 5000; step++) {
        if (count < 64 && rng_below(&r, 2)) {
            live[count++] = spawn_at(&p, 100, 100, 0, 0);
        } else if (count > 0) {
            int j = (int)rng_below(&r, (uint32_t)count);
            CHECK(bullet_pool_despawn(&p, live[j], BULLET_DESPAWN_VANISH));
            live[j] = live[--count];
        }
        if (step % 10 == 0)
            bullet_pool_update(&p);
    }
    order = bullet_pool_draw_order(&p, &n);
    CHECK(n <= 2 * p.capacity);
    uint32_t last = 0, listed = 0;
    for (uint32_t j = 0; j < n; j++) {
        if (order[j] == BULLET_SLOT_NONE)
            continue;
        CHECK(bullet_pool_serial(&p, order[j]) > last);
        last = bullet_pool_serial(&p, order[j]);
        listed++;
    }
    CHECK_EQ_INT(listed, p.live);
    bullet_pool_free(&p);
}

/* Motion: exact axis directions, move-then-advance, libbulletml's ramp values,
 * rates, lifetime, culling, and the slot back in the same update. */
static void test_motion(void)
{
    bullet_pool p;
    CHECK(bullet_pool_init(&p, 64) == 0);
    bullet_handle right = spawn_at(&p, 100, 100, 90, 2);
    for (int i = 0; i < 10; i++)
        bullet_pool_update(&p);
    CHECK(p.x[right.index] == 120.0f && p.y[right.index] == 100.0f);
    CHECK(p.dir_x[right.index] == 1.0f && p.dir_y[right.index] == 0.0f);
    /* The float heading vector is sin and cos to within a float rounding, every
     * quarter exact, any heading (negative, past 360, huge). */
    CHECK(bullet_pool_despawn(&p, right, BULLET_DESPAWN_VANISH));
    double worst = 0;
    for (double deg = -1000.0; deg <= 1000.0; deg += 0.37) {
        bullet_handle d = spawn_at(&p, 10, 10, deg, 1);
        double rad = deg * (TRIG_PI / 180.0);
        worst = fmax(worst, fabs(p.dir_x[d.index] - sin(rad)));
        worst = fmax(worst, fabs(p.dir_y[d.index] + cos(rad)));
        CHECK(bullet_pool_despawn(&p, d, BULLET_DESPAWN_VANISH));
    }
    CHECK(worst <= 6.0e-8);
    for (int q = -8; q <= 8; q++) {
        bullet_handle d = spawn_at(&p, 10, 10, 90.0 * q, 1);
        CHECK(fabsf(p.dir_x[d.index]) + fabsf(p.dir_y[d.index]) == 1.0f);
        bullet_pool_despawn(&p, d, BULLET_DESPAWN_VANISH);
    }
    bullet_handle huge = spawn_at(&p, 10, 10, 3.6e12 + 90.0, 1);
    CHECK_NEAR(p.dir_x[huge.index], 1.0, 1e-6);
    bullet_pool_despawn(&p, huge, BULLET_DESPAWN_VANISH);
    right = spawn_at(&p, 120, 100, 90, 2);

    /* chdir.xml's timeline (BULLETML.md 4.5): heading 350 to absolute 10 the short
     * way, term 4, sends 355, 360, 365, 370; never normalised. */
    bullet_handle h = spawn_at(&p, 100, 100, 350, 1);
    CHECK(bullet_pool_tween(&p, h, BULLET_CHANNEL_HEADING, 370, 4));
    const double want[] = {355, 360, 365, 370, 370};
    for (int i = 0; i < 5; i++) {
        bullet_pool_update(&p);
        CHECK(bullet_pool_get(&p, h, BULLET_CHANNEL_HEADING) == want[i]);
    }
    CHECK(p.turn_s[h.index] == 0.0f); /* the tween ended: no more turning */
    CHECK_NEAR(p.dir_x[h.index], sin(10 * TRIG_PI / 180), 1e-7);
    /* changeSpeed sequence 0.5 term 2 from 1: 1.5, 2.0; a third-way value is exact. */
    CHECK(bullet_pool_tween(&p, h, BULLET_CHANNEL_SPEED, 2.0, 2));
    bullet_pool_update(&p);
    CHECK(bullet_pool_get(&p, h, BULLET_CHANNEL_SPEED) == 1.5);
    bullet_pool_update(&p);
    CHECK(bullet_pool_get(&p, h, BULLET_CHANNEL_SPEED) == 2.0);
    CHECK(bullet_pool_tween(&p, h, BULLET_CHANNEL_SPEED, 3.0, 3));
    bullet_pool_update(&p);
    CHECK(bullet_pool_get(&p, h, BULLET_CHANNEL_SPEED) == 2.0 + (3.0 - 2.0) / 3.0);
    /* A term of 0 gives the target at the next update. */
    CHECK(bullet_pool_tween(&p, h, BULLET_CHANNEL_SPEED, 0.5, 0));
    CHECK(bullet_pool_get(&p, h, BULLET_CHANNEL_SPEED) != 0.5);
    bullet_pool_update(&p);
    CHECK(bullet_pool_get(&p, h, BULLET_CHANNEL_SPEED) == 0.5);

    /* Move first, advance after: a speed tween 1 -> 3 over 2 moves 1, 2, 3, 3. */
    bullet_handle down = spawn_at(&p, 200, 10, 180, 1);
    CHECK(bullet_pool_tween(&p, down, BULLET_CHANNEL_SPEED, 3, 2));
    const float ys[] = {11, 13, 16, 19};
    for (int i = 0; i < 4; i++) {
        bullet_pool_update(&p);
        CHECK(p.y[down.index] == ys[i]);
    }
    /* Kernels: turning, then full, then straight again with the right velocity. */
    bullet_pool q;
    CHECK(bullet_pool_init(&q, 64) == 0);
    bullet_handle k = spawn_at(&q, 100, 100, 90, 1);
    CHECK_EQ_INT(q.block_kind[0], BULLET_BLOCK_STRAIGHT);
    CHECK(bullet_pool_tween(&q, k, BULLET_CHANNEL_HEADING, 180, 2));
    CHECK_EQ_INT(q.block_kind[0], BULLET_BLOCK_TURNING);
    CHECK(bullet_pool_tween(&q, k, BULLET_CHANNEL_EXTRA_X, 1, 2));
    CHECK_EQ_INT(q.block_kind[0], BULLET_BLOCK_FULL);
    bullet_pool_update(&q); /* moves (1, 0), then heading 135, extra 0.5 */
    bullet_pool_update(&q); /* moves (sin 135 + 0.5, -cos 135), then 180 and 1 exactly */
    CHECK_NEAR(q.x[k.index], 101 + sin(0.75 * TRIG_PI) + 0.5, 1e-5);
    CHECK_NEAR(q.y[k.index], 100 - cos(0.75 * TRIG_PI), 1e-5);
    float x2 = q.x[k.index], y2 = q.y[k.index];
    bullet_pool_update(&q); /* the kernel sees no step left: straight from now */
    CHECK_EQ_INT(q.block_kind[0], BULLET_BLOCK_STRAIGHT);
    CHECK(q.x[k.index] == x2 + 1.0f && q.y[k.index] == y2 + 1.0f);
    bullet_pool_update(&q);
    CHECK(q.x[k.index] == x2 + 2.0f && q.y[k.index] == y2 + 2.0f);
    bullet_pool_free(&q);

    /* Rates: gravity on the extra velocity, angular velocity forever. */
    bullet_handle g = spawn_at(&p, 50, 50, 0, 0);
    CHECK(bullet_pool_set_rate(&p, g, BULLET_CHANNEL_EXTRA_Y, 0.25));
    CHECK(bullet_pool_set_rate(&p, g, BULLET_CHANNEL_HEADING, 1.0));
    for (int i = 0; i < 8; i++)
        bullet_pool_update(&p);
    CHECK(bullet_pool_get(&p, g, BULLET_CHANNEL_EXTRA_Y) == 2.0);
    CHECK(bullet_pool_get(&p, g, BULLET_CHANNEL_HEADING) == 8.0);
    CHECK(bullet_pool_get_rate(&p, g, BULLET_CHANNEL_HEADING) == 1.0);  /* the rate itself */
    CHECK(bullet_pool_get_rate(&p, g, BULLET_CHANNEL_SPEED) == 0.0);    /* fixed */
    CHECK(bullet_pool_get_rate(&p, down, BULLET_CHANNEL_SPEED) == 0.0); /* tweened, not a rate */
    CHECK(p.y[g.index] == 50.0f + 0.25f * (0 + 1 + 2 + 3 + 4 + 5 + 6 + 7));
    CHECK(bullet_pool_set(&p, g, BULLET_CHANNEL_HEADING, 100.0)); /* the rate goes on */
    bullet_pool_update(&p);
    CHECK(bullet_pool_get(&p, g, BULLET_CHANNEL_HEADING) == 101.0);
    CHECK(bullet_pool_set_rate(&p, g, BULLET_CHANNEL_HEADING, 0.0));
    CHECK(bullet_pool_get_rate(&p, g, BULLET_CHANNEL_HEADING) == 0.0); /* stopped */
    bullet_pool_update(&p);
    CHECK(bullet_pool_get(&p, g, BULLET_CHANNEL_HEADING) == 101.0);
    CHECK(!bullet_pool_set(&p, g, BULLET_CHANNEL_SPEED, NAN)); /* refused */

    /* Lifetime 3: alive after two updates, gone (logged) after the third. */
    bullet_spawn s = {.x = 10, .y = 10, .lifetime = 3, .script = 77};
    bullet_handle l = bullet_pool_spawn(&p, &s);
    bullet_pool_update(&p);
    bullet_pool_update(&p);
    CHECK(bullet_pool_alive(&p, l));
    bullet_pool_update(&p);
    CHECK(!bullet_pool_alive(&p, l));
    uint32_t n;
    const bullet_despawn *log = bullet_pool_despawned(&p, &n);
    CHECK(n == 1 && log[0].script == 77 && log[0].reason == BULLET_DESPAWN_EXPIRE &&
          log[0].handle.index == l.index && log[0].handle.gen == l.gen);
    bullet_pool_clear_despawned(&p);

    /* Culling at the field plus margin; the slot is free again at once. */
    float edge = PLAYFIELD_W + PLAYFIELD_CULL_MARGIN;
    bullet_handle c = spawn_at(&p, edge - 1.5f, 100, 90, 1);
    bullet_pool_update(&p);
    CHECK(bullet_pool_alive(&p, c));
    uint32_t live = p.live;
    bullet_pool_update(&p);
    CHECK(!bullet_pool_alive(&p, c));
    CHECK_EQ_INT(p.live, live - 1);
    CHECK(p.stats.despawned[BULLET_DESPAWN_CULL] >= 1);
    CHECK_EQ_INT(spawn_at(&p, 10, 10, 0, 0).index, c.index);
    CHECK(p.x[c.index] == 10.0f);
    /* rest_first_update: still in the first update (even with a tween set at once),
     * then moving with the values the exact tracks have by then. */
    bullet_spawn r = {.x = 100, .y = 100, .heading = 180, .speed = 1, .rest_first_update = 1};
    bullet_handle rest = bullet_pool_spawn(&p, &r);
    CHECK(p.flags[rest.index] & BULLET_FLAG_RESTING);
    CHECK(bullet_pool_tween(&p, rest, BULLET_CHANNEL_SPEED, 3, 2));
    bullet_pool_update(&p);
    CHECK(p.y[rest.index] == 100.0f);
    CHECK(!(p.flags[rest.index] & BULLET_FLAG_RESTING));
    CHECK(bullet_pool_get(&p, rest, BULLET_CHANNEL_SPEED) == 2.0);
    bullet_pool_update(&p);
    CHECK(p.y[rest.index] == 102.0f);
    bullet_pool_update(&p);
    CHECK(p.y[rest.index] == 105.0f);
    bullet_spawn once = {.x = 100, .y = 100, .speed = 1, .lifetime = 1, .rest_first_update = 1};
    bullet_handle brief = bullet_pool_spawn(&p, &once);
    bullet_pool_update(&p);
    CHECK(!bullet_pool_alive(&p, brief));
    bullet_handle nan = spawn_at(&p, NAN, 10, 0, 0); /* never an immortal NaN */
    bullet_pool_update(&p);
    CHECK(!bullet_pool_alive(&p, nan));
    bullet_pool_free(&p);
}

/* Fills a pool with a deterministic mix of straight, tweening and turning bullets. */
static void fill_mixed(bullet_pool *p, uint64_t seed, int count)
{
    rng r;
    rng_seed(&r, seed);
    for (int i = 0; i < count; i++) {
        bullet_spawn s = random_spawn(&r);
        bullet_handle h = bullet_pool_spawn(p, &s);
        uint32_t kind = rng_below(&r, 4);
        if (kind == 1)
            bullet_pool_tween(p, h, BULLET_CHANNEL_HEADING, s.heading + 90, 20);
        else if (kind == 2)
            bullet_pool_set_rate(p, h, BULLET_CHANNEL_HEADING, 2.0);
    }
}

/* Same operations, same hash; a range-split update equals a whole one. */
static void test_hash_and_ranges(void)
{
    bullet_pool a, b;
    CHECK(bullet_pool_init(&a, 4096) == 0);
    CHECK(bullet_pool_init(&b, 4096) == 0);
    fill_mixed(&a, 3, 3000);
    fill_mixed(&b, 3, 3000);
    for (int f = 0; f < 100; f++) {
        bullet_pool_update(&a);
        uint32_t end = bullet_pool_block_end(&b), mid = end / 3;
        bullet_pool_update_range(&b, mid, end);
        bullet_pool_update_range(&b, 0, mid);
        bullet_pool_update_end(&b);
    }
    hasher ha, hb;
    hash_begin(&ha, 1);
    hash_begin(&hb, 1);
    bullet_pool_hash(&a, &ha);
    bullet_pool_hash(&b, &hb);
    CHECK_EQ_U64(hash_end(&ha), hash_end(&hb));
    CHECK(a.live > 0 && a.live < 3000);
    CHECK(b.alive[0] != 0);
    uint32_t some = (uint32_t)__builtin_ctzll(b.alive[0] | 1ull << 63);
    bullet_handle one = bullet_pool_handle(&b, some);
    double speed = bullet_pool_get(&b, one, BULLET_CHANNEL_SPEED);
    CHECK(bullet_pool_set(&b, one, BULLET_CHANNEL_SPEED, speed + 1.0));
    hash_begin(&hb, 1);
    bullet_pool_hash(&b, &hb);
    CHECK(hash_end(&ha) != hash_end(&hb));
    CHECK_EQ_INT(bullet_pool_clear(&a, BULLET_DESPAWN_CLEAR, 0),
                 a.stats.spawned - a.stats.despawned[0] - a.stats.despawned[1] -
                     a.stats.despawned[2]);
    CHECK_EQ_INT(a.live, 0);
    CHECK_EQ_INT(bullet_pool_block_end(&a), 0);
    bullet_pool_free(&a);
    bullet_pool_free(&b);
}

/* Hashes a pool's whole state. */
static uint64_t pool_hash(const bullet_pool *p)
{
    hasher h;
    hash_begin(&h, 1);
    bullet_pool_hash(p, &h);
    return hash_end(&h);
}

/* A spawn writes neither the exact tracks nor, in a straight block, the warm
 * floats: they are written when first needed. Writing them early must change
 * nothing: a pool where a setter touches every bullet at once (writing both)
 * runs exactly like one where nobody does. */
static void test_lazy_state(void)
{
    bullet_pool a, b;
    CHECK(bullet_pool_init(&a, 2048) == 0);
    CHECK(bullet_pool_init(&b, 2048) == 0);
    rng ra, rb;
    rng_seed(&ra, 31);
    rng_seed(&rb, 31);
    for (int frame = 0; frame < 300; frame++) {
        for (int k = 0; k < 12; k++) {
            bullet_spawn sa = random_spawn(&ra), sb = random_spawn(&rb);
            bullet_handle ha = bullet_pool_spawn(&a, &sa), hb = bullet_pool_spawn(&b, &sb);
            CHECK(ha.index == hb.index && ha.gen == hb.gen);
            if (!hb.gen)
                continue;
            /* b: the same value again, in the spawn's own update: warm from
             * now on, and the same state. */
            CHECK(bullet_pool_set(&b, hb, BULLET_CHANNEL_SPEED,
                                  bullet_pool_get(&b, hb, BULLET_CHANNEL_SPEED)));
            CHECK((b.warm[hb.index / 64] >> (hb.index % 64)) & 1);
            if (rng_below(&ra, 5) == 0) { /* the same change in both */
                uint32_t c = rng_below(&ra, BULLET_CHANNEL_COUNT);
                double v = (double)rng_below(&ra, 40) * 0.25;
                int32_t n = (int32_t)rng_below(&ra, 30);
                rng_below(&rb, 5);
                rng_below(&rb, BULLET_CHANNEL_COUNT);
                rng_below(&rb, 40);
                rng_below(&rb, 30);
                CHECK(bullet_pool_tween(&a, ha, (bullet_channel)c, v, n));
                CHECK(bullet_pool_tween(&b, hb, (bullet_channel)c, v, n));
            } else {
                rng_below(&rb, 5);
            }
        }
        bullet_pool_update(&a);
        bullet_pool_update(&b);
        bullet_pool_clear_despawned(&a);
        bullet_pool_clear_despawned(&b);
        if (frame % 25 == 0) {
            CHECK_EQ_U64(pool_hash(&a), pool_hash(&b));
            for (uint32_t i = 0; i < bullet_pool_slot_end(&a); i++)
                if (bullet_pool_alive(&a, bullet_pool_handle(&a, i)))
                    CHECK(a.x[i] == b.x[i] && a.y[i] == b.y[i]);
        }
    }
    CHECK(a.live > 500);
    /* Some of a's bullets never had their warm floats or their tracks written:
     * the laziness ran; every one of b's has both. */
    int lazy = 0, untracked = 0;
    for (uint32_t blk = 0; blk < bullet_pool_block_end(&a); blk++) {
        lazy += a.alive[blk] & ~a.warm[blk] ? 1 : 0;
        untracked += a.alive[blk] & ~a.tracked[blk] ? 1 : 0;
        CHECK_EQ_U64(b.alive[blk] & ~b.tracked[blk], 0);
    }
    CHECK(lazy > 0);
    CHECK(untracked > 0);

    /* A straight block that starts turning gets every live bullet's warm
     * floats first: the turning kernel reads them for every lane. */
    bullet_pool c;
    CHECK(bullet_pool_init(&c, 64) == 0);
    bullet_handle s1 = spawn_at(&c, 100, 100, 90, 2), s2 = spawn_at(&c, 100, 200, 180, 1);
    CHECK_EQ_INT(c.warm[0], 0);
    CHECK(bullet_pool_set_rate(&c, s1, BULLET_CHANNEL_HEADING, 2.0));
    CHECK_EQ_INT(c.block_kind[0], BULLET_BLOCK_TURNING);
    CHECK((c.warm[0] >> s2.index) & 1);
    CHECK(c.speed[s2.index] == 1.0f && c.turn_c[s2.index] == 1.0f && c.turn_s[s2.index] == 0.0f);
    bullet_handle s3 = spawn_at(&c, 50, 50, 0, 3); /* into a turning block: warm at once */
    CHECK((c.warm[0] >> s3.index) & 1);
    CHECK(c.speed[s3.index] == 3.0f && c.turn_c[s3.index] == 1.0f);
    bullet_pool_update(&c);
    CHECK(c.y[s2.index] == 201.0f && c.y[s3.index] == 47.0f);
    /* Getters give the spawn values exactly, never normalised, from the cold
     * record while no setter has written the tracks; a setter writes them. */
    bullet_spawn odd = {.x = 10, .y = 10, .heading = 370.25, .speed = 0.1, .extra_y = NAN};
    bullet_handle o = bullet_pool_spawn(&c, &odd);
    CHECK(bullet_pool_get(&c, o, BULLET_CHANNEL_HEADING) == 370.25);
    CHECK(bullet_pool_get(&c, o, BULLET_CHANNEL_SPEED) == 0.1);
    CHECK(bullet_pool_get(&c, o, BULLET_CHANNEL_EXTRA_Y) == 0.0);
    CHECK(bullet_pool_get_rate(&c, o, BULLET_CHANNEL_HEADING) == 0.0);
    CHECK(!((c.tracked[0] >> o.index) & 1)); /* lazy: nothing written yet */
    CHECK(bullet_pool_handle(&c, o.index).gen == o.gen);
    CHECK(bullet_pool_set_rate(&c, o, BULLET_CHANNEL_SPEED, 0.5));
    CHECK((c.tracked[0] >> o.index) & 1);
    CHECK(bullet_pool_get(&c, o, BULLET_CHANNEL_HEADING) == 370.25);
    CHECK(bullet_pool_get_rate(&c, o, BULLET_CHANNEL_SPEED) == 0.5);
    bullet_pool_free(&c);
    bullet_pool_free(&a);
    bullet_pool_free(&b);
}

/* A spawn may bring its heading vector: taken as given (the exact heading
 * stays what getters return), the same state as computing it when it is the
 * same vector, ignored when not finite, denormal parts flushed. */
static void test_given_direction(void)
{
    bullet_pool a, b;
    CHECK(bullet_pool_init(&a, 64) == 0);
    CHECK(bullet_pool_init(&b, 64) == 0);
    for (int k = 0; k < 40; k++) {
        bullet_spawn s = {.x = 100, .y = 100, .heading = k * 9.0, .speed = 1.5};
        bullet_handle h = bullet_pool_spawn(&a, &s);
        s.dir_given = 1;
        s.dir_x = a.dir_x[h.index];
        s.dir_y = a.dir_y[h.index];
        bullet_pool_spawn(&b, &s);
    }
    for (int f = 0; f < 10; f++) {
        bullet_pool_update(&a);
        bullet_pool_update(&b);
    }
    CHECK_EQ_U64(pool_hash(&a), pool_hash(&b));
    bullet_spawn s = {.x = 10, .y = 10, .heading = 0, .speed = 2, .dir_given = 1, .dir_x = 1};
    bullet_handle h = bullet_pool_spawn(&a, &s);
    CHECK(a.dir_x[h.index] == 1.0f && a.dir_y[h.index] == 0.0f);
    CHECK(bullet_pool_get(&a, h, BULLET_CHANNEL_HEADING) == 0.0);
    bullet_pool_update(&a);
    CHECK(a.x[h.index] == 12.0f && a.y[h.index] == 10.0f);
    bullet_spawn bad = {.x = 10, .y = 10, .heading = 90, .dir_given = 1, .dir_x = NAN};
    h = bullet_pool_spawn(&a, &bad);
    CHECK(a.dir_x[h.index] == 1.0f && a.dir_y[h.index] == 0.0f); /* from the heading */
    bullet_spawn tiny = {.x = 10, .y = 10, .dir_given = 1, .dir_x = 1e-40f, .dir_y = -1};
    h = bullet_pool_spawn(&a, &tiny);
    CHECK(a.dir_x[h.index] == 0.0f && a.dir_y[h.index] == -1.0f);
    bullet_pool_free(&a);
    bullet_pool_free(&b);
}

/* 10,000 frames of heavy churn at 50k bullets: no heap allocation after warm-up. */
static void test_no_allocation(void)
{
    bullet_pool p;
    CHECK(bullet_pool_init(&p, BULLET_POOL_DEFAULT_CAPACITY) == 0);
    rng r;
    rng_seed(&r, 11);
    uint64_t allocs = 0;
    for (int frame = 0; frame < 10000; frame++) {
        if (frame == 100)
            allocs = mem_get_stats().allocs;
        for (int k = 0; k < 800; k++) {
            bullet_spawn s = random_spawn(&r);
            s.lifetime = 20 + rng_below(&r, 100);
            bullet_handle h = bullet_pool_spawn(&p, &s);
            if (k % 8 == 0)
                bullet_pool_tween(&p, h, BULLET_CHANNEL_SPEED, 3.0, 30);
            else if (k % 8 == 4) /* eased: an event per update, still no allocation */
                bullet_pool_tween_eased(&p, h, BULLET_CHANNEL_HEADING, 90.0, 20, EASE_SMOOTH);
        }
        if (frame % 50 == 0)
            bullet_pool_clear(&p, BULLET_DESPAWN_CANCEL, 1);
        bullet_pool_update(&p);
        bullet_pool_clear_despawned(&p);
    }
    CHECK_EQ_U64(mem_get_stats().allocs, allocs);
    CHECK(p.stats.peak_live > 30000);
    CHECK(p.stats.despawned[BULLET_DESPAWN_EXPIRE] > 500000);
    bullet_pool_free(&p);
}

/* Eased tweens (core/ease.h): the exact value at every update is the curve's,
 * the motion moves by it (first, then advances), the floats match, the tween
 * ends at the target and the channel is fixed after; a linear tween through
 * bullet_pool_tween_eased is bullet_pool_tween, hash included. */
static void test_eased_tweens(void)
{
    CHECK(ease_curve(EASE_LINEAR, 0.25) == 0.25);
    CHECK(ease_curve(EASE_SMOOTH, 0.25) == 0.15625);
    CHECK(ease_curve(EASE_SMOOTH, 0.5) == 0.5);
    CHECK(ease_curve(EASE_IN, 0.5) == 0.25);
    CHECK(ease_curve(EASE_OUT, 0.5) == 0.75);
    CHECK(ease_curve(EASE_OUT, 2.0) == 1.0 && ease_curve(EASE_IN, -1.0) == 0.0);
    CHECK(ease_lookup("smooth", 6) == EASE_SMOOTH && ease_lookup("bounce", 6) == -1);
    bullet_pool p;
    CHECK(bullet_pool_init(&p, 64) == 0);
    /* speed 1 -> 3 over 4 smooth: 1.3125, 2, 2.6875, 3; y moves by 1 first. */
    bullet_handle h = spawn_at(&p, 100, 10, 180, 1);
    CHECK(bullet_pool_tween_eased(&p, h, BULLET_CHANNEL_SPEED, 3.0, 4, EASE_SMOOTH));
    const double speeds[] = {1.3125, 2.0, 2.6875, 3.0, 3.0};
    const float ys[] = {11.0f, 12.3125f, 14.3125f, 17.0f, 20.0f};
    for (int i = 0; i < 5; i++) {
        bullet_pool_update(&p);
        CHECK(bullet_pool_get(&p, h, BULLET_CHANNEL_SPEED) == speeds[i]);
        CHECK(p.speed[h.index] == (float)speeds[i]);
        CHECK(p.y[h.index] == ys[i]);
    }
    CHECK(p.speed_step[h.index] == 0.0f); /* over: fixed at the target */
    /* in and out on the extra velocity: 0 -> 4 over 4. */
    bullet_handle a = spawn_at(&p, 100, 100, 0, 0), b = spawn_at(&p, 100, 100, 0, 0);
    CHECK(bullet_pool_tween_eased(&p, a, BULLET_CHANNEL_EXTRA_X, 4.0, 4, EASE_IN));
    CHECK(bullet_pool_tween_eased(&p, b, BULLET_CHANNEL_EXTRA_Y, 4.0, 4, EASE_OUT));
    const double in[] = {0.25, 1.0, 2.25, 4.0}, out[] = {1.75, 3.0, 3.75, 4.0};
    for (int i = 0; i < 4; i++) {
        bullet_pool_update(&p);
        CHECK(bullet_pool_get(&p, a, BULLET_CHANNEL_EXTRA_X) == in[i]);
        CHECK(bullet_pool_get(&p, b, BULLET_CHANNEL_EXTRA_Y) == out[i]);
    }
    CHECK(p.x[a.index] == 100.0f + 0.0f + 0.25f + 1.0f + 2.25f);
    /* heading 0 -> 90 over 2 smooth: 45 halfway, the vector turned with it. */
    bullet_handle t = spawn_at(&p, 100, 100, 0, 1);
    CHECK(bullet_pool_tween_eased(&p, t, BULLET_CHANNEL_HEADING, 90.0, 2, EASE_SMOOTH));
    bullet_pool_update(&p);
    CHECK(bullet_pool_get(&p, t, BULLET_CHANNEL_HEADING) == 45.0);
    CHECK_NEAR(p.dir_x[t.index], sqrt(0.5), 1e-6);
    bullet_pool_update(&p);
    CHECK(p.dir_x[t.index] == 1.0f && p.turn_s[t.index] == 0.0f);
    /* A setter mid-curve ends it; an unknown ease is refused. */
    CHECK(bullet_pool_tween_eased(&p, t, BULLET_CHANNEL_SPEED, 5.0, 10, EASE_IN));
    bullet_pool_update(&p);
    CHECK(bullet_pool_set(&p, t, BULLET_CHANNEL_SPEED, 2.0));
    bullet_pool_update(&p);
    CHECK(bullet_pool_get(&p, t, BULLET_CHANNEL_SPEED) == 2.0 && p.speed[t.index] == 2.0f);
    CHECK(!bullet_pool_tween_eased(&p, t, BULLET_CHANNEL_SPEED, 5.0, 10, EASE_COUNT));
    bullet_pool_free(&p);

    /* Linear through tween_eased: the same state, hash for hash. */
    bullet_pool q1, q2;
    CHECK(bullet_pool_init(&q1, 64) == 0 && bullet_pool_init(&q2, 64) == 0);
    bullet_handle h1 = spawn_at(&q1, 50, 50, 30, 1), h2 = spawn_at(&q2, 50, 50, 30, 1);
    CHECK(bullet_pool_tween(&q1, h1, BULLET_CHANNEL_HEADING, 200.0, 7));
    CHECK(bullet_pool_tween_eased(&q2, h2, BULLET_CHANNEL_HEADING, 200.0, 7, EASE_LINEAR));
    for (int i = 0; i < 9; i++) {
        bullet_pool_update(&q1);
        bullet_pool_update(&q2);
    }
    hasher s1, s2;
    hash_begin(&s1, 1);
    hash_begin(&s2, 1);
    bullet_pool_hash(&q1, &s1);
    bullet_pool_hash(&q2, &s2);
    CHECK_EQ_U64(hash_end(&s1), hash_end(&s2));
    CHECK(q1.x[h1.index] == q2.x[h2.index] && q1.y[h1.index] == q2.y[h2.index]);
    bullet_pool_free(&q1);
    bullet_pool_free(&q2);
}

/* The largest pool the engine promises: 4,194,304 bullets fill it exactly. */
/* Styles: a spawn with the default style hashes as a spawn that says nothing
 * of styles; a styled one differs; a style tween goes along its ease and ends
 * exactly; a scaled hitbox follows the scale; a stale handle is refused. */
static void test_styles(void)
{
    bullet_pool a, b;
    CHECK(bullet_pool_init(&a, 256) == 0);
    CHECK(bullet_pool_init(&b, 256) == 0);
    bullet_spawn s = {.x = 100, .y = 100, .heading = 180, .speed = 1, .shape = BULLET_SHAPE_ORB};
    bullet_spawn d = s;
    d.scale = 1.0f; /* said, but the default */
    bullet_handle ha = bullet_pool_spawn(&a, &s), hb = bullet_pool_spawn(&b, &d);
    CHECK(!bullet_pool_any_styled(&a) && !bullet_pool_any_styled(&b));
    CHECK_EQ_U64(pool_hash(&a), pool_hash(&b));
    CHECK(a.scale[ha.index] == 1.0f && a.alpha[ha.index] == 255);
    CHECK(bullet_pool_get_style(&a, ha, BULLET_STYLE_SCALE) == 1.0);

    /* spawned styled: drawn bigger, faded, additive; the hitbox is the look's */
    bullet_spawn st = s;
    st.scale = 2.0f;
    st.fade = 0.5f;
    st.flags = BULLET_FLAG_ADDITIVE;
    bullet_handle h2 = bullet_pool_spawn(&b, &st);
    CHECK(bullet_pool_any_styled(&b));
    CHECK(b.scale[h2.index] == 2.0f && b.alpha[h2.index] == 128);
    CHECK(bullet_pool_get_style(&b, h2, BULLET_STYLE_ALPHA) == 0.5);
    CHECK(b.radius[h2.index] == b.radius[hb.index]);
    CHECK(b.flags[h2.index] & BULLET_FLAG_ADDITIVE);
    bullet_spawn plain = s;
    plain.flags = 0;
    bullet_pool_spawn(&a, &plain);
    CHECK(pool_hash(&a) != pool_hash(&b));

    /* a scaled hitbox: the look's radius times the scale, now and as it changes */
    bullet_spawn sh = s;
    sh.scale = 3.0f;
    sh.flags = BULLET_FLAG_SCALED_HITBOX;
    bullet_handle h3 = bullet_pool_spawn(&b, &sh);
    float base = b.radius[hb.index];
    CHECK(b.radius[h3.index] == base * 3.0f);

    /* a tween over 10 updates, smooth: the eased value on the way, exact at the end */
    CHECK(bullet_pool_set_style(&b, h3, BULLET_STYLE_SCALE, 1.0, 10, EASE_SMOOTH));
    CHECK(bullet_pool_set_style(&b, h2, BULLET_STYLE_ALPHA, 0.0, 4, EASE_LINEAR));
    for (int f = 0; f < 5; f++)
        bullet_pool_update(&b);
    double u = ease_curve(EASE_SMOOTH, 0.5);
    CHECK(fabs(bullet_pool_get_style(&b, h3, BULLET_STYLE_SCALE) - (3.0 + (1.0 - 3.0) * u)) < 1e-5);
    CHECK(fabsf(b.scale[h3.index] - (float)(3.0 + (1.0 - 3.0) * u)) < 1e-5f);
    CHECK(fabsf(b.radius[h3.index] - base * b.scale[h3.index]) < 1e-4f);
    CHECK(b.alpha[h2.index] == 0); /* its 4 updates are over */
    CHECK(bullet_pool_get_style(&b, h2, BULLET_STYLE_ALPHA) == 0.0);
    for (int f = 0; f < 5; f++)
        bullet_pool_update(&b);
    CHECK(b.scale[h3.index] == 1.0f && b.radius[h3.index] == base);
    CHECK(b.restyles == 0); /* nothing tweens: the pass is a flag test again */
    /* `hitbox R` sets the base of a scaled hitbox */
    CHECK(bullet_pool_set_style(&b, h3, BULLET_STYLE_SCALE, 2.0, 0, EASE_LINEAR));
    CHECK(bullet_pool_set_radius(&b, h3, 5.0f));
    CHECK(b.radius[h3.index] == 10.0f);
    /* out of range is kept in range; a stale handle or a bad ease is refused */
    CHECK(bullet_pool_set_style(&b, h3, BULLET_STYLE_SCALE, 1000.0, 0, EASE_LINEAR));
    CHECK(b.scale[h3.index] == BULLET_POOL_MAX_SCALE);
    CHECK(!bullet_pool_set_style(&b, h3, BULLET_STYLE_SCALE, 1.0, 5, EASE_COUNT));
    CHECK(bullet_pool_despawn(&b, h3, BULLET_DESPAWN_VANISH));
    CHECK(!bullet_pool_set_style(&b, h3, BULLET_STYLE_ALPHA, 0.5, 0, EASE_LINEAR));
    /* the slot's next bullet starts unstyled */
    bullet_handle again = bullet_pool_spawn(&b, &s);
    CHECK_EQ_INT(again.index, h3.index);
    CHECK(b.scale[again.index] == 1.0f && b.alpha[again.index] == 255);
    CHECK(bullet_pool_get_style(&b, again, BULLET_STYLE_SCALE) == 1.0);
    bullet_pool_free(&a);
    bullet_pool_free(&b);
}

static void test_large_capacity(void)
{
    bullet_pool p;
    const uint32_t cap = 4194304;
    CHECK(bullet_pool_init(&p, cap) == 0);
    bullet_spawn s = {.x = 10, .y = 10, .heading = 180, .speed = 0.5};
    bullet_handle last = BULLET_HANDLE_NONE;
    for (uint32_t i = 0; i < cap; i++)
        last = bullet_pool_spawn(&p, &s);
    CHECK_EQ_INT(last.index, cap - 1);
    CHECK(bullet_pool_spawn(&p, &s).gen == 0);
    CHECK_EQ_INT(p.stats.refused, 1);
    bullet_pool_update(&p);
    CHECK(p.y[cap - 1] == 10.5f);
    CHECK(bullet_pool_despawn(&p, bullet_pool_handle(&p, 1234567), BULLET_DESPAWN_HIT));
    CHECK_EQ_INT(bullet_pool_spawn(&p, &s).index, 1234567);
    bullet_pool_free(&p);
}

int main(void)
{
    test_against_model();
    test_stale_handles();
    test_overflow();
    test_draw_order();
    test_despawn_log();
    test_motion();
    test_hash_and_ranges();
    test_lazy_state();
    test_given_direction();
    test_eased_tweens();
    test_styles();
    test_no_allocation();
    test_large_capacity();
    return check_done("sim.pool");
}
