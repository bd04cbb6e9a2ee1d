/*
 * objects: the one object layer under the pattern VM. See objects.h.
 */
#include "pattern/objects/objects.h"

#include "pattern/objects/bullet_object.h"
#include "pattern/objects/laser_object.h"
#include "sim/laser_collision.h"
#include "sim/playfield.h"

#include <math.h>

objects_ref objects_find(const objects *o, vm_obj obj)
{
    objects_ref r = {OBJECTS_NONE, {0, 0}, {0, 0}, ENEMY_NONE};
    if (obj & OBJECTS_POOL_BIT) {
        if (o->shots && bullet_object_find_shot(o->shots, obj, &r.bullet))
            r.kind = OBJECTS_SHOT;
        else if (o->bullets && bullet_object_find(o->bullets, obj, &r.bullet))
            r.kind = OBJECTS_BULLET;
        else if (o->lasers && laser_object_find(o->lasers, obj, &r.laser))
            r.kind = OBJECTS_LASER;
        return r;
    }
    r.slot = o->enemies ? enemy_slot(o->enemies, obj) : ENEMY_NONE;
    if (r.slot != ENEMY_NONE)
        r.kind = OBJECTS_ENEMY;
    return r;
}

/* The enemies of a query: those a shot can hit now whose hitbox touches the circle. */
static uint32_t objects_query_enemies(const enemy_table *t, double x, double y, double r,
                                      vm_obj *out, uint32_t cap)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < t->cap && n < cap; i++) {
        const enemy *e = &t->slots[i];
        if ((e->kind != ENEMY_SMALL && e->kind != ENEMY_BOSS) || e->leaving || !enemy_inside(e))
            continue;
        double dx = e->x - x, dy = e->y - y, reach = r + e->hitbox;
        if (dx * dx + dy * dy <= reach * reach)
            out[n++] = enemy_handle(t, i);
    }
    return n;
}

/* The player's shots of a query: those of the frame's copy of the shot pool. */
static uint32_t objects_query_shots(object_query *q, const bullet_pool *shots, double x, double y,
                                    double r, vm_obj *out, uint32_t cap)
{
    object_query_bullets(q, shots, (float)x, (float)y, (float)r);
    uint32_t n = 0;
    for (int k = 0; k < q->found.count && n < cap; k++)
        out[n++] = bullet_object_shot_of(bullet_pool_handle(shots, q->found.index[k]));
    return n;
}

uint32_t objects_query(const objects *o, vm_query_kind kind, double x, double y, double r,
                       vm_obj *out, uint32_t cap)
{
    if (!(r >= 0.0) || !isfinite(x) || !isfinite(y))
        return 0;
    if (kind == VM_QUERY_ENEMIES)
        return o->enemies ? objects_query_enemies(o->enemies, x, y, r, out, cap) : 0;
    if (kind == VM_QUERY_SHOTS)
        return o->shots && o->shot_query
                   ? objects_query_shots(o->shot_query, o->shots, x, y, r, out, cap)
                   : 0;
    if (!o->query)
        return 0;
    collision_list *found = &o->query->found;
    if (kind == VM_QUERY_BULLETS && o->bullets) {
        object_query_bullets(o->query, o->bullets, (float)x, (float)y, (float)r);
    } else if (kind == VM_QUERY_LASERS && o->lasers) {
        collision_list_clear(found);
        laser_collision_area(o->lasers, (float)x, (float)y, (float)r, 0, found);
    } else {
        return 0;
    }
    uint32_t n = 0;
    for (int k = 0; k < found->count && n < cap; k++) {
        uint32_t i = found->index[k];
        out[n++] = kind == VM_QUERY_BULLETS ? bullet_object_of(bullet_pool_handle(o->bullets, i))
                                            : laser_object_of(laser_pool_handle(o->lasers, i));
    }
    return n;
}

double objects_get(const objects *o, vm_obj obj, vm_prop prop, int32_t now, double aim_x,
                   double aim_y)
{
    objects_ref r = objects_find(o, obj);
    switch (r.kind) {
    case OBJECTS_BULLET: return bullet_object_get(o->bullets, r.bullet, prop, aim_x, aim_y);
    case OBJECTS_LASER: return laser_object_get(o->lasers, r.laser, prop, aim_x, aim_y);
    case OBJECTS_SHOT: return bullet_object_get(o->shots, r.bullet, prop, aim_x, aim_y);
    case OBJECTS_ENEMY: return enemy_get(&o->enemies->slots[r.slot], prop, now, aim_x, aim_y);
    default: return 0.0;
    }
}

