/*
 * track_cache: rendered themes kept in the user's folder (music-cache/), so that
 * a launch after the first plays every theme from its cue's first frame
 * instead of waiting for the synthesizer (issue: the title was silent for 42 s
 * on a loaded machine while the themes rendered).
 *
 * A theme's file, music-cache/NAME.track, holds its track (16-bit mono at
 * SYNTH_RATE, its length and loop point) and the key it was made from: a hash
 * of the score's bytes, of the themes' level and rate, and of a fingerprint of
 * the synthesizer (a short reference score rendered through every instrument,
 * so that a changed synth, instrument or renderer misses every old file
 * rather than playing stale music). A file is used only if it reads whole,
 * its key matches and its samples' checksum is right: the samples are then the
 * very ones music_render makes. Files are written atomically; at most
 * TRACK_CACHE_FILES are kept in the folder (past it, nothing more is saved).
 * Ogg Vorbis themes are decoded at once and are not kept.
 */
#ifndef CURTAIN_AUDIO_TRACK_CACHE_H
#define CURTAIN_AUDIO_TRACK_CACHE_H

#include "audio/music.h"

#include <stddef.h>
#include <stdint.h>

#define TRACK_CACHE_FOLDER "music-cache"
#define TRACK_CACHE_EXT    ".track"
#define TRACK_CACHE_FILES  64

/* The key of a theme's track (0 if its score cannot be read, or an Ogg file:
 * not kept). */
uint64_t track_cache_key(const music_theme *th);

/* Reads dir/NAME.track into t if it holds the track of key. Returns 0, or -1
 * (t empty): missing, damaged, of another key. */
int track_cache_load(const char *dir, const music_theme *th, uint64_t key, music_track *t);

/* Writes t as dir/NAME.track for key (dir made if missing). Returns 0, or -1
 * with the reason in err. */
int track_cache_save(const char *dir, const music_theme *th, uint64_t key, const music_track *t,
                     char *err, size_t err_size);

#endif
