/*
 * pool_bench: the `curtain bench pool` scenario.
 *
 * Measures the bullet pool (sim/bullet_pool.h) against the naive ways of keeping
 * bullets, in one process: the EZMissile add/remove comparison, the
 * Instantiate/Destroy comparison, the update pass from 1k to 4M bullets beside a
 * memory-bandwidth bound, and the tables behind the pool's design decisions
 * (allocator, iteration, draw order). docs/bench.md says what each figure means.
 */
#ifndef CURTAIN_BENCH_POOL_BENCH_H
#define CURTAIN_BENCH_POOL_BENCH_H

#include "bench/bench.h"
#include "bench/bench_sweep.h"

/* Runs the scenario; returns 0, or -1 when memory for it could not be had. */
int pool_bench_run(bench *b);

/* --sweep pool: one update pass, straight and turning, one thread and two. */
extern const bench_sweeper pool_bench_sweeper;

#endif
