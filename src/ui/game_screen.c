/*
 * game_screen: a run, or a replay being watched, and what follows a run.
 *
 * Playing: one world step per frame from the input sampled just before it,
 * recorded into the run's replay; Escape pauses (resume, restart, quit to
 * title), and so does losing the window's focus or a controller. When the run is over: a moment,
 * the results (the stage-clear tally or the game over), name entry when the score makes the table,
 * the offer to save the replay, and the high-score table. The last run is always kept as
 * replays/last.rpl, however it ended.
 *
 * A practice has a savestate: the save_state action (F5, the controller's back
 * button; rebindable) keeps the world as it is, load_state (F9, right stick
 * press) puts it back; both are recorded in the replay as savestate events,
 * and a run that loaded is marked as practice with savestates (replay.h).
 *
 * Watching: the replay's inputs drive the world through a replay_player
 * (keyframes laid when the replay is opened): P or Space pauses, F changes the
 * speed (1, 2, 4, 8 frames a frame), S slow motion (1/2, 1/4), N steps one frame
 * and Comma one frame back, Left and Right jump 5 s, Page Up and Page Down to the
 * previous or next mark of the seek bar (a stage's end, a boss, a phase), Home
 * and End to either end, R held rewinds; on a controller A pauses, X slows,
 * back speeds up, the shoulders step, the d-pad jumps, the left trigger held
 * rewinds. T (Y) takes over. The world's hashes are checked against the
 * recording's, and a difference stops the replay with the frame and the parts
 * that differ.
 */
#include "core/file.h"
#include "core/log.h"
#include "core/mem.h"
#include "game/binding.h"
#include "game/difficulty.h"
#include "platform/window.h"
#include "sim/playfield.h"
#include "ui/app.h"
#include "ui/panel.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#define GAME_ENDING_FRAMES 150
/* Frames a seek simulates in one display frame (a long seek goes on over the
 * next ones, the window answering), and how long the replay's key help shows
 * after the last key. */
#define GAME_SEEK_FRAMES   240
#define GAME_HELP_TICKS    (4 * 60)

enum {
    PAUSE_RESUME,
    PAUSE_RESTART,
    PAUSE_QUIT
};

/* ---- starting ---- */

/* A fresh world for cfg. Returns 0, or -1 (said on screen). */
static int game_make_world(app *a, const world_config *cfg, const library *lib)
{
    game_state *g = &a->game;
    snapshot_free(&g->state); /* it holds the old world's blocks */
    replay_player_free(&g->player);
    if (g->w->vm)
        world_free(g->w);
    if (world_init(g->w, cfg, lib) != 0) {
        world_free(g->w);
        app_toast(a, PANEL_RED, "out of memory: the run cannot start");
        return -1;
    }
    g->w->print_scripts = a->cfg->print_scripts;
    g->config = *cfg;
    g->phase = GAME_RUNNING;
    g->end_timer = 0;
    g->rank = -1;
    g->cont_confirm = 0;
    memset(g->cards_counted, 0, sizeof g->cards_counted);
    world_view_reset(&g->view);
    return 0;
}

void game_start_run(app *a, const world_config *cfg, int practice)
{
    game_state *g = &a->game;
    if (game_make_world(a, cfg, a->lib) != 0)
        return;
    g->watching = 0;
    g->practice = practice;
    autopilot_init(&g->pilot, 1);
    a->typing = 0;
    replay_free(&g->rec);
    if (replay_begin(&g->rec, cfg, 0) != 0)
        app_toast(a, PANEL_RED, "out of memory: this run will not be recorded");
    replay_set_content(&g->rec, a->lib);
    if (practice && snapshot_init(&g->state, g->w) != 0)
        app_toast(a, PANEL_RED, "out of memory: no savestates in this practice");
    unlocks_run_started(a);
    input_map_take_actions(&a->input); /* a key held from the menus is no save */
    app_music_for_world(a, g->w);
    app_switch(a, SCREEN_GAME);
}

int game_start_replay(app *a, const char *path)
{
    game_state *g = &a->game;
    char err[512];
    replay_free(&g->film);
    if (replay_load(&g->film, path, err, sizeof err) != 0) {
        app_toast(a, PANEL_RED, "%s", err);
        return -1;
    }
    const library *lib = app_replay_library(a, replay_wants_format2_library(&g->film));
    if (!replay_content_matches(&g->film, lib)) {
        app_toast(a, PANEL_RED,
                  "%s was recorded with other pattern files (a mod, or another version)", path);
        replay_free(&g->film);
        return -1;
    }
    if (game_make_world(a, &g->film.config, lib) != 0)
        return -1;
    if (replay_player_init(&g->player, &g->film, g->w, 0) != 0) {
        app_toast(a, PANEL_RED, "out of memory: the replay cannot be watched");
        replay_free(&g->film);
        return -1;
    }
    /* Nothing is laid before the first frame: it plays at once, keyframes and
     * the seek bar's marks laid as the play head passes (replay_player.h). */
    world_view_reset(&g->view);
    g->watching = 1;
    g->film_seeking = 0;
    g->film_help_til = a->tick + GAME_HELP_TICKS;
    g->practice = world_config_practice(&g->film.config);
    g->film_paused = g->film_step = g->film_slow = 0;
    g->film_speed = 1;
    app_music_for_world(a, g->w);
    app_switch(a, SCREEN_GAME);
    return 0;
}

void game_enter(app *a)
{
    menu_clear(&a->game.pause, "Paused");
}

/* ---- the record ---- */

/* Closes the recording with how the run ended (the name stays empty until
 * someone gives one) and keeps it as the last run. */
static void game_keep_last(app *a, replay_end end)
{
    game_state *g = &a->game;
    if (g->watching || !g->rec.inputs || !a->replay_dir[0])
        return;
    replay_finish(&g->rec, g->w, end, g->name[0] ? g->name : "", world_final_score(g->w),
                  (int64_t)time(NULL));
    char path[APP_PATH_MAX + 16], err[512];
    snprintf(path, sizeof path, "%s/%s", a->replay_dir, APP_LAST_REPLAY);
    if (replay_save(&g->rec, path, err, sizeof err) != 0) {
        log_warn("the last run was not kept: %s", err);
        app_toast(a, PANEL_RED, "the last run was not kept: %s", err);
    }
}

int game_replay_path(const char *dir, const char *stamp, const char *name, char *out, size_t size)
{
    char stem[APP_PATH_MAX + 64];
    snprintf(stem, sizeof stem, "%s/%s-%s", dir, stamp, name);
    return file_unused_name(out, size, stem, "-", ".rpl");
}

/* Saves the run's replay under a name of its own (not at the root of the disk
 * when there is no user folder). */
static void game_save_replay(app *a)
{
    game_state *g = &a->game;
    char stamp[32] = "run", path[APP_PATH_MAX + 64], err[512];
    if (!a->replay_dir[0]) {
        app_toast(a, PANEL_RED, "replay not saved: there is no folder to keep it in");
        return;
    }
    time_t now = time(NULL);
    struct tm tm;
    if (localtime_r(&now, &tm))
        strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
    char name[HIGHSCORES_NAME_MAX + 1];
    highscores_name_clean(g->name, name);
    for (char *c = name; *c; c++)
        if (*c == ' ' || *c == '.' || *c == '!' || *c == '?')
            *c = '_';
    snprintf(g->rec.name, sizeof g->rec.name, "%s", g->name[0] ? g->name : "PLAYER");
    if (game_replay_path(a->replay_dir, stamp, name, path, sizeof path) != 0) {
        app_toast(a, PANEL_RED, "replay not saved: 99 replays named %s-%s already", stamp, name);
        return;
    }
    if (replay_save(&g->rec, path, err, sizeof err) == 0)
        app_toast(a, PANEL_GREEN, "replay saved: %s", path);
    else {
        log_warn("replay not saved: %s", err);
        app_toast(a, PANEL_RED, "replay not saved: %s", err);
    }
}

