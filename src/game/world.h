/*
 * world: the deterministic simulation of one play session.
 *
 * Everything that decides what happens lives here and nowhere else: the frame
 * counter, the logic random generator, the player, the enemy bullets and the
 * player's shots (two bullet pools), enemies and bosses, items, the pattern VM
 * that runs the stage's scripts, score and the state of the run. world_step
 * advances it by exactly one 60 Hz tick from one frame of input; the same
 * content, seed and inputs give the same world_hash on every build type and
 * machine. Nothing is allocated after world_init.
 *
 * ONE FRAME (world_step), in this order:
 *   1. the player: movement, focus, a bomb on the bomb button's press, shots;
 *   2. scripts: vm_tick runs every script due (stage, enemies, boss, bullets;
 *      their queries find the bullets and the player's shots as the frame
 *      began); bullets that vanished go, enemies that vanished go;
 *   3. the boss fight's clock (time limits, the pause between phases);
 *   4. motion: enemies move (culled once they leave), then both pools' update pass
 *      (bullets move, tween, expire, are culled), then the lasers' (lasers that
 *      follow their firer move with it, and fade once it is gone), then the
 *      player's lasers' (those that follow stay with the ship, and fade while
 *      it is not flying); removed bullets and lasers stop their scripts;
 *   5. collision, every test swept along the frame's motion: shots against enemies
 *      (damage, kills: score, drops, explosions), the player's lasers (each
 *      hurts what it touches every frame it is on: a piercing one every enemy
 *      along it, a plain one the first in its way; not swept), the bomb
 *      (cancels bullets, hurts enemies), the player against bullets and enemy
 *      bodies (a hit opens the
 *      deathbomb window) and the graze circle (each bullet grazes once); then
 *      the lasers (a laser hurts only at full width; it grazes at most once
 *      every WORLD_LASER_GRAZE_FRAMES frames);
 *   6. items move and are picked up; extends; the end of the stage.
 * What the front end should show or play for the frame (sounds, sparks, title
 * cards) is listed in the frame's events; they are not part of the state.
 *
 * A run plays the stages of its game (a `game` declaration) in order, from
 * config.stage on. When a stage's script finishes, its clear bonus is added
 * (the tally) and, after WORLD_STAGE_BREAK frames, the next stage begins with
 * the same ship, score, lives, bombs, power and graze. A run ends in
 * WORLD_CLEARED (the last stage's script finished, or a practice fight is
 * over) or WORLD_GAME_OVER. On the last ship lost, a normal run first stops in
 * WORLD_CONTINUE: a prompt driven by the same input bits (up/down choose, shot
 * confirms), so replays carry continues like any other input.
 */
#ifndef CURTAIN_GAME_WORLD_H
#define CURTAIN_GAME_WORLD_H

#include "core/rng.h"
#include "core/workers.h"
#include "game/boss.h"
#include "game/input.h"
#include "game/player.h"
#include "pattern/content/dialogue.h"
#include "pattern/content/library.h"
#include "pattern/objects/enemy.h"
#include "pattern/objects/object_query.h"
#include "pattern/vm/vm.h"
#include "sim/bullet_pool.h"
#include "sim/collision.h"
#include "sim/item.h"
#include "sim/laser_pool.h"

#include <stdint.h>

#define WORLD_TICK_HZ 60

/* world_config.flags */
#define WORLD_FLAG_INVULNERABLE 0x0001u /* the player cannot be hit (tests, demos) */
#define WORLD_FLAG_ONE_PHASE    0x0002u /* practice: the fight ends after its first phase */
/* Practice slowed down (the Options' practice speed): the logic still steps at a
 * fixed 60 Hz, the front end only runs fewer steps per second of wall time; the
 * flag marks the run (and its replay) as slowed. */
#define WORLD_FLAG_SPEED_75     0x0004u
#define WORLD_FLAG_SPEED_50     0x0008u
#define WORLD_FLAG_NO_STAGE     0x0010u /* the ship alone: no stage, no end (ship select) */
/* The rules format-2 replays were recorded by (replay_decode sets it for them):
 * an enemy that stops just outside the field stays (enemy_gone). Not hashed. */
