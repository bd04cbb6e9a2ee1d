/*
 * autopilot: eighteen candidate moves (nine directions, focused or not) scored
 * by how close each would bring the ship to the bullets and enemies near it over
 * the next AP_LOOKAHEAD frames, each flying on as it moved last frame, plus a
 * small pull toward the spot under the target. Lasers count as rows of still
 * things along their length: a straight beam from its warning line on (it counts
 * from the step it opens at; a turning beam's points move on as they moved last
 * frame), a curvy one node by node. See autopilot.h.
 */
#include "game/autopilot.h"

#include "sim/playfield.h"

#include <math.h>

#define AP_LOOKAHEAD 12
#define AP_RANGE     150.0f /* only what is this close is considered */
#define AP_MAX       1024   /* nearby things considered, at most */
#define AP_MARGIN    14.0f  /* distance kept from a bullet's edge when there is room */
#define AP_HIT_COST  1.0e6f
#define AP_BEAM_STEP 6.0f /* px between the points a straight laser is read as */

typedef struct ap_thing {
    float x, y, vx, vy, r;
    int from; /* the first lookahead step it can hurt at (a laser still warning) */
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

static int ap_near(const player *p, float x, float y, float r)
{
    return fabsf(x - p->x) <= AP_RANGE + r && fabsf(y - p->y) <= AP_RANGE + r;
}

/* Adds the lasers near the ship to out[n..]: a straight beam (warning, growing
 * or open) as points every AP_BEAM_STEP px along it, hurting from the step it
 * opens at (one opening after the lookahead is left out), a curvy body as its
 * nodes, each as wide as the laser at full width. Fading lasers never hurt. */
static int ap_gather_lasers(const world *w, ap_thing *out, int n)
{
    const player *p = &w->player;
    const laser_pool *l = &w->lasers;
    for (uint32_t k = 0; k < laser_pool_block_end(l); k++)
        for (uint64_t m = l->alive[k]; m && n < AP_MAX; m &= m - 1) {
            uint32_t i = 64 * k + (uint32_t)__builtin_ctzll(m);
            if (l->phase[i] == LASER_PHASE_FADE)
                continue;
            float r = l->width[i] * 0.5f;
            if (l->kind[i] == LASER_STRAIGHT) {
                int64_t opens = (int64_t)l->warn[i] + LASER_GROW_FRAMES - (int64_t)l->age[i];
                if (opens > AP_LOOKAHEAD)
                    continue;
                /* a turning or following beam: each point goes on as it moved last frame */
                float ox = l->x[i] - l->prev_x[i], oy = l->y[i] - l->prev_y[i];
                float tx = l->dir_x[i] - l->prev_dx[i], ty = l->dir_y[i] - l->prev_dy[i];
                int from = opens > 0 ? (int)opens : 0;
                for (float t = 0.0f; t <= l->length[i] && n < AP_MAX; t += AP_BEAM_STEP) {
                    float x = l->x[i] + l->dir_x[i] * t, y = l->y[i] + l->dir_y[i] * t;
                    if (ap_near(p, x, y, r))
                        out[n++] = (ap_thing){x, y, ox + tx * t, oy + ty * t, r, from};
                }
                continue;
            }
            for (uint32_t j = 0; j < l->nodes[i] && n < AP_MAX; j++) {
                uint32_t q = laser_pool_node(l, i, j);
                if (ap_near(p, l->node_x[q], l->node_y[q], r))
                    out[n++] = (ap_thing){l->node_x[q], l->node_y[q], 0.0f, 0.0f, r, 0};
            }
        }
    return n;
}

/* Collects the bullets, lasers and enemy bodies near the ship. */
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
            out[n++] =
                (ap_thing){b->x[i], b->y[i], w->bullet_dx[i], w->bullet_dy[i], b->radius[i], 0};
        }
    for (uint32_t i = 0; i < w->enemies.cap && n < AP_MAX; i++) {
        const enemy *e = &w->enemies.slots[i];
        if ((e->kind != ENEMY_SMALL && e->kind != ENEMY_BOSS) || e->leaving || !enemy_inside(e))
            continue;
        out[n++] = (ap_thing){(float)e->x,
                              (float)e->y,
                              (float)(e->x - e->px),
                              (float)(e->y - e->py),
                              (float)e->hitbox * 0.6f + 4.0f,
                              0};
    }
    return ap_gather_lasers(w, out, n);
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
            if (s < t[i].from)
                continue;
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
    if (dialogue_active(&w->dialogue)) { /* read, then press on (or skip) */
        if (a->skip_dialogue)
            return (input_bits)(best_bits | INPUT_BIT(INPUT_SKIP));
        int read = (int64_t)w->frame - w->dialogue.line_at >= AUTOPILOT_READ_FRAMES;
        return (input_bits)(best_bits |
                            (read && !(w->prev_in & INPUT_BIT(INPUT_SHOT)) ? INPUT_BIT(INPUT_SHOT)
                                                                           : 0));
    }
    input_bits in = (input_bits)(best_bits | INPUT_BIT(INPUT_SHOT));
    int cornered = best_danger >= AP_HIT_COST * 0.5f;
    if (a->bombs && cornered && player_can_bomb(p) && player_vulnerable(p) &&
        !(w->prev_in & INPUT_BIT(INPUT_BOMB)))
        in |= INPUT_BIT(INPUT_BOMB);
    return in;
}
