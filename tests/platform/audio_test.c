/* platform audio: under SDL's dummy driver the mixer really runs and plays; with a
 * driver that cannot open, the game gets a silent audio that is safe to use. */
#include "../check.h"
#include "audio/synth.h"
#include "audio/wav.h"
#include "core/file.h"
#include "core/hash.h"
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

/* A test folder of two themes (and its cache folder beside it). */
static char music_dir[128], cache_dir[128];
static void audio_test_themes(void)
{
    snprintf(music_dir, sizeof music_dir, "/tmp/curtain_audio_cache_music_%d", (int)getpid());
    snprintf(cache_dir, sizeof cache_dir, "/tmp/curtain_audio_cache_%d", (int)getpid());
    CHECK_EQ_INT(file_make_dirs(music_dir), 0);
    static const char *const files[2][2] = {{"calm.mml", "a: @pad o4 L c1 e1\n"},
                                            {"storm.mml", "a: @saw o5 c4 L d4 e4 f4\n"}};
    char path[256], err[256];
    for (int i = 0; i < 2; i++) {
        snprintf(path, sizeof path, "%s/%s", music_dir, files[i][0]);
        CHECK_EQ_INT(file_write_atomic(path, files[i][1], strlen(files[i][1]), err, sizeof err), 0);
    }
}

/* The hash of a theme's track as music_render makes it. */
static uint64_t audio_test_rendered(const audio *a, int i)
{
    music_track t;
    CHECK_EQ_INT(music_render(&a->music->themes[i].score, &t, NULL), 0);
    uint64_t h = hash_buffer(t.samples, t.length * sizeof *t.samples, t.loop);
    music_track_free(&t);
    return h;
}

/* Rendered tracks are kept in the cache folder and read back by the next load,
 * before the first frame (ready at once, no worker needed), the very samples
 * music_render makes; a damaged file or a changed score is rendered again. */
static void audio_test_cache(void)
{
    setenv("SDL_AUDIODRIVER", "dummy", 1);
    static audio a;
    int64_t live = mem_live_blocks();
    CHECK_EQ_INT(audio_open(&a, NULL), 1);
    audio_music_cache(&a, cache_dir);
    CHECK_EQ_INT(audio_load_music(&a, music_dir, NULL), 0);
    CHECK_EQ_INT(a.cached, 0);
    audio_wait_music(&a);
    audio_close(&a);
    CHECK_EQ_INT(audio_open(&a, NULL), 1);
    audio_music_cache(&a, cache_dir);
    audio_load_music(&a, music_dir, NULL);
    CHECK_EQ_INT(a.cached, 2);
    CHECK(a.worker == NULL); /* nothing left to render */
    for (int i = 0; i < 2; i++) {
        CHECK(a.ready[i]);
        CHECK_EQ_U64(hash_buffer(a.tracks[i].samples, a.tracks[i].length * sizeof(int16_t),
                                 a.tracks[i].loop),
                     audio_test_rendered(&a, i));
    }
    audio_close(&a);
    /* a flipped sample: the file is not used, and is made again */
    char path[256], err[256];
    snprintf(path, sizeof path, "%s/storm.track", cache_dir);
    size_t size = 0;
    char *bytes = file_read_all(path, &size, err, sizeof err);
    CHECK(bytes != NULL && size > 1000);
    if (bytes) {
        bytes[size - 100] ^= 0x40;
        CHECK_EQ_INT(file_write_atomic(path, bytes, size, err, sizeof err), 0);
        mem_free(bytes);
    }
    snprintf(path, sizeof path, "%s/calm.mml", music_dir); /* and a changed score */
    CHECK_EQ_INT(file_write_atomic(path, "a: @pad o4 L c1 g1\n", 19, err, sizeof err), 0);
    CHECK_EQ_INT(audio_open(&a, NULL), 1);
    audio_music_cache(&a, cache_dir);
    audio_load_music(&a, music_dir, NULL);
    CHECK_EQ_INT(a.cached, 0);
    audio_wait_music(&a);
    for (int i = 0; i < 2; i++)
        CHECK_EQ_U64(hash_buffer(a.tracks[i].samples, a.tracks[i].length * sizeof(int16_t),
                                 a.tracks[i].loop),
                     audio_test_rendered(&a, i));
    audio_close(&a);
    CHECK_EQ_INT(audio_open(&a, NULL), 1);
    audio_music_cache(&a, cache_dir);
    audio_load_music(&a, music_dir, NULL);
    CHECK_EQ_INT(a.cached, 2);
    audio_close(&a);
    CHECK_EQ_INT(mem_live_blocks(), live);
}

