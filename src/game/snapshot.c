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

/* A run of a delta: where in the snapshot and how many bytes follow. */
typedef struct snapshot_run {
    uint32_t offset, length;
} snapshot_run;

/* Appends the runs where `now` differs from `was` (size bytes at `offset` of
 * the snapshot) to out; returns 0, or -1 when they do not fit in cap. */
static int snapshot_runs(const unsigned char *now, const unsigned char *was, size_t size,
                         size_t offset, unsigned char *out, size_t cap, size_t *used)
{
    for (size_t at = 0; at < size;) {
        size_t n = size - at < SNAPSHOT_CHUNK ? size - at : SNAPSHOT_CHUNK;
        if (memcmp(now + at, was + at, n) == 0) {
            at += n;
            continue;
        }
        size_t end = at + n; /* extend the run over the chunks that differ */
        while (end < size) {
            size_t m = size - end < SNAPSHOT_CHUNK ? size - end : SNAPSHOT_CHUNK;
            if (memcmp(now + end, was + end, m) == 0)
                break;
            end += m;
        }
        snapshot_run run = {(uint32_t)(offset + at), (uint32_t)(end - at)};
        if (*used + sizeof run + run.length > cap)
            return -1;
        memcpy(out + *used, &run, sizeof run);
        memcpy(out + *used + sizeof run, now + at, run.length);
        *used += sizeof run + run.length;
        at = end;
    }
    return 0;
}

size_t snapshot_delta_take(const snapshot *base, const world *w, unsigned char *out, size_t cap)
{
    memblock_list l;
    if (!base->taken || snapshot_match(base, w, &l) != 0)
        return 0;
    size_t used = 0, offset = 0;
    for (int i = 0; i < l.count; i++) {
        if (snapshot_runs(l.at[i].data, base->data + offset, l.at[i].size, offset, out, cap,
                          &used) != 0)
            return 0;
        offset += l.at[i].size;
    }
    return used;
}

int snapshot_delta_take_of(const snapshot *base, const snapshot *s, unsigned char *out, size_t cap,
                           size_t *size)
{
    *size = 0;
    if (!base->taken || !s->taken || s->owner != base->owner || s->layout != base->layout ||
        s->size != base->size)
        return -1;
    return snapshot_runs(s->data, base->data, s->size, 0, out, cap, size);
}

int snapshot_delta_restore_to(const snapshot *base, const unsigned char *delta, size_t size,
                              snapshot *s)
{
    if (!base->taken || s->owner != base->owner || s->layout != base->layout ||
        s->size != base->size)
        return -1;
    memcpy(s->data, base->data, s->size);
    for (size_t used = 0; used < size;) {
        snapshot_run run;
        if (size - used < sizeof run)
            return -1;
        memcpy(&run, delta + used, sizeof run);
        used += sizeof run;
        if (run.length > size - used || run.offset + (size_t)run.length > s->size)
            return -1;
        memcpy(s->data + run.offset, delta + used, run.length);
        used += run.length;
    }
    s->taken = 1;
    return 0;
}

int snapshot_delta_restore(const snapshot *base, const unsigned char *delta, size_t size, world *w)
{
    memblock_list l;
    if (!base->taken || snapshot_match(base, w, &l) != 0)
        return -1;
    workers *threads = w->workers;
    int print_scripts = w->print_scripts;
    size_t offset = 0;
    for (int i = 0; i < l.count; i++) {
        memcpy(l.at[i].data, base->data + offset, l.at[i].size);
        offset += l.at[i].size;
    }
    /* the runs, in increasing offset: each within one block (take never spans) */
    int block = 0;
    size_t block_at = 0;
    for (size_t used = 0; used < size;) {
        snapshot_run run;
        if (size - used < sizeof run)
            return -1;
        memcpy(&run, delta + used, sizeof run);
        used += sizeof run;
        while (block < l.count && run.offset >= block_at + l.at[block].size)
            block_at += l.at[block++].size;
        if (block >= l.count || run.length > size - used ||
            run.offset + (size_t)run.length > block_at + l.at[block].size)
            return -1;
        memcpy((unsigned char *)l.at[block].data + (run.offset - block_at), delta + used,
               run.length);
        used += run.length;
    }
    w->workers = threads;
    w->print_scripts = print_scripts;
    return 0;
}
