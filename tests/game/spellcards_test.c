/*
 * spellcards: the record of spell cards met and captured round-trips through its
 * file; a damaged, cut, edited or future file is refused with a reason and moved
 * aside, and the record starts empty.
 */
#include "../check.h"
#include "core/file.h"
#include "core/hash.h"
#include "core/mem.h"
#include "game/difficulty.h"
#include "game/spellcards.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void sc_counts(void)
{
    static spellcards sc;
    spellcards_clear(&sc);
    CHECK(spellcards_find(&sc, "s1_kagari", 1, "Lantern Sign", DIFFICULTY_NORMAL) == NULL);
    CHECK(spellcards_saw(&sc, "s1_kagari", 1, "Lantern Sign", DIFFICULTY_NORMAL) == 0);
    CHECK(spellcards_saw(&sc, "s1_kagari", 1, "Lantern Sign", DIFFICULTY_NORMAL) == 0);
    CHECK(spellcards_captured(&sc, "s1_kagari", 1, "Lantern Sign", DIFFICULTY_NORMAL) == 0);
    CHECK(spellcards_saw(&sc, "s1_wick", 1, "Wick Sign", DIFFICULTY_NORMAL) == 0);
    const spellcard *c = spellcards_find(&sc, "s1_kagari", 1, "Lantern Sign", DIFFICULTY_NORMAL);
    CHECK(c != NULL);
    CHECK_EQ_INT(c ? c->seen : 0, 2);
    CHECK_EQ_INT(c ? c->captured : 0, 1);
    /* Another title at the same place is another card (a mod changed it). */
    CHECK(spellcards_find(&sc, "s1_kagari", 1, "Other Sign", DIFFICULTY_NORMAL) == NULL);
    CHECK(spellcards_find(&sc, "s1_kagari", 2, "Lantern Sign", DIFFICULTY_NORMAL) == NULL);
    CHECK_EQ_INT(sc.count, 2);
    for (int i = 0; i < SPELLCARDS_MAX; i++)
        spellcards_saw(&sc, "boss", i, "card", DIFFICULTY_NORMAL);
    CHECK_EQ_INT(sc.count, SPELLCARDS_MAX);
    CHECK(spellcards_saw(&sc, "boss", 9999, "one too many", DIFFICULTY_NORMAL) == -1);
}

static void sc_round_trip(const char *dir)
{
    static spellcards sc, back;
    spellcards_clear(&sc);
    spellcards_saw(&sc, "s1_kagari", 5, "Final Curtain: Dusk Falls on the Stage",
                   DIFFICULTY_NORMAL);
    spellcards_captured(&sc, "s1_kagari", 5, "Final Curtain: Dusk Falls on the Stage",
                        DIFFICULTY_NORMAL);
    spellcards_saw(&sc, "s1_wick", 1, "Wick Sign: Drifting Candle Smoke", DIFFICULTY_NORMAL);
    char path[512], err[512], reason[1024];
    snprintf(path, sizeof path, "%s/spellcards.txt", dir);
    CHECK(spellcards_save(&sc, path, err, sizeof err) == 0);
    CHECK_EQ_INT(spellcards_load(&back, path, reason, sizeof reason), SPELLCARDS_LOADED);
    CHECK_EQ_INT(back.count, 2);
    const spellcard *c = spellcards_find(
        &back, "s1_kagari", 5, "Final Curtain: Dusk Falls on the Stage", DIFFICULTY_NORMAL);
    CHECK(c && c->seen == 1 && c->captured == 1);

    /* Damage it: refused, moved aside, an empty record. */
    size_t size;
    char *text = file_read_all(path, &size, err, sizeof err);
    CHECK(text != NULL);
    text[size / 2] ^= 0x21;
    CHECK(file_write_atomic(path, text, size, err, sizeof err) == 0);
    CHECK_EQ_INT(spellcards_load(&back, path, reason, sizeof reason), SPELLCARDS_REFUSED);
    CHECK_EQ_INT(back.count, 0);
    CHECK_STR_CONTAINS(reason, "spellcards.txt.bad");
    CHECK(!file_exists(path));
    char bad[600];
    snprintf(bad, sizeof bad, "%s.bad", path);
    CHECK(file_exists(bad));
    /* A second refused file goes beside the first, which is kept. */
    CHECK(file_write_atomic(path, text, size, err, sizeof err) == 0);
    CHECK_EQ_INT(spellcards_load(&back, path, reason, sizeof reason), SPELLCARDS_REFUSED);
    CHECK_STR_CONTAINS(reason, "spellcards.txt.bad.2");
    char bad2[610];
    snprintf(bad2, sizeof bad2, "%s.2", bad);
    CHECK(file_exists(bad) && file_exists(bad2));
    remove(bad);
    remove(bad2);
    mem_free(text);
    CHECK_EQ_INT(spellcards_load(&back, path, reason, sizeof reason), SPELLCARDS_MISSING);
}

