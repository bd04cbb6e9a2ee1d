/*
 * parser: recursive descent over the lexer's tokens. See parser.h.
 *
 * Errors: the first error of a statement is reported, then the parser skips to
 * the next line that starts a statement (or to a ';' or the closing '}'), so one
 * run reports every broken statement of a file without cascades.
 */
#include "pattern/language/parser.h"

#include "core/ease.h"
#include "pattern/language/lexer.h"
#include "pattern/language/ship_number.h"
#include "pattern/vm/vm.h"

#include <stdarg.h>
#include <string.h>

/* Levels of nesting: each block inside a block, each 'else if' of a chain, and
 * each '(' (a call's too), '-' and 'not' inside an expression is one. Guards the
 * C stack. */
#define PARSER_MAX_DEPTH  100
/* Binary operators on one path down an expression's tree: a chain `a + b + c`
 * has no nesting but is as deep a tree as it is long, and every pass over the
 * tree (the compiler's folding and code generation) recurses along it. */
#define PARSER_MAX_HEIGHT 1000

typedef struct parser {
    lexer lx;
    token tok;  /* current */
    token next; /* one token of lookahead */
    token prev; /* the last consumed */
    arena *ar;
    diag_list *diags;
    const char *path;
    int file;
    int panic;           /* an error was reported in this statement: stay quiet until resync */
    uint32_t error_line; /* line of that error */
    uint32_t stmt_col;   /* column of the statement being parsed in a block; 0 outside */
    int depth;
    uint32_t unclosed_line, unclosed_col; /* where a missing '}' was reported; 0 if none */
} parser;

/* The statements of pattern/language/words.h's table, then its verb statements. */
const char *const parser_statement_words[] = {
#define PARSER_STATEMENT_WORD(kind, class, word, syntax, doc) word,
    WORDS_STATEMENTS(PARSER_STATEMENT_WORD)
#undef PARSER_STATEMENT_WORD
#define PARSER_VERB_STATEMENT_WORD(id, word, operands, how, where, doc) word,
        WORD_VERBS(PARSER_VERB_STATEMENT_WORD)
#undef PARSER_VERB_STATEMENT_WORD
            NULL};

static const char *const parser_reserved[] = {
    "var",     "const",    "pattern",  "enemy",  "boss",  "stage", "phase", "if",
    "else",    "repeat",   "loop",     "while",  "wait",  "until", "fire",  "run",
    "thread",  "break",    "continue", "and",    "or",    "not",   "as",    "spawn",
    "midboss", "function", "return",   "shared", "laser", "ship",  "game",  NULL};

int parser_is_reserved(const char *word)
{
    for (int i = 0; parser_reserved[i]; i++)
        if (strcmp(parser_reserved[i], word) == 0)
            return 1;
    return 0;
}

/* The declarations of pattern/language/words.h's table. */
const char *const parser_decl_words[] = {
#define PARSER_DECL_WORD(kind, class, word, syntax, doc) word,
    WORDS_DECLARATIONS(PARSER_DECL_WORD)
#undef PARSER_DECL_WORD
        NULL};

/* ---- tokens ---- */

/* Token helpers: moving on, testing and taking the current token. */
static void parser_advance(parser *p)
{
    p->prev = p->tok;
    p->tok = p->next;
    p->next = lexer_next(&p->lx);
}

static int parser_at(const parser *p, tok_kind kind)
{
    return p->tok.kind == kind;
}

static int parser_at_word(const parser *p, const char *word)
{
    return lexer_is(&p->tok, word);
}

static int parser_accept(parser *p, tok_kind kind)
{
    if (!parser_at(p, kind))
        return 0;
    parser_advance(p);
    return 1;
}

static int parser_accept_word(parser *p, const char *word)
{
    if (!parser_at_word(p, word))
        return 0;
    parser_advance(p);
    return 1;
}

static ast_pos parser_pos(const token *t)
{
    return (ast_pos){t->line, t->col};
}

/* Describes a token for messages: 'word', a number, or its kind. */
static void parser_describe(const token *t, char *buf, size_t size)
{
    if (t->kind == TOK_NAME)
        snprintf(buf, size, "'%.*s'", (int)(t->len > 40 ? 40 : t->len), t->start);
    else if (t->kind == TOK_NUMBER)
        snprintf(buf, size, "the number %.*s", (int)(t->len > 20 ? 20 : t->len), t->start);
    else if (t->kind == TOK_STRING)
        snprintf(buf, size, "a string");
    else
        snprintf(buf, size, "%s", lexer_token_name(t->kind));
}

static void parser_error_at(parser *p, diag_code code, const token *t, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void parser_error_at(parser *p, diag_code code, const token *t, const char *fmt, ...)
{
    if (p->panic)
        return;
    p->panic = 1;
    p->error_line = t->line;
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    diag_report(p->diags, code, p->path, p->lx.src, p->lx.len, t->line, t->col, "%s", msg);
}

/* "expected X before Y" at the current token. */
static void parser_expected(parser *p, const char *what)
{
    char got[64];
    parser_describe(&p->tok, got, sizeof got);
    parser_error_at(p, DIAG_EXPECTED, &p->tok, "expected %s, found %s", what, got);
}

static int parser_expect(parser *p, tok_kind kind, const char *what)
{
    if (parser_accept(p, kind))
        return 1;
    parser_expected(p, what);
    return 0;
}

/* The current NAME token as a string in the arena (and consumes it). */
static const char *parser_take_name(parser *p)
{
    const char *s = arena_strndup(p->ar, p->tok.start, p->tok.len);
    parser_advance(p);
    return s ? s : "";
}

/* A name that can be declared: not reserved. Reports and returns NULL if not. */
static const char *parser_new_name(parser *p, const char *what)
{
    if (!parser_at(p, TOK_NAME)) {
        parser_expected(p, what);
        return NULL;
    }
    token t = p->tok;
    const char *name = parser_take_name(p);
    if (parser_is_reserved(name)) {
        parser_error_at(p, DIAG_RESERVED_NAME, &t, "'%s' is a reserved word and cannot name a %s",
                        name, what);
        return NULL;
    }
    return name;
}

/* A string literal's text, escapes resolved. */
static const char *parser_string(parser *p)
{
    const token *t = &p->tok;
    uint32_t n = t->len >= 2 ? t->len - 2 : 0;
    char *s = arena_alloc(p->ar, (size_t)n + 1);
    if (!s) {
        parser_advance(p);
        return "";
    }
    uint32_t o = 0;
    for (uint32_t i = 1; i <= n; i++) {
        char c = t->start[i];
        if (c == '\\' && i < n) {
            c = t->start[++i];
            if (c == 'n')
                c = '\n';
        }
        s[o++] = c;
    }
    s[o] = 0;
    parser_advance(p);
    return s;
}

/* text := STRING | NAME */
static const char *parser_text(parser *p)
{
    if (parser_at(p, TOK_STRING))
        return parser_string(p);
    if (parser_at(p, TOK_NAME))
        return parser_take_name(p);
    parser_expected(p, "a name or a string");
    return NULL;
}

/* Whether a token starts a statement / a declaration. `drop` is also a bullet
 * shape (`fire drop`, `effect drop`, `b.look drop`): it starts a statement
 * only where one starts (parser_statement), never ends a list of names. */
static int parser_is_statement_word(const token *t)
{
    if (lexer_is(t, "drop"))
        return 0;
    for (int i = 0; parser_statement_words[i]; i++)
        if (lexer_is(t, parser_statement_words[i]))
            return 1;
    return 0;
}

static int parser_is_decl_word(const token *t)
{
    for (int i = 0; parser_decl_words[i]; i++)
        if (lexer_is(t, parser_decl_words[i]))
            return 1;
    return 0;
}

/* After an error: skips to where the next statement can start (a ';', a '}'
 * closing this block, or a statement word or assignment first on its line), or
 * to a declaration first on its line, even the error's: a block missing its '}'
 * ends there (parser_block), and skipping it would lose the next declaration. */
static void parser_sync_statement(parser *p, ast_stmt *broken)
{
    int depth = 0;
    uint32_t error_line = p->error_line;
    while (!parser_at(p, TOK_EOF)) {
        /* `as NAME` of the broken statement: the name is kept (see parser_block) */
        if (broken && depth == 0 && !broken->as && parser_at_word(p, "as") &&
            p->next.kind == TOK_NAME) {
            parser_advance(p);
            broken->as_pos = parser_pos(&p->tok);
            broken->as = parser_take_name(p);
            continue;
        }
        if (p->tok.line > p->prev.line && parser_is_decl_word(&p->tok) &&
            !parser_at_word(p, "boss"))
            break;
        if (depth == 0 && parser_at(p, TOK_RBRACE))
            break;
        if (depth == 0 && parser_accept(p, TOK_SEMI))
            break;
        int first_on_line = p->tok.line > p->prev.line && p->tok.line > error_line;
        /* A name first on its line, no deeper than the broken statement, starts
         * the next one (a misspelt 'wiat' too); a deeper one continues it. */
        int name_at_margin = p->tok.kind == TOK_NAME && p->tok.col <= p->stmt_col;
        if (depth == 0 && first_on_line &&
            (parser_is_statement_word(&p->tok) || parser_is_decl_word(&p->tok) || name_at_margin ||
             (p->tok.kind == TOK_NAME &&
              (p->next.kind == TOK_ASSIGN || p->next.kind == TOK_PLUS_EQ ||
               p->next.kind == TOK_MINUS_EQ || p->next.kind == TOK_STAR_EQ ||
               p->next.kind == TOK_SLASH_EQ))))
            break;
        if (parser_at(p, TOK_LBRACE))
            depth++;
        else if (parser_at(p, TOK_RBRACE))
            depth--;
        parser_advance(p);
    }
    p->panic = 0;
}

/* After an error at the top level: skips to the next line starting a declaration. */
static void parser_sync_decl(parser *p)
{
    while (!parser_at(p, TOK_EOF)) {
        int first_on_line = p->tok.line > p->prev.line;
        if (first_on_line && parser_is_decl_word(&p->tok))
            break;
        parser_advance(p);
    }
    p->panic = 0;
}

/* ---- nodes ---- */

/* New nodes in the arena (NULL when it is out of memory). */
static ast_expr *parser_expr_node(parser *p, ast_expr_kind kind, ast_pos pos)
{
    ast_expr *e = arena_alloc(p->ar, sizeof *e);
    if (e) {
        e->kind = kind;
        e->pos = pos;
    }
    return e;
}

static ast_stmt *parser_stmt_node(parser *p, ast_stmt_kind kind, ast_pos pos)
{
    ast_stmt *s = arena_alloc(p->ar, sizeof *s);
    if (s) {
        s->kind = kind;
        s->pos = pos;
    }
    return s;
}

/* ---- expressions ---- */

static ast_expr *parser_expr(parser *p);

/* Enters one level of nesting (PARSER_MAX_DEPTH): deeply nested input must not
 * overflow the C stack. Every recursion of the grammar passes through one. */
static int parser_enter(parser *p)
{
    if (++p->depth > PARSER_MAX_DEPTH) {
        parser_error_at(p, DIAG_TOO_DEEP, &p->tok,
                        "nested too deeply: blocks and expressions nest at most %d levels (each "
                        "'{', '(', '-', 'not' and 'else if' inside another is one)",
                        PARSER_MAX_DEPTH);
        return 0;
    }
    return 1;
}

/* args := [ arg { ',' arg } ]      arg := [ NAME ':' ] expr      (after '(', up to ')') */
static ast_arg *parser_args(parser *p, int *count)
{
    ast_arg *head = NULL, **tail = &head;
    *count = 0;
    if (parser_accept(p, TOK_RPAREN))
        return NULL;
    do {
        ast_arg *a = arena_alloc(p->ar, sizeof *a);
        if (!a)
            return head;
        a->pos = parser_pos(&p->tok);
        if (parser_at(p, TOK_NAME) && p->next.kind == TOK_COLON) {
            a->name = parser_take_name(p);
            parser_advance(p); /* ':' */
        }
        a->value = parser_expr(p);
        *tail = a;
        tail = &a->next;
        (*count)++;
    } while (!p->panic && parser_accept(p, TOK_COMMA));
    parser_expect(p, TOK_RPAREN, "',' or ')'");
    return head;
}

/* What a handle's member read names, after its '.': e becomes EX_MEMBER. */
static void parser_member(parser *p, ast_expr *e)
{
    e->kind = EX_MEMBER;
    e->member_pos = parser_pos(&p->tok);
    if (parser_at(p, TOK_NAME))
        e->member = parser_take_name(p);
    else
        parser_expected(p, "what to read of the handle after '.' (x, speed, alive...)");
}

/* primary := NUMBER | NAME [ '(' args ')' ] | '(' expr ')' */
static ast_expr *parser_primary(parser *p)
{
    ast_pos pos = parser_pos(&p->tok);
    if (parser_at(p, TOK_NUMBER)) {
        ast_expr *e = parser_expr_node(p, EX_NUMBER, pos);
        if (e)
            e->number = p->tok.number;
        parser_advance(p);
        return e;
    }
    if (parser_at(p, TOK_NAME)) {
        char word[16];
        if (p->tok.len < sizeof word) {
            memcpy(word, p->tok.start, p->tok.len);
            word[p->tok.len] = 0;
            if (parser_is_reserved(word) && strcmp(word, "ship") != 0) {
                parser_expected(p, "a value"); /* `ship` is the ship flown */
                return NULL;
            }
        }
        ast_expr *e = parser_expr_node(p, EX_NAME, pos);
        const char *name = parser_take_name(p);
        if (!e)
            return NULL;
        e->name = name;
        if (parser_accept(p, TOK_DOT)) {
            parser_member(p, e);
        } else if (parser_accept(p, TOK_LBRACKET)) {
            if (!parser_enter(p))
                return NULL;
            e->kind = EX_INDEX;
            e->a = parser_expr(p);
            e->height = e->a ? e->a->height : 0;
            parser_expect(p, TOK_RBRACKET, "']'");
            p->depth--;
            if (!p->panic && parser_accept(p, TOK_DOT)) /* g[i].x: what a handle reads */
                parser_member(p, e);
        } else if (parser_at(p, TOK_LPAREN)) {
            if (!parser_enter(p))
                return NULL;
            parser_advance(p);
            e->kind = EX_CALL;
            e->args = parser_args(p, &e->nargs);
            for (const ast_arg *a = e->args; a; a = a->next)
                if (a->value && a->value->height > e->height)
                    e->height = a->value->height;
            p->depth--;
        }
        return e;
    }
    if (parser_at(p, TOK_LPAREN)) {
        if (!parser_enter(p))
            return NULL;
        parser_advance(p);
        ast_expr *e = parser_expr(p);
        parser_expect(p, TOK_RPAREN, "')'");
        p->depth--;
        return e;
    }
    parser_expected(p, "a value");
    return NULL;
}

/* A prefix operator (the current token) applied to what `operand` parses: one
 * nesting level, so a long run of them stops at the limit instead of the stack. */
static ast_expr *parser_prefix(parser *p, ast_op op, ast_expr *(*operand)(parser *))
{
    if (!parser_enter(p))
        return NULL;
    ast_pos pos = parser_pos(&p->tok);
    parser_advance(p);
    ast_expr *e = parser_expr_node(p, EX_UNARY, pos);
    if (e) {
        e->op = op;
        e->a = operand(p);
        e->height = e->a ? e->a->height : 0;
    }
    p->depth--;
    return e;
}

/* unary := '-' unary | primary */
static ast_expr *parser_unary(parser *p)
{
    if (!parser_at(p, TOK_MINUS))
        return parser_primary(p);
    return parser_prefix(p, AST_NEG, parser_unary);
}

/* A binary node for op at pos (the operator's token is p->prev). An operator
 * that makes the tree deeper than PARSER_MAX_HEIGHT is reported there. */
static ast_expr *parser_binary(parser *p, ast_op op, ast_pos pos, ast_expr *a, ast_expr *b)
{
    int ha = a ? a->height : 0, hb = b ? b->height : 0;
    int height = 1 + (ha > hb ? ha : hb);
    if (height > PARSER_MAX_HEIGHT) {
        token at = p->prev;
        at.line = pos.line;
        at.col = pos.col;
        parser_error_at(p, DIAG_TOO_DEEP, &at,
                        "expression too long: at most %d operators in a row (split it with "
                        "variables)",
                        PARSER_MAX_HEIGHT);
        return NULL;
    }
    ast_expr *e = parser_expr_node(p, EX_BINARY, pos);
    if (e) {
        e->op = op;
        e->a = a;
        e->b = b;
        e->height = height;
    }
    return e;
}

/* term := unary { ('*' | '/' | '%') unary } */
static ast_expr *parser_term(parser *p)
{
    ast_expr *e = parser_unary(p);
    for (;;) {
        ast_op op;
        if (parser_at(p, TOK_STAR))
            op = AST_MUL;
        else if (parser_at(p, TOK_SLASH))
            op = AST_DIV;
        else if (parser_at(p, TOK_PERCENT))
            op = AST_MOD;
        else
            return e;
        ast_pos pos = parser_pos(&p->tok);
        parser_advance(p);
        e = parser_binary(p, op, pos, e, parser_unary(p));
    }
}

/* sum := term { ('+' | '-') term } */
static ast_expr *parser_sum(parser *p)
{
    ast_expr *e = parser_term(p);
    for (;;) {
        ast_op op;
        if (parser_at(p, TOK_PLUS))
            op = AST_ADD;
        else if (parser_at(p, TOK_MINUS))
            op = AST_SUB;
        else
            return e;
        ast_pos pos = parser_pos(&p->tok);
        parser_advance(p);
        e = parser_binary(p, op, pos, e, parser_term(p));
    }
}

/* compare := sum [ ('<' | '<=' | '>' | '>=' | '==' | '!=') sum ] */
static ast_expr *parser_compare(parser *p)
{
    ast_expr *e = parser_sum(p);
    static const struct {
        tok_kind tok;
        ast_op op;
    } ops[] = {{TOK_LT, AST_LT}, {TOK_LE, AST_LE}, {TOK_GT, AST_GT},
               {TOK_GE, AST_GE}, {TOK_EQ, AST_EQ}, {TOK_NE, AST_NE}};
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) {
        if (parser_at(p, ops[i].tok)) {
            ast_pos pos = parser_pos(&p->tok);
            parser_advance(p);
            e = parser_binary(p, ops[i].op, pos, e, parser_sum(p));
            for (size_t k = 0; k < sizeof ops / sizeof ops[0]; k++)
                if (parser_at(p, ops[k].tok))
                    parser_error_at(p, DIAG_CHAINED_COMPARISON, &p->tok,
                                    "comparisons do not chain: write 'a < b and b < c'");
            return e;
        }
    }
    if (parser_at(p, TOK_ASSIGN))
        parser_error_at(p, DIAG_ASSIGN_IN_EXPR, &p->tok, "'=' assigns; to compare, write '=='");
    return e;
}

