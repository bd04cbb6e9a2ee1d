/*
 * world_view: drawing a world. See world_view.h.
 */
#include "ui/world_view.h"

#include "game/difficulty.h"
#include "game/scenery.h"
#include "pattern/content/character.h"
#include "platform/window.h"
#include "render/atlas.h"
#include "render/bullet_palette.h"
#include "render/bullet_view.h"
#include "render/text.h"
#include "sim/backdrop.h"
#include "sim/playfield.h"
#include "ui/dialogue_box.h"
#include "ui/panel.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#define WV_TITLE_FRAMES  240
#define WV_CUTIN_FRAMES  110
#define WV_RESULT_FRAMES 72
#define WV_FIELD_R       (FIELD_VIEW_X + (int)PLAYFIELD_W)
#define WV_FIELD_B       (FIELD_VIEW_Y + (int)PLAYFIELD_H)
#define WV_PANEL_X       (WV_FIELD_R + 16)
#define WV_PANEL_R       (LOGICAL_W - 16)

void world_view_init(world_view *v, uint64_t seed)
{
    memset(v, 0, sizeof *v);
    effects_init(&v->fx, seed);
    spectacle_clear(&v->show);
}

void world_view_reset(world_view *v)
{
    effects_clear(&v->fx);
    spectacle_clear(&v->show);
    v->extend_tick = v->bomb_item_tick = v->intro_tick = 0;
    v->cut = 1;
}

void world_view_step(world_view *v, const world *w)
{
    effects_from_events(&v->fx, w);
    effects_step(&v->fx);
    spectacle_step(&v->show);
    spectacle_from_events(&v->show, w);
    for (int i = 0; i < w->event_count; i++) {
        const world_event *e = &w->events[i];
        /* a bomb that shows its own flash and shake has no generic one */
        if (e->kind == WORLD_EVENT_SHIP_SHOW && w->lib && e->value >= 0 &&
            (uint32_t)e->value < w->lib->prog->show_count) {
            uint8_t kind = w->lib->prog->shows[e->value].kind;
            if (kind == VM_SHOW_FLASH)
                v->fx.flash = 0;
            if (kind == VM_SHOW_SHAKE)
                v->fx.shake = 0.0f;
        }
        if (e->kind == WORLD_EVENT_BOSS_START) {
            v->intro_tick = v->tick + 1;
            v->intro_boss = e->value;
        }
        if (w->events[i].kind == WORLD_EVENT_EXTEND)
            v->extend_tick = v->tick + 1;
        if (w->events[i].kind == WORLD_EVENT_BOMB_ITEM)
            v->bomb_item_tick = v->tick + 1;
    }
}

int world_view_look_sprite(const char *look, int fallback)
{
    return atlas_look_by_name(look, fallback);
}

int world_view_enemy_sprite(const world *w, const enemy *e)
{
    if (e->kind != ENEMY_BOSS)
        return world_view_look_sprite(world_string(w, e->look), ATLAS_SPRITE_ENEMY_DRONE);
    const library_boss *b = w->lib && e->boss >= 0 && (uint32_t)e->boss < w->lib->boss_count
                                ? &w->lib->bosses[e->boss]
                                : NULL;
    return world_view_look_sprite(b ? b->look : NULL, ATLAS_SPRITE_BOSS);
}

/* ---- the field's sprites ---- */

/* A boss in its turning magic circle; small enemies flash when hit. */
static void wv_add_enemies(world_view *v, field_view *fv, const world *w)
{
    for (uint32_t i = 0; i < w->enemies.cap; i++) {
        const enemy *e = &w->enemies.slots[i];
        if (e->kind != ENEMY_SMALL && e->kind != ENEMY_BOSS)
            continue;
        float x = (float)e->x, y = (float)e->y;
        int anim = (int)(v->tick / 6);
        int look = world_view_enemy_sprite(w, e);
        int64_t age = (int64_t)w->frame - e->born; /* an animated art look's frame */
        if (e->kind == ENEMY_BOSS && !e->leaving) {
            field_view_add_sprite(fv, FIELD_LAYER_ENEMIES, ATLAS_SPRITE_FOCUS_RING,
                                  (int)(v->tick / 4), x, y);
            field_view_add_sprite(fv, FIELD_LAYER_EFFECTS, ATLAS_SPRITE_FOCUS_RING,
                                  7 - (int)(v->tick / 5) % 8, x, y);
        }
        field_view_add_look(fv, FIELD_LAYER_ENEMIES, look, anim, age, x, y);
        if (e->hit_at >= (int32_t)w->frame - 2 && (v->tick & 2))
            field_view_add_sprite(fv, FIELD_LAYER_EFFECTS, ATLAS_SPRITE_SPARK_HIT, 0, x, y);
    }
}

int world_view_item_look(int kind)
{
    static const atlas_sprite sprites[ITEM_KIND_COUNT] = {
        ATLAS_SPRITE_ITEM_POWER, ATLAS_SPRITE_ITEM_POWER_BIG, ATLAS_SPRITE_ITEM_POINT,
        ATLAS_SPRITE_ITEM_BOMB,  ATLAS_SPRITE_ITEM_LIFE,      ATLAS_SPRITE_ITEM_STAR};
    static const char *const names[ITEM_KIND_COUNT] = {"item_power", "item_power_big", "item_point",
                                                       "item_bomb",  "item_life",      "item_star"};
    int k = kind >= 0 && kind < ITEM_KIND_COUNT ? kind : 0;
    return atlas_look_by_name(names[k], (int)sprites[k]);
}

int world_view_item_look_of(const library *lib, int kind)
{
    uint32_t k = (uint32_t)(kind - ITEM_KIND_COUNT);
    if (kind < ITEM_KIND_COUNT || !lib || k >= lib->item_count)
        return world_view_item_look(kind);
    const item_decl *d = &lib->items[k];
    if (d->look_kind >= 0)
        return world_view_item_look(d->look_kind);
    int point = world_view_item_look(ITEM_POINT);
    return d->look[0] ? world_view_look_sprite(d->look, point) : point;
}

