/* input_map and binding: the key and controller tables agree with SDL, options drive
 * the bindings, a virtual controller is picked up when plugged in and read through
 * its bindings, menu events and rebinding capture read the right controls, and the
 * user folder's controller database is loaded. */
#include "../check.h"
#include "core/file.h"
#include "game/binding.h"
#include "game/options.h"
#include "platform/input_map.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static void input_map_test_tables(void)
{
    int same = 0, ok = 1;
    for (int i = 0; i < binding_key_count(); i++) {
        int code = binding_key_at(i);
        const char *name = binding_key_name(code);
        SDL_Scancode sdl = SDL_GetScancodeFromName(name);
        /* Where SDL knows our name, it means the same key; the punctuation keys carry
         * word names here (SDL calls them ",", "-", ...). */
        ok &= sdl == (SDL_Scancode)code || sdl == SDL_SCANCODE_UNKNOWN;
        ok &= SDL_GetScancodeName((SDL_Scancode)code)[0] != '\0';
        same += sdl == (SDL_Scancode)code;
    }
    CHECK(ok);
    CHECK(same >= binding_key_count() - 12);
    CHECK_EQ_INT(KEY_COMMA, SDL_SCANCODE_COMMA);
    CHECK_EQ_INT(KEY_MINUS, SDL_SCANCODE_MINUS);
    CHECK_EQ_INT(KEY_GRAVE, SDL_SCANCODE_GRAVE);
    CHECK_EQ_INT(KEY_SLASH, SDL_SCANCODE_SLASH);
    CHECK_EQ_INT(KEY_KP_PERIOD, SDL_SCANCODE_KP_PERIOD);
    CHECK_EQ_INT(KEY_RGUI, SDL_SCANCODE_RGUI);
    int pads = 1;
    for (int p = 1; p < PAD_CONTROL_COUNT; p++) {
        pad_info in = binding_pad_info(p);
        char name[32];
        snprintf(name, sizeof name, "%s", binding_pad_name(p));
        if (in.kind == PAD_BUTTON) {
            pads &= SDL_GameControllerGetButtonFromString(name) == in.index;
        } else {
            size_t n = strlen(name);
            if (name[n - 1] == '-' || name[n - 1] == '+')
                name[n - 1] = '\0';
            pads &= SDL_GameControllerGetAxisFromString(name) == in.index;
        }
    }
    CHECK(pads);
}

static SDL_Event input_map_test_key(SDL_Scancode sc, int repeat)
{
    SDL_Event ev = {0};
    ev.type = SDL_KEYDOWN;
    ev.key.keysym.scancode = sc;
    ev.key.repeat = (Uint8)repeat;
    return ev;
}

static SDL_Event input_map_test_button(int button)
{
    SDL_Event ev = {0};
    ev.type = SDL_CONTROLLERBUTTONDOWN;
    ev.cbutton.button = (Uint8)button;
    return ev;
}

