/* highscores: ranks and insertion, names, the file's round trip, and refusal of
 * every damaged file with the file kept aside. */
#include "../check.h"
#include "core/file.h"
#include "core/hash.h"
#include "core/log.h"
#include "core/mem.h"
#include "core/rng.h"
#include "game/highscores.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static highscore highscores_test_entry(const char *name, uint64_t score)
{
    highscore e = {.score = score, .stage = 1, .cleared = score % 2 == 0, .date = 20240501};
    snprintf(e.name, sizeof e.name, "%s", name);
    return e;
}

/* A table with entries in every difficulty. */
static void highscores_test_fill(highscores *hs)
{
    highscores_clear(hs);
    for (int d = 0; d < DIFFICULTY_COUNT; d++)
        for (int i = 0; i < 3 + 2 * d; i++) {
            highscore e = highscores_test_entry("ACE", (uint64_t)(1000 * (i + 1) + d));
            e.stage = 1 + i % 3;
            e.date = 20240100 + i + 1;
            e.name[0] = (char)('A' + i);
            if (i % 2)
                snprintf(e.ship, sizeof e.ship, "ship_%d", i);
            if (i % 4 == 1)
                snprintf(e.shot_type, sizeof e.shot_type, "type_%d", i);
            highscores_insert(hs, (difficulty)d, &e);
        }
}

/* Whether two tables hold the same entries, field by field (memcmp would also
 * compare the padding after each name, which struct copies need not keep). */
static int highscores_test_same(const highscores *a, const highscores *b)
{
    if (a->save_blocked != b->save_blocked)
        return 0;
    for (int d = 0; d < DIFFICULTY_COUNT; d++) {
        if (a->count[d] != b->count[d])
            return 0;
        for (int i = 0; i < a->count[d]; i++) {
            const highscore *x = &a->entries[d][i], *y = &b->entries[d][i];
            if (strcmp(x->name, y->name) != 0 || strcmp(x->ship, y->ship) != 0 ||
                strcmp(x->shot_type, y->shot_type) != 0 || x->score != y->score ||
                x->stage != y->stage || x->cleared != y->cleared || x->date != y->date)
                return 0;
        }
    }
    return 1;
}

static void highscores_test_ranks(void)
{
    highscores hs;
    highscores_clear(&hs);
    CHECK_EQ_INT(highscores_rank(&hs, DIFFICULTY_HARD, 0), 0);
    for (int i = 10; i >= 1; i--) {
        highscore e = highscores_test_entry("P", (uint64_t)i * 100);
        CHECK_EQ_INT(highscores_insert(&hs, DIFFICULTY_HARD, &e), 10 - i);
    }
    CHECK_EQ_INT(hs.count[DIFFICULTY_HARD], 10);
    CHECK_EQ_INT(hs.count[DIFFICULTY_EASY], 0);
    CHECK_EQ_INT(highscores_rank(&hs, DIFFICULTY_HARD, 50), -1);
    CHECK_EQ_INT(highscores_rank(&hs, DIFFICULTY_HARD, 100), -1); /* a tie with the last */
    CHECK_EQ_INT(highscores_rank(&hs, DIFFICULTY_HARD, 101), 9);
    CHECK_EQ_INT(highscores_rank(&hs, DIFFICULTY_HARD, 1000), 1); /* below the equal score */
    CHECK_EQ_INT(highscores_rank(&hs, DIFFICULTY_HARD, 5000), 0);
    CHECK_EQ_INT(highscores_rank(&hs, DIFFICULTY_COUNT, 5000), -1);
    highscore top = highscores_test_entry("new one", 550);
    CHECK_EQ_INT(highscores_insert(&hs, DIFFICULTY_HARD, &top), 5);
    CHECK_EQ_INT(hs.count[DIFFICULTY_HARD], 10);
    CHECK(strcmp(highscores_get(&hs, DIFFICULTY_HARD, 5)->name, "NEW ONE") == 0);
    CHECK_EQ_U64(highscores_get(&hs, DIFFICULTY_HARD, 6)->score, 500);
    CHECK_EQ_U64(highscores_get(&hs, DIFFICULTY_HARD, 9)->score, 200); /* 100 fell off */
    CHECK(highscores_get(&hs, DIFFICULTY_HARD, 10) == NULL);
    highscore low = highscores_test_entry("LOW", 150);
    CHECK_EQ_INT(highscores_insert(&hs, DIFFICULTY_HARD, &low), -1);
    /* Bad dates and stages are made writable on the way in. */
    highscore odd = highscores_test_entry("ODD", 9999);
    odd.date = 0;
    odd.stage = 0;
    CHECK_EQ_INT(highscores_insert(&hs, DIFFICULTY_EASY, &odd), 0);
    CHECK(highscores_get(&hs, DIFFICULTY_EASY, 0)->date >= 20240101);
    CHECK_EQ_INT(highscores_get(&hs, DIFFICULTY_EASY, 0)->stage, 1);
}

