/*
 * highscores: tables, name rules, and the versioned file (see highscores.h).
 */
#include "game/highscores.h"

#include "core/file.h"
#include "core/hash.h"
#include "core/log.h"
#include "core/mem.h"
#include "core/strbuf.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define HIGHSCORES_MAGIC    "curtain-highscores"
#define HIGHSCORES_LINE_MAX 160

static int highscores_parse_ship(const char *s, char out[HIGHSCORES_SHIP_MAX + 1],
                                 char type[HIGHSCORES_SHIP_MAX + 1]);
static int highscores_parse_name(const char *s, size_t n, char out[HIGHSCORES_SHIP_MAX + 1]);

static int highscores_date_valid(int date);

void highscores_clear(highscores *hs)
{
    memset(hs, 0, sizeof *hs);
}

int highscores_rank(const highscores *hs, difficulty d, uint64_t score)
{
    if (d >= DIFFICULTY_COUNT)
        return -1;
    int n = hs->count[d];
    for (int i = 0; i < n; i++)
        if (score > hs->entries[d][i].score)
            return i;
    return n < HIGHSCORES_TOP ? n : -1;
}

int highscores_insert(highscores *hs, difficulty d, const highscore *e)
{
    int rank = highscores_rank(hs, d, e->score);
    if (rank < 0)
        return -1;
    highscore *table = hs->entries[d];
    int n = hs->count[d];
    int moved = (n < HIGHSCORES_TOP ? n : HIGHSCORES_TOP - 1) - rank;
    memmove(&table[rank + 1], &table[rank], (size_t)moved * sizeof *table);
    table[rank] = *e;
    highscores_name_clean(e->name, table[rank].name);
    /* Keep every entry writable: the file refuses what it could not read back. */
    if (!highscores_date_valid(e->date))
        table[rank].date = highscores_today();
    if (e->stage < 1 || e->stage > HIGHSCORES_STAGE_MAX)
        table[rank].stage = e->stage < 1 ? 1 : HIGHSCORES_STAGE_MAX;
    table[rank].cleared = e->cleared != 0;
    char ship[HIGHSCORES_SHIP_MAX + 1];
    if (!highscores_parse_ship(e->ship, ship, NULL))
        table[rank].ship[0] = '\0'; /* not a name: the file could not read it back */
    if (!table[rank].ship[0] ||
        (e->shot_type[0] &&
         !highscores_parse_name(e->shot_type, strnlen(e->shot_type, sizeof e->shot_type), ship)))
        table[rank].shot_type[0] = '\0';
    if (n < HIGHSCORES_TOP)
        hs->count[d]++;
    return rank;
}

const highscore *highscores_get(const highscores *hs, difficulty d, int rank)
{
    if (d >= DIFFICULTY_COUNT || rank < 0 || rank >= hs->count[d])
        return NULL;
    return &hs->entries[d][rank];
}

/* ---- names and dates ---- */

static int highscores_name_char(char c)
{
    return c != '\0' && strchr(HIGHSCORES_NAME_CHARSET, c) != NULL;
}

int highscores_name_valid(const char *name)
{
    size_t n = strlen(name);
    if (n < 1 || n > HIGHSCORES_NAME_MAX)
        return 0;
    int visible = 0;
    for (size_t i = 0; i < n; i++) {
        if (!highscores_name_char(name[i]))
            return 0;
        visible |= name[i] != ' ';
    }
    return visible;
}

void highscores_name_clean(const char *in, char out[HIGHSCORES_NAME_MAX + 1])
{
    size_t n = 0;
    for (const char *p = in; *p && n < HIGHSCORES_NAME_MAX; p++) {
        char c = *p >= 'a' && *p <= 'z' ? (char)(*p - 'a' + 'A') : *p;
        if (highscores_name_char(c) && !(c == ' ' && n == 0))
            out[n++] = c;
    }
    while (n > 0 && out[n - 1] == ' ')
        n--;
    out[n] = '\0';
    if (n == 0)
        memcpy(out, "PLAYER", 7);
}

int highscores_today(void)
{
    time_t now = time(NULL);
    struct tm tm;
    if (!localtime_r(&now, &tm))
        return 20000101;
    return (tm.tm_year + 1900) * 10000 + (tm.tm_mon + 1) * 100 + tm.tm_mday;
}

static int highscores_date_valid(int date)
{
    int y = date / 10000, m = date / 100 % 100, d = date % 100;
    return y >= 1970 && y <= 9999 && m >= 1 && m <= 12 && d >= 1 && d <= 31;
}

