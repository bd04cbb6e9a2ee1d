/*
 * records: the player's records count runs, clears, clears without continues
 * and Extra tries and clears per ship and difficulty, and play time; the Extra
 * stage unlocks for a ship that cleared on Normal or harder without a continue
 * (Easy does not; a continue does not; another ship's clear does not), or for
 * every ship with the CURTAIN_UNLOCK_EXTRA override. The file round-trips and is
 * written atomically (no temporary left beside it); every cut of a good file, a
 * flipped byte, an edited number, a future version and each broken row are
 * refused with "file:line:col: message", moved aside, and the records start
 * empty; one that cannot be moved aside is never saved over.
 */
#include "../check.h"
#include "core/file.h"
#include "core/hash.h"
#include "core/mem.h"
#include "game/records.h"

#include <dirent.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static records rec, back;

static void rc_counts(void)
{
    unsetenv(RECORDS_UNLOCK_ENV);
    records_clear(&rec);
    CHECK(records_find(&rec, "hotaru") == NULL);
    CHECK(!records_extra_unlocked(&rec, "hotaru"));
    CHECK(records_run_start(&rec, "hotaru", DIFFICULTY_EASY, 0) == 0);
    records_run easy = {"hotaru", DIFFICULTY_EASY, 0, 1, 0};
    CHECK(records_run_end(&rec, &easy) == 0);
    CHECK(!records_extra_unlocked(&rec, "hotaru")); /* Easy unlocks nothing */
    CHECK(records_run_start(&rec, "hotaru", DIFFICULTY_NORMAL, 0) == 0);
    records_run cont = {"hotaru", DIFFICULTY_NORMAL, 0, 1, 2};
    CHECK(records_run_end(&rec, &cont) == 0);
    CHECK(!records_extra_unlocked(&rec, "hotaru")); /* continues were used */
    CHECK(records_run_start(&rec, "hotaru", DIFFICULTY_NORMAL, 0) == 0);
    records_run lost = {"hotaru", DIFFICULTY_NORMAL, 0, 0, 0};
    CHECK(records_run_end(&rec, &lost) == 0);
    CHECK(!records_extra_unlocked(&rec, "hotaru"));
    CHECK(records_run_start(&rec, "hotaru", DIFFICULTY_HARD, 0) == 0);
    records_run clean = {"hotaru", DIFFICULTY_HARD, 0, 1, 0};
    CHECK(records_run_end(&rec, &clean) == 0);
    CHECK(records_extra_unlocked(&rec, "hotaru"));
    CHECK(!records_extra_unlocked(&rec, "shirasagi")); /* per ship */
    const records_ship *s = records_find(&rec, "hotaru");
    CHECK(s && s->played[DIFFICULTY_NORMAL] == 2 && s->cleared[DIFFICULTY_NORMAL] == 1 &&
          s->no_continue[DIFFICULTY_NORMAL] == 0);
    CHECK(s && s->played[DIFFICULTY_HARD] == 1 && s->no_continue[DIFFICULTY_HARD] == 1);
    CHECK(s && s->played[DIFFICULTY_EASY] == 1 && s->no_continue[DIFFICULTY_EASY] == 1);
    /* the Extra: tried, cleared, its own counts */
    CHECK(records_run_start(&rec, "hotaru", DIFFICULTY_LUNATIC, 1) == 0);
    records_run extra = {"hotaru", DIFFICULTY_LUNATIC, 1, 1, 0};
    CHECK(records_run_end(&rec, &extra) == 0);
    CHECK(s && s->extra_tried == 1 && s->extra_cleared == 1 && s->played[DIFFICULTY_LUNATIC] == 0);
    /* the override */
    setenv(RECORDS_UNLOCK_ENV, "1", 1);
    CHECK(records_extra_unlocked(&rec, "shirasagi"));
    CHECK(!records_extra_earned(&rec, "shirasagi"));
    setenv(RECORDS_UNLOCK_ENV, "0", 1);
    CHECK(!records_extra_unlocked(&rec, "shirasagi"));
    unsetenv(RECORDS_UNLOCK_ENV);
    /* time adds up and saturates */
    records_add_time(&rec, 3600);
    records_add_time(&rec, 60);
    CHECK_EQ_U64(rec.frames, 3660);
    /* not a name, a bad difficulty, a full record: refused, nothing counted */
    CHECK(records_run_start(&rec, "two words", DIFFICULTY_NORMAL, 0) == -1);
    CHECK(records_run_start(&rec, "", DIFFICULTY_NORMAL, 0) == -1);
    CHECK(records_run_start(&rec, "hotaru", DIFFICULTY_COUNT, 0) == -1);
    CHECK(records_run_start(&rec, "hotaru.b", DIFFICULTY_NORMAL, 0) == 0); /* a shot type */
    for (int i = rec.count; i < RECORDS_SHIPS; i++) {
        char name[16];
        snprintf(name, sizeof name, "ship%d", i);
        CHECK(records_run_start(&rec, name, DIFFICULTY_NORMAL, 0) == 0);
    }
    CHECK(records_run_start(&rec, "one_too_many", DIFFICULTY_NORMAL, 0) == -1);
    CHECK_EQ_INT(rec.count, RECORDS_SHIPS);
}

