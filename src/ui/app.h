/*
 * app: the front end's shared state and services, for the screens of src/ui/.
 *
 * One `app` lives for the whole session: the window and its renderer, the input
 * map, the audio device, the player's options, high scores and spell card
 * record, and each screen's own state. ui.c runs the loop (one frame: events,
 * the current screen's update, its drawing, present) and switches screens; the
 * screens (title, practice, replays, scores, settings, game_screen) call the
 * services below.
 *
 * Menu input: directions come from the held buttons (keyboard, d-pad, sticks)
 * with key repeat done here, so every device repeats alike; confirm, back and
 * pause come from SDL events (input_map_ui_event).
 */
#ifndef CURTAIN_UI_APP_H
#define CURTAIN_UI_APP_H

#include "audio/music.h"
#include "game/autopilot.h"
#include "game/highscores.h"
#include "game/options.h"
#include "game/records.h"
#include "game/replay.h"
#include "game/replay_player.h"
#include "game/spellcards.h"
#include "game/tutorial.h"
#include "game/world.h"
#include "platform/audio.h"
#include "platform/frame_pacer.h"
#include "platform/input_map.h"
#include "platform/window.h"
#include "render/frame_view.h"
#include "ui/menu.h"
#include "ui/staff_roll.h"
#include "ui/ui.h"
#include "ui/unlocks.h"
#include "ui/world_view.h"

#include <SDL.h>

#define APP_PATH_MAX    4096
#define APP_REPLAYS_MAX 48
#define APP_LAST_REPLAY "last.rpl"
#define APP_TOAST_W     (LOGICAL_W - 16) /* the widest message box */
#define APP_TOAST_LINES 8                /* the most lines of messages at once */

typedef enum app_screen {
    SCREEN_TITLE,
    SCREEN_DIFFICULTY,
    SCREEN_PRACTICE,
    SCREEN_REPLAYS,
    SCREEN_SCORES,
    SCREEN_OPTIONS,
    SCREEN_KEYS,
    SCREEN_ACCESS,
    SCREEN_GAME,
    SCREEN_STRESS,
    SCREEN_TUTORIAL,
    SCREEN_SHIP,
    SCREEN_RECORDS, /* Player Data: the records and the spell card history */
    SCREEN_MUSIC,   /* the music room */
    SCREEN_COUNT
} app_screen;

/* The title screen: its menu over an attract demo. */
typedef struct title_state {
    menu m;
    int ids[MENU_MAX_ITEMS]; /* which entry each row is (title.c) */
    world *demo;
    autopilot pilot;
    int demo_index;  /* which demo plays: each stage, then each spell card (game/attract.h) */
    int demo_frames; /* frames the demo has run */
    world_view view;
} title_state;

/* Choosing a difficulty before a run or a practice. */
typedef struct difficulty_state {
    menu m;
    int practice; /* 1: for practice (then the practice menu) */
} difficulty_state;

typedef struct practice_row {
    int boss, phase, one_phase;
    int stage;      /* a stage practice: the game's stage (from 0); -1 a boss practice */
    int difficulty; /* played at this difficulty (the Extra's bosses); -1 the menu's */
} practice_row;

typedef struct practice_state {
    menu m;
    practice_row rows[MENU_MAX_ITEMS];
    /* The difficulty the menu's practices are played at (its title says it): the
     * one chosen in the practice's difficulty menu, or the one a practice that
     * came back here was played at (from the command line, or a take-over). */
    int difficulty;
} practice_state;

typedef struct replay_entry {
    char path[APP_PATH_MAX];
    char file[128];
    int ok;
    int other_content; /* recorded over other patterns: cannot be played here */
    int format2;       /* a format-1 or 2 replay: plays over app_replay_library's */
    replay_end end;
    int64_t date;
    world_config config;
    uint64_t score;
    char name[REPLAY_NAME_MAX + 1];
    uint32_t frames;
    uint8_t practice;                  /* REPLAY_PRACTICE_*: savestates loaded, taken over */
    uint32_t taken_at;                 /* the frame it was taken over at */
    uint8_t reach;                     /* world_reach at its end (format 3 on; 0 unknown) */
    char ship[REPLAY_LABEL_SIZE];      /* the ship flown, by name ("" unknown: format 1, 2) */
    char shot_type[REPLAY_LABEL_SIZE]; /* its shot type, by name ("" the first) */
    char error[256];
} replay_entry;

