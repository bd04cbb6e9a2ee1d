/*
 * wav: reading a mod's sound files (audio/wav.h) and adding them to the effect
 * bank (audio/sfx.h). Every format the reader takes comes out as the same
 * 16-bit mono wave at the mixer's rate (stereo averaged, other rates resampled
 * to the length they should have); every damaged, odd or oversized file is
 * refused with its reason and nothing allocated; the bank finds a file's sound
 * by name after the built-in ones. The built-in names agree with sim/sound.h.
 */
#include "../check.h"
#include "audio/sfx.h"
#include "audio/synth.h"
#include "audio/wav.h"
#include "core/file.h"
#include "core/mem.h"
#include "sim/sound.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define WAV_TEST_PI 3.14159265358979323846

/* A WAV file being built, in a fixed buffer. */
typedef struct wav_buf {
    uint8_t b[1 << 20];
    size_t n;
} wav_buf;

static void put(wav_buf *w, const void *p, size_t n)
{
    memcpy(w->b + w->n, p, n);
    w->n += n;
}

static void put32(wav_buf *w, uint32_t v)
{
    uint8_t b[4] = {(uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24)};
    put(w, b, 4);
}

static void put16(wav_buf *w, uint16_t v)
{
    uint8_t b[2] = {(uint8_t)v, (uint8_t)(v >> 8)};
    put(w, b, 2);
}

/* One sample of value v (from -1 to 1) in the format's bytes. */
static void put_sample(wav_buf *w, int tag, int bits, double v)
{
    if (tag == 3 && bits == 32) {
        float f = (float)v;
        uint32_t u;
        memcpy(&u, &f, 4);
        put32(w, u);
    } else if (tag == 3) {
        uint64_t u;
        memcpy(&u, &v, 8);
        put32(w, (uint32_t)u);
        put32(w, (uint32_t)(u >> 32));
    } else if (bits == 8) {
        uint8_t b = (uint8_t)(128 + (int)lround(v * 127));
        put(w, &b, 1);
    } else if (bits == 16) {
        put16(w, (uint16_t)(int16_t)lround(v * 32767));
    } else if (bits == 24) {
        int32_t s = (int32_t)lround(v * 8388607);
        uint8_t b[3] = {(uint8_t)s, (uint8_t)(s >> 8), (uint8_t)(s >> 16)};
        put(w, b, 3);
    } else {
        put32(w, (uint32_t)(int32_t)lround(v * 2147483647.0));
    }
}

/* A WAV of frames frames of a 1 kHz sine at half scale (tag 1 or 3, or 0xfffe
 * with sub-format sub), channels copies of it. */
static void make(wav_buf *w, int tag, int sub, int bits, int channels, uint32_t rate,
                 uint32_t frames)
{
    w->n = 0;
    uint32_t data = frames * (uint32_t)channels * (uint32_t)bits / 8;
    uint32_t fmt = tag == 0xfffe ? 40 : 16;
    put(w, "RIFF", 4);
    put32(w, 4 + 8 + fmt + 8 + data);
    put(w, "WAVE", 4);
    put(w, "LIST", 4); /* a chunk the reader skips, of odd size: padded */
    put32(w, 3);
    put(w, "abc\0", 4);
    put(w, "fmt ", 4);
    put32(w, fmt);
    put16(w, (uint16_t)tag);
    put16(w, (uint16_t)channels);
    put32(w, rate);
    put32(w, rate * (uint32_t)channels * (uint32_t)bits / 8);
    put16(w, (uint16_t)(channels * bits / 8));
    put16(w, (uint16_t)bits);
    if (tag == 0xfffe) {
        put16(w, 22);
        put16(w, (uint16_t)bits);
        put32(w, channels == 2 ? 3 : 4);
        put16(w, (uint16_t)sub);
        put(w, "\x00\x00\x00\x00\x10\x00\x80\x00\x00\xaa\x00\x38\x9b\x71", 14);
    }
    put(w, "data", 4);
    put32(w, data);
    int t = tag == 0xfffe ? sub : tag;
    for (uint32_t i = 0; i < frames; i++)
        for (int c = 0; c < channels; c++)
            put_sample(w, t, bits, 0.5 * sin(2 * WAV_TEST_PI * 1000.0 * i / rate));
}

static wav_buf w;

