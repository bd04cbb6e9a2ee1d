/*
 * records: the player's records, kept across sessions: for each ship (by its
 * name) and difficulty the runs played, the all clears and the all clears
 * without a continue; for each ship its Extra stage tries and clears; and the
 * whole play time. What the title's Records screen shows, and what unlocks the
 * Extra stage: a ship that has cleared the game on Normal or harder without a
 * continue may play it (records_extra_unlocked).
 *
 * Ships are keyed by name (a ship's `ship NAME`), so a mod's ships have records
 * of their own, and a later key (a ship with its shot type, "hotaru.b") is just
 * another name: 1 to RECORDS_NAME_MAX letters, digits, '_', '.', '-' or ':'.
 *
 * The file (records.txt in the user folder) is text, versioned and
 * checksummed like the spell card record:
 *
 *     curtain-records 1
 *     time 216000
 *     # run SHIP DIFFICULTY played cleared cleared-without-continues
 *     run hotaru Normal 5 2 1
 *     # extra SHIP tried cleared
 *     extra hotaru 3 0
 *     end 5f0c3a19d2e4b781
 *
 * `time` is the frames (60 a second) played in runs and practice. "end" carries
 * the hash (core/hash.h, seed RECORDS_HASH_SEED) of every byte before it. The
 * numbers are whole decimal numbers, digits only, never wrapped; a clear is
 * never more than the plays, a clear without continues never more than the
 * clears. A file that breaks a rule is refused with "file:line:col: message",
 * moved aside to records.txt.bad (.bad.2, ...: nothing is lost) and the
 * records start empty; one that cannot be moved aside is never saved over.
 * Saving writes the whole file atomically (file_write_atomic). The envelope (the
 * line loop, the end line's checksum, moving aside, the atomic save) is the one
 * game/record_file.h shares with the spell card record.
 */
#ifndef CURTAIN_GAME_RECORDS_H
#define CURTAIN_GAME_RECORDS_H

#include "game/difficulty.h"

#include <stddef.h>
#include <stdint.h>

#define RECORDS_VERSION    1
#define RECORDS_FILE_NAME  "records.txt"
#define RECORDS_SHIPS      32
#define RECORDS_NAME_MAX   31
#define RECORDS_HASH_SEED  0x7265636f7264ull /* "record" */
#define RECORDS_TEXT_MAX   (RECORDS_SHIPS * (DIFFICULTY_COUNT + 1) * 96 + 256)
/* The environment variable that unlocks the Extra stage for every ship (a
 * developer's and tester's override: `CURTAIN_UNLOCK_EXTRA=1 curtain`). */
#define RECORDS_UNLOCK_ENV "CURTAIN_UNLOCK_EXTRA"

typedef struct records_ship {
    char name[RECORDS_NAME_MAX + 1];
    uint32_t played[DIFFICULTY_COUNT];      /* runs started (not practice) */
    uint32_t cleared[DIFFICULTY_COUNT];     /* all clears */
    uint32_t no_continue[DIFFICULTY_COUNT]; /* all clears without a continue */
    uint32_t extra_tried, extra_cleared;
} records_ship;

typedef struct records {
    records_ship ships[RECORDS_SHIPS];
    int count;
    uint64_t frames; /* play time: frames played in runs and practice */
    /* the file was damaged and could not be moved aside: never saved over */
    int save_blocked;
} records;

typedef enum records_status {
    RECORDS_LOADED,
    RECORDS_MISSING, /* no file yet: empty */
    RECORDS_REFUSED, /* wrong or unreadable: moved aside, empty */
} records_status;

/* How a run ended, for records_run_end. */
typedef struct records_run {
    const char *ship;
    int difficulty;
    int extra;     /* the run played the Extra stage */
    int cleared;   /* all clear (or the Extra stage cleared) */
    int continues; /* continues used */
} records_run;

void records_clear(records *r);
/* A ship's records, or NULL when it has none. */
const records_ship *records_find(const records *r, const char *ship);
/* Counts a run started with ship (an Extra try with extra). Returns 0, or -1
 * when the record is full or the name is not a name (nothing counted). */
int records_run_start(records *r, const char *ship, int level, int extra);
/* Counts a run's end: a clear, a clear without continues, an Extra clear. Returns
 * 0, or -1 as records_run_start. */
int records_run_end(records *r, const records_run *run);
/* Adds play time (frames). */
void records_add_time(records *r, uint64_t frames);
/* Whether the ship may play the Extra stage: it cleared the game on Normal or
 * harder without a continue (or RECORDS_UNLOCK_ENV is set to a value other than
 * "" and "0"). */
int records_extra_unlocked(const records *r, const char *ship);
/* Whether the records unlock the Extra stage for ship (the file alone, without
 * the override). */
int records_extra_earned(const records *r, const char *ship);

/* Parses a file's text. Returns 0, or -1 with "origin:line:col: message" in reason,
 * leaving r empty. */
int records_parse(records *r, const char *text, size_t size, const char *origin, char *reason,
                  size_t reason_size);
/* The file's text; returns its length, or -1 if out is too small. */
int records_format(const records *r, char *out, size_t out_size);
/* Reads the records at path. A file that cannot be read or parsed is moved aside
 * (the reason, and where it went, in reason) and the records start empty. */
records_status records_load(records *r, const char *path, char *reason, size_t reason_size);
/* Writes the records to path atomically. Returns 0, or -1 with a reason in err. */
int records_save(const records *r, const char *path, char *err, size_t err_size);

#endif