/* negation := 'not' negation | compare */
static ast_expr *parser_negation(parser *p)
{
    if (parser_at_word(p, "not"))
        return parser_prefix(p, AST_NOT, parser_negation);
    return parser_compare(p);
}

/* conjunction := negation { 'and' negation } */
static ast_expr *parser_conjunction(parser *p)
{
    ast_expr *e = parser_negation(p);
    while (parser_at_word(p, "and")) {
        ast_pos pos = parser_pos(&p->tok);
        parser_advance(p);
        e = parser_binary(p, AST_AND, pos, e, parser_negation(p));
    }
    return e;
}

/* expr := conjunction { 'or' conjunction } */
static ast_expr *parser_expr(parser *p)
{
    ast_expr *e = parser_conjunction(p);
    while (parser_at_word(p, "or")) {
        ast_pos pos = parser_pos(&p->tok);
        parser_advance(p);
        e = parser_binary(p, AST_OR, pos, e, parser_conjunction(p));
    }
    return e;
}

/* pair := '(' expr ',' expr ')' */
static void parser_pair(parser *p, ast_expr **x, ast_expr **y)
{
    if (!parser_expect(p, TOK_LPAREN, "'(' starting a pair (x, y)"))
        return;
    *x = parser_expr(p);
    parser_expect(p, TOK_COMMA, "','");
    *y = parser_expr(p);
    parser_expect(p, TOK_RPAREN, "')'");
}

/* ---- statements ---- */

/* query := ( 'bullets' | 'enemies' | 'lasers' | 'shots' ) 'near' ( expr expr | pair ) 'radius' expr
 * (after `for NAME in`): s->op is 1 + the kind (VM_QUERY_*), e0 e1 the
 * centre, e2 the radius. */
static void parser_query(parser *p, ast_stmt *s)
{
    for (int k = 0; k < VM_QUERY_COUNT && !s->op; k++)
        if (parser_at_word(p, vm_query_name((vm_query_kind)k)))
            s->op = 1 + k;
    if (!s->op) {
        parser_expected(p, "'bullets', 'enemies', 'lasers' or 'shots' before 'near'");
        return;
    }
    s->text = parser_take_name(p);
    parser_advance(p); /* near */
    if (parser_at(p, TOK_LPAREN)) {
        parser_pair(p, &s->e[0], &s->e[1]);
    } else {
        s->e[0] = parser_expr(p);
        if (!p->panic)
            s->e[1] = parser_expr(p);
    }
    if (!p->panic && !parser_accept_word(p, "radius"))
        parser_expected(p, "'radius' and how far from there (near X Y radius R)");
    if (!p->panic)
        s->e[2] = parser_expr(p);
}

static ast_stmt *parser_block(parser *p);
static ast_stmt *parser_statement(parser *p);

/* call := NAME [ '(' args ')' ]   (into s->name, s->args) */
static void parser_call(parser *p, ast_stmt *s, const char *what)
{
    if (!parser_at(p, TOK_NAME)) {
        parser_expected(p, what);
        return;
    }
    s->name_pos = parser_pos(&p->tok);
    s->name = parser_take_name(p);
    if (parser_accept(p, TOK_LPAREN))
        s->args = parser_args(p, &s->nargs);
}

static const char *const parser_clause_words[] = {
#define PARSER_CLAUSE_WORD(id, keyword, shape, applies, reg) keyword,
    AST_CLAUSES(PARSER_CLAUSE_WORD)
#undef PARSER_CLAUSE_WORD
};
static const char *const parser_clause_shapes[] = {
#define PARSER_CLAUSE_SHAPE(id, keyword, shape, applies, reg) shape,
    AST_CLAUSES(PARSER_CLAUSE_SHAPE)
#undef PARSER_CLAUSE_SHAPE
};

/* The fire clause a word names, or -1. */
static int parser_clause_kind(const token *t)
{
    for (int i = 0; i < CL_COUNT; i++)
        if (lexer_is(t, parser_clause_words[i]))
            return i;
    return -1;
}

/* clause := 'at' expr | 'aim' | 'speed' expr | 'ring' expr | 'arc' expr 'over' expr
 *         | 'spread' expr 'by' expr | 'stack' expr 'by' expr | 'from' pair
 *         | 'radius' expr | 'spin' expr | 'accel' expr | 'life' expr | 'velocity' pair
 *         | 'length' expr | 'width' expr | 'warn' expr | 'follow' */
static ast_clause *parser_clause(parser *p, int kind)
{
    ast_clause *c = arena_alloc(p->ar, sizeof *c);
    if (!c)
        return NULL;
    c->kind = (ast_clause_kind)kind;
    c->pos = parser_pos(&p->tok);
    parser_advance(p);
    const char *shape = parser_clause_shapes[kind];
    if (shape[0] == 'p') {
        parser_pair(p, &c->a, &c->b);
    } else if (shape[0] == 'e') {
        c->a = parser_expr(p);
        if (shape[1] == ' ') {
            const char *word = shape + 2;
            size_t n = strcspn(word, " ");
            char joiner[16];
            snprintf(joiner, sizeof joiner, "%.*s", (int)n, word);
            if (!parser_accept_word(p, joiner)) {
                char what[64];
                snprintf(what, sizeof what, "'%s' after the count of '%s'", joiner,
                         parser_clause_words[kind]);
                parser_expected(p, what);
                return c;
            }
            c->b = parser_expr(p);
        }
    }
    return c;
}

/* A clause that is also a statement word (speed, spin, accel, velocity, run)
 * starting a line no further right than the 'fire' still belongs to the fire,
 * as newlines are spaces, but reads like a statement of its own: a warning. */
static void parser_check_clause_line(parser *p, const ast_stmt *fire)
{
    if (p->tok.line == p->prev.line || p->tok.col > fire->pos.col ||
        !parser_is_statement_word(&p->tok))
        return;
    char what[64];
    if (parser_at_word(p, "run"))
        snprintf(what, sizeof what, "the bullets run the pattern, not this script");
    else
        snprintf(what, sizeof what, "the bullets' %.*s, not this object's", (int)p->tok.len,
                 p->tok.start);
    diag_report(p->diags, DIAG_CLAUSE_ON_NEW_LINE, p->path, p->lx.src, p->lx.len, p->tok.line,
                p->tok.col,
                "this '%.*s' continues the fire of line %u (%s): put ';' after the fire to "
                "make it a statement of its own, or indent it to show it continues the fire",
                (int)p->tok.len, p->tok.start, (unsigned)fire->pos.line, what);
}

/* A word on the fire's line that is no clause (nor 'as', 'run' or a statement
 * word, nor an assignment's name): most likely a misspelt clause. Reported with
 * the nearest clause, then skipped with its operands up to the next clause, so
 * that the volley's other clauses are still read and checked. 1 when it was one. */
