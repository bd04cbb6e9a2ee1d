/*
 * bullet_object: the bullets of a pool as the pattern VM's objects.
 *
 * Every host that runs scripts on pool bullets (the game's world_host, the
 * pattern sandbox of view/run/bench) does the same things with them: names a
 * bullet by a vm_obj, reads and sets its properties through the pool (exact
 * doubles for the motion channels), turns a VM ramp into a pool tween, and
 * spawns a VM shot. They do it here, once, so that a pattern behaves the same
 * in the viewer as in the game.
 *
 * Handles: a bullet's vm_obj has bit 31 set, its pool slot in bits 0..22 and
 * the low 8 bits of its generation in bits 23..30, bit 22 clear (so scripts
 * reach the first 4M slots of a pool): the layout of pattern/objects/objects.h, the
 * object layer hosts go through.
 */
#ifndef CURTAIN_PATTERN_BULLET_OBJECT_H
#define CURTAIN_PATTERN_BULLET_OBJECT_H

#include "pattern/vm/vm.h"
#include "sim/bullet_pool.h"

/* The vm_obj of a live bullet. */
vm_obj bullet_object_of(bullet_handle h);

/* The live bullet a vm_obj names: 1 and *out set, or 0 (not a bullet's
 * handle, or that bullet is gone). */
int bullet_object_find(const bullet_pool *p, vm_obj obj, bullet_handle *out);

/* A player's shot (slot h of the shot pool) as the enemies' side names it, a
 * query's `for s in shots near ...` (bits 31, 22 and 21 set: objects.h), and
 * the live shot such a vm_obj names (1 and *out set, or 0). */
vm_obj bullet_object_shot_of(bullet_handle h);
int bullet_object_find_shot(const bullet_pool *p, vm_obj obj, bullet_handle *out);

/* A bullet's property; VM_PROP_AIM is the heading from it to (aim_x, aim_y).
 * Properties a bullet does not have read 0. */
double bullet_object_get(const bullet_pool *p, bullet_handle h, vm_prop prop, double aim_x,
                         double aim_y);

/* Sets a bullet's property (one it does not have is ignored). */
void bullet_object_set(bullet_pool *p, bullet_handle h, vm_prop prop, double value);

/* A ramp on a bullet: the pool's tween from the value now to ramp->v1, over
 * the frames from now to ramp->t1. */
void bullet_object_ramp(bullet_pool *p, bullet_handle h, vm_prop prop, const vm_ramp *ramp,
                        int64_t now);

/* The verbs a script's handle gives a bullet (`b.look orb red`, `b.hitbox 6`):
 * RESTYLE (a look code: shape and colour; an unknown code changes nothing) and
 * HITBOX (its hit radius, px, clamped to [0, BULLET_POOL_MAX_RADIUS], NaN as 0).
 * Returns 1 when verb is one of them; others are not a bullet's. */
int bullet_object_act(bullet_pool *p, bullet_handle h, vm_verb verb, const double *args);

/* The VM event a despawn of a scripted bullet is (`on cancel`, `on vanish`):
 * VM_EVENT_CANCEL for a cancel or clear, VM_EVENT_VANISH for a vanish or the
 * end of its life, -1 for none (culled, hit). */
int bullet_object_event(bullet_despawn_reason reason);

/* Spawns a VM shot whose origin (before the shot's own offset) is (x, y): its
 * look, motion, lifetime, spin, acceleration and script link. Returns the
 * handle, gen 0 when the pool refused it (counted there). */
bullet_handle bullet_object_spawn(bullet_pool *p, double x, double y, const vm_shot *shot);
/* The player's shot a ship's volley or bomb fires (game/ship_host.h): as
 * bullet_object_spawn, but a rice red one when its look names no shape or
 * colour, with the ship's shot radius (px), its owner the damage it does,
 * BULLET_FLAG_PIERCE when `pierce`. */
bullet_handle bullet_object_spawn_shot(bullet_pool *p, double x, double y, const vm_shot *shot,
                                       float radius, uint32_t damage, int pierce);

#endif
