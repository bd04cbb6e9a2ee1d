/*
 * objects: the one object layer under the pattern VM. Every script host (the
 * game's world_host, the ship's ship_host, the viewer's sandbox) holds its
 * objects in the same three stores, a bullet pool, a laser pool and an enemy
 * table, and goes through here to name them by a vm_obj and to read, set,
 * ramp, spawn, vanish and move them, so that a script does the same in the
 * viewer as in the game. A host keeps only its policy: the game's spawn guard,
 * scoring and verbs; the viewer's count of refused spawns; the ship's damage
 * and pierce.
 *
 * What a vm_obj's bits mean (the layout replays and handles depend on; never
 * change it):
 *
 *     0                        no object
 *     bit 31 clear             an enemy table's object: slot + 1 in bits 0..19,
 *                              11 bits of its generation above (pattern/objects/enemy.h)
 *     bit 31 set, bit 22 clear a pool bullet: slot in bits 0..22 (so the first
 *                              4M slots), the low 8 bits of its generation in
 *                              23..30 (pattern/objects/bullet_object.h)
 *     bit 31 set, bit 22 set,  a pool laser: slot in bits 0..20, the low 8 bits
 *     bit 21 clear             of its generation in 23..30 (pattern/objects/laser_object.h)
 *     bits 31, 22, 21 set      a player's shot as the enemies' side names it (a
 *                              query's `for s in shots near ...`): its slot in the
 *                              shot pool in bits 0..20, the low 8 bits of its
 *                              generation in 23..30 (pattern/objects/bullet_object.h)
 *
 * The functions take the stores, never a world or a sandbox (an `objects` is
 * a few pointers a host fills in for the call), so nothing here depends on a
 * host. The heading from one place to another (`aim`) is core/trig.h's
 * trig_aim, the one formula every store and host uses.
 */
#ifndef CURTAIN_PATTERN_OBJECTS_H
#define CURTAIN_PATTERN_OBJECTS_H

#include "pattern/objects/enemy.h"
#include "pattern/objects/object_query.h"
#include "pattern/vm/vm.h"
#include "sim/bullet_pool.h"
#include "sim/laser_pool.h"

#include <stdint.h>

/* The bits of a vm_obj (see the top of this file). */
#define OBJECTS_POOL_BIT     0x80000000u /* a pool's bullet or laser */
#define OBJECTS_LASER_BIT    0x00400000u /* with OBJECTS_POOL_BIT: a laser */
#define OBJECTS_BULLET_SLOTS 0x007fffffu /* a bullet's slot */
#define OBJECTS_LASER_SLOTS  0x001fffffu /* a laser's slot */
#define OBJECTS_SHOT_BIT     0x00200000u /* with both above: a player's shot */
#define OBJECTS_SHOT_SLOTS   0x001fffffu /* a player's shot's slot */
#define OBJECTS_GEN_SHIFT    23          /* a pool object's generation, its low 8 bits */
#define OBJECTS_GEN_MASK     0xffu

/* A boss enters at the top centre, above the field, and glides down to its
 * place in BOSS_ENTER frames (easing out); a beaten midboss flies off the top
 * in BOSS_LEAVE frames. Its hit radius (px). The game and the viewer alike. */
#define OBJECTS_BOSS_ENTER_Y      -40.0
#define OBJECTS_BOSS_HOME_Y       96.0
#define OBJECTS_BOSS_ENTER_FRAMES 60
#define OBJECTS_BOSS_LEAVE_FRAMES 50
#define OBJECTS_BOSS_HITBOX       24.0

/* The stores of one host, for one call: bullets and lasers always, enemies
 * NULL where there are none (the ship's side). vanished, when not NULL, is
 * where objects_vanish queues bullets and shots (capacity: the bullet pool's),
 * *vanished_count how many it holds. shots: the player's shots the enemies'
 * side may find and read (the game's world_host; NULL: none, the ship's side
 * and the viewer), shot_query the copy its queries look through. */
