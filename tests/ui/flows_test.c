/*
 * flows: the front end's flows driven headless with scripted input, the menu
 * reached and its title checked at each step: a practice started from the
 * command line or by taking over a Normal replay comes back to the practice
 * menu of the difficulty it was played at, whose Back leads through the
 * practice's own ship and difficulty menus (picking there opens the practice
 * menu again, never a full run); the pause menu names where quitting a
 * practice goes; Esc at name entry keeps the name typed, or asks before
 * entering the score as PLAYER; the spell card record keeps each difficulty
 * apart and does not count a card met again after a savestate is loaded.
 */
#include "../check.h"
#include "../game/test_library.h"
#include "core/mem.h"
#include "game/difficulty.h"
#include "ui/app.h"
#include "ui/panel.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static app the_app; /* large: not on the stack */

/* the_app cleared, with a default ui_config, an audio device never opened
 * (sounds are skipped), lib, and the worlds the screens use. */
static app *fl_app(const library *lib)
{
    static ui_config cfg;
    static audio silent;
    static world w, preview, demo;
    app *a = &the_app;
    memset(a, 0, sizeof *a);
    cfg = (ui_config){.lib = lib};
    a->cfg = &cfg;
    a->sound = &silent;
    a->lib = lib;
    a->game.w = &w;
    a->ships.preview = &preview;
    a->title.demo = &demo;
    a->game.rank = -1;
    return a;
}

/* Frees what the flows left in the app's worlds and recordings. */
static void fl_app_free(app *a)
{
    replay_free(&a->game.rec);
    replay_free(&a->game.film);
    snapshot_free(&a->game.state);
    replay_player_free(&a->game.player);
    if (a->game.w->vm)
        world_free(a->game.w);
    if (a->ships.preview->vm)
        world_free(a->ships.preview);
    if (a->title.demo->vm)
        world_free(a->title.demo);
    memset(a->game.w, 0, sizeof *a->game.w);
    memset(a->ships.preview, 0, sizeof *a->ships.preview);
    memset(a->title.demo, 0, sizeof *a->title.demo);
    memset(a, 0, sizeof *a);
}

/* Checks the screen reached and the title of its menu. */
static void fl_at(const app *a, app_screen screen, const char *title)
{
    const char *got = screen == SCREEN_PRACTICE     ? a->practice.m.title
                      : screen == SCREEN_SHIP       ? a->ships.m.title
                      : screen == SCREEN_DIFFICULTY ? a->difficulty.m.title
                                                    : "";
    if ((int)a->screen != (int)screen || strcmp(got, title) != 0)
        fprintf(stderr, "flow: at screen %d '%s', expected screen %d '%s'\n", (int)a->screen,
                (int)a->screen == (int)screen ? got : "?", (int)screen, title);
    CHECK_EQ_INT((int)a->screen, (int)screen);
    CHECK(strcmp(got, title) == 0);
}

/* Pauses the run and quits it (the third entry, then "Yes"); a practice then
 * asks whether to save its replay: "No". */
static void fl_pause_quit(app *a)
{
    game_action(a, INPUT_UI_PAUSE);
    CHECK_EQ_INT(a->game.phase, GAME_PAUSED);
    game_action(a, INPUT_UI_DOWN);
    game_action(a, INPUT_UI_DOWN);
    game_action(a, INPUT_UI_CONFIRM);
    CHECK(a->game.pause_confirm != 0);
    game_action(a, INPUT_UI_DOWN);
    game_action(a, INPUT_UI_CONFIRM);
    if (a->screen == SCREEN_GAME && a->game.practice) {
        CHECK_EQ_INT(a->game.phase, GAME_SAVE);
        game_action(a, INPUT_UI_DOWN);
        game_action(a, INPUT_UI_CONFIRM);
    }
}

/* From a practice menu reached after a practice: Back goes through the
 * practice's ship select and difficulty menu; choosing again comes back to
 * the practice menu (at the difficulty chosen), not to a run. */
