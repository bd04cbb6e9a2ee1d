/*
 * docs: every example of docs/patterns.md is a real file. Each ```pat block of
 * the page starts with "# docs/examples/NAME.pat" and must be exactly that file;
 * every file of docs/examples/ must appear on the page; each loads alone with no
 * error or warning, and runs 900 frames in the sandbox without a run-time error,
 * firing bullets. The page's lists of bullet shapes, colours and reserved words
 * are exactly the language's, and so is the hover table of pattern/language/reference.h,
 * every row of which the page's Reference shows, and so is its table of the
 * built-in sounds (sim/sound.h); the word table (pattern/language/words.h) keeps its
 * own promises (docs_words), and VM_MD's table of verbs lists pattern/vm/vm.h's.
 * Each ```xml block of BULLETML_MD (a whole BulletML document) loads without a
 * warning and runs the same way.
 *
 * usage: test_pattern.docs PATTERNS_MD EXAMPLES_DIR [BULLETML_MD [VM_MD]]
 */
#include "../check.h"
#include "core/file.h"
#include "core/mem.h"
#include "pattern/bulletml/bulletml_import.h"
#include "pattern/content/library.h"
#include "pattern/language/compiler.h"
#include "pattern/language/parser.h"
#include "pattern/language/reference.h"
#include "pattern/language/words.h"
#include "pattern/objects/sandbox.h"
#include "pattern/vm/vm.h"
#include "sim/bullet_kind.h"
#include "sim/sound.h"
#include "test_sandbox.h"

#include <dirent.h>
#include <string.h>

#define DOCS_MAX 64

static char seen[DOCS_MAX][128];
static int nseen;

/* Loads and runs one example file. */
static void docs_run(const char *path)
{
    static diag_list diags;
    diag_init(&diags);
    const char *paths[] = {path};
    library *lib = library_load_paths(paths, 1, &diags);
    if (!lib || diags.count)
        diag_print(&diags, stderr);
    CHECK(lib != NULL);
    CHECK_EQ_INT(diags.warnings, 0);
    diag_free(&diags);
    if (!lib)
        return;
    const library_entry *e = library_default_entry(lib, path);
    CHECK(e != NULL);
    sandbox *sb = test_sandbox(lib, e, 900);
    if (sb) {
        if (sandbox_error_count(sb))
            fprintf(stderr, "%s: %s\n", path, sandbox_last_error(sb));
        CHECK_EQ_INT(sandbox_error_count(sb), 0);
        CHECK(sandbox_vm_stats(sb).spawned > 0);
    }
    sandbox_destroy(sb);
    library_free(lib);
}

/* The next `word` span at or after p, before end, that is one name (letters,
 * digits, '_'; words separated by spaces or newlines inside it are split by the
 * caller). Copies it to out and returns the character after it, or NULL. */
static const char *docs_next_span(const char *p, const char *end, char *out, size_t size)
{
    while (p && p < end && (p = memchr(p, '`', (size_t)(end - p))) != NULL) {
        const char *close = memchr(p + 1, '`', (size_t)(end - p - 1));
        if (!close)
            return NULL;
        size_t len = (size_t)(close - p - 1);
        if (len > 0 && len < size) {
            memcpy(out, p + 1, len);
            out[len] = '\0';
            return close + 1;
        }
        p = close + 1;
    }
    return NULL;
}

/* The names in backquotes after `intro` on the page, up to the first '(', must be
 * exactly the `count` names of `names`. */
static void docs_list(const char *md, const char *intro, const char *const *names, int count)
{
    const char *p = strstr(md, intro);
    CHECK(p != NULL);
    if (!p)
        return;
    const char *end = strchr(p, '(');
    end = end ? end : p + strlen(p);
    char word[64];
    int listed = 0;
    while ((p = docs_next_span(p, end, word, sizeof word)) != NULL) {
        int found = 0;
        for (int i = 0; i < count; i++)
            found |= strcmp(names[i], word) == 0;
        if (!found)
            fprintf(stderr, "%s lists '%s', which the language does not have\n", intro, word);
        CHECK(found);
        listed++;
    }
    if (listed != count)
        fprintf(stderr, "%s lists %d names; the language has %d\n", intro, listed, count);
    CHECK_EQ_INT(listed, count);
}

/* The page's table of built-in sounds is sim/sound.h's, row by row, in order:
 * each name with the words it is described by. */