void world_view_add_items(field_view *fv, const library *lib, const item_list *l, int64_t tick)
{
    int looks[ITEM_KIND_LIMIT];
    int kinds = ITEM_KIND_COUNT + (lib ? (int)lib->item_count : 0);
    kinds = kinds < ITEM_KIND_LIMIT ? kinds : ITEM_KIND_LIMIT;
    for (int k = 0; k < kinds; k++)
        looks[k] = world_view_item_look_of(lib, k);
    for (uint32_t i = 0; l && i < l->count; i++) {
        float y = l->y[i] < 6.0f ? 6.0f : l->y[i]; /* above the top: a hint at the edge */
        field_view_add_look(fv, FIELD_LAYER_ITEMS, looks[l->kind[i] < kinds ? l->kind[i] : 0], 0,
                            tick, l->x[i], y);
    }
}

/* The player's shots, each as the shape it was fired with, and the options
 * that fire them at higher power, in the ship's option_look. */
static void wv_add_shots(world_view *v, field_view *fv, const world *w)
{
    sprite_bullets shots = bullet_view_of_pool(&w->shots);
    field_view_add_shots(fv, &shots);
    const player *p = &w->player;
    if (!player_flying(p))
        return;
    int level = player_power_level(p);
    const char *option = p->ship && p->ship->option_look[0] ? p->ship->option_look : "option";
    int look = atlas_look_by_name(option, ATLAS_SPRITE_OPTION);
    for (uint32_t k = 0; k < p->ship->option_count; k++) {
        const library_ship_option *o = &p->ship->options[k];
        if (o->level > level)
            continue;
        float x = p->focused ? o->fx : o->x, y = p->focused ? o->fy : o->y;
        float bob = sinf((float)v->tick * 0.1f + (float)(o->level - 1)) * 1.5f;
        field_view_add_look(fv, FIELD_LAYER_PLAYER, look, 0, (int64_t)v->tick, p->x + x,
                            p->y + y + (x < 0 ? bob : -bob));
    }
}

/* A running bomb: sparks around its growing circle. */
static void wv_add_bomb(world_view *v, field_view *fv, const world *w)
{
    const player *p = &w->player;
    if (p->bomb <= 0)
        return;
    float r = world_bomb_radius(p);
    for (int k = 0; k < 28; k++) {
        float a = (float)k * 6.2831853f / 28.0f + (float)v->tick * 0.03f;
        field_view_add_sprite(fv, FIELD_LAYER_EFFECTS, ATLAS_SPRITE_EXPLOSION,
                              (int)(v->tick / 3 + (uint64_t)k) % 8, p->bomb_x + cosf(a) * r,
                              p->bomb_y + sinf(a) * r);
    }
}

/* frame_view's callback: everything on the field besides the ship and bullets. */
static void wv_add_sprites(sprite_batch *batch, void *user)
{
    world_view *v = user;
    (void)batch;
    wv_add_enemies(v, &v->fv->field, v->w);
    world_view_add_items(&v->fv->field, v->w->lib, &v->w->items, (int64_t)v->tick);
    wv_add_shots(v, &v->fv->field, v->w);
    wv_add_bomb(v, &v->fv->field, v->w);
    effects_add_sprites(&v->fx, &v->fv->field);
    const options *o = v->opts;
    spectacle_add_quads(&v->show, &v->fv->field.quads, &v->fv->field.batch,
                        o ? (bullet_palette)o->bullet_palette : BULLET_PALETTE_NORMAL,
                        o && o->reduce_flash);
}

/* ---- the HUD ---- */

static void wv_fill_hud(world_view *v, const world *w, const world_view_extra *x)
{
    hud_state *h = &v->hud;
    memset(h, 0, sizeof *h);
    h->score = w->score;
    /* After a continue the score starts again, but the run's best credit is what
     * the table will take: the high score does not fall back below it. */
    uint64_t run_best = world_final_score(w);
    h->high_score = x && x->high_score > run_best ? x->high_score : run_best;
    h->lives = w->player.lives < 0 ? 0 : w->player.lives;
    h->bombs = w->player.bombs;
    h->life_pieces = w->player.life_pieces;
    h->bomb_pieces = w->player.bomb_pieces;
    for (uint32_t k = 0; w->lib && k < w->lib->item_count; k++) {
        if (w->lib->items[k].life_pieces > 0)
            h->life_pieces_whole = PLAYER_LIFE_PIECES;
        if (w->lib->items[k].bomb_pieces > 0)
            h->bomb_pieces_whole = PLAYER_BOMB_PIECES;
    }
    h->power = w->player.power;
    h->power_max = PLAYER_POWER_MAX;
    h->graze = w->graze;
    const boss_fight *b = &w->boss;
    if (!b->active || b->slot == ENEMY_NONE || !w->lib)
        return;
    const library_boss *info = &w->lib->bosses[b->index];
    const enemy *e = &w->enemies.slots[b->slot];
    h->boss_active = 1;
    h->boss_name = info->title[0] ? info->title : info->name;
    h->boss_health = b->max_health > 0 ? (float)(e->health / b->max_health)
                                       : boss_seconds_left(w) * WORLD_TICK_HZ / (float)b->time;
    h->boss_phases_left = (int)info->phase_count - (int)b->phase - 1;
    h->boss_timer = boss_seconds_left(w);
    h->spell_name = b->spell ? world_string(w, b->title) : NULL;
    /* while the cut-in's band brings the name in, the HUD's waits for it */
    if (!v->cutins_off && (int64_t)w->frame - b->phase_start < 16)
        h->spell_name = NULL;
    h->spell_bonus = boss_bonus_now(w);
    h->spell_failed = b->spell && !b->capture_ok;
    h->spell_survival = b->spell && b->max_health <= 0 && b->phase_end != BOSS_NEVER;
}

