/*
 * world_view: the game screen drawn headless by the software renderer, from real
 * worlds of the game's stage: a wave (every enemy is drawn where it is, bullets
 * are on the field, the HUD shows the score) and the boss during a spell card
 * (its health bar, the spell card's band, its marker under the field, which the
 * title's demo leaves out: the menus' help line is there); explosions lie under
 * the bullets they go off on; the high score does not fall back after a
 * continue; the replay viewer leaves the field's bottom 120 px to the field, and
 * its first frame shows its own backdrop, not the last screen's. The
 * pictures are written to the build folder for people to look at.
 *
 * usage: test_ui.world_view PATTERNS_DIR OUT_DIR
 * The worlds are run by nobody, without the story's scenes (WORLD_FLAG_NO_SCENES:
 * nobody would read them); game.story has those.
 */
#include "../check.h"
#include "../game/test_library.h"
#include "core/mem.h"
#include "game/autopilot.h"
#include "platform/window.h"
#include "render/atlas.h"
#include "render/frame_view.h"
#include "sim/playfield.h"
#include "ui/app.h"
#include "ui/world_view.h"

#include <SDL.h>
#include <SDL_image.h>

typedef struct rgb {
    int r, g, b;
} rgb;

static rgb wvt_pixel(const SDL_Surface *s, int x, int y)
{
    Uint32 p = ((const Uint32 *)s->pixels)[y * (s->pitch / 4) + x];
    return (rgb){(int)(p >> 16) & 255, (int)(p >> 8) & 255, (int)p & 255};
}

/* Pixels in a rectangle brighter than a level. */
static int wvt_bright(const SDL_Surface *s, int x0, int y0, int x1, int y1, int level)
{
    int n = 0;
    for (int y = y0; y < y1; y++)
        for (int x = x0; x < x1; x++) {
            rgb c = wvt_pixel(s, x, y);
            n += (c.r + c.g + c.b) / 3 > level;
        }
    return n;
}

/* Plays a world with the autopilot for some frames, feeding the view. */
static world *wvt_world(const library *lib, world_config cfg, int frames, world_view *v)
{
    world *w = mem_alloc(sizeof *w);
    CHECK(w && world_init(w, &cfg, lib) == 0);
    autopilot ap;
    autopilot_init(&ap, 1);
    for (int i = 0; i < frames; i++) {
        world_step(w, autopilot_input(&ap, w));
        world_view_step(v, w);
    }
    return w;
}

/* Draws a world on a fresh software renderer, as the game screen or (attract)
 * behind the title; returns the picture. */
static SDL_Surface *wvt_draw(world_view *v, const world *w, int attract, const char *dir,
                             const char *name)
{
    SDL_Surface *s =
        SDL_CreateRGBSurfaceWithFormat(0, LOGICAL_W, LOGICAL_H, 32, SDL_PIXELFORMAT_ARGB8888);
    SDL_Renderer *r = s ? SDL_CreateSoftwareRenderer(s) : NULL;
    CHECK(r != NULL);
    if (!r) {
        SDL_FreeSurface(s);
        return NULL;
    }
    frame_view fv;
    char err[256];
    frame_view_config cfg = {1, WORLD_BULLETS, -1};
    int ok = frame_view_init(&fv, r, &cfg, err, sizeof err) == 0;
    if (!ok)
        fprintf(stderr, "frame_view_init: %s\n", err);
    CHECK(ok);
    if (ok) {
        SDL_SetRenderDrawColor(r, 0, 0, 0, 255);
        SDL_RenderClear(r);
        world_view_extra x = {.high_score = 12345678, .fps = -1.0f, .attract = attract};
        world_view_draw(v, &fv, w, &x);
        SDL_RenderPresent(r);
        frame_view_free(&fv);
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, name);
        CHECK(IMG_SavePNG(s, path) == 0);
    }
    SDL_DestroyRenderer(r);
    return s;
}

