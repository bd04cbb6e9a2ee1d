/*
 * mixer: adds playing sounds together into the stereo stream the audio device plays.
 *
 * A fixed number of voices, each playing one mono 16-bit sound with its own volume
 * and pan, on one of two buses (effects, music) whose volumes, like the master
 * volume, apply at once to what is playing. Mixing sums in 32 bits and clamps to
 * 16, counting the samples that had to be clamped.
 *
 * Overflow policy: when every voice is busy, a new sound is refused and counted
 * (mixer.refused); a sound started again sooner than its min_gap after its last
 * start is refused and counted (mixer.limited), so a shot fired every few frames
 * or a burst of grazes stays one clean sound instead of a pile.
 *
 * The mixer needs no SDL: platform/audio calls mixer_mix from the device callback
 * and holds the device lock around the other calls.
 */
#ifndef CURTAIN_AUDIO_MIXER_H
#define CURTAIN_AUDIO_MIXER_H

#include <stddef.h>
#include <stdint.h>

#define MIXER_VOICES 24
#define MIXER_SOUNDS 64 /* sound ids the rate limiter tracks: 0 .. MIXER_SOUNDS-1 */

typedef enum mixer_bus {
    MIXER_BUS_EFFECTS,
    MIXER_BUS_MUSIC,
    MIXER_BUS_COUNT,
} mixer_bus;

/* A sound to play: samples owned elsewhere, alive while the mixer may play them. */
typedef struct mixer_sound {
    const int16_t *samples;
    uint32_t length;     /* samples */
    uint32_t min_gap;    /* samples between two starts of this id (0: no limit) */
    int id;              /* for the rate limiter: 0 .. MIXER_SOUNDS-1 */
    uint32_t loop_start; /* a loop goes on from this sample (a track's intro plays once) */
    uint32_t ready;      /* samples rendered so far, from the start (0: all of them) */
} mixer_sound;

typedef struct mixer_voice {
    const int16_t *samples;      /* NULL: the voice is free */
    uint32_t length, ready, pos; /* ready: the samples there are to play yet (a stream) */
    uint32_t loop_start;         /* where a loop goes on from at its end */
    uint32_t fade, fade_len;     /* fading out: fade samples left of fade_len (0: not fading) */
    float volume, pan;           /* pan from -1 (left) to 1 (right) */
    int bus;
    int loop;
} mixer_voice;

typedef struct mixer {
    mixer_voice voices[MIXER_VOICES];
    float master;               /* 0 .. 1 */
    float bus[MIXER_BUS_COUNT]; /* 0 .. 1 */
    uint64_t clock;             /* frames mixed so far */
    uint64_t last_start[MIXER_SOUNDS];
    uint8_t started[MIXER_SOUNDS]; /* last_start is valid */
    uint64_t played;               /* sounds started */
    uint64_t refused;              /* refused: every voice was busy */
    uint64_t limited;              /* refused: started again too soon */
    uint64_t clipped;              /* output samples clamped to 16 bits */
} mixer;

/* Full volumes, no voices playing. */
void mixer_init(mixer *m);
/* Starts a sound. volume from 0 to 1, pan from -1 to 1; loop repeats it until stopped.
 * Returns the voice number, or -1 if refused (counted as above). */
int mixer_play(mixer *m, const mixer_sound *s, float volume, float pan, mixer_bus bus, int loop);
void mixer_stop(mixer *m, int voice);
/* More of a sound being rendered is there to play: ready samples from its start
 * (for every voice playing samples). A voice that reaches the samples not yet
 * rendered waits there, silent, and goes on once they are. */
void mixer_extend(mixer *m, const int16_t *samples, uint32_t ready);
/* Stops every voice on a bus. */
void mixer_stop_bus(mixer *m, mixer_bus bus);
/* Fades every voice on a bus out over samples samples, then stops it (0: at once),
 * so that music cut off mid-note does not click. */
void mixer_fade_bus(mixer *m, mixer_bus bus, uint32_t samples);
/* Volumes from 0 to 1 (clamped); they apply to what is already playing. */
void mixer_set_volume(mixer *m, float master, float effects, float music);
/* The number of voices playing now. */
int mixer_active(const mixer *m);
/* Mixes frames stereo frames (interleaved left, right) into out, replacing it. */
void mixer_mix(mixer *m, int16_t *out, size_t frames);

#endif
