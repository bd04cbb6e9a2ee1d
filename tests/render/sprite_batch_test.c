/* sprite_batch: the vertex and rectangle builders, without a window: positions,
 * UVs, rotation, draw order, layers, capacity, bad input. */
#include "../check.h"
#include "core/mem.h"
#include "render/atlas.h"
#include "render/sprite_batch.h"

#include <math.h>
#include <string.h>

enum {
    LAYER_ALPHA,
    LAYER_ADD,
    LAYER_TOP,
};

static const sprite_layer_spec layers[] = {
    {SPRITE_BLEND_ALPHA, 64},
    {SPRITE_BLEND_ADD, 64},
    {SPRITE_BLEND_ALPHA, 4},
};

/* A small SoA set of bullets the tests fill. */
typedef struct soa {
    float x[16], y[16], c[16], s[16];
    uint8_t shape[16], color[16];
    uint32_t order[16];
} soa;

static sprite_bullets view(soa *a, int n)
{
    return (sprite_bullets){n,    a->x, a->y, a->c, a->s, a->shape, a->color, NULL,
                            NULL, 0,    0,    NULL, NULL, NULL,     0};
}

static void put(soa *a, int i, float x, float y, float angle, bullet_shape shape,
                bullet_color color)
{
    a->x[i] = x;
    a->y[i] = y;
    a->c[i] = cosf(angle);
    a->s[i] = sinf(angle);
    a->shape[i] = (uint8_t)shape;
    a->color[i] = (uint8_t)color;
}

/* Corner k (0 TL, 1 TR, 2 BR, 3 BL) of sprite i in a vertex layer. */
static float vx(const sprite_layer *l, int i, int k)
{
    return l->vertices[16 * i + 4 * k];
}

static float vy(const sprite_layer *l, int i, int k)
{
    return l->vertices[16 * i + 4 * k + 1];
}

static void test_upright_positions_and_uvs(void)
{
    sprite_batch b;
    CHECK(sprite_batch_init(&b, SPRITE_BATCH_VERTICES, layers, 3) == 0);
    sprite_batch_set_origin(&b, 32, 16);
    soa a;
    /* An orb does not turn: its heading must be ignored. */
    put(&a, 0, 10, 20, 1.0f, BULLET_SHAPE_ORB, BULLET_COLOR_BLUE);
    sprite_bullets in = view(&a, 1);
    sprite_batch_add_bullets(&b, &in, LAYER_ALPHA, LAYER_ADD);
    const sprite_layer *l = &b.layers[LAYER_ALPHA];
    CHECK_EQ_INT(l->count, 1);
    atlas_rect r = atlas_frame_rect(atlas_bullet_frame(BULLET_SHAPE_ORB, BULLET_COLOR_BLUE, 0));
    float hw = r.w / 2.0f, hh = r.h / 2.0f;
    CHECK_NEAR(vx(l, 0, 0), 42 - hw, 1e-4);
    CHECK_NEAR(vy(l, 0, 0), 36 - hh, 1e-4);
    CHECK_NEAR(vx(l, 0, 1), 42 + hw, 1e-4);
    CHECK_NEAR(vy(l, 0, 1), 36 - hh, 1e-4);
    CHECK_NEAR(vx(l, 0, 2), 42 + hw, 1e-4);
    CHECK_NEAR(vy(l, 0, 2), 36 + hh, 1e-4);
    CHECK_NEAR(vx(l, 0, 3), 42 - hw, 1e-4);
    CHECK_NEAR(vy(l, 0, 3), 36 + hh, 1e-4);
    float W = (float)atlas_width(), H = (float)atlas_height();
    const float *v = l->vertices; /* x y u v per corner */
    CHECK_NEAR(v[2], r.x / W, 1e-6);
    CHECK_NEAR(v[3], r.y / H, 1e-6);
    CHECK_NEAR(v[6], (r.x + r.w) / W, 1e-6);
    CHECK_NEAR(v[7], r.y / H, 1e-6);
    CHECK_NEAR(v[10], (r.x + r.w) / W, 1e-6);
    CHECK_NEAR(v[11], (r.y + r.h) / H, 1e-6);
    CHECK_NEAR(v[14], r.x / W, 1e-6);
    CHECK_NEAR(v[15], (r.y + r.h) / H, 1e-6);
    CHECK_EQ_INT(b.layers[LAYER_ADD].count, 0);
    sprite_batch_free(&b);
}

