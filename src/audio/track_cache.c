/*
 * track_cache: a theme's rendered track in a file, checked on the way back in
 * (see track_cache.h).
 */
#include "audio/track_cache.h"

#include "audio/synth.h"
#include "core/bytes.h"
#include "core/file.h"
#include "core/hash.h"
#include "core/mem.h"

#include <dirent.h>
#include <stdio.h>
#include <string.h>

#define TRACK_CACHE_MAGIC  "curtain track 1\n" /* 16 bytes */
#define TRACK_CACHE_HEADER (16 + 8 + 4 + 4 + 8)
#define TRACK_CACHE_MAX    (TRACK_CACHE_HEADER + 2 * ((size_t)SCORE_SECONDS_MAX * SYNTH_RATE + 1))

/* A reference score through every instrument: its track's hash changes when
 * the synthesizer, an instrument or the renderer does. Made once. */
static uint64_t track_cache_fingerprint(void)
{
    static uint64_t fingerprint;
    if (fingerprint)
        return fingerprint;
    static const char ref[] = "tempo 240\n"
                              "a: @lead o4 c8 @saw d8 @flute e8 @bell f8 @pluck g8 L @pad a8\n"
                              "b: @strings o3 c4 @bass d4 @sub e8 @kit c16 d16 e16 f16 g8\n";
    score_sheet s;
    char err[256];
    music_track t;
    uint64_t h = 1;
    if (score_parse(&s, "ref.mml", ref, sizeof ref - 1, err, sizeof err) == 0) {
        if (music_render(&s, &t, NULL) == 0) {
            h = hash_buffer(t.samples, t.length * sizeof *t.samples, t.length ^ t.loop);
            music_track_free(&t);
        }
        score_free(&s);
    }
    fingerprint = h ? h : 1;
    return fingerprint;
}

uint64_t track_cache_key(const music_theme *th)
{
    if (th->ogg)
        return 0;
    size_t size = 0;
    char *text = file_read_limit(th->path, SCORE_TEXT_MAX, &size, NULL, 0);
    if (!text)
        return 0;
    hasher hs;
    hash_begin(&hs, track_cache_fingerprint());
    hash_bytes(&hs, text, size);
    hash_u32(&hs, SYNTH_RATE);
    hash_f32(&hs, MUSIC_RMS);
    hash_f32(&hs, MUSIC_PEAK);
    mem_free(text);
    uint64_t key = hash_end(&hs);
    return key ? key : 1;
}

/* dir/NAME.track into out. */
static int track_cache_path(char *out, size_t size, const char *dir, const music_theme *th)
{
    return snprintf(out, size, "%s/%s%s", dir, th->name, TRACK_CACHE_EXT) < (int)size ? 0 : -1;
}

int track_cache_load(const char *dir, const music_theme *th, uint64_t key, music_track *t)
{
    memset(t, 0, sizeof *t);
    char path[1200];
    if (!key || track_cache_path(path, sizeof path, dir, th) != 0)
        return -1;
    size_t size = 0;
    char *data = file_read_limit(path, TRACK_CACHE_MAX, &size, NULL, 0);
    if (!data)
        return -1;
    byte_reader r;
    byte_reader_init(&r, data, size);
    char magic[16];
    bytes_get_raw(&r, magic, sizeof magic);
    uint64_t k = bytes_get_u64(&r);
    uint32_t length = bytes_get_u32(&r), loop = bytes_get_u32(&r);
    uint64_t sum = bytes_get_u64(&r);
    int ok = !r.failed && memcmp(magic, TRACK_CACHE_MAGIC, 16) == 0 && k == key && length > 0 &&
             loop < length && size == TRACK_CACHE_HEADER + 2 * (size_t)length;
    if (ok) {
        t->samples = mem_alloc((size_t)length * sizeof *t->samples);
        ok = t->samples != NULL;
    }
    if (ok) {
        for (uint32_t i = 0; i < length; i++)
            t->samples[i] = (int16_t)bytes_get_u16(&r);
        ok = !r.failed && hash_buffer(t->samples, (size_t)length * sizeof *t->samples, key) == sum;
    }
    mem_free(data);
    if (!ok) {
        music_track_free(t);
        return -1;
    }
    t->length = length;
    t->loop = loop;
    return 0;
}

/* The number of track files in dir. */
static int track_cache_count(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return 0;
    int n = 0;
    size_t ext = strlen(TRACK_CACHE_EXT);
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        size_t len = strlen(e->d_name);
        n += len > ext && strcmp(e->d_name + len - ext, TRACK_CACHE_EXT) == 0;
    }
    closedir(d);
    return n;
}

int track_cache_save(const char *dir, const music_theme *th, uint64_t key, const music_track *t,
                     char *err, size_t err_size)
{
    char path[1200];
    if (!key || track_cache_path(path, sizeof path, dir, th) != 0) {
        snprintf(err, err_size, "%s: no key or too long a path", th->name);
        return -1;
    }
    if (file_make_dirs(dir) != 0) {
        snprintf(err, err_size, "%s: cannot make the folder", dir);
        return -1;
    }
    if (!file_exists(path) && track_cache_count(dir) >= TRACK_CACHE_FILES) {
        snprintf(err, err_size, "%s: already holds %d tracks", dir, TRACK_CACHE_FILES);
        return -1;
    }
    byte_writer w;
    byte_writer_init(&w, TRACK_CACHE_HEADER + 2 * (size_t)t->length);
    bytes_put_raw(&w, TRACK_CACHE_MAGIC, 16);
    bytes_put_u64(&w, key);
    bytes_put_u32(&w, t->length);
    bytes_put_u32(&w, t->loop);
    bytes_put_u64(&w, hash_buffer(t->samples, (size_t)t->length * sizeof *t->samples, key));
    for (uint32_t i = 0; i < t->length; i++)
        bytes_put_u16(&w, (uint16_t)t->samples[i]);
    int rc = -1;
    if (w.failed)
        snprintf(err, err_size, "%s: out of memory", path);
    else
        rc = file_write_atomic(path, w.data, w.len, err, err_size);
    byte_writer_free(&w);
    return rc;
}
