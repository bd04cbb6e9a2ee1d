/*
 * laser_pool: pooled straight and curvy lasers. See laser_pool.h.
 */
#include "sim/laser_pool.h"

#include "core/ease.h"
#include "core/mem.h"
#include "core/trig.h"
#include "sim/playfield.h"

#include <math.h>
#include <string.h>
#if defined(__SSE__)
#include <xmmintrin.h>
#endif

#define BLOCK 64u

/* ---- life cycle ---- */

/* One array of the pool's single allocation: where its pointer goes, its
 * element size and count. */
typedef struct laser_array {
    void **ptr;
    size_t size, count;
} laser_array;

/* Carves every array out of one 64-byte aligned block. */
static int laser_pool_alloc(laser_pool *p)
{
    size_t n = p->capacity, nodes = (size_t)p->capacity * p->node_cap * 2; /* rings twice */
    size_t words = p->blocks, summary = (p->blocks + 63) / 64;
    const laser_array arrays[] = {
        {(void **)&p->x, 4, n},
        {(void **)&p->y, 4, n},
        {(void **)&p->dir_x, 4, n},
        {(void **)&p->dir_y, 4, n},
        {(void **)&p->vel, 4, n},
        {(void **)&p->off_x, 4, n},
        {(void **)&p->off_y, 4, n},
        {(void **)&p->shift_x, 4, n},
        {(void **)&p->shift_y, 4, n},
        {(void **)&p->prev_x, 4, n},
        {(void **)&p->prev_y, 4, n},
        {(void **)&p->prev_dx, 4, n},
        {(void **)&p->prev_dy, 4, n},
        {(void **)&p->length, 4, n},
        {(void **)&p->width, 4, n},
        {(void **)&p->box_x0, 4, n},
        {(void **)&p->box_y0, 4, n},
        {(void **)&p->box_x1, 4, n},
        {(void **)&p->box_y1, 4, n},
        {(void **)&p->kind, 1, n},
        {(void **)&p->phase, 1, n},
        {(void **)&p->color, 1, n},
        {(void **)&p->flags, 1, n},
        {(void **)&p->age, 4, n},
        {(void **)&p->warn, 4, n},
        {(void **)&p->life, 4, n},
        {(void **)&p->fade_at, 4, n},
        {(void **)&p->nodes, 4, n},
        {(void **)&p->ring, 4, n},
        {(void **)&p->graze_at, 4, n},
        {(void **)&p->node_x, 4, nodes},
        {(void **)&p->node_y, 4, nodes},
        {(void **)&p->track, sizeof(laser_track), n * LASER_CHANNEL_COUNT},
        {(void **)&p->gen, 4, n},
        {(void **)&p->owner, 4, n},
        {(void **)&p->script, 4, n},
        {(void **)&p->serial, 4, n},
        {(void **)&p->alive, 8, words},
        {(void **)&p->free_bits, 8, words + summary},
        {(void **)&p->log, sizeof(laser_despawn), n},
        {(void **)&p->turned, 4, n},
    };
    size_t count = sizeof arrays / sizeof arrays[0], offset = 0;
    for (size_t k = 0; k < count; k++)
        offset += (arrays[k].size * arrays[k].count + 63) & ~(size_t)63;
    char *block = mem_alloc_aligned(offset, 64);
    if (!block)
        return -1;
    memset(block, 0, offset);
    p->block = block;
    p->block_size = offset;
    offset = 0;
    for (size_t k = 0; k < count; k++) {
        *arrays[k].ptr = block + offset;
        offset += (arrays[k].size * arrays[k].count + 63) & ~(size_t)63;
    }
    return 0;
}

int laser_pool_init(laser_pool *p, uint32_t capacity, uint32_t node_cap)
{
    memset(p, 0, sizeof *p);
    if (capacity < 1 || capacity > LASER_POOL_MAX_CAPACITY || node_cap < 2 ||
        node_cap > LASER_POOL_MAX_NODES)
        return -1;
    p->capacity = (capacity + BLOCK - 1) / BLOCK * BLOCK;
    p->blocks = p->capacity / BLOCK;
    p->node_cap = node_cap;
    p->next_serial = 1;
    laser_pool_set_cull_rect(p, -PLAYFIELD_CULL_MARGIN, -PLAYFIELD_CULL_MARGIN,
                             PLAYFIELD_W + PLAYFIELD_CULL_MARGIN,
                             PLAYFIELD_H + PLAYFIELD_CULL_MARGIN);
    if (laser_pool_alloc(p) != 0) {
        memset(p, 0, sizeof *p);
        return -1;
    }
    uint64_t *summary = p->free_bits + p->blocks;
    for (uint32_t b = 0; b < p->blocks; b++) {
        p->free_bits[b] = ~0ull;
        summary[b / 64] |= 1ull << (b % 64);
    }
    return 0;
}

