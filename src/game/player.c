/*
 * player: movement, timers, shots and the life cycle of the ship. See player.h.
 */
#include "game/player.h"

#include "sim/playfield.h"

#include <cglm/vec2.h>

#define PLAYER_START_Y (PLAYFIELD_H - 48.0f)

void player_init(player *p, const library_ship *ship)
{
    *p = (player){0};
    p->ship = ship ? ship : library_fallback_ship();
    p->x = p->px = PLAYFIELD_W * 0.5f;
    p->y = p->py = PLAYER_START_Y;
    p->state = PLAYER_ALIVE;
    p->lives = PLAYER_START_LIVES;
    p->bombs = PLAYER_START_BOMBS;
    p->power = PLAYER_POWER_START;
}

float player_number(const player *p, library_ship_number n)
{
    return (float)p->ship->num[n];
}

static float player_clamp(float v, float lo, float hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

/* Moves by the held direction buttons, at the focused or normal speed. */
static void player_move(player *p, input_bits in)
{
    vec2 dir = {(float)(input_held(in, INPUT_RIGHT) - input_held(in, INPUT_LEFT)),
                (float)(input_held(in, INPUT_DOWN) - input_held(in, INPUT_UP))};
    float speed = player_number(p, p->focused ? LIBRARY_SHIP_FOCUS_SPEED : LIBRARY_SHIP_SPEED);
    /* Diagonals move at the same speed as straight lines. */
    if (dir[0] != 0.0f && dir[1] != 0.0f)
        speed *= 0.70710678f;
    glm_vec2_scale(dir, speed, dir);
    p->x = player_clamp(p->x + dir[0], PLAYER_EDGE_MARGIN, PLAYFIELD_W - PLAYER_EDGE_MARGIN);
    p->y = player_clamp(p->y + dir[1], PLAYER_EDGE_MARGIN, PLAYFIELD_H - PLAYER_EDGE_MARGIN);
}

/* A dead ship waits, then flies back in from below the bottom edge. */
static void player_step_dead(player *p)
{
    if (--p->timer > 0)
        return;
    p->state = PLAYER_ALIVE;
    p->x = PLAYFIELD_W * 0.5f;
    p->y = PLAYFIELD_H + 24.0f;
    p->timer = PLAYER_RESPAWN_FRAMES;
    p->invuln = PLAYER_RESPAWN_INVULN;
}

void player_step(player *p, input_bits in)
{
    p->px = p->x;
    p->py = p->y;
    p->focused = input_held(in, INPUT_FOCUS);
    if (p->invuln > 0)
        p->invuln--;
    if (p->bomb > 0)
        p->bomb--;
    if (p->shot_cooldown > 0)
        p->shot_cooldown--;
    switch (p->state) {
    case PLAYER_DEAD: player_step_dead(p); break;
    case PLAYER_HIT: p->timer--; break; /* the world ends the window */
    default:
        if (p->timer > 0) { /* flying back in: no control yet */
            p->timer--;
            p->y += (PLAYER_START_Y - p->y) * 0.15f;
            break;
        }
        player_move(p, in);
        break;
    }
}

int player_vulnerable(const player *p)
{
    return p->state == PLAYER_ALIVE && p->invuln == 0 && p->bomb == 0;
}

int player_flying(const player *p)
{
    return p->state == PLAYER_ALIVE;
}

int player_can_bomb(const player *p)
{
    return p->bombs > 0 && p->bomb == 0 && (p->state == PLAYER_ALIVE || p->state == PLAYER_HIT);
}

void player_bomb(player *p)
{
    p->bombs--;
    int32_t invuln = (int32_t)p->ship->num[LIBRARY_SHIP_BOMB_INVULN];
    p->bomb = (int32_t)p->ship->num[LIBRARY_SHIP_BOMB_TIME];
    p->invuln = p->invuln > invuln ? p->invuln : invuln;
    p->bomb_x = p->x;
    p->bomb_y = p->y;
    if (p->state == PLAYER_HIT) {
        p->state = PLAYER_ALIVE;
        p->timer = 0;
    }
}

void player_hit(player *p)
{
    p->state = PLAYER_HIT;
    p->timer = PLAYER_DEATHBOMB_FRAMES;
}

int player_die(player *p)
{
    p->state = PLAYER_DEAD;
    p->timer = PLAYER_DEAD_FRAMES;
    p->power = p->power - PLAYER_POWER_LOST > PLAYER_POWER_START ? p->power - PLAYER_POWER_LOST
                                                                 : PLAYER_POWER_START;
    p->bomb = 0;
    if (p->lives == 0)
        return 1;
    p->lives--;
    p->bombs = p->bombs > PLAYER_START_BOMBS ? p->bombs : PLAYER_START_BOMBS;
    return 0;
}

/* Adds n pieces to *pieces, `whole` of them making one of *have (at most max);
 * returns how many were made. */
static int player_pieces(int *pieces, int n, int whole, int *have, int max)
{
    int made = 0;
    *pieces += n > 0 ? n : 0;
    while (*pieces >= whole && *have < max) {
        *pieces -= whole;
        (*have)++;
        made++;
    }
    if (*pieces >= whole) /* full: one short of a whole, for the next one used */
        *pieces = whole - 1;
    return made;
}

void player_add_pieces(player *p, int bomb_pieces, int life_pieces, int *bombs, int *lives)
{
    *bombs = player_pieces(&p->bomb_pieces, bomb_pieces, PLAYER_BOMB_PIECES, &p->bombs,
                           PLAYER_MAX_BOMBS);
    *lives = player_pieces(&p->life_pieces, life_pieces, PLAYER_LIFE_PIECES, &p->lives,
                           PLAYER_MAX_LIVES);
}

void player_continue(player *p)
{
    p->lives = PLAYER_START_LIVES;
    p->bombs = PLAYER_START_BOMBS;
    p->state = PLAYER_DEAD;
    p->timer = 1;
}

int player_power_level(const player *p)
{
    int level = p->power / 100;
    return level < 1 ? 1 : level > 4 ? 4 : level;
}

int player_shoot(player *p, input_bits in)
{
    if (!input_held(in, INPUT_SHOT) || p->shot_cooldown > 0 || !player_flying(p) || p->timer > 0)
        return 0;
    p->shot_cooldown = (int32_t)p->ship->num[LIBRARY_SHIP_INTERVAL];
    p->volleys++;
    return 1;
}

void player_hash(const player *p, hasher *hs)
{
    hash_f32(hs, p->x);
    hash_f32(hs, p->y);
    hash_f32(hs, p->px);
    hash_f32(hs, p->py);
    hash_f32(hs, p->bomb_x);
    hash_f32(hs, p->bomb_y);
    const int32_t ints[] = {p->focused, p->state, p->timer, p->invuln,        p->bomb,
                            p->lives,   p->bombs, p->power, p->shot_cooldown, (int32_t)p->volleys};
    for (size_t k = 0; k < sizeof ints / sizeof ints[0]; k++)
        hash_u32(hs, (uint32_t)ints[k]);
    if (p->bomb_pieces != 0 || p->life_pieces != 0) {
        hash_u32(hs, 0x70696563u); /* "piec": a run with pieces, told from one without */
        hash_u32(hs, (uint32_t)p->bomb_pieces);
        hash_u32(hs, (uint32_t)p->life_pieces);
    }
}
