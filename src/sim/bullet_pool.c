/*
 * bullet_pool: storage, handles, channels and the motion pass (see the header).
 *
 * Layout: one aligned allocation holds every array, each padded to whole blocks
 * of 64 slots and followed by 64 bytes of slack, so that arrays of equal size do
 * not all start at the same offset modulo 4 KiB: with fifteen streams at equal
 * offsets the full kernel thrashed the L1 sets (a prototype at 100k bullets: 44
 * ns per bullet with equal offsets, 1.2 ns with the slack).
 *
 * Vectorization (gcc 12, -O3, x86-64 baseline; checked with -fopt-info-vec and
 * in the assembly of both clones of bullet_pool_update_range): the four
 * per-block loops, bullet_pool_move_straight, _move_turning, _move_full and
 * bullet_pool_cache_velocity, are vectorized with 16-byte SSE vectors (4
 * bullets a step) in the default clone and 32-byte AVX vectors (8 bullets) in
 * the avx2 clone, 64 iterations with no scalar epilogue: the loads and stores
 * of every array, the adds and multiplies of motion and rotation
 * (addps/mulps/subps), the cull and event tests (cmpltps, pcmpeqd), the
 * "still turning / stepping" tests (cmpneqps), the or-ing of the flags and
 * their narrowing to bytes (packuswb). Scalar on purpose: packing 64 flag
 * bytes into a 64-bit mask (bullet_pool_pack_flags, one multiply per 8 bytes),
 * the per-block choice of kernel, and bullet_pool_update_end, which only
 * visits flagged bullets. gcc does not vectorize these loops when their arrays
 * come as restrict locals loaded from a struct ("complicated access pattern"),
 * hence the long parameter lists; and the clones only get vector kernels of
 * their own because bullet_pool_move_block is always inlined into them.
 */
#include "sim/bullet_pool.h"

#include "core/ease.h"
#include "core/mem.h"
#include "core/trig.h"
#include "sim/playfield.h"

#include <float.h>
#include <math.h>
#include <string.h>

#define BLOCK 64u

/* Builds for x86-64 carry an AVX2 clone of the pass, picked at load time; the
 * results are bit-identical (same IEEE operations, no contraction). */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && !defined(CURTAIN_NO_CLONES)
#define BULLET_POOL_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define BULLET_POOL_CLONES
#endif

static const char *const bullet_channel_names[] = {
#define BULLET_CHANNEL_NAME(id, name) name,
    BULLET_CHANNELS(BULLET_CHANNEL_NAME)
#undef BULLET_CHANNEL_NAME
};

static const char *const bullet_despawn_names[] = {
#define BULLET_DESPAWN_NAME(id, name) name,
    BULLET_DESPAWN_REASONS(BULLET_DESPAWN_NAME)
#undef BULLET_DESPAWN_NAME
};

/* A mod's shapes (ids past the built-ins) are spawned with their declared
 * hitbox as the spawn's radius (pattern/objects/bullet_object.c); the orb's hitbox is
 * only the fallback of a bare spawn. */
static const float bullet_shape_radius[] = {
#define BULLET_SHAPE_RADIUS(id, name, radius, rotates, size) radius,
    BULLET_SHAPES(BULLET_SHAPE_RADIUS)
#undef BULLET_SHAPE_RADIUS
};

static float bullet_spawn_radius(const bullet_spawn *s, unsigned shape)
{
    if (s->radius > 0.0f)
        return s->radius;
    return shape < BULLET_SHAPE_COUNT ? bullet_shape_radius[shape]
                                      : bullet_shape_radius[BULLET_SHAPE_ORB];
}

const char *bullet_channel_name(bullet_channel c)
{
    return (unsigned)c < BULLET_CHANNEL_COUNT ? bullet_channel_names[c] : "?";
}

const char *bullet_despawn_reason_name(bullet_despawn_reason r)
{
    return (unsigned)r < BULLET_DESPAWN_REASON_COUNT ? bullet_despawn_names[r] : "?";
}

/* ---- layout ------------------------------------------------------------- */

/* Reserves `size` bytes at *offset (64-aligned, then 64 bytes of slack). */
static size_t bullet_pool_reserve(size_t *offset, size_t size)
{
    size_t at = (*offset + 63u) & ~(size_t)63u;
    *offset = at + size + 64u;
    return at;
}

/* Where each array goes: the offsets in the block, in one table so that the
 * sizing pass and the assignment pass cannot disagree. */
typedef struct bullet_pool_plan {
    void **dest;
    size_t size;
} bullet_pool_plan;

enum {
    BULLET_POOL_PLAN_MAX = 48
};

/* Lists every array of p with its size for `slots` slots; returns the count. */
static int bullet_pool_make_plan(bullet_pool *p, bullet_pool_plan plan[BULLET_POOL_PLAN_MAX])
{
    size_t n = p->capacity, f = n * sizeof(float), u = n * sizeof(uint32_t), blocks = p->blocks;
    int k = 0;
#define PLAN(field, bytes) plan[k++] = (bullet_pool_plan){(void **)&p->field, (bytes)}
    PLAN(x, f);
    PLAN(y, f);
    PLAN(vx, f);
    PLAN(vy, f);
    PLAN(event_at, u);
    PLAN(dir_x, f);
    PLAN(dir_y, f);
    PLAN(speed, f);
    PLAN(extra_x, f);
    PLAN(extra_y, f);
    PLAN(turn_c, f);
    PLAN(turn_s, f);
    PLAN(speed_step, f);
    PLAN(accel_x, f);
    PLAN(accel_y, f);
    PLAN(block_kind, blocks);
    PLAN(alive, blocks * sizeof(uint64_t));
    PLAN(events, blocks * sizeof(uint64_t));
    PLAN(warm, blocks * sizeof(uint64_t));
    PLAN(tracked, blocks * sizeof(uint64_t));
    PLAN(eased, blocks * sizeof(uint64_t));
    PLAN(scripted, blocks * sizeof(uint64_t));
    PLAN(radius, f);
    PLAN(shape, n);
    PLAN(color, n);
    PLAN(flags, n);
    PLAN(scale, f);
    PLAN(alpha, n);
    PLAN(style, n * sizeof(bullet_style));
    PLAN(styled, blocks * sizeof(uint64_t));
    PLAN(restyling, blocks * sizeof(uint64_t));
    PLAN(cold, n * sizeof(bullet_cold));
    PLAN(track, n * BULLET_CHANNEL_COUNT * sizeof(bullet_track));
    PLAN(ease, n * BULLET_CHANNEL_COUNT);
    PLAN(order, 2 * u);
    PLAN(order_tmp, u);
    PLAN(log, n * sizeof(bullet_despawn));
    size_t words = blocks;
    for (p->levels = 0; p->levels < 4; p->levels++) {
        PLAN(free_bits[p->levels], words * sizeof(uint64_t));
        if (words == 1)
            break;
        words = (words + 63) / 64;
    }
    p->levels++;
#undef PLAN
    return k;
}

/* Words in level l of the free-slot bitmaps. */
static size_t bullet_pool_level_words(const bullet_pool *p, int l)
{
    size_t words = p->blocks;
    while (l-- > 0)
        words = (words + 63) / 64;
    return words;
}

/* Sets every slot free: parked, at rest, with no events. Level 0 of the free
 * bitmaps has every slot's bit set; each level above has a bit per non-zero
 * word of the level below. */
static void bullet_pool_reset_slots(bullet_pool *p)
{
    for (uint32_t i = 0; i < p->capacity; i++) {
        p->x[i] = p->y[i] = BULLET_POOL_PARKED;
        p->vx[i] = p->vy[i] = 0.0f;
        p->event_at[i] = p->cold[i].expire_at = BULLET_NEVER;
        p->turn_c[i] = 1.0f;
    }
    for (size_t w = 0; w < p->blocks; w++)
        p->free_bits[0][w] = ~0ull;
    for (int l = 1; l < p->levels; l++) {
        size_t below = bullet_pool_level_words(p, l - 1);
        memset(p->free_bits[l], 0, bullet_pool_level_words(p, l) * sizeof(uint64_t));
        for (size_t w = 0; w < below; w++)
            if (p->free_bits[l - 1][w])
                p->free_bits[l][w / 64] |= 1ull << (w % 64);
    }
    p->lowest_free = 0;
}

