/*
 * collision: the narrowphase and the queries the game asks every frame.
 *
 *   player vs enemy bullets     collision_player      hits, and grazes (once per bullet)
 *   bomb, cancel                collision_area_circle, collision_area_rect
 *   shots vs round enemies      collision_circles     (also: several hitboxes vs bullets)
 *   shots vs box enemies        collision_boxes
 *   bullet vs bullet            collision_self
 *
 * Items (bullets, shots) and probes (hitboxes, enemies) are plain
 * structure-of-arrays views (circle_set, box_set), so the pool, tests and
 * benchmarks feed them alike.
 *
 * Two paths answer every query: a straight sweep of every item against each
 * probe (a vectorized loop, nothing to build) and the grid broadphase (one
 * counting-sort build, then each probe walks only its cells). Both return exactly
 * the same results in the same order: probe after probe, items in ascending
 * index (tests hold them to a brute-force oracle). collision.path picks one;
 * COLLISION_AUTO, the default, chooses by the counts, with the crossover that
 * `curtain bench collide` measures (docs/bench.md, "Scenario `collide`", "Decisions").
 *
 * Every test is swept: a circle moving dx, dy this frame is tested along its
 * whole segment against the probe's own motion (relative motion, both in a
 * straight line), so a bullet faster than the hitbox is wide still hits. Only
 * the area queries (bomb, cancel) use the end-of-frame positions. Touching
 * counts: distance == sum of radii is a hit.
 *
 * Capacities, all fixed at init, refuse and count: a result that does not fit an
 * output list is counted in its `refused`; slots of a set past the context's
 * item_cap are ignored and their live ones counted in stats.refused; a grid
 * build that runs out of entries counts the items it refused there too and
 * tests them one by one, so that costs time but misses nothing.
 */
#ifndef CURTAIN_SIM_COLLISION_H
#define CURTAIN_SIM_COLLISION_H

#include "core/workers.h"
#include "sim/circle_set.h"
#include "sim/grid.h"

#include <math.h>
#include <stdint.h>

/* The default grid cell side and small-item half-extent (px). The loose limit
 * covers every bullet kind of sim/bullet_kind.h (radius up to 11) moving up to
 * 10 px a frame, and player shots (radius 4, 16 px a frame). */
#define COLLISION_DEFAULT_CELL  16.0f
#define COLLISION_DEFAULT_LOOSE 16.0f

/* COLLISION_AUTO's cost model, in ns, fitted to the crossovers `curtain bench
 * collide` measures (docs/bench.md, "Scenario `collide`", "Decisions"): a sweep costs SWEEP_NS per
 * item and probe; the grid costs GRID_FIXED_NS plus GRID_ITEM_NS per item to
 * build, and each probe's walk WALK_NS more than its sweep's own overhead. The
 * grid is taken when it is cheaper; bullet-vs-bullet takes it from
 * SELF_GRID_MIN bullets. Every path returns the same results in the same
 * order, so these constants change speed only, never what the game sees. */
#define COLLISION_SWEEP_NS      0.8
#define COLLISION_WALK_NS       100.0
#define COLLISION_GRID_FIXED_NS 2000.0
#define COLLISION_GRID_ITEM_NS  4.5
#define COLLISION_SELF_GRID_MIN 96
/* collision_player_workers splits a sweep over threads from this many item
 * slots (below, waking a thread costs more than it saves: docs/bench.md). */
#define COLLISION_SPLIT_MIN     32768

/* Bullet-vs-bullet's own bins (px): rows as tall as the grid's cells, columns
 * a quarter as wide, so that a bullet's candidates in a row are one stretch
 * that ends within 4 px of its reach (docs/bench.md, "Scenario `collide`", "Decisions"). */
#define COLLISION_SELF_CELL_W 4.0f
#define COLLISION_SELF_CELL_H 16.0f

/* Axis-aligned boxes (enemies with a box hitbox): centres, half extents, motion;
 * liveness as in circle_set. */
