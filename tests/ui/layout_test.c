/*
 * layout: every screen of the front end drawn headless (a software renderer on
 * a surface) over the game's own content, in each of its states, with the text
 * each draw puts down recorded (render/text.h's record: every line's pen box
 * in its font, at its scale). Each line must be on the screen; a line drawn in
 * a box (a panel, a menu, the pause menu, a message) must lie inside it or
 * clear of it; on a screen with a run's field, no line may straddle the
 * field's edge (a banner wider than the field, a message running into the
 * panel); and no two lines still showing may overlap (the tutorial's "done!"
 * over the step's title, the pause menu's words mixed with the continue
 * prompt's). Messages on a field screen stay off the field, and How to Play
 * puts nothing over the field's bottom corner where the ship flies; F3's
 * overlay shows there as in a run. With CURTAIN_LAYOUT_SHOTS=DIR each screen
 * drawn is saved there (DIR/NNN.bmp), to look at.
 */
#include "../check.h"
#include "../game/test_library.h"
#include "core/mem.h"
#include "game/attract.h"
#include "game/difficulty.h"
#include "render/field_view.h"
#include "sim/playfield.h"
#include "ui/app.h"
#include "ui/panel.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static app the_app;        /* large: not on the stack */
static text_record record; /* the same */
static SDL_Surface *lay_surface;

static const SDL_Rect lay_field = {FIELD_VIEW_X, FIELD_VIEW_Y, (int)PLAYFIELD_W, (int)PLAYFIELD_H};

static int lay_inside(SDL_Rect in, SDL_Rect box)
{
    return in.x >= box.x && in.y >= box.y && in.x + in.w <= box.x + box.w &&
           in.y + in.h <= box.y + box.h;
}

static int lay_meets(SDL_Rect p, SDL_Rect q)
{
    return p.x < q.x + q.w && q.x < p.x + p.w && p.y < q.y + q.h && q.y < p.y + p.h;
}

static void lay_say(const char *screen, const char *what, const text_record_line *l)
{
    fprintf(stderr, "layout: %s: '%s' at %d,%d %dx%d %s\n", screen, l->text, l->box.x, l->box.y,
            l->box.w, l->box.h, what);
}

/* The checks of the header over what was recorded; field: the screen shows a
 * run's field. Returns the number of problems (each said). */
static int lay_check(const char *screen, int field)
{
    int bad = 0;
    const SDL_Rect screen_box = {0, 0, LOGICAL_W, LOGICAL_H};
    CHECK_EQ_INT(record.dropped, 0);
    for (int i = 0; i < record.count; i++) {
        const text_record_line *l = &record.lines[i];
        if (l->hidden)
            continue;
        if (!lay_inside(l->box, screen_box)) {
            lay_say(screen, "is off the screen", l);
            bad++;
        }
        if (field && lay_meets(l->box, lay_field) && !lay_inside(l->box, lay_field)) {
            lay_say(screen, "straddles the field's edge", l);
            bad++;
        }
        for (int b = 0; b < record.box_count; b++)
            if (i >= record.box_after[b] && lay_meets(l->box, record.boxes[b]) &&
                !lay_inside(l->box, record.boxes[b])) {
                char what[96];
                snprintf(what, sizeof what, "runs out of the box at %d,%d %dx%d", record.boxes[b].x,
                         record.boxes[b].y, record.boxes[b].w, record.boxes[b].h);
                lay_say(screen, what, l);
                bad++;
            }
        for (int j = i + 1; j < record.count; j++) {
            const text_record_line *m = &record.lines[j];
            if (m->hidden || !lay_meets(l->box, m->box) || strcmp(l->text, m->text) == 0)
                continue; /* the same text twice is a shadow under it */
            char what[160];
            snprintf(what, sizeof what, "overlaps '%s' at %d,%d", m->text, m->box.x, m->box.y);
            lay_say(screen, what, l);
            bad++;
        }
    }
    return bad;
}

/* Draws one screen (its draw, then the messages, as ui_frame does) with the
 * text recorded, and checks it. */
