/*
 * extras: the front end's extras driven headless on a game of six stages and an
 * Extra stage (each stage in its own folder, with a midboss and a boss of spell
 * cards; the Extra's boss too). The title's Extra Start is dimmed and does
 * nothing until a ship unlocks it; a run the player flies that clears Normal
 * without a continue ends with the staff roll (patterns/staff.txt, faster while
 * a button is held, skipped by back or pause, a mod's own read in its place, a
 * broken one said with file:line:col and passed over) and the unlock screen
 * (after the results and the roll, before name entry), counts in the records
 * (run, all clear, without continues) and opens Extra Start, whose ship select
 * dims the ship that did not unlock it and starts the Extra stage alone at
 * Lunatic; Easy, a continue, the autopilot or practice unlock nothing. The
 * practice menu covers every stage and every boss and card of the six, in the
 * game's order (midboss, then boss), and the Extra's only once one of its cards
 * was met, at Lunatic. The attract demos rotate through the six stages and
 * leave the Extra's cards out. Player Data lists every card of the game; the
 * Music Room lists the shipped themes by their titles, the title's first.
 *
 * usage: test_ui.extras PATTERNS_DIR
 */
#include "../check.h"
#include "../game/test_library.h"
#include "core/mem.h"
#include "game/attract.h"
#include "game/difficulty.h"
#include "sim/backdrop.h"
#include "ui/app.h"
#include "ui/panel.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static app the_app; /* large: not on the stack */

/* the_app cleared, with a default ui_config, an audio device never opened, lib,
 * and the worlds the screens use. */
static app *ex_app(const library *lib, int flown_by_autopilot)
{
    static ui_config cfg;
    static audio silent;
    static world w, preview, demo;
    app *a = &the_app;
    memset(a, 0, sizeof *a);
    cfg = (ui_config){.lib = lib, .autopilot = flown_by_autopilot};
    a->cfg = &cfg;
    a->sound = &silent;
    a->lib = lib;
    a->game.w = &w;
    a->ships.preview = &preview;
    a->title.demo = &demo;
    a->game.rank = -1;
    return a;
}

static void ex_app_free(app *a)
{
    replay_free(&a->game.rec);
    replay_free(&a->game.film);
    snapshot_free(&a->game.state);
    replay_player_free(&a->game.player);
    world *worlds[] = {a->game.w, a->ships.preview, a->title.demo};
    for (int i = 0; i < 3; i++) {
        if (worlds[i]->vm)
            world_free(worlds[i]);
        memset(worlds[i], 0, sizeof *worlds[i]);
    }
    memset(a, 0, sizeof *a);
}

/* The game: six stages in folders s1..s6, each a midboss and a boss, and the
 * Extra stage in ex/, with both ships. */
static library *ex_library(const char *patterns)
{
    static char texts[8][1024];
    static char paths[8][64];
    library_file f[12];
    int n = 0;
    snprintf(texts[n], sizeof texts[n], "game main { stages s1 s2 s3 s4 s5 s6 extra ex }\n");
    snprintf(paths[n], sizeof paths[n], "game.pat");
    f[n] = (library_file){paths[n], texts[n], strlen(texts[n])}, n++;
    for (int s = 1; s <= 7; s++) {
        char stage[8];
        if (s == 7)
            snprintf(stage, sizeof stage, "ex");
        else
            snprintf(stage, sizeof stage, "s%d", s);
        snprintf(paths[n], sizeof paths[n], "%s/%s.pat", stage, stage);
        snprintf(
            texts[n], sizeof texts[n],
            "boss %s_mid { name \"Mid %s\" phase \"%s Sign: Small\" spell time 5 { wait 1000 } }\n"
            "boss %s_boss { name \"Boss %s\"\n"
            "    phase time 5 { wait 1000 }\n"
            "    phase \"%s Sign: One\" spell time 5 { wait 1000 }\n"
            "    phase \"%s Sign: Two\" spell time 5 { wait 1000 } }\n"
            "stage %s { title \"Stage\" \"%s\" wait 20 }\n",
            stage, stage, stage, stage, stage, stage, stage, stage, stage);
        f[n] = (library_file){paths[n], texts[n], strlen(texts[n])}, n++;
    }
    char err[256];
    size_t sizes[3];
    char *ships[3];
    /* the ships, and the characters they name (story/characters.pat: no code) */
    const char *names[3] = {"ships/hotaru.pat", "ships/shirasagi.pat", "story/characters.pat"};
    static char ship_paths[3][512];
    for (int k = 0; k < 3; k++) {
        snprintf(ship_paths[k], sizeof ship_paths[k], "%s/%s", patterns, names[k]);
        ships[k] = file_read_all(ship_paths[k], &sizes[k], err, sizeof err);
        CHECK(ships[k] != NULL);
        f[n++] = (library_file){ship_paths[k], ships[k] ? ships[k] : "", ships[k] ? sizes[k] : 0};
    }
    diag_list diags;
    diag_init(&diags);
    library *lib = library_compile(f, n, &diags);
    diag_print(&diags, stderr);
    diag_free(&diags);
    mem_free(ships[0]);
    mem_free(ships[1]);
    mem_free(ships[2]);
    CHECK(lib && lib->ship_count == 2 && lib->boss_count == 14);
    return lib;
}

