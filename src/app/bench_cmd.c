/*
 * bench_cmd: `curtain bench [SCENARIO...] [options]`.
 *
 * With no scenario named, every scenario runs, in table order. A scenario is a
 * row of bench_scenarios below: its name, a one-line summary for --list and
 * --help, the function that runs it (in src/bench/ or beside what it measures,
 * SDL-free but for render's), when its cost is a function of the bullet count, the sweeper
 * `--sweep` runs, and the scenario it is a part of, if another runs it too
 * (`frame` runs `frame10k`, `frame100k` and `frame1m`). To add one, add a row.
 *
 * Every scenario runs at most once: a name given twice, or a part named beside
 * the scenario that runs it, would record its figures twice, and a JSON file
 * with a key twice is one --compare refuses.
 *
 * --compare OLD.json reads the old report before anything runs (a bad file
 * stops the command at once, not after minutes of measuring), runs the
 * scenarios named, or those the old report has, and prints the comparison;
 * with --against NEW.json it compares the two files and runs nothing.
 */
#include "app/bench_cmd.h"

#include "app/cli.h"
#include "bench/bench.h"
#include "bench/bench_compare.h"
#include "bench/bench_report.h"
#include "bench/bench_sweep.h"
#include "bench/bulletml_bench.h"
#include "bench/collide_bench.h"
#include "bench/frame_bench.h"
#include "bench/laser_bench.h"
#include "bench/lsp_bench.h"
#include "bench/pattern_bench.h"
#include "bench/pool_bench.h"
#include "bench/snapshot_bench.h"
#include "bench/threads_bench.h"
#include "core/file.h"
#include "render/render_bench.h"

#include <string.h>
#include <unistd.h>

typedef struct bench_scenario {
    const char *name;
    const char *summary;
    int (*run)(bench *b);         /* 0, or -1 when it could not run (out of memory) */
    const bench_sweeper *sweeper; /* NULL: not sweepable */
    const char *part_of;          /* the scenario that runs this one too, or NULL */
} bench_scenario;

static const bench_scenario bench_scenarios[] = {
    {"pool", "bullet pool: add/remove and malloc comparisons, update pass vs bandwidth",
     pool_bench_run, &pool_bench_sweeper, NULL},
    {"collide", "collision: brute force, sweep and grid in the three reference cases",
     collide_bench_run, &collide_bench_sweeper, NULL},
    {"patterns", "pattern VM: 10,000 scripted emitters, sleeping vs countdown, compile time",
     pattern_bench_run, NULL, NULL},
    {"render", "drawing bullets and lasers per back end: batching against one SDL_RenderCopy each",
     render_bench_run, &render_bench_sweeper, NULL},
    {"bulletml", "the BulletML corpus, 1,000 emitters per file: curtain vs libbulletml",
     bulletml_bench_run, NULL, NULL},
    {"threads", "motion, the player's sweep and vertex building on one thread and on two",
     threads_bench_run, NULL, NULL},
    {"frame", "the whole game frame (scripts, motion, collision, resolve) at 10k, 100k, 1M",
     frame_bench_run_all, &frame_bench_sweeper, NULL},
    {"frame10k", "the whole game frame at 10,000 bullets, 1 and 2 threads, vs naive",
     frame_bench_run_10k, NULL, "frame"},
    {"frame100k", "the whole game frame at 100,000 bullets (target: <= 2 ms)", frame_bench_run_100k,
     NULL, "frame"},
    {"frame1m", "the whole game frame at 1,000,000 bullets (target: <= 16.7 ms)",
     frame_bench_run_1m, NULL, "frame"},
    {"lsp", "curtain lsp's answers on the largest pattern file (target: <= 50 ms)", lsp_bench_run,
     NULL, NULL},
    {"storm", "a full screen of bullets cancelled in one frame (target: worst <= 2x median)",
     frame_bench_run_storm, NULL, NULL},
    {"lasers", "1,000 curvy (64 nodes) + 2,000 straight lasers: update, collide, vertices vs naive",
     laser_bench_run, NULL, NULL},
    {"snapshot",
     "world snapshots: take and restore (live parts, against whole blocks) on Lunatic stage 3 and "
     "at 100,000 bullets",
     snapshot_bench_run, NULL, NULL},
};
#define BENCH_SCENARIO_COUNT ((int)(sizeof bench_scenarios / sizeof bench_scenarios[0]))
#define BENCH_MAX_NAMED      32

