/*
 * bench_sweep: `curtain bench --sweep SCENARIO`, how a scenario's frame cost
 * grows with the bullet count.
 *
 * A sweepable scenario gives a bench_sweeper: the names of the series it times
 * (phases, or the same work on one and two threads) and a function that, for
 * one bullet count, builds its scene, warms it up and returns the median time
 * per frame of each series. The sweep runs it at 1k, 2k, 4k, ... 4M bullets
 * (4,194,304; --quick: up to 64k), prints a table (rows: counts; columns:
 * series, in ms per frame), records each cell as a figure
 * "sweep/SCENARIO/COUNT/SERIES", and writes a log-log SVG plot of time per
 * frame against bullets with the 16.7 ms of a 60 Hz frame and a dotted line of
 * linear growth, so superlinear cost shows as a steeper curve. A note gives
 * the count at which each series crosses 16.7 ms (interpolated on the log-log
 * curve between the two measured counts around it), recorded as
 * "sweep/SCENARIO/at_16.7ms/SERIES".
 */
#ifndef CURTAIN_BENCH_BENCH_SWEEP_H
#define CURTAIN_BENCH_BENCH_SWEEP_H

#include "bench/bench.h"

#include <stdint.h>

#define BENCH_SWEEP_MAX_SERIES 6
#define BENCH_SWEEP_MIN        1024u
#define BENCH_SWEEP_MAX        4194304u
#define BENCH_SWEEP_QUICK_MAX  65536u
#define BENCH_FRAME_MS         (1000.0 / 60.0)

typedef struct bench_sweeper {
    const char *scenario; /* the scenario's name, as `curtain bench` knows it */
    const char *what;     /* what one frame is, for the plot's title */
    const char *series[BENCH_SWEEP_MAX_SERIES];
    int series_count;
    /* Median ms per frame of each series at this many bullets into ms[]; 0, or
     * -1 when it could not run (out of memory). b->quick: fewer repetitions;
     * notes it prints land under the table. */
    int (*measure)(bench *b, uint32_t bullets, double *ms);
} bench_sweeper;

/* Runs the sweep, prints and records it, and writes the plot to plot_path.
 * Returns 0, -1 when a measurement could not run, -2 when the plot could not
 * be written (the reason in err). */
int bench_sweep_run(bench *b, const bench_sweeper *s, const char *plot_path, char *err,
                    size_t err_size);

/* Median ms of one run(ctx), over `samples` timed samples (at most 15) after
 * a warm-up; a run faster than 0.2 ms is repeated inside each sample (as many
 * times as the fastest of three single runs says, at most 1000). */
double bench_sweep_time(int samples, void (*run)(void *ctx), void *ctx);

/* The count at which a curve through (n[i], ms[i]) first reaches limit,
 * interpolated log-log between the points around it; 0 when it stays below. */
double bench_sweep_crossing(const double *n, const double *ms, int count, double limit);

#endif