/* The row of the title menu labelled label, or -1. */
static int ex_title_row(const app *a, const char *label)
{
    for (int i = 0; i < a->title.m.count; i++)
        if (strcmp(a->title.m.labels[i], label) == 0)
            return i;
    return -1;
}

/* Plays a run to its end with cfg (the player does nothing; the stages are
 * short), then confirms the results: returns the phase reached. */
static game_phase ex_play_to_results(app *a, world_config cfg)
{
    game_start_run(a, &cfg, 0);
    for (int i = 0; i < 6000 && a->game.phase == GAME_RUNNING; i++)
        game_update(a);
    CHECK_EQ_INT(a->game.w->state, WORLD_CLEARED);
    for (int i = 0; i < 400 && a->game.phase == GAME_ENDING; i++)
        game_update(a);
    CHECK_EQ_INT(a->game.phase, GAME_RESULTS);
    game_action(a, INPUT_UI_CONFIRM);
    return a->game.phase;
}

/* Lets the staff roll play out (a button held: fast), then returns the phase
 * after it. The roll scrolls, and its end line stands a while before it goes
 * on by itself. */
static game_phase ex_roll_to_end(app *a)
{
    CHECK(a->staff.roll.count > 0 && !a->staff.over);
    float pos = a->staff.pos;
    a->held = INPUT_BIT(INPUT_SHOT);
    int frames = 0;
    for (; frames < 20000 && a->game.phase == GAME_STAFF; frames++) {
        game_update(a);
        if (frames == 10)
            CHECK(a->staff.pos >= pos + 10 * STAFF_ROLL_SPEED * STAFF_ROLL_FAST);
    }
    a->held = 0;
    CHECK(a->staff.over && a->staff.held_end >= STAFF_ROLL_HOLD);
    CHECK(frames > STAFF_ROLL_HOLD / STAFF_ROLL_FAST);
    return a->game.phase;
}

