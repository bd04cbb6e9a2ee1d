/* bench: tables record every printed number as a keyed figure; JSON holds them all. */
#include "../check.h"
#include "bench/bench.h"
#include "core/file.h"
#include "core/mem.h"

#include <stdlib.h>
#include <unistd.h>

static void bench_test_table_figures(void)
{
    char text[4096] = "";
    FILE *out = fmemopen(text, sizeof text, "w");
    bench b;
    bench_init(&b, out, 1);
    bench_begin_scenario(&b, "demo", "a test scenario");
    static const bench_column cols[] = {
        {"time", "ns/bullet", 2, BENCH_LOWER_BETTER},
        {"ratio", "x", 1, BENCH_HIGHER_BETTER},
    };
    bench_table t;
    bench_table_begin(&t, &b, "update", "Update pass", cols, 2, 16);
    bench_table_row(&t, "10k bullets");
    bench_table_value(&t, 1.25);
    bench_table_value(&t, 3.0);
    bench_table_row(&t, "naive");
    bench_table_value(&t, NAN); /* printed as "-", not a figure */
    bench_table_text(&t, "n/a");
    bench_table_end(&t);
    fclose(out);
    CHECK_EQ_INT(b.figure_count, 2);
    CHECK(strcmp(b.figures[0].key, "demo/update/10k_bullets/time") == 0);
    CHECK(strcmp(b.figures[0].unit, "ns/bullet") == 0);
    CHECK(b.figures[0].value == 1.25);
    CHECK(strcmp(b.figures[1].key, "demo/update/10k_bullets/ratio") == 0);
    CHECK(b.figures[1].better == BENCH_HIGHER_BETTER);
    CHECK_STR_CONTAINS(text, "== demo: a test scenario");
    CHECK_STR_CONTAINS(text, "time (ns/bullet)");
    CHECK_STR_CONTAINS(text, "1.25");
    CHECK_STR_CONTAINS(text, "n/a");

    char path[] = "/tmp/curtain-bench-test-XXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0);
    close(fd);
    char err[256];
    CHECK(bench_write_json(&b, path, err, sizeof err) == 0);
    char *json = file_read_all(path, NULL, err, sizeof err);
    CHECK_STR_CONTAINS(json, "\"schema\": \"curtain-bench/1\"");
    CHECK_STR_CONTAINS(json, "{\"key\": \"demo/update/10k_bullets/time\", \"value\": 1.25, "
                             "\"unit\": \"ns/bullet\", \"better\": \"lower\"}");
    CHECK_STR_CONTAINS(json, "\"quick\": true");
    mem_free(json);
    unlink(path);
    bench_free(&b);
}

static void bench_test_summarize(void)
{
    double samples[100];
    for (int i = 0; i < 100; i++)
        samples[i] = 100 - i; /* 100 .. 1, unsorted */
    bench_stats s = bench_summarize(samples, 100);
    CHECK(s.min == 1);
    CHECK(s.max == 100);
    CHECK(s.p50 == 50);
    CHECK(s.p99 == 99);
    CHECK_NEAR(s.mean, 50.5, 1e-12);
    CHECK(isnan(bench_summarize(samples, 0).p50));
}

int main(void)
{
    bench_test_table_figures();
    bench_test_summarize();
    return check_done("bench");
}
