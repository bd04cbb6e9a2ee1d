/*
 * vorbis: Ogg Vorbis files to music tracks through libvorbisfile (see vorbis.h).
 */
#include "audio/vorbis.h"

#include "audio/score.h"
#include "core/file.h"
#include "core/mem.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vorbis/vorbisfile.h>

/* Where the bytes come from: a file, or memory. */
typedef struct vorbis_source {
    FILE *file;
    const uint8_t *data;
    size_t size, pos;
} vorbis_source;

static size_t vorbis_read(void *ptr, size_t size, size_t nmemb, void *user)
{
    vorbis_source *s = user;
    if (s->file)
        return fread(ptr, size, nmemb, s->file);
    size_t want = size * nmemb, left = s->size - s->pos;
    size_t n = want < left ? want : left;
    memcpy(ptr, s->data + s->pos, n);
    s->pos += n;
    return size ? n / size : 0;
}

static int vorbis_seek(void *user, ogg_int64_t offset, int whence)
{
    vorbis_source *s = user;
    if (s->file)
        return fseeko(s->file, (off_t)offset, whence);
    int64_t base = whence == SEEK_SET ? 0 : whence == SEEK_CUR ? (int64_t)s->pos : (int64_t)s->size;
    int64_t to = base + offset;
    if (to < 0 || to > (int64_t)s->size)
        return -1;
    s->pos = (size_t)to;
    return 0;
}

static long vorbis_tell(void *user)
{
    vorbis_source *s = user;
    return s->file ? (long)ftello(s->file) : (long)s->pos;
}

static const ov_callbacks vorbis_callbacks = {vorbis_read, vorbis_seek, NULL, vorbis_tell};

/* What libvorbisfile's error code means. */
static const char *vorbis_reason(int rc)
{
    switch (rc) {
    case OV_ENOTVORBIS: return "not an Ogg Vorbis file";
    case OV_EBADHEADER: return "a damaged Vorbis header";
    case OV_EVERSION: return "a Vorbis version this decoder does not read";
    case OV_EREAD: return "the file cannot be read";
    case OV_EBADLINK: return "a damaged link in the stream";
    case OV_HOLE: return "data missing in the stream";
    default: return "a damaged Ogg Vorbis stream";
    }
}

/* A comment's value as a whole number of samples, or -1 if absent; -2 if bad. */
static int64_t vorbis_tag(vorbis_comment *vc, const char *tag)
{
    const char *v = vorbis_comment_query(vc, tag, 0);
    if (!v)
        return -1;
    int64_t n = 0;
    if (!*v)
        return -2;
    for (; *v; v++) {
        if (*v < '0' || *v > '9' || n > (int64_t)1 << 40)
            return -2;
        n = n * 10 + (*v - '0');
    }
    return n;
}

/* Checks the open stream's headers and loop comments into f. Returns 0, or -1
 * with "name:1:1: why". */
