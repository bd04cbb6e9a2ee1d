/*
 * outline: a pattern file's declarations from its tokens. See outline.h.
 */
#include "lsp/outline.h"

#include "core/mem.h"
#include "pattern/language/lexer.h"
#include "pattern/language/parser.h"

#include <stdio.h>
#include <string.h>

/* What the scan waits for next. */
typedef enum outline_expect {
    EXPECT_NOTHING,
    EXPECT_DECL_NAME,
    EXPECT_LOCAL_NAME,
    EXPECT_PHASE_TITLE,
} outline_expect;

typedef struct outline_scan {
    outline *o;
    const char *text;
    size_t len;
    int depth, paren;
    int decl;       /* the declaration being read, -1 */
    int phase;      /* the phase being read, -1 */
    int phase_open; /* its block's depth once opened, else 0 */
    int nphases;
    outline_expect expect;
    char keyword[16];
    size_t keyword_start;
    int after_open;     /* the last token was '(' or ',' in a declaration's parameter list */
    int name_just_read; /* the last token was a declaration's name */
    int in_params;      /* inside the '(' right after a declaration's name */
    size_t last_end;
} outline_scan;

static int outline_is_decl_word(const token *t)
{
    for (int i = 0; parser_decl_words[i]; i++)
        if (lexer_is(t, parser_decl_words[i]))
            return 1;
    return 0;
}

/* The comment lines right above the line holding offset. */
static void outline_doc(const char *text, size_t offset, size_t *doc_start, size_t *doc_end)
{
    size_t line = offset;
    while (line > 0 && text[line - 1] != '\n')
        line--;
    *doc_end = line;
    *doc_start = line;
    while (*doc_start > 0) {
        size_t prev = *doc_start - 1; /* the '\n' ending the line above */
        size_t s = prev;
        while (s > 0 && text[s - 1] != '\n')
            s--;
        size_t k = s;
        while (k < prev && (text[k] == ' ' || text[k] == '\t'))
            k++;
        if (k >= prev || text[k] != '#')
            break;
        *doc_start = s;
    }
}

static outline_symbol *outline_add(outline_scan *s, outline_kind kind, const char *name,
                                   size_t name_len, size_t name_start)
{
    outline *o = s->o;
    if (o->count >= OUTLINE_MAX)
        return NULL;
    if (o->count == o->cap) {
        int ncap = o->cap * 2;
        outline_symbol *n = mem_realloc(o->symbols, (size_t)ncap * sizeof *n);
        if (!n) {
            o->failed = 1;
            return NULL;
        }
        o->symbols = n;
        o->cap = ncap;
    }
    outline_symbol *y = &o->symbols[o->count++];
    memset(y, 0, sizeof *y);
    y->kind = kind;
    size_t n = name_len < OUTLINE_NAME_MAX - 1 ? name_len : OUTLINE_NAME_MAX - 1;
    memcpy(y->name, name, n);
    y->name[n] = '\0';
    y->name_start = name_start;
    y->name_len = name_len;
    y->start = y->end = y->head_end = name_start;
    y->parent = kind == OUTLINE_DECL ? -1 : s->decl;
    return y;
}

/* Ends the declaration being read (one without a block ends at its last token). */
static void outline_close_decl(outline_scan *s)
{
    if (s->decl >= 0 && s->o->symbols[s->decl].end < s->last_end)
        s->o->symbols[s->decl].end = s->last_end;
    if (s->decl >= 0 && s->o->symbols[s->decl].head_end == s->o->symbols[s->decl].name_start)
        s->o->symbols[s->decl].head_end = s->o->symbols[s->decl].end;
    s->decl = -1;
    s->phase = -1;
    s->in_params = 0;
}

