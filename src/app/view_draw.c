/*
 * view_draw: the sandbox window's drawing, through the game's renderer
 * (render/frame_view.h): the backdrop, the atlas's bullets, enemies and ship,
 * and the panel's text in the atlas font. The font is monospaced, so an
 * error's caret lines up under its column. See view_draw.h.
 */
#include "app/view_draw.h"

#include "core/mem.h"
#include "platform/window.h"
#include "render/atlas.h"
#include "render/frame_view.h"
#include "render/text.h"
#include "sim/bullet_pool.h"
#include "sim/playfield.h"
#include "ui/dialogue_box.h"
#include "ui/spectacle.h"
#include "ui/world_view.h"

#include <stdio.h>
#include <string.h>

#define VD_ERROR_ROWS 24
#define VD_PRINT_ROWS 6

struct view_draw {
    SDL_Renderer *r;
    frame_view fv;
    int ready;
    /* the bullets of a frame, in the renderer's form */
    float *x, *y, *dx, *dy;
    uint8_t *shape, *color;
    uint32_t *born; /* 0 - age: with now 0, the age an animated shape's frame is picked by */
    float *scale;   /* styles (sandbox_object's), handed over when some bullet has one */
    uint8_t *alpha, *flags;
    uint32_t capacity;
    /* what the enemies callback draws */
    const sandbox_object *objs;
    uint32_t nobjs;
    const item_list *items;
    const library *lib;
    const spectacle *show; /* effects, washes, shakes and cut-ins, as the game's */
    int steady;            /* the "steady screen" option: no shake */
    rng visual;            /* the shake's offsets (never logic) */
};

void view_draw_set_spectacle(view_draw *d, const spectacle *s)
{
    d->show = s;
}

void view_draw_set_steady(view_draw *d, int steady)
{
    d->steady = steady;
}

int view_draw_load_art(view_draw *d, const library *lib, char *err, size_t err_size)
{
    return world_view_load_art(&d->fv, lib, err, err_size);
}

view_draw *view_draw_create(SDL_Renderer *r)
{
    view_draw *d = mem_calloc(1, sizeof *d);
    if (!d)
        return NULL;
    d->r = r;
    d->capacity = 65536;
    rng_seed(&d->visual, 0x7669657773ull);
    frame_view_config cfg = {0x7669657775ull, (int)d->capacity, -1};
    char err[256];
    d->ready = frame_view_init(&d->fv, r, &cfg, err, sizeof err) == 0;
    if (!d->ready)
        fprintf(stderr, "curtain view: %s\n", err);
    d->x = mem_alloc(d->capacity * sizeof *d->x);
    d->y = mem_alloc(d->capacity * sizeof *d->y);
    d->dx = mem_alloc(d->capacity * sizeof *d->dx);
    d->dy = mem_alloc(d->capacity * sizeof *d->dy);
    d->shape = mem_alloc(d->capacity);
    d->color = mem_alloc(d->capacity);
    d->born = mem_alloc(d->capacity * sizeof *d->born);
    d->scale = mem_alloc(d->capacity * sizeof *d->scale);
    d->alpha = mem_alloc(d->capacity);
    d->flags = mem_alloc(d->capacity);
    if (!d->ready || !d->x || !d->y || !d->dx || !d->dy || !d->shape || !d->color || !d->born ||
        !d->scale || !d->alpha || !d->flags) {
        view_draw_destroy(d);
        return NULL;
    }
    return d;
}

void view_draw_destroy(view_draw *d)
{
    if (!d)
        return;
    if (d->ready)
        frame_view_free(&d->fv);
    mem_free(d->x);
    mem_free(d->y);
    mem_free(d->dx);
    mem_free(d->dy);
    mem_free(d->shape);
    mem_free(d->color);
    mem_free(d->born);
    mem_free(d->scale);
    mem_free(d->alpha);
    mem_free(d->flags);
    mem_free(d);
}

/* The look (render/atlas.h) an enemy wears: a mod's art shape of that name, the
 * sprite itself ("boss"), or with "enemy_" before it ("drone"); a default when
 * it names none. A boss wears its boss's look (`look` in its `boss` block), as
 * in the game (world_view). */
static int vd_enemy_look(const view_draw *d, const sandbox_object *o)
{
    int fallback = o->enemy == 2 ? ATLAS_SPRITE_BOSS : ATLAS_SPRITE_ENEMY_DRONE;
    if (o->enemy == 2 && d->lib && o->boss >= 0 && (uint32_t)o->boss < d->lib->boss_count)
        return atlas_look_by_name(d->lib->bosses[o->boss].look, fallback);
    const vm_program *p = d->lib ? d->lib->prog : NULL;
    if (!p || o->look >= p->string_count)
        return fallback;
    return atlas_look_by_name(p->strings[o->look], fallback);
}

