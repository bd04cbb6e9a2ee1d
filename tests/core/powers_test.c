/* powers: exp, log and pow give known bits, agree with libm to an ulp or
 * two, and give the same bits on every build (a sweep's hash). */
#include "../check.h"
#include "core/powers.h"
#include "core/rng.h"

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

static uint64_t bits(double x)
{
    uint64_t u;
    memcpy(&u, &x, sizeof u);
    return u;
}

/* Units in the last place between a and b (both finite, same sign). */
static double ulps(double a, double b)
{
    if (a == b)
        return 0.0;
    return fabs(a - b) / (nextafter(fabs(b), INFINITY) - fabs(b));
}

/* The correctly rounded values (Python's math module's), but for exp(1):
 * fdlibm's is an ulp above e (2.7182818284590455), and so is this. */
static void powers_test_known_bits(void)
{
    CHECK_EQ_U64(bits(powers_exp(1.0)), 0x4005bf0a8b14576au);
    CHECK_EQ_U64(bits(powers_exp(-1.0)), 0x3fd78b56362cef38u);
    CHECK_EQ_U64(bits(powers_exp(0.5)), 0x3ffa61298e1e069cu);
    CHECK_EQ_U64(bits(powers_exp(10.0)), 0x40d5829dcf950560u);
    CHECK_EQ_U64(bits(powers_log(2.0)), 0x3fe62e42fefa39efu);
    CHECK_EQ_U64(bits(powers_log(0.5)), 0xbfe62e42fefa39efu);
    CHECK_EQ_U64(bits(powers_log(10.0)), 0x40026bb1bbb55516u);
    CHECK(powers_exp(0.0) == 1.0);
    CHECK(powers_log(1.0) == 0.0);
    /* whole powers are exact where the result is */
    CHECK(powers_pow(2.0, 10.0) == 1024.0);
    CHECK(powers_pow(-2.0, 3.0) == -8.0);
    CHECK(powers_pow(-2.0, 4.0) == 16.0);
    CHECK(powers_pow(3.0, -2.0) == 1.0 / 9.0);
    CHECK(powers_pow(1.5, 2.0) == 2.25);
    CHECK(powers_pow(2.0, -1074.0) == DBL_TRUE_MIN); /* past 2^1024 on the way */
    CHECK(powers_pow(0.5, 1074.0) == DBL_TRUE_MIN);
    CHECK(powers_pow(7.0, 0.0) == 1.0);
    CHECK(powers_pow(0.0, 3.0) == 0.0);
    CHECK(powers_pow(4.0, 0.5) == 2.0);
    CHECK(powers_pow(2.0, 0.5) == sqrt(2.0) || ulps(powers_pow(2.0, 0.5), sqrt(2.0)) <= 1.0);
    CHECK(powers_pow(-2.0, 1025.0) < 0.0 && isinf(powers_pow(-2.0, 1025.0)));
}

static void powers_test_special_values(void)
{
    CHECK(isnan(powers_exp(NAN)));
    CHECK(isinf(powers_exp(710.0)) && powers_exp(710.0) > 0);
    CHECK(powers_exp(-746.0) == 0.0);
    CHECK(powers_exp(-INFINITY) == 0.0);
    CHECK(powers_exp(709.0) == exp(709.0) || ulps(powers_exp(709.0), exp(709.0)) <= 1.0);
    CHECK(powers_exp(-740.0) > 0.0); /* a subnormal */
    CHECK(isinf(powers_log(0.0)) && powers_log(0.0) < 0);
    CHECK(isnan(powers_log(-1.0)));
    CHECK(isnan(powers_log(NAN)));
    CHECK(isinf(powers_log(INFINITY)));
    CHECK(ulps(powers_log(DBL_TRUE_MIN), log(DBL_TRUE_MIN)) <= 1.0);
    CHECK(isnan(powers_pow(-8.0, 1.0 / 3.0)));
    CHECK(isinf(powers_pow(0.0, -1.0)));
    CHECK(isinf(powers_pow(0.0, -0.5)));
    CHECK(isnan(powers_pow(NAN, 2.0)));
    CHECK(powers_pow(NAN, 0.0) == 1.0);
}

/* Within an ulp of libm (glibc's exp and log round correctly nearly always). */
static void powers_test_against_libm(void)
{
    rng r;
    rng_seed(&r, 5);
    double worst_exp = 0, worst_log = 0, worst_pow = 0;
    for (int i = 0; i < 200000; i++) {
        double x = (rng_double(&r) - 0.5) * 1400.0;
        worst_exp = fmax(worst_exp, ulps(powers_exp(x), exp(x)));
        double y = ldexp(rng_double(&r) + 0.5, (int)(rng_double(&r) * 400) - 200);
        worst_log = fmax(worst_log, ulps(powers_log(y), log(y)));
        double b = rng_double(&r) * 20.0, e = (rng_double(&r) - 0.5) * 16.0;
        worst_pow = fmax(worst_pow, ulps(powers_pow(b, e), pow(b, e)));
    }
    CHECK(worst_exp <= 1.0);
    CHECK(worst_log <= 1.0);
    CHECK(worst_pow <= 64.0); /* exp(y log x): about |y log x| ulp */
    fprintf(stderr, "worst: exp %.2f log %.2f pow %.2f ulp\n", worst_exp, worst_log, worst_pow);
}

/* The same bits on every build: a hash of a sweep of each, recorded once. A
 * change here changes what scripts compute, so every recorded replay that
 * uses them: it must be a deliberate one. */
static void powers_test_sweep_hash(void)
{
    uint64_t h[3] = {1469598103934665603u, 1469598103934665603u, 1469598103934665603u};
    rng r;
    rng_seed(&r, 11);
    for (int i = 0; i < 100000; i++) {
        double x = (rng_double(&r) - 0.5) * 100.0;
        double y = rng_double(&r) * 1000.0;
        double e = (rng_double(&r) - 0.5) * 10.0;
        if (i % 4 == 0)
            e = floor(e * 4); /* whole powers: by squaring */
        uint64_t v[3] = {bits(powers_exp(x)), bits(powers_log(y)), bits(powers_pow(y, e))};
        for (int k = 0; k < 3; k++) {
            h[k] ^= v[k];
            h[k] *= 1099511628211u;
        }
    }
    fprintf(stderr, "sweep: %016llx %016llx %016llx\n", (unsigned long long)h[0],
            (unsigned long long)h[1], (unsigned long long)h[2]);
    CHECK_EQ_U64(h[0], 0x2741f142d2ee46beu);
    CHECK_EQ_U64(h[1], 0xdc80555b4805e2e5u);
    CHECK_EQ_U64(h[2], 0x6dd7281c6bda4fedu);
}

int main(void)
{
    powers_test_known_bits();
    powers_test_special_values();
    powers_test_against_libm();
    powers_test_sweep_hash();
    return check_done("core.powers");
}