/* A title with quotes or a line break (a mod may write one) is kept in a form
 * the file holds, and found again by the title as the game knows it. */
static void sc_title_quotes(const char *dir)
{
    static spellcards sc, back;
    const char *title = "Quote Sign: \"Curtain\" Call\nTwo";
    spellcards_clear(&sc);
    CHECK(spellcards_saw(&sc, "s1_kagari", 2, title, DIFFICULTY_NORMAL) == 0);
    CHECK(spellcards_captured(&sc, "s1_kagari", 2, title, DIFFICULTY_NORMAL) == 0);
    CHECK(spellcards_saw(&sc, "s1_wick", 1, "Plain", DIFFICULTY_NORMAL) == 0);
    char path[512], err[512], reason[1024];
    snprintf(path, sizeof path, "%s/quotes.txt", dir);
    CHECK(spellcards_save(&sc, path, err, sizeof err) == 0);
    CHECK_EQ_INT(spellcards_load(&back, path, reason, sizeof reason), SPELLCARDS_LOADED);
    CHECK_EQ_INT(back.count, 2);
    const spellcard *c = spellcards_find(&back, "s1_kagari", 2, title, DIFFICULTY_NORMAL);
    CHECK(c && c->seen == 1 && c->captured == 1);
    CHECK(c && strcmp(c->title, "Quote Sign: 'Curtain' Call Two") == 0);
    remove(path);
}

/* Every cut of a good file and a file from the future are refused with reasons. */
static void sc_bad_texts(void)
{
    static spellcards sc, back;
    spellcards_clear(&sc);
    spellcards_saw(&sc, "s1_kagari", 3, "Weave Sign: Threads of the Curtain", DIFFICULTY_NORMAL);
    char text[SPELLCARDS_TEXT_MAX], reason[512];
    int n = spellcards_format(&sc, text, sizeof text);
    CHECK(n > 0);
    CHECK(spellcards_parse(&back, text, (size_t)n, "f", reason, sizeof reason) == 0);
    int refused = 1;
    for (int cut = 0; cut < n; cut++)
        refused &= spellcards_parse(&back, text, (size_t)cut, "f", reason, sizeof reason) == -1;
    CHECK(refused);
    const char future[] = "curtain-spellcards 7\nend 0\n";
    CHECK(spellcards_parse(&back, future, sizeof future - 1, "f", reason, sizeof reason) == -1);
    CHECK_STR_CONTAINS(reason, "newer curtain");
    const char junk[] = "curtain-spellcards 1\n1 5 s1 0 \"more captured than seen\"\nend 0\n";
    CHECK(spellcards_parse(&back, junk, sizeof junk - 1, "f", reason, sizeof reason) == -1);
    CHECK_STR_CONTAINS(reason, "f:2:");
    CHECK(spellcards_parse(&back, "\0\0\0\n", 4, "f", reason, sizeof reason) == -1);
    /* An empty file was blamed on line 0 (found by fuzz_spellcards). */
    CHECK(spellcards_parse(&back, "", 0, "f", reason, sizeof reason) == -1);
    CHECK_STR_CONTAINS(reason, "f:1:1: the file is empty");
}

/* Parses head (the lines before "end") closed by its right checksum, as a player
 * who edits the file and fixes the checksum would write it. */
static int sc_parse_signed(spellcards *sc, const char *head, char *reason, size_t reason_size)
{
    char text[1024];
    int n = snprintf(text, sizeof text, "%send %016" PRIx64 "\n", head,
                     hash_buffer(head, strlen(head), SPELLCARDS_HASH_SEED));
    CHECK(n > 0 && (size_t)n < sizeof text);
    return spellcards_parse(sc, text, (size_t)n, "f", reason, reason_size);
}

/* Numbers are whole decimal numbers within their field's range, or the file is
 * refused at their line and column: sscanf's %d took phase 4294967297 for 1 and
 * %lu took seen -18446744073709551615 for 1 (and overflow was undefined). */
