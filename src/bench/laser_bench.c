/*
 * laser_bench: `curtain bench lasers`. See laser_bench.h and docs/bench.md.
 *
 * Both sides run the same lasers from the same seed: the engine's pool, swept
 * collision and mesh, and the naive baseline (its objects come from malloc
 * directly: the allocator's layout is part of what it stands for). Durations
 * are medians over the frames measured.
 */
#include "bench/laser_bench.h"

#include "bench/bench_scene.h"

#include "core/clock.h"
#include "core/mem.h"
#include "core/rng.h"
#include "core/trig.h"
#include "render/atlas.h"
#include "render/laser_mesh.h"
#include "render/sprite_blit.h"
#include "sim/grid.h"
#include "sim/laser_collision.h"
#include "sim/playfield.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define LB_NODES     BENCH_SCENE_LASER_NODES
#define LB_FRAMES    240
#define LB_WARMUP    70 /* frames before measuring: bodies full */
#define LB_FAR       1.0e7f
#define LB_GRID_CELL 128.0f /* the grid variant's cell side and loose half-extent (px) */

/* ---- the naive baseline ---- */

/* One laser, one heap object: its motion and, for a curvy one, its own array
 * of nodes, head first, shifted by one every frame. */
typedef struct naive_laser {
    int curvy;
    float x, y;
    double heading, spin, speed;
    float length, width;
    int nodes;
    float *nx, *ny;         /* curvy: LB_NODES each */
    float px, py, pex, pey; /* straight: the beam before this frame */
} naive_laser;

typedef struct naive_set {
    naive_laser **lasers;
    int count;
    float *vertices; /* x, y, u, v */
    int vertex_count;
} naive_set;

static void naive_update(naive_set *s)
{
    for (int k = 0; k < s->count; k++) {
        naive_laser *l = s->lasers[k];
        double sn, cs;
        trig_sincos(l->heading * TRIG_DEG2RAD, &sn, &cs);
        if (l->curvy) {
            l->x += (float)(sn * l->speed);
            l->y -= (float)(cs * l->speed);
            memmove(l->nx + 1, l->nx, (size_t)(LB_NODES - 1) * sizeof(float));
            memmove(l->ny + 1, l->ny, (size_t)(LB_NODES - 1) * sizeof(float));
            l->nx[0] = l->x, l->ny[0] = l->y;
            if (l->nodes < LB_NODES)
                l->nodes++;
        } else {
            l->px = l->x, l->py = l->y;
            l->pex = l->x + (float)sn * l->length, l->pey = l->y - (float)cs * l->length;
        }
        l->heading += l->spin;
    }
}

/* Every segment of every laser, swept against the probe (no bounds first). */
static int naive_collide(const naive_set *s, const laser_probe *q, int *grazes)
{
    int hits = 0;
    *grazes = 0;
    for (int k = 0; k < s->count; k++) {
        const naive_laser *l = s->lasers[k];
        int hit = 0, graze = 0;
        float half = 0.5f * l->width;
        if (l->curvy) {
            for (int j = 0; j + 1 < l->nodes; j++) {
                float d2 =
                    laser_collision_seg_dist2(q->x - q->dx, q->y - q->dy, q->x, q->y, l->nx[j],
                                              l->ny[j], l->nx[j + 1], l->ny[j + 1]);
                float g = q->graze_radius + half, h = q->hit_radius + half;
                graze |= d2 <= g * g;
                hit |= d2 <= h * h;
            }
        } else {
            double sn, cs;
            trig_sincos(l->heading * TRIG_DEG2RAD, &sn, &cs);
            float c0[2] = {q->x - q->dx, q->y - q->dy}, dc[2] = {q->dx, q->dy};
            float a0[2] = {l->px, l->py}, b0[2] = {l->pex, l->pey};
            float ma[2] = {l->x - l->px, l->y - l->py};
            float mb[2] = {l->x + (float)sn * l->length - l->pex,
                           l->y - (float)cs * l->length - l->pey};
            graze = laser_collision_capsule(c0, dc, q->graze_radius, a0, b0, ma, mb, half);
            hit = laser_collision_capsule(c0, dc, q->hit_radius, a0, b0, ma, mb, half);
        }
        hits += hit;
        *grazes += graze;
    }
    return hits;
}