void laser_pool_free(laser_pool *p)
{
    mem_free(p->block);
    memset(p, 0, sizeof *p);
}

void laser_pool_set_cull_rect(laser_pool *p, float x0, float y0, float x1, float y1)
{
    p->cull_x0 = x0;
    p->cull_y0 = y0;
    p->cull_x1 = x1;
    p->cull_y1 = y1;
}

/* ---- slots ---- */

/* The lowest free slot, or capacity when full: the summary word with a block
 * that has a free slot, then that block (at most capacity / 4096 words). */
static uint32_t laser_pool_lowest_free(const laser_pool *p)
{
    const uint64_t *summary = p->free_bits + p->blocks;
    for (uint32_t s = 0; s < (p->blocks + 63) / 64; s++)
        if (summary[s]) {
            uint32_t b = s * 64 + (uint32_t)__builtin_ctzll(summary[s]);
            return b * BLOCK + (uint32_t)__builtin_ctzll(p->free_bits[b]);
        }
    return p->capacity;
}

static void laser_pool_mark(laser_pool *p, uint32_t i, int live)
{
    uint32_t b = i / BLOCK;
    uint64_t bit = 1ull << (i % BLOCK);
    uint64_t *summary = p->free_bits + p->blocks;
    if (live) {
        p->alive[b] |= bit;
        p->free_bits[b] &= ~bit;
        if (!p->free_bits[b])
            summary[b / 64] &= ~(1ull << (b % 64));
        if (b + 1 > p->block_end)
            p->block_end = b + 1;
        if (p->block_end > p->block_peak)
            p->block_peak = p->block_end;
    } else {
        p->alive[b] &= ~bit;
        p->free_bits[b] |= bit;
        summary[b / 64] |= 1ull << (b % 64);
        while (p->block_end > 0 && p->alive[p->block_end - 1] == 0)
            p->block_end--;
    }
}

static int laser_pool_live_slot(const laser_pool *p, laser_handle h)
{
    return h.index < p->capacity && (h.gen & 1u) && p->gen[h.index] == h.gen &&
           (p->alive[h.index / BLOCK] >> (h.index % BLOCK) & 1u);
}

int laser_pool_alive(const laser_pool *p, laser_handle h)
{
    return laser_pool_live_slot(p, h);
}

laser_handle laser_pool_handle(const laser_pool *p, uint32_t i)
{
    if (i >= p->capacity || !(p->alive[i / BLOCK] >> (i % BLOCK) & 1u))
        return LASER_HANDLE_NONE;
    return (laser_handle){i, p->gen[i]};
}

/* A finite float, or `fallback`. */
static float laser_finite(double v, float fallback)
{
    return isfinite(v) && fabs(v) < 1e9 ? (float)v : fallback;
}

/* The smaller and the larger of two floats by compares (fminf and fmaxf are
 * library calls on baseline x86-64; they differ only for NaNs and signed
 * zeros, which a box never needs told apart). */
static float laser_min(float a, float b)
{
    return a < b ? a : b;
}
static float laser_max(float a, float b)
{
    return a > b ? a : b;
}

/* Widens the box (x0, y0)-(x1, y1) to n points. SSE's min and max four at a
 * time, folded in registers (a compiler may not turn `a < b ? a : b` into them
 * without fast-math, which the project never uses; for the finite values nodes
 * hold both give the same box), then the rest one by one. */
static void laser_pool_span(const float *restrict x, const float *restrict y, uint32_t n, float *x0,
                            float *y0, float *x1, float *y1)
{
    uint32_t k = 0;
#if defined(__SSE__)
    if (n >= 4) {
        __m128 lx = _mm_loadu_ps(x), hx = lx, ly = _mm_loadu_ps(y), hy = ly;
        for (k = 4; k + 4 <= n; k += 4) {
            __m128 vx = _mm_loadu_ps(x + k), vy = _mm_loadu_ps(y + k);
            lx = _mm_min_ps(lx, vx), hx = _mm_max_ps(hx, vx);
            ly = _mm_min_ps(ly, vy), hy = _mm_max_ps(hy, vy);
        }
        /* fold the four lanes: swap halves, then neighbours */
        lx = _mm_min_ps(lx, _mm_movehl_ps(lx, lx)), hx = _mm_max_ps(hx, _mm_movehl_ps(hx, hx));
        ly = _mm_min_ps(ly, _mm_movehl_ps(ly, ly)), hy = _mm_max_ps(hy, _mm_movehl_ps(hy, hy));
        lx = _mm_min_ss(lx, _mm_shuffle_ps(lx, lx, 1)),
        hx = _mm_max_ss(hx, _mm_shuffle_ps(hx, hx, 1));
        ly = _mm_min_ss(ly, _mm_shuffle_ps(ly, ly, 1)),
        hy = _mm_max_ss(hy, _mm_shuffle_ps(hy, hy, 1));
        *x0 = laser_min(*x0, _mm_cvtss_f32(lx)), *x1 = laser_max(*x1, _mm_cvtss_f32(hx));
        *y0 = laser_min(*y0, _mm_cvtss_f32(ly)), *y1 = laser_max(*y1, _mm_cvtss_f32(hy));
    }
#endif
    for (; k < n; k++) {
        *x0 = laser_min(x[k], *x0), *x1 = laser_max(x[k], *x1);
        *y0 = laser_min(y[k], *y0), *y1 = laser_max(y[k], *y1);
    }
}

