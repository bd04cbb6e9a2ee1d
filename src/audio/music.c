/*
 * music: the score of the stage loop and its rendering (see music.h).
 *
 * The score is data: a chord per bar and a lead line in eighth notes, as MIDI note
 * numbers. The parts are generated from it into one list of synth layers.
 */
#include "audio/music.h"

#include "audio/synth.h"
#include "core/mem.h"

#include <string.h>

#define MUSIC_EIGHTH  (60.0f / MUSIC_BPM / 2.0f) /* seconds */
#define MUSIC_BAR     (8 * MUSIC_EIGHTH)
#define MUSIC_SECONDS (MUSIC_BARS * MUSIC_BAR)
#define MUSIC_TAIL    1.0f /* seconds rendered past the end, folded back onto the start */
#define MUSIC_HOLD    0    /* in the lead: hold the previous note */
#define MUSIC_REST    (-1) /* in the lead: silence */
#define MUSIC_LAYERS  512

/* Am F G Em | Am F G E: three chord tones per bar, from the root up. */
static const int music_chords[MUSIC_BARS][3] = {
    {57, 60, 64}, {53, 57, 60}, {55, 59, 62}, {52, 55, 59},
    {57, 60, 64}, {53, 57, 60}, {55, 59, 62}, {52, 56, 59},
};

/* The lead, one entry per eighth note. */
static const int music_lead[MUSIC_BARS][8] = {
    {76, MUSIC_HOLD, 74, 76, 81, MUSIC_HOLD, 79, 76},
    {77, MUSIC_HOLD, 76, 74, 72, MUSIC_HOLD, 74, MUSIC_REST},
    {74, MUSIC_HOLD, 71, 74, 79, MUSIC_HOLD, 77, 74},
    {76, MUSIC_HOLD, MUSIC_HOLD, MUSIC_HOLD, 71, MUSIC_HOLD, 74, MUSIC_REST},
    {76, MUSIC_HOLD, 74, 76, 81, MUSIC_HOLD, 83, 84},
    {84, MUSIC_HOLD, 83, 81, 77, MUSIC_HOLD, 81, MUSIC_REST},
    {79, MUSIC_HOLD, 77, 79, 83, MUSIC_HOLD, 81, 79},
    {80, MUSIC_HOLD, MUSIC_HOLD, MUSIC_HOLD, 76, MUSIC_HOLD, MUSIC_HOLD, MUSIC_REST},
};

/* The frequency of a MIDI note (69 = A4 = 440 Hz). */
static float music_freq(int note)
{
    return (float)(440.0 * synth_exp(0.69314718055994530942 * (note - 69) / 12.0));
}

/* A growing list of layers with a fixed capacity. */
typedef struct music_score {
    synth_layer *layers;
    int count;
} music_score;

static void music_add(music_score *s, synth_layer l)
{
    if (s->count < MUSIC_LAYERS)
        s->layers[s->count++] = l;
}

/* Bass: eighth notes alternating the root in two octaves, plucked and dark. */
static void music_bass(music_score *s)
{
    for (int bar = 0; bar < MUSIC_BARS; bar++)
        for (int e = 0; e < 8; e++) {
            float f = music_freq(music_chords[bar][0] - (e % 2 ? 12 : 24));
            music_add(s, (synth_layer){.wave = SYNTH_SAW,
                                       .start = (bar * 8 + e) * MUSIC_EIGHTH,
                                       .length = MUSIC_EIGHTH * 0.9f,
                                       .freq0 = f,
                                       .freq1 = f,
                                       .gain = 0.5f,
                                       .attack = 0.003f,
                                       .decay = 0.12f,
                                       .release = 0.03f,
                                       .cutoff0 = 1400,
                                       .cutoff1 = 500,
                                       .resonance = 0.3f});
        }
}

/* Pad: the chord held through the bar, soft triangles with a slow swell. */
static void music_pad(music_score *s)
{
    for (int bar = 0; bar < MUSIC_BARS; bar++)
        for (int t = 0; t < 3; t++) {
            float f = music_freq(music_chords[bar][t]);
            music_add(s, (synth_layer){.wave = SYNTH_TRIANGLE,
                                       .start = bar * MUSIC_BAR,
                                       .length = MUSIC_BAR,
                                       .freq0 = f,
                                       .freq1 = f,
                                       .gain = 0.12f,
                                       .attack = 0.15f,
                                       .release = 0.25f,
                                       .vibrato_hz = 5,
                                       .vibrato_depth = 0.004f});
        }
}

/* Arpeggio: sixteenths up and down the chord an octave up, quiet and bright. */
static void music_arpeggio(music_score *s)
{
    static const int order[8] = {0, 1, 2, 3, 2, 1, 0, 1};
    float sixteenth = MUSIC_EIGHTH / 2.0f;
    for (int bar = 0; bar < MUSIC_BARS; bar++)
        for (int i = 0; i < 16; i++) {
            int step = order[i % 8];
            int note = step == 3 ? music_chords[bar][0] + 24 : music_chords[bar][step] + 12;
            float f = music_freq(note);
            music_add(s, (synth_layer){.wave = SYNTH_SQUARE,
                                       .start = bar * MUSIC_BAR + i * sixteenth,
                                       .length = sixteenth * 0.95f,
                                       .freq0 = f,
                                       .freq1 = f,
                                       .gain = 0.09f,
                                       .attack = 0.002f,
                                       .decay = 0.05f,
                                       .release = 0.01f,
                                       .cutoff0 = 3500,
                                       .cutoff1 = 1800,
                                       .duty = 0.25f});
        }
}

