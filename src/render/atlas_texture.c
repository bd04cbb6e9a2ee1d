/*
 * atlas_texture: PNG to texture (and to the blitter's premultiplied copy).
 */
#include "render/atlas_texture.h"

#include "core/data_path.h"
#include "core/file.h"
#include "core/mem.h"
#include "render/atlas.h"
#include "render/bullet_palette.h"

#include <SDL_image.h>
#include <stdio.h>
#include <string.h>

/* The PNG at path decoded by SDL_image's PNG reader (never IMG_Load, which
 * guesses the type from the bytes and would rasterize an SVG): its first
 * PNG_HEADER_SIZE bytes must parse as a PNG header and, when want is given,
 * equal it (the header checked before, the file not changed since); with
 * w > 0, its size must be w x h. NULL with the reason in why. */
static SDL_Surface *atlas_texture_decode_png(const char *path, const unsigned char *want, int w,
                                             int h, char *why, size_t why_size)
{
    SDL_RWops *rw = SDL_RWFromFile(path, "rb");
    if (!rw) {
        snprintf(why, why_size, "cannot be opened: %s", SDL_GetError());
        return NULL;
    }
    unsigned char raw[PNG_HEADER_SIZE];
    png_header hdr;
    size_t got = SDL_RWread(rw, raw, 1, sizeof raw);
    SDL_Surface *s = NULL;
    if (png_header_parse(raw, got, &hdr, why, why_size) != 0)
        ;
    else if (want && memcmp(raw, want, sizeof raw) != 0)
        snprintf(why, why_size, "changed while it was read");
    else if (w > 0 && (hdr.width != (uint32_t)w || hdr.height != (uint32_t)h))
        snprintf(why, why_size, "is %ux%u, the atlas table wants %dx%d (regenerate both)",
                 (unsigned)hdr.width, (unsigned)hdr.height, w, h);
    else if (SDL_RWseek(rw, 0, RW_SEEK_SET) != 0)
        snprintf(why, why_size, "cannot be read again: %s", SDL_GetError());
    else if (!(s = IMG_LoadPNG_RW(rw)))
        snprintf(why, why_size, "cannot be read as a picture: %s", IMG_GetError());
    SDL_RWclose(rw);
    if (s && ((uint32_t)s->w != hdr.width || (uint32_t)s->h != hdr.height)) {
        snprintf(why, why_size, "decoded to %dx%d, not its header's size", s->w, s->h);
        SDL_FreeSurface(s);
        s = NULL;
    }
    return s;
}

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
    char why[512];
    SDL_Surface *loaded = atlas_texture_decode_png(
        path, NULL, atlas_width(), atlas_height() - atlas_art_rows(), why, sizeof why);
    if (!loaded) {
        snprintf(err, err_size, "%s: %s", path, why);
        return NULL;
    }
    SDL_Surface *argb = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ARGB8888, 0);
    SDL_FreeSurface(loaded);
    if (!argb) {
        snprintf(err, err_size, "%s: cannot convert: %s", path, SDL_GetError());
        return NULL;
    }
    if (argb->w != atlas_width() || argb->h != atlas_height() - atlas_art_rows()) {
        snprintf(err, err_size, "%s: is %dx%d, the atlas table wants %dx%d (regenerate both)", path,
                 argb->w, argb->h, atlas_width(), atlas_height() - atlas_art_rows());
        SDL_FreeSurface(argb);
        return NULL;
    }
    return argb;
}

/* The picture with the art rows (at->art) below it, when there are any. */
static SDL_Surface *atlas_texture_compose(const atlas_texture *at, char *err, size_t err_size)
{
    SDL_Surface *base = atlas_texture_read(err, err_size);
    int rows = atlas_art_rows();
    if (!base || rows == 0 || !at->art)
        return base;
    SDL_Surface *all =
        SDL_CreateRGBSurfaceWithFormat(0, base->w, base->h + rows, 32, SDL_PIXELFORMAT_ARGB8888);
    if (!all) {
        snprintf(err, err_size, "cannot make the atlas with art: %s", SDL_GetError());
        SDL_FreeSurface(base);
        return NULL;
    }
    for (int y = 0; y < base->h; y++)
        memcpy((uint8_t *)all->pixels + (size_t)y * all->pitch,
               (const uint8_t *)base->pixels + (size_t)y * base->pitch, (size_t)base->w * 4);
    for (int y = 0; y < rows; y++)
        memcpy((uint8_t *)all->pixels + (size_t)(base->h + y) * all->pitch,
               at->art + (size_t)y * base->w, (size_t)base->w * 4);
    SDL_FreeSurface(base);
    return all;
}