static void naive_vertex(naive_set *s, float x, float y, float u)
{
    float *v = s->vertices + 4 * s->vertex_count++;
    v[0] = x, v[1] = y, v[2] = u, v[3] = 0.5f;
}

/* Two vertices a node, each node's normal from its neighbours with its own sqrt. */
static void naive_vertices(naive_set *s)
{
    s->vertex_count = 0;
    for (int k = 0; k < s->count; k++) {
        const naive_laser *l = s->lasers[k];
        if (!l->curvy) {
            double sn, cs;
            trig_sincos(l->heading * TRIG_DEG2RAD, &sn, &cs);
            float nx = (float)cs * l->width, ny = (float)sn * l->width;
            float ex = l->x + (float)sn * l->length, ey = l->y - (float)cs * l->length;
            naive_vertex(s, l->x - nx, l->y - ny, 0), naive_vertex(s, l->x + nx, l->y + ny, 1);
            naive_vertex(s, ex - nx, ey - ny, 0), naive_vertex(s, ex + nx, ey + ny, 1);
            continue;
        }
        for (int j = 0; j < l->nodes; j++) {
            int a = j > 0 ? j - 1 : 0, b = j + 1 < l->nodes ? j + 1 : j;
            float tx = l->nx[a] - l->nx[b], ty = l->ny[a] - l->ny[b];
            float len = sqrtf(tx * tx + ty * ty);
            float nx = len > 0 ? -ty / len * l->width : 0, ny = len > 0 ? tx / len * l->width : 0;
            naive_vertex(s, l->nx[j] - nx, l->ny[j] - ny, 0);
            naive_vertex(s, l->nx[j] + nx, l->ny[j] + ny, 1);
        }
    }
}

static void naive_free(naive_set *s)
{
    for (int k = 0; s->lasers && k < s->count; k++) {
        if (s->lasers[k]) {
            free(s->lasers[k]->nx);
            free(s->lasers[k]->ny);
        }
        free(s->lasers[k]);
    }
    free(s->lasers);
    free(s->vertices);
    memset(s, 0, sizeof *s);
}

/* ---- the grid variant of collide ---- */

/* The broadphase the bullets use (sim/grid), built every frame from the
 * lasers: each one's frame box (box_*) grown by half its width, given in
 * circle_set's form (a circle of that radius swept from one corner of the box
 * to the other), so that the build stores it in every cell the box touches,
 * or once when it is small; the probe's path box grown by its reach is
 * queried, and the lasers its cells hold go through the same tests as the
 * linear pass (laser_collision_player_among). The copy into circle_set's
 * arrays is the variant's cost too: the pool keeps no such arrays. */
typedef struct lb_grid {
    grid g;
    float *x, *y, *r, *dx, *dy;
    uint64_t *among;
} lb_grid;

static int lb_grid_init(lb_grid *G, int n)
{
    memset(G, 0, sizeof *G);
    grid_config cfg = {-PLAYFIELD_CULL_MARGIN,
                       -PLAYFIELD_CULL_MARGIN,
                       PLAYFIELD_W + 2 * PLAYFIELD_CULL_MARGIN,
                       PLAYFIELD_H + 2 * PLAYFIELD_CULL_MARGIN,
                       LB_GRID_CELL,
                       LB_GRID_CELL,
                       n,
                       n * 256};
    size_t slots = ((size_t)n + 63) / 64 * 64;
    G->x = calloc(slots, sizeof(float)), G->y = calloc(slots, sizeof(float));
    G->r = calloc(slots, sizeof(float)), G->dx = calloc(slots, sizeof(float));
    G->dy = calloc(slots, sizeof(float)), G->among = calloc(slots / 64, sizeof(uint64_t));
    if (!G->x || !G->y || !G->r || !G->dx || !G->dy || !G->among)
        return -1;
    return grid_init(&G->g, &cfg);
}

