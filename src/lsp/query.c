/*
 * query: hover, completion, definition, references, symbols, rename,
 * signature help and semantic tokens over a project's pattern files. See
 * query.h.
 */
#include "lsp/query.h"

#include "core/data_path.h"
#include "core/file.h"
#include "core/mem.h"
#include "lsp/jsonrpc.h"
#include "pattern/content/library.h"
#include "pattern/language/compiler.h"
#include "pattern/language/lexer.h"
#include "pattern/language/parser.h"
#include "pattern/language/reference.h"
#include "pattern/language/words.h"
#include "pattern/vm/vm.h"
#include "sim/bullet_kind.h"
#include "sim/enemy_look.h"
#include "sim/sound.h"

#include <dirent.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The protocol's numbers for the kinds of completion items and symbols. */
enum {
    COMPLETION_FUNCTION = 3,
    COMPLETION_VARIABLE = 6,
    COMPLETION_CLASS = 7,
    COMPLETION_MODULE = 9,
    COMPLETION_PROPERTY = 10,
    COMPLETION_KEYWORD = 14,
    COMPLETION_FILE = 17,
    COMPLETION_ENUM_MEMBER = 20,
    COMPLETION_CONSTANT = 21,
};
enum {
    SYMBOL_MODULE = 2,
    SYMBOL_CLASS = 5,
    SYMBOL_METHOD = 6,
    SYMBOL_FUNCTION = 12,
    SYMBOL_VARIABLE = 13,
    SYMBOL_CONSTANT = 14,
    SYMBOL_OBJECT = 19,
    SYMBOL_EVENT = 24,
};

/* ---- places ---- */

static cJSON *query_pos_json(document_pos p)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "line", p.line);
    cJSON_AddNumberToObject(o, "character", p.character);
    return o;
}

static cJSON *query_range_json(document_cursor *c, size_t start, size_t end)
{
    cJSON *r = cJSON_CreateObject();
    jsonrpc_put(r, "start", query_pos_json(document_cursor_pos(c, start)));
    jsonrpc_put(r, "end", query_pos_json(document_cursor_pos(c, end)));
    return r;
}

static cJSON *query_location(const project_file *f, document_cursor *c, size_t start, size_t end)
{
    char uri[PROJECT_PATH_MAX * 3 + 16];
    if (document_path_to_uri(f->path, uri, sizeof uri) != 0)
        return NULL;
    cJSON *l = cJSON_CreateObject();
    cJSON_AddStringToObject(l, "uri", uri);
    jsonrpc_put(l, "range", query_range_json(c, start, end));
    return l;
}

/* What a name at a place means: a symbol of a file's outline. */
typedef struct query_target {
    int file, symbol; /* -1 when the name is declared nowhere */
} query_target;

/* The declaration (a parameter or variable of the declaration around offset
 * first, then a declaration of any file, this one first) of the name. */
static query_target query_resolve(project *p, int file, size_t offset, const char *name, size_t len)
{
    query_target t = {-1, -1};
    const outline *o = project_outline(p, file);
    if (!o)
        return t;
    int local = outline_local_at(o, p->files[file].text, offset, name, len);
    if (local >= 0) {
        t.file = file;
        t.symbol = local;
        return t;
    }
    for (int k = -1; k < p->count; k++) {
        int i = k < 0 ? file : k;
        if (k == file)
            continue;
        const outline *oi = project_outline(p, i);
        int d = oi ? outline_find_decl(oi, name, len) : -1;
        if (d >= 0) {
            t.file = i;
            t.symbol = d;
            return t;
        }
    }
    return t;
}

/* A named argument ("count: 6" in `run burst(count: 6)`): the parameter of the
 * pattern or enemy called, or {-1, -1}. */
static query_target query_named_arg(project *p, int file, size_t start, size_t len)
{
    query_target none = {-1, -1};
    const char *text = p->files[file].text;
    size_t n = p->files[file].len, after = start + len;
    while (after < n && (text[after] == ' ' || text[after] == '\t'))
        after++;
    if (after >= n || text[after] != ':')
        return none;
    int depth = 0;
    size_t i = start;
    while (i > 0 && text[i - 1] != '{' && text[i - 1] != '}') {
        i--;
        depth += text[i] == ')';
        if (text[i] == '(' && depth-- == 0)
            break;
    }
    if (i == 0 || text[i] != '(')
        return none;
    size_t callee_start, callee_len = document_word_at(text, n, i, &callee_start);
    while (callee_len == 0 && i > 0 && (text[i - 1] == ' ' || text[i - 1] == '\t'))
        callee_len = document_word_at(text, n, --i, &callee_start);
    if (!callee_len)
        return none;
    query_target callee = query_resolve(p, file, callee_start, text + callee_start, callee_len);
    if (callee.file < 0)
        return none;
    const outline *o = &p->files[callee.file].outline;
    for (int k = callee.symbol + 1; k < o->count && o->symbols[k].parent == callee.symbol; k++)
        if (o->symbols[k].kind == OUTLINE_PARAM && o->symbols[k].name_len == len &&
            memcmp(o->symbols[k].name, text + start, len) == 0) {
            query_target t = {callee.file, k};
            return t;
        }
    return none;
}

/* What the name at start means: a named argument's parameter, else query_resolve. */
static query_target query_meaning(project *p, int file, size_t start, size_t len)
{
    query_target t = query_named_arg(p, file, start, len);
    return t.file >= 0 ? t : query_resolve(p, file, start, p->files[file].text + start, len);
}

/* ---- hover ---- */

typedef struct query_text {
    char buf[16384];
    size_t len;
} query_text;

