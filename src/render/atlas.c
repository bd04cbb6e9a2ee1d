/*
 * atlas: lookups in the generated frame table.
 */
#include "render/atlas.h"

#include "render/atlas_table.h"
#include "render/bullet_palette.h"
#include "sim/look_anim.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* The generated table must describe the lists this build was compiled with. */
_Static_assert(ATLAS_TABLE_SHAPES == BULLET_SHAPE_COUNT,
               "atlas_table.h is stale: regenerate it (cmake --build BUILD --target atlas)");
_Static_assert(ATLAS_TABLE_COLORS == BULLET_COLOR_COUNT, "atlas_table.h is stale");
_Static_assert(ATLAS_TABLE_SPRITES == ATLAS_SPRITE_COUNT, "atlas_table.h is stale");
_Static_assert(ATLAS_TABLE_FONTS == ATLAS_FONT_COUNT, "atlas_table.h is stale");
_Static_assert(ATLAS_TABLE_ANGLE_STEPS == ATLAS_ANGLE_STEPS, "atlas_table.h is stale");

/* The art laid out last (atlas_art_layout): each shape's first frame and
 * whether it turns, and the frames' rectangles, numbered after the table's. */
#define ATLAS_ART_MAX_FRAMES (ATLAS_ART_MAX_SHAPES * ATLAS_ANGLE_STEPS * 2)
#define ATLAS_ART_GAP        2 /* clear pixels around a frame: filtering never bleeds */
static struct {
    int count, rows, frames;
    atlas_art_spec spec[ATLAS_ART_MAX_SHAPES];
    char names[ATLAS_ART_MAX_SHAPES][ATLAS_ART_NAME_MAX];
    int first[ATLAS_ART_MAX_SHAPES];
    atlas_rect rects[ATLAS_ART_MAX_FRAMES];
    uint8_t on_page[ATLAS_ART_MAX_FRAMES]; /* the frame lies on the portrait page */
    int page_rows;                         /* rows the portrait page takes */
} atlas_art;

/* Where the next frame goes on a set of shelves: the atlas's art rows, or the
 * portrait page. */
typedef struct atlas_shelves {
    int x, y, shelf;
    int width, max_rows, top; /* the shelves' width, most rows, first row in their picture */
    int page;                 /* 1 for the portrait page */
} atlas_shelves;

int atlas_width(void)
{
    return ATLAS_TABLE_W;
}

int atlas_height(void)
{
    return ATLAS_TABLE_H + atlas_art.rows;
}

int atlas_frame_count(void)
{
    return ATLAS_TABLE_FRAME_COUNT + atlas_art.frames;
}

atlas_rect atlas_frame_rect(int frame)
{
    if (frame >= ATLAS_TABLE_FRAME_COUNT)
        return atlas_art.rects[frame - ATLAS_TABLE_FRAME_COUNT];
    const atlas_table_rect *r = &atlas_table_frames[frame];
    return (atlas_rect){r->x, r->y, r->w, r->h};
}

/* Art shape index of a bullet shape, or -1 for a built-in (or an id past the
 * art, which draws as an orb: *shape becomes BULLET_SHAPE_ORB). */
static int atlas_art_index(bullet_shape *shape)
{
    if ((unsigned)*shape < BULLET_SHAPE_COUNT)
        return -1;
    int k = (int)*shape - BULLET_SHAPE_COUNT;
    if (k >= 0 && k < atlas_art.count)
        return k;
    *shape = BULLET_SHAPE_ORB;
    return -1;
}

int atlas_bullet_turns(bullet_shape shape)
{
    int k = atlas_art_index(&shape);
    if (k >= 0)
        return atlas_art.spec[k].turns;
    return atlas_table_bullets[shape][0].count > 1;
}

int atlas_bullet_frame(bullet_shape shape, bullet_color color, int step)
{
    int k = atlas_art_index(&shape);
    if (k >= 0)
        return ATLAS_TABLE_FRAME_COUNT + atlas_art.first[k] +
               (atlas_art.spec[k].turns ? (int)((unsigned)step % ATLAS_ANGLE_STEPS) : 0);
    const atlas_table_run *run = &atlas_table_bullets[shape][(unsigned)color % BULLET_COLOR_COUNT];
    if (run->count == 1)
        return run->first;
    return run->first + (int)((unsigned)step % ATLAS_ANGLE_STEPS);
}

