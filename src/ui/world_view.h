/*
 * world_view: how a world looks: the field with its enemies, boss (in its magic
 * circle), items, the player's shots and options, bullets and effects; the HUD;
 * and what is written over the field: title cards, the spell card's name as it
 * is declared, capture bonuses, extends, the continue prompt, the item line at
 * the start, the boss's position under the field, a replay's mark.
 *
 * It keeps only visual state (effects, timers of banners); the world is read,
 * never changed.
 */
#ifndef CURTAIN_UI_WORLD_VIEW_H
#define CURTAIN_UI_WORLD_VIEW_H

#include "game/options.h"
#include "game/world.h"
#include "pattern/content/library.h"
#include "render/frame_view.h"
#include "ui/effects.h"
#include "ui/spectacle.h"

#include <SDL.h>

#define WORLD_VIEW_ROWS 8

/* A row of the side panel's box: a label, its value at the right. */
typedef struct world_view_row {
    const char *label;
    char value[32];
} world_view_row;

/* What the screen adds around the world. */
typedef struct world_view_extra {
    uint64_t high_score;
    const char *mark;  /* top-left of the field ("REPLAY"), or NULL */
    const char *mark2; /* a second, smaller line under it, or NULL */
    const overlay_stats *stats;
    float fps;   /* negative: not shown */
    int attract; /* a demo behind the title: no HUD values, no hints */
    /* Rows in the side panel's box instead of the HUD's values, for a world that
     * is not a run (the stress test: score and lives mean nothing there); then
     * the panel's run lines and the hints are not drawn either. */
    const world_view_row *rows;
    int row_count; /* up to WORLD_VIEW_ROWS */
    /* The keys that answer the continue prompt ("Z or Enter"), said under it; NULL:
     * no key help (a replay, the demo). */
    const char *confirm_keys;
    int collect_line; /* show the item line now (the tutorial), not only as a run starts */
    int no_continue;  /* the continue prompt is not drawn: a box over the field (the pause
                         menu) asks something else, and the two would mix */
} world_view_extra;

typedef struct world_view {
    effects fx;
    spectacle show; /* what the scripts' presentation statements show */
    /* A boss's entrance: the view's tick it came at (0 none) and which boss. */
    uint64_t intro_tick;
    int intro_boss;
    /* 1: no cut-ins, boss intros or bomb cut-ins are drawn (tests compare the
     * field with and without them). */
    int cutins_off;
    uint64_t tick;        /* frames drawn */
    uint64_t extend_tick; /* when the last extend was shown */
    uint64_t bomb_item_tick;
    hud_state hud;
    const world *w; /* for the sprite callback */
    frame_view *fv;
    int cut; /* the next frame drawn cuts to its backdrop (world_view_reset) */
    /* The player's options, for how the field looks (background dimmer, shot
     * opacity, hitbox, softer flashes, no shaking); NULL: as drawn. */
    const options *opts;
} world_view;

/* An empty view; seed drives its effects' visual random generator. */
void world_view_init(world_view *v, uint64_t seed);
/* A new run, or a jump in one (a seek, a savestate loaded): effects and
 * banners cleared, and the next frame shows its own backdrop at once, not a
 * fade from what the frame_view drew last (another screen's, another
 * moment's). */
void world_view_reset(world_view *v);
/* After each world step: the step's events become effects; effects move. */
void world_view_step(world_view *v, const world *w);
/* Draws the world and everything over it on the logical screen. */
void world_view_draw(world_view *v, frame_view *fv, const world *w, const world_view_extra *x);

/* Draws the `cutin` of s (spectacle.h) over the field, if one is showing: the
 * portrait of lib's character index `character` (its default expression), or
 * else of the look `sprite`, on a band of the cut-in's colour in palette, and
 * the cut-in's name. The game's (a ship's bomb's, a boss's, a stage's) and the
 * viewer's (app/view_draw.h) are this one. */
void world_view_draw_show_cutin(frame_view *fv, const spectacle *s, const library *lib,
                                int character, int sprite, bullet_palette palette);

/* The look (render/atlas.h) of a look name: a mod's art shape of that name, an
 * enemy's sprite ("wisp" -> enemy_wisp, "boss"), or fallback. A built-in look
 * is its atlas sprite's id. */
int world_view_look_sprite(const char *look, int fallback);
/* The look of an enemy or a boss: its own, a boss's from its library entry
 * (kept while a beaten midboss flies off), else the default sprite. */
int world_view_enemy_sprite(const world *w, const enemy *e);

/* The look of items of a kind (sim/item.h): its sprite (item_power,
 * item_point, ...), or a mod's art shape named after that sprite, which
 * replaces it (a declaration names its own). */
int world_view_item_look(int kind);
/* The look of items of a kind of lib: a built-in kind's as above; a kind it
 * declares (`item NAME { look LOOK }`, pattern/content/item_decl.h) in its
 * look: a built-in item's, a sprite or an art shape (the point item's when it
 * names none). lib may be NULL: the built-in kinds only (others: power's). */
int world_view_item_look_of(const library *lib, int kind);
/* The items of l into fv's items layer, each kind in its look
 * (world_view_item_look_of, looked up once a call, not once an item); one
 * above the field's top is drawn at its edge. The game's world and the
 * viewer's sandbox both draw theirs this way. */
void world_view_add_items(field_view *fv, const library *lib, const item_list *l, int64_t tick);

/* Draws the library's art shapes (pattern/content/art.h) in v from now on: each sheet
 * read, the atlas built again on both renderer paths (frame_view_set_art); and
 * its data backdrops (pattern/content/backdrop_decl.h, frame_view_set_backdrops). A
 * library without art takes the art away. Returns 0, or -1 with a positioned
 * err (file:line:col: a sheet missing or unreadable, a frame outside it). */
int world_view_load_art(frame_view *v, const library *lib, char *err, size_t err_size);

#endif