#define WORLD_FLAG_RULES_V2     0x0020u
#define WORLD_FLAG_ONE_STAGE    0x0040u /* stage practice: the run ends after its stage */
/* The rule replays recorded before the replay header's rules field were hashed
 * by (replay_decode sets it for them; a run taken over from one keeps it): a
 * script past its end is placed at the start of the function after its own
 * (vm_hash_portable_next). Not hashed. */
#define WORLD_FLAG_NEXT_PLACE   0x0080u
/* The rule replays recorded before scenes were hashed by (replay_decode sets it
 * for replay rules below 3; a run taken over from one keeps it): no `scene`
 * plays (docs/patterns.md, Scenes), so those runs play as recorded. Not hashed. */
#define WORLD_FLAG_NO_SCENES    0x0100u
/* The extra ships of the three-stage game, at 2, 5, 10, 18 and 30 million points
 * (rules 1 and 2: replay_decode sets it for replays recorded by them; a run taken
 * over from one keeps it); without it, the full game's (docs/game.md,
 * "Resources"). Not hashed. */
#define WORLD_FLAG_EXTENDS_V2   0x0200u
#define WORLD_FLAGS_KNOWN       0x03ffu
/* The flags that say which rules a run was recorded by, not what it is: left
 * out of every hash. */
#define WORLD_FLAGS_RULES \
    (WORLD_FLAG_RULES_V2 | WORLD_FLAG_NEXT_PLACE | WORLD_FLAG_NO_SCENES | WORLD_FLAG_EXTENDS_V2)

/* world_config.start: 0 plays the stage; WORLD_START(b, p) starts the fight with
 * boss b (an index into lib->bosses) at phase p. */
#define WORLD_START(boss, phase) ((uint8_t)(1 + (boss)*BOSS_MAX_PHASES + (phase)))
#define WORLD_START_BOSS(start)  (((start)-1) / BOSS_MAX_PHASES)
#define WORLD_START_PHASE(start) (((start)-1) % BOSS_MAX_PHASES)
#define WORLD_MAX_BOSSES         ((255 - 1) / BOSS_MAX_PHASES)

/* The game a run plays: the `game` of this name, else the first declared; with
 * none, the stage named WORLD_STAGE_NAME alone, else the first stage
 * (docs/patterns.md). */
#define WORLD_GAME_NAME   "main"
#define WORLD_STAGE_NAME  "stage1"
/* Frames from a stage's clear (its tally on screen) to the next stage. */
#define WORLD_STAGE_BREAK (5 * WORLD_TICK_HZ)

/* Capacities, fixed at init; every one refuses and counts. */
#define WORLD_BULLETS           16384 /* enemy bullets */
#define WORLD_SHOTS             1024  /* the player's shots */
#define WORLD_ENEMIES           512   /* the stage, enemies and bosses */
#define WORLD_ITEMS             2048
#define WORLD_RUNNERS           16384 /* script threads */
#define WORLD_EVENTS            1024  /* per frame */
#define WORLD_LASERS            256   /* enemy lasers */
#define WORLD_LASER_NODES       256   /* ring entries of a curvy laser: bodies up to 255 nodes */
#define WORLD_SHOT_LASERS       64    /* the player's lasers (ship_host) */
/* A player's laser hurts by its `damage` a frame, kept in 64ths (its owner):
 * 0.5 a frame is a laser's half of a full one. */
#define WORLD_LASER_DAMAGE_UNIT 64

/* A laser touching the graze circle grazes again after this many frames. */
#define WORLD_LASER_GRAZE_FRAMES 8
/* A cancelled laser leaves a star every this many px along its length. */
#define WORLD_LASER_ITEM_STEP    24.0f

/* Slots of a frame's events that cancel sparkles may not take, so that what a
 * big cancel comes with (a spell card captured, a phase ended) still fits. */
#define WORLD_EVENTS_RESERVED 64

