/*
 * ship_host: the VM's callbacks on the player's side. See ship_host.h.
 */
#include "game/ship_host.h"
#include "game/world_host.h"

#include "core/mem.h"
#include "core/trig.h"
#include "pattern/objects/bullet_object.h"
#include "pattern/objects/laser_object.h"
#include "pattern/objects/objects.h"
#include "pattern/vm/handle.h"

#include <stdio.h>
#include <string.h>

/* The player's side's stores, for pattern/objects/objects.h: its shots and lasers. */
static objects sh_objects(world *w)
{
    /* no queries: a ship's `for b in bullets near ...` finds nothing */
    return (objects){
        &w->shots, &w->shot_lasers, NULL, w->ship_vanished, &w->ship_vanished_count, NULL, NULL,
        NULL};
}

/* The player's side aims at the enemy (or boss) nearest to (x, y) that shots can
 * hit now, the lowest slot on a tie; straight up (0) when there is none. */
static double sh_aim(const world *w, double x, double y)
{
    double best = -1.0, tx = 0.0, ty = 0.0;
    for (uint32_t i = 0; i < w->enemies.cap; i++) {
        const enemy *e = &w->enemies.slots[i];
        if ((e->kind != ENEMY_SMALL && e->kind != ENEMY_BOSS) || e->leaving || !enemy_inside(e))
            continue;
        double dx = e->x - x, dy = e->y - y, d2 = dx * dx + dy * dy;
        if (best < 0.0 || d2 < best) {
            best = d2;
            tx = e->x;
            ty = e->y;
        }
    }
    return best < 0.0 ? 0.0 : trig_aim(x, y, tx, ty);
}

static double sh_get(void *user, vm_obj obj, vm_prop prop)
{
    world *w = user;
    objects o = sh_objects(w);
    double x = w->player.x, y = w->player.y; /* the ship's, or its shot's */
    int shot = objects_parent_pos(&o, obj, &x, &y);
    switch (prop) {
    case VM_PROP_AIM: return sh_aim(w, x, y);
    case VM_PROP_PLAYER_X: return w->player.x;
    case VM_PROP_PLAYER_Y: return w->player.y;
    case VM_PROP_RANK: return world_rank(w);
    case VM_PROP_DEFAULT_SPEED: return 1.0;
    case VM_PROP_BOSS_ACTIVE: return w->boss.active;
    case VM_PROP_ENEMIES: /* the one rule (pattern/objects/objects.h), as the stage's scripts read
                             it */
        return objects_enemies(&w->enemies, w->vm, (w->config.flags & WORLD_FLAG_RULES_V2) != 0);
    case VM_PROP_TALKING: return w->dialogue.talking;
    case VM_PROP_SHIP: return w->config.ship;
    case VM_PROP_COLLECT: return w->collect_line;
    default: break;
    }
    double value;
    if (world_player_prop(w, prop, &value))
        return value;
    if (shot)
        return objects_get(&o, obj, prop, (int32_t)w->frame, w->player.x, w->player.y);
    if (prop == VM_PROP_POS_X || prop == VM_PROP_POS_Y)
        return prop == VM_PROP_POS_X ? x : y;
    return 0.0; /* the ship's heading: straight up */
}

static void sh_set(void *user, vm_obj obj, vm_prop prop, double value)
{
    world *w = user;
    objects o = sh_objects(w);
    objects_set(&o, obj, prop, value);
}

static void sh_ramp(void *user, vm_obj obj, vm_prop prop, const vm_ramp *ramp)
{
    world *w = user;
    objects o = sh_objects(w);
    objects_ramp(&o, obj, prop, ramp, (int64_t)w->frame);
}

static double sh_random(void *user)
{
    world *w = user;
    return rng_double(&w->rng);
}

/* A player's laser (docs/patterns.md, "Ships"): the damage and pierce last
 * named; one without a life lasts the ship's interval and a frame, so that a
 * volley fired again while the button is held keeps one beam on; one that
 * follows keeps its place from the ship. */
static vm_obj sh_spawn_laser(world *w, double px, double py, const vm_shot *shot)
{
    vm_shot s = *shot;
    if (s.field[VM_SHOT_LIFE] <= 0 && s.field[VM_SHOT_LASER] == VM_LASER_STRAIGHT)
        s.field[VM_SHOT_LIFE] = (int32_t)player_number(&w->player, LIBRARY_SHIP_INTERVAL) + 1;
    float ox = (float)(px + s.dx) - w->player.x, oy = (float)(py + s.dy) - w->player.y;
    laser_handle lh = laser_object_spawn_shot(&w->shot_lasers, px, py, &s, w->ship_laser_damage,
                                              w->ship_pierce, ox, oy);
    if (lh.gen == 0)
        return 0;
    w->shot_laser_reach[lh.index] = w->shot_lasers.length[lh.index];
    w->ship_fired++;
    return laser_object_of(lh);
}

/* A shot: where its parent is (the ship, another shot or a laser), the ship's
 * shot radius, the damage last named; or a laser (sh_spawn_laser). */
