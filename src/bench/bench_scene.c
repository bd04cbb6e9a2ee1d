/*
 * bench_scene: bullets spread over the field. See bench_scene.h.
 */
#include "bench/bench_scene.h"

#include "core/mem.h"
#include "core/rng.h"
#include "sim/playfield.h"

#include <string.h>

int bench_scene_fill(bullet_pool *p, uint32_t n, uint64_t seed, int turning_percent)
{
    if (bullet_pool_init(p, n ? n : 1) != 0)
        return -1;
    bullet_pool_set_cull_rect(p, -BENCH_SCENE_FAR, -BENCH_SCENE_FAR, BENCH_SCENE_FAR,
                              BENCH_SCENE_FAR);
    rng r;
    rng_seed(&r, seed);
    for (uint32_t i = 0; i < n; i++) {
        bullet_spawn s = {0};
        s.x = rng_range(&r, 0.0f, PLAYFIELD_W);
        s.y = rng_range(&r, 0.0f, PLAYFIELD_H);
        s.heading = (double)rng_below(&r, 3600) * 0.1;
        s.speed = 0.5 + (double)rng_below(&r, 7) * 0.25;
        s.shape = (bullet_shape)rng_below(&r, BULLET_SHAPE_COUNT);
        s.color = (bullet_color)rng_below(&r, BULLET_COLOR_COUNT);
        bullet_handle h = bullet_pool_spawn(p, &s);
        if (rng_below(&r, 100) < (uint32_t)turning_percent)
            bullet_pool_set_rate(p, h, BULLET_CHANNEL_HEADING, 1.0);
    }
    return 0;
}

int bench_scene_motion_init(bench_scene_motion *m, uint32_t cap)
{
    *m = (bench_scene_motion){0};
    cap = (cap + 63) / 64 * 64; /* the pool's slots come in blocks of 64 */
    size_t bytes = ((size_t)cap + 64) * sizeof(float);
    m->px = mem_alloc_aligned(bytes, 64);
    m->py = mem_alloc_aligned(bytes, 64);
    m->dx = mem_alloc_aligned(bytes, 64);
    m->dy = mem_alloc_aligned(bytes, 64);
    if (!m->px || !m->py || !m->dx || !m->dy) {
        bench_scene_motion_free(m);
        return -1;
    }
    memset(m->dx, 0, bytes);
    memset(m->dy, 0, bytes);
    m->cap = cap;
    return 0;
}

void bench_scene_motion_free(bench_scene_motion *m)
{
    mem_free(m->px);
    mem_free(m->py);
    mem_free(m->dx);
    mem_free(m->dy);
    *m = (bench_scene_motion){0};
}

void bench_scene_motion_before(bench_scene_motion *m, const bullet_pool *p)
{
    uint32_t n = bullet_pool_slot_end(p) < m->cap ? bullet_pool_slot_end(p) : m->cap;
    memcpy(m->px, p->x, n * sizeof *m->px);
    memcpy(m->py, p->y, n * sizeof *m->py);
}

void bench_scene_motion_after(bench_scene_motion *m, const bullet_pool *p)
{
    uint32_t n = bullet_pool_slot_end(p) < m->cap ? bullet_pool_slot_end(p) : m->cap;
    for (uint32_t i = 0; i < n; i++) {
        m->dx[i] = p->x[i] - m->px[i];
        m->dy[i] = p->y[i] - m->py[i];
    }
}

circle_set bench_scene_circles(const bench_scene_motion *m, const bullet_pool *p)
{
    uint32_t n = bullet_pool_slot_end(p) < m->cap ? bullet_pool_slot_end(p) : m->cap;
    return (circle_set){
        p->x, p->y, p->radius, m->dx, m->dy, p->alive, p->flags, BULLET_FLAG_HARMLESS, (int)n};
}

laser_spawn bench_scene_laser(rng *r, int curvy)
{
    laser_spawn s = {0};
    s.kind = curvy ? LASER_CURVY : LASER_STRAIGHT;
    s.x = rng_range(r, 20, PLAYFIELD_W - 20);
    s.y = rng_range(r, 20, PLAYFIELD_H - 20);
    s.heading = rng_range(r, 0, 360);
    s.spin = curvy ? rng_range(r, 4, 8) : rng_range(r, -0.6f, 0.6f);
    s.speed = curvy ? rng_range(r, 1.5f, 3) : 0;
    s.length = curvy ? (float)BENCH_SCENE_LASER_NODES : rng_range(r, 150, 400);
    s.width = rng_range(r, 6, 14);
    s.color = (uint8_t)rng_below(r, 8);
    return s;
}
