/*
 * snapshot_bench: `curtain bench snapshot`: the time to take and to restore a
 * world snapshot (game/snapshot.h: the live part of each block) on Lunatic
 * stage 3 (the game's load) and with 100,000 live bullets, against copying
 * every block whole in the same process, and the replay player's seeks.
 * docs/bench.md says what each figure means.
 */
#ifndef CURTAIN_BENCH_SNAPSHOT_BENCH_H
#define CURTAIN_BENCH_SNAPSHOT_BENCH_H

#include "bench/bench.h"

/* Runs the scenario; returns 0, or -1 when memory for it could not be had. */
int snapshot_bench_run(bench *b);

#endif
