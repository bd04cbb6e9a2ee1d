/*
 * data_path: where curtain finds its read-only data (assets/ and patterns/).
 *
 * Looked up once, in this order, the first folder holding both assets/ and
 * patterns/:
 *   1. CURTAIN_DATA (the environment, or `curtain --data DIR`, which sets it):
 *      when given, it is the data folder, and no other is searched;
 *   2. the installed share folder, relative to the executable (../share/curtain
 *      for the usual bin/ and share/: CURTAIN_DATA_FROM_BIN, set by the build);
 *   3. the executable's own folder (an unpacked tree: curtain beside assets/);
 *   4. the folder named by DATA_PATH_MARKER beside the executable: the build
 *      writes one into the build folder, naming the source tree, so that the
 *      build's programs and tests find their data; it is never installed.
 * No path is compiled in: a binary copied elsewhere alone finds none of these
 * (its errors then name the installed folder it looked for).
 */
#ifndef CURTAIN_CORE_DATA_PATH_H
#define CURTAIN_CORE_DATA_PATH_H

#include <stddef.h>

/* The file beside a build folder's executables that names the data folder. */
#define DATA_PATH_MARKER "curtain-data.txt"

/* The data root (no trailing slash). Never NULL; falls back to ".". */
const char *data_path_root(void);

/* Writes root/relative into out. Returns 0, or -1 if it does not fit. */
int data_path_join(char *out, size_t out_size, const char *relative);

#endif