static void highscores_test_names(void)
{
    char out[HIGHSCORES_NAME_MAX + 1];
    CHECK(highscores_name_valid("ALICE"));
    CHECK(highscores_name_valid("A.B-C!?"));
    CHECK(!highscores_name_valid(""));
    CHECK(!highscores_name_valid("   "));
    CHECK(!highscores_name_valid("alice"));
    CHECK(!highscores_name_valid("NINECHARS"));
    CHECK(!highscores_name_valid("A\"B"));
    highscores_name_clean("  mr. \"x\"\ty  ", out);
    CHECK(strcmp(out, "MR. XY") == 0);
    highscores_name_clean("averylongname", out);
    CHECK(strcmp(out, "AVERYLON") == 0);
    highscores_name_clean("\"\"", out);
    CHECK(strcmp(out, "PLAYER") == 0);
    int today = highscores_today();
    CHECK(today > 20200000 && today < 99991232);
}

static void highscores_test_round_trip(const char *dir)
{
    highscores a, b;
    highscores_test_fill(&a);
    char text[HIGHSCORES_TEXT_MAX], reason[600];
    int len = highscores_format(&a, text, sizeof text);
    CHECK(len > 0);
    CHECK_STR_CONTAINS(text, "curtain-highscores 3\n");
    CHECK_STR_CONTAINS(text, "Lunatic 1 9003 3 reached 2024-01-09 - \"ICE\"\n");
    CHECK_STR_CONTAINS(text, "Lunatic 2 8003 2 reached 2024-01-08 ship_7 \"HCE\"\n");
    /* the shot type after the ship's name */
    CHECK_STR_CONTAINS(text, "Lunatic 4 6003 3 reached 2024-01-06 ship_5/type_5 \"FCE\"\n");
    /* a version-2 file (no type) still loads, its ships' types not known */
    char v2_text[256];
    int v2_len = snprintf(v2_text, sizeof v2_text,
                          "curtain-highscores 2\nHard 1 10 2 cleared 2024-01-01 hotaru \"A\"\n");
    v2_len += snprintf(v2_text + v2_len, sizeof v2_text - (size_t)v2_len, "end %016" PRIx64 "\n",
                       hash_buffer(v2_text, (size_t)v2_len, HIGHSCORES_HASH_SEED));
    CHECK_EQ_INT(highscores_parse(&b, v2_text, (size_t)v2_len, "h.txt", reason, sizeof reason), 0);
    CHECK(strcmp(b.entries[DIFFICULTY_HARD][0].ship, "hotaru") == 0 &&
          b.entries[DIFFICULTY_HARD][0].shot_type[0] == '\0');
    /* a version-1 file (no ship) still loads, its ships not known */
    char v1_text[256];
    highscores one;
    highscores_clear(&one);
    highscore first = highscores_test_entry("A", 10);
    first.stage = 2;
    first.cleared = 1;
    first.date = 20240101;
    highscores_insert(&one, DIFFICULTY_HARD, &first);
    int v1_len = snprintf(v1_text, sizeof v1_text,
                          "curtain-highscores 1\nHard 1 10 2 cleared 2024-01-01 \"A\"\n");
    v1_len += snprintf(v1_text + v1_len, sizeof v1_text - (size_t)v1_len, "end %016" PRIx64 "\n",
                       hash_buffer(v1_text, (size_t)v1_len, HIGHSCORES_HASH_SEED));
    CHECK_EQ_INT(highscores_parse(&b, v1_text, (size_t)v1_len, "h.txt", reason, sizeof reason), 0);
    CHECK(highscores_test_same(&one, &b) && b.entries[DIFFICULTY_HARD][0].ship[0] == '\0');
    CHECK_EQ_INT(highscores_parse(&b, text, (size_t)len, "h.txt", reason, sizeof reason), 0);
    CHECK(highscores_test_same(&a, &b));
    CHECK_EQ_INT(highscores_format(&a, text, 100), -1);

    char path[512], err[256];
    snprintf(path, sizeof path, "%s/highscores.txt", dir);
    CHECK_EQ_INT(highscores_load(&b, path, reason, sizeof reason), HIGHSCORES_MISSING);
    CHECK_EQ_INT(b.count[DIFFICULTY_NORMAL], 0);
    CHECK_EQ_INT(highscores_save(&a, path, err, sizeof err), 0);
    CHECK_EQ_INT(highscores_load(&b, path, reason, sizeof reason), HIGHSCORES_LOADED);
    CHECK(highscores_test_same(&a, &b));
    highscores_clear(&a);
    CHECK_EQ_INT(highscores_save(&a, path, err, sizeof err), 0);
    CHECK_EQ_INT(highscores_load(&b, path, reason, sizeof reason), HIGHSCORES_LOADED);
    CHECK(highscores_test_same(&a, &b));
}

