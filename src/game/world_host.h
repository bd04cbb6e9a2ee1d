/*
 * world_host: the world as the pattern VM's host (docs/vm.md, "What a game host
 * implements"): properties of bullets, enemies and the boss; ramps as pool tweens
 * or enemy ramps; the logic random generator; spawning bullets into the enemy
 * pool; vanish; the host verbs (move_to, spawn, look, health, score, hitbox,
 * drops, boss, phase, title, sound, music, clear); the end of the stage's script;
 * run-time errors.
 *
 * A script's numbers are clamped where they enter the world (WORLD_HOST_MAX_*,
 * NaN as 0), so no frame sum or float-to-integer cast downstream can overflow:
 * those would be undefined behaviour, and differ between x86 and ARM.
 *
 * What a script does to an object (get, set, ramp, its own verbs, spawn from
 * its place, vanish, the `enemies` count) is pattern/objects/objects.h's, the viewer's
 * too; this host adds the game's policy: the spawn guard (no shot while a line
 * is up, none on the flying ship), the world's properties, scoring and the
 * host verbs. Handles: pattern/objects/objects.h.
 *
 * The player's shots are the enemies' to find and read (`for s in shots near
 * X Y radius R`, from a copy of the shot pool taken at the frame's first such
 * query, as the bullets' is) and to vanish: a shot an enemy's script vanished
 * goes with the frame's vanished bullets, before the motion and the collision,
 * so it hurts nothing; nothing else a script does reaches it (its motion,
 * damage and pierce are the ship's, ship_host.h).
 */
#ifndef CURTAIN_GAME_WORLD_HOST_H
#define CURTAIN_GAME_WORLD_HOST_H

#include "game/world.h"
#include "pattern/objects/objects.h"

#define WORLD_HOST_MAX_FRAMES ENEMY_MAX_FRAMES /* a phase's frames, as a move's */
#define WORLD_HOST_MAX_POINTS ENEMY_MAX_POINTS /* score, capture bonus, hit points */
#define WORLD_HOST_MAX_HITBOX ENEMY_MAX_HITBOX /* px */

/* The world's stores as the enemies' side reaches them (pattern/objects/objects.h):
 * the enemy bullets, lasers and enemies, the player's shots, the vanish queue
 * and the queries' copies. */
objects world_host_objects(world *w);

/* Creates w->vm with the world as its host. Returns 0, or -1 out of memory. */
int world_host_create(world *w);

/* The callbacks both of a world's VMs (the enemies' and the ship's) share, user
 * being the world: a script's run-time error (counted, kept in last_error, a
 * SCRIPT_ERROR event) and a script's print (to the log when print_scripts). */
void world_host_error(void *user, const vm_error *e);
void world_host_print(void *user, const vm_print *p);

#endif