/* The side panel's own lines under the stats box: difficulty, next extend,
 * spell cards. */
static void wv_draw_panel_extras(SDL_Renderer *r, const atlas_texture *at, const world *w)
{
    int x = WV_PANEL_X + 8, xr = WV_PANEL_R - 8, y = FIELD_VIEW_Y + 164;
    panel_box(r, (SDL_Rect){WV_PANEL_X, y - 6, WV_PANEL_R - WV_PANEL_X, 74});
    panel_text(r, at, ATLAS_FONT_SMALL, 1, x, y, TEXT_LEFT, PANEL_LABEL, "Difficulty");
    panel_text(r, at, ATLAS_FONT_SMALL, 1, xr, y, TEXT_RIGHT, PANEL_PINK,
               world_in_extra(w) ? "Extra" : difficulty_name(w->config.difficulty));
    y += 14;
    uint64_t next = world_next_extend(w);
    panel_text(r, at, ATLAS_FONT_SMALL, 1, x, y, TEXT_LEFT, PANEL_LABEL, "Next extend");
    if (next)
        panel_textf(r, at, ATLAS_FONT_SMALL, 1, xr, y, TEXT_RIGHT, PANEL_WHITE, "%" PRIu64, next);
    else
        panel_text(r, at, ATLAS_FONT_SMALL, 1, xr, y, TEXT_RIGHT, PANEL_DIM, "-");
    y += 14;
    panel_text(r, at, ATLAS_FONT_SMALL, 1, x, y, TEXT_LEFT, PANEL_LABEL, "Point item");
    panel_textf(r, at, ATLAS_FONT_SMALL, 1, xr, y, TEXT_RIGHT, PANEL_WHITE, "%" PRIu64,
                world_point_value(w, 0));
    y += 14;
    panel_text(r, at, ATLAS_FONT_SMALL, 1, x, y, TEXT_LEFT, PANEL_LABEL, "Spell cards");
    panel_textf(r, at, ATLAS_FONT_SMALL, 1, xr, y, TEXT_RIGHT, PANEL_WHITE, "%d / %d",
                w->spells_captured, w->spells_seen);
}

/* The screen's own rows in the side panel's box, laid out like the HUD's. */
static void wv_draw_rows(SDL_Renderer *r, const atlas_texture *at, const world_view_extra *x)
{
    int y = FIELD_VIEW_Y + 18;
    for (int i = 0; i < x->row_count && i < WORLD_VIEW_ROWS; i++, y += 16) {
        panel_text(r, at, ATLAS_FONT_SMALL, 1, WV_PANEL_X + 8, y, TEXT_LEFT, PANEL_LABEL,
                   x->rows[i].label);
        panel_text(r, at, ATLAS_FONT_SMALL, 1, WV_PANEL_R - 8, y, TEXT_RIGHT, PANEL_WHITE,
                   x->rows[i].value);
    }
}

/* ---- banners over the field ---- */

/* A 0..1 fade for a banner shown `len` frames from `start`. */
static float wv_fade(int64_t age, int64_t len)
{
    if (age < 0 || age >= len)
        return 0.0f;
    float in = (float)age / 20.0f, out = (float)(len - age) / 30.0f;
    float a = in < out ? in : out;
    return a > 1.0f ? 1.0f : a;
}

static SDL_Color wv_alpha(SDL_Color c, float a)
{
    c.a = (Uint8)(255.0f * (a < 0 ? 0 : a > 1 ? 1 : a));
    return c;
}

/* A banner's line of doubled text over the field, on a dark shadow so it reads
 * over the player's shots and bright bullets. */
static void wv_banner(SDL_Renderer *r, const atlas_texture *at, int y, SDL_Color c, const char *s)
{
    int cx = FIELD_VIEW_X + (int)PLAYFIELD_W / 2;
    panel_text(r, at, ATLAS_FONT_SMALL, 2, cx + 2, y + 2, TEXT_CENTER,
               (SDL_Color){0, 0, 0, (Uint8)(c.a * 3 / 4)}, s);
    panel_text(r, at, ATLAS_FONT_SMALL, 2, cx, y, TEXT_CENTER, c, s);
}

static void wv_draw_title(SDL_Renderer *r, const atlas_texture *at, const world *w)
{
    float a = wv_fade((int64_t)w->frame - w->title_at, WV_TITLE_FRAMES);
    if (a <= 0.0f || w->title[0] < 0)
        return;
    int cx = FIELD_VIEW_X + (int)PLAYFIELD_W / 2, y = FIELD_VIEW_Y + 130;
    panel_fill(r, (SDL_Rect){FIELD_VIEW_X, y - 12, (int)PLAYFIELD_W, 84},
               (SDL_Color){0, 0, 20, (Uint8)(110 * a)});
    panel_text(r, at, ATLAS_FONT_TITLE, 1, cx, y, TEXT_CENTER, wv_alpha(PANEL_WHITE, a),
               world_string(w, w->title[0]));
    if (w->title[1] >= 0)
        panel_text(r, at, ATLAS_FONT_SMALL, 2, cx, y + 46, TEXT_CENTER, wv_alpha(PANEL_PINK, a),
                   world_string(w, w->title[1]));
}