static int vorbis_facts_of(OggVorbis_File *vf, const char *name, vorbis_facts *f, char *err,
                           size_t err_size)
{
    memset(f, 0, sizeof *f);
    vorbis_info *vi = ov_info(vf, -1);
    if (!vi) {
        snprintf(err, err_size, "%s:1:1: no Vorbis stream", name);
        return -1;
    }
    f->channels = vi->channels;
    f->rate = vi->rate > 0 ? (uint32_t)vi->rate : 0;
    if (f->channels < 1 || f->channels > 2) {
        snprintf(err, err_size, "%s:1:1: %d channels (mono or stereo are read)", name, f->channels);
        return -1;
    }
    if (vi->rate < VORBIS_MIN_RATE || vi->rate > VORBIS_MAX_RATE) {
        snprintf(err, err_size, "%s:1:1: a rate of %ld Hz (%d to %d are read)", name, vi->rate,
                 VORBIS_MIN_RATE, VORBIS_MAX_RATE);
        return -1;
    }
    for (int i = 1; i < ov_streams(vf); i++) { /* chained: every link alike */
        vorbis_info *li = ov_info(vf, i);
        if (!li || li->channels != vi->channels || li->rate != vi->rate) {
            snprintf(err, err_size, "%s:1:1: its link %d changes the rate or the channels", name,
                     i + 1);
            return -1;
        }
    }
    ogg_int64_t total = ov_pcm_total(vf, -1);
    if (total <= 0) {
        snprintf(err, err_size, "%s:1:1: no length (an empty or unseekable stream)", name);
        return -1;
    }
    f->frames = (uint64_t)total;
    vorbis_comment *vc = ov_comment(vf, -1);
    int64_t start = vc ? vorbis_tag(vc, "LOOPSTART") : -1;
    int64_t length = vc ? vorbis_tag(vc, "LOOPLENGTH") : -1;
    int64_t end = vc ? vorbis_tag(vc, "LOOPEND") : -1;
    if (start == -2 || length == -2 || end == -2) {
        snprintf(err, err_size,
                 "%s:1:1: LOOPSTART, LOOPLENGTH and LOOPEND are whole numbers of "
                 "samples",
                 name);
        return -1;
    }
    f->loop_start = start > 0 ? (uint64_t)start : 0;
    f->loop_end = length > 0 ? f->loop_start + (uint64_t)length
                  : end > 0  ? (uint64_t)end
                             : f->frames;
    if (f->loop_end > f->frames || f->loop_start >= f->loop_end) {
        snprintf(err, err_size,
                 "%s:1:1: the loop from sample %llu to %llu is not inside the %llu samples", name,
                 (unsigned long long)f->loop_start, (unsigned long long)f->loop_end,
                 (unsigned long long)f->frames);
        return -1;
    }
    f->seconds = (double)f->loop_end / f->rate;
    if (f->seconds > SCORE_SECONDS_MAX) {
        snprintf(err, err_size, "%s:1:1: the track lasts %.1f seconds (a theme is at most %d)",
                 name, f->seconds, SCORE_SECONDS_MAX);
        return -1;
    }
    return 0;
}

/* Brings n samples to rms with no sample above peak (fractions of full scale). */
static void vorbis_level(int16_t *s, size_t n, float rms, float peak)
{
    double sum = 0.0, max = 0.0;
    for (size_t i = 0; i < n; i++) {
        double v = s[i];
        sum += v * v;
        max = v < 0 ? (-v > max ? -v : max) : (v > max ? v : max);
    }
    if (sum <= 0.0)
        return;
    double now = 0.0, x = sum / (double)n;
    for (now = x > 1.0 ? x : 1.0; now * now > x + 1e-6 * x;) /* square root, Newton */
        now = 0.5 * (now + x / now);
    double scale = rms * 32767.0 / now;
    if (max * scale > peak * 32767.0)
        scale = peak * 32767.0 / max;
    for (size_t i = 0; i < n; i++) {
        double v = s[i] * scale;
        double r = v < 0 ? v - 0.5 : v + 0.5;
        s[i] = (int16_t)(r > 32767.0 ? 32767.0 : r < -32767.0 ? -32767.0 : r);
    }
}

/* Decodes the open stream to its loop's end into *out, resampled to rate. */
static int vorbis_decode(OggVorbis_File *vf, const char *name, int rate, float rms, float peak,
                         int16_t **out, uint32_t *length, uint32_t *loop, atomic_int *cancel,
                         char *err, size_t err_size)
{
    vorbis_facts f;
    if (vorbis_facts_of(vf, name, &f, err, err_size) != 0)
        return -1;
    uint64_t n = (f.loop_end * (uint64_t)rate + f.rate - 1) / f.rate;
    int16_t *s = mem_alloc((size_t)n * sizeof *s);
    if (!s) {
        snprintf(err, err_size, "%s:1:1: out of memory for %llu samples", name,
                 (unsigned long long)n);
        return -1;
    }
    /* Output j sits at j * f.rate / rate in the input: it is made once input
     * samples idx and idx + 1 are known (linear interpolation, as audio/wav). */
    uint64_t in = 0, j = 0;
    int32_t prev = 0;
    int holes = 0;
    while (j < n) {
        if (cancel && atomic_load(cancel)) {
            mem_free(s);
            snprintf(err, err_size, "%s:1:1: cancelled", name);
            return -1;
        }
        float **pcm = NULL;
        int bitstream = 0;
        long got = ov_read_float(vf, &pcm, 4096, &bitstream);
        if (got == OV_HOLE && ++holes < 64)
            continue; /* a gap in a damaged file: go on after it */
        if (got < 0) {
            mem_free(s);
            snprintf(err, err_size, "%s:1:1: %s", name, vorbis_reason((int)got));
            return -1;
        }
        if (got == 0)
            break; /* ended before its header said: the rest is the last sample held */
        for (long i = 0; i < got && j < n; i++) {
            float v = pcm[0][i];
            if (f.channels == 2)
                v = 0.5f * (v + pcm[1][i]);
            v = v > 1.0f ? 1.0f : v < -1.0f ? -1.0f : (v == v ? v : 0.0f);
            int32_t cur = (int32_t)(v * 32767.0f);
            /* outputs between input in - 1 and in */
            while (j < n && in > 0 && (j * f.rate) / (uint64_t)rate == in - 1) {
                int64_t frac = (int64_t)((j * f.rate) % (uint64_t)rate);
                s[j++] = (int16_t)(prev + ((int64_t)(cur - prev) * frac) / rate);
            }
            prev = cur;
            in++;
        }
    }
    while (j < n) /* the last input sample, and past it */
        s[j++] = (int16_t)prev;
    vorbis_level(s, (size_t)n, rms, peak);
    *out = s;
    *length = (uint32_t)n;
    *loop = (uint32_t)((f.loop_start * (uint64_t)rate + f.rate / 2) / f.rate);
    if (*loop >= *length)
        *loop = 0;
    return 0;
}

