/*
 * enemy: slots, handles, motion and properties of the non-bullet objects.
 * See enemy.h.
 */
#include "pattern/objects/enemy.h"

#include "core/ease.h"
#include "core/mem.h"
#include "core/trig.h"
#include "sim/playfield.h"

#include <string.h>

int enemy_table_init(enemy_table *t, uint32_t cap)
{
    *t = (enemy_table){0};
    if (cap == 0 || cap > ENEMY_INDEX_MASK)
        return -1;
    t->slots = mem_calloc(cap, sizeof *t->slots);
    t->free_list = mem_alloc(cap * sizeof *t->free_list);
    if (!t->slots || !t->free_list) {
        enemy_table_free(t);
        return -1;
    }
    t->cap = cap;
    enemy_table_clear(t);
    return 0;
}

void enemy_table_free(enemy_table *t)
{
    mem_free(t->slots);
    mem_free(t->free_list);
    *t = (enemy_table){0};
}

void enemy_table_clear(enemy_table *t)
{
    memset(t->slots, 0, t->cap * sizeof *t->slots);
    for (uint32_t i = 0; i < t->cap; i++)
        t->free_list[i] = t->cap - 1 - i; /* lowest slot first */
    t->free_count = t->cap;
    t->small = 0;
    t->refused = 0;
}

uint32_t enemy_alloc(enemy_table *t, enemy_kind kind, double x, double y, int32_t frame)
{
    if (t->free_count == 0) {
        t->refused++;
        return ENEMY_NONE;
    }
    uint32_t slot = t->free_list[--t->free_count];
    enemy *e = &t->slots[slot];
    uint16_t gen = (uint16_t)(e->gen + 1);
    memset(e, 0, sizeof *e);
    e->gen = gen;
    e->kind = (uint8_t)kind;
    e->x = e->px = x;
    e->y = e->py = y;
    e->heading = 180.0;
    e->health = 1.0;
    e->hitbox = ENEMY_DEFAULT_HITBOX;
    e->look = -1;
    e->boss = -1;
    e->born = frame;
    e->hit_at = INT32_MIN;
    t->small += kind == ENEMY_SMALL;
    return slot;
}

void enemy_release(enemy_table *t, uint32_t slot)
{
    enemy *e = &t->slots[slot];
    if (e->kind == ENEMY_FREE)
        return;
    t->small -= e->kind == ENEMY_SMALL;
    e->kind = ENEMY_FREE;
    e->gen++;
    t->free_list[t->free_count++] = slot;
}

vm_obj enemy_handle(const enemy_table *t, uint32_t slot)
{
    return (uint32_t)(t->slots[slot].gen & ENEMY_GEN_MASK) << ENEMY_INDEX_BITS | (slot + 1);
}

uint32_t enemy_slot(const enemy_table *t, vm_obj h)
{
    uint32_t slot = (h & ENEMY_INDEX_MASK) - 1;
    if (h == 0 || (h & 0x80000000u) || slot >= t->cap)
        return ENEMY_NONE;
    const enemy *e = &t->slots[slot];
    if (e->kind == ENEMY_FREE || (uint32_t)(e->gen & ENEMY_GEN_MASK) != (h >> ENEMY_INDEX_BITS))
        return ENEMY_NONE;
    return slot;
}

void enemy_move_to(enemy *e, double x, double y, int32_t frames, int ease, int32_t now)
{
    e->moving = frames > 0;
    e->mx0 = e->x;
    e->my0 = e->y;
    e->mx1 = x;
    e->my1 = y;
    e->mt0 = now;
    int64_t end = (int64_t)now + (frames > 0 ? frames : 0); /* no int32 overflow */
    e->mt1 = end > INT32_MAX ? INT32_MAX : (int32_t)end;
    e->ease = (uint8_t)(ease >= 0 && ease < ENEMY_EASE_COUNT ? ease : ENEMY_EASE_SMOOTH);
    if (frames <= 0) {
        e->x = x;
        e->y = y;
    }
}