/* Between two stages: the cleared stage's tally, until the next stage begins. */
static void wv_draw_stage_clear(SDL_Renderer *r, const atlas_texture *at, const world *w)
{
    if (!world_between_stages(w))
        return;
    float a =
        wv_fade((int64_t)w->frame - (w->next_stage_at - WORLD_STAGE_BREAK), WORLD_STAGE_BREAK);
    int cx = FIELD_VIEW_X + (int)PLAYFIELD_W / 2, y = FIELD_VIEW_Y + 120;
    panel_fill(r, (SDL_Rect){FIELD_VIEW_X + 8, y - 14, (int)PLAYFIELD_W - 16, 176},
               (SDL_Color){0, 0, 20, (Uint8)(170 * a)});
    panel_textf(r, at, ATLAS_FONT_TITLE, 1, cx, y, TEXT_CENTER, wv_alpha(PANEL_GOLD, a),
                "Stage %d Clear!", w->stage + 1);
    const char *labels[] = {"Clear bonus", "Ships left", "Bombs left", "Graze", "Stage bonus"};
    const uint64_t values[] = {w->tally.clear, w->tally.lives, w->tally.bombs, w->tally.graze,
                               w->tally.total};
    for (int k = 0; k < 5; k++) {
        int ly = y + 48 + k * 20;
        SDL_Color c = wv_alpha(k == 4 ? PANEL_GOLD : PANEL_WHITE, a);
        panel_text(r, at, ATLAS_FONT_SMALL, 2, FIELD_VIEW_X + 50, ly, TEXT_LEFT,
                   wv_alpha(PANEL_LABEL, a), labels[k]);
        panel_textf(r, at, ATLAS_FONT_SMALL, 2, FIELD_VIEW_X + (int)PLAYFIELD_W - 50, ly,
                    TEXT_RIGHT, c, "%" PRIu64, values[k]);
    }
}

/* The colour of a boss's cut-in band, from its spell backdrop's stage. */
static SDL_Color wv_cutin_colour(int spell)
{
    switch (spell) {
    case BACKDROP_DUSK:
    case BACKDROP_DUSK_BOSS:
    case BACKDROP_DUSK_SPELL: return (SDL_Color){190, 30, 80, 255};
    case BACKDROP_LAKE:
    case BACKDROP_LAKE_BOSS:
    case BACKDROP_LAKE_SPELL: return (SDL_Color){30, 80, 190, 255};
    case BACKDROP_SPIRE:
    case BACKDROP_SPIRE_BOSS:
    case BACKDROP_SPIRE_SPELL: return (SDL_Color){190, 120, 30, 255};
    default: return (SDL_Color){120, 50, 190, 255};
    }
}

/* The cut-in's band: a slanted strip across the field at y, sliding in from
 * the left (k: 0..1 in), with bright edges. */
static void wv_cutin_band(SDL_Renderer *r, float y, float k, SDL_Color c, float a)
{
    float x0 = FIELD_VIEW_X - PLAYFIELD_W * (1.0f - k), x1 = x0 + PLAYFIELD_W + 40;
    float h = 74, slant = 30;
    SDL_Color in = {c.r, c.g, c.b, (Uint8)(150 * a)}, edge = {255, 230, 240, (Uint8)(200 * a)};
    SDL_Vertex q[4] = {{{x0, y - h / 2 + slant}, in, {0, 0}},
                       {{x1, y - h / 2 - slant}, in, {0, 0}},
                       {{x1, y + h / 2 - slant}, in, {0, 0}},
                       {{x0, y + h / 2 + slant}, in, {0, 0}}};
    static const int quad[6] = {0, 1, 2, 0, 2, 3};
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    SDL_RenderGeometry(r, NULL, q, 4, quad, 6);
    for (int e = 0; e < 2; e++) { /* the edges: thin bright lines */
        float yy = e ? y + h / 2 : y - h / 2;
        SDL_Vertex l[4] = {{{x0, yy + slant}, edge, {0, 0}},
                           {{x1, yy - slant}, edge, {0, 0}},
                           {{x1, yy - slant + 1.5f}, edge, {0, 0}},
                           {{x0, yy + slant + 1.5f}, edge, {0, 0}}};
        SDL_RenderGeometry(r, NULL, l, 4, quad, 6);
    }
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_NONE);
}

/* A cut-in's portrait: the atlas frame, its scale (a character's portrait
 * drawn `height` px tall; the sprite `sprite_scale` times its size). */
typedef struct wv_portrait {
    int frame;
    float scale;
} wv_portrait;

/* The portrait of character index ch of the library (its default expression's
 * art shape, drawn height px tall), or else of the look `sprite` (a built-in
 * sprite or an art shape: its first frame), sprite_scale times. */
static wv_portrait wv_portrait_of(const frame_view *fv, const library *lib, int ch, int sprite,
                                  float sprite_scale, float height)
{
    (void)fv; /* a portrait's frame is the atlas's (on its page), not the batch's */
    if (lib && ch >= 0 && (uint32_t)ch < lib->character_count) {
        int shape = character_portrait_shape(&lib->characters[ch], NULL);
        if (shape >= 0 && shape < SPRITE_LOOK_SHAPES) {
            int frame = atlas_bullet_frame((bullet_shape)shape, 0, 0); /* on its page */
            SDL_Rect src = atlas_texture_rect(frame);
            if (src.h > 0)
                return (wv_portrait){frame, height / (float)src.h};
        }
    }
    return (wv_portrait){atlas_look_frame(sprite, 0, 0, 0), sprite_scale};
}

/* A portrait centred at (x, y), faded, smoothly scaled. */
static void wv_cutin_portrait(SDL_Renderer *r, const atlas_texture *at, wv_portrait p, float x,
                              float y, float a)
{
    SDL_Rect src = atlas_texture_rect(p.frame);
    SDL_Texture *tex = atlas_texture_of(at, p.frame); /* a portrait's page, or the atlas */
    if (!tex)
        return;
    float scale = p.scale;
    SDL_FRect dst = {x - src.w * scale / 2, y - src.h * scale / 2, src.w * scale, src.h * scale};
    SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_BLEND);
    SDL_SetTextureAlphaMod(tex, (Uint8)(255 * (a < 0 ? 0 : a > 1 ? 1 : a)));
    SDL_ScaleMode was = SDL_ScaleModeLinear;
    SDL_GetTextureScaleMode(tex, &was);
    SDL_SetTextureScaleMode(tex, SDL_ScaleModeLinear);
    SDL_RenderCopyF(r, tex, &src, &dst);
    SDL_SetTextureScaleMode(tex, was);
    SDL_SetTextureAlphaMod(tex, 255);
}

