/*
 * staff_roll: the credits scrolling over a backdrop with a theme playing,
 * after the ending and the results of a run that cleared the game, before
 * game_after_ending's unlock screen (the game screen's GAME_STAFF phase). The
 * lines, the theme and the backdrop are data (game/credits.h: patterns/staff.txt,
 * or a mod's own staff.txt). It scrolls up the field; a held button (shot,
 * focus, bomb, a direction) makes it go STAFF_ROLL_FAST times as fast, and the
 * back or pause button skips it. Its `end` line stops in the middle of the field
 * and stays STAFF_ROLL_HOLD frames (confirm goes on at once). A roll that
 * cannot be read is said (file:line:col, on screen and in the log) and left
 * out: the game goes on.
 */
#ifndef CURTAIN_UI_STAFF_ROLL_H
#define CURTAIN_UI_STAFF_ROLL_H

#include "game/credits.h"

#include <stdint.h>

#define STAFF_ROLL_SPEED 0.5f /* pixels a frame */
#define STAFF_ROLL_FAST  6    /* times as fast while a button is held */
#define STAFF_ROLL_HOLD  300  /* frames the end line stays before the roll is over */

typedef struct staff_roll_state {
    credits roll;
    float pos;       /* pixels scrolled: the first line starts at the field's bottom */
    int held_end;    /* frames the end line has stood in the middle */
    int backdrop;    /* the frame_scene backdrop it scrolls over (an id + 1) */
    uint64_t frames; /* frames shown */
    int over;        /* the roll has ended (or was skipped) */
} staff_roll_state;

struct app;

/* Reads the roll (the mod's, else the game's) and starts it: its theme, its
 * backdrop. Returns 0, or -1 when it cannot be read (the error said). */
int staff_roll_begin(struct app *a);
/* One frame: scrolls (fast while a button is held). Returns 1 once it is over. */
int staff_roll_step(struct app *a);
/* Whether the end line stands in the middle (confirm then goes on). */
int staff_roll_at_end(const struct app *a);
/* The total height of the roll's lines, in pixels of the logical screen. */
int staff_roll_height(const credits *c);
void staff_roll_draw(struct app *a);

#endif