static void query_printf(query_text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void query_printf(query_text *t, const char *fmt, ...)
{
    if (t->len >= sizeof t->buf - 1)
        return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(t->buf + t->len, sizeof t->buf - t->len, fmt, ap);
    va_end(ap);
    if (n > 0)
        t->len = t->len + (size_t)n < sizeof t->buf ? t->len + (size_t)n : sizeof t->buf - 1;
}

/* text[start, end) with its surrounding blank space trimmed, at most max bytes. */
static int query_trimmed(const char *text, size_t start, size_t end, size_t max, const char **out)
{
    while (start < end && (text[start] == ' ' || text[start] == '\t' || text[start] == '\n' ||
                           text[start] == '\r'))
        start++;
    while (end > start && (text[end - 1] == ' ' || text[end - 1] == '\t' || text[end - 1] == '\n' ||
                           text[end - 1] == '\r'))
        end--;
    *out = text + start;
    return (int)(end - start < max ? end - start : max);
}

/* The comment lines above a declaration, without their '#'. */
static void query_doc_comment(query_text *t, const char *text, const outline_symbol *y)
{
    for (size_t p = y->doc_start; p < y->doc_end;) {
        size_t e = p;
        while (e < y->doc_end && text[e] != '\n')
            e++;
        size_t s = p;
        while (s < e && (text[s] == ' ' || text[s] == '\t'))
            s++;
        s += s < e && text[s] == '#';
        s += s < e && text[s] == ' ';
        query_printf(t, "%.*s\n", (int)(e - s < 400 ? e - s : 400), text + s);
        p = e + 1;
    }
}

/* One shape an `art` declaration cuts: its name and its clause (from `shape`
 * to the end of its line), as offsets into its file's text. */
typedef struct query_art_shape {
    int file;
    const char *text;
    const outline_symbol *art; /* the declaration */
    size_t name_start, name_len;
    size_t clause_start, clause_end;
} query_art_shape;

/* Calls found(ctx, shape) for every shape of every art declaration of p. */
static void query_art_each(project *p, void (*found)(void *ctx, const query_art_shape *a),
                           void *ctx)
{
    diag_list *scratch = mem_calloc(1, sizeof *scratch);
    if (!scratch)
        return;
    diag_init(scratch);
    for (int i = 0; i < p->count; i++) {
        const outline *o = project_outline(p, i);
        const char *text = p->files[i].text;
        for (int k = 0; o && k < o->count; k++) {
            const outline_symbol *d = &o->symbols[k];
            if (d->kind != OUTLINE_DECL || strcmp(d->keyword, "art") != 0)
                continue;
            lexer lx;
            lexer_init(&lx, "", text + d->start, d->end - d->start, scratch);
            size_t shape_at = 0;
            int after_shape = 0;
            for (token t = lexer_next(&lx); t.kind != TOK_EOF; t = lexer_next(&lx)) {
                size_t at = (size_t)(t.start - text);
                if (after_shape && t.kind == TOK_NAME) {
                    query_art_shape a = {i, text, d, at, t.len, shape_at, at + t.len};
                    while (a.clause_end < d->end && text[a.clause_end] != '\n' &&
                           text[a.clause_end] != '}')
                        a.clause_end++;
                    found(ctx, &a);
                }
                after_shape = t.kind == TOK_NAME && t.len == 5 && memcmp(t.start, "shape", 5) == 0;
                if (after_shape)
                    shape_at = at;
            }
        }
    }
    diag_free(scratch);
    mem_free(scratch);
}

/* The art shape named word, found by query_art_find. */
typedef struct query_art_match {
    const char *word;
    query_art_shape shape;
    int found;
} query_art_match;

static void query_art_match_one(void *ctx, const query_art_shape *a)
{
    query_art_match *m = ctx;
    if (!m->found && strlen(m->word) == a->name_len &&
        memcmp(a->text + a->name_start, m->word, a->name_len) == 0) {
        m->shape = *a;
        m->found = 1;
    }
}

/* Whether word names an art shape of p (the first declared); *out: where. */
static int query_art_find(project *p, const char *word, query_art_shape *out)
{
    query_art_match m = {word, {0}, 0};
    query_art_each(p, query_art_match_one, &m);
    *out = m.shape;
    return m.found;
}

/* The markdown of an art shape: its art declaration's head, its clause. */
static void query_describe_art(query_text *t, project *p, const query_art_shape *a)
{
    const project_file *f = &p->files[a->file];
    const char *head, *clause;
    int n = query_trimmed(f->text, a->art->start, a->art->head_end, 400, &head);
    int m = query_trimmed(f->text, a->clause_start, a->clause_end, 400, &clause);
    const char *base = strrchr(f->path, '/');
    base = base ? base + 1 : f->path;
    document_pos at = document_pos_of(f->text, f->len, a->name_start, DOCUMENT_UTF8);
    query_printf(t, "**art shape** `%.*s`, a bullet shape of the project's own art\n",
                 (int)a->name_len, f->text + a->name_start);
    query_printf(t, "```pat\n%.*s {\n    %.*s\n```\n", n, head, m, clause);
    query_doc_comment(t, f->text, a->art);
    query_printf(t, "\n*%s, line %u*\n", base, at.line + 1);
}

/* One expression of a character declaration (`portrait EXPRESSION SHAPE`). */
typedef struct query_portrait {
    const char *text;
    const outline_symbol *character; /* the declaration */
    size_t expr_start, expr_len, shape_start, shape_len;
} query_portrait;

/* Calls found(ctx, portrait) for every portrait line of every character of p
 * (only those of the character named `who`, when who is not NULL). */
static void query_portraits_each(project *p, const char *who,
                                 void (*found)(void *ctx, const query_portrait *q), void *ctx)
{
    diag_list *scratch = mem_calloc(1, sizeof *scratch);
    if (!scratch)
        return;
    diag_init(scratch);
    for (int i = 0; i < p->count; i++) {
        const outline *o = project_outline(p, i);
        const char *text = p->files[i].text;
        for (int k = 0; o && k < o->count; k++) {
            const outline_symbol *d = &o->symbols[k];
            if (d->kind != OUTLINE_DECL || strcmp(d->keyword, "character") != 0 ||
                (who && strcmp(d->name, who) != 0))
                continue;
            lexer lx;
            lexer_init(&lx, "", text + d->start, d->end - d->start, scratch);
            token w[3] = {{0}};
            for (token t = lexer_next(&lx); t.kind != TOK_EOF; t = lexer_next(&lx)) {
                w[0] = w[1], w[1] = w[2], w[2] = t;
                if (w[0].kind == TOK_NAME && w[0].len == 8 &&
                    memcmp(w[0].start, "portrait", 8) == 0 && w[1].kind == TOK_NAME &&
                    w[2].kind == TOK_NAME) {
                    query_portrait q = {text,
                                        d,
                                        (size_t)(w[1].start - text),
                                        w[1].len,
                                        (size_t)(w[2].start - text),
                                        w[2].len};
                    found(ctx, &q);
                }
            }
        }
    }
    diag_free(scratch);
    mem_free(scratch);
}

/* Hover on an expression's name: which characters have it, and the portrait. */
typedef struct query_expression_hover {
    query_text *t;
    const char *word;
} query_expression_hover;

static void query_describe_expression(void *ctx, const query_portrait *q)
{
    query_expression_hover *h = ctx;
    if (strlen(h->word) != q->expr_len || memcmp(q->text + q->expr_start, h->word, q->expr_len))
        return;
    query_printf(h->t, "%s**expression** `%s` of the character `%s`: the portrait `%.*s`\n",
                 h->t->len ? "\n" : "", h->word, q->character->name, (int)q->shape_len,
                 q->text + q->shape_start);
}

/* The markdown of a modder's declaration, parameter or variable. */
static void query_describe_symbol(query_text *t, project *p, query_target target)
{
    const project_file *f = &p->files[target.file];
    const outline *o = &f->outline;
    const outline_symbol *y = &o->symbols[target.symbol];
    const outline_symbol *decl = y->parent >= 0 ? &o->symbols[y->parent] : y;
    const char *head;
    int n = query_trimmed(f->text, decl->start, decl->head_end, 600, &head);
    const char *base = strrchr(f->path, '/');
    base = base ? base + 1 : f->path;
    document_pos at = document_pos_of(f->text, f->len, y->name_start, DOCUMENT_UTF8);
    if (strcmp(decl->keyword, "bulletml") == 0) {
        query_printf(t, "**BulletML file** `%s`, run as the pattern `%s`\n", base, y->name);
        return;
    }
    if (strcmp(decl->keyword, "backdrop") == 0) { /* its layers are what it is */
        n = query_trimmed(f->text, decl->start, decl->end, 800, &head);
        query_printf(t, "**backdrop** `%s`, drawn from data\n```pat\n%.*s\n```\n", y->name, n,
                     head);
        query_doc_comment(t, f->text, decl);
        query_printf(t, "\n*%s, line %u*\n", base, at.line + 1);
        return;
    }
    if (y->kind == OUTLINE_PARAM)
        query_printf(t, "**parameter** `%s` of\n", y->name);
    else if (y->kind == OUTLINE_LOCAL)
        query_printf(t, "**variable** `%s`, in\n", y->name);
    query_printf(t, "```pat\n%.*s\n```\n", n, head);
    if (y->kind == OUTLINE_PHASE) {
        n = query_trimmed(f->text, y->start, y->head_end, 400, &head);
        query_printf(t, "```pat\n%.*s\n```\n", n, head);
    }
    query_doc_comment(t, f->text, y->kind == OUTLINE_PHASE ? y : decl);
    query_printf(t, "\n*%s, line %u*\n", base, at.line + 1);
}

static void query_sound_file(query_text *t, const project_file *f, size_t start, const char *word);
static void query_look(query_text *t, const project_file *f, size_t start, const char *word);

cJSON *query_hover(project *p, int file, size_t offset, document_encoding enc)
{
    const project_file *f = &p->files[file];
    size_t start, len = document_word_at(f->text, f->len, offset, &start);
    if (!len || len >= 64)
        return cJSON_CreateNull();
    char word[64];
    memcpy(word, f->text + start, len);
    word[len] = '\0';
    static query_text t;
    t.len = 0;
    t.buf[0] = '\0';
    query_target target = query_meaning(p, file, start, len);
    query_art_shape art;
    if (target.file >= 0)
        query_describe_symbol(&t, p, target);
    else if (query_art_find(p, word, &art))
        query_describe_art(&t, p, &art);
    else if (backdrop_by_name(word) >= 0)
        query_printf(&t, "**backdrop** `%s`, drawn in code: %s\n", word,
                     backdrop_docs[backdrop_by_name(word)]);
    query_sound_file(&t, f, start, word);
    query_look(&t, f, start, word);
    if (target.file < 0) {
        query_expression_hover eh = {&t, word};
        query_portraits_each(p, NULL, query_describe_expression, &eh);
    }
    char ref[4096];
    if (reference_describe(word, ref, sizeof ref))
        query_printf(&t, "%s%s", t.len ? "\n---\n\n" : "", ref);
    if (!t.len)
        return cJSON_CreateNull();
    cJSON *h = cJSON_CreateObject();
    cJSON *contents = cJSON_AddObjectToObject(h, "contents");
    cJSON_AddStringToObject(contents, "kind", "markdown");
    cJSON_AddStringToObject(contents, "value", t.buf);
    document_cursor c;
    document_cursor_init(&c, f->text, f->len, enc);
    jsonrpc_put(h, "range", query_range_json(&c, start, start + len));
    return h;
}

/* ---- definition and references ---- */

cJSON *query_definition(project *p, int file, size_t offset, document_encoding enc)
{
    cJSON *list = cJSON_CreateArray();
    const project_file *f = &p->files[file];
    size_t start, len = document_word_at(f->text, f->len, offset, &start);
    if (!len)
        return list;
    query_target t = query_meaning(p, file, start, len);
    char word[OUTLINE_NAME_MAX];
    query_art_shape art;
    if (t.file < 0 && len < sizeof word) {
        memcpy(word, f->text + start, len);
        word[len] = '\0';
        if (query_art_find(p, word, &art)) {
            const project_file *af = &p->files[art.file];
            document_cursor c;
            document_cursor_init(&c, af->text, af->len, enc);
            cJSON *l = query_location(af, &c, art.name_start, art.name_start + art.name_len);
            if (l)
                jsonrpc_push(list, l);
        }
    }
    if (t.file < 0)
        return list;
    const project_file *tf = &p->files[t.file];
    const outline_symbol *y = &tf->outline.symbols[t.symbol];
    document_cursor c;
    document_cursor_init(&c, tf->text, tf->len, enc);
    cJSON *l = query_location(tf, &c, y->name_start, y->name_start + y->name_len);
    if (l)
        jsonrpc_push(list, l);
    return list;
}

typedef struct query_refs {
    cJSON *list;
    const project_file *file;
    document_cursor cursor;
    size_t from, to; /* only uses in this range count (a local's declaration) */
    size_t skip;     /* the declaration's own name, when it is left out */
    int count;
} query_refs;

static void query_ref_found(void *ctx, size_t start, size_t len)
{
    query_refs *r = ctx;
    if (start < r->from || start > r->to || start == r->skip || r->count >= QUERY_MAX_LOCATIONS)
        return;
    cJSON *l = query_location(r->file, &r->cursor, start, start + len);
    if (l) {
        jsonrpc_push(r->list, l);
        r->count++;
    }
}

cJSON *query_references(project *p, int file, size_t offset, int include_decl,
                        document_encoding enc)
{
    cJSON *list = cJSON_CreateArray();
    const project_file *f = &p->files[file];
    size_t start, len = document_word_at(f->text, f->len, offset, &start);
    if (!len)
        return list;
    const char *name = f->text + start;
    query_target t = query_resolve(p, file, start, name, len);
    query_refs r = {list, NULL, {0}, 0, (size_t)-1, (size_t)-1, 0};
    if (t.file >= 0 && p->files[t.file].outline.symbols[t.symbol].kind != OUTLINE_DECL) {
        /* a parameter or variable: the uses within its declaration */
        const outline_symbol *y = &p->files[t.file].outline.symbols[t.symbol];
        const outline_symbol *d = &p->files[t.file].outline.symbols[y->parent];
        r.file = &p->files[t.file];
        r.from = y->kind == OUTLINE_PARAM ? d->start : y->name_start;
        r.to = d->end;
        r.skip = include_decl ? (size_t)-1 : y->name_start;
        document_cursor_init(&r.cursor, r.file->text, r.file->len, enc);
        outline_each_name(r.file->text, r.file->len, r.file->text + y->name_start, y->name_len,
                          query_ref_found, &r);
        return list;
    }
    char word[OUTLINE_NAME_MAX];
    size_t n = len < sizeof word ? len : sizeof word - 1;
    memcpy(word, name, n);
    for (int i = 0; i < p->count; i++) {
        if (!project_is_pattern(p, i))
            continue; /* a BulletML file's words are XML, not names */
        const outline *o = project_outline(p, i);
        r.file = &p->files[i];
        r.skip = (size_t)-1;
        if (!include_decl && o && t.file == i)
            r.skip = o->symbols[t.symbol].name_start;
        document_cursor_init(&r.cursor, r.file->text, r.file->len, enc);
        outline_each_name(r.file->text, r.file->len, word, n, query_ref_found, &r);
    }
    return list;
}

/* ---- symbols ---- */

static int query_symbol_kind(const outline_symbol *y)
{
    static const struct {
        const char *keyword;
        int kind;
    } kinds[] = {{"pattern", SYMBOL_FUNCTION}, {"enemy", SYMBOL_CLASS},
                 {"boss", SYMBOL_CLASS},       {"stage", SYMBOL_MODULE},
                 {"const", SYMBOL_CONSTANT},   {"function", SYMBOL_FUNCTION},
                 {"shared", SYMBOL_VARIABLE}};
    if (y->kind == OUTLINE_PHASE)
        return SYMBOL_EVENT;
    if (y->kind != OUTLINE_DECL)
        return SYMBOL_VARIABLE;
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if (strcmp(kinds[i].keyword, y->keyword) == 0)
            return kinds[i].kind;
    return SYMBOL_OBJECT;
}

static cJSON *query_symbol_json(const outline_symbol *y, document_cursor *c)
{
    cJSON *s = cJSON_CreateObject();
    cJSON_AddStringToObject(s, "name", y->name[0] ? y->name : "?");
    if (y->kind == OUTLINE_DECL)
        cJSON_AddStringToObject(s, "detail", y->keyword);
    else if (y->kind == OUTLINE_PHASE)
        cJSON_AddStringToObject(s, "detail", y->spell ? "spell card" : "phase");
    cJSON_AddNumberToObject(s, "kind", query_symbol_kind(y));
    size_t end = y->end > y->name_start + y->name_len ? y->end : y->name_start + y->name_len;
    size_t start = y->start < y->name_start ? y->start : y->name_start;
    jsonrpc_put(s, "range", query_range_json(c, start, end));
    jsonrpc_put(s, "selectionRange",
                query_range_json(c, y->name_start, y->name_start + y->name_len));
    return s;
}

cJSON *query_symbols(project *p, int file, document_encoding enc)
{
    cJSON *list = cJSON_CreateArray();
    const outline *o = project_outline(p, file);
    if (!o)
        return list;
    document_cursor c;
    document_cursor_init(&c, p->files[file].text, p->files[file].len, enc);
    cJSON *decl = NULL;
    for (int i = 0; i < o->count; i++) {
        const outline_symbol *y = &o->symbols[i];
        if (y->kind == OUTLINE_LOCAL)
            continue;
        cJSON *s = query_symbol_json(y, &c);
        if (y->kind == OUTLINE_DECL) {
            decl = jsonrpc_push(list, s) ? s : NULL; /* freed if it could not be added */
        } else if (decl) {
            cJSON *children = cJSON_GetObjectItem(decl, "children");
            if (!children)
                children = cJSON_AddArrayToObject(decl, "children");
            jsonrpc_push(children, s);
        } else {
            cJSON_Delete(s);
        }
    }
    return list;
}

/* ---- completion ---- */

/* What is around the place being completed, from the tokens before it. */
typedef struct query_context {
    int depth;       /* braces open */
    int in_fire;     /* a fire or laser statement goes on here */
    char volley;     /* its kind (ast.h's AST_CLAUSES): 'b' bullets, 's' straight or 'c'
                      * curvy lasers, 'l' a laser of either kind */
    tok_kind last;   /* the token before the word being typed (TOK_EOF: none) */
    tok_kind before; /* the token before that one (TOK_EOF: none) */
    char last_word[32], prev_word[32];
    char call[OUTLINE_NAME_MAX]; /* the name before the innermost open '(' */
    int parens;
    int commas;          /* the commas inside the innermost open '(' so far */
    int stages;          /* on the line of a `stages` (its names go on) */
    char line_first[32]; /* the first word of the place's line ("" : none) */
} query_context;

#define QUERY_PAREN_MAX 16

static void query_copy_word(char *out, size_t size, const token *t)
{
    size_t n = t->kind == TOK_NAME ? (t->len < size - 1 ? t->len : size - 1) : 0;
    memcpy(out, t->start, n);
    out[n] = '\0';
}

static int query_is_clause(const char *word)
{
    return reference_has(word, REF_CLAUSE);
}

static int query_is_statement(const char *word)
{
    for (int i = 0; parser_statement_words[i]; i++)
        if (strcmp(parser_statement_words[i], word) == 0)
            return 1;
    return 0;
}

/* Reads the tokens of text before `end`. */
static void query_scan(const char *text, size_t end, query_context *q)
{
    memset(q, 0, sizeof *q);
    q->last = q->before = TOK_EOF;
    char calls[QUERY_PAREN_MAX][OUTLINE_NAME_MAX];
    int commas[QUERY_PAREN_MAX] = {0};
    diag_list *scratch = mem_calloc(1, sizeof *scratch);
    if (!scratch)
        return;
    diag_init(scratch);
    lexer lx;
    lexer_init(&lx, "", text, end, scratch);
    uint32_t line = 0;
    size_t last_end = 0;
    for (;;) {
        token t = lexer_next(&lx);
        if (t.kind == TOK_EOF)
            break;
        char word[32];
        query_copy_word(word, sizeof word, &t);
        if (t.kind == TOK_LBRACE || t.kind == TOK_RBRACE || t.kind == TOK_SEMI)
            q->in_fire = 0;
        if (t.kind == TOK_LBRACE) {
            q->depth++;
            q->parens = 0;
        } else if (t.kind == TOK_RBRACE) {
            q->depth -= q->depth > 0;
            q->parens = 0;
        } else if (t.kind == TOK_LPAREN) {
            if (q->parens < QUERY_PAREN_MAX) {
                size_t n = q->last == TOK_NAME ? strlen(q->last_word) : 0;
                memcpy(calls[q->parens], q->last_word, n);
                calls[q->parens][n] = '\0';
                commas[q->parens] = 0;
            }
            q->parens++;
        } else if (t.kind == TOK_COMMA && q->parens > 0 && q->parens <= QUERY_PAREN_MAX) {
            commas[q->parens - 1]++;
        } else if (t.kind == TOK_RPAREN) {
            q->parens -= q->parens > 0;
        } else if (t.kind == TOK_NAME && (!strcmp(word, "fire") || !strcmp(word, "laser"))) {
            q->in_fire = 1;
            q->volley = word[0] == 'f' ? 'b' : 'l';
        } else if (t.kind == TOK_NAME && q->last == TOK_NAME && !strcmp(q->last_word, "laser") &&
                   (!strcmp(word, "straight") || !strcmp(word, "curvy"))) {
            q->volley = word[0];
        } else if (t.kind == TOK_NAME && t.line != line && q->in_fire && query_is_statement(word) &&
                   !query_is_clause(word)) {
            q->in_fire = 0;
        }
        last_end = (size_t)(t.start - text) + t.len;
        if (t.line != line)
            memcpy(q->line_first, word, sizeof q->line_first);
        if (t.line != line || t.kind != TOK_NAME)
            q->stages = 0;
        if (t.kind == TOK_NAME && !strcmp(word, "stages"))
            q->stages = 1;
        line = t.line;
        memcpy(q->prev_word, q->last_word, sizeof q->prev_word);
        memcpy(q->last_word, word, sizeof q->last_word);
        q->before = q->last;
        q->last = t.kind;
    }
    if (memchr(text + last_end, '\n', end - last_end))
        q->stages = 0, q->line_first[0] = '\0'; /* the place is on a line of its own */
    if (q->parens > 0 && q->parens <= QUERY_PAREN_MAX) {
        snprintf(q->call, sizeof q->call, "%s", calls[q->parens - 1]);
        q->commas = commas[q->parens - 1];
    }
    diag_free(scratch);
    mem_free(scratch);
}

/* A built-in look after `look` or `option_look` (sim/enemy_look.h): what draws it. */
static void query_look(query_text *t, const project_file *f, size_t start, const char *word)
{
    query_context q;
    query_scan(f->text, start, &q);
    if (q.last != TOK_NAME || (strcmp(q.last_word, "look") && strcmp(q.last_word, "option_look")))
        return;
    const char *what = NULL;
    for (int i = 0; i < ENEMY_LOOK_COUNT && !what; i++)
        if (!strcmp(enemy_look_names[i], word))
            what = "a built-in sprite for enemies and bosses";
    for (int i = 0; i < SHIP_LOOK_COUNT && !what; i++)
        if (!strcmp(ship_look_names[i], word))
            what = "a built-in sprite for ships";
    for (int i = 0; i < OPTION_LOOK_COUNT && !what; i++)
        if (!strcmp(option_look_names[i], word))
            what = "a built-in sprite for a ship's options";
    if (what)
        query_printf(t, "**look** `%s`: %s (`look NAME`; an art shape's name draws that instead)\n",
                     word, what);
}

/* A mod's sound after `sound`: which file plays it (a built-in one is
 * described by pattern/reference). */
static void query_sound_file(query_text *t, const project_file *f, size_t start, const char *word)
{
    if (sound_by_name(word) >= 0)
        return;
    query_context q;
    query_scan(f->text, start, &q);
    char path[1100], dir[1024];
    if (q.last != TOK_NAME || strcmp(q.last_word, "sound") != 0)
        return;
    if (sound_file_locate(f->path, word, path, sizeof path, dir, sizeof dir))
        query_printf(t,
                     "**sound file** `%s`\n\nPlayed by `sound %s`: a WAV file of the mod "
                     "(docs/patterns.md, *Sounds*).\n",
                     path, word);
    else
        query_printf(t, "**sound** `%s`: no built-in sound nor a file sounds/%s.wav here\n", word,
                     word);
}

typedef struct query_items {
    cJSON *list;
    int count;
} query_items;

#define QUERY_MAX_ITEMS 1000

static void query_item(query_items *it, const char *label, int kind, const char *detail,
                       const char *insert)
{
    if (it->count >= QUERY_MAX_ITEMS || !label[0])
        return;
    cJSON *e;
    cJSON_ArrayForEach(e, it->list)
    {
        const char *l = cJSON_GetStringValue(cJSON_GetObjectItem(e, "label"));
        if (l && strcmp(l, label) == 0)
            return;
    }
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "label", label);
    cJSON_AddNumberToObject(o, "kind", kind);
    if (detail)
        cJSON_AddStringToObject(o, "detail", detail);
    if (insert)
        cJSON_AddStringToObject(o, "insertText", insert);
    jsonrpc_push(it->list, o);
    it->count++;
}