static void docs_sounds(const char *md)
{
    const char *p = strstr(md, "| name | what it sounds like |\n|---|---|\n");
    CHECK(p != NULL);
    if (!p)
        return;
    p = strchr(strchr(p, '\n') + 1, '\n') + 1;
    for (int i = 0; i < SOUND_BUILTIN_COUNT; i++) {
        char want[256];
        snprintf(want, sizeof want, "| `%s` | %s |\n", sound_names[i], sound_docs[i]);
        int ok = strncmp(p, want, strlen(want)) == 0;
        if (!ok)
            fprintf(stderr, "the sounds' table: row %d is not %s", i + 1, want);
        CHECK(ok);
        const char *nl = strchr(p, '\n');
        p = nl ? nl + 1 : p + strlen(p);
    }
    CHECK(p[0] == '\n'); /* no more rows than sounds */
}

/* Every word of the reserved-word list is reserved, and every reserved word the
 * page shows in backquotes is in the list. */
static void docs_reserved(const char *md)
{
    const char *intro = "Reserved words (not usable as names): `";
    const char *list = strstr(md, intro);
    CHECK(list != NULL);
    if (!list)
        return;
    list += strlen(intro);
    const char *list_end = strchr(list, '`');
    CHECK(list_end != NULL);
    if (!list_end)
        return;
    char word[64];
    int n = 0;
    for (const char *p = list; p < list_end;) {
        size_t len = strcspn(p, " \n`");
        if (len > 0 && len < sizeof word) {
            memcpy(word, p, len);
            word[len] = '\0';
            if (!parser_is_reserved(word))
                fprintf(stderr, "'%s' is listed as reserved but is not\n", word);
            CHECK(parser_is_reserved(word));
            n++;
        }
        p += len + 1;
    }
    CHECK(n >= 20);
    const char *md_end = md + strlen(md);
    for (const char *p = md; (p = docs_next_span(p, md_end, word, sizeof word)) != NULL;) {
        if (strspn(word, "abcdefghijklmnopqrstuvwxyz_") != strlen(word) ||
            !parser_is_reserved(word))
            continue;
        int found = 0;
        for (const char *q = list; q < list_end; q += strcspn(q, " \n`") + 1)
            found |= strncmp(q, word, strlen(word)) == 0 && strchr(" \n`", q[strlen(word)]);
        if (!found)
            fprintf(stderr, "the reserved word '%s' is missing from the list\n", word);
        CHECK(found);
    }
}

/* Whether the page's text from `from` shows word as a whole word inside a
 * backquoted span (`word`, `wait EXPR`, `sin(a)`). */
static int docs_shows(const char *from, const char *word)
{
    size_t n = strlen(word);
    int inside = 0;
    for (const char *p = from; *p; p++) {
        if (*p == '`') {
            inside = !inside;
            continue;
        }
        if (!inside || strncmp(p, word, n) != 0)
            continue;
        char before = p[-1], after = p[n];
        int name_before =
            (before >= 'a' && before <= 'z') || before == '_' || (before >= '0' && before <= '9');
        int name_after =
            (after >= 'a' && after <= 'z') || after == '_' || (after >= '0' && after <= '9');
        if (!name_before && !name_after)
            return 1;
    }
    return 0;
}

/* Every word of the list has a row of this kind in pattern/reference's table
 * (pattern/language/words.h). */
static void docs_has_rows(const char *const *words, int count, reference_kind kind)
{
    for (int i = 0; i < count; i++) {
        if (!reference_has(words[i], kind))
            fprintf(stderr, "the %s '%s' has no row in pattern/language/words.h\n",
                    reference_kind_name(kind), words[i]);
        CHECK(reference_has(words[i], kind));
    }
}

/* The hover table (pattern/language/reference.h) is the language's: every statement,
 * declaration, clause, built-in value and function has a row, every row of
 * those kinds is one the language has, and the page's Reference shows every
 * row's word. */
