/* bench collide: the quick run completes, every path agrees with brute force, the
 * tables carry their figures under unique keys, and the chosen path is recorded.
 * A smoke test: no figure's value is judged here (performance lives in the
 * benchmark, never in tests). */
#include "../check.h"
#include "bench/bench.h"
#include "bench/collide_bench.h"

#include <stdlib.h>

int main(void)
{
    size_t size = 0;
    char *text = NULL;
    FILE *out = open_memstream(&text, &size);
    bench b;
    bench_init(&b, out, 1);
    CHECK_EQ_INT(collide_bench_run(&b), 0);
    fclose(out);

    CHECK_STR_CONTAINS(text, "== collide:");
    CHECK_STR_CONTAINS(text, "Case 1: enemy bullets vs players");
    CHECK_STR_CONTAINS(text, "Case 2: player shots");
    CHECK_STR_CONTAINS(text, "Case 3: bullets vs bullets");
    CHECK_STR_CONTAINS(text, "every path found exactly what brute force found");

    const bench_figure *mismatches = bench_figure_find(&b, "collide/check/mismatches");
    CHECK(mismatches != NULL);
    CHECK(mismatches && mismatches->value == 0.0);

    static const char *const keys[] = {
        "collide/players/1k_x1_brute/time",
        "collide/players/10k_x2_chosen/tests",
        "collide/shots_circles/200x50_grid/time",
        "collide/shots_boxes/200x10_sweep/found",
        "collide/self/1k_chosen/vs_brute",
        "collide/build/10k/sort",
        "collide/sweep_kernel/box_step__exact_on_flagged/time",
    };
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
        const bench_figure *f = bench_figure_find(&b, keys[i]);
        if (!f)
            fprintf(stderr, "missing figure %s\n", keys[i]);
        CHECK(f != NULL);
        CHECK(f && f->value >= 0.0);
    }
    /* brute force and every path report the same findings in a row group */
    const bench_figure *brute = bench_figure_find(&b, "collide/self/1k_brute/found");
    const bench_figure *grid = bench_figure_find(&b, "collide/self/1k_grid/found");
    CHECK(brute && grid && brute->value == grid->value && brute->value > 0);

    int duplicates = 0;
    for (int i = 0; i < b.figure_count; i++)
        for (int j = i + 1; j < b.figure_count; j++)
            duplicates += strcmp(b.figures[i].key, b.figures[j].key) == 0;
    CHECK_EQ_INT(duplicates, 0);
    CHECK(b.figure_count > 100);

    bench_free(&b);
    free(text);
    return check_done("bench.collide");
}
