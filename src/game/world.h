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

/* world_config.flags */
#define WORLD_FLAG_INVULNERABLE 0x0001u /* the player cannot be hit (tests, demos) */

/* What decides a run besides its inputs; a replay records exactly this. */
typedef struct world_config {
    uint64_t seed;
    uint8_t difficulty; /* enum difficulty */
    uint8_t start;      /* where the run starts: 0 = the beginning of the stage */
    uint16_t flags;     /* WORLD_FLAG_* */
} world_config;

typedef struct world {
    world_config config;
    uint64_t frame; /* ticks done so far */
    rng rng;        /* logic randomness: part of the state */
    player player;
} world;

void world_init(world *w, const world_config *cfg);
void world_step(world *w, input_bits in);
/* A hash of the whole simulation state. */
uint64_t world_hash(const world *w);

#endif
