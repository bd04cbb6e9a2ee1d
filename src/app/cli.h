/*
 * cli: the command-line conventions every subcommand shares.
 *
 * Options are described by a table and parsed by cli_parse, which accepts
 * "--name value" and "--name=value", checks numbers and ranges, and collects
 * positional arguments. A usage error prints "curtain CMD: message" and a hint,
 * and the command exits with CLI_EXIT_USAGE.
 */
#ifndef CURTAIN_APP_CLI_H
#define CURTAIN_APP_CLI_H

#include <stdint.h>
#include <stdio.h>

enum {
    CLI_EXIT_OK = 0,
    CLI_EXIT_FAILURE = 1,
    CLI_EXIT_USAGE = 2,
};

typedef enum cli_kind {
    CLI_FLAG,   /* int set to 1 */
    CLI_INT,    /* int within [min, max] */
    CLI_U64,    /* uint64_t, decimal or 0x hex */
    CLI_DOUBLE, /* finite double within [min, max] */
    CLI_STRING, /* const char * */
} cli_kind;

typedef struct cli_option {
    const char *name; /* without the leading dashes */
    cli_kind kind;
    void *dest;
    const char *value_name; /* shown in help, e.g. "N" */
    const char *help;
    double min, max; /* for CLI_INT and CLI_DOUBLE */
} cli_option;

typedef struct cli_spec {
    const char *command; /* for messages: "play" */
    const cli_option *options;
    int option_count;
    int min_positional, max_positional;
    const char *positional_name; /* e.g. "FILE..." */
} cli_spec;

/* The number of rows of an option table (an array, not a pointer). */
#define CLI_OPTION_COUNT(table) ((int)(sizeof(table) / sizeof((table)[0])))

/* Parses argv[first..argc). Positional arguments are stored in positional[] (up to
 * max_positional) and counted in *positional_count. Returns CLI_EXIT_OK, or
 * CLI_EXIT_USAGE after printing the error. "--help" is not handled here. */
int cli_parse(const cli_spec *spec, int argc, char **argv, int first, const char **positional,
              int *positional_count);

/* Prints the options table of a spec, one per line, aligned. */
void cli_print_options(FILE *out, const cli_spec *spec);

/* Prints "curtain CMD: message" and the help hint to stderr; returns CLI_EXIT_USAGE. */
int cli_usage_error(const char *command, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* True if argv[first..argc) contains -h or --help. */
int cli_wants_help(int argc, char **argv, int first);

#endif
