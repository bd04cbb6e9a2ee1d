/*
 * ship_host: the VM's callbacks on the player's side. See ship_host.h.
 */
#include "game/ship_host.h"
#include "game/world_host.h"

#include "core/mem.h"
#include "core/trig.h"
#include "pattern/bullet_object.h"
#include "pattern/handle.h"
#include "pattern/laser_object.h"

#include <stdio.h>
#include <string.h>

/* The shot of a handle in the player's pool. */
static int sh_shot(world *w, vm_obj obj, bullet_handle *h)
{
    return bullet_object_find(&w->shots, obj, h);
}

/* The laser of a handle in the player's lasers. */
static int sh_laser(world *w, vm_obj obj, laser_handle *h)
{
    return laser_object_find(&w->shot_lasers, obj, h);
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
            tx = dx;
            ty = dy;
        }
    }
    return best < 0.0 ? 0.0 : trig_atan2(tx, -ty) * TRIG_RAD2DEG;
}

static double sh_get(void *user, vm_obj obj, vm_prop prop)
{
    world *w = user;
    bullet_handle h;
    laser_handle lh;
    if (prop == VM_PROP_AIM) {
        if (sh_shot(w, obj, &h))
            return sh_aim(w, w->shots.x[h.index], w->shots.y[h.index]);
        if (sh_laser(w, obj, &lh))
            return sh_aim(w, w->shot_lasers.x[lh.index], w->shot_lasers.y[lh.index]);
        return sh_aim(w, w->player.x, w->player.y);
    }
    switch (prop) {
    case VM_PROP_PLAYER_X: return w->player.x;
    case VM_PROP_PLAYER_Y: return w->player.y;
    case VM_PROP_RANK: return world_rank(w);
    case VM_PROP_DEFAULT_SPEED: return 1.0;
    case VM_PROP_BOSS_ACTIVE: return w->boss.active;
    case VM_PROP_ENEMIES: return w->enemies.small;
    case VM_PROP_TALKING: return w->dialogue.talking;
    case VM_PROP_SHIP: return w->config.ship;
    default: break;
    }
    if (sh_shot(w, obj, &h))
        return bullet_object_get(&w->shots, h, prop, w->player.x, w->player.y);
    if (sh_laser(w, obj, &lh))
        return laser_object_get(&w->shot_lasers, lh, prop, w->player.x, w->player.y);
    if (prop == VM_PROP_POS_X)
        return w->player.x;
    if (prop == VM_PROP_POS_Y)
        return w->player.y;
    return 0.0; /* the ship's heading: straight up */
}

static void sh_set(void *user, vm_obj obj, vm_prop prop, double value)
{
    world *w = user;
    bullet_handle h;
    laser_handle lh;
    if (sh_shot(w, obj, &h))
        bullet_object_set(&w->shots, h, prop, value);
    else if (sh_laser(w, obj, &lh))
        laser_object_set(&w->shot_lasers, lh, prop, value);
}

