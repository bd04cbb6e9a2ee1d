/*
 * player: the ship the player flies; its movement and its hitbox.
 */
#ifndef CURTAIN_GAME_PLAYER_H
#define CURTAIN_GAME_PLAYER_H

#include "core/hash.h"
#include "game/input.h"

/* Pixels per frame; focus slows the ship for fine dodging. */
#define PLAYER_SPEED         4.5f
#define PLAYER_FOCUS_SPEED   2.0f
/* The ship stays this far inside the field edges. */
#define PLAYER_EDGE_MARGIN   12.0f
#define PLAYER_HITBOX_RADIUS 2.5f

typedef struct player {
    float x, y;
    int focused;
} player;

/* Places the ship at its start point, near the bottom centre of the field. */
void player_init(player *p);
/* Moves the ship by one frame of input, clamped to the field. */
void player_step(player *p, input_bits in);
void player_hash(const player *p, hasher *hs);

#endif
