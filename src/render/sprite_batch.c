/*
 * sprite_batch: the vertex and rectangle builders. The bullet loops are the hot
 * path of drawing: one pass over the arrays, no branch that depends on the data
 * except the layer a bullet goes to, capacity checked once per call.
 */
#include "render/sprite_batch.h"

#include "core/mem.h"
#include "render/atlas.h"
#include "sim/look_anim.h"

#include <math.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

_Static_assert(BULLET_SHAPE_CAPACITY <= SPRITE_LOOK_SHAPES, "the look table needs more shapes");
_Static_assert(BULLET_COLOR_COUNT <= SPRITE_LOOK_COLORS, "the look table needs more colours");
_Static_assert(ATLAS_ART_MAX_ANIM == SPRITE_ANIM_MAX, "an animation's frames, both sides");

/* Whole-pixel positions are clamped to +-RECT_LIMIT; the field is far smaller. */
#define RECT_LIMIT 8192

/* Writes the four vertices (x, y, u, v each) of a sprite centred at (x, y)
 * turned to (c, s), from its look's axes (hw, hw, -hh, hh) and corner UVs:
 * a = (hw c, hw s) is the picture's x axis, b = (-hh s, hh c) its y axis, and
 * the corners, top-left first, are -a-b, a-b, a+b, -a+b. With SSE this is about
 * twenty instructions: one multiply makes (a, b), sums and differences the
 * corners, four shuffles pair them with their UVs. */
static inline void sprite_vertices(float *v, float x, float y, const float *axes, const float *uv,
                                   float c, float s)
{
#if defined(__SSE2__)
    __m128 ab = _mm_mul_ps(_mm_load_ps(axes), _mm_setr_ps(c, s, s, c)); /* ax ay bx by */
    __m128 a = _mm_movelh_ps(ab, ab), b = _mm_movehl_ps(ab, ab);
    __m128 t = _mm_shuffle_ps(_mm_add_ps(a, b), _mm_sub_ps(a, b), _MM_SHUFFLE(1, 0, 1, 0));
    t = _mm_xor_ps(t, _mm_setr_ps(-0.0f, -0.0f, 0.0f, 0.0f)); /* -a-b, a-b */
    __m128 centre = _mm_setr_ps(x, y, x, y);
    __m128 lo = _mm_add_ps(centre, t), hi = _mm_sub_ps(centre, t); /* corners 0 1, 2 3 */
    __m128 uv_lo = _mm_load_ps(uv), uv_hi = _mm_load_ps(uv + 4);
    _mm_storeu_ps(v, _mm_movelh_ps(lo, uv_lo));
    _mm_storeu_ps(v + 4, _mm_movehl_ps(uv_lo, lo));
    _mm_storeu_ps(v + 8, _mm_movelh_ps(hi, uv_hi));
    _mm_storeu_ps(v + 12, _mm_movehl_ps(uv_hi, hi));
#else
    float ax = axes[0] * c, ay = axes[1] * s, bx = axes[2] * s, by = axes[3] * c;
    const float px[4] = {x - ax - bx, x + ax - bx, x + ax + bx, x - ax + bx};
    const float py[4] = {y - ay - by, y + ay - by, y + ay + by, y - ay + by};
    for (int k = 0; k < 4; k++) {
        v[4 * k] = px[k];
        v[4 * k + 1] = py[k];
        v[4 * k + 2] = uv[2 * k];
        v[4 * k + 3] = uv[2 * k + 1];
    }
#endif
}

/* The bits of a float, for sign and order tests without branches. */
static inline uint32_t float_bits(float v)
{
    uint32_t u;
    memcpy(&u, &v, sizeof u);
    return u;
}

/* Truncates toward zero. On x86 an out-of-range or NaN input gives INT_MIN (the
 * instruction's defined result); elsewhere the input is clamped first. */
static inline int sprite_trunc(float v)
{
#if defined(__SSE2__)
    return _mm_cvtt_ss2si(_mm_set_ss(v));
#else
    v = v > -2.0e9f ? v : -2.0e9f;
    v = v < 2.0e9f ? v : 2.0e9f;
    return (int)v;
#endif
}

/* atan2(s, c) in steps of a turn, rounded to the nearest step, without libm and
 * without branches (the headings are random, a branch would mispredict): the
 * octant from sign and order bits, atan of the ratio by a polynomial good to
 * 0.0015 rad (a step is 0.196 rad). */