static void outline_name_token(outline_scan *s, outline_expect expect, const token *t, size_t at)
{
    if (expect == EXPECT_DECL_NAME) {
        outline_symbol *y = outline_add(s, OUTLINE_DECL, t->start, t->len, at);
        if (y) {
            snprintf(y->keyword, sizeof y->keyword, "%s", s->keyword);
            y->start = s->keyword_start;
            outline_doc(s->text, s->keyword_start, &y->doc_start, &y->doc_end);
            s->decl = s->o->count - 1;
            s->nphases = 0;
        }
    } else if (expect == EXPECT_LOCAL_NAME && s->decl >= 0) {
        outline_symbol *y = outline_add(s, OUTLINE_LOCAL, t->start, t->len, at);
        if (y)
            y->end = at + t->len;
    }
}

/* One token of the scan. */
static void outline_token(outline_scan *s, const token *t)
{
    size_t at = (size_t)(t->start - s->text);
    outline_expect expect = s->expect;
    s->expect = EXPECT_NOTHING;
    int after_name = s->name_just_read;
    s->name_just_read = expect == EXPECT_DECL_NAME && t->kind == TOK_NAME;
    if (expect == EXPECT_PHASE_TITLE && s->phase >= 0 && t->kind == TOK_STRING) {
        outline_symbol *ph = &s->o->symbols[s->phase];
        size_t n = t->len >= 2 ? t->len - 2 : 0;
        n = n < OUTLINE_NAME_MAX - 1 ? n : OUTLINE_NAME_MAX - 1;
        memcpy(ph->name, t->start + 1, n);
        ph->name[n] = '\0';
    }
    if (t->kind == TOK_NAME) {
        if (expect == EXPECT_DECL_NAME || expect == EXPECT_LOCAL_NAME) {
            outline_name_token(s, expect, t, at);
        } else if (s->depth == 0 && s->paren == 0 && outline_is_decl_word(t)) {
            outline_close_decl(s);
            size_t n = t->len < sizeof s->keyword - 1 ? t->len : sizeof s->keyword - 1;
            memcpy(s->keyword, t->start, n);
            s->keyword[n] = '\0';
            s->keyword_start = at;
            s->expect = EXPECT_DECL_NAME;
        } else if (s->decl >= 0 && s->in_params && s->paren == 1 && s->after_open) {
            outline_symbol *y = outline_add(s, OUTLINE_PARAM, t->start, t->len, at);
            if (y) {
                y->end = at + t->len;
                s->o->symbols[s->decl].nparams++;
            }
        } else if (s->decl >= 0 && s->depth == 1 && lexer_is(t, "phase") &&
                   strcmp(s->o->symbols[s->decl].keyword, "boss") == 0) {
            outline_symbol *y = outline_add(s, OUTLINE_PHASE, t->start, t->len, at);
            if (y) {
                snprintf(y->name, sizeof y->name, "phase %d", ++s->nphases);
                outline_doc(s->text, at, &y->doc_start, &y->doc_end);
                s->phase = s->o->count - 1;
                s->phase_open = 0;
                s->expect = EXPECT_PHASE_TITLE;
            }
        } else if (s->phase >= 0 && !s->phase_open && s->depth == 1 && lexer_is(t, "spell")) {
            s->o->symbols[s->phase].spell = 1;
        } else if (s->decl >= 0 && s->depth >= 1 && (lexer_is(t, "var") || lexer_is(t, "as"))) {
            s->expect = EXPECT_LOCAL_NAME;
        }
    } else if (t->kind == TOK_LPAREN) {
        s->in_params |= after_name && s->depth == 0;
        s->paren++;
    } else if (t->kind == TOK_RPAREN) {
        s->paren -= s->paren > 0;
        s->in_params &= s->paren > 0;
    } else if (t->kind == TOK_LBRACE) {
        if (s->depth == 0 && s->decl >= 0)
            s->o->symbols[s->decl].head_end = at;
        s->depth++;
        s->in_params = 0;
        if (s->phase >= 0 && !s->phase_open && s->depth == 2) {
            s->phase_open = 2;
            s->o->symbols[s->phase].head_end = at;
        }
        s->paren = 0;
    } else if (t->kind == TOK_RBRACE) {
        s->depth -= s->depth > 0;
        s->paren = 0;
        if (s->phase >= 0 && s->phase_open && s->depth == 1) {
            s->o->symbols[s->phase].end = at + 1;
            s->phase = -1;
        }
        if (s->depth == 0 && s->decl >= 0) {
            s->last_end = at + 1;
            outline_close_decl(s);
        }
    }
    s->after_open = s->decl >= 0 && s->depth == 0 &&
                    (t->kind == TOK_LPAREN || t->kind == TOK_COMMA) && s->paren == 1;
    s->last_end = at + t->len;
}

