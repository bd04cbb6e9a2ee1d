/* bulletml_expr: libbulletml's grammar and arithmetic, its quirks, and every
 * expression it cannot parse refused with a position. */
#include "../check.h"
#include "pattern/bulletml/bulletml_expr.h"

#include <math.h>
#include <string.h>

/* A $rand that counts its draws and returns 0.1, 0.2, 0.3, ... */
typedef struct counter {
    int draws;
} counter;

static double counter_rand(void *user)
{
    counter *c = user;
    c->draws++;
    return 0.1 * c->draws;
}

/* Parses and evaluates text with $rank = rank and the given params. */
static double eval_with(const char *text, double rank, const double *params, int param_count,
                        int *draws)
{
    bulletml_xop ops[256];
    bulletml_expr_result r;
    bulletml_expr_parse(text, strlen(text), ops, 256, &r);
    if (!r.ok) {
        fprintf(stderr, "unexpected error in '%s': %s\n", text, r.message);
        return NAN;
    }
    counter c = {0};
    bulletml_expr_env env = {rank, params, param_count, counter_rand, &c};
    double v = bulletml_expr_eval(ops, r.count, &env);
    if (draws)
        *draws = c.draws;
    return v;
}

static double eval(const char *text)
{
    return eval_with(text, 0.5, NULL, 0, NULL);
}

/* Parses text expecting an error at byte offset at whose message contains needle. */
static void check_error(const char *text, size_t at, const char *needle)
{
    bulletml_xop ops[256];
    bulletml_expr_result r;
    bulletml_expr_parse(text, strlen(text), ops, 256, &r);
    CHECK(!r.ok);
    CHECK_EQ_INT(r.error_at, at);
    CHECK_STR_CONTAINS(r.message, needle);
    if (r.ok || r.error_at != at || !strstr(r.message, needle))
        fprintf(stderr, "  for '%s': at %zu: %s\n", text, r.error_at, r.message);
}

static void test_arithmetic(void)
{
    CHECK(eval("1+2*3") == 7.0);
    CHECK(eval("(1+2)*3") == 9.0);
    CHECK(eval("7/2") == 3.5); /* all arithmetic is double */
    CHECK(eval("10-4-3") == 3.0);
    CHECK(eval("64/4/2") == 8.0);
    CHECK(eval(".5") == 0.5);
    CHECK(eval("1.") == 1.0);
    CHECK(eval("  2 \t*\n 3 ") == 6.0);
    CHECK(eval("0.1+0.2") == 0.1 + 0.2);
    CHECK(eval("$rank*4") == 2.0);
    CHECK(eval("60-$rank*60") == 30.0);
}

static void test_unary_minus(void)
{
    CHECK(eval("-2*3") == -6.0);
    CHECK(eval("2*-3") == -6.0);
    CHECK(eval("2--3") == 5.0);
    CHECK(eval("-(2-3)*5") == 5.0);
    CHECK(eval("-$rank") == -0.5);
    CHECK(eval("-$rank*2") == -1.0);
    CHECK(eval("0-$rank") == -0.5);
    /* A minus on a product is fine: only a minus directly on a minus collapses. */
    CHECK(eval("-(-2*3)") == 6.0);
}

static void test_params(void)
{
    double p[3] = {10, 20, 30};
    CHECK(eval_with("$1+$2*$3", 0, p, 3, NULL) == 610.0);
    /* Past the end, and with no params at all, $n is 1. */
    CHECK(eval_with("$3", 0, p, 2, NULL) == 1.0);
    CHECK(eval_with("$9", 0, NULL, 0, NULL) == 1.0);
    bulletml_xop ops[16];
    bulletml_expr_result r;
    bulletml_expr_parse("$2+$7", 5, ops, 16, &r);
    CHECK(r.ok);
    CHECK_EQ_INT(r.max_param, 7);
    CHECK(!r.is_const);
}

static void test_rand_order(void)
{
    /* Left operand first: the first draw (0.1) is the left term. */
    int draws = 0;
    double v = eval_with("$rand*100+$rand", 0, NULL, 0, &draws);
    CHECK_EQ_INT(draws, 2);
    CHECK_NEAR(v, 0.1 * 100 + 0.2, 1e-12);
    v = eval_with("$rand-$rand*2", 0, NULL, 0, &draws);
    CHECK_NEAR(v, 0.1 - 0.2 * 2, 1e-12);
    bulletml_xop ops[16];
    bulletml_expr_result r;
    bulletml_expr_parse("$rand*$rank", 11, ops, 16, &r);
    CHECK_EQ_INT(r.uses, BULLETML_EXPR_USES_RAND | BULLETML_EXPR_USES_RANK);
}

