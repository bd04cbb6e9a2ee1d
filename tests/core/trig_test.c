/* trig: agrees with libm to a few ulp, and is exact where it must be. */
#include "../check.h"
#include "core/rng.h"
#include "core/trig.h"

#include <float.h>
#include <string.h>

static void trig_test_against_libm(void)
{
    rng r;
    rng_seed(&r, 3);
    double worst_sin = 0, worst_cos = 0, worst_atan = 0;
    for (int i = 0; i < 200000; i++) {
        double x = (rng_double(&r) - 0.5) * 2000.0;
        worst_sin = fmax(worst_sin, fabs(trig_sin(x) - sin(x)));
        worst_cos = fmax(worst_cos, fabs(trig_cos(x) - cos(x)));
        double y = (rng_double(&r) - 0.5) * 100.0, z = (rng_double(&r) - 0.5) * 100.0;
        worst_atan = fmax(worst_atan, fabs(trig_atan2(y, z) - atan2(y, z)));
    }
    CHECK(worst_sin < 4e-15);
    CHECK(worst_cos < 4e-15);
    CHECK(worst_atan < 4e-15);
}

static void trig_test_special_values(void)
{
    CHECK(trig_sin(0.0) == 0.0);
    CHECK(trig_cos(0.0) == 1.0);
    CHECK(trig_atan2(0.0, 1.0) == 0.0);
    CHECK_NEAR(trig_atan2(1.0, 0.0), TRIG_PI / 2, 1e-16);
    CHECK_NEAR(trig_atan2(0.0, -1.0), TRIG_PI, 1e-15);
    CHECK_NEAR(trig_atan2(-1.0, -1.0), -3 * TRIG_PI / 4, 1e-15);
    CHECK(isnan(trig_sin(NAN)));
    CHECK(isnan(trig_sin(INFINITY)));
    CHECK(isnan(trig_atan2(NAN, 1.0)));
    CHECK_NEAR(trig_sin(1e7), sin(1e7), 1e-9);
}

/* trig_sincos_n gives trig_sincos's bits on every path (one, two and four
 * lanes, as far as this CPU has them): random angles near and far, the
 * quadrant edges (multiples of pi/4 and their neighbours), negative ones, and
 * groups mixing a NaN, an infinity or a far angle with near ones. */
static void trig_test_batch_bits(int lanes)
{
    enum {
        N = 4096
    };
    static double x[N], s[N], c[N];
    rng r;
    rng_seed(&r, 17);
    int differ = 0;
    for (int round = 0; round < 64; round++) {
        for (int i = 0; i < N; i++) {
            double u = rng_double(&r) - 0.5;
            switch (i % 8) {
            case 0: x[i] = u * 20.0; break;
            case 1: x[i] = u * 2.0e6; break;
            case 2: x[i] = (double)(int)(u * 4000) * (TRIG_PI / 4); break;
            case 3:
                x[i] = nextafter((double)(int)(u * 4000) * (TRIG_PI / 4), u > 0 ? 1e9 : -1e9);
                break;
            case 4: x[i] = u * 1e-6; break;
            case 5: x[i] = (rng_double(&r) * 1e6) * TRIG_DEG2RAD * (u > 0 ? 1 : -1); break;
            case 6:
                x[i] = round % 4 == 0   ? NAN
                       : round % 4 == 1 ? INFINITY
                       : round % 4 == 2 ? 3.0e6
                                        : 1.0e6;
                break;
            default: x[i] = u * 1.0e3; break;
            }
        }
        int n = N - round % 4; /* counts that are not a multiple of the lanes too */
        if (lanes == 4)
            trig_sincos_n(x, s, c, (size_t)n); /* the run-time choice */
        else
            trig_sincos_n_lanes(x, s, c, (size_t)n, lanes);
        for (int i = 0; i < n; i++) {
            double es, ec;
            trig_sincos(x[i], &es, &ec);
            differ += memcmp(&es, &s[i], sizeof es) != 0 || memcmp(&ec, &c[i], sizeof ec) != 0;
        }
    }
    CHECK_EQ_INT(differ, 0);
}

int main(void)
{
    printf("trig_sincos_n: up to %d lanes here\n", trig_sincos_lanes_max());
    for (int lanes = 1; lanes <= 4; lanes *= 2)
        trig_test_batch_bits(lanes);
    trig_test_against_libm();
    trig_test_special_values();
    return check_done("trig");
}
