/* music: the score format (good scores, positioned errors, the bounds), every
 * shipped theme (it reads, plays at least 60 s before it loops, never clips, all
 * at one loudness), a mod's score over the shipped one, the cues, the stage a
 * boss belongs to, and the example of docs/music.md.
 *
 *   test_audio.music PATTERNS_DIR DOCS_MUSIC_MD */
#include "../check.h"
#include "audio/instrument.h"
#include "audio/mixer.h"
#include "audio/music.h"
#include "audio/score.h"
#include "audio/synth.h"
#include "core/file.h"
#include "core/mem.h"
#include "game/world.h"
#include "pattern/content/library.h"

#include "../game/test_library.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int music_test_parse(score_sheet *s, const char *text, char *err, size_t err_size)
{
    return score_parse(s, "t.mml", text, strlen(text), err, err_size);
}

/* Lengths, dots, ties, octaves, transposing, repeats with a break, the loop point. */
static void music_test_good(void)
{
    score_sheet s;
    char err[512] = "";
    const char *text = "; a comment\n"
                       "tempo 150\n"
                       "a: @bass o4 l8 c d4. e&8 f4&f16 r16 ; tail\n"
                       "a: > c < b- v0 c v15 k-12 c k0 q8 c\n"
                       "b: @kit L [c | d]3 e2\n";
    CHECK_EQ_INT(music_test_parse(&s, text, err, sizeof err), 0);
    CHECK_EQ_INT(s.tempo, 150);
    CHECK_EQ_INT(s.channel_count, 2);
    CHECK(strcmp(s.channels[0], "a") == 0 && strcmp(s.channels[1], "b") == 0);
    /* a: c8 d4. e4(tied) f4+16 r16 c8(C5) b-8 (silent c) c8(C3) c8 */
    const uint32_t e8 = SCORE_TICKS_WHOLE / 8;
    CHECK_EQ_INT(s.notes[0].pitch, 60);
    CHECK_EQ_INT(s.notes[0].ticks, e8 * 7 / 8); /* gate 7 of 8 */
    CHECK_EQ_INT(s.notes[1].pitch, 62);
    CHECK_EQ_INT(s.notes[1].start, e8);
    CHECK_EQ_INT(s.notes[2].start, e8 + 3 * e8);
    CHECK_EQ_INT(s.notes[2].ticks, 2 * e8 * 7 / 8);
    CHECK_EQ_INT(s.notes[3].ticks, (2 * e8 + e8 / 2) * 7 / 8);
    CHECK_EQ_INT(s.notes[4].pitch, 72);
    CHECK_EQ_INT(s.notes[5].pitch, 70);
    CHECK_EQ_INT(s.notes[6].pitch, 48); /* after v0's silent c: an octave down */
    CHECK_EQ_INT(s.notes[6].volume, 15);
    CHECK_EQ_INT(s.notes[7].ticks, e8); /* q8: legato */
    CHECK_EQ_INT(s.notes[0].instrument, instrument_from_name("bass", 4));
    /* b: c d c d c (the last pass stops at |) e2: the kit, from the loop point 0. */
    int drums = 0;
    for (uint32_t i = 0; i < s.count; i++)
        drums += s.notes[i].channel == 1;
    CHECK_EQ_INT(drums, 6);
    CHECK_EQ_INT(s.notes[8 + 4].pitch, 60);
    CHECK_EQ_INT(s.notes[8 + 5].start, 5 * SCORE_TICKS_WHOLE / 4);
    CHECK_EQ_INT(s.channel_end[1], 5 * SCORE_TICKS_WHOLE / 4 + SCORE_TICKS_WHOLE / 2);
    CHECK_EQ_INT(s.end, s.channel_end[1]);
    CHECK_EQ_INT(s.loop, 0);
    CHECK_NEAR(score_seconds(&s, SCORE_TICKS_WHOLE), 4 * 60.0 / 150, 1e-9);
    score_free(&s);

    /* The music room's words; a channel may still be named title. */
    CHECK_EQ_INT(music_test_parse(&s,
                                  "title \"Lanterns at Dusk\" ; a comment\nabout \"Stage 1's "
                                  "theme.\"\ntempo 90\ntitle: c4\n",
                                  err, sizeof err),
                 0);
    CHECK(strcmp(s.title, "Lanterns at Dusk") == 0 && strcmp(s.about, "Stage 1's theme.") == 0);
    CHECK_EQ_INT(s.channel_count, 1);
    score_free(&s);

    /* The loop point, at the same time in two channels. */
    CHECK_EQ_INT(music_test_parse(&s, "x: c4 L c4 c4\ny: r4 L [c8]4\n", err, sizeof err), 0);
    CHECK_EQ_INT(s.loop, SCORE_TICKS_WHOLE / 4);
    CHECK_EQ_INT(s.end, 3 * SCORE_TICKS_WHOLE / 4);
    score_free(&s);
}