static void input_map_test_events(void)
{
    options o;
    options_defaults(&o);
    options_bind_key(&o, INPUT_SHOT, 0, KEY_SPACE);
    o.stick_deadzone = 50;
    input_map m = {0};
    input_map_apply_options(&m, &o);
    CHECK_EQ_INT(m.keys[INPUT_SHOT][0], SDL_SCANCODE_SPACE);
    CHECK_EQ_INT(m.keys[INPUT_FOCUS][0], SDL_SCANCODE_LSHIFT);
    CHECK_EQ_INT(m.deadzone, 16383);

    SDL_Event ev = input_map_test_key(SDL_SCANCODE_UP, 0);
    CHECK_EQ_INT(input_map_ui_event(&m, &ev), INPUT_UI_UP);
    ev = input_map_test_key(SDL_SCANCODE_S, 1); /* bound to down; repeats move menus too */
    CHECK_EQ_INT(input_map_ui_event(&m, &ev), INPUT_UI_DOWN);
    ev = input_map_test_key(SDL_SCANCODE_SPACE, 0);
    CHECK_EQ_INT(input_map_ui_event(&m, &ev), INPUT_UI_CONFIRM);
    /* A press shorter than a frame (down and up between two ticks) is seen by
     * the next tick, once; a key's repeat latches nothing. */
    input_map_forget(&m);
    input_map_handle_event(&m, &ev);
    SDL_Event up = ev;
    up.type = SDL_KEYUP;
    input_map_handle_event(&m, &up);
    CHECK(input_held(input_map_take(&m), INPUT_SHOT));
    CHECK(!input_held(input_map_take(&m), INPUT_SHOT));
    SDL_Event rep = input_map_test_key(SDL_SCANCODE_SPACE, 1);
    input_map_handle_event(&m, &rep);
    CHECK(!input_held(input_map_take(&m), INPUT_SHOT));
    input_map_handle_event(&m, &ev);
    input_map_forget(&m); /* a frame without play: forgotten */
    CHECK(!input_held(input_map_take(&m), INPUT_SHOT));
    /* a held key's repeats confirm nothing, go back from nothing, pause nothing */
    ev = input_map_test_key(SDL_SCANCODE_SPACE, 1);
    CHECK_EQ_INT(input_map_ui_event(&m, &ev), INPUT_UI_NONE);
    ev = input_map_test_key(SDL_SCANCODE_RETURN, 1);
    CHECK_EQ_INT(input_map_ui_event(&m, &ev), INPUT_UI_NONE);
    ev = input_map_test_key(SDL_SCANCODE_X, 1);
    CHECK_EQ_INT(input_map_ui_event(&m, &ev), INPUT_UI_NONE);
    ev = input_map_test_key(SDL_SCANCODE_Z, 0); /* no longer bound */
    CHECK_EQ_INT(input_map_ui_event(&m, &ev), INPUT_UI_NONE);
    ev = input_map_test_key(SDL_SCANCODE_X, 0);
    CHECK_EQ_INT(input_map_ui_event(&m, &ev), INPUT_UI_BACK);
    ev = input_map_test_key(SDL_SCANCODE_ESCAPE, 0);
    CHECK_EQ_INT(input_map_ui_event(&m, &ev), INPUT_UI_PAUSE);
    ev = input_map_test_button(SDL_CONTROLLER_BUTTON_START);
    CHECK_EQ_INT(input_map_ui_event(&m, &ev), INPUT_UI_PAUSE);
    ev = input_map_test_button(SDL_CONTROLLER_BUTTON_Y); /* bound to bomb */
    CHECK_EQ_INT(input_map_ui_event(&m, &ev), INPUT_UI_BACK);
    ev = input_map_test_button(SDL_CONTROLLER_BUTTON_DPAD_LEFT);
    CHECK_EQ_INT(input_map_ui_event(&m, &ev), INPUT_UI_LEFT);

    input_capture c;
    ev = input_map_test_key(SDL_SCANCODE_Q, 0);
    CHECK(input_map_capture(&ev, &c) && !c.is_pad && c.code == KEY_Q);
    ev = input_map_test_key(SDL_SCANCODE_Q, 1);
    CHECK(!input_map_capture(&ev, &c));
    ev = input_map_test_key(SDL_SCANCODE_APPLICATION, 0); /* not bindable */
    CHECK(!input_map_capture(&ev, &c));
    ev = input_map_test_button(SDL_CONTROLLER_BUTTON_RIGHTSHOULDER);
    CHECK(input_map_capture(&ev, &c) && c.is_pad && c.code == PAD_RIGHTSHOULDER);
    ev = (SDL_Event){0};
    ev.type = SDL_CONTROLLERAXISMOTION;
    ev.caxis.axis = SDL_CONTROLLER_AXIS_LEFTY;
    ev.caxis.value = -20000;
    CHECK(input_map_capture(&ev, &c) && c.is_pad && c.code == PAD_LEFTY_NEG);
    ev.caxis.value = 9000;
    CHECK(!input_map_capture(&ev, &c));
    ev.caxis.axis = SDL_CONTROLLER_AXIS_TRIGGERRIGHT;
    ev.caxis.value = 30000;
    CHECK(input_map_capture(&ev, &c) && c.code == PAD_RIGHTTRIGGER);
}

/* Plugs in a virtual controller: it is opened on its hot-plug event, and its buttons
 * and stick reach the input bits through the bindings. */