static void sc_numbers(void)
{
    static spellcards sc;
    char reason[512];
#define SC_HEAD "curtain-spellcards 1\n# seen captured boss phase \"title\"\n"
    CHECK(sc_parse_signed(&sc, SC_HEAD "3 1 s1_kagari 2 \"Weave Sign\"\n", reason, sizeof reason) ==
          0);
    CHECK(sc.count == 1 && sc.cards[0].seen == 3 && sc.cards[0].captured == 1 &&
          sc.cards[0].phase == 2);
    CHECK(sc_parse_signed(&sc, SC_HEAD "4294967295 0 s1 255 \"t\"\n", reason, sizeof reason) == 0);
    CHECK(sc.count == 1 && sc.cards[0].seen == UINT32_MAX && sc.cards[0].phase == 255);
    static const struct {
        const char *row, *want;
    } bad[] = {
        {"3 1 s1_kagari 4294967297 \"t\"\n",
         "f:3:15: phase wants a whole number from 0 to 255, not '4294967297'"},
        {"-18446744073709551615 0 s1 0 \"t\"\n",
         "f:3:1: seen wants a whole number from 0 to 4294967295, not '-18446744073709551615'"},
        {"99999999999999999999999 0 s1 0 \"t\"\n", "f:3:1: seen wants a whole number"},
        {"4294967296 0 s1 0 \"t\"\n", "f:3:1: seen wants a whole number"},
        {"1 18446744073709551617 s1 0 \"t\"\n", "f:3:3: captured wants a whole number"},
        {"5x 0 s1 0 \"t\"\n", "f:3:1: seen wants a whole number from 0 to 4294967295, not '5x'"},
        {"1e3 0 s1 0 \"t\"\n", "f:3:1: seen wants"},
        {"0x10 0 s1 0 \"t\"\n", "f:3:1: seen wants"},
        {"1 0 s1 +3 \"t\"\n", "f:3:8: phase wants"},
        {"1 0 s1 -1 \"t\"\n", "f:3:8: phase wants"},
        {"1 0 s1 nan \"t\"\n", "f:3:8: phase wants"},
        {"1 2 s1 0 \"t\"\n", "f:3:3: captured 2 times but seen only 1"},
        {"1 0 s1 0 \"t\" x\n", "f:3:10: the title wants to be in double quotes"},
        {"1 0 s1\n", "f:3:7: the line ends early"},
        {"1 0 s-1 0 \"t\"\n", "f:3:5: the boss's name 's-1'"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char head[256];
        snprintf(head, sizeof head, SC_HEAD "%s", bad[i].row);
        reason[0] = '\0';
        CHECK(sc_parse_signed(&sc, head, reason, sizeof reason) == -1);
        CHECK_STR_CONTAINS(reason, bad[i].want);
        CHECK_EQ_INT(sc.count, 0);
    }
    /* The version line and the end line: nothing after them, nothing wrapped. */
    CHECK(sc_parse_signed(&sc, "curtain-spellcards 4294967297\n", reason, sizeof reason) == -1);
    CHECK_STR_CONTAINS(reason, "f:1:20: the format version wants a whole number");
    CHECK(sc_parse_signed(&sc, "curtain-spellcards 1 and more\n", reason, sizeof reason) == -1);
    CHECK_STR_CONTAINS(reason, "f:1:22: the format version wants 1 or more, and nothing after it");
    CHECK(sc_parse_signed(&sc, "curtain-spellcards -1\n", reason, sizeof reason) == -1);
    CHECK_STR_CONTAINS(reason, "f:1:20: the format version wants");
    const char head[] = SC_HEAD;
    char text[256];
    int n = snprintf(text, sizeof text, "%send %016" PRIx64 "junk\n", head,
                     hash_buffer(head, strlen(head), SPELLCARDS_HASH_SEED));
    CHECK(spellcards_parse(&sc, text, (size_t)n, "f", reason, sizeof reason) == -1);
    CHECK_STR_CONTAINS(reason, "f:3:5: the end line wants 16 hex digits and nothing after");
#undef SC_HEAD
}

/* Each difficulty keeps its own history: a card met on Easy is not met on
 * Lunatic; the file keeps them apart and reads them back. */
static void sc_per_difficulty(const char *dir)
{
    static spellcards sc, back;
    spellcards_clear(&sc);
    CHECK(spellcards_saw(&sc, "s1_kagari", 1, "Lantern Sign", DIFFICULTY_EASY) == 0);
    CHECK(spellcards_captured(&sc, "s1_kagari", 1, "Lantern Sign", DIFFICULTY_EASY) == 0);
    CHECK(spellcards_saw(&sc, "s1_kagari", 1, "Lantern Sign", DIFFICULTY_LUNATIC) == 0);
    CHECK(spellcards_find(&sc, "s1_kagari", 1, "Lantern Sign", DIFFICULTY_NORMAL) == NULL);
    const spellcard *e = spellcards_find(&sc, "s1_kagari", 1, "Lantern Sign", DIFFICULTY_EASY);
    const spellcard *l = spellcards_find(&sc, "s1_kagari", 1, "Lantern Sign", DIFFICULTY_LUNATIC);
    CHECK(e && e->seen == 1 && e->captured == 1);
    CHECK(l && l->seen == 1 && l->captured == 0);
    char path[512], err[512], reason[1024];
    snprintf(path, sizeof path, "%s/levels.txt", dir);
    CHECK(spellcards_save(&sc, path, err, sizeof err) == 0);
    CHECK_EQ_INT(spellcards_load(&back, path, reason, sizeof reason), SPELLCARDS_LOADED);
    CHECK_EQ_INT(back.count, 2);
    e = spellcards_find(&back, "s1_kagari", 1, "Lantern Sign", DIFFICULTY_EASY);
    l = spellcards_find(&back, "s1_kagari", 1, "Lantern Sign", DIFFICULTY_LUNATIC);
    CHECK(e && e->seen == 1 && e->captured == 1);
    CHECK(l && l->seen == 1 && l->captured == 0);
    size_t size = 0;
    char *text = file_read_all(path, &size, err, sizeof err);
    CHECK(text && strstr(text, "curtain-spellcards 2\n") == text);
    CHECK(text && strstr(text, "1 1 Easy s1_kagari 1 \"Lantern Sign\"\n") != NULL);
    mem_free(text);
    remove(path);
}

/* A version-1 file (one history for every difficulty) reads as it is, its rows
 * under SPELLCARDS_ANY, and is saved again as version 2 holding them. */
static void sc_version1(const char *dir)
{
    static spellcards sc, back;
    char reason[512], err[512], path[512];
    const char *head = "curtain-spellcards 1\n# seen captured boss phase \"title\"\n"
                       "5 2 s1_kagari 1 \"Lantern Sign\"\n";
    CHECK(sc_parse_signed(&sc, head, reason, sizeof reason) == 0);
    CHECK_EQ_INT(sc.count, 1);
    const spellcard *c = spellcards_find(&sc, "s1_kagari", 1, "Lantern Sign", SPELLCARDS_ANY);
    CHECK(c && c->seen == 5 && c->captured == 2);
    CHECK(spellcards_find(&sc, "s1_kagari", 1, "Lantern Sign", DIFFICULTY_NORMAL) == NULL);
    CHECK(spellcards_saw(&sc, "s1_kagari", 1, "Lantern Sign", DIFFICULTY_NORMAL) == 0);
    snprintf(path, sizeof path, "%s/old.txt", dir);
    CHECK(spellcards_save(&sc, path, err, sizeof err) == 0);
    CHECK_EQ_INT(spellcards_load(&back, path, reason, sizeof reason), SPELLCARDS_LOADED);
    c = spellcards_find(&back, "s1_kagari", 1, "Lantern Sign", SPELLCARDS_ANY);
    CHECK(c && c->seen == 5 && c->captured == 2);
    c = spellcards_find(&back, "s1_kagari", 1, "Lantern Sign", DIFFICULTY_NORMAL);
    CHECK(c && c->seen == 1 && c->captured == 0);
    remove(path);
    /* a version-2 row with a word that is no difficulty is refused at its column */
    const char *bad = "curtain-spellcards 2\n1 0 Medium s1_kagari 1 \"t\"\n";
    CHECK(sc_parse_signed(&sc, bad, reason, sizeof reason) == -1);
    CHECK_STR_CONTAINS(reason, "f:2:5: the difficulty wants");
    /* and a version-1 row read as version 2 (no difficulty) is refused too */
    const char *short_row = "curtain-spellcards 2\n1 0 s1_kagari 1 \"t\"\n";
    CHECK(sc_parse_signed(&sc, short_row, reason, sizeof reason) == -1);
}

/* A damaged record that cannot be moved aside (.bad to .bad.99 taken) is kept:
 * the next save refuses to replace it (it was overwritten, the record lost). */
static void sc_damaged_kept(const char *dir)
{
    char path[512], bad[600], err[256] = "", reason[1024];
    snprintf(path, sizeof path, "%s/kept.txt", dir);
    static const char damaged[] = "curtain-spellcards 1\ngarbage\n";
    CHECK(file_write_atomic(path, damaged, sizeof damaged - 1, err, sizeof err) == 0);
    for (int i = 1; i <= 99; i++) {
        if (i == 1)
            snprintf(bad, sizeof bad, "%s.bad", path);
        else
            snprintf(bad, sizeof bad, "%s.bad.%d", path, i);
        CHECK(file_write_atomic(bad, "x", 1, err, sizeof err) == 0);
    }
    spellcards sc;
    CHECK_EQ_INT(spellcards_load(&sc, path, reason, sizeof reason), SPELLCARDS_REFUSED);
    CHECK_STR_CONTAINS(reason, "could not be moved aside");
    spellcards_saw(&sc, "s1_kagari", 1, "A Card", DIFFICULTY_NORMAL);
    CHECK(spellcards_save(&sc, path, err, sizeof err) != 0);
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
    char dir[] = "/tmp/curtain-spellcards-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    sc_counts();
    sc_round_trip(dir);
    sc_title_quotes(dir);
    sc_bad_texts();
    sc_numbers();
    sc_damaged_kept(dir);
    sc_per_difficulty(dir);
    sc_version1(dir);
    rmdir(dir);
    return check_done("spellcards");
}
