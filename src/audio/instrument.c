/*
 * instrument: the recipes of the score's voices (see instrument.h).
 *
 * Gains are balanced against each other so that, at the same volume, a lead sits
 * over a pad and the kick is felt without burying the bass. A held note's layer
 * lasts its length plus its release, the release fading it out after the note.
 */
#include "audio/instrument.h"

#include <string.h>

static const char *const instrument_names[INSTRUMENT_COUNT] = {
#define INSTRUMENT_NAME(id, name, doc) name,
    INSTRUMENT_LIST(INSTRUMENT_NAME)
#undef INSTRUMENT_NAME
};

int instrument_from_name(const char *name, size_t len)
{
    for (int i = 0; i < INSTRUMENT_COUNT; i++)
        if (strlen(instrument_names[i]) == len && memcmp(instrument_names[i], name, len) == 0)
            return i;
    return -1;
}

const char *instrument_name(instrument_id id)
{
    return id >= 0 && id < INSTRUMENT_COUNT ? instrument_names[id] : "?";
}

/* The frequency of a MIDI note (69 = A4 = 440 Hz). */
static float instrument_freq(int pitch)
{
    return (float)(440.0 * synth_exp(0.69314718055994530942 * (pitch - 69) / 12.0));
}

/* A held tone: the layer sounds for length, then fades over release. */
static synth_layer instrument_tone(synth_wave wave, float f, float start, float length, float gain,
                                   float attack, float release)
{
    return (synth_layer){.wave = wave,
                         .start = start,
                         .length = length + release,
                         .freq0 = f,
                         .freq1 = f,
                         .gain = gain,
                         .attack = attack,
                         .release = release};
}

/* A struck sound: a pitch glide from f0 to f1 that decays. */
static synth_layer instrument_hit(synth_wave wave, float start, float length, float f0, float f1,
                                  float gain, float decay, float release)
{
    return (synth_layer){.wave = wave,
                         .start = start,
                         .length = length,
                         .freq0 = f0,
                         .freq1 = f1,
                         .gain = gain,
                         .attack = 0.001f,
                         .decay = decay,
                         .release = release};
}

/* The drum of the kit for a note's letter, as layers. */
static int instrument_drum(int pitch, float start, float gain, synth_layer *out)
{
    static const int drum_of_semitone[12] = {0, 0, 1, 1, 2, 3, 3, 4, 4, 5, 5, 6};
    switch (drum_of_semitone[pitch % 12]) {
    case 0: /* c: kick, a falling sine with a click */
        out[0] = instrument_hit(SYNTH_SINE, start, 0.22f, 150, 40, gain * 0.62f, 0.09f, 0.04f);
        out[1] = instrument_hit(SYNTH_NOISE, start, 0.01f, 8000, 8000, gain * 0.15f, 0, 0.005f);
        return 2;
    case 1: /* d: snare, bright noise over a short body */
        out[0] = (synth_layer){.wave = SYNTH_NOISE,
                               .start = start,
                               .length = 0.18f,
                               .freq0 = 14000,
                               .freq1 = 9000,
                               .gain = gain * 0.45f,
                               .attack = 0.001f,
                               .decay = 0.06f,
                               .release = 0.04f,
                               .cutoff0 = 8000,
                               .cutoff1 = 3500,
                               .highpass = 900};
        out[1] =
            instrument_hit(SYNTH_TRIANGLE, start, 0.09f, 230, 160, gain * 0.35f, 0.035f, 0.02f);
        return 2;
    case 2: /* e: closed hat */
    case 3: /* f: open hat */
    {
        int open = drum_of_semitone[pitch % 12] == 3;
        out[0] = (synth_layer){.wave = SYNTH_NOISE,
                               .start = start,
                               .length = open ? 0.3f : 0.05f,
                               .freq0 = 22000,
                               .freq1 = 22000,
                               .gain = gain * 0.45f,
                               .attack = 0.001f,
                               .decay = open ? 0.12f : 0.014f,
                               .release = 0.02f,
                               .highpass = 7000};
        return 1;
    }
    case 4: /* g: crash, a long bright wash */
        out[0] = (synth_layer){.wave = SYNTH_NOISE,
                               .start = start,
                               .length = 1.6f,
                               .freq0 = 22000,
                               .freq1 = 22000,
                               .gain = gain * 0.3f,
                               .attack = 0.002f,
                               .decay = 0.55f,
                               .release = 0.3f,
                               .cutoff0 = 12000,
                               .cutoff1 = 6000,
                               .highpass = 3000};
        return 1;
    default: { /* a, b: low and high toms */
        float f = drum_of_semitone[pitch % 12] == 5 ? 110.0f : 165.0f;
        out[0] = instrument_hit(SYNTH_SINE, start, 0.3f, f * 1.6f, f, gain * 0.5f, 0.12f, 0.05f);
        out[1] = (synth_layer){.wave = SYNTH_NOISE,
                               .start = start,
                               .length = 0.04f,
                               .freq0 = 6000,
                               .freq1 = 3000,
                               .gain = gain * 0.1f,
                               .attack = 0.001f,
                               .decay = 0.015f,
                               .release = 0.01f,
                               .cutoff0 = 5000,
                               .cutoff1 = 2000};
        return 2;
    }
    }
}

