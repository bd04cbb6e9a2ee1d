/*
 * desync: reports that say where a replay went out of step and what differs.
 *
 * - A replay recorded over a pattern that is then changed (its bullets' speed)
 *   is a desync at the frame the first bullet flies, and the part named is
 *   "bullets"; the content hash tells the change apart too.
 * - Two replays of the same start whose inputs part at a known frame (the
 *   player moves left there in one of them): replay_diff_run names that frame
 *   (the player), and later the first bullet that differs (aimed at another
 *   place) and its field, heading.
 * - A practice with savestates (saved, played on, loaded back, played again)
 *   verifies; so does it encoded and decoded.
 */
#include "../check.h"
#include "core/mem.h"
#include "game/replay.h"
#include "game/replay_diff.h"
#include "test_library.h"

static const char *const pattern_a = "stage stage1 {\n"
                                     "    wait 100\n"
                                     "    repeat 60 {\n"
                                     "        fire orb ring 4 aim speed 2\n"
                                     "        wait 10\n"
                                     "    }\n"
                                     "}\n";
/* The same, its bullets faster. */
static const char *const pattern_b = "stage stage1 {\n"
                                     "    wait 100\n"
                                     "    repeat 60 {\n"
                                     "        fire orb ring 4 aim speed 3\n"
                                     "        wait 10\n"
                                     "    }\n"
                                     "}\n";

#define RUN_FRAMES 700
#define PART_AT    50 /* the frame the second run moves left */

/* Records RUN_FRAMES frames over lib; with `part`, the player moves left from
 * frame `part` for 10 frames. Returns the first frame with a bullet flying. */
static uint32_t record(replay *r, const library *lib, uint32_t part)
{
    world_config cfg = {.seed = 5, .difficulty = 1, .flags = WORLD_FLAG_INVULNERABLE};
    CHECK(replay_begin(r, &cfg, RUN_FRAMES) == 0);
    replay_set_content(r, lib);
    world *w = mem_alloc(sizeof *w);
    CHECK(w && world_init(w, &cfg, lib) == 0);
    uint32_t first_bullet = 0;
    for (uint32_t f = 1; f <= RUN_FRAMES; f++) {
        input_bits in = part && f >= part && f < part + 10 ? INPUT_BIT(INPUT_LEFT) : 0;
        world_step(w, in);
        replay_record(r, in, w);
        if (!first_bullet && w->bullets.live > 0)
            first_bullet = f;
    }
    replay_finish(r, w, REPLAY_END_UNFINISHED, "T", 0, 0);
    world_free(w);
    mem_free(w);
    return first_bullet;
}

static void desync_pattern_changed(const library *a, library *b)
{
    replay r;
    uint32_t first_bullet = record(&r, a, 0);
    CHECK(first_bullet > 100 && first_bullet < 110);
    replay_desync d = {0};
    CHECK(replay_verify(&r, a, &d) == 0);
    CHECK(!replay_content_matches(&r, b));
    CHECK(replay_verify(&r, b, &d) == -1);
    CHECK_EQ_INT(d.frame, first_bullet);
    CHECK(d.parts & (1u << WORLD_PART_BULLETS));
    CHECK(!(d.parts & (1u << WORLD_PART_PLAYER)));
    char parts[128];
    replay_desync_parts(&d, parts, sizeof parts);
    CHECK_STR_CONTAINS(parts, "bullets");
    /* encoded and decoded, the report is the same */
    size_t size;
    unsigned char *data = replay_encode(&r, &size);
    replay back;
    char err[256];
    CHECK(data && replay_decode(&back, data, size, "t", err, sizeof err) == 0);
    replay_desync d2 = {0};
    CHECK(replay_verify(&back, b, &d2) == -1);
    CHECK_EQ_INT(d2.frame, d.frame);
    CHECK_EQ_INT(d2.parts, d.parts);
    replay_free(&back);
    mem_free(data);
    replay_free(&r);
}

