/*
 * enemy_look: the sprites an enemy or a boss can wear (`look NAME`).
 *
 * Shared by the pattern compiler, which refuses a look that names none of
 * these, and the renderer, which draws look NAME as the atlas sprite
 * enemy_NAME, or NAME itself (render.atlas checks every row has one). A new
 * enemy kind is a row here and a picture in tools/atlas. The rows keep their
 * order and ids (sim.enemy_look checks the table).
 *
 *   id        name in patterns
 */
#ifndef CURTAIN_SIM_ENEMY_LOOK_H
#define CURTAIN_SIM_ENEMY_LOOK_H

#include <string.h>

#define ENEMY_LOOKS(X)    \
    X(DRONE, "drone")     \
    X(SPINNER, "spinner") \
    X(WISP, "wisp")       \
    X(TURRET, "turret")   \
    X(CRYSTAL, "crystal") \
    X(BOSS, "boss")       \
    X(MOTH, "moth")       \
    X(SPIRIT, "spirit")   \
    X(LOTUS, "lotus")     \
    X(COG, "cog")         \
    X(BIRD, "bird")       \
    X(BELL, "bell")       \
    X(MINAMO, "minamo")   \
    X(TOKINE, "tokine")   \
    X(SUIREN, "suiren")   \
    X(ZENMAI, "zenmai")

typedef enum enemy_look {
#define ENEMY_LOOK_ENUM(id, name) ENEMY_LOOK_##id,
    ENEMY_LOOKS(ENEMY_LOOK_ENUM)
#undef ENEMY_LOOK_ENUM
    ENEMY_LOOK_COUNT
} enemy_look;

static const char *const enemy_look_names[ENEMY_LOOK_COUNT] = {
#define ENEMY_LOOK_NAME(id, name) name,
    ENEMY_LOOKS(ENEMY_LOOK_NAME)
#undef ENEMY_LOOK_NAME
};

/* The sprites a ship can wear (`look NAME` in a ship), drawn as the atlas
 * sprite of that name, its frames 0, 1, 2 level, banking left and right.
 *
 *   id        name in patterns */
#define SHIP_LOOKS(X)        \
    X(PLAYER, "player")      \
    X(HERON, "player_heron") \
    X(SWALLOW, "player_swallow")

typedef enum ship_look {
#define SHIP_LOOK_ENUM(id, name) SHIP_LOOK_##id,
    SHIP_LOOKS(SHIP_LOOK_ENUM)
#undef SHIP_LOOK_ENUM
    SHIP_LOOK_COUNT
} ship_look;

static const char *const ship_look_names[SHIP_LOOK_COUNT] = {
#define SHIP_LOOK_NAME(id, name) name,
    SHIP_LOOKS(SHIP_LOOK_NAME)
#undef SHIP_LOOK_NAME
};

/* The sprites a ship's options can wear (`option_look NAME` in a ship): the
 * default pod, and Tsubame's crescent blade. */
static const char *const option_look_names[] = {"option", "option_swallow"};
#define OPTION_LOOK_COUNT 2

/* Besides these, every look may name one of a library's art shapes
 * (pattern/content/art.h): the renderer draws it from the mod's sheet, animated when
 * it is an animation. A look is presentation: the name is kept as a string,
 * and what it draws never reaches a hash. */

/* The look called name, or -1. */
static inline int enemy_look_by_name(const char *name)
{
    for (int i = 0; name && i < ENEMY_LOOK_COUNT; i++)
        if (strcmp(enemy_look_names[i], name) == 0)
            return i;
    return -1;
}

#endif
