/*
 * collision: the queries of collision.h, answered by a straight sweep or by the
 * grid, and the narrowphase they share.
 *
 * Every query reduces to probes: a probe (a circle, a box or a rectangle) asks
 * for the live items touching it, in ascending index. collision_sweep answers
 * by screening every item in a vectorized loop and checking the few it flags;
 * collision_walk answers from the grid. Both hand the same ascending list to
 * the query, which turns it into hits, grazes, a cancel list or pairs, so the
 * two paths cannot differ in what they report.
 */
#include "sim/collision.h"

#include "core/mem.h"
#include "sim/playfield.h"

#include <limits.h>
#include <math.h>
#include <string.h>

/* Items screened per block of the sweep: the block's flags stay in L1. */
#define COLLISION_CHUNK 1024

/* Builds for x86-64 carry an AVX2 clone of bullet-vs-bullet's walk, picked at
 * load time; the results are bit-identical (the same IEEE operations, no
 * contraction). As in the bullet pool: the walk's helpers are always inlined
 * into it, so each clone gets vector loops of its own. */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && !defined(CURTAIN_NO_CLONES)
#define COLLISION_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define COLLISION_CLONES
#endif
#define COLLISION_INLINE static inline __attribute__((always_inline))

typedef enum collision_shape {
    COLLISION_CIRCLE, /* swept circle: item and probe both move */
    COLLISION_AREA,   /* circle at end-of-frame positions (bomb) */
    COLLISION_RECT,   /* rectangle at end-of-frame positions (cancel) */
    COLLISION_BOX,    /* moving box (enemy) */
} collision_shape;

/* One probe: what it is, where, and how it moved. */
typedef struct collision_probe {
    collision_shape shape;
    float x, y, dx, dy;   /* centre and motion (CIRCLE, AREA, BOX) */
    float r;              /* radius (CIRCLE, AREA) */
    float hw, hh;         /* half extents (BOX) */
    float x0, y0, x1, y1; /* rectangle (RECT) */
} collision_probe;

int collision_init(collision *c, const collision_config *cfg)
{
    *c = (collision){0};
    c->split_min = COLLISION_SPLIT_MIN;
    collision_config k = *cfg;
    if (k.item_cap < 0 || k.entry_cap < 0 || k.item_cap > INT_MAX / 4 - 1)
        return -1;
    if (k.entry_cap == 0)
        k.entry_cap = 2 * k.item_cap;
    if (k.cell == 0.0f)
        k.cell = COLLISION_DEFAULT_CELL;
    if (k.loose == 0.0f)
        k.loose = COLLISION_DEFAULT_LOOSE;
    if (k.w == 0.0f) {
        k.x0 = k.y0 = -PLAYFIELD_CULL_MARGIN;
        k.w = PLAYFIELD_W + 2.0f * PLAYFIELD_CULL_MARGIN;
        k.h = PLAYFIELD_H + 2.0f * PLAYFIELD_CULL_MARGIN;
    }
    grid_config g = {k.x0, k.y0, k.w, k.h, k.cell, k.loose, k.item_cap, k.entry_cap};
    if (grid_init(&c->grid, &g) != 0)
        return -1;
    size_t items = (size_t)k.item_cap + 1;
    c->scratch = mem_alloc(items * sizeof *c->scratch);
    c->self_head = mem_alloc(items * sizeof *c->self_head);
    c->self_item = mem_calloc(items + GRID_SLACK, sizeof *c->self_item);
    float **copies[] = {&c->self_x, &c->self_y, &c->self_dx, &c->self_dy, &c->self_r};
    int ok = c->scratch && c->self_head && c->self_item;
    for (size_t i = 0; i < sizeof copies / sizeof copies[0]; i++)
        ok &= (*copies[i] = mem_calloc(items + GRID_SLACK, sizeof(float))) != NULL;
    double cols = ceil((double)k.w / COLLISION_SELF_CELL_W);
    double rows = ceil((double)k.h / COLLISION_SELF_CELL_H);
    if (cols * rows <= GRID_MAX_CELLS) { /* else bullet-vs-bullet walks the grid */
        c->self_cols = (int)cols;
        c->self_rows = (int)rows;
        c->self_inv_w = 1.0f / COLLISION_SELF_CELL_W;
        c->self_inv_h = 1.0f / COLLISION_SELF_CELL_H;
        c->self_start = mem_calloc((size_t)(cols * rows) + 1, sizeof *c->self_start);
        ok &= c->self_start != NULL;
    }
    if (!ok) {
        collision_free(c);
        return -1;
    }
    return 0;
}

void collision_free(collision *c)
{
    grid_free(&c->grid);
    mem_free(c->scratch);
    mem_free(c->self_head);
    mem_free(c->self_item);
    mem_free(c->self_start);
    float *copies[] = {c->self_x, c->self_y, c->self_dx, c->self_dy, c->self_r};
    for (size_t i = 0; i < sizeof copies / sizeof copies[0]; i++)
        mem_free(copies[i]);
    *c = (collision){0};
}

int collision_list_init(collision_list *l, int cap)
{
    *l = (collision_list){0};
    if (cap < 0)
        return -1;
    l->index = mem_alloc(((size_t)cap + 1) * sizeof *l->index);
    if (!l->index)
        return -1;
    l->cap = cap;
    return 0;
}

void collision_list_free(collision_list *l)
{
    mem_free(l->index);
    *l = (collision_list){0};
}

void collision_list_clear(collision_list *l)
{
    l->count = 0;
    l->refused = 0;
}

int collision_pairs_init(collision_pairs *p, int cap)
{
    *p = (collision_pairs){0};
    if (cap < 0)
        return -1;
    p->pair = mem_alloc(((size_t)cap + 1) * sizeof *p->pair);
    if (!p->pair)
        return -1;
    p->cap = cap;
    return 0;
}

void collision_pairs_free(collision_pairs *p)
{
    mem_free(p->pair);
    *p = (collision_pairs){0};
}

void collision_pairs_clear(collision_pairs *p)
{
    p->count = 0;
    p->refused = 0;
}

/* Appends i, or counts it refused; returns whether it was stored. */
static int collision_list_push(collision_list *l, uint32_t i)
{
    if (l->count < l->cap) {
        l->index[l->count++] = i;
        return 1;
    }
    l->refused++;
    return 0;
}

static void collision_pairs_push(collision_pairs *p, uint32_t a, uint32_t b)
{
    if (p->count < p->cap)
        p->pair[p->count++] = (collision_pair){a, b};
    else
        p->refused++;
}

collision_path collision_choose(int items, int probes)
{
    double sweep_extra = (double)probes * ((double)items * COLLISION_SWEEP_NS - COLLISION_WALK_NS);
    double build = COLLISION_GRID_FIXED_NS + (double)items * COLLISION_GRID_ITEM_NS;
    return sweep_extra > build ? COLLISION_GRID : COLLISION_SWEEP;
}

collision_path collision_choose_self(int items)
{
    return items >= COLLISION_SELF_GRID_MIN ? COLLISION_GRID : COLLISION_SWEEP;
}

