/*
 * backdrop_view: the backdrops, layer by layer. See backdrop_view.h.
 *
 * Coordinates are the area's (0..w, 0..h); t is in frames (60 a second). The
 * skies stay dark enough that every bullet colour reads over them.
 */
#include "render/backdrop_view.h"

#include <math.h>

#define BV_TAU 6.2831853f

typedef struct bv_rgba {
    float r, g, b, a; /* colour 0..255, a 0..1 */
} bv_rgba;

static bv_rgba rgba(float r, float g, float b, float a)
{
    return (bv_rgba){r, g, b, a};
}

static bv_rgba bv_mix(bv_rgba x, bv_rgba y, float k)
{
    return rgba(x.r + (y.r - x.r) * k, x.g + (y.g - x.g) * k, x.b + (y.b - x.b) * k,
                x.a + (y.a - x.a) * k);
}

/* A number in [0, 1) from an element's index and a salt: where it is, how big. */
static float bv_rand(uint32_t i, uint32_t salt)
{
    uint32_t x = i * 0x9E3779B1u ^ (salt + 0x7F4A7C15u) * 0x85EBCA77u;
    x ^= x >> 15;
    x *= 0x2C1B3C6Du;
    x ^= x >> 12;
    x *= 0x297A2D39u;
    x ^= x >> 15;
    return (float)(x >> 8) / 16777216.0f;
}

/* x wrapped into [0, period). */
static float bv_wrap(float x, float period)
{
    float m = fmodf(x, period);
    return m < 0 ? m + period : m;
}

/* ---- the CPU rasterizer (backdrop_view_draw_pixels) ---- */

/* A span of pixels blended with colour and alpha stepping along it (16.16
 * fixed point: col[k] + step[k] each pixel): over (opaque: written), or added. */
static void bv_span(uint32_t *row, int n, int32_t *col, const int32_t *step, int add)
{
    for (int x = 0; x < n; x++) {
        int32_t al = col[3] >> 16;
        uint32_t r = (uint32_t)(col[0] < 0 ? 0 : col[0] >> 16 > 255 ? 255 : col[0] >> 16);
        uint32_t g = (uint32_t)(col[1] < 0 ? 0 : col[1] >> 16 > 255 ? 255 : col[1] >> 16);
        uint32_t b = (uint32_t)(col[2] < 0 ? 0 : col[2] >> 16 > 255 ? 255 : col[2] >> 16);
        if (al >= 255 && !add) {
            row[x] = 0xFF000000u | r << 16 | g << 8 | b;
        } else if (al > 0) {
            uint32_t d = row[x], dr = d >> 16 & 255, dg = d >> 8 & 255, db = d & 255;
            uint32_t k = (uint32_t)(al > 255 ? 256 : al + 1);
            if (add) {
                dr += r * k >> 8, dg += g * k >> 8, db += b * k >> 8;
                dr = dr > 255 ? 255 : dr, dg = dg > 255 ? 255 : dg, db = db > 255 ? 255 : db;
            } else {
                dr = (uint32_t)((int32_t)dr + (((int32_t)r - (int32_t)dr) * (int32_t)k >> 8));
                dg = (uint32_t)((int32_t)dg + (((int32_t)g - (int32_t)dg) * (int32_t)k >> 8));
                db = (uint32_t)((int32_t)db + (((int32_t)b - (int32_t)db) * (int32_t)k >> 8));
            }
            row[x] = 0xFF000000u | dr << 16 | dg << 8 | db;
        }
        for (int c = 0; c < 4; c++)
            col[c] += step[c];
    }
}

/* Fills triangle a b c, its colour and alpha interpolated as planes over it,
 * one span a row (pixel centres inside it). */
static void bv_raster_tri(backdrop_view *bv, const SDL_Vertex *a, const SDL_Vertex *b,
                          const SDL_Vertex *c, int add)
{
    float x0 = a->position.x, y0 = a->position.y;
    float ux = b->position.x - x0, uy = b->position.y - y0;
    float vx = c->position.x - x0, vy = c->position.y - y0;
    float det = ux * vy - uy * vx;
    if (det > -1e-6f && det < 1e-6f)
        return;
    float ca[4] = {a->color.r, a->color.g, a->color.b, a->color.a};
    float cb[4] = {b->color.r, b->color.g, b->color.b, b->color.a};
    float cc[4] = {c->color.r, c->color.g, c->color.b, c->color.a};
    float dx[4], dy[4];
    for (int k = 0; k < 4; k++) { /* the plane's gradient, from two edges */
        float du = cb[k] - ca[k], dv = cc[k] - ca[k];
        dx[k] = (du * vy - dv * uy) / det;
        dy[k] = (dv * ux - du * vx) / det;
    }
    const SDL_FPoint *p[3] = {&a->position, &b->position, &c->position};
    float ymin = fminf(p[0]->y, fminf(p[1]->y, p[2]->y)),
          ymax = fmaxf(p[0]->y, fmaxf(p[1]->y, p[2]->y));
    int ya = (int)ceilf(ymin - 0.5f), yb = (int)ceilf(ymax - 0.5f);
    ya = ya < 0 ? 0 : ya;
    yb = yb > bv->ph ? bv->ph : yb;
    for (int y = ya; y < yb; y++) {
        float yc = (float)y + 0.5f, xl = 1e9f, xr = -1e9f;
        for (int e = 0; e < 3; e++) {
            const SDL_FPoint *s = p[e], *t = p[(e + 1) % 3];
            if ((s->y <= yc) == (t->y <= yc))
                continue;
            float x = s->x + (yc - s->y) * (t->x - s->x) / (t->y - s->y);
            xl = fminf(xl, x);
            xr = fmaxf(xr, x);
        }
        int xa = (int)ceilf(xl - 0.5f), xb = (int)ceilf(xr - 0.5f);
        xa = xa < 0 ? 0 : xa;
        xb = xb > bv->pw ? bv->pw : xb;
        if (xa >= xb)
            continue;
        float fx = (float)xa + 0.5f - x0, fy = yc - y0;
        int32_t col[4], step[4];
        for (int k = 0; k < 4; k++) {
            col[k] = (int32_t)((ca[k] + dx[k] * fx + dy[k] * fy) * 65536.0f);
            step[k] = (int32_t)(dx[k] * 65536.0f);
        }
        bv_span(bv->px + (size_t)y * (size_t)bv->pitch + xa, xb - xa, col, step, add);
    }
}

