/* replay: recordings round-trip, verify, detect desyncs, and bad files are refused. */
#include "../check.h"
#include "core/file.h"
#include "core/mem.h"
#include "core/rng.h"
#include "game/replay.h"

#include <stdlib.h>
#include <unistd.h>

/* Records a run of `frames` frames of pseudo-random input. */
static void replay_test_record(replay *r, uint32_t frames, uint32_t capacity)
{
    world_config cfg = {.seed = 77, .difficulty = 2, .flags = WORLD_FLAG_INVULNERABLE};
    CHECK(replay_begin(r, &cfg, capacity) == 0);
    world w;
    world_init(&w, &cfg, NULL);
    rng inputs;
    rng_seed(&inputs, 5);
    for (uint32_t i = 0; i < frames; i++) {
        input_bits in = (input_bits)(rng_next(&inputs) & ((1u << INPUT_BUTTON_COUNT) - 1));
        world_step(&w, in);
        replay_record(r, in, &w);
    }
    replay_finish(r, &w, REPLAY_END_GAME_OVER, "ALICE", 123456, 1700000000);
    world_free(&w);
}

static void replay_test_round_trip(void)
{
    replay r, back;
    replay_test_record(&r, 1000, 0);
    CHECK_EQ_INT(r.frame_count, 1000);
    CHECK_EQ_INT(r.check_count, 4); /* 300, 600, 900, and the last frame */
    size_t size;
    unsigned char *data = replay_encode(&r, &size);
    CHECK(data != NULL);
    char err[256] = "";
    CHECK(replay_decode(&back, data, size, "mem", err, sizeof err) == 0);
    CHECK_EQ_U64(back.config.seed, 77);
    CHECK_EQ_INT(back.config.difficulty, 2);
    CHECK_EQ_INT(back.config.flags, WORLD_FLAG_INVULNERABLE);
    CHECK_EQ_INT(back.end, REPLAY_END_GAME_OVER);
    CHECK(strcmp(back.name, "ALICE") == 0);
    CHECK_EQ_U64(back.score, 123456);
    CHECK_EQ_INT(back.date, 1700000000);
    CHECK(strcmp(back.recorded_by, CURTAIN_VERSION) == 0);
    CHECK(memcmp(back.inputs, r.inputs, 1000) == 0);
    replay_desync d;
    CHECK(replay_verify(&back, NULL, &d) == 0);
    replay_free(&back);
    mem_free(data);
    replay_free(&r);
}

static void replay_test_desync_reported(void)
{
    replay r;
    replay_test_record(&r, 1000, 0);
    /* A different input at frame 450: the part hashes of frame 450 differ, the
     * player's first of all. */
    r.inputs[449] ^= INPUT_BIT(INPUT_LEFT);
    replay_desync d = {0};
    CHECK(replay_verify(&r, NULL, &d) == -1);
    CHECK_EQ_INT(d.frame, 450);
    CHECK(d.parts & (1u << WORLD_PART_PLAYER));
    char parts[128];
    replay_desync_parts(&d, parts, sizeof parts);
    CHECK_STR_CONTAINS(parts, "player");
    /* Without part hashes (format 3) it shows at the next check, frame 600. */
    mem_free(r.parts);
    r.parts = NULL;
    d = (replay_desync){0};
    CHECK(replay_verify(&r, NULL, &d) == -1);
    CHECK_EQ_INT(d.frame, 600);
    CHECK(d.expected != d.actual);
    CHECK_EQ_INT(d.parts, 0);
    replay_free(&r);
}

static void replay_test_capacity(void)
{
    replay r;
    replay_test_record(&r, 50, 40);
    CHECK_EQ_INT(r.frame_count, 40);
    CHECK_EQ_INT(r.refused, 10);
    /* What it holds plays back true; the run did not end where it stops. */
    CHECK_EQ_INT(r.end, REPLAY_END_UNFINISHED);
    replay_desync d = {0};
    CHECK(replay_verify(&r, NULL, &d) == 0);
    replay_free(&r);
    /* A full recording that refused nothing keeps its ending and last check. */
    replay_test_record(&r, 40, 40);
    CHECK_EQ_INT(r.refused, 0);
    CHECK_EQ_INT(r.end, REPLAY_END_GAME_OVER);
    CHECK_EQ_INT(r.check_count, 1);
    CHECK(replay_verify(&r, NULL, &d) == 0);
    replay_free(&r);
}

