/*
 * world: the deterministic simulation of one play session.
 *
 * Everything that decides what happens lives here and nowhere else: the frame
 * counter, the logic random generator and every object. world_step advances it by
 * exactly one 60 Hz tick from one frame of input; the same seed and the same
 * inputs give the same world_hash on every build type and machine.
 */
#ifndef CURTAIN_GAME_WORLD_H
#define CURTAIN_GAME_WORLD_H

#include "core/rng.h"
#include "game/input.h"
#include "game/player.h"

#include <stdint.h>

#define WORLD_TICK_HZ 60

typedef struct world {
    uint64_t seed;
    uint64_t frame; /* ticks done so far */
    rng rng;        /* logic randomness: part of the state */
    player player;
} world;

void world_init(world *w, uint64_t seed);
void world_step(world *w, input_bits in);
/* A hash of the whole simulation state. */
uint64_t world_hash(const world *w);

#endif