static void lb_grid_free(lb_grid *G)
{
    grid_free(&G->g);
    free(G->x), free(G->y), free(G->r), free(G->dx), free(G->dy), free(G->among);
    memset(G, 0, sizeof *G);
}

static void lb_grid_collide(lb_grid *G, const laser_pool *p, const laser_probe *q,
                            collision_list *hits, collision_list *grazes)
{
    uint32_t end = laser_pool_slot_end(p);
    for (uint32_t i = 0; i < end; i++) {
        G->r[i] = 0.5f * p->width[i];
        G->x[i] = p->box_x1[i], G->y[i] = p->box_y1[i];
        G->dx[i] = p->box_x1[i] - p->box_x0[i], G->dy[i] = p->box_y1[i] - p->box_y0[i];
    }
    circle_set s = {G->x, G->y, G->r, G->dx, G->dy, p->alive, NULL, 0, (int)end};
    grid_build(&G->g, &s);
    memset(G->among, 0, laser_pool_block_end(p) * sizeof(uint64_t));
    float big = q->graze_radius > q->hit_radius ? q->graze_radius : q->hit_radius;
    circle_box b = circle_bounds(q->x, q->y, big, q->x - q->dx, q->y - q->dy);
    grid_range R = grid_query_range(&G->g, b);
    for (int cy = R.y0; cy <= R.y1; cy++)
        for (int cx = R.x0; cx <= R.x1; cx++) {
            int count;
            const uint32_t *e = grid_cell(&G->g, cx, cy, &count);
            for (int k = 0; k < count; k++)
                G->among[e[k] / 64] |= 1ull << (e[k] % 64);
        }
    for (int k = 0; k < G->g.spilled; k++)
        G->among[G->g.spill[k] / 64] |= 1ull << (G->g.spill[k] % 64);
    laser_collision_player_among(p, G->among, q, hits, grazes);
}

/* ---- the scene ---- */

typedef struct lb_ctx {
    laser_pool pool;
    laser_mesh mesh;
    collision_list hits, grazes, check_hits, check_grazes;
    naive_set naive;
    lb_grid grid;
    int curvy, straight;
} lb_ctx;

static int lb_init(lb_ctx *x, int curvy, int straight)
{
    memset(x, 0, sizeof *x);
    x->curvy = curvy, x->straight = straight;
    int n = curvy + straight;
    if (laser_pool_init(&x->pool, (uint32_t)n, LB_NODES + 1) != 0 ||
        laser_mesh_init(&x->mesh, curvy * LB_NODES * 2 + straight * 4 + 4, LB_NODES + 1) != 0 ||
        collision_list_init(&x->hits, n) != 0 || collision_list_init(&x->grazes, n) != 0 ||
        collision_list_init(&x->check_hits, n) != 0 ||
        collision_list_init(&x->check_grazes, n) != 0 || lb_grid_init(&x->grid, n) != 0)
        return -1;
    laser_pool_set_cull_rect(&x->pool, -LB_FAR, -LB_FAR, LB_FAR, LB_FAR);
    x->naive.lasers = calloc((size_t)n, sizeof *x->naive.lasers);
    x->naive.vertices = malloc(((size_t)curvy * LB_NODES * 2 + (size_t)straight * 4) * 16);
    if (!x->naive.lasers || !x->naive.vertices)
        return -1;
    rng r;
    rng_seed(&r, 2026);
    for (int k = 0; k < n; k++) {
        int is_curvy = k < curvy; /* curvy first, then straight: both sides the same */
        laser_spawn s = bench_scene_laser(&r, is_curvy);
        laser_pool_spawn(&x->pool, &s);
        naive_laser *l = calloc(1, sizeof *l);
        if (!l)
            return -1;
        x->naive.lasers[x->naive.count++] = l;
        *l = (naive_laser){is_curvy, s.x,  s.y,  s.heading, s.spin, s.speed, s.length, s.width,
                           1,        NULL, NULL, s.x,       s.y,    s.x,     s.y};
        if (is_curvy) {
            l->nx = calloc(LB_NODES, sizeof(float));
            l->ny = calloc(LB_NODES, sizeof(float));
            if (!l->nx || !l->ny)
                return -1;
            l->nx[0] = s.x, l->ny[0] = s.y;
        }
    }
    return 0;
}

