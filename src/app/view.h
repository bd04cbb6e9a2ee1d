/*
 * view: `curtain view FILE`, the live pattern sandbox window.
 */
#ifndef CURTAIN_APP_VIEW_H
#define CURTAIN_APP_VIEW_H

/* Runs `curtain view` with argv[first..argc) as its arguments; command is the name
 * used in messages. Returns the exit code (CLI_EXIT_*). */
int view_main(int argc, char **argv, int first, const char *command);

#endif
