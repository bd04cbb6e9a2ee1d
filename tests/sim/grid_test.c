/* grid: the counting-sort build puts every live item where the loose grid says
 * (a small one in the cell of its box's centre, a large one in every cell its box
 * touches), ascending within a cell; a query's range finds every item whose box
 * overlaps it; caps refuse whole items, count and list them; the build allocates
 * nothing; init fails cleanly. */
#include "../check.h"
#include "core/mem.h"
#include "core/rng.h"
#include "sim/grid.h"

#include <stdlib.h>

#define MAXN 3000

static float xs[MAXN], ys[MAXN], rs[MAXN], dxs[MAXN], dys[MAXN];
static uint8_t flags[MAXN];
static uint64_t alive[MAXN / 64 + 1];

/* Whether cell (cx, cy) lies in the range. */
static int in_range(grid_range q, int cx, int cy)
{
    return cx >= q.x0 && cx <= q.x1 && cy >= q.y0 && cy <= q.y1;
}

/* The cells a box widened by `pad` touches, in double arithmetic, clamped: an
 * oracle independent of the float mapping of the build. */
static grid_range exact_range(const grid *g, circle_box b, double pad)
{
    const float box[4] = {b.x0, b.y0, b.x1, b.y1};
    double e[4];
    for (int k = 0; k < 4; k++) {
        double origin = (k & 1) ? g->y0 : g->x0;
        double max = (k & 1) ? g->rows - 1 : g->cols - 1;
        double v = floor(((double)box[k] + (k < 2 ? -pad : pad) - origin) / g->cell);
        e[k] = v < 0 ? 0 : v > max ? max : v;
    }
    return (grid_range){(int)e[0], (int)e[1], (int)e[2], (int)e[3]};
}

static int range_contains(grid_range outer, grid_range inner)
{
    return outer.x0 <= inner.x0 && outer.y0 <= inner.y0 && outer.x1 >= inner.x1 &&
           outer.y1 >= inner.y1;
}

/* The cell holding field point (x, y), in double arithmetic, clamped. */
static void exact_cell(const grid *g, double x, double y, int *cx, int *cy)
{
    double fx = floor((x - g->x0) / g->cell), fy = floor((y - g->y0) / g->cell);
    *cx = fx < 0 ? 0 : fx > g->cols - 1 ? g->cols - 1 : (int)fx;
    *cy = fy < 0 ? 0 : fy > g->rows - 1 ? g->rows - 1 : (int)fy;
}

/* Every live placed item is stored where the loose grid puts it, once per cell;
 * every cell is ascending; the counts add up. */
static void check_layout(const grid *g, const circle_set *s)
{
    int cells = g->cols * g->rows;
    CHECK_EQ_INT(g->start[0], 0);
    CHECK_EQ_INT(g->start[cells], g->entries);
    int *seen = calloc((size_t)s->count + 1, sizeof *seen);
    long expected_entries = 0;
    for (int cy = 0; cy < g->rows; cy++) {
        for (int cx = 0; cx < g->cols; cx++) {
            int n;
            const uint32_t *e = grid_cell(g, cx, cy, &n);
            for (int k = 0; k < n; k++) {
                int i = (int)e[k];
                CHECK(i >= 0 && i < s->count);
                CHECK(k == 0 || e[k - 1] < e[k]);
                CHECK(circle_set_live(s, i));
                CHECK(in_range(grid_item_range(g, s, (uint32_t)i), cx, cy));
                seen[i]++;
            }
        }
    }
    int placed = 0, multi = 0;
    for (int i = 0; i < s->count; i++) {
        if (i >= g->items || g->item_cell[i] == GRID_NONE) {
            CHECK_EQ_INT(seen[i], 0);
            continue;
        }
        circle_box box = circle_set_bounds(s, i);
        double hx = ((double)box.x1 - box.x0) / 2, hy = ((double)box.y1 - box.y0) / 2;
        grid_range q = grid_item_range(g, s, (uint32_t)i);
        int k = (q.x1 - q.x0 + 1) * (q.y1 - q.y0 + 1);
        if (g->item_cell[i] == GRID_MULTI) {
            /* large: not within half a cell, stored in every cell its box touches */
            CHECK(!(hx <= g->loose * 0.999 && hy <= g->loose * 0.999));
            CHECK(range_contains(q, exact_range(g, box, 0.0)));
            CHECK(range_contains(exact_range(g, box, 2.0 * GRID_PAD), q));
            multi++;
        } else {
            /* small: one cell, the one of its box's centre (give or take rounding) */
            CHECK(hx <= g->loose * 1.001 && hy <= g->loose * 1.001);
            CHECK_EQ_INT(k, 1);
            double mx = ((double)box.x0 + box.x1) / 2, my = ((double)box.y0 + box.y1) / 2;
            int lo_x, lo_y, hi_x, hi_y;
            exact_cell(g, mx - 1e-3, my - 1e-3, &lo_x, &lo_y);
            exact_cell(g, mx + 1e-3, my + 1e-3, &hi_x, &hi_y);
            CHECK(q.x0 >= lo_x && q.x0 <= hi_x && q.y0 >= lo_y && q.y0 <= hi_y);
        }
        CHECK_EQ_INT(seen[i], k);
        expected_entries += k;
        placed++;
    }
    CHECK_EQ_INT(expected_entries, g->entries);
    CHECK_EQ_INT(placed, g->placed);
    CHECK_EQ_INT(multi, g->multi);
    free(seen);
}

