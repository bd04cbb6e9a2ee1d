/*
 * rng_lint: rejects two random draws in one expression in logic code.
 *
 * C leaves the order of evaluation of operands and arguments unspecified, so
 * `rng_float(r) * 100 + rng_float(r)` or `f(rng_float(r), rng_float(r))` may draw
 * in a different order under another compiler or build type, and a replay desyncs.
 *
 * usage: rng_lint FILE_OR_DIR...
 *
 * A draw is a call of one of the rng module's drawing functions, or of any function
 * defined in the scanned files whose body makes a draw (found transitively, so
 * wrappers count too). Each statement is checked: the text between semicolons,
 * block braces and the parentheses of if/for/while/switch headers. Initializer
 * lists and compound literals belong to their statement (their elements are
 * indeterminately sequenced too). Comments, strings and preprocessor lines are
 * skipped. Prints file:line:col for each offence and exits 1 if there is any.
 */
#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../tool_args.h"

#define LINT_MAX_NAMES 4096
#define LINT_NAME_LEN  64

typedef struct lint_file {
    char path[1024];
    char *text; /* comments, strings and preprocessor lines blanked out */
} lint_file;

typedef struct lint_state {
    lint_file *files;
    int file_count, file_cap;
    char draws[LINT_MAX_NAMES][LINT_NAME_LEN]; /* names of drawing functions */
    int draw_count;
    int offences;
} lint_state;

static const char *const lint_base_draws[] = {"rng_next", "rng_below", "rng_float", "rng_double",
                                              "rng_range"};

static int lint_is_draw(const lint_state *s, const char *name)
{
    for (int i = 0; i < s->draw_count; i++)
        if (strcmp(s->draws[i], name) == 0)
            return 1;
    return 0;
}

static void lint_add_draw(lint_state *s, const char *name)
{
    if (!lint_is_draw(s, name) && s->draw_count < LINT_MAX_NAMES)
        snprintf(s->draws[s->draw_count++], LINT_NAME_LEN, "%s", name);
}

/* Blanks comments, string and character literals and preprocessor lines with
 * spaces, keeping newlines so that positions stay right. */
static void lint_blank(char *t)
{
    int line_start = 1;
    for (char *p = t; *p; p++) {
        if (line_start && (*p == ' ' || *p == '\t'))
            continue;
        if (line_start && *p == '#') {
            /* A directive, with its backslash continuations. */
            for (; *p && !(*p == '\n' && p[-1] != '\\'); p++)
                if (*p != '\n')
                    *p = ' ';
            if (!*p)
                return;
            continue;
        }
        line_start = *p == '\n';
        if (p[0] == '/' && p[1] == '*') {
            for (; *p && !(p[0] == '*' && p[1] == '/'); p++)
                if (*p != '\n')
                    *p = ' ';
            if (*p)
                p[0] = p[1] = ' ', p++;
            else
                return;
        } else if (p[0] == '/' && p[1] == '/') {
            for (; *p && *p != '\n'; p++)
                *p = ' ';
            if (!*p)
                return;
            line_start = 1;
        } else if (*p == '"' || *p == '\'') {
            char quote = *p;
            *p = ' ';
            for (p++; *p && *p != quote; p++) {
                if (*p == '\\' && p[1])
                    *p++ = ' ';
                if (*p != '\n')
                    *p = ' ';
            }
            if (!*p)
                return;
            *p = ' ';
        }
    }
}

static int lint_read(lint_state *s, const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "rng_lint: cannot open %s\n", path);
        return -1;
    }
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc((size_t)size + 1);
    if (!text || fread(text, 1, (size_t)size, f) != (size_t)size) {
        fprintf(stderr, "rng_lint: cannot read %s\n", path);
        fclose(f);
        free(text);
        return -1;
    }
    fclose(f);
    text[size] = '\0';
    lint_blank(text);
    if (s->file_count == s->file_cap) {
        s->file_cap = s->file_cap ? s->file_cap * 2 : 64;
        s->files = realloc(s->files, (size_t)s->file_cap * sizeof *s->files);
        if (!s->files) {
            fprintf(stderr, "rng_lint: out of memory\n");
            exit(2);
        }
    }
    lint_file *lf = &s->files[s->file_count++];
    snprintf(lf->path, sizeof lf->path, "%s", path);
    lf->text = text;
    return 0;
}

