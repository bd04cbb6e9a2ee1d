/*
 * backdrop_art: a data backdrop (pattern/content/backdrop_decl.h) drawn on both
 * renderer paths. A test mod (a sheet drawn here, a file declaring a backdrop
 * of every kind of layer: a gradient fill, a tiled picture scrolling, a
 * placed one turning, a tinted additive one fading; and a spell variant)
 * drawn by the blitter: a picture, the same for the same frame count, moving
 * with it, its spell variant another, nothing allocated per frame; the same
 * drawn with geometry on OpenGL (where one can be had) matches the blitter's.
 * Stage 1's own data backdrop (patterns/stage1) draws too, dark enough for
 * bullets. Every refusal (a sheet missing, too large, a tile drawn too small)
 * names the declaration's file:line:col and keeps the last good backdrops.
 *
 * usage: test_render.backdrop_art PATTERNS_DIR SCRATCH_DIR
 */
#include "../check.h"
#include "core/file.h"
#include "core/mem.h"
#include "gl_target.h"
#include "pattern/content/library.h"
#include "render/frame_view.h"
#include "sim/playfield.h"

#include <SDL_image.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define W      640
#define H      480
#define PIXELS (W * H)
#define T      700 /* the frame count pictures are taken at */

static const char *patterns, *scratch;

/* A 64x64 sheet: soft rings of colour on a clear ground, an opaque core. */
static void write_sheet(const char *path, int w, int h)
{
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888);
    CHECK(s != NULL);
    Uint32 *px = s->pixels;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            float dx = (float)x - (float)w / 2, dy = (float)y - (float)h / 2;
            float d = sqrtf(dx * dx + dy * dy);
            unsigned a = d < 10 ? 255 : (unsigned)(127.5f + 127.5f * cosf(d * 0.5f));
            unsigned r = (unsigned)(x * 4 & 255), g = (unsigned)(y * 4 & 255), b = 160;
            px[y * (s->pitch / 4) + x] = a << 24 | r << 16 | g << 8 | b;
        }
    CHECK(IMG_SavePNG(s, path) == 0);
    SDL_FreeSurface(s);
}

static const char mod_text[] =
    "backdrop test_sky {\n"
    "    layer fill gradient (10, 20, 40) (40, 10, 30)\n"
    "    layer \"rings.png\" tile scroll 0.5 1 alpha 0.5\n"
    "    layer \"rings.png\" at (192, 200) turn 0.5 scale 2 alpha 0.8\n"
    "    layer \"rings.png\" tile rotate 30 scale 1.5 tint (255, 120, 60) alpha 0.4 fade 200 "
    "additive\n"
    "    spell {\n"
    "        layer fill (60, 0, 20)\n"
    "        layer \"rings.png\" tile turn -0.2 alpha 0.6\n"
    "    }\n"
    "}\n"
    "stage s { background test_sky\n wait 10 }\n";

/* Compiles text as the file NAME in the scratch folder. */
static library *compile(const char *name, const char *text)
{
    static char path[1024];
    snprintf(path, sizeof path, "%s/%s", scratch, name);
    library_file f = {path, text, strlen(text)};
    diag_list diags;
    diag_init(&diags);
    library *lib = library_compile(&f, 1, &diags);
    if (!lib)
        diag_print(&diags, stderr);
    diag_free(&diags);
    return lib;
}

/* Draws backdrop id at frame t with r into out (frames times: the allocations
 * of all but the first counted into *allocs). */
static int draw(SDL_Renderer *r, int method, const library *lib, int id, uint64_t t, int frames,
                uint64_t *allocs, Uint32 *out)
{
    static frame_view v;
    char err[512];
    frame_view_config cfg = {1, 64, method};
    if (frame_view_init(&v, r, &cfg, err, sizeof err) != 0) {
        fprintf(stderr, "frame_view_init: %s\n", err);
        return -1;
    }
    if (frame_view_set_backdrops(&v, lib->backdrops, (int)lib->backdrop_count, lib->backdrop_sheets,
                                 (int)lib->backdrop_sheet_count, err, sizeof err) != 0) {
        fprintf(stderr, "frame_view_set_backdrops: %s\n", err);
        frame_view_free(&v);
        return -1;
    }
    mem_stats before = mem_get_stats();
    for (int k = 0; k < frames; k++) {
        if (k == 1)
            before = mem_get_stats();
        SDL_SetRenderDrawColor(r, 0, 0, 0, 255);
        SDL_RenderClear(r);
        frame_scene scene = {.fps = -1, .backdrop = id + 1, .backdrop_time = t + (uint64_t)k};
        frame_view_draw(&v, &scene);
    }
    if (allocs)
        *allocs = mem_get_stats().allocs - before.allocs;
    int rc = SDL_RenderReadPixels(r, NULL, SDL_PIXELFORMAT_ARGB8888, out, W * 4);
    frame_view_free(&v);
    return rc;
}

