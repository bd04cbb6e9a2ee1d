/* bench_report and bench_compare: the strict reader of curtain-bench/1 files
 * takes back what bench_write_json wrote; refuses bad, foreign and truncated
 * files with "file:line:col: message" and never crashes on any of them; the
 * comparison judges each figure by its direction, lists figures found in one
 * run only and names where the machines differ. */
#include "../check.h"
#include "bench/bench.h"
#include "bench/bench_compare.h"
#include "bench/bench_report.h"
#include "core/file.h"
#include "core/mem.h"

#include <stdlib.h>
#include <unistd.h>

/* A run with three figures of each direction, written to a temporary file. */
static char *report_test_write(char *path, size_t size)
{
    bench b;
    bench_init(&b, stderr, 0);
    bench_begin_scenario(&b, "demo", "test");
    bench_record(&b, "demo/t/a/time", 1.25, "ns/bullet", BENCH_LOWER_BETTER);
    bench_record(&b, "demo/t/a/speedup", 3.0, "x", BENCH_HIGHER_BETTER);
    bench_record(&b, "demo/t/a/count", 100000, "bullets", BENCH_NEUTRAL);
    bench_record(&b, "demo/t/nan", NAN, "ms", BENCH_LOWER_BETTER); /* dropped */
    snprintf(path, size, "/tmp/curtain-report-test-XXXXXX");
    int fd = mkstemp(path);
    CHECK(fd >= 0);
    close(fd);
    char err[256];
    CHECK(bench_write_json(&b, path, err, sizeof err) == 0);
    bench_free(&b);
    return file_read_all(path, NULL, err, sizeof err);
}

static void report_test_round_trip(void)
{
    char path[64];
    char *text = report_test_write(path, sizeof path);
    CHECK(text != NULL);
    bench_report r;
    char err[512] = "";
    CHECK_EQ_INT(bench_report_load(&r, path, err, sizeof err), 0);
    CHECK_EQ_INT(r.figure_count, 3);
    CHECK(strcmp(r.figures[0].key, "demo/t/a/time") == 0);
    CHECK(r.figures[0].value == 1.25);
    CHECK(strcmp(r.figures[0].unit, "ns/bullet") == 0);
    CHECK(r.figures[1].better == BENCH_HIGHER_BETTER);
    CHECK(r.figures[2].better == BENCH_NEUTRAL);
    CHECK(r.quick == 0);
    bench_machine m;
    bench_machine_detect(&m);
    CHECK(strcmp(r.machine.cpu, m.cpu) == 0);
    CHECK(strcmp(r.machine.flags, m.flags) == 0);
    CHECK_EQ_INT(r.machine.cores, m.cores);
    const bench_figure *f = bench_report_find(&r, "demo/t/a/speedup");
    CHECK(f && f->value == 3.0);
    CHECK(bench_report_find(&r, "demo/t/nan") == NULL);
    bench_report_free(&r);

    /* Every truncation of a good file is refused, with a position, and no
     * crash; so is every byte of it replaced by a few others (the sanitizer
     * builds run this too). */
    size_t len = strlen(text);
    int refused = 0;
    for (size_t cut = 0; cut < len; cut++) {
        err[0] = '\0';
        int rc = bench_report_parse(&r, "cut.json", text, cut, err, sizeof err);
        refused += rc != 0;
        if (rc == 0)
            bench_report_free(&r);
    }
    /* trailing white space alone may go: everything else must be refused */
    CHECK(refused >= (int)len - 2);
    static const char swaps[] = {'"', '}', ',', '0', 'x', '\\', '\0', ' ', '\x80'};
    char *copy = mem_alloc(len + 1);
    for (size_t i = 0; copy && i < len; i++)
        for (size_t k = 0; k < sizeof swaps; k++) {
            memcpy(copy, text, len + 1);
            copy[i] = swaps[k];
            if (bench_report_parse(&r, "swap.json", copy, len, err, sizeof err) == 0)
                bench_report_free(&r);
        }
    mem_free(copy);
    mem_free(text);
    unlink(path);
}

