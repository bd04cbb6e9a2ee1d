/*
 * dialogue_box: a dialogue scene of the dialogue test stage
 * (tests/game/dialogue_mod) drawn over the game screen by the software
 * renderer (the blitter's path) and, where OpenGL can be had, by the GPU
 * geometry path: the box across the bottom of the field, its name plate in the
 * speaker's colour, the two 256x384 portraits at the field's sides (the
 * speaker's lit, the other dimmed), the same on both paths; without the scene
 * none of it is there. The pictures are written to the build folder for eyes.
 *
 * usage: test_ui.dialogue_box PATTERNS_DIR DIALOGUE_MOD OUT_DIR
 */
#include "../check.h"
#include "../render/gl_target.h"
#include "core/mem.h"
#include "platform/window.h"
#include "render/frame_view.h"
#include "ui/world_view.h"

static Uint32 with_soft[640 * 480], without_soft[640 * 480], with_gl[640 * 480];

typedef struct rgb {
    int r, g, b;
} rgb;

static rgb at(const Uint32 *px, int x, int y)
{
    Uint32 p = px[y * 640 + x];
    return (rgb){(int)(p >> 16) & 255, (int)(p >> 8) & 255, (int)p & 255};
}

/* Pixels of a rectangle that differ between two pictures by more than 24. */
static long differ(const Uint32 *a, const Uint32 *b, int x0, int y0, int x1, int y1)
{
    long n = 0;
    for (int y = y0; y < y1; y++)
        for (int x = x0; x < x1; x++) {
            rgb p = at(a, x, y), q = at(b, x, y);
            n += abs(p.r - q.r) + abs(p.g - q.g) + abs(p.b - q.b) > 24;
        }
    return n;
}

/* The mean difference per pixel (channels summed) over a rectangle. */
static double mean_diff(const Uint32 *a, const Uint32 *b, int x0, int y0, int x1, int y1)
{
    double total = 0;
    for (int y = y0; y < y1; y++)
        for (int x = x0; x < x1; x++) {
            rgb p = at(a, x, y), q = at(b, x, y);
            total += abs(p.r - q.r) + abs(p.g - q.g) + abs(p.b - q.b);
        }
    return total / ((double)(x1 - x0) * (y1 - y0));
}

/* Draws w on r by `method` into out (640x480 ARGB). */
static int draw(SDL_Renderer *r, int method, const world *w, Uint32 *out)
{
    frame_view fv;
    char err[512];
    frame_view_config cfg = {1, WORLD_BULLETS, method};
    if (frame_view_init(&fv, r, &cfg, err, sizeof err) != 0) {
        fprintf(stderr, "frame_view_init: %s\n", err);
        return -1;
    }
    int rc = world_view_load_art(&fv, w->lib, err, sizeof err);
    if (rc != 0)
        fprintf(stderr, "world_view_load_art: %s\n", err);
    world_view v;
    world_view_init(&v, 1);
    options o;
    options_defaults(&o);
    o.text_speed = 0; /* the whole line: the pictures do not depend on the frame */
    v.opts = &o;
    SDL_SetRenderDrawColor(r, 0, 0, 0, 255);
    SDL_RenderClear(r);
    if (rc == 0)
        world_view_draw(&v, &fv, w, NULL);
    if (rc == 0)
        rc = SDL_RenderReadPixels(r, NULL, SDL_PIXELFORMAT_ARGB8888, out, 640 * 4);
    frame_view_free(&fv);
    return rc;
}

/* The stage played to the fox's angry line: both portraits up, the fox speaking. */
static world *scene(const library *lib)
{
    world *w = mem_alloc(sizeof *w);
    int ship = library_find_ship(lib, "shrine");
    world_config cfg = {.seed = 3, .difficulty = 1, .ship = (uint8_t)(ship < 0 ? 0 : ship)};
    if (!w || world_init(w, &cfg, lib) != 0)
        return w;
    while (w->frame < 2000 && !strstr(w->dialogue.text, "Leave at once")) {
        int ready = dialogue_active(&w->dialogue) &&
                    w->frame - (uint64_t)w->dialogue.line_at >= DIALOGUE_MIN_FRAMES;
        world_step(w, (input_bits)(ready && !(w->prev_in & INPUT_BIT(INPUT_SHOT))
                                       ? INPUT_BIT(INPUT_SHOT)
                                       : 0));
    }
    return w;
}

