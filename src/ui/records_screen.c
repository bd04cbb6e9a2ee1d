/*
 * records_screen: the title's Player Data, two pages (left and right turn
 * them). Records: the play time, and for every ship its all clears and runs
 * per difficulty, its all clears without a continue, and its Extra stage
 * (locked, unlocked, cleared of tries). Spell Cards: every spell card of the
 * game in its order with its history per difficulty, captured/met (a card not
 * met at any difficulty shows no title; the Extra stage's appear once met,
 * with the Extra's history). Up and down scroll the cards; back returns to the
 * title.
 */
#include "game/difficulty.h"
#include "platform/window.h"
#include "ui/app.h"
#include "ui/panel.h"

#include <stdio.h>
#include <string.h>

#define RECORDS_BOX       ((SDL_Rect){24, 20, LOGICAL_W - 48, 430})
#define RECORDS_ROW_H     13
#define RECORDS_CARD_ROWS 26 /* card rows a page shows */

/* Whether any card of boss b was met (at any difficulty). */
static int records_screen_met(const app *a, const library_boss *boss)
{
    for (int i = 0; i < a->cards.count; i++)
        if (strcmp(a->cards.cards[i].boss, boss->name) == 0)
            return 1;
    return 0;
}

/* The card list's rows: a header per boss with spell cards, then its cards. */
static void records_screen_rows(app *a)
{
    records_screen_state *s = &a->records_view;
    int order[WORLD_MAX_BOSSES], extra_from = -1;
    int n = practice_boss_order(a->lib, order, WORLD_MAX_BOSSES, &extra_from);
    s->count = 0;
    for (int i = 0; i < n; i++) {
        const library_boss *boss = &a->lib->bosses[order[i]];
        int extra = extra_from >= 0 && i >= extra_from, spells = 0;
        for (uint32_t k = 0; k < boss->phase_count && k < BOSS_MAX_PHASES; k++)
            spells += boss->phases[k].spell != 0;
        if (!spells || (extra && !records_screen_met(a, boss)))
            continue;
        for (int k = -1; k < (int)boss->phase_count && k < BOSS_MAX_PHASES; k++) {
            if ((k >= 0 && !boss->phases[k].spell) || s->count >= RECORDS_SCREEN_ROWS)
                continue;
            s->rows[s->count++] = (records_screen_row){order[i], k, extra};
        }
    }
}

void records_screen_enter(app *a)
{
    records_screen_state *s = &a->records_view;
    s->first = 0;
    records_screen_rows(a);
}

void records_screen_action(app *a, input_ui act)
{
    records_screen_state *s = &a->records_view;
    int most = s->count > RECORDS_CARD_ROWS ? s->count - RECORDS_CARD_ROWS : 0;
    switch (act) {
    case INPUT_UI_LEFT:
    case INPUT_UI_RIGHT:
        s->page = !s->page;
        app_sound(a, SFX_MENU_MOVE, 0);
        break;
    case INPUT_UI_UP:
    case INPUT_UI_DOWN:
        if (s->page == 1) {
            int to = s->first + (act == INPUT_UI_UP ? -4 : 4);
            s->first = to < 0 ? 0 : to > most ? most : to;
        }
        break;
    case INPUT_UI_CONFIRM:
    case INPUT_UI_BACK:
    case INPUT_UI_PAUSE:
        app_sound(a, SFX_MENU_SELECT, 0);
        app_switch(a, SCREEN_TITLE);
        break;
    default: break;
    }
}

/* The columns' x: a difficulty's (right-aligned), and the Extra's. */
static int records_screen_col(int d)
{
    SDL_Rect box = RECORDS_BOX;
    return box.x + 266 + d * 76;
}

/* The card page's columns: narrower (a card's counts are short), so that the
 * titles have room. */
static int records_screen_card_col(int d)
{
    SDL_Rect box = RECORDS_BOX;
    return box.x + 380 + d * 62;
}

