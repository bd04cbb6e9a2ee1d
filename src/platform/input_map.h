/*
 * input_map: turns the keyboard and game controllers into a frame's input bits.
 *
 * The bindings come from the options (game/options.h): two keys and two controller
 * controls per logical button; input_map_apply_options installs them, so a
 * rebinding takes effect on the next frame. Sampled once per frame, as late as
 * possible (just before the logic tick), from the current key and button state
 * rather than from queued events, so a press is seen on the very next tick.
 *
 * Controllers go through SDL's game controller API: SDL's built-in mapping
 * database, the SDL_GAMECONTROLLERCONFIG environment variable (SDL reads it
 * itself), and gamecontrollerdb.txt in the user folder when present
 * (input_map_load_mappings). Controllers plugged in or out while the game runs are
 * picked up by input_map_handle_event.
 *
 * For menus and the rebinding screen, input_map_ui_event turns one SDL event into a
 * menu action and input_map_capture into the key or control just pressed.
 */
#ifndef CURTAIN_PLATFORM_INPUT_MAP_H
#define CURTAIN_PLATFORM_INPUT_MAP_H

#include "game/input.h"

#include <SDL.h>

#define INPUT_MAP_MAX_PADS      4
#define INPUT_MAP_CONTROLLER_DB "gamecontrollerdb.txt"
#define INPUT_MAP_BINDINGS      2 /* = OPTIONS_BINDINGS */
#define INPUT_MAP_ACTIONS       2 /* = OPTIONS_ACTION_COUNT: save_state, load_state */
#define INPUT_MAP_CONTROLS      (INPUT_BUTTON_COUNT + INPUT_MAP_ACTIONS)

struct options; /* game/options.h; not included, so that its type name stays out of the way */

typedef struct input_map {
    /* by control: the buttons, then the front end's actions (OPTIONS_CONTROL_OF) */
    SDL_Scancode keys[INPUT_MAP_CONTROLS][INPUT_MAP_BINDINGS];    /* 0 = unbound */
    uint8_t pad_controls[INPUT_MAP_CONTROLS][INPUT_MAP_BINDINGS]; /* enum pad_control */
    int deadzone; /* stick travel, out of 32767, below which a stick reads as centred */
    SDL_GameController *pads[INPUT_MAP_MAX_PADS];
    /* Buttons pressed (key or controller button down) since the last
     * input_map_take: a press and release between two frames is not lost. */
    input_bits latched;
    /* Actions pressed since the last input_map_take_actions (bit k: action k),
     * and the actions whose bound controls were held at the last take. */
    unsigned actions_latched, actions_held;
} input_map;

/* Installs the bindings and dead zone of the options. */
void input_map_apply_options(input_map *m, const struct options *o);

/* The most mappings read from gamecontrollerdb.txt (those of this system; more
 * are left out, with a warning): SDL's cost for them grows with the square of
 * their number. */
#define INPUT_MAP_MAX_MAPPINGS 4096

/* Adds the user folder's gamecontrollerdb.txt to SDL's mappings, if there is one
 * (at most INPUT_MAP_MAX_MAPPINGS). Call once SDL's game controller subsystem is
 * up, before input_map_open_pads. Returns the number of mappings added (0
 * without a file, -1 for a file that cannot be read, with the system's reason). */
int input_map_load_mappings(void);
/* Opens game controllers; call once SDL's game controller subsystem is up. */
void input_map_open_pads(input_map *m);
void input_map_close_pads(input_map *m);
/* The number of controllers open. */
int input_map_pad_count(const input_map *m);
/* Handles controller hot-plug events, and latches the presses of bound keys and
 * buttons (input_map_take). */
void input_map_handle_event(input_map *m, const SDL_Event *ev);
/* What one tick of play sees: the buttons held now and every button pressed
 * since the last take, however briefly; the latch empties. A replay records
 * exactly this. */
input_bits input_map_take(input_map *m);
/* The front end's actions pressed since the last call (bit k: options_action
 * k): a key or controller button going down, or a bound stick or trigger
 * pushed past the dead zone. */
unsigned input_map_take_actions(input_map *m);
/* Empties the latch (a frame with no tick of play: menus, pause). */
void input_map_forget(input_map *m);
/* The buttons held right now. Call after SDL_PumpEvents/SDL_PollEvent. */
input_bits input_map_sample(const input_map *m);
/* The buttons held right now on the controllers alone (not the keyboard): what
 * may move a menu while the keyboard is typing a name. */
input_bits input_map_sample_pads(const input_map *m);

/* What a menu does with an event. Arrows and the bound movement keys move, the bound
 * shot key or Return confirms, the bound bomb key or Backspace goes back, Escape
 * pauses; on a controller the d-pad, the bound buttons, A/B, and Start. Held keys
 * repeat (SDL's key repeat); sticks and controller repeat are the menu's business
 * (input_map_sample gives the held state). */
typedef enum input_ui {
    INPUT_UI_NONE,
    INPUT_UI_UP,
    INPUT_UI_DOWN,
    INPUT_UI_LEFT,
    INPUT_UI_RIGHT,
    INPUT_UI_CONFIRM,
    INPUT_UI_BACK,
    INPUT_UI_PAUSE,
} input_ui;

input_ui input_map_ui_event(const input_map *m, const SDL_Event *ev);

/* A key or controller control just pressed, for rebinding. */
typedef struct input_capture {
    int is_pad; /* 0: code is an enum key_code; 1: an enum pad_control */
    int code;
} input_capture;

/* 1 if ev presses a bindable key (one in game/binding.h), a controller button, or
 * pushes a stick or trigger past half way; fills out. Key repeats are ignored; a
 * stick held past half way keeps capturing, so wait for its release between slots. */
int input_map_capture(const SDL_Event *ev, input_capture *out);

#endif
