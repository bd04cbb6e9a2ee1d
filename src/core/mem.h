/*
 * mem: the one door to the heap.
 *
 * Every allocation the engine makes goes through these functions, so that tests
 * can count allocations (the frame loop must not allocate once warmed up) and make
 * the Nth allocation fail (SQLite-style out-of-memory loops over every loader).
 * Blocks from any of the allocating functions are released with mem_free.
 */
#ifndef CURTAIN_CORE_MEM_H
#define CURTAIN_CORE_MEM_H

#include <stddef.h>
#include <stdint.h>

/* malloc, calloc, realloc and strdup through the hook: NULL when out of memory
 * (or a failure a test injects); a size of 0 still gives a block to free. */
void *mem_alloc(size_t size);
void *mem_calloc(size_t count, size_t size);
void *mem_realloc(void *ptr, size_t size);
/* Aligned block (align a power of two, at least sizeof(void *)); free with mem_free. */
void *mem_alloc_aligned(size_t size, size_t align);
char *mem_strdup(const char *s);
void mem_free(void *ptr);

typedef struct mem_stats {
    uint64_t allocs; /* successful allocations, reallocations of NULL included */
    uint64_t frees;  /* mem_free of a non-NULL pointer */
    uint64_t failed; /* allocations refused (really out of memory, or injected) */
} mem_stats;

/* The counts since the process started. */
mem_stats mem_get_stats(void);
/* Live blocks: allocations not yet freed. A loader that fails cleanly leaves it unchanged. */
int64_t mem_live_blocks(void);
/* Live bytes: the usable size of the live blocks (as the C library rounds them up;
 * 0 where it cannot say, as outside glibc). A soak's flat memory shows here. */
int64_t mem_live_bytes(void);

/* Make the n-th allocation from now fail (n = 1: the very next one). 0 switches it off.
 * Only that one allocation fails; later ones succeed again. */
void mem_fail_at(uint64_t n);

#endif
