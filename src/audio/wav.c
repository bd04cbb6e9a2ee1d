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
