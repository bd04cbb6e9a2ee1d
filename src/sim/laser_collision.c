/*
 * laser_collision: the player against lasers, swept. See laser_collision.h.
 */
#include "sim/laser_collision.h"

#include <math.h>
#if defined(__SSE__)
#include <xmmintrin.h>
#endif

static float lc_clamp01(float t)
{
    return t < 0.0f ? 0.0f : t > 1.0f ? 1.0f : t;
}

/* Closest points of two segments (after Ericson, Real-Time Collision Detection
 * 5.1.9), degenerate segments included. */
float laser_collision_seg_dist2(float px, float py, float qx, float qy, float ax, float ay,
                                float bx, float by)
{
    float d1x = qx - px, d1y = qy - py, d2x = bx - ax, d2y = by - ay;
    float rx = px - ax, ry = py - ay;
    float a = d1x * d1x + d1y * d1y, e = d2x * d2x + d2y * d2y, f = d2x * rx + d2y * ry;
    float s, t;
    if (a <= 1e-12f && e <= 1e-12f) {
        s = t = 0.0f;
    } else if (a <= 1e-12f) {
        s = 0.0f;
        t = lc_clamp01(f / e);
    } else {
        float c = d1x * rx + d1y * ry;
        if (e <= 1e-12f) {
            t = 0.0f;
            s = lc_clamp01(-c / a);
        } else {
            float b = d1x * d2x + d1y * d2y, denom = a * e - b * b;
            s = denom > 1e-12f ? lc_clamp01((b * f - c * e) / denom) : 0.0f;
            t = (b * s + f) / e;
            if (t < 0.0f) {
                t = 0.0f;
                s = lc_clamp01(-c / a);
            } else if (t > 1.0f) {
                t = 1.0f;
                s = lc_clamp01((b - c) / a);
            }
        }
    }
    float ux = px + d1x * s - (ax + d2x * t), uy = py + d1y * s - (ay + d2y * t);
    return ux * ux + uy * uy;
}

/* One piece: the beam moving by the mean of its ends' motions, the reach
 * widened by half their difference. */
static int lc_piece(const float c0[2], const float dc[2], float r, const float a0[2],
                    const float b0[2], const float ma[2], const float mb[2], float half)
{
    float mx = (ma[0] + mb[0]) * 0.5f, my = (ma[1] + mb[1]) * 0.5f;
    float ex = (ma[0] - mb[0]) * 0.5f, ey = (ma[1] - mb[1]) * 0.5f;
    float reach = r + half + sqrtf(ex * ex + ey * ey);
    float d2 = laser_collision_seg_dist2(c0[0], c0[1], c0[0] + dc[0] - mx, c0[1] + dc[1] - my,
                                         a0[0], a0[1], b0[0], b0[1]);
    return d2 <= reach * reach;
}

int laser_collision_capsule(const float c0[2], const float dc[2], float r, const float a0[2],
                            const float b0[2], const float ma[2], const float mb[2], float half)
{
    float ex = ma[0] - mb[0], ey = ma[1] - mb[1];
    float slack = 0.5f * sqrtf(ex * ex + ey * ey);
    int pieces = 1;
    if (slack > LASER_COLLISION_SLACK) {
        float k = ceilf(slack / LASER_COLLISION_SLACK);
        pieces = k > (float)LASER_COLLISION_MAX_PIECES ? LASER_COLLISION_MAX_PIECES : (int)k;
    }
    /* one piece with the whole slack first: a miss there misses everywhere */
    int whole = lc_piece(c0, dc, r, a0, b0, ma, mb, half);
    if (!whole || pieces == 1)
        return whole;
    for (int j = 0; j < pieces; j++) {
        float s0 = (float)j / (float)pieces, s1 = (float)(j + 1) / (float)pieces;
        float pa[2] = {a0[0] + (b0[0] - a0[0]) * s0, a0[1] + (b0[1] - a0[1]) * s0};
        float pb[2] = {a0[0] + (b0[0] - a0[0]) * s1, a0[1] + (b0[1] - a0[1]) * s1};
        float qa[2] = {ma[0] + (mb[0] - ma[0]) * s0, ma[1] + (mb[1] - ma[1]) * s0};
        float qb[2] = {ma[0] + (mb[0] - ma[0]) * s1, ma[1] + (mb[1] - ma[1]) * s1};
        if (lc_piece(c0, dc, r, pa, pb, qa, qb, half))
            return 1;
    }
    return 0;
}

int laser_collision_straight(const laser_pool *p, uint32_t i, const laser_probe *q, float r)
{
    float len = p->length[i], half = 0.5f * laser_pool_width_now(p, i);
    float a0[2] = {p->prev_x[i], p->prev_y[i]};
    float b0[2] = {a0[0] + p->prev_dx[i] * len, a0[1] + p->prev_dy[i] * len};
    float ex, ey;
    laser_pool_beam_end(p, i, &ex, &ey);
    float ma[2] = {p->x[i] - a0[0], p->y[i] - a0[1]}, mb[2] = {ex - b0[0], ey - b0[1]};
    float c0[2] = {q->x - q->dx, q->y - q->dy}, dc[2] = {q->dx, q->dy};
    return laser_collision_capsule(c0, dc, r, a0, b0, ma, mb, half);
}

