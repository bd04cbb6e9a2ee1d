/*
 * backdrop_art: data backdrops on both paths. See backdrop_art.h.
 */
#include "render/backdrop_art.h"

#include "core/file.h"
#include "core/mem.h"
#include "pattern/content/backdrop_decl.h"

#include <SDL_image.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

/* ---- loading ---- */

void backdrop_art_unload(backdrop_art *ba)
{
    for (int k = 0; k < ba->nsheets; k++) {
        if (ba->sheets[k].texture)
            SDL_DestroyTexture(ba->sheets[k].texture);
        mem_free(ba->sheets[k].pixels);
    }
    memset(ba, 0, sizeof *ba);
}

/* Reads one sheet into s (the texture and the CPU copy); 0, or -1 with the
 * reason in why. */
static int ba_load_sheet(backdrop_art_sheet *s, SDL_Renderer *r, const backdrop_sheet *from,
                         char *why, size_t why_size)
{
    int w = 0, h = 0;
    char err[256];
    if (!file_exists(from->path))
        snprintf(why, why_size, "is missing");
    else if (!file_inside(from->path, from->root))
        snprintf(why, why_size, "lies outside its folder (a link out?)");
    else if (backdrop_decl_png_size(from->path, &w, &h) != 0)
        snprintf(why, why_size, "is no PNG picture");
    else if (w < 1 || h < 1 || w > BACKDROP_MAX_SHEET || h > BACKDROP_MAX_SHEET)
        snprintf(why, why_size, "is %dx%d: a backdrop's sheet is at most %dx%d", w, h,
                 BACKDROP_MAX_SHEET, BACKDROP_MAX_SHEET);
    else if (file_check_limit(from->path, FILE_LIMIT_IMAGE, err, sizeof err) != 0)
        snprintf(why, why_size, "%s", file_error_reason(err, from->path));
    else
        why[0] = 0;
    if (why[0])
        return -1;
    SDL_Surface *read = IMG_Load(from->path);
    SDL_Surface *argb = read ? SDL_ConvertSurfaceFormat(read, SDL_PIXELFORMAT_ARGB8888, 0) : NULL;
    SDL_FreeSurface(read);
    if (!argb || argb->w != w || argb->h != h) {
        snprintf(why, why_size, "cannot be read: %s", argb ? "its size changed" : IMG_GetError());
        SDL_FreeSurface(argb);
        return -1;
    }
    s->w = w;
    s->h = h;
    s->pixels = mem_alloc((size_t)w * (size_t)h * sizeof *s->pixels);
    s->texture = r ? SDL_CreateTextureFromSurface(r, argb) : NULL;
    if (s->pixels)
        for (int y = 0; y < h; y++)
            memcpy(s->pixels + (size_t)y * (size_t)w,
                   (const uint8_t *)argb->pixels + (size_t)y * (size_t)argb->pitch,
                   (size_t)w * sizeof *s->pixels);
    SDL_FreeSurface(argb);
    if (!s->pixels || (r && !s->texture)) {
        snprintf(why, why_size, "cannot be loaded: %s", s->pixels ? SDL_GetError() : "no memory");
        return -1;
    }
    if (s->texture)
        SDL_SetTextureScaleMode(s->texture, SDL_ScaleModeLinear);
    return 0;
}

/* Checks that every tiled layer's tile is drawn at least BACKDROP_MIN_TILE a
 * side; 0, or -1 naming the first that is not in err. */
static int ba_check_tiles(const backdrop_art *ba, const backdrop_sheet *sheets, char *err,
                          size_t err_size)
{
    for (int k = 0; k < ba->count; k++) {
        const backdrop_scene *s = &ba->scenes[k];
        for (int i = 0; i < s->nlayers + s->nspell; i++) {
            const backdrop_layer *l = i < s->nlayers ? &s->layers[i] : &s->spell[i - s->nlayers];
            if (l->sheet < 0 || l->placed)
                continue;
            const backdrop_art_sheet *sh = &ba->sheets[l->sheet];
            float tw = (float)sh->w * l->scale, th = (float)sh->h * l->scale;
            if (tw >= BACKDROP_MIN_TILE && th >= BACKDROP_MIN_TILE)
                continue;
            const backdrop_sheet *f = &sheets[l->sheet];
            snprintf(err, err_size,
                     "%s:%u:%u: the sheet %s is tiled %gx%g px: a tile is at least %d px a side "
                     "(a larger scale, or `at (X, Y)` to place it once)",
                     f->file, f->line, f->col, f->path, tw, th, BACKDROP_MIN_TILE);
            return -1;
        }
    }
    return 0;
}