int outline_build(outline *o, const char *text, size_t len)
{
    o->count = 0;
    o->cap = 64;
    o->failed = 0;
    o->symbols = mem_calloc((size_t)o->cap, sizeof *o->symbols);
    diag_list *scratch = mem_calloc(1, sizeof *scratch);
    if (!o->symbols || !scratch) {
        mem_free(o->symbols);
        mem_free(scratch);
        o->symbols = NULL;
        return -1;
    }
    diag_init(scratch);
    lexer lx;
    lexer_init(&lx, "", text, len, scratch);
    outline_scan s = {o, text, len, 0, 0, -1, -1, 0, 0, EXPECT_NOTHING, "", 0, 0, 0, 0, 0};
    for (;;) {
        token t = lexer_next(&lx);
        if (t.kind == TOK_EOF)
            break;
        outline_token(&s, &t);
    }
    outline_close_decl(&s);
    diag_free(scratch);
    mem_free(scratch);
    if (o->failed) {
        outline_free(o);
        return -1;
    }
    return 0;
}

void outline_free(outline *o)
{
    mem_free(o->symbols);
    o->symbols = NULL;
    o->count = 0;
}

int outline_decl_at(const outline *o, size_t offset)
{
    for (int i = 0; i < o->count; i++) {
        const outline_symbol *y = &o->symbols[i];
        if (y->kind == OUTLINE_DECL && offset >= y->start && offset <= y->end)
            return i;
    }
    return -1;
}

static int outline_name_is(const outline_symbol *y, const char *name, size_t name_len)
{
    return y->name_len == name_len && strlen(y->name) == name_len &&
           memcmp(y->name, name, name_len) == 0;
}

int outline_local_at(const outline *o, const char *text, size_t offset, const char *name,
                     size_t name_len)
{
    (void)text;
    int decl = outline_decl_at(o, offset);
    if (decl < 0)
        return -1;
    int found = -1;
    for (int i = decl + 1; i < o->count && o->symbols[i].parent == decl; i++) {
        const outline_symbol *y = &o->symbols[i];
        if ((y->kind == OUTLINE_PARAM || (y->kind == OUTLINE_LOCAL && y->name_start <= offset)) &&
            outline_name_is(y, name, name_len) && found < 0)
            found = i;
    }
    return found;
}

int outline_find_decl(const outline *o, const char *name, size_t name_len)
{
    for (int i = 0; i < o->count; i++)
        if (o->symbols[i].kind == OUTLINE_DECL && outline_name_is(&o->symbols[i], name, name_len))
            return i;
    return -1;
}

int outline_each_name(const char *text, size_t len, const char *name, size_t name_len,
                      void (*found)(void *ctx, size_t start, size_t len), void *ctx)
{
    diag_list *scratch = mem_calloc(1, sizeof *scratch);
    if (!scratch)
        return 0;
    diag_init(scratch);
    lexer lx;
    lexer_init(&lx, "", text, len, scratch);
    int n = 0;
    for (;;) {
        token t = lexer_next(&lx);
        if (t.kind == TOK_EOF)
            break;
        if (t.kind == TOK_NAME && t.len == name_len && memcmp(t.start, name, name_len) == 0) {
            found(ctx, (size_t)(t.start - text), t.len);
            n++;
        }
    }
    diag_free(scratch);
    mem_free(scratch);
    return n;
}
