/*
 * play: `curtain play`, the game itself, in a window or headless.
 */
#ifndef CURTAIN_APP_PLAY_H
#define CURTAIN_APP_PLAY_H

#include <stdio.h>

/* Runs `curtain play` with argv[first..argc) as its options; command is the name
 * used in messages (NULL when play was chosen by default). Returns the exit code. */
int play_main(int argc, char **argv, int first, const char *command);
void play_print_options(FILE *out);

#endif
