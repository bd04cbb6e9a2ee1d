/* screenshot: headless frames drawn by the software renderer on a surface, with
 * no window and no video driver: regions and colours of what is drawn, the CPU
 * blitter against SDL's own copies, draw order, rotation, and the HUD. The
 * pictures are also written to the build folder for people to look at. */
#include "../check.h"
#include "core/file.h"
#include "core/mem.h"
#include "render/atlas.h"
#include "render/screenshot.h"
#include "sample_scene.h"
#include "sim/playfield.h"

#include <SDL_image.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef SCREENSHOT_DIR
#define SCREENSHOT_DIR "."
#endif

typedef struct rgb {
    int r, g, b;
} rgb;

static rgb pixel(const SDL_Surface *s, int x, int y)
{
    Uint32 p = ((const Uint32 *)s->pixels)[y * (s->pitch / 4) + x];
    return (rgb){(int)(p >> 16) & 255, (int)(p >> 8) & 255, (int)p & 255};
}

static int brightness(rgb c)
{
    return (c.r + c.g + c.b) / 3;
}

/* Screen position of a field position. */
#define SX(x) ((int)(x) + FIELD_VIEW_X)
#define SY(y) ((int)(y) + FIELD_VIEW_Y)

/* Draws a scene headless, saving it as name in the build folder. */
static SDL_Surface *shoot(const frame_scene *scene, const char *name)
{
    char path[512], err[512];
    snprintf(path, sizeof path, "%s/%s", SCREENSHOT_DIR, name);
    SDL_Surface *s = NULL;
    int rc = screenshot_headless(path, scene, 1, 0, &s, err, sizeof err);
    if (rc != 0)
        fprintf(stderr, "screenshot_headless: %s\n", err);
    CHECK(rc == 0 && s);
    return s;
}

/* The sample screen: panel, backdrop, HUD values, the boss bar, bullets. */
static void test_sample_screen(void)
{
    static sample_scene sc;
    sample_scene_init(&sc);
    SDL_Surface *s = shoot(&sc.scene, "screenshot-sample.png");
    if (!s)
        return;
    CHECK_EQ_INT(s->w, 640);
    CHECK_EQ_INT(s->h, 480);
    /* Backdrop: dark blue near the field's bottom-right corner. */
    rgb bg = pixel(s, SX(376), SY(440));
    CHECK(bg.b > bg.g && brightness(bg) < 70);
    /* Panel: the dark patterned background left of the field and right of it. */
    rgb side = pixel(s, 10, 240), panel = pixel(s, 600, 300);
    CHECK(brightness(side) < 80 && side.b >= side.r);
    CHECK(brightness(panel) < 100);
    /* The score digits are white text in the panel's value column. */
    int white = 0;
    for (int y = 50; y < 60; y++)
        for (int x = 540; x < 610; x++)
            white += brightness(pixel(s, x, y)) > 200;
    CHECK(white > 40);
    /* The boss's health bar: filled (pink-red) at its start, dark past 62%. */
    int bar_y = FIELD_VIEW_Y + 6 + 12 + 2;
    rgb fill = pixel(s, FIELD_VIEW_X + 20, bar_y);
    CHECK(fill.r > 200 && fill.g < 100);
    int bar_x1 = FIELD_VIEW_X + (int)PLAYFIELD_W - 44, bar_x0 = FIELD_VIEW_X + 6;
    rgb empty = pixel(s, bar_x0 + (int)((bar_x1 - bar_x0) * 0.9f), bar_y);
    CHECK(brightness(empty) < 60);
    SDL_FreeSurface(s);
}

/* Pixels in a box of the screen that pass a test of their colour. */
static int count_in(const SDL_Surface *s, int x0, int y0, int x1, int y1, int (*is)(rgb))
{
    int n = 0;
    for (int y = y0; y < y1; y++)
        for (int x = x0; x < x1; x++)
            n += is(pixel(s, x, y));
    return n;
}

