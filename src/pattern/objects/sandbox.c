/*
 * sandbox: a headless world for running pattern content. See sandbox.h.
 *
 * Bullets live in the game's bullet pool (sim/bullet_pool.h): ramps become pool
 * tweens, spin and accel pool rates, and a scripted bullet's removal (culled,
 * expired, cleared) stops its scripts through the pool's despawn log. The other
 * objects (the emitter or stage, enemies, bosses) live in the game's own enemy
 * model (pattern/objects/enemy.h), which moves them, reads and sets their properties
 * and aims them; the sandbox keeps them in spawn order. Every script's reach
 * into them goes through pattern/objects/objects.h, as the game's does (its handles:
 * there). A script never reaches a reused slot. Items scripts drop live in the
 * game's item list (sim/item.h), dropped by its rule (item_script_drop) and
 * falling as nobody caught them (item_fall).
 */
#include "pattern/objects/sandbox.h"

#include "core/mem.h"
#include "core/rng.h"
#include "core/trig.h"
#include "pattern/objects/enemy.h"
#include "pattern/objects/objects.h"
#include "pattern/vm/handle.h"
#include "sim/bullet_pool.h"
#include "sim/item.h"
#include "sim/playfield.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define SB_OBJECTS     4096 /* emitter, stage, enemies, bosses */
#define SB_LASERS      1024
#define SB_LASER_NODES 256
#define SB_ITEMS       2048 /* as the game's field (game/world.h's WORLD_ITEMS) */
#define SB_NEVER       INT32_MAX
#define SB_PHASE_GAP   LIBRARY_PHASE_GAP /* frames between boss phases, as in the game */
#define SB_TITLE_TIME  180

_Static_assert(SB_LASER_NODES == LASER_CURVY_MAX_LENGTH + 1, "the language's longest curvy body");
_Static_assert(SB_LASER_NODES % LASER_HASH_RING == 0, "the game's laser hashes (laser_pool.h)");

struct sandbox {
    int full_power; /* a boss alone or a game's Extra stage: as the game, power 4 */
    sandbox_config cfg;
    bullet_pool pool;
    laser_pool lasers;
    vm_obj *vanished; /* bullets that vanished this tick, despawned after it */
    uint32_t nvanished;
    object_query query;      /* the scripts' `for b in bullets near ...` */
    uint32_t bullet_serial0; /* pool serial before this run's first bullet */
    enemy_table objs;
    uint32_t *order, order_len; /* object indices in spawn order (2 * capacity) */
    uint32_t *order_gen;        /* each entry's object generation: a reused slot's old
                                   entry no longer matches */
    sandbox_object *view;
    uint32_t view_count, bullets;
    vm *v;
    rng r;
    const library *lib;
    int32_t frame; /* the frame being run / last run */
    uint32_t root; /* the emitter / stage object index */
    /* boss fight */
    const library_boss *boss;
    uint32_t boss_obj; /* index + 1, 0 = none */
    int midboss;       /* the fight's boss flies off when it is over (the BOSS verb's) */
    uint32_t phase;    /* running phase index */
    int32_t phase_end, next_phase_at;
    int spell;          /* the phase running is a spell card (its PHASE verb said so) */
    int32_t boss_index; /* the fight's boss in lib->bosses, -1 none */
    /* where the run is, for its backdrop (pattern/content/backdrop_cue.h) */
    int32_t boss_alone;        /* the fight started alone (sandbox_start's boss), -1 none */
    vm_runner_id stage_runner; /* a stage's runner; 0: not a stage */
    uint32_t stage_func;
    char phase_title[96];
    /* title card */
    char title[160];
    int32_t title_end;
    dialogue talk;      /* the dialogue scene, by the game's model */
    uint8_t shot_press; /* the buttons of the next step (sandbox_input) */
    uint8_t skip_held;
    char status[200];
    char last_error[512];
    int errors;
    uint64_t refused;
    /* items: what scripts drop, as in the game, falling; nobody picks them up
     * and the auto-collect line draws none in (it is kept, so that what scripts
     * read is the game's) */
    item_list items;
    item_script_count script_items; /* drop's bound this frame */
    uint64_t items_dropped;
    double collect_line;
    sandbox_shots shots;                  /* each pool's spawned and refused */
    char prints[SANDBOX_PRINT_KEEP][256]; /* a ring: the newest at (print_count - 1) % KEEP */
    uint32_t print_count;
};

/* ---- objects ---- */

/* The handle of object idx. */
static vm_obj sb_handle(const sandbox *sb, uint32_t idx)
{
    return enemy_handle(&sb->objs, idx);
}