typedef struct box_set {
    const float *x, *y;    /* centres at the end of the frame */
    const float *hw, *hh;  /* half width, half height */
    const float *dx, *dy;  /* this frame's motion, or NULL */
    const uint64_t *alive; /* live-slot bitmap, or NULL */
    const uint8_t *flags;  /* per-slot flags, or NULL */
    uint8_t skip_mask;
    int count;
} box_set;

/* A fixed-capacity list of item indices, ascending. */
typedef struct collision_list {
    uint32_t *index;
    int count, cap;
    uint64_t refused; /* indices that did not fit since the last clear */
} collision_list;

/* (probe, item) for probe queries; (lower, higher item) for collision_self. */
typedef struct collision_pair {
    uint32_t a, b;
} collision_pair;

typedef struct collision_pairs {
    collision_pair *pair;
    int count, cap;
    uint64_t refused; /* pairs that did not fit since the last clear */
} collision_pairs;

typedef enum collision_path {
    COLLISION_AUTO,  /* choose by the counts (the engine's default) */
    COLLISION_SWEEP, /* test every item against each probe */
    COLLISION_GRID,  /* build the grid, walk each probe's cells */
} collision_path;

typedef struct collision_stats {
    uint64_t tests;   /* narrowphase (pair) tests */
    uint64_t sweeps;  /* probes answered by a sweep */
    uint64_t builds;  /* grid builds */
    uint64_t walks;   /* probes answered by a grid walk */
    uint64_t refused; /* live items refused: past item_cap, or out of grid entries */
} collision_stats;

typedef struct collision_config {
    int item_cap;       /* most slots of a set the grid takes (e.g. the pool's capacity) */
    int entry_cap;      /* grid entries; 0: 2 * item_cap */
    float cell;         /* grid cell side (px); 0: COLLISION_DEFAULT_CELL */
    float loose;        /* grid small-item half-extent (px); 0: COLLISION_DEFAULT_LOOSE */
    float x0, y0, w, h; /* area the grid covers; w == 0: the playfield plus its cull margin */
} collision_config;

/* One context per kind of item set (enemy bullets, player shots): its grid and
 * scratch space, allocated once. */
typedef struct collision {
    grid grid;
    uint32_t *scratch; /* item_cap + 1: one probe's candidates */
    collision_path path;
    collision_stats stats;
    /* collision_player_workers splits from this many item slots
     * (COLLISION_SPLIT_MIN at init; benchmarks lower it to time a split). */
    int split_min;
    /* collision_self's own bins over the grid's area (COLLISION_SELF_CELL_W x
     * _H; self_cols == 0: too many, it always walks the grid), each bin's run
     * of copies (self_start, cells + 1), the live items copied bin after bin
     * (self_item, centre, motion, radius: item_cap + GRID_SLACK each), and the
     * heads of its pair sort's buckets (item_cap + 1). */
    int self_cols, self_rows;
    float self_inv_w, self_inv_h;
    uint32_t *self_start, *self_item, *self_head;
    float *self_x, *self_y, *self_dx, *self_dy, *self_r;
} collision;

/* The player's hitbox and graze circle for collision_player. */
typedef struct collision_player_query {
    float x, y;        /* hitbox centre at the end of the frame */
    float dx, dy;      /* its motion this frame */
    float hit_r;       /* a bullet touching this circle hits */
    float graze_r;     /* a bullet touching this one grazes (normally > hit_r) */
    uint8_t *grazed;   /* per bullet slot; graze_bit is set when it grazes. NULL: none kept */
    uint8_t graze_bit; /* the bit of grazed[] that means "grazed already" */
} collision_player_query;

/* Allocates the grid and the scratch cfg asks for. Returns 0, or -1 on bad sizes
 * or out of memory (collision_free is still safe). */
int collision_init(collision *c, const collision_config *cfg);
void collision_free(collision *c);