/* Items above this line (px from the top of the field) fly to a player there:
 * where a run starts it; a script moves it (`collect_line EXPR`, world.collect_line). */
#define WORLD_COLLECT_LINE    112.0f
/* Bullets may not appear this close to the player's hitbox (px): a spawn there is
 * refused and counted, so no script can put a bullet on the player. */
#define WORLD_SPAWN_GUARD     24.0f
#define WORLD_CONTINUES       3
#define WORLD_CONTINUE_FRAMES (15 * WORLD_TICK_HZ)

/* Items scripts may drop (`drop`): this many a frame, all scripts together,
 * and none while the item list holds WORLD_SCRIPT_ITEMS_ROOM (a quarter of it
 * stays for the game's own drops and cancel stars); the rest are refused and
 * counted in items.refused. */
#define WORLD_SCRIPT_ITEMS_PER_FRAME ITEM_SCRIPT_PER_FRAME
#define WORLD_SCRIPT_ITEMS_ROOM      ITEM_SCRIPT_ROOM(WORLD_ITEMS)

/* What decides a run besides its inputs and content; a replay records exactly this. */
typedef struct world_config {
    uint64_t seed;
    uint8_t difficulty; /* enum difficulty */
    uint8_t start;      /* where the run starts: 0 the stage, else WORLD_START(boss, phase) */
    uint16_t flags;     /* WORLD_FLAG_* */
    uint8_t ship;       /* index into lib->ships (none declared: the fallback ship) */
    uint8_t stage;      /* the game's stage the run starts at, from 0 (start == 0); one past
                         * its list: the Extra stage (world_config_extra) */
    /* How many of the game's stages, from the first, the run may play (0: the whole
     * list). Never recorded: replay_content_matches sets it for a replay recorded
     * when the list was shorter, so that its run ends where it ended then. */
    uint8_t stages;
    uint8_t shot_type; /* the ship's shot type, index into its types (0 the first) */
} world_config;

typedef enum world_state {
    WORLD_PLAYING,
    WORLD_CONTINUE,  /* the last ship was lost: continue or not */
    WORLD_GAME_OVER, /* the run is over, lost */
    WORLD_CLEARED,   /* the run is over: the stage (or the practice fight) is done */
    WORLD_STOPPED,   /* the run is over: the stage's script could not start, or stopped with
                        an error (world.last_error); nothing is cleared or paid */
} world_state;

/* What a frame asks the front end to show or play. `value` depends on the kind.
 *   id              value */
#define WORLD_EVENT_KINDS(X)                                                    \
    X(SHOT)          /* a volley left the ship */                               \
    X(ENEMY_HIT)     /* an enemy or boss took damage */                         \
    X(ENEMY_DEATH)   /* value: its hit radius (size of the explosion) */        \
    X(BOSS_DEATH)    /* the boss is beaten */                                   \
    X(GRAZE)         /* a bullet grazed the ship */                             \
    X(PLAYER_HIT)    /* the ship was touched (the deathbomb window opens) */    \
    X(PLAYER_DEATH)  /* the ship exploded */                                    \
    X(BOMB)          /* a bomb started */                                       \
    X(BOSS_START)    /* value: boss index */                                    \
    X(SPELL_START)   /* value: boss index * BOSS_MAX_PHASES + phase */          \
    X(SPELL_CAPTURE) /* value: as SPELL_START (boss.result_bonus: the bonus) */ \
    X(SPELL_FAIL)    /* value: as SPELL_START; the card was not captured */     \
    X(PHASE_END)     /* a boss phase ended */                                   \
    X(CANCEL)        /* a bullet was cancelled at (x, y) */                     \
    X(ITEM)          /* value: item kind picked up */                           \
    X(EXTEND)        /* an extra ship */                                        \
    X(BOMB_ITEM)     /* an extra bomb */                                        \
    X(TIMER)         /* value: seconds left in a phase (the last ten) */        \
    X(SOUND)         /* value: string index of an effect name (script) */       \
    X(MUSIC)         /* value: string index of a music name (script) */         \
    X(TITLE)         /* a title card appeared */                                \
    X(STAGE_CLEAR)   /* value: the stage cleared, from 1 (the run goes on if */ \
                     /* it was not the last) */                                 \
    X(CONTINUE)      /* the continue prompt appeared */                         \
    X(CONTINUED)     /* the player continued */                                 \
    X(GAME_OVER)     /* the run is lost */                                      \
    X(MENU_MOVE)     /* the continue prompt's cursor moved */                   \
    X(SCRIPT_ERROR)  /* a script stopped with an error (world.last_error) */    \
    X(DIALOGUE)      /* value: a dialogue scene began, its number from 1 */     \
    X(SHOW)          /* value: a vm_show of the program (effect, flash...) */   \
                     /* a script of the stage, an enemy or a boss reached; */   \
                     /* (x, y): where its object is */                          \
    X(SHIP_SHOW)     /* value: as SHOW, reached by the ship's volley or bomb */