/* frame_view's callback: the enemies and bosses, and the items, into the
 * field's batch. */
static void vd_add_enemies(sprite_batch *batch, void *user)
{
    view_draw *d = user;
    if (d->show)
        spectacle_add_quads(d->show, &d->fv.field.quads, batch, BULLET_PALETTE_NORMAL, 0);
    for (uint32_t i = 0; i < d->nobjs; i++) {
        const sandbox_object *o = &d->objs[i];
        if (o->enemy)
            field_view_add_look(&d->fv.field, FIELD_LAYER_ENEMIES, vd_enemy_look(d, o),
                                (int)(d->fv.field.tick / 6), o->age, o->x, o->y);
    }
    world_view_add_items(&d->fv.field, d->lib, d->items, (int64_t)d->fv.field.tick);
}

size_t view_draw_row(const char *s, int cols, int quoted, size_t *next)
{
    size_t n = 0, space = 0; /* space: the last space after a word, 0 if none */
    while (s[n] && s[n] != '\n' && n < (size_t)cols) {
        if (s[n] == ' ' && n > 0 && s[n - 1] != ' ')
            space = n;
        n++;
    }
    if (!s[n] || s[n] == '\n' || quoted) { /* the line ends within the row, or is cut */
        *next = n + (s[n] == '\n');
        return n;
    }
    size_t shown = s[n] == ' ' ? n : space ? space : n; /* between words, or cut a long one */
    size_t after = shown;
    while (s[after] == ' ') /* the spaces at the break go, and a line end just after */
        after++;
    *next = after + (after > shown && s[after] == '\n');
    return shown;
}

/* Text of one or more lines, tabs as spaces, at most `rows` lines of `cols`
 * characters (longer lines wrap, at spaces where they can: view_draw_row; lines
 * that start with a space, the quoted source and its caret, at the column).
 * Returns the lines used. */
static int vd_text_box(view_draw *d, int x, int y, int cols, int rows, const char *s,
                       SDL_Color colour)
{
    int lh = text_line_height(ATLAS_FONT_SMALL);
    char line[160];
    if (cols > (int)sizeof line - 1)
        cols = (int)sizeof line - 1;
    int row = 0, quoted = *s == ' ';
    while (*s && row < rows) {
        size_t next, n = view_draw_row(s, cols, quoted, &next);
        for (size_t i = 0; i < n; i++)
            line[i] = s[i] == '\t' ? ' ' : s[i];
        line[n] = 0;
        text_draw(d->r, &d->fv.atlas, ATLAS_FONT_SMALL, x, y + row * lh, TEXT_LEFT, colour, line);
        s += next;
        if (s[-1] == '\n')
            quoted = *s == ' ';
        row++;
    }
    return row;
}

/* The rows the first n bytes of s take once wrapped at cols characters. */
static int vd_rows(const char *s, size_t n, int cols)
{
    int rows = 0, quoted = *s == ' ';
    for (size_t i = 0, next; i < n && s[i]; i += next) {
        view_draw_row(s + i, cols, quoted, &next);
        if (s[i + next - 1] == '\n')
            quoted = s[i + next] == ' ';
        rows++;
    }
    return rows;
}

/* The end of the diagnostic that starts at s: its first line and the indented
 * lines under it (the quoted source and the caret). */
static const char *vd_diag_end(const char *s)
{
    const char *nl = strchr(s, '\n');
    while (nl && nl[1] == ' ')
        nl = strchr(nl + 1, '\n');
    return nl ? nl + 1 : s + strlen(s);
}

size_t view_draw_fit_errors(const char *error, int cols, int rows, int total, int *more)
{
    int in_text = 0;
    for (const char *p = error; *p; p = vd_diag_end(p))
        in_text++;
    if (total < in_text)
        total = in_text;
    size_t len = strlen(error);
    *more = 0;
    if (total == in_text && vd_rows(error, len, cols) <= rows)
        return len; /* all of it */
    int shown = 0, used = 0;
    const char *end = error;
    while (*end) {
        const char *next = vd_diag_end(end);
        int r = vd_rows(end, (size_t)(next - end), cols);
        if (used + r > rows - 1 && shown > 0)
            break;
        used += r;
        shown++;
        end = next; /* the first is shown however long, cut to the rows there are */
    }
    *more = total - shown;
    return (size_t)(end - error);
}

