/*
 * music: rendering scores into tracks, and the set of themes with their cues
 * (see music.h).
 */
#include "audio/music.h"

#include "audio/instrument.h"
#include "audio/synth.h"
#include "audio/vorbis.h"
#include "core/file.h"
#include "core/hash.h"
#include "core/mem.h"
#include "core/rng.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MUSIC_SEED 0x6d75736963ull

/* The gain of a score volume (1..15): a gentle curve, v15 full, v8 about 0.4. */
static float music_gain(int volume)
{
    float v = (float)volume / 15.0f;
    return v * (0.35f + 0.65f * v);
}

/* The synth layers of every note of the score. Returns the count, or -1. */
static int music_layers(const score_sheet *s, synth_layer **out)
{
    *out = mem_alloc((size_t)s->count * INSTRUMENT_LAYERS * sizeof **out);
    if (!*out)
        return -1;
    int n = 0;
    for (uint32_t i = 0; i < s->count; i++) {
        const score_note *note = &s->notes[i];
        n += instrument_note(
            (instrument_id)note->instrument, note->pitch, (float)score_seconds(s, note->start),
            (float)score_seconds(s, note->ticks), music_gain(note->volume), *out + n);
    }
    return n;
}

/* Folds what rings past the loop's end back onto its start: after the end the
 * track goes on from the loop point, where that ringing belongs. */
static void music_fold(float *buf, size_t total, size_t end, size_t loop)
{
    size_t span = end - loop;
    for (size_t i = end; i < total; i++)
        buf[loop + (i - end) % span] += buf[i];
}

/* The gain that brings buf to MUSIC_RMS with no sample above MUSIC_PEAK. */
static double music_scale(const float *buf, size_t length)
{
    double sum = 0.0, max = 0.0;
    for (size_t i = 0; i < length; i++) {
        double v = buf[i], a = v < 0 ? -v : v;
        sum += v * v;
        max = a > max ? a : max;
    }
    double rms = length ? synth_exp(0.5 * synth_log(sum / (double)length)) : 0.0;
    double scale = rms > 0.0 ? MUSIC_RMS / rms : 0.0;
    if (max * scale > MUSIC_PEAK)
        scale = MUSIC_PEAK / max;
    return scale;
}

/* buf at gain scale, as 16-bit samples. */
static void music_convert(const float *buf, size_t length, double scale, int16_t *out)
{
    for (size_t i = 0; i < length; i++) {
        double v = buf[i] * scale * 32767.0;
        double r = v < 0 ? v - 0.5 : v + 0.5;
        out[i] = (int16_t)(r > 32767.0 ? 32767.0 : r < -32767.0 ? -32767.0 : r);
    }
}

/* The samples of a track (its end), its loop point and what is rendered past
 * the end to be folded back (the releases). */
static void music_spans(const score_sheet *s, size_t *end, size_t *loop, size_t *total)
{
    *end = (size_t)(score_seconds(s, s->end) * SYNTH_RATE + 0.5);
    *loop = (size_t)(score_seconds(s, s->loop) * SYNTH_RATE + 0.5);
    *total = *end + (size_t)(2.0f * INSTRUMENT_TAIL * SYNTH_RATE);
}

size_t music_render_size(const score_sheet *s)
{
    size_t end, loop, total;
    music_spans(s, &end, &loop, &total);
    return (size_t)s->count * INSTRUMENT_LAYERS * sizeof(synth_layer) + total * sizeof(float) +
           end * sizeof(int16_t);
}