typedef enum world_event_kind {
#define WORLD_EVENT_ENUM(id) WORLD_EVENT_##id,
    WORLD_EVENT_KINDS(WORLD_EVENT_ENUM)
#undef WORLD_EVENT_ENUM
    WORLD_EVENT_KIND_COUNT
} world_event_kind;

typedef struct world_event {
    uint8_t kind; /* enum world_event_kind */
    float x, y;   /* where, in field coordinates */
    int32_t value;
} world_event;

/* The stage-clear bonus, line by line (added to the score when the stage ends). */
typedef struct world_tally {
    uint64_t clear, lives, bombs, graze, total;
} world_tally;

/* Measurements for the overlay and counters for tests; not part of the state. */
typedef struct world_stats {
    uint64_t script_ns, motion_ns, collision_ns; /* the last frame's phases */
    uint64_t spawn_guarded;                      /* bullets refused near the player */
    uint64_t errors;                             /* script errors */
    uint64_t events_refused;                     /* events that did not fit a frame's list */
    uint32_t peak_bullets;
} world_stats;

typedef struct world {
    world_config config;
    const library *lib;  /* the content; NULL: an empty world with just the player */
    uint64_t frame;      /* ticks done so far */
    rng rng;             /* logic randomness: part of the state */
    int state;           /* enum world_state */
    input_bits prev_in;  /* last frame's input, for button presses */
    input_bits frame_in; /* this frame's (what the scripts' verbs read); not hashed */
    player player;
    bullet_pool bullets; /* enemy bullets */
    bullet_pool shots;   /* the player's shots; owner = damage */
    laser_pool lasers;   /* enemy lasers; owner = the firer's vm_obj */
    /* The player's lasers (a ship's `laser`: ship_host.h); owner = the damage
     * each does a frame in WORLD_LASER_DAMAGE_UNIT ths, LASER_FLAG_PIERCE for
     * those that pierce. */
    laser_pool shot_lasers;
    /* How far (px) each straight one of them reached at the last collision: its
     * length, or where a plain one stopped at the first enemy in its way.
     * Drawing only: worked out from the state every frame, never hashed. */
    float shot_laser_reach[WORLD_SHOT_LASERS];
    enemy_table enemies;
    boss_fight boss;
    item_list items;
    vm *vm;
    const library_ship *ship; /* what the player flies (player.ship) */
    vm *ship_vm;              /* the ship's volleys, bomb and scripted shots (ship_host) */
    uint32_t ship_damage;     /* the damage of the ship's next shots this frame */
    /* the same for its next lasers, a frame, in WORLD_LASER_DAMAGE_UNIT ths */
    uint32_t ship_laser_damage;
    uint32_t ship_fired;   /* shots the ship's scripts fired this frame */
    uint8_t ship_pierce;   /* the ship's next shots this frame pierce (BULLET_FLAG_PIERCE) */
    vm_obj *ship_vanished; /* shots vanished by their scripts this frame */
    uint32_t ship_vanished_count;
    /* the run */
    uint64_t score;
    uint64_t best_score; /* the best score of any credit of this run */
    uint64_t graze;
    int extends;   /* score extends given */
    int continues; /* continues used */
    int deaths, bombs_used, spells_captured, spells_seen;
    const library_game *game;  /* the stages of the run; NULL: one stage */
    int stage;                 /* the stage playing, an index into game->stages */
    int32_t next_stage_at;     /* the frame the next stage begins; -1: none waits */
    uint64_t stage_graze;      /* graze when the stage began (its tally counts the rest) */
    uint32_t stage_slot;       /* the stage object's enemy slot, ENEMY_NONE if none */
    vm_runner_id stage_runner; /* the stage's script */
    int stage_done;            /* the stage's script has ended */
    /* scenes (library_scene): the one before the stage, which holds its script
     * back until it ends, and the one after a boss, which holds the stage's
     * `boss` statement (boss_active stays 1) until it ends; 0 when none runs */
    vm_runner_id stage_scene;
    vm_runner_id scene_hold;
    int ending_played;  /* the game's ending scene has begun (it holds the clear) */
    int32_t draw_until; /* items fly to the player until this frame */
    float collect_line; /* the auto-collect line (WORLD_COLLECT_LINE until a script moves it) */
    /* what scripts dropped this frame (drop's bound) */
    item_script_count script_items;
    int32_t title[2];   /* the title card's strings, -1 none */
    int32_t title_at;   /* frame it appeared */
    dialogue dialogue;  /* the dialogue scene (pattern/content/dialogue.h) */
    int cont_cursor;    /* the continue prompt: 0 yes, 1 no */
    int32_t cont_timer; /* frames left to choose */
    world_tally tally;
    /* scratch, reused every frame */
    float *bullet_dx, *bullet_dy; /* this frame's motion of each slot */
    float *shot_dx, *shot_dy;
    /* the player's screen made in the motion pass (collision_player_screen):
     * its query, whether it was made, a word per 64 bullet slots */
    collision_player_query near_query;
    int near_valid;
    uint64_t *bullet_near;
    float *enemy_x, *enemy_y, *enemy_r, *enemy_dx, *enemy_dy;
    uint64_t *enemy_alive;
    vm_obj *vanished;
    uint32_t vanished_count;
    object_query query;      /* the scripts' `for b in bullets near ...` (not run state) */
    object_query shot_query; /* their `for s in shots near ...` (not run state) */
    collision bullet_coll, shot_coll;
    collision_list hits, grazes, area, laser_hits, laser_grazes, laser_area;
    collision_pairs pairs;
    item_pickup pickups[64];
    /* this frame's events */
    world_event events[WORLD_EVENTS];
    int event_count;
    world_stats stats;
    char last_error[256]; /* the last script error, "file:line:col: message" */
    /* Threads the frame's long passes (bullet motion, the player's sweep) may
     * split over; NULL: the caller's thread only. The split gives the same
     * state for any thread count, so this is not part of the state (set it
     * after world_init). */
    workers *workers;
    /* 1: the scripts' print lines go to the log ("file:line:col: frame N: ...");
     * 0 (what world_init sets): they are dropped. Not part of the state either. */
    int print_scripts;
} world;