static const char *const atlas_sprite_names[ATLAS_SPRITE_COUNT] = {
#define ATLAS_SPRITE_NAME(id, name) name,
    ATLAS_SPRITES(ATLAS_SPRITE_NAME)
#undef ATLAS_SPRITE_NAME
};

int atlas_sprite_by_name(const char *name)
{
    for (int i = 0; name && i < ATLAS_SPRITE_COUNT; i++)
        if (strcmp(atlas_sprite_names[i], name) == 0)
            return i;
    return -1;
}

int atlas_look_sprite(const char *look, int fallback)
{
    if (!look || !look[0])
        return fallback;
    int s = atlas_sprite_by_name(look);
    if (s >= 0)
        return s;
    char prefixed[96];
    snprintf(prefixed, sizeof prefixed, "enemy_%s", look);
    s = atlas_sprite_by_name(prefixed);
    return s >= 0 ? s : fallback;
}

int atlas_sprite_frames(atlas_sprite sprite)
{
    return atlas_table_sprites[sprite].count;
}

int atlas_sprite_frame(atlas_sprite sprite, int k)
{
    const atlas_table_run *run = &atlas_table_sprites[sprite];
    int n = run->count;
    int wrapped = k % n;
    return run->first + (wrapped < 0 ? wrapped + n : wrapped);
}

atlas_font_metrics atlas_font_metrics_of(atlas_font font)
{
    const atlas_table_font *f = &atlas_table_fonts[font];
    return (atlas_font_metrics){f->cell_w, f->cell_h,   f->advance,
                                f->line_h, f->origin_x, f->origin_y};
}

int atlas_glyph_frame(atlas_font font, int ch)
{
    if (ch < ATLAS_GLYPH_FIRST || ch >= ATLAS_GLYPH_FIRST + ATLAS_GLYPH_COUNT)
        ch = '?';
    return atlas_table_fonts[font].first + (ch - ATLAS_GLYPH_FIRST);
}

/* ---- a mod's shapes ---- */

static uint8_t atlas_clamp(float x);

/* The side of a turning shape's square frames: the frame's diagonal. */
static int atlas_art_side(const atlas_art_spec *a)
{
    return (int)ceilf(sqrtf((float)(a->w * a->w + a->h * a->h)));
}

void atlas_art_clear(void)
{
    memset(&atlas_art, 0, sizeof atlas_art);
}

/* Puts a w x h frame on the shelves: left to right, a new shelf below when the
 * row is full. Returns 0, or -1 when the rows would pass the shelves' most
 * (ATLAS_ART_MAX_ROWS, ATLAS_PORTRAIT_MAX_ROWS) or the frames their table. */
static int atlas_art_place(int w, int h, atlas_shelves *sh)
{
    if (atlas_art.frames >= ATLAS_ART_MAX_FRAMES)
        return -1;
    if (sh->x + w + ATLAS_ART_GAP > sh->width) {
        sh->y += sh->shelf;
        sh->x = ATLAS_ART_GAP;
        sh->shelf = 0;
    }
    if (w + 2 * ATLAS_ART_GAP > sh->width || sh->y + h + ATLAS_ART_GAP > sh->max_rows)
        return -1;
    atlas_art.on_page[atlas_art.frames] = (uint8_t)sh->page;
    atlas_art.rects[atlas_art.frames++] = (atlas_rect){sh->x, sh->top + sh->y, w, h};
    sh->x += w + ATLAS_ART_GAP;
    if (h + ATLAS_ART_GAP > sh->shelf)
        sh->shelf = h + ATLAS_ART_GAP;
    return 0;
}

