/*
 * spectacle: effect objects, washes, shakes and cut-ins from presentation
 * statements. See spectacle.h.
 */
#include "ui/spectacle.h"

#include "render/bullet_palette.h"
#include "sim/playfield.h"

#include <string.h>

void spectacle_clear(spectacle *s)
{
    s->waiting_count = 0;
    s->count = 0;
    s->wash_count = 0;
    s->shake = 0.0f;
    s->shake_age = s->shake_len = 0;
    s->cutin_age = s->cutin_len = 0;
    s->cutin_text[0] = '\0';
    s->shown = 0;
}

/* Frames as a counter (the compiler keeps them within 0..600). */
static uint16_t spectacle_frames(float f)
{
    return f < 0.0f ? 0 : f > 60000.0f ? 60000 : (uint16_t)f;
}

/* An effect object at (x, y) plus the statement's offset; refused when full. */
static void spectacle_effect(spectacle *s, const vm_show *v, float x, float y)
{
    if (s->count >= SPECTACLE_OBJECTS) {
        s->refused++;
        return;
    }
    s->objects[s->count++] = (spectacle_object){
        .x = x + v->x,
        .y = y + v->y,
        .vx = v->vx,
        .vy = v->vy,
        .size = v->size,
        .grow = v->grow,
        .turn = v->turn,
        .angle = v->angle,
        .alpha = v->alpha,
        .over = spectacle_frames(v->over),
        .hold = spectacle_frames(v->hold),
        .fade = spectacle_frames(v->fade),
        .shape = v->shape,
        .colour = v->colour,
        .additive = v->additive,
    };
}

/* A flash or a tint; refused when full. */
static void spectacle_wash_add(spectacle *s, const vm_show *v)
{
    if (s->wash_count >= SPECTACLE_WASHES) {
        s->refused++;
        return;
    }
    s->washes[s->wash_count++] =
        (spectacle_wash){v->kind, v->colour, v->alpha, 0, spectacle_frames(v->over)};
}

/* A show now. */
static void spectacle_now(spectacle *s, const vm_show *v, float x, float y, int from_ship)
{
    s->shown++;
    switch ((vm_show_kind)v->kind) {
    case VM_SHOW_EFFECT: spectacle_effect(s, v, x, y); break;
    case VM_SHOW_FLASH:
    case VM_SHOW_TINT: spectacle_wash_add(s, v); break;
    case VM_SHOW_SHAKE:
        /* the stronger shake wins; a new one starts it again */
        if (v->strength >= spectacle_shake(s, 0)) {
            s->shake = v->strength;
            s->shake_age = 0;
            s->shake_len = spectacle_frames(v->over);
        }
        break;
    case VM_SHOW_CUTIN:
        s->cutin_age = 0;
        s->cutin_len = spectacle_frames(v->over);
        s->cutin_ship = (uint8_t) !!from_ship;
        s->cutin_colour = v->colour;
        memcpy(s->cutin_text, v->text, sizeof s->cutin_text);
        s->cutin_text[sizeof s->cutin_text - 1] = '\0';
        break;
    case VM_SHOW_KIND_COUNT: break;
    }
}

void spectacle_show(spectacle *s, const vm_show *v, float x, float y, int from_ship)
{
    uint16_t after = spectacle_frames(v->after);
    if (after == 0) {
        spectacle_now(s, v, x, y, from_ship);
        return;
    }
    if (s->waiting_count >= SPECTACLE_WAITING) {
        s->refused++;
        return;
    }
    s->waiting[s->waiting_count++] = (spectacle_waiting){v, x, y, after, (uint8_t) !!from_ship};
}

void spectacle_from_events(spectacle *s, const world *w)
{
    const vm_program *p = w->lib ? w->lib->prog : NULL;
    for (int i = 0; p && i < w->event_count; i++) {
        const world_event *e = &w->events[i];
        if (e->kind != WORLD_EVENT_SHOW && e->kind != WORLD_EVENT_SHIP_SHOW)
            continue;
        if (e->value < 0 || (uint32_t)e->value >= p->show_count)
            continue;
        spectacle_show(s, &p->shows[e->value], e->x, e->y, e->kind == WORLD_EVENT_SHIP_SHOW);
    }
}