int bullet_pool_init(bullet_pool *p, uint32_t capacity)
{
    memset(p, 0, sizeof *p);
    if (capacity == 0 || capacity > BULLET_POOL_MAX_CAPACITY)
        return -1;
    p->capacity = (capacity + BLOCK - 1) / BLOCK * BLOCK;
    p->blocks = p->capacity / BLOCK;
    bullet_pool_plan plan[BULLET_POOL_PLAN_MAX];
    int count = bullet_pool_make_plan(p, plan);
    size_t offset = 0, at[BULLET_POOL_PLAN_MAX];
    for (int k = 0; k < count; k++)
        at[k] = bullet_pool_reserve(&offset, plan[k].size);
    char *block = mem_alloc_aligned(offset, 64);
    if (!block) {
        memset(p, 0, sizeof *p);
        return -1;
    }
    memset(block, 0, offset);
    for (int k = 0; k < count; k++)
        *plan[k].dest = block + at[k];
    p->block = block;
    p->block_size = offset;
    p->next_serial = 1;
    p->split_min = BULLET_POOL_SPLIT_MIN;
    bullet_pool_set_cull_rect(p, -PLAYFIELD_CULL_MARGIN, -PLAYFIELD_CULL_MARGIN,
                              PLAYFIELD_W + PLAYFIELD_CULL_MARGIN,
                              PLAYFIELD_H + PLAYFIELD_CULL_MARGIN);
    bullet_pool_reset_slots(p);
    return 0;
}

void bullet_pool_free(bullet_pool *p)
{
    mem_free(p->block);
    memset(p, 0, sizeof *p);
}

void bullet_pool_set_cull_rect(bullet_pool *p, float x0, float y0, float x1, float y1)
{
    p->cull_x0 = x0;
    p->cull_y0 = y0;
    p->cull_x1 = x1;
    p->cull_y1 = y1;
}

/* ---- free slots ----------------------------------------------------------- */

/* The lowest free slot: one count-trailing-zeros per level, top down. The
 * caller has checked that one exists. */
static uint32_t bullet_pool_search_free(const bullet_pool *p)
{
    size_t index = 0;
    for (int l = p->levels - 1; l >= 0; l--)
        index = index * 64 + (size_t)__builtin_ctzll(p->free_bits[l][index]);
    return (uint32_t)index;
}

/* Takes the lowest free slot (the pool is not full) and finds the next one: in
 * the same word of free bits while it has one (bursts of spawns), by the search
 * above when the word filled up. The spawn that takes a slot never waits for a
 * search: its slot was known before it came. */
static uint32_t bullet_pool_take_lowest(bullet_pool *p)
{
    uint32_t i = p->lowest_free;
    uint64_t *word = &p->free_bits[0][i / 64];
    uint64_t rest = *word & (*word - 1); /* i is the lowest set bit of its word */
    *word = rest;
    p->alive[i / BLOCK] |= 1ull << (i % BLOCK);
    if (rest) {
        p->lowest_free = (i & ~63u) + (uint32_t)__builtin_ctzll(rest);
        return i;
    }
    size_t index = i / 64; /* the word filled up: clear the summary bits above */
    for (int l = 1; l < p->levels; l++) {
        uint64_t *up = &p->free_bits[l][index / 64];
        *up &= ~(1ull << (index % 64));
        if (*up)
            break;
        index /= 64;
    }
    p->lowest_free = p->live + 1 < p->capacity ? bullet_pool_search_free(p) : p->capacity;
    return i;
}

/* Marks the slots of mask m in block b free: their bits in a word of free bits,
 * and the summary bits of the words above that were full. */
static void bullet_pool_give_block(bullet_pool *p, uint32_t b, uint64_t m)
{
    size_t index = (size_t)b * BLOCK;
    for (int l = 0; l < p->levels; l++) {
        uint64_t *word = &p->free_bits[l][index / 64];
        int was_full = *word == 0;
        *word |= l == 0 ? m : 1ull << (index % 64);
        if (!was_full)
            break;
        index /= 64;
    }
    p->alive[b] &= ~m;
    uint32_t lowest = b * BLOCK + (uint32_t)__builtin_ctzll(m);
    if (lowest < p->lowest_free)
        p->lowest_free = lowest;
}

/* Marks slot i free. */
static void bullet_pool_give_slot(bullet_pool *p, uint32_t i)
{
    bullet_pool_give_block(p, i / BLOCK, 1ull << (i % BLOCK));
}

/* ---- handles -------------------------------------------------------------- */

/* Bit i of a per-block bitmap (alive, warm, tracked, scripted). */
static int bullet_pool_bit(const uint64_t *bits, uint32_t i)
{
    return (int)(bits[i / BLOCK] >> (i % BLOCK) & 1u);
}

static int bullet_pool_valid(const bullet_pool *p, bullet_handle h)
{
    return h.index < p->capacity && bullet_pool_bit(p->alive, h.index) &&
           p->cold[h.index].gen == h.gen;
}

int bullet_pool_alive(const bullet_pool *p, bullet_handle h)
{
    return bullet_pool_valid(p, h);
}

bullet_handle bullet_pool_handle(const bullet_pool *p, uint32_t i)
{
    if (i >= p->capacity || !bullet_pool_bit(p->alive, i))
        return BULLET_HANDLE_NONE;
    return (bullet_handle){i, p->cold[i].gen};
}

/* ---- directions ----------------------------------------------------------- */

/* v, or 0 when it is too small to be a normal float: one denormal lane would
 * make its whole block's kernel take microcode assists. */
static double bullet_pool_normal(double v)
{
    return fabs(v) < FLT_MIN ? 0.0 : v;
}

/* The unit heading (sin h, -cos h) for h in degrees, to float precision. The
 * angle is split into whole quarter turns and a rest r of at most 45 degrees
 * (exact for the headings scripts use), so the four axis directions come out
 * exact; sin r and cos r are Taylor polynomials to r^11 and r^12, whose error
 * (below 1e-11 at 45 degrees) vanishes when rounded to float. Only +, -, * and
 * conversions: deterministic, and about four times cheaper than trig_sincos,
 * which spawning would otherwise spend most of its time in. A non-finite
 * heading gives (0, 0). */
static void bullet_pool_heading_dir(double degrees, float *dx, float *dy)
{
    if (!(fabs(degrees) <= 1.0e9)) {
        if (!isfinite(degrees)) {
            *dx = *dy = 0.0f;
            return;
        }
        degrees = fmod(degrees, 360.0);
    }
    double scaled = degrees * (1.0 / 90.0);
    long long quarter = (long long)(scaled + (scaled >= 0 ? 0.5 : -0.5));
    double r = (degrees - (double)quarter * 90.0) * TRIG_DEG2RAD, z = r * r, z2 = z * z;
    /* Estrin's scheme: pairs of terms in parallel, for a short dependency chain. */
    double s = r + r * z *
                       ((-1.0 / 6 + z * (1.0 / 120)) +
                        z2 * ((-1.0 / 5040 + z * (1.0 / 362880)) + z2 * (-1.0 / 39916800)));
    double c = (1.0 + z * -0.5) +
               z2 * ((1.0 / 24 + z * (-1.0 / 720)) +
                     z2 * ((1.0 / 40320 + z * (-1.0 / 3628800)) + z2 * (1.0 / 479001600)));
    double sh, ch; /* sin and cos of the whole angle */
    switch (quarter & 3) {
    case 0: sh = s, ch = c; break;
    case 1: sh = c, ch = -s; break;
    case 2: sh = -s, ch = -c; break;
    default: sh = -c, ch = s; break;
    }
    *dx = (float)bullet_pool_normal(sh);
    *dy = (float)-bullet_pool_normal(ch);
}

/* cos and sin of a turn by `degrees` clockwise (a rotation matrix for dir). */
static void bullet_pool_turn(double degrees, float *c, float *s)
{
    float dx, dy;
    bullet_pool_heading_dir(degrees, &dx, &dy);
    *s = dx;
    *c = -dy;
}

/* ---- lazy state ----------------------------------------------------------- */

/* A bullet that no setter has touched keeps its channels fixed at the values it
 * was spawned with (cold[i].spawned), and one spawned into a straight block
 * flies on its velocity cache: a spawn writes neither its four exact tracks
 * (96 bytes) nor the eight warm floats the other kernels read. The `tracked`
 * and `warm` bits say what has been written since; what has not is a function
 * of the cold record and the RESTING flag, and is written on first need. */

/* The eight warm floats of a bullet whose channels are fixed. */
typedef struct bullet_warm {
    float speed, extra_x, extra_y, turn_c, turn_s, speed_step, accel_x, accel_y;
} bullet_warm;

static bullet_warm bullet_pool_fixed_warm(const double value[BULLET_CHANNEL_COUNT], int resting)
{
    float f[BULLET_CHANNEL_COUNT]; /* one loop, so that it vectorizes */
    for (int c = 0; c < BULLET_CHANNEL_COUNT; c++)
        f[c] = (float)bullet_pool_normal(value[c]);
    if (resting) /* see bullet_pool_apply */
        return (bullet_warm){0.0f, 0.0f, 0.0f, 1.0f, 0.0f, 0.0f, 0.0f, 0.0f};
    return (bullet_warm){f[BULLET_CHANNEL_SPEED],
                         f[BULLET_CHANNEL_EXTRA_X],
                         f[BULLET_CHANNEL_EXTRA_Y],
                         1.0f,
                         0.0f,
                         0.0f,
                         0.0f,
                         0.0f};
}