/* Backdrop `from` until fade_at, then `to`, drawn as at frame t by the blitter:
 * the cross-fade of render/field_view. */
static void draw_fade(const library *lib, int from, int to, uint64_t fade_at, uint64_t t,
                      Uint32 *out)
{
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, W, H, 32, SDL_PIXELFORMAT_ARGB8888);
    SDL_Renderer *r = SDL_CreateSoftwareRenderer(s);
    static frame_view v;
    char err[512];
    frame_view_config cfg = {1, 64, SPRITE_DRAW_BLIT};
    CHECK(r && frame_view_init(&v, r, &cfg, err, sizeof err) == 0);
    CHECK(frame_view_set_backdrops(&v, lib->backdrops, (int)lib->backdrop_count,
                                   lib->backdrop_sheets, (int)lib->backdrop_sheet_count, err,
                                   sizeof err) == 0);
    frame_scene before = {.fps = -1, .backdrop = from + 1, .backdrop_time = fade_at - 1};
    frame_view_draw(&v, &before);
    frame_scene change = {.fps = -1, .backdrop = to + 1, .backdrop_time = fade_at};
    frame_view_draw(&v, &change);
    frame_scene now = {.fps = -1, .backdrop = to + 1, .backdrop_time = t};
    frame_view_draw(&v, &now);
    CHECK(SDL_RenderReadPixels(r, NULL, SDL_PIXELFORMAT_ARGB8888, out, W * 4) == 0);
    frame_view_free(&v);
    SDL_DestroyRenderer(r);
    SDL_FreeSurface(s);
}

static void draw_software(const library *lib, int id, uint64_t t, Uint32 *out)
{
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, W, H, 32, SDL_PIXELFORMAT_ARGB8888);
    SDL_Renderer *r = SDL_CreateSoftwareRenderer(s);
    CHECK(r && draw(r, SPRITE_DRAW_BLIT, lib, id, t, 1, NULL, out) == 0);
    SDL_DestroyRenderer(r);
    SDL_FreeSurface(s);
}

static void save(const Uint32 *px, const char *what, const char *name)
{
    char file[128];
    snprintf(file, sizeof file, "backdrop_art-%s-%s.png", what, name);
    picture_save(px, W, H, file);
}

/* A picture, not a fill: many colours (at 4 bits a channel); its mean
 * brightness over the field into *mean. */
static int colours_of(const Uint32 *px, double *mean)
{
    static unsigned char seen[4096];
    memset(seen, 0, sizeof seen);
    int colours = 0;
    double sum = 0;
    for (int y = FIELD_VIEW_Y; y < FIELD_VIEW_Y + (int)PLAYFIELD_H; y++)
        for (int x = FIELD_VIEW_X; x < FIELD_VIEW_X + (int)PLAYFIELD_W; x++) {
            Uint32 p = px[y * W + x];
            int r = (int)(p >> 16 & 255), g = (int)(p >> 8 & 255), b = (int)(p & 255);
            int key = (r >> 4) << 8 | (g >> 4) << 4 | b >> 4;
            colours += !seen[key];
            seen[key] = 1;
            sum += (r + g + b) / 3.0;
        }
    *mean = sum / (PLAYFIELD_W * PLAYFIELD_H);
    return colours;
}

static Uint32 soft[PIXELS], soft_spell[PIXELS];

