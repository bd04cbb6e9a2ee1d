/*
 * view_draw: the viewer's error box keeps whole diagnostics (a message and the
 * quoted lines under it) and says how many more there are when they do not all
 * fit, counting those the compile gave beyond the text it kept; its rows break
 * at spaces.
 *
 * A pattern's `cutin` and `shake` are drawn as the game draws them: the cut-in
 * changes the field's lower part (and nothing outside the field), the shake
 * moves the field, and with "steady screen" the shake leaves it still.
 *
 * The items scripts drop are drawn where they are, each kind in its own look
 * (the game's, ui/world_view.h's world_view_item_look), and nothing else.
 */
#include "../check.h"
#include "app/view_draw.h"
#include "core/mem.h"
#include "platform/window.h"
#include "render/field_view.h"
#include "sim/playfield.h"
#include "ui/spectacle.h"

#include <SDL.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The sandbox's show callback, as the viewer's (app/view.c). */
static void vt_show(void *user, const vm_show *show, float x, float y)
{
    spectacle_show(user, show, x, y, 0);
}

/* The viewer's picture of pattern p of text after `frames` frames (the
 * spectacle stepped before the sandbox, as the viewer steps them), into out
 * (LOGICAL_W x LOGICAL_H). Returns 0, or -1 if it could not be drawn. */
static int vt_picture(const char *text, int frames, int steady, Uint32 *out)
{
    library_file f = {"shows.pat", text, strlen(text)};
    diag_list diags;
    diag_init(&diags);
    library *lib = library_compile(&f, 1, &diags);
    diag_print(&diags, stderr);
    diag_free(&diags);
    static spectacle show;
    spectacle_clear(&show);
    sandbox_config cfg;
    sandbox_config_default(&cfg);
    cfg.capacity = 1024;
    cfg.show = vt_show;
    cfg.show_user = &show;
    sandbox *sb = lib ? sandbox_create(&cfg) : NULL;
    SDL_Surface *s =
        SDL_CreateRGBSurfaceWithFormat(0, LOGICAL_W, LOGICAL_H, 32, SDL_PIXELFORMAT_ARGB8888);
    SDL_Renderer *r = s ? SDL_CreateSoftwareRenderer(s) : NULL;
    view_draw *d = r ? view_draw_create(r) : NULL;
    int ok = sb && d && sandbox_start(sb, lib, library_find(lib, "p"), NULL) == 0;
    if (ok) {
        for (int i = 0; i < frames; i++) {
            spectacle_step(&show);
            sandbox_step(sb);
        }
        view_panel panel = {.count = 0};
        view_draw_set_spectacle(d, &show);
        view_draw_set_steady(d, steady);
        SDL_SetRenderDrawColor(r, 0, 0, 0, 255);
        SDL_RenderClear(r);
        view_draw_frame(d, sb, lib, 192, 400, &panel);
        ok = SDL_RenderReadPixels(r, NULL, SDL_PIXELFORMAT_ARGB8888, out, LOGICAL_W * 4) == 0;
    }
    view_draw_destroy(d);
    SDL_DestroyRenderer(r);
    SDL_FreeSurface(s);
    sandbox_destroy(sb);
    library_free(lib);
    return ok ? 0 : -1;
}

/* How many pixels of the rectangle differ between two pictures. */
static int vt_differ(const Uint32 *a, const Uint32 *b, SDL_Rect box)
{
    int n = 0;
    for (int y = box.y; y < box.y + box.h; y++)
        for (int x = box.x; x < box.x + box.w; x++)
            n += a[y * LOGICAL_W + x] != b[y * LOGICAL_W + x];
    return n;
}