/* The syntax of a word's first row of kind, for an item's detail (valid until
 * the next call). */
static const char *query_syntax(const char *word, reference_kind kind)
{
    static char syntax[160];
    int n;
    const reference_row *rows = reference_rows(&n);
    for (int i = 0; i < n; i++)
        if (rows[i].kind == kind && strcmp(rows[i].word, word) == 0) {
            reference_syntax(&rows[i], syntax, sizeof syntax);
            return syntax;
        }
    return reference_kind_name(kind);
}

static void query_words(query_items *it, const char *const *words, reference_kind kind)
{
    for (int i = 0; words[i]; i++)
        query_item(it, words[i], COMPLETION_KEYWORD, query_syntax(words[i], kind), NULL);
}

/* The clauses a volley of this kind takes (ast.h's AST_CLAUSES: 'b' bullets,
 * 's' straight lasers, 'c' curvy ones, 'l' either), `run` for bullets. */
static void query_clauses(query_items *it, char volley)
{
    static const struct {
        const char *keyword, *applies;
    } clauses[] = {
#define QUERY_CLAUSE(id, keyword, shape, applies, reg) {keyword, applies},
        AST_CLAUSES(QUERY_CLAUSE)
#undef QUERY_CLAUSE
    };
    for (size_t i = 0; i < sizeof clauses / sizeof clauses[0]; i++) {
        const char *a = clauses[i].applies;
        if (volley == 'l' ? strchr(a, 's') || strchr(a, 'c') : strchr(a, volley) != NULL)
            query_item(it, clauses[i].keyword, COMPLETION_KEYWORD,
                       query_syntax(clauses[i].keyword, REF_CLAUSE), NULL);
    }
    if (volley == 'b')
        query_item(it, "run", COMPLETION_KEYWORD, query_syntax("run", REF_CLAUSE), NULL);
}

