/* hash: streaming equals one-shot, and small changes change the hash. */
#include "../check.h"
#include "core/hash.h"

static void hash_test_streaming(void)
{
    unsigned char data[1000];
    for (int i = 0; i < 1000; i++)
        data[i] = (unsigned char)(i * 37 + 11);
    uint64_t whole = hash_buffer(data, sizeof data, 5);
    hasher hs;
    hash_begin(&hs, 5);
    hash_bytes(&hs, data, 400);
    hash_bytes(&hs, data + 400, 600);
    CHECK_EQ_U64(hash_end(&hs), whole);
    CHECK(hash_buffer(data, sizeof data, 6) != whole);
}

static void hash_test_sensitivity(void)
{
    unsigned char data[64] = {0};
    uint64_t base = hash_buffer(data, sizeof data, 0);
    int all_differ = 1;
    for (int bit = 0; bit < 64 * 8; bit++) {
        data[bit / 8] ^= (unsigned char)(1u << (bit % 8));
        all_differ &= hash_buffer(data, sizeof data, 0) != base;
        data[bit / 8] ^= (unsigned char)(1u << (bit % 8));
    }
    CHECK(all_differ);
    /* Length matters even when the extra bytes are zero. */
    CHECK(hash_buffer(data, 63, 0) != hash_buffer(data, 64, 0));
    CHECK(hash_buffer(data, 8, 0) != hash_buffer(data, 9, 0));
}

static void hash_test_floats_by_bits(void)
{
    hasher a, b;
    hash_begin(&a, 0);
    hash_begin(&b, 0);
    hash_f32(&a, 0.0f);
    hash_f32(&b, -0.0f);
    CHECK(hash_end(&a) != hash_end(&b));
}

int main(void)
{
    hash_test_streaming();
    hash_test_sensitivity();
    hash_test_floats_by_bits();
    return check_done("hash");
}
