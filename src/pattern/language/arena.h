/*
 * arena: bump allocation for the compiler's short-lived data (tokens' texts, the
 * syntax tree, scopes). Everything is freed at once with arena_free. Blocks come
 * from core/mem.h; a failed allocation returns NULL and sets `failed`, so the
 * parser can stop cleanly under an allocation-failure test.
 */
#ifndef CURTAIN_PATTERN_ARENA_H
#define CURTAIN_PATTERN_ARENA_H

#include <stddef.h>

typedef struct arena_block arena_block;

typedef struct arena {
    arena_block *head;
    size_t used, cap; /* within head */
    int failed;
} arena;

void arena_init(arena *a);
void arena_free(arena *a);
/* size bytes, zeroed, aligned for any type; NULL when out of memory. */
void *arena_alloc(arena *a, size_t size);
/* A NUL-terminated copy of len bytes of s. */
char *arena_strndup(arena *a, const char *s, size_t len);

#endif
