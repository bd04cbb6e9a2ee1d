/*
 * practice: the practice menu. Every stage of the game up to the furthest any
 * high score reached can be played alone (WORLD_FLAG_ONE_STAGE); every boss of
 * the content, of every stage, can be fought from its first phase; each of its
 * spell cards can be practised alone once it has been met in a run
 * (game/spellcards.h keeps which), with its capture history.
 */
#include "game/difficulty.h"
#include "platform/window.h"
#include "ui/app.h"
#include "ui/panel.h"

#include <stdio.h>

/* Adds a row that starts a practice, or a dimmed one. */
static void practice_row_add(practice_state *p, const char *label, const char *value, int boss,
                             int phase, int one_phase, int enabled)
{
    int row = menu_add(&p->m, label, value, !enabled);
    if (row >= 0)
        p->rows[row] = (practice_row){boss, phase, one_phase, -1};
}

/* The furthest stage any high score of any difficulty reached, from 1. */
static int practice_stage_reached(const app *a)
{
    int reached = 1;
    for (int d = 0; d < DIFFICULTY_COUNT; d++)
        for (int k = 0; k < HIGHSCORES_TOP; k++) {
            const highscore *h = highscores_get(&a->scores, (difficulty)d, k);
            if (h && h->stage + (h->cleared ? 1 : 0) > reached)
                reached = h->stage + (h->cleared ? 1 : 0);
        }
    return reached;
}

/* A row per stage of the game: open up to the furthest reached, dimmed after. */
static void practice_stage_rows(app *a)
{
    practice_state *p = &a->practice;
    const library_game *g = world_game_of(a->lib);
    int count = g ? (int)g->stage_count : 0, reached = practice_stage_reached(a);
    for (int s = 0; s < count && s < 255; s++) {
        char label[MENU_LABEL_MAX];
        snprintf(label, sizeof label, "Stage %d", s + 1);
        int row = menu_add(&p->m, label, s < reached ? "the whole stage" : "not reached yet",
                           s >= reached);
        if (row >= 0)
            p->rows[row] = (practice_row){-1, 0, 0, s};
    }
}

void practice_enter(app *a)
{
    practice_state *p = &a->practice;
    char title[64];
    snprintf(title, sizeof title, "Practice - %s", difficulty_name(p->difficulty));
    menu_clear(&p->m, title);
    practice_stage_rows(a);
    for (uint32_t b = 0; b < a->lib->boss_count && b < WORLD_MAX_BOSSES; b++) {
        const library_boss *boss = &a->lib->bosses[b];
        char label[MENU_LABEL_MAX];
        snprintf(label, sizeof label, "%s", boss->title[0] ? boss->title : boss->name);
        practice_row_add(p, label, "the whole fight", (int)b, 0, 0, boss->phase_count > 0);
        for (uint32_t k = 0; k < boss->phase_count && k < BOSS_MAX_PHASES; k++) {
            const library_phase *ph = &boss->phases[k];
            if (!ph->spell)
                continue;
            /* This difficulty's history; a card met before the record kept
             * difficulties apart (a version-1 file) is open too, its counts in
             * parentheses. */
            const char *t = ph->title ? ph->title : "";
            const spellcard *c = spellcards_find(&a->cards, boss->name, (int)k, t, p->difficulty);
            const spellcard *old =
                spellcards_find(&a->cards, boss->name, (int)k, t, SPELLCARDS_ANY);
            char value[MENU_VALUE_MAX] = "";
            if (c || old) {
                snprintf(label, sizeof label, "  %s", ph->title ? ph->title : "(untitled)");
                if (c)
                    snprintf(value, sizeof value, "%u/%u", (unsigned)c->captured,
                             (unsigned)c->seen);
                else
                    snprintf(value, sizeof value, "(%u/%u)", (unsigned)old->captured,
                             (unsigned)old->seen);
            } else {
                snprintf(label, sizeof label, "  ? ? ? ? ? ? (not met yet)");
            }
            practice_row_add(p, label, value, (int)b, (int)k, 1, c || old);
        }
    }
    if (p->m.count == 0)
        menu_add(&p->m, "No boss in these patterns", NULL, 1);
    menu_select(&p->m, p->m.cursor);
}

