/*
 * looks (the renderer's side): a mod's art as the look of every object, from the
 * example's looks sheet (docs/examples/art/looks.png, 24_looks.pat): an enemy,
 * a boss, the ship and its options, the player's shots and enemy bullets (an
 * animated shape that turns) and an effect (faded, scaled, turned). Checked:
 * looks are found by name (art first, then the built-in sprites, whose ids are
 * the looks' own); an animation's frame follows the object's age, looping or
 * held; the bullet loops pick a bullet's frame from its birth frame on both
 * batch modes; the scene drawn by the blitter shows each look where it is,
 * allocating nothing per frame; and the same scene drawn with geometry on
 * OpenGL (where one can be had) matches the blitter's picture.
 *
 * usage: test_render.looks EXAMPLES_DIR
 */
#include "../check.h"
#include "core/mem.h"
#include "gl_target.h"
#include "render/atlas.h"
#include "render/bullet_view.h"
#include "render/frame_view.h"
#include "render/sprite_batch.h"
#include "sim/enemy_look.h"
#include "sim/look_anim.h"
#include "sim/playfield.h"

#include <math.h>
#include <string.h>

static char sheet_path[1024];
static const char *examples;

/* The example's shapes (24_looks.pat): name, frame, animation. */
enum {
    LANTERN,
    CRANE,
    ORBIT,
    FLAME,
    MOON,
    BURST,
    N_SHAPES
};
static const struct {
    const char *name;
    int x, y, w, h, turns, frames, every, once;
} shapes[N_SHAPES] = {
    {"lantern", 0, 0, 32, 32, 0, 4, 8, 0}, {"crane", 128, 0, 32, 32, 0, 2, 12, 0},
    {"orbit", 192, 0, 16, 16, 0, 4, 5, 0}, {"flame", 192, 16, 16, 16, 1, 4, 4, 0},
    {"moon", 0, 32, 64, 64, 0, 2, 30, 0},  {"burst", 128, 32, 32, 32, 0, 4, 5, 1},
};

static void looks_art(atlas_texture_art out[N_SHAPES])
{
    for (int k = 0; k < N_SHAPES; k++)
        out[k] = (atlas_texture_art){sheet_path,
                                     examples,
                                     shapes[k].x,
                                     shapes[k].y,
                                     shapes[k].w,
                                     shapes[k].h,
                                     shapes[k].turns,
                                     0,
                                     "24_looks.pat",
                                     (unsigned)k + 3,
                                     11,
                                     2,
                                     26,
                                     shapes[k].frames,
                                     shapes[k].every,
                                     shapes[k].once,
                                     shapes[k].name,
                                     0};
}

/* ---- the scene ---- */

#define N_BULLETS 24
static float bx[N_BULLETS], by[N_BULLETS], bc[N_BULLETS], bs[N_BULLETS];
static uint8_t bshape[N_BULLETS], bcolor[N_BULLETS];
static uint32_t bborn[N_BULLETS];
#define NOW 1000u

/* A row of flames (turning, animated) with ages 0, 1, 2, ... ticks. */
static sprite_bullets scene_bullets(void)
{
    for (int i = 0; i < N_BULLETS; i++) {
        float a = (float)i * 0.41f;
        bx[i] = 24.0f + (float)i * 14.0f;
        by[i] = 300.0f;
        bc[i] = cosf(a);
        bs[i] = sinf(a);
        bshape[i] = (uint8_t)(BULLET_SHAPE_COUNT + FLAME);
        bcolor[i] = BULLET_COLOR_RED;
        bborn[i] = NOW - (uint32_t)i * 3u;
    }
    return (sprite_bullets){N_BULLETS, bx, by,  bc,   bs,   bshape, bcolor, NULL,
                            bborn,     1,  NOW, NULL, NULL, NULL,   0};
}