static bullet_track *bullet_pool_track(const bullet_pool *p, uint32_t i, bullet_channel c)
{
    return &p->track[(size_t)i * BULLET_CHANNEL_COUNT + (size_t)c];
}

/* Channel c's exact state, as it is or would be once written. */
static bullet_track bullet_pool_track_of(const bullet_pool *p, uint32_t i, bullet_channel c)
{
    if (bullet_pool_bit(p->tracked, i))
        return *bullet_pool_track(p, i, c);
    return (bullet_track){p->cold[i].spawned[c], 0.0, p->cold[i].born, 0};
}

/* Whether slot i's ease bytes are valid (it has had an eased tween since its
 * first setter): every other bullet is linear without reading them, so the
 * linear path costs one bit test more. */
static int bullet_pool_has_eases(const bullet_pool *p, uint32_t i)
{
    return (int)((p->tracked[i / BLOCK] & p->eased[i / BLOCK]) >> (i % BLOCK) & 1u);
}

/* Channel c's tween ease (core/ease.h): LINEAR unless a tween asked for one. */
static ease_kind bullet_pool_ease_of(const bullet_pool *p, uint32_t i, bullet_channel c)
{
    if (!bullet_pool_has_eases(p, i))
        return EASE_LINEAR;
    return (ease_kind)p->ease[(size_t)i * BULLET_CHANNEL_COUNT + (size_t)c];
}

/* Sets channel c's ease of tracked slot i (its bytes made valid first). */
static void bullet_pool_set_ease(bullet_pool *p, uint32_t i, bullet_channel c, ease_kind e)
{
    uint8_t *bytes = &p->ease[(size_t)i * BULLET_CHANNEL_COUNT];
    if (!bullet_pool_has_eases(p, i)) {
        if (e == EASE_LINEAR)
            return;
        memset(bytes, EASE_LINEAR, BULLET_CHANNEL_COUNT);
        p->eased[i / BLOCK] |= 1ull << (i % BLOCK);
    }
    bytes[c] = (uint8_t)e;
}

/* The warm floats of slot i as its spawn values give them (no setter yet). */
static bullet_warm bullet_pool_spawn_warm(const bullet_pool *p, uint32_t i)
{
    return bullet_pool_fixed_warm(p->cold[i].spawned, p->flags[i] & BULLET_FLAG_RESTING);
}

static void bullet_pool_write_warm(bullet_pool *p, uint32_t i, bullet_warm w)
{
    p->speed[i] = w.speed;
    p->extra_x[i] = w.extra_x;
    p->extra_y[i] = w.extra_y;
    p->turn_c[i] = w.turn_c;
    p->turn_s[i] = w.turn_s;
    p->speed_step[i] = w.speed_step;
    p->accel_x[i] = w.accel_x;
    p->accel_y[i] = w.accel_y;
    p->warm[i / BLOCK] |= 1ull << (i % BLOCK);
}

/* The warm floats of a bullet, as they are or would be once written. */
static bullet_warm bullet_pool_warm_of(const bullet_pool *p, uint32_t i)
{
    if (!bullet_pool_bit(p->warm, i))
        return bullet_pool_spawn_warm(p, i);
    return (bullet_warm){p->speed[i],  p->extra_x[i],    p->extra_y[i], p->turn_c[i],
                         p->turn_s[i], p->speed_step[i], p->accel_x[i], p->accel_y[i]};
}

/* Writes live slot i's warm floats if they are not yet (before a setter). */
static void bullet_pool_make_warm(bullet_pool *p, uint32_t i)
{
    if (!bullet_pool_bit(p->warm, i))
        bullet_pool_write_warm(p, i, bullet_pool_spawn_warm(p, i));
}

/* Before a setter changes live slot i: its tracks and warm floats written. */
static void bullet_pool_make_tracked(bullet_pool *p, uint32_t i)
{
    bullet_pool_make_warm(p, i);
    if (bullet_pool_bit(p->tracked, i))
        return;
    for (int c = 0; c < BULLET_CHANNEL_COUNT; c++)
        *bullet_pool_track(p, i, (bullet_channel)c) = bullet_pool_track_of(p, i, (bullet_channel)c);
    p->tracked[i / BLOCK] |= 1ull << (i % BLOCK);
    p->eased[i / BLOCK] &= ~(1ull << (i % BLOCK)); /* a former bullet's */
}

/* Writes the warm floats of every live bullet of block b that lacks them:
 * before the block first runs a kernel that reads them. */
static void bullet_pool_warm_block(bullet_pool *p, uint32_t b)
{
    for (uint64_t m = p->alive[b] & ~p->warm[b]; m; m &= m - 1) {
        uint32_t i = b * BLOCK + (uint32_t)__builtin_ctzll(m);
        bullet_pool_write_warm(p, i, bullet_pool_spawn_warm(p, i));
    }
}

/* ---- spawn and despawn ---------------------------------------------------- */

static void bullet_pool_order_compact(bullet_pool *p);

/* The float heading vector of a spawn: the caller's, or from the heading. */
static void bullet_pool_spawn_dir(const bullet_spawn *s, double heading, float *dx, float *dy)
{
    if (s->dir_given && isfinite(s->dir_x) && isfinite(s->dir_y)) {
        /* Denormals flushed to a zero of the same sign (v * 0): the vector the
         * pool itself makes for a heading comes back bit for bit. */
        *dx = fabsf(s->dir_x) < FLT_MIN ? s->dir_x * 0.0f : s->dir_x;
        *dy = fabsf(s->dir_y) < FLT_MIN ? s->dir_y * 0.0f : s->dir_y;
        return;
    }
    bullet_pool_heading_dir(heading, dx, dy);
}

/* Style values kept in range; not a number: the default. */
static float bullet_style_clamp(bullet_style_channel c, double v)
{
    double hi = c == BULLET_STYLE_SCALE ? BULLET_POOL_MAX_SCALE : 1.0;
    if (!(v == v))
        return 1.0f;
    return (float)(v < 0.0 ? 0.0 : v > hi ? hi : v);
}

/* Writes slot i's drawn scale and alpha from style values, and its radius
 * when the hitbox follows the scale. */
static void bullet_pool_write_style(bullet_pool *p, uint32_t i, float scale, float alpha)
{
    p->scale[i] = scale;
    p->alpha[i] = (uint8_t)(alpha * 255.0f + 0.5f);
    if (p->flags[i] & BULLET_FLAG_SCALED_HITBOX) {
        float r = p->style[i].base_radius * scale;
        p->radius[i] = r < BULLET_POOL_MAX_RADIUS ? r : BULLET_POOL_MAX_RADIUS;
    }
}

/* Makes slot i styled: its style record fixed at its drawn values. */
static void bullet_pool_make_styled(bullet_pool *p, uint32_t i)
{
    if (bullet_pool_bit(p->styled, i))
        return;
    float a = (float)p->alpha[i] / 255.0f;
    p->style[i] = (bullet_style){{p->scale[i], a}, {p->scale[i], a}, {0, 0}, {0, 0},
                                 p->radius[i],     {0, 0},           {0, 0}};
    p->styled[i / BLOCK] |= 1ull << (i % BLOCK);
}

/* A spawn with a style (after its radius and flags are written). */
static void bullet_pool_spawn_style(bullet_pool *p, uint32_t i, const bullet_spawn *s)
{
    float scale = bullet_style_clamp(BULLET_STYLE_SCALE, s->scale != 0.0f ? s->scale : 1.0f);
    float alpha = bullet_style_clamp(BULLET_STYLE_ALPHA, 1.0 - (double)s->fade);
    p->style[i] = (bullet_style){{scale, alpha}, {scale, alpha}, {0, 0}, {0, 0},
                                 p->radius[i],   {0, 0},         {0, 0}};
    p->styled[i / BLOCK] |= 1ull << (i % BLOCK);
    bullet_pool_write_style(p, i, scale, alpha);
}

/* Style channel c of styled slot i at update `now`. */
static float bullet_style_at(const bullet_style *st, bullet_style_channel c, uint32_t now)
{
    if (st->t1[c] == 0 || now >= st->t1[c])
        return st->v1[c];
    double u = (double)(now - st->t0[c]) / (double)(st->t1[c] - st->t0[c]);
    double f = ease_curve((ease_kind)st->ease[c], u);
    return (float)(st->v0[c] + (st->v1[c] - st->v0[c]) * f);
}

double bullet_pool_get_style(const bullet_pool *p, bullet_handle h, bullet_style_channel c)
{
    if (!bullet_pool_valid(p, h) || (unsigned)c >= BULLET_STYLE_COUNT)
        return 1.0;
    if (!bullet_pool_bit(p->styled, h.index))
        return 1.0;
    return bullet_style_at(&p->style[h.index], c, p->frame);
}