typedef struct objects {
    bullet_pool *bullets;
    laser_pool *lasers;
    enemy_table *enemies;
    vm_obj *vanished;
    uint32_t *vanished_count;
    object_query *query; /* the scripts' queries' copy of the bullets; NULL: none found */
    bullet_pool *shots;
    object_query *shot_query;
} objects;

/* What a vm_obj names. */
typedef enum objects_kind {
    OBJECTS_NONE,   /* nothing live of these stores */
    OBJECTS_BULLET, /* a pool bullet */
    OBJECTS_LASER,  /* a pool laser */
    OBJECTS_ENEMY,  /* an enemy table's object (stage, enemy, boss) */
    OBJECTS_SHOT    /* a player's shot (o->shots), read-only but for vanish */
} objects_kind;

/* A live object: its kind and its place in its store. */
typedef struct objects_ref {
    objects_kind kind;
    bullet_handle bullet; /* OBJECTS_BULLET, OBJECTS_SHOT (in o->shots) */
    laser_handle laser;   /* OBJECTS_LASER */
    uint32_t slot;        /* OBJECTS_ENEMY: the enemy table's slot */
} objects_ref;

/* The live object obj names in o's stores (kind OBJECTS_NONE when none). */
objects_ref objects_find(const objects *o, vm_obj obj);

/* A property of obj at frame now: a bullet's, a laser's, an enemy's or a
 * player's shot's (as a bullet's), `aim` from it to (aim_x, aim_y) (trig_aim).
 * 0 for no object and for a property its kind does not have. The world's own
 * properties (player, rank, enemies) are the host's. */
double objects_get(const objects *o, vm_obj obj, vm_prop prop, int32_t now, double aim_x,
                   double aim_y);
/* Sets a property of obj (one its kind does not have is ignored; a player's
 * shot takes none: its motion is the ship's). */
void objects_set(const objects *o, vm_obj obj, vm_prop prop, double value);
/* A VM ramp (heading, speed, vx, vy: prop < VM_RAMP_KINDS; others ignored) on
 * obj from frame now: a pool's tween, or the enemy's ramp. */
void objects_ramp(const objects *o, vm_obj obj, vm_prop prop, const vm_ramp *ramp, int64_t now);

/* The verbs an object takes itself (`b.look orb red`, `e.move_to ...`): a
 * bullet's (bullet_object_act: RESTYLE, HITBOX), an enemy's MOVE_TO (at frame
 * now) and those that describe it (enemy_describe: LOOK, HEALTH, SCORE,
 * HITBOX, DROPS). Returns 1 when obj took verb; the host's verbs (SPAWN, BOSS,
 * SAY...) are left to it. */
int objects_act(const objects *o, vm_obj obj, vm_verb verb, const double *args, int32_t now);

/* Where a shot's parent is: 1 and (x, y) set for a live bullet, laser,
 * player's shot or enemy (in that order of looking); 0 and (x, y) untouched
 * for anything else (the host's default place). */
int objects_parent_pos(const objects *o, vm_obj parent, double *x, double *y);

/* Spawns the VM shot `shot` fired by parent from (x, y) (its parent's place,
 * before the shot's offset): a laser when it asks for one (owned by parent),
 * else a bullet. Returns its vm_obj, or 0 when its pool refused it (counted
 * there; the host counts its own refusals). */
vm_obj objects_spawn(const objects *o, double x, double y, const vm_shot *shot, vm_obj parent);

/* A script's `vanish` on obj: a bullet or a player's shot is queued
 * (o->vanished) and goes after the frame's scripts (they may still read it; a
 * shot so gone hurts nothing), a laser fades out, harmless; a small enemy is
 * marked dying (removed by its host's next move). A boss or the stage does not
 * vanish. Returns what obj was; the host applies its own rule on top (none
 * today). */
