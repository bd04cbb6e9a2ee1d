/*
 * options_fuzz: the libFuzzer target of the options file parser. Any bytes are
 * an options file: every line is taken or reported ("file:line:col: message"),
 * never a crash or an out-of-range setting. What was parsed must format to a
 * file that parses back with no problem to the same options.
 *
 * Built with clang and -DCURTAIN_FUZZ=ON as fuzz_options; its corpus,
 * tests/game/fuzz/options/, is replayed by ctest with any compiler
 * (game.options_fuzz_corpus). To fuzz: see docs/development.md, "Fuzzing".
 */
#include "core/log.h"
#include "game/options.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Aborts unless every setting is within its range and every report line names
 * the file. */
static void options_fuzz_check(const options *o, const options_report *rep)
{
    for (int id = 0; id < OPTION_COUNT; id++) {
        const option_info *info = options_info((option_id)id);
        int v = options_get(o, (option_id)id);
        if (v < info->min || v > info->max)
            abort();
    }
    if (rep->count > OPTIONS_REPORT_LINES || rep->count > rep->problems)
        abort();
    for (int i = 0; i < rep->count; i++)
        if (strncmp(rep->lines[i], "fuzz.txt:", 9) != 0)
            abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char text[OPTIONS_TEXT_MAX];
    options o, back;
    options_report rep = {0}, rep_back = {0};
    log_set_level(LOG_ERROR); /* the report holds the warnings; printing them is slow */
    options_defaults(&o);
    int problems = options_parse(&o, (const char *)data, size, "fuzz.txt", &rep);
    if (problems != rep.problems)
        abort();
    options_fuzz_check(&o, &rep);
    int len = options_format(&o, text, sizeof text);
    if (len < 0)
        abort(); /* OPTIONS_TEXT_MAX always suffices */
    options_defaults(&back);
    if (options_parse(&back, text, (size_t)len, "fuzz.txt", &rep_back) != 0 ||
        memcmp(&o, &back, sizeof o) != 0)
        abort(); /* the written file does not read back */
    return 0;
}
