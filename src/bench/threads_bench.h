/*
 * threads_bench: `curtain bench threads`, the passes of a frame that split over
 * threads (core/workers.h), timed on one thread and on two.
 *
 * Phases: the pool's update pass (straight bullets, and every bullet turning),
 * the player's collision sweep (hits and grazes of one player against every
 * bullet), and the sprite batch's vertex loop through the pool's draw order,
 * at 10k, 100k and 1M bullets (--quick: 10k, 100k). Columns: one thread, two
 * threads (split at any size), the speed-up, the engine's own function (it
 * splits from its measured threshold only) and the threads it used, and
 * whether one and two threads gave the same results bit for bit over 40
 * frames (pool hash, hit and graze lists and bits, vertex arrays).
 */
#ifndef CURTAIN_BENCH_THREADS_BENCH_H
#define CURTAIN_BENCH_THREADS_BENCH_H

#include "bench/bench.h"

/* The scenario `threads`. Returns 0, or -1 out of memory. */
int threads_bench_run(bench *b);

#endif
