/*
 * bulletml_bench: `curtain bench bulletml`. The whole installed BulletML corpus,
 * each file run by many emitters at once, by curtain (the VM driving the bullet
 * pool, as the game does, and the exact reference host) and by Debian's
 * libbulletml (through the bulletml_oracle program built with the tests), driven
 * the same way: bullet-frames per second and the ratios. docs/bench.md has the
 * set-up and the figures.
 */
#ifndef CURTAIN_BENCH_BULLETML_BENCH_H
#define CURTAIN_BENCH_BULLETML_BENCH_H

#include "bench/bench.h"

/* Runs the scenario; 0, or -1 when memory ran out. */
int bulletml_bench_run(bench *b);

#endif
