/*
 * audio: the SDL device, its callback, and the locked calls into the mixer (see audio.h).
 */
#include "platform/audio.h"

#include "audio/synth.h"
#include "audio/track_cache.h"
#include "core/log.h"
#include "core/mem.h"
#include "game/options.h"

#include <stdio.h>
#include <string.h>

#define AUDIO_BUFFER_FRAMES 1024 /* about 21 ms at 48 kHz */
#define AUDIO_MUSIC_ID      (MIXER_SOUNDS - 1)
#define AUDIO_MUSIC_FADE    (SYNTH_RATE / 8) /* samples a theme takes to fade when cut off */
#define AUDIO_MUSIC_LEAD    (SYNTH_RATE / 4) /* samples of a streamed theme rendered at its cue */

/* SDL's audio thread: fill the device's buffer from the mixer. */
static void audio_callback(void *user, Uint8 *stream, int len)
{
    audio *a = user;
    mixer_mix(&a->mix, (int16_t *)(void *)stream, (size_t)len / (2 * sizeof(int16_t)));
}

/* Leaves a silent: closes what was opened and says why. */
static int audio_go_silent(audio *a, const char *why)
{
    if (a->device) {
        SDL_CloseAudioDevice(a->device);
        a->device = 0;
    }
    if (SDL_WasInit(SDL_INIT_AUDIO))
        SDL_QuitSubSystem(SDL_INIT_AUDIO);
    sfx_bank_free(&a->bank);
    snprintf(a->status, sizeof a->status, "no sound: %s", why);
    log_warn("%s; the game goes on silent", a->status);
    return 0;
}

int audio_open(audio *a, const options *o)
{
    memset(a, 0, sizeof *a);
    a->music_voice = -1;
    a->want = a->playing = -1;
    mixer_init(&a->mix);
    if (o)
        audio_apply_options(a, o);
    char why[160];
    if (SDL_InitSubSystem(SDL_INIT_AUDIO) != 0) {
        snprintf(why, sizeof why, "cannot start SDL audio (%s)", SDL_GetError());
        return audio_go_silent(a, why);
    }
    if (sfx_bank_init(&a->bank) != 0)
        return audio_go_silent(a, "out of memory for the sounds");
    SDL_AudioSpec want = {0}, have;
    want.freq = SYNTH_RATE;
    want.format = AUDIO_S16SYS;
    want.channels = 2;
    want.samples = AUDIO_BUFFER_FRAMES;
    want.callback = audio_callback;
    want.userdata = a;
    /* No changes allowed: SDL converts to what the device really takes. */
    a->device = SDL_OpenAudioDevice(NULL, 0, &want, &have, 0);
    if (!a->device) {
        snprintf(why, sizeof why, "cannot open an audio device (%s)", SDL_GetError());
        return audio_go_silent(a, why);
    }
    a->render = SDL_CreateMutex(); /* none: themes are rendered whole before they play */
    snprintf(a->status, sizeof a->status, "%d Hz, %d channels, %s", have.freq, have.channels,
             SDL_GetCurrentAudioDriver());
    SDL_PauseAudioDevice(a->device, 0);
    return 1;
}

/* Stops the worker and frees the themes and their tracks. */
static void audio_free_music(audio *a)
{
    a->pending = 0;
    if (a->worker) {
        atomic_store(&a->stop, 1);
        SDL_WaitThread(a->worker, NULL);
        a->worker = NULL;
    }
    if (a->device)
        SDL_LockAudioDevice(a->device);
    mixer_stop_bus(&a->mix, MIXER_BUS_MUSIC); /* no voice may play a freed track */
    a->music_voice = -1;
    for (int i = 0; i < MUSIC_THEMES; i++) {
        music_track_free(&a->tracks[i]);
        if (a->streams[i]) {
            music_stream_free(a->streams[i]);
            mem_free(a->streams[i]);
            a->streams[i] = NULL;
        }
    }
    if (a->device)
        SDL_UnlockAudioDevice(a->device);
    memset(a->streamable, 0, sizeof a->streamable);
    memset(a->streamed, 0, sizeof a->streamed);
    memset(a->ready, 0, sizeof a->ready);
    memset(a->failed, 0, sizeof a->failed);
    if (a->music) {
        music_set_free(a->music);
        mem_free(a->music);
        a->music = NULL;
    }
    a->want = a->playing = -1;
}