/* Bit s set for each segment s (from x[s], y[s] to x[s + 1], y[s + 1]) of
 * the `count` (at most 4) starting here with some end on the near side of
 * every edge of `box` (x0, y0, x1, y1): one that has both ends beyond an edge
 * is farther from all inside than the box's margin. */
static uint32_t lc_near_segments(const float *x, const float *y, uint32_t count, const float box[4])
{
    uint32_t bits = 0, s = 0;
#if defined(__SSE__)
    if (count == 4) {
        __m128 ax = _mm_loadu_ps(x), bx = _mm_loadu_ps(x + 1);
        __m128 ay = _mm_loadu_ps(y), by = _mm_loadu_ps(y + 1);
        __m128 x0 = _mm_set1_ps(box[0]), y0 = _mm_set1_ps(box[1]);
        __m128 x1 = _mm_set1_ps(box[2]), y1 = _mm_set1_ps(box[3]);
        __m128 far = _mm_and_ps(_mm_cmplt_ps(ax, x0), _mm_cmplt_ps(bx, x0));
        far = _mm_or_ps(far, _mm_and_ps(_mm_cmpgt_ps(ax, x1), _mm_cmpgt_ps(bx, x1)));
        far = _mm_or_ps(far, _mm_and_ps(_mm_cmplt_ps(ay, y0), _mm_cmplt_ps(by, y0)));
        far = _mm_or_ps(far, _mm_and_ps(_mm_cmpgt_ps(ay, y1), _mm_cmpgt_ps(by, y1)));
        return (uint32_t)_mm_movemask_ps(far) ^ 15u;
    }
#endif
    for (; s < count; s++) {
        int far = (x[s] < box[0] && x[s + 1] < box[0]) || (x[s] > box[2] && x[s + 1] > box[2]) ||
                  (y[s] < box[1] && y[s + 1] < box[1]) || (y[s] > box[3] && y[s + 1] > box[3]);
        bits |= (uint32_t)!far << s;
    }
    return bits;
}

int laser_collision_curvy(const laser_pool *p, uint32_t i, const laser_probe *q, float r)
{
    uint32_t n = p->nodes[i], trail = n + (p->age[i] + 1 > n);
    float half = 0.5f * laser_pool_width_now(p, i);
    float px = q->x - q->dx, py = q->y - q->dy;
    float inv = laser_pool_taper_inv(n);
    /* node k at head - k, the trail one run tail first (laser_pool.h, NODES) */
    uint32_t j = laser_pool_node(p, i, 0);
    const float *hx = p->node_x + j, *hy = p->node_y + j;
    if (trail == 1) {
        float d2 = laser_collision_seg_dist2(px, py, q->x, q->y, *hx, *hy, *hx, *hy);
        return d2 <= (r + half) * (r + half);
    }
    /* The probe's path grown by the widest reach and a pixel more (far beyond
     * float rounding): a segment beyond it misses, untested; the others get
     * the exact test, so the answer is the segment-by-segment one. */
    float grow = r + half + 1.0f;
    const float box[4] = {(px < q->x ? px : q->x) - grow, (py < q->y ? py : q->y) - grow,
                          (px < q->x ? q->x : px) + grow, (py < q->y ? q->y : py) + grow};
    const float *tx = hx - (trail - 1), *ty = hy - (trail - 1);
    uint32_t segs = trail - 1;
    for (uint32_t m = 0; m < segs; m += 4) {
        uint32_t near = lc_near_segments(tx + m, ty + m, segs - m < 4 ? segs - m : 4, box);
        for (; near; near &= near - 1) {
            uint32_t k = segs - 1 - (m + (uint32_t)__builtin_ctz(near)); /* nodes k, k + 1 */
            /* the dropped tail node has the tail's taper */
            float tk = laser_pool_taper_at(k < n ? k : n - 1, n, inv);
            float tk1 = laser_pool_taper_at(k + 1 < n ? k + 1 : n - 1, n, inv);
            float reach = r + half * (tk > tk1 ? tk : tk1);
            float d2 = laser_collision_seg_dist2(px, py, q->x, q->y, *(hx - k), *(hy - k),
                                                 *(hx - k - 1), *(hy - k - 1));
            if (d2 <= reach * reach)
                return 1;
        }
    }
    return 0;
}

static void lc_push(collision_list *l, uint32_t i)
{
    if (!l)
        return;
    if (l->count < l->cap)
        l->index[l->count++] = i;
    else
        l->refused++;
}

static int lc_touch(const laser_pool *p, uint32_t i, const laser_probe *q, float r)
{
    return p->kind[i] == LASER_CURVY ? laser_collision_curvy(p, i, q, r)
                                     : laser_collision_straight(p, i, q, r);
}

