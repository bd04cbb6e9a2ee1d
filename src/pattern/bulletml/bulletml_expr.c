/*
 * bulletml_expr: a recursive-descent parser for BulletML number expressions,
 * emitting postfix code with constant parts folded, and its evaluator.
 * One function per grammar rule; the rules are in bulletml_expr.h.
 */
#include "pattern/bulletml/bulletml_expr.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct xparser {
    const char *text;
    size_t len, pos;
    bulletml_xop *out;
    uint32_t capacity, count;
    int depth;
    uint32_t max_param, uses;
    int failed;
    size_t error_at;
    char message[160];
} xparser;

/* A parsed operand: where its code starts, its value if constant, and whether its
 * outermost operation is a unary minus (to refuse a second one). */
typedef struct xvalue {
    uint32_t start;
    int is_const;
    double value;
    int negated;
} xvalue;

static xvalue xparse_expr(xparser *p);

/* Records the first error only; later ones are consequences of it. */
static void xparse_fail(xparser *p, size_t at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void xparse_fail(xparser *p, size_t at, const char *fmt, ...)
{
    if (p->failed)
        return;
    p->failed = 1;
    p->error_at = at;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(p->message, sizeof p->message, fmt, ap);
    va_end(ap);
}

static int xparse_is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

static int xparse_is_digit(char c)
{
    return c >= '0' && c <= '9';
}

static int xparse_is_word(char c)
{
    return xparse_is_digit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

/* The next non-space character, or 0 at the end. */
static char xparse_peek(xparser *p)
{
    while (p->pos < p->len && xparse_is_space(p->text[p->pos]))
        p->pos++;
    return p->pos < p->len ? p->text[p->pos] : 0;
}

static void xparse_emit(xparser *p, uint8_t code, uint8_t param, double value)
{
    if (p->count >= p->capacity) {
        xparse_fail(p, p->pos, "expression too long");
        return;
    }
    bulletml_xop *op = &p->out[p->count++];
    op->code = code;
    op->param = param;
    op->value = value;
}

/* Explains a character that cannot start or continue an expression. */
static void xparse_unexpected(xparser *p)
{
    char c = xparse_peek(p);
    if (c == 0)
        xparse_fail(p, p->pos, "expression ends where a number was expected");
    else if (c == '%')
        xparse_fail(p, p->pos, "'%%' is not supported: libbulletml has no modulo operator");
    else if (c == '^')
        xparse_fail(p, p->pos, "'^' is not supported: libbulletml has no power operator");
    else if (c == '+')
        xparse_fail(p, p->pos, "unary '+' is not supported by libbulletml; leave it out");
    else if (c == '&')
        xparse_fail(p, p->pos, "entity references are not supported in numbers");
    else if ((unsigned char)c < 32 || (unsigned char)c >= 127)
        xparse_fail(p, p->pos, "unexpected byte 0x%02x in expression", (unsigned char)c);
    else
        xparse_fail(p, p->pos, "unexpected '%c' in expression", c);
}

/* NUMBER: digits with at most one '.', at least one digit, nothing glued after. */
static xvalue xparse_number(xparser *p)
{
    xvalue v = {p->count, 1, 0.0, 0};
    size_t start = p->pos, end = start;
    int dots = 0, digits = 0;
    while (end < p->len && (xparse_is_digit(p->text[end]) || p->text[end] == '.')) {
        dots += p->text[end] == '.';
        digits += p->text[end] != '.';
        end++;
    }
    int len = (int)(end - start);
    if (digits == 0) {
        xparse_fail(p, start, "malformed number '%.*s'", len, p->text + start);
        return v;
    }
    if (dots > 1) {
        xparse_fail(p, start, "malformed number '%.*s': more than one '.'", len > 40 ? 40 : len,
                    p->text + start);
        return v;
    }
    if (end < p->len && (p->text[end] == 'e' || p->text[end] == 'E')) {
        xparse_fail(p, end, "exponent notation is not supported by libbulletml");
        return v;
    }
    if (end < p->len && xparse_is_word(p->text[end])) {
        xparse_fail(p, end, "unexpected '%c' after the number", p->text[end]);
        return v;
    }
    char buf[400];
    if (end - start >= sizeof buf) {
        xparse_fail(p, start, "number too long");
        return v;
    }
    memcpy(buf, p->text + start, end - start);
    buf[end - start] = '\0';
    char *end_read;
    v.value = strtod(buf, &end_read);
    if (*end_read != '\0') {
        /* Only if a program set a locale whose decimal point is not '.'. */
        xparse_fail(p, start, "cannot read the number '%s' in this locale", buf);
        return v;
    }
    if (!isfinite(v.value)) {
        xparse_fail(p, start, "number too large");
        return v;
    }
    p->pos = end;
    xparse_emit(p, BULLETML_XOP_NUM, 0, v.value);
    return v;
}

/* '$rand', '$rank' or '$' DIGIT (1..9). */
static xvalue xparse_variable(xparser *p)
{
    xvalue v = {p->count, 0, 0.0, 0};
    size_t start = p->pos, end = start + 1;
    while (end < p->len && xparse_is_word(p->text[end]))
        end++;
    const char *name = p->text + start + 1;
    size_t name_len = end - start - 1;
    if (name_len == 4 && memcmp(name, "rand", 4) == 0) {
        p->uses |= BULLETML_EXPR_USES_RAND;
        xparse_emit(p, BULLETML_XOP_RAND, 0, 0.0);
    } else if (name_len == 4 && memcmp(name, "rank", 4) == 0) {
        p->uses |= BULLETML_EXPR_USES_RANK;
        xparse_emit(p, BULLETML_XOP_RANK, 0, 0.0);
    } else if (name_len >= 1 && xparse_is_digit(name[0])) {
        if (name_len > 1) {
            xparse_fail(p, start,
                        "'$%.*s': only $1 to $9 exist (libbulletml reads one digit after '$')",
                        (int)(name_len > 20 ? 20 : name_len), name);
            return v;
        }
        if (name[0] == '0') {
            xparse_fail(p, start, "'$0' is not a parameter: parameters are $1 to $9");
            return v;
        }
        uint8_t n = (uint8_t)(name[0] - '0');
        if (n > p->max_param)
            p->max_param = n;
        xparse_emit(p, BULLETML_XOP_PARAM, n, 0.0);
    } else {
        xparse_fail(p, start, "unknown variable '$%.*s' (known: $rand, $rank, $1 to $9)",
                    (int)(name_len > 20 ? 20 : name_len), name);
        return v;
    }
    p->pos = end;
    return v;
}

/* primary := NUMBER | variable | '(' expr ')' */
static xvalue xparse_primary(xparser *p)
{
    xvalue v = {p->count, 0, 0.0, 0};
    char c = xparse_peek(p);
    if (xparse_is_digit(c) || c == '.')
        return xparse_number(p);
    if (c == '$')
        return xparse_variable(p);
    if (c != '(') {
        xparse_unexpected(p);
        return v;
    }
    size_t open = p->pos++;
    if (++p->depth > BULLETML_EXPR_MAX_DEPTH) {
        xparse_fail(p, open, "expression nested too deeply (more than %d parentheses)",
                    BULLETML_EXPR_MAX_DEPTH);
        return v;
    }
    v = xparse_expr(p);
    p->depth--;
    if (p->failed)
        return v;
    if (xparse_peek(p) != ')') {
        if (xparse_peek(p) == 0)
            xparse_fail(p, open, "'(' is never closed");
        else
            xparse_unexpected(p);
        return v;
    }
    p->pos++;
    return v;
}

/* unary := '-' unary | primary. libbulletml applies a minus as a flag on its
 * operand, so a second minus on the same operand does nothing: refused. */
static xvalue xparse_unary(xparser *p)
{
    if (xparse_peek(p) != '-')
        return xparse_primary(p);
    size_t minus = p->pos++;
    if (++p->depth > BULLETML_EXPR_MAX_DEPTH) {
        xparse_fail(p, minus, "expression nested too deeply");
        return (xvalue){p->count, 0, 0.0, 0};
    }
    xvalue v = xparse_unary(p);
    p->depth--;
    if (p->failed)
        return v;
    if (v.negated) {
        xparse_fail(p, minus,
                    "double negation: libbulletml evaluates -(-x) as -x; write the sign once");
        return v;
    }
    v.negated = 1;
    if (v.is_const) {
        v.value = -v.value;
        p->out[v.start].value = v.value;
    } else {
        xparse_emit(p, BULLETML_XOP_NEG, 0, 0.0);
    }
    return v;
}

/* Emits (or folds) a binary operation on two operands already emitted in order. */
static xvalue xparse_binary(xparser *p, xvalue l, xvalue r, uint8_t code, size_t at)
{
    xvalue v = {l.start, 0, 0.0, 0};
    if (!(l.is_const && r.is_const)) {
        xparse_emit(p, code, 0, 0.0);
        return v;
    }
    switch (code) {
    case BULLETML_XOP_ADD: v.value = l.value + r.value; break;
    case BULLETML_XOP_SUB: v.value = l.value - r.value; break;
    case BULLETML_XOP_MUL: v.value = l.value * r.value; break;
    default: v.value = l.value / r.value; break;
    }
    if (!isfinite(v.value)) {
        xparse_fail(p, at,
                    code == BULLETML_XOP_DIV && r.value == 0.0 ? "division by zero in a constant"
                                                               : "the constant is too large");
        return v;
    }
    v.is_const = 1;
    p->count = l.start;
    xparse_emit(p, BULLETML_XOP_NUM, 0, v.value);
    return v;
}

/* term := unary { ('*' | '/') unary } */
static xvalue xparse_term(xparser *p)
{
    xvalue l = xparse_unary(p);
    while (!p->failed) {
        char c = xparse_peek(p);
        if (c != '*' && c != '/')
            break;
        size_t at = p->pos++;
        xvalue r = xparse_unary(p);
        if (p->failed)
            break;
        l = xparse_binary(p, l, r, c == '*' ? BULLETML_XOP_MUL : BULLETML_XOP_DIV, at);
    }
    return l;
}

/* expr := term { ('+' | '-') term } */
static xvalue xparse_expr(xparser *p)
{
    xvalue l = xparse_term(p);
    while (!p->failed) {
        char c = xparse_peek(p);
        if (c != '+' && c != '-')
            break;
        size_t at = p->pos++;
        xvalue r = xparse_term(p);
        if (p->failed)
            break;
        l = xparse_binary(p, l, r, c == '+' ? BULLETML_XOP_ADD : BULLETML_XOP_SUB, at);
    }
    return l;
}

void bulletml_expr_parse(const char *text, size_t len, bulletml_xop *out, uint32_t capacity,
                         bulletml_expr_result *result)
{
    xparser p;
    memset(&p, 0, sizeof p);
    p.text = text;
    p.len = len;
    p.out = out;
    p.capacity = capacity;
    memset(result, 0, sizeof *result);
    if (len > BULLETML_EXPR_MAX_TEXT) {
        xparse_fail(&p, 0, "expression longer than %d characters", BULLETML_EXPR_MAX_TEXT);
    } else if (xparse_peek(&p) == 0) {
        xparse_fail(&p, 0, "empty number: libbulletml crashes when it evaluates one");
    } else {
        xvalue v = xparse_expr(&p);
        if (!p.failed && xparse_peek(&p) != 0)
            xparse_unexpected(&p);
        result->is_const = v.is_const;
        result->value = v.value;
    }
    result->ok = !p.failed;
    result->count = p.failed ? 0 : p.count;
    result->max_param = p.max_param;
    result->uses = p.uses;
    result->error_at = p.error_at;
    memcpy(result->message, p.message, sizeof result->message);
}

double bulletml_expr_eval(const bulletml_xop *ops, uint32_t count, const bulletml_expr_env *env)
{
    double stack[BULLETML_EXPR_MAX_STACK];
    int top = 0;
    for (uint32_t i = 0; i < count; i++) {
        const bulletml_xop *op = &ops[i];
        switch ((bulletml_xop_code)op->code) {
        case BULLETML_XOP_NUM: stack[top++] = op->value; break;
        case BULLETML_XOP_RAND: stack[top++] = env->rand(env->user); break;
        case BULLETML_XOP_RANK: stack[top++] = env->rank; break;
        case BULLETML_XOP_PARAM:
            stack[top++] = op->param <= env->param_count ? env->params[op->param - 1] : 1.0;
            break;
        case BULLETML_XOP_NEG: stack[top - 1] = -stack[top - 1]; break;
        case BULLETML_XOP_ADD: top--, stack[top - 1] = stack[top - 1] + stack[top]; break;
        case BULLETML_XOP_SUB: top--, stack[top - 1] = stack[top - 1] - stack[top]; break;
        case BULLETML_XOP_MUL: top--, stack[top - 1] = stack[top - 1] * stack[top]; break;
        case BULLETML_XOP_DIV: top--, stack[top - 1] = stack[top - 1] / stack[top]; break;
        case BULLETML_XOP_COUNT: break;
        }
    }
    return top > 0 ? stack[top - 1] : 0.0;
}
