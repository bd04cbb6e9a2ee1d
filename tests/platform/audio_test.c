/* platform audio: under SDL's dummy driver the mixer really runs and plays; with a
 * driver that cannot open, the game gets a silent audio that is safe to use. */
#include "../check.h"
#include "audio/synth.h"
#include "audio/wav.h"
#include "core/file.h"
#include "core/mem.h"
#include "game/options.h"
#include "platform/audio.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Waits up to two seconds for the device to have mixed at least frames frames. */
static audio_stats audio_test_wait(audio *a, uint64_t frames)
{
    audio_stats st = audio_get_stats(a);
    for (int i = 0; i < 200 && st.frames < frames; i++) {
        SDL_Delay(10);
        st = audio_get_stats(a);
    }
    return st;
}

static void audio_test_dummy(void)
{
    setenv("SDL_AUDIODRIVER", "dummy", 1);
    options o;
    options_defaults(&o);
    o.master_volume = 50;
    static audio a;
    int64_t live = mem_live_blocks();
    CHECK_EQ_INT(audio_open(&a, &o), 1);
    CHECK(audio_live(&a));
    CHECK_STR_CONTAINS(a.status, "dummy");
    CHECK_NEAR(a.mix.master, 0.5, 1e-6);
    audio_play(&a, SFX_BOMB, 1.0f, 0.0f);
    audio_play(&a, SFX_SHOT, 1.0f, -0.5f);
    audio_play(&a, SFX_SHOT, 1.0f, -0.5f); /* too soon after the first */
    audio_play(&a, SFX_COUNT, 1.0f, 0.0f); /* not a sound: ignored */
    /* Two themes and a broken score: its error is kept, the others render in the
     * background; a cue before its track is ready plays it once it is. */
    char dir[128], path[160], err[256];
    snprintf(dir, sizeof dir, "/tmp/curtain_audio_music_%d", (int)getpid());
    CHECK_EQ_INT(file_make_dirs(dir), 0);
    static const char *const files[3][2] = {{"calm.mml", "a: @pad o4 L c1 e1\n"},
                                            {"storm.mml", "a: @saw o5 c4 L d4 e4 f4\n"},
                                            {"broken.mml", "a: @pad c1\nb: c7\n"}};
    for (int i = 0; i < 3; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, files[i][0]);
        CHECK_EQ_INT(file_write_atomic(path, files[i][1], strlen(files[i][1]), err, sizeof err), 0);
    }
    CHECK_EQ_INT(audio_load_music(&a, dir, NULL), 1);
    CHECK_STR_CONTAINS(audio_themes(&a)->errors[0], "broken.mml:2:5: a length is");
    CHECK_EQ_INT(audio_themes(&a)->count, 2);
    int storm = music_set_find(audio_themes(&a), "storm");
    audio_cue(&a, storm);
    audio_wait_music(&a);
    CHECK_EQ_INT(a.playing, storm);
    int voice = a.music_voice;
    audio_cue(&a, storm); /* already playing: not restarted */
    CHECK_EQ_INT(a.music_voice, voice);
    CHECK_EQ_INT(a.mix.voices[voice].loop_start, a.tracks[storm].loop);
    CHECK(a.tracks[storm].loop > 0);
    audio_stats st = audio_get_stats(&a);
    CHECK_EQ_U64(st.played, 3);
    CHECK_EQ_U64(st.limited, 1);
    /* The callback runs: frames get mixed, the short shot finishes, the music goes on. */
    st = audio_test_wait(&a, SYNTH_RATE / 5);
    CHECK(st.frames >= SYNTH_RATE / 5);
    CHECK(st.voices >= 1 && st.voices <= 2);
    CHECK_EQ_U64(st.clipped, 0);
    audio_cue(&a, music_set_find(audio_themes(&a), "calm")); /* the other theme */
    CHECK_EQ_INT(a.playing, music_set_find(audio_themes(&a), "calm"));
    audio_cue(&a, -1); /* the music fades out, then its voices are free */
    CHECK_EQ_INT(a.playing, -1);
    audio_test_wait(&a, audio_get_stats(&a).frames + SYNTH_RATE / 4);
    int music_voices = 0;
    SDL_LockAudioDevice(a.device);
    for (int v = 0; v < MIXER_VOICES; v++)
        music_voices += a.mix.voices[v].samples && a.mix.voices[v].bus == MIXER_BUS_MUSIC;
    SDL_UnlockAudioDevice(a.device);
    CHECK_EQ_INT(music_voices, 0);
    for (int i = 0; i < 3; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, files[i][0]);
        remove(path);
    }
    rmdir(dir);
    o.master_volume = 0;
    audio_apply_options(&a, &o);
    CHECK(a.mix.master == 0.0f);
    audio_close(&a);
    CHECK(!audio_live(&a));
    CHECK_EQ_INT(mem_live_blocks(), live);
    audio_close(&a); /* twice is harmless */
}

