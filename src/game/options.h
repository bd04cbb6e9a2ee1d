/*
 * options: the player's settings, their defaults, and the options file.
 *
 * The settings are one X-macro table: each row gives a field of struct options, its
 * kind, default, range and the help line written above it in the file. Key and
 * controller bindings follow: two keys and two controller controls for every
 * logical button of game/input.h, by the names of game/binding.h.
 *
 * The file is plain text in the user folder (options.txt), one "name = value" per
 * line, '#' starts a comment:
 *
 *     # curtain options
 *     version = 1
 *     fullscreen = no
 *     master_volume = 80
 *     difficulty = Normal
 *     key.shot = Z, J
 *     pad.shot = a, rightshoulder
 *
 * Loading never fails: a missing file gives the defaults; an unreadable one gives
 * the defaults with a reason; a line that is wrong (unknown name, value out of
 * range, unknown key, garbage bytes, a last line with no newline: the file was
 * cut short) is reported as
 * "file:line:col: message" and that setting keeps its default, while every good
 * line is kept. Lines missing from a truncated file keep their defaults. Saving
 * writes the whole file atomically (a temporary file, then a rename).
 *
 * Format versions: 1, the first. A file from a newer version is read for what this
 * version knows, with a note.
 */
#ifndef CURTAIN_GAME_OPTIONS_H
#define CURTAIN_GAME_OPTIONS_H

#include "game/difficulty.h"
#include "game/input.h"
#include "sim/bullet_kind.h"

#include <stddef.h>
#include <stdint.h>

#define OPTIONS_VERSION   1
#define OPTIONS_FILE_NAME "options.txt"

typedef enum option_kind {
    OPTION_BOOL,       /* yes / no (also on/off, true/false, 1/0) */
    OPTION_INT,        /* a whole number within [min, max] */
    OPTION_DIFFICULTY, /* a difficulty name: easy, normal, hard, lunatic */
    OPTION_PALETTE,    /* a bullet palette name (sim/bullet_kind.h): normal, deuteranopia, ... */
    OPTION_SPEED,      /* a game speed in percent: 100, 75 or 50 (OPTIONS_SPEEDS) */
} option_kind;

/* The game speeds practice offers, in percent of 60 frames a second. */
#define OPTIONS_SPEEDS(X) X(100) X(75) X(50)

/* Where a setting is changed in the front end (ui/settings builds both menus from
 * this table, rows in table order): the Options menu, its Accessibility screen, or
 * no menu (difficulty: chosen where a run starts). OPTION_MENU_ROUND: a step past
 * an end goes round to the other (else it stops there). */
#define OPTION_MENU_NONE    0
#define OPTION_MENU_OPTIONS 1
#define OPTION_MENU_ACCESS  2
#define OPTION_MENU_WHERE   3 /* the mask of the two above */
#define OPTION_MENU_ROUND   4

/* The settings, one row each:
 *   field    a field of struct options and its name in the file
 *   kind     how the file writes its value (option_kind)
 *   def, min, max   its default and range
 *   step     what left and right change it by in the menu; negative: right goes
 *            down from max (100, 75, 50 percent), left up
 *   menu     where its menu row is (OPTION_MENU_*)
 *   label    the menu row's words
 *   unit     the menu's value: the number, then this ("%" gives "80%"); a yes/no
 *            setting's "yes" words; a palette shows its name
 *   zero     the menu's value at 0 (a yes/no setting's "no" words), or NULL
 *   help     the line written above it in the file
 * Adding a setting is a row here plus its effect where it takes effect. */
