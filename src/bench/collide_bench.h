/*
 * collide_bench: the `collide` scenario of `curtain bench`.
 *
 * The three reference cases of collision in a bullet hell, each answered by
 * brute force (every pair, scalar), the straight sweep, the grid and the path
 * the engine chooses, in one run: (1) thousands of enemy bullets vs one or two
 * players, (2) hundreds of shots vs tens of enemies, (3) thousands of bullets vs
 * each other; then the grid build alone, the cell size, and the crossovers where
 * the grid starts to beat the sweep. docs/bench.md reads the figures.
 */
#ifndef CURTAIN_BENCH_COLLIDE_BENCH_H
#define CURTAIN_BENCH_COLLIDE_BENCH_H

#include "bench/bench.h"
#include "bench/bench_sweep.h"

/* Runs the scenario (b->quick: small sizes, few repetitions). Returns 0, or -1
 * when memory ran out (reported on b->out). */
int collide_bench_run(bench *b);

/* --sweep collide: one player against every bullet, sweep (one thread, two) and grid. */
extern const bench_sweeper collide_bench_sweeper;

#endif
