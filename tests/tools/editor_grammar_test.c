/*
 * editor_grammar: the TextMate grammar of tools/editor/ (the highlighting of
 * VS Code, Sublime Text and others) applied to every pattern file of the given
 * folders with Oniguruma, the regular expression library TextMate grammars are
 * written for, the way an editor applies a grammar of match rules: line by
 * line, at each place the rule whose match starts first (the earlier rule on a
 * tie), its captures over its name.
 *
 * Every rule must compile, and the keyword scopes must fall exactly where the
 * pattern lexer reads a keyword: a name token that is a reserved word or a
 * statement, declaration, clause or other word of pattern/reference's table
 * (checked there against the parser's own lists, so a word the language gains
 * fails here until the grammar has it). Strings and numbers must be scoped as
 * such, and every keyword must also be found alone on a line.
 *
 * The Vim syntax file beside it lists the same keywords, and colours every
 * built-in function before a '(' in a function group of its own.
 *
 * usage: test_tools.editor_grammar GRAMMAR VIM_SYNTAX DIR...
 */
#include "../check.h"
#include "core/file.h"
#include "core/mem.h"
#include "pattern/content/library.h"
#include "pattern/language/lexer.h"
#include "pattern/language/parser.h"
#include "pattern/language/reference.h"

#include <cjson/cJSON.h>
#include <oniguruma.h>
#include <stdlib.h>

#define GRAMMAR_MAX_RULES    64
#define GRAMMAR_MAX_CAPTURES 8

typedef struct grammar_rule {
    regex_t *re;
    const char *name;
    const char *captures[GRAMMAR_MAX_CAPTURES];
} grammar_rule;

static grammar_rule rules[GRAMMAR_MAX_RULES];
static int nrules;

/* Loads the grammar's top-level match rules; anything else is refused. */
static int grammar_load(cJSON *g)
{
    const cJSON *r;
    cJSON_ArrayForEach(r, cJSON_GetObjectItem(g, "patterns"))
    {
        const char *match = cJSON_GetStringValue(cJSON_GetObjectItem(r, "match"));
        CHECK(match != NULL); /* begin/end rules and includes are not used */
        CHECK(nrules < GRAMMAR_MAX_RULES);
        if (!match || nrules >= GRAMMAR_MAX_RULES)
            return -1;
        grammar_rule *rule = &rules[nrules];
        OnigErrorInfo info;
        int rc =
            onig_new(&rule->re, (const OnigUChar *)match, (const OnigUChar *)match + strlen(match),
                     ONIG_OPTION_CAPTURE_GROUP, ONIG_ENCODING_UTF8, ONIG_SYNTAX_DEFAULT, &info);
        if (rc != ONIG_NORMAL) {
            OnigUChar msg[ONIG_MAX_ERROR_MESSAGE_LEN];
            onig_error_code_to_str(msg, rc, &info);
            fprintf(stderr, "grammar rule %d: %s\n", nrules, (const char *)msg);
        }
        CHECK(rc == ONIG_NORMAL);
        if (rc != ONIG_NORMAL)
            return -1;
        rule->name = cJSON_GetStringValue(cJSON_GetObjectItem(r, "name"));
        const cJSON *c;
        cJSON_ArrayForEach(c, cJSON_GetObjectItem(r, "captures"))
        {
            int k = atoi(c->string);
            if (k > 0 && k < GRAMMAR_MAX_CAPTURES)
                rule->captures[k] = cJSON_GetStringValue(cJSON_GetObjectItem(c, "name"));
        }
        nrules++;
    }
    return nrules > 0 ? 0 : -1;
}

static void grammar_set(const char **scopes, size_t from, size_t to, const char *scope)
{
    for (size_t i = from; scope && i < to; i++)
        scopes[i] = scope;
}

/* The scope of every byte of one line [start, end) of text. */
static void grammar_line(const char *text, size_t start, size_t end, const char **scopes,
                         OnigRegion *region, OnigRegion *best)
{
    const OnigUChar *s = (const OnigUChar *)text + start, *e = (const OnigUChar *)text + end;
    for (const OnigUChar *at = s; at < e;) {
        int chosen = -1;
        long first = -1;
        for (int i = 0; i < nrules; i++) {
            long pos = onig_search(rules[i].re, s, e, at, e, region, ONIG_OPTION_NONE);
            if (pos >= 0 && (first < 0 || pos < first)) {
                first = pos;
                chosen = i;
                onig_region_copy(best, region);
            }
        }
        if (chosen < 0)
            break;
        grammar_set(scopes, start + (size_t)best->beg[0], start + (size_t)best->end[0],
                    rules[chosen].name);
        for (int k = 1; k < best->num_regs && k < GRAMMAR_MAX_CAPTURES; k++)
            if (best->beg[k] >= 0)
                grammar_set(scopes, start + (size_t)best->beg[k], start + (size_t)best->end[k],
                            rules[chosen].captures[k]);
        at = s + (best->end[0] > best->beg[0] ? best->end[0] : best->beg[0] + 1);
    }
}

