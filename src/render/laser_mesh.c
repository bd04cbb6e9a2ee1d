/*
 * laser_mesh: lasers to a triangle mesh, and its CPU rasterizer. See laser_mesh.h.
 */
#include "render/laser_mesh.h"

#include "core/mem.h"
#include "render/atlas.h"

#include <math.h>
#include <string.h>

int laser_mesh_init(laser_mesh *m, int vertices, int node_cap)
{
    memset(m, 0, sizeof *m);
    if (vertices < 4 || node_cap < 2)
        return -1;
    m->vertex_cap = vertices;
    m->index_cap = vertices * 3;
    m->node_cap = node_cap;
    m->xyuv = mem_alloc((size_t)vertices * 4 * sizeof(float));
    m->colors = mem_alloc((size_t)vertices * 4);
    m->indices = mem_alloc((size_t)m->index_cap * sizeof(int));
    m->nx = mem_alloc((size_t)node_cap * sizeof(float));
    m->ny = mem_alloc((size_t)node_cap * sizeof(float));
    m->layout = mem_alloc((size_t)(vertices / 4 + 1) * sizeof(int));
    m->px = mem_alloc((size_t)node_cap * sizeof(float));
    m->py = mem_alloc((size_t)node_cap * sizeof(float));
    if (!m->xyuv || !m->colors || !m->indices || !m->nx || !m->ny || !m->px || !m->py ||
        !m->layout) {
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
    mem_free(m->xyuv);
    mem_free(m->colors);
    mem_free(m->indices);
    mem_free(m->nx);
    mem_free(m->ny);
    mem_free(m->layout);
    mem_free(m->px);
    mem_free(m->py);
    memset(m, 0, sizeof *m);
}

void laser_mesh_set_origin(laser_mesh *m, float x, float y)
{
    m->origin_x = x;
    m->origin_y = y;
}

void laser_mesh_tint(int color, uint8_t rgb[3])
{
    static const uint8_t tints[8][3] = {
        {255, 60, 70},   /* red */
        {255, 150, 40},  /* orange */
        {250, 230, 60},  /* yellow */
        {70, 240, 90},   /* green */
        {60, 230, 250},  /* cyan */
        {70, 110, 255},  /* blue */
        {200, 80, 255},  /* purple */
        {235, 235, 245}, /* white */
    };
    memcpy(rgb, tints[color & 7], 3);
}

/* Appends a vertex: position, the slice's u (0 left edge, 1 right), colour. */
static void lm_vertex(laser_mesh *m, float x, float y, float side, const uint8_t rgba[4])
{
    float *v = m->xyuv + 4 * m->vertex_count;
    v[0] = x + m->origin_x;
    v[1] = y + m->origin_y;
    v[2] = side > 0 ? m->u1 : m->u0;
    v[3] = m->v;
    memcpy(m->colors + 4 * m->vertex_count, rgba, 4);
    m->vertex_count++;
}

/* The quad of vertices a, a+1 (one side, the other) to b, b+1. */
static void lm_quad(laser_mesh *m, int a, int b)
{
    int *ix = m->indices + m->index_count;
    if (!m->rewrite) { /* the same triangles as last time */
        m->index_count += 6;
        return;
    }
    ix[0] = a, ix[1] = a + 1, ix[2] = b;
    ix[3] = a + 1, ix[4] = b + 1, ix[5] = b;
    m->index_count += 6;
}

/* The colour and opacity laser i shows now. */
static void lm_color(const laser_pool *p, uint32_t i, uint8_t rgba[4])
{
    laser_mesh_tint(p->color[i], rgba);
    float a = 1.0f;
    if (p->phase[i] == LASER_PHASE_WARN)
        a = LASER_MESH_WARN_ALPHA;
    else if (p->phase[i] == LASER_PHASE_FADE && p->width[i] > 0)
        a = laser_pool_width_now(p, i) / p->width[i];
    rgba[3] = (uint8_t)(255.0f * a + 0.5f);
}

static void lm_straight(laser_mesh *m, const laser_pool *p, uint32_t i, const uint8_t rgba[4])
{
    float h = 0.5f * LASER_MESH_GLOW * laser_pool_width_now(p, i);
    if (p->phase[i] == LASER_PHASE_WARN)
        h = 0.5f * LASER_WARN_WIDTH * LASER_MESH_GLOW;
    float ex, ey, nx = -p->dir_y[i] * h, ny = p->dir_x[i] * h;
    laser_pool_beam_end(p, i, &ex, &ey);
    int a = m->vertex_count;
    lm_vertex(m, p->x[i] - nx, p->y[i] - ny, -1, rgba);
    lm_vertex(m, p->x[i] + nx, p->y[i] + ny, 1, rgba);
    lm_vertex(m, ex - nx, ey - ny, -1, rgba);
    lm_vertex(m, ex + nx, ey + ny, 1, rgba);
    lm_quad(m, a, a + 2);
}

/* Two vertices a node: each side of node k at its tapered half width along
 * its normal, the slice's left and right edge. Plain arrays in, interleaved
 * vertices out: one loop the compiler vectorizes. */
static void lm_strip_vertices(float *restrict v, uint32_t *restrict col, const float *restrict x,
                              const float *restrict y, const float *restrict nx,
                              const float *restrict ny, uint32_t n, float half, float inv,
                              const float o[2], const float uv[3], uint32_t c)
{
    float ox0 = o[0], oy0 = o[1], u0 = uv[0], u1 = uv[1], vv = uv[2];
    int last = (int)n - 1;
    for (int k = 0; k <= last; k++) {
        int near = k < last - k ? k : last - k; /* signed: the conversion vectorizes */
        float t = (float)near * inv;
        t = t > 1.0f ? 1.0f : t < 0.15f ? 0.15f : t; /* laser_pool_taper_at */
        float h = half * t, ox = nx[k] * h, oy = ny[k] * h;
        v[8 * k + 0] = x[k] - ox + ox0, v[8 * k + 1] = y[k] - oy + oy0;
        v[8 * k + 2] = u0, v[8 * k + 3] = vv;
        v[8 * k + 4] = x[k] + ox + ox0, v[8 * k + 5] = y[k] + oy + oy0;
        v[8 * k + 6] = u1, v[8 * k + 7] = vv;
        col[2 * k] = c, col[2 * k + 1] = c;
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

/* A curvy body: its nodes copied tail to head (the ring unrolled: at most two
 * runs of memory), their normals, two vertices a node, and the strip's
 * triangles. The taper is symmetric, so the direction does not show. */
static void lm_curvy(laser_mesh *m, const laser_pool *p, uint32_t i, const uint8_t rgba[4])
{
    uint32_t n = p->nodes[i], cap = p->node_cap, ring = p->ring[i];
    uint32_t tail = ring + 1 >= n ? ring + 1 - n : ring + 1 + cap - n; /* ring index of node n-1 */
    uint32_t run = cap - tail < n ? cap - tail : n;
    const float *rx = p->node_x + (size_t)i * cap, *ry = p->node_y + (size_t)i * cap;
    memcpy(m->px, rx + tail, run * sizeof(float));
    memcpy(m->py, ry + tail, run * sizeof(float));
    memcpy(m->px + run, rx, (n - run) * sizeof(float));
    memcpy(m->py + run, ry, (n - run) * sizeof(float));
    lm_normals(m->nx, m->ny, m->px, m->py, n);
    uint32_t c;
    memcpy(&c, rgba, 4);
    const float o[2] = {m->origin_x, m->origin_y}, uv[3] = {m->u0, m->u1, m->v};
    lm_strip_vertices(m->xyuv + 4 * m->vertex_count,
                      (uint32_t *)(void *)m->colors + m->vertex_count, m->px, m->py, m->nx, m->ny,
                      n, 0.5f * LASER_MESH_GLOW * laser_pool_width_now(p, i),
                      laser_pool_taper_inv(n), o, uv, c);
    int base = m->vertex_count;
    int *ix = m->indices + m->index_count;
    for (uint32_t k = 0; m->rewrite && k + 1 < n; k++) {
        int a = base + 2 * (int)k;
        ix[6 * k + 0] = a, ix[6 * k + 1] = a + 1, ix[6 * k + 2] = a + 2;
        ix[6 * k + 3] = a + 1, ix[6 * k + 4] = a + 3, ix[6 * k + 5] = a + 2;
    }
    m->vertex_count += 2 * (int)n;
    m->index_count += 6 * (int)(n - 1);
}

/* Whether the triangles of the e-th laser drawn, of `nodes` nodes, must be
 * written: not when it and every laser before it have the node counts the
 * last build gave them (then its vertices sit where they sat, and its
 * indices are in place). */
static void lm_layout(laser_mesh *m, int e, int nodes)
{
    if (!m->rewrite && e < m->layout_len && m->layout[e] == nodes)
        return;
    m->rewrite = 1;
    m->layout[e] = nodes;
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
            uint8_t rgba[4];
            lm_color(p, i, rgba);
            lm_layout(m, drawn++, nodes);
            if (curvy)
                lm_curvy(m, p, i, rgba);
            else
                lm_straight(m, p, i, rgba);
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
    const float *va = m->xyuv + 4 * a, *vb = m->xyuv + 4 * b, *vc = m->xyuv + 4 * c;
    float ax = va[0] - (float)t->origin_x, ay = va[1] - (float)t->origin_y;
    float bx = vb[0] - (float)t->origin_x, by = vb[1] - (float)t->origin_y;
    float cx = vc[0] - (float)t->origin_x, cy = vc[1] - (float)t->origin_y;
    float area = lm_edge(ax, ay, bx, by, cx, cy);
    if (area == 0.0f)
        return;
    if (area < 0.0f) { /* wind it so that inside is positive */
        float tx = bx, ty = by;
        const float *tv = vb;
        bx = cx, by = cy, vb = vc;
        cx = tx, cy = ty, vc = tv;
        area = -area;
    }
    int x0 = (int)floorf(fminf(ax, fminf(bx, cx))), x1 = (int)ceilf(fmaxf(ax, fmaxf(bx, cx)));
    int y0 = (int)floorf(fminf(ay, fminf(by, cy))), y1 = (int)ceilf(fmaxf(ay, fmaxf(by, cy)));
    x0 = x0 < 0 ? 0 : x0, y0 = y0 < 0 ? 0 : y0;
    x1 = x1 > t->w ? t->w : x1, y1 = y1 > t->h ? t->h : y1;
    /* u of each vertex across the slice, 0..slice_w - 1 */
    float span = m->u1 - m->u0, scale = (float)(slice_w - 1) / (span != 0 ? span : 1.0f);
    float ua = (va[2] - m->u0) * scale, ub = (vb[2] - m->u0) * scale, uc = (vc[2] - m->u0) * scale;
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