static void input_map_test_virtual_pad(void)
{
    options o;
    options_defaults(&o);
    options_bind_pad(&o, INPUT_BOMB, 1, PAD_RIGHTTRIGGER);
    input_map m = {0};
    input_map_apply_options(&m, &o);
    input_map_open_pads(&m);
    CHECK_EQ_INT(input_map_pad_count(&m), 0);
    int index = SDL_JoystickAttachVirtual(SDL_JOYSTICK_TYPE_GAMECONTROLLER, SDL_CONTROLLER_AXIS_MAX,
                                          SDL_CONTROLLER_BUTTON_MAX, 0);
    CHECK(index >= 0);
    SDL_Event ev;
    while (SDL_PollEvent(&ev))
        input_map_handle_event(&m, &ev);
    CHECK_EQ_INT(input_map_pad_count(&m), 1);
    if (!m.pads[0])
        return;
    SDL_Joystick *joy = SDL_GameControllerGetJoystick(m.pads[0]);
    SDL_JoystickSetVirtualButton(joy, SDL_CONTROLLER_BUTTON_A, 1);
    SDL_JoystickSetVirtualAxis(joy, SDL_CONTROLLER_AXIS_LEFTX, -30000);
    SDL_JoystickSetVirtualAxis(joy, SDL_CONTROLLER_AXIS_TRIGGERRIGHT, 32767);
    SDL_JoystickUpdate();
    SDL_GameControllerUpdate();
    input_bits bits = input_map_sample(&m);
    CHECK(input_held(bits, INPUT_SHOT));
    CHECK(input_held(bits, INPUT_LEFT));
    CHECK(!input_held(bits, INPUT_RIGHT));
    CHECK(input_held(bits, INPUT_BOMB));
    /* A stick inside the dead zone reads as centred. */
    SDL_JoystickSetVirtualAxis(joy, SDL_CONTROLLER_AXIS_LEFTX, -5000);
    SDL_JoystickUpdate();
    CHECK(!input_held(input_map_sample(&m), INPUT_LEFT));
    /* Unplugged: closed on its event. */
    SDL_JoystickDetachVirtual(index);
    while (SDL_PollEvent(&ev))
        input_map_handle_event(&m, &ev);
    CHECK_EQ_INT(input_map_pad_count(&m), 0);
    input_map_close_pads(&m);
}

static void input_map_test_mappings(const char *dir)
{
    CHECK_EQ_INT(input_map_load_mappings(), 0); /* no file yet */
    static const char db[] =
        "# a test database\n"
        "03000000de2800000bad000001000000,Curtain Test Pad,a:b0,b:b1,x:b2,y:b3,back:b6,"
        "start:b7,leftshoulder:b4,rightshoulder:b5,leftx:a0,lefty:a1,platform:Linux,\n";
    char path[512], err[256];
    snprintf(path, sizeof path, "%s/%s", dir, INPUT_MAP_CONTROLLER_DB);
    CHECK_EQ_INT(file_write_atomic(path, db, sizeof db - 1, err, sizeof err), 0);
    CHECK_EQ_INT(input_map_load_mappings(), 1);
    char *mapping = SDL_GameControllerMappingForGUID(
        SDL_JoystickGetGUIDFromString("03000000de2800000bad000001000000"));
    CHECK_STR_CONTAINS(mapping, "Curtain Test Pad");
    SDL_free(mapping);
}

/* A database of 10,000 mappings for this system (SDL's cost grows with the
 * square of their number: 150,000 took 3 minutes): the first 4096 are read, the
 * rest left out; those for another system are not counted. A file that cannot
 * be read is refused (before, SDL said only "Invalid RWops"). */
static void input_map_test_many_mappings(const char *dir)
{
    int n = 10000;
    size_t cap = (size_t)n * 160 + 512;
    char *db = malloc(cap);
    CHECK(db != NULL);
    if (!db)
        return;
    size_t len =
        (size_t)snprintf(db, cap,
                         "# many\n"
                         "03000000aaaa00000bad000001000000,Other,a:b0,platform:Windows,\n");
    for (int i = 0; i < n; i++)
        len += (size_t)snprintf(db + len, cap - len,
                                "03000000%08x000001000000abcd,Pad %d,a:b0,b:b1,platform:%s,\n", i,
                                i, SDL_GetPlatform());
    char path[512], err[256];
    snprintf(path, sizeof path, "%s/%s", dir, INPUT_MAP_CONTROLLER_DB);
    CHECK_EQ_INT(file_write_atomic(path, db, len, err, sizeof err), 0);
    CHECK_EQ_INT(input_map_load_mappings(), INPUT_MAP_MAX_MAPPINGS);
    char *last = SDL_GameControllerMappingForGUID(
        SDL_JoystickGetGUIDFromString("03000000000026ac000001000000abcd")); /* pad 9900 */
    CHECK(last == NULL);
    SDL_free(last);
    free(db);
    remove(path);
    CHECK(file_make_dirs(path) == 0); /* a folder by that name: not readable as a file */
    CHECK_EQ_INT(input_map_load_mappings(), -1);
    rmdir(path);
}

int main(void)
{
    char dir[] = "/tmp/curtain-input-map-test-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    setenv("CURTAIN_USER_DIR", dir, 1);
    CHECK_EQ_INT(SDL_Init(SDL_INIT_GAMECONTROLLER | SDL_INIT_EVENTS), 0);
    input_map_test_tables();
    input_map_test_events();
    input_map_test_virtual_pad();
    input_map_test_mappings(dir);
    input_map_test_many_mappings(dir);
    SDL_Quit();
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    CHECK(system(cmd) == 0);
    return check_done("platform input_map");
}
