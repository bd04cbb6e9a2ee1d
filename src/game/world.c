/*
 * world: one tick of the game, and everything that decides a run. See world.h
 * for the order of a frame.
 */
#include "game/world.h"

#include "core/bitmask.h"
#include "core/clock.h"
#include "core/hash.h"
#include "core/mem.h"
#include "game/difficulty.h"
#include "game/ship_host.h"
#include "game/world_host.h"
#include "pattern/objects/bullet_object.h"
#include "pattern/objects/objects.h"
#include "sim/laser_collision.h"
#include "sim/playfield.h"

#include <math.h>
#include <string.h>

_Static_assert(WORLD_LASER_NODES == LASER_CURVY_MAX_LENGTH + 1,
               "the language's longest curvy body");
_Static_assert(WORLD_LASER_NODES % LASER_HASH_RING == 0,
               "the laser pools' hashes are those of the replays recorded with 64 entries");

/* Scores that give an extra ship: the full game's (six stages; docs/game.md,
 * "Resources": the scripted player's Normal all clear scores 86 to 96 million
 * and ends with 3 spare ships), and the three-stage game's, which the replays of
 * rules 1 and 2 keep (WORLD_FLAG_EXTENDS_V2). Each ends with 0. */
static const uint64_t world_extend_full[] = {40000000, 100000000, 200000000, 0};
static const uint64_t world_extend_v2[] = {2000000, 5000000, 10000000, 18000000, 30000000, 0};

/* The extend table of w's rules. */
static const uint64_t *world_extend_table(const world *w)
{
    return (w->config.flags & WORLD_FLAG_EXTENDS_V2) ? world_extend_v2 : world_extend_full;
}

#define WORLD_POINT_BASE        10000u
#define WORLD_GRAZE_POINTS      500u
#define WORLD_STAR_POINTS       500u
#define WORLD_HIT_POINTS        10u
#define WORLD_FULL_POWER_POINTS 1000u

/* Bomb: damage per frame (the circle's size is the ship's). */
#define WORLD_BOMB_DAMAGE      3.0
#define WORLD_BOMB_BOSS_DAMAGE 0.7

/* ---- life cycle ---- */

/* Allocates the scratch arrays and collision lists. Returns 0 or -1. */
static int world_alloc_scratch(world *w)
{
    size_t nb = w->bullets.capacity, ns = w->shots.capacity, ne = WORLD_ENEMIES;
    float **bullet_arrays[] = {&w->bullet_dx, &w->bullet_dy};
    float **shot_arrays[] = {&w->shot_dx, &w->shot_dy};
    float **enemy_arrays[] = {&w->enemy_x, &w->enemy_y, &w->enemy_r, &w->enemy_dx, &w->enemy_dy};
    int ok = 1;
    for (int k = 0; k < 2; k++) {
        ok &= (*bullet_arrays[k] = mem_calloc(nb, sizeof(float))) != NULL;
        ok &= (*shot_arrays[k] = mem_calloc(ns, sizeof(float))) != NULL;
    }
    for (int k = 0; k < 5; k++)
        ok &= (*enemy_arrays[k] = mem_calloc(ne, sizeof(float))) != NULL;
    ok &= (w->enemy_alive = mem_calloc((ne + 63) / 64, sizeof *w->enemy_alive)) != NULL;
    ok &= (w->bullet_near = mem_calloc((nb + 63) / 64, sizeof *w->bullet_near)) != NULL;
    ok &= (w->vanished = mem_alloc(nb * sizeof *w->vanished)) != NULL;
    ok &= object_query_init(&w->query, (uint32_t)nb, WORLD_LASERS) == 0;
    ok &= object_query_init(&w->shot_query, (uint32_t)ns, 0) == 0;
    collision_config bc = {.item_cap = (int)nb}, sc = {.item_cap = (int)ns};
    ok &= collision_init(&w->bullet_coll, &bc) == 0;
    ok &= collision_init(&w->shot_coll, &sc) == 0;
    ok &= collision_list_init(&w->hits, 64) == 0;
    ok &= collision_list_init(&w->grazes, 2048) == 0;
    ok &= collision_list_init(&w->area, (int)nb) == 0;
    ok &= collision_pairs_init(&w->pairs, 2048) == 0;
    ok &= collision_list_init(&w->laser_hits, 8) == 0;
    ok &= collision_list_init(&w->laser_grazes, WORLD_LASERS) == 0;
    ok &= collision_list_init(&w->laser_area, WORLD_LASERS) == 0;
    return ok ? 0 : -1;
}

const library_game *world_game_of(const library *lib)
{
    for (uint32_t i = 0; lib && i < lib->game_count; i++)
        if (strcmp(lib->games[i].name, WORLD_GAME_NAME) == 0)
            return &lib->games[i];
    return lib && lib->game_count > 0 ? &lib->games[0] : NULL;
}

/* The playing stage's entry: the game's stage, or without a game the one named
 * WORLD_STAGE_NAME, else the first stage. */
static const library_entry *world_stage_entry(const world *w)
{
    const library *lib = w->lib;
    const char *name = !w->game                                    ? WORLD_STAGE_NAME
                       : (uint32_t)w->stage < w->game->stage_count ? w->game->stages[w->stage]
                                                                   : w->game->extra;
    const library_entry *e = library_find(lib, name);
    if (e && e->kind == LIBRARY_STAGE)
        return e;
    for (uint32_t i = 0; !w->game && i < lib->entry_count; i++)
        if (lib->entries[i].kind == LIBRARY_STAGE)
            return &lib->entries[i];
    return NULL;
}

/* Stops the run: the stage's script cannot go on. The error (positioned at
 * pos of prog, or the script's own, already in last_error) stays for the front
 * end; nothing is cleared or paid (world_check_end sees a run that is over). */
void world_stop(world *w, const vm_program *prog, vm_pos pos, const char *why)
{
    if (why) {
        const char *file = prog && pos.file < prog->file_count ? prog->files[pos.file] : "?";
        if (snprintf(w->last_error, sizeof w->last_error, "%s:%u:%u: %s", file, (unsigned)pos.line,
                     (unsigned)pos.col, why) < 0)
            w->last_error[0] = '\0'; /* a long path is cut, as the host's errors are */
        w->stats.errors++;
        world_event_add(w, WORLD_EVENT_SCRIPT_ERROR, 0, 0, 0);
    }
    w->state = WORLD_STOPPED;
}

/* Starts the playing stage's script on a new stage object (the last stage's
 * goes). A stage with nothing to run is over at once; one whose script cannot
 * start (vm_start refuses it) stops the run with the reason (world_stop). */
static void world_begin_stage(world *w)
{
    if (w->stage_slot != ENEMY_NONE)
        world_remove_enemy(w, w->stage_slot, 0);
    w->stage_slot = ENEMY_NONE;
    w->stage_runner = 0;
    w->stage_scene = 0;
    w->stage_done = 0;
    w->stage_graze = w->graze;
    const library_entry *e = world_stage_entry(w);
    int32_t now = (int32_t)w->frame;
    int64_t scene = e && world_config_scenes(&w->config)
                        ? library_scene_for_stage(w->lib, e->name, LIBRARY_SCENE_BEFORE)
                        : -1;
    if (e && library_entry_runnable(e)) {
        w->stage_slot = enemy_alloc(&w->enemies, ENEMY_STAGE, PLAYFIELD_W / 2, 96.0, now);
        if (w->stage_slot != ENEMY_NONE && scene >= 0) {
            /* the scene first: the stage's script starts when it ends */
            w->enemies.slots[w->stage_slot].scripted = 1;
            w->stage_scene = vm_start(w->vm, w->lib->prog, (uint32_t)scene,
                                      enemy_handle(&w->enemies, w->stage_slot), NULL, 0, now);
            if (w->stage_scene != 0)
                return;
        }
        if (w->stage_slot != ENEMY_NONE) {
            w->enemies.slots[w->stage_slot].scripted = 1;
            w->stage_runner =
                vm_start(w->vm, w->lib->prog, e->func, enemy_handle(&w->enemies, w->stage_slot),
                         e->defaults, e->nparams, now);
        }
    }
    if (w->stage_runner != 0 || !e || !library_entry_runnable(e)) {
        w->stage_done = w->stage_runner == 0;
        return;
    }
    char why[256];
    const vm_func *f = &w->lib->prog->funcs[e->func];
    if (vm_func_fits(f, VM_STACK_SLOTS, why, sizeof why))
        snprintf(why, sizeof why, "the stage '%s' cannot start (%s)", e->name,
                 w->stage_slot == ENEMY_NONE ? "no enemy slot free" : "no script slot free");
    world_stop(w, w->lib->prog, f->pos, why);
}

/* The scenes' turns, before the frame's scripts: the stage's script starts
 * once the scene before it has ended; a boss's scene after it lets the stage
 * go on once it has ended. */
static void world_step_scenes(world *w)
{
    if (w->stage_scene != 0 && !vm_alive(w->vm, w->stage_scene)) {
        w->stage_scene = 0;
        const library_entry *e = world_stage_entry(w);
        if (e && w->stage_slot != ENEMY_NONE)
            w->stage_runner =
                vm_start(w->vm, w->lib->prog, e->func, enemy_handle(&w->enemies, w->stage_slot),
                         e->defaults, e->nparams, (int32_t)w->frame);
        if (w->stage_runner == 0)
            w->stage_done = 1;
    }
    if (w->scene_hold != 0 && !vm_alive(w->vm, w->scene_hold))
        w->scene_hold = 0;
}

/* Starts what the configuration names: the stage, or a practice fight. A run with
 * content but nothing to start is cleared at once. */
static void world_begin(world *w)
{
    if (!w->lib || (w->config.flags & WORLD_FLAG_NO_STAGE))
        return;
    if (w->config.start != 0) {
        w->player.power = PLAYER_POWER_MAX; /* practice starts at full power */
        boss_begin(w, WORLD_START_BOSS(w->config.start), 0, WORLD_START_PHASE(w->config.start),
                   (w->config.flags & WORLD_FLAG_ONE_PHASE) != 0);
        if (!w->boss.active)
            w->stage_done = 1;
        return;
    }
    w->game = world_game_of(w->lib);
    if (w->game && w->game->stage_count == 0)
        w->game = NULL;
    if (w->game)
        w->stage = w->config.stage < w->game->stage_count || world_config_extra(w->game, &w->config)
                       ? w->config.stage
                       : 0;
    if (world_in_extra(w))
        w->player.power = PLAYER_POWER_MAX; /* the Extra stage starts at full power */
    world_begin_stage(w);
}

int world_init(world *w, const world_config *cfg, const library *lib)
{
    return world_init_sized(w, cfg, lib, WORLD_BULLETS);
}

