/*
 * bulletml_expr: BulletML's number expressions, parsed the way libbulletml parses
 * them and compiled to a short postfix program.
 *
 * The grammar (docs/bulletml.md, BULLETML.md section 3.1):
 *
 *   expr    := term { ('+' | '-') term }        left associative
 *   term    := unary { ('*' | '/') unary }      left associative
 *   unary   := '-' unary | primary              binds tighter than * and /
 *   primary := NUMBER | '$rand' | '$rank' | '$' DIGIT | '(' expr ')'
 *
 * NUMBER is digits with at most one '.', read as C reads a double. Everything
 * libbulletml cannot parse (where it silently reuses another expression) is an
 * error here: '%', '^', unary '+', exponents, '$10', '$0', '1.5.5', functions. So is
 * a double negation such as -(-2), which libbulletml evaluates as -2, and a
 * constant part that is infinite or NaN.
 *
 * The postfix program evaluates operands left to right, as libbulletml does, so
 * $rand draws happen in the same order. Constant parts are folded at parse time
 * with the same double operations libbulletml does at run time.
 */
#ifndef CURTAIN_PATTERN_BULLETML_EXPR_H
#define CURTAIN_PATTERN_BULLETML_EXPR_H

#include <stddef.h>
#include <stdint.h>

/*                 id      text   operands */
#define BULLETML_XOPS(X) \
    X(NUM, "number", 0)  \
    X(RAND, "$rand", 0)  \
    X(RANK, "$rank", 0)  \
    X(PARAM, "$n", 0)    \
    X(NEG, "neg", 1)     \
    X(ADD, "+", 2)       \
    X(SUB, "-", 2)       \
    X(MUL, "*", 2)       \
    X(DIV, "/", 2)

typedef enum bulletml_xop_code {
#define BULLETML_XOP_ENUM(id, text, operands) BULLETML_XOP_##id,
    BULLETML_XOPS(BULLETML_XOP_ENUM)
#undef BULLETML_XOP_ENUM
    BULLETML_XOP_COUNT
} bulletml_xop_code;

/* One postfix instruction: a number, a variable, or an operator on the stack top. */
typedef struct bulletml_xop {
    uint8_t code;  /* bulletml_xop_code */
    uint8_t param; /* BULLETML_XOP_PARAM: 1..9 */
    double value;  /* BULLETML_XOP_NUM */
} bulletml_xop;

/* Longest expression text and deepest parenthesis nesting accepted. */
#define BULLETML_EXPR_MAX_TEXT  1024
#define BULLETML_EXPR_MAX_DEPTH 32
/* Deepest evaluation stack a parsed program needs (bounded by the nesting). */
#define BULLETML_EXPR_MAX_STACK (2 * BULLETML_EXPR_MAX_DEPTH + 4)

/* What a parse produced. On error, error_at is the byte offset in the text the
 * message is about and message says what is wrong. */
typedef struct bulletml_expr_result {
    int ok;
    int is_const; /* no $rand, $rank or $n: value is the whole result */
    double value;
    uint32_t count;     /* instructions written */
    uint32_t max_param; /* highest $n used, 0 if none */
    uint32_t uses;      /* bit 0: $rand, bit 1: $rank */
    size_t error_at;
    char message[160];
} bulletml_expr_result;

#define BULLETML_EXPR_USES_RAND 1u
#define BULLETML_EXPR_USES_RANK 2u

/* Parses text[0..len) into at most capacity instructions at out. The text may hold
 * any whitespace between tokens (libbulletml's XML layer has turned it into spaces). */
void bulletml_expr_parse(const char *text, size_t len, bulletml_xop *out, uint32_t capacity,
                         bulletml_expr_result *result);

/* Where an evaluation takes its variables from. params[0..param_count) are $1..$n; a
 * $n past the end is 1, as in libbulletml. rand is called once per $rand, in order. */
typedef struct bulletml_expr_env {
    double rank;
    const double *params;
    int param_count;
    double (*rand)(void *user);
    void *user;
} bulletml_expr_env;

/* The value of a compiled expression (count ops, postfix) with env's variables. */
double bulletml_expr_eval(const bulletml_xop *ops, uint32_t count, const bulletml_expr_env *env);

#endif
