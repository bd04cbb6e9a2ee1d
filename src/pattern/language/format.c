/*
 * format: the canonical layout of a pattern file (see format.h for the rules).
 * One pass over the tokens: the text between two tokens holds only whitespace
 * and comments, so its newlines say where lines break and its comments are
 * copied out whole.
 */
#include "pattern/language/format.h"

#include "core/mem.h"
#include "pattern/language/lexer.h"

#include <stdint.h>
#include <string.h>

enum {
    FORMAT_INDENT = 4,
    /* deeper than the parser reads (PARSER_MAX_DEPTH): not laid out */
    FORMAT_MAX_DEPTH = 100,
};

/* The most the layout may write for a text of len bytes: indentation can
 * multiply a text of short lines; a hostile one is refused, not laid out. */
#define FORMAT_MAX_OUT(len) ((len)*8 + 65536)

typedef struct formatter {
    char *buf;
    size_t len, cap;
    int oom;
    size_t line_start; /* where the output's current line begins */
    int line_empty;    /* nothing written on the current line yet */
    int newlines;      /* newlines in the source since the last thing written */
    int depth;         /* `{` open */
    int parens;        /* `(` and `[` open */
    size_t src_first;  /* source column of the current line's first token */
    size_t out_first;  /* output column of the same token */
    int align;         /* keep a table's aligned columns */
    /* the source's lines around the token at hand, found as the gaps pass by so
     * that a long line is never scanned again for each of its tokens */
    size_t line_here;             /* where the current source line starts */
    size_t line_above;            /* the line before it (SIZE_MAX: none) */
    size_t line_below, below_end; /* the next line: 0 until looked for; SIZE_MAX: none */
    size_t limit;                 /* FORMAT_MAX_OUT of the text */
    int too_deep, too_big;
    uint32_t deep_line, deep_col;
} formatter;

/* Whether the source line from start to end (its newline or the text's end)
 * has a word starting at column col: something after a space. */
static int fmt_starts_at(const char *src, size_t start, size_t end, size_t col)
{
    return start != SIZE_MAX && col > 0 && col < end - start && src[start + col] != ' ' &&
           src[start + col - 1] == ' ';
}

/* Whether the token at offset at (two spaces or more before it) lines up with a
 * word of the source line above or below: a column of a table, kept. */
static int fmt_aligned(formatter *f, const char *src, size_t len, size_t at)
{
    size_t col = at - f->line_here;
    if (f->line_below == 0) { /* looked for once a line */
        size_t i = at;
        while (i < len && src[i] != '\n')
            i++;
        f->line_below = i < len ? i + 1 : SIZE_MAX;
        f->below_end = f->line_below;
        while (f->below_end < len && src[f->below_end] != '\n')
            f->below_end++;
    }
    return (f->line_above != SIZE_MAX &&
            fmt_starts_at(src, f->line_above, f->line_here - 1, col)) ||
           fmt_starts_at(src, f->line_below, f->below_end, col);
}

/* The output column the next byte goes to, counted from the line's first token
 * (as src_col - src_first is in the source). */
static size_t fmt_out_rel(const formatter *f)
{
    return f->len - f->line_start - f->out_first;
}

static void fmt_put(formatter *f, const char *s, size_t n)
{
    if (f->oom || f->too_big)
        return;
    if (f->len + n > f->limit) {
        f->too_big = 1;
        return;
    }
    if (f->len + n + 1 > f->cap) {
        size_t cap = f->cap ? f->cap : 256;
        while (cap < f->len + n + 1)
            cap *= 2;
        char *grown = mem_realloc(f->buf, cap);
        if (!grown) {
            f->oom = 1;
            return;
        }
        f->buf = grown, f->cap = cap;
    }
    memcpy(f->buf + f->len, s, n);
    f->len += n;
    f->buf[f->len] = '\0';
}

static void fmt_spaces(formatter *f, int n)
{
    for (int i = 0; i < n; i++)
        fmt_put(f, " ", 1);
}

/* Starts a line for what comes next if the source broke the line before it
 * (with one blank line for a run of them, none at the file's start). Returns
 * whether a new line began. */
