/*
 * laser_collision tests: swept capsules and chains against a dense-sampling
 * reference on random inputs (the same answer, or a hit within the stated
 * slack); no tunnelling at any speed; warning and fading never hit.
 */
#include "../check.h"
#include "core/rng.h"
#include "sim/laser_collision.h"

#include <math.h>
#include <stdio.h>

/* Squared distance from point (x, y) to segment [a, b]. */
static double ref_point_seg2(double x, double y, double ax, double ay, double bx, double by)
{
    double dx = bx - ax, dy = by - ay, l2 = dx * dx + dy * dy;
    double t = l2 > 0 ? ((x - ax) * dx + (y - ay) * dy) / l2 : 0;
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    double ux = ax + dx * t - x, uy = ay + dy * t - y;
    return ux * ux + uy * uy;
}

#define REF_STEPS 4000

/* The reference: both motions sampled densely in time, the distance at each
 * moment from the circle's centre to the moving segment. */
static int ref_capsule(const float c0[2], const float dc[2], const float a0[2], const float b0[2],
                       const float ma[2], const float mb[2], double reach)
{
    for (int k = 0; k <= REF_STEPS; k++) {
        double t = (double)k / REF_STEPS;
        double d2 = ref_point_seg2(c0[0] + dc[0] * t, c0[1] + dc[1] * t, a0[0] + ma[0] * t,
                                   a0[1] + ma[1] * t, b0[0] + mb[0] * t, b0[1] + mb[1] * t);
        if (d2 <= reach * reach)
            return 1;
    }
    return 0;
}

/* How far apart two samples of the relative motion can be: the reference's own
 * resolution, added to the tolerance. */
static double ref_step(const float dc[2], const float ma[2], const float mb[2])
{
    double m = fabs(dc[0]) + fabs(dc[1]) + fabs(ma[0]) + fabs(ma[1]) + fabs(mb[0]) + fabs(mb[1]);
    return m / REF_STEPS;
}

static void test_capsule_vs_reference(void)
{
    rng r;
    rng_seed(&r, 99);
    int hits = 0, misses = 0;
    for (int n = 0; n < 4000; n++) {
        float c0[2] = {rng_range(&r, 0, 200), rng_range(&r, 0, 200)};
        float dc[2] = {rng_range(&r, -60, 60), rng_range(&r, -60, 60)};
        float a0[2] = {rng_range(&r, 0, 200), rng_range(&r, 0, 200)};
        float b0[2] = {rng_range(&r, 0, 200), rng_range(&r, 0, 200)};
        float ma[2] = {rng_range(&r, -20, 20), rng_range(&r, -20, 20)};
        float mb[2] = {ma[0], ma[1]};
        if (n % 2) { /* the ends move apart: turning beams */
            mb[0] += rng_range(&r, -8, 8);
            mb[1] += rng_range(&r, -8, 8);
        }
        float rad = rng_range(&r, 1, 10), half = rng_range(&r, 0, 8);
        int got = laser_collision_capsule(c0, dc, rad, a0, b0, ma, mb, half);
        int want = ref_capsule(c0, dc, a0, b0, ma, mb, rad + half);
        if (want)
            CHECK(got);   /* never a miss where the reference hits */
        if (got && !want) /* a hit only within the stated slack */
            CHECK(ref_capsule(c0, dc, a0, b0, ma, mb,
                              rad + half + LASER_COLLISION_SLACK + ref_step(dc, ma, mb) + 1e-3));
        hits += want;
        misses += !want;
    }
    CHECK(hits > 200 && misses > 200); /* both answers were exercised */
}

/* A pool with one laser, and the probe. */
static laser_pool pool;

