/*
 * format: the canonical layout (pattern/language/format.h). A few texts laid
 * out by hand, then every pattern file given on the command line: each is
 * already in the layout (the shipped files are committed formatted), formatting
 * it twice changes nothing, every comment is kept, and each folder compiled
 * from the formatted texts gives the same program, function by function
 * (program_hash_func), as from the files.
 *
 * Arguments: DIR... (each compiled as the game compiles a folder), then `--each`
 * DIR... (each file compiled alone, as the docs' examples are), then `--mod` MOD...
 * (each laid over the first DIR, as `play --mod` does), then `--any` DIR... (any
 * text, the fuzz corpora's: where it lexes, the same tokens and idempotent).
 */
#include "../check.h"

#include "core/file.h"
#include "core/hash.h"
#include "core/mem.h"
#include "pattern/content/library.h"
#include "pattern/language/format.h"
#include "pattern/language/lexer.h"

#include <dirent.h>

#include <stdlib.h>
#include <string.h>

/* The formatted text of src, or NULL (failing the check) when it has none. */
static char *fmt_of(const char *path, const char *src, size_t len, size_t *out_len)
{
    static diag_list diags;
    diag_init(&diags);
    char *out = format_text(path, src, len, out_len, &diags);
    if (!out)
        diag_print(&diags, stderr);
    diag_free(&diags);
    return out;
}

static void expect_format(const char *src, const char *want)
{
    size_t n = 0;
    char *out = fmt_of("test.pat", src, strlen(src), &n);
    CHECK(out != NULL);
    if (!out)
        return;
    if (strcmp(out, want) != 0)
        fprintf(stderr, "formatted:\n%s---\nwanted:\n%s---\n", out, want);
    CHECK(strcmp(out, want) == 0);
    size_t n2 = 0;
    char *again = fmt_of("test.pat", out, n, &n2);
    CHECK(again && strcmp(again, out) == 0);
    mem_free(again);
    mem_free(out);
}

static void test_layout(void)
{
    /* indentation, spacing, blank lines, comments in place */
    expect_format("\n\n# head\npattern   p{\n  var a=[1,2 ,3]   # three\n\tloop as t{\n"
                  "      fire orb red ring 8 at t*7+ -3 speed a[t%3]\n   # alone\n"
                  "  h.speed  4 ; wait 2\n if a[0]==-1{wait 1}\n  }\n        # last\n}\n\n\n\n"
                  "function f(x,y){\nreturn x-y\n}\n\n",
                  "# head\npattern p {\n    var a = [1, 2, 3] # three\n    loop as t {\n"
                  "        fire orb red ring 8 at t * 7 + -3 speed a[t % 3]\n        # alone\n"
                  "        h.speed 4; wait 2\n        if a[0] == -1 { wait 1 }\n    }\n"
                  "    # last\n}\n\nfunction f(x, y) {\n    return x - y\n}\n");
    /* a sign stays on its number; a binary minus gets its spaces */
    expect_format("pattern p {\n    fire at -90 speed 2-1\n    wait 3 -1\n}\n",
                  "pattern p {\n    fire at -90 speed 2 - 1\n    wait 3 -1\n}\n");
    /* a line indented deeper than its block continues the one before */
    expect_format("pattern p {\n    fire orb red\n              at 3 speed 2 {\n    wait 1\n"
                  "    }\n}\n",
                  "pattern p {\n    fire orb red\n        at 3 speed 2 {\n        wait 1\n"
                  "    }\n}\n");
    /* a table's aligned columns and aligned comments stay aligned */
    expect_format("art \"a.png\" {\n    shape ab   frame 1 1  # x\n"
                  "    shape abcd frame 2 2  # y\n}\n",
                  "art \"a.png\" {\n    shape ab   frame 1 1  # x\n"
                  "    shape abcd frame 2 2  # y\n}\n");
    /* calls, members, named arguments, strings as spelled; a comment keeps its column */
    expect_format("pattern p {\nrun b(spin_by : 5,count:16)\nprint \"a  #  b\"  # c\n"
                  "h . speed 2s\n}",
                  "pattern p {\n    run b(spin_by: 5, count: 16)\n    print \"a  #  b\"  # c\n"
                  "    h.speed 2s\n}\n");
    /* a sign before `=` keeps its space: `-=` would be another token */
    expect_format("pattern p {\n    x = - = 1\n    y = - -2\n}\n",
                  "pattern p {\n    x = - = 1\n    y = --2\n}\n");
    expect_format("", "");
    expect_format("# only\r\n", "# only\n");
    /* a text that does not lex cleanly is not rewritten */
    static diag_list diags;
    diag_init(&diags);
    size_t n = 0;
    const char *bad = "pattern p {\n    print \"open\n}\n";
    CHECK(format_text("bad.pat", bad, strlen(bad), &n, &diags) == NULL);
    CHECK(diags.errors > 0);
    diag_free(&diags);
    /* nesting no parser reads, and a layout many times the text: refused */
    static char deep[1024], tall[8192];
    size_t k = 0;
    k += (size_t)snprintf(deep, sizeof deep, "pattern p {\n");
    for (int i = 0; i < 120; i++)
        deep[k++] = '{', deep[k++] = '\n';
    deep[k] = '\0';
    diag_init(&diags);
    CHECK(format_text("deep.pat", deep, k, &n, &diags) == NULL);
    CHECK(diags.count == 1 && diags.items[0].code == DIAG_TOO_DEEP && diags.items[0].line == 101);
    diag_free(&diags);
    k = (size_t)snprintf(tall, sizeof tall, "pattern p {");
    for (int i = 0; i < 90; i++)
        k += (size_t)snprintf(tall + k, sizeof tall - k, "{");
    for (int i = 0; i < 1000; i++)
        k += (size_t)snprintf(tall + k, sizeof tall - k, "\n1");
    diag_init(&diags);
    CHECK(format_text("tall.pat", tall, k, &n, &diags) == NULL);
    CHECK(diags.count == 1 && diags.items[0].code == DIAG_TOO_LARGE);
    diag_free(&diags);
}