static int fmt_break(formatter *f)
{
    if (f->newlines == 0 && !(f->len == 0 && f->line_empty))
        return 0;
    if (f->len > 0) {
        fmt_put(f, "\n", 1);
        if (f->newlines >= 2)
            fmt_put(f, "\n", 1);
    }
    f->line_start = f->len;
    f->line_empty = 1;
    f->newlines = 0;
    return 1;
}

/* A comment (text up to its line's end, trailing blanks cut) whose `#` stood at
 * column col of its source line. */
static void fmt_comment(formatter *f, const char *text, size_t n, size_t col)
{
    while (n > 0 && (text[n - 1] == ' ' || text[n - 1] == '\t' || text[n - 1] == '\r' ||
                     text[n - 1] == '\f' || text[n - 1] == '\v'))
        n--;
    fmt_break(f);
    if (f->line_empty) {
        fmt_spaces(f, FORMAT_INDENT * (f->depth + (f->parens > 0)));
    } else {
        size_t want = col > f->src_first ? col - f->src_first : 0, end = fmt_out_rel(f);
        fmt_spaces(f, want > end ? (int)(want - end) : 1);
    }
    fmt_put(f, text, n);
    f->line_empty = 0;
}

/* The text between two tokens: newlines counted, comments written. */
static void fmt_gap(formatter *f, const char *src, size_t from, size_t to)
{
    for (size_t i = from; i < to; i++) {
        if (src[i] == '\n') {
            f->newlines++;
            f->line_above = f->line_here;
            f->line_here = i + 1;
            f->line_below = 0;
        } else if (src[i] == '#') {
            size_t end = i;
            while (end < to && src[end] != '\n')
                end++;
            fmt_comment(f, src + i, end - i, i - f->line_here);
            i = end - 1;
        }
    }
}

static int fmt_is_value_end(tok_kind k)
{
    return k == TOK_NAME || k == TOK_NUMBER || k == TOK_STRING || k == TOK_RPAREN ||
           k == TOK_RBRACKET;
}

/* Whether one space goes between prev and t on a line. A minus written as a sign
 * (after an operator, or spaced before but not after) keeps its operand close;
 * a `(` or `[` after a value keeps the source's choice. */
static int fmt_space_between(const token *prev, const token *t, int sign_minus, int source_space)
{
    tok_kind p = prev->kind, k = t->kind;
    if (k == TOK_COMMA || k == TOK_SEMI || k == TOK_COLON || k == TOK_RPAREN || k == TOK_RBRACKET)
        return 0;
    if (p == TOK_LPAREN || p == TOK_LBRACKET)
        return 0;
    if (k == TOK_DOT && (p == TOK_NAME || p == TOK_RPAREN || p == TOK_RBRACKET))
        return 0;
    if (p == TOK_DOT && k == TOK_NAME)
        return 0;
    if (p == TOK_MINUS && sign_minus &&
        (k == TOK_NUMBER || k == TOK_NAME || k == TOK_LPAREN || k == TOK_MINUS))
        return 0; /* never `-` then `=`: that would read as `-=` */
    if ((k == TOK_LPAREN || k == TOK_LBRACKET) && fmt_is_value_end(p))
        return source_space;
    return 1;
}

/* Whether a line whose first token stands at source column src_indent
 * continues the statement of the line before: it is indented deeper than its
 * block, and the line before did not end a block or a statement. */
static int fmt_continues(const token *prev, int have_prev, size_t src_indent, int indent)
{
    return have_prev && src_indent > (size_t)indent && prev->kind != TOK_LBRACE &&
           prev->kind != TOK_RBRACE && prev->kind != TOK_SEMI;
}

static int fmt_is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v' || c == '\n';
}

