/* hostile: pattern files built to hurt the compiler (generated here, never
 * committed): deep and long expressions, long 'else if' chains. Each is refused
 * with a positioned error or compiled, never a crash. */
#include "../check.h"
#include "pattern/library.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static diag_list diags;

/* Compiles one generated source; the library or NULL, diagnostics in diags. */
static library *compile_text(const char *src)
{
    library_file f = {"hostile.pat", src, strlen(src)};
    diag_free(&diags);
    return library_compile(&f, 1, &diags);
}

/* The first diagnostic of a code, or NULL. */
static const diag *find_diag(diag_code code)
{
    for (int i = 0; i < diags.count; i++)
        if (diags.items[i].code == code)
            return &diags.items[i];
    return NULL;
}

/* "pattern p { var x = 1 \n fire orb speed x + 1 + 1 ... }" with n terms after
 * the first (`first` the leading term). */
static char *sum_chain(const char *first, const char *op, int n)
{
    size_t cap = (size_t)n * (strlen(op) + 4) + 128;
    char *src = malloc(cap);
    if (!src)
        return NULL;
    size_t len =
        (size_t)snprintf(src, cap, "pattern p {\n    var x = 1\n    fire orb speed %s", first);
    for (int i = 0; i < n; i++)
        len += (size_t)snprintf(src + len, cap - len, " %s 1", op);
    snprintf(src + len, cap - len, "\n}\n");
    return src;
}

/* A chain of 30,000 '+' (the compiler's folding recursed once per term and died
 * of a stack overflow): refused where the tree gets too deep, at the operator. */
static void test_long_chain(void)
{
    const char *ops[] = {"+", "*", "and", "or"};
    for (size_t k = 0; k < sizeof ops / sizeof ops[0]; k++) {
        char *src = sum_chain("x", ops[k], 30000);
        CHECK(src != NULL);
        if (!src)
            return;
        library *lib = compile_text(src);
        const diag *d = find_diag(DIAG_TOO_DEEP);
        CHECK(lib == NULL && d != NULL);
        if (d) {
            CHECK_EQ_INT((int)d->line, 3);
            CHECK_STR_CONTAINS(d->text, "at most 1000 operators");
        }
        library_free(lib);
        free(src);
    }
}

/* 1000 operators compile, and fold: '1 + 1 + ...' is one constant. */
static void test_chain_at_limit(void)
{
    char *src = sum_chain("1", "+", 999);
    CHECK(src != NULL);
    if (!src)
        return;
    library *lib = compile_text(src);
    CHECK(lib != NULL);
    if (!lib)
        diag_print(&diags, stderr);
    library_free(lib);
    free(src);
}

/* 100,000 'else if' (the parser and compiler recursed once per branch). */
static void test_else_if_chain(void)
{
    int n = 100000;
    const char *step = " else if x > 1 { wait 1 }";
    size_t cap = (size_t)n * strlen(step) + 128;
    char *src = malloc(cap);
    CHECK(src != NULL);
    if (!src)
        return;
    size_t len = (size_t)snprintf(src, cap, "pattern p {\n    var x = 1\n    if x > 0 { wait 1 }");
    for (int i = 0; i < n; i++)
        len += (size_t)snprintf(src + len, cap - len, "%s", step);
    snprintf(src + len, cap - len, "\n}\n");
    library *lib = compile_text(src);
    const diag *d = find_diag(DIAG_TOO_DEEP);
    CHECK(lib == NULL && d != NULL);
    if (d)
        CHECK_EQ_INT((int)d->line, 3);
    library_free(lib);
    free(src);
}

int main(void)
{
    test_long_chain();
    test_chain_at_limit();
    test_else_if_chain();
    diag_free(&diags);
    return check_done("pattern.hostile");
}