int atlas_texture_load(atlas_texture *at, SDL_Renderer *r, int want_blit, char *err,
                       size_t err_size)
{
    *at = (atlas_texture){0};
    atlas_art_clear(); /* a fresh atlas has no art (atlas_texture_set_art adds it) */
    SDL_Surface *s = atlas_texture_read(err, err_size);
    if (!s)
        return -1;
    at->renderer = r;
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
    SDL_Surface *s = atlas_texture_compose(at, err, err_size);
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
    if (at->portraits)
        SDL_DestroyTexture(at->portraits);
    if (at->has_blit)
        sprite_blit_atlas_free(&at->blit);
    if (at->art) {
        mem_free(at->art);
        atlas_art_clear();
    }
    *at = (atlas_texture){0};
}

/* ---- a mod's art ---- */

/* "file:line:col: " of a shape's name, or of its sheet's path. */
static void atlas_texture_where(char *out, size_t size, const atlas_texture_art *a, int at_sheet)
{
    snprintf(out, size, "%s:%u:%u: ", a->file ? a->file : "?", at_sheet ? a->sheet_line : a->line,
             at_sheet ? a->sheet_col : a->col);
}

SDL_Surface *atlas_texture_read_sheet(const char *sheet, const char *root, uint64_t *total,
                                      char *why, size_t why_size)
{
    png_header h;
    unsigned char raw[PNG_HEADER_SIZE];
    if (art_sheet_check(sheet, root, &h, raw, why, why_size) != 0 ||
        art_sheets_over_budget(*total += png_header_decoded_bytes(&h), why, why_size))
        return NULL;
    SDL_Surface *loaded = atlas_texture_decode_png(sheet, raw, 0, 0, why, why_size);
    SDL_Surface *argb =
        loaded ? SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ARGB8888, 0) : NULL;
    if (loaded && !argb)
        snprintf(why, why_size, "cannot be converted: %s", SDL_GetError());
    if (loaded)
        SDL_FreeSurface(loaded);
    return argb;
}

/* The sheet of shapes[k] as ARGB pixels, read once for every shape that names
 * the same file (sheets[] holds those read) by atlas_texture_read_sheet; NULL
 * with err set, at the sheet's path, when it cannot be used. */
static SDL_Surface *atlas_texture_sheet(const atlas_texture_art *shapes, int k,
                                        SDL_Surface **sheets, uint64_t *total, char *err,
                                        size_t err_size)
{
    for (int i = 0; i < k; i++)
        if (sheets[i] && strcmp(shapes[i].sheet, shapes[k].sheet) == 0)
            return sheets[i];
    const atlas_texture_art *a = &shapes[k];
    char where[512], why[512];
    SDL_Surface *s = atlas_texture_read_sheet(a->sheet, a->root, total, why, sizeof why);
    if (!s) {
        atlas_texture_where(where, sizeof where, a, 1);
        snprintf(err, err_size, "%sthe sheet %s %s", where, a->sheet, why);
    }
    return s;
}

/* Reads every sheet and checks every frame lies inside its sheet. */
static int atlas_texture_read_sheets(const atlas_texture_art *shapes, int n, SDL_Surface **sheets,
                                     char *err, size_t err_size)
{
    uint64_t total = 0;
    for (int k = 0; k < n; k++) {
        SDL_Surface *s = atlas_texture_sheet(shapes, k, sheets, &total, err, err_size);
        if (!s)
            return -1;
        int owned = 1;
        for (int i = 0; i < k; i++)
            owned &= sheets[i] != s;
        sheets[k] = owned ? s : NULL;
        const atlas_texture_art *a = &shapes[k];
        int frames = a->frames > 1 ? a->frames : 1;
        char where[512];
        atlas_texture_where(where, sizeof where, a, 0);
        if (a->x + a->w > s->w || a->y + a->h > s->h) {
            snprintf(err, err_size, "%sthe frame %dx%d at %d %d lies outside the sheet %s (%dx%d)",
                     where, a->w, a->h, a->x, a->y, a->sheet, s->w, s->h);
            return -1;
        }
        if (a->x + frames * a->w > s->w) {
            snprintf(err, err_size,
                     "%sthe animation's %d frames of %d px from x %d run off the sheet %s "
                     "(%d px wide)",
                     where, frames, a->w, a->x, a->sheet, s->w);
            return -1;
        }
    }
    return 0;
}

