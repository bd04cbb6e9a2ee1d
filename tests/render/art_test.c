/*
 * art (the renderer's side): a mod's shapes laid out below the atlas picture and
 * drawn from its sheet on both renderer paths. The example mod's sheet
 * (docs/examples/art/sheet.png) drawn by the blitter: each shape where it is,
 * untinted by the bullet's colour, the additive one glowing, and nothing
 * allocated per frame; the same scene drawn with geometry on OpenGL (where one
 * can be had) matches the blitter's picture, as render.geometry checks the
 * built-in shapes. Every refusal (a sheet missing, outside its folder, not a
 * PNG (an SVG named .png), damaged, too large by its header alone (33 bytes
 * claiming 30000x30000), the sheets together over their decoded bound; a frame
 * outside its sheet; art that does not fit) names
 * the declaration's file:line:col, and leaves the atlas usable without art.
 *
 * usage: test_render.art EXAMPLES_DIR SCRATCH_DIR
 */
#define _XOPEN_SOURCE 700 /* realpath */
#include "../check.h"
#include "core/mem.h"
#include "gl_target.h"
#include "render/atlas.h"
#include "render/frame_view.h"
#include "render/sprite_batch.h"
#include "sim/playfield.h"

#include <SDL_image.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *examples, *scratch;
static char sheet_path[1024];

/* The example's three shapes: petal (upright), needle (turns), ember (additive). */
static void example_art(atlas_texture_art out[3])
{
    static const struct {
        int x, w, h, turns, additive;
        unsigned line;
    } s[3] = {{0, 16, 16, 0, 0, 3}, {16, 24, 8, 1, 0, 4}, {40, 16, 16, 0, 1, 5}};
    for (int k = 0; k < 3; k++)
        out[k] = (atlas_texture_art){
            sheet_path,   examples,  s[k].x, 0, s[k].w, s[k].h, s[k].turns, s[k].additive,
            "23_art.pat", s[k].line, 11,     2, 13,     1,      6,          0,
            NULL,         0};
}

#define N_BULLETS 60
static float bx[N_BULLETS], by[N_BULLETS], bc[N_BULLETS], bs[N_BULLETS];
static uint8_t bshape[N_BULLETS], bcolor[N_BULLETS];

/* Rows of each art shape across the field, needles at many headings. */
static sprite_bullets scene_bullets(int colour)
{
    for (int i = 0; i < N_BULLETS; i++) {
        int k = i % 3;
        float a = (float)i * 0.37f;
        bx[i] = 30.0f + (float)(i / 3) * 17.0f;
        by[i] = 80.0f + (float)k * 120.0f;
        bc[i] = cosf(a);
        bs[i] = sinf(a);
        bshape[i] = (uint8_t)(BULLET_SHAPE_COUNT + k);
        bcolor[i] = (uint8_t)colour;
    }
    return (sprite_bullets){N_BULLETS, bx, by, bc,   bs,   bshape, bcolor, NULL,
                            NULL,      0,  0,  NULL, NULL, NULL,   0};
}

typedef struct rgb {
    int r, g, b;
} rgb;

static rgb at(const Uint32 *px, int x, int y)
{
    Uint32 p = px[(FIELD_VIEW_Y + y) * 640 + FIELD_VIEW_X + x];
    return (rgb){(int)(p >> 16) & 255, (int)(p >> 8) & 255, (int)p & 255};
}

/* Draws the art scene with method on r (bullets of colour `colour`) into out;
 * frames > 1 draws it that many times, counting allocations after the first. */
