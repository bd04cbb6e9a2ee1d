/*
 * plot: a small SVG line-plot writer for `curtain bench --sweep`.
 *
 * One chart: series of (x, y) points drawn as polylines with markers, both axes
 * linear or logarithmic (decades labelled, minor ticks at 2..9), a legend, and
 * optional horizontal reference lines (the 16.7 ms of a 60 Hz frame) and a
 * dotted guide through a point growing in proportion to x (what linear cost
 * would look like on the chart). The SVG is plain text, self-contained (no
 * fonts, scripts or links outside it), written atomically. Points that cannot
 * be drawn (not finite, or not positive on a log axis) are left out.
 */
#ifndef CURTAIN_BENCH_PLOT_H
#define CURTAIN_BENCH_PLOT_H

#include <stddef.h>

#define PLOT_MAX_SERIES 8
#define PLOT_MAX_LINES  4

typedef struct plot_series {
    const char *name;
    const double *x, *y;
    int count;
} plot_series;

typedef struct plot_line {
    double y;
    const char *label;
} plot_line;

typedef struct plot {
    const char *title;
    const char *subtitle; /* a smaller second line (the machine), or NULL */
    const char *x_label, *y_label;
    int log_x, log_y;
    /* The x axis spans the points (with a small margin) rather than whole
     * decades: a sweep from 1k to 4M need not reach 10M. */
    int tight_x;
    plot_series series[PLOT_MAX_SERIES];
    int series_count;
    plot_line lines[PLOT_MAX_LINES]; /* horizontal reference lines */
    int line_count;
    /* A dotted line through (guide_x, guide_y) with y proportional to x; none
     * when guide_x <= 0. */
    double guide_x, guide_y;
    const char *guide_label;
} plot;

/* The plot as SVG text in a buffer from mem_alloc (free with mem_free), its
 * length in *size; NULL when out of memory. */
char *plot_svg(const plot *p, size_t *size);
/* Writes it to path (atomically). Returns 0, or -1 with a reason in err. */
int plot_write_svg(const plot *p, const char *path, char *err, size_t err_size);

#endif