/* A wave: enemies where the world has them, bullets, the HUD. */
static void wvt_wave(const library *lib, const char *dir)
{
    static world_view v;
    world_view_init(&v, 3);
    world_config cfg = {
        .seed = 4, .difficulty = 2, .flags = WORLD_FLAG_INVULNERABLE | WORLD_FLAG_NO_SCENES};
    world *w = wvt_world(lib, cfg, 1500, &v);
    CHECK(w->enemies.small > 0 && w->bullets.live > 20);
    SDL_Surface *s = wvt_draw(&v, w, 0, dir, "ui-wave.png");
    if (s) {
        int drawn = 0, checked = 0;
        for (uint32_t i = 0; i < w->enemies.cap; i++) {
            const enemy *e = &w->enemies.slots[i];
            if (e->kind != ENEMY_SMALL || e->x < 12 || e->y < 12 || e->x > PLAYFIELD_W - 12 ||
                e->y > PLAYFIELD_H - 12)
                continue;
            int x = FIELD_VIEW_X + (int)e->x, y = FIELD_VIEW_Y + (int)e->y;
            checked++;
            drawn += wvt_bright(s, x - 6, y - 6, x + 6, y + 6, 90) > 4;
        }
        CHECK(checked > 0);
        CHECK_EQ_INT(drawn, checked);
        /* Bullets light up the field; the score digits are in the panel. */
        CHECK(wvt_bright(s, FIELD_VIEW_X, FIELD_VIEW_Y, FIELD_VIEW_X + (int)PLAYFIELD_W,
                         FIELD_VIEW_Y + (int)PLAYFIELD_H, 150) > 200);
        CHECK(wvt_bright(s, 540, 50, 610, 60, 200) > 40);
        SDL_FreeSurface(s);
    }
    world_free(w);
    mem_free(w);
}

/* The boss during a spell card: its bar, the card's band, its marker. */
static void wvt_spell(const library *lib, const char *dir)
{
    static world_view v;
    world_view_init(&v, 5);
    const library_boss *b = library_find_boss(lib, "s1_kagari");
    CHECK(b != NULL);
    if (!b)
        return;
    int boss = (int)(b - lib->bosses);
    world_config cfg = {.seed = 4,
                        .difficulty = 1,
                        .start = WORLD_START(boss, 1),
                        .flags = WORLD_FLAG_INVULNERABLE | WORLD_FLAG_ONE_PHASE};
    world *w = wvt_world(lib, cfg, 400, &v);
    CHECK(w->boss.active && w->boss.spell);
    SDL_Surface *s = wvt_draw(&v, w, 0, dir, "ui-spell.png");
    if (s) {
        rgb bar = wvt_pixel(s, FIELD_VIEW_X + 8, FIELD_VIEW_Y + 6 + 12 + 2);
        CHECK(bar.r > 200 && bar.g < 120);
        /* The spell card's band under the bar, on the right: a pink line and text. */
        int band_y = FIELD_VIEW_Y + 6 + 22;
        CHECK(wvt_bright(s, FIELD_VIEW_X + 200, band_y, FIELD_VIEW_X + (int)PLAYFIELD_W - 14,
                         band_y + 13, 180) > 30);
        /* "ENEMY" under the field, at the boss's x. */
        int bx = FIELD_VIEW_X + (int)w->enemies.slots[w->boss.slot].x;
        int y0 = FIELD_VIEW_Y + (int)PLAYFIELD_H + 2;
        CHECK(wvt_bright(s, bx - 18, y0, bx + 18, y0 + 11, 120) > 10);
        SDL_FreeSurface(s);
        /* Behind the title the menus' help line is there: no marker. */
        s = wvt_draw(&v, w, 1, dir, "ui-spell-attract.png");
        if (s) {
            CHECK_EQ_INT(wvt_bright(s, bx - 18, y0, bx + 18, y0 + 11, 120), 0);
            SDL_FreeSurface(s);
        }
    }
    world_free(w);
    mem_free(w);
}

/* Explosions never hide a bullet: effects lie under the enemy bullets, so the
 * middle of every (non-additive) bullet with an explosion right on it looks
 * exactly as it does without one. Drawn over the bullets, the explosions' light
 * would bleach them. */
