/*
 * attract: which run the title screen's attract demo plays next.
 *
 * The demos go round a fixed list: every stage of the game in order (the run
 * starting at that stage, on Normal), then every spell card of every boss
 * (that phase alone, the difficulties taking turns), then the list again. The
 * Extra stage and its bosses' cards are not shown: a player meets them there. Each
 * is invulnerable; the front end flies it with the autopilot and cuts it short
 * after a while. Pure: the same library and index give the same run.
 */
#ifndef CURTAIN_GAME_ATTRACT_H
#define CURTAIN_GAME_ATTRACT_H

#include "game/world.h"

#include <stdint.h>

/* How many demos the list holds (stages, then spell cards); at least 1. */
uint32_t attract_count(const library *lib);
/* The configuration of demo `index` (taken modulo attract_count) with `seed`. */
world_config attract_config(const library *lib, uint32_t index, uint64_t seed);

#endif
