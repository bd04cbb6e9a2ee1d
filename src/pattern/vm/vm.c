/*
 * vm: the pattern virtual machine. See vm.h for the model and docs/vm.md for the
 * BulletML mapping.
 *
 * Layout: runner headers in one array (what the scheduler touches), value stacks
 * and call frames in two more (touched only while a runner executes), the exact
 * ramps (BulletML reference mode) in a fourth, allocated only in that mode.
 * Sleeping runners hang in a timer wheel of VM_WHEEL doubly linked lists, one per
 * frame modulo VM_WHEEL; a wait longer than the wheel just stays in its slot and
 * is skipped until its frame comes round. A map from host object to its runners
 * serves vm_kill_obj.
 */
#include "pattern/vm/vm.h"

#include "core/ease.h"
#include "core/log.h"
#include "core/mem.h"
#include "core/powers.h"
#include "core/trig.h"
#include "sim/laser_pool.h"

#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define VM_WHEEL_BITS 9
#define VM_WHEEL      (1u << VM_WHEEL_BITS)
#define VM_WHEEL_MASK (VM_WHEEL - 1)
#define VM_NIL        UINT32_MAX
#define VM_INDEX_BITS 20
#define VM_INDEX_MASK ((1u << VM_INDEX_BITS) - 1)
#define VM_GEN_MASK   0xfffu

/* Runner states. */
enum {
    RS_FREE,
    RS_RESERVED, /* taken for a bullet the host is being asked to spawn */
    RS_SLEEP,    /* in the wheel */
    RS_DUE,      /* in this tick's due list */
    RS_RUN,      /* executing */
};

/* Runner flags. */
enum {
    RF_STARTED = 1,  /* has run once: sched and born are set */
    RF_PREV_DIR = 2, /* prev_dir holds a value */
    RF_PREV_SPD = 4,
    RF_VANISHED = 8, /* called vanish: stop at the next sleep */
    RF_ENDING = 16,  /* script done; ends once its wait and ramps are over */
    RF_WAITED = 32,  /* asleep in a WAIT (for YIELD 1, BulletML's next root) */
    RF_TOLD = 64,    /* check_shots reported a non-finite shot of this runner */
    RF_HELD = 128,   /* started on a handle's object (`b.thread`): stops once it is gone */
    RF_GHOST = 256,  /* a hook's copy whose object is gone: it stands at ghost_x, ghost_y */
};

typedef struct vm_runner {
    const vm_program *prog;
    uint32_t pc;
    int32_t sched; /* BulletML's schedule clock */
    int32_t wake;  /* frame it is due (while asleep) */
    int32_t born;  /* frame it first ran */
    uint64_t serial;
    vm_obj obj;
    uint16_t gen;
    uint8_t state;
    uint16_t flags;
    uint16_t sp, fp; /* slot indices into its stack */
    uint8_t depth;
    uint32_t wnext, wprev;           /* wheel list */
    uint32_t onext, oprev;           /* runners of the same object */
    int32_t ramp_end[VM_RAMP_KINDS]; /* t1 of the latest ramp of each kind */
    double prev_dir, prev_spd;
    /* The direction and speed of its last shot, once it fired: BulletML's thread
     * keeps them, and a <bullet> run as a command fires with them (SHOT_AGAIN). Not
     * in vm_hash: it follows from the code run, and pattern files never read it. */
    double shot_dir, shot_spd;
    uint8_t shot_kept;
    vm_handle held;                /* RF_HELD: the handle of its object, checked before each run */
    uint32_t hook[VM_EVENT_COUNT]; /* HOOK: the code a copy runs on each event, pc + 1; 0 none */
    double ghost_x, ghost_y;       /* RF_GHOST */
    uint8_t killer;                /* an `on death` copy (and its threads): vm_killer */
    uint16_t arr; /* the area block of the call running now: its first chunk + 1; 0 none */
} vm_runner;

typedef struct vm_call_frame {
    uint32_t pc; /* return address */
    uint16_t fp;
    uint16_t arr; /* the caller's area block (vm_runner.arr) */
} vm_call_frame;

typedef struct vm_exact {
    vm_ramp r[VM_RAMP_KINDS];
    uint8_t active; /* bit k: ramp k running */
} vm_exact;

typedef struct vm_due {
    uint64_t serial;
    uint32_t idx;
} vm_due;

/* The shot registers: scratch between SHOT_BEGIN and FIRE, which never sleep in
 * between, so one set serves every runner. */
typedef struct vm_shot_regs {
    double dir, spd;
    int dir_set, spd_set;
    double field[VM_SHOT_FIELD_COUNT];
    uint32_t look;
    vm_form form;
} vm_shot_regs;

struct vm {
    vm_config cfg;
    vm_host host;
    vm_runner *runners;
    double *stacks;
    vm_call_frame *frames;
    vm_exact *exact; /* NULL unless cfg.exact_ramps */
    uint32_t *free_list;
    uint32_t free_count;
    uint32_t wheel_head[VM_WHEEL], wheel_tail[VM_WHEEL];
    vm_due *due, *due_tmp;
    uint32_t due_count, due_cap;
    vm_obj *map_keys; /* object -> first runner; open addressing, key 0 = empty */
    uint32_t *map_heads;
    uint32_t map_mask;
    int32_t now;
    int ticking;
    uint32_t current;      /* executing runner, or VM_NIL */
    int abort;             /* the executing runner was killed by a callback */
    uint32_t frame_left;   /* instructions all runners may still run this frame */
    uint32_t exec_limit;   /* the executing runner's budget this time */
    int exec_frame_capped; /* ... cut to what is left of the frame's */
    int starts_over;       /* a start was refused by frame_starts: fail the executing runner */
    uint64_t next_serial;
    vm_shot_regs shot;
    vm_stats stats;
    uint32_t prints_now;           /* print lines given to the host this frame */
    const vm_program *shared_prog; /* whose shared values `shared` holds; NULL: none yet */
    double shared[VM_MAX_SHARED];
    /* Handles. TARGET..UNTARGET: the object the object instructions act on
     * instead of the runner's (target 0: a dead handle's, nothing happens). */
    int targeting;
    vm_obj target;
    vm_handle target_handle;
    uint32_t keep;        /* SHOT_KEEP of the shot being built: 0, 1 first, 2 all */
    vm_handle kept_first; /* the last kept FIRE's first object */
    double kept_group;    /* ... its group (a VM value, vm_group_value) */
    vm_handle kept_enemy; /* the object the last ACT started a runner on (SPAWN) */
    int in_act;
    vm_obj act_obj;
    vm_handle *groups;    /* the ring of the groups' handles, cfg.group_slots */
    uint64_t groups_kept; /* handles ever put in it (since vm_reset) */
    vm_obj *found;        /* QUERY's objects, VM_QUERY_MAX: scratch within the instruction */
    /* The array area (vm.h): cfg.array_values values in chunks of VM_AREA_CHUNK;
     * area_len[c] is the chunks of the block that starts at chunk c, 0 where
     * none starts. No chunk at or past area_end has been used since vm_create. */
    double *area;
    uint16_t *area_len;
    uint32_t area_chunks, area_end, area_used;
    /* For snapshots (vm_blocks): no runner at or past runner_end has been taken
     * since vm_create, so its header, stack, frames and ramps are as vm_create
     * left them; a vm_reset after vm_create rewrites every runner and sets
     * blocks_whole (the arrays are then listed whole). */
    uint32_t runner_end;
    int blocks_whole;
    char message[256];
    char print_text[VM_PRINT_MAX_VALUES * 64];
};

/* ---- tables ---- */

static const char *const vm_op_names[] = {
#define X(name, format, pops, pushes, doc) #name,
    VM_OPCODES(X)
#undef X
};
static const signed char vm_op_formats[] = {
#define X(name, format, pops, pushes, doc) format,
    VM_OPCODES(X)
#undef X
};
static const signed char vm_op_pop_table[] = {
#define X(name, format, pops, pushes, doc) pops,
    VM_OPCODES(X)
#undef X
};
static const signed char vm_op_push_table[] = {
#define X(name, format, pops, pushes, doc) pushes,
    VM_OPCODES(X)
#undef X
};

const char *vm_op_name(vm_op op)
{
    return op < VM_OP_COUNT ? vm_op_names[op] : NULL;
}

vm_format vm_op_format(vm_op op)
{
    return op < VM_OP_COUNT ? (vm_format)vm_op_formats[op] : iAx;
}

int vm_op_pops(vm_op op)
{
    return op < VM_OP_COUNT ? vm_op_pop_table[op] : 0;
}

int vm_op_pushes(vm_op op)
{
    return op < VM_OP_COUNT ? vm_op_push_table[op] : 0;
}

static const char *const vm_prop_names[] = {
#define X(id, name, settable, doc) name,
    VM_PROPS(X)
#undef X
};
static const char vm_prop_settables[] = {
#define X(id, name, settable, doc) settable,
    VM_PROPS(X)
#undef X
};
static const char *const vm_mode_names[] = {
#define X(id, name) name,
    VM_MODES(X)
#undef X
};
static const char *const vm_field_names[] = {
#define X(id, name, def, kind, doc) name,
    VM_SHOT_FIELDS(X)
#undef X
};
static const double vm_field_defaults[] = {
#define X(id, name, def, kind, doc) def,
    VM_SHOT_FIELDS(X)
#undef X
};
static const vm_shot_kind vm_field_kinds[] = {
#define X(id, name, def, kind, doc) VM_SHOT_AS_##kind,
    VM_SHOT_FIELDS(X)
#undef X
};
static const char *const vm_form_names[] = {
#define X(id, name) name,
    VM_FORMS(X)
#undef X
};
static const char *const vm_math_names[] = {
#define X(id, name, arity) name,
    VM_MATH_FUNCS(X)
#undef X
};
static const char vm_math_arities[] = {
#define X(id, name, arity) arity,
    VM_MATH_FUNCS(X)
#undef X
};
static const char *const vm_verb_names[] = {
#define X(id, name, min, max) name,
    VM_VERBS(X)
#undef X
};
static const char vm_verb_mins[] = {
#define X(id, name, min, max) min,
    VM_VERBS(X)
#undef X
};
static const char vm_verb_maxs[] = {
#define X(id, name, min, max) max,
    VM_VERBS(X)
#undef X
};

static const char *const vm_item_names[] = {
#define X(id, name) name,
    VM_ITEMS(X)
#undef X
};

const char *vm_item_name(vm_item k)
{
    return k < VM_ITEM_COUNT ? vm_item_names[k] : NULL;
}

const char *vm_prop_name(vm_prop p)
{
    return p < VM_PROP_COUNT ? vm_prop_names[p] : NULL;
}

int vm_prop_settable(vm_prop p)
{
    return p < VM_PROP_COUNT ? vm_prop_settables[p] : 0;
}

const char *vm_mode_name(vm_mode m)
{
    return m < VM_MODE_COUNT ? vm_mode_names[m] : NULL;
}

const char *vm_shot_field_name(vm_shot_field f)
{
    return f < VM_SHOT_FIELD_COUNT ? vm_field_names[f] : NULL;
}

const char *vm_form_name(vm_form f)
{
    return f < VM_FORM_COUNT ? vm_form_names[f] : NULL;
}

const char *vm_math_name(vm_math m)
{
    return m < VM_MATH_COUNT ? vm_math_names[m] : NULL;
}

int vm_math_arity(vm_math m)
{
    return m < VM_MATH_COUNT ? vm_math_arities[m] : 0;
}

const char *vm_verb_name(vm_verb v)
{
    return v < VM_VERB_COUNT ? vm_verb_names[v] : NULL;
}

const char *vm_event_name(vm_event_kind e)
{
    static const char *const names[] = {
#define X(id, name, gone) name,
        VM_EVENTS(X)
#undef X
    };
    return (unsigned)e < VM_EVENT_COUNT ? names[e] : NULL;
}

const char *vm_query_name(vm_query_kind k)
{
    static const char *const names[] = {
#define X(id, name) name,
        VM_QUERIES(X)
#undef X
    };
    return (unsigned)k < VM_QUERY_COUNT ? names[k] : NULL;
}

int vm_verb_min_args(vm_verb v)
{
    return v < VM_VERB_COUNT ? vm_verb_mins[v] : 0;
}

int vm_verb_max_args(vm_verb v)
{
    return v < VM_VERB_COUNT ? vm_verb_maxs[v] : 0;
}

/* ---- number rules ---- */

int32_t vm_trunc(double x)
{
    if (x > -2147483649.0 && x < 2147483648.0)
        return (int32_t)x;
    return INT32_MIN;
}

double vm_normalize_dir(double d)
{
    if (isnan(d))
        return d;
    if (isinf(d))
        return NAN;
    /* libbulletml subtracts or adds 360 until the value is in [0, 360]. Those steps
     * are exact while |d| < 2^56, so for large values fmod (exact) reaches the
     * same number without the loop; only the final +360 of a negative value
     * rounds, and it does so the same way in both. */
    if (d > 3600.0) {
        d = fmod(d, 360.0);
        return d == 0.0 ? 360.0 : d;
    }
    if (d < -3600.0) {
        d = fmod(d, 360.0);
        return d == 0.0 ? 0.0 : d + 360.0;
    }
    while (d > 360.0)
        d -= 360.0;
    while (d < 0.0)
        d += 360.0;
    return d;
}

