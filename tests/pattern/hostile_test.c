/* hostile: pattern files built to hurt the compiler (generated here, never
 * committed): deep and long expressions, long 'else if' chains. Each is refused
 * with a positioned error or compiled, never a crash. */
#include "../check.h"
#include "core/file.h"
#include "core/mem.h"
#include "pattern/bulletml/bulletml.h"
#include "pattern/content/library.h"
#include "pattern/language/parser.h"
#include "sim/bullet_kind.h"
#include "test_sandbox.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

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

/* Steps a sandbox running `entry` of src `frames` frames; each frame's
 * instructions and runners started must stay within the frame's budget (the
 * defaults of pattern/vm/vm.h: 1,000,000 instructions plus one runner's 100,000
 * that may be under way when they run out; 8192 starts). */
static void run_bounded(const char *src, const char *entry, int frames, const char *message)
{
    library *lib = compile_text(src);
    CHECK(lib != NULL);
    if (!lib)
        return;
    sandbox *sb = test_sandbox(lib, library_find(lib, entry), 0);
    if (!sb) {
        library_free(lib);
        return;
    }
    vm_stats last = sandbox_vm_stats(sb);
    for (int f = 0; f < frames; f++) {
        sandbox_step(sb);
        vm_stats now = sandbox_vm_stats(sb);
        CHECK(now.instructions - last.instructions <= 1100000);
        CHECK(now.started - last.started <= 8192);
        last = now;
    }
    CHECK(sandbox_error_count(sb) >= 1);
    CHECK_STR_CONTAINS(sandbox_last_error(sb), "hostile.pat:");
    if (message)
        CHECK_STR_CONTAINS(sandbox_last_error(sb), message);
    sandbox_destroy(sb);
    library_free(lib);
}

/* 16,000 threads a frame, each looping without a wait: each stays under its own
 * budget, but together they ran 1.6 billion instructions a frame (8 s). */
static void test_frame_budget(void)
{
    run_bounded("pattern threads {\n"
                "    loop {\n"
                "        repeat 16000 {\n"
                "            thread {\n"
                "                var a = 0\n"
                "                loop { a = a + 1 }\n"
                "            }\n"
                "        }\n"
                "        wait 1\n"
                "    }\n"
                "}\n",
                "threads", 3, NULL);
    /* cheap threads, too many of them: the starter is stopped at the limit */
    run_bounded("pattern starter {\n"
                "    loop {\n"
                "        repeat 20000 { thread { wait 1000 } }\n"
                "        wait 1\n"
                "    }\n"
                "}\n",
                "starter", 3, "hostile.pat:3:24: too many scripts started in one frame");
}

#if !CHECK_SANITIZED
/* The most memory a process has held, in bytes (Linux: ru_maxrss is in KiB). */
static long long peak_bytes(void)
{
    struct rusage ru;
    return getrusage(RUSAGE_SELF, &ru) == 0 ? (long long)ru.ru_maxrss * 1024 : -1;
}
#endif

/* 20,000 one-line patterns (500 KB): the compiler's memory grows with the
 * source, about 30 bytes a byte. Each function's compiler state (8 KB) was kept
 * to the end of the compile: 370 bytes a byte, 5.9 GB for a 16 MiB file. The
 * peak is measured in a child process of its own. AddressSanitizer's shadow
 * and quarantine would be counted too: there the check is skipped. */
static void test_many_declarations(void)
{
#if CHECK_SANITIZED
    printf("many declarations: memory not measured under AddressSanitizer\n");
#else
    int n = 20000;
    size_t cap = (size_t)n * 32 + 16;
    char *src = malloc(cap);
    CHECK(src != NULL);
    if (!src)
        return;
    size_t len = 0;
    for (int i = 0; i < n; i++)
        len += (size_t)snprintf(src + len, cap - len, "pattern p%d {fire orb}\n", i);
    fflush(stdout);
    pid_t child = fork();
    if (child == 0) {
        long long before = peak_bytes();
        library *lib = compile_text(src);
        long long grown = peak_bytes() - before;
        printf("%d declarations, %zu bytes: the peak grew %lld bytes (%.1f a byte)\n", n, len,
               grown, (double)grown / (double)len);
        int ok = lib != NULL && before > 0 && grown <= 64 * (long long)len;
        library_free(lib);
        fflush(stdout);
        _exit(ok ? 0 : 1);
    }
    int status = 0;
    CHECK(child > 0 && waitpid(child, &status, 0) == child);
    CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    free(src);
#endif
}

