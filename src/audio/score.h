/*
 * score: the text format of curtain's music (docs/music.md), read into a list of
 * notes for audio/music to render.
 *
 * A score is MML-like: a `tempo` line (and the music room's `title "TEXT"` and
 * `about "TEXT"` lines), then channel lines `NAME: commands`, where
 * a channel's lines join up in order. Commands: notes `c d e f g a b` with `+`,
 * `#` (sharp) or `-` (flat), a length (1 2 3 4 6 8 12 16 24 32 48 64 96: a
 * whole note divided by it) and dots, `&` ties, `r` rests, `o N` `<` `>`
 * octaves, `l N` the default length, `v N` volume 0..15, `q N` gate 1..8 (the
 * eighths of a note that sound), `k N` transpose in semitones, `@NAME` the
 * instrument (audio/instrument.h), `[ ... | ... ]N` repeats (after `|`, skipped
 * on the last pass), `L` the loop point. `;` starts a comment.
 *
 * Time counts in ticks, SCORE_TICKS_WHOLE to a whole note. Parsing never
 * crashes: a bad score gives one message "file:line:col: what". Every bound
 * below is checked while the repeats unroll, so a hostile score (huge repeats,
 * endless rests, thousands of long notes) is refused before any sound is made.
 *
 * What a track costs to make is bounded too, by what the synthesizer will do:
 * its length (SCORE_SECONDS_MAX, the samples it holds), the seconds of synth
 * layers its notes make with their releases (SCORE_WORK_MAX: the time to render
 * it is in proportion), and the notes that start in any one second of it
 * (SCORE_DENSITY_MAX: its events per second). The game's own themes use under
 * half of each (docs/music.md).
 */
#ifndef CURTAIN_AUDIO_SCORE_H
#define CURTAIN_AUDIO_SCORE_H

#include <stddef.h>
#include <stdint.h>

#define SCORE_TICKS_WHOLE  384     /* ticks in a whole note: 96 to a quarter */
#define SCORE_CHANNELS     16      /* channels a score may have */
#define SCORE_NAME_MAX     16      /* a channel's name, with its terminator */
#define SCORE_TITLE_MAX    48      /* a `title`'s text, with its terminator */
#define SCORE_ABOUT_MAX    120     /* an `about`'s text, with its terminator */
#define SCORE_TEXT_MAX     262144  /* bytes of score text */
#define SCORE_COMMANDS_MAX 65536   /* commands in all the channels' text */
#define SCORE_NOTES_MAX    16000   /* notes after the repeats unroll */
#define SCORE_STEPS_MAX    2000000 /* commands performed while unrolling */
#define SCORE_NEST_MAX     8       /* repeats inside repeats */
#define SCORE_REPEAT_MAX   99      /* passes of one repeat */
#define SCORE_SECONDS_MAX  180     /* the longest track, in seconds */
#define SCORE_WORK_MAX     6000    /* seconds of synth layers to render (score_sheet.work) */
#define SCORE_DENSITY_MAX  128     /* notes that start within one second of the track */

/* One note to play, after the repeats unrolled. */
typedef struct score_note {
    uint32_t start, ticks; /* when it starts and how long it sounds */
    uint8_t channel;
    uint8_t instrument; /* an instrument_id */
    uint8_t pitch;      /* MIDI note number (69 = A4); a drum for the kit */
    uint8_t volume;     /* 1..15 */
} score_note;

typedef struct score_sheet {
    int tempo;         /* quarter notes per minute */
    uint32_t end;      /* ticks: where the longest channel ends, the loop's end */
    uint32_t loop;     /* ticks: where the loop starts again (0: the whole track) */
    score_note *notes; /* in channel order, then time (mem_alloc) */
    uint32_t count;
    int channel_count;
    char channels[SCORE_CHANNELS][SCORE_NAME_MAX];
    uint32_t channel_end[SCORE_CHANNELS]; /* ticks: where each channel ends */
    double work; /* seconds of synth layers its notes make, releases included */
    /* the music room's words (`title "TEXT"`, `about "TEXT"` before the channels):
     * its title and a line about it; "" when the score gives none */
    char title[SCORE_TITLE_MAX];
    char about[SCORE_ABOUT_MAX];
} score_sheet;

/* Reads text (len bytes) named file in messages. Returns 0, or -1 with
 * "file:line:col: message" in err (s is then empty). */
int score_parse(score_sheet *s, const char *file, const char *text, size_t len, char *err,
                size_t err_size);
/* Reads a score file; a file that cannot be read is an error "file:1:1: ...". */
int score_load(score_sheet *s, const char *path, char *err, size_t err_size);
void score_free(score_sheet *s);

/* Seconds from the start of the score to tick t. */
double score_seconds(const score_sheet *s, uint32_t t);

#endif
