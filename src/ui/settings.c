/*
 * settings: the Options screen, its two binding screens (keyboard and
 * controller) and its accessibility screen. Every change applies at once (window, sound, input) and
 * the options file is written (atomically, by game/options) when the screen is left.
 */
#include "game/binding.h"
#include "platform/window.h"
#include "render/bullet_palette.h"
#include "ui/app.h"
#include "ui/panel.h"

#include <stdio.h>
#include <string.h>

enum {
    SET_FULLSCREEN,
    SET_SCALE,
    SET_INTEGER,
    SET_VSYNC,
    SET_MASTER,
    SET_EFFECTS,
    SET_MUSIC,
    SET_FPS,
    SET_DEADZONE,
    SET_ACCESS,
    SET_KEYS,
    SET_PADS,
    SET_DEFAULTS,
    SET_BACK,
    SET_ROWS
};

static const char *const set_labels[SET_ROWS] = {
    "Fullscreen",
    "Window size",
    "Sharp pixels (whole scales)",
    "Vertical sync",
    "Master volume",
    "Effects volume",
    "Music volume",
    "Show frames per second",
    "Stick dead zone",
    "Accessibility...",
    "Keyboard controls...",
    "Controller controls...",
    "Reset to defaults",
    "Back",
};

/* The value column of each row, from the options. */
static void settings_values(app *a)
{
    const options *o = &a->opts;
    menu *m = &a->settings.m;
    char v[MENU_VALUE_MAX];
    menu_set_value(m, SET_FULLSCREEN, o->fullscreen ? "on" : "off");
    if (o->window_scale == 0)
        snprintf(v, sizeof v, "fit the screen");
    else
        snprintf(v, sizeof v, "%d x 640x480", o->window_scale);
    menu_set_value(m, SET_SCALE, v);
    menu_set_value(m, SET_INTEGER, o->integer_scale ? "on" : "off");
    menu_set_value(m, SET_VSYNC, o->vsync ? "on" : "off");
    snprintf(v, sizeof v, "%d%%", o->master_volume);
    menu_set_value(m, SET_MASTER, v);
    snprintf(v, sizeof v, "%d%%", o->effects_volume);
    menu_set_value(m, SET_EFFECTS, v);
    snprintf(v, sizeof v, "%d%%", o->music_volume);
    menu_set_value(m, SET_MUSIC, v);
    menu_set_value(m, SET_FPS, o->show_fps ? "on" : "off");
    snprintf(v, sizeof v, "%d%%", o->stick_deadzone);
    menu_set_value(m, SET_DEADZONE, v);
    snprintf(v, sizeof v, "%d connected", input_map_pad_count(&a->input));
    menu_set_value(m, SET_PADS, v);
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
    settings_state *s = &a->settings;
    menu_clear(&s->m, "Options");
    for (int i = 0; i < SET_ROWS; i++)
        menu_add(&s->m, set_labels[i], NULL, 0);
    settings_values(a);
}

/* Changes a row's value by one step left (-1) or right (+1). */
static void settings_change(app *a, int row, int dir)
{
    options *o = &a->opts;
    switch (row) {
    case SET_FULLSCREEN: o->fullscreen = !o->fullscreen; break;
    case SET_SCALE: { /* 0 (fit the screen) to the largest the screen holds, round */
        int n = options_info(OPTION_window_scale)->max + 1;
        if (n > window_max_scale() + 1)
            n = window_max_scale() + 1;
        options_set(o, OPTION_window_scale, (o->window_scale + dir + n) % n);
        break;
    }
    case SET_INTEGER: o->integer_scale = !o->integer_scale; break;
    case SET_VSYNC: o->vsync = !o->vsync; break;
    case SET_MASTER: options_set(o, OPTION_master_volume, o->master_volume + 10 * dir); break;
    case SET_EFFECTS: options_set(o, OPTION_effects_volume, o->effects_volume + 10 * dir); break;
    case SET_MUSIC: options_set(o, OPTION_music_volume, o->music_volume + 10 * dir); break;
    case SET_FPS: o->show_fps = !o->show_fps; break;
    case SET_DEADZONE: options_set(o, OPTION_stick_deadzone, o->stick_deadzone + 5 * dir); break;
    default: return;
    }
    settings_apply(a);
    settings_values(a);
    app_sound(a, row == SET_EFFECTS || row == SET_MASTER ? SFX_ITEM : SFX_MENU_MOVE, 0);
}

/* Leaves the Options screen: the file is written if anything changed. */
static void settings_leave(app *a)
{
    app_save_options(a);
    app_switch(a, SCREEN_TITLE);
}

