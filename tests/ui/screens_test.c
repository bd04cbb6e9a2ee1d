/*
 * screens: the front end's screens driven on an app without a window, the way
 * they are entered and acted on: the replay list, blank names included; a high
 * score kept when the game is left on the results or name entry; the cursor of
 * the replay list staying on its file when the list is read again; a quit run's
 * replay ending as quit, not game over; a spell card practice's replay named by
 * its card; the pause when
 * the window loses the focus or a controller goes; messages wrapped to the
 * screen and stacked; the options and binding screens' rows all in view; no
 * replay saved without a user folder; the spell card record kept for the
 * player's own runs; the help lines' key names following the bindings; the
 * continue prompt answered with the menus' confirm and recorded; the title's
 * best list as long as the table; a name entered with a controller's held
 * d-pad and stick; a held key typing its letter once; Restart and Quit asking
 * first; the replay viewer's pause menu inside its box; no Stage Clear banner
 * after a practice; stage practice up to the stage reached; the game's stage 2, its midboss
 * and boss and her four cards in the practice menu; the ship select after the difficulty
 * when there are two ships, its preview firing the ship under the cursor, and the run flying the
 * ship chosen.
 */
#include "../check.h"
#include "../game/test_library.h"
#include "core/mem.h"
#include "game/binding.h"
#include "game/difficulty.h"
#include "sim/playfield.h"
#include "ui/app.h"
#include "ui/panel.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static app the_app; /* large: not on the stack */

/* the_app cleared, with a default ui_config and an audio device never opened
 * (sounds are skipped): what most of these tests start from. */
static app *sc_app(void)
{
    static ui_config cfg;
    static audio silent;
    app *a = &the_app;
    memset(a, 0, sizeof *a);
    cfg = (ui_config){0};
    a->cfg = &cfg;
    a->sound = &silent;
    return a;
}

/* Writes a replay of a few empty frames, dated `date`, by `name`, as dir/file. */
static void sc_write_named_replay(const char *dir, const char *file, int64_t date, const char *name)
{
    world_config cfg = {.seed = 7};
    world w;
    replay r;
    CHECK(world_init(&w, &cfg, NULL) == 0);
    CHECK(replay_begin(&r, &cfg, 64) == 0);
    for (int i = 0; i < 3; i++) {
        world_step(&w, 0);
        replay_record(&r, 0, &w);
    }
    replay_finish(&r, &w, REPLAY_END_UNFINISHED, name, (uint64_t)date, date);
    char path[APP_PATH_MAX], err[256];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    CHECK(replay_save(&r, path, err, sizeof err) == 0);
    replay_free(&r);
    world_free(&w);
}

static void sc_write_replay(const char *dir, const char *file, int64_t date)
{
    sc_write_named_replay(dir, file, date, "T");
}

/* A replay saved with a blank name is listed under the default name, not as a
 * gap before its difficulty. */
static void sc_replay_blank_name(const char *dir)
{
    sc_write_named_replay(dir, "blank.rpl", 2, "");
    sc_write_named_replay(dir, "spaces.rpl", 1, "   ");
    app *a = &the_app;
    memset(a, 0, sizeof *a);
    snprintf(a->replay_dir, sizeof a->replay_dir, "%s", dir);
    replays_enter(a);
    CHECK_EQ_INT(a->replays.count, 2);
    for (int i = 0; i < a->replays.count && i < 2; i++)
        CHECK(strncmp(a->replays.m.labels[i], "PLAYER ", 7) == 0);
    char path[APP_PATH_MAX];
    snprintf(path, sizeof path, "%s/blank.rpl", dir);
    remove(path);
    snprintf(path, sizeof path, "%s/spaces.rpl", dir);
    remove(path);
    memset(a, 0, sizeof *a);
}

/* More files than the list holds: the newest are listed, and the last run
 * however old it is, whatever order the folder gives them in. */
static void sc_replay_list(const char *dir)
{
    const int files = APP_REPLAYS_MAX + 20;
    for (int i = 0; i < files; i++) {
        char name[32];
        snprintf(name, sizeof name, "run-%03d.rpl", (i * 37) % files); /* dates out of order */
        sc_write_replay(dir, name, 1000 + (i * 37) % files);
    }
    sc_write_replay(dir, APP_LAST_REPLAY, 1);
    app *a = &the_app;
    snprintf(a->replay_dir, sizeof a->replay_dir, "%s", dir);
    replays_enter(a);
    replays_state *s = &a->replays;
    CHECK_EQ_INT(s->count, APP_REPLAYS_MAX);
    CHECK(strcmp(s->entries[0].file, APP_LAST_REPLAY) == 0);
    for (int i = 1; i < s->count; i++) {
        CHECK(s->entries[i].ok);
        CHECK_EQ_INT(s->entries[i].date, 1000 + files - i);
    }
    for (int i = 0; i < files; i++) {
        char path[APP_PATH_MAX];
        snprintf(path, sizeof path, "%s/run-%03d.rpl", dir, i);
        remove(path);
    }
    char last[APP_PATH_MAX];
    snprintf(last, sizeof last, "%s/%s", dir, APP_LAST_REPLAY);
    remove(last);
}

/* The list read again (coming back from a replay, or from the title after a
 * run was saved) keeps the cursor on the file it was on, not on the row: a new
 * replay sorting above it would otherwise put another run under the cursor. */
static void sc_replay_cursor_follows_file(const char *dir)
{
    sc_write_replay(dir, "old.rpl", 10);
    sc_write_replay(dir, "mid.rpl", 20);
    app *a = &the_app;
    memset(a, 0, sizeof *a);
    snprintf(a->replay_dir, sizeof a->replay_dir, "%s", dir);
    replays_enter(a);
    replays_state *s = &a->replays;
    CHECK_EQ_INT(s->count, 2);
    menu_select(&s->m, 1);
    CHECK(strcmp(s->entries[s->m.cursor].file, "old.rpl") == 0);
    sc_write_replay(dir, "new.rpl", 30);
    replays_enter(a);
    CHECK_EQ_INT(s->count, 3);
    CHECK_EQ_INT(s->m.cursor, 2);
    CHECK(strcmp(s->entries[s->m.cursor].file, "old.rpl") == 0);
    /* The file gone: the cursor stays on its row (the next one down). */
    char path[APP_PATH_MAX];
    snprintf(path, sizeof path, "%s/old.rpl", dir);
    remove(path);
    replays_enter(a);
    CHECK_EQ_INT(s->count, 2);
    CHECK_EQ_INT(s->m.cursor, 1);
    static const char *const files[] = {"mid.rpl", "new.rpl"};
    for (int i = 0; i < 2; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, files[i]);
        remove(path);
    }
    memset(a, 0, sizeof *a);
}

/* A replay of a run that was quit (the last run kept after Restart or Quit to
 * title) plays to its end and shows its results as a quit run, not as a game
 * over the player never had. */