/* The sheet surface shapes[k] uses (sheets[] keeps each file once). */
static SDL_Surface *atlas_texture_sheet_of(const atlas_texture_art *shapes, int k,
                                           SDL_Surface **sheets)
{
    for (int i = 0; i <= k; i++)
        if (sheets[i] && strcmp(shapes[i].sheet, shapes[k].sheet) == 0)
            return sheets[i];
    return NULL;
}

/* Lays out the art and draws it into fresh rows (*rows_out, atlas width) and
 * its portraits into a fresh portrait page (*page_out, ATLAS_PORTRAIT_W wide,
 * atlas_portrait_rows() rows; NULL when there are none). */
static int atlas_texture_draw_art(const atlas_texture_art *shapes, int n, SDL_Surface **sheets,
                                  uint32_t **rows_out, uint32_t **page_out, char *err,
                                  size_t err_size)
{
    atlas_art_spec spec[ATLAS_ART_MAX_SHAPES];
    for (int k = 0; k < n; k++)
        spec[k] = (atlas_art_spec){shapes[k].w,        shapes[k].h,      shapes[k].turns,
                                   shapes[k].additive, shapes[k].frames, shapes[k].every,
                                   shapes[k].once,     shapes[k].name,   shapes[k].portrait};
    int failed = 0;
    if (atlas_art_layout(spec, n, &failed) != 0) {
        char where[512];
        atlas_texture_where(where, sizeof where, &shapes[failed], 0);
        if (shapes[failed].portrait)
            snprintf(err, err_size,
                     "%sthe portraits do not fit their page (%d rows of %d px: 150 portraits "
                     "of 256x384)",
                     where, ATLAS_PORTRAIT_MAX_ROWS, ATLAS_PORTRAIT_W);
        else
            snprintf(err, err_size,
                     "%sthe art does not fit the atlas (%d rows of %d px; a shape that turns "
                     "takes %d frames as wide as its diagonal, for each frame of an animation)",
                     where, ATLAS_ART_MAX_ROWS, atlas_width(), ATLAS_ANGLE_STEPS);
        return -1;
    }
    int w = atlas_width(), rows = atlas_art_rows(), base = atlas_height() - rows;
    int page_rows = atlas_portrait_rows();
    uint32_t *all = mem_calloc((size_t)w * (size_t)(base + rows), sizeof *all);
    uint32_t *page = page_rows > 0
                         ? mem_calloc((size_t)ATLAS_PORTRAIT_W * (size_t)page_rows, sizeof *page)
                         : NULL;
    if (!all || (page_rows > 0 && !page)) {
        snprintf(err, err_size, "out of memory drawing the art");
        mem_free(all);
        mem_free(page);
        atlas_art_clear();
        return -1;
    }
    for (int k = 0; k < n; k++) {
        SDL_Surface *s = atlas_texture_sheet_of(shapes, k, sheets);
        if (shapes[k].portrait)
            atlas_art_draw_portrait(page, ATLAS_PORTRAIT_W, k, (const uint32_t *)s->pixels,
                                    s->pitch / 4, shapes[k].x, shapes[k].y);
        else
            atlas_art_draw(all, w, k, (const uint32_t *)s->pixels, s->pitch / 4, shapes[k].x,
                           shapes[k].y);
    }
    /* keep only the art rows */
    uint32_t *art = mem_alloc((size_t)w * (size_t)(rows ? rows : 1) * sizeof *art);
    if (art)
        memcpy(art, all + (size_t)w * base, (size_t)w * (size_t)rows * sizeof *art);
    mem_free(all);
    if (!art) {
        snprintf(err, err_size, "out of memory drawing the art");
        mem_free(page);
        atlas_art_clear();
        return -1;
    }
    *rows_out = art;
    *page_out = page;
    return 0;
}

/* The portrait page's texture from its pixels (straight ARGB, freed here), or
 * none when there are no portraits. Returns 0, or -1 with err set. */