/* Where the field's sprites, lasers and effects are drawn from (a shake moves
 * it, as world_view_draw does). */
static void vd_set_origin(field_view *f, float x, float y)
{
    sprite_batch_set_origin(&f->batch, x, y);
    laser_mesh_set_origin(&f->lasers, x, y);
    effect_quads_set_origin(&f->quads, x, y);
}

/* The script's cut-in, as the game draws a boss's or a stage's: the portrait
 * of the boss on the field (its character's, else its look), else the boss
 * sprite (ui/world_view.h's world_view_draw_show_cutin). */
static void vd_draw_cutin(view_draw *d, const library *lib)
{
    if (!d->show || !d->show->cutin_len)
        return;
    int sprite = ATLAS_SPRITE_BOSS, ch = -1;
    for (uint32_t i = 0; i < d->nobjs; i++) {
        const sandbox_object *o = &d->objs[i];
        if (o->enemy != 2)
            continue;
        sprite = vd_enemy_look(d, o);
        if (lib && o->boss >= 0 && (uint32_t)o->boss < lib->boss_count)
            ch = lib->bosses[o->boss].character;
        break;
    }
    world_view_draw_show_cutin(&d->fv, d->show, lib, ch, sprite, BULLET_PALETTE_NORMAL);
}

void view_draw_frame(view_draw *d, const sandbox *sb, const library *lib, double player_x,
                     double player_y, const view_panel *panel)
{
    if (!d)
        return;
    frame_view_update(&d->fv);
    uint32_t n;
    const sandbox_object *objs = sandbox_objects(sb, &n);
    int count = 0, styled = 0;
    for (uint32_t i = 0; i < n && (uint32_t)count < d->capacity; i++) {
        const sandbox_object *o = &objs[i];
        if (o->enemy)
            continue;
        int shape = library_look_shape(o->look), colour = library_look_colour(o->look);
        d->x[count] = o->x;
        d->y[count] = o->y;
        d->dx[count] = o->dir_x;
        d->dy[count] = o->dir_y;
        d->shape[count] = (uint8_t)(shape >= 0 ? shape : BULLET_SHAPE_ORB);
        d->color[count] = (uint8_t)(colour >= 0 ? colour : BULLET_COLOR_WHITE);
        d->born[count] = 0u - o->age;
        d->scale[count] = o->scale;
        d->alpha[count] = o->alpha;
        d->flags[count] = o->additive ? BULLET_FLAG_ADDITIVE : 0;
        styled |= o->scale != 1.0f || o->alpha != 255 || o->additive;
        count++;
    }
    sprite_bullets bullets = {count,   d->x, d->y, d->dx, d->dy, d->shape, d->color, NULL,
                              d->born, 1,    0,    NULL,  NULL,  NULL,     0};
    if (styled) {
        bullets.scale = d->scale;
        bullets.alpha = d->alpha;
        bullets.flags = d->flags;
        bullets.additive_flag = BULLET_FLAG_ADDITIVE;
    }
    player ship = {.x = (float)player_x, .y = (float)player_y, .focused = 1};
    d->objs = objs;
    d->nobjs = n;
    d->items = sandbox_items(sb);
    d->lib = lib;
    /* the backdrop as the game would show it there (pattern/content/backdrop_cue.h) */
    int32_t frame = sandbox_frame(sb);
    frame_scene scene = {.player = &ship,
                         .bullets = &bullets,
                         .add_sprites = vd_add_enemies,
                         .user = d,
                         .fps = -1.0f,
                         .lasers = sandbox_lasers(sb),
                         .backdrop = sandbox_backdrop(sb) + 1,
                         .backdrop_time = frame > 0 ? (uint64_t)frame : 0};
    /* the field shaken as the game shakes it (ui/world_view.c) */
    float sx = 0, sy = 0;
    if (d->show)
        spectacle_offset(d->show, 0.0f, d->steady, &d->visual, &sx, &sy);
    vd_set_origin(&d->fv.field, FIELD_VIEW_X + sx, FIELD_VIEW_Y + sy);
    frame_view_draw(&d->fv, &scene);
    vd_set_origin(&d->fv.field, FIELD_VIEW_X, FIELD_VIEW_Y);
    /* a dialogue scene and a cut-in, as the game draws them */
    dialogue_box_draw(d->fv.renderer, &d->fv.atlas, sandbox_dialogue(sb), lib, FIELD_VIEW_X,
                      FIELD_VIEW_Y, frame, 60);
    vd_draw_cutin(d, lib);
    view_draw_panel(d, panel);
}