static void docs_reference(const char *md)
{
    const char *ref = strstr(md, "\n## Reference");
    CHECK(ref != NULL);
    if (!ref)
        return;
    int n = 0;
    const reference_row *rows = reference_rows(&n);
    for (int i = 0; i < n; i++) {
        if (!docs_shows(ref, rows[i].word))
            fprintf(stderr, "docs/patterns.md's Reference does not show the %s '%s'\n",
                    reference_kind_name(rows[i].kind), rows[i].word);
        CHECK(docs_shows(ref, rows[i].word));
    }
    int count = 0;
    while (parser_statement_words[count])
        count++;
    docs_has_rows(parser_statement_words, count, REF_STATEMENT);
    for (count = 0; parser_decl_words[count];)
        count++;
    docs_has_rows(parser_decl_words, count, REF_DECLARATION);
    static const char *const clauses[] = {
#define DOCS_CLAUSE(id, keyword, shape, applies, reg) keyword,
        AST_CLAUSES(DOCS_CLAUSE)
#undef DOCS_CLAUSE
    };
    docs_has_rows(clauses, CL_COUNT, REF_CLAUSE);
    const char *values[256];
    for (count = 0; count < 256 && compiler_value_name(count);)
        values[count] = compiler_value_name(count), count++;
    docs_has_rows(values, count, REF_VALUE);
    const char *functions[VM_MATH_COUNT + 2] = {"rand", "level"};
    for (int i = 0; i < VM_MATH_COUNT; i++)
        functions[2 + i] = vm_math_name((vm_math)i);
    docs_has_rows(functions, VM_MATH_COUNT + 2, REF_FUNCTION);
    /* and back: no row of these kinds for a word the language lacks */
    for (int i = 0; i < n; i++) {
        const char *w = rows[i].word;
        int known = 1;
        if (rows[i].kind == REF_STATEMENT) {
            known = 0;
            for (int k = 0; parser_statement_words[k]; k++)
                known |= strcmp(parser_statement_words[k], w) == 0;
        } else if (rows[i].kind == REF_CLAUSE) {
            known = strcmp(w, "run") == 0;
            for (int k = 0; k < CL_COUNT; k++)
                known |= strcmp(clauses[k], w) == 0;
        } else if (rows[i].kind == REF_VALUE) {
            known = 0;
            for (int k = 0; k < count; k++)
                known |= strcmp(values[k], w) == 0;
        } else if (rows[i].kind == REF_FUNCTION) {
            known = 0;
            for (int k = 0; k < VM_MATH_COUNT + 2; k++)
                known |= strcmp(functions[k], w) == 0;
        }
        if (!known)
            fprintf(stderr,
                    "pattern/language/words.h describes the %s '%s', which the language "
                    "does not have\n",
                    reference_kind_name(rows[i].kind), w);
        CHECK(known);
    }
}

/* The word table's own promises (pattern/language/words.h): a word starts one kind of
 * statement only; each verb statement that acts hands its values to the VM
 * verb of its own name; a verb's hover says where it stands, once. */
static void docs_words(void)
{
    for (int i = 0; parser_statement_words[i]; i++)
        for (int k = 0; k < i; k++) {
            if (strcmp(parser_statement_words[i], parser_statement_words[k]) == 0)
                fprintf(stderr, "the statement '%s' has two rows\n", parser_statement_words[i]);
            CHECK(strcmp(parser_statement_words[i], parser_statement_words[k]) != 0);
        }
    int acts = 0;
    for (int v = 0; v < VS_COUNT; v++) {
        const words_verb *w = &words_verbs[v];
        if (w->act >= 0) {
            acts++;
            CHECK(w->act < VM_VERB_COUNT);
            if (strcmp(vm_verb_name((vm_verb)w->act), w->word) != 0)
                fprintf(stderr, "the verb '%s' acts as '%s'\n", w->word,
                        vm_verb_name((vm_verb)w->act));
            CHECK(strcmp(vm_verb_name((vm_verb)w->act), w->word) == 0);
        }
        CHECK(w->operands[0] == '\0' || strchr("et", w->operands[0]) != NULL);
        char hover[2048];
        CHECK_EQ_INT(reference_describe(w->word, hover, sizeof hover) >= 1, 1);
        const char *where = words_where_hover(w->where);
        const char *at = strstr(hover, where);
        CHECK(at != NULL);
        CHECK(!where[0] || (at && strstr(at + 1, where) == NULL));
    }
    CHECK(acts == VS_COUNT - 1); /* background alone is a cue */
    char hover[2048];
    CHECK_EQ_INT(reference_describe("pierce", hover, sizeof hover), 1);
    CHECK(strstr(hover, "(A ship's scripts.) The shots fired after it") != NULL);
}

/* docs/vm.md's table of verbs has a row for each of pattern/vm/vm.h's VM_VERBS
 * ("| PIERCE |", or a row naming two: "| SOUND, MUSIC |"), and no other. */
static void docs_vm_verbs(const char *vm_md)
{
    char err[256];
    char *md = file_read_all(vm_md, NULL, err, sizeof err);
    CHECK(md != NULL);
    const char *table =
        md ? strstr(md, "| verb | arguments | the game does |\n|---|---|---|\n") : NULL;
    CHECK(table != NULL);
    if (!table) {
        mem_free(md);
        return;
    }
    int listed = 0;
    for (const char *row = strchr(strchr(table, '\n') + 1, '\n') + 1; row[0] == '|';) {
        const char *end = strchr(row + 1, '|');
        for (const char *w = row + 1; end && w < end;) {
            w += strspn(w, " ,");
            size_t n = strcspn(w, " ,|");
            int found = 0;
            for (int v = 0; v < VM_VERB_COUNT; v++) {
                const char *name = vm_verb_name((vm_verb)v);
                int same = strlen(name) == n;
                for (size_t k = 0; same && k < n; k++)
                    same = name[k] == w[k] - 'A' + 'a' || (w[k] == '_' && name[k] == '_');
                found |= same;
            }
            if (n && !found)
                fprintf(stderr, "docs/vm.md lists the verb %.*s, which vm.h lacks\n", (int)n, w);
            CHECK(!n || found);
            listed += n > 0;
            w += n;
        }
        const char *nl = strchr(row, '\n');
        row = nl ? nl + 1 : row + strlen(row);
    }
    if (listed != VM_VERB_COUNT)
        fprintf(stderr, "docs/vm.md lists %d verbs; vm.h has %d\n", listed, VM_VERB_COUNT);
    CHECK_EQ_INT(listed, VM_VERB_COUNT);
    mem_free(md);
}

