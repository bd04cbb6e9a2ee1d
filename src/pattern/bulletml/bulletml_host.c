/*
 * bulletml_host: the reference host's objects and its VM callbacks. An object's
 * VM handle is its slot + 1. Slots are reused only when culling (the benchmark);
 * the reference model never reuses one, so slot order is spawn order.
 */
#include "pattern/bulletml/bulletml_host.h"

#include "core/mem.h"
#include "core/rng.h"
#include "core/trig.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define BHOST_PLAYER_X      0.0 /* where the player sits unless place_player says */
#define BHOST_PLAYER_Y      200.0
#define BHOST_DEFAULT_SPEED 1.0
#define BHOST_BUDGET        (1u << 24) /* libbulletml has no limit at all */

typedef struct bhost_obj {
    double x, y, dir, spd, vx, vy;
    double mx, my; /* sin d * v and -cos d * v, kept while d and v stay */
    uint32_t id;   /* 0 for emitters */
    int32_t born;  /* frame it was spawned in; -1 for emitters */
    uint8_t alive; /* 0 once vanished or culled */
} bhost_obj;

struct bulletml_host {
    const bulletml_pattern *pattern;
    bulletml_host_options o;
    vm *vm;
    rng random;
    bhost_obj *objs;
    uint32_t cap, top; /* slots, and one past the highest slot used */
    uint32_t *free_slots, free_count;
    uint32_t *live, live_count; /* bullets alive after the last step */
    uint32_t *gone, gone_count; /* vanished this frame: runners to stop */
    int32_t frame;              /* the next frame to run */
    uint32_t next_id;
    bulletml_host_stats stats;
    char error[320];
};

/* ---- VM callbacks ---------------------------------------------------------------- */

static bhost_obj *bhost_obj_of(bulletml_host *h, vm_obj obj)
{
    return &h->objs[obj - 1];
}

static double bhost_get(void *user, vm_obj obj, vm_prop prop)
{
    bulletml_host *h = user;
    const bhost_obj *o = bhost_obj_of(h, obj);
    switch (prop) {
    case VM_PROP_HEADING: return o->dir;
    case VM_PROP_SPEED: return o->spd;
    case VM_PROP_VX: return o->vx;
    case VM_PROP_VY: return o->vy;
    case VM_PROP_POS_X: return o->x;
    case VM_PROP_POS_Y: return o->y;
    case VM_PROP_AIM:
        /* The same operations, in the same order, as the libbulletml hosts. */
        return trig_atan2(h->o.player_x - o->x, o->y - h->o.player_y) * 180.0 / TRIG_PI;
    case VM_PROP_PLAYER_X: return h->o.player_x;
    case VM_PROP_PLAYER_Y: return h->o.player_y;
    case VM_PROP_RANK: return h->o.rank;
    case VM_PROP_DEFAULT_SPEED: return BHOST_DEFAULT_SPEED;
    default: return 0.0;
    }
}

/* The heading motion per frame, computed when heading or speed change: the
 * same operations as computing it every frame, so the same bits. */
static void bhost_motion(bhost_obj *o)
{
    double s, c;
    trig_sincos(o->dir * TRIG_PI / 180.0, &s, &c);
    o->mx = s * o->spd;
    o->my = -c * o->spd;
}

static void bhost_set(void *user, vm_obj obj, vm_prop prop, double value)
{
    bhost_obj *o = bhost_obj_of(user, obj);
    switch (prop) {
    case VM_PROP_HEADING:
        o->dir = value;
        bhost_motion(o);
        break;
    case VM_PROP_SPEED:
        o->spd = value;
        bhost_motion(o);
        break;
    case VM_PROP_VX: o->vx = value; break;
    case VM_PROP_VY: o->vy = value; break;
    case VM_PROP_POS_X: o->x = value; break;
    case VM_PROP_POS_Y: o->y = value; break;
    default: break;
    }
}

static double bhost_random(void *user)
{
    bulletml_host *h = user;
    return h->o.use_rand_value ? h->o.rand_value : rng_double(&h->random);
}

/* Takes a free slot, or returns 0 when the array is full. */
static uint32_t bhost_alloc(bulletml_host *h)
{
    uint32_t slot;
    if (h->free_count > 0)
        slot = h->free_slots[--h->free_count];
    else if (h->top < h->cap)
        slot = h->top++;
    else
        return 0;
    return slot + 1;
}