/* grid_box_row: the filled entries' boxes are their items' swept boxes (a row
 * filled in two overlapping calls, then all rows); the small extent is the
 * largest half-extent of a small item. */
static void check_boxes(grid *g, const circle_set *s)
{
    int mid = g->rows / 2;
    grid_box_row(g, s, mid, 2, 5);
    grid_box_row(g, s, mid, 0, g->cols - 1);
    for (int cy = 0; cy < g->rows; cy++)
        grid_box_row(g, s, cy, 0, g->cols - 1);
    int wrong = 0;
    for (int k = 0; k < g->entries; k++) {
        circle_box b = circle_set_bounds(s, (int)g->entry[k]);
        wrong += g->box_x0[k] != b.x0 || g->box_y0[k] != b.y0 || g->box_x1[k] != b.x1 ||
                 g->box_y1[k] != b.y1;
    }
    CHECK_EQ_INT(wrong, 0);
    double most = 0;
    for (int i = 0; i < g->items; i++) {
        if (g->item_cell[i] >= GRID_MULTI)
            continue;
        circle_box b = circle_set_bounds(s, i);
        double h = fmax(((double)b.x1 - b.x0) / 2, ((double)b.y1 - b.y0) / 2);
        most = fmax(most, h);
    }
    float extent = grid_small_extent(g, s);
    CHECK_NEAR(extent, most, 1e-4);
    CHECK(extent <= g->loose);
}

/* The broadphase promise: for query boxes anywhere, every placed item whose box
 * overlaps the query (in double arithmetic) is stored in some cell of the
 * query's range. */
static void check_queries(const grid *g, const circle_set *s, rng *r)
{
    int missed = 0;
    for (int t = 0; t < 40; t++) {
        circle_box q;
        q.x0 = rng_range(r, -100.0f, 480.0f);
        q.y0 = rng_range(r, -100.0f, 540.0f);
        q.x1 = q.x0 + rng_range(r, 0.0f, 60.0f);
        q.y1 = q.y0 + rng_range(r, 0.0f, 60.0f);
        grid_range walk = grid_query_range(g, q);
        for (int i = 0; i < g->items; i++) {
            if (g->item_cell[i] == GRID_NONE)
                continue;
            circle_box box = circle_set_bounds(s, i);
            if (box.x0 > q.x1 || box.x1 < q.x0 || box.y0 > q.y1 || box.y1 < q.y0)
                continue;
            grid_range at = grid_item_range(g, s, (uint32_t)i);
            missed += at.x1 < walk.x0 || at.x0 > walk.x1 || at.y1 < walk.y0 || at.y0 > walk.y1;
        }
    }
    CHECK_EQ_INT(missed, 0);
}

/* Random scenes: moving or not, with dead slots or not, some bullets huge and
 * some far outside the grid. */