/* The bounds of live laser i over the frame: a straight beam before and after
 * the update (prev_* and now), a curvy laser's trail (its body and the node
 * just dropped: one run of the doubled ring). */
static void laser_pool_bound(laser_pool *p, uint32_t i)
{
    float x0, y0, x1, y1;
    if (p->kind[i] == LASER_STRAIGHT) {
        float ex, ey, len = p->length[i];
        float sx = p->prev_x[i] + p->prev_dx[i] * len, sy = p->prev_y[i] + p->prev_dy[i] * len;
        laser_pool_beam_end(p, i, &ex, &ey);
        x0 = laser_min(laser_min(p->x[i], ex), laser_min(p->prev_x[i], sx));
        x1 = laser_max(laser_max(p->x[i], ex), laser_max(p->prev_x[i], sx));
        y0 = laser_min(laser_min(p->y[i], ey), laser_min(p->prev_y[i], sy));
        y1 = laser_max(laser_max(p->y[i], ey), laser_max(p->prev_y[i], sy));
    } else {
        uint32_t n = p->nodes[i] + (p->age[i] + 1 > p->nodes[i]);
        uint32_t j = laser_pool_node(p, i, n - 1); /* the oldest: the run ends at the head */
        x0 = x1 = p->x[i];
        y0 = y1 = p->y[i];
        laser_pool_span(p->node_x + j, p->node_y + j, n, &x0, &y0, &x1, &y1);
    }
    p->box_x0[i] = x0, p->box_y0[i] = y0, p->box_x1[i] = x1, p->box_y1[i] = y1;
}

/* The bounds of straight laser i (laser_pool_bound's straight case). */
static void laser_pool_beam_box(laser_pool *p, uint32_t i)
{
    float len = p->length[i], ex = p->x[i] + p->dir_x[i] * len, ey = p->y[i] + p->dir_y[i] * len;
    float sx = p->prev_x[i] + p->prev_dx[i] * len, sy = p->prev_y[i] + p->prev_dy[i] * len;
    p->box_x0[i] = laser_min(laser_min(p->x[i], ex), laser_min(p->prev_x[i], sx));
    p->box_x1[i] = laser_max(laser_max(p->x[i], ex), laser_max(p->prev_x[i], sx));
    p->box_y0[i] = laser_min(laser_min(p->y[i], ey), laser_min(p->prev_y[i], sy));
    p->box_y1[i] = laser_max(laser_max(p->y[i], ey), laser_max(p->prev_y[i], sy));
}

/* The bounds of every straight laser up to `end`: laser_pool_bound's
 * straight case, four slots at a time with SSE for a run of four that holds
 * no curvy laser (free slots' boxes mean nothing; minps and maxps are
 * laser_min and laser_max: the same floats), one by one beside a curvy one,
 * whose box carries over to laser_pool_settle. */
static void laser_pool_beam_boxes(laser_pool *p, uint32_t end)
{
    for (uint32_t i = 0; i < end; i += 4) {
        uint32_t kinds; /* four kind bytes */
        memcpy(&kinds, p->kind + i, sizeof kinds);
        if (kinds == 0x01010101u)
            continue; /* all curvy */
        if (kinds != 0) {
            for (uint32_t l = i; l < i + 4; l++)
                if (p->kind[l] == LASER_STRAIGHT)
                    laser_pool_beam_box(p, l);
            continue;
        }
#if defined(__SSE__)
        __m128 len = _mm_load_ps(p->length + i);
        __m128 x = _mm_load_ps(p->x + i), y = _mm_load_ps(p->y + i);
        __m128 px = _mm_load_ps(p->prev_x + i), py = _mm_load_ps(p->prev_y + i);
        __m128 ex = _mm_add_ps(x, _mm_mul_ps(_mm_load_ps(p->dir_x + i), len));
        __m128 ey = _mm_add_ps(y, _mm_mul_ps(_mm_load_ps(p->dir_y + i), len));
        __m128 sx = _mm_add_ps(px, _mm_mul_ps(_mm_load_ps(p->prev_dx + i), len));
        __m128 sy = _mm_add_ps(py, _mm_mul_ps(_mm_load_ps(p->prev_dy + i), len));
        _mm_store_ps(p->box_x0 + i, _mm_min_ps(_mm_min_ps(x, ex), _mm_min_ps(px, sx)));
        _mm_store_ps(p->box_x1 + i, _mm_max_ps(_mm_max_ps(x, ex), _mm_max_ps(px, sx)));
        _mm_store_ps(p->box_y0 + i, _mm_min_ps(_mm_min_ps(y, ey), _mm_min_ps(py, sy)));
        _mm_store_ps(p->box_y1 + i, _mm_max_ps(_mm_max_ps(y, ey), _mm_max_ps(py, sy)));
#else
        for (uint32_t l = i; l < i + 4; l++)
            laser_pool_beam_box(p, l);
#endif
    }
}