typedef struct replays_state {
    menu m;
    replay_entry entries[APP_REPLAYS_MAX];
    int count;
} replays_state;

typedef struct scores_state {
    int difficulty;
    int highlight; /* the rank just entered, -1 none */
    app_screen back;
} scores_state;

typedef struct settings_state {
    menu m;
    menu keys;
    menu access;   /* the accessibility screen */
    int pad;       /* the binding screen edits controller controls */
    int capturing; /* waiting for a key for row keys.cursor, slot `slot` */
    int slot;
} settings_state;

/* The game screen's steps after a run. */
typedef enum game_phase {
    GAME_RUNNING,
    GAME_PAUSED,
    GAME_ENDING,   /* the run is over; a moment before the results */
    GAME_RESULTS,  /* the tally */
    GAME_STAFF,    /* the staff roll, after an ending's results (ui/staff_roll.h) */
    GAME_NAME,     /* name entry for the high-score table */
    GAME_UNLOCKED, /* what the run unlocked (ui/unlocks.h) */
    GAME_SAVE,     /* save the replay? */
    GAME_DESYNC,   /* a replay went wrong */
} game_phase;

typedef struct game_state {
    world *w;
    world_config config;
    int watching; /* 1: a replay is playing */
    int practice;
    game_phase phase;
    menu pause;
    menu ask;
    replay rec;           /* this run's recording */
    replay film;          /* the replay being watched */
    replay_player player; /* plays film with keyframes: seek, step back, rewind */
    replay_desync desync;
    autopilot pilot; /* flies the run when the command line asked for it */
    int cards_dirty; /* the spell card record changed during this run */
    /* The cards this run has counted (bit 1: met, bit 2: captured), by boss and
     * phase: each counts once a run, so that a savestate loaded before a card
     * does not count it met again. */
    uint8_t cards_counted[WORLD_MAX_BOSSES][BOSS_MAX_PHASES];
    int film_paused, film_speed, film_step;
    int film_slow;        /* slow motion: a frame every 2^film_slow display frames (0, 1, 2) */
    uint64_t film_tick;   /* display frames watched, for slow motion */
    int film_seeking;     /* a seek is under way, GAME_SEEK_FRAMES a display frame */
    uint32_t film_target; /* where it goes */
    uint64_t
        film_help_til; /* the key help shows until this tick (it fades, a key brings it back) */
    int speed_credit;  /* percent of a logic step owed, for a slowed practice */
    int end_timer;
    char name[HIGHSCORES_NAME_MAX + 1];
    int name_char;      /* index in the charset of the letter offered next */
    int name_asked;     /* Esc with no name typed asked whether to go on as PLAYER */
    uint64_t name_tick; /* the frame name entry opened */
    int key_repeat;     /* the last key down was a held key's repeat */
    int pause_confirm;  /* the pause menu asks to confirm this entry (0: it does not) */
    int rank;           /* rank in the table, -1 none */
    int cont_confirm;   /* a menu confirm (Enter, A) answers the continue prompt next frame */
    snapshot state;     /* a practice's savestate (save_state, load_state); unused in a run */
    world_view view;
} game_state;

/* The ship select (ship_select.c), after the difficulty when the content has
 * more than one ship or shot type: the ship, then its shot type, each with its
 * numbers and its shot flying in a preview world (unfocused, then focused, at
 * each power level in turn). */
typedef struct ship_select_state {
    menu m;
    int practice;    /* 1: the practice menu follows */
    int extra;       /* 1: the Extra stage follows (Extra Start); locked ships dimmed */
    int chosen;      /* the ship runs and practices fly (index into lib->ships) */
    int chosen_type; /* its shot type (index into the ship's types) */
    int step;        /* 0: choosing the ship; 1: choosing its shot type */
    world *preview;  /* the cursor's ship (and type) alone (WORLD_FLAG_NO_STAGE) */
    world_view view;
    int frames; /* frames the preview has run */
} ship_select_state;