static void desync_diff(const library *lib)
{
    replay a, b;
    record(&a, lib, 0);
    record(&b, lib, PART_AT);
    replay_diff diff;
    char err[256] = "";
    CHECK(replay_diff_run(&a, &b, lib, 600, &diff, err, sizeof err) == 0);
    CHECK_EQ_INT(diff.first, PART_AT);
    CHECK_EQ_INT(diff.at[WORLD_PART_PLAYER], PART_AT);
    CHECK_STR_CONTAINS(diff.what[WORLD_PART_PLAYER].fields, "x ");
    CHECK(diff.at[WORLD_PART_BULLETS] > PART_AT);
    CHECK_STR_CONTAINS(diff.what[WORLD_PART_BULLETS].object, "bullet slot");
    CHECK_STR_CONTAINS(diff.what[WORLD_PART_BULLETS].fields, "heading");
    printf("diff: part at %u; bullets at %u: %s: %s\n", diff.first, diff.at[WORLD_PART_BULLETS],
           diff.what[WORLD_PART_BULLETS].object, diff.what[WORLD_PART_BULLETS].fields);
    /* a replay against itself: no difference */
    CHECK(replay_diff_run(&a, &a, lib, 600, &diff, err, sizeof err) == 0);
    CHECK_EQ_INT(diff.first, 0);
    CHECK_EQ_INT(diff.frames, RUN_FRAMES);
    /* another start is refused */
    b.config.seed++;
    CHECK(replay_diff_run(&a, &b, lib, 600, &diff, err, sizeof err) == -1);
    CHECK_STR_CONTAINS(err, "do not start alike");
    replay_free(&a);
    replay_free(&b);
}

/* Saves at frame 200, plays on to 300, loads, plays 250 more on other inputs,
 * loads again and plays to the end: the recording verifies, also after an
 * encode and decode, and an input changed after a load is told. */
static void desync_savestates(const library *lib)
{
    world_config cfg = {.seed = 9, .difficulty = 2};
    replay r;
    CHECK(replay_begin(&r, &cfg, 2000) == 0);
    replay_set_content(&r, lib);
    world *w = mem_alloc(sizeof *w);
    CHECK(w && world_init(w, &cfg, lib) == 0);
    snapshot slot;
    CHECK(snapshot_init(&slot, w) == 0);
    for (uint32_t f = 1; f <= 900; f++) {
        if (f == 201) {
            snapshot_take(&slot, w);
            CHECK(replay_record_event(&r, REPLAY_EVENT_SAVE, 0, w) == 0);
        }
        if (f == 301 || f == 551) {
            snapshot_restore(&slot, w);
            CHECK(replay_record_event(&r, REPLAY_EVENT_LOAD, 0, w) == 0);
        }
        input_bits in = (input_bits)(f < 551 ? INPUT_BIT(INPUT_SHOT) | INPUT_BIT(INPUT_LEFT)
                                             : INPUT_BIT(INPUT_RIGHT));
        world_step(w, in);
        replay_record(&r, in, w);
    }
    replay_finish(&r, w, REPLAY_END_UNFINISHED, "T", 0, 0);
    CHECK_EQ_U64(w->frame, 900 - 100 - 250);
    CHECK(r.practice & REPLAY_PRACTICE_STATES);
    CHECK_EQ_INT(r.event_count, 3);
    replay_desync d = {0};
    CHECK(replay_verify(&r, lib, &d) == 0);
    size_t size;
    unsigned char *data = replay_encode(&r, &size);
    replay back;
    char err[256];
    CHECK(data && replay_decode(&back, data, size, "t", err, sizeof err) == 0);
    CHECK_EQ_INT(back.event_count, 3);
    CHECK(back.practice & REPLAY_PRACTICE_STATES);
    CHECK(replay_verify(&back, lib, &d) == 0);
    back.inputs[700] ^= INPUT_BIT(INPUT_UP);
    CHECK(replay_verify(&back, lib, &d) == -1);
    CHECK_EQ_INT(d.frame, 701);
    replay_free(&back);
    mem_free(data);
    snapshot_free(&slot);
    world_free(w);
    mem_free(w);
    replay_free(&r);
}

/* A replay watched to frame 300 (its savestate events included) and taken over
 * there: the new run's replay starts with the parent's 300 frames, goes on with
 * other inputs, and verifies, also encoded and decoded; so does one taken over
 * from a parent without part hashes (format 3), and from the parent's end. An
 * input changed in the parent's frames is told at its frame, by the part hashes
 * that came along, or at the parent's next checkpoint when it had none. */
