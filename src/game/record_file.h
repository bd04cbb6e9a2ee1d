/*
 * record_file: the envelope shared by the player's record files, the spell
 * card record (game/spellcards.h) and the records (game/records.h).
 *
 * Each is text, a line at a time, at most RECORD_FILE_LINE - 1 bytes a line:
 *
 *     MAGIC VERSION           the first line, the file's own to check
 *     # a comment             skipped
 *     ...                     rows, the file's own to read
 *     end 5f0c3a19d2e4b781    the hash (core/hash.h, the file's seed) of every
 *                             byte before this line, 16 hex digits
 *
 * and nothing after the end line; the last line ends with a newline. A file
 * that breaks a rule is refused with "origin:line:col: message". Loading a
 * refused file moves it aside (NAME.bad, .bad.2, ...: nothing is lost) and
 * starts afresh; one that cannot be moved aside is never saved over. Saving
 * writes the whole file atomically (file_write_atomic). The formats
 * themselves are the files' own: this is only what they share.
 */
#ifndef CURTAIN_GAME_RECORD_FILE_H
#define CURTAIN_GAME_RECORD_FILE_H

#include <stddef.h>
#include <stdint.h>

#define RECORD_FILE_LINE 256 /* a line's bytes, with its terminator */

/* Where a line's parse stopped and why: the column (from 1) and the message. */
typedef struct record_problem {
    int col;
    char message[160];
} record_problem;

/* Notes a problem at col; returns -1. */
int record_problem_at(record_problem *pr, int col, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* A line of the file (NUL-terminated, without its newline), for the file's
 * own reader: a problem noted in pr refuses the file. */
typedef void (*record_line_fn)(void *ctx, const char *line, record_problem *pr);

/* Reads text (size bytes) line by line: header for the first line, row for
 * every line after it but comments and the end line, whose hash it checks
 * with seed. Returns 0, or -1 with "origin:line:col: message" in reason (the
 * caller then clears what row filled). */
int record_file_parse(const char *text, size_t size, const char *origin, uint64_t seed,
                      record_line_fn header, record_line_fn row, void *ctx, char *reason,
                      size_t reason_size);

typedef enum record_status {
    RECORD_LOADED,
    RECORD_MISSING, /* no file yet */
    RECORD_REFUSED, /* wrong or unreadable: moved aside */
} record_status;

/* The file's whole parse (it clears the record first; 0, or -1 with a reason). */
typedef int (*record_parse_fn)(void *rec, const char *text, size_t size, const char *origin,
                               char *reason, size_t reason_size);

/* Reads path (at most limit bytes) with parse. A file that does not read or
 * parse is moved aside ("...; kept as PATH.bad, starting afresh" in reason);
 * when it cannot be, *save_blocked is set ("...; it could not be moved aside,
 * so NOUN will not be saved over it"). A refusal is logged as "NAME refused". */
record_status record_file_load(const char *path, size_t limit, record_parse_fn parse, void *rec,
                               const char *name, const char *noun, int *save_blocked, char *reason,
                               size_t reason_size);

/* The file's whole text into out (at most out_size bytes): its length, or -1
 * when it does not fit. */
typedef int (*record_format_fn)(const void *rec, char *out, size_t out_size);

/* Formats the record into a buffer of text_max bytes and writes it to path
 * atomically. Refused when save_blocked; "PATH: TOO_BIG" when it does not fit.
 * Returns 0, or -1 with the reason in err. */
int record_file_save(const char *path, int save_blocked, size_t text_max, record_format_fn format,
                     const void *rec, const char *too_big, char *err, size_t err_size);

#endif