int world_init_sized(world *w, const world_config *cfg, const library *lib, uint32_t bullets)
{
    memset(w, 0, sizeof *w);
    w->config = *cfg;
    w->lib = lib;
    rng_seed(&w->rng, cfg->seed);
    w->ship = library_fallback_ship();
    if (lib && lib->ship_count > 0)
        w->ship = library_ship_type(&lib->ships[cfg->ship < lib->ship_count ? cfg->ship : 0],
                                    cfg->shot_type);
    player_init(&w->player, w->ship);
    boss_reset(&w->boss);
    w->stage_slot = ENEMY_NONE;
    w->next_stage_at = -1;
    w->title[0] = w->title[1] = -1;
    w->title_at = INT32_MIN;
    dialogue_reset(&w->dialogue);
    w->draw_until = -1;
    w->collect_line = WORLD_COLLECT_LINE;
    w->script_items.frame = -1;
    int ok = bullet_pool_init(&w->bullets, bullets) == 0;
    ok &= bullet_pool_init(&w->shots, WORLD_SHOTS) == 0;
    ok &= laser_pool_init(&w->lasers, WORLD_LASERS, WORLD_LASER_NODES) == 0;
    ok &= laser_pool_init(&w->shot_lasers, WORLD_SHOT_LASERS, WORLD_LASER_NODES) == 0;
    ok &= enemy_table_init(&w->enemies, WORLD_ENEMIES) == 0;
    ok &= item_list_init(&w->items, WORLD_ITEMS) == 0;
    ok &= world_alloc_scratch(w) == 0;
    ok &= world_host_create(w) == 0;
    ok &= ship_host_create(w) == 0;
    if (!ok) {
        world_free(w);
        return -1;
    }
    world_begin(w);
    return 0;
}

void world_free(world *w)
{
    vm_destroy(w->vm);
    w->vm = NULL;
    ship_host_destroy(w);
    bullet_pool_free(&w->bullets);
    bullet_pool_free(&w->shots);
    laser_pool_free(&w->lasers);
    laser_pool_free(&w->shot_lasers);
    enemy_table_free(&w->enemies);
    item_list_free(&w->items);
    float *arrays[] = {w->bullet_dx, w->bullet_dy, w->shot_dx,  w->shot_dy, w->enemy_x,
                       w->enemy_y,   w->enemy_r,   w->enemy_dx, w->enemy_dy};
    for (size_t k = 0; k < sizeof arrays / sizeof arrays[0]; k++)
        mem_free(arrays[k]);
    mem_free(w->enemy_alive);
    mem_free(w->bullet_near);
    mem_free(w->vanished);
    object_query_free(&w->query);
    object_query_free(&w->shot_query);
    collision_free(&w->bullet_coll);
    collision_free(&w->shot_coll);
    collision_list_free(&w->hits);
    collision_list_free(&w->grazes);
    collision_list_free(&w->area);
    collision_pairs_free(&w->pairs);
    collision_list_free(&w->laser_hits);
    collision_list_free(&w->laser_grazes);
    collision_list_free(&w->laser_area);
    w->bullet_dx = w->bullet_dy = NULL;
    w->shot_dx = w->shot_dy = NULL;
    w->enemy_x = w->enemy_y = w->enemy_r = w->enemy_dx = w->enemy_dy = NULL;
    w->enemy_alive = NULL;
    w->bullet_near = NULL;
    w->vanished = NULL;
}

/* ---- small services ---- */

void world_event_add(world *w, world_event_kind kind, float x, float y, int32_t value)
{
    if (w->event_count >= WORLD_EVENTS) {
        w->stats.events_refused++;
        return;
    }
    w->events[w->event_count++] = (world_event){(uint8_t)kind, x, y, value};
}

const char *world_event_name(world_event_kind k)
{
    static const char *const names[] = {
#define WORLD_EVENT_NAME(id) #id,
        WORLD_EVENT_KINDS(WORLD_EVENT_NAME)
#undef WORLD_EVENT_NAME
    };
    return k < WORLD_EVENT_KIND_COUNT ? names[k] : "?";
}

int world_speed_percent(const world_config *cfg)
{
    return cfg->flags & WORLD_FLAG_SPEED_50 ? 50 : cfg->flags & WORLD_FLAG_SPEED_75 ? 75 : 100;
}

uint16_t world_speed_flag(int percent)
{
    return percent == 50 ? WORLD_FLAG_SPEED_50 : percent == 75 ? WORLD_FLAG_SPEED_75 : 0;
}

int world_over(const world *w)
{
    return w->state == WORLD_GAME_OVER || w->state == WORLD_CLEARED || w->state == WORLD_STOPPED;
}

double world_rank(const world *w)
{
    return difficulty_rank(w->config.difficulty);
}

int world_player_prop(const world *w, vm_prop prop, double *out)
{
    switch (prop) {
    case VM_PROP_LIVES: *out = w->player.lives; return 1;
    case VM_PROP_BOMBS: *out = w->player.bombs; return 1;
    case VM_PROP_POWER: *out = w->player.power / 100.0; return 1;
    case VM_PROP_SCORE: *out = (double)w->score; return 1;
    case VM_PROP_GRAZE: *out = (double)w->graze; return 1;
    case VM_PROP_FOCUSED: *out = w->player.focused != 0; return 1;
    case VM_PROP_BOMB_PIECES: *out = w->player.bomb_pieces; return 1;
    case VM_PROP_LIFE_PIECES: *out = w->player.life_pieces; return 1;
    case VM_PROP_SHOT_TYPE: *out = w->config.shot_type; return 1;
    case VM_PROP_DIFFICULTY: *out = w->config.difficulty; return 1;
    default: return 0;
    }
}

const char *world_string(const world *w, int32_t index)
{
    const vm_program *p = w->lib ? w->lib->prog : NULL;
    if (!p || index < 0 || (uint32_t)index >= p->string_count)
        return "";
    return p->strings[index];
}

void world_add_score(world *w, uint64_t points)
{
    w->score += points;
}

uint64_t world_point_value(const world *w, float y)
{
    uint64_t full = WORLD_POINT_BASE + 10u * w->graze;
    if (y <= w->collect_line || w->collect_line >= PLAYFIELD_H)
        return full;
    float below = (y - w->collect_line) / (PLAYFIELD_H - w->collect_line);
    below = below > 1.0f ? 1.0f : below;
    return (uint64_t)((double)full * (1.0 - 0.75 * (double)below)) / 10u * 10u;
}

uint64_t world_final_score(const world *w)
{
    return w->best_score > w->score ? w->best_score : w->score;
}

uint64_t world_next_extend(const world *w)
{
    const uint64_t *at = world_extend_table(w);
    int k = 0;
    while (k < w->extends && at[k] != 0)
        k++;
    return at[k];
}

void world_drop_items(world *w, int kind, int n, float x, float y)
{
    for (int i = 0; i < n; i++)
        item_spawn(&w->items, (item_kind)kind, x + (float)(i % 5 - 2) * 5.0f,
                   y - (float)(i / 5) * 8.0f, &w->rng);
}

void world_script_drop(world *w, int kind, int n, float x, float y)
{
    item_script_drop(&w->items, &w->script_items, (int64_t)w->frame, (item_kind)kind, n, x, y);
}

/* Stops the scripts of every scripted bullet and laser the pools removed
 * (their `on cancel` and `on vanish` first). */
static void world_reap(world *w)
{
    objects o = world_host_objects(w);
    objects_reap(&o, w->vm, 1);
}

/* Whether (x, y) is on the playfield: a cancelled bullet there leaves a star. */
static int world_on_field(float x, float y)
{
    return x >= 0 && y >= 0 && x <= PLAYFIELD_W && y <= PLAYFIELD_H;
}

/* Whether a cancel sparkle still fits this frame's events: it may not take the
 * last WORLD_EVENTS_RESERVED slots. */
static int world_cancel_event_room(const world *w)
{
    return w->event_count < WORLD_EVENTS - WORLD_EVENTS_RESERVED;
}

/* What cancelling bullet i leaves: a star item where it was (with items) and
 * a sparkle event, each refused and counted when its list is full. */
static void world_cancel_effects(world *w, uint32_t i, int items)
{
    float x = w->bullets.x[i], y = w->bullets.y[i];
    if (items && world_on_field(x, y))
        item_spawn(&w->items, ITEM_STAR, x, y, &w->rng);
    if (world_cancel_event_room(w))
        world_event_add(w, WORLD_EVENT_CANCEL, x, y, w->bullets.color[i]);
    else
        w->stats.events_refused++;
}

/* Cancels one bullet (a bomb's circle takes them one at a time). */
static void world_cancel_one(world *w, uint32_t i, int items)
{
    bullet_handle h = bullet_pool_handle(&w->bullets, i);
    if (h.gen == 0)
        return;
    world_cancel_effects(w, i, items);
    bullet_pool_despawn(&w->bullets, h, BULLET_DESPAWN_CANCEL);
}

/* A star (with items) at (x, y) when it is on the field, refused and counted
 * when the item list is full. */
static void world_laser_star(world *w, float x, float y)
{
    if (world_on_field(x, y))
        item_spawn(&w->items, ITEM_STAR, x, y, &w->rng);
}

/* What cancelling live laser i leaves: stars every WORLD_LASER_ITEM_STEP px
 * along its beam or body (with items), and a sparkle at its origin or head. */
static void world_laser_cancel_effects(world *w, uint32_t i, int items)
{
    const laser_pool *p = &w->lasers;
    if (items && p->kind[i] == LASER_STRAIGHT) {
        for (float d = 0; d <= p->length[i]; d += WORLD_LASER_ITEM_STEP)
            world_laser_star(w, p->x[i] + p->dir_x[i] * d, p->y[i] + p->dir_y[i] * d);
    } else if (items) {
        float run = WORLD_LASER_ITEM_STEP; /* distance since the last star */
        uint32_t j = laser_pool_node(p, i, 0);
        for (uint32_t k = 0; k < p->nodes[i]; k++) {
            uint32_t jk = laser_pool_node(p, i, k);
            float dx = p->node_x[jk] - p->node_x[j], dy = p->node_y[jk] - p->node_y[j];
            run += fabsf(dx) + fabsf(dy);
            if (run >= WORLD_LASER_ITEM_STEP) {
                world_laser_star(w, p->node_x[jk], p->node_y[jk]);
                run = 0;
            }
            j = jk;
        }
    }
    if (world_cancel_event_room(w))
        world_event_add(w, WORLD_EVENT_CANCEL, p->x[i], p->y[i], p->color[i]);
    else
        w->stats.events_refused++;
}

/* Cancels one laser (a bomb's circle, or a whole-screen cancel). */
static void world_cancel_laser(world *w, uint32_t i, int items)
{
    laser_handle h = laser_pool_handle(&w->lasers, i);
    if (h.gen == 0)
        return;
    world_laser_cancel_effects(w, i, items);
    laser_pool_despawn(&w->lasers, h, LASER_DESPAWN_CANCEL);
}

/* Whether a cancel can still leave anything behind: a star item or an event. */
static int world_cancel_leaves_something(const world *w, int items)
{
    return world_cancel_event_room(w) || (items && w->items.count < w->items.cap);
}

/* The bits of block b's slots whose position is on the playfield. */
static uint64_t world_on_field_bits(const bullet_pool *p, uint32_t b)
{
    size_t first = (size_t)b * 64;
    return bitmask_in_box(p->x + first, p->y + first, 0.0f, 0.0f, PLAYFIELD_W, PLAYFIELD_H);
}