void view_draw_world(view_draw *d, world_view *wv, const world *w, const view_panel *panel)
{
    if (!d)
        return;
    frame_view_update(&d->fv);
    world_view_extra x = {.fps = -1.0f, .attract = 1};
    world_view_draw(wv, &d->fv, w, &x);
    /* the world's side panel gives way to the viewer's */
    int px = FIELD_VIEW_X + (int)PLAYFIELD_W + 8;
    SDL_Rect side = {px, 0, LOGICAL_W - px, LOGICAL_H};
    SDL_SetRenderDrawBlendMode(d->r, SDL_BLENDMODE_NONE);
    SDL_SetRenderDrawColor(d->r, 12, 6, 28, 255);
    SDL_RenderFillRect(d->r, &side);
    view_draw_panel(d, panel);
}

void view_draw_panel(view_draw *d, const view_panel *panel)
{
    /* the panel: what runs and how it goes */
    SDL_Color text = {230, 232, 245, 255}, dim = {150, 160, 195, 255};
    int lh = text_line_height(ATLAS_FONT_SMALL);
    int px = FIELD_VIEW_X + (int)PLAYFIELD_W + 20;
    int cols = (LOGICAL_W - px - 8) / atlas_font_metrics_of(ATLAS_FONT_SMALL).advance;
    int y = FIELD_VIEW_Y + 10;
    for (int i = 0; i < panel->count; i++, y += lh + 3)
        y += (vd_text_box(d, px, y, cols, 2, panel->lines[i], i < 2 ? text : dim) - 1) * lh;
    if (panel->help) /* under the panel's box, above the logo */
        vd_text_box(d, px - 4, FIELD_VIEW_Y + 160, cols + 1, 10, panel->help, dim);

    /* the scripts' last print lines, over the top of the field, newest at the bottom */
    if (panel->prints && panel->prints[0]) {
        int pcols = ((int)PLAYFIELD_W - 8) / atlas_font_metrics_of(ATLAS_FONT_SMALL).advance;
        int rows = vd_rows(panel->prints, strlen(panel->prints), pcols);
        rows = rows > VD_PRINT_ROWS ? VD_PRINT_ROWS : rows;
        SDL_Rect box = {FIELD_VIEW_X, FIELD_VIEW_Y, (int)PLAYFIELD_W, rows * lh + 8};
        SDL_SetRenderDrawBlendMode(d->r, SDL_BLENDMODE_BLEND);
        SDL_SetRenderDrawColor(d->r, 0, 20, 40, 200);
        SDL_RenderFillRect(d->r, &box);
        SDL_Color ink = {190, 230, 255, 255};
        vd_text_box(d, box.x + 4, box.y + 4, pcols, rows, panel->prints, ink);
    }

    /* a broken edit's errors, over the bottom of the field: the diagnostics that
     * fit, and how many more the terminal has */
    if (panel->error && panel->error[0]) {
        int ecols = ((int)PLAYFIELD_W - 8) / atlas_font_metrics_of(ATLAS_FONT_SMALL).advance;
        int more = 0;
        size_t len =
            view_draw_fit_errors(panel->error, ecols, VD_ERROR_ROWS, panel->error_count, &more);
        int rows = vd_rows(panel->error, len, ecols) + (more > 0);
        rows = rows < 2 ? 2 : rows > VD_ERROR_ROWS ? VD_ERROR_ROWS : rows;
        SDL_Rect box = {FIELD_VIEW_X, FIELD_VIEW_Y + (int)PLAYFIELD_H - rows * lh - 8,
                        (int)PLAYFIELD_W, rows * lh + 8};
        SDL_SetRenderDrawBlendMode(d->r, SDL_BLENDMODE_BLEND);
        SDL_SetRenderDrawColor(d->r, 70, 0, 0, 225);
        SDL_RenderFillRect(d->r, &box);
        SDL_Color err = {255, 205, 205, 255}, faint = {230, 160, 160, 255};
        char shown[4096];
        snprintf(shown, sizeof shown, "%.*s", (int)len, panel->error);
        vd_text_box(d, box.x + 4, box.y + 4, ecols, rows - (more > 0), shown, err);
        if (more > 0)
            text_drawf(d->r, &d->fv.atlas, ATLAS_FONT_SMALL, box.x + 4, box.y + 4 + (rows - 1) * lh,
                       TEXT_LEFT, faint, "and %d more (see the terminal)", more);
    }
}