static void fmt_tokens(formatter *f, const char *src, size_t len, lexer *lx)
{
    token prev = {TOK_EOF, 0, 0, src, 0, 0.0};
    int have_prev = 0, prev_sign = 0;
    for (;;) {
        token t = lexer_next(lx);
        size_t from = have_prev ? (size_t)(prev.start - src) + prev.len : 0;
        size_t at = t.kind == TOK_EOF ? len : (size_t)(t.start - src);
        fmt_gap(f, src, from, at);
        if (t.kind == TOK_EOF)
            break;
        t.len = (uint32_t)(lx->pos - at);
        if (t.kind == TOK_RBRACE && f->depth > 0)
            f->depth--;
        if ((t.kind == TOK_RPAREN || t.kind == TOK_RBRACKET) && f->parens > 0)
            f->parens--;
        int first = fmt_break(f) || f->line_empty;
        if (first) {
            int indent = FORMAT_INDENT * (f->depth + (f->parens > 0));
            f->src_first = at - f->line_here;
            if (fmt_continues(&prev, have_prev, f->src_first, indent))
                indent += FORMAT_INDENT;
            fmt_spaces(f, indent);
            f->out_first = (size_t)indent;
        } else {
            int space_before = at > 0 && fmt_is_space(src[at - 1]);
            if (fmt_space_between(&prev, &t, prev_sign, space_before)) {
                /* two spaces or more in the source, lined up with a word of the
                 * line above or below: a table's column, kept */
                size_t want = at - f->line_here - f->src_first, end = fmt_out_rel(f);
                int aligned = at > 1 && src[at - 2] == ' ' && want > end + 1 && f->align &&
                              fmt_aligned(f, src, len, at);
                fmt_spaces(f, aligned ? (int)(want - end) : 1);
            }
        }
        fmt_put(f, t.start, t.len);
        f->line_empty = 0;
        if (t.kind == TOK_LBRACE && ++f->depth > FORMAT_MAX_DEPTH && !f->too_deep) {
            f->too_deep = 1;
            f->deep_line = t.line, f->deep_col = t.col;
        }
        if (t.kind == TOK_LPAREN || t.kind == TOK_LBRACKET)
            f->parens++;
        prev_sign = 0;
        if (t.kind == TOK_MINUS) {
            size_t after = at + 1;
            int spaced_before = at > 0 && fmt_is_space(src[at - 1]);
            int spaced_after = after < len && fmt_is_space(src[after]);
            int operand_before = !first && fmt_is_value_end(prev.kind);
            prev_sign = !operand_before || (spaced_before && !spaced_after);
        }
        prev = t;
        have_prev = 1;
    }
}

/* One pass over text: the layout, with a table's columns kept where the source
 * lines them up (align). NULL when the text does not lex cleanly (its errors
 * into diags) or memory ran out. */
static char *fmt_pass(const char *path, const char *src, size_t len, int align, size_t *out_len,
                      diag_list *diags)
{
    lexer lx;
    int errors = diags->errors;
    lexer_init(&lx, path, src, len, diags);
    formatter f = {0};
    f.line_empty = 1;
    f.align = align;
    f.line_above = SIZE_MAX;
    f.limit = FORMAT_MAX_OUT(len);
    fmt_tokens(&f, src, len, &lx);
    if (f.len > 0)
        fmt_put(&f, "\n", 1);
    else
        fmt_put(&f, "", 0);
    if (f.too_deep)
        diag_report(diags, DIAG_TOO_DEEP, path, src, len, f.deep_line, f.deep_col,
                    "blocks nested deeper than %d: not laid out", FORMAT_MAX_DEPTH);
    else if (f.too_big)
        diag_report(diags, DIAG_TOO_LARGE, path, src, len, 1, 1,
                    "the layout would be over 8 times the file's size: not laid out");
    if (f.oom || diags->errors > errors) {
        mem_free(f.buf);
        return NULL;
    }
    *out_len = f.len;
    return f.buf;
}

/* A pass can only drop aligned columns (a word lined up with one that moved),
 * never make one, so passes reach a text that a pass leaves as it is: that is
 * the layout. Past FORMAT_PASSES (text made to misalign itself step by step),
 * the layout without aligned columns, which one pass never changes. */
enum {
    FORMAT_PASSES = 8
};

char *format_text(const char *path, const char *src, size_t len, size_t *out_len, diag_list *diags)
{
    size_t n = 0;
    char *text = fmt_pass(path, src, len, 1, &n, diags);
    for (int pass = 1; text && pass < FORMAT_PASSES; pass++) {
        size_t m = 0;
        char *again = fmt_pass(path, text, n, 1, &m, diags);
        if (!again || (m == n && memcmp(again, text, n) == 0)) {
            mem_free(again);
            if (!again) {
                mem_free(text);
                return NULL;
            }
            *out_len = n;
            return text;
        }
        mem_free(text);
        text = again, n = m;
    }
    if (!text)
        return NULL;
    mem_free(text);
    return fmt_pass(path, src, len, 0, out_len, diags);
}