/* The player's shots: flames going up, two of them. */
static float sx[2] = {180, 204}, sy[2] = {380, 380}, sc[2] = {0, 0}, ss[2] = {-1, -1};
static uint8_t sshape[2] = {BULLET_SHAPE_COUNT + FLAME, BULLET_SHAPE_COUNT + FLAME};
static uint8_t scolor[2] = {BULLET_COLOR_RED, BULLET_COLOR_RED};
static uint32_t sborn[2] = {NOW - 2, NOW - 9};

typedef struct scene {
    field_view *fv;
    int64_t age;
} scene;

/* The scene's objects into the field: a lantern enemy, the moon boss, an orbit
 * option and the shots; an effect (burst, half faded) and one at full opacity. */
static void add_objects(sprite_batch *batch, void *user)
{
    (void)batch;
    scene *s = user;
    field_view *fv = s->fv;
    field_view_add_look(fv, FIELD_LAYER_ENEMIES, atlas_look_by_name("lantern", -1), 0, s->age, 80,
                        100);
    field_view_add_look(fv, FIELD_LAYER_ENEMIES, atlas_look_by_name("moon", -1), 0, s->age, 250,
                        110);
    field_view_add_look(fv, FIELD_LAYER_PLAYER, atlas_look_by_name("orbit", -1), 0, s->age, 170,
                        420);
    sprite_bullets shots = {2,     sx, sy,  sc,   ss,   sshape, scolor, NULL,
                            sborn, 1,  NOW, NULL, NULL, NULL,   0};
    field_view_add_shots(fv, &shots);
    field_effect e = {atlas_look_by_name("burst", -1), 0, 6, 300, 200, 1.0f, 0.0f, 0.5f, 0};
    field_view_add_effect(fv, &e);
    field_effect glow = {atlas_look_by_name("lantern", -1), 0, 0, 330, 420, 1.0f, 0.0f, 1.0f, 1};
    field_view_add_effect(fv, &glow);
}

/* The ship: the crane, by its ship's look. */
static const library_ship *crane_ship(void)
{
    static library_ship ship;
    ship = *library_fallback_ship();
    ship.look = "crane";
    ship.option_look = "orbit";
    return &ship;
}

/* Draws the scene with method on r into out; frames > 1 draws it that many
 * times, counting allocations after the first. */
static int draw(SDL_Renderer *r, int method, Uint32 *out, int frames, uint64_t *allocs)
{
    frame_view v;
    char err[512];
    frame_view_config cfg = {1, 4096, method};
    if (frame_view_init(&v, r, &cfg, err, sizeof err) != 0) {
        fprintf(stderr, "frame_view_init: %s\n", err);
        return -1;
    }
    atlas_texture_art art[N_SHAPES];
    looks_art(art);
    int rc = frame_view_set_art(&v, art, N_SHAPES, err, sizeof err);
    if (rc != 0)
        fprintf(stderr, "frame_view_set_art: %s\n", err);
    sprite_bullets b = scene_bullets();
    player p = {.x = 192, .y = 440, .ship = crane_ship()};
    scene sc_ = {&v.field, 9};
    frame_scene fs = {.player = &p,
                      .bullets = &b,
                      .add_sprites = add_objects,
                      .user = &sc_,
                      .fps = -1,
                      .backdrop = -1};
    mem_stats before = {0};
    for (int f = 0; rc == 0 && f < frames; f++) {
        if (f == 1)
            before = mem_get_stats();
        v.field.last_player_x = p.x; /* level: frame 0 of the ship */
        SDL_SetRenderDrawColor(r, 0, 0, 0, 255);
        SDL_RenderClear(r);
        frame_view_draw(&v, &fs);
    }
    if (allocs)
        *allocs = mem_get_stats().allocs - before.allocs;
    if (rc == 0)
        rc = SDL_RenderReadPixels(r, NULL, SDL_PIXELFORMAT_ARGB8888, out, 640 * 4);
    frame_view_free(&v);
    return rc;
}

typedef struct rgb {
    int r, g, b;
} rgb;