/* A cancel in two steps: first what each bullet leaves, in slot order, until
 * the item and event lists are full (what they then refuse is counted a block
 * at a time); then the bullets go in one bulk clear of the pool. A screen of
 * bullets is cancelled in one frame without a spike (`curtain bench storm`). */
void world_cancel_bullets(world *w, int items)
{
    bullet_pool *p = &w->bullets;
    uint64_t events = 0, stars = 0;
    for (uint32_t b = 0; b < bullet_pool_block_end(p); b++) {
        uint64_t m = bullet_pool_cancel_bits(p, b);
        for (; m && world_cancel_leaves_something(w, items); m &= m - 1)
            world_cancel_effects(w, 64 * b + (uint32_t)__builtin_ctzll(m), items);
        if (!m)
            continue;
        events += (uint64_t)__builtin_popcountll(m);
        if (items)
            stars += (uint64_t)__builtin_popcountll(m & world_on_field_bits(p, b));
    }
    w->items.refused += stars;
    w->stats.events_refused += events;
    bullet_pool_clear(p, BULLET_DESPAWN_CANCEL, 1);
    laser_pool *lp = &w->lasers;
    for (uint32_t b = 0; b < laser_pool_block_end(lp); b++)
        for (uint64_t m = lp->alive[b]; m; m &= m - 1) {
            uint32_t i = 64 * b + (uint32_t)__builtin_ctzll(m);
            if (!(lp->flags[i] & LASER_FLAG_NO_CANCEL))
                world_cancel_laser(w, i, items);
        }
    world_reap(w);
}

void world_remove_enemy(world *w, uint32_t slot, int destroyed)
{
    enemy *e = &w->enemies.slots[slot];
    if (e->kind == ENEMY_FREE)
        return;
    if (e->scripted)
        vm_kill_obj(w->vm, enemy_handle(&w->enemies, slot));
    if (destroyed) {
        world_add_score(w, (uint64_t)e->score);
        static const item_kind drops[ENEMY_DROP_KINDS] = {ITEM_POWER, ITEM_POINT, ITEM_BOMB,
                                                          ITEM_LIFE};
        for (int k = 0; k < ENEMY_DROP_KINDS; k++)
            world_drop_items(w, drops[k], e->drops[k], (float)e->x, (float)e->y);
        world_event_add(w, WORLD_EVENT_ENEMY_DEATH, (float)e->x, (float)e->y, (int32_t)e->hitbox);
    }
    if (w->boss.slot == slot)
        w->boss.slot = ENEMY_NONE;
    enemy_release(&w->enemies, slot);
}

/* ---- the player ---- */

/* The ship explodes: a spare is used (or the run stops for the continue prompt),
 * every bullet vanishes, some power falls out. */
static void world_player_dies(world *w)
{
    player *p = &w->player;
    int power_before = p->power;
    int out = player_die(p);
    w->deaths++;
    boss_spoil_capture(w);
    world_event_add(w, WORLD_EVENT_PLAYER_DEATH, p->x, p->y, out);
    world_cancel_bullets(w, 0);
    int lost = (power_before - p->power) / 10;
    world_drop_items(w, ITEM_POWER, lost < 2 ? 2 : lost, p->x, p->y - 16.0f);
    if (out)
        p->lives = -1; /* the prompt comes once the explosion is over */
}

/* A bomb of presentation statements only (library_ship.bomb_show): its shows
 * as events at the ship, for the front end; nothing runs, nothing is hashed. */
static void world_bomb_shows(world *w)
{
    const vm_program *p = w->lib ? w->lib->prog : NULL;
    uint32_t pc = w->ship ? w->ship->bomb_show : LIBRARY_NO_FUNC;
    if (!p || pc == LIBRARY_NO_FUNC)
        return;
    for (uint32_t k = vm_show_first(p, pc); k < p->show_count && p->shows[k].pc == pc; k++)
        if (p->shows[k].at_start)
            world_event_add(w, WORLD_EVENT_SHIP_SHOW, w->player.x, w->player.y, (int32_t)k);
}

/* The player bombs: the capture of a running spell card is spoiled, every item
 * flies in for the bomb's length. */
static void world_bomb(world *w)
{
    player_bomb(&w->player);
    w->bombs_used++;
    boss_spoil_capture(w);
    item_draw_all(&w->items);
    w->draw_until = (int32_t)w->frame + w->player.bomb;
    world_event_add(w, WORLD_EVENT_BOMB, w->player.x, w->player.y, 0);
    ship_host_start(w, w->ship->bomb);
    world_bomb_shows(w);
}

/* The last ship is gone: the continue prompt, or the end of the run. */
static void world_out_of_ships(world *w)
{
    if (w->score > w->best_score)
        w->best_score = w->score;
    if (w->config.start != 0 || w->continues >= WORLD_CONTINUES || world_in_extra(w)) {
        w->state = WORLD_GAME_OVER;
        world_event_add(w, WORLD_EVENT_GAME_OVER, 0, 0, 0);
        return;
    }
    w->state = WORLD_CONTINUE;
    w->cont_cursor = 0;
    w->cont_timer = WORLD_CONTINUE_FRAMES;
    world_event_add(w, WORLD_EVENT_CONTINUE, 0, 0, 0);
}

/* One frame of the continue prompt: up and down choose, shot confirms; time
 * running out means no. */
static void world_step_continue(world *w, input_bits in)
{
    input_bits pressed = (input_bits)(in & ~w->prev_in);
    if (pressed & (INPUT_BIT(INPUT_UP) | INPUT_BIT(INPUT_DOWN))) {
        w->cont_cursor ^= 1;
        world_event_add(w, WORLD_EVENT_MENU_MOVE, 0, 0, w->cont_cursor);
    }
    w->cont_timer--;
    int chosen = (pressed & INPUT_BIT(INPUT_SHOT)) != 0;
    if (!chosen && w->cont_timer > 0)
        return;
    if (chosen && w->cont_cursor == 0) {
        w->continues++;
        w->score = (uint64_t)w->continues; /* the last digit counts the continues */
        player_continue(&w->player);
        w->state = WORLD_PLAYING;
        world_event_add(w, WORLD_EVENT_CONTINUED, 0, 0, w->continues);
        return;
    }
    w->state = WORLD_GAME_OVER;
    world_event_add(w, WORLD_EVENT_GAME_OVER, 0, 0, 0);
}

/* The player's part of a frame: the prompt after the last ship, movement, the
 * deathbomb window closing, a bomb, shots. */
static void world_step_player(world *w, input_bits in)
{
    player *p = &w->player;
    if (p->lives < 0 && p->state == PLAYER_DEAD && p->timer <= 1) {
        p->lives = 0;
        world_out_of_ships(w);
        return;
    }
    player_step(p, in);
    /* A bomb in the window's last frame still saves the ship: the window is the
     * PLAYER_DEATHBOMB_FRAMES frames after the hit's. */
    input_bits pressed = (input_bits)(in & ~w->prev_in);
    if ((pressed & INPUT_BIT(INPUT_BOMB)) && player_can_bomb(p))
        world_bomb(w);
    if (p->state == PLAYER_HIT && p->timer <= 0)
        world_player_dies(w);
    if (player_shoot(p, in))
        ship_host_start(w, library_ship_volley(w->ship, p->focused, player_power_level(p)));
    if (ship_host_tick(w) > 0)
        world_event_add(w, WORLD_EVENT_SHOT, p->x, p->y, p->focused);
}

/* ---- motion ---- */

/* An enemy's `on death` or `on hit` (objects_enemy_event). */
static void world_enemy_event(world *w, uint32_t slot, vm_event_kind ev, vm_killer killer)
{
    objects o = world_host_objects(w);
    objects_enemy_event(&o, w->vm, enemy_handle(&w->enemies, slot), ev, killer);
}

/* An enemy that left the field or vanished goes (objects_move_enemies). */
static void world_enemy_gone(void *user, uint32_t slot)
{
    world_remove_enemy(user, slot, 0);
}

/* Enemies move; those that vanished or left the field go, their `on death`
 * first, in slot order. */
static void world_move_enemies(world *w)
{
    objects o = world_host_objects(w);
    int legacy = (w->config.flags & WORLD_FLAG_RULES_V2) != 0;
    objects_move_enemies(&o, w->vm, (int32_t)w->frame, w->boss.slot, legacy, world_enemy_gone, w);
}

/* Blocks of 64 slots the motion pass moves at a time: their positions before
 * and after, velocities, motion and radii stay in L1 from the move to the
 * motion and the player's screen. */
#define WORLD_MOTION_BLOCKS 8

/* One pool's update and what the frame keeps of it: where each bullet moved
 * (dx, dy: after minus before, for every slot below the block end before the
 * update, so that the collision tests can sweep the whole of this frame's
 * motion, turning and accelerating bullets included), and, when `q` is set,
 * the player's screen of the moved bullets (collision_player_screen into
 * `near`). */
typedef struct world_motion {
    bullet_pool *pool;
    float *dx, *dy;
    const collision_player_query *q;
    uint64_t *near;
} world_motion;

/* Part `part` of the motion pass: an equal share of the blocks, a few at a
 * time moved, then their motion taken and screened while still in cache. */
static void world_motion_part(void *ctx, int part, int parts)
{
    const world_motion *m = ctx;
    bullet_pool *p = m->pool;
    uint32_t first, end;
    workers_split(bullet_pool_block_end(p), part, parts, 1, &first, &end);
    circle_set set = {p->x, p->y, p->radius, m->dx, m->dy, p->alive, NULL, 0, 0};
    float px[WORLD_MOTION_BLOCKS * 64], py[WORLD_MOTION_BLOCKS * 64];
    for (uint32_t b = first; b < end; b += WORLD_MOTION_BLOCKS) {
        uint32_t e = end - b < WORLD_MOTION_BLOCKS ? end : b + WORLD_MOTION_BLOCKS;
        uint32_t i0 = 64 * b, n = 64 * (e - b);
        memcpy(px, p->x + i0, n * sizeof *px);
        memcpy(py, p->y + i0, n * sizeof *py);
        bullet_pool_update_range(p, b, e);
        for (uint32_t k = 0; k < n; k++) {
            m->dx[i0 + k] = p->x[i0 + k] - px[k];
            m->dy[i0 + k] = p->y[i0 + k] - py[k];
        }
        if (m->q)
            collision_player_screen(&set, m->q, i0, i0 + n, m->near);
    }
}

/* One update of a pool (the motion pass split over `threads` above the pool's
 * split_min), then its end on this thread. */
static void world_move_pool(world_motion *m, workers *threads)
{
    bullet_pool *p = m->pool;
    int parts = p->live >= p->split_min ? workers_threads(threads) : 1;
    workers_run(threads, world_motion_part, m, parts);
    bullet_pool_update_end(p);
}

/* Whether two player queries ask the same (field by field: a struct's padding
 * is not compared). */
static int world_same_query(const collision_player_query *a, const collision_player_query *b)
{
    return a->x == b->x && a->y == b->y && a->dx == b->dx && a->dy == b->dy &&
           a->hit_r == b->hit_r && a->graze_r == b->graze_r && a->grazed == b->grazed &&
           a->graze_bit == b->graze_bit;
}