static void ex_unlock(const library *lib)
{
    unsetenv(RECORDS_UNLOCK_ENV);
    app *a = ex_app(lib, 0);
    a->screen = SCREEN_TITLE;
    title_enter(a);
    int row = ex_title_row(a, "Extra Start");
    CHECK(row == 1 && a->title.m.disabled[row]);
    a->title.m.cursor = row; /* even pointed at, it does nothing while locked */
    title_action(a, INPUT_UI_CONFIRM);
    CHECK_EQ_INT((int)a->screen, SCREEN_TITLE);

    /* Easy, cleared: counted, nothing unlocked; the staff roll, skipped, and no
     * unlock screen */
    world_config easy = {.seed = 2, .difficulty = DIFFICULTY_EASY, .ship = 0};
    CHECK_EQ_INT(ex_play_to_results(a, easy), GAME_STAFF);
    game_action(a, INPUT_UI_CONFIRM); /* confirm does not skip it, back does */
    CHECK_EQ_INT(a->game.phase, GAME_STAFF);
    game_action(a, INPUT_UI_BACK);
    game_phase after = a->game.phase;
    CHECK(after == GAME_NAME || after == GAME_SAVE);
    const records_ship *rs = records_find(&a->records, "hotaru");
    CHECK(rs && rs->played[DIFFICULTY_EASY] == 1 && rs->no_continue[DIFFICULTY_EASY] == 1);
    CHECK(!records_extra_unlocked(&a->records, "hotaru"));
    CHECK(a->records.frames > 0);

    /* Normal, cleared without a continue: the staff roll to its end, then the
     * unlock screen, then name entry */
    world_config normal = {.seed = 3, .difficulty = DIFFICULTY_NORMAL, .ship = 0};
    CHECK_EQ_INT(ex_play_to_results(a, normal), GAME_STAFF);
    CHECK_EQ_INT(ex_roll_to_end(a), GAME_UNLOCKED);
    CHECK(a->unlocks.count >= 1 &&
          strcmp(a->unlocks.lines[0], "Extra Stage unlocked for Hotaru!") == 0);
    game_action(a, INPUT_UI_CONFIRM);
    CHECK_EQ_INT(a->game.phase, GAME_NAME);
    CHECK(records_extra_unlocked(&a->records, "hotaru"));
    CHECK(!records_extra_unlocked(&a->records, "shirasagi"));
    rs = records_find(&a->records, "hotaru");
    CHECK(rs && rs->cleared[DIFFICULTY_NORMAL] == 1 && rs->no_continue[DIFFICULTY_NORMAL] == 1);
    SDL_StopTextInput();

    /* Extra Start: open; the ship select dims Shirasagi and starts the Extra */
    a->screen = SCREEN_TITLE;
    title_enter(a);
    row = ex_title_row(a, "Extra Start");
    CHECK(row == 1 && !a->title.m.disabled[row]);
    menu_select(&a->title.m, row);
    title_action(a, INPUT_UI_CONFIRM);
    CHECK_EQ_INT((int)a->screen, SCREEN_SHIP);
    CHECK(strcmp(a->ships.m.title, "Extra: Ship") == 0);
    CHECK(!a->ships.m.disabled[0] && a->ships.m.disabled[1]);
    ship_select_action(a, INPUT_UI_DOWN); /* skips the locked ship */
    CHECK_EQ_INT(a->ships.m.cursor, 0);
    ship_select_action(a, INPUT_UI_CONFIRM); /* then its shot type */
    CHECK(a->ships.step == 1 && strncmp(a->ships.m.title, "Extra: ", 7) == 0);
    ship_select_action(a, INPUT_UI_CONFIRM);
    CHECK_EQ_INT((int)a->screen, SCREEN_GAME);
    CHECK(world_in_extra(a->game.w) && a->game.config.stage == 6 &&
          a->game.config.difficulty == DIFFICULTY_LUNATIC && !a->game.practice);
    CHECK(strcmp(world_stage_name(a->game.w), "ex") == 0);
    rs = records_find(&a->records, "hotaru");
    CHECK(rs && rs->extra_tried == 1 && rs->played[DIFFICULTY_LUNATIC] == 0);
    /* cleared: the Extra clear is recorded and said; no high score entry */
    for (int i = 0; i < 3000 && a->game.phase == GAME_RUNNING; i++)
        game_update(a);
    for (int i = 0; i < 400 && a->game.phase == GAME_ENDING; i++)
        game_update(a);
    CHECK(strcmp(game_results_title(a), "Extra Clear!") == 0);
    game_action(a, INPUT_UI_CONFIRM);
    CHECK_EQ_INT(a->game.phase, GAME_UNLOCKED);
    CHECK(strstr(a->unlocks.lines[0], "the Extra Stage") != NULL);
    game_action(a, INPUT_UI_CONFIRM);
    CHECK_EQ_INT(a->game.phase, GAME_SAVE); /* no name entry: the tables are not the Extra's */
    CHECK(rs && rs->extra_cleared == 1);
    ex_app_free(a);

    /* the autopilot's run and a practice count nothing */
    a = ex_app(lib, 1);
    CHECK_EQ_INT(ex_play_to_results(a, normal), GAME_STAFF);
    game_action(a, INPUT_UI_PAUSE);
    CHECK(a->game.phase != GAME_UNLOCKED && a->game.phase != GAME_STAFF);
    CHECK(records_find(&a->records, "hotaru") == NULL);
    ex_app_free(a);
    a = ex_app(lib, 0);
    world_config stage1 = {
        .seed = 3, .difficulty = DIFFICULTY_NORMAL, .flags = WORLD_FLAG_ONE_STAGE};
    game_start_run(a, &stage1, 1);
    for (int i = 0; i < 600 && a->game.phase == GAME_RUNNING; i++)
        game_update(a);
    CHECK(a->game.w->state == WORLD_CLEARED && !records_extra_unlocked(&a->records, "hotaru"));
    const records_ship *none = records_find(&a->records, "hotaru");
    CHECK(!none || none->played[DIFFICULTY_NORMAL] == 0);
    ex_app_free(a);

    /* the override unlocks it for every ship */
    setenv(RECORDS_UNLOCK_ENV, "1", 1);
    a = ex_app(lib, 0);
    title_enter(a);
    CHECK(!a->title.m.disabled[1]);
    unsetenv(RECORDS_UNLOCK_ENV);
    ex_app_free(a);
}

