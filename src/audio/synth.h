/*
 * synth: the sound generator behind every effect and the music.
 *
 * A sound is a list of layers added together. A layer is one oscillator (sine,
 * triangle, square, saw, or noise) with an exponential pitch glide, an amplitude
 * envelope (linear attack, exponential decay, linear release), an optional
 * resonant low-pass filter whose cutoff glides too, an optional high-pass, and an
 * optional vibrato. Square and saw are band-limited (polyBLEP) so they do not
 * alias into harshness; noise is sample-and-hold at the layer's frequency, so a
 * low frequency rumbles and a high one hisses.
 *
 * Rendering uses only +, -, *, / and core/trig, and noise comes from a seeded
 * core/rng: the same layers give the same samples, bit for bit, on every run and
 * build type.
 */
#ifndef CURTAIN_AUDIO_SYNTH_H
#define CURTAIN_AUDIO_SYNTH_H

#include "core/rng.h"

#include <stddef.h>
#include <stdint.h>

#define SYNTH_RATE 48000 /* samples per second, everywhere in curtain's audio */

typedef enum synth_wave {
    SYNTH_SINE,
    SYNTH_TRIANGLE,
    SYNTH_SQUARE,
    SYNTH_SAW,
    SYNTH_NOISE,
} synth_wave;

typedef struct synth_layer {
    synth_wave wave;
    float start, length;    /* seconds from the start of the sound */
    float freq0, freq1;     /* Hz, glides exponentially from freq0 to freq1 over length */
    float gain;             /* peak amplitude before the sound is normalised */
    float attack;           /* seconds of linear fade-in */
    float decay;            /* seconds for the level to fall to 1/e (0: no decay) */
    float release;          /* seconds of linear fade-out at the end */
    float cutoff0, cutoff1; /* low-pass cutoff glide in Hz (0: no low-pass) */
    float resonance;        /* low-pass resonance from 0 (none) to about 0.9 */
    float highpass;         /* high-pass corner in Hz (0: none) */
    float duty;             /* square wave duty cycle (0 means 0.5) */
    float vibrato_hz;       /* vibrato speed (0: none) */
    float vibrato_depth;    /* vibrato depth, in fractions of the frequency */
} synth_layer;

/* A layer's oscillator while it renders. */
typedef struct synth_osc {
    double phase; /* in [0, 1) */
    double held;  /* the current noise value */
    rng noise;
} synth_osc;

/* A state-variable low-pass in the trapezoidal (zero-delay feedback) form, stable at
 * any cutoff and resonance, unlike the classic Chamberlin filter. */
typedef struct synth_filter {
    double ic1, ic2;   /* the two integrators' states */
    double a1, a2, a3; /* coefficients for the current cutoff */
    double k;          /* damping: 2 is none, towards 0 rings */
} synth_filter;

/* One layer rendering piece by piece: everything it carries from one sample to
 * the next, so that rendering it in pieces gives the very samples (bit for bit)
 * of rendering it whole (audio/music streams a track so). */
typedef struct synth_voice {
    const synth_layer *layer;
    size_t i, n; /* the next sample of the layer, and its length */
    synth_osc osc;
    synth_filter lp;
    double hp_a, hp_prev_in, hp_out;
    double freq, fstep, cut, cstep, level, dstep, duty;
} synth_voice;

/* Where a layer starts in a sound of length samples and how many samples of it
 * fall inside (0: none), as synth_render places it. */
void synth_layer_span(const synth_layer *l, size_t length, size_t *start, size_t *n);
/* Starts rendering layer l (kept by pointer) over n samples with the noise seed
 * synth_render gives it (rng_mix64 of its seed plus the layer's index). */
void synth_voice_start(synth_voice *v, const synth_layer *l, size_t n, uint64_t seed);
/* Adds the voice's next count samples (fewer at its end) into out. */
void synth_voice_render(synth_voice *v, float *out, size_t count);

/* The number of samples a sound of these layers lasts. */
size_t synth_length(const synth_layer *layers, int count);

/* Adds the layers into out (length samples, zeroed by the caller), using seed for
 * the noise. */
void synth_render(float *out, size_t length, const synth_layer *layers, int count, uint64_t seed);

/* Scales buf so that its largest magnitude is peak and converts to 16-bit samples.
 * With fade_ends, the first and last millisecond fade in and out (no clicks); a
 * loop, whose end joins its start, leaves them alone. */
void synth_finish(const float *buf, size_t length, float peak, int fade_ends, int16_t *out);

/* Deterministic e^x and natural logarithm (x > 0), for envelopes and glides. */
double synth_exp(double x);
double synth_log(double x);

#endif