static int parser_misspelt_clause(parser *p)
{
    if (!parser_at(p, TOK_NAME) || parser_is_statement_word(&p->tok) || parser_at_word(p, "as") ||
        parser_at_word(p, "run") || parser_at_word(p, "drop") || p->tok.line != p->prev.line ||
        p->next.kind == TOK_ASSIGN || p->panic)
        return 0;
    char *word = arena_strndup(p->ar, p->tok.start, p->tok.len);
    /* the names other languages give a volley's direction, and their slips */
    static const char *const direction[] = {"angle", "direction", "heading", "dir"};
    const char *near = word ? diag_suggest(word, parser_clause_words, CL_COUNT) : NULL;
    if (word && (diag_suggest(word, direction, 4) || strcmp(word, "angle") == 0 ||
                 strcmp(word, "direction") == 0 || strcmp(word, "heading") == 0))
        parser_error_at(p, DIAG_UNKNOWN_CLAUSE, &p->tok,
                        "unknown fire clause '%s' (a volley's direction is 'at': at DEGREES)",
                        word);
    else if (near)
        parser_error_at(p, DIAG_UNKNOWN_CLAUSE, &p->tok,
                        "unknown fire clause '%s' (did you mean '%s'?)", word, near);
    else
        parser_error_at(p, DIAG_UNKNOWN_CLAUSE, &p->tok, "unknown fire clause '%s'",
                        word ? word : "");
    uint32_t line = p->tok.line;
    parser_advance(p);
    while (!parser_at(p, TOK_EOF) && p->tok.line == line && !parser_at(p, TOK_LBRACE) &&
           !parser_at(p, TOK_RBRACE) && !parser_at(p, TOK_SEMI) && !parser_at_word(p, "as") &&
           !parser_at_word(p, "run") &&
           !(parser_at(p, TOK_NAME) && parser_clause_kind(&p->tok) >= 0))
        parser_advance(p);
    p->panic = 0;
    return 1;
}

/* [ 'as' NAME ]: the handle of what a fire or spawn makes, into s->as. */
static void parser_as(parser *p, ast_stmt *s)
{
    if (!parser_accept_word(p, "as"))
        return;
    s->as_pos = parser_pos(&p->tok);
    s->as = parser_new_name(p, "handle");
}

/* A colour written in quotes after a shape ("red"): a colour is a bare word.
 * Reported as such, then read as the colour it names, so nothing cascades. */
static void parser_quoted_colour(parser *p, ast_fire *f)
{
    token t = p->tok;
    ast_pos pos = parser_pos(&p->tok);
    const char *text = parser_string(p);
    parser_error_at(p, DIAG_UNKNOWN_COLOUR, &t,
                    "a colour is a bare word, without quotes: fire %s %s", f->shape,
                    text && text[0] ? text : "red");
    p->panic = 0;
    if (text && text[0]) {
        f->colour_pos = pos;
        f->colour = text;
    }
}

/* fire := ( 'fire' | 'laser' ) [ shape [ colour ] ] { clause } [ 'as' NAME ] [ block | 'run' call ]
 * (a laser's "shape" is its kind: straight or curvy) */
static ast_stmt *parser_fire(parser *p, ast_stmt *s)
{
    ast_fire *f = arena_alloc(p->ar, sizeof *f);
    if (!f)
        return s;
    s->fire = f;
    if (parser_at(p, TOK_STRING) && p->tok.line == p->prev.line) { /* fire "red" */
        token t = p->tok;
        const char *text = parser_string(p);
        parser_error_at(p, DIAG_UNKNOWN_COLOUR, &t,
                        "a colour is a bare word, without quotes, after the shape: %s %s",
                        s->op ? "laser straight" : "fire orb", text && text[0] ? text : "red");
        p->panic = 0;
    }
    if (parser_at(p, TOK_NAME) && parser_clause_kind(&p->tok) < 0 && !parser_at_word(p, "run") &&
        !parser_at_word(p, "as") && !parser_is_statement_word(&p->tok) &&
        p->tok.line == p->prev.line) {
        f->shape_pos = parser_pos(&p->tok);
        f->shape = parser_take_name(p);
        /* a word followed by a number is no colour: a misspelt clause, read below */
        if (parser_at(p, TOK_NAME) && parser_clause_kind(&p->tok) < 0 &&
            !parser_at_word(p, "run") && !parser_at_word(p, "as") &&
            !parser_is_statement_word(&p->tok) && p->tok.line == p->prev.line &&
            !(p->next.kind == TOK_NUMBER && p->next.line == p->tok.line)) {
            f->colour_pos = parser_pos(&p->tok);
            f->colour = parser_take_name(p);
        } else if (parser_at(p, TOK_STRING) && p->tok.line == p->prev.line) {
            parser_quoted_colour(p, f);
        }
    }
    ast_clause **tail = &f->clauses;
    for (;;) {
        int kind = parser_at(p, TOK_NAME) ? parser_clause_kind(&p->tok) : -1;
        if (kind < 0 && parser_misspelt_clause(p))
            continue; /* reported and skipped: the volley's other clauses are still read */
        if (kind < 0)
            break;
        parser_check_clause_line(p, s);
        ast_clause *c = parser_clause(p, kind);
        if (c) {
            *tail = c;
            tail = &c->next;
        }
        if (p->panic)
            return s;
    }
    parser_as(p, s);
    if (parser_at(p, TOK_LBRACE)) {
        f->has_body = 1;
        f->body = parser_block(p);
    } else if (parser_at_word(p, "run")) {
        parser_check_clause_line(p, s);
        parser_advance(p);
        f->run_pos = parser_pos(&p->tok);
        ast_stmt tmp = {0};
        parser_call(p, &tmp, "the name of a pattern to run");
        f->run = tmp.name;
        f->run_pos = tmp.name_pos;
        f->args = tmp.args;
        f->nargs = tmp.nargs;
    }
    return s;
}

/* Optional "over expr" of speed, turn, velocity and move. */
static ast_expr *parser_over(parser *p)
{
    return parser_accept_word(p, "over") ? parser_expr(p) : NULL;
}

static const char *const parser_eases[] = {
#define PARSER_EASE_WORD(id, name, curve) name,
    EASES(PARSER_EASE_WORD)
#undef PARSER_EASE_WORD
        NULL};

/* ease := 'linear' | 'smooth' | 'in' | 'out', after an 'over expr' (core/ease.h);
 * `fallback` when there is none. Another word on the same line that starts no
 * statement (nor an assignment) is a misspelt ease: reported. */
static int parser_ease(parser *p, const ast_expr *over, int fallback)
{
    if (!over)
        return fallback;
    for (int i = 0; parser_eases[i]; i++)
        if (parser_accept_word(p, parser_eases[i]))
            return i;
    tok_kind after = p->next.kind;
    if (parser_at(p, TOK_NAME) && !parser_is_statement_word(&p->tok) &&
        p->tok.line == p->prev.line && (after < TOK_ASSIGN || after > TOK_SLASH_EQ) &&
        after != TOK_LBRACKET) {
        char *word = arena_strndup(p->ar, p->tok.start, p->tok.len);
        const char *near = word ? diag_suggest(word, parser_eases, EASE_COUNT) : NULL;
        if (near)
            parser_error_at(p, DIAG_UNKNOWN_EASE, &p->tok, "unknown ease '%s' (did you mean '%s'?)",
                            word, near);
        else
            parser_error_at(p, DIAG_UNKNOWN_EASE, &p->tok,
                            "unknown ease '%s' (linear, smooth, in or out)", word ? word : "");
        parser_advance(p);
    }
    return fallback;
}

/* move := 'move' ('to' | 'by') pair [ 'over' expr [ ease ] ] */
static void parser_move(parser *p, ast_stmt *s)
{
    if (parser_accept_word(p, "to"))
        s->op = 0;
    else if (parser_accept_word(p, "by"))
        s->op = 1;
    else {
        parser_expected(p, "'to' or 'by' after 'move'");
        return;
    }
    parser_pair(p, &s->e[0], &s->e[1]);
    s->e[2] = parser_over(p);
    s->ease = parser_ease(p, s->e[2], EASE_SMOOTH); /* smooth by default: enemies glide */
}

/* { '+' ( STRING | term ) }: what is joined to a text after its first string
 * (a title's, a spell card's name), as a list of parts. */
static ast_arg *parser_joined(parser *p)
{
    ast_arg *head = NULL, **tail = &head;
    while (!p->panic && parser_accept(p, TOK_PLUS)) {
        ast_arg *a = arena_alloc(p->ar, sizeof *a);
        if (!a)
            return head;
        a->pos = parser_pos(&p->tok);
        a->joined = 1;
        if (parser_at(p, TOK_STRING))
            a->name = parser_string(p);
        else
            a->value = parser_term(p);
        *tail = a;
        tail = &a->next;
    }
    return head;
}

/* verb := WORD [ expr | text [ text ] ]: the operands of its row of
 * pattern/language/words.h's WORD_VERBS ('health' expr, 'look' text, 'title' text
 * [ text ], 'clear', ...) */
static void parser_verb(parser *p, ast_stmt *s, int verb)
{
    s->verb = (ast_verb_stmt)verb;
    const char *shape = words_verbs[verb].operands;
    if (shape[0] == 'e') {
        s->e[0] = parser_expr(p);
    } else if (shape[0] == 't') {
        s->name_pos = parser_pos(&p->tok); /* where the text is, for its errors */
        int quoted = parser_at(p, TOK_STRING);
        s->text = parser_text(p);
        if (shape[1] == 'T' && quoted) /* a title: texts may join parts */
            s->parts[0] = parser_joined(p);
        if (shape[1] == 'T' && parser_at(p, TOK_STRING)) {
            s->text2 = parser_string(p);
            s->parts[1] = parser_joined(p);
        }
    }
}

/* drops := 'drops' { ('power' | 'point' | 'bomb' | 'life') expr } */
static void parser_drops(parser *p, ast_stmt *s)
{
    static const char *const kinds[] = {"power", "point", "bomb", "life"};
    int any = 0;
    for (;;) {
        int k = -1;
        for (int i = 0; i < 4; i++)
            if (parser_at_word(p, kinds[i]))
                k = i;
        if (k < 0)
            break;
        parser_advance(p);
        s->e[k] = parser_expr(p);
        any = 1;
    }
    if (!any)
        parser_expected(p, "'power', 'point', 'bomb' or 'life' after 'drops'");
}

/* drop := 'drop' KIND [ expr ] [ 'at' '(' expr ',' expr ')' ]: the kind is
 * checked by the compiler; the count (default 1) is an expression on the
 * statement's line that does not start the next statement (`drop point
 * vanish` is two statements). */
static void parser_drop(parser *p, ast_stmt *s)
{
    s->name_pos = parser_pos(&p->tok);
    if (!parser_at(p, TOK_NAME) || p->tok.line != p->prev.line) {
        parser_expected(p, "an item kind after 'drop' (power, power_big, point, bomb, life, star)");
        return;
    }
    s->name = parser_take_name(p);
    /* a count: what follows on the line, unless it starts the next statement */
    int next_statement =
        parser_at(p, TOK_NAME) &&
        (parser_is_statement_word(&p->tok) || parser_at_word(p, "drop") ||
         p->next.kind == TOK_DOT || (p->next.kind >= TOK_ASSIGN && p->next.kind <= TOK_SLASH_EQ));
    if (p->tok.line == p->prev.line && !parser_at_word(p, "at") && !parser_at(p, TOK_RBRACE) &&
        !parser_at(p, TOK_SEMI) && !parser_at(p, TOK_EOF) && !next_statement)
        s->e[0] = parser_expr(p);
    if (!p->panic && parser_accept_word(p, "at"))
        parser_pair(p, &s->e[1], &s->e[2]);
}

/* One part of a text joined with '+': a string (into the arg's name) or a
 * term's expression (its value); joined marks a part after a '+'. NULL when
 * out of memory. */
static ast_arg *parser_text_part(parser *p, int joined)
{
    ast_arg *a = arena_alloc(p->ar, sizeof *a);
    if (!a)
        return NULL;
    a->pos = parser_pos(&p->tok);
    a->joined = joined;
    if (parser_at(p, TOK_STRING))
        a->name = parser_string(p);
    else
        a->value = parser_term(p);
    return a;
}
/* items := item { ',' item }: into s->args, counted in s->nargs. An item is an
 * expression, or with strings set also a STRING (kept in the arg's name). */
static void parser_items(parser *p, ast_stmt *s, int strings)
{
    ast_arg **tail = &s->args;
    do {
        ast_arg *a = arena_alloc(p->ar, sizeof *a);
        if (!a)
            return;
        a->pos = parser_pos(&p->tok);
        int text = strings && parser_at(p, TOK_STRING);
        if (text)
            a->name = parser_string(p);
        else
            a->value = parser_expr(p);
        *tail = a;
        tail = &a->next;
        s->nargs++;
        /* "text" + part + ...: parts joined without spaces (print's) */
        while (text && !p->panic && parser_accept(p, TOK_PLUS)) {
            ast_arg *j = parser_text_part(p, 1);
            if (!j)
                return;
            *tail = j;
            tail = &j->next;
            s->nargs++;
        }
    } while (!p->panic && parser_accept(p, TOK_COMMA));
}

/* array-values := '[' expr { ',' expr } ']'     (var NAME = [...]: an array) */
static void parser_array_values(parser *p, ast_stmt *s)
{
    s->op = 1;
    parser_advance(p); /* '[' */
    parser_items(p, s, 0);
    if (!p->panic)
        parser_expect(p, TOK_RBRACKET, "',' or ']'");
}

/* text := STRING { '+' ( STRING | term ) }: the parts of a line, into
 * s->args (a string in the arg's name, a number's expression in its value).
 * '+' joins: "wave " + i + 1 is "wave 11"; write "wave " + (i + 1) to add. */
static void parser_text_parts(parser *p, ast_stmt *s)
{
    ast_arg **tail = &s->args;
    if (!parser_at(p, TOK_STRING)) {
        parser_expected(p, "the line's text in quotes (\"...\")");
        return;
    }
    do {
        ast_arg *a = parser_text_part(p, 0);
        if (!a)
            return;
        *tail = a;
        tail = &a->next;
        s->nargs++;
    } while (!p->panic && parser_accept(p, TOK_PLUS));
}

