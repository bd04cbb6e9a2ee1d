/* Lasers on both renderer paths: straight lasers (warning and open) and curvy
 * lasers drawn with SDL_RenderGeometryRaw (the geometry method, on SDL's
 * software renderer and on every OpenGL back end SDL's offscreen driver can
 * open) must match the CPU blitter's own strip rasterizer (the blit method);
 * the warning line is thinner and dimmer than the open beam; the player's
 * lasers join the same mesh, a beam that stopped drawn only as far as it
 * reached, alike on both paths; the mesh refuses what does not fit. Needs no
 * display: the software renderer draws into a surface, and OpenGL is tried
 * only where it can be had. Pictures go to SCREENSHOT_DIR for eyes. */
#include "../check.h"
#include "gl_target.h"
#include "render/frame_view.h"
#include "render/sprite_blit.h"
#include "sim/playfield.h"

#include <SDL_image.h>
#include <stdlib.h>
#include <string.h>

static laser_pool pool;

/* Two open beams crossing, a warning line, and curvy lasers that have turned. */
static void make_lasers(void)
{
    CHECK(laser_pool_init(&pool, 64, 64) == 0);
    laser_spawn open = {.kind = LASER_STRAIGHT,
                        .x = 40,
                        .y = 60,
                        .heading = 120,
                        .length = 330,
                        .width = 14,
                        .warn = 0,
                        .color = BULLET_COLOR_RED};
    laser_pool_spawn(&pool, &open);
    open.x = 340, open.heading = 220, open.color = BULLET_COLOR_BLUE, open.width = 10;
    laser_pool_spawn(&pool, &open);
    laser_spawn warn = {.kind = LASER_STRAIGHT,
                        .x = 192,
                        .y = 0,
                        .heading = 180,
                        .length = 448,
                        .width = 14,
                        .warn = 100,
                        .color = BULLET_COLOR_YELLOW};
    laser_pool_spawn(&pool, &warn);
    for (int k = 0; k < 4; k++) {
        laser_spawn c = {.kind = LASER_CURVY,
                         .x = 60 + 80 * (float)k,
                         .y = 300,
                         .heading = 0,
                         .speed = 3,
                         .spin = 2.5 + k,
                         .length = 40,
                         .width = 12,
                         .color = (uint8_t)(BULLET_COLOR_GREEN + k)};
        laser_pool_spawn(&pool, &c);
    }
    for (uint32_t f = 0; f < LASER_GROW_FRAMES + 40; f++)
        laser_pool_update(&pool);
}

static Uint32 at(const Uint32 *px, int x, int y)
{
    return px[y * 640 + x];
}

static int bright(Uint32 p)
{
    return (int)(p >> 16 & 255) + (int)(p >> 8 & 255) + (int)(p & 255);
}

static laser_pool shots; /* the player's (player_lasers) */
static float shot_reach[64];
static const laser_pool *scene_shots; /* drawn with the lasers when set */
static const float *scene_reach;

/* Draws the lasers alone with `method` on renderer r's 640x480 target. */
static void draw_on(SDL_Renderer *r, int method, Uint32 *out)
{
    frame_view v;
    char err[256];
    frame_view_config cfg = {1, 64, method};
    CHECK(frame_view_init(&v, r, &cfg, err, sizeof err) == 0);
    SDL_SetRenderDrawColor(r, 0, 0, 0, 255);
    SDL_RenderClear(r);
    frame_scene scene = {
        .fps = -1, .lasers = &pool, .shot_lasers = scene_shots, .shot_laser_reach = scene_reach};
    frame_view_draw(&v, &scene);
    CHECK(SDL_RenderReadPixels(r, NULL, SDL_PIXELFORMAT_ARGB8888, out, 640 * 4) == 0);
    CHECK(v.field.lasers.index_count > 0);
    frame_view_free(&v);
}

/* The same on the software renderer. */
static void draw(int method, Uint32 *out)
{
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, 640, 480, 32, SDL_PIXELFORMAT_ARGB8888);
    SDL_Renderer *r = SDL_CreateSoftwareRenderer(s);
    draw_on(r, method, out);
    SDL_DestroyRenderer(r);
    SDL_FreeSurface(s);
}

