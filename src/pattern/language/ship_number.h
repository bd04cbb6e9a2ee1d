/*
 * ship_number: the numbers a ship flies by (docs/patterns.md, `ship`), as one
 * table: the word a ship file gives each by, its default and what it means. The
 * parser reads the words (an ast_ship_item's `number` is its row), the library
 * keeps the values (library_ship.num, indexed by library_ship_number) and
 * lint prints them; none of them needs another's header for it.
 */
#ifndef CURTAIN_PATTERN_SHIP_NUMBER_H
#define CURTAIN_PATTERN_SHIP_NUMBER_H

/*   id  keyword  default  what */
/* clang-format off */
#define SHIP_NUMBERS(X)                                                                   \
    X(SPEED,       "speed",       4.5, "px per frame")                                    \
    X(FOCUS_SPEED, "focus_speed", 2.0, "px per frame while focused")                      \
    X(HITBOX,      "hitbox",      2.5, "radius of the circle a bullet kills by touching") \
    X(GRAZE,       "graze",       20,  "radius of the graze circle")                       \
    X(INTERVAL,    "interval",    5,   "frames from one volley to the next")               \
    X(SHOT_RADIUS, "shot_radius", 6,   "a shot's hit radius against enemies, px")          \
    X(BOMB_TIME,   "bomb_time",   150, "frames a bomb lasts")                              \
    X(BOMB_INVULN, "bomb_invuln", 190, "frames of invulnerability a bomb gives")           \
    X(BOMB_RADIUS, "bomb_radius", 24,  "the bomb circle's radius at its start, px")        \
    X(BOMB_GROWTH, "bomb_growth", 7,   "px the bomb circle grows by each frame")           \
    X(BOMB_MAX,    "bomb_max",    280, "the bomb circle's largest radius, px")
/* clang-format on */

/* How many rows SHIP_NUMBERS has. */
#define SHIP_NUMBER_ONE(id, keyword, def, doc) +1
#define SHIP_NUMBER_COUNT                      (0 SHIP_NUMBERS(SHIP_NUMBER_ONE))

#endif