/* The live object of a handle, or NULL (stale, or not one of ours). */
static enemy *sb_get(sandbox *sb, vm_obj h)
{
    uint32_t idx = enemy_slot(&sb->objs, h);
    return idx == ENEMY_NONE ? NULL : &sb->objs.slots[idx];
}

/* Drops the spawn-order entries of objects that are gone. */
static void sb_compact(sandbox *sb)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < sb->order_len; i++) {
        const enemy *e = &sb->objs.slots[sb->order[i]];
        if (e->kind != ENEMY_FREE && e->gen == sb->order_gen[i]) {
            sb->order_gen[n] = sb->order_gen[i];
            sb->order[n++] = sb->order[i];
        }
    }
    sb->order_len = n;
}

/* Puts a new object (slot idx, or ENEMY_NONE) in spawn order; returns idx,
 * UINT32_MAX for none. */
static uint32_t sb_track(sandbox *sb, uint32_t idx)
{
    if (idx == ENEMY_NONE)
        return UINT32_MAX;
    const enemy *o = &sb->objs.slots[idx];
    if (sb->order_len == 2 * SB_OBJECTS)
        sb_compact(sb);
    sb->order_gen[sb->order_len] = o->gen;
    sb->order[sb->order_len++] = idx;
    return idx;
}

/* A new object of a kind at (x, y), heading down, in spawn order; UINT32_MAX
 * when full. */
static uint32_t sb_alloc(sandbox *sb, enemy_kind kind, double x, double y)
{
    return sb_track(sb, enemy_alloc(&sb->objs, kind, x, y, sb->frame));
}

/* The sandbox's stores, for pattern/objects/objects.h. */
static objects sb_objects(sandbox *sb)
{
    /* no ship: a `for s in shots near ...` finds nothing */
    return (objects){&sb->pool,      &sb->lasers, &sb->objs, sb->vanished,
                     &sb->nvanished, &sb->query,  NULL,      NULL};
}

/* Removes an object: its scripts stop, its slot is free again. */
static void sb_release(sandbox *sb, uint32_t idx)
{
    const enemy *o = &sb->objs.slots[idx];
    if (o->kind == ENEMY_FREE)
        return;
    if (o->scripted)
        vm_kill_obj(sb->v, sb_handle(sb, idx));
    if (sb->boss_obj == idx + 1)
        sb->boss_obj = 0;
    enemy_release(&sb->objs, idx);
}

/* An object that left the field or vanished (objects_move_enemies). */
static void sb_gone(void *user, uint32_t idx)
{
    sb_release(user, idx);
}

/* Stops the scripts of every scripted bullet and laser the pools removed
 * (`on cancel`, `on vanish` first, as in the game), and forgets them. */
static void sb_reap(sandbox *sb)
{
    objects o = sb_objects(sb);
    objects_reap(&o, sb->v, 1);
}

/* Removes every bullet (a boss phase ending, the clear verb). */
static void sb_clear_bullets(sandbox *sb)
{
    bullet_pool_clear(&sb->pool, BULLET_DESPAWN_CLEAR, 0);
    laser_pool_clear(&sb->lasers, LASER_DESPAWN_CLEAR, 0);
    sb_reap(sb);
}

/* ---- the host ---- */

/* Host callbacks (vm.h): properties, ramps, randomness, spawning, verbs. */
static double sb_cb_get(void *user, vm_obj obj, vm_prop prop)
{
    sandbox *sb = user;
    switch (prop) {
    case VM_PROP_PLAYER_X: return sb->cfg.player_x;
    case VM_PROP_PLAYER_Y: return sb->cfg.player_y;
    case VM_PROP_RANK: return sb->cfg.rank;
    case VM_PROP_DEFAULT_SPEED: return 1.0;
    case VM_PROP_BOSS_ACTIVE: return sb->boss != NULL;
    case VM_PROP_ENEMIES: return objects_enemies(&sb->objs, sb->v, 0); /* the game's rule */
    case VM_PROP_TALKING: return sb->talk.talking;
    case VM_PROP_SHIP: return -1; /* no ship flies here: `if ship == NAME` is false */
    case VM_PROP_COLLECT: return sb->collect_line;
    default: break;
    }
    double value;
    if (sandbox_player_value(prop, sb->cfg.rank, sb->full_power, &value))
        return value;
    objects o = sb_objects(sb);
    return objects_get(&o, obj, prop, sb->frame, sb->cfg.player_x, sb->cfg.player_y);
}

static void sb_cb_set(void *user, vm_obj obj, vm_prop prop, double value)
{
    sandbox *sb = user;
    objects o = sb_objects(sb);
    objects_set(&o, obj, prop, value);
}

