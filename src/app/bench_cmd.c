/*
 * bench_cmd: `curtain bench [SCENARIO...] [--list] [--quick] [--json FILE]`.
 *
 * With no scenario named, every scenario runs, in table order. A scenario is a
 * row of bench_scenarios below: its name, a one-line summary for --list and
 * --help, and the function that runs it (SDL-free, in src/bench/ or beside what
 * it measures). To add one, add a row.
 */
#include "app/bench_cmd.h"

#include "app/cli.h"
#include "bench/bench.h"
#include "bench/bulletml_bench.h"
#include "bench/collide_bench.h"
#include "bench/pattern_bench.h"
#include "bench/pool_bench.h"
#include "render/render_bench.h"

#include <string.h>

typedef struct bench_scenario {
    const char *name;
    const char *summary;
    int (*run)(bench *b); /* 0, or -1 when it could not run (out of memory) */
} bench_scenario;

static const bench_scenario bench_scenarios[] = {
    {"pool", "bullet pool: add/remove and malloc comparisons, update pass vs bandwidth",
     pool_bench_run},
    {"collide", "collision: brute force, sweep and grid in the three reference cases",
     collide_bench_run},
    {"patterns", "pattern VM: 10,000 scripted emitters, sleeping vs countdown, compile time",
     pattern_bench_run},
    {"render", "drawing bullets: batching per back end against one SDL_RenderCopy each",
     render_bench_run},
    {"bulletml", "the BulletML corpus, 1,000 emitters per file: curtain vs libbulletml",
     bulletml_bench_run},
};
#define BENCH_SCENARIO_COUNT ((int)(sizeof bench_scenarios / sizeof bench_scenarios[0]))
#define BENCH_MAX_NAMED      32

typedef struct bench_options {
    int list;
    int quick;
    const char *json;
} bench_options;

enum {
    BENCH_OPTION_COUNT = 3
};

static void bench_cmd_bind(bench_options *o, cli_option table[BENCH_OPTION_COUNT])
{
    const cli_option options[BENCH_OPTION_COUNT] = {
        {"list", CLI_FLAG, &o->list, NULL, "list the scenarios and exit", 0, 0},
        {"quick", CLI_FLAG, &o->quick, NULL,
         "fewer repetitions and sizes: a smoke run, not figures to compare", 0, 0},
        {"json", CLI_STRING, &o->json, "FILE", "also write every figure to FILE as JSON", 0, 0},
    };
    memcpy(table, options, sizeof options);
}

static void bench_cmd_list(FILE *out)
{
    for (int i = 0; i < BENCH_SCENARIO_COUNT; i++)
        fprintf(out, "  %-10s %s\n", bench_scenarios[i].name, bench_scenarios[i].summary);
}

void bench_cmd_print_usage(FILE *out)
{
    bench_options o = {0};
    cli_option options[BENCH_OPTION_COUNT];
    bench_cmd_bind(&o, options);
    cli_spec spec = {"bench", options, BENCH_OPTION_COUNT, 0, BENCH_MAX_NAMED, "SCENARIO..."};
    fprintf(out, "usage: curtain bench [SCENARIO...] [--list] [--quick] [--json FILE]\n"
                 "\n"
                 "Runs deterministic benchmark scenarios headless and prints their tables\n"
                 "(all of them when none is named). Scenarios:\n");
    bench_cmd_list(out);
    fprintf(out, "\nOptions:\n");
    cli_print_options(out, &spec);
}

static const bench_scenario *bench_cmd_find(const char *name)
{
    for (int i = 0; i < BENCH_SCENARIO_COUNT; i++)
        if (strcmp(bench_scenarios[i].name, name) == 0)
            return &bench_scenarios[i];
    return NULL;
}

int bench_cmd_main(int argc, char **argv, int first, const char *command)
{
    if (cli_wants_help(argc, argv, first)) {
        bench_cmd_print_usage(stdout);
        return CLI_EXIT_OK;
    }
    bench_options o = {0};
    cli_option options[BENCH_OPTION_COUNT];
    bench_cmd_bind(&o, options);
    cli_spec spec = {command, options, BENCH_OPTION_COUNT, 0, BENCH_MAX_NAMED, "SCENARIO..."};
    const char *named[BENCH_MAX_NAMED];
    int named_count = 0;
    int rc = cli_parse(&spec, argc, argv, first, named, &named_count);
    if (rc != CLI_EXIT_OK)
        return rc;
    if (o.list) {
        bench_cmd_list(stdout);
        return CLI_EXIT_OK;
    }
    const bench_scenario *chosen[BENCH_MAX_NAMED];
    int count = 0;
    for (int i = 0; i < named_count; i++) {
        chosen[count] = bench_cmd_find(named[i]);
        if (!chosen[count])
            return cli_usage_error(command, "unknown scenario '%s' (see --list)", named[i]);
        count++;
    }
    if (count == 0)
        for (; count < BENCH_SCENARIO_COUNT; count++)
            chosen[count] = &bench_scenarios[count];

    bench b;
    bench_init(&b, stdout, o.quick);
    bench_print_header(&b);
    int failed = 0;
    for (int i = 0; i < count; i++)
        if (chosen[i]->run(&b) != 0) {
            fprintf(stderr, "curtain bench: scenario '%s' could not run (out of memory)\n",
                    chosen[i]->name);
            failed = 1;
        }
    if (o.json) {
        char err[512];
        if (b.failed || bench_write_json(&b, o.json, err, sizeof err) != 0) {
            fprintf(stderr, "curtain bench: %s\n", b.failed ? "out of memory for figures" : err);
            failed = 1;
        }
    }
    bench_free(&b);
    return failed ? CLI_EXIT_FAILURE : CLI_EXIT_OK;
}