typedef struct bench_options {
    int list;
    int quick;
    const char *json;
    const char *compare;
    const char *against;
    double threshold; /* percent */
    const char *sweep;
    const char *plot;
} bench_options;

enum {
    BENCH_OPTION_COUNT = 8
};

static void bench_cmd_bind(bench_options *o, cli_option table[BENCH_OPTION_COUNT])
{
    const cli_option options[BENCH_OPTION_COUNT] = {
        {"list", CLI_FLAG, &o->list, NULL, "list the scenarios and exit", 0, 0},
        {"quick", CLI_FLAG, &o->quick, NULL,
         "fewer repetitions and sizes: a smoke run, not figures to compare", 0, 0},
        {"json", CLI_STRING, &o->json, "FILE", "also write every figure to FILE as JSON", 0, 0},
        {"compare", CLI_STRING, &o->compare, "OLD.json",
         "print the change of every figure against an earlier run's --json file (runs the "
         "scenarios named, or those OLD.json has)",
         0, 0},
        {"against", CLI_STRING, &o->against, "NEW.json",
         "with --compare: compare two files, run nothing", 0, 0},
        {"threshold", CLI_DOUBLE, &o->threshold, "PCT",
         "with --compare: changes within PCT percent read '~' (default 5)", 0, 1000},
        {"sweep", CLI_STRING, &o->sweep, "SCENARIO",
         "run SCENARIO from 1k to 4M bullets and plot time per frame against bullets", 0, 0},
        {"plot", CLI_STRING, &o->plot, "FILE.svg",
         "with --sweep: where the plot goes (default sweep-SCENARIO.svg)", 0, 0},
    };
    memcpy(table, options, sizeof options);
}

static void bench_cmd_list(FILE *out)
{
    for (int i = 0; i < BENCH_SCENARIO_COUNT; i++)
        fprintf(out, "  %-10s %s%s\n", bench_scenarios[i].name, bench_scenarios[i].summary,
                bench_scenarios[i].sweeper ? " [--sweep]" : "");
}

void bench_cmd_print_usage(FILE *out)
{
    bench_options o = {0};
    cli_option options[BENCH_OPTION_COUNT];
    bench_cmd_bind(&o, options);
    cli_spec spec = {"bench", options, BENCH_OPTION_COUNT, 0, BENCH_MAX_NAMED, "SCENARIO..."};
    fprintf(out,
            "usage: curtain bench [SCENARIO...] [--list] [--quick] [--json FILE]\n"
            "                     [--compare OLD.json [--against NEW.json] [--threshold PCT]]\n"
            "                     [--sweep SCENARIO [--plot FILE.svg]]\n"
            "\n"
            "Runs deterministic benchmark scenarios headless and prints their tables\n"
            "(all of them when none is named). Scenarios ([--sweep]: can be swept):\n");
    bench_cmd_list(out);
    fprintf(out, "\nOptions:\n");
    cli_print_options(out, &spec);
    fprintf(out, "\nThe JSON schema and how to compare machines or builds: docs/bench.md.\n");
}

static const bench_scenario *bench_cmd_find(const char *name)
{
    for (int i = 0; i < BENCH_SCENARIO_COUNT; i++)
        if (strcmp(bench_scenarios[i].name, name) == 0)
            return &bench_scenarios[i];
    return NULL;
}

/* Whether s runs already as one of chosen[0 .. count), or as a part of one. */
static int bench_cmd_covered(const bench_scenario *s, const bench_scenario **chosen, int count)
{
    for (int i = 0; i < count; i++)
        if (chosen[i] == s || (s->part_of && strcmp(chosen[i]->name, s->part_of) == 0))
            return 1;
    return 0;
}

