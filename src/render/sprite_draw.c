/*
 * sprite_draw: the submit step of the sprite batcher, one function per method.
 */
#include "render/sprite_draw.h"

#include "core/mem.h"
#include "render/gl_sprites.h"

#include <stdio.h>
#include <string.h>

static const char *const method_names[SPRITE_DRAW_METHOD_COUNT] = {
#define SPRITE_DRAW_NAME(id, name) name,
    SPRITE_DRAW_METHODS(SPRITE_DRAW_NAME)
#undef SPRITE_DRAW_NAME
};

const char *sprite_draw_method_name(sprite_draw_method m)
{
    return (unsigned)m < SPRITE_DRAW_METHOD_COUNT ? method_names[m] : "?";
}

const char *sprite_draw_gl_renderer(void)
{
    typedef const unsigned char *(*get_string_fn)(unsigned int name);
    get_string_fn get_string = (get_string_fn)SDL_GL_GetProcAddress("glGetString");
    return get_string ? (const char *)get_string(0x1F01 /* GL_RENDERER */) : NULL;
}

/* Whether an OpenGL renderer runs on a software rasterizer (Mesa's llvmpipe or
 * softpipe, SwiftShader): then the CPU does the GPU's work too, and the blit
 * method measured many times faster than geometry there. Needs r's GL context
 * current, which SDL leaves it after creating the renderer. */
static int sprite_draw_gl_is_software(void)
{
    const char *name = sprite_draw_gl_renderer();
    if (!name)
        return 0;
    return SDL_strstr(name, "llvmpipe") || SDL_strstr(name, "softpipe") ||
           SDL_strstr(name, "SwiftShader") || SDL_strstr(name, "Software Rasterizer");
}

/* The method CURTAIN_DRAW names, or -1. */
static int sprite_draw_asked(void)
{
    const char *asked = SDL_getenv("CURTAIN_DRAW");
    for (int m = 0; asked && m < SPRITE_DRAW_METHOD_COUNT; m++)
        if (SDL_strcmp(asked, method_names[m]) == 0)
            return m;
    return -1;
}

sprite_draw_method sprite_draw_method_for(SDL_Renderer *r)
{
    int asked = sprite_draw_asked();
    if (asked >= 0)
        return (sprite_draw_method)asked;
    SDL_RendererInfo info;
    if (SDL_GetRendererInfo(r, &info) != 0)
        return SPRITE_DRAW_GEOMETRY;
    if (info.flags & SDL_RENDERER_SOFTWARE)
        return SPRITE_DRAW_BLIT;
    if (SDL_strncmp(info.name, "opengl", 6) == 0 && sprite_draw_gl_is_software())
        return SPRITE_DRAW_BLIT;
    if (gl_sprites_supported(r))
        return SPRITE_DRAW_INSTANCED;
    return SPRITE_DRAW_GEOMETRY;
}

sprite_batch_mode sprite_draw_batch_mode(sprite_draw_method m)
{
    return m == SPRITE_DRAW_GEOMETRY || m == SPRITE_DRAW_INSTANCED ? SPRITE_BATCH_VERTICES
                                                                   : SPRITE_BATCH_RECTS;
}

int sprite_draw_init(sprite_draw *sd, SDL_Renderer *r, const atlas_texture *at,
                     sprite_draw_method method, SDL_Rect area, char *err, size_t err_size)
{
    *sd = (sprite_draw){.renderer = r, .atlas = at, .method = method, .area = area};
    if (method != SPRITE_DRAW_BLIT)
        return 0;
    if (!at->has_blit) {
        snprintf(err, err_size, "the blit method needs the atlas's CPU copy");
        return -1;
    }
    sd->pixels = mem_alloc_aligned(sizeof(uint32_t) * (size_t)area.w * area.h, 64);
    sd->upload =
        SDL_CreateTexture(r, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_STREAMING, area.w, area.h);
    if (!sd->pixels || !sd->upload) {
        snprintf(err, err_size, "cannot prepare the sprite area: %s",
                 sd->pixels ? SDL_GetError() : "out of memory");
        sprite_draw_free(sd);
        return -1;
    }
    SDL_SetTextureBlendMode(sd->upload, SDL_BLENDMODE_NONE);
    return 0;
}

void sprite_draw_set_workers(sprite_draw *sd, workers *w)
{
    sd->workers = w;
}

void sprite_draw_free(sprite_draw *sd)
{
    if (sd->upload)
        SDL_DestroyTexture(sd->upload);
    mem_free(sd->pixels);
    *sd = (sprite_draw){0};
}