/* ---- narrowphase ---- */

/* Narrows [lo, hi] to the s for which e - s*v lies within [-h, h] on one axis;
 * returns whether any s is left. */
static int collision_slab(float e, float v, float h, float *lo, float *hi)
{
    if (v == 0.0f)
        return e >= -h && e <= h;
    float s1 = (e - h) / v, s2 = (e + h) / v;
    float a = s1 < s2 ? s1 : s2, b = s1 < s2 ? s2 : s1;
    if (a > *lo)
        *lo = a;
    if (b < *hi)
        *hi = b;
    return *lo <= *hi;
}

/* The segment e - s*v, s in [0, 1], meets the box [-hx, hx] x [-hy, hy]. */
static int collision_segment_box(float ex, float ey, float vx, float vy, float hx, float hy)
{
    float lo = 0.0f, hi = 1.0f;
    return collision_slab(ex, vx, hx, &lo, &hi) && collision_slab(ey, vy, hy, &lo, &hi);
}

/* The swept circle touches the box when its centre's path meets the box grown by
 * r: the two rectangles of the rounded box (grown sideways, grown up and down)
 * and the circles of radius r around its four corners. */
int collision_box_touch(float ex, float ey, float vx, float vy, float r, float hw, float hh)
{
    if (!isfinite(ex) || !isfinite(ey) || !isfinite(vx) || !isfinite(vy) ||
        !collision_box_reach(ex, ey, vx, vy, hw + r, hh + r))
        return 0;
    if (collision_segment_box(ex, ey, vx, vy, hw + r, hh) ||
        collision_segment_box(ex, ey, vx, vy, hw, hh + r))
        return 1;
    float rr = r * r;
    return collision_sweep_d2(ex - hw, ey - hh, vx, vy) <= rr ||
           collision_sweep_d2(ex + hw, ey - hh, vx, vy) <= rr ||
           collision_sweep_d2(ex - hw, ey + hh, vx, vy) <= rr ||
           collision_sweep_d2(ex + hw, ey + hh, vx, vy) <= rr;
}

/* The motion of item i this frame (0 when the set does not move). */
static inline float collision_motion(const float *d, int i)
{
    return d ? d[i] : 0.0f;
}

/* The exact test of item i against the probe: the one every path ends with. */
static int collision_probe_touch(const collision_probe *p, const circle_set *s, int i)
{
    float ex = s->x[i] - p->x, ey = s->y[i] - p->y, r = s->r[i];
    switch (p->shape) {
    case COLLISION_CIRCLE:
        return collision_circle_touch(ex, ey, collision_motion(s->dx, i) - p->dx,
                                      collision_motion(s->dy, i) - p->dy, p->r + r);
    case COLLISION_AREA: return collision_circle_touch(ex, ey, 0.0f, 0.0f, p->r + r);
    case COLLISION_RECT:
        return collision_rect_d2(s->x[i], s->y[i], p->x0, p->y0, p->x1, p->y1) <= r * r;
    case COLLISION_BOX:
        return collision_box_touch(ex, ey, collision_motion(s->dx, i) - p->dx,
                                   collision_motion(s->dy, i) - p->dy, r, p->hw, p->hh);
    }
    return 0;
}

/* collision_probe_touch for a circle probe and a moving set, without the
 * dispatch: the walk's common case (bullet vs bullet, many hitboxes). */
static inline int collision_circle_item(const collision_probe *p, const circle_set *s, uint32_t i)
{
    return collision_circle_touch(s->x[i] - p->x, s->y[i] - p->y, s->dx[i] - p->dx,
                                  s->dy[i] - p->dy, p->r + s->r[i]);
}

/* The box the probe covers during the frame. */
static circle_box collision_probe_bounds(const collision_probe *p)
{
    if (p->shape == COLLISION_RECT)
        return (circle_box){p->x0, p->y0, p->x1, p->y1};
    float hx = p->shape == COLLISION_BOX ? p->hw : p->r;
    float hy = p->shape == COLLISION_BOX ? p->hh : p->r;
    float x0 = p->shape == COLLISION_AREA ? p->x : p->x - p->dx;
    float y0 = p->shape == COLLISION_AREA ? p->y : p->y - p->dy;
    return (circle_box){(x0 < p->x ? x0 : p->x) - hx, (y0 < p->y ? y0 : p->y) - hy,
                        (x0 < p->x ? p->x : x0) + hx, (y0 < p->y ? p->y : y0) + hy};
}

/* ---- the straight sweep ---- */

/*
 * The screens: m[k] says whether item base + k may touch the probe, for n items,
 * dead slots included (the caller checks liveness on the few flagged, then the
 * exact test). They are the hot loops of the sweep, written so the compiler
 * vectorizes them: straight-line float arithmetic over the arrays, the answer
 * stored as a byte.
 *
 * A screen never misses an item the exact test accepts. Where something moves
 * it computes collision_box_reach, the first step of every exact test,
 * operation for operation, so it flags exactly the items that pass that step.
 * Where nothing moves it is the distance test of the exact test without the
 * box step (a squared distance, or the distance to a rectangle), so it flags a
 * superset again. The box step costs a dozen operations where the exact swept
 * test needs a division and two clamps: 0.8 against 1.9 ns a bullet at 100k,
 * both vectorized (the sweep_kernel table of `curtain bench collide`); the rest
 * runs on the few flagged items.
 *
 * What vectorizes (gcc 12 -O3 -fopt-info-vec-optimized, x86-64 SSE2 baseline):
 * each loop below is "vectorized using 16 byte vectors", 4 floats a step,
 * unrolled 4 times to fill 16 flag bytes (-march=native: 32-byte AVX2, 8
 * floats). In the assembly the bodies are movups loads, subps/mulps/addps,
 * andps for fabsf, cmpleps, pand, then punpcklwd/punpckhwd/packuswb down to
 * bytes and one 16-byte store: no branch, no scalar float operation, no call.
 * The last n % 16 items run a scalar epilogue. The restrict pointers spare the
 * loops the run-time alias checks.
 */
static void collision_screen_static(const collision_probe *p, const circle_set *s, int base, int n,
                                    uint8_t *restrict m)
{
    const float *restrict x = s->x + base, *restrict y = s->y + base, *restrict r = s->r + base;
    float px = p->x, py = p->y, reach = p->r;
    for (int k = 0; k < n; k++) {
        float rs = reach + r[k];
        float ex = x[k] - px, ey = y[k] - py;
        m[k] = ex * ex + ey * ey <= rs * rs;
    }
}

static void collision_screen_rect(const collision_probe *p, const circle_set *s, int base, int n,
                                  uint8_t *restrict m)
{
    const float *restrict x = s->x + base, *restrict y = s->y + base, *restrict r = s->r + base;
    float x0 = p->x0, y0 = p->y0, x1 = p->x1, y1 = p->y1;
    for (int k = 0; k < n; k++)
        m[k] = collision_rect_d2(x[k], y[k], x0, y0, x1, y1) <= r[k] * r[k];
}

