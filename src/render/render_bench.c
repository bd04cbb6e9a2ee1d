/*
 * render_bench: `curtain bench render`. See render_bench.h and docs/bench.md.
 *
 * Every figure is a median of repetitions; nothing is allocated inside a timed
 * region (batches, atlases and targets are made first, and one untimed run
 * lets SDL grow its command queues before the timed ones).
 */
#include "render/render_bench.h"

#include "bench/bench_scene.h"
#include "core/clock.h"
#include "core/mem.h"
#include "core/rng.h"
#include "platform/window.h"
#include "render/atlas.h"
#include "render/bullet_view.h"
#include "render/field_view.h"
#include "render/frame_view.h"
#include "render/gl_sprites.h"
#include "render/laser_mesh.h"
#include "render/sprite_draw.h"
#include "sim/laser_pool.h"
#include "sim/playfield.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define RB_MAX_BULLETS 200000
#define RB_MAX_SIZES   5
#define RB_MAX_TARGETS 6
/* Stop repeating a measurement once it has run this long (after the minimum). */
#define RB_BUDGET_NS   600000000.0
/* A single run this slow is not repeated. */
#define RB_SLOW_NS     1500000000.0

static const int rb_sizes[RB_MAX_SIZES] = {1000, 10000, 50000, 100000, 200000};
static const char *const rb_size_names[RB_MAX_SIZES] = {"1k", "10k", "50k", "100k", "200k"};

/* The bullet mix: shape and weight (percent). Turning shapes make up 42%. */
static const struct {
    bullet_shape shape;
    int percent;
} rb_mix[] = {
    {BULLET_SHAPE_ORB_SMALL, 20}, {BULLET_SHAPE_ORB, 25},       {BULLET_SHAPE_RICE, 15},
    {BULLET_SHAPE_KUNAI, 8},      {BULLET_SHAPE_STAR, 5},       {BULLET_SHAPE_AMULET, 7},
    {BULLET_SHAPE_ARROW, 7},      {BULLET_SHAPE_DROP, 5},       {BULLET_SHAPE_ORB_LARGE, 4},
    {BULLET_SHAPE_BUBBLE, 2},     {BULLET_SHAPE_STAR_LARGE, 2},
};

/* Bullets as the pool keeps them: structure of arrays, and a draw order like
 * the pool's (oldest first, slots reused lowest first so neighbours swap, one
 * entry in four a hole left by a bullet that died). */
typedef struct rb_bullets {
    float *x, *y, *c, *s;
    uint8_t *shape, *color;
    uint32_t *order; /* n + n / 3 entries */
} rb_bullets;

/* Frees the arrays (any may be NULL). */
static void rb_bullets_free(rb_bullets *bl)
{
    mem_free(bl->x);
    mem_free(bl->y);
    mem_free(bl->c);
    mem_free(bl->s);
    mem_free(bl->shape);
    mem_free(bl->color);
    mem_free(bl->order);
}

/* n bullets of the mix spread over the field, random headings. */
static int rb_bullets_make(rb_bullets *bl, size_t n)
{
    const size_t order_len = n + n / 3;
    *bl =
        (rb_bullets){mem_alloc(n * 4), mem_alloc(n * 4), mem_alloc(n * 4),        mem_alloc(n * 4),
                     mem_alloc(n),     mem_alloc(n),     mem_alloc(order_len * 4)};
    if (!bl->x || !bl->y || !bl->c || !bl->s || !bl->shape || !bl->color || !bl->order) {
        rb_bullets_free(bl);
        return -1;
    }
    rng r;
    rng_seed(&r, 0x7e4d);
    for (size_t i = 0; i < n; i++) {
        bl->x[i] = rng_range(&r, 0.0f, PLAYFIELD_W);
        bl->y[i] = rng_range(&r, 0.0f, PLAYFIELD_H);
        float a = rng_range(&r, 0.0f, 6.2831853f);
        bl->c[i] = cosf(a);
        bl->s[i] = sinf(a);
        int pick = (int)rng_below(&r, 100), k = 0;
        while (pick >= rb_mix[k].percent) {
            pick -= rb_mix[k].percent;
            k++;
        }
        bl->shape[i] = (uint8_t)rb_mix[k].shape;
        bl->color[i] = (uint8_t)rng_below(&r, BULLET_COLOR_COUNT);
    }
    /* Every fourth entry a hole; slots in order but shuffled within runs of 16. */
    uint32_t next = 0;
    for (size_t k = 0; k < order_len; k++)
        bl->order[k] = k % 4 == 3 || next >= n ? SPRITE_BULLETS_SKIP : next++;
    for (size_t k = 0; k + 16 <= order_len; k += 16) {
        for (int i = 15; i > 0; i--) {
            uint32_t j = rng_below(&r, (uint32_t)i + 1), t = bl->order[k + i];
            bl->order[k + i] = bl->order[k + j];
            bl->order[k + j] = t;
        }
    }
    return 0;
}

/* The first n bullets through the pool-like order: n + n/3 entries, n of them
 * bullets (the shuffles stay within runs of 16, so the first n + n/3 entries hold
 * n bullets give or take a run). */
static sprite_bullets rb_ordered_view(const rb_bullets *bl, int n)
{
    return (sprite_bullets){n + n / 3, bl->x, bl->y, bl->c, bl->s, bl->shape, bl->color, bl->order,
                            NULL,      0,     0,     NULL,  NULL,  NULL,      0};
}

/* The first n bullets in array order. */
static sprite_bullets rb_view(const rb_bullets *bl, int n)
{
    return (sprite_bullets){n,    bl->x, bl->y, bl->c, bl->s, bl->shape, bl->color, NULL,
                            NULL, 0,     0,     NULL,  NULL,  NULL,      0};
}

