/*
 * laser_bench: the `lasers` scenario of `curtain bench`.
 *
 * 1,000 curvy lasers of 64 nodes and 2,000 straight lasers, every frame:
 * update (laser_pool_update), collide against a moving player (swept, with
 * graze: laser_collision_player) and build the vertices of their mesh
 * (render/laser_mesh), in ns per node and per laser, against a naive baseline
 * run in the same process: one heap object per laser, its body an array
 * shifted every frame, a swept test of every segment, normals with their own
 * square roots. Targets: the whole laser frame within 1 ms on one core, at
 * least 5x the baseline. docs/bench.md reads the figures.
 */
#ifndef CURTAIN_BENCH_LASER_BENCH_H
#define CURTAIN_BENCH_LASER_BENCH_H

#include "bench/bench.h"

/* Runs the scenario (b->quick: a tenth of the lasers, few frames). Returns 0,
 * or -1 when memory ran out. */
int laser_bench_run(bench *b);

#endif
