/*
 * spectacle: the presentation statements of the game's own ships (Hotaru's
 * show-only bomb, Shirasagi's bomb that fires) and of a boss's spell card, from
 * the world's events to the screen:
 *  - they change nothing of a run: every frame's state hash is the one a library
 *    without them gives (the ships' files with every presentation line taken
 *    out), while the world does report them (SHIP_SHOW events);
 *  - a bomb shows effects, a flash, a tint, a shake and a cut-in; the frames
 *    with effects running allocate nothing;
 *  - "steady screen" keeps the field still, "softer flashes" dims flashes and
 *    tints;
 *  - a bomb's spectacle is drawn alike by the geometry method (SDL_RenderGeometryRaw,
 *    on the software renderer and any OpenGL target) and the blitter;
 *  - a spell card's cut-in leaves the bullets' area readable: over the card's
 *    first 110 frames, the field within 150 px of the boss is as without the
 *    cut-in but for a bounded share (the name's band at the top edge), while
 *    the cut-in does show elsewhere.
 * Pictures go to OUT_DIR for eyes.
 *
 * usage: test_ui.spectacle PATTERNS_DIR OUT_DIR
 */
#include "../check.h"
#include "../game/test_library.h"
#include "../render/gl_target.h"
#include "core/file.h"
#include "core/mem.h"
#include "platform/window.h"
#include "render/frame_view.h"
#include "sim/playfield.h"
#include "ui/world_view.h"

#include <SDL.h>
#include <SDL_image.h>
#include <stdlib.h>
#include <string.h>

static const char *out_dir = ".";

/* Whether a line is a presentation statement (its first word one of them). */
static int st_show_line(const char *line, size_t n)
{
    static const char *const words[] = {"effect ", "flash ", "tint ", "shake ", "cutin "};
    while (n && (*line == ' ' || *line == '\t'))
        line++, n--;
    for (size_t k = 0; k < sizeof words / sizeof words[0]; k++)
        if (n >= strlen(words[k]) && strncmp(line, words[k], strlen(words[k])) == 0)
            return 1;
    return 0;
}

/* A ship's file without its presentation statements, and without a bomb block
 * they leave empty: the ship as it was before it had a spectacle. */
static char *st_strip(const char *text)
{
    size_t len = strlen(text);
    char *out = mem_alloc(len + 1);
    if (!out)
        return NULL;
    size_t o = 0;
    const char *p = text;
    while (*p) {
        const char *e = strchr(p, '\n');
        size_t n = e ? (size_t)(e - p) + 1 : strlen(p);
        if (!st_show_line(p, n)) {
            memcpy(out + o, p, n);
            o += n;
        }
        p += n;
    }
    out[o] = '\0';
    char *empty = strstr(out, "    bomb {\n    }\n");
    if (empty)
        memmove(empty, empty + 17, strlen(empty + 17) + 1);
    return out;
}

/* The game's library with the ships' files as given (NULL: as they are). */
static library *st_library(const char *dir, int stripped)
{
    if (!stripped)
        return test_library_load(dir);
    char mod[900], path[1024];
    snprintf(mod, sizeof mod, "%.880s/spectacle-mod", out_dir);
    snprintf(path, sizeof path, "%s/ships", mod);
    CHECK(file_make_dirs(path) == 0);
    char err[256];
    static const char *const ships[] = {"hotaru", "shirasagi"};
    for (int k = 0; k < 2; k++) {
        snprintf(path, sizeof path, "%s/ships/%s.pat", dir, ships[k]);
        char *text = file_read_all(path, NULL, err, sizeof err);
        CHECK(text != NULL);
        char *bare = text ? st_strip(text) : NULL;
        CHECK(bare && strlen(bare) < strlen(text));
        snprintf(path, sizeof path, "%s/ships/%s.pat", mod, ships[k]);
        CHECK(bare && file_write_atomic(path, bare, strlen(bare), err, sizeof err) == 0);
        mem_free(text);
        mem_free(bare);
    }
    diag_list diags;
    diag_init(&diags);
    library *lib = library_load_dir(dir, mod, &diags);
    diag_print(&diags, stderr);
    diag_free(&diags);
    return lib;
}

