/*
 * atlas_sprites: the names of everything in the texture atlas besides bullets.
 *
 * The player's shots are drawn as the shapes they are fired with
 * (render/field_view.h, field_view_add_shots); shot_needle, shot_amulet and
 * shot_seal (a frame per bullet colour, sim/bullet_kind.h), which drew them
 * before, stay in the atlas as sprites any look may name (an effect's).
 *
 * Shared by the atlas generator (tools/atlas/), which draws one picture per row,
 * and the renderer, which finds the frames through the generated table
 * (render/atlas_table.h). Bullets are not listed here: every shape and colour of
 * sim/bullet_kind.h has its frames too. How many frames a sprite has (animation
 * steps, pre-rotated steps) is decided by the art and recorded in the table.
 *
 *   id               name in files and tools
 */
#ifndef CURTAIN_RENDER_ATLAS_SPRITES_H
#define CURTAIN_RENDER_ATLAS_SPRITES_H

#define ATLAS_SPRITES(X)                \
    X(PLAYER, "player")                 \
    X(HITBOX, "hitbox")                 \
    X(FOCUS_RING, "focus_ring")         \
    X(OPTION, "option")                 \
    X(SHOT_MAIN, "shot_main")           \
    X(SHOT_FOCUS, "shot_focus")         \
    X(ENEMY_DRONE, "enemy_drone")       \
    X(ENEMY_SPINNER, "enemy_spinner")   \
    X(ENEMY_WISP, "enemy_wisp")         \
    X(ENEMY_TURRET, "enemy_turret")     \
    X(ENEMY_CRYSTAL, "enemy_crystal")   \
    X(ENEMY_MOTH, "enemy_moth")         \
    X(ENEMY_SPIRIT, "enemy_spirit")     \
    X(ENEMY_LOTUS, "enemy_lotus")       \
    X(BOSS, "boss")                     \
    X(ITEM_POWER, "item_power")         \
    X(ITEM_POWER_BIG, "item_power_big") \
    X(ITEM_POINT, "item_point")         \
    X(ITEM_BOMB, "item_bomb")           \
    X(ITEM_LIFE, "item_life")           \
    X(ITEM_FULL, "item_full")           \
    X(ITEM_STAR, "item_star")           \
    X(SPARK_GRAZE, "spark_graze")       \
    X(SPARK_HIT, "spark_hit")           \
    X(BULLET_VANISH, "bullet_vanish")   \
    X(EXPLOSION, "explosion")           \
    X(ICON_LIFE, "icon_life")           \
    X(ICON_BOMB, "icon_bomb")           \
    X(ICON_PHASE, "icon_phase")         \
    X(PANEL_TILE, "panel_tile")         \
    X(BACKDROP_CLOUD, "backdrop_cloud") \
    X(LASER, "laser")                   \
    X(PLAYER_HERON, "player_heron")     \
    X(SHOT_NEEDLE, "shot_needle")       \
    X(SHOT_AMULET, "shot_amulet")       \
    X(SHOT_SEAL, "shot_seal")           \
    X(ENEMY_COG, "enemy_cog")           \
    X(ENEMY_BIRD, "enemy_bird")         \
    X(ENEMY_BELL, "enemy_bell")         \
    X(MINAMO, "minamo")                 \
    X(TOKINE, "tokine")                 \
    X(SUIREN, "suiren")                 \
    X(ZENMAI, "zenmai")                 \
    X(PLAYER_SWALLOW, "player_swallow") \
    X(OPTION_SWALLOW, "option_swallow")

/* The bitmap fonts: ASCII 32..126 each. */
#define ATLAS_FONTS(X) \
    X(SMALL, "small")  \
    X(TITLE, "title")

typedef enum atlas_sprite {
#define ATLAS_SPRITE_ENUM(id, name) ATLAS_SPRITE_##id,
    ATLAS_SPRITES(ATLAS_SPRITE_ENUM)
#undef ATLAS_SPRITE_ENUM
    ATLAS_SPRITE_COUNT
} atlas_sprite;

typedef enum atlas_font {
#define ATLAS_FONT_ENUM(id, name) ATLAS_FONT_##id,
    ATLAS_FONTS(ATLAS_FONT_ENUM)
#undef ATLAS_FONT_ENUM
    ATLAS_FONT_COUNT
} atlas_font;

#define ATLAS_GLYPH_FIRST 32
#define ATLAS_GLYPH_COUNT 95

#endif
