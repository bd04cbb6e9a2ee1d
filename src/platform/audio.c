/*
 * audio: the SDL device, its callback, and the locked calls into the mixer (see audio.h).
 */
#include "platform/audio.h"

#include "audio/synth.h"
#include "core/log.h"
#include "game/options.h"

#include <stdio.h>
#include <string.h>

#define AUDIO_BUFFER_FRAMES 1024 /* about 21 ms at 48 kHz */
#define AUDIO_MUSIC_ID      (MIXER_SOUNDS - 1)

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
    music_track_free(&a->music);
    snprintf(a->status, sizeof a->status, "no sound: %s", why);
    log_warn("%s; the game goes on silent", a->status);
    return 0;
}

int audio_open(audio *a, const options *o)
{
    memset(a, 0, sizeof *a);
    a->music_voice = -1;
    mixer_init(&a->mix);
    if (o)
        audio_apply_options(a, o);
    char why[160];
    if (SDL_InitSubSystem(SDL_INIT_AUDIO) != 0) {
        snprintf(why, sizeof why, "cannot start SDL audio (%s)", SDL_GetError());
        return audio_go_silent(a, why);
    }
    if (sfx_bank_init(&a->bank) != 0 || music_track_init(&a->music) != 0)
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
    snprintf(a->status, sizeof a->status, "%d Hz, %d channels, %s", have.freq, have.channels,
             SDL_GetCurrentAudioDriver());
    SDL_PauseAudioDevice(a->device, 0);
    return 1;
}

void audio_close(audio *a)
{
    if (a->device) {
        SDL_CloseAudioDevice(a->device); /* stops the callback first */
        SDL_QuitSubSystem(SDL_INIT_AUDIO);
    }
    sfx_bank_free(&a->bank);
    music_track_free(&a->music);
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
    if (!a->device || id >= SFX_COUNT)
        return;
    const sfx_sound *s = &a->bank.sounds[id];
    mixer_sound ms = {s->samples, s->length, s->min_gap, (int)id};
    SDL_LockAudioDevice(a->device);
    mixer_play(&a->mix, &ms, volume, pan, MIXER_BUS_EFFECTS, 0);
    SDL_UnlockAudioDevice(a->device);
}

void audio_music(audio *a, int on)
{
    if (!a->device || on == (a->music_voice >= 0))
        return;
    SDL_LockAudioDevice(a->device);
    if (on) {
        mixer_sound ms = {a->music.samples, a->music.length, 0, AUDIO_MUSIC_ID};
        a->music_voice = mixer_play(&a->mix, &ms, 1.0f, 0.0f, MIXER_BUS_MUSIC, 1);
    } else {
        mixer_stop_bus(&a->mix, MIXER_BUS_MUSIC);
        a->music_voice = -1;
    }
    SDL_UnlockAudioDevice(a->device);
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
