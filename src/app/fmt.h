/*
 * fmt: `curtain fmt FILE...`, pattern files in the one canonical layout
 * (pattern/language/format.h).
 */
#ifndef CURTAIN_APP_FMT_H
#define CURTAIN_APP_FMT_H

/* Runs `curtain fmt` with argv[first..argc) as its arguments; command is the name
 * used in messages. Returns the exit code (CLI_EXIT_*). */
int fmt_main(int argc, char **argv, int first, const char *command);

#endif