/* A turning shape: every corner is the upright corner rotated about the centre. */
static void test_rotation(void)
{
    sprite_batch b;
    CHECK(sprite_batch_init(&b, SPRITE_BATCH_VERTICES, layers, 3) == 0);
    soa a;
    const float angles[] = {0.0f, 1.5707963f, 2.5f, -0.7f, 3.14159265f};
    for (int i = 0; i < 5; i++)
        put(&a, i, 100.0f + i, 50.0f, angles[i], BULLET_SHAPE_RICE, BULLET_COLOR_RED);
    sprite_bullets in = view(&a, 5);
    sprite_batch_add_bullets(&b, &in, LAYER_ALPHA, LAYER_ADD);
    const sprite_layer *l = &b.layers[LAYER_ALPHA];
    CHECK_EQ_INT(l->count, 5);
    atlas_rect r = atlas_frame_rect(atlas_bullet_frame(BULLET_SHAPE_RICE, BULLET_COLOR_RED, 0));
    const float local[4][2] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
    for (int i = 0; i < 5; i++) {
        float c = cosf(angles[i]), s = sinf(angles[i]);
        for (int k = 0; k < 4; k++) {
            float lx = local[k][0] * r.w / 2, ly = local[k][1] * r.h / 2;
            CHECK_NEAR(vx(l, i, k), 100.0f + i + lx * c - ly * s, 1e-3);
            CHECK_NEAR(vy(l, i, k), 50.0f + lx * s + ly * c, 1e-3);
        }
    }
    /* A quarter turn clockwise on screen: the picture's +x (its nose) points down,
     * so the top-left corner moves to the top-right. */
    CHECK(vx(l, 1, 0) > 101.0f && vy(l, 1, 0) < 50.0f);
    /* With no heading arrays, a turning shape is drawn as in the atlas. */
    sprite_batch_clear(&b);
    in.cos = in.sin = NULL;
    sprite_batch_add_bullets(&b, &in, LAYER_ALPHA, LAYER_ADD);
    CHECK_NEAR(vx(l, 1, 0), 101.0f - r.w / 2.0f, 1e-4);
    CHECK_NEAR(vy(l, 1, 0), 50.0f - r.h / 2.0f, 1e-4);
    sprite_batch_free(&b);
}

/* Draw order follows the order array, and additive shapes go to their own layer
 * keeping their relative order. */
static void test_order_and_layers(void)
{
    sprite_batch b;
    CHECK(sprite_batch_init(&b, SPRITE_BATCH_VERTICES, layers, 3) == 0);
    sprite_batch_set_additive(&b, BULLET_SHAPE_BUBBLE, 1);
    soa a;
    for (int i = 0; i < 6; i++)
        put(&a, i, (float)(10 * i), 0, 0, i % 3 == 0 ? BULLET_SHAPE_BUBBLE : BULLET_SHAPE_ORB,
            BULLET_COLOR_GREEN);
    const uint32_t order[6] = {5, 3, 1, 0, 2, 4};
    sprite_bullets in = view(&a, 6);
    in.order = order;
    sprite_batch_add_bullets(&b, &in, LAYER_ALPHA, LAYER_ADD);
    const sprite_layer *la = &b.layers[LAYER_ALPHA], *ld = &b.layers[LAYER_ADD];
    CHECK_EQ_INT(la->count, 4);
    CHECK_EQ_INT(ld->count, 2);
    /* Orbs in order 5, 1, 2, 4; bubbles 3, 0. Corner 0 x = 10 * index - half width. */
    const int alpha_expect[4] = {5, 1, 2, 4}, add_expect[2] = {3, 0};
    for (int k = 0; k < 4; k++)
        CHECK_NEAR(vx(la, k, 0) + vx(la, k, 2), 2.0f * 10 * alpha_expect[k], 1e-3);
    for (int k = 0; k < 2; k++)
        CHECK_NEAR(vx(ld, k, 0) + vx(ld, k, 2), 2.0f * 10 * add_expect[k], 1e-3);
    /* Holes in the order are skipped, in both modes and on the slow path. */
    const uint32_t holes[8] = {
        SPRITE_BULLETS_SKIP, 2, SPRITE_BULLETS_SKIP, SPRITE_BULLETS_SKIP, 4, 1, SPRITE_BULLETS_SKIP,
        SPRITE_BULLETS_SKIP};
    sprite_bullets with_holes = view(&a, 8);
    with_holes.order = holes;
    sprite_batch_clear(&b);
    sprite_batch_add_bullets(&b, &with_holes, LAYER_ALPHA, LAYER_ADD);
    CHECK_EQ_INT(la->count, 3);
    CHECK_EQ_INT(ld->count, 0);
    const int kept[3] = {2, 4, 1};
    for (int k = 0; k < 3; k++)
        CHECK_NEAR(vx(la, k, 0) + vx(la, k, 2), 2.0f * 10 * kept[k], 1e-3);
    sprite_batch_clear(&b);
    sprite_batch_add_bullets(&b, &with_holes, LAYER_TOP, LAYER_TOP);
    CHECK_EQ_INT(b.layers[LAYER_TOP].count, 3);
    CHECK_EQ_U64(b.refused, 0);
    /* More entries than room, but few enough bullets: they all fit, in order. */
    const sprite_layer *lt = &b.layers[LAYER_TOP];
    for (int k = 0; k < 3; k++)
        CHECK_NEAR(vx(lt, k, 0) + vx(lt, k, 2), 2.0f * 10 * kept[k], 1e-3);
    /* The same layer for both: everything in one layer, in order. */
    sprite_batch_clear(&b);
    sprite_batch_add_bullets(&b, &in, LAYER_ALPHA, LAYER_ALPHA);
    CHECK_EQ_INT(la->count, 6);
    CHECK_EQ_INT(ld->count, 0);
    for (int k = 0; k < 6; k++)
        CHECK_NEAR(vx(la, k, 0) + vx(la, k, 2), 2.0f * 10 * order[k], 1e-3);
    sprite_batch_free(&b);
}

