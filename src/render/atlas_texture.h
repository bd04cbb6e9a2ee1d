/*
 * atlas_texture: the atlas picture loaded for one SDL renderer.
 *
 * Loads assets/atlas.png (through the data folder) into a texture, and, for the
 * software renderer, also keeps the premultiplied copy that render/sprite_blit
 * draws from.
 */
#ifndef CURTAIN_RENDER_ATLAS_TEXTURE_H
#define CURTAIN_RENDER_ATLAS_TEXTURE_H

#include "pattern/content/art.h"
#include "render/sprite_blit.h"

#include <SDL.h>
#include <stddef.h>

typedef struct atlas_texture {
    SDL_Renderer *renderer; /* the texture's */
    SDL_Texture *texture;
    int has_blit;           /* blit below is ready */
    sprite_blit_atlas blit; /* for the CPU blitter */
    int palette;            /* the bullet_palette its bullet frames are in */
    uint32_t *art;          /* a mod's art: atlas_art_rows() rows below the picture */
    SDL_Texture *portraits; /* the portrait page (render/atlas.h), or NULL: none */
} atlas_texture;

/* A mod's shape for atlas_texture_set_art: its sheet and frame, and where it is
 * declared (pattern/content/art.h's art_shape, which this module does not know). */
typedef struct atlas_texture_art {
    const char *sheet; /* the PNG's path */
    const char *root;  /* the folder the sheet must lie inside */
    int x, y, w, h;    /* the frame in the sheet */
    int turns, additive;
    const char *file;               /* the declaring pattern file */
    unsigned line, col;             /* the shape's name there */
    unsigned sheet_line, sheet_col; /* the sheet's path there */
    int frames, every, once;        /* an animation (frames 0 or 1: a still) */
    const char *name;               /* the shape's name, for looks (atlas_look_by_name) */
    int portrait;                   /* a character's picture: on the portrait page */
} atlas_texture_art;

/* The most pixels a side of a mod's sheet may have (pattern/content/art.h's bound: a
 * sheet's header is checked by art_sheet_check before it is decoded). */
#define ATLAS_TEXTURE_MAX_SHEET ART_SHEET_MAX_SIDE

/* Loads the atlas for renderer r; with want_blit, prepares the CPU copy too.
 * Returns 0, or -1 with a reason in err (a missing or wrong-sized file). */
int atlas_texture_load(atlas_texture *at, SDL_Renderer *r, int want_blit, char *err,
                       size_t err_size);
void atlas_texture_unload(atlas_texture *at);

/* Redraws the bullet frames in another bullet_palette (sim/bullet_kind.h): the
 * picture is read again and recoloured (render/atlas.h), the texture and the CPU
 * copy replaced. A load, not a per-frame call: it allocates. Returns 0, or -1
 * with a reason in err (the old palette stays). */
int atlas_texture_set_palette(atlas_texture *at, int palette, char *err, size_t err_size);

/* Builds the atlas again with a mod's n shapes laid out below the picture
 * (render/atlas.h's atlas_art_layout), on both paths: the texture and the CPU
 * copy; its portraits on the portrait page (at->portraits); n = 0 takes the art away. Each sheet is
 * read once, its header checked first (pattern/content/art.h's art_sheet_check: a PNG, no side over
 * ART_SHEET_MAX_SIDE, all sheets within ART_SHEETS_MAX_BYTES decoded), then
 * decoded with SDL_image's PNG reader (never one it guesses). A load,
 * not a per-frame call: it allocates. Returns 0, or -1 with err as
 * "file:line:col: what" for a sheet that is missing, outside its folder,
 * unreadable or too large, a frame (or an animation's row of frames) outside
 * its sheet, or art that does not fit
 * the atlas; the atlas is then left without art (its shapes draw as orbs). Batches built on the
 * atlas must be refreshed after (sprite_batch_refresh_looks). */
int atlas_texture_set_art(atlas_texture *at, const atlas_texture_art *shapes, int n, char *err,
                          size_t err_size);

/* The one reader of a sheet, for every picture a mod brings (art sheets, and
 * any later kind): the header checked first by pattern/content/art.h's art_sheet_check
 * (inside root, a PNG, no side over ART_SHEET_MAX_SIDE), its decoded bytes
 * added to *total and refused over ART_SHEETS_MAX_BYTES, then decoded with
 * SDL_image's PNG reader only, to 32-bit ARGB. NULL with the reason in why, to
 * follow "the sheet PATH " (the caller adds where it is declared). */
SDL_Surface *atlas_texture_read_sheet(const char *sheet, const char *root, uint64_t *total,
                                      char *why, size_t why_size);

/* The texture a frame is drawn from: the portrait page for a portrait's
 * frame (render/atlas.h's atlas_frame_on_page), else the atlas. Every drawing
 * of a portrait goes through it: the software and the GPU renderers alike
 * draw portraits with SDL_RenderCopy, never with the CPU blitter. */
SDL_Texture *atlas_texture_of(const atlas_texture *at, int frame);

/* The source rectangle of a frame, for SDL_RenderCopy (in the texture
 * atlas_texture_of gives). */
SDL_Rect atlas_texture_rect(int frame);

#endif
