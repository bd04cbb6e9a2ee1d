/*
 * score_fuzz: the libFuzzer target of the music score parser. Any bytes are a
 * score: it reads, or it is refused with one "file:line:col: message", never a
 * crash, a hang or a bound overrun. What reads keeps every bound of score.h:
 * notes inside the track, the loop before the end, at most SCORE_NOTES_MAX notes,
 * its synthesis within SCORE_WORK_MAX, and what the renderer would allocate for
 * it within MUSIC_RENDER_BYTES. A score small enough to render quickly is
 * rendered, and its track is as long as the score says.
 *
 * Built with clang and -DCURTAIN_FUZZ=ON as fuzz_score; its corpus,
 * tests/audio/fuzz/score/, is replayed by ctest with any compiler
 * (audio.score_fuzz_corpus). To fuzz: see docs/development.md, "Fuzzing".
 */
#include "audio/instrument.h"
#include "audio/music.h"
#include "audio/score.h"
#include "audio/synth.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Aborts unless the score keeps its bounds. */
static void score_fuzz_check(const score_sheet *s)
{
    if (s->count == 0 || s->count > SCORE_NOTES_MAX || s->loop >= s->end)
        abort();
    if (s->channel_count < 1 || s->channel_count > SCORE_CHANNELS)
        abort();
    if (score_seconds(s, s->end) > SCORE_SECONDS_MAX + 1e-6)
        abort();
    if (s->work <= 0.0 || s->work > SCORE_WORK_MAX || music_render_size(s) > MUSIC_RENDER_BYTES)
        abort();
    for (uint32_t i = 0; i < s->count; i++) {
        const score_note *n = &s->notes[i];
        if (n->channel >= s->channel_count || n->instrument >= INSTRUMENT_COUNT || n->pitch > 127 ||
            n->volume < 1 || n->volume > 15 || n->ticks == 0 ||
            n->start > s->channel_end[n->channel])
            abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    score_sheet s;
    char err[512];
    if (score_parse(&s, "fuzz.mml", (const char *)data, size, err, sizeof err) == 0) {
        score_fuzz_check(&s);
        if (s.work < 20.0 && score_seconds(&s, s.end) < 20.0) { /* cheap: render it */
            music_track t;
            if (music_render(&s, &t, NULL) == 0) {
                size_t end = (size_t)(score_seconds(&s, s.end) * SYNTH_RATE + 0.5);
                if (t.length != end || t.loop >= t.length)
                    abort();
                music_track_free(&t);
            }
        }
        score_free(&s);
    } else if (strncmp(err, "fuzz.mml:", 9) != 0 || s.notes != NULL) {
        abort();
    }
    return 0;
}
