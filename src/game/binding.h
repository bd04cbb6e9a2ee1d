/*
 * binding: the physical controls a logical button can be bound to, by name.
 *
 * Two tables, both X-macros. KEYS lists keyboard keys by their USB HID usage code,
 * which is also SDL's scancode number (the platform layer uses the codes as
 * SDL_Scancode directly; tests/platform checks that they agree), with a name that
 * is readable in the options file and on screen. PAD_CONTROLS lists game
 * controller buttons and axis directions under the names of SDL's controller
 * mapping strings ("a", "dpup", "leftx-"). This module needs no SDL, so options
 * can be parsed, checked and written headless.
 *
 * Key names avoid ',', '=' and '#', which the options file uses as separators.
 * (The tables' macro parameter is ROW, not X: X is also a key and a button.)
 */
#ifndef CURTAIN_GAME_BINDING_H
#define CURTAIN_GAME_BINDING_H

/*          id            code  name */
#define KEYS(ROW)                         \
    ROW(A, 4, "A")                        \
    ROW(B, 5, "B")                        \
    ROW(C, 6, "C")                        \
    ROW(D, 7, "D")                        \
    ROW(E, 8, "E")                        \
    ROW(F, 9, "F")                        \
    ROW(G, 10, "G")                       \
    ROW(H, 11, "H")                       \
    ROW(I, 12, "I")                       \
    ROW(J, 13, "J")                       \
    ROW(K, 14, "K")                       \
    ROW(L, 15, "L")                       \
    ROW(M, 16, "M")                       \
    ROW(N, 17, "N")                       \
    ROW(O, 18, "O")                       \
    ROW(P, 19, "P")                       \
    ROW(Q, 20, "Q")                       \
    ROW(R, 21, "R")                       \
    ROW(S, 22, "S")                       \
    ROW(T, 23, "T")                       \
    ROW(U, 24, "U")                       \
    ROW(V, 25, "V")                       \
    ROW(W, 26, "W")                       \
    ROW(X, 27, "X")                       \
    ROW(Y, 28, "Y")                       \
    ROW(Z, 29, "Z")                       \
    ROW(1, 30, "1")                       \
    ROW(2, 31, "2")                       \
    ROW(3, 32, "3")                       \
    ROW(4, 33, "4")                       \
    ROW(5, 34, "5")                       \
    ROW(6, 35, "6")                       \
    ROW(7, 36, "7")                       \
    ROW(8, 37, "8")                       \
    ROW(9, 38, "9")                       \
    ROW(0, 39, "0")                       \
    ROW(RETURN, 40, "Return")             \
    ROW(ESCAPE, 41, "Escape")             \
    ROW(BACKSPACE, 42, "Backspace")       \
    ROW(TAB, 43, "Tab")                   \
    ROW(SPACE, 44, "Space")               \
    ROW(MINUS, 45, "Minus")               \
    ROW(EQUALS, 46, "Equals")             \
    ROW(LEFTBRACKET, 47, "LeftBracket")   \
    ROW(RIGHTBRACKET, 48, "RightBracket") \
    ROW(BACKSLASH, 49, "Backslash")       \
    ROW(SEMICOLON, 51, "Semicolon")       \
    ROW(APOSTROPHE, 52, "Apostrophe")     \
    ROW(GRAVE, 53, "Grave")               \
    ROW(COMMA, 54, "Comma")               \
    ROW(PERIOD, 55, "Period")             \
    ROW(SLASH, 56, "Slash")               \
    ROW(CAPSLOCK, 57, "CapsLock")         \
    ROW(F1, 58, "F1")                     \
    ROW(F2, 59, "F2")                     \
    ROW(F3, 60, "F3")                     \
    ROW(F4, 61, "F4")                     \
    ROW(F5, 62, "F5")                     \
    ROW(F6, 63, "F6")                     \
    ROW(F7, 64, "F7")                     \
    ROW(F8, 65, "F8")                     \
    ROW(F9, 66, "F9")                     \
    ROW(F10, 67, "F10")                   \
    ROW(F11, 68, "F11")                   \
    ROW(F12, 69, "F12")                   \
    ROW(PAUSE, 72, "Pause")               \
    ROW(INSERT, 73, "Insert")             \
    ROW(HOME, 74, "Home")                 \
    ROW(PAGEUP, 75, "PageUp")             \
    ROW(DELETE, 76, "Delete")             \
    ROW(END, 77, "End")                   \
    ROW(PAGEDOWN, 78, "PageDown")         \
    ROW(RIGHT, 79, "Right")               \
    ROW(LEFT, 80, "Left")                 \
    ROW(DOWN, 81, "Down")                 \
    ROW(UP, 82, "Up")                     \
    ROW(KP_DIVIDE, 84, "Keypad /")        \
    ROW(KP_MULTIPLY, 85, "Keypad *")      \
    ROW(KP_MINUS, 86, "Keypad -")         \
    ROW(KP_PLUS, 87, "Keypad +")          \
    ROW(KP_ENTER, 88, "Keypad Enter")     \
    ROW(KP_1, 89, "Keypad 1")             \
    ROW(KP_2, 90, "Keypad 2")             \
    ROW(KP_3, 91, "Keypad 3")             \
    ROW(KP_4, 92, "Keypad 4")             \
    ROW(KP_5, 93, "Keypad 5")             \
    ROW(KP_6, 94, "Keypad 6")             \
    ROW(KP_7, 95, "Keypad 7")             \
    ROW(KP_8, 96, "Keypad 8")             \
    ROW(KP_9, 97, "Keypad 9")             \
    ROW(KP_0, 98, "Keypad 0")             \
    ROW(KP_PERIOD, 99, "Keypad .")        \
    ROW(LCTRL, 224, "Left Ctrl")          \
    ROW(LSHIFT, 225, "Left Shift")        \
    ROW(LALT, 226, "Left Alt")            \
    ROW(LGUI, 227, "Left GUI")            \
    ROW(RCTRL, 228, "Right Ctrl")         \
    ROW(RSHIFT, 229, "Right Shift")       \
    ROW(RALT, 230, "Right Alt")           \
    ROW(RGUI, 231, "Right GUI")