static rgb at(const Uint32 *px, int x, int y)
{
    Uint32 p = px[(FIELD_VIEW_Y + y) * 640 + FIELD_VIEW_X + x];
    return (rgb){(int)(p >> 16) & 255, (int)(p >> 8) & 255, (int)p & 255};
}

/* ---- the tests ---- */

/* Names to looks, and frames to ages, with the art laid out. */
static void test_names_and_frames(void)
{
    atlas_art_spec spec[N_SHAPES];
    for (int k = 0; k < N_SHAPES; k++)
        spec[k] =
            (atlas_art_spec){shapes[k].w,     shapes[k].h,    shapes[k].turns, 0, shapes[k].frames,
                             shapes[k].every, shapes[k].once, shapes[k].name,  0};
    int failed = -1;
    CHECK(atlas_art_layout(spec, N_SHAPES, &failed) == 0);
    /* art by name; built-ins as their sprites (ids unchanged); unknown: fallback */
    CHECK_EQ_INT(atlas_look_by_name("lantern", -1), ATLAS_LOOK_ART + BULLET_SHAPE_COUNT + LANTERN);
    CHECK_EQ_INT(atlas_look_by_name("burst", -1), ATLAS_LOOK_ART + BULLET_SHAPE_COUNT + BURST);
    CHECK_EQ_INT(atlas_look_by_name("drone", -1), ATLAS_SPRITE_ENEMY_DRONE);
    CHECK_EQ_INT(atlas_look_by_name("boss", -1), ATLAS_SPRITE_BOSS);
    CHECK_EQ_INT(atlas_look_by_name("nosuch", -5), -5);
    CHECK(atlas_look_is_art(atlas_look_by_name("crane", -1)));
    CHECK(!atlas_look_is_art(ATLAS_SPRITE_BOSS));
    CHECK(atlas_look_turns(atlas_look_by_name("flame", -1)));
    CHECK(!atlas_look_turns(atlas_look_by_name("moon", -1)));
    /* a sprite look's frame k is the sprite's */
    CHECK_EQ_INT(atlas_look_frame(ATLAS_SPRITE_ENEMY_WISP, 3, 999, 0),
                 atlas_sprite_frame(ATLAS_SPRITE_ENEMY_WISP, 3));
    /* the lantern loops: 8 ticks a frame over 4 frames */
    int lantern = atlas_look_by_name("lantern", -1), s = BULLET_SHAPE_COUNT + LANTERN;
    CHECK_EQ_INT(atlas_look_frame(lantern, 0, 0, 0), atlas_art_frame(s, 0, 0));
    CHECK_EQ_INT(atlas_look_frame(lantern, 0, 7, 0), atlas_art_frame(s, 0, 0));
    CHECK_EQ_INT(atlas_look_frame(lantern, 0, 8, 0), atlas_art_frame(s, 1, 0));
    CHECK_EQ_INT(atlas_look_frame(lantern, 0, 31, 0), atlas_art_frame(s, 3, 0));
    CHECK_EQ_INT(atlas_look_frame(lantern, 0, 32, 0), atlas_art_frame(s, 0, 0));
    CHECK(atlas_art_frame(s, 1, 0) != atlas_art_frame(s, 0, 0));
    /* the burst plays once and holds its last frame */
    int burst = atlas_look_by_name("burst", -1), sb = BULLET_SHAPE_COUNT + BURST;
    CHECK_EQ_INT(atlas_look_frame(burst, 0, 14, 0), atlas_art_frame(sb, 2, 0));
    CHECK_EQ_INT(atlas_look_frame(burst, 0, 15, 0), atlas_art_frame(sb, 3, 0));
    CHECK_EQ_INT(atlas_look_frame(burst, 0, 100000, 0), atlas_art_frame(sb, 3, 0));
    CHECK_EQ_INT(atlas_look_frame(burst, 0, -5, 0), atlas_art_frame(sb, 0, 0));
    /* the flame turns: each animation frame has its 32 turned ones */
    int sf = BULLET_SHAPE_COUNT + FLAME;
    CHECK_EQ_INT(atlas_art_frame(sf, 1, 0) - atlas_art_frame(sf, 0, 0), ATLAS_ANGLE_STEPS);
    CHECK_EQ_INT(atlas_art_frame(sf, 2, 5), atlas_art_frame(sf, 0, 0) + 2 * ATLAS_ANGLE_STEPS + 5);
    CHECK_EQ_INT(atlas_art_anim_stride(sf), ATLAS_ANGLE_STEPS);
    CHECK_EQ_INT(atlas_art_anim_stride(s), 1);
    /* the shared rule */
    CHECK_EQ_INT(look_anim_frame(4, 8, 0, 33), 0);
    CHECK_EQ_INT(look_anim_frame(4, 5, 1, 33), 3);
    CHECK_EQ_INT(look_anim_frame(1, 5, 0, 33), 0);
    CHECK_EQ_INT(look_anim_frame(4, 0, 0, 33), 0);
    atlas_art_clear();
}

