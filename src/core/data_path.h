/*
 * data_path: where curtain finds its read-only data (assets/ and patterns/).
 *
 * Looked up once, in this order: the CURTAIN_DATA environment variable; the
 * installed share folder, found relative to the executable (../share/curtain
 * for the usual bin/ and share/: CURTAIN_DATA_FROM_BIN, set by the build); the folder of
 * the executable itself; the source tree the binary was built from.
 */
#ifndef CURTAIN_CORE_DATA_PATH_H
#define CURTAIN_CORE_DATA_PATH_H

#include <stddef.h>

/* The data root (no trailing slash). Never NULL; falls back to ".". */
const char *data_path_root(void);

/* Writes root/relative into out. Returns 0, or -1 if it does not fit. */
int data_path_join(char *out, size_t out_size, const char *relative);

#endif