static void test_chain_vs_reference(void)
{
    rng r;
    rng_seed(&r, 7);
    CHECK(laser_pool_init(&pool, 64, 32) == 0);
    int hits = 0;
    for (int n = 0; n < 300; n++) {
        laser_pool_clear(&pool, LASER_DESPAWN_CLEAR, 0);
        laser_spawn s = {.kind = LASER_CURVY,
                         .x = 192,
                         .y = 224,
                         .heading = rng_range(&r, 0, 360),
                         .spin = rng_range(&r, -6, 6),
                         .speed = rng_range(&r, 1, 6),
                         .length = (float)(2 + rng_below(&r, 28)),
                         .width = rng_range(&r, 4, 16)};
        laser_handle h = laser_pool_spawn(&pool, &s);
        int frames = 1 + (int)rng_below(&r, 40);
        for (int f = 0; f < frames; f++)
            laser_pool_update(&pool);
        uint32_t i = h.index;
        laser_probe q = {rng_range(&r, 100, 290),
                         rng_range(&r, 130, 320),
                         rng_range(&r, -30, 30),
                         rng_range(&r, -30, 30),
                         3,
                         0};
        int got = laser_collision_curvy(&pool, i, &q, q.hit_radius);
        /* reference: each segment of the trail, its reach at the wider end,
         * against densely sampled positions of the circle */
        uint32_t nn = pool.nodes[i], trail = nn + (pool.age[i] + 1 > nn);
        float half = 0.5f * laser_pool_width_now(&pool, i);
        int want = 0, near = 0;
        for (uint32_t k = 0; k + 1 < trail; k++) {
            uint32_t j0 = laser_pool_node(&pool, i, k), j1 = laser_pool_node(&pool, i, k + 1);
            float t0 = laser_pool_taper(k < nn ? k : nn - 1, nn);
            float t1 = laser_pool_taper(k + 1 < nn ? k + 1 : nn - 1, nn);
            double reach = 3 + half * (t0 > t1 ? t0 : t1);
            float z[2] = {0, 0}, c0[2] = {q.x - q.dx, q.y - q.dy}, dc[2] = {q.dx, q.dy};
            float a[2] = {pool.node_x[j0], pool.node_y[j0]},
                  b[2] = {pool.node_x[j1], pool.node_y[j1]};
            want |= ref_capsule(c0, dc, a, b, z, z, reach);
            near |= ref_capsule(c0, dc, a, b, z, z, reach + ref_step(dc, z, z) + 1e-3);
        }
        if (want)
            CHECK(got);
        if (got)
            CHECK(near);
        hits += want;
    }
    CHECK(hits > 10);
    laser_pool_free(&pool);
}

/* A hitbox crossing a beam at up to the field's width in one frame is hit;
 * one passing beside it is not. */
static void test_no_tunnelling(void)
{
    CHECK(laser_pool_init(&pool, 64, 8) == 0);
    laser_spawn s = {.kind = LASER_STRAIGHT,
                     .x = 0,
                     .y = 200,
                     .heading = 90,
                     .length = 384,
                     .width = 2,
                     .warn = 0};
    laser_pool_spawn(&pool, &s);
    for (uint32_t f = 0; f < LASER_GROW_FRAMES + 1; f++)
        laser_pool_update(&pool);
    collision_list hits, grazes;
    CHECK(collision_list_init(&hits, 8) == 0);
    CHECK(collision_list_init(&grazes, 8) == 0);
    for (float speed = 5; speed <= 384; speed *= 1.7f) {
        laser_probe q = {100, 200 + speed * 0.5f, 0, speed, 2, 20};
        collision_list_clear(&hits);
        collision_list_clear(&grazes);
        laser_collision_player(&pool, &q, &hits, &grazes);
        CHECK_EQ_INT(hits.count, 1);
        CHECK_EQ_INT(grazes.count, 1);
        laser_probe beside = {100, 150, speed, 0, 2, 20}; /* parallel, 50 px off */
        collision_list_clear(&hits);
        collision_list_clear(&grazes);
        laser_collision_player(&pool, &beside, &hits, &grazes);
        CHECK_EQ_INT(hits.count, 0);
        CHECK_EQ_INT(grazes.count, 0);
    }
    /* a fast curvy head crossing the still player */
    laser_pool_clear(&pool, LASER_DESPAWN_CLEAR, 0);
    laser_spawn c = {.kind = LASER_CURVY,
                     .x = 0,
                     .y = 100,
                     .heading = 90,
                     .speed = 300,
                     .length = 4,
                     .width = 4};
    laser_pool_spawn(&pool, &c);
    laser_pool_update(&pool);
    laser_probe still = {150, 100, 0, 0, 2, 0};
    collision_list_clear(&hits);
    laser_collision_player(&pool, &still, &hits, NULL);
    CHECK_EQ_INT(hits.count, 1);
    collision_list_free(&hits);
    collision_list_free(&grazes);
    laser_pool_free(&pool);
}

/* Warning and fading beams touch the player without a hit or a graze. */
static void test_harmless_phases(void)
{
    CHECK(laser_pool_init(&pool, 64, 8) == 0);
    laser_spawn s = {.kind = LASER_STRAIGHT,
                     .x = 100,
                     .y = 0,
                     .heading = 180,
                     .length = 400,
                     .width = 20,
                     .warn = 30,
                     .life = 5};
    laser_handle h = laser_pool_spawn(&pool, &s);
    collision_list hits, grazes;
    CHECK(collision_list_init(&hits, 8) == 0);
    CHECK(collision_list_init(&grazes, 8) == 0);
    laser_probe q = {100, 300, 0, 0, 3, 20};
    int hit_frames = 0;
    while (laser_pool_alive(&pool, h)) {
        collision_list_clear(&hits);
        collision_list_clear(&grazes);
        laser_collision_player(&pool, &q, &hits, &grazes);
        int on = pool.phase[h.index] == LASER_PHASE_ON;
        CHECK_EQ_INT(hits.count, on);
        CHECK_EQ_INT(grazes.count, on);
        hit_frames += hits.count;
        laser_pool_update(&pool);
    }
    CHECK_EQ_INT(hit_frames, 5);
    collision_list_free(&hits);
    collision_list_free(&grazes);
    laser_pool_free(&pool);
}