static inline int sprite_angle_step(float c, float s)
{
    const float steps_per_rad = ATLAS_ANGLE_STEPS / 6.28318531f;
    const float eighth = ATLAS_ANGLE_STEPS / 8.0f;
    uint32_t ic = float_bits(c) & 0x7fffffffu, is = float_bits(s) & 0x7fffffffu;
    int swap = is > ic; /* nearer the y axis: measure from it */
    uint32_t imn = swap ? ic : is, imx = swap ? is : ic;
    float mn, mx;
    memcpy(&mn, &imn, sizeof mn);
    memcpy(&mx, &imx, sizeof mx);
    float t = mn / (mx + 1e-30f);
    float a = (t * 0.78539816f - t * (t - 1.0f) * (0.2447f + 0.0663f * t)) * steps_per_rad;
    a += (float)swap * (2.0f * eighth - 2.0f * a);                  /* mirror about 45 deg */
    a += (float)(float_bits(c) >> 31) * (4.0f * eighth - 2.0f * a); /* left half */
    a = copysignf(a, s);                                            /* lower half */
    return sprite_trunc(a + (0.5f + ATLAS_ANGLE_STEPS)) & (ATLAS_ANGLE_STEPS - 1);
}

int sprite_batch_angle_step(float c, float s)
{
    return sprite_angle_step(c, s);
}

/* The step table: the nearest step for each cell of a grid over [-1, 1]^2, for
 * unit headings. Looking a heading up is two multiplies, two conversions and a
 * load, against about thirty instructions for the polynomial; the answer differs
 * only within 0.011 rad of a step boundary (a step is 0.196 rad). */
static void sprite_batch_build_steps(sprite_batch *b)
{
    const float cell = 2.0f / SPRITE_STEP_GRID;
    for (int iy = 0; iy < SPRITE_STEP_GRID; iy++)
        for (int ix = 0; ix < SPRITE_STEP_GRID; ix++)
            b->steps[iy * SPRITE_STEP_GRID + ix] =
                (uint8_t)sprite_angle_step(-1.0f + (ix + 0.5f) * cell, -1.0f + (iy + 0.5f) * cell);
}

/* The grid cell of a coordinate in [-1, 1] (clamped, so any input is safe). */
static inline int sprite_step_cell(float v)
{
    int i = sprite_trunc((v + 1.0f) * (SPRITE_STEP_GRID * 0.5f));
    i = i < 0 ? 0 : i;
    return i > SPRITE_STEP_GRID - 1 ? SPRITE_STEP_GRID - 1 : i;
}

/* The step of a unit heading, from the table. */
static inline int sprite_table_step(const uint8_t *steps, float c, float s)
{
    return steps[sprite_step_cell(s) * SPRITE_STEP_GRID + sprite_step_cell(c)];
}

/* A float position to a whole pixel, rounding to nearest; any input (even NaN)
 * gives a value in [-RECT_LIMIT, RECT_LIMIT]. */
static inline int16_t sprite_pixel(float v)
{
    unsigned biased = (unsigned)sprite_trunc(v + (0.5f + 2.0f * RECT_LIMIT));
    int p = (int)(biased - (unsigned)(2.0f * RECT_LIMIT));
    p = p < -RECT_LIMIT ? -RECT_LIMIT : p;
    p = p > RECT_LIMIT ? RECT_LIMIT : p;
    return (int16_t)p;
}

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
    l->axes[0] = l->axes[1] = l->hw;
    l->axes[2] = -l->hh;
    l->axes[3] = l->hh;
    l->frame = (uint16_t)frame;
}

/* Every entry of the look table; indices past the real shapes and colours hold
 * shape 0 and colour 0, so masked bad input still draws something valid. */
static void sprite_batch_build_looks(sprite_batch *b)
{
    for (int s = 0; s < SPRITE_LOOK_SHAPES; s++) {
        /* a portrait (on its own page) is never drawn by the batch: an orb */
        int shape = s < BULLET_SHAPE_COUNT + atlas_art_count() && !atlas_art_portrait(s) ? s : 0;
        int turns = atlas_bullet_turns((bullet_shape)shape);
        for (int c = 0; c < SPRITE_LOOK_COLORS; c++) {
            int color = c < BULLET_COLOR_COUNT ? c : 0;
            sprite_look *l = &b->looks[s * SPRITE_LOOK_COLORS + c];
            sprite_look_of_frame(l,
                                 atlas_bullet_frame((bullet_shape)shape, (bullet_color)color, 0));
            l->turns = turns ? 1.0f : 0.0f;
            l->step_mask = (uint8_t)(turns ? ATLAS_ANGLE_STEPS - 1 : 0);
            l->additive = (uint8_t)atlas_art_additive(shape);
            b->any_additive |= l->additive;
        }
    }
}

