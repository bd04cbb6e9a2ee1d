/*
 * spellcards: the spell cards the player has met, and how often each was
 * captured: what the practice menu offers (a card is practised once it has been
 * seen in a run) and its history line ("captured 2 of 5").
 *
 * A card is known by its boss's name, its phase number and its title, so a mod
 * that changes a boss does not inherit the history of cards it no longer has.
 *
 * Each difficulty keeps its own history: a card met on Easy is not met on
 * Lunatic, and the practice menu of a difficulty reads that difficulty's.
 *
 * The file (spellcards.txt in the user folder) is text, versioned and
 * checksummed like the high scores:
 *
 *     curtain-spellcards 2
 *     # seen captured difficulty boss phase "title"
 *     5 2 Normal s1_kagari 1 "Lantern Sign: A Thousand Paper Lights"
 *     end 5f0c3a19d2e4b781
 *
 * "end" carries the hash (core/hash.h, seed SPELLCARDS_HASH_SEED) of every byte
 * before that line. Numbers are whole decimal numbers, digits only, within
 * their field (seen and captured up to 4294967295, phase up to 255), never wrapped.
 * The difficulty is a difficulty's name (game/difficulty.h, any letter case) or
 * "any": a row of a version-1 file.
 * A file that breaks a rule is refused with the reason ("file:line:col: message"), moved aside to
 * spellcards.txt.bad (then .bad.2, .bad.3
 * ...: nothing is lost), and the record starts empty. A title keeps to its
 * line and its quotes: a double quote in it is recorded as a single one, a
 * control character as a space (lookups clean a title the same way). Saving writes the whole file
 * atomically. The envelope (the line loop, the end line's checksum, moving
 * aside, the atomic save) is game/record_file.h's, shared with the records.
 *
 * Format versions: 1, the first, one history for every difficulty (rows
 * "seen captured boss phase title"); 2, a history per difficulty. A version-1
 * file is read as it is, its rows kept under SPELLCARDS_ANY (they count at
 * every difficulty, as they did; new meetings go to their own difficulty's
 * rows), and saved as version 2.
 */
#ifndef CURTAIN_GAME_SPELLCARDS_H
#define CURTAIN_GAME_SPELLCARDS_H

#include <stddef.h>
#include <stdint.h>

#define SPELLCARDS_VERSION   2
#define SPELLCARDS_FILE_NAME "spellcards.txt"
#define SPELLCARDS_MAX       256
#define SPELLCARDS_NAME_MAX  47
#define SPELLCARDS_TITLE_MAX 95
#define SPELLCARDS_HASH_SEED 0x7370656c6cull
#define SPELLCARDS_TEXT_MAX  (SPELLCARDS_MAX * 190 + 128)
/* The difficulty of a version-1 row: met at some difficulty, not kept which. */
#define SPELLCARDS_ANY       (-1)

typedef struct spellcard {
    char boss[SPELLCARDS_NAME_MAX + 1];
    int phase;
    int difficulty; /* game/difficulty.h, or SPELLCARDS_ANY */
    char title[SPELLCARDS_TITLE_MAX + 1];
    uint32_t seen, captured;
} spellcard;

typedef struct spellcards {
    spellcard cards[SPELLCARDS_MAX];
    int count;
    /* the file was damaged and could not be moved aside: never saved over */
    int save_blocked;
} spellcards;

typedef enum spellcards_status {
    SPELLCARDS_LOADED,
    SPELLCARDS_MISSING, /* no file yet: empty */
    SPELLCARDS_REFUSED, /* wrong or unreadable: moved aside, empty */
} spellcards_status;

void spellcards_clear(spellcards *sc);
/* The record of a card at a difficulty (SPELLCARDS_ANY: the version-1 row), or
 * NULL if it was never seen there. */
const spellcard *spellcards_find(const spellcards *sc, const char *boss, int phase,
                                 const char *title, int level);
/* Counts a meeting with a card at a difficulty (and a capture). Returns 0, or -1
 * when the record is full (the card is not recorded). Names and titles too long
 * are cut. */
int spellcards_saw(spellcards *sc, const char *boss, int phase, const char *title, int level);
int spellcards_captured(spellcards *sc, const char *boss, int phase, const char *title, int level);

/* Parses a file's text. Returns 0, or -1 with "origin:line:col: message" in reason,
 * leaving sc empty. */
int spellcards_parse(spellcards *sc, const char *text, size_t size, const char *origin,
                     char *reason, size_t reason_size);
/* The file's text; returns its length, or -1 if out is too small. */
int spellcards_format(const spellcards *sc, char *out, size_t out_size);
/* Reads the record at path. A file that cannot be read or parsed is moved aside
 * (the reason, and where it went, in reason) and the record starts empty. */
spellcards_status spellcards_load(spellcards *sc, const char *path, char *reason,
                                  size_t reason_size);
/* Writes the record to path atomically. Returns 0, or -1 with a reason in err. */
int spellcards_save(const spellcards *sc, const char *path, char *err, size_t err_size);

#endif