void audio_close(audio *a)
{
    audio_free_music(a);
    if (a->device) {
        SDL_CloseAudioDevice(a->device); /* stops the callback first */
        SDL_QuitSubSystem(SDL_INIT_AUDIO);
    }
    audio_free_music(a);
    sfx_bank_free(&a->bank);
    if (a->render)
        SDL_DestroyMutex(a->render);
    a->render = NULL;
    a->device = 0;
    a->music_voice = -1;
}

int audio_live(const audio *a)
{
    return a->device != 0;
}

void audio_apply_options(audio *a, const options *o)
{
    if (a->device)
        SDL_LockAudioDevice(a->device);
    mixer_set_volume(&a->mix, o->master_volume / 100.0f, o->effects_volume / 100.0f,
                     o->music_volume / 100.0f);
    if (a->device)
        SDL_UnlockAudioDevice(a->device);
}

void audio_play(audio *a, sfx_id id, float volume, float pan)
{
    if (id < SFX_COUNT)
        audio_play_id(a, (int)id, volume, pan);
}

int audio_sound_id(const audio *a, const char *name)
{
    return sfx_bank_find(&a->bank, name);
}

void audio_play_id(audio *a, int id, float volume, float pan)
{
    if (!a->device)
        return;
    SDL_LockAudioDevice(a->device);
    sfx_sound s = sfx_bank_sound(&a->bank, id); /* under the lock: files may be replaced */
    mixer_sound ms = {s.samples, s.length, s.min_gap, id, 0, 0};
    if (s.samples && id < AUDIO_MUSIC_ID)
        mixer_play(&a->mix, &ms, volume, pan, MIXER_BUS_EFFECTS, 0);
    SDL_UnlockAudioDevice(a->device);
}

int audio_load_sounds(audio *a, const char *const *names, const char *const *paths, int count,
                      void (*report)(void *ctx, int k, const char *why), void *ctx)
{
    /* Read into a bank of files alone, then swapped in under the lock: the
     * callback never sees a half-read file, nor waits for the reading. */
    static sfx_bank fresh; /* the files only; one loader at a time (the game's thread) */
    memset(&fresh, 0, sizeof fresh);
    int failed = 0;
    for (int k = 0; k < count; k++) {
        char err[512];
        if (sfx_bank_add_file(&fresh, names[k], paths[k], err, sizeof err) != 0) {
            failed++;
            if (report)
                report(ctx, k, err);
        }
    }
    if (a->device)
        SDL_LockAudioDevice(a->device);
    mixer_stop_bus(&a->mix, MIXER_BUS_EFFECTS); /* no voice may play a freed file */
    sfx_file old[SFX_FILE_MAX];
    memcpy(old, a->bank.files, sizeof old);
    int old_count = a->bank.file_count;
    memcpy(a->bank.files, fresh.files, sizeof fresh.files);
    a->bank.file_count = fresh.file_count;
    if (a->device)
        SDL_UnlockAudioDevice(a->device);
    for (int k = 0; k < old_count; k++)
        mem_free(old[k].samples);
    return failed;
}

/* Starts theme i on the music bus, the lock held; what played fades out. A
 * theme being streamed plays what is rendered of it and waits for the rest. */
static void audio_start_theme(audio *a, int i)
{
    mixer_fade_bus(&a->mix, MIXER_BUS_MUSIC, AUDIO_MUSIC_FADE);
    a->music_voice = -1;
    a->playing = -1;
    if (i < 0 || (!a->ready[i] && !a->streamed[i]))
        return;
    const music_track *t = a->ready[i] ? &a->tracks[i] : &a->streams[i]->track;
    mixer_sound ms = {t->samples,     t->length, 0,
                      AUDIO_MUSIC_ID, t->loop,   a->ready[i] ? 0 : a->streamed[i]};
    a->music_voice = mixer_play(&a->mix, &ms, 1.0f, 0.0f, MIXER_BUS_MUSIC, 1);
    a->playing = a->music_voice >= 0 ? i : -1;
}

/* Renders theme i's stream on to at least upto samples (a piece when upto is
 * 0), starting it first if need be, and says so to the mixer: the render lock
 * held, not the device's. Returns 1 when the track is whole (then ready, and
 * kept for the next launch), 0 when there is more, -1 when out of memory. */
