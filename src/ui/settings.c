/*
 * settings: the Options screen, its two binding screens (keyboard and
 * controller) and its accessibility screen. The Options and Accessibility menus
 * are built from game/options.h's table (OPTIONS_SETTINGS: each row's menu,
 * label, step and value words), so a new setting is a row there plus its effect
 * (settings_effect, or where the game reads it). Every change applies at once
 * (window, sound, input) and the options file is written (atomically, by
 * game/options) when the screen is left.
 */
#include "game/binding.h"
#include "game/difficulty.h"
#include "platform/window.h"
#include "render/bullet_palette.h"
#include "ui/app.h"
#include "ui/panel.h"

#include <stdio.h>
#include <string.h>

/* ---- the two menus of settings, built from game/options.h's table ---- */

/* The rows after the settings, on the Options menu and on Accessibility. */
enum {
    SET_ACCESS,
    SET_KEYS,
    SET_PADS,
    SET_DEFAULTS,
    SET_BACK,
    SET_MORE
};
static const char *const set_more_labels[SET_MORE] = {
    "Accessibility...",
    "Keyboard controls...",
    "Controller controls...",
    "Reset to defaults",
    "Back",
};

/* The setting on row `row` of the menu of page (OPTION_MENU_OPTIONS or _ACCESS):
 * the settings of that page in table order; -1 past them (the page's own rows). */
static int settings_option_at(int page, int row)
{
    for (int id = 0; id < OPTION_COUNT; id++)
        if ((options_info((option_id)id)->menu & OPTION_MENU_WHERE) == page && row-- == 0)
            return id;
    return -1;
}

/* How many settings the page lists before its own rows. */
static int settings_option_rows(int page)
{
    int n = 0;
    while (settings_option_at(page, n) >= 0)
        n++;
    return n;
}

/* A setting's value as its menu row shows it (the table's unit and zero words). */
static void settings_value_text(const app *a, option_id id, char *v, size_t size)
{
    const option_info *in = options_info(id);
    int x = options_get(&a->opts, id);
    if (id == OPTION_window_scale && x == 0) /* the largest whole scale that fits */
        snprintf(v, size, "%s (%dx)", in->zero, a->win.sdl ? window_fit_now(&a->win) : 1);
    else if (x == 0 && in->zero)
        snprintf(v, size, "%s", in->zero);
    else if (in->kind == OPTION_BOOL)
        snprintf(v, size, "%s", in->unit);
    else if (in->kind == OPTION_PALETTE)
        snprintf(v, size, "%s", bullet_palette_name((bullet_palette)x));
    else if (in->kind == OPTION_DIFFICULTY)
        snprintf(v, size, "%s", difficulty_name(x));
    else
        snprintf(v, size, "%d%s", x, in->unit);
}

/* The value column of each setting's row of menu m (page's). */
static void settings_page_values(app *a, menu *m, int page)
{
    char v[MENU_VALUE_MAX];
    for (int row = 0, id; (id = settings_option_at(page, row)) >= 0; row++) {
        settings_value_text(a, (option_id)id, v, sizeof v);
        menu_set_value(m, row, v);
    }
}

/* Fills menu m with page's settings, then its own rows (labels, or none). */
static void settings_page_fill(app *a, menu *m, int page, const char *title,
                               const char *const *more, int more_count)
{
    menu_clear(m, title);
    for (int row = 0, id; (id = settings_option_at(page, row)) >= 0; row++)
        menu_add(m, options_info((option_id)id)->label, NULL, 0);
    for (int i = 0; i < more_count; i++)
        menu_add(m, more[i], NULL, 0);
    settings_page_values(a, m, page);
}

/* The value column of the Options menu: its settings and the controllers count. */
static void settings_values(app *a)
{
    menu *m = &a->settings.m;
    char v[MENU_VALUE_MAX];
    settings_page_values(a, m, OPTION_MENU_OPTIONS);
    snprintf(v, sizeof v, "%d connected", input_map_pad_count(&a->input));
    menu_set_value(m, settings_option_rows(OPTION_MENU_OPTIONS) + SET_PADS, v);
}

