/*
 * hash: the streaming 64-bit hash of state hashes and checksums (see hash.h).
 */
#include "core/hash.h"

#include <string.h>

#define HASH_P1 0x9e3779b185ebca87ull
#define HASH_P2 0xc2b2ae3d27d4eb4full
#define HASH_P3 0x165667b19e3779f9ull

static uint64_t hash_rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

/* Folds one 64-bit word into the state. */
static uint64_t hash_round(uint64_t h, uint64_t w)
{
    h ^= hash_rotl(w * HASH_P2, 31) * HASH_P1;
    return hash_rotl(h, 27) * HASH_P1 + HASH_P3;
}

void hash_begin(hasher *hs, uint64_t seed)
{
    hs->h = seed + HASH_P3;
    hs->total = 0;
}

void hash_bytes(hasher *hs, const void *data, size_t size)
{
    const unsigned char *p = data;
    uint64_t h = hs->h;
    size_t i = 0;
    for (; i + 8 <= size; i += 8) {
        uint64_t w;
        memcpy(&w, p + i, 8);
        h = hash_round(h, w);
    }
    if (i < size) {
        uint64_t w = 0;
        memcpy(&w, p + i, size - i);
        h = hash_round(h, w ^ ((uint64_t)(size - i) << 56));
    }
    hs->h = h;
    hs->total += size;
}

void hash_u32(hasher *hs, uint32_t v)
{
    hs->h = hash_round(hs->h, v);
    hs->total += 4;
}

void hash_u64(hasher *hs, uint64_t v)
{
    hs->h = hash_round(hs->h, v);
    hs->total += 8;
}

void hash_f32(hasher *hs, float v)
{
    uint32_t bits;
    memcpy(&bits, &v, 4);
    hash_u32(hs, bits);
}

void hash_f64(hasher *hs, double v)
{
    uint64_t bits;
    memcpy(&bits, &v, 8);
    hash_u64(hs, bits);
}

uint64_t hash_end(const hasher *hs)
{
    uint64_t h = hs->h ^ hs->total;
    h ^= h >> 33;
    h *= HASH_P2;
    h ^= h >> 29;
    h *= HASH_P3;
    h ^= h >> 32;
    return h;
}

uint64_t hash_buffer(const void *data, size_t size, uint64_t seed)
{
    hasher hs;
    hash_begin(&hs, seed);
    hash_bytes(&hs, data, size);
    return hash_end(&hs);
}
