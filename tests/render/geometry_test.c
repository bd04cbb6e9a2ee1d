/* The geometry method on the GPU back ends (opengl, opengles2): the sample
 * screen drawn with one SDL_RenderGeometryRaw per layer must match what the
 * software renderer's blitter draws, and an arrowhead must point where it
 * heads. Runs without a display through SDL's offscreen video driver (EGL);
 * where no OpenGL can be had at all it reports itself skipped (exit 77), never
 * passed. */
#include "../check.h"
#include "render/frame_view.h"
#include "sample_scene.h"
#include "sim/playfield.h"

#include <SDL_image.h>
#include <stdlib.h>

#ifndef SCREENSHOT_DIR
#define SCREENSHOT_DIR "."
#endif

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

static void save(const Uint32 *px, const char *name)
{
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormatFrom((void *)px, 640, 480, 32, 640 * 4,
                                                        SDL_PIXELFORMAT_ARGB8888);
    char path[512];
    snprintf(path, sizeof path, "%s/%s", SCREENSHOT_DIR, name);
    IMG_SavePNG(s, path);
    SDL_FreeSurface(s);
}

/* Compares the field of two pictures: the same sprites in the same places. The
 * GPU turns sprites exactly and filters them, the blitter uses the nearest of 32
 * pre-turned frames on whole pixels, so edges differ a little; a misplaced,
 * mis-textured or mis-blended sprite differs a lot. */
static void compare_fields(const Uint32 *a, const Uint32 *b, const char *name)
{
    double total = 0;
    long lit_a = 0, lit_b = 0;
    for (int y = FIELD_VIEW_Y; y < FIELD_VIEW_Y + (int)PLAYFIELD_H; y++) {
        for (int x = FIELD_VIEW_X; x < FIELD_VIEW_X + (int)PLAYFIELD_W; x++) {
            rgb p = at(a, x, y), q = at(b, x, y);
            total += abs(p.r - q.r) + abs(p.g - q.g) + abs(p.b - q.b);
            lit_a += p.r + p.g + p.b > 384;
            lit_b += q.r + q.g + q.b > 384;
        }
    }
    double mean = total / (PLAYFIELD_W * PLAYFIELD_H);
    printf("%s vs software: mean difference %.2f, lit pixels %ld vs %ld\n", name, mean, lit_a,
           lit_b);
    CHECK(mean < 6.0);
    CHECK(lit_a > 3000);
    CHECK(labs(lit_a - lit_b) < lit_b / 10);
}

/* An arrowhead heading down: filled below its centre, open above. */
static void check_arrow(SDL_Renderer *r)
{
    static float x[1] = {200}, y[1] = {200}, c[1] = {0}, s[1] = {1};
    static uint8_t shape[1] = {BULLET_SHAPE_ARROW}, color[1] = {BULLET_COLOR_YELLOW};
    sprite_bullets b = {1, x, y, c, s, shape, color, NULL};
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
        SDL_RendererInfo info;
        SDL_GetRenderDriverInfo(i, &info);
        if (SDL_strncmp(info.name, "opengl", 6) != 0)
            continue;
        SDL_Window *w =
            SDL_CreateWindow("curtain test", 0, 0, 640, 480, SDL_WINDOW_HIDDEN | SDL_WINDOW_OPENGL);
        SDL_SetHint(SDL_HINT_RENDER_BATCHING, "1");
        SDL_Renderer *r = w ? SDL_CreateRenderer(w, i, 0) : NULL;
        SDL_Texture *target =
            r ? SDL_CreateTexture(r, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_TARGET, 640, 480)
              : NULL;
        if (!target) {
            printf("%s: not available here (%s)\n", info.name, SDL_GetError());
        } else {
            tried++;
            SDL_SetRenderTarget(r, target);
            CHECK(draw(r, &sc.scene, SPRITE_DRAW_GEOMETRY, picture) == 0);
            char name[64];
            snprintf(name, sizeof name, "geometry-%s.png", info.name);
            save(picture, name);
            compare_fields(picture, reference, info.name);
            check_arrow(r);
            SDL_DestroyTexture(target);
        }
        if (r)
            SDL_DestroyRenderer(r);
        if (w)
            SDL_DestroyWindow(w);
    }
    SDL_Quit();
    if (tried == 0) {
        printf("render.geometry: skipped: no OpenGL renderer could be created\n");
        return SKIPPED;
    }
    return check_done("render.geometry");
}
