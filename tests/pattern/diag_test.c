/*
 * diagnostics: one test per diagnostic of the pattern compiler.
 *
 * tests/pattern/errors/ID.pat exists for every id of PATTERN_DIAGNOSTICS (diag.h)
 * that source text can trigger; its first line says where and what:
 *
 *     # expect: LINE:COL: text the message contains
 *
 * The test compiles each file and wants that diagnostic, with that id, there.
 * The ids no file can trigger are tested here directly: FILE_READ (a missing
 * file), OUT_OF_MEMORY (an allocation made to fail), TOO_LARGE (a generated
 * source too long for a jump). Three never come from pattern source: OTHER and
 * OTHER_WARNING (other front ends: tests/pattern/bulletml_import_test.c) and
 * INTERNAL (a compiler bug: the fuzz corpus checks it never appears).
 *
 * usage: test_pattern.diagnostics ERRORS_DIR
 */
#include "../check.h"
#include "core/file.h"
#include "core/mem.h"
#include "pattern/content/library.h"
#include "pattern/vm/program.h"
#include "sim/backdrop.h"

#include <stdlib.h>
#include <string.h>

static diag_list diags;

/* Whether diags holds code at line:col whose text contains want. */
static int has_diag(diag_code code, uint32_t line, uint32_t col, const char *want)
{
    for (int i = 0; i < diags.count; i++) {
        const diag *g = &diags.items[i];
        if (g->code == code && g->line == line && g->col == col && strstr(g->text, want))
            return 1;
    }
    return 0;
}

/* Compiles errors/ID.pat and checks its expectation line. */
static void check_file(const char *dir, diag_code code)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s.pat", dir, diag_code_name(code));
    char err[256];
    size_t size = 0;
    char *src = file_read_all(path, &size, err, sizeof err);
    if (!src) {
        fprintf(stderr, "%s: no test file for %s (%s)\n", path, diag_code_name(code), err);
        CHECK(src != NULL);
        return;
    }
    unsigned line = 0, col = 0;
    char want[256] = "";
    int n = sscanf(src, "# expect: %u:%u: %255[^\n]", &line, &col, want);
    CHECK_EQ_INT(n, 3);
    library_file f = {path, src, size};
    diag_init(&diags);
    library *lib = library_compile(&f, 1, &diags);
    int ok = has_diag(code, line, col, want);
    if (!ok) {
        fprintf(stderr, "%s: wanted %s at %u:%u containing \"%s\"; got:\n", path,
                diag_code_name(code), line, col, want);
        diag_print(&diags, stderr);
    }
    CHECK(ok);
    /* errors stop the load; warnings alone do not */
    if (diag_code_severity(code) == DIAG_ERROR)
        CHECK(lib == NULL);
    else
        CHECK(lib != NULL && diags.errors == 0);
    library_free(lib);
    diag_free(&diags);
    mem_free(src);
}

/* A missing file and a folder given as a file: the reason, with the path named
 * once (as the diagnostic's place, not again inside the message). */
static void check_file_read(const char *dir)
{
    diag_init(&diags);
    const char *paths[] = {"/nonexistent/curtain/missing.pat", dir};
    library *lib = library_load_paths(paths, 2, &diags);
    CHECK(lib == NULL);
    CHECK_EQ_INT(diags.errors, 2);
    CHECK(has_diag(DIAG_FILE_READ, 1, 1,
                   "/nonexistent/curtain/missing.pat:1:1: cannot open: No such file"));
    CHECK(has_diag(DIAG_FILE_READ, 1, 1, "cannot read: Is a directory"));
    for (int i = 0; i < diags.count; i++) {
        const char *path = diags.items[i].path;
        const char *first = strstr(diags.items[i].text, path);
        CHECK(first == diags.items[i].text);
        CHECK(first && strstr(first + strlen(path), path) == NULL);
    }
    diag_free(&diags);
}

