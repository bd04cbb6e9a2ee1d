/* replay: recordings round-trip, verify, detect desyncs, and bad files are refused. */
#include "../check.h"
#include "core/file.h"
#include "core/mem.h"
#include "core/rng.h"
#include "game/replay.h"
#include "game/snapshot.h"

#include <stdlib.h>
#include <string.h>
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
    CHECK_STR_CONTAINS(err, ": file too large (13 MiB; the limit is 12 MiB)");
    remove(path);
    CHECK(replay_load(&back, path, err, sizeof err) == -1);
    CHECK_STR_CONTAINS(err, path);
    replay_free(&r);
}

/* Encodes r and decodes it again into back; returns what decode did. */
static int replay_test_reread(const replay *r, replay *back, char *err, size_t err_size)
{
    size_t size;
    unsigned char *data = replay_encode(r, &size);
    CHECK(data != NULL);
    int rc = data ? replay_decode(back, data, size, "mem", err, err_size) : -1;
    mem_free(data);
    return rc;
}

/* A recording that filled up reads back: the frame that filled it has a
 * checkpoint (a recording of 50 frames in room for 40 was unreadable: its last
 * frame had no state hash). */
static void replay_test_full_reads_back(void)
{
    replay r, back;
    char err[256] = "";
    replay_test_record(&r, 50, 40);
    CHECK_EQ_INT(r.refused, 10);
    CHECK(replay_test_reread(&r, &back, err, sizeof err) == 0);
    CHECK_EQ_INT(back.frame_count, 40);
    replay_desync d = {0};
    CHECK(replay_verify(&back, NULL, &d) == 0);
    replay_free(&back);
    replay_free(&r);
}

/* Records `frames` frames of a practice pressing a savestate key every frame
 * (a save, then loads), `twice` more keys at frame 100 than a run can press. */
static void replay_test_record_states(replay *r, uint32_t frames, int twice)
{
    world_config cfg = {.seed = 3, .difficulty = 1, .flags = WORLD_FLAG_INVULNERABLE};
    CHECK(replay_begin(r, &cfg, 0) == 0);
    world w;
    world_init(&w, &cfg, NULL);
    snapshot slot;
    CHECK(snapshot_init(&slot, &w) == 0);
    for (uint32_t f = 0; f < frames; f++) {
        int n = f == 100 ? 1 + twice : 1;
        for (int k = 0; k < n; k++) {
            if (f % 2 == 0)
                snapshot_take(&slot, &w);
            else
                snapshot_restore(&slot, &w);
            replay_record_event(r, f % 2 ? REPLAY_EVENT_LOAD : REPLAY_EVENT_SAVE, 0, &w);
        }
        world_step(&w, (input_bits)(f % 7 ? INPUT_BIT(INPUT_SHOT) : INPUT_BIT(INPUT_LEFT)));
        replay_record(r, (input_bits)(f % 7 ? INPUT_BIT(INPUT_SHOT) : INPUT_BIT(INPUT_LEFT)), &w);
    }
    replay_finish(r, &w, REPLAY_END_UNFINISHED, "S", 0, 0);
    snapshot_free(&slot);
    world_free(&w);
}

/* Savestates: 5,000 presses (over the 4,096 a recording had room for, which
 * gave a file that could not be read) are all kept and read back; a key more
 * than a run can press in a frame stops the recording where it is, and what
 * it kept reads back and verifies. */
static void replay_test_many_states(void)
{
    replay r, back;
    char err[256] = "";
    replay_desync d = {0};
    replay_test_record_states(&r, 5000, 0);
    CHECK_EQ_INT(r.event_count, 5000);
    CHECK_EQ_INT(r.refused, 0);
    CHECK(replay_test_reread(&r, &back, err, sizeof err) == 0);
    CHECK_EQ_INT(back.event_count, 5000);
    CHECK(replay_verify(&back, NULL, &d) == 0);
    replay_free(&back);
    replay_free(&r);

    replay_test_record_states(&r, 400, 1);
    CHECK(r.refused > 0);
    CHECK_EQ_INT(r.frame_count, 100);
    CHECK_EQ_INT(r.event_count, 101);
    CHECK(replay_test_reread(&r, &back, err, sizeof err) == 0);
    CHECK(replay_verify(&back, NULL, &d) == 0);
    replay_free(&back);
    replay_free(&r);
}

