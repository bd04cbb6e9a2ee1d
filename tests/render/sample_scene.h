/*
 * sample_scene: a busy, deterministic screen for the renderer's tests: a boss
 * with rings, spirals and fans of every bullet shape and colour, enemies, items,
 * sparks, the player focused and firing, and a HUD full of sample values.
 */
#ifndef CURTAIN_TESTS_RENDER_SAMPLE_SCENE_H
#define CURTAIN_TESTS_RENDER_SAMPLE_SCENE_H

#include "render/atlas.h"
#include "render/field_view.h"
#include "render/frame_view.h"

#include <math.h>
#include <string.h>

#define SAMPLE_MAX 1024

typedef struct sample_scene {
    float x[SAMPLE_MAX], y[SAMPLE_MAX], c[SAMPLE_MAX], s[SAMPLE_MAX];
    uint8_t shape[SAMPLE_MAX], color[SAMPLE_MAX];
    sprite_bullets bullets;
    player player;
    hud_state hud;
    overlay_stats stats;
    frame_scene scene;
} sample_scene;

static void sample_bullet(sample_scene *sc, float x, float y, float angle, bullet_shape shape,
                          bullet_color color)
{
    int i = sc->bullets.count;
    if (i >= SAMPLE_MAX)
        return;
    sc->x[i] = x;
    sc->y[i] = y;
    sc->c[i] = cosf(angle);
    sc->s[i] = sinf(angle);
    sc->shape[i] = (uint8_t)shape;
    sc->color[i] = (uint8_t)color;
    sc->bullets.count++;
}

/* Enemies, items and effects, through the scene's sprite hook. */
static void sample_sprites(sprite_batch *b, void *user)
{
    (void)user;
    struct {
        field_layer layer;
        atlas_sprite sprite;
        int frame;
        float x, y;
    } const list[] = {
        {FIELD_LAYER_ENEMIES, ATLAS_SPRITE_BOSS, 1, 192, 110},
        {FIELD_LAYER_ENEMIES, ATLAS_SPRITE_ENEMY_TURRET, 0, 60, 60},
        {FIELD_LAYER_ENEMIES, ATLAS_SPRITE_ENEMY_CRYSTAL, 1, 330, 64},
        {FIELD_LAYER_ENEMIES, ATLAS_SPRITE_ENEMY_DRONE, 1, 40, 250},
        {FIELD_LAYER_ENEMIES, ATLAS_SPRITE_ENEMY_SPINNER, 1, 350, 240},
        {FIELD_LAYER_ENEMIES, ATLAS_SPRITE_ENEMY_WISP, 2, 310, 300},
        {FIELD_LAYER_ITEMS, ATLAS_SPRITE_ITEM_POWER, 0, 70, 330},
        {FIELD_LAYER_ITEMS, ATLAS_SPRITE_ITEM_POINT, 0, 90, 320},
        {FIELD_LAYER_ITEMS, ATLAS_SPRITE_ITEM_POWER_BIG, 0, 112, 338},
        {FIELD_LAYER_ITEMS, ATLAS_SPRITE_ITEM_BOMB, 0, 60, 352},
        {FIELD_LAYER_ITEMS, ATLAS_SPRITE_ITEM_LIFE, 0, 84, 360},
        {FIELD_LAYER_ITEMS, ATLAS_SPRITE_ITEM_FULL, 0, 40, 336},
        {FIELD_LAYER_ITEMS, ATLAS_SPRITE_ITEM_STAR, 0, 100, 372},
        {FIELD_LAYER_SHOTS, ATLAS_SPRITE_SHOT_FOCUS, 0, 186, 330},
        {FIELD_LAYER_SHOTS, ATLAS_SPRITE_SHOT_FOCUS, 0, 198, 330},
        {FIELD_LAYER_SHOTS, ATLAS_SPRITE_SHOT_MAIN, 0, 180, 300},
        {FIELD_LAYER_SHOTS, ATLAS_SPRITE_SHOT_MAIN, 0, 204, 300},
        {FIELD_LAYER_EFFECTS, ATLAS_SPRITE_EXPLOSION, 2, 300, 180},
        {FIELD_LAYER_EFFECTS, ATLAS_SPRITE_SPARK_HIT, 1, 192, 150},
        {FIELD_LAYER_EFFECTS, ATLAS_SPRITE_SPARK_GRAZE, 0, 205, 392},
        {FIELD_LAYER_EFFECTS, ATLAS_SPRITE_BULLET_VANISH, 1, 150, 200},
    };
    for (size_t i = 0; i < sizeof list / sizeof list[0]; i++)
        sprite_batch_add(b, list[i].layer, atlas_sprite_frame(list[i].sprite, list[i].frame),
                         list[i].x, list[i].y, 1.0f, 0.0f);
}