static void sb_cb_ramp(void *user, vm_obj obj, vm_prop prop, const vm_ramp *ramp)
{
    sandbox *sb = user;
    objects o = sb_objects(sb);
    objects_ramp(&o, obj, prop, ramp, sb->frame);
}

static double sb_cb_random(void *user)
{
    sandbox *sb = user;
    return rng_double(&sb->r);
}

/* A shot from its parent (the emitter for none); refused, and counted, while
 * a dialogue line is up or when its pool is full. */
static vm_obj sb_cb_spawn(void *user, vm_obj parent, const vm_shot *shot)
{
    sandbox *sb = user;
    int laser = shot->field[VM_SHOT_LASER] != 0;
    uint64_t *refused = laser ? &sb->shots.lasers_refused : &sb->shots.bullets_refused;
    if (dialogue_active(&sb->talk)) { /* nobody fires while a line is up, as in the game */
        sb->refused++;
        (*refused)++;
        return 0;
    }
    objects o = sb_objects(sb);
    double px = sb->cfg.emitter_x, py = sb->cfg.emitter_y;
    objects_parent_pos(&o, parent, &px, &py);
    if (shot->absolute) /* a script whose bullet is gone fires from where it was */
        px = py = 0.0;
    vm_obj made = objects_spawn(&o, px, py, shot, parent);
    sb->refused += made == 0;
    *refused += made == 0;
    if (made)
        (*(laser ? &sb->shots.lasers_spawned : &sb->shots.bullets_spawned))++;
    return made;
}

static void sb_cb_vanish(void *user, vm_obj obj)
{
    sandbox *sb = user;
    objects o = sb_objects(sb);
    objects_vanish(&o, obj); /* as in the game: a boss or the stage stays */
}

/* Starts boss phase k, or ends the fight after the last: the boss goes, a
 * midboss flies off first (as in the game: game/boss.c). */
static void sb_boss_phase(sandbox *sb, uint32_t k)
{
    enemy *o = sb->boss_obj ? &sb->objs.slots[sb->boss_obj - 1] : NULL;
    if (!o || !sb->boss || k >= sb->boss->phase_count) {
        if (o && sb->midboss)
            objects_boss_leave(o, sb->frame);
        else if (o)
            sb_release(sb, sb->boss_obj - 1);
        sb->boss = NULL;
        sb->boss_index = -1;
        sb->boss_obj = 0;
        sb->phase_title[0] = 0;
        return;
    }
    sb->phase = k;
    sb->spell = 0;
    sb->phase_end = SB_NEVER;
    sb->next_phase_at = SB_NEVER;
    const library_phase *ph = &sb->boss->phases[k];
    snprintf(sb->phase_title, sizeof sb->phase_title, "%s", ph->title ? ph->title : "");
    vm_start(sb->v, sb->lib->prog, ph->func, sb_handle(sb, sb->boss_obj - 1), NULL, 0, sb->frame);
    o->scripted = 1;
}

/* Where b is in lib->bosses, or -1. */
static int32_t sb_boss_index(const sandbox *sb, const library_boss *b)
{
    for (uint32_t i = 0; b && sb->lib && i < sb->lib->boss_count; i++)
        if (&sb->lib->bosses[i] == b)
            return (int32_t)i;
    return -1;
}

/* A boss fight: the boss enters as in the game (pattern/objects/objects.h) and its
 * phase `phase` starts (the first, when it has no such phase); a midboss flies
 * off when it is over. */
static void sb_start_boss(sandbox *sb, const library_boss *boss, uint32_t phase, int midboss)
{
    if (boss->phase_count == 0)
        return;
    int32_t index = sb_boss_index(sb, boss);
    uint32_t idx = sb_track(sb, objects_boss_enter(&sb->objs, index, sb->frame));
    if (idx == UINT32_MAX)
        return;
    sb->boss = boss;
    sb->boss_obj = idx + 1;
    sb->midboss = midboss;
    sb->boss_index = index;
    sb_boss_phase(sb, phase < boss->phase_count ? phase : 0);
}

/* DROP: a[1] items of kind a[0] at (a[2], a[3]), as the game's host drops
 * them (game/world_host.c: a kind out of the table, the built-in kinds and
 * the library's own, or a place off the numbers drops nothing; the count
 * clamped to the list). */
static void sb_drop(sandbox *sb, const double *a)
{
    int kinds = ITEM_KIND_COUNT + (sb->lib ? (int)sb->lib->item_count : 0);
    if (!(a[0] >= 0) || a[0] >= kinds || !isfinite(a[2]) || !isfinite(a[3]))
        return;
    double n = !(a[1] > 0) ? 0.0 : a[1] > SB_ITEMS ? SB_ITEMS : a[1];
    sb->items_dropped +=
        (uint64_t)item_script_drop(&sb->items, &sb->script_items, sb->frame, (item_kind)(int)a[0],
                                   (int)n, (float)a[2], (float)a[3]);
}

