/*
 * bullet_kind: the shapes and colours a bullet can have.
 *
 * Shared by the pattern compiler (names in pattern files), the simulation
 * (hitbox radius) and the renderer (atlas frames). One X-macro row per shape:
 *
 *   id         name in patterns   hitbox radius (px)   rotates with heading   drawn size (px)
 *
 * The hitbox is smaller than the drawn sprite, as the genre expects: what kills
 * is the bright core, never the glow.
 */
#ifndef CURTAIN_SIM_BULLET_KIND_H
#define CURTAIN_SIM_BULLET_KIND_H

#define BULLET_SHAPES(X)                     \
    X(ORB_SMALL, "orb_small", 2.0f, 0, 8)    \
    X(ORB, "orb", 3.5f, 0, 16)               \
    X(ORB_LARGE, "orb_large", 8.0f, 0, 32)   \
    X(RICE, "rice", 2.0f, 1, 16)             \
    X(KUNAI, "kunai", 2.5f, 1, 16)           \
    X(STAR, "star", 3.5f, 0, 16)             \
    X(BUBBLE, "bubble", 11.0f, 0, 32)        \
    X(AMULET, "amulet", 3.0f, 1, 16)         \
    X(ARROW, "arrow", 2.5f, 1, 16)           \
    X(STAR_LARGE, "star_large", 7.0f, 0, 32) \
    X(DROP, "drop", 2.5f, 1, 16)

/*                id        name */
#define BULLET_COLORS(X) \
    X(RED, "red")        \
    X(ORANGE, "orange")  \
    X(YELLOW, "yellow")  \
    X(GREEN, "green")    \
    X(CYAN, "cyan")      \
    X(BLUE, "blue")      \
    X(PURPLE, "purple")  \
    X(WHITE, "white")

/* The palettes bullets can be drawn in: the game's colours, and three that keep
 * the eight colours apart for players with a colour vision deficiency (chosen in
 * the options; render/bullet_palette.h has their colours).
 *                id              name */
#define BULLET_PALETTES(X)          \
    X(NORMAL, "normal")             \
    X(DEUTERANOPIA, "deuteranopia") \
    X(PROTANOPIA, "protanopia")     \
    X(TRITANOPIA, "tritanopia")

typedef enum bullet_palette {
#define BULLET_PALETTE_ENUM(id, name) BULLET_PALETTE_##id,
    BULLET_PALETTES(BULLET_PALETTE_ENUM)
#undef BULLET_PALETTE_ENUM
    BULLET_PALETTE_COUNT
} bullet_palette;

typedef enum bullet_shape {
#define BULLET_SHAPE_ENUM(id, name, radius, rotates, size) BULLET_SHAPE_##id,
    BULLET_SHAPES(BULLET_SHAPE_ENUM)
#undef BULLET_SHAPE_ENUM
    BULLET_SHAPE_COUNT
} bullet_shape;

/* Shape ids from BULLET_SHAPE_COUNT up to this are a mod's own (docs/patterns.md,
 * `art`): declared in pattern files with their hitbox, drawn from the mod's
 * sheet, and characters' portraits. The built-ins keep their numbers, so
 * recorded replays stay valid. 255: a bullet keeps its shape in a byte and a
 * look code (pattern/content/library.h) keeps shape + 1 in its low byte, so 244 art
 * shapes, portraits among them (six stages' bullets and twenty characters'
 * faces with room to spare). */
#define BULLET_SHAPE_CAPACITY 255

typedef enum bullet_color {
#define BULLET_COLOR_ENUM(id, name) BULLET_COLOR_##id,
    BULLET_COLORS(BULLET_COLOR_ENUM)
#undef BULLET_COLOR_ENUM
    BULLET_COLOR_COUNT
} bullet_color;

#endif
