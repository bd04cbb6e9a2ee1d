/*
 * title: the title screen and the difficulty select.
 *
 * Behind the title menu an attract demo plays: the autopilot flying each
 * stage of the game, then each spell card of each boss in turn (game/attract.h),
 * invulnerable and silent, darkened under the logo. The demo is a world like any other, so what
 * the title shows is exactly the game.
 */
#include "core/mem.h"
#include "game/attract.h"
#include "game/difficulty.h"
#include "platform/window.h"
#include "render/atlas.h"
#include "render/atlas_texture.h"
#include "sim/playfield.h"
#include "ui/app.h"
#include "ui/panel.h"

#include <stdarg.h>
#include <stdio.h>

#define TITLE_DEMO_FRAMES (50 * WORLD_TICK_HZ)

/* The logo and the menus stand over the demo, centred on the playfield: the
 * side panel beside it keeps the best scores. */
#define TITLE_CX (FIELD_VIEW_X + (int)PLAYFIELD_W / 2)

/* The title menu's entries (title_state.ids says which each row is). */
enum {
    TITLE_START,
    TITLE_EXTRA,
    TITLE_PRACTICE,
    TITLE_TUTORIAL,
    TITLE_REPLAYS,
    TITLE_SCORES,
    TITLE_RECORDS,
    TITLE_MUSIC,
    TITLE_STRESS,
    TITLE_OPTIONS,
    TITLE_QUIT
};

/* The next demo: each stage of the game, then each spell card of each boss
 * (game/attract.h). */
static void title_next_demo(app *a)
{
    title_state *t = &a->title;
    world_config cfg = attract_config(a->lib, (uint32_t)t->demo_index++, app_seed(a));
    if (t->demo->vm)
        world_free(t->demo);
    if (world_init(t->demo, &cfg, a->lib) != 0)
        world_free(t->demo);
    autopilot_init(&t->pilot, 1);
    t->demo_frames = 0;
    world_view_reset(&t->view);
}

/* The title's theme; without one, the theme of what the demo plays. */
static void title_music(app *a)
{
    if (music_set_find(audio_themes(a->sound), "title") >= 0)
        app_music_cue(a, "title", NULL);
    else if (a->title.demo->vm)
        app_music_for_world(a, a->title.demo);
}

/* Adds an entry of the title menu, keeping which it is. */
static void title_add(title_state *t, int id, const char *label, const char *value, int disabled)
{
    int row = menu_add(&t->m, label, value, disabled);
    if (row >= 0)
        t->ids[row] = id;
}

int title_extra_open(const app *a)
{
    const library_game *g = world_game_of(a->lib);
    if (!g || !g->extra)
        return 0;
    for (uint32_t i = 0; i < a->lib->ship_count; i++)
        if (records_extra_unlocked(&a->records, a->lib->ships[i].name))
            return 1;
    return a->lib->ship_count == 0 && records_extra_unlocked(&a->records, "ship");
}

void title_enter(app *a)
{
    title_state *t = &a->title;
    menu_clear(&t->m, NULL);
    title_add(t, TITLE_START, "Start", NULL, 0);
    const library_game *g = world_game_of(a->lib);
    if (g && g->extra) { /* shown locked until a ship unlocks it */
        int open = title_extra_open(a);
        title_add(t, TITLE_EXTRA, "Extra Start", NULL, !open);
    }
    title_add(t, TITLE_PRACTICE, "Practice", NULL, 0);
    title_add(t, TITLE_TUTORIAL, "How to Play", NULL, 0);
    title_add(t, TITLE_REPLAYS, "Replays", NULL, 0);
    title_add(t, TITLE_SCORES, "High Scores", NULL, 0);
    title_add(t, TITLE_RECORDS, "Player Data", NULL, 0);
    title_add(t, TITLE_MUSIC, "Music Room", NULL, 0);
    title_add(t, TITLE_STRESS, "Stress Test", NULL, 0);
    title_add(t, TITLE_OPTIONS, "Options", NULL, 0);
    title_add(t, TITLE_QUIT, "Quit", NULL, 0);
    t->m.see_through = 1; /* the demo plays behind it */
    if (!t->demo->vm)
        title_next_demo(a);
    title_music(a);
}

