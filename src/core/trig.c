/*
 * trig: deterministic sine, cosine and arctangent, scalar and in lanes, the same
 * operations in the same order on every path (see trig.h).
 */
#include "core/trig.h"

#include <math.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define TRIG_AVX2 1 /* trig_sincos_n picks four lanes at run time where the CPU has them */
#else
#define TRIG_AVX2 0
#endif

/* pi/2 split in two for Cody-Waite reduction: the high part has 33 significant bits,
 * so k * TRIG_PIO2_HI is exact for |k| < 2^20. */
#define TRIG_PIO2_HI    1.57079632673412561417e+00
#define TRIG_PIO2_LO    6.07710050650619224932e-11
#define TRIG_INV_PIO2   6.36619772367581382433e-01
#define TRIG_TWO_PI     6.28318530717958647693
#define TRIG_REDUCE_MAX 1.0e6

/* The kernels' Taylor coefficients, highest power first, each step p = p * z +
 * coef[k] (subtracting c is adding -c, bit for bit). Every lane width below
 * runs these in this order, so each lane gets the scalar's bits. */
#define TRIG_SIN_TERMS 7
#define TRIG_COS_TERMS 8
static const double trig_sin_coef[TRIG_SIN_TERMS] = {
    -1.0 / 1307674368000.0, 1.0 / 6227020800.0, -1.0 / 39916800.0, 1.0 / 362880.0,
    -1.0 / 5040.0,          1.0 / 120.0,        -1.0 / 6.0};
static const double trig_cos_coef[TRIG_COS_TERMS] = {
    1.0 / 20922789888000.0, -1.0 / 87178291200.0, 1.0 / 479001600.0, -1.0 / 3628800.0,
    1.0 / 40320.0,          -1.0 / 720.0,         1.0 / 24.0,        -0.5};

/* sin on [-pi/4, pi/4]: Taylor series to r^15 (truncation error below 1e-16). */
static double trig_sin_kernel(double r)
{
    double z = r * r, p = trig_sin_coef[0];
    for (int k = 1; k < TRIG_SIN_TERMS; k++)
        p = p * z + trig_sin_coef[k];
    return r + r * z * p;
}

