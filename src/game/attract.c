/*
 * attract: the title's demo list, stages then spell cards. See attract.h.
 */
#include "game/attract.h"

#include "game/difficulty.h"

#include <string.h>

/* Stages of the game a run plays (1 without a game: the lone stage). */
static uint32_t attract_stages(const library *lib)
{
    const library_game *g = world_game_of(lib);
    return g && g->stage_count ? (g->stage_count < 255 ? g->stage_count : 255) : 1;
}

/* Whether the demos show boss b: not a boss of the Extra stage, whose cards a
 * player meets there first. */
static int attract_boss_shown(const library *lib, uint32_t b)
{
    const library_game *g = world_game_of(lib);
    int main = 0;
    const char *stage = g && g->extra ? library_boss_stage(lib, b, &main) : NULL;
    return !stage || strcmp(stage, g->extra) != 0;
}

/* The spell cards of the bosses a world can start (WORLD_START). */
static uint32_t attract_spells(const library *lib)
{
    uint32_t n = 0;
    for (uint32_t b = 0; b < lib->boss_count && b < WORLD_MAX_BOSSES; b++)
        for (uint32_t p = 0; p < lib->bosses[b].phase_count && p < BOSS_MAX_PHASES; p++)
            n += lib->bosses[b].phases[p].spell != 0 && attract_boss_shown(lib, b);
    return n;
}

uint32_t attract_count(const library *lib)
{
    return lib ? attract_stages(lib) + attract_spells(lib) : 1;
}

world_config attract_config(const library *lib, uint32_t index, uint64_t seed)
{
    world_config cfg = {
        .seed = seed, .difficulty = DIFFICULTY_NORMAL, .flags = WORLD_FLAG_INVULNERABLE};
    if (!lib)
        return cfg;
    uint32_t k = index % attract_count(lib), stages = attract_stages(lib);
    if (k < stages) {
        cfg.stage = (uint8_t)k;
        return cfg;
    }
    k -= stages;
    for (uint32_t b = 0, seen = 0; b < lib->boss_count && b < WORLD_MAX_BOSSES; b++)
        for (uint32_t p = 0; p < lib->bosses[b].phase_count && p < BOSS_MAX_PHASES; p++) {
            if (!lib->bosses[b].phases[p].spell || !attract_boss_shown(lib, b) || seen++ != k)
                continue;
            cfg.start = WORLD_START(b, p);
            cfg.flags |= WORLD_FLAG_ONE_PHASE;
            cfg.difficulty = (uint8_t)((k + 1) % DIFFICULTY_COUNT);
            return cfg;
        }
    return cfg;
}
