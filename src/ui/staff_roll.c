/*
 * staff_roll: the credits after an ending. See staff_roll.h.
 */
#include "ui/staff_roll.h"

#include "core/data_path.h"
#include "core/log.h"
#include "pattern/content/backdrop_decl.h"
#include "render/field_view.h"
#include "sim/backdrop.h"
#include "sim/playfield.h"
#include "ui/app.h"
#include "ui/panel.h"

#include <stdio.h>
#include <string.h>

#define STAFF_ROLL_MARGIN 12 /* pixels kept clear at each side of the field */
#define STAFF_ROLL_FADE   48 /* an entry fades in and out over this many pixels at the edges */

/* The height of an entry on the screen: its row and the space under it. */
static int staff_roll_row(const credits_entry *e)
{
    static const int rows[CREDITS_KIND_COUNT] = {
        [CREDITS_TITLE] = 40, [CREDITS_ROLE] = 16, [CREDITS_NAME] = 20,
        [CREDITS_LINE] = 14,  [CREDITS_GAP] = 14,  [CREDITS_END] = 40,
    };
    int h = e->kind < CREDITS_KIND_COUNT ? rows[e->kind] : 0;
    return e->kind == CREDITS_GAP ? h * e->rows : h;
}

int staff_roll_height(const credits *c)
{
    int h = 0;
    for (int i = 0; i < c->count; i++)
        h += staff_roll_row(&c->entries[i]);
    return h;
}

/* The scroll at which the end line stands in the middle of the field, or -1
 * for a roll without one (it scrolls off the top). */
static float staff_roll_stop(const credits *c)
{
    int y = 0;
    for (int i = 0; i < c->count; i++) {
        if (c->entries[i].kind == CREDITS_END)
            return (float)(PLAYFIELD_H / 2 + y + staff_roll_row(&c->entries[i]) / 2);
        y += staff_roll_row(&c->entries[i]);
    }
    return -1.0f;
}

/* The backdrop the roll names: one drawn in code, else one the content
 * declares; none named, dusk. A name neither knows is said where it is
 * written, and dusk shows. Returns a frame_scene backdrop (an id + 1). */
static int staff_roll_backdrop(app *a)
{
    const credits *c = &a->staff.roll;
    if (!c->backdrop[0])
        return BACKDROP_DUSK + 1;
    int b = backdrop_by_name(c->backdrop);
    if (b >= 0)
        return b + 1;
    int k = a->lib ? backdrop_decl_find(a->lib->backdrops, (int)a->lib->backdrop_count, c->backdrop)
                   : -1;
    if (k >= 0)
        return BACKDROP_COUNT + 2 * k + 1;
    log_warn("%s:%d:%d: no backdrop called '%s'", c->path, c->backdrop_line, c->backdrop_col,
             c->backdrop);
    app_toast(a, PANEL_RED, "%s:%d:%d: no backdrop called '%s'", c->path, c->backdrop_line,
              c->backdrop_col, c->backdrop);
    return BACKDROP_DUSK + 1;
}

int staff_roll_begin(app *a)
{
    staff_roll_state *s = &a->staff;
    char dir[1024], err[512] = "the data folder's path is too long";
    memset(s, 0, sizeof *s);
    if (data_path_join(dir, sizeof dir, "patterns") != 0 ||
        credits_load(&s->roll, dir, a->cfg ? a->cfg->mod : NULL, err, sizeof err) != 0) {
        log_warn("staff roll: %s", err);
        app_toast(a, PANEL_RED, "staff roll: %s", err);
        s->over = 1;
        return -1;
    }
    s->backdrop = staff_roll_backdrop(a);
    app_music_cue(a, s->roll.music[0] ? s->roll.music : "title", NULL);
    return 0;
}

int staff_roll_step(app *a)
{
    staff_roll_state *s = &a->staff;
    s->frames++;
    if (s->over)
        return 1;
    int fast = a->held ? STAFF_ROLL_FAST : 1;
    float stop = staff_roll_stop(&s->roll);
    s->pos += STAFF_ROLL_SPEED * (float)fast;
    if (stop >= 0.0f && s->pos >= stop) {
        s->pos = stop;
        s->held_end += fast;
        s->over = s->held_end >= STAFF_ROLL_HOLD;
    } else if (stop < 0.0f && s->pos > PLAYFIELD_H + (float)staff_roll_height(&s->roll)) {
        s->over = 1;
    }
    return s->over;
}

/* A colour with its alpha scaled. */
static SDL_Color staff_roll_fade(SDL_Color c, Uint8 alpha)
{
    c.a = (Uint8)(c.a * alpha / 255);
    return c;
}

/* How opaque an entry from y to y + h is: wholly inside the field, and faded
 * near its top and bottom edges (0: not drawn). */