/* ---- parsing ---- */

/* The state of a parse: where we are, and the first error. */
typedef struct highscores_parser {
    const char *path;
    int line;
    char *reason;
    size_t reason_size;
    const char *start, *at; /* the line and the field a refusal names (col 1 if none) */
    int version;            /* the file's format version */
} highscores_parser;

__attribute__((format(printf, 2, 3))) static int highscores_fail(highscores_parser *ps,
                                                                 const char *fmt, ...)
{
    char message[160];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(message, sizeof message, fmt, ap);
    va_end(ap);
    if (ps->reason && ps->reason_size)
        snprintf(ps->reason, ps->reason_size, "%s:%d:%d: %s", ps->path, ps->line,
                 ps->start && ps->at ? (int)(ps->at - ps->start) + 1 : 1, message);
    return -1;
}

/* Splits the next space-separated word off *p into out. 0 if there is none. */
static int highscores_word(char **p, char **out)
{
    while (**p == ' ')
        (*p)++;
    if (!**p)
        return 0;
    *out = *p;
    while (**p && **p != ' ')
        (*p)++;
    if (**p)
        *(*p)++ = '\0';
    return 1;
}

static int highscores_parse_u64(const char *s, uint64_t *out)
{
    if (*s < '0' || *s > '9')
        return 0;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (*end || errno)
        return 0;
    *out = v;
    return 1;
}

/* Parses YYYY-MM-DD into YYYYMMDD. */
static int highscores_parse_date(const char *s, int *out)
{
    if (strlen(s) != 10 || s[4] != '-' || s[7] != '-')
        return 0;
    int v = 0;
    for (int i = 0; i < 10; i++) {
        if (i == 4 || i == 7)
            continue;
        if (s[i] < '0' || s[i] > '9')
            return 0;
        v = v * 10 + (s[i] - '0');
    }
    *out = v;
    return highscores_date_valid(v);
}

/* A pattern name of n bytes at s into out (at most HIGHSCORES_SHIP_MAX). */
static int highscores_parse_name(const char *s, size_t n, char out[HIGHSCORES_SHIP_MAX + 1])
{
    if (n == 0 || n > HIGHSCORES_SHIP_MAX || (s[0] >= '0' && s[0] <= '9'))
        return 0;
    for (size_t i = 0; i < n; i++)
        if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') ||
              (s[i] >= '0' && s[i] <= '9') || s[i] == '_'))
            return 0;
    memcpy(out, s, n);
    out[n] = '\0';
    return 1;
}

/* A ship's name as a row has it: a pattern name, or "-" for none; from format
 * 3 on "SHIP/TYPE", its shot type's name after it (into type, when given). */
static int highscores_parse_ship(const char *s, char out[HIGHSCORES_SHIP_MAX + 1],
                                 char type[HIGHSCORES_SHIP_MAX + 1])
{
    if (type)
        type[0] = '\0';
    if (strcmp(s, "-") == 0) {
        out[0] = '\0';
        return 1;
    }
    const char *slash = type ? strchr(s, '/') : NULL;
    if (!slash)
        return highscores_parse_name(s, strlen(s), out);
    return highscores_parse_name(s, (size_t)(slash - s), out) &&
           highscores_parse_name(slash + 1, strlen(slash + 1), type);
}

/* Parses one row "difficulty rank score stage result date [ship] "name"" into hs
 * (the ship from format 2 on). */
