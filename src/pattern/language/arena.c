/*
 * arena: bump allocation in a chain of blocks. See arena.h.
 */
#include "pattern/language/arena.h"

#include "core/mem.h"

#include <string.h>

#define ARENA_BLOCK 16384

struct arena_block {
    arena_block *next;
    max_align_t data[];
};

void arena_init(arena *a)
{
    memset(a, 0, sizeof *a);
}

void arena_free(arena *a)
{
    arena_block *b = a->head;
    while (b) {
        arena_block *next = b->next;
        mem_free(b);
        b = next;
    }
    memset(a, 0, sizeof *a);
}

void *arena_alloc(arena *a, size_t size)
{
    size_t align = sizeof(max_align_t);
    size = (size + align - 1) & ~(align - 1);
    if (!a->head || a->cap - a->used < size) {
        size_t cap = size > ARENA_BLOCK ? size : ARENA_BLOCK;
        arena_block *b = mem_alloc(sizeof *b + cap);
        if (!b) {
            a->failed = 1;
            return NULL;
        }
        b->next = a->head;
        a->head = b;
        a->used = 0;
        a->cap = cap;
    }
    void *p = (char *)a->head->data + a->used;
    a->used += size;
    memset(p, 0, size);
    return p;
}

char *arena_strndup(arena *a, const char *s, size_t len)
{
    char *p = arena_alloc(a, len + 1);
    if (p) {
        memcpy(p, s, len);
        p[len] = 0;
    }
    return p;
}
