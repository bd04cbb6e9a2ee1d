/*
 * mem: the one door to the heap, with the counting and failing hooks of tests
 * (see mem.h).
 */
#include "core/mem.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#if defined(__GLIBC__)
#include <malloc.h> /* malloc_usable_size: the live bytes */
#define MEM_SIZE_OF(p) malloc_usable_size(p)
#else
#define MEM_SIZE_OF(p) ((size_t)0) /* bytes not counted where the C library does not say */
#endif

static atomic_uint_fast64_t mem_allocs;
static atomic_uint_fast64_t mem_frees;
static atomic_uint_fast64_t mem_failed;
/* Countdown to the injected failure; 0 means none is armed. */
static atomic_uint_fast64_t mem_fail_countdown;
static atomic_int_fast64_t mem_bytes; /* the usable size of every live block */

/* Decides whether this allocation is the one chosen to fail. */
static int mem_should_fail(void)
{
    uint_fast64_t n = atomic_load(&mem_fail_countdown);
    while (n != 0) {
        if (atomic_compare_exchange_weak(&mem_fail_countdown, &n, n - 1))
            return n == 1;
    }
    return 0;
}

/* Books one allocation attempt; returns ptr unchanged. */
static void *mem_account(void *ptr)
{
    if (ptr) {
        atomic_fetch_add(&mem_allocs, 1);
        atomic_fetch_add(&mem_bytes, (int_fast64_t)MEM_SIZE_OF(ptr));
    } else
        atomic_fetch_add(&mem_failed, 1);
    return ptr;
}

void *mem_alloc(size_t size)
{
    if (mem_should_fail())
        return mem_account(NULL);
    return mem_account(malloc(size ? size : 1));
}

void *mem_calloc(size_t count, size_t size)
{
    if (mem_should_fail())
        return mem_account(NULL);
    return mem_account(calloc(count ? count : 1, size ? size : 1));
}

void *mem_realloc(void *ptr, size_t size)
{
    if (!ptr)
        return mem_alloc(size);
    if (mem_should_fail()) {
        atomic_fetch_add(&mem_failed, 1);
        return NULL;
    }
    size_t before = MEM_SIZE_OF(ptr);
    void *p = realloc(ptr, size ? size : 1);
    if (!p)
        atomic_fetch_add(&mem_failed, 1);
    else
        atomic_fetch_add(&mem_bytes, (int_fast64_t)MEM_SIZE_OF(p) - (int_fast64_t)before);
    return p;
}

void *mem_alloc_aligned(size_t size, size_t align)
{
    if (mem_should_fail())
        return mem_account(NULL);
    if (align < sizeof(void *))
        align = sizeof(void *);
    /* aligned_alloc wants a size that is a multiple of the alignment. */
    size_t rounded = (size + align - 1) & ~(align - 1);
    if (rounded < size)
        return mem_account(NULL);
    return mem_account(aligned_alloc(align, rounded ? rounded : align));
}

char *mem_strdup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *copy = mem_alloc(n);
    if (copy)
        memcpy(copy, s, n);
    return copy;
}

void mem_free(void *ptr)
{
    if (!ptr)
        return;
    atomic_fetch_add(&mem_frees, 1);
    atomic_fetch_sub(&mem_bytes, (int_fast64_t)MEM_SIZE_OF(ptr));
    free(ptr);
}

mem_stats mem_get_stats(void)
{
    mem_stats s = {atomic_load(&mem_allocs), atomic_load(&mem_frees), atomic_load(&mem_failed)};
    return s;
}

int64_t mem_live_blocks(void)
{
    return (int64_t)atomic_load(&mem_allocs) - (int64_t)atomic_load(&mem_frees);
}

int64_t mem_live_bytes(void)
{
    return (int64_t)atomic_load(&mem_bytes);
}

void mem_fail_at(uint64_t n)
{
    atomic_store(&mem_fail_countdown, n);
}