/* ---- the vertex buffer ---- */

static void bv_flush(backdrop_view *bv)
{
    if (bv->ni > 0 && bv->px) {
        int add = bv->blend == SDL_BLENDMODE_ADD;
        for (int i = 0; i + 2 < bv->ni; i += 3)
            bv_raster_tri(bv, &bv->v[bv->idx[i]], &bv->v[bv->idx[i + 1]], &bv->v[bv->idx[i + 2]],
                          add);
    } else if (bv->ni > 0) {
        SDL_SetRenderDrawBlendMode(bv->renderer, bv->blend);
        SDL_RenderGeometry(bv->renderer, NULL, bv->v, bv->nv, bv->idx, bv->ni);
        bv->calls++;
    }
    bv->nv = bv->ni = 0;
}

/* Makes room for nv vertices and ni indices drawn with blend mode `mode`. */
static int bv_room(backdrop_view *bv, SDL_BlendMode mode, int nv, int ni)
{
    if (mode != bv->blend || bv->nv + nv > BACKDROP_VIEW_VERTICES ||
        bv->ni + ni > BACKDROP_VIEW_INDICES)
        bv_flush(bv);
    bv->blend = mode;
    return nv <= BACKDROP_VIEW_VERTICES && ni <= BACKDROP_VIEW_INDICES;
}

/* A vertex at area position (x, y): its colour lit, its alpha faded. Added
 * light is weighed by its alpha too (SDL's add: dst + src * alpha), so that a
 * renderer that would blend it instead still draws a glow, never a shadow. */
static int bv_vertex(backdrop_view *bv, float x, float y, bv_rgba c)
{
    float a = c.a * bv->alpha;
    SDL_Vertex *v = &bv->v[bv->nv];
    v->position = (SDL_FPoint){bv->x0 + x, bv->y0 + y};
    v->color =
        (SDL_Color){(Uint8)fminf(c.r * bv->light, 255.0f), (Uint8)fminf(c.g * bv->light, 255.0f),
                    (Uint8)fminf(c.b * bv->light, 255.0f), (Uint8)fminf(a * 255.0f, 255.0f)};
    v->tex_coord = (SDL_FPoint){0, 0};
    return bv->nv++;
}

static void bv_tri(backdrop_view *bv, int a, int b, int c)
{
    bv->idx[bv->ni++] = a;
    bv->idx[bv->ni++] = b;
    bv->idx[bv->ni++] = c;
}

/* A quadrilateral p0 p1 p2 p3 (in order round it), a colour at each corner. */
static void bv_quad4(backdrop_view *bv, SDL_BlendMode mode, const float *xy, const bv_rgba *c)
{
    if (!bv_room(bv, mode, 4, 6))
        return;
    int v0 = bv_vertex(bv, xy[0], xy[1], c[0]), v1 = bv_vertex(bv, xy[2], xy[3], c[1]);
    int v2 = bv_vertex(bv, xy[4], xy[5], c[2]), v3 = bv_vertex(bv, xy[6], xy[7], c[3]);
    bv_tri(bv, v0, v1, v2);
    bv_tri(bv, v0, v2, v3);
}

/* A rectangle shading from `top` to `bottom`. */
static void bv_vgrad(backdrop_view *bv, SDL_BlendMode mode, float x, float y, float w, float h,
                     bv_rgba top, bv_rgba bottom)
{
    const float xy[8] = {x, y, x + w, y, x + w, y + h, x, y + h};
    const bv_rgba c[4] = {top, top, bottom, bottom};
    bv_quad4(bv, mode, xy, c);
}

static void bv_rect(backdrop_view *bv, SDL_BlendMode mode, float x, float y, float w, float h,
                    bv_rgba c)
{
    bv_vgrad(bv, mode, x, y, w, h, c, c);
}

/* A rectangle shading from `left` through `mid` (its middle) to `left` again. */
static void bv_fold(backdrop_view *bv, float x, float y, float w, float h, bv_rgba edge,
                    bv_rgba mid)
{
    const float a[8] = {x, y, x + w / 2, y, x + w / 2, y + h, x, y + h};
    const float b[8] = {x + w / 2, y, x + w, y, x + w, y + h, x + w / 2, y + h};
    bv_quad4(bv, SDL_BLENDMODE_BLEND, a, (const bv_rgba[4]){edge, mid, mid, edge});
    bv_quad4(bv, SDL_BLENDMODE_BLEND, b, (const bv_rgba[4]){mid, edge, edge, mid});
}

/* A line from (x0, y0) to (x1, y1), w wide. */
static void bv_line(backdrop_view *bv, SDL_BlendMode mode, float x0, float y0, float x1, float y1,
                    float w, bv_rgba c)
{
    float dx = x1 - x0, dy = y1 - y0, len = sqrtf(dx * dx + dy * dy);
    if (len <= 0.0f)
        return;
    float nx = -dy / len * w / 2, ny = dx / len * w / 2;
    const float xy[8] = {x0 + nx, y0 + ny, x1 + nx, y1 + ny, x1 - nx, y1 - ny, x0 - nx, y0 - ny};
    const bv_rgba cs[4] = {c, c, c, c};
    bv_quad4(bv, mode, xy, cs);
}

/* An ellipse of radii rx, ry: `in` at its centre shading to `out` at its rim
 * (a glow when out is clear). */
