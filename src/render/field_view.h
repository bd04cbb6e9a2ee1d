/*
 * field_view: draws the playfield: its scrolling backdrop, then every sprite on
 * it through one sprite batch.
 *
 * A frame: field_view_begin empties the batch; the player, the bullets and
 * whatever else the game has (enemies, items, sparks: sprite_batch_add into the
 * FIELD_LAYER_* layers of field_view_batch) are added; field_view_draw draws the
 * backdrop and submits the batch, layer by layer, bottom to top.
 */
#ifndef CURTAIN_RENDER_FIELD_VIEW_H
#define CURTAIN_RENDER_FIELD_VIEW_H

#include "core/rng.h"
#include "game/player.h"
#include "render/atlas_sprites.h"
#include "render/atlas_texture.h"
#include "render/sprite_batch.h"
#include "render/sprite_draw.h"

#include <SDL.h>
#include <stddef.h>

/* Where the field sits on the logical screen. */
#define FIELD_VIEW_X 32
#define FIELD_VIEW_Y 16

#define FIELD_VIEW_STARS  120
#define FIELD_VIEW_CLOUDS 7

/* The layers of the field's batch, drawn in this order. */
typedef enum field_layer {
    FIELD_LAYER_BACKDROP, /* nebula drifting behind everything (additive) */
    FIELD_LAYER_ENEMIES,  /* enemies and the boss */
    FIELD_LAYER_ITEMS,    /* items */
    FIELD_LAYER_PLAYER,   /* the ship */
    FIELD_LAYER_SHOTS,    /* the player's shots (additive) */
    FIELD_LAYER_EFFECTS,  /* sparks, explosions, magic circles (additive): under the
                             bullets, so no effect ever hides or bleaches one */
    FIELD_LAYER_BULLETS,  /* enemy bullets */
    FIELD_LAYER_GLOW,     /* additive bullets (additive) */
    FIELD_LAYER_TOP,      /* the hitbox marker and focus ring, over everything */
    FIELD_LAYER_COUNT
} field_layer;

typedef struct field_star {
    float x, y, speed;
    Uint8 shade;
} field_star;

/* A wisp of nebula: one of the atlas's cloud frames drifting down. */
typedef struct field_cloud {
    float x, y, speed;
    int variant;
} field_cloud;

/* How the field is drawn for the player's eyes (the accessibility options). */
typedef struct field_look {
    int background_dim; /* percent the backdrop (gradient, stars, clouds) is darkened */
    int shot_opacity;   /* percent, of the player's shots */
    int always_hitbox;  /* the hitbox shows unfocused too (without the focus ring) */
} field_look;

typedef struct field_view {
    field_look look; /* {0, 100, 0} at init: the field as drawn */
    rng visual;      /* visual-only randomness: never touches the simulation */
    field_star stars[FIELD_VIEW_STARS];
    field_cloud clouds[FIELD_VIEW_CLOUDS];
    uint64_t tick; /* visual frames so far, for animations */
    float last_player_x;
    int bank; /* -1 left, 0 level, 1 right: which ship frame */
    sprite_batch batch;
    laser_mesh lasers; /* drawn between the effects and the bullets */
    sprite_draw draw;
} field_view;

/* Prepares the view for renderer r drawing with the given method; bullets is how
 * many bullets one frame may draw (the bullet layers' capacity). Returns 0, or -1
 * with err set. */
int field_view_init(field_view *fv, SDL_Renderer *r, const atlas_texture *at,
                    sprite_draw_method method, int bullets, uint64_t seed, char *err,
                    size_t err_size);
void field_view_free(field_view *fv);

/* Advances the backdrop and animations by one frame (visual state only). */
void field_view_update(field_view *fv);

void field_view_begin(field_view *fv);
sprite_batch *field_view_batch(field_view *fv);
/* The ship (banking as it moves sideways) and, while focused, its hitbox and
 * focus ring (the hitbox always, with look.always_hitbox). flash: the ship drawn
 * additive, glowing (a blink). */
void field_view_add_player(field_view *fv, const player *p, int flash);
void field_view_add_bullets(field_view *fv, const sprite_bullets *bullets);
/* The lasers of a pool (additive, over the effects and under the bullets). */
void field_view_add_lasers(field_view *fv, const laser_pool *lasers);
/* Adds frame k of a named sprite centred at field position (x, y). */
void field_view_add_sprite(field_view *fv, field_layer layer, atlas_sprite sprite, int k, float x,
                           float y);
void field_view_draw(field_view *fv, SDL_Renderer *r);

#endif
