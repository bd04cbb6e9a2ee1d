#include "game/world.h"

#include "core/hash.h"

void world_init(world *w, uint64_t seed)
{
    w->seed = seed;
    w->frame = 0;
    rng_seed(&w->rng, seed);
    player_init(&w->player);
}

void world_step(world *w, input_bits in)
{
    player_step(&w->player, in);
    w->frame++;
}

uint64_t world_hash(const world *w)
{
    hasher hs;
    hash_begin(&hs, 0x6375727461696eull); /* "curtain" */
    hash_u64(&hs, w->seed);
    hash_u64(&hs, w->frame);
    for (int i = 0; i < 4; i++)
        hash_u64(&hs, w->rng.s[i]);
    player_hash(&w->player, &hs);
    return hash_end(&hs);
}