static int lay_screen(app *a, void (*draw)(app *), const char *name, int field)
{
    text_record_begin(&record);
    window_begin_frame(&a->win);
    draw(a);
    app_draw_toast(a);
    SDL_RenderFlush(a->win.renderer);
    text_record_begin(NULL);
    const char *shots = getenv("CURTAIN_LAYOUT_SHOTS"); /* a folder: each screen as a BMP */
    static int shot;
    if (shots && lay_surface) {
        char path[512];
        snprintf(path, sizeof path, "%s/%03d.bmp", shots, shot++);
        SDL_SaveBMP(lay_surface, path);
        printf("%s: %s\n", path, name);
    }
    CHECK(record.count > 0);
    int bad = lay_check(name, field);
    CHECK_EQ_INT(bad, 0);
    return bad;
}

/* Whether any recorded line still showing meets rect. */
static int lay_text_in(SDL_Rect rect)
{
    for (int i = 0; i < record.count; i++)
        if (!record.lines[i].hidden && lay_meets(record.lines[i].box, rect))
            return 1;
    return 0;
}

/* ---- the app ---- */

/* the_app with the game's content, a software renderer on a surface and the
 * worlds the screens use; the frame rate shown (its counter is checked too). */
static app *lay_app(const library *lib)
{
    static ui_config cfg;
    static audio silent;
    static world game, demo, preview;
    app *a = &the_app;
    memset(a, 0, sizeof *a);
    cfg = (ui_config){.lib = lib};
    a->cfg = &cfg;
    a->sound = &silent;
    a->lib = lib;
    a->game.w = &game;
    a->title.demo = &demo;
    a->ships.preview = &preview;
    a->game.rank = -1;
    options_defaults(&a->opts);
    a->opts.show_fps = 1;
    a->pacer.fps = 59.9f;
    world_view_init(&a->title.view, 1);
    world_view_init(&a->game.view, 2);
    world_view_init(&a->ships.view, 3);
    lay_surface =
        SDL_CreateRGBSurfaceWithFormat(0, LOGICAL_W, LOGICAL_H, 32, SDL_PIXELFORMAT_ARGB8888);
    SDL_Renderer *r = lay_surface ? SDL_CreateSoftwareRenderer(lay_surface) : NULL;
    frame_view_config vc = {1, WORLD_BULLETS, -1};
    char err[256] = "";
    a->win.renderer = r;
    CHECK(r && frame_view_init(&a->view, r, &vc, err, sizeof err) == 0);
    return a;
}

static void lay_app_free(app *a)
{
    tutorial_close(a);
    replay_free(&a->game.rec);
    replay_free(&a->game.film);
    snapshot_free(&a->game.state);
    replay_player_free(&a->game.player);
    world *worlds[] = {a->game.w, a->title.demo, a->ships.preview};
    for (int i = 0; i < 3; i++) {
        if (worlds[i]->vm)
            world_free(worlds[i]);
        memset(worlds[i], 0, sizeof *worlds[i]);
    }
    frame_view_free(&a->view);
    SDL_DestroyRenderer(a->win.renderer);
    SDL_FreeSurface(lay_surface);
    memset(a, 0, sizeof *a);
}

/* ---- the menus ---- */

