/*
 * powers: deterministic exp, log and pow. See powers.h. exp and log follow
 * fdlibm's e_exp.c and e_log.c (as musl carries them), with the exponent
 * handled through the bits instead of scalbn/frexp.
 */
#include "core/powers.h"

#include <stdint.h>
#include <string.h>

static uint64_t powers_bits(double x)
{
    uint64_t u;
    memcpy(&u, &x, sizeof u);
    return u;
}

static double powers_double(uint64_t u)
{
    double x;
    memcpy(&x, &u, sizeof x);
    return x;
}

/* x * 2^n, exactly where the result is a normal number (musl's scalbn). */
static double powers_scale(double x, int n)
{
    if (n > 1023) {
        x *= 0x1p1023;
        n -= 1023;
        if (n > 1023) {
            x *= 0x1p1023;
            n -= 1023;
            if (n > 1023)
                n = 1023;
        }
    } else if (n < -1022) { /* to below -53 first: no double rounding among subnormals */
        x *= 0x1p-1022 * 0x1p53;
        n += 1022 - 53;
        if (n < -1022) {
            x *= 0x1p-1022 * 0x1p53;
            n += 1022 - 53;
            if (n < -1022)
                n = -1022;
        }
    }
    return x * powers_double((uint64_t)(0x3ff + n) << 52);
}

static const double ln2_hi = 6.93147180369123816490e-01; /* 0x3fe62e42 fee00000 */
static const double ln2_lo = 1.90821492927058770002e-10; /* 0x3dea39ef 35793c76 */

double powers_exp(double x)
{
    static const double inv_ln2 = 1.44269504088896338700e+00, p1 = 1.66666666666666019037e-01,
                        p2 = -2.77777777770155933842e-03, p3 = 6.61375632143793436117e-05,
                        p4 = -1.65339022054652515390e-06, p5 = 4.13813679705723846039e-08;
    uint32_t hx = (uint32_t)(powers_bits(x) >> 32);
    int sign = (int)(hx >> 31);
    hx &= 0x7fffffff;
    if (hx >= 0x4086232b) { /* |x| >= 708.39, or NaN */
        if (x != x)
            return x;
        if (x > 709.782712893383973096)
            return x * 0x1p1023 * 0x1p1023; /* +inf */
        if (x < -745.13321910194110842)
            return 0.0;
    }
    double hi, lo;
    int k;
    if (hx > 0x3fd62e42) { /* |x| > ln2 / 2: x = k ln2 + r, |r| <= ln2 / 2 */
        if (hx >= 0x3ff0a2b2)
            k = (int)(inv_ln2 * x + (sign ? -0.5 : 0.5));
        else
            k = 1 - sign - sign;
        hi = x - k * ln2_hi; /* exact */
        lo = k * ln2_lo;
        x = hi - lo;
    } else if (hx > 0x3e300000) { /* |x| > 2^-28 */
        k = 0;
        hi = x;
        lo = 0.0;
    } else {
        return 1.0 + x;
    }
    double xx = x * x;
    double c = x - xx * (p1 + xx * (p2 + xx * (p3 + xx * (p4 + xx * p5))));
    double y = 1.0 + (x * c / (2.0 - c) - lo + hi);
    return k == 0 ? y : powers_scale(y, k);
}

double powers_log(double x)
{
    static const double lg1 = 6.666666666666735130e-01, lg2 = 3.999999999940941908e-01,
                        lg3 = 2.857142874366239149e-01, lg4 = 2.222219843214978396e-01,
                        lg5 = 1.818357216161805012e-01, lg6 = 1.531383769920937332e-01,
                        lg7 = 1.479819860511658591e-01;
    uint64_t u = powers_bits(x);
    uint32_t hx = (uint32_t)(u >> 32);
    int k = 0;
    if (hx < 0x00100000 || (hx >> 31)) {
        if ((u << 1) == 0)
            return -1.0 / 0.0; /* log(+-0) = -inf */
        if (hx >> 31)
            return (x - x) / 0.0; /* log(negative) = NaN */
        k -= 54;                  /* a subnormal: scaled up */
        x *= 0x1p54;
        u = powers_bits(x);
        hx = (uint32_t)(u >> 32);
    } else if (hx >= 0x7ff00000) {
        return x; /* +inf, NaN */
    } else if (hx == 0x3ff00000 && (u << 32) == 0) {
        return 0.0;
    }
    /* x = 2^k (1 + f), 1 + f in [sqrt(2)/2, sqrt(2)] */
    hx += 0x3ff00000 - 0x3fe6a09e;
    k += (int)(hx >> 20) - 0x3ff;
    hx = (hx & 0x000fffff) + 0x3fe6a09e;
    x = powers_double((uint64_t)hx << 32 | (u & 0xffffffff));
    double f = x - 1.0;
    double hfsq = 0.5 * f * f;
    double s = f / (2.0 + f);
    double z = s * s;
    double w = z * z;
    double t1 = w * (lg2 + w * (lg4 + w * lg6));
    double t2 = z * (lg1 + w * (lg3 + w * (lg5 + w * lg7)));
    double r = t2 + t1;
    double dk = k;
    return s * (hfsq + r) + dk * ln2_lo - hfsq + f + dk * ln2_hi;
}

/* x to a whole power n (0 < n <= POWERS_POW_SQUARING), by repeated squaring. */
static double powers_squaring(double x, uint32_t n)
{
    double r = 1.0;
    while (n) {
        if (n & 1u)
            r *= x;
        x *= x;
        n >>= 1;
    }
    return r;
}

double powers_pow(double x, double y)
{
    if (y == 0.0)
        return 1.0;
    if (x != x || y != y)
        return x + y; /* NaN */
    /* every double past 2^53 is whole (and an infinity counts as one) */
    int is_whole = y < -9.0e15 || y > 9.0e15 || (double)(int64_t)y == y;
    if (is_whole && y >= -POWERS_POW_SQUARING && y <= POWERS_POW_SQUARING) {
        double r = powers_squaring(x, (uint32_t)(y < 0 ? -y : y));
        if (y < 0)
            r = 1.0 / r;
        /* past the largest double on the way (2^-1030 is a subnormal, not 0):
         * the exponential's way below, which scales at the end */
        if (!(r == 0.0 || r > 1.7976931348623157e308 || r < -1.7976931348623157e308) || x == 0.0 ||
            x > 1.7976931348623157e308 || x < -1.7976931348623157e308)
            return r;
    }
    if (x == 0.0)
        return y > 0 ? 0.0 : 1.0 / 0.0;
    if (x < 0.0) {
        if (!is_whole)
            return (x - x) / 0.0; /* NaN */
        /* a whole power past the squaring's: the sign from its parity */
        double r = powers_exp(y * powers_log(-x));
        double half = y * 0.5;
        int odd = y > -9.0e15 && y < 9.0e15 && (double)(int64_t)half != half;
        return odd ? -r : r;
    }
    return powers_exp(y * powers_log(x));
}