/* say := 'say' [ NAME [ NAME ] ] text: a dialogue line of a character (with
 * an expression), or narration without a speaker. */
static void parser_say(parser *p, ast_stmt *s)
{
    if (parser_at(p, TOK_NAME)) {
        s->name_pos = parser_pos(&p->tok);
        s->name = parser_take_name(p);
        if (parser_at(p, TOK_NAME)) {
            s->target_pos = parser_pos(&p->tok);
            s->text = parser_take_name(p);
        }
    }
    parser_text_parts(p, s);
}

/* print := 'print' item { ',' item }      item := text | expr
 * (text: STRING { '+' ( STRING | term ) }, its parts joined without spaces) */
static void parser_print(parser *p, ast_stmt *s)
{
    parser_items(p, s, 1);
}

static const char *const parser_show_words[] = {
#define PARSER_SHOW_WORD(id, word, doc) word,
    VM_SHOW_KINDS(PARSER_SHOW_WORD)
#undef PARSER_SHOW_WORD
};
static const char *const parser_show_clause_words[] = {
#define PARSER_SHOW_CLAUSE(id, keyword, shape) keyword,
    AST_SHOW_CLAUSES(PARSER_SHOW_CLAUSE)
#undef PARSER_SHOW_CLAUSE
};
static const char *const parser_show_clause_shapes[] = {
#define PARSER_SHOW_SHAPE(id, keyword, shape) shape,
    AST_SHOW_CLAUSES(PARSER_SHOW_SHAPE)
#undef PARSER_SHOW_SHAPE
};

/* The show clause at the current token, or -1. */
static int parser_show_clause_kind(const parser *p)
{
    if (!parser_at(p, TOK_NAME))
        return -1;
    for (int k = 0; k < SC_COUNT; k++)
        if (lexer_is(&p->tok, parser_show_clause_words[k]))
            return k;
    return -1;
}

/* A word on the statement's line that is no clause, no statement: a name. */
static int parser_show_name_here(const parser *p)
{
    return parser_at(p, TOK_NAME) && parser_show_clause_kind(p) < 0 &&
           !parser_is_statement_word(&p->tok) && p->tok.line == p->prev.line;
}

/* show := 'effect' SHAPE [COLOUR] {clause} | ('flash' | 'tint') COLOUR {clause}
 *       | 'shake' expr {clause} | 'cutin' STRING [COLOUR] {clause}
 * clause := 'at' pair | 'move' pair | ('size' | 'grow' | 'over' | 'turn' | 'angle'
 *         | 'hold' | 'fade' | 'alpha' | 'after') expr | 'additive'
 *                                                          (each at most once) */
static void parser_show(parser *p, ast_stmt *s, int kind)
{
    ast_show *sh = arena_alloc(p->ar, sizeof *sh);
    if (!sh)
        return;
    memset(sh, 0, sizeof *sh);
    s->kind = ST_SHOW;
    s->show = sh;
    sh->kind = kind;
    if (kind == VM_SHOW_EFFECT || kind == VM_SHOW_FLASH || kind == VM_SHOW_TINT) {
        const char *what = kind == VM_SHOW_EFFECT ? "a shape after 'effect' (orb, star_large, an "
                                                    "art shape...)"
                                                  : "a colour (white, red, ...)";
        if (!parser_show_name_here(p)) {
            parser_expected(p, what);
            return;
        }
        ast_pos at = parser_pos(&p->tok);
        const char *word = parser_take_name(p);
        if (kind == VM_SHOW_EFFECT) {
            sh->shape = word, sh->shape_pos = at;
            if (parser_show_name_here(p)) {
                sh->colour_pos = parser_pos(&p->tok);
                sh->colour = parser_take_name(p);
            }
        } else {
            sh->colour = word, sh->colour_pos = at;
        }
    } else if (kind == VM_SHOW_SHAKE) {
        sh->value = parser_expr(p);
    } else if (kind == VM_SHOW_CUTIN) {
        s->name_pos = parser_pos(&p->tok);
        if (!parser_at(p, TOK_STRING)) {
            parser_expected(p, "the name a cut-in shows, a string (\"Firefly Sign\")");
            return;
        }
        sh->text = parser_string(p);
        if (parser_show_name_here(p)) {
            sh->colour_pos = parser_pos(&p->tok);
            sh->colour = parser_take_name(p);
        }
    }
    for (;;) {
        int k = parser_show_clause_kind(p);
        if (k < 0 || p->panic)
            break;
        if (p->tok.line != p->prev.line)
            break;
        if (sh->has[k]) {
            parser_error_at(p, DIAG_EXPECTED, &p->tok, "'%s' is given twice",
                            parser_show_clause_words[k]);
            return;
        }
        sh->has[k] = 1;
        sh->at[k] = parser_pos(&p->tok);
        parser_advance(p);
        const char *shape = parser_show_clause_shapes[k];
        if (shape[0] == 'p')
            parser_pair(p, &sh->a[k], &sh->b[k]);
        else if (shape[0] == 'e')
            sh->a[k] = parser_expr(p);
    }
    if (!p->panic && parser_at(p, TOK_NAME) && !parser_is_statement_word(&p->tok) &&
        !parser_at_word(p, "drop") && p->tok.line == p->prev.line && p->next.kind != TOK_ASSIGN) {
        char *word = arena_strndup(p->ar, p->tok.start, p->tok.len);
        const char *near = word ? diag_suggest(word, parser_show_clause_words, SC_COUNT) : NULL;
        if (near)
            parser_error_at(p, DIAG_UNKNOWN_CLAUSE, &p->tok,
                            "unknown '%s' clause '%s' (did you mean '%s'?)",
                            parser_show_words[kind], word, near);
        else
            parser_error_at(p, DIAG_UNKNOWN_CLAUSE, &p->tok, "unknown '%s' clause '%s'",
                            parser_show_words[kind], word ? word : "");
    }
}

/* The statement starting with the word at the current token. */
static void parser_keyword_statement(parser *p, ast_stmt *s)
{
    const token kw = p->tok;
    parser_advance(p);
    if (lexer_is(&kw, "var")) {
        s->kind = ST_VAR;
        s->name_pos = parser_pos(&p->tok);
        s->name = parser_new_name(p, "variable");
        if (parser_accept(p, TOK_LBRACKET)) {
            s->op = 1; /* var NAME[SIZE]: an array of zeros */
            s->e[1] = parser_expr(p);
            parser_expect(p, TOK_RBRACKET, "']'");
        } else if (parser_expect(p, TOK_ASSIGN, "'=' and the variable's first value")) {
            if (parser_at(p, TOK_LBRACKET))
                parser_array_values(p, s);
            else
                s->e[0] = parser_expr(p);
        }
    } else if (lexer_is(&kw, "wait")) {
        s->kind = ST_WAIT;
        if (parser_accept_word(p, "until"))
            s->kind = ST_WAIT_UNTIL;
        s->e[0] = parser_expr(p);
    } else if (lexer_is(&kw, "repeat") || lexer_is(&kw, "loop") || lexer_is(&kw, "while")) {
        s->kind = lexer_is(&kw, "repeat") ? ST_REPEAT : lexer_is(&kw, "loop") ? ST_LOOP : ST_WHILE;
        if (s->kind != ST_LOOP)
            s->e[0] = parser_expr(p);
        if (s->kind != ST_WHILE && parser_accept_word(p, "as")) {
            s->name_pos = parser_pos(&p->tok);
            s->name = parser_new_name(p, "loop counter");
        }
        s->body = parser_block(p);
    } else if (lexer_is(&kw, "if")) {
        s->kind = ST_IF;
        s->e[0] = parser_expr(p);
        s->body = parser_block(p);
        if (parser_accept_word(p, "else")) {
            if (parser_at_word(p, "if")) {
                /* an 'else if' chain recurses here and in the compiler */
                if (!parser_enter(p))
                    return;
                s->else_body = parser_statement(p);
                p->depth--;
            } else
                s->else_body = parser_block(p);
        }
    } else if (lexer_is(&kw, "break") || lexer_is(&kw, "continue")) {
        s->kind = lexer_is(&kw, "break") ? ST_BREAK : ST_CONTINUE;
    } else if (lexer_is(&kw, "fire") || lexer_is(&kw, "laser")) {
        s->kind = ST_FIRE;
        s->op = lexer_is(&kw, "laser");
        parser_fire(p, s);
    } else if (lexer_is(&kw, "run")) {
        s->kind = ST_RUN;
        parser_call(p, s, "the name of a pattern to run");
    } else if (lexer_is(&kw, "thread")) {
        s->kind = ST_THREAD;
        if (parser_at(p, TOK_LBRACE))
            s->body = parser_block(p), s->op = 1;
        else
            parser_call(p, s, "a pattern name or '{'");
    } else if (lexer_is(&kw, "speed")) {
        s->kind = ST_SPEED;
        s->e[0] = parser_expr(p);
        s->e[1] = parser_over(p);
        s->ease = parser_ease(p, s->e[1], EASE_LINEAR);
    } else if (lexer_is(&kw, "turn")) {
        s->kind = ST_TURN;
        if (parser_accept_word(p, "to"))
            s->op = 0;
        else if (parser_accept_word(p, "by"))
            s->op = 1;
        else
            parser_expected(p, "'to' or 'by' after 'turn'");
        s->e[0] = parser_expr(p);
        s->e[1] = parser_over(p);
        s->ease = parser_ease(p, s->e[1], EASE_LINEAR);
    } else if (lexer_is(&kw, "velocity")) {
        s->kind = ST_VELOCITY;
        parser_pair(p, &s->e[0], &s->e[1]);
        s->e[2] = parser_over(p);
        s->ease = parser_ease(p, s->e[2], EASE_LINEAR);
    } else if (lexer_is(&kw, "scale") || lexer_is(&kw, "alpha")) {
        s->kind = ST_STYLE;
        s->op = lexer_is(&kw, "alpha");
        s->e[0] = parser_expr(p);
        s->e[1] = parser_over(p);
        s->ease = parser_ease(p, s->e[1], EASE_LINEAR);
    } else if (lexer_is(&kw, "spin") || lexer_is(&kw, "accel")) {
        s->kind = lexer_is(&kw, "spin") ? ST_SPIN : ST_ACCEL;
        s->e[0] = parser_expr(p);
    } else if (lexer_is(&kw, "move")) {
        s->kind = ST_MOVE;
        parser_move(p, s);
    } else if (lexer_is(&kw, "vanish") || lexer_is(&kw, "stop")) {
        s->kind = lexer_is(&kw, "vanish") ? ST_VANISH : ST_STOP;
    } else if (lexer_is(&kw, "drops")) {
        s->kind = ST_DROPS;
        parser_drops(p, s);
    } else if (lexer_is(&kw, "drop")) {
        s->kind = ST_DROP;
        parser_drop(p, s);
    } else if (lexer_is(&kw, "spawn")) {
        s->kind = ST_SPAWN;
        parser_call(p, s, "the name of an enemy");
        if (parser_accept_word(p, "at"))
            parser_pair(p, &s->e[0], &s->e[1]);
        else
            parser_expected(p, "'at (x, y)'");
        if (!p->panic)
            parser_as(p, s);
    } else if (lexer_is(&kw, "say")) {
        s->kind = ST_SAY;
        parser_say(p, s);
    } else if (lexer_is(&kw, "on")) {
        /* on := 'on' ( 'cancel' | 'graze' | 'vanish' | 'death' | 'hit' ) block */
        s->kind = ST_ON;
        s->op = -1;
        for (int k = 0; k < VM_EVENT_COUNT && s->op < 0; k++)
            if (parser_accept_word(p, vm_event_name((vm_event_kind)k)))
                s->op = k;
        if (s->op < 0)
            parser_expected(p, "'cancel', 'graze', 'vanish' (a bullet's), 'death' or 'hit' (an "
                               "enemy's) after 'on'");
        else
            s->body = parser_block(p);
    } else if (lexer_is(&kw, "for")) {
        s->kind = ST_FOR;
        s->name_pos = parser_pos(&p->tok);
        s->name = parser_new_name(p, "handle");
        if (!p->panic && !parser_accept_word(p, "in"))
            parser_expected(p, "'in' and a group after 'for NAME'");
        if (!p->panic && parser_at(p, TOK_NAME) && lexer_is(&p->next, "near"))
            parser_query(p, s);
        else if (!p->panic)
            s->e[0] = parser_expr(p);
        s->body = parser_block(p);
    } else if (lexer_is(&kw, "return")) {
        s->kind = ST_RETURN;
        s->e[0] = parser_expr(p);
    } else if (lexer_is(&kw, "effect") || lexer_is(&kw, "flash") || lexer_is(&kw, "tint") ||
               lexer_is(&kw, "shake") || lexer_is(&kw, "cutin")) {
        for (int k = 0; k < VM_SHOW_KIND_COUNT; k++)
            if (lexer_is(&kw, parser_show_words[k]))
                parser_show(p, s, k);
    } else if (lexer_is(&kw, "print")) {
        s->kind = ST_PRINT;
        parser_print(p, s);
    } else if (lexer_is(&kw, "boss") || lexer_is(&kw, "midboss")) {
        s->kind = ST_BOSS;
        s->op = lexer_is(&kw, "midboss");
        s->name_pos = parser_pos(&p->tok);
        if (parser_at(p, TOK_NAME))
            s->name = parser_take_name(p);
        else
            parser_expected(p, "the name of a boss");
    } else {
        for (int v = 0; v < VS_COUNT; v++)
            if (lexer_is(&kw, words_verbs[v].word)) {
                s->kind = ST_VERB;
                parser_verb(p, s, v);
                return;
            }
    }
}

