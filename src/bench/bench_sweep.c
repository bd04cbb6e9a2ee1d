/*
 * bench_sweep: the sweep driver. See bench_sweep.h.
 */
#include "bench/bench_sweep.h"

#include "bench/plot.h"
#include "core/clock.h"

#include <math.h>

#define SWEEP_MAX_POINTS 16

double bench_sweep_crossing(const double *n, const double *ms, int count, double limit)
{
    for (int i = 0; i < count; i++) {
        if (!(ms[i] >= limit))
            continue;
        if (i == 0 || !(ms[i - 1] > 0) || !(n[i - 1] > 0))
            return n[i];
        double t = (log(limit) - log(ms[i - 1])) / (log(ms[i]) - log(ms[i - 1]));
        return exp(log(n[i - 1]) + t * (log(n[i]) - log(n[i - 1])));
    }
    return 0;
}

double bench_sweep_time(int samples, void (*run)(void *ctx), void *ctx)
{
    double fastest = 0, t[15];
    run(ctx);
    for (int k = 0; k < 3; k++) {
        uint64_t t0 = clock_now_ns();
        run(ctx);
        double ns = (double)(clock_now_ns() - t0);
        fastest = k == 0 || ns < fastest ? ns : fastest;
    }
    double want = 200000.0 / (fastest > 1 ? fastest : 1);
    int reps = want < 1 ? 1 : want > 1000 ? 1000 : (int)want;
    samples = samples < 1 ? 1 : samples > 15 ? 15 : samples;
    for (int k = 0; k < samples; k++) {
        uint64_t t0 = clock_now_ns();
        for (int r = 0; r < reps; r++)
            run(ctx);
        t[k] = (double)(clock_now_ns() - t0) / reps / 1e6;
    }
    return bench_summarize(t, samples).p50;
}

/* "1k", "64k", "1M", "4M" */
static void sweep_label(char *out, size_t size, uint32_t n)
{
    if (n >= 1048576u && n % 1048576u == 0)
        snprintf(out, size, "%uM", n / 1048576u);
    else
        snprintf(out, size, "%uk", n / 1024u);
}

/* The notes under the table: where each series crosses 16.7 ms. */
static void sweep_crossings(bench *b, const bench_sweeper *s, const double *n,
                            double ms[][SWEEP_MAX_POINTS], int points)
{
    char key[160];
    for (int k = 0; k < s->series_count; k++) {
        double at = bench_sweep_crossing(n, ms[k], points, BENCH_FRAME_MS);
        if (at > 0) {
            bench_note(b, "%s: 16.7 ms per frame at about %.0f bullets", s->series[k], at);
            snprintf(key, sizeof key, "sweep/%s/at_16.7ms/%s", s->scenario, s->series[k]);
            bench_record(b, key, at, "bullets", BENCH_HIGHER_BETTER);
        } else {
            bench_note(b, "%s: under 16.7 ms per frame up to %.0f bullets", s->series[k],
                       n[points - 1]);
        }
    }
}

/* The plot of every series against the bullets. */
static int sweep_plot(const bench_sweeper *s, const double *n, double ms[][SWEEP_MAX_POINTS],
                      int points, const char *path, char *err, size_t err_size)
{
    char title[160], subtitle[1200];
    bench_machine m;
    bench_machine_detect(&m);
    bench_machine_describe(&m, subtitle, sizeof subtitle);
    snprintf(title, sizeof title, "curtain bench --sweep %s: %s", s->scenario, s->what);
    plot p = {.title = title,
              .subtitle = subtitle,
              .x_label = "bullets",
              .y_label = "time per frame (ms), median",
              .log_x = 1,
              .log_y = 1,
              .tight_x = 1,
              .series_count = s->series_count,
              .line_count = 1,
              .lines = {{BENCH_FRAME_MS, "16.7 ms: one frame at 60 Hz"}},
              .guide_label = "linear growth"};
    for (int k = 0; k < s->series_count; k++)
        p.series[k] = (plot_series){s->series[k], n, ms[k], points};
    /* The guide runs through the first series at the middle count. */
    int mid = points / 2;
    if (points > 0 && ms[0][mid] > 0) {
        p.guide_x = n[mid];
        p.guide_y = ms[0][mid];
    }
    return plot_write_svg(&p, path, err, err_size);
}

int bench_sweep_run(bench *b, const bench_sweeper *s, const char *plot_path, char *err,
                    size_t err_size)
{
    char title[200];
    snprintf(title, sizeof title, "sweep %s: %s", s->scenario, s->what);
    bench_begin_scenario(b, "sweep", title);
    bench_column cols[BENCH_SWEEP_MAX_SERIES];
    for (int k = 0; k < s->series_count; k++)
        cols[k] = (bench_column){s->series[k], "ms/frame", 5, BENCH_LOWER_BETTER};
    bench_table t;
    bench_table_begin(&t, b, s->scenario, "Median time per frame against bullets", cols,
                      s->series_count, 12);
    double n[SWEEP_MAX_POINTS], ms[BENCH_SWEEP_MAX_SERIES][SWEEP_MAX_POINTS];
    uint32_t max = b->quick ? BENCH_SWEEP_QUICK_MAX : BENCH_SWEEP_MAX;
    int points = 0, rc = 0;
    for (uint32_t count = BENCH_SWEEP_MIN; count <= max && points < SWEEP_MAX_POINTS; count *= 2) {
        double row[BENCH_SWEEP_MAX_SERIES];
        if (s->measure(b, count, row) != 0) {
            rc = -1;
            break;
        }
        char label[16];
        sweep_label(label, sizeof label, count);
        bench_table_row(&t, label);
        n[points] = count;
        for (int k = 0; k < s->series_count; k++) {
            ms[k][points] = row[k];
            bench_table_value(&t, row[k]);
        }
        points++;
    }
    bench_table_end(&t);
    if (points == 0)
        return rc;
    sweep_crossings(b, s, n, ms, points);
    if (sweep_plot(s, n, ms, points, plot_path, err, err_size) != 0)
        return -2;
    bench_note(b, "plot: %s", plot_path);
    return rc;
}
