/*
 * unlocks: the player's records kept from the runs the player flies
 * (game/records.h), and the screen after a run that says what it unlocked: the
 * Extra stage for the ship (a clear on Normal or harder without continues),
 * the Extra stage cleared, the spell cards met for the first time at the run's
 * difficulty (now open in spell practice). The game screen calls these; the screen is its
 * GAME_UNLOCKED phase, shown by game_after_ending once the ending (and the staff roll, when the
 * content has one) is over.
 */
#include "ui/unlocks.h"

#include "game/difficulty.h"
#include "render/atlas.h"
#include "sim/playfield.h"
#include "ui/app.h"
#include "ui/panel.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* Whether the game screen's run counts in the records: the player flies it
 * (not the autopilot, not invulnerable) and it is not a replay. */
static int unlocks_counts(const app *a)
{
    const game_state *g = &a->game;
    return !g->watching && !a->cfg->autopilot && !(g->config.flags & WORLD_FLAG_INVULNERABLE);
}

/* The record key of the run's ship: its name. */
static const char *unlocks_ship(const app *a)
{
    const world *w = a->game.w;
    return w->ship && w->ship->name && w->ship->name[0] ? w->ship->name : "ship";
}

/* Adds a line to the screen's list (the last ones are dropped when it is full). */
__attribute__((format(printf, 2, 3))) static void unlocks_add(unlock_state *u, const char *fmt, ...)
{
    if (u->count >= UNLOCKS_LINES)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(u->lines[u->count++], sizeof u->lines[0], fmt, ap);
    va_end(ap);
}

void unlocks_run_started(app *a)
{
    unlock_state *u = &a->unlocks;
    memset(u, 0, sizeof *u);
    const game_state *g = &a->game;
    if (!unlocks_counts(a) || g->practice)
        return;
    int extra = world_in_extra(g->w);
    records_run_start(&a->records, unlocks_ship(a), g->config.difficulty % DIFFICULTY_COUNT, extra);
}

void unlocks_frame(app *a)
{
    if (unlocks_counts(a))
        records_add_time(&a->records, 1);
}

void unlocks_card_met(app *a, const char *title)
{
    unlock_state *u = &a->unlocks;
    if (!unlocks_counts(a))
        return;
    u->new_cards++;
    if (u->new_cards == 1)
        snprintf(u->first_card, sizeof u->first_card, "%s", title);
}

void unlocks_run_ended(app *a)
{
    unlock_state *u = &a->unlocks;
    const game_state *g = &a->game;
    const world *w = g->w;
    u->count = 0;
    if (!unlocks_counts(a))
        return;
    const char *ship = unlocks_ship(a);
    const char *title = w->ship && w->ship->title ? w->ship->title : ship;
    const library_game *game = world_game_of(a->lib);
    if (!g->practice) {
        int extra = world_in_extra(w);
        int earned = records_extra_earned(&a->records, ship);
        const records_ship *before = records_find(&a->records, ship);
        int extra_cleared = before && before->extra_cleared > 0;
        records_run run = {ship, g->config.difficulty % DIFFICULTY_COUNT, extra, world_all_clear(w),
                           w->continues};
        records_run_end(&a->records, &run);
        if (game && game->extra && !extra && !earned && records_extra_earned(&a->records, ship)) {
            unlocks_add(u, "Extra Stage unlocked for %s!", title);
            unlocks_add(u, "(an all clear on %s without a continue)",
                        difficulty_name(g->config.difficulty));
        }
        if (extra && run.cleared)
            unlocks_add(u, "%s %s the Extra Stage!", title,
                        extra_cleared ? "cleared" : "cleared, for the first time,");
    }
    if (u->new_cards == 1)
        unlocks_add(u, "Spell practice: \"%s\"", u->first_card);
    else if (u->new_cards > 1)
        unlocks_add(u, "Spell practice: %d new spell cards", u->new_cards);
    app_save_records(a);
}

int unlocks_pending(const app *a)
{
    return a->unlocks.count > 0 && !a->unlocks.shown;
}

void unlocks_dismiss(app *a)
{
    a->unlocks.shown = 1;
}

SDL_Rect unlocks_box(void)
{
    return (SDL_Rect){FIELD_VIEW_X + 16, FIELD_VIEW_Y + 120, (int)PLAYFIELD_W - 32, 200};
}

void unlocks_draw(app *a)
{
    const unlock_state *u = &a->unlocks;
    SDL_Renderer *r = a->win.renderer;
    const atlas_texture *at = &a->view.atlas;
    SDL_Rect box = unlocks_box();
    panel_box(r, box);
    int cx = box.x + box.w / 2, y = box.y + 14;
    panel_text(r, at, ATLAS_FONT_SMALL, 2, cx, y, TEXT_CENTER, PANEL_GOLD, "Unlocked");
    y += 40;
    for (int i = 0; i < u->count; i++) {
        char text[2 * UNLOCKS_LINE];
        int lines = panel_wrap(text, sizeof text, ATLAS_FONT_SMALL, 1, box.w - 24, u->lines[i]);
        char *line = text;
        for (int k = 0; k < lines && line; k++, y += 12) {
            char *nl = strchr(line, '\n');
            if (nl)
                *nl = '\0';
            panel_text(r, at, ATLAS_FONT_SMALL, 1, cx, y, TEXT_CENTER,
                       i == 0 ? PANEL_WHITE : PANEL_LABEL, line);
            line = nl ? nl + 1 : NULL;
        }
        y += 10;
    }
    panel_textf(r, at, ATLAS_FONT_SMALL, 1, cx, box.y + box.h - 20, TEXT_CENTER, PANEL_DIM,
                "%s goes on", app_ui_words(a, INPUT_UI_CONFIRM));
}
