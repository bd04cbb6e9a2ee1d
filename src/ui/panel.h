/*
 * panel: the front end's drawing helpers on the 640x480 logical screen: filled
 * and framed boxes, and text in the atlas fonts at 1x or 2x (the small font
 * doubled, with sharp pixels, is the menus' font).
 */
#ifndef CURTAIN_UI_PANEL_H
#define CURTAIN_UI_PANEL_H

#include "render/atlas_texture.h"
#include "render/text.h"

#include <SDL.h>
#include <stddef.h>

/* Colours every screen uses. */
#define PANEL_WHITE ((SDL_Color){255, 255, 255, 255})
#define PANEL_DIM   ((SDL_Color){150, 160, 200, 255})
#define PANEL_LABEL ((SDL_Color){150, 172, 236, 255})
#define PANEL_GOLD  ((SDL_Color){255, 214, 120, 255})
#define PANEL_PINK  ((SDL_Color){255, 150, 210, 255})
#define PANEL_RED   ((SDL_Color){255, 110, 110, 255})
#define PANEL_GREEN ((SDL_Color){150, 255, 170, 255})

/* A filled rectangle, blended when the colour is translucent. */
void panel_fill(SDL_Renderer *r, SDL_Rect rect, SDL_Color c);
/* A one-pixel outline. */
void panel_outline(SDL_Renderer *r, SDL_Rect rect, SDL_Color c);
/* A dark translucent box with a light frame: the background of every menu. */
void panel_box(SDL_Renderer *r, SDL_Rect rect);
/* The same box with its fill at another opacity (0..255): lighter lets what is
 * behind show through. */
void panel_box_shaded(SDL_Renderer *r, SDL_Rect rect, Uint8 alpha);
/* Darkens the whole screen (alpha 0..255). */
void panel_dim(SDL_Renderer *r, int alpha);

/* Text at scale 1 or 2 (x, y in screen pixels). Returns the width drawn. */
int panel_text(SDL_Renderer *r, const atlas_texture *at, atlas_font font, int scale, int x, int y,
               text_align align, SDL_Color color, const char *s);
int panel_textf(SDL_Renderer *r, const atlas_texture *at, atlas_font font, int scale, int x, int y,
                text_align align, SDL_Color color, const char *fmt, ...)
    __attribute__((format(printf, 9, 10)));
/* The width of s at a scale. */
int panel_text_width(atlas_font font, int scale, const char *s);
/* Copies s to out (cap bytes) in lines no wider than max_w pixels: broken at
 * spaces, a word longer than a line (a path) broken where the line is full.
 * Returns the number of lines. */
int panel_wrap(char *out, size_t cap, atlas_font font, int scale, int max_w, const char *s);
/* The number of lines of s (its newlines + 1). */
int panel_line_count(const char *s);

#endif
