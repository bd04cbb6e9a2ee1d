/*
 * field_view: backdrop, batch layers, and the player's sprites.
 */
#include "render/field_view.h"

#include "core/log.h"
#include "render/atlas.h"
#include "sim/playfield.h"

#include <math.h>
#include <stdio.h>

/* Capacity of the layers that do not hold bullets. */
#define FIELD_VIEW_SPRITES        2048
/* Capacity of the effects' layer: every effect (ui/effects.h) and the bomb's ring. */
#define FIELD_VIEW_EFFECTS        4096
/* The lasers' mesh: the game's 320 lasers (game/world.h: 256 enemy lasers, 64
 * of the player's) at the longest body, 256 nodes (two vertices a node); as
 * many vertices hold 1,280 lasers of 64 nodes. */
#define FIELD_VIEW_LASER_VERTICES (1024 * 160)
#define FIELD_VIEW_LASER_NODES    1024

int field_view_init(field_view *fv, SDL_Renderer *r, const atlas_texture *at,
                    sprite_draw_method method, int bullets, uint64_t seed, char *err,
                    size_t err_size)
{
    *fv = (field_view){.look = {.shot_opacity = 100}};
    rng_seed(&fv->visual, seed);
    if (bullets < 1)
        bullets = 1;
    /* instanced: the bullets are the GL path's, but for a frame with styled
     * bullets (scaled, faded, additive): the instance record has no room for
     * a style, so such a frame draws its bullets through the batch's layers,
     * which therefore hold every bullet on every path */
    int instanced = method == SPRITE_DRAW_INSTANCED;
    sprite_layer_spec layers[FIELD_LAYER_COUNT] = {
        [FIELD_LAYER_BACKDROP] = {SPRITE_BLEND_ADD, 64},
        [FIELD_LAYER_ENEMIES] = {SPRITE_BLEND_ALPHA, FIELD_VIEW_SPRITES},
        [FIELD_LAYER_ITEMS] = {SPRITE_BLEND_ALPHA, FIELD_VIEW_SPRITES},
        [FIELD_LAYER_PLAYER] = {SPRITE_BLEND_ALPHA, FIELD_VIEW_SPRITES},
        [FIELD_LAYER_SHOTS] = {SPRITE_BLEND_ADD, FIELD_VIEW_SPRITES},
        [FIELD_LAYER_FX] = {SPRITE_BLEND_ALPHA, FIELD_VIEW_SPRITES},
        [FIELD_LAYER_EFFECTS] = {SPRITE_BLEND_ADD, FIELD_VIEW_EFFECTS},
        [FIELD_LAYER_BULLETS] = {SPRITE_BLEND_ALPHA, bullets},
        [FIELD_LAYER_GLOW] = {SPRITE_BLEND_ADD, bullets},
        [FIELD_LAYER_TOP] = {SPRITE_BLEND_ALPHA, FIELD_VIEW_SPRITES},
    };
    if (sprite_batch_init(&fv->batch, sprite_draw_batch_mode(method), layers, FIELD_LAYER_COUNT) !=
        0) {
        snprintf(err, err_size, "out of memory for %d bullets' sprites", bullets);
        return -1;
    }
    sprite_batch_set_origin(&fv->batch, FIELD_VIEW_X, FIELD_VIEW_Y);
    /* effects fade each on its own (field_view_add_effect) */
    if (sprite_batch_set_fading(&fv->batch, FIELD_LAYER_FX) != 0 ||
        sprite_batch_set_fading(&fv->batch, FIELD_LAYER_EFFECTS) != 0 ||
        sprite_batch_allow_styles(&fv->batch, FIELD_LAYER_BULLETS) != 0 ||
        sprite_batch_allow_styles(&fv->batch, FIELD_LAYER_GLOW) != 0 ||
        sprite_batch_allow_styles(&fv->batch, FIELD_LAYER_SHOTS) != 0) {
        snprintf(err, err_size, "out of memory for the effects' colours");
        sprite_batch_free(&fv->batch);
        return -1;
    }
    /* Bubbles glow: their light adds to what is behind them. */
    sprite_batch_set_additive(&fv->batch, BULLET_SHAPE_BUBBLE, 1);
    if (instanced && !(fv->gl = gl_sprites_init(r, at, &fv->batch, bullets, err, err_size))) {
        log_info("%s: drawing with geometry", err);
        sprite_batch_free(&fv->batch);
        return field_view_init(fv, r, at, SPRITE_DRAW_GEOMETRY, bullets, seed, err, err_size);
    }
    SDL_Rect area = {FIELD_VIEW_X, FIELD_VIEW_Y, (int)PLAYFIELD_W, (int)PLAYFIELD_H};
    if (laser_mesh_init(&fv->lasers, FIELD_VIEW_LASER_VERTICES, FIELD_VIEW_LASER_NODES) != 0) {
        snprintf(err, err_size, "out of memory for the lasers' mesh");
        sprite_batch_free(&fv->batch);
        return -1;
    }
    laser_mesh_set_origin(&fv->lasers, FIELD_VIEW_X, FIELD_VIEW_Y);
    if (effect_quads_init(&fv->quads, FIELD_VIEW_QUADS) != 0) {
        snprintf(err, err_size, "out of memory for the spectacle's quads");
        sprite_batch_free(&fv->batch);
        laser_mesh_free(&fv->lasers);
        return -1;
    }
    effect_quads_set_origin(&fv->quads, FIELD_VIEW_X, FIELD_VIEW_Y);
    if (sprite_draw_init(&fv->draw, r, at, method, area, err, err_size) != 0) {
        sprite_batch_free(&fv->batch);
        laser_mesh_free(&fv->lasers);
        effect_quads_free(&fv->quads);
        return -1;
    }
    return 0;
}