/* Loads into ba, which is empty; 0, or -1 with err (ba holds what it read). */
static int ba_load(backdrop_art *ba, SDL_Renderer *r, const backdrop_scene *scenes, int n,
                   const backdrop_sheet *sheets, int nsheets, char *err, size_t err_size)
{
    ba->renderer = r;
    n = n > BACKDROP_MAX_DECLARED ? BACKDROP_MAX_DECLARED : n < 0 ? 0 : n;
    nsheets = nsheets > BACKDROP_MAX_SHEETS ? BACKDROP_MAX_SHEETS : nsheets < 0 ? 0 : nsheets;
    for (int k = 0; k < nsheets; k++) {
        char why[320];
        ba->nsheets = k + 1;
        if (ba_load_sheet(&ba->sheets[k], r, &sheets[k], why, sizeof why) != 0) {
            snprintf(err, err_size, "%s:%u:%u: the sheet %s %s", sheets[k].file, sheets[k].line,
                     sheets[k].col, sheets[k].path, why);
            return -1;
        }
    }
    for (int k = 0; k < n; k++) {
        ba->scenes[k] = scenes[k];
        ba->scenes[k].name = NULL; /* the library's, which may go first */
    }
    ba->count = n;
    return ba_check_tiles(ba, sheets, err, err_size);
}

int backdrop_art_load(backdrop_art *ba, SDL_Renderer *r, const backdrop_scene *scenes, int n,
                      const backdrop_sheet *sheets, int nsheets, char *err, size_t err_size)
{
    backdrop_art *next = mem_calloc(1, sizeof *next);
    if (!next) {
        snprintf(err, err_size, "no memory for the backdrops");
        return -1;
    }
    int rc = ba_load(next, r, scenes, n, sheets, nsheets, err, err_size);
    if (rc == 0) { /* the new ones replace the old; else the old stay */
        backdrop_art_unload(ba);
        *ba = *next;
    } else {
        backdrop_art_unload(next);
    }
    mem_free(next);
    return rc;
}

int backdrop_art_has(const backdrop_art *ba, int id)
{
    int n = 0;
    return ba && backdrop_scene_layers(ba->scenes, ba->count, id, &n) != NULL;
}

/* ---- one layer's frame ---- */

/* Where a layer is at a frame: everything both paths need. */
typedef struct ba_place {
    float a;                         /* opacity: the layer's, its fade's and the backdrop's */
    float cs, sn;                    /* the turn's cosine and sine */
    float px, py;                    /* placed: its centre; tiled: the tile grid's origin */
    float tw, th;                    /* a copy's size drawn */
    float cx, cy;                    /* tiled: the centre turned about (the area's) */
    uint8_t rgb[3];                  /* tint, lit */
    const backdrop_art_sheet *sheet; /* NULL: a fill */
} ba_place;

/* x wrapped into [0, period). */
static float ba_wrap(float x, float period)
{
    float m = fmodf(x, period);
    return m < 0 ? m + period : m;
}

