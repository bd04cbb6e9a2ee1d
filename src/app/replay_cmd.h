/*
 * replay_cmd: `curtain replay FILE [--verify]`: watch a replay in the game's
 * window, or check it headless.
 */
#ifndef CURTAIN_APP_REPLAY_CMD_H
#define CURTAIN_APP_REPLAY_CMD_H

/* Runs `curtain replay` with argv[first..argc) as its arguments; command is the name
 * used in messages. Returns the exit code (CLI_EXIT_*). */
int replay_cmd_main(int argc, char **argv, int first, const char *command);

#endif