void sprite_draw_begin(sprite_draw *sd)
{
    /* Reading back flushes what was drawn so far (the backdrop) into the area.
     * The read is in output pixels, so it needs a 1:1 scale (the game draws on
     * a 640x480 canvas); otherwise, or should the read fail, the blit method
     * falls back to copies for this frame. */
    float sx = 1.0f, sy = 1.0f;
    SDL_RenderGetScale(sd->renderer, &sx, &sy);
    sd->reading = sd->method == SPRITE_DRAW_BLIT && sx == 1.0f && sy == 1.0f &&
                  SDL_RenderReadPixels(sd->renderer, &sd->area, SDL_PIXELFORMAT_ARGB8888,
                                       sd->pixels, sd->area.w * 4) == 0;
    if (!sd->reading)
        SDL_RenderSetClipRect(sd->renderer, &sd->area);
}

/* geometry: the whole layer in one call; every vertex white at the layer's
 * opacity (colour stride 0). */
static void sprite_draw_geometry(const sprite_batch *b, const sprite_layer *l, void *user)
{
    sprite_draw *sd = user;
    const SDL_Color white = {255, 255, 255, l->opacity};
    SDL_Texture *tex = sd->atlas->texture;
    SDL_SetTextureBlendMode(tex,
                            l->blend == SPRITE_BLEND_ADD ? SDL_BLENDMODE_ADD : SDL_BLENDMODE_BLEND);
    const int stride = 4 * sizeof(float); /* x y u v */
    /* a fading layer: each vertex its own colour (white at its sprite's opacity) */
    int own = l->fading && l->colors; /* a layer allowing styles has colours it fills only then */
    const SDL_Color *colors = own ? (const SDL_Color *)(const void *)l->colors : &white;
    SDL_RenderGeometryRaw(sd->renderer, tex, l->vertices, stride, colors,
                          own ? (int)sizeof(SDL_Color) : 0, l->vertices + 2, stride, 4 * l->count,
                          b->indices, 6 * l->count, sizeof(int));
}

/* copy: one SDL_RenderCopy per sprite. */
static void sprite_draw_copy(const sprite_batch *b, const sprite_layer *l, void *user)
{
    (void)b;
    sprite_draw *sd = user;
    SDL_Texture *tex = sd->atlas->texture;
    SDL_SetTextureBlendMode(tex,
                            l->blend == SPRITE_BLEND_ADD ? SDL_BLENDMODE_ADD : SDL_BLENDMODE_BLEND);
    SDL_SetTextureAlphaMod(tex, l->opacity);
    for (int i = 0; i < l->count; i++) {
        const sprite_rect *r = &l->rects[i];
        if (l->fading) /* its own opacity, at the layer's */
            SDL_SetTextureAlphaMod(tex, sprite_opacity_times((uint8_t)(255 - r->fade), l->opacity));
        SDL_Rect src = atlas_texture_rect(r->frame);
        SDL_Rect dst = {r->x, r->y, src.w, src.h};
        if (r->scale) { /* a styled bullet's size (sprite_blit_rects_scaled's rounding) */
            dst.w = (src.w * r->scale + SPRITE_RECT_SCALE_ONE / 2) / SPRITE_RECT_SCALE_ONE;
            dst.h = (src.h * r->scale + SPRITE_RECT_SCALE_ONE / 2) / SPRITE_RECT_SCALE_ONE;
        }
        SDL_RenderCopy(sd->renderer, tex, &src, &dst);
    }
    SDL_SetTextureAlphaMod(tex, 255);
}

/* blit: blended into the read-back area on the CPU, in bands over the
 * draw's threads (sprite_blit_rects_workers: the same bits on any count). */
static void sprite_draw_blit(const sprite_batch *b, const sprite_layer *l, void *user)
{
    (void)b;
    sprite_draw *sd = user;
    const sprite_blit_atlas *a = &sd->atlas->blit;
    sprite_blit_target t = {sd->pixels, sd->area.w, sd->area.h, sd->area.w, sd->area.x, sd->area.y};
    if (l->fading) {
        /* runs of sprites at one opacity (and scaled or not), each blitted at
         * it, their own at the layer's */
        for (int i = 0, end; i < l->count; i = end) {
            for (end = i + 1; end < l->count && l->rects[end].fade == l->rects[i].fade &&
                              !l->rects[end].scale == !l->rects[i].scale;)
                end++;
            uint8_t o = sprite_opacity_times((uint8_t)(255 - l->rects[i].fade), l->opacity);
            if (l->rects[i].scale)
                sprite_blit_rects_scaled(a, &t, l->rects + i, end - i, l->blend, o);
            else if (o == 255)
                sprite_blit_rects_workers(a, &t, l->rects + i, end - i, l->blend, sd->workers);
            else if (o > 0)
                sprite_blit_rects_faded_workers(a, &t, l->rects + i, end - i, l->blend, o,
                                                sd->workers);
        }
        return;
    }
    if (l->opacity == 255)
        sprite_blit_rects_workers(a, &t, l->rects, l->count, l->blend, sd->workers);
    else
        sprite_blit_rects_faded_workers(a, &t, l->rects, l->count, l->blend, l->opacity,
                                        sd->workers);
}

