/*
 * laser_mesh: lasers to a triangle mesh, and its CPU rasterizer. See laser_mesh.h.
 */
#include "render/laser_mesh.h"

#include "core/mem.h"
#include "render/atlas.h"

#include <math.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

int laser_mesh_init(laser_mesh *m, int vertices, int node_cap)
{
    memset(m, 0, sizeof *m);
    if (vertices < 4 || node_cap < 2)
        return -1;
    m->vertex_cap = vertices;
    m->index_cap = vertices * 3;
    m->node_cap = node_cap;
    m->xy = mem_alloc_aligned((size_t)vertices * 2 * sizeof(float), 64);
    m->uv = mem_alloc((size_t)vertices * 2 * sizeof(float));
    m->colors = mem_alloc((size_t)vertices * 4);
    m->indices = mem_alloc((size_t)m->index_cap * sizeof(int));
    m->nx = mem_alloc((size_t)node_cap * sizeof(float));
    m->ny = mem_alloc((size_t)node_cap * sizeof(float));
    m->layout = mem_alloc((size_t)(vertices / 4 + 1) * sizeof(int));
    m->layout_rgba = mem_alloc((size_t)(vertices / 4 + 1) * sizeof(uint32_t));
    if (!m->xy || !m->uv || !m->colors || !m->indices || !m->nx || !m->ny || !m->layout ||
        !m->layout_rgba) {
        laser_mesh_free(m);
        return -1;
    }
    m->frame = atlas_sprite_frame(ATLAS_SPRITE_LASER, 0);
    atlas_rect r = atlas_frame_rect(m->frame);
    float w = (float)atlas_width(), h = (float)atlas_height();
    m->u0 = ((float)r.x + 0.5f) / w;
    m->u1 = ((float)(r.x + r.w) - 0.5f) / w;
    m->v = ((float)r.y + (float)r.h * 0.5f) / h;
    return 0;
}

void laser_mesh_free(laser_mesh *m)
{
    mem_free(m->xy);
    mem_free(m->uv);
    mem_free(m->colors);
    mem_free(m->indices);
    mem_free(m->nx);
    mem_free(m->ny);
    mem_free(m->layout);
    mem_free(m->layout_rgba);
    memset(m, 0, sizeof *m);
}

void laser_mesh_set_origin(laser_mesh *m, float x, float y)
{
    m->origin_x = x;
    m->origin_y = y;
}

/* The tints, r, g, b and an opaque alpha: a vertex's colour is one 4-byte
 * load and the alpha put in its byte (building it byte by byte and reading
 * it back as a word stalled the store buffer: 15% of a build). */
static const uint8_t lm_tints[8][4] = {
    {255, 60, 70, 255},   /* red */
    {255, 150, 40, 255},  /* orange */
    {250, 230, 60, 255},  /* yellow */
    {70, 240, 90, 255},   /* green */
    {60, 230, 250, 255},  /* cyan */
    {70, 110, 255, 255},  /* blue */
    {200, 80, 255, 255},  /* purple */
    {235, 235, 245, 255}, /* white */
};
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define LM_ALPHA_SHIFT 0
#else
#define LM_ALPHA_SHIFT 24
#endif

void laser_mesh_tint(int color, uint8_t rgb[3])
{
    memcpy(rgb, lm_tints[color & 7], 3);
}

/* The colour and opacity laser i shows now: r, g, b, a bytes as one word. */
static uint32_t lm_color(const laser_pool *p, uint32_t i)
{
    uint32_t c;
    memcpy(&c, lm_tints[p->color[i] & 7], 4);
    float a = 1.0f;
    if (p->phase[i] == LASER_PHASE_WARN)
        a = LASER_MESH_WARN_ALPHA;
    else if (p->phase[i] == LASER_PHASE_FADE && p->width[i] > 0)
        a = laser_pool_width_now(p, i) / p->width[i];
    uint32_t alpha = (uint32_t)(uint8_t)(255.0f * a + 0.5f);
    return (c & ~(255u << LM_ALPHA_SHIFT)) | alpha << LM_ALPHA_SHIFT;
}

/* The quad of vertices a, a+1 (one side, the other) to b, b+1. */
static void lm_quad(int *ix, int a, int b)
{
    ix[0] = a, ix[1] = a + 1, ix[2] = b;
    ix[3] = a + 1, ix[4] = b + 1, ix[5] = b;
}

/* The texture coordinates of vertices [from, from + count): the slice's left
 * edge on even vertices, its right edge on odd ones; and their colour c when
 * `paint`. */
static void lm_fill(laser_mesh *m, int from, int count, int coords, int paint, uint32_t c)
{
    float *uv = m->uv + 2 * from;
    uint32_t *col = (uint32_t *)(void *)m->colors + from;
    for (int k = 0; coords && k < count; k++)
        uv[2 * k] = k & 1 ? m->u1 : m->u0, uv[2 * k + 1] = m->v;
    for (int k = 0; paint && k < count; k++)
        col[k] = c;
}