static void query_art_item(void *ctx, const query_art_shape *a)
{
    char word[OUTLINE_NAME_MAX];
    size_t n = a->name_len < sizeof word - 1 ? a->name_len : sizeof word - 1;
    memcpy(word, a->text + a->name_start, n);
    word[n] = '\0';
    query_item(ctx, word, COMPLETION_ENUM_MEMBER, "art shape", NULL);
}

/* The shapes the project's art declarations cut (`shape NAME` inside `art`). */
static void query_art_shapes(query_items *it, project *p)
{
    query_art_each(p, query_art_item, it);
}

/* The sounds `sound` can play from file (f's path): the built-in ones and the
 * WAV files of the nearest sounds/ folder (pattern/content/sound_file.h). */
static void query_sounds(query_items *it, const project_file *f)
{
    for (int i = 0; i < SOUND_BUILTIN_COUNT; i++)
        query_item(it, sound_names[i], COMPLETION_ENUM_MEMBER, "sound effect", NULL);
    char names[SOUND_FILE_MAX][SOUND_FILE_NAME];
    int n = sound_file_nearby(f->path, names, SOUND_FILE_MAX);
    for (int i = 0; i < n; i++)
        query_item(it, names[i], COMPLETION_FILE, "sound file", NULL);
}

static void query_decls(query_items *it, project *p, const char *keyword, int kind);

/* The backdrops `background` and `spell_background` take: the nine drawn in
 * code (sim/backdrop.h) and the project's own `backdrop` declarations. */
static void query_backdrops(query_items *it, project *p)
{
    for (int i = 0; i < BACKDROP_COUNT; i++)
        query_item(it, backdrop_names[i], COMPLETION_ENUM_MEMBER, "backdrop", NULL);
    query_decls(it, p, "backdrop", COMPLETION_ENUM_MEMBER);
}

static void query_shapes(query_items *it)
{
    static const char *const shapes[] = {
#define QUERY_SHAPE(id, name, radius, rotates, size) name,
        BULLET_SHAPES(QUERY_SHAPE)
#undef QUERY_SHAPE
    };
    for (int i = 0; i < BULLET_SHAPE_COUNT; i++)
        query_item(it, shapes[i], COMPLETION_ENUM_MEMBER, "bullet shape", NULL);
}

/* The looks a `look` (enemy, boss, ship) or `option_look` may name: the
 * built-in sprites (sim/enemy_look.h) and the project's art shapes. */
static void query_looks(query_items *it, project *p, int options)
{
    if (options) {
        for (int i = 0; i < OPTION_LOOK_COUNT; i++)
            query_item(it, option_look_names[i], COMPLETION_ENUM_MEMBER, "option look", NULL);
    } else {
        for (int i = 0; i < ENEMY_LOOK_COUNT; i++)
            query_item(it, enemy_look_names[i], COMPLETION_ENUM_MEMBER, "enemy or boss look", NULL);
        for (int i = 0; i < SHIP_LOOK_COUNT; i++)
            query_item(it, ship_look_names[i], COMPLETION_ENUM_MEMBER, "ship look", NULL);
    }
    query_art_shapes(it, p);
}

