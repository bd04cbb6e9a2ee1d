/*
 * input_map: keyboard and controller bindings, hot-plug, menu events and capture
 * (see input_map.h).
 */
#include "platform/input_map.h"

#include "core/file.h"
#include "core/log.h"
#include "core/mem.h"
#include "game/binding.h"
#include "game/options.h"
#include "platform/user_dir.h"

#include <string.h>

#define INPUT_MAP_CAPTURE_AXIS 16384 /* half way */

_Static_assert(INPUT_MAP_BINDINGS == OPTIONS_BINDINGS, "one slot per options binding");
_Static_assert(INPUT_MAP_CONTROLS == OPTIONS_CONTROL_COUNT, "one row per options control");

void input_map_apply_options(input_map *m, const options *o)
{
    for (int b = 0; b < INPUT_MAP_CONTROLS; b++)
        for (int s = 0; s < OPTIONS_BINDINGS; s++) {
            /* Key codes are SDL scancodes (see game/binding.h). */
            m->keys[b][s] = (SDL_Scancode)o->keys[b][s];
            m->pad_controls[b][s] = o->pads[b][s];
        }
    m->deadzone = o->stick_deadzone * 32767 / 100;
}

/* Whether a mapping line is for this system: SDL keeps only those whose
 * "platform:" field names it, and those without one. */
static int input_map_for_this_platform(const char *line, size_t len)
{
    static const char key[] = "platform:";
    const char *end = line + len;
    for (const char *p = line; p + sizeof key - 1 <= end; p++) {
        if ((p == line || p[-1] == ',') && memcmp(p, key, sizeof key - 1) == 0) {
            const char *name = p + sizeof key - 1, *stop = name;
            while (stop < end && *stop != ',')
                stop++;
            const char *here = SDL_GetPlatform();
            return strlen(here) == (size_t)(stop - name) && memcmp(here, name, stop - name) == 0;
        }
    }
    return 1;
}

/* Hands SDL the mappings of text for this system, one line at a time, at most
 * INPUT_MAP_MAX_MAPPINGS of them: SDL looks each one up in those it has, so
 * their cost grows with the square of their number (150,000 took 3 minutes).
 * Returns the number added or updated; *skipped gets those over the limit. */
static int input_map_add_lines(char *text, size_t size, int *skipped)
{
    int added = 0, taken = 0;
    *skipped = 0;
    for (char *line = text, *end = text + size; line < end;) {
        char *nl = memchr(line, '\n', (size_t)(end - line));
        char *stop = nl ? nl : end;
        if (stop > line && stop[-1] == '\r')
            stop--;
        size_t len = (size_t)(stop - line);
        char *next = nl ? nl + 1 : end;
        if (len > 0 && line[0] != '#' && input_map_for_this_platform(line, len)) {
            if (taken == INPUT_MAP_MAX_MAPPINGS) {
                (*skipped)++;
            } else {
                taken++;
                *stop = '\0';
                if (SDL_GameControllerAddMapping(line) >= 0)
                    added++;
            }
        }
        line = next;
    }
    return added;
}

int input_map_load_mappings(void)
{
    char path[4096];
    if (user_dir_join(path, sizeof path, INPUT_MAP_CONTROLLER_DB) != 0 || !file_exists(path))
        return 0;
    char err[4300];
    size_t size = 0;
    /* read here, not by SDL: a pipe or a huge file is refused, and a file that
     * cannot be read is reported with the system's reason (SDL: "Invalid RWops") */
    char *text = file_read_limit(path, FILE_LIMIT_CONTROLLER_DB, &size, err, sizeof err);
    if (!text) {
        log_warn("%s; not read", err);
        return -1;
    }
    int skipped = 0;
    int n = input_map_add_lines(text, size, &skipped);
    mem_free(text);
    if (skipped)
        log_warn("%s: %d controller mappings for this system; only the first %d are read (the "
                 "community database has about 2,000 for all systems)",
                 path, INPUT_MAP_MAX_MAPPINGS + skipped, INPUT_MAP_MAX_MAPPINGS);
    log_info("%s: %d controller mappings added", path, n);
    return n;
}

static int input_map_find_pad(const input_map *m, SDL_JoystickID id)
{
    for (int i = 0; i < INPUT_MAP_MAX_PADS; i++)
        if (m->pads[i] && SDL_JoystickInstanceID(SDL_GameControllerGetJoystick(m->pads[i])) == id)
            return i;
    return -1;
}

static void input_map_add_pad(input_map *m, int device_index)
{
    if (!SDL_IsGameController(device_index))
        return;
    for (int i = 0; i < INPUT_MAP_MAX_PADS; i++) {
        if (!m->pads[i]) {
            m->pads[i] = SDL_GameControllerOpen(device_index);
            if (m->pads[i])
                log_info("controller: %s", SDL_GameControllerName(m->pads[i]));
            return;
        }
    }
}