static int draw(SDL_Renderer *r, int method, int colour, Uint32 *out, int frames, uint64_t *allocs)
{
    frame_view v;
    char err[512];
    frame_view_config cfg = {1, 4096, method};
    if (frame_view_init(&v, r, &cfg, err, sizeof err) != 0) {
        fprintf(stderr, "frame_view_init: %s\n", err);
        return -1;
    }
    atlas_texture_art art[3];
    example_art(art);
    int rc = frame_view_set_art(&v, art, 3, err, sizeof err);
    if (rc != 0)
        fprintf(stderr, "frame_view_set_art: %s\n", err);
    sprite_bullets b = scene_bullets(colour);
    frame_scene scene = {.bullets = &b, .fps = -1, .backdrop = -1};
    mem_stats before = {0};
    for (int f = 0; rc == 0 && f < frames; f++) {
        if (f == 1)
            before = mem_get_stats();
        SDL_SetRenderDrawColor(r, 0, 0, 0, 255);
        SDL_RenderClear(r);
        frame_view_draw(&v, &scene);
    }
    if (allocs)
        *allocs = mem_get_stats().allocs - before.allocs;
    if (rc == 0)
        rc = SDL_RenderReadPixels(r, NULL, SDL_PIXELFORMAT_ARGB8888, out, 640 * 4);
    frame_view_free(&v);
    return rc;
}

static SDL_Renderer *software(SDL_Surface **s)
{
    *s = SDL_CreateRGBSurfaceWithFormat(0, 640, 480, 32, SDL_PIXELFORMAT_ARGB8888);
    return SDL_CreateSoftwareRenderer(*s);
}

/* The blitter's picture: petals pink where they are, the same in every colour;
 * embers lighten the field additively; nothing allocated per frame. */
static void test_blitter(Uint32 *reference)
{
    static Uint32 blue[640 * 480];
    SDL_Surface *s;
    SDL_Renderer *r = software(&s);
    uint64_t allocs = 99;
    CHECK(draw(r, SPRITE_DRAW_BLIT, BULLET_COLOR_RED, reference, 30, &allocs) == 0);
    CHECK_EQ_U64(allocs, 0);
    CHECK(draw(r, SPRITE_DRAW_BLIT, BULLET_COLOR_BLUE, blue, 1, NULL) == 0);
    CHECK(memcmp(reference, blue, sizeof blue) == 0); /* never tinted */
    picture_save(reference, 640, 480, "art-software.png");
    /* a petal (bullet 0 at 30, 80): pink around its pale centre */
    rgb petal = at(reference, 30 - 4, 80);
    CHECK(petal.r > 200 && petal.g < 160 && petal.b > 140);
    /* an ember (bullet 2 at 30, 320): a warm glow over black */
    rgb ember = at(reference, 30, 320);
    CHECK(ember.r > 200 && ember.g > 120);
    /* a needle (bullet 1 at 30, 200, heading 0.37 rad): lit along its heading,
     * dark across it */
    rgb along =
        at(reference, 30 + (int)lroundf(6 * cosf(0.37f)), 200 + (int)lroundf(6 * sinf(0.37f)));
    rgb across =
        at(reference, 30 - (int)lroundf(6 * sinf(0.37f)), 200 + (int)lroundf(6 * cosf(0.37f)));
    CHECK(along.b > 150);
    CHECK(across.b < 60);
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
        CHECK(draw(t.renderer, SPRITE_DRAW_GEOMETRY, BULLET_COLOR_GREEN, picture, 1, NULL) == 0);
        char name[64];
        snprintf(name, sizeof name, "art-%s.png", t.name);
        picture_save(picture, 640, 480, name);
        picture_diff d = picture_compare_field(picture, reference, 300);
        printf("%s vs software: mean difference %.2f, lit pixels %ld vs %ld\n", t.name, d.mean,
               d.lit_a, d.lit_b);
        CHECK(d.mean < 3.0);
        CHECK(d.lit_b > 2000);
        CHECK(labs(d.lit_a - d.lit_b) < d.lit_b / 10);
        gl_target_close(&t);
    }
    if (!tried)
        printf("render.art: the geometry comparison was not run: no OpenGL here\n");
}

/* One refusal: set_art on a fresh view fails with err containing want, and the
 * atlas is left without art (its height the picture's). */