static void check_out_of_memory(void)
{
    const char *src = "pattern p { fire orb ring 3; wait 2 }\n";
    library_file f = {"oom.pat", src, strlen(src)};
    diag_init(&diags);
    mem_fail_at(1);
    library *lib = library_compile(&f, 1, &diags);
    mem_fail_at(0);
    CHECK(lib == NULL);
    CHECK(has_diag(DIAG_OUT_OF_MEMORY, 1, 1, "out of memory"));
    library_free(lib);
    diag_free(&diags);
}

/* A repeat whose body is longer than a loop jump reaches. */
static void check_too_large(void)
{
    size_t cap = 600000, len = 0;
    char *src = mem_alloc(cap);
    CHECK(src != NULL);
    if (!src)
        return;
    len += (size_t)snprintf(src + len, cap - len, "pattern p {\n    repeat 2 {\n");
    for (int i = 0; i < 7000; i++)
        len += (size_t)snprintf(src + len, cap - len, "        fire orb at %d\n", i);
    len += (size_t)snprintf(src + len, cap - len, "    }\n}\n");
    library_file f = {"large.pat", src, len};
    diag_init(&diags);
    library *lib = library_compile(&f, 1, &diags);
    CHECK(lib == NULL);
    CHECK(has_diag(DIAG_TOO_LARGE, 2, 5, "too long to encode"));
    library_free(lib);
    diag_free(&diags);
    mem_free(src);
}

/* Compiles src alone as "t.pat" into diags; returns how many errors it had. */
static int compile_text(const char *src)
{
    library_file f = {"t.pat", src, strlen(src)};
    diag_init(&diags);
    library *lib = library_compile(&f, 1, &diags);
    CHECK((lib == NULL) == (diags.errors > 0));
    library_free(lib);
    return diags.errors;
}

/* A ship's declaration: its numbers and levels are constants in range, each
 * given once; a game lists stages. */
static void check_ship_and_game(void)
{
    CHECK_EQ_INT(compile_text("ship s {\n    speed 3\n    shot 1 { fire orb at 0 }\n}\n"), 0);
    diag_free(&diags);
    CHECK_EQ_INT(compile_text("ship s {\n    shot 5 { fire orb at 0 }\n}\n"), 1);
    CHECK(has_diag(DIAG_EXPECTED, 2, 10, "a power level is a whole number from 1 to 4"));
    diag_free(&diags);
    CHECK_EQ_INT(compile_text("ship s {\n    speed -1\n}\n"), 1);
    CHECK(has_diag(DIAG_EXPECTED, 2, 11, "a ship's number is from 0 to"));
    diag_free(&diags);
    CHECK_EQ_INT(compile_text("ship s {\n    speed player_x\n}\n"), 1);
    CHECK(has_diag(DIAG_NOT_CONSTANT, 2, 11, "known when the file loads"));
    diag_free(&diags);
    CHECK_EQ_INT(compile_text("ship s {\n    hitbox 2\n    hitbox 3\n}\n"), 1);
    CHECK(has_diag(DIAG_DUPLICATE_PROPERTY, 3, 5, "given twice"));
    diag_free(&diags);
    CHECK_EQ_INT(compile_text("ship s {\n    speed 3\n    wobble 2\n}\n"), 1);
    CHECK(has_diag(DIAG_EXPECTED, 3, 5, "'option'"));
    diag_free(&diags);
    CHECK_EQ_INT(compile_text("stage one { wait 1 }\npattern p { wait 1 }\n"
                              "game g { stages one p two }\n"),
                 2);
    CHECK(has_diag(DIAG_WRONG_KIND, 3, 21, "'p' is a pattern, not a stage"));
    CHECK(has_diag(DIAG_UNKNOWN_NAME, 3, 23, "'two' is not declared"));
    diag_free(&diags);
}

/* `background NAME` (a stage's own block) and a boss's `spell_background NAME`:
 * names of sim/backdrop.h, placed where the cue can be read; a good one becomes
 * a cue (no code: the stage compiles to what it was) and a boss's index. */
