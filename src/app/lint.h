/*
 * lint: `curtain lint FILE...`, checking pattern files without running them.
 */
#ifndef CURTAIN_APP_LINT_H
#define CURTAIN_APP_LINT_H

/* Runs `curtain lint` with argv[first..argc) as its arguments; command is the name
 * used in messages. Returns the exit code (CLI_EXIT_*). */
int lint_main(int argc, char **argv, int first, const char *command);

#endif
