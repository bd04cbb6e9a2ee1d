/*
 * boss: the phases of a boss fight. See boss.h.
 */
#include "game/boss.h"

#include "game/world.h"
#include "pattern/objects/objects.h"
#include "sim/playfield.h"

#include <string.h>

void boss_reset(boss_fight *b)
{
    *b = (boss_fight){0};
    b->index = -1;
    b->slot = ENEMY_NONE;
    b->phase_end = b->next_at = BOSS_NEVER;
    b->title = -1;
    b->result_at = INT32_MIN;
    b->result_card = -1;
}

static const library_boss *boss_info(const world *w)
{
    return w->lib && w->boss.index >= 0 ? &w->lib->bosses[w->boss.index] : NULL;
}

static enemy *boss_enemy(world *w)
{
    return w->boss.slot == ENEMY_NONE ? NULL : &w->enemies.slots[w->boss.slot];
}

/* Starts phase k: its script runs on the boss; PHASE sets the rest up. */
static void boss_start_phase(world *w, uint32_t k)
{
    boss_fight *b = &w->boss;
    b->phase = k;
    b->phase_end = b->next_at = BOSS_NEVER;
    b->spell = 0;
    b->title = -1;
    b->max_health = 0;
    b->capture_ok = 1;
    vm_start(w->vm, w->lib->prog, boss_info(w)->phases[k].func, enemy_handle(&w->enemies, b->slot),
             NULL, 0, (int32_t)w->frame);
}

void boss_begin(world *w, int32_t index, int midboss, uint32_t phase, int single)
{
    boss_fight *b = &w->boss;
    if (b->active || !w->lib || index < 0 || (uint32_t)index >= w->lib->boss_count ||
        phase >= w->lib->bosses[index].phase_count)
        return;
    uint32_t slot = objects_boss_enter(&w->enemies, index, (int32_t)w->frame);
    if (slot == ENEMY_NONE)
        return;
    const enemy *e = &w->enemies.slots[slot];
    boss_reset(b);
    b->active = 1;
    b->index = index;
    b->midboss = midboss;
    b->single = single;
    b->slot = slot;
    world_event_add(w, WORLD_EVENT_BOSS_START, (float)e->x, (float)e->y, index);
    int64_t scene = world_config_scenes(&w->config)
                        ? library_scene_for_boss(w->lib, index, LIBRARY_SCENE_BEFORE)
                        : -1;
    if (scene >= 0) { /* the scene first, on the boss: its first phase waits */
        b->phase = phase;
        b->scene = vm_start(w->vm, w->lib->prog, (uint32_t)scene, enemy_handle(&w->enemies, slot),
                            NULL, 0, (int32_t)w->frame);
        if (b->scene != 0)
            return;
    }
    boss_start_phase(w, phase);
}

void boss_on_phase(world *w, const double *a)
{
    boss_fight *b = &w->boss;
    enemy *e = boss_enemy(w);
    if (!b->active || !e)
        return;
    int32_t t = vm_trunc(a[1]);
    b->time = t > 0 ? t : 1;
    b->max_health = a[0] > 0 ? a[0] : 0;
    e->health = b->max_health;
    b->bonus = a[2] > 0 ? a[2] : 0;
    b->spell = a[3] != 0;
    b->title = (int32_t)a[4];
    b->phase_start = (int32_t)w->frame;
    int64_t end = (int64_t)b->phase_start + b->time; /* no int32 overflow */
    b->phase_end = end > BOSS_NEVER ? BOSS_NEVER : (int32_t)end;
    b->capture_ok = 1;
    b->last_tick = BOSS_NEVER;
    if (b->spell) {
        w->spells_seen++;
        world_event_add(w, WORLD_EVENT_SPELL_START, (float)e->x, (float)e->y,
                        b->index * BOSS_MAX_PHASES + (int32_t)b->phase);
    }
}

uint64_t boss_bonus_now(const world *w)
{
    const boss_fight *b = &w->boss;
    if (!b->active || !b->spell || b->phase_end == BOSS_NEVER)
        return 0;
    double frac = (double)((int64_t)w->frame - b->phase_start) / (double)b->time;
    frac = frac < 0 ? 0 : frac > 1 ? 1 : frac;
    /* Survival cards pay in full; the others lose two thirds over their time. */
    double v = b->max_health > 0 ? b->bonus * (1.0 - frac * (2.0 / 3.0)) : b->bonus;
    return (uint64_t)(v / 10.0) * 10u;
}

float boss_seconds_left(const world *w)
{
    const boss_fight *b = &w->boss;
    if (!b->active || b->phase_end == BOSS_NEVER)
        return 0.0f;
    int64_t left = (int64_t)b->phase_end - (int64_t)w->frame;
    return left > 0 ? (float)left / WORLD_TICK_HZ : 0.0f;
}

/* The fight is won: the boss explodes (a midboss flies off) and everything on the
 * field flies to the player. */