/* Writes the spell card record if this run changed it. */
static void game_save_cards(app *a)
{
    if (a->game.cards_dirty)
        app_save_cards(a);
    a->game.cards_dirty = 0;
}

static int game_ranks(const app *a);
static void game_insert_score(app *a);

/* The game screen is left (quit, restart, the window closed): a run in progress
 * is kept as the last run, unfinished; a finished run whose score makes the
 * table and is not in it yet (the results or name entry were showing) goes in
 * under the name typed so far, or PLAYER. */
void game_leave(app *a)
{
    game_state *g = &a->game;
    if (!g->watching && (g->phase == GAME_RUNNING || g->phase == GAME_PAUSED))
        game_keep_last(a, REPLAY_END_UNFINISHED);
    int before_table = g->phase == GAME_ENDING || g->phase == GAME_RESULTS ||
                       g->phase == GAME_STAFF || g->phase == GAME_NAME;
    if (before_table && g->rank < 0 && game_ranks(a))
        game_insert_score(a);
    a->typing = 0;
    game_save_cards(a);
    if (!g->watching)
        app_save_records(a);        /* the play time of a run quit */
    replay_player_free(&g->player); /* its keyframes: memory for watching only */
}

/* ---- what the run's events change outside the world ---- */

/* Whether the player flies this run and can die in it (not the autopilot, not
 * invulnerable): only such a run counts in the high scores and the spell card
 * record. */
static int game_own_run(const app *a)
{
    return !a->cfg->autopilot && !(a->game.config.flags & WORLD_FLAG_INVULNERABLE);
}

/* Records a meeting with (or a capture of) the card a SPELL_* value names, in
 * the history of the run's difficulty, once a run: a card met again after a
 * savestate was loaded is the same meeting. */
static void game_note_card(app *a, int32_t card, int captured)
{
    game_state *g = &a->game;
    int b = card / BOSS_MAX_PHASES, p = card % BOSS_MAX_PHASES;
    if (!game_own_run(a) || card < 0 || (uint32_t)b >= a->lib->boss_count ||
        b >= WORLD_MAX_BOSSES || (uint32_t)p >= a->lib->bosses[b].phase_count)
        return;
    uint8_t bit = captured ? 2 : 1;
    if (g->cards_counted[b][p] & bit)
        return;
    g->cards_counted[b][p] |= bit;
    const library_boss *boss = &a->lib->bosses[b];
    const char *title = boss->phases[p].title ? boss->phases[p].title : "";
    int level = g->config.difficulty % DIFFICULTY_COUNT;
    if (!captured && !spellcards_find(&a->cards, boss->name, p, title, level))
        unlocks_card_met(a, title); /* now open in spell practice */
    if (captured)
        spellcards_captured(&a->cards, boss->name, p, title, level);
    else
        spellcards_saw(&a->cards, boss->name, p, title, level);
    g->cards_dirty = 1;
}

/* Spell cards met and captured in the player's own runs go to the record the
 * practice menu reads (saved
 * when the run ends: nothing is written while it runs). A capture is read from
 * the fight's last result rather than from its event, which a frame full of
 * events could refuse. */
static void game_note_cards(app *a, const world *w)
{
    for (int i = 0; i < w->event_count; i++)
        if (w->events[i].kind == WORLD_EVENT_SPELL_START)
            game_note_card(a, w->events[i].value, 0);
    const boss_fight *b = &w->boss;
    if (b->result_at == (int32_t)w->frame - 1 && b->result_captured)
        game_note_card(a, b->result_card, 1);
}

/* The run just ended: keep it, and wait a moment before the results. */
static void game_run_over(app *a)
{
    game_state *g = &a->game;
    g->phase = GAME_ENDING;
    g->end_timer = GAME_ENDING_FRAMES;
    g->name[0] = '\0';
    if (g->w->state == WORLD_STOPPED)
        app_toast(a, PANEL_RED, "%s", g->w->last_error);
    if (!g->watching)
        game_keep_last(a, g->w->state == WORLD_CLEARED   ? REPLAY_END_STAGE_CLEAR
                          : g->w->state == WORLD_STOPPED ? REPLAY_END_UNFINISHED
                                                         : REPLAY_END_GAME_OVER);
    game_save_cards(a);
    if (!g->watching)
        unlocks_run_ended(a);
}

/* The continue prompt answers to a press of the shot button; the menus' confirm
 * (Enter, A) answers it too, given to the world as that press, so the replay
 * records it like any other input. A shot held since before is let go for one
 * frame first, or the world would see no press. */
static input_bits game_continue_input(game_state *g, input_bits in)
{
    if (!g->cont_confirm || g->w->state != WORLD_CONTINUE) {
        g->cont_confirm = 0;
        return in;
    }
    if (input_held(g->w->prev_in, INPUT_SHOT))
        return (input_bits)(in & ~INPUT_BIT(INPUT_SHOT));
    g->cont_confirm = 0;
    return (input_bits)(in | INPUT_BIT(INPUT_SHOT));
}

/* Whether this displayed frame runs a logic step: every one at full speed; at a
 * practice's slower speed (the run's flags) 3 of 4 frames (75%) or 1 of 2 (50%),
 * so the logic keeps its fixed 60 Hz step and only wall time stretches. */
static int game_speed_steps(game_state *g)
{
    g->speed_credit += world_speed_percent(&g->config);
    if (g->speed_credit < 100)
        return 0;
    g->speed_credit -= 100;
    return 1;
}

/* Says once that the run's recording stopped (it is full): the replay keeps
 * the run up to there and reads back; the run goes on unrecorded. */
static void game_recording_stopped(app *a)
{
    game_state *g = &a->game;
    if (g->rec.refused != 1)
        return;
    uint32_t f = g->rec.frame_count;
    app_toast(a, PANEL_RED, "replay full: recording stopped at %u:%02u", f / 3600, f / 60 % 60);
}

/* A practice's savestate keys, before the frame's step: save the world as it
 * is, or put it back, each recorded in the replay so that it verifies (when
 * the recording has no room left, it stops there and the key still works). */
static void game_savestate(app *a)
{
    game_state *g = &a->game;
    unsigned act = input_map_take_actions(&a->input);
    if (!act || !g->practice || !g->state.data)
        return;
    if (act & (1u << OPTIONS_ACTION_SAVE_STATE)) {
        if (g->rec.inputs && replay_record_event(&g->rec, REPLAY_EVENT_SAVE, 0, g->w) != 0)
            game_recording_stopped(a);
        snapshot_take(&g->state, g->w);
        app_toast(a, PANEL_GREEN, "state saved at %d:%02d", (int)(g->w->frame / 3600),
                  (int)(g->w->frame / 60 % 60));
        app_sound(a, SFX_MENU_SELECT, 0);
    } else if (act & (1u << OPTIONS_ACTION_LOAD_STATE)) {
        if (!g->state.taken) {
            app_toast(
                a, PANEL_GOLD, "no state saved yet (%s saves one)",
                binding_key_name(a->opts.keys[OPTIONS_CONTROL_OF(OPTIONS_ACTION_SAVE_STATE)][0]));
            return;
        }
        if (g->rec.inputs && replay_record_event(&g->rec, REPLAY_EVENT_LOAD, 0, g->w) != 0)
            game_recording_stopped(a);
        snapshot_restore(&g->state, g->w);
        world_view_reset(&g->view);
        app_toast(a, PANEL_GREEN, "state loaded: practice with savestates");
        app_sound(a, SFX_MENU_SELECT, 0);
    }
}