static void check_backdrops(void)
{
    CHECK_EQ_INT(compile_text("pattern p {\n    background lake\n    wait 1\n}\n"), 1);
    CHECK(has_diag(DIAG_BACKGROUND_PLACE, 2, 5, "a stage's statement"));
    diag_free(&diags);
    CHECK_EQ_INT(compile_text("stage s {\n    if 1 { background lake }\n    wait 1\n}\n"), 1);
    CHECK(has_diag(DIAG_BACKGROUND_PLACE, 2, 12, "the stage's own block"));
    diag_free(&diags);
    CHECK_EQ_INT(compile_text("stage s {\n    thread {\n        background spire\n    }\n}\n"), 1);
    CHECK(has_diag(DIAG_BACKGROUND_PLACE, 3, 9, "the stage's own block"));
    diag_free(&diags);
    CHECK_EQ_INT(
        compile_text("boss b {\n    spell_background lake_spel\n    phase { wait 1 }\n}\n"), 1);
    CHECK(has_diag(DIAG_UNKNOWN_BACKDROP, 2, 22, "did you mean 'lake_spell'?"));
    diag_free(&diags);
    CHECK(compile_text("boss b {\n    spell_background lake\n    spell_background dusk\n"
                       "    phase { wait 1 }\n}\n") >= 1);
    CHECK(has_diag(DIAG_DUPLICATE_PROPERTY, 3, 5, "'spell_background' is given twice"));
    diag_free(&diags);
    /* the good ones: two cues before the instructions they precede, no code */
    const char *with = "boss b {\n    spell_background spire_spell\n    phase { wait 1 }\n}\n"
                       "stage s {\n    background lake\n    wait 5\n    background lake_boss\n"
                       "    boss b\n}\n";
    const char *without = "boss b {\n    phase { wait 1 }\n}\n"
                          "stage s {\n    wait 5\n    boss b\n}\n";
    library_file fw = {"w.pat", with, strlen(with)}, fo = {"o.pat", without, strlen(without)};
    diag_init(&diags);
    library *lw = library_compile(&fw, 1, &diags);
    library *lo = library_compile(&fo, 1, &diags);
    CHECK(lw && lo && diags.errors == 0);
    if (lw && lo) {
        const vm_program *p = lw->prog;
        CHECK_EQ_INT((int)p->code_count, (int)lo->prog->code_count);
        CHECK(memcmp(p->code, lo->prog->code, p->code_count * sizeof *p->code) == 0);
        CHECK_EQ_INT((int)p->cue_count, 2);
        int s = program_find_func(p, "s");
        CHECK(s >= 0);
        if (p->cue_count == 2 && s >= 0) {
            CHECK_EQ_INT((int)p->cues[0].pc, (int)p->funcs[s].pc);
            CHECK_EQ_INT(p->cues[0].value, BACKDROP_LAKE);
            CHECK(p->cues[1].pc > p->cues[0].pc && p->cues[1].pc < p->funcs[s].end);
            CHECK_EQ_INT(p->cues[1].value, BACKDROP_LAKE_BOSS);
        }
        CHECK_EQ_INT(lw->bosses[0].spell_background, BACKDROP_SPIRE_SPELL);
        CHECK_EQ_INT(lo->bosses[0].spell_background, -1);
    }
    library_free(lw);
    library_free(lo);
    diag_free(&diags);
}

/* A number no double holds is an error where it is written, not infinity. */
static void check_number_too_large(void)
{
    char src[1024];
    int n = snprintf(src, sizeof src, "pattern p {\n    wait 1\n    fire orb speed ");
    for (int i = 0; i < 400; i++)
        src[n++] = '9';
    snprintf(src + n, sizeof src - (size_t)n, "\n}\n");
    CHECK_EQ_INT(compile_text(src), 1);
    CHECK(has_diag(DIAG_BAD_NUMBER, 3, 20, "number too large"));
    diag_free(&diags);
    /* the largest a double holds is still fine */
    n = snprintf(src, sizeof src, "pattern p {\n    wait 1\n    fire orb speed 1");
    for (int i = 0; i < 300; i++)
        src[n++] = '0';
    snprintf(src + n, sizeof src - (size_t)n, "\n}\n");
    CHECK_EQ_INT(compile_text(src), 0);
    diag_free(&diags);
}