void objects_set(const objects *o, vm_obj obj, vm_prop prop, double value)
{
    objects_ref r = objects_find(o, obj);
    switch (r.kind) {
    case OBJECTS_BULLET: bullet_object_set(o->bullets, r.bullet, prop, value); break;
    case OBJECTS_LASER: laser_object_set(o->lasers, r.laser, prop, value); break;
    case OBJECTS_ENEMY: enemy_set(&o->enemies->slots[r.slot], prop, value); break;
    default: break;
    }
}

void objects_ramp(const objects *o, vm_obj obj, vm_prop prop, const vm_ramp *ramp, int64_t now)
{
    objects_ref r = objects_find(o, obj);
    if (prop >= VM_RAMP_KINDS) { /* a style: bullets only */
        if (r.kind == OBJECTS_BULLET)
            bullet_object_ramp(o->bullets, r.bullet, prop, ramp, now);
        return;
    }
    switch (r.kind) {
    case OBJECTS_BULLET: bullet_object_ramp(o->bullets, r.bullet, prop, ramp, now); break;
    case OBJECTS_LASER: laser_object_ramp(o->lasers, r.laser, prop, ramp, now); break;
    case OBJECTS_ENEMY: enemy_ramp(&o->enemies->slots[r.slot], prop, ramp); break;
    default: break;
    }
}

int objects_act(const objects *o, vm_obj obj, vm_verb verb, const double *args, int32_t now)
{
    objects_ref r = objects_find(o, obj);
    if (r.kind == OBJECTS_BULLET)
        return bullet_object_act(o->bullets, r.bullet, verb, args);
    if (r.kind != OBJECTS_ENEMY)
        return 0;
    enemy *e = &o->enemies->slots[r.slot];
    if (verb != VM_VERB_MOVE_TO)
        return enemy_describe(e, verb, args);
    enemy_move_verb(e, args, now);
    return 1;
}

int objects_parent_pos(const objects *o, vm_obj parent, double *x, double *y)
{
    objects_ref r = objects_find(o, parent);
    switch (r.kind) {
    case OBJECTS_BULLET:
        *x = o->bullets->x[r.bullet.index];
        *y = o->bullets->y[r.bullet.index];
        return 1;
    case OBJECTS_LASER:
        *x = o->lasers->x[r.laser.index];
        *y = o->lasers->y[r.laser.index];
        return 1;
    case OBJECTS_SHOT:
        *x = o->shots->x[r.bullet.index];
        *y = o->shots->y[r.bullet.index];
        return 1;
    case OBJECTS_ENEMY:
        *x = o->enemies->slots[r.slot].x;
        *y = o->enemies->slots[r.slot].y;
        return 1;
    default: return 0;
    }
}

vm_obj objects_spawn(const objects *o, double x, double y, const vm_shot *shot, vm_obj parent)
{
    if (shot->field[VM_SHOT_LASER]) {
        laser_handle lh = laser_object_spawn(o->lasers, x, y, shot, parent);
        return lh.gen ? laser_object_of(lh) : 0;
    }
    bullet_handle h = bullet_object_spawn(o->bullets, x, y, shot);
    return h.gen ? bullet_object_of(h) : 0;
}

objects_kind objects_vanish(const objects *o, vm_obj obj)
{
    objects_ref r = objects_find(o, obj);
    if ((r.kind == OBJECTS_BULLET || r.kind == OBJECTS_SHOT) && o->vanished &&
        *o->vanished_count < o->bullets->capacity) /* goes after the tick */
        o->vanished[(*o->vanished_count)++] = obj;
    else if (r.kind == OBJECTS_LASER)
        laser_pool_fade(o->lasers, r.laser);
    else if (r.kind == OBJECTS_ENEMY && o->enemies->slots[r.slot].kind == ENEMY_SMALL)
        o->enemies->slots[r.slot].dying = 1;
    return r.kind;
}

void objects_despawn_vanished(const objects *o)
{
    for (uint32_t i = 0; i < *o->vanished_count; i++) {
        bullet_handle h;
        if (bullet_object_find(o->bullets, o->vanished[i], &h))
            bullet_pool_despawn(o->bullets, h, BULLET_DESPAWN_VANISH);
        else if (o->shots && bullet_object_find_shot(o->shots, o->vanished[i], &h))
            bullet_pool_despawn(o->shots, h, BULLET_DESPAWN_VANISH);
    }
    *o->vanished_count = 0;
}

void objects_enemy_event(const objects *o, vm *v, vm_obj obj, vm_event_kind ev, vm_killer killer)
{
    objects_ref r = objects_find(o, obj);
    if (r.kind != OBJECTS_ENEMY)
        return;
    const enemy *e = &o->enemies->slots[r.slot];
    if (e->kind == ENEMY_SMALL && e->scripted)
        vm_event_by(v, obj, ev, e->x, e->y, ev == VM_EVENT_DEATH ? killer : VM_KILLER_NONE);
}