/* A long draw order with holes (runs of entries cross the builders' own
 * batches of 512) builds exactly what the same bullets give in array order,
 * in both modes, with alpha and additive bullets split. */
static void test_long_order(void)
{
    enum {
        BULLETS = 3000,
        ENTRIES = 5200
    };
    static float x[BULLETS], y[BULLETS], c[BULLETS], s[BULLETS];
    static float gx[BULLETS], gy[BULLETS], gc[BULLETS], gs[BULLETS];
    static uint8_t shape[BULLETS], color[BULLETS], gshape[BULLETS], gcolor[BULLETS];
    static uint32_t order[ENTRIES];
    const sprite_layer_spec big[] = {{SPRITE_BLEND_ALPHA, BULLETS}, {SPRITE_BLEND_ADD, BULLETS}};
    for (int i = 0; i < BULLETS; i++) {
        x[i] = (float)(i % 97) * 3.5f;
        y[i] = (float)(i / 97) * 4.25f;
        c[i] = cosf((float)i * 0.37f);
        s[i] = sinf((float)i * 0.37f);
        shape[i] = (uint8_t)(i * 7 % BULLET_SHAPE_COUNT);
        color[i] = (uint8_t)(i % BULLET_COLOR_COUNT);
    }
    /* every bullet once, newest slots first, holes in runs of up to 9 */
    int n = 0, next = BULLETS - 1;
    for (int k = 0; k < ENTRIES; k++) {
        int hole = next < 0 || (k * 2654435761u >> 28) % 3 == 0;
        order[k] = hole ? SPRITE_BULLETS_SKIP : (uint32_t)next--;
        if (!hole) {
            int j = (int)order[k];
            gx[n] = x[j], gy[n] = y[j], gc[n] = c[j], gs[n] = s[j];
            gshape[n] = shape[j], gcolor[n] = color[j];
            n++;
        }
    }
    CHECK_EQ_INT(n, BULLETS);
    for (int mode = 0; mode < 2; mode++) {
        sprite_batch ordered, plain;
        sprite_batch_mode m = mode ? SPRITE_BATCH_RECTS : SPRITE_BATCH_VERTICES;
        CHECK(sprite_batch_init(&ordered, m, big, 2) == 0);
        CHECK(sprite_batch_init(&plain, m, big, 2) == 0);
        sprite_batch_set_additive(&ordered, BULLET_SHAPE_BUBBLE, 1);
        sprite_batch_set_additive(&plain, BULLET_SHAPE_BUBBLE, 1);
        sprite_bullets in = {ENTRIES, x, y, c,    s,    shape, color, order,
                             NULL,    0, 0, NULL, NULL, NULL,  0};
        sprite_bullets gathered = {BULLETS, gx, gy, gc,   gs,   gshape, gcolor, NULL,
                                   NULL,    0,  0,  NULL, NULL, NULL,   0};
        sprite_batch_add_bullets(&ordered, &in, 0, 1);
        sprite_batch_add_bullets(&plain, &gathered, 0, 1);
        for (int l = 0; l < 2; l++) {
            const sprite_layer *a = &ordered.layers[l], *b = &plain.layers[l];
            CHECK_EQ_INT(a->count, b->count);
            CHECK(a->count > 0);
            size_t bytes = mode ? sizeof(sprite_rect) * (size_t)a->count
                                : sizeof(float) * 16 * (size_t)a->count;
            CHECK(memcmp(mode ? (const void *)a->rects : (const void *)a->vertices,
                         mode ? (const void *)b->rects : (const void *)b->vertices, bytes) == 0);
        }
        CHECK_EQ_INT(ordered.layers[0].count + ordered.layers[1].count, BULLETS);
        sprite_batch_free(&ordered);
        sprite_batch_free(&plain);
    }
}

