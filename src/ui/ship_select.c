/*
 * ship_select: choosing the ship after the difficulty, when the content declares
 * more than one (a mod adds ships). The field shows the ship under the cursor
 * alone in a preview world (WORLD_FLAG_NO_STAGE) firing its shot, unfocused then
 * focused, at each power level in turn, under its name and its `about` line; the
 * side panel shows its numbers. Up and
 * down choose (keyboard or controller), confirm starts the run (or opens the
 * practice menu), back returns to the difficulty.
 */
#include "game/difficulty.h"
#include "game/ship_preview.h"
#include "render/field_view.h"
#include "sim/playfield.h"
#include "ui/app.h"
#include "ui/panel.h"

#include <stdio.h>

/* Frames of one preview cycle: unfocused for the first half, focused after. */
#define SHIP_PREVIEW_CYCLE 180
#define SHIP_PANEL_X       (FIELD_VIEW_X + (int)PLAYFIELD_W + 14)

int ship_select_offered(const app *a)
{
    return a->lib && a->lib->ship_count >= 2;
}

/* A fresh preview world for the ship under the cursor (a load, as a demo's). */
static void ship_select_preview(app *a)
{
    ship_select_state *s = &a->ships;
    if (s->preview->vm)
        world_free(s->preview);
    if (ship_preview_init(s->preview, a->lib, (uint32_t)s->m.cursor) != 0)
        world_free(s->preview);
    s->frames = 0;
    world_view_reset(&s->view);
}

world_config ship_select_extra_config(app *a, int ship)
{
    const library_game *g = world_game_of(a->lib);
    return (world_config){.seed = app_seed(a),
                          .difficulty = DIFFICULTY_LUNATIC,
                          .ship = (uint8_t)ship,
                          .stage = (uint8_t)(g ? g->stage_count : 0)};
}

void ship_select_extra(app *a)
{
    ship_select_state *s = &a->ships;
    s->extra = 1;
    s->practice = 0;
    if (ship_select_offered(a)) {
        app_switch(a, SCREEN_SHIP);
        return;
    }
    world_config cfg = ship_select_extra_config(a, 0);
    game_start_run(a, &cfg, 0);
}

void ship_select_enter(app *a)
{
    ship_select_state *s = &a->ships;
    menu_clear(&s->m, s->practice ? "Practice: Ship" : s->extra ? "Extra: Ship" : "Ship");
    for (uint32_t i = 0; i < a->lib->ship_count && i < MENU_MAX_ITEMS && i < 256; i++) {
        int locked = s->extra && !records_extra_unlocked(&a->records, a->lib->ships[i].name);
        menu_add(&s->m, a->lib->ships[i].title, NULL, locked); /* locked: dimmed */
    }
    menu_select(&s->m, s->chosen < s->m.count ? s->chosen : 0);
    ship_select_preview(a);
}

void ship_select_action(app *a, input_ui act)
{
    ship_select_state *s = &a->ships;
    int before = s->m.cursor;
    if (app_menu_step(a, &s->m, act)) {
        if (s->m.cursor != before)
            ship_select_preview(a);
        return;
    }
    switch (app_start_confirms(a, act)) {
    case INPUT_UI_CONFIRM: {
        if (s->m.count == 0 || s->m.disabled[s->m.cursor])
            break;
        app_sound(a, SFX_MENU_SELECT, 0);
        s->chosen = s->m.cursor;
        if (s->practice) {
            app_switch(a, SCREEN_PRACTICE);
            break;
        }
        if (s->extra) {
            world_config cfg = ship_select_extra_config(a, s->chosen);
            game_start_run(a, &cfg, 0);
            break;
        }
        world_config cfg = {.seed = app_seed(a),
                            .difficulty = (uint8_t)a->opts.difficulty,
                            .ship = (uint8_t)s->chosen};
        game_start_run(a, &cfg, 0);
        break;
    }
    case INPUT_UI_BACK:
    case INPUT_UI_PAUSE:
        app_sound(a, SFX_MENU_MOVE, 0);
        app_switch(a, s->extra ? SCREEN_TITLE : SCREEN_DIFFICULTY);
        break;
    default: break;
    }
}

/* Whether the preview shows the focused shot now, and at which power level. */
static int ship_select_focused(const ship_select_state *s)
{
    return s->frames % SHIP_PREVIEW_CYCLE >= SHIP_PREVIEW_CYCLE / 2;
}

static int ship_select_level(const ship_select_state *s)
{
    return 1 + s->frames / SHIP_PREVIEW_CYCLE % SHIP_PREVIEW_LEVELS;
}

