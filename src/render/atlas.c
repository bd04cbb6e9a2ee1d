/*
 * atlas: lookups in the generated frame table.
 */
#include "render/atlas.h"

#include "render/atlas_table.h"
#include "render/bullet_palette.h"

#include <stdio.h>
#include <string.h>

/* The generated table must describe the lists this build was compiled with. */
_Static_assert(ATLAS_TABLE_SHAPES == BULLET_SHAPE_COUNT,
               "atlas_table.h is stale: regenerate it (cmake --build BUILD --target atlas)");
_Static_assert(ATLAS_TABLE_COLORS == BULLET_COLOR_COUNT, "atlas_table.h is stale");
_Static_assert(ATLAS_TABLE_SPRITES == ATLAS_SPRITE_COUNT, "atlas_table.h is stale");
_Static_assert(ATLAS_TABLE_FONTS == ATLAS_FONT_COUNT, "atlas_table.h is stale");
_Static_assert(ATLAS_TABLE_ANGLE_STEPS == ATLAS_ANGLE_STEPS, "atlas_table.h is stale");

int atlas_width(void)
{
    return ATLAS_TABLE_W;
}

int atlas_height(void)
{
    return ATLAS_TABLE_H;
}

int atlas_frame_count(void)
{
    return ATLAS_TABLE_FRAME_COUNT;
}

atlas_rect atlas_frame_rect(int frame)
{
    const atlas_table_rect *r = &atlas_table_frames[frame];
    return (atlas_rect){r->x, r->y, r->w, r->h};
}

int atlas_bullet_turns(bullet_shape shape)
{
    return atlas_table_bullets[shape][0].count > 1;
}

int atlas_bullet_frame(bullet_shape shape, bullet_color color, int step)
{
    const atlas_table_run *run = &atlas_table_bullets[shape][color];
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
