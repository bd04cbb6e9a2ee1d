/*
 * sprite_batch: the vertex and rectangle builders. The bullet loops are the hot
 * path of drawing: one pass over the arrays, no branch that depends on the data
 * except the layer a bullet goes to, capacity checked once per call.
 */
#include "render/sprite_batch.h"

#include "core/mem.h"
#include "render/atlas.h"

#include <string.h>

#define LOOK_COUNT (BULLET_SHAPE_COUNT * BULLET_COLOR_COUNT)

/* Positions are clamped to this before rounding to whole pixels, so that any
 * float (even NaN) converts safely; the field is far smaller. */
#define RECT_LIMIT 8192.0f

/* The look of frame `frame`: half size and the UVs of its four corners. */
static void sprite_look_of_frame(sprite_look *l, int frame)
{
    atlas_rect r = atlas_frame_rect(frame);
    float iw = 1.0f / (float)atlas_width(), ih = 1.0f / (float)atlas_height();
    float u0 = (float)r.x * iw, v0 = (float)r.y * ih;
    float u1 = (float)(r.x + r.w) * iw, v1 = (float)(r.y + r.h) * ih;
    const float uv[8] = {u0, v0, u1, v0, u1, v1, u0, v1};
    memcpy(l->uv, uv, sizeof uv);
    l->hw = (float)r.w * 0.5f;
    l->hh = (float)r.h * 0.5f;
    l->frame = (uint16_t)frame;
}

static void sprite_batch_build_looks(sprite_batch *b)
{
    for (int s = 0; s < BULLET_SHAPE_COUNT; s++) {
        int turns = atlas_bullet_turns((bullet_shape)s);
        for (int c = 0; c < BULLET_COLOR_COUNT; c++) {
            sprite_look *l = &b->looks[s * BULLET_COLOR_COUNT + c];
            sprite_look_of_frame(l, atlas_bullet_frame((bullet_shape)s, (bullet_color)c, 0));
            l->turns = turns ? 1.0f : 0.0f;
            l->step_mask = (uint8_t)(turns ? ATLAS_ANGLE_STEPS - 1 : 0);
            l->additive = 0;
        }
    }
}

/* Two triangles per sprite, (0 1 2) and (0 2 3) of its four corners. */
static int *sprite_batch_make_indices(int sprites)
{
    int *idx = mem_alloc(sizeof(int) * 6 * (size_t)sprites);
    if (!idx)
        return NULL;
    for (int i = 0; i < sprites; i++) {
        int v = 4 * i, *q = idx + 6 * i;
        q[0] = v;
        q[1] = v + 1;
        q[2] = v + 2;
        q[3] = v;
        q[4] = v + 2;
        q[5] = v + 3;
    }
    return idx;
}

static int sprite_layer_alloc(sprite_layer *l, sprite_batch_mode mode)
{
    size_t n = (size_t)l->capacity;
    if (mode == SPRITE_BATCH_VERTICES) {
        l->xy = mem_alloc_aligned(sizeof(float) * 8 * n + 64, 64);
        l->uv = mem_alloc_aligned(sizeof(float) * 8 * n + 64, 64);
        return l->xy && l->uv ? 0 : -1;
    }
    l->rects = mem_alloc_aligned(sizeof(sprite_rect) * n + 64, 64);
    return l->rects ? 0 : -1;
}

int sprite_batch_init(sprite_batch *b, sprite_batch_mode mode, const sprite_layer_spec *layers,
                      int layer_count)
{
    memset(b, 0, sizeof *b);
    if (layer_count < 1 || layer_count > SPRITE_BATCH_MAX_LAYERS)
        return -1;
    b->mode = mode;
    b->layer_count = layer_count;
    int most = 0;
    for (int i = 0; i < layer_count; i++) {
        if (layers[i].capacity < 1 || layers[i].capacity > (1 << 24))
            return -1;
        b->layers[i] = (sprite_layer){.blend = layers[i].blend, .capacity = layers[i].capacity};
        most = layers[i].capacity > most ? layers[i].capacity : most;
    }
    for (int i = 0; i < layer_count; i++) {
        if (sprite_layer_alloc(&b->layers[i], mode) != 0) {
            sprite_batch_free(b);
            return -1;
        }
    }
    if (mode == SPRITE_BATCH_VERTICES && !(b->indices = sprite_batch_make_indices(most))) {
        sprite_batch_free(b);
        return -1;
    }
    sprite_batch_build_looks(b);
    return 0;
}