/* The Records page: play time, then a block per ship. */
static void records_screen_ships(app *a, int y)
{
    SDL_Renderer *r = a->win.renderer;
    const atlas_texture *at = &a->view.atlas;
    SDL_Rect box = RECORDS_BOX;
    int x0 = box.x + 16;
    unsigned long long t = (unsigned long long)(a->records.frames / WORLD_TICK_HZ);
    panel_textf(r, at, ATLAS_FONT_SMALL, 1, x0, y, TEXT_LEFT, PANEL_LABEL, "Play time");
    panel_textf(r, at, ATLAS_FONT_SMALL, 1, records_screen_col(1), y, TEXT_RIGHT, PANEL_WHITE,
                "%llu:%02llu:%02llu", t / 3600, t / 60 % 60, t % 60);
    y += 24;
    for (int d = 0; d < DIFFICULTY_COUNT; d++)
        panel_text(r, at, ATLAS_FONT_SMALL, 1, records_screen_col(d), y, TEXT_RIGHT, PANEL_GOLD,
                   difficulty_name(d));
    const library_game *g = world_game_of(a->lib);
    if (g && g->extra)
        panel_text(r, at, ATLAS_FONT_SMALL, 1, records_screen_col(DIFFICULTY_COUNT), y, TEXT_RIGHT,
                   PANEL_GOLD, "Extra");
    y += 18;
    for (uint32_t i = 0; i < a->lib->ship_count && y < box.y + box.h - 60; i++) {
        const library_ship *ship = &a->lib->ships[i];
        const records_ship *rs = records_find(&a->records, ship->name);
        panel_text(r, at, ATLAS_FONT_SMALL, 1, x0, y, TEXT_LEFT, PANEL_WHITE, ship->title);
        panel_text(r, at, ATLAS_FONT_SMALL, 1, x0 + 12, y + RECORDS_ROW_H, TEXT_LEFT, PANEL_LABEL,
                   "all clears / runs");
        panel_text(r, at, ATLAS_FONT_SMALL, 1, x0 + 12, y + 2 * RECORDS_ROW_H, TEXT_LEFT,
                   PANEL_LABEL, "without a continue");
        for (int d = 0; d < DIFFICULTY_COUNT; d++) {
            int x = records_screen_col(d);
            unsigned c = rs ? rs->cleared[d] : 0, p = rs ? rs->played[d] : 0;
            unsigned nc = rs ? rs->no_continue[d] : 0;
            panel_textf(r, at, ATLAS_FONT_SMALL, 1, x, y + RECORDS_ROW_H, TEXT_RIGHT,
                        c ? PANEL_GREEN : PANEL_DIM, "%u/%u", c, p);
            panel_textf(r, at, ATLAS_FONT_SMALL, 1, x, y + 2 * RECORDS_ROW_H, TEXT_RIGHT,
                        nc ? PANEL_GREEN : PANEL_DIM, "%u", nc);
        }
        if (g && g->extra) {
            int x = records_screen_col(DIFFICULTY_COUNT);
            int open = records_extra_unlocked(&a->records, ship->name);
            panel_text(r, at, ATLAS_FONT_SMALL, 1, x, y, TEXT_RIGHT, open ? PANEL_PINK : PANEL_DIM,
                       open ? "unlocked" : "locked");
            if (open)
                panel_textf(r, at, ATLAS_FONT_SMALL, 1, x, y + RECORDS_ROW_H, TEXT_RIGHT,
                            rs && rs->extra_cleared ? PANEL_GREEN : PANEL_DIM, "%u/%u",
                            rs ? rs->extra_cleared : 0, rs ? rs->extra_tried : 0);
        }
        y += 3 * RECORDS_ROW_H + 12;
    }
    if (!g || !g->extra)
        return;
    panel_text(r, at, ATLAS_FONT_SMALL, 1, x0, box.y + box.h - 40, TEXT_LEFT, PANEL_DIM,
               "An all clear on Normal or harder without a continue opens the Extra Stage");
    panel_text(r, at, ATLAS_FONT_SMALL, 1, x0, box.y + box.h - 27, TEXT_LEFT, PANEL_DIM,
               "for that ship.");
}

/* One card's history at a difficulty: captured/met, or "-" never met. */
static void records_screen_history(app *a, const library_boss *boss, int k, int level, int x, int y)
{
    const char *t = boss->phases[k].title ? boss->phases[k].title : "";
    const spellcard *c = spellcards_find(&a->cards, boss->name, k, t, level);
    if (c)
        panel_textf(a->win.renderer, &a->view.atlas, ATLAS_FONT_SMALL, 1, x, y, TEXT_RIGHT,
                    c->captured ? PANEL_GREEN : PANEL_WHITE, "%u/%u", (unsigned)c->captured,
                    (unsigned)c->seen);
    else
        panel_text(a->win.renderer, &a->view.atlas, ATLAS_FONT_SMALL, 1, x, y, TEXT_RIGHT,
                   PANEL_DIM, "-");
}

