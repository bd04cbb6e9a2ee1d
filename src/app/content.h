/*
 * content: the game's pattern files, compiled: the data folder's patterns/, with
 * a mod folder over it. Shared by `curtain play` and `curtain replay`.
 */
#ifndef CURTAIN_APP_CONTENT_H
#define CURTAIN_APP_CONTENT_H

#include "pattern/content/library.h"

/* Compiles the content; every diagnostic is printed to stderr. NULL after an
 * error (a mod with errors does not start). */
library *content_load(const char *mod_dir);
/* The content a format-1 or format-2 replay was recorded over: the built-in
 * files of that time (replay_format2_file), the mod over them. quiet: nothing
 * printed (the game loads it beside the content, for old replays only). */
library *content_load_format2(const char *mod_dir, int quiet);

#endif