static Uint8 staff_roll_alpha(int y, int h)
{
    int top = y - FIELD_VIEW_Y, bottom = FIELD_VIEW_Y + (int)PLAYFIELD_H - (y + h);
    int room = top < bottom ? top : bottom;
    if (room < 0)
        return 0;
    return (Uint8)(room >= STAFF_ROLL_FADE ? 255 : room * 255 / STAFF_ROLL_FADE);
}

int staff_roll_at_end(const app *a)
{
    return a->staff.held_end > 0 || a->staff.over;
}

/* One entry with its top at y: centred in the field, in the letters of its
 * kind (a name too wide for its large letters in the small ones), faded by
 * alpha. */
static void staff_roll_entry(app *a, const credits_entry *e, int y, Uint8 alpha)
{
    SDL_Renderer *r = a->win.renderer;
    const atlas_texture *at = &a->view.atlas;
    int cx = FIELD_VIEW_X + (int)PLAYFIELD_W / 2, room = (int)PLAYFIELD_W - 2 * STAFF_ROLL_MARGIN;
    switch (e->kind) {
    case CREDITS_TITLE:
    case CREDITS_END: {
        int big = panel_text_width(ATLAS_FONT_TITLE, 1, e->text) <= room;
        panel_text(r, at, big ? ATLAS_FONT_TITLE : ATLAS_FONT_SMALL, big ? 1 : 2, cx,
                   y + (big ? 4 : 12), TEXT_CENTER, staff_roll_fade(PANEL_GOLD, alpha), e->text);
        break;
    }
    case CREDITS_ROLE:
        panel_text(r, at, ATLAS_FONT_SMALL, 1, cx, y + 2, TEXT_CENTER,
                   staff_roll_fade(PANEL_PINK, alpha), e->text);
        break;
    case CREDITS_NAME: {
        int big = panel_text_width(ATLAS_FONT_SMALL, 2, e->text) <= room;
        panel_text(r, at, ATLAS_FONT_SMALL, big ? 2 : 1, cx, y + (big ? 1 : 5), TEXT_CENTER,
                   staff_roll_fade(PANEL_WHITE, alpha), e->text);
        break;
    }
    case CREDITS_LINE:
        panel_text(r, at, ATLAS_FONT_SMALL, 1, cx, y + 2, TEXT_CENTER,
                   staff_roll_fade(PANEL_DIM, alpha), e->text);
        break;
    default: break;
    }
}

/* The side panel's box (frame_view draws it): what this is and the keys. */
static void staff_roll_side(app *a)
{
    SDL_Renderer *r = a->win.renderer;
    const atlas_texture *at = &a->view.atlas;
    int x = FIELD_VIEW_X + (int)PLAYFIELD_W + 24, y = FIELD_VIEW_Y + 48;
    panel_text(r, at, ATLAS_FONT_SMALL, 2, x, FIELD_VIEW_Y + 16, TEXT_LEFT, PANEL_GOLD,
               "Staff Roll");
    if (staff_roll_at_end(a)) {
        panel_textf(r, at, ATLAS_FONT_SMALL, 1, x, y, TEXT_LEFT, PANEL_DIM, "%s goes on",
                    app_ui_words(a, INPUT_UI_CONFIRM));
        return;
    }
    panel_text(r, at, ATLAS_FONT_SMALL, 1, x, y, TEXT_LEFT, PANEL_DIM, "hold a button: faster");
    panel_textf(r, at, ATLAS_FONT_SMALL, 1, x, y + 14, TEXT_LEFT, PANEL_DIM, "%s or Esc skips",
                app_ui_words(a, INPUT_UI_BACK));
}

void staff_roll_draw(app *a)
{
    staff_roll_state *s = &a->staff;
    SDL_Renderer *r = a->win.renderer;
    frame_scene scene = {.fps = -1.0f, .backdrop = s->backdrop, .backdrop_time = s->frames};
    frame_view_draw(&a->view, &scene);
    SDL_Rect field = {FIELD_VIEW_X, FIELD_VIEW_Y, (int)PLAYFIELD_W, (int)PLAYFIELD_H};
    int fade = s->frames < 60 ? (int)s->frames * 2 : 120;
    panel_fill(r, field, (SDL_Color){0, 0, 12, (Uint8)fade});
    int y = FIELD_VIEW_Y + (int)PLAYFIELD_H - (int)s->pos;
    for (int i = 0; i < s->roll.count; i++) {
        const credits_entry *e = &s->roll.entries[i];
        int h = staff_roll_row(e);
        Uint8 alpha = staff_roll_alpha(y, h);
        if (alpha > 0)
            staff_roll_entry(a, e, y, alpha);
        y += h;
    }
    staff_roll_side(a);
}