static void bv_glow(backdrop_view *bv, SDL_BlendMode mode, float cx, float cy, float rx, float ry,
                    bv_rgba in, bv_rgba out)
{
    enum {
        N = 20
    };
    if (!bv_room(bv, mode, N + 1, 3 * N))
        return;
    int c = bv_vertex(bv, cx, cy, in);
    for (int k = 0; k < N; k++) {
        float a = BV_TAU * (float)k / N;
        bv_vertex(bv, cx + cosf(a) * rx, cy + sinf(a) * ry, out);
    }
    for (int k = 0; k < N; k++)
        bv_tri(bv, c, c + 1 + k, c + 1 + (k + 1) % N);
}

/* A ring between radii r0 and r1, `in` at r0 and `out` at r1. */
static void bv_ring(backdrop_view *bv, SDL_BlendMode mode, float cx, float cy, float r0, float r1,
                    bv_rgba in, bv_rgba out)
{
    enum {
        N = 48
    };
    if (!bv_room(bv, mode, 2 * N, 6 * N))
        return;
    int first = bv->nv;
    for (int k = 0; k < N; k++) {
        float a = BV_TAU * (float)k / N, ca = cosf(a), sa = sinf(a);
        bv_vertex(bv, cx + ca * r0, cy + sa * r0, in);
        bv_vertex(bv, cx + ca * r1, cy + sa * r1, out);
    }
    for (int k = 0; k < N; k++) {
        int a = first + 2 * k, b = first + 2 * ((k + 1) % N);
        bv_tri(bv, a, a + 1, b + 1);
        bv_tri(bv, a, b + 1, b);
    }
}

/* A gear of radius r with `teeth` teeth, turned by angle, with a hub hole
 * drawn in `hole` (its rim r * 0.35). */
static void bv_gear(backdrop_view *bv, float cx, float cy, float r, int teeth, float angle,
                    bv_rgba body, bv_rgba hole)
{
    int n = teeth * 4;
    if (n > 256)
        n = 256;
    if (!bv_room(bv, SDL_BLENDMODE_BLEND, n + 1, 3 * n))
        return;
    int c = bv_vertex(bv, cx, cy, body);
    for (int k = 0; k < n; k++) {
        float a = angle + BV_TAU * (float)k / (float)n;
        float rr = (k % 4 == 1 || k % 4 == 2) ? r : r * 0.84f; /* a tooth, a gap */
        bv_vertex(bv, cx + cosf(a) * rr, cy + sinf(a) * rr, body);
    }
    for (int k = 0; k < n; k++)
        bv_tri(bv, c, c + 1 + k, c + 1 + (k + 1) % n);
    bv_ring(bv, SDL_BLENDMODE_BLEND, cx, cy, r * 0.5f, r * 0.62f, hole, hole);
    bv_glow(bv, SDL_BLENDMODE_BLEND, cx, cy, r * 0.2f, r * 0.2f, hole, hole);
    for (int k = 0; k < 6; k++) { /* spokes' gaps */
        float a = angle + BV_TAU * (float)k / 6.0f + 0.5f;
        bv_glow(bv, SDL_BLENDMODE_BLEND, cx + cosf(a) * r * 0.38f, cy + sinf(a) * r * 0.38f,
                r * 0.09f, r * 0.09f, hole, hole);
    }
}

/* ---- shared layers ---- */

/* A sky in three stops: top, middle (at `split` of the height), bottom. */
static void bv_sky(backdrop_view *bv, bv_rgba top, bv_rgba mid, bv_rgba low, float split)
{
    float h = bv->h * split;
    bv_vgrad(bv, SDL_BLENDMODE_BLEND, 0, 0, bv->w, h, top, mid);
    bv_vgrad(bv, SDL_BLENDMODE_BLEND, 0, h, bv->w, bv->h - h, mid, low);
}

/* n stars twinkling over the top `depth` of the field, drifting down slowly. */
static void bv_stars(backdrop_view *bv, int n, float depth, float t, bv_rgba c, uint32_t salt)
{
    float span = bv->h * depth;
    for (int i = 0; i < n; i++) {
        float x = bv_rand((uint32_t)i, salt) * bv->w;
        float speed = 0.03f + 0.05f * bv_rand((uint32_t)i, salt + 1);
        float y = bv_wrap(bv_rand((uint32_t)i, salt + 2) * span + t * speed, span);
        float tw = 0.55f + 0.45f * sinf(t * 0.05f + (float)i * 2.1f);
        float fade = 1.0f - y / span;
        float size = bv_rand((uint32_t)i, salt + 3) > 0.85f ? 2.0f : 1.0f;
        bv_rect(bv, SDL_BLENDMODE_ADD, x, y, size, size, rgba(c.r, c.g, c.b, c.a * tw * fade));
    }
}

/* Soft bands of haze drifting sideways and down. */
static void bv_haze(backdrop_view *bv, int n, float t, bv_rgba c, float rx, float ry, float drift,
                    uint32_t salt)
{
    for (int i = 0; i < n; i++) {
        float dir = bv_rand((uint32_t)i, salt) < 0.5f ? -1.0f : 1.0f;
        float x = bv_wrap(bv_rand((uint32_t)i, salt + 1) * (bv->w + 2 * rx) + dir * t * drift,
                          bv->w + 2 * rx) -
                  rx;
        float y = bv_wrap(bv_rand((uint32_t)i, salt + 2) * (bv->h + 2 * ry) + t * drift * 0.6f,
                          bv->h + 2 * ry) -
                  ry;
        bv_glow(bv, SDL_BLENDMODE_ADD, x, y, rx, ry, c, rgba(c.r, c.g, c.b, 0));
    }
}

/* ---- dusk: lanterns rising through a violet evening ---- */