static void boss_finish(world *w)
{
    boss_fight *b = &w->boss;
    enemy *e = boss_enemy(w);
    int64_t scene = world_config_scenes(&w->config)
                        ? library_scene_for_boss(w->lib, b->index, LIBRARY_SCENE_AFTER)
                        : -1;
    if (scene >= 0 && w->stage_slot != ENEMY_NONE) /* on the stage: the boss goes */
        w->scene_hold =
            vm_start(w->vm, w->lib->prog, (uint32_t)scene, enemy_handle(&w->enemies, w->stage_slot),
                     NULL, 0, (int32_t)w->frame);
    if (e) {
        world_event_add(w, WORLD_EVENT_BOSS_DEATH, (float)e->x, (float)e->y, b->midboss);
        if (b->midboss) { /* a midboss pays with a big power item and a bomb */
            world_drop_items(w, ITEM_POWER_BIG, 1, (float)e->x, (float)e->y);
            world_drop_items(w, ITEM_BOMB, 1, (float)e->x, (float)e->y);
        }
        if (b->midboss) {
            objects_boss_leave(e, (int32_t)w->frame);
        } else {
            world_remove_enemy(w, b->slot, 1);
        }
    }
    item_draw_all(&w->items);
    w->draw_until = (int32_t)w->frame + 150;
    int32_t result_at = b->result_at;
    int captured = b->result_captured;
    uint64_t bonus = b->result_bonus;
    int32_t card = b->result_card;
    boss_reset(b);
    b->result_at = result_at;
    b->result_captured = captured;
    b->result_bonus = bonus;
    b->result_card = card;
}

/* A phase is over, beaten or timed out. */
static void boss_phase_over(world *w, int timed_out)
{
    boss_fight *b = &w->boss;
    enemy *e = boss_enemy(w);
    const library_boss *info = boss_info(w);
    vm_obj h = enemy_handle(&w->enemies, b->slot);
    vm_kill_obj(w->vm, h);
    world_cancel_bullets(w, 1);
    int captured = b->spell && b->capture_ok && (!timed_out || b->max_health == 0);
    uint64_t bonus = captured ? boss_bonus_now(w) : 0;
    float x = e ? (float)e->x : PLAYFIELD_W / 2, y = e ? (float)e->y : OBJECTS_BOSS_HOME_Y;
    if (b->spell) {
        if (captured) {
            world_add_score(w, bonus);
            w->spells_captured++;
        }
        world_event_add(w, captured ? WORLD_EVENT_SPELL_CAPTURE : WORLD_EVENT_SPELL_FAIL, x, y,
                        b->index * BOSS_MAX_PHASES + (int32_t)b->phase);
    }
    world_event_add(w, WORLD_EVENT_PHASE_END, x, y, timed_out);
    if (!timed_out) {
        world_drop_items(w, ITEM_POINT, b->spell ? 8 : 5, x, y);
        world_drop_items(w, ITEM_POWER, b->spell ? 4 : 3, x, y);
    }
    b->result_at = (int32_t)w->frame;
    b->result_captured = captured;
    b->result_bonus = bonus;
    b->result_card = b->spell ? b->index * BOSS_MAX_PHASES + (int32_t)b->phase : -1;
    b->phase_end = BOSS_NEVER;
    b->spell = 0;
    b->title = -1;
    if (b->single || !info || b->phase + 1 >= info->phase_count) {
        boss_finish(w);
        return;
    }
    b->phase++;
    b->next_at = (int32_t)w->frame + BOSS_PHASE_GAP;
}

void boss_update(world *w)
{
    boss_fight *b = &w->boss;
    if (!b->active)
        return;
    if (!boss_enemy(w)) { /* the boss object is gone (it cannot be, but be safe) */
        boss_reset(b);
        return;
    }
    int32_t now = (int32_t)w->frame;
    if (b->scene != 0) { /* the scene before the fight: its first phase waits */
        if (vm_alive(w->vm, b->scene))
            return;
        b->scene = 0;
        boss_start_phase(w, b->phase);
        return;
    }
    if (b->next_at != BOSS_NEVER && now >= b->next_at) {
        boss_start_phase(w, b->phase);
        return;
    }
    if (b->phase_end == BOSS_NEVER)
        return;
    if (now >= b->phase_end) {
        boss_phase_over(w, 1);
        return;
    }
    int32_t left = (b->phase_end - now + WORLD_TICK_HZ - 1) / WORLD_TICK_HZ;
    if (left <= 10 && left != b->last_tick && (b->phase_end - now) % WORLD_TICK_HZ == 0) {
        b->last_tick = left;
        world_event_add(w, WORLD_EVENT_TIMER, 0, 0, left);
    }
}

void boss_damage(world *w, double amount)
{
    boss_fight *b = &w->boss;
    enemy *e = boss_enemy(w);
    if (!b->active || !e || b->phase_end == BOSS_NEVER || b->max_health <= 0 ||
        (int64_t)w->frame < (int64_t)b->phase_start + BOSS_PHASE_GRACE)
        return;
    e->health -= amount;
    e->hit_at = (int32_t)w->frame;
    if (e->health <= 0) {
        e->health = 0;
        boss_phase_over(w, 0);
    }
}

void boss_spoil_capture(world *w)
{
    w->boss.capture_ok = 0;
}

void boss_hash(const boss_fight *b, hasher *hs, const library *lib)
{
    const int32_t ints[] = {
        b->active,         lib ? 0 : b->index, b->midboss,    b->single,    (int32_t)b->slot,
        (int32_t)b->phase, b->phase_start,     b->phase_end,  b->next_at,   b->time,
        b->spell,          lib ? 0 : b->title, b->capture_ok, b->last_tick, b->result_at,
        b->result_captured};
    for (size_t k = 0; k < sizeof ints / sizeof ints[0]; k++)
        hash_u32(hs, (uint32_t)ints[k]);
    hash_f64(hs, b->max_health);
    hash_f64(hs, b->bonus);
    hash_u64(hs, b->result_bonus);
    if (!lib)
        return;
    const char *name =
        b->index >= 0 && (uint32_t)b->index < lib->boss_count ? lib->bosses[b->index].name : "";
    hash_bytes(hs, name, strlen(name) + 1);
    const vm_program *p = lib->prog;
    const char *title =
        p && b->title >= 0 && (uint32_t)b->title < p->string_count ? p->strings[b->title] : "";
    hash_bytes(hs, title, strlen(title) + 1);
}
