#include "core/trig.h"

#include <math.h>

/* pi/2 split in two for Cody-Waite reduction: the high part has 33 significant bits,
 * so k * TRIG_PIO2_HI is exact for |k| < 2^20. */
#define TRIG_PIO2_HI    1.57079632673412561417e+00
#define TRIG_PIO2_LO    6.07710050650619224932e-11
#define TRIG_INV_PIO2   6.36619772367581382433e-01
#define TRIG_TWO_PI     6.28318530717958647693
#define TRIG_REDUCE_MAX 1.0e6

/* sin on [-pi/4, pi/4]: Taylor series to r^15 (truncation error below 1e-16). */
static double trig_sin_kernel(double r)
{
    double z = r * r;
    double p = -1.0 / 1307674368000.0;
    p = p * z + 1.0 / 6227020800.0;
    p = p * z - 1.0 / 39916800.0;
    p = p * z + 1.0 / 362880.0;
    p = p * z - 1.0 / 5040.0;
    p = p * z + 1.0 / 120.0;
    p = p * z - 1.0 / 6.0;
    return r + r * z * p;
}

/* cos on [-pi/4, pi/4]: Taylor series to r^16. */
static double trig_cos_kernel(double r)
{
    double z = r * r;
    double p = 1.0 / 20922789888000.0;
    p = p * z - 1.0 / 87178291200.0;
    p = p * z + 1.0 / 479001600.0;
    p = p * z - 1.0 / 3628800.0;
    p = p * z + 1.0 / 40320.0;
    p = p * z - 1.0 / 720.0;
    p = p * z + 1.0 / 24.0;
    p = p * z - 0.5;
    return 1.0 + z * p;
}

void trig_sincos(double x, double *s, double *c)
{
    if (!isfinite(x)) {
        *s = *c = x - x; /* NaN */
        return;
    }
    if (fabs(x) > TRIG_REDUCE_MAX)
        x = fmod(x, TRIG_TWO_PI); /* exact; loses only what the input already lacked */
    double k = floor(x * TRIG_INV_PIO2 + 0.5);
    double r = (x - k * TRIG_PIO2_HI) - k * TRIG_PIO2_LO;
    double sr = trig_sin_kernel(r), cr = trig_cos_kernel(r);
    switch ((long)k & 3) {
    case 0: *s = sr, *c = cr; break;
    case 1: *s = cr, *c = -sr; break;
    case 2: *s = -sr, *c = -cr; break;
    default: *s = -cr, *c = sr; break;
    }
}

double trig_sin(double x)
{
    double s, c;
    trig_sincos(x, &s, &c);
    return s;
}

double trig_cos(double x)
{
    double s, c;
    trig_sincos(x, &s, &c);
    return c;
}

/* atan on [0, 1]: two half-angle steps bring t below tan(pi/16), where the
 * alternating series converges fast (twelve terms leave an error below 1e-18). */
static double trig_atan_unit(double t)
{
    t = t / (1.0 + sqrt(1.0 + t * t));
    t = t / (1.0 + sqrt(1.0 + t * t));
    double z = t * t;
    double p = -1.0 / 23.0;
    p = p * z + 1.0 / 21.0;
    p = p * z - 1.0 / 19.0;
    p = p * z + 1.0 / 17.0;
    p = p * z - 1.0 / 15.0;
    p = p * z + 1.0 / 13.0;
    p = p * z - 1.0 / 11.0;
    p = p * z + 1.0 / 9.0;
    p = p * z - 1.0 / 7.0;
    p = p * z + 1.0 / 5.0;
    p = p * z - 1.0 / 3.0;
    return 4.0 * (t + t * z * p);
}

double trig_atan2(double y, double x)
{
    if (isnan(x) || isnan(y))
        return x + y;
    double ax = fabs(x), ay = fabs(y), a;
    if (ax == 0.0 && ay == 0.0)
        a = 0.0;
    else if (isinf(ax) && isinf(ay))
        a = TRIG_PI / 4.0;
    else if (ay <= ax)
        a = trig_atan_unit(ay / ax);
    else
        a = TRIG_PI / 2.0 - trig_atan_unit(ax / ay);
    if (signbit(x))
        a = TRIG_PI - a;
    return signbit(y) ? -a : a;
}