/* How far in a cut-in's portrait is at age of len frames: 0 off the field's
 * edge, 1 in its place; it slides in over the first 18 frames (easing out) and
 * back out over the last 24. */
static float wv_cutin_in(int64_t age, int64_t len)
{
    float in = age < 18 ? 1.0f - (float)(18 - age) * (float)(18 - age) / 324.0f : 1.0f;
    float out = age > len - 24 ? (float)(len - age) / 24.0f : 1.0f;
    float k = in < out ? in : out;
    return k < 0 ? 0 : k;
}

/* A spell card's cut-in, redesigned so that the card's first volleys read: the
 * boss's portrait, translucent, slides in from the field's side away from the
 * boss into the lower corner there (never over the middle of the field, never
 * within the boss's reach), with its emblem turning behind it; the card's name
 * comes in from the right on a band at the top edge, under the boss's bar,
 * where the HUD keeps it (as Touhou and Taisei place it). */
static void wv_draw_cutin(world_view *v, SDL_Renderer *r, const atlas_texture *at, const world *w)
{
    const boss_fight *b = &w->boss;
    if (v->cutins_off || !b->active || !b->spell || b->phase_end == BOSS_NEVER || !w->lib ||
        b->index < 0 || (uint32_t)b->index >= w->lib->boss_count)
        return;
    int64_t age = (int64_t)w->frame - b->phase_start;
    if (age < 0 || age >= WV_CUTIN_FRAMES)
        return;
    const library_boss *info = &w->lib->bosses[b->index];
    float bx = b->slot != ENEMY_NONE ? (float)w->enemies.slots[b->slot].x : PLAYFIELD_W / 2;
    int right = bx < PLAYFIELD_W / 2; /* the side away from the boss */
    float k = wv_cutin_in(age, WV_CUTIN_FRAMES);
    float a = 0.55f * (age < 10 ? (float)(age + 1) / 10.0f : 1.0f) * (k < 1.0f ? k : 1.0f);
    float home = right ? WV_FIELD_R - 78.0f : FIELD_VIEW_X + 78.0f;
    float off = right ? WV_FIELD_R + 90.0f : FIELD_VIEW_X - 90.0f;
    float drift = (right ? -1.0f : 1.0f) * (float)age * 0.12f;
    float px = off + (home - off) * k + drift, py = WV_FIELD_B - 74.0f - (float)age * 0.05f;
    SDL_Rect field = {FIELD_VIEW_X, FIELD_VIEW_Y, (int)PLAYFIELD_W, (int)PLAYFIELD_H};
    SDL_RenderSetClipRect(r, &field);
    backdrop_view_emblem(&v->fv->field.backdrop, r, (backdrop)info->spell_background, px, py, 56,
                         w->frame, a * 0.6f);
    int sprite = b->slot != ENEMY_NONE ? world_view_enemy_sprite(w, &w->enemies.slots[b->slot])
                                       : ATLAS_SPRITE_BOSS;
    wv_portrait pic = wv_portrait_of(v->fv, w->lib, info->character, sprite, 2.0f, 160.0f);
    SDL_Rect src = atlas_texture_rect(pic.frame);
    float ph = (float)src.h * pic.scale;
    if (ph > 120.0f) /* a tall portrait stands on the field's bottom edge */
        py = WV_FIELD_B - ph / 2 - (float)age * 0.05f;
    wv_cutin_portrait(r, at, pic, px, py, a);
    /* the name's band: in from the right along the top edge, under the boss's bar */
    /* the band flares in and settles by frame 60 into the HUD's own band */
    float t = age < 16 ? (float)age / 16.0f : 1.0f;
    float settle = age < 40 ? 1.0f : age < 60 ? (float)(60 - age) / 20.0f : 0.0f;
    const char *name = world_string(w, b->title);
    int tw = text_width(ATLAS_FONT_SMALL, name);
    float slide = (1.0f - t) * (1.0f - t) * (float)(tw + 60);
    int y = FIELD_VIEW_Y + 35;
    SDL_Color band = wv_cutin_colour(info->spell_background);
    band.a = (Uint8)(170 * settle);
    panel_fill(r, (SDL_Rect){WV_FIELD_R - tw - 70 + (int)slide, y - 12, tw + 70, 26}, band);
    panel_fill(r, (SDL_Rect){WV_FIELD_R - tw - 70 + (int)slide, y + 13, tw + 70, 1},
               wv_alpha((SDL_Color){255, 230, 240, 255}, settle));
    panel_text(r, at, ATLAS_FONT_SMALL, 1, WV_FIELD_R - 14 + (int)slide, y - 9, TEXT_RIGHT,
               wv_alpha(PANEL_PINK, settle),
               b->max_health > 0 ? "Spell Card" : "Spell Card - Survival");
    if (settle > 0.0f)
        panel_text(r, at, ATLAS_FONT_SMALL, 1, WV_FIELD_R - 14 + (int)slide, y + 3, TEXT_RIGHT,
                   wv_alpha(PANEL_WHITE, settle), name);
    SDL_RenderSetClipRect(r, NULL);
}

/* A boss's entrance: its portrait in from the left in the field's lower part,
 * its name large beside it and the title card's subline under the name. */