#define OPTIONS_SETTINGS(X)                                                                        \
    X(fullscreen, OPTION_BOOL, 0, 0, 1, 1, OPTION_MENU_OPTIONS | OPTION_MENU_ROUND, "Fullscreen",  \
      "on", "off", "start in fullscreen (F11 or Alt+Enter toggles it)")                            \
    X(window_scale, OPTION_INT, 0, 0, 8, 1, OPTION_MENU_OPTIONS | OPTION_MENU_ROUND,               \
      "Window size", " x 640x480", "fit the screen",                                               \
      "window size as a multiple of 640x480; 0 fits the screen")                                   \
    X(integer_scale, OPTION_BOOL, 0, 0, 1, 1, OPTION_MENU_OPTIONS | OPTION_MENU_ROUND,             \
      "Sharp pixels (whole scales)", "on", "off",                                                  \
      "scale by whole multiples only, for sharp pixels")                                           \
    X(vsync, OPTION_BOOL, 1, 0, 1, 1, OPTION_MENU_OPTIONS | OPTION_MENU_ROUND, "Vertical sync",    \
      "on", "off", "wait for the display's refresh before showing a frame")                        \
    X(master_volume, OPTION_INT, 80, 0, 100, 10, OPTION_MENU_OPTIONS, "Master volume", "%", NULL,  \
      "volume of all sound, in percent")                                                           \
    X(effects_volume, OPTION_INT, 80, 0, 100, 10, OPTION_MENU_OPTIONS, "Effects volume", "%",      \
      NULL, "volume of sound effects, in percent")                                                 \
    X(music_volume, OPTION_INT, 60, 0, 100, 10, OPTION_MENU_OPTIONS, "Music volume", "%", NULL,    \
      "volume of the music, in percent")                                                           \
    X(difficulty, OPTION_DIFFICULTY, DIFFICULTY_NORMAL, 0, DIFFICULTY_COUNT - 1, 1,                \
      OPTION_MENU_NONE, "Difficulty", "", NULL,                                                    \
      "the difficulty chosen last: easy, normal, hard or lunatic")                                 \
    X(show_fps, OPTION_BOOL, 0, 0, 1, 1, OPTION_MENU_OPTIONS | OPTION_MENU_ROUND,                  \
      "Show frames per second", "on", "off", "show frames per second in a corner")                 \
    X(stick_deadzone, OPTION_INT, 35, 5, 90, 5, OPTION_MENU_OPTIONS, "Stick dead zone", "%", NULL, \
      "analog stick dead zone, in percent of full tilt")                                           \
    X(bullet_palette, OPTION_PALETTE, BULLET_PALETTE_NORMAL, 0, BULLET_PALETTE_COUNT - 1, 1,       \
      OPTION_MENU_ACCESS | OPTION_MENU_ROUND, "Bullet colours", "", NULL,                          \
      "bullet colours: normal, or apart for deuteranopia, protanopia, tritanopia")                 \
    X(background_dim, OPTION_INT, 0, 0, 80, 20, OPTION_MENU_ACCESS, "Background dimmer",           \
      "% darker", "off", "darken the field's background, in percent")                              \
    X(shot_opacity, OPTION_INT, 100, 20, 100, 20, OPTION_MENU_ACCESS, "Shot opacity", "%", NULL,   \
      "opacity of your own shots, in percent")                                                     \
    X(always_hitbox, OPTION_BOOL, 0, 0, 1, 1, OPTION_MENU_ACCESS | OPTION_MENU_ROUND,              \
      "Always show hitbox", "on", "when focused",                                                  \
      "show the ship's hitbox all the time, not only while focused")                               \
    X(reduce_flash, OPTION_BOOL, 0, 0, 1, 1, OPTION_MENU_ACCESS | OPTION_MENU_ROUND,               \
      "Softer flashes", "on", "off",                                                               \
      "soften the field's white flashes (bombs, lost ships, spell cards)")                         \
    X(reduce_shake, OPTION_BOOL, 0, 0, 1, 1, OPTION_MENU_ACCESS | OPTION_MENU_ROUND,               \
      "Steady screen", "on (no shaking)", "off",                                                   \
      "keep the field still when bombs and hits would shake it")                                   \
    X(practice_speed, OPTION_SPEED, 100, 50, 100, -25, OPTION_MENU_ACCESS | OPTION_MENU_ROUND,     \
      "Practice game speed", "%", NULL,                                                            \
      "game speed of practice runs, in percent: 100, 75 or 50 (replays say it)")                   \
    X(text_speed, OPTION_INT, 60, 0, 240, 30, OPTION_MENU_ACCESS | OPTION_MENU_ROUND,              \
      "Dialogue text speed", " letters a second", "all at once",                                   \
      "dialogue text, letters a second; 0 shows each line at once (replays do not change)")

typedef enum option_id {
#define OPTION_ENUM(field, kind, def, min, max, step, menu, label, unit, zero, help) OPTION_##field,
    OPTIONS_SETTINGS(OPTION_ENUM)
#undef OPTION_ENUM
    OPTION_COUNT
} option_id;

/* Two bindings per logical button; KEY_NONE / PAD_NONE leave a slot empty. */
#define OPTIONS_BINDINGS 2

/* Front-end actions bound like the buttons (key.save_state, pad.save_state) but
 * never given to the world: a replay records what they do, not them. Keys and
 * controls are numbered as controls: the buttons of game/input.h first, then
 * these (OPTIONS_CONTROL_OF).
 *   id  name  (defaults: F5 / back, F9 / right stick press) */
#define OPTIONS_ACTIONS(X)                                       \
    X(SAVE_STATE, "save_state") /* practice: keep this moment */ \
    X(LOAD_STATE, "load_state") /* practice: back to it */

typedef enum options_action {
#define OPTIONS_ACTION_ENUM(id, name) OPTIONS_ACTION_##id,
    OPTIONS_ACTIONS(OPTIONS_ACTION_ENUM)
#undef OPTIONS_ACTION_ENUM
    OPTIONS_ACTION_COUNT
} options_action;

#define OPTIONS_CONTROL_COUNT      (INPUT_BUTTON_COUNT + OPTIONS_ACTION_COUNT)
#define OPTIONS_CONTROL_OF(action) (INPUT_BUTTON_COUNT + (int)(action))