/* The bullet loops pick a bullet's animation frame from its age, in both
 * modes, with and without a draw order, and on the slow path (a full layer). */
static void test_batch_frames(void)
{
    atlas_art_spec spec[N_SHAPES];
    for (int k = 0; k < N_SHAPES; k++)
        spec[k] =
            (atlas_art_spec){shapes[k].w,     shapes[k].h,    shapes[k].turns, 0, shapes[k].frames,
                             shapes[k].every, shapes[k].once, shapes[k].name,  0};
    int failed = -1;
    CHECK(atlas_art_layout(spec, N_SHAPES, &failed) == 0);
    int s = BULLET_SHAPE_COUNT + LANTERN; /* upright, 4 frames of 8 ticks */
    static float x[4] = {50, 60, 70, 80}, y[4] = {50, 50, 50, 50};
    static uint8_t shape[4], color[4];
    static uint32_t born[4] = {NOW, NOW - 8, NOW - 17, NOW - 31};
    static const uint32_t order[5] = {0, SPRITE_BULLETS_SKIP, 1, 2, 3};
    for (int i = 0; i < 4; i++)
        shape[i] = (uint8_t)s;
    const int want[4] = {0, 1, 2, 3};
    sprite_layer_spec layers[2] = {{SPRITE_BLEND_ALPHA, 8}, {SPRITE_BLEND_ADD, 8}};
    for (int mode = 0; mode < 2; mode++)
        for (int ordered = 0; ordered < 2; ordered++) {
            sprite_batch b;
            CHECK(sprite_batch_init(&b, mode ? SPRITE_BATCH_RECTS : SPRITE_BATCH_VERTICES, layers,
                                    2) == 0);
            CHECK(b.any_animated);
            sprite_bullets in = {ordered ? 5 : 4,
                                 x,
                                 y,
                                 NULL,
                                 NULL,
                                 shape,
                                 color,
                                 ordered ? order : NULL,
                                 born,
                                 1,
                                 NOW,
                                 NULL,
                                 NULL,
                                 NULL,
                                 0};
            sprite_batch_add_bullets(&b, &in, 0, 1);
            CHECK_EQ_INT(b.layers[0].count, 4);
            for (int i = 0; i < 4 && b.layers[0].count == 4; i++) {
                atlas_rect r = atlas_frame_rect(atlas_art_frame(s, want[i], 0));
                if (mode) {
                    CHECK_EQ_INT(b.layers[0].rects[i].frame, atlas_art_frame(s, want[i], 0));
                } else {
                    float u0 = b.layers[0].vertices[16 * i + 2];
                    float v0 = b.layers[0].vertices[16 * i + 3];
                    CHECK(fabsf(u0 - (float)r.x / (float)atlas_width()) < 1e-6f);
                    CHECK(fabsf(v0 - (float)r.y / (float)atlas_height()) < 1e-6f);
                }
            }
            /* without birth frames: every bullet shows frame 0 */
            sprite_batch_clear(&b);
            in.born = NULL;
            sprite_batch_add_bullets(&b, &in, 0, 1);
            if (mode)
                CHECK_EQ_INT(b.layers[0].rects[3].frame, atlas_art_frame(s, 0, 0));
            sprite_batch_free(&b);
        }
    /* the slow path: the fast loop has room for one (the smaller layer's), the
     * one-by-one path takes the next, animated, and refuses the rest */
    sprite_layer_spec small[2] = {{SPRITE_BLEND_ALPHA, 3}, {SPRITE_BLEND_ADD, 1}};
    sprite_batch b;
    CHECK(sprite_batch_init(&b, SPRITE_BATCH_RECTS, small, 2) == 0);
    sprite_bullets in = {4,    x, y,   NULL, NULL, shape, color, NULL,
                         born, 1, NOW, NULL, NULL, NULL,  0};
    sprite_batch_add(&b, 0, 0, 0, 0, 1, 0);
    sprite_batch_add_bullets(&b, &in, 0, 1);
    CHECK_EQ_INT(b.layers[0].count, 3);
    CHECK_EQ_INT(b.layers[0].rects[1].frame, atlas_art_frame(s, 0, 0));
    CHECK_EQ_INT(b.layers[0].rects[2].frame, atlas_art_frame(s, 1, 0));
    CHECK_EQ_U64(b.refused, 2);
    sprite_batch_free(&b);
    atlas_art_clear();
}

