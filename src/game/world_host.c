/*
 * world_host: the VM's callbacks on the world. See world_host.h and docs/vm.md.
 */
#include "game/world_host.h"

#include "core/trig.h"
#include "sim/playfield.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

vm_obj world_host_bullet_obj(bullet_handle h)
{
    return WORLD_HOST_BULLET_BIT | (h.gen & 0xffu) << 23 | h.index;
}

int world_host_bullet(const world *w, vm_obj obj, bullet_handle *out)
{
    uint32_t idx = obj & 0x7fffffu;
    if (!(obj & WORLD_HOST_BULLET_BIT) || idx >= w->bullets.capacity)
        return 0;
    bullet_handle h = bullet_pool_handle(&w->bullets, idx);
    if (h.gen == 0 || (h.gen & 0xffu) != (obj >> 23 & 0xffu))
        return 0;
    *out = h;
    return 1;
}

/* The enemy of a handle, or NULL. */
static enemy *wh_enemy(world *w, vm_obj obj)
{
    uint32_t slot = enemy_slot(&w->enemies, obj);
    return slot == ENEMY_NONE ? NULL : &w->enemies.slots[slot];
}

/* Degrees from (x, y) to the player, 0 up, clockwise. */
static double wh_aim(const world *w, double x, double y)
{
    return trig_atan2(w->player.x - x, -(w->player.y - y)) * TRIG_RAD2DEG;
}

/* A bullet's property: exact doubles for the motion channels. */
static double wh_bullet_get(const world *w, bullet_handle h, vm_prop prop)
{
    const bullet_pool *p = &w->bullets;
    switch (prop) {
    case VM_PROP_HEADING: return bullet_pool_get(p, h, BULLET_CHANNEL_HEADING);
    case VM_PROP_SPEED: return bullet_pool_get(p, h, BULLET_CHANNEL_SPEED);
    case VM_PROP_VX: return bullet_pool_get(p, h, BULLET_CHANNEL_EXTRA_X);
    case VM_PROP_VY: return bullet_pool_get(p, h, BULLET_CHANNEL_EXTRA_Y);
    case VM_PROP_POS_X: return p->x[h.index];
    case VM_PROP_POS_Y: return p->y[h.index];
    case VM_PROP_SPIN: return bullet_pool_get_rate(p, h, BULLET_CHANNEL_HEADING);
    case VM_PROP_ACCEL: return bullet_pool_get_rate(p, h, BULLET_CHANNEL_SPEED);
    case VM_PROP_AIM: return wh_aim(w, p->x[h.index], p->y[h.index]);
    default: return 0.0;
    }
}

/* An enemy's or the boss's property. */
static double wh_enemy_get(const world *w, const enemy *e, vm_prop prop)
{
    switch (prop) {
    case VM_PROP_HEADING: return e->heading;
    case VM_PROP_SPEED: return e->speed;
    case VM_PROP_VX: return e->vx;
    case VM_PROP_VY: return e->vy;
    case VM_PROP_POS_X: return e->x;
    case VM_PROP_POS_Y: return e->y;
    case VM_PROP_SPIN: return e->spin;
    case VM_PROP_ACCEL: return e->accel;
    case VM_PROP_HEALTH: return e->health;
    case VM_PROP_AIM: return wh_aim(w, e->x, e->y);
    default: return 0.0;
    }
}

static double wh_get(void *user, vm_obj obj, vm_prop prop)
{
    world *w = user;
    switch (prop) {
    case VM_PROP_PLAYER_X: return w->player.x;
    case VM_PROP_PLAYER_Y: return w->player.y;
    case VM_PROP_RANK: return world_rank(w);
    case VM_PROP_DEFAULT_SPEED: return 1.0;
    case VM_PROP_BOSS_ACTIVE: return w->boss.active;
    case VM_PROP_ENEMIES: return w->enemies.small;
    default: break;
    }
    bullet_handle bh;
    if (world_host_bullet(w, obj, &bh))
        return wh_bullet_get(w, bh, prop);
    const enemy *e = wh_enemy(w, obj);
    return e ? wh_enemy_get(w, e, prop) : 0.0;
}

/* Sets a bullet's property through the pool. */
static void wh_bullet_set(world *w, bullet_handle h, vm_prop prop, double value)
{
    bullet_pool *p = &w->bullets;
    switch (prop) {
    case VM_PROP_HEADING: bullet_pool_set(p, h, BULLET_CHANNEL_HEADING, value); break;
    case VM_PROP_SPEED: bullet_pool_set(p, h, BULLET_CHANNEL_SPEED, value); break;
    case VM_PROP_VX: bullet_pool_set(p, h, BULLET_CHANNEL_EXTRA_X, value); break;
    case VM_PROP_VY: bullet_pool_set(p, h, BULLET_CHANNEL_EXTRA_Y, value); break;
    case VM_PROP_SPIN: bullet_pool_set_rate(p, h, BULLET_CHANNEL_HEADING, value); break;
    case VM_PROP_ACCEL: bullet_pool_set_rate(p, h, BULLET_CHANNEL_SPEED, value); break;
    case VM_PROP_POS_X: bullet_pool_set_position(p, h, (float)value, p->y[h.index]); break;
    case VM_PROP_POS_Y: bullet_pool_set_position(p, h, p->x[h.index], (float)value); break;
    default: break;
    }
}