static int atlas_texture_make_page(atlas_texture *at, uint32_t *page, char *err, size_t err_size)
{
    if (at->portraits)
        SDL_DestroyTexture(at->portraits);
    at->portraits = NULL;
    int rows = atlas_portrait_rows();
    if (!page || rows <= 0) {
        mem_free(page);
        return 0;
    }
    SDL_Texture *t = SDL_CreateTexture(at->renderer, SDL_PIXELFORMAT_ARGB8888,
                                       SDL_TEXTUREACCESS_STATIC, ATLAS_PORTRAIT_W, rows);
    if (!t || SDL_UpdateTexture(t, NULL, page, ATLAS_PORTRAIT_W * (int)sizeof *page) != 0) {
        snprintf(err, err_size, "cannot make the portrait page (%dx%d): %s", ATLAS_PORTRAIT_W, rows,
                 SDL_GetError());
        if (t)
            SDL_DestroyTexture(t);
        mem_free(page);
        return -1;
    }
    mem_free(page);
    SDL_SetTextureScaleMode(t, SDL_ScaleModeLinear);
    SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND);
    at->portraits = t;
    return 0;
}

/* A new texture and CPU copy from the composed picture (palette applied). */
static int atlas_texture_rebuild(atlas_texture *at, SDL_Renderer *r, char *err, size_t err_size)
{
    SDL_Surface *s = atlas_texture_compose(at, err, err_size);
    if (!s)
        return -1;
    if (SDL_MUSTLOCK(s))
        SDL_LockSurface(s);
    atlas_recolor_bullets(s->pixels, s->pitch / 4, (bullet_palette)at->palette);
    SDL_Texture *t = SDL_CreateTextureFromSurface(r, s);
    sprite_blit_atlas fresh;
    int rc = t ? 0 : -1;
    if (!t)
        snprintf(err, err_size, "cannot make the atlas texture: %s", SDL_GetError());
    if (t && at->has_blit &&
        sprite_blit_atlas_init(&fresh, s->pixels, s->w, s->h, s->pitch / 4) != 0) {
        snprintf(err, err_size, "out of memory preparing the atlas");
        SDL_DestroyTexture(t);
        rc = -1;
    }
    if (SDL_MUSTLOCK(s))
        SDL_UnlockSurface(s);
    SDL_FreeSurface(s);
    if (rc != 0)
        return -1;
    SDL_SetTextureScaleMode(t, SDL_ScaleModeLinear);
    SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND);
    SDL_DestroyTexture(at->texture);
    at->texture = t;
    if (at->has_blit) {
        sprite_blit_atlas_free(&at->blit);
        at->blit = fresh;
    }
    return 0;
}

/* Takes the art away: no rows, no layout. */
static void atlas_texture_drop_art(atlas_texture *at)
{
    mem_free(at->art);
    at->art = NULL;
    if (at->portraits)
        SDL_DestroyTexture(at->portraits);
    at->portraits = NULL;
    atlas_art_clear();
}

int atlas_texture_set_art(atlas_texture *at, const atlas_texture_art *shapes, int n, char *err,
                          size_t err_size)
{
    if (!at->texture || n < 0 || n > ATLAS_ART_MAX_SHAPES) {
        snprintf(err, err_size, "no atlas, or more than %d art shapes", ATLAS_ART_MAX_SHAPES);
        return -1;
    }
    SDL_Surface *sheets[ATLAS_ART_MAX_SHAPES] = {0};
    uint32_t *rows = NULL, *page = NULL;
    int rc = atlas_texture_read_sheets(shapes, n, sheets, err, err_size);
    atlas_texture_drop_art(at);
    if (rc == 0 && n > 0)
        rc = atlas_texture_draw_art(shapes, n, sheets, &rows, &page, err, err_size);
    if (rc == 0 && atlas_texture_make_page(at, page, err, err_size) != 0) {
        mem_free(rows);
        rows = NULL;
        atlas_art_clear();
        rc = -1;
    }
    for (int k = 0; k < n; k++)
        if (sheets[k])
            SDL_FreeSurface(sheets[k]);
    at->art = rows;
    char why[512];
    if (atlas_texture_rebuild(at, at->renderer, why, sizeof why) != 0) {
        atlas_texture_drop_art(at); /* out of memory: at least the picture without art */
        atlas_texture_rebuild(at, at->renderer, why, sizeof why);
        if (rc == 0)
            snprintf(err, err_size, "%s", why);
        return -1;
    }
    return rc;
}

SDL_Texture *atlas_texture_of(const atlas_texture *at, int frame)
{
    return atlas_frame_on_page(frame) ? at->portraits : at->texture;
}

SDL_Rect atlas_texture_rect(int frame)
{
    atlas_rect r = atlas_frame_rect(frame);
    return (SDL_Rect){r.x, r.y, r.w, r.h};
}