static void wvt_effects_under_bullets(const library *lib, const char *dir)
{
    static world_view v;
    world_view_init(&v, 3);
    world_config cfg = {
        .seed = 4, .difficulty = 2, .flags = WORLD_FLAG_INVULNERABLE | WORLD_FLAG_NO_SCENES};
    world *w = wvt_world(lib, cfg, 1500, &v);
    const bullet_pool *p = &w->bullets;
    float bx[16], by[16];
    int n = 0;
    for (uint32_t b = 0; b < bullet_pool_block_end(p) && n < 16; b++)
        for (uint64_t m = p->alive[b]; m && n < 16; m &= m - 1) {
            uint32_t i = 64 * b + (uint32_t)__builtin_ctzll(m);
            float dx = p->x[i] - w->player.x, dy = p->y[i] - w->player.y;
            if (p->shape[i] == BULLET_SHAPE_BUBBLE || p->x[i] < 30 || p->y[i] < 30 ||
                p->x[i] > PLAYFIELD_W - 30 || p->y[i] > PLAYFIELD_H - 30 ||
                dx * dx + dy * dy < 60 * 60)
                continue;
            bx[n] = p->x[i];
            by[n++] = p->y[i];
        }
    CHECK(n >= 8);
    effects_clear(&v.fx);
    uint64_t tick = v.tick;
    SDL_Surface *plain = wvt_draw(&v, w, 0, dir, "ui-effects-none.png");
    for (int k = 0; k < n; k++)
        effects_burst(&v.fx, ATLAS_SPRITE_EXPLOSION, bx[k], by[k], 1, 0.0f, 24);
    for (int k = 0; k < 8; k++) /* into the blast's brightest frames */
        effects_step(&v.fx);
    v.tick = tick;
    SDL_Surface *lit = wvt_draw(&v, w, 0, dir, "ui-effects-blasts.png");
    if (plain && lit) {
        int same = 0, field_lit = 0;
        for (int k = 0; k < n; k++) {
            int x = FIELD_VIEW_X + (int)bx[k], y = FIELD_VIEW_Y + (int)by[k];
            rgb a = wvt_pixel(plain, x, y), c = wvt_pixel(lit, x, y);
            same += a.r == c.r && a.g == c.g && a.b == c.b;
            /* The blast itself was drawn: beside the bullet the field is lighter. */
            rgb e0 = wvt_pixel(plain, x + 14, y), e1 = wvt_pixel(lit, x + 14, y);
            field_lit += e1.r + e1.g + e1.b > e0.r + e0.g + e0.b + 60;
        }
        CHECK(field_lit > n / 2);
        CHECK_EQ_INT(same, n);
    }
    SDL_FreeSurface(plain);
    SDL_FreeSurface(lit);
    world_free(w);
    mem_free(w);
}

/* A beaten midboss flies off in its own look, not the default boss sprite. */
static void wvt_midboss_look(void)
{
    const char *text = "boss wick2 { look crystal phase time 30 { wait 1000 } }\n"
                       "stage stage1 { midboss wick2 wait 600 }\n";
    library *lib = test_library_compile("test.pat", text);
    CHECK(lib != NULL);
    if (!lib)
        return;
    int crystal = world_view_look_sprite("crystal", ATLAS_SPRITE_BOSS);
    CHECK(crystal != ATLAS_SPRITE_BOSS);
    world *w = mem_alloc(sizeof *w);
    world_config cfg = {.seed = 1, .flags = WORLD_FLAG_INVULNERABLE | WORLD_FLAG_NO_SCENES};
    CHECK(w && world_init(w, &cfg, lib) == 0);
    world_step(w, 0);
    uint32_t slot = w->boss.slot;
    CHECK(slot != ENEMY_NONE);
    if (slot != ENEMY_NONE) {
        const enemy *e = &w->enemies.slots[slot];
        CHECK_EQ_INT(world_view_enemy_sprite(w, e), crystal);
        for (int i = 0; i < 200 && w->boss.active; i++)
            world_step(w, 0);
        world_step(w, 0);
        CHECK(!w->boss.active && e->kind == ENEMY_BOSS && e->leaving);
        CHECK_EQ_INT(world_view_enemy_sprite(w, e), crystal);
    }
    world_free(w);
    mem_free(w);
    library_free(lib);
}