/* Every format reads as the same sine, within the precision of the smallest. */
static void wav_test_formats(void)
{
    static const int formats[][4] = {
        /* tag, sub-format, bits, channels */
        {1, 0, 16, 1}, {1, 0, 8, 1},  {1, 0, 24, 1}, {1, 0, 32, 1},      {3, 0, 32, 1},
        {3, 0, 64, 1}, {1, 0, 16, 2}, {3, 0, 32, 2}, {0xfffe, 1, 24, 2}, {0xfffe, 3, 32, 1}};
    for (size_t f = 0; f < sizeof formats / sizeof formats[0]; f++) {
        make(&w, formats[f][0], formats[f][1], formats[f][2], formats[f][3], SYNTH_RATE, 4800);
        int16_t *s = NULL;
        uint32_t n = 0;
        char err[256] = "";
        CHECK_EQ_INT(wav_decode(w.b, w.n, SYNTH_RATE, &s, &n, err, sizeof err), 0);
        CHECK_EQ_INT((int)n, 4800);
        int worst = 0;
        for (uint32_t i = 0; s && i < n; i++) {
            int want = (int)lround(0.5 * 32767 * sin(2 * WAV_TEST_PI * 1000.0 * i / SYNTH_RATE));
            int d = abs(s[i] - want);
            worst = d > worst ? d : worst;
        }
        if (worst > (formats[f][2] == 8 ? 300 : 2))
            fprintf(stderr, "format %d/%d bits %d x%d: off by %d\n", formats[f][0], formats[f][1],
                    formats[f][2], formats[f][3], worst);
        CHECK(worst <= (formats[f][2] == 8 ? 300 : 2));
        mem_free(s);
    }
}

/* Other rates come out as long as they last at the mixer's rate, the same
 * wave: 22050 Hz doubled and more, 96000 Hz halved. */
static void wav_test_resample(void)
{
    static const uint32_t rates[] = {22050, 44100, 96000, 8000};
    for (size_t r = 0; r < sizeof rates / sizeof rates[0]; r++) {
        uint32_t frames = rates[r] / 10; /* 0.1 s */
        make(&w, 1, 0, 16, 1, rates[r], frames);
        int16_t *s = NULL;
        uint32_t n = 0;
        char err[256];
        CHECK_EQ_INT(wav_decode(w.b, w.n, SYNTH_RATE, &s, &n, err, sizeof err), 0);
        CHECK_EQ_INT((int)n, SYNTH_RATE / 10);
        int worst = 0;
        for (uint32_t i = 0; s && i + SYNTH_RATE / rates[r] + 1 < n; i++) {
            int want = (int)lround(0.5 * 32767 * sin(2 * WAV_TEST_PI * 1000.0 * i / SYNTH_RATE));
            int d = abs(s[i] - want);
            worst = d > worst ? d : worst;
        }
        /* linear interpolation of a 1 kHz sine: within 4% of full scale at 8 kHz */
        CHECK(worst < (rates[r] == 8000 ? 1400 : 200));
        mem_free(s);
    }
}

/* Damaged, odd and oversized files: refused with the reason, nothing kept. */
static void wav_test_refused(void)
{
    struct {
        const char *why;
        int tag, sub, bits, channels;
        uint32_t rate, frames;
        size_t cut; /* bytes cut off the end */
        size_t poke_at;
        uint8_t poke;
    } cases[] = {
        {"runs past the end of the file", 1, 0, 16, 1, SYNTH_RATE, 100, 10, 0, 0},
        {"format 2 at byte", 2, 0, 16, 1, SYNTH_RATE, 100, 0, 0, 0},
        {"format 85 at byte", 0xfffe, 85, 16, 1, SYNTH_RATE, 100, 0, 0, 0},
        {"3 channels", 1, 0, 16, 3, SYNTH_RATE, 100, 0, 0, 0},
        {"12-bit integer samples", 1, 0, 12, 1, SYNTH_RATE, 100, 0, 0, 0},
        {"16-bit float samples", 3, 0, 16, 1, SYNTH_RATE, 100, 0, 0, 0},
        {"a rate of 1000 Hz", 1, 0, 16, 1, 1000, 100, 0, 0, 0},
        {"a rate of 400000 Hz", 1, 0, 16, 1, 400000, 100, 0, 0, 0},
        {"10.5 seconds long", 1, 0, 8, 1, 8000, 84000, 0, 0, 0},
        {"not a WAV file", 1, 0, 16, 1, SYNTH_RATE, 100, 0, 0, 'X'},
        {"comes before any fmt chunk", 1, 0, 16, 1, SYNTH_RATE, 100, 0, 24, 'X'},
        {"a frame of 4 bytes", 1, 0, 16, 1, SYNTH_RATE, 100, 0, 44, 4},
        {"holds 0 bytes", 1, 0, 16, 1, SYNTH_RATE, 0, 0, 0, 0},
        {"no data chunk", 1, 0, 16, 1, SYNTH_RATE, 100, 0, 48, 'X'},
        {"no fmt chunk", 1, 0, 16, 1, SYNTH_RATE, 0, 40, 0, 0},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        make(&w, cases[c].tag, cases[c].sub, cases[c].bits, cases[c].channels, cases[c].rate,
             cases[c].frames);
        w.n -= cases[c].cut < w.n ? cases[c].cut : w.n;
        if (cases[c].poke)
            w.b[cases[c].poke_at] = cases[c].poke;
        int16_t *s = (int16_t *)&w; /* must be set to NULL */
        uint32_t n = 99;
        char err[256] = "";
        int64_t live = mem_live_blocks();
        CHECK_EQ_INT(wav_decode(w.b, w.n, SYNTH_RATE, &s, &n, err, sizeof err), -1);
        CHECK(s == NULL && n == 0);
        CHECK_EQ_INT((int)(mem_live_blocks() - live), 0);
        CHECK_STR_CONTAINS(err, cases[c].why);
    }
}

