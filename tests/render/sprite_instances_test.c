/* sprite_instances: the 16-byte instances of the instanced path, without a
 * window: packing, the additive split, a draw order's holes, capacity and
 * bad input, and the look table the GPU reads against the batch's looks. */
#include "../check.h"
#include "render/atlas.h"
#include "render/sprite_instances.h"

#include <math.h>
#include <string.h>

static const sprite_layer_spec layers[] = {{SPRITE_BLEND_ALPHA, 8}, {SPRITE_BLEND_ADD, 8}};

static sprite_batch batch;
static float table[4 * SPRITE_INSTANCE_LOOKS * SPRITE_INSTANCE_TABLE_ROWS];

/* Six bullets: two bubbles (additive) among orbs and arrows, turned. */
static float xs[6] = {10, 20, 30, 40, 50, 60}, ys[6] = {1, 2, 3, 4, 5, 6};
static float cs[6], ss[6];
static uint8_t shapes[6] = {BULLET_SHAPE_ORB,    BULLET_SHAPE_BUBBLE, BULLET_SHAPE_ARROW,
                            BULLET_SHAPE_BUBBLE, BULLET_SHAPE_ORB,    BULLET_SHAPE_ARROW};
static uint8_t colors[6] = {0, 1, 2, 3, 4, 5};

static sprite_bullets view(int n, const uint32_t *order)
{
    for (int i = 0; i < 6; i++) {
        cs[i] = cosf(0.5f * (float)i);
        ss[i] = sinf(0.5f * (float)i);
    }
    return (sprite_bullets){n,    xs, ys, cs,   ss,   shapes, colors, order,
                            NULL, 0,  0,  NULL, NULL, NULL,   0};
}

/* Packing and the split: alpha looks to list 0, additive to list 1, each in order. */
static void test_split(void)
{
    static sprite_instance lists[2][8];
    uint8_t additive[SPRITE_INSTANCE_LOOKS];
    sprite_instances_additive(&batch, additive);
    sprite_instance_out o = {{lists[0], lists[1]}, {0, 0}, 8, 0};
    sprite_bullets in = view(6, NULL);
    sprite_instances_add(&batch, additive, &in, &o);
    CHECK_EQ_INT(o.count[0], 4);
    CHECK_EQ_INT(o.count[1], 2);
    CHECK_EQ_U64(o.refused, 0);
    const int alpha[4] = {0, 2, 4, 5}, add[2] = {1, 3};
    for (int k = 0; k < 4; k++) {
        const sprite_instance *p = &lists[0][k];
        int j = alpha[k];
        CHECK(p->x == xs[j] && p->y == ys[j]);
        CHECK_NEAR(p->c / 32767.0f, cs[j], 1e-4);
        CHECK_NEAR(p->s / 32767.0f, ss[j], 1e-4);
        CHECK_EQ_INT(p->look, shapes[j] * SPRITE_LOOK_COLORS + colors[j]);
        CHECK_EQ_INT(p->frame, 0);
    }
    for (int k = 0; k < 2; k++)
        CHECK(lists[1][k].x == xs[add[k]]);
}

/* A draw order's holes are skipped; its order is kept. */
static void test_order(void)
{
    static sprite_instance lists[2][8];
    uint8_t additive[SPRITE_INSTANCE_LOOKS];
    sprite_instances_additive(&batch, additive);
    const uint32_t order[5] = {5, SPRITE_BULLETS_SKIP, 0, SPRITE_BULLETS_SKIP, 4};
    sprite_instance_out o = {{lists[0], lists[1]}, {0, 0}, 8, 0};
    sprite_bullets in = view(5, order);
    sprite_instances_add(&batch, additive, &in, &o);
    CHECK_EQ_INT(o.count[0], 3);
    CHECK_EQ_INT(o.count[1], 0);
    CHECK(lists[0][0].x == 60 && lists[0][1].x == 10 && lists[0][2].x == 50);
}

/* Past a list's capacity bullets are refused and counted, the rest kept;
 * headings out of range and bytes past the shapes are clamped and masked. */
static void test_capacity_and_bad_input(void)
{
    static sprite_instance lists[2][3];
    uint8_t additive[SPRITE_INSTANCE_LOOKS];
    sprite_instances_additive(&batch, additive);
    sprite_instance_out o = {{lists[0], lists[1]}, {0, 0}, 3, 0};
    sprite_bullets in = view(6, NULL);
    sprite_instances_add(&batch, additive, &in, &o);
    sprite_instances_add(&batch, additive, &in, &o);
    CHECK_EQ_INT(o.count[0], 3);
    CHECK_EQ_INT(o.count[1], 3);
    CHECK_EQ_U64(o.refused, 6);
    float x = 1, y = 2, c = 7.0f, s = NAN;
    uint8_t shape = 255, color = 255;
    sprite_bullets bad = {1, &x, &y, &c, &s, &shape, &color, NULL, NULL, 0, 0, NULL, NULL, NULL, 0};
    sprite_instance_out ob = {{lists[0], lists[1]}, {0, 0}, 3, 0};
    sprite_instances_add(&batch, additive, &bad, &ob);
    CHECK_EQ_INT(ob.count[0] + ob.count[1], 1);
    const sprite_instance *p = ob.count[0] ? &lists[0][0] : &lists[1][0];
    CHECK_EQ_INT(p->c, 32767);
    CHECK(p->s >= -32768 && p->s <= 32767); /* NaN: some valid fraction */
    CHECK(p->look < SPRITE_INSTANCE_LOOKS);
}

/* The table holds each look's rectangle, half size and turning as the batch has them. */
static void test_table(void)
{
    sprite_instances_look_table(&batch, table);
    const int row = 4 * SPRITE_INSTANCE_LOOKS;
    for (int i = 0; i < SPRITE_INSTANCE_LOOKS; i += 37) {
        const sprite_look *l = &batch.looks[i];
        CHECK(table[4 * i] == l->uv[0] && table[4 * i + 1] == l->uv[1]);
        CHECK(table[4 * i + 2] == l->uv[4] && table[4 * i + 3] == l->uv[5]);
        CHECK(table[row + 4 * i] == l->hw && table[row + 4 * i + 1] == l->hh);
        CHECK(table[row + 4 * i + 2] == l->turns);
    }
    int arrow = BULLET_SHAPE_ARROW * SPRITE_LOOK_COLORS;
    CHECK(table[row + 4 * arrow + 2] == 1.0f);
}

int main(void)
{
    CHECK(sprite_batch_init(&batch, SPRITE_BATCH_VERTICES, layers, 2) == 0);
    sprite_batch_set_additive(&batch, BULLET_SHAPE_BUBBLE, 1);
    test_split();
    test_order();
    test_capacity_and_bad_input();
    test_table();
    sprite_batch_free(&batch);
    return check_done("render.sprite_instances");
}