/* One frame of play: the input sampled now drives the world. */
static void game_play_frame(app *a)
{
    game_state *g = &a->game;
    if (!game_speed_steps(g))
        return;
    game_savestate(a);
    input_bits in =
        a->cfg->autopilot ? autopilot_input(&g->pilot, g->w) : input_map_take(&a->input);
    in = game_continue_input(g, in);
    world_step(g->w, in);
    unlocks_frame(a);
    if (g->rec.inputs && replay_record(&g->rec, in, g->w) != 0)
        game_recording_stopped(a);
    world_view_step(&g->view, g->w);
    app_world_sounds(a, g->w);
    game_note_cards(a, g->w);
    if (world_over(g->w))
        game_run_over(a);
}

/* Shows another frame of the replay being watched (a seek): the effects of
 * the frame left behind go. A seek far past what has been played goes on over
 * the next display frames, GAME_SEEK_FRAMES each, so the window answers (Esc
 * stops it where it is, a closed window or SIGTERM quits). From the end of the
 * replay (its banner or results) it plays on from where it lands, paused. */
static void game_film_seek(app *a, int64_t frame)
{
    game_state *g = &a->game;
    uint32_t to = frame < 0 ? 0 : (uint32_t)frame;
    g->film_target = to;
    g->film_seeking = replay_player_seek_some(&g->player, to, GAME_SEEK_FRAMES) == 1;
    world_view_reset(&g->view);
    if (g->phase == GAME_ENDING || g->phase == GAME_RESULTS) {
        g->phase = GAME_RUNNING;
        g->film_paused = 1;
    }
}

void game_seek_replay(app *a, uint32_t frame)
{
    game_film_seek(a, frame);
}

/* Goes on with a seek under way. */
static void game_film_seek_on(app *a)
{
    game_state *g = &a->game;
    g->film_seeking = replay_player_seek_some(&g->player, g->film_target, GAME_SEEK_FRAMES) == 1;
    world_view_reset(&g->view);
}

/* Whether rewinding is held: R, or a controller's left trigger. */
static int game_rewind_held(const app *a)
{
    if (SDL_GetKeyboardState(NULL)[SDL_SCANCODE_R])
        return 1;
    for (int i = 0; i < INPUT_MAP_MAX_PADS; i++)
        if (a->input.pads[i] &&
            SDL_GameControllerGetAxis(a->input.pads[i], SDL_CONTROLLER_AXIS_TRIGGERLEFT) > 16000)
            return 1;
    return 0;
}

/* One frame of watching: as many recorded frames as the speed says, one every
 * 2 or 4 frames in slow motion, or backwards while rewind is held. */
static void game_watch_frame(app *a)
{
    game_state *g = &a->game;
    g->film_tick++;
    if (g->film_seeking) {
        game_film_seek_on(a);
        return;
    }
    if (game_rewind_held(a)) {
        game_film_seek(a, (int64_t)replay_player_frame(&g->player) - 2 * g->film_speed);
        return;
    }
    if (g->film_paused && !g->film_step)
        return;
    if (!g->film_step && g->film_slow && g->film_tick % (1u << g->film_slow) != 0)
        return;
    int steps = g->film_step ? 1 : g->film_speed;
    g->film_step = 0;
    for (int i = 0; i < steps && g->phase == GAME_RUNNING; i++) {
        int rc = replay_player_step(&g->player);
        if (rc > 0) {
            game_run_over(a);
            break;
        }
        world_view_step(&g->view, g->w);
        if (steps == 1)
            app_world_sounds(a, g->w);
        if (rc < 0) {
            g->desync = g->player.desync;
            g->phase = GAME_DESYNC;
            app_sound(a, SFX_PAUSE, 0);
        } else if (world_over(g->w) && replay_cursor_done(&g->player.c)) {
            game_run_over(a);
        }
    }
}

void game_update(app *a)
{
    game_state *g = &a->game;
    switch (g->phase) {
    case GAME_RUNNING:
        if (g->watching)
            game_watch_frame(a);
        else
            game_play_frame(a);
        break;
    case GAME_ENDING:
        effects_step(&g->view.fx);
        if (--g->end_timer <= 0)
            g->phase = GAME_RESULTS;
        break;
    case GAME_STAFF:
        if (staff_roll_step(a))
            game_after_ending(a);
        break;
    default: break;
    }
    /* at the end of a replay, rewind held goes back into it */
    if (g->watching && (g->phase == GAME_ENDING || g->phase == GAME_RESULTS) && game_rewind_held(a))
        game_film_seek(a, (int64_t)replay_player_frame(&g->player) - 2);
}

/* ---- after the run ---- */

/* Whether this run's score enters the table: a run the player flew, in full,
 * and could die in (not the autopilot's, not an invulnerable one); not the
 * Extra stage's, whose score the tables of the difficulties do not compare. */
static int game_ranks(const app *a)
{
    const game_state *g = &a->game;
    uint64_t score = world_final_score(g->w);
    return game_own_run(a) && !g->watching && !g->practice && !world_in_extra(g->w) && score > 0 &&
           highscores_rank(&a->scores, (difficulty)g->config.difficulty, score) >= 0;
}

/* Asks whether to save the run's replay (the last question after a run). */
static void game_ask_save(app *a)
{
    game_state *g = &a->game;
    menu_clear(&g->ask, "Save this run's replay?");
    g->ask.cursor = 0;
    menu_add(&g->ask, "Yes, save it", NULL, 0);
    menu_add(&g->ask, "No", NULL, 0);
    g->phase = GAME_SAVE;
}

/* The menu a run the player flew goes back to: the title after a run; after a
 * practice the practice menu, at the difficulty and with the ship the practice
 * was played with (one from the command line or a take-over did not come
 * through the menus, whose choices may differ), its Back leading through the
 * practice's own ship and difficulty menus. */
static app_screen game_menu_after(app *a)
{
    const game_state *g = &a->game;
    if (!g->practice)
        return SCREEN_TITLE;
    a->practice.difficulty = g->config.difficulty % DIFFICULTY_COUNT;
    if (a->lib && g->config.ship < a->lib->ship_count) {
        a->ships.chosen = g->config.ship;
        a->ships.chosen_type = g->config.shot_type;
    }
    a->ships.practice = a->difficulty.practice = 1;
    return SCREEN_PRACTICE;
}

/* After the save question: the table when the run made it, else back to a menu. */
static void game_finish(app *a)
{
    game_state *g = &a->game;
    if (g->watching) {
        app_switch(a, SCREEN_REPLAYS);
    } else if (g->rank >= 0) {
        a->scores_view.difficulty = g->config.difficulty;
        a->scores_view.highlight = g->rank;
        a->scores_view.back = SCREEN_TITLE;
        app_switch(a, SCREEN_SCORES);
    } else {
        app_switch(a, game_menu_after(a));
    }
}

/* The run's score goes into the table (and its file) under the name typed. */
static void game_insert_score(app *a)
{
    game_state *g = &a->game;
    highscore e = {0};
    highscores_name_clean(g->name, e.name);
    snprintf(g->name, sizeof g->name, "%s", e.name);
    e.score = world_final_score(g->w);
    e.stage = g->w->stage + 1;
    snprintf(e.ship, sizeof e.ship, "%s", g->w->ship->name);
    snprintf(e.shot_type, sizeof e.shot_type, "%s", g->w->ship->type_name);
    e.cleared = g->w->state == WORLD_CLEARED;
    e.date = highscores_today();
    g->rank = highscores_insert(&a->scores, (difficulty)g->config.difficulty, &e);
    app_save_scores(a);
}

/* Name entry is done: the score goes into the table. */
static void game_enter_name(app *a)
{
    SDL_StopTextInput();
    a->typing = 0;
    game_insert_score(a);
    app_sound(a, SFX_SPELL_CAPTURE, 0);
    game_ask_save(a);
}

/* Whether the run just over played the game's ending: the player's own run
 * (not a practice, not the Extra stage) that cleared the game. */
static int game_ended_story(const app *a)
{
    const game_state *g = &a->game;
    return !g->watching && !g->practice && g->w->state == WORLD_CLEARED && world_all_clear(g->w) &&
           !world_in_extra(g->w);
}