static void desync_take_over(const library *lib)
{
    replay parent;
    world_config cfg = {.seed = 21, .difficulty = 2};
    CHECK(replay_begin(&parent, &cfg, 1000) == 0);
    replay_set_content(&parent, lib);
    world *w = mem_alloc(sizeof *w);
    CHECK(w && world_init(w, &cfg, lib) == 0);
    for (uint32_t f = 1; f <= 600; f++) {
        input_bits in = (input_bits)((f / 40) % 2 ? INPUT_BIT(INPUT_LEFT) : INPUT_BIT(INPUT_UP));
        world_step(w, in | INPUT_BIT(INPUT_SHOT));
        replay_record(&parent, (input_bits)(in | INPUT_BIT(INPUT_SHOT)), w);
    }
    replay_finish(&parent, w, REPLAY_END_UNFINISHED, "P", 0, 0);
    world_free(w);
    for (int variant = 0; variant < 3; variant++) {
        uint32_t at = variant == 2 ? parent.frame_count : 300;
        if (variant == 1) { /* a parent without part hashes */
            mem_free(parent.parts);
            parent.parts = NULL;
        }
        /* watch the parent to `at` */
        CHECK(world_init(w, &parent.config, lib) == 0);
        replay_cursor c;
        replay_cursor_begin(&c, &parent);
        snapshot slot = {0};
        int stepped = 1;
        while (c.frame < at)
            stepped &= replay_cursor_step(&c, w, &slot) == 0;
        CHECK(stepped);
        snapshot_free(&slot);
        replay taken;
        CHECK(replay_begin_taken(&taken, &parent, c.frame, 2000) == 0);
        /* a take-over is a practice: the run's continues are used up, and
         * playback does the same at taken_at (rules 2) */
        CHECK(w->continues < WORLD_CONTINUES);
        replay_take_over(w);
        CHECK_EQ_INT(w->continues, WORLD_CONTINUES);
        CHECK_EQ_INT(taken.rules, REPLAY_RULES);
        CHECK_EQ_INT(taken.taken_at, at);
        CHECK(taken.practice & REPLAY_PRACTICE_TAKEN);
        for (uint32_t f = 1; f <= 500; f++) {
            input_bits in =
                (input_bits)(f % 50 < 25 ? INPUT_BIT(INPUT_RIGHT) : INPUT_BIT(INPUT_DOWN));
            world_step(w, in);
            replay_record(&taken, in, w);
        }
        replay_finish(&taken, w, REPLAY_END_UNFINISHED, "T", 0, 0);
        world_free(w);
        CHECK_EQ_INT(taken.frame_count, at + 500);
        replay_desync d = {0};
        CHECK(replay_verify(&taken, lib, &d) == 0);
        size_t size;
        unsigned char *data = replay_encode(&taken, &size);
        replay back;
        char err[256];
        CHECK(data && replay_decode(&back, data, size, "t", err, sizeof err) == 0);
        CHECK_EQ_INT(back.taken_at, at);
        CHECK(back.practice & REPLAY_PRACTICE_TAKEN);
        CHECK(replay_verify(&back, lib, &d) == 0);
        /* by rules 1 (recorded before), playback leaves the continues: the
         * recorded state is not reached */
        back.rules = 1;
        CHECK(replay_verify(&back, lib, &d) == -1);
        back.rules = REPLAY_RULES;
        /* its own frames are checked: an input changed after the take-over is told */
        back.inputs[at + 100] ^= INPUT_BIT(INPUT_LEFT);
        CHECK(replay_verify(&back, lib, &d) == -1);
        CHECK_EQ_INT(d.frame, at + 101);
        back.inputs[at + 100] ^= INPUT_BIT(INPUT_LEFT);
        /* and the parent's: with its part hashes at the frame itself, naming the
         * part; without, at the parent's next checkpoint */
        back.inputs[100] ^= INPUT_BIT(INPUT_LEFT) | INPUT_BIT(INPUT_UP);
        CHECK(replay_verify(&back, lib, &d) == -1);
        if (variant >= 1) { /* the parent's part hashes are gone since variant 1 */
            CHECK_EQ_INT(d.frame, 300);
        } else {
            CHECK_EQ_INT(d.frame, 101);
            CHECK(d.parts != 0);
        }
        replay_free(&back);
        mem_free(data);
        replay_free(&taken);
    }
    mem_free(w);
    replay_free(&parent);
}

int main(void)
{
    library *a = test_library_compile("a.pat", pattern_a);
    library *b = test_library_compile("a.pat", pattern_b);
    CHECK(a && b);
    if (a && b) {
        desync_pattern_changed(a, b);
        desync_diff(a);
        desync_savestates(a);
        desync_take_over(a);
    }
    library_free(a);
    library_free(b);
    return check_done("desync");
}
