/*
 * text: lines of bitmap-font text from the atlas.
 *
 * Glyphs are white with a dark outline in the atlas; a colour tints the white.
 * Positions are the top-left of the first line's glyph boxes; '\n' starts a new
 * line. Characters outside printable ASCII show as '?'.
 */
#ifndef CURTAIN_RENDER_TEXT_H
#define CURTAIN_RENDER_TEXT_H

#include "render/atlas_sprites.h"
#include "render/atlas_texture.h"

#include <SDL.h>

typedef enum text_align {
    TEXT_LEFT,   /* x is where lines start */
    TEXT_RIGHT,  /* x is where lines end */
    TEXT_CENTER, /* x is the middle of each line */
} text_align;

/* Width in pixels of the longest line of s (pen advance, no outline). */
int text_width(atlas_font font, const char *s);
int text_line_height(atlas_font font);

/* Draws s; returns the width of its longest line. */
int text_draw(SDL_Renderer *r, const atlas_texture *at, atlas_font font, int x, int y,
              text_align align, SDL_Color color, const char *s);
/* printf-style; output longer than 255 characters is cut. */
int text_drawf(SDL_Renderer *r, const atlas_texture *at, atlas_font font, int x, int y,
               text_align align, SDL_Color color, const char *fmt, ...)
    __attribute__((format(printf, 8, 9)));

#endif