/* Leaves the results: back to the replays after one; after the game's ending,
 * the staff roll (one that cannot be read is said and left out); else on to
 * what follows the ending (game_after_ending). */
static void game_results_next(app *a)
{
    game_state *g = &a->game;
    app_sound(a, SFX_MENU_SELECT, 0);
    if (g->watching)
        app_switch(a, SCREEN_REPLAYS);
    else if (game_ended_story(a) && staff_roll_begin(a) == 0)
        g->phase = GAME_STAFF;
    else
        game_after_ending(a);
}

void game_after_ending(app *a)
{
    game_state *g = &a->game;
    if (unlocks_pending(a)) {
        g->phase = GAME_UNLOCKED;
    } else if (game_ranks(a)) {
        g->phase = GAME_NAME;
        a->typing = 1;
        g->name_tick = a->tick;
        g->name[0] = '\0';
        g->name_char = 0;
        g->name_asked = 0;
        SDL_StartTextInput();
    } else {
        game_ask_save(a);
    }
}

/* Esc at name entry: the name as typed goes in; with none typed yet it asks
 * first (a second Esc enters the score as PLAYER, the table's name for none),
 * so that Esc pressed to get away does not sign the score for the player. */
static void game_name_escape(app *a)
{
    game_state *g = &a->game;
    if (g->name[0] || g->name_asked) {
        game_enter_name(a);
        return;
    }
    g->name_asked = 1;
    app_sound(a, SFX_PAUSE, 0);
}

/* The name being typed: add a character (if allowed and there is room). */
static void game_name_add(app *a, char c)
{
    game_state *g = &a->game;
    size_t n = strlen(g->name);
    if (n >= HIGHSCORES_NAME_MAX || !strchr(HIGHSCORES_NAME_CHARSET, c) || c == '\0')
        return;
    g->name[n] = c;
    g->name[n + 1] = '\0';
    g->name_asked = 0;
    app_sound(a, SFX_MENU_MOVE, 0);
}

/* The name being typed: remove the last character. */
static void game_name_back(app *a)
{
    game_state *g = &a->game;
    size_t n = strlen(g->name);
    if (n > 0)
        g->name[n - 1] = '\0';
    app_sound(a, SFX_MENU_MOVE, 0);
}

/* Name entry on a controller (or the arrows): up and down offer a letter, right or
 * confirm add it, left or back remove one, pause finishes. */
static void game_name_action(app *a, input_ui act)
{
    game_state *g = &a->game;
    int n = (int)strlen(HIGHSCORES_NAME_CHARSET);
    switch (act) {
    case INPUT_UI_UP: g->name_char = (g->name_char + n - 1) % n; break;
    case INPUT_UI_DOWN: g->name_char = (g->name_char + 1) % n; break;
    case INPUT_UI_RIGHT:
    case INPUT_UI_CONFIRM: game_name_add(a, HIGHSCORES_NAME_CHARSET[g->name_char]); return;
    case INPUT_UI_LEFT:
    case INPUT_UI_BACK: game_name_back(a); return;
    case INPUT_UI_PAUSE: game_enter_name(a); return;
    default: return;
    }
    app_sound(a, SFX_MENU_MOVE, 0);
}

/* ---- menus of the screen ---- */

/* Pauses the run (or the replay being watched) with its menu. */
static void game_open_pause(app *a)
{
    game_state *g = &a->game;
    g->pause_confirm = 0;
    menu_clear(&g->pause, g->watching ? "Replay paused" : "Paused");
    g->pause.cursor = 0;
    menu_add(&g->pause, "Resume", NULL, 0);
    menu_add(&g->pause, g->watching ? "Watch from the start" : "Restart", NULL, 0);
    menu_add(&g->pause,
             g->watching   ? "Back to the replays"
             : g->practice ? "Quit to the practice menu"
                           : "Quit to title",
             NULL, 0);
    g->phase = GAME_PAUSED;
    app_sound(a, SFX_PAUSE, 0);
}

/* Does what the pause menu's cursor says: resume, restart (a replay from its
 * start, a run with a new seed) or leave. */
/* Restart and Quit lose the run in progress: they ask first ("No" under the
 * cursor). A replay being watched is not lost: it does not ask. */
static void game_pause_ask(app *a, int choice)
{
    game_state *g = &a->game;
    g->pause_confirm = choice;
    menu_clear(&g->pause, choice == PAUSE_RESTART
                              ? (g->practice ? "Restart this practice?" : "Restart this run?")
                          : g->practice ? "Quit this practice?"
                                        : "Quit this run?");
    g->pause.cursor = 0;
    menu_add(&g->pause, "No, go on", NULL, 0);
    menu_add(&g->pause, choice == PAUSE_RESTART ? "Yes, restart" : "Yes, quit", NULL, 0);
    app_sound(a, SFX_MENU_SELECT, 0);
}

static void game_pause_choose(app *a)
{
    game_state *g = &a->game;
    int choice = g->pause.cursor;
    if (g->pause_confirm) {
        if (g->pause.cursor == 0) { /* no: back to the pause menu */
            int asked = g->pause_confirm;
            game_open_pause(a);
            g->pause.cursor = asked;
            return;
        }
        choice = g->pause_confirm;
        g->pause_confirm = 0;
    } else if (!g->watching && choice != PAUSE_RESUME) {
        game_pause_ask(a, choice);
        return;
    }
    app_sound(a, SFX_MENU_SELECT, 0);
    switch (choice) {
    case PAUSE_RESUME: g->phase = GAME_RUNNING; break;
    case PAUSE_RESTART:
        if (g->watching) {
            game_film_seek(a, 0);
            g->phase = GAME_RUNNING;
        } else {
            game_leave(a);
            world_config cfg = g->config;
            cfg.seed = app_seed(a);
            game_start_run(a, &cfg, g->practice);
        }
        break;
    default:
        if (!g->watching && g->practice && g->rec.inputs && g->rec.frame_count > 0) {
            /* a practice (a take-over is one), savestates and all, is what a
             * player may want to keep: kept as the last run, then asked */
            game_keep_last(a, REPLAY_END_UNFINISHED);
            game_ask_save(a);
            break;
        }
        game_leave(a);
        app_switch(a, g->watching ? SCREEN_REPLAYS : game_menu_after(a));
        break;
    }
}

void game_action(app *a, input_ui act)
{
    game_state *g = &a->game;
    switch (g->phase) {
    case GAME_RUNNING:
        if (act == INPUT_UI_PAUSE)
            game_open_pause(a);
        else if (act == INPUT_UI_CONFIRM && !g->watching && g->w->state == WORLD_CONTINUE)
            g->cont_confirm = 1;
        break;
    case GAME_PAUSED:
        if (act == INPUT_UI_UP || act == INPUT_UI_DOWN) {
            if (menu_move(&g->pause, act == INPUT_UI_UP ? -1 : 1))
                app_sound(a, SFX_MENU_MOVE, 0);
        } else if (act == INPUT_UI_CONFIRM) {
            game_pause_choose(a);
        } else if ((act == INPUT_UI_PAUSE || act == INPUT_UI_BACK) && g->pause_confirm) {
            int asked = g->pause_confirm;
            game_open_pause(a); /* back from the question to the pause menu */
            g->pause.cursor = asked;
        } else if (act == INPUT_UI_PAUSE || act == INPUT_UI_BACK) {
            g->phase = GAME_RUNNING;
        }
        break;
    case GAME_RESULTS:
        if (act == INPUT_UI_CONFIRM || act == INPUT_UI_PAUSE)
            game_results_next(a);
        break;
    case GAME_STAFF:
        /* back or pause skips it; confirm goes on once the end line stands */
        if (act == INPUT_UI_BACK || act == INPUT_UI_PAUSE ||
            (act == INPUT_UI_CONFIRM && staff_roll_at_end(a))) {
            app_sound(a, SFX_MENU_SELECT, 0);
            a->staff.over = 1;
            game_after_ending(a);
        }
        break;
    case GAME_UNLOCKED:
        if (act == INPUT_UI_CONFIRM || act == INPUT_UI_PAUSE) {
            app_sound(a, SFX_MENU_SELECT, 0);
            unlocks_dismiss(a);
            game_after_ending(a);
        }
        break;
    case GAME_NAME: game_name_action(a, act); break;
    case GAME_SAVE:
        if (act == INPUT_UI_UP || act == INPUT_UI_DOWN) {
            if (menu_move(&g->ask, 1))
                app_sound(a, SFX_MENU_MOVE, 0);
        } else if (act == INPUT_UI_CONFIRM || act == INPUT_UI_BACK) {
            app_sound(a, SFX_MENU_SELECT, 0);
            if (act == INPUT_UI_CONFIRM && g->ask.cursor == 0)
                game_save_replay(a);
            game_finish(a);
        }
        break;
    case GAME_DESYNC:
        if (act == INPUT_UI_CONFIRM || act == INPUT_UI_BACK || act == INPUT_UI_PAUSE)
            app_switch(a, SCREEN_REPLAYS);
        break;
    default: break;
    }
}