/* The same lasers in the same places: the backdrop is the same on both, so
 * the difference is the lasers' own (filtering and edge rules differ a little;
 * a misplaced, mis-tinted or mis-blended laser differs a lot). */
static void compare(const Uint32 *a, const Uint32 *b)
{
    picture_diff d = picture_compare_field(a, b, 300);
    printf("lasers: geometry vs blit: mean difference %.2f, lit pixels %ld vs %ld (%ld both)\n",
           d.mean, d.lit_a, d.lit_b, d.both);
    CHECK(d.mean < 7.0); /* 5.5 here; the same lasers 3 px apart give 9.5 */
    CHECK(d.lit_b > 2000);
    CHECK(labs(d.lit_a - d.lit_b) < d.lit_b / 8);
    CHECK(d.both > d.lit_b * 8 / 10);
}

/* The geometry method on the OpenGL back ends that can be had here (SDL's
 * offscreen driver), against the blitter's picture; none: nothing to do. */
static void compare_gpu(const Uint32 *blit)
{
    static Uint32 picture[640 * 480];
    for (int i = 0; i < SDL_GetNumRenderDrivers(); i++) {
        gl_target t;
        if (gl_target_open(&t, i, 640, 480) <= 0)
            continue;
        draw_on(t.renderer, SPRITE_DRAW_GEOMETRY, picture);
        char name[64];
        snprintf(name, sizeof name, "lasers-%s.png", t.name);
        picture_save(picture, 640, 480, name);
        printf("%s: ", t.name);
        compare(picture, blit);
        gl_target_close(&t);
    }
}

/* Across a beam at height y (field coordinates), the widest run of pixels
 * brighter than the backdrop and the brightest one. */
static void profile(const Uint32 *px, float y, int x0, int x1, int *run, int *peak)
{
    int best = 0, cur = 0, top = 0;
    for (int x = x0; x < x1; x++) {
        int v = bright(at(px, FIELD_VIEW_X + x, FIELD_VIEW_Y + (int)y));
        top = v > top ? v : top;
        cur = v > 220 ? cur + 1 : 0;
        best = cur > best ? cur : best;
    }
    *run = best;
    *peak = top;
}

/* The player's lasers join the mesh (laser_mesh_add): a beam of the ship's
 * pool up from (360, 440), 400 px long, drawn whole, or only up to where it
 * stopped (its reach, 120 px: to y 320), alike on both paths. */
static void player_lasers(void)
{
    CHECK(laser_pool_init(&shots, 64, 64) == 0);
    laser_spawn b = {.kind = LASER_STRAIGHT,
                     .x = 360,
                     .y = 440,
                     .heading = 0,
                     .length = 400,
                     .width = 10,
                     .life = 100,
                     .flags = LASER_FLAG_SHOT,
                     .color = BULLET_COLOR_CYAN};
    CHECK(laser_pool_spawn(&shots, &b).gen != 0);
    laser_pool_update(&shots);
    CHECK(laser_pool_hurts(&shots, 0)); /* on from its spawn: no warning */
    static Uint32 none[640 * 480], whole[640 * 480], cut[640 * 480], cut_blit[640 * 480];
    draw(SPRITE_DRAW_BLIT, none);
    scene_shots = &shots;
    scene_reach = NULL;
    draw(SPRITE_DRAW_BLIT, whole);
    shot_reach[0] = 120;
    scene_reach = shot_reach;
    draw(SPRITE_DRAW_BLIT, cut_blit);
    draw(SPRITE_DRAW_GEOMETRY, cut);
    picture_save(cut, 640, 480, "lasers-player.png");
    scene_shots = NULL;
    scene_reach = NULL;
    int run[5], peak[5];
    profile(none, 250, 330, 390, &run[4], &peak[4]);
    profile(whole, 250, 330, 390, &run[0], &peak[0]);
    profile(cut_blit, 250, 330, 390, &run[1], &peak[1]);
    profile(cut_blit, 380, 330, 390, &run[2], &peak[2]);
    profile(cut, 380, 330, 390, &run[3], &peak[3]);
    printf("player beam at y 250: %d px whole, %d px cut (%d px without it); at y 380: %d px "
           "(blit), %d px (geometry)\n",
           run[0], run[1], run[4], run[2], run[3]);
    CHECK(run[0] >= 6 && run[0] > run[4]);         /* the whole beam reaches y 250 */
    CHECK(run[1] == run[4] && peak[1] == peak[4]); /* the cut one stops at y 320 */
    CHECK(run[2] >= 6 && run[3] >= 6);
    CHECK(abs(run[2] - run[3]) <= run[2] / 3);
    laser_pool_free(&shots);
}