/* A take-over from a parent whose file holds a checkpoint every frame (a
 * decoder accepts it): the recording keeps all of them and its own, and reads
 * back (it dropped its last checkpoint and could not be read). */
static void replay_test_take_over_dense(void)
{
    world_config cfg = {.seed = 11, .difficulty = 2, .flags = WORLD_FLAG_INVULNERABLE};
    replay parent, taken, back;
    CHECK(replay_begin(&parent, &cfg, 1000) == 0);
    mem_free(parent.checks);
    parent.checks = mem_alloc(1001 * sizeof *parent.checks);
    parent.check_cap = 1001;
    world w;
    world_init(&w, &cfg, NULL);
    for (uint32_t f = 1; f <= 1000; f++) {
        world_step(&w, INPUT_BIT(INPUT_SHOT));
        replay_record(&parent, INPUT_BIT(INPUT_SHOT), &w);
        parent.checks[f - 1] = (replay_checkpoint){f, world_hash(&w)};
        parent.check_count = f;
        if (f == 900)
            CHECK(replay_begin_taken(&taken, &parent, 900, 2000) == 0);
    }
    world_free(&w);
    world_init(&w, &cfg, NULL);
    for (uint32_t f = 1; f <= 900; f++)
        world_step(&w, INPUT_BIT(INPUT_SHOT));
    replay_take_over(&w); /* as the game does */
    for (uint32_t f = 901; f <= 1500; f++) {
        world_step(&w, INPUT_BIT(INPUT_LEFT));
        CHECK(replay_record(&taken, INPUT_BIT(INPUT_LEFT), &w) == 0);
    }
    replay_finish(&taken, &w, REPLAY_END_UNFINISHED, "T", 0, 0);
    CHECK_EQ_INT(taken.check_count, 900 + 2); /* the parent's, 1200, 1500 */
    char err[256] = "";
    CHECK(replay_test_reread(&taken, &back, err, sizeof err) == 0);
    replay_desync d = {0};
    CHECK(replay_verify(&back, NULL, &d) == 0);
    replay_free(&back);
    replay_free(&taken);
    replay_free(&parent);
    world_free(&w);
}

/* A take-over the recording cannot hold is refused with the reason a player can
 * act on (it said "out of memory" at a full recording's last frame), and so are
 * a frame past the parent's end and a format before 3; one with room is not. */
static void replay_test_take_over_refusals(void)
{
    world_config cfg = {.seed = 5, .difficulty = 1, .flags = WORLD_FLAG_INVULNERABLE};
    replay parent;
    CHECK(replay_begin(&parent, &cfg, 600) == 0);
    world w;
    world_init(&w, &cfg, NULL);
    for (uint32_t f = 1; f <= 600; f++) {
        world_step(&w, 0);
        CHECK(replay_record(&parent, 0, &w) == 0);
    }
    char why[128] = "";
    CHECK(replay_take_over_refusal(&parent, 300, 600, why, sizeof why) == 0);
    CHECK(replay_take_over_refusal(&parent, 600, 600, why, sizeof why) == -1);
    CHECK(strstr(why, "no room left to take over at 0:10") != NULL);
    CHECK(strstr(why, "out of memory") == NULL);
    CHECK(replay_take_over_refusal(&parent, 601, 1200, why, sizeof why) == -1);
    CHECK(strstr(why, "the replay ends at 0:10") != NULL);
    parent.version = 2;
    CHECK(replay_take_over_refusal(&parent, 300, 600, why, sizeof why) == -1);
    CHECK(strstr(why, "before format 3") != NULL);
    parent.version = REPLAY_VERSION;
    replay taken;
    CHECK(replay_begin_taken(&taken, &parent, 600, 600) == -1); /* the same rule */
    CHECK(replay_begin_taken(&taken, &parent, 300, 600) == 0);
    replay_free(&taken);
    replay_free(&parent);
    world_free(&w);
}

