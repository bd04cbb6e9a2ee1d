/*
 * handle: lasting handles of bullets, lasers and enemies. See handle.h.
 */
#include "pattern/vm/handle.h"

#include "pattern/objects/bullet_object.h"
#include "pattern/objects/laser_object.h"

#define HANDLE_SLOT_BITS  24
#define HANDLE_SLOT_MASK  ((1u << HANDLE_SLOT_BITS) - 1)
#define HANDLE_KIND_SHIFT 24
#define HANDLE_GEN_SHIFT  26
#define HANDLE_GEN_MASK   ((1u << 27) - 1)

enum {
    HANDLE_SHOT = 0, /* with slot + 1, so never the handle 0 */
    HANDLE_BULLET = 1,
    HANDLE_LASER = 2,
    HANDLE_ENEMY = 3
};

static vm_handle handle_make(uint32_t kind, uint32_t slot, uint32_t gen)
{
    return (vm_handle)(gen & HANDLE_GEN_MASK) << HANDLE_GEN_SHIFT |
           (vm_handle)kind << HANDLE_KIND_SHIFT | slot;
}

vm_handle handle_lasting(const handle_objects *o, vm_obj obj)
{
    bullet_handle bh;
    laser_handle lh;
    if (o->shots && bullet_object_find_shot(o->shots, obj, &bh))
        return handle_make(HANDLE_SHOT, bh.index + 1, bh.gen >> 1);
    if (o->bullets && bullet_object_find(o->bullets, obj, &bh))
        return handle_make(HANDLE_BULLET, bh.index, bh.gen >> 1);
    if (o->lasers && laser_object_find(o->lasers, obj, &lh))
        return handle_make(HANDLE_LASER, lh.index, lh.gen >> 1);
    uint32_t slot = o->enemies ? enemy_slot(o->enemies, obj) : ENEMY_NONE;
    if (slot != ENEMY_NONE && slot <= HANDLE_SLOT_MASK)
        return handle_make(HANDLE_ENEMY, slot, o->enemies->slots[slot].gen);
    return 0;
}

vm_obj handle_resolve(const handle_objects *o, vm_handle h)
{
    uint32_t slot = (uint32_t)(h & HANDLE_SLOT_MASK);
    uint32_t kind = (uint32_t)(h >> HANDLE_KIND_SHIFT) & 3u;
    uint32_t gen = (uint32_t)(h >> HANDLE_GEN_SHIFT) & HANDLE_GEN_MASK;
    if (h >= VM_HANDLE_LIMIT)
        return 0;
    if (kind == HANDLE_SHOT && o->shots && slot >= 1 && slot <= o->shots->capacity) {
        bullet_handle bh = bullet_pool_handle(o->shots, slot - 1);
        if (bh.gen != 0 && ((bh.gen >> 1) & HANDLE_GEN_MASK) == gen)
            return bullet_object_shot_of(bh);
        return 0;
    }
    if (kind == HANDLE_BULLET && o->bullets && slot < o->bullets->capacity) {
        bullet_handle bh = bullet_pool_handle(o->bullets, slot);
        vm_obj obj = bullet_object_of(bh);
        bullet_handle check;
        /* a live slot of the same generation that a vm_obj can name */
        if (bh.gen != 0 && ((bh.gen >> 1) & HANDLE_GEN_MASK) == gen &&
            bullet_object_find(o->bullets, obj, &check))
            return obj;
        return 0;
    }
    if (kind == HANDLE_LASER && o->lasers && slot < o->lasers->capacity) {
        laser_handle lh = laser_pool_handle(o->lasers, slot);
        if (lh.gen != 0 && ((lh.gen >> 1) & HANDLE_GEN_MASK) == gen)
            return laser_object_of(lh);
        return 0;
    }
    if (kind == HANDLE_ENEMY && o->enemies && slot < o->enemies->cap) {
        const enemy *e = &o->enemies->slots[slot];
        if (e->kind != ENEMY_FREE && e->gen == gen)
            return enemy_handle(o->enemies, slot);
    }
    return 0;
}
