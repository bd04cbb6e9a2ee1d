/*
 * wav: WAV files, read and written.
 *
 * Written: 16-bit PCM, for listening to the synthesized sounds (tools/sfx_export)
 * outside the game.
 *
 * Read: a mod's own sound effects (sounds/NAME.wav, docs/patterns.md "Sounds").
 * A RIFF/WAVE file of integer PCM (8-bit unsigned, 16-, 24- or 32-bit signed) or
 * IEEE float (32- or 64-bit), plain or WAVE_FORMAT_EXTENSIBLE, mono or stereo, at
 * WAV_MIN_RATE to WAV_MAX_RATE Hz. It becomes what the mixer plays: 16-bit mono
 * (stereo is averaged; the mixer pans each sound by where it happens) at the
 * mixer's rate, resampled by linear interpolation. A file that is damaged (a
 * chunk past the end, no fmt or data chunk), of another format (compressed,
 * 12-bit, six channels) or over the bounds (WAV_MAX_BYTES read, WAV_MAX_SECONDS
 * long) is refused with the reason and the byte it was found at; nothing is
 * allocated for it but the file's bytes and, once the header is checked, its
 * samples.
 */
#ifndef CURTAIN_AUDIO_WAV_H
#define CURTAIN_AUDIO_WAV_H

#include <stddef.h>
#include <stdint.h>

#define WAV_MAX_BYTES   (16u << 20) /* a sound file read at most (16 MiB) */
#define WAV_MAX_SECONDS 10          /* a sound's length at most */
#define WAV_MIN_RATE    4000        /* sample rates read, Hz */
#define WAV_MAX_RATE    192000

/* Writes frames frames of interleaved 16-bit samples (channels per frame) at rate Hz
 * to path, atomically. Returns 0, or -1 with a reason in err. */
int wav_write(const char *path, const int16_t *samples, size_t frames, int channels, int rate,
              char *err, size_t err_size);

/* Decodes a WAV file's bytes into *out (mem_alloc; mono 16-bit at rate Hz) and
 * its length in samples into *length. Returns 0, or -1 with the reason in err
 * ("not a WAV file (no RIFF header)", "12-bit samples (8, 16, 24 or 32 are
 * read)", ...) and *out NULL. */
int wav_decode(const uint8_t *data, size_t size, int rate, int16_t **out, uint32_t *length,
               char *err, size_t err_size);

/* wav_decode of the file path (at most WAV_MAX_BYTES). The reason in err starts
 * with the path. */
int wav_read(const char *path, int rate, int16_t **out, uint32_t *length, char *err,
             size_t err_size);

#endif
