/*
 * sfx_export: renders every sound effect (and the music loop) to WAV files, and
 * prints each one's length, peak, loudness and hash, for listening to them and
 * looking at them (sox, an editor) outside the game.
 *
 *   sfx_export DIR
 */
#include "audio/music.h"
#include "audio/sfx.h"
#include "audio/synth.h"
#include "audio/wav.h"
#include "core/file.h"
#include "core/hash.h"
#include "core/mem.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>

/* Prints one line about a sound and writes it to DIR/name.wav. */
static int sfx_export_one(const char *dir, const char *name, const int16_t *s, size_t n)
{
    int peak = 0;
    double sum = 0.0;
    for (size_t i = 0; i < n; i++) {
        int a = s[i] < 0 ? -s[i] : s[i];
        peak = a > peak ? a : peak;
        sum += (double)s[i] * s[i];
    }
    double rms = n ? sqrt(sum / (double)n) : 0.0;
    printf("%-14s %6.0f ms  peak %5.1f dBFS  rms %5.1f dBFS  hash %016" PRIx64 "\n", name,
           1000.0 * (double)n / SYNTH_RATE, 20.0 * log10((peak + 1e-9) / 32767.0),
           20.0 * log10((rms + 1e-9) / 32767.0), hash_buffer(s, n * sizeof *s, 0));
    char path[4096], err[512];
    snprintf(path, sizeof path, "%s/%s.wav", dir, name);
    if (wav_write(path, s, n, 1, SYNTH_RATE, err, sizeof err) != 0) {
        fprintf(stderr, "sfx_export: %s\n", err);
        return -1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: sfx_export DIR\n");
        return 2;
    }
    if (file_make_dirs(argv[1]) != 0) {
        fprintf(stderr, "sfx_export: cannot make %s\n", argv[1]);
        return 1;
    }
    sfx_bank bank;
    music_track track;
    if (sfx_bank_init(&bank) != 0 || music_track_init(&track) != 0) {
        fprintf(stderr, "sfx_export: out of memory\n");
        return 1;
    }
    int rc = 0;
    for (int i = 0; i < SFX_COUNT; i++)
        rc |= sfx_export_one(argv[1], sfx_name((sfx_id)i), bank.sounds[i].samples,
                             bank.sounds[i].length);
    rc |= sfx_export_one(argv[1], "music", track.samples, track.length);
    music_track_free(&track);
    sfx_bank_free(&bank);
    return rc ? 1 : 0;
}