static void sc_replay_quit_results(const char *dir)
{
    sc_write_replay(dir, "quit.rpl", 5); /* ends UNFINISHED, the world still playing */
    static world w;
    static ui_config cfg;
    static audio silent;
    app *a = &the_app;
    memset(a, 0, sizeof *a);
    a->cfg = &cfg;
    a->sound = &silent;
    a->game.w = &w;
    char path[APP_PATH_MAX];
    snprintf(path, sizeof path, "%s/quit.rpl", dir);
    CHECK(game_start_replay(a, path) == 0);
    for (int i = 0; i < 400 && a->game.phase != GAME_RESULTS; i++)
        game_update(a);
    CHECK_EQ_INT(a->game.phase, GAME_RESULTS);
    CHECK_EQ_INT(w.state, WORLD_PLAYING);
    CHECK(strcmp(game_results_title(a), "Run Quit") == 0);
    a->game.practice = 1;
    CHECK(strcmp(game_results_title(a), "Practice Quit") == 0);
    a->game.practice = 0;
    w.state = WORLD_GAME_OVER;
    CHECK(strcmp(game_results_title(a), "Game Over") == 0);
    w.state = WORLD_CLEARED;
    CHECK(strcmp(game_results_title(a), "Stage Clear!") == 0);
    w.state = WORLD_PLAYING;
    replay_free(&a->game.film);
    snapshot_free(&a->game.state); /* a practice's savestate */
    replay_player_free(&a->game.player);
    world_free(&w);
    memset(a, 0, sizeof *a);
    remove(path);
}

/* A key press as the window would hand it to the game screen. */
static int sc_key(app *a, SDL_Keycode key)
{
    SDL_Event ev = {.type = SDL_KEYDOWN};
    ev.key.keysym.sym = key;
    return game_event(a, &ev);
}

/* Watching: the replay plays at once (nothing is laid before its first frame:
 * a long one froze the window for seconds), and its end is not one-way: from
 * the results, Home goes back to the start, Comma a frame back, Left 5 s
 * back, End to the end again; a long seek goes a bounded number of frames a
 * display frame and Esc stops it. */
static void sc_replay_end_goes_back(void)
{
    static world w;
    static ui_config cfg;
    static audio silent;
    app *a = &the_app;
    memset(a, 0, sizeof *a);
    a->cfg = &cfg;
    a->sound = &silent;
    a->game.w = &w;
    char path[APP_PATH_MAX];
    snprintf(path, sizeof path, "%s/../tests/game/replays_practice/practice_states.rpl",
             CURTAIN_TEST_PATTERNS);
    library *lib = test_library_load(CURTAIN_TEST_PATTERNS);
    CHECK(lib != NULL);
    cfg = (ui_config){.lib = lib};
    a->lib = lib;
    world_view_init(&a->game.view, 5); /* as ui_main does: hits make sparks */
    CHECK(lib && game_start_replay(a, path) == 0);
    if (!lib || !a->game.watching) {
        library_free(lib);
        return;
    }
    game_state *g = &a->game;
    CHECK_EQ_INT(g->player.marked_to, 0); /* nothing played before the first frame */
    CHECK_EQ_INT(g->player.key_count, 0);
    uint32_t total = g->film.frame_count;
    for (int i = 0; i < 2000 && g->phase != GAME_RESULTS; i++) {
        a->tick++;
        game_update(a);
    }
    CHECK_EQ_INT(g->phase, GAME_RESULTS);
    CHECK(sc_key(a, SDLK_COMMA));
    CHECK_EQ_INT(g->phase, GAME_RUNNING);
    CHECK_EQ_INT(replay_player_frame(&g->player), total - 1);
    g->phase = GAME_RESULTS;
    CHECK(sc_key(a, SDLK_HOME));
    CHECK_EQ_INT(g->phase, GAME_RUNNING);
    CHECK_EQ_INT(replay_player_frame(&g->player), 0);
    CHECK(g->film_paused);
    CHECK(sc_key(a, SDLK_END));
    CHECK_EQ_INT(replay_player_frame(&g->player), total - 1);
    g->phase = GAME_RESULTS;
    CHECK(sc_key(a, SDLK_LEFT));
    CHECK_EQ_INT(replay_player_frame(&g->player), total - 1 - 5 * WORLD_TICK_HZ);
    CHECK(sc_key(a, SDLK_PAGEUP));
    /* from the start, a seek to the end goes 240 frames a display frame;
     * Esc stops it where it is */
    CHECK(sc_key(a, SDLK_HOME));
    replay_player_free(&g->player);
    CHECK(replay_player_init(&g->player, &g->film, g->w, 0) == 0);
    CHECK(sc_key(a, SDLK_END));
    CHECK(total <= 240 || g->film_seeking);
    if (total > 240) {
        CHECK_EQ_INT(replay_player_frame(&g->player), 240);
        CHECK(sc_key(a, SDLK_ESCAPE));
        CHECK(!g->film_seeking);
        game_update(a);
        CHECK_EQ_INT(replay_player_frame(&g->player), 240);
    }
    replay_free(&g->film);
    snapshot_free(&g->state);
    replay_player_free(&g->player);
    world_free(&w);
    memset(a, 0, sizeof *a);
    library_free(lib);
}

/* A format-2 replay (one of tests/game/replays/, recorded before format 3)
 * plays from the game over the files of its time, ui_config.format2_lib, to
 * its end without a desync, though the game's content has files added since
 * (which it is refused over); the list does not mark it as other content. */
static void sc_replay_format2(const char *dir)
{
    static world w;
    static ui_config cfg;
    static audio silent;
    library *lib = test_library_load(CURTAIN_TEST_PATTERNS);
    diag_list diags;
    diag_init(&diags);
    library *old = library_load_dir_kept(CURTAIN_TEST_PATTERNS, NULL, replay_format2_file, &diags);
    diag_print(&diags, stderr);
    diag_free(&diags);
    CHECK(lib && old);
    char path[APP_PATH_MAX];
    snprintf(path, sizeof path, "%s/../tests/game/replays/hard_last_card.rpl",
             CURTAIN_TEST_PATTERNS);
    app *a = &the_app;
    for (int with_old = 0; with_old < 2 && lib && old; with_old++) {
        memset(a, 0, sizeof *a);
        cfg = (ui_config){.lib = lib, .format2_lib = with_old ? old : NULL};
        a->cfg = &cfg;
        a->lib = lib;
        a->sound = &silent;
        a->game.w = &w;
        world_view_init(&a->game.view, 5); /* as ui_main does: hits make sparks */
        if (!with_old) {                   /* the game's content alone: other pattern files */
            CHECK(game_start_replay(a, path) != 0);
            continue;
        }
        CHECK(game_start_replay(a, path) == 0);
        CHECK(w.lib == old);
        for (int i = 0; i < 2000 && a->game.phase == GAME_RUNNING; i++)
            game_update(a);
        CHECK_EQ_INT(a->game.phase, GAME_ENDING); /* not GAME_DESYNC */
        CHECK(w.state == WORLD_CLEARED &&
              replay_player_frame(&a->game.player) == a->game.film.frame_count);
        replay_player_free(&a->game.player);
        replay_free(&a->game.film);
        world_free(&w);
    }
    /* the replays menu lists it as playable */
    char sub[APP_PATH_MAX], copy[APP_PATH_MAX + 16];
    snprintf(sub, sizeof sub, "%s/old", dir);
    CHECK(mkdir(sub, 0700) == 0);
    snprintf(copy, sizeof copy, "%s/old.rpl", sub);
    size_t size = 0;
    char err[256];
    char *bytes = file_read_all(path, &size, err, sizeof err);
    CHECK(bytes && file_write_atomic(copy, bytes, size, err, sizeof err) == 0);
    mem_free(bytes);
    memset(a, 0, sizeof *a);
    cfg = (ui_config){.lib = lib, .format2_lib = old};
    a->cfg = &cfg;
    a->lib = lib;
    snprintf(a->replay_dir, sizeof a->replay_dir, "%s", sub);
    replays_enter(a);
    int found = 0;
    for (int i = 0; i < a->replays.count; i++)
        if (strcmp(a->replays.entries[i].file, "old.rpl") == 0) {
            found = 1;
            CHECK(a->replays.entries[i].ok && !a->replays.entries[i].other_content);
        }
    CHECK(found);
    remove(copy);
    rmdir(sub);
    memset(a, 0, sizeof *a);
    library_free(lib);
    library_free(old);
}