/* A missing '}' is one error naming the line of the '{' it leaves open, and
 * the declarations after it are still read (not skipped as part of the block). */
static void check_missing_brace(void)
{
    CHECK_EQ_INT(compile_text("pattern a {\n    loop {\n        wait 3\n"), 1);
    CHECK(has_diag(DIAG_EXPECTED, 4, 1, "'}' closing the block opened on line 2, found end"));
    diag_free(&diags);
    /* the next pattern is read: its own error is found, nothing is reported in it twice */
    CHECK_EQ_INT(compile_text("pattern a {\n    loop {\n        wait 3\n\n"
                              "pattern b { wait 1 }\n"
                              "pattern c { fire orb at nowhere }\n"),
                 2);
    CHECK(has_diag(DIAG_EXPECTED, 5, 1, "'}' closing the block opened on line 2, found 'pattern'"));
    CHECK(has_diag(DIAG_UNKNOWN_NAME, 6, 25, "unknown name 'nowhere'"));
    diag_free(&diags);
    /* a boss missing its '}' before the next declaration (this used to hang) */
    CHECK_EQ_INT(compile_text("boss c {\n    phase { wait 1 }\n\npattern b { wait 1 }\n"), 1);
    CHECK(has_diag(DIAG_EXPECTED, 4, 1, "'}' closing the boss opened on line 1"));
    diag_free(&diags);
    CHECK_EQ_INT(compile_text("boss c {\n    phase { wait 1 }\n    wait 3\npattern b { }\n"), 2);
    CHECK(has_diag(DIAG_EXPECTED, 3, 5,
                   "'name', 'look', 'character', 'spell_background' or 'phase' in a "
                   "boss"));
    CHECK(has_diag(DIAG_EXPECTED, 4, 1, "'}' closing the boss opened on line 1"));
    diag_free(&diags);
}

/* A statement with a syntax error may have been the loop's wait: no warning
 * that the loop never waits (there was one, before the error was fixed). */
static void check_no_guess_after_error(void)
{
    CHECK_EQ_INT(compile_text("pattern p {\n    var a = 0\n    loop {\n"
                              "        fire orb at a\n        a += 7 +\n        wait 6\n"
                              "    }\n}\n"),
                 1);
    CHECK(has_diag(DIAG_EXPECTED, 6, 9, "expected a value, found 'wait'"));
    CHECK_EQ_INT(diags.warnings, 0);
    diag_free(&diags);
    /* a loop with no wait at all still warns beside an error elsewhere */
    CHECK_EQ_INT(compile_text("pattern p {\n    loop { fire orb }\n    wait +\n}\n"), 1);
    CHECK(has_diag(DIAG_LOOP_NEVER_WAITS, 2, 5, "never waits"));
    diag_free(&diags);
}

/* Every statement after a broken one is still read: an unknown statement used
 * to make the parser skip the misspelt lines after it ('fier' then two 'wiat'
 * reported only 'fier'). A deeper-indented line still continues the broken
 * statement and adds no error of its own. */
static void check_errors_after_unknown_statement(void)
{
    CHECK_EQ_INT(compile_text("pattern p {\n    fier orb\n    wiat 10\n    wiat 10\n}\n"), 3);
    CHECK(has_diag(DIAG_UNKNOWN_STATEMENT, 2, 5, "unknown statement 'fier'"));
    CHECK(has_diag(DIAG_UNKNOWN_STATEMENT, 3, 5, "unknown statement 'wiat'"));
    CHECK(has_diag(DIAG_UNKNOWN_STATEMENT, 4, 5, "unknown statement 'wiat'"));
    diag_free(&diags);
    CHECK_EQ_INT(compile_text("pattern p {\n    fier orb at\n        aim\n    wait 10\n}\n"), 1);
    diag_free(&diags);
}