int music_render(const score_sheet *s, music_track *t, atomic_int *cancel)
{
    memset(t, 0, sizeof *t);
    size_t end, loop, total;
    music_spans(s, &end, &loop, &total);
    if (end == 0 || loop >= end)
        return -1;
    synth_layer *layers = NULL;
    int count = music_layers(s, &layers);
    float *buf = count >= 0 ? mem_calloc(total, sizeof *buf) : NULL;
    t->samples = buf ? mem_alloc(end * sizeof *t->samples) : NULL;
    if (!t->samples) {
        mem_free(layers);
        mem_free(buf);
        return -1;
    }
    /* Layer by layer (each with the seed synth_render would give it), so that a
     * cancel is seen within a few milliseconds. */
    for (int i = 0; i < count; i++) {
        if (cancel && (i & 63) == 0 && atomic_load(cancel)) {
            mem_free(layers);
            mem_free(buf);
            music_track_free(t);
            return -1;
        }
        synth_render(buf, total, layers + i, 1, MUSIC_SEED + (uint64_t)i);
    }
    music_fold(buf, total, end, loop);
    t->scale = music_scale(buf, end);
    music_convert(buf, end, t->scale, t->samples);
    t->length = (uint32_t)end;
    t->loop = (uint32_t)loop;
    mem_free(buf);
    mem_free(layers);
    return 0;
}

void music_track_free(music_track *t)
{
    mem_free(t->samples);
    memset(t, 0, sizeof *t);
}

int music_theme_render(const music_theme *th, music_track *t, atomic_int *cancel, char *err,
                       size_t err_size)
{
    char scratch[8];
    if (!err) {
        err = scratch;
        err_size = sizeof scratch;
    }
    if (!th->ogg) {
        int rc = music_render(&th->score, t, cancel);
        if (rc != 0)
            snprintf(err, err_size, "%.300s:1:1: out of memory for the track", th->path);
        return rc;
    }
    memset(t, 0, sizeof *t);
    return vorbis_decode_file(th->path, SYNTH_RATE, MUSIC_RMS, MUSIC_PEAK, &t->samples, &t->length,
                              &t->loop, cancel, err, err_size);
}

/* ---- streaming: a track rendered in order, a piece at a time ---- */

/* The scores whose gain is known before rendering (audio/music_gains.h). */
static const struct {
    uint64_t hash;
    double scale;
} music_gains[] = {
#define MUSIC_GAIN_ROW(name, hash, scale) {hash, scale},
    MUSIC_GAINS(MUSIC_GAIN_ROW)
#undef MUSIC_GAIN_ROW
};

uint64_t music_score_hash(const score_sheet *s)
{
    uint32_t head[4] = {(uint32_t)s->tempo, s->end, s->loop, s->count};
    uint64_t h = hash_buffer(head, sizeof head, 0x6761696e);
    for (uint32_t i = 0; i < s->count; i++) {
        const score_note *n = &s->notes[i];
        uint32_t note[3] = {n->start, n->ticks,
                            (uint32_t)n->instrument << 16 | (uint32_t)n->pitch << 8 | n->volume};
        h = hash_buffer(note, sizeof note, h);
    }
    return h;
}

int music_known_scale(const score_sheet *s, double *scale)
{
    uint64_t h = music_score_hash(s);
    for (size_t i = 0; i < sizeof music_gains / sizeof music_gains[0]; i++)
        if (music_gains[i].hash == h) {
            *scale = music_gains[i].scale;
            return 1;
        }
    return 0;
}