static void grid_test_random_layouts(void)
{
    /* half a cell, and more than a cell: few or many items count as small */
    grid grids[2];
    CHECK(grid_init(&grids[0], &(grid_config){-32.0f, -32.0f, 448.0f, 512.0f, 16.0f, 8.0f, MAXN,
                                              16 * MAXN}) == 0);
    CHECK(grid_init(&grids[1], &(grid_config){-32.0f, -32.0f, 448.0f, 512.0f, 12.0f, 20.0f, MAXN,
                                              16 * MAXN}) == 0);
    rng r;
    rng_seed(&r, 7);
    for (int round = 0; round < 60; round++) {
        int n = (int)rng_below(&r, MAXN);
        int moving = round & 1, with_flags = (round >> 1) & 1;
        for (int i = 0; i < n; i++) {
            float spread = rng_below(&r, 20) == 0 ? 3000.0f : 0.0f; /* some far outside */
            xs[i] = rng_range(&r, -40.0f - spread, 424.0f + spread);
            ys[i] = rng_range(&r, -40.0f - spread, 488.0f + spread);
            float big = rng_below(&r, 30) == 0 ? 60.0f : 0.0f; /* some huge */
            rs[i] = rng_range(&r, 0.0f, 11.0f) + big;
            dxs[i] = rng_range(&r, -20.0f, 20.0f);
            dys[i] = rng_range(&r, -20.0f, 20.0f);
            flags[i] = (uint8_t)rng_below(&r, 4);
        }
        for (int w = 0; w <= MAXN / 64; w++) { /* three in four live */
            alive[w] = rng_next(&r);
            alive[w] |= rng_next(&r);
        }
        circle_set s = {.x = xs,
                        .y = ys,
                        .r = rs,
                        .dx = moving ? dxs : NULL,
                        .dy = moving ? dys : NULL,
                        .alive = (round >> 2) & 1 ? alive : NULL,
                        .flags = with_flags ? flags : NULL,
                        .skip_mask = 1,
                        .count = n};
        grid *g = &grids[round % 3 == 0];
        grid_build(g, &s);
        CHECK_EQ_INT(g->items, n);
        CHECK_EQ_INT(g->refused, 0);
        check_layout(g, &s);
        check_queries(g, &s, &r);
        check_boxes(g, &s);
    }
    grid_free(&grids[0]);
    grid_free(&grids[1]);
}

/* A circle on a cell border goes into one cell and is found from both sides; one
 * far outside lands in a border cell; a huge one covers many cells; zero items
 * is empty. */
static void grid_test_edges(void)
{
    grid g;
    CHECK(grid_init(&g, &(grid_config){0.0f, 0.0f, 160.0f, 160.0f, 16.0f, 8.0f, 16, 512}) == 0);
    CHECK_EQ_INT(g.cols, 10);
    CHECK_EQ_INT(g.rows, 10);
    float x[4] = {32.0f, -500.0f, 80.0f, 8.0f}, y[4] = {8.0f, 900.0f, 80.0f, 8.0f};
    float r[4] = {0.0f, 1.0f, 40.0f, 2.0f};
    circle_set s = {.x = x, .y = y, .r = r, .count = 4};
    grid_build(&g, &s);
    CHECK_EQ_INT(g.item_cell[0], 2); /* x = 32 is the left edge of column 2 */
    circle_box left = {20.0f, 4.0f, 31.99f, 12.0f}, right = {32.01f, 4.0f, 40.0f, 12.0f};
    CHECK(grid_query_range(&g, left).x1 >= 2);  /* a query left of the border finds it */
    CHECK(grid_query_range(&g, right).x0 <= 2); /* and one right of it */
    grid_range q1 = grid_item_range(&g, &s, 1);
    CHECK(q1.x0 == 0 && q1.x1 == 0 && q1.y0 == 9 && q1.y1 == 9); /* clamped to a corner cell */
    grid_range q2 = grid_item_range(&g, &s, 2);
    CHECK(q2.x0 == 2 && q2.x1 == 7 && q2.y0 == 2 && q2.y1 == 7); /* 36 cells */
    CHECK_EQ_INT(g.item_cell[3], 0);
    CHECK_EQ_INT(g.multi, 1);
    CHECK_EQ_INT(g.entries, 1 + 1 + 36 + 1);
    check_layout(&g, &s);

    s.count = 0;
    grid_build(&g, &s);
    CHECK_EQ_INT(g.entries, 0);
    CHECK_EQ_INT(g.placed, 0);
    check_layout(&g, &s);

    /* NaN positions do not crash: a large item clamped into one cell. */
    x[0] = NAN;
    y[0] = NAN;
    s.count = 1;
    grid_build(&g, &s);
    CHECK_EQ_INT(g.placed, 1);
    CHECK_EQ_INT(g.entries, 1);
    CHECK_EQ_INT(g.item_cell[0], GRID_MULTI);
    grid_free(&g);
}

/* All items in one cell: one run holding every index in order. */
static void grid_test_one_cell(void)
{
    grid g;
    CHECK(grid_init(&g, &(grid_config){0.0f, 0.0f, 64.0f, 64.0f, 32.0f, 16.0f, MAXN, MAXN}) == 0);
    for (int i = 0; i < MAXN; i++) {
        xs[i] = 40.0f + (float)(i % 7);
        ys[i] = 40.0f + (float)(i % 5);
        rs[i] = 3.0f;
    }
    circle_set s = {.x = xs, .y = ys, .r = rs, .count = MAXN};
    grid_build(&g, &s);
    int n;
    const uint32_t *e = grid_cell(&g, 1, 1, &n);
    CHECK_EQ_INT(n, MAXN);
    int ordered = 1;
    for (int i = 0; i < n; i++)
        ordered &= e[i] == (uint32_t)i;
    CHECK(ordered);
    grid_free(&g);
}