/* The field's bullet layers, as the game has them. */
static int rb_batch_init(sprite_batch *b, sprite_batch_mode mode)
{
    const sprite_layer_spec layers[2] = {{SPRITE_BLEND_ALPHA, RB_MAX_BULLETS},
                                         {SPRITE_BLEND_ADD, RB_MAX_BULLETS}};
    if (sprite_batch_init(b, mode, layers, 2) != 0)
        return -1;
    sprite_batch_set_origin(b, FIELD_VIEW_X, FIELD_VIEW_Y);
    sprite_batch_set_additive(b, BULLET_SHAPE_BUBBLE, 1);
    return 0;
}

/* A measured thing: run(ctx) once per repetition, timed by the caller's clock. */
typedef double (*rb_run_fn)(void *ctx);

/* Median duration in ns of run(), after one untimed warm-up. */
static double rb_measure(const bench *b, rb_run_fn run, void *ctx)
{
    int min_reps = b->quick ? 1 : 3, max_reps = b->quick ? 1 : 9;
    double samples[9];
    int n = 0;
    double first = run(ctx), spent = 0.0;
    if (first > RB_SLOW_NS)
        return first;
    while (n < max_reps && (n < min_reps || spent < RB_BUDGET_NS)) {
        samples[n] = run(ctx);
        spent += samples[n];
        n++;
    }
    return bench_summarize(samples, n).p50;
}

typedef struct rb_build {
    sprite_batch *batch;
    sprite_bullets in;
} rb_build;

/* One timed build of the batch from the bullets. */
static double rb_run_build(void *ctx)
{
    rb_build *bd = ctx;
    uint64_t t0 = clock_now_ns();
    sprite_batch_clear(bd->batch);
    sprite_batch_add_bullets(bd->batch, &bd->in, 0, 1);
    uint64_t t1 = clock_now_ns();
    bench_consume((uint64_t)sprite_batch_count(bd->batch));
    return (double)(t1 - t0);
}

/* One back end: a renderer drawing into a 640x480 target like the game's. */
typedef struct rb_target {
    char name[48];
    SDL_Window *window;
    SDL_Renderer *renderer;
    SDL_Texture *canvas;  /* window renderers draw into it, as the game does */
    SDL_Surface *surface; /* the headless software renderer draws here */
    atlas_texture atlas;
    sprite_draw draws[SPRITE_DRAW_METHOD_COUNT];
    int ready[SPRITE_DRAW_METHOD_COUNT];
    sprite_draw_method game_method; /* what the game would choose */
} rb_target;

/* Frees whatever of the back end was made. */
static void rb_target_close(rb_target *t)
{
    for (int m = 0; m < SPRITE_DRAW_METHOD_COUNT; m++)
        if (t->ready[m])
            sprite_draw_free(&t->draws[m]);
    atlas_texture_unload(&t->atlas);
    if (t->canvas)
        SDL_DestroyTexture(t->canvas);
    if (t->renderer)
        SDL_DestroyRenderer(t->renderer);
    if (t->window)
        SDL_DestroyWindow(t->window);
    if (t->surface)
        SDL_FreeSurface(t->surface);
    memset(t, 0, sizeof *t);
}

/* Loads the atlas and prepares every method; 0 or -1 (reason printed). */
static int rb_target_prepare(bench *b, rb_target *t)
{
    char err[256];
    if (atlas_texture_load(&t->atlas, t->renderer, 1, err, sizeof err) != 0) {
        bench_note(b, "%s: skipped: %s", t->name, err);
        return -1;
    }
    SDL_Rect area = {FIELD_VIEW_X, FIELD_VIEW_Y, (int)PLAYFIELD_W, (int)PLAYFIELD_H};
    for (int m = 0; m < SPRITE_DRAW_METHOD_COUNT; m++)
        t->ready[m] = sprite_draw_init(&t->draws[m], t->renderer, &t->atlas, (sprite_draw_method)m,
                                       area, err, sizeof err) == 0;
    t->game_method = sprite_draw_method_for(t->renderer);
    const char *gl = SDL_strncmp(t->name, "opengl", 6) == 0 ? sprite_draw_gl_renderer() : NULL;
    if (gl)
        bench_note(b, "%s: GL_RENDERER %s", t->name, gl);
    return 0;
}

/* The software renderer on a plain surface: always available. */
static int rb_open_surface(bench *b, rb_target *t)
{
    memset(t, 0, sizeof *t);
    snprintf(t->name, sizeof t->name, "software-surface");
    t->surface =
        SDL_CreateRGBSurfaceWithFormat(0, LOGICAL_W, LOGICAL_H, 32, SDL_PIXELFORMAT_ARGB8888);
    t->renderer = t->surface ? SDL_CreateSoftwareRenderer(t->surface) : NULL;
    if (!t->renderer || rb_target_prepare(b, t) != 0) {
        rb_target_close(t);
        return -1;
    }
    return 0;
}

/* Render driver `index` in a hidden window, without vsync, batching on. */
static int rb_open_driver(bench *b, rb_target *t, int index)
{
    memset(t, 0, sizeof *t);
    SDL_RendererInfo info;
    if (SDL_GetRenderDriverInfo(index, &info) != 0)
        return -1;
    snprintf(t->name, sizeof t->name, "%s", info.name);
    t->window = SDL_CreateWindow("curtain bench", SDL_WINDOWPOS_UNDEFINED, SDL_WINDOWPOS_UNDEFINED,
                                 LOGICAL_W, LOGICAL_H, SDL_WINDOW_HIDDEN);
    /* Naming a driver turns SDL's render batching off unless the hint asks for it. */
    SDL_SetHint(SDL_HINT_RENDER_BATCHING, "1");
    t->renderer = t->window ? SDL_CreateRenderer(t->window, index, 0) : NULL;
    if (t->renderer)
        t->canvas = SDL_CreateTexture(t->renderer, SDL_PIXELFORMAT_ARGB8888,
                                      SDL_TEXTUREACCESS_TARGET, LOGICAL_W, LOGICAL_H);
    if (!t->canvas) {
        bench_note(b, "%s: skipped: %s", t->name, SDL_GetError());
        rb_target_close(t);
        return -1;
    }
    SDL_SetRenderTarget(t->renderer, t->canvas);
    if (rb_target_prepare(b, t) != 0) {
        rb_target_close(t);
        return -1;
    }
    return 0;
}

