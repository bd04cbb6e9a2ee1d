/*
 * run_reference: `curtain run FILE.xml --reference`, a BulletML file on the
 * reference host (pattern/bulletml/bulletml_host.h): exactly as libbulletml's reference
 * hosts run it, in double precision. Same trace and summary as `curtain run`.
 */
#ifndef CURTAIN_APP_RUN_REFERENCE_H
#define CURTAIN_APP_RUN_REFERENCE_H

#include "pattern/bulletml/bulletml_compile.h"

#include <stdint.h>
#include <stdio.h>

typedef struct run_reference_options {
    const char *path;
    int frames;
    double rank;
    double rand_value; /* every $rand, when use_rand_value */
    int use_rand_value;
    uint64_t seed; /* otherwise $rand draws from the logic generator seeded so */
    bulletml_dialect dialect;
    FILE *trace; /* rows go here when not NULL (the header is already written) */
} run_reference_options;

/* Runs the file; prints the summary line on stdout. Returns a CLI exit status. */
int run_reference(const run_reference_options *o);

/* `curtain run` with --reference or --rand: checks the command line (one file,
 * FILE.xml; --rand only with --reference; no --screenshot), writes the trace
 * file if asked, runs. rand_value < 0: not given. Returns a CLI exit status. */
int run_reference_command(const char *command, int reference, const char *const *files, int nfiles,
                          int frames, double rank, double rand_value, uint64_t seed,
                          bulletml_dialect dialect, const char *trace, const char *screenshot);

#endif
