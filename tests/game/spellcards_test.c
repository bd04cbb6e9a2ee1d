/*
 * spellcards: the record of spell cards met and captured round-trips through its
 * file; a damaged, cut, edited or future file is refused with a reason and moved
 * aside, and the record starts empty.
 */
#include "../check.h"
#include "core/file.h"
#include "core/mem.h"
#include "game/spellcards.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static void sc_counts(void)
{
    static spellcards sc;
    spellcards_clear(&sc);
    CHECK(spellcards_find(&sc, "s1_kagari", 1, "Lantern Sign") == NULL);
    CHECK(spellcards_saw(&sc, "s1_kagari", 1, "Lantern Sign") == 0);
    CHECK(spellcards_saw(&sc, "s1_kagari", 1, "Lantern Sign") == 0);
    CHECK(spellcards_captured(&sc, "s1_kagari", 1, "Lantern Sign") == 0);
    CHECK(spellcards_saw(&sc, "s1_wick", 1, "Wick Sign") == 0);
    const spellcard *c = spellcards_find(&sc, "s1_kagari", 1, "Lantern Sign");
    CHECK(c != NULL);
    CHECK_EQ_INT(c ? c->seen : 0, 2);
    CHECK_EQ_INT(c ? c->captured : 0, 1);
    /* Another title at the same place is another card (a mod changed it). */
    CHECK(spellcards_find(&sc, "s1_kagari", 1, "Other Sign") == NULL);
    CHECK(spellcards_find(&sc, "s1_kagari", 2, "Lantern Sign") == NULL);
    CHECK_EQ_INT(sc.count, 2);
    for (int i = 0; i < SPELLCARDS_MAX; i++)
        spellcards_saw(&sc, "boss", i, "card");
    CHECK_EQ_INT(sc.count, SPELLCARDS_MAX);
    CHECK(spellcards_saw(&sc, "boss", 9999, "one too many") == -1);
}

static void sc_round_trip(const char *dir)
{
    static spellcards sc, back;
    spellcards_clear(&sc);
    spellcards_saw(&sc, "s1_kagari", 5, "Final Curtain: Dusk Falls on the Stage");
    spellcards_captured(&sc, "s1_kagari", 5, "Final Curtain: Dusk Falls on the Stage");
    spellcards_saw(&sc, "s1_wick", 1, "Wick Sign: Drifting Candle Smoke");
    char path[512], err[512], reason[1024];
    snprintf(path, sizeof path, "%s/spellcards.txt", dir);
    CHECK(spellcards_save(&sc, path, err, sizeof err) == 0);
    CHECK_EQ_INT(spellcards_load(&back, path, reason, sizeof reason), SPELLCARDS_LOADED);
    CHECK_EQ_INT(back.count, 2);
    const spellcard *c =
        spellcards_find(&back, "s1_kagari", 5, "Final Curtain: Dusk Falls on the Stage");
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
    CHECK(spellcards_saw(&sc, "s1_kagari", 2, title) == 0);
    CHECK(spellcards_captured(&sc, "s1_kagari", 2, title) == 0);
    CHECK(spellcards_saw(&sc, "s1_wick", 1, "Plain") == 0);
    char path[512], err[512], reason[1024];
    snprintf(path, sizeof path, "%s/quotes.txt", dir);
    CHECK(spellcards_save(&sc, path, err, sizeof err) == 0);
    CHECK_EQ_INT(spellcards_load(&back, path, reason, sizeof reason), SPELLCARDS_LOADED);
    CHECK_EQ_INT(back.count, 2);
    const spellcard *c = spellcards_find(&back, "s1_kagari", 2, title);
    CHECK(c && c->seen == 1 && c->captured == 1);
    CHECK(c && strcmp(c->title, "Quote Sign: 'Curtain' Call Two") == 0);
    remove(path);
}

/* Every cut of a good file and a file from the future are refused with reasons. */
static void sc_bad_texts(void)
{
    static spellcards sc, back;
    spellcards_clear(&sc);
    spellcards_saw(&sc, "s1_kagari", 3, "Weave Sign: Threads of the Curtain");
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
    CHECK_STR_CONTAINS(reason, "f:1: the file is empty");
}

int main(void)
{
    char dir[] = "/tmp/curtain-spellcards-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    sc_counts();
    sc_round_trip(dir);
    sc_title_quotes(dir);
    sc_bad_texts();
    rmdir(dir);
    return check_done("spellcards");
}