static int lint_is_source(const char *name)
{
    size_t n = strlen(name);
    return n > 2 && name[n - 2] == '.' && (name[n - 1] == 'c' || name[n - 1] == 'h');
}

/* Collects the .c and .h files under path (a file or a folder). */
static int lint_collect(lint_state *s, const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        fprintf(stderr, "rng_lint: no such file or folder: %s\n", path);
        return -1;
    }
    if (!S_ISDIR(st.st_mode))
        return lint_read(s, path);
    DIR *dir = opendir(path);
    if (!dir)
        return -1;
    struct dirent *e;
    int rc = 0;
    while ((e = readdir(dir))) {
        if (e->d_name[0] == '.')
            continue;
        char child[1024];
        snprintf(child, sizeof child, "%s/%s", path, e->d_name);
        if (stat(child, &st) == 0 && (S_ISDIR(st.st_mode) || lint_is_source(e->d_name)))
            rc |= lint_collect(s, child);
    }
    closedir(dir);
    return rc;
}

/* Reads the identifier at p into out; returns its length. */
static int lint_ident(const char *p, char *out)
{
    int n = 0;
    while ((isalnum((unsigned char)p[n]) || p[n] == '_') && n < LINT_NAME_LEN - 1) {
        out[n] = p[n];
        n++;
    }
    out[n] = '\0';
    return n;
}

/* True if the identifier at p is followed (after spaces) by '('. */
static int lint_called(const char *p, int len)
{
    p += len;
    while (isspace((unsigned char)*p))
        p++;
    return *p == '(';
}

/* Marks as drawing every function defined in a file whose body calls a draw.
 * A definition is recognised as "name(...) {" at brace depth 0. Returns how many
 * new drawing functions were found. */
static int lint_find_wrappers(lint_state *s, const lint_file *f)
{
    int found = 0, depth = 0, draws_in_body = 0;
    char current[LINT_NAME_LEN] = "", last_call[LINT_NAME_LEN] = "";
    for (const char *p = f->text; *p; p++) {
        if (isalpha((unsigned char)*p) || *p == '_') {
            char name[LINT_NAME_LEN];
            int n = lint_ident(p, name);
            if (lint_called(p, n)) {
                if (depth == 0)
                    snprintf(last_call, sizeof last_call, "%s", name);
                else if (lint_is_draw(s, name))
                    draws_in_body = 1;
            }
            p += n - 1;
        } else if (*p == '{') {
            if (depth++ == 0) {
                snprintf(current, sizeof current, "%s", last_call);
                draws_in_body = 0;
            }
        } else if (*p == '}' && depth > 0) {
            if (--depth == 0 && draws_in_body && current[0] && !lint_is_draw(s, current)) {
                lint_add_draw(s, current);
                found++;
            }
        } else if (*p == ';' && depth == 0) {
            last_call[0] = '\0';
        }
    }
    return found;
}

static void lint_position(const char *text, const char *at, int *line, int *col)
{
    *line = 1;
    *col = 1;
    for (const char *p = text; p < at; p++) {
        if (*p == '\n')
            ++*line, *col = 1;
        else
            ++*col;
    }
}

/* Is the '{' at p a block brace (rather than an initializer or compound literal)?
 * prev is the last significant character before it; keyword_paren says whether
 * the ')' before it closes an if/for/while/switch header or a function's
 * parameter list. */
static int lint_block_brace(char prev, int keyword_paren)
{
    if (prev == '=' || prev == ',' || prev == '{' || prev == '(' || prev == '[' || prev == '?' ||
        prev == ':')
        return 0;
    if (prev == ')')
        return keyword_paren;
    return 1;
}