static void refused(const atlas_texture_art *art, int n, const char *want)
{
    SDL_Surface *s;
    SDL_Renderer *r = software(&s);
    frame_view v;
    char err[512] = "";
    frame_view_config cfg = {1, 64, SPRITE_DRAW_BLIT};
    CHECK(frame_view_init(&v, r, &cfg, err, sizeof err) == 0);
    int base = atlas_height();
    CHECK(frame_view_set_art(&v, art, n, err, sizeof err) != 0);
    if (!strstr(err, want))
        fprintf(stderr, "wanted \"%s\", got \"%s\"\n", want, err);
    CHECK(strstr(err, want) != NULL);
    CHECK(atlas_height() == base && atlas_art_count() == 0);
    frame_view_free(&v);
    SDL_DestroyRenderer(r);
    SDL_FreeSurface(s);
}

/* Whether art's n shapes are taken by a fresh atlas. */
static int accepted(const atlas_texture_art *art, int n)
{
    SDL_Surface *s;
    SDL_Renderer *r = software(&s);
    frame_view v;
    char err[512] = "";
    frame_view_config cfg = {1, 64, SPRITE_DRAW_BLIT};
    CHECK(frame_view_init(&v, r, &cfg, err, sizeof err) == 0);
    int rc = frame_view_set_art(&v, art, n, err, sizeof err);
    if (rc != 0)
        fprintf(stderr, "refused: %s\n", err);
    frame_view_free(&v);
    SDL_DestroyRenderer(r);
    SDL_FreeSurface(s);
    return rc == 0;
}

/* Writes text to path. */
static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    CHECK(f != NULL);
    if (f) {
        fputs(text, f);
        fclose(f);
    }
}

/* Writes a PNG's signature and header alone (no pixels) claiming w x h. */
static void write_header(const char *path, uint32_t w, uint32_t h, int depth, int type)
{
    unsigned char b[PNG_HEADER_SIZE] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n',
                                        0,    0,   0,   13,  'I',  'H',  'D',  'R'};
    for (int i = 0; i < 4; i++) {
        b[16 + i] = (unsigned char)(w >> (24 - 8 * i));
        b[20 + i] = (unsigned char)(h >> (24 - 8 * i));
    }
    b[24] = (unsigned char)depth;
    b[25] = (unsigned char)type;
    FILE *f = fopen(path, "wb");
    CHECK(f != NULL);
    if (f) {
        fwrite(b, 1, sizeof b, f);
        fclose(f);
    }
}

/* Writes a w x h picture to path. */
static void write_png(const char *path, int w, int h)
{
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888);
    CHECK(s && IMG_SavePNG(s, path) == 0);
    SDL_FreeSurface(s);
}