/* The text must be refused with a message containing `want`. */
static void report_test_refuses(const char *text, const char *want)
{
    bench_report r;
    char err[512] = "";
    int rc = bench_report_parse(&r, "bad.json", text, strlen(text), err, sizeof err);
    CHECK(rc != 0);
    CHECK_STR_CONTAINS(err, want);
    CHECK_STR_CONTAINS(err, "bad.json:");
    CHECK(r.figures == NULL && r.figure_count == 0);
    if (rc == 0)
        bench_report_free(&r);
}

#define GOOD_MACHINE                                                                 \
    "\"machine\": {\"cpu\": \"X\", \"cores\": 2, \"compiler\": \"gcc\", \"build\": " \
    "\"Release\", \"flags\": \"-O3\"}"
#define GOOD_HEAD "{\"schema\": \"curtain-bench/1\", \"curtain\": \"0.1.0\", " GOOD_MACHINE ", "
#define FIGURE(key, value) \
    "{\"key\": \"" key "\", \"value\": " value ", \"unit\": \"ms\", \"better\": \"lower\"}"

static void report_test_bad(void)
{
    /* foreign files */
    report_test_refuses("", "not a curtain bench report");
    report_test_refuses("[1, 2]", "not a curtain bench report: expected a JSON object, found '['");
    report_test_refuses("{\"name\": \"package\", \"version\": \"1.0\"}", "member \"name\"");
    report_test_refuses("{}", "no \"schema\"");
    report_test_refuses("\x7f"
                        "ELF\x02\x01",
                        "not a curtain bench report");
    report_test_refuses("{\"schema\": \"curtain-bench/2\"}",
                        "1:12: the schema is \"curtain-bench/2\"; this curtain reads");
    /* bad JSON */
    report_test_refuses(GOOD_HEAD "\"quick\": false, \"figures\": [" FIGURE("a/b", "1") ",]}",
                        "a figure (an object)");
    report_test_refuses(GOOD_HEAD "\"quick\": false, \"figures\": [" FIGURE("a/b", "01") "]}",
                        "',' or '}'");
    report_test_refuses(GOOD_HEAD "\"quick\": false, \"figures\": [" FIGURE("a/b", "NaN") "]}",
                        "expected a number");
    report_test_refuses(GOOD_HEAD "\"quick\": false, \"figures\": [" FIGURE("a/b", "1e999") "]}",
                        "out of range");
    report_test_refuses(GOOD_HEAD "\"quick\": false, \"figures\": [" FIGURE("a/b", "-") "]}",
                        "expected a number");
    report_test_refuses(GOOD_HEAD "\"quick\": false, \"figures\": [" FIGURE("a/b", ".5") "]}",
                        "expected a number");
    report_test_refuses(GOOD_HEAD "\"quick\": 0, \"figures\": []}", "expected true or false");
    report_test_refuses(GOOD_HEAD "\"quick\": false, \"figures\": []} x", "text after the end");
    report_test_refuses(GOOD_HEAD "\"quick\": false, \"figures\": [] /* c */}", "',' or '}'");
    report_test_refuses(GOOD_HEAD "\"quick\": false, \"figures\": [" FIGURE("a\\q", "1") "]}",
                        "unknown escape");
    report_test_refuses(GOOD_HEAD "\"quick\": false, \"figures\": [" FIGURE("a\\ud800", "1") "]}",
                        "bad \\u escape");
    report_test_refuses(GOOD_HEAD "\"quick\": false, \"figures\": [" FIGURE("a\xc3(", "1") "]}",
                        "not valid UTF-8");
    report_test_refuses(GOOD_HEAD "\"quick\": false, \"figures\": [" FIGURE("a\tb", "1") "]}",
                        "control character");
    report_test_refuses(GOOD_HEAD "\"quick\": false, \"figures\": [{\"key\": \"a", "never ends");
    /* the schema broken */
    report_test_refuses(GOOD_HEAD "\"quick\": false}", "the report has no \"figures\"");
    report_test_refuses(GOOD_HEAD "\"quick\": false, \"quick\": true, \"figures\": []}",
                        "has \"quick\" twice");
    report_test_refuses(GOOD_HEAD "\"quick\": false, \"figures\": [" FIGURE("a/b", "1") ", " FIGURE(
                            "a/b", "2") "]}",
                        "the figure \"a/b\" is there twice");
    report_test_refuses(GOOD_HEAD "\"quick\": false, \"figures\": [" FIGURE("", "1") "]}",
                        "key is empty");
    report_test_refuses(GOOD_HEAD
                        "\"quick\": false, \"figures\": [{\"key\": \"a\", \"value\": 1, \"unit\": "
                        "\"ms\", \"better\": \"faster\"}]}",
                        "\"better\" is \"faster\"");
    report_test_refuses(GOOD_HEAD "\"quick\": false, \"figures\": [{\"key\": \"a\", \"value\": 1, "
                                  "\"unit\": \"ms\"}]}",
                        "a figure has no \"better\"");
    report_test_refuses(GOOD_HEAD "\"quick\": false, \"figures\": [{\"key\": \"a\", \"value\": "
                                  "\"1\", \"unit\": \"ms\", \"better\": \"lower\"}]}",
                        "expected a number");
    report_test_refuses("{\"schema\": \"curtain-bench/1\", \"curtain\": \"0.1.0\", \"machine\": "
                        "{\"cpu\": \"X\", \"cores\": 2.5, \"compiler\": \"gcc\", \"build\": \"R\", "
                        "\"flags\": \"\"}, \"quick\": false, \"figures\": []}",
                        "not a count of cores");
    /* A count of cores past int was converted to int before it was refused:
     * undefined behaviour (found by fuzz_bench_report; clang's -fsanitize=undefined
     * reports it on tests/bench/fuzz/report/cores_past_int, gcc's leaves out
     * float-cast-overflow). */
    report_test_refuses("{\"schema\": \"curtain-bench/1\", \"curtain\": \"0.1.0\", \"machine\": "
                        "{\"cpu\": \"X\", \"cores\": 1e308, \"compiler\": \"gcc\", \"build\": "
                        "\"R\", \"flags\": \"\"}, \"quick\": false, \"figures\": []}",
                        "1:83: \"cores\" is not a count of cores");
    report_test_refuses("{\"schema\": \"curtain-bench/1\", \"curtain\": \"0.1.0\", \"machine\": "
                        "{\"cpu\": \"X\"}, \"quick\": false, \"figures\": []}",
                        "\"machine\" has no \"cores\"");
    report_test_refuses("{\"schema\": \"curtain-bench/1\",\n  \"curtain\": 1}", "2:14:");

    /* a good one, with escapes and white space of every kind */
    const char *good = " {\"figures\": [\n\t" FIGURE(
        "a/\\u00e9\\\"", "-1.5e-3") "],\r\n"
                                    "\"quick\": true, " GOOD_MACHINE ", \"curtain\": \"0.2\", "
                                    "\"schema\": \"curtain-bench/1\"} \n";
    bench_report r;
    char err[512] = "";
    CHECK_EQ_INT(bench_report_parse(&r, "good.json", good, strlen(good), err, sizeof err), 0);
    CHECK_EQ_INT(r.figure_count, 1);
    CHECK(r.figure_count == 1 && strcmp(r.figures[0].key, "a/\xc3\xa9\"") == 0);
    CHECK(r.figure_count == 1 && r.figures[0].value == -1.5e-3);
    CHECK(r.quick == 1);
    CHECK(strcmp(r.machine.version, "0.2") == 0);
    bench_report_free(&r);

    /* files that are not there, or not files */
    CHECK(bench_report_load(&r, "/nonexistent/old.json", err, sizeof err) != 0);
    CHECK_STR_CONTAINS(err, "/nonexistent/old.json: cannot open");
    CHECK(bench_report_load(&r, "/tmp", err, sizeof err) != 0);
    CHECK_STR_CONTAINS(err, "/tmp: cannot read: Is a directory");
    /* A report over the limit is refused by its size, not read. */
    char big[] = "/tmp/curtain-report-big-XXXXXX";
    int fd = mkstemp(big);
    CHECK(fd >= 0);
    if (fd >= 0) {
        CHECK(ftruncate(fd, (off_t)BENCH_REPORT_MAX_BYTES + 1) == 0);
        close(fd);
        CHECK(bench_report_load(&r, big, err, sizeof err) != 0);
        CHECK_STR_CONTAINS(err, ": file too large (67108865 B; the limit is 67108864 B)");
        unlink(big);
    }
}