/* One paper lantern of height s at (x, y): its glow, body, bright core, caps. */
static void bv_lantern(backdrop_view *bv, float x, float y, float s, bv_rgba warm, float flicker)
{
    bv_glow(bv, SDL_BLENDMODE_ADD, x, y, s * 2.6f, s * 2.6f,
            rgba(warm.r, warm.g, warm.b, 0.30f * flicker), rgba(warm.r, warm.g * 0.6f, 0, 0));
    bv_glow(bv, SDL_BLENDMODE_BLEND, x, y, s * 0.5f, s * 0.62f,
            rgba(warm.r, warm.g * 1.15f, warm.b * 1.3f, 0.95f),
            rgba(warm.r * 0.75f, warm.g * 0.55f, warm.b * 0.4f, 0.95f));
    bv_glow(bv, SDL_BLENDMODE_ADD, x, y, s * 0.22f, s * 0.3f, rgba(255, 240, 190, 0.6f * flicker),
            rgba(255, 200, 120, 0));
    bv_rect(bv, SDL_BLENDMODE_BLEND, x - s * 0.28f, y - s * 0.68f, s * 0.56f, s * 0.14f,
            rgba(50, 16, 14, 0.95f));
    bv_rect(bv, SDL_BLENDMODE_BLEND, x - s * 0.28f, y + s * 0.56f, s * 0.56f, s * 0.14f,
            rgba(50, 16, 14, 0.95f));
}

/* Three depths of lanterns: far ones small, dim and slow, near ones big and
 * fast; each sways and flickers on its own. */
static void bv_lanterns(backdrop_view *bv, float t, int n, bv_rgba warm, uint32_t salt)
{
    static const float size[3] = {3.5f, 6.0f, 10.0f}, speed[3] = {0.22f, 0.45f, 0.8f},
                       dim[3] = {0.45f, 0.7f, 1.0f};
    for (int layer = 0; layer < 3; layer++) {
        int count = n / (layer + 1);
        for (int i = 0; i < count; i++) {
            uint32_t id = (uint32_t)(i + layer * 97);
            float s = size[layer] * (0.8f + 0.4f * bv_rand(id, salt));
            float span = bv->h + 8 * s;
            float y = bv_wrap(bv_rand(id, salt + 1) * span + t * speed[layer], span) - 4 * s;
            float x = bv_rand(id, salt + 2) * bv->w + sinf(t * 0.012f + (float)i) * 10.0f;
            float flicker = 0.8f + 0.2f * sinf(t * 0.21f + (float)i * 1.7f);
            bv_lantern(bv, x, y, s, bv_mix(rgba(90, 50, 60, 1), warm, dim[layer]), flicker);
        }
    }
}

/* A magic circle: two rings of ticks turning opposite ways. */
static void bv_circle(backdrop_view *bv, float cx, float cy, float r, float t, bv_rgba c)
{
    bv_ring(bv, SDL_BLENDMODE_ADD, cx, cy, r - 1.5f, r + 1.5f, c, c);
    bv_ring(bv, SDL_BLENDMODE_ADD, cx, cy, r * 0.74f - 1, r * 0.74f + 1, c, c);
    for (int k = 0; k < 24; k++) {
        float a = t * 0.004f + BV_TAU * (float)k / 24.0f, b = -t * 0.007f + BV_TAU * k / 24.0f;
        bv_line(bv, SDL_BLENDMODE_ADD, cx + cosf(a) * r * 0.8f, cy + sinf(a) * r * 0.8f,
                cx + cosf(a) * r * 0.95f, cy + sinf(a) * r * 0.95f, 2.0f, c);
        if (k % 3 == 0)
            bv_line(bv, SDL_BLENDMODE_ADD, cx + cosf(b) * r * 0.74f, cy + sinf(b) * r * 0.74f,
                    cx + cosf(b + BV_TAU / 3) * r * 0.74f, cy + sinf(b + BV_TAU / 3) * r * 0.74f,
                    1.5f, rgba(c.r, c.g, c.b, c.a * 0.6f));
    }
}

static void bv_dusk(backdrop_view *bv, float t, int boss)
{
    if (boss)
        bv_sky(bv, rgba(24, 6, 26, 1), rgba(62, 14, 40, 1), rgba(100, 30, 34, 1), 0.6f);
    else
        bv_sky(bv, rgba(12, 10, 40, 1), rgba(44, 18, 66, 1), rgba(84, 34, 62, 1), 0.55f);
    bv_stars(bv, boss ? 40 : 80, 0.65f, t, rgba(200, 190, 255, 0.9f), 11);
    bv_haze(bv, 5, t, boss ? rgba(120, 30, 40, 0.16f) : rgba(90, 50, 110, 0.16f), 150, 34, 0.12f,
            21);
    if (boss)
        bv_circle(bv, bv->w / 2, bv->h * 0.26f, 130.0f, t, rgba(255, 90, 80, 0.16f));
    bv_lanterns(bv, t, boss ? 20 : 16, boss ? rgba(255, 84, 52, 1) : rgba(255, 150, 64, 1), 31);
}

/* Kagari's cards: a theatre curtain of crimson folds swaying, a spotlight, and
 * a turning circle. */
static void bv_dusk_spell(backdrop_view *bv, float t)
{
    bv_sky(bv, rgba(18, 2, 16, 1), rgba(34, 4, 26, 1), rgba(20, 2, 14, 1), 0.5f);
    enum {
        FOLDS = 9,
        ROWS = 8
    };
    float fw = bv->w / (FOLDS - 1);
    for (int i = 0; i < FOLDS; i++) {
        float light = 0.75f + 0.25f * sinf(t * 0.03f + (float)i * 1.3f);
        bv_rgba edge = rgba(16, 2, 14, 1), mid = rgba(60 * light, 10 * light, 46 * light, 1);
        for (int row = 0; row < ROWS; row++) {
            float y = bv->h * (float)row / ROWS, h = bv->h / ROWS + 1;
            float sway = sinf(t * 0.02f + y * 0.012f + (float)i) * 6.0f * ((float)row / ROWS);
            bv_fold(bv, -fw / 2 + (float)i * fw + sway, y, fw, h, edge, mid);
        }
    }
    bv_glow(bv, SDL_BLENDMODE_ADD, bv->w / 2, bv->h * 0.24f, 170, 150, rgba(110, 60, 90, 0.4f),
            rgba(60, 0, 30, 0));
    bv_circle(bv, bv->w / 2, bv->h * 0.24f, 120.0f, t, rgba(255, 140, 190, 0.3f));
    bv_vgrad(bv, SDL_BLENDMODE_BLEND, 0, bv->h * 0.7f, bv->w, bv->h * 0.3f, rgba(0, 0, 0, 0),
             rgba(6, 0, 6, 0.7f));
}