/* Every truncation and every single-byte corruption is refused with a reason. */
static void replay_test_bad_files(void)
{
    replay r, back;
    replay_test_record(&r, 700, 0);
    size_t size;
    unsigned char *data = replay_encode(&r, &size);
    char err[256];
    int64_t live = mem_live_blocks();
    int all_refused = 1;
    for (size_t n = 0; n < size; n++) {
        err[0] = '\0';
        all_refused &= replay_decode(&back, data, n, "cut.rpy", err, sizeof err) == -1;
        all_refused &= strncmp(err, "cut.rpy: ", 9) == 0;
    }
    CHECK(all_refused);
    for (size_t i = 0; i < size; i++) {
        data[i] ^= 0x5a;
        all_refused &= replay_decode(&back, data, size, "flip.rpy", err, sizeof err) == -1;
        data[i] ^= 0x5a;
    }
    CHECK(all_refused);
    CHECK_EQ_INT(mem_live_blocks(), live);

    CHECK(replay_decode(&back, data, 50, "x", err, sizeof err) == -1);
    CHECK_STR_CONTAINS(err, "truncated");
    unsigned char *longer = mem_alloc(size + 3);
    memcpy(longer, data, size);
    memset(longer + size, 0, 3);
    CHECK(replay_decode(&back, longer, size + 3, "x", err, sizeof err) == -1);
    CHECK_STR_CONTAINS(err, "3 bytes after the end");
    mem_free(longer);
    data[8] = 9; /* a future format version */
    CHECK(replay_decode(&back, data, size, "x", err, sizeof err) == -1);
    CHECK_STR_CONTAINS(err, "newer curtain (format 9)");
    data[8] = REPLAY_VERSION;
    data[0] = 'X';
    CHECK(replay_decode(&back, data, size, "x", err, sizeof err) == -1);
    CHECK_STR_CONTAINS(err, "not a curtain replay");
    data[0] = 'C';
    data[100] ^= 1;
    CHECK(replay_decode(&back, data, size, "x", err, sizeof err) == -1);
    CHECK_STR_CONTAINS(err, "checksum");
    data[100] ^= 1;
    CHECK(replay_decode(&back, data, size, "x", err, sizeof err) == 0);
    replay_free(&back);
    mem_free(data);
    replay_free(&r);
}

/* Fail each allocation of a decode in turn: a clean error each time, no leak. */
static void replay_test_out_of_memory(void)
{
    replay r, back;
    replay_test_record(&r, 400, 0);
    size_t size;
    unsigned char *data = replay_encode(&r, &size);
    int64_t live = mem_live_blocks();
    char err[256];
    for (uint64_t n = 1; n <= 3; n++) {
        mem_fail_at(n);
        int rc = replay_decode(&back, data, size, "oom", err, sizeof err);
        mem_fail_at(0);
        if (rc == 0)
            replay_free(&back);
        else
            CHECK_STR_CONTAINS(err, "out of memory");
        CHECK_EQ_INT(mem_live_blocks(), live);
    }
    mem_free(data);
    replay_free(&r);
}

static void replay_test_file(void)
{
    replay r, back;
    replay_test_record(&r, 320, 0);
    char path[] = "/tmp/curtain-replay-test-XXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0);
    char err[256];
    CHECK(replay_save(&r, path, err, sizeof err) == 0);
    CHECK(replay_load(&back, path, err, sizeof err) == 0);
    CHECK_EQ_INT(back.frame_count, 320);
    replay_free(&back);
    /* A file over the replay limit is refused by its size, not read whole. */
    CHECK(truncate(path, (off_t)FILE_LIMIT_REPLAY + (1 << 20)) == 0);
    CHECK(replay_load(&back, path, err, sizeof err) == -1);
    CHECK_STR_CONTAINS(err, ": file too large (49 MiB; the limit is 48 MiB)");
    remove(path);
    CHECK(replay_load(&back, path, err, sizeof err) == -1);
    CHECK_STR_CONTAINS(err, path);
    replay_free(&r);
}

int main(void)
{
    replay_test_round_trip();
    replay_test_desync_reported();
    replay_test_capacity();
    replay_test_bad_files();
    replay_test_out_of_memory();
    replay_test_file();
    return check_done("replay");
}
