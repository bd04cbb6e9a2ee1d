/*
 * view_draw: the sandbox window's drawing, with SDL's own primitives: bullets
 * as batched triangle fans (one SDL_RenderGeometry per chunk), text in a small
 * built-in 5x7 font. See view_draw.h.
 */
#include "app/view_draw.h"

#include "core/mem.h"
#include "render/field_view.h"
#include "sim/bullet_kind.h"
#include "sim/playfield.h"

#include <math.h>
#include <string.h>

#define VD_PI         3.14159265358979323846
#define VD_SIDES      10
#define VD_CHUNK      2048 /* bullets per geometry call */
#define VD_CELL_W     6
#define VD_CELL_H     9
#define VD_ERROR_COLS 63 /* characters across the field */
#define VD_ERROR_ROWS 24

/* The 5x7 font, ASCII 32..126: seven rows per glyph, bit 4 the left column. */
static const unsigned char vd_font[95][7] = {
    {0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00}, {0x04, 0x04, 0x04, 0x04, 0x04, 0x00, 0x04},
    {0x0A, 0x0A, 0x0A, 0x00, 0x00, 0x00, 0x00}, {0x0A, 0x0A, 0x1F, 0x0A, 0x1F, 0x0A, 0x0A},
    {0x04, 0x0F, 0x14, 0x0E, 0x05, 0x1E, 0x04}, {0x18, 0x19, 0x02, 0x04, 0x08, 0x13, 0x03},
    {0x0C, 0x12, 0x14, 0x08, 0x15, 0x12, 0x0D}, {0x0C, 0x04, 0x08, 0x00, 0x00, 0x00, 0x00},
    {0x02, 0x04, 0x08, 0x08, 0x08, 0x04, 0x02}, {0x08, 0x04, 0x02, 0x02, 0x02, 0x04, 0x08},
    {0x00, 0x04, 0x15, 0x0E, 0x15, 0x04, 0x00}, {0x00, 0x04, 0x04, 0x1F, 0x04, 0x04, 0x00},
    {0x00, 0x00, 0x00, 0x00, 0x0C, 0x04, 0x08}, {0x00, 0x00, 0x00, 0x1F, 0x00, 0x00, 0x00},
    {0x00, 0x00, 0x00, 0x00, 0x00, 0x0C, 0x0C}, {0x00, 0x01, 0x02, 0x04, 0x08, 0x10, 0x00},
    {0x0E, 0x11, 0x13, 0x15, 0x19, 0x11, 0x0E}, {0x04, 0x0C, 0x04, 0x04, 0x04, 0x04, 0x0E},
    {0x0E, 0x11, 0x01, 0x02, 0x04, 0x08, 0x1F}, {0x1F, 0x02, 0x04, 0x02, 0x01, 0x11, 0x0E},
    {0x02, 0x06, 0x0A, 0x12, 0x1F, 0x02, 0x02}, {0x1F, 0x10, 0x1E, 0x01, 0x01, 0x11, 0x0E},
    {0x06, 0x08, 0x10, 0x1E, 0x11, 0x11, 0x0E}, {0x1F, 0x01, 0x02, 0x04, 0x08, 0x08, 0x08},
    {0x0E, 0x11, 0x11, 0x0E, 0x11, 0x11, 0x0E}, {0x0E, 0x11, 0x11, 0x0F, 0x01, 0x02, 0x0C},
    {0x00, 0x0C, 0x0C, 0x00, 0x0C, 0x0C, 0x00}, {0x00, 0x0C, 0x0C, 0x00, 0x0C, 0x04, 0x08},
    {0x02, 0x04, 0x08, 0x10, 0x08, 0x04, 0x02}, {0x00, 0x00, 0x1F, 0x00, 0x1F, 0x00, 0x00},
    {0x08, 0x04, 0x02, 0x01, 0x02, 0x04, 0x08}, {0x0E, 0x11, 0x01, 0x02, 0x04, 0x00, 0x04},
    {0x0E, 0x11, 0x01, 0x0D, 0x15, 0x15, 0x0E}, {0x0E, 0x11, 0x11, 0x11, 0x1F, 0x11, 0x11},
    {0x1E, 0x11, 0x11, 0x1E, 0x11, 0x11, 0x1E}, {0x0E, 0x11, 0x10, 0x10, 0x10, 0x11, 0x0E},
    {0x1C, 0x12, 0x11, 0x11, 0x11, 0x12, 0x1C}, {0x1F, 0x10, 0x10, 0x1E, 0x10, 0x10, 0x1F},
    {0x1F, 0x10, 0x10, 0x1E, 0x10, 0x10, 0x10}, {0x0E, 0x11, 0x10, 0x17, 0x11, 0x11, 0x0F},
    {0x11, 0x11, 0x11, 0x1F, 0x11, 0x11, 0x11}, {0x0E, 0x04, 0x04, 0x04, 0x04, 0x04, 0x0E},
    {0x07, 0x02, 0x02, 0x02, 0x02, 0x12, 0x0C}, {0x11, 0x12, 0x14, 0x18, 0x14, 0x12, 0x11},
    {0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x1F}, {0x11, 0x1B, 0x15, 0x15, 0x11, 0x11, 0x11},
    {0x11, 0x11, 0x19, 0x15, 0x13, 0x11, 0x11}, {0x0E, 0x11, 0x11, 0x11, 0x11, 0x11, 0x0E},
    {0x1E, 0x11, 0x11, 0x1E, 0x10, 0x10, 0x10}, {0x0E, 0x11, 0x11, 0x11, 0x15, 0x12, 0x0D},
    {0x1E, 0x11, 0x11, 0x1E, 0x14, 0x12, 0x11}, {0x0F, 0x10, 0x10, 0x0E, 0x01, 0x01, 0x1E},
    {0x1F, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04}, {0x11, 0x11, 0x11, 0x11, 0x11, 0x11, 0x0E},
    {0x11, 0x11, 0x11, 0x11, 0x11, 0x0A, 0x04}, {0x11, 0x11, 0x11, 0x15, 0x15, 0x15, 0x0A},
    {0x11, 0x11, 0x0A, 0x04, 0x0A, 0x11, 0x11}, {0x11, 0x11, 0x11, 0x0A, 0x04, 0x04, 0x04},
    {0x1F, 0x01, 0x02, 0x04, 0x08, 0x10, 0x1F}, {0x0E, 0x08, 0x08, 0x08, 0x08, 0x08, 0x0E},
    {0x00, 0x10, 0x08, 0x04, 0x02, 0x01, 0x00}, {0x0E, 0x02, 0x02, 0x02, 0x02, 0x02, 0x0E},
    {0x04, 0x0A, 0x11, 0x00, 0x00, 0x00, 0x00}, {0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x1F},
    {0x08, 0x04, 0x02, 0x00, 0x00, 0x00, 0x00}, {0x00, 0x00, 0x0E, 0x01, 0x0F, 0x11, 0x0F},
    {0x10, 0x10, 0x16, 0x19, 0x11, 0x11, 0x1E}, {0x00, 0x00, 0x0E, 0x10, 0x10, 0x11, 0x0E},
    {0x01, 0x01, 0x0D, 0x13, 0x11, 0x11, 0x0F}, {0x00, 0x00, 0x0E, 0x11, 0x1F, 0x10, 0x0E},
    {0x06, 0x09, 0x08, 0x1C, 0x08, 0x08, 0x08}, {0x00, 0x0F, 0x11, 0x11, 0x0F, 0x01, 0x0E},
    {0x10, 0x10, 0x16, 0x19, 0x11, 0x11, 0x11}, {0x04, 0x00, 0x0C, 0x04, 0x04, 0x04, 0x0E},
    {0x02, 0x00, 0x06, 0x02, 0x02, 0x12, 0x0C}, {0x10, 0x10, 0x12, 0x14, 0x18, 0x14, 0x12},
    {0x0C, 0x04, 0x04, 0x04, 0x04, 0x04, 0x0E}, {0x00, 0x00, 0x1A, 0x15, 0x15, 0x11, 0x11},
    {0x00, 0x00, 0x16, 0x19, 0x11, 0x11, 0x11}, {0x00, 0x00, 0x0E, 0x11, 0x11, 0x11, 0x0E},
    {0x00, 0x00, 0x1E, 0x11, 0x1E, 0x10, 0x10}, {0x00, 0x00, 0x0D, 0x13, 0x0F, 0x01, 0x01},
    {0x00, 0x00, 0x16, 0x19, 0x10, 0x10, 0x10}, {0x00, 0x00, 0x0E, 0x10, 0x0E, 0x01, 0x1E},
    {0x08, 0x08, 0x1C, 0x08, 0x08, 0x09, 0x06}, {0x00, 0x00, 0x11, 0x11, 0x11, 0x13, 0x0D},
    {0x00, 0x00, 0x11, 0x11, 0x11, 0x0A, 0x04}, {0x00, 0x00, 0x11, 0x11, 0x15, 0x15, 0x0A},
    {0x00, 0x00, 0x11, 0x0A, 0x04, 0x0A, 0x11}, {0x00, 0x00, 0x11, 0x11, 0x0F, 0x01, 0x0E},
    {0x00, 0x00, 0x1F, 0x02, 0x04, 0x08, 0x1F}, {0x02, 0x04, 0x04, 0x08, 0x04, 0x04, 0x02},
    {0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04}, {0x08, 0x04, 0x04, 0x02, 0x04, 0x04, 0x08},
    {0x00, 0x00, 0x08, 0x15, 0x02, 0x00, 0x00},
};