/* Lead: the melody, a square wave with a touch of vibrato, doubled softly an octave up. */
static void music_lead_part(music_score *s)
{
    for (int bar = 0; bar < MUSIC_BARS; bar++)
        for (int e = 0; e < 8; e++) {
            int note = music_lead[bar][e];
            if (note <= 0)
                continue;
            int len = 1;
            while (e + len < 8 && music_lead[bar][e + len] == MUSIC_HOLD)
                len++;
            float f = music_freq(note), start = (bar * 8 + e) * MUSIC_EIGHTH;
            float length = len * MUSIC_EIGHTH * 0.95f;
            music_add(s, (synth_layer){.wave = SYNTH_SQUARE,
                                       .start = start,
                                       .length = length,
                                       .freq0 = f,
                                       .freq1 = f,
                                       .gain = 0.22f,
                                       .attack = 0.01f,
                                       .decay = 0.6f,
                                       .release = 0.04f,
                                       .cutoff0 = 4000,
                                       .cutoff1 = 2500,
                                       .duty = 0.5f,
                                       .vibrato_hz = 5.5f,
                                       .vibrato_depth = 0.008f});
            music_add(s, (synth_layer){.wave = SYNTH_TRIANGLE,
                                       .start = start,
                                       .length = length,
                                       .freq0 = 2 * f,
                                       .freq1 = 2 * f,
                                       .gain = 0.08f,
                                       .attack = 0.01f,
                                       .decay = 0.5f,
                                       .release = 0.04f});
        }
}

/* Drums: kick on 1 and 3 (and the "and" of 4), snare on 2 and 4, closed hats on eighths. */
static void music_drums(music_score *s)
{
    for (int bar = 0; bar < MUSIC_BARS; bar++)
        for (int e = 0; e < 8; e++) {
            float t = (bar * 8 + e) * MUSIC_EIGHTH;
            if (e == 0 || e == 4 || e == 7)
                music_add(s, (synth_layer){.wave = SYNTH_SINE,
                                           .start = t,
                                           .length = 0.18f,
                                           .freq0 = 160,
                                           .freq1 = 42,
                                           .gain = 0.6f,
                                           .attack = 0.001f,
                                           .decay = 0.07f,
                                           .release = 0.03f});
            if (e == 2 || e == 6) {
                music_add(s, (synth_layer){.wave = SYNTH_NOISE,
                                           .start = t,
                                           .length = 0.16f,
                                           .freq0 = 14000,
                                           .freq1 = 9000,
                                           .gain = 0.3f,
                                           .attack = 0.001f,
                                           .decay = 0.05f,
                                           .release = 0.03f,
                                           .cutoff0 = 7000,
                                           .cutoff1 = 3000,
                                           .highpass = 800});
                music_add(s, (synth_layer){.wave = SYNTH_TRIANGLE,
                                           .start = t,
                                           .length = 0.08f,
                                           .freq0 = 220,
                                           .freq1 = 150,
                                           .gain = 0.25f,
                                           .attack = 0.001f,
                                           .decay = 0.03f,
                                           .release = 0.02f});
            }
            music_add(s, (synth_layer){.wave = SYNTH_NOISE,
                                       .start = t,
                                       .length = 0.04f,
                                       .freq0 = 22000,
                                       .freq1 = 22000,
                                       .gain = e % 2 ? 0.06f : 0.1f,
                                       .attack = 0.001f,
                                       .decay = 0.012f,
                                       .release = 0.01f,
                                       .highpass = 7000});
        }
}

int music_track_init(music_track *t)
{
    memset(t, 0, sizeof *t);
    size_t loop = (size_t)(MUSIC_SECONDS * SYNTH_RATE + 0.5f);
    size_t total = loop + (size_t)(MUSIC_TAIL * SYNTH_RATE);
    music_score s = {mem_alloc(MUSIC_LAYERS * sizeof(synth_layer)), 0};
    float *buf = mem_calloc(total, sizeof *buf);
    t->samples = mem_alloc(loop * sizeof *t->samples);
    if (!s.layers || !buf || !t->samples) {
        mem_free(s.layers);
        mem_free(buf);
        music_track_free(t);
        return -1;
    }
    music_bass(&s);
    music_pad(&s);
    music_arpeggio(&s);
    music_lead_part(&s);
    music_drums(&s);
    synth_render(buf, total, s.layers, s.count, 0x6d75736963ull);
    /* What rings past the end belongs to the start of the next time round. */
    for (size_t i = loop; i < total; i++)
        buf[i - loop] += buf[i];
    synth_finish(buf, loop, MUSIC_PEAK, 0, t->samples);
    t->length = (uint32_t)loop;
    mem_free(buf);
    mem_free(s.layers);
    return 0;
}

void music_track_free(music_track *t)
{
    mem_free(t->samples);
    memset(t, 0, sizeof *t);
}