static int is_cyan(rgb c)
{
    return c.b > 200 && c.g > 180 && c.r < 160;
}

static int is_gold(rgb c)
{
    return c.r > 200 && c.g > 170 && c.b < 160;
}

static int is_pink(rgb c)
{
    return c.r > 200 && c.g < 120 && c.b > 80;
}

/* A spell card's HUD: the phases left as pips under the health bar (three,
 * not four), the running bonus in gold under the card's name, or grey once
 * failed; a survival card says SURVIVAL under its timer in cyan. */
static void test_spell_hud(void)
{
    static sample_scene sc;
    sample_scene_init(&sc);
    sc.scene.bullets = NULL;
    sc.scene.player = NULL;
    sc.scene.backdrop = -1;
    sc.hud.spell_bonus = 1234560;
    sc.hud.spell_survival = 1;
    SDL_Surface *s = shoot(&sc.scene, "screenshot-spell-hud.png");
    if (!s)
        return;
    int x0 = FIELD_VIEW_X + 6, y = FIELD_VIEW_Y + 6, right = FIELD_VIEW_X + (int)PLAYFIELD_W;
    for (int i = 0; i < 4; i++) {
        int pip = count_in(s, x0 + i * 9, y + 19, x0 + i * 9 + 8, y + 22, is_pink);
        CHECK(i < 3 ? pip >= 8 : pip == 0);
    }
    CHECK(count_in(s, right - 60, y + 18, right, y + 27, is_cyan) > 20);
    CHECK(count_in(s, right - 120, y + 43, right, y + 53, is_gold) > 20);
    SDL_FreeSurface(s);
    sc.hud.spell_failed = 1;
    sc.hud.spell_survival = 0;
    s = shoot(&sc.scene, "screenshot-spell-hud-failed.png");
    if (!s)
        return;
    CHECK(count_in(s, right - 120, y + 43, right, y + 53, is_gold) == 0);
    CHECK(count_in(s, right - 60, y + 18, right, y + 27, is_cyan) == 0);
    SDL_FreeSurface(s);
}

/* The F3 overlay with four seconds of frame times: its box darkens the field,
 * the graph has green bars (in budget) and red ones (a slow frame). */
static void test_overlay(void)
{
    static sample_scene sc;
    sample_scene_init(&sc);
    sc.scene.stats = &sc.stats;
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, 640, 480, 32, SDL_PIXELFORMAT_ARGB8888);
    SDL_Renderer *r = SDL_CreateSoftwareRenderer(s);
    frame_view v;
    char err[256];
    frame_view_config cfg = {1, 4096, -1};
    CHECK(frame_view_init(&v, r, &cfg, err, sizeof err) == 0);
    v.overlay.visible = 1;
    for (int i = 0; i < OVERLAY_HISTORY; i++)
        overlay_push_frame(&v.overlay, i % 60 == 30 ? 45.0f : 16.0f + (float)(i % 7) * 0.2f);
    frame_view_draw(&v, &sc.scene);
    SDL_RenderPresent(r);
    char path[512];
    snprintf(path, sizeof path, "%s/screenshot-overlay.png", SCREENSHOT_DIR);
    CHECK(IMG_SavePNG(s, path) == 0);
    int green = 0, red = 0, dark = 0;
    for (int y = FIELD_VIEW_Y + 44; y < FIELD_VIEW_Y + 260; y++) {
        for (int x = FIELD_VIEW_X + 6; x < FIELD_VIEW_X + 6 + OVERLAY_HISTORY + 12; x++) {
            rgb p = pixel(s, x, y);
            green += p.g > 180 && p.r < 120 && p.b < 160;
            red += p.r > 200 && p.g < 100;
            dark += brightness(p) < 12;
        }
    }
    CHECK(green > 2000);
    CHECK(red > 20);
    CHECK(dark > 5000);
    frame_view_free(&v);
    SDL_DestroyRenderer(r);
    SDL_FreeSurface(s);
}

