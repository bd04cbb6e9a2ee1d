/*
 * lexer: turns a pattern file into tokens.
 *
 * Words (names and keywords alike: the parser decides by context), numbers
 * (`12`, `1.5`, `.5`, and seconds: `2s` is 120 frames), strings in double quotes
 * with \" \\ \n escapes, and punctuation. `#` starts a comment to the end of the
 * line. Newlines are whitespace. Bad characters are reported and skipped.
 */
#ifndef CURTAIN_PATTERN_LEXER_H
#define CURTAIN_PATTERN_LEXER_H

#include "pattern/language/diag.h"

#include <stddef.h>
#include <stdint.h>

/*        id        spelling */
#define LEXER_TOKENS(X)   \
    X(EOF, "end of file") \
    X(NAME, "name")       \
    X(NUMBER, "number")   \
    X(STRING, "string")   \
    X(LBRACE, "'{'")      \
    X(RBRACE, "'}'")      \
    X(LPAREN, "'('")      \
    X(RPAREN, "')'")      \
    X(LBRACKET, "'['")    \
    X(RBRACKET, "']'")    \
    X(COMMA, "','")       \
    X(SEMI, "';'")        \
    X(COLON, "':'")       \
    X(ASSIGN, "'='")      \
    X(PLUS_EQ, "'+='")    \
    X(MINUS_EQ, "'-='")   \
    X(STAR_EQ, "'*='")    \
    X(SLASH_EQ, "'/='")   \
    X(PLUS, "'+'")        \
    X(MINUS, "'-'")       \
    X(STAR, "'*'")        \
    X(SLASH, "'/'")       \
    X(PERCENT, "'%'")     \
    X(LT, "'<'")          \
    X(LE, "'<='")         \
    X(GT, "'>'")          \
    X(GE, "'>='")         \
    X(EQ, "'=='")         \
    X(NE, "'!='")         \
    X(DOT, "'.'")

typedef enum tok_kind {
#define LEXER_TOKEN_ENUM(id, spelling) TOK_##id,
    LEXER_TOKENS(LEXER_TOKEN_ENUM)
#undef LEXER_TOKEN_ENUM
    TOK_COUNT
} tok_kind;

typedef struct token {
    tok_kind kind;
    uint32_t line, col;
    const char *start; /* into the source */
    uint32_t len;
    double number; /* TOK_NUMBER: its value, seconds already turned into frames */
} token;

typedef struct lexer {
    const char *src;
    size_t len, pos;
    uint32_t line, col;
    const char *path;
    diag_list *diags;
} lexer;

void lexer_init(lexer *lx, const char *path, const char *src, size_t len, diag_list *diags);
token lexer_next(lexer *lx);
const char *lexer_token_name(tok_kind kind);
/* Whether a NAME token spells word. */
int lexer_is(const token *t, const char *word);

#endif
