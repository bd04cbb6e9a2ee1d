/*
 * rng: the seeded generators, xoshiro256** (see rng.h).
 */
#include "core/rng.h"

static uint64_t rng_rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

uint64_t rng_mix64(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

void rng_seed(rng *r, uint64_t seed)
{
    /* Successive splitmix64 outputs never give the all-zero state xoshiro must avoid. */
    for (int i = 0; i < 4; i++) {
        seed += 0x9e3779b97f4a7c15ull;
        r->s[i] = rng_mix64(seed);
    }
}

uint64_t rng_next(rng *r)
{
    uint64_t *s = r->s;
    uint64_t result = rng_rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rng_rotl(s[3], 45);
    return result;
}

uint32_t rng_below(rng *r, uint32_t n)
{
    /* Lemire's multiply-and-reject: unbiased, rarely loops. */
    uint64_t m = (rng_next(r) >> 32) * n;
    uint32_t low = (uint32_t)m;
    if (low < n) {
        uint32_t threshold = (uint32_t)-n % n;
        while (low < threshold) {
            m = (rng_next(r) >> 32) * n;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

float rng_float(rng *r)
{
    return (float)(rng_next(r) >> 40) * 0x1.0p-24f;
}

double rng_double(rng *r)
{
    return (double)(rng_next(r) >> 11) * 0x1.0p-53;
}

float rng_range(rng *r, float lo, float hi)
{
    return lo + (hi - lo) * rng_float(r);
}
