/*
 * world_diff: the first differing object of a part of two worlds, field by
 * field. See world_diff.h.
 */
#include "game/world_diff.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

/* Appends "name a / b" to the field list when a and b differ (bit for bit:
 * a desync is about bits). Returns 1 when they differ. */
static int wd_num(world_diff *d, const char *name, double a, double b)
{
    if (memcmp(&a, &b, sizeof a) == 0)
        return 0;
    size_t len = strlen(d->fields);
    if (len < sizeof d->fields - 1)
        snprintf(d->fields + len, sizeof d->fields - len, "%s%s %.10g / %.10g", len ? ", " : "",
                 name, a, b);
    return 1;
}

static int wd_player(const world *wa, const world *wb, world_diff *d)
{
    const player *a = &wa->player, *b = &wb->player;
    snprintf(d->object, sizeof d->object, "the ship");
    int n = 0;
    n += wd_num(d, "x", a->x, b->x);
    n += wd_num(d, "y", a->y, b->y);
    n += wd_num(d, "focused", a->focused, b->focused);
    n += wd_num(d, "state", a->state, b->state);
    n += wd_num(d, "timer", a->timer, b->timer);
    n += wd_num(d, "invuln", a->invuln, b->invuln);
    n += wd_num(d, "bomb", a->bomb, b->bomb);
    n += wd_num(d, "lives", a->lives, b->lives);
    n += wd_num(d, "bombs", a->bombs, b->bombs);
    n += wd_num(d, "power", a->power, b->power);
    n += wd_num(d, "bomb_pieces", a->bomb_pieces, b->bomb_pieces);
    n += wd_num(d, "life_pieces", a->life_pieces, b->life_pieces);
    n += wd_num(d, "shot_cooldown", a->shot_cooldown, b->shot_cooldown);
    n += wd_num(d, "volleys", a->volleys, b->volleys);
    return n > 0;
}

static int wd_slot_alive(const uint64_t *alive, uint32_t blocks, uint32_t i)
{
    return i / 64 < blocks && (alive[i / 64] >> (i % 64) & 1);
}

/* The lowest slot where one pool has a bullet and the other not, or both have
 * one that differs. */
static int wd_bullets(const bullet_pool *a, const bullet_pool *b, const char *noun, world_diff *d)
{
    uint32_t ea = bullet_pool_block_end(a), eb = bullet_pool_block_end(b);
    uint32_t end = 64 * (ea > eb ? ea : eb);
    for (uint32_t i = 0; i < end; i++) {
        int la = wd_slot_alive(a->alive, ea, i), lb = wd_slot_alive(b->alive, eb, i);
        if (!la && !lb)
            continue;
        d->fields[0] = '\0';
        int n = wd_num(d, "alive", la, lb);
        if (la && lb) {
            bullet_handle ha = bullet_pool_handle(a, i), hb = bullet_pool_handle(b, i);
            n += wd_num(d, "x", a->x[i], b->x[i]);
            n += wd_num(d, "y", a->y[i], b->y[i]);
            static const char *const channels[] = {
#define WD_CHANNEL(id, name) name,
                BULLET_CHANNELS(WD_CHANNEL)
#undef WD_CHANNEL
            };
            for (int c = 0; c < BULLET_CHANNEL_COUNT; c++)
                n += wd_num(d, channels[c], bullet_pool_get(a, ha, (bullet_channel)c),
                            bullet_pool_get(b, hb, (bullet_channel)c));
            n += wd_num(d, "radius", a->radius[i], b->radius[i]);
            n += wd_num(d, "shape", a->shape[i], b->shape[i]);
            n += wd_num(d, "color", a->color[i], b->color[i]);
            n += wd_num(d, "flags", a->flags[i], b->flags[i]);
            n += wd_num(d, "owner", bullet_pool_owner(a, i), bullet_pool_owner(b, i));
            n += wd_num(d, "serial", bullet_pool_serial(a, i), bullet_pool_serial(b, i));
        }
        if (n) {
            snprintf(d->object, sizeof d->object, "%s slot %u (serial %u / %u)", noun, i,
                     la ? bullet_pool_serial(a, i) : 0, lb ? bullet_pool_serial(b, i) : 0);
            return 1;
        }
    }
    d->fields[0] = '\0';
    snprintf(d->object, sizeof d->object, "the %s pool's counters", noun);
    wd_num(d, "live", a->live, b->live);
    wd_num(d, "next_serial", a->next_serial, b->next_serial);
    return 0;
}

