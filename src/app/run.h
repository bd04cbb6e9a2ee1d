/*
 * run: `curtain run FILE`, a pattern file run headless for N frames, with an
 * optional trace of every bullet's position.
 */
#ifndef CURTAIN_APP_RUN_H
#define CURTAIN_APP_RUN_H

/* Runs `curtain run` with argv[first..argc) as its arguments; command is the name
 * used in messages. Returns the exit code (CLI_EXIT_*). */
int run_main(int argc, char **argv, int first, const char *command);

#endif
