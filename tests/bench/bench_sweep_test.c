/* bench_sweep and plot: a sweep of a made-up scenario (a cost known in advance)
 * records one figure per count and series, notes where each series crosses
 * 16.7 ms, and writes an SVG that is well-formed XML with one polyline per
 * series, the 16.7 ms line and the guide; the crossing is interpolated on the
 * log-log curve; points a log axis cannot show are left out, never drawn at
 * infinity. The real sweepers are smoke-run by app.bench. */
#include "../check.h"
#include "bench/bench.h"
#include "bench/bench_sweep.h"
#include "bench/plot.h"
#include "core/file.h"
#include "core/mem.h"

#include <expat.h>
#include <stdlib.h>
#include <unistd.h>

/* Series 0 costs 1 us per bullet (16.7 ms at 16,667 bullets), series 1 grows
 * with the square, series 2 is flat and below the line. */
static int fake_measure(bench *b, uint32_t n, double *ms)
{
    (void)b;
    ms[0] = n * 1e-3;
    ms[1] = (double)n * n * 1e-8;
    ms[2] = 0.5;
    return 0;
}

static const bench_sweeper fake = {
    "fake", "a made-up cost", {"linear", "square", "flat"}, 3, fake_measure,
};

typedef struct svg_count {
    int elements, polylines, texts, depth, max_depth;
} svg_count;

static void XMLCALL svg_start(void *user, const XML_Char *name, const XML_Char **attrs)
{
    (void)attrs;
    svg_count *c = user;
    c->elements++;
    c->polylines += strcmp(name, "polyline") == 0;
    c->texts += strcmp(name, "text") == 0;
    if (++c->depth > c->max_depth)
        c->max_depth = c->depth;
}

static void XMLCALL svg_end(void *user, const XML_Char *name)
{
    (void)name;
    ((svg_count *)user)->depth--;
}

/* Parses the SVG with expat: 1 when well-formed; counts into c. */
static int svg_parse(const char *text, size_t size, svg_count *c)
{
    XML_Parser p = XML_ParserCreate("UTF-8");
    XML_SetUserData(p, c);
    XML_SetElementHandler(p, svg_start, svg_end);
    int ok = XML_Parse(p, text, (int)size, 1) == XML_STATUS_OK;
    if (!ok)
        fprintf(stderr, "svg:%lu: %s\n", (unsigned long)XML_GetCurrentLineNumber(p),
                XML_ErrorString(XML_GetErrorCode(p)));
    XML_ParserFree(p);
    return ok;
}

static void sweep_test_run(void)
{
    char path[] = "/tmp/curtain-sweep-test-XXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0);
    close(fd);
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    bench b;
    bench_init(&b, out, 1); /* quick: 1k .. 64k */
    char err[256];
    CHECK_EQ_INT(bench_sweep_run(&b, &fake, path, err, sizeof err), 0);
    fclose(out);
    /* 7 counts x 3 series, and one crossing (linear; square crosses too) */
    int cells = 0;
    for (int i = 0; i < b.figure_count; i++)
        cells += strncmp(b.figures[i].key, "sweep/fake/", 11) == 0 &&
                 strstr(b.figures[i].key, "at_16.7ms") == NULL;
    CHECK_EQ_INT(cells, 21);
    const bench_figure *f = NULL;
    for (int i = 0; i < b.figure_count; i++)
        if (strcmp(b.figures[i].key, "sweep/fake/64k/square") == 0)
            f = &b.figures[i];
    CHECK(f && fabs(f->value - 65536.0 * 65536.0 * 1e-8) < 1e-9);
    CHECK(f && strcmp(f->unit, "ms/frame") == 0);
    CHECK_STR_CONTAINS(text, "linear: 16.7 ms per frame at about 16667 bullets");
    CHECK_STR_CONTAINS(text, "flat: under 16.7 ms per frame up to 65536 bullets");
    CHECK_STR_CONTAINS(text, "plot: /tmp/curtain-sweep-test-");
    bench_free(&b);
    free(text);

    size_t svg_size = 0;
    char *svg = file_read_all(path, &svg_size, err, sizeof err);
    CHECK(svg != NULL);
    svg_count c = {0};
    CHECK(svg && svg_parse(svg, svg_size, &c));
    CHECK_EQ_INT(c.polylines, 4); /* three series and the guide */
    CHECK(c.max_depth == 2);      /* flat: <svg> and its children */
    CHECK_STR_CONTAINS(svg, "<svg xmlns=\"http://www.w3.org/2000/svg\"");
    CHECK_STR_CONTAINS(svg, "16.7 ms: one frame at 60 Hz");
    CHECK_STR_CONTAINS(svg, ">linear growth</text>");
    CHECK_STR_CONTAINS(svg, ">square</text>");
    CHECK_STR_CONTAINS(svg, ">10k</text>"); /* a tick label */
    mem_free(svg);
    unlink(path);
}

static void sweep_test_crossing(void)
{
    double n[] = {1000, 2000, 4000};
    double ms[] = {4, 8, 32};
    /* 16 lies between 8 at 2k and 32 at 4k: on the log-log line, at 2000 * 2^0.5 */
    CHECK_NEAR(bench_sweep_crossing(n, ms, 3, 16), 2000 * sqrt(2.0), 1e-6);
    CHECK_NEAR(bench_sweep_crossing(n, ms, 3, 8), 2000, 1e-9);
    CHECK_NEAR(bench_sweep_crossing(n, ms, 3, 1), 1000, 1e-9); /* already above at the start */
    CHECK(bench_sweep_crossing(n, ms, 3, 33) == 0);
    double holes[] = {NAN, 8, 32};
    CHECK_NEAR(bench_sweep_crossing(n, holes, 3, 16), 2000 * sqrt(2.0), 1e-6);
}

/* Points a log axis cannot show are left out; escapes are escaped. */
static void sweep_test_plot_edges(void)
{
    double x[] = {0, 10, 100, 1000};
    double y[] = {1, -2, NAN, 3};
    plot p = {.title = "a <b> & c",
              .x_label = "x",
              .y_label = "y",
              .log_x = 1,
              .log_y = 1,
              .series_count = 1,
              .series = {{"s&t", x, y, 4}}};
    size_t size = 0;
    char *svg = plot_svg(&p, &size);
    CHECK(svg != NULL);
    svg_count c = {0};
    CHECK(svg && svg_parse(svg, size, &c));
    CHECK_STR_CONTAINS(svg, "a &lt;b&gt; &amp; c");
    CHECK(svg && strstr(svg, "inf") == NULL && strstr(svg, "nan") == NULL);
    /* one drawable point: (1000, 3) */
    CHECK(svg && strstr(svg, "<circle") && !strstr(strstr(svg, "<circle") + 1, "<circle"));
    mem_free(svg);
    /* nothing drawable at all still gives a chart */
    plot empty = {.title = "empty", .log_x = 1, .log_y = 1};
    svg = plot_svg(&empty, &size);
    CHECK(svg && svg_parse(svg, size, &c));
    mem_free(svg);
}

int main(void)
{
    sweep_test_run();
    sweep_test_crossing();
    sweep_test_plot_edges();
    return check_done("bench.sweep");
}
