/*
 * field_view: draws the playfield, its scrolling backdrop, and the player ship.
 */
#ifndef CURTAIN_RENDER_FIELD_VIEW_H
#define CURTAIN_RENDER_FIELD_VIEW_H

#include "core/rng.h"
#include "game/world.h"

#include <SDL.h>

/* Where the field sits on the logical screen. */
#define FIELD_VIEW_X 32
#define FIELD_VIEW_Y 16

#define FIELD_VIEW_STARS 120

typedef struct field_star {
    float x, y, speed;
    Uint8 shade;
} field_star;

typedef struct field_view {
    rng visual; /* visual-only randomness: never touches the simulation */
    field_star stars[FIELD_VIEW_STARS];
} field_view;

void field_view_init(field_view *fv, uint64_t seed);
/* Advances the backdrop by one frame (visual state only). */
void field_view_update(field_view *fv);
void field_view_draw(const field_view *fv, SDL_Renderer *r, const world *w);

#endif
