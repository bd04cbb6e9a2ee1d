/*
 * file: whole-file reads, atomic writes, and the modification stamps that live
 * reload polls. Paths are plain UTF-8 strings.
 */
#ifndef CURTAIN_CORE_FILE_H
#define CURTAIN_CORE_FILE_H

#include <stddef.h>
#include <stdint.h>

/* The most bytes curtain reads from each kind of file, in one place (docs/manual.md,
 * "Where files go", lists them). Each is far above what curtain itself writes, and
 * far below what would exhaust memory: a bigger file is refused with its size and
 * the limit ("x.pat: file too large (3 GiB; the limit is 16 MiB)"), not read. */
#define FILE_LIMIT_PATTERN       (16u << 20)  /* a pattern source (.pat) */
#define FILE_LIMIT_BULLETML      (16u << 20)  /* a BulletML XML file */
#define FILE_LIMIT_REPLAY        (12u << 20)  /* a replay (.rpl): the longest, 2 hours, is 8.8 MB */
#define FILE_LIMIT_OPTIONS       (1u << 20)   /* options.txt */
#define FILE_LIMIT_HIGHSCORES    (1u << 20)   /* highscores.txt */
#define FILE_LIMIT_SPELLCARDS    (1u << 20)   /* spellcards.txt */
#define FILE_LIMIT_RECORDS       (1u << 20)   /* records.txt */
#define FILE_LIMIT_CONTROLLER_DB (16u << 20)  /* gamecontrollerdb.txt (read by SDL) */
#define FILE_LIMIT_BENCH_REPORT  (64u << 20)  /* a `bench --json` report */
#define FILE_LIMIT_IMAGE         (64u << 20)  /* a picture of the data folder (the atlas) */
#define FILE_LIMIT_ANY           (256u << 20) /* file_read_all: any other file */

/* Reads a whole file of at most limit bytes into a NUL-terminated buffer from
 * mem_alloc (free with mem_free). On failure returns NULL and, when err is given,
 * writes a reason into it ("path: file too large (...)"). Regular files and pipes
 * are read: a device (/dev/zero, a terminal) or a socket is refused, for it may
 * never end or never start. A pipe is read up to the limit as it comes, without
 * waiting for a writer to open it: with none, or an empty one, it is refused. */
char *file_read_limit(const char *path, size_t limit, size_t *size, char *err, size_t err_size);

/* file_read_limit with FILE_LIMIT_ANY. */
char *file_read_all(const char *path, size_t *size, char *err, size_t err_size);

/* Checks, without reading it, that path is a regular file of at most limit bytes,
 * for a file handed whole to a library (SDL's controller database, SDL_image).
 * Returns 0, or -1 with the reason file_read_limit would give in err. */
int file_check_limit(const char *path, size_t limit, char *err, size_t err_size);

/* The reason in an error that file_read_all or file_write_atomic wrote for path
 * ("cannot open: No such file or directory"), without the leading "path: ":
 * for messages that already name the file. err itself when it does not start so. */
const char *file_error_reason(const char *err, const char *path);

/* Writes data to path atomically: a temporary file beside it (path.tmp.PID),
 * flushed to disk, then renamed over the target, so a crash leaves either the old
 * file or the new one. Only a regular file is replaced: a device, a pipe, a socket
 * or a folder at path is refused ("cannot replace: not a regular file (a device)").
 * A symbolic link is followed: the file it points to is replaced (its temporary
 * beside it), the link stays; a link to nothing is refused. Returns 0 on success,
 * -1 with a reason in err. */
int file_write_atomic(const char *path, const void *data, size_t size, char *err, size_t err_size);

/* Removes the temporaries (NAME.tmp.PID) that file_write_atomic left in dir when
 * its process died mid-save, those of processes no longer running. Returns how
 * many were removed. */
int file_remove_stale_temps(const char *dir);

/* Tests: every write of file_write_atomic fails with "No space left on device"
 * once `bytes` more bytes have been written (a full disk); -1 turns it off. */
void file_hook_disk_space(long long bytes);

/* The first name not taken of stem+ext, stem+sep+"2"+ext, ... up to 99 (the
 * replay "d/20261121-101500-ACE.rpl", then "...-ACE-2.rpl"), into out. Returns 0,
 * or -1 when all 99 are taken. */
int file_unused_name(char *out, size_t size, const char *stem, const char *sep, const char *ext);

/* Moves a file that was refused aside, keeping every earlier one: to path.bad,
 * or path.bad.2, path.bad.3, ... (the first name not taken, up to .bad.99). The
 * name used goes into out. Returns 0, or -1 if every name is taken or the rename
 * fails. */
int file_move_aside(const char *path, char *out, size_t out_size);

/* Nanosecond modification stamp of a file, or 0 if it cannot be read. */
uint64_t file_mtime_ns(const char *path);

/* 1 when path names something stat can see (for file_is_dir: a directory), else 0. */
int file_exists(const char *path);
/* Whether path, its links resolved, lies inside folder dir (also resolved): 0
 * when it does not, or when either cannot be resolved (a missing file). A mod's
 * files are read only from inside the mod. */
int file_inside(const char *path, const char *dir);
int file_is_dir(const char *path);

/* Creates a directory and its missing parents (mode 0755). Returns 0 on success. */
int file_make_dirs(const char *path);

#endif
