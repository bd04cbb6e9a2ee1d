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
/* Slack (px) for the conservative box screen, like GRID_PAD for the grid. */
#define COLLISION_PAD   (1.0f / 64.0f)

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
    collision_config k = *cfg;
    if (k.item_cap < 0 || k.entry_cap < 0 || k.item_cap > INT_MAX / 4 - 1)
        return -1;
    if (k.entry_cap == 0)
        k.entry_cap = 4 * k.item_cap;
    if (k.cell == 0.0f)
        k.cell = COLLISION_DEFAULT_CELL;
    if (k.w == 0.0f) {
        k.x0 = k.y0 = -PLAYFIELD_CULL_MARGIN;
        k.w = PLAYFIELD_W + 2.0f * PLAYFIELD_CULL_MARGIN;
        k.h = PLAYFIELD_H + 2.0f * PLAYFIELD_CULL_MARGIN;
    }
    if (grid_init(&c->grid, k.x0, k.y0, k.w, k.h, k.cell, k.item_cap, k.entry_cap) != 0)
        return -1;
    c->scratch = mem_alloc(((size_t)k.item_cap + 1) * sizeof *c->scratch);
    if (!c->scratch) {
        grid_free(&c->grid);
        return -1;
    }
    return 0;
}

void collision_free(collision *c)
{
    grid_free(&c->grid);
    mem_free(c->scratch);
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
    (void)items;
    return probes >= COLLISION_GRID_MIN_PROBES ? COLLISION_GRID : COLLISION_SWEEP;
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
    if (!isfinite(ex) || !isfinite(ey) || !isfinite(vx) || !isfinite(vy))
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

/* The box the probe covers during the frame, {min x, min y, max x, max y}. */
static void collision_probe_bounds(const collision_probe *p, float box[4])
{
    if (p->shape == COLLISION_RECT) {
        box[0] = p->x0;
        box[1] = p->y0;
        box[2] = p->x1;
        box[3] = p->y1;
        return;
    }
    float hx = p->shape == COLLISION_BOX ? p->hw : p->r;
    float hy = p->shape == COLLISION_BOX ? p->hh : p->r;
    float x0 = p->shape == COLLISION_AREA ? p->x : p->x - p->dx;
    float y0 = p->shape == COLLISION_AREA ? p->y : p->y - p->dy;
    box[0] = (x0 < p->x ? x0 : p->x) - hx;
    box[1] = (y0 < p->y ? y0 : p->y) - hy;
    box[2] = (x0 < p->x ? p->x : x0) + hx;
    box[3] = (y0 < p->y ? p->y : y0) + hy;
}

/* ---- the straight sweep ---- */

/*
 * The screens: m[k] says whether item base + k may touch the probe, for n items,
 * dead slots included (the caller checks liveness on the few flagged). They are
 * the hot loops of the sweep, written so the compiler vectorizes them: plain
 * float arithmetic over the arrays, the result stored as a byte.
 *
 * gcc 12 -O3 -fopt-info-vec on x86-64 (SSE2 baseline), for every loop below:
 * "loop vectorized using 16 byte vectors" (4 floats a step, unrolled 4 times to
 * fill 16 flag bytes; -march=native gives 32-byte AVX2 vectors). In the swept
 * circle loop the division, the clamps of s (maxps/minps) and the compare
 * (cmpleps, packed down to bytes) are all vector instructions: no scalar code or
 * branch is left in the loop body. The circle screens compute exactly the
 * narrowphase (same operations in the same order, no contraction), so they flag
 * exactly the items that touch; the box screen is a conservative bounding-box
 * overlap, confirmed per flagged item by collision_box_touch.
 */
static void collision_screen_circle(const collision_probe *p, const circle_set *s, int base, int n,
                                    uint8_t *m)
{
    const float *x = s->x + base, *y = s->y + base, *r = s->r + base;
    float px = p->x, py = p->y, reach = p->r;
    int moving = p->shape == COLLISION_CIRCLE;
    if (moving && s->dx) {
        const float *dx = s->dx + base, *dy = s->dy + base;
        float pdx = p->dx, pdy = p->dy;
        for (int k = 0; k < n; k++) {
            float rs = reach + r[k];
            m[k] = collision_sweep_d2(x[k] - px, y[k] - py, dx[k] - pdx, dy[k] - pdy) <= rs * rs;
        }
    } else if (moving && (p->dx != 0.0f || p->dy != 0.0f)) {
        float vx = 0.0f - p->dx, vy = 0.0f - p->dy;
        for (int k = 0; k < n; k++) {
            float rs = reach + r[k];
            m[k] = collision_sweep_d2(x[k] - px, y[k] - py, vx, vy) <= rs * rs;
        }
    } else {
        /* Nothing moves: collision_sweep_d2 with v = 0 is exactly this. */
        for (int k = 0; k < n; k++) {
            float rs = reach + r[k];
            float ex = x[k] - px, ey = y[k] - py;
            m[k] = ex * ex + ey * ey <= rs * rs;
        }
    }
}

static void collision_screen_rect(const collision_probe *p, const circle_set *s, int base, int n,
                                  uint8_t *m)
{
    const float *x = s->x + base, *y = s->y + base, *r = s->r + base;
    float x0 = p->x0, y0 = p->y0, x1 = p->x1, y1 = p->y1;
    for (int k = 0; k < n; k++)
        m[k] = collision_rect_d2(x[k], y[k], x0, y0, x1, y1) <= r[k] * r[k];
}

static void collision_screen_box(const collision_probe *p, const circle_set *s, int base, int n,
                                 uint8_t *m)
{
    const float *x = s->x + base, *y = s->y + base, *r = s->r + base;
    const float *dx = s->dx ? s->dx + base : NULL, *dy = s->dy ? s->dy + base : NULL;
    float hx = p->hw + COLLISION_PAD, hy = p->hh + COLLISION_PAD;
    for (int k = 0; k < n; k++) {
        float ex = x[k] - p->x, ey = y[k] - p->y;
        float vx = (dx ? dx[k] : 0.0f) - p->dx, vy = (dy ? dy[k] : 0.0f) - p->dy;
        float sx = ex - vx, sy = ey - vy; /* the offset at the start of the frame */
        float lox = (sx < ex ? sx : ex) - r[k], hix = (sx < ex ? ex : sx) + r[k];
        float loy = (sy < ey ? sy : ey) - r[k], hiy = (sy < ey ? ey : sy) + r[k];
        m[k] = (lox <= hx) & (hix >= -hx) & (loy <= hy) & (hiy >= -hy);
    }
}

/* The first k >= from with m[k] set, or len; m is zero up to a multiple of 8. */
static int collision_next_flag(const uint8_t *m, int len, int from)
{
    int k = from;
    for (; k < len && (k & 7); k++)
        if (m[k])
            return k;
    for (; k < len; k += 8) {
        uint64_t word;
        memcpy(&word, m + k, sizeof word);
        if (word)
            for (int j = 0; j < 8; j++)
                if (m[k + j])
                    return k + j;
    }
    return len;
}

/* The live items of [first, count) touching the probe, ascending, into out;
 * returns how many. */
static int collision_sweep(collision *c, const collision_probe *p, const circle_set *s, int first,
                           uint32_t *out)
{
    uint8_t m[COLLISION_CHUNK + 8];
    int found = 0;
    for (int base = first; base < s->count; base += COLLISION_CHUNK) {
        int n = s->count - base < COLLISION_CHUNK ? s->count - base : COLLISION_CHUNK;
        memset(m + (n & ~7), 0, 8);
        if (p->shape == COLLISION_RECT)
            collision_screen_rect(p, s, base, n, m);
        else if (p->shape == COLLISION_BOX)
            collision_screen_box(p, s, base, n, m);
        else
            collision_screen_circle(p, s, base, n, m);
        for (int k = collision_next_flag(m, n, 0); k < n; k = collision_next_flag(m, n, k + 1)) {
            int i = base + k;
            if (circle_set_live(s, i) && collision_probe_touch(p, s, i))
                out[found++] = (uint32_t)i;
        }
    }
    c->stats.sweeps++;
    c->stats.tests += (uint64_t)(s->count > first ? s->count - first : 0);
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

/* Sorts indices ascending: insertion sort when short (the usual few hits),
 * heapsort otherwise (no allocation, no recursion, n log n at worst). */
static void collision_sort(uint32_t *a, int n)
{
    if (n <= 24) {
        for (int i = 1; i < n; i++) {
            uint32_t v = a[i];
            int j = i;
            for (; j > 0 && a[j - 1] > v; j--)
                a[j] = a[j - 1];
            a[j] = v;
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

/* The first position in sorted e[0 .. n) whose index is >= first. */
static int collision_lower_bound(const uint32_t *e, int n, uint32_t first)
{
    int lo = 0, hi = n;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (e[mid] < first)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
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

/* The same answer as collision_sweep, from the grid (built from s): the probe
 * walks the cells of q; an item met in several cells counts in the first
 * meeting only; items the build could not place are tested one by one. */
static int collision_walk(collision *c, const collision_probe *p, const circle_set *s, int first,
                          grid_range q, uint32_t *out)
{
    const grid *g = &c->grid;
    int found = 0, one_cell = q.x0 == q.x1 && q.y0 == q.y1;
    uint64_t tests = 0;
    for (int cy = q.y0; cy <= q.y1; cy++) {
        for (int cx = q.x0; cx <= q.x1; cx++) {
            int n;
            const uint32_t *e = grid_cell(g, cx, cy, &n);
            int k = first > 0 ? collision_lower_bound(e, n, (uint32_t)first) : 0;
            tests += (uint64_t)(n - k);
            for (; k < n; k++) {
                uint32_t i = e[k];
                if (!one_cell && g->item_cell[i] == GRID_MULTI &&
                    !grid_first_meeting(q, grid_item_range(g, s, i), cx, cy))
                    continue;
                if (collision_probe_touch(p, s, (int)i))
                    out[found++] = i;
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
        return collision_sweep(c, p, s, first, c->scratch);
    float box[4];
    collision_probe_bounds(p, box);
    return collision_walk(c, p, s, first, grid_range_of(&c->grid, box), c->scratch);
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
        float d2 = collision_sweep_d2(ex, ey, vx, vy);
        float hit = q->hit_r + bullets->r[i], graze = q->graze_r + bullets->r[i];
        if (hits && d2 <= hit * hit)
            collision_list_push(hits, (uint32_t)i);
        if (grazes && d2 <= graze * graze && !(q->grazed && (q->grazed[i] & q->graze_bit)) &&
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
    if (path == COLLISION_GRID)
        collision_build(c, items);
    const grid *g = &c->grid;
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
        if (path != COLLISION_GRID) {
            n = collision_sweep(c, &p, items, a + 1, c->scratch);
        } else {
            /* a's own cells: the same range its probe box gives, read from the build */
            grid_range q;
            if (g->item_cell[a] != GRID_NONE) {
                q = grid_item_range(g, items, (uint32_t)a);
            } else {
                float box[4];
                collision_probe_bounds(&p, box);
                q = grid_range_of(g, box);
            }
            n = collision_walk(c, &p, items, a + 1, q, c->scratch);
        }
        for (int k = 0; k < n; k++)
            collision_pairs_push(out, (uint32_t)a, c->scratch[k]);
    }
}