/* Whether an event means the player cannot go on playing now: the window lost
 * the focus, or a controller was unplugged. */
static int game_interrupts(const SDL_Event *ev)
{
    return ev->type == SDL_CONTROLLERDEVICEREMOVED ||
           (ev->type == SDL_WINDOWEVENT && ev->window.event == SDL_WINDOWEVENT_FOCUS_LOST);
}

/* Take over: the replay being watched becomes a practice run from the frame
 * on screen, the world as it is; its recording starts with the replay's frames
 * up to here (replay_begin_taken) and verifies like any other. No high score. */
static void game_take_over(app *a)
{
    game_state *g = &a->game;
    uint32_t frame = replay_player_frame(&g->player);
    char why[128];
    if (replay_take_over_refusal(&g->film, frame, 0, why, sizeof why) != 0) {
        app_toast(a, PANEL_GOLD, "%s", why);
        return;
    }
    if (replay_begin_taken(&g->rec, &g->film, frame, 0) != 0) {
        app_toast(a, PANEL_RED, "out of memory: cannot take over here");
        return;
    }
    replay_set_content(&g->rec, g->w->lib);
    replay_take_over(g->w); /* a practice: no continues (recorded by the rules) */
    g->watching = 0;
    g->practice = 1;
    g->config = g->film.config;
    g->speed_credit = 0;
    replay_player_free(&g->player); /* the world goes on as the run's */
    if (snapshot_init(&g->state, g->w) != 0)
        app_toast(a, PANEL_RED, "out of memory: no savestates in this practice");
    input_map_forget(&a->input);
    input_map_take_actions(&a->input);
    app_toast(a, PANEL_GREEN, "taken over at %d:%02d: a practice from here (no high score)",
              (int)(frame / 3600), (int)(frame / 60 % 60));
    app_sound(a, SFX_MENU_SELECT, 0);
}

/* The replay player's controls. */
typedef enum film_control {
    FILM_PAUSE,
    FILM_FASTER,    /* x1, x2, x4, x8 (normal speed again after slow motion) */
    FILM_SLOWER,    /* slow motion: 1/2, 1/4, then normal */
    FILM_STEP,      /* one frame forward, paused */
    FILM_BACK,      /* one frame back, paused */
    FILM_JUMP,      /* 5 s forward */
    FILM_JUMP_BACK, /* 5 s back */
    FILM_MARK,      /* to the next mark of the seek bar */
    FILM_MARK_BACK, /* to the previous one (or the start) */
} film_control;

#define FILM_JUMP_FRAMES (5 * WORLD_TICK_HZ)

static void game_film_control(app *a, film_control c)
{
    game_state *g = &a->game;
    replay_player *p = &g->player;
    int64_t now = replay_player_frame(p);
    switch (c) {
    case FILM_PAUSE: g->film_paused = !g->film_paused; break;
    case FILM_FASTER:
        g->film_speed = g->film_slow ? 1 : g->film_speed >= 8 ? 1 : g->film_speed * 2;
        g->film_slow = 0;
        break;
    case FILM_SLOWER:
        g->film_slow = (g->film_slow + 1) % 3;
        g->film_speed = 1;
        break;
    case FILM_STEP:
        g->film_paused = 1;
        g->film_step = 1;
        break;
    case FILM_BACK:
        g->film_paused = 1;
        game_film_seek(a, now - 1);
        break;
    case FILM_JUMP: game_film_seek(a, now + FILM_JUMP_FRAMES); break;
    case FILM_JUMP_BACK: game_film_seek(a, now - FILM_JUMP_FRAMES); break;
    case FILM_MARK:
    case FILM_MARK_BACK: {
        int64_t to = c == FILM_MARK ? (int64_t)g->film.frame_count - 1 : 0;
        for (int i = 0; i < p->mark_count; i++) {
            int64_t f = p->marks[i].frame;
            if (c == FILM_MARK && f > now && f < to)
                to = f;
            if (c == FILM_MARK_BACK && f < now - WORLD_TICK_HZ / 2 && f > to)
                to = f; /* half a second in: the mark before */
        }
        game_film_seek(a, to);
        break;
    }
    }
}

/* The replay player on a controller: A pauses, X slows, back speeds up, the
 * shoulders step a frame back and forward, the d-pad jumps 5 s (left, right)
 * or to a mark (up, down), Y takes over; the left trigger held rewinds. */
static int game_film_pad(app *a, int button)
{
    switch (button) {
    case SDL_CONTROLLER_BUTTON_A: game_film_control(a, FILM_PAUSE); return 1;
    case SDL_CONTROLLER_BUTTON_X: game_film_control(a, FILM_SLOWER); return 1;
    case SDL_CONTROLLER_BUTTON_BACK: game_film_control(a, FILM_FASTER); return 1;
    case SDL_CONTROLLER_BUTTON_LEFTSHOULDER: game_film_control(a, FILM_BACK); return 1;
    case SDL_CONTROLLER_BUTTON_RIGHTSHOULDER: game_film_control(a, FILM_STEP); return 1;
    case SDL_CONTROLLER_BUTTON_DPAD_LEFT: game_film_control(a, FILM_JUMP_BACK); return 1;
    case SDL_CONTROLLER_BUTTON_DPAD_RIGHT: game_film_control(a, FILM_JUMP); return 1;
    case SDL_CONTROLLER_BUTTON_DPAD_UP: game_film_control(a, FILM_MARK_BACK); return 1;
    case SDL_CONTROLLER_BUTTON_DPAD_DOWN: game_film_control(a, FILM_MARK); return 1;
    case SDL_CONTROLLER_BUTTON_Y: game_take_over(a); return 1;
    default: return 0;
    }
}

/* At the end of a replay (its banner, its results), the keys that go back
 * into it: Home, Left, Page Up, Comma (and End), or a controller's shoulders
 * and d-pad. */
static int game_film_end_key(app *a, const SDL_Event *ev)
{
    game_state *g = &a->game;
    if (ev->type == SDL_CONTROLLERBUTTONDOWN) {
        int b = ev->cbutton.button;
        if (b == SDL_CONTROLLER_BUTTON_A || b == SDL_CONTROLLER_BUTTON_B ||
            b == SDL_CONTROLLER_BUTTON_START)
            return 0; /* the results' own */
        return game_film_pad(a, b);
    }
    if (ev->type != SDL_KEYDOWN)
        return 0;
    g->film_help_til = a->tick + GAME_HELP_TICKS;
    switch (ev->key.keysym.sym) {
    case SDLK_HOME: game_film_seek(a, 0); return 1;
    case SDLK_END: game_film_seek(a, (int64_t)g->film.frame_count - 1); return 1;
    case SDLK_COMMA: game_film_control(a, FILM_BACK); return 1;
    case SDLK_LEFT: game_film_control(a, FILM_JUMP_BACK); return 1;
    case SDLK_PAGEUP: game_film_control(a, FILM_MARK_BACK); return 1;
    case SDLK_r: return 1; /* held: rewinds (game_update) */
    default: return 0;
    }
}