/* Files through the bank: found by name after the built-ins, bounded in count;
 * a file's reason names its path. */
static void wav_test_bank(void)
{
    for (int i = 0; i < SFX_COUNT; i++) /* the names the compiler checks are the bank's */
        CHECK(strcmp(sfx_name((sfx_id)i), sound_names[i]) == 0);
    CHECK_EQ_INT(SFX_COUNT, SOUND_BUILTIN_COUNT);
    char dir[128], path[200], err[512];
    snprintf(dir, sizeof dir, "/tmp/curtain_wav_test_%d", (int)getpid());
    CHECK_EQ_INT(file_make_dirs(dir), 0);
    snprintf(path, sizeof path, "%s/boom.wav", dir);
    make(&w, 1, 0, 16, 2, 44100, 4410);
    CHECK_EQ_INT(file_write_atomic(path, w.b, w.n, err, sizeof err), 0);
    sfx_bank bank;
    int64_t live = mem_live_blocks();
    CHECK_EQ_INT(sfx_bank_init(&bank), 0);
    CHECK_EQ_INT(sfx_bank_add_file(&bank, "boom", path, err, sizeof err), 0);
    CHECK_EQ_INT(sfx_bank_find(&bank, "graze"), SFX_GRAZE);
    CHECK_EQ_INT(sfx_bank_find(&bank, "boom"), SFX_COUNT);
    CHECK_EQ_INT(sfx_bank_find(&bank, "boon"), -1);
    sfx_sound s = sfx_bank_sound(&bank, SFX_COUNT);
    CHECK_EQ_INT((int)s.length, SYNTH_RATE / 10);
    CHECK(s.samples != NULL && s.min_gap == SFX_FILE_GAP_MS * SYNTH_RATE / 1000);
    CHECK(sfx_bank_sound(&bank, SFX_COUNT + 1).samples == NULL);
    CHECK(sfx_bank_sound(&bank, -1).samples == NULL);
    for (int k = 1; k < SFX_FILE_MAX; k++) {
        char name[16];
        snprintf(name, sizeof name, "b%d", k);
        CHECK_EQ_INT(sfx_bank_add_file(&bank, name, path, err, sizeof err), 0);
    }
    CHECK_EQ_INT(sfx_bank_add_file(&bank, "one_more", path, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "more than 32 sound files");
    sfx_bank_clear_files(&bank);
    CHECK_EQ_INT(sfx_bank_find(&bank, "boom"), -1);
    snprintf(path, sizeof path, "%s/cut.wav", dir);
    CHECK_EQ_INT(file_write_atomic(path, w.b, w.n - 7, err, sizeof err), 0);
    CHECK_EQ_INT(sfx_bank_add_file(&bank, "cut", path, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "cut.wav: the 'data' chunk at byte 48 runs past the end");
    CHECK_EQ_INT(bank.file_count, 0);
    sfx_bank_free(&bank);
    CHECK_EQ_INT((int)(mem_live_blocks() - live), 0);
    unlink(path);
    snprintf(path, sizeof path, "%s/boom.wav", dir);
    unlink(path);
    rmdir(dir);
}

int main(void)
{
    wav_test_formats();
    wav_test_resample();
    wav_test_refused();
    wav_test_bank();
    return check_done("wav");
}
