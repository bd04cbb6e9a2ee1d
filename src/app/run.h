/*
 * run: `curtain run FILE`, a pattern file run headless for N frames, with an
 * optional trace of every bullet's position.
 */
#ifndef CURTAIN_APP_RUN_H
#define CURTAIN_APP_RUN_H

int run_main(int argc, char **argv, int first, const char *command);

#endif
