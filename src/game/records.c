/*
 * records: the player's records and their file. See records.h.
 */
#include "game/records.h"

#include "core/file.h"
#include "core/hash.h"
#include "game/record_file.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RECORDS_MAGIC "curtain-records"

void records_clear(records *r)
{
    memset(r, 0, sizeof *r);
}

/* A ship's key: 1 to RECORDS_NAME_MAX letters, digits, '_', '.', '-' or ':'. */
static int records_name_ok(const char *s, size_t len)
{
    if (len == 0 || len > RECORDS_NAME_MAX)
        return 0;
    for (size_t i = 0; i < len; i++) {
        char c = s[i];
        if (!(c == '_' || c == '.' || c == '-' || c == ':' || (c >= 'a' && c <= 'z') ||
              (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')))
            return 0;
    }
    return 1;
}

const records_ship *records_find(const records *r, const char *ship)
{
    for (int i = 0; ship && i < r->count; i++)
        if (strcmp(r->ships[i].name, ship) == 0)
            return &r->ships[i];
    return NULL;
}

/* The ship's records, made if new; NULL when full or not a name. */
static records_ship *records_get(records *r, const char *ship)
{
    records_ship *s = (records_ship *)records_find(r, ship);
    if (s || !ship || !records_name_ok(ship, strlen(ship)) || r->count >= RECORDS_SHIPS)
        return s;
    s = &r->ships[r->count++];
    memset(s, 0, sizeof *s);
    snprintf(s->name, sizeof s->name, "%s", ship);
    return s;
}

/* Adds one to a count, never past its largest value. */
static void records_bump(uint32_t *n)
{
    if (*n < UINT32_MAX)
        (*n)++;
}

int records_run_start(records *r, const char *ship, int level, int extra)
{
    records_ship *s = records_get(r, ship);
    if (!s || level < 0 || level >= DIFFICULTY_COUNT)
        return -1;
    records_bump(extra ? &s->extra_tried : &s->played[level]);
    return 0;
}

int records_run_end(records *r, const records_run *run)
{
    records_ship *s = records_get(r, run->ship);
    int d = run->difficulty;
    if (!s || d < 0 || d >= DIFFICULTY_COUNT)
        return -1;
    if (!run->cleared)
        return 0;
    if (run->extra) {
        records_bump(&s->extra_cleared);
        if (s->extra_tried < s->extra_cleared)
            s->extra_tried = s->extra_cleared;
        return 0;
    }
    records_bump(&s->cleared[d]);
    if (run->continues == 0)
        records_bump(&s->no_continue[d]);
    if (s->played[d] < s->cleared[d])
        s->played[d] = s->cleared[d];
    return 0;
}

void records_add_time(records *r, uint64_t frames)
{
    r->frames = frames > UINT64_MAX - r->frames ? UINT64_MAX : r->frames + frames;
}

int records_extra_earned(const records *r, const char *ship)
{
    const records_ship *s = records_find(r, ship);
    for (int d = DIFFICULTY_NORMAL; s && d < DIFFICULTY_COUNT; d++)
        if (s->no_continue[d] > 0)
            return 1;
    return 0;
}

int records_extra_unlocked(const records *r, const char *ship)
{
    const char *env = getenv(RECORDS_UNLOCK_ENV);
    if (env && env[0] && strcmp(env, "0") != 0)
        return 1;
    return records_extra_earned(r, ship);
}

/* ---- the file ---- */

/* A line's fields, split at spaces and tabs. */
typedef struct records_fields {
    const char *at[8];
    size_t len[8];
    int count;
} records_fields;

/* Splits line into at most 8 fields; -1 (and a problem) if there are more. */
static int records_split(const char *line, records_fields *f, record_problem *pr)
{
    f->count = 0;
    for (const char *p = line; *p;) {
        while (*p == ' ' || *p == '\t')
            p++;
        if (!*p)
            break;
        if (f->count == 8)
            return record_problem_at(pr, (int)(p - line) + 1, "too many fields on the line");
        size_t len = strcspn(p, " \t");
        f->at[f->count] = p;
        f->len[f->count++] = len;
        p += len;
    }
    return 0;
}

/* Field i of f as a whole decimal number of at most max: digits only, checked for
 * overflow before it happens (never wrapped). */
static int records_number(const records_fields *f, int i, const char *line, uint64_t max,
                          const char *what, uint64_t *out, record_problem *pr)
{
    const char *s = f->at[i];
    uint64_t v = 0;
    size_t k = 0;
    for (; k < f->len[i] && s[k] >= '0' && s[k] <= '9'; k++) {
        unsigned d = (unsigned)(s[k] - '0');
        if (v > (max - d) / 10)
            break;
        v = v * 10 + d;
    }
    if (k == 0 || k != f->len[i])
        return record_problem_at(pr, (int)(s - line) + 1,
                                 "%s wants a whole number from 0 to %" PRIu64 ", not '%.*s'", what,
                                 max, f->len[i] > 24 ? 24 : (int)f->len[i], s);
    *out = v;
    return 0;
}

/* Field i as a ship's name, new in the file: the ship's records, made. */
static records_ship *records_row_ship(records *r, const records_fields *f, int i, const char *line,
                                      record_problem *pr)
{
    char name[RECORDS_NAME_MAX + 1];
    if (!records_name_ok(f->at[i], f->len[i])) {
        record_problem_at(pr, (int)(f->at[i] - line) + 1,
                          "a ship's name wants 1 to %d letters, digits, '_', '.', '-' or ':'",
                          RECORDS_NAME_MAX);
        return NULL;
    }
    memcpy(name, f->at[i], f->len[i]);
    name[f->len[i]] = '\0';
    if (!records_find(r, name) && r->count >= RECORDS_SHIPS) {
        record_problem_at(pr, 1, "more than %d ships", RECORDS_SHIPS);
        return NULL;
    }
    return records_get(r, name);
}

/* "run SHIP DIFFICULTY played cleared cleared-without-continues" */
static int records_parse_run(records *r, const records_fields *f, const char *line,
                             record_problem *pr)
{
    if (f->count != 6)
        return record_problem_at(pr, 1,
                                 "a run row is: run SHIP DIFFICULTY played cleared "
                                 "cleared-without-continues");
    records_ship *s = records_row_ship(r, f, 1, line, pr);
    if (!s)
        return -1;
    char word[16] = "";
    if (f->len[2] < sizeof word)
        memcpy(word, f->at[2], f->len[2]);
    int d = difficulty_from_name(word);
    if (d < 0)
        return record_problem_at(pr, (int)(f->at[2] - line) + 1,
                                 "the difficulty wants a difficulty's name, not '%.*s'",
                                 f->len[2] > 24 ? 24 : (int)f->len[2], f->at[2]);
    if (s->played[d] || s->cleared[d] || s->no_continue[d])
        return record_problem_at(pr, 1, "a second run row for %s on %s", s->name,
                                 difficulty_name(d));
    uint64_t n[3];
    static const char *const what[3] = {"played", "cleared", "cleared without continues"};
    for (int k = 0; k < 3; k++)
        if (records_number(f, 3 + k, line, UINT32_MAX, what[k], &n[k], pr) != 0)
            return -1;
    if (n[1] > n[0] || n[2] > n[1])
        return record_problem_at(pr, (int)(f->at[n[1] > n[0] ? 4 : 5] - line) + 1,
                                 "more clears than runs (%" PRIu64 " played, %" PRIu64
                                 " cleared, %" PRIu64 " without continues)",
                                 n[0], n[1], n[2]);
    s->played[d] = (uint32_t)n[0];
    s->cleared[d] = (uint32_t)n[1];
    s->no_continue[d] = (uint32_t)n[2];
    return 0;
}

/* "extra SHIP tried cleared" */
static int records_parse_extra(records *r, const records_fields *f, const char *line,
                               record_problem *pr)
{
    if (f->count != 4)
        return record_problem_at(pr, 1, "an extra row is: extra SHIP tried cleared");
    records_ship *s = records_row_ship(r, f, 1, line, pr);
    if (!s)
        return -1;
    if (s->extra_tried || s->extra_cleared)
        return record_problem_at(pr, 1, "a second extra row for %s", s->name);
    uint64_t tried = 0, cleared = 0;
    if (records_number(f, 2, line, UINT32_MAX, "tried", &tried, pr) != 0 ||
        records_number(f, 3, line, UINT32_MAX, "cleared", &cleared, pr) != 0)
        return -1;
    if (cleared > tried)
        return record_problem_at(pr, (int)(f->at[3] - line) + 1,
                                 "cleared %" PRIu64 " times but tried only %" PRIu64, cleared,
                                 tried);
    s->extra_tried = (uint32_t)tried;
    s->extra_cleared = (uint32_t)cleared;
    return 0;
}

/* The first line: "curtain-records VERSION". */
static int records_parse_header(const records_fields *f, const char *line, record_problem *pr)
{
    size_t m = strlen(RECORDS_MAGIC);
    uint64_t v = 0;
    if (f->count < 1 || f->len[0] != m || strncmp(f->at[0], RECORDS_MAGIC, m) != 0)
        return record_problem_at(pr, 1, "not a curtain records file (no '%s' line)", RECORDS_MAGIC);
    if (f->count != 2)
        return record_problem_at(pr, (int)m + 2, "the first line is '%s VERSION'", RECORDS_MAGIC);
    if (records_number(f, 1, line, INT32_MAX, "the format version", &v, pr) != 0)
        return -1;
    if (v < 1)
        return record_problem_at(pr, (int)(f->at[1] - line) + 1,
                                 "the format version wants 1 or more");
    if (v > RECORDS_VERSION)
        return record_problem_at(pr, (int)(f->at[1] - line) + 1,
                                 "written by a newer curtain (format %" PRIu64 ")", v);
    return 0;
}

/* What a parse fills: the records, and whether the time row was read. */
typedef struct records_reading {
    records *r;
    int timed;
} records_reading;

/* The first line: "curtain-records VERSION". */
static void records_read_header(void *ctx, const char *line, record_problem *pr)
{
    (void)ctx;
    records_fields f;
    if (records_split(line, &f, pr) == 0)
        records_parse_header(&f, line, pr);
}

/* One line after the first but a comment or the end: a row (time, run or extra). */
static void records_read_row(void *ctx, const char *line, record_problem *pr)
{
    records_reading *rd = ctx;
    records *r = rd->r;
    records_fields f;
    if (records_split(line, &f, pr) != 0 || f.count == 0)
        return;
    uint64_t v = 0;
    if (f.len[0] == 4 && strncmp(f.at[0], "time", 4) == 0) {
        if (rd->timed)
            record_problem_at(pr, 1, "a second time row");
        else if (f.count != 2)
            record_problem_at(pr, 1, "the time row is: time FRAMES");
        else if (records_number(&f, 1, line, UINT64_MAX, "the time", &v, pr) == 0)
            r->frames = v;
        rd->timed = 1;
    } else if (f.len[0] == 3 && strncmp(f.at[0], "run", 3) == 0) {
        records_parse_run(r, &f, line, pr);
    } else if (f.len[0] == 5 && strncmp(f.at[0], "extra", 5) == 0) {
        records_parse_extra(r, &f, line, pr);
    } else {
        record_problem_at(pr, 1, "a row starts with time, run or extra, not '%.*s'",
                          f.len[0] > 24 ? 24 : (int)f.len[0], f.at[0]);
    }
}

int records_parse(records *r, const char *text, size_t size, const char *origin, char *reason,
                  size_t reason_size)
{
    records_clear(r);
    records_reading rd = {.r = r};
    if (record_file_parse(text, size, origin, RECORDS_HASH_SEED, records_read_header,
                          records_read_row, &rd, reason, reason_size) != 0) {
        records_clear(r);
        return -1;
    }
    return 0;
}

/* Appends a printf'd piece to out at *n; -1 when it does not fit. */
__attribute__((format(printf, 4, 5))) static int records_put(char *out, size_t size, size_t *n,
                                                             const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int w = vsnprintf(out + *n, size - *n, fmt, ap);
    va_end(ap);
    if (w < 0 || (size_t)w >= size - *n)
        return -1;
    *n += (size_t)w;
    return 0;
}

int records_format(const records *r, char *out, size_t out_size)
{
    size_t n = 0;
    if (out_size == 0 ||
        records_put(out, out_size, &n, "%s %d\ntime %" PRIu64 "\n", RECORDS_MAGIC, RECORDS_VERSION,
                    r->frames) != 0 ||
        records_put(out, out_size, &n,
                    "# run SHIP DIFFICULTY played cleared cleared-without-continues\n") != 0)
        return -1;
    for (int i = 0; i < r->count; i++)
        for (int d = 0; d < DIFFICULTY_COUNT; d++) {
            const records_ship *s = &r->ships[i];
            if ((s->played[d] || s->cleared[d] || s->no_continue[d]) &&
                records_put(out, out_size, &n, "run %s %s %" PRIu32 " %" PRIu32 " %" PRIu32 "\n",
                            s->name, difficulty_name(d), s->played[d], s->cleared[d],
                            s->no_continue[d]) != 0)
                return -1;
        }
    if (records_put(out, out_size, &n, "# extra SHIP tried cleared\n") != 0)
        return -1;
    for (int i = 0; i < r->count; i++) {
        const records_ship *s = &r->ships[i];
        if ((s->extra_tried || s->extra_cleared) &&
            records_put(out, out_size, &n, "extra %s %" PRIu32 " %" PRIu32 "\n", s->name,
                        s->extra_tried, s->extra_cleared) != 0)
            return -1;
    }
    uint64_t h = hash_buffer(out, n, RECORDS_HASH_SEED);
    if (records_put(out, out_size, &n, "end %016" PRIx64 "\n", h) != 0)
        return -1;
    return (int)n;
}

/* record_file's view of records_parse and records_format. */
static int records_parse_any(void *rec, const char *text, size_t size, const char *origin,
                             char *reason, size_t reason_size)
{
    return records_parse(rec, text, size, origin, reason, reason_size);
}

static int records_format_any(const void *rec, char *out, size_t out_size)
{
    return records_format(rec, out, out_size);
}

records_status records_load(records *r, const char *path, char *reason, size_t reason_size)
{
    records_clear(r);
    record_status st = record_file_load(path, FILE_LIMIT_RECORDS, records_parse_any, r, "records",
                                        "the records", &r->save_blocked, reason, reason_size);
    return st == RECORD_LOADED    ? RECORDS_LOADED
           : st == RECORD_MISSING ? RECORDS_MISSING
                                  : RECORDS_REFUSED;
}

int records_save(const records *r, const char *path, char *err, size_t err_size)
{
    return record_file_save(path, r->save_blocked, RECORDS_TEXT_MAX, records_format_any, r,
                            "the records do not fit", err, err_size);
}