/* Every cut and every changed byte of a good file is refused, with an empty table. */
static void highscores_test_damage(void)
{
    highscores a, b;
    highscores_test_fill(&a);
    char text[HIGHSCORES_TEXT_MAX], copy[HIGHSCORES_TEXT_MAX], reason[600];
    int len = highscores_format(&a, text, sizeof text);
    int refused = 1, empty = 1;
    for (int cut = 0; cut < len; cut++) {
        refused &= highscores_parse(&b, text, (size_t)cut, "h.txt", reason, sizeof reason) != 0;
        empty &= b.count[DIFFICULTY_EASY] == 0;
    }
    CHECK(refused);
    CHECK(empty);
    rng r;
    rng_seed(&r, 3);
    for (int at = 0; at < len; at++) {
        memcpy(copy, text, (size_t)len);
        copy[at] = (char)(copy[at] ^ (1 + rng_below(&r, 255)));
        refused &= highscores_parse(&b, copy, (size_t)len, "h.txt", reason, sizeof reason) != 0;
    }
    CHECK(refused);
    /* Garbage of every kind. */
    for (int round = 0; round < 200; round++) {
        size_t n = rng_below(&r, 600);
        for (size_t i = 0; i < n; i++)
            copy[i] = (char)rng_below(&r, 256);
        refused &= highscores_parse(&b, copy, n, "h.txt", reason, sizeof reason) != 0;
    }
    CHECK(refused);
    /* Reasons name the file and line. */
    static const char wrong_version[] = "curtain-highscores 4\nend 0\n";
    highscores_parse(&b, wrong_version, sizeof wrong_version - 1, "h.txt", reason, sizeof reason);
    CHECK_STR_CONTAINS(reason, "h.txt:1:20: format version 4 (this curtain reads 1 to 3)");
    static const char bad_ship[] =
        "curtain-highscores 3\nhard 1 10 1 cleared 2024-01-01 a-b \"A\"\n";
    highscores_parse(&b, bad_ship, sizeof bad_ship - 1, "h.txt", reason, sizeof reason);
    CHECK_STR_CONTAINS(reason, "h.txt:2:32: ship 'a-b' is not a name");
    /* a type in a version-2 file, or a type that is not a name, is refused */
    static const char typed_v2[] =
        "curtain-highscores 2\nhard 1 10 1 cleared 2024-01-01 a/b \"A\"\n";
    highscores_parse(&b, typed_v2, sizeof typed_v2 - 1, "h.txt", reason, sizeof reason);
    CHECK_STR_CONTAINS(reason, "h.txt:2:32: ship 'a/b' is not a name (or '-')");
    static const char bad_type[] =
        "curtain-highscores 3\nhard 1 10 1 cleared 2024-01-01 a/b/c \"A\"\n";
    highscores_parse(&b, bad_type, sizeof bad_type - 1, "h.txt", reason, sizeof reason);
    CHECK_STR_CONTAINS(reason, "h.txt:2:32: ship 'a/b/c' is not a name (or '-', or SHIP/TYPE)");
    static const char unsorted[] = "curtain-highscores 1\nhard 1 10 1 cleared 2024-01-01 \"A\"\n"
                                   "hard 2 20 1 cleared 2024-01-01 \"B\"\n";
    highscores_parse(&b, unsorted, sizeof unsorted - 1, "h.txt", reason, sizeof reason);
    CHECK_STR_CONTAINS(reason, "h.txt:3:8: score 20 is above the row before it");
    CHECK_EQ_INT(b.count[DIFFICULTY_HARD], 0);
    /* Numbers out of range, signed, or followed by letters are refused at their
     * column, never wrapped or cut. */
    static const struct {
        const char *row, *want;
    } numbers[] = {
        {"hard 1 99999999999999999999999 1 cleared 2024-01-01 \"A\"",
         "h.txt:2:8: score '99999999999999999999999' is not a whole number"},
        {"hard 1 18446744073709551616 1 cleared 2024-01-01 \"A\"", "h.txt:2:8: score"},
        {"hard 1 -5 1 cleared 2024-01-01 \"A\"", "h.txt:2:8: score '-5' is not"},
        {"hard 1 1e3 1 cleared 2024-01-01 \"A\"", "h.txt:2:8: score '1e3' is not"},
        {"hard +1 10 1 cleared 2024-01-01 \"A\"", "h.txt:2:6: rank '+1' out of order"},
        {"hard 1 10 4294967297 cleared 2024-01-01 \"A\"", "h.txt:2:11: stage '4294967297'"},
        {"hard 1 10 -1 cleared 2024-01-01 \"A\"", "h.txt:2:11: stage '-1'"},
        {"hard 1 10 1 cleared 2024-13-01 \"A\"", "h.txt:2:21: date '2024-13-01'"},
        {"hard 1 10 1 cleared", "h.txt:2:20: a row wants"},
    };
    for (size_t i = 0; i < sizeof numbers / sizeof numbers[0]; i++) {
        char row[256];
        int n = snprintf(row, sizeof row, "curtain-highscores 1\n%s\nend 0\n", numbers[i].row);
        reason[0] = '\0';
        CHECK(highscores_parse(&b, row, (size_t)n, "h.txt", reason, sizeof reason) != 0);
        CHECK_STR_CONTAINS(reason, numbers[i].want);
    }
    static const char big_version[] = "curtain-highscores 18446744073709551617\nend 0\n";
    highscores_parse(&b, big_version, sizeof big_version - 1, "h.txt", reason, sizeof reason);
    CHECK_STR_CONTAINS(reason, "h.txt:1:20: not a curtain high-score file (its version");
    static const char cut[] = "curtain-highscores 1\nhard 1 10 1 cleared 2024-01-01 \"A\"\n";
    highscores_parse(&b, cut, sizeof cut - 1, "h.txt", reason, sizeof reason);
    CHECK_STR_CONTAINS(reason, "no 'end' line");
    /* An empty file (found by fuzz_highscores: refused with no reason at all). */
    reason[0] = '\0';
    CHECK_EQ_INT(highscores_parse(&b, "", 0, "h.txt", reason, sizeof reason), -1);
    CHECK_STR_CONTAINS(reason, "h.txt:1:1: the file is empty");
}