/* ---- lake: a lake at night under the moon ---- */

/* The moon over the far shore and its reflection broken by ripples. */
static void bv_moon(backdrop_view *bv, float mx, float my, float r, float t, float horizon)
{
    bv_glow(bv, SDL_BLENDMODE_ADD, mx, my, r * 4, r * 4, rgba(110, 120, 170, 0.35f),
            rgba(40, 50, 90, 0));
    bv_glow(bv, SDL_BLENDMODE_BLEND, mx, my, r, r, rgba(250, 248, 226, 1), rgba(214, 214, 196, 1));
    bv_glow(bv, SDL_BLENDMODE_BLEND, mx + r * 0.3f, my - r * 0.2f, r * 0.25f, r * 0.2f,
            rgba(200, 200, 186, 0.8f), rgba(214, 214, 196, 0));
    for (int j = 0; j < 34; j++) { /* the reflection: streaks scrolling toward us */
        float span = bv->h - horizon;
        float y = horizon + 4 + bv_wrap((float)j * 13.0f + t * 0.5f, span);
        float k = (y - horizon) / span;
        float w = (r * 0.8f + r * 2.2f * k) * (0.55f + 0.45f * sinf(t * 0.07f + (float)j * 2.3f));
        bv_rect(bv, SDL_BLENDMODE_ADD, mx - w / 2 + sinf(t * 0.05f + j) * 3, y, w, 1.0f + k * 2,
                rgba(220, 220, 180, 0.55f * (1.0f - 0.6f * k)));
    }
}

/* The far shore: a dark ridge of hills and trees along the horizon. */
static void bv_shore(backdrop_view *bv, float horizon)
{
    enum {
        N = 24
    };
    for (int i = 0; i < N; i++) {
        float x0 = bv->w * i / N, x1 = bv->w * (i + 1) / N;
        float h0 = 10 + 8 * sinf((float)i * 0.9f) + 6 * bv_rand((uint32_t)i, 5);
        float h1 = 10 + 8 * sinf((float)(i + 1) * 0.9f) + 6 * bv_rand((uint32_t)i + 1, 5);
        const float xy[8] = {x0, horizon - h0, x1, horizon - h1, x1, horizon + 1, x0, horizon + 1};
        bv_rgba c = rgba(6, 10, 22, 1);
        bv_quad4(bv, SDL_BLENDMODE_BLEND, xy, (const bv_rgba[4]){c, c, c, c});
    }
}

/* Ripples: short light strokes on the water, sliding toward the bottom faster
 * and wider the nearer they are (perspective). */
static void bv_ripples(backdrop_view *bv, float horizon, float t, int n, bv_rgba c)
{
    for (int i = 0; i < n; i++) {
        float v = bv_wrap(bv_rand((uint32_t)i, 41) + t * 0.0012f, 1.0f);
        float k = v * v;
        float y = horizon + (bv->h - horizon) * k;
        float w = 6 + 46 * k;
        float x = bv_rand((uint32_t)i, 42) * (bv->w + w) - w / 2;
        bv_rect(bv, SDL_BLENDMODE_ADD, x, y, w, 1.0f + k, rgba(c.r, c.g, c.b, c.a * (0.3f + k)));
    }
}

/* Fireflies wandering, each blinking on its own. */
static void bv_fireflies(backdrop_view *bv, float t, int n, float cx, float cy, float spread,
                         float swirl)
{
    for (int i = 0; i < n; i++) {
        float ph = bv_rand((uint32_t)i, 51) * BV_TAU, sp = 0.6f + bv_rand((uint32_t)i, 52);
        float bx = swirl > 0 ? cx + cosf(ph + t * swirl * sp) * spread * (0.3f + 0.7f * sp / 1.6f)
                             : bv_rand((uint32_t)i, 53) * bv->w;
        float by = swirl > 0 ? cy + sinf(ph + t * swirl * sp) * spread * 0.6f
                             : cy + (bv_rand((uint32_t)i, 54) - 0.5f) * spread;
        float x = bx + sinf(t * 0.013f * sp + ph) * 30, y = by + cosf(t * 0.011f * sp + ph) * 20;
        float blink = sinf(t * 0.05f * sp + ph);
        blink = blink > 0 ? blink * blink : 0.05f;
        bv_glow(bv, SDL_BLENDMODE_ADD, x, y, 7, 7, rgba(170, 255, 90, 0.5f * blink),
                rgba(80, 160, 20, 0));
        bv_rect(bv, SDL_BLENDMODE_ADD, x - 1, y - 1, 2, 2, rgba(230, 255, 160, blink));
    }
}

static void bv_lake(backdrop_view *bv, float t, int boss)
{
    float horizon = bv->h * (boss ? 0.3f : 0.22f);
    bv_vgrad(bv, SDL_BLENDMODE_BLEND, 0, 0, bv->w, horizon, rgba(4, 6, 22, 1),
             boss ? rgba(24, 30, 70, 1) : rgba(14, 22, 52, 1));
    bv_vgrad(bv, SDL_BLENDMODE_BLEND, 0, horizon, bv->w, bv->h - horizon,
             boss ? rgba(16, 30, 62, 1) : rgba(10, 22, 48, 1), rgba(4, 12, 28, 1));
    bv_stars(bv, 40, boss ? 0.28f : 0.2f, t * 0.2f, rgba(190, 200, 255, 0.8f), 61);
    if (boss)
        bv_moon(bv, bv->w / 2, horizon * 0.45f, 30, t, horizon);
    else
        bv_moon(bv, bv->w * 0.7f, horizon * 0.45f, 16, t, horizon);
    bv_shore(bv, horizon);
    bv_ripples(bv, horizon, t, boss ? 70 : 54, rgba(90, 140, 200, 0.45f));
    bv_haze(bv, boss ? 7 : 5, t, rgba(140, 160, 200, boss ? 0.14f : 0.11f), 140, 20, 0.18f, 71);
    if (boss)
        bv_fireflies(bv, t, 36, bv->w / 2, horizon + 110, 160, 0.004f);
    else
        bv_fireflies(bv, t, 16, 0, bv->h * 0.62f, bv->h * 0.6f, 0);
}