double vm_ramp_value(const vm_ramp *r, int32_t frame)
{
    if (frame >= r->t1)
        return r->v1;
    if (r->ease != EASE_LINEAR) {
        double u = (double)((int64_t)frame - r->t0) / (double)((int64_t)r->t1 - r->t0);
        return r->v0 + (r->v1 - r->v0) * ease_curve((ease_kind)r->ease, u);
    }
    double g = (r->v1 - r->v0) / (double)((int64_t)r->t1 - r->t0);
    return r->v0 + g * (double)((int64_t)frame - r->t0);
}

double vm_ramp_read(const vm_ramp *r, int on, double stored, int32_t now)
{
    return on && now > r->t0 ? vm_ramp_value(r, now) : stored;
}

/* sched + n without overflow (a huge wait just sleeps "forever"). */
static int32_t vm_add_frames(int32_t sched, int32_t n)
{
    int64_t s = (int64_t)sched + n;
    if (s > INT32_MAX)
        return INT32_MAX;
    if (s < INT32_MIN)
        return INT32_MIN;
    return (int32_t)s;
}

/* ---- ids ---- */

/* A runner's id: its generation above its index + 1. */
static vm_runner_id vm_make_id(const vm *v, uint32_t idx)
{
    return (uint32_t)(v->runners[idx].gen & VM_GEN_MASK) << VM_INDEX_BITS | (idx + 1);
}

/* Index of a live runner, or VM_NIL for a stale or invalid id. */
static uint32_t vm_lookup(const vm *v, vm_runner_id id)
{
    uint32_t idx = (id & VM_INDEX_MASK) - 1;
    if (id == 0 || idx >= v->cfg.capacity)
        return VM_NIL;
    const vm_runner *r = &v->runners[idx];
    if (r->state == RS_FREE || r->state == RS_RESERVED ||
        (r->gen & VM_GEN_MASK) != (id >> VM_INDEX_BITS))
        return VM_NIL;
    return idx;
}

/* ---- timer wheel ---- */

/* Hangs a sleeping runner in the slot of its wake frame (at the tail: order kept). */
static void vm_wheel_insert(vm *v, uint32_t idx, int32_t wake)
{
    vm_runner *r = &v->runners[idx];
    uint32_t slot = (uint32_t)wake & VM_WHEEL_MASK;
    r->wake = wake;
    r->state = RS_SLEEP;
    r->wnext = VM_NIL;
    r->wprev = v->wheel_tail[slot];
    if (r->wprev == VM_NIL)
        v->wheel_head[slot] = idx;
    else
        v->runners[r->wprev].wnext = idx;
    v->wheel_tail[slot] = idx;
}

/* Unhooks a runner from its wheel slot. */
static void vm_wheel_remove(vm *v, uint32_t idx)
{
    vm_runner *r = &v->runners[idx];
    uint32_t slot = (uint32_t)r->wake & VM_WHEEL_MASK;
    if (r->wprev == VM_NIL)
        v->wheel_head[slot] = r->wnext;
    else
        v->runners[r->wprev].wnext = r->wnext;
    if (r->wnext == VM_NIL)
        v->wheel_tail[slot] = r->wprev;
    else
        v->runners[r->wnext].wprev = r->wprev;
}

/* ---- object map ---- */

/* The home bucket of an object handle (Fibonacci hashing). */
static uint32_t vm_map_bucket(const vm *v, vm_obj obj)
{
    return (obj * 2654435761u) & v->map_mask;
}

/* Bucket holding obj, or VM_NIL. */
static uint32_t vm_map_find(const vm *v, vm_obj obj)
{
    for (uint32_t b = vm_map_bucket(v, obj);; b = (b + 1) & v->map_mask) {
        if (v->map_keys[b] == obj)
            return b;
        if (v->map_keys[b] == 0)
            return VM_NIL;
    }
}

/* Links a new runner into its object's list (creating the entry). */
static void vm_map_add(vm *v, uint32_t idx)
{
    vm_runner *r = &v->runners[idx];
    r->onext = r->oprev = VM_NIL;
    if (r->obj == 0)
        return;
    uint32_t b = vm_map_bucket(v, r->obj);
    while (v->map_keys[b] != 0 && v->map_keys[b] != r->obj)
        b = (b + 1) & v->map_mask;
    if (v->map_keys[b] == r->obj) {
        r->onext = v->map_heads[b];
        v->runners[r->onext].oprev = idx;
    }
    v->map_keys[b] = r->obj;
    v->map_heads[b] = idx;
}

/* Deletes bucket b, shifting later entries of its cluster back (linear probing). */
static void vm_map_delete(vm *v, uint32_t b)
{
    uint32_t hole = b;
    for (uint32_t i = (b + 1) & v->map_mask; v->map_keys[i] != 0; i = (i + 1) & v->map_mask) {
        uint32_t home = vm_map_bucket(v, v->map_keys[i]);
        /* Move i into the hole unless its home lies cyclically in (hole, i]. */
        int in_range = hole <= i ? (home > hole && home <= i) : (home > hole || home <= i);
        if (!in_range) {
            v->map_keys[hole] = v->map_keys[i];
            v->map_heads[hole] = v->map_heads[i];
            hole = i;
        }
    }
    v->map_keys[hole] = 0;
}

/* Unlinks a runner from its object's list (deleting an emptied entry). */
static void vm_map_remove(vm *v, uint32_t idx)
{
    vm_runner *r = &v->runners[idx];
    if (r->obj == 0)
        return;
    if (r->oprev != VM_NIL) {
        v->runners[r->oprev].onext = r->onext;
    } else {
        uint32_t b = vm_map_find(v, r->obj);
        if (b == VM_NIL)
            return;
        if (r->onext == VM_NIL)
            vm_map_delete(v, b);
        else
            v->map_heads[b] = r->onext;
    }
    if (r->onext != VM_NIL)
        v->runners[r->onext].oprev = r->oprev;
}

/* ---- runner life ---- */

/* Takes a free runner (RESERVED until set up); VM_NIL and counted when full. */
static uint32_t vm_alloc_runner(vm *v)
{
    if (v->ticking && v->stats.frame_started >= v->cfg.frame_starts) {
        v->stats.refused++;
        v->starts_over = 1;
        return VM_NIL;
    }
    if (v->free_count == 0) {
        v->stats.refused++;
        return VM_NIL;
    }
    uint32_t idx = v->free_list[--v->free_count];
    v->runners[idx].state = RS_RESERVED;
    if (idx >= v->runner_end)
        v->runner_end = idx + 1;
    return idx;
}

/* ---- the array area (vm.h) ---- */

/* Takes a block of n values (zeroed) for runner r's call running now: first
 * fit from the area's start. Returns 0, or -1 when no run of free chunks is
 * long enough. *searched: the chunks looked at (the budget pays for them). */
static int vm_area_take(vm *v, vm_runner *r, uint32_t n, uint32_t *searched)
{
    uint32_t need = (n + VM_AREA_CHUNK - 1) / VM_AREA_CHUNK, c = 0, steps = 0;
    while (c + need <= v->area_chunks) {
        uint32_t run = 0;
        while (run < need && !v->area_len[c + run]) { /* a free run from c? */
            run++;
            steps++;
        }
        if (run == need)
            break;
        c += run; /* to the block in the way, then past it */
        c += v->area_len[c];
        steps++;
    }
    *searched = steps;
    if (need == 0 || c + need > v->area_chunks)
        return -1;
    v->area_len[c] = (uint16_t)need;
    memset(v->area + (size_t)c * VM_AREA_CHUNK, 0, (size_t)need * VM_AREA_CHUNK * sizeof *v->area);
    if (c + need > v->area_end)
        v->area_end = c + need;
    v->area_used += need;
    r->arr = (uint16_t)(c + 1);
    return 0;
}

/* Gives back the block of an area handle (vm_runner.arr's), if any. */
static void vm_area_free(vm *v, uint16_t arr)
{
    if (!arr)
        return;
    v->area_used -= v->area_len[arr - 1];
    v->area_len[arr - 1] = 0;
}

static void vm_area_free_all(vm *v, uint32_t idx)
{
    vm_runner *r = &v->runners[idx];
    const vm_call_frame *fr = v->frames + (size_t)idx * VM_MAX_DEPTH;
    vm_area_free(v, r->arr);
    r->arr = 0;
    for (uint32_t k = 0; k < r->depth && k < VM_MAX_DEPTH; k++)
        vm_area_free(v, fr[k].arr);
}

/* The values of area block arr (a handle, not 0), and how many. */
static double *vm_area_block(const vm *v, uint16_t arr, uint32_t *n)
{
    *n = (uint32_t)v->area_len[arr - 1] * VM_AREA_CHUNK;
    return v->area + (size_t)(arr - 1) * VM_AREA_CHUNK;
}

/* Returns a runner to the pool, unlinking it from wherever it is. */
static void vm_release(vm *v, uint32_t idx)
{
    vm_runner *r = &v->runners[idx];
    if (r->state == RS_FREE)
        return;
    if (r->state == RS_SLEEP)
        vm_wheel_remove(v, idx);
    if (r->state != RS_RESERVED) {
        vm_map_remove(v, idx);
        v->stats.live--;
        vm_area_free_all(v, idx);
    }
    r->state = RS_FREE;
    r->gen++;
    v->free_list[v->free_count++] = idx;
}

/* Appends a runner to this tick's due list (state DUE). Returns -1 if full. */
static int vm_due_push(vm *v, uint32_t idx)
{
    if (v->due_count == v->due_cap)
        return -1;
    v->due[v->due_count].serial = v->runners[idx].serial;
    v->due[v->due_count].idx = idx;
    v->due_count++;
    v->runners[idx].state = RS_DUE;
    return 0;
}

/* Puts a runner to sleep until `wake`. In exact-ramp mode a runner with a ramp
 * running must also come back next frame to apply it. */
static void vm_sleep(vm *v, uint32_t idx, int32_t wake)
{
    if (v->exact && v->exact[idx].active)
        wake = v->now + 1;
    if (wake <= v->now)
        wake = v->now + 1;
    vm_wheel_insert(v, idx, wake);
}

static void vm_show_at(vm *v, const vm_runner *r, uint32_t pc, int at_start);

/* Sets up a reserved runner to run function func of prog for obj from `frame`. */
static void vm_init_runner(vm *v, uint32_t idx, const vm_program *prog, uint32_t func, vm_obj obj,
                           const double *args, int32_t frame)
{
    vm_runner *r = &v->runners[idx];
    const vm_func *f = &prog->funcs[func];
    r->prog = prog;
    r->pc = f->pc;
    r->sched = r->wake = r->born = 0;
    r->serial = v->next_serial++;
    r->obj = obj;
    r->flags = 0;
    r->depth = 0;
    r->fp = 0;
    r->sp = (uint16_t)(f->nparams + f->nlocals);
    for (int k = 0; k < VM_RAMP_KINDS; k++)
        r->ramp_end[k] = INT32_MIN;
    r->prev_dir = r->prev_spd = 0.0;
    r->shot_kept = 0;
    memset(r->hook, 0, sizeof r->hook);
    r->killer = 0;
    r->arr = 0;
    double *stack = v->stacks + (size_t)idx * v->cfg.stack_slots;
    if (f->nparams)
        memcpy(stack, args, f->nparams * sizeof *stack);
    memset(stack + f->nparams, 0, f->nlocals * sizeof *stack);
    if (v->exact)
        v->exact[idx].active = 0;
    vm_map_add(v, idx);
    v->stats.started++;
    if (v->ticking)
        v->stats.frame_started++;
    v->stats.live++;
    if (v->stats.live > v->stats.peak)
        v->stats.peak = v->stats.live;
    if (v->ticking && frame <= v->now && vm_due_push(v, idx) == 0)
        return;
    vm_wheel_insert(v, idx, frame <= v->now ? v->now + 1 : frame);
}

/* A runner stops on its own: released, then the host is told. */
static void vm_finish(vm *v, uint32_t idx, vm_end_reason why)
{
    vm_runner_id id = vm_make_id(v, idx);
    vm_obj obj = v->runners[idx].obj;
    vm_release(v, idx);
    v->stats.ended++;
    if (v->host.ended)
        v->host.ended(v->host.user, obj, id, why);
}

/* The source position of instruction pc of p, and its file's name ("?" when
 * the program has none for it). */
static vm_pos vm_where(const vm_program *p, uint32_t pc, const char **file)
{
    vm_pos pos = pc < p->code_count ? p->pos[pc] : (vm_pos){0, 0, 0};
    *file = pos.file < p->file_count ? p->files[pos.file] : "?";
    return pos;
}

/* Tells the host of a run-time error at pc of the runner (message in v->message). */
static void vm_report(vm *v, uint32_t idx, uint32_t pc)
{
    vm_runner *r = &v->runners[idx];
    const vm_program *p = r->prog;
    const char *file;
    vm_pos pos = vm_where(p, pc, &file);
    vm_error e = {file, pos.line, pos.col, v->message, vm_make_id(v, idx), r->obj};
    v->stats.errors++;
    if (v->host.error)
        v->host.error(v->host.user, &e);
    else
        log_error("%s:%u:%u: %s", e.file, (unsigned)e.line, (unsigned)e.col, e.message);
}

/* The presentation statements shown at the WAIT or thread end at pc (vm_show),
 * handed to the host for the runner's object. Nothing of the runner changes. */
static void vm_show_at(vm *v, const vm_runner *r, uint32_t pc, int at_start)
{
    const vm_program *p = r->prog;
    for (uint32_t k = vm_show_first(p, pc); k < p->show_count && p->shows[k].pc == pc; k++)
        if (p->shows[k].at_start == at_start)
            v->host.show(v->host.user, r->obj, &p->shows[k]);
}

