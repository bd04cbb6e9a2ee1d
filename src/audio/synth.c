/*
 * synth: oscillators, envelopes and filters for the procedural sounds (see synth.h).
 */
#include "audio/synth.h"

#include "core/rng.h"
#include "core/trig.h"

#include <math.h>
#include <string.h>

/* e^x: halve x until it is small, sum the series, square back up. Only +, -, *, /. */
double synth_exp(double x)
{
    if (x < -700.0)
        return 0.0;
    if (x > 700.0)
        x = 700.0;
    int halvings = 0;
    while (x > 0.5 || x < -0.5) {
        x *= 0.5;
        halvings++;
    }
    double term = 1.0, sum = 1.0;
    for (int n = 1; n < 20; n++) {
        term *= x / n;
        sum += term;
    }
    while (halvings-- > 0)
        sum *= sum;
    return sum;
}

/* ln x: take out powers of two, then ln m = 2 atanh((m - 1) / (m + 1)) by its series. */
double synth_log(double x)
{
    if (!(x > 0.0))
        return -745.0;
    int twos = 0;
    while (x > 1.5) {
        x *= 0.5;
        twos++;
    }
    while (x < 0.75) {
        x *= 2.0;
        twos--;
    }
    double z = (x - 1.0) / (x + 1.0), z2 = z * z, term = z, sum = 0.0;
    for (int n = 1; n < 40; n += 2) {
        sum += term / n;
        term *= z2;
    }
    return 2.0 * sum + twos * 0.69314718055994530942;
}

size_t synth_length(const synth_layer *layers, int count)
{
    double end = 0.0;
    for (int i = 0; i < count; i++) {
        double e = (double)layers[i].start + (double)layers[i].length;
        end = e > end ? e : end;
    }
    return (size_t)(end * SYNTH_RATE + 0.5);
}

/* The polyBLEP correction around a discontinuity at phase 0 (t in [0, 1), dt the
 * phase step): smooths the jump over one sample on each side. */
static double synth_blep(double t, double dt)
{
    if (t < dt) {
        t /= dt;
        return t + t - t * t - 1.0;
    }
    if (t > 1.0 - dt) {
        t = (t - 1.0) / dt;
        return t * t + t + t + 1.0;
    }
    return 0.0;
}

/* One sample of the oscillator at phase step dt, then advances it. */
static double synth_osc_step(synth_osc *o, synth_wave wave, double dt, double duty)
{
    double p = o->phase, v = 0.0;
    switch (wave) {
    case SYNTH_SINE: v = trig_sin(2.0 * TRIG_PI * p); break;
    case SYNTH_TRIANGLE: v = p < 0.5 ? 4.0 * p - 1.0 : 3.0 - 4.0 * p; break;
    case SYNTH_SAW: v = 2.0 * p - 1.0 - synth_blep(p, dt); break;
    case SYNTH_SQUARE: {
        double q = p + (1.0 - duty);
        q -= floor(q);
        v = (p < duty ? 1.0 : -1.0) + synth_blep(p, dt) - synth_blep(q, dt);
        break;
    }
    case SYNTH_NOISE: v = o->held; break;
    }
    o->phase += dt;
    if (o->phase >= 1.0) {
        o->phase -= floor(o->phase);
        if (wave == SYNTH_NOISE)
            o->held = rng_double(&o->noise) * 2.0 - 1.0;
    }
    return v;
}

/* The amplitude envelope at sample i of n. */
static double synth_envelope(const synth_layer *l, size_t i, size_t n, double *decay_level,
                             double decay_step)
{
    double t = (double)i / SYNTH_RATE, left = (double)(n - i) / SYNTH_RATE, a = 1.0;
    if (l->attack > 0.0f && t < l->attack)
        a = t / l->attack;
    if (l->release > 0.0f && left < l->release)
        a *= left / l->release;
    a *= *decay_level;
    *decay_level *= decay_step;
    return a;
}

/* Sets the coefficients for a cutoff in Hz. */
static void synth_filter_tune(synth_filter *f, double cutoff, double resonance)
{
    if (cutoff > SYNTH_RATE * 0.45)
        cutoff = SYNTH_RATE * 0.45;
    double s, c;
    trig_sincos(TRIG_PI * cutoff / SYNTH_RATE, &s, &c);
    double g = s / c;
    f->k = 2.0 - 2.0 * resonance;
    f->a1 = 1.0 / (1.0 + g * (g + f->k));
    f->a2 = g * f->a1;
    f->a3 = g * f->a2;
}

static double synth_lowpass(synth_filter *f, double x)
{
    double v3 = x - f->ic2;
    double v1 = f->a1 * f->ic1 + f->a2 * v3;
    double v2 = f->ic2 + f->a2 * f->ic1 + f->a3 * v3;
    f->ic1 = 2.0 * v1 - f->ic1;
    f->ic2 = 2.0 * v2 - f->ic2;
    return v2;
}

