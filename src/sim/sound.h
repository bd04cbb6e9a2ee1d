/*
 * sound: the names of the built-in sound effects (`sound NAME` in a script).
 *
 * Shared by the pattern compiler, which refuses a name that is none of these
 * and no file of the mod's sounds/ folder (pattern/sound_file), the language
 * server's completion and hover (pattern/reference), and the effect bank
 * (audio/sfx.h), whose SFX_LIST holds the same names in the same order with
 * each effect's recipe (audio.sfx checks they agree). A sound is never part of
 * the simulation: no state hash or replay hears it.
 *
 *   id             name in patterns  what it sounds like
 */
#ifndef CURTAIN_SIM_SOUND_H
#define CURTAIN_SIM_SOUND_H

#include <string.h>

/* clang-format off */
#define SOUNDS(X)                                                                              \
    X(SHOT,          "shot",          "the player's shot: a soft, airy puff")                  \
    X(ENEMY_SHOT,    "enemy_shot",    "an enemy firing: a short bright \"tan\"")              \
    X(ENEMY_HIT,     "enemy_hit",     "a shot landing on an enemy: a dry metallic tick")       \
    X(ENEMY_DEATH,   "enemy_death",   "a small enemy bursting: a falling crackle and a thump") \
    X(GRAZE,         "graze",         "a bullet brushing the hitbox: a quick high \"shk\"")    \
    X(PLAYER_DEATH,  "player_death",  "the player hit: a chirp, then a long falling tone")     \
    X(BOMB,          "bomb",          "a bomb: a rising whoosh, a deep boom, a dark chord")    \
    X(SPELL_START,   "spell_start",   "a spell card declared: a sweep into a struck chord")    \
    X(SPELL_CAPTURE, "spell_capture", "a spell card captured: a rising arpeggio, a chord")     \
    X(ITEM,          "item",          "an item collected: a tiny two-step \"pip\"")            \
    X(EXTEND,        "extend",        "an extra life: a bright five-note fanfare")             \
    X(MENU_MOVE,     "menu_move",     "the cursor moving in a menu: a short soft click")       \
    X(MENU_SELECT,   "menu_select",   "a menu choice: two rising tones, a fifth apart")        \
    X(PAUSE,         "pause",         "the game paused: two falling soft tones")               \
    X(TIMER,         "timer",         "a spell card's last seconds: a clock-like tick")
/* clang-format on */

typedef enum sound_builtin {
#define SOUND_ENUM(id, name, doc) SOUND_##id,
    SOUNDS(SOUND_ENUM)
#undef SOUND_ENUM
    SOUND_BUILTIN_COUNT
} sound_builtin;

static const char *const sound_names[SOUND_BUILTIN_COUNT] = {
#define SOUND_NAME(id, name, doc) name,
    SOUNDS(SOUND_NAME)
#undef SOUND_NAME
};

static const char *const sound_docs[SOUND_BUILTIN_COUNT] = {
#define SOUND_DOC(id, name, doc) doc,
    SOUNDS(SOUND_DOC)
#undef SOUND_DOC
};

/* The built-in sound called name, or -1. */
static inline int sound_by_name(const char *name)
{
    for (int i = 0; name && i < SOUND_BUILTIN_COUNT; i++)
        if (strcmp(sound_names[i], name) == 0)
            return i;
    return -1;
}

#endif