static void lm_straight(laser_mesh *m, const laser_pool *p, uint32_t i, int paint, uint32_t c)
{
    float h = 0.5f * LASER_MESH_GLOW * laser_pool_width_now(p, i);
    if (p->phase[i] == LASER_PHASE_WARN)
        h = 0.5f * LASER_WARN_WIDTH * LASER_MESH_GLOW;
    float ex, ey, nx = -p->dir_y[i] * h, ny = p->dir_x[i] * h;
    laser_pool_beam_end(p, i, &ex, &ey);
    float ox = m->origin_x, oy = m->origin_y;
    const float xy[8] = {p->x[i] - nx + ox, p->y[i] - ny + oy, p->x[i] + nx + ox, p->y[i] + ny + oy,
                         ex - nx + ox,      ey - ny + oy,      ex + nx + ox,      ey + ny + oy};
    int a = m->vertex_count;
    memcpy(m->xy + 2 * a, xy, sizeof xy);
    lm_fill(m, a, 4, m->rewrite, paint, c);
    if (m->rewrite)
        lm_quad(m->indices + m->index_count, a, a + 2);
    m->vertex_count += 4;
    m->index_count += 6;
}

/* The positions of a strip's two vertices a node: each side of node k at its
 * tapered half width along its normal (laser_pool_taper_at, worked four nodes
 * at a time: the same floats), the origin added; v holds x, y of the left
 * vertex then of the right one, node after node. The compiler writes the
 * interleaved stores one float at a time; SSE's unpacks write a node's 16
 * bytes at once. */
static void lm_strip_xy(float *restrict v, const float *restrict x, const float *restrict y,
                        const float *restrict nx, const float *restrict ny, uint32_t n, float half,
                        float inv, float ox0, float oy0)
{
    int last = (int)n - 1, k = 0;
#if defined(__SSE2__)
    const __m128i lastv = _mm_set1_epi32(last), four = _mm_set1_epi32(4);
    const __m128 hv = _mm_set1_ps(half), iv = _mm_set1_ps(inv), one = _mm_set1_ps(1.0f),
                 lo = _mm_set1_ps(0.15f), ox0v = _mm_set1_ps(ox0), oy0v = _mm_set1_ps(oy0);
    __m128i kv = _mm_setr_epi32(0, 1, 2, 3);
    for (; k + 4 <= (int)n; k += 4, kv = _mm_add_epi32(kv, four)) {
        __m128i rk = _mm_sub_epi32(lastv, kv), lt = _mm_cmplt_epi32(kv, rk);
        __m128i near = _mm_or_si128(_mm_and_si128(lt, kv), _mm_andnot_si128(lt, rk));
        __m128 t = _mm_max_ps(_mm_min_ps(_mm_mul_ps(_mm_cvtepi32_ps(near), iv), one), lo);
        __m128 h = _mm_mul_ps(hv, t);
        __m128 ox = _mm_mul_ps(_mm_loadu_ps(nx + k), h), oy = _mm_mul_ps(_mm_loadu_ps(ny + k), h);
        __m128 px = _mm_loadu_ps(x + k), py = _mm_loadu_ps(y + k);
        __m128 lx = _mm_add_ps(_mm_sub_ps(px, ox), ox0v), ly = _mm_add_ps(_mm_sub_ps(py, oy), oy0v);
        __m128 rx = _mm_add_ps(_mm_add_ps(px, ox), ox0v), ry = _mm_add_ps(_mm_add_ps(py, oy), oy0v);
        __m128 l01 = _mm_unpacklo_ps(lx, ly), l23 = _mm_unpackhi_ps(lx, ly);
        __m128 r01 = _mm_unpacklo_ps(rx, ry), r23 = _mm_unpackhi_ps(rx, ry);
        _mm_storeu_ps(v + 4 * k, _mm_movelh_ps(l01, r01));
        _mm_storeu_ps(v + 4 * k + 4, _mm_movehl_ps(r01, l01));
        _mm_storeu_ps(v + 4 * k + 8, _mm_movelh_ps(l23, r23));
        _mm_storeu_ps(v + 4 * k + 12, _mm_movehl_ps(r23, l23));
    }
#endif
    for (; k <= last; k++) {
        int near = k < last - k ? k : last - k;
        float t = (float)near * inv;
        t = t > 1.0f ? 1.0f : t < 0.15f ? 0.15f : t; /* laser_pool_taper_at */
        float h = half * t, ox = nx[k] * h, oy = ny[k] * h;
        v[4 * k + 0] = x[k] - ox + ox0, v[4 * k + 1] = y[k] - oy + oy0;
        v[4 * k + 2] = x[k] + ox + ox0, v[4 * k + 3] = y[k] + oy + oy0;
    }
}

