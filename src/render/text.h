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

/* What text_draw draws, recorded for the layout tests (tests/ui/layout_test.c):
 * each line's pen box on the logical screen (the renderer's scale applied: the
 * advance of its characters by the font's line height), its text, and whether
 * an opaque fill drawn after it covers it; and the boxes text is drawn in
 * (text_record_box: panels, the field). Nothing is recorded unless a test
 * turns it on; lines past the capacity are counted, not kept. */
#define TEXT_RECORD_LINES 768
#define TEXT_RECORD_BOXES 64

typedef struct text_record_line {
    SDL_Rect box;
    char text[112]; /* cut to fit */
    int hidden;     /* an opaque fill drawn later covers it */
} text_record_line;

typedef struct text_record {
    text_record_line lines[TEXT_RECORD_LINES];
    int count, dropped;
    SDL_Rect boxes[TEXT_RECORD_BOXES];
    int box_after[TEXT_RECORD_BOXES]; /* the lines recorded before the box: 0..this-1 */
    int box_count;
} text_record;

/* Starts recording into rec (emptied), or stops (NULL). */
void text_record_begin(text_record *rec);
/* An opaque fill over rect: the lines recorded so far that it covers whole are
 * hidden. A box text is drawn in: kept for the tests to check lines against. */
void text_record_cover(SDL_Rect rect);
void text_record_box(SDL_Rect rect);

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
