/*
 * file: whole-file reads, atomic writes, and the modification stamps that live
 * reload polls. Paths are plain UTF-8 strings.
 */
#ifndef CURTAIN_CORE_FILE_H
#define CURTAIN_CORE_FILE_H

#include <stddef.h>
#include <stdint.h>

/* Reads a whole file into a NUL-terminated buffer from mem_alloc (free with mem_free).
 * On failure returns NULL and, when err is given, writes a reason into it. Devices
 * (/dev/zero, a terminal) are refused: they may never end. */
char *file_read_all(const char *path, size_t *size, char *err, size_t err_size);

/* The reason in an error that file_read_all or file_write_atomic wrote for path
 * ("cannot open: No such file or directory"), without the leading "path: ":
 * for messages that already name the file. err itself when it does not start so. */
const char *file_error_reason(const char *err, const char *path);

/* Writes data to path atomically: a temporary file beside it, flushed to disk, then
 * renamed over the target, so a crash leaves either the old file or the new one.
 * Returns 0 on success, -1 with a reason in err. */
int file_write_atomic(const char *path, const void *data, size_t size, char *err, size_t err_size);

/* Moves a file that was refused aside, keeping every earlier one: to path.bad,
 * or path.bad.2, path.bad.3, ... (the first name not taken, up to .bad.99). The
 * name used goes into out. Returns 0, or -1 if every name is taken or the rename
 * fails. */
int file_move_aside(const char *path, char *out, size_t out_size);

/* Nanosecond modification stamp of a file, or 0 if it cannot be read. */
uint64_t file_mtime_ns(const char *path);

/* 1 when path names something stat can see (for file_is_dir: a directory), else 0. */
int file_exists(const char *path);
int file_is_dir(const char *path);

/* Creates a directory and its missing parents (mode 0755). Returns 0 on success. */
int file_make_dirs(const char *path);

#endif