static void wv_draw_intro(world_view *v, SDL_Renderer *r, const atlas_texture *at, const world *w)
{
    if (v->cutins_off || !v->intro_tick || !w->lib || v->intro_boss < 0 ||
        (uint32_t)v->intro_boss >= w->lib->boss_count)
        return;
    if (dialogue_active(&w->dialogue)) { /* a scene before the fight: her name after it */
        v->intro_tick = v->tick;
        return;
    }
    const int64_t len = 150;
    int64_t age = (int64_t)(v->tick - v->intro_tick);
    if (age < 0 || age >= len)
        return;
    const library_boss *info = &w->lib->bosses[v->intro_boss];
    float k = wv_cutin_in(age, len), a = k * 0.6f;
    float px = FIELD_VIEW_X - 80.0f + 150.0f * k, py = WV_FIELD_B - 110.0f;
    SDL_Rect field = {FIELD_VIEW_X, FIELD_VIEW_Y, (int)PLAYFIELD_W, (int)PLAYFIELD_H};
    SDL_RenderSetClipRect(r, &field);
    wv_cutin_portrait(r, at,
                      wv_portrait_of(v->fv, w->lib, info->character,
                                     world_view_look_sprite(info->look, ATLAS_SPRITE_BOSS), 2.5f,
                                     180.0f),
                      px, py, a);
    int tx = (int)px + 70;
    panel_fill(r, (SDL_Rect){tx - 8, (int)py - 22, WV_FIELD_R - tx + 8, 44},
               (SDL_Color){30, 0, 34, (Uint8)(140 * k)});
    panel_text(r, at, ATLAS_FONT_SMALL, 2, tx, (int)py - 18, TEXT_LEFT, wv_alpha(PANEL_PINK, k),
               info->title[0] ? info->title : info->name);
    if (w->title[1] >= 0)
        panel_text(r, at, ATLAS_FONT_SMALL, 1, tx, (int)py + 6, TEXT_LEFT, wv_alpha(PANEL_WHITE, k),
                   world_string(w, w->title[1]));
    SDL_RenderSetClipRect(r, NULL);
}

/* A `cutin` of a script (spectacle.h), as Touhou shows one: the portrait,
 * translucent, rises in on a slanted band of the cut-in's colour (a ship's
 * bomb's from the lower left, a boss's or a stage's from the right); a bomb's
 * name slides in on a plate at the field's bottom right. */
void world_view_draw_show_cutin(frame_view *fv, const spectacle *s, const library *lib,
                                int character, int sprite, bullet_palette palette)
{
    if (!s->cutin_len)
        return;
    SDL_Renderer *r = fv->renderer;
    const atlas_texture *at = &fv->atlas;
    int64_t age = s->cutin_age, len = s->cutin_len;
    float k = wv_cutin_in(age, len);
    int ship = s->cutin_ship;
    wv_portrait pic = wv_portrait_of(fv, lib, character, sprite, 4.0f, 300.0f);
    bullet_rgb c = bullet_palette_rgb(palette, (bullet_color)s->cutin_colour);
    SDL_Rect field = {FIELD_VIEW_X, FIELD_VIEW_Y, (int)PLAYFIELD_W, (int)PLAYFIELD_H};
    SDL_RenderSetClipRect(r, &field);
    float band_y = WV_FIELD_B - 120.0f - (float)age * 0.15f;
    wv_cutin_band(r, band_y, k, (SDL_Color){c.r / 2, c.g / 2, c.b / 2, 255}, 0.45f * k);
    float px = ship ? FIELD_VIEW_X - 60.0f + 150.0f * k + (float)age * 0.25f
                    : WV_FIELD_R + 60.0f - 150.0f * k - (float)age * 0.25f;
    wv_cutin_portrait(r, at, pic, px, band_y - 4.0f, 0.6f * k);
    /* the bomb's name: a plate at the bottom right, in from the right */
    if (s->cutin_text[0]) {
        int tw = text_width(ATLAS_FONT_SMALL, s->cutin_text);
        float t = age < 14 ? (float)age / 14.0f : 1.0f;
        float out = age > len - 20 ? (float)(len - age) / 20.0f : 1.0f;
        int slide = (int)((1.0f - t) * (1.0f - t) * (float)(tw + 40));
        int y = WV_FIELD_B - 30;
        panel_fill(
            r, (SDL_Rect){WV_FIELD_R - tw - 30 + slide, y - 4, tw + 30, 18},
            (SDL_Color){(Uint8)(c.r / 5), (Uint8)(c.g / 5), (Uint8)(c.b / 5), (Uint8)(190 * out)});
        panel_fill(r, (SDL_Rect){WV_FIELD_R - tw - 30 + slide, y + 14, tw + 30, 1},
                   (SDL_Color){c.r, c.g, c.b, (Uint8)(255 * out)});
        panel_text(r, at, ATLAS_FONT_SMALL, 1, WV_FIELD_R - 12 + slide, y, TEXT_RIGHT,
                   wv_alpha(PANEL_WHITE, out), s->cutin_text);
    }
    SDL_RenderSetClipRect(r, NULL);
}

/* The script's cut-in in the game: the ship's portrait for a bomb's, the
 * fighting boss's for a boss's or a stage's (the boss sprite when none is). */
static void wv_draw_bomb_cutin(world_view *v, const world *w)
{
    const spectacle *s = &v->show;
    if (v->cutins_off || !s->cutin_len)
        return;
    int sprite = ATLAS_SPRITE_BOSS, ch = -1;
    if (s->cutin_ship) {
        sprite = world_view_look_sprite(w->player.ship ? w->player.ship->look : NULL,
                                        ATLAS_SPRITE_PLAYER);
        ch = w->player.ship ? w->player.ship->character : -1;
    } else if (w->boss.active && w->boss.slot != ENEMY_NONE) {
        sprite = world_view_enemy_sprite(w, &w->enemies.slots[w->boss.slot]);
        if (w->lib && w->boss.index >= 0 && (uint32_t)w->boss.index < w->lib->boss_count)
            ch = w->lib->bosses[w->boss.index].character;
    }
    const options *o = v->opts;
    world_view_draw_show_cutin(v->fv, s, w->lib, ch, sprite,
                               o ? (bullet_palette)o->bullet_palette : BULLET_PALETTE_NORMAL);
}