/* The replay list's details name a spell card practice by the card's title, as
 * the practice menu does, not by its phase number. */
static void sc_replay_describe(void)
{
    const char *text = "boss t { name \"Tess\" phase time 20 { wait 100 }\n"
                       "  phase \"Test Sign\" spell time 20 bonus 1000 { wait 100000 } }\n"
                       "stage stage1 { boss t wait 100 }\n";
    library *lib = test_library_compile("describe.pat", text);
    CHECK(lib != NULL);
    if (!lib)
        return;
    char out[256];
    world_config cfg = {.seed = 1};
    replays_describe(lib, &cfg, out, sizeof out);
    CHECK(strcmp(out, "the stage") == 0);
    cfg.start = WORLD_START(0, 1);
    cfg.flags = WORLD_FLAG_ONE_PHASE;
    replays_describe(lib, &cfg, out, sizeof out);
    CHECK(strcmp(out, "practice: Tess, spell card \"Test Sign\"") == 0);
    cfg.start = WORLD_START(0, 0);
    replays_describe(lib, &cfg, out, sizeof out);
    CHECK(strcmp(out, "practice: Tess, phase 1 alone") == 0);
    cfg.start = WORLD_START(0, 1);
    cfg.flags = 0;
    replays_describe(lib, &cfg, out, sizeof out);
    CHECK(strcmp(out, "practice: Tess, from phase 2") == 0);
    cfg.flags = WORLD_FLAG_ONE_PHASE;
    replays_describe(NULL, &cfg, out, sizeof out); /* a boss the patterns lack */
    CHECK(strcmp(out, "practice: ?, phase 2 alone") == 0);
    library_free(lib);
    /* a run of a game of three stages is the game, not "the stage" */
    lib = test_library_compile("game.pat",
                               "stage s1 { wait 1 }\nstage s2 { wait 1 }\nstage s3 { wait 1 }\n"
                               "game main {\n    stages s1 s2 s3\n}\n");
    CHECK(lib != NULL);
    cfg = (world_config){.seed = 1};
    replays_describe(lib, &cfg, out, sizeof out);
    CHECK_STR_CONTAINS(out, "the game (3 stages)");
    library_free(lib);
}

/* A finished run left on the results (the window closed) or halfway through name
 * entry still enters the table: as PLAYER, or under the name typed so far. */
static void sc_leave_keeps_score(void)
{
    static const game_phase phases[] = {GAME_ENDING, GAME_RESULTS, GAME_NAME};
    static ui_config cfg;
    app *a = &the_app;
    memset(a, 0, sizeof *a);
    a->cfg = &cfg;
    world w;
    CHECK(world_init(&w, &(world_config){.seed = 1, .difficulty = 1}, NULL) == 0);
    a->game.w = &w;
    for (int k = 0; k < 3; k++) {
        game_state *g = &a->game;
        g->config = w.config;
        g->phase = phases[k];
        g->rank = -1;
        snprintf(g->name, sizeof g->name, "%s", k == 2 ? "ACE" : "");
        w.score = 1000u * (uint64_t)(k + 1);
        w.state = WORLD_GAME_OVER;
        game_leave(a);
        const highscore *top = highscores_get(&a->scores, 1, 0);
        CHECK(top && top->score == w.score);
        CHECK(top && strcmp(top->name, k == 2 ? "ACE" : "PLAYER") == 0);
        CHECK_EQ_INT(g->rank, 0);
        game_leave(a); /* a second leave adds nothing */
        CHECK_EQ_INT(a->scores.count[1], k + 1);
    }
    /* Watching a replay or leaving a run in progress enters nothing. */
    a->game.phase = GAME_RESULTS;
    a->game.rank = -1;
    a->game.watching = 1;
    w.score = 99999;
    game_leave(a);
    CHECK_EQ_INT(a->scores.count[1], 3);
    world_free(&w);
    memset(a, 0, sizeof *a);
}

/* A run pauses by itself when the focus or a controller is lost; a replay
 * being watched and other events do not. */
static void sc_auto_pause(void)
{
    app *a = sc_app();
    SDL_Event focus = {.window = {.type = SDL_WINDOWEVENT, .event = SDL_WINDOWEVENT_FOCUS_LOST}};
    SDL_Event unplugged = {.cdevice = {.type = SDL_CONTROLLERDEVICEREMOVED, .which = 0}};
    SDL_Event moved = {.window = {.type = SDL_WINDOWEVENT, .event = SDL_WINDOWEVENT_MOVED}};
    const SDL_Event *pausing[] = {&focus, &unplugged};
    for (int k = 0; k < 2; k++) {
        a->game.phase = GAME_RUNNING;
        game_event(a, &moved);
        CHECK_EQ_INT(a->game.phase, GAME_RUNNING);
        game_event(a, pausing[k]);
        CHECK_EQ_INT(a->game.phase, GAME_PAUSED);
        game_event(a, pausing[k]); /* already paused: stays so */
        CHECK_EQ_INT(a->game.phase, GAME_PAUSED);
    }
    a->game.phase = GAME_RUNNING;
    a->game.watching = 1;
    game_event(a, &focus);
    CHECK_EQ_INT(a->game.phase, GAME_RUNNING);
    memset(a, 0, sizeof *a);
}

/* Checks every line of text fits max_w; returns how many lines it has. */
static int sc_lines_fit(const char *text, int max_w)
{
    char line[1024];
    int lines = 0;
    for (const char *p = text;; lines++) {
        size_t n = strcspn(p, "\n");
        snprintf(line, sizeof line, "%.*s", (int)n, p);
        CHECK(panel_text_width(ATLAS_FONT_SMALL, 1, line) <= max_w);
        if (!p[n])
            return lines + 1;
        p += n + 1;
    }
}

/* Messages fit the screen: a long one (paths) is wrapped, one that comes while
 * another shows goes under it in red if either was red (three damaged files at
 * the start are all said), and one after the last has gone replaces it. */