/* The player's query this frame, as world_collide_player will send it. */
static collision_player_query world_player_query(const world *w)
{
    const player *p = &w->player;
    return (collision_player_query){p->x,
                                    p->y,
                                    p->x - p->px,
                                    p->y - p->py,
                                    player_number(p, LIBRARY_SHIP_HITBOX),
                                    player_number(p, LIBRARY_SHIP_GRAZE),
                                    NULL,
                                    0};
}

/* The player's lasers' update: those that follow the ship keep their offset
 * from it while it flies, and fade out when it does not (hit, dead). */
static void world_move_shot_lasers(world *w)
{
    laser_pool *p = &w->shot_lasers;
    int flying = player_flying(&w->player);
    for (uint32_t b = 0; b < laser_pool_block_end(p); b++)
        for (uint64_t m = p->alive[b]; m; m &= m - 1) {
            uint32_t i = 64 * b + (uint32_t)__builtin_ctzll(m);
            if (!(p->flags[i] & LASER_FLAG_FOLLOW))
                continue;
            laser_handle h = laser_pool_handle(p, i);
            if (!flying)
                laser_pool_fade(p, h);
            else
                laser_pool_set_origin(p, h, w->player.x + p->off_x[i], w->player.y + p->off_y[i]);
        }
    laser_pool_update(p);
}

/* Step 4 of a frame: bullets (and the player's shots) whose scripts vanished them
 * go, then enemies and both pools move; the bullets removed have their scripts
 * stopped. */
static void world_move(world *w)
{
    objects o = world_host_objects(w);
    objects_despawn_vanished(&o);
    world_move_enemies(w);
    /* the player's screen rides on the motion pass when the ship can be hit
     * this frame; world_collide_player checks that its query is the same */
    w->near_query = world_player_query(w);
    w->near_valid = player_flying(&w->player) && w->player.timer <= 0;
    world_motion bullets = {&w->bullets, w->bullet_dx, w->bullet_dy,
                            w->near_valid ? &w->near_query : NULL, w->bullet_near};
    world_move_pool(&bullets, w->workers);
    world_motion shots = {&w->shots, w->shot_dx, w->shot_dy, NULL, NULL};
    world_move_pool(&shots, NULL);
    objects_move_lasers(&w->lasers, &w->enemies); /* those that follow their firer first */
    world_move_shot_lasers(w);
    world_reap(w);
    ship_host_reap(w);
    if (w->bullets.live > w->stats.peak_bullets)
        w->stats.peak_bullets = w->bullets.live;
}

/* ---- collision ---- */

/* The enemy bullets as circles swept along this frame's motion, leaving out those
 * with any of the skip flags. */
static circle_set world_bullet_set(const world *w, uint8_t skip)
{
    const bullet_pool *p = &w->bullets;
    return (circle_set){p->x,         p->y,         p->radius,
                        w->bullet_dx, w->bullet_dy, p->alive,
                        p->flags,     skip,         (int)bullet_pool_slot_end(p)};
}

/* The enemies that can be hit now, as circles: on the field, not flying off. */
static circle_set world_enemy_set(world *w)
{
    memset(w->enemy_alive, 0, (w->enemies.cap + 63) / 64 * sizeof *w->enemy_alive);
    for (uint32_t i = 0; i < w->enemies.cap; i++) {
        const enemy *e = &w->enemies.slots[i];
        if ((e->kind != ENEMY_SMALL && e->kind != ENEMY_BOSS) || e->leaving || !enemy_inside(e))
            continue;
        w->enemy_x[i] = (float)e->x;
        w->enemy_y[i] = (float)e->y;
        w->enemy_r[i] = (float)e->hitbox;
        w->enemy_dx[i] = (float)(e->x - e->px);
        w->enemy_dy[i] = (float)(e->y - e->py);
        w->enemy_alive[i / 64] |= 1ull << (i % 64);
    }
    return (circle_set){w->enemy_x,     w->enemy_y, w->enemy_r, w->enemy_dx,        w->enemy_dy,
                        w->enemy_alive, NULL,       0,          (int)w->enemies.cap};
}

/* Damage to one enemy (or the boss) by the player's shots or a bomb (`by`); a
 * small enemy without hit points left is destroyed (its `on death` first), one
 * that survives its first damage of the frame runs its `on hit`. */
static void world_damage_enemy(world *w, uint32_t slot, double amount, vm_killer by)
{
    enemy *e = &w->enemies.slots[slot];
    if (e->kind == ENEMY_BOSS) {
        if (slot == w->boss.slot)
            boss_damage(w, amount);
        return;
    }
    int first = e->hit_at != (int32_t)w->frame;
    e->health -= amount;
    e->hit_at = (int32_t)w->frame;
    if (e->health <= 0) {
        world_enemy_event(w, slot, VM_EVENT_DEATH, by);
        world_remove_enemy(w, slot, 1);
    } else if (first) {
        world_enemy_event(w, slot, VM_EVENT_HIT, VM_KILLER_NONE);
    }
}

/* Shots against enemies: each shot hits the first enemy it touches and is gone;
 * a piercing shot (BULLET_FLAG_PIERCE) stays and hurts every enemy it touches,
 * every frame it touches it (as a laser would), in the pairs' order. */
static void world_collide_shots(world *w, const circle_set *enemies)
{
    const bullet_pool *s = &w->shots;
    circle_set shots = {s->x,       s->y,       s->radius,
                        w->shot_dx, w->shot_dy, s->alive,
                        NULL,       0,          (int)bullet_pool_slot_end(s)};
    collision_pairs_clear(&w->pairs);
    collision_circles(&w->shot_coll, &shots, enemies, &w->pairs);
    for (int k = 0; k < w->pairs.count; k++) {
        uint32_t slot = w->pairs.pair[k].a, shot = w->pairs.pair[k].b;
        bullet_handle h = bullet_pool_handle(&w->shots, shot);
        if (h.gen == 0 || w->enemies.slots[slot].kind == ENEMY_FREE)
            continue;
        double damage = (double)bullet_pool_owner(&w->shots, shot);
        if (!(w->shots.flags[shot] & BULLET_FLAG_PIERCE))
            bullet_pool_despawn(&w->shots, h, BULLET_DESPAWN_HIT);
        world_add_score(w, WORLD_HIT_POINTS);
        world_event_add(w, WORLD_EVENT_ENEMY_HIT, w->shots.x[shot], w->shots.y[shot], 0);
        world_damage_enemy(w, slot, damage, VM_KILLER_SHOT);
    }
}

/* Where the straight beam of player laser i first meets a circle of radius
 * rr at (cx, cy) widened by the beam's half width `half`: the distance along
 * the beam from its origin (0 when the origin is inside), or -1 when they do
 * not touch; (*hx, *hy) the beam's point nearest the centre. */
static float world_beam_touch(const laser_pool *p, uint32_t i, float cx, float cy, float rr,
                              float half, float *hx, float *hy)
{
    float ox = p->x[i], oy = p->y[i], ux = p->dir_x[i], uy = p->dir_y[i];
    float t = (cx - ox) * ux + (cy - oy) * uy, len = p->length[i];
    t = t < 0 ? 0 : t > len ? len : t;
    *hx = ox + ux * t;
    *hy = oy + uy * t;
    float dx = cx - *hx, dy = cy - *hy, d2 = dx * dx + dy * dy, r = rr + half;
    if (d2 > r * r)
        return -1.0f;
    float in = rr * rr - d2; /* the centre line's chord inside the circle */
    float at = t - (in > 0 ? sqrtf(in) : 0.0f);
    return at < 0 ? 0.0f : at;
}

/* Where the body of curvy player laser i (head first) first meets a circle
 * of radius r at (cx, cy): the index of the first segment touching it, from
 * the head, or -1; (*hx, *hy) that segment's head end. */
static float world_trail_touch(const laser_pool *p, uint32_t i, float cx, float cy, float r,
                               float *hx, float *hy)
{
    uint32_t n = p->nodes[i];
    for (uint32_t k = 0; k + 1 < n || (n == 1 && k == 0); k++) {
        uint32_t a = laser_pool_node(p, i, k), b = n > 1 ? laser_pool_node(p, i, k + 1) : a;
        float d2 = laser_collision_seg_dist2(cx, cy, cx, cy, p->node_x[a], p->node_y[a],
                                             p->node_x[b], p->node_y[b]);
        if (d2 <= r * r) {
            *hx = p->node_x[a];
            *hy = p->node_y[a];
            return (float)k;
        }
    }
    return -1.0f;
}

/* One hit of a player's laser: damage, the hit's points and its spark. */
static void world_laser_hit(world *w, uint32_t slot, double damage, float x, float y)
{
    world_add_score(w, WORLD_HIT_POINTS);
    world_event_add(w, WORLD_EVENT_ENEMY_HIT, x, y, 0);
    world_damage_enemy(w, slot, damage, VM_KILLER_SHOT);
}

/* The player's lasers against enemies (docs/patterns.md, "Ships"). Every frame
 * a laser is on it hurts by its damage (its owner) what it touches: a piercing
 * one (LASER_FLAG_PIERCE) every enemy along it, a plain one only the first in
 * its way (nearest its origin; a curvy one's, nearest its head), where a
 * straight beam then stops (shot_laser_reach). Lasers in slot order, each
 * against the enemies in slot order: at most WORLD_SHOT_LASERS times the
 * enemies' tests a frame, each first ruled out by the laser's box. Not swept:
 * a beam is where it is, and a held one is there every frame. */
static void world_collide_shot_lasers(world *w, const circle_set *enemies)
{
    laser_pool *lp = &w->shot_lasers;
    for (uint32_t b = 0; b < laser_pool_block_end(lp); b++)
        for (uint64_t m = lp->alive[b]; m; m &= m - 1) {
            uint32_t i = 64 * b + (uint32_t)__builtin_ctzll(m);
            int straight = lp->kind[i] == LASER_STRAIGHT;
            w->shot_laser_reach[i] = lp->length[i];
            if (!laser_pool_hurts(lp, i))
                continue;
            int pierce = (lp->flags[i] & LASER_FLAG_PIERCE) != 0;
            float half = 0.5f * laser_pool_width_now(lp, i);
            double damage = (double)laser_pool_owner(lp, i) / WORLD_LASER_DAMAGE_UNIT;
            int best = -1;
            float best_at = 0, best_x = 0, best_y = 0;
            for (int e = 0; e < enemies->count; e++) {
                if (!circle_set_live(enemies, e) || w->enemies.slots[e].kind == ENEMY_FREE)
                    continue;
                float cx = enemies->x[e], cy = enemies->y[e], r = enemies->r[e] + half;
                if (cx + r < lp->box_x0[i] || cx - r > lp->box_x1[i] || cy + r < lp->box_y0[i] ||
                    cy - r > lp->box_y1[i])
                    continue;
                float hx, hy;
                float at = straight ? world_beam_touch(lp, i, cx, cy, enemies->r[e], half, &hx, &hy)
                                    : world_trail_touch(lp, i, cx, cy, r, &hx, &hy);
                if (at < 0)
                    continue;
                if (pierce) {
                    world_laser_hit(w, (uint32_t)e, damage, hx, hy);
                } else if (best < 0 || at < best_at) {
                    best = e;
                    best_at = at;
                    best_x = hx;
                    best_y = hy;
                }
            }
            if (best >= 0) {
                if (straight)
                    w->shot_laser_reach[i] = best_at;
                world_laser_hit(w, (uint32_t)best, damage, best_x, best_y);
            }
        }
}

