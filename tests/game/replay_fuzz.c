/*
 * replay_fuzz: the libFuzzer target of the replay decoder. Any bytes are a
 * replay file: they must decode or be refused with a reason that names the
 * file, never crash, leak or hang. A replay that decodes must encode to a file
 * that decodes to the same replay, and play its inputs through a cursor
 * without reading past them.
 *
 * A mutated file almost never ends with the right checksum, so the target
 * writes the hash of the bytes before the last eight into them first: the
 * fuzzer then reaches what follows the integrity check (the check itself is
 * tested in game.replay). Built with clang and -DCURTAIN_FUZZ=ON as
 * fuzz_replay_file; its corpus, tests/game/fuzz/replay/, is replayed by ctest
 * with any compiler (game.replay_fuzz_corpus). To fuzz: see
 * docs/development.md, "Fuzzing".
 */
#include "core/hash.h"
#include "core/mem.h"
#include "game/replay.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Walks every frame of a decoded replay as playback would. */
static void replay_fuzz_walk(const replay *r)
{
    replay_cursor c;
    replay_cursor_begin(&c, r);
    uint32_t frames = 0;
    while (!replay_cursor_done(&c)) {
        (void)replay_cursor_next(&c);
        if (++frames > r->frame_count)
            abort(); /* the cursor ran past the recorded frames */
    }
}

/* Aborts unless two decoded replays are the same. */
static void replay_fuzz_same(const replay *a, const replay *b)
{
    if (strcmp(a->recorded_by, b->recorded_by) != 0 || strcmp(a->name, b->name) != 0 ||
        a->config.seed != b->config.seed || a->config.difficulty != b->config.difficulty ||
        a->config.start != b->config.start || a->config.flags != b->config.flags ||
        a->content != b->content || a->end != b->end || a->date != b->date ||
        a->score != b->score || a->frame_count != b->frame_count ||
        a->check_count != b->check_count ||
        memcmp(a->inputs, b->inputs, a->frame_count * sizeof *a->inputs) != 0)
        abort();
    for (uint32_t i = 0; i < a->check_count; i++)
        if (a->checks[i].frame != b->checks[i].frame || a->checks[i].hash != b->checks[i].hash)
            abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    unsigned char *copy = mem_alloc(size ? size : 1);
    if (!copy)
        return 0;
    memcpy(copy, data, size);
    if (size >= 16) {
        uint64_t h = hash_buffer(copy, size - 8, 0);
        for (int i = 0; i < 8; i++)
            copy[size - 8 + (size_t)i] = (unsigned char)(h >> (8 * i));
    }
    replay r, back;
    char err[256];
    err[0] = '\0';
    if (replay_decode(&r, copy, size, "fuzz.rpl", err, sizeof err) != 0) {
        if (strncmp(err, "fuzz.rpl", 8) != 0)
            abort(); /* a refusal must name the file */
        replay_free(&r);
        mem_free(copy);
        return 0;
    }
    replay_fuzz_walk(&r);
    size_t again_size = 0;
    unsigned char *again = replay_encode(&r, &again_size);
    if (again) {
        if (replay_decode(&back, again, again_size, "fuzz.rpl", err, sizeof err) != 0)
            abort(); /* what it encodes does not decode */
        replay_fuzz_same(&r, &back);
        replay_free(&back);
    }
    mem_free(again);
    replay_free(&r);
    mem_free(copy);
    return 0;
}
