#include "game/world.h"

#include "core/hash.h"

void world_init(world *w, const world_config *cfg)
{
    w->config = *cfg;
    w->frame = 0;
    rng_seed(&w->rng, cfg->seed);
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
    hash_u64(&hs, w->config.seed);
    hash_u32(&hs, w->config.difficulty);
    hash_u32(&hs, w->config.start);
    hash_u32(&hs, w->config.flags);
    hash_u64(&hs, w->frame);
    for (int i = 0; i < 4; i++)
        hash_u64(&hs, w->rng.s[i]);
    player_hash(&w->player, &hs);
    return hash_end(&hs);
}