static int wd_lasers(const laser_pool *a, const laser_pool *b, world_diff *d)
{
    uint32_t end = 64 * (a->block_end > b->block_end ? a->block_end : b->block_end);
    for (uint32_t i = 0; i < end; i++) {
        int la = wd_slot_alive(a->alive, a->block_end, i);
        int lb = wd_slot_alive(b->alive, b->block_end, i);
        if (!la && !lb)
            continue;
        d->fields[0] = '\0';
        int n = wd_num(d, "alive", la, lb);
        if (la && lb) {
            n += wd_num(d, "x", a->x[i], b->x[i]);
            n += wd_num(d, "y", a->y[i], b->y[i]);
            n += wd_num(d, "dir_x", a->dir_x[i], b->dir_x[i]);
            n += wd_num(d, "dir_y", a->dir_y[i], b->dir_y[i]);
            n += wd_num(d, "length", a->length[i], b->length[i]);
            n += wd_num(d, "width", a->width[i], b->width[i]);
            n += wd_num(d, "age", a->age[i], b->age[i]);
            n += wd_num(d, "phase", a->phase[i], b->phase[i]);
        }
        if (n) {
            snprintf(d->object, sizeof d->object, "laser slot %u", i);
            return 1;
        }
    }
    d->fields[0] = '\0';
    snprintf(d->object, sizeof d->object, "the laser pool's counters");
    wd_num(d, "live", a->live, b->live);
    return 0;
}

static int wd_enemies(const world *wa, const world *wb, world_diff *d)
{
    const enemy_table *ta = &wa->enemies, *tb = &wb->enemies;
    for (uint32_t i = 0; i < ta->cap && i < tb->cap; i++) {
        const enemy *a = &ta->slots[i], *b = &tb->slots[i];
        if (a->kind == ENEMY_FREE && b->kind == ENEMY_FREE)
            continue;
        d->fields[0] = '\0';
        int n = wd_num(d, "kind", a->kind, b->kind);
        n += wd_num(d, "x", a->x, b->x);
        n += wd_num(d, "y", a->y, b->y);
        n += wd_num(d, "heading", a->heading, b->heading);
        n += wd_num(d, "speed", a->speed, b->speed);
        n += wd_num(d, "health", a->health, b->health);
        n += wd_num(d, "born", a->born, b->born);
        n += wd_num(d, "dying", a->dying, b->dying);
        if (n) {
            snprintf(d->object, sizeof d->object, "enemy slot %u", i);
            return 1;
        }
    }
    const boss_fight *a = &wa->boss, *b = &wb->boss;
    d->fields[0] = '\0';
    snprintf(d->object, sizeof d->object, "the boss fight");
    int n = wd_num(d, "active", a->active, b->active);
    n += wd_num(d, "phase", a->phase, b->phase);
    n += wd_num(d, "phase_start", a->phase_start, b->phase_start);
    n += wd_num(d, "phase_end", a->phase_end, b->phase_end);
    n += wd_num(d, "next_at", a->next_at, b->next_at);
    n += wd_num(d, "capture_ok", a->capture_ok, b->capture_ok);
    return n > 0;
}

static int wd_items(const item_list *a, const item_list *b, world_diff *d)
{
    uint32_t n = a->count > b->count ? a->count : b->count;
    for (uint32_t i = 0; i < n; i++) {
        d->fields[0] = '\0';
        int in_a = i < a->count, in_b = i < b->count, k = wd_num(d, "present", in_a, in_b);
        if (in_a && in_b) {
            k += wd_num(d, "kind", a->kind[i], b->kind[i]);
            k += wd_num(d, "x", a->x[i], b->x[i]);
            k += wd_num(d, "y", a->y[i], b->y[i]);
            k += wd_num(d, "drawn", a->drawn[i], b->drawn[i]);
        }
        if (k) {
            snprintf(d->object, sizeof d->object, "item %u", i);
            return 1;
        }
    }
    d->fields[0] = '\0';
    snprintf(d->object, sizeof d->object, "the item list");
    return 0;
}

