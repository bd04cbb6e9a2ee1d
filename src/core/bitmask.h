/*
 * bitmask: 64 lanes of an array tested at once, as the bits of a word.
 *
 * The pool keeps its bullets in blocks of 64 slots with a word of bits per
 * block (alive, warm, ...). Passes that pick bullets by a per-slot value (a
 * flag byte, a position in a box) build such a word from 64 values; with SSE2
 * that is a compare and a movemask per 16 bytes or 4 floats instead of 64
 * shifts, which compilers do not find on their own. The scalar fallback gives
 * the same bits.
 */
#ifndef CURTAIN_CORE_BITMASK_H
#define CURTAIN_CORE_BITMASK_H

#include <stdint.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* Bit k set when bytes[k] & flag is not zero, for k in 0..63. */
static inline uint64_t bitmask_bytes_any(const uint8_t *bytes, uint8_t flag)
{
#if defined(__SSE2__)
    const __m128i f = _mm_set1_epi8((char)flag), zero = _mm_setzero_si128();
    uint64_t bits = 0;
    for (int k = 0; k < 64; k += 16) {
        __m128i v = _mm_and_si128(_mm_loadu_si128((const __m128i *)(bytes + k)), f);
        uint32_t none = (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(v, zero));
        bits |= (uint64_t)(~none & 0xffffu) << k;
    }
    return bits;
#else
    uint64_t bits = 0;
    for (int k = 0; k < 64; k++)
        bits |= (uint64_t)((bytes[k] & flag) != 0) << k;
    return bits;
#endif
}

/* Bit k set when x0 <= x[k] <= x1 and y0 <= y[k] <= y1 (a NaN is outside). */
static inline uint64_t bitmask_in_box(const float *x, const float *y, float x0, float y0, float x1,
                                      float y1)
{
#if defined(__SSE2__)
    const __m128 lx = _mm_set1_ps(x0), ly = _mm_set1_ps(y0), hx = _mm_set1_ps(x1),
                 hy = _mm_set1_ps(y1);
    uint64_t bits = 0;
    for (int k = 0; k < 64; k += 4) {
        __m128 vx = _mm_loadu_ps(x + k), vy = _mm_loadu_ps(y + k);
        __m128 in = _mm_and_ps(_mm_and_ps(_mm_cmpge_ps(vx, lx), _mm_cmple_ps(vx, hx)),
                               _mm_and_ps(_mm_cmpge_ps(vy, ly), _mm_cmple_ps(vy, hy)));
        bits |= (uint64_t)_mm_movemask_ps(in) << k;
    }
    return bits;
#else
    uint64_t bits = 0;
    for (int k = 0; k < 64; k++)
        bits |= (uint64_t)(x[k] >= x0 && x[k] <= x1 && y[k] >= y0 && y[k] <= y1) << k;
    return bits;
#endif
}

#endif
