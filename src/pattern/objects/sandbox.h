/*
 * sandbox: a small headless world that runs pattern content on its own, for
 * `curtain run`, `curtain view` and the tests: an emitter, a dummy player, the
 * bullets the scripts fire, and the game's enemies, bosses and stage in the
 * game's model (pattern/objects/enemy.h: the same motion, properties and aim), reached
 * through the game's object layer (pattern/objects/objects.h: the same get, set, ramp,
 * spawn, vanish, `enemies` count, lasers that follow, a boss's entrance and a
 * midboss's exit), but light: enemies move and fire but cannot be shot; a boss
 * phase lasts its time limit; no ship, so no spawn guard, and the items
 * scripts drop (`drop`) appear as in the game (sim/item.h: the game's list,
 * its drop rule and bound) but only pop up and fall off the bottom: nothing
 * picks them up, the auto-collect line draws none in and a star does not fly
 * in either; nothing of the game's own drops either (no enemy is destroyed,
 * `clear` and a phase's end leave no stars). The test game.viewer runs every
 * stage and boss here and in the game's world and finds the same bullets,
 * enemies and lasers every frame, and the same items while the game's ship
 * has not touched them.
 * It is a complete VM host (vm.h). Its backdrop follows the game's rules
 * (pattern/content/backdrop_cue.h, sandbox_backdrop): a stage's `background` cues, the
 * cue at a boss's entrance for a boss run alone, spell backdrops in its cards.
 *
 * Bullets live in the game's bullet pool (sim/bullet_pool.h), so they move
 * exactly as in the game. One frame (sandbox_step): the VM runs every script
 * due; bullets that vanished go; enemies and bosses move (enemy_move: move
 * tweens, or heading and speed) and go once they leave the field as in the
 * game (enemy_gone); then the pool's update pass moves every bullet (a bullet
 * moves in the frame it is fired), runs its tweens and rates, and culls it
 * outside the field plus PLAYFIELD_CULL_MARGIN or at the end of its life.
 * Bullet ids count spawns from 1 in every run. Lasers live in the game's
 * laser pool (sim/laser_pool.h) beside them and move after them; items fall
 * last (item_fall), as the game moves them after everything else.
 */
#ifndef CURTAIN_PATTERN_SANDBOX_H
#define CURTAIN_PATTERN_SANDBOX_H

#include "pattern/content/backdrop_cue.h"
#include "pattern/content/dialogue.h"
#include "pattern/content/library.h"
#include "pattern/vm/vm.h"
#include "sim/item.h"
#include "sim/laser_pool.h"

#include <stdint.h>

/* Where a run's auto-collect line starts (game/world.h's WORLD_COLLECT_LINE):
 * what `collect_line` reads until a script moves it. */
#define SANDBOX_COLLECT_LINE 112.0

typedef struct sandbox_config {
    double emitter_x, emitter_y; /* where a pattern runs from (default: top centre) */
    double player_x, player_y;   /* the dummy player (default: bottom centre) */
    double rank;                 /* 0..1 */
    uint64_t seed;               /* for rand */
    uint32_t capacity;           /* bullets (default 65536); enemies have 4096 slots */
    /* the VM's budgets (vm_config: budget, frame_budget); 0: the VM's defaults */
    uint32_t budget, frame_budget;
    /* Each line a script prints ("file:line:col: frame N: values"), as it is
     * printed; NULL (default): only kept for sandbox_print_line. */
    void (*print)(void *user, const char *line);
    void *print_user;
    uint32_t boss_phase; /* a boss fight starts at this phase (0, the default: the first) */
    /* A presentation statement a script reached (vm_show: effect, flash...), at
     * its object's place; NULL (default): nothing is shown. The show is the
     * library's: it lives as long as the library does. */
    void (*show)(void *user, const vm_show *show, float x, float y);
    void *show_user;
} sandbox_config;

/* The print lines a sandbox keeps for sandbox_print_line. */
#define SANDBOX_PRINT_KEEP 8

/* A live bullet or enemy, as the sandbox shows it after a frame. */
typedef struct sandbox_object {
    uint32_t id; /* bullets: spawn serial from 1; enemies: 0 */
    float x, y, heading;
    float dir_x, dir_y; /* the unit heading: (sin heading, -cos heading) */
    uint32_t look;      /* bullets: library_look; enemies: string index of their look, or -1 */
    int enemy;          /* 0 bullet, 1 enemy, 2 boss */
    int32_t boss;       /* a boss: its library_boss index (whose look it wears), else -1 */
    uint32_t age;       /* frames since it appeared: an animated look's frame (sim/look_anim.h) */
    /* bullets: drawn size times the look's, opacity 0..255, 1 when additive
     * (the pool's style); enemies: 1, 255, 0 */
    float scale;
    uint8_t alpha, additive;
} sandbox_object;

typedef struct sandbox sandbox;

/* Fills in the defaults (see sandbox_config). */
void sandbox_config_default(sandbox_config *cfg);
/* Allocates a sandbox of cfg's capacity, running nothing yet. NULL when out of
 * memory or the capacity is out of range. */
sandbox *sandbox_create(const sandbox_config *cfg);
void sandbox_destroy(sandbox *sb);