/* The records as text, with its right checksum. */
static int rc_parse_signed(records *r, const char *body, char *reason, size_t size)
{
    char text[2048];
    size_t n = strlen(body);
    memcpy(text, body, n);
    snprintf(text + n, sizeof text - n, "end %016" PRIx64 "\n",
             hash_buffer(body, n, RECORDS_HASH_SEED));
    return records_parse(r, text, strlen(text), "r.txt", reason, size);
}

static void rc_round_trip(const char *dir)
{
    char path[512], err[512], reason[1024];
    snprintf(path, sizeof path, "%s/records.txt", dir);
    CHECK(records_save(&rec, path, err, sizeof err) == 0);
    /* atomic: nothing but the file is left in the folder */
    DIR *d = opendir(dir);
    int files = 0;
    for (struct dirent *e; d && (e = readdir(d));)
        files += e->d_name[0] != '.';
    if (d)
        closedir(d);
    CHECK_EQ_INT(files, 1);
    CHECK_EQ_INT(records_load(&back, path, reason, sizeof reason), RECORDS_LOADED);
    CHECK_EQ_INT(back.count, rec.count);
    CHECK_EQ_U64(back.frames, rec.frames);
    CHECK(memcmp(back.ships, rec.ships, sizeof rec.ships) == 0);
    /* every cut of the file is refused */
    size_t size = 0;
    char *text = file_read_all(path, &size, err, sizeof err);
    CHECK(text != NULL);
    for (size_t cut = 0; text && cut < size; cut++) {
        records r;
        CHECK(records_parse(&r, text, cut, "cut.txt", reason, sizeof reason) == -1);
        CHECK(strncmp(reason, "cut.txt:", 8) == 0 && r.count == 0);
    }
    /* a flipped byte: refused, moved aside, empty; a second goes beside the first */
    text[size / 2] ^= 0x04;
    CHECK(file_write_atomic(path, text, size, err, sizeof err) == 0);
    CHECK_EQ_INT(records_load(&back, path, reason, sizeof reason), RECORDS_REFUSED);
    CHECK_EQ_INT(back.count, 0);
    CHECK_STR_CONTAINS(reason, "records.txt.bad");
    CHECK(!file_exists(path));
    CHECK(file_write_atomic(path, text, size, err, sizeof err) == 0);
    CHECK_EQ_INT(records_load(&back, path, reason, sizeof reason), RECORDS_REFUSED);
    CHECK_STR_CONTAINS(reason, "records.txt.bad.2");
    mem_free(text);
    char cmd[1200];
    snprintf(cmd, sizeof cmd, "rm -f '%s'.bad*", path);
    CHECK(system(cmd) == 0);
    CHECK_EQ_INT(records_load(&back, path, reason, sizeof reason), RECORDS_MISSING);
}