int bullet_pool_set_style(bullet_pool *p, bullet_handle h, bullet_style_channel c, double target,
                          int32_t frames, int how)
{
    if (!bullet_pool_valid(p, h) || (unsigned)c >= BULLET_STYLE_COUNT || how < 0 ||
        how >= EASE_COUNT)
        return 0;
    uint32_t i = h.index;
    bullet_pool_make_styled(p, i);
    bullet_style *st = &p->style[i];
    float now = bullet_style_at(st, c, p->frame);
    st->v0[c] = now;
    st->v1[c] = bullet_style_clamp(c, target);
    st->ease[c] = (uint8_t)how;
    if (frames > 0) {
        st->t0[c] = p->frame;
        st->t1[c] = p->frame + (uint32_t)frames;
        p->restyling[i / BLOCK] |= 1ull << (i % BLOCK);
        p->restyles = 1;
    } else {
        st->t0[c] = st->t1[c] = 0;
        st->v0[c] = st->v1[c];
        st->ease[c] = 0;
    }
    bullet_pool_write_style(p, i, bullet_style_at(st, BULLET_STYLE_SCALE, p->frame),
                            bullet_style_at(st, BULLET_STYLE_ALPHA, p->frame));
    return 1;
}

int bullet_pool_any_styled(const bullet_pool *p)
{
    for (uint32_t b = 0; b < p->block_end; b++)
        if (p->styled[b] & p->alive[b])
            return 1;
    return 0;
}

/* The update's last step: every style tween's value at the new update, and
 * the tweens that reached their end made fixed. Costs a flag test when no
 * bullet tweens its style. */
static void bullet_pool_restyle(bullet_pool *p)
{
    if (!p->restyles)
        return;
    int any = 0;
    for (uint32_t b = 0; b < p->block_end; b++) {
        p->restyling[b] &= p->alive[b];
        for (uint64_t m = p->restyling[b]; m; m &= m - 1) {
            uint32_t i = b * BLOCK + (uint32_t)__builtin_ctzll(m);
            bullet_style *st = &p->style[i];
            float v[BULLET_STYLE_COUNT];
            int running = 0;
            for (int c = 0; c < BULLET_STYLE_COUNT; c++) {
                v[c] = bullet_style_at(st, (bullet_style_channel)c, p->frame);
                if (st->t1[c] != 0 && p->frame >= st->t1[c]) {
                    st->v0[c] = st->v1[c];
                    st->t0[c] = st->t1[c] = 0;
                    st->ease[c] = 0;
                }
                running |= st->t1[c] != 0;
            }
            bullet_pool_write_style(p, i, v[BULLET_STYLE_SCALE], v[BULLET_STYLE_ALPHA]);
            if (!running)
                p->restyling[b] &= ~(1ull << (i % BLOCK));
        }
        any |= p->restyling[b] != 0;
    }
    p->restyles = (uint32_t)any;
}

/* A spawn writes the hot arrays (position, velocity cache, event), the heading
 * vector, the arrays consumers read (radius, shape, colour, flags) and its cold
 * record: thirteen cache lines. The eight warm floats only when its block
 * already runs a kernel that reads them, the exact tracks never (see "lazy
 * state"). */
bullet_handle bullet_pool_spawn(bullet_pool *p, const bullet_spawn *s)
{
    if (p->live == p->capacity) {
        p->stats.refused++;
        return BULLET_HANDLE_NONE;
    }
    /* The heading vector first: its polynomials are the longest dependency
     * chain of a spawn, and the rest can run beside them. Bad numbers never
     * make an immortal NaN bullet: non-finite motion values become 0, a
     * non-finite position is culled by the next update (v - v is 0 exactly
     * when v is finite). */
    double heading = s->heading - s->heading == 0.0 ? s->heading : 0.0;
    float dx, dy;
    bullet_pool_spawn_dir(s, heading, &dx, &dy);
    uint32_t i = bullet_pool_take_lowest(p), b = i / BLOCK, frame = p->frame;
    uint64_t bit = 1ull << (i % BLOCK);
    /* The next spawn's slot is known now: fetch its cold record (the one line
     * a spawn reads) while this one is written. */
    __builtin_prefetch(&p->cold[p->lowest_free < p->capacity ? p->lowest_free : i], 1);
    if (b >= p->block_end) {
        p->block_end = b + 1;
        if (p->block_end > p->block_peak)
            p->block_peak = p->block_end;
    }

    const double in[BULLET_CHANNEL_COUNT] = {heading, s->speed, s->extra_x, s->extra_y};
    double v[BULLET_CHANNEL_COUNT];
    for (int c = 0; c < BULLET_CHANNEL_COUNT; c++)
        v[c] = in[c] - in[c] == 0.0 ? in[c] : 0.0;
    int resting = s->rest_first_update != 0;
    bullet_warm w = bullet_pool_fixed_warm(v, resting);
    uint32_t expire = s->lifetime ? frame + s->lifetime : BULLET_NEVER;
    if (p->order_len == 2 * p->capacity)
        bullet_pool_order_compact(p);
    uint32_t pos = p->order_len++;
    p->order[pos] = i;
    bullet_cold *cold = &p->cold[i];
    uint32_t gen = (cold->gen + 1) | 1u; /* the next odd number: 1, 3, 5, ... */
    *cold = (bullet_cold){{v[0], v[1], v[2], v[3]}, gen, expire, frame, pos, s->owner, s->script,
                          p->next_serial,           0};

    p->tracked[b] &= ~bit;
    p->warm[b] &= ~bit;
    p->restyling[b] &= ~bit;
    p->scripted[b] = (p->scripted[b] & ~bit) | (s->script ? bit : 0);
    p->flags[i] =
        (uint8_t)((s->flags & ~BULLET_FLAG_RESTING) | (resting ? BULLET_FLAG_RESTING : 0));
    if (p->block_kind[b] != BULLET_BLOCK_STRAIGHT)
        bullet_pool_write_warm(p, i, w);
    int placed = (s->x - s->x) + (s->y - s->y) == 0.0f; /* both finite */
    unsigned shape = (unsigned)s->shape < BULLET_SHAPE_CAPACITY ? (unsigned)s->shape : 0;
    unsigned color = (unsigned)s->color < BULLET_COLOR_COUNT ? (unsigned)s->color : 0;
    p->x[i] = placed ? s->x : BULLET_POOL_PARKED;
    p->y[i] = placed ? s->y : BULLET_POOL_PARKED;
    p->dir_x[i] = dx;
    p->dir_y[i] = dy;
    p->vx[i] = dx * w.speed + w.extra_x;
    p->vy[i] = dy * w.speed + w.extra_y;
    p->event_at[i] = resting ? frame + 1 : expire; /* see bullet_pool_refresh */
    p->radius[i] = bullet_spawn_radius(s, shape);
    p->scale[i] = 1.0f;
    p->alpha[i] = 255;
    p->styled[b] &= ~bit;
    if (s->fade != 0.0f || (s->scale != 0.0f && s->scale != 1.0f) ||
        (s->flags & (BULLET_FLAG_ADDITIVE | BULLET_FLAG_SCALED_HITBOX)))
        bullet_pool_spawn_style(p, i, s);
    p->shape[i] = (uint8_t)shape;
    p->color[i] = (uint8_t)color;
    p->next_serial = p->next_serial == 0xffffffffu ? 1 : p->next_serial + 1;

    p->live++;
    p->stats.spawned++;
    if (p->live > p->stats.peak_live)
        p->stats.peak_live = p->live;
    return (bullet_handle){i, gen};
}

/* Appends live slot i's despawn to the log (a scripted bullet's). */
static void bullet_pool_log(bullet_pool *p, uint32_t i, bullet_despawn_reason reason)
{
    const bullet_cold *cold = &p->cold[i];
    if (p->log_len < p->capacity)
        p->log[p->log_len++] =
            (bullet_despawn){cold->script, {i, cold->gen}, reason, p->x[i], p->y[i]};
    else
        p->stats.log_overflow++;
}

/* Frees live slot i: logs a scripted bullet, frees the slot and punches its
 * hole in the draw order. The generation stays (the next spawn moves it on;
 * the alive bit says the slot is free), and the slot's arrays keep their
 * stale values (the pass masks its flags with alive, and spawning rewrites
 * what a live bullet needs): an unscripted despawn reads the cold record and
 * writes one draw-order entry; the rest are bitmaps that stay in cache. */
static inline void bullet_pool_release(bullet_pool *p, uint32_t i, bullet_despawn_reason reason)
{
    const bullet_cold *cold = &p->cold[i];
    if (bullet_pool_bit(p->scripted, i))
        bullet_pool_log(p, i, reason);
    p->stats.despawned[reason]++;
    if (cold->order_pos + 1 == p->order_len) { /* the newest: the list just gets shorter */
        p->order_len--;
    } else {
        p->order[cold->order_pos] = BULLET_SLOT_NONE;
        p->order_dead++;
    }
    p->live--;
    bullet_pool_give_slot(p, i);
}

