/*
 * grid: the loose uniform-grid broadphase, rebuilt each frame by counting sort.
 * See grid.h for the contract; this file is the build.
 */
#include "sim/grid.h"

#include "core/mem.h"

#include <math.h>
#include <string.h>

int grid_init(grid *g, const grid_config *cfg)
{
    *g = (grid){0};
    float x0 = cfg->x0, y0 = cfg->y0, w = cfg->w, h = cfg->h, cell = cfg->cell;
    int item_cap = cfg->item_cap, entry_cap = cfg->entry_cap;
    if (!(cell > 0.0f) || !(w > 0.0f) || !(h > 0.0f) || !(cfg->loose >= 0.0f) || !isfinite(x0) ||
        !isfinite(y0) || !isfinite(w) || !isfinite(h) || !isfinite(cfg->loose) || item_cap < 0 ||
        entry_cap < 0)
        return -1;
    double cols = ceil((double)w / cell), rows = ceil((double)h / cell);
    if (cols * rows > GRID_MAX_CELLS)
        return -1;
    g->x0 = x0;
    g->y0 = y0;
    g->cell = cell;
    g->inv_cell = 1.0f / cell;
    g->loose = cfg->loose;
    g->cols = (int)cols;
    g->rows = (int)rows;
    g->max_col = (float)(g->cols - 1);
    g->max_row = (float)(g->rows - 1);
    g->item_cap = item_cap;
    g->entry_cap = entry_cap;
    size_t cells = (size_t)g->cols * (size_t)g->rows;
    g->start = mem_calloc(cells + 1, sizeof *g->start);
    g->entry = mem_alloc(((size_t)entry_cap + GRID_SLACK) * sizeof *g->entry);
    g->item_cell = mem_alloc(((size_t)item_cap + 1) * sizeof *g->item_cell);
    g->spill = mem_alloc(((size_t)item_cap + 1) * sizeof *g->spill);
    float **boxes[] = {&g->box_x0, &g->box_y0, &g->box_x1, &g->box_y1};
    int copied = 1;
    for (size_t k = 0; k < 4; k++)
        copied &= (*boxes[k] = mem_calloc((size_t)entry_cap + GRID_SLACK, sizeof(float))) != NULL;
    g->cell_boxed = mem_calloc(cells, 1);
    copied &= g->cell_boxed != NULL;
    if (!g->start || !g->entry || !g->item_cell || !g->spill || !copied) {
        grid_free(g);
        return -1;
    }
    memset(g->entry, 0, ((size_t)entry_cap + GRID_SLACK) * sizeof *g->entry);
    return 0;
}

void grid_free(grid *g)
{
    mem_free(g->start);
    mem_free(g->entry);
    mem_free(g->item_cell);
    mem_free(g->spill);
    float *arrays[] = {g->box_x0, g->box_y0, g->box_x1, g->box_y1};
    for (size_t k = 0; k < sizeof arrays / sizeof arrays[0]; k++)
        mem_free(arrays[k]);
    mem_free(g->cell_boxed);
    *g = (grid){0};
}

/* The code of an item with this box: the cell of its centre when its
 * half-extents are within loose, GRID_MULTI otherwise (NaN boxes too). */
static inline uint32_t grid_code(const grid *g, circle_box b)
{
    float hx = (b.x1 - b.x0) * 0.5f, hy = (b.y1 - b.y0) * 0.5f;
    int col = grid_col(g, (b.x0 + b.x1) * 0.5f), row = grid_row(g, (b.y0 + b.y1) * 0.5f);
    return hx <= g->loose && hy <= g->loose ? (uint32_t)(row * g->cols + col) : GRID_MULTI;
}

/*
 * Pass 1: every slot's code, dead ones GRID_NONE. One loop per kind of set
 * (moving or not) so that the body is straight-line float work the compiler
 * vectorizes; the grid is read through a local copy, which the stores cannot
 * alias, and the box travels as a small struct by value (through an array it
 * stopped vectorizing). The boxes are those of circle_set_bounds, operation for
 * operation, so later recomputations give the same cells.
 *
 * gcc 12 -O3 -fopt-info-vec, x86-64 SSE2 baseline: both loops "vectorized using
 * 16 byte vectors" (the clamps become compare-and-blend, the conversions
 * cvttps2dq, the cell index pmuludq pairs), and the flag loop too; the bitmap
 * loop is scalar but touches only the dead slots of each 64-slot word.
 */