/* collision_box_reach of every item against a probe reaching hx + r, hy + r
 * (a circle probe passes its radius for both, a box its half extents). */
COLLISION_INLINE void collision_screen_swept(const collision_probe *p, float hx, float hy,
                                             const circle_set *s, int base, int n,
                                             uint8_t *restrict m)
{
    const float *restrict x = s->x + base, *restrict y = s->y + base, *restrict r = s->r + base;
    float px = p->x, py = p->y, pdx = p->dx, pdy = p->dy;
    if (s->dx) {
        const float *restrict dx = s->dx + base, *restrict dy = s->dy + base;
        for (int k = 0; k < n; k++)
            m[k] = (uint8_t)collision_box_reach(x[k] - px, y[k] - py, dx[k] - pdx, dy[k] - pdy,
                                                hx + r[k], hy + r[k]);
    } else {
        float vx = 0.0f - pdx, vy = 0.0f - pdy;
        for (int k = 0; k < n; k++)
            m[k] = (uint8_t)collision_box_reach(x[k] - px, y[k] - py, vx, vy, hx + r[k], hy + r[k]);
    }
}

/* Screens n items of s from base for the probe, by its shape and whether
 * anything moves. */
static void collision_screen(const collision_probe *p, const circle_set *s, int base, int n,
                             uint8_t *m)
{
    int moving = s->dx || p->dx != 0.0f || p->dy != 0.0f;
    if (p->shape == COLLISION_RECT)
        collision_screen_rect(p, s, base, n, m);
    else if (p->shape == COLLISION_BOX)
        collision_screen_swept(p, p->hw, p->hh, s, base, n, m);
    else if (p->shape == COLLISION_CIRCLE && moving)
        collision_screen_swept(p, p->r, p->r, s, base, n, m);
    else
        collision_screen_static(p, s, base, n, m);
}

/* Flags w .. w+7 of m (0 or 1 each) as one word, byte j in bits 8j .. 8j+7,
 * without those from n on: one load (and a byte swap on big-endian targets).
 * Its set bytes are then visited with count-trailing-zeros, clearing the
 * lowest set bit each time (it is the whole of its byte's flag). */
static inline uint64_t collision_flag_word(const uint8_t *m, int w, int n)
{
    uint64_t word;
    memcpy(&word, m + w, sizeof word);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    word = __builtin_bswap64(word);
#endif
    if (n - w < 8)
        word &= ~(~UINT64_C(0) << (8 * (n - w)));
    return word;
}

/* The live items of [first, count) touching the probe, ascending, into out;
 * returns how many. Counts into st (a split sweep gives each part its own). */
static int collision_sweep(collision_stats *st, const collision_probe *p, const circle_set *s,
                           int first, uint32_t *out)
{
    uint8_t m[COLLISION_CHUNK + 8];
    int found = 0;
    for (int base = first; base < s->count; base += COLLISION_CHUNK) {
        int n = s->count - base < COLLISION_CHUNK ? s->count - base : COLLISION_CHUNK;
        memset(m + (n & ~7), 0, 8); /* the last word is read whole */
        collision_screen(p, s, base, n, m);
        for (int w = 0; w < n; w += 8) {
            for (uint64_t word = collision_flag_word(m, w, n); word; word &= word - 1) {
                int i = base + w + __builtin_ctzll(word) / 8;
                if (circle_set_live(s, i) && collision_probe_touch(p, s, i))
                    out[found++] = (uint32_t)i;
            }
        }
    }
    st->sweeps++;
    st->tests += (uint64_t)(s->count > first ? s->count - first : 0);
    return found;
}

/* ---- the grid walk ---- */

/* Moves a[i] down the max-heap a[0 .. n) to its place. */
static void collision_sift(uint32_t *a, int i, int n)
{
    uint32_t v = a[i];
    for (int child; (child = 2 * i + 1) < n; i = child) {
        if (child + 1 < n && a[child + 1] > a[child])
            child++;
        if (a[child] <= v)
            break;
        a[i] = a[child];
    }
    a[i] = v;
}

/* Sorts indices ascending (they are distinct). Up to 32, by rank: each one's
 * place is the count of smaller ones, a branch-free loop the compiler
 * vectorizes, so the usual handful of hits or partners (a big bullet in a dense
 * scene has a few dozen) costs no mispredicted branch. Longer lists: heapsort
 * (no allocation, no recursion, n log n). */
static void collision_sort(uint32_t *a, int n)
{
    if (n <= 32) {
        uint32_t in[32];
        memcpy(in, a, (size_t)n * sizeof *a);
        for (int i = 0; i < n; i++) {
            int rank = 0;
            for (int j = 0; j < n; j++)
                rank += in[j] < in[i];
            a[rank] = in[i];
        }
        return;
    }
    for (int i = n / 2 - 1; i >= 0; i--)
        collision_sift(a, i, n);
    for (int end = n - 1; end > 0; end--) {
        uint32_t top = a[0];
        a[0] = a[end];
        a[end] = top;
        collision_sift(a, 0, end);
    }
}

/* Adds to out the items the last build spilled (live, refused for lack of
 * entries) from `first` on that touch the probe; returns the new count. */
static int collision_walk_spill(collision *c, const collision_probe *p, const circle_set *s,
                                int first, uint32_t *out, int found)
{
    const grid *g = &c->grid;
    for (int k = 0; k < g->spilled; k++) {
        int i = (int)g->spill[k];
        if (i >= first && collision_probe_touch(p, s, i))
            out[found++] = (uint32_t)i;
    }
    c->stats.tests += (uint64_t)g->spilled;
    return found;
}

/*
 * The walk's screen: m[k] says whether entry base + k's swept box overlaps the
 * probe's box (grown by COLLISION_PAD) and its item index is at least first.
 * Whatever touches the probe during the frame lies in both boxes at that
 * moment, so this never misses a touch; the exact test follows on the few
 * flagged. One loop for every probe shape, four compares and an index compare
 * a lane: gcc 12 -O3 vectorizes it with 16-byte vectors on the SSE2 baseline
 * (cmpleps, andps, the unsigned index compare as pxor + pcmpgtd, packed to
 * bytes), and the restrict pointers spare it the run-time alias checks.
 */
static void collision_screen_boxes(const grid *g, uint32_t base, int n, const float probe[4],
                                   uint32_t first, uint8_t *restrict m)
{
    const float *restrict x0 = g->box_x0 + base, *restrict y0 = g->box_y0 + base;
    const float *restrict x1 = g->box_x1 + base, *restrict y1 = g->box_y1 + base;
    const uint32_t *restrict index = g->entry + base;
    float px0 = probe[0], py0 = probe[1], px1 = probe[2], py1 = probe[3];
    for (int k = 0; k < n; k++)
        m[k] = (uint8_t)((x0[k] <= px1) & (x1[k] >= px0) & (y0[k] <= py1) & (y1[k] >= py0) &
                         (index[k] >= first));
}