/* The phase of laser i at its age (and the start of its fade when its life is over). */
static void laser_pool_phase(laser_pool *p, uint32_t i)
{
    uint32_t a = p->age[i], start = 0;
    if (p->fade_at[i] != LASER_NEVER) {
        p->phase[i] = LASER_PHASE_FADE;
        return;
    }
    if (p->kind[i] == LASER_STRAIGHT && !(p->flags[i] & LASER_FLAG_SHOT)) {
        if (a < p->warn[i]) {
            p->phase[i] = LASER_PHASE_WARN;
            return;
        }
        if (a < p->warn[i] + LASER_GROW_FRAMES) {
            p->phase[i] = LASER_PHASE_GROW;
            return;
        }
        start = p->warn[i] + LASER_GROW_FRAMES;
    }
    if (p->life[i] != 0 && a >= start + p->life[i]) {
        p->fade_at[i] = start + p->life[i];
        p->phase[i] = LASER_PHASE_FADE;
        return;
    }
    p->phase[i] = LASER_PHASE_ON;
}

/* Writes laser i's head into its ring's entry `ring`, in both copies. */
static void laser_pool_put_node(laser_pool *p, uint32_t i)
{
    size_t j = (size_t)i * 2 * p->node_cap + p->ring[i];
    p->node_x[j] = p->node_x[j + p->node_cap] = p->x[i];
    p->node_y[j] = p->node_y[j + p->node_cap] = p->y[i];
}

static void laser_pool_set_dirs(laser_pool *p, const uint32_t *list, uint32_t count);

static void laser_pool_set_dir(laser_pool *p, uint32_t i)
{
    laser_pool_set_dirs(p, &i, 1);
}

laser_handle laser_pool_spawn(laser_pool *p, const laser_spawn *s)
{
    uint32_t i = laser_pool_lowest_free(p);
    if (i >= p->capacity) {
        p->stats.refused++;
        return LASER_HANDLE_NONE;
    }
    laser_pool_mark(p, i, 1);
    p->gen[i] = (p->gen[i] + 1) | 1u;
    int curvy = s->kind == LASER_CURVY;
    p->kind[i] = curvy ? LASER_CURVY : LASER_STRAIGHT;
    p->x[i] = laser_finite(s->x, -1e6f);
    p->y[i] = laser_finite(s->y, -1e6f);
    p->shift_x[i] = p->shift_y[i] = 0;
    laser_track *t = p->track + (size_t)i * LASER_CHANNEL_COUNT;
    t[LASER_CHANNEL_HEADING] = (laser_track){isfinite(s->heading) ? s->heading : 0.0,
                                             isfinite(s->spin) ? s->spin : 0.0,
                                             0,
                                             0,
                                             0,
                                             0,
                                             0,
                                             0};
    t[LASER_CHANNEL_SPEED] = (laser_track){curvy && isfinite(s->speed) ? s->speed : 0.0,
                                           curvy && isfinite(s->accel) ? s->accel : 0.0,
                                           0,
                                           0,
                                           0,
                                           0,
                                           0,
                                           0};
    laser_pool_set_dir(p, i);
    p->vel[i] = (float)t[LASER_CHANNEL_SPEED].value;
    float len = laser_finite(s->length, 0);
    if (curvy)
        len = len < 1 ? 1 : len > (float)(p->node_cap - 1) ? (float)(p->node_cap - 1) : floorf(len);
    p->length[i] = len < 0 ? 0 : len;
    float wid = laser_finite(s->width, 0);
    p->width[i] = wid < 0 ? 0 : wid;
    p->color[i] = s->color;
    p->flags[i] = s->flags;
    p->age[i] = 0;
    p->warn[i] = curvy || (s->flags & LASER_FLAG_SHOT) ? 0 : s->warn;
    p->life[i] = s->life;
    p->fade_at[i] = LASER_NEVER;
    p->nodes[i] = 1;
    p->ring[i] = 0;
    p->graze_at[i] = LASER_NEVER;
    laser_pool_put_node(p, i);
    p->prev_x[i] = p->x[i], p->prev_y[i] = p->y[i];
    p->prev_dx[i] = p->dir_x[i], p->prev_dy[i] = p->dir_y[i];
    p->owner[i] = s->owner;
    p->off_x[i] = laser_finite(s->off_x, 0);
    p->off_y[i] = laser_finite(s->off_y, 0);
    p->script[i] = s->script;
    p->serial[i] = p->next_serial++;
    if (p->next_serial == 0)
        p->next_serial = 1;
    laser_pool_phase(p, i);
    laser_pool_bound(p, i);
    p->live++;
    p->stats.spawned++;
    if (p->live > p->stats.peak_live)
        p->stats.peak_live = p->live;
    return (laser_handle){i, p->gen[i]};
}