void sprite_batch_free(sprite_batch *b)
{
    for (int i = 0; i < SPRITE_BATCH_MAX_LAYERS; i++) {
        mem_free(b->layers[i].xy);
        mem_free(b->layers[i].uv);
        mem_free(b->layers[i].rects);
    }
    mem_free(b->indices);
    memset(b, 0, sizeof *b);
}

void sprite_batch_clear(sprite_batch *b)
{
    for (int i = 0; i < b->layer_count; i++)
        b->layers[i].count = 0;
}

void sprite_batch_set_origin(sprite_batch *b, float x, float y)
{
    b->origin_x = x;
    b->origin_y = y;
}

void sprite_batch_set_additive(sprite_batch *b, bullet_shape shape, int additive)
{
    for (int c = 0; c < BULLET_COLOR_COUNT; c++)
        b->looks[shape * BULLET_COLOR_COUNT + c].additive = additive ? 1 : 0;
}

int sprite_batch_count(const sprite_batch *b)
{
    int n = 0;
    for (int i = 0; i < b->layer_count; i++)
        n += b->layers[i].count;
    return n;
}

/* Writes the four corners of a sprite centred at (x, y) with half size (hw, hh)
 * turned to (c, s): a = the picture's x axis scaled by hw, bv = its y axis by hh. */
static inline void sprite_corners(float *xy, float x, float y, float hw, float hh, float c, float s)
{
    float ax = hw * c, ay = hw * s, bx = -hh * s, by = hh * c;
    xy[0] = x - ax - bx;
    xy[1] = y - ay - by;
    xy[2] = x + ax - bx;
    xy[3] = y + ay - by;
    xy[4] = x + ax + bx;
    xy[5] = y + ay + by;
    xy[6] = x - ax + bx;
    xy[7] = y - ay + by;
}

/* atan2(s, c) in steps of a turn, rounded to the nearest step, without libm:
 * the octant by comparisons, atan of the ratio by a polynomial good to 0.0015 rad
 * (a step is 0.196 rad). */
static inline int sprite_angle_step(float c, float s)
{
    const float pi = 3.14159265f;
    float ac = c < 0 ? -c : c, as = s < 0 ? -s : s;
    float mn = ac < as ? ac : as, mx = ac < as ? as : ac;
    float t = mx > 0.0f ? mn / mx : 0.0f;
    float a = t * (0.25f * pi) - t * (t - 1.0f) * (0.2447f + 0.0663f * t);
    a = as > ac ? 0.5f * pi - a : a;
    a = c < 0 ? pi - a : a;
    a = s < 0 ? -a : a;
    float steps = a * (ATLAS_ANGLE_STEPS / (2.0f * pi)) + (0.5f + ATLAS_ANGLE_STEPS);
    return (int)steps & (ATLAS_ANGLE_STEPS - 1);
}

int sprite_batch_angle_step(float c, float s)
{
    return sprite_angle_step(c, s);
}

/* A float position to a whole pixel, rounding to nearest; safe for any input. */
static inline int16_t sprite_pixel(float v)
{
    v = v > -RECT_LIMIT ? v : -RECT_LIMIT;
    v = v < RECT_LIMIT ? v : RECT_LIMIT;
    return (int16_t)((int)(v + (0.5f + 2.0f * RECT_LIMIT)) - (int)(2.0f * RECT_LIMIT));
}

void sprite_batch_add(sprite_batch *b, int layer, int frame, float x, float y, float c, float s)
{
    if (layer < 0 || layer >= b->layer_count || frame < 0 || frame >= atlas_frame_count())
        return;
    sprite_layer *l = &b->layers[layer];
    if (l->count == l->capacity) {
        b->refused++;
        return;
    }
    sprite_look look;
    sprite_look_of_frame(&look, frame);
    x += b->origin_x;
    y += b->origin_y;
    int i = l->count++;
    if (b->mode == SPRITE_BATCH_VERTICES) {
        sprite_corners(l->xy + 8 * i, x, y, look.hw, look.hh, c, s);
        memcpy(l->uv + 8 * i, look.uv, sizeof look.uv);
    } else {
        l->rects[i] =
            (sprite_rect){sprite_pixel(x - look.hw), sprite_pixel(y - look.hh), (uint16_t)frame, 0};
    }
}

/* The look of bullet j: shape and colour clamped into the table. */
static inline const sprite_look *bullet_look(const sprite_batch *b, const sprite_bullets *in,
                                             uint32_t j)
{
    unsigned shape = in->shape[j], color = in->color[j];
    shape = shape < BULLET_SHAPE_COUNT ? shape : 0;
    color = color < BULLET_COLOR_COUNT ? color : 0;
    return &b->looks[shape * BULLET_COLOR_COUNT + color];
}

