/*
 * highscores_fuzz: the libFuzzer target of the high-score file parser. Any
 * bytes are a high-score file: they must parse or be refused with a reason
 * naming the file ("file:line: message", the table then empty), never crash.
 * A table that parses must hold valid names, keep its order, and format to a
 * file that parses back to the same table.
 *
 * Built with clang and -DCURTAIN_FUZZ=ON as fuzz_highscores; its corpus,
 * tests/game/fuzz/highscores/, is replayed by ctest with any compiler
 * (game.highscores_fuzz_corpus). An end line "end *" gets the right checksum
 * (fuzz_checksum.h). To fuzz: see docs/development.md, "Fuzzing".
 */
#include "fuzz_checksum.h"
#include "game/highscores.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Aborts unless every table is in range, in order, with valid names. */
static void highscores_fuzz_check(const highscores *hs)
{
    for (int d = 0; d < DIFFICULTY_COUNT; d++) {
        if (hs->count[d] < 0 || hs->count[d] > HIGHSCORES_TOP)
            abort();
        for (int i = 0; i < hs->count[d]; i++) {
            const highscore *e = &hs->entries[d][i];
            if (!highscores_name_valid(e->name) || e->stage < 1 ||
                e->stage > HIGHSCORES_STAGE_MAX || (i > 0 && e->score > e[-1].score))
                abort();
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char text[HIGHSCORES_TEXT_MAX];
    static highscores hs, back;
    static char fixed[FUZZ_CHECKSUM_MAX + 32];
    char reason[256];
    reason[0] = '\0';
    const char *in = fuzz_checksum_fix(data, size, HIGHSCORES_HASH_SEED, fixed, &size);
    if (highscores_parse(&hs, in, size, "fuzz.txt", reason, sizeof reason) != 0) {
        for (int d = 0; d < DIFFICULTY_COUNT; d++)
            if (hs.count[d] != 0)
                abort(); /* a refused file leaves the table empty */
        if (!fuzz_reason_names_line(reason, "fuzz.txt"))
            abort();
        return 0;
    }
    highscores_fuzz_check(&hs);
    int len = highscores_format(&hs, text, sizeof text);
    if (len < 0 ||
        highscores_parse(&back, text, (size_t)len, "fuzz.txt", reason, sizeof reason) != 0)
        abort(); /* the written file does not read back */
    for (int d = 0; d < DIFFICULTY_COUNT; d++)
        if (back.count[d] != hs.count[d] ||
            memcmp(back.entries[d], hs.entries[d], sizeof(highscore) * (size_t)hs.count[d]) != 0)
            abort();
    return 0;
}
