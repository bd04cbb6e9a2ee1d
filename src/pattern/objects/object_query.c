/*
 * object_query: the bullets' copy and grid for the scripts' queries. See
 * object_query.h.
 */
#include "pattern/objects/object_query.h"

#include "core/mem.h"

#include <string.h>

int object_query_init(object_query *q, uint32_t capacity, uint32_t lasers)
{
    memset(q, 0, sizeof *q);
    uint32_t slots = (capacity + 63u) / 64u * 64u;
    q->capacity = slots;
    q->x = mem_alloc(slots * sizeof *q->x);
    q->y = mem_alloc(slots * sizeof *q->y);
    q->r = mem_alloc(slots * sizeof *q->r);
    q->alive = mem_calloc(slots / 64u + 1u, sizeof *q->alive);
    int ok = q->x && q->y && q->r && q->alive;
    ok &= collision_init(&q->coll, &(collision_config){.item_cap = (int)slots}) == 0;
    ok &= collision_list_init(&q->found, (int)(slots > lasers ? slots : lasers)) == 0;
    if (!ok) {
        object_query_free(q);
        return -1;
    }
    return 0;
}

void object_query_free(object_query *q)
{
    mem_free(q->x);
    mem_free(q->y);
    mem_free(q->r);
    mem_free(q->alive);
    collision_free(&q->coll);
    collision_list_free(&q->found);
    memset(q, 0, sizeof *q);
}

void object_query_begin(object_query *q)
{
    q->ready = 0;
}

/* The copy as a set of circles. */
static circle_set object_query_set(const object_query *q)
{
    return (circle_set){q->x, q->y, q->r, NULL, NULL, q->alive, NULL, 0, q->count};
}

/* Takes the copy of the bullets the frame's scripts found, and builds its grid. */
static void object_query_take(object_query *q, const bullet_pool *p)
{
    uint32_t end = bullet_pool_slot_end(p);
    q->count = (int)(end < q->capacity ? end : q->capacity);
    circle_set set = object_query_set(q);
    uint32_t blocks = ((uint32_t)set.count + 63u) / 64u;
    memcpy(q->x, p->x, (size_t)set.count * sizeof *q->x);
    memcpy(q->y, p->y, (size_t)set.count * sizeof *q->y);
    memcpy(q->r, p->radius, (size_t)set.count * sizeof *q->r);
    for (uint32_t b = 0; b < blocks; b++) {
        uint64_t live = p->alive[b];
        for (uint64_t m = live; m; m &= m - 1) { /* this frame's new bullets are not there yet */
            uint32_t i = 64u * b + (uint32_t)__builtin_ctzll(m);
            if (p->cold[i].born == p->frame)
                live &= ~(1ull << (i & 63u));
        }
        q->alive[b] = live;
    }
    collision_area_prepare(&q->coll, &set);
    q->ready = 1;
}

void object_query_bullets(object_query *q, const bullet_pool *p, float x, float y, float r)
{
    collision_list_clear(&q->found);
    if (!q->ready)
        object_query_take(q, p);
    circle_set set = object_query_set(q);
    collision_area_circle_prepared(&q->coll, &set, x, y, r, &q->found);
}
