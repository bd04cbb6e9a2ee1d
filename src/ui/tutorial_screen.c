/*
 * tutorial_screen: How to Play, from the title menu. The lesson of game/tutorial
 * runs on a world of its own field (tutorial/tutorial.pat in the data folder):
 * the player flies it with the game's controls while a box in the side panel says
 * what to do, how far along it is, and "done" between steps. Esc leaves at any
 * time; after the last step, the shot or confirm key goes back to the title.
 */
#include "core/data_path.h"
#include "core/mem.h"
#include "pattern/language/diag.h"
#include "sim/playfield.h"
#include "ui/app.h"
#include "ui/panel.h"

#include <stdio.h>

#define TUTORIAL_FILE "tutorial/tutorial.pat"

void tutorial_close(app *a)
{
    tutorial_state *s = &a->tutorial;
    if (s->w) {
        world_free(s->w);
        mem_free(s->w);
    }
    library_free(s->lib);
    *s = (tutorial_state){0};
}

/* Loads the field and makes the world (a load). Returns 0, or -1 with a toast. */
static int tutorial_open(app *a)
{
    tutorial_state *s = &a->tutorial;
    char path[APP_PATH_MAX];
    if (data_path_join(path, sizeof path, TUTORIAL_FILE) != 0) {
        app_toast(a, PANEL_RED, "how to play: the data folder path is too long");
        return -1;
    }
    diag_list diags;
    diag_init(&diags);
    /* The lesson's ship is the game's first, so that Z shoots as in a run; a ship
     * file that does not compile alone leaves the field with the default ship. */
    const char *paths[] = {path, a->lib && a->lib->ship_count ? a->lib->ships[0].file : NULL};
    s->lib = paths[1] ? library_load_paths(paths, 2, &diags) : NULL;
    if (!s->lib) {
        diag_free(&diags);
        diag_init(&diags);
        s->lib = library_load_paths(paths, 1, &diags);
    }
    if (!s->lib) {
        app_toast(a, PANEL_RED, "how to play: %s cannot be loaded%s%s", path,
                  diags.count ? ": " : "",
                  diags.count && diags.items[0].text ? diags.items[0].text : "");
        diag_free(&diags);
        return -1;
    }
    diag_free(&diags);
    world_config cfg = {.seed = app_seed(a), .difficulty = DIFFICULTY_NORMAL};
    s->w = mem_calloc(1, sizeof *s->w);
    if (!s->w || world_init(s->w, &cfg, s->lib) != 0) {
        app_toast(a, PANEL_RED, "how to play: out of memory");
        return -1;
    }
    return 0;
}

void tutorial_enter(app *a)
{
    tutorial_state *s = &a->tutorial;
    tutorial_close(a);
    world_view_init(&s->view, a->cfg->seed ^ 0x7e7);
    s->view.opts = &a->opts;
    if (tutorial_open(a) != 0) {
        tutorial_close(a);
        app_switch(a, SCREEN_TITLE);
        return;
    }
    tutorial_begin(&s->t, s->w);
}

static void tutorial_leave(app *a)
{
    tutorial_close(a);
    app_switch(a, SCREEN_TITLE);
}

void tutorial_action(app *a, input_ui act)
{
    const tutorial_state *s = &a->tutorial;
    if (act == INPUT_UI_PAUSE || (act == INPUT_UI_CONFIRM && s->w && tutorial_finished(&s->t))) {
        app_sound(a, SFX_MENU_SELECT, 0);
        tutorial_leave(a);
    }
}

void tutorial_update_screen(app *a)
{
    tutorial_state *s = &a->tutorial;
    if (!s->w)
        return;
    tutorial_step before = s->t.step;
    world_step(s->w, input_map_sample(&a->input));
    tutorial_update(&s->t, s->w);
    world_view_step(&s->view, s->w);
    app_world_sounds(a, s->w);
    if (s->t.pause == TUTORIAL_PAUSE_FRAMES || s->t.step != before)
        app_sound(a, SFX_MENU_SELECT, 0);
}

/* The lesson's box, in the side panel under the score box (the field stays
 * clear, the ship's bottom corner too): the screen's name and how to leave,
 * the step and "done!" beside it, the step's title, what to do, the progress. */