/* The blitter's path: the test mod's backdrop and its spell variant. */
static void check_software(const library *lib)
{
    static Uint32 again[PIXELS], later[PIXELS];
    int id = backdrop_data_id(0, 0);
    draw_software(lib, id, T, soft);
    save(soft, "software", "test_sky");
    double mean = 0;
    int colours = colours_of(soft, &mean);
    printf("test_sky: %d colours, mean brightness %.1f\n", colours, mean);
    CHECK(colours >= 24);
    CHECK(mean > 10.0 && mean < 120.0);
    draw_software(lib, id, T, again);
    CHECK(memcmp(soft, again, sizeof again) == 0); /* the frame count decides */
    draw_software(lib, id, T + 30, later);
    double moved = picture_compare_field(soft, later, 765).mean;
    printf("test_sky: moved by %.2f in 30 frames\n", moved);
    CHECK(moved > 1.0);
    draw_software(lib, backdrop_data_id(0, 1), T, soft_spell);
    save(soft_spell, "software", "test_sky_spell");
    double spell = picture_compare_field(soft, soft_spell, 765).mean;
    printf("test_sky's spell variant differs by %.2f\n", spell);
    CHECK(spell > 20.0);
    /* a change of backdrop cross-fades, both ways, into a data backdrop's spell
     * variant too: half way, neither picture (a pop would be one of them) */
    static const int pairs[3][2] = {{BACKDROP_LAKE, 0}, {0, BACKDROP_LAKE}, {0, 1}};
    static Uint32 mid[PIXELS], a[PIXELS], b[PIXELS];
    for (int k = 0; k < 3; k++) {
        int from = pairs[k][0] == BACKDROP_LAKE ? BACKDROP_LAKE : backdrop_data_id(0, pairs[k][0]);
        int to = pairs[k][1] == BACKDROP_LAKE ? BACKDROP_LAKE : backdrop_data_id(0, pairs[k][1]);
        draw_fade(lib, from, to, T - FIELD_VIEW_FADE / 2, T, mid);
        draw_fade(lib, from, from, T - FIELD_VIEW_FADE / 2, T, a);
        draw_fade(lib, to, to, T - FIELD_VIEW_FADE / 2, T, b);
        double to_old = picture_compare_field(mid, a, 765).mean,
               to_new = picture_compare_field(mid, b, 765).mean;
        printf("half a fade %d -> %d: %.2f from the old, %.2f from the new\n", from, to, to_old,
               to_new);
        CHECK(to_old > 10.0 && to_new > 10.0);
        if (k == 0)
            save(mid, "software", "fade");
    }
    /* nothing allocated per frame once drawing */
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, W, H, 32, SDL_PIXELFORMAT_ARGB8888);
    SDL_Renderer *r = SDL_CreateSoftwareRenderer(s);
    uint64_t allocs = 99;
    CHECK(r && draw(r, SPRITE_DRAW_BLIT, lib, id, T, 30, &allocs, again) == 0);
    CHECK_EQ_U64(allocs, 0);
    SDL_DestroyRenderer(r);
    SDL_FreeSurface(s);
}

/* The GPU's geometry path: the same pictures within a little (linear filtering
 * and the rasterizers' edges differ; a layer missing or blended wrong differs
 * by far more). Returns whether an OpenGL renderer could be made. */
static int check_opengl(const library *lib)
{
    static Uint32 picture[PIXELS];
    int tried = 0;
    for (int i = 0; i < SDL_GetNumRenderDrivers() && !tried; i++) {
        gl_target t;
        if (gl_target_open(&t, i, W, H) <= 0)
            continue;
        tried = 1;
        uint64_t allocs = 99;
        CHECK(draw(t.renderer, SPRITE_DRAW_GEOMETRY, lib, backdrop_data_id(0, 0), T, 30, &allocs,
                   picture) == 0);
        CHECK_EQ_U64(allocs, 0);
        /* the last of the 30 frames: T + 29 */
        static Uint32 ref[PIXELS];
        draw_software(lib, backdrop_data_id(0, 0), T + 29, ref);
        save(picture, t.name, "test_sky");
        double d = picture_compare_field(picture, ref, 765).mean;
        printf("test_sky on %s vs software: %.2f\n", t.name, d);
        CHECK(d < 12.0);
        CHECK(draw(t.renderer, SPRITE_DRAW_GEOMETRY, lib, backdrop_data_id(0, 1), T, 1, NULL,
                   picture) == 0);
        save(picture, t.name, "test_sky_spell");
        d = picture_compare_field(picture, soft_spell, 765).mean;
        printf("test_sky's spell variant on %s vs software: %.2f\n", t.name, d);
        CHECK(d < 12.0);
        gl_target_close(&t);
    }
    return tried;
}

/* Loads text's backdrops into a view holding test_sky; the load must fail with
 * an error containing want, and test_sky must still draw. */
static void check_refused(const char *name, const char *text, const char *want, const library *good)
{
    library *lib = compile(name, text);
    CHECK(lib != NULL);
    if (!lib)
        return;
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, W, H, 32, SDL_PIXELFORMAT_ARGB8888);
    SDL_Renderer *r = SDL_CreateSoftwareRenderer(s);
    static frame_view v;
    char err[512] = "";
    frame_view_config cfg = {1, 64, SPRITE_DRAW_BLIT};
    CHECK(frame_view_init(&v, r, &cfg, err, sizeof err) == 0);
    CHECK(frame_view_set_backdrops(&v, good->backdrops, (int)good->backdrop_count,
                                   good->backdrop_sheets, (int)good->backdrop_sheet_count, err,
                                   sizeof err) == 0);
    CHECK(frame_view_set_backdrops(&v, lib->backdrops, (int)lib->backdrop_count,
                                   lib->backdrop_sheets, (int)lib->backdrop_sheet_count, err,
                                   sizeof err) != 0);
    printf("%s: %s\n", name, err);
    CHECK_STR_CONTAINS(err, want);
    CHECK(backdrop_art_has(&v.backdrops, backdrop_data_id(0, 0))); /* the last good stay */
    frame_view_free(&v);
    SDL_DestroyRenderer(r);
    SDL_FreeSurface(s);
    library_free(lib);
}

