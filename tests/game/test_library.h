/*
 * test_library: loads the pattern library the game tests run on.
 *
 * Every game and front-end test starts from the real patterns/ directory; a
 * diagnostic there is printed (so a failing test says which file broke) and
 * the library, or NULL, is returned for the test to CHECK. A test that needs
 * content of its own compiles it from text the same way, together with the
 * game's first ship (TEST_LIBRARY_SHIP), so that its player shoots as in the
 * game.
 */
#ifndef CURTAIN_TESTS_TEST_LIBRARY_H
#define CURTAIN_TESTS_TEST_LIBRARY_H

#include "core/file.h"
#include "core/mem.h"
#include "pattern/content/library.h"

#include <stdio.h>
#include <string.h>

static inline library *test_library_load(const char *dir)
{
    diag_list diags;
    diag_init(&diags);
    library *lib = library_load_dir(dir, NULL, &diags);
    diag_print(&diags, stderr);
    diag_free(&diags);
    return lib;
}

/* The same with a mod folder over dir (library_load_dir's mod_dir). */
static inline library *test_library_load_mod(const char *dir, const char *mod)
{
    diag_list diags;
    diag_init(&diags);
    library *lib = library_load_dir(dir, mod, &diags);
    diag_print(&diags, stderr);
    diag_free(&diags);
    return lib;
}

#define TEST_LIBRARY_SHIP  CURTAIN_TEST_PATTERNS "/ships/hotaru.pat"
#define TEST_LIBRARY_STORY CURTAIN_TEST_PATTERNS "/story/characters.pat"

/* Compiles one pattern file, `name`, from text, and the game's first ship
 * (with the characters it names). */
static inline library *test_library_compile(const char *name, const char *text)
{
    char err[256];
    size_t size = 0, story_size = 0;
    char *ship = file_read_all(TEST_LIBRARY_SHIP, &size, err, sizeof err);
    if (!ship)
        fprintf(stderr, "%s\n", err);
    char *story = file_read_all(TEST_LIBRARY_STORY, &story_size, err, sizeof err);
    if (!story)
        fprintf(stderr, "%s\n", err);
    library_file f[3] = {{name, text, strlen(text)},
                         {TEST_LIBRARY_STORY, story, story_size},
                         {TEST_LIBRARY_SHIP, ship, size}};
    diag_list diags;
    diag_init(&diags);
    library *lib = ship && story ? library_compile(f, 3, &diags) : NULL;
    diag_print(&diags, stderr);
    diag_free(&diags);
    mem_free(ship);
    mem_free(story);
    return lib;
}

#endif