/* The stress test (stress.c): a world ramping bullets up until frames take
 * longer than 16.7 ms. */
typedef struct stress_state {
    library *lib; /* the stress stage */
    world *w;
    world_view view;
    int widened;       /* the field view was made wide enough for w */
    int overlay_shown; /* the overlay was turned on here (turned off on leaving) */
    int done;          /* the ramp is over */
    double frame_ms;   /* the last frame: world step and the drawing before it */
    int within, over;  /* frames in a row within 16.7 ms, and over it */
    uint32_t held;     /* the most bullets held at 60 Hz */
    uint64_t frames;
} stress_state;

/* The Music Room (music_room.c): the themes in the game's order. */
typedef struct music_room_state {
    menu m;
    int order[MUSIC_THEMES]; /* the set's index of each row */
    int count;
    int playing; /* the set's index + 1 of the theme it played; 0 none */
} music_room_state;

/* Player Data (records_screen.c): the records and the spell card history. */
#define RECORDS_SCREEN_ROWS 512
typedef struct records_screen_row {
    int boss, phase; /* phase -1: the boss's heading */
    int extra;       /* a boss of the Extra stage */
} records_screen_row;
typedef struct records_screen_state {
    int page;  /* 0 records, 1 spell cards */
    int first; /* the first card row shown */
    records_screen_row rows[RECORDS_SCREEN_ROWS];
    int count;
} records_screen_state;

/* How to Play (tutorial_screen.c): the lesson of game/tutorial on its own field,
 * loaded when the screen opens and freed when it closes. */
typedef struct tutorial_state {
    library *lib; /* tutorial/tutorial.pat */
    world *w;
    tutorial t;
    world_view view;
} tutorial_state;

typedef struct app {
    const ui_config *cfg;
    const library *lib;
    window win;
    frame_pacer pacer;
    input_map input;
    frame_view view;
    audio *sound;
    int music_on;
    options opts, loaded_opts;
    options_status opts_status;
    char opts_path[APP_PATH_MAX];
    highscores scores;
    char scores_path[APP_PATH_MAX];
    spellcards cards;
    char cards_path[APP_PATH_MAX];
    records records; /* the player's records (game/records.h) */
    char records_path[APP_PATH_MAX];
    unlock_state unlocks;   /* what the last run unlocked (ui/unlocks.h) */
    staff_roll_state staff; /* the staff roll after an ending (ui/staff_roll.h) */
    char replay_dir[APP_PATH_MAX];
    app_screen screen;
    uint64_t tick;
    uint64_t next_seed;
    int quit;
    int screenshot;
    uint64_t last_frame_ns;
    overlay_stats stats;
    /* menu input */
    input_bits held, prev_held;
    input_bits event_dirs; /* directions pressed as events this frame */
    int typing;            /* a name is being typed: held keys are not menu moves */
    int pad_used;          /* the last press came from a controller (for the help lines) */
    char ui_words[2][48];  /* app_ui_words' answers: confirm, back */
    int repeat_wait;
    /* a message at the bottom of the screen, in lines that fit APP_TOAST_W; the
     * messages as given (one a line), wrapped again where a screen draws them
     * narrower (app_toast_layout) */
    char toast[1024];
    char toast_text[1024];
    uint64_t toast_until;
    SDL_Color toast_color;
    /* the screens */
    title_state title;
    difficulty_state difficulty;
    practice_state practice;
    replays_state replays;
    scores_state scores_view;
    settings_state settings;
    game_state game;
    stress_state stress;
    tutorial_state tutorial;
    ship_select_state ships;
    music_room_state music_room;
    records_screen_state records_view;
} app;

/* Switches to a screen (its enter function runs). */
void app_switch(app *a, app_screen s);
/* The frame's held directions as menu actions for the screen (the press, then
 * the repeats); ui_frame calls it once a frame, after the events. */
void app_menu_directions(app *a);
/* Plays an effect (pan -1..1). */
void app_sound(app *a, sfx_id id, float pan);
/* Up and down move a menu's cursor, with the menu sound when it moved.
 * Returns 1 when act was one of them (the screen has nothing more to do). */