int bullet_pool_despawn(bullet_pool *p, bullet_handle h, bullet_despawn_reason reason)
{
    if (!bullet_pool_valid(p, h) || (unsigned)reason >= BULLET_DESPAWN_REASON_COUNT)
        return 0;
    bullet_pool_release(p, h.index, reason);
    return 1;
}

/* Lowers block_end past trailing empty blocks. */
static void bullet_pool_shrink(bullet_pool *p)
{
    while (p->block_end > 0 && p->alive[p->block_end - 1] == 0)
        p->block_end--;
}

/* A clear frees whole blocks at once: the scripted bullets are logged in slot
 * order as one by one, the free bits set a word at a time, and the draw order
 * compacted once at the end instead of a hole punched per bullet. It reads a
 * cold record only for a scripted bullet, so a screen of bullets cancelled in
 * one frame costs about a bitmap pass (`curtain bench storm`). */
uint32_t bullet_pool_clear(bullet_pool *p, bullet_despawn_reason reason, int keep_no_cancel)
{
    uint32_t count = 0;
    if ((unsigned)reason >= BULLET_DESPAWN_REASON_COUNT)
        return 0;
    for (uint32_t b = 0; b < p->block_end; b++) {
        uint64_t m = keep_no_cancel ? bullet_pool_cancel_bits(p, b) : p->alive[b];
        if (!m)
            continue;
        for (uint64_t s = m & p->scripted[b]; s; s &= s - 1)
            bullet_pool_log(p, b * BLOCK + (uint32_t)__builtin_ctzll(s), reason);
        bullet_pool_give_block(p, b, m);
        count += (uint32_t)__builtin_popcountll(m);
    }
    p->stats.despawned[reason] += count;
    p->live -= count;
    if (p->live == 0) { /* the usual clear: nothing left to order */
        p->order_len = 0;
        p->order_dead = 0;
    } else if (count) {
        bullet_pool_order_compact(p);
    }
    bullet_pool_shrink(p);
    return count;
}

/* ---- draw order ----------------------------------------------------------- */

/* Squeezes the holes out of the draw order, keeping its order. */
static void bullet_pool_order_compact(bullet_pool *p)
{
    /* The new entry of each live slot goes to order_tmp first (a small array),
     * then to the cold records in slot order: writing the records in draw
     * order (unrelated to slot order) missed the cache once per live bullet. */
    uint32_t kept = 0;
    for (uint32_t k = 0; k < p->order_len; k++) {
        uint32_t i = p->order[k];
        /* a hole, or (after a clear, which punches none) a slot freed since */
        if (i == BULLET_SLOT_NONE || !bullet_pool_bit(p->alive, i))
            continue;
        p->order[kept] = i;
        p->order_tmp[i] = kept++;
    }
    p->order_len = kept;
    p->order_dead = 0;
    for (uint32_t b = 0; b < p->block_end; b++)
        for (uint64_t m = p->alive[b]; m; m &= m - 1) {
            uint32_t i = b * BLOCK + (uint32_t)__builtin_ctzll(m);
            p->cold[i].order_pos = p->order_tmp[i];
        }
}

const uint32_t *bullet_pool_draw_order(const bullet_pool *p, uint32_t *count)
{
    *count = p->order_len;
    return p->order;
}

const bullet_despawn *bullet_pool_despawned(const bullet_pool *p, uint32_t *count)
{
    *count = p->log_len;
    return p->log;
}

void bullet_pool_clear_despawned(bullet_pool *p)
{
    p->log_len = 0;
}

/* ---- channels ------------------------------------------------------------- */

/* A channel's exact value after `now` updates: libbulletml's ramp formula. */
static double bullet_track_value(const bullet_track *t, uint32_t now)
{
    if (t->t1 == 0)
        return t->v0;
    if (t->t1 == BULLET_NEVER)
        return t->v0 + t->v1 * (double)(now - t->t0);
    if (now >= t->t1)
        return t->v1;
    double g = (t->v1 - t->v0) / (double)(t->t1 - t->t0);
    return t->v0 + g * (double)(now - t->t0);
}

/* The same for a tween with an ease: v0 + (v1 - v0) * curve(u), u the
 * elapsed fraction; a linear tween, a fixed value or a rate as above. */
static double bullet_track_eased(const bullet_track *t, ease_kind e, uint32_t now)
{
    if (e == EASE_LINEAR || t->t1 == 0 || t->t1 == BULLET_NEVER || now >= t->t1)
        return bullet_track_value(t, now);
    double u = (double)(now - t->t0) / (double)(t->t1 - t->t0);
    return t->v0 + (t->v1 - t->v0) * ease_curve(e, u);
}

/* Whether channel c runs an eased tween that is not over at update `now`: its
 * float copies are then re-derived from the exact curve every update (a
 * linear segment per update), and every other bullet keeps the one-segment
 * linear path. */
static __attribute__((noinline)) int bullet_pool_easing_slow(const bullet_pool *p, uint32_t i,
                                                             bullet_channel c, uint32_t now)
{
    if (bullet_pool_ease_of(p, i, c) == EASE_LINEAR)
        return 0;
    uint32_t t1 = bullet_pool_track(p, i, c)->t1;
    return t1 != 0 && t1 != BULLET_NEVER && now < t1;
}

static inline int bullet_pool_easing(const bullet_pool *p, uint32_t i, bullet_channel c,
                                     uint32_t now)
{
    if (__builtin_expect(!bullet_pool_has_eases(p, i), 1))
        return 0; /* the linear path: one bit test */
    return bullet_pool_easing_slow(p, i, c, now);
}

/* A channel's change per update (0 when fixed). */
static double bullet_track_step(const bullet_track *t)
{
    if (t->t1 == 0)
        return 0.0;
    if (t->t1 == BULLET_NEVER)
        return t->v1;
    return (t->v1 - t->v0) / (double)(t->t1 - t->t0);
}

/* Writes channel c's float copies: its value now and its step per update (the
 * slot is warm). A resting bullet (see rest_first_update) keeps zero speed,
 * extra velocity and steps in its floats, so no kernel moves or turns it; its
 * track runs on. */
static inline void bullet_pool_write_channel(bullet_pool *p, uint32_t i, bullet_channel c,
                                             double value, double step)
{
    if (p->flags[i] & BULLET_FLAG_RESTING) {
        step = 0.0;
        if (c != BULLET_CHANNEL_HEADING)
            value = 0.0;
    }
    step = bullet_pool_normal(step);
    value = bullet_pool_normal(value);
    switch (c) {
    case BULLET_CHANNEL_HEADING:
        bullet_pool_heading_dir(value, &p->dir_x[i], &p->dir_y[i]);
        bullet_pool_turn(step, &p->turn_c[i], &p->turn_s[i]);
        break;
    case BULLET_CHANNEL_SPEED:
        p->speed[i] = (float)value;
        p->speed_step[i] = (float)step;
        break;
    case BULLET_CHANNEL_EXTRA_X:
        p->extra_x[i] = (float)value;
        p->accel_x[i] = (float)step;
        break;
    case BULLET_CHANNEL_EXTRA_Y:
        p->extra_y[i] = (float)value;
        p->accel_y[i] = (float)step;
        break;
    case BULLET_CHANNEL_COUNT: break;
    }
}

/* Writes channel c's float copies from its exact track, as a linear tween,
 * rate or fixed value: the path of every bullet without an eased tween. */
static void bullet_pool_apply_linear(bullet_pool *p, uint32_t i, bullet_channel c)
{
    bullet_track t = bullet_pool_track_of(p, i, c);
    bullet_pool_write_channel(p, i, c, bullet_track_value(&t, p->frame), bullet_track_step(&t));
}

/* The same for a channel in an eased tween: this update's segment of the
 * curve. Out of line, so that the linear path stays as it was. */
static __attribute__((noinline)) void bullet_pool_apply_eased(bullet_pool *p, uint32_t i,
                                                              bullet_channel c)
{
    bullet_track t = bullet_pool_track_of(p, i, c);
    ease_kind e = bullet_pool_ease_of(p, i, c);
    double value = bullet_track_eased(&t, e, p->frame);
    bullet_pool_write_channel(p, i, c, value, bullet_track_eased(&t, e, p->frame + 1) - value);
}

/* Writes channel c's float copies from its exact track, eased or not. */
static void bullet_pool_apply(bullet_pool *p, uint32_t i, bullet_channel c)
{
    if (__builtin_expect(bullet_pool_easing(p, i, c, p->frame), 0))
        bullet_pool_apply_eased(p, i, c);
    else
        bullet_pool_apply_linear(p, i, c);
}