void input_map_open_pads(input_map *m)
{
    for (int i = 0; i < SDL_NumJoysticks(); i++)
        input_map_add_pad(m, i);
}

void input_map_close_pads(input_map *m)
{
    for (int i = 0; i < INPUT_MAP_MAX_PADS; i++) {
        if (m->pads[i])
            SDL_GameControllerClose(m->pads[i]);
        m->pads[i] = NULL;
    }
}

int input_map_pad_count(const input_map *m)
{
    int n = 0;
    for (int i = 0; i < INPUT_MAP_MAX_PADS; i++)
        n += m->pads[i] != NULL;
    return n;
}

static void input_map_latch(input_map *m, const SDL_Event *ev);

void input_map_handle_event(input_map *m, const SDL_Event *ev)
{
    input_map_latch(m, ev);
    if (ev->type == SDL_CONTROLLERDEVICEADDED) {
        /* Already open (SDL also reports pads present at start-up)? */
        if (input_map_find_pad(m, SDL_JoystickGetDeviceInstanceID(ev->cdevice.which)) < 0)
            input_map_add_pad(m, ev->cdevice.which);
    } else if (ev->type == SDL_CONTROLLERDEVICEREMOVED) {
        int i = input_map_find_pad(m, ev->cdevice.which);
        if (i >= 0) {
            SDL_GameControllerClose(m->pads[i]);
            m->pads[i] = NULL;
        }
    }
}

/* Whether one bound control of a controller is held: a button down, or an axis pushed
 * past the dead zone in the control's direction. */
static int input_map_control_held(const input_map *m, SDL_GameController *pad, int control)
{
    pad_info in = binding_pad_info(control);
    if (control == PAD_NONE)
        return 0;
    if (in.kind == PAD_BUTTON)
        return SDL_GameControllerGetButton(pad, (SDL_GameControllerButton)in.index) != 0;
    int v = SDL_GameControllerGetAxis(pad, (SDL_GameControllerAxis)in.index);
    return v * in.dir > m->deadzone;
}

input_bits input_map_sample(const input_map *m)
{
    const Uint8 *keys = SDL_GetKeyboardState(NULL);
    input_bits bits = input_map_sample_pads(m);
    for (int b = 0; b < INPUT_BUTTON_COUNT; b++)
        for (int s = 0; s < OPTIONS_BINDINGS; s++)
            if (m->keys[b][s] && keys[m->keys[b][s]])
                bits |= INPUT_BIT(b);
    return bits;
}

input_bits input_map_sample_pads(const input_map *m)
{
    input_bits bits = 0;
    for (int b = 0; b < INPUT_BUTTON_COUNT; b++)
        for (int s = 0; s < OPTIONS_BINDINGS; s++)
            for (int i = 0; i < INPUT_MAP_MAX_PADS; i++)
                if (m->pads[i] && input_map_control_held(m, m->pads[i], m->pad_controls[b][s]))
                    bits |= INPUT_BIT(b);
    return bits;
}

/* The control (a logical button, or an action after them) a key or controller
 * control is bound to, or -1. */
static int input_map_bound(const input_map *m, int is_pad, int code)
{
    for (int b = 0; b < INPUT_MAP_CONTROLS; b++)
        for (int s = 0; s < OPTIONS_BINDINGS; s++)
            if (code != 0 && (is_pad ? m->pad_controls[b][s] : (int)m->keys[b][s]) == code)
                return b;
    return -1;
}

/* A bound key or controller button going down (not a key's repeat) is latched. */
static void input_map_latch(input_map *m, const SDL_Event *ev)
{
    int b = -1;
    if (ev->type == SDL_KEYDOWN && !ev->key.repeat)
        b = input_map_bound(m, 0, (int)ev->key.keysym.scancode);
    else if (ev->type == SDL_CONTROLLERBUTTONDOWN)
        b = input_map_bound(m, 1, binding_pad_find(PAD_BUTTON, ev->cbutton.button, 0));
    if (b >= INPUT_BUTTON_COUNT)
        m->actions_latched |= 1u << (b - INPUT_BUTTON_COUNT);
    else if (b >= 0)
        m->latched |= INPUT_BIT(b);
}