/* Opens src as a stream named name; on failure, the reason in err. */
static int vorbis_open(vorbis_source *src, OggVorbis_File *vf, const char *name, char *err,
                       size_t err_size)
{
    int rc = ov_open_callbacks(src, vf, NULL, 0, vorbis_callbacks);
    if (rc != 0) {
        snprintf(err, err_size, "%s:1:1: %s", name, vorbis_reason(rc));
        return -1;
    }
    return 0;
}

/* Opens path for reading, within VORBIS_MAX_BYTES. */
static FILE *vorbis_fopen(const char *path, char *err, size_t err_size)
{
    char why[512];
    if (file_check_limit(path, VORBIS_MAX_BYTES, why, sizeof why) != 0) {
        snprintf(err, err_size, "%s:1:1: %s", path, file_error_reason(why, path));
        return NULL;
    }
    FILE *fp = fopen(path, "rb");
    if (!fp)
        snprintf(err, err_size, "%s:1:1: cannot open", path);
    return fp;
}

int vorbis_probe(const char *path, vorbis_facts *f, char *err, size_t err_size)
{
    vorbis_source src = {vorbis_fopen(path, err, err_size), NULL, 0, 0};
    if (!src.file)
        return -1;
    OggVorbis_File vf;
    int rc = vorbis_open(&src, &vf, path, err, err_size);
    if (rc == 0) {
        rc = vorbis_facts_of(&vf, path, f, err, err_size);
        ov_clear(&vf);
    }
    fclose(src.file);
    return rc;
}

int vorbis_decode_file(const char *path, int rate, float rms, float peak, int16_t **out,
                       uint32_t *length, uint32_t *loop, atomic_int *cancel, char *err,
                       size_t err_size)
{
    *out = NULL;
    *length = *loop = 0;
    vorbis_source src = {vorbis_fopen(path, err, err_size), NULL, 0, 0};
    if (!src.file)
        return -1;
    OggVorbis_File vf;
    int rc = vorbis_open(&src, &vf, path, err, err_size);
    if (rc == 0) {
        rc = vorbis_decode(&vf, path, rate, rms, peak, out, length, loop, cancel, err, err_size);
        ov_clear(&vf);
    }
    fclose(src.file);
    return rc;
}

int vorbis_decode_memory(const uint8_t *data, size_t size, const char *name, int rate, float rms,
                         float peak, int16_t **out, uint32_t *length, uint32_t *loop, char *err,
                         size_t err_size)
{
    *out = NULL;
    *length = *loop = 0;
    vorbis_source src = {NULL, data, size, 0};
    OggVorbis_File vf;
    if (vorbis_open(&src, &vf, name, err, err_size) != 0)
        return -1;
    int rc = vorbis_decode(&vf, name, rate, rms, peak, out, length, loop, NULL, err, err_size);
    ov_clear(&vf);
    return rc;
}