/* The statements a handle can be given (NAME.statement). */
static const char *const parser_target_words[] = {"speed", "turn",   "velocity", "spin", "accel",
                                                  "move",  "vanish", "thread",   "look", "hitbox",
                                                  "scale", "alpha",  NULL};

/* target := NAME [ '[' expr ']' ] '.' ( speed | turn | velocity | spin | accel | move
 *                    | vanish | thread | look SHAPE [ COLOUR ] | hitbox expr
 *                    | scale ... | alpha ... )
 * (called at the '.', s->target and its index already read) */
static void parser_target(parser *p, ast_stmt *s)
{
    parser_advance(p); /* '.' */
    int ok = 0;
    for (int i = 0; parser_target_words[i]; i++)
        ok |= parser_at_word(p, parser_target_words[i]);
    if (!ok) {
        parser_expected(p, "what to do with the handle after '.' (speed, turn, velocity, spin, "
                           "accel, move, vanish, thread, look, hitbox, scale, alpha)");
        return;
    }
    int look = parser_at_word(p, "look");
    parser_keyword_statement(p, s);
    /* a bullet's look: a shape and a colour (a laser's and an enemy's: one name) */
    if (look && !p->panic && parser_at(p, TOK_NAME) && p->tok.line == p->prev.line &&
        !parser_is_statement_word(&p->tok) && p->next.kind != TOK_DOT && p->next.kind != TOK_ASSIGN)
        s->text2 = parser_take_name(p);
}

/* statement := keyword-statement | NAME ('=' | '+=' | '-=' | '*=' | '/=') expr
 *            | target */
static ast_stmt *parser_statement(parser *p)
{
    ast_stmt *s = parser_stmt_node(p, ST_STOP, parser_pos(&p->tok));
    if (!s)
        return NULL;
    int assigns =
        parser_at(p, TOK_NAME) && (p->next.kind == TOK_ASSIGN || p->next.kind == TOK_PLUS_EQ ||
                                   p->next.kind == TOK_MINUS_EQ || p->next.kind == TOK_STAR_EQ ||
                                   p->next.kind == TOK_SLASH_EQ || p->next.kind == TOK_LBRACKET);
    if (parser_at(p, TOK_NAME) && p->next.kind == TOK_DOT) {
        s->target_pos = parser_pos(&p->tok);
        s->target = parser_take_name(p);
        parser_target(p, s);
    } else if (assigns && !parser_at_word(p, "var")) {
        s->kind = ST_ASSIGN;
        s->name_pos = parser_pos(&p->tok);
        s->name = parser_take_name(p);
        if (parser_accept(p, TOK_LBRACKET)) {
            s->e[1] = parser_expr(p);
            parser_expect(p, TOK_RBRACKET, "']'");
            if (!p->panic && parser_at(p, TOK_DOT)) { /* g[i].statement */
                s->kind = ST_STOP;
                s->target = s->name;
                s->target_pos = s->name_pos;
                s->target_index = s->e[1];
                s->name = NULL;
                s->e[1] = NULL;
                parser_target(p, s);
                return s;
            }
        }
        switch (p->tok.kind) {
        case TOK_PLUS_EQ: s->op = AST_ADD; break;
        case TOK_MINUS_EQ: s->op = AST_SUB; break;
        case TOK_STAR_EQ: s->op = AST_MUL; break;
        case TOK_SLASH_EQ: s->op = AST_DIV; break;
        case TOK_ASSIGN: s->op = -1; break;
        default: parser_expected(p, "'=', '+=', '-=', '*=' or '/='"); return s;
        }
        parser_advance(p);
        s->e[0] = parser_expr(p);
    } else if (parser_is_statement_word(&p->tok) || parser_at_word(p, "drop")) {
        parser_keyword_statement(p, s);
    } else if (parser_at(p, TOK_NAME)) {
        char *word = arena_strndup(p->ar, p->tok.start, p->tok.len);
        int nwords = 0;
        while (parser_statement_words[nwords])
            nwords++;
        const char *near = word ? diag_suggest(word, parser_statement_words, nwords) : NULL;
        if (word && strcmp(word, "as") == 0)
            parser_error_at(p, DIAG_HANDLE_MISUSE, &p->tok,
                            "'as NAME' keeps a handle only right after what 'fire', 'laser' or "
                            "'spawn' make (before a fire's block or 'run')");
        else if (word && parser_is_decl_word(&p->tok))
            parser_error_at(p, DIAG_DECL_IN_BLOCK, &p->tok,
                            "'%s' declares at the top of a file, not inside a block", word);
        else if (near)
            parser_error_at(p, DIAG_UNKNOWN_STATEMENT, &p->tok,
                            "unknown statement '%s' (did you mean '%s'?)", word ? word : "", near);
        else
            parser_error_at(p, DIAG_UNKNOWN_STATEMENT, &p->tok, "unknown statement '%s'",
                            word ? word : "");
    } else {
        parser_expected(p, "a statement");
    }
    return s;
}

/* The '}' closing a block or a boss whose '{' is `open`. A missing one is
 * reported once, naming the line of the innermost unclosed '{': the blocks
 * around it end at the same token and would only repeat the message. */
static void parser_close(parser *p, const token *open, const char *what)
{
    if (parser_accept(p, TOK_RBRACE))
        return;
    if (p->tok.line == p->unclosed_line && p->tok.col == p->unclosed_col) {
        p->panic = 1; /* already said */
        return;
    }
    p->unclosed_line = p->tok.line;
    p->unclosed_col = p->tok.col;
    char expected[96];
    snprintf(expected, sizeof expected, "'}' closing the %s opened on line %u", what,
             (unsigned)open->line);
    parser_expected(p, expected);
}

/* block := '{' { statement [ ';' ] } '}' */
static ast_stmt *parser_block(parser *p)
{
    token open = p->tok;
    if (!parser_expect(p, TOK_LBRACE, "'{'"))
        return NULL;
    if (!parser_enter(p))
        return NULL;
    ast_stmt *head = NULL, **tail = &head;
    uint32_t outer_col = p->stmt_col;
    while (!parser_at(p, TOK_RBRACE) && !parser_at(p, TOK_EOF)) {
        if (parser_accept(p, TOK_SEMI))
            continue;
        if (parser_is_decl_word(&p->tok) && !parser_at_word(p, "boss") &&
            p->tok.line > p->prev.line) {
            /* most likely a missing '}' before the next declaration */
            break;
        }
        ast_pos start = parser_pos(&p->tok);
        p->stmt_col = p->tok.col;
        ast_stmt *s = parser_statement(p);
        /* A statement with a syntax error becomes ST_BROKEN, except a var: its
         * name is kept so later uses do not report it unknown as well; so is
         * the handle a broken fire, laser or spawn keeps (`as NAME`). */
        ast_stmt *keeps = NULL;
        if (p->panic && !(s && s->kind == ST_VAR && s->name)) {
            int kept = s && (s->kind == ST_FIRE || s->kind == ST_SPAWN);
            const char *as = kept ? s->as : NULL;
            ast_pos as_pos = kept ? s->as_pos : start;
            s = parser_stmt_node(p, ST_BROKEN, start);
            if (s && kept) {
                s->as = as;
                s->as_pos = as_pos;
                keeps = s;
            }
        }
        if (s) {
            if (p->panic)
                s->e[0] = NULL;
            *tail = s;
            tail = &s->next;
        }
        if (p->panic)
            parser_sync_statement(p, keeps);
        if (p->ar->failed)
            break;
    }
    p->stmt_col = outer_col;
    parser_close(p, &open, "block");
    p->depth--;
    return head;
}

/* ---- declarations ---- */

/* params := [ '(' [ param { ',' param } ] ')' ]      param := NAME [ '=' expr ] */
static ast_param *parser_params(parser *p, int *count)
{
    ast_param *head = NULL, **tail = &head;
    *count = 0;
    if (!parser_accept(p, TOK_LPAREN))
        return NULL;
    if (parser_accept(p, TOK_RPAREN))
        return NULL;
    do {
        ast_param *a = arena_alloc(p->ar, sizeof *a);
        if (!a)
            return head;
        a->pos = parser_pos(&p->tok);
        a->name = parser_new_name(p, "parameter");
        if (!a->name)
            break;                            /* reported; a parameter without a name is not kept */
        if (parser_accept(p, TOK_LBRACKET)) { /* NAME[]: an array, by reference */
            a->array = 1;
            parser_expect(p, TOK_RBRACKET, "']' (an array parameter is written NAME[])");
        }
        if (parser_accept(p, TOK_ASSIGN))
            a->def = parser_expr(p);
        *tail = a;
        tail = &a->next;
        (*count)++;
    } while (!p->panic && parser_accept(p, TOK_COMMA));
    parser_expect(p, TOK_RPAREN, "',' or ')'");
    return head;
}

/* phase := 'phase' [ STRING { '+' part } ] { 'spell' | 'time' expr | 'health' expr
 *          | 'bonus' expr } block */
static ast_phase *parser_phase(parser *p)
{
    ast_phase *ph = arena_alloc(p->ar, sizeof *ph);
    if (!ph)
        return NULL;
    ph->pos = parser_pos(&p->prev);
    if (parser_at(p, TOK_STRING)) {
        ph->title = parser_string(p);
        ph->title_parts = parser_joined(p);
    }
    for (;;) {
        token t = p->tok;
        ast_expr **slot = NULL;
        if (parser_accept_word(p, "spell")) {
            if (ph->spell)
                parser_error_at(p, DIAG_DUPLICATE_PROPERTY, &t, "'spell' is given twice");
            ph->spell = 1;
            continue;
        }
        if (parser_accept_word(p, "time"))
            slot = &ph->time;
        else if (parser_accept_word(p, "health"))
            slot = &ph->health;
        else if (parser_accept_word(p, "bonus"))
            slot = &ph->bonus;
        else
            break;
        if (*slot)
            parser_error_at(p, DIAG_DUPLICATE_PROPERTY, &t, "'%.*s' is given twice", (int)t.len,
                            t.start);
        *slot = parser_expr(p);
    }
    if (!parser_at(p, TOK_LBRACE))
        parser_expected(p, "'spell', 'time', 'health', 'bonus' or '{'");
    ph->body = parser_block(p);
    return ph;
}

/* 'character' NAME in a boss or a ship: the character it is (its portraits
 * and its name in dialogue). */
static void parser_character_clause(parser *p, ast_decl *d, const token *t)
{
    if (d->character)
        parser_error_at(p, DIAG_DUPLICATE_PROPERTY, t, "'character' is given twice");
    d->character_pos = parser_pos(&p->tok);
    if (!parser_at(p, TOK_NAME)) {
        parser_expected(p, "the name of a character");
        return;
    }
    d->character = parser_take_name(p);
}

/* boss := 'boss' NAME '{' { 'name' STRING | 'look' text | 'character' NAME
 *                        | 'spell_background' text | phase } '}' */
static void parser_boss(parser *p, ast_decl *d)
{
    token open = p->tok;
    if (!parser_expect(p, TOK_LBRACE, "'{'"))
        return;
    ast_phase **tail = &d->phases;
    while (!parser_at(p, TOK_RBRACE) && !parser_at(p, TOK_EOF)) {
        if (parser_is_decl_word(&p->tok) && !parser_at_word(p, "boss") &&
            !parser_at_word(p, "character") && p->tok.line > p->prev.line)
            break; /* most likely a missing '}' before the next declaration */
        token t = p->tok;
        if (parser_accept_word(p, "name")) {
            if (d->title)
                parser_error_at(p, DIAG_DUPLICATE_PROPERTY, &t, "'name' is given twice");
            else if (parser_at(p, TOK_STRING))
                d->title = parser_string(p);
            else
                parser_expected(p, "the boss's name as a string");
        } else if (parser_accept_word(p, "look")) {
            if (d->look)
                parser_error_at(p, DIAG_DUPLICATE_PROPERTY, &t, "'look' is given twice");
            d->look_pos = parser_pos(&p->tok);
            d->look = parser_text(p);
        } else if (parser_accept_word(p, "spell_background")) {
            if (d->spell_background)
                parser_error_at(p, DIAG_DUPLICATE_PROPERTY, &t,
                                "'spell_background' is given twice");
            d->spell_background_pos = parser_pos(&p->tok);
            d->spell_background = parser_text(p);
        } else if (parser_accept_word(p, "character")) {
            parser_character_clause(p, d, &t);
        } else if (parser_accept_word(p, "phase")) {
            ast_phase *ph = parser_phase(p);
            if (ph) {
                *tail = ph;
                tail = &ph->next;
                d->nphases++;
            }
        } else if (!parser_accept(p, TOK_SEMI)) {
            parser_expected(p, "'name', 'look', 'character', 'spell_background' or 'phase' in a "
                               "boss");
        }
        if (p->panic)
            parser_sync_statement(p, NULL);
        if (p->ar->failed)
            return;
    }
    parser_close(p, &open, "boss");
}

