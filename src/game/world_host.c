/*
 * world_host: the VM's callbacks on the world. See world_host.h and docs/vm.md.
 */
#include "game/world_host.h"

#include "core/log.h"
#include "pattern/objects/objects.h"
#include "pattern/vm/handle.h"
#include "sim/playfield.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* The enemy of a handle, or NULL. */
static enemy *wh_enemy(world *w, vm_obj obj)
{
    uint32_t slot = enemy_slot(&w->enemies, obj);
    return slot == ENEMY_NONE ? NULL : &w->enemies.slots[slot];
}

objects world_host_objects(world *w)
{
    return (objects){&w->bullets,        &w->lasers, &w->enemies, w->vanished,
                     &w->vanished_count, &w->query,  &w->shots,   &w->shot_query};
}

static objects wh_objects(world *w)
{
    return world_host_objects(w);
}

static double wh_get(void *user, vm_obj obj, vm_prop prop)
{
    world *w = user;
    switch (prop) {
    case VM_PROP_PLAYER_X: return w->player.x;
    case VM_PROP_PLAYER_Y: return w->player.y;
    case VM_PROP_RANK: return world_rank(w);
    case VM_PROP_DEFAULT_SPEED: return 1.0;
    case VM_PROP_BOSS_ACTIVE: return w->boss.active || w->scene_hold != 0; /* a scene after */
    case VM_PROP_ENEMIES:
        return objects_enemies(&w->enemies, w->vm, (w->config.flags & WORLD_FLAG_RULES_V2) != 0);
    case VM_PROP_TALKING: return w->dialogue.talking;
    case VM_PROP_SHIP: return w->config.ship;
    case VM_PROP_COLLECT: return w->collect_line;
    default: break;
    }
    double value;
    if (world_player_prop(w, prop, &value))
        return value;
    objects o = wh_objects(w);
    return objects_get(&o, obj, prop, (int32_t)w->frame, w->player.x, w->player.y);
}

static void wh_set(void *user, vm_obj obj, vm_prop prop, double value)
{
    world *w = user;
    objects o = wh_objects(w);
    objects_set(&o, obj, prop, value);
}

static void wh_ramp(void *user, vm_obj obj, vm_prop prop, const vm_ramp *ramp)
{
    world *w = user;
    objects o = wh_objects(w);
    objects_ramp(&o, obj, prop, ramp, (int64_t)w->frame);
}

static double wh_random(void *user)
{
    world *w = user;
    return rng_double(&w->rng);
}

/* A shot: from its parent (the top centre for none), unless nobody may fire
 * now (a dialogue line is up) or it would appear on the flying ship (the spawn
 * guard): those are refused and counted. */
static vm_obj wh_spawn(void *user, vm_obj parent, const vm_shot *shot)
{
    world *w = user;
    objects o = wh_objects(w);
    double px = PLAYFIELD_W / 2, py = 96.0;
    objects_parent_pos(&o, parent, &px, &py);
    if (shot->absolute) /* a script whose bullet is gone fires from where it was */
        px = py = 0.0;
    if (dialogue_active(&w->dialogue)) { /* nobody fires while a line is up */
        w->stats.spawn_guarded++;
        return 0;
    }
    float x = (float)(px + shot->dx), y = (float)(py + shot->dy);
    float gx = x - w->player.x, gy = y - w->player.y;
    if (gx * gx + gy * gy < WORLD_SPAWN_GUARD * WORLD_SPAWN_GUARD && player_flying(&w->player)) {
        w->stats.spawn_guarded++;
        return 0;
    }
    return objects_spawn(&o, px, py, shot, parent);
}

static void wh_vanish(void *user, vm_obj obj)
{
    world *w = user;
    objects o = wh_objects(w);
    objects_vanish(&o, obj);
}

/* A script's number as a size or a count: clamped to [0, max], NaN as 0. */
static double wh_clamp(double x, double max)
{
    return !(x > 0) ? 0.0 : x > max ? max : x;
}

/* A script's number as a frame count: truncated, clamped to
 * [0, WORLD_HOST_MAX_FRAMES], NaN as 0. */
static int32_t wh_frames(double x)
{
    return (int32_t)wh_clamp(x, WORLD_HOST_MAX_FRAMES);
}

/* A script's number as a string index (or any int32 operand); out of range -1. */
static int32_t wh_index(double x)
{
    return x >= 0 && x < 2147483648.0 ? (int32_t)x : -1;
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
    w->title[0] = wh_index(a[0]);
    w->title[1] = wh_index(a[1]);
    w->title_at = (int32_t)w->frame;
    world_event_add(w, WORLD_EVENT_TITLE, PLAYFIELD_W / 2, PLAYFIELD_H / 3, 0);
}

/* SAY: a dialogue line; the script then waits while it is up. Practice runs
 * (and a skip button held now) pass it at once. */
static void wh_say(world *w, const double *a, int n)
{
    int32_t own = w->ship ? w->ship->character : -1;
    int skip = world_config_practice(&w->config) || input_held(w->frame_in, INPUT_SKIP);
    uint32_t scenes = w->dialogue.scenes;
    dialogue_say(&w->dialogue, w->lib, vm_current_program(w->vm), own, a, n, (int32_t)w->frame,
                 skip);
    if (w->dialogue.scenes != scenes) /* a scene began: the seek bar marks it */
        world_event_add(w, WORLD_EVENT_DIALOGUE, PLAYFIELD_W / 2, PLAYFIELD_H,
                        (int32_t)w->dialogue.scenes);
}