static ba_place ba_place_of(const backdrop_art *ba, const backdrop_layer *l, float t, float w,
                            float h, float alpha, float light)
{
    ba_place p = {0};
    float fade = l->fade > 0 ? 0.5f + 0.5f * cosf(t * 6.2831853f / l->fade) : 1.0f;
    p.a = l->alpha * fade * alpha;
    float turn = (l->angle + l->turn * t) * 0.017453293f;
    p.cs = cosf(turn);
    p.sn = sinf(turn);
    for (int i = 0; i < 3; i++)
        p.rgb[i] = (uint8_t)fminf((float)l->tint[i] * light + 0.5f, 255.0f);
    p.cx = w * 0.5f;
    p.cy = h * 0.5f;
    if (l->sheet < 0 || l->sheet >= ba->nsheets)
        return p;
    p.sheet = &ba->sheets[l->sheet];
    p.tw = (float)p.sheet->w * l->scale;
    p.th = (float)p.sheet->h * l->scale;
    float x = l->x + l->scroll_x * t, y = l->y + l->scroll_y * t;
    if (l->placed) { /* drifting off one side brings it back at the other */
        float d = sqrtf(p.tw * p.tw + p.th * p.th);
        p.px = l->scroll_x != 0 ? ba_wrap(x + d * 0.5f, w + d) - d * 0.5f : x;
        p.py = l->scroll_y != 0 ? ba_wrap(y + d * 0.5f, h + d) - d * 0.5f : y;
    } else {
        p.px = ba_wrap(x, p.tw);
        p.py = ba_wrap(y, p.th);
    }
    return p;
}

/* Whether a layer covers what is below it wholly (an opaque fill); a backdrop
 * whose first layer does not is drawn over black, so that it is a whole picture
 * and a cross-fade into it (render/field_view) hides the last one. */
static int ba_covers(const backdrop_layer *l)
{
    return l->sheet < 0 && l->alpha >= 1.0f && l->fade == 0 && !l->additive;
}

/* The black a backdrop is drawn over when its first layer does not cover. */
static const backdrop_layer ba_black = {.sheet = -1, .alpha = 1, .scale = 1};

/* ---- the GPU path ---- */

/* Draws what bv's buffer holds with texture tex (NULL: colours only). */
static void ba_flush(backdrop_view *bv, SDL_Renderer *r, SDL_Texture *tex)
{
    if (bv->ni > 0) {
        SDL_RenderGeometry(r, tex, bv->v, bv->nv, bv->idx, bv->ni);
        bv->calls++;
    }
    bv->nv = bv->ni = 0;
}

/* A quad of four vertices (corners in order, on the target) with their
 * texture coordinates and colours. */
static void ba_quad(backdrop_view *bv, SDL_Renderer *r, SDL_Texture *tex, const float *xy,
                    const float *uv, const SDL_Color *c)
{
    if (bv->nv + 4 > BACKDROP_VIEW_VERTICES || bv->ni + 6 > BACKDROP_VIEW_INDICES)
        ba_flush(bv, r, tex);
    int b = bv->nv;
    for (int k = 0; k < 4; k++)
        bv->v[b + k] = (SDL_Vertex){{xy[2 * k], xy[2 * k + 1]}, c[k], {uv[2 * k], uv[2 * k + 1]}};
    static const int order[6] = {0, 1, 2, 0, 2, 3};
    for (int k = 0; k < 6; k++)
        bv->idx[bv->ni + k] = b + order[k];
    bv->nv += 4;
    bv->ni += 6;
}

/* A fill: the area, its colour from the top's to the bottom's. */
static void ba_draw_fill(backdrop_view *bv, SDL_Renderer *r, SDL_Rect area, const backdrop_layer *l,
                         const ba_place *p, float light)
{
    Uint8 a = (Uint8)fminf(p->a * 255.0f + 0.5f, 255.0f);
    SDL_Color top = {(Uint8)(l->top[0] * light), (Uint8)(l->top[1] * light),
                     (Uint8)(l->top[2] * light), a};
    SDL_Color bottom = {(Uint8)(l->bottom[0] * light), (Uint8)(l->bottom[1] * light),
                        (Uint8)(l->bottom[2] * light), a};
    float x0 = (float)area.x, y0 = (float)area.y, x1 = x0 + (float)area.w, y1 = y0 + (float)area.h;
    const float xy[8] = {x0, y0, x1, y0, x1, y1, x0, y1};
    const float uv[8] = {0};
    const SDL_Color c[4] = {top, top, bottom, bottom};
    SDL_SetRenderDrawBlendMode(r, l->additive ? SDL_BLENDMODE_ADD : SDL_BLENDMODE_BLEND);
    ba_quad(bv, r, NULL, xy, uv, c);
    ba_flush(bv, r, NULL);
}