/* cos on [-pi/4, pi/4]: Taylor series to r^16. */
static double trig_cos_kernel(double r)
{
    double z = r * r, p = trig_cos_coef[0];
    for (int k = 1; k < TRIG_COS_TERMS; k++)
        p = p * z + trig_cos_coef[k];
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

#if defined(__SSE2__)
/* trig_sin_kernel and trig_cos_kernel on two lanes: the same constants and
 * operations in the same order, so each lane gets the scalar's bits. */
static __m128d trig_sin_kernel2(__m128d r)
{
    __m128d z = _mm_mul_pd(r, r), p = _mm_set1_pd(trig_sin_coef[0]);
    for (int k = 1; k < TRIG_SIN_TERMS; k++)
        p = _mm_add_pd(_mm_mul_pd(p, z), _mm_set1_pd(trig_sin_coef[k]));
    return _mm_add_pd(r, _mm_mul_pd(_mm_mul_pd(r, z), p));
}

static __m128d trig_cos_kernel2(__m128d r)
{
    __m128d z = _mm_mul_pd(r, r), p = _mm_set1_pd(trig_cos_coef[0]);
    for (int k = 1; k < TRIG_COS_TERMS; k++)
        p = _mm_add_pd(_mm_mul_pd(p, z), _mm_set1_pd(trig_cos_coef[k]));
    return _mm_add_pd(_mm_set1_pd(1.0), _mm_mul_pd(z, p));
}

/* Both lanes as trig_sincos does one, for |x| <= TRIG_REDUCE_MAX: floor as a
 * truncation less one where it rounded up (exact: the quotient is below
 * 2^31), the quadrant's swap and signs as masks. */
static void trig_sincos_lanes(__m128d x, __m128d *s, __m128d *c)
{
    __m128d v = _mm_add_pd(_mm_mul_pd(x, _mm_set1_pd(TRIG_INV_PIO2)), _mm_set1_pd(0.5));
    __m128d k = _mm_cvtepi32_pd(_mm_cvttpd_epi32(v));
    k = _mm_sub_pd(k, _mm_and_pd(_mm_cmpgt_pd(k, v), _mm_set1_pd(1.0)));
    __m128d r = _mm_sub_pd(_mm_sub_pd(x, _mm_mul_pd(k, _mm_set1_pd(TRIG_PIO2_HI))),
                           _mm_mul_pd(k, _mm_set1_pd(TRIG_PIO2_LO)));
    __m128d sr = trig_sin_kernel2(r), cr = trig_cos_kernel2(r);
    /* the quadrant (k & 3) in both halves of each lane */
    __m128i q = _mm_shuffle_epi32(_mm_cvttpd_epi32(k), _MM_SHUFFLE(1, 1, 0, 0));
    __m128i one = _mm_set1_epi32(1), two = _mm_set1_epi32(2);
    __m128d swap = _mm_castsi128_pd(_mm_cmpeq_epi32(_mm_and_si128(q, one), one));
    __m128d neg_s = _mm_castsi128_pd(_mm_cmpeq_epi32(_mm_and_si128(q, two), two));
    __m128d neg_c = _mm_castsi128_pd(
        _mm_cmpeq_epi32(_mm_and_si128(_mm_add_epi32(q, one), two), two)); /* 1, 2 */
    __m128d sign = _mm_set1_pd(-0.0);
    __m128d a = _mm_or_pd(_mm_and_pd(swap, cr), _mm_andnot_pd(swap, sr));
    __m128d b = _mm_or_pd(_mm_and_pd(swap, sr), _mm_andnot_pd(swap, cr));
    *s = _mm_xor_pd(a, _mm_and_pd(neg_s, sign));
    *c = _mm_xor_pd(b, _mm_and_pd(neg_c, sign));
}
#endif

#if TRIG_AVX2
/* trig_sincos_lanes on four lanes with AVX2: the same constants and
 * operations in the same order (no fused multiply-add: the target is avx2
 * alone and the project builds with -ffp-contract=off), so each lane gets the
 * scalar's bits. */
#define TRIG_AVX2_FN __attribute__((target("avx2")))
TRIG_AVX2_FN static __m256d trig_sin_kernel4(__m256d r)
{
    __m256d z = _mm256_mul_pd(r, r), p = _mm256_set1_pd(trig_sin_coef[0]);
    for (int k = 1; k < TRIG_SIN_TERMS; k++)
        p = _mm256_add_pd(_mm256_mul_pd(p, z), _mm256_set1_pd(trig_sin_coef[k]));
    return _mm256_add_pd(r, _mm256_mul_pd(_mm256_mul_pd(r, z), p));
}

TRIG_AVX2_FN static __m256d trig_cos_kernel4(__m256d r)
{
    __m256d z = _mm256_mul_pd(r, r), p = _mm256_set1_pd(trig_cos_coef[0]);
    for (int k = 1; k < TRIG_COS_TERMS; k++)
        p = _mm256_add_pd(_mm256_mul_pd(p, z), _mm256_set1_pd(trig_cos_coef[k]));
    return _mm256_add_pd(_mm256_set1_pd(1.0), _mm256_mul_pd(z, p));
}

TRIG_AVX2_FN static void trig_sincos_n_avx2(const double *x, double *s, double *c, size_t n)
{
    const __m256d most = _mm256_set1_pd(TRIG_REDUCE_MAX), sign = _mm256_set1_pd(-0.0);
    const __m256i one = _mm256_set1_epi64x(1), two = _mm256_set1_epi64x(2);
    size_t k = 0;
    for (; k + 4 <= n; k += 4) {
        __m256d vx = _mm256_loadu_pd(x + k);
        if (_mm256_movemask_pd(_mm256_cmp_pd(_mm256_andnot_pd(sign, vx), most, _CMP_LE_OQ)) != 15) {
            for (size_t j = k; j < k + 4; j++) /* NaN, infinity or far: one by one */
                trig_sincos(x[j], s + j, c + j);
            continue;
        }
        __m256d v =
            _mm256_add_pd(_mm256_mul_pd(vx, _mm256_set1_pd(TRIG_INV_PIO2)), _mm256_set1_pd(0.5));
        __m256d q = _mm256_cvtepi32_pd(_mm256_cvttpd_epi32(v));
        q = _mm256_sub_pd(q, _mm256_and_pd(_mm256_cmp_pd(q, v, _CMP_GT_OS), _mm256_set1_pd(1.0)));
        __m256d r = _mm256_sub_pd(_mm256_sub_pd(vx, _mm256_mul_pd(q, _mm256_set1_pd(TRIG_PIO2_HI))),
                                  _mm256_mul_pd(q, _mm256_set1_pd(TRIG_PIO2_LO)));
        __m256d sr = trig_sin_kernel4(r), cr = trig_cos_kernel4(r);
        /* the quadrant (q & 3) as a 64-bit integer a lane */
        __m256i qi = _mm256_cvtepi32_epi64(_mm256_cvttpd_epi32(q));
        __m256d swap = _mm256_castsi256_pd(_mm256_cmpeq_epi64(_mm256_and_si256(qi, one), one));
        __m256d neg_s = _mm256_castsi256_pd(_mm256_cmpeq_epi64(_mm256_and_si256(qi, two), two));
        __m256d neg_c = _mm256_castsi256_pd(
            _mm256_cmpeq_epi64(_mm256_and_si256(_mm256_add_epi64(qi, one), two), two));
        __m256d a = _mm256_blendv_pd(sr, cr, swap), b = _mm256_blendv_pd(cr, sr, swap);
        _mm256_storeu_pd(s + k, _mm256_xor_pd(a, _mm256_and_pd(neg_s, sign)));
        _mm256_storeu_pd(c + k, _mm256_xor_pd(b, _mm256_and_pd(neg_c, sign)));
    }
    for (; k < n; k++)
        trig_sincos(x[k], s + k, c + k);
}
#endif

int trig_sincos_lanes_max(void)
{
#if TRIG_AVX2
    if (__builtin_cpu_supports("avx2"))
        return 4;
#endif
#if defined(__SSE2__)
    return 2;
#else
    return 1;
#endif
}

void trig_sincos_n_lanes(const double *x, double *s, double *c, size_t n, int lanes)
{
    size_t k = 0;
#if TRIG_AVX2
    if (lanes >= 4 && __builtin_cpu_supports("avx2")) {
        trig_sincos_n_avx2(x, s, c, n);
        return;
    }
#endif
#if defined(__SSE2__)
    for (; lanes >= 2 && k + 2 <= n; k += 2) {
        if (!(fabs(x[k]) <= TRIG_REDUCE_MAX && fabs(x[k + 1]) <= TRIG_REDUCE_MAX)) {
            trig_sincos(x[k], s + k, c + k); /* NaN, infinity or far: one by one */
            trig_sincos(x[k + 1], s + k + 1, c + k + 1);
            continue;
        }
        __m128d vs, vc;
        trig_sincos_lanes(_mm_loadu_pd(x + k), &vs, &vc);
        _mm_storeu_pd(s + k, vs);
        _mm_storeu_pd(c + k, vc);
    }
#endif
    for (; k < n; k++)
        trig_sincos(x[k], s + k, c + k);
}

void trig_sincos_n(const double *x, double *s, double *c, size_t n)
{
    trig_sincos_n_lanes(x, s, c, n, 4);
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
