/*
 * snapshot: the live part of world_blocks copied into one buffer and back. See
 * snapshot.h (what is copied and why the untouched tails come back right).
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

/* Where the blocks are, their sizes and kinds: a world made again in the same
 * struct has other blocks, which a snapshot of the old one must not be copied
 * over. */
static uint64_t snapshot_layout(const memblock_list *l)
{
    hasher hs;
    hash_begin(&hs, 0x736e6170ull); /* "snap" */
    for (int i = 0; i < l->count; i++) {
        hash_u64(&hs, (uint64_t)(uintptr_t)l->at[i].data);
        hash_u64(&hs, (uint64_t)l->at[i].size);
        hash_u32(&hs, (uint32_t)l->at[i].kind);
    }
    return hash_end(&hs);
}

/* The blocks of w, if s was made for w as it is now. */
static int snapshot_match(const snapshot *s, const world *w, memblock_list *l)
{
    return s->data && s->owner == w && snapshot_blocks(w, l) == 0 && memblock_total(l) == s->size &&
                   l->count == s->blocks && snapshot_layout(l) == s->layout
               ? 0
               : -1;
}

static size_t snapshot_max(size_t a, size_t b)
{
    return a > b ? a : b;
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
    s->blocks = l.count;
    /* the whole world once: past each PEAK block's live part, its untouched tail */
    unsigned char *at = s->data;
    for (int i = 0; i < l.count; i++) {
        memcpy(at, l.at[i].data, l.at[i].size);
        s->clean[i] = l.at[i].live;
        s->room[i] = l.at[i].size;
        s->kind[i] = (unsigned char)l.at[i].kind;
        at += l.at[i].size;
    }
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
    size_t live = 0;
    for (int i = 0; i < l.count; i++) {
        const memblock *b = &l.at[i];
        size_t n = b->live;
        /* a PEAK block: also the bytes between w's mark and the buffer's clean
         * tail, untouched in w, so that the buffer's tail starts at w's mark */
        size_t copy = b->kind == MEMBLOCK_PEAK ? snapshot_max(n, s->clean[i]) : n;
        memcpy(at, b->data, copy);
        s->mark[i] = n;
        s->clean[i] = n;
        live += n;
        at += b->size;
    }
    s->live = live;
    s->taken = 1;
    s->frame = w->frame;
    return 0;
}

/* Bytes of block i of l to copy from s back into the world: a PEAK block up to
 * the larger mark (past the snapshot's, the buffer holds the untouched tail
 * that w's later frames wrote over), a USED one up to the snapshot's length. */
static size_t snapshot_restore_bytes(const snapshot *s, const memblock_list *l, int i)
{
    const memblock *b = &l->at[i];
    return b->kind == MEMBLOCK_PEAK ? snapshot_max(s->mark[i], b->live) : s->mark[i];
}

/* Copies s's state into w's blocks l, keeping what is not state. */
static void snapshot_put(const snapshot *s, const memblock_list *l, world *w)
{
    workers *threads = w->workers;
    int print_scripts = w->print_scripts;
    const unsigned char *at = s->data;
    for (int i = 0; i < l->count; i++) {
        memcpy(l->at[i].data, at, snapshot_restore_bytes(s, l, i));
        at += l->at[i].size;
    }
    w->workers = threads;
    w->print_scripts = print_scripts;
}

int snapshot_restore(const snapshot *s, world *w)
{
    memblock_list l;
    if (!s->taken || snapshot_match(s, w, &l) != 0)
        return -1;
    snapshot_put(s, &l, w);
    return 0;
}

/* A run of a delta: where in the snapshot and how many bytes follow. */
typedef struct snapshot_run {
    uint32_t offset, length;
} snapshot_run;

/* Whether the chunk [at, at + n) of a block differs from the base: past
 * `same_end` the base's bytes are not the block's (a USED block's list grew
 * past the base's length), so it counts as different unread. */
static int snapshot_chunk_differs(const unsigned char *now, const unsigned char *was, size_t at,
                                  size_t n, size_t same_end)
{
    return at + n > same_end || memcmp(now + at, was + at, n) != 0;
}

/* Appends the runs of chunks where now differs from was over [0, size) of a
 * block at `offset` of the snapshot (past same_end every chunk counts as
 * different) to out; returns 0, or -1 when they do not fit in cap. */