/* Output lists of cap entries (refuse and count beyond): init returns 0, or -1
 * out of memory; clear empties a list and its refused count for the next frame. */
int collision_list_init(collision_list *l, int cap);
void collision_list_free(collision_list *l);
void collision_list_clear(collision_list *l);
int collision_pairs_init(collision_pairs *p, int cap);
void collision_pairs_free(collision_pairs *p);
void collision_pairs_clear(collision_pairs *p);

/* Players vs bullets, for `count` players (one or two): q[j], hits[j] and
 * grazes[j] belong to player j. Appends to hits[j] every live bullet touching
 * player j's hitbox at some moment of the frame, and to grazes[j] every live
 * bullet touching its graze circle whose graze bit is clear, setting that bit:
 * each bullet grazes once in its life (the pool clears the bit when the slot is
 * reused). Players are served in order, so with a shared bit a bullet grazes
 * the first player only. A graze refused for lack of room keeps its bit clear
 * and is reported on a later frame. hits or grazes may be NULL. */
void collision_player(collision *c, const circle_set *bullets, const collision_player_query *q,
                      int count, collision_list *hits, collision_list *grazes);

/* collision_player with each sweep split over a worker pool's threads
 * (core/workers.h) in ranges of the items: the same hits and grazes in the same
 * order, and the same graze bits, for any thread count. It splits when the
 * query sweeps (one or two players), the set has c->split_min slots or more
 * (COLLISION_SPLIT_MIN) and the pool has two threads or more; otherwise it is
 * collision_player. c's scratch holds each part's finds in its own range. */
void collision_player_workers(collision *c, workers *w, const circle_set *bullets,
                              const collision_player_query *q, int count, collision_list *hits,
                              collision_list *grazes);

/* The player's sweep in two halves, so that the screen can run where the
 * bullets' arrays are in cache already: the motion pass of game/world.c screens
 * each range of blocks right after moving it (the frame then reads the pool
 * once instead of twice). collision_player_screen sets, for the slots
 * [first, end) of s (first a multiple of 64), bit i % 64 of near[i / 64] when
 * slot i, live or not, may touch player q (the box step of every exact test,
 * against the larger of q's circles); bits of the range's last word past end
 * are cleared. collision_player_screened then appends exactly the hits and
 * grazes (and sets the graze bits) that collision_player would for that one
 * player on s, testing only the flagged slots below s->count, provided s's
 * positions, motion and radii are those the screen read; liveness and flags
 * are read now (a bomb between the two may have cancelled bullets). A set
 * past c's item_cap is clamped and counted as collision_player does. */
void collision_player_screen(const circle_set *s, const collision_player_query *q, uint32_t first,
                             uint32_t end, uint64_t *near);
void collision_player_screened(collision *c, const circle_set *s, const collision_player_query *q,
                               const uint64_t *near, collision_list *hits, collision_list *grazes);

/* A bomb: appends every live bullet whose circle touches the circle (x, y, r) now. */
void collision_area_circle(collision *c, const circle_set *bullets, float x, float y, float r,
                           collision_list *out);
/* A cancel: appends every live bullet whose circle touches the rectangle
 * [x0, x1] x [y0, y1] now (the whole field cancels everything on screen). */
void collision_area_rect(collision *c, const circle_set *bullets, float x0, float y0, float x1,
                         float y1, collision_list *out);

/* Many area circles against one set that does not change meanwhile (the
 * scripts' `for b in bullets near X Y radius R`, every query of a frame):
 * collision_area_prepare builds the grid from the set once, then each
 * collision_area_circle_prepared walks only its cells, with exactly
 * collision_area_circle's results in its order (ascending slots). Another
 * query of c in between (which may rebuild the grid) needs a new prepare. */
void collision_area_prepare(collision *c, const circle_set *bullets);
void collision_area_circle_prepared(collision *c, const circle_set *bullets, float x, float y,
                                    float r, collision_list *out);

