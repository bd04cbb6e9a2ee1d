/* mixer: sums voices, applies volumes and pan, clamps, refuses voices past capacity
 * and sounds started again too soon, and frees voices at the end of their sound. */
#include "../check.h"
#include "audio/mixer.h"

#include <stdlib.h>

#define MIXER_TEST_LEN 100

static int16_t mixer_test_wave[MIXER_TEST_LEN];
static int16_t mixer_test_loud[MIXER_TEST_LEN];

static mixer_sound mixer_test_sound(const int16_t *samples, int id, uint32_t gap)
{
    mixer_sound s = {samples, MIXER_TEST_LEN, gap, id, 0, 0};
    return s;
}

static void mixer_test_sum_and_volume(void)
{
    mixer m;
    mixer_init(&m);
    mixer_sound a = mixer_test_sound(mixer_test_wave, 1, 0);
    int16_t out[2 * 2 * MIXER_TEST_LEN];
    CHECK(mixer_play(&m, &a, 1.0f, 0.0f, MIXER_BUS_EFFECTS, 0) >= 0);
    CHECK(mixer_play(&m, &a, 0.5f, 0.0f, MIXER_BUS_EFFECTS, 0) >= 0);
    CHECK_EQ_INT(mixer_active(&m), 2);
    mixer_mix(&m, out, 2 * MIXER_TEST_LEN);
    int exact = 1;
    for (int i = 0; i < MIXER_TEST_LEN; i++) {
        int want = mixer_test_wave[i] + (mixer_test_wave[i] >> 1);
        exact &= abs(out[2 * i] - want) <= 1 && out[2 * i] == out[2 * i + 1];
    }
    CHECK(exact);
    /* After the sound's end: silence, and the voices are free again. */
    int silent = 1;
    for (int i = 2 * MIXER_TEST_LEN; i < 4 * MIXER_TEST_LEN; i++)
        silent &= out[i] == 0;
    CHECK(silent);
    CHECK_EQ_INT(mixer_active(&m), 0);
    CHECK_EQ_U64(m.clock, 2 * MIXER_TEST_LEN);

    /* Master and bus volumes apply to what is already playing; pan hard left. */
    mixer_play(&m, &a, 1.0f, -1.0f, MIXER_BUS_EFFECTS, 0);
    mixer_set_volume(&m, 0.5f, 0.5f, 1.0f);
    mixer_mix(&m, out, MIXER_TEST_LEN);
    int quarter = 1;
    for (int i = 0; i < MIXER_TEST_LEN; i++)
        quarter &= abs(out[2 * i] - mixer_test_wave[i] / 4) <= 1 && out[2 * i + 1] == 0;
    CHECK(quarter);
    /* The music bus has its own volume; a loop goes on past its end until stopped. */
    mixer_set_volume(&m, 1.0f, 1.0f, 0.0f);
    int v = mixer_play(&m, &a, 1.0f, 0.0f, MIXER_BUS_MUSIC, 1);
    mixer_mix(&m, out, 2 * MIXER_TEST_LEN);
    int muted = 1;
    for (int i = 0; i < 4 * MIXER_TEST_LEN; i++)
        muted &= out[i] == 0;
    CHECK(muted);
    CHECK_EQ_INT(mixer_active(&m), 1);
    mixer_set_volume(&m, 1.0f, 1.0f, 1.0f);
    mixer_mix(&m, out, 10);
    CHECK(out[2 * 9] != 0);
    mixer_stop_bus(&m, MIXER_BUS_MUSIC);
    CHECK_EQ_INT(mixer_active(&m), 0);
    mixer_stop(&m, v); /* stopping a free voice is harmless */
    mixer_set_volume(&m, 3.0f, -1.0f, 0.5f);
    CHECK(m.master == 1.0f && m.bus[MIXER_BUS_EFFECTS] == 0.0f);
}

static void mixer_test_clamp(void)
{
    mixer m;
    mixer_init(&m);
    mixer_sound loud = mixer_test_sound(mixer_test_loud, 2, 0);
    for (int i = 0; i < 4; i++)
        mixer_play(&m, &loud, 1.0f, 0.0f, MIXER_BUS_EFFECTS, 0);
    int16_t out[2 * MIXER_TEST_LEN];
    mixer_mix(&m, out, MIXER_TEST_LEN);
    int clamped = 1;
    for (int i = 0; i < MIXER_TEST_LEN; i++)
        clamped &= out[2 * i] == (i % 2 ? -32768 : 32767);
    CHECK(clamped);
    CHECK_EQ_U64(m.clipped, 2 * MIXER_TEST_LEN);
}