static void fl_back_through_practice_menus(app *a)
{
    practice_action(a, INPUT_UI_BACK);
    fl_at(a, SCREEN_SHIP, "Practice: Ship");
    ship_select_action(a, INPUT_UI_BACK);
    fl_at(a, SCREEN_DIFFICULTY, "Practice: Difficulty");
    CHECK_EQ_INT(a->difficulty.m.cursor, DIFFICULTY_NORMAL); /* where the practice was */
    difficulty_action(a, INPUT_UI_DOWN);                     /* Hard */
    difficulty_action(a, INPUT_UI_CONFIRM);
    fl_at(a, SCREEN_SHIP, "Practice: Ship");
    ship_select_action(a, INPUT_UI_CONFIRM);
    /* a ship with shot types asks for the type next; Back returns to the
     * ships, and the type chosen is the one the practice flies */
    const library_ship *ship = &a->lib->ships[a->ships.chosen];
    int types = (int)ship->type_count;
    if (types >= 2) {
        char title[MENU_LABEL_MAX];
        snprintf(title, sizeof title, "Practice: %s: Shot", ship->title);
        fl_at(a, SCREEN_SHIP, title);
        CHECK_EQ_INT(a->ships.m.count, types);
        ship_select_action(a, INPUT_UI_BACK);
        fl_at(a, SCREEN_SHIP, "Practice: Ship");
        ship_select_action(a, INPUT_UI_CONFIRM);
        fl_at(a, SCREEN_SHIP, title);
        ship_select_action(a, INPUT_UI_DOWN);
        ship_select_action(a, INPUT_UI_CONFIRM);
    }
    fl_at(a, SCREEN_PRACTICE, "Practice - Hard");
    /* and a practice chosen there is played at Hard */
    menu_select(&a->practice.m, 0); /* Stage 1, open from the start */
    practice_action(a, INPUT_UI_CONFIRM);
    CHECK_EQ_INT((int)a->screen, SCREEN_GAME);
    CHECK(a->game.practice && a->game.config.difficulty == DIFFICULTY_HARD);
    CHECK_EQ_INT(a->game.config.shot_type, types >= 2 ? 1 : 0);
    CHECK(a->game.w && a->game.w->ship->type == a->game.config.shot_type);
}

/* Two ships (a choice to make) and a boss to practise. */
static library *fl_library(void)
{
    const char *text = "ship kite { name \"Kite\" speed 5 shot 1 { fire orb at 0 speed 9 } }\n"
                       "boss t { phase \"Test Sign\" spell time 20 bonus 1000 { wait 100000 } }\n"
                       "stage stage1 { wait 30 boss t wait 100000 }\n";
    library *lib = test_library_compile("flows.pat", text);
    CHECK(lib && lib->ship_count == 2 && lib->boss_count == 1);
    return lib;
}

/* A practice from the command line (Normal, the second ship) while the menus'
 * stored difficulty is Easy: quitting it lands on "Practice - Normal" with that
 * ship chosen; the pause entry says it goes to the practice menu. */
static void fl_practice_from_command_line(const library *lib)
{
    app *a = fl_app(lib);
    a->opts.difficulty = DIFFICULTY_EASY;
    a->practice.difficulty = DIFFICULTY_EASY;
    world_config cfg = {
        .seed = 5, .difficulty = DIFFICULTY_NORMAL, .start = WORLD_START(0, 0), .ship = 1};
    game_start_run(a, &cfg, world_config_practice(&cfg));
    CHECK(a->game.practice);
    for (int i = 0; i < 10; i++)
        game_update(a);
    game_action(a, INPUT_UI_PAUSE);
    CHECK(strcmp(a->game.pause.labels[2], "Quit to the practice menu") == 0);
    game_action(a, INPUT_UI_BACK); /* resume */
    fl_pause_quit(a);
    fl_at(a, SCREEN_PRACTICE, "Practice - Normal");
    CHECK_EQ_INT(a->ships.chosen, 1);
    fl_back_through_practice_menus(a);
    fl_app_free(a);
}

/* A Normal run's replay taken over (a practice from there) and quit: the
 * practice menu is Normal's, and its Back goes through the practice menus. */
static void fl_practice_from_take_over(const library *lib, const char *dir)
{
    world_config cfg = {.seed = 9, .difficulty = DIFFICULTY_NORMAL};
    static world w;
    replay r;
    CHECK(world_init(&w, &cfg, lib) == 0);
    CHECK(replay_begin(&r, &cfg, 0) == 0);
    replay_set_content(&r, lib);
    for (int i = 0; i < 120; i++) {
        world_step(&w, 0);
        replay_record(&r, 0, &w);
    }
    replay_finish(&r, &w, REPLAY_END_UNFINISHED, "T", 0, 1);
    char path[APP_PATH_MAX], err[256];
    snprintf(path, sizeof path, "%s/normal.rpl", dir);
    CHECK(replay_save(&r, path, err, sizeof err) == 0);
    replay_free(&r);
    world_free(&w);

    app *a = fl_app(lib);
    a->opts.difficulty = DIFFICULTY_EASY;
    a->practice.difficulty = DIFFICULTY_EASY;
    CHECK(game_start_replay(a, path) == 0);
    for (int i = 0; i < 30; i++)
        game_update(a);
    SDL_Event t = {0};
    t.type = SDL_KEYDOWN;
    t.key.keysym.sym = SDLK_t;
    CHECK(game_event(a, &t));
    CHECK(!a->game.watching && a->game.practice);
    for (int i = 0; i < 10; i++)
        game_update(a);
    fl_pause_quit(a);
    fl_at(a, SCREEN_PRACTICE, "Practice - Normal");
    fl_back_through_practice_menus(a);
    fl_app_free(a);
    remove(path);
}

