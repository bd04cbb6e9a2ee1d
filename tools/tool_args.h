/*
 * tool_args: the command line every program in tools/ keeps, in one place. -h and
 * --help print the tool's usage and what it does on standard output and exit 0; any
 * other argument that starts with '-' (a lone "-" is a name) is an unknown option:
 * a message and the usage on standard error, exit 2, before anything is written;
 * so is a count of names outside [min, max]. Header only: the tools link no library
 * of their own.
 *
 *     int rc = tool_args(argc, argv, &(tool_usage){"sfx_export", "DIR [MOD_DIR]",
 *                                                   "renders every sound ...", 1, 2});
 *     if (rc >= 0)
 *         return rc;
 */
#ifndef CURTAIN_TOOLS_TOOL_ARGS_H
#define CURTAIN_TOOLS_TOOL_ARGS_H

#include <stdio.h>
#include <string.h>

typedef struct tool_usage {
    const char *name;  /* "sfx_export" */
    const char *args;  /* "DIR [MOD_DIR]" */
    const char *about; /* what it does, one or more lines, no final newline */
    int min, max;      /* how many names it takes */
} tool_usage;

/* Whether argv (past the program's name) asks for help. */
static inline int tool_args_wants_help(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0)
            return 1;
    return 0;
}

/* Prints u's usage line to out. */
static inline void tool_args_usage(const tool_usage *u, FILE *out)
{
    fprintf(out, "usage: %s %s\n", u->name, u->args);
}

/* Answers --help (0), an unknown option or a wrong count of names (2), or returns -1:
 * go on, argv holds only names. */
static inline int tool_args(int argc, char **argv, const tool_usage *u)
{
    if (tool_args_wants_help(argc, argv)) {
        tool_args_usage(u, stdout);
        printf("\n%s\n", u->about);
        return 0;
    }
    for (int i = 1; i < argc; i++)
        if (argv[i][0] == '-' && argv[i][1] != '\0') {
            fprintf(stderr, "%s: unknown option '%s'\n", u->name, argv[i]);
            tool_args_usage(u, stderr);
            return 2;
        }
    if (argc - 1 < u->min || argc - 1 > u->max) {
        tool_args_usage(u, stderr);
        return 2;
    }
    return -1;
}

#endif