/* After a continue the score starts again from the continues' count; the HUD's
 * high score stays at the run's best credit (what the table will take), not the
 * new score, when the table has nothing higher. */
static void wvt_high_score_after_continue(const char *dir)
{
    world *w = mem_alloc(sizeof *w);
    CHECK(w && world_init(w, &(world_config){.seed = 1}, NULL) == 0);
    if (!w)
        return;
    w->best_score = 14000; /* the first credit's score */
    w->score = 1;          /* after one continue */
    world_view v;
    world_view_init(&v, 5);
    world_view_step(&v, w);
    SDL_Surface *s = wvt_draw(&v, w, 0, dir, "continued.png");
    CHECK_EQ_U64(v.hud.score, 1);
    CHECK_EQ_U64(v.hud.high_score, 12345678); /* the table's best is higher */
    SDL_FreeSurface(s);
    SDL_Surface *pic =
        SDL_CreateRGBSurfaceWithFormat(0, LOGICAL_W, LOGICAL_H, 32, SDL_PIXELFORMAT_ARGB8888);
    SDL_Renderer *r = pic ? SDL_CreateSoftwareRenderer(pic) : NULL;
    frame_view fv;
    char err[256];
    frame_view_config cfg = {1, WORLD_BULLETS, -1};
    CHECK(r && frame_view_init(&fv, r, &cfg, err, sizeof err) == 0);
    if (r) {
        world_view_extra x = {.high_score = 0, .fps = -1.0f};
        world_view_draw(&v, &fv, w, &x);
        CHECK_EQ_U64(v.hud.high_score, 14000);
        frame_view_free(&fv);
        SDL_DestroyRenderer(r);
    }
    SDL_FreeSurface(pic);
    world_free(w);
    mem_free(w);
}

/* Invulnerable after a respawn, the ship blinks: it is on the field in every
 * frame, glowing in some (it used to vanish every other four frames while its
 * options stayed). */
static void wvt_blink(const char *dir)
{
    static world_view v;
    world_view_init(&v, 5);
    static world w;
    CHECK(world_init(&w, &(world_config){.seed = 1}, NULL) == 0);
    w.player.invuln = 100;
    int x = FIELD_VIEW_X + (int)w.player.x, y = FIELD_VIEW_Y + (int)w.player.y;
    int shown = 0;
    for (int i = 0; i < 8; i++) {
        SDL_Surface *s = wvt_draw(&v, &w, 0, dir, "ui-blink.png");
        if (s)
            shown += wvt_bright(s, x - 8, y - 10, x + 8, y + 10, 120) > 10;
        SDL_FreeSurface(s);
    }
    CHECK_EQ_INT(shown, 8);
    world_free(&w);
}

/* An enemy and a boss in art looks draw them (laid out as the game lays out a
 * mod's art); an art shape named after an item's sprite replaces it, the other
 * items keep theirs, a mod's own items are drawn in their looks; without the
 * art, the looks are the built-in sprites. */