/* The input of frame i: shooting, a bomb every 240 frames from frame 60. */
static input_bits st_input(int i)
{
    input_bits in = INPUT_BIT(INPUT_SHOT);
    if (i % 240 == 60)
        in |= INPUT_BIT(INPUT_BOMB);
    return in;
}

static world *st_world(const library *lib, const char *ship)
{
    world *w = mem_alloc(sizeof *w);
    int k = library_find_ship(lib, ship);
    CHECK(k >= 0);
    world_config cfg = {
        .seed = 9, .difficulty = 1, .flags = WORLD_FLAG_INVULNERABLE | WORLD_FLAG_NO_SCENES};
    cfg.ship = (uint32_t)(k < 0 ? 0 : k);
    CHECK(w && world_init(w, &cfg, lib) == 0);
    return w;
}

/* The same run with and without the ships' presentation statements: the same
 * hash every frame; the one with them reports them. */
static void st_same_run(const library *with, const library *without, const char *ship)
{
    world *a = st_world(with, ship), *b = st_world(without, ship);
    int shows = 0, same = 1;
    for (int i = 0; i < 1500; i++) {
        world_step(a, st_input(i));
        world_step(b, st_input(i));
        for (int e = 0; e < a->event_count; e++)
            shows += a->events[e].kind == WORLD_EVENT_SHIP_SHOW;
        for (int e = 0; e < b->event_count; e++)
            CHECK(b->events[e].kind != WORLD_EVENT_SHIP_SHOW);
        if (world_hash(a) != world_hash(b)) {
            fprintf(stderr, "%s: the hashes part at frame %d\n", ship, i);
            same = 0;
            break;
        }
    }
    printf("%s: %d presentation events, the same hash every frame: %s\n", ship, shows,
           same ? "yes" : "no");
    CHECK(same);
    CHECK(shows > 10);
    world_free(a);
    world_free(b);
    mem_free(a);
    mem_free(b);
}

/* Flies ship to its first bomb's frame + after, feeding the view. */
static world *st_bombed(const library *lib, const char *ship, int after, world_view *v)
{
    world *w = st_world(lib, ship);
    for (int i = 0; i < 61 + after; i++) {
        world_step(w, st_input(i));
        world_view_step(v, w);
    }
    return w;
}

/* A bomb shows everything; the frames with effects running allocate nothing. */
static void st_bomb_shows(const library *lib)
{
    static const char *const ships[] = {"hotaru", "shirasagi"};
    for (int k = 0; k < 2; k++) {
        static world_view v;
        world_view_init(&v, 2);
        world *w = st_bombed(lib, ships[k], 12, &v);
        printf("%s's bomb: %d effects, %d washes, shake %.1f, cut-in '%s'\n", ships[k],
               v.show.count, v.show.wash_count, (double)spectacle_shake(&v.show, 0),
               v.show.cutin_text);
        CHECK(v.show.count >= 2);
        CHECK(v.show.wash_count >= 1);
        CHECK(spectacle_shake(&v.show, 0) > 0.0f);
        CHECK(v.show.cutin_len > 0 && v.show.cutin_text[0] != '\0');
        /* options: steady screen, softer flashes */
        CHECK(spectacle_shake(&v.show, 1) == 0.0f);
        effect_quads loud, soft;
        CHECK(effect_quads_init(&loud, 512) == 0 && effect_quads_init(&soft, 512) == 0);
        static sprite_batch looks; /* only its look table is read */
        memset(&looks, 0, sizeof looks);
        spectacle_add_quads(&v.show, &loud, &looks, BULLET_PALETTE_NORMAL, 0);
        spectacle_add_quads(&v.show, &soft, &looks, BULLET_PALETTE_NORMAL, 1);
        CHECK(loud.count > 0 && loud.count == soft.count);
        int washes = 0;
        for (int i = 0; i < loud.count && i < soft.count; i++)
            if (loud.quads[i].frame < 0) { /* a wash: dimmer when softer */
                washes++;
                CHECK(soft.quads[i].rgba[3] * 2 <= loud.quads[i].rgba[3] + 1);
                CHECK(soft.quads[i].rgba[3] < loud.quads[i].rgba[3]);
            }
        CHECK(washes > 0);
        /* no allocation while the spectacle runs (and a bomb more starts one) */
        mem_stats before = mem_get_stats();
        for (int i = 0; i < 400; i++) {
            world_step(w, st_input(73 + i));
            world_view_step(&v, w);
            effect_quads_clear(&loud);
            spectacle_add_quads(&v.show, &loud, &looks, BULLET_PALETTE_DEUTERANOPIA, 0);
        }
        mem_stats after = mem_get_stats();
        CHECK_EQ_U64(after.allocs, before.allocs);
        CHECK(v.show.shown > 20);
        effect_quads_free(&loud);
        effect_quads_free(&soft);
        world_free(w);
        mem_free(w);
    }
}