/* PRINT: the n values at args as one line of text (bit k of strings: value k
 * is a string index of the program; joined: without spaces between), handed to the host with the
 * statement's position; past VM_PRINT_PER_FRAME lines in a frame, only counted. */
static void vm_print_values(vm *v, uint32_t idx, uint32_t pc, const double *args, int n,
                            uint32_t strings, int joined)
{
    if (!v->host.print)
        return;
    if (v->prints_now >= VM_PRINT_PER_FRAME) {
        v->stats.prints_dropped++;
        return;
    }
    const vm_runner *r = &v->runners[idx];
    const vm_program *p = r->prog;
    size_t len = 0, size = sizeof v->print_text;
    v->print_text[0] = 0;
    for (int k = 0; k < n && len < size; k++) {
        const char *sep = k && !joined ? " " : "";
        double x = args[k];
        int w;
        if (strings >> k & 1u)
            w = snprintf(v->print_text + len, size - len, "%s%.200s", sep,
                         x >= 0 && x < p->string_count ? p->strings[(uint32_t)x] : "?");
        else
            w = snprintf(v->print_text + len, size - len, "%s%.10g", sep, x);
        len += w > 0 ? (size_t)w : 0;
    }
    const char *file;
    vm_pos pos = vm_where(p, pc, &file);
    vm_print line = {file, pos.line, pos.col, v->now, v->print_text, r->obj};
    v->prints_now++;
    v->stats.prints++;
    v->host.print(v->host.user, &line);
}

