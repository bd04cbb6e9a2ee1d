/*
 * input_map: turns the keyboard and game controllers into a frame's input bits.
 *
 * Sampled once per frame, as late as possible (just before the logic tick), from
 * the current key and button state rather than from queued events, so a press is
 * seen on the very next tick.
 */
#ifndef CURTAIN_PLATFORM_INPUT_MAP_H
#define CURTAIN_PLATFORM_INPUT_MAP_H

#include "game/input.h"

#include <SDL.h>

#define INPUT_MAP_MAX_PADS 4

typedef struct input_map {
    SDL_Scancode keys[INPUT_BUTTON_COUNT][2]; /* two keys per button; 0 = unbound */
    SDL_GameController *pads[INPUT_MAP_MAX_PADS];
} input_map;

/* Default bindings: arrows to move, Z shot, X bomb, Shift focus (WASD, J, K, L too). */
void input_map_defaults(input_map *m);
/* Opens game controllers; call once SDL's game controller subsystem is up. */
void input_map_open_pads(input_map *m);
void input_map_close_pads(input_map *m);
/* Handles controller hot-plug events. */
void input_map_handle_event(input_map *m, const SDL_Event *ev);
/* The buttons held right now. Call after SDL_PumpEvents/SDL_PollEvent. */
input_bits input_map_sample(const input_map *m);

#endif