/* Writes text as dir's staff.txt. */
static void ex_put_roll(const char *dir, const char *text)
{
    char path[512], err[256];
    snprintf(path, sizeof path, "%s/%s", dir, CREDITS_FILE_NAME);
    CHECK(file_write_atomic(path, text, strlen(text), err, sizeof err) == 0);
}

/* A mod's own staff roll is the one shown (a backdrop it names that does not
 * exist is said where it is named, and dusk shows); a mod's roll that does not
 * read is said, file:line:col, and the game goes on past it. */
static void ex_staff_mod(const library *lib)
{
    char dir[] = "/tmp/curtain_extras_XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    ex_put_roll(dir, "music stage2\nbackdrop nowhere\ntitle Our Mod\nrole All\nname Us\nend Bye\n");
    app *a = ex_app(lib, 0);
    ((ui_config *)a->cfg)->mod = dir;
    world_config easy = {.seed = 2, .difficulty = DIFFICULTY_EASY, .ship = 0};
    CHECK_EQ_INT(ex_play_to_results(a, easy), GAME_STAFF);
    CHECK_EQ_INT(a->staff.roll.count, 4);
    CHECK(strcmp(a->staff.roll.entries[0].text, "Our Mod") == 0);
    CHECK(strcmp(a->staff.roll.music, "stage2") == 0);
    CHECK_EQ_INT(a->staff.backdrop, BACKDROP_DUSK + 1);
    CHECK(strstr(a->toast_text, "staff.txt:2:10: no backdrop called 'nowhere'") != NULL);
    CHECK_EQ_INT(ex_roll_to_end(a), GAME_NAME);
    SDL_StopTextInput();
    ex_app_free(a);

    ex_put_roll(dir, "title Our Mod\nrole\n");
    a = ex_app(lib, 0);
    ((ui_config *)a->cfg)->mod = dir;
    game_phase after = ex_play_to_results(a, easy);
    CHECK(after == GAME_NAME || after == GAME_SAVE);
    CHECK(strstr(a->toast_text, "staff.txt:2:5: 'role' needs its text") != NULL);
    SDL_StopTextInput();
    ((ui_config *)a->cfg)->mod = NULL;
    ex_app_free(a);
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, CREDITS_FILE_NAME);
    remove(path);
    remove(dir);
}

/* The practice menu: six stage rows, every boss and card of the six in the
 * game's order; the Extra's boss once met, at Lunatic. */
static void ex_practice(const library *lib)
{
    app *a = ex_app(lib, 0);
    a->practice.difficulty = DIFFICULTY_HARD;
    practice_enter(a);
    int stages = 0, bosses = 0, cards = 0, last_boss = -1, order_ok = 1;
    char seen[64] = "";
    for (int i = 0; i < a->practice.m.count; i++) {
        const practice_row *r = &a->practice.rows[i];
        if (r->stage >= 0) {
            stages++;
            continue;
        }
        if (r->one_phase) {
            cards++;
            continue;
        }
        bosses++;
        const char *name = lib->bosses[r->boss].name;
        /* s1_mid, s1_boss, s2_mid, ...: the stage's digit never goes down */
        if (last_boss >= 0 && name[1] < lib->bosses[last_boss].name[1])
            order_ok = 0;
        if (strncmp(name, "ex", 2) == 0)
            order_ok = 0; /* the Extra's boss, not met yet */
        last_boss = r->boss;
        snprintf(seen + strlen(seen), sizeof seen - strlen(seen), "%c", name[3]);
    }
    CHECK_EQ_INT(stages, 6);
    CHECK_EQ_INT(bosses, 12);
    CHECK_EQ_INT(cards, 18);
    CHECK(order_ok);
    CHECK(strcmp(seen, "mbmbmbmbmbmb") == 0); /* each stage: midboss, then boss */
    /* the Extra's card met (at Lunatic, where the Extra plays): its rows come last */
    spellcards_saw(&a->cards, "ex_boss", 1, "ex Sign: One", DIFFICULTY_LUNATIC);
    practice_enter(a);
    int n = a->practice.m.count;
    CHECK_EQ_INT(n, 6 + 12 + 18 + 1 + 2); /* ex_boss's rows; ex_mid's stay hidden, not met */
    const practice_row *card = NULL;
    for (int i = 0; i < n; i++)
        if (a->practice.rows[i].stage < 0 && a->practice.rows[i].one_phase &&
            strcmp(lib->bosses[a->practice.rows[i].boss].name, "ex_boss") == 0 &&
            a->practice.rows[i].phase == 1)
            card = &a->practice.rows[i];
    CHECK(card && card->difficulty == DIFFICULTY_LUNATIC);
    CHECK(card && !a->practice.m.disabled[card - a->practice.rows]);
    ex_app_free(a);
}