static SDL_Renderer *software(SDL_Surface **s)
{
    *s = SDL_CreateRGBSurfaceWithFormat(0, 640, 480, 32, SDL_PIXELFORMAT_ARGB8888);
    return SDL_CreateSoftwareRenderer(*s);
}

/* The blitter's picture: each look where it is; nothing allocated per frame. */
static void test_blitter(Uint32 *reference)
{
    SDL_Surface *s;
    SDL_Renderer *r = software(&s);
    uint64_t allocs = 99;
    CHECK(draw(r, SPRITE_DRAW_BLIT, reference, 30, &allocs) == 0);
    CHECK_EQ_U64(allocs, 0);
    picture_save(reference, 640, 480, "looks-software.png");
    rgb lantern = at(reference, 80 - 8, 100 + 4); /* the red paper beside its flame */
    CHECK(lantern.r > 150 && lantern.g < 90 && lantern.b < 90);
    rgb face = at(reference, 250, 110 - 7); /* the moon's pale face */
    CHECK(face.r > 200 && face.g > 200 && face.b > 180);
    rgb crane = at(reference, 192, 440); /* the crane's white body */
    CHECK(crane.r > 200 && crane.g > 200 && crane.b > 200);
    rgb bead = at(reference, 170 + 5, 420); /* the orbit's bead: frame 1 (age 9), at its right */
    CHECK(bead.r > 200 && bead.g > 200 && bead.b > 200);
    rgb flame = at(reference, 24, 300); /* the first flame, frame 0, facing +x */
    CHECK(flame.r > 200 && flame.g > 100);
    rgb shot = at(reference, 180, 380); /* a shot: a flame, lit */
    CHECK(shot.r > 150);
    /* the half-faded burst (age 6: frame 1, ring radius 7.5) is dimmer than the
     * same ring drawn whole would be, but there */
    rgb ring = at(reference, 300 + 7, 200);
    CHECK(ring.r > 40 && ring.r < 200);
    SDL_DestroyRenderer(r);
    SDL_FreeSurface(s);
}

