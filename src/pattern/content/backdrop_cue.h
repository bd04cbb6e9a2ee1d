/*
 * backdrop_cue: which backdrop (sim/backdrop.h) a host shows, from where it is
 * in the content. The one model of the game (game/scenery, from a world) and
 * the viewer (pattern/sandbox, for `curtain view`): each host says where it is
 * (a backdrop_cue_place), this module says what follows from it.
 *
 * A stage's `background NAME` statements are cues in its code (vm_cue): the
 * stage shows the backdrop of the last cue its script has passed, found from
 * where the stage's runner is in its own function (inside a call, the call's
 * place); once its script has ended, its last cue. A fight started alone (a
 * practice fight, `curtain view` of a boss) shows the cue in force at the
 * `boss` statement that starts that boss in a stage. During a spell card of a
 * boss with a `spell_background`, that backdrop replaces the stage's. With no
 * cue at all, dusk. Nothing here changes a run: cues are no code.
 */
#ifndef CURTAIN_PATTERN_BACKDROP_CUE_H
#define CURTAIN_PATTERN_BACKDROP_CUE_H

#include "pattern/content/library.h"

#include <stdint.h>

/* Where a host is in the content, as far as the backdrop goes. */
typedef struct backdrop_cue_place {
    uint32_t stage_pc;   /* where the stage's runner is (vm_runner_base_pc); UINT32_MAX: none */
    uint32_t stage_func; /* the stage's function (its last cue once it ended); UINT32_MAX: none */
    int stage_done;      /* the stage's script has ended */
    int32_t boss_alone;  /* a fight started alone: its boss's index; -1: none */
    int32_t spell_boss;  /* the boss whose spell card runs now (its time, not the gap); -1 */
} backdrop_cue_place;

/* A place with nothing known: no stage, no fight, no card. */
backdrop_cue_place backdrop_cue_nowhere(void);

/* The cue in force at pc in the function holding it: the last cue at or before
 * pc in that function, or -1 when none. */
int backdrop_cue_at(const vm_program *p, uint32_t pc);
/* The pc of the `boss` statement that starts boss b in a stage (the CONST
 * naming it), or UINT32_MAX. */
uint32_t backdrop_cue_boss_entrance(const vm_program *p, int32_t b);

/* The stage's backdrop at the place, or -1 when no cue is in force. */
int backdrop_cue_stage(const library *lib, const backdrop_cue_place *at);
/* The spell card's backdrop at the place, or -1 when no card with one runs. */
int backdrop_cue_spell(const library *lib, const backdrop_cue_place *at);
/* What the field shows: the spell's, else the stage's, else BACKDROP_DUSK. */
int backdrop_cue_now(const library *lib, const backdrop_cue_place *at);

#endif