/* Esc at name entry: with nothing typed it asks (nothing goes in), a second
 * Esc enters the score as PLAYER; with a name typed it goes in as typed. */
static void fl_name_escape(void)
{
    static world w;
    for (int typed = 0; typed < 2; typed++) {
        app *a = fl_app(NULL);
        CHECK(world_init(&w, &(world_config){.seed = 1, .difficulty = 1}, NULL) == 0);
        a->game.w = &w;
        a->game.config = w.config;
        w.score = 5000;
        w.state = WORLD_GAME_OVER;
        a->screen = SCREEN_GAME;
        a->game.phase = GAME_NAME;
        a->typing = 1;
        a->tick = 10;
        a->game.name_tick = 1;
        SDL_Event esc = {0}, text = {0};
        esc.type = SDL_KEYDOWN;
        esc.key.keysym.scancode = SDL_SCANCODE_ESCAPE;
        esc.key.keysym.sym = SDLK_ESCAPE;
        text.type = SDL_TEXTINPUT;
        snprintf(text.text.text, sizeof text.text.text, "ace");
        if (typed)
            CHECK(game_event(a, &text));
        CHECK(game_event(a, &esc));
        if (!typed) {
            CHECK_EQ_INT(a->game.phase, GAME_NAME); /* asked: nothing entered yet */
            CHECK_EQ_INT(a->scores.count[1], 0);
            CHECK(a->game.name_asked);
            CHECK(game_event(a, &esc));
        }
        CHECK_EQ_INT(a->game.phase, GAME_SAVE);
        const highscore *top = highscores_get(&a->scores, 1, 0);
        CHECK(top && strcmp(top->name, typed ? "ACE" : "PLAYER") == 0);
        world_free(&w);
        memset(&w, 0, sizeof w);
        a->game.w = NULL;
        memset(a, 0, sizeof *a);
    }
}

/* The savestate keys as the player presses them: the action's bit, taken
 * before the next frame's step. */
static void fl_action(app *a, options_action act)
{
    a->input.actions_latched |= 1u << act;
    game_update(a);
}

/* A practice on Normal meets the card, loads a state saved before it, and meets
 * it again: the record counts it met once, on Normal only. */
static void fl_cards_savestate(const library *lib)
{
    app *a = fl_app(lib);
    world_config cfg = {.seed = 3, .difficulty = DIFFICULTY_NORMAL};
    game_start_run(a, &cfg, 1);
    fl_action(a, OPTIONS_ACTION_SAVE_STATE); /* frame 1: before the boss */
    CHECK(a->game.state.taken);
    const spellcard *c = NULL;
    for (int i = 0; i < 120 && !c; i++) {
        game_update(a);
        c = spellcards_find(&a->cards, "t", 0, "Test Sign", DIFFICULTY_NORMAL);
    }
    CHECK(c && c->seen == 1);
    uint64_t met_at = a->game.w->frame;
    fl_action(a, OPTIONS_ACTION_LOAD_STATE);
    CHECK(a->game.w->frame < met_at);
    for (int i = 0; i < 120; i++)
        game_update(a);
    CHECK(a->game.w->frame > met_at + 30); /* past the card's start again */
    c = spellcards_find(&a->cards, "t", 0, "Test Sign", DIFFICULTY_NORMAL);
    CHECK(c && c->seen == 1);
    CHECK(spellcards_find(&a->cards, "t", 0, "Test Sign", DIFFICULTY_EASY) == NULL);
    /* a new practice (a new run) counts it again */
    game_start_run(a, &cfg, 1);
    for (int i = 0; i < 120; i++)
        game_update(a);
    c = spellcards_find(&a->cards, "t", 0, "Test Sign", DIFFICULTY_NORMAL);
    CHECK(c && c->seen == 2);
    fl_app_free(a);
}

int main(void)
{
    char dir[] = "/tmp/curtain-flows-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    library *lib = fl_library();
    if (lib) {
        fl_practice_from_command_line(lib);
        fl_practice_from_take_over(lib, dir);
        fl_cards_savestate(lib);
    }
    fl_name_escape();
    library_free(lib);
    rmdir(dir);
    return check_done("flows");
}