/* The same answer as collision_sweep, from the grid (built from s): the probe
 * screens the rows of its range q, each row one stretch of the grid's entry
 * boxes; flagged entries get the exact test. A large item met in several cells
 * counts at its first meeting only; items the build could not place are tested
 * one by one. */
static int collision_walk(collision *c, const collision_probe *p, const circle_set *s, int first,
                          grid_range q, uint32_t *out)
{
    grid *g = &c->grid;
    circle_box box = collision_probe_bounds(p);
    float probe[4] = {box.x0 - COLLISION_PAD, box.y0 - COLLISION_PAD, box.x1 + COLLISION_PAD,
                      box.y1 + COLLISION_PAD};
    uint8_t m[COLLISION_CHUNK + GRID_SLACK];
    int found = 0, one_cell = q.x0 == q.x1 && q.y0 == q.y1;
    int large = !one_cell && g->multi > 0; /* a large item could be met twice */
    int circle = p->shape == COLLISION_CIRCLE && s->dx;
    uint64_t tests = 0;
    for (int cy = q.y0; cy <= q.y1; cy++) {
        uint32_t k0, k1;
        grid_box_row(g, s, cy, q.x0, q.x1);
        grid_row_span(g, cy, q.x0, q.x1, &k0, &k1);
        tests += k1 - k0;
        for (uint32_t base = k0; base < k1; base += COLLISION_CHUNK) {
            int n = k1 - base < COLLISION_CHUNK ? (int)(k1 - base) : COLLISION_CHUNK;
            /* whole groups of 16 (the grid has the slack): a row is short, and a
             * scalar remainder would cost as much as the vector part; the
             * flags past n are never looked at */
            int whole = (n + 15) & ~15;
            collision_screen_boxes(g, base, whole, probe, (uint32_t)first, m);
            for (int w = 0; w < n; w += 8) {
                for (uint64_t word = collision_flag_word(m, w, n); word; word &= word - 1) {
                    uint32_t k = base + (uint32_t)(w + __builtin_ctzll(word) / 8);
                    uint32_t i = g->entry[k];
                    if (large && g->item_cell[i] == GRID_MULTI &&
                        !grid_first_meeting(q, grid_item_range(g, s, i),
                                            grid_entry_col(g, cy, q.x0, q.x1, k), cy))
                        continue;
                    if (circle ? collision_circle_item(p, s, i)
                               : collision_probe_touch(p, s, (int)i))
                        out[found++] = i;
                }
            }
        }
    }
    int in_cells = found;
    if (g->refused)
        found = collision_walk_spill(c, p, s, first, out, found);
    if (!one_cell || found != in_cells)
        collision_sort(out, found);
    c->stats.walks++;
    c->stats.tests += tests;
    return found;
}

/* Builds the grid from s. */
static void collision_build(collision *c, const circle_set *s)
{
    grid_build(&c->grid, s);
    c->stats.builds++;
    c->stats.refused += (uint64_t)c->grid.refused;
}

/* The path a query takes: the forced one, or AUTO's choice. */
static collision_path collision_resolve(const collision *c, collision_path automatic)
{
    return c->path != COLLISION_AUTO ? c->path : automatic;
}

/* The set as queries see it: slots past the context's item capacity are refused
 * and their live ones counted (the game sizes the context to the pool, so this
 * is a misconfiguration, reported rather than overrun). */
static circle_set collision_clamp(collision *c, const circle_set *s)
{
    circle_set clamped = *s;
    if (clamped.count > c->grid.item_cap) {
        for (int i = c->grid.item_cap; i < s->count; i++)
            c->stats.refused += (uint64_t)circle_set_live(s, i);
        clamped.count = c->grid.item_cap;
    }
    if (clamped.count < 0)
        clamped.count = 0;
    return clamped;
}

/* Prepares the path for a query of items: builds the grid when it is taken. */
static collision_path collision_begin(collision *c, const circle_set *items, int probes)
{
    collision_path path = collision_resolve(c, collision_choose(items->count, probes));
    if (path == COLLISION_GRID)
        collision_build(c, items);
    return path;
}

/* The live items of [first, count) touching the probe, ascending, by the path. */
static int collision_find(collision *c, collision_path path, const collision_probe *p,
                          const circle_set *s, int first)
{
    if (path != COLLISION_GRID)
        return collision_sweep(&c->stats, p, s, first, c->scratch);
    grid_range q = grid_query_range(&c->grid, collision_probe_bounds(p));
    return collision_walk(c, p, s, first, q, c->scratch);
}

/* ---- bullet vs bullet in bins ---- */

/*
 * collision_self's fast path, taken whenever every live item is small (its
 * swept box's half-extents within the grid's loose limit, as the game's
 * bullets are): a walk that finds each touching pair once.
 *
 * Binning. The live items are counting-sorted by the bin of their swept box's
 * centre, bins of COLLISION_SELF_CELL_W x _H px row by row (ascending slots
 * within a bin), and their centre, motion and radius copied in that order.
 * Any two touching items lie within `grow` (the largest half-extent, plus
 * GRID_PAD) of each other's box on both axes, so each one's bin is in the
 * bins the other's box grown by `grow` covers (the grid walk's argument).
 *
 * Half the neighbourhood. Each pair is found by whichever of the two comes
 * first in copy order, walking only the part of its range after itself: the
 * rest of its row up to the range's last column, then the rows below from the
 * range's first column to its last. The other one is in there (it is later:
 * further along the same row, or in a later row). Each of those stretches is
 * one contiguous run of copies, whose narrow bins end it within 4 px of the
 * range in x (16 px cells left up to 16 px of overhang at both ends).
 *
 * The exact test runs on every candidate, vectorized (see collision_touch_self),
 * and is symmetric bit for bit (a - b is exactly -(b - a), r_a + r_b exactly
 * r_b + r_a), so it does not matter which of the two walks. The pairs come out
 * in walk order; one radix sort puts them in (a, b) order, the order of every
 * other path, without a sort per bullet.
 */

/* collision_circle_touch without a branch: every step computed, the answers
 * combined with & and |. The same operations on the same values, so the same
 * answer bit for bit (a lane with vv == 0 divides by zero and then takes 0, as
 * the branch does), and a loop of it vectorizes. */
COLLISION_INLINE int collision_circle_touch_lane(float ex, float ey, float vx, float vy,
                                                 float reach)
{
    float rr = reach * reach;
    float ev = ex * vx + ey * vy, vv = vx * vx + vy * vy;
    float q = ev / vv;
    float s = vv > 0.0f ? q : 0.0f;
    s = s > 0.0f ? s : 0.0f;
    s = s < 1.0f ? s : 1.0f;
    float qx = ex - s * vx, qy = ey - s * vy;
    return collision_box_reach(ex, ey, vx, vy, reach, reach) &
           ((ex * ex + ey * ey <= rr) | (qx * qx + qy * qy <= rr));
}