static int highscores_parse_row(highscores *hs, char *line, highscores_parser *ps)
{
    char *p = line, *w[7];
    int words = ps->version >= 2 ? 7 : 6;
    for (int i = 0; i < words; i++)
        if (!highscores_word(&p, &w[i]) && (ps->at = p))
            return highscores_fail(ps, words == 7 ? "a row wants: difficulty rank score stage "
                                                    "result date ship \"name\""
                                                  : "a row wants: difficulty rank score stage "
                                                    "result date \"name\"");
    ps->at = w[0];
    int d = difficulty_from_name(w[0]);
    if (d < 0)
        return highscores_fail(ps, "unknown difficulty '%.20s'", w[0]);
    uint64_t rank = 0;
    ps->at = w[1];
    if (!highscores_parse_u64(w[1], &rank) || rank != (uint64_t)hs->count[d] + 1)
        return highscores_fail(ps, "rank '%.20s' out of order (expected %d)", w[1],
                               hs->count[d] + 1);
    if (hs->count[d] >= HIGHSCORES_TOP)
        return highscores_fail(ps, "more than %d rows for %s", HIGHSCORES_TOP, w[0]);
    highscore e = {0};
    uint64_t stage = 0;
    ps->at = w[2];
    if (!highscores_parse_u64(w[2], &e.score))
        return highscores_fail(ps, "score '%.24s' is not a whole number", w[2]);
    if (hs->count[d] > 0 && e.score > hs->entries[d][hs->count[d] - 1].score)
        return highscores_fail(ps, "score %" PRIu64 " is above the row before it", e.score);
    ps->at = w[3];
    if (!highscores_parse_u64(w[3], &stage) || stage < 1 || stage > HIGHSCORES_STAGE_MAX)
        return highscores_fail(ps, "stage '%.20s' is not from 1 to %d", w[3], HIGHSCORES_STAGE_MAX);
    e.stage = (int)stage;
    ps->at = w[4];
    if (strcmp(w[4], "cleared") != 0 && strcmp(w[4], "reached") != 0)
        return highscores_fail(ps, "result '%.20s' is neither cleared nor reached", w[4]);
    e.cleared = w[4][0] == 'c';
    ps->at = w[5];
    if (!highscores_parse_date(w[5], &e.date))
        return highscores_fail(ps, "date '%.20s' is not YYYY-MM-DD", w[5]);
    ps->at = words == 7 ? w[6] : ps->at;
    if (words == 7 && !highscores_parse_ship(w[6], e.ship, ps->version >= 3 ? e.shot_type : NULL))
        return highscores_fail(ps, "ship '%.40s' is not a name (or '-'%s)", w[6],
                               ps->version >= 3 ? ", or SHIP/TYPE" : "");
    while (*p == ' ')
        p++;
    ps->at = p;
    size_t n = strlen(p);
    if (n < 2 || p[0] != '"' || p[n - 1] != '"' || n - 2 > HIGHSCORES_NAME_MAX)
        return highscores_fail(ps, "the name must be in quotes, at most %d characters",
                               HIGHSCORES_NAME_MAX);
    memcpy(e.name, p + 1, n - 2);
    e.name[n - 2] = '\0';
    if (!highscores_name_valid(e.name))
        return highscores_fail(ps, "name \"%s\" uses characters outside A-Z 0-9 .-!? and space",
                               e.name);
    hs->entries[d][hs->count[d]++] = e;
    return 0;
}

/* Checks the header line "curtain-highscores VERSION". */
static int highscores_parse_header(char *line, highscores_parser *ps)
{
    size_t m = strlen(HIGHSCORES_MAGIC);
    uint64_t version = 0;
    if (strncmp(line, HIGHSCORES_MAGIC " ", m + 1) != 0)
        return highscores_fail(ps, "not a curtain high-score file");
    ps->at = line + m + 1;
    if (!highscores_parse_u64(line + m + 1, &version))
        return highscores_fail(ps, "not a curtain high-score file (its version is not a number)");
    if (version < 1 || version > HIGHSCORES_VERSION)
        return highscores_fail(ps, "format version %" PRIu64 " (this curtain reads 1 to %d)",
                               version, HIGHSCORES_VERSION);
    ps->version = (int)version;
    return 0;
}

/* Checks "end HASH" against the hash of the text before it. */
static int highscores_parse_end(const char *line, const char *text, size_t before,
                                highscores_parser *ps)
{
    char want[24];
    snprintf(want, sizeof want, "end %016" PRIx64, hash_buffer(text, before, HIGHSCORES_HASH_SEED));
    if (strcmp(line, want) != 0)
        return highscores_fail(ps, "checksum does not match: the file was damaged or edited");
    return 0;
}

/* Copies line [b, e) into out, refusing control bytes; 0 on a bad line. */
static int highscores_take_line(const char *b, const char *e, char out[HIGHSCORES_LINE_MAX])
{
    if (e - b >= HIGHSCORES_LINE_MAX)
        return 0;
    for (const char *p = b; p < e; p++)
        if ((unsigned char)*p < 0x20 || *p == 0x7f)
            return 0;
    memcpy(out, b, (size_t)(e - b));
    out[e - b] = '\0';
    return 1;
}

