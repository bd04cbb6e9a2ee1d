/*
 * effects: what the world's events look like: sparks where bullets graze and
 * shots hit, explosions where enemies die, sparkles where bullets are cancelled,
 * flashes and shakes for bombs, deaths and beaten bosses.
 *
 * Visual only: a fixed array of short-lived sprites moved by the visual random
 * generator, never the logic one, so nothing here can change a run.
 */
#ifndef CURTAIN_UI_EFFECTS_H
#define CURTAIN_UI_EFFECTS_H

#include "core/rng.h"
#include "game/world.h"
#include "render/field_view.h"

#include <stdint.h>

#define EFFECTS_MAX 3072

typedef struct effect {
    float x, y, vx, vy;
    uint16_t age, life;
    uint8_t sprite; /* atlas_sprite */
    uint8_t layer;  /* field_layer */
} effect;

typedef struct effects {
    rng visual;
    effect list[EFFECTS_MAX];
    int count;
    uint64_t refused;
    int flash; /* frames of white flash left */
    int flash_len;
    float shake; /* screen shake in pixels, decaying */
} effects;

/* No effects, and the visual random generator seeded (it never touches logic). */
void effects_init(effects *fx, uint64_t seed);
/* Removes every effect, flash and shake (a new run). */
void effects_clear(effects *fx);
/* Turns the events of the world's last frame into effects. */
void effects_from_events(effects *fx, const world *w);
/* Ages and moves every effect by one frame. */
void effects_step(effects *fx);
/* Adds the live effects to the field's batch. */
void effects_add_sprites(const effects *fx, field_view *fv);
/* A burst of n sparks of a sprite at (x, y). */
void effects_burst(effects *fx, atlas_sprite sprite, float x, float y, int n, float speed,
                   int life);

#endif