/* A string of the program by index (verb operands); "" if none. */
static const char *sb_string(const sandbox *sb, double index)
{
    const vm_program *p = sb->lib ? sb->lib->prog : NULL;
    if (!p || !(index >= 0) || index >= p->string_count)
        return "";
    return p->strings[(uint32_t)index];
}

static void sb_cb_act(void *user, vm_obj obj, vm_verb verb, const double *a, int n)
{
    sandbox *sb = user;
    objects objs = sb_objects(sb);
    if (objects_act(&objs, obj, verb, a, sb->frame)) /* the object's own verbs */
        return;
    enemy *o = sb_get(sb, obj);
    switch (verb) {
    case VM_VERB_SPAWN: {
        const vm_program *prog = vm_current_program(sb->v);
        double f = a[0];
        if (!prog || !(f >= 0) || f >= prog->func_count)
            break;
        uint32_t idx = sb_alloc(sb, ENEMY_SMALL, a[1], a[2]);
        if (idx == UINT32_MAX) {
            sb->refused++;
            break;
        }
        sb->objs.slots[idx].scripted = 1;
        vm_start(sb->v, prog, (uint32_t)f, sb_handle(sb, idx), a + 3, n - 3, sb->frame);
        break;
    }
    case VM_VERB_BOSS:
        if (!sb->boss && sb->lib && a[0] >= 0 && a[0] < sb->lib->boss_count)
            sb_start_boss(sb, &sb->lib->bosses[(uint32_t)a[0]], 0, a[1] != 0);
        break;
    case VM_VERB_PHASE:
        if (o && o->kind == ENEMY_BOSS) {
            o->health = a[0];
            int32_t t = vm_trunc(a[1]);
            sb->phase_end = sb->frame + (t > 0 ? t : 1);
            sb->spell = a[3] != 0;
            const char *title = sb_string(sb, a[4]);
            if (title[0])
                snprintf(sb->phase_title, sizeof sb->phase_title, "%s", title);
        }
        break;
    case VM_VERB_TITLE:
        snprintf(sb->title, sizeof sb->title, "%s%s%s", sb_string(sb, a[0]),
                 sb_string(sb, a[1])[0] ? " - " : "", sb_string(sb, a[1]));
        sb->title_end = sb->frame + SB_TITLE_TIME;
        break;
    case VM_VERB_CLEAR: sb_clear_bullets(sb); break;
    case VM_VERB_DROP: sb_drop(sb, a); break;
    case VM_VERB_COLLECT_LINE: /* the game's clamp (game/world_host.c) */
        sb->collect_line = !(a[0] > 0)          ? 0.0
                           : a[0] > PLAYFIELD_H ? PLAYFIELD_H
                                                : (double)(float)a[0];
        break;
    case VM_VERB_SAY: /* no ship, no player's character: every speaker on the right */
        dialogue_say(&sb->talk, sb->lib, vm_current_program(sb->v), -1, a, n, sb->frame,
                     sb->skip_held);
        break;
    default: break; /* score, hitbox, drops, sound, music: nothing to do here */
    }
}

static void sb_cb_error(void *user, const vm_error *e)
{
    sandbox *sb = user;
    sb->errors++;
    snprintf(sb->last_error, sizeof sb->last_error, "%s:%u:%u: %s", e->file, (unsigned)e->line,
             (unsigned)e->col, e->message);
}

/* A script's print: kept in the ring and handed to the config's sink. */
static void sb_cb_print(void *user, const vm_print *p)
{
    sandbox *sb = user;
    char *line = sb->prints[sb->print_count % SANDBOX_PRINT_KEEP];
    snprintf(line, sizeof sb->prints[0], "%s:%u:%u: frame %d: %s", p->file, (unsigned)p->line,
             (unsigned)p->col, (int)p->frame, p->text);
    sb->print_count++;
    if (sb->cfg.print)
        sb->cfg.print(sb->cfg.print_user, line);
}

/* A presentation statement: to the viewer's callback, at its object's place. */
static void sb_cb_show(void *user, vm_obj obj, const vm_show *show)
{
    sandbox *sb = user;
    if (sb->cfg.show)
        sb->cfg.show(sb->cfg.show_user, show, (float)sb_cb_get(sb, obj, VM_PROP_POS_X),
                     (float)sb_cb_get(sb, obj, VM_PROP_POS_Y));
}