/* What drawing a backdrop costs on the CPU, into the blitter's pixels (the
 * software renderer's path), printed for people (no assertion: timings live in
 * benchmarks). */
static void print_cost(const library *lib, const char *name)
{
    static backdrop_art ba;
    static uint32_t px[384 * 448];
    char err[256];
    if (backdrop_art_load(&ba, NULL, lib->backdrops, (int)lib->backdrop_count, lib->backdrop_sheets,
                          (int)lib->backdrop_sheet_count, err, sizeof err) != 0)
        return;
    double best = 1e9; /* the fastest of 20: the machine's other work left out */
    for (int k = 0; k < 20; k++) {
        Uint64 t0 = SDL_GetPerformanceCounter();
        backdrop_art_draw_pixels(&ba, px, 384, 448, 384, backdrop_data_id(0, 0), (uint64_t)k, 1.0f,
                                 0);
        double ms = (double)(SDL_GetPerformanceCounter() - t0) * 1000.0 /
                    (double)SDL_GetPerformanceFrequency();
        best = ms < best ? ms : best;
    }
    printf("%s: %.2f ms a frame into the blitter's pixels\n", name, best);
    backdrop_art_unload(&ba);
}

/* Stage 1's own data backdrop: loads from the game's folder, draws a dark,
 * many-coloured picture on the blitter's path. */
static void check_stage1(void)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/stage1/stage1.pat", patterns);
    size_t size = 0;
    char *text = file_read_all(path, &size, NULL, 0);
    CHECK(text != NULL);
    if (!text)
        return;
    /* the declaration alone (the stage needs the other files) */
    const char *from = strstr(text, "backdrop dusk_clouds");
    CHECK(from != NULL);
    library_file f = {path, from ? from : "", from ? strlen(from) : 0};
    diag_list diags;
    diag_init(&diags);
    library *lib = library_compile(&f, 1, &diags);
    diag_print(&diags, stderr);
    diag_free(&diags);
    CHECK(lib && lib->backdrop_count == 1);
    if (lib) {
        static Uint32 px[PIXELS];
        draw_software(lib, backdrop_data_id(0, 0), T, px);
        save(px, "software", "dusk_clouds");
        double mean = 0;
        int colours = colours_of(px, &mean);
        printf("dusk_clouds: %d colours, mean brightness %.1f\n", colours, mean);
        CHECK(colours >= 24);
        CHECK(mean > 12.0 && mean < 60.0); /* dark: bullets read over it */
        draw_software(lib, backdrop_data_id(0, 1), T, px);
        save(px, "software", "dusk_clouds_spell");
        print_cost(lib, "dusk_clouds");
    }
    library_free(lib);
    mem_free(text);
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: %s PATTERNS_DIR SCRATCH_DIR\n", argv[0]);
        return 2;
    }
    patterns = argv[1];
    scratch = argv[2];
    char path[1024];
    snprintf(path, sizeof path, "%s/rings.png", scratch);
    write_sheet(path, 64, 64);
    snprintf(path, sizeof path, "%s/huge.png", scratch);
    write_sheet(path, BACKDROP_MAX_SHEET + 1, 8);
    library *lib = compile("backdrop_art_mod.pat", mod_text);
    CHECK(lib && lib->backdrop_count == 1 && lib->backdrop_sheet_count == 1);
    if (lib) {
        check_software(lib);
        check_refused("missing.pat", "backdrop a {\n    layer \"none.png\"\n}\n",
                      "missing.pat:2:11: the sheet ", lib);
        check_refused("huge.pat", "backdrop a {\n    layer \"huge.png\" at (0, 0)\n}\n",
                      "huge.pat:2:11: the sheet", lib);
        check_refused("tiny.pat", "backdrop a {\n    layer \"rings.png\" tile scale 0.125\n}\n",
                      "tiny.pat:2:11: the sheet", lib);
        setenv("SDL_VIDEODRIVER", "offscreen", 0);
        if (SDL_Init(SDL_INIT_VIDEO) == 0) {
            if (!check_opengl(lib))
                printf("no OpenGL renderer here: the GPU's path is not compared\n");
            SDL_Quit();
        }
    }
    check_stage1();
    library_free(lib);
    return check_done("render.backdrop_art");
}