int atlas_art_layout(const atlas_art_spec *shapes, int n, int *failed)
{
    atlas_art_clear();
    atlas_shelves rows = {ATLAS_ART_GAP,      ATLAS_ART_GAP, 0, ATLAS_TABLE_W,
                          ATLAS_ART_MAX_ROWS, ATLAS_TABLE_H, 0};
    atlas_shelves page = {
        ATLAS_ART_GAP, ATLAS_ART_GAP, 0, ATLAS_PORTRAIT_W, ATLAS_PORTRAIT_MAX_ROWS, 0, 1};
    for (int k = 0; k < n && k < ATLAS_ART_MAX_SHAPES; k++) {
        atlas_art_spec *a = &atlas_art.spec[k];
        *a = shapes[k];
        a->frames = a->frames < 1                    ? 1
                    : a->frames > ATLAS_ART_MAX_ANIM ? ATLAS_ART_MAX_ANIM
                                                     : a->frames;
        a->every = a->every < 1 ? 1 : a->every;
        a->turns = a->portrait ? 0 : a->turns; /* a portrait never turns */
        snprintf(atlas_art.names[k], ATLAS_ART_NAME_MAX, "%s", a->name ? a->name : "");
        a->name = atlas_art.names[k];
        int side = atlas_art_side(a);
        atlas_art.first[k] = atlas_art.frames;
        int ok = 0;
        int total = (a->turns ? ATLAS_ANGLE_STEPS : 1) * a->frames;
        for (int f = 0; f < total && ok == 0; f++)
            ok = a->portrait ? atlas_art_place(a->w, a->h, &page)
                 : a->turns  ? atlas_art_place(side, side, &rows)
                             : atlas_art_place(a->w, a->h, &rows);
        if (ok != 0) {
            *failed = k;
            atlas_art_clear();
            return -1;
        }
        atlas_art.count = k + 1;
    }
    atlas_art.rows = rows.y + rows.shelf;
    atlas_art.page_rows = page.y + page.shelf;
    return 0;
}

int atlas_portrait_rows(void)
{
    return atlas_art.page_rows;
}

int atlas_frame_on_page(int frame)
{
    int k = frame - ATLAS_TABLE_FRAME_COUNT;
    return k >= 0 && k < atlas_art.frames && atlas_art.on_page[k];
}

int atlas_art_portrait(int shape)
{
    int k = shape - BULLET_SHAPE_COUNT;
    return k >= 0 && k < atlas_art.count && atlas_art.spec[k].portrait;
}

int atlas_art_count(void)
{
    return atlas_art.count;
}

int atlas_art_rows(void)
{
    return atlas_art.rows;
}

int atlas_art_additive(int shape)
{
    int k = shape - BULLET_SHAPE_COUNT;
    return k >= 0 && k < atlas_art.count && atlas_art.spec[k].additive;
}

/* The sheet's pixel (x, y) premultiplied into p[4] (a, r, g, b); clear outside
 * the frame w x h at (sx, sy). */
static void atlas_art_texel(const uint32_t *sheet, int pitch, int sx, int sy, int w, int h, int x,
                            int y, float p[4])
{
    if (x < 0 || y < 0 || x >= w || y >= h) {
        p[0] = p[1] = p[2] = p[3] = 0.0f;
        return;
    }
    uint32_t px = sheet[(size_t)(sy + y) * pitch + sx + x];
    float a = (float)(px >> 24) / 255.0f;
    p[0] = a;
    p[1] = (float)(px >> 16 & 255) * a;
    p[2] = (float)(px >> 8 & 255) * a;
    p[3] = (float)(px & 255) * a;
}

/* Frame f (w x h at (sx, sy) of the sheet) turned by angle (radians, clockwise
 * on screen) about its centre, sampled bilinearly into the square rect. */
static void atlas_art_turn(uint32_t *pixels, int pitch, atlas_rect r, const uint32_t *sheet,
                           int sheet_pitch, int sx, int sy, int w, int h, float angle)
{
    float c = cosf(angle), s = sinf(angle);
    float cx = (float)r.w * 0.5f, cy = (float)r.h * 0.5f;
    for (int y = 0; y < r.h; y++)
        for (int x = 0; x < r.w; x++) {
            float dx = (float)x + 0.5f - cx, dy = (float)y + 0.5f - cy;
            /* the sheet's point this pixel shows: the turn undone */
            float u = c * dx + s * dy + (float)w * 0.5f - 0.5f;
            float v = -s * dx + c * dy + (float)h * 0.5f - 0.5f;
            int u0 = (int)floorf(u), v0 = (int)floorf(v);
            float fu = u - (float)u0, fv = v - (float)v0, acc[4] = {0, 0, 0, 0}, t[4];
            float wt[4] = {(1 - fu) * (1 - fv), fu * (1 - fv), (1 - fu) * fv, fu * fv};
            for (int k = 0; k < 4; k++) {
                atlas_art_texel(sheet, sheet_pitch, sx, sy, w, h, u0 + (k & 1), v0 + (k >> 1), t);
                for (int ch = 0; ch < 4; ch++)
                    acc[ch] += wt[k] * t[ch];
            }
            uint32_t out = 0;
            if (acc[0] > 0.002f)
                out = (uint32_t)atlas_clamp(acc[0] * 255.0f) << 24 |
                      (uint32_t)atlas_clamp(acc[1] / acc[0]) << 16 |
                      (uint32_t)atlas_clamp(acc[2] / acc[0]) << 8 | atlas_clamp(acc[3] / acc[0]);
            pixels[(size_t)(r.y + y) * pitch + r.x + x] = out;
        }
}