typedef struct options {
#define OPTION_FIELD(field, kind, def, min, max, step, menu, label, unit, zero, help) int field;
    OPTIONS_SETTINGS(OPTION_FIELD)
#undef OPTION_FIELD
    /* by control: the buttons, then the actions (OPTIONS_CONTROL_OF) */
    uint16_t keys[OPTIONS_CONTROL_COUNT][OPTIONS_BINDINGS]; /* enum key_code */
    uint8_t pads[OPTIONS_CONTROL_COUNT][OPTIONS_BINDINGS];  /* enum pad_control */
    /* the file could not be read nor moved aside: options_save leaves it alone */
    int save_blocked;
} options;

/* One row of the settings table, for menus that list settings generically. */
typedef struct option_info {
    const char *name; /* as in the file: "master_volume" */
    option_kind kind;
    int def, min, max;
    int step, menu;    /* the menu's step and place (OPTION_MENU_*) */
    const char *label; /* the menu row's words */
    const char *unit;  /* after the number in the menu; a yes/no setting's "yes" */
    const char *zero;  /* the menu's words at 0, or NULL */
    const char *help;
} option_info;

/* What loading found. The options are usable in every case. */
typedef enum options_status {
    OPTIONS_LOADED,     /* the file was read and every line was good */
    OPTIONS_MISSING,    /* no file yet: defaults */
    OPTIONS_REPAIRED,   /* some lines were wrong: defaults for those, the rest kept */
    OPTIONS_UNREADABLE, /* the file could not be read: defaults; it is kept, never saved over */
} options_status;

#define OPTIONS_REPORT_LINES 8
#define OPTIONS_REPORT_WIDTH 320

/* The problems loading found, as messages to show ("options.txt:4:16: ..."). The
 * first OPTIONS_REPORT_LINES are kept; problems counts them all. */
typedef struct options_report {
    int problems;
    int count;
    char lines[OPTIONS_REPORT_LINES][OPTIONS_REPORT_WIDTH];
} options_report;

/* Every setting, key and control at its default. */
void options_defaults(options *o);
/* A setting's row of the table (name, range, default), or NULL out of range. */
const option_info *options_info(option_id id);
/* A setting's value by id; options_set clamps it into the setting's range. */
int options_get(const options *o, option_id id);
void options_set(options *o, option_id id, int value);
/* A menu's press of left (dir -1) or right (+1) on a setting: its value moves by
 * the row's step, stopping at the range's ends or going round
 * (OPTION_MENU_ROUND); with top >= min, round within [min, top] instead of max
 * (the window sizes this screen holds). */
void options_step(options *o, option_id id, int dir, int top);

/* Reads path into o (see the top of this file). report may be NULL; its problems are
 * also logged as warnings. */
options_status options_load(options *o, const char *path, options_report *report);
/* Parses the text of an options file (size bytes, NULs allowed) over the defaults.
 * path names the file in messages. Returns the number of problems. */
int options_parse(options *o, const char *text, size_t size, const char *path,
                  options_report *report);
/* Writes the file text into out. Returns its length, or -1 if out is too small
 * (OPTIONS_TEXT_MAX always suffices). */
#define OPTIONS_TEXT_MAX 8192
int options_format(const options *o, char *out, size_t out_size);
/* The text of an options file old (old_size bytes) brought up to o, as a
 * careful config writer does: every line kept in its place, comments, blank
 * lines and the lines this version does not know (a newer version's settings,
 * kept through a downgrade and back) as they were; each line of a known setting
 * or binding with o's value (its trailing comment kept); what the file lacks
 * appended as options_format writes it. Lines of unreadable bytes go. Returns
 * the length written into out, or -1 if out is too small (old_size + 2 x
 * OPTIONS_TEXT_MAX always suffices). */
int options_merge(const options *o, const char *old, size_t old_size, char *out, size_t out_size);
/* Writes o to path atomically: over the file there, options_merge keeps its
 * comments and unknown lines; a new file is options_format's. Returns 0, or -1
 * with a reason in err. */
int options_save(const options *o, const char *path, char *err, size_t err_size);

/* Binds key to slot (0 or 1) of a control (a button, or an action's
 * OPTIONS_CONTROL_OF). One key never does two things: a slot
 * that had it gets this slot's old key in exchange (a swap), so every button
 * keeps as many keys as it had. Returns the button the key was taken from, or
 * -1; or OPTIONS_BIND_REFUSED (nothing changes) when this slot was empty and
 * the key is another button's only one. */
#define OPTIONS_BIND_REFUSED (-2)
int options_bind_key(options *o, input_button button, int slot, int key);
/* The same for a controller control. */
int options_bind_pad(options *o, input_button button, int slot, int pad);
/* The file name of a control's binding rows: "shot" gives key.shot, pad.shot;
 * an action's OPTIONS_CONTROL_OF: "save_state". */
const char *options_button_name(input_button button);

#endif
