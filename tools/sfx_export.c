/*
 * sfx_export: renders every sound effect and every music theme to WAV files, and
 * prints each one's length, peak, loudness and hash, for listening to them and
 * looking at them (sox, an editor) outside the game. A theme's line also gives
 * its loop point; a score with errors is named with its error (exit status 1).
 *
 *   sfx_export DIR [MOD_DIR]
 *
 * The themes are the data folder's patterns/music/NAME.mml, with MOD_DIR/music/
 * over them as `curtain play --mod MOD_DIR` loads them.
 */
#include "audio/music.h"
#include "audio/sfx.h"
#include "audio/synth.h"
#include "audio/wav.h"
#include "core/data_path.h"
#include "core/file.h"
#include "core/hash.h"
#include "core/mem.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>

#include "tool_args.h"

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

/* Names the channels that end before the others: a score whose channels end at
 * different times is legal, but is most often a bar too short somewhere. */
static void sfx_export_channels(const music_theme *th)
{
    const score_sheet *s = &th->score;
    for (int c = 0; c < s->channel_count; c++)
        if (s->channel_end[c] != s->end)
            printf("%-16s note: channel '%s' ends %.2f beats before the others\n", "",
                   s->channels[c], (double)(s->end - s->channel_end[c]) / (SCORE_TICKS_WHOLE / 4));
}

/* Renders and writes every theme; returns 0, or -1 if any failed. */
static int sfx_export_music(const char *dir, const char *mod_dir)
{
    char music_dir[1024];
    static music_set set;
    if (data_path_join(music_dir, sizeof music_dir, "patterns/" MUSIC_FOLDER) != 0)
        return -1;
    music_set_load(&set, music_dir, mod_dir);
    int rc = set.error_count ? -1 : 0;
    for (int i = 0; i < set.error_count && i < MUSIC_ERRORS; i++)
        fprintf(stderr, "sfx_export: %s\n", set.errors[i]);
    for (int i = 0; i < set.count; i++) {
        music_track track;
        char err[512];
        if (music_theme_render(&set.themes[i], &track, NULL, err, sizeof err) != 0) {
            fprintf(stderr, "sfx_export: %s\n", err);
            rc = -1;
            continue;
        }
        char name[64];
        snprintf(name, sizeof name, "music_%s", set.themes[i].name);
        rc |= sfx_export_one(dir, name, track.samples, track.length);
        printf("%-16s loops from %.2f s to %.2f s\n", "", (double)track.loop / SYNTH_RATE,
               (double)track.length / SYNTH_RATE);
        sfx_export_channels(&set.themes[i]);
        music_track_free(&track);
    }
    music_set_free(&set);
    return rc;
}

int main(int argc, char **argv)
{
    static const tool_usage usage = {
        "sfx_export", "DIR [MOD_DIR]",
        "renders every sound effect and every music theme to WAV files in DIR (made if\nneeded) "
        "and prints each one's length, peak, loudness and hash; MOD_DIR/music/\nover the data "
        "folder's patterns/music/, as `curtain play --mod MOD_DIR` loads them",
        1, 2};
    int args = tool_args(argc, argv, &usage);
    if (args >= 0)
        return args;
    if (file_make_dirs(argv[1]) != 0) {
        fprintf(stderr, "sfx_export: cannot make %s\n", argv[1]);
        return 1;
    }
    sfx_bank bank;
    if (sfx_bank_init(&bank) != 0) {
        fprintf(stderr, "sfx_export: out of memory\n");
        return 1;
    }
    int rc = 0;
    for (int i = 0; i < SFX_COUNT; i++)
        rc |= sfx_export_one(argv[1], sfx_name((sfx_id)i), bank.sounds[i].samples,
                             bank.sounds[i].length);
    sfx_bank_free(&bank);
    rc |= sfx_export_music(argv[1], argc == 3 ? argv[2] : NULL);
    return rc ? 1 : 0;
}