/* One bullet alone on an empty field. */
typedef struct one_bullet {
    float x[4], y[4], c[4], s[4];
    uint8_t shape[4], color[4];
    sprite_bullets bullets;
    frame_scene scene;
} one_bullet;

static void one_bullet_init(one_bullet *o, int n)
{
    memset(o, 0, sizeof *o);
    o->bullets = (sprite_bullets){n,    o->x, o->y, o->c, o->s, o->shape, o->color, NULL,
                                  NULL, 0,    0,    NULL, NULL, NULL,     0};
    o->scene = (frame_scene){.bullets = &o->bullets, .fps = -1};
}

/* Each colour shows: a white core, and the colour's dominant channel in the rim. */
static void test_colours(void)
{
    static const struct {
        bullet_color color;
        int channel; /* 0 r, 1 g, 2 b */
    } cases[] = {{BULLET_COLOR_RED, 0}, {BULLET_COLOR_GREEN, 1}, {BULLET_COLOR_BLUE, 2}};
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        static one_bullet o;
        one_bullet_init(&o, 1);
        o.x[0] = 100;
        o.y[0] = 100;
        o.c[0] = 1;
        o.shape[0] = BULLET_SHAPE_ORB_LARGE;
        o.color[0] = (uint8_t)cases[k].color;
        SDL_Surface *s = shoot(&o.scene, "screenshot-colour.png");
        if (!s)
            return;
        CHECK(brightness(pixel(s, SX(100), SY(100))) > 230);
        rgb rim = pixel(s, SX(100) + 10, SY(100));
        int ch[3] = {rim.r, rim.g, rim.b};
        int mine = ch[cases[k].channel];
        CHECK(mine > 150);
        CHECK(mine > ch[(cases[k].channel + 1) % 3] && mine > ch[(cases[k].channel + 2) % 3]);
        SDL_FreeSurface(s);
    }
}

/* An arrowhead points where it heads: filled ahead of its centre, open in the
 * notch behind it, for each of the four directions. */
static void test_rotation(void)
{
    const float dirs[4][2] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};
    for (int d = 0; d < 4; d++) {
        static one_bullet o;
        one_bullet_init(&o, 1);
        o.x[0] = 200;
        o.y[0] = 200;
        o.c[0] = dirs[d][0];
        o.s[0] = dirs[d][1];
        o.shape[0] = BULLET_SHAPE_ARROW;
        o.color[0] = BULLET_COLOR_YELLOW;
        SDL_Surface *s = shoot(&o.scene, "screenshot-arrow.png");
        if (!s)
            return;
        /* The sprite's centre falls on a pixel corner: sample the pixels whose
         * centres are 3.5 pixels ahead of and behind it. */
        float ax = 200 + 3.5f * dirs[d][0], ay = 200 + 3.5f * dirs[d][1];
        float bx = 200 - 3.5f * dirs[d][0], by = 200 - 3.5f * dirs[d][1];
        rgb ahead = pixel(s, (int)floorf(ax + FIELD_VIEW_X), (int)floorf(ay + FIELD_VIEW_Y));
        rgb behind = pixel(s, (int)floorf(bx + FIELD_VIEW_X), (int)floorf(by + FIELD_VIEW_Y));
        CHECK(brightness(ahead) > 120);
        CHECK(brightness(behind) < 80);
        SDL_FreeSurface(s);
    }
}

/* Newer bullets are drawn over older ones; the order array decides. */
static void test_order(void)
{
    static one_bullet o;
    one_bullet_init(&o, 2);
    for (int i = 0; i < 2; i++) {
        o.x[i] = 150;
        o.y[i] = 150;
        o.c[i] = 1;
        o.shape[i] = BULLET_SHAPE_ORB_LARGE;
    }
    o.color[0] = BULLET_COLOR_RED;
    o.color[1] = BULLET_COLOR_BLUE;
    SDL_Surface *s = shoot(&o.scene, "screenshot-order.png");
    if (!s)
        return;
    rgb ring = pixel(s, SX(150) + 10, SY(150));
    CHECK(ring.b > ring.r);
    SDL_FreeSurface(s);
    const uint32_t reversed[2] = {1, 0};
    o.bullets.order = reversed;
    s = shoot(&o.scene, "screenshot-order.png");
    if (!s)
        return;
    ring = pixel(s, SX(150) + 10, SY(150));
    CHECK(ring.r > ring.b);
    SDL_FreeSurface(s);
}