/* Keys the screen reads itself: typing a name, and the replay controls. A run
 * the player flies pauses by itself when the focus or a controller is lost. */
int game_event(app *a, const SDL_Event *ev)
{
    game_state *g = &a->game;
    if (game_interrupts(ev)) {
        if (g->phase == GAME_RUNNING && !g->watching && !a->cfg->autopilot)
            game_open_pause(a);
        return 1;
    }
    if (g->phase == GAME_NAME) {
        if (ev->type == SDL_KEYDOWN)
            g->key_repeat = ev->key.repeat;
        if (ev->type == SDL_TEXTINPUT && a->tick == g->name_tick)
            return 1; /* the key that opened name entry is not the first letter */
        if (ev->type == SDL_TEXTINPUT && g->key_repeat)
            return 1; /* a held key types its letter once, not again and again */
        if (ev->type == SDL_TEXTINPUT) {
            for (const char *c = ev->text.text; *c; c++)
                game_name_add(a, (char)(*c >= 'a' && *c <= 'z' ? *c - 32 : *c));
            return 1;
        }
        if (ev->type != SDL_KEYDOWN)
            return 0;
        SDL_Scancode sc = ev->key.keysym.scancode;
        if (sc == SDL_SCANCODE_RETURN || sc == SDL_SCANCODE_KP_ENTER)
            game_enter_name(a);
        else if (sc == SDL_SCANCODE_ESCAPE)
            game_name_escape(a);
        else if (sc == SDL_SCANCODE_BACKSPACE)
            game_name_back(a);
        else if (sc == SDL_SCANCODE_UP || sc == SDL_SCANCODE_DOWN || sc == SDL_SCANCODE_LEFT ||
                 sc == SDL_SCANCODE_RIGHT)
            game_name_action(a, sc == SDL_SCANCODE_UP     ? INPUT_UI_UP
                                : sc == SDL_SCANCODE_DOWN ? INPUT_UI_DOWN
                                : sc == SDL_SCANCODE_LEFT ? INPUT_UI_LEFT
                                                          : INPUT_UI_RIGHT);
        return 1; /* letters arrive as text; no other key is a menu action here */
    }
    if (!g->watching)
        return 0;
    if (g->phase == GAME_ENDING || g->phase == GAME_RESULTS)
        return game_film_end_key(a, ev);
    if (g->phase != GAME_RUNNING)
        return 0;
    if (ev->type == SDL_KEYDOWN || ev->type == SDL_CONTROLLERBUTTONDOWN)
        g->film_help_til = a->tick + GAME_HELP_TICKS; /* a key brings the help back */
    if (g->film_seeking && ev->type == SDL_KEYDOWN && ev->key.keysym.sym == SDLK_ESCAPE) {
        g->film_seeking = 0; /* stops where it is */
        g->film_paused = 1;
        return 1;
    }
    if (ev->type == SDL_CONTROLLERBUTTONDOWN)
        return game_film_pad(a, ev->cbutton.button);
    if (ev->type != SDL_KEYDOWN)
        return 0;
    switch (ev->key.keysym.sym) {
    case SDLK_t: game_take_over(a); return 1;
    case SDLK_p:
    case SDLK_SPACE: game_film_control(a, FILM_PAUSE); return 1;
    case SDLK_f: game_film_control(a, FILM_FASTER); return 1;
    case SDLK_s: game_film_control(a, FILM_SLOWER); return 1;
    case SDLK_n:
    case SDLK_PERIOD: game_film_control(a, FILM_STEP); return 1;
    case SDLK_COMMA: game_film_control(a, FILM_BACK); return 1;
    case SDLK_LEFT: game_film_control(a, FILM_JUMP_BACK); return 1;
    case SDLK_RIGHT: game_film_control(a, FILM_JUMP); return 1;
    case SDLK_PAGEUP: game_film_control(a, FILM_MARK_BACK); return 1;
    case SDLK_PAGEDOWN: game_film_control(a, FILM_MARK); return 1;
    case SDLK_HOME: game_film_seek(a, 0); return 1;
    case SDLK_END: game_film_seek(a, (int64_t)g->film.frame_count - 1); return 1;
    case SDLK_r: return 1; /* held: rewinds (game_watch_frame) */
    default: return 0;
    }
}

/* ---- drawing ---- */

static SDL_Rect game_box(int w, int h)
{
    return (SDL_Rect){FIELD_VIEW_X + ((int)PLAYFIELD_W - w) / 2,
                      FIELD_VIEW_Y + ((int)PLAYFIELD_H - h) / 2, w, h};
}

/* Darkens the field (alpha 0..255) under a box drawn over it. */
static void game_dim_field(app *a, int alpha)
{
    panel_fill(a->win.renderer,
               (SDL_Rect){FIELD_VIEW_X, FIELD_VIEW_Y, (int)PLAYFIELD_W, (int)PLAYFIELD_H},
               (SDL_Color){0, 0, 10, (Uint8)alpha});
}

/* One line of the tally: a label and a number, right-aligned. */
static void game_tally_line(app *a, SDL_Rect box, int y, const char *label, uint64_t value,
                            SDL_Color c)
{
    const atlas_texture *at = &a->view.atlas;
    panel_text(a->win.renderer, at, ATLAS_FONT_SMALL, 2, box.x + 20, y, TEXT_LEFT, PANEL_LABEL,
               label);
    panel_textf(a->win.renderer, at, ATLAS_FONT_SMALL, 2, box.x + box.w - 20, y, TEXT_RIGHT, c,
                "%" PRIu64, value);
}

const char *game_ending_banner(const app *a)
{
    const game_state *g = &a->game;
    int cleared = g->w->state == WORLD_CLEARED;
    if (g->watching)
        return "End of Replay"; /* in the title font, as wide as the field allows */
    if (g->practice)
        return cleared ? "Practice Over" : "Practice Lost";
    return !cleared                ? "Game Over"
           : world_in_extra(g->w)  ? "Extra Clear"
           : world_all_clear(g->w) ? "All Clear"
                                   : "Stage Clear";
}

SDL_Rect game_film_box(void)
{
    return (SDL_Rect){FIELD_VIEW_X + (int)PLAYFIELD_W + 16, FIELD_VIEW_Y + 242,
                      LOGICAL_W - 16 - (FIELD_VIEW_X + (int)PLAYFIELD_W + 16), 126};
}

SDL_Rect game_pause_box(const app *a)
{
    const menu *m = &a->game.pause;
    int w = 240;
    for (int i = 0; i < m->count; i++) {
        int need = panel_text_width(ATLAS_FONT_SMALL, 2, m->labels[i]) + 40;
        w = need > w ? need : w;
    }
    int title = panel_text_width(ATLAS_FONT_SMALL, 2, m->title) + 24;
    w = title > w ? title : w;
    return game_box(w, 140);
}

const char *game_results_title(const app *a)
{
    const game_state *g = &a->game;
    if (!world_over(g->w))
        return g->practice ? "Practice Quit" : "Run Quit";
    if (g->w->state == WORLD_STOPPED)
        return "Script Error";
    if (g->w->state == WORLD_CLEARED)
        return g->practice             ? "Practice Over"
               : world_in_extra(g->w)  ? "Extra Clear!"
               : world_all_clear(g->w) ? "All Clear!"
                                       : "Stage Clear!";
    return g->practice ? "Practice Lost" : "Game Over";
}

/* The ending's word, under the results of a run that cleared the game (the
 * staff roll, ui/staff_roll.h, follows them). */