static int audio_stream_on(audio *a, int i, size_t upto)
{
    music_stream *m = a->streams[i];
    if (!m) {
        m = mem_alloc(sizeof *m);
        if (!m || music_stream_start(m, &a->music->themes[i].score, a->scales[i]) != 0) {
            mem_free(m);
            return -1;
        }
        SDL_LockAudioDevice(a->device);
        a->streams[i] = m;
        SDL_UnlockAudioDevice(a->device);
    }
    size_t done = m->done;
    do
        done = music_stream_render(m, MUSIC_STREAM_CHUNK);
    while (done < upto && done < m->track.length);
    int whole = done >= m->track.length;
    SDL_LockAudioDevice(a->device);
    a->streamed[i] = (uint32_t)done;
    mixer_extend(&a->mix, m->track.samples, (uint32_t)done);
    if (whole) { /* the track is the theme's now; the voices play the same samples */
        a->tracks[i] = m->track;
        memset(&m->track, 0, sizeof m->track);
        a->ready[i] = 1;
        a->streams[i] = NULL;
    }
    SDL_UnlockAudioDevice(a->device);
    if (whole) {
        music_stream_free(m);
        mem_free(m);
        char err[512];
        if (a->cache[0] && a->keys[i] &&
            track_cache_save(a->cache, &a->music->themes[i], a->keys[i], &a->tracks[i], err,
                             sizeof err) != 0)
            log_warn("music: not kept for the next launch: %s", err);
    }
    return whole;
}

/* One piece of theme i's stream, for the worker. Returns 0, or -1 (failed). */
static int audio_worker_stream(audio *a, int i)
{
    SDL_LockMutex(a->render);
    int rc = a->ready[i] ? 1 : audio_stream_on(a, i, 0);
    SDL_UnlockMutex(a->render);
    if (rc < 0) {
        SDL_LockAudioDevice(a->device);
        a->failed[i] = 1;
        SDL_UnlockAudioDevice(a->device);
        log_warn("music: %s:1:1: out of memory for the track", a->music->themes[i].path);
        return -1;
    }
    return 0;
}

/* The next theme to render, the lock held: the one cued, else the first left. */
static int audio_next_render(const audio *a)
{
    if (a->want >= 0 && !a->ready[a->want] && !a->failed[a->want])
        return a->want;
    for (int i = 0; a->music && i < a->music->count; i++) /* a stream begun goes on */
        if (a->streams[i] && !a->ready[i] && !a->failed[i])
            return i;
    for (int i = 0; a->music && i < a->music->count; i++)
        if (!a->ready[i] && !a->failed[i])
            return i;
    return -1;
}

/* The worker: renders the themes one by one, each published under the lock.
 * The theme cued and waited for renders at the game's own priority; the
 * others, ahead of their cues, at a low one (the game's frames come first). */
static int audio_worker(void *user)
{
    audio *a = user;
    while (!atomic_load(&a->stop)) {
        SDL_LockAudioDevice(a->device);
        int i = audio_next_render(a);
        int cued = i >= 0 && i == a->want;
        SDL_UnlockAudioDevice(a->device);
        SDL_SetThreadPriority(cued ? SDL_THREAD_PRIORITY_NORMAL : SDL_THREAD_PRIORITY_LOW);
        if (i < 0)
            break;
        if (a->streamable[i]) {
            audio_worker_stream(a, i);
            continue;
        }
        music_track t;
        char err[512];
        int rc = music_theme_render(&a->music->themes[i], &t, &a->stop, err, sizeof err);
        if (rc != 0 && atomic_load(&a->stop))
            break;
        if (rc == 0 && a->cache[0] && a->keys[i] &&
            track_cache_save(a->cache, &a->music->themes[i], a->keys[i], &t, err, sizeof err) != 0)
            log_warn("music: not kept for the next launch: %s", err);
        SDL_LockAudioDevice(a->device);
        if (rc == 0) {
            a->tracks[i] = t;
            a->ready[i] = 1;
            if (a->want == i)
                audio_start_theme(a, i);
        } else {
            a->failed[i] = 1;
            log_warn("music: %s", err);
        }
        SDL_UnlockAudioDevice(a->device);
    }
    return 0;
}