static void lb_free(lb_ctx *x)
{
    laser_pool_free(&x->pool);
    laser_mesh_free(&x->mesh);
    collision_list_free(&x->hits);
    collision_list_free(&x->grazes);
    collision_list_free(&x->check_hits);
    collision_list_free(&x->check_grazes);
    naive_free(&x->naive);
    lb_grid_free(&x->grid);
}

/* The player on frame f: a slow circle round the middle of the field, focused. */
static laser_probe lb_probe(int f)
{
    double s0, c0, s1, c1;
    trig_sincos(f * 0.05, &s0, &c0);
    trig_sincos((f - 1) * 0.05, &s1, &c1);
    float x = 192 + 80 * (float)c0, y = 300 + 60 * (float)s0;
    float px = 192 + 80 * (float)c1, py = 300 + 60 * (float)s1;
    return (laser_probe){x, y, x - px, y - py, 2.5f, 20.0f};
}

typedef struct lb_times {
    double update, collide, vertices, frame;
    uint64_t hits, grazes;
    uint64_t differ; /* the grid side: frames whose lists differ from the linear pass's */
} lb_times;

static double lb_median(double *v, int n)
{
    return bench_summarize(v, n).p50;
}

/* Whether the linear pass finds other hits or grazes than the grid variant
 * just did (in x->hits and x->grazes). */
static int lb_check_grid(lb_ctx *x, const laser_probe *q)
{
    collision_list *l = &x->check_hits, *g = &x->check_grazes;
    collision_list_clear(l);
    collision_list_clear(g);
    laser_collision_player(&x->pool, q, l, g);
    return l->count != x->hits.count || g->count != x->grazes.count ||
           memcmp(l->index, x->hits.index, (size_t)l->count * sizeof *l->index) != 0 ||
           memcmp(g->index, x->grazes.index, (size_t)g->count * sizeof *g->index) != 0;
}

/* The sides measured: the engine, the naive baseline, the engine with the
 * grid variant of collide. */
enum {
    LB_ENGINE,
    LB_NAIVE,
    LB_GRID
};

/* Runs `frames` frames after the warm-up on one side; medians per phase. */
static lb_times lb_measure(lb_ctx *x, int side, int frames)
{
    int naive = side == LB_NAIVE;
    double *t[4];
    for (int k = 0; k < 4; k++)
        t[k] = malloc((size_t)frames * sizeof(double));
    lb_times out = {0};
    for (int f = -LB_WARMUP; f < frames; f++) {
        laser_probe q = lb_probe(f);
        uint64_t t0 = clock_now_ns();
        if (naive)
            naive_update(&x->naive);
        else
            laser_pool_update(&x->pool);
        uint64_t t1 = clock_now_ns();
        int hits, grazes;
        if (naive) {
            hits = naive_collide(&x->naive, &q, &grazes);
        } else {
            collision_list_clear(&x->hits);
            collision_list_clear(&x->grazes);
            if (side == LB_GRID)
                lb_grid_collide(&x->grid, &x->pool, &q, &x->hits, &x->grazes);
            else
                laser_collision_player(&x->pool, &q, &x->hits, &x->grazes);
            hits = x->hits.count, grazes = x->grazes.count;
        }
        uint64_t t2 = clock_now_ns();
        if (naive)
            naive_vertices(&x->naive);
        else
            laser_mesh_build(&x->mesh, &x->pool);
        uint64_t t3 = clock_now_ns();
        if (side == LB_GRID) /* the same lists as the linear pass, checked untimed */
            out.differ += lb_check_grid(x, &q);
        if (f < 0 || !t[0] || !t[1] || !t[2] || !t[3])
            continue;
        t[0][f] = (double)(t1 - t0), t[1][f] = (double)(t2 - t1), t[2][f] = (double)(t3 - t2);
        t[3][f] = (double)(t3 - t0);
        out.hits += (uint64_t)hits, out.grazes += (uint64_t)grazes;
    }
    if (t[0] && t[1] && t[2] && t[3]) {
        out.update = lb_median(t[0], frames), out.collide = lb_median(t[1], frames);
        out.vertices = lb_median(t[2], frames), out.frame = lb_median(t[3], frames);
    }
    for (int k = 0; k < 4; k++)
        free(t[k]);
    bench_consume((uint64_t)x->mesh.vertex_count + (uint64_t)x->naive.vertex_count);
    return out;
}