static void wh_set(void *user, vm_obj obj, vm_prop prop, double value)
{
    world *w = user;
    bullet_handle bh;
    if (world_host_bullet(w, obj, &bh)) {
        wh_bullet_set(w, bh, prop, value);
        return;
    }
    enemy *e = wh_enemy(w, obj);
    if (!e)
        return;
    if (prop < VM_RAMP_KINDS)
        e->ramp_on &= (uint8_t) ~(1u << prop); /* setting a value ends its ramp */
    switch (prop) {
    case VM_PROP_HEADING: e->heading = value; break;
    case VM_PROP_SPEED: e->speed = value; break;
    case VM_PROP_VX: e->vx = value; break;
    case VM_PROP_VY: e->vy = value; break;
    case VM_PROP_POS_X: e->x = value, e->moving = 0; break;
    case VM_PROP_POS_Y: e->y = value, e->moving = 0; break;
    case VM_PROP_SPIN: e->spin = value; break;
    case VM_PROP_ACCEL: e->accel = value; break;
    default: break;
    }
}

static void wh_ramp(void *user, vm_obj obj, vm_prop prop, const vm_ramp *ramp)
{
    world *w = user;
    if (prop >= VM_RAMP_KINDS)
        return;
    bullet_handle bh;
    if (world_host_bullet(w, obj, &bh)) {
        /* the pool's tween: from the value now to v1 over the frames left */
        static const bullet_channel channels[VM_RAMP_KINDS] = {
            BULLET_CHANNEL_HEADING, BULLET_CHANNEL_SPEED, BULLET_CHANNEL_EXTRA_X,
            BULLET_CHANNEL_EXTRA_Y};
        bullet_pool_tween(&w->bullets, bh, channels[prop], ramp->v1,
                          (int32_t)((int64_t)ramp->t1 - (int64_t)w->frame));
        return;
    }
    enemy *e = wh_enemy(w, obj);
    if (!e)
        return;
    e->ramp[prop] = *ramp;
    e->ramp_on |= (uint8_t)(1u << prop);
}

static double wh_random(void *user)
{
    world *w = user;
    return rng_double(&w->rng);
}

/* Where a shot's parent is: a bullet's or an enemy's position; the top centre
 * for anything else. */
static void wh_parent_pos(world *w, vm_obj parent, double *x, double *y)
{
    bullet_handle ph;
    const enemy *e = wh_enemy(w, parent);
    *x = PLAYFIELD_W / 2;
    *y = 96.0;
    if (world_host_bullet(w, parent, &ph)) {
        *x = w->bullets.x[ph.index];
        *y = w->bullets.y[ph.index];
    } else if (e) {
        *x = e->x;
        *y = e->y;
    }
}

static vm_obj wh_spawn(void *user, vm_obj parent, const vm_shot *shot)
{
    world *w = user;
    double px, py;
    wh_parent_pos(w, parent, &px, &py);
    float x = (float)(px + shot->dx), y = (float)(py + shot->dy);
    float gx = x - w->player.x, gy = y - w->player.y;
    if (gx * gx + gy * gy < WORLD_SPAWN_GUARD * WORLD_SPAWN_GUARD && player_flying(&w->player)) {
        w->stats.spawn_guarded++;
        return 0;
    }
    int shape = library_look_shape(shot->look), colour = library_look_colour(shot->look);
    bullet_spawn bs;
    memset(&bs, 0, sizeof bs);
    bs.x = x;
    bs.y = y;
    bs.heading = shot->dir;
    bs.speed = shot->speed;
    bs.extra_x = shot->vx;
    bs.extra_y = shot->vy;
    bs.lifetime = shot->life > 0 ? (uint32_t)shot->life : 0;
    bs.shape = shape >= 0 ? (bullet_shape)shape : BULLET_SHAPE_ORB;
    bs.color = colour >= 0 ? (bullet_color)colour : BULLET_COLOR_WHITE;
    bs.script = shot->runner;
    bullet_handle h = bullet_pool_spawn(&w->bullets, &bs);
    if (h.gen == 0)
        return 0;
    if (shot->spin != 0.0)
        bullet_pool_set_rate(&w->bullets, h, BULLET_CHANNEL_HEADING, shot->spin);
    if (shot->accel != 0.0)
        bullet_pool_set_rate(&w->bullets, h, BULLET_CHANNEL_SPEED, shot->accel);
    return world_host_bullet_obj(h);
}