static vm_obj bhost_spawn(void *user, vm_obj parent, const vm_shot *shot)
{
    bulletml_host *h = user;
    uint32_t handle = bhost_alloc(h);
    if (handle == 0) {
        h->stats.refused++;
        return 0;
    }
    const bhost_obj *p = bhost_obj_of(h, parent);
    bhost_obj *o = bhost_obj_of(h, handle);
    o->x = p->x + shot->dx;
    o->y = p->y + shot->dy;
    o->dir = shot->dir;
    o->spd = shot->speed;
    o->vx = shot->field[VM_SHOT_VX];
    o->vy = shot->field[VM_SHOT_VY];
    bhost_motion(o);
    o->id = h->next_id++;
    o->born = h->frame;
    o->alive = 1;
    h->stats.spawned++;
    return handle;
}

static void bhost_vanish(void *user, vm_obj obj)
{
    bulletml_host *h = user;
    bhost_obj *o = bhost_obj_of(h, obj);
    if (!o->alive)
        return;
    o->alive = 0;
    h->gone[h->gone_count++] = obj;
    h->stats.vanished++;
}

static void bhost_error(void *user, const vm_error *e)
{
    bulletml_host *h = user;
    if (h->stats.errors++ == 0)
        snprintf(h->error, sizeof h->error, "%s:%u:%u: %s", e->file, (unsigned)e->line,
                 (unsigned)e->col, e->message);
}

/* ---- life ---------------------------------------------------------------------------- */

/* Sets up the emitters, each running every entry point as a thread of its own. */
static void bhost_begin(bulletml_host *h)
{
    const bulletml_pattern *pattern = h->pattern;
    rng_seed(&h->random, h->o.seed);
    h->top = h->free_count = h->live_count = h->gone_count = 0;
    h->frame = 0;
    memset(&h->stats, 0, sizeof h->stats);
    h->error[0] = '\0';
    for (int c = 0; c < h->o.copies; c++) {
        uint32_t handle = bhost_alloc(h);
        bhost_obj *o = bhost_obj_of(h, handle);
        memset(o, 0, sizeof *o);
        o->born = -1;
        o->alive = 1;
        bhost_motion(o);
        for (int t = 0; t < pattern->top_count; t++)
            vm_start(h->vm, pattern->program, pattern->tops[t], handle, NULL, 0, 0);
    }
    h->next_id = 1;
}

void bulletml_host_restart(bulletml_host *h, const bulletml_pattern *pattern)
{
    vm_reset(h->vm);
    h->pattern = pattern;
    bhost_begin(h);
}

bulletml_host *bulletml_host_create(const bulletml_pattern *pattern,
                                    const bulletml_host_options *options)
{
    bulletml_host *h = mem_calloc(1, sizeof *h);
    if (!h)
        return NULL;
    h->pattern = pattern;
    h->o = *options;
    if (h->o.copies < 1)
        h->o.copies = 1;
    if (!h->o.place_player) {
        h->o.player_x = BHOST_PLAYER_X;
        h->o.player_y = BHOST_PLAYER_Y;
    }
    h->cap = h->o.capacity ? h->o.capacity : 1u << 16;
    if (h->cap < (uint32_t)h->o.copies)
        h->cap = (uint32_t)h->o.copies;
    h->objs = mem_calloc(h->cap, sizeof *h->objs);
    h->free_slots = mem_alloc(h->cap * sizeof *h->free_slots);
    h->live = mem_alloc(h->cap * sizeof *h->live);
    h->gone = mem_alloc(h->cap * sizeof *h->gone);
    vm_config cfg;
    vm_config_default(&cfg);
    cfg.capacity = h->o.runners ? h->o.runners : 1u << 14;
    if (cfg.capacity > VM_MAX_CAPACITY)
        cfg.capacity = VM_MAX_CAPACITY;
    cfg.stack_slots = h->o.stack_slots ? h->o.stack_slots : bulletml_pattern_stack_slots(pattern);
    cfg.budget = h->o.budget ? h->o.budget : BHOST_BUDGET;
    /* libbulletml has no limit; a frame stays bounded all the same (4 runners'
     * budgets, far above any document of the corpus) */
    cfg.frame_budget = cfg.budget > UINT32_MAX / 4 ? UINT32_MAX : cfg.budget * 4;
    cfg.frame_starts = UINT32_MAX;
    cfg.exact_ramps = 1;
    vm_host host = {h,           bhost_get,    bhost_set, NULL, bhost_random,
                    bhost_spawn, bhost_vanish, NULL,      NULL, bhost_error,
                    NULL,        NULL,         NULL,      NULL, NULL};
    if (h->objs && h->free_slots && h->live && h->gone)
        h->vm = vm_create(&cfg, &host);
    if (!h->vm) {
        bulletml_host_destroy(h);
        return NULL;
    }
    bhost_begin(h);
    return h;
}