int app_menu_step(app *a, menu *m, input_ui act);
/* A controller's Start as the title and difficulty menus take it: it confirms,
 * as "press start" does in a pad player's hands (Esc on a keyboard, the same
 * action, still goes back). Returns act unchanged otherwise. */
input_ui app_start_confirms(const app *a, input_ui act);
/* The world's events of its last frame as sounds and music. */
void app_world_sounds(app *a, const world *w);
/* Plays a music cue of the stage scripts' `music` ("stage", "boss", a theme's name,
 * "none") in the stage named stage (audio/music.h); a missing theme is toasted. */
void app_music_cue(app *a, const char *cue, const char *stage);
/* The music of a run just begun: its stage's theme; for a boss fight (practice,
 * the title's demo) a theme of the boss's name, else its stage's boss theme (its
 * stage's theme for a midboss). */
void app_music_for_world(app *a, const world *w);
/* The keys that confirm (act INPUT_UI_CONFIRM) or go back (INPUT_UI_BACK) in the
 * menus, as the help lines name them: the button's bound key and the fixed one
 * ("Z or Enter", "X or Backspace"), or the controller's ("A", "B") when the last
 * press came from one. Valid until the next call for the same act. */
const char *app_ui_words(app *a, input_ui act);
/* Shows a message for a few seconds (app_toast_layout says where). */
void app_toast(app *a, SDL_Color color, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Where the messages showing now are drawn on the current screen, and their
 * text wrapped to that box (into out, cap bytes); returns the box. On a screen
 * with a field where a ship flies (a run, a replay, How to Play, the stress
 * test, the ship select's preview) the box is in the side panel, never over
 * the field: at the bottom, over the panel's logo (How to Play: at the top,
 * its lesson is at the bottom), the newest lines when they are more than fit;
 * elsewhere across the bottom of the screen. */
SDL_Rect app_toast_layout(const app *a, char *out, size_t cap);
/* Draws the messages showing now (ui_frame does, after the screen). */
void app_draw_toast(app *a);
/* The best score of a difficulty's table (0 if empty). */
uint64_t app_high_score(const app *a, int level);
/* A fresh seed for a new run. */
uint64_t app_seed(app *a);
/* Draws the bullets in the options' palette (a load: called when it changes);
 * a failure is shown as a toast and the old palette stays. */
void app_apply_palette(app *a);
/* Saves the options if they changed since the last save. */
void app_save_options(app *a);
/* Save the high scores and the spell card record; a failure is shown as a toast. */
void app_save_scores(app *a);
void app_save_cards(app *a);
void app_save_records(app *a);
/* Draws the screen's frame: the panel and an empty field with its backdrop. */
void app_draw_backdrop(app *a);
/* Overlay statistics of a world for the F3 panel. */
const overlay_stats *app_stats(app *a, const world *w);
/* The frame rate for the HUD, or -1 when the options hide it. */
float app_fps(const app *a);

/* The screens. Each has enter, action (a menu action), update (once a frame) and
 * draw; event (an SDL event the screen wants raw, for key capture and typing)
 * returns 1 when it took the event. */
void title_enter(app *a);
void title_action(app *a, input_ui act);
void title_update(app *a);
void title_draw(app *a);
/* Pieces of the title screen the other menus share: the demo behind them
 * (darkened by dim, 0..255), the logo at height y, the key help line (printf
 * style, for the words of app_ui_words). */
void title_draw_demo(app *a, int dim);
void title_draw_logo(app *a, int y);
void title_draw_help(app *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void difficulty_enter(app *a);
void difficulty_action(app *a, input_ui act);
void difficulty_draw(app *a);
void practice_enter(app *a);
/* The bosses of lib (indices, at most max) in the game's order: each stage's of
 * its list, midboss then boss; then those of no stage of the list; then the
 * Extra stage's, from *extra_from (-1: none). Returns the count. */
int practice_boss_order(const library *lib, int *out, int max, int *extra_from);
void practice_action(app *a, input_ui act);
void practice_draw(app *a);
void replays_enter(app *a);
void replays_action(app *a, input_ui act);
void replays_draw(app *a);
void scores_enter(app *a);
void scores_action(app *a, input_ui act);
void scores_draw(app *a);
void settings_enter(app *a);
void settings_action(app *a, input_ui act);
void settings_draw(app *a);
void keys_enter(app *a);
void keys_action(app *a, input_ui act);
int keys_event(app *a, const SDL_Event *ev);
void keys_draw(app *a);
void access_enter(app *a);
void access_action(app *a, input_ui act);
void access_draw(app *a);
void stress_enter(app *a);
void stress_action(app *a, input_ui act);
void stress_update(app *a);
void stress_draw(app *a);
void tutorial_enter(app *a);
void tutorial_action(app *a, input_ui act);
void tutorial_update_screen(app *a);
void tutorial_draw(app *a);
/* Frees the lesson's world and field (leaving the screen, or quitting). */
void tutorial_close(app *a);
void ship_select_enter(app *a);
void ship_select_action(app *a, input_ui act);
void ship_select_update(app *a);
void ship_select_draw(app *a);
/* Whether the ship select has a choice to offer (two ships or shot types or more). */
int ship_select_offered(const app *a);
/* The title's Extra Start: the ship select for the Extra stage (ships not
 * unlocked shown locked), or with one ship its Extra stage at once. */
void ship_select_extra(app *a);
/* Whether the title's Extra Start is open: the game has an Extra stage and a
 * ship has unlocked it (game/records.h). */
int title_extra_open(const app *a);
/* The run of the game's Extra stage with a ship and its shot type: alone, at
 * Lunatic's rank. */
world_config ship_select_extra_config(app *a, int ship, int type);
void music_room_enter(app *a);
void music_room_action(app *a, input_ui act);
void music_room_draw(app *a);
void records_screen_enter(app *a);
void records_screen_action(app *a, input_ui act);
void records_screen_draw(app *a);
void game_enter(app *a);
void game_action(app *a, input_ui act);
int game_event(app *a, const SDL_Event *ev);
void game_update(app *a);
void game_draw(app *a);

/* Leaving the game (quitting curtain): a run in progress is kept as the last
 * replay. */
void game_leave(app *a);
/* After a run's results and its ending (an ending or staff roll calls it when
 * it is over): the unlock screen when the run unlocked something, then name
 * entry when the score ranks, then the replay question. */
void game_after_ending(app *a);
/* Starts a run (from the difficulty or practice menu) or a replay. */
void game_start_run(app *a, const world_config *cfg, int practice);
/* Returns 0, or -1 with a toast saying why the file cannot be played. */
int game_start_replay(app *a, const char *path);
/* The content a replay plays over: the game's, or for a format-1 or 2 replay
 * the files of that time (ui_config.format2_lib, when there is one). */
const library *app_replay_library(const app *a, int format2);
/* What a replay plays, for the replay list's details: "the stage", or the
 * practice: the boss (by its title), from which phase, or the one phase alone,
 * named by its spell card's title when it has one. lib may be NULL. */
void replays_describe(const library *lib, const world_config *cfg, char *out, size_t size);
/* The heading of the results box: Stage Clear!, Game Over, Practice Over or
 * Lost, and for a replay of a run that was quit (it ends with the world still
 * playing) Run Quit or Practice Quit. */
const char *game_results_title(const app *a);
/* The banner as a run or replay ends: Stage Clear, All Clear or Game Over for a
 * run; Practice Over or Practice Lost for a practice (no stage was cleared). */
const char *game_ending_banner(const app *a);
/* Where the pause menu is drawn: wide enough for its title and every entry. */
SDL_Rect game_pause_box(const app *a);
/* Goes to a frame of the replay being watched: at once when near, else over
 * the next frames (a bounded number of frames a display frame). */
void game_seek_replay(app *a, uint32_t frame);
/* Where a replay's box (label, frame, seek bar, keys) is drawn: in the side
 * panel, off the field. */
SDL_Rect game_film_box(void);
/* The path a saved replay takes in dir: STAMP-NAME.rpl, or STAMP-NAME-2.rpl,
 * -3, ... when that is taken (two saves under one name in one second must
 * not overwrite each other). Returns 0, or -1 when 99 are taken. */
int game_replay_path(const char *dir, const char *stamp, const char *name, char *out, size_t size);

#endif
