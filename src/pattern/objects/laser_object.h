/*
 * laser_object: the lasers of a laser_pool as the pattern VM's objects, as
 * bullet_object is for bullets: a vm_obj for a laser, its properties, ramps
 * as the pool's tweens, and the spawn of a VM shot that asks for a laser
 * (vm_shot.laser), the same in every host.
 *
 * Handles: a laser's vm_obj has bit 31 (OBJECTS_POOL_BIT) and bit 22
 * (OBJECTS_LASER_BIT) set, bit 21 clear, its slot in bits 0..20 and the low 8 bits of its
 * generation in bits 23..30 (pattern/objects/objects.h); bullet_object_find refuses them.
 */
#ifndef CURTAIN_PATTERN_LASER_OBJECT_H
#define CURTAIN_PATTERN_LASER_OBJECT_H

#include "pattern/vm/vm.h"
#include "sim/laser_pool.h"

vm_obj laser_object_of(laser_handle h);
/* The live laser a vm_obj names: 1 and *out set, or 0. */
int laser_object_find(const laser_pool *p, vm_obj obj, laser_handle *out);
/* The event (vm_event_kind) a scripted laser's removal is: a cancel (a bomb, a
 * `clear`, a phase's end) its `on cancel`, the end of its fade (its `life`
 * over, or a script's `vanish`) its `on vanish`; -1 for none (a curvy laser
 * that left the field, as a bullet that leaves it). */
int laser_object_event(laser_despawn_reason reason);

/* A laser's property (heading, speed, x, y: origin or head, spin, accel, aim
 * from there to (aim_x, aim_y)); others read 0. */
double laser_object_get(const laser_pool *p, laser_handle h, vm_prop prop, double aim_x,
                        double aim_y);
/* Sets one (heading, speed, spin, accel, x, y); others are ignored. */
void laser_object_set(laser_pool *p, laser_handle h, vm_prop prop, double value);
/* A ramp of heading or speed: the pool's tween to ramp->v1 by frame ramp->t1. */
void laser_object_ramp(laser_pool *p, laser_handle h, vm_prop prop, const vm_ramp *ramp,
                       int64_t now);

/* Spawns the laser a VM shot asks for at (x, y) plus its offset: kind, colour
 * (its look's), heading, spin, speed and accel (curvy), length, width, warning,
 * life, follow, script link; owner is the firer's vm_obj. Gen 0: refused. */
laser_handle laser_object_spawn(laser_pool *p, double x, double y, const vm_shot *shot,
                                vm_obj owner);
/* The player's laser a ship's volley or bomb fires (game/ship_host.h): as
 * laser_object_spawn, but LASER_FLAG_SHOT (ON from its spawn: laser_pool.h),
 * LASER_FLAG_PIERCE when `pierce`, its owner the damage it does a frame; one
 * that follows keeps its offset (off_x, off_y) from the ship. */
laser_handle laser_object_spawn_shot(laser_pool *p, double x, double y, const vm_shot *shot,
                                     uint32_t damage, int pierce, float off_x, float off_y);

#endif