/* Each broken row, with the checksum right: refused at its line and column. */
static void rc_bad_rows(void)
{
    static const struct {
        const char *text, *want;
    } bad[] = {
        {"curtain-record 1\n", "r.txt:1:1: not a curtain records file"},
        {"curtain-records 2\n", "r.txt:1:17: written by a newer curtain (format 2)"},
        {"curtain-records 0\n", "r.txt:1:17: the format version wants 1 or more"},
        {"curtain-records 1\nrun hotaru Normal 1 2 0\n", "r.txt:2:21: more clears than runs"},
        {"curtain-records 1\nrun hotaru Normal 2 1 2\n", "r.txt:2:23: more clears than runs"},
        {"curtain-records 1\nrun hotaru Medium 1 0 0\n", "r.txt:2:12: the difficulty wants"},
        {"curtain-records 1\nrun hotaru Normal 1 0\n", "r.txt:2:1: a run row is"},
        {"curtain-records 1\nrun hot/aru Normal 1 0 0\n", "r.txt:2:5: a ship's name wants"},
        {"curtain-records 1\nrun hotaru Normal -1 0 0\n", "r.txt:2:19: played wants a whole"},
        {"curtain-records 1\nrun hotaru Normal 4294967296 0 0\n", "r.txt:2:19: played wants"},
        {"curtain-records 1\nrun hotaru Normal 1 0 0\nrun hotaru Normal 1 0 0\n",
         "r.txt:3:1: a second run row"},
        {"curtain-records 1\nextra hotaru 1 2\n", "r.txt:2:16: cleared 2 times but tried only 1"},
        {"curtain-records 1\nextra hotaru 1\n", "r.txt:2:1: an extra row is"},
        {"curtain-records 1\ntime 1\ntime 2\n", "r.txt:3:1: a second time row"},
        {"curtain-records 1\ntime x\n", "r.txt:2:6: the time wants"},
        {"curtain-records 1\nscore 1\n", "r.txt:2:1: a row starts with time, run or extra"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        records r;
        char reason[512] = "";
        CHECK(rc_parse_signed(&r, bad[i].text, reason, sizeof reason) == -1);
        if (!strstr(reason, bad[i].want))
            fprintf(stderr, "row %zu: got '%s', want '%s'\n", i, reason, bad[i].want);
        CHECK_STR_CONTAINS(reason, bad[i].want);
        CHECK_EQ_INT(r.count, 0);
    }
    records r;
    char reason[512];
    CHECK(rc_parse_signed(&r,
                          "curtain-records 1\n# a comment\ntime 99\nrun hotaru.b Lunatic 3 1 1\n"
                          "extra hotaru.b 2 1\n",
                          reason, sizeof reason) == 0);
    const records_ship *s = records_find(&r, "hotaru.b");
    CHECK(r.frames == 99 && s && s->no_continue[DIFFICULTY_LUNATIC] == 1 && s->extra_cleared == 1);
    /* the checksum is checked */
    const char *edited = "curtain-records 1\ntime 99\nend 0000000000000000\n";
    CHECK(records_parse(&r, edited, strlen(edited), "r.txt", reason, sizeof reason) == -1);
    CHECK_STR_CONTAINS(reason, "r.txt:3:5: the checksum does not match");
}

/* Damaged records that cannot be moved aside are never saved over. */
static void rc_damaged_kept(const char *dir)
{
    char path[512], bad[600], err[256] = "", reason[1024];
    snprintf(path, sizeof path, "%s/kept.txt", dir);
    static const char damaged[] = "curtain-records 1\ngarbage\n";
    CHECK(file_write_atomic(path, damaged, sizeof damaged - 1, err, sizeof err) == 0);
    for (int i = 1; i <= 99; i++) {
        if (i == 1)
            snprintf(bad, sizeof bad, "%s.bad", path);
        else
            snprintf(bad, sizeof bad, "%s.bad.%d", path, i);
        CHECK(file_write_atomic(bad, "x", 1, err, sizeof err) == 0);
    }
    CHECK_EQ_INT(records_load(&back, path, reason, sizeof reason), RECORDS_REFUSED);
    CHECK_STR_CONTAINS(reason, "could not be moved aside");
    records_run_start(&back, "hotaru", DIFFICULTY_NORMAL, 0);
    CHECK(records_save(&back, path, err, sizeof err) != 0);
    CHECK_STR_CONTAINS(err, "not saved over a file that could not be read");
    size_t size = 0;
    char *text = file_read_all(path, &size, NULL, 0);
    CHECK(text && size == sizeof damaged - 1 && memcmp(text, damaged, size) == 0);
    mem_free(text);
    char cmd[1200];
    snprintf(cmd, sizeof cmd, "rm -f '%s' '%s'.bad*", path, path);
    CHECK(system(cmd) == 0);
}

int main(void)
{
    char dir[] = "/tmp/curtain-records-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    rc_counts();
    rc_round_trip(dir);
    rc_bad_rows();
    rc_damaged_kept(dir);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -f '%s'/records.txt", dir);
    CHECK(system(cmd) == 0);
    rmdir(dir);
    return check_done("records");
}
