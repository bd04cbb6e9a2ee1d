/*
 * world_host: the world as the pattern VM's host (docs/vm.md, "What a game host
 * implements"): properties of bullets, enemies and the boss; ramps as pool tweens
 * or enemy ramps; the logic random generator; spawning bullets into the enemy
 * pool; vanish; the host verbs (move_to, spawn, look, health, score, hitbox,
 * drops, boss, phase, title, sound, music, clear); the end of the stage's script;
 * run-time errors.
 *
 * Handles: a bullet's vm_obj is bit 31 set, its pool slot in bits 0..22 and the
 * low 8 bits of its generation above; any other object's is its enemy handle
 * (game/enemy.h).
 */
#ifndef CURTAIN_GAME_WORLD_HOST_H
#define CURTAIN_GAME_WORLD_HOST_H

#include "game/world.h"

#define WORLD_HOST_BULLET_BIT 0x80000000u

/* Creates w->vm with the world as its host. Returns 0, or -1 out of memory. */
int world_host_create(world *w);

/* The vm_obj of a live bullet of the enemy pool, and back (0: not a live bullet). */
vm_obj world_host_bullet_obj(bullet_handle h);
int world_host_bullet(const world *w, vm_obj obj, bullet_handle *out);

#endif