/* A pattern's cut-in and shake in the viewer. */
static void vt_spectacle(void)
{
    static const char plain[] = "pattern p {\n"
                                "    fire orb ring 12 speed 0.5\n"
                                "    wait 300\n"
                                "}\n";
    static const char cutin[] = "pattern p {\n"
                                "    cutin \"View Sign\" red over 100\n"
                                "    fire orb ring 12 speed 0.5\n"
                                "    wait 300\n"
                                "}\n";
    static const char shake[] = "pattern p {\n"
                                "    shake 12 over 100\n"
                                "    fire orb ring 12 speed 0.5\n"
                                "    wait 300\n"
                                "}\n";
    size_t n = (size_t)LOGICAL_W * LOGICAL_H;
    Uint32 *a = mem_alloc(n * 4), *b = mem_alloc(n * 4), *c = mem_alloc(n * 4);
    CHECK(a && b && c);
    if (!a || !b || !c) {
        mem_free(a), mem_free(b), mem_free(c);
        return;
    }
    SDL_Rect field = {FIELD_VIEW_X, FIELD_VIEW_Y, (int)PLAYFIELD_W, (int)PLAYFIELD_H};
    SDL_Rect lower = {FIELD_VIEW_X, FIELD_VIEW_Y + (int)PLAYFIELD_H - 220, (int)PLAYFIELD_W, 220};
    SDL_Rect upper = {FIELD_VIEW_X, FIELD_VIEW_Y, (int)PLAYFIELD_W, 100};
    int right = FIELD_VIEW_X + (int)PLAYFIELD_W;
    SDL_Rect beside = {right, 0, LOGICAL_W - right, LOGICAL_H};
    /* the same pattern twice: the same picture (a difference below is the show's) */
    CHECK(vt_picture(plain, 40, 0, a) == 0 && vt_picture(plain, 40, 0, b) == 0);
    CHECK_EQ_INT(vt_differ(a, b, (SDL_Rect){0, 0, LOGICAL_W, LOGICAL_H}), 0);
    /* the cut-in: its band, portrait and name over the field's lower part, not
     * over its top (where the bullets come from) nor outside the field */
    CHECK(vt_picture(cutin, 40, 0, b) == 0);
    int lower_px = vt_differ(a, b, lower);
    printf("cut-in: %d px differ in the field's lower part, %d in its top, %d beside it\n",
           lower_px, vt_differ(a, b, upper), vt_differ(a, b, beside));
    CHECK(lower_px > 5000);
    CHECK_EQ_INT(vt_differ(a, b, upper), 0);
    CHECK_EQ_INT(vt_differ(a, b, beside), 0);
    /* after its 100 frames it is gone */
    CHECK(vt_picture(plain, 130, 0, a) == 0 && vt_picture(cutin, 130, 0, b) == 0);
    CHECK_EQ_INT(vt_differ(a, b, field), 0);
    /* the shake moves the field's sprites (the ring, the player); steady: still */
    CHECK(vt_picture(plain, 20, 0, a) == 0 && vt_picture(shake, 20, 0, b) == 0 &&
          vt_picture(shake, 20, 1, c) == 0);
    int shaken = vt_differ(a, b, field), steady = vt_differ(a, c, field);
    printf("shake: %d px of the field differ, %d with steady screen\n", shaken, steady);
    CHECK(shaken > 100);
    CHECK_EQ_INT(steady, 0);
    mem_free(a);
    mem_free(b);
    mem_free(c);
}

/* A curvy laser of 200 nodes is drawn whole in the viewer: after 150 frames
 * its body covers the head's whole path, where one of 60 nodes covers the
 * last 60 steps only. */
static void vt_long_laser(void)
{
    static const char longer[] = "pattern p {\n"
                                 "    laser curvy red at 180 speed 2 length 200 width 10\n"
                                 "    wait 300\n"
                                 "}\n";
    static const char shorter[] = "pattern p {\n"
                                  "    laser curvy red at 180 speed 2 length 60 width 10\n"
                                  "    wait 300\n"
                                  "}\n";
    size_t n = (size_t)LOGICAL_W * LOGICAL_H;
    Uint32 *a = mem_alloc(n * 4), *b = mem_alloc(n * 4);
    CHECK(a && b);
    if (a && b) {
        SDL_Rect field = {FIELD_VIEW_X, FIELD_VIEW_Y, (int)PLAYFIELD_W, (int)PLAYFIELD_H};
        CHECK(vt_picture(longer, 150, 0, a) == 0 && vt_picture(shorter, 150, 0, b) == 0);
        int more = vt_differ(a, b, field);
        printf("long laser: %d px of the field differ from the short one's\n", more);
        /* the 140 nodes more: 280 px of path, about 10 px wide */
        CHECK(more > 1500);
    }
    mem_free(a);
    mem_free(b);
}

/* Items dropped in the viewer: drawn where they fell to, nothing elsewhere;
 * a point item and a power item at the same place look different. */
static void vt_items(void)
{
    static const char none[] = "pattern p {\n"
                               "    wait 300\n"
                               "}\n";
    static const char points[] = "pattern p {\n"
                                 "    drop point 5 at (80, 200)\n"
                                 "    wait 300\n"
                                 "}\n";
    static const char powers[] = "pattern p {\n"
                                 "    drop power 5 at (80, 200)\n"
                                 "    wait 300\n"
                                 "}\n";
    size_t n = (size_t)LOGICAL_W * LOGICAL_H;
    Uint32 *a = mem_alloc(n * 4), *b = mem_alloc(n * 4), *c = mem_alloc(n * 4);
    CHECK(a && b && c);
    if (a && b && c) {
        /* after 20 frames the row has popped up 30 px or so and spread a little */
        SDL_Rect near = {FIELD_VIEW_X + 30, FIELD_VIEW_Y + 130, 100, 90};
        SDL_Rect far = {FIELD_VIEW_X + 200, FIELD_VIEW_Y, (int)PLAYFIELD_W - 200, 300};
        CHECK(vt_picture(none, 20, 0, a) == 0 && vt_picture(points, 20, 0, b) == 0 &&
              vt_picture(powers, 20, 0, c) == 0);
        int drawn = vt_differ(a, b, near), kinds = vt_differ(b, c, near);
        printf("items: %d px where five point items are, %d between points and powers, %d "
               "elsewhere\n",
               drawn, kinds, vt_differ(a, b, far));
        CHECK(drawn > 5 * 60);
        CHECK(kinds > 5 * 30);
        CHECK_EQ_INT(vt_differ(a, b, far), 0);
    }
    mem_free(a);
    mem_free(b);
    mem_free(c);
}

