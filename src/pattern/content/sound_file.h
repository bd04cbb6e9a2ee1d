/*
 * sound_file: the sounds a library's scripts play (`sound NAME`), built-in or
 * from a mod's WAV files (docs/patterns.md, "Sounds").
 *
 * A name is a built-in effect's (sim/sound.h), or the file sounds/NAME.wav in
 * the folder of the script that plays it or in a folder above (at most
 * SOUND_FILE_DEPTH folders up: a mod's stage1/stage.pat finds the mod's
 * sounds/). The file must lie inside the folder that holds that sounds/, links
 * resolved, as a mod's art sheets must. Any other name is an error, with the
 * nearest built-in or file name as a hint.
 *
 * The files found make the library's sound table (library.sounds): its name,
 * its path and where it is first played, for `curtain lint`, which decodes each
 * (audio/wav) and reports a bad one there, and for the game, which loads them
 * as it loads the library. Nothing of this reaches the program or its content
 * hash: the script carries the name only, and a sound is heard, never hashed.
 */
#ifndef CURTAIN_PATTERN_SOUND_FILE_H
#define CURTAIN_PATTERN_SOUND_FILE_H

#include "pattern/language/arena.h"

#include <stddef.h>
#include <stdint.h>

#define SOUND_FILE_FOLDER    "sounds"
#define SOUND_FILE_EXTENSION ".wav"
#define SOUND_FILE_MAX       32 /* a library's own sound files at most */
#define SOUND_FILE_DEPTH     8  /* folders looked up from a script's own */
#define SOUND_FILE_NAME      32 /* a sound's name, with its terminator */

typedef struct sound_file {
    const char *name;
    const char *path;   /* FOLDER/sounds/NAME.wav */
    const char *file;   /* the script that first plays it */
    uint32_t line, col; /* where, at the name */
} sound_file;

/* The sound name played from the script at path (line, col at the name):
 * nothing to do for a built-in one or one already in the table; a file found
 * is added to table (count of them, capacity SOUND_FILE_MAX, strings in mem).
 * Returns 0; -1 for a name that is nothing known, with the reason in err
 * ("unknown sound 'boon' (did you mean 'boom'?)"); -2 for a file that cannot
 * be played ("... lies outside its folder (a link out?)", a name that is no
 * file's, one file too many). */
int sound_file_resolve(arena *mem, sound_file *table, uint32_t *count, const char *path,
                       const char *name, uint32_t line, uint32_t col, char *err, size_t err_size);

/* The file sounds/NAME.wav for the script at path, the nearest folder up,
 * into out (dir its folder: what it must lie inside). Returns 1 if found, 0
 * if not (or name cannot be a file's). */
int sound_file_locate(const char *path, const char *name, char *out, size_t out_size, char *dir,
                      size_t dir_size);
/* The nearest folder named folder (SOUND_FILE_FOLDER, or a mod's music/) up
 * from the script at path, by the rule of the sound files: its own folder or
 * one above, at most SOUND_FILE_DEPTH up. Into out "DIR/folder", into dir DIR
 * (what it must lie inside). Returns 1 if found, 0 if not. */
int sound_file_nearest_folder(const char *path, const char *folder, char *out, size_t out_size,
                              char *dir, size_t dir_size);
/* The names of the WAV files of the nearest sounds/ folder up from the script
 * at path, at most max, into names (for hints and the editor's completion).
 * Returns how many. */
int sound_file_nearby(const char *path, char (*names)[SOUND_FILE_NAME], int max);

/* The file of name in the table, or NULL. */
const sound_file *sound_file_find(const sound_file *table, uint32_t count, const char *name);

#endif