/* Waits until the target's pixels are done (a GPU finishes its queue). */
static void rb_sync(SDL_Renderer *r)
{
    Uint32 px = 0;
    SDL_Rect one = {FIELD_VIEW_X + 1, FIELD_VIEW_Y + 1, 1, 1};
    SDL_RenderReadPixels(r, &one, SDL_PIXELFORMAT_ARGB8888, &px, 4);
    bench_consume(px);
}

typedef struct rb_submit {
    rb_target *t;
    sprite_draw *draw;
    const sprite_batch *batch; /* the sprites, */
    const laser_mesh *mesh;    /* or else the lasers */
} rb_submit;

/* One frame's sprites or lasers: cleared target (untimed), then begin, the
 * batch or the mesh, end, done. */
static double rb_run_submit(void *ctx)
{
    rb_submit *s = ctx;
    SDL_Renderer *r = s->t->renderer;
    SDL_SetRenderDrawColor(r, 12, 12, 40, 255);
    SDL_RenderClear(r);
    rb_sync(r);
    uint64_t t0 = clock_now_ns();
    sprite_draw_begin(s->draw);
    if (s->mesh)
        sprite_draw_lasers(s->draw, s->mesh);
    else
        sprite_draw_batch(s->draw, s->batch);
    sprite_draw_end(s->draw);
    rb_sync(r);
    return (double)(clock_now_ns() - t0);
}

/* ---- tables ---------------------------------------------------------------- */

typedef struct rb_state {
    rb_bullets bullets;
    sprite_batch batches[2]; /* [SPRITE_BATCH_VERTICES], [SPRITE_BATCH_RECTS] */
    int sizes;
    double build_ns[2][RB_MAX_SIZES]; /* per bullet */
} rb_state;

/* Build time per bullet drawn, for one mode, in array order or the pool's. */
static double rb_build_ns(const bench *b, rb_state *st, int mode, int k, int ordered)
{
    rb_build bd = {&st->batches[mode], ordered ? rb_ordered_view(&st->bullets, rb_sizes[k])
                                               : rb_view(&st->bullets, rb_sizes[k])};
    double ns = rb_measure(b, rb_run_build, &bd);
    sprite_batch_clear(bd.batch);
    sprite_batch_add_bullets(bd.batch, &bd.in, 0, 1);
    return ns / sprite_batch_count(bd.batch);
}

static void rb_table_build(bench *b, rb_state *st)
{
    static const bench_column cols[] = {
        {"vertices", "ns/bullet", 2, BENCH_LOWER_BETTER},
        {"vertices+order", "ns/bullet", 2, BENCH_LOWER_BETTER},
        {"rects", "ns/bullet", 2, BENCH_LOWER_BETTER},
        {"rects+order", "ns/bullet", 2, BENCH_LOWER_BETTER},
    };
    bench_table t;
    bench_table_begin(&t, b, "build",
                      "Building draw arrays from SoA bullets, one pass (+order: through a "
                      "pool-like draw order with 25% holes)",
                      cols, 4, 10);
    double ordered_at[2] = {0, 0};
    int at = st->sizes > 3 ? 3 : st->sizes - 1;
    for (int k = 0; k < st->sizes; k++) {
        bench_table_row(&t, rb_size_names[k]);
        for (int mode = 0; mode < 2; mode++) {
            st->build_ns[mode][k] = rb_build_ns(b, st, mode, k, 0);
            double ordered = rb_build_ns(b, st, mode, k, 1);
            bench_table_value(&t, st->build_ns[mode][k]);
            bench_table_value(&t, ordered);
            if (k == at)
                ordered_at[mode] = ordered;
        }
    }
    bench_table_end(&t);
    bench_note(b,
               "vertex building at %s: %.2f ns per bullet in array order, %.2f through the "
               "draw order (target: 5 or less)",
               rb_size_names[at], st->build_ns[SPRITE_BATCH_VERTICES][at],
               ordered_at[SPRITE_BATCH_VERTICES]);
}

/* Animated art (a mod's `frames N every F`): the same bullets, every one of
 * an animated art shape (half of them turning), each with its birth frame, so
 * the builds take the animating loop; against the same bullets as still art.
 * The art is laid out in the atlas's table only (no sheet is read) and taken
 * away after, before anything is drawn. */
