/*
 * ship_host: the player's side of the pattern VM.
 *
 * A ship's volleys and bomb (library_ship, a `ship` declaration) are pattern
 * code run by a VM of their own, w->ship_vm, on the player object; what they
 * fire goes into the player's shot pool, with the ship's shot radius, the
 * damage the script last named (`damage N`, 1 at the start of each frame) and
 * BULLET_FLAG_PIERCE if it last said `pierce` with a value not 0 (none at the
 * start of each frame): such a shot passes through enemies (world.c).
 * A `laser` goes into the player's lasers (w->shot_lasers, LASER_FLAG_SHOT:
 * on from its spawn), its owner the damage last named, LASER_FLAG_PIERCE if
 * `pierce` was said; a straight one without a life lasts the ship's interval
 * and one frame (a held button keeps one beam on); one that `follow`s keeps
 * its offset from the ship. Each frame it is on it hurts every enemy it
 * touches (piercing) or the first in its way (world.c).
 * Shots with a script of their own are objects of that VM too, reached as
 * every host's are (pattern/objects/objects.h, over the shot pool and the player's
 * lasers); the damage, pierce and defaults of a shot are this host's. The enemies' VM
 * never sees any of it: a ship's scripts take none of its runner slots and none
 * of its serial numbers. Random numbers come from the world's one logic
 * generator. `aim` on the player's side (and a `fire` without a direction) is
 * the direction from the object asking (the ship or a shot) to the nearest
 * enemy or boss that shots can hit now, the lowest slot on a tie; straight up
 * when there is none. Homing shots turn to it.
 *
 * Each frame, in the player's part of world_step: a volley or bomb started
 * this frame runs at once, with every ship script due (ship_host_tick).
 */
#ifndef CURTAIN_GAME_SHIP_HOST_H
#define CURTAIN_GAME_SHIP_HOST_H

#include "game/world.h"

/* The player object's handle in the ship's VM. */
#define SHIP_HOST_PLAYER 1u

/* Runners the ship's VM holds: a volley each, plus every scripted shot. */
#define SHIP_HOST_RUNNERS 2048

/* Makes w->ship_vm and its scratch. Returns 0, or -1 out of memory. */
int ship_host_create(world *w);
void ship_host_destroy(world *w);

/* Starts function func (a volley or bomb; LIBRARY_NO_FUNC does nothing) on the
 * player; it runs at the next ship_host_tick of this frame. */
void ship_host_start(world *w, uint32_t func);
/* Runs every ship script due this frame; then removes the shots they vanished.
 * Returns the shots fired. */
int ship_host_tick(world *w);
/* Stops the scripts of shots the pool removed (hits, culls). */
void ship_host_reap(world *w);

#endif