void enemy_move_verb(enemy *e, const double *a, int32_t now)
{
    int32_t frames = !(a[2] > 0) ? 0 : a[2] > ENEMY_MAX_FRAMES ? ENEMY_MAX_FRAMES : (int32_t)a[2];
    int ease = a[3] > -1 && a[3] < ENEMY_EASE_COUNT ? (int)a[3] : ENEMY_EASE_SMOOTH;
    enemy_move_to(e, a[0], a[1], frames, ease, now);
}

/* x clamped to [0, max], NaN as 0. */
static double enemy_clamp(double x, double max)
{
    return !(x > 0) ? 0.0 : x > max ? max : x;
}

int enemy_describe(enemy *e, vm_verb verb, const double *a)
{
    switch (verb) {
    case VM_VERB_LOOK: e->look = a[0] >= 0 && a[0] < 2147483648.0 ? (int32_t)a[0] : -1; return 1;
    case VM_VERB_HEALTH:
        if (e->kind == ENEMY_SMALL)
            e->health = a[0] > 0 ? enemy_clamp(a[0], ENEMY_MAX_POINTS) : 1.0;
        return 1;
    case VM_VERB_SCORE: e->score = enemy_clamp(a[0], ENEMY_MAX_POINTS); return 1;
    case VM_VERB_HITBOX: e->hitbox = enemy_clamp(a[0], ENEMY_MAX_HITBOX); return 1;
    case VM_VERB_DROPS:
        for (int k = 0; k < ENEMY_DROP_KINDS; k++)
            e->drops[k] = (uint8_t)enemy_clamp(a[k], 50);
        return 1;
    default: return 0;
    }
}

double enemy_aim(const enemy *e, double x, double y)
{
    return trig_aim(e->x, e->y, x, y);
}

double enemy_get(const enemy *e, vm_prop prop, int32_t now, double player_x, double player_y)
{
    if (prop < VM_RAMP_KINDS) { /* as libbulletml reads it: see vm_ramp_read */
        const double stored[VM_RAMP_KINDS] = {e->heading, e->speed, e->vx, e->vy};
        return vm_ramp_read(&e->ramp[prop], e->ramp_on >> prop & 1u, stored[prop], now);
    }
    switch (prop) {
    case VM_PROP_POS_X: return e->x;
    case VM_PROP_POS_Y: return e->y;
    case VM_PROP_SPIN: return e->spin;
    case VM_PROP_ACCEL: return e->accel;
    case VM_PROP_HEALTH: return e->health;
    case VM_PROP_AIM: return enemy_aim(e, player_x, player_y);
    default: return 0.0;
    }
}