/* PHASE with its numbers clamped: hit points, time, bonus, spell, title. */
static void wh_phase(world *w, const double *a)
{
    const double p[5] = {wh_clamp(a[0], WORLD_HOST_MAX_POINTS), (double)wh_frames(a[1]),
                         wh_clamp(a[2], WORLD_HOST_MAX_POINTS), a[3] != 0, (double)wh_index(a[4])};
    boss_on_phase(w, p);
}

/* DROP: a[1] items of kind a[0] (built-in, or declared by the content) at
 * (a[2], a[3]); a place off the numbers (NaN, infinite) drops nothing. */
static void wh_drop(world *w, const double *a)
{
    int kind = wh_index(a[0]);
    int kinds = ITEM_KIND_COUNT + (w->lib ? (int)w->lib->item_count : 0);
    if (kind < 0 || kind >= kinds || !isfinite(a[2]) || !isfinite(a[3]))
        return;
    world_script_drop(w, kind, (int)wh_clamp(a[1], WORLD_ITEMS), (float)a[2], (float)a[3]);
}

static void wh_act(void *user, vm_obj obj, vm_verb verb, const double *a, int n)
{
    world *w = user;
    objects o = wh_objects(w);
    if (objects_act(&o, obj, verb, a, (int32_t)w->frame)) /* the object's own verbs */
        return;
    const enemy *e = wh_enemy(w, obj);
    switch (verb) {
    case VM_VERB_SPAWN: wh_spawn_enemy(w, a, n); break;
    case VM_VERB_BOSS:
        if (w->lib && a[0] >= 0 && a[0] < w->lib->boss_count)
            boss_begin(w, (int32_t)a[0], a[1] != 0, 0, 0);
        break;
    case VM_VERB_PHASE:
        if (e && e->kind == ENEMY_BOSS)
            wh_phase(w, a);
        break;
    case VM_VERB_TITLE: wh_title(w, a); break;
    case VM_VERB_SAY: wh_say(w, a, n); break;
    case VM_VERB_SOUND:
        world_event_add(w, WORLD_EVENT_SOUND, e ? (float)e->x : PLAYFIELD_W / 2,
                        e ? (float)e->y : 0, wh_index(a[0]));
        break;
    case VM_VERB_MUSIC: world_event_add(w, WORLD_EVENT_MUSIC, 0, 0, wh_index(a[0])); break;
    case VM_VERB_CLEAR: world_cancel_bullets(w, 1); break;
    case VM_VERB_DROP: wh_drop(w, a); break;
    case VM_VERB_COLLECT_LINE: w->collect_line = (float)wh_clamp(a[0], PLAYFIELD_H); break;
    default: break;
    }
}

static void wh_ended(void *user, vm_obj obj, vm_runner_id runner, vm_end_reason why)
{
    world *w = user;
    (void)obj;
    /* When the stage's script ends, the stage is over; when an error stopped
     * it (a runaway), the run stops with that error, nothing paid. */
    if (runner == w->stage_runner && runner != 0) {
        if (why == VM_END_ERROR)
            world_stop(w, NULL, (vm_pos){0}, NULL);
        else
            w->stage_done = 1;
    }
}

void world_host_error(void *user, const vm_error *e)
{
    world *w = user;
    w->stats.errors++;
    snprintf(w->last_error, sizeof w->last_error, "%s:%u:%u: %s", e->file, (unsigned)e->line,
             (unsigned)e->col, e->message);
    world_event_add(w, WORLD_EVENT_SCRIPT_ERROR, 0, 0, 0);
}

void world_host_print(void *user, const vm_print *p)
{
    const world *w = user;
    if (w->print_scripts)
        log_info("%s:%u:%u: frame %d: %s", p->file, (unsigned)p->line, (unsigned)p->col,
                 (int)p->frame, p->text);
}

/* Handles (`fire ... as b`): pattern/vm/handle.h's, over the world's objects. */
static vm_handle wh_lasting(void *user, vm_obj obj)
{
    const world *w = user;
    handle_objects o = {&w->bullets, &w->lasers, &w->enemies, &w->shots};
    return handle_lasting(&o, obj);
}

static vm_obj wh_resolve(void *user, vm_handle h)
{
    const world *w = user;
    handle_objects o = {&w->bullets, &w->lasers, &w->enemies, &w->shots};
    return handle_resolve(&o, h);
}

/* A presentation statement (vm_show) an enemy, boss or stage reached: an event
 * at its object, for the front end; nothing of the run changes. */
static void wh_show(void *user, vm_obj obj, const vm_show *show)
{
    world *w = user;
    const enemy *e = wh_enemy(w, obj);
    world_event_add(w, WORLD_EVENT_SHOW, e ? (float)e->x : PLAYFIELD_W / 2,
                    e ? (float)e->y : PLAYFIELD_H / 3, (int32_t)(show - w->lib->prog->shows));
}

/* `for b in bullets near X Y radius R`: the object layer's query. */
static uint32_t wh_query(void *user, vm_query_kind kind, double x, double y, double r, vm_obj *out,
                         uint32_t cap)
{
    objects o = wh_objects(user);
    return objects_query(&o, kind, x, y, r, out, cap);
}

int world_host_create(world *w)
{
    vm_config vc;
    vm_config_default(&vc);
    vc.capacity = WORLD_RUNNERS;
    vm_host host = {w,          wh_get,  wh_set,   wh_ramp,          wh_random,        wh_spawn,
                    wh_vanish,  wh_act,  wh_ended, world_host_error, world_host_print, wh_lasting,
                    wh_resolve, wh_show, wh_query};
    w->vm = vm_create(&vc, &host);
    return w->vm ? 0 : -1;
}
