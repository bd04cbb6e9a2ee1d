/* bullet_view: bullets spawned into the real pool reach the batcher oldest
 * first, turned the way they fly, with the holes dead bullets leave skipped. */
#include "../check.h"
#include "render/atlas.h"
#include "render/bullet_view.h"

#include <math.h>

static bullet_handle spawn(bullet_pool *p, float x, float y, double heading, bullet_shape shape)
{
    bullet_spawn s = {0};
    s.x = x;
    s.y = y;
    s.heading = heading;
    s.speed = 1.0;
    s.shape = shape;
    s.color = BULLET_COLOR_BLUE;
    return bullet_pool_spawn(p, &s);
}

int main(void)
{
    bullet_pool pool;
    CHECK(bullet_pool_init(&pool, 256) == 0);
    /* Ten bullets; then free three early slots and spawn two more, which reuse
     * the lowest free slots: storage order is no longer age order. */
    bullet_handle h[10];
    for (int i = 0; i < 10; i++)
        h[i] = spawn(&pool, 10.0f * i, 100.0f, 90.0, BULLET_SHAPE_ORB);
    CHECK(bullet_pool_despawn(&pool, h[1], BULLET_DESPAWN_VANISH));
    CHECK(bullet_pool_despawn(&pool, h[2], BULLET_DESPAWN_VANISH));
    CHECK(bullet_pool_despawn(&pool, h[4], BULLET_DESPAWN_VANISH));
    bullet_handle late = spawn(&pool, 200.0f, 50.0f, 180.0, BULLET_SHAPE_ARROW);
    bullet_handle last = spawn(&pool, 300.0f, 60.0f, 90.0, BULLET_SHAPE_ARROW);
    CHECK(late.index < 4 && last.index < 4); /* reused early slots */

    const sprite_layer_spec layers[2] = {{SPRITE_BLEND_ALPHA, 64}, {SPRITE_BLEND_ADD, 64}};
    sprite_batch b;
    CHECK(sprite_batch_init(&b, SPRITE_BATCH_VERTICES, layers, 2) == 0);
    sprite_bullets view = bullet_view_of_pool(&pool);
    CHECK(view.count >= 9);
    sprite_batch_add_bullets(&b, &view, 0, 1);
    const sprite_layer *l = &b.layers[0];
    CHECK_EQ_INT(l->count, 9);
    /* Oldest first: the seven survivors by age, then the two late ones. */
    const float want_x[9] = {0, 30, 50, 60, 70, 80, 90, 200, 300};
    for (int i = 0; i < 9; i++) {
        float cx = (l->vertices[16 * i] + l->vertices[16 * i + 8]) / 2;
        CHECK_NEAR(cx, want_x[i], 1e-3);
    }
    /* The late arrow heads down (180 degrees): its picture's +x (the tip) is
     * turned to +y, so its top-left corner lies to the right of its centre. */
    const float *v = l->vertices + 16 * 7;
    CHECK(v[0] > 200.5f && v[1] < 50.0f);
    /* An arrow heading right (90 degrees) is drawn as in the atlas. */
    v = l->vertices + 16 * 8;
    atlas_rect r = atlas_frame_rect(atlas_bullet_frame(BULLET_SHAPE_ARROW, BULLET_COLOR_BLUE, 0));
    CHECK_NEAR(v[0], 300.0f - r.w / 2.0f, 1e-3);
    CHECK_NEAR(v[1], 60.0f - r.h / 2.0f, 1e-3);
    sprite_batch_free(&b);
    bullet_pool_free(&pool);
    return check_done("render.bullet_view");
}