static void grid_codes(const grid *g, int n, const float *x, const float *y, const float *r,
                       const float *dx, const float *dy, uint32_t *restrict code)
{
    const grid k = *g;
    if (dx) {
        for (int i = 0; i < n; i++)
            code[i] = grid_code(&k, circle_bounds(x[i], y[i], r[i], x[i] - dx[i], y[i] - dy[i]));
    } else {
        for (int i = 0; i < n; i++)
            code[i] = grid_code(&k, circle_bounds(x[i], y[i], r[i], x[i], y[i]));
    }
}

static void grid_classify(grid *g, const circle_set *s, int n)
{
    uint32_t *code = g->item_cell;
    grid_codes(g, n, s->x, s->y, s->r, s->dx, s->dy, code);
    if (s->flags) {
        const uint8_t *flags = s->flags;
        uint8_t skip = s->skip_mask;
        for (int i = 0; i < n; i++)
            code[i] = (flags[i] & skip) ? GRID_NONE : code[i];
    }
    if (s->alive) {
        for (int w = 0; w < (n + 63) / 64; w++) {
            uint64_t dead = ~s->alive[w];
            if (w == n / 64)
                dead &= (UINT64_C(1) << (n & 63)) - 1; /* slots past n are not ours */
            for (; dead; dead &= dead - 1)
                code[64 * w + __builtin_ctzll(dead)] = GRID_NONE;
        }
    }
}

grid_range grid_item_range(const grid *g, const circle_set *s, uint32_t i)
{
    uint32_t c = g->item_cell[i];
    if (c < GRID_MULTI) {
        int cx = (int)(c % (uint32_t)g->cols), cy = (int)(c / (uint32_t)g->cols);
        return (grid_range){cx, cy, cx, cy};
    }
    return grid_range_of(g, circle_set_bounds(s, (int)i));
}

/* The cells of large item i. */
static grid_range grid_large_range(const grid *g, const circle_set *s, int i)
{
    return grid_range_of(g, circle_set_bounds(s, i));
}

static inline uint32_t grid_range_cells(grid_range q)
{
    return (uint32_t)(q.x1 - q.x0 + 1) * (uint32_t)(q.y1 - q.y0 + 1);
}

/* Adds item i's entries to the cell counts. */
static void grid_count_large(grid *g, grid_range q)
{
    for (int cy = q.y0; cy <= q.y1; cy++)
        for (int cx = q.x0; cx <= q.x1; cx++)
            g->start[cy * g->cols + cx]++;
}

/* Refuses slot i: out of the cells, onto the spill list. */
static void grid_refuse(grid *g, int i)
{
    g->item_cell[i] = GRID_NONE;
    g->spill[g->spilled++] = (uint32_t)i;
    g->refused++;
}

/* Pass 2, when the entries may not all fit: counts in slot order and refuses
 * whatever no longer fits. Returns the number of entries. */
static uint32_t grid_count_capped(grid *g, const circle_set *s, int n)
{
    uint32_t total = 0, cap = (uint32_t)g->entry_cap;
    memset(g->start, 0, ((size_t)g->cols * (size_t)g->rows + 1) * sizeof *g->start);
    g->placed = g->multi = 0;
    for (int i = 0; i < n; i++) {
        uint32_t c = g->item_cell[i];
        if (c == GRID_NONE)
            continue;
        grid_range q = {0, 0, 0, 0};
        uint32_t k = 1;
        if (c == GRID_MULTI) {
            q = grid_large_range(g, s, i);
            k = grid_range_cells(q);
        }
        if (k > cap - total) {
            grid_refuse(g, i);
            continue;
        }
        if (c == GRID_MULTI) {
            grid_count_large(g, q);
            g->multi++;
        } else {
            g->start[c]++;
        }
        total += k;
        g->placed++;
    }
    return total;
}

/* Pass 2: per-cell counts into start[]. Counts everything first (the common
 * case, one increment per item); only if the entries overflow does it count
 * again, refusing in slot order. Returns the number of entries. */