/* Makes the options take effect now. */
static void settings_apply(app *a)
{
    if (window_apply_options(&a->win, &a->opts))
        frame_pacer_init(&a->pacer, a->win.vsync, a->win.refresh_hz);
    a->opts.vsync = a->win.vsync;
    audio_apply_options(a->sound, &a->opts);
    input_map_apply_options(&a->input, &a->opts);
}

void settings_enter(app *a)
{
    settings_page_fill(a, &a->settings.m, OPTION_MENU_OPTIONS, "Options", set_more_labels,
                       SET_MORE);
    settings_values(a);
}

/* What a change of a setting does at once, besides its value: the effects that
 * are not read from the options where they are used. The Options menu's settings
 * (window, sound, input) are applied together; the window's size only here, so
 * that the others keep it. Returns the sound to play. */
static sfx_id settings_effect(app *a, option_id id)
{
    if (id == OPTION_window_scale)
        window_set_scale(&a->win, a->opts.window_scale);
    if (id == OPTION_bullet_palette)
        app_apply_palette(a);
    if (options_info(id)->menu & OPTION_MENU_OPTIONS)
        settings_apply(a);
    return id == OPTION_effects_volume || id == OPTION_master_volume ? SFX_ITEM : SFX_MENU_MOVE;
}

/* Changes the setting on row `row` of page by one step left (-1) or right (+1);
 * returns 0 when the row is none of the page's settings. */
static int settings_change(app *a, int page, int row, int dir)
{
    int id = settings_option_at(page, row);
    if (id < 0)
        return 0;
    int top = -1; /* the window sizes: up to the largest the screen holds, round */
    if (id == OPTION_window_scale)
        top = window_max_scale();
    options_step(&a->opts, (option_id)id, dir, top);
    sfx_id sound = settings_effect(a, (option_id)id);
    if (page == OPTION_MENU_OPTIONS)
        settings_values(a);
    else
        settings_page_values(a, &a->settings.access, page);
    app_sound(a, sound, 0);
    return 1;
}

/* Leaves the Options screen: the file is written if anything changed. */
static void settings_leave(app *a)
{
    app_save_options(a);
    app_switch(a, SCREEN_TITLE);
}

/* Chooses one of the Options menu's own rows (more: SET_*). */
static void settings_choose(app *a, int more)
{
    app_sound(a, SFX_MENU_SELECT, 0);
    switch (more) {
    case SET_ACCESS: app_switch(a, SCREEN_ACCESS); break;
    case SET_KEYS:
    case SET_PADS:
        a->settings.pad = more == SET_PADS;
        app_switch(a, SCREEN_KEYS);
        break;
    case SET_DEFAULTS:
        options_defaults(&a->opts);
        window_set_scale(&a->win, a->opts.window_scale);
        settings_apply(a);
        app_apply_palette(a);
        settings_values(a);
        app_toast(a, PANEL_GREEN, "every option is back to its default");
        break;
    case SET_BACK: settings_leave(a); break;
    default: break;
    }
}

void settings_action(app *a, input_ui act)
{
    settings_state *s = &a->settings;
    int row = s->m.cursor;
    if (app_menu_step(a, &s->m, act))
        return;
    switch (act) {
    case INPUT_UI_LEFT:
    case INPUT_UI_RIGHT:
        settings_change(a, OPTION_MENU_OPTIONS, row, act == INPUT_UI_LEFT ? -1 : 1);
        break;
    case INPUT_UI_CONFIRM:
        if (!settings_change(a, OPTION_MENU_OPTIONS, row, 1))
            settings_choose(a, row - settings_option_rows(OPTION_MENU_OPTIONS));
        break;
    case INPUT_UI_BACK:
    case INPUT_UI_PAUSE:
        app_sound(a, SFX_MENU_MOVE, 0);
        settings_leave(a);
        break;
    default: break;
    }
}

