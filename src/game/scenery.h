/*
 * scenery: which backdrop (sim/backdrop.h) the field shows at this point of a
 * run, read from the world without changing it.
 *
 * The rules are pattern/backdrop_cue's, the one model the game and the
 * viewer's sandbox share: a stage shows the backdrop of the last `background`
 * cue its script has passed; a practice fight, the cue in force at the `boss`
 * statement that starts that boss in a stage; a spell card of a boss with a
 * `spell_background`, that backdrop. Here the world says where the run is
 * (scenery_place). Nothing here is part of the simulation: it follows from the
 * state a replay reproduces, so replays and screenshots show the same scenery.
 */
#ifndef CURTAIN_GAME_SCENERY_H
#define CURTAIN_GAME_SCENERY_H

#include "game/world.h"
#include "pattern/content/backdrop_cue.h"

/* Where the run is, as pattern/backdrop_cue reads it. */
backdrop_cue_place scenery_place(const world *w);
/* The stage's backdrop: its last cue passed (a practice fight: the cue at its
 * boss's entrance), or -1 when there is none. */
int scenery_stage(const world *w);
/* The spell card's backdrop while a boss with one declares a card, else -1. */
int scenery_spell(const world *w);
/* What the field shows: the spell's, else the stage's, else BACKDROP_DUSK. */
int scenery_now(const world *w);

#endif