static int snapshot_runs(const unsigned char *now, const unsigned char *was, size_t size,
                         size_t same_end, size_t offset, unsigned char *out, size_t cap,
                         size_t *used)
{
    for (size_t at = 0; at < size;) {
        size_t n = size - at < SNAPSHOT_CHUNK ? size - at : SNAPSHOT_CHUNK;
        if (!snapshot_chunk_differs(now, was, at, n, same_end)) {
            at += n;
            continue;
        }
        size_t end = at + n; /* extend the run over the chunks that differ */
        while (end < size) {
            size_t m = size - end < SNAPSHOT_CHUNK ? size - end : SNAPSHOT_CHUNK;
            if (!snapshot_chunk_differs(now, was, end, m, same_end))
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

/* What of a block can differ from the base: a PEAK block below either mark
 * (past both, both hold the untouched tail), a USED one below its length, the
 * base's bytes standing for it below the base's (*same_end), a WHOLE one all. */
static size_t snapshot_span(memblock_kind kind, size_t room, size_t mark, size_t base_mark,
                            size_t *same_end)
{
    *same_end = kind == MEMBLOCK_USED ? base_mark : room;
    return kind == MEMBLOCK_PEAK ? snapshot_max(mark, base_mark) : mark;
}

size_t snapshot_delta_take(const snapshot *base, const world *w, unsigned char *out, size_t cap)
{
    memblock_list l;
    if (!base->taken || snapshot_match(base, w, &l) != 0)
        return 0;
    size_t used = 0, offset = 0;
    for (int i = 0; i < l.count; i++) {
        const memblock *b = &l.at[i];
        size_t same_end, size = snapshot_span(b->kind, b->size, b->live, base->mark[i], &same_end);
        if (snapshot_runs(b->data, base->data + offset, size, same_end, offset, out, cap, &used) !=
            0)
            return 0;
        offset += b->size;
    }
    return used;
}

int snapshot_delta_take_of(const snapshot *base, const snapshot *s, unsigned char *out, size_t cap,
                           size_t *size)
{
    *size = 0;
    if (!base->taken || !s->taken || s->owner != base->owner || s->layout != base->layout ||
        s->size != base->size || s->blocks != base->blocks)
        return -1;
    size_t offset = 0;
    for (int i = 0; i < s->blocks; i++) {
        size_t same_end, n = snapshot_span((memblock_kind)s->kind[i], s->room[i], s->mark[i],
                                           base->mark[i], &same_end);
        if (snapshot_runs(s->data + offset, base->data + offset, n, same_end, offset, out, cap,
                          size) != 0)
            return -1;
        offset += s->room[i];
    }
    return 0;
}

int snapshot_delta_restore_to(const snapshot *base, const unsigned char *delta, size_t size,
                              snapshot *s)
{
    if (!base->taken || s->owner != base->owner || s->layout != base->layout ||
        s->size != base->size || s->blocks != base->blocks)
        return -1;
    s->taken = 0;
    memcpy(s->data, base->data, s->size);
    /* each block's mark: the base's, or where its last run ends if later (past
     * both, the state's bytes are the base's untouched tail) */
    for (int i = 0; i < s->blocks; i++)
        s->mark[i] = s->kind[i] == MEMBLOCK_WHOLE ? s->room[i] : base->mark[i];
    int block = 0;
    size_t block_at = 0;
    for (size_t used = 0; used < size;) {
        snapshot_run run;
        if (size - used < sizeof run)
            return -1;
        memcpy(&run, delta + used, sizeof run);
        used += sizeof run;
        while (block < s->blocks && run.offset >= block_at + s->room[block])
            block_at += s->room[block++];
        if (block >= s->blocks || run.length > size - used ||
            run.offset + (size_t)run.length > block_at + s->room[block])
            return -1;
        memcpy(s->data + run.offset, delta + used, run.length);
        s->mark[block] = snapshot_max(s->mark[block], run.offset + run.length - block_at);
        used += run.length;
    }
    s->live = 0;
    for (int i = 0; i < s->blocks; i++) {
        s->clean[i] = s->mark[i];
        s->live += s->mark[i];
    }
    s->taken = 1;
    return 0;
}

int snapshot_delta_restore(const snapshot *base, const unsigned char *delta, size_t size, world *w)
{
    memblock_list l;
    if (!base->taken || snapshot_match(base, w, &l) != 0)
        return -1;
    /* the runs, in increasing offset, each within one block (take never spans):
     * checked before the world is touched */
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
        used += run.length;
    }
    snapshot_put(base, &l, w);
    block = 0;
    block_at = 0;
    for (size_t used = 0; used < size;) {
        snapshot_run run;
        memcpy(&run, delta + used, sizeof run);
        used += sizeof run;
        while (run.offset >= block_at + l.at[block].size)
            block_at += l.at[block++].size;
        memcpy((unsigned char *)l.at[block].data + (run.offset - block_at), delta + used,
               run.length);
        used += run.length;
    }
    return 0;
}
