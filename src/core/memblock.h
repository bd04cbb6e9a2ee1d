/*
 * memblock: a list of the memory blocks that together hold a module's state.
 *
 * A module whose state lives in fixed-capacity arrays allocated at init lists
 * them (its struct, then each array, whole) with memblock_add; a snapshot
 * (game/snapshot.h) is then one memcpy per block into a buffer allocated once.
 * Listing blocks wholesale, not fields one by one, keeps a field added to a
 * struct or a slot array covered without touching the snapshot.
 */
#ifndef CURTAIN_CORE_MEMBLOCK_H
#define CURTAIN_CORE_MEMBLOCK_H

#include <stddef.h>

#define MEMBLOCK_MAX 64

typedef struct memblock {
    void *data;
    size_t size;
} memblock;

typedef struct memblock_list {
    memblock at[MEMBLOCK_MAX];
    int count;
    int overflow; /* blocks that did not fit: a snapshot refuses such a list */
} memblock_list;

/* Adds a block; NULL or empty blocks are skipped (an array a module did not need). */
static inline void memblock_add(memblock_list *l, void *data, size_t size)
{
    if (!data || size == 0)
        return;
    if (l->count >= MEMBLOCK_MAX) {
        l->overflow++;
        return;
    }
    l->at[l->count].data = data;
    l->at[l->count].size = size;
    l->count++;
}

/* The bytes of every block together. */
static inline size_t memblock_total(const memblock_list *l)
{
    size_t n = 0;
    for (int i = 0; i < l->count; i++)
        n += l->at[i].size;
    return n;
}

#endif
