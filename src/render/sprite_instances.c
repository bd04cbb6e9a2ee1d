/*
 * sprite_instances: the instance builder. The bullet loop is the CPU's whole
 * share of the instanced path: per bullet a gather of its columns, a look
 * index, two conversions and one 16-byte store.
 */
#include "render/sprite_instances.h"

#include "sim/look_anim.h"

#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* Entries of a draw order squeezed at once (no holes), on the stack (L1). */
#define INSTANCE_ORDER_RUN 512

void sprite_instances_look_table(const sprite_batch *b, float *texels)
{
    const int row = 4 * SPRITE_INSTANCE_LOOKS;
    memset(texels, 0, sizeof(float) * (size_t)row * SPRITE_INSTANCE_TABLE_ROWS);
    for (int i = 0; i < SPRITE_INSTANCE_LOOKS; i++) {
        const sprite_look *l = &b->looks[i];
        float *rect = texels + 4 * i, *size = texels + row + 4 * i;
        rect[0] = l->uv[0]; /* top-left corner */
        rect[1] = l->uv[1];
        rect[2] = l->uv[4]; /* bottom-right */
        rect[3] = l->uv[5];
        size[0] = l->hw;
        size[1] = l->hh;
        size[2] = l->turns;
    }
    for (int s = 0; s < SPRITE_LOOK_SHAPES; s++) {
        const sprite_anim *a = &b->anims[s];
        for (int n = 0; n < SPRITE_ANIM_MAX && n < a->frames; n++) {
            float *d = texels + 2 * row + 4 * (s * SPRITE_ANIM_MAX + n);
            d[0] = a->du[n];
            d[1] = a->dv[n];
        }
    }
}

void sprite_instances_additive(const sprite_batch *b, uint8_t *additive)
{
    for (int i = 0; i < SPRITE_INSTANCE_LOOKS; i++)
        additive[i] = b->looks[i].additive ? 1 : 0;
}

#if !defined(__SSE2__)
/* A heading component in [-1, 1] to a signed 16-bit fraction; anything else
 * (NaN included: the comparisons fail toward the bound) is clamped. */
static inline int16_t instance_fraction(float v)
{
    v = v < 1.0f ? v : 1.0f;
    v = v > -1.0f ? v : -1.0f;
    return (int16_t)(v * 32767.0f);
}
#endif

/* Writes one instance: with SSE2 one 16-byte store of x, y, the packed heading
 * and the look and frame word. (Non-temporal stores were tried, as the
 * instances go to the GPU and not back to this core: no faster here, 2.2 to
 * 3.7 ns a bullet against 2.2 to 3.2, and the rare additive bullets' lone
 * 16-byte pieces flush half-filled write-combining buffers.) */
static inline void instance_put(sprite_instance *d, float x, float y, float c, float s,
                                uint32_t look_frame)
{
#if defined(__SSE2__)
    /* No clamp: the saturating pack keeps any converted value a valid fraction
     * (past 1 it gives 32767; NaN, or past 2^31, converts to INT_MIN: -32768). */
    __m128 v = _mm_setr_ps(x, y, c, s);
    __m128i fr = _mm_cvttps_epi32(_mm_mul_ps(v, _mm_set1_ps(32767.0f))); /* lanes 2, 3 */
    __m128i packed = _mm_packs_epi32(fr, fr);                            /* dword 1: c | s << 16 */
    __m128i tail =
        _mm_unpacklo_epi32(_mm_srli_si128(packed, 4), _mm_cvtsi32_si128((int)look_frame));
    _mm_storeu_si128((__m128i *)(void *)d, _mm_unpacklo_epi64(_mm_castps_si128(v), tail));
#else
    d->x = x;
    d->y = y;
    d->c = instance_fraction(c);
    d->s = instance_fraction(s);
    d->look = (uint16_t)(look_frame & 0xffffu);
    d->frame = (uint16_t)(look_frame >> 16);
#endif
}

/* The look index of bullet j (any byte is a valid index: masked). */
static inline unsigned instance_look(const uint8_t *shape, const uint8_t *color, uint32_t j)
{
    return (shape[j] & (SPRITE_LOOK_SHAPES - 1u)) * SPRITE_LOOK_COLORS +
           (color[j] & (SPRITE_LOOK_COLORS - 1u));
}

