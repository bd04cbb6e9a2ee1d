/* The geometry method on the GPU back ends (opengl, opengles2): the sample
 * screen drawn with one SDL_RenderGeometryRaw per layer must match what the
 * software renderer's blitter draws, and an arrowhead must point where it
 * heads. Runs without a display through SDL's offscreen video driver (EGL);
 * where no OpenGL can be had at all it reports itself skipped (exit 77), never
 * passed. */
#include "../check.h"
#include "gl_target.h"
#include "render/frame_view.h"
#include "sample_scene.h"
#include "sim/playfield.h"

#include <SDL_image.h>
#include <stdlib.h>

#define SKIPPED 77

typedef struct rgb {
    int r, g, b;
} rgb;

static rgb at(const Uint32 *px, int x, int y)
{
    Uint32 p = px[y * 640 + x];
    return (rgb){(int)(p >> 16) & 255, (int)(p >> 8) & 255, (int)p & 255};
}

/* Draws scene with method on r into its 640x480 target; pixels into out. */
static int draw(SDL_Renderer *r, const frame_scene *scene, int method, Uint32 *out)
{
    frame_view v;
    char err[256];
    frame_view_config cfg = {1, 4096, method};
    if (frame_view_init(&v, r, &cfg, err, sizeof err) != 0) {
        fprintf(stderr, "frame_view_init: %s\n", err);
        return -1;
    }
    SDL_SetRenderDrawColor(r, 0, 0, 0, 255);
    SDL_RenderClear(r);
    frame_view_draw(&v, scene);
    int rc = SDL_RenderReadPixels(r, NULL, SDL_PIXELFORMAT_ARGB8888, out, 640 * 4);
    frame_view_free(&v);
    return rc;
}

/* The software renderer's picture of the same scene, the reference. */
static void draw_reference(const frame_scene *scene, Uint32 *out)
{
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, 640, 480, 32, SDL_PIXELFORMAT_ARGB8888);
    SDL_Renderer *r = SDL_CreateSoftwareRenderer(s);
    CHECK(draw(r, scene, SPRITE_DRAW_BLIT, out) == 0);
    SDL_DestroyRenderer(r);
    SDL_FreeSurface(s);
}

/* Compares the field of two pictures: the same sprites in the same places. The
 * GPU turns sprites exactly and filters them, the blitter uses the nearest of 32
 * pre-turned frames on whole pixels, so edges differ a little; a misplaced,
 * mis-textured or mis-blended sprite differs a lot. */
static void compare_fields(const Uint32 *a, const Uint32 *b, const char *name)
{
    picture_diff d = picture_compare_field(a, b, 384);
    printf("%s vs software: mean difference %.2f, lit pixels %ld vs %ld\n", name, d.mean, d.lit_a,
           d.lit_b);
    CHECK(d.mean < 6.0);
    CHECK(d.lit_a > 3000);
    CHECK(labs(d.lit_a - d.lit_b) < d.lit_b / 10);
}

/* An arrowhead heading down: filled below its centre, open above. */
static void check_arrow(SDL_Renderer *r)
{
    static float x[1] = {200}, y[1] = {200}, c[1] = {0}, s[1] = {1};
    static uint8_t shape[1] = {BULLET_SHAPE_ARROW}, color[1] = {BULLET_COLOR_YELLOW};
    sprite_bullets b = {1, x, y, c, s, shape, color, NULL, NULL, 0, 0};
    frame_scene scene = {.bullets = &b, .fps = -1};
    static Uint32 px[640 * 480];
    CHECK(draw(r, &scene, SPRITE_DRAW_GEOMETRY, px) == 0);
    rgb ahead = at(px, FIELD_VIEW_X + 200, FIELD_VIEW_Y + 204);
    rgb behind = at(px, FIELD_VIEW_X + 200, FIELD_VIEW_Y + 196);
    CHECK(ahead.r + ahead.g + ahead.b > 360);
    CHECK(behind.r + behind.g + behind.b < 240);
}

int main(void)
{
    setenv("SDL_VIDEODRIVER", "offscreen", 0);
    if (SDL_Init(SDL_INIT_VIDEO) != 0) {
        printf("render.geometry: skipped: no video driver (%s)\n", SDL_GetError());
        return SKIPPED;
    }
    static sample_scene sc;
    sample_scene_init(&sc);
    static Uint32 reference[640 * 480], picture[640 * 480];
    draw_reference(&sc.scene, reference);
    int tried = 0;
    for (int i = 0; i < SDL_GetNumRenderDrivers(); i++) {
        gl_target t;
        if (gl_target_open(&t, i, 640, 480) <= 0)
            continue;
        tried++;
        CHECK(draw(t.renderer, &sc.scene, SPRITE_DRAW_GEOMETRY, picture) == 0);
        char name[64];
        snprintf(name, sizeof name, "geometry-%s.png", t.name);
        picture_save(picture, 640, 480, name);
        compare_fields(picture, reference, t.name);
        check_arrow(t.renderer);
        gl_target_close(&t);
    }
    SDL_Quit();
    if (tried == 0) {
        printf("render.geometry: skipped: no OpenGL renderer could be created\n");
        return SKIPPED;
    }
    return check_done("render.geometry");
}