/* Appends (probe, item) for every live probe circle and live item touching it
 * during the frame: shots vs round enemies, or several hitboxes vs bullets. */
void collision_circles(collision *c, const circle_set *items, const circle_set *probes,
                       collision_pairs *out);
/* The same with box probes: shots vs box enemies. */
void collision_boxes(collision *c, const circle_set *items, const box_set *probes,
                     collision_pairs *out);
/* Appends (a, b), a < b, for every two live items touching during the frame, in
 * (a, b) order. The grid path bins the items itself when all are small (see
 * "bullet vs bullet in bins" in collision.c); large items or too little room in
 * out send it through the grid, with the same results. */
void collision_self(collision *c, const circle_set *items, collision_pairs *out);

/* The path COLLISION_AUTO takes for `probes` probes against `items` items, and
 * for bullet-vs-bullet among `items` items. */
collision_path collision_choose(int items, int probes);
collision_path collision_choose_self(int items);

/*
 * The narrowphase, shared by every path (and by tests as the oracle), so the
 * paths agree bit for bit. (ex, ey) is the item's centre minus the probe's at the
 * end of the frame, (vx, vy) the item's motion minus the probe's: over the frame
 * the offset ran from e - v to e.
 */

/* Slack (px) of the swept box test, so that it never rejects what the exact
 * test would accept after rounding. */
#define COLLISION_PAD (1.0f / 64.0f)

/* The smallest squared distance between the two centres during the frame. */
static inline float collision_sweep_d2(float ex, float ey, float vx, float vy)
{
    float ev = ex * vx + ey * vy;
    float vv = vx * vx + vy * vy;
    float s = vv > 0.0f ? ev / vv : 0.0f; /* how far back along v the closest offset is */
    s = s > 0.0f ? s : 0.0f;
    s = s < 1.0f ? s : 1.0f;
    float qx = ex - s * vx, qy = ey - s * vy;
    return qx * qx + qy * qy;
}

/* The swept box test: the box the offset covers during the frame (centre e - v/2,
 * half extents |v|/2) comes within rx, ry of the probe's centre on each axis. A
 * dozen operations without a division or a branch: the first step of every
 * test, and exactly what the sweep's vector screen computes. */
static inline int collision_box_reach(float ex, float ey, float vx, float vy, float rx, float ry)
{
    float hx = 0.5f * vx, hy = 0.5f * vy;
    return (fabsf(ex - hx) <= rx + fabsf(hx) + COLLISION_PAD) &
           (fabsf(ey - hy) <= ry + fabsf(hy) + COLLISION_PAD);
}

/* Two circles whose radii add up to reach touch at some moment of the frame:
 * the box step, then the end of the frame (no division: most touching pairs
 * stop here), then the closest approach along the way. The closest approach is
 * never further than the end, so the middle step changes no answer except
 * where rounding would have put the minimum above the end point. */
static inline int collision_circle_touch(float ex, float ey, float vx, float vy, float reach)
{
    float rr = reach * reach;
    return collision_box_reach(ex, ey, vx, vy, reach, reach) &&
           (ex * ex + ey * ey <= rr || collision_sweep_d2(ex, ey, vx, vy) <= rr);
}

/* A circle of radius r touches a box of half extents hw, hh at some moment of the
 * frame (e, v: circle minus box centre, circle minus box motion). */
int collision_box_touch(float ex, float ey, float vx, float vy, float r, float hw, float hh);

/* Squared distance from (x, y) to the rectangle [x0, x1] x [y0, y1] (0 inside). */
static inline float collision_rect_d2(float x, float y, float x0, float y0, float x1, float y1)
{
    float ox = x0 - x > x - x1 ? x0 - x : x - x1;
    float oy = y0 - y > y - y1 ? y0 - y : y - y1;
    ox = ox > 0.0f ? ox : 0.0f;
    oy = oy > 0.0f ? oy : 0.0f;
    return ox * ox + oy * oy;
}

#endif
