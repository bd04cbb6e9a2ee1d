/*
 * spellcards_fuzz: the libFuzzer target of the spell-card record parser. Any
 * bytes are a spellcards.txt: they must parse or be refused with a reason
 * naming the file (the record then empty), never crash. A record that parses
 * must format to a file that parses back to the same record.
 *
 * Built with clang and -DCURTAIN_FUZZ=ON as fuzz_spellcards; its corpus,
 * tests/game/fuzz/spellcards/, is replayed by ctest with any compiler
 * (game.spellcards_fuzz_corpus). An end line "end *" gets the right checksum
 * (fuzz_checksum.h). To fuzz: see docs/development.md, "Fuzzing".
 */
#include "fuzz_checksum.h"
#include "game/spellcards.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Aborts unless two records hold the same cards (the bytes after each string's
 * end may differ). */
static void spellcards_fuzz_same(const spellcards *a, const spellcards *b)
{
    if (a->count != b->count)
        abort();
    for (int i = 0; i < a->count; i++) {
        const spellcard *x = &a->cards[i], *y = &b->cards[i];
        if (strcmp(x->boss, y->boss) != 0 || strcmp(x->title, y->title) != 0 ||
            x->phase != y->phase || x->difficulty != y->difficulty || x->seen != y->seen ||
            x->captured != y->captured)
            abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char text[SPELLCARDS_TEXT_MAX];
    static spellcards sc, back;
    static char fixed[FUZZ_CHECKSUM_MAX + 32];
    char reason[256];
    reason[0] = '\0';
    const char *in = fuzz_checksum_fix(data, size, SPELLCARDS_HASH_SEED, fixed, &size);
    if (spellcards_parse(&sc, in, size, "fuzz.txt", reason, sizeof reason) != 0) {
        if (sc.count != 0 || !fuzz_reason_names_line(reason, "fuzz.txt"))
            abort();
        return 0;
    }
    if (sc.count < 0 || sc.count > SPELLCARDS_MAX)
        abort();
    int len = spellcards_format(&sc, text, sizeof text);
    if (len < 0 ||
        spellcards_parse(&back, text, (size_t)len, "fuzz.txt", reason, sizeof reason) != 0)
        abort(); /* the written file does not read back */
    spellcards_fuzz_same(&sc, &back);
    return 0;
}