/* Whether a and b lex to the same tokens, spelled the same. */
static int same_tokens(const char *a, size_t alen, const char *b, size_t blen)
{
    static diag_list da, db;
    diag_init(&da);
    diag_init(&db);
    lexer la, lb;
    lexer_init(&la, "a", a, alen, &da);
    lexer_init(&lb, "b", b, blen, &db);
    int same = 1;
    for (;;) {
        token x = lexer_next(&la), y = lexer_next(&lb);
        size_t xl = la.pos - (size_t)(x.start - a), yl = lb.pos - (size_t)(y.start - b);
        if (x.kind != y.kind || xl != yl || memcmp(x.start, y.start, xl) != 0) {
            same = 0;
            break;
        }
        if (x.kind == TOK_EOF)
            break;
    }
    diag_free(&da);
    diag_free(&db);
    return same;
}

/* Any text (a fuzz corpus file): formatted, if it lexes, to the same tokens,
 * and formatting that changes nothing. */
static int any_checked;
static void check_any(const char *path)
{
    size_t len = 0, n = 0, n2 = 0;
    char *src = file_read_limit(path, FILE_LIMIT_PATTERN, &len, NULL, 0);
    if (!src)
        return;
    static diag_list diags;
    diag_init(&diags);
    char *out = format_text(path, src, len, &n, &diags);
    diag_free(&diags);
    if (out) {
        diag_init(&diags);
        char *again = format_text(path, out, n, &n2, &diags);
        diag_free(&diags);
        if (!again || n2 != n || memcmp(again, out, n) != 0 || !same_tokens(src, len, out, n))
            fprintf(stderr, "%s: formatting changed a token or is not idempotent\n", path);
        CHECK(again && n2 == n && memcmp(again, out, n) == 0);
        CHECK(same_tokens(src, len, out, n));
        any_checked++;
        mem_free(again);
    }
    mem_free(out);
    mem_free(src);
}

/* The texts of one compile: each path's formatted text. */
typedef struct fmt_texts {
    char **paths, **texts;
    size_t *lens;
    int count;
} fmt_texts;

static const char *fmt_text_of(void *ctx, const char *path, size_t *len)
{
    const fmt_texts *t = ctx;
    for (int i = 0; i < t->count; i++)
        if (strcmp(t->paths[i], path) == 0) {
            *len = t->lens[i];
            return t->texts[i];
        }
    return NULL;
}

static void hash_ref_func(void *ctx, uint32_t f)
{
    hash_u32(ctx, f);
}

static void hash_ref_table(void *ctx, vm_ref_kind kind, double v)
{
    hash_u32(ctx, (uint32_t)kind);
    hash_f64(ctx, v);
}

/* Every function of the program, in order, by its name and what it means. */
static uint64_t program_hash(const vm_program *p)
{
    hasher hs;
    hash_begin(&hs, 31);
    hash_u32(&hs, p->func_count);
    for (uint32_t fi = 0; fi < p->func_count; fi++) {
        hasher fh;
        hash_begin(&fh, 0);
        const program_refs refs = {&fh, hash_ref_func, hash_ref_table};
        program_hash_func(p, fi, &fh, &refs);
        hash_bytes(&hs, p->funcs[fi].name, strlen(p->funcs[fi].name));
        hash_u64(&hs, hash_end(&fh));
    }
    return hash_end(&hs);
}

static int files_checked, comments_checked;