static void wvt_art_looks(void)
{
    const char *text = "art a \"a.png\" {\n"
                       "    shape lamp frame 8 8 hitbox 2 frames 2\n"
                       "    shape item_point frame 8 8 hitbox 2\n"
                       "}\n"
                       "boss moon { look lamp phase time 30 { wait 1000 } }\n"
                       "enemy e { look lamp\n wait 900 }\n"
                       "stage stage1 { spawn e at (100, 100) wait 30 midboss moon wait 600 }\n";
    library *lib = test_library_compile("test.pat", text);
    CHECK(lib != NULL);
    if (!lib)
        return;
    atlas_art_spec spec[2] = {{8, 8, 0, 0, 2, 6, 0, "lamp", 0},
                              {8, 8, 0, 0, 1, 6, 0, "item_point", 0}};
    int failed = -1;
    CHECK(atlas_art_layout(spec, 2, &failed) == 0);
    int lamp = ATLAS_LOOK_ART + BULLET_SHAPE_COUNT;
    CHECK_EQ_INT(world_view_item_look(ITEM_POINT), ATLAS_LOOK_ART + BULLET_SHAPE_COUNT + 1);
    CHECK_EQ_INT(world_view_item_look(ITEM_POWER), ATLAS_SPRITE_ITEM_POWER);
    world *w = mem_alloc(sizeof *w);
    world_config cfg = {.seed = 1, .flags = WORLD_FLAG_INVULNERABLE | WORLD_FLAG_NO_SCENES};
    CHECK(w && world_init(w, &cfg, lib) == 0);
    int enemy_seen = 0, boss_seen = 0;
    for (int f = 0; w && f < 80; f++) {
        world_step(w, 0);
        for (uint32_t i = 0; i < w->enemies.cap; i++) {
            const enemy *e = &w->enemies.slots[i];
            if (e->kind == ENEMY_SMALL || e->kind == ENEMY_BOSS) {
                CHECK_EQ_INT(world_view_enemy_sprite(w, e), lamp);
                enemy_seen += e->kind == ENEMY_SMALL;
                boss_seen += e->kind == ENEMY_BOSS;
            }
        }
    }
    CHECK(enemy_seen > 0 && boss_seen > 0);
    /* a mod's own item kinds in their looks: a built-in item's (with its art
     * replacement), a sprite, an art shape; none: the point item's */
    library *items =
        test_library_compile("items.pat", "item a { look life }\n item b { look wisp }\n"
                                          "item c { look lamp }\n item d { gives score 5 }\n"
                                          "art a \"a.png\" { shape lamp frame 8 8 hitbox 2 }\n");
    CHECK(items != NULL);
    if (items) {
        CHECK_EQ_INT(world_view_item_look_of(items, ITEM_KIND_COUNT), ATLAS_SPRITE_ITEM_LIFE);
        CHECK_EQ_INT(world_view_item_look_of(items, ITEM_KIND_COUNT + 1), ATLAS_SPRITE_ENEMY_WISP);
        CHECK_EQ_INT(world_view_item_look_of(items, ITEM_KIND_COUNT + 2), lamp);
        CHECK_EQ_INT(world_view_item_look_of(items, ITEM_KIND_COUNT + 3),
                     ATLAS_LOOK_ART + BULLET_SHAPE_COUNT + 1);
        CHECK_EQ_INT(world_view_item_look_of(items, ITEM_POWER), ATLAS_SPRITE_ITEM_POWER);
        CHECK_EQ_INT(world_view_item_look_of(NULL, ITEM_KIND_COUNT), ATLAS_SPRITE_ITEM_POWER);
        library_free(items);
    }
    atlas_art_clear();
    CHECK_EQ_INT(world_view_item_look(ITEM_POINT), ATLAS_SPRITE_ITEM_POINT);
    for (uint32_t i = 0; w && i < w->enemies.cap; i++)
        if (w->enemies.slots[i].kind == ENEMY_BOSS)
            CHECK_EQ_INT(world_view_enemy_sprite(w, &w->enemies.slots[i]), ATLAS_SPRITE_BOSS);
    world_free(w);
    mem_free(w);
    library_free(lib);
}

/* The replay viewer never covers the field's bottom 120 px (its seek bar, key
 * help and status sat over the ship's spawn height): the game screen watching a
 * replay, drawn whole, has the same pixels there as the field drawn alone from
 * the same state. Its box is in the side panel, off the field. */