/* `for b in bullets near X Y radius R`: the object layer's query, as the game's. */
static uint32_t sb_cb_query(void *user, vm_query_kind kind, double x, double y, double r,
                            vm_obj *out, uint32_t cap)
{
    objects o = sb_objects(user);
    return objects_query(&o, kind, x, y, r, out, cap);
}

/* Handles (`fire ... as b`): the game's rules (pattern/vm/handle.h). */
static vm_handle sb_cb_lasting(void *user, vm_obj obj)
{
    const sandbox *sb = user;
    handle_objects o = {&sb->pool, &sb->lasers, &sb->objs, NULL};
    return handle_lasting(&o, obj);
}

static vm_obj sb_cb_resolve(void *user, vm_handle h)
{
    const sandbox *sb = user;
    handle_objects o = {&sb->pool, &sb->lasers, &sb->objs, NULL};
    return handle_resolve(&o, h);
}

/* ---- life cycle ---- */

void sandbox_config_default(sandbox_config *cfg)
{
    cfg->emitter_x = PLAYFIELD_W / 2;
    cfg->emitter_y = 96;
    cfg->player_x = PLAYFIELD_W / 2;
    cfg->player_y = PLAYFIELD_H - 48;
    cfg->rank = 0.35; /* Normal's rank (game/difficulty.h) */
    cfg->seed = 1;
    cfg->capacity = 65536;
    cfg->budget = 0; /* the VM's own */
    cfg->frame_budget = 0;
    cfg->print = NULL;
    cfg->print_user = NULL;
    cfg->boss_phase = 0;
    cfg->show = NULL; /* `curtain run` kept whatever its stack held, and a flash crashed it */
    cfg->show_user = NULL;
}

sandbox *sandbox_create(const sandbox_config *cfg)
{
    if (!cfg || cfg->capacity < 16 || cfg->capacity > (1u << 23))
        return NULL;
    sandbox *sb = mem_calloc(1, sizeof *sb);
    if (!sb)
        return NULL;
    sb->cfg = *cfg;
    int pool_ok = bullet_pool_init(&sb->pool, cfg->capacity) == 0;
    pool_ok &= laser_pool_init(&sb->lasers, SB_LASERS, SB_LASER_NODES) == 0;
    sb->vanished = mem_alloc(cfg->capacity * sizeof *sb->vanished);
    int objs_ok = enemy_table_init(&sb->objs, SB_OBJECTS) == 0;
    objs_ok &= object_query_init(&sb->query, sb->pool.capacity, SB_LASERS) == 0;
    objs_ok &= item_list_init(&sb->items, SB_ITEMS) == 0;
    sb->order = mem_alloc(2 * (size_t)SB_OBJECTS * sizeof *sb->order);
    sb->order_gen = mem_alloc(2 * (size_t)SB_OBJECTS * sizeof *sb->order_gen);
    sb->view = mem_alloc(((size_t)sb->pool.capacity + SB_OBJECTS) * sizeof *sb->view);
    vm_config vc;
    vm_config_default(&vc);
    vc.capacity = cfg->capacity < 32768 ? cfg->capacity : 32768;
    vc.check_shots = 1; /* tell the modder of bullets the game would keep at 0 */
    if (cfg->budget)
        vc.budget = cfg->budget;
    if (cfg->frame_budget)
        vc.frame_budget = cfg->frame_budget;
    vm_host host = {sb,          sb_cb_get,     sb_cb_set,     sb_cb_ramp, sb_cb_random,
                    sb_cb_spawn, sb_cb_vanish,  sb_cb_act,     NULL,       sb_cb_error,
                    sb_cb_print, sb_cb_lasting, sb_cb_resolve, sb_cb_show, sb_cb_query};
    sb->v = vm_create(&vc, &host);
    if (!pool_ok || !sb->vanished || !objs_ok || !sb->order || !sb->order_gen || !sb->view ||
        !sb->v) {
        sandbox_destroy(sb);
        return NULL;
    }
    return sb;
}

void sandbox_destroy(sandbox *sb)
{
    if (!sb)
        return;
    vm_destroy(sb->v);
    bullet_pool_free(&sb->pool);
    laser_pool_free(&sb->lasers);
    mem_free(sb->vanished);
    object_query_free(&sb->query);
    enemy_table_free(&sb->objs);
    item_list_free(&sb->items);
    mem_free(sb->order);
    mem_free(sb->order_gen);
    mem_free(sb->view);
    mem_free(sb);
}

/* Whether entry is a game's Extra stage (the game starts it at full power). */
static int sb_is_extra(const library *lib, const library_entry *entry)
{
    for (uint32_t g = 0; lib && entry && entry->kind == LIBRARY_STAGE && g < lib->game_count; g++)
        if (lib->games[g].extra && strcmp(lib->games[g].extra, entry->name) == 0)
            return 1;
    return 0;
}

