/*
 * bullet_object: pool bullets as VM objects. See bullet_object.h.
 */
#include "pattern/objects/bullet_object.h"

#include "core/trig.h"
#include "pattern/content/library.h"
#include "pattern/objects/objects.h"

#include <float.h>
#include <string.h>

vm_obj bullet_object_of(bullet_handle h)
{
    return OBJECTS_POOL_BIT | (h.gen & OBJECTS_GEN_MASK) << OBJECTS_GEN_SHIFT | h.index;
}

int bullet_object_find(const bullet_pool *p, vm_obj obj, bullet_handle *out)
{
    uint32_t idx = obj & OBJECTS_BULLET_SLOTS;
    if (!(obj & OBJECTS_POOL_BIT) || (obj & OBJECTS_LASER_BIT) || idx >= p->capacity)
        return 0;
    bullet_handle h = bullet_pool_handle(p, idx);
    if (h.gen == 0 || (h.gen & OBJECTS_GEN_MASK) != (obj >> OBJECTS_GEN_SHIFT & OBJECTS_GEN_MASK))
        return 0;
    *out = h;
    return 1;
}

vm_obj bullet_object_shot_of(bullet_handle h)
{
    return OBJECTS_POOL_BIT | OBJECTS_LASER_BIT | OBJECTS_SHOT_BIT |
           (h.gen & OBJECTS_GEN_MASK) << OBJECTS_GEN_SHIFT | (h.index & OBJECTS_SHOT_SLOTS);
}

int bullet_object_find_shot(const bullet_pool *p, vm_obj obj, bullet_handle *out)
{
    const vm_obj bits = OBJECTS_POOL_BIT | OBJECTS_LASER_BIT | OBJECTS_SHOT_BIT;
    uint32_t idx = obj & OBJECTS_SHOT_SLOTS;
    if ((obj & bits) != bits || idx >= p->capacity)
        return 0;
    bullet_handle h = bullet_pool_handle(p, idx);
    if (h.gen == 0 || (h.gen & OBJECTS_GEN_MASK) != (obj >> OBJECTS_GEN_SHIFT & OBJECTS_GEN_MASK))
        return 0;
    *out = h;
    return 1;
}

double bullet_object_get(const bullet_pool *p, bullet_handle h, vm_prop prop, double aim_x,
                         double aim_y)
{
    switch (prop) {
    case VM_PROP_HEADING: return bullet_pool_get(p, h, BULLET_CHANNEL_HEADING);
    case VM_PROP_SPEED: return bullet_pool_get(p, h, BULLET_CHANNEL_SPEED);
    case VM_PROP_VX: return bullet_pool_get(p, h, BULLET_CHANNEL_EXTRA_X);
    case VM_PROP_VY: return bullet_pool_get(p, h, BULLET_CHANNEL_EXTRA_Y);
    case VM_PROP_POS_X: return p->x[h.index];
    case VM_PROP_POS_Y: return p->y[h.index];
    case VM_PROP_SPIN: return bullet_pool_get_rate(p, h, BULLET_CHANNEL_HEADING);
    case VM_PROP_ACCEL: return bullet_pool_get_rate(p, h, BULLET_CHANNEL_SPEED);
    case VM_PROP_AIM: return trig_aim(p->x[h.index], p->y[h.index], aim_x, aim_y);
    case VM_PROP_SCALE: return bullet_pool_get_style(p, h, BULLET_STYLE_SCALE);
    case VM_PROP_ALPHA: return bullet_pool_get_style(p, h, BULLET_STYLE_ALPHA);
    default: return 0.0;
    }
}

void bullet_object_set(bullet_pool *p, bullet_handle h, vm_prop prop, double value)
{
    switch (prop) {
    case VM_PROP_HEADING: bullet_pool_set(p, h, BULLET_CHANNEL_HEADING, value); break;
    case VM_PROP_SPEED: bullet_pool_set(p, h, BULLET_CHANNEL_SPEED, value); break;
    case VM_PROP_VX: bullet_pool_set(p, h, BULLET_CHANNEL_EXTRA_X, value); break;
    case VM_PROP_VY: bullet_pool_set(p, h, BULLET_CHANNEL_EXTRA_Y, value); break;
    case VM_PROP_SPIN: bullet_pool_set_rate(p, h, BULLET_CHANNEL_HEADING, value); break;
    case VM_PROP_ACCEL: bullet_pool_set_rate(p, h, BULLET_CHANNEL_SPEED, value); break;
    case VM_PROP_POS_X: bullet_pool_set_position(p, h, (float)value, p->y[h.index]); break;
    case VM_PROP_POS_Y: bullet_pool_set_position(p, h, p->x[h.index], (float)value); break;
    case VM_PROP_SCALE: bullet_pool_set_style(p, h, BULLET_STYLE_SCALE, value, 0, 0); break;
    case VM_PROP_ALPHA: bullet_pool_set_style(p, h, BULLET_STYLE_ALPHA, value, 0, 0); break;
    default: break;
    }
}

void bullet_object_ramp(bullet_pool *p, bullet_handle h, vm_prop prop, const vm_ramp *ramp,
                        int64_t now)
{
    /* the ramped properties, in vm_prop order, as the pool's channels */
    static const bullet_channel channels[VM_RAMP_KINDS] = {
        BULLET_CHANNEL_HEADING, BULLET_CHANNEL_SPEED, BULLET_CHANNEL_EXTRA_X,
        BULLET_CHANNEL_EXTRA_Y};
    int32_t frames = (int32_t)((int64_t)ramp->t1 - now);
    if (prop < VM_RAMP_KINDS)
        bullet_pool_tween_eased(p, h, channels[prop], ramp->v1, frames, (int)ramp->ease);
    else if (prop == VM_PROP_SCALE || prop == VM_PROP_ALPHA)
        bullet_pool_set_style(p, h, prop == VM_PROP_SCALE ? BULLET_STYLE_SCALE : BULLET_STYLE_ALPHA,
                              ramp->v1, frames, (int)ramp->ease);
}

