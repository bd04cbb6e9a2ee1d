/*
 * effect_quads: the spectacle's scaled, turned and tinted sprites. See
 * effect_quads.h.
 */
#include "render/effect_quads.h"

#include "core/mem.h"
#include "render/atlas.h"

#include <math.h>
#include <string.h>

int effect_quads_init(effect_quads *q, int capacity)
{
    memset(q, 0, sizeof *q);
    q->quads = mem_calloc((size_t)(capacity > 0 ? capacity : 1), sizeof *q->quads);
    if (!q->quads)
        return -1;
    q->capacity = capacity;
    return 0;
}

void effect_quads_free(effect_quads *q)
{
    mem_free(q->quads);
    memset(q, 0, sizeof *q);
}

void effect_quads_clear(effect_quads *q)
{
    q->count = 0;
}

void effect_quads_set_origin(effect_quads *q, float x, float y)
{
    q->origin_x = x;
    q->origin_y = y;
}

/* The next free quad, or NULL (refused and counted). */
static effect_quad *effect_quads_next(effect_quads *q)
{
    if (q->count >= q->capacity) {
        q->refused++;
        return NULL;
    }
    return &q->quads[q->count++];
}

int effect_quads_add(effect_quads *q, int frame, float x, float y, float scale, float angle,
                     const uint8_t rgba[4], int additive)
{
    if (frame < 0 || frame >= atlas_frame_count() || !(scale > 0.0f) || rgba[3] == 0)
        return -1;
    effect_quad *e = effect_quads_next(q);
    if (!e)
        return -1;
    atlas_rect r = atlas_frame_rect(frame);
    float a = angle * 0.017453292f;
    *e = (effect_quad){x,
                       y,
                       0.5f * (float)r.w * scale,
                       0.5f * (float)r.h * scale,
                       cosf(a),
                       sinf(a),
                       frame,
                       {rgba[0], rgba[1], rgba[2], rgba[3]},
                       (uint8_t) !!additive};
    return 0;
}

int effect_quads_add_fill(effect_quads *q, float x, float y, float w, float h,
                          const uint8_t rgba[4], int additive)
{
    if (!(w > 0.0f && h > 0.0f) || rgba[3] == 0)
        return -1;
    effect_quad *e = effect_quads_next(q);
    if (!e)
        return -1;
    *e = (effect_quad){x + 0.5f * w,
                       y + 0.5f * h,
                       0.5f * w,
                       0.5f * h,
                       1.0f,
                       0.0f,
                       -1,
                       {rgba[0], rgba[1], rgba[2], rgba[3]},
                       (uint8_t) !!additive};
    return 0;
}

void effect_quads_corners(const effect_quads *q, int i, float xy[8], float uv[8])
{
    const effect_quad *e = &q->quads[i];
    static const float sx[4] = {-1, 1, 1, -1}, sy[4] = {-1, -1, 1, 1};
    float cx = e->x + q->origin_x, cy = e->y + q->origin_y;
    for (int k = 0; k < 4; k++) {
        float lx = sx[k] * e->hw, ly = sy[k] * e->hh;
        xy[2 * k] = cx + lx * e->c - ly * e->s;
        xy[2 * k + 1] = cy + lx * e->s + ly * e->c;
    }
    if (e->frame < 0) {
        memset(uv, 0, 8 * sizeof *uv);
        return;
    }
    atlas_rect r = atlas_frame_rect(e->frame);
    float iw = 1.0f / (float)atlas_width(), ih = 1.0f / (float)atlas_height();
    float u0 = (float)r.x * iw, v0 = (float)r.y * ih;
    float u1 = (float)(r.x + r.w) * iw, v1 = (float)(r.y + r.h) * ih;
    const float corners[8] = {u0, v0, u1, v0, u1, v1, u0, v1};
    memcpy(uv, corners, sizeof corners);
}

/* A premultiplied pixel tinted: each colour channel times its tint and the
 * opacity, the alpha times the opacity (all / 255). */
static uint32_t eq_tint(uint32_t p, const uint8_t rgba[4])
{
    uint32_t a = rgba[3];
    uint32_t r = ((p >> 16) & 255u) * rgba[0] / 255u * a / 255u;
    uint32_t g = ((p >> 8) & 255u) * rgba[1] / 255u * a / 255u;
    uint32_t b = (p & 255u) * rgba[2] / 255u * a / 255u;
    uint32_t al = (p >> 24) * a / 255u;
    return al << 24 | r << 16 | g << 8 | b;
}

/* The blitter's blends: "over" for premultiplied s, or s added (saturating). */
static uint32_t eq_blend(uint32_t d, uint32_t s, int additive)
{
    uint32_t inv = additive ? 256u : 256u - (s >> 24), out = 0;
    for (int shift = 0; shift < 32; shift += 8) {
        uint32_t c = ((s >> shift) & 255u) + ((((d >> shift) & 255u) * inv) >> 8);
        out |= (c > 255u ? 255u : c) << shift;
    }
    return out;
}