void field_view_free(field_view *fv)
{
    gl_sprites_free(fv->gl);
    sprite_draw_free(&fv->draw);
    sprite_batch_free(&fv->batch);
    laser_mesh_free(&fv->lasers);
    effect_quads_free(&fv->quads);
}

void field_view_set_workers(field_view *fv, workers *w)
{
    sprite_draw_set_workers(&fv->draw, w);
}

void field_view_update(field_view *fv)
{
    fv->tick++;
}

/* Empties the batch, the lasers' mesh and the spectacle's quads. */
void field_view_begin(field_view *fv)
{
    sprite_batch_clear(&fv->batch);
    if (fv->gl)
        gl_sprites_begin(fv->gl);
    effect_quads_clear(&fv->quads);
    laser_mesh_begin(&fv->lasers);
}

sprite_batch *field_view_batch(field_view *fv)
{
    return &fv->batch;
}

void field_view_add_sprite(field_view *fv, field_layer layer, atlas_sprite sprite, int k, float x,
                           float y)
{
    sprite_batch_add(&fv->batch, layer, atlas_sprite_frame(sprite, k), x, y, 1.0f, 0.0f);
}

void field_view_add_player(field_view *fv, const player *p, int flash)
{
    /* Bank toward the side the ship moved this frame. */
    float dx = p->x - fv->last_player_x;
    fv->bank = dx < -0.5f ? -1 : dx > 0.5f ? 1 : 0;
    fv->last_player_x = p->x;
    int frame = fv->bank < 0 ? 1 : fv->bank > 0 ? 2 : 0;
    /* the ship's look: a mod's art shape or a sprite of the atlas by name (its
     * frames level and banking), else the default ship */
    int look = ATLAS_SPRITE_PLAYER;
    if (p->ship && p->ship->look[0]) {
        int art = atlas_art_by_name(p->ship->look);
        int sprite = atlas_sprite_by_name(p->ship->look);
        look = art >= 0 ? ATLAS_LOOK_ART + art : sprite >= 0 ? sprite : look;
    }
    field_view_add_look(fv, flash ? FIELD_LAYER_SHOTS : FIELD_LAYER_PLAYER, look, frame,
                        (int64_t)fv->tick, p->x, p->y);
    if (p->focused) {
        int turn = (int)(fv->tick / 3);
        field_view_add_sprite(fv, FIELD_LAYER_TOP, ATLAS_SPRITE_FOCUS_RING, turn, p->x, p->y);
        field_view_add_sprite(fv, FIELD_LAYER_TOP, ATLAS_SPRITE_HITBOX, 0, p->x, p->y);
    } else if (fv->look.always_hitbox) {
        field_view_add_sprite(fv, FIELD_LAYER_TOP, ATLAS_SPRITE_HITBOX, 0, p->x, p->y);
    }
}

