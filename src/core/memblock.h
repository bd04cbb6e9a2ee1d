/*
 * memblock: a list of the memory blocks that together hold a module's state.
 *
 * A module whose state lives in fixed-capacity arrays allocated at init lists
 * them (its struct, then each array, whole) with memblock_add; a snapshot
 * (game/snapshot.h) is then one memcpy per block into a buffer allocated once.
 * Listing blocks wholesale, not fields one by one, keeps a field added to a
 * struct or a slot array covered without touching the snapshot.
 *
 * A block may say how much of it is live, so that a snapshot copies that much
 * only (memblock_add_peak, memblock_add_used); memblock_add's blocks are live
 * whole, which is always right. The two promises:
 *   MEMBLOCK_PEAK  the bytes past `live` have not been written since the module
 *                  made the block: `live` only grows (a high-water mark of the
 *                  slots ever taken, kept in the module's state, so a restored
 *                  state brings its own back) and the tail is as init left it;
 *   MEMBLOCK_USED  the bytes past `live` are never read before they are written
 *                  again (an append-only list with its length: a log, a queue).
 */
#ifndef CURTAIN_CORE_MEMBLOCK_H
#define CURTAIN_CORE_MEMBLOCK_H

#include <stddef.h>

#define MEMBLOCK_MAX 160

typedef enum memblock_kind {
    MEMBLOCK_WHOLE, /* every byte is state */
    MEMBLOCK_PEAK,  /* past `live`: untouched since init */
    MEMBLOCK_USED,  /* past `live`: never read before written */
} memblock_kind;

typedef struct memblock {
    void *data;
    size_t size;
    size_t live; /* the bytes from data that hold state (<= size) */
    memblock_kind kind;
} memblock;

typedef struct memblock_list {
    memblock at[MEMBLOCK_MAX];
    int count;
    int overflow; /* blocks that did not fit: a snapshot refuses such a list */
} memblock_list;

/* Adds a block of which `live` bytes hold state, with the promise `kind` makes
 * about the rest; NULL or empty blocks are skipped (an array a module did not
 * need). */
static inline void memblock_add_live(memblock_list *l, void *data, size_t size, size_t live,
                                     memblock_kind kind)
{
    if (!data || size == 0)
        return;
    if (l->count >= MEMBLOCK_MAX) {
        l->overflow++;
        return;
    }
    l->at[l->count] = (memblock){data, size, live < size ? live : size, kind};
    l->count++;
}

/* Adds a block that is state whole. */
static inline void memblock_add(memblock_list *l, void *data, size_t size)
{
    memblock_add_live(l, data, size, size, MEMBLOCK_WHOLE);
}

/* Adds a block whose bytes past `live` are as the module's init left them. */
static inline void memblock_add_peak(memblock_list *l, void *data, size_t size, size_t live)
{
    memblock_add_live(l, data, size, live, MEMBLOCK_PEAK);
}

/* Adds a block whose bytes past `live` are never read before being written. */
static inline void memblock_add_used(memblock_list *l, void *data, size_t size, size_t live)
{
    memblock_add_live(l, data, size, live, MEMBLOCK_USED);
}

/* The bytes of every block together (whole: a snapshot's room). */
static inline size_t memblock_total(const memblock_list *l)
{
    size_t n = 0;
    for (int i = 0; i < l->count; i++)
        n += l->at[i].size;
    return n;
}

#endif
