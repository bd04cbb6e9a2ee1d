/*
 * tutorial: the steps of How to Play and what each waits for (see the header).
 */
#include "game/tutorial.h"

#include <math.h>

static const char *const tutorial_titles[TUTORIAL_STEP_COUNT] = {
#define TUTORIAL_TITLE(id, title, text) title,
    TUTORIAL_STEPS(TUTORIAL_TITLE)
#undef TUTORIAL_TITLE
};

static const char *const tutorial_texts[TUTORIAL_STEP_COUNT] = {
#define TUTORIAL_TEXT(id, title, text) text,
    TUTORIAL_STEPS(TUTORIAL_TEXT)
#undef TUTORIAL_TEXT
};

const char *tutorial_title(tutorial_step step)
{
    return step < TUTORIAL_STEP_COUNT ? tutorial_titles[step] : "";
}

const char *tutorial_text(tutorial_step step)
{
    return step < TUTORIAL_STEP_COUNT ? tutorial_texts[step] : "";
}

static int tutorial_goal(tutorial_step step)
{
    switch (step) {
    case TUTORIAL_MOVE: return (int)TUTORIAL_GOAL_MOVE_PX;
    case TUTORIAL_FOCUS: return TUTORIAL_GOAL_FOCUS_FRAMES;
    case TUTORIAL_GRAZE: return TUTORIAL_GOAL_GRAZES;
    case TUTORIAL_ITEMS: return TUTORIAL_GOAL_ITEMS;
    default: return 1;
    }
}

/* Enters a step: its goal, and the world's counts it is measured from. */
static void tutorial_enter(tutorial *t, const world *w, tutorial_step step)
{
    t->step = step;
    t->progress = 0;
    t->goal = tutorial_goal(step);
    t->pause = 0;
    t->graze_base = w->graze;
    t->hit_frame = -1;
    t->last_x = w->player.x;
    t->last_y = w->player.y;
}

void tutorial_begin(tutorial *t, const world *w)
{
    *t = (tutorial){0};
    t->misses = 0;
    tutorial_enter(t, w, TUTORIAL_MOVE);
}

int tutorial_finished(const tutorial *t)
{
    return t->step == TUTORIAL_DONE;
}

/* Whether this frame's events include one of kind. */
static int tutorial_event(const world *w, world_event_kind kind)
{
    for (int i = 0; i < w->event_count; i++)
        if (w->events[i].kind == kind)
            return 1;
    return 0;
}

/* HIT_BOMB: a bomb started while the deathbomb window of a hit was open. */
static int tutorial_hit_bomb(tutorial *t, const world *w)
{
    if (tutorial_event(w, WORLD_EVENT_PLAYER_HIT))
        t->hit_frame = (int64_t)w->frame;
    if (tutorial_event(w, WORLD_EVENT_PLAYER_DEATH)) {
        t->hit_frame = -1;
        t->misses++;
    }
    return t->hit_frame >= 0 && tutorial_event(w, WORLD_EVENT_BOMB) &&
           (int64_t)w->frame - t->hit_frame <= PLAYER_DEATHBOMB_FRAMES;
}

/* ITEMS: items picked up this frame while the ship is above the line. */
static int tutorial_items_above(const world *w)
{
    if (w->player.y >= WORLD_COLLECT_LINE)
        return 0;
    int n = 0;
    for (int i = 0; i < w->event_count; i++)
        n += w->events[i].kind == WORLD_EVENT_ITEM;
    return n;
}

/* The step's progress after this frame. */
static void tutorial_measure(tutorial *t, const world *w)
{
    const player *p = &w->player;
    switch (t->step) {
    case TUTORIAL_MOVE: { /* flown by the player's hand: not a respawn's glide */
        float dx = p->x - t->last_x, dy = p->y - t->last_y;
        input_bits dirs = INPUT_BIT(INPUT_UP) | INPUT_BIT(INPUT_DOWN) | INPUT_BIT(INPUT_LEFT) |
                          INPUT_BIT(INPUT_RIGHT);
        if (p->state == PLAYER_ALIVE && (w->prev_in & dirs))
            t->progress += (int)(sqrtf(dx * dx + dy * dy) + 0.5f);
        break;
    }
    case TUTORIAL_FOCUS: t->progress += p->focused && player_flying(p); break;
    case TUTORIAL_GRAZE: t->progress = (int)(w->graze - t->graze_base); break;
    case TUTORIAL_BOMB: t->progress = tutorial_event(w, WORLD_EVENT_BOMB); break;
    case TUTORIAL_HIT_BOMB: t->progress = tutorial_hit_bomb(t, w); break;
    case TUTORIAL_ITEMS: t->progress += tutorial_items_above(w); break;
    case TUTORIAL_DONE: break;
    }
    t->last_x = p->x;
    t->last_y = p->y;
}

void tutorial_update(tutorial *t, world *w)
{
    /* The coach: a hit never ends the lesson, and there is always a bomb. */
    if (w->player.lives < PLAYER_START_LIVES)
        w->player.lives = PLAYER_START_LIVES;
    if (w->player.bombs < 1)
        w->player.bombs = PLAYER_START_BOMBS;
    if (t->step == TUTORIAL_DONE)
        return;
    if (t->pause > 0) {
        if (--t->pause == 0)
            tutorial_enter(t, w, (tutorial_step)(t->step + 1));
        return;
    }
    tutorial_measure(t, w);
    if (t->progress >= t->goal) {
        t->progress = t->goal;
        t->pause = TUTORIAL_PAUSE_FRAMES;
    }
}