static void wvt_replay_leaves_the_field(const library *lib, const char *patterns, const char *dir)
{
    static app a;
    static ui_config cfg;
    static audio silent;
    static world w;
    memset(&a, 0, sizeof a);
    cfg = (ui_config){.lib = lib};
    a.cfg = &cfg;
    a.lib = lib;
    a.sound = &silent;
    a.game.w = &w;
    world_view_init(&a.game.view, 5);
    SDL_Surface *s[2];
    for (int i = 0; i < 2; i++)
        s[i] =
            SDL_CreateRGBSurfaceWithFormat(0, LOGICAL_W, LOGICAL_H, 32, SDL_PIXELFORMAT_ARGB8888);
    SDL_Renderer *r[2] = {SDL_CreateSoftwareRenderer(s[0]), SDL_CreateSoftwareRenderer(s[1])};
    char path[1024], err[256];
    snprintf(path, sizeof path, "%s/../tests/game/replays_practice/practice_states.rpl", patterns);
    CHECK(r[0] && r[1]);
    frame_view_config fcfg = {1, WORLD_BULLETS, -1};
    int ok = r[0] && r[1] && frame_view_init(&a.view, r[0], &fcfg, err, sizeof err) == 0;
    CHECK(ok);
    CHECK(ok && game_start_replay(&a, path) == 0);
    for (int i = 0; ok && i < 30; i++) {
        a.tick++;
        game_update(&a);
    }
    CHECK(a.game.watching && a.game.phase == GAME_RUNNING);
    if (ok && a.game.watching) {
        a.win.renderer = r[0];
        SDL_SetRenderDrawColor(r[0], 0, 0, 0, 255);
        SDL_RenderClear(r[0]);
        /* the frame_view last drew another screen's backdrop (the title's) */
        backdrop before = (backdrop)(BACKDROP_COUNT - 1);
        field_view_set_backdrop(&a.view.field, before, 500);
        a.view.field.shown = 1;
        world_view v = a.game.view;
        field_view f = a.view.field;
        game_draw(&a); /* the whole screen, watching */
        SDL_RenderPresent(r[0]);
        /* the replay's first frame shows its own backdrop, not a fade from it */
        CHECK(a.view.field.scene != before);
        CHECK(a.view.field.from == a.view.field.scene);
        SDL_Surface *whole = SDL_DuplicateSurface(s[0]);
        CHECK(whole != NULL);
        a.game.view = v;
        a.view.field = f;
        SDL_SetRenderDrawColor(r[0], 0, 0, 0, 255);
        SDL_RenderClear(r[0]);
        world_view_extra x = {.high_score = app_high_score(&a, a.game.config.difficulty),
                              .fps = -1.0f};
        world_view_draw(&a.game.view, &a.view, &w, &x); /* the field alone */
        SDL_RenderPresent(r[0]);
        SDL_BlitSurface(s[0], NULL, s[1], NULL);
        SDL_BlitSurface(whole, NULL, s[0], NULL);
        SDL_FreeSurface(whole);
        int differ = 0;
        for (int y = FIELD_VIEW_Y + (int)PLAYFIELD_H - 120; y < FIELD_VIEW_Y + (int)PLAYFIELD_H;
             y++)
            for (int x0 = FIELD_VIEW_X; x0 < FIELD_VIEW_X + (int)PLAYFIELD_W; x0++) {
                rgb p0 = wvt_pixel(s[0], x0, y), p1 = wvt_pixel(s[1], x0, y);
                differ += p0.r != p1.r || p0.g != p1.g || p0.b != p1.b;
            }
        CHECK_EQ_INT(differ, 0);
        SDL_Rect box = game_film_box();
        CHECK(box.x >= FIELD_VIEW_X + (int)PLAYFIELD_W);
        snprintf(path, sizeof path, "%s/replay_viewer.png", dir);
        CHECK(IMG_SavePNG(s[0], path) == 0);
    }
    frame_view_free(&a.view);
    replay_player_free(&a.game.player);
    replay_free(&a.game.film);
    world_free(&w);
    for (int i = 0; i < 2; i++) {
        if (r[i])
            SDL_DestroyRenderer(r[i]);
        SDL_FreeSurface(s[i]);
    }
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: test_ui.world_view PATTERNS_DIR OUT_DIR\n");
        return 2;
    }
    library *lib = test_library_load(argv[1]);
    CHECK(lib != NULL);
    if (lib) {
        wvt_wave(lib, argv[2]);
        wvt_spell(lib, argv[2]);
        wvt_effects_under_bullets(lib, argv[2]);
        wvt_midboss_look();
        wvt_art_looks();
        wvt_high_score_after_continue(argv[2]);
        wvt_blink(argv[2]);
        wvt_replay_leaves_the_field(lib, argv[1], argv[2]);
        library_free(lib);
    }
    SDL_Quit();
    return check_done("world_view");
}