/* Unit normals of a polyline from each point's neighbours' chord (one-sided at
 * the ends), branch-free: a point that repeats both neighbours gets a zero
 * normal (no width there). */
static void lm_normals(float *restrict nx, float *restrict ny, const float *restrict x,
                       const float *restrict y, uint32_t n)
{
    for (uint32_t k = 1; k + 1 < n; k++) {
        float tx = x[k - 1] - x[k + 1], ty = y[k - 1] - y[k + 1];
        float inv = 1.0f / sqrtf(tx * tx + ty * ty + 1e-20f);
        nx[k] = -ty * inv, ny[k] = tx * inv;
    }
    for (uint32_t e = 0; e < 2; e++) {
        uint32_t k = e ? n - 1 : 0, a = e ? n - 2 : 0, b = e ? n - 1 : 1;
        float tx = x[a] - x[b], ty = y[a] - y[b];
        float inv = 1.0f / sqrtf(tx * tx + ty * ty + 1e-20f);
        nx[k] = -ty * inv, ny[k] = tx * inv;
    }
}

/* A curvy body, tail to head (one run of the pool's doubled ring): its
 * normals, two vertices a node, and the strip's triangles. The taper is
 * symmetric, so the direction does not show. */
static void lm_curvy(laser_mesh *m, const laser_pool *p, uint32_t i, int paint, uint32_t c)
{
    uint32_t n = p->nodes[i], j = laser_pool_node(p, i, n - 1);
    const float *x = p->node_x + j, *y = p->node_y + j;
    lm_normals(m->nx, m->ny, x, y, n);
    int base = m->vertex_count;
    lm_strip_xy(m->xy + 2 * base, x, y, m->nx, m->ny, n,
                0.5f * LASER_MESH_GLOW * laser_pool_width_now(p, i), laser_pool_taper_inv(n),
                m->origin_x, m->origin_y);
    lm_fill(m, base, 2 * (int)n, m->rewrite, paint, c);
    int *ix = m->indices + m->index_count;
    for (uint32_t k = 0; m->rewrite && k + 1 < n; k++)
        lm_quad(ix + 6 * k, base + 2 * (int)k, base + 2 * (int)k + 2);
    m->vertex_count += 2 * (int)n;
    m->index_count += 6 * (int)(n - 1);
}

/* Whether the triangles and texture coordinates of the e-th laser drawn, of
 * `nodes` nodes, must be written (m->rewrite): not when it and every laser
 * before it have the node counts the last build gave them (then its vertices
 * sit where they sat, and those are in place). Returns whether its colours
 * (rgba) must be written: when rewriting, or when they changed. */
static int lm_layout(laser_mesh *m, int e, int nodes, uint32_t rgba)
{
    if (m->rewrite || e >= m->layout_len || m->layout[e] != nodes)
        m->rewrite = 1;
    int paint = m->rewrite || m->layout_rgba[e] != rgba;
    m->layout[e] = nodes;
    m->layout_rgba[e] = rgba;
    return paint;
}

void laser_mesh_build(laser_mesh *m, const laser_pool *p)
{
    m->vertex_count = m->index_count = 0;
    m->rewrite = 0;
    int drawn = 0;
    for (uint32_t b = 0; b < laser_pool_block_end(p); b++)
        for (uint64_t bits = p->alive[b]; bits; bits &= bits - 1) {
            uint32_t i = 64 * b + (uint32_t)__builtin_ctzll(bits);
            int curvy = p->kind[i] == LASER_CURVY;
            int nodes = curvy ? (int)p->nodes[i] : 2;
            if (curvy && nodes < 2)
                continue; /* a body of one node has no length yet */
            if (m->vertex_count + 2 * nodes > m->vertex_cap || nodes > m->node_cap ||
                m->index_count + 6 * (nodes - 1) > m->index_cap) {
                m->refused++;
                continue;
            }
            uint32_t c = lm_color(p, i);
            int paint = lm_layout(m, drawn++, nodes, c);
            if (curvy)
                lm_curvy(m, p, i, paint, c);
            else
                lm_straight(m, p, i, paint, c);
        }
    m->layout_len = drawn;
}

/* ---- the CPU rasterizer ---- */
#define LM_SAMPLE 0.5f /* pixel centres, as SDL samples them */

/* Edge function of (a, b) at p: positive inside a clockwise (y down) triangle. */
static float lm_edge(float ax, float ay, float bx, float by, float px, float py)
{
    return (bx - ax) * (py - ay) - (by - ay) * (px - ax);
}

/* Whether edge (a, b) is a top or left edge of a triangle wound so that
 * inside is positive: pixels exactly on it belong to this triangle. */
