/*
 * music: the game's themes, scores (audio/score.h) rendered by the synthesizer.
 *
 * A theme is a score file NAME.mml in the data folder's patterns/music/; a mod's
 * music/NAME.mml replaces the theme of that name or adds one, as a mod's pattern
 * files replace the built-in ones of the same path. A mod's music/NAME.ogg does
 * the same with an Ogg Vorbis file (audio/vorbis.h: its loop from the LOOPSTART
 * and LOOPLENGTH comments), which must lie inside the mod's music/ (links
 * resolved); beside a NAME.mml of the same folder, the .ogg is the theme. A
 * score or file that does not read is left out with its error kept (the game
 * goes on without that theme).
 *
 * A rendered track is 16-bit mono at SYNTH_RATE: an intro played once (up to the
 * score's loop point `L`), then the loop, played over and over. What rings past
 * the end is folded back onto the loop's start, so the join has no seam. Every
 * track is brought to the same loudness (MUSIC_RMS), its peaks kept under
 * MUSIC_PEAK, so that the themes sit alike under the effects.
 *
 * A set is bounded as a whole, whatever the mod: its themes together last at
 * most MUSIC_SET_SECONDS (the memory their tracks take: 16-bit mono at
 * SYNTH_RATE, 110 MiB) and take at most MUSIC_SET_WORK seconds of synth layers
 * to render (the time the worker spends). A theme that would go past either is
 * left out with its error, the data folder's coming first (a mod's theme that
 * replaces one and would go past leaves the one it replaces).
 *
 * Cues: the stage scripts say `music stage`, `music boss` or a theme's name
 * (docs/patterns.md). In a stage named S, "stage" is the theme S and "boss" is
 * S_boss; a missing one falls back to stage1's (music_set_cue).
 */
#ifndef CURTAIN_AUDIO_MUSIC_H
#define CURTAIN_AUDIO_MUSIC_H

#include "audio/instrument.h"
#include "audio/music_gains.h"
#include "audio/score.h"

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#define MUSIC_RMS         0.10f /* a track's loudness (root mean square), about -20 dBFS */
#define MUSIC_PEAK        0.60f /* its largest sample at most, about -4.4 dBFS */
#define MUSIC_THEMES      32    /* themes a set holds */
#define MUSIC_ERRORS      8     /* score errors a set keeps */
#define MUSIC_NAME        32    /* a theme's name, with its terminator */
#define MUSIC_SET_SECONDS 1200  /* the themes of a set last at most this long together */
#define MUSIC_SET_WORK    30000 /* and take at most this much synthesis (score_sheet.work) */
#define MUSIC_FOLDER      "music"
#define MUSIC_EXTENSION   ".mml"
#define MUSIC_OGG         ".ogg" /* audio/vorbis.h */

typedef struct music_track {
    int16_t *samples; /* mem_alloc */
    uint32_t length;  /* samples: the end of the loop */
    uint32_t loop;    /* the sample the loop starts again at */
    double scale;     /* the gain music_render brought it to the level with (0: not known) */
} music_track;

/* Renders a score. cancel (may be NULL) is looked at as it goes: set, the
 * rendering stops early (a game quitting does not wait for a whole track).
 * Returns 0, or -1 if memory ran out or it was cancelled (the track is then empty). */
int music_render(const score_sheet *s, music_track *t, atomic_int *cancel);
void music_track_free(music_track *t);
/* The bytes music_render allocates for a score, at most MUSIC_RENDER_BYTES for
 * any score that reads (its notes' layers, the buffer it mixes in, the track). */
size_t music_render_size(const score_sheet *s);
#define MUSIC_RENDER_BYTES                                                                       \
    ((size_t)SCORE_NOTES_MAX * INSTRUMENT_LAYERS * sizeof(synth_layer) +                         \
     ((size_t)SCORE_SECONDS_MAX * SYNTH_RATE + 1 + (size_t)(2 * INSTRUMENT_TAIL * SYNTH_RATE)) * \
         (sizeof(float) + sizeof(int16_t)))