/* Fills the sample: a screen in the middle of a boss's spell card. */
static void sample_scene_init(sample_scene *sc)
{
    memset(sc, 0, sizeof *sc);
    sc->bullets = (sprite_bullets){0,    sc->x, sc->y, sc->c, sc->s, sc->shape, sc->color, NULL,
                                   NULL, 0,     0,     NULL,  NULL,  NULL,      0};
    const float bx = 192, by = 110, tau = 6.2831853f;
    for (int i = 0; i < 32; i++) {
        float a = tau * i / 32;
        sample_bullet(sc, bx + 150 * cosf(a), by + 150 * sinf(a), a, BULLET_SHAPE_ORB,
                      (bullet_color)(i % BULLET_COLOR_COUNT));
    }
    for (int i = 0; i < 48; i++) {
        float a = tau * i / 48 + 0.15f * i, r = 40 + 4.0f * i;
        sample_bullet(sc, bx + r * cosf(a), by + r * sinf(a), a + 0.4f, BULLET_SHAPE_RICE,
                      BULLET_COLOR_CYAN);
    }
    for (int i = 0; i < 9; i++) {
        float a = 1.5707963f + (i - 4) * 0.16f;
        for (int k = 0; k < 3; k++)
            sample_bullet(sc, bx + (90 + 26 * k) * cosf(a), by + (90 + 26 * k) * sinf(a), a,
                          k == 0   ? BULLET_SHAPE_KUNAI
                          : k == 1 ? BULLET_SHAPE_ARROW
                                   : BULLET_SHAPE_DROP,
                          k == 0   ? BULLET_COLOR_GREEN
                          : k == 1 ? BULLET_COLOR_ORANGE
                                   : BULLET_COLOR_BLUE);
    }
    for (int i = 0; i < 12; i++) {
        float a = tau * i / 12 + 0.26f;
        sample_bullet(sc, bx + 62 * cosf(a), by + 62 * sinf(a), a, BULLET_SHAPE_AMULET,
                      BULLET_COLOR_RED);
    }
    for (int c = 0; c < BULLET_COLOR_COUNT; c++) {
        sample_bullet(sc, 150 + 26 * c, 250, 0.5f * c, BULLET_SHAPE_STAR, (bullet_color)c);
        sample_bullet(sc, 140 + 30 * c, 212, 0, BULLET_SHAPE_ORB_LARGE, (bullet_color)c);
        sample_bullet(sc, 30 + 18 * c, 410, 0, BULLET_SHAPE_ORB_SMALL, (bullet_color)c);
    }
    sample_bullet(sc, 60, 180, 0, BULLET_SHAPE_BUBBLE, BULLET_COLOR_PURPLE);
    sample_bullet(sc, 90, 200, 0, BULLET_SHAPE_BUBBLE, BULLET_COLOR_CYAN);
    sample_bullet(sc, 330, 380, 0, BULLET_SHAPE_STAR_LARGE, BULLET_COLOR_YELLOW);
    sample_bullet(sc, 290, 410, 0, BULLET_SHAPE_STAR_LARGE, BULLET_COLOR_PURPLE);
    sc->player = (player){.x = 192, .y = 400, .focused = 1};
    sc->hud = (hud_state){
        .score = 12345670,
        .high_score = 98765430,
        .lives = 3,
        .bombs = 2,
        .power = 325,
        .power_max = 400,
        .graze = 1234,
        .boss_active = 1,
        .boss_name = "Seraph Engine",
        .boss_health = 0.62f,
        .boss_phases_left = 3,
        .boss_timer = 27.45f,
        .spell_name = "Halo Sign \"Curtain of Stars\"",
    };
    sc->stats = (overlay_stats){.bullets = sc->bullets.count,
                                .capacity = 16384,
                                .refused = 0,
                                .phase_ms = {0.21, 0.35, 0.12, 1.48},
                                .method = "blit"};
    sc->scene = (frame_scene){
        .player = &sc->player,
        .bullets = &sc->bullets,
        .add_sprites = sample_sprites,
        .hud = &sc->hud,
        .fps = 60.0f,
    };
}

#endif