/* m[k] = whether copy base + k touches item a (centre, motion, radius in
 * a[]) during the frame, for n lanes: the exact test itself, vectorized. In a
 * dense scene many candidates pass the box step and then need the closest
 * approach, whose division and branches made the scalar test the walk's
 * largest cost; screening by the box step first and testing the survivors
 * apart measured slower than testing every lane (copying the survivors cost
 * more than it saved). gcc 12 -O3: "loop vectorized using 16 byte vectors"
 * (32 in the AVX2 clone): subps, mulps, divps, andps for fabsf, cmpleps and
 * cmpltps, blends, no branch. The answers go to 32-bit lanes first and are
 * narrowed to bytes after: a byte-wide loop takes 32 lanes a step and ran out
 * of registers (half its instructions were spills). */
COLLISION_INLINE void collision_touch_self(const collision *c, uint32_t base, int n,
                                           const float a[5], uint8_t *restrict m)
{
    const float *restrict x = c->self_x + base, *restrict y = c->self_y + base;
    const float *restrict dx = c->self_dx + base, *restrict dy = c->self_dy + base;
    const float *restrict r = c->self_r + base;
    float ax = a[0], ay = a[1], adx = a[2], ady = a[3], ar = a[4];
    int32_t wide[COLLISION_CHUNK + GRID_SLACK];
    for (int k = 0; k < n; k++)
        wide[k] =
            collision_circle_touch_lane(x[k] - ax, y[k] - ay, dx[k] - adx, dy[k] - ady, ar + r[k]);
    for (int k = 0; k < n; k++)
        m[k] = (uint8_t)wide[k];
}

/* The bin column and row of field coordinates, clamped like grid_col. */
static inline int collision_self_col(const collision *c, float x)
{
    float f = (x - c->grid.x0) * c->self_inv_w;
    f = f >= 0.0f ? f : 0.0f;
    f = f <= (float)(c->self_cols - 1) ? f : (float)(c->self_cols - 1);
    return (int)f;
}

static inline int collision_self_row(const collision *c, float y)
{
    float f = (y - c->grid.y0) * c->self_inv_h;
    f = f >= 0.0f ? f : 0.0f;
    f = f <= (float)(c->self_rows - 1) ? f : (float)(c->self_rows - 1);
    return (int)f;
}

/* The bins: the area's corner, the inverse bin sides, the last column and
 * row, the columns, and the small-item limit. */
typedef struct collision_bins {
    float x0, y0, inv_w, inv_h, max_col, max_row, loose;
    int cols;
} collision_bins;

#define COLLISION_NOT_SMALL 0xFFFFFFFEu /* a bin code: the item's box is not small */

/* The bin of a swept box's centre, clamped like grid_col (NaN gives 0), or
 * COLLISION_NOT_SMALL when its half-extents pass the loose limit (NaN too). */
static inline uint32_t collision_bin_of(collision_bins k, circle_box b)
{
    float hx = (b.x1 - b.x0) * 0.5f, hy = (b.y1 - b.y0) * 0.5f;
    float fx = ((b.x0 + b.x1) * 0.5f - k.x0) * k.inv_w,
          fy = ((b.y0 + b.y1) * 0.5f - k.y0) * k.inv_h;
    fx = fx >= 0.0f ? fx : 0.0f;
    fx = fx <= k.max_col ? fx : k.max_col;
    fy = fy >= 0.0f ? fy : 0.0f;
    fy = fy <= k.max_row ? fy : k.max_row;
    uint32_t bin = (uint32_t)((int)fy * k.cols + (int)fx);
    return hx <= k.loose && hy <= k.loose ? bin : COLLISION_NOT_SMALL;
}

/* Every slot's bin code, live or not: straight-line float work in one loop per
 * kind of set (moving or not), as grid_codes; gcc 12 -O3 vectorizes both. */
static void collision_bin_codes(collision_bins k, int n, const float *restrict x,
                                const float *restrict y, const float *restrict r,
                                const float *restrict dx, const float *restrict dy,
                                uint32_t *restrict code)
{
    if (dx) {
        for (int i = 0; i < n; i++)
            code[i] =
                collision_bin_of(k, circle_bounds(x[i], y[i], r[i], x[i] - dx[i], y[i] - dy[i]));
    } else {
        for (int i = 0; i < n; i++)
            code[i] = collision_bin_of(k, circle_bounds(x[i], y[i], r[i], x[i], y[i]));
    }
}

/* Bins the live items of s and copies them bin after bin (self_start,
 * self_item and the copies). Returns the number of copies and sets *grow, or
 * -1 when an item is not small (or not a number): the grid path takes those. */
static int collision_self_bin(collision *c, const circle_set *s, float *grow)
{
    int n = s->count, cells = c->self_cols * c->self_rows;
    uint32_t *restrict code = c->scratch, *restrict start = c->self_start;
    collision_bins k = {c->grid.x0,
                        c->grid.y0,
                        c->self_inv_w,
                        c->self_inv_h,
                        (float)(c->self_cols - 1),
                        (float)(c->self_rows - 1),
                        c->grid.loose,
                        c->self_cols};
    collision_bin_codes(k, n, s->x, s->y, s->r, s->dx, s->dy, code);
    memset(start, 0, ((size_t)cells + 1) * sizeof *start);
    for (int i = 0; i < n; i++) {
        if (!circle_set_live(s, i)) {
            code[i] = GRID_NONE;
            continue;
        }
        if (code[i] == COLLISION_NOT_SMALL)
            return -1;
        start[code[i] + 1]++;
    }
    for (int b = 0; b < cells; b++)
        start[b + 1] += start[b];
    float most = 0.0f;
    for (int i = 0; i < n; i++) { /* ascending slots within a bin */
        if (code[i] == GRID_NONE)
            continue;
        uint32_t at = start[code[i]]++;
        float x = s->x[i], y = s->y[i], r = s->r[i];
        float dx = collision_motion(s->dx, i), dy = collision_motion(s->dy, i);
        c->self_item[at] = (uint32_t)i;
        c->self_x[at] = x;
        c->self_y[at] = y;
        c->self_dx[at] = dx;
        c->self_dy[at] = dy;
        c->self_r[at] = r;
        circle_box b = circle_bounds(x, y, r, x - dx, y - dy); /* circle_set_bounds' box */
        float hx = (b.x1 - b.x0) * 0.5f, hy = (b.y1 - b.y0) * 0.5f;
        most = hx > most ? hx : most;
        most = hy > most ? hy : most;
    }
    for (int b = cells; b > 0; b--) /* each bin's end back to its start */
        start[b] = start[b - 1];
    start[0] = 0;
    *grow = most + GRID_PAD;
    return (int)start[cells];
}

/* Where the walk's pairs go: up to `room` of them, as pairs, or (keys not
 * NULL: up to 65,536 items) as 32-bit keys lower << 16 | higher, counted by
 * their higher index in count[higher + 1] for the sort's first pass. */
typedef struct collision_self_out {
    collision_pair *pairs;
    uint32_t *keys, *count;
    int m, room;
} collision_self_out;