static void atlas_art_blit(uint32_t *pixels, int pitch, int k, const uint32_t *sheet,
                           int sheet_pitch, int sx, int sy);

void atlas_art_draw(uint32_t *pixels, int pitch, int k, const uint32_t *sheet, int sheet_pitch,
                    int sx, int sy)
{
    if (k < 0 || k >= atlas_art.count || atlas_art.spec[k].portrait)
        return;
    atlas_art_blit(pixels, pitch, k, sheet, sheet_pitch, sx, sy);
}

void atlas_art_draw_portrait(uint32_t *page, int pitch, int k, const uint32_t *sheet,
                             int sheet_pitch, int sx, int sy)
{
    if (k < 0 || k >= atlas_art.count || !atlas_art.spec[k].portrait)
        return;
    atlas_art_blit(page, pitch, k, sheet, sheet_pitch, sx, sy);
}

/* Copies (or turns) shape k's frames from the sheet into their rects of
 * `pixels`, the picture its frames were placed on. */
static void atlas_art_blit(uint32_t *pixels, int pitch, int k, const uint32_t *sheet,
                           int sheet_pitch, int sx, int sy)
{
    const atlas_art_spec *a = &atlas_art.spec[k];
    for (int n = 0; n < a->frames; n++) {
        int fx = sx + n * a->w; /* animation frame n: the next one rightwards */
        if (!a->turns) {
            atlas_rect r = atlas_art.rects[atlas_art.first[k] + n];
            for (int y = 0; y < a->h; y++)
                memcpy(pixels + (size_t)(r.y + y) * pitch + r.x,
                       sheet + (size_t)(sy + y) * sheet_pitch + fx, (size_t)a->w * sizeof *pixels);
            continue;
        }
        for (int f = 0; f < ATLAS_ANGLE_STEPS; f++)
            atlas_art_turn(pixels, pitch,
                           atlas_art.rects[atlas_art.first[k] + n * ATLAS_ANGLE_STEPS + f], sheet,
                           sheet_pitch, fx, sy, a->w, a->h,
                           (float)f * (6.28318530718f / ATLAS_ANGLE_STEPS));
    }
}

int atlas_art_by_name(const char *name)
{
    for (int k = 0; name && name[0] && k < atlas_art.count; k++)
        if (strcmp(atlas_art.names[k], name) == 0)
            return BULLET_SHAPE_COUNT + k;
    return -1;
}

int atlas_art_anim(int shape, int *frames, int *every, int *once)
{
    int k = shape - BULLET_SHAPE_COUNT;
    if (k < 0 || k >= atlas_art.count)
        return 0;
    *frames = atlas_art.spec[k].frames;
    *every = atlas_art.spec[k].every;
    *once = atlas_art.spec[k].once;
    return 1;
}

int atlas_art_anim_stride(int shape)
{
    int k = shape - BULLET_SHAPE_COUNT;
    if (k < 0 || k >= atlas_art.count)
        return 0;
    return atlas_art.spec[k].turns ? ATLAS_ANGLE_STEPS : 1;
}

int atlas_art_frame(int shape, int anim, int step)
{
    int k = shape - BULLET_SHAPE_COUNT;
    if (k < 0 || k >= atlas_art.count)
        return -1;
    const atlas_art_spec *a = &atlas_art.spec[k];
    int n = (int)((unsigned)anim % (unsigned)a->frames);
    int turn = a->turns ? (int)((unsigned)step % ATLAS_ANGLE_STEPS) : 0;
    return ATLAS_TABLE_FRAME_COUNT + atlas_art.first[k] + n * (a->turns ? ATLAS_ANGLE_STEPS : 1) +
           turn;
}