void synth_voice_start(synth_voice *v, const synth_layer *l, size_t n, uint64_t seed)
{
    memset(v, 0, sizeof *v);
    v->layer = l;
    v->n = n;
    rng_seed(&v->osc.noise, seed);
    v->osc.held = rng_double(&v->osc.noise) * 2.0 - 1.0;
    v->hp_a = l->highpass > 0.0f ? synth_exp(-2.0 * TRIG_PI * l->highpass / SYNTH_RATE) : 0.0;
    double steps = n > 1 ? (double)(n - 1) : 1.0;
    v->freq = l->freq0;
    v->fstep = synth_exp(synth_log((double)l->freq1 / l->freq0) / steps);
    v->cut = l->cutoff0;
    v->cstep = 1.0;
    if (l->cutoff0 > 0.0f && l->cutoff1 > 0.0f)
        v->cstep = synth_exp(synth_log((double)l->cutoff1 / l->cutoff0) / steps);
    v->level = 1.0;
    v->dstep = l->decay > 0.0f ? synth_exp(-1.0 / (l->decay * SYNTH_RATE)) : 1.0;
    v->duty = l->duty > 0.0f ? l->duty : 0.5;
}

void synth_voice_render(synth_voice *v, float *out, size_t count)
{
    const synth_layer *l = v->layer;
    size_t stop = v->i + count < v->n ? v->i + count : v->n;
    for (size_t i = v->i; i < stop; i++, out++) {
        if (l->cutoff0 > 0.0f && (i % 16 == 0))
            synth_filter_tune(&v->lp, v->cut, l->resonance); /* glides need no per-sample update */
        double f = v->freq;
        if (l->vibrato_hz > 0.0f)
            f *= 1.0 + l->vibrato_depth *
                           trig_sin(2.0 * TRIG_PI * l->vibrato_hz * (double)i / SYNTH_RATE);
        double s = synth_osc_step(&v->osc, l->wave, f / SYNTH_RATE, v->duty);
        if (l->cutoff0 > 0.0f)
            s = synth_lowpass(&v->lp, s);
        if (l->highpass > 0.0f) {
            v->hp_out = v->hp_a * (v->hp_out + s - v->hp_prev_in);
            v->hp_prev_in = s;
            s = v->hp_out;
        }
        *out += (float)(s * l->gain * synth_envelope(l, i, v->n, &v->level, v->dstep));
        v->freq *= v->fstep;
        v->cut *= v->cstep;
    }
    v->i = stop;
}

/* Renders one layer into out (already offset to the layer's start), adding. */
static void synth_render_layer(float *out, size_t n, const synth_layer *l, uint64_t seed)
{
    synth_voice v;
    synth_voice_start(&v, l, n, seed);
    synth_voice_render(&v, out, n);
}

void synth_layer_span(const synth_layer *l, size_t length, size_t *start, size_t *n)
{
    *start = (size_t)((double)l->start * SYNTH_RATE + 0.5);
    *n = (size_t)((double)l->length * SYNTH_RATE + 0.5);
    if (*start >= length)
        *n = 0;
    else if (*n > length - *start)
        *n = length - *start;
}

void synth_render(float *out, size_t length, const synth_layer *layers, int count, uint64_t seed)
{
    for (int i = 0; i < count; i++) {
        const synth_layer *l = &layers[i];
        size_t start, n;
        synth_layer_span(l, length, &start, &n);
        if (start >= length)
            continue;
        synth_render_layer(out + start, n, l, rng_mix64(seed + (uint64_t)i));
    }
}

/* The fade factor at sample i of length: ramps over the first and last fade samples. */
static double synth_fade(size_t i, size_t length, size_t fade)
{
    double f = 1.0;
    if (i < fade)
        f = (double)i / fade;
    if (fade && length - i <= fade)
        f *= (double)(length - 1 - i) / fade;
    return f;
}

void synth_finish(const float *buf, size_t length, float peak, int fade_ends, int16_t *out)
{
    size_t fade = fade_ends ? SYNTH_RATE / 1000 : 0; /* 1 ms */
    double max = 0.0;
    for (size_t i = 0; i < length; i++) {
        double v = buf[i] * synth_fade(i, length, fade);
        double a = v < 0 ? -v : v;
        max = a > max ? a : max;
    }
    double scale = max > 0.0 ? peak * 32767.0 / max : 0.0;
    for (size_t i = 0; i < length; i++) {
        double v = buf[i] * synth_fade(i, length, fade) * scale;
        double r = v < 0 ? v - 0.5 : v + 0.5;
        out[i] = (int16_t)(r > 32767.0 ? 32767.0 : r < -32767.0 ? -32767.0 : r);
    }
}
