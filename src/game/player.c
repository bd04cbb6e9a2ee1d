#include "game/player.h"

#include "sim/playfield.h"

#include <cglm/vec2.h>

void player_init(player *p)
{
    p->x = PLAYFIELD_W * 0.5f;
    p->y = PLAYFIELD_H - 48.0f;
    p->focused = 0;
}

static float player_clamp(float v, float lo, float hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

void player_step(player *p, input_bits in)
{
    vec2 dir = {(float)(input_held(in, INPUT_RIGHT) - input_held(in, INPUT_LEFT)),
                (float)(input_held(in, INPUT_DOWN) - input_held(in, INPUT_UP))};
    p->focused = input_held(in, INPUT_FOCUS);
    float speed = p->focused ? PLAYER_FOCUS_SPEED : PLAYER_SPEED;
    /* Diagonals move at the same speed as straight lines. */
    if (dir[0] != 0.0f && dir[1] != 0.0f)
        speed *= 0.70710678f;
    glm_vec2_scale(dir, speed, dir);
    p->x = player_clamp(p->x + dir[0], PLAYER_EDGE_MARGIN, PLAYFIELD_W - PLAYER_EDGE_MARGIN);
    p->y = player_clamp(p->y + dir[1], PLAYER_EDGE_MARGIN, PLAYFIELD_H - PLAYER_EDGE_MARGIN);
}

void player_hash(const player *p, hasher *hs)
{
    hash_f32(hs, p->x);
    hash_f32(hs, p->y);
    hash_u32(hs, (uint32_t)p->focused);
}