int sandbox_start(sandbox *sb, const library *lib, const library_entry *entry,
                  const library_boss *boss)
{
    vm_reset(sb->v);
    bullet_pool_clear(&sb->pool, BULLET_DESPAWN_CLEAR, 0);
    bullet_pool_clear_despawned(&sb->pool);
    laser_pool_clear(&sb->lasers, LASER_DESPAWN_CLEAR, 0);
    laser_pool_clear_despawned(&sb->lasers);
    sb->nvanished = 0;
    sb->bullet_serial0 = sb->pool.next_serial - 1; /* ids count from 1 in every run */
    enemy_table_clear(&sb->objs);
    sb->order_len = sb->view_count = sb->bullets = 0;
    rng_seed(&sb->r, sb->cfg.seed);
    sb->lib = lib;
    sb->frame = -1;
    sb->boss = NULL;
    sb->boss_obj = 0;
    sb->spell = 0;
    sb->boss_index = -1;
    sb->boss_alone = -1;
    sb->stage_runner = 0;
    sb->stage_func = UINT32_MAX;
    sb->title[0] = sb->phase_title[0] = sb->last_error[0] = 0;
    sb->title_end = 0;
    dialogue_reset(&sb->talk);
    sb->errors = 0;
    sb->print_count = 0;
    sb->refused = 0;
    sb->collect_line = SANDBOX_COLLECT_LINE;
    sb->items.count = 0;
    sb->items.refused = 0;
    sb->script_items = (item_script_count){-1, 0};
    sb->items_dropped = 0;
    sb->full_power = boss != NULL || sb_is_extra(lib, entry);
    memset(&sb->shots, 0, sizeof sb->shots);
    if (!lib)
        return -1;
    sb->root = sb_alloc(sb, ENEMY_STAGE, sb->cfg.emitter_x, sb->cfg.emitter_y);
    sb->objs.slots[sb->root].scripted = 1;
    if (boss) {
        sb->frame = 0;
        sb->boss_alone = sb_boss_index(sb, boss);
        sb_start_boss(sb, boss, sb->cfg.boss_phase, 0);
        sb->frame = -1;
        return 0;
    }
    if (!entry || !library_entry_runnable(entry))
        return -1;
    vm_obj on = sb_handle(sb, sb->root);
    if (entry->kind == LIBRARY_ENEMY) {
        uint32_t idx = sb_alloc(sb, ENEMY_SMALL, sb->cfg.emitter_x, sb->cfg.emitter_y);
        sb->objs.slots[idx].scripted = 1;
        sb->objs.slots[idx].entered = 1;
        on = sb_handle(sb, idx);
    }
    vm_runner_id id =
        vm_start(sb->v, lib->prog, entry->func, on, entry->defaults, entry->nparams, 0);
    if (entry->kind == LIBRARY_STAGE) {
        sb->stage_runner = id;
        sb->stage_func = entry->func;
    }
    return id ? 0 : -1;
}

/* The boss fight's clock: phases end at their time limit; the next starts
 * SB_PHASE_GAP frames later, and the fight is over with its last. */
static void sb_boss_clock(sandbox *sb)
{
    if (!sb->boss)
        return;
    if (sb->frame >= sb->phase_end && sb->next_phase_at == SB_NEVER) {
        if (sb->boss_obj)
            vm_kill_obj(sb->v, sb_handle(sb, sb->boss_obj - 1));
        sb_clear_bullets(sb);
        sb->phase_end = SB_NEVER;
        if (sb->phase + 1 >= sb->boss->phase_count) {
            sb_boss_phase(sb, sb->phase + 1);
            return;
        }
        sb->next_phase_at = sb->frame + SB_PHASE_GAP;
    }
    if (sb->frame >= sb->next_phase_at)
        sb_boss_phase(sb, sb->phase + 1);
}