static void lay_menus(app *a)
{
    a->screen = SCREEN_TITLE;
    title_enter(a);
    for (int i = 0; i < 600; i++) /* the demo under way, its bullets out */
        title_update(a);
    lay_screen(a, title_draw, "title", 0);
    for (int practice = 0; practice < 2; practice++) {
        a->difficulty.practice = practice;
        a->screen = SCREEN_DIFFICULTY;
        difficulty_enter(a);
        for (int d = 0; d < DIFFICULTY_COUNT; d++) {
            menu_select(&a->difficulty.m, d);
            lay_screen(a, difficulty_draw, practice ? "practice difficulty" : "difficulty", 0);
        }
    }
    /* every card met, so every title shows, with the longest counts */
    for (uint32_t b = 0; b < a->lib->boss_count; b++)
        for (uint32_t k = 0; k < a->lib->bosses[b].phase_count; k++) {
            const library_phase *ph = &a->lib->bosses[b].phases[k];
            spellcards_saw(&a->cards, a->lib->bosses[b].name, (int)k, ph->title ? ph->title : "",
                           DIFFICULTY_LUNATIC);
            a->cards.cards[a->cards.count - 1].seen = 9999;
            a->cards.cards[a->cards.count - 1].captured = 9999;
        }
    a->practice.difficulty = DIFFICULTY_LUNATIC;
    a->screen = SCREEN_PRACTICE;
    practice_enter(a);
    for (int row = 0; row < a->practice.m.count; row++) {
        menu_select(&a->practice.m, row);
        lay_screen(a, practice_draw, "practice", 0);
    }
    a->screen = SCREEN_SCORES;
    a->scores_view.highlight = -1;
    for (int d = 0; d < DIFFICULTY_COUNT; d++) {
        a->scores_view.difficulty = d;
        lay_screen(a, scores_draw, "scores", 0);
    }
    /* Player Data: the records of every ship, the longest counts; the card pages */
    for (uint32_t i = 0; i < a->lib->ship_count; i++) {
        records_run_start(&a->records, a->lib->ships[i].name, DIFFICULTY_NORMAL, 0);
        records_ship *rs = (records_ship *)records_find(&a->records, a->lib->ships[i].name);
        for (int d = 0; rs && d < DIFFICULTY_COUNT; d++)
            rs->played[d] = rs->cleared[d] = rs->no_continue[d] = 99999u - (uint32_t)d;
        /* (the numbers differ: the same text twice would be taken for a shadow) */
        if (rs)
            rs->extra_tried = rs->extra_cleared = 9999;
    }
    a->records.frames = 99ull * 3600 * 60;
    a->screen = SCREEN_RECORDS;
    records_screen_enter(a);
    for (int page = 0; page < 2; page++) {
        a->records_view.page = page;
        lay_screen(a, records_screen_draw, page ? "player data: cards" : "player data", 0);
    }
    for (int i = 0; i < 40; i++)
        records_screen_action(a, INPUT_UI_DOWN);
    lay_screen(a, records_screen_draw, "player data: the last cards", 0);
    a->screen = SCREEN_MUSIC;
    music_room_enter(a);
    lay_screen(a, music_room_draw, "music room", 0);
    a->screen = SCREEN_OPTIONS;
    settings_enter(a);
    lay_screen(a, settings_draw, "options", 0);
    a->screen = SCREEN_KEYS;
    keys_enter(a);
    lay_screen(a, keys_draw, "keys", 0);
    a->screen = SCREEN_ACCESS;
    access_enter(a);
    lay_screen(a, access_draw, "accessibility", 0);
    a->ships.extra = 1; /* the Extra's ship select: its note in the panel */
    a->screen = SCREEN_SHIP;
    ship_select_enter(a);
    lay_screen(a, ship_select_draw, "extra ship select", 0);
    a->ships.extra = 0;
    ship_select_enter(a);
    for (int s = 0; s < a->ships.m.count; s++) {
        menu_select(&a->ships.m, s);
        ship_select_enter(a);
        for (int i = 0; i < 100; i++)
            ship_select_update(a);
        lay_screen(a, ship_select_draw, "ship select", 0);
    }
}

/* ---- How to Play ---- */

static void lay_tutorial(app *a)
{
    a->screen = SCREEN_TUTORIAL;
    tutorial_enter(a);
    tutorial_state *t = &a->tutorial;
    CHECK(t->w != NULL);
    if (!t->w)
        return;
    /* the field's bottom left, where the ship starts and flies: no text */
    const SDL_Rect corner = {FIELD_VIEW_X, FIELD_VIEW_Y + (int)PLAYFIELD_H - 120,
                             (int)PLAYFIELD_W / 2, 120};
    for (int step = 0; step <= TUTORIAL_STEP_COUNT; step++) {
        for (int done = 0; done < 2; done++) {
            t->t.step = (tutorial_step)step;
            t->t.pause = done ? TUTORIAL_PAUSE_FRAMES / 2 : 0;
            for (int blink = 0; blink < 2; blink++) { /* both halves of a blink */
                a->tick = (uint64_t)blink * 30;
                t->view.tick = (uint64_t)blink * 30;
                char name[64];
                snprintf(name, sizeof name, "how to play, step %d%s", step + 1,
                         done ? " done" : "");
                lay_screen(a, tutorial_draw, name, 1);
                CHECK(!lay_text_in(corner));
            }
        }
    }
    /* F3 shows the performance overlay here too, as in a run */
    t->t.step = TUTORIAL_MOVE;
    t->t.pause = 0;
    overlay_toggle(&a->view.overlay);
    lay_screen(a, tutorial_draw, "how to play with the overlay", 1);
    int overlay_shown = 0;
    for (int i = 0; i < record.count; i++)
        overlay_shown |= strcmp(record.lines[i].text, "scripts stopped") == 0;
    CHECK(overlay_shown);
    overlay_toggle(&a->view.overlay);
    tutorial_close(a);
}