/* ---- the CPU rasterizer ---- */

#define LB_BLIT_REPS 31

/* The software renderer's laser path (laser_mesh_blit) on a tenth of the
 * scene after its warm-up, onto a field-sized target: the median of
 * LB_BLIT_REPS draws with the scalar spans and with the SIMD ones (the
 * blitter's choice), in ms; *same: whether both drew the same pixels. The
 * atlas is a stand-in of the real one's size (a ramp of opaque texels): the
 * rasterizer's work does not depend on the texels. */
static int lb_blit(double ms[2], int *same, sprite_blit_isa *isa)
{
    lb_ctx x;
    int rc = -1, w = (int)PLAYFIELD_W, h = (int)PLAYFIELD_H;
    size_t texels = (size_t)atlas_width() * (size_t)atlas_height();
    uint32_t *art = malloc(texels * 4),
             *pix[2] = {malloc((size_t)w * h * 4), malloc((size_t)w * h * 4)};
    double *t = malloc(LB_BLIT_REPS * sizeof(double));
    sprite_blit_atlas a = {0};
    *isa = sprite_blit_get_isa();
    if (lb_init(&x, 100, 200) != 0 || !art || !pix[0] || !pix[1] || !t)
        goto done;
    for (size_t k = 0; k < texels; k++)
        art[k] =
            0xff000000u | (uint32_t)(k * 37 % 256) << 16 | (uint32_t)(k * 11 % 256) << 8 | 200u;
    if (sprite_blit_atlas_init(&a, art, atlas_width(), atlas_height(), atlas_width()) != 0)
        goto done;
    for (int f = 0; f < LB_WARMUP; f++)
        laser_pool_update(&x.pool);
    laser_mesh_build(&x.mesh, &x.pool);
    sprite_blit_target tg = {NULL, w, h, w, 0, 0};
    for (int side = 0; side < 2; side++) {
        sprite_blit_set_isa(side == 0 ? SPRITE_BLIT_SCALAR : *isa);
        tg.pixels = pix[side];
        for (int r = 0; r < LB_BLIT_REPS; r++) {
            memset(pix[side], 0, (size_t)w * h * 4);
            uint64_t t0 = clock_now_ns();
            laser_mesh_blit(&x.mesh, &a, &tg);
            t[r] = (double)(clock_now_ns() - t0);
        }
        ms[side] = lb_median(t, LB_BLIT_REPS) / 1e6;
    }
    sprite_blit_set_isa(*isa);
    *same = memcmp(pix[0], pix[1], (size_t)w * h * 4) == 0;
    rc = 0;
done:
    sprite_blit_atlas_free(&a);
    lb_free(&x);
    free(art), free(pix[0]), free(pix[1]), free(t);
    return rc;
}

static void lb_row(bench_table *t, const char *label, double ns, double naive_ns, double lasers,
                   double nodes)
{
    bench_table_row(t, label);
    bench_table_value(t, ns / 1e6);
    bench_table_value(t, ns / lasers);
    bench_table_value(t, ns / nodes);
    bench_table_value(t, naive_ns / 1e6);
    bench_table_value(t, naive_ns / ns);
}