static void sh_ramp(void *user, vm_obj obj, vm_prop prop, const vm_ramp *ramp)
{
    world *w = user;
    bullet_handle h;
    laser_handle lh;
    if (prop < VM_RAMP_KINDS && sh_shot(w, obj, &h))
        bullet_object_ramp(&w->shots, h, prop, ramp, (int64_t)w->frame);
    else if (sh_laser(w, obj, &lh))
        laser_object_ramp(&w->shot_lasers, lh, prop, ramp, (int64_t)w->frame);
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
    bullet_handle ph;
    laser_handle lh;
    double px = w->player.x, py = w->player.y;
    if (sh_shot(w, parent, &ph)) {
        px = w->shots.x[ph.index];
        py = w->shots.y[ph.index];
    } else if (sh_laser(w, parent, &lh)) {
        px = w->shot_lasers.x[lh.index];
        py = w->shot_lasers.y[lh.index];
    }
    if (shot->field[VM_SHOT_LASER])
        return sh_spawn_laser(w, px, py, shot);
    int shape = library_look_shape(shot->look), colour = library_look_colour(shot->look);
    bullet_spawn bs;
    memset(&bs, 0, sizeof bs);
    bs.x = (float)(px + shot->dx);
    bs.y = (float)(py + shot->dy);
    bs.heading = shot->dir;
    bs.speed = shot->speed;
    bs.extra_x = shot->field[VM_SHOT_VX];
    bs.extra_y = shot->field[VM_SHOT_VY];
    bs.lifetime = shot->field[VM_SHOT_LIFE] > 0 ? (uint32_t)shot->field[VM_SHOT_LIFE] : 0;
    bs.shape = shape >= 0 ? (bullet_shape)shape : BULLET_SHAPE_RICE;
    bs.color = colour >= 0 ? (bullet_color)colour : BULLET_COLOR_RED;
    bs.radius = player_number(&w->player, LIBRARY_SHIP_SHOT_RADIUS);
    bs.owner = w->ship_damage;
    bs.flags = w->ship_pierce ? BULLET_FLAG_PIERCE : 0;
    bs.script = shot->runner;
    bullet_handle h = bullet_pool_spawn(&w->shots, &bs);
    if (h.gen == 0)
        return 0;
    if (shot->field[VM_SHOT_SPIN] != 0.0)
        bullet_pool_set_rate(&w->shots, h, BULLET_CHANNEL_HEADING, shot->field[VM_SHOT_SPIN]);
    if (shot->field[VM_SHOT_ACCEL] != 0.0)
        bullet_pool_set_rate(&w->shots, h, BULLET_CHANNEL_SPEED, shot->field[VM_SHOT_ACCEL]);
    w->ship_fired++;
    return bullet_object_of(h);
}

static void sh_vanish(void *user, vm_obj obj)
{
    world *w = user;
    bullet_handle h;
    laser_handle lh;
    /* removed after the tick: its script may still read it this frame */
    if (sh_shot(w, obj, &h) && w->ship_vanished_count < w->shots.capacity)
        w->ship_vanished[w->ship_vanished_count++] = obj;
    else if (sh_laser(w, obj, &lh))
        laser_pool_fade(&w->shot_lasers, lh); /* a vanished laser fades out, harmless */
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
    handle_objects o = {&w->shots, &w->shot_lasers, NULL};
    return handle_lasting(&o, obj);
}

static vm_obj sh_resolve(void *user, vm_handle h)
{
    const world *w = user;
    handle_objects o = {&w->shots, &w->shot_lasers, NULL};
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
    vm_host host = {w,          sh_get, sh_set,   sh_ramp,          sh_random,        sh_spawn,
                    sh_vanish,  sh_act, sh_ended, world_host_error, world_host_print, sh_lasting,
                    sh_resolve, sh_show};
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
    for (uint32_t i = 0; i < w->ship_vanished_count; i++) {
        bullet_handle h;
        if (sh_shot(w, w->ship_vanished[i], &h))
            bullet_pool_despawn(&w->shots, h, BULLET_DESPAWN_VANISH);
    }
    w->ship_vanished_count = 0;
    ship_host_reap(w);
    return (int)w->ship_fired;
}

void ship_host_reap(world *w)
{
    uint32_t n;
    const bullet_despawn *log = bullet_pool_despawned(&w->shots, &n);
    for (uint32_t i = 0; i < n; i++)
        vm_kill_obj(w->ship_vm, bullet_object_of(log[i].handle));
    bullet_pool_clear_despawned(&w->shots);
    const laser_despawn *llog = laser_pool_despawned(&w->shot_lasers, &n);
    for (uint32_t i = 0; i < n; i++)
        vm_kill_obj(w->ship_vm, laser_object_of(llog[i].handle));
    laser_pool_clear_despawned(&w->shot_lasers);
}