static void test_folding(void)
{
    bulletml_xop ops[64];
    bulletml_expr_result r;
    bulletml_expr_parse("(1+2)*3-4/8", 11, ops, 64, &r);
    CHECK(r.ok);
    CHECK(r.is_const);
    CHECK(r.value == 8.5);
    CHECK_EQ_INT(r.count, 1);
    /* 2*3*$rank folds the left product; $rank*2*3 cannot be folded. */
    bulletml_expr_parse("2*3*$rank", 9, ops, 64, &r);
    CHECK_EQ_INT(r.count, 3);
    CHECK(ops[0].code == BULLETML_XOP_NUM && ops[0].value == 6.0);
    bulletml_expr_parse("$rank*2*3", 9, ops, 64, &r);
    CHECK_EQ_INT(r.count, 5);
    bulletml_expr_parse("-4", 2, ops, 64, &r);
    CHECK(r.is_const && r.value == -4.0 && r.count == 1);
}

static void test_refused(void)
{
    check_error("5%3", 1, "modulo");
    check_error("2^3", 1, "power");
    check_error("+1", 0, "unary '+'");
    check_error("2*+1", 2, "unary '+'");
    check_error("1e3", 1, "exponent");
    check_error("1E-3", 1, "exponent");
    check_error("$10", 0, "only $1 to $9");
    check_error("$0", 0, "$0");
    check_error("$random", 0, "unknown variable");
    check_error("$foo+1", 0, "unknown variable");
    check_error("1.5.5", 0, "more than one '.'");
    check_error(".", 0, "malformed number");
    check_error("0x10", 1, "after the number");
    check_error("-(-2)", 0, "double negation");
    check_error("100-(-(-2))", 5, "double negation");
    check_error("--2", 0, "double negation");
    check_error("1/0", 1, "division by zero");
    check_error("2*(1/(3-3))", 4, "division by zero");
    check_error("(1+2", 0, "never closed");
    check_error("1+2)", 3, "unexpected ')'");
    check_error("1+", 2, "ends where a number");
    check_error("", 0, "empty number");
    check_error("   ", 0, "empty number");
    check_error("sin(1)", 0, "unexpected 's'");
    check_error("1 2", 2, "unexpected '2'");
    check_error("&lt;3", 0, "entity");
    check_error("1\x01", 1, "0x01");
    /* 400 digits overflow a double. */
    char big[402];
    memset(big, '9', 400);
    big[400] = '\0';
    check_error(big, 0, "too long");
    char large[320];
    memset(large, '9', 315);
    large[315] = '\0';
    check_error(large, 0, "too large");
    check_error("99999999999*99999999999*99999999999*99999999999*99999999999*99999999999*"
                "99999999999*99999999999*99999999999*99999999999*99999999999*99999999999*"
                "99999999999*99999999999*99999999999*99999999999*99999999999*99999999999*"
                "99999999999*99999999999*99999999999*99999999999*99999999999*99999999999*"
                "99999999999*99999999999*99999999999*99999999999*99999999999*99999999999",
                12 * 28 - 1, "too large");
}

static void test_limits(void)
{
    char deep[200] = "";
    for (int i = 0; i < BULLETML_EXPR_MAX_DEPTH; i++)
        strcat(deep, "(");
    strcat(deep, "1");
    for (int i = 0; i < BULLETML_EXPR_MAX_DEPTH; i++)
        strcat(deep, ")");
    CHECK(eval(deep) == 1.0);
    char deeper[200] = "(";
    strcat(deeper, deep);
    strcat(deeper, ")");
    check_error(deeper, BULLETML_EXPR_MAX_DEPTH, "nested too deeply");
    /* The deepest stack the grammar allows fits the evaluator. */
    char wide[400] = "";
    for (int i = 0; i < BULLETML_EXPR_MAX_DEPTH; i++)
        strcat(wide, "$1+$1*(");
    strcat(wide, "$1");
    for (int i = 0; i < BULLETML_EXPR_MAX_DEPTH; i++)
        strcat(wide, ")");
    double p = 1.0;
    CHECK(eval_with(wide, 0, &p, 1, NULL) == 1.0 + BULLETML_EXPR_MAX_DEPTH);
    /* Too many instructions for the caller's buffer is an error, not an overflow. */
    bulletml_xop ops[4];
    bulletml_expr_result r;
    bulletml_expr_parse("$1+$2+$3+$4", 11, ops, 4, &r);
    CHECK(!r.ok);
    CHECK_STR_CONTAINS(r.message, "too long");
}

int main(void)
{
    test_arithmetic();
    test_unary_minus();
    test_params();
    test_rand_order();
    test_folding();
    test_refused();
    test_limits();
    return check_done("pattern.bulletml_expr");
}