int laser_bench_run(bench *b)
{
    bench_begin_scenario(b, "lasers",
                         "lasers: 1,000 curvy x 64 nodes + 2,000 straight, update + collide "
                         "(swept, graze) + vertices, vs one heap object per laser");
    int scale = b->quick ? 10 : 1, frames = b->quick ? 30 : LB_FRAMES;
    lb_ctx x;
    if (lb_init(&x, 1000 / scale, 2000 / scale) != 0) {
        lb_free(&x);
        fprintf(b->out, "lasers: out of memory\n");
        return -1;
    }
    lb_times engine = lb_measure(&x, LB_ENGINE, frames);
    lb_times naive = lb_measure(&x, LB_NAIVE, frames);
    lb_times gridded = lb_measure(&x, LB_GRID, frames);
    double lasers = x.curvy + x.straight;
    double nodes = (double)x.curvy * LB_NODES + 2.0 * x.straight;
    static const bench_column cols[] = {
        {"engine", "ms", 3, BENCH_LOWER_BETTER},   {"per laser", "ns", 1, BENCH_LOWER_BETTER},
        {"per node", "ns", 2, BENCH_LOWER_BETTER}, {"naive", "ms", 3, BENCH_LOWER_BETTER},
        {"vs naive", "x", 1, BENCH_HIGHER_BETTER},
    };
    char title[160];
    snprintf(title, sizeof title,
             "%d curvy lasers x %d nodes + %d straight, one core (median of %d frames)", x.curvy,
             LB_NODES, x.straight, frames);
    bench_table t;
    bench_table_begin(&t, b, "frame", title, cols, 5, 12);
    lb_row(&t, "update", engine.update, naive.update, lasers, nodes);
    lb_row(&t, "collide", engine.collide, naive.collide, lasers, nodes);
    lb_row(&t, "collide grid", gridded.collide, naive.collide, lasers, nodes);
    lb_row(&t, "vertices", engine.vertices, naive.vertices, lasers, nodes);
    lb_row(&t, "frame", engine.frame, naive.frame, lasers, nodes);
    bench_table_end(&t);
    bench_record(b, "lasers/frame/hits/engine", (double)engine.hits, "hits", BENCH_NEUTRAL);
    bench_record(b, "lasers/frame/hits/naive", (double)naive.hits, "hits", BENCH_NEUTRAL);
    bench_note(b,
               "hits %llu vs naive %llu, grazes %llu vs %llu over the frames (the naive test "
               "has no taper: a few more)",
               (unsigned long long)engine.hits, (unsigned long long)naive.hits,
               (unsigned long long)engine.grazes, (unsigned long long)naive.grazes);
    double blit_ms[2];
    int blit_same = 0;
    sprite_blit_isa isa;
    if (lb_blit(blit_ms, &blit_same, &isa) == 0) {
        static const bench_column bcols[] = {
            {"scalar", "ms", 3, BENCH_LOWER_BETTER},
            {"simd", "ms", 3, BENCH_LOWER_BETTER},
            {"speed-up", "x", 2, BENCH_HIGHER_BETTER},
        };
        bench_table bt;
        char btitle[160];
        snprintf(btitle, sizeof btitle,
                 "CPU rasterizer (laser_mesh_blit), 100 curvy + 200 straight, %dx%d target, "
                 "simd = %s, median of %d",
                 (int)PLAYFIELD_W, (int)PLAYFIELD_H, sprite_blit_isa_name(isa), LB_BLIT_REPS);
        bench_table_begin(&bt, b, "blit", btitle, bcols, 3, 12);
        bench_table_row(&bt, "blit");
        bench_table_value(&bt, blit_ms[0]);
        bench_table_value(&bt, blit_ms[1]);
        bench_table_value(&bt, blit_ms[0] / blit_ms[1]);
        bench_table_end(&bt);
        bench_note(b, "blit: the scalar and the simd spans drew %s pixels",
                   blit_same ? "the same" : "DIFFERENT");
    }
    bench_note(b,
               "collide grid: sim/grid built every frame from the lasers' boxes (%g px cells), "
               "one query; %.2fx the linear pass's time, %llu frames with other lists than it",
               (double)LB_GRID_CELL, gridded.collide / engine.collide,
               (unsigned long long)gridded.differ);
    if (!b->quick)
        bench_note(b, "targets: whole laser frame <= 1 ms: %s (%.3f ms); >= 5x naive: %s (%.1fx)",
                   engine.frame <= 1e6 ? "met" : "MISSED", engine.frame / 1e6,
                   naive.frame >= 5 * engine.frame ? "met" : "MISSED", naive.frame / engine.frame);
    lb_free(&x);
    return 0;
}