static void mixer_test_capacity(void)
{
    mixer m;
    mixer_init(&m);
    mixer_sound a = mixer_test_sound(mixer_test_wave, -1, 0); /* untracked: no rate limit */
    int started = 0;
    for (int i = 0; i < MIXER_VOICES + 3; i++)
        started += mixer_play(&m, &a, 1.0f, 0.0f, MIXER_BUS_EFFECTS, 0) >= 0;
    CHECK_EQ_INT(started, MIXER_VOICES);
    CHECK_EQ_U64(m.refused, 3);
    CHECK_EQ_U64(m.played, MIXER_VOICES);
    mixer_stop(&m, 5);
    CHECK_EQ_INT(mixer_play(&m, &a, 1.0f, 0.0f, MIXER_BUS_EFFECTS, 0), 5);
    mixer_sound empty = {NULL, 0, 0, 3, 0, 0};
    CHECK_EQ_INT(mixer_play(&m, &empty, 1.0f, 0.0f, MIXER_BUS_EFFECTS, 0), -1);
}

static void mixer_test_rate_limit(void)
{
    mixer m;
    mixer_init(&m);
    mixer_sound shot = mixer_test_sound(mixer_test_wave, 7, 50);
    mixer_sound other = mixer_test_sound(mixer_test_wave, 8, 50);
    int16_t out[2 * 64];
    CHECK(mixer_play(&m, &shot, 1.0f, 0.0f, MIXER_BUS_EFFECTS, 0) >= 0);
    CHECK_EQ_INT(mixer_play(&m, &shot, 1.0f, 0.0f, MIXER_BUS_EFFECTS, 0), -1);
    CHECK(mixer_play(&m, &other, 1.0f, 0.0f, MIXER_BUS_EFFECTS, 0) >= 0); /* its own clock */
    mixer_mix(&m, out, 49);
    CHECK_EQ_INT(mixer_play(&m, &shot, 1.0f, 0.0f, MIXER_BUS_EFFECTS, 0), -1);
    mixer_mix(&m, out, 1);
    CHECK(mixer_play(&m, &shot, 1.0f, 0.0f, MIXER_BUS_EFFECTS, 0) >= 0);
    CHECK_EQ_U64(m.limited, 2);
    CHECK_EQ_U64(m.refused, 0);
}

/* A sound still being rendered (a streamed theme): the voice plays what is
 * there, waits silent where the rendering has not reached, and goes on from
 * that very sample once mixer_extend says more is there. */
static void mixer_test_stream(void)
{
    mixer m;
    mixer_init(&m);
    mixer_sound a = mixer_test_sound(mixer_test_wave, 1, 0);
    a.ready = 10;
    int16_t out[2 * MIXER_TEST_LEN];
    CHECK(mixer_play(&m, &a, 1.0f, 0.0f, MIXER_BUS_MUSIC, 1) >= 0);
    mixer_mix(&m, out, 30);
    int ok = 1;
    for (int i = 0; i < 30; i++)
        ok &= out[2 * i] == (i < 10 ? mixer_test_wave[i] : 0);
    CHECK(ok);
    CHECK_EQ_INT(mixer_active(&m), 1); /* waiting, not ended */
    mixer_extend(&m, mixer_test_wave, 40);
    mixer_mix(&m, out, 40);
    ok = 1;
    for (int i = 0; i < 40; i++)
        ok &= out[2 * i] == (i < 30 ? mixer_test_wave[10 + i] : 0);
    CHECK(ok);
    mixer_extend(&m, mixer_test_wave, 0xffffffffu); /* all of it: it loops on */
    mixer_mix(&m, out, MIXER_TEST_LEN);
    CHECK_EQ_INT(out[0], mixer_test_wave[40]);
    CHECK_EQ_INT(out[2 * 60], mixer_test_wave[0]);
}

int main(void)
{
    for (int i = 0; i < MIXER_TEST_LEN; i++) {
        mixer_test_wave[i] = (int16_t)((i * 397) % 20000 - 10000);
        mixer_test_loud[i] = (int16_t)(i % 2 ? -30000 : 30000);
    }
    mixer_test_sum_and_volume();
    mixer_test_clamp();
    mixer_test_capacity();
    mixer_test_rate_limit();
    mixer_test_stream();
    return check_done("mixer");
}