static void sc_toast(void)
{
    app *a = &the_app;
    memset(a, 0, sizeof *a);
    a->tick = 10;
    app_toast(a, PANEL_RED,
              "high scores: %s/highscores.txt:4: checksum does not match: the file "
              "was damaged or edited; kept as %s/highscores.txt.bad, starting an "
              "empty table",
              "/home/someone/.local/share/curtain", "/home/someone/.local/share/curtain");
    CHECK(sc_lines_fit(a->toast, APP_TOAST_W - 16) >= 2);
    CHECK(strstr(a->toast, "high scores:") == a->toast);
    CHECK(strstr(a->toast, "empty table") != NULL);
    app_toast(a, PANEL_GREEN, "spell cards: %s", "/x/spellcards.txt:1: not a spell card record");
    CHECK(sc_lines_fit(a->toast, APP_TOAST_W - 16) >= 3);
    CHECK(strstr(a->toast, "high scores:") == a->toast);
    CHECK(strstr(a->toast, "\nspell cards: ") != NULL);
    CHECK_EQ_INT(a->toast_color.g, PANEL_RED.g);
    a->tick = a->toast_until;
    app_toast(a, PANEL_GREEN, "screenshot saved");
    CHECK(strcmp(a->toast, "screenshot saved") == 0);
    CHECK_EQ_INT(a->toast_color.g, PANEL_GREEN.g);
    /* A word wider than a line (a long path) is broken where the line is full. */
    char word[400], out[512];
    memset(word, 'x', sizeof word - 1);
    word[sizeof word - 1] = '\0';
    int lines = panel_wrap(out, sizeof out, ATLAS_FONT_SMALL, 1, 300, word);
    CHECK(lines >= 2);
    CHECK_EQ_INT(sc_lines_fit(out, 300), lines);
    CHECK_EQ_INT((int)strlen(out), (int)sizeof word - 1 + lines - 1);
    memset(a, 0, sizeof *a);
}

/* With no user folder (it could not be had) the replay is not saved, and said
 * so: its path would have been the root of the disk. */
static void sc_save_without_folder(void)
{
    app *a = sc_app();
    world w;
    CHECK(world_init(&w, &(world_config){.seed = 1}, NULL) == 0);
    CHECK(replay_begin(&a->game.rec, &w.config, 64) == 0);
    world_step(&w, 0);
    replay_record(&a->game.rec, 0, &w);
    replay_finish(&a->game.rec, &w, REPLAY_END_GAME_OVER, "", 0, 1);
    a->game.w = &w;
    a->game.phase = GAME_SAVE;
    a->game.rank = 0;
    snprintf(a->game.name, sizeof a->game.name, "NOWHERE");
    menu_clear(&a->game.ask, "Save this run's replay?");
    menu_add(&a->game.ask, "Yes, save it", NULL, 0);
    menu_add(&a->game.ask, "No", NULL, 0);
    game_action(a, INPUT_UI_CONFIRM);
    CHECK(strstr(a->toast, "replay not saved: there is no folder") == a->toast);
    CHECK_EQ_INT(a->screen, SCREEN_SCORES);
    replay_free(&a->game.rec);
    snapshot_free(&a->game.state); /* a practice's savestate */
    replay_player_free(&a->game.player);
    world_free(&w);
    memset(a, 0, sizeof *a);
}

/* The spell card record counts the player's own runs: a card met and captured
 * (a survival card outlasted) with the keys is recorded, with the autopilot or
 * invulnerable it is not. */
static void sc_cards_own_runs(void)
{
    const char *text = "boss t { phase \"Test Sign\" spell time 20 bonus 1000 { wait 100000 } }\n"
                       "stage stage1 { boss t wait 100 }\n";
    library *lib = test_library_compile("test.pat", text);
    CHECK(lib != NULL);
    if (!lib)
        return;
    static world w;
    static audio silent;
    for (int k = 0; k < 3; k++) {
        static ui_config cfg;
        app *a = &the_app;
        memset(a, 0, sizeof *a);
        cfg = (ui_config){.autopilot = k == 1};
        a->cfg = &cfg;
        a->sound = &silent;
        a->lib = lib;
        a->game.w = &w;
        world_config wc = {.seed = 3, .flags = k == 2 ? WORLD_FLAG_INVULNERABLE : 0};
        game_start_run(a, &wc, 0);
        for (int i = 0; i < 200 && a->game.phase == GAME_RUNNING; i++)
            game_update(a);
        CHECK(a->game.phase != GAME_RUNNING);
        CHECK_EQ_INT(w.spells_captured, 1);
        const spellcard *c = spellcards_find(&a->cards, "t", 0, "Test Sign", DIFFICULTY_EASY);
        if (k == 0)
            CHECK(c && c->seen == 1 && c->captured == 1);
        else
            CHECK(c == NULL);
        replay_free(&a->game.rec);
        snapshot_free(&a->game.state); /* a practice's savestate */
        replay_player_free(&a->game.player);
        world_free(&w);
        memset(&w, 0, sizeof w);
    }
    memset(&the_app, 0, sizeof the_app);
    library_free(lib);
}

/* A software renderer drawing into a new surface, given to a's window with a
 * frame view and a demo world that is never started (the backdrop is drawn
 * instead): what the drawing tests draw with. Returns the surface, or NULL
 * (CHECKed; nothing is left to free). sc_soft_view_free undoes it. */
static SDL_Surface *sc_soft_view(app *a)
{
    static world demo;
    SDL_Surface *s =
        SDL_CreateRGBSurfaceWithFormat(0, LOGICAL_W, LOGICAL_H, 32, SDL_PIXELFORMAT_ARGB8888);
    SDL_Renderer *r = s ? SDL_CreateSoftwareRenderer(s) : NULL;
    frame_view_config cfg = {1, 64, -1};
    char err[256] = "";
    a->title.demo = &demo;
    a->win.renderer = r;
    if (r && frame_view_init(&a->view, r, &cfg, err, sizeof err) == 0)
        return s;
    fprintf(stderr, "software view: %s\n", r ? err : SDL_GetError());
    CHECK(0);
    if (r)
        SDL_DestroyRenderer(r);
    SDL_FreeSurface(s);
    a->win.renderer = NULL;
    return NULL;
}

static void sc_soft_view_free(app *a, SDL_Surface *s)
{
    frame_view_free(&a->view);
    SDL_DestroyRenderer(a->win.renderer);
    a->win.renderer = NULL;
    SDL_FreeSurface(s);
}

/* The options and binding screens show every row, Back included, without scrolling: drawn
 * on a software renderer with the last row chosen, the list starts at the top. */
static void sc_keys_fit(void)
{
    app *a = &the_app;
    memset(a, 0, sizeof *a);
    SDL_Surface *s = sc_soft_view(a);
    if (s) {
        for (int pad = 0; pad < 2; pad++) {
            a->settings.pad = pad;
            keys_enter(a);
            menu_select(&a->settings.keys, a->settings.keys.count - 1);
            keys_draw(a);
            CHECK(strcmp(a->settings.keys.labels[a->settings.keys.count - 1], "Back") == 0);
            CHECK_EQ_INT(a->settings.keys.first, 0);
        }
        settings_enter(a); /* the options menu too: Back in view without scrolling */
        menu_select(&a->settings.m, a->settings.m.count - 1);
        settings_draw(a);
        CHECK(strcmp(a->settings.m.labels[a->settings.m.count - 1], "Back") == 0);
        CHECK_EQ_INT(a->settings.m.first, 0);
        access_enter(a); /* and the accessibility screen */
        menu_select(&a->settings.access, a->settings.access.count - 1);
        access_draw(a);
        CHECK(strcmp(a->settings.access.labels[a->settings.access.count - 1], "Back") == 0);
        CHECK_EQ_INT(a->settings.access.first, 0);
        sc_soft_view_free(a, s);
    }
    memset(a, 0, sizeof *a);
}

/* The help lines name the keys bound now: the first one the menus see (the
 * arrows, Return and Backspace are theirs already) with the fixed one; a
 * controller's buttons after a controller press. */
