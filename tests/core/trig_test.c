/* trig: agrees with libm to a few ulp, and is exact where it must be. */
#include "../check.h"
#include "core/rng.h"
#include "core/trig.h"

#include <float.h>

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

int main(void)
{
    trig_test_against_libm();
    trig_test_special_values();
    return check_done("trig");
}
