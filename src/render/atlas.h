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

/* ---- a mod's shapes (pattern/content/art.h) ----
 *
 * A library's `art` shapes (bullet shape ids BULLET_SHAPE_COUNT and up) get
 * frames in rows added below the generated picture: the frame as the sheet has
 * it for an upright shape; for one that turns, ATLAS_ANGLE_STEPS square frames,
 * frame k the sheet's frame (drawn facing +x) turned k steps clockwise, for the
 * blitter, which does not rotate. Every colour draws the same frames: art is
 * drawn as the sheet has it, never tinted. One process draws one library's art
 * at a time: the lookups above answer for the art laid out last. A shape id
 * past the laid-out ones draws as an orb. */
#define ATLAS_ART_MAX_SHAPES    (BULLET_SHAPE_CAPACITY - BULLET_SHAPE_COUNT)
/* Rows the art may add below the generated picture (its width is the picture's):
 * room for many bullets and sprites, or one large shape that turns; the whole
 * texture stays under 4096 px high, which every renderer we run on takes.
 * Portraits are not laid out here but on the portrait page below. */
#define ATLAS_ART_MAX_ROWS      2048
/* The portrait page: the art shapes declared `portrait` (a character's
 * pictures, pattern/content/character.h) are laid out on a picture of their own, a
 * second texture ATLAS_PORTRAIT_W wide and as many rows as they take, up to
 * ATLAS_PORTRAIT_MAX_ROWS: 150 portraits of 256x384 (fifteen to a shelf, ten
 * shelves), e.g. 25 characters with six expressions each. A portrait is drawn
 * only by SDL_RenderCopy (the dialogue box, cut-ins), never by the sprite
 * batch or the CPU blitter: it is no look and no bullet. 4096 px a side is
 * what every renderer we run on takes. */
#define ATLAS_PORTRAIT_W        4096
#define ATLAS_PORTRAIT_MAX_ROWS 4096

/* A shape's name is kept (to this many bytes) for atlas_look_by_name. */
#define ATLAS_ART_NAME_MAX 48
/* An animation's most frames (pattern/content/art.h's ART_MAX_FRAMES). */
#define ATLAS_ART_MAX_ANIM 16

typedef struct atlas_art_spec {
    int w, h;         /* the frame in the sheet, pixels */
    int turns;        /* pre-rotated frames follow */
    int additive;     /* drawn in the glowing bullet layer */
    int frames;       /* animation frames side by side in the sheet (0 or 1: a still) */
    int every;        /* ticks a frame shows (0: 1) */
    int once;         /* held on the last frame, else looping */
    const char *name; /* the shape's name (copied), or NULL */
    int portrait;     /* a character's picture: laid out on the portrait page */
} atlas_art_spec;

/* Places the frames of n shapes (n <= ATLAS_ART_MAX_SHAPES) below the picture,
 * replacing the art laid out before: for each animation frame a, its frame and
 * (turning) pre-rotated ones, frame a * steps + k (steps 32 or 1). Returns 0, or -1 with *failed
 * the first shape that does not fit (the art is then cleared). */
int atlas_art_layout(const atlas_art_spec *shapes, int n, int *failed);
void atlas_art_clear(void);
/* Shapes laid out, and the rows they add to atlas_height(). */
int atlas_art_count(void);
int atlas_art_rows(void);
/* Whether bullet shape `shape` is a laid-out art shape declared additive. */
int atlas_art_additive(int shape);
/* Draws art shape k's frames into the whole picture (straight-alpha ARGB8888
 * words, pitch in pixels, atlas_height() rows) from its sheet frame at (sx, sy)
 * of `sheet` (same format; the caller has checked the frame, and an
 * animation's row of frames from there rightwards, lies inside). */
void atlas_art_draw(uint32_t *pixels, int pitch, int k, const uint32_t *sheet, int sheet_pitch,
                    int sx, int sy);
/* The same for a portrait (nothing for other shapes): into the portrait page
 * (straight-alpha ARGB8888, pitch in pixels, atlas_portrait_rows() rows). */
void atlas_art_draw_portrait(uint32_t *page, int pitch, int k, const uint32_t *sheet,
                             int sheet_pitch, int sx, int sy);
/* Rows the portrait page takes (0: no portraits laid out). */
int atlas_portrait_rows(void);
/* Whether a frame (an art shape's, from atlas_bullet_frame) lies on the
 * portrait page rather than in the atlas picture. */
int atlas_frame_on_page(int frame);
/* Whether bullet shape `shape` is a laid-out portrait. */
int atlas_art_portrait(int shape);

/* The art shape (a bullet shape id) laid out under name, or -1. */
int atlas_art_by_name(const char *name);
/* An art shape's animation: its frame count (1: a still), ticks a frame and
 * whether it plays once; 0 for a shape that is no laid-out art. */
int atlas_art_anim(int shape, int *frames, int *every, int *once);
/* The frame of art shape `shape` showing animation frame `anim` (wrapped into
 * its count) facing angle step `step` (ignored unless it turns); -1 for a
 * shape that is no laid-out art. */
int atlas_art_frame(int shape, int anim, int step);
/* How far (in atlas frames) one animation frame of a shape is from the next:
 * ATLAS_ANGLE_STEPS for a shape that turns, else 1; 0 for no art. */
int atlas_art_anim_stride(int shape);

/* ---- looks: what any object (enemy, boss, ship, option, item, effect) is
 * drawn as. A look is an atlas sprite (0 .. ATLAS_SPRITE_COUNT - 1) or a mod's
 * art shape (ATLAS_LOOK_ART + its bullet shape id). ---- */
#define ATLAS_LOOK_ART 0x10000
/* The look called name: a laid-out art shape of that name first (a mod's
 * declaration names its own; never a portrait), else a sprite as atlas_look_sprite finds it;
 * fallback when neither. */
int atlas_look_by_name(const char *name, int fallback);
/* The frame look shows: a sprite's frame k (wrapping, as atlas_sprite_frame),
 * or an art shape's animation frame at `age` ticks (sim/look_anim.h) facing
 * step `step`. A look that is neither gives frame k of
 * ATLAS_SPRITE_ENEMY_DRONE (never out of range). */
int atlas_look_frame(int look, int k, int64_t age, int step);
/* Whether a look is a mod's art shape, and then whether that shape turns. */
int atlas_look_is_art(int look);
int atlas_look_turns(int look);

/* The glyph sizes and spacing of a font. */
atlas_font_metrics atlas_font_metrics_of(atlas_font font);
/* The frame of character ch; characters outside ASCII 32..126 give '?'. */
int atlas_glyph_frame(atlas_font font, int ch);

#endif
