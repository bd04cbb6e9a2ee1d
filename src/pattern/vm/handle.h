/*
 * handle: the lasting handles (vm_handle) of the objects every host has, pool
 * bullets, pool lasers and the enemy table's objects, so that `fire ... as b`
 * means the same in the game and in the viewer.
 *
 * A vm_obj carries only 8 (bullets, lasers) or 11 (enemies) bits of its
 * generation: a script that kept one through 256 reuses of its slot would
 * reach another object. A handle carries 27 bits of a pool slot's generation
 * (the odd generations of 2^28 spawns into that one slot) and the whole 16 of
 * an enemy's, and resolving it checks them:
 *
 *     bits 0..23   the slot (enemies: their slot; a player's shot: slot + 1)
 *     bits 24..25  the kind: 1 bullet, 2 laser, 3 enemy, 0 a player's shot
 *     bits 26..52  the generation (bullets, lasers, shots: gen >> 1; enemies: gen)
 *
 * so a handle is below 2^53 and a VM value holds it exactly. Handles are part
 * of the run's state (they sit in scripts' variables and the VM's groups):
 * they depend only on slots and generations, which every build assigns alike.
 */
#ifndef CURTAIN_PATTERN_HANDLE_H
#define CURTAIN_PATTERN_HANDLE_H

#include "pattern/objects/enemy.h"
#include "pattern/vm/vm.h"
#include "sim/bullet_pool.h"
#include "sim/laser_pool.h"

/* The objects of one host. Any may be NULL (it has none of that kind); shots
 * are the player's shots the enemies' side finds (objects.h's OBJECTS_SHOT). */
typedef struct handle_objects {
    const bullet_pool *bullets;
    const laser_pool *lasers;
    const enemy_table *enemies;
    const bullet_pool *shots;
} handle_objects;

/* The handle of live object obj (vm_host.lasting), 0 when obj is none of them. */
vm_handle handle_lasting(const handle_objects *o, vm_obj obj);
/* The live object a handle names (vm_host.resolve), 0 when it is gone. */
vm_obj handle_resolve(const handle_objects *o, vm_handle h);

#endif