static uint32_t grid_count(grid *g, const circle_set *s, int n)
{
    uint32_t *count = g->start;
    uint64_t total = 0;
    memset(count, 0, ((size_t)g->cols * (size_t)g->rows + 1) * sizeof *count);
    for (int i = 0; i < n; i++) {
        uint32_t c = g->item_cell[i];
        if (c < GRID_MULTI) {
            count[c]++;
            total++;
            g->placed++;
        } else if (c == GRID_MULTI) {
            grid_range q = grid_large_range(g, s, i);
            grid_count_large(g, q);
            total += grid_range_cells(q);
            g->placed++;
            g->multi++;
        }
    }
    if (total > (uint64_t)g->entry_cap)
        return grid_count_capped(g, s, n);
    return (uint32_t)total;
}

/* Pass 3: inclusive prefix sum, then the slots scattered from the last to the
 * first, each one decrementing its cell's end: the offsets end up at the start
 * of each cell, and entries come out ascending within a cell. The reads are in
 * slot order; the writes go to one moving position per cell. */
static void grid_scatter(grid *g, const circle_set *s, int n, uint32_t total)
{
    uint32_t *start = g->start, sum = 0;
    const uint32_t *code = g->item_cell;
    int cells = g->cols * g->rows;
    for (int c = 0; c < cells; c++) {
        sum += start[c];
        start[c] = sum;
    }
    start[cells] = total;
    for (int i = n - 1; i >= 0; i--) {
        uint32_t c = code[i];
        if (c < GRID_MULTI) {
            g->entry[--start[c]] = (uint32_t)i;
        } else if (c == GRID_MULTI) {
            grid_range q = grid_large_range(g, s, i);
            for (int cy = q.y0; cy <= q.y1; cy++)
                for (int cx = q.x0; cx <= q.x1; cx++)
                    g->entry[--start[cy * g->cols + cx]] = (uint32_t)i;
        }
    }
}

int grid_entry_col(const grid *g, int cy, int x0, int x1, uint32_t k)
{
    const uint32_t *row = g->start + cy * g->cols;
    while (x0 < x1) { /* the last column whose cell starts at or before k */
        int mid = (x0 + x1 + 1) / 2;
        if (row[mid] <= k)
            x0 = mid;
        else
            x1 = mid - 1;
    }
    return x0;
}

/* The boxes of entries [k0, k1). */
static void grid_box_span(grid *g, const circle_set *s, uint32_t k0, uint32_t k1)
{
    for (uint32_t k = k0; k < k1; k++) {
        circle_box b = circle_set_bounds(s, (int)g->entry[k]);
        g->box_x0[k] = b.x0;
        g->box_y0[k] = b.y0;
        g->box_x1[k] = b.x1;
        g->box_y1[k] = b.y1;
    }
}

void grid_box_row(grid *g, const circle_set *s, int cy, int x0, int x1)
{
    int row = cy * g->cols;
    for (int cx = x0; cx <= x1; cx++) {
        if (g->cell_boxed[row + cx])
            continue;
        int end = cx; /* a run of cells not filled yet: one span */
        while (end < x1 && !g->cell_boxed[row + end + 1])
            end++;
        grid_box_span(g, s, g->start[row + cx], g->start[row + end + 1]);
        memset(g->cell_boxed + row + cx, 1, (size_t)(end - cx + 1));
        cx = end;
    }
}

float grid_small_extent(const grid *g, const circle_set *s)
{
    float most = 0.0f;
    for (int i = 0; i < g->items; i++) {
        if (g->item_cell[i] >= GRID_MULTI)
            continue;
        circle_box b = circle_set_bounds(s, i);
        float hx = (b.x1 - b.x0) * 0.5f, hy = (b.y1 - b.y0) * 0.5f;
        most = hx > most ? hx : most;
        most = hy > most ? hy : most;
    }
    return most;
}

void grid_build(grid *g, const circle_set *s)
{
    int n = s->count < g->item_cap ? s->count : g->item_cap;
    if (n < 0)
        n = 0;
    g->items = n;
    g->placed = g->multi = g->refused = g->spilled = 0;
    for (int i = n; i < s->count; i++)
        g->refused += circle_set_live(s, i);
    grid_classify(g, s, n);
    uint32_t total = grid_count(g, s, n);
    grid_scatter(g, s, n, total);
    g->entries = (int)total;
    memset(g->cell_boxed, 0, (size_t)g->cols * (size_t)g->rows);
}