static void wh_vanish(void *user, vm_obj obj)
{
    world *w = user;
    bullet_handle bh;
    if (world_host_bullet(w, obj, &bh)) {
        /* removed after the tick: its script may still read it this frame */
        if (w->vanished_count < w->bullets.capacity)
            w->vanished[w->vanished_count++] = obj;
        return;
    }
    enemy *e = wh_enemy(w, obj);
    if (e && e->kind == ENEMY_SMALL)
        e->dying = 1;
}

/* SPAWN: a new enemy running function a[0] with the arguments after x, y. */
static void wh_spawn_enemy(world *w, const double *a, int n)
{
    const vm_program *prog = vm_current_program(w->vm);
    double f = a[0];
    if (!prog || !(f >= 0) || f >= prog->func_count)
        return;
    uint32_t slot = enemy_alloc(&w->enemies, ENEMY_SMALL, a[1], a[2], (int32_t)w->frame);
    if (slot == ENEMY_NONE)
        return;
    w->enemies.slots[slot].scripted = 1;
    vm_start(w->vm, prog, (uint32_t)f, enemy_handle(&w->enemies, slot), a + 3, n - 3,
             (int32_t)w->frame);
}

/* TITLE: a title card of one or two lines. */
static void wh_title(world *w, const double *a)
{
    w->title[0] = (int32_t)a[0];
    w->title[1] = (int32_t)a[1];
    w->title_at = (int32_t)w->frame;
    world_event_add(w, WORLD_EVENT_TITLE, PLAYFIELD_W / 2, PLAYFIELD_H / 3, 0);
}

/* The verbs that describe an enemy (or the boss). */
static void wh_enemy_verb(world *w, enemy *e, vm_verb verb, const double *a)
{
    switch (verb) {
    case VM_VERB_MOVE_TO:
        enemy_move_to(e, a[0], a[1], vm_trunc(a[2]), (int)a[3], (int32_t)w->frame);
        break;
    case VM_VERB_LOOK: e->look = a[0] >= 0 ? (int32_t)a[0] : -1; break;
    case VM_VERB_HEALTH:
        if (e->kind == ENEMY_SMALL)
            e->health = a[0] > 0 ? a[0] : 1.0;
        break;
    case VM_VERB_SCORE: e->score = a[0] > 0 ? a[0] : 0.0; break;
    case VM_VERB_HITBOX: e->hitbox = a[0] > 0 ? a[0] : 0.0; break;
    case VM_VERB_DROPS:
        for (int k = 0; k < ENEMY_DROP_KINDS; k++)
            e->drops[k] = (uint8_t)(a[k] <= 0 ? 0 : a[k] >= 50 ? 50 : a[k]);
        break;
    default: break;
    }
}

static void wh_act(void *user, vm_obj obj, vm_verb verb, const double *a, int n)
{
    world *w = user;
    enemy *e = wh_enemy(w, obj);
    switch (verb) {
    case VM_VERB_SPAWN: wh_spawn_enemy(w, a, n); break;
    case VM_VERB_BOSS:
        if (w->lib && a[0] >= 0 && a[0] < w->lib->boss_count)
            boss_begin(w, (int32_t)a[0], a[1] != 0, 0, 0);
        break;
    case VM_VERB_PHASE:
        if (e && e->kind == ENEMY_BOSS)
            boss_on_phase(w, a);
        break;
    case VM_VERB_TITLE: wh_title(w, a); break;
    case VM_VERB_SOUND:
        world_event_add(w, WORLD_EVENT_SOUND, e ? (float)e->x : PLAYFIELD_W / 2,
                        e ? (float)e->y : 0, (int32_t)a[0]);
        break;
    case VM_VERB_MUSIC: world_event_add(w, WORLD_EVENT_MUSIC, 0, 0, (int32_t)a[0]); break;
    case VM_VERB_CLEAR: world_cancel_bullets(w, 1); break;
    default:
        if (e)
            wh_enemy_verb(w, e, verb, a);
        break;
    }
}

static void wh_ended(void *user, vm_obj obj, vm_runner_id runner, vm_end_reason why)
{
    world *w = user;
    (void)obj;
    (void)why;
    /* When the stage's script ends, however it ends, the stage is over. */
    if (runner == w->stage_runner && runner != 0)
        w->stage_done = 1;
}

static void wh_error(void *user, const vm_error *e)
{
    world *w = user;
    w->stats.errors++;
    snprintf(w->last_error, sizeof w->last_error, "%s:%u:%u: %s", e->file, (unsigned)e->line,
             (unsigned)e->col, e->message);
    world_event_add(w, WORLD_EVENT_SCRIPT_ERROR, 0, 0, 0);
}

int world_host_create(world *w)
{
    vm_config vc;
    vm_config_default(&vc);
    vc.capacity = WORLD_RUNNERS;
    vm_host host = {w,        wh_get,    wh_set, wh_ramp,  wh_random,
                    wh_spawn, wh_vanish, wh_act, wh_ended, wh_error};
    w->vm = vm_create(&vc, &host);
    return w->vm ? 0 : -1;
}