static void game_draw_credits(app *a, SDL_Rect box, int y)
{
    SDL_Renderer *r = a->win.renderer;
    const atlas_texture *at = &a->view.atlas;
    int cx = box.x + box.w / 2;
    static const char *const lines[] = {
        "Every stage cleared: thank you for playing!",
        "The staff roll follows.",
    };
    for (int k = 0; k < (a->game.watching ? 1 : 2); k++) /* a replay has no roll */
        panel_text(r, at, ATLAS_FONT_SMALL, 1, cx, y + 14 * k, TEXT_CENTER,
                   k == 0 ? PANEL_PINK : PANEL_DIM, lines[k]);
}

/* The results box: the tally of the run, and whether it made the table; after
 * the last stage, the ending (the results and the credits). */
static void game_draw_results(app *a)
{
    game_state *g = &a->game;
    const world *w = g->w;
    SDL_Renderer *r = a->win.renderer;
    const atlas_texture *at = &a->view.atlas;
    game_dim_field(a, 170);
    int cleared = w->state == WORLD_CLEARED;
    int ending = !g->practice && world_all_clear(w) && !world_in_extra(w);
    SDL_Rect box = game_box(340, cleared && !g->practice ? (ending ? 390 : 330) : 200);
    panel_box(r, box);
    int cx = box.x + box.w / 2, y = box.y + 14;
    SDL_Color head = cleared ? PANEL_GOLD : world_over(w) ? PANEL_RED : PANEL_LABEL;
    panel_text(r, at, ATLAS_FONT_TITLE, 1, cx, y, TEXT_CENTER, head, game_results_title(a));
    y += 50;
    if (cleared && !g->practice) {
        game_tally_line(a, box, y, "Clear bonus", w->tally.clear, PANEL_WHITE);
        game_tally_line(a, box, y += 22, "Ships left", w->tally.lives, PANEL_WHITE);
        game_tally_line(a, box, y += 22, "Bombs left", w->tally.bombs, PANEL_WHITE);
        game_tally_line(a, box, y += 22, "Graze", w->tally.graze, PANEL_WHITE);
        game_tally_line(a, box, y += 22, "Stage bonus", w->tally.total, PANEL_GOLD);
        y += 30;
    }
    uint64_t score = world_final_score(w);
    game_tally_line(a, box, y, "Score", score, PANEL_GOLD);
    y += 30;
    panel_textf(r, at, ATLAS_FONT_SMALL, 1, cx, y, TEXT_CENTER, PANEL_WHITE,
                "%s, %s   graze %" PRIu64 "   spell cards %d/%d", w->ship->title,
                difficulty_name(g->config.difficulty), w->graze, w->spells_captured,
                w->spells_seen);
    y += 14;
    panel_textf(r, at, ATLAS_FONT_SMALL, 1, cx, y, TEXT_CENTER, PANEL_DIM,
                "ships lost %d   bombs used %d   continues %d   %" PRIu64 ":%02" PRIu64, w->deaths,
                w->bombs_used, w->continues, w->frame / 3600, w->frame / 60 % 60);
    if (ending)
        game_draw_credits(a, box, y + 26);
    if (game_ranks(a))
        panel_text(r, at, ATLAS_FONT_SMALL, 2, cx, box.y + box.h - 50, TEXT_CENTER, PANEL_PINK,
                   "A new high score!");
    panel_textf(r, at, ATLAS_FONT_SMALL, 1, cx, box.y + box.h - 20, TEXT_CENTER, PANEL_DIM,
                "%s to go on", app_ui_words(a, INPUT_UI_CONFIRM));
}

/* The name entry box of a new high score. */
static void game_draw_name(app *a)
{
    game_state *g = &a->game;
    SDL_Renderer *r = a->win.renderer;
    const atlas_texture *at = &a->view.atlas;
    game_dim_field(a, 190);
    SDL_Rect box = game_box(340, 210);
    panel_box(r, box);
    int cx = box.x + box.w / 2;
    uint64_t score = world_final_score(g->w);
    int rank = highscores_rank(&a->scores, (difficulty)g->config.difficulty, score);
    panel_textf(r, at, ATLAS_FONT_SMALL, 2, cx, box.y + 14, TEXT_CENTER, PANEL_GOLD,
                "High score: #%d on %s", rank + 1, difficulty_name(g->config.difficulty));
    panel_textf(r, at, ATLAS_FONT_SMALL, 2, cx, box.y + 40, TEXT_CENTER, PANEL_WHITE, "%" PRIu64,
                score);
    panel_text(r, at, ATLAS_FONT_SMALL, 1, cx, box.y + 70, TEXT_CENTER, PANEL_LABEL, "Your name:");
    /* The name, then the cursor: the letter up/down offers, blinking with '_' and
     * dimmed, so it is not read as part of the name. */
    char cursor[2] = {strlen(g->name) < HIGHSCORES_NAME_MAX
                          ? ((a->tick / 20) % 2 ? HIGHSCORES_NAME_CHARSET[g->name_char] : '_')
                          : ' ',
                      '\0'};
    int name_w = panel_text_width(ATLAS_FONT_TITLE, 1, g->name);
    int x = cx - (name_w + panel_text_width(ATLAS_FONT_TITLE, 1, cursor)) / 2;
    SDL_Rect field = {cx - 110, box.y + 88, 220, 34};
    panel_fill(r, field, (SDL_Color){20, 10, 40, 255});
    panel_outline(r, field, PANEL_PINK);
    panel_text(r, at, ATLAS_FONT_TITLE, 1, x, box.y + 86, TEXT_LEFT, PANEL_WHITE, g->name);
    panel_text(r, at, ATLAS_FONT_TITLE, 1, x + name_w, box.y + 86, TEXT_LEFT,
               (SDL_Color){150, 110, 170, 255}, cursor);
    if (g->name_asked)
        panel_text(r, at, ATLAS_FONT_SMALL, 1, cx, box.y + 136, TEXT_CENTER, PANEL_GOLD,
                   "no name typed: Esc again enters it as PLAYER");
    else
        panel_text(r, at, ATLAS_FONT_SMALL, 1, cx, box.y + 136, TEXT_CENTER, PANEL_DIM,
                   "type it, Backspace erases, Enter is done");
    panel_text(r, at, ATLAS_FONT_SMALL, 1, cx, box.y + 152, TEXT_CENTER, PANEL_DIM,
               "controller: up/down pick a letter, A adds it,");
    panel_text(r, at, ATLAS_FONT_SMALL, 1, cx, box.y + 166, TEXT_CENTER, PANEL_DIM,
               "B erases, Start is done");
}

/* The banner as a run or replay ends (Stage Clear, Game Over), over a field that
 * darkens. */
static void game_draw_ending(app *a)
{
    game_state *g = &a->game;
    int age = GAME_ENDING_FRAMES - g->end_timer;
    int alpha = age * 4 > 150 ? 150 : age * 4;
    game_dim_field(a, alpha);
    int cleared = g->w->state == WORLD_CLEARED;
    const char *text = game_ending_banner(a);
    SDL_Rect box = game_box(300, 60);
    panel_text(a->win.renderer, &a->view.atlas, ATLAS_FONT_TITLE, 1, box.x + box.w / 2, box.y + 10,
               TEXT_CENTER, cleared ? PANEL_GOLD : PANEL_RED, text);
}

