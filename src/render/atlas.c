/*
 * atlas: lookups in the generated frame table.
 */
#include "render/atlas.h"

#include "render/atlas_table.h"

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
