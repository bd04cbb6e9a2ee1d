/* tutorial: How to Play's steps are completed, in order, by a scripted player on
 * the real tutorial field, headless; and no step is done by doing nothing.
 *
 * The script is a fixed input rule per step (what a player told the step's text
 * would press), fed to world_step frame by frame like a replay's inputs:
 *   MOVE      right for 40 frames, then left;
 *   FOCUS     focus held, still;
 *   GRAZE     focused, drifting side to side under the aimed streams;
 *   BOMB      bomb pressed once;
 *   HIT_BOMB  still under the keeper until a bullet touches the ship, then bomb;
 *   ITEMS     shoot, sweeping under the lanterns, then up above the line.
 * usage: test_game.tutorial TUTORIAL.pat */
#include "../check.h"
#include "game/difficulty.h"
#include "game/tutorial.h"
#include "pattern/content/library.h"
#include "pattern/language/diag.h"

#include <stdio.h>

#define TUT_MAX_FRAMES (60 * 60 * 4) /* four minutes: far more than the script needs */

static input_bits tut_press(input_button b)
{
    return INPUT_BIT(b);
}

/* The script's input for this frame (f: frames since the step began). */
static input_bits tut_input(const tutorial *t, const world *w, int f)
{
    const player *p = &w->player;
    switch (t->step) {
    case TUTORIAL_MOVE: return tut_press(f % 80 < 40 ? INPUT_RIGHT : INPUT_LEFT);
    case TUTORIAL_FOCUS: return tut_press(INPUT_FOCUS);
    case TUTORIAL_GRAZE:
        return (input_bits)(tut_press(INPUT_FOCUS) |
                            tut_press(f % 60 < 30 ? INPUT_RIGHT : INPUT_LEFT));
    case TUTORIAL_BOMB: return f == 5 ? tut_press(INPUT_BOMB) : 0;
    case TUTORIAL_HIT_BOMB:
        if (p->state == PLAYER_HIT)
            return tut_press(INPUT_BOMB);
        return p->x < 188.0f ? tut_press(INPUT_RIGHT) : p->x > 196.0f ? tut_press(INPUT_LEFT) : 0;
    case TUTORIAL_ITEMS: {
        input_bits in = tut_press(INPUT_SHOT);
        if (f < 400) /* shoot lanterns down from the bottom, sweeping */
            return (input_bits)(in | tut_press(f % 120 < 60 ? INPUT_LEFT : INPUT_RIGHT));
        return (input_bits)(in | tut_press(INPUT_UP)); /* then above the line */
    }
    case TUTORIAL_DONE: break;
    }
    return 0;
}

/* The scripted lesson: every step done, in order, well within the frames allowed. */
static void test_script(const library *lib)
{
    static world w;
    world_config cfg = {.seed = 5, .difficulty = DIFFICULTY_NORMAL};
    CHECK(world_init(&w, &cfg, lib) == 0);
    tutorial t;
    tutorial_begin(&t, &w);
    int step_frames = 0, reached[TUTORIAL_STEP_COUNT + 1] = {0};
    tutorial_step last = t.step;
    for (int frame = 0; frame < TUT_MAX_FRAMES && !tutorial_finished(&t); frame++) {
        world_step(&w, tut_input(&t, &w, step_frames));
        tutorial_update(&t, &w);
        step_frames++;
        if (t.step != last) {
            CHECK_EQ_INT(t.step, last + 1); /* in order, none skipped */
            printf("step %d (%s) done in %d frames\n", last, tutorial_title(last), step_frames);
            reached[t.step] = 1;
            last = t.step;
            step_frames = 0;
        }
    }
    CHECK(tutorial_finished(&t));
    CHECK(reached[TUTORIAL_DONE]);
    CHECK(w.state == WORLD_PLAYING); /* the coach kept the ship supplied */
    world_free(&w);
}

/* Doing nothing finishes nothing: the first step waits however long it takes. */
static void test_idle(const library *lib)
{
    static world w;
    world_config cfg = {.seed = 5, .difficulty = DIFFICULTY_NORMAL};
    CHECK(world_init(&w, &cfg, lib) == 0);
    tutorial t;
    tutorial_begin(&t, &w);
    for (int frame = 0; frame < 3000; frame++) {
        world_step(&w, 0);
        tutorial_update(&t, &w);
    }
    CHECK_EQ_INT(t.step, TUTORIAL_MOVE);
    CHECK(t.progress < t.goal);
    CHECK(w.player.lives >= PLAYER_START_LIVES); /* hit, perhaps, but supplied */
    world_free(&w);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: test_game.tutorial TUTORIAL.pat\n");
        return 2;
    }
    diag_list d;
    diag_init(&d);
    const char *paths[] = {argv[1]};
    library *lib = library_load_paths(paths, 1, &d);
    diag_print(&d, stderr);
    diag_free(&d);
    CHECK(lib != NULL);
    if (!lib)
        return check_done("tutorial");
    for (int s = 0; s < TUTORIAL_STEP_COUNT; s++)
        CHECK(tutorial_text((tutorial_step)s)[0] != '\0');
    test_idle(lib);
    test_script(lib);
    library_free(lib);
    return check_done("tutorial");
}