/* A picture: one copy, or the tiles covering the area (the turned area's
 * bounding circle when it turns). */
static void ba_draw_sheet(backdrop_view *bv, SDL_Renderer *r, SDL_Rect area,
                          const backdrop_layer *l, const ba_place *p)
{
    SDL_Texture *tex = p->sheet->texture;
    if (!tex)
        return;
    SDL_SetTextureBlendMode(tex, l->additive ? SDL_BLENDMODE_ADD : SDL_BLENDMODE_BLEND);
    Uint8 a = (Uint8)fminf(p->a * 255.0f + 0.5f, 255.0f);
    const SDL_Color c[4] = {{p->rgb[0], p->rgb[1], p->rgb[2], a},
                            {p->rgb[0], p->rgb[1], p->rgb[2], a},
                            {p->rgb[0], p->rgb[1], p->rgb[2], a},
                            {p->rgb[0], p->rgb[1], p->rgb[2], a}};
    const float uv[8] = {0, 0, 1, 0, 1, 1, 0, 1};
    float ax = (float)area.x, ay = (float)area.y;
    if (l->placed) {
        float hx = p->tw * 0.5f, hy = p->th * 0.5f, xy[8];
        const float corner[8] = {-hx, -hy, hx, -hy, hx, hy, -hx, hy};
        for (int k = 0; k < 4; k++) {
            xy[2 * k] = ax + p->px + corner[2 * k] * p->cs - corner[2 * k + 1] * p->sn;
            xy[2 * k + 1] = ay + p->py + corner[2 * k] * p->sn + corner[2 * k + 1] * p->cs;
        }
        ba_quad(bv, r, tex, xy, uv, c);
        ba_flush(bv, r, tex);
        return;
    }
    int turned = p->sn != 0.0f || p->cs != 1.0f;
    float rad = turned ? sqrtf(p->cx * p->cx + p->cy * p->cy) : 0;
    float lox = turned ? p->cx - rad : 0, hix = turned ? p->cx + rad : (float)area.w;
    float loy = turned ? p->cy - rad : 0, hiy = turned ? p->cy + rad : (float)area.h;
    int i0 = (int)floorf((lox - p->px) / p->tw), i1 = (int)floorf((hix - p->px) / p->tw);
    int j0 = (int)floorf((loy - p->py) / p->th), j1 = (int)floorf((hiy - p->py) / p->th);
    for (int j = j0; j <= j1; j++)
        for (int i = i0; i <= i1; i++) {
            float x0 = p->px + (float)i * p->tw - p->cx, y0 = p->py + (float)j * p->th - p->cy;
            const float corner[8] = {x0,         y0,         x0 + p->tw, y0,
                                     x0 + p->tw, y0 + p->th, x0,         y0 + p->th};
            float xy[8];
            for (int k = 0; k < 4; k++) {
                xy[2 * k] = ax + p->cx + corner[2 * k] * p->cs - corner[2 * k + 1] * p->sn;
                xy[2 * k + 1] = ay + p->cy + corner[2 * k] * p->sn + corner[2 * k + 1] * p->cs;
            }
            ba_quad(bv, r, tex, xy, uv, c);
        }
    ba_flush(bv, r, tex);
}

void backdrop_art_draw(const backdrop_art *ba, backdrop_view *bv, SDL_Renderer *r, SDL_Rect area,
                       int id, uint64_t t, float alpha, int dim)
{
    int n = 0;
    const backdrop_layer *layers = backdrop_scene_layers(ba->scenes, ba->count, id, &n);
    if (!layers)
        return;
    float ft = (float)(t % 2000000u); /* float frames stay exact for ~9 hours */
    float light = (float)(100 - (dim < 0 ? 0 : dim > 100 ? 100 : dim)) / 100.0f;
    alpha = alpha < 0 ? 0 : alpha > 1 ? 1 : alpha;
    bv->nv = bv->ni = 0;
    for (int k = ba_covers(&layers[0]) ? 0 : -1; k < n; k++) {
        const backdrop_layer *l = k < 0 ? &ba_black : &layers[k];
        ba_place p = ba_place_of(ba, l, ft, (float)area.w, (float)area.h, alpha, light);
        if (p.a <= 0.0f)
            continue;
        if (p.sheet)
            ba_draw_sheet(bv, r, area, l, &p);
        else if (l->sheet < 0)
            ba_draw_fill(bv, r, area, l, &p, light);
    }
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_NONE);
}