static void rb_table_animated(bench *b, rb_state *st)
{
    static const bench_column cols[] = {
        {"still", "ns/bullet", 2, BENCH_LOWER_BETTER},
        {"animated", "ns/bullet", 2, BENCH_LOWER_BETTER},
        {"animated+order", "ns/bullet", 2, BENCH_LOWER_BETTER},
    };
    int n = RB_MAX_BULLETS, at = st->sizes > 3 ? 3 : st->sizes - 1;
    uint8_t *shape = mem_alloc((size_t)n);
    uint32_t *born = mem_alloc((size_t)n * sizeof *born);
    if (!shape || !born) {
        mem_free(shape);
        mem_free(born);
        return;
    }
    for (int i = 0; i < n; i++) {
        shape[i] = (uint8_t)(BULLET_SHAPE_COUNT + (i & 1));
        born[i] = 1000u - (uint32_t)(i % 97);
    }
    atlas_art_spec spec[3] = {{16, 16, 0, 0, 4, 5, 0, "a", 0},
                              {16, 8, 1, 0, 4, 3, 1, "b", 0},
                              {16, 16, 0, 0, 1, 6, 0, "still", 0}};
    int failed = 0;
    if (atlas_art_layout(spec, 3, &failed) != 0) {
        mem_free(shape);
        mem_free(born);
        return;
    }
    bench_table t;
    bench_table_begin(&t, b, "animated",
                      "Animated art shapes: bullets picking their frame from their age (+order: "
                      "through the draw order)",
                      cols, 3, 10);
    for (int mode = 0; mode < 2; mode++) {
        sprite_batch *batch = &st->batches[mode];
        sprite_batch_refresh_looks(batch);
        bench_table_row(&t, mode == SPRITE_BATCH_VERTICES ? "vertices" : "rects");
        sprite_bullets still = rb_view(&st->bullets, rb_sizes[at]);
        memset(shape, BULLET_SHAPE_COUNT + 2, (size_t)n);
        still.shape = shape;
        rb_build bd = {batch, still};
        bench_table_value(&t, rb_measure(b, rb_run_build, &bd) / rb_sizes[at]);
        for (int i = 0; i < n; i++)
            shape[i] = (uint8_t)(BULLET_SHAPE_COUNT + (i & 1));
        for (int ordered = 0; ordered < 2; ordered++) {
            sprite_bullets in = ordered ? rb_ordered_view(&st->bullets, rb_sizes[at])
                                        : rb_view(&st->bullets, rb_sizes[at]);
            in.shape = shape;
            in.born = born;
            in.born_stride = 1;
            in.now = 1000u;
            bd.in = in;
            double ns = rb_measure(b, rb_run_build, &bd);
            sprite_batch_clear(batch);
            sprite_batch_add_bullets(batch, &in, 0, 1);
            bench_table_value(&t, ns / sprite_batch_count(batch));
        }
    }
    bench_table_end(&t);
    bench_note(b, "animated art at %s bullets: the game's own bullets take the loops above",
               rb_size_names[at]);
    atlas_art_clear();
    for (int mode = 0; mode < 2; mode++)
        sprite_batch_refresh_looks(&st->batches[mode]);
    mem_free(shape);
    mem_free(born);
}

/* One back end: every method at every size, the copy baseline among them. */
static void rb_table_target(bench *b, rb_state *st, rb_target *tg)
{
    static const bench_column cols[] = {
        {"geometry", "ns/sprite", 1, BENCH_LOWER_BETTER},
        {"copy", "ns/sprite", 1, BENCH_LOWER_BETTER},
        {"blit", "ns/sprite", 1, BENCH_LOWER_BETTER},
        {"frame", "ms", 2, BENCH_LOWER_BETTER},
        {"fastest", "", 0, BENCH_NEUTRAL},
        {"vs copy", "x", 1, BENCH_HIGHER_BETTER},
    };
    char title[160];
    snprintf(title, sizeof title,
             "%s: submitting one frame's bullets until drawn (copy = one SDL_RenderCopy each)",
             tg->name);
    bench_table t;
    bench_table_begin(&t, b, tg->name, title, cols, 6, 10);
    /* The verdict is read at 100k bullets, or the largest size a quick run has. */
    int verdict = st->sizes > 3 ? 3 : st->sizes - 1;
    double frame_at = NAN;
    sprite_draw_method best_at = tg->game_method;
    for (int k = 0; k < st->sizes; k++) {
        bench_table_row(&t, rb_size_names[k]);
        double ns[SPRITE_DRAW_METHOD_COUNT];
        int best = -1;
        for (int m = 0; m < SPRITE_DRAW_METHOD_COUNT; m++) {
            ns[m] = NAN;
            /* the instanced path has a table of its own (rb_table_instanced) */
            if (!tg->ready[m] || m == SPRITE_DRAW_INSTANCED)
                continue;
            sprite_batch *batch = &st->batches[sprite_draw_batch_mode((sprite_draw_method)m)];
            sprite_bullets in = rb_view(&st->bullets, rb_sizes[k]);
            sprite_batch_clear(batch);
            sprite_batch_add_bullets(batch, &in, 0, 1);
            rb_submit s = {tg, &tg->draws[m], batch, NULL};
            ns[m] = rb_measure(b, rb_run_submit, &s);
            if (best < 0 || ns[m] < ns[best])
                best = m;
        }
        if (best < 0)
            best = SPRITE_DRAW_COPY;
        for (int m = 0; m < SPRITE_DRAW_INSTANCED; m++)
            bench_table_value(&t, ns[m] / rb_sizes[k]);
        sprite_draw_method fastest = (sprite_draw_method)best;
        double build = st->build_ns[sprite_draw_batch_mode(fastest)][k] * rb_sizes[k];
        double frame_ms = (build + ns[fastest]) / 1e6;
        bench_table_value(&t, frame_ms);
        bench_table_text(&t, sprite_draw_method_name(fastest));
        bench_table_value(&t, ns[SPRITE_DRAW_COPY] / ns[fastest]);
        if (k == verdict) {
            frame_at = frame_ms;
            best_at = fastest;
        }
    }
    bench_table_end(&t);
    bench_note(b, "%s: the game draws with %s; fastest at %s: %s", tg->name,
               sprite_draw_method_name(tg->game_method), rb_size_names[verdict],
               sprite_draw_method_name(best_at));
    bench_note(b,
               "%s: %s bullets built and drawn in %.2f ms per frame (target for 100k on the "
               "software renderer: 16.7 ms or less)",
               tg->name, rb_size_names[verdict], frame_at);
}

typedef struct rb_build_workers {
    sprite_batch *batch;
    sprite_bullets in;
    workers *w;
} rb_build_workers;

/* One timed build of the batch from the bullets, split over w's threads. */
static double rb_run_build_workers(void *ctx)
{
    rb_build_workers *bd = ctx;
    uint64_t t0 = clock_now_ns();
    sprite_batch_clear(bd->batch);
    sprite_batch_add_bullets_workers(bd->batch, &bd->in, 0, 1, bd->w);
    uint64_t t1 = clock_now_ns();
    bench_consume((uint64_t)sprite_batch_count(bd->batch));
    return (double)(t1 - t0);
}

/* CPU time of blitting batch's layers into the draw's pixels on this thread:
 * whole (*one) and band by band as parts threads would split them (*path:
 * per layer its slowest band, summed: the critical path of the split on
 * idle cores, without the hand-over). Thread CPU time, which other
 * processes on the machine do not inflate the way they do wall time. */