/* Draws a world's screen on renderer r with a method (-1: the renderer's). */
static void st_draw_on(SDL_Renderer *r, int method, world_view *v, const world *w, Uint32 *out)
{
    frame_view fv;
    char err[256];
    frame_view_config cfg = {1, WORLD_BULLETS, method};
    int ok = frame_view_init(&fv, r, &cfg, err, sizeof err) == 0;
    if (!ok)
        fprintf(stderr, "frame_view_init: %s\n", err);
    CHECK(ok);
    if (!ok)
        return;
    SDL_SetRenderDrawColor(r, 0, 0, 0, 255);
    SDL_RenderClear(r);
    world_view_extra x = {.high_score = 1, .fps = -1.0f};
    uint64_t tick = v->tick;
    rng visual = v->fx.visual;
    world_view_draw(v, &fv, w, &x);
    v->tick = tick; /* the same picture again for the next method */
    v->fx.visual = visual;
    CHECK(SDL_RenderReadPixels(r, NULL, SDL_PIXELFORMAT_ARGB8888, out, LOGICAL_W * 4) == 0);
    frame_view_free(&fv);
}

static void st_draw(int method, world_view *v, const world *w, Uint32 *out)
{
    SDL_Surface *s =
        SDL_CreateRGBSurfaceWithFormat(0, LOGICAL_W, LOGICAL_H, 32, SDL_PIXELFORMAT_ARGB8888);
    SDL_Renderer *r = s ? SDL_CreateSoftwareRenderer(s) : NULL;
    CHECK(r != NULL);
    if (r)
        st_draw_on(r, method, v, w, out);
    SDL_DestroyRenderer(r);
    SDL_FreeSurface(s);
}

/* A bomb's spectacle mid-bomb, on both renderer paths (and any OpenGL target). */
static void st_both_paths(const library *lib)
{
    static const char *const ships[] = {"hotaru", "shirasagi"};
    static Uint32 blit[LOGICAL_W * LOGICAL_H], geo[LOGICAL_W * LOGICAL_H];
    for (int k = 0; k < 2; k++) {
        static world_view v;
        world_view_init(&v, 2);
        options o;
        options_defaults(&o);
        o.reduce_shake = 1; /* the same field position on every draw */
        v.opts = &o;
        world *w = st_bombed(lib, ships[k], 24, &v);
        CHECK(v.show.count > 0);
        st_draw(SPRITE_DRAW_BLIT, &v, w, blit);
        st_draw(SPRITE_DRAW_GEOMETRY, &v, w, geo);
        char name[128];
        snprintf(name, sizeof name, "spectacle-%s-blit.png", ships[k]);
        picture_save(blit, LOGICAL_W, LOGICAL_H, name);
        snprintf(name, sizeof name, "spectacle-%s-geometry.png", ships[k]);
        picture_save(geo, LOGICAL_W, LOGICAL_H, name);
        picture_diff d = picture_compare_field(geo, blit, 300);
        printf("%s's bomb: geometry vs blit: mean difference %.2f, lit %ld vs %ld (%ld both)\n",
               ships[k], d.mean, d.lit_a, d.lit_b, d.both);
        CHECK(d.mean < 12.0); /* 4.4 and 8.4 here; without the spectacle 62 and 103 */
        CHECK(d.lit_b > 3000);
        CHECK(labs(d.lit_a - d.lit_b) < d.lit_b / 8);
        /* without the spectacle the field is another picture: the test can tell */
        spectacle saved = v.show;
        spectacle_clear(&v.show);
        st_draw(SPRITE_DRAW_BLIT, &v, w, geo);
        picture_diff none = picture_compare_field(geo, blit, 300);
        printf("%s's bomb: with vs without its spectacle: mean difference %.2f\n", ships[k],
               none.mean);
        CHECK(none.mean > 3.0 * d.mean);
        v.show = saved;
        for (int i = 0; i < SDL_GetNumRenderDrivers(); i++) {
            gl_target t;
            if (gl_target_open(&t, i, LOGICAL_W, LOGICAL_H) <= 0)
                continue;
            st_draw_on(t.renderer, SPRITE_DRAW_GEOMETRY, &v, w, geo);
            picture_diff g = picture_compare_field(geo, blit, 300);
            printf("%s's bomb on %s: mean difference %.2f\n", ships[k], t.name, g.mean);
            CHECK(g.mean < 12.0); /* 8.0 to 8.5 on Mesa's llvmpipe */
            gl_target_close(&t);
        }
        world_free(w);
        mem_free(w);
    }
}

