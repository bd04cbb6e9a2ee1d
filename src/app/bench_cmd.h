/*
 * bench_cmd: `curtain bench`, the headless benchmark runner.
 *
 * Runs named scenarios from a table (one row per scenario) through the bench
 * framework (src/bench/bench.h) and prints their tables; --json writes every
 * figure for tools. docs/bench.md describes the scenarios and their figures.
 */
#ifndef CURTAIN_APP_BENCH_CMD_H
#define CURTAIN_APP_BENCH_CMD_H

#include <stdio.h>

/* Runs `curtain bench` with argv[first..argc) as its arguments. */
int bench_cmd_main(int argc, char **argv, int first, const char *command);
void bench_cmd_print_usage(FILE *out);

#endif
