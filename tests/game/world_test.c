/* world: the same seed and inputs give the same state hash; anything else differs. */
#include "../check.h"
#include "core/rng.h"
#include "game/world.h"
#include "sim/playfield.h"

/* Runs frames of pseudo-random input drawn from input_seed; returns the final hash. */
static uint64_t world_test_run(uint64_t seed, uint64_t input_seed, int frames)
{
    world_config cfg = {.seed = seed};
    world w;
    world_init(&w, &cfg);
    rng inputs;
    rng_seed(&inputs, input_seed);
    for (int i = 0; i < frames; i++)
        world_step(&w, (input_bits)rng_next(&inputs));
    return world_hash(&w);
}

static void world_test_determinism(void)
{
    uint64_t a = world_test_run(42, 9, 3000), b = world_test_run(42, 9, 3000);
    CHECK_EQ_U64(a, b);
    CHECK(world_test_run(43, 9, 3000) != a);
    CHECK(world_test_run(42, 10, 3000) != a);
    CHECK(world_test_run(42, 9, 2999) != a);
}

static void world_test_player_moves_and_stays_inside(void)
{
    world_config cfg = {.seed = 1};
    world w;
    world_init(&w, &cfg);
    float x0 = w.player.x;
    world_step(&w, INPUT_BIT(INPUT_LEFT));
    CHECK_NEAR(w.player.x, x0 - PLAYER_SPEED, 1e-6);
    world_step(&w, INPUT_BIT(INPUT_LEFT) | INPUT_BIT(INPUT_FOCUS));
    CHECK_NEAR(w.player.x, x0 - PLAYER_SPEED - PLAYER_FOCUS_SPEED, 1e-6);
    CHECK(w.player.focused);
    float y0 = w.player.y;
    world_step(&w, INPUT_BIT(INPUT_UP) | INPUT_BIT(INPUT_RIGHT));
    CHECK_NEAR(w.player.y, y0 - PLAYER_SPEED * 0.70710678f, 1e-5);
    for (int i = 0; i < 500; i++)
        world_step(&w, INPUT_BIT(INPUT_UP) | INPUT_BIT(INPUT_LEFT));
    CHECK_NEAR(w.player.x, PLAYER_EDGE_MARGIN, 1e-6);
    CHECK_NEAR(w.player.y, PLAYER_EDGE_MARGIN, 1e-6);
    for (int i = 0; i < 500; i++)
        world_step(&w, INPUT_BIT(INPUT_DOWN) | INPUT_BIT(INPUT_RIGHT));
    CHECK_NEAR(w.player.x, PLAYFIELD_W - PLAYER_EDGE_MARGIN, 1e-6);
    CHECK_NEAR(w.player.y, PLAYFIELD_H - PLAYER_EDGE_MARGIN, 1e-6);
    CHECK_EQ_INT(w.frame, 1003);
}

int main(void)
{
    world_test_determinism();
    world_test_player_moves_and_stays_inside();
    return check_done("world");
}
