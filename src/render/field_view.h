/*
 * field_view: draws the playfield: its backdrop (render/backdrop_view), then
 * every sprite on it through one sprite batch.
 *
 * A frame: field_view_begin empties the batch; the player, the bullets and
 * whatever else the game has (enemies, items, sparks: sprite_batch_add into the
 * FIELD_LAYER_* layers of field_view_batch) are added; field_view_set_backdrop
 * names the backdrop and its frame count (else dusk at the view's own tick);
 * field_view_draw draws the backdrop, cross-fading from the last one when it
 * changed, and submits the batch, layer by layer, bottom to top.
 */
#ifndef CURTAIN_RENDER_FIELD_VIEW_H
#define CURTAIN_RENDER_FIELD_VIEW_H

#include "core/rng.h"
#include "game/player.h"
#include "render/atlas_sprites.h"
#include "render/atlas_texture.h"
#include "render/backdrop_view.h"
#include "render/sprite_batch.h"
#include "render/sprite_draw.h"

#include <SDL.h>
#include <stddef.h>

/* Where the field sits on the logical screen. */
#define FIELD_VIEW_X 32
#define FIELD_VIEW_Y 16

/* The spectacle's quads a frame may draw (effects, flashes, tints). */
#define FIELD_VIEW_QUADS 512

/* Frames a backdrop takes to cross-fade into the next. */
#define FIELD_VIEW_FADE 48

/* The layers of the field's batch, drawn in this order. */
typedef enum field_layer {
    FIELD_LAYER_BACKDROP, /* over the backdrop, behind everything (additive) */
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

/* How the field is drawn for the player's eyes (the accessibility options). */
typedef struct field_look {
    int background_dim; /* percent the backdrop is darkened */
    int shot_opacity;   /* percent, of the player's shots */
    int always_hitbox;  /* the hitbox shows unfocused too (without the focus ring) */
} field_look;

typedef struct field_view {
    field_look look; /* {0, 100, 0} at init: the field as drawn */
    rng visual;      /* visual-only randomness: never touches the simulation */
    uint64_t tick;   /* visual frames so far, for animations */
    /* The backdrop: the one shown, the one it fades from, the frame count both
     * move by and the count the fade began at; `set` when the frame named one. */
    backdrop scene, from;
    uint64_t time, fade_at;
    int set, shown; /* shown: a backdrop was drawn since init (the first one does not fade in) */
    int hidden;     /* this frame draws none (field_view_set_backdrop with -1) */
    backdrop_view backdrop;
    float last_player_x;
    int bank; /* -1 left, 0 level, 1 right: which ship frame */
    sprite_batch batch;
    laser_mesh lasers;  /* drawn between the effects and the bullets */
    effect_quads quads; /* the spectacle's: over the effects layer, under the lasers */
    sprite_draw draw;
} field_view;

/* Prepares the view for renderer r drawing with the given method; bullets is how
 * many bullets one frame may draw (the bullet layers' capacity). Returns 0, or -1
 * with err set. */
int field_view_init(field_view *fv, SDL_Renderer *r, const atlas_texture *at,
                    sprite_draw_method method, int bullets, uint64_t seed, char *err,
                    size_t err_size);
void field_view_free(field_view *fv);

/* Advances the animations by one frame (visual state only). */
void field_view_update(field_view *fv);

void field_view_begin(field_view *fv);
sprite_batch *field_view_batch(field_view *fv);
/* The ship (banking as it moves sideways) and, while focused, its hitbox and
 * focus ring (the hitbox always, with look.always_hitbox). flash: the ship drawn
 * additive, glowing (a blink). */
void field_view_add_player(field_view *fv, const player *p, int flash);
void field_view_add_bullets(field_view *fv, const sprite_bullets *bullets);
/* The look of one of the player's shots, whatever ship fired it, by its shape:
 * a needle (rice, kunai, arrow, drop), an amulet (amulet) or a seal (round
 * shapes); the frame is its colour. Translucent light in the shots' own layer,
 * never a copy of an enemy bullet. Drawing only: the shots' shapes and the
 * state are as the ship's patterns made them. */
atlas_sprite field_view_shot_sprite(int shape);
/* Adds a player's shot of that shape and colour at field position (x, y). */
void field_view_add_shot(field_view *fv, int shape, int colour, float x, float y);
/* The lasers of a pool (additive, over the effects and under the bullets). */
void field_view_add_lasers(field_view *fv, const laser_pool *lasers);
/* Adds frame k of a named sprite centred at field position (x, y). */
void field_view_add_sprite(field_view *fv, field_layer layer, atlas_sprite sprite, int k, float x,
                           float y);
/* This frame's backdrop, as at frame count `time` (a run's frame: the same
 * frame shows the same picture). A change starts a cross-fade from the last.
 * b = -1: none this frame (the field left as it is: tests of the sprites). */
void field_view_set_backdrop(field_view *fv, backdrop b, uint64_t time);
void field_view_draw(field_view *fv, SDL_Renderer *r);

#endif