/* The item kinds `drop` takes: the built-in ones (VM_ITEMS) and the project's
 * own `item` declarations. */
static void query_item_kinds(query_items *it, project *p)
{
    for (int k = 0; k < VM_ITEM_COUNT; k++)
        query_item(it, vm_item_name((vm_item)k), COMPLETION_ENUM_MEMBER, "item kind", NULL);
    query_decls(it, p, "item", COMPLETION_ENUM_MEMBER);
}

static void query_colours(query_items *it)
{
    static const char *const colours[] = {
#define QUERY_COLOUR(id, name) name,
        BULLET_COLORS(QUERY_COLOUR)
#undef QUERY_COLOUR
    };
    for (int i = 0; i < BULLET_COLOR_COUNT; i++)
        query_item(it, colours[i], COMPLETION_ENUM_MEMBER, "bullet colour", NULL);
}

/* Declarations of the project with this keyword (NULL: constants' "const"). */
static void query_decls(query_items *it, project *p, const char *keyword, int kind)
{
    for (int i = 0; i < p->count; i++) {
        const outline *o = project_outline(p, i);
        for (int k = 0; o && k < o->count; k++)
            if (o->symbols[k].kind == OUTLINE_DECL && strcmp(o->symbols[k].keyword, keyword) == 0)
                query_item(it, o->symbols[k].name, kind, keyword, NULL);
    }
}

/* The expressions of the character named who, for `say who EXPRESSION`. */
static void query_expression_item(void *ctx, const query_portrait *q)
{
    char name[OUTLINE_NAME_MAX];
    size_t n = q->expr_len < sizeof name - 1 ? q->expr_len : sizeof name - 1;
    memcpy(name, q->text + q->expr_start, n);
    name[n] = '\0';
    query_item(ctx, name, COMPLETION_ENUM_MEMBER, "expression", NULL);
}

/* Whether a character of this name is declared in p. */
static int query_is_character(project *p, const char *name)
{
    for (int i = 0; i < p->count; i++) {
        const outline *o = project_outline(p, i);
        for (int k = 0; o && k < o->count; k++)
            if (o->symbols[k].kind == OUTLINE_DECL &&
                strcmp(o->symbols[k].keyword, "character") == 0 &&
                strcmp(o->symbols[k].name, name) == 0)
                return 1;
    }
    return 0;
}

/* Files of other formats (BulletML) run as patterns named after the file. */
static void query_imports(query_items *it, project *p)
{
    for (int i = 0; i < p->count; i++) {
        const char *path = p->files[i].path;
        size_t n = strlen(path);
        if (n > 4 && strcmp(path + n - 4, LIBRARY_EXTENSION) == 0)
            continue;
        const char *base = strrchr(path, '/');
        base = base ? base + 1 : path;
        char stem[OUTLINE_NAME_MAX];
        snprintf(stem, sizeof stem, "%s", base);
        char *dot = strrchr(stem, '.');
        if (dot)
            *dot = '\0';
        query_item(it, stem, COMPLETION_MODULE, "BulletML file", NULL);
    }
}

/* The parameters and variables of the declaration around offset, declared before it. */
static void query_locals(query_items *it, const outline *o, size_t offset)
{
    int d = outline_decl_at(o, offset);
    for (int i = d + 1; d >= 0 && i < o->count && o->symbols[i].parent == d; i++) {
        const outline_symbol *y = &o->symbols[i];
        if (y->kind == OUTLINE_PARAM || (y->kind == OUTLINE_LOCAL && y->name_start < offset))
            query_item(it, y->name, COMPLETION_VARIABLE,
                       y->kind == OUTLINE_PARAM ? "parameter" : "variable", NULL);
    }
}

/* What may start an expression here: names in scope, built-in values, functions. */
static void query_expression(query_items *it, project *p, const outline *o, size_t offset)
{
    query_locals(it, o, offset);
    query_decls(it, p, "const", COMPLETION_CONSTANT);
    query_decls(it, p, "shared", COMPLETION_VARIABLE);
    query_decls(it, p, "function", COMPLETION_FUNCTION);
    for (int i = 0; compiler_value_name(i); i++)
        query_item(it, compiler_value_name(i), COMPLETION_CONSTANT, "built-in value", NULL);
    for (int i = 0; i < VM_MATH_COUNT; i++)
        query_item(it, vm_math_name((vm_math)i), COMPLETION_FUNCTION,
                   query_syntax(vm_math_name((vm_math)i), REF_FUNCTION), NULL);
    query_item(it, "rand", COMPLETION_FUNCTION, query_syntax("rand", REF_FUNCTION), NULL);
    query_item(it, "level", COMPLETION_FUNCTION, query_syntax("level", REF_FUNCTION), NULL);
    static const char *const ops[] = {"not", NULL};
    query_words(it, ops, REF_WORD);
}

/* The eases `over N` takes (speed, turn, velocity, move). */
static const char *const query_eases[] = {"linear", "smooth", "in", "out", NULL};

/* A handle's members (pattern/language/compiler_expr.c's, as the compiler reads
 * them) and a group's count. */
static void query_members(query_items *it)
{
    for (int i = 0; compiler_member_name(i); i++) {
        const char *m = compiler_member_name(i);
        query_item(it, m, COMPLETION_PROPERTY,
                   reference_has(m, REF_WORD) ? query_syntax(m, REF_WORD)
                                              : query_syntax(m, REF_VALUE),
                   NULL);
    }
    query_item(it, "count", COMPLETION_PROPERTY, query_syntax("count", REF_WORD), NULL);
}

/* Adds the themes (NAME.mml or NAME.ogg) of folder/music. */
static void query_theme_folder(query_items *it, const char *folder)
{
    char dir[PROJECT_PATH_MAX + 8];
    snprintf(dir, sizeof dir, "%s/music", folder);
    DIR *d = folder[0] ? opendir(dir) : NULL;
    for (struct dirent *e; d && (e = readdir(d)) != NULL;) {
        size_t n = strlen(e->d_name);
        if (n > 4 && n < 64 && e->d_name[0] != '.' &&
            (!strcmp(e->d_name + n - 4, ".mml") || !strcmp(e->d_name + n - 4, ".ogg"))) {
            char name[64];
            snprintf(name, sizeof name, "%.*s", (int)(n - 4), e->d_name);
            query_item(it, name, COMPLETION_FILE, "music theme", NULL);
        }
    }
    if (d)
        closedir(d);
}

/* What `music` takes: `stage`, `boss`, `none` and the themes of the project's
 * music/ folders (the game's patterns/music/, a mod's own), as audio/music.h
 * finds them. */
static void query_themes(query_items *it, project *p)
{
    static const char *const cues[] = {"stage", "boss", "none"};
    for (int i = 0; i < 3; i++)
        query_item(it, cues[i], COMPLETION_KEYWORD, "music cue", NULL);
    char game[PROJECT_PATH_MAX];
    if (data_path_join(game, sizeof game, "patterns") == 0)
        query_theme_folder(it, game);
    query_theme_folder(it, p->game);
    if (file_is_dir(p->root))
        query_theme_folder(it, p->root);
}

/* Whether the place is among the names of a game's `stages` line. */
static int query_in_stages(const query_context *q, const outline *o, size_t offset)
{
    int d = outline_decl_at(o, offset);
    return q->last == TOK_NAME && q->stages && d >= 0 && !strcmp(o->symbols[d].keyword, "game");
}

/* Whether the word before the place wants a value after it: one of these, or
 * a verb statement of an expression (health, damage...: pattern/language/words.h). */
static int query_wants_value(const query_context *q)
{
    static const char *const words[] = {
        "wait",   "until", "repeat", "while", "if",    "at",    "speed", "ring", "arc",
        "spread", "stack", "radius", "spin",  "accel", "life",  "over",  "by",   "to",
        "and",    "or",    "not",    "time",  "bonus", "power", "point", "bomb", NULL};
    for (int v = 0; q->last == TOK_NAME && v < VS_COUNT; v++)
        if (words_verbs[v].operands[0] == 'e' && strcmp(words_verbs[v].word, q->last_word) == 0)
            return 1;
    if (q->last != TOK_NAME)
        return q->last != TOK_EOF && q->last != TOK_RPAREN && q->last != TOK_LBRACE &&
               q->last != TOK_RBRACE && q->last != TOK_SEMI && q->last != TOK_NUMBER &&
               q->last != TOK_STRING;
    for (int i = 0; words[i]; i++)
        if (strcmp(words[i], q->last_word) == 0)
            return 1;
    return 0;
}

/* Whether the place is in a phase's head, after `phase`, its title, `spell` or
 * a property's value (before its block). */
static int query_in_phase_head(const query_context *q)
{
    if (q->last == TOK_NAME)
        return !strcmp(q->last_word, "phase") || !strcmp(q->last_word, "spell");
    if (q->last == TOK_STRING)
        return !strcmp(q->prev_word, "phase");
    return q->last == TOK_NUMBER;
}

