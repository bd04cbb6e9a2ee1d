/*
 * bench_report: a saved run of `curtain bench`, read back from its JSON.
 *
 * `--json FILE` writes the schema "curtain-bench/1" (docs/bench.md, "JSON");
 * this is its reader, for `--compare`. It is small and strict: the text must be
 * JSON (RFC 8259: no comments, no trailing commas, no NaN), the top value an
 * object with exactly the members of the schema, each of its type, and every
 * figure key must be unique. Anything else is refused with a message
 * "file:line:col: what was wrong", never half read and never a crash. A later
 * schema that adds or changes members gets a new name ("curtain-bench/2"), which
 * this reader names in its refusal.
 *
 * A report also describes the run in progress (bench_report_of_run), so that a
 * comparison takes two reports whichever way each was made.
 */
#ifndef CURTAIN_BENCH_BENCH_REPORT_H
#define CURTAIN_BENCH_BENCH_REPORT_H

#include "bench/bench.h"
#include "core/file.h"

#include <stddef.h>

#define BENCH_SCHEMA           "curtain-bench/1"
/* Larger files are refused (core/file.h): a report of every scenario is about 100 KiB. */
#define BENCH_REPORT_MAX_BYTES FILE_LIMIT_BENCH_REPORT

typedef struct bench_report {
    char name[256]; /* the file's path, or "this run" */
    bench_machine machine;
    int quick;
    bench_figure *figures; /* in file order */
    int figure_count;
    int owned; /* figures belong to the report (a loaded file) */
} bench_report;

/* Reads a report from a file. Returns 0, or -1 with "path:line:col: message"
 * (or "path: message") in err; the report is then empty and
 * bench_report_free is still safe. */
int bench_report_load(bench_report *r, const char *path, char *err, size_t err_size);
/* The same from text in memory; name is what messages start with. */
int bench_report_parse(bench_report *r, const char *name, const char *text, size_t size, char *err,
                       size_t err_size);
/* The run in progress as a report: this machine, b's figures (borrowed: valid
 * while b is). */
void bench_report_of_run(bench_report *r, const bench *b);
void bench_report_free(bench_report *r);

/* The figure with this key, or NULL. */
const bench_figure *bench_report_find(const bench_report *r, const char *key);

#endif