/* The lake's boss's cards: rings spreading on moonlit water from two points. */
static void bv_lake_spell(backdrop_view *bv, float t)
{
    bv_vgrad(bv, SDL_BLENDMODE_BLEND, 0, 0, bv->w, bv->h, rgba(4, 10, 30, 1), rgba(8, 20, 44, 1));
    bv_glow(bv, SDL_BLENDMODE_ADD, bv->w / 2, bv->h * 0.25f, 190, 170, rgba(60, 80, 140, 0.45f),
            rgba(20, 30, 60, 0));
    const float src[2][2] = {{bv->w * 0.5f, bv->h * 0.25f}, {bv->w * 0.25f, bv->h * 0.7f}};
    for (int s = 0; s < 2; s++)
        for (int k = 0; k < 6; k++) {
            float r = bv_wrap(t * 0.7f + (float)k * 55.0f + s * 27.0f, 330.0f);
            float a = 0.35f * (1.0f - r / 330.0f);
            bv_ring(bv, SDL_BLENDMODE_ADD, src[s][0], src[s][1], r, r + 2.5f,
                    rgba(140, 190, 255, a), rgba(140, 190, 255, a * 0.3f));
        }
    bv_moon(bv, bv->w / 2, bv->h * 0.25f, 22, t, bv->h * 0.3f);
    bv_fireflies(bv, t, 20, bv->w / 2, bv->h * 0.25f, 150, 0.006f);
}

/* ---- spire: a clockwork spire climbed at dawn ---- */

/* A tower of girders at x0..x0+w: two posts, crossbars and braces scrolling
 * down at `speed` (the climb). */
static void bv_tower(backdrop_view *bv, float x0, float w, float t, float speed, bv_rgba steel,
                     bv_rgba edge)
{
    const float bay = 110.0f;
    bv_rect(bv, SDL_BLENDMODE_BLEND, x0, 0, 8, bv->h, steel);
    bv_rect(bv, SDL_BLENDMODE_BLEND, x0 + w - 8, 0, 8, bv->h, steel);
    bv_rect(bv, SDL_BLENDMODE_BLEND, x0 + 7, 0, 1, bv->h, edge);
    bv_rect(bv, SDL_BLENDMODE_BLEND, x0 + w - 1, 0, 1, bv->h, edge);
    float off = bv_wrap(t * speed, bay);
    for (float y = off - bay; y < bv->h + bay; y += bay) {
        bv_rect(bv, SDL_BLENDMODE_BLEND, x0, y, w, 7, steel);
        bv_rect(bv, SDL_BLENDMODE_BLEND, x0, y + 6, w, 1, edge);
        bv_line(bv, SDL_BLENDMODE_BLEND, x0 + 4, y + 7, x0 + w - 4, y + bay, 4, steel);
        bv_line(bv, SDL_BLENDMODE_BLEND, x0 + w - 4, y + 7, x0 + 4, y + bay, 4, steel);
        for (int k = 0; k < 3; k++) /* rivets */
            bv_rect(bv, SDL_BLENDMODE_ADD, x0 + 3 + (float)k * (w - 8) / 2, y + 2, 2, 2,
                    rgba(edge.r, edge.g, edge.b, 0.5f));
    }
}

static void bv_spire(backdrop_view *bv, float t, int boss)
{
    if (boss)
        bv_sky(bv, rgba(26, 22, 64, 1), rgba(88, 48, 84, 1), rgba(150, 78, 58, 1), 0.55f);
    else
        bv_sky(bv, rgba(16, 14, 44, 1), rgba(52, 32, 68, 1), rgba(112, 56, 52, 1), 0.6f);
    bv_stars(bv, 30, 0.35f, t, rgba(200, 200, 255, 0.6f), 81);
    float sun_y = boss ? bv->h - 50 : bv->h + 30;
    bv_glow(bv, SDL_BLENDMODE_ADD, bv->w / 2, sun_y, 260, 200, rgba(140, 70, 30, 0.3f),
            rgba(60, 20, 20, 0));
    if (boss) {
        bv_glow(bv, SDL_BLENDMODE_BLEND, bv->w / 2, sun_y, 34, 34, rgba(255, 226, 150, 1),
                rgba(250, 170, 90, 1));
        /* the top: a great gear turning behind the boss, two smaller meshing with it */
        bv_gear(bv, bv->w / 2, bv->h * 0.28f, 150, 24, t * 0.003f, rgba(30, 22, 44, 0.9f),
                rgba(70, 44, 72, 0.9f));
        bv_gear(bv, bv->w / 2 - 175, bv->h * 0.56f, 70, 12, -t * 0.006f + 0.13f,
                rgba(24, 18, 36, 0.95f), rgba(80, 50, 70, 0.9f));
        bv_gear(bv, bv->w / 2 + 175, bv->h * 0.56f, 70, 12, -t * 0.006f, rgba(24, 18, 36, 0.95f),
                rgba(80, 50, 70, 0.9f));
        bv_ring(bv, SDL_BLENDMODE_ADD, bv->w / 2, bv->h * 0.28f, 150, 153,
                rgba(255, 170, 90, 0.35f), rgba(255, 170, 90, 0.1f));
        return;
    }
    /* far gears turning as they pass, then the towers nearer and faster */
    for (int i = 0; i < 4; i++) {
        float r = 60 + 50 * bv_rand((uint32_t)i, 91);
        float y =
            bv_wrap(bv_rand((uint32_t)i, 92) * (bv->h + 2 * r) + t * 0.35f, bv->h + 2 * r) - r;
        float x = i % 2 ? bv->w * 0.78f + 40 * bv_rand((uint32_t)i, 93)
                        : bv->w * 0.18f - 40 * bv_rand((uint32_t)i, 93);
        bv_gear(bv, x, y, r, 10 + 2 * i, (i % 2 ? 1.0f : -1.0f) * t * 0.005f,
                rgba(40, 30, 60, 0.85f), rgba(64, 44, 74, 0.9f));
    }
    bv_tower(bv, 6, 64, t, 1.2f, rgba(20, 18, 34, 1), rgba(110, 80, 90, 1));
    bv_tower(bv, bv->w - 70, 64, t, 1.2f, rgba(20, 18, 34, 1), rgba(110, 80, 90, 1));
    bv_haze(bv, 3, t, rgba(160, 90, 70, 0.10f), 160, 30, 0.3f, 95);
}