/* Draws the sample's field on a software surface with a chosen method. */
static SDL_Surface *draw_with(const frame_scene *scene, sprite_draw_method method)
{
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, 640, 480, 32, SDL_PIXELFORMAT_ARGB8888);
    SDL_Renderer *r = SDL_CreateSoftwareRenderer(s);
    frame_view v;
    char err[256];
    frame_view_config cfg = {1, 4096, (int)method};
    CHECK(frame_view_init(&v, r, &cfg, err, sizeof err) == 0);
    CHECK(v.method == method);
    frame_view_draw(&v, scene);
    SDL_RenderPresent(r);
    frame_view_free(&v);
    SDL_DestroyRenderer(r);
    return s;
}

/* The CPU blitter draws what SDL's own copies draw, to within rounding (over
 * no backdrop: the two paths draw that with rasterizers of their own,
 * render.backdrop compares those). */
static void test_blit_matches_copy(void)
{
    static sample_scene sc;
    sample_scene_init(&sc);
    sc.scene.hud = NULL;
    sc.scene.backdrop = -1;
    SDL_Surface *a = draw_with(&sc.scene, SPRITE_DRAW_BLIT);
    SDL_Surface *b = draw_with(&sc.scene, SPRITE_DRAW_COPY);
    long total = 0, worst = 0, lit = 0;
    for (int y = FIELD_VIEW_Y; y < FIELD_VIEW_Y + (int)PLAYFIELD_H; y++) {
        for (int x = FIELD_VIEW_X; x < FIELD_VIEW_X + (int)PLAYFIELD_W; x++) {
            rgb p = pixel(a, x, y), q = pixel(b, x, y);
            int d = abs(p.r - q.r) + abs(p.g - q.g) + abs(p.b - q.b);
            total += d;
            worst = d > worst ? d : worst;
            lit += brightness(p) > 128;
        }
    }
    double mean = (double)total / (PLAYFIELD_W * PLAYFIELD_H);
    printf("blit vs copy: mean %.4f, worst %ld (sum of channel differences), %ld lit pixels\n",
           mean, worst, lit);
    CHECK(lit > 3000);
    CHECK(mean < 1.0);
    CHECK(worst <= 24);
    SDL_FreeSurface(a);
    SDL_FreeSurface(b);
}

/* Once warmed up, drawing frames allocates nothing (through core/mem.h). */
static void test_no_allocation(void)
{
    static sample_scene sc;
    sample_scene_init(&sc);
    sc.scene.stats = &sc.stats;
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, 640, 480, 32, SDL_PIXELFORMAT_ARGB8888);
    SDL_Renderer *r = SDL_CreateSoftwareRenderer(s);
    for (int method = 0; method < SPRITE_DRAW_METHOD_COUNT; method++) {
        frame_view v;
        char err[256];
        frame_view_config cfg = {1, 4096, method};
        CHECK(frame_view_init(&v, r, &cfg, err, sizeof err) == 0);
        v.overlay.visible = 1;
        frame_view_draw(&v, &sc.scene);
        SDL_RenderFlush(r);
        mem_stats before = mem_get_stats();
        for (int i = 0; i < 3; i++) {
            frame_view_update(&v);
            overlay_push_frame(&v.overlay, 16.7f);
            frame_view_draw(&v, &sc.scene);
            SDL_RenderFlush(r);
        }
        CHECK_EQ_U64(mem_get_stats().allocs, before.allocs);
        frame_view_free(&v);
    }
    SDL_DestroyRenderer(r);
    SDL_FreeSurface(s);
}