static void sc_words(app *a, input_ui act, const char *want)
{
    const char *got = app_ui_words(a, act);
    if (strcmp(got, want) != 0)
        fprintf(stderr, "help words: '%s', expected '%s'\n", got, want);
    CHECK(strcmp(got, want) == 0);
}

static void sc_help_words(void)
{
    app *a = &the_app;
    memset(a, 0, sizeof *a);
    options_defaults(&a->opts);
    sc_words(a, INPUT_UI_CONFIRM, "Z or Enter");
    sc_words(a, INPUT_UI_BACK, "X or Backspace");
    a->opts.keys[INPUT_SHOT][0] = KEY_SPACE;
    a->opts.keys[INPUT_BOMB][0] = KEY_RSHIFT;
    sc_words(a, INPUT_UI_CONFIRM, "Space or Enter");
    sc_words(a, INPUT_UI_BACK, "Right Shift or Backspace");
    a->opts.keys[INPUT_SHOT][0] = KEY_RETURN; /* Return confirms anyway: the J slot is named */
    a->opts.keys[INPUT_BOMB][0] = KEY_NONE;
    sc_words(a, INPUT_UI_CONFIRM, "J or Enter");
    sc_words(a, INPUT_UI_BACK, "K or Backspace");
    a->opts.keys[INPUT_SHOT][1] = KEY_UP; /* the menus move with it: not a confirm key */
    a->opts.keys[INPUT_BOMB][1] = KEY_NONE;
    sc_words(a, INPUT_UI_CONFIRM, "Enter");
    sc_words(a, INPUT_UI_BACK, "Backspace");
    a->pad_used = 1;
    sc_words(a, INPUT_UI_CONFIRM, "A");
    sc_words(a, INPUT_UI_BACK, "B");
    memset(a, 0, sizeof *a);
}

/* The continue prompt, answered with the menus' confirm (Enter, or A on a
 * controller) rather than the shot button: the run goes on, and the replay
 * records the answer as a shot press, so it plays back to the same state. */
static void sc_continue_confirm(void)
{
    const char *text = "enemy gunner { health 100000 loop { fire orb red aim speed 4 wait 6 } }\n"
                       "stage stage1 { spawn gunner at (192, 60) wait 100000 }\n";
    library *lib = test_library_compile("gunner.pat", text);
    CHECK(lib != NULL);
    if (!lib)
        return;
    static world w, again;
    app *a = sc_app();
    a->lib = lib;
    a->game.w = &w;
    world_config wc = {.seed = 3};
    game_start_run(a, &wc, 0);
    w.player.lives = 0;
    for (int i = 0; i < 2000 && w.state != WORLD_CONTINUE; i++)
        game_update(a);
    CHECK_EQ_INT(w.state, WORLD_CONTINUE);
    game_action(a, INPUT_UI_CONFIRM);
    game_update(a);
    CHECK_EQ_INT(w.state, WORLD_PLAYING);
    CHECK_EQ_INT(w.continues, 1);
    replay *rec = &a->game.rec;
    CHECK(rec->frame_count > 0 && input_held(rec->inputs[rec->frame_count - 1], INPUT_SHOT));
    /* The recording alone brings a fresh world to the same state. */
    CHECK(world_init(&again, &wc, lib) == 0);
    again.player.lives = 0;
    for (uint32_t i = 0; i < rec->frame_count; i++)
        world_step(&again, rec->inputs[i]);
    CHECK_EQ_INT(again.continues, 1);
    CHECK_EQ_U64(world_hash(&again), world_hash(&w));
    world_free(&again);
    replay_free(rec);
    world_free(&w);
    memset(a, 0, sizeof *a);
    library_free(lib);
}

/* A practice at 50% and at 75% speed: the world steps on 1 of 2 and 3 of 4
 * displayed frames (its 60 Hz step unchanged), and the replay keeps the speed's
 * flag; at full speed every frame steps. */
static void sc_practice_speed(void)
{
    const char *text = "enemy idle { health 100 wait 100000 }\n"
                       "stage stage1 { spawn idle at (192, 60) wait 100000 }\n";
    library *lib = test_library_compile("idle.pat", text);
    CHECK(lib != NULL);
    if (!lib)
        return;
    static world w;
    static const int speeds[] = {100, 75, 50};
    for (int k = 0; k < 3; k++) {
        app *a = sc_app();
        a->lib = lib;
        a->game.w = &w;
        world_config wc = {.seed = 3, .flags = world_speed_flag(speeds[k])};
        game_start_run(a, &wc, 1);
        for (int i = 0; i < 40; i++)
            game_update(a);
        CHECK_EQ_U64(w.frame, (uint64_t)(40 * speeds[k] / 100));
        CHECK_EQ_INT(world_speed_percent(&a->game.rec.config), speeds[k]);
        CHECK_EQ_INT(a->game.rec.frame_count, 40 * speeds[k] / 100);
        replay_free(&a->game.rec);
        snapshot_free(&a->game.state); /* a practice's savestate */
        replay_player_free(&a->game.player);
        world_free(&w);
        memset(&w, 0, sizeof w);
    }
    memset(&the_app, 0, sizeof the_app);
    library_free(lib);
}

/* How to Play from the title menu: its world starts on the tutorial's field at
 * the first step, steps with the frames, and the lesson's box (its empty
 * progress bar) is drawn in the side panel. */
static void sc_tutorial(void)
{
    app *a = sc_app();
    SDL_Surface *s = sc_soft_view(a);
    if (!s)
        return;
    a->screen = SCREEN_TITLE;
    title_enter(a);
    for (int i = 0; i < a->title.m.count; i++)
        if (strcmp(a->title.m.labels[i], "How to Play") == 0)
            menu_select(&a->title.m, i);
    CHECK(strcmp(a->title.m.labels[a->title.m.cursor], "How to Play") == 0);
    title_action(a, INPUT_UI_CONFIRM);
    CHECK_EQ_INT((int)a->screen, SCREEN_TUTORIAL);
    tutorial_state *t = &a->tutorial;
    CHECK(t->w != NULL);
    if (t->w) {
        CHECK_EQ_INT(t->t.step, TUTORIAL_MOVE);
        for (int i = 0; i < 30; i++)
            tutorial_update_screen(a);
        CHECK_EQ_U64(t->w->frame, 30);
        tutorial_draw(a);
        SDL_RenderFlush(a->win.renderer);
        uint32_t px = ((uint32_t *)s->pixels)[444 * (s->pitch / 4) + 600];
        CHECK_EQ_U64(px & 0xffffffu, 0x282c50u); /* the bar's empty colour, 40 44 80 */
        tutorial_action(a, INPUT_UI_CONFIRM);    /* not finished: confirm does nothing */
        CHECK_EQ_INT((int)a->screen, SCREEN_TUTORIAL);
    }
    tutorial_close(a);
    CHECK(t->w == NULL && t->lib == NULL);
    sc_soft_view_free(a, s);
    memset(a, 0, sizeof *a);
}

/* Draws the difficulty screen on a software renderer; copies the side box's
 * pixels (the best list) into box_px. Returns 0, or -1 (CHECKed). */
static int sc_draw_best(app *a, uint32_t *box_px, SDL_Rect box)
{
    SDL_Surface *s = sc_soft_view(a);
    if (!s)
        return -1;
    difficulty_enter(a);
    difficulty_draw(a);
    SDL_RenderFlush(a->win.renderer);
    for (int y = 0; y < box.h; y++)
        memcpy(box_px + y * box.w, (uint8_t *)s->pixels + (box.y + y) * s->pitch + box.x * 4,
               (size_t)box.w * 4);
    sc_soft_view_free(a, s);
    return 0;
}

