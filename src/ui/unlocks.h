/*
 * unlocks: the player's records kept from the runs the player flies, and the
 * screen after a run that says what it unlocked (the game screen's
 * GAME_UNLOCKED phase). See unlocks.c.
 *
 * The end of a run goes: the banner, the results (and their credits), then
 * game_after_ending (game_screen.c), which an ending or a staff roll calls when
 * it is over: the unlock screen when something was unlocked, then name entry
 * when the score ranks, then the replay question.
 */
#ifndef CURTAIN_UI_UNLOCKS_H
#define CURTAIN_UI_UNLOCKS_H

#include <SDL.h>

#define UNLOCKS_LINES 6
#define UNLOCKS_LINE  112

/* What the run unlocked, for its screen. */
typedef struct unlock_state {
    char lines[UNLOCKS_LINES][UNLOCKS_LINE];
    int count;
    int shown;     /* the screen was shown and left */
    int new_cards; /* spell cards met for the first time at the run's difficulty */
    char first_card[UNLOCKS_LINE];
} unlock_state;

struct app;

/* A run begins (the game screen's world is made): counts it in the records
 * (the player's own run, not a practice or a replay). */
void unlocks_run_started(struct app *a);
/* One frame of the player's own run or practice: play time. */
void unlocks_frame(struct app *a);
/* A spell card met for the first time at the run's difficulty. */
void unlocks_card_met(struct app *a, const char *title);
/* The run ended: its clear goes into the records (saved), and what it unlocked
 * into the screen's lines. */
void unlocks_run_ended(struct app *a);
/* Whether the screen has lines not shown yet. */
int unlocks_pending(const struct app *a);
/* The screen was left. */
void unlocks_dismiss(struct app *a);
/* Where the screen's box is: on the field, inside it. */
SDL_Rect unlocks_box(void);
void unlocks_draw(struct app *a);

#endif