/* What no run can make is refused by the decoder with the reason, before any
 * work: two savestate events before one frame, more events than frames, more
 * frames than a recording holds. */
static void replay_test_impossible(void)
{
    replay r, back;
    char err[256] = "";
    replay_test_record_states(&r, 200, 0);
    r.events[5].frame = r.events[4].frame;
    CHECK(replay_test_reread(&r, &back, err, sizeof err) == -1);
    CHECK_STR_CONTAINS(err, "savestate events 5 and 6 both come after frame 4 (a run makes one "
                            "a frame at most)");
    r.events[5].frame = 5;
    r.frame_count = 100; /* 200 events in 100 frames */
    r.check_count = 1;
    r.checks[0].frame = 100;
    CHECK(replay_test_reread(&r, &back, err, sizeof err) == -1);
    CHECK_STR_CONTAINS(err, "200 savestate events in 100 frames");
    replay_free(&r);

    replay_test_record(&r, 10, 0);
    mem_free(r.inputs);
    r.inputs = mem_calloc(REPLAY_MAX_FRAMES + 1, 1);
    r.frame_count = REPLAY_MAX_FRAMES + 1;
    r.checks[0].frame = r.frame_count;
    mem_free(r.parts);
    r.parts = NULL;
    CHECK(replay_test_reread(&r, &back, err, sizeof err) == -1);
    CHECK_STR_CONTAINS(err, "432001 frames, longer than a recording holds (432000, two hours)");
    replay_free(&r);
}

/* The header's claims against the run: a forged score and ending are told,
 * each; the run's own are not. */
static void replay_test_claims(void)
{
    replay r;
    replay_test_record(&r, 600, 0); /* "game over, 123456" of a run that goes on */
    replay_desync d = {0};
    replay_outcome o;
    CHECK(replay_verify_outcome(&r, NULL, &d, &o) == 0);
    CHECK_EQ_INT(o.end, REPLAY_END_UNFINISHED);
    char why[512];
    CHECK_EQ_INT(replay_claims_check(&r, &o, why, sizeof why), 2);
    CHECK_STR_CONTAINS(why, "the header says score 123456, the run scores ");
    CHECK_STR_CONTAINS(why, "; the header says game over, the run is unfinished");
    r.score = o.score;
    r.end = o.end;
    CHECK_EQ_INT(replay_claims_check(&r, &o, why, sizeof why), 0);
    /* savestate loads the marks do not say, and marks the inputs do not bear */
    r.practice = REPLAY_PRACTICE_STATES;
    CHECK_EQ_INT(replay_claims_check(&r, &o, why, sizeof why), 1);
    CHECK_STR_CONTAINS(why, "the header says a practice with savestates, the run loads 0");
    r.practice = REPLAY_PRACTICE_TAKEN;
    CHECK_EQ_INT(replay_claims_check(&r, &o, why, sizeof why), 1);
    CHECK_STR_CONTAINS(why, "the header says taken over, the inputs are one run from its start");
    r.practice = 0;
    o.loads = 2;
    CHECK_EQ_INT(replay_claims_check(&r, &o, why, sizeof why), 1);
    CHECK_STR_CONTAINS(why, "the header says no savestates loaded, the run loads 2");
    replay_free(&r);
}

int main(void)
{
    replay_test_round_trip();
    replay_test_desync_reported();
    replay_test_capacity();
    replay_test_full_reads_back();
    replay_test_many_states();
    replay_test_take_over_dense();
    replay_test_take_over_refusals();
    replay_test_impossible();
    replay_test_claims();
    replay_test_bad_files();
    replay_test_out_of_memory();
    replay_test_file();
    return check_done("replay");
}