/* RGB of each bullet colour, in bullet_kind.h's order. */
static const unsigned char vd_colours[BULLET_COLOR_COUNT][3] = {
    {255, 70, 70},  {255, 150, 40}, {255, 230, 70}, {90, 235, 90},
    {70, 230, 235}, {80, 120, 255}, {195, 90, 255}, {235, 235, 235},
};
static const float vd_sizes[BULLET_SHAPE_COUNT] = {
#define VD_SIZE(id, name, radius, rotates, size) (float)(size),
    BULLET_SHAPES(VD_SIZE)
#undef VD_SIZE
};
static const int vd_rotates[BULLET_SHAPE_COUNT] = {
#define VD_ROT(id, name, radius, rotates, size) rotates,
    BULLET_SHAPES(VD_ROT)
#undef VD_ROT
};

struct view_draw {
    SDL_Renderer *r;
    SDL_Vertex *verts; /* VD_CHUNK * 2 fans * (VD_SIDES + 1) */
    int *index;        /* VD_CHUNK * 2 fans * VD_SIDES * 3 */
    int nverts, nindex;
    float cos_t[VD_SIDES], sin_t[VD_SIDES];
};

view_draw *view_draw_create(SDL_Renderer *r)
{
    view_draw *d = mem_calloc(1, sizeof *d);
    if (!d)
        return NULL;
    d->r = r;
    d->verts = mem_alloc((size_t)VD_CHUNK * 2 * (VD_SIDES + 1) * sizeof *d->verts);
    d->index = mem_alloc((size_t)VD_CHUNK * 2 * VD_SIDES * 3 * sizeof *d->index);
    if (!d->verts || !d->index) {
        view_draw_destroy(d);
        return NULL;
    }
    for (int k = 0; k < VD_SIDES; k++) {
        double a = 2 * VD_PI * k / VD_SIDES;
        d->cos_t[k] = (float)cos(a);
        d->sin_t[k] = (float)sin(a);
    }
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    return d;
}

