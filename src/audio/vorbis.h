/*
 * vorbis: music from Ogg Vorbis files, beside the scores (audio/score.h).
 *
 * A mod's music/NAME.ogg is a theme as music/NAME.mml is (audio/music.h): the
 * file is decoded with Debian's libvorbisfile (docs/development.md says why a library),
 * its channels averaged to mono, resampled to the mixer's rate by linear
 * interpolation and brought to the themes' loudness, into the same track a
 * score renders to. Its loop point comes from the Vorbis comments LOOPSTART and
 * LOOPLENGTH (or LOOPEND), in samples at the file's rate, the common
 * convention of game music: the track plays to LOOPSTART + LOOPLENGTH, then
 * again from LOOPSTART. Without them the whole file loops.
 *
 * Bounded as a score is: a file of at most VORBIS_MAX_BYTES, read as it is
 * decoded (never whole in memory), mono or stereo, VORBIS_MIN_RATE to
 * VORBIS_MAX_RATE Hz, at most SCORE_SECONDS_MAX long; what is decoded goes
 * straight into the track, whose size the header fixes before a sample is
 * decoded (a file that says less than it holds is cut at what it said). A file
 * that is not Ogg Vorbis, damaged, of another shape or over a bound is refused
 * with "file:1:1: why", and the game plays on without that theme.
 */
#ifndef CURTAIN_AUDIO_VORBIS_H
#define CURTAIN_AUDIO_VORBIS_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#define VORBIS_EXTENSION ".ogg"
#define VORBIS_MAX_BYTES (64u << 20) /* an Ogg file read at most */
#define VORBIS_MIN_RATE  8000
#define VORBIS_MAX_RATE  192000

/* What a file's headers say, checked against the bounds. */
typedef struct vorbis_facts {
    uint32_t rate;                 /* Hz */
    int channels;                  /* 1 or 2 */
    uint64_t frames;               /* at the file's rate */
    uint64_t loop_start, loop_end; /* at the file's rate: the loop, end <= frames */
    double seconds;                /* of the track: to the loop's end */
} vorbis_facts;

/* Reads a file's headers and loop comments without decoding its sound.
 * Returns 0, or -1 with "path:1:1: why" in err. */
int vorbis_probe(const char *path, vorbis_facts *f, char *err, size_t err_size);

/* Decodes path into *out (mem_alloc: mono 16-bit at rate Hz, brought to the
 * level given: rms and peak as fractions of full scale) to its loop's end, with
 * the loop point in *loop. cancel (may be NULL), once set, stops it. Returns 0,
 * or -1 with the reason in err (and *out NULL). */
int vorbis_decode_file(const char *path, int rate, float rms, float peak, int16_t **out,
                       uint32_t *length, uint32_t *loop, atomic_int *cancel, char *err,
                       size_t err_size);

/* The same from bytes in memory, named name in errors (the fuzz target). */
int vorbis_decode_memory(const uint8_t *data, size_t size, const char *name, int rate, float rms,
                         float peak, int16_t **out, uint32_t *length, uint32_t *loop, char *err,
                         size_t err_size);

#endif