/* After a change to live slot i: the velocity cache, the next event (expiry or
 * the nearest tween end; a resting bullet's first update) and the kernel its
 * block needs at least. A slot without warm floats has had no setter and is
 * straight as spawned: its velocity cache is right, and only its expiry can
 * change. */
static void bullet_pool_refresh(bullet_pool *p, uint32_t i)
{
    int resting = p->flags[i] & BULLET_FLAG_RESTING;
    if (!bullet_pool_bit(p->warm, i)) {
        p->event_at[i] = resting ? p->frame + 1 : p->cold[i].expire_at;
        return;
    }
    p->vx[i] = p->dir_x[i] * p->speed[i] + p->extra_x[i];
    p->vy[i] = p->dir_y[i] * p->speed[i] + p->extra_y[i];
    uint32_t event = p->cold[i].expire_at;
    if (bullet_pool_bit(p->tracked, i)) { /* else every channel is fixed */
        int eases = bullet_pool_has_eases(p, i), easing = 0;
        for (int c = 0; c < BULLET_CHANNEL_COUNT; c++) {
            uint32_t t1 = bullet_pool_track(p, i, (bullet_channel)c)->t1;
            if (eases && bullet_pool_easing(p, i, (bullet_channel)c, p->frame)) {
                t1 = p->frame + 1; /* the curve's next segment */
                easing = 1;
            }
            if (t1 != 0 && t1 < event)
                event = t1;
        }
        if (eases && !easing) /* its eases are over: linear again, bytes unread */
            p->eased[i / BLOCK] &= ~(1ull << (i % BLOCK));
    }
    p->event_at[i] = resting ? p->frame + 1 : event;
    uint8_t kind = BULLET_BLOCK_STRAIGHT;
    if (p->speed_step[i] != 0.0f || p->accel_x[i] != 0.0f || p->accel_y[i] != 0.0f)
        kind = BULLET_BLOCK_FULL;
    else if (p->turn_s[i] != 0.0f || p->turn_c[i] != 1.0f)
        kind = BULLET_BLOCK_TURNING;
    uint32_t b = i / BLOCK;
    if (kind > p->block_kind[b]) {
        if (p->block_kind[b] == BULLET_BLOCK_STRAIGHT)
            bullet_pool_warm_block(p, b);
        p->block_kind[b] = kind;
    }
}

/* Checks a handle, a channel and a value for the setters. */
static int bullet_pool_settable(const bullet_pool *p, bullet_handle h, bullet_channel c,
                                double value)
{
    return bullet_pool_valid(p, h) && (unsigned)c < BULLET_CHANNEL_COUNT && isfinite(value);
}

double bullet_pool_get(const bullet_pool *p, bullet_handle h, bullet_channel c)
{
    if (!bullet_pool_valid(p, h) || (unsigned)c >= BULLET_CHANNEL_COUNT)
        return 0.0;
    bullet_track t = bullet_pool_track_of(p, h.index, c);
    return bullet_track_eased(&t, bullet_pool_ease_of(p, h.index, c), p->frame);
}

double bullet_pool_get_rate(const bullet_pool *p, bullet_handle h, bullet_channel c)
{
    if (!bullet_pool_valid(p, h) || (unsigned)c >= BULLET_CHANNEL_COUNT)
        return 0.0;
    if (!bullet_pool_bit(p->tracked, h.index))
        return 0.0; /* fixed since its spawn */
    const bullet_track *t = bullet_pool_track(p, h.index, c);
    return t->t1 == BULLET_NEVER ? t->v1 : 0.0;
}

int bullet_pool_set(bullet_pool *p, bullet_handle h, bullet_channel c, double value)
{
    if (!bullet_pool_settable(p, h, c, value))
        return 0;
    bullet_pool_make_tracked(p, h.index);
    bullet_track *t = bullet_pool_track(p, h.index, c);
    t->v0 = value;
    t->t0 = p->frame;
    bullet_pool_set_ease(p, h.index, c, EASE_LINEAR);
    if (t->t1 != BULLET_NEVER) /* a rate keeps going from the new value; a tween stops */
        t->t1 = 0;
    bullet_pool_apply(p, h.index, c);
    bullet_pool_refresh(p, h.index);
    return 1;
}

int bullet_pool_tween(bullet_pool *p, bullet_handle h, bullet_channel c, double target,
                      int32_t frames)
{
    return bullet_pool_tween_eased(p, h, c, target, frames, EASE_LINEAR);
}

int bullet_pool_tween_eased(bullet_pool *p, bullet_handle h, bullet_channel c, double target,
                            int32_t frames, int how)
{
    if (!bullet_pool_settable(p, h, c, target) || how < 0 || how >= EASE_COUNT)
        return 0;
    if (frames < 1)
        frames = 1;
    if ((uint64_t)p->frame + (uint64_t)frames >= BULLET_NEVER)
        frames = (int32_t)(BULLET_NEVER - 1 - p->frame);
    bullet_pool_make_tracked(p, h.index);
    bullet_track *t = bullet_pool_track(p, h.index, c);
    *t = (bullet_track){bullet_track_eased(t, bullet_pool_ease_of(p, h.index, c), p->frame), target,
                        p->frame, p->frame + (uint32_t)frames};
    bullet_pool_set_ease(p, h.index, c, (ease_kind)how);
    bullet_pool_apply(p, h.index, c);
    bullet_pool_refresh(p, h.index);
    return 1;
}

int bullet_pool_set_rate(bullet_pool *p, bullet_handle h, bullet_channel c, double per_update)
{
    if (!bullet_pool_settable(p, h, c, per_update))
        return 0;
    bullet_pool_make_tracked(p, h.index);
    bullet_track *t = bullet_pool_track(p, h.index, c);
    *t = (bullet_track){bullet_track_eased(t, bullet_pool_ease_of(p, h.index, c), p->frame),
                        per_update, p->frame, per_update != 0.0 ? BULLET_NEVER : 0};
    bullet_pool_set_ease(p, h.index, c, EASE_LINEAR);
    bullet_pool_apply(p, h.index, c);
    bullet_pool_refresh(p, h.index);
    return 1;
}

int bullet_pool_set_lifetime(bullet_pool *p, bullet_handle h, uint32_t frames)
{
    if (!bullet_pool_valid(p, h))
        return 0;
    uint64_t at = (uint64_t)p->frame + frames;
    p->cold[h.index].expire_at = frames == 0 || at >= BULLET_NEVER ? BULLET_NEVER : (uint32_t)at;
    bullet_pool_refresh(p, h.index);
    return 1;
}

int bullet_pool_set_position(bullet_pool *p, bullet_handle h, float x, float y)
{
    if (!bullet_pool_valid(p, h) || !isfinite(x) || !isfinite(y))
        return 0;
    p->x[h.index] = x;
    p->y[h.index] = y;
    return 1;
}

int bullet_pool_set_flags(bullet_pool *p, bullet_handle h, uint8_t set, uint8_t clear)
{
    if (!bullet_pool_valid(p, h))
        return 0;
    uint8_t keep = p->flags[h.index] & BULLET_FLAG_RESTING;
    uint8_t game = (uint8_t)((p->flags[h.index] | set) & ~clear & ~BULLET_FLAG_RESTING);
    p->flags[h.index] = (uint8_t)(game | keep);
    return 1;
}

int bullet_pool_set_look(bullet_pool *p, bullet_handle h, bullet_shape shape, bullet_color color)
{
    if (!bullet_pool_valid(p, h) || (unsigned)shape >= BULLET_SHAPE_CAPACITY ||
        (unsigned)color >= BULLET_COLOR_COUNT)
        return 0;
    p->shape[h.index] = (uint8_t)shape;
    p->color[h.index] = (uint8_t)color;
    return 1;
}

int bullet_pool_set_radius(bullet_pool *p, bullet_handle h, float radius)
{
    if (!bullet_pool_valid(p, h) || !(radius >= 0.0f && radius <= BULLET_POOL_MAX_RADIUS))
        return 0;
    p->radius[h.index] = radius;
    if (p->flags[h.index] & BULLET_FLAG_SCALED_HITBOX) { /* the base of a scaled hitbox */
        bullet_pool_make_styled(p, h.index);
        p->style[h.index].base_radius = radius;
        bullet_pool_write_style(p, h.index, p->scale[h.index], (float)p->alpha[h.index] / 255.0f);
    }
    return 1;
}

/* ---- the motion pass ------------------------------------------------------ */

/* The cull rectangle and the update number, as the kernels take them. */
typedef struct bullet_pass {
    float x0, y0, x1, y1;
    uint32_t now;
} bullet_pass;

/* One block of bullets flying straight: move, then flag the bullets outside the
 * cull rectangle or with an event due. Vectorized: 64 lanes, no branches. */
