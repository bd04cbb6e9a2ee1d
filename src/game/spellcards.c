/*
 * spellcards: the record of spell cards met and captured, and its file. See
 * spellcards.h.
 */
#include "game/spellcards.h"

#include "core/file.h"
#include "core/hash.h"
#include "game/difficulty.h"
#include "game/record_file.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SPELLCARDS_MAGIC "curtain-spellcards"

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

/* The record of a card at a difficulty, cutting the names as a stored record
 * has them. */
static spellcard *spellcards_lookup(spellcards *sc, const char *boss, int phase, const char *title,
                                    int level)
{
    char b[SPELLCARDS_NAME_MAX + 1], t[SPELLCARDS_TITLE_MAX + 1];
    spellcards_copy(b, sizeof b, boss);
    spellcards_copy_title(t, sizeof t, title);
    for (int i = 0; i < sc->count; i++) {
        spellcard *c = &sc->cards[i];
        if (c->phase == phase && c->difficulty == level && strcmp(c->boss, b) == 0 &&
            strcmp(c->title, t) == 0)
            return c;
    }
    return NULL;
}

const spellcard *spellcards_find(const spellcards *sc, const char *boss, int phase,
                                 const char *title, int level)
{
    return spellcards_lookup((spellcards *)sc, boss, phase, title, level);
}

/* The record of a card at a difficulty, made if new; NULL when full. */
static spellcard *spellcards_get(spellcards *sc, const char *boss, int phase, const char *title,
                                 int level)
{
    spellcard *c = spellcards_lookup(sc, boss, phase, title, level);
    if (c || sc->count >= SPELLCARDS_MAX)
        return c;
    c = &sc->cards[sc->count++];
    memset(c, 0, sizeof *c);
    spellcards_copy(c->boss, sizeof c->boss, boss);
    spellcards_copy_title(c->title, sizeof c->title, title);
    c->phase = phase;
    c->difficulty = level;
    return c;
}

int spellcards_saw(spellcards *sc, const char *boss, int phase, const char *title, int level)
{
    spellcard *c = spellcards_get(sc, boss, phase, title, level);
    if (!c)
        return -1;
    c->seen++;
    return 0;
}