static vm_obj sh_spawn(void *user, vm_obj parent, const vm_shot *shot)
{
    world *w = user;
    objects o = sh_objects(w);
    double px = w->player.x, py = w->player.y;
    objects_parent_pos(&o, parent, &px, &py);
    if (shot->field[VM_SHOT_LASER])
        return sh_spawn_laser(w, px, py, shot);
    bullet_handle h = bullet_object_spawn_shot(&w->shots, px, py, shot,
                                               player_number(&w->player, LIBRARY_SHIP_SHOT_RADIUS),
                                               w->ship_damage, w->ship_pierce);
    if (h.gen == 0)
        return 0;
    w->ship_fired++;
    return bullet_object_of(h);
}

static void sh_vanish(void *user, vm_obj obj)
{
    world *w = user;
    objects o = sh_objects(w);
    objects_vanish(&o, obj); /* a shot goes after the tick, a laser fades */
}

static void sh_act(void *user, vm_obj obj, vm_verb verb, const double *a, int n)
{
    world *w = user;
    (void)obj;
    (void)n;
    if (verb == VM_VERB_DAMAGE) {
        w->ship_damage = !(a[0] > 0) ? 0u : a[0] > 1000.0 ? 1000u : (uint32_t)a[0];
        /* a laser's in 64ths: fractions of one a frame */
        double units = a[0] * WORLD_LASER_DAMAGE_UNIT + 0.5;
        w->ship_laser_damage = !(units >= 1.0) ? 0u
                               : units > 1000.0 * WORLD_LASER_DAMAGE_UNIT
                                   ? 1000u * WORLD_LASER_DAMAGE_UNIT
                                   : (uint32_t)units;
    } else if (verb == VM_VERB_PIERCE)
        w->ship_pierce = a[0] != 0.0;
    else if (verb == VM_VERB_SOUND)
        world_event_add(w, WORLD_EVENT_SOUND, w->player.x, w->player.y,
                        a[0] >= 0 && a[0] < 2147483648.0 ? (int32_t)a[0] : -1);
}

static void sh_ended(void *user, vm_obj obj, vm_runner_id runner, vm_end_reason why)
{
    (void)user, (void)obj, (void)runner, (void)why;
}

/* Handles on the ship's shots (`fire ... as b` in a ship's scripts). */
static vm_handle sh_lasting(void *user, vm_obj obj)
{
    const world *w = user;
    handle_objects o = {&w->shots, &w->shot_lasers, NULL, NULL};
    return handle_lasting(&o, obj);
}

static vm_obj sh_resolve(void *user, vm_handle h)
{
    const world *w = user;
    handle_objects o = {&w->shots, &w->shot_lasers, NULL, NULL};
    return handle_resolve(&o, h);
}

/* A presentation statement the ship's volley or bomb reached: an event at the
 * ship, for the front end (the bomb's spectacle); nothing of the run changes. */
static void sh_show(void *user, vm_obj obj, const vm_show *show)
{
    (void)obj;
    world *w = user;
    world_event_add(w, WORLD_EVENT_SHIP_SHOW, w->player.x, w->player.y,
                    (int32_t)(show - w->lib->prog->shows));
}

int ship_host_create(world *w)
{
    vm_config vc;
    vm_config_default(&vc);
    vc.capacity = SHIP_HOST_RUNNERS;
    vm_host host = {w,          sh_get,  sh_set,   sh_ramp,          sh_random,        sh_spawn,
                    sh_vanish,  sh_act,  sh_ended, world_host_error, world_host_print, sh_lasting,
                    sh_resolve, sh_show, NULL};
    w->ship_vm = vm_create(&vc, &host);
    w->ship_vanished = mem_calloc(w->shots.capacity + 1, sizeof *w->ship_vanished);
    return w->ship_vm && w->ship_vanished ? 0 : -1;
}

void ship_host_destroy(world *w)
{
    vm_destroy(w->ship_vm);
    mem_free(w->ship_vanished);
    w->ship_vm = NULL;
    w->ship_vanished = NULL;
}

void ship_host_start(world *w, uint32_t func)
{
    if (!w->lib || func == LIBRARY_NO_FUNC || func >= w->lib->prog->func_count)
        return;
    vm_start(w->ship_vm, w->lib->prog, func, SHIP_HOST_PLAYER, NULL, 0, (int32_t)w->frame);
}

int ship_host_tick(world *w)
{
    w->ship_fired = 0;
    w->ship_damage = 1;
    w->ship_laser_damage = WORLD_LASER_DAMAGE_UNIT;
    w->ship_pierce = 0;
    ship_host_reap(w); /* shots that hit last frame stop before they run */
    vm_tick(w->ship_vm, (int32_t)w->frame);
    objects o = sh_objects(w);
    objects_despawn_vanished(&o);
    ship_host_reap(w);
    return (int)w->ship_fired;
}

void ship_host_reap(world *w)
{
    objects o = sh_objects(w);
    objects_reap(&o, w->ship_vm, 0);
}
