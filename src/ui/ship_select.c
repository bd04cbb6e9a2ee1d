/*
 * ship_select: choosing the ship after the difficulty, then its shot type, when
 * the content offers a choice (two ships, or a ship with two shot types or
 * more). The field shows the ship under the cursor alone in a preview world
 * (WORLD_FLAG_NO_STAGE) firing its shot, unfocused then focused, at each power
 * level in turn, under its name and its `about` line, and, once a type is
 * shown, the type's name and line; the side panel shows the numbers it flies
 * by. Choosing the ship shows its first type (or the one chosen last); the
 * second step shows the type under the cursor. Up and down choose (keyboard or
 * controller), confirm goes on to the shot type, then starts the run (or opens
 * the practice menu); back returns to the ship, then to the difficulty.
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

/* The number of shot types of ship i (1 for a ship without types). */
static int ship_select_types(const app *a, int i)
{
    if (!a->lib || i < 0 || i >= (int)a->lib->ship_count)
        return 1;
    uint32_t n = a->lib->ships[i].type_count;
    return n > 1 ? (int)n : 1;
}

int ship_select_offered(const app *a)
{
    return a->lib && (a->lib->ship_count >= 2 || ship_select_types(a, 0) >= 2);
}

/* The ship and type the preview flies: the cursor's ship (with the type chosen
 * last when it is the ship chosen, else its first), or the chosen ship with
 * the cursor's type. */
static void ship_select_shown(const app *a, int *ship, int *type)
{
    const ship_select_state *s = &a->ships;
    if (s->step == 0) {
        *ship = s->m.cursor;
        *type = s->m.cursor == s->chosen ? s->chosen_type : 0;
    } else {
        *ship = s->chosen;
        *type = s->m.cursor;
    }
    if (*type >= ship_select_types(a, *ship))
        *type = 0;
}

/* A fresh preview world for what the cursor shows (a load, as a demo's). */
static void ship_select_preview(app *a)
{
    ship_select_state *s = &a->ships;
    if (s->preview->vm)
        world_free(s->preview);
    int ship, type;
    ship_select_shown(a, &ship, &type);
    if (ship_preview_init(s->preview, a->lib, (uint32_t)ship, (uint32_t)type) != 0)
        world_free(s->preview);
    s->frames = 0;
    world_view_reset(&s->view);
}

/* The menu of the step: the ships, or the chosen ship's shot types. */
static void ship_select_menu(app *a)
{
    ship_select_state *s = &a->ships;
    if (s->step == 0) {
        menu_clear(&s->m, s->practice ? "Practice: Ship" : "Ship");
        for (uint32_t i = 0; i < a->lib->ship_count && i < MENU_MAX_ITEMS && i < 256; i++)
            menu_add(&s->m, a->lib->ships[i].title, NULL, 0);
        menu_select(&s->m, s->chosen < s->m.count ? s->chosen : 0);
    } else {
        const library_ship *ship = &a->lib->ships[s->chosen];
        char title[MENU_LABEL_MAX];
        snprintf(title, sizeof title, "%s%s: Shot", s->practice ? "Practice: " : "", ship->title);
        menu_clear(&s->m, title);
        for (int t = 0; t < ship_select_types(a, s->chosen) && t < MENU_MAX_ITEMS; t++)
            menu_add(&s->m, library_ship_type(ship, (uint32_t)t)->type_title, NULL, 0);
        menu_select(&s->m, s->chosen_type < s->m.count ? s->chosen_type : 0);
    }
    ship_select_preview(a);
}

void ship_select_enter(app *a)
{
    ship_select_state *s = &a->ships;
    if (s->chosen < 0 || s->chosen >= (int)a->lib->ship_count)
        s->chosen = 0;
    s->step = a->lib->ship_count >= 2 ? 0 : 1;
    ship_select_menu(a);
}

/* The choice is made: the run starts, or the practice menu opens. */
static void ship_select_done(app *a)
{
    ship_select_state *s = &a->ships;
    if (s->practice) {
        app_switch(a, SCREEN_PRACTICE);
        return;
    }
    world_config cfg = {.seed = app_seed(a),
                        .difficulty = (uint8_t)a->opts.difficulty,
                        .ship = (uint8_t)s->chosen,
                        .shot_type = (uint8_t)s->chosen_type};
    game_start_run(a, &cfg, 0);
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
    case INPUT_UI_CONFIRM:
        app_sound(a, SFX_MENU_SELECT, 0);
        if (s->step == 0) {
            if (s->m.cursor != s->chosen)
                s->chosen_type = 0;
            s->chosen = s->m.cursor;
            if (ship_select_types(a, s->chosen) >= 2) {
                s->step = 1;
                ship_select_menu(a);
                break;
            }
            s->chosen_type = 0;
        } else {
            s->chosen_type = s->m.cursor;
        }
        ship_select_done(a);
        break;
    case INPUT_UI_BACK:
    case INPUT_UI_PAUSE:
        app_sound(a, SFX_MENU_MOVE, 0);
        if (s->step == 1 && a->lib->ship_count >= 2) {
            s->step = 0;
            ship_select_menu(a);
            break;
        }
        app_switch(a, SCREEN_DIFFICULTY);
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
    int ship, type;
    ship_select_shown(a, &ship, &type);
    if (ship >= 0 && ship < (int)a->lib->ship_count) {
        const library_ship *base = &a->lib->ships[ship];
        const library_ship *flown = library_ship_type(base, (uint32_t)type);
        const int cx = FIELD_VIEW_X + (int)PLAYFIELD_W / 2;
        ship_select_draw_numbers(a, flown, 200);
        panel_text(r, at, ATLAS_FONT_SMALL, 2, cx, FIELD_VIEW_Y + 14, TEXT_CENTER, PANEL_WHITE,
                   base->title);
        panel_text(r, at, ATLAS_FONT_SMALL, 1, cx, FIELD_VIEW_Y + 40, TEXT_CENTER, PANEL_LABEL,
                   base->about);
        if (base->type_count >= 2) {
            panel_textf(r, at, ATLAS_FONT_SMALL, 2, cx, FIELD_VIEW_Y + 62, TEXT_CENTER, PANEL_GOLD,
                        "%s%s%s", s->step == 0 ? "" : "< ", flown->type_title,
                        s->step == 0 ? "" : " >");
            panel_text(r, at, ATLAS_FONT_SMALL, 1, cx, FIELD_VIEW_Y + 88, TEXT_CENTER, PANEL_LABEL,
                       flown->type_about);
        }
    }
    panel_textf(r, at, ATLAS_FONT_SMALL, 2, FIELD_VIEW_X + (int)PLAYFIELD_W / 2,
                FIELD_VIEW_Y + (int)PLAYFIELD_H - 30, TEXT_CENTER, PANEL_GOLD, "%s, power %d",
                ship_select_focused(s) ? "focused" : "unfocused", ship_select_level(s));
    title_draw_help(a, "%s chooses    %s goes back", app_ui_words(a, INPUT_UI_CONFIRM),
                    app_ui_words(a, INPUT_UI_BACK));
}