/* The Spell Cards page: the rows from s->first. */
static void records_screen_cards(app *a, int y)
{
    records_screen_state *s = &a->records_view;
    SDL_Renderer *r = a->win.renderer;
    const atlas_texture *at = &a->view.atlas;
    SDL_Rect box = RECORDS_BOX;
    int x0 = box.x + 16;
    for (int d = 0; d < DIFFICULTY_COUNT; d++)
        panel_text(r, at, ATLAS_FONT_SMALL, 1, records_screen_card_col(d), y, TEXT_RIGHT,
                   PANEL_GOLD, difficulty_name(d));
    panel_text(r, at, ATLAS_FONT_SMALL, 1, x0, y, TEXT_LEFT, PANEL_GOLD, "captured/met");
    y += 18;
    if (s->count == 0)
        panel_text(r, at, ATLAS_FONT_SMALL, 1, x0, y, TEXT_LEFT, PANEL_DIM,
                   "No spell cards in these patterns");
    for (int i = s->first; i < s->count && i < s->first + RECORDS_CARD_ROWS; i++) {
        const records_screen_row *row = &s->rows[i];
        const library_boss *boss = &a->lib->bosses[row->boss];
        int yy = y + (i - s->first) * RECORDS_ROW_H;
        if (row->phase < 0) {
            char label[96];
            snprintf(label, sizeof label, "%s%s", boss->title[0] ? boss->title : boss->name,
                     row->extra ? " (Extra)" : "");
            panel_text(r, at, ATLAS_FONT_SMALL, 1, x0, yy, TEXT_LEFT, PANEL_PINK, label);
            continue;
        }
        const char *t = boss->phases[row->phase].title ? boss->phases[row->phase].title : "";
        int met = 0;
        for (int d = 0; d < DIFFICULTY_COUNT; d++)
            met |= spellcards_find(&a->cards, boss->name, row->phase, t, d) != NULL;
        met |= spellcards_find(&a->cards, boss->name, row->phase, t, SPELLCARDS_ANY) != NULL;
        char label[MENU_LABEL_MAX];
        snprintf(label, sizeof label, "%s", met ? t : "? ? ? ? ? ?");
        int room = records_screen_card_col(0) - 50 - (x0 + 10);
        while (label[0] && panel_text_width(ATLAS_FONT_SMALL, 1, label) > room)
            strcpy(label + strlen(label) - (strlen(label) > 3 ? 3 : strlen(label)), "..");
        panel_text(r, at, ATLAS_FONT_SMALL, 1, x0 + 10, yy, TEXT_LEFT,
                   met ? PANEL_WHITE : PANEL_DIM, label);
        if (row->extra) { /* the Extra stage plays at Lunatic: its history is that one */
            records_screen_history(a, boss, row->phase, DIFFICULTY_LUNATIC,
                                   records_screen_card_col(DIFFICULTY_COUNT - 1), yy);
            continue;
        }
        for (int d = 0; d < DIFFICULTY_COUNT; d++)
            records_screen_history(a, boss, row->phase, d, records_screen_card_col(d), yy);
    }
    if (s->first > 0)
        panel_text(r, at, ATLAS_FONT_SMALL, 1, box.x + box.w - 14, box.y + 8, TEXT_RIGHT, PANEL_DIM,
                   "more ^");
    if (s->first + RECORDS_CARD_ROWS < s->count)
        panel_text(r, at, ATLAS_FONT_SMALL, 1, box.x + box.w - 14, box.y + box.h - 14, TEXT_RIGHT,
                   PANEL_DIM, "more v");
}

void records_screen_draw(app *a)
{
    records_screen_state *s = &a->records_view;
    SDL_Renderer *r = a->win.renderer;
    const atlas_texture *at = &a->view.atlas;
    title_draw_demo(a, 190);
    SDL_Rect box = RECORDS_BOX;
    panel_box(r, box);
    panel_textf(r, at, ATLAS_FONT_SMALL, 2, LOGICAL_W / 2, box.y + 12, TEXT_CENTER, PANEL_GOLD,
                "< Player Data - %s >", s->page ? "Spell Cards" : "Records");
    if (s->page)
        records_screen_cards(a, box.y + 46);
    else
        records_screen_ships(a, box.y + 46);
    title_draw_help(a, "%s turn the page    %s    %s goes back",
                    a->pad_used ? "left and right" : "left and right arrows",
                    s->page ? "up and down scroll" : "", app_ui_words(a, INPUT_UI_BACK));
}