/* report of audio_load_sounds: keeps the last reason and its index. */
static char refused[512];
static int refused_k = -1;
static void audio_test_refused(void *ctx, int k, const char *why)
{
    (void)ctx;
    refused_k = k;
    snprintf(refused, sizeof refused, "%s", why);
}

/* A mod's sound files: one reads and plays by name (id after the built-ins),
 * a damaged one is left out with its reason, a new set replaces the old. */
static void audio_test_sounds(void)
{
    setenv("SDL_AUDIODRIVER", "dummy", 1);
    static audio a;
    int64_t live = mem_live_blocks();
    CHECK_EQ_INT(audio_open(&a, NULL), 1);
    char good[128], bad[128], err[256];
    snprintf(good, sizeof good, "/tmp/curtain_audio_sound_%d.wav", (int)getpid());
    snprintf(bad, sizeof bad, "/tmp/curtain_audio_bad_%d.wav", (int)getpid());
    static int16_t wave[2 * 2205];
    for (int i = 0; i < 2 * 2205; i++)
        wave[i] = (int16_t)((i / 2) % 50 < 25 ? 8000 : -8000);
    CHECK_EQ_INT(wav_write(good, wave, 2205, 2, 22050, err, sizeof err), 0);
    CHECK_EQ_INT(file_write_atomic(bad, "RIFF\x10\0\0\0WAVEdata", 16, err, sizeof err), 0);
    const char *names[] = {"boom", "broken"}, *paths[] = {good, bad};
    CHECK_EQ_INT(audio_load_sounds(&a, names, paths, 2, audio_test_refused, NULL), 1);
    CHECK_EQ_INT(refused_k, 1);
    CHECK_STR_CONTAINS(refused, "_bad_");
    CHECK_STR_CONTAINS(refused, "no fmt chunk");
    CHECK_EQ_INT(audio_sound_id(&a, "boom"), SFX_COUNT);
    CHECK_EQ_INT(audio_sound_id(&a, "broken"), -1);
    CHECK_EQ_INT(audio_sound_id(&a, "graze"), SFX_GRAZE);
    CHECK_EQ_INT((int)a.bank.files[0].length, SYNTH_RATE / 10);
    audio_play_id(&a, audio_sound_id(&a, "boom"), 1.0f, 0.0f);
    audio_play_id(&a, audio_sound_id(&a, "broken"), 1.0f, 0.0f); /* -1: nothing */
    audio_play_id(&a, MIXER_SOUNDS + 5, 1.0f, 0.0f);             /* no such id: nothing */
    CHECK_EQ_U64(audio_get_stats(&a).played, 1);
    CHECK_EQ_INT(audio_load_sounds(&a, NULL, NULL, 0, NULL, NULL), 0); /* the mod's gone */
    CHECK_EQ_INT(audio_sound_id(&a, "boom"), -1);
    CHECK_EQ_INT(audio_get_stats(&a).voices, 0);
    remove(good);
    remove(bad);
    audio_close(&a);
    CHECK_EQ_INT(mem_live_blocks(), live);
}

static void audio_test_no_device(void)
{
    setenv("SDL_AUDIODRIVER", "no-such-driver", 1);
    static audio a;
    int64_t live = mem_live_blocks();
    CHECK_EQ_INT(audio_open(&a, NULL), 0);
    CHECK(!audio_live(&a));
    CHECK_STR_CONTAINS(a.status, "no sound");
    audio_play(&a, SFX_GRAZE, 1.0f, 0.0f);
    audio_cue(&a, 0);
    options o;
    options_defaults(&o);
    audio_apply_options(&a, &o);
    audio_stats st = audio_get_stats(&a);
    CHECK_EQ_U64(st.played, 0);
    CHECK_EQ_INT(st.voices, 0);
    audio_close(&a);
    CHECK_EQ_INT(mem_live_blocks(), live);
}

int main(void)
{
    audio_test_dummy();
    audio_test_sounds();
    audio_test_no_device();
    SDL_Quit();
    return check_done("platform audio");
}