/* ---- the CPU path ---- */

/* Blends colour (r, g, b) with coverage k (0..256) into *d: over, or added. */
static inline void ba_blend(uint32_t *d, uint32_t r, uint32_t g, uint32_t b, uint32_t k, int add)
{
    uint32_t v = *d, dr = v >> 16 & 255, dg = v >> 8 & 255, db = v & 255;
    if (add) {
        dr += r * k >> 8, dg += g * k >> 8, db += b * k >> 8;
        dr = dr > 255 ? 255 : dr, dg = dg > 255 ? 255 : dg, db = db > 255 ? 255 : db;
    } else {
        dr = (uint32_t)((int32_t)dr + (((int32_t)r - (int32_t)dr) * (int32_t)k >> 8));
        dg = (uint32_t)((int32_t)dg + (((int32_t)g - (int32_t)dg) * (int32_t)k >> 8));
        db = (uint32_t)((int32_t)db + (((int32_t)b - (int32_t)db) * (int32_t)k >> 8));
    }
    *d = 0xFF000000u | dr << 16 | dg << 8 | db;
}

/* One texel, tinted, blended at *d with the layer's opacity ka (0..256). */
static inline void ba_texel(uint32_t *d, uint32_t texel, const uint32_t *mul, uint32_t ka, int add)
{
    uint32_t ta = texel >> 24;
    if (ta == 0)
        return;
    uint32_t k = (ta + (ta >> 7)) * ka >> 8; /* 0..256 */
    uint32_t r = (texel >> 16 & 255) * mul[0] / 255, g = (texel >> 8 & 255) * mul[1] / 255,
             b = (texel & 255) * mul[2] / 255;
    ba_blend(d, r, g, b, k, add);
}

static void ba_pixels_fill(uint32_t *px, int w, int h, int pitch, const backdrop_layer *l,
                           const ba_place *p, float light)
{
    uint32_t k = (uint32_t)(p->a * 256.0f + 0.5f);
    for (int y = 0; y < h; y++) {
        float f = ((float)y + 0.5f) / (float)h;
        uint32_t c[3];
        for (int i = 0; i < 3; i++)
            c[i] = (uint32_t)(((float)l->top[i] + ((float)l->bottom[i] - (float)l->top[i]) * f) *
                              light);
        uint32_t *row = px + (size_t)y * (size_t)pitch;
        for (int x = 0; x < w; x++)
            ba_blend(row + x, c[0], c[1], c[2], k > 256 ? 256 : k, l->additive);
    }
}

/* A tiled picture: each pixel's centre turned back into the plane, its texel
 * the wrapped one (16.16 fixed point along a row). */
static void ba_pixels_tiled(uint32_t *px, int w, int h, int pitch, const backdrop_layer *l,
                            const ba_place *p, const uint32_t *mul, uint32_t ka)
{
    const backdrop_art_sheet *s = p->sheet;
    float inv = 1.0f / l->scale;
    int32_t sw = s->w * 65536, sh = s->h * 65536;
    int32_t du = (int32_t)(p->cs * inv * 65536.0f), dv = (int32_t)(-p->sn * inv * 65536.0f);
    for (int y = 0; y < h; y++) {
        float ry = (float)y + 0.5f - p->cy, rx = 0.5f - p->cx;
        float qx = p->cx + rx * p->cs + ry * p->sn - p->px;
        float qy = p->cy - rx * p->sn + ry * p->cs - p->py;
        int32_t u = (int32_t)(ba_wrap(qx * inv, (float)s->w) * 65536.0f);
        int32_t v = (int32_t)(ba_wrap(qy * inv, (float)s->h) * 65536.0f);
        uint32_t *row = px + (size_t)y * (size_t)pitch;
        for (int x = 0; x < w; x++) {
            u = u >= sw ? u - sw : u < 0 ? u + sw : u;
            v = v >= sh ? v - sh : v < 0 ? v + sh : v;
            int tu = u >> 16, tv = v >> 16;
            tu = tu >= s->w ? s->w - 1 : tu;
            tv = tv >= s->h ? s->h - 1 : tv;
            ba_texel(row + x, s->pixels[(size_t)tv * (size_t)s->w + (size_t)tu], mul, ka,
                     l->additive);
            u += du;
            v += dv;
        }
    }
}