float world_bomb_radius(const player *p)
{
    float r = (float)((int32_t)p->ship->num[LIBRARY_SHIP_BOMB_TIME] - p->bomb) *
                  player_number(p, LIBRARY_SHIP_BOMB_GROWTH) +
              player_number(p, LIBRARY_SHIP_BOMB_RADIUS);
    float max = player_number(p, LIBRARY_SHIP_BOMB_MAX);
    return r > max ? max : r;
}

/* A running bomb: a growing circle cancels bullets into stars and hurts enemies. */
static void world_collide_bomb(world *w)
{
    player *p = &w->player;
    if (p->bomb <= 0)
        return;
    float r = world_bomb_radius(p);
    p->bomb_x = p->x;
    p->bomb_y = p->y;
    circle_set bullets = world_bullet_set(w, BULLET_FLAG_NO_CANCEL);
    collision_list_clear(&w->area);
    collision_area_circle(&w->bullet_coll, &bullets, p->x, p->y, r, &w->area);
    for (int k = 0; k < w->area.count; k++)
        world_cancel_one(w, w->area.index[k], 1);
    collision_list_clear(&w->laser_area);
    laser_collision_area(&w->lasers, p->x, p->y, r, 1, &w->laser_area);
    for (int k = 0; k < w->laser_area.count; k++)
        world_cancel_laser(w, w->laser_area.index[k], 1);
    world_reap(w);
    for (uint32_t i = 0; i < w->enemies.cap; i++) {
        const enemy *e = &w->enemies.slots[i];
        if ((e->kind != ENEMY_SMALL && e->kind != ENEMY_BOSS) || e->leaving || !enemy_inside(e))
            continue;
        float dx = (float)e->x - p->x, dy = (float)e->y - p->y, reach = r + (float)e->hitbox;
        if (dx * dx + dy * dy <= reach * reach)
            world_damage_enemy(w, i,
                               e->kind == ENEMY_BOSS ? WORLD_BOMB_BOSS_DAMAGE : WORLD_BOMB_DAMAGE,
                               VM_KILLER_BOMB);
    }
}

/* Grazes: every bullet touching the graze circle for the first time. */
static void world_grazes(world *w)
{
    for (int k = 0; k < w->grazes.count; k++) {
        uint32_t i = w->grazes.index[k];
        bullet_handle h = bullet_pool_handle(&w->bullets, i);
        if (h.gen == 0 || (w->bullets.flags[i] & BULLET_FLAG_GRAZED))
            continue;
        bullet_pool_set_flags(&w->bullets, h, BULLET_FLAG_GRAZED, 0);
        if (bullet_pool_script(&w->bullets, i)) /* `on graze` */
            vm_event(w->vm, bullet_object_of(h), VM_EVENT_GRAZE, w->bullets.x[i], w->bullets.y[i]);
        w->graze++;
        world_add_score(w, WORLD_GRAZE_POINTS);
        world_event_add(w, WORLD_EVENT_GRAZE, (w->bullets.x[i] + w->player.x) * 0.5f,
                        (w->bullets.y[i] + w->player.y) * 0.5f, 0);
    }
}

/* The ship against the lasers: hits, and grazes (a laser grazes again after
 * WORLD_LASER_GRAZE_FRAMES frames). Returns whether a laser hit. */
static int world_collide_lasers(world *w, const player *p, int graze)
{
    laser_pool *lp = &w->lasers;
    if (lp->live == 0)
        return 0;
    laser_probe q = {p->x,
                     p->y,
                     p->x - p->px,
                     p->y - p->py,
                     player_number(p, LIBRARY_SHIP_HITBOX),
                     graze ? player_number(p, LIBRARY_SHIP_GRAZE) : 0.0f};
    collision_list_clear(&w->laser_hits);
    collision_list_clear(&w->laser_grazes);
    laser_collision_player(lp, &q, &w->laser_hits, &w->laser_grazes);
    uint32_t now = (uint32_t)w->frame;
    for (int k = 0; k < w->laser_grazes.count; k++) {
        uint32_t i = w->laser_grazes.index[k];
        if (lp->graze_at[i] != LASER_NEVER && now - lp->graze_at[i] < WORLD_LASER_GRAZE_FRAMES)
            continue;
        laser_pool_mark_grazed(lp, i, now);
        w->graze++;
        world_add_score(w, WORLD_GRAZE_POINTS);
        world_event_add(w, WORLD_EVENT_GRAZE, p->x, p->y, 0);
    }
    return w->laser_hits.count > 0 || w->laser_hits.refused > 0;
}

/* Whether the ship touches an enemy's body. */
static int world_body_hit(const world *w, const circle_set *enemies)
{
    const player *p = &w->player;
    for (int i = 0; i < enemies->count; i++) {
        if (!circle_set_live(enemies, i))
            continue;
        float dx = enemies->x[i] - p->x, dy = enemies->y[i] - p->y;
        float reach = enemies->r[i] * 0.6f + player_number(p, LIBRARY_SHIP_HITBOX);
        if (dx * dx + dy * dy <= reach * reach)
            return 1;
    }
    return 0;
}

/* The ship against bullets and enemy bodies: hits and grazes. */
static void world_collide_player(world *w, const circle_set *enemies)
{
    player *p = &w->player;
    if (!player_flying(p) || p->timer > 0)
        return;
    circle_set bullets = world_bullet_set(w, BULLET_FLAG_HARMLESS);
    collision_player_query q = world_player_query(w);
    collision_list_clear(&w->hits);
    collision_list_clear(&w->grazes);
    if (w->near_valid && world_same_query(&q, &w->near_query))
        collision_player_screened(&w->bullet_coll, &bullets, &q, w->bullet_near, &w->hits,
                                  &w->grazes);
    else
        collision_player_workers(&w->bullet_coll, w->workers, &bullets, &q, 1, &w->hits,
                                 &w->grazes);
    if (p->bomb == 0)
        world_grazes(w);
    int laser_hit = world_collide_lasers(w, p, p->bomb == 0);
    if (!player_vulnerable(p) || (w->config.flags & WORLD_FLAG_INVULNERABLE) ||
        dialogue_active(&w->dialogue))
        return; /* nothing hurts while a dialogue line is up */
    if (w->hits.count > 0 || w->hits.refused > 0 || laser_hit || world_body_hit(w, enemies)) {
        player_hit(p);
        world_event_add(w, WORLD_EVENT_PLAYER_HIT, p->x, p->y, 0);
    }
}

/* Step 5 of a frame, in this order: shots against enemies, the player's
 * lasers, the bomb, then the player against what is left. */
static void world_collide(world *w)
{
    circle_set enemies = world_enemy_set(w);
    world_collide_shots(w, &enemies);
    world_collide_shot_lasers(w, &enemies);
    world_collide_bomb(w);
    enemies = world_enemy_set(w); /* shots and the bomb may have destroyed some */
    world_collide_player(w, &enemies);
}

/* ---- items, extends, the end ---- */

/* Power picked up (hundredths): points instead at full power. */
static void world_add_power(world *w, int add)
{
    player *p = &w->player;
    if (p->power >= PLAYER_POWER_MAX)
        world_add_score(w, WORLD_FULL_POWER_POINTS);
    p->power = p->power + add > PLAYER_POWER_MAX ? PLAYER_POWER_MAX : p->power + add;
}

/* What a mod's own item gives (pattern/content/item_decl.h): its points, power
 * and pieces, then its `on collect` starts where it was, at the next frame
 * (the world's VM, bounded by its budget as every script is). A kind the
 * content does not declare gives a star's points. */
static void world_pick_up_declared(world *w, const item_pickup *it)
{
    uint32_t k = (uint32_t)it->kind - ITEM_KIND_COUNT;
    const item_decl *d = w->lib && k < w->lib->item_count ? &w->lib->items[k] : NULL;
    if (!d) {
        world_add_score(w, WORLD_STAR_POINTS);
        return;
    }
    player *p = &w->player;
    world_add_score(w, d->score);
    if (d->power > 0)
        world_add_power(w, d->power);
    int bombs = 0, lives = 0;
    player_add_pieces(p, d->bomb_pieces, d->life_pieces, &bombs, &lives);
    if (bombs > 0)
        world_event_add(w, WORLD_EVENT_BOMB_ITEM, p->x, p->y, 0);
    if (lives > 0)
        world_event_add(w, WORLD_EVENT_EXTEND, p->x, p->y, 0);
    if (d->collect != ITEM_DECL_NO_FUNC)
        vm_start_at(w->vm, w->lib->prog, d->collect, it->x, it->y, (int32_t)w->frame + 1);
}

/* What one item gives when picked up. */
static void world_pick_up(world *w, const item_pickup *it)
{
    player *p = &w->player;
    if (it->kind >= ITEM_KIND_COUNT) {
        world_pick_up_declared(w, it);
        world_event_add(w, WORLD_EVENT_ITEM, it->x, it->y, it->kind);
        return;
    }
    switch (it->kind) {
    case ITEM_POWER:
    case ITEM_POWER_BIG: {
        world_add_power(w, it->kind == ITEM_POWER ? 10 : 100);
        break;
    }
    case ITEM_POINT:
        world_add_score(w, it->drawn ? world_point_value(w, 0) : world_point_value(w, p->y));
        break;
    case ITEM_BOMB:
        if (p->bombs < PLAYER_MAX_BOMBS)
            p->bombs++;
        world_event_add(w, WORLD_EVENT_BOMB_ITEM, p->x, p->y, 0);
        break;
    case ITEM_LIFE:
        if (p->lives < PLAYER_MAX_LIVES)
            p->lives++;
        world_event_add(w, WORLD_EVENT_EXTEND, p->x, p->y, 0);
        break;
    default: world_add_score(w, WORLD_STAR_POINTS); break;
    }
    world_event_add(w, WORLD_EVENT_ITEM, it->x, it->y, it->kind);
}

/* Step 6 of a frame: items fly in (above the collection line, or during a bomb),
 * move and are picked up; extends are paid for the score reached. */
static void world_step_items(world *w)
{
    player *p = &w->player;
    int flying = player_flying(p) && p->timer == 0;
    if ((flying && p->y < w->collect_line) || (int64_t)w->frame < w->draw_until)
        item_draw_all(&w->items);
    int n = item_step(&w->items, p->x, p->y, flying, w->pickups,
                      (int)(sizeof w->pickups / sizeof w->pickups[0]));
    for (int i = 0; i < n; i++)
        world_pick_up(w, &w->pickups[i]);
    /* Not while the last ship's explosion plays (lives -1): the extend waits for
     * the continue, instead of being spent on nothing. */
    uint64_t next;
    while (p->lives >= 0 && (next = world_next_extend(w)) != 0 && w->score >= next) {
        w->extends++;
        if (p->lives < PLAYER_MAX_LIVES)
            p->lives++;
        world_event_add(w, WORLD_EVENT_EXTEND, p->x, p->y, 0);
    }
}