void spectacle_step(spectacle *s)
{
    int n = 0;
    for (int i = 0; i < s->waiting_count; i++) {
        spectacle_waiting *q = &s->waiting[i];
        if (--q->left == 0)
            spectacle_now(s, q->show, q->x, q->y, q->from_ship);
        else
            s->waiting[n++] = *q;
    }
    s->waiting_count = n;
    n = 0;
    for (int i = 0; i < s->count; i++) {
        spectacle_object *o = &s->objects[i];
        if (++o->age >= o->hold + o->fade)
            continue;
        o->x += o->vx;
        o->y += o->vy;
        o->angle += o->turn;
        s->objects[n++] = *o;
    }
    s->count = n;
    n = 0;
    for (int i = 0; i < s->wash_count; i++)
        if (++s->washes[i].age < s->washes[i].len)
            s->washes[n++] = s->washes[i];
    s->wash_count = n;
    if (s->shake_len && ++s->shake_age >= s->shake_len)
        s->shake = 0.0f, s->shake_len = s->shake_age = 0;
    if (s->cutin_len && ++s->cutin_age >= s->cutin_len)
        s->cutin_len = s->cutin_age = 0;
}

float spectacle_shake(const spectacle *s, int steady)
{
    if (steady || !s->shake_len)
        return 0.0f;
    /* full for the first half, then settling to nothing */
    float half = 0.5f * (float)s->shake_len, age = (float)s->shake_age;
    return age < half ? s->shake : s->shake * (1.0f - (age - half) / half);
}

void spectacle_offset(const spectacle *s, float at_least, int steady, rng *visual, float *dx,
                      float *dy)
{
    float shake = spectacle_shake(s, steady);
    shake = at_least > shake ? at_least : shake;
    *dx = *dy = 0.0f;
    if (shake > 0.0f && !steady) {
        *dx = rng_range(visual, -shake, shake);
        *dy = rng_range(visual, -shake, shake);
    }
}

/* A wash's opacity now: a flash from its peak down; a tint in over 8 frames,
 * held, out over the last 16. */
static float spectacle_wash_alpha(const spectacle_wash *w)
{
    float age = (float)w->age, len = (float)w->len;
    if (w->kind == VM_SHOW_FLASH)
        return w->alpha * (1.0f - age / len);
    float k = age < 8.0f ? (age + 1.0f) / 8.0f : 1.0f;
    if (len - age < 16.0f)
        k *= (len - age) / 16.0f;
    return w->alpha * k;
}

/* An effect object's scale and opacity now. */
static void spectacle_object_now(const spectacle_object *o, float *scale, float *alpha)
{
    float t = o->over ? (float)o->age / (float)o->over : 1.0f;
    *scale = o->size + (o->grow - o->size) * (t > 1.0f ? 1.0f : t);
    *alpha = o->alpha;
    if (o->age >= o->hold && o->fade)
        *alpha *= 1.0f - (float)(o->age - o->hold) / (float)o->fade;
}

/* 0..1 to a byte. */
static uint8_t spectacle_byte(float a)
{
    return a <= 0.0f ? 0 : a >= 1.0f ? 255 : (uint8_t)(a * 255.0f + 0.5f);
}

void spectacle_add_quads(const spectacle *s, effect_quads *q, const sprite_batch *looks,
                         bullet_palette palette, int soft)
{
    for (int i = 0; i < s->wash_count; i++) {
        const spectacle_wash *w = &s->washes[i];
        bullet_rgb c = bullet_palette_rgb(palette, (bullet_color)w->colour);
        float a = spectacle_wash_alpha(w);
        if (soft)
            a *= w->kind == VM_SHOW_FLASH ? 0.25f : 0.5f;
        const uint8_t rgba[4] = {c.r, c.g, c.b, spectacle_byte(a)};
        effect_quads_add_fill(q, 0.0f, 0.0f, PLAYFIELD_W, PLAYFIELD_H, rgba,
                              w->kind == VM_SHOW_FLASH);
    }
    for (int i = 0; i < s->count; i++) {
        const spectacle_object *o = &s->objects[i];
        const sprite_look *l =
            &looks->looks[(o->shape & (SPRITE_LOOK_SHAPES - 1)) * SPRITE_LOOK_COLORS +
                          (o->colour & (SPRITE_LOOK_COLORS - 1))];
        float scale, alpha;
        spectacle_object_now(o, &scale, &alpha);
        const uint8_t rgba[4] = {255, 255, 255, spectacle_byte(alpha)};
        effect_quads_add(q, l->frame, o->x, o->y, scale, o->angle, rgba, o->additive);
    }
}

float spectacle_cutin(const spectacle *s)
{
    return s->cutin_len ? (float)s->cutin_age / (float)s->cutin_len : -1.0f;
}