/* A refused file is moved aside intact, twice without overwriting, and saving works. */
static void highscores_test_backup(const char *dir)
{
    char path[512], aside[600], aside2[600], reason[1200], err[256];
    snprintf(path, sizeof path, "%s/hs.txt", dir);
    snprintf(aside, sizeof aside, "%s.bad", path);
    snprintf(aside2, sizeof aside2, "%s.bad.2", path);
    static const char bad1[] = "not a score file at all\n", bad2[] = "curtain-highscores 1\nx";
    highscores hs;
    CHECK_EQ_INT(file_write_atomic(path, bad1, sizeof bad1 - 1, err, sizeof err), 0);
    CHECK_EQ_INT(highscores_load(&hs, path, reason, sizeof reason), HIGHSCORES_REFUSED);
    CHECK_STR_CONTAINS(reason, "hs.txt:1:1: not a curtain high-score file");
    CHECK_STR_CONTAINS(reason, "hs.txt.bad");
    CHECK(!file_exists(path));
    CHECK_EQ_INT(file_write_atomic(path, bad2, sizeof bad2 - 1, err, sizeof err), 0);
    CHECK_EQ_INT(highscores_load(&hs, path, reason, sizeof reason), HIGHSCORES_REFUSED);
    CHECK_STR_CONTAINS(reason, "hs.txt.bad.2");
    size_t size = 0;
    char *kept = file_read_all(aside, &size, err, sizeof err);
    CHECK(kept && size == sizeof bad1 - 1 && memcmp(kept, bad1, size) == 0);
    mem_free(kept);
    kept = file_read_all(aside2, &size, err, sizeof err);
    CHECK(kept && size == sizeof bad2 - 1 && memcmp(kept, bad2, size) == 0);
    mem_free(kept);
    CHECK_EQ_INT(hs.count[DIFFICULTY_NORMAL], 0);
    highscore e = highscores_test_entry("NEW", 10);
    highscores_insert(&hs, DIFFICULTY_NORMAL, &e);
    CHECK_EQ_INT(highscores_save(&hs, path, err, sizeof err), 0);
    CHECK_EQ_INT(highscores_load(&hs, path, reason, sizeof reason), HIGHSCORES_LOADED);
    CHECK_EQ_INT(hs.count[DIFFICULTY_NORMAL], 1);
    /* A table that could not move its file aside refuses to save over it. */
    hs.save_blocked = 1;
    CHECK_EQ_INT(highscores_save(&hs, path, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "not saved over");
}

/* Reading fails at every allocation in turn: refused, kept aside, no leak. */
static void highscores_test_oom(const char *dir)
{
    char path[512], reason[1200], err[256];
    snprintf(path, sizeof path, "%s/oom", dir);
    CHECK(file_make_dirs(path) == 0);
    snprintf(path, sizeof path, "%s/oom/hs.txt", dir);
    highscores a, b;
    highscores_test_fill(&a);
    int64_t live = mem_live_blocks();
    int succeeded = 0;
    for (uint64_t n = 1; n < 64 && !succeeded; n++) {
        CHECK_EQ_INT(highscores_save(&a, path, err, sizeof err), 0);
        uint64_t failed = mem_get_stats().failed;
        mem_fail_at(n);
        highscores_status st = highscores_load(&b, path, reason, sizeof reason);
        mem_fail_at(0);
        CHECK_EQ_INT(mem_live_blocks(), live);
        if (mem_get_stats().failed == failed) {
            succeeded = 1;
            CHECK_EQ_INT(st, HIGHSCORES_LOADED);
            CHECK(highscores_test_same(&a, &b));
        } else {
            CHECK_EQ_INT(st, HIGHSCORES_REFUSED);
            CHECK_EQ_INT(b.count[DIFFICULTY_LUNATIC], 0);
            CHECK_STR_CONTAINS(reason, "cannot read");
            char aside[600];
            snprintf(aside, sizeof aside, "%s.bad", path);
            CHECK(file_exists(aside));
            remove(aside);
        }
    }
    CHECK(succeeded);
}

int main(void)
{
    char dir[] = "/tmp/curtain-highscores-test-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    log_set_level(LOG_ERROR); /* refusals are expected here */
    highscores_test_ranks();
    highscores_test_names();
    highscores_test_round_trip(dir);
    highscores_test_damage();
    highscores_test_backup(dir);
    highscores_test_oom(dir);
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    CHECK(system(cmd) == 0);
    return check_done("highscores");
}