/* The stage-clear bonus. */
static void world_make_tally(world *w)
{
    world_tally *t = &w->tally;
    int stage = w->config.start == 0;
    int lives = w->player.lives > 0 ? w->player.lives : 0;
    t->clear = stage ? 1000000u * (uint64_t)(w->config.difficulty + 1) : 0;
    t->lives = stage ? 500000u * (uint64_t)lives : 0;
    t->bombs = stage ? 100000u * (uint64_t)w->player.bombs : 0;
    t->graze = stage ? 50u * (w->graze - w->stage_graze) : 0;
    t->total = t->clear + t->lives + t->bombs + t->graze;
}

/* After the game's last stage (the last of its list, whatever it is called;
 * not after a stage past the list, as the Extra stage is), the ending
 * (library_scene_ending): the good one without continues, the bad one with;
 * it holds the clear while it runs. Returns 1 while it does. */
static int world_start_ending(world *w)
{
    if (w->scene_hold != 0)
        return 1;
    if (w->ending_played || !w->stage_done || !world_config_scenes(&w->config) ||
        w->stage + 1 != world_stage_count(w) || w->stage_slot == ENEMY_NONE)
        return 0;
    int64_t f =
        library_scene_ending(w->lib, w->continues > 0 ? LIBRARY_SCENE_BAD : LIBRARY_SCENE_GOOD);
    if (f < 0)
        return 0;
    w->ending_played = 1;
    w->scene_hold = vm_start(w->vm, w->lib->prog, (uint32_t)f,
                             enemy_handle(&w->enemies, w->stage_slot), NULL, 0, (int32_t)w->frame);
    return w->scene_hold != 0;
}

/* The run is cleared when the stage's script has ended, or the practice fight is
 * over and its items are in. */
static void world_check_end(world *w)
{
    int practice_over =
        w->config.start != 0 && !w->boss.active && (int64_t)w->frame >= w->draw_until;
    if (w->next_stage_at >= 0 && (int64_t)w->frame >= w->next_stage_at) {
        w->next_stage_at = -1;
        w->stage++;
        world_begin_stage(w);
        return;
    }
    if (!w->lib || w->state != WORLD_PLAYING || w->next_stage_at >= 0 ||
        !(w->stage_done || practice_over))
        return;
    if (world_start_ending(w))
        return; /* the ending first: the run is cleared when it ends */
    world_make_tally(w);
    world_add_score(w, w->tally.total);
    if (w->score > w->best_score)
        w->best_score = w->score;
    int last = w->config.start != 0 || (w->config.flags & WORLD_FLAG_ONE_STAGE) ||
               w->stage + 1 >= world_stage_count(w);
    world_event_add(w, WORLD_EVENT_STAGE_CLEAR, 0, 0, w->config.start != 0 ? 0 : w->stage + 1);
    if (last)
        w->state = WORLD_CLEARED;
    else
        w->next_stage_at = (int32_t)w->frame + WORLD_STAGE_BREAK;
}

/* ---- the frame ---- */

void world_step(world *w, input_bits in)
{
    if (world_over(w))
        return;
    w->event_count = 0;
    w->frame_in = in;
    if (w->state == WORLD_CONTINUE) {
        world_step_continue(w, in);
        w->prev_in = in;
        w->frame++;
        return;
    }
    uint64_t t0 = clock_now_ns();
    /* a dialogue line: the shot button reads it, so the ship neither shoots
     * nor bombs while one is up */
    input_bits pin = in;
    if (dialogue_active(&w->dialogue)) {
        input_bits pressed = (input_bits)(in & ~w->prev_in);
        dialogue_input(&w->dialogue, (pressed & INPUT_BIT(INPUT_SHOT)) != 0,
                       input_held(in, INPUT_SKIP), (int32_t)w->frame);
        pin = (input_bits)(in & ~(INPUT_BIT(INPUT_SHOT) | INPUT_BIT(INPUT_BOMB)));
    }
    world_step_player(w, pin);
    if (w->state == WORLD_PLAYING) {
        if (w->stage_scene != 0 || w->scene_hold != 0)
            world_step_scenes(w);
        object_query_begin(&w->query);
        object_query_begin(&w->shot_query);
        vm_tick(w->vm, (int32_t)w->frame);
        dialogue_end_frame(&w->dialogue, (int32_t)w->frame);
        boss_update(w);
        uint64_t t1 = clock_now_ns();
        world_move(w);
        uint64_t t2 = clock_now_ns();
        world_collide(w);
        world_step_items(w);
        world_check_end(w);
        uint64_t t3 = clock_now_ns();
        w->stats.script_ns = t1 - t0;
        w->stats.motion_ns = t2 - t1;
        w->stats.collision_ns = t3 - t2;
    }
    w->prev_in = in;
    w->frame++;
}

int world_config_practice(const world_config *cfg)
{
    return cfg->start != 0 || (cfg->flags & WORLD_FLAG_ONE_STAGE) != 0;
}

int world_config_extra(const library_game *g, const world_config *cfg)
{
    return g && g->extra && cfg->start == 0 && cfg->stage == g->stage_count;
}

int world_in_extra(const world *w)
{
    return w->game && w->game->extra && (uint32_t)w->stage >= w->game->stage_count;
}

int world_config_scenes(const world_config *cfg)
{
    return cfg && !world_config_practice(cfg) &&
           !(cfg->flags & (WORLD_FLAG_NO_SCENES | WORLD_FLAG_NO_STAGE | WORLD_FLAG_RULES_V2));
}

int world_stage_count(const world *w)
{
    if (!w->game)
        return 1;
    uint32_t n = w->game->stage_count;
    return (int)(w->config.stages && w->config.stages < n ? w->config.stages : n);
}

const char *world_stage_name(const world *w)
{
    const library_entry *e = w->lib && w->config.start == 0 ? world_stage_entry(w) : NULL;
    return e ? e->name : "";
}

int world_between_stages(const world *w)
{
    return w->next_stage_at >= 0;
}

int world_all_clear(const world *w)
{
    return w->state == WORLD_CLEARED && w->config.start == 0 && w->stage_done &&
           w->stage + 1 >= world_stage_count(w);
}

/* A name of the library's, "" where the index names none. */
static void world_hash_name(hasher *hs, const char *name)
{
    hash_bytes(hs, name ? name : "", name ? strlen(name) + 1 : 1);
}

/* How the world hashes its VMs: by absolute pcs (format 1 and 2 rules), by
 * function and offset, or so by the rule of the replays recorded before the
 * rules field (WORLD_FLAG_NEXT_PLACE). */
static void (*world_vm_hash_fn(const world *w, int portable))(const vm *, hasher *)
{
    if (!portable)
        return vm_hash;
    return (w->config.flags & WORLD_FLAG_NEXT_PLACE) ? vm_hash_portable_next : vm_hash_portable;
}

/* Where the code of one of a ship's shot types starts: its first volley or
 * bomb of its own (a type that flies its ship's bomb shares the first type's
 * function, which is not its own code); UINT32_MAX when it has none. */
static uint32_t world_type_code_start(const library *lib, const library_ship *ship, uint32_t t)
{
    const library_ship *ty = library_ship_type(ship, t);
    uint32_t funcs[2 * LIBRARY_SHIP_LEVELS + 1], n = 0, start = UINT32_MAX;
    for (int f = 0; f < 2; f++)
        for (int l = 0; l < LIBRARY_SHIP_LEVELS; l++)
            funcs[n++] = ty->shot[f][l];
    funcs[n++] = t > 0 && ty->bomb == ship->bomb ? LIBRARY_NO_FUNC : ty->bomb;
    for (uint32_t k = 0; k < n; k++)
        if (funcs[k] < lib->prog->func_count && lib->prog->funcs[funcs[k]].pc < start)
            start = lib->prog->funcs[funcs[k]].pc;
    return start;
}

/* The ships the game had when the replays of the first rule
 * (WORLD_FLAG_NEXT_PLACE) were recorded, before the rules field: their code,
 * compiled after everything else, ended the program then. */
static const char *const world_next_place_ships[] = {"hotaru", "shirasagi"};

static int world_next_place_ship(const char *name)
{
    for (size_t k = 0; k < sizeof world_next_place_ships / sizeof *world_next_place_ships; k++)
        if (strcmp(world_next_place_ships[k], name) == 0)
            return 1;
    return 0;
}

/* Where the code those replays knew ends: the first code of a ship or shot type
 * added since (another ship, or a type after a ship's first) that comes after
 * the last of theirs; UINT32_MAX when none does. A script of the ship's past
 * its end there stands at its own end (world_hash_ship_vm), as it did when the
 * program ended there, so that a ship or a shot type added since leaves them
 * verifying, wherever its file sorts. */
static uint32_t world_next_place_end(const library *lib)
{
    uint32_t last_old = 0, end = UINT32_MAX;
    for (uint32_t s = 0; s < lib->ship_count; s++)
        if (world_next_place_ship(lib->ships[s].name)) {
            uint32_t start = world_type_code_start(lib, &lib->ships[s], 0);
            if (start != UINT32_MAX && start > last_old)
                last_old = start;
        }
    for (uint32_t s = 0; s < lib->ship_count; s++)
        for (uint32_t t = 0; t < lib->ships[s].type_count; t++) {
            if (t == 0 && world_next_place_ship(lib->ships[s].name))
                continue;
            uint32_t start = world_type_code_start(lib, &lib->ships[s], t);
            if (start > last_old && start < end)
                end = start;
        }
    return end;
}

/* The ship's VM into hs: as the enemies', except by the rule of the replays
 * recorded before the rules field, whose ships' code ended the program: a
 * ship's script past its end stands at its own end where the code of a ship
 * or a shot type added since follows it (world_next_place_end). */
static void world_hash_ship_vm(const world *w, int portable, hasher *hs)
{
    if (portable && (w->config.flags & WORLD_FLAG_NEXT_PLACE))
        vm_hash_portable_next_until(w->ship_vm, hs, world_next_place_end(w->lib));
    else
        world_vm_hash_fn(w, portable)(w->ship_vm, hs);
}

/* The configuration's start point and ship, in a format-3 run by name: a ship
 * or a boss added in a file sorting earlier renumbers them (replay.h). */