static void laser_pool_release(laser_pool *p, uint32_t i, laser_despawn_reason reason)
{
    if (p->script[i]) {
        if (p->log_len < p->capacity)
            p->log[p->log_len++] =
                (laser_despawn){p->script[i], {i, p->gen[i]}, reason, p->x[i], p->y[i]};
        else
            p->stats.log_overflow++;
    }
    p->gen[i]++; /* even: dead */
    laser_pool_mark(p, i, 0);
    p->live--;
    p->stats.despawned[reason]++;
}

int laser_pool_despawn(laser_pool *p, laser_handle h, laser_despawn_reason reason)
{
    if (!laser_pool_live_slot(p, h))
        return 0;
    laser_pool_release(p, h.index, reason);
    return 1;
}

uint32_t laser_pool_clear(laser_pool *p, laser_despawn_reason reason, int keep_no_cancel)
{
    uint32_t n = 0;
    for (uint32_t b = p->block_end; b-- > 0;)
        for (uint64_t m = p->alive[b]; m; m &= m - 1) {
            uint32_t i = b * BLOCK + (uint32_t)__builtin_ctzll(m);
            if (keep_no_cancel && (p->flags[i] & LASER_FLAG_NO_CANCEL))
                continue;
            laser_pool_release(p, i, reason);
            n++;
        }
    return n;
}

/* ---- channels ---- */

static laser_track *laser_pool_track(laser_pool *p, laser_handle h, laser_channel c)
{
    if (!laser_pool_live_slot(p, h) || (unsigned)c >= LASER_CHANNEL_COUNT)
        return NULL;
    return &p->track[(size_t)h.index * LASER_CHANNEL_COUNT + c];
}

double laser_pool_get(const laser_pool *p, laser_handle h, laser_channel c)
{
    laser_track *t = laser_pool_track((laser_pool *)p, h, c);
    return t ? t->value : 0.0;
}

double laser_pool_get_rate(const laser_pool *p, laser_handle h, laser_channel c)
{
    laser_track *t = laser_pool_track((laser_pool *)p, h, c);
    return t ? t->rate : 0.0;
}

/* After a channel changed: the cached heading vector or speed. Straight lasers
 * keep speed 0. */
static void laser_pool_refresh(laser_pool *p, uint32_t i, laser_channel c)
{
    if (c == LASER_CHANNEL_HEADING)
        laser_pool_set_dir(p, i);
    else
        p->vel[i] = p->kind[i] == LASER_CURVY
                        ? (float)p->track[i * LASER_CHANNEL_COUNT + LASER_CHANNEL_SPEED].value
                        : 0.0f;
}

int laser_pool_set(laser_pool *p, laser_handle h, laser_channel c, double value)
{
    laser_track *t = laser_pool_track(p, h, c);
    if (!t || !isfinite(value))
        return 0;
    t->value = value;
    t->left = 0;
    t->ease = 0;
    laser_pool_refresh(p, h.index, c);
    return 1;
}

int laser_pool_set_rate(laser_pool *p, laser_handle h, laser_channel c, double per_update)
{
    laser_track *t = laser_pool_track(p, h, c);
    if (!t || !isfinite(per_update))
        return 0;
    t->rate = per_update;
    t->left = 0;
    t->ease = 0;
    return 1;
}

int laser_pool_tween(laser_pool *p, laser_handle h, laser_channel c, double target, int32_t frames)
{
    return laser_pool_tween_eased(p, h, c, target, frames, EASE_LINEAR);
}