static void rb_blit_cpu(const sprite_draw *draw, const sprite_batch *batch, int parts, double *one,
                        double *path)
{
    const sprite_blit_atlas *a = &draw->atlas->blit;
    sprite_blit_target t = {draw->pixels, draw->area.w, draw->area.h,
                            draw->area.w, draw->area.x, draw->area.y};
    uint64_t t0 = clock_thread_ns();
    for (int l = 0; l < batch->layer_count; l++)
        sprite_blit_rects(a, &t, batch->layers[l].rects, batch->layers[l].count,
                          batch->layers[l].blend);
    *one = (double)(clock_thread_ns() - t0);
    *path = 0;
    for (int l = 0; l < batch->layer_count; l++) {
        const sprite_layer *layer = &batch->layers[l];
        int bound[WORKERS_MAX + 1];
        sprite_blit_band_bounds(&t, layer->rects, layer->count, parts, bound);
        double slowest = 0;
        for (int p = 0; p < parts && layer->count > 0; p++) {
            sprite_blit_target band = t;
            band.pixels += (size_t)bound[p] * t.pitch;
            band.h = bound[p + 1] - bound[p];
            band.origin_y += bound[p];
            uint64_t b0 = clock_thread_ns();
            sprite_blit_rects(a, &band, layer->rects, layer->count, layer->blend);
            double ns = (double)(clock_thread_ns() - b0);
            slowest = ns > slowest ? ns : slowest;
        }
        *path += slowest;
    }
}

/* The software renderer's frame on one thread and on the game's threads
 * (frame_view.h: the cores, up to FRAME_VIEW_THREADS), on the headless
 * target: the blit alone in ms of wall time, the two alternated in one loop
 * so that the machine's load falls on both alike; the blit's CPU time on one
 * thread and its critical path over N (rb_blit_cpu, the least of the rounds);
 * and the frame (build and blit, both on the threads, wall time). */
static void rb_table_blit_threads(bench *b, rb_state *st, rb_target *tg)
{
    static const bench_column cols[] = {
        {"blit x1", "ms", 2, BENCH_LOWER_BETTER},     {"blit xN", "ms", 2, BENCH_LOWER_BETTER},
        {"vs x1", "x", 2, BENCH_HIGHER_BETTER},       {"cpu x1", "ms", 2, BENCH_LOWER_BETTER},
        {"cpu path xN", "ms", 2, BENCH_LOWER_BETTER}, {"build xN", "ms", 2, BENCH_LOWER_BETTER},
        {"frame xN", "ms", 2, BENCH_LOWER_BETTER},
    };
    int threads = SDL_GetCPUCount();
    threads = threads > FRAME_VIEW_THREADS ? FRAME_VIEW_THREADS : threads < 1 ? 1 : threads;
    workers pool;
    workers_init(&pool, threads);
    threads = workers_threads(&pool);
    char title[160];
    snprintf(title, sizeof title,
             "software renderer in bands over threads: one against %d (N), the same pixels",
             threads);
    bench_table t;
    bench_table_begin(&t, b, "blit_threads", title, cols, 7, 10);
    int verdict = st->sizes > 3 ? 3 : st->sizes - 1, rounds = b->quick ? 3 : 9;
    double frame_at = NAN, ratio_at = NAN, cpu_at[2] = {NAN, NAN};
    sprite_draw *draw = &tg->draws[SPRITE_DRAW_BLIT];
    sprite_batch *batch = &st->batches[SPRITE_BATCH_RECTS];
    for (int k = 0; k < st->sizes; k++) {
        bench_table_row(&t, rb_size_names[k]);
        rb_build_workers bd = {batch, rb_view(&st->bullets, rb_sizes[k]), &pool};
        double build = rb_measure(b, rb_run_build_workers, &bd) / 1e6;
        rb_submit s = {tg, draw, batch, NULL};
        double one[9], many[9], cpu[2] = {INFINITY, INFINITY};
        for (int r = 0; r < rounds; r++) {
            sprite_draw_set_workers(draw, NULL);
            one[r] = rb_run_submit(&s) / 1e6;
            sprite_draw_set_workers(draw, &pool);
            many[r] = rb_run_submit(&s) / 1e6;
            double c1, cn;
            rb_blit_cpu(draw, batch, threads, &c1, &cn);
            cpu[0] = c1 / 1e6 < cpu[0] ? c1 / 1e6 : cpu[0];
            cpu[1] = cn / 1e6 < cpu[1] ? cn / 1e6 : cpu[1];
        }
        sprite_draw_set_workers(draw, NULL);
        double p1 = bench_summarize(one, rounds).p50, pn = bench_summarize(many, rounds).p50;
        double row[7] = {p1, pn, p1 / pn, cpu[0], cpu[1], build, build + pn};
        for (int c = 0; c < 7; c++)
            bench_table_value(&t, row[c]);
        if (k == verdict) {
            frame_at = build + pn;
            ratio_at = p1 / pn;
            cpu_at[0] = cpu[0];
            cpu_at[1] = cpu[1];
        }
    }
    bench_table_end(&t);
    workers_free(&pool);
    bench_note(b,
               "software renderer on %d threads: %s bullets built and blitted in %.2f ms a frame, "
               "the blit %.2fx one thread's (target for 100k: 8 ms or less)",
               threads, rb_size_names[verdict], frame_at, ratio_at);
    bench_note(b,
               "blit in thread CPU time at %s: %.2f ms on one thread, %.2f ms on the slowest of "
               "%d bands (%.2fx: what idle cores would give, less the hand-over)",
               rb_size_names[verdict], cpu_at[0], cpu_at[1], threads, cpu_at[0] / cpu_at[1]);
}