void field_view_add_lasers(field_view *fv, const laser_pool *lasers)
{
    laser_mesh_add(&fv->lasers, lasers, NULL, 1.0f);
}

void field_view_add_shot_lasers(field_view *fv, const laser_pool *lasers, const float *reach)
{
    laser_mesh_add(&fv->lasers, lasers, reach, (float)fv->look.shot_opacity / 100.0f);
}

void field_view_add_bullets(field_view *fv, const sprite_bullets *bullets)
{
    if (fv->gl && !bullets->scale)
        gl_sprites_add_bullets(fv->gl, bullets);
    else
        sprite_batch_add_bullets_workers(&fv->batch, bullets, FIELD_LAYER_BULLETS, FIELD_LAYER_GLOW,
                                         fv->draw.workers);
}

void field_view_set_backdrop(field_view *fv, backdrop b, uint64_t time)
{
    fv->hidden = (int)b < 0;
    if (fv->hidden)
        return;
    if (b >= BACKDROP_COUNT && !backdrop_art_has(fv->art, (int)b))
        b = BACKDROP_DUSK;
    if (b != fv->scene || !fv->shown) {
        fv->from = fv->shown ? fv->scene : b;
        fv->scene = b;
        fv->fade_at = fv->shown ? time : 0;
    }
    fv->time = time;
    fv->set = 1;
}

void field_view_cut(field_view *fv)
{
    fv->shown = 0;
}

/* One backdrop: into the blitter's pixels when it has them (the software
 * renderer's own triangles are slow), else through the renderer. */
static void field_view_backdrop_layer(field_view *fv, SDL_Renderer *r, backdrop b, float alpha)
{
    sprite_draw *sd = &fv->draw;
    int dim = fv->look.background_dim;
    if (b >= BACKDROP_COUNT) { /* a data backdrop (field_view_set_backdrop kept it) */
        if (!backdrop_art_has(fv->art, (int)b))
            b = BACKDROP_DUSK;
        else if (sd->reading)
            backdrop_art_draw_pixels(fv->art, sd->pixels, sd->area.w, sd->area.h, sd->area.w,
                                     (int)b, fv->time, alpha, dim);
        else
            backdrop_art_draw(fv->art, &fv->backdrop, r, sd->area, (int)b, fv->time, alpha, dim);
        if (b >= BACKDROP_COUNT)
            return;
    }
    if (sd->reading)
        backdrop_view_draw_pixels(&fv->backdrop, sd->pixels, sd->area.w, sd->area.h, sd->area.w, b,
                                  fv->time, alpha, dim);
    else
        backdrop_view_draw(&fv->backdrop, r, sd->area, b, fv->time, alpha, dim);
}

/* The backdrop, and while a change is recent the last one under it. Frames
 * before the fade began (a replay run back) show the new one alone. */