/* Checks every statement of a file; reports statements with two or more draws. */
static void lint_check_file(lint_state *s, const lint_file *f)
{
    int paren_depth = 0, draws = 0;
    const char *first = NULL, *second = NULL;
    char first_name[LINT_NAME_LEN] = "", second_name[LINT_NAME_LEN] = "";
    char prev = ';';
    /* For each open '(' : whether the identifier before it makes it a header. */
    int paren_kind[256] = {0}, closed_kind = 0;
    char word_before[LINT_NAME_LEN] = "";
    for (const char *p = f->text; *p; p++) {
        int boundary = 0;
        if (isalpha((unsigned char)*p) || *p == '_') {
            char name[LINT_NAME_LEN];
            int n = lint_ident(p, name);
            if (lint_called(p, n) && lint_is_draw(s, name)) {
                if (draws == 0)
                    first = p, snprintf(first_name, sizeof first_name, "%s", name);
                else if (draws == 1)
                    second = p, snprintf(second_name, sizeof second_name, "%s", name);
                draws++;
            }
            snprintf(word_before, sizeof word_before, "%s", name);
            p += n - 1;
            prev = 'a';
            continue;
        }
        if (isspace((unsigned char)*p))
            continue;
        if (*p == '(') {
            int header = prev == 'a' &&
                         (strcmp(word_before, "if") == 0 || strcmp(word_before, "for") == 0 ||
                          strcmp(word_before, "while") == 0 || strcmp(word_before, "switch") == 0);
            /* An identifier before '(' at statement level may be a function definition. */
            int function_like = prev == 'a' && !header && strcmp(word_before, "return") != 0 &&
                                strcmp(word_before, "sizeof") != 0;
            if (paren_depth < 256)
                paren_kind[paren_depth] = header ? 2 : function_like ? 1 : 0;
            paren_depth++;
            if (header)
                boundary = 1; /* the statement before a header ends */
        } else if (*p == ')') {
            if (paren_depth > 0)
                paren_depth--;
            closed_kind = paren_depth < 256 ? paren_kind[paren_depth] : 0;
            if (closed_kind == 2)
                boundary = 1; /* the header's condition is a statement of its own */
        } else if (*p == ';' && paren_depth == 0) {
            boundary = 1;
        } else if ((*p == '{' || *p == '}') && paren_depth == 0) {
            if (*p == '}' || lint_block_brace(prev, closed_kind != 0))
                boundary = 1;
        }
        if (boundary) {
            if (draws >= 2) {
                int line, col;
                lint_position(f->text, second, &line, &col);
                int fline, fcol;
                lint_position(f->text, first, &fline, &fcol);
                printf("%s:%d:%d: two random draws in one expression (%s at %d:%d, then %s): "
                       "their order is unspecified; draw into separate statements\n",
                       f->path, line, col, first_name, fline, fcol, second_name);
                s->offences++;
            }
            draws = 0;
        }
        prev = *p;
        if (*p != ')')
            closed_kind = 0;
    }
}

int main(int argc, char **argv)
{
    static const tool_usage usage = {"rng_lint", "FILE_OR_DIR...",
                                     "rejects two random draws in one expression in the C files "
                                     "given (exit 1, each\noffence as file:line)",
                                     1, 1 << 30};
    int args = tool_args(argc, argv, &usage);
    if (args >= 0)
        return args;
    static lint_state s;
    for (size_t i = 0; i < sizeof lint_base_draws / sizeof *lint_base_draws; i++)
        lint_add_draw(&s, lint_base_draws[i]);
    for (int i = 1; i < argc; i++)
        if (lint_collect(&s, argv[i]) != 0)
            return 2;
    /* Wrappers of wrappers: repeat until nothing new is found. */
    for (int found = 1; found;) {
        found = 0;
        for (int i = 0; i < s.file_count; i++)
            found += lint_find_wrappers(&s, &s.files[i]);
    }
    for (int i = 0; i < s.file_count; i++)
        lint_check_file(&s, &s.files[i]);
    for (int i = 0; i < s.file_count; i++)
        free(s.files[i].text);
    free(s.files);
    if (s.offences)
        fprintf(stderr, "rng_lint: %d offence%s\n", s.offences, s.offences == 1 ? "" : "s");
    return s.offences ? 1 : 0;
}
