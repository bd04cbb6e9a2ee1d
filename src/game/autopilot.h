/*
 * autopilot: a scripted player. It reads the world the way a player reads the
 * screen and answers with one frame of input: always shooting, lined up under
 * the boss or the nearest enemy, stepping (focused when it needs finesse) to
 * the nearby spot that stays furthest from every bullet's path over the next
 * frames, bombing when nothing else is safe. At the continue prompt it says no.
 *
 * It is deterministic (it reads only the world, never a clock or a random
 * generator), so a run it plays is a run: tests drive the stage to its end with
 * it, the title screen plays demos with it, and its inputs record into replays
 * like anyone's.
 */
#ifndef CURTAIN_GAME_AUTOPILOT_H
#define CURTAIN_GAME_AUTOPILOT_H

#include "game/world.h"

/* Frames the autopilot reads a dialogue line before it presses on. */
#define AUTOPILOT_READ_FRAMES 45

typedef struct autopilot {
    int bombs;         /* 1: bomb when cornered */
    int skip_dialogue; /* 1: hold the skip button through dialogue (0 after init) */
    uint32_t frames;
} autopilot;

/* A fresh autopilot; bombs = 1 lets it bomb when nothing else is safe. */
void autopilot_init(autopilot *a, int bombs);
/* The input for the world's next frame. */
input_bits autopilot_input(autopilot *a, const world *w);

#endif
