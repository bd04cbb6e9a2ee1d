/*
 * test_host: a small VM host for tests, in double precision.
 *
 * Objects live in a fixed array (handle = index + 1). Each th_step is one frame:
 * vm_tick, then every object that existed before the frame applies its host
 * ramps (when the VM runs in host-ramp mode) and moves by
 * (sin h * v + vx, -cos h * v + vy); objects spawned during the frame move from
 * the next one (the reference host's rule). Every callback is logged as an event
 * so tests can check what the VM asked for, and when.
 */
#ifndef CURTAIN_TESTS_TEST_HOST_H
#define CURTAIN_TESTS_TEST_HOST_H

#include "core/rng.h"
#include "core/trig.h"
#include "pattern/vm/vm.h"

#include <string.h>

#define TH_MAX_OBJS   4096
#define TH_MAX_EVENTS 8192

typedef struct th_obj {
    double x, y, heading, speed, vx, vy, spin, accel;
    int32_t born, life;
    uint32_t look;
    int alive;
    vm_runner_id runner;
    vm_ramp ramp[VM_RAMP_KINDS];
    unsigned ramp_on;
} th_obj;

typedef enum th_kind {
    TH_SPAWN,
    TH_SET,
    TH_RAMP,
    TH_VANISH,
    TH_ACT,
    TH_ENDED,
    TH_ERROR,
} th_kind;

typedef struct th_event {
    int32_t frame;
    th_kind kind;
    vm_obj obj;    /* the object concerned (the new one for TH_SPAWN) */
    int what;      /* prop, verb, end reason */
    double value;  /* set value; spawn direction; ramp v1 */
    double value2; /* spawn speed; ramp t1 */
} th_event;

typedef struct test_host {
    vm *v;
    th_obj objs[TH_MAX_OBJS];
    int nobjs;
    double player_x, player_y, rank, default_speed;
    int rand_const; /* 1: random() returns rand_value */
    double rand_value;
    rng r;
    int32_t frame; /* the frame being (or last) ticked */
    th_event events[TH_MAX_EVENTS];
    int nevents;
    int errors;
    char last_error[512];
    int refuse_spawns; /* 1: spawn returns 0 */
} test_host;

static void th_event_add(test_host *h, th_kind kind, vm_obj obj, int what, double value,
                         double value2)
{
    if (h->nevents < TH_MAX_EVENTS)
        h->events[h->nevents++] = (th_event){h->frame, kind, obj, what, value, value2};
}

static th_obj *th_get_obj(test_host *h, vm_obj obj)
{
    return obj >= 1 && (int)obj <= h->nobjs ? &h->objs[obj - 1] : NULL;
}

static double th_cb_get(void *user, vm_obj obj, vm_prop prop)
{
    test_host *h = user;
    th_obj *o = th_get_obj(h, obj);
    switch (prop) {
    case VM_PROP_RANK: return h->rank;
    case VM_PROP_DEFAULT_SPEED: return h->default_speed;
    case VM_PROP_PLAYER_X: return h->player_x;
    case VM_PROP_PLAYER_Y: return h->player_y;
    default: break;
    }
    if (!o)
        return 0.0;
    switch (prop) {
    case VM_PROP_HEADING: return o->heading;
    case VM_PROP_SPEED: return o->speed;
    case VM_PROP_VX: return o->vx;
    case VM_PROP_VY: return o->vy;
    case VM_PROP_POS_X: return o->x;
    case VM_PROP_POS_Y: return o->y;
    case VM_PROP_SPIN: return o->spin;
    case VM_PROP_ACCEL: return o->accel;
    case VM_PROP_AIM: return trig_atan2(h->player_x - o->x, -(h->player_y - o->y)) * TRIG_RAD2DEG;
    default: return 0.0;
    }
}

static void th_cb_set(void *user, vm_obj obj, vm_prop prop, double value)
{
    test_host *h = user;
    th_obj *o = th_get_obj(h, obj);
    th_event_add(h, TH_SET, obj, (int)prop, value, 0);
    if (!o)
        return;
    switch (prop) {
    case VM_PROP_HEADING: o->heading = value; break;
    case VM_PROP_SPEED: o->speed = value; break;
    case VM_PROP_VX: o->vx = value; break;
    case VM_PROP_VY: o->vy = value; break;
    case VM_PROP_POS_X: o->x = value; break;
    case VM_PROP_POS_Y: o->y = value; break;
    case VM_PROP_SPIN: o->spin = value; break;
    case VM_PROP_ACCEL: o->accel = value; break;
    default: break;
    }
}

static void th_cb_ramp(void *user, vm_obj obj, vm_prop prop, const vm_ramp *ramp)
{
    test_host *h = user;
    th_obj *o = th_get_obj(h, obj);
    th_event_add(h, TH_RAMP, obj, (int)prop, ramp->v1, ramp->t1);
    if (!o || prop >= VM_RAMP_KINDS)
        return;
    o->ramp[prop] = *ramp;
    o->ramp_on |= 1u << prop;
}

static double th_cb_random(void *user)
{
    test_host *h = user;
    return h->rand_const ? h->rand_value : rng_double(&h->r);
}