static void world_hash_start_ship(const world *w, hasher *hs, int portable)
{
    const world_config *c = &w->config;
    if (!portable) {
        hash_u32(hs, c->start);
        hash_u32(hs, c->flags & ~WORLD_FLAGS_RULES);
        /* A run of the first ship on its game's first stage hashes as one did
         * before ships and games were content. */
        if (c->ship != 0)
            hash_u32(hs, 0x10000u | c->ship);
        if (c->shot_type != 0)
            hash_u32(hs, 0x20000u | c->shot_type);
        return;
    }
    const library *lib = w->lib;
    uint32_t boss = c->start ? (uint32_t)WORLD_START_BOSS(c->start) : UINT32_MAX;
    hash_u32(hs, c->start ? 1u + (uint32_t)WORLD_START_PHASE(c->start) : 0u);
    world_hash_name(hs, boss < lib->boss_count ? lib->bosses[boss].name : NULL);
    hash_u32(hs, c->flags & ~WORLD_FLAGS_RULES);
    world_hash_name(hs, c->ship < lib->ship_count ? lib->ships[c->ship].name : NULL);
    /* the first shot type hashes as a run did before ships had types */
    if (w->ship && w->ship->type != 0)
        world_hash_name(hs, w->ship->type_name);
}

/* The run's own fields in world_hash's order: the stage, the frame, the
 * generator (with_rng), the state and counters, the score (world_hash;
 * world_hash_parts hashes the generator apart). */
static void world_hash_run(const world *w, hasher *hs, int portable, int with_rng)
{
    if (w->stage != 0 || w->next_stage_at >= 0 || w->stage_graze != 0) {
        hash_u32(hs, 0x20000u | (uint32_t)w->stage);
        hash_u32(hs, (uint32_t)w->next_stage_at);
        hash_u64(hs, w->stage_graze);
    }
    hash_u64(hs, w->frame);
    for (int i = 0; with_rng && i < 4; i++)
        hash_u64(hs, w->rng.s[i]);
    const int32_t ints[] = {w->state,
                            w->prev_in,
                            w->extends,
                            w->continues,
                            w->deaths,
                            w->bombs_used,
                            w->spells_captured,
                            w->spells_seen,
                            (int32_t)w->stage_slot,
                            (int32_t)w->stage_runner,
                            w->stage_done,
                            w->draw_until,
                            w->title[0],
                            w->title[1],
                            w->title_at,
                            w->cont_cursor,
                            w->cont_timer};
    for (size_t k = 0; k < sizeof ints / sizeof ints[0]; k++)
        hash_u32(hs, portable && (k == 12 || k == 13) ? 0 : (uint32_t)ints[k]);
    for (int k = 0; portable && k < 2; k++)
        hash_bytes(hs, world_string(w, w->title[k]), strlen(world_string(w, w->title[k])) + 1);
    if (w->dialogue.lines > 0) {
        /* a run with dialogue: whether a line is up and since when (never its
         * words, never how fast they are shown); a run without hashes as before */
        hash_u32(hs, 0x30000u | (uint32_t)w->dialogue.talking);
        hash_u32(hs, (uint32_t)w->dialogue.line_at);
        hash_u32(hs, w->dialogue.lines);
        hash_u32(hs, w->dialogue.scenes);
    }
    if (w->collect_line != WORLD_COLLECT_LINE) {
        /* a script moved the auto-collect line; a run that never did hashes as before */
        hash_u32(hs, 0x40000u);
        hash_f32(hs, w->collect_line);
    }
    const uint64_t wide[] = {w->score,       w->best_score,  w->graze,       w->tally.clear,
                             w->tally.lives, w->tally.bombs, w->tally.graze, w->tally.total};
    for (size_t k = 0; k < sizeof wide / sizeof wide[0]; k++)
        hash_u64(hs, wide[k]);
}

uint64_t world_hash(const world *w)
{
    hasher hs;
    hash_begin(&hs, 0x6375727461696eull); /* "curtain" */
    hash_u64(&hs, w->config.seed);
    hash_u32(&hs, w->config.difficulty);
    /* Format-3 runs hash what indices name (code places, strings, bosses, the
     * ship) by name, so that files the run never reads change nothing (replay.h). */
    const int portable = !(w->config.flags & WORLD_FLAG_RULES_V2) && w->lib && w->lib->prog;
    world_hash_start_ship(w, &hs, portable);
    world_hash_run(w, &hs, portable, 1);
    player_hash(&w->player, &hs);
    bullet_pool_hash(&w->bullets, &hs);
    bullet_pool_hash(&w->shots, &hs);
    /* a run that never had a laser hashes as before lasers existed */
    if (w->lasers.stats.spawned > 0 || w->lasers.stats.refused > 0)
        laser_pool_hash(&w->lasers, &hs);
    /* nor a run whose ship never fired one */
    if (w->shot_lasers.stats.spawned > 0 || w->shot_lasers.stats.refused > 0)
        laser_pool_hash(&w->shot_lasers, &hs);
    enemy_table_hash(&w->enemies, &hs, portable ? w->lib->prog : NULL);
    boss_hash(&w->boss, &hs, portable ? w->lib : NULL);
    item_list_hash(&w->items, &hs);
    void (*vm_hash_of)(const vm *, hasher *) = world_vm_hash_fn(w, portable);
    if (w->vm)
        vm_hash_of(w->vm, &hs);
    /* The ship's VM holds state only while a script of it waits (a volley that
     * fires and ends leaves nothing behind: its clock is the world's frame). */
    if (w->ship_vm && vm_get_stats(w->ship_vm).live > 0)
        world_hash_ship_vm(w, portable, &hs);
    return hash_end(&hs);
}

static const char *const world_part_names[] = {
#define WORLD_PART_NAME(id, name) name,
    WORLD_PARTS(WORLD_PART_NAME)
#undef WORLD_PART_NAME
};

const char *world_part_name(world_part part)
{
    return part < WORLD_PART_COUNT ? world_part_names[part] : "?";
}

void world_hash_parts(const world *w, uint64_t out[WORLD_PART_COUNT])
{
    const int portable = !(w->config.flags & WORLD_FLAG_RULES_V2) && w->lib && w->lib->prog;
    void (*vm_hash_of)(const vm *, hasher *) = world_vm_hash_fn(w, portable);
    hasher hs[WORLD_PART_COUNT];
    for (int k = 0; k < WORLD_PART_COUNT; k++)
        hash_begin(&hs[k], 0x7061727400ull + (uint64_t)k); /* "part" */
    player_hash(&w->player, &hs[WORLD_PART_PLAYER]);
    bullet_pool_hash(&w->shots, &hs[WORLD_PART_SHOTS]);
    if (w->shot_lasers.stats.spawned > 0 || w->shot_lasers.stats.refused > 0)
        laser_pool_hash(&w->shot_lasers, &hs[WORLD_PART_SHOTS]);
    bullet_pool_hash(&w->bullets, &hs[WORLD_PART_BULLETS]);
    laser_pool_hash(&w->lasers, &hs[WORLD_PART_LASERS]);
    enemy_table_hash(&w->enemies, &hs[WORLD_PART_ENEMIES], portable ? w->lib->prog : NULL);
    boss_hash(&w->boss, &hs[WORLD_PART_ENEMIES], portable ? w->lib : NULL);
    item_list_hash(&w->items, &hs[WORLD_PART_ITEMS]);
    if (w->vm)
        vm_hash_of(w->vm, &hs[WORLD_PART_VM]);
    if (w->ship_vm && vm_get_stats(w->ship_vm).live > 0)
        world_hash_ship_vm(w, portable, &hs[WORLD_PART_VM]);
    for (int i = 0; i < 4; i++)
        hash_u64(&hs[WORLD_PART_GENERATORS], w->rng.s[i]);
    world_hash_start_ship(w, &hs[WORLD_PART_SCORE], portable);
    world_hash_run(w, &hs[WORLD_PART_SCORE], portable, 0);
    for (int k = 0; k < WORLD_PART_COUNT; k++)
        out[k] = hash_end(&hs[k]);
}

/* Hashes the first `end` parts of the program and the tables of entries and
 * bosses (what a content hash covered before ships were content). */
static void world_hash_program(hasher *hs, const library *lib, library_mark end)
{
    const vm_program *p = lib->prog;
    hash_bytes(hs, p->code, end.code * sizeof *p->code);
    for (uint32_t i = 0; i < end.consts; i++)
        hash_f64(hs, p->consts[i]);
    for (uint32_t i = 0; i < end.funcs; i++) {
        const vm_func *f = &p->funcs[i];
        const uint32_t v[] = {f->pc, f->end, f->nparams, f->nlocals, f->frame_size};
        hash_bytes(hs, v, sizeof v);
    }
    for (uint32_t i = 0; i < end.strings; i++)
        hash_bytes(hs, p->strings[i], strlen(p->strings[i]) + 1);
    for (uint32_t i = 0; i < p->shared_count; i++) /* none: hashed as before they existed */
        hash_f64(hs, p->shared_init[i]);
    for (uint32_t i = 0; i < lib->entry_count; i++) {
        const library_entry *e = &lib->entries[i];
        hash_bytes(hs, e->name, strlen(e->name) + 1);
        hash_u32(hs, e->kind);
        hash_u32(hs, e->func);
        hash_u32(hs, (uint32_t)e->nparams);
        for (int k = 0; k < e->nparams; k++)
            hash_f64(hs, e->defaults[k]);
    }
    for (uint32_t i = 0; i < lib->boss_count; i++) {
        const library_boss *b = &lib->bosses[i];
        hash_bytes(hs, b->name, strlen(b->name) + 1);
        hash_u32(hs, b->phase_count);
        for (uint32_t k = 0; k < b->phase_count; k++) {
            hash_u32(hs, b->phases[k].func);
            hash_u32(hs, (uint32_t)b->phases[k].spell);
        }
    }
}

/* The content hash's walk over what a run can reach: the functions found so far
 * (`seen`), those still to hash (`todo`), and the bosses met. */
typedef struct content_walk {
    const library *lib;
    hasher *hs;
    uint8_t *seen, *boss_seen;
    uint32_t *todo;
    uint32_t ntodo;
    int scenes; /* the run plays scenes (world_config_scenes): theirs are reached */
} content_walk;

static void content_hash_text(hasher *hs, const char *s)
{
    hash_bytes(hs, s ? s : "", strlen(s ? s : "") + 1);
}

/* A reference to function f: hashed as its name, and queued to be hashed. */
static void content_func(content_walk *cw, uint32_t f)
{
    const vm_program *p = cw->lib->prog;
    if (f >= p->func_count) {
        hash_u32(cw->hs, UINT32_MAX);
        return;
    }
    hash_bytes(cw->hs, p->funcs[f].name, vm_func_name_key(p->funcs[f].name));
    hash_u32(cw->hs, 0);
    if (!cw->seen[f]) {
        cw->seen[f] = 1;
        cw->todo[cw->ntodo++] = f;
    }
}

/* The scenes before and after a stage or boss (-1: none), when the run plays
 * them; nothing at all otherwise, so a run by the rules before scenes hashes
 * as it did (WORLD_FLAG_NO_SCENES). */
static void content_scenes(content_walk *cw, int64_t before, int64_t after)
{
    if (!cw->scenes || (before < 0 && after < 0))
        return;
    hash_u32(cw->hs, 0x5343u); /* "SC" */
    if (before >= 0)
        content_func(cw, (uint32_t)before);
    hash_u32(cw->hs, 0x2f);
    if (after >= 0)
        content_func(cw, (uint32_t)after);
}