int bullet_object_act(bullet_pool *p, bullet_handle h, vm_verb verb, const double *args)
{
    if (verb == VM_VERB_RESTYLE) {
        double code = args[0];
        if (!(code >= 0 && code < 4294967296.0))
            return 1;
        int shape = library_look_shape((uint32_t)code),
            colour = library_look_colour((uint32_t)code);
        if (shape >= 0)
            bullet_pool_set_look(p, h, (bullet_shape)shape,
                                 colour >= 0 ? (bullet_color)colour
                                             : (bullet_color)p->color[h.index]);
        return 1;
    }
    if (verb == VM_VERB_HITBOX) {
        double r = args[0];
        r = !(r > 0) ? 0.0 : r > BULLET_POOL_MAX_RADIUS ? BULLET_POOL_MAX_RADIUS : r;
        bullet_pool_set_radius(p, h, (float)r);
        return 1;
    }
    return 0;
}

int bullet_object_event(bullet_despawn_reason reason)
{
    switch (reason) {
    case BULLET_DESPAWN_CANCEL:
    case BULLET_DESPAWN_CLEAR: return VM_EVENT_CANCEL;
    case BULLET_DESPAWN_VANISH:
    case BULLET_DESPAWN_EXPIRE: return VM_EVENT_VANISH;
    default: return -1;
    }
}

/* The spawn of a VM shot from (x, y): its look (shape and colour, or these
 * defaults), motion, lifetime, its look's hitbox and script link. */
static bullet_spawn bo_spawn_of(double x, double y, const vm_shot *shot, bullet_shape shape0,
                                bullet_color colour0)
{
    int shape = library_look_shape(shot->look), colour = library_look_colour(shot->look);
    bullet_spawn bs;
    memset(&bs, 0, sizeof bs);
    bs.x = (float)(x + shot->dx);
    bs.y = (float)(y + shot->dy);
    bs.heading = shot->dir;
    bs.speed = shot->speed;
    bs.extra_x = shot->field[VM_SHOT_VX];
    bs.extra_y = shot->field[VM_SHOT_VY];
    bs.lifetime = shot->field[VM_SHOT_LIFE] > 0 ? (uint32_t)shot->field[VM_SHOT_LIFE] : 0;
    bs.shape = shape >= 0 ? (bullet_shape)shape : shape0;
    bs.color = colour >= 0 ? (bullet_color)colour : colour0;
    bs.radius = library_look_hitbox(shot->look); /* an art shape's; 0: the shape's own */
    bs.script = shot->runner;
    /* style: scale (0 or 1: the look's size), opacity, additive, scaled hitbox */
    double scale = shot->field[VM_SHOT_SCALE], alpha = shot->field[VM_SHOT_ALPHA];
    scale = scale == scale ? scale : 1.0;
    scale = scale > BULLET_POOL_MAX_SCALE ? BULLET_POOL_MAX_SCALE : scale;
    bs.scale = scale > FLT_MIN ? (float)scale : FLT_MIN; /* 0 would be the default, 1 */
    alpha = alpha == alpha ? (alpha < 0 ? 0 : alpha > 1 ? 1 : alpha) : 1.0;
    bs.fade = (float)(1.0 - alpha);
    bs.flags = (uint8_t)((shot->field[VM_SHOT_ADDITIVE] != 0 ? BULLET_FLAG_ADDITIVE : 0) |
                         (shot->field[VM_SHOT_SCALED_HITBOX] != 0 ? BULLET_FLAG_SCALED_HITBOX : 0));
    return bs;
}

/* Spawns bs, then gives it the shot's spin and acceleration (pool rates). */
static bullet_handle bo_spawn(bullet_pool *p, const bullet_spawn *bs, const vm_shot *shot)
{
    bullet_handle h = bullet_pool_spawn(p, bs);
    if (h.gen == 0)
        return h;
    if (shot->field[VM_SHOT_SPIN] != 0.0)
        bullet_pool_set_rate(p, h, BULLET_CHANNEL_HEADING, shot->field[VM_SHOT_SPIN]);
    if (shot->field[VM_SHOT_ACCEL] != 0.0)
        bullet_pool_set_rate(p, h, BULLET_CHANNEL_SPEED, shot->field[VM_SHOT_ACCEL]);
    return h;
}

bullet_handle bullet_object_spawn(bullet_pool *p, double x, double y, const vm_shot *shot)
{
    bullet_spawn bs = bo_spawn_of(x, y, shot, BULLET_SHAPE_ORB, BULLET_COLOR_WHITE);
    return bo_spawn(p, &bs, shot);
}

bullet_handle bullet_object_spawn_shot(bullet_pool *p, double x, double y, const vm_shot *shot,
                                       float radius, uint32_t damage, int pierce)
{
    bullet_spawn bs = bo_spawn_of(x, y, shot, BULLET_SHAPE_RICE, BULLET_COLOR_RED);
    bs.radius = radius;
    bs.owner = damage;
    bs.flags |= pierce ? BULLET_FLAG_PIERCE : 0;
    return bo_spawn(p, &bs, shot);
}