/* Key codes by name: KEY_Z, KEY_LSHIFT. KEY_NONE (0) is "no key". */
enum key_code {
    KEY_NONE = 0,
#define KEY_ENUM(id, code, name) KEY_##id = code,
    KEYS(KEY_ENUM)
#undef KEY_ENUM
};

#define PAD_BUTTON 0
#define PAD_AXIS   1

/*                 id               name            kind       index  dir */
#define PAD_CONTROLS(ROW)                                  \
    ROW(A, "a", PAD_BUTTON, 0, 0)                          \
    ROW(B, "b", PAD_BUTTON, 1, 0)                          \
    ROW(X, "x", PAD_BUTTON, 2, 0)                          \
    ROW(Y, "y", PAD_BUTTON, 3, 0)                          \
    ROW(BACK, "back", PAD_BUTTON, 4, 0)                    \
    ROW(GUIDE, "guide", PAD_BUTTON, 5, 0)                  \
    ROW(START, "start", PAD_BUTTON, 6, 0)                  \
    ROW(LEFTSTICK, "leftstick", PAD_BUTTON, 7, 0)          \
    ROW(RIGHTSTICK, "rightstick", PAD_BUTTON, 8, 0)        \
    ROW(LEFTSHOULDER, "leftshoulder", PAD_BUTTON, 9, 0)    \
    ROW(RIGHTSHOULDER, "rightshoulder", PAD_BUTTON, 10, 0) \
    ROW(DPUP, "dpup", PAD_BUTTON, 11, 0)                   \
    ROW(DPDOWN, "dpdown", PAD_BUTTON, 12, 0)               \
    ROW(DPLEFT, "dpleft", PAD_BUTTON, 13, 0)               \
    ROW(DPRIGHT, "dpright", PAD_BUTTON, 14, 0)             \
    ROW(MISC1, "misc1", PAD_BUTTON, 15, 0)                 \
    ROW(PADDLE1, "paddle1", PAD_BUTTON, 16, 0)             \
    ROW(PADDLE2, "paddle2", PAD_BUTTON, 17, 0)             \
    ROW(PADDLE3, "paddle3", PAD_BUTTON, 18, 0)             \
    ROW(PADDLE4, "paddle4", PAD_BUTTON, 19, 0)             \
    ROW(LEFTX_NEG, "leftx-", PAD_AXIS, 0, -1)              \
    ROW(LEFTX_POS, "leftx+", PAD_AXIS, 0, 1)               \
    ROW(LEFTY_NEG, "lefty-", PAD_AXIS, 1, -1)              \
    ROW(LEFTY_POS, "lefty+", PAD_AXIS, 1, 1)               \
    ROW(RIGHTX_NEG, "rightx-", PAD_AXIS, 2, -1)            \
    ROW(RIGHTX_POS, "rightx+", PAD_AXIS, 2, 1)             \
    ROW(RIGHTY_NEG, "righty-", PAD_AXIS, 3, -1)            \
    ROW(RIGHTY_POS, "righty+", PAD_AXIS, 3, 1)             \
    ROW(LEFTTRIGGER, "lefttrigger", PAD_AXIS, 4, 1)        \
    ROW(RIGHTTRIGGER, "righttrigger", PAD_AXIS, 5, 1)

/* Controller controls: PAD_A, PAD_LEFTX_NEG. PAD_NONE (0) is "no control". */
enum pad_control {
    PAD_NONE = 0,
#define PAD_ENUM(id, name, kind, index, dir) PAD_##id,
    PAD_CONTROLS(PAD_ENUM)
#undef PAD_ENUM
    PAD_CONTROL_COUNT
};

/* What a controller control is on SDL's side. */
typedef struct pad_info {
    int kind;  /* PAD_BUTTON or PAD_AXIS */
    int index; /* SDL_GameControllerButton or SDL_GameControllerAxis */
    int dir;   /* for an axis: -1 or +1 */
} pad_info;

/* The name of a key code ("Left Shift"), "none" for KEY_NONE, NULL if not in the table. */
const char *binding_key_name(int code);
/* The code of a key name (any letter case), KEY_NONE for "none", -1 if unknown. */
int binding_key_from_name(const char *name);
/* The number of keys in the table, and the code of the i-th (for listings and tests). */
int binding_key_count(void);
int binding_key_at(int i);

/* The name of a controller control ("dpup"), "none" for PAD_NONE, NULL if out of range. */
const char *binding_pad_name(int pad);
/* The control of a name (any letter case), PAD_NONE for "none", -1 if unknown. */
int binding_pad_from_name(const char *name);
/* What a control is on SDL's side; {0} for PAD_NONE or an out-of-range value. */
pad_info binding_pad_info(int pad);
/* The control that is this SDL button, or this axis in direction dir; PAD_NONE if none. */
int binding_pad_find(int kind, int index, int dir);

#endif