static const char *const parser_ship_numbers[] = {
#define PARSER_SHIP_NUMBER(id, keyword, def, doc) keyword,
    SHIP_NUMBERS(PARSER_SHIP_NUMBER)
#undef PARSER_SHIP_NUMBER
};

/* The ship number named by the current token, or -1. */
static int parser_ship_number(const parser *p)
{
    for (int i = 0; i < SHIP_NUMBER_COUNT; i++)
        if (parser_at_word(p, parser_ship_numbers[i]))
            return i;
    return -1;
}

/* item := NUMBER_WORD expr | 'option' expr pair 'focused' pair
 *       | 'shot' expr [ 'focused' ] block | 'bomb' block
 * (after 'name' and 'look', handled by parser_ship) */
static ast_ship_item *parser_ship_item(parser *p)
{
    ast_ship_item *it = arena_alloc(p->ar, sizeof *it);
    if (!it)
        return NULL;
    it->pos = parser_pos(&p->tok);
    int number = parser_ship_number(p);
    if (number >= 0) {
        parser_advance(p);
        it->kind = SHIP_NUMBER;
        it->number = number;
        it->e[0] = parser_expr(p);
    } else if (parser_accept_word(p, "option")) {
        it->kind = SHIP_OPTION;
        it->e[0] = parser_expr(p);
        parser_pair(p, &it->e[1], &it->e[2]);
        if (!parser_accept_word(p, "focused"))
            parser_expected(p, "'focused' and the option's place while focused");
        else
            parser_pair(p, &it->e[3], &it->e[4]);
    } else if (parser_accept_word(p, "shot")) {
        it->kind = SHIP_SHOT;
        it->e[0] = parser_expr(p);
        it->focused = parser_accept_word(p, "focused");
        it->body = parser_block(p);
    } else if (parser_accept_word(p, "bomb")) {
        it->kind = SHIP_BOMB;
        it->body = parser_block(p);
    } else {
        parser_expected(
            p, "a ship's 'name', 'look', 'about', number ('speed', 'hitbox'...), 'option', "
               "'shot', 'bomb' or 'type'");
        return NULL;
    }
    return it;
}

/* A string after 'name' or 'about' in a shot type, into *slot (once). */
static void parser_type_text(parser *p, const token *t, const char **slot, const char *what)
{
    if (*slot)
        parser_error_at(p, DIAG_DUPLICATE_PROPERTY, t, "'%.*s' is given twice", (int)t->len,
                        t->start);
    else if (parser_at(p, TOK_STRING))
        *slot = parser_string(p);
    else
        parser_expected(p, what);
}

/* type := 'type' NAME '{' { 'name' STRING | 'about' STRING | item } '}'
 * (after 'type'): one of the ship's shot types. */
static ast_ship_item *parser_ship_type(parser *p, ast_pos pos)
{
    ast_ship_item *ty = arena_alloc(p->ar, sizeof *ty);
    if (!ty)
        return NULL;
    ty->kind = SHIP_TYPE;
    ty->pos = pos;
    ty->name_pos = parser_pos(&p->tok);
    if (!parser_at(p, TOK_NAME)) {
        parser_expected(p, "the shot type's name");
        return NULL;
    }
    ty->name = parser_take_name(p);
    token open = p->tok;
    if (!parser_expect(p, TOK_LBRACE, "'{'"))
        return NULL;
    ast_ship_item **tail = &ty->items;
    while (!parser_at(p, TOK_RBRACE) && !parser_at(p, TOK_EOF)) {
        if (parser_is_decl_word(&p->tok) && p->tok.line > p->prev.line)
            break; /* most likely a missing '}' before the next declaration */
        token t = p->tok;
        if (parser_accept(p, TOK_SEMI))
            continue;
        if (parser_accept_word(p, "name")) {
            parser_type_text(p, &t, &ty->title, "the shot type's name as a string");
        } else if (parser_accept_word(p, "about")) {
            parser_type_text(p, &t, &ty->about, "a line about the shot type as a string");
        } else if (parser_at_word(p, "type")) {
            parser_expected(p, "a shot type's 'name', 'about', numbers, 'option', 'shot' or "
                               "'bomb' (a type is not inside another)");
        } else {
            ast_ship_item *it = parser_ship_item(p);
            if (it && !p->panic) {
                *tail = it;
                tail = &it->next;
            }
        }
        if (p->panic)
            parser_sync_statement(p, NULL);
        if (p->ar->failed)
            return NULL;
    }
    parser_close(p, &open, "type");
    return ty;
}

/* ship := 'ship' NAME '{' { 'name' STRING | 'look' text | 'option_look' text |
 *                         'about' STRING | 'character' NAME | item | type } '}' */
static void parser_ship(parser *p, ast_decl *d)
{
    token open = p->tok;
    if (!parser_expect(p, TOK_LBRACE, "'{'"))
        return;
    ast_ship_item **tail = &d->items;
    while (!parser_at(p, TOK_RBRACE) && !parser_at(p, TOK_EOF)) {
        if (parser_is_decl_word(&p->tok) && !parser_at_word(p, "character") &&
            p->tok.line > p->prev.line)
            break; /* most likely a missing '}' before the next declaration */
        token t = p->tok;
        if (parser_accept(p, TOK_SEMI))
            continue;
        if (parser_accept_word(p, "name")) {
            if (d->title)
                parser_error_at(p, DIAG_DUPLICATE_PROPERTY, &t, "'name' is given twice");
            else if (parser_at(p, TOK_STRING))
                d->title = parser_string(p);
            else
                parser_expected(p, "the ship's name as a string");
        } else if (parser_accept_word(p, "look")) {
            if (d->look)
                parser_error_at(p, DIAG_DUPLICATE_PROPERTY, &t, "'look' is given twice");
            d->look_pos = parser_pos(&p->tok);
            d->look = parser_text(p);
        } else if (parser_accept_word(p, "option_look")) {
            if (d->option_look)
                parser_error_at(p, DIAG_DUPLICATE_PROPERTY, &t, "'option_look' is given twice");
            d->option_look_pos = parser_pos(&p->tok);
            d->option_look = parser_text(p);
        } else if (parser_accept_word(p, "about")) {
            if (d->about)
                parser_error_at(p, DIAG_DUPLICATE_PROPERTY, &t, "'about' is given twice");
            else if (parser_at(p, TOK_STRING))
                d->about = parser_string(p);
            else
                parser_expected(p, "a line about the ship as a string");
        } else if (parser_accept_word(p, "character")) {
            parser_character_clause(p, d, &t);
        } else if (parser_accept_word(p, "type")) {
            ast_ship_item *it = parser_ship_type(p, parser_pos(&t));
            if (it && !p->panic) {
                *tail = it;
                tail = &it->next;
            }
        } else {
            ast_ship_item *it = parser_ship_item(p);
            if (it && !p->panic) {
                *tail = it;
                tail = &it->next;
            }
        }
        if (p->panic)
            parser_sync_statement(p, NULL);
        if (p->ar->failed)
            return;
    }
    parser_close(p, &open, "ship");
}

/* Whether the word here begins a game's `extra NAME`: `extra` after a stage of
 * the list and before a name. Elsewhere it is a stage's name (`stages extra`,
 * `stages a extra }`: a stage may be called extra). */
static int parser_game_extra(const parser *p, const ast_decl *d)
{
    return d->nstages > 0 && parser_at_word(p, "extra") && p->next.kind == TOK_NAME;
}

/* game := 'game' NAME '{' 'stages' NAME { NAME } [ 'extra' NAME ] '}': the
 * word `extra` followed by a name ends the list of stages and names the Extra
 * stage, which a normal run does not play. */
static void parser_game(parser *p, ast_decl *d)
{
    token open = p->tok;
    if (!parser_expect(p, TOK_LBRACE, "'{'"))
        return;
    if (!parser_accept_word(p, "stages")) {
        parser_expected(p, "'stages' and the names of the game's stages, in order");
        return;
    }
    ast_name_list **tail = &d->stages;
    while ((parser_at(p, TOK_NAME) && !parser_game_extra(p, d)) || parser_at(p, TOK_COMMA)) {
        if (parser_accept(p, TOK_COMMA))
            continue;
        ast_name_list *n = arena_alloc(p->ar, sizeof *n);
        if (!n)
            return;
        n->pos = parser_pos(&p->tok);
        n->name = parser_take_name(p);
        *tail = n;
        tail = &n->next;
        d->nstages++;
    }
    if (d->nstages == 0) {
        parser_expected(p, "the name of a stage after 'stages'");
        return;
    }
    if (parser_game_extra(p, d)) {
        parser_advance(p);
        d->extra_pos = parser_pos(&p->tok);
        d->extra = parser_take_name(p);
    }
    parser_close(p, &open, "game");
}

/* bulletml := 'bulletml' NAME '{' { 'look' [STRING] SHAPE [COLOUR] } '}': the
 * looks of NAME.xml's bullets (names are checked by the library, which knows
 * the shapes and the file). */
static void parser_bulletml(parser *p, ast_decl *d)
{
    token open = p->tok;
    if (!parser_expect(p, TOK_LBRACE, "'{'"))
        return;
    ast_look_rule **tail = &d->looks;
    while (parser_at_word(p, "look")) {
        ast_look_rule *r = arena_alloc(p->ar, sizeof *r);
        if (!r)
            return;
        r->pos = parser_pos(&p->tok);
        parser_advance(p);
        if (parser_at(p, TOK_STRING)) {
            r->label_pos = parser_pos(&p->tok);
            r->label = parser_string(p);
        }
        if (!parser_at(p, TOK_NAME)) {
            parser_expected(p, "a bullet shape after 'look'");
            return;
        }
        r->shape_pos = parser_pos(&p->tok);
        r->shape = parser_take_name(p);
        if (parser_at(p, TOK_NAME) && !parser_at_word(p, "look") && p->tok.line == p->prev.line) {
            r->colour_pos = parser_pos(&p->tok);
            r->colour = parser_take_name(p);
        }
        *tail = r;
        tail = &r->next;
    }
    parser_close(p, &open, "bulletml");
}

/* A number of an art shape's clause (whole pixels or a hitbox), written as a
 * literal; *ok turns 0 and the error is reported when there is none. */
static double parser_art_number(parser *p, const char *what, int *ok)
{
    if (!parser_at(p, TOK_NUMBER)) {
        parser_expected(p, what);
        *ok = 0;
        return 0;
    }
    double v = p->tok.number;
    parser_advance(p);
    return v;
}

/* One clause of an art shape; 0 when the current word is none (the shape ends). */
static int parser_art_clause(parser *p, ast_art_shape *s, int *ok)
{
    if (parser_at_word(p, "frame")) {
        parser_advance(p);
        s->frame_pos = parser_pos(&p->tok);
        s->w = parser_art_number(p, "the frame's width in pixels", ok);
        s->frame_h_pos = parser_pos(&p->tok);
        if (*ok)
            s->h = parser_art_number(p, "the frame's height in pixels", ok);
        s->has_frame = 1;
    } else if (parser_at_word(p, "at")) {
        parser_advance(p);
        s->at_pos = parser_pos(&p->tok);
        s->x = parser_art_number(p, "the frame's left edge in the sheet, in pixels", ok);
        if (*ok)
            s->y = parser_art_number(p, "the frame's top edge in the sheet, in pixels", ok);
    } else if (parser_at_word(p, "hitbox")) {
        parser_advance(p);
        s->hitbox_pos = parser_pos(&p->tok);
        s->hitbox = parser_art_number(p, "the hitbox radius in pixels", ok);
        s->has_hitbox = 1;
    } else if (parser_at_word(p, "turns") || parser_at_word(p, "upright")) {
        s->turns = parser_at_word(p, "turns");
        parser_advance(p);
    } else if (parser_at_word(p, "additive")) {
        s->additive = 1;
        parser_advance(p);
    } else if (parser_at_word(p, "frames")) {
        parser_advance(p);
        s->frames_pos = parser_pos(&p->tok);
        s->frames = parser_art_number(p, "how many frames the animation has, in a row", ok);
        s->has_frames = 1;
    } else if (parser_at_word(p, "every")) {
        parser_advance(p);
        s->every_pos = parser_pos(&p->tok);
        s->every = parser_art_number(p, "how many ticks each frame shows", ok);
        s->has_every = 1;
    } else if (parser_at_word(p, "once")) {
        s->once = 1;
        parser_advance(p);
    } else if (parser_at_word(p, "portrait")) {
        s->portrait = 1;
        s->portrait_pos = parser_pos(&p->tok);
        parser_advance(p);
    } else {
        return 0;
    }
    return 1;
}

/* The clauses of an art shape, for did-you-mean. */
static const char *const parser_art_words[] = {"frame",    "at",     "hitbox", "turns", "upright",
                                               "additive", "frames", "every",  "once",  "portrait"};

/* A declaration's word at the start of a line: the art block lacks its '}'. */
static int parser_art_block_ends(const parser *p)
{
    return parser_is_decl_word(&p->tok) && p->tok.line > p->prev.line;
}

/* After an error in a shape's clauses: skips to the next line's 'shape' or the
 * block's '}' and listens again, so one typo loses neither the shape nor the
 * shapes after it. */
