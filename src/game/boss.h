/*
 * boss: a boss or midboss fight, phase after phase (docs/vm.md, "A boss fight").
 *
 * BOSS creates the boss object above the top centre and starts phase 0: the
 * phase's function runs on the boss, and its first instruction, the PHASE verb,
 * sets the phase up: hit points (0: a phase that can only be survived), time
 * limit, capture bonus, spell card or not, title. A phase ends when its hit
 * points are gone or its time runs out: the boss's scripts stop, every enemy
 * bullet turns into a star item, a spell card captured (no death, no bomb, not
 * timed out unless it was a survival card) pays its bonus, and after a short
 * pause the next phase starts. After the last one the boss is beaten (a midboss
 * flies off) and `boss_active` goes back to 0.
 *
 * A spell card's bonus shrinks as its time runs, from the full bonus at its
 * start down to a third of it at the time limit (a survival card pays in full). Practice starts a
 * fight at any phase, and can stop after that one phase.
 */
#ifndef CURTAIN_GAME_BOSS_H
#define CURTAIN_GAME_BOSS_H

#include "core/hash.h"
#include "pattern/content/library.h"

#include <stdint.h>

#define BOSS_NEVER       INT32_MAX
#define BOSS_PHASE_GAP   LIBRARY_PHASE_GAP /* frames between two phases */
#define BOSS_PHASE_GRACE 40 /* frames at a phase's start where the boss cannot be hurt */
/* A boss's entrance, its place, a midboss's exit and its hit radius are the
 * object layer's, the viewer's as the game's (pattern/objects/objects.h, OBJECTS_BOSS_*). */
/* The phases a boss can have (the compiler refuses more): WORLD_START and the
 * SPELL_* events pack a boss and a phase as boss * BOSS_MAX_PHASES + phase. */
#define BOSS_MAX_PHASES  LIBRARY_MAX_PHASES

struct world;

typedef struct boss_fight {
    int active;    /* the scripts' boss_active */
    int32_t index; /* into lib->bosses; -1 none */
    int midboss;
    int single;          /* practice: the fight ends after its first phase */
    uint32_t slot;       /* its enemy slot, ENEMY_NONE when gone */
    uint32_t phase;      /* the phase running or next */
    vm_runner_id scene;  /* the scene before the fight (its first phase waits); 0 none */
    int32_t phase_start; /* frame the PHASE verb set it up */
    int32_t phase_end;   /* frame its time runs out; BOSS_NEVER before PHASE */
    int32_t next_at;     /* frame the next phase starts; BOSS_NEVER when none waits */
    int32_t time;        /* the phase's time limit in frames */
    double max_health;   /* of the phase; 0 for a survival phase */
    double bonus;        /* capture bonus, in full */
    int spell;
    int32_t title;     /* string index of the spell card's name, -1 none */
    int capture_ok;    /* no death, no bomb in this phase so far */
    int32_t last_tick; /* the last second the timer ticked a warning at */
    /* What the last phase end gave, for the renderer's banner. */
    int32_t result_at; /* frame of the last phase end */
    int result_captured;
    uint64_t result_bonus;
    /* The spell card that phase was, as the SPELL_* events' value, -1 none: the
     * front end's record of captures reads it (an event can be refused). Nothing
     * in the simulation reads it, so it is not part of the hash. */
    int32_t result_card;
} boss_fight;

/* A fight not running. */
void boss_reset(boss_fight *b);

/* BOSS: starts the fight with lib->bosses[index] from phase `phase`; with single,
 * the fight ends after that phase. Does nothing while a fight runs. */
void boss_begin(struct world *w, int32_t index, int midboss, uint32_t phase, int single);
/* PHASE verb of the boss's script: hit points, time, bonus, spell, title, as the
 * host clamped them (game/world_host.h). */
void boss_on_phase(struct world *w, const double *args);
/* Once a frame, after the scripts: time limits, the pause between phases. */
void boss_update(struct world *w);
/* Damage to the boss (shots, a bomb). Ends the phase when its hit points run out. */
void boss_damage(struct world *w, double amount);
/* The player died or bombed: a spell card running is no longer captured. */
void boss_spoil_capture(struct world *w);
/* The bonus a capture would pay now. */
uint64_t boss_bonus_now(const struct world *w);
/* Seconds left in the phase (0 when none runs). */
float boss_seconds_left(const struct world *w);

/* lib: NULL hashes the boss and its title as indices; a library hashes them as
 * names and text (the layout-free hash of format-3 replays). */
void boss_hash(const boss_fight *b, hasher *hs, const library *lib);

#endif