/* Checks one file's text and keeps its formatted text in t. */
static void check_file(fmt_texts *t, const char *path)
{
    size_t len = 0, n = 0, n2 = 0;
    char err[256];
    char *src = file_read_limit(path, FILE_LIMIT_PATTERN, &len, err, sizeof err);
    CHECK(src != NULL);
    if (!src)
        return;
    char *out = fmt_of(path, src, len, &n);
    CHECK(out != NULL);
    if (out) {
        char *again = fmt_of(path, out, n, &n2);
        CHECK(again && n2 == n && memcmp(again, out, n) == 0);
        if (n != len || memcmp(out, src, len) != 0)
            fprintf(stderr, "%s: not in the canonical layout (curtain fmt --write %s)\n", path,
                    path);
        CHECK(n == len && memcmp(out, src, len) == 0);
        CHECK(same_tokens(src, len, out, n));
        /* every comment, word for word */
        for (const char *c = strchr(src, '#'); c; c = strchr(c + 1, '#')) {
            size_t k = strcspn(c, "\r\n");
            char *line = mem_alloc(k + 1);
            memcpy(line, c, k);
            line[k] = '\0';
            while (k > 0 && line[k - 1] == ' ')
                line[--k] = '\0';
            CHECK(strstr(out, line) != NULL);
            comments_checked++;
            mem_free(line);
        }
        mem_free(again);
    }
    t->paths[t->count] = mem_strdup(path);
    t->texts[t->count] = out;
    t->lens[t->count] = n;
    t->count++;
    files_checked++;
    mem_free(src);
}

/* Compiles paths from the files and from their formatted texts; the programs
 * must hash the same. */
static void check_compile(const char *const *paths, int count, const char *what)
{
    fmt_texts t = {mem_calloc((size_t)count, sizeof(char *)),
                   mem_calloc((size_t)count, sizeof(char *)), mem_calloc((size_t)count, 8), 0};
    for (int i = 0; i < count; i++)
        if (strstr(paths[i], ".pat"))
            check_file(&t, paths[i]);
    static diag_list d1, d2;
    diag_init(&d1);
    diag_init(&d2);
    library *a = library_load_paths(paths, count, &d1);
    library *b = library_load_texts(paths, count, fmt_text_of, &t, &d2);
    if (!a) {
        diag_print(&d1, stderr);
        fprintf(stderr, "%s: does not compile\n", what);
    }
    CHECK(a != NULL && b != NULL);
    if (a && b)
        CHECK_EQ_U64(program_hash(a->prog), program_hash(b->prog));
    CHECK_EQ_INT(d1.warnings, d2.warnings);
    library_free(a);
    library_free(b);
    diag_free(&d1);
    diag_free(&d2);
    for (int i = 0; i < t.count; i++) {
        mem_free(t.paths[i]);
        mem_free(t.texts[i]);
    }
    mem_free(t.paths);
    mem_free(t.texts);
    mem_free(t.lens);
}

/* A mod's files laid over the game's: the same relative path replaces. */
static void check_mod(const char *game, const char *mod)
{
    int ng = 0, nm = 0;
    char **g = library_list_dir(game, 0, &ng), **m = library_list_dir(mod, 0, &nm);
    CHECK(g != NULL && m != NULL);
    if (!g || !m)
        return;
    const char **paths = mem_calloc((size_t)(ng + nm), sizeof(char *));
    int count = 0;
    size_t gl = strlen(game), ml = strlen(mod);
    for (int i = 0; i < ng; i++)
        paths[count++] = g[i];
    for (int j = 0; j < nm; j++) {
        int replaced = 0;
        for (int i = 0; i < ng; i++)
            if (strcmp(g[i] + gl, m[j] + ml) == 0)
                paths[i] = m[j], replaced = 1;
        if (!replaced)
            paths[count++] = m[j];
    }
    check_compile(paths, count, mod);
    mem_free(paths);
    library_paths_free(g, ng);
    library_paths_free(m, nm);
}

int main(int argc, char **argv)
{
    test_layout();
    const char *game = NULL;
    int mode = 0; /* 0: folders, 1: each file alone, 2: mods, 3: any text */
    for (int a = 1; a < argc; a++) {
        if (strcmp(argv[a], "--each") == 0 || strcmp(argv[a], "--mod") == 0 ||
            strcmp(argv[a], "--any") == 0) {
            mode = argv[a][2] == 'e' ? 1 : argv[a][2] == 'm' ? 2 : 3;
            continue;
        }
        if (mode == 3) {
            DIR *d = opendir(argv[a]);
            CHECK(d != NULL);
            for (struct dirent *e = d ? readdir(d) : NULL; e; e = readdir(d)) {
                char path[4096];
                if (e->d_name[0] == '.')
                    continue;
                snprintf(path, sizeof path, "%s/%s", argv[a], e->d_name);
                check_any(path);
            }
            if (d)
                closedir(d);
            continue;
        }
        if (mode == 2) {
            if (game)
                check_mod(game, argv[a]);
            continue;
        }
        int n = 0;
        char **paths = library_list_dir(argv[a], 0, &n);
        CHECK(paths != NULL);
        if (!paths)
            continue;
        if (mode == 0) {
            if (!game)
                game = argv[a];
            check_compile((const char *const *)paths, n, argv[a]);
        } else {
            for (int i = 0; i < n; i++)
                check_compile((const char *const *)&paths[i], 1, paths[i]);
        }
        library_paths_free(paths, n);
    }
    printf("%d files, %d comments, %d corpus texts\n", files_checked, comments_checked,
           any_checked);
    return check_done("pattern.format");
}
