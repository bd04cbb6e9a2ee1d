/* rng: known answers, reproducibility from a seed, and the ranges of each draw. */
#include "../check.h"
#include "core/rng.h"

static void rng_test_known_answer(void)
{
    /* xoshiro256** from the state {1, 2, 3, 4}: the reference implementation's outputs. */
    rng r = {{1, 2, 3, 4}};
    CHECK_EQ_U64(rng_next(&r), 11520u);
    CHECK_EQ_U64(rng_next(&r), 0u);
    CHECK_EQ_U64(rng_next(&r), 1509978240u);
    CHECK_EQ_U64(rng_next(&r), 1215971899390074240ull);
}

static void rng_test_seed_reproducible(void)
{
    rng a, b, c;
    rng_seed(&a, 12345);
    rng_seed(&b, 12345);
    rng_seed(&c, 12346);
    int same = 1, differs = 0;
    for (int i = 0; i < 10000; i++) {
        uint64_t x = rng_next(&a), y = rng_next(&b), z = rng_next(&c);
        same &= x == y;
        differs += x != z;
    }
    CHECK(same);
    CHECK(differs > 9990);
    rng zero;
    rng_seed(&zero, 0);
    CHECK(zero.s[0] | zero.s[1] | zero.s[2] | zero.s[3]);
}

static void rng_test_ranges(void)
{
    rng r;
    rng_seed(&r, 7);
    int in_range = 1, counts[10] = {0};
    for (int i = 0; i < 100000; i++) {
        float f = rng_float(&r);
        double d = rng_double(&r);
        uint32_t k = rng_below(&r, 10);
        float g = rng_range(&r, -3.0f, 5.0f);
        in_range &=
            f >= 0.0f && f < 1.0f && d >= 0.0 && d < 1.0 && k < 10 && g >= -3.0f && g < 5.0f;
        counts[k < 10 ? k : 0]++;
    }
    CHECK(in_range);
    /* Each of ten buckets gets its tenth, within 5 % (about 16 standard deviations). */
    for (int i = 0; i < 10; i++)
        CHECK(counts[i] > 9500 && counts[i] < 10500);
    CHECK_EQ_INT(rng_below(&r, 0), 0);
    CHECK_EQ_INT(rng_below(&r, 1), 0);
}

int main(void)
{
    rng_test_known_answer();
    rng_test_seed_reproducible();
    rng_test_ranges();
    return check_done("rng");
}
