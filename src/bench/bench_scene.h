/*
 * bench_scene: a field full of bullets, for the scenarios that time passes
 * over many of them (threads, the sweeps).
 *
 * bench_scene_fill spawns n bullets into a pool of exactly that capacity: spread
 * uniformly over the playfield, every shape and colour of sim/bullet_kind.h,
 * random headings, 0.5 to 2 px a frame, a given share turning 1 degree a frame
 * (the turning kernel), all from one seed. Its cull rectangle is moved far out
 * so that the count stays fixed however many frames are run.
 * bench_scene_motion then keeps the frame's motion (what the world gives the
 * collision tests) beside the pool.
 *
 * bench_scene_laser is one laser of the laser scene (`bench lasers` and the
 * laser table of `bench render`): curvy ones of BENCH_SCENE_LASER_NODES nodes
 * circling where they start (a loop about 40 px across, so every body stays
 * full and on screen), straight ones 150 to 400 px long turning up to 0.6
 * degrees a frame.
 */
#ifndef CURTAIN_BENCH_BENCH_SCENE_H
#define CURTAIN_BENCH_BENCH_SCENE_H

#include "core/rng.h"
#include "sim/bullet_pool.h"
#include "sim/circle_set.h"
#include "sim/laser_pool.h"

#include <stdint.h>

/* Where bench_scene_fill moves the cull rectangle: nothing leaves. */
#define BENCH_SCENE_FAR 1.0e7f

/* A pool of n bullets (capacity n); turning_percent of them turn. Returns 0, or
 * -1 out of memory (the pool is then empty; bullet_pool_free is safe). */
int bench_scene_fill(bullet_pool *p, uint32_t n, uint64_t seed, int turning_percent);

/* Where the pool's bullets were before an update and how far they moved. */
typedef struct bench_scene_motion {
    float *px, *py, *dx, *dy;
    uint32_t cap;
} bench_scene_motion;

/* Room for a pool of cap slots. Returns 0, or -1 out of memory. */
int bench_scene_motion_init(bench_scene_motion *m, uint32_t cap);
void bench_scene_motion_free(bench_scene_motion *m);
/* Before the update: keep the positions. After it: the differences. */
void bench_scene_motion_before(bench_scene_motion *m, const bullet_pool *p);
void bench_scene_motion_after(bench_scene_motion *m, const bullet_pool *p);
/* The pool's bullets as collision sees them, with this motion. */
circle_set bench_scene_circles(const bench_scene_motion *m, const bullet_pool *p);

/* The laser scene's curvy bodies: nodes each. */
#define BENCH_SCENE_LASER_NODES 64

/* The next laser of the scene from r: curvy or straight. */
laser_spawn bench_scene_laser(rng *r, int curvy);

#endif