/* The geometry path on OpenGL, where it can be had, against the blitter. */
static void test_geometry(const Uint32 *reference)
{
    static Uint32 picture[640 * 480];
    int tried = 0;
    for (int i = 0; i < SDL_GetNumRenderDrivers(); i++) {
        gl_target t;
        if (gl_target_open(&t, i, 640, 480) <= 0)
            continue;
        tried++;
        CHECK(draw(t.renderer, SPRITE_DRAW_GEOMETRY, picture, 1, NULL) == 0);
        char name[64];
        snprintf(name, sizeof name, "looks-%s.png", t.name);
        picture_save(picture, 640, 480, name);
        picture_diff d = picture_compare_field(picture, reference, 300);
        printf("%s vs software: mean difference %.2f, lit pixels %ld vs %ld\n", t.name, d.mean,
               d.lit_a, d.lit_b);
        CHECK(d.mean < 3.0);
        CHECK(d.lit_b > 1000);
        CHECK(labs(d.lit_a - d.lit_b) < d.lit_b / 10);
        if (gl_sprites_supported(t.renderer)) {
            /* the instanced path: the animated bullets' frames from the look
             * table's offsets, the same picture as geometry's */
            static Uint32 instanced[640 * 480];
            CHECK(draw(t.renderer, SPRITE_DRAW_INSTANCED, instanced, 1, NULL) == 0);
            picture_diff e = picture_compare_field(instanced, picture, 300);
            printf("%s instanced vs geometry: mean difference %.3f, lit pixels %ld vs %ld\n",
                   t.name, e.mean, e.lit_a, e.lit_b);
            CHECK(e.mean < 0.5);
            CHECK(labs(e.lit_a - e.lit_b) < e.lit_b / 100 + 8);
        }
        gl_target_close(&t);
    }
    if (!tried)
        printf("render.looks: the geometry comparison was not run: no OpenGL here\n");
}

/* The built-in looks keep their names and ids: replays and mods name them. */
static void test_builtin_ids(void)
{
    static const char *const enemy[] = {"drone",  "spinner", "wisp",   "turret", "crystal", "boss",
                                        "moth",   "spirit",  "lotus",  "cog",    "bird",    "bell",
                                        "minamo", "tokine",  "suiren", "zenmai"};
    CHECK_EQ_INT(ENEMY_LOOK_COUNT, (int)(sizeof enemy / sizeof *enemy));
    for (int i = 0; i < ENEMY_LOOK_COUNT; i++) {
        CHECK(strcmp(enemy_look_names[i], enemy[i]) == 0);
        CHECK_EQ_INT(enemy_look_by_name(enemy[i]), i);
    }
    CHECK_EQ_INT(SHIP_LOOK_COUNT, 3);
    CHECK(strcmp(ship_look_names[SHIP_LOOK_PLAYER], "player") == 0);
    CHECK(strcmp(ship_look_names[SHIP_LOOK_HERON], "player_heron") == 0);
    CHECK(strcmp(ship_look_names[SHIP_LOOK_SWALLOW], "player_swallow") == 0);
    CHECK(strcmp(option_look_names[0], "option") == 0);
    CHECK(strcmp(option_look_names[1], "option_swallow") == 0);
    /* their sprites, as before art existed */
    CHECK_EQ_INT(atlas_look_by_name("drone", -1), ATLAS_SPRITE_ENEMY_DRONE);
    CHECK_EQ_INT(atlas_look_by_name("zenmai", -1), ATLAS_SPRITE_ZENMAI);
    CHECK_EQ_INT(atlas_look_by_name("player_heron", -1), ATLAS_SPRITE_PLAYER_HERON);
    CHECK_EQ_INT(atlas_look_by_name("option", -1), ATLAS_SPRITE_OPTION);
    CHECK_EQ_INT(atlas_look_by_name("player_swallow", -1), ATLAS_SPRITE_PLAYER_SWALLOW);
    CHECK_EQ_INT(atlas_look_by_name("option_swallow", -1), ATLAS_SPRITE_OPTION_SWALLOW);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s EXAMPLES_DIR\n", argv[0]);
        return 2;
    }
    examples = argv[1];
    snprintf(sheet_path, sizeof sheet_path, "%s/art/looks.png", examples);
    setenv("SDL_VIDEODRIVER", "offscreen", 0);
    CHECK(SDL_Init(SDL_INIT_VIDEO) == 0);
    test_builtin_ids();
    test_names_and_frames();
    test_batch_frames();
    static Uint32 reference[640 * 480];
    test_blitter(reference);
    test_geometry(reference);
    SDL_Quit();
    return check_done("render.looks");
}