static void test_refusals(void)
{
    atlas_texture_art art[3];
    example_art(art);
    char path[1024], dir[1024];
    /* missing */
    snprintf(path, sizeof path, "%s/art/nothing.png", examples);
    art[1].sheet = path;
    refused(art, 3, "23_art.pat:2:13: the sheet");
    refused(art, 3, "is missing");
    /* outside its folder through a link */
    snprintf(dir, sizeof dir, "%s/mod", scratch);
    mkdir(dir, 0755);
    snprintf(path, sizeof path, "%s/mod/link.png", scratch);
    unlink(path);
    char target[PATH_MAX];
    CHECK(realpath(sheet_path, target) != NULL);
    CHECK(symlink(target, path) == 0);
    example_art(art);
    art[0].sheet = path;
    art[0].root = dir;
    refused(art, 1, "lies outside");
    /* not a picture */
    snprintf(path, sizeof path, "%s/mod/text.png", scratch);
    FILE *f = fopen(path, "w");
    CHECK(f != NULL);
    if (f) {
        fputs("not a picture\n", f);
        fclose(f);
    }
    art[0].sheet = path;
    refused(art, 1, "23_art.pat:2:13: the sheet");
    refused(art, 1, "is not a PNG (it starts with 'not a pi'");
    /* an SVG named .png: SDL_image would guess its type and rasterize it */
    snprintf(path, sizeof path, "%s/mod/drawing.png", scratch);
    write_text(path, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"30000000\" "
                     "height=\"30000000\"><rect width=\"100%\" height=\"100%\"/></svg>\n");
    refused(art, 1, "is not a PNG (it starts with '<svg xml'");
    /* a damaged PNG: its header is right, its pixels are missing */
    snprintf(path, sizeof path, "%s/mod/damaged.png", scratch);
    write_header(path, 16, 16, 8, 6);
    refused(art, 1, "cannot be read as a picture");
    /* too large: a real one, and a 33-byte header claiming 30000x30000 (it
     * crashed libpng, or took 3.6 GB, before the header was read first) */
    snprintf(path, sizeof path, "%s/mod/wide.png", scratch);
    write_png(path, ATLAS_TEXTURE_MAX_SHEET + 1, 1);
    art[0].sheet = path;
    refused(art, 1, "is 2049x1 pixels, larger than 2048x2048");
    snprintf(path, sizeof path, "%s/mod/bomb.png", scratch);
    write_header(path, 30000, 30000, 8, 6);
    refused(art, 1, "23_art.pat:2:13: the sheet");
    refused(art, 1, "is 30000x30000 pixels, larger than 2048x2048");
    write_header(path, 30000, 30000, 8, 3); /* a palette one */
    refused(art, 1, "is 30000x30000 pixels, larger than 2048x2048");
    /* the sheets' decoded bytes together: four of the largest fit, a fifth not */
    static atlas_texture_art five[5];
    char names[5][1024];
    snprintf(names[0], sizeof names[0], "%s/mod/full0.png", scratch);
    write_png(names[0], ART_SHEET_MAX_SIDE, ART_SHEET_MAX_SIDE);
    for (int k = 0; k < 5; k++) {
        if (k > 0) {
            snprintf(names[k], sizeof names[k], "%s/mod/full%d.png", scratch, k);
            unlink(names[k]);
            CHECK(link(names[0], names[k]) == 0);
        }
        five[k] = (atlas_texture_art){names[k],        dir, 0, 0, 8, 8,    0, 0, "five.pat", 1, 9,
                                      (unsigned)k + 1, 5,   1, 6, 0, NULL, 0};
    }
    refused(five, 5, "five.pat:5:5: the sheet");
    refused(five, 5, "full4.png takes the sheets to 80 MiB decoded, over the 64 MiB");
    CHECK(accepted(five, 4));
    /* a frame outside its sheet: the shape's own place */
    example_art(art);
    art[2].x = 60;
    refused(art, 3, "23_art.pat:5:11: the frame 16x16 at 60 0 lies outside the sheet");
    /* an animation whose frames run off the sheet's edge (the ember's 2 frames
     * from x 40 end at 72 of 64) */
    example_art(art);
    art[2].frames = 2;
    refused(art, 3,
            "23_art.pat:5:11: the animation's 2 frames of 16 px from x 40 run off the sheet");
    /* an animation too large for the atlas: 16 turning frames of 128x128 */
    static atlas_texture_art anim[1];
    snprintf(path, sizeof path, "%s/mod/strip.png", scratch);
    write_png(path, 2048, 128);
    anim[0] = (atlas_texture_art){path, dir, 0, 0, 128, 128, 1, 0,       "strip.pat",
                                  1,    9,   1, 5, 16,  4,   0, "strip", 0};
    refused(anim, 1, "strip.pat:1:9: the art does not fit the atlas");
    /* a portrait-sized frame (the bound a portrait may reach) outside its sheet */
    example_art(art);
    art[0].w = 256;
    art[0].h = 384;
    refused(art, 3, "23_art.pat:3:11: the frame 256x384 at 0 0 lies outside the sheet");
    /* too much art: 21 large shapes that turn (one fits in the rows, the
     * second does not) */
    static atlas_texture_art many[ATLAS_ART_MAX_SHAPES];
    snprintf(path, sizeof path, "%s/mod/big.png", scratch);
    write_png(path, 128, 128);
    for (int k = 0; k < ATLAS_ART_MAX_SHAPES; k++)
        many[k] = (atlas_texture_art){
            path, dir, 0, 0, 128, 128, 1, 0, "big.pat", (unsigned)k + 1, 9, 1, 5, 1, 6, 0, NULL, 0};
    refused(many, ATLAS_ART_MAX_SHAPES, "big.pat:2:9: the art does not fit the atlas");
}

