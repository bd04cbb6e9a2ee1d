/*
 * music: a short procedural background loop for the stage.
 *
 * Eight bars in A minor at 150 beats per minute (12.8 seconds): a driving bass,
 * a soft pad, a sixteenth-note arpeggio, a square-wave lead and a light drum kit,
 * each note a synth layer. It is rendered once at start-up into one block of
 * 16-bit mono samples whose end joins its start without a seam, to be played on
 * the mixer's music bus with loop set.
 */
#ifndef CURTAIN_AUDIO_MUSIC_H
#define CURTAIN_AUDIO_MUSIC_H

#include <stdint.h>

#define MUSIC_BPM  150
#define MUSIC_BARS 8
#define MUSIC_PEAK 0.5f

typedef struct music_track {
    int16_t *samples; /* mem_alloc */
    uint32_t length;
} music_track;

/* Renders the loop. Returns 0, or -1 if memory ran out (the track is then empty). */
int music_track_init(music_track *t);
void music_track_free(music_track *t);

#endif