void title_action(app *a, input_ui act)
{
    title_state *t = &a->title;
    if (app_menu_step(a, &t->m, act))
        return;
    int quit = t->m.count - 1; /* the last entry */
    switch (app_start_confirms(a, act)) {
    case INPUT_UI_CONFIRM:
        if (t->m.count == 0 || t->m.disabled[t->m.cursor])
            break;
        app_sound(a, SFX_MENU_SELECT, 0);
        switch (t->ids[t->m.cursor]) {
        case TITLE_START:
            a->difficulty.practice = 0;
            a->ships.extra = 0;
            app_switch(a, SCREEN_DIFFICULTY);
            break;
        case TITLE_EXTRA: ship_select_extra(a); break;
        case TITLE_RECORDS: app_switch(a, SCREEN_RECORDS); break;
        case TITLE_MUSIC: app_switch(a, SCREEN_MUSIC); break;
        case TITLE_PRACTICE:
            a->difficulty.practice = 1;
            a->ships.extra = 0;
            app_switch(a, SCREEN_DIFFICULTY);
            break;
        case TITLE_TUTORIAL: app_switch(a, SCREEN_TUTORIAL); break;
        case TITLE_REPLAYS: app_switch(a, SCREEN_REPLAYS); break;
        case TITLE_SCORES:
            a->scores_view.highlight = -1;
            a->scores_view.difficulty = a->opts.difficulty;
            a->scores_view.back = SCREEN_TITLE;
            app_switch(a, SCREEN_SCORES);
            break;
        case TITLE_STRESS: app_switch(a, SCREEN_STRESS); break;
        case TITLE_OPTIONS: app_switch(a, SCREEN_OPTIONS); break;
        default: a->quit = 1; break;
        }
        break;
    case INPUT_UI_BACK:
    case INPUT_UI_PAUSE:
        if (t->m.cursor != quit) {
            menu_select(&t->m, quit);
            app_sound(a, SFX_MENU_MOVE, 0);
        }
        break;
    default: break;
    }
}

/* The demo runs behind every menu screen of the title. */
void title_update(app *a)
{
    title_state *t = &a->title;
    if (!t->demo->vm)
        return;
    world_step(t->demo, autopilot_input(&t->pilot, t->demo));
    world_view_step(&t->view, t->demo);
    if (world_over(t->demo) || ++t->demo_frames >= TITLE_DEMO_FRAMES)
        title_next_demo(a);
}

/* The demo, darkened, with the logo over it. */
void title_draw_demo(app *a, int dim)
{
    title_state *t = &a->title;
    if (t->demo->vm) {
        world_view_extra x = {.fps = app_fps(a), .attract = 1};
        world_view_draw(&t->view, &a->view, t->demo, &x);
    } else {
        app_draw_backdrop(a);
    }
    panel_dim(a->win.renderer, dim);
}

/* A big magic circle turning slowly behind the name: the boss's, enlarged. */
static void title_draw_circle(app *a, int cx, int cy, int size, double angle, Uint8 alpha)
{
    SDL_Texture *tex = a->view.atlas.texture;
    SDL_Rect src = atlas_texture_rect(atlas_sprite_frame(ATLAS_SPRITE_FOCUS_RING, 0));
    SDL_Rect dst = {cx - size / 2, cy - size / 2, size, size};
    SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_ADD);
    SDL_SetTextureColorMod(tex, 255, 140, 230);
    SDL_SetTextureAlphaMod(tex, alpha);
    SDL_RenderCopyEx(a->win.renderer, tex, &src, &dst, angle, NULL, SDL_FLIP_NONE);
    SDL_SetTextureColorMod(tex, 255, 255, 255);
    SDL_SetTextureAlphaMod(tex, 255);
    SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_BLEND);
}

void title_draw_logo(app *a, int y)
{
    SDL_Renderer *r = a->win.renderer;
    const atlas_texture *at = &a->view.atlas;
    int cx = TITLE_CX;
    double t = (double)a->tick;
    /* A dark band across the field behind the name: the demo's bullets and
     * shots pass under it, not through the letters. */
    panel_fill(r, (SDL_Rect){FIELD_VIEW_X, y - 12, (int)PLAYFIELD_W, 86},
               (SDL_Color){4, 2, 14, 170});
    title_draw_circle(a, cx, y + 30, 250, t * 0.15, 90);
    title_draw_circle(a, cx, y + 30, 170, -t * 0.25, 70);
    panel_text(r, at, ATLAS_FONT_TITLE, 1, cx + 2, y + 3, TEXT_CENTER, (SDL_Color){90, 20, 90, 255},
               "c u r t a i n");
    panel_text(r, at, ATLAS_FONT_TITLE, 1, cx, y, TEXT_CENTER, (SDL_Color){255, 236, 250, 255},
               "c u r t a i n");
    panel_text(r, at, ATLAS_FONT_SMALL, 2, cx, y + 48, TEXT_CENTER, PANEL_PINK, "a bullet curtain");
}