static void parser_art_sync(parser *p)
{
    while (
        !parser_at(p, TOK_EOF) && !parser_at(p, TOK_RBRACE) &&
        !(p->tok.line > p->prev.line && (parser_at_word(p, "shape") || parser_art_block_ends(p))))
        parser_advance(p);
    p->panic = 0;
}

/* The clauses of one shape. A word that is none on the shape's line is a
 * misspelt clause: reported with the nearest, the shape marked broken (its
 * missing clauses are not reported again). */
static void parser_art_clauses(parser *p, ast_art_shape *s)
{
    for (;;) {
        int ok = 1;
        while (ok && parser_art_clause(p, s, &ok))
            ;
        if (!ok) {
            s->broken = 1;
            parser_art_sync(p);
            return;
        }
        if (!parser_at(p, TOK_NAME) || parser_at_word(p, "shape") || p->tok.line != p->prev.line)
            return;
        char *word = arena_strndup(p->ar, p->tok.start, p->tok.len);
        const char *near =
            word ? diag_suggest(word, parser_art_words,
                                (int)(sizeof parser_art_words / sizeof parser_art_words[0]))
                 : NULL;
        char hint[128];
        snprintf(hint, sizeof hint,
                 near ? " (did you mean '%s'?)"
                      : " (a shape takes frame, at, hitbox, turns, upright, additive, frames, "
                        "every, once or portrait)",
                 near);
        parser_error_at(p, DIAG_BAD_ART, &p->tok, "unknown art clause '%s'%s", word ? word : "",
                        hint);
        s->broken = 1;
        parser_advance(p);
        while (parser_at(p, TOK_NUMBER) && p->tok.line == p->prev.line)
            parser_advance(p); /* the misspelt clause's numbers */
        p->panic = 0;
    }
}

/* art := 'art' NAME STRING '{' { 'shape' NAME clause... } '}': a PNG sheet of
 * the mod and the bullet shapes cut from it (numbers, names and the sheet are
 * checked by pattern/content/art.c, which knows the shapes and the files). */
static void parser_art(parser *p, ast_decl *d)
{
    if (!parser_at(p, TOK_STRING)) {
        parser_expected(p, "the sheet's file name in quotes (\"bullets.png\")");
        return;
    }
    d->sheet_pos = parser_pos(&p->tok);
    d->sheet = parser_string(p);
    token open = p->tok;
    if (!parser_expect(p, TOK_LBRACE, "'{'"))
        return;
    ast_art_shape **tail = &d->shapes;
    for (;;) {
        if (!parser_at_word(p, "shape") && !parser_at(p, TOK_RBRACE) && !parser_at(p, TOK_EOF) &&
            !parser_art_block_ends(p)) {
            parser_expected(p, "'shape', or frame, at, hitbox, turns, upright, additive, "
                               "frames, every, once or portrait after a shape's name");
            parser_art_sync(p); /* the shapes after it are still read */
        }
        if (!parser_at_word(p, "shape"))
            break;
        ast_art_shape *s = arena_alloc(p->ar, sizeof *s);
        if (!s)
            return;
        s->pos = parser_pos(&p->tok);
        parser_advance(p);
        s->name_pos = parser_pos(&p->tok);
        s->name = parser_new_name(p, "bullet shape");
        if (!s->name)
            return;
        parser_art_clauses(p, s);
        *tail = s; /* kept even when broken: its uses must not cascade */
        tail = &s->next;
    }
    parser_close(p, &open, "art");
}

/* The options of a backdrop's layer, for did-you-mean. */
static const char *const parser_layer_words[] = {"tile",  "at",   "scroll", "rotate", "turn",
                                                 "scale", "tint", "alpha",  "fade",   "additive"};

/* A number of a backdrop's layer, a literal with an optional '-'; *ok turns 0
 * and the error is reported when there is none. */
static double parser_layer_number(parser *p, const char *what, int *ok)
{
    int minus = parser_accept(p, TOK_MINUS);
    if (!*ok || !parser_at(p, TOK_NUMBER)) {
        if (*ok)
            parser_expected(p, what);
        *ok = 0;
        return 0;
    }
    double v = p->tok.number;
    parser_advance(p);
    return minus ? -v : v;
}

/* A colour of a backdrop's layer: '(' R ',' G ',' B ')'. */
static void parser_layer_colour(parser *p, double rgb[3], int *ok)
{
    if (!parser_expect(p, TOK_LPAREN, "a colour '(R, G, B)'")) {
        *ok = 0;
        return;
    }
    for (int i = 0; i < 3 && *ok; i++) {
        rgb[i] = parser_layer_number(p, "a colour's part, 0 to 255", ok);
        if (*ok && !parser_expect(p, i < 2 ? TOK_COMMA : TOK_RPAREN, i < 2 ? "','" : "')'"))
            *ok = 0;
    }
}

/* A place of a backdrop's layer: X Y or '(' X ',' Y ')'. */
static void parser_layer_pair(parser *p, double *x, double *y, const char *what, int *ok)
{
    int paren = parser_accept(p, TOK_LPAREN);
    *x = parser_layer_number(p, what, ok);
    if (paren && *ok && !parser_expect(p, TOK_COMMA, "','"))
        *ok = 0;
    *y = parser_layer_number(p, what, ok);
    if (paren && *ok && !parser_expect(p, TOK_RPAREN, "')'"))
        *ok = 0;
}

/* One option of a backdrop's layer; 0 when the current word is none. */
static int parser_layer_option(parser *p, ast_backdrop_layer *l, int *ok)
{
    token t = p->tok;
    ast_pos at = parser_pos(&t);
    if (parser_accept_word(p, "tile")) {
        l->has_tile = 1;
    } else if (parser_accept_word(p, "at")) {
        l->at_pos = at;
        l->has_at = 1;
        parser_layer_pair(p, &l->x, &l->y, "a place in pixels: at (X, Y)", ok);
    } else if (parser_accept_word(p, "scroll")) {
        l->scroll_pos = at;
        parser_layer_pair(p, &l->sx, &l->sy, "a speed in pixels a frame: scroll DX DY", ok);
    } else if (parser_accept_word(p, "rotate")) {
        l->angle_pos = at;
        l->angle = parser_layer_number(p, "an angle in degrees", ok);
    } else if (parser_accept_word(p, "turn")) {
        l->turn_pos = at;
        l->turn = parser_layer_number(p, "a turn in degrees a frame", ok);
    } else if (parser_accept_word(p, "scale")) {
        l->scale_pos = at;
        l->has_scale = 1;
        l->scale = parser_layer_number(p, "a scale (1: as the sheet is)", ok);
    } else if (parser_accept_word(p, "tint")) {
        l->tint_pos = at;
        l->has_tint = 1;
        parser_layer_colour(p, l->tint, ok);
    } else if (parser_accept_word(p, "alpha")) {
        l->alpha_pos = at;
        l->has_alpha = 1;
        l->alpha = parser_layer_number(p, "an opacity from 0 to 1", ok);
    } else if (parser_accept_word(p, "fade")) {
        l->fade_pos = at;
        l->fade = parser_layer_number(p, "the frames of one fade out and in", ok);
    } else if (parser_accept_word(p, "additive")) {
        l->additive = 1;
    } else {
        return 0;
    }
    return 1;
}

/* layer := 'layer' ( 'fill' ['gradient'] COLOUR [COLOUR] | STRING ) { option }. */
static ast_backdrop_layer *parser_layer(parser *p, int spell)
{
    ast_backdrop_layer *l = arena_alloc(p->ar, sizeof *l);
    if (!l)
        return NULL;
    l->pos = parser_pos(&p->tok);
    l->spell = spell;
    parser_advance(p); /* layer */
    int ok = 1;
    if (parser_at(p, TOK_STRING)) {
        l->sheet_pos = parser_pos(&p->tok);
        l->sheet = parser_string(p);
    } else if (parser_at_word(p, "fill")) {
        l->fill_pos = parser_pos(&p->tok);
        parser_advance(p);
        int gradient = parser_accept_word(p, "gradient");
        parser_layer_colour(p, l->top, &ok);
        memcpy(l->bottom, l->top, sizeof l->bottom);
        if (ok && (gradient || parser_at(p, TOK_LPAREN)))
            parser_layer_colour(p, l->bottom, &ok);
    } else {
        parser_expected(p, "a sheet's file name in quotes (\"clouds.png\") or fill (R, G, B)");
        return NULL;
    }
    while (ok && parser_layer_option(p, l, &ok))
        ;
    if (!ok)
        return NULL;
    if (parser_at(p, TOK_NAME) && !parser_at_word(p, "layer") && !parser_at_word(p, "spell")) {
        char *w = arena_strndup(p->ar, p->tok.start, p->tok.len);
        const char *near =
            w ? diag_suggest(w, parser_layer_words,
                             (int)(sizeof parser_layer_words / sizeof parser_layer_words[0]))
              : NULL;
        char hint[64] = "";
        if (near)
            snprintf(hint, sizeof hint, " (did you mean '%s'?)", near);
        parser_error_at(p, DIAG_EXPECTED, &p->tok,
                        "unknown layer option '%s'%s: tile, at, scroll, rotate, turn, scale, "
                        "tint, alpha, fade or additive",
                        w ? w : "?", hint);
        return NULL;
    }
    return l;
}

/* The layers of a backdrop's block up to its '}', appended at *tail; 0 on an error. */
static int parser_layers(parser *p, ast_backdrop_layer ***tail, int spell)
{
    while (parser_at_word(p, "layer")) {
        ast_backdrop_layer *l = parser_layer(p, spell);
        if (!l)
            return 0;
        **tail = l;
        *tail = &l->next;
    }
    return 1;
}

/* backdrop := 'backdrop' NAME '{' { layer } [ 'spell' '{' { layer } '}' ] '}':
 * a backdrop drawn from data (numbers, sheets and bounds are checked by
 * pattern/content/backdrop_decl.c, which knows the files). */
static void parser_backdrop(parser *p, ast_decl *d)
{
    token open = p->tok;
    if (!parser_expect(p, TOK_LBRACE, "'{'"))
        return;
    ast_backdrop_layer **tail = &d->layers;
    if (!parser_layers(p, &tail, 0))
        return;
    if (parser_at_word(p, "spell")) {
        parser_advance(p);
        token inner = p->tok;
        if (!parser_expect(p, TOK_LBRACE, "'{' after spell") || !parser_layers(p, &tail, 1))
            return;
        if (!parser_at(p, TOK_RBRACE)) {
            parser_expected(p, "'layer' or the spell block's '}'");
            return;
        }
        parser_close(p, &inner, "spell");
    }
    if (!parser_at(p, TOK_RBRACE)) {
        parser_expected(p, "'layer', 'spell' or the backdrop's '}'");
        return;
    }
    parser_close(p, &open, "backdrop");
}

/* A declaration's braced block of lines, each read by line (0: stop, an
 * error given); `what` names it in the missing-brace error. */
static void parser_decl_lines(parser *p, ast_decl *d, int (*line)(parser *, ast_decl *),
                              const char *what)
{
    token open = p->tok;
    if (!parser_expect(p, TOK_LBRACE, "'{'"))
        return;
    while (!parser_at(p, TOK_RBRACE) && !parser_at(p, TOK_EOF)) {
        if (parser_is_decl_word(&p->tok) && p->tok.line > p->prev.line)
            break; /* most likely a missing '}' before the next declaration */
        if (parser_accept(p, TOK_SEMI))
            continue;
        if (!line(p, d))
            return;
        if (p->ar->failed)
            return;
    }
    parser_close(p, &open, what);
}

/* One item of a character: 'name' STRING, 'colour' R G B or 'portrait'
 * EXPRESSION SHAPE; 0 when the current word is none of them (reported). */
static int parser_character_item(parser *p, ast_decl *d)
{
    token t = p->tok;
    if (parser_accept_word(p, "name")) {
        if (d->title)
            parser_error_at(p, DIAG_DUPLICATE_PROPERTY, &t, "'name' is given twice");
        else if (parser_at(p, TOK_STRING))
            d->title = parser_string(p);
        else
            parser_expected(p, "the character's name as a string");
    } else if (parser_accept_word(p, "colour")) {
        if (d->has_colour)
            parser_error_at(p, DIAG_DUPLICATE_PROPERTY, &t, "'colour' is given twice");
        d->colour_pos = parser_pos(&p->tok);
        int ok = 1;
        for (int i = 0; i < 3 && ok; i++)
            d->colour[i] = parser_art_number(p, "red, green and blue from 0 to 255", &ok);
        d->has_colour = ok;
    } else if (parser_accept_word(p, "portrait")) {
        ast_portrait *po = arena_alloc(p->ar, sizeof *po);
        if (!po)
            return 0;
        po->pos = parser_pos(&p->tok);
        if (!parser_at(p, TOK_NAME)) {
            parser_expected(p, "an expression's name (normal, smile...) and an art shape");
            return 0;
        }
        po->expression = parser_take_name(p);
        po->shape_pos = parser_pos(&p->tok);
        if (!parser_at(p, TOK_NAME)) {
            parser_expected(p, "the art shape of the portrait");
            return 0;
        }
        po->shape = parser_take_name(p);
        ast_portrait **tail = &d->portraits;
        while (*tail)
            tail = &(*tail)->next;
        *tail = po;
    } else {
        parser_expected(p, "'name', 'colour' or 'portrait' in a character");
        return 0;
    }
    return !p->panic;
}

