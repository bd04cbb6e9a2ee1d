/*
 * test_sandbox: the pattern tests' way into the sandbox (the engine the viewer
 * and `curtain run` use): one of the default configuration, started on an
 * entry and stepped a number of frames.
 */
#ifndef CURTAIN_TESTS_TEST_SANDBOX_H
#define CURTAIN_TESTS_TEST_SANDBOX_H

#include "../check.h"
#include "pattern/objects/sandbox.h"

/* A default sandbox running `entry` of lib, stepped `frames` frames; NULL (a
 * failed CHECK) when it cannot be made or the entry cannot start (a NULL entry
 * included). Free with sandbox_destroy. */
static sandbox *test_sandbox(const library *lib, const library_entry *entry, int frames)
{
    sandbox_config cfg;
    sandbox_config_default(&cfg);
    sandbox *sb = sandbox_create(&cfg);
    int started = sb && entry && sandbox_start(sb, lib, entry, NULL) == 0;
    CHECK(started);
    if (!started) {
        sandbox_destroy(sb);
        return NULL;
    }
    for (int f = 0; f < frames; f++)
        sandbox_step(sb);
    return sb;
}

#endif