void settings_draw(app *a)
{
    title_draw_demo(a, 190);
    menu_draw(&a->settings.m, a->win.renderer, &a->view.atlas,
              (SDL_Rect){70, 10, LOGICAL_W - 140, 446}, 2, a->tick); /* 14 rows */
    title_draw_help(a, "left and right change    %s chooses    %s saves and goes back",
                    app_ui_words(a, INPUT_UI_CONFIRM), app_ui_words(a, INPUT_UI_BACK));
}

/* ---- accessibility ---- */

static const char *const access_more_labels[] = {"Back"};

void access_enter(app *a)
{
    settings_page_fill(a, &a->settings.access, OPTION_MENU_ACCESS, "Accessibility",
                       access_more_labels, 1);
}

void access_action(app *a, input_ui act)
{
    menu *m = &a->settings.access;
    int row = m->cursor;
    if (app_menu_step(a, m, act))
        return;
    switch (act) {
    case INPUT_UI_LEFT:
    case INPUT_UI_RIGHT:
        settings_change(a, OPTION_MENU_ACCESS, row, act == INPUT_UI_LEFT ? -1 : 1);
        break;
    case INPUT_UI_CONFIRM:
        if (!settings_change(a, OPTION_MENU_ACCESS, row, 1)) { /* Back */
            app_sound(a, SFX_MENU_SELECT, 0);
            app_switch(a, SCREEN_OPTIONS);
        }
        break;
    case INPUT_UI_BACK:
    case INPUT_UI_PAUSE:
        app_sound(a, SFX_MENU_MOVE, 0);
        app_switch(a, SCREEN_OPTIONS);
        break;
    default: break;
    }
}

void access_draw(app *a)
{
    title_draw_demo(a, 60); /* lightly darkened: the demo shows each change */
    menu_draw(&a->settings.access, a->win.renderer, &a->view.atlas,
              (SDL_Rect){70, 30, LOGICAL_W - 140, 330}, 2, a->tick);
    title_draw_help(a, "left and right change    %s goes back    (speed: practice only)",
                    app_ui_words(a, INPUT_UI_BACK));
}

/* ---- bindings ---- */

static const char *const key_button_labels[OPTIONS_CONTROL_COUNT] = {
    "Up",    "Down", "Left",          "Right",      "Shot",
    "Focus", "Bomb", "Skip dialogue", "Save state", "Load state"};

/* The name of binding slot s of button b, for the screen being edited. */
static const char *keys_name(const app *a, int b, int s)
{
    const char *n = a->settings.pad ? binding_pad_name(a->opts.pads[b][s])
                                    : binding_key_name(a->opts.keys[b][s]);
    return n ? n : "?";
}

static void keys_fill(app *a)
{
    settings_state *s = &a->settings;
    menu_clear(&s->keys, s->pad ? "Controller controls" : "Keyboard controls");
    for (int b = 0; b < OPTIONS_CONTROL_COUNT; b++) {
        char v[MENU_VALUE_MAX];
        const char *first = keys_name(a, b, 0), *second = keys_name(a, b, 1);
        if (s->capturing && s->keys.cursor == b)
            snprintf(v, sizeof v, s->slot == 0 ? "[ press ]  %s" : "%s  [ press ]",
                     s->slot == 0 ? second : first);
        else
            snprintf(v, sizeof v, "%s%s%s  %s%s%s", s->slot == 0 ? "<" : "", first,
                     s->slot == 0 ? ">" : "", s->slot == 1 ? "<" : "", second,
                     s->slot == 1 ? ">" : "");
        menu_add(&s->keys, key_button_labels[b], v, 0);
    }
    menu_add(&s->keys, "Reset these to defaults", NULL, 0);
    menu_add(&s->keys, "Back", NULL, 0);
}

void keys_enter(app *a)
{
    a->settings.capturing = 0;
    a->settings.slot = 0;
    a->settings.keys.cursor = 0;
    keys_fill(a);
}