void bulletml_host_destroy(bulletml_host *h)
{
    if (!h)
        return;
    vm_destroy(h->vm);
    mem_free(h->objs);
    mem_free(h->free_slots);
    mem_free(h->live);
    mem_free(h->gone);
    mem_free(h);
}

/* ---- one frame ------------------------------------------------------------------------- */

/* The reference motion: heading 0 is up, clockwise, y down. */
static void bhost_move(bhost_obj *o)
{
    o->x += o->mx + o->vx;
    o->y += o->my + o->vy;
}

static int bhost_outside(const bulletml_host *h, const bhost_obj *o)
{
    return !(fabs(o->x) <= h->o.cull && fabs(o->y) <= h->o.cull);
}

/* Frees a slot whose object is gone and whose runners are stopped (only when
 * culling: the reference model keeps slot order = spawn order). */
static void bhost_free(bulletml_host *h, uint32_t slot)
{
    if (h->o.cull > 0)
        h->free_slots[h->free_count++] = slot;
}

int32_t bulletml_host_step(bulletml_host *h)
{
    int32_t f = h->frame;
    vm_tick(h->vm, f);
    /* Everything that existed at the start of the frame and is still there moves. */
    for (uint32_t s = 0; s < h->top; s++) {
        bhost_obj *o = &h->objs[s];
        if (o->alive && o->born < f)
            bhost_move(o);
    }
    /* A vanished object's other threads ran this frame; from now on none does. */
    for (uint32_t k = 0; k < h->gone_count; k++) {
        vm_kill_obj(h->vm, h->gone[k]);
        bhost_free(h, h->gone[k] - 1);
    }
    h->gone_count = 0;
    h->live_count = 0;
    for (uint32_t s = 0; s < h->top; s++) {
        bhost_obj *o = &h->objs[s];
        if (!o->alive || o->id == 0)
            continue;
        if (h->o.cull > 0 && bhost_outside(h, o)) {
            o->alive = 0;
            vm_kill_obj(h->vm, s + 1);
            bhost_free(h, s);
            h->stats.culled++;
            continue;
        }
        h->live[h->live_count++] = s;
    }
    h->stats.bullet_frames += h->live_count;
    h->frame++;
    return f;
}

uint32_t bulletml_host_count(const bulletml_host *h)
{
    return h->live_count;
}

void bulletml_host_bullet(const bulletml_host *h, uint32_t i, uint32_t *id, double *x, double *y)
{
    const bhost_obj *o = &h->objs[h->live[i]];
    *id = o->id;
    *x = o->x;
    *y = o->y;
}

/* Copies an object's motion out. */
static void bhost_body(const bhost_obj *o, bulletml_host_body *out)
{
    out->x = o->x;
    out->y = o->y;
    out->dir = o->dir;
    out->spd = o->spd;
    out->vx = o->vx;
    out->vy = o->vy;
}

void bulletml_host_bullet_body(const bulletml_host *h, uint32_t i, bulletml_host_body *out)
{
    bhost_body(&h->objs[h->live[i]], out);
}

/* Emitters hold the first slots (bhost_begin); when culling, a bullet (id above
 * 0) may take the slot of one that vanished. */
int bulletml_host_emitter(const bulletml_host *h, int c, bulletml_host_body *out)
{
    if (c < 0 || c >= h->o.copies || !h->objs[c].alive || h->objs[c].id != 0)
        return 0;
    bhost_body(&h->objs[c], out);
    return 1;
}

bulletml_host_stats bulletml_host_get_stats(const bulletml_host *h)
{
    bulletml_host_stats s = h->stats;
    s.vm = vm_get_stats(h->vm);
    return s;
}

const char *bulletml_host_error(const bulletml_host *h)
{
    return h->error;
}