static inline void bullet_pool_move_straight(float *restrict x, float *restrict y,
                                             const float *restrict vx, const float *restrict vy,
                                             const uint32_t *restrict event_at,
                                             uint8_t *restrict flagged, bullet_pass pass)
{
    for (uint32_t k = 0; k < BLOCK; k++) {
        float nx = x[k] + vx[k], ny = y[k] + vy[k];
        x[k] = nx;
        y[k] = ny;
        flagged[k] = (uint8_t)((nx < pass.x0) | (nx > pass.x1) | (ny < pass.y0) | (ny > pass.y1) |
                               (event_at[k] == pass.now));
    }
}

/* Lane flags the kernels write: bit 0 event or cull, bit 1 turning, bit 2 some
 * other step (speed or extra velocity). */
enum {
    BULLET_LANE_FLAGGED = 0,
    BULLET_LANE_TURNING = 1,
    BULLET_LANE_STEPPING = 2
};

/* One block whose only steps are turns: move with the current heading, speed
 * and extra velocity, turn the heading, flag like the straight kernel and mark
 * the lanes still turning. Vectorized. The arrays come as restrict parameters:
 * gcc does not vectorize these loops when they come as restrict locals loaded
 * from a struct ("complicated access pattern"). */
static inline void bullet_pool_move_turning(
    float *restrict x, float *restrict y, float *restrict dir_x, float *restrict dir_y,
    const float *restrict speed, const float *restrict extra_x, const float *restrict extra_y,
    const float *restrict turn_c, const float *restrict turn_s, const uint32_t *restrict event_at,
    uint8_t *restrict flagged, bullet_pass pass)
{
    for (uint32_t k = 0; k < BLOCK; k++) {
        float nx = x[k] + (dir_x[k] * speed[k] + extra_x[k]);
        float ny = y[k] + (dir_y[k] * speed[k] + extra_y[k]);
        x[k] = nx;
        y[k] = ny;
        float c = turn_c[k], s = turn_s[k];
        float dx = dir_x[k] * c - dir_y[k] * s, dy = dir_x[k] * s + dir_y[k] * c;
        dir_x[k] = dx;
        dir_y[k] = dy;
        int turning = (s != 0.0f) | (c != 1.0f);
        flagged[k] = (uint8_t)((nx < pass.x0) | (nx > pass.x1) | (ny < pass.y0) | (ny > pass.y1) |
                               (event_at[k] == pass.now) | turning << BULLET_LANE_TURNING);
    }
}

/* One block with speed or extra-velocity steps: move like the turning kernel,
 * then turn the heading and step speed and extra velocity; mark turning and
 * stepping lanes. Vectorized. */
static inline void bullet_pool_move_full(
    float *restrict x, float *restrict y, float *restrict dir_x, float *restrict dir_y,
    float *restrict speed, float *restrict extra_x, float *restrict extra_y,
    const float *restrict turn_c, const float *restrict turn_s, const float *restrict speed_step,
    const float *restrict accel_x, const float *restrict accel_y, const uint32_t *restrict event_at,
    uint8_t *restrict flagged, bullet_pass pass)
{
    for (uint32_t k = 0; k < BLOCK; k++) {
        float nx = x[k] + (dir_x[k] * speed[k] + extra_x[k]);
        float ny = y[k] + (dir_y[k] * speed[k] + extra_y[k]);
        x[k] = nx;
        y[k] = ny;
        float c = turn_c[k], s = turn_s[k];
        float dx = dir_x[k] * c - dir_y[k] * s, dy = dir_x[k] * s + dir_y[k] * c;
        dir_x[k] = dx;
        dir_y[k] = dy;
        speed[k] = speed[k] + speed_step[k];
        extra_x[k] = extra_x[k] + accel_x[k];
        extra_y[k] = extra_y[k] + accel_y[k];
        int turning = (s != 0.0f) | (c != 1.0f);
        int stepping = (speed_step[k] != 0.0f) | (accel_x[k] != 0.0f) | (accel_y[k] != 0.0f);
        flagged[k] = (uint8_t)((nx < pass.x0) | (nx > pass.x1) | (ny < pass.y0) | (ny > pass.y1) |
                               (event_at[k] == pass.now) | turning << BULLET_LANE_TURNING |
                               stepping << BULLET_LANE_STEPPING);
    }
}

/* The velocity cache of a block that goes back to the straight kernel. */
static inline void
bullet_pool_cache_velocity(float *restrict vx, float *restrict vy, const float *restrict dir_x,
                           const float *restrict dir_y, const float *restrict speed,
                           const float *restrict extra_x, const float *restrict extra_y)
{
    for (uint32_t k = 0; k < BLOCK; k++) {
        vx[k] = dir_x[k] * speed[k] + extra_x[k];
        vy[k] = dir_y[k] * speed[k] + extra_y[k];
    }
}

/* Bit `bit` of 64 flag bytes to a 64-bit mask, eight bytes at a time: the
 * multiply gathers the low bit of each byte into the top byte. */
static inline uint64_t bullet_pool_pack_flags(const uint8_t *flagged, int bit)
{
    uint64_t mask = 0;
    for (int w = 0; w < 8; w++) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        uint64_t v;
        memcpy(&v, flagged + 8 * w, sizeof v);
        v = (v >> bit) & 0x0101010101010101ull;
        mask |= ((v * 0x0102040810204080ull) >> 56) << (8 * w);
#else
        for (int k = 0; k < 8; k++)
            mask |= (uint64_t)((flagged[8 * w + k] >> bit) & 1u) << (8 * w + k);
#endif
    }
    return mask;
}

/* Runs block b's kernel and records its flagged bullets and its next kernel.
 * Always inlined, so that each clone of bullet_pool_update_range gets its own
 * copy of the kernels compiled for its instruction set. */
static inline __attribute__((always_inline)) void bullet_pool_move_block(bullet_pool *p, uint32_t b,
                                                                         bullet_pass pass)
{
    _Alignas(64) uint8_t flagged[BLOCK];
    size_t o = (size_t)b * BLOCK;
    uint8_t kind = p->block_kind[b];
    if (kind == BULLET_BLOCK_STRAIGHT)
        bullet_pool_move_straight(p->x + o, p->y + o, p->vx + o, p->vy + o, p->event_at + o,
                                  flagged, pass);
    else if (kind == BULLET_BLOCK_TURNING)
        bullet_pool_move_turning(p->x + o, p->y + o, p->dir_x + o, p->dir_y + o, p->speed + o,
                                 p->extra_x + o, p->extra_y + o, p->turn_c + o, p->turn_s + o,
                                 p->event_at + o, flagged, pass);
    else
        bullet_pool_move_full(p->x + o, p->y + o, p->dir_x + o, p->dir_y + o, p->speed + o,
                              p->extra_x + o, p->extra_y + o, p->turn_c + o, p->turn_s + o,
                              p->speed_step + o, p->accel_x + o, p->accel_y + o, p->event_at + o,
                              flagged, pass);
    uint64_t alive = p->alive[b];
    p->events[b] = bullet_pool_pack_flags(flagged, BULLET_LANE_FLAGGED) & alive;
    if (kind == BULLET_BLOCK_STRAIGHT)
        return;
    /* The simplest kernel the live bullets still need. */
    if (kind == BULLET_BLOCK_FULL &&
        !(bullet_pool_pack_flags(flagged, BULLET_LANE_STEPPING) & alive))
        kind = BULLET_BLOCK_TURNING;
    if (kind == BULLET_BLOCK_TURNING &&
        !(bullet_pool_pack_flags(flagged, BULLET_LANE_TURNING) & alive)) {
        kind = BULLET_BLOCK_STRAIGHT;
        bullet_pool_cache_velocity(p->vx + o, p->vy + o, p->dir_x + o, p->dir_y + o, p->speed + o,
                                   p->extra_x + o, p->extra_y + o);
    }
    p->block_kind[b] = kind;
}

BULLET_POOL_CLONES
void bullet_pool_update_range(bullet_pool *p, uint32_t first_block, uint32_t end_block)
{
    bullet_pass pass = {p->cull_x0, p->cull_y0, p->cull_x1, p->cull_y1, p->frame + 1};
    if (end_block > p->block_end)
        end_block = p->block_end;
    for (uint32_t b = first_block; b < end_block; b++) {
        if (p->alive[b])
            bullet_pool_move_block(p, b, pass);
        else
            p->events[b] = 0;
    }
}

/* A flagged bullet: expired, culled, the end of its resting update, or a tween
 * reached its end (its channel becomes fixed at the exact target and the float
 * copies are reset from it). */