/* A run-time error past column 65535 names its column (it stopped at 65535). */
static void test_wide_column(void)
{
    int pad = 70000;
    char *src = malloc((size_t)pad + 64);
    CHECK(src != NULL);
    if (!src)
        return;
    size_t len = (size_t)sprintf(src, "pattern wide {\n");
    memset(src + len, ' ', (size_t)pad);
    len += (size_t)pad;
    sprintf(src + len, "loop { }\n}\n");
    library *lib = compile_text(src);
    CHECK(lib != NULL);
    sandbox *sb = lib ? test_sandbox(lib, library_find(lib, "wide"), 2) : NULL;
    if (sb) {
        unsigned line = 0, col = 0;
        CHECK(sscanf(sandbox_last_error(sb), "hostile.pat:%u:%u:", &line, &col) == 2);
        CHECK_EQ_INT((int)line, 2);
        CHECK(col > 65535);
        CHECK_EQ_INT((int)col, pad + 1);
    }
    sandbox_destroy(sb);
    library_free(lib);
    free(src);
}

/* "const c0 = c1 + 1 ... const cN = 1" and a pattern using c0. */
static char *const_chain(int n)
{
    size_t cap = (size_t)n * 40 + 128;
    char *src = malloc(cap);
    if (!src)
        return NULL;
    size_t len = 0;
    for (int i = 0; i < n; i++)
        len += (size_t)snprintf(src + len, cap - len, "const c%d = c%d + 1\n", i, i + 1);
    snprintf(src + len, cap - len, "const c%d = 1\npattern p { fire orb speed c0 }\n", n);
    return src;
}

/* 100,000 constants each defined through the next: folding recursed along them
 * (a compiler state on the C stack each) and overflowed it. */
static void test_const_chain(void)
{
    char *src = const_chain(100000);
    CHECK(src != NULL);
    library *lib = src ? compile_text(src) : NULL;
    const diag *d = find_diag(DIAG_TOO_DEEP);
    CHECK(lib == NULL && d != NULL);
    if (d)
        CHECK_STR_CONTAINS(d->text, "through more than 200 other constants");
    library_free(lib);
    free(src);
    src = const_chain(199);
    lib = src ? compile_text(src) : NULL;
    CHECK(lib != NULL);
    library_free(lib);
    free(src);
}

/* Loads a generated BulletML document; 1 when it was refused with an error
 * whose message holds `want`. */
static int bulletml_refused(const char *xml, const char *want)
{
    static bulletml_diags bd;
    bulletml_doc *doc = bulletml_load_buffer("hostile.xml", xml, strlen(xml), &bd);
    int ok = doc == NULL && bd.errors > 0 && strstr(bd.items[0].message, want) != NULL;
    if (!ok && bd.kept)
        fprintf(stderr, "%s\n", bd.items[0].text);
    bulletml_unload(doc);
    return ok;
}

/* The BulletML importer's recursions are bounded already: 100,000 nested
 * elements, an expression of 30,000 terms, 500 parentheses deep, are refused
 * with a positioned error, never a crash. */
