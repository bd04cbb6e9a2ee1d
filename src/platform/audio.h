/*
 * audio: plays curtain's sound through SDL's audio API.
 *
 * audio_open synthesizes the effects (audio/sfx) and the music loop (audio/music)
 * and opens the default audio device at 48 kHz, 16-bit stereo (SDL converts to
 * whatever the device wants); SDL's callback runs audio/mixer. Without a device
 * (SDL_AUDIODRIVER=dummy plays into nothing; a driver or device that cannot open
 * leaves curtain silent) the game runs the same: every call is safe and the sound
 * is simply not heard. The reason is kept in audio.status.
 *
 * The game calls audio_play from its own thread; the device lock is held around
 * every touch of the mixer. An open audio must stay where it is in memory: the
 * callback holds its address.
 */
#ifndef CURTAIN_PLATFORM_AUDIO_H
#define CURTAIN_PLATFORM_AUDIO_H

#include "audio/mixer.h"
#include "audio/music.h"
#include "audio/sfx.h"

#include <SDL.h>

struct options; /* game/options.h; not included, so that its type name stays out of the way */

typedef struct audio {
    SDL_AudioDeviceID device; /* 0: silent */
    sfx_bank bank;
    music_track music;
    mixer mix;
    int music_voice;  /* -1 when the music is not playing */
    char status[192]; /* "48000 Hz, 2 channels, pulseaudio" or why it is silent */
} audio;

/* The mixer's counters, copied under the lock. */
typedef struct audio_stats {
    uint64_t played, refused, limited, clipped;
    uint64_t frames; /* frames mixed since opening */
    int voices;      /* playing now */
} audio_stats;

/* Opens the device and synthesizes the sounds, with the volumes of o (may be NULL).
 * Returns 1 with sound, 0 silent (the reason in a->status). Never fails otherwise. */
int audio_open(audio *a, const struct options *o);
void audio_close(audio *a);
/* 1 if a device is open and sound can be heard. */
int audio_live(const audio *a);

/* Takes the master, effects and music volumes from the options; applies at once. */
void audio_apply_options(audio *a, const struct options *o);
/* Plays an effect. volume from 0 to 1 on top of the effects volume; pan from -1 (left)
 * to 1 (right), e.g. from the x position of what made the sound. */
void audio_play(audio *a, sfx_id id, float volume, float pan);
/* Starts (on = 1) or stops the music loop. */
void audio_music(audio *a, int on);
audio_stats audio_get_stats(audio *a);

#endif
