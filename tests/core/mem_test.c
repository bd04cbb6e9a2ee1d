/* mem: allocations are counted and the Nth one can be made to fail. */
#include "../check.h"
#include "core/mem.h"

#include <stdint.h>

static void mem_test_counting(void)
{
    mem_stats before = mem_get_stats();
    int64_t live = mem_live_blocks();
    void *a = mem_alloc(10), *b = mem_calloc(4, 8);
    char *s = mem_strdup("curtain");
    CHECK(a && b && s);
    CHECK(strcmp(s, "curtain") == 0);
    CHECK_EQ_INT(mem_get_stats().allocs - before.allocs, 3);
    CHECK_EQ_INT(mem_live_blocks() - live, 3);
    mem_free(a);
    mem_free(b);
    mem_free(s);
    mem_free(NULL);
    CHECK_EQ_INT(mem_live_blocks(), live);
}

static void mem_test_fail_at(void)
{
    mem_fail_at(2);
    void *first = mem_alloc(8);
    void *second = mem_alloc(8);
    void *third = mem_alloc(8);
    CHECK(first != NULL);
    CHECK(second == NULL);
    CHECK(third != NULL);
    mem_free(first);
    mem_free(third);
    void *p = mem_alloc(16);
    mem_fail_at(1);
    CHECK(mem_realloc(p, 32) == NULL); /* p stays valid, as with realloc */
    mem_free(p);
}

static void mem_test_aligned(void)
{
    void *p = mem_alloc_aligned(100, 64);
    CHECK(p != NULL);
    CHECK(((uintptr_t)p & 63) == 0);
    mem_free(p);
}

int main(void)
{
    mem_test_counting();
    mem_test_fail_at();
    mem_test_aligned();
    return check_done("mem");
}
