/*
 * wav: writes 16-bit PCM WAV files, for listening to the synthesized sounds
 * (tools/sfx_export) outside the game.
 */
#ifndef CURTAIN_AUDIO_WAV_H
#define CURTAIN_AUDIO_WAV_H

#include <stddef.h>
#include <stdint.h>

/* Writes frames frames of interleaved 16-bit samples (channels per frame) at rate Hz
 * to path, atomically. Returns 0, or -1 with a reason in err. */
int wav_write(const char *path, const int16_t *samples, size_t frames, int channels, int rate,
              char *err, size_t err_size);

#endif