static void grammar_apply(const char *text, size_t len, const char **scopes)
{
    OnigRegion *region = onig_region_new(), *best = onig_region_new();
    for (size_t i = 0; i < len; i++)
        scopes[i] = NULL;
    for (size_t start = 0; start < len;) {
        size_t end = start;
        while (end < len && text[end] != '\n')
            end++;
        grammar_line(text, start, end, scopes, region, best);
        start = end + 1;
    }
    onig_region_free(region, 1);
    onig_region_free(best, 1);
}

/* Whether the lexer's name is one of the language's keywords. */
static int grammar_is_keyword(const char *word)
{
    return parser_is_reserved(word) || reference_has(word, REF_STATEMENT) ||
           reference_has(word, REF_DECLARATION) || reference_has(word, REF_CLAUSE) ||
           reference_has(word, REF_WORD);
}

static int grammar_starts(const char *scope, const char *prefix)
{
    return scope && strncmp(scope, prefix, strlen(prefix)) == 0;
}

/* Keyword scopes: not the operators' punctuation (keyword.operator.), but the
 * operator words (keyword.operator.word.: and, or, not). */
static int grammar_is_keyword_scope(const char *scope)
{
    return grammar_starts(scope, "keyword.") && (!grammar_starts(scope, "keyword.operator.") ||
                                                 grammar_starts(scope, "keyword.operator.word."));
}

/* Checks one file: keyword scopes where the lexer reads keywords, and only there. */
static void grammar_check_file(const char *path)
{
    char err[256];
    size_t len = 0;
    char *text = file_read_limit(path, FILE_LIMIT_PATTERN, &len, err, sizeof err);
    CHECK(text != NULL);
    const char **scopes = mem_calloc(len + 1, sizeof *scopes);
    char *keyword_at = mem_calloc(len + 1, 1);
    if (!text || !scopes || !keyword_at)
        goto done;
    grammar_apply(text, len, scopes);
    static diag_list diags;
    diag_init(&diags);
    lexer lx;
    lexer_init(&lx, path, text, len, &diags);
    for (token t = lexer_next(&lx); t.kind != TOK_EOF; t = lexer_next(&lx)) {
        size_t at = (size_t)(t.start - text);
        char word[64] = "";
        if (t.kind == TOK_NAME && t.len < sizeof word)
            memcpy(word, t.start, t.len);
        const char *want = t.kind == TOK_STRING                             ? "string."
                           : t.kind == TOK_NUMBER                           ? "constant.numeric."
                           : t.kind == TOK_NAME && grammar_is_keyword(word) ? "keyword."
                                                                            : NULL;
        if (want && grammar_is_keyword(word))
            memset(keyword_at + at, 1, t.len);
        for (size_t i = at; want && i < at + t.len; i++) {
            if (!grammar_starts(scopes[i], want)) {
                fprintf(stderr, "%s:%u:%u: '%.*s' is scoped %s, not %s...\n", path, t.line, t.col,
                        (int)t.len, t.start, scopes[i] ? scopes[i] : "(nothing)", want);
                CHECK(0);
                break;
            }
        }
    }
    diag_free(&diags);
    for (size_t i = 0; i < len; i++)
        if (grammar_is_keyword_scope(scopes[i]) && !keyword_at[i]) {
            fprintf(stderr,
                    "%s: byte %zu ('%c') is scoped %s but the lexer reads no keyword "
                    "there\n",
                    path, i, text[i], scopes[i]);
            CHECK(0);
            break;
        }
done:
    mem_free(keyword_at);
    mem_free(scopes);
    mem_free(text);
}

/* Every keyword of the language is a keyword alone on a line, and a name that
 * only starts like one is not. */
static void grammar_check_words(void)
{
    int n = 0;
    const reference_row *rows = reference_rows(&n);
    for (int i = 0; i < n; i++) {
        const char *w = rows[i].word;
        if (!grammar_is_keyword(w))
            continue;
        char line[80];
        const char *scopes[80];
        snprintf(line, sizeof line, "%s", w);
        grammar_apply(line, strlen(line), scopes);
        if (!grammar_is_keyword_scope(scopes[0]))
            fprintf(stderr, "the grammar does not scope the keyword '%s'\n", w);
        CHECK(grammar_is_keyword_scope(scopes[0]));
        snprintf(line, sizeof line, "%s_x", w);
        grammar_apply(line, strlen(line), scopes);
        CHECK(!grammar_is_keyword_scope(scopes[0]));
    }
}