/* The latency from a cue to the theme's first sample, measured in the stream
 * the device plays: SDL's disk driver writes every mixed frame to a file, in
 * order, so a frame's place in the file is the mixer's clock when it was mixed.
 * With the tracks read back from the cache, the first non-silent frame after
 * the cue comes within a device buffer; the bound asserted is 100 ms (4800
 * frames). The same for a cue whose theme must be rendered first is printed. */
static void audio_test_latency(void)
{
    char raw[160];
    snprintf(raw, sizeof raw, "/tmp/curtain_audio_disk_%d.raw", (int)getpid());
    setenv("SDL_AUDIODRIVER", "disk", 1);
    setenv("SDL_DISKAUDIOFILE", raw, 1);
    static audio a;
    if (audio_open(&a, NULL) != 1) {
        printf("latency: no disk audio driver here (%s): skipped\n", a.status);
        return;
    }
    audio_music_cache(&a, cache_dir);
    audio_load_music(&a, music_dir, NULL);
    CHECK_EQ_INT(a.cached, 2);
    audio_test_wait(&a, SYNTH_RATE / 10); /* the device runs, silent */
    SDL_LockAudioDevice(a.device);
    uint64_t cue = a.mix.clock;
    SDL_UnlockAudioDevice(a.device);
    audio_cue(&a, music_set_find(audio_themes(&a), "storm"));
    audio_test_wait(&a, cue + SYNTH_RATE / 4);
    audio_stats st = audio_get_stats(&a);
    audio_close(&a);
    size_t size = 0;
    char err[256];
    char *bytes = file_read_all(raw, &size, err, sizeof err);
    CHECK(bytes != NULL);
    const int16_t *f = (const int16_t *)(const void *)bytes;
    size_t frames = bytes ? size / 4 : 0, first = frames;
    for (size_t i = 0; i < frames && first == frames; i++)
        if (f[2 * i] != 0 || f[2 * i + 1] != 0)
            first = i;
    printf("latency: cue at frame %llu, first sound at frame %zu: %lld frames (%.1f ms); "
           "the file holds %zu of %llu frames mixed\n",
           (unsigned long long)cue, first, (long long)first - (long long)cue,
           1000.0 * ((double)first - (double)cue) / SYNTH_RATE, frames,
           (unsigned long long)st.frames);
    CHECK(frames >= cue + SYNTH_RATE / 8); /* the file is the stream mixed */
    CHECK(first >= cue);                   /* silent before the cue */
    CHECK(first < frames && first - cue <= SYNTH_RATE / 10);
    mem_free(bytes);
    remove(raw);
}

/* Waits (up to ten minutes: a sanitizer's build on a loaded machine) for the
 * worker to have rendered theme i whole, not for the themes after it, which
 * audio_close stops. Returns ready[i]. */
static int audio_test_wait_ready(audio *a, int i)
{
    int ready = 0;
    for (int k = 0; k < 60000 && !ready; k++) {
        SDL_LockAudioDevice(a->device);
        ready = a->ready[i];
        SDL_UnlockAudioDevice(a->device);
        if (!ready)
            SDL_Delay(10);
    }
    return ready;
}

/* The same latency with nothing in the cache (a first launch): a shipped theme,
 * whose gain is known (audio/music_gains.h), streams. Its first piece is
 * rendered at the cue, so the first non-silent frame comes within 100 ms
 * (4800 frames) of the cue in the mixed stream, whatever the load; what is
 * heard is music_render's track, sample for sample; the worker renders the
 * rest and the theme ends up whole. */
