/*
 * rng: the seeded pseudo-random generators of the engine (xoshiro256**).
 *
 * The game keeps two instances: one for logic, whose draws are part of the
 * simulation state and of every replay, and one for visuals (particles, the
 * background), which may be drawn from freely without touching determinism.
 * Never make two draws in one expression: C leaves their order unspecified.
 */
#ifndef CURTAIN_CORE_RNG_H
#define CURTAIN_CORE_RNG_H

#include <stdint.h>

typedef struct rng {
    uint64_t s[4];
} rng;

/* Expands a 64-bit seed into a full state with splitmix64 (any seed is fine, 0 too). */
void rng_seed(rng *r, uint64_t seed);
uint64_t rng_next(rng *r);
/* Uniform in [0, n) without modulo bias; n = 0 gives 0. */
uint32_t rng_below(rng *r, uint32_t n);
/* Uniform in [0, 1), 24 bits of mantissa. */
float rng_float(rng *r);
/* Uniform in [0, 1), 53 bits of mantissa. */
double rng_double(rng *r);
/* Uniform in [lo, hi). */
float rng_range(rng *r, float lo, float hi);

/* splitmix64: a one-step mixer, also handy to derive sub-seeds. */
uint64_t rng_mix64(uint64_t x);

#endif