void sprite_draw_batch(sprite_draw *sd, const sprite_batch *b)
{
    sprite_draw_batch_layers(sd, b, 0, b->layer_count);
}

void sprite_draw_batch_layers(sprite_draw *sd, const sprite_batch *b, int first, int end)
{
    if (b->mode != sprite_draw_batch_mode(sd->method))
        return;
    sprite_submit_fn fn = NULL;
    switch (sd->method) {
    case SPRITE_DRAW_GEOMETRY:
    case SPRITE_DRAW_INSTANCED: fn = sprite_draw_geometry; break;
    case SPRITE_DRAW_COPY: fn = sprite_draw_copy; break;
    case SPRITE_DRAW_BLIT: fn = sd->reading ? sprite_draw_blit : sprite_draw_copy; break;
    case SPRITE_DRAW_METHOD_COUNT: return;
    }
    sprite_batch_submit_layers(b, first, end, fn, sd);
}

void sprite_draw_effect_quads(sprite_draw *sd, const effect_quads *q)
{
    if (q->count == 0)
        return;
    if (sd->method == SPRITE_DRAW_BLIT && sd->reading) {
        sprite_blit_target t = {sd->pixels, sd->area.w, sd->area.h,
                                sd->area.w, sd->area.x, sd->area.y};
        effect_quads_blit(q, &sd->atlas->blit, &t);
        return;
    }
    static const int indices[6] = {0, 1, 2, 0, 2, 3};
    SDL_Texture *tex = sd->atlas->texture;
    SDL_BlendMode was;
    SDL_GetRenderDrawBlendMode(sd->renderer, &was);
    for (int i = 0; i < q->count; i++) {
        const effect_quad *e = &q->quads[i];
        float xy[8], uv[8];
        effect_quads_corners(q, i, xy, uv);
        SDL_Color c = {e->rgba[0], e->rgba[1], e->rgba[2], e->rgba[3]};
        SDL_Color colors[4] = {c, c, c, c};
        SDL_BlendMode mode = e->additive ? SDL_BLENDMODE_ADD : SDL_BLENDMODE_BLEND;
        if (e->frame >= 0)
            SDL_SetTextureBlendMode(tex, mode);
        else
            SDL_SetRenderDrawBlendMode(sd->renderer, mode);
        SDL_RenderGeometryRaw(sd->renderer, e->frame >= 0 ? tex : NULL, xy, 2 * sizeof(float),
                              colors, sizeof(SDL_Color), uv, 2 * sizeof(float), 4, indices, 6,
                              sizeof(int));
    }
    SDL_SetRenderDrawBlendMode(sd->renderer, was);
    SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_BLEND);
}

void sprite_draw_lasers(sprite_draw *sd, const laser_mesh *m)
{
    if (m->index_count == 0)
        return;
    if (sd->method == SPRITE_DRAW_BLIT && sd->reading) {
        sprite_blit_target t = {sd->pixels, sd->area.w, sd->area.h,
                                sd->area.w, sd->area.x, sd->area.y};
        laser_mesh_blit(m, &sd->atlas->blit, &t);
        return;
    }
    SDL_Texture *tex = sd->atlas->texture;
    SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_ADD);
    const int stride = 2 * sizeof(float); /* x y; u v */
    SDL_RenderGeometryRaw(sd->renderer, tex, m->xy, stride, (const SDL_Color *)m->colors, 4, m->uv,
                          stride, m->vertex_count, m->indices, m->index_count, sizeof(int));
}

void sprite_draw_end(sprite_draw *sd)
{
    if (sd->reading) {
        SDL_UpdateTexture(sd->upload, NULL, sd->pixels, sd->area.w * 4);
        SDL_RenderCopy(sd->renderer, sd->upload, NULL, &sd->area);
        sd->reading = 0;
        return;
    }
    SDL_RenderSetClipRect(sd->renderer, NULL);
    SDL_SetTextureBlendMode(sd->atlas->texture, SDL_BLENDMODE_BLEND);
}
