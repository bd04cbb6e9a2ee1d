/*
 * words_gen: the files made from the pattern language's word table
 * (src/pattern/language/words.h), written or checked.
 *
 *   tools/editor/vscode/syntaxes/curtain-pattern.tmLanguage.json  the TextMate grammar
 *   tools/editor/vim/syntax/curtainpat.vim                        the Vim syntax file
 *   tests/pattern/fuzz/lang.dict, pipeline.dict                   their word blocks
 *
 * Each word is coloured by the first class (words.h's WORD_CLASSES order) among
 * its rows; a function is also coloured as one before a '('. A dictionary keeps
 * its own entries (snippets, punctuation) above the marker line and gets every
 * word of the language below it: the table's, the fire and presentation
 * clauses (pattern/language/ast.h), the shapes and colours (sim/bullet_kind.h), and
 * each function with its '('.
 *
 * usage: words_gen write|check ROOT
 *   write: rewrites the files under ROOT (`cmake --build BUILD --target words`);
 *   check: exits 1 naming each file that differs (the test tools.words).
 */
#include "../tool_args.h"
#include "core/file.h"
#include "core/mem.h"
#include "pattern/language/ast.h"
#include "pattern/language/parser.h"
#include "pattern/language/words.h"
#include "sim/bullet_kind.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GEN_MAX_WORDS 512
#define GEN_OUT_MAX   (64 * 1024)

/* The dictionaries' marker: what is below it is written here. */
#define GEN_DICT_MARKER                                                                           \
    "# The language's words, made from src/pattern/language/words.h by tools/words/words_gen.c\n" \
    "# (`cmake --build BUILD --target words`): do not edit below this line.\n"

typedef struct gen_word {
    const char *word;
    int klass;    /* words_class: the first among its rows (WORD_CLASS_COUNT: none) */
    int function; /* it is a built-in function */
} gen_word;

static gen_word words[GEN_MAX_WORDS];
static int nwords;

static const char *const class_scopes[] = {
#define GEN_CLASS_SCOPE(id, scope, vim, link) scope,
    WORD_CLASSES(GEN_CLASS_SCOPE)
#undef GEN_CLASS_SCOPE
};
static const char *const class_vim[] = {
#define GEN_CLASS_VIM(id, scope, vim, link) vim,
    WORD_CLASSES(GEN_CLASS_VIM)
#undef GEN_CLASS_VIM
};
static const char *const class_links[] = {
#define GEN_CLASS_LINK(id, scope, vim, link) link,
    WORD_CLASSES(GEN_CLASS_LINK)
#undef GEN_CLASS_LINK
};

static const char *const shapes[] = {
#define GEN_SHAPE(id, name, radius, rotates, size) name,
    BULLET_SHAPES(GEN_SHAPE)
#undef GEN_SHAPE
};
static const char *const colours[] = {
#define GEN_COLOUR(id, name) name,
    BULLET_COLORS(GEN_COLOUR)
#undef GEN_COLOUR
};

/* ---- the words ---- */

static gen_word *gen_find(const char *word)
{
    for (int i = 0; i < nwords; i++)
        if (strcmp(words[i].word, word) == 0)
            return &words[i];
    return NULL;
}

/* Adds a row's word: a function row marks it, another row lowers its class. */
static void gen_add(const char *word, int klass)
{
    gen_word *w = gen_find(word);
    if (!w) {
        if (nwords >= GEN_MAX_WORDS) {
            fprintf(stderr, "words_gen: more than %d words\n", GEN_MAX_WORDS);
            exit(2);
        }
        w = &words[nwords++];
        *w = (gen_word){word, WORD_CLASS_COUNT, 0};
    }
    if (klass == WORD_CLASS_FUNCTION)
        w->function = 1;
    else if (klass < w->klass)
        w->klass = klass;
}

static void gen_collect(void)
{
#define GEN_ROW(kind, klass, word, syntax, doc) gen_add(word, WORD_CLASS_##klass);
    WORDS(GEN_ROW)
#undef GEN_ROW
#define GEN_VERB(id, word, operands, how, where, doc) gen_add(word, WORD_CLASS_STATEMENT);
    WORD_VERBS(GEN_VERB)
#undef GEN_VERB
}

/* Sorts names longest first, then alphabetically (a regular expression's
 * alternatives: a longer word before its prefix). */