int laser_pool_tween_eased(laser_pool *p, laser_handle h, laser_channel c, double target,
                           int32_t frames, int how)
{
    laser_track *t = laser_pool_track(p, h, c);
    if (!t || !isfinite(target) || how < 0 || how >= EASE_COUNT)
        return 0;
    if (frames < 1)
        frames = 1;
    t->target = target;
    t->step = (target - t->value) / frames;
    t->left = (uint32_t)frames;
    t->ease = (uint8_t)how;
    t->total = (uint32_t)frames;
    t->from = t->value;
    return 1;
}

/* One update of a channel's tween: linear by steps (the rule every recorded
 * replay holds), or along its ease from where it started. */
static void laser_track_tween(laser_track *t)
{
    if (--t->left == 0)
        t->value = t->target;
    else if (t->ease == EASE_LINEAR)
        t->value += t->step;
    else
        t->value = t->from + (t->target - t->from) *
                                 ease_curve((ease_kind)t->ease,
                                            (double)(t->total - t->left) / (double)t->total);
}

int laser_pool_set_origin(laser_pool *p, laser_handle h, float x, float y)
{
    if (!laser_pool_live_slot(p, h) || !isfinite(x) || !isfinite(y))
        return 0;
    p->shift_x[h.index] = x - p->x[h.index];
    p->shift_y[h.index] = y - p->y[h.index];
    return 1;
}

int laser_pool_fade(laser_pool *p, laser_handle h)
{
    if (!laser_pool_live_slot(p, h))
        return 0;
    if (p->fade_at[h.index] == LASER_NEVER)
        p->fade_at[h.index] = p->age[h.index];
    p->phase[h.index] = LASER_PHASE_FADE;
    return 1;
}

/* ---- the update ---- */

/* The unit headings of the `count` lasers listed, their sines and cosines
 * four or two at a time (trig_sincos_n: trig_sincos's bits). */
static void laser_pool_set_dirs(laser_pool *p, const uint32_t *list, uint32_t count)
{
    enum {
        CHUNK = 64
    };
    double h[CHUNK], s[CHUNK], c[CHUNK];
    for (uint32_t k = 0; k < count; k += CHUNK) {
        uint32_t n = count - k < CHUNK ? count - k : CHUNK;
        for (uint32_t j = 0; j < n; j++)
            h[j] = p->track[list[k + j] * LASER_CHANNEL_COUNT + LASER_CHANNEL_HEADING].value *
                   TRIG_DEG2RAD;
        trig_sincos_n(h, s, c, n);
        for (uint32_t j = 0; j < n; j++) {
            p->dir_x[list[k + j]] = (float)s[j];
            p->dir_y[list[k + j]] = (float)-c[j];
        }
    }
}

/* Step 1: tweens and rates, each live laser's two channels; the headings that
 * moved get their unit vectors in one batch after. */
static void laser_pool_step_channels(laser_pool *p)
{
    uint32_t turned = 0;
    for (uint32_t b = 0; b < p->block_end; b++)
        for (uint64_t m = p->alive[b]; m; m &= m - 1) {
            uint32_t i = b * BLOCK + (uint32_t)__builtin_ctzll(m);
            for (int c = 0; c < LASER_CHANNEL_COUNT; c++) {
                laser_track *t = &p->track[(size_t)i * LASER_CHANNEL_COUNT + c];
                if (t->left > 0) {
                    laser_track_tween(t);
                } else if (t->rate != 0.0) {
                    t->value += t->rate;
                } else {
                    continue;
                }
                if (c == LASER_CHANNEL_HEADING)
                    p->turned[turned++] = i;
                else
                    laser_pool_refresh(p, i, (laser_channel)c);
            }
        }
    laser_pool_set_dirs(p, p->turned, turned);
}

/* Step 2: every slot up to the high-water mark moves, branch-free (free slots
 * move too; their values mean nothing): one loop the compiler vectorizes. */
static void laser_pool_move_span(float *restrict x, float *restrict y, float *restrict sx,
                                 float *restrict sy, const float *restrict dx,
                                 const float *restrict dy, const float *restrict v, uint32_t end)
{
    for (uint32_t i = 0; i < end; i++) {
        x[i] += dx[i] * v[i] + sx[i];
        y[i] += dy[i] * v[i] + sy[i];
        sx[i] = 0.0f;
        sy[i] = 0.0f;
    }
}

static void laser_pool_move(laser_pool *p)
{
    laser_pool_move_span(p->x, p->y, p->shift_x, p->shift_y, p->dir_x, p->dir_y, p->vel,
                         laser_pool_slot_end(p));
}

/* Whether laser i's bounds are wholly outside the cull rectangle. */
static int laser_pool_outside(const laser_pool *p, uint32_t i)
{
    return p->box_x1[i] < p->cull_x0 || p->box_x0[i] > p->cull_x1 || p->box_y1[i] < p->cull_y0 ||
           p->box_y0[i] > p->cull_y1;
}