/* ---- the game screen ---- */

/* The game screen in each phase, over a spell card of the game's first boss
 * that has one (its name band, timer and bonus showing). */
static void lay_game(app *a)
{
    int boss = -1, phase = -1;
    for (uint32_t b = 0; b < a->lib->boss_count && boss < 0; b++)
        for (uint32_t k = 0; k < a->lib->bosses[b].phase_count && boss < 0; k++)
            if (a->lib->bosses[b].phases[k].spell) {
                boss = (int)b;
                phase = (int)k;
            }
    CHECK(boss >= 0);
    if (boss < 0)
        return;
    static ui_config cfg;
    cfg = *a->cfg;
    cfg.autopilot = 1;
    a->cfg = &cfg;
    world_config wc = {.seed = 5,
                       .difficulty = DIFFICULTY_LUNATIC,
                       .start = WORLD_START(boss, phase),
                       .flags = WORLD_FLAG_INVULNERABLE};
    game_start_run(a, &wc, 0);
    game_state *g = &a->game;
    world *w = g->w;
    for (int i = 0; i < 240; i++)
        game_update(a);
    CHECK(w->boss.active);
    lay_screen(a, game_draw, "game", 1);
    /* the messages of a practice: in the side panel, never over the field */
    a->tick = 1000;
    app_toast(a, PANEL_GREEN, "state saved at %d:%02d", 12, 34);
    app_toast(a, PANEL_GREEN, "taken over at %d:%02d: a practice from here (no high score)", 1, 10);
    app_toast(a, PANEL_GREEN, "replay saved: %s",
              "/home/someone/.local/share/curtain/replays/20261128-181010-PLAYER-2.rpl");
    char text[2048];
    SDL_Rect box = app_toast_layout(a, text, sizeof text);
    CHECK(!lay_meets(box, lay_field));
    CHECK(strstr(text, "PLAYER-2.rpl") != NULL); /* the newest is shown */
    lay_screen(a, game_draw, "game with messages", 1);
    a->toast_until = 0;
    /* paused: the pause menu alone, also over the continue prompt */
    game_action(a, INPUT_UI_PAUSE);
    lay_screen(a, game_draw, "paused", 1);
    world_state was = w->state;
    w->state = WORLD_CONTINUE;
    w->cont_timer = 600;
    g->phase = GAME_RUNNING;
    lay_screen(a, game_draw, "continue", 1);
    game_action(a, INPUT_UI_PAUSE);
    CHECK_EQ_INT(g->phase, GAME_PAUSED);
    lay_screen(a, game_draw, "paused at the continue prompt", 1);
    game_action(a, INPUT_UI_DOWN);
    game_action(a, INPUT_UI_DOWN);
    game_action(a, INPUT_UI_CONFIRM); /* "Quit this run?" */
    lay_screen(a, game_draw, "pause question", 1);
    w->state = was;
    /* the banners and the boxes after a run, for a run, a practice, a replay */
    static const world_state ends[] = {WORLD_CLEARED, WORLD_GAME_OVER};
    for (int watching = 0; watching < 2; watching++)
        for (int practice = 0; practice < 2; practice++)
            for (int e = 0; e < 2; e++) {
                g->watching = watching;
                g->practice = practice;
                w->state = ends[e];
                w->stage_done = 1;
                w->score = 9876543210u;
                g->phase = GAME_ENDING;
                g->end_timer = 10;
                lay_screen(a, game_draw, game_ending_banner(a), 1);
                g->phase = GAME_RESULTS;
                lay_screen(a, game_draw, game_results_title(a), 1);
            }
    g->watching = g->practice = 0;
    w->config.start = 0; /* the whole game cleared: the results with the credits */
    w->state = WORLD_CLEARED;
    for (w->stage = 0; !world_all_clear(w) && w->stage < 16; w->stage++)
        ;
    CHECK(world_all_clear(w));
    g->phase = GAME_RESULTS;
    lay_screen(a, game_draw, "all clear results", 1);
    /* the staff roll (patterns/staff.txt) at every height it scrolls through:
     * its lines are clipped at the field's edges as they scroll in and out, so
     * only overlaps count; then with its end line standing */
    CHECK_EQ_INT(staff_roll_begin(a), 0);
    int roll_h = staff_roll_height(&a->staff.roll);
    g->phase = GAME_STAFF;
    for (int pos = 0; pos < roll_h + (int)PLAYFIELD_H; pos += 23) {
        a->staff.pos = (float)pos;
        char name[64];
        snprintf(name, sizeof name, "staff roll at %d", pos);
        if (lay_screen(a, game_draw, name, 0) != 0)
            break;
    }
    for (int i = 0; i < 20000 && !a->staff.held_end; i++)
        staff_roll_step(a);
    CHECK(a->staff.held_end > 0);
    lay_screen(a, game_draw, "staff roll, the end", 0);
    /* what the run unlocked: the longest lines the screen says */
    memset(&a->unlocks, 0, sizeof a->unlocks);
    snprintf(a->unlocks.lines[0], sizeof a->unlocks.lines[0], "Extra Stage unlocked for %s!",
             "Shirasagi, the White Heron of the Shrine");
    snprintf(a->unlocks.lines[1], sizeof a->unlocks.lines[1],
             "(an all clear on Lunatic without a continue)");
    snprintf(a->unlocks.lines[2], sizeof a->unlocks.lines[2], "Spell practice: %d new spell cards",
             125);
    snprintf(a->unlocks.lines[3], sizeof a->unlocks.lines[3], "Spell practice: \"%s\"",
             "Lantern Sign: A Thousand Paper Lights Rising over the Festival");
    a->unlocks.count = 4;
    g->phase = GAME_UNLOCKED;
    lay_screen(a, game_draw, "unlocked", 1);
    g->phase = GAME_NAME;
    snprintf(g->name, sizeof g->name, "WWWWWWWW");
    lay_screen(a, game_draw, "name entry", 1);
    g->name[0] = '\0';
    g->name_asked = 1;
    lay_screen(a, game_draw, "name entry, asked", 1);
    g->phase = GAME_SAVE;
    menu_clear(&g->ask, "Save this run's replay?");
    menu_add(&g->ask, "Yes, save it", NULL, 0);
    menu_add(&g->ask, "No", NULL, 0);
    lay_screen(a, game_draw, "save question", 1);
    g->phase = GAME_DESYNC;
    g->desync = (replay_desync){
        .frame = 4294967295u, .expected = 0xffffffffffffffffull, .actual = 0xfedcba9876543210ull};
    lay_screen(a, game_draw, "desync", 1);
    g->phase = GAME_RUNNING;
}