/* The next fenced block of md from p that opens with `open` ("```pat\n"): its
 * text from *body to *end (the closing fence). Returns where to look for the
 * one after it, or NULL when there is none (an unclosed block is CHECKed). */
static char *docs_block(char *p, const char *open, char **body, char **end)
{
    char *start = p ? strstr(p, open) : NULL;
    if (!start)
        return NULL;
    *body = start + strlen(open);
    *end = strstr(*body, "```\n");
    CHECK(*end != NULL);
    return *end;
}

/* Each ```xml block of the BulletML page, written to a file of its own. */
static int docs_bulletml(const char *bulletml_md)
{
    char err[256];
    size_t size = 0;
    char *md = file_read_all(bulletml_md, &size, err, sizeof err);
    CHECK(md != NULL);
    int n = 0;
    char *body, *end;
    for (char *p = md; (p = docs_block(p, "```xml\n", &body, &end)) != NULL;) {
        char path[64];
        snprintf(path, sizeof path, "docs_bulletml_%d.xml", ++n);
        CHECK(file_write_atomic(path, body, (size_t)(end - body), err, sizeof err) == 0);
        docs_run(path);
        remove(path);
    }
    mem_free(md);
    return n;
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: %s PATTERNS_MD EXAMPLES_DIR\n", argv[0]);
        return 2;
    }
    char err[256];
    size_t size = 0;
    char *md = file_read_all(argv[1], &size, err, sizeof err);
    CHECK(md != NULL);
    char *body, *end;
    for (char *p = md; (p = docs_block(p, "```pat\n", &body, &end)) != NULL;) {
        char name[128] = "";
        CHECK(sscanf(body, "# docs/examples/%127[^\n]", name) == 1);
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", argv[2], name);
        size_t fsize = 0;
        char *file = file_read_all(path, &fsize, err, sizeof err);
        size_t blen = (size_t)(end - body);
        if (!file || fsize != blen || memcmp(file, body, blen) != 0) {
            fprintf(stderr, "%s: the example on the page differs from %s\n", name, path);
            CHECK(0);
        } else if (nseen < DOCS_MAX) {
            snprintf(seen[nseen++], sizeof seen[0], "%s", name);
            docs_run(path);
        }
        mem_free(file);
    }
    /* every example file is on the page */
    DIR *d = opendir(argv[2]);
    CHECK(d != NULL);
    struct dirent *e;
    int files = 0;
    while (d && (e = readdir(d)) != NULL) {
        size_t len = strlen(e->d_name);
        if (len < 5 || strcmp(e->d_name + len - 4, ".pat") != 0)
            continue;
        files++;
        int found = 0;
        for (int i = 0; i < nseen; i++)
            found |= strcmp(seen[i], e->d_name) == 0;
        if (!found)
            fprintf(stderr, "%s is not shown in %s\n", e->d_name, argv[1]);
        CHECK(found);
    }
    if (d)
        closedir(d);
    CHECK(files >= 10 && files == nseen);
    printf("%d examples checked\n", nseen);
    static const char *const shapes[] = {
#define DOCS_SHAPE(id, name, radius, rotates, size) name,
        BULLET_SHAPES(DOCS_SHAPE)
#undef DOCS_SHAPE
    };
    static const char *const colours[] = {
#define DOCS_COLOUR(id, name) name,
        BULLET_COLORS(DOCS_COLOUR)
#undef DOCS_COLOUR
    };
    if (md) {
        docs_list(md, "Shapes: ", shapes, BULLET_SHAPE_COUNT);
        docs_list(md, "Colours: ", colours, BULLET_COLOR_COUNT);
        docs_reserved(md);
        docs_reference(md);
        docs_words();
        docs_sounds(md);
    }
    mem_free(md);
    if (argc > 4)
        docs_vm_verbs(argv[4]);
    if (argc > 3) {
        bulletml_import_register();
        int blocks = docs_bulletml(argv[3]);
        CHECK(blocks >= 1);
        printf("%d BulletML documents checked\n", blocks);
    }
    return check_done("pattern.docs");
}