/* Where the bullet loops write: the next free slot of the two target layers. */
typedef struct bullet_out {
    float *xy[2], *uv[2];
    sprite_rect *rect[2];
    int n[2];
    int mask; /* 1 when the two layers differ; 0 sends everything to the first */
} bullet_out;

/* The vertex loop: corners turned by the heading (upright for shapes that do not
 * turn), UVs copied from the look. */
static void bullet_vertices(const sprite_batch *b, const sprite_bullets *in, bullet_out *o)
{
    const float ox = b->origin_x, oy = b->origin_y;
    const float *hc = in->cos, *hs = in->sin;
    for (int i = 0; i < in->count; i++) {
        uint32_t j = in->order ? in->order[i] : (uint32_t)i;
        const sprite_look *l = bullet_look(b, in, j);
        float c = 1.0f, s = 0.0f;
        if (hc) {
            c = 1.0f + l->turns * (hc[j] - 1.0f);
            s = l->turns * hs[j];
        }
        int a = l->additive & o->mask;
        float *xy = o->xy[a] + 8 * o->n[a], *uv = o->uv[a] + 8 * o->n[a];
        o->n[a]++;
        sprite_corners(xy, in->x[j] + ox, in->y[j] + oy, l->hw, l->hh, c, s);
        memcpy(uv, l->uv, sizeof l->uv);
    }
}

/* The rectangle loop: the nearest pre-rotated frame, placed on whole pixels. */
static void bullet_rects(const sprite_batch *b, const sprite_bullets *in, bullet_out *o)
{
    const float ox = b->origin_x, oy = b->origin_y;
    const float *hc = in->cos, *hs = in->sin;
    for (int i = 0; i < in->count; i++) {
        uint32_t j = in->order ? in->order[i] : (uint32_t)i;
        const sprite_look *l = bullet_look(b, in, j);
        int step = hc ? sprite_angle_step(hc[j], hs[j]) : 0;
        int a = l->additive & o->mask;
        sprite_rect *r = o->rect[a] + o->n[a];
        o->n[a]++;
        r->x = sprite_pixel(in->x[j] + ox - l->hw);
        r->y = sprite_pixel(in->y[j] + oy - l->hh);
        r->frame = (uint16_t)(l->frame + (step & l->step_mask));
        r->unused = 0;
    }
}

/* The slow path when the bullets might not fit: one at a time, refusing the rest. */
static void bullet_one_by_one(sprite_batch *b, const sprite_bullets *in, int layer_alpha,
                              int layer_add)
{
    for (int i = 0; i < in->count; i++) {
        uint32_t j = in->order ? in->order[i] : (uint32_t)i;
        const sprite_look *l = bullet_look(b, in, j);
        int layer = l->additive ? layer_add : layer_alpha;
        float c = 1.0f, s = 0.0f;
        if (in->cos && l->turns > 0.0f) {
            c = in->cos[j];
            s = in->sin[j];
        }
        int frame = l->frame;
        if (b->mode == SPRITE_BATCH_RECTS && in->cos)
            frame += sprite_angle_step(in->cos[j], in->sin[j]) & l->step_mask;
        sprite_batch_add(b, layer, frame, in->x[j], in->y[j], c, s);
    }
}

void sprite_batch_add_bullets(sprite_batch *b, const sprite_bullets *in, int layer_alpha,
                              int layer_add)
{
    if (in->count <= 0 || layer_alpha < 0 || layer_alpha >= b->layer_count || layer_add < 0 ||
        layer_add >= b->layer_count)
        return;
    sprite_layer *la = &b->layers[layer_alpha], *ld = &b->layers[layer_add];
    /* The fast loops need room for every bullet in either layer. */
    int room = la->capacity - la->count;
    if (ld != la && ld->capacity - ld->count < room)
        room = ld->capacity - ld->count;
    if (in->count > room) {
        bullet_one_by_one(b, in, layer_alpha, layer_add);
        return;
    }
    bullet_out o = {{la->xy, ld->xy},
                    {la->uv, ld->uv},
                    {la->rects, ld->rects},
                    {la->count, ld->count},
                    ld != la};
    if (b->mode == SPRITE_BATCH_VERTICES)
        bullet_vertices(b, in, &o);
    else
        bullet_rects(b, in, &o);
    ld->count = o.n[1];
    la->count = o.n[0];
}

void sprite_batch_submit(const sprite_batch *b, sprite_submit_fn submit, void *user)
{
    for (int i = 0; i < b->layer_count; i++)
        if (b->layers[i].count > 0)
            submit(b, &b->layers[i], user);
}
