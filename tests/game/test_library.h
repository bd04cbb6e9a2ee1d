/*
 * test_library: loads the pattern library the game tests run on.
 *
 * Every game and front-end test starts from the real patterns/ directory; a
 * diagnostic there is printed (so a failing test says which file broke) and
 * the library, or NULL, is returned for the test to CHECK.
 */
#ifndef CURTAIN_TESTS_TEST_LIBRARY_H
#define CURTAIN_TESTS_TEST_LIBRARY_H

#include "pattern/library.h"

#include <stdio.h>

static inline library *test_library_load(const char *dir)
{
    diag_list diags;
    diag_init(&diags);
    library *lib = library_load_dir(dir, NULL, &diags);
    diag_print(&diags, stderr);
    diag_free(&diags);
    return lib;
}

#endif