/* The title's best list shows the whole table, as the High Scores screen and
 * docs/manual.md say: with ten scores it differs from the same table short of its tenth
 * (which would not be so if the list stopped before the tenth row). */
static void sc_title_best_all(void)
{
    static uint32_t full[160 * 160], short_of_one[160 * 160];
    SDL_Rect box = {FIELD_VIEW_X + (int)PLAYFIELD_W + 8, FIELD_VIEW_Y + 8, 160, 150};
    app *a = &the_app;
    for (int n = HIGHSCORES_TOP; n >= HIGHSCORES_TOP - 1; n--) {
        memset(a, 0, sizeof *a);
        a->opts.difficulty = DIFFICULTY_NORMAL;
        for (int i = 0; i < n; i++) {
            highscore e = {.score = 1000000u - 1000u * (uint64_t)i, .stage = 1, .date = 20260101};
            snprintf(e.name, sizeof e.name, "ACE%d", i);
            CHECK(highscores_insert(&a->scores, DIFFICULTY_NORMAL, &e) == i);
        }
        if (sc_draw_best(a, n == HIGHSCORES_TOP ? full : short_of_one, box) != 0)
            return;
    }
    CHECK(memcmp(full, short_of_one, sizeof full) != 0);
    memset(a, 0, sizeof *a);
}

/* Name entry with a controller alone: the d-pad held down goes on through the
 * letters (repeating, as a held arrow key does), and the stick picks and adds
 * letters too. */
static void sc_pad_name_entry(void)
{
    app *a = sc_app();
    CHECK_EQ_INT(SDL_Init(SDL_INIT_GAMECONTROLLER | SDL_INIT_EVENTS), 0);
    options_defaults(&a->opts);
    input_map_apply_options(&a->input, &a->opts);
    int index = SDL_JoystickAttachVirtual(SDL_JOYSTICK_TYPE_GAMECONTROLLER, SDL_CONTROLLER_AXIS_MAX,
                                          SDL_CONTROLLER_BUTTON_MAX, 0);
    CHECK(index >= 0);
    input_map_open_pads(&a->input);
    CHECK_EQ_INT(input_map_pad_count(&a->input), 1);
    if (a->input.pads[0]) {
        SDL_Joystick *joy = SDL_GameControllerGetJoystick(a->input.pads[0]);
        a->screen = SCREEN_GAME;
        a->game.phase = GAME_NAME;
        a->typing = 1;
        SDL_JoystickSetVirtualButton(joy, SDL_CONTROLLER_BUTTON_DPAD_DOWN, 1);
        SDL_JoystickUpdate();
        for (int i = 0; i < 60; i++) /* a second held */
            app_menu_directions(a);
        CHECK(a->game.name_char >= 5);
        SDL_JoystickSetVirtualButton(joy, SDL_CONTROLLER_BUTTON_DPAD_DOWN, 0);
        SDL_JoystickUpdate();
        int at = a->game.name_char;
        for (int i = 0; i < 30; i++)
            app_menu_directions(a);
        CHECK_EQ_INT(a->game.name_char, at); /* let go: it stays */
        SDL_JoystickSetVirtualAxis(joy, SDL_CONTROLLER_AXIS_LEFTY, -30000);
        SDL_JoystickUpdate();
        app_menu_directions(a);
        CHECK_EQ_INT(a->game.name_char, at - 1); /* the stick up: one letter back */
        SDL_JoystickSetVirtualAxis(joy, SDL_CONTROLLER_AXIS_LEFTY, 0);
        SDL_JoystickSetVirtualAxis(joy, SDL_CONTROLLER_AXIS_LEFTX, 30000);
        SDL_JoystickUpdate();
        app_menu_directions(a);
        CHECK(strlen(a->game.name) == 1 && a->game.name[0] == HIGHSCORES_NAME_CHARSET[at - 1]);
    }
    input_map_close_pads(&a->input);
    SDL_JoystickDetachVirtual(index);
    SDL_Quit();
    memset(a, 0, sizeof *a);
}

/* The pause menu: Restart and Quit ask first ("No" restarts nothing); the
 * replay viewer's pause menu fits its box; a practice ends with no "Stage
 * Clear" banner. */
static void sc_pause_and_banner(void)
{
    library *lib = test_library_compile("calm.pat", "stage stage1 { wait 100000 }\n");
    CHECK(lib != NULL);
    if (!lib)
        return;
    static world w;
    app *a = sc_app();
    a->lib = lib;
    a->game.w = &w;
    world_config wc = {.seed = 3};
    game_start_run(a, &wc, 0);
    for (int i = 0; i < 30; i++)
        game_update(a);
    game_action(a, INPUT_UI_PAUSE);
    CHECK_EQ_INT(a->game.phase, GAME_PAUSED);
    game_action(a, INPUT_UI_DOWN); /* Restart */
    game_action(a, INPUT_UI_CONFIRM);
    CHECK(a->game.pause_confirm && a->game.phase == GAME_PAUSED && w.frame == 30);
    game_action(a, INPUT_UI_CONFIRM); /* "No, go on": back to the pause menu */
    CHECK(!a->game.pause_confirm && w.frame == 30 && a->game.pause.cursor == 1);
    game_action(a, INPUT_UI_CONFIRM);
    game_action(a, INPUT_UI_DOWN); /* "Yes, restart" */
    game_action(a, INPUT_UI_CONFIRM);
    CHECK(a->game.phase == GAME_RUNNING && w.frame == 0);
    game_action(a, INPUT_UI_PAUSE);
    game_action(a, INPUT_UI_DOWN);
    game_action(a, INPUT_UI_DOWN); /* Quit */
    game_action(a, INPUT_UI_CONFIRM);
    CHECK(a->game.pause_confirm && (int)a->screen != SCREEN_TITLE);
    game_action(a, INPUT_UI_BACK); /* back out of the question */
    CHECK(!a->game.pause_confirm && a->game.phase == GAME_PAUSED);
    /* the replay viewer's pause menu: every entry inside the box */
    a->game.watching = 1;
    game_action(a, INPUT_UI_BACK);
    game_action(a, INPUT_UI_PAUSE);
    SDL_Rect box = game_pause_box(a);
    for (int i = 0; i < a->game.pause.count; i++)
        CHECK(panel_text_width(ATLAS_FONT_SMALL, 2, a->game.pause.labels[i]) + 32 <= box.w);
    /* a practice cleared: its banner says so, not "Stage Clear" */
    a->game.watching = 0;
    a->game.practice = 1;
    w.state = WORLD_CLEARED;
    CHECK(strcmp(game_ending_banner(a), "Practice Over") == 0);
    a->game.practice = 0;
    w.stage_done = 1; /* the game's only stage cleared: the run is all clear */
    CHECK(strcmp(game_ending_banner(a), "All Clear") == 0);
    /* quitting a practice asks whether to save its replay, then goes to the
     * practice menu (it went there without asking) */
    w.state = WORLD_PLAYING;
    w.stage_done = 0;
    game_action(a, INPUT_UI_BACK);
    game_leave(a);
    game_start_run(a, &wc, 1);
    for (int i = 0; i < 30; i++)
        game_update(a);
    game_action(a, INPUT_UI_PAUSE);
    game_action(a, INPUT_UI_DOWN);
    game_action(a, INPUT_UI_DOWN); /* Quit */
    game_action(a, INPUT_UI_CONFIRM);
    game_action(a, INPUT_UI_DOWN); /* "Yes, quit" */
    game_action(a, INPUT_UI_CONFIRM);
    CHECK_EQ_INT(a->game.phase, GAME_SAVE);
    CHECK(strcmp(a->game.ask.title, "Save this run's replay?") == 0);
    CHECK_EQ_INT(a->game.rec.frame_count, 30);
    game_action(a, INPUT_UI_DOWN); /* No */
    game_action(a, INPUT_UI_CONFIRM);
    CHECK_EQ_INT((int)a->screen, SCREEN_PRACTICE);
    replay_free(&a->game.rec);
    snapshot_free(&a->game.state); /* a practice's savestate */
    replay_player_free(&a->game.player);
    world_free(&w);
    memset(a, 0, sizeof *a);
    library_free(lib);
}