/* The layout: art rows below the picture, frames numbered after its own, a
 * turning shape's square frames as wide as its diagonal; ids past the art draw
 * as orbs. */
static void test_layout(void)
{
    int base_h = atlas_height(), base_frames = atlas_frame_count(), failed = -1;
    atlas_art_spec spec[2] = {{24, 8, 1, 0, 1, 6, 0, NULL, 0}, {16, 16, 0, 1, 1, 6, 0, NULL, 0}};
    CHECK(atlas_art_layout(spec, 2, &failed) == 0);
    CHECK(atlas_art_count() == 2 && atlas_art_rows() > 0);
    CHECK(atlas_height() == base_h + atlas_art_rows());
    CHECK(atlas_frame_count() == base_frames + ATLAS_ANGLE_STEPS + 1);
    CHECK(atlas_bullet_turns((bullet_shape)BULLET_SHAPE_COUNT));
    CHECK(!atlas_bullet_turns((bullet_shape)(BULLET_SHAPE_COUNT + 1)));
    atlas_rect r = atlas_frame_rect(atlas_bullet_frame((bullet_shape)BULLET_SHAPE_COUNT, 0, 5));
    CHECK(r.w == 26 && r.h == 26 && r.y >= base_h); /* ceil(sqrt(24^2 + 8^2)) */
    CHECK(atlas_bullet_frame((bullet_shape)(BULLET_SHAPE_COUNT + 1), BULLET_COLOR_RED, 0) ==
          atlas_bullet_frame((bullet_shape)(BULLET_SHAPE_COUNT + 1), BULLET_COLOR_BLUE, 3));
    CHECK(atlas_art_additive(BULLET_SHAPE_COUNT + 1) && !atlas_art_additive(BULLET_SHAPE_COUNT));
    CHECK(atlas_bullet_frame((bullet_shape)(BULLET_SHAPE_COUNT + 2), BULLET_COLOR_RED, 0) ==
          atlas_bullet_frame(BULLET_SHAPE_ORB, BULLET_COLOR_RED, 0));
    /* a batch's looks follow the art: the additive shape to the glowing layer,
     * the bubble's switch kept */
    sprite_batch b;
    sprite_layer_spec layers[2] = {{SPRITE_BLEND_ALPHA, 8}, {SPRITE_BLEND_ADD, 8}};
    CHECK(sprite_batch_init(&b, SPRITE_BATCH_VERTICES, layers, 2) == 0);
    sprite_batch_set_additive(&b, BULLET_SHAPE_BUBBLE, 1);
    sprite_batch_refresh_looks(&b);
    CHECK(b.looks[(BULLET_SHAPE_COUNT + 1) * SPRITE_LOOK_COLORS + 3].additive);
    CHECK(!b.looks[BULLET_SHAPE_COUNT * SPRITE_LOOK_COLORS].additive);
    CHECK(b.looks[BULLET_SHAPE_BUBBLE * SPRITE_LOOK_COLORS].additive);
    static float x[1] = {50}, y[1] = {50};
    static uint8_t shape[1] = {BULLET_SHAPE_COUNT + 1}, color[1] = {0};
    sprite_bullets one = {1, x, y, NULL, NULL, shape, color, NULL, NULL, 0, 0, NULL, NULL, NULL, 0};
    sprite_batch_add_bullets(&b, &one, 0, 1);
    CHECK(b.layers[0].count == 0 && b.layers[1].count == 1);
    sprite_batch_free(&b);
    atlas_art_clear();
    CHECK(atlas_height() == base_h && atlas_frame_count() == base_frames);
}