/* A full layer refuses the rest, counts them, and keeps the first in order. */
static void test_capacity(void)
{
    sprite_batch b;
    CHECK(sprite_batch_init(&b, SPRITE_BATCH_VERTICES, layers, 3) == 0);
    soa a;
    for (int i = 0; i < 6; i++)
        put(&a, i, (float)i, 0, 0, BULLET_SHAPE_ORB_SMALL, BULLET_COLOR_RED);
    sprite_bullets in = view(&a, 6);
    sprite_batch_add_bullets(&b, &in, LAYER_TOP, LAYER_TOP);
    const sprite_layer *l = &b.layers[LAYER_TOP];
    CHECK_EQ_INT(l->count, 4);
    CHECK_EQ_U64(b.refused, 2);
    for (int k = 0; k < 4; k++)
        CHECK_NEAR((vx(l, k, 0) + vx(l, k, 2)) / 2, (float)k, 1e-4);
    sprite_batch_add(&b, LAYER_TOP, 0, 0, 0, 1, 0);
    CHECK_EQ_U64(b.refused, 3);
    /* Bad layers and frames are ignored, not drawn. */
    sprite_batch_add(&b, 7, 0, 0, 0, 1, 0);
    sprite_batch_add(&b, LAYER_ALPHA, atlas_frame_count(), 0, 0, 1, 0);
    sprite_batch_add(&b, LAYER_ALPHA, -1, 0, 0, 1, 0);
    CHECK_EQ_INT(b.layers[LAYER_ALPHA].count, 0);
    sprite_batch_add_bullets(&b, &in, 9, LAYER_ADD);
    CHECK_EQ_INT(sprite_batch_count(&b), 4);
    sprite_batch_free(&b);
}

static void test_bad_kinds(void)
{
    sprite_batch b;
    CHECK(sprite_batch_init(&b, SPRITE_BATCH_RECTS, layers, 3) == 0);
    soa a;
    put(&a, 0, 50, 50, 0, BULLET_SHAPE_ORB, BULLET_COLOR_RED);
    a.shape[0] = 200;
    a.color[0] = 99;
    put(&a, 1, NAN, INFINITY, NAN, BULLET_SHAPE_KUNAI, BULLET_COLOR_RED);
    sprite_bullets in = view(&a, 2);
    sprite_batch_add_bullets(&b, &in, LAYER_ALPHA, LAYER_ADD);
    const sprite_layer *l = &b.layers[LAYER_ALPHA];
    CHECK_EQ_INT(l->count, 2);
    /* Masked into the look table: shape 200 (a byte: the table holds all 256,
     * and an id past the art draws as shape 0), colour 99 & 7 = 3. */
    CHECK_EQ_INT(l->rects[0].frame, atlas_bullet_frame((bullet_shape)0, (bullet_color)(99 & 7), 0));
    CHECK(l->rects[1].frame >= atlas_bullet_frame(BULLET_SHAPE_KUNAI, BULLET_COLOR_RED, 0));
    CHECK(l->rects[1].frame <
          atlas_bullet_frame(BULLET_SHAPE_KUNAI, BULLET_COLOR_RED, 0) + ATLAS_ANGLE_STEPS);
    sprite_batch_free(&b);
}