void enemy_set(enemy *e, vm_prop prop, double value)
{
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

void enemy_ramp(enemy *e, vm_prop prop, const vm_ramp *ramp)
{
    if (prop >= VM_RAMP_KINDS)
        return;
    e->ramp[prop] = *ramp;
    e->ramp_on |= (uint8_t)(1u << prop);
}

/* The eased fraction u of a move tween. */
static double enemy_ease(int how, double u)
{
    return ease_curve(how >= 0 && how < EASE_COUNT ? (ease_kind)how : EASE_SMOOTH, u);
}

void enemy_move(enemy *e, int32_t now)
{
    e->px = e->x;
    e->py = e->y;
    double *field[VM_RAMP_KINDS] = {&e->heading, &e->speed, &e->vx, &e->vy};
    for (int k = 0; k < VM_RAMP_KINDS; k++) {
        if (!(e->ramp_on & (1u << k)) || now <= e->ramp[k].t0)
            continue;
        *field[k] = vm_ramp_value(&e->ramp[k], now);
        if (now >= e->ramp[k].t1)
            e->ramp_on &= (uint8_t) ~(1u << k);
    }
    if (e->moving) {
        double u = now >= e->mt1 ? 1.0 : (double)(now - e->mt0) / (double)(e->mt1 - e->mt0);
        double f = enemy_ease(e->ease, u);
        e->x = e->mx0 + (e->mx1 - e->mx0) * f;
        e->y = e->my0 + (e->my1 - e->my0) * f;
        if (now >= e->mt1)
            e->moving = 0;
    } else {
        double s, c;
        trig_sincos(e->heading * TRIG_DEG2RAD, &s, &c);
        e->x += s * e->speed + e->vx;
        e->y += -c * e->speed + e->vy;
    }
    e->heading += e->spin;
    e->speed += e->accel;
    if (enemy_inside(e))
        e->entered = 1;
}

int enemy_inside(const enemy *e)
{
    return e->x >= 0 && e->y >= 0 && e->x <= PLAYFIELD_W && e->y <= PLAYFIELD_H;
}

int enemy_gone(const enemy *e, int legacy)
{
    double m = legacy ? ENEMY_CULL_MARGIN : e->hitbox;
    int outside = e->x < -m || e->y < -m || e->x > PLAYFIELD_W + m || e->y > PLAYFIELD_H + m;
    return outside && e->entered;
}

/* A string index as the text it stands for (names given), else as the number. */
static void enemy_hash_string(hasher *hs, int32_t index, const vm_program *names)
{
    if (names && index >= 0 && (uint32_t)index < names->string_count)
        hash_bytes(hs, names->strings[index], strlen(names->strings[index]) + 1);
    else
        hash_u32(hs, (uint32_t)index);
}

void enemy_table_hash(const enemy_table *t, hasher *hs, const vm_program *names)
{
    hash_u32(hs, t->cap);
    hash_u32(hs, t->free_count);
    hash_u32(hs, t->small);
    for (uint32_t i = 0; i < t->cap; i++) {
        const enemy *e = &t->slots[i];
        hash_u32(hs, e->gen);
        if (e->kind == ENEMY_FREE)
            continue;
        const uint32_t ids[] = {i,
                                e->kind,
                                e->entered,
                                e->dying,
                                e->leaving,
                                e->moving,
                                e->ease,
                                e->ramp_on,
                                e->scripted,
                                names ? 0 : (uint32_t)e->look,
                                (uint32_t)e->born,
                                (uint32_t)e->hit_at,
                                (uint32_t)e->mt0,
                                (uint32_t)e->mt1};
        for (size_t k = 0; k < sizeof ids / sizeof ids[0]; k++)
            hash_u32(hs, ids[k]);
        const double vals[] = {e->x,    e->y,     e->heading, e->speed, e->vx,    e->vy,
                               e->spin, e->accel, e->mx0,     e->my0,   e->mx1,   e->my1,
                               e->px,   e->py,    e->health,  e->score, e->hitbox};
        for (size_t k = 0; k < sizeof vals / sizeof vals[0]; k++)
            hash_f64(hs, vals[k]);
        for (int k = 0; k < VM_RAMP_KINDS; k++) {
            hash_u32(hs, (uint32_t)e->ramp[k].t0);
            hash_u32(hs, (uint32_t)e->ramp[k].t1);
            hash_f64(hs, e->ramp[k].v0);
            hash_f64(hs, e->ramp[k].v1);
            if (e->ramp[k].ease != EASE_LINEAR) /* linear states hash as they did */
                hash_u32(hs, e->ramp[k].ease);
        }
        for (int k = 0; k < ENEMY_DROP_KINDS; k++)
            hash_u32(hs, e->drops[k]);
        if (names)
            enemy_hash_string(hs, e->look, names);
    }
}

void enemy_table_blocks(enemy_table *t, memblock_list *l)
{
    memblock_add(l, t->slots, t->cap * sizeof *t->slots);
    memblock_add(l, t->free_list, t->cap * sizeof *t->free_list);
}