objects_kind objects_vanish(const objects *o, vm_obj obj);
/* A script's query (`for b in bullets near X Y radius R`, and enemies, lasers,
 * shots): the live objects of kind touching the circle (x, y, r), at most cap
 * of them into out, in the order of their slots in their store. Bullets: those
 * of the frame's copy (object_query.h: not those fired this frame, where they
 * were when the frame's scripts began), through the grid; shots: the same,
 * from the copy of o->shots (none without one); lasers: every one with a part
 * within r (laser_collision_area); enemies: small enemies and bosses on the
 * field, not leaving, whose hitbox touches it. Returns how many. */
uint32_t objects_query(const objects *o, vm_query_kind kind, double x, double y, double r,
                       vm_obj *out, uint32_t cap);

/* Despawns the bullets and shots queued by objects_vanish
 * (BULLET_DESPAWN_VANISH) that are still live, and empties the queue: after
 * the frame's scripts. */
void objects_despawn_vanished(const objects *o);

/* An enemy's event: obj, a small enemy of o->enemies, dies (VM_EVENT_DEATH,
 * `killer` what killed it) or is hit (VM_EVENT_HIT): the `on death` or `on
 * hit` of its scripts (in v) start, where it is. Call a death before its
 * scripts stop. Anything else (the stage, a boss) has no such events. */
void objects_enemy_event(const objects *o, vm *v, vm_obj obj, vm_event_kind ev, vm_killer killer);

/* One frame of an enemy table object's motion (enemy_move), and whether it
 * goes now: one that vanished (dying) goes before it moves; one that left the
 * field goes after (enemy_gone, by format 2's margin with rules_v2), but never
 * the stage or `keep` (the boss of a running fight). Returns 1 when it goes:
 * the host removes it (its scripts stop). */
int objects_move_enemy(enemy *e, int32_t now, int keep, int rules_v2);

/* A host's removal of the enemy table's object in slot (objects_move_enemies). */
typedef void (*objects_gone_fn)(void *user, uint32_t slot);

/* One frame of every enemy table object's motion (objects_move_enemy), in the
 * order of their slots, the game's and the viewer's alike: each that goes
 * now has its `on death` started (VM_KILLER_TIME: it left or vanished, in v)
 * and is then removed by gone(user, slot). So the `on death` blocks of enemies
 * gone on one frame start in slot order in every host. keep: the slot that
 * stays (the fight's boss), ENEMY_NONE for none. */
void objects_move_enemies(const objects *o, vm *v, int32_t now, uint32_t keep, int rules_v2,
                          objects_gone_fn gone, void *user);

/* After the pools' update: stops the scripts (in v) of every bullet and laser
 * the pools removed, and empties their despawn logs. With events, a bullet's
 * or a laser's removal is its `on cancel` or `on vanish` first
 * (bullet_object_event, laser_object_event), at where it was. */
void objects_reap(const objects *o, vm *v, int events);

/* The lasers' update of a frame: each laser that follows its firer
 * (LASER_FLAG_FOLLOW, its owner an enemy of `enemies`) first moves with it
 * (its origin at its offset from the firer) and fades out once the firer is
 * gone; then the pool's update (laser_pool_update). */
void objects_move_lasers(laser_pool *lasers, const enemy_table *enemies);

/* The scripts' `enemies`: the small enemies that still have something to do,
 * a script running on them (in v) or a motion; one whose script is over and
 * that stands still (a wisp whose exit ended at the field's edge) keeps no
 * stage waiting. Format-2 replays' rule (rules_v2): every small enemy alive. */
uint32_t objects_enemies(const enemy_table *enemies, const vm *v, int rules_v2);

/* A boss object of lib->bosses[index] entering at frame now (the entrance
 * above): its slot, or ENEMY_NONE when the table is full (counted there). Its
 * scripts are the host's to start. */
uint32_t objects_boss_enter(enemy_table *enemies, int32_t index, int32_t now);
/* A beaten midboss flies off the top from frame now, no longer hit or scripted;
 * its host culls it once it is gone (enemy_gone). */
void objects_boss_leave(enemy *e, int32_t now);

#endif
