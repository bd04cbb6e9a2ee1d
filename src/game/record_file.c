/*
 * record_file: the envelope of the player's record files. See record_file.h.
 */
#include "game/record_file.h"

#include "core/file.h"
#include "core/hash.h"
#include "core/log.h"
#include "core/mem.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

int record_problem_at(record_problem *pr, int col, const char *fmt, ...)
{
    pr->col = col;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(pr->message, sizeof pr->message, fmt, ap);
    va_end(ap);
    return -1;
}

/* "end HASH": sixteen hex digits, the hash of every byte before the line. */
static int record_file_end(const char *line, uint64_t want, record_problem *pr)
{
    uint64_t have = 0;
    int digits = 0;
    const char *p = line + 4;
    for (; digits < 16; digits++, p++) {
        int c = *p, d = c >= '0' && c <= '9'   ? c - '0'
                        : c >= 'a' && c <= 'f' ? c - 'a' + 10
                        : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                               : -1;
        if (d < 0)
            break;
        have = have << 4 | (uint64_t)d;
    }
    if (digits != 16 || *p != '\0')
        return record_problem_at(pr, 5, "the end line wants 16 hex digits and nothing after");
    if (have != want)
        return record_problem_at(pr, 5, "the checksum does not match (damaged or edited)");
    return 0;
}

/* Formats "origin:line:col: message" into reason and returns -1. */
static int record_file_fail(char *reason, size_t size, const char *origin, int line, int col,
                            const char *message)
{
    snprintf(reason, size, "%s:%d:%d: %s", origin, line, col, message);
    return -1;
}

int record_file_parse(const char *text, size_t size, const char *origin, uint64_t seed,
                      record_line_fn header, record_line_fn row, void *ctx, char *reason,
                      size_t reason_size)
{
    if (size == 0)
        return record_file_fail(reason, reason_size, origin, 1, 1, "the file is empty");
    const char *p = text, *end = text + size;
    int line_no = 0, ended = 0;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        line_no++;
        record_problem pr = {0};
        size_t len = nl ? (size_t)(nl - p) : 0;
        char line[RECORD_FILE_LINE];
        if (!nl)
            record_problem_at(&pr, 1, "the last line has no end (the file was cut short)");
        else if (ended)
            record_problem_at(&pr, 1, "text after the end line");
        else if (len >= sizeof line || memchr(p, '\0', len))
            record_problem_at(&pr, 1, "a line too long or binary");
        if (!pr.col) {
            memcpy(line, p, len);
            line[len] = '\0';
            if (line_no == 1) {
                header(ctx, line, &pr);
            } else if (strncmp(line, "end ", 4) == 0) {
                record_file_end(line, hash_buffer(text, (size_t)(p - text), seed), &pr);
                ended = 1;
            } else if (line[0] != '#') {
                row(ctx, line, &pr);
            }
        }
        if (pr.col)
            return record_file_fail(reason, reason_size, origin, line_no, pr.col, pr.message);
        p = nl + 1;
    }
    if (!ended)
        return record_file_fail(reason, reason_size, origin, line_no, 1,
                                "no end line (the file was cut short)");
    return 0;
}

record_status record_file_load(const char *path, size_t limit, record_parse_fn parse, void *rec,
                               const char *name, const char *noun, int *save_blocked, char *reason,
                               size_t reason_size)
{
    if (reason_size)
        reason[0] = '\0';
    if (!file_exists(path))
        return RECORD_MISSING;
    char why[512] = "", err[256];
    size_t size = 0;
    char *text = file_read_limit(path, limit, &size, err, sizeof err);
    if (!text)
        snprintf(why, sizeof why, "%s", err);
    else if (parse(rec, text, size, path, why, sizeof why) == 0) {
        mem_free(text);
        return RECORD_LOADED;
    }
    mem_free(text);
    char aside[4200];
    if (file_move_aside(path, aside, sizeof aside) == 0) {
        snprintf(reason, reason_size, "%s; kept as %s, starting afresh", why, aside);
    } else {
        *save_blocked = 1;
        snprintf(reason, reason_size,
                 "%s; it could not be moved aside, so %s will not be saved over it", why, noun);
    }
    log_warn("%s refused: %s", name, reason);
    return RECORD_REFUSED;
}

int record_file_save(const char *path, int save_blocked, size_t text_max, record_format_fn format,
                     const void *rec, const char *too_big, char *err, size_t err_size)
{
    if (save_blocked) {
        snprintf(err, err_size, "%s: not saved over a file that could not be read or moved aside",
                 path);
        return -1;
    }
    char *text = mem_alloc(text_max);
    if (!text) {
        snprintf(err, err_size, "%s: out of memory", path);
        return -1;
    }
    int n = format(rec, text, text_max);
    int rc = n < 0 ? -1 : file_write_atomic(path, text, (size_t)n, err, err_size);
    if (n < 0)
        snprintf(err, err_size, "%s: %s", path, too_big);
    mem_free(text);
    return rc;
}