static int gen_by_length(const void *a, const void *b)
{
    const char *x = *(const char *const *)a, *y = *(const char *const *)b;
    size_t lx = strlen(x), ly = strlen(y);
    return lx != ly ? (lx > ly ? -1 : 1) : strcmp(x, y);
}

static int gen_by_name(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The words of a class (functions: klass WORD_CLASS_FUNCTION; values: the
 * values no keyword class holds), sorted by cmp. Returns how many. */
static int gen_class(int klass, const char **out, int (*cmp)(const void *, const void *))
{
    int n = 0;
    for (int i = 0; i < nwords; i++) {
        int in = klass == WORD_CLASS_FUNCTION ? words[i].function : words[i].klass == klass;
        if (in)
            out[n++] = words[i].word;
    }
    qsort(out, (size_t)n, sizeof *out, cmp);
    return n;
}

/* ---- output ---- */

static char out[GEN_OUT_MAX];
static size_t used;

static void gen_put(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void gen_put(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(out + used, sizeof out - used, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= sizeof out - used) {
        fprintf(stderr, "words_gen: output over %d bytes\n", GEN_OUT_MAX);
        exit(2);
    }
    used += (size_t)n;
}

/* "a|b|c" of the names. */
static void gen_alternatives(const char **names, int n, const char *sep)
{
    for (int i = 0; i < n; i++)
        gen_put("%s%s", i ? sep : "", names[i]);
}

/* One TextMate match rule for whole words. */
static void gen_tm_rule(const char *scope, const char **names, int n, const char *after)
{
    gen_put("    {\n      \"name\": \"%s.curtain-pattern\",\n", scope);
    gen_put("      \"match\": \"(?<![A-Za-z0-9_])(?:");
    gen_alternatives(names, n, "|");
    gen_put(")(?![A-Za-z0-9_])%s\"\n    },\n", after);
}

static void gen_textmate(void)
{
    const char *names[GEN_MAX_WORDS];
    gen_put("{\n"
            "  \"$schema\": "
            "\"https://raw.githubusercontent.com/martinring/tmlanguage/master/tmlanguage.json\",\n"
            "  \"name\": \"curtain pattern\",\n"
            "  \"scopeName\": \"source.curtain-pattern\",\n"
            "  \"fileTypes\": [\n    \"pat\"\n  ],\n"
            "  \"comment\": \"The pattern language of curtain (docs/patterns.md). Made from "
            "src/pattern/language/words.h by tools/words/words_gen.c: do not edit. Match rules "
            "only, one "
            "line at a time; the test tools.editor_grammar applies them to every file of "
            "patterns/ and docs/examples/ and checks that the keyword scopes fall exactly on the "
            "words the lexer reads as the language's keywords.\",\n"
            "  \"patterns\": [\n"
            "    {\n      \"name\": \"comment.line.number-sign.curtain-pattern\",\n"
            "      \"match\": \"#.*$\"\n    },\n"
            "    {\n      \"name\": \"string.quoted.double.curtain-pattern\",\n"
            "      \"match\": \"\\\"(?:[^\\\"\\\\\\\\]|\\\\\\\\.)*(?:\\\"|$)\"\n    },\n");
    /* a declaration's word, or a statement's that names one, and the name after it */
    int n = 0;
    for (int i = 0; parser_decl_words[i]; i++)
        names[n++] = parser_decl_words[i];
    static const char *const callers[] = {"spawn", "run", "thread", "midboss"};
    for (int i = 0; i < 4; i++)
        names[n++] = callers[i];
    gen_put("    {\n      \"match\": \"(?<![A-Za-z0-9_])(");
    gen_alternatives(names, n, "|");
    gen_put(")[ \\\\t]+(?!extra(?![A-Za-z0-9_]))([A-Za-z_][A-Za-z0-9_]*)\",\n"
            "      \"captures\": {\n"
            "        \"1\": {\n          \"name\": \"keyword.declaration.curtain-pattern\"\n"
            "        },\n"
            "        \"2\": {\n          \"name\": \"entity.name.function.curtain-pattern\"\n"
            "        }\n      }\n    },\n");
    for (int k = 0; k < WORD_CLASS_FUNCTION; k++) {
        n = gen_class(k, names, gen_by_length);
        gen_tm_rule(class_scopes[k], names, n, "");
    }
    memcpy(names, shapes, sizeof shapes);
    qsort(names, BULLET_SHAPE_COUNT, sizeof *names, gen_by_length);
    gen_tm_rule("support.constant.shape", names, BULLET_SHAPE_COUNT, "");
    memcpy(names, colours, sizeof colours);
    qsort(names, BULLET_COLOR_COUNT, sizeof *names, gen_by_length);
    gen_tm_rule("support.constant.colour", names, BULLET_COLOR_COUNT, "");
    n = gen_class(WORD_CLASS_FUNCTION, names, gen_by_length);
    gen_tm_rule(class_scopes[WORD_CLASS_FUNCTION], names, n, "(?=[ \\\\t]*\\\\()");
    n = gen_class(WORD_CLASS_VALUE, names, gen_by_length);
    gen_tm_rule(class_scopes[WORD_CLASS_VALUE], names, n, "");
    gen_put("    {\n      \"name\": \"constant.numeric.curtain-pattern\",\n"
            "      \"match\": "
            "\"(?<![A-Za-z0-9_.])(?:[0-9]+(?:\\\\.[0-9]*)?|\\\\.[0-9]+)s?(?![A-Za-z0-9_])\"\n"
            "    },\n"
            "    {\n      \"name\": \"keyword.operator.curtain-pattern\",\n"
            "      \"match\": \"[-+*/%%]=?|[<>!=]=|[<>=]\"\n    }\n  ]\n}\n");
}

static void gen_vim_line(const char *group, const char **names, int n)
{
    if (n == 0)
        return;
    gen_put("syntax keyword %s ", group);
    gen_alternatives(names, n, " ");
    gen_put("\n");
}

static void gen_vim(void)
{
    const char *names[GEN_MAX_WORDS];
    gen_put(
        "\" Vim and Neovim syntax for curtain pattern files (.pat): docs/patterns.md.\n"
        "\" Made from src/pattern/language/words.h by tools/words/words_gen.c: do not edit. The\n"
        "\" test tools.editor_grammar checks the keywords against the language.\n"
        "if exists(\"b:current_syntax\")\n  finish\nendif\n\n");
    for (int k = 0; k < WORD_CLASS_FUNCTION; k++)
        gen_vim_line(class_vim[k], names, gen_class(k, names, gen_by_name));
    memcpy(names, shapes, sizeof shapes);
    qsort(names, BULLET_SHAPE_COUNT, sizeof *names, gen_by_name);
    gen_vim_line("curtainShape", names, BULLET_SHAPE_COUNT);
    memcpy(names, colours, sizeof colours);
    qsort(names, BULLET_COLOR_COUNT, sizeof *names, gen_by_name);
    gen_vim_line("curtainColour", names, BULLET_COLOR_COUNT);
    /* built-in values: the words no keyword class holds, but the functions only */
    int n = 0;
    for (int i = 0; i < nwords; i++)
        if (words[i].klass == WORD_CLASS_VALUE)
            names[n++] = words[i].word;
    qsort(names, (size_t)n, sizeof *names, gen_by_name);
    gen_vim_line(class_vim[WORD_CLASS_VALUE], names, n);
    /* functions before a '(' (a keyword would win over a match: a word that is
     * also a value is coloured as one) */
    n = gen_class(WORD_CLASS_FUNCTION, names, gen_by_length);
    gen_put("syntax match %s \"\\<\\(", class_vim[WORD_CLASS_FUNCTION]);
    gen_alternatives(names, n, "\\|");
    gen_put("\\)\\ze\\s*(\"\n");
    gen_put("syntax match curtainNumber \"\\<\\d\\+\\(\\.\\d*\\)\\=s\\=\\>\"\n"
            "syntax match curtainNumber \"\\.\\d\\+s\\=\\>\"\n"
            "syntax region curtainString start=+\"+ skip=+\\\\.+ end=+\"\\|$+ oneline\n"
            "syntax match curtainComment \"#.*$\"\n\n");
    for (int k = 0; k < WORD_CLASS_COUNT; k++)
        gen_put("highlight default link %s %s\n", class_vim[k], class_links[k]);
    gen_put("highlight default link curtainShape Type\n"
            "highlight default link curtainColour Constant\n"
            "highlight default link curtainNumber Number\n"
            "highlight default link curtainString String\n"
            "highlight default link curtainComment Comment\n\n"
            "let b:current_syntax = \"curtainpat\"\n");
}

/* Adds "word" (with suffix) to the dictionary block once. */
static void gen_dict_entry(const char *word, const char *suffix, char seen[][40], int *nseen)
{
    char entry[40];
    snprintf(entry, sizeof entry, "%s%s", word, suffix);
    for (int i = 0; i < *nseen; i++)
        if (strcmp(seen[i], entry) == 0)
            return;
    if (*nseen < GEN_MAX_WORDS)
        snprintf(seen[(*nseen)++], sizeof seen[0], "%s", entry);
    gen_put("\"%s\"\n", entry);
}

/* The dictionary text: what is above the marker in old (or all of it), the
 * marker, then every word. */
static void gen_dict(const char *old)
{
    static char seen[GEN_MAX_WORDS][40];
    int nseen = 0;
    const char *marker = old ? strstr(old, GEN_DICT_MARKER) : NULL;
    size_t keep = old ? (marker ? (size_t)(marker - old) : strlen(old)) : 0;
    gen_put("%.*s%s", (int)keep, old ? old : "", GEN_DICT_MARKER);
    for (int i = 0; i < nwords; i++)
        if (words[i].klass < WORD_CLASS_COUNT)
            gen_dict_entry(words[i].word, "", seen, &nseen);
    static const char *const clauses[] = {
#define GEN_CLAUSE(id, keyword, shape, applies, reg) keyword,
        AST_CLAUSES(GEN_CLAUSE)
#undef GEN_CLAUSE
#define GEN_SHOW_CLAUSE(id, keyword, shape) keyword,
            AST_SHOW_CLAUSES(GEN_SHOW_CLAUSE)
#undef GEN_SHOW_CLAUSE
    };
    for (size_t i = 0; i < sizeof clauses / sizeof clauses[0]; i++)
        gen_dict_entry(clauses[i], "", seen, &nseen);
    for (int i = 0; i < BULLET_SHAPE_COUNT; i++)
        gen_dict_entry(shapes[i], "", seen, &nseen);
    for (int i = 0; i < BULLET_COLOR_COUNT; i++)
        gen_dict_entry(colours[i], "", seen, &nseen);
    for (int i = 0; i < nwords; i++)
        if (words[i].function)
            gen_dict_entry(words[i].word, "(", seen, &nseen);
}

/* Writes or checks one file of the text made in out. Returns 0 when it is up
 * to date (or written). */
static int gen_file(const char *root, const char *rel, int write, const char *old)
{
    char path[1024], err[256];
    snprintf(path, sizeof path, "%s/%s", root, rel);
    if (write) {
        if (old && strlen(old) == used && memcmp(old, out, used) == 0)
            return 0;
        if (file_write_atomic(path, out, used, err, sizeof err) != 0) {
            fprintf(stderr, "words_gen: %s\n", err);
            return 1;
        }
        printf("wrote %s\n", rel);
        return 0;
    }
    if (!old || strlen(old) != used || memcmp(old, out, used) != 0) {
        fprintf(
            stderr,
            "%s is not what src/pattern/language/words.h makes: run `cmake --build BUILD --target "
            "words` and commit it\n",
            rel);
        return 1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    static const tool_usage usage = {
        "words_gen", "write|check ROOT",
        "writes (write) or checks (check) the files made from the pattern language's word\n"
        "table, src/pattern/language/words.h, under the source folder ROOT: the TextMate grammar, "
        "the\n"
        "Vim syntax file and the fuzz dictionaries' word blocks",
        2, 2};
    int args = tool_args(argc, argv, &usage);
    if (args >= 0)
        return args;
    if (strcmp(argv[1], "write") != 0 && strcmp(argv[1], "check") != 0) {
        tool_args_usage(&usage, stderr);
        return 2;
    }
    int write = strcmp(argv[1], "write") == 0;
    gen_collect();
    static const char *const files[] = {
        "tools/editor/vscode/syntaxes/curtain-pattern.tmLanguage.json",
        "tools/editor/vim/syntax/curtainpat.vim", "tests/pattern/fuzz/lang.dict",
        "tests/pattern/fuzz/pipeline.dict"};
    int stale = 0;
    for (int f = 0; f < 4; f++) {
        char path[1024], err[256];
        snprintf(path, sizeof path, "%s/%s", argv[2], files[f]);
        char *old = file_read_all(path, NULL, err, sizeof err);
        used = 0;
        if (f == 0)
            gen_textmate();
        else if (f == 1)
            gen_vim();
        else
            gen_dict(old);
        stale += gen_file(argv[2], files[f], write, old);
        mem_free(old);
    }
    if (!write && !stale)
        printf("tools.words: %d words, %d files up to date\n", nwords, 4);
    return stale ? 1 : 0;
}
