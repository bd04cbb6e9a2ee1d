/*
 * effects: particles from events. See effects.h.
 */
#include "ui/effects.h"

#include "render/atlas.h"

#include <math.h>

void effects_init(effects *fx, uint64_t seed)
{
    rng_seed(&fx->visual, seed);
    effects_clear(fx);
}

void effects_clear(effects *fx)
{
    fx->count = 0;
    fx->flash = fx->flash_len = 0;
    fx->shake = 0.0f;
}

/* One effect; refused and counted when the array is full. */
static void effects_add(effects *fx, atlas_sprite sprite, field_layer layer, float x, float y,
                        float vx, float vy, int life)
{
    if (fx->count >= EFFECTS_MAX) {
        fx->refused++;
        return;
    }
    fx->list[fx->count++] =
        (effect){x, y, vx, vy, 0, (uint16_t)life, (uint8_t)sprite, (uint8_t)layer};
}

void effects_burst(effects *fx, atlas_sprite sprite, float x, float y, int n, float speed, int life)
{
    for (int i = 0; i < n; i++) {
        float a = rng_range(&fx->visual, 0.0f, 6.2831853f);
        float s = rng_range(&fx->visual, 0.3f, 1.0f) * speed;
        effects_add(fx, sprite, FIELD_LAYER_EFFECTS, x, y, cosf(a) * s, sinf(a) * s, life);
    }
}

/* An explosion the size of what exploded: one big blast and sparks. */
static void effects_explode(effects *fx, float x, float y, float size)
{
    effects_add(fx, ATLAS_SPRITE_EXPLOSION, FIELD_LAYER_EFFECTS, x, y, 0, 0, 24);
    if (size > 16.0f) {
        for (int i = 0; i < 4; i++)
            effects_add(fx, ATLAS_SPRITE_EXPLOSION, FIELD_LAYER_EFFECTS,
                        x + rng_range(&fx->visual, -size, size),
                        y + rng_range(&fx->visual, -size, size), 0, 0,
                        20 + (int)rng_below(&fx->visual, 16));
    }
    effects_burst(fx, ATLAS_SPRITE_SPARK_HIT, x, y, size > 16.0f ? 16 : 6, 3.0f, 20);
}

static void effects_flash(effects *fx, int frames)
{
    fx->flash = fx->flash_len = frames;
}

void effects_from_events(effects *fx, const world *w)
{
    for (int i = 0; i < w->event_count; i++) {
        const world_event *e = &w->events[i];
        switch (e->kind) {
        case WORLD_EVENT_GRAZE:
            effects_burst(fx, ATLAS_SPRITE_SPARK_GRAZE, e->x, e->y, 2, 2.5f, 14);
            break;
        case WORLD_EVENT_ENEMY_HIT:
            if (rng_below(&fx->visual, 3) == 0)
                effects_add(fx, ATLAS_SPRITE_SPARK_HIT, FIELD_LAYER_EFFECTS, e->x, e->y - 4.0f, 0,
                            -1.0f, 8);
            break;
        case WORLD_EVENT_ENEMY_DEATH: effects_explode(fx, e->x, e->y, (float)e->value); break;
        case WORLD_EVENT_BOSS_DEATH:
            effects_explode(fx, e->x, e->y, 48.0f);
            effects_burst(fx, ATLAS_SPRITE_EXPLOSION, e->x, e->y, 10, 3.0f, 30);
            effects_flash(fx, 30);
            fx->shake = 8.0f;
            break;
        case WORLD_EVENT_PLAYER_DEATH:
            effects_explode(fx, e->x, e->y, 24.0f);
            effects_burst(fx, ATLAS_SPRITE_SPARK_GRAZE, e->x, e->y, 24, 5.0f, 30);
            effects_flash(fx, 16);
            fx->shake = 6.0f;
            break;
        case WORLD_EVENT_CANCEL:
            effects_add(fx, ATLAS_SPRITE_BULLET_VANISH, FIELD_LAYER_EFFECTS, e->x, e->y, 0, 0, 16);
            break;
        case WORLD_EVENT_BOMB:
            effects_flash(fx, 20);
            fx->shake = 4.0f;
            break;
        case WORLD_EVENT_SPELL_START: effects_flash(fx, 12); break;
        case WORLD_EVENT_SPELL_CAPTURE:
            effects_burst(fx, ATLAS_SPRITE_ICON_PHASE, e->x, e->y, 24, 4.0f, 40);
            break;
        default: break;
        }
    }
}

void effects_step(effects *fx)
{
    int n = 0;
    for (int i = 0; i < fx->count; i++) {
        effect *e = &fx->list[i];
        if (++e->age >= e->life)
            continue;
        e->x += e->vx;
        e->y += e->vy;
        e->vx *= 0.94f;
        e->vy *= 0.94f;
        fx->list[n++] = *e;
    }
    fx->count = n;
    if (fx->flash > 0)
        fx->flash--;
    fx->shake = fx->shake > 0.2f ? fx->shake * 0.88f : 0.0f;
}

void effects_add_sprites(const effects *fx, field_view *fv)
{
    for (int i = 0; i < fx->count; i++) {
        const effect *e = &fx->list[i];
        int frames = atlas_sprite_frames((atlas_sprite)e->sprite);
        int k = frames > 1 ? e->age * frames / e->life : 0;
        field_view_add_sprite(fv, (field_layer)e->layer, (atlas_sprite)e->sprite, k, e->x, e->y);
    }
}