/* Over a spell card's first 110 frames, the pixels within 150 px of the boss
 * that the cut-in changes, in all (and where it changes anything at all). */
static void st_cutin_readable(const library *lib)
{
    const library_boss *b = library_find_boss(lib, "s2_minamo");
    CHECK(b != NULL);
    if (!b)
        return;
    static world_view v;
    world_view_init(&v, 5);
    options o;
    options_defaults(&o);
    o.reduce_shake = 1;
    v.opts = &o;
    world_config cfg = {.seed = 4,
                        .difficulty = 1,
                        .start = WORLD_START((int)(b - lib->bosses), 1),
                        .flags = WORLD_FLAG_INVULNERABLE | WORLD_FLAG_ONE_PHASE};
    world *w = mem_alloc(sizeof *w);
    CHECK(w && world_init(w, &cfg, lib) == 0);
    static Uint32 with[LOGICAL_W * LOGICAL_H], without[LOGICAL_W * LOGICAL_H];
    long near = 0, near_changed = 0, far_changed = 0;
    int frames = 0;
    for (int i = 0; i < 900 && frames < 110; i++) {
        world_step(w, INPUT_BIT(INPUT_SHOT));
        world_view_step(&v, w);
        if (!w->boss.active || !w->boss.spell || (int64_t)w->frame - w->boss.phase_start < 0)
            continue;
        int64_t age = (int64_t)w->frame - w->boss.phase_start;
        if (age >= 110)
            break;
        v.cutins_off = 0;
        st_draw(-1, &v, w, with);
        v.cutins_off = 1;
        st_draw(-1, &v, w, without);
        v.cutins_off = 0;
        if (frames == 20 || frames == 60) {
            char name[128];
            snprintf(name, sizeof name, "spectacle-cutin-%d.png", frames);
            picture_save(with, LOGICAL_W, LOGICAL_H, name);
            snprintf(name, sizeof name, "spectacle-nocutin-%d.png", frames);
            picture_save(without, LOGICAL_W, LOGICAL_H, name);
        }
        frames++;
        const enemy *e = &w->enemies.slots[w->boss.slot];
        float bx = FIELD_VIEW_X + (float)e->x, by = FIELD_VIEW_Y + (float)e->y;
        for (int y = FIELD_VIEW_Y; y < FIELD_VIEW_Y + (int)PLAYFIELD_H; y++)
            for (int x = FIELD_VIEW_X; x < FIELD_VIEW_X + (int)PLAYFIELD_W; x++) {
                Uint32 p = with[y * LOGICAL_W + x], q = without[y * LOGICAL_W + x];
                int diff = abs((int)(p >> 16 & 255) - (int)(q >> 16 & 255)) +
                           abs((int)(p >> 8 & 255) - (int)(q >> 8 & 255)) +
                           abs((int)(p & 255) - (int)(q & 255));
                float dx = (float)x - bx, dy = (float)y - by;
                int is_near = dx * dx + dy * dy <= 150.0f * 150.0f;
                near += is_near;
                if (diff > 24) {
                    near_changed += is_near;
                    far_changed += !is_near;
                }
            }
    }
    double share = near ? (double)near_changed / (double)near : 1.0;
    printf("spell cut-in: %d frames, %.2f%% of the area within 150 px of the boss changed, "
           "%ld pixel-frames changed elsewhere\n",
           frames, 100.0 * share, far_changed);
    CHECK(frames >= 100);
    CHECK(share < 0.06);
    CHECK(far_changed > 110 * 2000); /* the portrait does show, away from the boss */
    world_free(w);
    mem_free(w);
}