/* ---- streaming ----
 *
 * music_render cannot start a track before it ends: the gain that brings it to
 * MUSIC_RMS is the whole track's, and the releases past the end fold back onto
 * the loop's start. A stream renders the same track in order, a piece of at most
 * MUSIC_STREAM_CHUNK samples at a time, so that a theme can play from its cue
 * while the rest is rendered ahead of the play head: the gain is known before
 * (a score in the table audio/music_gains.h, keyed by music_score_hash and
 * checked against music_render by the audio.music test), the releases past
 * the end are rendered before the loop's start (a few layers), and each layer is a synth_voice
 * that carries its state from piece to piece. Its samples are music_render's,
 * bit for bit (audio.music compares every shipped theme). */
#define MUSIC_STREAM_CHUNK (SYNTH_RATE / 20) /* 50 ms: samples one piece renders at most */

typedef struct music_stream {
    music_track track; /* its samples [0, done) are final; the rest not yet */
    size_t done;       /* samples rendered */
    size_t end, loop, total;
    double scale;
    synth_layer *layers; /* every note's */
    int count;
    synth_voice *voices;       /* one per layer, started as its first sample comes */
    size_t *starts, *lengths;  /* each layer's first sample and its length */
    uint64_t *order;           /* the layers by their first sample: start << 32 | index */
    int next;                  /* the next of order to start */
    int *active, active_count; /* the layers sounding, by index */
    float *tail;               /* the layers' sum past the end, folded onto the loop */
    int tail_done;             /* tail is rendered (when the first piece reaches the loop) */
    float *chunk;              /* a piece, summed before it is converted */
} music_stream;

/* A hash of what a score renders to (its tempo, loop and notes). */
uint64_t music_score_hash(const score_sheet *s);
/* The gain of a score in the table, if it is there: 1, or 0. */
int music_known_scale(const score_sheet *s, double *scale);
/* Starts a stream of a score whose gain (music_track.scale) is scale. Returns
 * 0, or -1 (out of memory, an empty score; m is then empty). What rings past
 * the end is rendered with the first piece that reaches the loop's start (a few
 * layers, from their own starts: the piece that does it costs more). */
int music_stream_start(music_stream *m, const score_sheet *s, double scale);
/* Renders the next piece, at most count samples (and MUSIC_STREAM_CHUNK).
 * Returns the samples rendered so far (m->track.length when it is all done). */
size_t music_stream_render(music_stream *m, size_t count);
/* Frees the stream and its track (take m->track first to keep it). */
void music_stream_free(music_stream *m);

typedef struct music_theme {
    char name[MUSIC_NAME];
    char path[1024];
    score_sheet score; /* empty for an Ogg Vorbis file */
    int ogg;           /* NAME.ogg (audio/vorbis.h), not a score */
    double seconds;    /* the track's length, to its loop's end */
    double work;       /* its synthesis (score_sheet.work); an Ogg file's decoding: its seconds */
} music_theme;

/* Makes a theme's track: renders its score, or decodes its Ogg file. err (may
 * be NULL) gets why it could not. Returns 0, or -1 (the track is then empty). */
int music_theme_render(const music_theme *th, music_track *t, atomic_int *cancel, char *err,
                       size_t err_size);

typedef struct music_set {
    music_theme themes[MUSIC_THEMES];
    int count;
    char errors[MUSIC_ERRORS][512]; /* "file:line:col: message" */
    int error_count;                /* all errors, even those past MUSIC_ERRORS */
} music_set;

/* Reads every score of dir (the data folder's patterns/music) and of mod_dir's
 * music/ (mod_dir may be NULL), the mod's replacing those of the same name, in
 * name order. Scores with errors are left out and their errors kept. Returns the
 * number of themes. */
int music_set_load(music_set *set, const char *dir, const char *mod_dir);
void music_set_free(music_set *set);
/* The index of a theme, or -1. */
int music_set_find(const music_set *set, const char *name);

/* The theme a cue plays in a stage (stage may be "" or NULL): "stage" plays the
 * stage's theme, "boss" its boss's (STAGE_boss), another word the theme of that
 * name; "none" or "off" stops the music (-1, no note). A missing theme falls back
 * to stage1's (stage1 for a stage, stage1_boss for a boss) with a note in note;
 * with no fallback either, -1 and the note says so. note gets "" when all is well. */
int music_set_cue(const music_set *set, const char *cue, const char *stage, char *note,
                  size_t note_size);

#endif
