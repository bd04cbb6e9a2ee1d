/* Styled bullets (scale, alpha, additive: sprite_bullets.scale) on every
 * drawing path: the sample screen with a third of its bullets styled, drawn by
 * the blitter (the reference), by SDL's copies on the software renderer, and
 * on each OpenGL back end by the geometry and the instanced methods (the
 * instanced one draws a styled frame through the batch), must match; and the
 * styles must show: a bullet drawn twice its size lights pixels its plain
 * size does not, a faded one is dimmer, an additive one adds its light.
 * Without OpenGL the GPU half is skipped and said so; the rest still runs.
 * A styled frame of the player's shots keeps the Options' shot opacity
 * (field_look.shot_opacity) on the software paths: its styled shot and its
 * plain shot sprite are dimmer at 30% than at 100%. */
#include "../check.h"
#include "gl_target.h"
#include "render/frame_view.h"
#include "sample_scene.h"
#include "sim/bullet_pool.h"
#include "sim/playfield.h"

#include <stdlib.h>

static float scale[SAMPLE_MAX];
static uint8_t alpha[SAMPLE_MAX], flags[SAMPLE_MAX];

/* Three marked bullets at known places, plus every third of the sample styled. */
enum {
    BIG_X = 240, /* an orb 2.5 times its size */
    BIG_Y = 345,
    FADED_X = 280, /* a large orb at a quarter opacity */
    FADED_Y = 345,
    GLOW_X = 350, /* a large orb, additive */
    GLOW_Y = 345,
};

static void style_scene(sample_scene *sc, int styled)
{
    int first = sc->bullets.count;
    sample_bullet(sc, BIG_X, BIG_Y, 0, BULLET_SHAPE_ORB, BULLET_COLOR_RED);
    sample_bullet(sc, FADED_X, FADED_Y, 0, BULLET_SHAPE_ORB_LARGE, BULLET_COLOR_GREEN);
    sample_bullet(sc, GLOW_X, GLOW_Y, 0, BULLET_SHAPE_ORB_LARGE, BULLET_COLOR_BLUE);
    for (int i = 0; i < sc->bullets.count; i++) {
        scale[i] = 1.0f;
        alpha[i] = 255;
        flags[i] = 0;
        if (i < first && i % 3 == 0) {
            scale[i] = 0.5f + (float)(i % 4) * 0.5f;
            alpha[i] = (uint8_t)(96 + i % 160);
            flags[i] = i % 2 ? BULLET_FLAG_ADDITIVE : 0;
        }
    }
    scale[first] = 2.5f;
    alpha[first + 1] = 64;
    flags[first + 2] = BULLET_FLAG_ADDITIVE;
    if (styled) {
        sc->bullets.scale = scale;
        sc->bullets.alpha = alpha;
        sc->bullets.flags = flags;
        sc->bullets.additive_flag = BULLET_FLAG_ADDITIVE;
    }
}

static int lit(gl_rgb p)
{
    return p.r + p.g + p.b;
}

/* What the styles do, on one picture against the same scene drawn plain. */
static void check_styles_show(const Uint32 *styled, const Uint32 *plain, const char *name)
{
    /* an orb is 16 px across: 12 px out is lit only at 2.5 times the size */
    gl_rgb big = gl_rgb_at(styled, FIELD_VIEW_X + BIG_X + 12, FIELD_VIEW_Y + BIG_Y);
    gl_rgb small = gl_rgb_at(plain, FIELD_VIEW_X + BIG_X + 12, FIELD_VIEW_Y + BIG_Y);
    gl_rgb faded = gl_rgb_at(styled, FIELD_VIEW_X + FADED_X, FIELD_VIEW_Y + FADED_Y);
    gl_rgb whole = gl_rgb_at(plain, FIELD_VIEW_X + FADED_X, FIELD_VIEW_Y + FADED_Y);
    printf("%s: 12 px out of the orb %d (plain %d); faded centre %d (plain %d)\n", name, lit(big),
           lit(small), lit(faded), lit(whole));
    CHECK(lit(big) > lit(small) + 150);
    CHECK(lit(faded) + 150 < lit(whole));
    picture_diff d = picture_compare_field(styled, plain, 384);
    CHECK(d.mean > 0.3); /* a third of the bullets look otherwise */
}