/* laser_collision_player (a block's bounds screened at once, a body's
 * segments four at a time) lists exactly the lasers that the per-laser tests
 * find, laser by laser, over a crowd of both kinds, in every phase, around
 * probes moving up to 60 px a frame, their graze circle larger or smaller
 * than the hitbox (smaller: each is tested on its own; it used to list every
 * laser near as grazed). */
static void test_player_vs_each(void)
{
    rng r;
    rng_seed(&r, 23);
    static laser_pool crowd;
    CHECK(laser_pool_init(&crowd, 256, 40) == 0);
    collision_list hits, grazes;
    CHECK(collision_list_init(&hits, 256) == 0 && collision_list_init(&grazes, 256) == 0);
    int total_hits = 0, total_grazes = 0, wrong = 0;
    for (int round = 0; round < 200; round++) {
        while (crowd.live < 200) {
            int curvy = rng_below(&r, 2) == 0;
            laser_spawn s = {.kind = curvy ? LASER_CURVY : LASER_STRAIGHT,
                             .x = rng_range(&r, 0, 384),
                             .y = rng_range(&r, 0, 448),
                             .heading = rng_range(&r, 0, 360),
                             .spin = rng_range(&r, -8, 8),
                             .speed = rng_range(&r, 0, 6),
                             .length = curvy ? rng_range(&r, 1, 39) : rng_range(&r, 0, 400),
                             .width = rng_range(&r, 0, 20),
                             .warn = rng_below(&r, 12),
                             .life = rng_below(&r, 60)};
            laser_pool_spawn(&crowd, &s);
        }
        laser_pool_update(&crowd);
        laser_probe q = {rng_range(&r, 0, 384),  rng_range(&r, 0, 448), rng_range(&r, -60, 60),
                         rng_range(&r, -60, 60), rng_range(&r, 1, 4),   rng_range(&r, 0, 30)};
        collision_list_clear(&hits);
        collision_list_clear(&grazes);
        laser_collision_player(&crowd, &q, &hits, &grazes);
        int h = 0, g = 0;
        for (uint32_t i = 0; i < laser_pool_slot_end(&crowd); i++) {
            if (!(crowd.alive[i / 64] >> (i % 64) & 1) || !laser_pool_hurts(&crowd, i))
                continue;
            int curvy = crowd.kind[i] == LASER_CURVY;
            /* the rule laser_collision.h states: the frame's bounds widened by
             * the reach meet the box of the probe's path, then the laser's test */
            float big = q.graze_radius > q.hit_radius ? q.graze_radius : q.hit_radius;
            float reach = big + 0.5f * crowd.width[i];
            float px0 = fminf(q.x, q.x - q.dx), px1 = fmaxf(q.x, q.x - q.dx);
            float py0 = fminf(q.y, q.y - q.dy), py1 = fmaxf(q.y, q.y - q.dy);
            if (px1 + reach < crowd.box_x0[i] || px0 - reach > crowd.box_x1[i] ||
                py1 + reach < crowd.box_y0[i] || py0 - reach > crowd.box_y1[i])
                continue;
            int touch_graze = q.graze_radius > 0 &&
                              (curvy ? laser_collision_curvy(&crowd, i, &q, q.graze_radius)
                                     : laser_collision_straight(&crowd, i, &q, q.graze_radius));
            int touch_hit = curvy ? laser_collision_curvy(&crowd, i, &q, q.hit_radius)
                                  : laser_collision_straight(&crowd, i, &q, q.hit_radius);
            if (touch_graze)
                wrong += g >= grazes.count || grazes.index[g++] != i;
            if (touch_hit)
                wrong += h >= hits.count || hits.index[h++] != i;
        }
        wrong += h != hits.count || g != grazes.count;
        total_hits += h, total_grazes += g;
    }
    printf("crowd: %d hits, %d grazes, %d wrong\n", total_hits, total_grazes, wrong);
    CHECK_EQ_INT(wrong, 0);
    CHECK(total_hits > 20 && total_grazes > 100);
    collision_list_free(&hits);
    collision_list_free(&grazes);
    laser_pool_free(&crowd);
}

int main(void)
{
    test_player_vs_each();
    test_capsule_vs_reference();
    test_chain_vs_reference();
    test_no_tunnelling();
    test_harmless_phases();
    return check_done("sim.laser_collision");
}
