/*
 * item: spawning, motion and pick-up of items. See item.h.
 */
#include "sim/item.h"

#include "core/mem.h"
#include "sim/playfield.h"

#include <math.h>

int item_list_init(item_list *l, uint32_t cap)
{
    *l = (item_list){0};
    l->x = mem_alloc(cap * sizeof *l->x);
    l->y = mem_alloc(cap * sizeof *l->y);
    l->vx = mem_alloc(cap * sizeof *l->vx);
    l->vy = mem_alloc(cap * sizeof *l->vy);
    l->kind = mem_alloc(cap);
    l->drawn = mem_alloc(cap);
    l->age = mem_alloc(cap * sizeof *l->age);
    if (!l->x || !l->y || !l->vx || !l->vy || !l->kind || !l->drawn || !l->age) {
        item_list_free(l);
        return -1;
    }
    l->cap = cap;
    return 0;
}

void item_list_free(item_list *l)
{
    mem_free(l->x);
    mem_free(l->y);
    mem_free(l->vx);
    mem_free(l->vy);
    mem_free(l->kind);
    mem_free(l->drawn);
    mem_free(l->age);
    *l = (item_list){0};
}

int item_spawn(item_list *l, item_kind kind, float x, float y, rng *r)
{
    if (l->count >= l->cap) {
        l->refused++;
        return -1;
    }
    return item_place(l, kind, x, y, kind == ITEM_STAR ? 0.5f : rng_float(r));
}

int item_place(item_list *l, item_kind kind, float x, float y, float scatter)
{
    if (l->count >= l->cap) {
        l->refused++;
        return -1;
    }
    uint32_t i = l->count++;
    l->x[i] = x;
    l->y[i] = y;
    l->kind[i] = (uint8_t)kind;
    l->drawn[i] = 0;
    l->age[i] = 0;
    if (kind == ITEM_STAR) {
        l->vx[i] = 0.0f;
        l->vy[i] = -0.6f;
    } else {
        l->vx[i] = (scatter - 0.5f) * 2.4f;
        l->vy[i] = -2.6f;
    }
    return 0;
}

int item_script_drop(item_list *l, item_script_count *count, int64_t frame, item_kind kind, int n,
                     float x, float y)
{
    if (frame != count->frame) {
        count->frame = frame;
        count->dropped = 0;
    }
    for (int i = 0; i < n; i++) {
        if (count->dropped >= ITEM_SCRIPT_PER_FRAME || l->count >= ITEM_SCRIPT_ROOM(l->cap)) {
            l->refused += (uint64_t)(n - i);
            return i;
        }
        count->dropped++;
        /* rows of five as a host's own drops, each centred on x, and a scatter
         * from the place in the row instead of a random number */
        int left = n - i / 5 * 5;
        float mid = (float)((left < 5 ? left : 5) - 1) * 0.5f;
        item_place(l, kind, x + ((float)(i % 5) - mid) * 5.0f, y - (float)(i / 5) * 8.0f,
                   0.1f + 0.2f * (float)(i % 5));
    }
    return n > 0 ? n : 0;
}

void item_draw_all(item_list *l)
{
    for (uint32_t i = 0; i < l->count; i++)
        l->drawn[i] = 1;
}

/* Removes item i: the last one takes its place. */
static void item_remove(item_list *l, uint32_t i)
{
    uint32_t last = --l->count;
    l->x[i] = l->x[last];
    l->y[i] = l->y[last];
    l->vx[i] = l->vx[last];
    l->vy[i] = l->vy[last];
    l->kind[i] = l->kind[last];
    l->drawn[i] = l->drawn[last];
    l->age[i] = l->age[last];
}

