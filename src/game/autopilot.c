/*
 * autopilot: eighteen candidate moves (nine directions, focused or not) scored
 * by how close each would bring the ship to the bullets and enemies near it over
 * the next AP_LOOKAHEAD frames, each flying on as it moved last frame, plus a
 * small pull toward the spot under the target. See autopilot.h.
 */
#include "game/autopilot.h"

#include "sim/playfield.h"

#include <math.h>

#define AP_LOOKAHEAD 12
#define AP_RANGE     150.0f /* only what is this close is considered */
#define AP_MAX       1024   /* nearby things considered, at most */
#define AP_MARGIN    14.0f  /* distance kept from a bullet's edge when there is room */
#define AP_HIT_COST  1.0e6f

typedef struct ap_thing {
    float x, y, vx, vy, r;
} ap_thing;

void autopilot_init(autopilot *a, int bombs)
{
    *a = (autopilot){.bombs = bombs};
}

/* The x the ship wants to be under: the boss, or the enemy nearest above it. */
static float ap_target_x(const world *w)
{
    const player *p = &w->player;
    if (w->boss.active && w->boss.slot != ENEMY_NONE)
        return (float)w->enemies.slots[w->boss.slot].x;
    float best = PLAYFIELD_W / 2, best_cost = 1e30f;
    for (uint32_t i = 0; i < w->enemies.cap; i++) {
        const enemy *e = &w->enemies.slots[i];
        if (e->kind != ENEMY_SMALL || !enemy_inside(e) || e->y > p->y - 40.0f)
            continue;
        float cost = fabsf((float)e->x - p->x) + 0.3f * (p->y - (float)e->y);
        if (cost < best_cost) {
            best_cost = cost;
            best = (float)e->x;
        }
    }
    return best;
}

/* Collects the bullets and enemy bodies near the ship. */
static int ap_gather(const world *w, ap_thing *out)
{
    const player *p = &w->player;
    const bullet_pool *b = &w->bullets;
    int n = 0;
    for (uint32_t k = 0; k < bullet_pool_block_end(b); k++)
        for (uint64_t m = b->alive[k]; m && n < AP_MAX; m &= m - 1) {
            uint32_t i = 64 * k + (uint32_t)__builtin_ctzll(m);
            float dx = b->x[i] - p->x, dy = b->y[i] - p->y;
            if (fabsf(dx) > AP_RANGE || fabsf(dy) > AP_RANGE ||
                (b->flags[i] & BULLET_FLAG_HARMLESS))
                continue;
            out[n++] = (ap_thing){b->x[i], b->y[i], w->bullet_dx[i], w->bullet_dy[i], b->radius[i]};
        }
    for (uint32_t i = 0; i < w->enemies.cap && n < AP_MAX; i++) {
        const enemy *e = &w->enemies.slots[i];
        if ((e->kind != ENEMY_SMALL && e->kind != ENEMY_BOSS) || e->leaving || !enemy_inside(e))
            continue;
        out[n++] = (ap_thing){(float)e->x, (float)e->y, (float)(e->x - e->px),
                              (float)(e->y - e->py), (float)e->hitbox * 0.6f + 4.0f};
    }
    return n;
}

static float ap_clamp(float v, float lo, float hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

/* The danger of flying at (vx, vy) for the next frames among the things. */
static float ap_danger(const player *p, float vx, float vy, const ap_thing *t, int n)
{
    float cost = 0.0f;
    for (int s = 1; s <= AP_LOOKAHEAD; s++) {
        float x =
            ap_clamp(p->x + vx * (float)s, PLAYER_EDGE_MARGIN, PLAYFIELD_W - PLAYER_EDGE_MARGIN);
        float y =
            ap_clamp(p->y + vy * (float)s, PLAYER_EDGE_MARGIN, PLAYFIELD_H - PLAYER_EDGE_MARGIN);
        float weight = 1.0f / (float)s;
        for (int i = 0; i < n; i++) {
            float dx = t[i].x + t[i].vx * (float)s - x, dy = t[i].y + t[i].vy * (float)s - y;
            float touch = t[i].r + player_number(p, LIBRARY_SHIP_HITBOX) + 1.5f;
            float keep = touch + AP_MARGIN;
            float d2 = dx * dx + dy * dy;
            if (d2 >= keep * keep)
                continue;
            if (d2 < touch * touch) {
                cost += AP_HIT_COST * weight;
                continue;
            }
            float gap = keep - sqrtf(d2);
            cost += gap * gap * weight;
        }
    }
    return cost;
}

input_bits autopilot_input(autopilot *a, const world *w)
{
    static const int dirs[9][2] = {{0, 0},   {-1, 0}, {1, 0},  {0, -1}, {0, 1},
                                   {-1, -1}, {1, -1}, {-1, 1}, {1, 1}};
    static const input_bits dir_bits[9] = {0,
                                           INPUT_BIT(INPUT_LEFT),
                                           INPUT_BIT(INPUT_RIGHT),
                                           INPUT_BIT(INPUT_UP),
                                           INPUT_BIT(INPUT_DOWN),
                                           INPUT_BIT(INPUT_LEFT) | INPUT_BIT(INPUT_UP),
                                           INPUT_BIT(INPUT_RIGHT) | INPUT_BIT(INPUT_UP),
                                           INPUT_BIT(INPUT_LEFT) | INPUT_BIT(INPUT_DOWN),
                                           INPUT_BIT(INPUT_RIGHT) | INPUT_BIT(INPUT_DOWN)};
    a->frames++;
    if (w->state == WORLD_CONTINUE) /* no, thank you: down, then shot */
        return (a->frames & 1)
                   ? 0
                   : (w->cont_cursor == 0 ? INPUT_BIT(INPUT_DOWN) : INPUT_BIT(INPUT_SHOT));
    const player *p = &w->player;
    static ap_thing things[AP_MAX];
    int n = ap_gather(w, things);
    float tx = ap_target_x(w), ty = PLAYFIELD_H - 80.0f;
    float best = 1e30f, best_danger = 0.0f;
    input_bits best_bits = 0;
    for (int focus = 0; focus < 2; focus++)
        for (int d = 0; d < 9; d++) {
            float speed = player_number(p, focus ? LIBRARY_SHIP_FOCUS_SPEED : LIBRARY_SHIP_SPEED);
            if (dirs[d][0] && dirs[d][1])
                speed *= 0.70710678f;
            float vx = (float)dirs[d][0] * speed, vy = (float)dirs[d][1] * speed;
            float danger = ap_danger(p, vx, vy, things, n);
            float ex = p->x + vx * AP_LOOKAHEAD, ey = p->y + vy * AP_LOOKAHEAD;
            float cost =
                danger + 0.15f * fabsf(ex - tx) + 0.03f * fabsf(ey - ty) + (focus ? 0.05f : 0.0f);
            if (cost < best) {
                best = cost;
                best_danger = danger;
                best_bits = (input_bits)(dir_bits[d] | (focus ? INPUT_BIT(INPUT_FOCUS) : 0));
            }
        }
    input_bits in = (input_bits)(best_bits | INPUT_BIT(INPUT_SHOT));
    int cornered = best_danger >= AP_HIT_COST * 0.5f;
    if (a->bombs && cornered && player_can_bomb(p) && player_vulnerable(p) &&
        !(w->prev_in & INPUT_BIT(INPUT_BOMB)))
        in |= INPUT_BIT(INPUT_BOMB);
    return in;
}
