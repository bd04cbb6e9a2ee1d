/*
 * content: the game's pattern files, compiled: the data folder's patterns/, with
 * a mod folder over it. Shared by `curtain play` and `curtain replay`.
 */
#ifndef CURTAIN_APP_CONTENT_H
#define CURTAIN_APP_CONTENT_H

#include "pattern/library.h"

/* Compiles the content; every diagnostic is printed to stderr. NULL after an
 * error (a mod with errors does not start). */
library *content_load(const char *mod_dir);

#endif