/* Puts back the default bindings of the screen's kind (keys or controls). */
static void keys_defaults(app *a)
{
    options d;
    options_defaults(&d);
    if (a->settings.pad)
        memcpy(a->opts.pads, d.pads, sizeof d.pads);
    else
        memcpy(a->opts.keys, d.keys, sizeof d.keys);
    input_map_apply_options(&a->input, &a->opts);
}

void keys_action(app *a, input_ui act)
{
    settings_state *s = &a->settings;
    int row = s->keys.cursor;
    if (s->capturing) /* the next key is for binding, not for the menu */
        return;
    if (app_menu_step(a, &s->keys, act))
        return;
    switch (act) {
    case INPUT_UI_LEFT:
    case INPUT_UI_RIGHT:
        s->slot = act == INPUT_UI_LEFT ? 0 : 1;
        app_sound(a, SFX_MENU_MOVE, 0);
        break;
    case INPUT_UI_CONFIRM:
        app_sound(a, SFX_MENU_SELECT, 0);
        if (row < OPTIONS_CONTROL_COUNT) {
            s->capturing = 1;
        } else if (row == OPTIONS_CONTROL_COUNT) {
            keys_defaults(a);
            app_toast(a, PANEL_GREEN, "the %s are back to their defaults",
                      s->pad ? "controller controls" : "keys");
        } else {
            app_switch(a, SCREEN_OPTIONS);
            return;
        }
        break;
    case INPUT_UI_BACK:
    case INPUT_UI_PAUSE:
        app_sound(a, SFX_MENU_MOVE, 0);
        app_switch(a, SCREEN_OPTIONS);
        return;
    default: break;
    }
    keys_fill(a);
}

/* While waiting for a key: the next key or control pressed is bound (Escape
 * cancels); a key taken from another button is swapped, and that is said. */
int keys_event(app *a, const SDL_Event *ev)
{
    settings_state *s = &a->settings;
    if (!s->capturing)
        return 0;
    if (ev->type == SDL_KEYDOWN && ev->key.keysym.scancode == SDL_SCANCODE_ESCAPE) {
        s->capturing = 0;
        keys_fill(a);
        return 1;
    }
    input_capture c;
    if (!input_map_capture(ev, &c))
        return ev->type == SDL_KEYDOWN || ev->type == SDL_CONTROLLERBUTTONDOWN;
    if (c.is_pad != s->pad) {
        app_toast(a, PANEL_RED, "this screen binds %s; Escape cancels",
                  s->pad ? "controller controls" : "keys");
        return 1;
    }
    input_button b = (input_button)s->keys.cursor;
    const char *old = keys_name(a, b, s->slot);
    int from = s->pad ? options_bind_pad(&a->opts, b, s->slot, c.code)
                      : options_bind_key(&a->opts, b, s->slot, c.code);
    if (from == OPTIONS_BIND_REFUSED)
        app_toast(a, PANEL_RED, "that is another button's only %s: give it another one first",
                  s->pad ? "control" : "key");
    else if (from >= 0 && from != (int)b)
        app_toast(a, PANEL_GOLD, "%s was on %s: swapped, %s has %s now", keys_name(a, b, s->slot),
                  key_button_labels[from], key_button_labels[from], old);
    input_map_apply_options(&a->input, &a->opts);
    app_sound(a, SFX_MENU_SELECT, 0);
    s->capturing = 0;
    keys_fill(a);
    return 1;
}

void keys_draw(app *a)
{
    title_draw_demo(a, 190);
    menu_draw(&a->settings.keys, a->win.renderer, &a->view.atlas,
              (SDL_Rect){70, 14, LOGICAL_W - 140, 400}, 2, a->tick);
    if (a->settings.capturing)
        title_draw_help(a, "press the key or button to bind    Escape cancels");
    else
        title_draw_help(a, "left and right pick a slot    %s rebinds it    %s goes back",
                        app_ui_words(a, INPUT_UI_CONFIRM), app_ui_words(a, INPUT_UI_BACK));
}