/* Reports a run-time error at pc of the runner, which then stops. */
static void vm_fail(vm *v, uint32_t idx, uint32_t pc, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void vm_fail(vm *v, uint32_t idx, uint32_t pc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(v->message, sizeof v->message, fmt, ap);
    va_end(ap);
    vm_report(v, idx, pc);
    vm_finish(v, idx, VM_END_ERROR);
}

/* ---- public lifecycle ---- */

void vm_config_default(vm_config *cfg)
{
    cfg->capacity = 16384;
    cfg->stack_slots = VM_STACK_SLOTS;
    cfg->budget = 100000;
    cfg->frame_budget = VM_FRAME_BUDGET;
    cfg->frame_starts = VM_FRAME_STARTS;
    cfg->exact_ramps = 0;
    cfg->check_shots = 0;
    cfg->group_slots = VM_GROUP_SLOTS;
    cfg->array_values = VM_AREA_VALUES;
}

vm *vm_create(const vm_config *cfg, const vm_host *host)
{
    if (!cfg || !host || cfg->capacity == 0 || cfg->capacity > VM_MAX_CAPACITY ||
        cfg->stack_slots == 0 || cfg->stack_slots > 0xffff || cfg->budget == 0 ||
        cfg->frame_budget == 0 || cfg->frame_starts == 0 || cfg->group_slots == 0 ||
        cfg->group_slots > (1u << 24) || cfg->array_values > VM_AREA_MAX_ALL)
        return NULL;
    vm *v = mem_calloc(1, sizeof *v);
    if (!v)
        return NULL;
    v->cfg = *cfg;
    v->host = *host;
    uint32_t n = cfg->capacity;
    uint32_t map_size = 16;
    while (map_size < 2 * n)
        map_size *= 2;
    v->map_mask = map_size - 1;
    v->due_cap = 2 * n;
    v->runners = mem_calloc(n, sizeof *v->runners);
    v->stacks = mem_alloc((size_t)n * cfg->stack_slots * sizeof *v->stacks);
    v->frames = mem_alloc((size_t)n * VM_MAX_DEPTH * sizeof *v->frames);
    v->free_list = mem_alloc(n * sizeof *v->free_list);
    v->due = mem_alloc(v->due_cap * sizeof *v->due);
    v->due_tmp = mem_alloc(v->due_cap * sizeof *v->due_tmp);
    v->map_keys = mem_alloc(map_size * sizeof *v->map_keys);
    v->map_heads = mem_alloc(map_size * sizeof *v->map_heads);
    if (cfg->exact_ramps)
        v->exact = mem_calloc(n, sizeof *v->exact);
    v->groups = mem_calloc(cfg->group_slots, sizeof *v->groups);
    v->found = mem_alloc(VM_QUERY_MAX * sizeof *v->found);
    v->area_chunks = cfg->array_values / VM_AREA_CHUNK;
    if (v->area_chunks) {
        v->area = mem_calloc((size_t)v->area_chunks * VM_AREA_CHUNK, sizeof *v->area);
        v->area_len = mem_calloc(v->area_chunks, sizeof *v->area_len);
    }
    if ((v->area_chunks && (!v->area || !v->area_len)) || !v->groups || !v->found || !v->runners ||
        !v->stacks || !v->frames || !v->free_list || !v->due || !v->due_tmp || !v->map_keys ||
        !v->map_heads || (cfg->exact_ramps && !v->exact)) {
        vm_destroy(v);
        return NULL;
    }
    v->stats.capacity = n;
    vm_reset(v);
    v->blocks_whole = 0; /* what vm_create leaves is where the snapshots' tails start */
    return v;
}

void vm_destroy(vm *v)
{
    if (!v)
        return;
    mem_free(v->runners);
    mem_free(v->stacks);
    mem_free(v->frames);
    mem_free(v->exact);
    mem_free(v->free_list);
    mem_free(v->due);
    mem_free(v->due_tmp);
    mem_free(v->map_keys);
    mem_free(v->map_heads);
    mem_free(v->groups);
    mem_free(v->found);
    mem_free(v->area);
    mem_free(v->area_len);
    mem_free(v);
}

/* Every allocation of vm_create: a field or array added there belongs here too.
 * The runner arrays are live below runner_end (free runners are taken from a
 * stack that starts lowest first, so the runners ever taken are the lowest),
 * the groups' ring up to the handles ever put in it, the due list (filled and
 * emptied within vm_tick) up to due_count; due_tmp is the sort's scratch. */
void vm_blocks(vm *v, memblock_list *l)
{
    uint32_t n = v->cfg.capacity, map_size = v->map_mask + 1;
    size_t runners = v->blocks_whole ? n : v->runner_end;
    size_t groups = v->blocks_whole || v->groups_kept > v->cfg.group_slots ? v->cfg.group_slots
                                                                           : (size_t)v->groups_kept;
    memblock_add(l, v, sizeof *v);
    memblock_add_peak(l, v->runners, n * sizeof *v->runners, runners * sizeof *v->runners);
    memblock_add_peak(l, v->stacks, (size_t)n * v->cfg.stack_slots * sizeof *v->stacks,
                      runners * v->cfg.stack_slots * sizeof *v->stacks);
    memblock_add_peak(l, v->frames, (size_t)n * VM_MAX_DEPTH * sizeof *v->frames,
                      runners * VM_MAX_DEPTH * sizeof *v->frames);
    memblock_add_peak(l, v->exact, v->exact ? n * sizeof *v->exact : 0, runners * sizeof *v->exact);
    memblock_add(l, v->free_list, n * sizeof *v->free_list);
    memblock_add_used(l, v->due, v->due_cap * sizeof *v->due, v->due_count * sizeof *v->due);
    memblock_add(l, v->map_keys, map_size * sizeof *v->map_keys);
    memblock_add(l, v->map_heads, map_size * sizeof *v->map_heads);
    memblock_add_peak(l, v->groups, v->groups ? v->cfg.group_slots * sizeof *v->groups : 0,
                      groups * sizeof *v->groups);
    memblock_add_peak(l, v->found, VM_QUERY_MAX * sizeof *v->found, 0); /* scratch */
    size_t chunks = v->blocks_whole ? v->area_chunks : v->area_end;
    memblock_add_peak(l, v->area, (size_t)v->area_chunks * VM_AREA_CHUNK * sizeof *v->area,
                      chunks * VM_AREA_CHUNK * sizeof *v->area);
    memblock_add_peak(l, v->area_len, v->area_chunks * sizeof *v->area_len,
                      chunks * sizeof *v->area_len);
}

void vm_reset(vm *v)
{
    uint32_t n = v->cfg.capacity;
    for (uint32_t i = 0; i < n; i++) {
        v->runners[i].state = RS_FREE;
        v->runners[i].gen++;
        v->free_list[i] = n - 1 - i; /* lowest index first */
    }
    v->free_count = n;
    for (uint32_t s = 0; s < VM_WHEEL; s++)
        v->wheel_head[s] = v->wheel_tail[s] = VM_NIL;
    memset(v->map_keys, 0, (v->map_mask + 1) * sizeof *v->map_keys);
    v->due_count = 0;
    v->now = -1;
    v->ticking = 0;
    v->current = VM_NIL;
    v->abort = 0;
    v->next_serial = 1;
    v->shared_prog = NULL;
    v->targeting = 0;
    v->target = 0;
    v->keep = 0;
    v->kept_first = v->kept_enemy = 0;
    v->kept_group = 0.0;
    v->in_act = 0;
    v->groups_kept = 0;
    if (v->area_len)
        memset(v->area_len, 0, v->area_chunks * sizeof *v->area_len);
    v->area_end = v->area_used = 0;
    v->runner_end = 0;
    v->blocks_whole = 1; /* every runner written again, the groups' ring kept */
    memset(&v->stats, 0, sizeof v->stats);
    v->stats.capacity = n;
}

int vm_func_fits(const vm_func *f, uint32_t stack_slots, char *why, size_t why_size)
{
    if (f->frame_size <= stack_slots)
        return 1;
    snprintf(why, why_size,
             "'%s' needs %u value slots (its parameters, variables, arrays and working values); "
             "a script has %u",
             f->name && f->name[0] ? f->name : "(a block)", (unsigned)f->frame_size,
             (unsigned)stack_slots);
    return 0;
}

vm_runner_id vm_start(vm *v, const vm_program *prog, uint32_t func, vm_obj obj, const double *args,
                      int nargs, int32_t frame)
{
    char why[256];
    if (!prog || func >= prog->func_count || nargs != prog->funcs[func].nparams ||
        (nargs > 0 && !args)) {
        log_error("vm_start: no function %u taking %d values", func, nargs);
        return 0;
    }
    if (!vm_func_fits(&prog->funcs[func], v->cfg.stack_slots, why, sizeof why)) {
        log_error("vm_start: %s", why);
        return 0;
    }
    uint32_t idx = vm_alloc_runner(v);
    if (idx == VM_NIL)
        return 0;
    if (!v->shared_prog) {
        v->shared_prog = prog;
        for (uint32_t k = 0; k < prog->shared_count; k++)
            v->shared[k] = prog->shared_init[k];
    }
    vm_init_runner(v, idx, prog, func, obj, args, frame);
    if (v->in_act)
        v->act_obj = obj; /* KEPT 2: the enemy a SPAWN made */
    return vm_make_id(v, idx);
}

vm_runner_id vm_start_at(vm *v, const vm_program *prog, uint32_t func, double x, double y,
                         int32_t frame)
{
    vm_runner_id id = vm_start(v, prog, func, 0, NULL, 0, frame);
    if (id == 0)
        return 0;
    uint32_t idx = vm_lookup(v, id);
    if (idx == VM_NIL)
        return 0;
    vm_runner *r = &v->runners[idx];
    r->flags |= RF_GHOST;
    r->ghost_x = x;
    r->ghost_y = y;
    return id;
}

/* The copy of runner idx that its hook of ev starts (vm_event). */
static void vm_event_copy(vm *v, uint32_t idx, vm_event_kind ev, int gone, double x, double y,
                          vm_killer killer)
{
    const vm_runner *r = &v->runners[idx];
    uint32_t pc = r->hook[ev] - 1;
    const vm_func *f = vm_func_at(r->prog, pc);
    if (!f || f->nparams + f->nlocals > v->cfg.stack_slots)
        return;
    uint32_t nidx = vm_alloc_runner(v);
    if (nidx == VM_NIL)
        return; /* counted as refused */
    /* its own copy of the first call's area arrays, if it has them */
    vm_runner copy = {0};
    uint16_t arr = r->depth ? v->frames[(size_t)idx * VM_MAX_DEPTH].arr : r->arr;
    if (arr && f->arrays) {
        uint32_t n, m, searched;
        const double *a = vm_area_block(v, arr, &n);
        if (vm_area_take(v, &copy, n, &searched) != 0) {
            v->stats.refused++; /* no room for them: refused, as a full pool's copies are */
            vm_release(v, nidx);
            return;
        }
        memcpy(vm_area_block(v, copy.arr, &m), a, n * sizeof *a);
    }
    const double *from = v->stacks + (size_t)idx * v->cfg.stack_slots;
    uint32_t func = (uint32_t)(f - r->prog->funcs);
    vm_init_runner(v, nidx, r->prog, func, gone ? 0 : r->obj, from, v->now + 1);
    vm_runner *c = &v->runners[nidx];
    double *to = v->stacks + (size_t)nidx * v->cfg.stack_slots;
    memcpy(to, from, (size_t)(f->nparams + f->nlocals) * sizeof *to);
    c->pc = pc;
    c->killer = (uint8_t)killer;
    c->arr = copy.arr;
    if (gone) {
        c->flags |= RF_GHOST;
        c->ghost_x = x;
        c->ghost_y = y;
    }
}

static const int vm_event_gone[] = {
#define X(id, name, gone) gone,
    VM_EVENTS(X)
#undef X
};

void vm_event(vm *v, vm_obj obj, vm_event_kind ev, double x, double y)
{
    vm_event_by(v, obj, ev, x, y, VM_KILLER_NONE);
}

void vm_event_by(vm *v, vm_obj obj, vm_event_kind ev, double x, double y, vm_killer killer)
{
    if (obj == 0 || (unsigned)ev >= VM_EVENT_COUNT)
        return;
    uint32_t b = vm_map_find(v, obj);
    /* copies join obj's list (graze) at its head: walk from a saved next */
    for (uint32_t idx = b == VM_NIL ? VM_NIL : v->map_heads[b]; idx != VM_NIL;) {
        uint32_t next = v->runners[idx].onext;
        if (v->runners[idx].hook[ev])
            vm_event_copy(v, idx, ev, vm_event_gone[ev], x, y, killer);
        idx = next;
    }
}

/* Stops runner idx at once, or, if it is executing, as soon as control returns
 * to it. */
static void vm_kill_index(vm *v, uint32_t idx)
{
    if (v->runners[idx].state == RS_RUN) {
        if (idx == v->current)
            v->abort = 1;
        return;
    }
    vm_release(v, idx);
    v->stats.killed++;
}

void vm_kill(vm *v, vm_runner_id id)
{
    uint32_t idx = vm_lookup(v, id);
    if (idx != VM_NIL)
        vm_kill_index(v, idx);
}

void vm_kill_obj(vm *v, vm_obj obj)
{
    if (obj == 0)
        return;
    uint32_t b = vm_map_find(v, obj);
    if (b == VM_NIL)
        return;
    /* Killing unlinks each runner; walk from a saved next pointer. The executing
     * runner stays linked until it stops, so skip past it. */
    uint32_t idx = v->map_heads[b];
    while (idx != VM_NIL) {
        uint32_t next = v->runners[idx].onext;
        vm_kill_index(v, idx);
        idx = next;
    }
}

int vm_alive(const vm *v, vm_runner_id id)
{
    return vm_lookup(v, id) != VM_NIL;
}

/* Whether a runner is parked (vm_park): asleep for ever, with hooks. */
static int vm_parked(const vm_runner *r)
{
    if (r->state != RS_SLEEP || r->wake != INT32_MAX)
        return 0;
    uint32_t any = 0;
    for (int k = 0; k < VM_EVENT_COUNT; k++)
        any |= r->hook[k];
    return any != 0;
}

int vm_obj_runners(const vm *v, vm_obj obj)
{
    if (obj == 0)
        return 0;
    uint32_t b = vm_map_find(v, obj);
    int n = 0;
    for (uint32_t idx = b == VM_NIL ? VM_NIL : v->map_heads[b]; idx != VM_NIL;
         idx = v->runners[idx].onext)
        n += !vm_parked(&v->runners[idx]);
    return n;
}

const vm_program *vm_current_program(const vm *v)
{
    return v->current == VM_NIL ? NULL : v->runners[v->current].prog;
}

uint32_t vm_runner_base_pc(const vm *v, vm_runner_id id)
{
    uint32_t idx = vm_lookup(v, id);
    if (idx == VM_NIL)
        return UINT32_MAX;
    const vm_runner *r = &v->runners[idx];
    return r->depth > 0 ? v->frames[(size_t)idx * VM_MAX_DEPTH].pc - 1 : r->pc;
}

vm_stats vm_get_stats(const vm *v)
{
    return v->stats;
}

static const char *const vm_show_names[] = {
#define VM_SHOW_NAME(id, word, doc) word,
    VM_SHOW_KINDS(VM_SHOW_NAME)
#undef VM_SHOW_NAME
};

const char *vm_show_name(vm_show_kind kind)
{
    return kind < VM_SHOW_KIND_COUNT ? vm_show_names[kind] : "?";
}

uint32_t vm_show_first(const vm_program *p, uint32_t pc)
{
    uint32_t lo = 0, hi = p->show_count;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (p->shows[mid].pc < pc)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

const vm_func *vm_func_at(const vm_program *p, uint32_t pc)
{
    if (!p || !p->by_pc || p->by_pc_count == 0)
        return NULL;
    uint32_t lo = 0, hi = p->by_pc_count; /* the last function starting at or before pc */
    while (hi - lo > 1) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (p->funcs[p->by_pc[mid]].pc <= pc)
            lo = mid;
        else
            hi = mid;
    }
    const vm_func *f = &p->funcs[p->by_pc[lo]];
    return f->pc <= pc && pc <= f->end ? f : NULL;
}

/* Bit for bit the same double (a shared value still at its first value). */
static int vm_same_value(double a, double b)
{
    return memcmp(&a, &b, sizeof a) == 0;
}

size_t vm_func_name_key(const char *name)
{
    return strcspn(name, "@");
}

/* A place in the code as its function's name and the offset into it, which code
 * added in other files does not move. */
static void vm_hash_place(hasher *hs, const vm_program *p, uint32_t pc)
{
    const vm_func *f = vm_func_at(p, pc);
    if (!f) {
        hash_u32(hs, pc);
        return;
    }
    hash_bytes(hs, f->name, vm_func_name_key(f->name));
    hash_u32(hs, 0);
    hash_u32(hs, pc - f->pc);
}

/* The groups' handles a script can still reach, when any were ever kept (a run
 * without groups hashes as before they existed). */
static void vm_hash_groups(const vm *v, hasher *hs)
{
    if (v->groups_kept == 0)
        return;
    uint64_t n = v->cfg.group_slots;
    uint64_t first = v->groups_kept > n ? v->groups_kept - n : 0;
    hash_u64(hs, v->groups_kept);
    for (uint64_t k = first; k < v->groups_kept; k++)
        hash_u64(hs, v->groups[k % n]);
}

/* A runner's area blocks, each its size and values, its calls' first: only
 * when it has any (a runner without one hashes as before the area existed). */
static void vm_hash_area(const vm *v, hasher *hs, const vm_runner *r, const vm_call_frame *fr)
{
    for (uint32_t k = 0; k <= r->depth && k <= VM_MAX_DEPTH; k++) {
        uint16_t arr = k < r->depth ? fr[k].arr : r->arr;
        if (!arr)
            continue;
        uint32_t n;
        const double *a = vm_area_block(v, arr, &n);
        hash_u32(hs, k);
        hash_u32(hs, n);
        for (uint32_t i = 0; i < n; i++)
            hash_f64(hs, a[i]);
    }
}

/* How vm_hash_with names a runner's place. */
enum {
    VM_PLACE_PC,       /* the absolute pc (vm_hash) */
    VM_PLACE_FUNCTION, /* function and offset; a script past its end at its END */
    VM_PLACE_NEXT,     /* function and offset of the pc as it is (the first rule) */
    /* the first rule, but the program taken to end at a place (the code a
     * replay knew): a script past its end there stands at its own end
     * (vm_hash_portable_next_until) */
    VM_PLACE_NEXT_UNTIL
};

/* A place by the VM_PLACE_NEXT_UNTIL rule: a script past its end whose pc is
 * `end`, the start of code the program did not have then, stands at its own
 * end, where the program ended. Returns 0 when the rule does not apply. */
static int vm_hash_own_end(hasher *hs, const vm_runner *r, uint32_t end)
{
    if (!(r->flags & RF_ENDING) || r->pc == 0 || r->pc != end)
        return 0;
    const vm_func *own = vm_func_at(r->prog, r->pc - 1);
    if (!own || own->end != r->pc)
        return 0;
    hash_bytes(hs, own->name, vm_func_name_key(own->name));
    hash_u32(hs, 0);
    hash_u32(hs, r->pc - own->pc);
    return 1;
}

static void vm_hash_with(const vm *v, hasher *hs, int rule, uint32_t end)
{
    const int portable = rule != VM_PLACE_PC;
    /* the shared values, when the program has any (a run without them hashes
     * as before they existed) */
    uint32_t nshared = v->shared_prog ? v->shared_prog->shared_count : 0;
    for (uint32_t k = 0; k < nshared; k++)
        if (!portable || !vm_same_value(v->shared[k], v->shared_prog->shared_init[k]))
            hash_f64(hs, v->shared[k]);
    vm_hash_groups(v, hs);
    hash_u32(hs, (uint32_t)v->now);
    hash_u64(hs, v->next_serial);
    hash_u32(hs, v->free_count);
    for (uint32_t i = 0; i < v->cfg.capacity; i++) {
        const vm_runner *r = &v->runners[i];
        if (r->state == RS_FREE)
            continue;
        const uint32_t ids[] = {i,
                                r->gen,
                                r->state,
                                r->flags,
                                portable ? 0 : r->pc,
                                (uint32_t)r->sched,
                                (uint32_t)r->wake,
                                (uint32_t)r->born,
                                r->obj,
                                r->sp,
                                r->fp,
                                r->depth};
        for (size_t k = 0; k < sizeof ids / sizeof ids[0]; k++)
            hash_u32(hs, ids[k]);
        hash_u64(hs, r->serial);
        /* past its end, pc is one after the instruction that ended the script:
         * the start of whatever function comes next in the program */
        if (rule == VM_PLACE_FUNCTION && (r->flags & RF_ENDING) && r->pc > 0)
            vm_hash_place(hs, r->prog, r->pc - 1);
        else if (rule == VM_PLACE_NEXT_UNTIL && vm_hash_own_end(hs, r, end))
            ; /* at its own end */
        else if (portable)
            vm_hash_place(hs, r->prog, r->pc);
        for (int k = 0; k < VM_RAMP_KINDS; k++)
            hash_u32(hs, (uint32_t)r->ramp_end[k]);
        hash_f64(hs, r->prev_dir);
        hash_f64(hs, r->prev_spd);
        const double *stack = v->stacks + (size_t)i * v->cfg.stack_slots;
        for (uint32_t k = 0; k < r->sp && k < v->cfg.stack_slots; k++)
            hash_f64(hs, stack[k]);
        const vm_call_frame *fr = v->frames + (size_t)i * VM_MAX_DEPTH;
        for (uint32_t k = 0; k < r->depth && k < VM_MAX_DEPTH; k++) {
            if (portable)
                vm_hash_place(hs, r->prog, fr[k].pc);
            else
                hash_u32(hs, fr[k].pc);
            hash_u32(hs, fr[k].fp);
        }
        vm_hash_area(v, hs, r, fr);
        if (r->flags & RF_HELD)
            hash_u64(hs, r->held);
        if (r->flags & RF_GHOST) {
            hash_f64(hs, r->ghost_x);
            hash_f64(hs, r->ghost_y);
        }
        if (r->hook[0] | r->hook[1] | r->hook[2])
            for (int k = 0; k < 3; k++) {
                if (portable && r->hook[k])
                    vm_hash_place(hs, r->prog, r->hook[k] - 1);
                else
                    hash_u32(hs, r->hook[k]);
            }
        for (int k = 3; k < VM_EVENT_COUNT; k++) /* an enemy's: only when hooked */
            if (r->hook[k]) {
                hash_u32(hs, (uint32_t)k);
                if (portable)
                    vm_hash_place(hs, r->prog, r->hook[k] - 1);
                else
                    hash_u32(hs, r->hook[k]);
            }
        if (r->killer)
            hash_u32(hs, r->killer);
        if (v->exact) {
            for (int k = 0; k < VM_RAMP_KINDS; k++) {
                hash_u32(hs, (uint32_t)v->exact[i].r[k].t0);
                hash_u32(hs, (uint32_t)v->exact[i].r[k].t1);
                hash_f64(hs, v->exact[i].r[k].v0);
                hash_f64(hs, v->exact[i].r[k].v1);
                if (v->exact[i].r[k].ease != EASE_LINEAR)
                    hash_u32(hs, v->exact[i].r[k].ease);
            }
            hash_u32(hs, v->exact[i].active);
        }
    }
}

void vm_hash(const vm *v, hasher *hs)
{
    vm_hash_with(v, hs, VM_PLACE_PC, 0);
}

void vm_hash_portable(const vm *v, hasher *hs)
{
    vm_hash_with(v, hs, VM_PLACE_FUNCTION, 0);
}

void vm_hash_portable_next(const vm *v, hasher *hs)
{
    vm_hash_with(v, hs, VM_PLACE_NEXT, 0);
}

void vm_hash_portable_next_until(const vm *v, hasher *hs, uint32_t end)
{
    vm_hash_with(v, hs, VM_PLACE_NEXT_UNTIL, end);
}

/* ---- resolving directions and speeds (BULLETML.md 4.4) ---- */

/* The object the runner's object instructions act on: its own, or between
 * TARGET and UNTARGET a handle's (0: the handle's object is gone). */
static vm_obj vm_object(const vm *v, const vm_runner *r)
{
    return v->targeting ? v->target : r->obj;
}

/* A property of the runner's object (or its target), from the host; `alive`
 * is the VM's own: 1 but for a dead handle's. A dead handle reads the host's
 * values of no object (0 for the object's own properties). */
static double vm_get(vm *v, const vm_runner *r, vm_prop p)
{
    vm_obj obj = vm_object(v, r);
    if (p == VM_PROP_ALIVE)
        return !v->targeting || obj != 0 ? 1.0 : 0.0;
    if (p == VM_PROP_KILLER)
        return v->targeting ? 0.0 : r->killer;
    if ((r->flags & RF_GHOST) && !v->targeting) /* where its object was */
        switch (p) {
        case VM_PROP_POS_X: return r->ghost_x;
        case VM_PROP_POS_Y: return r->ghost_y;
        case VM_PROP_AIM: {
            double px = v->host.get(v->host.user, 0, VM_PROP_PLAYER_X);
            double py = v->host.get(v->host.user, 0, VM_PROP_PLAYER_Y);
            return trig_aim(r->ghost_x, r->ghost_y, px, py);
        }
        default: break;
        }
    return v->host.get(v->host.user, obj, p);
}

/* ---- handles ---- */

/* The lasting handle of live object obj (0 without a host that gives them). */
static vm_handle vm_lasting(const vm *v, vm_obj obj)
{
    if (!obj || !v->host.lasting)
        return 0;
    vm_handle h = v->host.lasting(v->host.user, obj);
    return h < VM_HANDLE_LIMIT ? h : 0;
}

/* The live object a handle value names, 0 when it is gone (or no handle). */
static vm_obj vm_resolve(const vm *v, double value)
{
    if (!(value >= 1.0 && value < (double)VM_HANDLE_LIMIT) || !v->host.resolve)
        return 0;
    return v->host.resolve(v->host.user, (vm_handle)value);
}

/* A group as a VM value: where its first handle went in the ring, counted
 * from 1, times 2^16, plus how many it holds. Exact in a double. */
static double vm_group_value(uint64_t start, uint64_t count)
{
    return (double)((start + 1) << 16 | count);
}

static uint32_t vm_group_count(double g)
{
    return g >= 65536.0 && g < (double)VM_HANDLE_LIMIT ? (uint32_t)((uint64_t)g & 0xffffu) : 0;
}

/* Handle i of group g; 0 outside it, or when the ring has since been filled
 * over it (forgotten). */
static vm_handle vm_group_at(const vm *v, double g, double i)
{
    uint32_t count = vm_group_count(g);
    if (!(i > -1.0 && i < (double)count))
        return 0;
    uint64_t pos = ((uint64_t)g >> 16) - 1 + (uint64_t)i;
    if (pos >= v->groups_kept || v->groups_kept - pos > v->cfg.group_slots)
        return 0;
    return v->groups[pos % v->cfg.group_slots];
}

/* QUERY: the objects of kind within r of (x, y) the host finds, kept as a
 * group (in the groups' ring, as a volley's); each costs one unit of *budget,
 * so a query finds no more than the budget left (the runner then stops at its
 * next instruction, over its budget). Returns the group's value. */
static double vm_query(vm *v, vm_query_kind kind, double x, double y, double r, uint32_t *budget)
{
    uint32_t cap = VM_QUERY_MAX < v->cfg.group_slots ? VM_QUERY_MAX : v->cfg.group_slots;
    cap = cap < *budget ? cap : *budget;
    if (!v->host.query || kind >= VM_QUERY_COUNT || cap == 0 || !(r >= 0.0))
        return 0.0;
    uint32_t n = v->host.query(v->host.user, kind, x, y, r, v->found, cap);
    n = n < cap ? n : cap;
    *budget -= n;
    uint64_t start = v->groups_kept;
    for (uint32_t k = 0; k < n; k++)
        v->groups[v->groups_kept++ % v->cfg.group_slots] = vm_lasting(v, v->found[k]);
    return n ? vm_group_value(start, n) : 0.0;
}

/* A FIRE keeping what it spawns (SHOT_KEEP): object obj, the kept-th so far. */
static void vm_keep(vm *v, vm_obj obj, uint64_t kept)
{
    if (v->keep == 1) {
        if (kept == 0)
            v->kept_first = vm_lasting(v, obj);
        return;
    }
    if (kept >= VM_GROUP_MAX)
        return;
    v->groups[v->groups_kept % v->cfg.group_slots] = vm_lasting(v, obj);
    v->groups_kept++;
}

/* A direction of type mode from x, normalised into [0, 360]. */
static double vm_resolve_dir(vm *v, const vm_runner *r, vm_mode mode, double x)
{
    double d;
    switch (mode) {
    case VM_MODE_AIM: d = x + vm_get(v, r, VM_PROP_AIM); break;
    case VM_MODE_REL: d = x + vm_get(v, r, VM_PROP_HEADING); break;
    case VM_MODE_SEQ:
        d = (r->flags & RF_PREV_DIR) ? x + r->prev_dir : vm_get(v, r, VM_PROP_AIM);
        break;
    default: d = x; break;
    }
    return vm_normalize_dir(d);
}

/* A speed of type mode from x (no normalising: negative speeds go through). */
static double vm_resolve_spd(vm *v, const vm_runner *r, vm_mode mode, double x)
{
    switch (mode) {
    case VM_MODE_REL: return x + vm_get(v, r, VM_PROP_SPEED);
    case VM_MODE_SEQ: return (r->flags & RF_PREV_SPD) ? x + r->prev_spd : 1.0;
    default: return x;
    }
}

/* BulletML's prevDir / prevSpd of the runner's thread. */
static void vm_record_dir(vm_runner *r, double d)
{
    r->prev_dir = d;
    r->flags |= RF_PREV_DIR;
}

static void vm_record_spd(vm_runner *r, double s)
{
    r->prev_spd = s;
    r->flags |= RF_PREV_SPD;
}

/* ---- ramps (BULLETML.md 4.5) ---- */

/* RAMP: starts a ramp of prop kind (HEADING..VY) lasting term frames from sched. */
static void vm_start_ramp(vm *v, uint32_t idx, vm_prop kind, uint32_t modeflags, double term_value,
                          double x)
{
    vm_runner *r = &v->runners[idx];
    vm_mode mode = (vm_mode)(modeflags & VM_RAMP_MODE_MASK);
    int record = (modeflags & VM_RAMP_RECORD) != 0;
    int32_t term = vm_trunc(term_value);
    vm_ramp ramp = {r->sched, vm_add_frames(r->sched, term), 0.0, 0.0,
                    (modeflags & VM_RAMP_EASE_MASK) >> VM_RAMP_EASE_SHIFT};
    if (ramp.ease >= EASE_COUNT)
        ramp.ease = EASE_LINEAR;
    if (v->targeting && (v->exact || !v->target))
        return; /* a dead handle's object; BulletML has no handles */
    double v0 = vm_get(v, r, kind);
    double v1;
    if (mode == VM_MODE_SEQ) {
        v1 = kind == VM_PROP_SPEED ? x * term + v0 : v0 + x * term;
    } else if (mode == VM_MODE_BY) {
        v1 = v0 + x;
    } else if (kind == VM_PROP_HEADING) {
        double target = vm_resolve_dir(v, r, mode, x);
        if (record)
            vm_record_dir(r, target);
        /* the shorter way round; an exact tie (180) takes d2 */
        double d1 = target - v0;
        double d2 = d1 > 0 ? d1 - 360.0 : d1 + 360.0;
        v1 = v0 + (fabs(d1) < fabs(d2) ? d1 : d2);
    } else if (kind == VM_PROP_SPEED) {
        v1 = vm_resolve_spd(v, r, mode, x);
        if (record)
            vm_record_spd(r, v1);
    } else {
        v1 = mode == VM_MODE_REL ? v0 + x : x;
    }
    ramp.v0 = v0;
    ramp.v1 = v1;
    /* another object's, or a style's (drawing): the runner does not wait for it */
    if (v->targeting || kind >= VM_RAMP_KINDS) {
        v->host.ramp(v->host.user, v->targeting ? v->target : r->obj, kind, &ramp);
        return;
    }
    r->ramp_end[kind] = ramp.t1;
    if (v->exact) {
        v->exact[idx].r[kind] = ramp;
        v->exact[idx].active |= (uint8_t)(1u << kind);
    } else {
        v->host.ramp(v->host.user, r->obj, kind, &ramp);
    }
}

/* Exact mode: sends each running ramp's value for this frame, in BulletML's
 * order, and drops the ramps that reached their end. */
static void vm_apply_ramps(vm *v, uint32_t idx)
{
    vm_exact *e = &v->exact[idx];
    for (int k = 0; k < VM_RAMP_KINDS && e->active; k++) {
        if (!(e->active & (1u << k)))
            continue;
        double value = vm_ramp_value(&e->r[k], v->now);
        if (v->now >= e->r[k].t1)
            e->active &= (uint8_t) ~(1u << k);
        v->host.set(v->host.user, v->runners[idx].obj, (vm_prop)k, value);
    }
}

/* Whether some ramp of the runner is still running at frame now. */
static int vm_ramps_running(const vm *v, uint32_t idx)
{
    if (v->exact)
        return v->exact[idx].active != 0;
    for (int k = 0; k < VM_RAMP_KINDS; k++)
        if (v->runners[idx].ramp_end[k] > v->now)
            return 1;
    return 0;
}

/* The frame a finished script is declared ended: after its last wait and its
 * ramps, and never in the frame of its last command (BULLETML.md 4.2, Q18). */
static int32_t vm_end_frame(const vm *v, const vm_runner *r)
{
    int32_t f = r->sched > v->now + 1 ? r->sched : v->now + 1;
    for (int k = 0; k < VM_RAMP_KINDS; k++)
        if (r->ramp_end[k] > f)
            f = r->ramp_end[k];
    return f;
}

/* ---- firing ---- */

/* Spawns one bullet; with func != VM_NIL a new runner drives it from next
 * frame. Returns its object, 0 when refused. */
static vm_obj vm_spawn_one(vm *v, vm_runner *r, vm_shot *shot, uint32_t func, const double *args)
{
    uint32_t ridx = VM_NIL;
    shot->runner = 0;
    if (func != VM_NIL) {
        ridx = vm_alloc_runner(v);
        if (ridx == VM_NIL)
            return 0; /* no runner for its script: the bullet is refused (counted) */
        shot->runner = vm_make_id(v, ridx);
    }
    vm_obj obj = v->host.spawn(v->host.user, r->obj, shot);
    if (obj == 0) {
        v->stats.spawn_refused++;
        if (ridx != VM_NIL)
            vm_release(v, ridx);
        return 0;
    }
    v->stats.spawned++;
    if (ridx != VM_NIL)
        vm_init_runner(v, ridx, r->prog, func, obj, args, v->now + 1);
    return obj;
}

/* What a value that is not a finite number is, for a message. */
static const char *vm_non_finite_word(double x)
{
    return isnan(x) ? "not a number (0/0?)" : "infinite (a division by zero?)";
}

/* Whether the volley's size can be fired with budget instructions left: a count
 * or layers that is not a finite number, or more bullets (or lasers) than the
 * budget, is a run-time error at the fire (vm_fail; the runner stops). r->pc is
 * past FIRE. */
static int vm_volley_fits(vm *v, uint32_t idx, double count, double layers, uint32_t budget)
{
    uint32_t fire_pc = v->runners[idx].pc - 1;
    const char *shots = v->shot.field[VM_SHOT_LASER] ? "lasers" : "bullets";
    const char *shot = v->shot.field[VM_SHOT_LASER] ? "laser" : "bullet";
    if (!isfinite(count) || !isfinite(layers)) {
        vm_fail(v, idx, fire_pc, "the volley's %s is %s: no %s can be fired",
                isfinite(count) ? "layers" : "count",
                vm_non_finite_word(isfinite(count) ? layers : count), shot);
        return 0;
    }
    double layered = trunc(layers) < 1 ? 1 : trunc(layers);
    double bullets = trunc(count) * layered;
    if (count < 1 || bullets <= budget)
        return 1;
    if (v->exec_frame_capped && bullets <= v->cfg.budget) {
        v->stats.budget_stops++;
        vm_fail(v, idx, fire_pc,
                "a volley of %.0f %s: over what is left of this frame's budget (all scripts "
                "together run at most %u instructions a frame; each %s costs one)",
                bullets, shots, (unsigned)v->cfg.frame_budget, shot);
        return 0;
    }
    if (bullets > v->cfg.budget)
        vm_fail(v, idx, fire_pc,
                "a volley of %.0f %s: a script fires at most %u in one frame (each %s "
                "costs one of its %u instructions)",
                bullets, shots, (unsigned)v->cfg.budget, shot, (unsigned)v->cfg.budget);
    else
        vm_fail(v, idx, fire_pc,
                "a volley of %.0f %s after %u instructions this frame: over the %u "
                "instructions a script may run in one frame (each %s costs one)",
                bullets, shots, (unsigned)(v->exec_limit - budget), (unsigned)v->cfg.budget, shot);
    return 0;
}

/* The first motion value of a shot that is not a finite number ("speed",
 * "direction", ...; its value in *value), or NULL when all are finite. */
static const char *vm_shot_not_finite(const vm_shot *shot, double *value)
{
    const double values[] = {shot->speed,
                             shot->dir,
                             shot->field[VM_SHOT_VX],
                             shot->field[VM_SHOT_VY],
                             shot->field[VM_SHOT_ACCEL],
                             shot->field[VM_SHOT_SPIN]};
    static const char *const names[] = {"speed", "direction", "vx", "vy", "accel", "spin"};
    for (size_t k = 0; k < sizeof values / sizeof values[0]; k++) {
        if (!isfinite(values[k])) {
            *value = values[k];
            return names[k];
        }
    }
    return NULL;
}

/* check_shots: tells the host, once per runner, of a shot with a motion value
 * that is not a finite number. The runner goes on and the shot is fired as it
 * is (the bullet pool sets such values to 0), so the run stays what the game
 * does; only the modder is told. */
static void vm_check_shot(vm *v, uint32_t idx, const vm_shot *shot)
{
    vm_runner *r = &v->runners[idx];
    double value;
    const char *what = vm_shot_not_finite(shot, &value);
    if (!what || (r->flags & RF_TOLD))
        return;
    r->flags |= RF_TOLD;
    snprintf(v->message, sizeof v->message, "the bullet's %s is %s: the game treats it as 0", what,
             vm_non_finite_word(value));
    vm_report(v, idx, r->pc - 1);
}

/* A shot register as the host reads it (vm_shot.field), by its kind. */
static double vm_shot_value(vm_shot_kind kind, double x)
{
    switch (kind) {
    case VM_SHOT_AS_FRAMES: {
        int32_t n = vm_trunc(x);
        return n < 0 ? 0 : n;
    }
    case VM_SHOT_AS_FLAG: return x != 0;
    case VM_SHOT_AS_LASER: {
        int32_t n = vm_trunc(x);
        return n >= 1 && n <= LASER_KIND_COUNT ? n : 0; /* a kind's id + 1 (sim/laser_pool.h) */
    }
    case VM_SHOT_AS_NUMBER: break;
    }
    return x;
}

/* FIRE / FIRE_RUN: completes the shot registers with BulletML's defaults (speed
 * first, then direction, each recorded as the previous value), lays the volley
 * out and spawns it. Each bullet costs one unit of the runner's *budget. Returns
 * 0, or -1 when the volley cannot be fired: the runner was stopped with an error. */
static int vm_fire(vm *v, uint32_t idx, uint32_t func, const double *args, uint32_t *budget_left)
{
    vm_runner *r = &v->runners[idx];
    vm_shot_regs *s = &v->shot;
    if (!s->spd_set) {
        s->spd = vm_get(v, r, VM_PROP_DEFAULT_SPEED);
        vm_record_spd(r, s->spd);
    }
    if (!s->dir_set) {
        s->dir = vm_get(v, r, VM_PROP_AIM);
        vm_record_dir(r, s->dir);
    }
    r->shot_dir = s->dir;
    r->shot_spd = s->spd;
    r->shot_kept = 1;
    const double *fl = s->field;
    double count = s->form == VM_FORM_SINGLE ? 1.0 : fl[VM_SHOT_COUNT];
    if (!vm_volley_fits(v, idx, count, fl[VM_SHOT_LAYERS], *budget_left))
        return -1;
    uint32_t budget = *budget_left;
    int32_t n = vm_trunc(count);
    int32_t layers = vm_trunc(fl[VM_SHOT_LAYERS]);
    if (layers < 1)
        layers = 1;
    if (n < 1)
        return 0;
    double angle = fl[VM_SHOT_ANGLE], step = 0.0, start = s->dir;
    if (s->form == VM_FORM_RING) {
        step = 360.0 / n;
    } else if (s->form == VM_FORM_ARC) {
        step = n > 1 ? angle / (n - 1) : 0.0;
        start = s->dir - angle / 2;
    } else if (s->form == VM_FORM_SPREAD) {
        step = angle;
        start = s->dir - angle * (n - 1) / 2;
    }
    vm_shot shot = {0};
    for (int f = 0; f < VM_SHOT_FIELD_COUNT; f++)
        shot.field[f] = vm_shot_value(vm_field_kinds[f], fl[f]);
    shot.look = s->look;
    double radius = fl[VM_SHOT_RADIUS];
    uint64_t kept = 0;
    for (int32_t l = 0; l < layers; l++) {
        shot.speed = l == 0 ? s->spd : s->spd + fl[VM_SHOT_LAYER_SPEED] * l;
        for (int32_t k = 0; k < n; k++) {
            if (budget == 0 || v->abort) {
                *budget_left = budget;
                return 0;
            }
            budget--;
            shot.dir = k == 0 ? start : start + step * k;
            shot.dx = fl[VM_SHOT_OFFSET_X];
            shot.dy = fl[VM_SHOT_OFFSET_Y];
            if (r->flags & RF_GHOST) {
                shot.absolute = 1;
                shot.dx += r->ghost_x;
                shot.dy += r->ghost_y;
            }
            if (radius != 0.0) {
                double sn, cs;
                trig_sincos(shot.dir * TRIG_DEG2RAD, &sn, &cs);
                shot.dx += radius * sn;
                shot.dy -= radius * cs;
            }
            if (v->cfg.check_shots)
                vm_check_shot(v, idx, &shot);
            vm_obj obj = vm_spawn_one(v, r, &shot, func, args);
            if (obj && v->keep)
                vm_keep(v, obj, kept++);
        }
    }
    *budget_left = budget;
    return 0;
}

static void vm_shot_begin(vm *v)
{
    vm_shot_regs *s = &v->shot;
    s->dir_set = s->spd_set = 0;
    s->dir = s->spd = 0.0;
    memcpy(s->field, vm_field_defaults, sizeof s->field);
    s->look = 0;
    s->form = VM_FORM_SINGLE;
    v->keep = 0;
}

/* FIRE and FIRE_RUN: the volley, and what it keeps for KEPT (SHOT_KEEP). */
static int vm_fire_kept(vm *v, uint32_t idx, uint32_t func, const double *args, uint32_t *budget)
{
    uint64_t start = v->groups_kept;
    v->kept_first = 0;
    int rc = vm_fire(v, idx, func, args, budget);
    v->kept_group = v->keep == 2 ? vm_group_value(start, v->groups_kept - start) : 0.0;
    v->keep = 0;
    return rc;
}

/* ---- math ---- */

double vm_math_eval(vm_math fn, const double *a)
{
    double s, c;
    switch (fn) {
    case VM_MATH_SIN: trig_sincos(a[0] * TRIG_DEG2RAD, &s, &c); return s;
    case VM_MATH_COS: trig_sincos(a[0] * TRIG_DEG2RAD, &s, &c); return c;
    case VM_MATH_ATAN2: return trig_atan2(a[0], a[1]) * TRIG_RAD2DEG;
    case VM_MATH_ANGLE: { /* heading of the vector (dx, dy), in [0, 360) */
        double d = trig_atan2(a[0], -a[1]) * TRIG_RAD2DEG;
        return d < 0 ? d + 360.0 : d;
    }
    case VM_MATH_SQRT: return sqrt(a[0]);
    case VM_MATH_ABS: return fabs(a[0]);
    case VM_MATH_FLOOR: return floor(a[0]);
    case VM_MATH_CEIL: return ceil(a[0]);
    case VM_MATH_ROUND: return round(a[0]);
    case VM_MATH_SIGN: return a[0] > 0 ? 1.0 : a[0] < 0 ? -1.0 : 0.0;
    case VM_MATH_MIN: return a[0] < a[1] ? a[0] : a[1];
    case VM_MATH_MAX: return a[0] > a[1] ? a[0] : a[1];
    case VM_MATH_CLAMP: return a[0] < a[1] ? a[1] : a[0] > a[2] ? a[2] : a[0];
    case VM_MATH_LERP: return a[0] + (a[1] - a[0]) * a[2];
    default: break;
    }
    if (vm_math_domain(fn, a))
        return 0.0;
    switch (fn) {
    case VM_MATH_TAN: trig_sincos(a[0] * TRIG_DEG2RAD, &s, &c); return s / c;
    case VM_MATH_POW: return powers_pow(a[0], a[1]);
    case VM_MATH_EXP: return powers_exp(a[0]);
    case VM_MATH_LOG: return powers_log(a[0]);
    default: return 0.0;
    }
}

const char *vm_math_domain(vm_math fn, const double *a)
{
    switch (fn) {
    case VM_MATH_TAN: /* 90 + k 180 degrees, exactly: no tangent */
        return vm_mod(a[0], 180.0) == 90.0 ? "the tangent of 90 degrees (or 90 + k * 180)" : NULL;
    case VM_MATH_LOG: return a[0] <= 0.0 ? "the logarithm of 0 or less" : NULL;
    case VM_MATH_POW:
        if (a[0] < 0.0 && a[1] > -9.0e15 && a[1] < 9.0e15 && (double)(int64_t)a[1] != a[1])
            return "a negative number to a fractional power";
        if (a[0] == 0.0 && a[1] < 0.0)
            return "0 to a negative power";
        return NULL;
    default: return NULL;
    }
}

double vm_mod(double y, double x)
{
    double m = fmod(y, x);
    if (m != 0.0 && ((m < 0.0) != (x < 0.0)))
        m += x;
    return m;
}

/* Index of the value PICK selects among n by rank: round(rank * (n - 1)). */
static int vm_pick_index(double rank, int n)
{
    double i = round(rank * (n - 1));
    if (!(i > 0))
        return 0;
    return i >= n - 1 ? n - 1 : (int)i;
}

/* ---- the interpreter ---- */

/* A runner with hooks (`on cancel { ... }`) that ends or vanishes does not
 * stop: it sleeps until its object is gone, when the host gives vm_event its
 * event and then stops it, so that its hooks still run. Returns 1 when parked. */
static int vm_park(vm *v, uint32_t idx)
{
    const vm_runner *r = &v->runners[idx];
    uint32_t any = 0;
    for (int k = 0; k < VM_EVENT_COUNT; k++)
        any |= r->hook[k];
    if (!any)
        return 0;
    vm_sleep(v, idx, INT32_MAX);
    return 1;
}

/* Stops the executing runner, which ran out of its own budget, of what was left
 * of the frame's, or started a runner over the frame's limit. */
static void vm_stop_over_budget(vm *v, uint32_t idx, uint32_t pc)
{
    if (v->starts_over) {
        v->starts_over = 0;
        v->stats.budget_stops++;
        vm_fail(v, idx, pc,
                "too many scripts started in one frame: all scripts together start at most %u "
                "a frame (threads, bullets with a script, enemies)",
                (unsigned)v->cfg.frame_starts);
    } else if (v->exec_frame_capped) {
        v->stats.budget_stops++;
        vm_fail(v, idx, pc,
                "the frame's script budget ran out here: all scripts together run at most %u "
                "instructions a frame (too many threads, or loops without a wait?)",
                (unsigned)v->cfg.frame_budget);
    } else {
        vm_fail(v, idx, pc,
                "runaway script: more than %u instructions in one frame (a loop without a wait?)",
                (unsigned)v->cfg.budget);
    }
}

/* An array reference (ARRREF's: slot at << 8 | size; AREF's: VM_AREA_REF |
 * area index << VM_AREA_SIZE_BITS | size - 1): its values and how many, or
 * NULL when it is none that runner stack base may reach (slots below limit). */
#define VM_AREA_REF 0x80000000u
static double vm_area_ref(uint32_t at, uint32_t n)
{
    return (double)(VM_AREA_REF | at << VM_AREA_SIZE_BITS | (n - 1u));
}

static double *vm_ref_values(const vm *v, double *base, uint32_t limit, double ref, uint32_t *n)
{
    *n = 0;
    if (!(ref >= 0.0 && ref < 4294967296.0))
        return NULL;
    uint32_t u = (uint32_t)ref;
    if (u & VM_AREA_REF) {
        uint32_t at = (u & ~VM_AREA_REF) >> VM_AREA_SIZE_BITS;
        *n = VM_AREA_COUNT(u);
        return at + *n <= v->area_chunks * VM_AREA_CHUNK ? v->area + at : NULL;
    }
    *n = u & 0xffu;
    return (u >> 8) + *n <= limit ? base + (u >> 8) : NULL;
}

/* Area array ax (VM_AREA_AX) of the call running now, or NULL when its block
 * does not hold it. */
static double *vm_area_at(const vm *v, const vm_runner *r, uint32_t ax)
{
    if (!r->arr)
        return NULL;
    uint32_t n;
    double *a = vm_area_block(v, r->arr, &n);
    return VM_AREA_OFFSET(ax) + VM_AREA_COUNT(ax) <= n ? a + VM_AREA_OFFSET(ax) : NULL;
}

/* Runs runner idx from its pc at frame now until it sleeps, ends or fails. */
static void vm_exec(vm *v, uint32_t idx)
{
    vm_runner *r = &v->runners[idx];
    const vm_program *prog = r->prog;
    const uint32_t *code = prog->code;
    const double *K = prog->consts;
    double *base = v->stacks + (size_t)idx * v->cfg.stack_slots;
    vm_call_frame *frames = v->frames + (size_t)idx * VM_MAX_DEPTH;
    double *fp = base + r->fp;
    double *sp = base + r->sp;
    uint32_t pc = r->pc;
    const int32_t T = v->now;
    v->exec_frame_capped = v->frame_left < v->cfg.budget;
    v->exec_limit = v->exec_frame_capped ? v->frame_left : v->cfg.budget;
    uint32_t budget = v->exec_limit;
    uint32_t executed = 0;
    /* YIELD 1 needs to know whether, since a WAIT woke the runner, it has only
     * climbed out of loops and calls (LOOP_TEST, LOOP_NEXT, JMP, RET). */
    const int woke_from_wait = (r->flags & RF_WAITED) != 0;
    uint32_t climbed = 0;
    /* GOTOs run since the runner woke, and the last one: where a recursion
     * without a wait is reported when it meets the budget. */
    uint32_t gotos = 0, goto_pc = 0;
    r->flags &= (uint16_t)~RF_WAITED;
    v->current = idx;
    v->abort = 0;
    v->targeting = 0;

#define SAVE()                         \
    do {                               \
        r->pc = pc;                    \
        r->sp = (uint16_t)(sp - base); \
        r->fp = (uint16_t)(fp - base); \
    } while (0)
/* An area instruction's cost past its own: 1 per VM_AREA_CHUNK values. */
#define AREA_CHARGE(values)                                  \
    do {                                                     \
        uint32_t cost_ = (uint32_t)(values) / VM_AREA_CHUNK; \
        if (cost_ > budget) {                                \
            budget = 0;                                      \
            vm_stop_over_budget(v, idx, pc - 1);             \
            goto out;                                        \
        }                                                    \
        budget -= cost_;                                     \
    } while (0)
#define BINARY(expr)       \
    do {                   \
        double x = *--sp;  \
        double y = sp[-1]; \
        sp[-1] = (expr);   \
        (void)x;           \
        (void)y;           \
    } while (0)

    for (;;) {
        if (v->abort) {
            vm_release(v, idx);
            v->stats.killed++;
            goto out;
        }
        if (budget == 0 && gotos > 1) {
            vm_fail(v, idx, goto_pc,
                    "runaway recursion: %u references entered at frame %d without a wait "
                    "(libbulletml hangs on it)",
                    (unsigned)gotos, (int)T);
            goto out;
        }
        if (budget == 0 || v->starts_over) {
            /* Name the instruction about to run, not pc - 1: after a loop's
             * backward jump pc - 1 may be the last instruction of the function
             * before this one in memory; a start over the frame's limit was the
             * instruction just run. */
            vm_stop_over_budget(v, idx, v->starts_over && pc ? pc - 1 : pc);
            goto out;
        }
        budget--;
        executed++;
        uint32_t i = code[pc++];
        switch (VM_GET_OP(i)) {
        case VM_OP_CONST: *sp++ = K[VM_GET_AX(i)]; break;
        case VM_OP_LOCAL: *sp++ = fp[VM_GET_AX(i)]; break;
        case VM_OP_STORE: fp[VM_GET_AX(i)] = *--sp; break;
        case VM_OP_POP: sp--; break;
        case VM_OP_DUP:
            sp[0] = sp[-1];
            sp++;
            break;
        case VM_OP_ADD: BINARY(y + x); break;
        case VM_OP_SUB: BINARY(y - x); break;
        case VM_OP_MUL: BINARY(y * x); break;
        case VM_OP_DIV: BINARY(y / x); break;
        case VM_OP_MOD: BINARY(vm_mod(y, x)); break;
        case VM_OP_NEG: sp[-1] = -sp[-1]; break;
        case VM_OP_NOT: sp[-1] = sp[-1] == 0.0 ? 1.0 : 0.0; break;
        case VM_OP_LT: BINARY(y < x ? 1.0 : 0.0); break;
        case VM_OP_LE: BINARY(y <= x ? 1.0 : 0.0); break;
        case VM_OP_GT: BINARY(y > x ? 1.0 : 0.0); break;
        case VM_OP_GE: BINARY(y >= x ? 1.0 : 0.0); break;
        case VM_OP_EQ: BINARY(y == x ? 1.0 : 0.0); break;
        case VM_OP_NE: BINARY(y != x ? 1.0 : 0.0); break;
        case VM_OP_MATH: {
            vm_math fn = (vm_math)VM_GET_AX(i);
            int n = vm_math_arities[fn];
            sp -= n;
            *sp = vm_math_eval(fn, sp);
            sp++;
            break;
        }
        case VM_OP_PICK: {
            int n = (int)VM_GET_AX(i);
            int k = vm_pick_index(vm_get(v, r, VM_PROP_RANK), n);
            sp -= n;
            sp[0] = sp[k];
            sp++;
            break;
        }
        case VM_OP_RAND: *sp++ = v->host.random(v->host.user); break;
        case VM_OP_GET: *sp++ = vm_get(v, r, (vm_prop)VM_GET_AX(i)); break;
        case VM_OP_PREV:
            if (VM_GET_AX(i) == 0)
                *sp++ = (r->flags & RF_PREV_DIR) ? r->prev_dir : vm_get(v, r, VM_PROP_AIM);
            else
                *sp++ =
                    (r->flags & RF_PREV_SPD) ? r->prev_spd : vm_get(v, r, VM_PROP_DEFAULT_SPEED);
            break;
        case VM_OP_CLOCK: *sp++ = (double)((int64_t)T - r->born); break;
        case VM_OP_JMP:
            pc = VM_GET_AX(i);
            climbed++;
            break;
        case VM_OP_JMPF:
            if (*--sp == 0.0)
                pc = VM_GET_AX(i);
            break;
        case VM_OP_JMPT:
            if (*--sp != 0.0)
                pc = VM_GET_AX(i);
            break;
        case VM_OP_LOOP_INIT: {
            double *slot = fp + VM_GET_A(i);
            int32_t n = vm_trunc(*--sp);
            if ((VM_GET_B(i) & VM_LOOP_AT_LEAST_ONCE) && n < 1)
                n = 1;
            slot[0] = 0.0;
            slot[1] = (double)n;
            break;
        }
        case VM_OP_LOOP_TEST: {
            const double *slot = fp + VM_GET_A(i);
            if (!(slot[0] < slot[1]))
                pc = (uint32_t)((int32_t)pc + VM_GET_SB(i));
            climbed++;
            break;
        }
        case VM_OP_LOOP_NEXT:
            fp[VM_GET_A(i)] += 1.0;
            pc = (uint32_t)((int32_t)pc + VM_GET_SB(i));
            climbed++;
            break;
        case VM_OP_WAIT: {
            if (prog->show_count && v->host.show)
                vm_show_at(v, r, pc - 1, 0);
            int32_t n = vm_trunc(*--sp);
            if (n > 0)
                r->sched = vm_add_frames(r->sched, n);
            if (r->sched > T) {
                SAVE();
                if (r->flags & RF_VANISHED) {
                    if (!vm_park(v, idx))
                        vm_finish(v, idx, VM_END_VANISHED);
                    goto out;
                }
                r->flags |= RF_WAITED;
                vm_sleep(v, idx, r->sched);
                goto out;
            }
            break;
        }
        case VM_OP_YIELD:
            /* YIELD 1, BulletML's next root: it starts in the frame after the last
             * command of the previous root. When that command was a WAIT the runner
             * has already slept past it, so the root starts now (BULLETML.md 4.2). */
            if (VM_GET_AX(i) == 1 && woke_from_wait && executed == climbed + 1)
                break;
            SAVE();
            if (r->flags & RF_VANISHED) {
                if (!vm_park(v, idx))
                    vm_finish(v, idx, VM_END_VANISHED);
                goto out;
            }
            vm_sleep(v, idx, r->sched > T + 1 ? r->sched : T + 1);
            goto out;
        case VM_OP_CALL:
        case VM_OP_CALLV: {
            const vm_func *f = &prog->funcs[VM_GET_AX(i)];
            double *nfp = sp - f->nparams;
            if (r->depth >= VM_MAX_DEPTH) {
                vm_fail(v, idx, pc - 1,
                        "calls nested more than %d deep (a pattern or function calling itself?)",
                        VM_MAX_DEPTH);
                goto out;
            }
            if ((size_t)(nfp - base) + f->frame_size > v->cfg.stack_slots) {
                vm_fail(v, idx, pc - 1,
                        "out of value slots: calling '%s' needs %u more, a script has %u in "
                        "all (calls nested too deep, or too many variables and arrays?)",
                        f->name, (unsigned)f->frame_size, (unsigned)v->cfg.stack_slots);
                goto out;
            }
            frames[r->depth].pc = pc;
            frames[r->depth].fp = (uint16_t)(fp - base);
            frames[r->depth].arr = r->arr;
            r->arr = 0;
            r->depth++;
            fp = nfp;
            memset(fp + f->nparams, 0, f->nlocals * sizeof *fp);
            sp = fp + f->nparams + f->nlocals;
            pc = f->pc;
            if (prog->show_count && v->host.show)
                vm_show_at(v, r, pc, 1);
            break;
        }
        case VM_OP_GOTO: {
            /* BulletML's ref into a recursion: libbulletml never comes back from it
             * (its stack grows for ever), so the callee takes over this frame. */
            const vm_func *f = &prog->funcs[VM_GET_AX(i)];
            if ((size_t)(fp - base) + f->frame_size > v->cfg.stack_slots) {
                vm_fail(v, idx, pc - 1,
                        "out of value slots: '%s' needs %u here, a script has %u in all", f->name,
                        (unsigned)f->frame_size, (unsigned)v->cfg.stack_slots);
                goto out;
            }
            gotos++;
            goto_pc = pc - 1;
            vm_area_free(v, r->arr); /* the frame's arrays go with it */
            r->arr = 0;
            memmove(fp, sp - f->nparams, f->nparams * sizeof *fp);
            memset(fp + f->nparams, 0, f->nlocals * sizeof *fp);
            sp = fp + f->nparams + f->nlocals;
            pc = f->pc;
            break;
        }
        case VM_OP_RET:
            if (r->depth > 0) {
                climbed++;
                r->depth--;
                vm_area_free(v, r->arr);
                r->arr = frames[r->depth].arr;
                sp = fp;
                pc = frames[r->depth].pc;
                fp = base + frames[r->depth].fp;
                break;
            }
            goto end_thread; /* returning from the thread's function ends it */
        case VM_OP_RETV: {
            double x = *--sp;
            if (r->depth == 0)
                goto end_thread; /* a function run as a thread: the value has no taker */
            climbed++;
            r->depth--;
            vm_area_free(v, r->arr);
            r->arr = frames[r->depth].arr;
            sp = fp;
            pc = frames[r->depth].pc;
            fp = base + frames[r->depth].fp;
            *sp++ = x;
            break;
        }
        case VM_OP_LOCALI:
        case VM_OP_STOREI: {
            double x = VM_GET_OP(i) == VM_OP_STOREI ? *--sp : 0.0;
            double k = *--sp;
            uint32_t n = VM_GET_A(i);
            if (!(k > -1.0 && k < (double)n)) {
                vm_fail(v, idx, pc - 1, "index %.10g is outside an array of %u (0 to %u)", k,
                        (unsigned)n, (unsigned)n - 1);
                goto out;
            }
            double *slot = fp + VM_GET_B(i) + (uint32_t)k;
            if (VM_GET_OP(i) == VM_OP_STOREI)
                *slot = x;
            else
                *sp++ = *slot;
            break;
        }
        case VM_OP_END:
        end_thread:
            if (prog->show_count && v->host.show)
                vm_show_at(v, r, pc - 1, 0);
            SAVE();
            if (r->flags & RF_VANISHED) {
                if (!vm_park(v, idx))
                    vm_finish(v, idx, VM_END_VANISHED);
                goto out;
            }
            if (vm_park(v, idx))
                goto out;
            r->flags |= RF_ENDING;
            vm_sleep(v, idx, vm_end_frame(v, r));
            goto out;
        case VM_OP_FORK: {
            const vm_func *f = &prog->funcs[VM_GET_AX(i)];
            char why[256];
            sp -= f->nparams;
            if (!vm_func_fits(f, v->cfg.stack_slots, why, sizeof why)) {
                vm_fail(v, idx, pc - 1, "%s", why);
                goto out;
            }
            vm_obj on = vm_object(v, r);
            if (v->targeting && !on)
                break; /* a dead handle's object: nothing to run on */
            uint32_t nidx = vm_alloc_runner(v);
            if (nidx == VM_NIL)
                break;
            vm_init_runner(v, nidx, prog, VM_GET_AX(i), on, sp, T);
            if (v->targeting) {
                v->runners[nidx].flags |= RF_HELD;
                v->runners[nidx].held = v->target_handle;
            } else if (r->flags & RF_GHOST) { /* a thread of a hook's copy stands there too */
                v->runners[nidx].flags |= RF_GHOST;
                v->runners[nidx].ghost_x = r->ghost_x;
                v->runners[nidx].ghost_y = r->ghost_y;
                v->runners[nidx].killer = r->killer;
            }
            break;
        }
        case VM_OP_SET: {
            double x = *--sp;
            vm_obj on = vm_object(v, r);
            if (!v->targeting || on)
                v->host.set(v->host.user, on, (vm_prop)VM_GET_AX(i), x);
            break;
        }
        case VM_OP_RAMP: {
            double x = *--sp;
            double term = *--sp;
            vm_start_ramp(v, idx, (vm_prop)VM_GET_A(i), VM_GET_B(i), term, x);
            break;
        }
        case VM_OP_VANISH:
            if (v->targeting) {
                if (v->target)
                    v->host.vanish(v->host.user, v->target);
                break;
            }
            r->flags |= RF_VANISHED;
            v->host.vanish(v->host.user, r->obj);
            break;
        case VM_OP_ACT: {
            int n = (int)VM_GET_B(i);
            vm_obj on = vm_object(v, r);
            sp -= n;
            if (v->host.act && (!v->targeting || on)) {
                SAVE();
                v->in_act = 1;
                v->act_obj = 0;
                v->host.act(v->host.user, on, (vm_verb)VM_GET_A(i), sp, n);
                v->in_act = 0;
                if (VM_GET_A(i) == VM_VERB_SPAWN)
                    v->kept_enemy = vm_lasting(v, v->act_obj);
            }
            break;
        }
        case VM_OP_SHOT_KEEP: v->keep = VM_GET_AX(i); break;
        case VM_OP_KEPT:
            *sp++ = VM_GET_AX(i) == 0   ? (double)v->kept_first
                    : VM_GET_AX(i) == 1 ? v->kept_group
                                        : (double)v->kept_enemy;
            break;
        case VM_OP_TARGET: {
            double h = *--sp;
            v->targeting = 1;
            v->target = vm_resolve(v, h);
            v->target_handle = v->target ? (vm_handle)h : 0;
            break;
        }
        case VM_OP_UNTARGET: v->targeting = 0; break;
        case VM_OP_GROUP_AT: {
            double k = *--sp;
            sp[-1] = (double)vm_group_at(v, sp[-1], k);
            break;
        }
        case VM_OP_GROUP_COUNT: sp[-1] = (double)vm_group_count(sp[-1]); break;
        case VM_OP_QUERY: {
            sp -= 2;
            SAVE();
            sp[-1] = vm_query(v, (vm_query_kind)VM_GET_AX(i), sp[-1], sp[0], sp[1], &budget);
            break;
        }
        case VM_OP_HOOK: r->hook[vm_hook_event(VM_GET_AX(i))] = vm_hook_pc(VM_GET_AX(i)) + 1; break;
        case VM_OP_HGET: {
            vm_obj on = vm_resolve(v, sp[-1]);
            vm_prop p = (vm_prop)VM_GET_AX(i);
            sp[-1] = p == VM_PROP_ALIVE ? (on != 0) : v->host.get(v->host.user, on, p);
            break;
        }
        case VM_OP_SHARED: *sp++ = v->shared[VM_GET_AX(i)]; break;
        case VM_OP_SSTORE: v->shared[VM_GET_AX(i)] = *--sp; break;
        case VM_OP_ARRREF:
            *sp++ = (double)((uint32_t)(fp - base + VM_GET_B(i)) << 8 | VM_GET_A(i));
            break;
        case VM_OP_REFN: {
            uint32_t n;
            if (!vm_ref_values(v, base, (uint32_t)(fp - base), fp[VM_GET_AX(i)], &n)) {
                vm_fail(v, idx, pc - 1, "an array reference outside the callers' arrays");
                goto out;
            }
            *sp++ = (double)n;
            break;
        }
        case VM_OP_REFI:
        case VM_OP_RSTOREI: {
            double x = VM_GET_OP(i) == VM_OP_RSTOREI ? *--sp : 0.0;
            double k = *--sp;
            uint32_t n;
            double *at = vm_ref_values(v, base, (uint32_t)(fp - base), fp[VM_GET_AX(i)], &n);
            if (!at) { /* only a caller's array: never made so */
                vm_fail(v, idx, pc - 1, "an array reference outside the callers' arrays");
                goto out;
            }
            if (!(k > -1.0 && k < (double)n)) {
                vm_fail(v, idx, pc - 1, "index %.10g is outside an array of %u (0 to %u)", k,
                        (unsigned)n, (unsigned)n - 1);
                goto out;
            }
            double *slot = at + (uint32_t)k;
            if (VM_GET_OP(i) == VM_OP_RSTOREI)
                *slot = x;
            else
                *sp++ = *slot;
            break;
        }
        case VM_OP_ARRNEW: {
            uint32_t n = VM_AREA_COUNT(VM_GET_AX(i)), searched = 0;
            if (!r->arr) { /* the call's first: its block for all its area arrays */
                const vm_func *f = vm_func_at(prog, pc - 1);
                uint32_t want = f ? f->arrays : 0;
                if (!want || vm_area_take(v, r, want, &searched) != 0) {
                    vm_fail(v, idx, pc - 1,
                            "out of array room: this needs %u values for its arrays of over %u, "
                            "and the arrays of all scripts together have %u (%u taken); fewer "
                            "or smaller arrays, or fewer scripts holding them",
                            (unsigned)want, (unsigned)VM_SLOT_ARRAY,
                            (unsigned)(v->area_chunks * VM_AREA_CHUNK),
                            (unsigned)(v->area_used * VM_AREA_CHUNK));
                    goto out;
                }
                AREA_CHARGE(want + searched);
            }
            AREA_CHARGE(n);
            double *a = vm_area_at(v, r, VM_GET_AX(i));
            if (!a)
                goto area_bad;
            memset(a, 0, n * sizeof *a);
            break;
        }
        case VM_OP_AREAI:
        case VM_OP_ASTOREI: {
            double x = VM_GET_OP(i) == VM_OP_ASTOREI ? *--sp : 0.0;
            double k = *--sp;
            uint32_t n = VM_AREA_COUNT(VM_GET_AX(i));
            double *a = vm_area_at(v, r, VM_GET_AX(i));
            if (!a)
                goto area_bad;
            if (!(k > -1.0 && k < (double)n)) {
                vm_fail(v, idx, pc - 1, "index %.10g is outside an array of %u (0 to %u)", k,
                        (unsigned)n, (unsigned)n - 1);
                goto out;
            }
            if (VM_GET_OP(i) == VM_OP_ASTOREI)
                a[(uint32_t)k] = x;
            else
                *sp++ = a[(uint32_t)k];
            break;
        }
        case VM_OP_AREF: {
            double *a = vm_area_at(v, r, VM_GET_AX(i));
            if (!a)
                goto area_bad;
            *sp++ = vm_area_ref((uint32_t)(a - v->area), VM_AREA_COUNT(VM_GET_AX(i)));
            break;
        }
        case VM_OP_ARRCOPY: {
            uint32_t n = 0, m = 0;
            const double *from = vm_ref_values(v, base, v->cfg.stack_slots, *--sp, &n);
            double *to = vm_ref_values(v, base, (uint32_t)(fp - base), fp[VM_GET_AX(i)], &m);
            if (!from || !to) {
                vm_fail(v, idx, pc - 1, "an array reference outside the callers' arrays");
                goto out;
            }
            if (n != m) {
                vm_fail(v, idx, pc - 1, "an array of %u values returned where %u were promised",
                        (unsigned)n, (unsigned)m);
                goto out;
            }
            AREA_CHARGE(n);
            memmove(to, from, n * sizeof *to);
            break;
        }
        area_bad:
            vm_fail(v, idx, pc - 1, "an array outside its call's area block (a damaged program?)");
            goto out;
        case VM_OP_SHAREDI:
        case VM_OP_SSTOREI: {
            double x = VM_GET_OP(i) == VM_OP_SSTOREI ? *--sp : 0.0;
            double k = *--sp;
            uint32_t n = VM_GET_B(i);
            if (!(k > -1.0 && k < (double)n)) {
                vm_fail(v, idx, pc - 1, "index %.10g is outside an array of %u (0 to %u)", k,
                        (unsigned)n, (unsigned)n - 1);
                goto out;
            }
            double *slot = v->shared + VM_GET_A(i) + (uint32_t)k;
            if (VM_GET_OP(i) == VM_OP_SSTOREI)
                *slot = x;
            else
                *sp++ = *slot;
            break;
        }
        case VM_OP_PRINT:
        case VM_OP_PRINT_JOIN: {
            int n = (int)VM_GET_A(i);
            sp -= n;
            SAVE();
            vm_print_values(v, idx, pc - 1, sp, n, VM_GET_B(i), VM_GET_OP(i) == VM_OP_PRINT_JOIN);
            break;
        }
        case VM_OP_SHOT_BEGIN: vm_shot_begin(v); break;
        case VM_OP_SHOT_AGAIN:
            vm_shot_begin(v);
            if (r->shot_kept) {
                v->shot.dir = r->shot_dir;
                v->shot.spd = r->shot_spd;
                v->shot.dir_set = v->shot.spd_set = 1;
            }
            break;
        case VM_OP_SHOT_DIR:
            v->shot.dir = vm_resolve_dir(v, r, (vm_mode)VM_GET_AX(i), *--sp);
            v->shot.dir_set = 1;
            vm_record_dir(r, v->shot.dir);
            break;
        case VM_OP_SHOT_SPD:
            v->shot.spd = vm_resolve_spd(v, r, (vm_mode)VM_GET_AX(i), *--sp);
            v->shot.spd_set = 1;
            vm_record_spd(r, v->shot.spd);
            break;
        case VM_OP_SHOT_SET: v->shot.field[VM_GET_AX(i)] = *--sp; break;
        case VM_OP_SHOT_LOOK: v->shot.look = VM_GET_AX(i); break;
        case VM_OP_SHOT_FORM: v->shot.form = (vm_form)VM_GET_AX(i); break;
        case VM_OP_FIRE:
            SAVE();
            if (vm_fire_kept(v, idx, VM_NIL, NULL, &budget) != 0)
                goto out;
            break;
        case VM_OP_FIRE_RUN: {
            const vm_func *f = &prog->funcs[VM_GET_AX(i)];
            char why[256];
            sp -= f->nparams;
            SAVE();
            if (!vm_func_fits(f, v->cfg.stack_slots, why, sizeof why)) {
                vm_fail(v, idx, pc - 1, "%s", why);
                goto out;
            }
            if (vm_fire_kept(v, idx, VM_GET_AX(i), sp, &budget) != 0)
                goto out;
            break;
        }
        default: vm_fail(v, idx, pc - 1, "bad instruction %08x", (unsigned)i); goto out;
        }
    }
out:
#undef SAVE
#undef BINARY
#undef AREA_CHARGE
    v->stats.instructions += executed;
    v->frame_left -= v->exec_limit - budget;
    v->current = VM_NIL;
    v->abort = 0;
    v->targeting = 0;
}

/* One due runner at frame now: ramps first, then the end check, then its
 * commands while sched <= now (BULLETML.md 4.2). */
static void vm_run(vm *v, uint32_t idx)
{
    vm_runner *r = &v->runners[idx];
    if ((r->flags & RF_HELD) && !vm_resolve(v, (double)r->held)) {
        vm_release(v, idx); /* its handle's object is gone */
        v->stats.killed++;
        return;
    }
    r->state = RS_RUN;
    v->current = idx;
    v->abort = 0;
    if (v->exact)
        vm_apply_ramps(v, idx);
    v->current = VM_NIL;
    if (v->abort) {
        v->abort = 0;
        vm_release(v, idx);
        v->stats.killed++;
        return;
    }
    if (!(r->flags & RF_STARTED)) {
        r->flags |= RF_STARTED;
        r->sched = r->born = v->now;
        /* presentation statements at its function's start (no code: vm_show) */
        if (r->prog->show_count && v->host.show)
            vm_show_at(v, r, r->pc, 1);
    }
    if (r->flags & RF_ENDING) {
        if (r->sched <= v->now && !vm_ramps_running(v, idx))
            vm_finish(v, idx, VM_END_DONE);
        else
            vm_sleep(v, idx, vm_end_frame(v, r));
        return;
    }
    if (r->sched > v->now) {
        vm_sleep(v, idx, r->sched);
        return;
    }
    vm_exec(v, idx);
}

/* Sorts the due list by serial (creation order). Usually it is sorted already or
 * made of a few sorted runs; a bottom-up merge sort handles the rest. */
static void vm_due_sort(vm *v)
{
    uint32_t n = v->due_count;
    uint32_t k = 1;
    while (k < n && v->due[k - 1].serial < v->due[k].serial)
        k++;
    if (k >= n)
        return;
    vm_due *src = v->due, *dst = v->due_tmp;
    for (uint32_t width = 1; width < n; width *= 2) {
        for (uint32_t lo = 0; lo < n; lo += 2 * width) {
            uint32_t mid = lo + width < n ? lo + width : n;
            uint32_t hi = lo + 2 * width < n ? lo + 2 * width : n;
            uint32_t a = lo, b = mid, o = lo;
            while (a < mid && b < hi)
                dst[o++] = src[b].serial < src[a].serial ? src[b++] : src[a++];
            while (a < mid)
                dst[o++] = src[a++];
            while (b < hi)
                dst[o++] = src[b++];
        }
        vm_due *t = src;
        src = dst;
        dst = t;
    }
    if (src != v->due)
        memcpy(v->due, src, n * sizeof *v->due);
}

void vm_tick(vm *v, int32_t frame)
{
    if (v->ticking || frame <= v->now)
        return;
    /* Gather every runner due by `frame` from the slots of the frames since the
     * last tick (one slot normally; the whole wheel at most). */
    int64_t span = (int64_t)frame - v->now;
    if (span > VM_WHEEL)
        span = VM_WHEEL;
    v->due_count = 0;
    for (int64_t k = 0; k < span; k++) {
        uint32_t slot = (uint32_t)(frame - k) & VM_WHEEL_MASK;
        uint32_t idx = v->wheel_head[slot];
        while (idx != VM_NIL) {
            uint32_t next = v->runners[idx].wnext;
            if (v->runners[idx].wake <= frame) {
                vm_wheel_remove(v, idx);
                vm_due_push(v, idx);
            }
            idx = next;
        }
    }
    vm_due_sort(v);
    v->now = frame;
    v->prints_now = 0;
    v->ticking = 1;
    v->frame_left = v->cfg.frame_budget;
    v->stats.frame_started = 0;
    v->starts_over = 0;
    for (uint32_t i = 0; i < v->due_count; i++) {
        vm_due d = v->due[i];
        vm_runner *r = &v->runners[d.idx];
        if (r->state != RS_DUE || r->serial != d.serial)
            continue;
        if (v->frame_left == 0) { /* the frame's budget is spent: the rest run next frame */
            vm_wheel_insert(v, d.idx, frame + 1);
            v->stats.deferred++;
            continue;
        }
        vm_run(v, d.idx);
    }
    v->due_count = 0;
    v->ticking = 0;
    v->starts_over = 0;
    v->stats.frame_instructions = v->cfg.frame_budget - v->frame_left;
    if (v->stats.frame_instructions > v->stats.frame_peak)
        v->stats.frame_peak = v->stats.frame_instructions;
    if (v->stats.frame_started > v->stats.starts_peak)
        v->stats.starts_peak = v->stats.frame_started;
}