int objects_move_enemy(enemy *e, int32_t now, int keep, int rules_v2)
{
    if (e->dying)
        return 1;
    enemy_move(e, now);
    return e->kind != ENEMY_STAGE && !keep && enemy_gone(e, rules_v2);
}

void objects_move_enemies(const objects *o, vm *v, int32_t now, uint32_t keep, int rules_v2,
                          objects_gone_fn gone, void *user)
{
    enemy_table *t = o->enemies;
    for (uint32_t i = 0; i < t->cap; i++) {
        enemy *e = &t->slots[i];
        if (e->kind == ENEMY_FREE || !objects_move_enemy(e, now, i == keep, rules_v2))
            continue;
        objects_enemy_event(o, v, enemy_handle(t, i), VM_EVENT_DEATH, VM_KILLER_TIME);
        gone(user, i);
    }
}

void objects_reap(const objects *o, vm *v, int events)
{
    uint32_t n;
    const bullet_despawn *log = bullet_pool_despawned(o->bullets, &n);
    for (uint32_t i = 0; i < n; i++) {
        vm_obj obj = bullet_object_of(log[i].handle);
        int ev = events ? bullet_object_event(log[i].reason) : -1;
        if (ev >= 0) /* `on cancel`, `on vanish`: before its scripts stop */
            vm_event(v, obj, (vm_event_kind)ev, log[i].x, log[i].y);
        vm_kill_obj(v, obj);
    }
    bullet_pool_clear_despawned(o->bullets);
    const laser_despawn *llog = laser_pool_despawned(o->lasers, &n);
    for (uint32_t i = 0; i < n; i++) {
        vm_obj obj = laser_object_of(llog[i].handle);
        int ev = events ? laser_object_event(llog[i].reason) : -1;
        if (ev >= 0)
            vm_event(v, obj, (vm_event_kind)ev, llog[i].x, llog[i].y);
        vm_kill_obj(v, obj);
    }
    laser_pool_clear_despawned(o->lasers);
}

void objects_move_lasers(laser_pool *p, const enemy_table *enemies)
{
    for (uint32_t b = 0; b < laser_pool_block_end(p); b++)
        for (uint64_t m = p->alive[b]; m; m &= m - 1) {
            uint32_t i = 64 * b + (uint32_t)__builtin_ctzll(m);
            if (!(p->flags[i] & LASER_FLAG_FOLLOW))
                continue;
            laser_handle h = laser_pool_handle(p, i);
            uint32_t slot = enemy_slot(enemies, laser_pool_owner(p, i));
            if (slot == ENEMY_NONE) {
                laser_pool_fade(p, h);
                continue;
            }
            const enemy *e = &enemies->slots[slot];
            laser_pool_set_origin(p, h, (float)e->x + p->off_x[i], (float)e->y + p->off_y[i]);
        }
    laser_pool_update(p);
}

uint32_t objects_enemies(const enemy_table *t, const vm *v, int rules_v2)
{
    if (rules_v2)
        return t->small;
    uint32_t n = 0;
    for (uint32_t i = 0; i < t->cap; i++) {
        const enemy *e = &t->slots[i];
        if (e->kind != ENEMY_SMALL)
            continue;
        int still = !e->moving && e->speed == 0 && e->vx == 0 && e->vy == 0 && e->accel == 0;
        n += !still || vm_obj_runners(v, enemy_handle(t, i)) > 0;
    }
    return n;
}

uint32_t objects_boss_enter(enemy_table *t, int32_t index, int32_t now)
{
    uint32_t slot = enemy_alloc(t, ENEMY_BOSS, PLAYFIELD_W / 2, OBJECTS_BOSS_ENTER_Y, now);
    if (slot == ENEMY_NONE)
        return slot;
    enemy *e = &t->slots[slot];
    e->entered = 1;
    e->scripted = 1;
    e->boss = index;
    e->hitbox = OBJECTS_BOSS_HITBOX;
    e->health = 0;
    enemy_move_to(e, PLAYFIELD_W / 2, OBJECTS_BOSS_HOME_Y, OBJECTS_BOSS_ENTER_FRAMES,
                  ENEMY_EASE_OUT, now);
    return slot;
}

void objects_boss_leave(enemy *e, int32_t now)
{
    e->leaving = 1;
    enemy_move_to(e, e->x, -2 * ENEMY_CULL_MARGIN, OBJECTS_BOSS_LEAVE_FRAMES, ENEMY_EASE_IN, now);
}