/* Rectangles: whole pixels rounded to nearest, and the pre-rotated frame nearest
 * the heading. */
static void test_rects(void)
{
    sprite_batch b;
    CHECK(sprite_batch_init(&b, SPRITE_BATCH_RECTS, layers, 3) == 0);
    sprite_batch_set_origin(&b, 32, 16);
    soa a;
    put(&a, 0, 10.4f, 20.6f, 0, BULLET_SHAPE_ORB, BULLET_COLOR_RED);
    put(&a, 1, -3.6f, -0.4f, 0, BULLET_SHAPE_ORB, BULLET_COLOR_RED);
    sprite_bullets in = view(&a, 2);
    sprite_batch_add_bullets(&b, &in, LAYER_ALPHA, LAYER_ADD);
    const sprite_layer *l = &b.layers[LAYER_ALPHA];
    atlas_rect r = atlas_frame_rect(atlas_bullet_frame(BULLET_SHAPE_ORB, BULLET_COLOR_RED, 0));
    CHECK_EQ_INT(l->rects[0].x, 42 - r.w / 2);
    CHECK_EQ_INT(l->rects[0].y, 37 - r.h / 2);
    CHECK_EQ_INT(l->rects[1].x, 28 - r.w / 2);
    CHECK_EQ_INT(l->rects[1].y, 16 - r.h / 2);
    /* Every step, a little either side of its centre, picks that step. */
    const float step = 6.2831853f / ATLAS_ANGLE_STEPS;
    int wrong = 0;
    for (int k = 0; k < ATLAS_ANGLE_STEPS; k++) {
        for (int side = -1; side <= 1; side++) {
            float ang = k * step + side * 0.45f * step;
            wrong += sprite_batch_angle_step(cosf(ang), sinf(ang)) != k;
            /* Headings of any length work the same. */
            wrong += sprite_batch_angle_step(3.0f * cosf(ang), 3.0f * sinf(ang)) != k;
        }
        float past = k * step + 0.55f * step;
        wrong += sprite_batch_angle_step(cosf(past), sinf(past)) != (k + 1) % ATLAS_ANGLE_STEPS;
    }
    CHECK_EQ_INT(wrong, 0);
    /* The batch's table lookup agrees with the exact step away from boundaries. */
    int disagree = 0, compared = 0;
    for (int k = 0; k < 4000; k++) {
        float ang = -3.14159265f + 6.2831853f * (float)k / 4000.0f;
        float pos = ang / step - floorf(ang / step);
        if (fabsf(pos - 0.5f) < 0.12f)
            continue; /* within 0.024 rad of a boundary */
        soa one;
        put(&one, 0, 100, 100, ang, BULLET_SHAPE_KUNAI, BULLET_COLOR_RED);
        sprite_bullets v1 = view(&one, 1);
        sprite_batch_clear(&b);
        sprite_batch_add_bullets(&b, &v1, LAYER_ALPHA, LAYER_ADD);
        int want = atlas_bullet_frame(BULLET_SHAPE_KUNAI, BULLET_COLOR_RED,
                                      sprite_batch_angle_step(cosf(ang), sinf(ang)));
        disagree += l->rects[0].frame != want;
        compared++;
    }
    CHECK(compared > 3000);
    CHECK_EQ_INT(disagree, 0);
    sprite_batch_clear(&b);
    put(&a, 0, 0, 0, 1.5707963f, BULLET_SHAPE_ARROW, BULLET_COLOR_CYAN);
    put(&a, 1, 0, 0, 1.5707963f, BULLET_SHAPE_STAR, BULLET_COLOR_CYAN);
    sprite_batch_add_bullets(&b, &in, LAYER_ALPHA, LAYER_ADD);
    CHECK_EQ_INT(l->rects[0].frame,
                 atlas_bullet_frame(BULLET_SHAPE_ARROW, BULLET_COLOR_CYAN, ATLAS_ANGLE_STEPS / 4));
    CHECK_EQ_INT(l->rects[1].frame, atlas_bullet_frame(BULLET_SHAPE_STAR, BULLET_COLOR_CYAN, 0));
    sprite_batch_free(&b);
}

