/*
 * credits: the staff roll's text. See credits.h.
 */
#include "game/credits.h"

#include "core/file.h"
#include "core/mem.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static const char *const credits_words[CREDITS_KIND_COUNT] = {
#define CREDITS_WORD(id, word, doc) word,
    CREDITS_KINDS(CREDITS_WORD)
#undef CREDITS_WORD
};

const char *credits_kind_word(credits_kind k)
{
    return (unsigned)k < CREDITS_KIND_COUNT ? credits_words[k] : "?";
}

/* The state of one parse: where it is, and where errors go. */
typedef struct credits_parser {
    credits *c;
    const char *path;
    int line;
    char *err;
    size_t err_size;
} credits_parser;

/* Writes "path:line:col: message" and returns -1. */
static int credits_fail(credits_parser *p, int col, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static int credits_fail(credits_parser *p, int col, const char *fmt, ...)
{
    char msg[160];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    snprintf(p->err, p->err_size, "%s:%d:%d: %s", p->path, p->line, col, msg);
    return -1;
}

static int credits_space(char ch)
{
    return ch == ' ' || ch == '\t' || ch == '\r';
}

/* Copies the text at s (n bytes, trimmed by the caller) into out, at most
 * size - 1 bytes; -1 (with the column past the limit) when it does not fit. */
static int credits_copy(credits_parser *p, int col, char *out, size_t size, const char *s, size_t n)
{
    if (n >= size)
        return credits_fail(p, col + (int)size - 1, "text longer than %zu bytes", size - 1);
    memcpy(out, s, n);
    out[n] = '\0';
    return 0;
}

/* `music NAME` or `backdrop NAME`: once each, before the first entry. */
static int credits_setting(credits_parser *p, const char *word, int col, const char *arg, size_t n,
                           int arg_col)
{
    credits *c = p->c;
    int music = strcmp(word, "music") == 0;
    char *slot = music ? c->music : c->backdrop;
    if (n == 0)
        return credits_fail(p, arg_col, "'%s' needs a name", word);
    if (slot[0])
        return credits_fail(p, col, "'%s' is given twice", word);
    if (c->count > 0)
        return credits_fail(p, col, "'%s' comes before the roll's first line", word);
    if (memchr(arg, ' ', n) || memchr(arg, '\t', n))
        return credits_fail(p, arg_col, "a %s's name is one word", word);
    if (!music) {
        c->backdrop_line = p->line;
        c->backdrop_col = arg_col;
    }
    return credits_copy(p, arg_col, slot, CREDITS_WORD_SIZE, arg, n);
}

/* `gap [N]`: N blank rows, 1 to CREDITS_GAP_MAX (1 without a number). */
static int credits_gap(credits_parser *p, credits_entry *e, const char *arg, size_t n, int col)
{
    int rows = 0;
    for (size_t i = 0; i < n; i++) {
        if (arg[i] < '0' || arg[i] > '9' || rows > CREDITS_GAP_MAX)
            return credits_fail(p, col, "'gap' takes a number of rows from 1 to %d",
                                CREDITS_GAP_MAX);
        rows = rows * 10 + (arg[i] - '0');
    }
    if (n == 0)
        rows = 1;
    if (rows < 1 || rows > CREDITS_GAP_MAX)
        return credits_fail(p, col, "'gap' takes a number of rows from 1 to %d", CREDITS_GAP_MAX);
    e->rows = (uint8_t)rows;
    return 0;
}

/* One directive line (s, n bytes, no newline). */
static int credits_line(credits_parser *p, const char *s, size_t n)
{
    size_t i = 0;
    while (i < n && credits_space(s[i]))
        i++;
    if (i == n || s[i] == '#')
        return 0;
    int col = (int)i + 1;
    size_t w = i;
    while (w < n && !credits_space(s[w]))
        w++;
    char word[16];
    if (w - i >= sizeof word)
        return credits_fail(p, col, "unknown word '%.*s'", (int)(w - i), s + i);
    memcpy(word, s + i, w - i);
    word[w - i] = '\0';
    size_t a = w, end = n;
    while (a < end && credits_space(s[a]))
        a++;
    while (end > a && credits_space(s[end - 1]))
        end--;
    int arg_col = (int)a + 1;
    if (strcmp(word, "music") == 0 || strcmp(word, "backdrop") == 0)
        return credits_setting(p, word, col, s + a, end - a, arg_col);
    int kind = -1;
    for (int k = 0; k < CREDITS_KIND_COUNT; k++)
        if (strcmp(word, credits_words[k]) == 0)
            kind = k;
    if (kind < 0)
        return credits_fail(
            p, col, "unknown word '%s' (music, backdrop, title, role, name, line, gap, end)", word);
    credits *c = p->c;
    if (c->count > 0 && c->entries[c->count - 1].kind == CREDITS_END)
        return credits_fail(p, col, "nothing follows the roll's 'end'");
    if (c->count >= CREDITS_LINES)
        return credits_fail(p, col, "more than %d lines in the roll", CREDITS_LINES);
    credits_entry *e = &c->entries[c->count];
    memset(e, 0, sizeof *e);
    e->kind = (uint8_t)kind;
    if (kind == CREDITS_GAP) {
        if (credits_gap(p, e, s + a, end - a, arg_col) != 0)
            return -1;
    } else if (end == a) {
        return credits_fail(p, arg_col, "'%s' needs its text", word);
    } else if (credits_copy(p, arg_col, e->text, sizeof e->text, s + a, end - a) != 0) {
        return -1;
    }
    c->count++;
    return 0;
}

int credits_parse(credits *c, const char *path, const char *text, size_t size, char *err,
                  size_t err_size)
{
    memset(c, 0, sizeof *c);
    snprintf(c->path, sizeof c->path, "%s", path);
    credits_parser p = {.c = c, .path = path, .line = 1, .err = err, .err_size = err_size};
    if (size > CREDITS_FILE_MAX)
        return credits_fail(&p, 1, "larger than %d bytes", CREDITS_FILE_MAX);
    size_t start = 0;
    for (size_t i = 0; i <= size; i++) {
        if (i < size && text[i] == '\0') {
            c->count = 0;
            return credits_fail(&p, (int)(i - start) + 1, "a NUL byte in the text");
        }
        if (i < size && text[i] != '\n')
            continue;
        if (credits_line(&p, text + start, i - start) != 0) {
            c->count = 0;
            return -1;
        }
        start = i + 1;
        p.line++;
    }
    if (c->count == 0) {
        p.line = 1;
        return credits_fail(&p, 1, "the staff roll has no lines");
    }
    return 0;
}

int credits_load(credits *c, const char *patterns_dir, const char *mod_dir, char *err,
                 size_t err_size)
{
    char path[1024];
    int n = -1;
    if (mod_dir) {
        n = snprintf(path, sizeof path, "%s/%s", mod_dir, CREDITS_FILE_NAME);
        if (n >= (int)sizeof path || !file_exists(path))
            n = -1;
    }
    if (n < 0)
        n = snprintf(path, sizeof path, "%s/%s", patterns_dir, CREDITS_FILE_NAME);
    memset(c, 0, sizeof *c);
    if (n >= (int)sizeof path) {
        snprintf(err, err_size, "%s: the path is too long", patterns_dir);
        return -1;
    }
    size_t size = 0;
    char *text = file_read_limit(path, CREDITS_FILE_MAX, &size, err, err_size);
    if (!text)
        return -1;
    int rc = credits_parse(c, path, text, size, err, err_size);
    mem_free(text);
    return rc;
}