/* Starts over at frame 0 running `entry` of lib (a pattern on the emitter, an
 * enemy spawned at the emitter, or a stage) or, with entry NULL, the boss
 * `boss`. lib must outlive the run. Returns 0, or -1 if it cannot start. */
int sandbox_start(sandbox *sb, const library *lib, const library_entry *entry,
                  const library_boss *boss);
/* Runs one frame: the scripts due, then the motion of enemies and bullets (those
 * that left the field go). */
void sandbox_step(sandbox *sb);

void sandbox_set_player(sandbox *sb, double x, double y);
void sandbox_set_rank(sandbox *sb, double rank);
/* The phase the next boss fight starts at (sandbox_config.boss_phase); past the
 * boss's last phase, the fight starts at the first. */
void sandbox_set_boss_phase(sandbox *sb, uint32_t phase);
double sandbox_rank(const sandbox *sb);
/* What a script reads of the player where none flies (the sandbox, `curtain
 * run`'s patterns, the viewer, the benches; docs/patterns.md, "Reading the
 * player"): the game's start, lives 2, bombs 3, power 1 (4 when full_power:
 * the sandbox's boss fought alone or a game's Extra stage, which the game
 * starts at full power), score 0, graze 0, not focused, shot_type -1 (as
 * `ship`: no ship), and the difficulty whose rank is nearest rank (0 Easy, 1
 * Normal, 2 Hard, 3 Lunatic; their ranks 0, 0.35, 0.7 and 1 are
 * game/difficulty.h's). Into *out, returning 1; 0 for any other property. */
int sandbox_player_value(vm_prop prop, double rank, int full_power, double *out);

/* After a step: the live bullets (spawn order) and enemies. */
const sandbox_object *sandbox_objects(const sandbox *sb, uint32_t *count);
uint32_t sandbox_bullet_count(const sandbox *sb);
/* The lasers (sim/laser_pool.h), as the game keeps them: for drawing. */
const laser_pool *sandbox_lasers(const sandbox *sb);
/* The items on the field (sim/item.h), as the game keeps them: for drawing. */
const item_list *sandbox_items(const sandbox *sb);
int32_t sandbox_frame(const sandbox *sb); /* frames stepped so far */
/* The last run-time error ("file:line:col: message"), or "" if none yet. */
const char *sandbox_last_error(const sandbox *sb);
/* The run-time errors since the last sandbox_start. */
int sandbox_error_count(const sandbox *sb);
/* Text to show: a title card, the boss phase ("name  23s"); "" if none. */
const char *sandbox_status(const sandbox *sb);
vm_stats sandbox_vm_stats(const sandbox *sb);
/* The scripts' print lines since the last sandbox_start, and the k-th newest of
 * them (0: the last; NULL past the SANDBOX_PRINT_KEEP kept or the count). */
uint32_t sandbox_print_count(const sandbox *sb);
const char *sandbox_print_line(const sandbox *sb, uint32_t k);
/* Where the run is, for its backdrop: the stage's runner, the fight started
 * alone, the spell card running (pattern/content/backdrop_cue.h). */
backdrop_cue_place sandbox_place(const sandbox *sb);
/* The backdrop the field shows now (sim/backdrop.h), by the game's rules
 * (backdrop_cue_now): a stage's `background` cues, a boss's spell backdrop
 * during its cards; dusk with neither. */
int sandbox_backdrop(const sandbox *sb);
/* The player's buttons for the next step's dialogue (pattern/content/dialogue.h): a
 * press of the shot button (kept until the step), the skip button held. */
void sandbox_input(sandbox *sb, int shot_pressed, int skip_held);
/* The dialogue scene, by the game's model: what the viewer draws. */
const dialogue *sandbox_dialogue(const sandbox *sb);
/* Bullets that could not be spawned: the sandbox was full (or a line was up). */
uint64_t sandbox_refused(const sandbox *sb);

/* The shots of the run since sandbox_start, each pool's apart: a laser is
 * neither a bullet spawned nor one refused. Refused: the pool was full (or a
 * dialogue line was up). */
typedef struct sandbox_shots {
    uint64_t bullets_spawned, bullets_refused;
    uint64_t lasers_spawned, lasers_refused;
} sandbox_shots;
sandbox_shots sandbox_shot_counts(const sandbox *sb);

/* The items scripts dropped since sandbox_start, and those refused: the
 * bound of a frame or the room left (sim/item.h, item_script_drop). */
typedef struct sandbox_drops {
    uint64_t dropped, refused;
} sandbox_drops;
sandbox_drops sandbox_drop_counts(const sandbox *sb);

/* The trace rows of the frame just stepped (numbered f), one a line: every
 * live bullet, oldest first, as "f,id,x,y" (id: spawn serial from 1), then
 * every live laser, slot order, as "f,Lslot,x,y,dir_x,dir_y,phase,nodes" (its
 * origin or head, heading vector, laser_phase_name, nodes), then every item,
 * the list's order, as "f,Ik,x,y,kind" (k: its place in the list, which
 * changes as items go; item_kind_name); none for a run without lasers or
 * items, so that a bullet pattern's trace reads as before they existed. Each
 * row goes to row(user, text, length). Returns the rows.
 * `curtain run --trace` and the golden traces (pattern.golden) are these. */
uint64_t sandbox_trace_frame(const sandbox *sb, int f,
                             void (*row)(void *user, const char *text, size_t len), void *user);

#endif
