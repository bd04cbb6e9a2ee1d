/*
 * spellcards: the record of spell cards met and captured, and its file. See
 * spellcards.h.
 */
#include "game/spellcards.h"

#include "core/file.h"
#include "core/hash.h"
#include "core/log.h"
#include "core/mem.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SPELLCARDS_MAGIC "curtain-spellcards"
#define SPELLCARDS_LINE  256

void spellcards_clear(spellcards *sc)
{
    memset(sc, 0, sizeof *sc);
}

/* Copies text into a fixed field, cut to fit. */
static void spellcards_copy(char *out, size_t size, const char *text)
{
    snprintf(out, size, "%s", text ? text : "");
}

/* Copies a title as the file can hold it, cut to fit: a double quote becomes a
 * single one and a control character a space (either would end the record's
 * line or its quotes). */
static void spellcards_copy_title(char *out, size_t size, const char *title)
{
    spellcards_copy(out, size, title);
    for (char *c = out; *c; c++)
        if (*c == '"')
            *c = '\'';
        else if ((unsigned char)*c < 0x20 || *c == 0x7f)
            *c = ' ';
}

/* The record of a card, cutting the names as a stored record has them. */
static spellcard *spellcards_lookup(spellcards *sc, const char *boss, int phase, const char *title)
{
    char b[SPELLCARDS_NAME_MAX + 1], t[SPELLCARDS_TITLE_MAX + 1];
    spellcards_copy(b, sizeof b, boss);
    spellcards_copy_title(t, sizeof t, title);
    for (int i = 0; i < sc->count; i++) {
        spellcard *c = &sc->cards[i];
        if (c->phase == phase && strcmp(c->boss, b) == 0 && strcmp(c->title, t) == 0)
            return c;
    }
    return NULL;
}

const spellcard *spellcards_find(const spellcards *sc, const char *boss, int phase,
                                 const char *title)
{
    return spellcards_lookup((spellcards *)sc, boss, phase, title);
}

/* The record of a card, made if new; NULL when full. */
static spellcard *spellcards_get(spellcards *sc, const char *boss, int phase, const char *title)
{
    spellcard *c = spellcards_lookup(sc, boss, phase, title);
    if (c || sc->count >= SPELLCARDS_MAX)
        return c;
    c = &sc->cards[sc->count++];
    memset(c, 0, sizeof *c);
    spellcards_copy(c->boss, sizeof c->boss, boss);
    spellcards_copy_title(c->title, sizeof c->title, title);
    c->phase = phase;
    return c;
}

int spellcards_saw(spellcards *sc, const char *boss, int phase, const char *title)
{
    spellcard *c = spellcards_get(sc, boss, phase, title);
    if (!c)
        return -1;
    c->seen++;
    return 0;
}

int spellcards_captured(spellcards *sc, const char *boss, int phase, const char *title)
{
    spellcard *c = spellcards_get(sc, boss, phase, title);
    if (!c)
        return -1;
    c->captured++;
    if (c->seen < c->captured)
        c->seen = c->captured;
    return 0;
}

/* A name is a word of letters, digits and '_' (what pattern files allow). */
static int spellcards_name_ok(const char *s)
{
    if (!*s)
        return 0;
    for (; *s; s++)
        if (!(*s == '_' || (*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
              (*s >= '0' && *s <= '9')))
            return 0;
    return 1;
}

/* Formats "origin:line: message" into reason and returns -1. */
static int spellcards_fail(char *reason, size_t size, const char *origin, int line, const char *fmt,
                           ...) __attribute__((format(printf, 5, 6)));
static int spellcards_fail(char *reason, size_t size, const char *origin, int line, const char *fmt,
                           ...)
{
    int n = snprintf(reason, size, "%s:%d: ", origin, line);
    if (n >= 0 && (size_t)n < size) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(reason + n, size - (size_t)n, fmt, ap);
        va_end(ap);
    }
    return -1;
}

/* One record line: seen captured boss phase "title". */
static int spellcards_parse_row(spellcards *sc, const char *line)
{
    unsigned long seen, captured;
    int phase, used = 0;
    char boss[SPELLCARDS_LINE];
    if (sscanf(line, "%lu %lu %255s %d \"%n", &seen, &captured, boss, &phase, &used) != 4 ||
        used == 0)
        return -1;
    const char *title = line + used;
    const char *close = strrchr(title, '"');
    if (!close || close[1] != '\0' || (size_t)(close - title) > SPELLCARDS_TITLE_MAX ||
        memchr(title, '"', (size_t)(close - title)) || !spellcards_name_ok(boss) ||
        strlen(boss) > SPELLCARDS_NAME_MAX || phase < 0 || phase > 255 || captured > seen ||
        seen > UINT32_MAX || sc->count >= SPELLCARDS_MAX)
        return -1;
    spellcard *c = &sc->cards[sc->count++];
    memset(c, 0, sizeof *c);
    spellcards_copy(c->boss, sizeof c->boss, boss);
    memcpy(c->title, title, (size_t)(close - title));
    c->phase = phase;
    c->seen = (uint32_t)seen;
    c->captured = (uint32_t)captured;
    return 0;
}