/* Makes a world for a run of cfg over lib's content (lib may be NULL: no stage).
 * Returns 0, or -1 out of memory (the world is then empty; world_free is safe). */
int world_init(world *w, const world_config *cfg, const library *lib);
/* world_init with room for this many enemy bullets instead of WORLD_BULLETS
 * (`curtain bench` and the stress mode fill the field far beyond the game's own
 * capacity). */
int world_init_sized(world *w, const world_config *cfg, const library *lib, uint32_t bullets);
void world_free(world *w);

/* Advances the world by one frame of input (see ONE FRAME at the top of this file). */
void world_step(world *w, input_bits in);
/* A hash of the whole simulation state. A run by today's rules (not
 * WORLD_FLAG_RULES_V2) hashes what indices name by name: a script's place as its
 * function's name and offset (vm_hash_portable), strings as their text, a boss as
 * its name, so pattern files the run never reads do not change it. */
uint64_t world_hash(const world *w);

/* The parts of the state a desync report names (world_hash_parts):
 *   id  name */
#define WORLD_PARTS(X)                                                                 \
    X(PLAYER, "player")         /* the ship: place, state, lives, bombs, power */      \
    X(SHOTS, "shots")           /* the player's shot pool */                           \
    X(BULLETS, "bullets")       /* the enemy bullet pool */                            \
    X(LASERS, "lasers")         /* the enemy lasers */                                 \
    X(ENEMIES, "enemies")       /* enemies, bosses and the boss fight */               \
    X(ITEMS, "items")           /* items on the field */                               \
    X(VM, "VM")                 /* both VMs' runners, stacks, clocks, shared values */ \
    X(GENERATORS, "generators") /* the logic random generator */                       \
    X(SCORE, "score")           /* score, graze, the run's counters, stage, frame */

