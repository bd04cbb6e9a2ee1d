/*
 * lexer: turns a pattern file into tokens. See lexer.h.
 */
#include "pattern/language/lexer.h"

#include <math.h>
#include <string.h>

static const char *const lexer_names[] = {
#define LEXER_TOKEN_NAME(id, spelling) spelling,
    LEXER_TOKENS(LEXER_TOKEN_NAME)
#undef LEXER_TOKEN_NAME
};

const char *lexer_token_name(tok_kind kind)
{
    return kind < TOK_COUNT ? lexer_names[kind] : "?";
}

int lexer_is(const token *t, const char *word)
{
    return t->kind == TOK_NAME && strlen(word) == t->len && memcmp(t->start, word, t->len) == 0;
}

void lexer_init(lexer *lx, const char *path, const char *src, size_t len, diag_list *diags)
{
    lx->src = src;
    lx->len = len;
    lx->pos = 0;
    lx->line = 1;
    lx->col = 1;
    lx->path = path;
    lx->diags = diags;
}

/* The byte ahead positions on, or -1 at the end. */
static int lexer_peek(const lexer *lx, size_t ahead)
{
    return lx->pos + ahead < lx->len ? (unsigned char)lx->src[lx->pos + ahead] : -1;
}

/* Moves one byte on, keeping line and column (UTF-8 continuation bytes do not
 * count as columns, so carets line up under non-ASCII text). */
static void lexer_advance(lexer *lx)
{
    unsigned char c = (unsigned char)lx->src[lx->pos++];
    if (c == '\n') {
        lx->line++;
        lx->col = 1;
    } else if ((c & 0xc0) != 0x80) {
        lx->col++;
    }
}

static void lexer_error(lexer *lx, diag_code code, uint32_t line, uint32_t col, const char *message)
{
    diag_report(lx->diags, code, lx->path, lx->src, lx->len, line, col, "%s", message);
}

/* Skips whitespace and comments. */
static void lexer_skip(lexer *lx)
{
    for (;;) {
        int c = lexer_peek(lx, 0);
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
            lexer_advance(lx);
        } else if (c == '#') {
            while (lexer_peek(lx, 0) != -1 && lexer_peek(lx, 0) != '\n')
                lexer_advance(lx);
        } else {
            return;
        }
    }
}

/* Character classes of numbers and words. */
static int lexer_is_digit(int c)
{
    return c >= '0' && c <= '9';
}

static int lexer_is_word(int c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || lexer_is_digit(c);
}

/* A number: digits, an optional fraction, an optional 's' for seconds. With up
 * to 15 significant digits the value is mantissa / 10^k, both exact, divided
 * once: correctly rounded like strtod, without depending on the C locale. */
static void lexer_number(lexer *lx, token *t)
{
    double mantissa = 0.0, scale = 1.0;
    while (lexer_is_digit(lexer_peek(lx, 0))) {
        mantissa = mantissa * 10.0 + (lexer_peek(lx, 0) - '0');
        lexer_advance(lx);
    }
    if (lexer_peek(lx, 0) == '.' && lexer_is_digit(lexer_peek(lx, 1))) {
        lexer_advance(lx);
        while (lexer_is_digit(lexer_peek(lx, 0))) {
            if (mantissa < 1e15 && scale < 1e22) {
                mantissa = mantissa * 10.0 + (lexer_peek(lx, 0) - '0');
                scale *= 10.0;
            }
            lexer_advance(lx);
        }
    }
    double value = mantissa / scale;
    if (lexer_peek(lx, 0) == 's' && !lexer_is_word(lexer_peek(lx, 1))) {
        lexer_advance(lx);
        value *= 60.0;
    }
    if (lexer_is_word(lexer_peek(lx, 0)) || lexer_peek(lx, 0) == '.') {
        lexer_error(lx, DIAG_BAD_NUMBER, lx->line, lx->col,
                    "unexpected character after a number (numbers are like 12, 1.5 or 2s)");
        while (lexer_is_word(lexer_peek(lx, 0)) || lexer_peek(lx, 0) == '.')
            lexer_advance(lx);
    } else if (isinf(value)) {
        /* 309 digits and more: a value no double holds, not silently infinity */
        lexer_error(lx, DIAG_BAD_NUMBER, t->line, t->col, "number too large");
        value = 0;
    }
    t->kind = TOK_NUMBER;
    t->number = value;
}

