/*
 * grid: the uniform-grid broadphase.
 *
 * Rebuilt from scratch every frame by a counting sort: a first pass finds the
 * cell of every live item, a prefix sum over the cell counts gives each cell its
 * run of the entry array, and a second pass writes item indices (never
 * pointers) into those runs. Every array is allocated by grid_init; a build
 * allocates nothing.
 *
 * The grid is loose. An item whose swept box has half-extents up to `loose` is
 * small: it is stored once, in the cell of its box's centre (one entry, found
 * by one vectorized pass: nearly every bullet). A larger item goes into every
 * cell its box touches. A query walks the cells of its own box grown by `loose`
 * (grid_query_range): any small item whose box overlaps the query has its
 * centre in there, and any large one has a cell in there. `loose` is set apart
 * from the cell size, so that cells can stay small (few candidates a query)
 * while every ordinary bullet kind still counts as small. A large item can be
 * met in several cells; grid_first_meeting says which meeting counts, so
 * nothing is reported twice.
 *
 * Cells are numbered row by row, so the cells of a row are one contiguous run
 * of entries, and a query screens each row of its range as one stretch of
 * plain float arrays (a vectorized box-overlap loop, see collision.c). Those
 * arrays hold each entry's swept box; grid_box_row fills them cell by cell,
 * the first time a query reaches a cell after a build. Copying every box
 * during the scatter instead cost three times the counting sort itself (five
 * scattered write streams per cell instead of one), and a few probes reach a
 * few cells only.
 *
 * Positions outside the grid are clamped to its border cells. Clamping keeps
 * every mapping monotonic, so the broadphase stays conservative for objects
 * anywhere, at the price of crowded border cells for objects far out; the grid
 * normally covers the playfield plus its cull margin.
 *
 * Capacities: item_cap slots per build and entry_cap cell entries. An item that
 * does not fit is refused whole, never half inserted, counted in refused, and
 * (below item_cap) listed in spill. Lower slots win, so the outcome is
 * deterministic, and queries test spilled items one by one: running out of
 * entries costs time, never a missed collision.
 */
#ifndef CURTAIN_SIM_GRID_H
#define CURTAIN_SIM_GRID_H

#include "sim/circle_set.h"

#include <stdint.h>

#define GRID_NONE      0xFFFFFFFFu /* item_cell: the slot is not in the grid (dead or refused) */
#define GRID_MULTI     0xFFFFFFFEu /* item_cell: a large item, in every cell it touches */
/* Every box is widened by this much (px) before it is mapped to cells, so that
 * pairs the narrowphase finds touching after float rounding still share a cell. */
#define GRID_PAD       (1.0f / 64.0f)
/* Spare entries after the last one: a reader may scan whole groups of this many
 * entries past the end of a row (the values there are finite, their flags are
 * dropped). */
#define GRID_SLACK     16
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
    float loose;            /* the largest half-extent of a small (one-entry) item */
    int cols, rows;
    int item_cap, entry_cap;
    uint32_t *start; /* cols * rows + 1 offsets: cell c holds entry[start[c] .. start[c+1]) */
    uint32_t *entry; /* item indices, cell after cell, ascending within a cell */
    /* Each entry's swept box, as circle_set_bounds gives it, in entry order,
     * with GRID_SLACK spare entries after the last; valid in the cells whose
     * cell_boxed is set (grid_box_row). */
    float *box_x0, *box_y0, *box_x1, *box_y1;
    uint8_t *cell_boxed; /* per cell: boxes filled since the build */
    uint32_t *item_cell; /* per slot: its cell, GRID_MULTI or GRID_NONE */
    uint32_t *spill;     /* live slots below item_cap the last build refused, ascending */
    /* What the last build did. */
    int items;   /* slots it read (the set's count, at most item_cap) */
    int placed;  /* live items it placed */
    int multi;   /* of those, large items (GRID_MULTI) */
    int entries; /* entries it wrote */
    int refused; /* live items it refused: beyond item_cap or entry_cap */
    int spilled; /* of those, the ones listed in spill (below item_cap) */
} grid;

typedef struct grid_config {
    float x0, y0, w, h; /* the area covered: top-left corner and size (px) */
    float cell;         /* cell side (px) */
    float loose;        /* largest half-extent of a small item (px), >= 0 */
    int item_cap;       /* most slots a build reads */
    int entry_cap;      /* most cell entries a build writes */
} grid_config;

/* Allocates a grid of cell-sized squares over the area. Returns 0, or -1 on bad
 * sizes or out of memory (g is then empty; grid_free is still safe). */
int grid_init(grid *g, const grid_config *cfg);
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

/* The cells a box grown by `grow` touches. */
static inline grid_range grid_range_grown(const grid *g, circle_box b, float grow)
{
    grid_range q = {grid_col(g, b.x0 - grow), grid_row(g, b.y0 - grow), grid_col(g, b.x1 + grow),
                    grid_row(g, b.y1 + grow)};
    return q;
}

/* The cells a large item with this box is stored in (the box widened by GRID_PAD). */
static inline grid_range grid_range_of(const grid *g, circle_box b)
{
    return grid_range_grown(g, b, GRID_PAD);
}

/* The cells a query with this box walks: the box grown by loose + GRID_PAD. */
static inline grid_range grid_query_range(const grid *g, circle_box b)
{
    return grid_range_grown(g, b, g->loose + GRID_PAD);
}

/* Fills the entry boxes of cells x0 .. x1 of row cy that are not filled yet
 * since the build (s: the set it was built from). */
void grid_box_row(grid *g, const circle_set *s, int cy, int x0, int x1);

/* The largest half-extent among the small items of the last build (at most
 * loose; 0 without any). A query that knows it can grow its box by that, plus
 * GRID_PAD, instead of by loose: bullet-vs-bullet does, walking fewer cells
 * when no bullet is as large as loose allows. */
float grid_small_extent(const grid *g, const circle_set *s);

/* The cells item i of the set the grid was built from is stored in (placed
 * items only): its one cell, or for a large item every cell its box touches. */
grid_range grid_item_range(const grid *g, const circle_set *s, uint32_t i);

/* The entries of cell (cx, cy): *count indices, ascending. */
static inline const uint32_t *grid_cell(const grid *g, int cx, int cy, int *count)
{
    int c = cy * g->cols + cx;
    *count = (int)(g->start[c + 1] - g->start[c]);
    return g->entry + g->start[c];
}

/* The entries of cells x0 .. x1 of row cy: positions [*first, *end) of entry[]
 * and the box_* arrays. */
static inline void grid_row_span(const grid *g, int cy, int x0, int x1, uint32_t *first,
                                 uint32_t *end)
{
    *first = g->start[cy * g->cols + x0];
    *end = g->start[cy * g->cols + x1 + 1];
}

/* The column of the cell holding entry position k, in a row whose cells x0 .. x1
 * hold it (a binary search of the offsets). */
int grid_entry_col(const grid *g, int cy, int x0, int x1, uint32_t k);

/* A query walking range a meets a large item stored in range b in every cell of
 * their overlap; this is true in exactly one of them (the overlap's top-left
 * cell), where the meeting is reported. */
static inline int grid_first_meeting(grid_range a, grid_range b, int cx, int cy)
{
    return cx == (a.x0 > b.x0 ? a.x0 : b.x0) && cy == (a.y0 > b.y0 ? a.y0 : b.y0);
}

#endif
