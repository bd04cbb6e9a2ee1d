/*
 * enemy: the table of scripted objects that are not bullets: the stage object,
 * the enemies the stage spawns, and bosses.
 *
 * A fixed array of slots allocated once, with a free list (lowest slot first on
 * a fresh table, so runs are reproducible). Each object has a handle for the
 * pattern VM: its slot + 1 in bits 0..19 and 11 bits of generation above, so a
 * script's handle to an object that is gone (and a reused slot) is detected.
 * Bit 31 is never set: that is how the world tells enemies from bullets.
 *
 * One model for every host: the game's world (game/world_host.c) and the
 * sandbox of `curtain view` and `curtain run` (pattern/objects/sandbox.c) keep their
 * enemies in this table and move them, read and set their properties and aim
 * them with these functions, so a stage looks the same in the viewer and in
 * the game. Motion: a move tween (MOVE_TO) when one runs, else heading and
 * speed plus the extra velocity, with the VM's ramps applied first.
 */
#ifndef CURTAIN_PATTERN_ENEMY_H
#define CURTAIN_PATTERN_ENEMY_H

#include "core/ease.h"
#include "core/hash.h"
#include "core/memblock.h"
#include "pattern/vm/vm.h"

#include <stdint.h>

#define ENEMY_INDEX_BITS 20
#define ENEMY_INDEX_MASK ((1u << ENEMY_INDEX_BITS) - 1)
/* The generation bits of a handle: 11, so that bit 31 stays clear. */
#define ENEMY_GEN_MASK   0x7ffu
#define ENEMY_NONE       UINT32_MAX
/* The easings of a move tween: MOVE_TO's fourth operand (docs/vm.md), core/ease.h's
 * curves. Out of range is smooth. */
enum {
    ENEMY_EASE_LINEAR = EASE_LINEAR,
    ENEMY_EASE_SMOOTH = EASE_SMOOTH, /* smoothstep */
    ENEMY_EASE_IN = EASE_IN,         /* starts slow */
    ENEMY_EASE_OUT = EASE_OUT,       /* ends slow */
    ENEMY_EASE_COUNT = EASE_COUNT
};
/* An enemy that has been inside the field is gone once this far outside it. */
#define ENEMY_CULL_MARGIN    64.0
/* The hit radius of an enemy whose script names none (px). */
#define ENEMY_DEFAULT_HITBOX 12.0
/* The item kinds of DROPS, in the verb's order. */
#define ENEMY_DROP_KINDS     4
/* The most frames a move (MOVE_TO) takes: a script's larger number is this. */
#define ENEMY_MAX_FRAMES     (1 << 24) /* 3 days */
/* The most a script may give as hit points or points, and as a hit radius (px). */
#define ENEMY_MAX_POINTS     1e15
#define ENEMY_MAX_HITBOX     1000.0

typedef enum enemy_kind {
    ENEMY_FREE,
    ENEMY_STAGE, /* the stage's timeline runs on it; never drawn, never hit */
    ENEMY_SMALL, /* an enemy spawned by SPAWN */
    ENEMY_BOSS,  /* a boss or midboss */
} enemy_kind;

typedef struct enemy {
    uint8_t kind;     /* enum enemy_kind */
    uint8_t entered;  /* has been inside the field (only then culled) */
    uint8_t dying;    /* vanished: removed after this frame's scripts */
    uint8_t leaving;  /* a beaten midboss flying off: no scripts, never hit */
    uint8_t moving;   /* a move tween runs */
    uint8_t ease;     /* the tween's easing (MOVE_TO) */
    uint8_t ramp_on;  /* bit k: ramp k of the VM runs */
    uint8_t scripted; /* has had runners: stop them when it goes */
    uint16_t gen;
    int32_t look;   /* string index of its sprite name, -1 for the default */
    int32_t boss;   /* a boss object: its lib->bosses index, which names its look,
                     * until it is gone (a beaten midboss flying off too); else -1.
                     * Shown only: nothing reads it, so it is not hashed */
    int32_t born;   /* frame it appeared */
    int32_t hit_at; /* frame it was last damaged (the renderer flashes it) */
    double x, y, heading, speed, vx, vy, spin, accel;
    vm_ramp ramp[VM_RAMP_KINDS];
    double mx0, my0, mx1, my1; /* move tween from, to */
    int32_t mt0, mt1;          /* move tween frames */
    double px, py;             /* where it was before this frame's move */
    double health;
    double score;
    double hitbox;
    uint8_t drops[ENEMY_DROP_KINDS]; /* power, point, bomb, life */
} enemy;