/* The player's shots of the shot-opacity check: a styled shot (a rice 1.5
 * times its size) and a plain shot sprite, through the scene's sprite hook. */
enum {
    STYLED_SHOT_X = 100,
    PLAIN_SHOT_X = 160,
    SHOT_Y = 200,
};

static void shot_sprites(sprite_batch *b, void *user)
{
    (void)user;
    static const float x[1] = {STYLED_SHOT_X}, y[1] = {SHOT_Y}, sc[1] = {1.5f};
    static const uint8_t shape[1] = {BULLET_SHAPE_RICE}, color[1] = {BULLET_COLOR_RED},
                         a[1] = {255}, fl[1] = {0};
    sprite_bullets shots = {.count = 1, .x = x, .y = y, .shape = shape, .color = color};
    shots.scale = sc;
    shots.alpha = a;
    shots.flags = fl;
    sprite_batch_add(b, FIELD_LAYER_SHOTS, atlas_sprite_frame(ATLAS_SPRITE_SHOT_MAIN, 0),
                     PLAIN_SHOT_X, SHOT_Y, 1.0f, 0.0f);
    sprite_batch_add_bullets(b, &shots, FIELD_LAYER_SHOTS, FIELD_LAYER_SHOTS);
}

/* The light summed over a 9x9 square around (x, y) of the field. */
static long lit_around(const Uint32 *px, int x, int y)
{
    long sum = 0;
    for (int dy = -4; dy <= 4; dy++)
        for (int dx = -4; dx <= 4; dx++)
            sum += lit(gl_rgb_at(px, FIELD_VIEW_X + x + dx, FIELD_VIEW_Y + y + dy));
    return sum;
}

/* gl_draw_scene with the shots at `percent` opacity (the Options' setting). */
static int draw_shots(SDL_Renderer *r, int method, int percent, Uint32 *out)
{
    frame_scene scene = {.add_sprites = shot_sprites, .backdrop = -1};
    frame_view v;
    char err[256];
    frame_view_config cfg = {1, 4096, method};
    if (frame_view_init(&v, r, &cfg, err, sizeof err) != 0)
        return -1;
    v.field.look.shot_opacity = percent;
    SDL_SetRenderDrawColor(r, 0, 0, 0, 255);
    SDL_RenderClear(r);
    frame_view_draw(&v, &scene);
    int rc = SDL_RenderReadPixels(r, NULL, SDL_PIXELFORMAT_ARGB8888, out, 640 * 4);
    int drew = (int)v.method;
    frame_view_free(&v);
    return rc == 0 ? drew : -1;
}

/* On each software path, both shots of a styled frame fade with the setting. */
static void check_shot_opacity(void)
{
    static Uint32 whole[640 * 480], faint[640 * 480];
    static const sprite_draw_method methods[] = {SPRITE_DRAW_BLIT, SPRITE_DRAW_COPY,
                                                 SPRITE_DRAW_GEOMETRY};
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, 640, 480, 32, SDL_PIXELFORMAT_ARGB8888);
    SDL_Renderer *soft = SDL_CreateSoftwareRenderer(s);
    for (size_t m = 0; m < sizeof methods / sizeof methods[0]; m++) {
        int drew = draw_shots(soft, methods[m], 100, whole);
        if (drew != (int)methods[m]) {
            printf("shot opacity: %s not available here\n", sprite_draw_method_name(methods[m]));
            continue;
        }
        CHECK(draw_shots(soft, methods[m], 30, faint) == drew);
        char file[96];
        snprintf(file, sizeof file, "styles-shots-30-%s.png", sprite_draw_method_name(methods[m]));
        picture_save(faint, 640, 480, file);
        long styled100 = lit_around(whole, STYLED_SHOT_X, SHOT_Y);
        long styled30 = lit_around(faint, STYLED_SHOT_X, SHOT_Y);
        long plain100 = lit_around(whole, PLAIN_SHOT_X, SHOT_Y);
        long plain30 = lit_around(faint, PLAIN_SHOT_X, SHOT_Y);
        printf("shot opacity, %s: styled shot %ld at 100%%, %ld at 30%%; plain %ld, %ld\n",
               sprite_draw_method_name(methods[m]), styled100, styled30, plain100, plain30);
        CHECK(styled100 > 1000 && plain100 > 1000);
        CHECK(2 * styled30 < styled100);
        CHECK(2 * plain30 < plain100);
    }
    SDL_DestroyRenderer(soft);
    SDL_FreeSurface(s);
}