/* The frame's texel at (u, v), 0 outside the frame. */
static uint32_t eq_texel(const sprite_blit_atlas *a, const sprite_blit_frame *f, int u, int v)
{
    if (u < 0 || v < 0 || u >= f->w || v >= f->h)
        return 0;
    return a->pixels[f->offset + (size_t)v * f->w + (size_t)u];
}

/* The frame at texel coordinates (u, v) (texel centres at whole numbers),
 * filtered between its four nearest texels as a GPU's linear filter is: a
 * scaled effect is smooth on both paths. Premultiplied, so the weights apply
 * to every channel alike. */
static uint32_t eq_sample(const sprite_blit_atlas *a, const sprite_blit_frame *f, float u, float v)
{
    float fu = floorf(u), fv = floorf(v);
    int u0 = (int)fu, v0 = (int)fv;
    uint32_t wu = (uint32_t)((u - fu) * 256.0f), wv = (uint32_t)((v - fv) * 256.0f);
    uint32_t t[4] = {eq_texel(a, f, u0, v0), eq_texel(a, f, u0 + 1, v0), eq_texel(a, f, u0, v0 + 1),
                     eq_texel(a, f, u0 + 1, v0 + 1)};
    if ((t[0] | t[1] | t[2] | t[3]) == 0)
        return 0;
    uint32_t w[4] = {(256 - wu) * (256 - wv), wu * (256 - wv), (256 - wu) * wv, wu * wv};
    uint32_t out = 0;
    for (int shift = 0; shift < 32; shift += 8) {
        uint32_t c = 0;
        for (int k = 0; k < 4; k++)
            c += ((t[k] >> shift) & 255u) * w[k];
        out |= ((c + 32768u) >> 16) << shift;
    }
    return out;
}

/* One quad: every target pixel whose centre falls inside it takes the frame
 * filtered at the point under it (eq_sample), tinted, blended. */
static void eq_blit_one(const effect_quads *q, int i, const sprite_blit_atlas *a,
                        const sprite_blit_target *t)
{
    const effect_quad *e = &q->quads[i];
    const sprite_blit_frame *f = NULL;
    if (e->frame >= 0) {
        if (e->frame >= a->frame_count)
            return;
        f = &a->frames[e->frame];
    }
    float xy[8], uv[8];
    effect_quads_corners(q, i, xy, uv);
    float minx = xy[0], maxx = xy[0], miny = xy[1], maxy = xy[1];
    for (int k = 1; k < 4; k++) {
        minx = fminf(minx, xy[2 * k]), maxx = fmaxf(maxx, xy[2 * k]);
        miny = fminf(miny, xy[2 * k + 1]), maxy = fmaxf(maxy, xy[2 * k + 1]);
    }
    int x0 = (int)floorf(minx) - t->origin_x, x1 = (int)ceilf(maxx) - t->origin_x;
    int y0 = (int)floorf(miny) - t->origin_y, y1 = (int)ceilf(maxy) - t->origin_y;
    x0 = x0 < 0 ? 0 : x0, y0 = y0 < 0 ? 0 : y0;
    x1 = x1 > t->w ? t->w : x1, y1 = y1 > t->h ? t->h : y1;
    float cx = e->x + q->origin_x - (float)t->origin_x;
    float cy = e->y + q->origin_y - (float)t->origin_y;
    /* a fill: its colour, opaque, at the quad's opacity (premultiplied) */
    uint32_t solid =
        eq_tint(0xff000000u | (uint32_t)e->rgba[0] << 16 | (uint32_t)e->rgba[1] << 8 | e->rgba[2],
                (const uint8_t[4]){255, 255, 255, e->rgba[3]});
    /* texel steps: the frame's w / (2 hw) texels per pixel */
    float ku = f ? (float)f->w / (2.0f * e->hw) : 0.0f,
          kv = f ? (float)f->h / (2.0f * e->hh) : 0.0f;
    for (int y = y0; y < y1; y++) {
        uint32_t *row = t->pixels + (size_t)y * t->pitch;
        float dy = (float)y + 0.5f - cy;
        for (int x = x0; x < x1; x++) {
            float dx = (float)x + 0.5f - cx;
            float lx = dx * e->c + dy * e->s, ly = -dx * e->s + dy * e->c;
            if (lx < -e->hw || lx >= e->hw || ly < -e->hh || ly >= e->hh)
                continue;
            uint32_t s = solid;
            if (f) {
                uint32_t p = eq_sample(a, f, (lx + e->hw) * ku - 0.5f, (ly + e->hh) * kv - 0.5f);
                if (p == 0)
                    continue;
                s = eq_tint(p, e->rgba);
            }
            row[x] = eq_blend(row[x], s, e->additive);
        }
    }
}

void effect_quads_blit(const effect_quads *q, const sprite_blit_atlas *a,
                       const sprite_blit_target *t)
{
    for (int i = 0; i < q->count; i++)
        eq_blit_one(q, i, a, t);
}