/* A reference to boss b: its name, phases and their functions (and scenes). */
static void content_boss(content_walk *cw, int64_t b)
{
    const library *lib = cw->lib;
    if (b < 0 || b >= lib->boss_count) {
        hash_u32(cw->hs, UINT32_MAX);
        return;
    }
    const library_boss *bs = &lib->bosses[b];
    content_hash_text(cw->hs, bs->name);
    if (cw->boss_seen[b])
        return;
    cw->boss_seen[b] = 1;
    hash_u32(cw->hs, bs->phase_count);
    for (uint32_t k = 0; k < bs->phase_count; k++) {
        content_func(cw, bs->phases[k].func);
        hash_u32(cw->hs, (uint32_t)bs->phases[k].spell);
    }
    content_scenes(cw, library_scene_for_boss(lib, (int32_t)b, LIBRARY_SCENE_BEFORE),
                   library_scene_for_boss(lib, (int32_t)b, LIBRARY_SCENE_AFTER));
}

/* program_refs' callbacks: a function the code names, and a boss or ship. */
static void content_ref_func(void *ctx, uint32_t f)
{
    content_func(ctx, f);
}

/* A reference to a declared item kind (VM_ITEM_COUNT + k): its name, what it
 * gives and its `on collect`; not its look, which only draws. */
static void content_item(content_walk *cw, double v)
{
    double k = v - VM_ITEM_COUNT;
    if (!(k >= 0 && k < cw->lib->item_count)) {
        hash_u32(cw->hs, UINT32_MAX);
        return;
    }
    const item_decl *d = &cw->lib->items[(uint32_t)k];
    content_hash_text(cw->hs, d->name);
    const uint32_t gives[] = {d->score, (uint32_t)d->power, (uint32_t)d->bomb_pieces,
                              (uint32_t)d->life_pieces};
    for (size_t i = 0; i < sizeof gives / sizeof gives[0]; i++)
        hash_u32(cw->hs, gives[i]);
    if (d->collect != ITEM_DECL_NO_FUNC)
        content_func(cw, d->collect);
    else
        hash_u32(cw->hs, UINT32_MAX);
}

static void content_ref_table(void *ctx, vm_ref_kind kind, double v)
{
    content_walk *cw = ctx;
    if (kind == VM_REF_ITEM)
        content_item(cw, v);
    else if (kind == VM_REF_BOSS)
        content_boss(cw, v >= 0 && v < cw->lib->boss_count ? (int64_t)v : -1);
    else
        content_hash_text(
            cw->hs, v >= 0 && v < cw->lib->ship_count ? cw->lib->ships[(uint32_t)v].name : NULL);
}

/* One function: its shape and its code relative to itself, with constants and
 * shared values by value and what it names by name (pattern/vm/program.h). */
static void content_hash_func(content_walk *cw, uint32_t fi)
{
    const program_refs refs = {cw, content_ref_func, content_ref_table};
    program_hash_func(cw->lib->prog, fi, cw->hs, &refs);
}

/* A ship's numbers, options and functions, by name. */
static void content_ship(content_walk *cw, const library_ship *s)
{
    hasher *hs = cw->hs;
    content_hash_text(hs, s->name);
    for (int k = 0; k < LIBRARY_SHIP_NUMBER_COUNT; k++)
        hash_f64(hs, s->num[k]);
    hash_u32(hs, s->option_count);
    for (uint32_t k = 0; k < s->option_count; k++) {
        const library_ship_option *o = &s->options[k];
        hash_u32(hs, (uint32_t)o->level);
        hash_f32(hs, o->x);
        hash_f32(hs, o->y);
        hash_f32(hs, o->fx);
        hash_f32(hs, o->fy);
    }
    for (int f = 0; f < 2; f++)
        for (int k = 0; k < LIBRARY_SHIP_LEVELS; k++)
            content_func(cw, s->shot[f][k]);
    content_func(cw, s->bomb);
    /* a shot type after the first by its name; the first hashes as a ship did
     * before ships had types */
    if (s->type != 0) {
        hash_u32(hs, 0x74797065u); /* "type" */
        content_hash_text(hs, s->type_name);
    }
}

/* Which stages of the game's list a content hash covers: from `first`,
 * `count` of them; with `follows`, whether a stage comes after them too. */
typedef struct content_span {
    uint32_t first, count;
    int follows;
} content_span;

/* The span of a run of that reach (world_reach); unknown: the whole list, or
 * its first `prefix` stages when prefix is not 0. */
static content_span content_span_of(const library_game *g, const world_config *cfg, uint8_t reach,
                                    uint32_t prefix)
{
    if (!(reach & WORLD_REACH_KNOWN))
        return (content_span){0, prefix ? prefix : g->stage_count, 0};
    if (cfg && cfg->start != 0) /* a boss practice plays no stage */
        return (content_span){0, 0, 0};
    return (content_span){cfg ? cfg->stage : 0, reach & WORLD_REACH_STAGES,
                          (reach & WORLD_REACH_AT_END) != 0};
}

/* The roots of a run of cfg: its game's stages (or the stage a run without a
 * game plays), the ship flown and the boss a practice starts with. */
static void content_roots(content_walk *cw, const world_config *cfg, uint8_t reach, uint32_t prefix)
{
    const library *lib = cw->lib;
    const library_game *g = world_game_of(lib);
    if (g) {
        content_span s = content_span_of(g, cfg, reach, prefix);
        content_hash_text(cw->hs, g->name);
        for (uint32_t k = s.first; k < s.first + s.count; k++) {
            const char *name = k < g->stage_count                ? g->stages[k]
                               : k == g->stage_count && g->extra ? g->extra
                                                                 : "";
            content_hash_text(cw->hs, name);
            const library_entry *e = name[0] ? library_find(lib, name) : NULL;
            if (e)
                content_func(cw, e->func);
            if (e)
                content_scenes(cw, library_scene_for_stage(lib, e->name, LIBRARY_SCENE_BEFORE), -1);
        }
        if (s.follows) {
            uint32_t n =
                cfg && cfg->stages && cfg->stages < g->stage_count ? cfg->stages : g->stage_count;
            hash_u32(cw->hs, s.first + s.count < n);
        }
        /* the endings, after the list's last stage (only when scenes play) */
        content_scenes(cw, library_scene_ending(lib, LIBRARY_SCENE_GOOD),
                       library_scene_ending(lib, LIBRARY_SCENE_BAD));
    } else { /* the stage world_stage_entry plays without a game */
        const library_entry *e = library_find(lib, WORLD_STAGE_NAME);
        for (uint32_t i = 0; (!e || e->kind != LIBRARY_STAGE) && i < lib->entry_count; i++)
            e = &lib->entries[i];
        if (e && e->kind == LIBRARY_STAGE)
            content_func(cw, e->func);
    }
    uint32_t ship = cfg ? cfg->ship : 0;
    if (ship < lib->ship_count)
        content_ship(cw, library_ship_type(&lib->ships[ship], cfg ? cfg->shot_type : 0));
    if (cfg && cfg->start != 0)
        content_boss(cw, WORLD_START_BOSS(cfg->start));
}

/* The entries (names, kinds, defaults) of the functions reached, in their order. */
static void content_entries(content_walk *cw)
{
    for (uint32_t i = 0; i < cw->lib->entry_count; i++) {
        const library_entry *e = &cw->lib->entries[i];
        if (e->func >= cw->lib->prog->func_count || !cw->seen[e->func])
            continue;
        content_hash_text(cw->hs, e->name);
        hash_u32(cw->hs, e->kind);
        hash_u32(cw->hs, (uint32_t)e->nparams);
        for (int k = 0; k < e->nparams; k++)
            hash_f64(cw->hs, e->defaults[k]);
    }
}

uint64_t world_content_hash(const library *lib, const world_config *cfg)
{
    return world_content_hash_stages(lib, cfg, 0);
}

/* The content hash of a run of cfg over the span that reach and prefix give. */
static uint64_t content_hash_span(const library *lib, const world_config *cfg, uint8_t reach,
                                  uint32_t prefix);

uint64_t world_content_hash_reach(const library *lib, const world_config *cfg, uint8_t reach)
{
    return content_hash_span(lib, cfg, reach, 0);
}

uint64_t world_content_hash_stages(const library *lib, const world_config *cfg,
                                   uint32_t stages_count)
{
    return content_hash_span(lib, cfg, 0, stages_count);
}

uint8_t world_reach(const world *w)
{
    if (w->config.start != 0)
        return WORLD_REACH_KNOWN;
    int played = w->stage - w->config.stage + 1;
    if (played < 1)
        played = 1;
    if (played > (int)WORLD_REACH_STAGES)
        played = WORLD_REACH_STAGES;
    int at_end = !world_config_practice(&w->config) &&
                 (w->stage_done || world_between_stages(w) || w->state == WORLD_CLEARED);
    return (uint8_t)(WORLD_REACH_KNOWN | (at_end ? WORLD_REACH_AT_END : 0) | (unsigned)played);
}

static uint64_t content_hash_span(const library *lib, const world_config *cfg, uint8_t reach,
                                  uint32_t prefix)
{
    if (!lib || !lib->prog)
        return 0;
    const vm_program *p = lib->prog;
    if (lib->ship_count == 0 && lib->game_count == 0)
        return world_content_hash_legacy(lib);
    hasher hs;
    hash_begin(&hs, 0x7265616368ull); /* "reach" */
    content_walk cw = {lib, &hs, NULL, NULL, NULL, 0, world_config_scenes(cfg)};
    cw.seen = mem_alloc(p->func_count + 1);
    cw.boss_seen = mem_alloc(lib->boss_count + 1);
    cw.todo = mem_alloc(((size_t)p->func_count + 1) * sizeof *cw.todo);
    uint64_t h = 0;
    if (cw.seen && cw.boss_seen && cw.todo) {
        memset(cw.seen, 0, p->func_count + 1);
        memset(cw.boss_seen, 0, lib->boss_count + 1);
        content_roots(&cw, cfg, reach, prefix);
        /* in the order found: the same whatever else the files hold */
        for (uint32_t k = 0; k < cw.ntodo; k++)
            content_hash_func(&cw, cw.todo[k]);
        content_entries(&cw);
        h = hash_end(&hs);
    }
    mem_free(cw.seen);
    mem_free(cw.boss_seen);
    mem_free(cw.todo);
    return h;
}

uint64_t world_content_hash_legacy(const library *lib)
{
    if (!lib || !lib->prog)
        return 0;
    hasher hs;
    hash_begin(&hs, 0x636f6e74656e74ull); /* "content" */
    world_hash_program(&hs, lib, lib->ships_start);
    return hash_end(&hs);
}

void world_blocks(world *w, memblock_list *l)
{
    memblock_add(l, w, sizeof *w);
    bullet_pool_blocks(&w->bullets, l);
    bullet_pool_blocks(&w->shots, l);
    laser_pool_blocks(&w->lasers, l);
    laser_pool_blocks(&w->shot_lasers, l);
    enemy_table_blocks(&w->enemies, l);
    item_list_blocks(&w->items, l);
    if (w->vm)
        vm_blocks(w->vm, l);
    if (w->ship_vm)
        vm_blocks(w->ship_vm, l);
}