/* The Vim syntax file's keyword groups (all but shapes, colours and built-in
 * values) hold exactly the language's keywords. */
static void grammar_check_vim(const char *path)
{
    char err[256];
    size_t size = 0;
    char *text = file_read_all(path, &size, err, sizeof err);
    CHECK(text != NULL);
    int listed = 0;
    for (char *l = text; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
        char group[64];
        int used = 0;
        if (sscanf(l, "syntax keyword %63s %n", group, &used) != 1 ||
            !strcmp(group, "curtainShape") || !strcmp(group, "curtainColour"))
            continue;
        if (!strcmp(group, "curtainBuiltin")) {
            /* no keyword among the values: Vim's last group would win (`width 8`) */
            for (char *w = l + used; *w && *w != '\n';) {
                size_t n = strcspn(w, " \n");
                char word[64] = "";
                memcpy(word, w, n < sizeof word ? n : sizeof word - 1);
                if (grammar_is_keyword(word))
                    fprintf(stderr, "%s: the keyword '%s' is coloured as a value\n", path, word);
                CHECK(!grammar_is_keyword(word));
                w += n + (w[n] == ' ');
            }
            continue;
        }
        for (char *w = l + used; *w && *w != '\n';) {
            size_t n = strcspn(w, " \n");
            char word[64] = "";
            memcpy(word, w, n < sizeof word ? n : sizeof word - 1);
            if (!grammar_is_keyword(word))
                fprintf(stderr, "%s: '%s' is not a keyword\n", path, word);
            CHECK(grammar_is_keyword(word));
            listed++;
            w += n + (w[n] == ' ');
        }
    }
    int n = 0, keywords = 0;
    const reference_row *rows = reference_rows(&n);
    for (int i = 0; i < n; i++) {
        int first = 1;
        for (int k = 0; k < i; k++)
            first &= strcmp(rows[k].word, rows[i].word) != 0;
        keywords += first && grammar_is_keyword(rows[i].word);
    }
    if (listed != keywords)
        fprintf(stderr, "%s lists %d keywords; the language has %d\n", path, listed, keywords);
    CHECK_EQ_INT(listed, keywords);
    /* a function group, matched before a '(', with every built-in function */
    const char *fn = strstr(text, "syntax match curtainFunction \"\\<\\(");
    CHECK(fn != NULL);
    for (int i = 0; fn && i < n; i++) {
        if (rows[i].kind != REF_FUNCTION)
            continue;
        char alt[80];
        snprintf(alt, sizeof alt, "%s\\", rows[i].word);
        const char *end = strchr(fn, '\n');
        const char *hit = strstr(fn, alt);
        if (!hit || hit > end)
            fprintf(stderr, "%s: the function '%s' is not in curtainFunction\n", path,
                    rows[i].word);
        CHECK(hit && hit < end);
    }
    CHECK(strstr(text, "highlight default link curtainFunction Function") != NULL);
    mem_free(text);
}

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: %s GRAMMAR VIM_SYNTAX DIR...\n", argv[0]);
        return 2;
    }
    OnigEncoding encodings[] = {ONIG_ENCODING_UTF8};
    onig_initialize(encodings, 1);
    char err[256];
    size_t size = 0;
    char *json = file_read_all(argv[1], &size, err, sizeof err);
    cJSON *g = json ? cJSON_ParseWithLength(json, size) : NULL;
    CHECK(g != NULL);
    if (!g || grammar_load(g) != 0)
        return check_done("tools.editor_grammar");
    grammar_check_words();
    grammar_check_vim(argv[2]);
    int files = 0;
    for (int d = 3; d < argc; d++) {
        int count = 0;
        char **paths = library_list_dir(argv[d], 0, &count);
        for (int i = 0; i < count; i++)
            if (strstr(paths[i], LIBRARY_EXTENSION)) {
                grammar_check_file(paths[i]);
                files++;
            }
        library_paths_free(paths, count);
    }
    printf("%d files checked against %d rules\n", files, nrules);
    CHECK(files >= 20);
    for (int i = 0; i < nrules; i++)
        onig_free(rules[i].re);
    onig_end();
    cJSON_Delete(g);
    mem_free(json);
    return check_done("tools.editor_grammar");
}
