/*
 * backdrop: the scenes drawn behind the field (`background NAME` in a stage,
 * `spell_background NAME` in a boss).
 *
 * Shared by the pattern compiler, which refuses a name that is none of these,
 * and the renderer (render/backdrop_view), which draws each in code: layers
 * that scroll at their own speeds, colour and motion, a function of the frame
 * count alone. A backdrop is never part of the simulation: no state hash or
 * replay sees it. A new backdrop is a row here and a drawing in
 * render/backdrop_view.c (render.backdrop checks each row draws).
 *
 *   id          name in patterns  what it shows
 */
#ifndef CURTAIN_SIM_BACKDROP_H
#define CURTAIN_SIM_BACKDROP_H

#include <string.h>

/* clang-format off */
#define BACKDROPS(X)                                                                   \
    X(DUSK,        "dusk",        "stage 1: lanterns drifting up a violet dusk sky")     \
    X(DUSK_BOSS,   "dusk_boss",   "stage 1's boss: the dusk deepens, the lanterns burn red") \
    X(DUSK_SPELL,  "dusk_spell",  "Kagari's spell cards: a theatre curtain of light")    \
    X(LAKE,        "lake",        "stage 2: a lake at night, the moon on the water, mist") \
    X(LAKE_BOSS,   "lake_boss",   "stage 2's boss: the moon rises full, fireflies swarm") \
    X(LAKE_SPELL,  "lake_spell",  "stage 2's boss's spell cards: rings on moonlit water") \
    X(SPIRE,       "spire",       "stage 3: girders and gears of a clockwork spire at dawn") \
    X(SPIRE_BOSS,  "spire_boss",  "stage 3's boss: the spire's top, a great gear, sunrise") \
    X(SPIRE_SPELL, "spire_spell", "the final boss's spell cards: a turning clock face")
/* clang-format on */

typedef enum backdrop {
#define BACKDROP_ENUM(id, name, doc) BACKDROP_##id,
    BACKDROPS(BACKDROP_ENUM)
#undef BACKDROP_ENUM
    BACKDROP_COUNT
} backdrop;

static const char *const backdrop_names[BACKDROP_COUNT] = {
#define BACKDROP_NAME(id, name, doc) name,
    BACKDROPS(BACKDROP_NAME)
#undef BACKDROP_NAME
};

/* The backdrop called name, or -1. */
static inline int backdrop_by_name(const char *name)
{
    for (int i = 0; name && i < BACKDROP_COUNT; i++)
        if (strcmp(backdrop_names[i], name) == 0)
            return i;
    return -1;
}

#endif