/* Tests copy k's item (centre, motion, radius in a[]) against the copies
 * [k0, k1) and appends (lower, higher) for each touching pair to out.
 * Returns the pair tests, or -1 when out of room. */
COLLISION_INLINE int64_t collision_self_run(collision *c, uint32_t k, const float a[5], uint32_t k0,
                                            uint32_t k1, collision_self_out *out)
{
    uint8_t flags[COLLISION_CHUNK + GRID_SLACK];
    uint32_t ia = c->self_item[k];
    for (uint32_t base = k0; base < k1; base += COLLISION_CHUNK) {
        int n = k1 - base < COLLISION_CHUNK ? (int)(k1 - base) : COLLISION_CHUNK;
        /* whole groups of 8, a flag word each (the copies have GRID_SLACK spare) */
        collision_touch_self(c, base, (n + 7) & ~7, a, flags);
        for (int w = 0; w < n; w += 8) {
            for (uint64_t word = collision_flag_word(flags, w, n); word; word &= word - 1) {
                uint32_t j = base + (uint32_t)(w + __builtin_ctzll(word) / 8);
                if (out->m == out->room)
                    return -1;
                uint32_t ib = c->self_item[j];
                uint32_t lo = ia < ib ? ia : ib, hi = ia < ib ? ib : ia;
                if (out->keys) {
                    out->keys[out->m++] = lo << 16 | hi;
                    out->count[hi + 1]++;
                } else {
                    out->pairs[out->m++] = (collision_pair){lo, hi};
                }
            }
        }
    }
    return (int64_t)(k1 > k0 ? k1 - k0 : 0);
}

/* Moves p[i] down the max-heap (by b) p[0 .. n) to its place. */
static void collision_sift_pairs(collision_pair *p, int i, int n)
{
    collision_pair v = p[i];
    for (int child; (child = 2 * i + 1) < n; i = child) {
        if (child + 1 < n && p[child + 1].b > p[child].b)
            child++;
        if (p[child].b <= v.b)
            break;
        p[i] = p[child];
    }
    p[i] = v;
}

/* Sorts the partners of one item (distinct b) by b: insertion for the usual
 * handful, heapsort beyond (no allocation, n log n however crowded). */
static void collision_sort_partners(collision_pair *p, int n)
{
    if (n <= 32) {
        for (int i = 1; i < n; i++) {
            collision_pair v = p[i];
            int j = i;
            for (; j > 0 && p[j - 1].b > v.b; j--)
                p[j] = p[j - 1];
            p[j] = v;
        }
        return;
    }
    for (int i = n / 2 - 1; i >= 0; i--)
        collision_sift_pairs(p, i, n);
    for (int end = n - 1; end > 0; end--) {
        collision_pair top = p[0];
        p[0] = p[end];
        p[end] = top;
        collision_sift_pairs(p, 0, end);
    }
}

/* Puts pairs[0 .. m) in (a, b) order, a < items, in place: counts by a, moves
 * each pair into its a's bucket (each move puts one pair where it belongs),
 * then sorts each bucket by b. For more than 65,536 items; fewer take the
 * radix sort below. */
static void collision_self_sort_buckets(collision *c, collision_pair *pairs, int m, int items)
{
    uint32_t *start = c->scratch, *head = c->self_head;
    memset(start, 0, ((size_t)items + 1) * sizeof *start);
    for (int k = 0; k < m; k++)
        start[pairs[k].a + 1]++;
    for (int a = 0; a < items; a++)
        start[a + 1] += start[a];
    memcpy(head, start, (size_t)items * sizeof *head);
    for (int a = 0; a < items; a++) {
        while (head[a] < start[a + 1]) {
            collision_pair v = pairs[head[a]];
            while ((int)v.a != a) { /* v goes to its bucket; carry on with what was there */
                uint32_t dst = head[v.a]++;
                collision_pair t = pairs[dst];
                pairs[dst] = v;
                v = t;
            }
            pairs[head[a]++] = v;
        }
    }
    for (int a = 0; a < items; a++)
        if (start[a + 1] - start[a] > 1)
            collision_sort_partners(pairs + start[a], (int)(start[a + 1] - start[a]));
}

/* One stable counting-sort pass of m keys from `from` to `to` by the 16-bit
 * half at `shift` (a value below items), its counts already in count[value +
 * 1] (items + 1 counters). */
static void collision_count_scatter(const uint32_t *restrict from, uint32_t *restrict to, int m,
                                    int shift, uint32_t *restrict count, int items)
{
    for (int d = 0; d < items; d++)
        count[d + 1] += count[d];
    for (int k = 0; k < m; k++)
        to[count[(from[k] >> shift) & 0xFFFFu]++] = from[k];
}

/* Puts the walk's m pairs in (a, b) order. Up to 65,536 items they came as
 * 32-bit keys (a << 16 | b) in the first half of the pairs' own bytes, counted
 * by b: two counting-sort passes (b, then a: a radix sort whose digits are
 * the indices themselves) with the second half as scratch, then the pairs
 * unpacked from the last (each pair's bytes lie at or past its key's, so
 * nothing is overwritten before it is read). No scratch memory beyond the
 * item counters, three streaming passes. More items take the in-place bucket
 * sort. */
static void collision_self_sort(collision *c, const collision_self_out *o, int items)
{
    int m = o->m;
    if (!o->keys) {
        collision_self_sort_buckets(c, o->pairs, m, items);
        return;
    }
    uint32_t *keys = o->keys, *count = o->count;
    collision_count_scatter(keys, keys + m, m, 0, count, items);
    memset(count, 0, ((size_t)items + 1) * sizeof *count);
    for (int k = 0; k < m; k++)
        count[(keys[m + k] >> 16) + 1]++;
    collision_count_scatter(keys + m, keys, m, 16, count, items);
    for (int k = m - 1; k >= 0; k--) {
        uint32_t key = keys[k];
        o->pairs[k] = (collision_pair){key >> 16, key & 0xFFFFu};
    }
}

/* The walk over the binned copies, its pairs into out in walk order; returns
 * 0, or -1 when out of room; *tests_out gets the pair tests. */
COLLISION_CLONES
static int collision_self_walk(collision *c, float grow, collision_self_out *out,
                               uint64_t *tests_out)
{
    int cols = c->self_cols;
    uint64_t tests = 0;
    for (int cy = 0; cy < c->self_rows; cy++) {
        const uint32_t *row = c->self_start + cy * cols;
        for (uint32_t k = row[0]; k < row[cols]; k++) {
            float a[5] = {c->self_x[k], c->self_y[k], c->self_dx[k], c->self_dy[k], c->self_r[k]};
            circle_box b = circle_bounds(a[0], a[1], a[4], a[0] - a[2], a[1] - a[3]);
            int x0 = collision_self_col(c, b.x0 - grow), x1 = collision_self_col(c, b.x1 + grow);
            int y1 = collision_self_row(c, b.y1 + grow);
            /* the rest of this row up to column x1, then the rows below */
            int64_t t = collision_self_run(c, k, a, k + 1, row[x1 + 1], out);
            for (int ry = cy + 1; t >= 0 && ry <= y1; ry++) {
                const uint32_t *below = c->self_start + ry * cols;
                int64_t more = collision_self_run(c, k, a, below[x0], below[x1 + 1], out);
                t = more < 0 ? -1 : t + more;
            }
            if (t < 0)
                return -1;
            tests += (uint64_t)t;
        }
    }
    *tests_out = tests;
    return 0;
}