/* The box of curvy laser i after its head moved (laser_pool.h, BOUNDS):
 * worked out from the whole trail on one update in LASER_POOL_BOX_REFRESH
 * (staggered by slot) and whenever the head is not inside the cull
 * rectangle (a cull needs the exact box), else the last box widened to the
 * head: it still holds the whole trail, which only drops nodes at its tail. */
static void laser_pool_trail_box(laser_pool *p, uint32_t i)
{
    float x = p->x[i], y = p->y[i];
    int inside = x >= p->cull_x0 && x <= p->cull_x1 && y >= p->cull_y0 && y <= p->cull_y1;
    if (!inside || (p->frame + i) % LASER_POOL_BOX_REFRESH == 0) {
        laser_pool_bound(p, i);
        return;
    }
    p->box_x0[i] = laser_min(x, p->box_x0[i]), p->box_x1[i] = laser_max(x, p->box_x1[i]);
    p->box_y0[i] = laser_min(y, p->box_y0[i]), p->box_y1[i] = laser_max(y, p->box_y1[i]);
}

/* Steps 3 and 4 for live laser i: its node, bounds, age and phase; 1 when it goes. */
static int laser_pool_settle(laser_pool *p, uint32_t i, laser_despawn_reason *why)
{
    if (p->kind[i] == LASER_CURVY) {
        p->ring[i] = p->ring[i] + 1 == p->node_cap ? 0 : p->ring[i] + 1; /* no division */
        laser_pool_put_node(p, i);
        if (p->nodes[i] < (uint32_t)p->length[i])
            p->nodes[i]++;
    }
    p->age[i]++;
    if (p->kind[i] == LASER_CURVY) /* a beam's: laser_pool_beam_boxes */
        laser_pool_trail_box(p, i);
    laser_pool_phase(p, i);
    if (p->fade_at[i] != LASER_NEVER && p->age[i] >= p->fade_at[i] + laser_pool_fade_frames(p, i)) {
        *why = LASER_DESPAWN_EXPIRE;
        return 1;
    }
    if (p->kind[i] == LASER_CURVY && p->age[i] >= p->length[i] && laser_pool_outside(p, i)) {
        *why = LASER_DESPAWN_CULL;
        return 1;
    }
    return 0;
}

void laser_pool_update(laser_pool *p)
{
    uint32_t end = laser_pool_slot_end(p);
    memcpy(p->prev_x, p->x, end * sizeof(float));
    memcpy(p->prev_y, p->y, end * sizeof(float));
    memcpy(p->prev_dx, p->dir_x, end * sizeof(float));
    memcpy(p->prev_dy, p->dir_y, end * sizeof(float));
    laser_pool_move(p);
    laser_pool_step_channels(p);
    laser_pool_beam_boxes(p, end);
    for (uint32_t b = 0; b < p->block_end; b++)
        for (uint64_t m = p->alive[b]; m; m &= m - 1) {
            uint32_t i = b * BLOCK + (uint32_t)__builtin_ctzll(m);
            laser_despawn_reason why;
            if (laser_pool_settle(p, i, &why))
                laser_pool_release(p, i, why);
        }
    p->frame++;
}

/* ---- reading ---- */

float laser_pool_width_now(const laser_pool *p, uint32_t i)
{
    float full = p->width[i];
    float warn = full < LASER_WARN_WIDTH ? full : LASER_WARN_WIDTH;
    switch (p->phase[i]) {
    case LASER_PHASE_WARN: return warn;
    case LASER_PHASE_GROW: {
        float t = (float)(p->age[i] - p->warn[i] + 1) / (float)(LASER_GROW_FRAMES + 1);
        return warn + (full - warn) * t;
    }
    case LASER_PHASE_FADE: {
        float t = (float)(p->age[i] - p->fade_at[i]) / (float)laser_pool_fade_frames(p, i);
        return full * (1.0f - (t > 1.0f ? 1.0f : t));
    }
    default: return full;
    }
}

float laser_pool_taper(uint32_t k, uint32_t n)
{
    return laser_pool_taper_at(k, n, laser_pool_taper_inv(n));
}

const laser_despawn *laser_pool_despawned(const laser_pool *p, uint32_t *count)
{
    *count = p->log_len;
    return p->log;
}

void laser_pool_clear_despawned(laser_pool *p)
{
    p->log_len = 0;
}