/* A placed picture: the pixels of its turned box, each inside it sampled. */
static void ba_pixels_placed(uint32_t *px, int w, int h, int pitch, const backdrop_layer *l,
                             const ba_place *p, const uint32_t *mul, uint32_t ka)
{
    const backdrop_art_sheet *s = p->sheet;
    float inv = 1.0f / l->scale;
    float ex = fabsf(p->cs) * p->tw * 0.5f + fabsf(p->sn) * p->th * 0.5f;
    float ey = fabsf(p->sn) * p->tw * 0.5f + fabsf(p->cs) * p->th * 0.5f;
    int x0 = (int)floorf(p->px - ex), x1 = (int)ceilf(p->px + ex);
    int y0 = (int)floorf(p->py - ey), y1 = (int)ceilf(p->py + ey);
    x0 = x0 < 0 ? 0 : x0, y0 = y0 < 0 ? 0 : y0;
    x1 = x1 > w ? w : x1, y1 = y1 > h ? h : y1;
    for (int y = y0; y < y1; y++) {
        uint32_t *row = px + (size_t)y * (size_t)pitch;
        float ry = (float)y + 0.5f - p->py;
        for (int x = x0; x < x1; x++) {
            float rx = (float)x + 0.5f - p->px;
            float u = (rx * p->cs + ry * p->sn) * inv + (float)s->w * 0.5f;
            float v = (-rx * p->sn + ry * p->cs) * inv + (float)s->h * 0.5f;
            if (u < 0 || v < 0 || u >= (float)s->w || v >= (float)s->h)
                continue;
            ba_texel(row + x, s->pixels[(size_t)v * (size_t)s->w + (size_t)u], mul, ka,
                     l->additive);
        }
    }
}

void backdrop_art_draw_pixels(const backdrop_art *ba, uint32_t *pixels, int w, int h, int pitch,
                              int id, uint64_t t, float alpha, int dim)
{
    int n = 0;
    const backdrop_layer *layers = backdrop_scene_layers(ba->scenes, ba->count, id, &n);
    if (!layers || !pixels)
        return;
    float ft = (float)(t % 2000000u);
    float light = (float)(100 - (dim < 0 ? 0 : dim > 100 ? 100 : dim)) / 100.0f;
    alpha = alpha < 0 ? 0 : alpha > 1 ? 1 : alpha;
    for (int k = ba_covers(&layers[0]) ? 0 : -1; k < n; k++) {
        const backdrop_layer *l = k < 0 ? &ba_black : &layers[k];
        ba_place p = ba_place_of(ba, l, ft, (float)w, (float)h, alpha, light);
        uint32_t ka = (uint32_t)fminf(p.a * 256.0f + 0.5f, 256.0f);
        if (ka == 0)
            continue;
        const uint32_t mul[3] = {p.rgb[0], p.rgb[1], p.rgb[2]};
        if (!p.sheet && l->sheet < 0)
            ba_pixels_fill(pixels, w, h, pitch, l, &p, light);
        else if (p.sheet && l->placed)
            ba_pixels_placed(pixels, w, h, pitch, l, &p, mul, ka);
        else if (p.sheet)
            ba_pixels_tiled(pixels, w, h, pitch, l, &p, mul, ka);
    }
}