/* The pairs of s appended to out in (a, b) order by the walk above. Returns 0,
 * with out as it was, when an item is not small or out has no room for them
 * all: the caller then takes the grid path, which handles large items and
 * refuses the surplus pair by pair. */
static int collision_self_cells(collision *c, const circle_set *s, collision_pairs *out)
{
    float grow;
    if (c->self_cols == 0 || collision_self_bin(c, s, &grow) < 0)
        return 0;
    collision_self_out o = {out->pair + out->count, NULL, c->scratch, 0, out->cap - out->count};
    if (s->count <= 65536) { /* keys, counted by b (the codes in scratch are spent) */
        o.keys = (uint32_t *)(void *)o.pairs;
        memset(o.count, 0, ((size_t)s->count + 1) * sizeof *o.count);
    }
    uint64_t tests = 0;
    if (collision_self_walk(c, grow, &o, &tests) < 0)
        return 0;
    collision_self_sort(c, &o, s->count);
    out->count += o.m;
    c->stats.builds++;
    c->stats.walks += (uint64_t)(c->self_start[c->self_cols * c->self_rows]);
    c->stats.tests += tests;
    return 1;
}

/* ---- the queries ---- */

/* Sorts one player's touching bullets into hits and grazes. */
static void collision_player_classify(const circle_set *bullets, const collision_player_query *q,
                                      const uint32_t *found, int n, collision_list *hits,
                                      collision_list *grazes)
{
    for (int k = 0; k < n; k++) {
        int i = (int)found[k];
        float ex = bullets->x[i] - q->x, ey = bullets->y[i] - q->y;
        float vx = collision_motion(bullets->dx, i) - q->dx;
        float vy = collision_motion(bullets->dy, i) - q->dy;
        if (hits && collision_circle_touch(ex, ey, vx, vy, q->hit_r + bullets->r[i]))
            collision_list_push(hits, (uint32_t)i);
        if (grazes && !(q->grazed && (q->grazed[i] & q->graze_bit)) &&
            collision_circle_touch(ex, ey, vx, vy, q->graze_r + bullets->r[i]) &&
            collision_list_push(grazes, (uint32_t)i) && q->grazed)
            q->grazed[i] |= q->graze_bit;
    }
}

void collision_player(collision *c, const circle_set *all, const collision_player_query *q,
                      int count, collision_list *hits, collision_list *grazes)
{
    circle_set set = collision_clamp(c, all);
    collision_path path = collision_begin(c, &set, count);
    for (int j = 0; j < count; j++) {
        collision_probe p = {.shape = COLLISION_CIRCLE, .x = q[j].x, .y = q[j].y};
        p.dx = q[j].dx;
        p.dy = q[j].dy;
        /* one probe reaching as far as the larger circle that is asked for */
        p.r = !grazes ? q[j].hit_r : !hits || q[j].graze_r > q[j].hit_r ? q[j].graze_r : q[j].hit_r;
        int n = collision_find(c, path, &p, &set, 0);
        collision_player_classify(&set, &q[j], c->scratch, n, hits ? &hits[j] : NULL,
                                  grazes ? &grazes[j] : NULL);
    }
}

/* ---- the player's sweep on several threads ---- */

/* One probe's sweep split in item ranges: part k screens [first[k], end) and
 * writes what it finds at scratch + first[k] (never more than its range holds,
 * so the parts cannot overlap), counting into its own stats. */
typedef struct collision_split_job {
    collision_probe probe;
    const circle_set *set;
    uint32_t *scratch;
    uint32_t first[WORKERS_MAX];
    int found[WORKERS_MAX];
    collision_stats stats[WORKERS_MAX];
} collision_split_job;

static void collision_sweep_part(void *ctx, int part, int parts)
{
    collision_split_job *job = ctx;
    uint32_t first, end;
    workers_split((uint32_t)job->set->count, part, parts, 64, &first, &end);
    circle_set range = *job->set;
    range.count = (int)end;
    job->stats[part] = (collision_stats){0};
    job->first[part] = first;
    job->found[part] = first < end ? collision_sweep(&job->stats[part], &job->probe, &range,
                                                     (int)first, job->scratch + first)
                                   : 0;
}

/* The parts' finds moved together, in part order: the ascending list one
 * sweep would have given. Returns its length. */
static int collision_split_gather(collision *c, collision_split_job *job, int parts)
{
    int n = job->found[0];
    for (int k = 1; k < parts; k++) {
        memmove(c->scratch + n, c->scratch + job->first[k],
                (size_t)job->found[k] * sizeof *c->scratch);
        n += job->found[k];
        c->stats.tests += job->stats[k].tests;
    }
    c->stats.tests += job->stats[0].tests;
    c->stats.sweeps++;
    return n;
}

void collision_player_workers(collision *c, workers *w, const circle_set *all,
                              const collision_player_query *q, int count, collision_list *hits,
                              collision_list *grazes)
{
    int parts = workers_threads(w);
    int items = all->count < c->grid.item_cap ? all->count : c->grid.item_cap;
    if (parts < 2 || items < c->split_min ||
        collision_resolve(c, collision_choose(items, count)) != COLLISION_SWEEP) {
        collision_player(c, all, q, count, hits, grazes);
        return;
    }
    circle_set set = collision_clamp(c, all);
    collision_split_job job = {.set = &set, .scratch = c->scratch};
    for (int j = 0; j < count; j++) {
        job.probe = (collision_probe){.shape = COLLISION_CIRCLE, .x = q[j].x, .y = q[j].y};
        job.probe.dx = q[j].dx;
        job.probe.dy = q[j].dy;
        job.probe.r = !grazes                              ? q[j].hit_r
                      : !hits || q[j].graze_r > q[j].hit_r ? q[j].graze_r
                                                           : q[j].hit_r;
        workers_run(w, collision_sweep_part, &job, parts);
        int n = collision_split_gather(c, &job, parts);
        collision_player_classify(&set, &q[j], c->scratch, n, hits ? &hits[j] : NULL,
                                  grazes ? &grazes[j] : NULL);
    }
}

/* ---- the player's sweep, screened in the motion pass ---- */

/* The probe collision_player sends for player q with both lists given. */
static collision_probe collision_player_probe(const collision_player_query *q)
{
    collision_probe p = {.shape = COLLISION_CIRCLE, .x = q->x, .y = q->y, .dx = q->dx, .dy = q->dy};
    p.r = q->graze_r > q->hit_r ? q->graze_r : q->hit_r;
    return p;
}

