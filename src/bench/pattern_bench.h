/*
 * pattern_bench: the `patterns` scenario of `curtain bench`: the pattern VM
 * running 10,000 scripted emitters at once, the cost of sleeping runners next to
 * a countdown scheduler, and the compile time of the whole patterns/ folder.
 */
#ifndef CURTAIN_BENCH_PATTERN_BENCH_H
#define CURTAIN_BENCH_PATTERN_BENCH_H

#include "bench/bench.h"

/* Runs the scenario; 0, or -1 if it could not run (patterns missing, no memory). */
int pattern_bench_run(bench *b);

#endif