/* Stage practice: a row per stage of the game, open up to the furthest stage a
 * high score reached; choosing one plays that stage alone, a practice. */
static void sc_stage_practice(void)
{
    const char *text = "game main { stages one two }\n"
                       "stage one { wait 30 }\nstage two { wait 40 }\n";
    library *lib = test_library_compile("two.pat", text);
    CHECK(lib != NULL);
    if (!lib)
        return;
    static world w;
    app *a = sc_app();
    a->lib = lib;
    a->game.w = &w;
    practice_enter(a);
    CHECK(a->practice.m.count >= 2 && a->practice.rows[1].stage == 1);
    CHECK(!a->practice.m.disabled[0] && a->practice.m.disabled[1]); /* stage 2 not reached */
    highscore h = {.name = "A", .score = 100, .stage = 1, .cleared = 1, .date = 20240101};
    CHECK(highscores_insert(&a->scores, DIFFICULTY_NORMAL, &h) == 0);
    practice_enter(a);
    CHECK(!a->practice.m.disabled[1]);
    menu_select(&a->practice.m, 1);
    practice_action(a, INPUT_UI_CONFIRM);
    CHECK_EQ_INT((int)a->screen, SCREEN_GAME);
    CHECK(a->game.practice && w.stage == 1 && (w.config.flags & WORLD_FLAG_ONE_STAGE));
    for (int i = 0; i < 200 && !world_over(&w); i++)
        world_step(&w, 0);
    CHECK(w.state == WORLD_CLEARED && w.stage == 1 && w.frame < 100);
    CHECK(strcmp(game_ending_banner(a), "Practice Over") == 0);
    replay_free(&a->game.rec);
    snapshot_free(&a->game.state); /* a practice's savestate */
    replay_player_free(&a->game.player);
    world_free(&w);
    memset(a, 0, sizeof *a);
    library_free(lib);
}

/* The practice menu over the game's own patterns lists stage 2, its midboss
 * and its boss, and a row for each of their spell cards (not met yet: dimmed). */
static void sc_practice_stage2(void)
{
    library *lib = test_library_load(CURTAIN_TEST_PATTERNS);
    CHECK(lib != NULL);
    if (!lib)
        return;
    app *a = sc_app();
    a->lib = lib;
    practice_enter(a);
    int stage2 = -1, suiren = -1, minamo = -1;
    for (int i = 0; i < a->practice.m.count; i++) {
        const char *label = a->practice.m.labels[i];
        if (strcmp(label, "Stage 2") == 0)
            stage2 = i;
        if (strcmp(label, "Suiren, the Night Lotus") == 0)
            suiren = i;
        if (strcmp(label, "Minamo, Moon upon the Water") == 0)
            minamo = i;
    }
    CHECK(stage2 >= 0 && a->practice.rows[stage2].stage == 1);
    CHECK(suiren >= 0 && !a->practice.m.disabled[suiren]);
    CHECK(minamo > suiren && !a->practice.m.disabled[minamo]);
    int cards = 0; /* the rows after Minamo's: her four spell cards */
    for (int i = minamo + 1; minamo >= 0 && i < a->practice.m.count; i++)
        cards += a->practice.rows[i].boss == a->practice.rows[minamo].boss;
    CHECK_EQ_INT(cards, 4);
    memset(a, 0, sizeof *a);
    library_free(lib);
}

/* Name entry: a key held down types its letter once; its repeats (a key down
 * marked repeat, then its text) type nothing more. */
static void sc_name_held_key(void)
{
    app *a = sc_app();
    a->screen = SCREEN_GAME;
    a->game.phase = GAME_NAME;
    a->typing = 1;
    a->tick = 10;
    a->game.name_tick = 1;
    SDL_Event down = {0}, text = {0};
    down.type = SDL_KEYDOWN;
    down.key.keysym.scancode = SDL_SCANCODE_Z;
    down.key.keysym.sym = SDLK_z;
    text.type = SDL_TEXTINPUT;
    snprintf(text.text.text, sizeof text.text.text, "z");
    CHECK(game_event(a, &down) && game_event(a, &text));
    CHECK(strcmp(a->game.name, "Z") == 0);
    down.key.repeat = 1;
    for (int i = 0; i < 6; i++) {
        game_event(a, &down);
        game_event(a, &text);
    }
    CHECK(strcmp(a->game.name, "Z") == 0);
    down.key.repeat = 0; /* pressed again: a second Z */
    game_event(a, &down);
    game_event(a, &text);
    CHECK(strcmp(a->game.name, "ZZ") == 0);
    memset(a, 0, sizeof *a);
}

/* A controller's Start on the title confirms the entry under the cursor (a
 * pad player's "press start"); Esc, the same action from a keyboard, still
 * moves the cursor to Quit and stays. */
static void sc_pad_start_on_title(void)
{
    app *a = &the_app;
    for (int pad = 0; pad <= 1; pad++) {
        a = sc_app();
        a->screen = SCREEN_TITLE;
        menu_clear(&a->title.m, "");
        for (int i = 0; i < 8; i++)
            menu_add(&a->title.m, "entry", NULL, 0);
        a->pad_used = pad;
        title_action(a, INPUT_UI_PAUSE);
        int want_screen = pad ? SCREEN_DIFFICULTY : SCREEN_TITLE, want_cursor = pad ? 0 : 7;
        CHECK_EQ_INT((int)a->screen, want_screen);
        CHECK_EQ_INT(a->title.m.cursor, want_cursor);
        CHECK_EQ_INT(a->quit, 0);
    }
    memset(a, 0, sizeof *a);
}

/* Two replays saved under one name in one second keep both: the second gets
 * -2 (it used to replace the first). */
static void sc_replay_names_unique(const char *dir)
{
    char first[512], second[512], third[512];
    CHECK_EQ_INT(game_replay_path(dir, "20261121-101500", "ACE", first, sizeof first), 0);
    CHECK(strstr(first, "/20261121-101500-ACE.rpl") != NULL);
    FILE *f = fopen(first, "w");
    CHECK(f != NULL);
    if (f)
        fclose(f);
    CHECK_EQ_INT(game_replay_path(dir, "20261121-101500", "ACE", second, sizeof second), 0);
    CHECK(strstr(second, "/20261121-101500-ACE-2.rpl") != NULL);
    f = fopen(second, "w");
    if (f)
        fclose(f);
    CHECK_EQ_INT(game_replay_path(dir, "20261121-101500", "ACE", third, sizeof third), 0);
    CHECK(strstr(third, "/20261121-101500-ACE-3.rpl") != NULL);
    remove(first);
    remove(second);
}

