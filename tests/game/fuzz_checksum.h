/*
 * fuzz_checksum: lets a fuzzer past the "end HASH" line of the checksummed text
 * files (high scores, spell cards). A mutated file almost never carries the
 * right hash, so its rows would never be read back; an input whose end line is
 * "end *" has the star replaced by the hash of the bytes before that line, as
 * the game would write it. Any other input is passed through unchanged. Also
 * the check that a refusal names the file and a line.
 */
#ifndef CURTAIN_TESTS_FUZZ_CHECKSUM_H
#define CURTAIN_TESTS_FUZZ_CHECKSUM_H

#include "core/hash.h"

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define FUZZ_CHECKSUM_MAX 65536

/* Returns the text to parse (data itself, or buf, of FUZZ_CHECKSUM_MAX + 32
 * bytes, with the hash filled in) and its size in *out_size. */
static const char *fuzz_checksum_fix(const uint8_t *data, size_t size, uint64_t seed, char *buf,
                                     size_t *out_size)
{
    const char *text = (const char *)data;
    *out_size = size;
    if (size > FUZZ_CHECKSUM_MAX)
        return text;
    for (size_t at = 0; at + 5 <= size; at++) {
        if ((at > 0 && text[at - 1] != '\n') || memcmp(text + at, "end *", 5) != 0)
            continue;
        size_t rest = size - at - 5;
        memcpy(buf, text, at);
        int n = snprintf(buf + at, 24, "end %016" PRIx64, hash_buffer(text, at, seed));
        memcpy(buf + at + n, text + at + 5, rest);
        *out_size = at + (size_t)n + rest;
        return buf;
    }
    return text;
}

/* 1 when a refusal's reason starts "origin:LINE: " or "origin:LINE:COL: " with a
 * line (and a column) from 1. */
static int fuzz_reason_names_line(const char *reason, const char *origin)
{
    size_t n = strlen(origin);
    if (strncmp(reason, origin, n) != 0 || reason[n] != ':')
        return 0;
    const char *p = reason + n + 1;
    long line = 0;
    while (*p >= '0' && *p <= '9' && line < 1000000)
        line = line * 10 + (*p++ - '0');
    if (p[0] == ':' && p[1] >= '1' && p[1] <= '9') {
        p++;
        while (*p >= '0' && *p <= '9')
            p++;
    }
    return line >= 1 && p[0] == ':' && p[1] == ' ';
}

#endif
