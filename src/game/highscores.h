/*
 * highscores: the best ten runs of each difficulty, and the file that keeps them.
 *
 * A table holds at most HIGHSCORES_TOP entries per difficulty, best first; a new
 * score equal to one already there goes below it (the earlier run keeps its
 * place). Names are what the player typed on the name-entry screen: 1 to
 * HIGHSCORES_NAME_MAX characters of HIGHSCORES_NAME_CHARSET.
 *
 * The file (highscores.txt in the user folder) is text, versioned and checksummed:
 *
 *     curtain-highscores 3
 *     # difficulty rank score stage result date ship name
 *     Normal 1 1520300 2 cleared 2024-05-01 hotaru/fan "ALICE"
 *     Normal 2 804000 1 reached 2024-05-02 - "BOB"
 *     end 5f0c3a19d2e4b781
 *
 * "end" carries the hash (core/hash.h, seed HIGHSCORES_HASH_SEED) of every byte
 * before that line, so a truncated or damaged file is noticed. Rows are grouped by
 * difficulty (names read in any letter case), ranks count 1, 2, 3... within each
 * group, and scores never increase.
 *
 * A file that breaks any rule is refused with a reason ("file:line:col: message"),
 * moved aside to highscores.txt.bad (then .bad.2, .bad.3 ...) so nothing is lost,
 * and the table starts empty. Saving writes the whole file atomically.
 *
 * The stage is the last one the run played (from 1), cleared or only reached;
 * the ship is the name of its `ship` declaration ("-": not known), then "/"
 * and its shot type's when the ship has types.
 *
 * Format versions: 1, the first; 2, the ship (a version-1 file still loads, its
 * rows with the ship not known); 3, the ship's shot type (a version-2 row's
 * ship has its type not known).
 */
#ifndef CURTAIN_GAME_HIGHSCORES_H
#define CURTAIN_GAME_HIGHSCORES_H

#include "game/difficulty.h"

#include <stddef.h>
#include <stdint.h>

#define HIGHSCORES_VERSION      3
#define HIGHSCORES_FILE_NAME    "highscores.txt"
#define HIGHSCORES_TOP          10
#define HIGHSCORES_NAME_MAX     8
/* The characters a name may use, in the order name entry offers them. */
#define HIGHSCORES_NAME_CHARSET "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .-!?"
#define HIGHSCORES_STAGE_MAX    99
#define HIGHSCORES_SHIP_MAX     31 /* the longest ship name kept */
#define HIGHSCORES_HASH_SEED    0x6869736373ull

typedef struct highscore {
    char name[HIGHSCORES_NAME_MAX + 1];
    uint64_t score;
    int stage;                               /* the stage reached, from 1 */
    int cleared;                             /* 1 if that stage was cleared too */
    char ship[HIGHSCORES_SHIP_MAX + 1];      /* the ship's declared name; "" not known */
    char shot_type[HIGHSCORES_SHIP_MAX + 1]; /* its shot type's; "" none or not known */
    int date;                                /* the day of the run as YYYYMMDD, e.g. 20240501 */
} highscore;

typedef struct highscores {
    highscore entries[DIFFICULTY_COUNT][HIGHSCORES_TOP]; /* best first */
    int count[DIFFICULTY_COUNT];
    /* Set when the old file could be neither read nor moved aside: saving would
     * overwrite it, so highscores_save refuses. */
    int save_blocked;
} highscores;

typedef enum highscores_status {
    HIGHSCORES_LOADED,  /* the file was read */
    HIGHSCORES_MISSING, /* no file yet: empty tables */
    HIGHSCORES_REFUSED, /* the file was wrong or unreadable: moved aside, empty tables */
} highscores_status;

void highscores_clear(highscores *hs);

/* Where score would enter the table of d: a rank from 0 (the best), or -1 if it does
 * not enter. */
int highscores_rank(const highscores *hs, difficulty d, uint64_t score);
/* Inserts e (its name cleaned with highscores_name_clean) into the table of d.
 * Returns its rank from 0, or -1 if it did not enter. */
int highscores_insert(highscores *hs, difficulty d, const highscore *e);
/* The entry at rank (from 0) of d, or NULL past the end. */
const highscore *highscores_get(const highscores *hs, difficulty d, int rank);

/* 1 if name is 1 to HIGHSCORES_NAME_MAX characters of the charset, not all spaces. */
int highscores_name_valid(const char *name);
/* Makes a valid name from what was typed: upper case, characters outside the charset
 * dropped, spaces trimmed, cut to the length limit; "PLAYER" if nothing is left. */
void highscores_name_clean(const char *in, char out[HIGHSCORES_NAME_MAX + 1]);
/* Today's local date as YYYYMMDD. */
int highscores_today(void);

/* Reads path into hs. On HIGHSCORES_REFUSED, reason says why and where the file went. */
highscores_status highscores_load(highscores *hs, const char *path, char *reason,
                                  size_t reason_size);
/* Parses a file's text (size bytes). Returns 0, or -1 with "path:line:col: message" in
 * reason, leaving hs empty. */
int highscores_parse(highscores *hs, const char *text, size_t size, const char *path, char *reason,
                     size_t reason_size);
#define HIGHSCORES_TEXT_MAX 8192
/* Writes the file text into out; returns its length, or -1 if out is too small. */
int highscores_format(const highscores *hs, char *out, size_t out_size);
/* Writes hs to path atomically. Returns 0, or -1 with a reason in err. */
int highscores_save(const highscores *hs, const char *path, char *err, size_t err_size);

#endif