/* The attract demos: the six stages, then the cards of the six; not the Extra. */
static void ex_attract(const library *lib)
{
    uint32_t n = attract_count(lib);
    CHECK_EQ_INT((int)n, 6 + 18);
    int stage_seen[6] = {0};
    for (uint32_t i = 0; i < n; i++) {
        world_config c = attract_config(lib, i, 1);
        if (c.start == 0) {
            CHECK(c.stage < 6);
            if (c.stage < 6)
                stage_seen[c.stage]++;
        } else {
            CHECK(strncmp(lib->bosses[WORLD_START_BOSS(c.start)].name, "ex", 2) != 0);
        }
    }
    for (int s = 0; s < 6; s++)
        CHECK_EQ_INT(stage_seen[s], 1);
}

/* Player Data lists every card of the six stages under its boss (the Extra's
 * once met); the Music Room the shipped themes by title, the title's first. */
static void ex_screens(const library *lib, const char *patterns)
{
    app *a = ex_app(lib, 0);
    records_screen_enter(a);
    CHECK_EQ_INT(a->records_view.count, 12 + 18);
    spellcards_saw(&a->cards, "ex_boss", 1, "ex Sign: One", DIFFICULTY_LUNATIC);
    records_screen_enter(a);
    CHECK_EQ_INT(a->records_view.count, 12 + 18 + 1 + 2);
    CHECK(a->records_view.rows[a->records_view.count - 1].extra);
    records_screen_action(a, INPUT_UI_RIGHT);
    CHECK_EQ_INT(a->records_view.page, 1);
    records_screen_action(a, INPUT_UI_DOWN);
    CHECK_EQ_INT(a->records_view.first, 4);
    records_screen_action(a, INPUT_UI_BACK);
    CHECK_EQ_INT((int)a->screen, SCREEN_TITLE);

    static music_set set;
    char dir[1024];
    snprintf(dir, sizeof dir, "%s/music", patterns);
    music_set_load(&set, dir, NULL);
    a->sound->music = &set;
    music_room_enter(a);
    CHECK_EQ_INT(a->music_room.count, 15);
    CHECK(strcmp(a->music_room.m.labels[0], " 1. Curtain Call at Yomigawa") == 0);
    /* this game's stages have no themes: the rest follow in the set's order, the
     * Extra stage's `extra` first */
    CHECK(strcmp(a->music_room.m.labels[1], " 2. The Hour Before Dawn") == 0);
    CHECK(strcmp(a->music_room.m.labels[3], " 4. Lanterns at Dusk") == 0);
    music_room_action(a, INPUT_UI_DOWN);
    music_room_action(a, INPUT_UI_CONFIRM);
    CHECK_EQ_INT(a->music_room.playing, a->music_room.order[1] + 1);
    CHECK(strcmp(a->music_room.m.values[1], "playing") == 0);
    a->sound->music = NULL;
    music_set_free(&set);
    ex_app_free(a);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: test_ui.extras PATTERNS_DIR\n");
        return 2;
    }
    library *lib = ex_library(argv[1]);
    if (lib) {
        ex_unlock(lib);
        ex_staff_mod(lib);
        ex_practice(lib);
        ex_attract(lib);
        ex_screens(lib, argv[1]);
    }
    library_free(lib);
    return check_done("extras");
}