static void bullet_pool_resolve(bullet_pool *p, uint32_t i)
{
    uint32_t now = p->frame;
    if (p->cold[i].expire_at == now) {
        bullet_pool_release(p, i, BULLET_DESPAWN_EXPIRE);
        return;
    }
    if (p->x[i] < p->cull_x0 || p->x[i] > p->cull_x1 || p->y[i] < p->cull_y0 ||
        p->y[i] > p->cull_y1) {
        bullet_pool_release(p, i, BULLET_DESPAWN_CULL);
        return;
    }
    if (p->event_at[i] != now)
        return;
    int warm = bullet_pool_bit(p->warm, i);
    if (p->flags[i] & BULLET_FLAG_RESTING) { /* its first update is over: set it going */
        p->flags[i] &= (uint8_t)~BULLET_FLAG_RESTING;
        if (warm)
            for (int c = 0; c < BULLET_CHANNEL_COUNT; c++)
                bullet_pool_apply(p, i, (bullet_channel)c);
        else
            bullet_pool_write_warm(p, i, bullet_pool_spawn_warm(p, i));
    }
    for (int c = 0; bullet_pool_bit(p->tracked, i) && c < BULLET_CHANNEL_COUNT; c++) {
        bullet_track *t = bullet_pool_track(p, i, (bullet_channel)c);
        if (t->t1 == now) {
            *t = (bullet_track){t->v1, 0.0, now, 0};
            bullet_pool_set_ease(p, i, (bullet_channel)c, EASE_LINEAR);
            bullet_pool_apply_linear(p, i, (bullet_channel)c);
        } else if (bullet_pool_easing(p, i, (bullet_channel)c, now)) {
            bullet_pool_apply_eased(p, i, (bullet_channel)c); /* the curve's next segment */
        }
    }
    bullet_pool_refresh(p, i);
}

/* A cursor over the slots flagged by the last pass, ascending. */
typedef struct bullet_event_cursor {
    uint32_t block;
    uint64_t bits;
} bullet_event_cursor;

/* The next flagged slot, or BULLET_SLOT_NONE. */
static uint32_t bullet_pool_next_event(const bullet_pool *p, bullet_event_cursor *c)
{
    while (!c->bits) {
        if (++c->block >= p->block_end)
            return BULLET_SLOT_NONE;
        c->bits = p->events[c->block];
    }
    uint32_t i = c->block * BLOCK + (uint32_t)__builtin_ctzll(c->bits);
    c->bits &= c->bits - 1;
    return i;
}

void bullet_pool_update_end(bullet_pool *p)
{
    enum {
        AHEAD = 8 /* flagged slots whose cold record is fetched in advance */
    };
    p->frame++;
    if (p->block_end > 0) {
        /* Flagged bullets lie anywhere (expiries, culls, tween ends): a second
         * cursor runs ahead and prefetches their cold records, which resolving
         * reads and releasing writes, so several misses overlap. */
        bullet_event_cursor at = {0, p->events[0]}, ahead = at;
        for (int k = 0; k < AHEAD; k++) {
            uint32_t j = bullet_pool_next_event(p, &ahead);
            if (j != BULLET_SLOT_NONE)
                __builtin_prefetch(&p->cold[j], 1);
        }
        for (uint32_t i; (i = bullet_pool_next_event(p, &at)) != BULLET_SLOT_NONE;) {
            uint32_t j = bullet_pool_next_event(p, &ahead);
            if (j != BULLET_SLOT_NONE)
                __builtin_prefetch(&p->cold[j], 1);
            bullet_pool_resolve(p, i);
        }
    }
    bullet_pool_restyle(p);
    bullet_pool_shrink(p);
    if (p->order_dead > p->live)
        bullet_pool_order_compact(p);
}

void bullet_pool_update(bullet_pool *p)
{
    bullet_pool_update_range(p, 0, p->block_end);
    bullet_pool_update_end(p);
}

/* One part of a split update: an equal share of the blocks. */
static void bullet_pool_update_part(void *ctx, int part, int parts)
{
    bullet_pool *p = ctx;
    uint32_t first, end;
    workers_split(p->block_end, part, parts, 1, &first, &end);
    bullet_pool_update_range(p, first, end);
}

void bullet_pool_update_workers(bullet_pool *p, workers *w)
{
    int parts = p->live >= p->split_min ? workers_threads(w) : 1;
    workers_run(w, bullet_pool_update_part, p, parts);
    bullet_pool_update_end(p);
}

/* ---- state hash ----------------------------------------------------------- */

void bullet_pool_hash(const bullet_pool *p, hasher *hs)
{
    hash_u32(hs, p->capacity);
    hash_u32(hs, p->frame);
    hash_u32(hs, p->live);
    hash_u32(hs, p->next_serial);
    for (uint32_t b = 0; b < p->block_end; b++)
        for (uint64_t m = p->alive[b]; m; m &= m - 1) {
            uint32_t i = b * BLOCK + (uint32_t)__builtin_ctzll(m);
            /* vx, vy are left out: a cache of dir * speed + extra, kept only in
             * straight blocks, so two equal states may hold different ones. Warm
             * floats and tracks not written yet are hashed as they would be
             * (see "lazy state"): the hash does not depend on when they are. */
            bullet_warm w = bullet_pool_warm_of(p, i);
            const float hot[] = {p->x[i],   p->y[i],   p->dir_x[i], p->dir_y[i], w.speed,
                                 w.extra_x, w.extra_y, w.turn_c,    w.turn_s,    w.speed_step,
                                 w.accel_x, w.accel_y, p->radius[i]};
            const uint32_t ids[] = {i,
                                    p->cold[i].gen,
                                    p->event_at[i],
                                    p->cold[i].expire_at,
                                    p->cold[i].owner,
                                    p->cold[i].script,
                                    p->cold[i].serial,
                                    (uint32_t)p->shape[i] | (uint32_t)p->color[i] << 8 |
                                        (uint32_t)p->flags[i] << 16};
            for (size_t k = 0; k < sizeof hot / sizeof hot[0]; k++)
                hash_f32(hs, hot[k]);
            for (size_t k = 0; k < sizeof ids / sizeof ids[0]; k++)
                hash_u32(hs, ids[k]);
            if (bullet_pool_bit(p->styled, i)) { /* unstyled bullets hash as they always did */
                const bullet_style *st = &p->style[i];
                hash_f32(hs, p->scale[i]);
                hash_u32(hs, p->alpha[i]);
                hash_f32(hs, st->base_radius);
                for (int c = 0; c < BULLET_STYLE_COUNT; c++) {
                    hash_f32(hs, st->v0[c]);
                    hash_f32(hs, st->v1[c]);
                    hash_u32(hs, st->t0[c]);
                    hash_u32(hs, st->t1[c]);
                    hash_u32(hs, st->ease[c]);
                }
            }
            for (int c = 0; c < BULLET_CHANNEL_COUNT; c++) {
                bullet_track t = bullet_pool_track_of(p, i, (bullet_channel)c);
                hash_f64(hs, t.v0);
                hash_f64(hs, t.v1);
                hash_u32(hs, t.t0);
                hash_u32(hs, t.t1);
                ease_kind e = bullet_pool_ease_of(p, i, (bullet_channel)c);
                if (e != EASE_LINEAR) /* so that linear states hash as they always did */
                    hash_u32(hs, (uint32_t)e);
            }
        }
    /* The draw order is state too: the live slots, oldest first. */
    for (uint32_t k = 0; k < p->order_len; k++)
        if (p->order[k] != BULLET_SLOT_NONE)
            hash_u32(hs, p->order[k]);
}

/* Each array of the plan with how much of it is live. Slot arrays (a multiple
 * of the capacity in bytes) and the per-block bitmaps are written only below
 * block_peak (spawns take the lowest free slot; every pass, clear and setter
 * works below block_end); the draw order and the log are read only below their
 * lengths. The free bitmaps above level 0 and anything the plan gains that
 * none of these rules names are live whole. */
void bullet_pool_blocks(bullet_pool *p, memblock_list *l)
{
    bullet_pool_plan plan[BULLET_POOL_PLAN_MAX];
    int levels = p->levels; /* the plan counts them again: the same number */
    int count = bullet_pool_make_plan(p, plan);
    p->levels = levels;
    size_t blocks = p->block_peak, n = p->capacity;
    for (int k = 0; k < count; k++) {
        void *data = *plan[k].dest;
        size_t size = plan[k].size;
        if (data == p->order)
            memblock_add_used(l, data, size, (size_t)p->order_len * sizeof *p->order);
        else if (data == p->log)
            memblock_add_used(l, data, size, (size_t)p->log_len * sizeof *p->log);
        else if (data == p->block_kind || data == p->alive || data == p->events ||
                 data == p->warm || data == p->tracked || data == p->eased || data == p->scripted ||
                 data == p->styled || data == p->restyling || data == p->free_bits[0])
            memblock_add_peak(l, data, size, size / p->blocks * blocks);
        else if (data != p->free_bits[1] && data != p->free_bits[2] && data != p->free_bits[3] &&
                 size % n == 0)
            memblock_add_peak(l, data, size, size / n * blocks * BLOCK);
        else
            memblock_add(l, data, size);
    }
}