/* Each bad score: its error, at its line and column. */
static void music_test_errors(void)
{
    static const struct {
        const char *text, *error;
    } cases[] = {
        {"a: c4 h4\n", "t.mml:1:7: 'h' is not a score command"},
        {"a: c5\n", "t.mml:1:5: a length is 1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64 or 96"},
        {"a: c4\na: @trumpet c\n", "t.mml:2:4: no instrument '@trumpet'"},
        {"tempo 20\n", "t.mml:1:7: 'tempo' is from 40 to 300, not 20"},
        {"a: c\ntempo 100\n", "t.mml:2:1: 'tempo' comes before the channels"},
        {"a: c [d e\n", "t.mml:1:6: this '[' is never closed by ']'"},
        {"a: c ]\n", "t.mml:1:6: ']' outside a repeat"},
        {"a: [c | d | e]\n", "t.mml:1:11: one '|' per repeat"},
        {"a: [c]100\n", "t.mml:1:7: a repeat's passes is from 1 to 99"},
        {"a: c4&d4\n", "t.mml:1:7: a tie joins notes of the same pitch"},
        {"a: c4&\n", "t.mml:1:7: '&' needs a note or a length"},
        {"a: o9 c\n", "t.mml:1:5: an octave 'o' is from 0 to 8"},
        {"a: o8 > c\n", "t.mml:1:7: the octave goes past 0 .. 8"},
        {"a: o8 b k12 b\n", "t.mml:1:13: the note is out of range (MIDI 131)"},
        {"a: c4 L c4\nb: L c4\n", "t.mml:2:4: this 'L' is at tick 0, but 1:7"},
        {"a: c4 L\n", "t.mml:1:7: the loop point 'L' is at the end"},
        {"a: [L c]\n", "t.mml:1:5: the loop point 'L' cannot be inside a repeat"},
        {"a: c64..\n", "t.mml:1:8: too many dots"},
        {"a: r1\n", "the score plays no note"},
        {"just words\n", "t.mml:1:1: a line is 'tempo N', 'title \"TEXT\"', 'about \"TEXT\"' or a "
                         "channel 'NAME: notes'"},
        {"a: c\ntitle \"T\"\n", "t.mml:2:7: 'title' comes before the channels"},
        {"title \"T\"\ntitle \"U\"\na: c\n", "t.mml:2:7: 'title' is given twice"},
        {"title T\na: c\n", "t.mml:1:7: 'title' wants its text in double quotes"},
        {"about \"never closed\na: c\n", "t.mml:1:7: the text of 'about' has no closing quote"},
        {"title \"\"\na: c\n", "t.mml:1:7: the text of 'title' is empty"},
        {"title \"a\tb\"\na: c\n", "t.mml:1:9: the text of 'title' holds printable ASCII only"},
        {"title \"T\" extra\na: c\n", "t.mml:1:11: nothing follows the text of 'title'"},
        {"title \"0123456789012345678901234567890123456789012345678\"\na: c\n",
         "t.mml:1:55: the text of 'title' is at most 47 characters"},
        {"a: l c\n", "t.mml:1:4: 'l' needs a length"},
        {"abcdefghijklmnopq: c\n", "t.mml:1:1: a channel's name is at most 15 letters"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        score_sheet s;
        char err[512] = "";
        int64_t live = mem_live_blocks();
        CHECK_EQ_INT(music_test_parse(&s, cases[i].text, err, sizeof err), -1);
        if (!strstr(err, cases[i].error))
            printf("case %zu: got \"%s\", wanted \"%s\"\n", i, err, cases[i].error);
        CHECK_STR_CONTAINS(err, cases[i].error);
        CHECK(s.notes == NULL && s.count == 0);
        CHECK_EQ_INT(mem_live_blocks(), live);
    }
    /* 17 channels. */
    char text[1024] = "";
    for (int c = 0; c <= SCORE_CHANNELS; c++)
        snprintf(text + strlen(text), sizeof text - strlen(text), "c%d: c\n", c);
    score_sheet s;
    char err[512];
    CHECK_EQ_INT(music_test_parse(&s, text, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "t.mml:17:1: at most 16 channels");
}

/* A hostile score is refused while the repeats unroll, quickly, at the command
 * that crossed the bound. */
static void music_test_bounds(void)
{
    static const struct {
        const char *text, *error;
    } cases[] = {
        /* 99^4 whole rests: years of silence. */
        {"a: c [[[[r1]99]99]99]99\n", "t.mml:1:10: the track is longer than 180 seconds"},
        /* A pad held for 294 s (issue 34: 25 such themes grew the game by 440 MB). */
        {"tempo 60\na: @pad c1&c1&c1&c1&c1&c1&c1&c1&c1&c1&c1&c1&c1&c1&c1&c1&c1&c1&c1&c1&c1&c1"
         "&c1&c1&c1&c1&c1&c1&c1&c1&c1&c1&c1&c1&c1&c1&c1&c1&c1&c1&c1&c1&c1&c1&c1&c1&c1&c1&c1&c1"
         "&c1&c1&c1&c1&c1&c1&c1&c1&c1&c1&c1&c1&c1&c1&c1&c1&c1&c1&c1&c1&c1&c1&c1&c1\n",
         "the track is longer than 180 seconds"},
        /* 99^4 passes of nothing: no time, no notes, but endless work. */
        {"a: c [[[[ ]99]99]99]99\n", "the repeats play more than 2000000 commands"},
        /* 3 * 99^2 notes, 120 a second: more than fit in 180 seconds. */
        {"tempo 300\na: [[[c96]99]99]3\n",
         "t.mml:2:7: more than 16000 notes once the repeats unroll"},
        /* Long notes in many channels: minutes of sound to make for each second. */
        {"tempo 60\na: @pad [c1]44\nb: @pad [c1]44\nc: @pad [c1]44\nd: @pad [c1]44\n"
         "e: @pad [c1]44\nf: @pad [c1]44\ng: @pad [c1]44\nh: @pad [c1]44\ni: @pad [c1]44\n"
         "j: @pad [c1]44\nk: @pad [c1]44\nl: @pad [c1]44\nm: @pad [c1]44\nn: @pad [c1]44\n"
         "o: @pad [c1]44\np: @pad [c1]44\n",
         "t.mml:13:10: more than 6000 seconds of synthesis in all"},
        /* Two channels of 96ths at tempo 300: 240 notes start each second. */
        {"tempo 300\na: [c96]99 [c96]99\nb: [c96]99 [c96]99\n",
         "t.mml:3:5: more than 128 notes start within the second from 0 s"},
        {"a: [[[[[[[[[c]2]2]2]2]2]2]2]2]2\n", "t.mml:1:12: repeats nest at most 8 deep"},
        /* Empty repeats around another channel's thousands of commands. */
        {NULL, "the repeats play more than 2000000 commands"},
    };
    static char wide[64 * 1024];
    size_t at = (size_t)snprintf(wide, sizeof wide, "a: c [[[[[[[[");
    for (int i = 0; i < 20000; i++)
        at += (size_t)snprintf(wide + at, sizeof wide - at, "%s", i % 40 ? " c" : "\nb: c");
    snprintf(wide + at, sizeof wide - at, "\na: ]99]99]99]99]99]99]99]99\n");
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        score_sheet s;
        char err[512] = "";
        CHECK_EQ_INT(music_test_parse(&s, cases[i].text ? cases[i].text : wide, err, sizeof err),
                     -1);
        if (!strstr(err, cases[i].error))
            printf("bound %zu: got \"%s\", wanted \"%s\"\n", i, err, cases[i].error);
        CHECK_STR_CONTAINS(err, cases[i].error);
    }
    /* Too much text, and a NUL inside it. */
    size_t big = SCORE_TEXT_MAX + 1;
    char *text = mem_alloc(big);
    memset(text, ' ', big);
    score_sheet s;
    char err[512];
    CHECK_EQ_INT(score_parse(&s, "big.mml", text, big, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "big.mml:1:1: the score is over 262144 bytes");
    mem_free(text);
    CHECK_EQ_INT(score_parse(&s, "t.mml", "a: c\0d", 6, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "t.mml:1:5: byte 0x00");
}

/* Largest magnitude and root mean square of n samples. */
static void music_test_levels(const int16_t *s, size_t n, double *peak, double *rms)
{
    double sum = 0.0;
    int p = 0;
    for (size_t i = 0; i < n; i++) {
        int a = s[i] < 0 ? -s[i] : s[i];
        p = a > p ? a : p;
        sum += (double)s[i] * s[i];
    }
    *peak = p / 32767.0;
    *rms = n ? sqrt(sum / (double)n) / 32767.0 : 0.0;
}

/* Every shipped theme: reads, plays at least 60 s before it loops (and loops at
 * least 60 s), at the one loudness, never clipping. */
/* A theme streamed (audio/music.h) gives its full render's samples, bit for
 * bit, in pieces of odd sizes: the releases folded onto the loop's start, the
 * layers carried from piece to piece. Its gain is in audio/music_gains.h; when
 * it is not (a score changed), the row to put there is printed. */
static void music_test_stream(const music_theme *th, const music_track *full)
{
    double scale = 0.0;
    int known = music_known_scale(&th->score, &scale);
    if (!known || scale != full->scale)
        printf("music_gains.h: the row of '%s' should be:\n    X(\"%s\", 0x%016llxull, %a)\n",
               th->name, th->name, (unsigned long long)music_score_hash(&th->score), full->scale);
    CHECK(known);
    CHECK(scale == full->scale);
    music_stream m;
    CHECK_EQ_INT(music_stream_start(&m, &th->score, full->scale), 0);
    CHECK_EQ_INT((int)m.track.length, (int)full->length);
    CHECK_EQ_INT((int)m.track.loop, (int)full->loop);
    static const size_t pieces[] = {1, 4800, 777, 2400, 3, 1024};
    size_t done = 0, calls = 0;
    while (done < m.track.length && calls < 10u * SYNTH_RATE) {
        size_t before = done;
        done = music_stream_render(&m, pieces[calls++ % 6]);
        CHECK(done > before);
        if (done == before)
            break;
    }
    CHECK_EQ_INT((int)done, (int)full->length);
    size_t first = full->length;
    for (size_t k = 0; k < full->length && first == full->length; k++)
        if (m.track.samples[k] != full->samples[k])
            first = k;
    if (first < full->length)
        printf("%s: streamed differs from the full render at sample %zu (%d, not %d)\n", th->name,
               first, m.track.samples[first], full->samples[first]);
    CHECK(first == full->length);
    music_stream_free(&m);
}

static void music_test_shipped(const char *patterns)
{
    static music_set set;
    char dir[1024];
    snprintf(dir, sizeof dir, "%s/music", patterns);
    music_set_load(&set, dir, NULL);
    for (int i = 0; i < set.error_count && i < MUSIC_ERRORS; i++)
        printf("%s\n", set.errors[i]);
    CHECK_EQ_INT(set.error_count, 0);
    check_sanitized_note("two themes rendered, measured and streamed against their full render");
    static const char *const required[] = {"stage1", "stage1_boss", "stage2", "stage2_boss",
                                           "stage3", "stage3_boss", "title"};
    for (size_t i = 0; i < sizeof required / sizeof required[0]; i++)
        CHECK(music_set_find(&set, required[i]) >= 0);
    for (int i = 0; i < set.count; i++) {
        const score_sheet *sc = &set.themes[i].score;
        /* The music room's words: every shipped theme has a title and a line. */
        if (!sc->title[0] || !sc->about[0])
            printf("%s: no title or about line for the music room\n", set.themes[i].name);
        CHECK(sc->title[0] && sc->about[0]);
        /* Every channel plays to the end: no bar short. */
        for (int c = 0; c < sc->channel_count; c++)
            CHECK_EQ_INT(sc->channel_end[c], sc->end);
        /* a sanitizer build renders two themes: the same code as the rest (the
         * levels are the scores', measured in the Release build) */
        if (check_sanitized() && i >= 2)
            continue;
        music_track t;
        CHECK_EQ_INT(music_render(sc, &t, NULL), 0);
        double peak, rms;
        music_test_levels(t.samples, t.length, &peak, &rms);
        printf("%-12s %6.2f s, loop from %5.2f s, peak %5.1f dBFS, rms %5.1f dBFS\n",
               set.themes[i].name, (double)t.length / SYNTH_RATE, (double)t.loop / SYNTH_RATE,
               20 * log10(peak), 20 * log10(rms));
        /* Dynamics: its 8-bar sections from the loop point differ in loudness
         * (they were within 0.7 to 2.6 dB of each other before the scores had
         * any; docs/music.md lists them). */
        size_t bar = (size_t)(4 * 60.0 / sc->tempo * SYNTH_RATE + 0.5), span = 8 * bar;
        double lo = 0.0, hi = -200.0;
        for (size_t at = t.loop; at + bar <= t.length; at += span) {
            size_t n = at + span <= t.length ? span : t.length - at;
            double p, r;
            music_test_levels(t.samples + at, n, &p, &r);
            double db = 20 * log10(r);
            lo = at == t.loop || db < lo ? db : lo;
            hi = db > hi ? db : hi;
        }
        printf("%-12s sections from %5.1f to %5.1f dBFS: %.1f dB apart\n", set.themes[i].name, lo,
               hi, hi - lo);
        CHECK(hi - lo >= 2.5);
        CHECK(t.length >= 60u * SYNTH_RATE);
        CHECK(t.length - t.loop >= 60u * SYNTH_RATE);
        CHECK(peak <= MUSIC_PEAK + 1e-4);
        CHECK(fabs(20 * log10(rms / MUSIC_RMS)) < 1.0);
        music_test_stream(&set.themes[i], &t);
        music_track_free(&t);
    }
    music_set_free(&set);
}

/* Writes a file for the mod tests. */
static void music_test_write(const char *path, const char *text)
{
    char err[512];
    CHECK_EQ_INT(file_write_atomic(path, text, strlen(text), err, sizeof err), 0);
}

/* A mod's score replaces the shipped one of its name and adds new ones; a mod's
 * broken score is an error and leaves the shipped theme. */
static void music_test_mod(const char *patterns)
{
    char base[1024], mod[256], sub[300], path[400];
    snprintf(base, sizeof base, "%s/music", patterns);
    snprintf(mod, sizeof mod, "/tmp/curtain_music_mod_%d", (int)getpid());
    snprintf(sub, sizeof sub, "%s/music", mod);
    CHECK_EQ_INT(file_make_dirs(sub), 0);
    snprintf(path, sizeof path, "%s/stage1.mml", sub);
    music_test_write(path, "tempo 90\nsolo: @flute o5 c1 d1 e1\n");
    snprintf(path, sizeof path, "%s/stage9.mml", sub);
    music_test_write(path, "solo: @bell c\n");
    snprintf(path, sizeof path, "%s/stage2.mml", sub);
    music_test_write(path, "solo: @bell c\nsolo: x\n");
    snprintf(path, sizeof path, "%s/notes.txt", sub);
    music_test_write(path, "not a score");
    static music_set plain, modded;
    music_set_load(&plain, base, NULL);
    music_set_load(&modded, base, mod);
    int s1 = music_set_find(&modded, "stage1");
    CHECK(s1 >= 0);
    CHECK_STR_CONTAINS(modded.themes[s1].path, mod);
    CHECK_EQ_INT(modded.themes[s1].score.tempo, 90);
    CHECK_EQ_INT(modded.themes[s1].score.count, 3);
    CHECK(plain.themes[music_set_find(&plain, "stage1")].score.count > 100);
    CHECK(music_set_find(&plain, "stage9") < 0 && music_set_find(&modded, "stage9") >= 0);
    CHECK_EQ_INT(modded.count, plain.count + 1);
    /* The broken stage2 of the mod: its error, and the shipped stage2 stays. */
    CHECK_EQ_INT(modded.error_count, 1);
    CHECK_STR_CONTAINS(modded.errors[0], "music/stage2.mml:2:7: 'x' is not a score command");
    int s2 = music_set_find(&modded, "stage2");
    CHECK(s2 >= 0 && strstr(modded.themes[s2].path, mod) == NULL);
    music_set_free(&plain);
    music_set_free(&modded);
    remove(path);
    const char *names[] = {"stage1.mml", "stage9.mml", "stage2.mml"};
    for (int i = 0; i < 3; i++) {
        snprintf(path, sizeof path, "%s/%s", sub, names[i]);
        remove(path);
    }
    rmdir(sub);
    rmdir(mod);
}

/* A mod of 25 long themes (each a pad held 176 s, within a theme's bounds):
 * the set keeps what fits its bounds, the data folder's themes first, and
 * leaves the rest out, each with its error. Before the set was bounded, all 25
 * loaded and were rendered: 25 tracks of 176 s, 400 MB. */
static void music_test_set_bounds(const char *patterns)
{
    char base[1024], mod[256], sub[300], path[400];
    snprintf(base, sizeof base, "%s/music", patterns);
    snprintf(mod, sizeof mod, "/tmp/curtain_music_long_%d", (int)getpid());
    snprintf(sub, sizeof sub, "%s/music", mod);
    CHECK_EQ_INT(file_make_dirs(sub), 0);
    static char pad[1024];
    size_t at = (size_t)snprintf(pad, sizeof pad, "tempo 60\na: @pad c1");
    for (int i = 1; i < 44; i++)
        at += (size_t)snprintf(pad + at, sizeof pad - at, "&c1");
    snprintf(pad + at, sizeof pad - at, "\n");
    for (int k = 0; k < 25; k++) {
        snprintf(path, sizeof path, "%s/long%02d.mml", sub, k);
        music_test_write(path, pad);
    }
    static music_set plain, set;
    music_set_load(&plain, base, NULL);
    music_set_load(&set, base, mod);
    double seconds = 0, work = 0, shipped = 0;
    for (int i = 0; i < plain.count; i++)
        shipped += score_seconds(&plain.themes[i].score, plain.themes[i].score.end);
    for (int i = 0; i < set.count; i++) {
        seconds += score_seconds(&set.themes[i].score, set.themes[i].score.end);
        work += set.themes[i].score.work;
    }
    int fit = (int)((MUSIC_SET_SECONDS - shipped) / 176.0); /* the long themes that fit */
    printf("set: %d themes, %.0f s, %.0f s of synthesis; %d of 25 long themes fit\n", set.count,
           seconds, work, fit);
    CHECK(seconds <= MUSIC_SET_SECONDS && work <= MUSIC_SET_WORK);
    CHECK_EQ_INT(set.count, plain.count + fit);
    CHECK_EQ_INT(set.error_count, 25 - fit);
    for (int i = 0; i < plain.count; i++) /* every shipped theme stays */
        CHECK(music_set_find(&set, plain.themes[i].name) >= 0);
    snprintf(path, sizeof path, "long%02d.mml:1:1: the themes would last", fit);
    CHECK_STR_CONTAINS(set.errors[0], path);
    CHECK_STR_CONTAINS(set.errors[0], "this one is left out");
    music_set_free(&plain);
    music_set_free(&set);
    for (int k = 0; k < 25; k++) {
        snprintf(path, sizeof path, "%s/long%02d.mml", sub, k);
        remove(path);
    }
    rmdir(sub);
    rmdir(mod);
}

/* The cues: a stage's theme, its boss's, the fallbacks, silence. */
static void music_test_cues(const char *patterns)
{
    static music_set set;
    char dir[1024], note[256];
    snprintf(dir, sizeof dir, "%s/music", patterns);
    music_set_load(&set, dir, NULL);
    int s2 = music_set_find(&set, "stage2"), s2b = music_set_find(&set, "stage2_boss");
    int s1 = music_set_find(&set, "stage1"), s1b = music_set_find(&set, "stage1_boss");
    CHECK(s1 >= 0 && s1b >= 0 && s2 >= 0 && s2b >= 0);
    CHECK_EQ_INT(music_set_cue(&set, "stage", "stage2", note, sizeof note), s2);
    CHECK(note[0] == '\0');
    CHECK_EQ_INT(music_set_cue(&set, "boss", "stage2", note, sizeof note), s2b);
    CHECK_EQ_INT(music_set_cue(&set, "boss", "stage3", note, sizeof note),
                 music_set_find(&set, "stage3_boss"));
    CHECK_EQ_INT(music_set_cue(&set, "title", "stage2", note, sizeof note),
                 music_set_find(&set, "title"));
    CHECK_EQ_INT(music_set_cue(&set, "stage2_boss", "stage1", note, sizeof note), s2b);
    /* No stage name: stage1's. */
    CHECK_EQ_INT(music_set_cue(&set, "boss", "", note, sizeof note), s1b);
    /* A stage without themes: stage1's, said so. */
    CHECK_EQ_INT(music_set_cue(&set, "stage", "lagoon", note, sizeof note), s1);
    CHECK_STR_CONTAINS(note, "no theme 'lagoon' (music/lagoon.mml): playing 'stage1'");
    CHECK_EQ_INT(music_set_cue(&set, "boss", "lagoon", note, sizeof note), s1b);
    CHECK_STR_CONTAINS(note, "no theme 'lagoon_boss'");
    CHECK_EQ_INT(music_set_cue(&set, "none", "stage2", note, sizeof note), -1);
    CHECK_EQ_INT(music_set_cue(&set, "off", "stage2", note, sizeof note), -1);
    CHECK(note[0] == '\0');
    music_set_free(&set);
    /* With no themes at all, a cue says so and plays nothing. */
    music_set_load(&set, "/nonexistent/curtain/music", NULL);
    CHECK_EQ_INT(set.count, 0);
    CHECK_EQ_INT(music_set_cue(&set, "stage", "stage1", note, sizeof note), -1);
    CHECK_STR_CONTAINS(note, "nor 'stage1' to fall back on");
}

/* The stage a boss belongs to, for a practice fight's music: Kagari is stage 1's
 * boss, Wick its midboss. */
static void music_test_boss_stage(const char *patterns)
{
    diag_list diags;
    diag_init(&diags);
    library *lib = library_load_dir(patterns, NULL, &diags);
    CHECK(lib != NULL);
    diag_free(&diags);
    if (!lib)
        return;
    int found = 0;
    for (uint32_t b = 0; b < lib->boss_count; b++) {
        int main = -1;
        const char *stage = library_boss_stage(lib, b, &main);
        if (strcmp(lib->bosses[b].name, "s1_kagari") == 0) {
            CHECK(stage && strcmp(stage, "stage1") == 0);
            CHECK_EQ_INT(main, 1);
            found++;
        } else if (strcmp(lib->bosses[b].name, "s1_wick") == 0) {
            CHECK(stage && strcmp(stage, "stage1") == 0);
            CHECK_EQ_INT(main, 0);
            found++;
        }
    }
    CHECK_EQ_INT(found, 2);
    int main = -1;
    CHECK(library_boss_stage(lib, lib->boss_count, &main) == NULL && main == 0);
    library_free(lib);
}

/* End to end but for the sound card: a stage's music verbs come out of the world
 * as events, and each cue, in the stage it was said in, picks its theme. */
static void music_test_stage_cues(const char *patterns)
{
    static music_set set;
    char dir[1024], note[256];
    snprintf(dir, sizeof dir, "%s/music", patterns);
    music_set_load(&set, dir, NULL);
    library *lib = test_library_compile("cues.pat", "stage stage2 {\n"
                                                    "    music stage\n"
                                                    "    wait 2\n"
                                                    "    music boss\n"
                                                    "    wait 2\n"
                                                    "    music \"stage3_boss\"\n"
                                                    "    wait 2\n"
                                                    "    music none\n"
                                                    "    wait 60\n"
                                                    "}\n");
    CHECK(lib != NULL);
    world *w = mem_alloc(sizeof *w);
    if (!lib || !w || world_init(w, &(world_config){.seed = 1}, lib) != 0) {
        mem_free(w);
        library_free(lib);
        music_set_free(&set);
        return;
    }
    int played[8], n = 0;
    for (int f = 0; f < 20; f++) {
        world_step(w, 0);
        for (int i = 0; i < w->event_count; i++)
            if (w->events[i].kind == WORLD_EVENT_MUSIC && n < 8)
                played[n++] = music_set_cue(&set, world_string(w, w->events[i].value),
                                            world_stage_name(w), note, sizeof note);
    }
    CHECK_EQ_INT(n, 4);
    CHECK(strcmp(world_stage_name(w), "stage2") == 0);
    CHECK_EQ_INT(played[0], music_set_find(&set, "stage2"));
    CHECK_EQ_INT(played[1], music_set_find(&set, "stage2_boss"));
    CHECK_EQ_INT(played[2], music_set_find(&set, "stage3_boss"));
    CHECK_EQ_INT(played[3], -1);
    world_free(w);
    mem_free(w);
    library_free(lib);
    music_set_free(&set);
}

/* The example score of docs/music.md reads, and plays what the page says. */
static void music_test_docs(const char *md)
{
    size_t len;
    char err[512];
    char *text = file_read_all(md, &len, err, sizeof err);
    CHECK(text != NULL);
    if (!text)
        return;
    char *start = strstr(text, "```mml\n");
    char *end = start ? strstr(start + 7, "```") : NULL;
    CHECK(start && end);
    if (start && end) {
        start += 7;
        score_sheet s;
        CHECK_EQ_INT(
            score_parse(&s, "docs/music.md", start, (size_t)(end - start), err, sizeof err), 0);
        /* An intro bar, then four bars that loop; every channel ends together. */
        CHECK_EQ_INT(s.loop, SCORE_TICKS_WHOLE);
        CHECK_EQ_INT(s.end, 5 * SCORE_TICKS_WHOLE);
        for (int c = 0; c < s.channel_count; c++)
            CHECK_EQ_INT(s.channel_end[c], s.end);
        music_track a, b;
        CHECK_EQ_INT(music_render(&s, &a, NULL), 0);
        CHECK_EQ_INT(music_render(&s, &b, NULL), 0);
        /* The same bytes every time; the loop starts after the intro bar. */
        CHECK(a.length == b.length && memcmp(a.samples, b.samples, a.length * 2) == 0);
        CHECK_EQ_INT(a.loop, (uint32_t)(score_seconds(&s, s.loop) * SYNTH_RATE + 0.5));
        music_track_free(&a);
        music_track_free(&b);
        /* Cancelled: no track, nothing left allocated. */
        atomic_int cancel = 1;
        int64_t live = mem_live_blocks();
        CHECK_EQ_INT(music_render(&s, &a, &cancel), -1);
        CHECK(a.samples == NULL && a.length == 0);
        CHECK_EQ_INT(mem_live_blocks(), live);
        score_free(&s);
    }
    mem_free(text);
}

/* A looping voice goes on from its loop start: the intro plays once. */
static void music_test_mixer_loop(void)
{
    static int16_t samples[8] = {100, 200, 300, 400, 500, 600, 700, 800};
    mixer m;
    mixer_init(&m);
    mixer_sound s = {samples, 8, 0, 1, 5, 0};
    CHECK(mixer_play(&m, &s, 1.0f, 0.0f, MIXER_BUS_MUSIC, 1) >= 0);
    int16_t out[2 * 12];
    mixer_mix(&m, out, 12);
    static const int16_t want[12] = {100, 200, 300, 400, 500, 600, 700, 800, 600, 700, 800, 600};
    int same = 1;
    for (int i = 0; i < 12; i++)
        same &= out[2 * i] == want[i];
    CHECK(same);
    /* Faded out over 4 samples: the level falls to nothing, then the voice is free. */
    mixer_fade_bus(&m, MIXER_BUS_MUSIC, 4);
    mixer_mix(&m, out, 6);
    static const int16_t faded[6] = {700, 800 * 3 / 4, 600 / 2, 0, 0, 0};
    same = 1;
    for (int i = 0; i < 6; i++)
        same &= out[2 * i] == faded[i];
    CHECK(same);
    CHECK_EQ_INT(mixer_active(&m), 0);
}

/* Out of memory at every allocation of loading a set: a clean failure, no leak. */
static void music_test_oom(const char *patterns)
{
    char dir[1024];
    snprintf(dir, sizeof dir, "%s/music", patterns);
    static music_set set;
    int64_t live = mem_live_blocks();
    int done = 0;
    for (uint64_t n = 1; n < 200 && !done; n++) {
        uint64_t failed = mem_get_stats().failed;
        mem_fail_at(n);
        music_set_load(&set, dir, NULL);
        mem_fail_at(0);
        done = mem_get_stats().failed == failed;
        CHECK(done || set.error_count > 0); /* every failure is told */
        music_set_free(&set);
        CHECK_EQ_INT(mem_live_blocks(), live);
    }
    CHECK(done);
    /* A stream that runs out of memory at any of its allocations says so and
     * leaves nothing allocated. */
    music_set_load(&set, dir, NULL);
    int title = music_set_find(&set, "title");
    CHECK(title >= 0);
    done = 0;
    for (uint64_t n = 1; n < 50 && !done && title >= 0; n++) {
        int64_t before = mem_live_blocks();
        music_stream m;
        mem_fail_at(n);
        int rc = music_stream_start(&m, &set.themes[title].score, 0.25);
        mem_fail_at(0);
        done = rc == 0;
        if (rc == 0) {
            CHECK(music_stream_render(&m, MUSIC_STREAM_CHUNK) == MUSIC_STREAM_CHUNK);
            music_stream_free(&m);
        }
        CHECK_EQ_INT(mem_live_blocks(), before);
    }
    CHECK(done);
    music_set_free(&set);
}

int main(int argc, char **argv)
{
    const char *patterns = argc > 1 ? argv[1] : CURTAIN_TEST_PATTERNS;
    music_test_good();
    music_test_errors();
    music_test_bounds();
    music_test_mixer_loop();
    music_test_cues(patterns);
    music_test_mod(patterns);
    music_test_set_bounds(patterns);
    music_test_boss_stage(patterns);
    music_test_stage_cues(patterns);
    music_test_oom(patterns);
    if (argc > 2)
        music_test_docs(argv[2]);
    music_test_shipped(patterns);
    return check_done("music");
}