int spellcards_parse(spellcards *sc, const char *text, size_t size, const char *origin,
                     char *reason, size_t reason_size)
{
    spellcards_clear(sc);
    if (size == 0)
        return spellcards_fail(reason, reason_size, origin, 1, "the file is empty");
    const char *p = text, *end = text + size;
    int line_no = 0, ended = 0;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        line_no++;
        if (!nl) {
            spellcards_clear(sc);
            return spellcards_fail(reason, reason_size, origin, line_no,
                                   "the last line has no end (the file was cut short)");
        }
        size_t len = (size_t)(nl - p);
        char line[SPELLCARDS_LINE];
        if (len >= sizeof line || memchr(p, '\0', len) || ended) {
            spellcards_clear(sc);
            return spellcards_fail(reason, reason_size, origin, line_no,
                                   ended ? "text after the end line" : "a line too long or binary");
        }
        memcpy(line, p, len);
        line[len] = '\0';
        int bad = 0;
        if (line_no == 1) {
            int version = 0;
            bad = sscanf(line, SPELLCARDS_MAGIC " %d", &version) != 1 || version < 1;
            if (!bad && version > SPELLCARDS_VERSION) {
                spellcards_clear(sc);
                return spellcards_fail(reason, reason_size, origin, line_no,
                                       "written by a newer curtain (format %d)", version);
            }
        } else if (strncmp(line, "end ", 4) == 0) {
            uint64_t want = strtoull(line + 4, NULL, 16);
            if (want != hash_buffer(text, (size_t)(p - text), SPELLCARDS_HASH_SEED)) {
                spellcards_clear(sc);
                return spellcards_fail(reason, reason_size, origin, line_no,
                                       "the checksum does not match (damaged or edited)");
            }
            ended = 1;
        } else if (line[0] != '#') {
            bad = spellcards_parse_row(sc, line) != 0;
        }
        if (bad) {
            spellcards_clear(sc);
            return spellcards_fail(reason, reason_size, origin, line_no, "not a spell card record");
        }
        p = nl + 1;
    }
    if (!ended) {
        spellcards_clear(sc);
        return spellcards_fail(reason, reason_size, origin, line_no,
                               "no end line (the file was cut short)");
    }
    return 0;
}

int spellcards_format(const spellcards *sc, char *out, size_t out_size)
{
    size_t n = 0;
    int w = snprintf(out, out_size, "%s %d\n# seen captured boss phase \"title\"\n",
                     SPELLCARDS_MAGIC, SPELLCARDS_VERSION);
    if (w < 0 || (size_t)w >= out_size)
        return -1;
    n = (size_t)w;
    for (int i = 0; i < sc->count; i++) {
        const spellcard *c = &sc->cards[i];
        w = snprintf(out + n, out_size - n, "%" PRIu32 " %" PRIu32 " %s %d \"%s\"\n", c->seen,
                     c->captured, c->boss, c->phase, c->title);
        if (w < 0 || (size_t)w >= out_size - n)
            return -1;
        n += (size_t)w;
    }
    w = snprintf(out + n, out_size - n, "end %016" PRIx64 "\n",
                 hash_buffer(out, n, SPELLCARDS_HASH_SEED));
    if (w < 0 || (size_t)w >= out_size - n)
        return -1;
    return (int)(n + (size_t)w);
}

spellcards_status spellcards_load(spellcards *sc, const char *path, char *reason,
                                  size_t reason_size)
{
    spellcards_clear(sc);
    if (reason_size)
        reason[0] = '\0';
    if (!file_exists(path))
        return SPELLCARDS_MISSING;
    char why[512] = "", err[256];
    size_t size = 0;
    char *text = file_read_limit(path, FILE_LIMIT_SPELLCARDS, &size, err, sizeof err);
    if (!text)
        snprintf(why, sizeof why, "%s", err);
    else if (spellcards_parse(sc, text, size, path, why, sizeof why) == 0) {
        mem_free(text);
        return SPELLCARDS_LOADED;
    }
    mem_free(text);
    char aside[4200];
    if (file_move_aside(path, aside, sizeof aside) == 0)
        snprintf(reason, reason_size, "%s; kept as %s, starting afresh", why, aside);
    else
        snprintf(reason, reason_size, "%s; starting afresh", why);
    log_warn("spell card record refused: %s", reason);
    return SPELLCARDS_REFUSED;
}

int spellcards_save(const spellcards *sc, const char *path, char *err, size_t err_size)
{
    char *text = mem_alloc(SPELLCARDS_TEXT_MAX);
    if (!text) {
        snprintf(err, err_size, "%s: out of memory", path);
        return -1;
    }
    int n = spellcards_format(sc, text, SPELLCARDS_TEXT_MAX);
    int rc = n < 0 ? -1 : file_write_atomic(path, text, (size_t)n, err, err_size);
    if (n < 0)
        snprintf(err, err_size, "%s: the record does not fit", path);
    mem_free(text);
    return rc;
}