typedef enum world_part {
#define WORLD_PART_ENUM(id, name) WORLD_PART_##id,
    WORLD_PARTS(WORLD_PART_ENUM)
#undef WORLD_PART_ENUM
    WORLD_PART_COUNT
} world_part;

/* One hash per part of the state, as world_hash hashes each (every bit
 * world_hash covers is in one part), so a desync can say what went out of
 * step, not only when. */
void world_hash_parts(const world *w, uint64_t out[WORLD_PART_COUNT]);
const char *world_part_name(world_part part);
/* A hash of what a run of cfg (NULL: the first ship, a stage start) can reach:
 * its game's stage list, its stages, its ship, and every function, boss, enemy
 * and string they name, transitively (CALL, CALLV, GOTO, FORK, FIRE_RUN and the
 * constants that name enemies, bosses and strings: vm_program.refs), each hashed
 * by its own code with jumps relative to its start, constants, shared values and
 * strings by value, and what it names by name. Files the run never reaches, and
 * source positions, leave it unchanged. A library without ships or games hashes
 * as world_content_hash_legacy. 0 for NULL. Format-3 replays record it. */
uint64_t world_content_hash(const library *lib, const world_config *cfg);

/* How far a run went, for the content hash of its replay: 0 unknown (the whole
 * stage list counts), else WORLD_REACH_KNOWN with the number of stages played
 * from cfg->stage (0 for a boss practice) and WORLD_REACH_AT_END when it
 * reached the end of its last stage in a full run (then whether another stage
 * follows counts: the run goes on to it, or to the ending). */
#define WORLD_REACH_KNOWN  0x80u
#define WORLD_REACH_AT_END 0x40u
#define WORLD_REACH_STAGES 0x3fu
/* The reach of a run, from its world at the end. */
uint8_t world_reach(const world *w);
/* world_content_hash over what a run of that reach played: with a known reach
 * only its stages (and whether one follows, at its end), so that a stage added
 * to the game leaves the replays of earlier stages verifying. stages_from and
 * stages_count (reach unknown only): the stages of the list hashed, from
 * stages_from, count of them (a prefix of a list that has grown since). */
uint64_t world_content_hash_reach(const library *lib, const world_config *cfg, uint8_t reach);
uint64_t world_content_hash_stages(const library *lib, const world_config *cfg,
                                   uint32_t stages_count);
/* The content hash as format-2 replays recorded it, before ships were content:
 * the same hash over the part of the program that comes before the ships'
 * (library_mark) and the tables of entries and bosses. A library without ships
 * hashes the same both ways. */
uint64_t world_content_hash_legacy(const library *lib);

/* Whether a configuration is a practice: a boss fight (start) or one stage alone. */
int world_config_practice(const world_config *cfg);
/* Whether a run of cfg plays its scenes: not in practice, not the ship alone,
 * not by a rule before scenes (WORLD_FLAG_NO_SCENES). */
int world_config_scenes(const world_config *cfg);
/* The run is over (cleared, lost or stopped): nothing steps any more. */
int world_over(const world *w);
/* Stops the run (WORLD_STOPPED): the stage's script cannot start or stopped with
 * an error. With why, last_error becomes "file:line:col: why" at pos of prog
 * (counted, and a SCRIPT_ERROR event); without, the script's own error stays.
 * Nothing is cleared or paid: no tally, no STAGE_CLEAR. */