static bench_figure report_test_figure(const char *key, double value, const char *unit,
                                       bench_better better)
{
    bench_figure f = {.value = value, .better = better};
    snprintf(f.key, sizeof f.key, "%s", key);
    snprintf(f.unit, sizeof f.unit, "%s", unit);
    return f;
}

static void report_test_compare(void)
{
    bench_figure o = report_test_figure("s/t/r/c", 10, "ms", BENCH_LOWER_BETTER);
    bench_figure n = o;
    n.value = 9.6;
    CHECK_EQ_INT(bench_compare_figure(&o, &n, 0.05), BENCH_VERDICT_SAME);
    n.value = 9.0;
    CHECK_EQ_INT(bench_compare_figure(&o, &n, 0.05), BENCH_VERDICT_BETTER);
    n.value = 11.0;
    CHECK_EQ_INT(bench_compare_figure(&o, &n, 0.05), BENCH_VERDICT_WORSE);
    n.better = o.better = BENCH_HIGHER_BETTER;
    CHECK_EQ_INT(bench_compare_figure(&o, &n, 0.05), BENCH_VERDICT_BETTER);
    o.value = 0;
    CHECK_EQ_INT(bench_compare_figure(&o, &n, 0.05), BENCH_VERDICT_BETTER);
    n.better = o.better = BENCH_NEUTRAL;
    CHECK_EQ_INT(bench_compare_figure(&o, &n, 0.05), BENCH_VERDICT_NEUTRAL);
    snprintf(n.unit, sizeof n.unit, "us");
    CHECK_EQ_INT(bench_compare_figure(&o, &n, 0.05), BENCH_VERDICT_UNIT);

    bench_figure old_figs[] = {
        report_test_figure("pool/u/1k/time", 2.0, "ns", BENCH_LOWER_BETTER),
        report_test_figure("pool/u/1k/rate", 4.0, "GB/s", BENCH_HIGHER_BETTER),
        report_test_figure("pool/gone", 1.0, "x", BENCH_HIGHER_BETTER),
    };
    bench_figure new_figs[] = {
        report_test_figure("pool/new", 7.0, "x", BENCH_NEUTRAL),
        report_test_figure("pool/u/1k/rate", 4.1, "GB/s", BENCH_HIGHER_BETTER),
        report_test_figure("pool/u/1k/time", 1.0, "ns", BENCH_LOWER_BETTER),
    };
    bench_report old = {.name = "old.json", .figures = old_figs, .figure_count = 3};
    bench_report now = {.name = "new.json", .figures = new_figs, .figure_count = 3, .quick = 1};
    snprintf(old.machine.cpu, sizeof old.machine.cpu, "CPU A");
    snprintf(now.machine.cpu, sizeof now.machine.cpu, "CPU B");
    old.machine.cores = now.machine.cores = 2;
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    bench_compare_totals t;
    CHECK_EQ_INT(bench_compare_print(out, &old, &now, 0.05, &t), 0);
    fclose(out);
    CHECK_EQ_INT(t.both, 2);
    CHECK_EQ_INT(t.better, 1);
    CHECK_EQ_INT(t.same, 1);
    CHECK_EQ_INT(t.worse, 0);
    CHECK_EQ_INT(t.only_old, 1);
    CHECK_EQ_INT(t.only_new, 1);
    CHECK_EQ_INT(t.machine_differs, 2); /* the CPU and --quick */
    CHECK_STR_CONTAINS(text, "differs: cpu       \"CPU A\" -> \"CPU B\"");
    CHECK_STR_CONTAINS(text, "--quick figures are not comparable");
    CHECK_STR_CONTAINS(text, "-50.0%  better");
    CHECK_STR_CONTAINS(text, "+2.5%  ~");
    CHECK_STR_CONTAINS(text, "only in old.json:\n  pool/gone");
    CHECK_STR_CONTAINS(text, "only in new.json:\n  pool/new");
    /* geometric mean of 2.0 (time halved) and 1.025 */
    CHECK_STR_CONTAINS(text, "pool          1.432x");
    free(text);
}

int main(void)
{
    report_test_round_trip();
    report_test_bad();
    report_test_compare();
    return check_done("bench.report");
}
