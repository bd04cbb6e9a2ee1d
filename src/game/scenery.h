/*
 * scenery: which backdrop (sim/backdrop.h) the field shows at this point of a
 * run, read from the world without changing it.
 *
 * A stage's `background NAME` statements are cues in its code (vm_cue): the
 * stage shows the backdrop of the last cue its script has passed, found from
 * where the stage's runner is in its own function. A practice fight shows the
 * cue in force at the `boss` statement that starts that boss in a stage. During
 * a spell card of a boss with a `spell_background`, that backdrop replaces the
 * stage's. Nothing here is part of the simulation: it follows from the state a
 * replay reproduces, so replays and screenshots show the same scenery.
 */
#ifndef CURTAIN_GAME_SCENERY_H
#define CURTAIN_GAME_SCENERY_H

#include "game/world.h"

/* The cue in force at pc in the function holding it: the last cue at or before
 * pc in that function, or -1 when none. */
int scenery_cue_at(const vm_program *p, uint32_t pc);
/* The stage's backdrop: its last cue passed (a practice fight: the cue at its
 * boss's entrance), or -1 when there is none. */
int scenery_stage(const world *w);
/* The spell card's backdrop while a boss with one declares a card, else -1. */
int scenery_spell(const world *w);
/* What the field shows: the spell's, else the stage's, else BACKDROP_DUSK. */
int scenery_now(const world *w);

#endif