/* Orders the keys of music_stream.order: first sample, then index. */
static int music_cmp_key(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* The layers' sum past the end (what music_render folds back), each sample
 * summed over the layers in index order as music_render sums it. */
static void music_stream_tail(music_stream *m)
{
    size_t span = m->total - m->end;
    for (int i = 0; i < m->count; i++) {
        size_t start = m->starts[i], n = m->lengths[i];
        if (n == 0 || start + n <= m->end)
            continue;
        synth_voice v;
        synth_voice_start(&v, &m->layers[i], n, rng_mix64(MUSIC_SEED + (uint64_t)i));
        while (start + v.i < m->end) { /* up to the end, into the scratch */
            size_t at = start + v.i, k = m->end - at;
            k = k < MUSIC_STREAM_CHUNK ? k : MUSIC_STREAM_CHUNK;
            memset(m->chunk, 0, k * sizeof *m->chunk);
            synth_voice_render(&v, m->chunk, k);
        }
        size_t at = start + v.i - m->end;
        synth_voice_render(&v, m->tail + at, span - at);
    }
}

int music_stream_start(music_stream *m, const score_sheet *s, double scale)
{
    memset(m, 0, sizeof *m);
    music_spans(s, &m->end, &m->loop, &m->total);
    if (m->end == 0 || m->loop >= m->end)
        return -1;
    m->scale = scale;
    m->count = music_layers(s, &m->layers);
    size_t layers = m->count > 0 ? (size_t)m->count : 1;
    m->voices = m->count >= 0 ? mem_alloc(layers * sizeof *m->voices) : NULL;
    m->starts = m->voices ? mem_alloc(layers * sizeof *m->starts) : NULL;
    m->lengths = m->starts ? mem_alloc(layers * sizeof *m->lengths) : NULL;
    m->order = m->lengths ? mem_alloc(layers * sizeof *m->order) : NULL;
    m->active = m->order ? mem_alloc(layers * sizeof *m->active) : NULL;
    m->tail = m->active ? mem_calloc(m->total - m->end, sizeof *m->tail) : NULL;
    m->chunk = m->tail ? mem_alloc(MUSIC_STREAM_CHUNK * sizeof *m->chunk) : NULL;
    m->track.samples = m->chunk ? mem_alloc(m->end * sizeof *m->track.samples) : NULL;
    if (!m->track.samples) {
        music_stream_free(m);
        return -1;
    }
    m->track.length = (uint32_t)m->end;
    m->track.loop = (uint32_t)m->loop;
    m->track.scale = scale;
    for (int i = 0; i < m->count; i++) {
        synth_layer_span(&m->layers[i], m->total, &m->starts[i], &m->lengths[i]);
        m->order[i] = (uint64_t)m->starts[i] << 32 | (uint64_t)i;
    }
    qsort(m->order, (size_t)m->count, sizeof *m->order, music_cmp_key);
    return 0;
}

/* Starts the layers that begin before sample b, each in its place by index. */
static void music_stream_enter(music_stream *m, size_t b)
{
    while (m->next < m->count && (m->order[m->next] >> 32) < b) {
        int i = (int)(m->order[m->next++] & 0xffffffffu);
        if (m->lengths[i] == 0)
            continue;
        synth_voice_start(&m->voices[i], &m->layers[i], m->lengths[i],
                          rng_mix64(MUSIC_SEED + (uint64_t)i));
        int k = m->active_count++;
        while (k > 0 && m->active[k - 1] > i) {
            m->active[k] = m->active[k - 1];
            k--;
        }
        m->active[k] = i;
    }
}

size_t music_stream_render(music_stream *m, size_t count)
{
    size_t a = m->done, b = a + (count < MUSIC_STREAM_CHUNK ? count : MUSIC_STREAM_CHUNK);
    b = b < m->end ? b : m->end;
    if (a >= b)
        return m->done;
    if (b > m->loop && !m->tail_done) { /* the loop's start needs what rings past the end */
        music_stream_tail(m);
        m->tail_done = 1;
    }
    music_stream_enter(m, b);
    memset(m->chunk, 0, (b - a) * sizeof *m->chunk);
    int kept = 0;
    for (int k = 0; k < m->active_count; k++) { /* in index order, as music_render adds */
        int i = m->active[k];
        synth_voice *v = &m->voices[i];
        size_t at = m->starts[i] + v->i, stop = m->starts[i] + m->lengths[i];
        stop = stop < b ? stop : b;
        synth_voice_render(v, m->chunk + (at - a), stop - at);
        if (v->i < v->n)
            m->active[kept++] = i;
    }
    m->active_count = kept;
    size_t span = m->end - m->loop, past = m->total - m->end;
    for (size_t x = a > m->loop ? a : m->loop; x < b; x++) /* music_fold's additions */
        for (size_t i = x - m->loop; i < past; i += span)
            m->chunk[x - a] += m->tail[i];
    music_convert(m->chunk, b - a, m->scale, m->track.samples + a);
    m->done = b;
    return b;
}

void music_stream_free(music_stream *m)
{
    mem_free(m->layers);
    mem_free(m->voices);
    mem_free(m->starts);
    mem_free(m->lengths);
    mem_free(m->order);
    mem_free(m->active);
    mem_free(m->tail);
    mem_free(m->chunk);
    music_track_free(&m->track);
    memset(m, 0, sizeof *m);
}

/* ---- the set of themes ---- */

/* Keeps an error (the first MUSIC_ERRORS of them), counting every one. */
static void music_set_error(music_set *set, const char *msg)
{
    if (set->error_count < MUSIC_ERRORS)
        snprintf(set->errors[set->error_count], sizeof set->errors[0], "%s", msg);
    set->error_count++;
}

/* Whether a file's name ends in ext, with a name before it. */
static int music_has_extension(const char *file, const char *ext)
{
    size_t len = strlen(file), n = strlen(ext);
    return len > n && strcmp(file + len - n, ext) == 0;
}

/* Whether a file's name is a theme's: NAME.mml or NAME.ogg, not hidden. */
static int music_is_score(const char *file)
{
    return file[0] != '.' &&
           (music_has_extension(file, MUSIC_EXTENSION) || music_has_extension(file, MUSIC_OGG));
}

/* Whether the set's themes, with th in place of theme at (-1: added), would
 * last or cost more than the set's bounds; the error says which. */
static int music_set_over(const music_set *set, int at, const music_theme *th, const char *path,
                          char *err, size_t err_size)
{
    double seconds = th->seconds, work = th->work;
    for (int i = 0; i < set->count; i++)
        if (i != at) {
            seconds += set->themes[i].seconds;
            work += set->themes[i].work;
        }
    if (seconds > MUSIC_SET_SECONDS) {
        snprintf(err, err_size,
                 "%.300s:1:1: the themes would last %.0f seconds together, over the %d all themes "
                 "may last: this one is left out",
                 path, seconds, MUSIC_SET_SECONDS);
        return 1;
    }
    if (work > MUSIC_SET_WORK) {
        snprintf(
            err, err_size,
            "%.300s:1:1: the themes would take %.0f seconds of synthesis together, over the %d "
            "all themes may take: this one is left out",
            path, work, MUSIC_SET_WORK);
        return 1;
    }
    return 0;
}

/* An Ogg Vorbis theme's headers (audio/vorbis.h), the file inside dir. */
static int music_read_ogg(music_theme *th, const char *dir, char *err, size_t err_size)
{
    if (!file_inside(th->path, dir)) {
        snprintf(err, err_size, "%.400s:1:1: lies outside its folder (a link out?)", th->path);
        return -1;
    }
    vorbis_facts f;
    if (vorbis_probe(th->path, &f, err, err_size) != 0)
        return -1;
    th->seconds = f.seconds;
    th->work = f.seconds;
    return 0;
}

/* Adds or replaces the theme of file name in dir (a NAME.mml), reading its score. */
static void music_set_add(music_set *set, const char *dir, const char *file)
{
    int ogg = music_has_extension(file, MUSIC_OGG);
    size_t len = strlen(file), ext = strlen(ogg ? MUSIC_OGG : MUSIC_EXTENSION);
    char name[MUSIC_NAME], err[512];
    if (len - ext >= sizeof name) {
        snprintf(err, sizeof err, "%s/%s:1:1: a theme's name is at most %d letters", dir, file,
                 MUSIC_NAME - 1);
        music_set_error(set, err);
        return;
    }
    snprintf(name, sizeof name, "%.*s", (int)(len - ext), file);
    int at = music_set_find(set, name);
    if (at < 0 && set->count >= MUSIC_THEMES) {
        snprintf(err, sizeof err, "%s/%s:1:1: more than %d themes", dir, file, MUSIC_THEMES);
        music_set_error(set, err);
        return;
    }
    music_theme th;
    memset(&th, 0, sizeof th);
    snprintf(th.name, sizeof th.name, "%s", name);
    snprintf(th.path, sizeof th.path, "%s/%s", dir, file);
    th.ogg = ogg;
    if (ogg ? music_read_ogg(&th, dir, err, sizeof err) != 0
            : score_load(&th.score, th.path, err, sizeof err) != 0) {
        music_set_error(set, err);
        return; /* a mod's broken score leaves the theme it would replace */
    }
    if (!ogg) {
        th.seconds = score_seconds(&th.score, th.score.end);
        th.work = th.score.work;
    }
    if (music_set_over(set, at, &th, th.path, err, sizeof err)) {
        music_set_error(set, err);
        score_free(&th.score);
        return;
    }
    if (at >= 0) {
        score_free(&set->themes[at].score);
        set->themes[at] = th;
    } else {
        set->themes[set->count++] = th;
    }
}

static int music_cmp_name(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Adds every score of dir, in name order (so that what loads is the same on every
 * system). */
static void music_set_scan(music_set *set, const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    char *names[MUSIC_THEMES * 2];
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (!music_is_score(e->d_name))
            continue;
        if (n == MUSIC_THEMES * 2) {
            char err[512];
            snprintf(err, sizeof err, "%.400s: more than %d scores in the folder", dir, n);
            music_set_error(set, err);
            break;
        }
        char *copy = mem_strdup(e->d_name);
        if (copy)
            names[n++] = copy;
        else
            music_set_error(set, "out of memory while reading the music folder");
    }
    closedir(d);
    qsort(names, (size_t)n, sizeof *names, music_cmp_name);
    for (int i = 0; i < n; i++) {
        music_set_add(set, dir, names[i]);
        mem_free(names[i]);
    }
}

int music_set_load(music_set *set, const char *dir, const char *mod_dir)
{
    memset(set, 0, sizeof *set);
    music_set_scan(set, dir);
    if (mod_dir) {
        char sub[1024];
        if (snprintf(sub, sizeof sub, "%s/%s", mod_dir, MUSIC_FOLDER) < (int)sizeof sub)
            music_set_scan(set, sub);
    }
    return set->count;
}

void music_set_free(music_set *set)
{
    for (int i = 0; i < set->count; i++)
        score_free(&set->themes[i].score);
    set->count = 0;
    set->error_count = 0;
}

int music_set_find(const music_set *set, const char *name)
{
    for (int i = 0; i < set->count; i++)
        if (strcmp(set->themes[i].name, name) == 0)
            return i;
    return -1;
}

int music_set_cue(const music_set *set, const char *cue, const char *stage, char *note,
                  size_t note_size)
{
    note[0] = '\0';
    if (strcmp(cue, "none") == 0 || strcmp(cue, "off") == 0)
        return -1;
    int boss = strcmp(cue, "boss") == 0, own = boss || strcmp(cue, "stage") == 0;
    char name[2 * MUSIC_NAME + 8];
    if (own)
        snprintf(name, sizeof name, "%s%s", stage && stage[0] ? stage : "stage1",
                 boss ? "_boss" : "");
    else
        snprintf(name, sizeof name, "%s", cue);
    int at = music_set_find(set, name);
    if (at >= 0)
        return at;
    const char *fallback = boss ? "stage1_boss" : "stage1";
    at = music_set_find(set, fallback);
    if (at >= 0)
        snprintf(note, note_size, "no theme '%s' (music/%s%s): playing '%s'", name, name,
                 MUSIC_EXTENSION, fallback);
    else
        snprintf(note, note_size, "no theme '%s' (music/%s%s), nor '%s' to fall back on", name,
                 name, MUSIC_EXTENSION, fallback);
    return at;
}
