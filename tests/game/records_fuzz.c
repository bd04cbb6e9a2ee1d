/*
 * records_fuzz: the libFuzzer target of the records file parser. Any bytes are
 * a records.txt: they must parse or be refused with a reason naming the file
 * (the records then empty), never crash. Records that parse must format to a
 * file that parses back to the same records.
 *
 * Built with clang and -DCURTAIN_FUZZ=ON as fuzz_records; its corpus,
 * tests/game/fuzz/records/, is replayed by ctest with any compiler
 * (game.records_fuzz_corpus). An end line "end *" gets the right checksum
 * (fuzz_checksum.h). To fuzz: see docs/development.md, "Fuzzing".
 */
#include "fuzz_checksum.h"
#include "game/records.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char text[RECORDS_TEXT_MAX];
    static records r, back;
    static char fixed[FUZZ_CHECKSUM_MAX + 32];
    char reason[256];
    reason[0] = '\0';
    const char *in = fuzz_checksum_fix(data, size, RECORDS_HASH_SEED, fixed, &size);
    if (records_parse(&r, in, size, "fuzz.txt", reason, sizeof reason) != 0) {
        if (r.count != 0 || r.frames != 0 || !fuzz_reason_names_line(reason, "fuzz.txt"))
            abort();
        return 0;
    }
    if (r.count < 0 || r.count > RECORDS_SHIPS)
        abort();
    int len = records_format(&r, text, sizeof text);
    if (len < 0 || records_parse(&back, text, (size_t)len, "fuzz.txt", reason, sizeof reason) != 0)
        abort(); /* the written file does not read back */
    if (back.count != r.count || back.frames != r.frames)
        abort();
    for (int i = 0; i < r.count; i++) {
        const records_ship *x = &r.ships[i], *y = &back.ships[i];
        if (strcmp(x->name, y->name) != 0 || memcmp(x->played, y->played, sizeof x->played) ||
            memcmp(x->cleared, y->cleared, sizeof x->cleared) ||
            memcmp(x->no_continue, y->no_continue, sizeof x->no_continue) ||
            x->extra_tried != y->extra_tried || x->extra_cleared != y->extra_cleared)
            abort();
    }
    return 0;
}
