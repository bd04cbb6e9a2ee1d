/* bench threads: the quick run completes, every phase is timed on one and two
 * threads under stable keys, and one and two threads give the same results
 * (the scenario's own check, asserted here). No timing is judged. */
#include "../check.h"
#include "bench/bench.h"
#include "bench/threads_bench.h"

#include <stdlib.h>

int main(void)
{
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    bench b;
    bench_init(&b, out, 1);
    CHECK_EQ_INT(threads_bench_run(&b), 0);
    fclose(out);
    CHECK_STR_CONTAINS(text, "== threads:");
    CHECK_STR_CONTAINS(text, "one and two threads gave the same results, bit for bit");
    const bench_figure *m = bench_figure_find(&b, "threads/check/mismatches");
    CHECK(m && m->value == 0);
    static const char *const rows[] = {
        "motion_10k",        "motion_100k",   "motion__turning_100k", "player_sweep_10k",
        "player_sweep_100k", "vertices_100k", "instances_10k",        "instances_100k"};
    static const char *const cols[] = {"1_thread", "2_threads",   "speedup",
                                       "engine",   "engine_uses", "same_result"};
    for (size_t r = 0; r < sizeof rows / sizeof rows[0]; r++)
        for (size_t c = 0; c < sizeof cols / sizeof cols[0]; c++) {
            char key[160];
            snprintf(key, sizeof key, "threads/phases/%s/%s", rows[r], cols[c]);
            const bench_figure *f = bench_figure_find(&b, key);
            CHECK(f != NULL);
            if (f && c == 5)
                CHECK(f->value == 1);
            if (!f)
                fprintf(stderr, "missing %s\n", key);
        }
    CHECK(bench_figure_find(&b, "threads/empty_pass") != NULL);
    bench_free(&b);
    free(text);
    return check_done("bench.threads");
}