int spellcards_captured(spellcards *sc, const char *boss, int phase, const char *title, int level)
{
    spellcard *c = spellcards_get(sc, boss, phase, title, level);
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

/* Skips the spaces before a field; 0 if there were none where one is wanted. */
static int spellcards_space(const char **p)
{
    const char *s = *p;
    while (**p == ' ' || **p == '\t')
        (*p)++;
    return *p > s;
}

/* Reads a whole decimal number of at most max at *p: digits only (no sign, no
 * spaces, no "0x"), checked for overflow before it happens, so "-1", "1e3",
 * "4294967297" and twenty digits are refused, not wrapped (sscanf's %d and %lu
 * took "4294967297" for 1 and "-18446744073709551615" for 1). */
static int spellcards_number(const char **p, const char *line, uint64_t max, const char *what,
                             uint64_t *out, record_problem *pr)
{
    const char *s = *p;
    uint64_t v = 0;
    int over = 0;
    while (**p >= '0' && **p <= '9') {
        unsigned d = (unsigned)(**p - '0');
        if (v > (max - d) / 10)
            over = 1;
        else
            v = v * 10 + d;
        (*p)++;
    }
    size_t len = strcspn(s, " \t");
    if (*p == s || over || (**p != '\0' && **p != ' ' && **p != '\t'))
        return record_problem_at(pr, (int)(s - line) + 1,
                                 "%s wants a whole number from 0 to %" PRIu64 ", not '%.*s'", what,
                                 max, len > 24 ? 24 : (int)len, s);
    *out = v;
    return 0;
}

/* Spaces, then a field: 0 with *p at the field, or -1 when the line ends first. */
static int spellcards_field(const char **p, const char *line, record_problem *pr)
{
    spellcards_space(p);
    if (**p)
        return 0;
    return record_problem_at(pr, (int)(*p - line) + 1,
                             "the line ends early: a row is seen captured boss phase \"title\"");
}

/* A version-2 row's difficulty at *p: a difficulty's name or "any". */
static int spellcards_difficulty(const char **p, const char *line, int *out, record_problem *pr)
{
    size_t len = strcspn(*p, " \t");
    char word[16];
    int d = -1, any = 0;
    if (len < sizeof word) {
        memcpy(word, *p, len);
        word[len] = '\0';
        any = strcmp(word, "any") == 0;
        d = any ? SPELLCARDS_ANY : difficulty_from_name(word);
    }
    if (!any && d < 0)
        return record_problem_at(pr, (int)(*p - line) + 1,
                                 "the difficulty wants a difficulty's name or 'any', not '%.*s'",
                                 len > 24 ? 24 : (int)len, *p);
    *p += len;
    *out = d;
    return 0;
}

/* One record line: seen captured difficulty boss phase "title" (version 1: no
 * difficulty, which is then SPELLCARDS_ANY). */
static int spellcards_parse_row(spellcards *sc, const char *line, int version, record_problem *pr)
{
    const char *p = line;
    uint64_t seen, captured, phase;
    int level = SPELLCARDS_ANY;
    if (spellcards_field(&p, line, pr) != 0 ||
        spellcards_number(&p, line, UINT32_MAX, "seen", &seen, pr) != 0 ||
        spellcards_field(&p, line, pr) != 0)
        return -1;
    const char *at = p;
    if (spellcards_number(&p, line, UINT32_MAX, "captured", &captured, pr) != 0)
        return -1;
    if (captured > seen)
        return record_problem_at(pr, (int)(at - line) + 1,
                                 "captured %" PRIu64 " times but seen only %" PRIu64, captured,
                                 seen);
    if (spellcards_field(&p, line, pr) != 0)
        return -1;
    if (version >= 2 &&
        (spellcards_difficulty(&p, line, &level, pr) != 0 || spellcards_field(&p, line, pr) != 0))
        return -1;
    const char *boss = p;
    size_t boss_len = strcspn(p, " \t");
    char name[SPELLCARDS_NAME_MAX + 1];
    if (boss_len == 0 || boss_len > SPELLCARDS_NAME_MAX)
        return record_problem_at(pr, (int)(boss - line) + 1,
                                 "the boss's name wants 1 to %d letters, digits or '_'",
                                 SPELLCARDS_NAME_MAX);
    memcpy(name, boss, boss_len);
    name[boss_len] = '\0';
    if (!spellcards_name_ok(name))
        return record_problem_at(pr, (int)(boss - line) + 1,
                                 "the boss's name '%s' holds more than letters, digits and '_'",
                                 name);
    p += boss_len;
    if (spellcards_field(&p, line, pr) != 0 ||
        spellcards_number(&p, line, 255, "phase", &phase, pr) != 0 ||
        spellcards_field(&p, line, pr) != 0)
        return -1;
    const char *title = p + 1, *close = *p == '"' ? strchr(title, '"') : NULL;
    if (!close || close[1] != '\0')
        return record_problem_at(pr, (int)(p - line) + 1,
                                 "the title wants to be in double quotes, and last");
    if ((size_t)(close - title) > SPELLCARDS_TITLE_MAX)
        return record_problem_at(pr, (int)(title - line) + 1, "the title is longer than %d bytes",
                                 SPELLCARDS_TITLE_MAX);
    if (sc->count >= SPELLCARDS_MAX)
        return record_problem_at(pr, 1, "more than %d cards", SPELLCARDS_MAX);
    spellcard *c = &sc->cards[sc->count++];
    memset(c, 0, sizeof *c);
    spellcards_copy(c->boss, sizeof c->boss, name);
    memcpy(c->title, title, (size_t)(close - title));
    c->phase = (int)phase;
    c->difficulty = level;
    c->seen = (uint32_t)seen;
    c->captured = (uint32_t)captured;
    return 0;
}

/* The first line: "curtain-spellcards VERSION", the version a whole number. */
static int spellcards_parse_header(const char *line, record_problem *pr, int *version)
{
    size_t m = strlen(SPELLCARDS_MAGIC);
    const char *p = line + m;
    uint64_t v = 0;
    if (strncmp(line, SPELLCARDS_MAGIC, m) != 0 || !spellcards_space(&p))
        return record_problem_at(pr, 1, "not a spell card record (no '%s' line)", SPELLCARDS_MAGIC);
    if (spellcards_number(&p, line, INT32_MAX, "the format version", &v, pr) != 0)
        return -1;
    spellcards_space(&p);
    if (*p != '\0' || v < 1)
        return record_problem_at(pr, (int)(p - line) + 1,
                                 "the format version wants 1 or more, "
                                 "and nothing after it");
    *version = (int)v;
    return 0;
}

/* What a parse fills: the record, and the file's format version. */
typedef struct spellcards_reading {
    spellcards *sc;
    int version;
} spellcards_reading;

/* The first line: "curtain-spellcards VERSION", not newer than this curtain's. */
static void spellcards_read_header(void *ctx, const char *line, record_problem *pr)
{
    spellcards_reading *rd = ctx;
    if (spellcards_parse_header(line, pr, &rd->version) == 0 && rd->version > SPELLCARDS_VERSION)
        record_problem_at(pr, (int)strlen(SPELLCARDS_MAGIC) + 2,
                          "written by a newer curtain (format %d)", rd->version);
}

/* One line after the first but a comment or the end: a card's row. */
static void spellcards_read_row(void *ctx, const char *line, record_problem *pr)
{
    spellcards_reading *rd = ctx;
    spellcards_parse_row(rd->sc, line, rd->version, pr);
}

int spellcards_parse(spellcards *sc, const char *text, size_t size, const char *origin,
                     char *reason, size_t reason_size)
{
    spellcards_clear(sc);
    spellcards_reading rd = {.sc = sc};
    if (record_file_parse(text, size, origin, SPELLCARDS_HASH_SEED, spellcards_read_header,
                          spellcards_read_row, &rd, reason, reason_size) != 0) {
        spellcards_clear(sc);
        return -1;
    }
    return 0;
}

int spellcards_format(const spellcards *sc, char *out, size_t out_size)
{
    size_t n = 0;
    int w = snprintf(out, out_size, "%s %d\n# seen captured difficulty boss phase \"title\"\n",
                     SPELLCARDS_MAGIC, SPELLCARDS_VERSION);
    if (w < 0 || (size_t)w >= out_size)
        return -1;
    n = (size_t)w;
    for (int i = 0; i < sc->count; i++) {
        const spellcard *c = &sc->cards[i];
        const char *d = c->difficulty == SPELLCARDS_ANY ? "any" : difficulty_name(c->difficulty);
        w = snprintf(out + n, out_size - n, "%" PRIu32 " %" PRIu32 " %s %s %d \"%s\"\n", c->seen,
                     c->captured, d, c->boss, c->phase, c->title);
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

/* record_file's view of spellcards_parse and spellcards_format. */
static int spellcards_parse_any(void *rec, const char *text, size_t size, const char *origin,
                                char *reason, size_t reason_size)
{
    return spellcards_parse(rec, text, size, origin, reason, reason_size);
}

static int spellcards_format_any(const void *rec, char *out, size_t out_size)
{
    return spellcards_format(rec, out, out_size);
}

spellcards_status spellcards_load(spellcards *sc, const char *path, char *reason,
                                  size_t reason_size)
{
    spellcards_clear(sc);
    record_status st =
        record_file_load(path, FILE_LIMIT_SPELLCARDS, spellcards_parse_any, sc, "spell card record",
                         "the record", &sc->save_blocked, reason, reason_size);
    return st == RECORD_LOADED    ? SPELLCARDS_LOADED
           : st == RECORD_MISSING ? SPELLCARDS_MISSING
                                  : SPELLCARDS_REFUSED;
}

int spellcards_save(const spellcards *sc, const char *path, char *err, size_t err_size)
{
    return record_file_save(path, sc->save_blocked, SPELLCARDS_TEXT_MAX, spellcards_format_any, sc,
                            "the record does not fit", err, err_size);
}