int main(void)
{
    setenv("SDL_VIDEODRIVER", "offscreen", 0);
    if (SDL_Init(SDL_INIT_VIDEO) != 0) { /* the software renderer needs no video */
        fprintf(stderr, "no video driver (%s): software renderer only\n", SDL_GetError());
        CHECK(SDL_Init(0) == 0);
    }
    make_lasers();
    static Uint32 geometry[640 * 480], blit[640 * 480];
    draw(SPRITE_DRAW_GEOMETRY, geometry);
    draw(SPRITE_DRAW_BLIT, blit);
    /* the rasterizer's SSE2 spans and its scalar ones draw the same pixels */
    static Uint32 blit_scalar[640 * 480];
    sprite_blit_isa isa = sprite_blit_get_isa();
    sprite_blit_set_isa(SPRITE_BLIT_SCALAR);
    draw(SPRITE_DRAW_BLIT, blit_scalar);
    sprite_blit_set_isa(isa);
    printf("blitter paths: %s and scalar\n", sprite_blit_isa_name(isa));
    CHECK(memcmp(blit, blit_scalar, sizeof blit) == 0);
    picture_save(geometry, 640, 480, "lasers-geometry.png");
    picture_save(blit, 640, 480, "lasers-blit.png");
    compare(geometry, blit);
    compare_gpu(blit);
    player_lasers();
    /* the warning line (x = 192, yellow) is thin and dim; an open beam is not */
    int warn_run, warn_peak, open_run, open_peak;
    profile(blit, 40, 172, 212, &warn_run, &warn_peak);
    profile(blit, 120, 40, 200, &open_run, &open_peak);
    printf("warning line: %d px, peak %d; open beam: %d px, peak %d\n", warn_run, warn_peak,
           open_run, open_peak);
    CHECK(warn_run >= 1 && warn_run <= 4);
    CHECK(open_run >= 6);
    CHECK(open_peak > warn_peak);
    /* a mesh built again over its last triangles, texture coordinates and
     * colours (kept when the layout or the colour is the same) equals a fresh
     * one, also after lasers changed: one fades (its colour dims, its node
     * count the same), one goes */
    for (int round = 0; round < 3; round++) {
        static laser_mesh kept, fresh;
        if (round == 0)
            CHECK(laser_mesh_init(&kept, 4096, 64) == 0);
        CHECK(laser_mesh_init(&fresh, 4096, 64) == 0);
        if (round == 1)
            CHECK(laser_pool_fade(&pool, laser_pool_handle(&pool, 0)));
        if (round == 2)
            laser_pool_despawn(&pool, laser_pool_handle(&pool, 3), LASER_DESPAWN_CANCEL);
        laser_mesh_build(&kept, &pool);
        laser_mesh_build(&fresh, &pool);
        CHECK_EQ_INT(kept.index_count, fresh.index_count);
        CHECK(memcmp(kept.indices, fresh.indices, (size_t)fresh.index_count * sizeof(int)) == 0);
        size_t vc = (size_t)fresh.vertex_count;
        CHECK(memcmp(kept.xy, fresh.xy, vc * 8) == 0);
        CHECK(memcmp(kept.uv, fresh.uv, vc * 8) == 0);
        CHECK(memcmp(kept.colors, fresh.colors, vc * 4) == 0);
        laser_mesh_free(&fresh);
        if (round == 2)
            laser_mesh_free(&kept);
        laser_pool_update(&pool);
    }
    /* a mesh too small for a curvy body refuses it, whole */
    laser_mesh m;
    CHECK(laser_mesh_init(&m, 8, 64) == 0);
    laser_mesh_build(&m, &pool);
    CHECK(m.refused > 0);
    CHECK(m.vertex_count <= 8 && m.vertex_count % 2 == 0);
    laser_mesh_free(&m);
    laser_pool_free(&pool);
    SDL_Quit();
    return check_done("render.lasers");
}
