/*
 * art: the pictures of the atlas, as shaders (see paint.h).
 *
 * art_bullets.c draws every bullet shape in every colour, art_sprites.c the
 * player, enemies, boss, items, sparks and HUD pieces, glyphs.c the fonts.
 */
#ifndef CURTAIN_TOOLS_ATLAS_ART_H
#define CURTAIN_TOOLS_ATLAS_ART_H

#include "paint.h"
#include "render/atlas_sprites.h"
#include "sim/bullet_kind.h"

/* What a bullet shader needs: its shape, colour and drawn size. */
typedef struct art_bullet {
    bullet_shape shape;
    bullet_color color;
    int size;
} art_bullet;

rgba art_bullet_shade(vec2 p, const void *user);

/* How a named sprite is drawn: its frame size, its frame count, and how each
 * frame turns (for spinning sprites: radians per frame). */
typedef struct art_sprite_info {
    int w, h;
    int frames;
    double spin_per_frame;
} art_sprite_info;

art_sprite_info art_sprite_info_of(atlas_sprite sprite);

/* What a named-sprite shader needs: which sprite and which animation frame. */
typedef struct art_sprite {
    atlas_sprite sprite;
    int frame;
    int frames;
} art_sprite;

rgba art_sprite_shade(vec2 p, const void *user);

/* The application icon at size x size pixels; user points to the int size. */
rgba art_icon_shade(vec2 p, const void *user);

/* Base colours of the bullet palette, indexed by bullet_color. */
rgba art_palette(bullet_color color);

/* The font designs: ASCII 32..126, each glyph GLYPH_W x GLYPH_H pixels (the
 * last row for descenders). */
#define GLYPH_W 5
#define GLYPH_H 8

/* Row r of glyph ch: bit (GLYPH_W - 1 - x) set where pixel x is on. 0 for
 * characters outside 32..126. */
unsigned glyph_row(int ch, int r);

/* A font as drawn: each glyph's cell size, its advance, and its pixels. */
typedef struct art_font_info {
    int scale; /* glyph pixels are scaled up this much (smoothly, for scale > 1) */
    int cell_w, cell_h;
    int advance; /* pen advance per character */
    int line_h;  /* distance between baselines of two lines */
    int origin;  /* the glyph's top-left is this many pixels into its cell */
} art_font_info;

art_font_info art_font_info_of(atlas_font font);

/* Draws glyph ch of a font into out (straight RGBA, cell_w x cell_h). */
void art_glyph_draw(uint8_t *out, int pitch, atlas_font font, int ch);

/* Signed distance (pixels) to the stroke design of glyph ch drawn px pixels per
 * grid cell, centred on the origin (used to letter items). */
double art_glyph_sd(int ch, vec2 p, double px);

#endif