/* Item i pops up and falls one frame (not drawn in), kept off the sides. */
static void item_fall_one(item_list *l, uint32_t i)
{
    l->vx[i] *= 0.94f;
    l->vy[i] =
        l->vy[i] + ITEM_GRAVITY < ITEM_FALL_SPEED ? l->vy[i] + ITEM_GRAVITY : ITEM_FALL_SPEED;
    l->x[i] += l->vx[i];
    l->y[i] += l->vy[i];
    if (l->x[i] < 8.0f)
        l->x[i] = 8.0f;
    if (l->x[i] > PLAYFIELD_W - 8.0f)
        l->x[i] = PLAYFIELD_W - 8.0f;
}

/* One frame older (capped). */
static void item_age(item_list *l, uint32_t i)
{
    if (l->age[i] < UINT16_MAX)
        l->age[i]++;
}

/* Whether item i fell off the bottom. */
static int item_gone(const item_list *l, uint32_t i)
{
    return l->y[i] > PLAYFIELD_H + 16.0f;
}

/* Moves item i one frame: toward (px, py) when drawn in, else popping and falling. */
static void item_move(item_list *l, uint32_t i, float px, float py)
{
    item_age(l, i);
    if (l->kind[i] == ITEM_STAR && l->age[i] >= ITEM_STAR_DELAY)
        l->drawn[i] = 1;
    if (l->drawn[i]) {
        float dx = px - l->x[i], dy = py - l->y[i];
        float d = sqrtf(dx * dx + dy * dy);
        float step = d > ITEM_DRAW_SPEED ? ITEM_DRAW_SPEED / d : 1.0f;
        l->x[i] += dx * step;
        l->y[i] += dy * step;
        return;
    }
    item_fall_one(l, i);
}

int item_step(item_list *l, float px, float py, int can_collect, item_pickup *out, int out_cap)
{
    int n = 0;
    uint32_t i = 0;
    while (i < l->count) {
        item_move(l, i, px, py);
        float dx = px - l->x[i], dy = py - l->y[i];
        float reach = l->drawn[i] ? ITEM_DRAWN_REACH : ITEM_REACH;
        if (can_collect && n < out_cap && dx * dx + dy * dy <= reach * reach) {
            out[n++] = (item_pickup){l->kind[i], l->drawn[i], l->x[i], l->y[i]};
            item_remove(l, i);
            continue;
        }
        if (item_gone(l, i)) {
            item_remove(l, i);
            continue;
        }
        i++;
    }
    return n;
}

void item_fall(item_list *l)
{
    uint32_t i = 0;
    while (i < l->count) {
        item_age(l, i);
        item_fall_one(l, i);
        if (item_gone(l, i)) {
            item_remove(l, i);
            continue;
        }
        i++;
    }
}

const char *item_kind_name(item_kind k)
{
    static const char *const names[] = {
#define ITEM_KIND_NAME(id, name) name,
        ITEM_KINDS(ITEM_KIND_NAME)
#undef ITEM_KIND_NAME
    };
    return k < ITEM_KIND_COUNT ? names[k] : "?";
}

void item_list_hash(const item_list *l, hasher *hs)
{
    hash_u32(hs, l->count);
    for (uint32_t i = 0; i < l->count; i++) {
        hash_f32(hs, l->x[i]);
        hash_f32(hs, l->y[i]);
        hash_f32(hs, l->vx[i]);
        hash_f32(hs, l->vy[i]);
        hash_u32(hs, (uint32_t)l->kind[i] | (uint32_t)l->drawn[i] << 8 | (uint32_t)l->age[i] << 16);
    }
}

void item_list_blocks(item_list *l, memblock_list *out)
{
    memblock_add(out, l->x, l->cap * sizeof *l->x);
    memblock_add(out, l->y, l->cap * sizeof *l->y);
    memblock_add(out, l->vx, l->cap * sizeof *l->vx);
    memblock_add(out, l->vy, l->cap * sizeof *l->vy);
    memblock_add(out, l->kind, l->cap * sizeof *l->kind);
    memblock_add(out, l->drawn, l->cap * sizeof *l->drawn);
    memblock_add(out, l->age, l->cap * sizeof *l->age);
}
