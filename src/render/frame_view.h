/*
 * frame_view: draws one whole screen of the game: the panel and its frame, the
 * field with everything on it, the HUD values, the frame rate and the
 * performance overlay. The window loop and the headless screenshot both draw
 * through it, so a screenshot shows exactly what a player sees.
 */
#ifndef CURTAIN_RENDER_FRAME_VIEW_H
#define CURTAIN_RENDER_FRAME_VIEW_H

#include "core/workers.h"
#include "game/player.h"
#include "render/atlas_texture.h"
#include "render/backdrop_art.h"
#include "render/field_view.h"
#include "render/hud.h"
#include "render/overlay.h"
#include "render/sprite_batch.h"

#include <SDL.h>
#include <stddef.h>
#include <stdint.h>

/* Lets the game add its own sprites (enemies, items, sparks) to the field's
 * batch, in the FIELD_LAYER_* layers, in field coordinates. */
typedef void (*frame_view_sprites_fn)(sprite_batch *batch, void *user);

/* What one frame shows. Every part is optional (NULL or zero: not drawn). */
typedef struct frame_scene {
    const player *player;
    const sprite_bullets *bullets;
    frame_view_sprites_fn add_sprites;
    void *user;
    const hud_state *hud;
    const overlay_stats *stats;    /* for the overlay, when it is visible */
    float fps;                     /* negative: not shown */
    const laser_pool *lasers;      /* NULL: none */
    const laser_pool *shot_lasers; /* the player's lasers; NULL: none */
    const float *shot_laser_reach; /* how far each of them reaches (NULL: its length) */
    int player_flash;              /* the ship drawn glowing (blinking while invulnerable) */
    /* The backdrop: a sim/backdrop.h id + 1 (a data backdrop's too: frame_view_set_backdrops; 0:
     * dusk at the view's own tick; -1: none), as at frame count backdrop_time
     * (field_view_set_backdrop). */
    int backdrop;
    uint64_t backdrop_time;
} frame_scene;

typedef struct frame_view_config {
    uint64_t seed; /* of the visual random generator (backdrop) */
    int bullets;   /* most bullets one frame draws */
    int method;    /* a sprite_draw_method, or -1 for the renderer's best */
} frame_view_config;

/* The most threads the blit method splits the field over: it takes the CPU's
 * cores up to this many. */
#define FRAME_VIEW_THREADS 4

typedef struct frame_view {
    SDL_Renderer *renderer;
    sprite_draw_method method;
    atlas_texture atlas;
    backdrop_art backdrops; /* a mod's data backdrops (frame_view_set_backdrops) */
    field_view field;
    overlay overlay;
    workers threads; /* the field's (field_view_set_workers); the blit method's only */
} frame_view;

/* Loads the atlas into r and prepares the views (and, for the blit method,
 * the threads that build and blit the field: v must not move until
 * frame_view_free). Returns 0, or -1 with err set. */
int frame_view_init(frame_view *v, SDL_Renderer *r, const frame_view_config *cfg, char *err,
                    size_t err_size);
void frame_view_free(frame_view *v);
/* The field's threads (NULL: the calling thread alone), for a field view made
 * again after init (field_view_set_workers). */
workers *frame_view_workers(frame_view *v);
/* Draws a mod's n art shapes from now on (render/atlas_texture.h's
 * atlas_texture_set_art, then the field's batch looks again); n = 0 takes the
 * art away. A load: it allocates. Returns 0, or -1 with a positioned err. */
int frame_view_set_art(frame_view *v, const atlas_texture_art *shapes, int n, char *err,
                       size_t err_size);
/* Draws a library's n data backdrops from now on (render/backdrop_art.h's
 * backdrop_art_load); n = 0 takes them away. A load: it allocates. Returns 0,
 * or -1 with a positioned err (then the last good ones stay). */
int frame_view_set_backdrops(frame_view *v, const backdrop_scene *scenes, int n,
                             const backdrop_sheet *sheets, int nsheets, char *err, size_t err_size);

/* Advances animations and the backdrop by one frame. */
void frame_view_update(frame_view *v);
/* Draws the scene on r's current target (the 640x480 logical screen). */
void frame_view_draw(frame_view *v, const frame_scene *scene);

#endif