/* The blitter's code paths, on the headless software target. */
static void rb_table_blit_paths(bench *b, rb_state *st, rb_target *tg)
{
    static const bench_column cols[] = {{"blit", "ns/sprite", 1, BENCH_LOWER_BETTER}};
    int k = st->sizes > 3 ? 3 : st->sizes - 1;
    char title[96];
    snprintf(title, sizeof title, "CPU blitter code paths, %s bullets", rb_size_names[k]);
    bench_table t;
    bench_table_begin(&t, b, "blit_paths", title, cols, 1, 10);
    sprite_batch *batch = &st->batches[SPRITE_BATCH_RECTS];
    sprite_bullets in = rb_view(&st->bullets, rb_sizes[k]);
    sprite_batch_clear(batch);
    sprite_batch_add_bullets(batch, &in, 0, 1);
    sprite_blit_isa best = sprite_blit_best_isa();
    for (int isa = SPRITE_BLIT_SCALAR; isa <= (int)best; isa++) {
        sprite_blit_set_isa((sprite_blit_isa)isa);
        rb_submit s = {tg, &tg->draws[SPRITE_DRAW_BLIT], batch, NULL};
        bench_table_row(&t, sprite_blit_isa_name((sprite_blit_isa)isa));
        bench_table_value(&t, rb_measure(b, rb_run_submit, &s) / rb_sizes[k]);
    }
    sprite_blit_set_isa(best);
    bench_table_end(&t);
}

/* ---- lasers ---------------------------------------------------------------- */

/* The laser scene of `bench lasers` (1,000 curvy lasers of 64 nodes and 2,000
 * straight ones) and a tenth of it, each after the frames that fill every body:
 * its mesh is what the game hands to sprite_draw_lasers. */
#define RB_LASER_SCENES 2
#define RB_LASER_WARMUP 70

typedef struct rb_lasers {
    laser_pool pool;
    laser_mesh mesh;
    int curvy, straight;
} rb_lasers;

static void rb_lasers_free(rb_lasers *l)
{
    laser_pool_free(&l->pool);
    laser_mesh_free(&l->mesh);
}

static int rb_lasers_make(rb_lasers *l, int curvy, int straight)
{
    memset(l, 0, sizeof *l);
    l->curvy = curvy, l->straight = straight;
    int nodes = BENCH_SCENE_LASER_NODES;
    if (laser_pool_init(&l->pool, (uint32_t)(curvy + straight), (uint32_t)nodes + 1) != 0 ||
        laser_mesh_init(&l->mesh, curvy * nodes * 2 + straight * 4 + 4, nodes + 1) != 0) {
        rb_lasers_free(l);
        return -1;
    }
    laser_pool_set_cull_rect(&l->pool, -BENCH_SCENE_FAR, -BENCH_SCENE_FAR, BENCH_SCENE_FAR,
                             BENCH_SCENE_FAR);
    laser_mesh_set_origin(&l->mesh, FIELD_VIEW_X, FIELD_VIEW_Y);
    rng r;
    rng_seed(&r, 2026);
    for (int k = 0; k < curvy + straight; k++) {
        laser_spawn s = bench_scene_laser(&r, k < curvy);
        laser_pool_spawn(&l->pool, &s);
    }
    for (int f = 0; f < RB_LASER_WARMUP; f++)
        laser_pool_update(&l->pool);
    laser_mesh_build(&l->mesh, &l->pool);
    return 0;
}

/* One back end: the laser meshes drawn by geometry (one SDL_RenderGeometryRaw)
 * and by the blitter's strip rasterizer, until the pixels are done. */
static void rb_table_lasers(bench *b, rb_lasers *scenes, int count, rb_target *tg)
{
    static const bench_column cols[] = {
        {"geometry", "ms", 3, BENCH_LOWER_BETTER},
        {"blit", "ms", 3, BENCH_LOWER_BETTER},
        {"per vertex", "ns", 2, BENCH_LOWER_BETTER},
        {"fastest", "", 0, BENCH_NEUTRAL},
    };
    char name[64], title[160];
    snprintf(name, sizeof name, "%s-lasers", tg->name);
    snprintf(title, sizeof title,
             "%s: one frame's laser mesh until drawn (curvy lasers of 64 nodes + straight)",
             tg->name);
    bench_table t;
    bench_table_begin(&t, b, name, title, cols, 4, 16);
    static const sprite_draw_method methods[2] = {SPRITE_DRAW_GEOMETRY, SPRITE_DRAW_BLIT};
    for (int k = 0; k < count; k++) {
        char row[48];
        snprintf(row, sizeof row, "%d+%d", scenes[k].curvy, scenes[k].straight);
        bench_table_row(&t, row);
        double ns[2];
        for (int m = 0; m < 2; m++) {
            ns[m] = NAN;
            if (tg->ready[methods[m]]) {
                rb_submit s = {tg, &tg->draws[methods[m]], NULL, &scenes[k].mesh};
                ns[m] = rb_measure(b, rb_run_submit, &s);
            }
        }
        bench_table_value(&t, ns[0] / 1e6);
        bench_table_value(&t, ns[1] / 1e6);
        bench_table_value(&t, ns[0] / scenes[k].mesh.vertex_count);
        int fastest = isnan(ns[0]) || ns[1] < ns[0] ? 1 : 0;
        bench_table_text(&t, sprite_draw_method_name(methods[fastest]));
    }
    bench_table_end(&t);
}

/* ---- the instanced path ------------------------------------------------------- */

#define RB_GL_SIZES 5
static const int rb_gl_sizes[RB_GL_SIZES] = {1000, 10000, 100000, 200000, 1000000};
static const char *const rb_gl_size_names[RB_GL_SIZES] = {"1k", "10k", "100k", "200k", "1M"};

typedef struct rb_instanced {
    rb_target *t;
    gl_sprites *gl;
    sprite_bullets in;
    const SDL_Rect *area;
    double cpu_ns; /* the last run's CPU share: building and streaming the instances */
} rb_instanced;

/* One frame of the instanced path: cleared target (untimed), then the
 * instances built into the mapped buffer (the CPU's share, timed on its own)
 * and the two instanced draws, until glFinish. */