/* Enemy statements in a bullet's script are errors, in a thread the bullet
 * starts too; in an enemy or a pattern they are fine. A boss's look is checked
 * as an enemy's is. */
static void check_enemy_statements(void)
{
    CHECK_EQ_INT(compile_text("pattern p {\n    fire orb {\n        thread {\n"
                              "            drops power 2\n            health 3\n"
                              "        }\n        wait 5\n    }\n}\n"),
                 2);
    CHECK(has_diag(DIAG_ENEMY_ONLY, 4, 13, "'drops' describes an enemy"));
    CHECK(has_diag(DIAG_ENEMY_ONLY, 5, 13, "'health' describes an enemy"));
    diag_free(&diags);
    CHECK_EQ_INT(compile_text("enemy e {\n    look wisp\n    health 3\n    drops power 2\n"
                              "    fire orb\n}\n"
                              "pattern p {\n    score 100\n    hitbox 9\n}\n"),
                 0);
    diag_free(&diags);
    CHECK_EQ_INT(compile_text("boss b {\n    look bos\n    phase { wait 1 }\n}\n"), 1);
    CHECK(has_diag(DIAG_UNKNOWN_LOOK, 2, 10, "unknown look 'bos' (did you mean 'boss'?)"));
    diag_free(&diags);
}

/* A binary file stops at its first NUL byte with one error saying so, instead
 * of an error for every byte. */
static void check_binary_file(void)
{
    char bin[4096];
    for (size_t i = 0; i < sizeof bin; i++)
        bin[i] = (char)(i * 7 % 256);
    memcpy(bin,
           "\x7f"
           "ELF\x02\x01\x01\x00",
           8);
    library_file f = {"t.pat", bin, sizeof bin};
    diag_init(&diags);
    library *lib = library_compile(&f, 1, &diags);
    CHECK(lib == NULL);
    CHECK(has_diag(DIAG_BAD_CHARACTER, 1, 8, "NUL byte: this is not a text file"));
    CHECK(diags.errors <= 8);
    library_free(lib);
    diag_free(&diags);
}

/* diag_format into a buffer too small for them all: whole diagnostics, then the
 * end of the text, nothing of what the buffer held before. */
static void check_format_truncated(void)
{
    compile_text("pattern p {\n    fire orb at nowhere1\n    fire orb at nowhere2\n"
                 "    fire orb at nowhere3\n}\n");
    CHECK_EQ_INT(diags.count, 3);
    char all[1024], part[120];
    size_t need = diag_format(&diags, all, sizeof all);
    CHECK(need == strlen(all));
    memset(part, 'X', sizeof part);
    CHECK(diag_format(&diags, part, sizeof part) == need);
    CHECK(strlen(part) < sizeof part);
    CHECK(strchr(part, 'X') == NULL);
    CHECK(strncmp(part, all, strlen(part)) == 0);
    CHECK(strlen(part) > 0 && part[strlen(part) - 1] == '\n');
    diag_free(&diags);
}

/* Kinds are named with their article: "an enemy", not "a enemy". */
static void check_kind_articles(void)
{
    CHECK_EQ_INT(compile_text("enemy e { wait 1 }\nenemy e { wait 1 }\n"
                              "stage s { boss e }\n"),
                 2);
    CHECK(has_diag(DIAG_DUPLICATE_NAME, 2, 1, "'e' is already defined, as an enemy at t.pat:1"));
    CHECK(has_diag(DIAG_WRONG_KIND, 3, 16, "'e' is an enemy, not a boss"));
    diag_free(&diags);
}

