/*
 * field_view: draws the playfield: its backdrop (render/backdrop_view), then
 * every sprite on it through one sprite batch.
 *
 * A frame: field_view_begin empties the batch; the player, the bullets and
 * whatever else the game has (enemies, items, sparks: sprite_batch_add into the
 * FIELD_LAYER_* layers of field_view_batch) are added; field_view_set_backdrop
 * names the backdrop and its frame count (else dusk at the view's own tick),
 * drawn in code (render/backdrop_view) or from data (render/backdrop_art);
 * field_view_draw draws the backdrop, cross-fading from the last one when it
 * changed, and submits the batch, layer by layer, bottom to top.
 */
#ifndef CURTAIN_RENDER_FIELD_VIEW_H
#define CURTAIN_RENDER_FIELD_VIEW_H

#include "core/rng.h"
#include "game/player.h"
#include "render/atlas_sprites.h"
#include "render/atlas_texture.h"
#include "render/backdrop_art.h"
#include "render/backdrop_view.h"
#include "render/gl_sprites.h"
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
    FIELD_LAYER_FX,       /* effects laid over the field (alpha): field_view_add_effect */
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
    const backdrop_art *art; /* the data backdrops (frame_view's), or NULL */
    float last_player_x;
    int bank; /* -1 left, 0 level, 1 right: which ship frame */
    sprite_batch batch;
    laser_mesh lasers;  /* drawn between the effects and the bullets */
    effect_quads quads; /* the spectacle's: over the effects layer, under the lasers */
    sprite_draw draw;
    /* The instanced path (method instanced): the field's bullets go to it, not
     * to the batch's bullet layers; NULL on every other method. */
    gl_sprites *gl;
} field_view;

/* Prepares the view for renderer r drawing with the given method; bullets is how
 * many bullets one frame may draw (the bullet layers' capacity). The instanced
 * method falls back to geometry where its GL path cannot be made (draw.method
 * says which). Returns 0, or -1 with err set. */
int field_view_init(field_view *fv, SDL_Renderer *r, const atlas_texture *at,
                    sprite_draw_method method, int bullets, uint64_t seed, char *err,
                    size_t err_size);
void field_view_free(field_view *fv);
/* The threads the field's bullets are built (sprite_batch_add_bullets_workers)
 * and blitted (sprite_draw_set_workers) on; NULL, as init leaves it: the
 * calling thread. The pool is the caller's; the pixels are the same bits. */
void field_view_set_workers(field_view *fv, workers *w);

/* Advances the animations by one frame (visual state only). */
void field_view_update(field_view *fv);

void field_view_begin(field_view *fv);
sprite_batch *field_view_batch(field_view *fv);
/* The ship (banking as it moves sideways) and, while focused, its hitbox and
 * focus ring (the hitbox always, with look.always_hitbox). flash: the ship drawn
 * additive, glowing (a blink). */
void field_view_add_player(field_view *fv, const player *p, int flash);
void field_view_add_bullets(field_view *fv, const sprite_bullets *bullets);
/* The player's shots (a view of the ship's shot pool: render/bullet_view.h):
 * each drawn as the shape and colour it was fired with, built-in or a mod's
 * art (turning, animating), exactly as an enemy bullet of that shape is, but in
 * the shots' own layer: translucent light (additive, at look.shot_opacity),
 * under the effects and the enemy bullets. Drawing only: the shots' shapes and
 * the state are as the ship's patterns made them. */
void field_view_add_shots(field_view *fv, const sprite_bullets *shots);
/* The lasers of a pool (additive, over the effects and under the bullets). */
void field_view_add_lasers(field_view *fv, const laser_pool *lasers);
/* The player's lasers (game/world.h's shot_lasers), in the same mesh, at
 * look.shot_opacity: each straight beam i drawn reach[i] px long where that is
 * shorter (one that stopped at an enemy; reach may be NULL). */
void field_view_add_shot_lasers(field_view *fv, const laser_pool *lasers, const float *reach);
/* Adds frame k of a named sprite centred at field position (x, y). */
void field_view_add_sprite(field_view *fv, field_layer layer, atlas_sprite sprite, int k, float x,
                           float y);
/* Adds a look (render/atlas.h's atlas_look_by_name: a sprite, or a mod's art
 * shape) centred at (x, y): a sprite's frame k, or an art shape's animation
 * frame at `age` ticks (upright: a shape that turns faces +x, as in its sheet). */
void field_view_add_look(field_view *fv, field_layer layer, int look, int k, int64_t age, float x,
                         float y);

/* An effect: any look drawn at a place, size, turn and opacity, touching
 * nothing (the spectacles of bombs and cut-ins, ui/effects). */
typedef struct field_effect {
    int look;     /* atlas_look_by_name's: a sprite or a mod's art shape */
    int k;        /* a sprite's frame (wraps) */
    int64_t age;  /* ticks since it appeared: an animated art shape's frame */
    float x, y;   /* centre, field pixels */
    float scale;  /* 1: as drawn in the atlas (0 counts as 1) */
    float angle;  /* degrees clockwise from the picture as it is */
    float alpha;  /* 0..1 (clamped) */
    int additive; /* light added to what is below (FIELD_LAYER_EFFECTS); else laid
                     over it (FIELD_LAYER_FX) */
} field_effect;
/* Adds an effect under the bullets. The GPU path draws it scaled, turned and
 * faded as asked; the software path (RECTS: copies, no scaling) draws it at its
 * own size, turned to the nearest pre-rotated frame of an art shape that turns
 * (else upright), faded by alpha. Drawing only, no allocation. */
void field_view_add_effect(field_view *fv, const field_effect *e);
/* This frame's backdrop, as at frame count `time` (a run's frame: the same
 * frame shows the same picture). A change starts a cross-fade from the last.
 * b = -1: none this frame (the field left as it is: tests of the sprites). */
void field_view_set_backdrop(field_view *fv, backdrop b, uint64_t time);
/* The next backdrop shows at once, with no cross-fade from the last one drawn
 * (a new run, a replay opened or sought: the backdrop of another screen or
 * another moment is not what the field shows). */
void field_view_cut(field_view *fv);
void field_view_draw(field_view *fv, SDL_Renderer *r);

#endif