static void tutorial_draw_box(app *a)
{
    const tutorial_state *s = &a->tutorial;
    SDL_Renderer *r = a->win.renderer;
    const atlas_texture *at = &a->view.atlas;
    SDL_Rect box = {FIELD_VIEW_X + (int)PLAYFIELD_W + 12, 250,
                    LOGICAL_W - FIELD_VIEW_X - (int)PLAYFIELD_W - 28, 206};
    panel_fill(r, box, (SDL_Color){14, 16, 44, 255}); /* over the panel's logo */
    panel_box(r, box);
    int x = box.x + 10, xr = box.x + box.w - 10, y = box.y + 8;
    panel_text(r, at, ATLAS_FONT_SMALL, 1, x, y, TEXT_LEFT,
               (a->tick / 30) % 2 ? PANEL_PINK : PANEL_GOLD, "HOW TO PLAY");
    panel_text(r, at, ATLAS_FONT_SMALL, 1, xr, y, TEXT_RIGHT, PANEL_DIM, "Esc leaves");
    y += 16;
    char wrapped[512];
    if (tutorial_finished(&s->t)) {
        panel_text(r, at, ATLAS_FONT_SMALL, 2, x, y, TEXT_LEFT, PANEL_GOLD, "Ready!");
        panel_wrap(wrapped, sizeof wrapped, ATLAS_FONT_SMALL, 1, box.w - 20,
                   "Every step done. Start a run from the title menu, or practise a boss "
                   "(Practice; Options > Accessibility slows practice down).");
        panel_text(r, at, ATLAS_FONT_SMALL, 1, x, y + 28, TEXT_LEFT, PANEL_WHITE, wrapped);
        char back[128];
        snprintf(back, sizeof back, "%s goes back to the title", app_ui_words(a, INPUT_UI_CONFIRM));
        int lines = panel_wrap(wrapped, sizeof wrapped, ATLAS_FONT_SMALL, 1, box.w - 20, back);
        panel_text(r, at, ATLAS_FONT_SMALL, 1, x, box.y + box.h - 6 - 10 * lines, TEXT_LEFT,
                   PANEL_DIM, wrapped);
        return;
    }
    panel_textf(r, at, ATLAS_FONT_SMALL, 2, x, y, TEXT_LEFT, PANEL_GOLD, "%d/%d",
                (int)s->t.step + 1, (int)TUTORIAL_STEP_COUNT);
    if (s->t.pause) /* on the step's own line, never over its title */
        panel_text(r, at, ATLAS_FONT_SMALL, 2, xr, y, TEXT_RIGHT, PANEL_GREEN, "done!");
    y += 26;
    panel_text(r, at, ATLAS_FONT_SMALL, 1, x, y, TEXT_LEFT, PANEL_GOLD, tutorial_title(s->t.step));
    panel_wrap(wrapped, sizeof wrapped, ATLAS_FONT_SMALL, 1, box.w - 20, tutorial_text(s->t.step));
    panel_text(r, at, ATLAS_FONT_SMALL, 1, x, y + 16, TEXT_LEFT, PANEL_WHITE, wrapped);
    int bar_w = box.w - 20, done = s->t.goal > 0 ? bar_w * s->t.progress / s->t.goal : 0;
    SDL_Rect bar = {x, box.y + box.h - 14, bar_w, 6};
    panel_fill(r, bar, (SDL_Color){40, 44, 80, 255});
    panel_fill(r, (SDL_Rect){bar.x, bar.y, done, bar.h}, s->t.pause ? PANEL_GREEN : PANEL_LABEL);
}

void tutorial_draw(app *a)
{
    tutorial_state *s = &a->tutorial;
    if (!s->w) {
        app_draw_backdrop(a);
        return;
    }
    world_view_extra x = {
        .stats = app_stats(a, s->w), /* F3's overlay, as in a run */
        .fps = app_fps(a),
        .collect_line = s->t.step == TUTORIAL_ITEMS,
    };
    world_view_draw(&s->view, &a->view, s->w, &x);
    tutorial_draw_box(a);
}