void settings_action(app *a, input_ui act)
{
    settings_state *s = &a->settings;
    int row = s->m.cursor;
    if (app_menu_step(a, &s->m, act))
        return;
    switch (act) {
    case INPUT_UI_LEFT:
    case INPUT_UI_RIGHT: settings_change(a, row, act == INPUT_UI_LEFT ? -1 : 1); break;
    case INPUT_UI_CONFIRM:
        if (row == SET_ACCESS) {
            app_sound(a, SFX_MENU_SELECT, 0);
            app_switch(a, SCREEN_ACCESS);
        } else if (row == SET_KEYS || row == SET_PADS) {
            app_sound(a, SFX_MENU_SELECT, 0);
            s->pad = row == SET_PADS;
            app_switch(a, SCREEN_KEYS);
        } else if (row == SET_DEFAULTS) {
            options_defaults(&a->opts);
            settings_apply(a);
            app_apply_palette(a);
            settings_values(a);
            app_sound(a, SFX_MENU_SELECT, 0);
            app_toast(a, PANEL_GREEN, "every option is back to its default");
        } else if (row == SET_BACK) {
            app_sound(a, SFX_MENU_SELECT, 0);
            settings_leave(a);
        } else {
            settings_change(a, row, 1);
        }
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

enum {
    ACC_PALETTE,
    ACC_DIM,
    ACC_SHOTS,
    ACC_HITBOX,
    ACC_FLASH,
    ACC_SHAKE,
    ACC_SPEED,
    ACC_TEXT,
    ACC_BACK,
    ACC_ROWS
};

static const char *const acc_labels[ACC_ROWS] = {
    "Bullet colours",      "Background dimmer",   "Shot opacity",
    "Always show hitbox",  "Softer flashes",      "Steady screen",
    "Practice game speed", "Dialogue text speed", "Back",
};

static void access_values(app *a)
{
    const options *o = &a->opts;
    menu *m = &a->settings.access;
    char v[MENU_VALUE_MAX];
    menu_set_value(m, ACC_PALETTE, bullet_palette_name((bullet_palette)o->bullet_palette));
    snprintf(v, sizeof v, o->background_dim ? "%d%% darker" : "off", o->background_dim);
    menu_set_value(m, ACC_DIM, v);
    snprintf(v, sizeof v, "%d%%", o->shot_opacity);
    menu_set_value(m, ACC_SHOTS, v);
    menu_set_value(m, ACC_HITBOX, o->always_hitbox ? "on" : "when focused");
    menu_set_value(m, ACC_FLASH, o->reduce_flash ? "on" : "off");
    menu_set_value(m, ACC_SHAKE, o->reduce_shake ? "on (no shaking)" : "off");
    snprintf(v, sizeof v, "%d%%", o->practice_speed);
    menu_set_value(m, ACC_SPEED, v);
    if (o->text_speed == 0)
        snprintf(v, sizeof v, "all at once");
    else
        snprintf(v, sizeof v, "%d letters a second", o->text_speed);
    menu_set_value(m, ACC_TEXT, v);
}

void access_enter(app *a)
{
    menu *m = &a->settings.access;
    menu_clear(m, "Accessibility");
    for (int i = 0; i < ACC_ROWS; i++)
        menu_add(m, acc_labels[i], NULL, 0);
    access_values(a);
}

/* Changes a row by one step left (-1) or right (+1); the demo behind shows it. */
static void access_change(app *a, int row, int dir)
{
    options *o = &a->opts;
    switch (row) {
    case ACC_PALETTE:
        o->bullet_palette = (o->bullet_palette + dir + BULLET_PALETTE_COUNT) % BULLET_PALETTE_COUNT;
        app_apply_palette(a);
        break;
    case ACC_DIM: options_set(o, OPTION_background_dim, o->background_dim + 20 * dir); break;
    case ACC_SHOTS: options_set(o, OPTION_shot_opacity, o->shot_opacity + 20 * dir); break;
    case ACC_HITBOX: o->always_hitbox = !o->always_hitbox; break;
    case ACC_FLASH: o->reduce_flash = !o->reduce_flash; break;
    case ACC_SHAKE: o->reduce_shake = !o->reduce_shake; break;
    case ACC_TEXT: /* 30 to 240 by 30, then all at once (0), round */
        o->text_speed = (o->text_speed / 30 + dir + 9) % 9 * 30;
        break;
    case ACC_SPEED: /* right: 100, 75, 50, then round to 100; left the other way */
        o->practice_speed = o->practice_speed == 50 && dir > 0    ? 100
                            : o->practice_speed == 100 && dir < 0 ? 50
                                                                  : o->practice_speed - 25 * dir;
        break;
    default: return;
    }
    access_values(a);
    app_sound(a, SFX_MENU_MOVE, 0);
}

void access_action(app *a, input_ui act)
{
    menu *m = &a->settings.access;
    int row = m->cursor;
    if (app_menu_step(a, m, act))
        return;
    switch (act) {
    case INPUT_UI_LEFT:
    case INPUT_UI_RIGHT: access_change(a, row, act == INPUT_UI_LEFT ? -1 : 1); break;
    case INPUT_UI_CONFIRM:
        if (row == ACC_BACK) {
            app_sound(a, SFX_MENU_SELECT, 0);
            app_switch(a, SCREEN_OPTIONS);
        } else {
            access_change(a, row, 1);
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
