/*
 * plot: SVG line plots. See plot.h.
 *
 * The chart is 960 x 600 user units: a plot area with margins for the tick
 * labels, the axis titles and the legend on the right. Values are mapped to
 * the area through each axis's range, which covers every drawable point and
 * reference line, widened to whole decades on a log axis.
 */
#include "bench/plot.h"

#include "core/file.h"
#include "core/mem.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define PLOT_W      960.0
#define PLOT_H      600.0
#define PLOT_LEFT   90.0
#define PLOT_RIGHT  220.0 /* legend */
#define PLOT_TOP    70.0
#define PLOT_BOTTOM 70.0

static const char *const plot_colors[PLOT_MAX_SERIES] = {
    "#1f77b4", "#ff7f0e", "#2ca02c", "#9467bd", "#8c564b", "#e377c2", "#17becf", "#7f7f7f",
};

/* A growing text buffer; ok drops to 0 when memory runs out. */
typedef struct svg_buf {
    char *text;
    size_t len, cap;
    int ok;
} svg_buf;

static void svg_add(svg_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void svg_add(svg_buf *b, const char *fmt, ...)
{
    while (b->ok) {
        va_list ap;
        va_start(ap, fmt);
        int n =
            vsnprintf(b->text ? b->text + b->len : NULL, b->text ? b->cap - b->len : 0, fmt, ap);
        va_end(ap);
        if (n < 0) {
            b->ok = 0;
            return;
        }
        if (b->text && b->len + (size_t)n < b->cap) {
            b->len += (size_t)n;
            return;
        }
        size_t want = (b->cap ? b->cap * 2 : 16384) + (size_t)n;
        char *grown = mem_realloc(b->text, want);
        if (!grown) {
            b->ok = 0;
            return;
        }
        b->text = grown;
        b->cap = want;
    }
}

/* Text content with &, < and > escaped. */
static void svg_text(svg_buf *b, const char *s)
{
    for (; s && *s; s++) {
        if (*s == '&')
            svg_add(b, "&amp;");
        else if (*s == '<')
            svg_add(b, "&lt;");
        else if (*s == '>')
            svg_add(b, "&gt;");
        else
            svg_add(b, "%c", *s);
    }
}

/* One axis: its range and how values map onto it. */
typedef struct plot_axis {
    int log, tight;
    double lo, hi;       /* in value units */
    double from, length; /* in user units: where lo lands and the span to hi (may be negative) */
} plot_axis;

static int plot_drawable(const plot_axis *a, double v)
{
    return isfinite(v) && (!a->log || v > 0);
}

static double plot_map(const plot_axis *a, double v)
{
    double t = a->log ? (log10(v) - log10(a->lo)) / (log10(a->hi) - log10(a->lo))
                      : (v - a->lo) / (a->hi - a->lo);
    return a->from + t * a->length;
}

static void plot_axis_take(plot_axis *a, double v, int *any)
{
    if (!plot_drawable(a, v))
        return;
    if (!*any || v < a->lo)
        a->lo = v;
    if (!*any || v > a->hi)
        a->hi = v;
    *any = 1;
}

/* Widens the range: whole decades on a log axis, a margin on a linear one, and
 * never empty. */
static void plot_axis_round(plot_axis *a, int any)
{
    if (!any) {
        a->lo = a->log ? 1 : 0;
        a->hi = a->log ? 10 : 1;
    }
    if (a->log && a->tight && any) {
        a->lo /= 1.15;
        a->hi *= 1.15;
        return;
    }
    if (a->log) {
        a->lo = pow(10, floor(log10(a->lo) + 1e-9));
        a->hi = pow(10, ceil(log10(a->hi) - 1e-9));
        if (a->hi <= a->lo)
            a->hi = a->lo * 10;
        return;
    }
    double span = a->hi - a->lo;
    if (span <= 0)
        span = fabs(a->hi) > 0 ? fabs(a->hi) : 1;
    a->lo = a->lo >= 0 && a->lo - 0.05 * span < 0 ? 0 : a->lo - 0.05 * span;
    a->hi += 0.05 * span;
}

/* A tick label: 1k, 10k, 1M for counts above 1000, else a short number. */
static void plot_tick_label(char *out, size_t size, double v)
{
    double a = fabs(v);
    if (a >= 1e6 && fmod(a, 1e6) == 0)
        snprintf(out, size, "%gM", v / 1e6);
    else if (a >= 1e3 && fmod(a, 1e3) == 0)
        snprintf(out, size, "%gk", v / 1e3);
    else
        snprintf(out, size, "%g", v);
}

/* Grid lines and labelled ticks along one axis (horizontal: the x axis). */
static void plot_ticks(svg_buf *b, const plot_axis *a, const plot_axis *other, int horizontal)
{
    double o0 = other->from, o1 = other->from + other->length;
    double values[64];
    int major[64], n = 0;
    if (a->log) {
        /* from the decade at or below lo; values below lo are skipped */
        for (double d = pow(10, floor(log10(a->lo) + 1e-9)); d <= a->hi * 1.0001 && n < 60; d *= 10)
            for (int k = 1; k <= 9 && n < 64; k++) {
                double v = d * k;
                if (v > a->hi * 1.0001)
                    break;
                if (v < a->lo * 0.9999)
                    continue;
                values[n] = v;
                major[n++] = k == 1;
            }
    } else {
        double step = pow(10, floor(log10((a->hi - a->lo) / 5)));
        for (double v = ceil(a->lo / step) * step; v <= a->hi + 1e-9 * step && n < 64; v += step) {
            values[n] = v;
            major[n++] = 1;
        }
    }
    for (int i = 0; i < n; i++) {
        double p = plot_map(a, values[i]);
        const char *stroke = major[i] ? "#cccccc" : "#eeeeee";
        if (horizontal)
            svg_add(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>\n", p,
                    o0, p, o1, stroke);
        else
            svg_add(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>\n",
                    o0, p, o1, p, stroke);
        if (!major[i])
            continue;
        char label[32];
        plot_tick_label(label, sizeof label, values[i]);
        if (horizontal)
            svg_add(b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%s</text>\n", p, o0 + 20,
                    label);
        else
            svg_add(b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n", o0 - 8, p + 4,
                    label);
    }
}

/* The axes' ranges from every point and line. */
static void plot_ranges(const plot *p, plot_axis *x, plot_axis *y)
{
    int any_x = 0, any_y = 0;
    for (int s = 0; s < p->series_count; s++)
        for (int i = 0; i < p->series[s].count; i++) {
            if (!plot_drawable(x, p->series[s].x[i]) || !plot_drawable(y, p->series[s].y[i]))
                continue;
            plot_axis_take(x, p->series[s].x[i], &any_x);
            plot_axis_take(y, p->series[s].y[i], &any_y);
        }
    for (int l = 0; l < p->line_count; l++)
        plot_axis_take(y, p->lines[l].y, &any_y);
    plot_axis_round(x, any_x);
    plot_axis_round(y, any_y);
}

/* The series' polylines and markers, and the legend. */
static void plot_series_draw(svg_buf *b, const plot *p, const plot_axis *x, const plot_axis *y)
{
    for (int s = 0; s < p->series_count && s < PLOT_MAX_SERIES; s++) {
        const plot_series *ps = &p->series[s];
        svg_add(b, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\" points=\"",
                plot_colors[s]);
        for (int i = 0; i < ps->count; i++)
            if (plot_drawable(x, ps->x[i]) && plot_drawable(y, ps->y[i]))
                svg_add(b, "%.1f,%.1f ", plot_map(x, ps->x[i]), plot_map(y, ps->y[i]));
        svg_add(b, "\"/>\n");
        for (int i = 0; i < ps->count; i++)
            if (plot_drawable(x, ps->x[i]) && plot_drawable(y, ps->y[i]))
                svg_add(b, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\"/>\n",
                        plot_map(x, ps->x[i]), plot_map(y, ps->y[i]), plot_colors[s]);
        double ly = PLOT_TOP + 10 + 22.0 * s, lx = PLOT_W - PLOT_RIGHT + 16;
        svg_add(b,
                "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
                "stroke-width=\"2\"/>\n<text x=\"%.1f\" y=\"%.1f\">",
                lx, ly, lx + 24, ly, plot_colors[s], lx + 30, ly + 4);
        svg_text(b, ps->name);
        svg_add(b, "</text>\n");
    }
}

/* Reference lines across the plot, and the proportional guide. */
static void plot_lines_draw(svg_buf *b, const plot *p, const plot_axis *x, const plot_axis *y)
{
    double x0 = x->from, x1 = x->from + x->length;
    for (int l = 0; l < p->line_count; l++) {
        if (!plot_drawable(y, p->lines[l].y))
            continue;
        double py = plot_map(y, p->lines[l].y);
        svg_add(b,
                "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#d62728\" "
                "stroke-width=\"1.5\" stroke-dasharray=\"8 4\"/>\n"
                "<text x=\"%.1f\" y=\"%.1f\" fill=\"#d62728\" text-anchor=\"end\">",
                x0, py, x1, py, x1 - 4, py - 6);
        svg_text(b, p->lines[l].label);
        svg_add(b, "</text>\n");
    }
    if (p->guide_x <= 0 || !plot_drawable(x, p->guide_x) || !plot_drawable(y, p->guide_y))
        return;
    /* y = k x from the left edge to the right, clipped to the plot area. */
    double k = p->guide_y / p->guide_x;
    svg_add(b, "<polyline fill=\"none\" stroke=\"#999999\" stroke-dasharray=\"2 4\" points=\"");
    for (int i = 0; i <= 64; i++) {
        double vx =
            x->log ? x->lo * pow(x->hi / x->lo, i / 64.0) : x->lo + (x->hi - x->lo) * i / 64;
        double vy = k * vx;
        if (plot_drawable(y, vy) && vy >= y->lo && vy <= y->hi)
            svg_add(b, "%.1f,%.1f ", plot_map(x, vx), plot_map(y, vy));
    }
    svg_add(b, "\"/>\n");
    double ly = PLOT_TOP + 10 + 22.0 * p->series_count, lx = PLOT_W - PLOT_RIGHT + 16;
    svg_add(b,
            "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#999999\" "
            "stroke-dasharray=\"2 4\"/>\n<text x=\"%.1f\" y=\"%.1f\">",
            lx, ly, lx + 24, ly, lx + 30, ly + 4);
    svg_text(b, p->guide_label ? p->guide_label : "proportional");
    svg_add(b, "</text>\n");
}

char *plot_svg(const plot *p, size_t *size)
{
    svg_buf b = {NULL, 0, 0, 1};
    plot_axis x = {p->log_x, p->tight_x, 0, 0, PLOT_LEFT, PLOT_W - PLOT_LEFT - PLOT_RIGHT};
    plot_axis y = {p->log_y, 0, 0, 0, PLOT_H - PLOT_BOTTOM, -(PLOT_H - PLOT_TOP - PLOT_BOTTOM)};
    plot_ranges(p, &x, &y);
    svg_add(&b,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
            "viewBox=\"0 0 %.0f %.0f\" font-family=\"sans-serif\" font-size=\"13\">\n"
            "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n",
            PLOT_W, PLOT_H, PLOT_W, PLOT_H);
    svg_add(&b, "<text x=\"%.1f\" y=\"28\" font-size=\"17\" font-weight=\"bold\">", PLOT_LEFT);
    svg_text(&b, p->title);
    svg_add(&b, "</text>\n<text x=\"%.1f\" y=\"48\" font-size=\"11\" fill=\"#555555\">", PLOT_LEFT);
    svg_text(&b, p->subtitle);
    svg_add(&b, "</text>\n");
    plot_ticks(&b, &x, &y, 1);
    plot_ticks(&b, &y, &x, 0);
    svg_add(&b,
            "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"none\" "
            "stroke=\"#333333\"/>\n",
            x.from, y.from + y.length, x.length, -y.length);
    svg_add(&b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">", x.from + x.length / 2,
            PLOT_H - 20);
    svg_text(&b, p->x_label);
    svg_add(&b,
            "</text>\n<text transform=\"translate(24 %.1f) rotate(-90)\" "
            "text-anchor=\"middle\">",
            y.from + y.length / 2);
    svg_text(&b, p->y_label);
    svg_add(&b, "</text>\n");
    plot_lines_draw(&b, p, &x, &y);
    plot_series_draw(&b, p, &x, &y);
    svg_add(&b, "</svg>\n");
    if (!b.ok) {
        mem_free(b.text);
        return NULL;
    }
    if (size)
        *size = b.len;
    return b.text;
}

int plot_write_svg(const plot *p, const char *path, char *err, size_t err_size)
{
    size_t size = 0;
    char *svg = plot_svg(p, &size);
    if (!svg) {
        snprintf(err, err_size, "%s: out of memory while writing the plot", path);
        return -1;
    }
    int rc = file_write_atomic(path, svg, size, err, err_size);
    mem_free(svg);
    return rc;
}
