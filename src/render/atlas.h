/*
 * atlas: the frames of the texture atlas, found by what they show.
 *
 * The picture (assets/atlas.png) and its table (render/atlas_table.h) are both
 * drawn by tools/atlas/atlas_gen; this module answers "which frame is a blue
 * rice bullet facing south-east", "the third frame of the explosion", "the
 * glyph for 'A' in the title font". It needs no SDL: the sprite batcher and its
 * tests use it headless. Loading the picture into a texture is atlas_texture's.
 */
#ifndef CURTAIN_RENDER_ATLAS_H
#define CURTAIN_RENDER_ATLAS_H

#include "render/atlas_sprites.h"
#include "sim/bullet_kind.h"

#include <stdint.h>

/* The picture, relative to the data folder (core/data_path.h). */
#define ATLAS_FILE "assets/atlas.png"

/* Shapes that turn with their heading have this many pre-rotated frames, frame k
 * facing k steps clockwise (on screen) from +x. */
#define ATLAS_ANGLE_STEPS 32

typedef struct atlas_rect {
    int x, y, w, h;
} atlas_rect;

typedef struct atlas_font_metrics {
    int cell_w, cell_h;     /* size of a glyph frame */
    int advance;            /* pen advance per character */
    int line_h;             /* distance between lines */
    int origin_x, origin_y; /* the glyph's top-left lies this far into its frame */
} atlas_font_metrics;

/* The atlas picture's size in pixels, and how many frames it holds. */
int atlas_width(void);
int atlas_height(void);
int atlas_frame_count(void);
/* Where frame lies in the picture; frame must be in [0, atlas_frame_count()). */
atlas_rect atlas_frame_rect(int frame);

/* Whether a bullet shape has pre-rotated frames (it turns with its heading). */
int atlas_bullet_turns(bullet_shape shape);
/* The frame of a bullet facing angle step k (taken modulo ATLAS_ANGLE_STEPS;
 * ignored for shapes that do not turn). */
int atlas_bullet_frame(bullet_shape shape, bullet_color color, int step);

/* Recolours the bullet frames of an atlas picture (straight-alpha ARGB8888 words,
 * pitch in pixels, the size of the atlas table) from the normal palette into
 * `palette` (render/bullet_palette.h says how). Sprites and glyphs are left as
 * they are; the normal palette changes nothing. */
void atlas_recolor_bullets(uint32_t *pixels, int pitch, bullet_palette palette);

/* The sprite named name in render/atlas_sprites.h ("enemy_drone", "boss", ...),
 * or -1 when there is none. */
int atlas_sprite_by_name(const char *name);

/* The sprite an enemy's or boss's look names (sim/enemy_look.h): the sprite of
 * that name ("boss"), else with "enemy_" before it ("drone" -> enemy_drone);
 * fallback when it names none. */
int atlas_look_sprite(const char *look, int fallback);
/* How many animation frames a named sprite has (at least 1). */
int atlas_sprite_frames(atlas_sprite sprite);
/* Frame k of a named sprite (k wraps around its frame count). */
int atlas_sprite_frame(atlas_sprite sprite, int k);

/* ---- a mod's shapes (pattern/art.h) ----
 *
 * A library's `art` shapes (bullet shape ids BULLET_SHAPE_COUNT and up) get
 * frames in rows added below the generated picture: the frame as the sheet has
 * it for an upright shape; for one that turns, ATLAS_ANGLE_STEPS square frames,
 * frame k the sheet's frame (drawn facing +x) turned k steps clockwise, for the
 * blitter, which does not rotate. Every colour draws the same frames: art is
 * drawn as the sheet has it, never tinted. One process draws one library's art
 * at a time: the lookups above answer for the art laid out last. A shape id
 * past the laid-out ones draws as an orb. */
#define ATLAS_ART_MAX_SHAPES (BULLET_SHAPE_CAPACITY - BULLET_SHAPE_COUNT)
/* Rows the art may add below the generated picture (its width is the picture's):
 * room for fifteen 256x384 portraits (pattern/character.h) in five shelves of
 * three, or one large shape that turns; the whole texture stays under 4096 px
 * high, which every renderer we run on takes. */
#define ATLAS_ART_MAX_ROWS   2048

typedef struct atlas_art_spec {
    int w, h;     /* the frame in the sheet, pixels */
    int turns;    /* pre-rotated frames follow */
    int additive; /* drawn in the glowing bullet layer */
} atlas_art_spec;

/* Places the frames of n shapes (n <= ATLAS_ART_MAX_SHAPES) below the picture,
 * replacing the art laid out before. Returns 0, or -1 with *failed the first
 * shape that does not fit (the art is then cleared). */
int atlas_art_layout(const atlas_art_spec *shapes, int n, int *failed);
void atlas_art_clear(void);
/* Shapes laid out, and the rows they add to atlas_height(). */
int atlas_art_count(void);
int atlas_art_rows(void);
/* Whether bullet shape `shape` is a laid-out art shape declared additive. */
int atlas_art_additive(int shape);
/* Draws art shape k's frames into the whole picture (straight-alpha ARGB8888
 * words, pitch in pixels, atlas_height() rows) from its sheet frame at (sx, sy)
 * of `sheet` (same format; the caller has checked the frame lies inside). */
void atlas_art_draw(uint32_t *pixels, int pitch, int k, const uint32_t *sheet, int sheet_pitch,
                    int sx, int sy);

/* The glyph sizes and spacing of a font. */
atlas_font_metrics atlas_font_metrics_of(atlas_font font);
/* The frame of character ch; characters outside ASCII 32..126 give '?'. */
int atlas_glyph_frame(atlas_font font, int ch);

#endif
