/* bullet_instances: the pool's bullets reach the instance stream oldest
 * first, each in its layer, with its position, heading, look and age, the
 * holes of dead bullets skipped; a full layer refuses and counts; the build
 * split over 2 and 4 threads gives the same arrays as one thread. */
#include "../check.h"
#include "render/bullet_instances.h"
#include "render/bullet_view.h"

#include <math.h>
#include <string.h>

static bullet_handle spawn(bullet_pool *p, float x, double heading, bullet_shape shape)
{
    bullet_spawn s = {0};
    s.x = x;
    s.y = 100.0f;
    s.heading = heading;
    s.speed = 1.0;
    s.shape = shape;
    s.color = BULLET_COLOR_BLUE;
    return bullet_pool_spawn(p, &s);
}

/* Ten bullets, three freed, two more in the freed slots: storage order is no
 * longer age order, and the stream follows age. */
static void instances_test_order(void)
{
    bullet_pool pool;
    CHECK(bullet_pool_init(&pool, 256) == 0);
    bullet_handle h[10];
    for (int i = 0; i < 10; i++)
        h[i] =
            spawn(&pool, 10.0f * (float)i, 90.0, i == 6 ? BULLET_SHAPE_BUBBLE : BULLET_SHAPE_ORB);
    CHECK(bullet_pool_despawn(&pool, h[1], BULLET_DESPAWN_VANISH));
    CHECK(bullet_pool_despawn(&pool, h[2], BULLET_DESPAWN_VANISH));
    CHECK(bullet_pool_despawn(&pool, h[4], BULLET_DESPAWN_VANISH));
    bullet_handle late = spawn(&pool, 200.0f, 180.0, BULLET_SHAPE_ARROW);
    CHECK(late.index < 4);
    bullet_pool_update(&pool); /* a frame on: ages are 1 */

    bullet_instances b;
    CHECK(bullet_instances_init(&b, 64) == 0);
    bullet_instances_set_additive(&b, BULLET_SHAPE_BUBBLE, 1);
    b.ages = 1;
    sprite_bullets view = bullet_view_of_pool(&pool);
    bullet_instances_add(&b, &view);
    /* oldest first, moved a pixel along their headings (90: +x, 180: +y) */
    static const float want_x[] = {1, 31, 51, 71, 81, 91, 200};
    CHECK_EQ_INT(b.count[0], 7);
    CHECK_EQ_INT(b.count[1], 1);
    for (int k = 0; k < b.count[0] && k < 7; k++)
        CHECK_NEAR(b.layer[0][k].x, want_x[k], 1e-4);
    CHECK_NEAR(b.layer[1][0].x, 61.0f, 1e-4);
    CHECK_EQ_INT(b.layer[1][0].shape, BULLET_SHAPE_BUBBLE);
    const bullet_instance *a = &b.layer[0][0], *arrow = &b.layer[0][6];
    CHECK_EQ_INT(a->dir_x, 32767); /* heading 90: (sin, -cos) = (1, 0) */
    CHECK(abs(a->dir_y) <= 1);
    CHECK(abs(arrow->dir_x) <= 1); /* heading 180: (0, 1) */
    CHECK_EQ_INT(arrow->dir_y, 32767);
    CHECK_EQ_INT(arrow->shape, BULLET_SHAPE_ARROW);
    CHECK_EQ_INT(arrow->color, BULLET_COLOR_BLUE);
    CHECK_EQ_INT(a->age, 1);
    CHECK_NEAR(a->y, 100.0f, 1e-4);
    CHECK_NEAR(arrow->y, 101.0f, 1e-4);

    b.ages = 0; /* no ages asked: 0, and the cold records are not read */
    bullet_instances_clear(&b);
    bullet_instances_add(&b, &view);
    CHECK_EQ_INT(b.layer[0][0].age, 0);
    CHECK_EQ_INT(b.count[0] + b.count[1], 8);
    bullet_instances_free(&b);

    CHECK(bullet_instances_init(&b, 5) == 0); /* full: five go, the other two are counted */
    bullet_instances_set_additive(&b, BULLET_SHAPE_BUBBLE, 1);
    bullet_instances_add(&b, &view);
    CHECK_EQ_INT(b.count[0], 5);
    CHECK_EQ_INT(b.count[1], 1);
    CHECK_EQ_U64(b.refused, 2);
    CHECK_NEAR(b.layer[0][4].x, 81.0f, 1e-4);
    bullet_instances_free(&b);
    bullet_pool_free(&pool);
}

/* A large pool churned for a while (holes in the draw order), built on 1, 2
 * and 4 threads: byte for byte the same. */
static void instances_test_threads(void)
{
    enum {
        N = 60000
    };
    bullet_pool pool;
    CHECK(bullet_pool_init(&pool, N) == 0);
    uint32_t seed = 1;
    for (int f = 0; f < 60; f++) {
        for (int k = 0; k < N / 40; k++) {
            seed = seed * 1664525u + 1013904223u;
            bullet_spawn s = {0};
            s.x = (float)(seed >> 8 & 255);
            s.y = (float)(seed >> 16 & 255);
            s.heading = (double)(seed % 360);
            s.speed = 1.0;
            s.lifetime = 10 + seed % 50;
            s.shape = (bullet_shape)(seed >> 4 & 7);
            s.color = (bullet_color)(seed >> 12 & 7);
            bullet_pool_spawn(&pool, &s);
        }
        bullet_pool_update(&pool);
    }
    sprite_bullets view = bullet_view_of_pool(&pool);
    CHECK(view.count > 20000);
    bullet_instances b[3];
    workers w[3];
    static const int threads[3] = {1, 2, 4};
    for (int t = 0; t < 3; t++) {
        CHECK(workers_init(&w[t], threads[t]) == 0);
        CHECK(bullet_instances_init(&b[t], N) == 0);
        bullet_instances_set_additive(&b[t], BULLET_SHAPE_BUBBLE, 1);
        bullet_instances_set_additive(&b[t], 3, 1);
        b[t].split_min = 0;
        bullet_instances_add_workers(&b[t], &view, &w[t]);
    }
    CHECK(b[0].count[1] > 1000 && b[0].count[0] > 10000);
    CHECK_EQ_INT(b[0].count[0] + b[0].count[1], (int)pool.live);
    for (int t = 1; t < 3; t++)
        for (int l = 0; l < BULLET_INSTANCE_LAYERS; l++) {
            CHECK_EQ_INT(b[t].count[l], b[0].count[l]);
            CHECK(memcmp(b[t].layer[l], b[0].layer[l],
                         (size_t)b[0].count[l] * sizeof(bullet_instance)) == 0);
        }
    for (int t = 0; t < 3; t++) {
        bullet_instances_free(&b[t]);
        workers_free(&w[t]);
    }
    bullet_pool_free(&pool);
}

int main(void)
{
    instances_test_order();
    instances_test_threads();
    return check_done("render.bullet_instances");
}