/* A string literal: up to the closing quote on the same line. */
static void lexer_string(lexer *lx, token *t)
{
    lexer_advance(lx); /* the opening quote */
    for (;;) {
        int c = lexer_peek(lx, 0);
        if (c == -1 || c == '\n') {
            lexer_error(lx, DIAG_UNTERMINATED_STRING, t->line, t->col, "unterminated string");
            break;
        }
        lexer_advance(lx);
        if (c == '"')
            break;
        if (c == '\\' && lexer_peek(lx, 0) != -1 && lexer_peek(lx, 0) != '\n')
            lexer_advance(lx);
    }
    t->kind = TOK_STRING;
}

/* Punctuation: two-character operators first. */
static int lexer_punct(lexer *lx, token *t)
{
    static const struct {
        const char *text;
        tok_kind kind;
    } ops[] = {
        {"+=", TOK_PLUS_EQ}, {"-=", TOK_MINUS_EQ}, {"*=", TOK_STAR_EQ}, {"/=", TOK_SLASH_EQ},
        {"<=", TOK_LE},      {">=", TOK_GE},       {"==", TOK_EQ},      {"!=", TOK_NE},
        {"{", TOK_LBRACE},   {"}", TOK_RBRACE},    {"(", TOK_LPAREN},   {")", TOK_RPAREN},
        {",", TOK_COMMA},    {";", TOK_SEMI},      {":", TOK_COLON},    {"=", TOK_ASSIGN},
        {"+", TOK_PLUS},     {"-", TOK_MINUS},     {"*", TOK_STAR},     {"/", TOK_SLASH},
        {"%", TOK_PERCENT},  {"<", TOK_LT},        {">", TOK_GT},       {"[", TOK_LBRACKET},
        {"]", TOK_RBRACKET}, {".", TOK_DOT},
    };
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) {
        size_t n = strlen(ops[i].text);
        if (lx->pos + n <= lx->len && memcmp(lx->src + lx->pos, ops[i].text, n) == 0) {
            for (size_t k = 0; k < n; k++)
                lexer_advance(lx);
            t->kind = ops[i].kind;
            return 1;
        }
    }
    return 0;
}

token lexer_next(lexer *lx)
{
    for (;;) {
        lexer_skip(lx);
        token t = {TOK_EOF, lx->line, lx->col, lx->src + lx->pos, 0, 0.0};
        size_t start = lx->pos;
        int c = lexer_peek(lx, 0);
        if (c == -1)
            return t;
        if (lexer_is_digit(c) || (c == '.' && lexer_is_digit(lexer_peek(lx, 1)))) {
            lexer_number(lx, &t);
        } else if (lexer_is_word(c)) {
            while (lexer_is_word(lexer_peek(lx, 0)))
                lexer_advance(lx);
            t.kind = TOK_NAME;
        } else if (c == '"') {
            lexer_string(lx, &t);
        } else if (!lexer_punct(lx, &t)) {
            if (c == 0) {
                /* text has none: a binary file, whose every byte would be an error */
                lexer_error(lx, DIAG_BAD_CHARACTER, t.line, t.col,
                            "unexpected NUL byte: this is not a text file (read no further)");
                lx->pos = lx->len;
                return t;
            } else if (c >= 0x80)
                lexer_error(
                    lx, DIAG_BAD_CHARACTER, t.line, t.col,
                    "unexpected non-ASCII character (allowed only in strings and comments)");
            else if (c < 32 || c == 127)
                lexer_error(lx, DIAG_BAD_CHARACTER, t.line, t.col, "unexpected control character");
            else {
                char msg[64];
                snprintf(msg, sizeof msg, "unexpected character '%c'", c);
                lexer_error(lx, DIAG_BAD_CHARACTER, t.line, t.col, msg);
            }
            lexer_advance(lx);
            while (lx->pos < lx->len && ((unsigned char)lx->src[lx->pos] & 0xc0) == 0x80)
                lexer_advance(lx);
            continue;
        }
        t.len = (uint32_t)(lx->pos - start);
        return t;
    }
}