/* A stage's and a boss's presentation statements reach the front end from the
 * world: SHOW events at the boss (a cut-in with the boss's portrait, effects
 * each round of its loop) and at the stage. */
static void st_script_shows(void)
{
    library *lib =
        test_library_compile("staged.pat", "boss b {\n"
                                           "    name \"B\"\n"
                                           "    phase time 10s health 100000 {\n"
                                           "        move to (100, 120) over 10\n"
                                           "        cutin \"Test Sign\" red over 60\n"
                                           "        loop {\n"
                                           "            fire orb ring 8\n"
                                           "            effect bubble red grow 2 fade 10\n"
                                           "            wait 30\n"
                                           "        }\n"
                                           "    }\n"
                                           "}\n"
                                           "stage s {\n"
                                           "    flash white over 10\n"
                                           "    wait 10\n"
                                           "    boss b\n"
                                           "}\n");
    CHECK(lib != NULL);
    if (!lib)
        return;
    static world_view v;
    world_view_init(&v, 1);
    world *w = mem_alloc(sizeof *w);
    world_config cfg = {
        .seed = 1, .difficulty = 1, .flags = WORLD_FLAG_INVULNERABLE | WORLD_FLAG_NO_SCENES};
    CHECK(w && world_init(w, &cfg, lib) == 0);
    int stage_flash = 0, boss_effects = 0, cutins = 0;
    for (int i = 0; i < 200; i++) {
        world_step(w, 0);
        for (int e = 0; e < w->event_count; e++) {
            const world_event *ev = &w->events[e];
            if (ev->kind != WORLD_EVENT_SHOW)
                continue;
            const vm_show *sh = &lib->prog->shows[ev->value];
            stage_flash += sh->kind == VM_SHOW_FLASH;
            cutins += sh->kind == VM_SHOW_CUTIN;
            if (sh->kind == VM_SHOW_EFFECT && w->boss.active && w->boss.slot != ENEMY_NONE) {
                const enemy *b = &w->enemies.slots[w->boss.slot];
                boss_effects++;
                CHECK(ev->x == (float)b->x && ev->y == (float)b->y);
            }
        }
        world_view_step(&v, w);
        if (cutins == 1 && i < 100 && v.show.cutin_len)
            CHECK(!v.show.cutin_ship && strcmp(v.show.cutin_text, "Test Sign") == 0);
    }
    printf("a stage and a boss: %d flash, %d cut-in, %d effects at the boss\n", stage_flash, cutins,
           boss_effects);
    CHECK_EQ_INT(stage_flash, 1);
    CHECK_EQ_INT(cutins, 1);
    CHECK(boss_effects >= 5);
    world_free(w);
    mem_free(w);
    library_free(lib);
}

int main(int argc, char **argv)
{
    CHECK(argc > 2);
    if (argc <= 2)
        return check_done("spectacle");
    out_dir = argv[2];
    setenv("SDL_VIDEODRIVER", "offscreen", 0);
    if (SDL_Init(SDL_INIT_VIDEO) != 0)
        CHECK(SDL_Init(0) == 0);
    library *lib = st_library(argv[1], 0);
    library *bare = st_library(argv[1], 1);
    CHECK(lib != NULL && bare != NULL);
    if (lib && bare) {
        st_same_run(lib, bare, "hotaru");
        st_same_run(lib, bare, "shirasagi");
        st_bomb_shows(lib);
        st_both_paths(lib);
        st_cutin_readable(lib);
        st_script_shows();
    }
    library_free(lib);
    library_free(bare);
    SDL_Quit();
    return check_done("spectacle");
}
