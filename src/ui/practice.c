/*
 * practice: the practice menu. Every stage of the game up to the furthest any
 * high score reached can be played alone (WORLD_FLAG_ONE_STAGE); every boss of
 * the content, of every stage, in the game's order (each stage's midboss, then
 * its boss), can be fought from its first phase; each of its spell cards can be
 * practised alone once it has been met in a run (game/spellcards.h keeps which),
 * with its capture history. The Extra stage's bosses come last, once one of
 * their cards was met, at the Extra's difficulty (Lunatic) whatever the menu's.
 */
#include "game/difficulty.h"
#include "platform/window.h"
#include "ui/app.h"
#include "ui/panel.h"

#include <stdio.h>
#include <string.h>

/* Adds a row that starts a practice, or a dimmed one. */
static void practice_row_add(practice_state *p, const char *label, const char *value, int boss,
                             int phase, int one_phase, int enabled)
{
    int row = menu_add(&p->m, label, value, !enabled);
    if (row >= 0)
        p->rows[row] = (practice_row){boss, phase, one_phase, -1, -1};
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
            p->rows[row] = (practice_row){-1, 0, 0, s, -1};
    }
}

int practice_boss_order(const library *lib, int *out, int max, int *extra_from)
{
    const library_game *g = world_game_of(lib);
    uint32_t count = lib ? lib->boss_count : 0;
    if (count > WORLD_MAX_BOSSES)
        count = WORLD_MAX_BOSSES;
    /* each boss's place: its stage's in the list (the Extra after the list, a
     * boss of no stage of the game before the Extra), then midboss before boss */
    int n = 0, places = g ? (int)g->stage_count + 2 : 2;
    *extra_from = -1;
    for (int place = 0; place < places; place++)
        for (int main = 0; main < 2; main++)
            for (uint32_t b = 0; b < count && n < max; b++) {
                int is_main = 0;
                const char *stage = library_boss_stage(lib, b, &is_main);
                int at = places - 2; /* no stage of the game's */
                for (uint32_t k = 0; g && stage && k < g->stage_count; k++)
                    if (strcmp(stage, g->stages[k]) == 0)
                        at = (int)k;
                if (g && g->extra && stage && strcmp(stage, g->extra) == 0)
                    at = places - 1;
                if (at != place || is_main != main)
                    continue;
                if (place == places - 1 && *extra_from < 0)
                    *extra_from = n;
                out[n++] = (int)b;
            }
    return n;
}

/* Whether any spell card of boss b was met (at any difficulty). */
static int practice_boss_met(const app *a, const library_boss *boss)
{
    for (int i = 0; i < a->cards.count; i++)
        if (strcmp(a->cards.cards[i].boss, boss->name) == 0)
            return 1;
    return 0;
}

/* A boss's rows: the whole fight, then each spell card, open once met in a run
 * at the level's history (an Extra boss's: Lunatic's, where the Extra plays). */
static void practice_boss_rows(app *a, int b, int level, int extra)
{
    practice_state *p = &a->practice;
    const library_boss *boss = &a->lib->bosses[b];
    char label[MENU_LABEL_MAX];
    snprintf(label, sizeof label, "%s%s", boss->title[0] ? boss->title : boss->name,
             extra ? " (Extra)" : "");
    practice_row_add(p, label, "the whole fight", b, 0, 0, boss->phase_count > 0);
    p->rows[p->m.count - 1].difficulty = extra ? level : -1;
    for (uint32_t k = 0; k < boss->phase_count && k < BOSS_MAX_PHASES; k++) {
        const library_phase *ph = &boss->phases[k];
        if (!ph->spell)
            continue;
        /* This difficulty's history; a card met before the record kept
         * difficulties apart (a version-1 file) is open too, its counts in
         * parentheses. */
        const char *t = ph->title ? ph->title : "";
        const spellcard *c = spellcards_find(&a->cards, boss->name, (int)k, t, level);
        const spellcard *old = spellcards_find(&a->cards, boss->name, (int)k, t, SPELLCARDS_ANY);
        char value[MENU_VALUE_MAX] = "";
        if (c || old) {
            snprintf(label, sizeof label, "  %s", ph->title ? ph->title : "(untitled)");
            if (c)
                snprintf(value, sizeof value, "%u/%u", (unsigned)c->captured, (unsigned)c->seen);
            else
                snprintf(value, sizeof value, "(%u/%u)", (unsigned)old->captured,
                         (unsigned)old->seen);
        } else {
            snprintf(label, sizeof label, "  ? ? ? ? ? ? (not met yet)");
        }
        practice_row_add(p, label, value, b, (int)k, 1, c || old);
        p->rows[p->m.count - 1].difficulty = extra ? level : -1;
    }
}

void practice_enter(app *a)
{
    practice_state *p = &a->practice;
    char title[64];
    snprintf(title, sizeof title, "Practice - %s", difficulty_name(p->difficulty));
    menu_clear(&p->m, title);
    practice_stage_rows(a);
    int order[WORLD_MAX_BOSSES], extra_from = -1;
    int n = practice_boss_order(a->lib, order, WORLD_MAX_BOSSES, &extra_from);
    for (int i = 0; i < n; i++) {
        int extra = extra_from >= 0 && i >= extra_from;
        /* the Extra stage's bosses once met there: its secrets stay hidden */
        if (extra && !practice_boss_met(a, &a->lib->bosses[order[i]]))
            continue;
        practice_boss_rows(a, order[i], extra ? DIFFICULTY_LUNATIC : p->difficulty, extra);
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
                            .difficulty =
                                (uint8_t)(row->difficulty >= 0 ? row->difficulty : p->difficulty),
                            .flags = (uint16_t)((row->one_phase ? WORLD_FLAG_ONE_PHASE : 0) |
                                                world_speed_flag(a->opts.practice_speed)),
                            .ship = (uint8_t)a->ships.chosen};
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
    if (h->ship[0])
        panel_text(r, at, ATLAS_FONT_SMALL, 1, x, y + 12, TEXT_LEFT, PANEL_LABEL,
                   ship >= 0 ? a->lib->ships[ship].title : h->ship);
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