/* The parameters of the pattern or enemy being called, as "NAME: " items. */
static int query_call_params(query_items *it, project *p, int file, size_t offset,
                             const query_context *q)
{
    if (!q->call[0] || (q->last != TOK_LPAREN && q->last != TOK_COMMA))
        return 0;
    query_target t = query_resolve(p, file, offset, q->call, strlen(q->call));
    if (t.file < 0)
        return 0;
    const outline *o = &p->files[t.file].outline;
    if (o->symbols[t.symbol].kind != OUTLINE_DECL)
        return 0;
    for (int i = t.symbol + 1; i < o->count && o->symbols[i].parent == t.symbol; i++)
        if (o->symbols[i].kind == OUTLINE_PARAM) {
            char insert[OUTLINE_NAME_MAX + 4];
            snprintf(insert, sizeof insert, "%s: ", o->symbols[i].name);
            query_item(it, o->symbols[i].name, COMPLETION_PROPERTY, "parameter", insert);
        }
    return 1;
}

cJSON *query_completion(project *p, int file, size_t offset)
{
    query_items it = {cJSON_CreateArray(), 0};
    const project_file *f = &p->files[file];
    const outline *o = project_outline(p, file);
    if (!o)
        return it.list;
    offset = offset < f->len ? offset : f->len;
    size_t start = offset;
    while (start > 0 && document_is_name_char(f->text[start - 1]))
        start--;
    query_context q;
    query_scan(f->text, start, &q);
    if (q.depth == 0) {
        if (q.parens == 0 && (q.last != TOK_NAME || !reference_has(q.last_word, REF_DECLARATION)))
            query_words(&it, parser_decl_words, REF_DECLARATION);
        return it.list;
    }
    int boss_body = 0;
    int d = outline_decl_at(o, start);
    if (d >= 0 && q.depth == 1 && strcmp(o->symbols[d].keyword, "boss") == 0)
        boss_body = 1;
    if (q.last == TOK_NAME && (!strcmp(q.last_word, "run") || !strcmp(q.last_word, "thread"))) {
        query_decls(&it, p, "pattern", COMPLETION_MODULE);
        query_imports(&it, p);
    } else if (q.last == TOK_NAME && !strcmp(q.last_word, "spawn")) {
        query_decls(&it, p, "enemy", COMPLETION_CLASS);
    } else if (q.last == TOK_NAME &&
               (!strcmp(q.last_word, "boss") || !strcmp(q.last_word, "midboss"))) {
        query_decls(&it, p, "boss", COMPLETION_CLASS);
    } else if (q.last == TOK_NAME && !strcmp(q.last_word, "sound")) {
        query_sounds(&it, f);
    } else if (q.last == TOK_NAME && !strcmp(q.last_word, "drop")) {
        query_item_kinds(&it, p);
    } else if (q.last == TOK_NAME && !strcmp(q.last_word, "gives")) {
        static const char *const gifts[] = {"score", "power", "bomb_piece", "life_piece", NULL};
        query_words(&it, gifts, REF_WORD);
    } else if (q.last == TOK_NAME && !strcmp(q.last_word, "look") && q.before != TOK_DOT &&
               q.depth > 0) {
        if (d >= 0 && strcmp(o->symbols[d].keyword, "item") == 0)
            for (int k = 0; k < VM_ITEM_COUNT; k++) /* an item's: a built-in item's too */
                query_item(&it, vm_item_name((vm_item)k), COMPLETION_ENUM_MEMBER, "item look",
                           NULL);
        query_looks(&it, p, 0); /* an object's look; `b.look` takes a bullet's shape */
    } else if (q.last == TOK_NAME && !strcmp(q.last_word, "option_look")) {
        query_looks(&it, p, 1);
    } else if (q.last == TOK_NAME && !strcmp(q.last_word, "look") && q.before == TOK_DOT) {
        query_shapes(&it);
        query_art_shapes(&it, p);
    } else if (q.last == TOK_NAME &&
               (!strcmp(q.last_word, "background") || !strcmp(q.last_word, "spell_background"))) {
        query_backdrops(&it, p);
    } else if (q.last == TOK_NAME &&
               (!strcmp(q.last_word, "say") || !strcmp(q.last_word, "character"))) {
        query_decls(&it, p, "character", COMPLETION_CLASS);
    } else if (q.last == TOK_NAME && !strcmp(q.prev_word, "say") &&
               query_is_character(p, q.last_word)) {
        query_portraits_each(p, q.last_word, query_expression_item, &it);
    } else if (q.last == TOK_NAME && !strcmp(q.last_word, "fire")) {
        query_shapes(&it);
        query_art_shapes(&it, p);
        query_clauses(&it, 'b');
    } else if (q.last == TOK_NAME && !strcmp(q.last_word, "laser")) {
        static const char *const kinds[] = {"straight", "curvy", NULL};
        query_words(&it, kinds, REF_WORD);
        query_colours(&it);
        query_clauses(&it, 'l');
    } else if (q.last == TOK_NAME && !strcmp(q.prev_word, "laser") &&
               (!strcmp(q.last_word, "straight") || !strcmp(q.last_word, "curvy"))) {
        query_colours(&it);
        query_clauses(&it, q.volley);
    } else if (q.last == TOK_NAME && q.in_fire && reference_has(q.last_word, REF_COLOUR) &&
               (!strcmp(q.prev_word, "laser") || !strcmp(q.prev_word, "straight") ||
                !strcmp(q.prev_word, "curvy"))) {
        query_clauses(&it, q.volley);
    } else if (q.last == TOK_NAME &&
               (reference_has(q.last_word, REF_SHAPE) ||
                query_art_find(p, q.last_word, &(query_art_shape){0})) &&
               !strcmp(q.prev_word, "fire")) {
        query_colours(&it);
        query_clauses(&it, 'b');
    } else if (q.last == TOK_DOT && q.before == TOK_NAME) {
        query_members(&it);
    } else if (q.last == TOK_NAME && !strcmp(q.last_word, "music")) {
        query_themes(&it, p);
    } else if (q.last == TOK_NAME &&
               (!strcmp(q.last_word, "stages") || !strcmp(q.last_word, "extra") ||
                query_in_stages(&q, o, start))) {
        query_decls(&it, p, "stage", COMPLETION_MODULE);
    } else if (q.last != TOK_NAME && !strcmp(q.prev_word, "over") && strcmp(q.line_first, "fire") &&
               strcmp(q.line_first, "laser") &&
               strcmp(q.line_first, "arc")) { /* not an arc's `over` */
        query_words(&it, query_eases, REF_WORD);
    } else if (q.last == TOK_NAME && !strcmp(q.last_word, "effect")) {
        query_shapes(&it); /* an effect's look: a bullet shape, built-in or art */
        query_art_shapes(&it, p);
    } else if (q.last == TOK_NAME &&
               (!strcmp(q.last_word, "flash") || !strcmp(q.last_word, "tint") ||
                (reference_has(q.last_word, REF_SHAPE) && !strcmp(q.prev_word, "effect")))) {
        query_colours(&it);
    } else if (query_call_params(&it, p, file, start, &q)) {
        query_expression(&it, p, o, start);
    } else if (query_wants_value(&q)) {
        query_expression(&it, p, o, start);
    } else if (boss_body && query_in_phase_head(&q)) {
        static const char *const phase_words[] = {"spell", "time", "health", "bonus", NULL};
        query_words(&it, phase_words, REF_WORD);
    } else if (boss_body) {
        static const char *const boss_words[] = {
            "phase", "name", "look", "character", "spell_background", NULL};
        query_words(&it, boss_words, REF_DECLARATION);
    } else {
        if (q.in_fire)
            query_clauses(&it, q.volley);
        query_words(&it, parser_statement_words, REF_STATEMENT);
        query_locals(&it, o, start);
        query_decls(&it, p, "shared", COMPLETION_VARIABLE); /* assigned like variables */
    }
    return it.list;
}

/* ---- rename ---- */

/* Whether two meanings are the same symbol. */
static int query_same(query_target a, query_target b)
{
    return a.file == b.file && a.symbol == b.symbol;
}

/* Whether file i may be edited by a rename: any file, but in a mod laid over
 * the game's patterns (lsp/project.h) only the mod's own (renaming a name the
 * game declares would break the game's files, or the mod's uses of it). */
static int query_in_mod(const project *p, int i)
{
    size_t n = strlen(p->root);
    return !p->game[0] ||
           (strncmp(p->files[i].path, p->root, n) == 0 && p->files[i].path[n] == '/');
}

/* What a rename at offset renames: the modder's declaration, parameter or
 * variable (target), or an art shape (target.file -1, *art set); 0 when the
 * word there is none of these (a word of the language, a BulletML file's
 * pattern: its name is the file's). */