/* Drops from chosen the scenarios that another one chosen runs (or that come
 * twice), keeping the order of the rest. Returns how many are left. */
static int bench_cmd_dedup(const bench_scenario **chosen, int count)
{
    int kept = 0;
    for (int i = 0; i < count; i++) {
        const bench_scenario *s = chosen[i];
        if (!bench_cmd_covered(s, chosen, kept) &&
            !(s->part_of && bench_cmd_covered(s, chosen + i + 1, count - i - 1)))
            chosen[kept++] = s;
    }
    return kept;
}

/* The scenarios an old report has figures of, in table order; a sweep's
 * figures ("sweep/SCENARIO/...") name the sweep in *sweep. Returns how many. */
static int bench_cmd_from_report(const bench_report *old, const bench_scenario **chosen,
                                 const char **sweep)
{
    int count = 0;
    for (int i = 0; i < BENCH_SCENARIO_COUNT; i++) {
        size_t len = strlen(bench_scenarios[i].name);
        for (int k = 0; k < old->figure_count; k++) {
            const char *key = old->figures[k].key;
            if (strncmp(key, bench_scenarios[i].name, len) == 0 && key[len] == '/') {
                chosen[count++] = &bench_scenarios[i];
                break;
            }
            if (!*sweep && bench_scenarios[i].sweeper && strncmp(key, "sweep/", 6) == 0 &&
                strncmp(key + 6, bench_scenarios[i].name, len) == 0 && key[6 + len] == '/')
                *sweep = bench_scenarios[i].name;
        }
    }
    return count;
}

/* Checks the options that only make sense together. */
static int bench_cmd_check(const bench_options *o, int named_count, const char *command)
{
    if (o->against && !o->compare)
        return cli_usage_error(command, "--against needs --compare OLD.json");
    if (o->against && (named_count || o->sweep || o->json || o->quick))
        return cli_usage_error(command, "--against compares two files and runs nothing: "
                                        "no scenario, --sweep, --json or --quick with it");
    if (o->json && !o->json[0])
        return cli_usage_error(command, "--json needs a file name, not ''");
    if (o->plot && !o->sweep)
        return cli_usage_error(command, "--plot needs --sweep SCENARIO");
    if (o->sweep && named_count)
        return cli_usage_error(command, "--sweep runs one scenario: name no other");
    if (o->sweep) {
        const bench_scenario *s = bench_cmd_find(o->sweep);
        if (!s || !s->sweeper)
            return cli_usage_error(command, "'%s' %s (see --list: [--sweep])", o->sweep,
                                   s ? "cannot be swept" : "is not a scenario");
    }
    return CLI_EXIT_OK;
}

/* Whether --json's file can be written: its folder exists and takes files, and
 * it is not a folder itself. Checked before anything runs, so that a typo in the
 * path does not cost a whole run. Returns 0, or 1 with a message. */
static int bench_cmd_json_writable(const char *path)
{
    char dir[4096];
    const char *slash = strrchr(path, '/');
    if (!slash)
        snprintf(dir, sizeof dir, ".");
    else
        snprintf(dir, sizeof dir, "%.*s", slash == path ? 1 : (int)(slash - path), path);
    const char *why = NULL;
    if (file_is_dir(path))
        why = "it is a folder";
    else if (!file_is_dir(dir))
        why = "its folder does not exist";
    else if (access(dir, W_OK) != 0)
        why = "its folder is not writable";
    if (why)
        fprintf(stderr, "curtain bench: cannot write the JSON file %s: %s\n", path, why);
    return why != NULL;
}