static int wd_vm(const world *a, const world *b, world_diff *d)
{
    vm_stats sa = vm_get_stats(a->vm), sb = vm_get_stats(b->vm);
    snprintf(d->object, sizeof d->object, "the stage's VM");
    int n = wd_num(d, "runners live", sa.live, sb.live);
    n += wd_num(d, "started", (double)sa.started, (double)sb.started);
    n += wd_num(d, "ended", (double)sa.ended, (double)sb.ended);
    n += wd_num(d, "instructions", (double)sa.instructions, (double)sb.instructions);
    n += wd_num(d, "bullets fired", (double)sa.spawned, (double)sb.spawned);
    if (n)
        return 1;
    sa = vm_get_stats(a->ship_vm);
    sb = vm_get_stats(b->ship_vm);
    snprintf(d->object, sizeof d->object, "the ship's VM");
    n += wd_num(d, "runners live", sa.live, sb.live);
    n += wd_num(d, "started", (double)sa.started, (double)sb.started);
    n += wd_num(d, "instructions", (double)sa.instructions, (double)sb.instructions);
    if (n)
        return 1;
    snprintf(d->object, sizeof d->object, "a runner's stack, clock or place (same counts)");
    return 0;
}

static int wd_score(const world *a, const world *b, world_diff *d)
{
    snprintf(d->object, sizeof d->object, "the run");
    int n = wd_num(d, "frame", (double)a->frame, (double)b->frame);
    n += wd_num(d, "state", a->state, b->state);
    n += wd_num(d, "score", (double)a->score, (double)b->score);
    n += wd_num(d, "graze", (double)a->graze, (double)b->graze);
    n += wd_num(d, "deaths", a->deaths, b->deaths);
    n += wd_num(d, "bombs_used", a->bombs_used, b->bombs_used);
    n += wd_num(d, "extends", a->extends, b->extends);
    n += wd_num(d, "spells_captured", a->spells_captured, b->spells_captured);
    n += wd_num(d, "stage", a->stage, b->stage);
    n += wd_num(d, "prev_in", a->prev_in, b->prev_in);
    return n > 0;
}

int world_diff_part(const world *a, const world *b, world_part part, world_diff *out)
{
    *out = (world_diff){0};
    switch (part) {
    case WORLD_PART_PLAYER: return wd_player(a, b, out);
    case WORLD_PART_SHOTS: return wd_bullets(&a->shots, &b->shots, "shot", out);
    case WORLD_PART_BULLETS: return wd_bullets(&a->bullets, &b->bullets, "bullet", out);
    case WORLD_PART_LASERS: return wd_lasers(&a->lasers, &b->lasers, out);
    case WORLD_PART_ENEMIES: return wd_enemies(a, b, out);
    case WORLD_PART_ITEMS: return wd_items(&a->items, &b->items, out);
    case WORLD_PART_VM: return wd_vm(a, b, out);
    case WORLD_PART_GENERATORS:
        snprintf(out->object, sizeof out->object, "the logic generator");
        for (int i = 0, len = 0; i < 4; i++)
            if (a->rng.s[i] != b->rng.s[i] && len < (int)sizeof out->fields - 1) {
                int n = snprintf(out->fields + len, sizeof out->fields - (size_t)len,
                                 "%ss[%d] %016" PRIx64 " / %016" PRIx64, len ? ", " : "", i,
                                 a->rng.s[i], b->rng.s[i]);
                len += n > 0 ? n : 0;
            }
        return out->fields[0] != '\0';
    case WORLD_PART_SCORE: return wd_score(a, b, out);
    case WORLD_PART_COUNT: break;
    }
    return 0;
}
