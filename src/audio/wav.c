/*
 * wav: a RIFF/WAVE header and little-endian samples (see wav.h).
 */
#include "audio/wav.h"

#include "core/file.h"
#include "core/mem.h"

#include <stdio.h>
#include <string.h>

static uint8_t *wav_put32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        *p++ = (uint8_t)(v >> (8 * i));
    return p;
}

static uint8_t *wav_put16(uint8_t *p, uint16_t v)
{
    *p++ = (uint8_t)v;
    *p++ = (uint8_t)(v >> 8);
    return p;
}

int wav_write(const char *path, const int16_t *samples, size_t frames, int channels, int rate,
              char *err, size_t err_size)
{
    size_t data = frames * (size_t)channels * 2;
    if (data > 0xffffffffu - 44) {
        snprintf(err, err_size, "%s: too long for a WAV file", path);
        return -1;
    }
    uint8_t *buf = mem_alloc(44 + data);
    if (!buf) {
        snprintf(err, err_size, "%s: out of memory", path);
        return -1;
    }
    uint8_t *p = buf;
    memcpy(p, "RIFF", 4);
    p = wav_put32(p + 4, (uint32_t)(36 + data));
    memcpy(p, "WAVEfmt ", 8);
    p = wav_put32(p + 8, 16);
    p = wav_put16(p, 1); /* PCM */
    p = wav_put16(p, (uint16_t)channels);
    p = wav_put32(p, (uint32_t)rate);
    p = wav_put32(p, (uint32_t)(rate * channels * 2));
    p = wav_put16(p, (uint16_t)(channels * 2));
    p = wav_put16(p, 16);
    memcpy(p, "data", 4);
    p = wav_put32(p + 4, (uint32_t)data);
    for (size_t i = 0; i < frames * (size_t)channels; i++)
        p = wav_put16(p, (uint16_t)samples[i]);
    int rc = file_write_atomic(path, buf, 44 + data, err, err_size);
    mem_free(buf);
    return rc;
}

/* ---- reading ---- */

static uint32_t wav_get32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint16_t wav_get16(const uint8_t *p)
{
    return (uint16_t)(p[0] | p[1] << 8);
}

/* What the fmt chunk says, and where the samples are. */
typedef struct wav_format {
    int tag;      /* 1: integer PCM, 3: IEEE float */
    int channels; /* 1 or 2 */
    uint32_t rate;
    int bits;
    const uint8_t *data; /* the first frame */
    size_t frames;
} wav_format;

/* Checks the fmt chunk (size bytes at p, at byte `at` of the file) into f.
 * Returns 0, or -1 with the reason. */
static int wav_read_fmt(const uint8_t *p, uint32_t size, size_t at, wav_format *f, char *err,
                        size_t err_size)
{
    if (size < 16) {
        snprintf(err, err_size, "the fmt chunk at byte %zu is %u bytes (at least 16)", at, size);
        return -1;
    }
    f->tag = wav_get16(p);
    f->channels = wav_get16(p + 2);
    f->rate = wav_get32(p + 4);
    int align = wav_get16(p + 12);
    f->bits = wav_get16(p + 14);
    if (f->tag == 0xfffe) { /* WAVE_FORMAT_EXTENSIBLE: the real tag opens the sub-format */
        if (size < 40) {
            snprintf(err, err_size, "the extensible fmt chunk at byte %zu is %u bytes (40)", at,
                     size);
            return -1;
        }
        f->tag = wav_get16(p + 24);
    }
    if (f->tag != 1 && f->tag != 3) {
        snprintf(err, err_size,
                 "format %d at byte %zu: compressed or unknown (integer PCM or float are read)",
                 f->tag, at);
        return -1;
    }
    if (f->channels < 1 || f->channels > 2) {
        snprintf(err, err_size, "%d channels at byte %zu (mono or stereo are read)", f->channels,
                 at + 2);
        return -1;
    }
    if (f->rate < WAV_MIN_RATE || f->rate > WAV_MAX_RATE) {
        snprintf(err, err_size, "a rate of %u Hz at byte %zu (%d to %d are read)", f->rate, at + 4,
                 WAV_MIN_RATE, WAV_MAX_RATE);
        return -1;
    }
    int ok = f->tag == 1 ? (f->bits == 8 || f->bits == 16 || f->bits == 24 || f->bits == 32)
                         : (f->bits == 32 || f->bits == 64);
    if (!ok) {
        snprintf(err, err_size, "%d-bit %s samples at byte %zu (%s are read)", f->bits,
                 f->tag == 1 ? "integer" : "float", at + 14,
                 f->tag == 1 ? "8, 16, 24 or 32" : "32 or 64");
        return -1;
    }
    if (align != f->channels * f->bits / 8) {
        snprintf(err, err_size, "a frame of %d bytes at byte %zu (%d channels of %d bits are %d)",
                 align, at + 12, f->channels, f->bits, f->channels * f->bits / 8);
        return -1;
    }
    return 0;
}