/* Over capacity: slots past item_cap and items whose entries no longer fit are
 * refused whole and counted; lower slots win. */
static void grid_test_caps(void)
{
    grid g;
    CHECK(grid_init(&g, &(grid_config){0.0f, 0.0f, 160.0f, 160.0f, 16.0f, 8.0f, 8, 10}) == 0);
    float x[12], y[12], r[12];
    for (int i = 0; i < 12; i++) {
        x[i] = 8.0f + 16.0f * (float)i;
        y[i] = 8.0f;
        r[i] = 1.0f;
    }
    r[2] = 20.0f; /* 3 x 2 cells */
    r[3] = 20.0f; /* 3 x 2 more: 1 + 1 + 6 + 6 > 10, refused */
    circle_set s = {.x = x, .y = y, .r = r, .count = 12};
    grid_build(&g, &s);
    CHECK_EQ_INT(g.items, 8);
    CHECK_EQ_INT(g.item_cell[3], GRID_NONE);
    CHECK(g.item_cell[4] != GRID_NONE);
    CHECK_EQ_INT(g.entries, 1 + 1 + 6 + 1 + 1); /* slots 0, 1, 2, 4, 5: full */
    CHECK_EQ_INT(g.item_cell[6], GRID_NONE);
    CHECK_EQ_INT(g.item_cell[7], GRID_NONE);
    CHECK_EQ_INT(g.refused, 1 + 2 + 4); /* slot 3; slots 6, 7; slots 8..11 past item_cap */
    CHECK_EQ_INT(g.spilled, 3);         /* the ones below item_cap are listed */
    CHECK(g.spill[0] == 3 && g.spill[1] == 6 && g.spill[2] == 7);
    check_layout(&g, &s);
    grid_free(&g);
}

/* Bad sizes are refused; out of memory at each allocation fails cleanly; builds
 * never allocate. */
static void grid_test_init_and_memory(void)
{
    grid g;
    CHECK(grid_init(&g, &(grid_config){0, 0, 100, 100, 0.0f, 0.0f, 10, 10}) == -1);
    CHECK(grid_init(&g, &(grid_config){0, 0, -1, 100, 8.0f, 4.0f, 10, 10}) == -1);
    CHECK(grid_init(&g, &(grid_config){0, 0, NAN, 100, 8.0f, 4.0f, 10, 10}) == -1);
    CHECK(grid_init(&g, &(grid_config){0, 0, 1e9f, 1e9f, 1.0f, 0.5f, 10, 10}) == -1);
    CHECK(grid_init(&g, &(grid_config){0, 0, 100, 100, 8.0f, 4.0f, -1, 10}) == -1);
    CHECK(grid_init(&g, &(grid_config){0, 0, 100, 100, 8.0f, -1.0f, 10, 10}) == -1);
    /* the Nth allocation fails, for every N until init needs no more */
    int64_t live = mem_live_blocks();
    uint64_t nth = 1;
    for (;; nth++) {
        mem_fail_at(nth);
        int rc = grid_init(&g, &(grid_config){0, 0, 100, 100, 8.0f, 4.0f, 10, 10});
        mem_fail_at(0);
        if (rc == 0)
            break;
        CHECK_EQ_INT(mem_live_blocks(), live);
    }
    CHECK(nth > 4);
    grid_free(&g);
    CHECK_EQ_INT(mem_live_blocks(), live);
    CHECK(grid_init(&g, &(grid_config){-32.0f, -32.0f, 448.0f, 512.0f, 16.0f, 8.0f, MAXN,
                                       4 * MAXN}) == 0);
    rng r;
    rng_seed(&r, 3);
    for (int i = 0; i < MAXN; i++) {
        xs[i] = rng_range(&r, 0.0f, 384.0f);
        ys[i] = rng_range(&r, 0.0f, 448.0f);
        rs[i] = rng_range(&r, 1.0f, 30.0f);
    }
    circle_set s = {.x = xs, .y = ys, .r = rs, .dx = dxs, .dy = dys, .count = MAXN};
    uint64_t allocs = mem_get_stats().allocs;
    for (int frame = 0; frame < 50; frame++)
        grid_build(&g, &s);
    CHECK_EQ_U64(mem_get_stats().allocs, allocs);
    grid_free(&g);
}

int main(void)
{
    grid_test_random_layouts();
    grid_test_edges();
    grid_test_one_cell();
    grid_test_caps();
    grid_test_init_and_memory();
    return check_done("sim.grid");
}