void ship_select_update(app *a)
{
    ship_select_state *s = &a->ships;
    world *w = s->preview;
    if (!w->vm)
        return;
    ship_preview_step(w, ship_select_focused(s) ? INPUT_BIT(INPUT_FOCUS) : 0, ship_select_level(s));
    world_view_step(&s->view, w);
    s->frames++;
}

/* The cursor's ship's numbers, under the menu. */
static void ship_select_draw_numbers(app *a, const library_ship *ship, int y)
{
    SDL_Renderer *r = a->win.renderer;
    const atlas_texture *at = &a->view.atlas;
    const struct {
        const char *label;
        library_ship_number n;
        const char *unit;
    } rows[] = {
        {"speed", LIBRARY_SHIP_SPEED, ""},       {"focused", LIBRARY_SHIP_FOCUS_SPEED, ""},
        {"hitbox", LIBRARY_SHIP_HITBOX, " px"},  {"graze", LIBRARY_SHIP_GRAZE, " px"},
        {"volley", LIBRARY_SHIP_INTERVAL, " f"}, {"bomb", LIBRARY_SHIP_BOMB_TIME, " f"},
    };
    for (size_t k = 0; k < sizeof rows / sizeof rows[0]; k++) {
        int ly = y + (int)k * 16;
        panel_text(r, at, ATLAS_FONT_SMALL, 1, SHIP_PANEL_X, ly, TEXT_LEFT, PANEL_LABEL,
                   rows[k].label);
        panel_textf(r, at, ATLAS_FONT_SMALL, 1, LOGICAL_W - 14, ly, TEXT_RIGHT, PANEL_WHITE, "%g%s",
                    ship->num[rows[k].n], rows[k].unit);
    }
}

void ship_select_draw(app *a)
{
    ship_select_state *s = &a->ships;
    SDL_Renderer *r = a->win.renderer;
    const atlas_texture *at = &a->view.atlas;
    if (s->preview->vm) {
        world_view_extra x = {.fps = app_fps(a), .attract = 1};
        world_view_draw(&s->view, &a->view, s->preview, &x);
    } else {
        app_draw_backdrop(a);
    }
    panel_fill(r, (SDL_Rect){SHIP_PANEL_X - 8, 0, LOGICAL_W - SHIP_PANEL_X + 8, LOGICAL_H},
               (SDL_Color){12, 6, 28, 255});
    menu_draw(&s->m, r, at, (SDL_Rect){SHIP_PANEL_X - 4, 30, LOGICAL_W - SHIP_PANEL_X - 8, 150}, 2,
              a->tick);
    if (s->m.cursor < (int)a->lib->ship_count)
        ship_select_draw_numbers(a, &a->lib->ships[s->m.cursor], 200);
    if (s->extra) { /* why a ship is dimmed */
        static const char *const why[] = {
            "The Extra Stage: dimmed ships", "are locked. An all clear on",
            "Normal or harder without a", "continue opens it for a ship."};
        for (int k = 0; k < 4; k++)
            panel_text(r, at, ATLAS_FONT_SMALL, 1, SHIP_PANEL_X, LOGICAL_H - 120 + 13 * k,
                       TEXT_LEFT, PANEL_DIM, why[k]);
    }
    if (s->m.cursor < (int)a->lib->ship_count) {
        const library_ship *ship = &a->lib->ships[s->m.cursor];
        panel_text(r, at, ATLAS_FONT_SMALL, 2, FIELD_VIEW_X + (int)PLAYFIELD_W / 2,
                   FIELD_VIEW_Y + 14, TEXT_CENTER, PANEL_WHITE, ship->title);
        panel_text(r, at, ATLAS_FONT_SMALL, 1, FIELD_VIEW_X + (int)PLAYFIELD_W / 2,
                   FIELD_VIEW_Y + 40, TEXT_CENTER, PANEL_LABEL, ship->about);
    }
    panel_textf(r, at, ATLAS_FONT_SMALL, 2, FIELD_VIEW_X + (int)PLAYFIELD_W / 2,
                FIELD_VIEW_Y + (int)PLAYFIELD_H - 30, TEXT_CENTER, PANEL_GOLD, "%s, power %d",
                ship_select_focused(s) ? "focused" : "unfocused", ship_select_level(s));
    title_draw_help(a, "%s chooses    %s goes back", app_ui_words(a, INPUT_UI_CONFIRM),
                    app_ui_words(a, INPUT_UI_BACK));
}
