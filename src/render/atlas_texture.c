/*
 * atlas_texture: PNG to texture (and to the blitter's premultiplied copy).
 */
#include "render/atlas_texture.h"

#include "core/data_path.h"
#include "core/file.h"
#include "render/atlas.h"
#include "render/bullet_palette.h"

#include <SDL_image.h>
#include <stdio.h>

/* The picture as 32-bit ARGB pixels, checked against the table's size. */
static SDL_Surface *atlas_texture_read(char *err, size_t err_size)
{
    char path[4096];
    if (data_path_join(path, sizeof path, ATLAS_FILE) != 0) {
        snprintf(err, err_size, "the data folder path is too long");
        return NULL;
    }
    if (file_check_limit(path, FILE_LIMIT_IMAGE, err, err_size) != 0)
        return NULL; /* SDL_image would wait on a pipe, or read a huge file whole */
    SDL_Surface *loaded = IMG_Load(path);
    if (!loaded) {
        snprintf(err, err_size, "%s: cannot load: %s", path, IMG_GetError());
        return NULL;
    }
    SDL_Surface *argb = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ARGB8888, 0);
    SDL_FreeSurface(loaded);
    if (!argb) {
        snprintf(err, err_size, "%s: cannot convert: %s", path, SDL_GetError());
        return NULL;
    }
    if (argb->w != atlas_width() || argb->h != atlas_height()) {
        snprintf(err, err_size, "%s: is %dx%d, the atlas table wants %dx%d (regenerate both)", path,
                 argb->w, argb->h, atlas_width(), atlas_height());
        SDL_FreeSurface(argb);
        return NULL;
    }
    return argb;
}

int atlas_texture_load(atlas_texture *at, SDL_Renderer *r, int want_blit, char *err,
                       size_t err_size)
{
    *at = (atlas_texture){0};
    SDL_Surface *s = atlas_texture_read(err, err_size);
    if (!s)
        return -1;
    at->texture = SDL_CreateTextureFromSurface(r, s);
    if (!at->texture) {
        snprintf(err, err_size, "cannot make the atlas texture: %s", SDL_GetError());
        SDL_FreeSurface(s);
        return -1;
    }
    /* Rotated and sub-pixel sprites are filtered; the frames have clear borders. */
    SDL_SetTextureScaleMode(at->texture, SDL_ScaleModeLinear);
    SDL_SetTextureBlendMode(at->texture, SDL_BLENDMODE_BLEND);
    if (want_blit) {
        if (SDL_MUSTLOCK(s))
            SDL_LockSurface(s);
        int rc = sprite_blit_atlas_init(&at->blit, s->pixels, s->w, s->h, s->pitch / 4);
        if (SDL_MUSTLOCK(s))
            SDL_UnlockSurface(s);
        if (rc != 0) {
            snprintf(err, err_size, "out of memory preparing the atlas");
            SDL_FreeSurface(s);
            atlas_texture_unload(at);
            return -1;
        }
        at->has_blit = 1;
    }
    SDL_FreeSurface(s);
    return 0;
}

/* The surface in the texture's own pixel format, for SDL_UpdateTexture. */
static int atlas_texture_upload(atlas_texture *at, SDL_Surface *s)
{
    Uint32 format = 0;
    if (SDL_QueryTexture(at->texture, &format, NULL, NULL, NULL) != 0)
        return -1;
    if (format == s->format->format)
        return SDL_UpdateTexture(at->texture, NULL, s->pixels, s->pitch);
    SDL_Surface *conv = SDL_ConvertSurfaceFormat(s, format, 0);
    if (!conv)
        return -1;
    int rc = SDL_UpdateTexture(at->texture, NULL, conv->pixels, conv->pitch);
    SDL_FreeSurface(conv);
    return rc;
}

int atlas_texture_set_palette(atlas_texture *at, int palette, char *err, size_t err_size)
{
    if (!at->texture || palette < 0 || palette >= BULLET_PALETTE_COUNT) {
        snprintf(err, err_size, "no atlas, or no palette %d", palette);
        return -1;
    }
    if (palette == at->palette)
        return 0;
    SDL_Surface *s = atlas_texture_read(err, err_size);
    if (!s)
        return -1;
    if (SDL_MUSTLOCK(s))
        SDL_LockSurface(s);
    atlas_recolor_bullets(s->pixels, s->pitch / 4, (bullet_palette)palette);
    int rc = atlas_texture_upload(at, s);
    if (rc != 0)
        snprintf(err, err_size, "cannot update the atlas texture: %s", SDL_GetError());
    if (rc == 0 && at->has_blit) {
        sprite_blit_atlas fresh;
        rc = sprite_blit_atlas_init(&fresh, s->pixels, s->w, s->h, s->pitch / 4);
        if (rc == 0) {
            sprite_blit_atlas_free(&at->blit);
            at->blit = fresh;
        } else {
            snprintf(err, err_size, "out of memory preparing the atlas");
        }
    }
    if (SDL_MUSTLOCK(s))
        SDL_UnlockSurface(s);
    SDL_FreeSurface(s);
    if (rc == 0)
        at->palette = palette;
    return rc;
}

void atlas_texture_unload(atlas_texture *at)
{
    if (at->texture)
        SDL_DestroyTexture(at->texture);
    if (at->has_blit)
        sprite_blit_atlas_free(&at->blit);
    *at = (atlas_texture){0};
}

SDL_Rect atlas_texture_rect(int frame)
{
    atlas_rect r = atlas_frame_rect(frame);
    return (SDL_Rect){r.x, r.y, r.w, r.h};
}
