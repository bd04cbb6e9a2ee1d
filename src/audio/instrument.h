/*
 * instrument: the voices a score's `@NAME` picks, each a recipe that turns one
 * note into a few synth layers (audio/synth.h).
 *
 * The kit is a drum kit: the note's letter picks the drum, whatever its octave
 * (c kick, d snare, e closed hat, f open hat, g crash, a low tom, b high tom;
 * sharps and flats pick their letter's drum). Every other instrument plays the
 * note's pitch.
 */
#ifndef CURTAIN_AUDIO_INSTRUMENT_H
#define CURTAIN_AUDIO_INSTRUMENT_H

#include "audio/synth.h"

/*            id       name       what it sounds like */
#define INSTRUMENT_LIST(X)                                                        \
    X(LEAD, "lead", "a square lead with a slow vibrato and a soft octave above")  \
    X(SAW, "saw", "a bright filtered sawtooth lead that opens as it starts")      \
    X(FLUTE, "flute", "a breathy sine with vibrato, for quiet melodies")          \
    X(BELL, "bell", "a struck chime that rings and fades")                        \
    X(PLUCK, "pluck", "a short narrow square, for arpeggios")                     \
    X(PAD, "pad", "two slightly detuned saws, low-passed, that swell in and out") \
    X(STRINGS, "strings", "a warm triangle ensemble with a slow bow")             \
    X(BASS, "bass", "a plucked sawtooth bass whose filter closes")                \
    X(SUB, "sub", "a round sine bass under the others")                           \
    X(KIT, "kit", "the drum kit: the note's letter picks the drum")

typedef enum instrument_id {
#define INSTRUMENT_ENUM(id, name, doc) INSTRUMENT_##id,
    INSTRUMENT_LIST(INSTRUMENT_ENUM)
#undef INSTRUMENT_ENUM
    INSTRUMENT_COUNT
} instrument_id;

#define INSTRUMENT_LAYERS 4 /* the most layers one note makes */

/* The id of a name ("lead"), or -1. */
int instrument_from_name(const char *name, size_t len);
const char *instrument_name(instrument_id id);

/* The layers of one note: pitch a MIDI note number, start and length in seconds
 * (the time it is held; the release rings after it), gain from 0 to 1. Returns
 * the number of layers written to out (at most INSTRUMENT_LAYERS). */
int instrument_note(instrument_id id, int pitch, float start, float length, float gain,
                    synth_layer *out);

/* Seconds a note may ring past its length (its release), for the longest. */
#define INSTRUMENT_TAIL 1.5f

#endif