typedef struct enemy_table {
    enemy *slots;
    uint32_t *free_list;
    uint32_t cap, free_count;
    uint32_t small; /* ENEMY_SMALL alive (the scripts' `enemies`) */
    uint64_t refused;
} enemy_table;

/* Allocates cap slots (at most ENEMY_INDEX_MASK). Returns 0, or -1 out of memory. */
int enemy_table_init(enemy_table *t, uint32_t cap);
void enemy_table_free(enemy_table *t);
/* Frees every slot; generations restart, as in a new table. */
void enemy_table_clear(enemy_table *t);

/* A new object of a kind at (x, y), heading down, with the defaults of docs/vm.md
 * (1 hit point, no score, no drops, the default look and hitbox). Returns its slot,
 * or ENEMY_NONE when the table is full (counted). */
uint32_t enemy_alloc(enemy_table *t, enemy_kind kind, double x, double y, int32_t frame);
/* Frees a slot (the caller stops its scripts first). */
void enemy_release(enemy_table *t, uint32_t slot);

/* The VM handle of a live slot (see the top of this file). */
vm_obj enemy_handle(const enemy_table *t, uint32_t slot);
/* The live slot of a handle, or ENEMY_NONE (stale, a bullet's, or 0). */
uint32_t enemy_slot(const enemy_table *t, vm_obj h);

/* MOVE_TO: glide from where it is to (x, y) over frames (0: jump there). */
void enemy_move_to(enemy *e, double x, double y, int32_t frames, int ease, int32_t now);
/* MOVE_TO as a script gives it: a[0], a[1] the place, a[2] the frames
 * (truncated, clamped to [0, ENEMY_MAX_FRAMES], NaN as 0), a[3] the easing
 * (out of range: smooth). */
void enemy_move_verb(enemy *e, const double *a, int32_t now);
/* The verbs that describe an enemy, as a script gives them: LOOK (a string
 * index; out of range: none), HEALTH (small enemies; 0 or less: 1), SCORE,
 * HITBOX (clamped to [0, ENEMY_MAX_*], NaN as 0), DROPS (each 0 to 50).
 * Returns 1 when verb is one of them. */
int enemy_describe(enemy *e, vm_verb verb, const double *a);
/* A property as a script reads it at frame `now` (docs/vm.md): a ramped value
 * as libbulletml reads it (vm_ramp_read), the position, spin, accel, health,
 * and `aim`, toward the player at (player_x, player_y). Others read 0. */
double enemy_get(const enemy *e, vm_prop prop, int32_t now, double player_x, double player_y);
/* A script sets a property: heading, speed, vx, vy (ending its ramp), the
 * position (ending a move tween), spin, accel. Others are ignored. */
void enemy_set(enemy *e, vm_prop prop, double value);
/* A script ramps heading, speed, vx or vy (vm_ramp); others are ignored. */
void enemy_ramp(enemy *e, vm_prop prop, const vm_ramp *ramp);
/* Degrees from the enemy to (x, y): 0 up, clockwise. */
double enemy_aim(const enemy *e, double x, double y);
/* One frame of motion at frame `now` (see the top of this file). */
void enemy_move(enemy *e, int32_t now);
/* Inside the field rectangle. */
int enemy_inside(const enemy *e);
/* Has been inside and is now wholly outside: further out than its hit radius
 * (an enemy that stops just off the field is gone; it used to stay, and a stage
 * waiting for `enemies == 0` waited for it). With legacy, the rule of format-2
 * replays: more than ENEMY_CULL_MARGIN outside. */
int enemy_gone(const enemy *e, int legacy);

/* names: NULL hashes a look as its string index; a program hashes it as its text
 * (the layout-free hash of format-3 replays). */
void enemy_table_hash(const enemy_table *t, hasher *hs, const vm_program *names);
/* Lists the memory of the table's state for a snapshot: its two arrays,
 * whole; the struct is its owner's to list (game/snapshot.h). */
void enemy_table_blocks(enemy_table *t, memblock_list *l);

#endif