void practice_action(app *a, input_ui act)
{
    practice_state *p = &a->practice;
    if (app_menu_step(a, &p->m, act))
        return;
    switch (act) {
    case INPUT_UI_CONFIRM: {
        if (p->m.count == 0 || p->m.disabled[p->m.cursor])
            break;
        app_sound(a, SFX_MENU_SELECT, 0);
        const practice_row *row = &p->rows[p->m.cursor];
        world_config cfg = {.seed = app_seed(a),
                            .difficulty = (uint8_t)p->difficulty,
                            .flags = (uint16_t)((row->one_phase ? WORLD_FLAG_ONE_PHASE : 0) |
                                                world_speed_flag(a->opts.practice_speed)),
                            .ship = (uint8_t)a->ships.chosen,
                            .shot_type = (uint8_t)a->ships.chosen_type};
        if (row->stage >= 0) {
            cfg.stage = (uint8_t)row->stage;
            cfg.flags |= WORLD_FLAG_ONE_STAGE;
        } else {
            cfg.start = WORLD_START(row->boss, row->phase);
        }
        game_start_run(a, &cfg, 1);
        break;
    }
    case INPUT_UI_BACK:
    case INPUT_UI_PAUSE:
        /* Back through the practice's own ship and difficulty menus, whichever
         * way the menu was reached (a practice from the command line or a
         * take-over came back here without them). */
        app_sound(a, SFX_MENU_MOVE, 0);
        a->ships.practice = a->difficulty.practice = 1;
        app_switch(a, ship_select_offered(a) ? SCREEN_SHIP : SCREEN_DIFFICULTY);
        break;
    default: break;
    }
}

void practice_draw(app *a)
{
    title_draw_demo(a, 190);
    menu_draw(&a->practice.m, a->win.renderer, &a->view.atlas,
              (SDL_Rect){16, 40, LOGICAL_W - 32, 380}, 2, a->tick);
    title_draw_help(a, "spell cards open here once met in a run    %s chooses    %s goes back",
                    app_ui_words(a, INPUT_UI_CONFIRM), app_ui_words(a, INPUT_UI_BACK));
}

/* ---- high scores ---- */

void scores_enter(app *a)
{
    (void)a;
}

void scores_action(app *a, input_ui act)
{
    scores_state *s = &a->scores_view;
    switch (act) {
    case INPUT_UI_LEFT:
    case INPUT_UI_RIGHT:
        s->difficulty =
            (s->difficulty + (act == INPUT_UI_LEFT ? DIFFICULTY_COUNT - 1 : 1)) % DIFFICULTY_COUNT;
        s->highlight = -1;
        app_sound(a, SFX_MENU_MOVE, 0);
        break;
    case INPUT_UI_CONFIRM:
    case INPUT_UI_BACK:
    case INPUT_UI_PAUSE:
        app_sound(a, SFX_MENU_SELECT, 0);
        app_switch(a, s->back);
        break;
    default: break;
    }
}

/* How far a run got (Stage N, cleared or not, or All Clear) and its ship. */
static void scores_draw_reach(app *a, const highscore *h, int x, int y)
{
    SDL_Renderer *r = a->win.renderer;
    const atlas_texture *at = &a->view.atlas;
    const library_game *g = world_game_of(a->lib);
    int all = h->cleared && g && h->stage >= (int)g->stage_count;
    if (all)
        panel_text(r, at, ATLAS_FONT_SMALL, 1, x, y + 1, TEXT_LEFT, PANEL_GREEN, "All Clear");
    else
        panel_textf(r, at, ATLAS_FONT_SMALL, 1, x, y + 1, TEXT_LEFT,
                    h->cleared ? PANEL_GREEN : PANEL_DIM, "Stage %d%s", h->stage,
                    h->cleared ? " clear" : "");
    int ship = h->ship[0] ? library_find_ship(a->lib, h->ship) : -1;
    const library_ship *s = ship >= 0 ? &a->lib->ships[ship] : NULL;
    int type = s && h->shot_type[0] ? library_find_ship_type(s, h->shot_type) : -1;
    const char *type_title = type >= 0         ? library_ship_type(s, (uint32_t)type)->type_title
                             : h->shot_type[0] ? h->shot_type
                                               : NULL;
    if (h->ship[0])
        panel_textf(r, at, ATLAS_FONT_SMALL, 1, x, y + 12, TEXT_LEFT, PANEL_LABEL, "%s%s%s",
                    s ? s->title : h->ship, type_title ? ": " : "", type_title ? type_title : "");
}

