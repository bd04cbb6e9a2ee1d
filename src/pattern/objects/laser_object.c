/*
 * laser_object: pool lasers as VM objects. See laser_object.h.
 */
#include "pattern/objects/laser_object.h"

#include "core/trig.h"
#include "pattern/content/library.h"
#include "pattern/objects/objects.h"

vm_obj laser_object_of(laser_handle h)
{
    return OBJECTS_POOL_BIT | OBJECTS_LASER_BIT | (h.gen & OBJECTS_GEN_MASK) << OBJECTS_GEN_SHIFT |
           (h.index & OBJECTS_LASER_SLOTS);
}

int laser_object_find(const laser_pool *p, vm_obj obj, laser_handle *out)
{
    if ((obj & (OBJECTS_POOL_BIT | OBJECTS_LASER_BIT)) != (OBJECTS_POOL_BIT | OBJECTS_LASER_BIT) ||
        (obj & OBJECTS_SHOT_BIT)) /* a player's shot */
        return 0;
    laser_handle h = laser_pool_handle(p, obj & OBJECTS_LASER_SLOTS);
    if (h.gen == 0 || (h.gen & OBJECTS_GEN_MASK) != (obj >> OBJECTS_GEN_SHIFT & OBJECTS_GEN_MASK))
        return 0;
    *out = h;
    return 1;
}

int laser_object_event(laser_despawn_reason reason)
{
    switch (reason) {
    case LASER_DESPAWN_CANCEL:
    case LASER_DESPAWN_CLEAR: return VM_EVENT_CANCEL;
    case LASER_DESPAWN_EXPIRE: return VM_EVENT_VANISH;
    default: return -1;
    }
}

double laser_object_get(const laser_pool *p, laser_handle h, vm_prop prop, double aim_x,
                        double aim_y)
{
    switch (prop) {
    case VM_PROP_HEADING: return laser_pool_get(p, h, LASER_CHANNEL_HEADING);
    case VM_PROP_SPEED: return laser_pool_get(p, h, LASER_CHANNEL_SPEED);
    case VM_PROP_SPIN: return laser_pool_get_rate(p, h, LASER_CHANNEL_HEADING);
    case VM_PROP_ACCEL: return laser_pool_get_rate(p, h, LASER_CHANNEL_SPEED);
    case VM_PROP_POS_X: return p->x[h.index];
    case VM_PROP_POS_Y: return p->y[h.index];
    case VM_PROP_AIM: return trig_aim(p->x[h.index], p->y[h.index], aim_x, aim_y);
    default: return 0.0;
    }
}

void laser_object_set(laser_pool *p, laser_handle h, vm_prop prop, double value)
{
    switch (prop) {
    case VM_PROP_HEADING: laser_pool_set(p, h, LASER_CHANNEL_HEADING, value); break;
    case VM_PROP_SPEED: laser_pool_set(p, h, LASER_CHANNEL_SPEED, value); break;
    case VM_PROP_SPIN: laser_pool_set_rate(p, h, LASER_CHANNEL_HEADING, value); break;
    case VM_PROP_ACCEL: laser_pool_set_rate(p, h, LASER_CHANNEL_SPEED, value); break;
    case VM_PROP_POS_X: laser_pool_set_origin(p, h, (float)value, p->y[h.index]); break;
    case VM_PROP_POS_Y: laser_pool_set_origin(p, h, p->x[h.index], (float)value); break;
    default: break;
    }
}

void laser_object_ramp(laser_pool *p, laser_handle h, vm_prop prop, const vm_ramp *ramp,
                       int64_t now)
{
    if (prop == VM_PROP_HEADING || prop == VM_PROP_SPEED)
        laser_pool_tween_eased(
            p, h, prop == VM_PROP_HEADING ? LASER_CHANNEL_HEADING : LASER_CHANNEL_SPEED, ramp->v1,
            (int32_t)((int64_t)ramp->t1 - now), (int)ramp->ease);
}

/* The VM carries a laser kind as its id + 1 (0: a bullet): sim/laser_pool.h's
 * LASER_KINDS row is the kind, these names of it must agree. */
_Static_assert(VM_LASER_STRAIGHT == LASER_STRAIGHT + 1 && VM_LASER_CURVY == LASER_CURVY + 1,
               "the VM's laser codes are the pool's kinds + 1");

/* The pool's kind of a VM shot's laser code (straight for one out of range). */
static laser_kind lo_kind(int32_t code)
{
    return code >= 1 && code <= LASER_KIND_COUNT ? (laser_kind)(code - 1) : LASER_STRAIGHT;
}

/* The spawn of a VM shot that asks for a laser, fired from (x, y). */
static laser_spawn lo_spawn_of(double x, double y, const vm_shot *shot, uint32_t owner)
{
    int colour = library_look_colour(shot->look);
    laser_spawn s = {0};
    s.kind = lo_kind(shot->field[VM_SHOT_LASER]);
    s.x = (float)(x + shot->dx);
    s.y = (float)(y + shot->dy);
    s.heading = shot->dir;
    s.spin = shot->field[VM_SHOT_SPIN];
    s.speed = shot->speed;
    s.accel = shot->field[VM_SHOT_ACCEL];
    s.length = (float)shot->field[VM_SHOT_LENGTH];
    s.width = (float)shot->field[VM_SHOT_WIDTH];
    s.warn = shot->field[VM_SHOT_WARN] > 0 ? (uint32_t)shot->field[VM_SHOT_WARN] : 0;
    s.life = shot->field[VM_SHOT_LIFE] > 0 ? (uint32_t)shot->field[VM_SHOT_LIFE] : 0;
    s.color = (uint8_t)(colour >= 0 ? colour : BULLET_COLOR_WHITE);
    s.flags = shot->field[VM_SHOT_FOLLOW] ? LASER_FLAG_FOLLOW : 0;
    s.owner = owner;
    s.off_x = (float)shot->dx;
    s.off_y = (float)shot->dy;
    s.script = shot->runner;
    return s;
}

laser_handle laser_object_spawn(laser_pool *p, double x, double y, const vm_shot *shot,
                                vm_obj owner)
{
    laser_spawn s = lo_spawn_of(x, y, shot, owner);
    return laser_pool_spawn(p, &s);
}

laser_handle laser_object_spawn_shot(laser_pool *p, double x, double y, const vm_shot *shot,
                                     uint32_t damage, int pierce, float off_x, float off_y)
{
    laser_spawn s = lo_spawn_of(x, y, shot, damage);
    s.flags = (uint8_t)(s.flags | LASER_FLAG_SHOT | (pierce ? LASER_FLAG_PIERCE : 0));
    s.off_x = off_x;
    s.off_y = off_y;
    return laser_pool_spawn(p, &s);
}