/* 64 screen bytes (0 or 1) to a word, byte k to bit k. */
static inline uint64_t collision_pack_bytes(const uint8_t *m)
{
    uint64_t bits = 0;
    for (int w = 0; w < 8; w++) {
        uint64_t word = collision_flag_word(m, 8 * w, 8 * w + 8);
        bits |= ((word * 0x0102040810204080ull) >> 56) << (8 * w);
    }
    return bits;
}

/* Cloned for AVX2 like the pool's pass (the screen is inlined into each
 * clone): the same IEEE operations, so the same bits. */
COLLISION_CLONES
void collision_player_screen(const circle_set *s, const collision_player_query *q, uint32_t first,
                             uint32_t end, uint64_t *near)
{
    collision_probe p = collision_player_probe(q);
    uint8_t m[COLLISION_CHUNK + 8];
    for (uint32_t base = first; base < end; base += COLLISION_CHUNK) {
        uint32_t n = end - base < COLLISION_CHUNK ? end - base : COLLISION_CHUNK;
        uint32_t words = (n + 63) / 64;
        memset(m + n, 0, words * 64 - n);
        collision_screen_swept(&p, p.r, p.r, s, (int)base, (int)n, m);
        for (uint32_t w = 0; w < words; w++)
            near[base / 64 + w] = collision_pack_bytes(m + 64 * w);
    }
}

void collision_player_screened(collision *c, const circle_set *all, const collision_player_query *q,
                               const uint64_t *near, collision_list *hits, collision_list *grazes)
{
    circle_set set = collision_clamp(c, all);
    collision_probe p = collision_player_probe(q);
    int n = 0;
    for (int b = 0; 64 * b < set.count; b++)
        for (uint64_t m = near[b]; m; m &= m - 1) {
            int i = 64 * b + __builtin_ctzll(m);
            if (i < set.count && circle_set_live(&set, i) && collision_probe_touch(&p, &set, i))
                c->scratch[n++] = (uint32_t)i;
        }
    c->stats.sweeps++;
    c->stats.tests += (uint64_t)set.count;
    collision_player_classify(&set, q, c->scratch, n, hits, grazes);
}

/* Runs one static area probe and appends what it finds. */
static void collision_area(collision *c, const circle_set *all, const collision_probe *p,
                           collision_list *out)
{
    circle_set set = collision_clamp(c, all);
    const circle_set *bullets = &set;
    collision_path path = collision_begin(c, bullets, 1);
    int n = collision_find(c, path, p, bullets, 0);
    for (int k = 0; k < n; k++)
        collision_list_push(out, c->scratch[k]);
}

void collision_area_circle(collision *c, const circle_set *bullets, float x, float y, float r,
                           collision_list *out)
{
    collision_probe p = {.shape = COLLISION_AREA, .x = x, .y = y, .r = r};
    collision_area(c, bullets, &p, out);
}

void collision_area_prepare(collision *c, const circle_set *bullets)
{
    circle_set set = collision_clamp(c, bullets);
    collision_build(c, &set);
}

void collision_area_circle_prepared(collision *c, const circle_set *bullets, float x, float y,
                                    float r, collision_list *out)
{
    circle_set set = *bullets; /* clamped as collision_area_prepare did (counted there) */
    if (set.count > c->grid.item_cap)
        set.count = c->grid.item_cap;
    collision_probe p = {.shape = COLLISION_AREA, .x = x, .y = y, .r = r};
    grid_range q = grid_query_range(&c->grid, collision_probe_bounds(&p));
    int n = collision_walk(c, &p, &set, 0, q, c->scratch);
    for (int k = 0; k < n; k++)
        collision_list_push(out, c->scratch[k]);
}

void collision_area_rect(collision *c, const circle_set *bullets, float x0, float y0, float x1,
                         float y1, collision_list *out)
{
    collision_probe p = {.shape = COLLISION_RECT, .x0 = x0, .y0 = y0, .x1 = x1, .y1 = y1};
    collision_area(c, bullets, &p, out);
}

void collision_circles(collision *c, const circle_set *all, const circle_set *probes,
                       collision_pairs *out)
{
    circle_set set = collision_clamp(c, all);
    const circle_set *items = &set;
    collision_path path = collision_begin(c, items, probes->count);
    for (int j = 0; j < probes->count; j++) {
        if (!circle_set_live(probes, j))
            continue;
        collision_probe p = {.shape = COLLISION_CIRCLE,
                             .x = probes->x[j],
                             .y = probes->y[j],
                             .dx = collision_motion(probes->dx, j),
                             .dy = collision_motion(probes->dy, j),
                             .r = probes->r[j]};
        int n = collision_find(c, path, &p, items, 0);
        for (int k = 0; k < n; k++)
            collision_pairs_push(out, (uint32_t)j, c->scratch[k]);
    }
}

void collision_boxes(collision *c, const circle_set *all, const box_set *probes,
                     collision_pairs *out)
{
    circle_set set = collision_clamp(c, all);
    const circle_set *items = &set;
    collision_path path = collision_begin(c, items, probes->count);
    for (int j = 0; j < probes->count; j++) {
        if (!circle_slot_live(probes->alive, probes->flags, probes->skip_mask, j))
            continue;
        collision_probe p = {.shape = COLLISION_BOX,
                             .x = probes->x[j],
                             .y = probes->y[j],
                             .dx = collision_motion(probes->dx, j),
                             .dy = collision_motion(probes->dy, j),
                             .hw = probes->hw[j],
                             .hh = probes->hh[j]};
        int n = collision_find(c, path, &p, items, 0);
        for (int k = 0; k < n; k++)
            collision_pairs_push(out, (uint32_t)j, c->scratch[k]);
    }
}

void collision_self(collision *c, const circle_set *all, collision_pairs *out)
{
    circle_set set = collision_clamp(c, all);
    const circle_set *items = &set;
    collision_path path = collision_resolve(c, collision_choose_self(items->count));
    float grow = 0.0f;
    if (path == COLLISION_GRID) {
        if (collision_self_cells(c, items, out))
            return;
        /* large items, or no room for every pair: the grid, where every bullet
         * walks its whole range; partners are bullets too, so no small one
         * reaches further than this */
        collision_build(c, items);
        grow = grid_small_extent(&c->grid, items) + GRID_PAD;
    }
    for (int a = 0; a < items->count; a++) {
        if (!circle_set_live(items, a))
            continue;
        collision_probe p = {.shape = COLLISION_CIRCLE,
                             .x = items->x[a],
                             .y = items->y[a],
                             .dx = collision_motion(items->dx, a),
                             .dy = collision_motion(items->dy, a),
                             .r = items->r[a]};
        int n;
        if (path == COLLISION_GRID) {
            grid_range q = grid_range_grown(&c->grid, collision_probe_bounds(&p), grow);
            n = collision_walk(c, &p, items, a + 1, q, c->scratch);
        } else {
            n = collision_sweep(&c->stats, &p, items, a + 1, c->scratch);
        }
        for (int k = 0; k < n; k++)
            collision_pairs_push(out, (uint32_t)a, c->scratch[k]);
    }
}