typedef struct submit_log {
    int calls;
    int counts[SPRITE_BATCH_MAX_LAYERS];
    sprite_blend blends[SPRITE_BATCH_MAX_LAYERS];
} submit_log;

static void log_submit(const sprite_batch *b, const sprite_layer *layer, void *user)
{
    (void)b;
    submit_log *log = user;
    log->counts[log->calls] = layer->count;
    log->blends[log->calls] = layer->blend;
    log->calls++;
}

/* Submit visits non-empty layers in order; the indices make two triangles per
 * sprite; building allocates nothing. */
static void test_submit_and_no_allocation(void)
{
    sprite_batch b;
    CHECK(sprite_batch_init(&b, SPRITE_BATCH_VERTICES, layers, 3) == 0);
    CHECK_EQ_INT(b.indices[6], 4);
    CHECK_EQ_INT(b.indices[7], 5);
    CHECK_EQ_INT(b.indices[8], 6);
    CHECK_EQ_INT(b.indices[11], 7);
    soa a;
    for (int i = 0; i < 3; i++)
        put(&a, i, 0, 0, 0, BULLET_SHAPE_STAR, BULLET_COLOR_WHITE);
    sprite_bullets in = view(&a, 3);
    mem_stats before = mem_get_stats();
    sprite_batch_add_bullets(&b, &in, LAYER_ADD, LAYER_ADD);
    sprite_batch_add(&b, LAYER_TOP, atlas_sprite_frame(ATLAS_SPRITE_HITBOX, 0), 5, 5, 1, 0);
    CHECK_EQ_U64(mem_get_stats().allocs, before.allocs);
    submit_log log = {0};
    sprite_batch_submit(&b, log_submit, &log);
    CHECK_EQ_INT(log.calls, 2);
    CHECK_EQ_INT(log.counts[0], 3);
    CHECK(log.blends[0] == SPRITE_BLEND_ADD);
    CHECK_EQ_INT(log.counts[1], 1);
    CHECK(log.blends[1] == SPRITE_BLEND_ALPHA);
    sprite_batch_free(&b);
}

/* Init refuses bad layer lists and leaves nothing behind when memory runs out. */
static void test_init_failures(void)
{
    sprite_batch b;
    CHECK(sprite_batch_init(&b, SPRITE_BATCH_VERTICES, layers, 0) != 0);
    CHECK(sprite_batch_init(&b, SPRITE_BATCH_VERTICES, layers, SPRITE_BATCH_MAX_LAYERS + 1) != 0);
    sprite_layer_spec bad = {SPRITE_BLEND_ALPHA, 0};
    CHECK(sprite_batch_init(&b, SPRITE_BATCH_RECTS, &bad, 1) != 0);
    int64_t live = mem_live_blocks();
    for (uint64_t n = 1; n <= 8; n++) {
        mem_fail_at(n);
        int rc = sprite_batch_init(&b, SPRITE_BATCH_VERTICES, layers, 3);
        mem_fail_at(0);
        if (rc == 0)
            sprite_batch_free(&b);
        CHECK_EQ_INT(mem_live_blocks(), live);
    }
}

/* Sprites are found by the names of render/atlas_sprites.h. */
static void test_sprite_names(void)
{
    CHECK_EQ_INT(atlas_sprite_by_name("enemy_drone"), ATLAS_SPRITE_ENEMY_DRONE);
    CHECK_EQ_INT(atlas_sprite_by_name("boss"), ATLAS_SPRITE_BOSS);
    CHECK_EQ_INT(atlas_sprite_by_name("nope"), -1);
    CHECK_EQ_INT(atlas_sprite_by_name(NULL), -1);
    CHECK_EQ_INT(atlas_sprite_frames(ATLAS_SPRITE_EXPLOSION), 8);
    CHECK_EQ_INT(atlas_sprite_frame(ATLAS_SPRITE_EXPLOSION, 9),
                 atlas_sprite_frame(ATLAS_SPRITE_EXPLOSION, 1));
}

int main(void)
{
    test_sprite_names();
    test_upright_positions_and_uvs();
    test_rotation();
    test_order_and_layers();
    test_long_order();
    test_capacity();
    test_bad_kinds();
    test_rects();
    test_submit_and_no_allocation();
    test_init_failures();
    return check_done("render.sprite_batch");
}