void world_stop(world *w, const vm_program *prog, vm_pos pos, const char *why);
/* Whether cfg plays game g's Extra stage: a game with one (`extra NAME`) and
 * cfg->stage just past its list (start 0). The Extra stage is played alone: its
 * run ends after it, and losing the last ship there ends it (no continue). */
int world_config_extra(const library_game *g, const world_config *cfg);
/* Whether the run is playing (or played) its game's Extra stage. */
int world_in_extra(const world *w);
/* Stages in the run's game (1 without a game), the Extra stage not counted. */
int world_stage_count(const world *w);
/* The playing stage's entry name ("" none). */
const char *world_stage_name(const world *w);
/* The game of a library a run plays (WORLD_GAME_NAME, else the first), or NULL. */
const library_game *world_game_of(const library *lib);
/* Whether a stage's tally is on screen and the next stage is coming. */
int world_between_stages(const world *w);
/* Whether the run cleared its game's last stage (or its Extra stage). */
int world_all_clear(const world *w);
/* The game speed a configuration was played at, in percent: 100, 75 or 50. */
int world_speed_percent(const world_config *cfg);
/* The flag that marks a speed (0 for 100 percent and anything not 75 or 50). */
uint16_t world_speed_flag(int percent);
/* The difficulty's rank, 0..1. */
double world_rank(const world *w);
/* The player's state as scripts read it (docs/patterns.md, "The player"):
 * lives, bombs, power (1 to 4), score, graze, focused, shot_type and
 * difficulty into *out, returning 1; 0 for any other property. Reading
 * changes nothing. */
int world_player_prop(const world *w, vm_prop prop, double *out);
/* What a point item is worth when picked up at height y. */
uint64_t world_point_value(const world *w, float y);
/* The run's score as the tables record it: the best of any credit (a continue
 * restarts the score). */
uint64_t world_final_score(const world *w);
/* The score at which the next extra ship comes, or 0 when none is left. */
uint64_t world_next_extend(const world *w);
/* The radius of the player's running bomb (px): it grows to its largest (the
 * ship's bomb numbers). */
float world_bomb_radius(const player *p);
/* A string of the content's program (verb operands), or "" for -1 / out of range. */
const char *world_string(const world *w, int32_t index);
const char *world_event_name(world_event_kind k);
/* Lists the memory that holds the whole deterministic state for a snapshot
 * (game/snapshot.h): the world struct (the player, the boss fight, the
 * generator, score and the run's fields live in it), then every block its
 * parts allocated at init, whole: both bullet pools, the lasers, the enemy
 * table, the items and both VMs. The per-frame scratch is left out. */
void world_blocks(world *w, memblock_list *l);

/* Used by the script host and the boss fight (game/world_host.c, game/boss.c). */
void world_event_add(world *w, world_event_kind kind, float x, float y, int32_t value);
/* Turns every enemy bullet and laser that can be cancelled into star items
 * (items = 1: one per bullet, a row along each laser) or into nothing,
 * stopping their scripts. */
void world_cancel_bullets(world *w, int items);
/* Removes an enemy or boss now: its scripts stop. With destroyed, it explodes and
 * pays its score and drops. */
void world_remove_enemy(world *w, uint32_t slot, int destroyed);
/* Adds to the current credit's score. */
void world_add_score(world *w, uint64_t points);
/* Drops n items of a kind around (x, y). */
void world_drop_items(world *w, int kind, int n, float x, float y);
/* Drops n items of a kind around (x, y) for a script (`drop`): bounded by
 * WORLD_SCRIPT_ITEMS_PER_FRAME and WORLD_SCRIPT_ITEMS_ROOM (the rest refused
 * and counted), scattered without the run's random numbers: sim/item.h's
 * item_script_drop, the viewer's sandbox's rule too. */
void world_script_drop(world *w, int kind, int n, float x, float y);

#endif