int instrument_note(instrument_id id, int pitch, float start, float length, float gain,
                    synth_layer *out)
{
    float f = instrument_freq(pitch);
    switch (id) {
    case INSTRUMENT_LEAD:
        out[0] = instrument_tone(SYNTH_SQUARE, f, start, length, gain * 0.30f, 0.008f, 0.06f);
        out[0].decay = 1.2f;
        out[0].cutoff0 = 4200;
        out[0].cutoff1 = 2600;
        out[0].vibrato_hz = 5.5f;
        out[0].vibrato_depth = 0.005f;
        out[1] = instrument_tone(SYNTH_TRIANGLE, 2 * f, start, length, gain * 0.09f, 0.01f, 0.06f);
        out[1].decay = 0.8f;
        return 2;
    case INSTRUMENT_SAW:
        out[0] = instrument_tone(SYNTH_SAW, f, start, length, gain * 0.28f, 0.01f, 0.08f);
        out[0].cutoff0 = 6500;
        out[0].cutoff1 = 2200;
        out[0].resonance = 0.25f;
        out[0].decay = 1.5f;
        out[0].vibrato_hz = 5.0f;
        out[0].vibrato_depth = 0.004f;
        out[1] = instrument_tone(SYNTH_SAW, f * 1.005f, start, length, gain * 0.12f, 0.01f, 0.08f);
        out[1].cutoff0 = 3000;
        out[1].cutoff1 = 1500;
        return 2;
    case INSTRUMENT_FLUTE:
        out[0] = instrument_tone(SYNTH_SINE, f, start, length, gain * 0.42f, 0.05f, 0.12f);
        out[0].vibrato_hz = 4.8f;
        out[0].vibrato_depth = 0.006f;
        out[1] = instrument_tone(SYNTH_TRIANGLE, 2 * f, start, length, gain * 0.06f, 0.06f, 0.1f);
        out[2] = (synth_layer){.wave = SYNTH_NOISE,
                               .start = start,
                               .length = 0.12f,
                               .freq0 = 16000,
                               .freq1 = 16000,
                               .gain = gain * 0.03f,
                               .attack = 0.02f,
                               .decay = 0.05f,
                               .release = 0.04f,
                               .highpass = 3000};
        return 3;
    case INSTRUMENT_BELL:
        out[0] = instrument_tone(SYNTH_SINE, f, start, length + 0.9f, gain * 0.32f, 0.002f, 0.3f);
        out[0].decay = 0.7f;
        out[1] =
            instrument_tone(SYNTH_SINE, 2 * f, start, length + 0.4f, gain * 0.12f, 0.002f, 0.2f);
        out[1].decay = 0.3f;
        out[2] = instrument_tone(SYNTH_SINE, 2.76f * f, start, 0.25f, gain * 0.08f, 0.001f, 0.1f);
        out[2].decay = 0.12f;
        return 3;
    case INSTRUMENT_PLUCK:
        out[0] = instrument_tone(SYNTH_SQUARE, f, start, length, gain * 0.22f, 0.002f, 0.03f);
        out[0].duty = 0.25f;
        out[0].decay = 0.14f;
        out[0].cutoff0 = 3800;
        out[0].cutoff1 = 1400;
        return 1;
    case INSTRUMENT_PAD:
        out[0] = instrument_tone(SYNTH_SAW, f, start, length, gain * 0.12f, 0.35f, 0.5f);
        out[0].cutoff0 = out[0].cutoff1 = 1600;
        out[1] = instrument_tone(SYNTH_SAW, f * 1.006f, start, length, gain * 0.12f, 0.4f, 0.5f);
        out[1].cutoff0 = out[1].cutoff1 = 1300;
        out[2] = instrument_tone(SYNTH_TRIANGLE, f * 0.5f, start, length, gain * 0.08f, 0.3f, 0.5f);
        return 3;
    case INSTRUMENT_STRINGS:
        for (int i = 0; i < 3; i++) {
            out[i] = instrument_tone(SYNTH_TRIANGLE, f * (1.0f + 0.003f * (float)(i - 1)), start,
                                     length, gain * 0.16f, 0.18f, 0.3f);
            out[i].vibrato_hz = 4.2f + 0.4f * (float)i;
            out[i].vibrato_depth = 0.003f;
        }
        out[3] = instrument_tone(SYNTH_SAW, f, start, length, gain * 0.05f, 0.25f, 0.3f);
        out[3].cutoff0 = out[3].cutoff1 = 2400;
        return 4;
    case INSTRUMENT_BASS:
        out[0] = instrument_tone(SYNTH_SAW, f, start, length, gain * 0.40f, 0.003f, 0.04f);
        out[0].decay = 0.35f;
        out[0].cutoff0 = 1500;
        out[0].cutoff1 = 380;
        out[0].resonance = 0.3f;
        out[1] = instrument_tone(SYNTH_SINE, f, start, length, gain * 0.30f, 0.003f, 0.04f);
        return 2;
    case INSTRUMENT_SUB:
        out[0] = instrument_tone(SYNTH_SINE, f, start, length, gain * 0.34f, 0.006f, 0.06f);
        out[1] = instrument_tone(SYNTH_TRIANGLE, f, start, length, gain * 0.08f, 0.006f, 0.06f);
        return 2;
    case INSTRUMENT_KIT: return instrument_drum(pitch, start, gain, out);
    case INSTRUMENT_COUNT: break;
    }
    return 0;
}