void sandbox_step(sandbox *sb)
{
    sb->frame++;
    dialogue_input(&sb->talk, sb->shot_press, sb->skip_held, sb->frame);
    sb->shot_press = 0;
    object_query_begin(&sb->query);
    vm_tick(sb->v, sb->frame);
    dialogue_end_frame(&sb->talk, sb->frame);
    sb_boss_clock(sb); /* as in the game: the boss's clock, then what vanished goes */
    objects vanished = sb_objects(sb);
    objects_despawn_vanished(&vanished);
    /* as the game's: a pattern may move what it runs on, the fight's boss
     * stays; what left or vanished goes, its `on death` first, in slot order */
    objects_move_enemies(&vanished, sb->v, sb->frame, sb->boss_obj ? sb->boss_obj - 1 : ENEMY_NONE,
                         0, sb_gone, sb);
    uint32_t n = 0;
    for (uint32_t i = 0; i < sb->order_len; i++) { /* shown in spawn order */
        uint32_t idx = sb->order[i];
        const enemy *o = &sb->objs.slots[idx];
        if (o->kind == ENEMY_FREE || o->gen != sb->order_gen[i])
            continue;
        if (o->kind == ENEMY_STAGE)
            continue; /* never shown */
        sandbox_object *v = &sb->view[n++];
        v->id = 0;
        v->x = (float)o->x;
        v->y = (float)o->y;
        v->heading = (float)o->heading;
        double sn, cs;
        trig_sincos(o->heading * TRIG_DEG2RAD, &sn, &cs);
        v->dir_x = (float)sn;
        v->dir_y = (float)-cs;
        v->look = (uint32_t)o->look;
        v->enemy = o->kind == ENEMY_SMALL ? 1 : 2;
        v->boss = o->boss;
        v->age = sb->frame > o->born ? (uint32_t)(sb->frame - o->born) : 0;
        v->scale = 1.0f;
        v->alpha = 255;
        v->additive = 0;
    }
    uint32_t shown = n;
    bullet_pool_update(&sb->pool);
    objects_move_lasers(&sb->lasers, &sb->objs); /* those that follow their firer first */
    sb_reap(sb);
    item_fall(&sb->items); /* as the game's step 6, with no ship to draw them in */
    /* bullets oldest first, as the trace lists them */
    const bullet_pool *p = &sb->pool;
    uint32_t count;
    const uint32_t *order = bullet_pool_draw_order(p, &count);
    for (uint32_t k = 0; k < count; k++) {
        uint32_t i = order[k];
        if (i == BULLET_SLOT_NONE)
            continue;
        sandbox_object *v = &sb->view[n++];
        v->id = bullet_pool_serial(p, i) - sb->bullet_serial0;
        v->x = p->x[i];
        v->y = p->y[i];
        v->heading = (float)(trig_atan2(p->dir_x[i], -p->dir_y[i]) * TRIG_RAD2DEG);
        v->dir_x = p->dir_x[i];
        v->dir_y = p->dir_y[i];
        v->look = library_look(p->shape[i], p->color[i]);
        v->enemy = 0;
        v->boss = -1;
        v->age = p->frame - p->cold[i].born;
        v->scale = p->scale[i];
        v->alpha = p->alpha[i];
        v->additive = (p->flags[i] & BULLET_FLAG_ADDITIVE) != 0;
    }
    sb->view_count = n;
    sb->bullets = p->live;
    if (sb->order_len > 2 * (shown + 1) + 64)
        sb_compact(sb); /* mostly dead entries: keep the walk short */
}

void sandbox_input(sandbox *sb, int shot_pressed, int skip_held)
{
    sb->shot_press |= shot_pressed != 0;
    sb->skip_held = skip_held != 0;
}

const dialogue *sandbox_dialogue(const sandbox *sb)
{
    return &sb->talk;
}

backdrop_cue_place sandbox_place(const sandbox *sb)
{
    backdrop_cue_place at = backdrop_cue_nowhere();
    if (!sb->lib)
        return at;
    at.boss_alone = sb->boss_alone;
    if (sb->stage_runner) {
        at.stage_pc = vm_runner_base_pc(sb->v, sb->stage_runner);
        at.stage_func = sb->stage_func;
        at.stage_done = at.stage_pc == UINT32_MAX; /* the runner has ended */
    }
    if (sb->boss && sb->spell && sb->phase_end != SB_NEVER)
        at.spell_boss = sb->boss_index;
    return at;
}

int sandbox_backdrop(const sandbox *sb)
{
    backdrop_cue_place at = sandbox_place(sb);
    return backdrop_cue_now(sb->lib, &at);
}

void sandbox_set_player(sandbox *sb, double x, double y)
{
    sb->cfg.player_x = x;
    sb->cfg.player_y = y;
}

void sandbox_set_boss_phase(sandbox *sb, uint32_t phase)
{
    sb->cfg.boss_phase = phase;
}

void sandbox_set_rank(sandbox *sb, double rank)
{
    sb->cfg.rank = rank < 0 ? 0 : rank > 1 ? 1 : rank;
}

double sandbox_rank(const sandbox *sb)
{
    return sb->cfg.rank;
}

