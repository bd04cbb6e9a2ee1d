/*
 * grid: the uniform-grid broadphase.
 *
 * Rebuilt from scratch every frame by a counting sort: a first pass finds the
 * cell of every live item, a prefix sum over the cell counts gives each cell its
 * run of the entry array, and a second pass writes item indices (never
 * pointers) into those runs. Every array is allocated by grid_init; a build
 * allocates nothing.
 *
 * An item goes into every cell its swept box touches (bullets larger than a cell
 * go into several), so a query only walks the cells its own box touches. Where
 * an item and a query both span several cells they meet more than once;
 * grid_first_meeting says which meeting counts, so nothing is reported twice.
 *
 * Positions outside the grid are clamped to its border cells. That keeps the
 * broadphase conservative (two boxes that overlap always share a cell) for
 * objects anywhere, at the price of crowded border cells for objects far out;
 * the grid normally covers the playfield plus its cull margin.
 *
 * Capacities: item_cap slots per build and entry_cap cell entries. An item that
 * does not fit is refused whole, never half inserted, counted in refused, and
 * listed in spill (slots past item_cap are not listed: they are the range
 * items .. count of the set). Lower slots win, so the outcome is deterministic,
 * and queries test spilled items one by one: overflow costs time, never a
 * missed collision.
 */
#ifndef CURTAIN_SIM_GRID_H
#define CURTAIN_SIM_GRID_H

#include "sim/circle_set.h"

#include <stdint.h>

#define GRID_NONE      0xFFFFFFFFu /* item_cell: the slot is not in the grid (dead or refused) */
#define GRID_MULTI     0xFFFFFFFEu /* item_cell: the slot is in several cells */
/* Every box is widened by this much (px) before it is mapped to cells, so that
 * pairs the narrowphase finds touching after float rounding still share a cell. */
#define GRID_PAD       (1.0f / 64.0f)
/* Most cells a grid may have. */
#define GRID_MAX_CELLS (1 << 22)

/* An inclusive rectangle of cells. */
typedef struct grid_range {
    int x0, y0, x1, y1;
} grid_range;

typedef struct grid {
    float x0, y0;           /* field position of the top-left corner of cell (0, 0) */
    float cell, inv_cell;   /* cell side (px) and its inverse */
    float max_col, max_row; /* cols - 1 and rows - 1, for clamping */
    int cols, rows;
    int item_cap, entry_cap;
    uint32_t *start;     /* cols * rows + 1 offsets: cell c holds entry[start[c] .. start[c+1]) */
    uint32_t *entry;     /* item indices, cell after cell, ascending within a cell */
    uint32_t *item_cell; /* per slot: its one cell, GRID_MULTI or GRID_NONE */
    uint32_t *spill;     /* live slots below item_cap the last build refused, ascending */
    /* What the last build did. */
    int items;   /* slots it read (the set's count, at most item_cap) */
    int placed;  /* live items it placed */
    int multi;   /* of those, items in more than one cell */
    int entries; /* entries it wrote */
    int refused; /* live items it refused: beyond item_cap or entry_cap */
    int spilled; /* of those, the ones listed in spill (below item_cap) */
} grid;

/* Allocates a grid of cell-sized squares covering the w x h area whose top-left
 * corner is (x0, y0), for sets of up to item_cap slots and entry_cap entries.
 * Returns 0, or -1 on bad sizes or out of memory (g is then empty; grid_free is
 * still safe). */
int grid_init(grid *g, float x0, float y0, float w, float h, float cell, int item_cap,
              int entry_cap);
void grid_free(grid *g);

/* Rebuilds the grid from the live circles of s, replacing the previous frame's
 * contents. s must stay unchanged while the grid is queried. */
void grid_build(grid *g, const circle_set *s);

/* The column holding field coordinate x, clamped to the grid (NaN gives 0). */
static inline int grid_col(const grid *g, float x)
{
    float f = (x - g->x0) * g->inv_cell;
    f = f >= 0.0f ? f : 0.0f;
    f = f <= g->max_col ? f : g->max_col;
    return (int)f;
}

static inline int grid_row(const grid *g, float y)
{
    float f = (y - g->y0) * g->inv_cell;
    f = f >= 0.0f ? f : 0.0f;
    f = f <= g->max_row ? f : g->max_row;
    return (int)f;
}

/* The cells a box {min x, min y, max x, max y} touches, widened by GRID_PAD. */
static inline grid_range grid_range_of(const grid *g, const float box[4])
{
    grid_range q = {grid_col(g, box[0] - GRID_PAD), grid_row(g, box[1] - GRID_PAD),
                    grid_col(g, box[2] + GRID_PAD), grid_row(g, box[3] + GRID_PAD)};
    return q;
}

/* The cells item i of the set the grid was built from occupies (valid for
 * placed items only). */
grid_range grid_item_range(const grid *g, const circle_set *s, uint32_t i);

/* The entries of cell (cx, cy): *count indices, ascending. */
static inline const uint32_t *grid_cell(const grid *g, int cx, int cy, int *count)
{
    int c = cy * g->cols + cx;
    *count = (int)(g->start[c + 1] - g->start[c]);
    return g->entry + g->start[c];
}

/* Two overlapping ranges meet in several cells; this is true in exactly one of
 * them (the top-left cell of their overlap), where the meeting is reported. */
static inline int grid_first_meeting(grid_range a, grid_range b, int cx, int cy)
{
    return cx == (a.x0 > b.x0 ? a.x0 : b.x0) && cy == (a.y0 > b.y0 ? a.y0 : b.y0);
}

#endif
