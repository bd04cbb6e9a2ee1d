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

/* An arrowhead heading down: filled below its centre, open above. */
static void check_arrow(SDL_Renderer *r)
{
    static float x[1] = {200}, y[1] = {200}, c[1] = {0}, s[1] = {1};
    static uint8_t shape[1] = {BULLET_SHAPE_ARROW}, color[1] = {BULLET_COLOR_YELLOW};
    sprite_bullets b = {1, x, y, c, s, shape, color, NULL, NULL, 0, 0, NULL, NULL, NULL, 0};
    frame_scene scene = {.bullets = &b, .fps = -1};
    static Uint32 px[640 * 480];
    CHECK(gl_draw_scene(r, &scene, SPRITE_DRAW_GEOMETRY, px) == SPRITE_DRAW_GEOMETRY);
    gl_rgb ahead = gl_rgb_at(px, FIELD_VIEW_X + 200, FIELD_VIEW_Y + 204);
    gl_rgb behind = gl_rgb_at(px, FIELD_VIEW_X + 200, FIELD_VIEW_Y + 196);
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
    gl_draw_reference(&sc.scene, reference);
    int tried = 0;
    for (int i = 0; i < SDL_GetNumRenderDrivers(); i++) {
        gl_target t;
        if (gl_target_open(&t, i, 640, 480) <= 0)
            continue;
        tried++;
        CHECK(gl_draw_scene(t.renderer, &sc.scene, SPRITE_DRAW_GEOMETRY, picture) ==
              SPRITE_DRAW_GEOMETRY);
        char name[64];
        snprintf(name, sizeof name, "geometry-%s.png", t.name);
        picture_save(picture, 640, 480, name);
        gl_compare_with_blitter(picture, reference, t.name);
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