/* Ends a run started from the ship select (its replay, savestate, player and
 * world) and the preview. */
static void sc_ship_select_end(app *a, world *w, world *preview)
{
    replay_free(&a->game.rec);
    snapshot_free(&a->game.state); /* a practice's savestate */
    replay_player_free(&a->game.player);
    world_free(w);
    if (preview->vm)
        world_free(preview);
}

/* Compiles text alone (without the game's ship). */
static library *sc_compile_alone(const char *name, const char *text)
{
    library_file f = {name, text, strlen(text)};
    diag_list diags;
    diag_init(&diags);
    library *lib = library_compile(&f, 1, &diags);
    diag_print(&diags, stderr);
    diag_free(&diags);
    return lib;
}

/* Two ships: the difficulty leads to the ship select, whose preview flies the
 * ship under the cursor (firing, never ending); confirm starts the run with it,
 * or, for a ship with shot types (Hotaru), goes on to its types, whose preview
 * flies the type under the cursor; Back there returns to the ships; confirm
 * starts the run with the ship and type. One ship with types: the difficulty
 * leads to its types at once. One ship of one type: the difficulty starts the
 * run at once. */
static void sc_ship_select(void)
{
    const char *text = "ship kite { name \"Kite\" speed 5 shot 1 { fire orb at 0 speed 9 } }\n"
                       "stage stage1 { wait 100000 }\n";
    library *lib = test_library_compile("kite.pat", text);
    library *typed = test_library_compile("plain.pat", "stage stage1 { wait 100000 }\n");
    library *one = sc_compile_alone("solo.pat", "ship solo { shot 1 { fire orb at 0 speed 9 } }\n"
                                                "stage stage1 { wait 100000 }\n");
    CHECK(lib && typed && one && lib->ship_count == 2 && typed->ship_count == 1 &&
          one->ship_count == 1);
    if (!lib || !typed || !one)
        return;
    int kite = library_find_ship(lib, "kite"), hotaru = library_find_ship(lib, "hotaru");
    CHECK(kite >= 0 && hotaru >= 0 && lib->ships[hotaru].type_count == 2);
    CHECK(lib->ships[kite].type_count == 1 && one->ships[0].type_count == 1);
    static world w, preview;
    app *a = sc_app();
    a->lib = lib;
    a->game.w = &w;
    a->ships.preview = &preview;
    a->screen = SCREEN_DIFFICULTY;
    difficulty_enter(a);
    difficulty_action(a, INPUT_UI_CONFIRM);
    CHECK_EQ_INT((int)a->screen, SCREEN_SHIP);
    CHECK(preview.ship == &lib->ships[0]);
    ship_select_action(a, INPUT_UI_DOWN);
    CHECK_EQ_INT(a->ships.m.cursor, 1);
    CHECK(preview.ship == &lib->ships[1]);
    for (int i = 0; i < 200; i++)
        ship_select_update(a);
    CHECK(preview.shots.live > 0 && !world_over(&preview));
    /* the ship of one type starts the run */
    menu_select(&a->ships.m, kite);
    ship_select_action(a, INPUT_UI_CONFIRM);
    CHECK_EQ_INT((int)a->screen, SCREEN_GAME);
    CHECK(w.config.ship == kite && w.ship == &lib->ships[kite] && w.config.shot_type == 0);
    sc_ship_select_end(a, &w, &preview);
    /* Hotaru: her types, the second chosen */
    a = sc_app();
    a->lib = lib;
    a->game.w = &w;
    a->ships.preview = &preview;
    difficulty_enter(a);
    difficulty_action(a, INPUT_UI_CONFIRM);
    menu_select(&a->ships.m, hotaru);
    ship_select_action(a, INPUT_UI_CONFIRM);
    CHECK_EQ_INT((int)a->screen, SCREEN_SHIP);
    CHECK(strcmp(a->ships.m.title, "Hotaru: Shot") == 0 && a->ships.m.count == 2);
    CHECK(preview.ship == &lib->ships[hotaru]); /* the first type: the entry itself */
    ship_select_action(a, INPUT_UI_DOWN);
    const library_ship *second = library_ship_type(&lib->ships[hotaru], 1);
    CHECK(preview.ship == second && second != &lib->ships[hotaru] && second->type == 1);
    ship_select_action(a, INPUT_UI_BACK); /* back to the ships, Hotaru under the cursor */
    CHECK(strcmp(a->ships.m.title, "Ship") == 0 && a->ships.m.cursor == hotaru);
    ship_select_action(a, INPUT_UI_CONFIRM);
    CHECK_EQ_INT(a->ships.m.cursor, 0);
    ship_select_action(a, INPUT_UI_DOWN);
    ship_select_action(a, INPUT_UI_CONFIRM);
    CHECK_EQ_INT((int)a->screen, SCREEN_GAME);
    CHECK(w.config.ship == hotaru && w.config.shot_type == 1 && w.ship == second);
    sc_ship_select_end(a, &w, &preview);
    /* one ship with types: its types at once, Back to the difficulty */
    a = sc_app();
    a->lib = typed;
    a->game.w = &w;
    a->ships.preview = &preview;
    a->ships.chosen = 0;
    difficulty_enter(a);
    difficulty_action(a, INPUT_UI_CONFIRM);
    CHECK_EQ_INT((int)a->screen, SCREEN_SHIP);
    CHECK(strcmp(a->ships.m.title, "Hotaru: Shot") == 0);
    ship_select_action(a, INPUT_UI_BACK);
    CHECK_EQ_INT((int)a->screen, SCREEN_DIFFICULTY);
    if (preview.vm)
        world_free(&preview);
    /* one ship of one type: no choice to make */
    a = sc_app();
    a->lib = one;
    a->game.w = &w;
    a->ships.preview = &preview;
    difficulty_enter(a);
    difficulty_action(a, INPUT_UI_CONFIRM);
    CHECK_EQ_INT((int)a->screen, SCREEN_GAME);
    CHECK(w.ship == &one->ships[0]);
    sc_ship_select_end(a, &w, &preview);
    memset(a, 0, sizeof *a);
    library_free(lib);
    library_free(typed);
    library_free(one);
}

int main(void)
{
    char dir[] = "/tmp/curtain-screens-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    sc_replay_list(dir);
    sc_replay_blank_name(dir);
    sc_replay_cursor_follows_file(dir);
    sc_replay_quit_results(dir);
    sc_replay_end_goes_back();
    sc_replay_format2(dir);
    sc_replay_describe();
    sc_leave_keeps_score();
    sc_auto_pause();
    sc_toast();
    sc_keys_fit();
    sc_help_words();
    sc_save_without_folder();
    sc_cards_own_runs();
    sc_continue_confirm();
    sc_practice_speed();
    sc_tutorial();
    sc_title_best_all();
    sc_pad_name_entry();
    sc_pad_start_on_title();
    sc_ship_select();
    sc_name_held_key();
    sc_pause_and_banner();
    sc_stage_practice();
    sc_practice_stage2();
    sc_replay_names_unique(dir);
    rmdir(dir);
    return check_done("screens");
}