/* The box that says a replay went out of step: where, and both hashes. */
static void game_draw_desync(app *a)
{
    game_state *g = &a->game;
    SDL_Renderer *r = a->win.renderer;
    const atlas_texture *at = &a->view.atlas;
    game_dim_field(a, 180);
    SDL_Rect box = game_box(360, 120);
    panel_box(r, box);
    int cx = box.x + box.w / 2;
    panel_text(r, at, ATLAS_FONT_SMALL, 2, cx, box.y + 14, TEXT_CENTER, PANEL_RED,
               "This replay went out of step");
    char parts[128];
    replay_desync_parts(&g->desync, parts, sizeof parts);
    if (g->desync.parts) {
        panel_textf(r, at, ATLAS_FONT_SMALL, 1, cx, box.y + 44, TEXT_CENTER, PANEL_WHITE,
                    "first at frame %u, in: %s", g->desync.frame, parts);
    } else {
        panel_textf(r, at, ATLAS_FONT_SMALL, 1, cx, box.y + 44, TEXT_CENTER, PANEL_WHITE,
                    "at frame %u: the state hash is %016" PRIx64, g->desync.frame,
                    g->desync.actual);
        panel_textf(r, at, ATLAS_FONT_SMALL, 1, cx, box.y + 58, TEXT_CENTER, PANEL_WHITE,
                    "where the recording says %016" PRIx64, g->desync.expected);
    }
    panel_text(r, at, ATLAS_FONT_SMALL, 1, cx, box.y + 76, TEXT_CENTER, PANEL_DIM,
               "(recorded by another version, or with other patterns)");
    panel_textf(r, at, ATLAS_FONT_SMALL, 1, cx, box.y + 98, TEXT_CENTER, PANEL_DIM,
                "%s goes back to the replays", app_ui_words(a, INPUT_UI_CONFIRM));
}

/* The replay's box in the side panel, under its stats (never over the
 * field): the blinking REPLAY label, what the player does and the frame shown,
 * the seek bar with how far it has played, its stage ends (gold), bosses
 * (red), spell cards (pink), phase ends (grey) and dialogue scenes (sky
 * blue), and the keys, which fade
 * a few seconds after the last one pressed. */
static void game_draw_film_box(app *a)
{
    game_state *g = &a->game;
    SDL_Renderer *r = a->win.renderer;
    const atlas_texture *at = &a->view.atlas;
    const replay_player *p = &g->player;
    SDL_Rect box = game_film_box();
    int x = box.x + 8, w = box.w - 16, y = box.y + 6;
    uint32_t total = g->film.frame_count ? g->film.frame_count : 1, f = replay_player_frame(p);
    panel_box(r, box);
    if ((a->tick / 30) % 2 == 0)
        panel_text(r, at, ATLAS_FONT_SMALL, 2, x, y, TEXT_LEFT, PANEL_GOLD, "REPLAY");
    char speed[8];
    snprintf(speed, sizeof speed, g->film_slow ? "1/%d" : "x%d",
             g->film_slow ? 1 << g->film_slow : g->film_speed);
    const char *doing = g->film_seeking            ? "seeking"
                        : g->phase != GAME_RUNNING ? "at the end"
                        : game_rewind_held(a)      ? "rewind"
                        : g->film_paused           ? "paused"
                                                   : "playing";
    panel_textf(r, at, ATLAS_FONT_SMALL, 1, box.x + box.w - 8, y + 4, TEXT_RIGHT, PANEL_WHITE,
                "%s %s", doing, speed);
    y += 24;
    panel_textf(r, at, ATLAS_FONT_SMALL, 1, x, y, TEXT_LEFT, PANEL_WHITE, "%u:%02u / %u:%02u",
                f / 3600, f / 60 % 60, total / 3600, total / 60 % 60);
    panel_textf(r, at, ATLAS_FONT_SMALL, 1, box.x + box.w - 8, y, TEXT_RIGHT, PANEL_LABEL,
                "frame %u", f);
    y += 16;
    panel_fill(r, (SDL_Rect){x, y, w, 6}, (SDL_Color){60, 60, 90, 255});
    int laid = (int)((uint64_t)(p->marked_to > f ? p->marked_to : f) * (uint64_t)w / total);
    panel_fill(r, (SDL_Rect){x, y + 4, laid, 2}, (SDL_Color){90, 110, 160, 255});
    int here = (int)((uint64_t)f * (uint64_t)w / total);
    panel_fill(r, (SDL_Rect){x, y, here, 6}, (SDL_Color){120, 170, 255, 255});
    static const SDL_Color mark_colors[] = {
        [REPLAY_MARK_STAGE] = {255, 210, 90, 255},     [REPLAY_MARK_BOSS] = {255, 80, 80, 255},
        [REPLAY_MARK_SPELL] = {255, 120, 220, 255},    [REPLAY_MARK_PHASE] = {170, 170, 190, 255},
        [REPLAY_MARK_DIALOGUE] = {110, 220, 255, 255},
    };
    for (int i = 0; i < p->mark_count; i++) {
        int mx = x + (int)((uint64_t)p->marks[i].frame * (uint64_t)w / total);
        int tall = p->marks[i].kind == REPLAY_MARK_PHASE ? 4 : 8;
        panel_fill(r, (SDL_Rect){mx, y - tall + 3, 2, tall * 2}, mark_colors[p->marks[i].kind]);
    }
    panel_fill(r, (SDL_Rect){x + here - 1, y - 4, 3, 14}, PANEL_WHITE);
    y += 14;
    if (g->film_seeking) {
        panel_textf(r, at, ATLAS_FONT_SMALL, 1, x, y, TEXT_LEFT, PANEL_GOLD, "to frame %u: %u%%",
                    g->film_target,
                    (unsigned)(100u * (uint64_t)f / (g->film_target ? g->film_target : 1)));
        panel_text(r, at, ATLAS_FONT_SMALL, 1, x, y + 11, TEXT_LEFT, PANEL_DIM, "Esc stops");
        return;
    }
    if (a->tick >= g->film_help_til)
        return;
    static const char *const help[] = {
        "Left Right 5 s   R rewind",
        "PgUp PgDn marks  P pause",
        "Comma N a frame  S slow",
        "Home End ends    F fast",
        "T takes over",
    };
    for (size_t i = 0; i < sizeof help / sizeof *help; i++, y += 11)
        panel_text(r, at, ATLAS_FONT_SMALL, 1, x, y, TEXT_LEFT, PANEL_DIM, help[i]);
}

void game_draw(app *a)
{
    game_state *g = &a->game;
    if (g->phase == GAME_STAFF) { /* the roll has the screen: its backdrop, its lines */
        staff_roll_draw(a);
        return;
    }
    char mark2[96] = "";
    if (world_speed_percent(&g->config) != 100)
        snprintf(mark2, sizeof mark2, "practice at %d%% speed", world_speed_percent(&g->config));
    if (g->watching)
        mark2[0] = '\0'; /* the replay's marks are in its box, off the field */
    world_view_extra x = {
        .high_score = app_high_score(a, g->config.difficulty),
        .mark = NULL,
        .mark2 = mark2[0] ? mark2 : NULL,
        .stats = app_stats(a, g->w),
        .fps = app_fps(a),
        .confirm_keys = g->watching ? NULL : app_ui_words(a, INPUT_UI_CONFIRM),
        .no_continue = g->phase == GAME_PAUSED, /* the pause menu stands there alone */
    };
    world_view_draw(&g->view, &a->view, g->w, &x);
    if (g->watching &&
        (g->phase == GAME_RUNNING || g->phase == GAME_ENDING || g->phase == GAME_RESULTS))
        game_draw_film_box(a);
    switch (g->phase) {
    case GAME_PAUSED: {
        game_dim_field(a, 140);
        menu_draw(&g->pause, a->win.renderer, &a->view.atlas, game_pause_box(a), 2, a->tick);
        break;
    }
    case GAME_ENDING: game_draw_ending(a); break;
    case GAME_RESULTS: game_draw_results(a); break;
    case GAME_NAME: game_draw_name(a); break;
    case GAME_UNLOCKED:
        game_dim_field(a, 170);
        unlocks_draw(a);
        break;
    case GAME_SAVE:
        game_dim_field(a, 170);
        menu_draw(&g->ask, a->win.renderer, &a->view.atlas, game_box(320, 120), 2, a->tick);
        break;
    case GAME_DESYNC: game_draw_desync(a); break;
    default: break;
    }
}