static double rb_run_instanced(void *ctx)
{
    rb_instanced *s = ctx;
    static const uint8_t opaque[2] = {255, 255};
    SDL_Renderer *r = s->t->renderer;
    SDL_SetRenderDrawColor(r, 12, 12, 40, 255);
    SDL_RenderClear(r);
    gl_sprites_finish(s->gl);
    uint64_t t0 = clock_now_ns();
    gl_sprites_begin(s->gl);
    gl_sprites_add_bullets(s->gl, &s->in);
    uint64_t t1 = clock_now_ns();
    gl_sprites_draw(s->gl, s->area, opaque);
    gl_sprites_finish(s->gl);
    uint64_t t2 = clock_now_ns();
    s->cpu_ns = (double)(t1 - t0);
    return (double)(t2 - t0);
}

/* Median ns of the CPU's share alone, over the frames rb_measure runs. */
static double rb_run_instanced_cpu(void *ctx)
{
    rb_instanced *s = ctx;
    rb_run_instanced(ctx);
    return s->cpu_ns;
}

/* The geometry path's frame in the same process: the vertices built (64 bytes
 * a bullet) and one SDL_RenderGeometryRaw a layer, until drawn. */
typedef struct rb_geometry_frame {
    rb_submit submit;
    sprite_batch *batch;
    sprite_bullets in;
} rb_geometry_frame;

static double rb_run_geometry_frame(void *ctx)
{
    rb_geometry_frame *g = ctx;
    SDL_Renderer *r = g->submit.t->renderer;
    SDL_SetRenderDrawColor(r, 12, 12, 40, 255);
    SDL_RenderClear(r);
    rb_sync(r);
    uint64_t t0 = clock_now_ns();
    sprite_batch_clear(g->batch);
    sprite_batch_add_bullets(g->batch, &g->in, 0, 1);
    sprite_draw_begin(g->submit.draw);
    sprite_draw_batch(g->submit.draw, g->batch);
    sprite_draw_end(g->submit.draw);
    rb_sync(r);
    return (double)(clock_now_ns() - t0);
}

/* One OpenGL 3.3 back end: the instanced path from 1k to 1M bullets through
 * the pool-like order, its CPU share and its whole frame until glFinish,
 * against the geometry path's frame (where its batch holds the bullets). */
static void rb_table_instanced(bench *b, rb_state *st, const rb_bullets *many, rb_target *tg)
{
    SDL_RendererInfo info;
    if (SDL_GetRendererInfo(tg->renderer, &info) != 0 || SDL_strncmp(info.name, "opengl", 6) != 0)
        return;
    char err[256];
    sprite_batch *looks = &st->batches[SPRITE_BATCH_VERTICES];
    int sizes = b->quick ? 2 : RB_GL_SIZES;
    gl_sprites *gl =
        gl_sprites_init(tg->renderer, &tg->atlas, looks, rb_gl_sizes[sizes - 1], err, sizeof err);
    if (!gl) {
        bench_note(b, "%s: instanced path skipped: %s", tg->name, err);
        return;
    }
    static const bench_column cols[] = {
        {"cpu", "ns/bullet", 2, BENCH_LOWER_BETTER},
        {"cpu, no order", "ns/bullet", 2, BENCH_LOWER_BETTER},
        {"frame", "ns/bullet", 1, BENCH_LOWER_BETTER},
        {"frame total", "ms", 2, BENCH_LOWER_BETTER},
        {"geometry frame", "ms", 2, BENCH_LOWER_BETTER},
        {"vs geometry", "x", 1, BENCH_HIGHER_BETTER},
    };
    char name[64], title[200];
    snprintf(name, sizeof name, "%s-instanced", tg->name);
    snprintf(title, sizeof title,
             "%s: the instanced path (16-byte instances, one draw a layer): the CPU's share "
             "(build + stream) and the frame until glFinish",
             tg->name);
    bench_table t;
    bench_table_begin(&t, b, name, title, cols, 6, 10);
    SDL_Rect area = {FIELD_VIEW_X, FIELD_VIEW_Y, (int)PLAYFIELD_W, (int)PLAYFIELD_H};
    for (int k = 0; k < sizes; k++) {
        int n = rb_gl_sizes[k];
        bench_table_row(&t, rb_gl_size_names[k]);
        rb_instanced s = {tg, gl, rb_ordered_view(many, n), &area, 0.0};
        double cpu = rb_measure(b, rb_run_instanced_cpu, &s);
        int drawn = gl_sprites_count(gl); /* bullets of the last frame, both layers */
        double frame = rb_measure(b, rb_run_instanced, &s);
        s.in = rb_view(many, n);
        double cpu_plain = rb_measure(b, rb_run_instanced_cpu, &s) / n;
        double geometry = NAN;
        if (n <= RB_MAX_BULLETS && tg->ready[SPRITE_DRAW_GEOMETRY]) {
            rb_geometry_frame g = {{tg, &tg->draws[SPRITE_DRAW_GEOMETRY], looks, NULL},
                                   looks,
                                   rb_ordered_view(&st->bullets, n)};
            geometry = rb_measure(b, rb_run_geometry_frame, &g);
        }
        drawn = drawn > 0 ? drawn : n;
        bench_table_value(&t, cpu / drawn);
        bench_table_value(&t, cpu_plain);
        bench_table_value(&t, frame / drawn);
        bench_table_value(&t, frame / 1e6);
        bench_table_value(&t, geometry / 1e6);
        bench_table_value(&t, geometry / frame);
    }
    bench_table_end(&t);
    bench_note(b, "%s: instanced path: target for the CPU's share at 1M: 2 ns a bullet or less",
               tg->name);
    gl_sprites_free(gl);
}

