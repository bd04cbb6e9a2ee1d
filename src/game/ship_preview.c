/*
 * ship_preview: a ship alone in a world, firing. See ship_preview.h.
 */
#include "game/ship_preview.h"

#include "game/difficulty.h"

#include <string.h>

int ship_preview_find(const library *lib, const char *name, const char *file)
{
    for (uint32_t i = 0; lib && i < lib->ship_count && i < 256; i++) {
        const library_ship *s = &lib->ships[i];
        if (name ? strcmp(s->name, name) == 0 : !file || strcmp(s->file, file) == 0)
            return (int)i;
    }
    return -1;
}

int ship_preview_init(world *w, const library *lib, uint32_t ship, uint32_t type)
{
    world_config cfg = {.seed = 1,
                        .difficulty = DIFFICULTY_NORMAL,
                        .flags = WORLD_FLAG_NO_STAGE | WORLD_FLAG_INVULNERABLE,
                        .ship = (uint8_t)ship,
                        .shot_type = (uint8_t)type};
    return world_init(w, &cfg, lib);
}

int ship_preview_step(world *w, input_bits held, int level)
{
    level = level < 1 ? 1 : level > SHIP_PREVIEW_LEVELS ? SHIP_PREVIEW_LEVELS : level;
    w->player.power = PLAYER_POWER_START * level; /* a whole level: 1.00 a level */
    world_step(w, (input_bits)(held | INPUT_BIT(INPUT_SHOT)));
    return (int)w->ship_fired;
}
