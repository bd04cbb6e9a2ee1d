/*
 * snapshot_bench: `curtain bench snapshot`: the time to take and to restore a
 * world snapshot (game/snapshot.h) and its size, at the game's capacity
 * (WORLD_BULLETS) and at 100,000 bullets. docs/bench.md says what each
 * figure means.
 */
#ifndef CURTAIN_BENCH_SNAPSHOT_BENCH_H
#define CURTAIN_BENCH_SNAPSHOT_BENCH_H

#include "bench/bench.h"

/* Runs the scenario; returns 0, or -1 when memory for it could not be had. */
int snapshot_bench_run(bench *b);

#endif
