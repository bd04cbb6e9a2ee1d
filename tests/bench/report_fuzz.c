/*
 * report_fuzz: the libFuzzer target of the bench report reader (the JSON that
 * `curtain bench --compare OLD.json` reads). Any bytes are a report: they must
 * load or be refused with a reason naming the file, never crash, leak or hang.
 * A report that loads is compared with itself, as --compare would print it.
 *
 * Built with clang and -DCURTAIN_FUZZ=ON as fuzz_bench_report; its corpus,
 * tests/bench/fuzz/report/, is replayed by ctest with any compiler
 * (bench.report_fuzz_corpus). To fuzz: see docs/development.md, "Fuzzing".
 */
#include "bench/bench_compare.h"
#include "bench/bench_report.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static FILE *sink;
    if (!sink && !(sink = fopen("/dev/null", "w")))
        abort();
    bench_report r;
    char err[512];
    err[0] = '\0';
    if (bench_report_parse(&r, "fuzz.json", (const char *)data, size, err, sizeof err) != 0) {
        if (strncmp(err, "fuzz.json", 9) != 0 || r.figure_count != 0)
            abort();
        bench_report_free(&r);
        return 0;
    }
    bench_compare_totals t;
    if (bench_compare_print(sink, &r, &r, BENCH_COMPARE_THRESHOLD, &t) == 0 &&
        (t.worse != 0 || t.better != 0 || t.only_old != 0 || t.only_new != 0))
        abort(); /* a report compared with itself changes nothing */
    bench_report_free(&r);
    return 0;
}
