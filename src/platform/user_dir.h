/*
 * user_dir: the folder where curtain keeps what it writes (options, high scores,
 * replays, screenshots): SDL's preference path, $XDG_DATA_HOME/curtain/ on Linux,
 * or the CURTAIN_USER_DIR environment variable when set (tests use it).
 */
#ifndef CURTAIN_PLATFORM_USER_DIR_H
#define CURTAIN_PLATFORM_USER_DIR_H

#include <stddef.h>

/* The folder, with a trailing slash, created if missing; NULL if none can be had. */
const char *user_dir_path(void);

/* Writes user_dir/name into out. Returns 0, or -1 if there is no user folder or it
 * does not fit. */
int user_dir_join(char *out, size_t out_size, const char *name);

#endif