void scores_draw(app *a)
{
    scores_state *s = &a->scores_view;
    SDL_Renderer *r = a->win.renderer;
    const atlas_texture *at = &a->view.atlas;
    title_draw_demo(a, 190);
    SDL_Rect box = {50, 30, LOGICAL_W - 100, 400};
    panel_box(r, box);
    panel_textf(r, at, ATLAS_FONT_SMALL, 2, LOGICAL_W / 2, box.y + 12, TEXT_CENTER, PANEL_GOLD,
                "< High Scores - %s >", difficulty_name(s->difficulty));
    int y = box.y + 50;
    panel_text(r, at, ATLAS_FONT_SMALL, 1, box.x + 24, y, TEXT_LEFT, PANEL_LABEL, "rank");
    panel_text(r, at, ATLAS_FONT_SMALL, 1, box.x + 80, y, TEXT_LEFT, PANEL_LABEL, "name");
    panel_text(r, at, ATLAS_FONT_SMALL, 1, box.x + 330, y, TEXT_RIGHT, PANEL_LABEL, "score");
    panel_text(r, at, ATLAS_FONT_SMALL, 1, box.x + 350, y, TEXT_LEFT, PANEL_LABEL, "reached, ship");
    panel_text(r, at, ATLAS_FONT_SMALL, 1, box.x + box.w - 20, y, TEXT_RIGHT, PANEL_LABEL, "date");
    y += 20;
    for (int i = 0; i < HIGHSCORES_TOP; i++, y += 30) {
        const highscore *h = highscores_get(&a->scores, (difficulty)s->difficulty, i);
        SDL_Color c = i == 0 ? PANEL_GOLD : PANEL_WHITE;
        if (i == s->highlight) {
            panel_fill(r, (SDL_Rect){box.x + 8, y - 5, box.w - 16, 26},
                       (SDL_Color){200, 60, 140, (Uint8)(a->tick & 16 ? 150 : 90)});
            c = (SDL_Color){255, 250, 220, 255};
        }
        panel_textf(r, at, ATLAS_FONT_SMALL, 2, box.x + 24, y, TEXT_LEFT, c, "%2d", i + 1);
        if (!h) {
            panel_text(r, at, ATLAS_FONT_SMALL, 2, box.x + 80, y, TEXT_LEFT, PANEL_DIM, "--------");
            continue;
        }
        panel_text(r, at, ATLAS_FONT_SMALL, 2, box.x + 80, y, TEXT_LEFT, c, h->name);
        panel_textf(r, at, ATLAS_FONT_SMALL, 2, box.x + 330, y, TEXT_RIGHT, c, "%llu",
                    (unsigned long long)h->score);
        scores_draw_reach(a, h, box.x + 350, y);
        panel_textf(r, at, ATLAS_FONT_SMALL, 1, box.x + box.w - 20, y + 5, TEXT_RIGHT, PANEL_DIM,
                    "%04d-%02d-%02d", h->date / 10000, h->date / 100 % 100, h->date % 100);
    }
    title_draw_help(a, "left and right: other difficulties    %s, %s: back",
                    app_ui_words(a, INPUT_UI_CONFIRM), app_ui_words(a, INPUT_UI_BACK));
}