static vm_obj th_cb_spawn(void *user, vm_obj parent, const vm_shot *shot)
{
    test_host *h = user;
    th_obj *p = th_get_obj(h, parent);
    if (h->refuse_spawns || h->nobjs >= TH_MAX_OBJS)
        return 0;
    th_obj *o = &h->objs[h->nobjs++];
    memset(o, 0, sizeof *o);
    o->x = (p ? p->x : 0.0) + shot->dx;
    o->y = (p ? p->y : 0.0) + shot->dy;
    o->heading = shot->dir;
    o->speed = shot->speed;
    o->spin = shot->field[VM_SHOT_SPIN];
    o->accel = shot->field[VM_SHOT_ACCEL];
    o->vx = shot->field[VM_SHOT_VX];
    o->vy = shot->field[VM_SHOT_VY];
    o->life = shot->field[VM_SHOT_LIFE];
    o->look = shot->look;
    o->born = h->frame;
    o->alive = 1;
    o->runner = shot->runner;
    vm_obj id = (vm_obj)h->nobjs;
    th_event_add(h, TH_SPAWN, id, (int)parent, shot->dir, shot->speed);
    return id;
}

static void th_cb_vanish(void *user, vm_obj obj)
{
    test_host *h = user;
    th_obj *o = th_get_obj(h, obj);
    th_event_add(h, TH_VANISH, obj, 0, 0, 0);
    if (o)
        o->alive = 0;
}

static void th_cb_act(void *user, vm_obj obj, vm_verb verb, const double *args, int nargs)
{
    test_host *h = user;
    th_event_add(h, TH_ACT, obj, (int)verb, nargs > 0 ? args[0] : 0, nargs > 1 ? args[1] : 0);
}

static void th_cb_ended(void *user, vm_obj obj, vm_runner_id runner, vm_end_reason why)
{
    test_host *h = user;
    (void)runner;
    th_event_add(h, TH_ENDED, obj, (int)why, 0, 0);
}

static void th_cb_error(void *user, const vm_error *e)
{
    test_host *h = user;
    h->errors++;
    snprintf(h->last_error, sizeof h->last_error, "%s:%u:%u: %s", e->file, (unsigned)e->line,
             (unsigned)e->col, e->message);
    th_event_add(h, TH_ERROR, e->obj, 0, 0, 0);
}

/* Sets up the host and its VM (exact: BulletML-style ramps inside the VM). The
 * emitter, object 1, sits at (0, 0); the player at (0, 200), straight below. */
static int th_init(test_host *h, int exact, uint32_t capacity)
{
    memset(h, 0, sizeof *h);
    h->player_x = 0;
    h->player_y = 200;
    h->default_speed = 1;
    h->frame = -1;
    rng_seed(&h->r, 1);
    vm_config cfg;
    vm_config_default(&cfg);
    cfg.exact_ramps = exact;
    if (capacity)
        cfg.capacity = capacity;
    vm_host host = {h,           th_cb_get,    th_cb_set, th_cb_ramp,  th_cb_random,
                    th_cb_spawn, th_cb_vanish, th_cb_act, th_cb_ended, th_cb_error,
                    NULL,        NULL,         NULL,      NULL,        NULL};
    h->v = vm_create(&cfg, &host);
    h->nobjs = 1;
    h->objs[0].alive = 1;
    return h->v ? 0 : -1;
}

static void th_free(test_host *h)
{
    vm_destroy(h->v);
    h->v = NULL;
}

/* One frame: scripts, then host ramps and motion of the objects born before it. */
static void th_step(test_host *h)
{
    h->frame++;
    vm_tick(h->v, h->frame);
    for (int i = 0; i < h->nobjs; i++) {
        th_obj *o = &h->objs[i];
        if (!o->alive || o->born >= h->frame)
            continue;
        for (int k = 0; k < VM_RAMP_KINDS; k++) {
            if (!(o->ramp_on & (1u << k)) || h->frame <= o->ramp[k].t0)
                continue;
            double value = vm_ramp_value(&o->ramp[k], h->frame);
            if (h->frame >= o->ramp[k].t1)
                o->ramp_on &= ~(1u << k);
            double *field[VM_RAMP_KINDS] = {&o->heading, &o->speed, &o->vx, &o->vy};
            *field[k] = value;
        }
        o->heading += o->spin;
        o->speed += o->accel;
        double s, c;
        trig_sincos(o->heading * TRIG_DEG2RAD, &s, &c);
        o->x += s * o->speed + o->vx;
        o->y += -c * o->speed + o->vy;
    }
}

static void th_run(test_host *h, int frames)
{
    for (int i = 0; i < frames; i++)
        th_step(h);
}

/* Counts events of a kind (obj 0 = any object, frame -2 = any frame). */
static int th_count(const test_host *h, th_kind kind, vm_obj obj, int32_t frame)
{
    int n = 0;
    for (int i = 0; i < h->nevents; i++) {
        const th_event *e = &h->events[i];
        if (e->kind == kind && (obj == 0 || e->obj == obj) && (frame == -2 || e->frame == frame))
            n++;
    }
    return n;
}

/* The n-th event of a kind (0-based), or NULL. */
static const th_event *th_nth(const test_host *h, th_kind kind, int n)
{
    for (int i = 0; i < h->nevents; i++)
        if (h->events[i].kind == kind && n-- == 0)
            return &h->events[i];
    return NULL;
}

#endif