static int query_renamable(project *p, int file, size_t offset, size_t *start, size_t *len,
                           query_target *target, int *art)
{
    const project_file *f = &p->files[file];
    *len = document_word_at(f->text, f->len, offset, start);
    *art = 0;
    if (!*len || *len >= OUTLINE_NAME_MAX)
        return 0;
    *target = query_meaning(p, file, *start, *len);
    if (target->file >= 0) {
        const outline_symbol *y = &p->files[target->file].outline.symbols[target->symbol];
        return (strcmp(y->keyword, "bulletml") != 0 || y->kind != OUTLINE_DECL) &&
               query_in_mod(p, target->file);
    }
    char word[OUTLINE_NAME_MAX];
    memcpy(word, f->text + *start, *len);
    word[*len] = '\0';
    query_art_shape a;
    *art = query_art_find(p, word, &a) && query_in_mod(p, a.file);
    return *art;
}

cJSON *query_prepare_rename(project *p, int file, size_t offset, document_encoding enc)
{
    size_t start, len;
    query_target t;
    int art;
    if (!query_renamable(p, file, offset, &start, &len, &t, &art))
        return cJSON_CreateNull();
    document_cursor c;
    document_cursor_init(&c, p->files[file].text, p->files[file].len, enc);
    return query_range_json(&c, start, start + len);
}

/* The edits of one file, while its names are walked. */
typedef struct query_renaming {
    project *p;
    int file;
    query_target target;
    int art;
    const char *new_name;
    document_cursor cursor;
    cJSON *edits;
    int count;
} query_renaming;

static void query_rename_found(void *ctx, size_t start, size_t len)
{
    query_renaming *r = ctx;
    query_target t = query_meaning(r->p, r->file, start, len);
    if (r->count >= QUERY_MAX_LOCATIONS || (r->art ? t.file >= 0 : !query_same(t, r->target)))
        return;
    cJSON *e = cJSON_CreateObject();
    jsonrpc_put(e, "range", query_range_json(&r->cursor, start, start + len));
    cJSON_AddStringToObject(e, "newText", r->new_name);
    jsonrpc_push(r->edits, e);
    r->count++;
}

/* Whether name can be a new name: a name the lexer reads as one, not a word
 * of the language's, not declared in the project. */
static const char *query_bad_name(project *p, const char *name)
{
    size_t n = strlen(name);
    if (n == 0 || n >= OUTLINE_NAME_MAX || (name[0] >= '0' && name[0] <= '9'))
        return "the new name is not a name (letters, digits and '_', not a digit first)";
    for (size_t i = 0; i < n; i++)
        if (!document_is_name_char(name[i]))
            return "the new name is not a name (letters, digits and '_', not a digit first)";
    for (int k = 0; k < REF_KIND_COUNT; k++)
        if (reference_has(name, (reference_kind)k))
            return "the new name is a word of the language";
    for (int i = 0; i < p->count; i++) {
        const outline *o = project_outline(p, i);
        if (o && outline_find_decl(o, name, n) >= 0)
            return "the new name is already declared";
    }
    query_art_shape a;
    if (query_art_find(p, name, &a))
        return "the new name is already an art shape";
    return NULL;
}

cJSON *query_rename(project *p, int file, size_t offset, const char *new_name,
                    document_encoding enc, const char **why)
{
    size_t start, len;
    query_renaming r = {p, file, {-1, -1}, 0, new_name, {0}, NULL, 0};
    *why = NULL;
    if (!query_renamable(p, file, offset, &start, &len, &r.target, &r.art)) {
        *why = "there is no name of yours here to rename";
        return NULL;
    }
    if ((*why = query_bad_name(p, new_name)) != NULL)
        return NULL;
    char word[OUTLINE_NAME_MAX];
    memcpy(word, p->files[file].text + start, len);
    cJSON *edit = cJSON_CreateObject();
    cJSON *changes = cJSON_AddObjectToObject(edit, "changes");
    for (int i = 0; i < p->count; i++) {
        const project_file *f = &p->files[i];
        char uri[PROJECT_PATH_MAX * 3 + 16];
        if (!project_is_pattern(p, i) || !query_in_mod(p, i) ||
            document_path_to_uri(f->path, uri, sizeof uri) != 0)
            continue;
        r.file = i;
        r.edits = cJSON_CreateArray();
        document_cursor_init(&r.cursor, f->text, f->len, enc);
        outline_each_name(f->text, f->len, word, len, query_rename_found, &r);
        if (cJSON_GetArraySize(r.edits) > 0)
            jsonrpc_put(changes, uri, r.edits);
        else
            cJSON_Delete(r.edits);
    }
    return edit;
}

/* ---- signature help ---- */

/* The parameters of a built-in function's syntax ("atan2(y, x)") as labels. */
static void query_syntax_params(cJSON *list, const char *syntax)
{
    const char *open = strchr(syntax, '('), *close = strrchr(syntax, ')');
    for (const char *s = open ? open + 1 : NULL; s && close && s < close;) {
        while (*s == ' ')
            s++;
        const char *e = s;
        while (e < close && *e != ',')
            e++;
        cJSON *param = cJSON_CreateObject();
        char label[64];
        snprintf(label, sizeof label, "%.*s", (int)(e - s < 63 ? e - s : 63), s);
        cJSON_AddStringToObject(param, "label", label);
        jsonrpc_push(list, param);
        s = e + 1;
    }
}

cJSON *query_signature(project *p, int file, size_t offset)
{
    const project_file *f = &p->files[file];
    offset = offset < f->len ? offset : f->len;
    query_context q;
    query_scan(f->text, offset, &q);
    if (!q.call[0] || !project_outline(p, file))
        return cJSON_CreateNull();
    char label[700];
    cJSON *params = cJSON_CreateArray();
    const char *doc = NULL;
    query_target t = query_resolve(p, file, offset, q.call, strlen(q.call));
    const outline_symbol *decl = t.file >= 0 ? &p->files[t.file].outline.symbols[t.symbol] : NULL;
    if (decl && decl->kind == OUTLINE_DECL) {
        const project_file *df = &p->files[t.file];
        const char *head;
        int n = query_trimmed(df->text, decl->start, decl->head_end, 600, &head);
        snprintf(label, sizeof label, "%.*s", n, head);
        const outline *o = &df->outline;
        for (int i = t.symbol + 1; i < o->count && o->symbols[i].parent == t.symbol; i++)
            if (o->symbols[i].kind == OUTLINE_PARAM) {
                cJSON *param = cJSON_CreateObject();
                cJSON_AddStringToObject(param, "label", o->symbols[i].name);
                jsonrpc_push(params, param);
            }
    } else if (reference_has(q.call, REF_FUNCTION)) {
        snprintf(label, sizeof label, "%s", query_syntax(q.call, REF_FUNCTION));
        query_syntax_params(params, label);
        int n;
        const reference_row *rows = reference_rows(&n);
        for (int i = 0; i < n && !doc; i++)
            if (rows[i].kind == REF_FUNCTION && strcmp(rows[i].word, q.call) == 0)
                doc = rows[i].doc;
    } else {
        cJSON_Delete(params);
        return cJSON_CreateNull();
    }
    cJSON *help = cJSON_CreateObject();
    cJSON *sig = cJSON_CreateObject();
    cJSON_AddStringToObject(sig, "label", label);
    if (doc)
        cJSON_AddStringToObject(sig, "documentation", doc);
    jsonrpc_put(sig, "parameters", params);
    cJSON *sigs = cJSON_AddArrayToObject(help, "signatures");
    jsonrpc_push(sigs, sig);
    cJSON_AddNumberToObject(help, "activeSignature", 0);
    cJSON_AddNumberToObject(help, "activeParameter", q.commas);
    return help;
}

/* ---- semantic tokens ---- */

/* The legend's token types and modifiers, in the order their numbers follow. */
#define QUERY_TOKEN_TYPES(X)     \
    X(KEYWORD, "keyword")        \
    X(FUNCTION, "function")      \
    X(CLASS, "class")            \
    X(NAMESPACE, "namespace")    \
    X(VARIABLE, "variable")      \
    X(PARAMETER, "parameter")    \
    X(PROPERTY, "property")      \
    X(ENUM_MEMBER, "enumMember") \
    X(NUMBER, "number")          \
    X(STRING, "string")          \
    X(COMMENT, "comment")        \
    X(OPERATOR, "operator")

typedef enum query_token_type {
#define QUERY_TOKEN_ENUM(id, name) TT_##id,
    QUERY_TOKEN_TYPES(QUERY_TOKEN_ENUM)
#undef QUERY_TOKEN_ENUM
    TT_COUNT
} query_token_type;

enum {
    TM_DECLARATION = 1,
    TM_READONLY = 2,
    TM_DEFAULT_LIBRARY = 4
};

cJSON *query_token_legend(void)
{
    static const char *const types[] = {
#define QUERY_TOKEN_NAME(id, name) name,
        QUERY_TOKEN_TYPES(QUERY_TOKEN_NAME)
#undef QUERY_TOKEN_NAME
    };
    static const char *const modifiers[] = {"declaration", "readonly", "defaultLibrary"};
    cJSON *legend = cJSON_CreateObject();
    jsonrpc_put(legend, "tokenTypes", cJSON_CreateStringArray(types, TT_COUNT));
    jsonrpc_put(legend, "tokenModifiers", cJSON_CreateStringArray(modifiers, 3));
    return legend;
}

