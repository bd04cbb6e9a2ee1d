/*
 * atlas_texture: the atlas picture loaded for one SDL renderer.
 *
 * Loads assets/atlas.png (through the data folder) into a texture, and, for the
 * software renderer, also keeps the premultiplied copy that render/sprite_blit
 * draws from.
 */
#ifndef CURTAIN_RENDER_ATLAS_TEXTURE_H
#define CURTAIN_RENDER_ATLAS_TEXTURE_H

#include "render/sprite_blit.h"

#include <SDL.h>
#include <stddef.h>

typedef struct atlas_texture {
    SDL_Texture *texture;
    int has_blit;           /* blit below is ready */
    sprite_blit_atlas blit; /* for the CPU blitter */
    int palette;            /* the bullet_palette its bullet frames are in */
} atlas_texture;

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

/* The source rectangle of a frame, for SDL_RenderCopy. */
SDL_Rect atlas_texture_rect(int frame);

#endif