static void test_software(world *w)
{
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, 640, 480, 32, SDL_PIXELFORMAT_ARGB8888);
    SDL_Renderer *r = s ? SDL_CreateSoftwareRenderer(s) : NULL;
    CHECK(r != NULL);
    if (!r)
        return;
    CHECK(draw(r, SPRITE_DRAW_BLIT, w, with_soft) == 0);
    picture_save(with_soft, 640, 480, "dialogue-software.png");
    dialogue kept = w->dialogue;
    w->dialogue.talking = 0; /* the same frame without the scene */
    CHECK(draw(r, SPRITE_DRAW_BLIT, w, without_soft) == 0);
    w->dialogue = kept;
    /* the box: the bottom of the field, dark, edged in the fox's gold */
    int fx = FIELD_VIEW_X, fy = FIELD_VIEW_Y, fw = (int)PLAYFIELD_W, fh = (int)PLAYFIELD_H;
    CHECK(differ(with_soft, without_soft, fx + 20, fy + fh - 90, fx + fw - 20, fy + fh - 20) >
          3000);
    rgb edge = at(with_soft, fx + fw / 2, fy + fh - 102);
    CHECK(edge.r > 200 && edge.g > 160 && edge.b < 140);
    /* the fox on the right, lit: her gold hair; the shrine maiden on the left,
     * dimmed: her red bow darker than the fox's lit gold */
    long right = differ(with_soft, without_soft, fx + fw - 180, fy + 80, fx + fw, fy + fh - 110);
    long left = differ(with_soft, without_soft, fx, fy + 80, fx + 180, fy + fh - 110);
    CHECK(right > 10000 && left > 10000);
    rgb hair = at(with_soft, fx + fw - 100, fy + fh - 96 - 6 - 230);
    CHECK(hair.r > 180 && hair.g > 130);
    /* the rest of the field, away from both, is the game's */
    CHECK(differ(with_soft, without_soft, fx + 170, fy + 4, fx + 214, fy + 40) == 0);
    SDL_DestroyRenderer(r);
    SDL_FreeSurface(s);
}

static void test_geometry(world *w)
{
    int tried = 0;
    for (int i = 0; i < SDL_GetNumRenderDrivers(); i++) {
        gl_target t;
        if (gl_target_open(&t, i, 640, 480) <= 0)
            continue;
        tried++;
        CHECK(draw(t.renderer, SPRITE_DRAW_GEOMETRY, w, with_gl) == 0);
        char name[64];
        snprintf(name, sizeof name, "dialogue-%s.png", t.name);
        picture_save(with_gl, 640, 480, name);
        picture_diff d = picture_compare_field(with_gl, with_soft, 300);
        printf("%s vs software: mean difference %.2f, lit pixels %ld vs %ld\n", t.name, d.mean,
               d.lit_a, d.lit_b);
        /* the doubled glyphs' edges and the bullets' filtering differ a little
         * between the paths, the portraits hardly at all */
        CHECK(d.mean < 10.0);
        double portraits = mean_diff(with_gl, with_soft, FIELD_VIEW_X + 210, FIELD_VIEW_Y + 100,
                                     FIELD_VIEW_X + 384, FIELD_VIEW_Y + 320);
        printf("%s vs software over the speaker's portrait: %.2f\n", t.name, portraits);
        CHECK(portraits < 4.0);
        CHECK(labs(d.lit_a - d.lit_b) < d.lit_b / 10 + 200);
        /* the box and both portraits: where the software path has them */
        CHECK(differ(with_gl, without_soft, FIELD_VIEW_X + 20, FIELD_VIEW_Y + 448 - 90,
                     FIELD_VIEW_X + 364, FIELD_VIEW_Y + 448 - 20) > 3000);
        gl_target_close(&t);
    }
    if (!tried)
        printf("ui.dialogue_box: the geometry comparison was not run: no OpenGL here\n");
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: test_ui.dialogue_box PATTERNS_DIR DIALOGUE_MOD\n");
        return 2;
    }
    setenv("SDL_VIDEODRIVER", "offscreen", 0);
    CHECK(SDL_Init(SDL_INIT_VIDEO) == 0);
    diag_list diags;
    diag_init(&diags);
    library *lib = library_load_dir(argv[1], argv[2], &diags);
    diag_print(&diags, stderr);
    diag_free(&diags);
    CHECK(lib != NULL);
    if (lib) {
        world *w = scene(lib);
        CHECK(w && dialogue_active(&w->dialogue) && w->dialogue.side == DIALOGUE_RIGHT);
        CHECK(w && w->dialogue.shown[DIALOGUE_LEFT] >= 0);
        if (w && dialogue_active(&w->dialogue)) {
            test_software(w);
            test_geometry(w);
        }
        if (w)
            world_free(w);
        mem_free(w);
        library_free(lib);
    }
    SDL_Quit();
    return check_done("ui.dialogue_box");
}
