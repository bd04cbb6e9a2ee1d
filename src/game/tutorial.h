/*
 * tutorial: How to Play, the short lesson of the title menu.
 *
 * A real world runs the tutorial's own field (tutorial/tutorial.pat: a keeper at
 * the top sending slow aimed streams, lanterns crossing below it that leave
 * items), and the lesson watches it: each step says what to do and waits until
 * the player has done it, as the world shows it (its position, focus, graze
 * count, events). One X-macro row per step:
 *
 *   id          title                what to do (the text shown)
 *
 * The coach keeps the ship supplied (spare ships and bombs topped up) so that a
 * hit never ends the lesson; the world is otherwise the game's, step for step.
 * No SDL: the front end (ui/tutorial_screen.c) draws it, a headless test drives it.
 */
#ifndef CURTAIN_GAME_TUTORIAL_H
#define CURTAIN_GAME_TUTORIAL_H

#include "game/world.h"

#define TUTORIAL_STEPS(X)                                                                          \
    X(MOVE, "Moving", "Fly around the field: arrow keys or WASD (d-pad, stick).")                  \
    X(FOCUS, "Focus and the hitbox",                                                               \
      "Hold Shift (focus): the ship slows and shows its hitbox, the dot in its middle. Only that " \
      "dot can be hit. Fly focused for two seconds.")                                              \
    X(GRAZE, "Grazing",                                                                            \
      "Let bullets pass close to the dot without touching it: each is a graze, worth points. "     \
      "Graze 10 bullets.")                                                                         \
    X(BOMB, "Bombing",                                                                             \
      "Press X to bomb: the bullets around you turn into points, and you are safe for a moment.")  \
    X(HIT_BOMB, "The bomb after a hit",                                                            \
      "When a bullet touches the dot, press X at once: a bomb in that instant still saves the "    \
      "ship. Let a bullet hit you, then bomb.")                                                    \
    X(ITEMS, "Items and the line",                                                                 \
      "Shoot lanterns (Z) for items. Fly above the dashed line near the top and every item comes " \
      "to you: collect 3 items from above the line.")

typedef enum tutorial_step {
#define TUTORIAL_STEP_ENUM(id, title, text) TUTORIAL_##id,
    TUTORIAL_STEPS(TUTORIAL_STEP_ENUM)
#undef TUTORIAL_STEP_ENUM
    TUTORIAL_DONE, /* every step done */
    TUTORIAL_STEP_COUNT = TUTORIAL_DONE
} tutorial_step;

/* What each step waits for. */
#define TUTORIAL_GOAL_MOVE_PX      240.0f /* distance flown */
#define TUTORIAL_GOAL_FOCUS_FRAMES 120    /* frames flown focused */
#define TUTORIAL_GOAL_GRAZES       10
#define TUTORIAL_GOAL_ITEMS        3  /* items picked up while above the line */
#define TUTORIAL_PAUSE_FRAMES      75 /* "done" shows this long before the next step */

typedef struct tutorial {
    tutorial_step step;
    int progress;        /* toward the step's goal: px flown, frames, grazes, items */
    int goal;            /* the goal of this step, in the same unit */
    int pause;           /* frames of "done" left before the next step begins */
    uint64_t graze_base; /* the world's graze count when the step began */
    int64_t hit_frame;   /* frame of the last hit (HIT_BOMB), -1 none */
    int misses;          /* HIT_BOMB: hits that exploded before the bomb */
    float last_x, last_y;
} tutorial;

/* Starts the lesson at its first step on world w (made from the tutorial's field). */
void tutorial_begin(tutorial *t, const world *w);
/* After each world_step: checks the step's goal against w, moves on when it is
 * met (after a short pause), and tops up w's spare ships and bombs. */
void tutorial_update(tutorial *t, world *w);
/* Whether every step is done. */
int tutorial_finished(const tutorial *t);
/* A step's title and text ("" for TUTORIAL_DONE). */
const char *tutorial_title(tutorial_step step);
const char *tutorial_text(tutorial_step step);

#endif
