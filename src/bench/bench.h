/*
 * bench: the framework every `curtain bench` scenario reports through.
 *
 * A scenario measures, then prints tables. Every number it prints in a table is
 * also a *figure*: a value with a unit and a stable key
 * "scenario/table/row/column", collected so that `--json FILE` can write them all
 * and a later run can be compared with an earlier one figure by figure.
 *
 * Scenarios are deterministic (fixed seeds, fixed sizes) and never allocate
 * inside the timed regions they report. Timing uses the monotonic clock; a
 * figure that is a duration is the median of several repetitions unless its
 * column says otherwise.
 */
#ifndef CURTAIN_BENCH_BENCH_H
#define CURTAIN_BENCH_BENCH_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define BENCH_MAX_COLUMNS 12

/* Which way a figure is better, for comparisons. */
typedef enum bench_better {
    BENCH_LOWER_BETTER,
    BENCH_HIGHER_BETTER,
    BENCH_NEUTRAL, /* a count or a setting: reported, not judged */
} bench_better;

/* What a run was measured on and with: the header line, and the JSON's
 * "curtain" and "machine" members. Figures compare only between runs whose
 * machines agree (bench_compare says where they do not). */
typedef struct bench_machine {
    char version[32];   /* curtain's */
    char cpu[256];      /* model name */
    int cores;          /* online */
    char compiler[128]; /* name and version */
    char build[32];     /* CMake build type */
    char flags[512];    /* code-generation flags */
} bench_machine;

typedef struct bench_figure {
    char key[160];
    char unit[24];
    double value;
    bench_better better;
} bench_figure;

typedef struct bench_column {
    const char *title; /* shown in the header and used in the figure key */
    const char *unit;  /* e.g. "ns/bullet", "ms", "x" */
    int decimals;
    bench_better better;
} bench_column;

typedef struct bench {
    FILE *out;
    int quick;            /* fewer repetitions and sizes: a smoke run (tests, CI) */
    const char *scenario; /* the scenario now running */
    bench_figure *figures;
    int figure_count, figure_cap;
    int failed; /* a figure could not be recorded (out of memory) */
} bench;

typedef struct bench_table {
    bench *b;
    char id[48]; /* key part: short, no spaces */
    const bench_column *columns;
    int column_count;
    int cell;        /* next column to fill in the current row */
    char row[48];    /* current row label */
    int label_width; /* width of the row-label column */
} bench_table;

/* A run printing to out, with no figures yet; quick: a smoke run. */
void bench_init(bench *b, FILE *out, int quick);
void bench_free(bench *b);

/* This process's machine and build. */
void bench_machine_detect(bench_machine *m);
/* The header line's text: version, CPU model, cores, compiler, build and flags. */
void bench_machine_describe(const bench_machine *m, char *out, size_t size);
/* Prints the header line. */
void bench_print_header(bench *b);

/* Starts a scenario: prints its title; figures recorded now carry its name. */
void bench_begin_scenario(bench *b, const char *name, const char *description);

/* A table: a title line, then a header row; id goes into every figure key. */
void bench_table_begin(bench_table *t, bench *b, const char *id, const char *title,
                       const bench_column *columns, int column_count, int label_width);
void bench_table_row(bench_table *t, const char *label);
/* Fills the next cell of the row with a number (recorded as a figure). NAN prints "-". */
void bench_table_value(bench_table *t, double value);
/* Fills the next cell with text (not a figure). */
void bench_table_text(bench_table *t, const char *text);
void bench_table_end(bench_table *t);

/* Records a figure without printing it (a value that is not finite is not a
 * figure and is dropped, as a NAN cell is). */
void bench_record(bench *b, const char *key, double value, const char *unit, bench_better better);
/* The figure recorded under key, or NULL (for tests and tools reading a run). */
const bench_figure *bench_figure_find(const bench *b, const char *key);

/* Prints a free-form note line under a table (a verdict, a target check). */
void bench_note(bench *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Writes every figure as JSON (schema in docs/bench.md). Returns 0 or -1 with err set. */
int bench_write_json(const bench *b, const char *path, char *err, size_t err_size);

/* Summary statistics of a sample of durations (or any values). */
typedef struct bench_stats {
    double min, p50, p99, max, mean;
} bench_stats;

/* Sorts samples in place and summarises them. */
bench_stats bench_summarize(double *samples, int count);

/* Keeps a value alive so the optimiser cannot drop the work that made it. */
void bench_consume(uint64_t value);

#endif