void view_draw_destroy(view_draw *d)
{
    if (!d)
        return;
    mem_free(d->verts);
    mem_free(d->index);
    mem_free(d);
}

/* Draws the triangles gathered so far in one call. */
static void vd_flush(view_draw *d)
{
    if (d->nindex)
        SDL_RenderGeometry(d->r, NULL, d->verts, d->nverts, d->index, d->nindex);
    d->nverts = d->nindex = 0;
}

/* An ellipse: half-length a along (ux, uy), half-width b across it. */
static void vd_fan(view_draw *d, float x, float y, float a, float b, float ux, float uy,
                   SDL_Color c)
{
    if (d->nverts + VD_SIDES + 1 > VD_CHUNK * 2 * (VD_SIDES + 1))
        vd_flush(d);
    int base = d->nverts;
    d->verts[d->nverts++] = (SDL_Vertex){{x, y}, c, {0, 0}};
    for (int k = 0; k < VD_SIDES; k++) {
        float px = d->cos_t[k] * b, py = d->sin_t[k] * a;
        /* (px across, py along) into the field: along = (ux, uy), across = (-uy, ux) */
        float fx = x + py * ux - px * uy, fy = y + py * uy + px * ux;
        d->verts[d->nverts++] = (SDL_Vertex){{fx, fy}, c, {0, 0}};
    }
    for (int k = 0; k < VD_SIDES; k++) {
        d->index[d->nindex++] = base;
        d->index[d->nindex++] = base + 1 + k;
        d->index[d->nindex++] = base + 1 + (k + 1) % VD_SIDES;
    }
}