/* F12's path: the current target saved under the user folder's screenshots/,
 * a fresh name each time, a PNG that loads back with the picture in it. */
static void test_save_user(void)
{
    char dir[] = "/tmp/curtain-shot-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    setenv("CURTAIN_USER_DIR", dir, 1);
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, 640, 480, 32, SDL_PIXELFORMAT_ARGB8888);
    SDL_Renderer *r = SDL_CreateSoftwareRenderer(s);
    SDL_SetRenderDrawColor(r, 200, 40, 60, 255);
    SDL_RenderClear(r);
    char a[4096], b[4096], err[256];
    CHECK(screenshot_save_user(r, a, sizeof a, err, sizeof err) == 0);
    CHECK(screenshot_save_user(r, b, sizeof b, err, sizeof err) == 0);
    CHECK(strcmp(a, b) != 0);
    CHECK_STR_CONTAINS(a, "/screenshots/curtain-");
    SDL_Surface *back = IMG_Load(a);
    CHECK(back != NULL);
    if (back) {
        CHECK_EQ_INT(back->w, 640);
        SDL_Surface *argb = SDL_ConvertSurfaceFormat(back, SDL_PIXELFORMAT_ARGB8888, 0);
        rgb p = pixel(argb, 320, 240);
        CHECK(p.r == 200 && p.g == 40 && p.b == 60);
        SDL_FreeSurface(argb);
        SDL_FreeSurface(back);
    }
    remove(a);
    remove(b);
    char shots[4200];
    snprintf(shots, sizeof shots, "%s/screenshots", dir);
    remove(shots);
    remove(dir);
    SDL_DestroyRenderer(r);
    SDL_FreeSurface(s);
}

static void test_errors(void)
{
    static one_bullet o;
    one_bullet_init(&o, 0);
    char err[256] = "";
    CHECK(screenshot_headless("/nonexistent-dir/x.png", &o.scene, 1, 0, NULL, err, sizeof err) !=
          0);
    CHECK_STR_CONTAINS(err, "/nonexistent-dir/x.png");
}

/* A full disk (file_hook_disk_space): the save fails with the file's name and
 * the system's reason, and leaves neither a cut-short picture nor its temporary;
 * a picture already there stays whole. Before, IMG_SavePNG kept 8 KB of PNG. */
static void test_full_disk(void)
{
    static one_bullet o;
    one_bullet_init(&o, 0);
    char path[4200], tmp[4300], err[512] = "";
    snprintf(path, sizeof path, "%s/screenshot-full-disk.png", SCREENSHOT_DIR);
    snprintf(tmp, sizeof tmp, "%s.tmp.%ld", path, (long)getpid());
    remove(path);
    file_hook_disk_space(4096);
    CHECK(screenshot_headless(path, &o.scene, 1, 0, NULL, err, sizeof err) != 0);
    file_hook_disk_space(-1);
    CHECK_STR_CONTAINS(err, path);
    CHECK_STR_CONTAINS(err, "No space left on device");
    CHECK(!file_exists(path));
    CHECK(!file_exists(tmp));
    /* over an earlier picture */
    CHECK(screenshot_headless(path, &o.scene, 1, 0, NULL, err, sizeof err) == 0);
    size_t before = 0, after = 0;
    char *old = file_read_all(path, &before, err, sizeof err);
    file_hook_disk_space(100);
    CHECK(screenshot_headless(path, &o.scene, 1, 0, NULL, err, sizeof err) != 0);
    file_hook_disk_space(-1);
    char *now = file_read_all(path, &after, err, sizeof err);
    CHECK(old && now && before == after && before > 0 && memcmp(old, now, before) == 0);
    mem_free(old);
    mem_free(now);
    remove(path);
}

int main(void)
{
    test_sample_screen();
    test_overlay();
    test_spell_hud();
    test_colours();
    test_rotation();
    test_order();
    test_blit_matches_copy();
    test_no_allocation();
    test_save_user();
    test_errors();
    test_full_disk();
    return check_done("render.screenshot");
}