int highscores_parse(highscores *hs, const char *text, size_t size, const char *path, char *reason,
                     size_t reason_size)
{
    highscores_clear(hs);
    highscores_parser ps = {path, 0, reason, reason_size, NULL, NULL, 0};
    if (size == 0) {
        ps.line = 1;
        return highscores_fail(&ps, "the file is empty");
    }
    const char *p = text, *end = text + size;
    int rc = -1, ended = 0;
    while (p < end && !ended) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        ps.line++;
        char line[HIGHSCORES_LINE_MAX];
        ps.start = line;
        ps.at = NULL;
        if (!nl)
            rc = highscores_fail(&ps, "the file ends in the middle of a line (cut short?)");
        else if (!highscores_take_line(p, nl, line))
            rc = highscores_fail(&ps, "unreadable or overlong line");
        else if (ps.line == 1)
            rc = highscores_parse_header(line, &ps);
        else if (line[0] == '#')
            rc = 0;
        else if (strncmp(line, "end", 3) == 0 && (line[3] == ' ' || !line[3]))
            rc = highscores_parse_end(line, text, (size_t)(p - text), &ps), ended = 1;
        else
            rc = highscores_parse_row(hs, line, &ps);
        if (rc != 0)
            break;
        p = nl + 1;
    }
    ps.start = ps.at = NULL;
    if (rc == 0 && !ended)
        rc = highscores_fail(&ps, "no 'end' line: the file was cut short");
    if (rc == 0 && p < end) {
        ps.line++;
        rc = highscores_fail(&ps, "text after the 'end' line");
    }
    if (rc != 0)
        highscores_clear(hs);
    return rc;
}

highscores_status highscores_load(highscores *hs, const char *path, char *reason,
                                  size_t reason_size)
{
    highscores_clear(hs);
    if (reason && reason_size)
        reason[0] = '\0';
    if (!file_exists(path))
        return HIGHSCORES_MISSING;
    char why[320], err[256];
    size_t size = 0;
    char *text = file_read_limit(path, FILE_LIMIT_HIGHSCORES, &size, err, sizeof err);
    if (!text) {
        snprintf(why, sizeof why, "%s", err);
    } else {
        int rc = highscores_parse(hs, text, size, path, why, sizeof why);
        mem_free(text);
        if (rc == 0)
            return HIGHSCORES_LOADED;
    }
    char aside[4200];
    if (file_move_aside(path, aside, sizeof aside) == 0) {
        snprintf(reason, reason_size, "%s; kept as %s, starting an empty table", why, aside);
    } else {
        hs->save_blocked = 1;
        snprintf(reason, reason_size,
                 "%s; it could not be moved aside, so new scores will not be "
                 "saved over it",
                 why);
    }
    log_warn("high scores refused: %s", reason);
    return HIGHSCORES_REFUSED;
}

/* ---- writing ---- */

int highscores_format(const highscores *hs, char *out, size_t out_size)
{
    int len = 0;
    strbuf_appendf(out, out_size, &len,
                   "%s %d\n# difficulty rank score stage result date ship name\n", HIGHSCORES_MAGIC,
                   HIGHSCORES_VERSION);
    for (int d = 0; d < DIFFICULTY_COUNT; d++) {
        for (int i = 0; i < hs->count[d]; i++) {
            const highscore *e = &hs->entries[d][i];
            strbuf_appendf(
                out, out_size, &len, "%s %d %" PRIu64 " %d %s %04d-%02d-%02d %s%s%s \"%s\"\n",
                difficulty_name(d), i + 1, e->score, e->stage, e->cleared ? "cleared" : "reached",
                e->date / 10000, e->date / 100 % 100, e->date % 100, e->ship[0] ? e->ship : "-",
                e->ship[0] && e->shot_type[0] ? "/" : "", e->ship[0] ? e->shot_type : "", e->name);
        }
    }
    if (len < 0)
        return -1;
    strbuf_appendf(out, out_size, &len, "end %016" PRIx64 "\n",
                   hash_buffer(out, (size_t)len, HIGHSCORES_HASH_SEED));
    return len;
}

int highscores_save(const highscores *hs, const char *path, char *err, size_t err_size)
{
    if (hs->save_blocked) {
        snprintf(err, err_size, "%s: not saved over a file that could not be read or moved aside",
                 path);
        return -1;
    }
    char text[HIGHSCORES_TEXT_MAX];
    int len = highscores_format(hs, text, sizeof text);
    if (len < 0) {
        snprintf(err, err_size, "%s: high scores do not fit in %d bytes", path,
                 HIGHSCORES_TEXT_MAX);
        return -1;
    }
    return file_write_atomic(path, text, (size_t)len, err, err_size);
}