/* The cases not covered by one file per id above. */
/* A quoted line shows what a terminal can: bytes that are not UTF-8 (a binary
 * file, a Latin-1 comment) as '?', characters of several bytes whole, and the
 * caret under the character its column (in characters) names. */
static void check_quote_line(void)
{
    static const struct {
        const char *text;
        uint32_t col;
        const char *want;
    } cases[] = {
        {"a\xff\xfe b", 5, "    a?? b\n        ^\n"},
        {"say \"\xc3\xa9\" x", 9, "    say \"\xc3\xa9\" x\n            ^\n"},
        {"\xe6\xbc\xa2\xe5\xad\x97 ?", 4, "    \xe6\xbc\xa2\xe5\xad\x97 ?\n       ^\n"},
        {"cut \xe6\xbc", 5, "    cut ??\n        ^\n"},
        {"\xed\xa0\x80 \xc0\xaf \x7f", 1, "    ??? ?? ?\n    ^\n"},
        {"\tx\x01y", 4, "    \tx y\n    \t  ^\n"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        char out[256];
        size_t n =
            diag_quote_line(out, sizeof out, cases[k].text, strlen(cases[k].text), cases[k].col);
        CHECK_EQ_INT((int)n, (int)strlen(cases[k].want));
        CHECK_STR_CONTAINS(out, cases[k].want);
    }
    /* A column far along a long line: the quote starts "..." before it and the
     * caret stands under that character (it stood at the 200th, the cut). */
    char line[5000], out[1024];
    for (int i = 0; i < 4999; i++)
        line[i] = (char)('a' + i % 26);
    line[4999] = 0;
    line[4020] = '+';
    diag_quote_line(out, sizeof out, line, strlen(line), 4021);
    const char *quote = strstr(out, "    ...");
    const char *caret = strchr(out, '^');
    CHECK(quote == out && caret != NULL);
    if (quote == out && caret) {
        size_t at = (size_t)(caret - (strchr(out, '\n') + 1)); /* the caret's column */
        CHECK_EQ_INT(out[at], '+');
    }
}

/* A declaration named like a built-in value hides it from no file: a mod's
 * `pattern x` once made every `x` of the game's own files "a pattern, not a
 * value". */
static void check_builtin_names(void)
{
    library_file files[] = {
        {"mod.pat", "pattern x {\n    wait 1\n}\nenemy time {\n    wait 1\n}\n", 0},
        {"game.pat",
         "pattern p {\n    fire orb at x + time + width / 2\n    wait 1\n    run x\n}\n", 0},
    };
    for (int i = 0; i < 2; i++)
        files[i].len = strlen(files[i].text);
    diag_init(&diags);
    library *lib = library_compile(files, 2, &diags);
    CHECK(lib != NULL);
    CHECK_EQ_INT(diags.errors, 0);
    library_free(lib);
    diag_free(&diags);
}

static void check_more(void)
{
    check_builtin_names();
    check_quote_line();
    check_number_too_large();
    check_missing_brace();
    check_no_guess_after_error();
    check_errors_after_unknown_statement();
    check_enemy_statements();
    check_binary_file();
    check_format_truncated();
    check_kind_articles();
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s ERRORS_DIR\n", argv[0]);
        return 2;
    }
    int files = 0;
    for (int code = 0; code < DIAG_CODE_COUNT; code++) {
        switch ((diag_code)code) {
        case DIAG_OTHER:
        case DIAG_OTHER_WARNING:
        case DIAG_INTERNAL: break;
        case DIAG_FILE_READ: check_file_read(argv[1]); break;
        case DIAG_OUT_OF_MEMORY: check_out_of_memory(); break;
        case DIAG_TOO_LARGE: check_too_large(); break;
        default:
            check_file(argv[1], (diag_code)code);
            files++;
            break;
        }
    }
    check_more();
    check_ship_and_game();
    check_backdrops();
    printf("%d diagnostic files checked\n", files);
    return check_done("pattern.diagnostics");
}
