/*
 * grid: the uniform-grid broadphase, rebuilt each frame by counting sort.
 * See grid.h for the contract; this file is the build.
 */
#include "sim/grid.h"

#include "core/mem.h"

#include <math.h>
#include <string.h>

int grid_init(grid *g, float x0, float y0, float w, float h, float cell, int item_cap,
              int entry_cap)
{
    *g = (grid){0};
    if (!(cell > 0.0f) || !(w > 0.0f) || !(h > 0.0f) || !isfinite(x0) || !isfinite(y0) ||
        !isfinite(w) || !isfinite(h) || item_cap < 0 || entry_cap < 0)
        return -1;
    double cols = ceil((double)w / cell), rows = ceil((double)h / cell);
    if (cols * rows > GRID_MAX_CELLS)
        return -1;
    g->x0 = x0;
    g->y0 = y0;
    g->cell = cell;
    g->inv_cell = 1.0f / cell;
    g->cols = (int)cols;
    g->rows = (int)rows;
    g->max_col = (float)(g->cols - 1);
    g->max_row = (float)(g->rows - 1);
    g->item_cap = item_cap;
    g->entry_cap = entry_cap;
    size_t cells = (size_t)g->cols * (size_t)g->rows;
    g->start = mem_calloc(cells + 1, sizeof *g->start);
    g->entry = mem_alloc(((size_t)entry_cap + 1) * sizeof *g->entry);
    g->item_cell = mem_alloc(((size_t)item_cap + 1) * sizeof *g->item_cell);
    g->spill = mem_alloc(((size_t)item_cap + 1) * sizeof *g->spill);
    if (!g->start || !g->entry || !g->item_cell || !g->spill) {
        grid_free(g);
        return -1;
    }
    return 0;
}

void grid_free(grid *g)
{
    mem_free(g->start);
    mem_free(g->entry);
    mem_free(g->item_cell);
    mem_free(g->spill);
    *g = (grid){0};
}

/* The code of a circle with box `box`: its only cell, or GRID_MULTI. */
static inline uint32_t grid_code(const grid *g, const float box[4])
{
    grid_range q = grid_range_of(g, box);
    uint32_t cell = (uint32_t)(q.y0 * g->cols + q.x0);
    return q.x0 == q.x1 && q.y0 == q.y1 ? cell : GRID_MULTI;
}

/*
 * Pass 1: the code of every slot, dead ones GRID_NONE. One loop per kind of set
 * (moving or not) so that the body is straight-line float work the compiler
 * vectorizes; it reads the grid through a local copy, which the stores to code[]
 * cannot alias. The boxes are those of circle_set_bounds, operation for
 * operation, so later recomputations give the same cells.
 */
static void grid_classify(grid *g, const circle_set *s, int n)
{
    const grid k = *g;
    uint32_t *code = g->item_cell;
    const float *x = s->x, *y = s->y, *r = s->r;
    float box[4];
    if (s->dx) {
        const float *dx = s->dx, *dy = s->dy;
        for (int i = 0; i < n; i++) {
            circle_bounds(x[i], y[i], r[i], x[i] - dx[i], y[i] - dy[i], box);
            code[i] = grid_code(&k, box);
        }
    } else {
        for (int i = 0; i < n; i++) {
            circle_bounds(x[i], y[i], r[i], x[i], y[i], box);
            code[i] = grid_code(&k, box);
        }
    }
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
    float box[4];
    circle_set_bounds(s, (int)i, box);
    return grid_range_of(g, box);
}

static inline uint32_t grid_range_cells(grid_range q)
{
    return (uint32_t)(q.x1 - q.x0 + 1) * (uint32_t)(q.y1 - q.y0 + 1);
}

/* Refuses slot i: out of the cells, onto the spill list. */
static void grid_refuse(grid *g, int i)
{
    g->item_cell[i] = GRID_NONE;
    g->spill[g->spilled++] = (uint32_t)i;
    g->refused++;
}

/* Pass 2: per-cell counts into start[], refusing items whose entries no longer
 * fit. Returns the number of entries. */
static uint32_t grid_count(grid *g, const circle_set *s, int n)
{
    uint32_t *count = g->start;
    uint32_t total = 0, cap = (uint32_t)g->entry_cap;
    memset(count, 0, ((size_t)g->cols * (size_t)g->rows + 1) * sizeof *count);
    for (int i = 0; i < n; i++) {
        uint32_t c = g->item_cell[i];
        if (c < GRID_MULTI) {
            if (total < cap) {
                count[c]++;
                total++;
                g->placed++;
            } else {
                grid_refuse(g, i);
            }
        } else if (c == GRID_MULTI) {
            float box[4];
            circle_set_bounds(s, i, box);
            grid_range q = grid_range_of(g, box);
            uint32_t k = grid_range_cells(q);
            if (k > cap - total) {
                grid_refuse(g, i);
                continue;
            }
            for (int cy = q.y0; cy <= q.y1; cy++)
                for (int cx = q.x0; cx <= q.x1; cx++)
                    count[cy * g->cols + cx]++;
            total += k;
            g->placed++;
            g->multi++;
        }
    }
    return total;
}

/* Pass 3: inclusive prefix sum, then the slots scattered from the last to the
 * first, each one decrementing its cell's end: the offsets end up at the start of
 * each cell, and entries come out ascending within a cell. */
static void grid_scatter(grid *g, const circle_set *s, int n, uint32_t total)
{
    uint32_t *start = g->start, sum = 0;
    int cells = g->cols * g->rows;
    for (int c = 0; c < cells; c++) {
        sum += start[c];
        start[c] = sum;
    }
    start[cells] = total;
    for (int i = n - 1; i >= 0; i--) {
        uint32_t c = g->item_cell[i];
        if (c < GRID_MULTI) {
            g->entry[--start[c]] = (uint32_t)i;
        } else if (c == GRID_MULTI) {
            float box[4];
            circle_set_bounds(s, i, box);
            grid_range q = grid_range_of(g, box);
            for (int cy = q.y0; cy <= q.y1; cy++)
                for (int cx = q.x0; cx <= q.x1; cx++)
                    g->entry[--start[cy * g->cols + cx]] = (uint32_t)i;
        }
    }
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
}
