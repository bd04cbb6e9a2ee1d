/*
 * test_library: loads the pattern library the game tests run on.
 *
 * Every game and front-end test starts from the real patterns/ directory; a
 * diagnostic there is printed (so a failing test says which file broke) and
 * the library, or NULL, is returned for the test to CHECK. A test that needs
 * content of its own compiles it from text the same way.
 */
#ifndef CURTAIN_TESTS_TEST_LIBRARY_H
#define CURTAIN_TESTS_TEST_LIBRARY_H

#include "pattern/library.h"

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

/* Compiles one pattern file, `name`, from text. */
static inline library *test_library_compile(const char *name, const char *text)
{
    library_file f = {name, text, strlen(text)};
    diag_list diags;
    diag_init(&diags);
    library *lib = library_compile(&f, 1, &diags);
    diag_print(&diags, stderr);
    diag_free(&diags);
    return lib;
}

#endif
