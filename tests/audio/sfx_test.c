/* sfx, synth: every sound has a sensible length, is audible, never clips,
 * starts and ends at silence, and comes out the same bytes every time. */
#include "../check.h"
#include "audio/sfx.h"
#include "audio/synth.h"
#include "core/hash.h"
#include "core/mem.h"

#include <math.h>
#include <stdlib.h>

/* Largest magnitude and root mean square of n samples. */
static void sfx_test_levels(const int16_t *s, size_t n, int *peak, double *rms)
{
    double sum = 0.0;
    *peak = 0;
    for (size_t i = 0; i < n; i++) {
        int a = s[i] < 0 ? -s[i] : s[i];
        *peak = a > *peak ? a : *peak;
        sum += (double)s[i] * s[i];
    }
    *rms = n ? sqrt(sum / (double)n) : 0.0;
}

static void sfx_test_bank(void)
{
    sfx_bank a, b;
    CHECK_EQ_INT(sfx_bank_init(&a), 0);
    CHECK_EQ_INT(sfx_bank_init(&b), 0);
    size_t total = 0;
    for (int i = 0; i < SFX_COUNT; i++) {
        const sfx_sound *s = &a.sounds[i];
        int peak;
        double rms;
        sfx_test_levels(s->samples, s->length, &peak, &rms);
        /* Between 20 ms and 2 s; the sounds of play that come many times a second are
         * at most 100 ms, so they never smear into each other. */
        CHECK(s->length >= SYNTH_RATE / 50 && s->length <= 2 * SYNTH_RATE);
        if (i == SFX_SHOT || i == SFX_ENEMY_SHOT || i == SFX_ENEMY_HIT || i == SFX_GRAZE ||
            i == SFX_ITEM)
            CHECK(s->length <= SYNTH_RATE / 10 && s->min_gap > 0);
        /* Normalised to the table's peak, so never clipped, and clearly audible. */
        CHECK_NEAR(peak, sfx_peak((sfx_id)i) * 32767.0, 1.0);
        CHECK(peak < 32767);
        CHECK(rms > peak / 12.0);
        /* No click at either end. */
        CHECK_EQ_INT(s->samples[0], 0);
        CHECK_EQ_INT(s->samples[s->length - 1], 0);
        /* Inside the block, one after another. */
        CHECK(s->samples == a.block + total);
        total += s->length;
        CHECK(strcmp(sfx_name((sfx_id)i), "?") != 0);
        CHECK_EQ_INT(sfx_from_name(sfx_name((sfx_id)i)), i);
    }
    CHECK_EQ_INT(total, a.total);
    CHECK_EQ_INT(sfx_from_name("trumpet"), -1);
    /* The same bytes on every rendering. */
    CHECK(a.total == b.total && memcmp(a.block, b.block, a.total * sizeof *a.block) == 0);
    printf("sfx bank: %zu samples, hash %016" PRIx64 "\n", a.total,
           hash_buffer(a.block, a.total * sizeof *a.block, 0));
    sfx_bank_free(&a);
    sfx_bank_free(&b);
    CHECK(a.block == NULL);
}

/* Out of memory at every allocation in turn: a clean failure, no leak. */
static void sfx_test_oom(void)
{
    int64_t live = mem_live_blocks();
    int done = 0;
    for (uint64_t n = 1; n < 16 && !done; n++) {
        sfx_bank bank;
        uint64_t failed = mem_get_stats().failed;
        mem_fail_at(n);
        int rb = sfx_bank_init(&bank);
        mem_fail_at(0);
        done = mem_get_stats().failed == failed;
        CHECK(done ? rb == 0 : rb != 0);
        if (rb == 0)
            sfx_bank_free(&bank);
        CHECK_EQ_INT(mem_live_blocks(), live);
    }
    CHECK(done);
}

static void sfx_test_math(void)
{
    double worst = 0.0;
    for (double x = -20.0; x <= 20.0; x += 0.37) {
        double e = fabs(synth_exp(x) - exp(x)) / exp(x);
        worst = e > worst ? e : worst;
    }
    CHECK(worst < 1e-12);
    worst = 0.0;
    for (double x = 1e-6; x < 1e6; x *= 1.7) {
        double e = fabs(synth_log(x) - log(x));
        worst = e > worst ? e : worst;
    }
    CHECK(worst < 1e-12);
    /* A layer's length rounds to whole samples. */
    synth_layer l[2] = {{.length = 0.5f}, {.start = 0.25f, .length = 0.5f}};
    CHECK_EQ_INT(synth_length(l, 2), SYNTH_RATE * 3 / 4);
}

int main(void)
{
    sfx_test_math();
    sfx_test_bank();
    sfx_test_oom();
    return check_done("sfx");
}
