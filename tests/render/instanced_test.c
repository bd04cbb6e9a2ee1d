/* The instanced OpenGL path (render/gl_sprites): the sample screen with its
 * bullets drawn from 16-byte instances, one instanced draw per layer, must
 * match what the software renderer's blitter draws and what the geometry path
 * draws on the same context; everything SDL draws after it (the HUD) must be
 * untouched by it (the GL state it borrowed put back); an arrowhead must point
 * where it heads. Both into a target texture, as the game draws, and into the
 * window itself. Runs without a display through SDL's offscreen video driver
 * (EGL, Mesa's llvmpipe on a machine without a GPU); where no OpenGL 3.3
 * context can be had it reports itself skipped (exit 77), never passed. */
#include "../check.h"
#include "gl_target.h"
#include "render/frame_view.h"
#include "sample_scene.h"
#include "sim/playfield.h"

#include <SDL_image.h>
#include <stdlib.h>

#define SKIPPED 77

/* The field against the geometry path's on the same context: the same quads
 * from the same numbers, so nearly the same pixels (the heading is rounded to
 * 16 bits and the quads split along the other diagonal). */
static void compare_with_geometry(const Uint32 *a, const Uint32 *b, const char *name)
{
    picture_diff d = picture_compare_field(a, b, 384);
    printf("%s instanced vs geometry: mean difference %.3f, lit pixels %ld vs %ld\n", name, d.mean,
           d.lit_a, d.lit_b);
    CHECK(d.mean < 0.5);
    CHECK(labs(d.lit_a - d.lit_b) < d.lit_b / 100 + 8);
}

/* Outside the field (the panel, the HUD drawn by SDL after the bullets) the
 * two pictures are the same pixels: the GL state the path borrowed was put
 * back. Returns how many pixels differ by more than 2 in a channel. */
static long outside_field_differences(const Uint32 *a, const Uint32 *b)
{
    long n = 0;
    for (int y = 0; y < 480; y++)
        for (int x = 0; x < 640; x++) {
            if (x >= FIELD_VIEW_X && x < FIELD_VIEW_X + (int)PLAYFIELD_W && y >= FIELD_VIEW_Y &&
                y < FIELD_VIEW_Y + (int)PLAYFIELD_H)
                continue;
            gl_rgb p = gl_rgb_at(a, x, y), q = gl_rgb_at(b, x, y);
            n += abs(p.r - q.r) > 2 || abs(p.g - q.g) > 2 || abs(p.b - q.b) > 2;
        }
    return n;
}

/* An arrowhead heading down: filled below its centre, open above. */
static void check_arrow(SDL_Renderer *r)
{
    static float x[1] = {200}, y[1] = {200}, c[1] = {0}, s[1] = {1};
    static uint8_t shape[1] = {BULLET_SHAPE_ARROW}, color[1] = {BULLET_COLOR_YELLOW};
    sprite_bullets b = {1, x, y, c, s, shape, color, NULL, NULL, 0, 0, NULL, NULL, NULL, 0};
    frame_scene scene = {.bullets = &b, .fps = -1};
    static Uint32 px[640 * 480];
    CHECK(gl_draw_scene(r, &scene, SPRITE_DRAW_INSTANCED, px) == SPRITE_DRAW_INSTANCED);
    gl_rgb ahead = gl_rgb_at(px, FIELD_VIEW_X + 200, FIELD_VIEW_Y + 204);
    gl_rgb behind = gl_rgb_at(px, FIELD_VIEW_X + 200, FIELD_VIEW_Y + 196);
    CHECK(ahead.r + ahead.g + ahead.b > 360);
    CHECK(behind.r + behind.g + behind.b < 240);
}

int main(void)
{
    setenv("SDL_VIDEODRIVER", "offscreen", 0);
    if (SDL_Init(SDL_INIT_VIDEO) != 0) {
        printf("render.instanced: skipped: no video driver (%s)\n", SDL_GetError());
        return SKIPPED;
    }
    static sample_scene sc;
    sample_scene_init(&sc);
    static Uint32 reference[640 * 480], picture[640 * 480], geometry[640 * 480];
    gl_draw_reference(&sc.scene, reference);
    int tried = 0;
    for (int i = 0; i < SDL_GetNumRenderDrivers(); i++) {
        gl_target t;
        if (gl_target_open(&t, i, 640, 480) <= 0)
            continue;
        if (!gl_sprites_supported(t.renderer)) {
            printf("%s: no OpenGL 3.3 here (%s)\n", t.name, sprite_draw_gl_renderer());
            gl_target_close(&t);
            continue;
        }
        tried++;
        printf("%s: %s\n", t.name, sprite_draw_gl_renderer());
        CHECK(gl_draw_scene(t.renderer, &sc.scene, SPRITE_DRAW_INSTANCED, picture) ==
              SPRITE_DRAW_INSTANCED);
        CHECK(gl_draw_scene(t.renderer, &sc.scene, SPRITE_DRAW_GEOMETRY, geometry) ==
              SPRITE_DRAW_GEOMETRY);
        char name[64];
        snprintf(name, sizeof name, "instanced-%s.png", t.name);
        picture_save(picture, 640, 480, name);
        gl_compare_with_blitter(picture, reference, t.name);
        compare_with_geometry(picture, geometry, t.name);
        long outside = outside_field_differences(picture, geometry);
        printf("%s: %ld pixels outside the field differ from the geometry path's\n", t.name,
               outside);
        CHECK(outside == 0);
        check_arrow(t.renderer);
        /* the window itself, no target texture: GL's rows the other way up */
        SDL_SetRenderTarget(t.renderer, NULL);
        CHECK(gl_draw_scene(t.renderer, &sc.scene, SPRITE_DRAW_INSTANCED, picture) ==
              SPRITE_DRAW_INSTANCED);
        CHECK(gl_draw_scene(t.renderer, &sc.scene, SPRITE_DRAW_GEOMETRY, geometry) ==
              SPRITE_DRAW_GEOMETRY);
        printf("%s, drawn into the window:\n", t.name);
        snprintf(name, sizeof name, "instanced-%s-window.png", t.name);
        picture_save(picture, 640, 480, name);
        snprintf(name, sizeof name, "geometry-%s-window.png", t.name);
        picture_save(geometry, 640, 480, name);
        gl_compare_with_blitter(picture, reference, t.name);
        compare_with_geometry(picture, geometry, t.name);
        CHECK(outside_field_differences(picture, geometry) == 0);
        gl_target_close(&t);
    }
    SDL_Quit();
    if (tried == 0) {
        printf("render.instanced: skipped: no OpenGL 3.3 context could be made\n");
        return SKIPPED;
    }
    return check_done("render.instanced");
}
