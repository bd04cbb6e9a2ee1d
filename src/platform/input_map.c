#include "platform/input_map.h"

#define INPUT_MAP_STICK_DEADZONE 12000

void input_map_defaults(input_map *m)
{
    static const SDL_Scancode defaults[INPUT_BUTTON_COUNT][2] = {
        [INPUT_UP] = {SDL_SCANCODE_UP, SDL_SCANCODE_W},
        [INPUT_DOWN] = {SDL_SCANCODE_DOWN, SDL_SCANCODE_S},
        [INPUT_LEFT] = {SDL_SCANCODE_LEFT, SDL_SCANCODE_A},
        [INPUT_RIGHT] = {SDL_SCANCODE_RIGHT, SDL_SCANCODE_D},
        [INPUT_SHOT] = {SDL_SCANCODE_Z, SDL_SCANCODE_J},
        [INPUT_FOCUS] = {SDL_SCANCODE_LSHIFT, SDL_SCANCODE_L},
        [INPUT_BOMB] = {SDL_SCANCODE_X, SDL_SCANCODE_K},
    };
    SDL_memcpy(m->keys, defaults, sizeof defaults);
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

void input_map_handle_event(input_map *m, const SDL_Event *ev)
{
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

/* One controller's buttons: d-pad or left stick to move, A shot, B bomb, X or a
 * shoulder button to focus. */
static input_bits input_map_sample_pad(SDL_GameController *pad)
{
    input_bits bits = 0;
    int lx = SDL_GameControllerGetAxis(pad, SDL_CONTROLLER_AXIS_LEFTX);
    int ly = SDL_GameControllerGetAxis(pad, SDL_CONTROLLER_AXIS_LEFTY);
    if (SDL_GameControllerGetButton(pad, SDL_CONTROLLER_BUTTON_DPAD_UP) ||
        ly < -INPUT_MAP_STICK_DEADZONE)
        bits |= INPUT_BIT(INPUT_UP);
    if (SDL_GameControllerGetButton(pad, SDL_CONTROLLER_BUTTON_DPAD_DOWN) ||
        ly > INPUT_MAP_STICK_DEADZONE)
        bits |= INPUT_BIT(INPUT_DOWN);
    if (SDL_GameControllerGetButton(pad, SDL_CONTROLLER_BUTTON_DPAD_LEFT) ||
        lx < -INPUT_MAP_STICK_DEADZONE)
        bits |= INPUT_BIT(INPUT_LEFT);
    if (SDL_GameControllerGetButton(pad, SDL_CONTROLLER_BUTTON_DPAD_RIGHT) ||
        lx > INPUT_MAP_STICK_DEADZONE)
        bits |= INPUT_BIT(INPUT_RIGHT);
    if (SDL_GameControllerGetButton(pad, SDL_CONTROLLER_BUTTON_A))
        bits |= INPUT_BIT(INPUT_SHOT);
    if (SDL_GameControllerGetButton(pad, SDL_CONTROLLER_BUTTON_B))
        bits |= INPUT_BIT(INPUT_BOMB);
    if (SDL_GameControllerGetButton(pad, SDL_CONTROLLER_BUTTON_X) ||
        SDL_GameControllerGetButton(pad, SDL_CONTROLLER_BUTTON_LEFTSHOULDER) ||
        SDL_GameControllerGetButton(pad, SDL_CONTROLLER_BUTTON_RIGHTSHOULDER))
        bits |= INPUT_BIT(INPUT_FOCUS);
    return bits;
}

input_bits input_map_sample(const input_map *m)
{
    const Uint8 *keys = SDL_GetKeyboardState(NULL);
    input_bits bits = 0;
    for (int b = 0; b < INPUT_BUTTON_COUNT; b++)
        for (int k = 0; k < 2; k++)
            if (m->keys[b][k] && keys[m->keys[b][k]])
                bits |= INPUT_BIT(b);
    for (int i = 0; i < INPUT_MAP_MAX_PADS; i++)
        if (m->pads[i])
            bits |= input_map_sample_pad(m->pads[i]);
    return bits;
}