/* Each shape's animation (a still for the built-ins and art without one). */
static void sprite_batch_build_anims(sprite_batch *b)
{
    b->any_animated = 0;
    for (int s = 0; s < SPRITE_LOOK_SHAPES; s++) {
        sprite_anim *a = &b->anims[s];
        memset(a, 0, sizeof *a);
        a->frames = a->every = 1;
        int frames = 1, every = 1, once = 0;
        if (s >= BULLET_SHAPE_COUNT && atlas_art_anim(s, &frames, &every, &once) && frames > 1) {
            a->frames = (uint16_t)(frames > SPRITE_ANIM_MAX ? SPRITE_ANIM_MAX : frames);
            a->every = (uint16_t)(every < 1 ? 1 : every);
            a->once = (uint16_t)(once != 0);
            a->stride = (uint16_t)atlas_art_anim_stride(s);
            atlas_rect r0 = atlas_frame_rect(atlas_art_frame(s, 0, 0));
            for (int n = 0; n < a->frames; n++) {
                atlas_rect r = atlas_frame_rect(atlas_art_frame(s, n, 0));
                a->du[n] = (float)(r.x - r0.x) / (float)atlas_width();
                a->dv[n] = (float)(r.y - r0.y) / (float)atlas_height();
            }
            b->any_animated = 1;
        }
    }
}

