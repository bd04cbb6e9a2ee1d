/*
 * bench_report: the strict reader of curtain-bench/1 files. See bench_report.h.
 *
 * No general JSON tree is built: a recursive-descent reader walks the text with
 * the schema in hand (three levels deep at most, so no recursion to bound), and
 * the first thing that is not what the schema says stops it with the position
 * where it was found.
 */
#include "bench/bench_report.h"

#include "core/file.h"
#include "core/mem.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* Most figures a report may hold (about 200 bytes of text each). */
#define REPORT_MAX_FIGURES 1000000

typedef struct reader {
    const char *name;
    const char *text;
    size_t size, pos;
    char *err;
    size_t err_size;
    int failed;
} reader;

/* Stops the reader with "name:line:col: message" at byte `at`. */
static void reader_fail_at(reader *rd, size_t at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void reader_fail_at(reader *rd, size_t at, const char *fmt, ...)
{
    if (rd->failed)
        return;
    rd->failed = 1;
    int line = 1, col = 1;
    for (size_t i = 0; i < at && i < rd->size; i++) {
        if (rd->text[i] == '\n') {
            line++;
            col = 1;
        } else {
            col++;
        }
    }
    char what[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    snprintf(rd->err, rd->err_size, "%s:%d:%d: %s", rd->name, line, col, what);
}

static int reader_peek(const reader *rd)
{
    return rd->pos < rd->size ? (unsigned char)rd->text[rd->pos] : -1;
}

static void reader_skip_space(reader *rd)
{
    while (rd->pos < rd->size) {
        char c = rd->text[rd->pos];
        if (c != ' ' && c != '\t' && c != '\n' && c != '\r')
            break;
        rd->pos++;
    }
}

/* What the reader is looking at, for messages. */
static const char *reader_seen(const reader *rd, char *buf, size_t size)
{
    int c = reader_peek(rd);
    if (c < 0)
        snprintf(buf, size, "the end of the file");
    else if (c >= 0x20 && c < 0x7f)
        snprintf(buf, size, "'%c'", c);
    else
        snprintf(buf, size, "byte 0x%02x", c);
    return buf;
}

/* Skips space, then wants character c. */
static int reader_expect(reader *rd, char c, const char *what)
{
    reader_skip_space(rd);
    if (reader_peek(rd) == (unsigned char)c) {
        rd->pos++;
        return 1;
    }
    char seen[32];
    reader_fail_at(rd, rd->pos, "expected %s, found %s", what, reader_seen(rd, seen, sizeof seen));
    return 0;
}

static int hex_value(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Four hex digits of a \u escape at pos; -1 if they are not. */
static long reader_hex4(reader *rd)
{
    if (rd->size - rd->pos < 4)
        return -1;
    long v = 0;
    for (int i = 0; i < 4; i++) {
        int h = hex_value((unsigned char)rd->text[rd->pos + (size_t)i]);
        if (h < 0)
            return -1;
        v = v * 16 + h;
    }
    rd->pos += 4;
    return v;
}

/* Appends code point cp as UTF-8 to out (n bytes so far, cap with room for the
 * NUL); returns 0 when it does not fit. */
static int utf8_put(char *out, size_t *n, size_t cap, long cp)
{
    unsigned char b[4];
    size_t k;
    if (cp < 0x80) {
        b[0] = (unsigned char)cp;
        k = 1;
    } else if (cp < 0x800) {
        b[0] = (unsigned char)(0xc0 | (cp >> 6));
        b[1] = (unsigned char)(0x80 | (cp & 0x3f));
        k = 2;
    } else if (cp < 0x10000) {
        b[0] = (unsigned char)(0xe0 | (cp >> 12));
        b[1] = (unsigned char)(0x80 | ((cp >> 6) & 0x3f));
        b[2] = (unsigned char)(0x80 | (cp & 0x3f));
        k = 3;
    } else {
        b[0] = (unsigned char)(0xf0 | (cp >> 18));
        b[1] = (unsigned char)(0x80 | ((cp >> 12) & 0x3f));
        b[2] = (unsigned char)(0x80 | ((cp >> 6) & 0x3f));
        b[3] = (unsigned char)(0x80 | (cp & 0x3f));
        k = 4;
    }
    if (*n + k >= cap)
        return 0;
    memcpy(out + *n, b, k);
    *n += k;
    return 1;
}

/* The length of a valid UTF-8 sequence at s (at most left bytes), or 0. */
static size_t utf8_valid(const unsigned char *s, size_t left)
{
    size_t k = s[0] >= 0xf0 ? 4 : s[0] >= 0xe0 ? 3 : 2;
    if (s[0] < 0xc2 || s[0] > 0xf4 || left < k)
        return 0;
    for (size_t i = 1; i < k; i++)
        if ((s[i] & 0xc0) != 0x80)
            return 0;
    long cp = k == 2 ? (s[0] & 0x1f) : k == 3 ? (s[0] & 0x0f) : (s[0] & 0x07);
    for (size_t i = 1; i < k; i++)
        cp = cp << 6 | (s[i] & 0x3f);
    if ((k == 3 && cp < 0x800) || (k == 4 && (cp < 0x10000 || cp > 0x10ffff)) ||
        (cp >= 0xd800 && cp <= 0xdfff))
        return 0;
    return k;
}

/* An escape after the backslash at pos; appends what it stands for. */
static int reader_escape(reader *rd, char *out, size_t *n, size_t cap, const char *what)
{
    size_t at = rd->pos - 1;
    int c = reader_peek(rd);
    static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
    const char *hit = c > 0 ? strchr(from, c) : NULL;
    rd->pos++;
    long cp;
    if (hit) {
        cp = to[hit - from];
    } else if (c == 'u') {
        cp = reader_hex4(rd);
        if (cp >= 0xd800 && cp <= 0xdbff && rd->size - rd->pos >= 2 && rd->text[rd->pos] == '\\' &&
            rd->text[rd->pos + 1] == 'u') {
            rd->pos += 2;
            long low = reader_hex4(rd);
            cp = low >= 0xdc00 && low <= 0xdfff ? 0x10000 + ((cp - 0xd800) << 10) + (low - 0xdc00)
                                                : -1;
        } else if (cp >= 0xd800 && cp <= 0xdfff) {
            cp = -1;
        }
        if (cp < 0) {
            reader_fail_at(rd, at, "bad \\u escape in %s", what);
            return 0;
        }
    } else {
        reader_fail_at(rd, at, "unknown escape in %s", what);
        return 0;
    }
    if (cp == 0 || !utf8_put(out, n, cap, cp)) {
        reader_fail_at(rd, at, cp == 0 ? "NUL character in %s" : "%s is too long", what);
        return 0;
    }
    return 1;
}

/* A string into out (cap bytes with the NUL); what names it in messages. */
static int reader_string(reader *rd, char *out, size_t cap, const char *what)
{
    if (!reader_expect(rd, '"', what))
        return 0;
    size_t start = rd->pos - 1, n = 0;
    for (;;) {
        int c = reader_peek(rd);
        if (c < 0) {
            reader_fail_at(rd, start, "%s: the string never ends", what);
            return 0;
        }
        if (c == '"') {
            rd->pos++;
            out[n] = '\0';
            return 1;
        }
        if (c < 0x20) {
            reader_fail_at(rd, rd->pos, "control character in %s (JSON wants it escaped)", what);
            return 0;
        }
        rd->pos++;
        if (c == '\\') {
            if (!reader_escape(rd, out, &n, cap, what))
                return 0;
            continue;
        }
        size_t k = 1;
        if (c >= 0x80) {
            k = utf8_valid((const unsigned char *)rd->text + rd->pos - 1, rd->size - rd->pos + 1);
            if (!k) {
                reader_fail_at(rd, rd->pos - 1, "%s is not valid UTF-8", what);
                return 0;
            }
        }
        if (n + k >= cap) {
            reader_fail_at(rd, start, "%s is too long (at most %zu bytes)", what, cap - 1);
            return 0;
        }
        memcpy(out + n, rd->text + rd->pos - 1, k);
        n += k;
        rd->pos += k - 1;
    }
}

static int is_digit(int c)
{
    return c >= '0' && c <= '9';
}

/* Skips digits; returns how many. */
static size_t reader_digits(reader *rd)
{
    size_t n = 0;
    while (is_digit(reader_peek(rd))) {
        rd->pos++;
        n++;
    }
    return n;
}

/* A number by JSON's grammar: -? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)? */
static int reader_number(reader *rd, double *value, const char *what)
{
    reader_skip_space(rd);
    size_t start = rd->pos;
    if (reader_peek(rd) == '-')
        rd->pos++;
    int ok = 1;
    if (reader_peek(rd) == '0')
        rd->pos++;
    else
        ok = reader_digits(rd) > 0;
    if (ok && reader_peek(rd) == '.') {
        rd->pos++;
        ok = reader_digits(rd) > 0;
    }
    if (ok && (reader_peek(rd) == 'e' || reader_peek(rd) == 'E')) {
        rd->pos++;
        if (reader_peek(rd) == '+' || reader_peek(rd) == '-')
            rd->pos++;
        ok = reader_digits(rd) > 0;
    }
    size_t len = rd->pos - start;
    char buf[64];
    if (!ok || len == 0 || len >= sizeof buf) {
        char seen[32];
        rd->pos = start;
        reader_fail_at(rd, start, "%s: expected a number, found %s", what,
                       len >= sizeof buf ? "a number too long to read"
                                         : reader_seen(rd, seen, sizeof seen));
        return 0;
    }
    memcpy(buf, rd->text + start, len);
    buf[len] = '\0';
    errno = 0;
    *value = strtod(buf, NULL);
    if (!isfinite(*value)) {
        reader_fail_at(rd, start, "%s: %s is out of range", what, buf);
        return 0;
    }
    return 1;
}

static int reader_bool(reader *rd, int *value, const char *what)
{
    reader_skip_space(rd);
    size_t left = rd->size - rd->pos;
    const char *p = rd->text + rd->pos;
    if (left >= 4 && memcmp(p, "true", 4) == 0) {
        rd->pos += 4;
        *value = 1;
        return 1;
    }
    if (left >= 5 && memcmp(p, "false", 5) == 0) {
        rd->pos += 5;
        *value = 0;
        return 1;
    }
    char seen[32];
    reader_fail_at(rd, rd->pos, "%s: expected true or false, found %s", what,
                   reader_seen(rd, seen, sizeof seen));
    return 0;
}

/* The members of one object, each name in the schema at most once. */
typedef struct reader_members {
    const char *const *names;
    int count;
    unsigned seen; /* bit i: names[i] read */
    const char *object;
} reader_members;

/* Reads the next member's name and the colon after it: returns its index, -2
 * at the closing brace, -1 on an error. first: no comma before it. */
static int reader_member(reader *rd, reader_members *m, int first)
{
    reader_skip_space(rd);
    if (reader_peek(rd) == '}') {
        rd->pos++;
        return -2;
    }
    if (!first && !reader_expect(rd, ',', "',' or '}'"))
        return -1;
    reader_skip_space(rd);
    size_t at = rd->pos;
    char name[64];
    if (!reader_string(rd, name, sizeof name, "a member name") ||
        !reader_expect(rd, ':', "':' after a member name"))
        return -1;
    for (int i = 0; i < m->count; i++)
        if (strcmp(name, m->names[i]) == 0) {
            if (m->seen & (1u << i)) {
                reader_fail_at(rd, at, "%s has \"%s\" twice", m->object, name);
                return -1;
            }
            m->seen |= 1u << i;
            return i;
        }
    reader_fail_at(rd, at, "%s has a member \"%s\" that " BENCH_SCHEMA " does not have", m->object,
                   name);
    return -1;
}

/* After the closing brace: every member present, or a message naming the first
 * one missing. */
static int reader_members_done(reader *rd, const reader_members *m, size_t at)
{
    for (int i = 0; i < m->count; i++)
        if (!(m->seen & (1u << i))) {
            reader_fail_at(rd, at, "%s has no \"%s\"", m->object, m->names[i]);
            return 0;
        }
    return 1;
}

/* "machine": {"cpu", "cores", "compiler", "build", "flags"} */
static int reader_machine(reader *rd, bench_machine *mc)
{
    static const char *const names[] = {"cpu", "cores", "compiler", "build", "flags"};
    reader_members m = {names, 5, 0, "\"machine\""};
    size_t at = rd->pos;
    if (!reader_expect(rd, '{', "an object for \"machine\""))
        return 0;
    for (int first = 1;; first = 0) {
        int i = reader_member(rd, &m, first);
        if (i == -2)
            break;
        double cores;
        size_t vat = rd->pos;
        switch (i) {
        case 0: reader_string(rd, mc->cpu, sizeof mc->cpu, "\"cpu\""); break;
        case 1:
            if (!reader_number(rd, &cores, "\"cores\""))
                break;
            if (cores < 1 || cores > 1e6 || cores != floor(cores))
                reader_fail_at(rd, vat, "\"cores\" is not a count of cores");
            else
                mc->cores = (int)cores; /* only a count in range converts */
            break;
        case 2: reader_string(rd, mc->compiler, sizeof mc->compiler, "\"compiler\""); break;
        case 3: reader_string(rd, mc->build, sizeof mc->build, "\"build\""); break;
        case 4: reader_string(rd, mc->flags, sizeof mc->flags, "\"flags\""); break;
        default: return 0;
        }
        if (rd->failed)
            return 0;
    }
    return reader_members_done(rd, &m, at);
}

/* Appends a figure slot to the report, growing its array. */
static bench_figure *report_add(bench_report *r, int *cap)
{
    if (r->figure_count == *cap) {
        int grown_cap = *cap ? *cap * 2 : 256;
        bench_figure *grown = mem_realloc(r->figures, (size_t)grown_cap * sizeof *grown);
        if (!grown)
            return NULL;
        r->figures = grown;
        *cap = grown_cap;
    }
    bench_figure *f = &r->figures[r->figure_count++];
    *f = (bench_figure){0};
    return f;
}

/* One figure: {"key", "value", "unit", "better"}. */
static int reader_figure(reader *rd, bench_figure *f)
{
    static const char *const names[] = {"key", "value", "unit", "better"};
    reader_members m = {names, 4, 0, "a figure"};
    size_t at = rd->pos;
    if (!reader_expect(rd, '{', "a figure (an object)"))
        return 0;
    for (int first = 1;; first = 0) {
        int i = reader_member(rd, &m, first);
        if (i == -2)
            break;
        char better[16];
        reader_skip_space(rd);
        size_t vat = rd->pos;
        switch (i) {
        case 0:
            if (reader_string(rd, f->key, sizeof f->key, "a figure's key") && !f->key[0])
                reader_fail_at(rd, vat, "a figure's key is empty");
            break;
        case 1: reader_number(rd, &f->value, "a figure's value"); break;
        case 2: reader_string(rd, f->unit, sizeof f->unit, "a figure's unit"); break;
        case 3:
            if (!reader_string(rd, better, sizeof better, "\"better\""))
                break;
            if (strcmp(better, "lower") == 0)
                f->better = BENCH_LOWER_BETTER;
            else if (strcmp(better, "higher") == 0)
                f->better = BENCH_HIGHER_BETTER;
            else if (strcmp(better, "neutral") == 0)
                f->better = BENCH_NEUTRAL;
            else
                reader_fail_at(rd, vat, "\"better\" is \"%s\", not lower, higher or neutral",
                               better);
            break;
        default: return 0;
        }
        if (rd->failed)
            return 0;
    }
    return reader_members_done(rd, &m, at);
}

/* "figures": [figure, ...] */
static int reader_figures(reader *rd, bench_report *r)
{
    int cap = 0;
    if (!reader_expect(rd, '[', "an array for \"figures\""))
        return 0;
    reader_skip_space(rd);
    if (reader_peek(rd) == ']') {
        rd->pos++;
        return 1;
    }
    for (;;) {
        reader_skip_space(rd);
        size_t at = rd->pos;
        if (r->figure_count >= REPORT_MAX_FIGURES) {
            reader_fail_at(rd, at, "more than %d figures", REPORT_MAX_FIGURES);
            return 0;
        }
        bench_figure *f = report_add(r, &cap);
        if (!f) {
            reader_fail_at(rd, at, "out of memory for the figures");
            return 0;
        }
        if (!reader_figure(rd, f))
            return 0;
        reader_skip_space(rd);
        if (reader_peek(rd) == ']') {
            rd->pos++;
            return 1;
        }
        if (!reader_expect(rd, ',', "',' or ']' after a figure"))
            return 0;
    }
}

static int report_key_order(const void *a, const void *b)
{
    const bench_figure *fa = a, *fb = b;
    return strcmp(fa->key, fb->key);
}

/* Refuses a report with a key twice (a copy sorted by key, then neighbours). */
static int report_check_unique(reader *rd, const bench_report *r)
{
    if (r->figure_count < 2)
        return 1;
    bench_figure *sorted = mem_alloc((size_t)r->figure_count * sizeof *sorted);
    if (!sorted) {
        reader_fail_at(rd, 0, "out of memory checking the figure keys");
        return 0;
    }
    memcpy(sorted, r->figures, (size_t)r->figure_count * sizeof *sorted);
    qsort(sorted, (size_t)r->figure_count, sizeof *sorted, report_key_order);
    for (int i = 1; i < r->figure_count; i++)
        if (strcmp(sorted[i - 1].key, sorted[i].key) == 0) {
            snprintf(rd->err, rd->err_size, "%s: the figure \"%s\" is there twice", rd->name,
                     sorted[i].key);
            rd->failed = 1;
            break;
        }
    mem_free(sorted);
    return !rd->failed;
}

/* The top object: {"schema", "curtain", "machine", "quick", "figures"}. The
 * schema is checked as soon as it is read, so a file of another schema is
 * named as such even if the rest would also be wrong. */
static int reader_report(reader *rd, bench_report *r)
{
    static const char *const names[] = {"schema", "curtain", "machine", "quick", "figures"};
    reader_members m = {names, 5, 0, "the report"};
    reader_skip_space(rd);
    if (reader_peek(rd) != '{') {
        char seen[32];
        reader_fail_at(rd, rd->pos, "not a curtain bench report: expected a JSON object, found %s",
                       reader_seen(rd, seen, sizeof seen));
        return 0;
    }
    for (int first = 1;; first = 0) {
        if (first)
            rd->pos++;
        int i = reader_member(rd, &m, first);
        if (i == -2)
            break;
        char schema[64];
        reader_skip_space(rd);
        size_t vat = rd->pos;
        switch (i) {
        case 0:
            if (reader_string(rd, schema, sizeof schema, "\"schema\"") &&
                strcmp(schema, BENCH_SCHEMA) != 0)
                reader_fail_at(rd, vat,
                               "the schema is \"%s\"; this curtain reads \"" BENCH_SCHEMA "\"",
                               schema);
            break;
        case 1:
            reader_string(rd, r->machine.version, sizeof r->machine.version, "\"curtain\"");
            break;
        case 2: reader_machine(rd, &r->machine); break;
        case 3: reader_bool(rd, &r->quick, "\"quick\""); break;
        case 4: reader_figures(rd, r); break;
        default: break;
        }
        if (rd->failed)
            return 0;
    }
    if (!(m.seen & 1u)) {
        reader_fail_at(rd, 0, "not a curtain bench report: no \"schema\": \"" BENCH_SCHEMA "\"");
        return 0;
    }
    if (!reader_members_done(rd, &m, 0))
        return 0;
    reader_skip_space(rd);
    if (rd->pos < rd->size) {
        reader_fail_at(rd, rd->pos, "text after the end of the report");
        return 0;
    }
    return report_check_unique(rd, r);
}

int bench_report_parse(bench_report *r, const char *name, const char *text, size_t size, char *err,
                       size_t err_size)
{
    *r = (bench_report){.owned = 1};
    snprintf(r->name, sizeof r->name, "%s", name);
    reader rd = {name, text, size, 0, err, err_size, 0};
    if (!reader_report(&rd, r)) {
        bench_report_free(r);
        return -1;
    }
    return 0;
}

int bench_report_load(bench_report *r, const char *path, char *err, size_t err_size)
{
    *r = (bench_report){0};
    size_t size = 0;
    char *text = file_read_limit(path, BENCH_REPORT_MAX_BYTES, &size, err, err_size);
    if (!text)
        return -1;
    int rc = bench_report_parse(r, path, text, size, err, err_size);
    mem_free(text);
    return rc;
}

void bench_report_of_run(bench_report *r, const bench *b)
{
    *r = (bench_report){.quick = b->quick};
    snprintf(r->name, sizeof r->name, "this run");
    bench_machine_detect(&r->machine);
    r->figures = b->figures;
    r->figure_count = b->figure_count;
}

void bench_report_free(bench_report *r)
{
    if (r->owned)
        mem_free(r->figures);
    r->figures = NULL;
    r->figure_count = 0;
}

const bench_figure *bench_report_find(const bench_report *r, const char *key)
{
    for (int i = 0; i < r->figure_count; i++)
        if (strcmp(r->figures[i].key, key) == 0)
            return &r->figures[i];
    return NULL;
}