/* Text in the built-in font; \n starts a new line. */
static void vd_text(view_draw *d, int x, int y, const char *s, SDL_Color c)
{
    SDL_SetRenderDrawColor(d->r, c.r, c.g, c.b, c.a);
    int cx = x;
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '\n') {
            cx = x;
            y += VD_CELL_H;
            continue;
        }
        if (ch == '\t')
            ch = ' ';
        if (ch >= 32 && ch < 127) {
            const unsigned char *g = vd_font[ch - 32];
            SDL_Rect px[35];
            int n = 0;
            for (int row = 0; row < 7; row++)
                for (int col = 0; col < 5; col++)
                    if (g[row] & (0x10 >> col))
                        px[n++] = (SDL_Rect){cx + col, y + row, 1, 1};
            SDL_RenderFillRects(d->r, px, n);
        }
        cx += VD_CELL_W;
    }
}

/* Text wrapped at `cols` characters per line, at most `rows` lines. */
static void vd_text_box(view_draw *d, int x, int y, int cols, int rows, const char *s, SDL_Color c)
{
    char line[128];
    int row = 0;
    while (*s && row < rows) {
        int n = 0;
        while (s[n] && s[n] != '\n' && n < cols && n < (int)sizeof line - 1)
            n++;
        memcpy(line, s, (size_t)n);
        line[n] = 0;
        vd_text(d, x, y + row * VD_CELL_H, line, c);
        s += n;
        if (*s == '\n')
            s++;
        row++;
    }
}

/* Every bullet as a coloured ellipse with a light core, long shapes along their heading. */
static void vd_bullets(view_draw *d, const sandbox_object *objs, uint32_t n)
{
    const float ox = FIELD_VIEW_X, oy = FIELD_VIEW_Y;
    for (uint32_t i = 0; i < n; i++) {
        const sandbox_object *o = &objs[i];
        if (o->enemy)
            continue;
        int shape = library_look_shape(o->look), colour = library_look_colour(o->look);
        if (shape < 0)
            shape = BULLET_SHAPE_ORB;
        if (colour < 0)
            colour = BULLET_COLOR_WHITE;
        float r = vd_sizes[shape] * 0.42f, a = r, b = r;
        float h = o->heading * (float)(VD_PI / 180.0);
        float ux = sinf(h), uy = -cosf(h);
        if (vd_rotates[shape])
            b = r * 0.5f;
        const unsigned char *rgb = vd_colours[colour];
        SDL_Color outer = {rgb[0], rgb[1], rgb[2], 235};
        SDL_Color inner = {(Uint8)(160 + rgb[0] * 3 / 8), (Uint8)(160 + rgb[1] * 3 / 8),
                           (Uint8)(160 + rgb[2] * 3 / 8), 255};
        float x = ox + o->x, y = oy + o->y;
        vd_fan(d, x, y, a, b, ux, uy, outer);
        vd_fan(d, x, y, a * 0.5f, b * 0.5f, ux, uy, inner);
    }
    vd_flush(d);
}