/* The capture result after a spell card ends. */
static void wv_draw_spell(SDL_Renderer *r, const atlas_texture *at, const world *w)
{
    const boss_fight *b = &w->boss;
    float a = wv_fade((int64_t)w->frame - b->result_at, WV_RESULT_FRAMES);
    if (a <= 0.0f || b->result_at == INT32_MIN)
        return;
    int y = FIELD_VIEW_Y + 170;
    if (b->result_captured) {
        char bonus[32];
        snprintf(bonus, sizeof bonus, "%" PRIu64, b->result_bonus);
        wv_banner(r, at, y, wv_alpha(PANEL_GOLD, a), "Spell Card Bonus!");
        wv_banner(r, at, y + 24, wv_alpha(PANEL_WHITE, a), bonus);
    }
}

/* Banners the view times itself: extends and bombs picked up. */
static void wv_draw_gets(world_view *v, SDL_Renderer *r, const atlas_texture *at)
{
    float a = v->extend_tick ? wv_fade((int64_t)(v->tick - v->extend_tick), 100) : 0.0f;
    if (a > 0.0f)
        wv_banner(r, at, FIELD_VIEW_Y + 90, wv_alpha(PANEL_GREEN, a), "Extend!");
    a = v->bomb_item_tick ? wv_fade((int64_t)(v->tick - v->bomb_item_tick), 80) : 0.0f;
    if (a > 0.0f)
        wv_banner(r, at, FIELD_VIEW_Y + 112, wv_alpha(PANEL_GREEN, a), "Bomb Get!");
}

/* The continue prompt (the world waits for it), with the keys that answer it
 * when the player is the one to answer. */
static void wv_draw_continue(SDL_Renderer *r, const atlas_texture *at, const world *w,
                             const world_view_extra *x, uint64_t tick)
{
    if (w->state != WORLD_CONTINUE || (x && x->no_continue))
        return;
    int cx = FIELD_VIEW_X + (int)PLAYFIELD_W / 2;
    const char *keys = x ? x->confirm_keys : NULL;
    SDL_Rect box = {cx - 130, FIELD_VIEW_Y + 150, 260, keys ? 156 : 140};
    panel_fill(r, (SDL_Rect){FIELD_VIEW_X, FIELD_VIEW_Y, (int)PLAYFIELD_W, (int)PLAYFIELD_H},
               (SDL_Color){0, 0, 10, 150});
    panel_box(r, box);
    panel_text(r, at, ATLAS_FONT_SMALL, 2, cx, box.y + 12, TEXT_CENTER, PANEL_GOLD, "Continue?");
    const char *rows[2] = {"Yes", "No"};
    for (int i = 0; i < 2; i++) {
        int y = box.y + 46 + i * 26;
        if (w->cont_cursor == i)
            panel_fill(r, (SDL_Rect){box.x + 40, y - 3, box.w - 80, 22},
                       (SDL_Color){200, 60, 140, (Uint8)(tick & 16 ? 150 : 100)});
        panel_text(r, at, ATLAS_FONT_SMALL, 2, cx, y, TEXT_CENTER, PANEL_WHITE, rows[i]);
    }
    panel_textf(r, at, ATLAS_FONT_SMALL, 1, cx, box.y + 104, TEXT_CENTER, PANEL_DIM,
                "%d continue%s left - score restarts", WORLD_CONTINUES - w->continues,
                WORLD_CONTINUES - w->continues == 1 ? "" : "s");
    panel_textf(r, at, ATLAS_FONT_SMALL, 1, cx, box.y + 118, TEXT_CENTER, PANEL_LABEL, "%d",
                (w->cont_timer + WORLD_TICK_HZ - 1) / WORLD_TICK_HZ);
    if (keys)
        panel_textf(r, at, ATLAS_FONT_SMALL, 1, cx, box.y + 136, TEXT_CENTER, PANEL_DIM,
                    "up/down choose    %s confirms", keys);
}

/* The item line, shown as the stage starts. */
static void wv_draw_collect_line(SDL_Renderer *r, const atlas_texture *at, const world *w,
                                 int always)
{
    float a = always ? 1.0f : wv_fade((int64_t)w->frame - 200, 240);
    if (a <= 0.0f || w->config.start != 0)
        return;
    int y = FIELD_VIEW_Y + (int)w->collect_line;
    for (int x = FIELD_VIEW_X + 4; x < WV_FIELD_R - 4; x += 12)
        panel_fill(r, (SDL_Rect){x, y, 7, 1}, wv_alpha((SDL_Color){150, 220, 255, 255}, a * 0.8f));
    panel_text(r, at, ATLAS_FONT_SMALL, 1, FIELD_VIEW_X + (int)PLAYFIELD_W / 2, y - 13, TEXT_CENTER,
               wv_alpha((SDL_Color){170, 225, 255, 255}, a),
               "- above this line, every item comes to you -");
}

/* The boss's x under the field, and marks in the field's corners. Behind the
 * title there is no marker: the menus' help line is where it would be. */
static void wv_draw_marks(SDL_Renderer *r, const atlas_texture *at, const world *w,
                          const world_view_extra *x, uint64_t tick)
{
    if (w->boss.active && w->boss.slot != ENEMY_NONE && !(x && x->attract)) {
        int bx = FIELD_VIEW_X + (int)w->enemies.slots[w->boss.slot].x;
        if (bx > FIELD_VIEW_X + 16 && bx < WV_FIELD_R - 16) {
            panel_fill(r, (SDL_Rect){bx - 18, WV_FIELD_B + 2, 36, 11}, (SDL_Color){90, 0, 40, 220});
            panel_text(r, at, ATLAS_FONT_SMALL, 1, bx, WV_FIELD_B + 3, TEXT_CENTER, PANEL_PINK,
                       "ENEMY");
        }
    }
    if (x && x->mark && (tick / 30) % 2 == 0)
        panel_text(r, at, ATLAS_FONT_SMALL, 2, FIELD_VIEW_X + 8, WV_FIELD_B - 42, TEXT_LEFT,
                   PANEL_GOLD, x->mark);
    if (x && x->mark2)
        panel_text(r, at, ATLAS_FONT_SMALL, 1, FIELD_VIEW_X + 8, WV_FIELD_B - 18, TEXT_LEFT,
                   PANEL_WHITE, x->mark2);
}

