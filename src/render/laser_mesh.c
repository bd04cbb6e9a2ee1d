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
    m->taper = mem_alloc((size_t)node_cap * sizeof(float));
    m->layout = mem_alloc((size_t)(vertices / 4 + 1) * sizeof(int));
    m->layout_rgba = mem_alloc((size_t)(vertices / 4 + 1) * sizeof(uint32_t));
    if (!m->xy || !m->uv || !m->colors || !m->indices || !m->nx || !m->ny || !m->taper ||
        !m->layout || !m->layout_rgba) {
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
    mem_free(m->taper);
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

/* The colour and opacity laser i shows now, times `alpha`: r, g, b, a bytes
 * as one word. */
static uint32_t lm_color(const laser_pool *p, uint32_t i, float alpha)
{
    uint32_t c;
    memcpy(&c, lm_tints[p->color[i] & 7], 4);
    float a = 1.0f;
    if (p->phase[i] == LASER_PHASE_WARN)
        a = LASER_MESH_WARN_ALPHA;
    else if (p->phase[i] == LASER_PHASE_FADE && p->width[i] > 0)
        a = laser_pool_width_now(p, i) / p->width[i];
    uint32_t byte = (uint32_t)(uint8_t)(255.0f * a * alpha + 0.5f);
    return (c & ~(255u << LM_ALPHA_SHIFT)) | byte << LM_ALPHA_SHIFT;
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

/* A beam's quad, `len` px long from its origin. */
static void lm_straight(laser_mesh *m, const laser_pool *p, uint32_t i, float len, int paint,
                        uint32_t c)
{
    float h = 0.5f * LASER_MESH_GLOW * laser_pool_width_now(p, i);
    if (p->phase[i] == LASER_PHASE_WARN)
        h = 0.5f * LASER_WARN_WIDTH * LASER_MESH_GLOW;
    float nx = -p->dir_y[i] * h, ny = p->dir_x[i] * h;
    float ex = p->x[i] + p->dir_x[i] * len, ey = p->y[i] + p->dir_y[i] * len;
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

/* The positions of a strip's two vertices a node: each side of node k at
 * half * taper[k] along its normal, the origin added; v holds x, y of the
 * left vertex then of the right one, node after node. The compiler writes the
 * interleaved stores one float at a time; SSE's unpacks write a node's 16
 * bytes at once. */
static void lm_strip_xy(float *restrict v, const float *restrict x, const float *restrict y,
                        const float *restrict nx, const float *restrict ny,
                        const float *restrict taper, uint32_t n, float half, float ox0, float oy0)
{
    uint32_t k = 0;
#if defined(__SSE2__)
    const __m128 hv = _mm_set1_ps(half), ox0v = _mm_set1_ps(ox0), oy0v = _mm_set1_ps(oy0);
    for (; k + 4 <= n; k += 4) {
        __m128 h = _mm_mul_ps(hv, _mm_loadu_ps(taper + k));
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
    for (; k < n; k++) {
        float h = half * taper[k], ox = nx[k] * h, oy = ny[k] * h;
        v[4 * k + 0] = x[k] - ox + ox0, v[4 * k + 1] = y[k] - oy + oy0;
        v[4 * k + 2] = x[k] + ox + ox0, v[4 * k + 3] = y[k] + oy + oy0;
    }
}

/* The taper of a body of n nodes, node by node (laser_pool_taper_at), kept
 * while the next body has as many (most bodies are full: one table). */
static const float *lm_taper(laser_mesh *m, uint32_t n)
{
    if (m->taper_n != n) {
        float inv = laser_pool_taper_inv(n);
        for (uint32_t k = 0; k < n; k++)
            m->taper[k] = laser_pool_taper_at(k, n, inv);
        m->taper_n = n;
    }
    return m->taper;
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
    lm_strip_xy(m->xy + 2 * base, x, y, m->nx, m->ny, lm_taper(m, n), n,
                0.5f * LASER_MESH_GLOW * laser_pool_width_now(p, i), m->origin_x, m->origin_y);
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

void laser_mesh_begin(laser_mesh *m)
{
    m->vertex_count = m->index_count = 0;
    m->rewrite = 0;
    m->layout_len = m->drawn; /* the last build's: what lm_layout compares with */
    m->drawn = 0;
}

void laser_mesh_add(laser_mesh *m, const laser_pool *p, const float *reach, float alpha)
{
    int drawn = m->drawn;
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
            uint32_t c = lm_color(p, i, alpha);
            int paint = lm_layout(m, drawn++, nodes, c);
            float len = p->length[i];
            if (reach && reach[i] < len)
                len = reach[i] > 0 ? reach[i] : 0;
            if (curvy)
                lm_curvy(m, p, i, paint, c);
            else
                lm_straight(m, p, i, len, paint, c);
        }
    m->drawn = drawn;
}

void laser_mesh_build(laser_mesh *m, const laser_pool *p)
{
    laser_mesh_begin(m);
    laser_mesh_add(m, p, NULL, 1.0f);
}

/* ---- the CPU rasterizer ---- */
#define LM_SAMPLE    0.5f /* pixel centres, as SDL samples them */
#define LM_SLICE_MAX 256  /* texels of the slice read across a laser (the atlas's is 48) */

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

/* dst plus a packed (r, g, b) per channel, saturating; dst's alpha kept. */
static uint32_t lm_add(uint32_t dst, uint32_t add)
{
    uint32_t out = dst & 0xff000000u;
    for (int shift = 0; shift < 24; shift += 8) {
        uint32_t c = (dst >> shift & 255u) + (add >> shift & 255u);
        out |= (c > 255u ? 255u : c) << shift;
    }
    return out;
}

/* The slice's texels tinted by one vertex colour: what a pixel at each texel
 * adds (premultiplied texel times colour times alpha, / 255^2), worked out
 * once a colour instead of once a pixel. */
typedef struct lm_tint {
    uint32_t key; /* the colour's r, g, b, a bytes as a word */
    int valid;
    uint32_t add[LM_SLICE_MAX];
} lm_tint;

static void lm_tint_for(lm_tint *tt, const uint32_t *slice, int slice_w, const uint8_t *col)
{
    uint32_t key;
    memcpy(&key, col, 4);
    if (tt->valid && tt->key == key)
        return;
    uint32_t kr = (uint32_t)col[0] * col[3], kg = (uint32_t)col[1] * col[3],
             kb = (uint32_t)col[2] * col[3];
    for (int k = 0; k < slice_w; k++) {
        uint32_t s = slice[k]; /* premultiplied */
        uint32_t r = ((s >> 16 & 255) * kr) / (255u * 255u);
        uint32_t g = ((s >> 8 & 255) * kg) / (255u * 255u);
        uint32_t b = ((s & 255) * kb) / (255u * 255u);
        tt->add[k] = r << 16 | g << 8 | b;
    }
    tt->key = key;
    tt->valid = 1;
}

/* A triangle set up for rasterizing: its corners wound so that inside is
 * positive, their u across the slice, the top-left rule of each edge. */
typedef struct lm_tri {
    float ax, ay, bx, by, cx, cy;
    float ua, ub, uc, inv;
    int tl0, tl1, tl2;
} lm_tri;

/* Pixels x0 .. x1 - 1 of row y (centre py): those inside get the tinted
 * texel at their interpolated u. */
static void lm_span_scalar(const lm_tri *T, const lm_tint *tt, int slice_w, uint32_t *row, int x0,
                           int x1, float py)
{
    for (int x = x0; x < x1; x++) {
        float px = (float)x + LM_SAMPLE;
        float w0 = lm_edge(T->bx, T->by, T->cx, T->cy, px, py),
              w1 = lm_edge(T->cx, T->cy, T->ax, T->ay, px, py),
              w2 = lm_edge(T->ax, T->ay, T->bx, T->by, px, py);
        if (w0 < 0 || w1 < 0 || w2 < 0 || (w0 == 0 && !T->tl0) || (w1 == 0 && !T->tl1) ||
            (w2 == 0 && !T->tl2))
            continue;
        float u = (w0 * T->ua + w1 * T->ub + w2 * T->uc) * T->inv;
        int k = (int)(u + 0.5f);
        k = k < 0 ? 0 : k >= slice_w ? slice_w - 1 : k;
        row[x] = lm_add(row[x], tt->add[k]);
    }
}

#if defined(__SSE2__)
/* The edge function of (a, b) on four pixel centres: lm_edge's operations in
 * its order, so each lane gets its bits. */
static __m128 lm_edge4(float ax, float ay, float bx, float by, __m128 px, float py)
{
    __m128 lhs = _mm_set1_ps((bx - ax) * (py - ay));
    return _mm_sub_ps(lhs, _mm_mul_ps(_mm_set1_ps(by - ay), _mm_sub_ps(px, _mm_set1_ps(ax))));
}

/* Outside an edge, as lm_span_scalar rejects: w < 0, or w == 0 on an edge
 * that is not top or left (tl). */
static __m128 lm_outside4(__m128 w, int tl)
{
    __m128 zero = _mm_setzero_ps(), out = _mm_cmplt_ps(w, zero);
    return tl ? out : _mm_or_ps(out, _mm_cmpeq_ps(w, zero));
}

/* lm_span_scalar four pixels at a time: the same tests and u per lane, the
 * tinted texels gathered, one saturating add of bytes (adds_epu8: lm_add,
 * alpha plus 0) for four pixels; the last few one by one. */
static void lm_span_sse2(const lm_tri *T, const lm_tint *tt, int slice_w, uint32_t *row, int x0,
                         int x1, float py)
{
    int x = x0;
    const __m128 half = _mm_set1_ps(LM_SAMPLE), ua = _mm_set1_ps(T->ua), ub = _mm_set1_ps(T->ub),
                 uc = _mm_set1_ps(T->uc), inv = _mm_set1_ps(T->inv);
    const __m128i lanes = _mm_setr_epi32(0, 1, 2, 3), top = _mm_set1_epi32(slice_w - 1);
    for (; x + 4 <= x1; x += 4) {
        __m128 px = _mm_add_ps(_mm_cvtepi32_ps(_mm_add_epi32(_mm_set1_epi32(x), lanes)), half);
        __m128 w0 = lm_edge4(T->bx, T->by, T->cx, T->cy, px, py),
               w1 = lm_edge4(T->cx, T->cy, T->ax, T->ay, px, py),
               w2 = lm_edge4(T->ax, T->ay, T->bx, T->by, px, py);
        __m128 out = _mm_or_ps(_mm_or_ps(lm_outside4(w0, T->tl0), lm_outside4(w1, T->tl1)),
                               lm_outside4(w2, T->tl2));
        if (_mm_movemask_ps(out) == 15)
            continue;
        __m128 u = _mm_mul_ps(
            _mm_add_ps(_mm_add_ps(_mm_mul_ps(w0, ua), _mm_mul_ps(w1, ub)), _mm_mul_ps(w2, uc)),
            inv);
        __m128i k = _mm_cvttps_epi32(_mm_add_ps(u, half));
        k = _mm_andnot_si128(_mm_cmplt_epi32(k, _mm_setzero_si128()), k);
        __m128i over = _mm_cmpgt_epi32(k, top);
        k = _mm_or_si128(_mm_and_si128(over, top), _mm_andnot_si128(over, k));
        int32_t ks[4];
        _mm_storeu_si128((__m128i *)(void *)ks, k);
        __m128i add = _mm_setr_epi32((int)tt->add[ks[0]], (int)tt->add[ks[1]], (int)tt->add[ks[2]],
                                     (int)tt->add[ks[3]]);
        add = _mm_andnot_si128(_mm_castps_si128(out), add);
        __m128i *d = (__m128i *)(void *)(row + x);
        _mm_storeu_si128(d, _mm_adds_epu8(_mm_loadu_si128(d), add));
    }
    lm_span_scalar(T, tt, slice_w, row, x, x1, py);
}
#endif

/* Whether pixel centre (px, py) is inside edge (a, b) of a triangle wound so
 * that inside is positive: lm_span_scalar's test for one edge. */
static int lm_in_edge(float ax, float ay, float bx, float by, int tl, float px, float py)
{
    float w = lm_edge(ax, ay, bx, by, px, py);
    return !(w < 0 || (w == 0 && !tl));
}

/* Narrows [*lo, *hi) of row py to the pixels inside edge (a, b). Along a row
 * the edge function's float value is monotonic in px (every operation in it
 * rounds monotonically), so the pixels inside are a run ending or starting
 * where it crosses zero: guessed from the line's equation, then settled by
 * the exact test on the pixels either side (a step or two). */
static void lm_edge_run(float ax, float ay, float bx, float by, int tl, float py, int *lo, int *hi)
{
    float dy = by - ay;
    if (*lo >= *hi)
        return;
    if (dy == 0.0f) { /* the same value all along the row */
        if (!lm_in_edge(ax, ay, bx, by, tl, (float)*lo + LM_SAMPLE, py))
            *hi = *lo;
        return;
    }
    float cross = ax + (bx - ax) * (py - ay) / dy - LM_SAMPLE; /* where w = 0 */
    int g = cross < (float)*lo ? *lo : cross > (float)*hi ? *hi : (int)cross;
#define LM_IN(x) lm_in_edge(ax, ay, bx, by, tl, (float)(x) + LM_SAMPLE, py)
    if (dy > 0) { /* w falls along the row: inside up to the crossing */
        while (g < *hi && LM_IN(g))
            g++;
        while (g > *lo && !LM_IN(g - 1))
            g--;
        *hi = g;
    } else { /* w rises: inside from the crossing on */
        while (g > *lo && LM_IN(g - 1))
            g--;
        while (g < *hi && !LM_IN(g))
            g++;
        *lo = g;
    }
#undef LM_IN
}

/* One triangle of the mesh (vertex indices a, b, c). */
static void lm_triangle(const laser_mesh *m, const uint32_t *slice, int slice_w, lm_tint *tt,
                        int simd, const sprite_blit_target *t, int a, int b, int c)
{
    const float *va = m->xy + 2 * a, *vb = m->xy + 2 * b, *vc = m->xy + 2 * c;
    lm_tri T;
    T.ax = va[0] - (float)t->origin_x, T.ay = va[1] - (float)t->origin_y;
    T.bx = vb[0] - (float)t->origin_x, T.by = vb[1] - (float)t->origin_y;
    T.cx = vc[0] - (float)t->origin_x, T.cy = vc[1] - (float)t->origin_y;
    float area = lm_edge(T.ax, T.ay, T.bx, T.by, T.cx, T.cy);
    if (area == 0.0f)
        return;
    if (area < 0.0f) { /* wind it so that inside is positive */
        float tx = T.bx, ty = T.by;
        int tv = b;
        T.bx = T.cx, T.by = T.cy, b = c;
        T.cx = tx, T.cy = ty, c = tv;
        area = -area;
    }
    int x0 = (int)floorf(fminf(T.ax, fminf(T.bx, T.cx)));
    int x1 = (int)ceilf(fmaxf(T.ax, fmaxf(T.bx, T.cx)));
    int y0 = (int)floorf(fminf(T.ay, fminf(T.by, T.cy)));
    int y1 = (int)ceilf(fmaxf(T.ay, fmaxf(T.by, T.cy)));
    x0 = x0 < 0 ? 0 : x0, y0 = y0 < 0 ? 0 : y0;
    x1 = x1 > t->w ? t->w : x1, y1 = y1 > t->h ? t->h : y1;
    /* u of each vertex across the slice, 0..slice_w - 1 */
    float span = m->u1 - m->u0, scale = (float)(slice_w - 1) / (span != 0 ? span : 1.0f);
    T.ua = (m->uv[2 * a] - m->u0) * scale, T.ub = (m->uv[2 * b] - m->u0) * scale;
    T.uc = (m->uv[2 * c] - m->u0) * scale;
    lm_tint_for(tt, slice, slice_w, m->colors + 4 * a);
    T.tl0 = lm_top_left(T.bx, T.by, T.cx, T.cy), T.tl1 = lm_top_left(T.cx, T.cy, T.ax, T.ay);
    T.tl2 = lm_top_left(T.ax, T.ay, T.bx, T.by);
    T.inv = 1.0f / area;
    for (int y = y0; y < y1; y++) {
        float py = (float)y + LM_SAMPLE;
        uint32_t *row = t->pixels + (size_t)y * (size_t)t->pitch;
        /* the row's run inside all three edges (the spans test each pixel
         * again: the same pixels as a scan of the whole box) */
        int lo = x0, hi = x1;
        lm_edge_run(T.bx, T.by, T.cx, T.cy, T.tl0, py, &lo, &hi);
        lm_edge_run(T.cx, T.cy, T.ax, T.ay, T.tl1, py, &lo, &hi);
        lm_edge_run(T.ax, T.ay, T.bx, T.by, T.tl2, py, &lo, &hi);
        if (lo >= hi)
            continue;
#if defined(__SSE2__)
        if (simd) {
            lm_span_sse2(&T, tt, slice_w, row, lo, hi, py);
            continue;
        }
#endif
        lm_span_scalar(&T, tt, slice_w, row, lo, hi, py);
    }
    (void)simd;
}

void laser_mesh_blit(const laser_mesh *m, const sprite_blit_atlas *a, const sprite_blit_target *t)
{
    if (m->frame < 0 || m->frame >= a->frame_count)
        return;
    const sprite_blit_frame *f = &a->frames[m->frame];
    const uint32_t *slice = a->pixels + f->offset + (size_t)(f->h / 2) * f->w;
    int slice_w = f->w < LM_SLICE_MAX ? f->w : LM_SLICE_MAX;
    int simd = sprite_blit_get_isa() != SPRITE_BLIT_SCALAR;
    static lm_tint tt; /* one renderer thread */
    tt.valid = 0;
    for (int k = 0; k + 2 < m->index_count; k += 3)
        lm_triangle(m, slice, slice_w, &tt, simd, t, m->indices[k], m->indices[k + 1],
                    m->indices[k + 2]);
}