/* Walks the chunks after "WAVE" to the fmt and data chunks. Returns 0, or -1. */
static int wav_parse(const uint8_t *data, size_t size, wav_format *f, char *err, size_t err_size)
{
    if (size < 12 || memcmp(data, "RIFF", 4) != 0 || memcmp(data + 8, "WAVE", 4) != 0) {
        snprintf(err, err_size, "not a WAV file (no RIFF/WAVE header)");
        return -1;
    }
    int have_fmt = 0;
    size_t at = 12;
    while (at + 8 <= size) {
        const uint8_t *c = data + at;
        uint32_t len = wav_get32(c + 4);
        if (len > size - at - 8) {
            snprintf(err, err_size,
                     "the '%.4s' chunk at byte %zu runs past the end of the file (cut short?)",
                     (const char *)c, at);
            for (char *q = err; *q; q++) /* a damaged id may hold anything */
                *q = (*q < 32 || *q > 126) ? '?' : *q;
            return -1;
        }
        if (memcmp(c, "fmt ", 4) == 0) {
            if (wav_read_fmt(c + 8, len, at, f, err, err_size) != 0)
                return -1;
            have_fmt = 1;
        } else if (memcmp(c, "data", 4) == 0) {
            if (!have_fmt) {
                snprintf(err, err_size, "the data chunk at byte %zu comes before any fmt chunk",
                         at);
                return -1;
            }
            size_t frame = (size_t)(f->channels * f->bits / 8);
            if (len % frame != 0 || len == 0) {
                snprintf(err, err_size,
                         "the data chunk at byte %zu holds %u bytes, not a whole number of "
                         "%zu-byte frames",
                         at, len, frame);
                return -1;
            }
            f->data = c + 8;
            f->frames = len / frame;
            return 0;
        }
        at += 8 + (size_t)len + (len & 1); /* chunks are padded to even sizes */
    }
    snprintf(err, err_size, have_fmt ? "no data chunk" : "no fmt chunk");
    return -1;
}

/* Sample k of frame i, channel ch, as a 32-bit value of 16-bit scale. */
static int32_t wav_sample(const wav_format *f, size_t i, int ch)
{
    const uint8_t *p = f->data + (i * (size_t)f->channels + (size_t)ch) * (size_t)(f->bits / 8);
    if (f->tag == 3) {
        double v;
        if (f->bits == 32) {
            uint32_t u = wav_get32(p);
            float x;
            memcpy(&x, &u, sizeof x);
            v = x;
        } else {
            uint64_t u = wav_get32(p) | (uint64_t)wav_get32(p + 4) << 32;
            memcpy(&v, &u, sizeof v);
        }
        if (!(v == v))
            v = 0.0; /* NaN: silence */
        v = v > 1.0 ? 1.0 : v < -1.0 ? -1.0 : v;
        v *= 32767.0;
        return (int32_t)(v < 0 ? v - 0.5 : v + 0.5);
    }
    switch (f->bits) {
    case 8: return ((int32_t)p[0] - 128) * 256;
    case 16: return (int16_t)wav_get16(p);
    case 24:
        return (int32_t)((uint32_t)p[0] << 8 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 24) >> 16;
    default: return (int32_t)wav_get32(p) >> 16;
    }
}

/* Frame i as one mono value (stereo averaged). */
static int32_t wav_mono(const wav_format *f, size_t i)
{
    if (f->channels == 1)
        return wav_sample(f, i, 0);
    return (wav_sample(f, i, 0) + wav_sample(f, i, 1)) / 2;
}

int wav_decode(const uint8_t *data, size_t size, int rate, int16_t **out, uint32_t *length,
               char *err, size_t err_size)
{
    *out = NULL;
    *length = 0;
    wav_format f = {0};
    if (wav_parse(data, size, &f, err, err_size) != 0)
        return -1;
    if (f.frames > (size_t)WAV_MAX_SECONDS * f.rate) {
        snprintf(err, err_size, "%.1f seconds long (a sound is at most %d)",
                 (double)f.frames / f.rate, WAV_MAX_SECONDS);
        return -1;
    }
    /* Frame j of the output sits at j * f.rate / rate in the input: linear
     * interpolation in integers, the same samples on every machine. */
    uint64_t n = ((uint64_t)f.frames * (uint64_t)rate + f.rate - 1) / f.rate;
    int16_t *s = mem_alloc((size_t)n * sizeof *s);
    if (!s) {
        snprintf(err, err_size, "out of memory for %llu samples", (unsigned long long)n);
        return -1;
    }
    for (uint64_t j = 0; j < n; j++) {
        uint64_t num = j * f.rate;
        size_t i = (size_t)(num / (uint64_t)rate);
        int64_t frac = (int64_t)(num % (uint64_t)rate);
        int32_t a = wav_mono(&f, i), b = i + 1 < f.frames ? wav_mono(&f, i + 1) : a;
        int64_t v = a + ((int64_t)(b - a) * frac) / rate;
        s[j] = (int16_t)(v > 32767 ? 32767 : v < -32768 ? -32768 : v);
    }
    *out = s;
    *length = (uint32_t)n;
    return 0;
}

int wav_read(const char *path, int rate, int16_t **out, uint32_t *length, char *err,
             size_t err_size)
{
    *out = NULL;
    *length = 0;
    size_t size = 0;
    char *data = file_read_limit(path, WAV_MAX_BYTES, &size, err, err_size);
    if (!data)
        return -1;
    char why[256];
    int rc = wav_decode((const uint8_t *)data, size, rate, out, length, why, sizeof why);
    if (rc != 0)
        snprintf(err, err_size, "%s: %s", path, why);
    mem_free(data);
    return rc;
}