static int lm_top_left(float ax, float ay, float bx, float by)
{
    return (ay == by && bx > ax) || by < ay;
}

static uint32_t lm_add(uint32_t dst, uint32_t r, uint32_t g, uint32_t b)
{
    uint32_t dr = (dst >> 16 & 255) + r, dg = (dst >> 8 & 255) + g, db = (dst & 255) + b;
    dr = dr > 255 ? 255 : dr, dg = dg > 255 ? 255 : dg, db = db > 255 ? 255 : db;
    return (dst & 0xff000000u) | dr << 16 | dg << 8 | db;
}

/* One triangle of the mesh (vertex indices a, b, c). */
static void lm_triangle(const laser_mesh *m, const uint32_t *slice, int slice_w,
                        const sprite_blit_target *t, int a, int b, int c)
{
    const float *va = m->xy + 2 * a, *vb = m->xy + 2 * b, *vc = m->xy + 2 * c;
    float ax = va[0] - (float)t->origin_x, ay = va[1] - (float)t->origin_y;
    float bx = vb[0] - (float)t->origin_x, by = vb[1] - (float)t->origin_y;
    float cx = vc[0] - (float)t->origin_x, cy = vc[1] - (float)t->origin_y;
    float area = lm_edge(ax, ay, bx, by, cx, cy);
    if (area == 0.0f)
        return;
    if (area < 0.0f) { /* wind it so that inside is positive */
        float tx = bx, ty = by;
        int tv = b;
        bx = cx, by = cy, b = c;
        cx = tx, cy = ty, c = tv;
        area = -area;
    }
    int x0 = (int)floorf(fminf(ax, fminf(bx, cx))), x1 = (int)ceilf(fmaxf(ax, fmaxf(bx, cx)));
    int y0 = (int)floorf(fminf(ay, fminf(by, cy))), y1 = (int)ceilf(fmaxf(ay, fmaxf(by, cy)));
    x0 = x0 < 0 ? 0 : x0, y0 = y0 < 0 ? 0 : y0;
    x1 = x1 > t->w ? t->w : x1, y1 = y1 > t->h ? t->h : y1;
    /* u of each vertex across the slice, 0..slice_w - 1 */
    float span = m->u1 - m->u0, scale = (float)(slice_w - 1) / (span != 0 ? span : 1.0f);
    const float *ta = m->uv + 2 * a, *tb = m->uv + 2 * b, *tc = m->uv + 2 * c;
    float ua = (ta[0] - m->u0) * scale, ub = (tb[0] - m->u0) * scale, uc = (tc[0] - m->u0) * scale;
    const uint8_t *col = m->colors + 4 * a;
    uint32_t kr = (uint32_t)col[0] * col[3], kg = (uint32_t)col[1] * col[3],
             kb = (uint32_t)col[2] * col[3];
    int tl0 = lm_top_left(bx, by, cx, cy), tl1 = lm_top_left(cx, cy, ax, ay),
        tl2 = lm_top_left(ax, ay, bx, by);
    float inv = 1.0f / area;
    for (int y = y0; y < y1; y++) {
        float py = (float)y + LM_SAMPLE;
        uint32_t *row = t->pixels + (size_t)y * (size_t)t->pitch;
        for (int x = x0; x < x1; x++) {
            float px = (float)x + LM_SAMPLE;
            float w0 = lm_edge(bx, by, cx, cy, px, py), w1 = lm_edge(cx, cy, ax, ay, px, py),
                  w2 = lm_edge(ax, ay, bx, by, px, py);
            if (w0 < 0 || w1 < 0 || w2 < 0 || (w0 == 0 && !tl0) || (w1 == 0 && !tl1) ||
                (w2 == 0 && !tl2))
                continue;
            float u = (w0 * ua + w1 * ub + w2 * uc) * inv;
            int k = (int)(u + 0.5f);
            k = k < 0 ? 0 : k >= slice_w ? slice_w - 1 : k;
            uint32_t s = slice[k]; /* premultiplied */
            uint32_t r = ((s >> 16 & 255) * kr) / (255u * 255u);
            uint32_t g = ((s >> 8 & 255) * kg) / (255u * 255u);
            uint32_t bl = ((s & 255) * kb) / (255u * 255u);
            row[x] = lm_add(row[x], r, g, bl);
        }
    }
}

void laser_mesh_blit(const laser_mesh *m, const sprite_blit_atlas *a, const sprite_blit_target *t)
{
    if (m->frame < 0 || m->frame >= a->frame_count)
        return;
    const sprite_blit_frame *f = &a->frames[m->frame];
    const uint32_t *slice = a->pixels + f->offset + (size_t)(f->h / 2) * f->w;
    for (int k = 0; k + 2 < m->index_count; k += 3)
        lm_triangle(m, slice, f->w, t, m->indices[k], m->indices[k + 1], m->indices[k + 2]);
}