/* Portraits go on their page, not into the atlas's rows: 150 of 256x384 fit
 * (fifteen to a shelf of ATLAS_PORTRAIT_W, ten shelves), the 151st does not;
 * the atlas keeps its height, a bullet beside them keeps its rows; a portrait
 * is never a look. */
static void test_portrait_page(void)
{
    static atlas_art_spec spec[152];
    int base_h = atlas_height(), failed = -1;
    spec[0] = (atlas_art_spec){16, 16, 0, 0, 1, 6, 0, "petal", 0};
    for (int k = 1; k < 152; k++)
        spec[k] = (atlas_art_spec){256, 384, 0, 0, 1, 6, 0, k == 1 ? "face" : NULL, 1};
    CHECK(atlas_art_layout(spec, 151, &failed) == 0);
    CHECK(atlas_art_count() == 151);
    CHECK(atlas_portrait_rows() > 9 * 384 && atlas_portrait_rows() <= ATLAS_PORTRAIT_MAX_ROWS);
    CHECK(atlas_art_rows() > 0 && atlas_art_rows() < 64); /* the petal alone */
    CHECK(atlas_height() == base_h + atlas_art_rows());
    int petal = atlas_bullet_frame((bullet_shape)BULLET_SHAPE_COUNT, 0, 0);
    int face = atlas_bullet_frame((bullet_shape)(BULLET_SHAPE_COUNT + 1), 0, 0);
    int last = atlas_bullet_frame((bullet_shape)(BULLET_SHAPE_COUNT + 150), 0, 0);
    CHECK(!atlas_frame_on_page(petal) && atlas_frame_on_page(face) && atlas_frame_on_page(last));
    atlas_rect f = atlas_frame_rect(face), l = atlas_frame_rect(last);
    CHECK(f.w == 256 && f.h == 384 && f.y < 8);
    CHECK(l.x + l.w <= ATLAS_PORTRAIT_W && l.y + l.h <= atlas_portrait_rows());
    CHECK(atlas_art_portrait(BULLET_SHAPE_COUNT + 1) && !atlas_art_portrait(BULLET_SHAPE_COUNT));
    CHECK(atlas_look_by_name("face", -7) == -7);
    CHECK(atlas_look_by_name("petal", -7) == ATLAS_LOOK_ART + BULLET_SHAPE_COUNT);
    CHECK(atlas_look_frame(ATLAS_LOOK_ART + BULLET_SHAPE_COUNT + 1, 0, 0, 0) ==
          atlas_sprite_frame(ATLAS_SPRITE_ENEMY_DRONE, 0));
    /* one more does not fit its page */
    CHECK(atlas_art_layout(spec, 152, &failed) == -1 && failed == 151);
    CHECK(atlas_art_count() == 0 && atlas_portrait_rows() == 0);
    atlas_art_clear();
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: %s EXAMPLES_DIR SCRATCH_DIR\n", argv[0]);
        return 2;
    }
    examples = argv[1];
    scratch = argv[2];
    snprintf(sheet_path, sizeof sheet_path, "%s/art/sheet.png", examples);
    setenv("SDL_VIDEODRIVER", "offscreen", 0);
    CHECK(SDL_Init(SDL_INIT_VIDEO) == 0);
    test_layout();
    test_portrait_page();
    static Uint32 reference[640 * 480];
    test_blitter(reference);
    test_geometry(reference);
    test_refusals();
    SDL_Quit();
    return check_done("render.art");
}