/* The check itself can fail: a line across the field's edge, a line out of
 * its box and two lines over each other are each found. */
static void lay_self_check(app *a)
{
    (void)a;
    memset(&record, 0, sizeof record);
    record.count = 1;
    record.lines[0] = (text_record_line){{FIELD_VIEW_X + 300, 100, 120, 10}, "across", 0};
    CHECK_EQ_INT(lay_check("(self check: expected)", 1), 1);
    record.lines[0].box.x = FIELD_VIEW_X + 10;
    record.box_count = 1;
    record.boxes[0] = (SDL_Rect){FIELD_VIEW_X, 90, 100, 30};
    record.box_after[0] = 0;
    CHECK_EQ_INT(lay_check("(self check: expected)", 1), 1);
    record.box_count = 0;
    record.count = 2;
    record.lines[1] = (text_record_line){{FIELD_VIEW_X + 100, 105, 60, 10}, "over", 0};
    CHECK_EQ_INT(lay_check("(self check: expected)", 1), 1);
    record.lines[1].hidden = 1;
    CHECK_EQ_INT(lay_check("(self check: expected)", 1), 0);
}

int main(void)
{
    library *lib = test_library_load(CURTAIN_TEST_PATTERNS);
    CHECK(lib != NULL);
    if (!lib)
        return check_done("layout");
    app *a = lay_app(lib);
    if (a->win.renderer) {
        lay_self_check(a);
        lay_menus(a);
        lay_tutorial(a);
        lay_game(a);
    }
    lay_app_free(a);
    library_free(lib);
    return check_done("layout");
}