/* character := 'character' NAME '{' { 'name' STRING | 'colour' R G B
 *                                  | 'portrait' EXPRESSION SHAPE } '}'
 * (the shapes and expressions are checked by pattern/content/character.c) */
static void parser_character(parser *p, ast_decl *d)
{
    parser_decl_lines(p, d, parser_character_item, "character");
}

/* The gifts of an item, by ast_item_gift, for did-you-mean. */
static const char *const parser_gift_words[AST_GIFT_COUNT] = {"score", "power", "bomb_piece",
                                                              "life_piece"};

/* gift := 'score' N | 'power' N | 'bomb_piece' [N] | 'life_piece' [N]; 0 when
 * the current word is no gift (reported when `first`, or a near miss). */
static int parser_item_gift(parser *p, ast_decl *d, int first)
{
    int what = -1;
    for (int k = 0; k < AST_GIFT_COUNT; k++)
        if (parser_at_word(p, parser_gift_words[k]))
            what = k;
    if (what < 0) {
        const char *near = NULL;
        if (parser_at(p, TOK_NAME)) {
            char *w = arena_strndup(p->ar, p->tok.start, p->tok.len);
            near = w ? diag_suggest(w, parser_gift_words, AST_GIFT_COUNT) : NULL;
        }
        if (near || first) {
            char got[64];
            parser_describe(&p->tok, got, sizeof got);
            if (near)
                parser_error_at(p, DIAG_BAD_ITEM, &p->tok, "unknown gift %s (did you mean '%s'?)",
                                got, near);
            else
                parser_error_at(p, DIAG_BAD_ITEM, &p->tok,
                                "expected what the item gives after 'gives' (score N, power N, "
                                "bomb_piece or life_piece), found %s",
                                got);
        }
        return 0;
    }
    ast_item_give *g = arena_alloc(p->ar, sizeof *g);
    if (!g)
        return 0;
    g->pos = parser_pos(&p->tok);
    g->what = (ast_item_gift)what;
    parser_advance(p);
    g->value_pos = parser_pos(&p->tok);
    if (parser_at(p, TOK_NUMBER)) {
        g->value = p->tok.number;
        g->has_value = 1;
        parser_advance(p);
    } else if (what == AST_GIFT_SCORE || what == AST_GIFT_POWER) {
        parser_expected(p, what == AST_GIFT_SCORE
                               ? "the points it gives (a number)"
                               : "the power it gives (a number: 0.1 as a P item)");
        return 0;
    }
    ast_item_give **tail = &d->gives;
    while (*tail)
        tail = &(*tail)->next;
    *tail = g;
    return 1;
}

/* One line of an item; 0 after an error. */
static int parser_item_line(parser *p, ast_decl *d)
{
    token t = p->tok;
    if (parser_accept_word(p, "look")) {
        if (d->look)
            parser_error_at(p, DIAG_DUPLICATE_PROPERTY, &t, "'look' is given twice");
        d->look_pos = parser_pos(&p->tok);
        if (!parser_at(p, TOK_NAME)) {
            parser_expected(p, "the item's look: a built-in item's (power, point...), a sprite or "
                               "an art shape");
            return 0;
        }
        d->look = parser_take_name(p);
    } else if (parser_accept_word(p, "gives")) {
        if (!parser_item_gift(p, d, 1))
            return 0;
        while (p->tok.line == p->prev.line && parser_item_gift(p, d, 0))
            ;
    } else if (parser_accept_word(p, "on")) {
        if (!parser_at_word(p, "collect")) {
            char got[64];
            parser_describe(&p->tok, got, sizeof got);
            parser_error_at(p, DIAG_BAD_ITEM, &p->tok,
                            "an item has one event, 'on collect { ... }': found %s", got);
            return 0;
        }
        if (d->collect)
            parser_error_at(p, DIAG_DUPLICATE_PROPERTY, &t, "'on collect' is given twice");
        d->collect_pos = parser_pos(&t);
        parser_advance(p);
        d->collect = parser_block(p);
    } else {
        static const char *const words[] = {"look", "gives", "on"};
        const char *near = NULL;
        if (parser_at(p, TOK_NAME)) {
            char *w = arena_strndup(p->ar, p->tok.start, p->tok.len);
            near = w ? diag_suggest(w, words, 3) : NULL;
        }
        char got[64];
        parser_describe(&p->tok, got, sizeof got);
        if (near)
            parser_error_at(p, DIAG_BAD_ITEM, &p->tok,
                            "expected 'look', 'gives' or 'on collect' in an item, found %s (did "
                            "you mean '%s'?)",
                            got, near);
        else
            parser_expected(p, "'look', 'gives' or 'on collect' in an item");
        return 0;
    }
    return !p->panic;
}

/* item := 'item' NAME '{' { 'look' NAME | 'gives' gift { gift } | 'on' 'collect'
 *                          block } '}'
 * (looks, numbers and names are checked by pattern/content/item_decl.c) */
static void parser_item(parser *p, ast_decl *d)
{
    parser_decl_lines(p, d, parser_item_line, "item");
}

/* A scene's head after its name: 'before' or 'after', then the stage or boss
 * it plays at (docs/patterns.md, Scenes). Returns 0 after an error. */
static int parser_scene_head(parser *p, ast_decl *d)
{
    if (parser_accept_word(p, "before"))
        d->scene_when = 1;
    else if (parser_accept_word(p, "after"))
        d->scene_when = 2;
    else if (parser_accept_word(p, "ending")) {
        /* an ending: after the game's last stage, good (no continues) or bad */
        d->scene_target_pos = parser_pos(&p->tok);
        if (parser_accept_word(p, "good"))
            d->scene_when = 3;
        else if (parser_accept_word(p, "bad"))
            d->scene_when = 4;
        else {
            char got[64];
            parser_describe(&p->tok, got, sizeof got);
            parser_error_at(p, DIAG_EXPECTED, &p->tok,
                            "expected 'good' (no continues) or 'bad' (continues used), found %s",
                            got);
            return 0;
        }
        d->scene_target = "";
        return 1;
    } else {
        char got[64];
        parser_describe(&p->tok, got, sizeof got);
        parser_error_at(p, DIAG_EXPECTED, &p->tok,
                        "expected 'before' or 'after' (the stage or boss the scene plays at), or "
                        "'ending', found %s",
                        got);
        return 0;
    }
    d->scene_target_pos = parser_pos(&p->tok);
    if (!parser_at(p, TOK_NAME)) {
        char got[64];
        parser_describe(&p->tok, got, sizeof got);
        parser_error_at(p, DIAG_EXPECTED, &p->tok, "expected the stage or boss's name, found %s",
                        got);
        return 0;
    }
    d->scene_target = arena_strndup(p->ar, p->tok.start, p->tok.len);
    parser_advance(p);
    return d->scene_target != NULL;
}

/* decl := 'const' NAME '=' expr
 *       | 'pattern' NAME params block | 'enemy' NAME params block
 *       | 'stage' NAME block | boss | ship | game | bulletml | art | backdrop | character
 *       | item */
static ast_decl *parser_decl(parser *p)
{
    ast_decl *d = arena_alloc(p->ar, sizeof *d);
    if (!d)
        return NULL;
    d->pos = parser_pos(&p->tok);
    d->file = p->file;
    static const struct {
        const char *word;
        ast_decl_kind kind;
    } kinds[] = {
        {"const", DECL_CONST},         {"pattern", DECL_PATTERN}, {"enemy", DECL_ENEMY},
        {"boss", DECL_BOSS},           {"stage", DECL_STAGE},     {"function", DECL_FUNCTION},
        {"shared", DECL_SHARED},       {"ship", DECL_SHIP},       {"game", DECL_GAME},
        {"bulletml", DECL_BULLETML},   {"art", DECL_ART},         {"backdrop", DECL_BACKDROP},
        {"character", DECL_CHARACTER}, {"scene", DECL_STAGE},     {"item", DECL_ITEM}};
    const int nkinds = (int)(sizeof kinds / sizeof kinds[0]);
    int k = -1;
    for (int i = 0; i < nkinds; i++)
        if (parser_at_word(p, kinds[i].word))
            k = i;
    if (k < 0) {
        char got[64];
        parser_describe(&p->tok, got, sizeof got);
        const char *near = NULL;
        if (parser_at(p, TOK_NAME)) {
            char *w = arena_strndup(p->ar, p->tok.start, p->tok.len);
            near = w ? diag_suggest(w, parser_decl_words, nkinds) : NULL;
        }
        if (near)
            parser_error_at(p, DIAG_EXPECTED_DECL, &p->tok,
                            "expected a declaration, found %s (did you mean '%s'?)", got, near);
        else
            parser_error_at(p, DIAG_EXPECTED_DECL, &p->tok,
                            "expected a declaration (const, shared, pattern, enemy, boss, stage, "
                            "function, ship, game, bulletml, art, backdrop, character, "
                            "scene or item), found %s",
                            got);
        return NULL;
    }
    d->kind = kinds[k].kind;
    parser_advance(p);
    const char *what = d->kind == DECL_CONST      ? "constant"
                       : d->kind == DECL_SHARED   ? "shared value"
                       : d->kind == DECL_BULLETML ? "BulletML file (its name without .xml)"
                       : d->kind == DECL_ART      ? "art sheet"
                       : d->kind == DECL_BACKDROP ? "backdrop"
                                                  : kinds[k].word;
    d->name = parser_new_name(p, what);
    if (!d->name)
        return NULL;
    switch (d->kind) {
    case DECL_SHARED:
        if (parser_accept(p, TOK_LBRACKET)) { /* shared NAME[N]: an array of N zeros */
            d->size = parser_expr(p);
            if (parser_expect(p, TOK_RBRACKET, "']'") && parser_at(p, TOK_ASSIGN))
                parser_error_at(p, DIAG_ARRAY_MISUSE, &p->tok,
                                "shared %s[N] starts as N zeros: give its values as 'shared %s = "
                                "[a, b, ...]' instead",
                                d->name, d->name);
            break;
        }
        if (!parser_expect(p, TOK_ASSIGN, "'=' or '['"))
            break;
        if (parser_at(p, TOK_LBRACKET)) { /* shared NAME = [a, b, ...]: an array */
            ast_stmt *s = arena_alloc(p->ar, sizeof *s);
            if (!s)
                break;
            parser_array_values(p, s);
            d->values = s->args;
            d->nvalues = s->nargs;
        } else {
            d->value = parser_expr(p);
        }
        break;
    case DECL_CONST:
        if (parser_expect(p, TOK_ASSIGN, "'='"))
            d->value = parser_expr(p);
        break;
    case DECL_PATTERN:
    case DECL_ENEMY:
    case DECL_FUNCTION:
        d->params = parser_params(p, &d->nparams);
        /* function NAME(...)[N] { ... }: it returns an array of N values */
        if (d->kind == DECL_FUNCTION && parser_accept(p, TOK_LBRACKET)) {
            d->size = parser_expr(p);
            parser_expect(p, TOK_RBRACKET,
                          "']' (a function returning an array is written function NAME(...)[N])");
        }
        d->body = parser_block(p);
        break;
    case DECL_STAGE:
        if (strcmp(kinds[k].word, "scene") == 0 && !parser_scene_head(p, d))
            return NULL;
        d->body = parser_block(p);
        break;
    case DECL_BOSS: parser_boss(p, d); break;
    case DECL_SHIP: parser_ship(p, d); break;
    case DECL_GAME: parser_game(p, d); break;
    case DECL_BULLETML: parser_bulletml(p, d); break;
    case DECL_ART: parser_art(p, d); break;
    case DECL_BACKDROP: parser_backdrop(p, d); break;
    case DECL_CHARACTER: parser_character(p, d); break;
    case DECL_ITEM: parser_item(p, d); break;
    }
    return d;
}

ast_decl *parser_parse(arena *ar, diag_list *diags, const char *path, const char *src, size_t len,
                       int file)
{
    parser p;
    memset(&p, 0, sizeof p);
    p.ar = ar;
    p.diags = diags;
    p.path = path;
    p.file = file;
    lexer_init(&p.lx, path, src, len, diags);
    p.tok = lexer_next(&p.lx);
    p.next = lexer_next(&p.lx);
    ast_decl *head = NULL, **tail = &head;
    while (!parser_at(&p, TOK_EOF) && !ar->failed) {
        if (parser_accept(&p, TOK_SEMI))
            continue;
        p.depth = 0;
        ast_decl *d = parser_decl(&p);
        if (d && !p.panic) {
            *tail = d;
            tail = &d->next;
        } else if (d && d->name && d->kind != DECL_CONST) {
            /* keep a broken declaration's name so uses of it do not cascade */
            *tail = d;
            tail = &d->next;
        }
        if (p.panic) {
            if (parser_at(&p, TOK_RBRACE))
                parser_advance(&p);
            parser_sync_decl(&p);
        } else if (parser_at(&p, TOK_RBRACE)) {
            parser_error_at(&p, DIAG_STRAY_BRACE, &p.tok, "unexpected '}' (one too many?)");
            parser_advance(&p);
            parser_sync_decl(&p);
        }
    }
    return head;
}