/* The final boss's cards: a clock face turning, its hands racing. */
static void bv_spire_spell(backdrop_view *bv, float t)
{
    bv_vgrad(bv, SDL_BLENDMODE_BLEND, 0, 0, bv->w, bv->h, rgba(14, 10, 28, 1), rgba(34, 18, 36, 1));
    float cx = bv->w / 2, cy = bv->h * 0.3f, r = 160;
    bv_gear(bv, cx, cy, r * 0.55f, 16, -t * 0.01f, rgba(36, 26, 48, 0.9f), rgba(20, 14, 30, 1));
    bv_glow(bv, SDL_BLENDMODE_ADD, cx, cy, r * 1.2f, r * 1.2f, rgba(110, 80, 40, 0.35f),
            rgba(40, 20, 10, 0));
    bv_rgba gold = rgba(230, 180, 90, 0.5f);
    bv_ring(bv, SDL_BLENDMODE_ADD, cx, cy, r - 4, r, gold, gold);
    bv_ring(bv, SDL_BLENDMODE_ADD, cx, cy, r * 0.86f - 1, r * 0.86f + 1, gold,
            rgba(gold.r, gold.g, gold.b, 0.2f));
    for (int k = 0; k < 60; k++) {
        float a = BV_TAU * (float)k / 60.0f + t * 0.001f;
        float in = k % 5 == 0 ? 0.88f : 0.94f;
        bv_line(bv, SDL_BLENDMODE_ADD, cx + cosf(a) * r * in, cy + sinf(a) * r * in,
                cx + cosf(a) * r * 0.98f, cy + sinf(a) * r * 0.98f, k % 5 == 0 ? 3.0f : 1.2f, gold);
    }
    float hour = t * 0.004f - BV_TAU / 4, minute = t * 0.05f - BV_TAU / 4;
    bv_line(bv, SDL_BLENDMODE_ADD, cx, cy, cx + cosf(hour) * r * 0.5f, cy + sinf(hour) * r * 0.5f,
            6, rgba(240, 200, 110, 0.6f));
    bv_line(bv, SDL_BLENDMODE_ADD, cx, cy, cx + cosf(minute) * r * 0.8f,
            cy + sinf(minute) * r * 0.8f, 3, rgba(255, 220, 140, 0.6f));
    for (int k = 0; k < 12; k++) { /* light flowing down the field's sides */
        float y = bv_wrap((float)k * 40 + t * 1.5f, bv->h + 40) - 20;
        bv_rect(bv, SDL_BLENDMODE_ADD, 10, y, 2, 18, rgba(230, 180, 90, 0.25f));
        bv_rect(bv, SDL_BLENDMODE_ADD, bv->w - 12, bv->h - y, 2, 18, rgba(230, 180, 90, 0.25f));
    }
}

/* Starts drawing into area of r's target. */
static void bv_begin(backdrop_view *bv, SDL_Renderer *r, SDL_Rect area, float alpha, int dim)
{
    bv->renderer = r;
    bv->px = NULL;
    bv->nv = bv->ni = 0;
    bv->blend = SDL_BLENDMODE_BLEND;
    bv->x0 = (float)area.x;
    bv->y0 = (float)area.y;
    bv->w = (float)area.w;
    bv->h = (float)area.h;
    bv->alpha = alpha < 0 ? 0 : alpha > 1 ? 1 : alpha;
    bv->light = (float)(100 - (dim < 0 ? 0 : dim > 100 ? 100 : dim)) / 100.0f;
}

static void bv_end(backdrop_view *bv)
{
    bv_flush(bv);
    if (bv->renderer)
        SDL_SetRenderDrawBlendMode(bv->renderer, SDL_BLENDMODE_NONE);
    bv->px = NULL;
}

static void bv_scene(backdrop_view *bv, backdrop b, uint64_t t)
{
    float ft = (float)(t % 2000000u); /* float frames stay exact for ~9 hours */
    switch (b) {
    case BACKDROP_DUSK: bv_dusk(bv, ft, 0); break;
    case BACKDROP_DUSK_BOSS: bv_dusk(bv, ft, 1); break;
    case BACKDROP_DUSK_SPELL: bv_dusk_spell(bv, ft); break;
    case BACKDROP_LAKE: bv_lake(bv, ft, 0); break;
    case BACKDROP_LAKE_BOSS: bv_lake(bv, ft, 1); break;
    case BACKDROP_LAKE_SPELL: bv_lake_spell(bv, ft); break;
    case BACKDROP_SPIRE: bv_spire(bv, ft, 0); break;
    case BACKDROP_SPIRE_BOSS: bv_spire(bv, ft, 1); break;
    case BACKDROP_SPIRE_SPELL: bv_spire_spell(bv, ft); break;
    case BACKDROP_COUNT: break;
    }
}

