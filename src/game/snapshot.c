/*
 * snapshot: world_blocks copied into one buffer and back. See snapshot.h.
 */
#include "game/snapshot.h"

#include "core/hash.h"
#include "core/mem.h"

#include <string.h>

/* The blocks of w's state. world_blocks only reads w to list its memory. */
static int snapshot_blocks(const world *w, memblock_list *l)
{
    l->count = 0;
    l->overflow = 0;
    world_blocks((world *)w, l);
    return l->overflow ? -1 : 0;
}

/* Where the blocks are and their sizes: a world made again in the same struct
 * has other blocks, which a snapshot of the old one must not be copied over. */
static uint64_t snapshot_layout(const memblock_list *l)
{
    hasher hs;
    hash_begin(&hs, 0x736e6170ull); /* "snap" */
    for (int i = 0; i < l->count; i++) {
        hash_u64(&hs, (uint64_t)(uintptr_t)l->at[i].data);
        hash_u64(&hs, (uint64_t)l->at[i].size);
    }
    return hash_end(&hs);
}

/* The blocks of w, if s was made for w as it is now. */
static int snapshot_match(const snapshot *s, const world *w, memblock_list *l)
{
    return s->data && s->owner == w && snapshot_blocks(w, l) == 0 && memblock_total(l) == s->size &&
                   snapshot_layout(l) == s->layout
               ? 0
               : -1;
}

size_t snapshot_size(const world *w)
{
    memblock_list l;
    return snapshot_blocks(w, &l) == 0 ? memblock_total(&l) : 0;
}

int snapshot_init(snapshot *s, const world *w)
{
    *s = (snapshot){0};
    memblock_list l;
    size_t size = snapshot_blocks(w, &l) == 0 ? memblock_total(&l) : 0;
    s->data = size ? mem_alloc_aligned(size, 64) : NULL;
    if (!s->data)
        return -1;
    s->size = size;
    s->owner = w;
    s->layout = snapshot_layout(&l);
    return 0;
}

void snapshot_free(snapshot *s)
{
    mem_free(s->data);
    *s = (snapshot){0};
}

int snapshot_take(snapshot *s, const world *w)
{
    memblock_list l;
    if (snapshot_match(s, w, &l) != 0)
        return -1;
    unsigned char *at = s->data;
    for (int i = 0; i < l.count; i++) {
        memcpy(at, l.at[i].data, l.at[i].size);
        at += l.at[i].size;
    }
    s->taken = 1;
    s->frame = w->frame;
    return 0;
}

int snapshot_restore(const snapshot *s, world *w)
{
    memblock_list l;
    if (!s->taken || snapshot_match(s, w, &l) != 0)
        return -1;
    /* not state: the caller's threads and print setting stay */
    workers *threads = w->workers;
    int print_scripts = w->print_scripts;
    const unsigned char *at = s->data;
    for (int i = 0; i < l.count; i++) {
        memcpy(l.at[i].data, at, l.at[i].size);
        at += l.at[i].size;
    }
    w->workers = threads;
    w->print_scripts = print_scripts;
    return 0;
}