int audio_load_music(audio *a, const char *dir, const char *mod_dir)
{
    audio_free_music(a);
    a->music = mem_alloc(sizeof *a->music);
    if (!a->music) {
        log_warn("music: out of memory for the scores");
        return 0;
    }
    music_set_load(a->music, dir, mod_dir);
    for (int i = 0; i < a->music->error_count && i < MUSIC_ERRORS; i++)
        log_warn("music: %s", a->music->errors[i]);
    a->cached = 0;
    for (int i = 0; a->device && i < a->music->count; i++) { /* before the first frame */
        a->keys[i] = a->cache[0] ? track_cache_key(&a->music->themes[i]) : 0;
        music_track t;
        if (a->keys[i] && track_cache_load(a->cache, &a->music->themes[i], a->keys[i], &t) == 0) {
            SDL_LockAudioDevice(a->device); /* nothing plays them yet: for form's sake */
            a->tracks[i] = t;
            a->ready[i] = 1;
            SDL_UnlockAudioDevice(a->device);
            a->cached++;
        }
    }
    for (int i = 0; a->device && i < a->music->count; i++) { /* their first pieces, now */
        a->streamable[i] = a->render && !a->ready[i] && !a->music->themes[i].ogg &&
                           music_known_scale(&a->music->themes[i].score, &a->scales[i]);
        if (!a->streamable[i])
            continue;
        SDL_LockMutex(a->render); /* no worker runs yet: for form's sake */
        if (audio_stream_on(a, i, AUDIO_MUSIC_LEAD) < 0)
            a->streamable[i] = 0; /* out of memory: rendered whole, if it can be */
        SDL_UnlockMutex(a->render);
    }
    if (a->cached)
        log_debug("music: %d of %d themes read back from %s", a->cached, a->music->count, a->cache);
    int left = 0;
    for (int i = 0; i < a->music->count; i++)
        left += !a->ready[i];
    a->pending = a->device && left > 0; /* the worker starts at the first cue, with it */
    return a->music->error_count;
}

void audio_music_cache(audio *a, const char *dir)
{
    snprintf(a->cache, sizeof a->cache, "%s", dir ? dir : "");
}

const music_set *audio_themes(const audio *a)
{
    static const music_set empty;
    return a->music ? a->music : &empty;
}

/* Starts the worker that renders the themes not read back, once. */
static void audio_start_worker(audio *a)
{
    if (!a->pending)
        return;
    a->pending = 0;
    atomic_store(&a->stop, 0);
    a->worker = SDL_CreateThread(audio_worker, "curtain music", a);
    if (!a->worker)
        log_warn("music: cannot start the thread that renders it (%s)", SDL_GetError());
}

void audio_cue(audio *a, int theme)
{
    if (!a->device || !a->music || theme >= a->music->count)
        return;
    int short_of_lead = 0; /* primed at load: this is a safety net */
    if (theme >= 0 && a->streamable[theme]) {
        SDL_LockAudioDevice(a->device);
        short_of_lead =
            !a->ready[theme] && !a->failed[theme] && a->streamed[theme] < AUDIO_MUSIC_LEAD;
        SDL_UnlockAudioDevice(a->device);
    }
    if (short_of_lead) { /* its first piece, now */
        SDL_LockMutex(a->render);
        if (!a->ready[theme] && !a->failed[theme] && a->streamed[theme] < AUDIO_MUSIC_LEAD &&
            audio_stream_on(a, theme, AUDIO_MUSIC_LEAD) < 0) {
            SDL_LockAudioDevice(a->device);
            a->failed[theme] = 1;
            SDL_UnlockAudioDevice(a->device);
            log_warn("music: %s:1:1: out of memory for the track", a->music->themes[theme].path);
        }
        SDL_UnlockMutex(a->render);
    }
    SDL_LockAudioDevice(a->device);
    a->want = theme;
    if (theme != a->playing)
        audio_start_theme(a, theme); /* neither rendered nor streamed: the worker starts it */
    SDL_UnlockAudioDevice(a->device);
    audio_start_worker(a); /* the first cue: its theme is rendered first */
}

void audio_wait_music(audio *a)
{
    audio_start_worker(a);
    if (a->worker) {
        SDL_WaitThread(a->worker, NULL);
        a->worker = NULL;
    }
}

audio_stats audio_get_stats(audio *a)
{
    audio_stats st = {0};
    if (a->device)
        SDL_LockAudioDevice(a->device);
    st.played = a->mix.played;
    st.refused = a->mix.refused;
    st.limited = a->mix.limited;
    st.clipped = a->mix.clipped;
    st.frames = a->mix.clock;
    st.voices = mixer_active(&a->mix);
    if (a->device)
        SDL_UnlockAudioDevice(a->device);
    return st;
}