static void field_view_draw_backdrop(field_view *fv, SDL_Renderer *r)
{
    if (fv->hidden) {
        fv->hidden = 0;
        return;
    }
    if (!fv->set)
        field_view_set_backdrop(fv, BACKDROP_DUSK, fv->tick);
    uint64_t age = fv->time - fv->fade_at;
    float k = fv->time < fv->fade_at || age >= FIELD_VIEW_FADE
                  ? 1.0f
                  : (float)age / (float)FIELD_VIEW_FADE;
    if (k < 1.0f)
        field_view_backdrop_layer(fv, r, fv->from, 1.0f);
    field_view_backdrop_layer(fv, r, fv->scene, k);
    fv->set = 0;
    fv->shown = 1;
}

void field_view_add_shots(field_view *fv, const sprite_bullets *shots)
{
    sprite_batch_add_bullets(&fv->batch, shots, FIELD_LAYER_SHOTS, FIELD_LAYER_SHOTS);
}

void field_view_add_look(field_view *fv, field_layer layer, int look, int k, int64_t age, float x,
                         float y)
{
    sprite_batch_add(&fv->batch, layer, atlas_look_frame(look, k, age, 0), x, y, 1.0f, 0.0f);
}

void field_view_add_effect(field_view *fv, const field_effect *e)
{
    float scale = e->scale > 0.0f ? e->scale : 1.0f;
    float alpha = e->alpha < 0.0f ? 0.0f : e->alpha > 1.0f ? 1.0f : e->alpha;
    float rad = e->angle * 0.0174532925f;
    float c = cosf(rad), s = sinf(rad);
    int step = 0;
    if (fv->batch.mode == SPRITE_BATCH_RECTS && atlas_look_turns(e->look))
        step = sprite_batch_angle_step(c, s);
    int frame = atlas_look_frame(e->look, e->k, e->age, step);
    sprite_batch_add_faded(&fv->batch, e->additive ? FIELD_LAYER_EFFECTS : FIELD_LAYER_FX, frame,
                           e->x, e->y, c * scale, s * scale, (uint8_t)(alpha * 255.0f + 0.5f));
}

/* c darkened by dim percent. */
static Uint8 field_view_dim(int c, int dim)
{
    return (Uint8)(c * (100 - dim) / 100);
}

void field_view_draw(field_view *fv, SDL_Renderer *r)
{
    SDL_RenderSetClipRect(r, &fv->draw.area);
    /* the blitter reads the area first and draws the backdrop into it */
    int blit = fv->draw.method == SPRITE_DRAW_BLIT;
    if (blit)
        sprite_draw_begin(&fv->draw);
    field_view_draw_backdrop(fv, r);
    sprite_batch_set_opacity(&fv->batch, FIELD_LAYER_BACKDROP,
                             field_view_dim(255, fv->look.background_dim));
    sprite_batch_set_opacity(&fv->batch, FIELD_LAYER_SHOTS,
                             (Uint8)(255 * fv->look.shot_opacity / 100));
    int instances = fv->gl ? gl_sprites_count(fv->gl) : 0;
    if (blit || sprite_batch_count(&fv->batch) > 0 || fv->lasers.index_count > 0 ||
        fv->quads.count > 0 || instances > 0) {
        if (!blit)
            sprite_draw_begin(&fv->draw);
        sprite_draw_batch_layers(&fv->draw, &fv->batch, 0, FIELD_LAYER_BULLETS);
        sprite_draw_effect_quads(&fv->draw, &fv->quads);
        sprite_draw_lasers(&fv->draw, &fv->lasers);
        if (instances > 0) {
            /* the two bullet layers, one instanced draw each, between SDL's */
            const uint8_t opacity[2] = {fv->batch.layers[FIELD_LAYER_BULLETS].opacity,
                                        fv->batch.layers[FIELD_LAYER_GLOW].opacity};
            gl_sprites_draw(fv->gl, &fv->draw.area, opacity);
        }
        sprite_draw_batch_layers(&fv->draw, &fv->batch, FIELD_LAYER_BULLETS, FIELD_LAYER_COUNT);
        sprite_draw_end(&fv->draw);
    }
    SDL_RenderSetClipRect(r, NULL);
}
