/*
 * diag: formatting, keeping and printing diagnostics. See diag.h.
 */
#include "pattern/language/diag.h"

#include "core/mem.h"

#include <stdarg.h>
#include <string.h>

void diag_init(diag_list *d)
{
    d->count = d->errors = d->warnings = d->oom = 0;
}

void diag_free(diag_list *d)
{
    for (int i = 0; i < d->count; i++) {
        mem_free(d->items[i].text);
        mem_free(d->items[i].path);
    }
    diag_init(d);
}

/* Finds line `line` (1-based) of source: its start and length, or NULL. */
static const char *diag_find_line(const char *source, size_t len, uint32_t line, size_t *out_len)
{
    if (!source || line == 0)
        return NULL;
    size_t i = 0;
    for (uint32_t l = 1; l < line; l++) {
        const char *nl = memchr(source + i, '\n', len - i);
        if (!nl)
            return NULL;
        i = (size_t)(nl - source) + 1;
    }
    size_t end = i;
    while (end < len && source[end] != '\n' && source[end] != '\r')
        end++;
    *out_len = end - i;
    return source + i;
}

/* The length of the valid UTF-8 sequence at text[i] (1 to 4 bytes), or 0 when
 * the byte there starts none (a stray continuation, an overlong or cut-short
 * sequence, a surrogate, past U+10FFFF). */
static size_t diag_utf8_length(const unsigned char *text, size_t len, size_t i)
{
    unsigned char c = text[i];
    if (c < 0x80)
        return 1;
    size_t n = c >= 0xc2 && c <= 0xdf   ? 2
               : c >= 0xe0 && c <= 0xef ? 3
               : c >= 0xf0 && c <= 0xf4 ? 4
                                        : 0;
    if (n == 0 || i + n > len)
        return 0;
    for (size_t k = 1; k < n; k++)
        if ((text[i + k] & 0xc0) != 0x80)
            return 0;
    unsigned char second = text[i + 1];
    if ((c == 0xe0 && second < 0xa0) || (c == 0xed && second >= 0xa0) ||
        (c == 0xf0 && second < 0x90) || (c == 0xf4 && second >= 0x90))
        return 0;
    return n;
}

size_t diag_quote_line(char *buf, size_t size, const char *text, size_t text_len, uint32_t col)
{
    const unsigned char *t = (const unsigned char *)text;
    size_t n = 0;
    /* A column far along a long line: the quote starts "..." 100 characters
     * before it, so that the caret stands under it and not at the cut. */
    uint32_t skip = col > 150 ? col - 101 : 0;
    for (uint32_t k = 0; k < skip && text_len > 0; k++) {
        size_t len = diag_utf8_length(t, text_len, 0);
        len = len > 1 ? len : 1;
        t += len;
        text_len -= len;
    }
    col -= skip;
    if (text_len > 200)
        text_len = 200;
#define PUT(c)                  \
    do {                        \
        if (n + 1 < size)       \
            buf[n] = (char)(c); \
        n++;                    \
    } while (0)
    for (int k = 0; k < 4; k++)
        PUT(' ');
    if (skip)
        for (int k = 0; k < 3; k++)
            PUT('.');
    for (size_t i = 0; i < text_len;) {
        size_t len = diag_utf8_length(t, text_len, i);
        if (len > 1) {
            for (size_t k = 0; k < len; k++)
                PUT(t[i + k]);
            i += len;
            continue;
        }
        PUT(len == 0 || t[i] == 0x7f ? '?' : t[i] < 32 && t[i] != '\t' ? ' ' : t[i]);
        i++;
    }
    PUT('\n');
    for (int k = 0; k < (skip ? 7 : 4); k++)
        PUT(' ');
    /* one column of the caret line per character shown above it */
    uint32_t c = 1;
    for (size_t i = 0; c < col && i < text_len; c++) {
        size_t len = diag_utf8_length(t, text_len, i);
        PUT(t[i] == '\t' ? '\t' : ' ');
        i += len > 1 ? len : 1;
    }
    PUT('^');
    PUT('\n');
#undef PUT
    if (size)
        buf[n < size ? n : size - 1] = 0;
    return n;
}

static const char *const diag_code_names[] = {
#define DIAG_CODE_NAME(id, severity, what) #id,
    PATTERN_DIAGNOSTICS(DIAG_CODE_NAME)
#undef DIAG_CODE_NAME
};
static const diag_severity diag_code_severities[] = {
#define DIAG_CODE_SEVERITY(id, severity, what) severity,
    PATTERN_DIAGNOSTICS(DIAG_CODE_SEVERITY)
#undef DIAG_CODE_SEVERITY
};

const char *diag_code_name(diag_code code)
{
    return code < DIAG_CODE_COUNT ? diag_code_names[code] : "?";
}

diag_severity diag_code_severity(diag_code code)
{
    return code < DIAG_CODE_COUNT ? diag_code_severities[code] : DIAG_ERROR;
}