/* Enemies and bosses as framed squares. */
static void vd_enemies(view_draw *d, const sandbox_object *objs, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) {
        const sandbox_object *o = &objs[i];
        if (!o->enemy)
            continue;
        int s = o->enemy == 2 ? 28 : 14;
        SDL_Rect rc = {FIELD_VIEW_X + (int)o->x - s / 2, FIELD_VIEW_Y + (int)o->y - s / 2, s, s};
        SDL_SetRenderDrawColor(d->r, o->enemy == 2 ? 230 : 200, 80, o->enemy == 2 ? 120 : 200, 255);
        SDL_RenderFillRect(d->r, &rc);
        SDL_SetRenderDrawColor(d->r, 255, 255, 255, 255);
        SDL_RenderDrawRect(d->r, &rc);
    }
}

/* The dummy player: a ship and its hitbox. */
static void vd_player(view_draw *d, double px, double py)
{
    float x = FIELD_VIEW_X + (float)px, y = FIELD_VIEW_Y + (float)py;
    SDL_Color body = {120, 200, 255, 255}, core = {255, 255, 255, 255};
    SDL_Vertex tri[3] = {{{x, y - 11}, body, {0, 0}},
                         {{x - 8, y + 8}, body, {0, 0}},
                         {{x + 8, y + 8}, body, {0, 0}}};
    SDL_RenderGeometry(d->r, NULL, tri, 3, NULL, 0);
    vd_fan(d, x, y, 2.5f, 2.5f, 0, -1, core);
    vd_flush(d);
}

void view_draw_frame(view_draw *d, const sandbox *sb, const library *lib, double player_x,
                     double player_y, const view_panel *panel)
{
    (void)lib;
    if (!d)
        return;
    SDL_Rect field = {FIELD_VIEW_X, FIELD_VIEW_Y, (int)PLAYFIELD_W, (int)PLAYFIELD_H};
    SDL_SetRenderDrawColor(d->r, 12, 14, 32, 255);
    SDL_RenderFillRect(d->r, &field);
    SDL_Rect border = {field.x - 2, field.y - 2, field.w + 4, field.h + 4};
    SDL_SetRenderDrawColor(d->r, 90, 100, 150, 255);
    SDL_RenderDrawRect(d->r, &border);
    SDL_RenderSetClipRect(d->r, &field);
    uint32_t n;
    const sandbox_object *objs = sandbox_objects(sb, &n);
    vd_enemies(d, objs, n);
    vd_player(d, player_x, player_y);
    vd_bullets(d, objs, n);
    SDL_RenderSetClipRect(d->r, NULL);
    SDL_Color text = {220, 225, 240, 255}, dim = {140, 150, 180, 255};
    int px = FIELD_VIEW_X + (int)PLAYFIELD_W + 16;
    for (int i = 0; i < panel->count; i++)
        vd_text(d, px, FIELD_VIEW_Y + 4 + i * 14, panel->lines[i], i < 2 ? text : dim);
    if (panel->help)
        vd_text_box(d, px, FIELD_VIEW_Y + 160, 30, 8, panel->help, dim);
    if (panel->error && panel->error[0]) {
        /* rows once wrapped at the box's width, at most VD_ERROR_ROWS */
        int rows = 0, col = 0;
        for (const char *s = panel->error; *s; s++) {
            if (*s == '\n' || ++col > VD_ERROR_COLS) {
                rows++;
                col = *s == '\n' ? 0 : 1;
            }
        }
        rows += col > 0;
        rows = rows < 2 ? 2 : rows > VD_ERROR_ROWS ? VD_ERROR_ROWS : rows;
        SDL_Rect box = {FIELD_VIEW_X, FIELD_VIEW_Y + (int)PLAYFIELD_H - rows * VD_CELL_H - 8,
                        (int)PLAYFIELD_W, rows * VD_CELL_H + 8};
        SDL_SetRenderDrawColor(d->r, 70, 0, 0, 225);
        SDL_RenderFillRect(d->r, &box);
        SDL_Color err = {255, 200, 200, 255};
        vd_text_box(d, box.x + 4, box.y + 4, VD_ERROR_COLS, rows, panel->error, err);
    }
}