static void test_bulletml_deep(void)
{
    int n = 100000;
    size_t cap = (size_t)n * 24 + 256;
    char *xml = malloc(cap);
    CHECK(xml != NULL);
    if (!xml)
        return;
    size_t len = (size_t)snprintf(xml, cap, "<bulletml><action label=\"top\">");
    for (int i = 0; i < n; i++)
        len += (size_t)snprintf(xml + len, cap - len, "<action>");
    for (int i = 0; i < n; i++)
        len += (size_t)snprintf(xml + len, cap - len, "</action>");
    snprintf(xml + len, cap - len, "</action></bulletml>");
    CHECK(bulletml_refused(xml, "nested more than"));
    len = (size_t)snprintf(xml, cap, "<bulletml><action label=\"top\"><wait>1");
    for (int i = 0; i < 30000; i++)
        len += (size_t)snprintf(xml + len, cap - len, "+$rand");
    snprintf(xml + len, cap - len, "</wait></action></bulletml>");
    bulletml_diags bd;
    bulletml_doc *doc = bulletml_load_buffer("hostile.xml", xml, strlen(xml), &bd);
    CHECK(doc != NULL || bd.errors > 0); /* loads or is refused: returns either way */
    bulletml_unload(doc);
    len = (size_t)snprintf(xml, cap, "<bulletml><action label=\"top\"><wait>");
    for (int i = 0; i < 500; i++) /* a text holds at most 1024 characters */
        xml[len++] = '(';
    len += (size_t)snprintf(xml + len, cap - len, "1");
    for (int i = 0; i < 500; i++)
        xml[len++] = ')';
    snprintf(xml + len, cap - len, "</wait></action></bulletml>");
    CHECK(bulletml_refused(xml, "nested too deeply"));
    free(xml);
}

/* Whether the dictionary holds the entry "word" (with suffix, "sin(" for a function). */
static int dict_has(const char *dict, const char *word, const char *suffix)
{
    char entry[64];
    snprintf(entry, sizeof entry, "\n\"%s%s\"\n", word, suffix);
    return strstr(dict, entry) != NULL;
}

/* The pipeline fuzz target's dictionary holds every word of the language's
 * tables: statements, clauses, shapes, colours, math functions. */
static void test_dictionary(const char *path)
{
    char err[512];
    char *dict = file_read_all(path, NULL, err, sizeof err);
    CHECK(dict != NULL);
    if (!dict) {
        fprintf(stderr, "%s\n", err);
        return;
    }
    for (int i = 0; parser_statement_words[i]; i++)
        CHECK(dict_has(dict, parser_statement_words[i], ""));
    static const char *const clauses[] = {
#define CLAUSE_WORD(id, keyword, shape, applies, reg) keyword,
        AST_CLAUSES(CLAUSE_WORD)
#undef CLAUSE_WORD
    };
    for (size_t i = 0; i < sizeof clauses / sizeof clauses[0]; i++)
        CHECK(dict_has(dict, clauses[i], ""));
    static const char *const show_clauses[] = {
#define SHOW_CLAUSE_WORD(id, keyword, shape) keyword,
        AST_SHOW_CLAUSES(SHOW_CLAUSE_WORD)
#undef SHOW_CLAUSE_WORD
    };
    for (size_t i = 0; i < sizeof show_clauses / sizeof show_clauses[0]; i++)
        CHECK(dict_has(dict, show_clauses[i], ""));
    static const char *const looks[] = {
#define SHAPE_WORD(id, name, radius, rotates, size) name,
        BULLET_SHAPES(SHAPE_WORD)
#undef SHAPE_WORD
#define COLOUR_WORD(id, name) name,
            BULLET_COLORS(COLOUR_WORD)
#undef COLOUR_WORD
    };
    for (size_t i = 0; i < sizeof looks / sizeof looks[0]; i++)
        CHECK(dict_has(dict, looks[i], ""));
    for (int m = 0; m < VM_MATH_COUNT; m++)
        CHECK(dict_has(dict, vm_math_name((vm_math)m), "("));
    mem_free(dict);
}

int main(int argc, char **argv)
{
    test_long_chain();
    test_chain_at_limit();
    test_else_if_chain();
    test_frame_budget();
    test_many_declarations();
    test_wide_column();
    test_bulletml_deep();
    test_const_chain();
    if (argc > 1)
        test_dictionary(argv[1]);
    else
        CHECK(!"usage: test_pattern.hostile PIPELINE.dict");
    diag_free(&diags);
    return check_done("pattern.hostile");
}