void backdrop_view_draw(backdrop_view *bv, SDL_Renderer *r, SDL_Rect area, backdrop b, uint64_t t,
                        float alpha, int dim)
{
    bv_begin(bv, r, area, alpha, dim);
    bv_scene(bv, b, t);
    bv_end(bv);
}

void backdrop_view_draw_pixels(backdrop_view *bv, uint32_t *pixels, int w, int h, int pitch,
                               backdrop b, uint64_t t, float alpha, int dim)
{
    bv_begin(bv, NULL, (SDL_Rect){0, 0, w, h}, alpha, dim);
    bv->px = pixels;
    bv->pw = w;
    bv->ph = h;
    bv->pitch = pitch;
    bv_scene(bv, b, t);
    bv_end(bv);
}

/* ---- emblems: a boss's sign in its cut-in ---- */

/* The lake's: a lotus of eight petals in rings, a crescent moon at its heart. */
static void bv_emblem_lake(backdrop_view *bv, float cx, float cy, float r, float t)
{
    bv_rgba c = rgba(120, 180, 255, 0.8f);
    bv_ring(bv, SDL_BLENDMODE_ADD, cx, cy, r - 2, r + 1, c, c);
    bv_ring(bv, SDL_BLENDMODE_ADD, cx, cy, r * 0.8f - 1, r * 0.8f + 1, c,
            rgba(c.r, c.g, c.b, 0.3f));
    for (int k = 0; k < 8; k++) {
        float a = t * 0.01f + BV_TAU * (float)k / 8.0f;
        bv_glow(bv, SDL_BLENDMODE_ADD, cx + cosf(a) * r * 0.52f, cy + sinf(a) * r * 0.52f, r * 0.2f,
                r * 0.2f, rgba(150, 200, 255, 0.45f), rgba(60, 120, 220, 0));
    }
    bv_glow(bv, SDL_BLENDMODE_BLEND, cx, cy, r * 0.3f, r * 0.3f, rgba(250, 248, 226, 0.95f),
            rgba(214, 214, 196, 0.95f));
    bv_glow(bv, SDL_BLENDMODE_BLEND, cx + r * 0.12f, cy - r * 0.08f, r * 0.26f, r * 0.26f,
            rgba(10, 24, 56, 0.95f), rgba(10, 24, 56, 0.95f));
}

/* The spire's: a gear inside a clock's ring of ticks, its hands turning. */
static void bv_emblem_spire(backdrop_view *bv, float cx, float cy, float r, float t)
{
    bv_rgba gold = rgba(240, 190, 100, 0.85f);
    bv_gear(bv, cx, cy, r * 0.62f, 12, t * 0.02f, rgba(120, 84, 40, 0.9f), rgba(40, 26, 20, 0.9f));
    bv_ring(bv, SDL_BLENDMODE_ADD, cx, cy, r - 3, r, gold, gold);
    for (int k = 0; k < 12; k++) {
        float a = BV_TAU * (float)k / 12.0f;
        bv_line(bv, SDL_BLENDMODE_ADD, cx + cosf(a) * r * 0.78f, cy + sinf(a) * r * 0.78f,
                cx + cosf(a) * r * 0.94f, cy + sinf(a) * r * 0.94f, 3, gold);
    }
    float h = t * 0.03f, m = t * 0.2f;
    bv_line(bv, SDL_BLENDMODE_ADD, cx, cy, cx + cosf(h) * r * 0.45f, cy + sinf(h) * r * 0.45f, 5,
            gold);
    bv_line(bv, SDL_BLENDMODE_ADD, cx, cy, cx + cosf(m) * r * 0.75f, cy + sinf(m) * r * 0.75f, 3,
            gold);
}

/* Dusk's (and any other boss's): a hexagram in a turning ring of ticks. */
static void bv_emblem_dusk(backdrop_view *bv, float cx, float cy, float r, float t, bv_rgba c)
{
    bv_glow(bv, SDL_BLENDMODE_ADD, cx, cy, r * 0.9f, r * 0.9f, rgba(c.r, c.g * 0.6f, c.b, 0.35f),
            rgba(c.r, 0, c.b, 0));
    bv_circle(bv, cx, cy, r, t * 4, c);
    for (int tri = 0; tri < 2; tri++)
        for (int k = 0; k < 3; k++) {
            float a0 = t * 0.01f + (float)tri * BV_TAU / 6 + BV_TAU * (float)k / 3;
            float a1 = a0 + BV_TAU / 3;
            bv_line(bv, SDL_BLENDMODE_ADD, cx + cosf(a0) * r * 0.7f, cy + sinf(a0) * r * 0.7f,
                    cx + cosf(a1) * r * 0.7f, cy + sinf(a1) * r * 0.7f, 2.5f, c);
        }
}

void backdrop_view_emblem(backdrop_view *bv, SDL_Renderer *r, backdrop spell, float cx, float cy,
                          float radius, uint64_t t, float alpha)
{
    int w = 0, h = 0;
    SDL_RenderGetLogicalSize(r, &w, &h);
    bv_begin(bv, r, (SDL_Rect){0, 0, w, h}, alpha, 0);
    float ft = (float)(t % 2000000u);
    switch (spell) {
    case BACKDROP_LAKE:
    case BACKDROP_LAKE_BOSS:
    case BACKDROP_LAKE_SPELL: bv_emblem_lake(bv, cx, cy, radius, ft); break;
    case BACKDROP_SPIRE:
    case BACKDROP_SPIRE_BOSS:
    case BACKDROP_SPIRE_SPELL: bv_emblem_spire(bv, cx, cy, radius, ft); break;
    case BACKDROP_DUSK:
    case BACKDROP_DUSK_BOSS:
    case BACKDROP_DUSK_SPELL:
        bv_emblem_dusk(bv, cx, cy, radius, ft, rgba(255, 110, 150, 0.8f));
        break;
    default: bv_emblem_dusk(bv, cx, cy, radius, ft, rgba(220, 140, 255, 0.8f)); break;
    }
    bv_end(bv);
}