/* Runs the chosen scenarios, or the sweep; returns 0 or 1 when one failed. */
static int bench_cmd_run(bench *b, const bench_options *o, const bench_scenario **chosen, int count)
{
    int failed = 0;
    if (o->sweep) {
        char plot[512], err[600];
        snprintf(plot, sizeof plot, "%s", o->plot ? o->plot : "");
        if (!o->plot)
            snprintf(plot, sizeof plot, "sweep-%s.svg", o->sweep);
        int rc = bench_sweep_run(b, bench_cmd_find(o->sweep)->sweeper, plot, err, sizeof err);
        if (rc == -2)
            fprintf(stderr, "curtain bench: %s\n", err);
        else if (rc != 0)
            fprintf(stderr, "curtain bench: the sweep of '%s' could not run (out of memory)\n",
                    o->sweep);
        return rc != 0;
    }
    for (int i = 0; i < count; i++)
        if (chosen[i]->run(b) != 0) {
            fprintf(stderr, "curtain bench: scenario '%s' could not run (out of memory)\n",
                    chosen[i]->name);
            failed = 1;
        }
    return failed;
}

/* --compare: the old report against this run or against --against's file. */
static int bench_cmd_compare(const bench_options *o, const bench_report *old, const bench *b)
{
    bench_report now;
    char err[600];
    if (o->against) {
        if (bench_report_load(&now, o->against, err, sizeof err) != 0) {
            fprintf(stderr, "curtain bench: %s\n", err);
            return 1;
        }
    } else {
        bench_report_of_run(&now, b);
    }
    int rc = bench_compare_print(stdout, old, &now, o->threshold / 100.0, NULL);
    bench_report_free(&now);
    if (rc != 0)
        fprintf(stderr, "curtain bench: out of memory comparing the runs\n");
    return rc != 0;
}

int bench_cmd_main(int argc, char **argv, int first, const char *command)
{
    if (cli_wants_help(argc, argv, first)) {
        bench_cmd_print_usage(stdout);
        return CLI_EXIT_OK;
    }
    bench_options o = {.threshold = 100.0 * BENCH_COMPARE_THRESHOLD};
    cli_option options[BENCH_OPTION_COUNT];
    bench_cmd_bind(&o, options);
    cli_spec spec = {command, options, BENCH_OPTION_COUNT, 0, BENCH_MAX_NAMED, "SCENARIO..."};
    const char *named[BENCH_MAX_NAMED];
    int named_count = 0;
    int rc = cli_parse(&spec, argc, argv, first, named, &named_count);
    if (rc == CLI_EXIT_OK)
        rc = bench_cmd_check(&o, named_count, command);
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

    bench_report old = {0};
    if (o.compare) {
        char err[600];
        if (bench_report_load(&old, o.compare, err, sizeof err) != 0) {
            fprintf(stderr, "curtain bench: %s\n", err);
            return CLI_EXIT_FAILURE;
        }
        if (count == 0 && !o.sweep && !o.against) {
            count = bench_cmd_from_report(&old, chosen, &o.sweep);
            if (count == 0 && !o.sweep) {
                fprintf(stderr,
                        "curtain bench: %s has no figures of a scenario curtain knows: name the "
                        "scenarios to run, or compare two files with --against\n",
                        o.compare);
                bench_report_free(&old);
                return CLI_EXIT_FAILURE;
            }
        }
    }
    if (o.json && bench_cmd_json_writable(o.json) != 0) {
        bench_report_free(&old);
        return CLI_EXIT_FAILURE;
    }
    if (count == 0 && !o.sweep && !o.against)
        for (int i = 0; i < BENCH_SCENARIO_COUNT; i++)
            chosen[count++] = &bench_scenarios[i];
    count = bench_cmd_dedup(chosen, count);

    bench b;
    bench_init(&b, stdout, o.quick);
    int failed = 0;
    if (!o.against) {
        bench_print_header(&b);
        failed = bench_cmd_run(&b, &o, chosen, count);
    }
    if (o.json) {
        char err[512];
        if (b.failed || bench_write_json(&b, o.json, err, sizeof err) != 0) {
            fprintf(stderr, "curtain bench: %s\n", b.failed ? "out of memory for figures" : err);
            failed = 1;
        }
    }
    if (o.compare)
        failed |= bench_cmd_compare(&o, &old, &b);
    bench_report_free(&old);
    bench_free(&b);
    return failed ? CLI_EXIT_FAILURE : CLI_EXIT_OK;
}
