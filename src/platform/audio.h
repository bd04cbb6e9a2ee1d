/*
 * audio: plays curtain's sound through SDL's audio API.
 *
 * audio_open synthesizes the effects (audio/sfx) and opens the default audio device at 48 kHz,
 * 16-bit stereo (SDL converts to whatever the device wants); SDL's callback runs audio/mixer.
 * Without a device (SDL_AUDIODRIVER=dummy plays into nothing; a driver or device that cannot open
 * leaves curtain silent) the game runs the same: every call is safe and the sound
 * is simply not heard. The reason is kept in audio.status.
 *
 * The music (audio/music) is loaded apart, by audio_load_music: the scores are
 * read at once (their errors kept for the game to show), the tracks a launch
 * before rendered are read back from the user's music-cache/ (audio/track_cache,
 * when audio_music_cache named it), and each other theme whose gain is known
 * (audio/music_gains.h) has its first AUDIO_MUSIC_LEAD samples (250 ms) streamed
 * (music_stream) before the load returns. A worker thread, started by the first
 * cue, renders the rest one by one, the one cued first (at the game's priority;
 * the others at a low one): a streamed theme in pieces ahead of its play head,
 * another (a mod's score) whole; it keeps each finished track in the cache. So
 * the game never waits for a track: a cue of a theme read back or streamed
 * starts it in the device's next buffer (AUDIO_BUFFER_FRAMES, about 21 ms;
 * platform.audio measures it with the cache full and empty), and a cue of a
 * theme rendered whole and not yet ready plays it as soon as it is.
 *
 * The game calls audio_play from its own thread; the device lock is held around
 * every touch of the mixer and of the rendered tracks. An open audio must stay
 * where it is in memory: the callback and the worker hold its address.
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
    music_set *music; /* the themes' scores (NULL: none loaded) */
    /* Rendered by the worker; a track is set and then ready[i] under the lock. */
    music_track tracks[MUSIC_THEMES];
    uint8_t ready[MUSIC_THEMES], failed[MUSIC_THEMES];
    uint64_t keys[MUSIC_THEMES]; /* each theme's track_cache key (0: not kept) */
    /* A theme whose gain is known (audio/music_gains.h) streams: its first
     * piece is rendered at its cue, the worker renders the rest ahead of the
     * play head. streams[i] is made and freed, and streamed[i] (its samples
     * rendered) set, under render and then the device lock. */
    uint8_t streamable[MUSIC_THEMES];
    double scales[MUSIC_THEMES];
    music_stream *streams[MUSIC_THEMES];
    uint32_t streamed[MUSIC_THEMES];
    SDL_mutex *render; /* one stream renders at a time */
    char cache[1024];  /* the tracks' folder ("" : none) */
    int cached;        /* themes read back from it by the last load */
    int pending;       /* themes to render: the worker starts at the first cue */
    SDL_Thread *worker;
    atomic_int stop; /* asks the worker to finish */
    int want;        /* the theme cued (-1: none), under the lock */
    int playing;     /* the theme on the music bus (-1: none) */
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
/* The id of a sound's name (a built-in one's, or a file sound's that
 * audio_load_sounds added), for audio_play_id; -1 if there is none. */
int audio_sound_id(const audio *a, const char *name);
/* Plays a sound by the id audio_sound_id gave (an unknown id plays nothing). */
void audio_play_id(audio *a, int id, float volume, float pan);
/* Replaces the mod's sound files by count files (names[k] read from paths[k],
 * a WAV each: audio/wav), decoded before the lock is taken; the effects
 * playing stop. A file that cannot be read is left out, its reason passed to
 * report (may be NULL) with its index. Returns the number left out. */
int audio_load_sounds(audio *a, const char *const *names, const char *const *paths, int count,
                      void (*report)(void *ctx, int k, const char *why), void *ctx);
/* The folder rendered tracks are kept in and read back from (NULL: none), for
 * the next audio_load_music. */
void audio_music_cache(audio *a, const char *dir);
/* Reads the themes of dir (the data folder's patterns/music) and mod_dir's music/
 * (may be NULL) and, with a device, reads back the cached ones and streams the
 * first piece of the others. Returns the number of
 * scores with errors (their messages in a->music->errors). */
int audio_load_music(audio *a, const char *dir, const char *mod_dir);
/* The set of themes (empty when none were loaded). */
const music_set *audio_themes(const audio *a);
/* Plays a theme (an index into audio_themes), from its start and then looping;
 * -1 stops the music. The theme already playing goes on undisturbed. */
void audio_cue(audio *a, int theme);
/* Waits until every theme is rendered (tests, tools); starts the worker if no
 * cue has. */
void audio_wait_music(audio *a);
audio_stats audio_get_stats(audio *a);

#endif
