/*
 * hash: a streaming 64-bit hash for state hashes and checksums.
 *
 * The simulation feeds its state through a hasher each frame a replay checks;
 * equal states give equal hashes on every build type. Floats are hashed by their
 * bit patterns, so a state matches only when it is bit-for-bit the same.
 * Not cryptographic; the mixing follows the xxHash64 round and avalanche.
 */
#ifndef CURTAIN_CORE_HASH_H
#define CURTAIN_CORE_HASH_H

#include <stddef.h>
#include <stdint.h>

typedef struct hasher {
    uint64_t h;
    uint64_t total; /* bytes fed so far */
} hasher;

/* Starts a hash; then feed it (hash_bytes: raw bytes; the others one value
 * each, floats by their bit patterns) and read it with hash_end, which leaves
 * the hasher as it was, so that feeding can go on. */
void hash_begin(hasher *hs, uint64_t seed);
void hash_bytes(hasher *hs, const void *data, size_t size);
void hash_u32(hasher *hs, uint32_t v);
void hash_u64(hasher *hs, uint64_t v);
void hash_f32(hasher *hs, float v);
void hash_f64(hasher *hs, double v);
uint64_t hash_end(const hasher *hs);

/* One-shot hash of a buffer. */
uint64_t hash_buffer(const void *data, size_t size, uint64_t seed);

#endif