unsigned input_map_take_actions(input_map *m)
{
    const Uint8 *keys = SDL_GetKeyboardState(NULL);
    unsigned held = 0;
    for (int k = 0; k < INPUT_MAP_ACTIONS; k++)
        for (int s = 0; s < INPUT_MAP_BINDINGS; s++) {
            int c = INPUT_BUTTON_COUNT + k;
            if (m->keys[c][s] && keys[m->keys[c][s]])
                held |= 1u << k;
            for (int i = 0; i < INPUT_MAP_MAX_PADS; i++)
                if (m->pads[i] && input_map_control_held(m, m->pads[i], m->pad_controls[c][s]))
                    held |= 1u << k;
        }
    unsigned pressed = m->actions_latched | (held & ~m->actions_held);
    m->actions_latched = 0;
    m->actions_held = held;
    return pressed;
}

input_bits input_map_take(input_map *m)
{
    input_bits bits = (input_bits)(input_map_sample(m) | m->latched);
    m->latched = 0;
    return bits;
}

void input_map_forget(input_map *m)
{
    m->latched = 0;
    m->actions_latched = 0;
}

/* The menu action of a logical button. */
static input_ui input_map_ui_of_button(int button)
{
    switch (button) {
    case INPUT_UP: return INPUT_UI_UP;
    case INPUT_DOWN: return INPUT_UI_DOWN;
    case INPUT_LEFT: return INPUT_UI_LEFT;
    case INPUT_RIGHT: return INPUT_UI_RIGHT;
    case INPUT_SHOT: return INPUT_UI_CONFIRM;
    case INPUT_BOMB: return INPUT_UI_BACK;
    default: return INPUT_UI_NONE;
    }
}

/* What a key press means to the menus. */
static input_ui input_map_ui_key_press(const input_map *m, const SDL_Event *ev)
{
    switch (ev->key.keysym.scancode) {
    case SDL_SCANCODE_UP: return INPUT_UI_UP;
    case SDL_SCANCODE_DOWN: return INPUT_UI_DOWN;
    case SDL_SCANCODE_LEFT: return INPUT_UI_LEFT;
    case SDL_SCANCODE_RIGHT: return INPUT_UI_RIGHT;
    case SDL_SCANCODE_RETURN:
    case SDL_SCANCODE_KP_ENTER: return INPUT_UI_CONFIRM;
    case SDL_SCANCODE_BACKSPACE: return INPUT_UI_BACK;
    case SDL_SCANCODE_ESCAPE: return INPUT_UI_PAUSE;
    default: return input_map_ui_of_button(input_map_bound(m, 0, ev->key.keysym.scancode));
    }
}

/* A key held down repeats: a direction's repeats move menus (ui.c paces them),
 * but no other key's repeat is an action (holding Z must not confirm one menu
 * after another). */
static input_ui input_map_ui_key(const input_map *m, const SDL_Event *ev)
{
    input_ui act = input_map_ui_key_press(m, ev);
    int direction = act >= INPUT_UI_UP && act <= INPUT_UI_RIGHT;
    return ev->key.repeat && !direction ? INPUT_UI_NONE : act;
}

input_ui input_map_ui_event(const input_map *m, const SDL_Event *ev)
{
    if (ev->type == SDL_KEYDOWN)
        return input_map_ui_key(m, ev);
    /* Sticks send a stream of motion events; menus poll them with their own repeat. */
    input_capture c;
    if (ev->type == SDL_CONTROLLERBUTTONDOWN && input_map_capture(ev, &c)) {
        switch (c.code) {
        case PAD_DPUP: return INPUT_UI_UP;
        case PAD_DPDOWN: return INPUT_UI_DOWN;
        case PAD_DPLEFT: return INPUT_UI_LEFT;
        case PAD_DPRIGHT: return INPUT_UI_RIGHT;
        case PAD_A: return INPUT_UI_CONFIRM;
        case PAD_B: return INPUT_UI_BACK;
        case PAD_START: return INPUT_UI_PAUSE;
        default: return input_map_ui_of_button(input_map_bound(m, 1, c.code));
        }
    }
    return INPUT_UI_NONE;
}

int input_map_capture(const SDL_Event *ev, input_capture *out)
{
    if (ev->type == SDL_KEYDOWN && !ev->key.repeat) {
        int code = (int)ev->key.keysym.scancode;
        if (!binding_key_name(code) || code == KEY_NONE)
            return 0;
        *out = (input_capture){0, code};
        return 1;
    }
    if (ev->type == SDL_CONTROLLERBUTTONDOWN) {
        int p = binding_pad_find(PAD_BUTTON, ev->cbutton.button, 0);
        *out = (input_capture){1, p};
        return p != PAD_NONE;
    }
    if (ev->type == SDL_CONTROLLERAXISMOTION) {
        int v = ev->caxis.value, dir = v < 0 ? -1 : 1;
        if (v * dir < INPUT_MAP_CAPTURE_AXIS)
            return 0;
        int p = binding_pad_find(PAD_AXIS, ev->caxis.axis, dir);
        *out = (input_capture){1, p};
        return p != PAD_NONE;
    }
    return 0;
}
