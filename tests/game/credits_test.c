/*
 * credits: the staff roll's file (game/credits.h). The game's own roll
 * (patterns/staff.txt) reads, names its theme and backdrop, credits the
 * curtain developers and the libraries the game is built with, and ends with
 * an `end` line; a mod's staff.txt is read in its place, the game's when the
 * mod has none; every broken file is refused with file:line:col at the fault.
 *
 * usage: test_game.credits PATTERNS_DIR
 */
#include "../check.h"
#include "core/file.h"
#include "game/credits.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static credits roll; /* large: not on the stack */

/* Whether the roll has an entry of kind with exactly this text. */
static int has(const credits *c, credits_kind kind, const char *text)
{
    for (int i = 0; i < c->count; i++)
        if (c->entries[i].kind == kind && strcmp(c->entries[i].text, text) == 0)
            return 1;
    return 0;
}

/* The game's roll: its settings, its people, its libraries, its end. */
static void test_game_roll(const char *patterns)
{
    char err[512] = "";
    int rc = credits_load(&roll, patterns, NULL, err, sizeof err);
    if (rc != 0)
        fprintf(stderr, "%s\n", err);
    CHECK_EQ_INT(rc, 0);
    CHECK(strcmp(roll.music, "title") == 0);
    CHECK(roll.backdrop[0] != '\0');
    CHECK(has(&roll, CREDITS_NAME, "the curtain developers"));
    static const char *const libraries[] = {"SDL2",  "SDL2_image", "cglm",
                                            "expat", "cJSON",      "libvorbis"};
    for (size_t k = 0; k < sizeof libraries / sizeof *libraries; k++)
        CHECK(has(&roll, CREDITS_NAME, libraries[k]));
    static const char *const pilots[] = {"Hotaru", "Shirasagi", "Tsubame"};
    for (size_t k = 0; k < 3; k++)
        CHECK(has(&roll, CREDITS_NAME, pilots[k]));
    CHECK(roll.count > 20 && roll.entries[roll.count - 1].kind == CREDITS_END);
    CHECK(strstr(roll.path, "staff.txt") != NULL);
}

/* A file of text written into dir/staff.txt. */
static void put(const char *dir, const char *text)
{
    char path[512], err[256];
    snprintf(path, sizeof path, "%s/%s", dir, CREDITS_FILE_NAME);
    CHECK(file_write_atomic(path, text, strlen(text), err, sizeof err) == 0);
}

/* A mod's own roll is read; without one, the game's. */
static void test_mod_roll(const char *patterns)
{
    char dir[] = "/tmp/curtain_credits_XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    char err[512] = "";
    CHECK_EQ_INT(credits_load(&roll, patterns, dir, err, sizeof err), 0); /* none: the game's */
    CHECK(has(&roll, CREDITS_NAME, "the curtain developers"));
    put(dir, "# a mod's roll\nmusic stage2\ntitle My Mod\nrole Everything\nname Me\nend Bye\n");
    CHECK_EQ_INT(credits_load(&roll, patterns, dir, err, sizeof err), 0);
    CHECK_EQ_INT(roll.count, 4);
    CHECK(strcmp(roll.music, "stage2") == 0 && roll.backdrop[0] == '\0');
    CHECK(has(&roll, CREDITS_NAME, "Me") && !has(&roll, CREDITS_NAME, "the curtain developers"));
    put(dir, "title My Mod\nrole\n");
    CHECK_EQ_INT(credits_load(&roll, patterns, dir, err, sizeof err), -1);
    CHECK(strstr(err, dir) != NULL && strstr(err, "staff.txt:2:5: 'role' needs its text") != NULL);
    CHECK_EQ_INT(roll.count, 0);
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, CREDITS_FILE_NAME);
    remove(path);
    remove(dir);
}

/* Each broken file, refused where it breaks. */
static void test_errors(void)
{
    static const struct {
        const char *text, *error;
    } cases[] = {
        {"title A\n  credit B\n", "t.txt:2:3: unknown word 'credit'"},
        {"title A\nname\n", "t.txt:2:5: 'name' needs its text"},
        {"gap 0\n", "t.txt:1:5: 'gap' takes a number of rows from 1 to 20"},
        {"title A\ngap 21\n", "t.txt:2:5: 'gap' takes a number"},
        {"gap x\n", "t.txt:1:5: 'gap' takes a number"},
        {"end A\ntitle B\n", "t.txt:2:1: nothing follows the roll's 'end'"},
        {"title A\nmusic title\n", "t.txt:2:1: 'music' comes before the roll's first line"},
        {"music a\nmusic b\ntitle A\n", "t.txt:2:1: 'music' is given twice"},
        {"backdrop two words\ntitle A\n", "t.txt:1:10: a backdrop's name is one word"},
        {"music\n", "t.txt:1:6: 'music' needs a name"},
        {"# nothing\n\n", "t.txt:1:1: the staff roll has no lines"},
        {"", "t.txt:1:1: the staff roll has no lines"},
        {"title A\nline "
         "0123456789012345678901234567890123456789012345678901234567890123456789012\n",
         "t.txt:2:77: text longer than 71 bytes"},
        {"title A\nverylongunknownword x\n", "t.txt:2:1: unknown word 'verylongunknownword'"},
    };
    char err[512];
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        err[0] = '\0';
        int rc =
            credits_parse(&roll, "t.txt", cases[k].text, strlen(cases[k].text), err, sizeof err);
        CHECK_EQ_INT(rc, -1);
        if (strncmp(err, cases[k].error, strlen(cases[k].error)) != 0)
            fprintf(stderr, "case %zu: \"%s\", wanted \"%s\"\n", k, err, cases[k].error);
        CHECK(strncmp(err, cases[k].error, strlen(cases[k].error)) == 0);
        CHECK_EQ_INT(roll.count, 0);
    }
    /* a NUL inside, and the bound on lines */
    static const char nul[] = "title A\nna\0me B\n";
    CHECK_EQ_INT(credits_parse(&roll, "t.txt", nul, sizeof nul - 1, err, sizeof err), -1);
    CHECK(strcmp(err, "t.txt:2:3: a NUL byte in the text") == 0);
    static char many[CREDITS_LINES * 8 + 16];
    size_t n = 0;
    for (int i = 0; i <= CREDITS_LINES; i++)
        n += (size_t)snprintf(many + n, sizeof many - n, "gap\n");
    CHECK_EQ_INT(credits_parse(&roll, "t.txt", many, n, err, sizeof err), -1);
    CHECK(strstr(err, "t.txt:161:1: more than 160 lines") != NULL);
    /* spaces and tabs around text are trimmed; a gap with no number is one row */
    static const char ok[] = "\tbackdrop  lake \r\ntitle   Hello world  \r\ngap\nend x";
    CHECK_EQ_INT(credits_parse(&roll, "t.txt", ok, sizeof ok - 1, err, sizeof err), 0);
    CHECK(strcmp(roll.backdrop, "lake") == 0 && roll.backdrop_line == 1 && roll.backdrop_col == 12);
    CHECK(roll.count == 3 && strcmp(roll.entries[0].text, "Hello world") == 0 &&
          roll.entries[1].rows == 1 && roll.entries[2].kind == CREDITS_END);
    CHECK(strcmp(credits_kind_word(CREDITS_ROLE), "role") == 0);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: test_game.credits PATTERNS_DIR\n");
        return 2;
    }
    test_game_roll(argv[1]);
    test_mod_roll(argv[1]);
    test_errors();
    return check_done("game.credits");
}