int render_bench_run(bench *b)
{
    bench_begin_scenario(b, "render",
                         "sprite batching: building and submitting bullets per back end, "
                         "against one SDL_RenderCopy per bullet");
    static rb_state st;
    memset(&st, 0, sizeof st);
    st.sizes = b->quick ? 2 : RB_MAX_SIZES;
    if (rb_bullets_make(&st.bullets, RB_MAX_BULLETS) != 0)
        return -1;
    if (rb_batch_init(&st.batches[SPRITE_BATCH_VERTICES], SPRITE_BATCH_VERTICES) != 0 ||
        rb_batch_init(&st.batches[SPRITE_BATCH_RECTS], SPRITE_BATCH_RECTS) != 0) {
        sprite_batch_free(&st.batches[0]);
        sprite_batch_free(&st.batches[1]);
        rb_bullets_free(&st.bullets);
        return -1;
    }
    bench_note(b, "mix: 11 shapes, 42%% turning with their heading; blitter path %s",
               sprite_blit_isa_name(sprite_blit_get_isa()));
    rb_table_build(b, &st);
    rb_table_animated(b, &st);

    static rb_target targets[RB_MAX_TARGETS];
    int count = 0;
    if (rb_open_surface(b, &targets[count]) == 0)
        count++;
    int video = SDL_InitSubSystem(SDL_INIT_VIDEO) == 0;
    if (!video)
        bench_note(b, "window back ends skipped: no video (%s)", SDL_GetError());
    for (int i = 0; video && i < SDL_GetNumRenderDrivers() && count < RB_MAX_TARGETS; i++)
        if (rb_open_driver(b, &targets[count], i) == 0)
            count++;
    for (int i = 0; i < count; i++)
        rb_table_target(b, &st, &targets[i]);
    static rb_bullets many;
    if (rb_bullets_make(&many, (size_t)rb_gl_sizes[RB_GL_SIZES - 1]) == 0) {
        for (int i = 0; i < count; i++)
            rb_table_instanced(b, &st, &many, &targets[i]);
        rb_bullets_free(&many);
    }
    static rb_lasers lasers[RB_LASER_SCENES];
    int scenes = 0;
    if (rb_lasers_make(&lasers[scenes], 1000, 2000) == 0)
        scenes++;
    if (rb_lasers_make(&lasers[scenes], 100, 200) == 0)
        scenes++;
    for (int i = 0; i < count && scenes > 0; i++)
        rb_table_lasers(b, lasers, scenes, &targets[i]);
    for (int k = 0; k < scenes; k++)
        rb_lasers_free(&lasers[k]);
    if (count > 0 && targets[0].surface && targets[0].ready[SPRITE_DRAW_BLIT]) {
        rb_table_blit_threads(b, &st, &targets[0]);
        rb_table_blit_paths(b, &st, &targets[0]);
    }
    for (int i = 0; i < count; i++)
        rb_target_close(&targets[i]);
    if (video)
        SDL_QuitSubSystem(SDL_INIT_VIDEO);
    sprite_batch_free(&st.batches[0]);
    sprite_batch_free(&st.batches[1]);
    rb_bullets_free(&st.bullets);
    return 0;
}

/* ---- --sweep render ---------------------------------------------------------- */

typedef struct rb_sweep_build {
    sprite_batch *batch;
    sprite_bullets in;
    workers *w;
} rb_sweep_build;

static void rb_sweep_build_run(void *ctx)
{
    rb_sweep_build *bd = ctx;
    sprite_batch_clear(bd->batch);
    sprite_batch_add_bullets_workers(bd->batch, &bd->in, 0, 1, bd->w);
}

/* Median ms of submitting (blitting) the frame, as rb_run_submit times it:
 * without clearing the target. */
static double rb_sweep_blit_ms(rb_submit *s, int samples)
{
    double t[9];
    rb_run_submit(s);
    for (int k = 0; k < samples; k++)
        t[k] = rb_run_submit(s) / 1e6;
    return bench_summarize(t, samples).p50;
}

/* n bullets of the shared scene through the pool's draw order: the vertex loop
 * on one thread and on two, and the software renderer's blit of the frame. */
static int rb_sweep_measure(bench *b, uint32_t n, double *ms)
{
    bullet_pool pool;
    sprite_batch vb, rb;
    memset(&vb, 0, sizeof vb);
    memset(&rb, 0, sizeof rb);
    const sprite_layer_spec layers[2] = {{SPRITE_BLEND_ALPHA, (int)n}, {SPRITE_BLEND_ADD, (int)n}};
    static rb_target tg;
    workers w;
    workers_init(&w, 2);
    int ok = bench_scene_fill(&pool, n, 0x7e4d + n, 0) == 0 &&
             sprite_batch_init(&vb, SPRITE_BATCH_VERTICES, layers, 2) == 0 &&
             sprite_batch_init(&rb, SPRITE_BATCH_RECTS, layers, 2) == 0 &&
             rb_open_surface(b, &tg) == 0;
    int samples = b->quick ? 3 : 7;
    if (ok) {
        sprite_batch *batches[2] = {&vb, &rb};
        for (int i = 0; i < 2; i++) {
            sprite_batch_set_origin(batches[i], FIELD_VIEW_X, FIELD_VIEW_Y);
            sprite_batch_set_additive(batches[i], BULLET_SHAPE_BUBBLE, 1);
            batches[i]->split_min = 0;
        }
        rb_sweep_build bd = {&vb, bullet_view_of_pool(&pool), NULL};
        ms[0] = bench_sweep_time(samples, rb_sweep_build_run, &bd);
        bd.w = &w;
        ms[1] = bench_sweep_time(samples, rb_sweep_build_run, &bd);
        sprite_batch_clear(&rb);
        sprite_batch_add_bullets(&rb, &bd.in, 0, 1);
        rb_submit s = {&tg, &tg.draws[SPRITE_DRAW_BLIT], &rb, NULL};
        ms[2] = tg.ready[SPRITE_DRAW_BLIT] ? rb_sweep_blit_ms(&s, samples) : NAN;
    }
    rb_target_close(&tg);
    sprite_batch_free(&vb);
    sprite_batch_free(&rb);
    bullet_pool_free(&pool);
    workers_free(&w);
    return ok ? 0 : -1;
}

const bench_sweeper render_bench_sweeper = {
    "render",
    "building a frame's bullet vertices (x2: two threads), blitting it in software",
    {"vertices", "vertices x2", "blit"},
    3,
    rb_sweep_measure,
};