void laser_collision_player(const laser_pool *p, const laser_probe *q, collision_list *hits,
                            collision_list *grazes)
{
    laser_collision_player_among(p, p->alive, q, hits, grazes);
}

/* The slots of block b (64 from 64 * b) that hurt and whose frame bounds,
 * widened by `big` and half their width, meet the path box (x0, y0)-(x1,
 * y1): lc_near and laser_pool_hurts on the whole block, four slots at a time
 * with SSE (the same float operations). */
static uint64_t lc_near_block(const laser_pool *p, uint32_t b, const float path[4], float big)
{
    uint64_t near = 0;
    uint32_t base = 64 * b;
#if defined(__SSE__)
    const __m128 x0 = _mm_set1_ps(path[0]), y0 = _mm_set1_ps(path[1]), x1 = _mm_set1_ps(path[2]),
                 y1 = _mm_set1_ps(path[3]), bigv = _mm_set1_ps(big), halfv = _mm_set1_ps(0.5f);
    for (uint32_t k = 0; k < 64; k += 4) {
        uint32_t i = base + k;
        __m128 reach = _mm_add_ps(bigv, _mm_mul_ps(halfv, _mm_load_ps(p->width + i)));
        __m128 in = _mm_cmpge_ps(_mm_add_ps(x1, reach), _mm_load_ps(p->box_x0 + i));
        in = _mm_and_ps(in, _mm_cmple_ps(_mm_sub_ps(x0, reach), _mm_load_ps(p->box_x1 + i)));
        in = _mm_and_ps(in, _mm_cmpge_ps(_mm_add_ps(y1, reach), _mm_load_ps(p->box_y0 + i)));
        in = _mm_and_ps(in, _mm_cmple_ps(_mm_sub_ps(y0, reach), _mm_load_ps(p->box_y1 + i)));
        near |= (uint64_t)_mm_movemask_ps(in) << k;
    }
#else
    for (uint32_t k = 0; k < 64; k++) {
        float reach = big + 0.5f * p->width[base + k];
        uint32_t i = base + k;
        near |= (uint64_t)(path[2] + reach >= p->box_x0[i] && path[0] - reach <= p->box_x1[i] &&
                           path[3] + reach >= p->box_y0[i] && path[1] - reach <= p->box_y1[i])
                << k;
    }
#endif
    uint64_t on = 0;
    for (uint32_t k = 0; k < 64; k++)
        on |= (uint64_t)(p->phase[base + k] == LASER_PHASE_ON) << k;
    return near & on;
}

void laser_collision_player_among(const laser_pool *p, const uint64_t *among, const laser_probe *q,
                                  collision_list *hits, collision_list *grazes)
{
    float big = q->graze_radius > q->hit_radius ? q->graze_radius : q->hit_radius;
    const float path[4] = {q->dx < 0 ? q->x : q->x - q->dx, q->dy < 0 ? q->y : q->y - q->dy,
                           q->dx < 0 ? q->x - q->dx : q->x, q->dy < 0 ? q->y - q->dy : q->y};
    for (uint32_t b = 0; b < laser_pool_block_end(p); b++) {
        uint64_t m = p->alive[b] & among[b];
        if (m)
            m &= lc_near_block(p, b, path, big);
        for (; m; m &= m - 1) {
            uint32_t i = 64 * b + (uint32_t)__builtin_ctzll(m);
            int graze = q->graze_radius > 0 && lc_touch(p, i, q, q->graze_radius);
            /* the hitbox inside the graze circle: no graze, no hit either */
            if (!graze && q->graze_radius >= q->hit_radius && q->graze_radius > 0)
                continue;
            if (graze && grazes)
                lc_push(grazes, i);
            if (hits && lc_touch(p, i, q, q->hit_radius))
                lc_push(hits, i);
        }
    }
}

void laser_collision_area(const laser_pool *p, float x, float y, float r, int skip_no_cancel,
                          collision_list *out)
{
    laser_probe q = {x, y, 0, 0, r, 0};
    for (uint32_t b = 0; b < laser_pool_block_end(p); b++)
        for (uint64_t m = p->alive[b]; m; m &= m - 1) {
            uint32_t i = 64 * b + (uint32_t)__builtin_ctzll(m);
            if (skip_no_cancel && (p->flags[i] & LASER_FLAG_NO_CANCEL))
                continue;
            float reach = r + 0.5f * p->width[i];
            if (x + reach < p->box_x0[i] || x - reach > p->box_x1[i] || y + reach < p->box_y0[i] ||
                y - reach > p->box_y1[i])
                continue;
            int touch;
            if (p->kind[i] == LASER_CURVY) {
                touch = laser_collision_curvy(p, i, &q, r);
            } else {
                float ex, ey;
                laser_pool_beam_end(p, i, &ex, &ey);
                float half = 0.5f * laser_pool_width_now(p, i) + r;
                touch =
                    laser_collision_seg_dist2(x, y, x, y, p->x[i], p->y[i], ex, ey) <= half * half;
            }
            if (touch)
                lc_push(out, i);
        }
}