/* The key help at the bottom of menu screens. */
void title_draw_help(app *a, const char *fmt, ...)
{
    char text[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    panel_text(a->win.renderer, &a->view.atlas, ATLAS_FONT_SMALL, 1, LOGICAL_W / 2, LOGICAL_H - 14,
               TEXT_CENTER, PANEL_DIM, text);
}

/* The help line of the title and difficulty menus. */
static void title_draw_menu_help(app *a)
{
    title_draw_help(a, "%s    %s chooses    %s goes back",
                    a->pad_used ? "the d-pad moves" : "arrows move",
                    app_ui_words(a, INPUT_UI_CONFIRM), app_ui_words(a, INPUT_UI_BACK));
}

/* The best scores of one difficulty, in the side panel's box: the whole table
 * (HIGHSCORES_TOP rows, as the High Scores screen and docs/manual.md say), in rows
 * of 12 pixels so that ten fit the box. */
static void title_draw_best(app *a, int level)
{
    SDL_Renderer *r = a->win.renderer;
    const atlas_texture *at = &a->view.atlas;
    int x0 = FIELD_VIEW_X + (int)PLAYFIELD_W + 24, x1 = LOGICAL_W - 24, y = FIELD_VIEW_Y + 12;
    panel_textf(r, at, ATLAS_FONT_SMALL, 1, (x0 + x1) / 2, y, TEXT_CENTER, PANEL_GOLD, "Best - %s",
                difficulty_name(level));
    y += 2;
    for (int i = 0; i < HIGHSCORES_TOP; i++) {
        const highscore *h = highscores_get(&a->scores, (difficulty)level, i);
        y += 12;
        panel_textf(r, at, ATLAS_FONT_SMALL, 1, x0, y, TEXT_LEFT, h ? PANEL_WHITE : PANEL_DIM,
                    "%2d %s", i + 1, h ? h->name : "--------");
        if (h)
            panel_textf(r, at, ATLAS_FONT_SMALL, 1, x1, y, TEXT_RIGHT, PANEL_LABEL, "%llu",
                        (unsigned long long)h->score);
    }
}

void title_draw(app *a)
{
    title_draw_demo(a, 150);
    title_draw_best(a, a->opts.difficulty);
    title_draw_logo(a, 56);
    /* every entry shows: the box as tall as they need, above the help line */
    int line = atlas_font_metrics_of(ATLAS_FONT_SMALL).line_h * 2 + 8;
    int h = a->title.m.count * line + 20, y = h > LOGICAL_H - 24 - 152 ? LOGICAL_H - 24 - h : 152;
    menu_draw(&a->title.m, a->win.renderer, &a->view.atlas, (SDL_Rect){TITLE_CX - 110, y, 220, h},
              2, a->tick);
    panel_textf(a->win.renderer, &a->view.atlas, ATLAS_FONT_SMALL, 1, 6, 4, TEXT_LEFT, PANEL_DIM,
                "curtain %s", CURTAIN_VERSION);
    title_draw_menu_help(a);
}

/* ---- difficulty ---- */

static const char *const difficulty_blurbs[DIFFICULTY_COUNT] = {
    "For a first flight: sparse and slow.",
    "The stage as it is meant to be played.",
    "Denser, faster: for the practised.",
    "The full curtain. Good luck.",
};

void difficulty_enter(app *a)
{
    difficulty_state *d = &a->difficulty;
    menu_clear(&d->m, d->practice ? "Practice: Difficulty" : "Difficulty");
    for (int i = 0; i < DIFFICULTY_COUNT; i++)
        menu_add(&d->m, difficulty_name(i), NULL, 0);
    menu_select(&d->m, d->practice ? a->practice.difficulty : a->opts.difficulty);
}

void difficulty_action(app *a, input_ui act)
{
    difficulty_state *d = &a->difficulty;
    if (app_menu_step(a, &d->m, act))
        return;
    switch (app_start_confirms(a, act)) {
    case INPUT_UI_CONFIRM: {
        app_sound(a, SFX_MENU_SELECT, 0);
        a->opts.difficulty = d->m.cursor;
        if (d->practice)
            a->practice.difficulty = d->m.cursor;
        app_save_options(a);
        if (ship_select_offered(a)) {
            a->ships.practice = d->practice;
            app_switch(a, SCREEN_SHIP);
            break;
        }
        a->ships.chosen = a->ships.chosen_type = 0;
        if (d->practice) {
            app_switch(a, SCREEN_PRACTICE);
            break;
        }
        world_config cfg = {.seed = app_seed(a), .difficulty = (uint8_t)d->m.cursor};
        game_start_run(a, &cfg, 0);
        break;
    }
    case INPUT_UI_BACK:
    case INPUT_UI_PAUSE:
        app_sound(a, SFX_MENU_MOVE, 0);
        app_switch(a, SCREEN_TITLE);
        break;
    default: break;
    }
}

void difficulty_draw(app *a)
{
    difficulty_state *d = &a->difficulty;
    int level = d->m.cursor % DIFFICULTY_COUNT;
    title_draw_demo(a, 170);
    title_draw_best(a, level);
    title_draw_logo(a, 40);
    menu_draw(&d->m, a->win.renderer, &a->view.atlas, (SDL_Rect){TITLE_CX - 130, 140, 260, 170}, 2,
              a->tick);
    panel_text(a->win.renderer, &a->view.atlas, ATLAS_FONT_SMALL, 1, TITLE_CX, 322, TEXT_CENTER,
               PANEL_WHITE, difficulty_blurbs[level]);
    title_draw_menu_help(a);
}