int main(void)
{
    setenv("SDL_VIDEODRIVER", "offscreen", 0);
    static sample_scene styled_sc, plain_sc;
    sample_scene_init(&styled_sc);
    style_scene(&styled_sc, 1);
    sample_scene_init(&plain_sc);
    style_scene(&plain_sc, 0);
    static Uint32 reference[640 * 480], plain[640 * 480], picture[640 * 480];
    gl_draw_reference(&styled_sc.scene, reference);
    gl_draw_reference(&plain_sc.scene, plain);
    picture_save(reference, 640, 480, "styles-blit.png");
    check_styles_show(reference, plain, "blit");

    /* SDL's copies on the software renderer: scaled by SDL, faded by alpha mod */
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, 640, 480, 32, SDL_PIXELFORMAT_ARGB8888);
    SDL_Renderer *soft = SDL_CreateSoftwareRenderer(s);
    CHECK(gl_draw_scene(soft, &styled_sc.scene, SPRITE_DRAW_COPY, picture) == SPRITE_DRAW_COPY);
    picture_save(picture, 640, 480, "styles-copy.png");
    gl_compare_with_blitter(picture, reference, "copy");
    CHECK(gl_draw_scene(soft, &plain_sc.scene, SPRITE_DRAW_COPY, plain) == SPRITE_DRAW_COPY);
    check_styles_show(picture, plain, "copy");
    SDL_DestroyRenderer(soft);
    SDL_FreeSurface(s);

    int tried = 0;
    if (SDL_Init(SDL_INIT_VIDEO) == 0) {
        for (int i = 0; i < SDL_GetNumRenderDrivers(); i++) {
            gl_target t;
            if (gl_target_open(&t, i, 640, 480) <= 0)
                continue;
            tried++;
            static const sprite_draw_method methods[] = {SPRITE_DRAW_GEOMETRY,
                                                         SPRITE_DRAW_INSTANCED};
            for (size_t m = 0; m < sizeof methods / sizeof methods[0]; m++) {
                int drew = gl_draw_scene(t.renderer, &styled_sc.scene, methods[m], picture);
                if (drew != (int)methods[m]) {
                    printf("%s: %s not available here\n", t.name,
                           sprite_draw_method_name(methods[m]));
                    continue;
                }
                char name[96];
                snprintf(name, sizeof name, "%s %s", t.name, sprite_draw_method_name(methods[m]));
                char file[128];
                snprintf(file, sizeof file, "styles-%s-%s.png", t.name,
                         sprite_draw_method_name(methods[m]));
                picture_save(picture, 640, 480, file);
                gl_compare_with_blitter(picture, reference, name);
                CHECK(gl_draw_scene(t.renderer, &plain_sc.scene, methods[m], plain) == drew);
                check_styles_show(picture, plain, name);
            }
            gl_target_close(&t);
        }
        SDL_Quit();
    }
    if (tried == 0)
        printf("render.styles: no OpenGL renderer: the GPU paths were not checked\n");
    check_shot_opacity();
    return check_done("render.styles");
}