void diag_report(diag_list *d, diag_code code, const char *path, const char *source,
                 size_t source_len, uint32_t line, uint32_t col, const char *fmt, ...)
{
    diag_severity severity = diag_code_severity(code);
    if (severity == DIAG_ERROR)
        d->errors++;
    else
        d->warnings++;
    if (d->count >= DIAG_MAX)
        return;
    char message[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(message, sizeof message, fmt, ap);
    va_end(ap);
    char head[1024];
    int hn = snprintf(head, sizeof head, "%s:%u:%u: %s%s\n", path, (unsigned)line, (unsigned)col,
                      severity == DIAG_WARNING ? "warning: " : "", message);
    if (hn < 0)
        hn = 0;
    if ((size_t)hn >= sizeof head)
        hn = (int)sizeof head - 1;
    size_t line_len = 0;
    const char *text = diag_find_line(source, source_len, line, &line_len);
    char quote[1024] = "";
    size_t qn = text ? diag_quote_line(quote, sizeof quote, text, line_len, col) : 0;
    if (qn >= sizeof quote)
        qn = sizeof quote - 1;
    char *full = mem_alloc((size_t)hn + qn + 1);
    char *p = mem_strdup(path);
    if (!full || !p) {
        mem_free(full);
        mem_free(p);
        d->oom = 1;
        return;
    }
    memcpy(full, head, (size_t)hn);
    memcpy(full + hn, quote, qn);
    full[(size_t)hn + qn] = 0;
    diag *g = &d->items[d->count++];
    g->severity = severity;
    g->code = code;
    g->path = p;
    g->line = line;
    g->col = col;
    g->text = full;
}

void diag_sort(diag_list *d)
{
    /* rank of each path: the order in which it first appears */
    int rank[DIAG_MAX];
    for (int i = 0; i < d->count; i++) {
        rank[i] = i;
        for (int k = 0; k < i; k++)
            if (strcmp(d->items[k].path, d->items[i].path) == 0) {
                rank[i] = rank[k];
                break;
            }
    }
    for (int i = 1; i < d->count; i++) {
        diag item = d->items[i];
        int r = rank[i];
        int j = i;
        while (j > 0 &&
               (rank[j - 1] > r || (rank[j - 1] == r && (d->items[j - 1].line > item.line ||
                                                         (d->items[j - 1].line == item.line &&
                                                          d->items[j - 1].col > item.col))))) {
            d->items[j] = d->items[j - 1];
            rank[j] = rank[j - 1];
            j--;
        }
        d->items[j] = item;
        rank[j] = r;
    }
}

size_t diag_format(const diag_list *d, char *buf, size_t size)
{
    /* n: the length needed; w: what was written, whole diagnostics only, so
     * the buffer ends after the last one that fits, not in what it held before */
    size_t n = 0, w = 0;
    for (int i = 0; i < d->count; i++) {
        size_t len = strlen(d->items[i].text);
        if (w == n && n + len < size) {
            memcpy(buf + n, d->items[i].text, len);
            w += len;
        }
        n += len;
    }
    int hidden = d->errors + d->warnings - d->count;
    char tail[96] = "";
    if (hidden > 0)
        snprintf(tail, sizeof tail, "(%d more diagnostics not shown)\n", hidden);
    if (d->oom)
        snprintf(tail + strlen(tail), sizeof tail - strlen(tail), "(out of memory)\n");
    size_t tl = strlen(tail);
    if (w == n && n + tl < size) {
        memcpy(buf + n, tail, tl);
        w += tl;
    }
    n += tl;
    if (size)
        buf[w < size ? w : size - 1] = 0;
    return n;
}

void diag_print(const diag_list *d, FILE *out)
{
    for (int i = 0; i < d->count; i++)
        fputs(d->items[i].text, out);
    int hidden = d->errors + d->warnings - d->count;
    if (hidden > 0)
        fprintf(out, "(%d more diagnostics not shown)\n", hidden);
    if (d->oom)
        fprintf(out, "(out of memory)\n");
}

/* Optimal string alignment distance (edits: insert, delete, substitute, swap). */
static int diag_distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > 40 || lb > 40)
        return 99;
    int d[41][41];
    for (size_t i = 0; i <= la; i++)
        d[i][0] = (int)i;
    for (size_t j = 0; j <= lb; j++)
        d[0][j] = (int)j;
    for (size_t i = 1; i <= la; i++) {
        for (size_t j = 1; j <= lb; j++) {
            int cost = a[i - 1] != b[j - 1];
            int best = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < best)
                best = d[i][j - 1] + 1;
            if (d[i - 1][j - 1] + cost < best)
                best = d[i - 1][j - 1] + cost;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
                d[i - 2][j - 2] + 1 < best)
                best = d[i - 2][j - 2] + 1;
            d[i][j] = best;
        }
    }
    return d[la][lb];
}

const char *diag_suggest(const char *name, const char *const *candidates, int count)
{
    size_t len = strlen(name);
    int limit = len <= 1 ? 0 : len <= 3 ? 1 : len <= 6 ? 2 : 3; /* a 1-letter name: no guess */
    const char *best = NULL;
    int best_rank = (limit + 1) * 8;
    for (int i = 0; i < count; i++) {
        if (!candidates[i] || strcmp(candidates[i], name) == 0)
            continue;
        int dist = diag_distance(name, candidates[i]);
        if (dist > limit)
            continue;
        /* among names as far: one that begins the other ('sinn': 'sin'), then one
         * of the same length ('spie': 'spin', not 'spine'), then one of the same
         * first letter: a slip of the fingers rarely changes these */
        size_t cl = strlen(candidates[i]);
        int prefix = strncmp(candidates[i], name, cl < len ? cl : len) == 0;
        int rank = dist * 8 + !prefix * 4 + (cl != len) * 2 + (candidates[i][0] != name[0]);
        if (rank < best_rank) {
            best_rank = rank;
            best = candidates[i];
        }
    }
    return best;
}
