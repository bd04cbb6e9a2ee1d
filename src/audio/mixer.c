/*
 * mixer: voices, volumes, and the summing loop (see mixer.h).
 */
#include "audio/mixer.h"

#include <string.h>

static float mixer_clamp(float v, float lo, float hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

void mixer_init(mixer *m)
{
    memset(m, 0, sizeof *m);
    m->master = 1.0f;
    for (int b = 0; b < MIXER_BUS_COUNT; b++)
        m->bus[b] = 1.0f;
}

int mixer_play(mixer *m, const mixer_sound *s, float volume, float pan, mixer_bus bus, int loop)
{
    if (!s->samples || s->length == 0 || bus >= MIXER_BUS_COUNT)
        return -1;
    int tracked = s->id >= 0 && s->id < MIXER_SOUNDS;
    if (tracked && m->started[s->id] && m->clock - m->last_start[s->id] < s->min_gap) {
        m->limited++;
        return -1;
    }
    for (int v = 0; v < MIXER_VOICES; v++) {
        mixer_voice *vo = &m->voices[v];
        if (vo->samples)
            continue;
        *vo = (mixer_voice){s->samples,
                            s->length,
                            s->ready && s->ready < s->length ? s->ready : s->length,
                            0,
                            s->loop_start < s->length ? s->loop_start : 0,
                            0,
                            0,
                            mixer_clamp(volume, 0.0f, 1.0f),
                            mixer_clamp(pan, -1.0f, 1.0f),
                            (int)bus,
                            loop};
        if (tracked) {
            m->last_start[s->id] = m->clock;
            m->started[s->id] = 1;
        }
        m->played++;
        return v;
    }
    m->refused++;
    return -1;
}

void mixer_stop(mixer *m, int voice)
{
    if (voice >= 0 && voice < MIXER_VOICES)
        m->voices[voice].samples = NULL;
}

void mixer_extend(mixer *m, const int16_t *samples, uint32_t ready)
{
    for (int v = 0; v < MIXER_VOICES; v++)
        if (m->voices[v].samples == samples)
            m->voices[v].ready = ready < m->voices[v].length ? ready : m->voices[v].length;
}

void mixer_stop_bus(mixer *m, mixer_bus bus)
{
    for (int v = 0; v < MIXER_VOICES; v++)
        if (m->voices[v].bus == (int)bus)
            m->voices[v].samples = NULL;
}

void mixer_fade_bus(mixer *m, mixer_bus bus, uint32_t samples)
{
    if (samples == 0) {
        mixer_stop_bus(m, bus);
        return;
    }
    for (int v = 0; v < MIXER_VOICES; v++)
        if (m->voices[v].samples && m->voices[v].bus == (int)bus && !m->voices[v].fade_len)
            m->voices[v].fade = m->voices[v].fade_len = samples;
}

void mixer_set_volume(mixer *m, float master, float effects, float music)
{
    m->master = mixer_clamp(master, 0.0f, 1.0f);
    m->bus[MIXER_BUS_EFFECTS] = mixer_clamp(effects, 0.0f, 1.0f);
    m->bus[MIXER_BUS_MUSIC] = mixer_clamp(music, 0.0f, 1.0f);
}

int mixer_active(const mixer *m)
{
    int n = 0;
    for (int v = 0; v < MIXER_VOICES; v++)
        n += m->voices[v].samples != NULL;
    return n;
}

/* Adds one voice into the 32-bit accumulator acc (stereo), for frames frames. Gains are
 * fixed-point with 16 fractional bits; a pan of 0 plays at full level on both sides. */
static void mixer_add_voice(const mixer *m, mixer_voice *vo, int32_t *acc, size_t frames)
{
    float g = vo->volume * m->bus[vo->bus] * m->master;
    float gl = g * (vo->pan > 0.0f ? 1.0f - vo->pan : 1.0f);
    float gr = g * (vo->pan < 0.0f ? 1.0f + vo->pan : 1.0f);
    int32_t il = (int32_t)(gl * 65536.0f + 0.5f), ir = (int32_t)(gr * 65536.0f + 0.5f);
    for (size_t i = 0; i < frames; i++) {
        if (vo->pos >= vo->length) {
            if (!vo->loop) {
                vo->samples = NULL;
                return;
            }
            vo->pos = vo->loop_start;
        }
        if (vo->pos >= vo->ready) { /* not rendered yet: the voice waits, silent */
            if (vo->fade_len && --vo->fade == 0) {
                vo->samples = NULL;
                return;
            }
            continue;
        }
        int32_t s = vo->samples[vo->pos++];
        if (vo->fade_len) { /* fading out: the level falls linearly to nothing */
            s = (int32_t)((int64_t)s * vo->fade / vo->fade_len);
            if (--vo->fade == 0) {
                vo->samples = NULL;
                return;
            }
        }
        acc[2 * i] += (int32_t)(((int64_t)s * il) >> 16);
        acc[2 * i + 1] += (int32_t)(((int64_t)s * ir) >> 16);
    }
    if (vo->pos >= vo->length && !vo->loop)
        vo->samples = NULL;
}

void mixer_mix(mixer *m, int16_t *out, size_t frames)
{
    enum {
        CHUNK = 256
    };
    int32_t acc[2 * CHUNK];
    while (frames > 0) {
        size_t n = frames < CHUNK ? frames : CHUNK;
        memset(acc, 0, 2 * n * sizeof *acc);
        for (int v = 0; v < MIXER_VOICES; v++)
            if (m->voices[v].samples)
                mixer_add_voice(m, &m->voices[v], acc, n);
        for (size_t i = 0; i < 2 * n; i++) {
            int32_t s = acc[i];
            if (s > 32767 || s < -32768) {
                s = s > 0 ? 32767 : -32768;
                m->clipped++;
            }
            out[i] = (int16_t)s;
        }
        out += 2 * n;
        frames -= n;
        m->clock += n;
    }
}