void laser_pool_hash(const laser_pool *p, hasher *hs)
{
    hash_u32(hs, p->capacity);
    hash_u32(hs, LASER_HASH_RING); /* not node_cap (laser_pool.h) */
    hash_u32(hs, p->frame);
    hash_u32(hs, p->live);
    hash_u32(hs, p->next_serial);
    for (uint32_t b = 0; b < p->block_end; b++)
        for (uint64_t m = p->alive[b]; m; m &= m - 1) {
            uint32_t i = b * BLOCK + (uint32_t)__builtin_ctzll(m);
            const float f[] = {p->x[i],     p->y[i],       p->dir_x[i],   p->dir_y[i],
                               p->vel[i],   p->shift_x[i], p->shift_y[i], p->length[i],
                               p->width[i], p->off_x[i],   p->off_y[i]};
            const uint32_t u[] = {i,
                                  p->gen[i],
                                  p->owner[i],
                                  p->script[i],
                                  p->serial[i],
                                  p->age[i],
                                  p->warn[i],
                                  p->life[i],
                                  p->fade_at[i],
                                  p->nodes[i],
                                  p->ring[i] % LASER_HASH_RING,
                                  p->graze_at[i],
                                  (uint32_t)p->kind[i] | (uint32_t)p->phase[i] << 8 |
                                      (uint32_t)p->color[i] << 16 | (uint32_t)p->flags[i] << 24};
            for (size_t k = 0; k < sizeof f / sizeof f[0]; k++)
                hash_f32(hs, f[k]);
            for (size_t k = 0; k < sizeof u / sizeof u[0]; k++)
                hash_u32(hs, u[k]);
            for (int c = 0; c < LASER_CHANNEL_COUNT; c++) {
                const laser_track *t = &p->track[(size_t)i * LASER_CHANNEL_COUNT + c];
                hash_f64(hs, t->value);
                hash_f64(hs, t->rate);
                hash_f64(hs, t->target);
                hash_f64(hs, t->step);
                hash_u32(hs, t->left);
                if (t->ease) { /* only an eased tween: the hashes before them hold */
                    hash_u32(hs, t->ease);
                    hash_u32(hs, t->total);
                    hash_f64(hs, t->from);
                }
            }
            if (p->kind[i] == LASER_CURVY)
                for (uint32_t k = 0; k < p->nodes[i]; k++) {
                    uint32_t j = laser_pool_node(p, i, k);
                    hash_f32(hs, p->node_x[j]);
                    hash_f32(hs, p->node_y[j]);
                }
        }
}

const char *laser_kind_name(laser_kind k)
{
    static const char *const names[] = {
#define LASER_KIND_NAME(id, name, letter) name,
        LASER_KINDS(LASER_KIND_NAME)
#undef LASER_KIND_NAME
    };
    return (unsigned)k < LASER_KIND_COUNT ? names[k] : "?";
}

/* A kind by its name: the table's order, so the first row wins a tie. */
int laser_kind_find(const char *name)
{
    for (int k = 0; name && k < LASER_KIND_COUNT; k++)
        if (strcmp(laser_kind_name((laser_kind)k), name) == 0)
            return k;
    return -1;
}

char laser_kind_letter(laser_kind k)
{
    static const char letters[] = {
#define LASER_KIND_LETTER(id, name, letter) letter,
        LASER_KINDS(LASER_KIND_LETTER)
#undef LASER_KIND_LETTER
    };
    return (unsigned)k < LASER_KIND_COUNT ? letters[k] : '?';
}

const char *laser_phase_name(laser_phase ph)
{
    static const char *const names[] = {
#define LASER_PHASE_NAME(id, name, hurts) name,
        LASER_PHASES(LASER_PHASE_NAME)
#undef LASER_PHASE_NAME
    };
    return (unsigned)ph < LASER_PHASE_COUNT ? names[ph] : "?";
}

const char *laser_despawn_reason_name(laser_despawn_reason r)
{
    static const char *const names[] = {
#define LASER_DESPAWN_NAME(id, name) name,
        LASER_DESPAWN_REASONS(LASER_DESPAWN_NAME)
#undef LASER_DESPAWN_NAME
    };
    return (unsigned)r < LASER_DESPAWN_REASON_COUNT ? names[r] : "?";
}

void laser_pool_blocks(laser_pool *p, memblock_list *l)
{
    /* The node store (laser_pool_alloc: node_x then node_y, each a multiple
     * of 64 bytes) holds state only in the rings of slots below block_peak:
     * a ring is written only while its slot lives. */
    char *base = p->block, *nx = (char *)p->node_x, *ny = (char *)p->node_y;
    size_t room = (size_t)p->capacity * p->node_cap * 2 * sizeof(float);
    size_t live = (size_t)p->block_peak * BLOCK * p->node_cap * 2 * sizeof(float);
    memblock_add(l, base, (size_t)(nx - base));
    memblock_add_peak(l, nx, room, live);
    memblock_add_peak(l, ny, room, live);
    memblock_add(l, ny + room, p->block_size - (size_t)(ny + room - base));
}