void sprite_batch_refresh_looks(sprite_batch *b)
{
    uint8_t additive[BULLET_SHAPE_COUNT];
    for (int s = 0; s < BULLET_SHAPE_COUNT; s++)
        additive[s] = b->looks[s * SPRITE_LOOK_COLORS].additive;
    b->any_additive = 0;
    sprite_batch_build_looks(b);
    sprite_batch_build_anims(b);
    for (int s = 0; s < BULLET_SHAPE_COUNT; s++)
        if (additive[s])
            sprite_batch_set_additive(b, (bullet_shape)s, 1);
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

/* The arrays one layer needs in this mode (64 spare bytes keep SIMD stores
 * inside). */
static int sprite_layer_alloc(sprite_layer *l, sprite_batch_mode mode)
{
    size_t n = (size_t)l->capacity;
    if (mode == SPRITE_BATCH_VERTICES) {
        l->vertices = mem_alloc_aligned(sizeof(float) * 16 * n + 64, 64);
        return l->vertices ? 0 : -1;
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
    b->split_min = SPRITE_BATCH_SPLIT_MIN;
    b->mode = mode;
    b->layer_count = layer_count;
    int most = 0;
    for (int i = 0; i < layer_count; i++) {
        if (layers[i].capacity < 1 || layers[i].capacity > (1 << 24))
            return -1;
        b->layers[i] = (sprite_layer){
            .blend = layers[i].blend, .opacity = 255, .capacity = layers[i].capacity};
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
    sprite_batch_build_anims(b);
    sprite_batch_build_steps(b);
    return 0;
}

void sprite_batch_free(sprite_batch *b)
{
    for (int i = 0; i < SPRITE_BATCH_MAX_LAYERS; i++) {
        mem_free(b->layers[i].vertices);
        mem_free(b->layers[i].colors);
        mem_free(b->layers[i].alphas);
        mem_free(b->layers[i].rects);
    }
    mem_free(b->indices);
    memset(b, 0, sizeof *b);
}

void sprite_batch_clear(sprite_batch *b)
{
    for (int i = 0; i < b->layer_count; i++) {
        sprite_layer *l = &b->layers[i];
        l->count = 0;
        if (l->styled_now)
            l->fading = l->styled_now = 0;
    }
}

/* Vertex colours of sprite i of a fading layer: white at its own opacity
 * (l->alphas[i]) times the layer's. */
static void sprite_layer_colour(sprite_layer *l, int i)
{
    uint8_t *c = l->colors + 16 * (size_t)i;
    uint8_t a = sprite_opacity_times(l->alphas[i], l->opacity);
    for (int k = 0; k < 4; k++) {
        c[4 * k] = c[4 * k + 1] = c[4 * k + 2] = 255;
        c[4 * k + 3] = a;
    }
}

void sprite_batch_set_opacity(sprite_batch *b, int layer, uint8_t opacity)
{
    if (layer < 0 || layer >= b->layer_count)
        return;
    sprite_layer *l = &b->layers[layer];
    if (l->opacity == opacity)
        return;
    l->opacity = opacity;
    if (l->fading && l->colors) /* its sprites' colours carry it */
        for (int i = 0; i < l->count; i++)
            sprite_layer_colour(l, i);
}

void sprite_batch_set_origin(sprite_batch *b, float x, float y)
{
    b->origin_x = x;
    b->origin_y = y;
}

void sprite_batch_set_additive(sprite_batch *b, bullet_shape shape, int additive)
{
    for (int s = 0; s < SPRITE_LOOK_SHAPES; s++)
        for (int c = 0; c < SPRITE_LOOK_COLORS; c++)
            if ((s < BULLET_SHAPE_COUNT + atlas_art_count() ? s : 0) == (int)shape)
                b->looks[s * SPRITE_LOOK_COLORS + c].additive = additive ? 1 : 0;
    b->any_additive = 0;
    for (int i = 0; i < SPRITE_LOOK_SHAPES * SPRITE_LOOK_COLORS; i++)
        b->any_additive |= b->looks[i].additive;
}

int sprite_batch_count(const sprite_batch *b)
{
    int n = 0;
    for (int i = 0; i < b->layer_count; i++)
        n += b->layers[i].count;
    return n;
}

/* Layer `layer` with room for a colour per vertex (a fading or styled layer's
 * opacity in the vertex modes), or NULL for no such layer or no memory. */
static sprite_layer *sprite_batch_coloured_layer(sprite_batch *b, int layer)
{
    if (layer < 0 || layer >= b->layer_count)
        return NULL;
    sprite_layer *l = &b->layers[layer];
    if (b->mode == SPRITE_BATCH_VERTICES && !l->colors) {
        l->colors = mem_alloc((size_t)l->capacity * 16);
        l->alphas = mem_alloc((size_t)l->capacity);
        if (!l->colors || !l->alphas)
            return NULL;
    }
    return l;
}

int sprite_batch_set_fading(sprite_batch *b, int layer)
{
    sprite_layer *l = sprite_batch_coloured_layer(b, layer);
    if (!l)
        return -1;
    l->fading = 1;
    return 0;
}

int sprite_batch_allow_styles(sprite_batch *b, int layer)
{
    sprite_layer *l = sprite_batch_coloured_layer(b, layer);
    if (!l)
        return -1;
    l->styles = 1;
    return 0;
}

/* Sprite i of a fading layer at opacity alpha (its own; the layer's on top). */
static void sprite_layer_fade(sprite_layer *l, int i, uint8_t alpha)
{
    if (l->colors) {
        l->alphas[i] = alpha;
        sprite_layer_colour(l, i);
    }
    if (l->rects)
        l->rects[i].fade = (uint16_t)(255 - alpha);
}

/* Whole opacity for sprites [from, to) of a fading layer (bullets added there). */
static void sprite_layer_opaque(sprite_layer *l, int from, int to)
{
    if (l->fading)
        for (int i = from; i < to; i++)
            sprite_layer_fade(l, i, 255);
}

void sprite_batch_add_faded(sprite_batch *b, int layer, int frame, float x, float y, float c,
                            float s, uint8_t alpha)
{
    if (layer < 0 || layer >= b->layer_count)
        return;
    sprite_layer *l = &b->layers[layer];
    int before = l->count;
    sprite_batch_add(b, layer, frame, x, y, c, s);
    if (l->count > before && l->fading)
        sprite_layer_fade(l, before, alpha);
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
        sprite_vertices(l->vertices + 16 * i, x, y, look.axes, look.uv, c, s);
    } else {
        l->rects[i] = (sprite_rect){sprite_pixel(x - look.hw), sprite_pixel(y - look.hh),
                                    (uint16_t)frame, 0, 0};
    }
    if (l->fading)
        sprite_layer_fade(l, i, 255);
}

/* a ? p1 : p0 (a is 0 or 1) as arithmetic: the layer a bullet goes to depends
 * on its shape, and a branch on it would mispredict. */
static inline void *select_ptr(void *p0, void *p1, int a)
{
    uintptr_t u0 = (uintptr_t)p0, u1 = (uintptr_t)p1;
    return (void *)(u0 + ((u1 - u0) & (0u - (uintptr_t)a)));
}

/* The index of bullet j's look: shape and colour masked into the table. */
static inline unsigned bullet_look_index(const uint8_t *shape, const uint8_t *color, uint32_t j)
{
    return (shape[j] & (SPRITE_LOOK_SHAPES - 1u)) * SPRITE_LOOK_COLORS +
           (color[j] & (SPRITE_LOOK_COLORS - 1u));
}

/* Where the bullet loops write: the two target layers and their counts. */
typedef struct bullet_out {
    float *vertices[2];
    sprite_rect *rect[2];
    int n[2];
    int mask; /* 1: split alpha and additive bullets; 0: everything to the first */
} bullet_out;

/* The inputs of a bullet loop, copied to locals so that the compiler keeps them
 * in registers (the output stores could otherwise alias them). */
#define BULLET_LOOP_INPUTS(b, in)                                         \
    const float *const x = (in)->x, *const y = (in)->y;                   \
    const float *const hc = (in)->cos, *const hs = (in)->sin;             \
    const uint8_t *const shape = (in)->shape, *const color = (in)->color; \
    const uint32_t *const order = (in)->order;                            \
    const sprite_look *const looks = (b)->looks;                          \
    const float ox = (b)->origin_x, oy = (b)->origin_y;                   \
    const int count = (in)->count

/* The vertex loop: corners turned by the heading (upright for shapes that do not
 * turn), UVs copied from the look. with_order (an order without holes: see
 * bullet_squeezed), with_heading and with_split (alpha and additive bullets to
 * different layers) are constants at each call, so each combination compiles
 * to its own loop with no test inside; the layer is a select, not a branch. */
static inline __attribute__((always_inline)) void
bullet_vertices_with(const sprite_batch *b, const sprite_bullets *in, bullet_out *o, int with_order,
                     int with_heading, int with_split)
{
    BULLET_LOOP_INPUTS(b, in);
    float *const base0 = o->vertices[0], *const base1 = o->vertices[1];
    float *p0 = base0 + 16 * o->n[0], *p1 = base1 + 16 * o->n[1];
    for (int i = 0; i < count; i++) {
        uint32_t j = with_order ? order[i] : (uint32_t)i;
        const sprite_look *l = &looks[bullet_look_index(shape, color, j)];
        float c = 1.0f, s = 0.0f;
        if (with_heading) {
            c = 1.0f + l->turns * (hc[j] - 1.0f);
            s = l->turns * hs[j];
        }
        int a = with_split ? l->additive : 0;
        sprite_vertices(select_ptr(p0, p1, a), x[j] + ox, y[j] + oy, l->axes, l->uv, c, s);
        p0 += 16 * (a ^ 1);
        p1 += 16 * a;
    }
    o->n[0] = (int)((p0 - base0) / 16);
    o->n[1] = (int)((p1 - base1) / 16);
}

/* Picks the vertex loop compiled for this input's shape (its order, if any,
 * without holes). */
static void bullet_vertices(const sprite_batch *b, const sprite_bullets *in, bullet_out *o)
{
    int order = in->order != NULL, heading = in->cos != NULL;
    if (o->mask) {
        if (order && heading)
            bullet_vertices_with(b, in, o, 1, 1, 1);
        else if (order)
            bullet_vertices_with(b, in, o, 1, 0, 1);
        else if (heading)
            bullet_vertices_with(b, in, o, 0, 1, 1);
        else
            bullet_vertices_with(b, in, o, 0, 0, 1);
    } else {
        if (order && heading)
            bullet_vertices_with(b, in, o, 1, 1, 0);
        else if (order)
            bullet_vertices_with(b, in, o, 1, 0, 0);
        else if (heading)
            bullet_vertices_with(b, in, o, 0, 1, 0);
        else
            bullet_vertices_with(b, in, o, 0, 0, 0);
    }
}

/* The rectangle loop: the nearest pre-rotated frame, placed on whole pixels. */
static inline __attribute__((always_inline)) void
bullet_rects_with(const sprite_batch *b, const sprite_bullets *in, bullet_out *o, int with_order,
                  int with_heading, int with_split)
{
    BULLET_LOOP_INPUTS(b, in);
    sprite_rect *const base0 = o->rect[0], *const base1 = o->rect[1];
    sprite_rect *p0 = base0 + o->n[0], *p1 = base1 + o->n[1];
    const uint8_t *const steps = b->steps;
    for (int i = 0; i < count; i++) {
        uint32_t j = with_order ? order[i] : (uint32_t)i;
        const sprite_look *l = &looks[bullet_look_index(shape, color, j)];
        int step = with_heading ? sprite_table_step(steps, hc[j], hs[j]) : 0;
        int a = with_split ? l->additive & o->mask : 0;
        sprite_rect *r = select_ptr(p0, p1, a);
        *r = (sprite_rect){sprite_pixel(x[j] + ox - l->hw), sprite_pixel(y[j] + oy - l->hh),
                           (uint16_t)(l->frame + (step & l->step_mask)), 0, 0};
        p0 += a ^ 1;
        p1 += a;
    }
    o->n[0] = (int)(p0 - base0);
    o->n[1] = (int)(p1 - base1);
}

/* Picks the rectangle loop (its order, if any, without holes). */
static void bullet_rects(const sprite_batch *b, const sprite_bullets *in, bullet_out *o)
{
    /* Unlike the vertex loop, this one runs no faster specialised for one layer
     * (measured: slower, 11 against 6.6 ns per bullet), so the split is a run-time
     * mask: with it 0 everything lands in the first layer. */
    if (in->order && in->cos)
        bullet_rects_with(b, in, o, 1, 1, 1);
    else if (in->order)
        bullet_rects_with(b, in, o, 1, 0, 1);
    else if (in->cos)
        bullet_rects_with(b, in, o, 0, 1, 1);
    else
        bullet_rects_with(b, in, o, 0, 0, 1);
}

/* The animation frame bullet j shows (its shape's: a still shows 0). */
static inline int bullet_anim_frame(const sprite_anim *an, const sprite_bullets *in, uint32_t j)
{
    uint32_t age = in->now - in->born[(size_t)j * (size_t)in->born_stride];
    return look_anim_frame(an->frames, an->every, an->once, (int64_t)age);
}

/* The loop for bullets that may animate (a mod with an animated shape, and
 * bullets that say when they were born): as the loops above, besides the
 * frame of each bullet's animation, picked from its age; both modes, one loop
 * (this path is only taken when something animates). */
static void bullet_animated(const sprite_batch *b, const sprite_bullets *in, bullet_out *o)
{
    BULLET_LOOP_INPUTS(b, in);
    const int split = o->mask;
    for (int i = 0; i < count; i++) {
        uint32_t j = order ? order[i] : (uint32_t)i;
        unsigned li = bullet_look_index(shape, color, j);
        const sprite_look *l = &looks[li];
        const sprite_anim *an = &b->anims[li / SPRITE_LOOK_COLORS];
        int n = bullet_anim_frame(an, in, j);
        int a = split ? l->additive : 0;
        if (b->mode == SPRITE_BATCH_VERTICES) {
            float c = 1.0f, s = 0.0f;
            if (hc) {
                c = 1.0f + l->turns * (hc[j] - 1.0f);
                s = l->turns * hs[j];
            }
            _Alignas(16) float uv[8];
            for (int k = 0; k < 8; k += 2) {
                uv[k] = l->uv[k] + an->du[n];
                uv[k + 1] = l->uv[k + 1] + an->dv[n];
            }
            sprite_vertices(o->vertices[a] + 16 * o->n[a], x[j] + ox, y[j] + oy, l->axes, uv, c, s);
        } else {
            int step = hc ? sprite_table_step(b->steps, hc[j], hs[j]) : 0;
            o->rect[a][o->n[a]] =
                (sprite_rect){sprite_pixel(x[j] + ox - l->hw), sprite_pixel(y[j] + oy - l->hh),
                              (uint16_t)(l->frame + n * an->stride + (step & l->step_mask)), 0, 0};
        }
        o->n[a]++;
    }
}

typedef void bullet_loop(const sprite_batch *b, const sprite_bullets *in, bullet_out *o);

/* The loop for this input: the animating one when a shape animates and the
 * bullets carry their birth frames, else the mode's own. */
static bullet_loop *bullet_loop_for(const sprite_batch *b, const sprite_bullets *in)
{
    if (b->any_animated && in->born)
        return bullet_animated;
    return b->mode == SPRITE_BATCH_VERTICES ? bullet_vertices : bullet_rects;
}

/* Entries of a draw order squeezed at once, into a buffer on the stack (L1). */
#define BULLET_ORDER_RUN 512

/* Runs a bullet loop through a draw order with holes: each run of entries
 * loses its holes first (a branch-free copy, under a nanosecond an entry), so
 * the loop that builds a sprite (a few nanoseconds) runs for bullets only.
 * Measured at 100k bullets with 25% holes: vertices 5.3 to 4.5 ns a bullet. */
static void bullet_squeezed(const sprite_batch *b, const sprite_bullets *in, bullet_out *o,
                            bullet_loop *loop)
{
    if (!in->order) {
        loop(b, in, o);
        return;
    }
    uint32_t run[BULLET_ORDER_RUN];
    for (int first = 0; first < in->count; first += BULLET_ORDER_RUN) {
        int end = in->count - first < BULLET_ORDER_RUN ? in->count : first + BULLET_ORDER_RUN;
        int n = 0;
        for (int k = first; k < end; k++) {
            uint32_t j = in->order[k];
            run[n] = j;
            n += j != SPRITE_BULLETS_SKIP;
        }
        sprite_bullets part = *in;
        part.order = run;
        part.count = n;
        loop(b, &part, o);
    }
}

/* The slow path when the bullets might not fit: one at a time, refusing the rest. */
static void bullet_one_by_one(sprite_batch *b, const sprite_bullets *in, int layer_alpha,
                              int layer_add)
{
    for (int i = 0; i < in->count; i++) {
        uint32_t j = in->order ? in->order[i] : (uint32_t)i;
        if (j == SPRITE_BULLETS_SKIP)
            continue;
        const sprite_look *l = &b->looks[bullet_look_index(in->shape, in->color, j)];
        int layer = l->additive ? layer_add : layer_alpha;
        float c = 1.0f, s = 0.0f;
        if (in->cos && l->turns > 0.0f) {
            c = in->cos[j];
            s = in->sin[j];
        }
        int frame = l->frame;
        if (b->any_animated && in->born) {
            const sprite_anim *an =
                &b->anims[bullet_look_index(in->shape, in->color, j) / SPRITE_LOOK_COLORS];
            frame += bullet_anim_frame(an, in, j) * an->stride;
        }
        if (b->mode == SPRITE_BATCH_RECTS && in->cos)
            frame += sprite_angle_step(in->cos[j], in->sin[j]) & l->step_mask;
        sprite_batch_add(b, layer, frame, in->x[j], in->y[j], c, s);
    }
}

/* A layer styled bullets come to fades this frame (its sprites so far opaque). */
static void bullet_style_layer(sprite_layer *l)
{
    if (l->fading || !l->styles)
        return;
    l->fading = 1;
    l->styled_now = 1;
    sprite_layer_opaque(l, 0, l->count);
}

/* One styled bullet: its look's frame at scale sc and opacity a, centred at
 * (x, y) (a layer without styles draws it as it is). */
static void bullet_add_styled(sprite_batch *b, int layer, int frame, float x, float y, float c,
                              float s, float sc, uint8_t a)
{
    sprite_layer *l = &b->layers[layer];
    if (!l->styles) {
        sprite_batch_add(b, layer, frame, x, y, c, s);
        return;
    }
    if (b->mode == SPRITE_BATCH_VERTICES) {
        sprite_batch_add_faded(b, layer, frame, x, y, c * sc, s * sc, a);
        return;
    }
    if (frame < 0 || frame >= atlas_frame_count())
        return;
    if (l->count == l->capacity) {
        b->refused++;
        return;
    }
    sprite_look look;
    sprite_look_of_frame(&look, frame);
    float s16 = sc * (float)SPRITE_RECT_SCALE_ONE + 0.5f;
    int q = s16 < 1.0f ? 0 : s16 > 255.0f ? 255 : (int)s16;
    if (q == 0)
        return; /* drawn at no size */
    float k = (float)q / (float)SPRITE_RECT_SCALE_ONE;
    int i = l->count++;
    l->rects[i] = (sprite_rect){sprite_pixel(x + b->origin_x - look.hw * k),
                                sprite_pixel(y + b->origin_y - look.hh * k), (uint16_t)frame,
                                (uint8_t)(255 - a), q == SPRITE_RECT_SCALE_ONE ? 0 : (uint8_t)q};
}

/* Bullets with styles, one at a time in their order (the frame's slow path):
 * bullet_one_by_one's looks, each at its scale and opacity, additive ones to
 * layer_add. */
static void bullet_styled(sprite_batch *b, const sprite_bullets *in, int layer_alpha, int layer_add)
{
    bullet_style_layer(&b->layers[layer_alpha]);
    bullet_style_layer(&b->layers[layer_add]);
    for (int i = 0; i < in->count; i++) {
        uint32_t j = in->order ? in->order[i] : (uint32_t)i;
        if (j == SPRITE_BULLETS_SKIP)
            continue;
        unsigned look = bullet_look_index(in->shape, in->color, j);
        const sprite_look *l = &b->looks[look];
        int add = l->additive || (in->flags && (in->flags[j] & in->additive_flag));
        float c = 1.0f, s = 0.0f;
        if (in->cos && l->turns > 0.0f) {
            c = in->cos[j];
            s = in->sin[j];
        }
        int frame = l->frame;
        if (b->any_animated && in->born) {
            const sprite_anim *an = &b->anims[look / SPRITE_LOOK_COLORS];
            frame += bullet_anim_frame(an, in, j) * an->stride;
        }
        if (b->mode == SPRITE_BATCH_RECTS && in->cos)
            frame += sprite_angle_step(in->cos[j], in->sin[j]) & l->step_mask;
        bullet_add_styled(b, add ? layer_add : layer_alpha, frame, in->x[j], in->y[j], c, s,
                          in->scale[j], in->alpha ? in->alpha[j] : 255);
    }
}

/* Entries [first, first + n) of a bullet view (n clipped to what is left). */
static sprite_bullets bullet_chunk(const sprite_bullets *in, int first, int n)
{
    sprite_bullets c = *in;
    c.count = in->count - first < n ? in->count - first : n;
    if (in->order) {
        c.order = in->order + first;
        return c;
    }
    c.x += first;
    c.y += first;
    c.shape += first;
    c.color += first;
    if (c.born)
        c.born += (size_t)first * (size_t)c.born_stride;
    if (c.cos) {
        c.cos += first;
        c.sin += first;
    }
    return c;
}

void sprite_batch_add_bullets(sprite_batch *b, const sprite_bullets *in, int layer_alpha,
                              int layer_add)
{
    if (in->count <= 0 || layer_alpha < 0 || layer_alpha >= b->layer_count || layer_add < 0 ||
        layer_add >= b->layer_count)
        return;
    if (in->scale) {
        bullet_styled(b, in, layer_alpha, layer_add);
        return;
    }
    sprite_layer *la = &b->layers[layer_alpha], *ld = &b->layers[layer_add];
    int la0 = la->count, ld0 = ld->count;
    /* The fast loops need room for every entry they are given in either layer, so
     * they take the entries in chunks no longer than the room left (holes use
     * none, so an order with many holes still fits); what finds the layers full
     * goes through the slow path, which refuses and counts it. */
    int done = 0;
    while (done < in->count) {
        int room = la->capacity - la->count;
        if (ld != la && ld->capacity - ld->count < room)
            room = ld->capacity - ld->count;
        if (room <= 0)
            break;
        sprite_bullets chunk = bullet_chunk(in, done, room);
        bullet_out o = {{la->vertices, ld->vertices},
                        {la->rects, ld->rects},
                        {la->count, ld->count},
                        ld != la && b->any_additive};
        bullet_squeezed(b, &chunk, &o, bullet_loop_for(b, &chunk));
        ld->count = o.n[1];
        la->count = o.n[0];
        done += chunk.count;
    }
    if (done < in->count) {
        sprite_bullets rest = bullet_chunk(in, done, in->count - done);
        bullet_one_by_one(b, &rest, layer_alpha, layer_add);
    }
    sprite_layer_opaque(la, la0, la->count);
    if (ld != la)
        sprite_layer_opaque(ld, ld0, ld->count);
}

/* ---- building on several threads ---- */

/* A split build: each part takes a range of the entries, counts what it will
 * add to each layer (so that every part knows where its sprites start), then
 * writes them there. A range ends on a drawn entry: a hole at its end would be
 * written (not counted) over the next part's first sprite. */
typedef struct bullet_split_job {
    const sprite_batch *b;
    const sprite_bullets *in;
    bullet_out out;
    int first[WORKERS_MAX], end[WORKERS_MAX];
    int n[WORKERS_MAX][2]; /* sprites each part adds to each layer, then where they start */
} bullet_split_job;

static void bullet_split_count(void *ctx, int part, int parts)
{
    bullet_split_job *job = ctx;
    const sprite_bullets *in = job->in;
    uint32_t first, end;
    workers_split((uint32_t)in->count, part, parts, 64, &first, &end);
    while (in->order && end > first && in->order[end - 1] == SPRITE_BULLETS_SKIP)
        end--;
    int n[2] = {0, 0};
    for (uint32_t i = first; i < end; i++) {
        uint32_t j = in->order ? in->order[i] : i;
        if (j == SPRITE_BULLETS_SKIP)
            continue;
        int a =
            job->out.mask ? job->b->looks[bullet_look_index(in->shape, in->color, j)].additive : 0;
        n[a]++;
    }
    job->first[part] = (int)first;
    job->end[part] = (int)end;
    job->n[part][0] = n[0];
    job->n[part][1] = n[1];
}

static void bullet_split_build(void *ctx, int part, int parts)
{
    (void)parts;
    bullet_split_job *job = ctx;
    if (job->end[part] <= job->first[part])
        return;
    sprite_bullets chunk =
        bullet_chunk(job->in, job->first[part], job->end[part] - job->first[part]);
    bullet_out o = job->out;
    o.n[0] = job->n[part][0];
    o.n[1] = job->n[part][1];
    bullet_squeezed(job->b, &chunk, &o, bullet_loop_for(job->b, &chunk));
}

void sprite_batch_add_bullets_workers(sprite_batch *b, const sprite_bullets *in, int layer_alpha,
                                      int layer_add, workers *w)
{
    int parts = workers_threads(w);
    if (parts < 2 || in->count < b->split_min || in->scale || layer_alpha < 0 ||
        layer_alpha >= b->layer_count || layer_add < 0 || layer_add >= b->layer_count) {
        sprite_batch_add_bullets(b, in, layer_alpha, layer_add);
        return;
    }
    sprite_layer *la = &b->layers[layer_alpha], *ld = &b->layers[layer_add];
    if (la->capacity - la->count < in->count || ld->capacity - ld->count < in->count) {
        sprite_batch_add_bullets(b, in, layer_alpha, layer_add); /* it may refuse some */
        return;
    }
    bullet_split_job job = {.b = b,
                            .in = in,
                            .out = {{la->vertices, ld->vertices},
                                    {la->rects, ld->rects},
                                    {0, 0},
                                    ld != la && b->any_additive}};
    workers_run(w, bullet_split_count, &job, parts);
    int at[2] = {la->count, ld->count};
    for (int k = 0; k < parts; k++)
        for (int a = 0; a < 2; a++) {
            int n = job.n[k][a];
            job.n[k][a] = at[a];
            at[a] += n;
        }
    workers_run(w, bullet_split_build, &job, parts);
    ld->count = at[1];
    la->count = at[0];
}

void sprite_batch_submit(const sprite_batch *b, sprite_submit_fn submit, void *user)
{
    sprite_batch_submit_layers(b, 0, b->layer_count, submit, user);
}

void sprite_batch_submit_layers(const sprite_batch *b, int first, int end, sprite_submit_fn submit,
                                void *user)
{
    for (int i = first < 0 ? 0 : first; i < end && i < b->layer_count; i++)
        if (b->layers[i].count > 0)
            submit(b, &b->layers[i], user);
}