int sandbox_player_value(vm_prop prop, double rank, int full_power, double *out)
{
    static const double ranks[] = {0.0, 0.35, 0.7, 1.0}; /* game/difficulty.h's */
    int d = 0;
    switch (prop) {
    case VM_PROP_LIVES: *out = 2.0; return 1;
    case VM_PROP_BOMBS: *out = 3.0; return 1;
    case VM_PROP_POWER: *out = full_power ? 4.0 : 1.0; return 1;
    case VM_PROP_SCORE:
    case VM_PROP_GRAZE:
    case VM_PROP_FOCUSED: *out = 0.0; return 1;
    case VM_PROP_SHOT_TYPE: *out = -1.0; return 1;
    case VM_PROP_DIFFICULTY: /* the nearest rank; a tie goes to the harder */
        for (int i = 1; i < 4; i++)
            if (rank >= (ranks[i - 1] + ranks[i]) / 2)
                d = i;
        *out = d;
        return 1;
    default: return 0;
    }
}

const sandbox_object *sandbox_objects(const sandbox *sb, uint32_t *count)
{
    *count = sb->view_count;
    return sb->view;
}

const laser_pool *sandbox_lasers(const sandbox *sb)
{
    return &sb->lasers;
}

const item_list *sandbox_items(const sandbox *sb)
{
    return &sb->items;
}

uint32_t sandbox_bullet_count(const sandbox *sb)
{
    return sb->bullets;
}

int32_t sandbox_frame(const sandbox *sb)
{
    return sb->frame + 1;
}

const char *sandbox_last_error(const sandbox *sb)
{
    return sb->last_error;
}

uint32_t sandbox_print_count(const sandbox *sb)
{
    return sb->print_count;
}

const char *sandbox_print_line(const sandbox *sb, uint32_t k)
{
    if (k >= sb->print_count || k >= SANDBOX_PRINT_KEEP)
        return NULL;
    return sb->prints[(sb->print_count - 1 - k) % SANDBOX_PRINT_KEEP];
}

int sandbox_error_count(const sandbox *sb)
{
    return sb->errors;
}

const char *sandbox_status(const sandbox *sb)
{
    sandbox *m = (sandbox *)sb; /* the status line is a cache */
    m->status[0] = 0;
    if (sb->frame < sb->title_end && sb->title[0])
        snprintf(m->status, sizeof m->status, "%s", sb->title);
    else if (sb->boss && sb->phase_end != SB_NEVER)
        snprintf(m->status, sizeof m->status, "%s%s%d/%u  %ds", sb->phase_title,
                 sb->phase_title[0] ? "  " : "", (int)sb->phase + 1,
                 (unsigned)sb->boss->phase_count, (int)((sb->phase_end - sb->frame + 59) / 60));
    return m->status;
}

vm_stats sandbox_vm_stats(const sandbox *sb)
{
    return vm_get_stats(sb->v);
}

uint64_t sandbox_refused(const sandbox *sb)
{
    return sb->refused;
}

sandbox_shots sandbox_shot_counts(const sandbox *sb)
{
    return sb->shots;
}

sandbox_drops sandbox_drop_counts(const sandbox *sb)
{
    return (sandbox_drops){sb->items_dropped, sb->items.refused};
}

uint64_t sandbox_trace_frame(const sandbox *sb, int f,
                             void (*row)(void *user, const char *text, size_t len), void *user)
{
    uint64_t rows = 0;
    char text[160];
    for (uint32_t i = 0; i < sb->view_count; i++) {
        const sandbox_object *o = &sb->view[i];
        if (o->enemy)
            continue; /* enemies are not traced */
        int len = snprintf(text, sizeof text, "%d,%u,%.3f,%.3f\n", f, (unsigned)o->id, (double)o->x,
                           (double)o->y);
        row(user, text, (size_t)len);
        rows++;
    }
    const laser_pool *p = &sb->lasers;
    for (uint32_t i = 0; i < laser_pool_slot_end(p); i++) {
        if (!laser_pool_handle(p, i).gen)
            continue;
        int len =
            snprintf(text, sizeof text, "%d,L%u,%.3f,%.3f,%.3f,%.3f,%s,%u\n", f, (unsigned)i,
                     (double)p->x[i], (double)p->y[i], (double)p->dir_x[i], (double)p->dir_y[i],
                     laser_phase_name((laser_phase)p->phase[i]), (unsigned)p->nodes[i]);
        row(user, text, (size_t)len);
        rows++;
    }
    const item_list *l = &sb->items;
    for (uint32_t i = 0; i < l->count; i++) {
        int len = snprintf(text, sizeof text, "%d,I%u,%.3f,%.3f,%s\n", f, (unsigned)i,
                           (double)l->x[i], (double)l->y[i], item_kind_name((item_kind)l->kind[i]));
        row(user, text, (size_t)len);
        rows++;
    }
    return rows;
}