/* ---- looks ---- */

int atlas_look_by_name(const char *name, int fallback)
{
    int art = atlas_art_by_name(name);
    if (art >= 0 && !atlas_art_portrait(art)) /* a portrait is on its page, never a look */
        return ATLAS_LOOK_ART + art;
    return atlas_look_sprite(name, fallback);
}

int atlas_look_is_art(int look)
{
    return look >= ATLAS_LOOK_ART && atlas_art_anim_stride(look - ATLAS_LOOK_ART) > 0;
}

int atlas_look_turns(int look)
{
    return atlas_look_is_art(look) && atlas_art_anim_stride(look - ATLAS_LOOK_ART) > 1;
}

int atlas_look_frame(int look, int k, int64_t age, int step)
{
    if (look >= 0 && look < ATLAS_SPRITE_COUNT)
        return atlas_sprite_frame((atlas_sprite)look, k);
    int shape = look - ATLAS_LOOK_ART, i = shape - BULLET_SHAPE_COUNT;
    if (look < ATLAS_LOOK_ART || i < 0 || i >= atlas_art.count || atlas_art.spec[i].portrait)
        return atlas_sprite_frame(ATLAS_SPRITE_ENEMY_DRONE, k);
    const atlas_art_spec *a = &atlas_art.spec[i];
    return atlas_art_frame(shape, look_anim_frame(a->frames, a->every, a->once, age), step);
}

/* ---- palettes (render/bullet_palette.h) ---- */

static uint8_t atlas_clamp(float x)
{
    return x <= 0.0f ? 0 : x >= 255.0f ? 255 : (uint8_t)(x + 0.5f);
}

/* Applies the rank-one map from base colour `from` to `to` on one frame. */
static void atlas_recolor_frame(uint32_t *pixels, int pitch, atlas_rect f, bullet_rgb from,
                                bullet_rgb to)
{
    float mean = ((float)from.r + (float)from.g + (float)from.b) / 3.0f;
    float v[3] = {from.r - mean, from.g - mean, from.b - mean};
    float vv = v[0] * v[0] + v[1] * v[1] + v[2] * v[2];
    if (vv < 1.0f)
        return; /* a grey base (white bullets): nothing to move */
    float d[3] = {(float)to.r - from.r, (float)to.g - from.g, (float)to.b - from.b};
    for (int y = f.y; y < f.y + f.h; y++) {
        uint32_t *row = pixels + (size_t)y * pitch;
        for (int x = f.x; x < f.x + f.w; x++) {
            uint32_t px = row[x];
            if ((px >> 24) == 0)
                continue;
            float c[3] = {(float)((px >> 16) & 255), (float)((px >> 8) & 255), (float)(px & 255)};
            float k = (v[0] * c[0] + v[1] * c[1] + v[2] * c[2]) / vv;
            row[x] = (px & 0xff000000u) | (uint32_t)atlas_clamp(c[0] + d[0] * k) << 16 |
                     (uint32_t)atlas_clamp(c[1] + d[1] * k) << 8 | atlas_clamp(c[2] + d[2] * k);
        }
    }
}

void atlas_recolor_bullets(uint32_t *pixels, int pitch, bullet_palette palette)
{
    if (palette == BULLET_PALETTE_NORMAL || (unsigned)palette >= BULLET_PALETTE_COUNT)
        return;
    for (int s = 0; s < BULLET_SHAPE_COUNT; s++)
        for (int c = 0; c < BULLET_COLOR_COUNT; c++) {
            int steps = atlas_bullet_turns((bullet_shape)s) ? ATLAS_ANGLE_STEPS : 1;
            for (int k = 0; k < steps; k++) {
                int frame = atlas_bullet_frame((bullet_shape)s, (bullet_color)c, k);
                atlas_recolor_frame(pixels, pitch, atlas_frame_rect(frame),
                                    bullet_palette_rgb(BULLET_PALETTE_NORMAL, (bullet_color)c),
                                    bullet_palette_rgb(palette, (bullet_color)c));
            }
        }
}