/* The loop for bullets that fit: `idx` NULL walks [0, n), else idx[0..n) (no
 * holes). with_idx and with_heading are constants at each call, so each
 * combination compiles to a loop of its own with no test inside; the list is
 * a select. The inputs are copied to locals, so that the stores cannot make
 * the compiler load them again each bullet. */
static inline __attribute__((always_inline)) void
instance_loop(const uint8_t *restrict additive, const sprite_bullets *in, const uint32_t *idx,
              int n, sprite_instance_out *o, int with_idx, int with_heading)
{
    const float *const x = in->x, *const y = in->y, *const hc = in->cos, *const hs = in->sin;
    const uint8_t *const shape = in->shape, *const color = in->color;
    sprite_instance *const base0 = o->list[0], *const base1 = o->list[1];
    sprite_instance *p0 = base0 + o->count[0], *p1 = base1 + o->count[1];
    for (int i = 0; i < n; i++) {
        uint32_t j = with_idx ? idx[i] : (uint32_t)i;
        unsigned look = instance_look(shape, color, j);
        int a = additive[look];
        instance_put(a ? p1 : p0, x[j], y[j], with_heading ? hc[j] : 1.0f,
                     with_heading ? hs[j] : 0.0f, look);
        p0 += a ^ 1;
        p1 += a;
    }
    o->count[0] = (int)(p0 - base0);
    o->count[1] = (int)(p1 - base1);
}

/* The fitting loop for this input's shape. */
static void instance_fast(const uint8_t *additive, const sprite_bullets *in, const uint32_t *idx,
                          int n, sprite_instance_out *o)
{
    if (idx && in->cos)
        instance_loop(additive, in, idx, n, o, 1, 1);
    else if (idx)
        instance_loop(additive, in, idx, n, o, 1, 0);
    else if (in->cos)
        instance_loop(additive, in, idx, n, o, 0, 1);
    else
        instance_loop(additive, in, idx, n, o, 0, 0);
}

/* One bullet at a time, with its animation frame and the lists' room checked:
 * for animated shapes and for lists about to fill. */
static void instance_careful(const sprite_batch *b, const uint8_t *additive,
                             const sprite_bullets *in, const uint32_t *idx, int n,
                             sprite_instance_out *o)
{
    int animated = b->any_animated && in->born;
    for (int i = 0; i < n; i++) {
        uint32_t j = idx ? idx[i] : (uint32_t)i;
        unsigned look = instance_look(in->shape, in->color, j);
        int a = additive[look];
        if (o->count[a] >= o->capacity) {
            o->refused++;
            continue;
        }
        uint32_t frame = 0;
        if (animated) {
            const sprite_anim *an = &b->anims[look / SPRITE_LOOK_COLORS];
            uint32_t age = in->now - in->born[(size_t)j * (size_t)in->born_stride];
            frame = (uint32_t)look_anim_frame(an->frames, an->every, an->once, (int64_t)age);
        }
        instance_put(o->list[a] + o->count[a]++, in->x[j], in->y[j], in->cos ? in->cos[j] : 1.0f,
                     in->cos ? in->sin[j] : 0.0f, look | frame << 16);
    }
}

/* n entries (idx as for instance_loop): the fast loop when both lists have
 * room for all of them and nothing animates, else the careful one. */
static void instance_run(const sprite_batch *b, const uint8_t *additive, const sprite_bullets *in,
                         const uint32_t *idx, int n, sprite_instance_out *o)
{
    int room = o->capacity - (o->count[0] > o->count[1] ? o->count[0] : o->count[1]);
    if (n <= room && !(b->any_animated && in->born))
        instance_fast(additive, in, idx, n, o);
    else
        instance_careful(b, additive, in, idx, n, o);
}

void sprite_instances_add(const sprite_batch *b, const uint8_t *additive, const sprite_bullets *in,
                          sprite_instance_out *o)
{
    if (in->count <= 0)
        return;
    if (!in->order) {
        instance_run(b, additive, in, NULL, in->count, o);
        return;
    }
    /* runs of the order without their holes (a branch-free copy) */
    uint32_t run[INSTANCE_ORDER_RUN];
    for (int first = 0; first < in->count; first += INSTANCE_ORDER_RUN) {
        int end = in->count - first < INSTANCE_ORDER_RUN ? in->count : first + INSTANCE_ORDER_RUN;
        int n = 0;
        for (int k = first; k < end; k++) {
            uint32_t j = in->order[k];
            run[n] = j;
            n += j != SPRITE_BULLETS_SKIP;
        }
        instance_run(b, additive, in, run, n, o);
    }
}