/* The type of one of the modder's names (*mods: its modifiers). */
static int query_symbol_token(const outline_symbol *y, int *mods)
{
    static const struct {
        const char *keyword;
        int type, mods;
    } kinds[] = {{"pattern", TT_FUNCTION, 0},
                 {"function", TT_FUNCTION, 0},
                 {"enemy", TT_CLASS, 0},
                 {"boss", TT_CLASS, 0},
                 {"ship", TT_CLASS, 0},
                 {"character", TT_CLASS, 0},
                 {"stage", TT_NAMESPACE, 0},
                 {"game", TT_NAMESPACE, 0},
                 {"const", TT_VARIABLE, TM_READONLY},
                 {"shared", TT_VARIABLE, 0},
                 {"bulletml", TT_FUNCTION, 0}};
    if (y->kind == OUTLINE_PARAM)
        return TT_PARAMETER;
    if (y->kind != OUTLINE_DECL)
        return TT_VARIABLE;
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if (strcmp(kinds[i].keyword, y->keyword) == 0) {
            *mods |= kinds[i].mods;
            return kinds[i].type;
        }
    return TT_ENUM_MEMBER; /* art, backdrop and what else names a thing to show */
}

/* The project's names, sorted, looked up once per token: its declarations
 * (file, symbol) and its art shapes (symbol -1). */
typedef struct query_name_entry {
    const char *name;
    size_t len;
    int file, symbol;
} query_name_entry;

typedef struct query_names {
    query_name_entry *items;
    int count, cap;
} query_names;

static void query_names_add(query_names *n, const char *name, size_t len, int file, int symbol)
{
    if (n->count == n->cap) {
        int cap = n->cap ? n->cap * 2 : 256;
        query_name_entry *items = mem_realloc(n->items, (size_t)cap * sizeof *items);
        if (!items)
            return;
        n->items = items;
        n->cap = cap;
    }
    query_name_entry e = {name, len, file, symbol};
    n->items[n->count++] = e;
}

static void query_names_art(void *ctx, const query_art_shape *a)
{
    query_names_add(ctx, a->text + a->name_start, a->name_len, a->file, -1);
}

static int query_name_cmp(const char *a, size_t alen, const char *b, size_t blen)
{
    int c = memcmp(a, b, alen < blen ? alen : blen);
    return c ? c : (alen > blen) - (alen < blen);
}

static int query_names_order(const void *a, const void *b)
{
    const query_name_entry *x = a, *y = b;
    int c = query_name_cmp(x->name, x->len, y->name, y->len);
    return c ? c : (x->symbol < 0) - (y->symbol < 0); /* declarations before art */
}

static void query_names_build(query_names *n, project *p)
{
    memset(n, 0, sizeof *n);
    for (int i = 0; i < p->count; i++) {
        const outline *o = project_outline(p, i);
        for (int k = 0; o && k < o->count; k++)
            if (o->symbols[k].kind == OUTLINE_DECL)
                query_names_add(n, o->symbols[k].name, o->symbols[k].name_len, i, k);
    }
    query_art_each(p, query_names_art, n);
    if (n->count)
        qsort(n->items, (size_t)n->count, sizeof *n->items, query_names_order);
}

/* The entry of name (this file's declaration first), or NULL. */
static const query_name_entry *query_names_find(const query_names *n, const char *name, size_t len,
                                                int file)
{
    int lo = 0, hi = n->count;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (query_name_cmp(n->items[mid].name, n->items[mid].len, name, len) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    const query_name_entry *first = NULL;
    for (int i = lo; i < n->count && !query_name_cmp(n->items[i].name, n->items[i].len, name, len);
         i++) {
        if (!first)
            first = &n->items[i];
        if (n->items[i].file == file && n->items[i].symbol >= 0)
            return &n->items[i];
    }
    return first;
}

/* The type of a name token (-1: none): a named argument's parameter, a
 * variable or parameter in scope, a declaration of the project (query_resolve's
 * meaning), a word of the language's table, an art shape. */
static int query_name_token(project *p, const query_names *names, int file, size_t start,
                            size_t len, int *mods)
{
    const char *text = p->files[file].text;
    char word[OUTLINE_NAME_MAX];
    if (len >= sizeof word)
        return -1;
    memcpy(word, text + start, len);
    word[len] = '\0';
    query_target t = query_named_arg(p, file, start, len);
    if (t.file < 0) {
        int local = outline_local_at(&p->files[file].outline, text, start, word, len);
        t.file = local >= 0 ? file : -1;
        t.symbol = local;
    }
    const query_name_entry *e = t.file < 0 ? query_names_find(names, word, len, file) : NULL;
    if (e && e->symbol >= 0) {
        t.file = e->file;
        t.symbol = e->symbol;
    }
    if (t.file >= 0) {
        const outline_symbol *y = &p->files[t.file].outline.symbols[t.symbol];
        if (t.file == file && y->name_start == start)
            *mods |= TM_DECLARATION;
        return query_symbol_token(y, mods);
    }
    if (reference_has(word, REF_STATEMENT) || reference_has(word, REF_DECLARATION) ||
        reference_has(word, REF_CLAUSE) || reference_has(word, REF_WORD))
        return TT_KEYWORD;
    *mods |= TM_DEFAULT_LIBRARY;
    if (reference_has(word, REF_FUNCTION))
        return TT_FUNCTION;
    if (reference_has(word, REF_VALUE))
        return (*mods |= TM_READONLY), TT_VARIABLE;
    if (reference_has(word, REF_SHAPE) || reference_has(word, REF_COLOUR) ||
        reference_has(word, REF_SOUND))
        return TT_ENUM_MEMBER;
    *mods &= ~TM_DEFAULT_LIBRARY;
    return e ? TT_ENUM_MEMBER : -1; /* an art shape */
}

typedef struct query_token_list {
    cJSON *data;
    document_cursor cursor;
    document_pos last;
    const char *text;
    size_t len;
} query_token_list;

/* Adds a token of text[start, end) (cut at its line's end: a token spans one line). */
static void query_token_push(query_token_list *l, size_t start, size_t end, int type, int mods)
{
    size_t stop = start;
    while (stop < end && l->text[stop] != '\n')
        stop++;
    document_pos a = document_cursor_pos(&l->cursor, start);
    document_pos b = document_cursor_pos(&l->cursor, stop);
    if (b.character <= a.character)
        return;
    int values[5] = {(int)(a.line - l->last.line),
                     (int)(a.line == l->last.line ? a.character - l->last.character : a.character),
                     (int)(b.character - a.character), type, mods};
    for (int i = 0; i < 5; i++)
        jsonrpc_push(l->data, cJSON_CreateNumber(values[i]));
    l->last = a;
}

/* The comments in text[from, to) (between two tokens: no string is there). */
static void query_token_comments(query_token_list *l, size_t from, size_t to)
{
    for (size_t i = from; i < to; i++)
        if (l->text[i] == '#') {
            size_t e = i;
            while (e < to && l->text[e] != '\n')
                e++;
            query_token_push(l, i, e, TT_COMMENT, 0);
            i = e;
        }
}

cJSON *query_tokens(project *p, int file, document_encoding enc)
{
    const project_file *f = &p->files[file];
    cJSON *result = cJSON_CreateObject();
    query_token_list l = {cJSON_AddArrayToObject(result, "data"), {0}, {0, 0}, f->text, f->len};
    diag_list *scratch = mem_calloc(1, sizeof *scratch);
    if (!scratch || !l.data || !project_outline(p, file)) {
        mem_free(scratch);
        return result;
    }
    diag_init(scratch);
    query_names names;
    query_names_build(&names, p);
    document_cursor_init(&l.cursor, f->text, f->len, enc);
    lexer lx;
    lexer_init(&lx, "", f->text, f->len, scratch);
    size_t after = 0;
    tok_kind prev = TOK_EOF;
    for (token t = lexer_next(&lx); t.kind != TOK_EOF; t = lexer_next(&lx)) {
        size_t at = (size_t)(t.start - f->text);
        query_token_comments(&l, after, at);
        after = at + t.len;
        int mods = 0, type = -1;
        if (t.kind == TOK_NAME && prev == TOK_DOT)
            type = TT_PROPERTY; /* a handle's member: g.count, b.speed 2 */
        else if (t.kind == TOK_NAME)
            type = query_name_token(p, &names, file, at, t.len, &mods);
        else if (t.kind == TOK_NUMBER)
            type = TT_NUMBER;
        else if (t.kind == TOK_STRING)
            type = TT_STRING;
        else if (t.kind >= TOK_ASSIGN && t.kind <= TOK_NE)
            type = TT_OPERATOR;
        if (type >= 0)
            query_token_push(&l, at, at + t.len, type, mods);
        prev = t.kind;
    }
    query_token_comments(&l, after, f->len);
    mem_free(names.items);
    diag_free(scratch);
    mem_free(scratch);
    return result;
}