/* The field's look from the options (the defaults without them). */
static void wv_apply_look(const world_view *v, field_view *f)
{
    const options *o = v->opts;
    f->look = (field_look){
        .background_dim = o ? o->background_dim : 0,
        .shot_opacity = o ? o->shot_opacity : 100,
        .always_hitbox = o ? o->always_hitbox : 0,
    };
}

void world_view_draw(world_view *v, frame_view *fv, const world *w, const world_view_extra *x)
{
    SDL_Renderer *r = fv->renderer;
    v->tick++;
    v->w = w;
    v->fv = fv;
    if (v->cut)
        field_view_cut(&fv->field);
    v->cut = 0;
    wv_fill_hud(v, w, x);
    const player *p = &w->player;
    /* The ship blinks (glows every other few frames, never vanishing, as its
     * options do not) while invulnerable; it is not there while dead. */
    int show_ship = p->state != PLAYER_DEAD;
    int flash = p->invuln > 0 && p->bomb == 0 && (v->tick & 4);
    sprite_bullets bullets = bullet_view_of_pool(&w->bullets);
    float sx = 0, sy = 0;
    wv_apply_look(v, &fv->field);
    spectacle_offset(&v->show, v->fx.shake, v->opts && v->opts->reduce_shake, &v->fx.visual, &sx,
                     &sy);
    sprite_batch_set_origin(&fv->field.batch, FIELD_VIEW_X + sx, FIELD_VIEW_Y + sy);
    laser_mesh_set_origin(&fv->field.lasers, FIELD_VIEW_X + sx, FIELD_VIEW_Y + sy);
    effect_quads_set_origin(&fv->field.quads, FIELD_VIEW_X + sx, FIELD_VIEW_Y + sy);
    frame_scene scene = {
        .player = show_ship ? p : NULL,
        .player_flash = flash,
        .bullets = &bullets,
        .add_sprites = wv_add_sprites,
        .user = v,
        .hud = x && (x->attract || x->rows) ? NULL : &v->hud,
        .stats = x ? x->stats : NULL,
        .fps = x ? x->fps : -1.0f,
        .lasers = &w->lasers,
        .shot_lasers = &w->shot_lasers,
        .shot_laser_reach = w->shot_laser_reach,
        .backdrop = scenery_now(w) + 1,
        .backdrop_time = w->frame,
    };
    frame_view_draw(fv, &scene);
    sprite_batch_set_origin(&fv->field.batch, FIELD_VIEW_X, FIELD_VIEW_Y);
    laser_mesh_set_origin(&fv->field.lasers, FIELD_VIEW_X, FIELD_VIEW_Y);
    effect_quads_set_origin(&fv->field.quads, FIELD_VIEW_X, FIELD_VIEW_Y);
    const atlas_texture *at = &fv->atlas;
    if (v->fx.flash > 0) { /* softened to a quarter with reduce_flash */
        int peak = v->opts && v->opts->reduce_flash ? 28 : 110;
        panel_fill(r, (SDL_Rect){FIELD_VIEW_X, FIELD_VIEW_Y, (int)PLAYFIELD_W, (int)PLAYFIELD_H},
                   (SDL_Color){255, 240, 250, (Uint8)(peak * v->fx.flash / (v->fx.flash_len + 1))});
    }
    if (x && x->rows)
        wv_draw_rows(r, at, x);
    else if (!x || !x->attract) {
        wv_draw_panel_extras(r, at, w);
        wv_draw_collect_line(r, at, w, x && x->collect_line);
    }
    if (!x || !x->attract) {
        wv_draw_title(r, at, w);
        wv_draw_stage_clear(r, at, w);
    }
    dialogue_box_draw(r, at, &w->dialogue, w->lib, FIELD_VIEW_X, FIELD_VIEW_Y, (int32_t)w->frame,
                      v->opts ? v->opts->text_speed : 60);
    wv_draw_cutin(v, r, at, w);
    wv_draw_intro(v, r, at, w);
    wv_draw_bomb_cutin(v, w);
    wv_draw_spell(r, at, w);
    wv_draw_gets(v, r, at);
    wv_draw_marks(r, at, w, x, v->tick);
    wv_draw_continue(r, at, w, x, v->tick);
}

int world_view_load_art(frame_view *v, const library *lib, char *err, size_t err_size)
{
    atlas_texture_art shapes[ATLAS_ART_MAX_SHAPES] = {0};
    int n = lib ? (int)lib->art_count : 0;
    n = n > ATLAS_ART_MAX_SHAPES ? ATLAS_ART_MAX_SHAPES : n;
    for (int k = 0; k < n; k++) {
        const art_shape *a = &lib->art[k];
        shapes[k] = (atlas_texture_art){a->sheet, a->root,       a->x,         a->y,      a->w,
                                        a->h,     a->turns,      a->additive,  a->file,   a->line,
                                        a->col,   a->sheet_line, a->sheet_col, a->frames, a->every,
                                        a->once,  a->name,       a->portrait};
    }
    if (frame_view_set_art(v, shapes, n, err, err_size) != 0)
        return -1;
    return frame_view_set_backdrops(
        v, lib ? lib->backdrops : NULL, lib ? (int)lib->backdrop_count : 0,
        lib ? lib->backdrop_sheets : NULL, lib ? (int)lib->backdrop_sheet_count : 0, err, err_size);
}