/* n diagnostics of three rows each (message, quoted line, caret). */
static void vt_errors(char *out, size_t size, int n)
{
    out[0] = 0;
    for (int i = 0; i < n; i++) {
        size_t at = strlen(out);
        snprintf(out + at, size - at,
                 "p.pat:%d:9: unknown name 'x%d'\n    fire at x%d\n        ^\n", i + 1, i, i);
    }
}

int main(void)
{
    static char text[8192];
    int more = -1;
    /* All fit: all of it, nothing more. */
    vt_errors(text, sizeof text, 3);
    CHECK_EQ_INT(view_draw_fit_errors(text, 60, 9, 0, &more), strlen(text));
    CHECK_EQ_INT(more, 0);
    /* Ten in 24 rows: seven whole ones in the 23 above the "more" line, three more. */
    vt_errors(text, sizeof text, 10);
    size_t len = view_draw_fit_errors(text, 60, 24, 0, &more);
    CHECK_EQ_INT(more, 3);
    char seven[4096];
    vt_errors(seven, sizeof seven, 7);
    CHECK_EQ_INT(len, strlen(seven));
    CHECK(strncmp(text, seven, len) == 0);
    /* Exactly as many rows as there are: no "more" line needed. */
    vt_errors(text, sizeof text, 8);
    CHECK_EQ_INT(view_draw_fit_errors(text, 60, 24, 0, &more), strlen(text));
    CHECK_EQ_INT(more, 0);
    /* The compile gave more than the text holds: those count too. */
    vt_errors(text, sizeof text, 3);
    len = view_draw_fit_errors(text, 60, 24, 40, &more);
    CHECK_EQ_INT(len, strlen(text));
    CHECK_EQ_INT(more, 37);
    /* Narrow rows: wrapped lines take their rows (3 + 2 + 1 each at 10 columns). */
    vt_errors(text, sizeof text, 2);
    CHECK_EQ_INT(view_draw_fit_errors(text, 10, 12, 0, &more), strlen(text));
    CHECK_EQ_INT(more, 0);
    len = view_draw_fit_errors(text, 10, 11, 0, &more);
    CHECK_EQ_INT(more, 1);
    CHECK(len > 0 && text[len - 1] == '\n' && strncmp(text + len, "p.pat:2:", 8) == 0);
    /* A first diagnostic longer than the box is kept (the box cuts it). */
    vt_errors(text, sizeof text, 2);
    len = view_draw_fit_errors(text, 60, 2, 0, &more);
    CHECK_EQ_INT(more, 1);
    CHECK(strncmp(text + len, "p.pat:2:", 8) == 0);
    /* Rows break at spaces, not inside words; a word longer than a row is cut. */
    static const struct {
        const char *text;
        int cols;
        const char *rows[6];
    } wraps[] = {
        {"the quick brown fox", 10, {"the quick", "brown fox"}},
        {"the quick brown", 9, {"the quick", "brown"}},
        {"unbreakable words", 5, {"unbre", "akabl", "e", "words"}},
        {"a b\n  indented line", 10, {"a b", "  indented", "line"}},
        {"runaway script: more than", 14, {"runaway", "script: more", "than"}},
        {"ends here   \nnext", 9, {"ends here", "next"}},
    };
    for (size_t w = 0; w < sizeof wraps / sizeof wraps[0]; w++) {
        const char *s = wraps[w].text;
        int r = 0;
        while (*s && r < 6) {
            size_t next, n = view_draw_row(s, wraps[w].cols, 0, &next);
            const char *want = wraps[w].rows[r] ? wraps[w].rows[r] : "(none)";
            CHECK(n == strlen(want) && strncmp(s, want, n) == 0);
            CHECK(next > 0);
            s += next;
            r++;
        }
        int want_rows = 0;
        while (want_rows < 6 && wraps[w].rows[want_rows])
            want_rows++;
        CHECK_EQ_INT(r, want_rows);
    }
    /* A quoted source line and its caret are cut at the column, so the caret
     * stays under its character (column 14: the third of row 2 in both). */
    const char *quote = "    fire at undefined + 1", *caret = "              ^";
    size_t next1, next2;
    CHECK_EQ_INT(view_draw_row(quote, 12, 1, &next1), 12);
    CHECK_EQ_INT(view_draw_row(caret, 12, 1, &next2), 12);
    CHECK(next1 == 12 && next2 == 12 && quote[14] == 'd' && caret[14] == '^');
    /* The box counts rows as it wraps them: the first diagnostic takes 3 rows at
     * 10 columns (2 if cut anywhere), so the second does not fit in 3. */
    CHECK_EQ_INT(view_draw_fit_errors("aaaaaa bbbbbb ccccc\nx\n", 10, 3, 0, &more), 20);
    CHECK_EQ_INT(more, 1);
    setenv("SDL_VIDEODRIVER", "offscreen", 0);
    if (SDL_Init(SDL_INIT_VIDEO) != 0)
        CHECK(SDL_Init(0) == 0);
    vt_spectacle();
    vt_long_laser();
    vt_items();
    SDL_Quit();
    return check_done("view_draw");
}
