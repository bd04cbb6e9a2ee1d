/* Fixture for rng_lint: every marked line must be reported, nothing else. */
#include "core/rng.h"

typedef struct pair {
    float a, b;
} pair;

static float jitter(rng *r)
{
    return rng_float(r) - 0.5f; /* one draw: fine, but makes jitter a draw */
}

static float twice(rng *r)
{
    return jitter(r) + 1.0f;
}

void bad_examples(rng *r, float *out)
{
    out[0] = rng_float(r) * 100.0f + rng_float(r); /* BAD 20 */
    out[1] = rng_range(r, 0, rng_float(r));        /* BAD 21 */
    pair p = {rng_float(r), rng_float(r)};         /* BAD 22 */
    out[2] = p.a + jitter(r) * twice(r);           /* BAD 23 */
    out[3] = (pair){rng_float(r), jitter(r)}.a;    /* BAD 24 */
    if (rng_below(r, 2) == rng_below(r, 2)) {      /* BAD 25 */
        out[4] = 0;
    }
}

void good_examples(rng *r, float *out)
{
    float a = rng_float(r);
    float b = rng_float(r);
    out[0] = a * 100.0f + b;
    /* rng_float(r) + rng_float(r) in a comment is fine */
    const char *s = "rng_float(r) + rng_float(r)";
    (void)s;
    for (int i = 0; i < 2; i++) {
        out[i] = jitter(r);
    }
    if (rng_below(r, 2)) {
        out[1] = rng_float(r);
    }
#define NOT_CHECKED rng_float(r) + rng_float(r)
}
