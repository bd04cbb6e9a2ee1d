/*
 * bench_compare: two runs of `curtain bench`, figure by figure.
 *
 * `curtain bench --compare OLD.json` prints, for every figure the two runs
 * share, both values, the change in percent and a verdict from the figure's
 * direction: "better", "worse", or "~" within the noise threshold (neutral
 * figures, counts and settings, say "changed" or nothing). Then, per scenario,
 * the geometric mean of the judged figures' speed-ups (old/new for
 * lower-is-better figures, new/old for higher-is-better: above 1 is better),
 * the totals, and every figure found in one run only. Before the table it says
 * where the two machines or builds differ (CPU, cores, compiler, build type,
 * flags, version, --quick), since the change is then not the code's alone.
 */
#ifndef CURTAIN_BENCH_BENCH_COMPARE_H
#define CURTAIN_BENCH_BENCH_COMPARE_H

#include "bench/bench_report.h"

#include <stdio.h>

/* The default noise threshold: changes within 5% read "~". */
#define BENCH_COMPARE_THRESHOLD 0.05

typedef enum bench_verdict {
    BENCH_VERDICT_SAME,    /* within the threshold */
    BENCH_VERDICT_BETTER,  /* beyond it, the good way */
    BENCH_VERDICT_WORSE,   /* beyond it, the bad way */
    BENCH_VERDICT_NEUTRAL, /* a neutral figure (changed or not) */
    BENCH_VERDICT_UNIT,    /* the unit changed: not compared */
} bench_verdict;

typedef struct bench_compare_totals {
    int both; /* figures in both runs */
    int better, worse, same, neutral, unit_changed;
    int only_old, only_new;
    int machine_differs; /* fields of the machine line (or --quick) that differ */
} bench_compare_totals;

/* The verdict on one figure going from old to new (same key). */
bench_verdict bench_compare_figure(const bench_figure *old, const bench_figure *new_fig,
                                   double threshold);

/* Prints the comparison of new_run against old (threshold: a fraction, e.g.
 * 0.05). Returns 0, or -1 when out of memory (nothing printed). */
int bench_compare_print(FILE *out, const bench_report *old, const bench_report *new_run,
                        double threshold, bench_compare_totals *totals);

#endif