static void audio_test_stream_latency(void)
{
    char raw[160];
    snprintf(raw, sizeof raw, "/tmp/curtain_audio_stream_%d.raw", (int)getpid());
    setenv("SDL_AUDIODRIVER", "disk", 1);
    setenv("SDL_DISKAUDIOFILE", raw, 1);
    static audio a;
    if (audio_open(&a, NULL) != 1) {
        printf("stream latency: no disk audio driver here (%s): skipped\n", a.status);
        return;
    }
    audio_music_cache(&a, NULL);
    uint64_t t0 = SDL_GetPerformanceCounter();
    audio_load_music(&a, CURTAIN_TEST_PATTERNS "/music", NULL);
    double load_ms =
        1000.0 * (double)(SDL_GetPerformanceCounter() - t0) / (double)SDL_GetPerformanceFrequency();
    int title = music_set_find(audio_themes(&a), "title");
    CHECK(title >= 0);
    if (title < 0) {
        audio_close(&a);
        return;
    }
    CHECK_EQ_INT(a.cached, 0);
    CHECK_EQ_INT(a.ready[title], 0);
    CHECK_EQ_INT(a.streamable[title], 1);
    music_track full;
    CHECK_EQ_INT(music_render(&a.music->themes[title].score, &full, NULL), 0);
    size_t lead = 0; /* the track's first sample that is not silent */
    while (lead < full.length && full.samples[lead] == 0)
        lead++;
    audio_test_wait(&a, SYNTH_RATE / 10); /* the device runs, silent */
    SDL_LockAudioDevice(a.device);
    uint64_t cue = a.mix.clock;
    SDL_UnlockAudioDevice(a.device);
    t0 = SDL_GetPerformanceCounter();
    audio_cue(&a, title);
    double cue_ms =
        1000.0 * (double)(SDL_GetPerformanceCounter() - t0) / (double)SDL_GetPerformanceFrequency();
    CHECK_EQ_INT(a.ready[title], 0); /* it streams: not rendered whole at its cue */
    audio_test_wait(&a, cue + SYNTH_RATE / 2);
    CHECK_EQ_INT(audio_test_wait_ready(&a, title), 1); /* the worker renders the rest */
    CHECK(a.tracks[title].length == full.length &&
          memcmp(a.tracks[title].samples, full.samples, full.length * sizeof *full.samples) == 0);
    audio_close(&a);
    size_t size = 0;
    char err[256];
    char *bytes = file_read_all(raw, &size, err, sizeof err);
    CHECK(bytes != NULL);
    const int16_t *f = (const int16_t *)(const void *)bytes;
    size_t frames = bytes ? size / 4 : 0, first = frames;
    for (size_t i = 0; i < frames && first == frames; i++)
        if (f[2 * i] != 0 || f[2 * i + 1] != 0)
            first = i;
    printf("stream latency, empty cache: loading the themes with their first pieces %.1f ms, "
           "the cue's own work %.1f ms; cue at frame %llu, first "
           "sound at frame %zu: %lld frames (%.1f ms), %zu of them the theme's own silent start\n",
           load_ms, cue_ms, (unsigned long long)cue, first, (long long)first - (long long)cue,
           1000.0 * ((double)first - (double)cue) / SYNTH_RATE, lead);
    CHECK(first >= cue);
    CHECK(first < frames && first - cue <= SYNTH_RATE / 10);
    /* What was heard of the piece rendered at the cue is the track's, exactly
     * (full volume, centred: a frame is the sample on both sides). */
    int same = first < frames;
    for (size_t k = 0; same && k + lead < SYNTH_RATE / 4 && first + k < frames; k++)
        same = f[2 * (first + k)] == full.samples[lead + k] &&
               f[2 * (first + k) + 1] == full.samples[lead + k];
    CHECK(same);
    music_track_free(&full);
    mem_free(bytes);
    remove(raw);
}

static void audio_test_cache_cleanup(void)
{
    char path[256];
    static const char *const names[] = {"calm", "storm"};
    for (int i = 0; i < 2; i++) {
        snprintf(path, sizeof path, "%s/%s.mml", music_dir, names[i]);
        remove(path);
        snprintf(path, sizeof path, "%s/%s.track", cache_dir, names[i]);
        remove(path);
    }
    rmdir(music_dir);
    rmdir(cache_dir);
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
    audio_test_themes();
    audio_test_cache();
    audio_test_latency();
    audio_test_stream_latency();
    audio_test_cache_cleanup();
    audio_test_no_device();
    SDL_Quit();
    return check_done("platform audio");
}
