/*
 * bullet_pool: a fixed-capacity pool of bullets in structure-of-arrays form, and
 * the one batch pass that moves them.
 *
 * Each pool instance (enemy bullets, player shots, ...) owns every array it needs,
 * allocated once by bullet_pool_init; nothing is allocated afterwards. Spawning
 * takes the lowest free slot (a hierarchical free bitmap searched with
 * count-trailing-zeros, so the live set stays packed at the low end) and costs
 * O(1); so does despawning. A spawn that finds the pool full is refused and
 * counted (stats.refused); nothing crashes.
 *
 * HANDLES. A bullet is named by a handle {index, gen}. A spawn gives its slot
 * the next odd gen (1, 3, 5, ...), and a handle is live while its slot's alive
 * bit is set and the gens agree, so a handle kept past its bullet's death (a
 * script's reference, say) is detected: bullet_pool_alive says 0 and every
 * setter does nothing and returns 0. {0, 0} (BULLET_HANDLE_NONE) is never live.
 *
 * MOTION. A bullet moves by its heading and speed plus an independent cartesian
 * "extra" velocity (BulletML's accel):
 *
 *     position += (sin h, -cos h) * speed + (extra_x, extra_y)    per update
 *
 * with h in degrees, 0 = up, clockwise (y points down). Four *channels* hold the
 * motion: HEADING (deg), SPEED (px/update), EXTRA_X and EXTRA_Y (px/update). Each
 * channel is, at any time, one of:
 *   - fixed:  a value (bullet_pool_set);
 *   - tween:  going linearly from its current value to a target over N updates
 *             (bullet_pool_tween): BulletML's changeDirection, changeSpeed, accel;
 *             or along an ease curve (bullet_pool_tween_eased, core/ease.h):
 *             the pattern language's `speed 3 over 30 smooth`;
 *   - rate:   changing by a constant amount every update, forever
 *             (bullet_pool_set_rate): angular velocity for HEADING, acceleration
 *             along the heading for SPEED, cartesian acceleration for EXTRA_*.
 * Setting a channel replaces what it was doing (nothing is queued), except that
 * bullet_pool_set on a channel with a rate keeps the rate going from the new value.
 *
 * Getters are exact: a channel keeps its exact double values (start, end or rate,
 * start and end update) beside the float arrays the pass reads, and
 * bullet_pool_get evaluates v0 + g*(T - t0) with g = (v1 - v0)/(t1 - t0) computed
 * first, in double, and returns v1 itself once the tween is over. That is
 * libbulletml's ramp formula, so a VM reading values back sees what libbulletml's
 * host would. Values are never normalised (a heading may read 370). The float
 * copies the pass integrates may differ from the exact values by rounding; at a
 * tween's end they are reset from the exact target.
 *
 * EASED TWEENS are linear segments, one per update: the channel's value at
 * update t is v0 + (v1 - v0) * curve((t - t0) / (t1 - t0)), and at each update
 * of the tween the bullet's event comes round, its float value is reset from
 * that exact value and its step is the difference to the next update's. So
 * the kernels are the linear ones, a bullet without an eased tween costs
 * nothing more, and an eased bullet costs one event per update while it eases.
 *
 * WHAT A SPAWN WRITES. Position, velocity cache, event time, heading vector, the
 * arrays consumers read (radius, shape, colour, flags) and the slot's 64-byte
 * cold record (generation, exact spawn values, expiry, owner, script link,
 * serial, draw-order entry): thirteen cache lines. Not the exact tracks nor the
 * eight float copies only the turning and full kernels read: those are written
 * when first needed (a setter, a block that starts turning); until then they
 * are what the cold record says, and getters, the hash and every kernel see
 * the same values either way (the `tracked` and `warm` bits). A caller that
 * already has the heading's unit vector can pass it (bullet_spawn.dir_given)
 * and save the trigonometry. Figures: docs/bench.md.
 *
 * ONE UPDATE (bullet_pool_update), for every live bullet, in this order:
 *   1. move with the current velocity (the one its channels have now);
 *   2. advance the channels one step (tweens, rates);
 *   3. despawn it if its lifetime is over or it is outside the cull rectangle
 *      (the playfield plus PLAYFIELD_CULL_MARGIN unless set otherwise); the slot
 *      is free again before bullet_pool_update returns.
 * Moving before advancing is what BulletML needs: a tween started between
 * updates (in a script phase) is first felt by the update after next, and the
 * script sees v0 + g after one update, v1 exactly after N, as libbulletml's
 * runner sends them.
 *
 * FRAME ORDER. Run the scripts (spawns, sets, tweens), then bullet_pool_update,
 * then collision, then let the script system read the despawn log. A bullet
 * spawned by the scripts moves in that frame's update, unless its spawn asks
 * rest_first_update: then it first moves in the next frame, after its own
 * script's first run. That is libbulletml's reference host loop (BULLETML.md
 * section 5: each turn, run then move every object; objects created during a
 * turn are run and moved from the next one), so a BulletML host spawns with
 * rest_first_update = 1 and matches it turn for turn, ramps included.
 *
 * The pass works on blocks of 64 slots up to the high-water block. Each block
 * runs the simplest of three kernels its live bullets need: straight (reads
 * position, cached velocity and one event time), turning (heading turns only),
 * full (speed and extra velocity steps too). All three are branch-free loops
 * the compiler vectorizes (see bullet_pool.c). The
 * vectorized part can run on block ranges: bullet_pool_update_range on disjoint
 * ranges covering [0, bullet_pool_block_end(p)) (from any threads), then
 * bullet_pool_update_end (one thread) to despawn and end tweens.
 *
 * ITERATING LIVE BULLETS (collision, renderer, game). The arrays under "hot",
 * "warm" and "read by consumers" in the struct are public and read-only to
 * everyone but this module; the rest is the pool's own, read through functions
 * (bullet_pool_handle, _get, _get_rate, _owner, _serial, _script). Slots
 * below bullet_pool_slot_end(p) are the only ones that can be live; alive[b]
 * has bit k set when slot 64*b + k is:
 *
 *     for (uint32_t b = 0; b < bullet_pool_block_end(p); b++)
 *         for (uint64_t m = p->alive[b]; m; m &= m - 1) {
 *             uint32_t i = 64 * b + (uint32_t)__builtin_ctzll(m);
 *             ... p->x[i], p->y[i], p->radius[i] ...
 *         }
 *
 * A SIMD sweep may instead read every slot below bullet_pool_slot_end(p) and mask
 * its result with alive[b]: free slots keep stale values (a despawn touches as
 * little as it can), so their positions and radii mean nothing.
 *
 * DRAW ORDER. Storage order is not spawn order (freed slots are reused lowest
 * first). bullet_pool_draw_order gives the slots oldest to newest, with
 * BULLET_SLOT_NONE entries for bullets that died since the list was last
 * compacted; skip those:
 *
 *     uint32_t n;
 *     const uint32_t *order = bullet_pool_draw_order(p, &n);
 *     for (uint32_t k = 0; k < n; k++)
 *         if (order[k] != BULLET_SLOT_NONE)
 *             draw(p->x[order[k]], p->y[order[k]], p->dir_x[order[k]], ...);
 *
 * Keeping it costs an append at spawn, a store at despawn and a compaction in
 * bullet_pool_update_end when dead entries outnumber live ones (figures in
 * docs/bench.md). For rotated sprites, (dir_x, dir_y) = (sin h, -cos h) is the
 * unit heading: the sprite's "up" axis, so no trigonometry is needed to draw it.
 *
 * STYLE. A bullet is drawn at `scale` times its shape's size and at `alpha`
 * opacity, additive when its flags have BULLET_FLAG_ADDITIVE; a style set with
 * bullet_pool_set_style may tween (eased) over updates: the update's last step
 * writes the new values, for the bullets in the `restyling` bitmap only (one
 * flag tells whether any is). With BULLET_FLAG_SCALED_HITBOX the hitbox radius
 * is its base radius (the spawn's, or bullet_pool_set_radius's) times the
 * scale; otherwise scale never touches collision. An unstyled bullet (scale 1,
 * opaque, no tween) hashes as before styles existed; a styled one adds its
 * style to the hash.
 *
 * SCRIPTS. bullet_pool_script(p, i) is the pattern VM's link (0 = none).
 * Whenever a bullet with a script link is despawned, for any reason, {script,
 * handle, reason} is appended to the despawn log (bullet_pool_despawned); the
 * script system reads it once per frame, frees those runners and calls
 * bullet_pool_clear_despawned.
 * The log holds `capacity` entries between clears; more are counted
 * (stats.log_overflow), so a VM should also treat a dead handle as a dead bullet.
 */
#ifndef CURTAIN_SIM_BULLET_POOL_H
#define CURTAIN_SIM_BULLET_POOL_H

#include "core/bitmask.h"
#include "core/hash.h"
#include "core/memblock.h"
#include "core/workers.h"
#include "sim/bullet_kind.h"

#include <stdint.h>

#define BULLET_POOL_DEFAULT_CAPACITY 65536u
#define BULLET_POOL_MAX_CAPACITY     (1u << 24)
/* No slot: a dead entry of the draw order. */
#define BULLET_SLOT_NONE             0xffffffffu
/* Where never-used slots and bullets spawned at a non-finite position sit (both
 * coordinates): outside any field and cull rectangle. */
#define BULLET_POOL_PARKED           (-1.0e9f)
/* "Never" as an update number: no lifetime limit, no event. */
#define BULLET_NEVER                 0xffffffffu

/* Motion channels: id, name. */
#define BULLET_CHANNELS(X) \
    X(HEADING, "heading")  \
    X(SPEED, "speed")      \
    X(EXTRA_X, "extra_x")  \
    X(EXTRA_Y, "extra_y")

typedef enum bullet_channel {
#define BULLET_CHANNEL_ENUM(id, name) BULLET_CHANNEL_##id,
    BULLET_CHANNELS(BULLET_CHANNEL_ENUM)
#undef BULLET_CHANNEL_ENUM
    BULLET_CHANNEL_COUNT
} bullet_channel;

/* Per-bullet flags (one byte): id, bit, meaning. The game owns the meaning of
 * the first ones (the pool keeps them, takes them from bullet_spawn.flags and
 * hashes them); RESTING belongs to the pool. */
#define BULLET_FLAGS(X)                                                  \
    X(GRAZED, 0, "has grazed the player (a graze scores once)")          \
    X(NO_CANCEL, 1, "survives cancels (bombs, phase ends, enemy death)") \
    X(HARMLESS, 2, "drawn but never hits (fading out, for example)")     \
    X(PIERCE, 3, "a player's shot: passes through enemies")              \
    X(ADDITIVE, 4, "drawn additive: its light added to what is below")   \
    X(SCALED_HITBOX, 5, "its hitbox is its base radius times its scale") \
    X(RESTING, 7, "the pool's: spawned with rest_first_update, not moved yet")

typedef enum bullet_flag {
#define BULLET_FLAG_ENUM(id, bit, meaning) BULLET_FLAG_##id = 1u << (bit),
    BULLET_FLAGS(BULLET_FLAG_ENUM)
#undef BULLET_FLAG_ENUM
} bullet_flag;

/* Why a bullet left the pool: id, name. */
#define BULLET_DESPAWN_REASONS(X) \
    X(VANISH, "vanish")           \
    X(CULL, "cull")               \
    X(EXPIRE, "expire")           \
    X(CANCEL, "cancel")           \
    X(HIT, "hit")                 \
    X(CLEAR, "clear")

typedef enum bullet_despawn_reason {
#define BULLET_DESPAWN_ENUM(id, name) BULLET_DESPAWN_##id,
    BULLET_DESPAWN_REASONS(BULLET_DESPAWN_ENUM)
#undef BULLET_DESPAWN_ENUM
    BULLET_DESPAWN_REASON_COUNT
} bullet_despawn_reason;

typedef struct bullet_handle {
    uint32_t index;
    uint32_t gen; /* odd while the bullet lives */
} bullet_handle;

#define BULLET_HANDLE_NONE ((bullet_handle){0, 0})

/* What a new bullet starts with. Zero-initialise and fill what matters. */
typedef struct bullet_spawn {
    float x, y;
    double heading;          /* degrees, 0 = up, clockwise */
    double speed;            /* px per update along the heading */
    double extra_x, extra_y; /* px per update, added to the heading motion */
    uint32_t lifetime;       /* despawned by the lifetime-th update after spawn; 0 = never */
    bullet_shape shape;
    bullet_color color;
    float radius; /* hitbox radius; 0 = the shape's (sim/bullet_kind.h) */
    uint32_t owner;
    uint32_t script; /* the VM's link, 0 = none */
    uint8_t flags;
    /* 1: the bullet stays where it is during the first update after its spawn
     * (see FRAME ORDER above). */
    uint8_t rest_first_update;
    /* 1: (dir_x, dir_y) is the heading's unit vector (sin h, -cos h), already at
     * hand (a ring of bullets turned step by step, an aimed shot's normalised
     * offset); the pool takes it as the float heading vector instead of turning
     * `heading` into one. heading stays the exact channel value the getters
     * return. Ignored when a component is not finite. */
    uint8_t dir_given;
    float dir_x, dir_y;
    /* Its style (see STYLE): the drawn size, times the shape's (0 = 1), and
     * 1 - its opacity (0 = opaque, 1 unseen). BULLET_FLAG_ADDITIVE and
     * BULLET_FLAG_SCALED_HITBOX in flags. */
    float scale;
    float fade;
} bullet_spawn;

/* One despawn of a scripted bullet, for the script system. */
typedef struct bullet_despawn {
    uint32_t script;
    bullet_handle handle;
    bullet_despawn_reason reason;
    float x, y; /* where it was (a script's `on cancel` runs there) */
} bullet_despawn;

typedef struct bullet_pool_stats {
    uint64_t spawned; /* bullets spawned since init */
    uint64_t refused; /* spawns refused: the pool was full */
    uint64_t despawned[BULLET_DESPAWN_REASON_COUNT];
    uint64_t log_overflow; /* despawns of scripted bullets not logged: log full */
    uint32_t peak_live;    /* most bullets live at once */
} bullet_pool_stats;

/* The kernel a block of 64 slots runs: the simplest its live bullets need. */
typedef enum bullet_block_kind {
    BULLET_BLOCK_STRAIGHT, /* no steps: position += cached velocity */
    BULLET_BLOCK_TURNING,  /* heading turns only */
    BULLET_BLOCK_FULL,     /* speed or extra velocity steps too */
} bullet_block_kind;

/* A channel's exact state; see bullet_pool_get. t1: 0 fixed, BULLET_NEVER rate. */
typedef struct bullet_track {
    double v0; /* value at t0 */
    double v1; /* tween: value at t1; rate: change per update */
    uint32_t t0, t1;
} bullet_track;

/* A bullet's style channels: scale and alpha (see STYLE). */
typedef enum bullet_style_channel {
    BULLET_STYLE_SCALE,
    BULLET_STYLE_ALPHA,
    BULLET_STYLE_COUNT
} bullet_style_channel;

/* A styled slot's exact style: each channel's tween from v0 at t0 to v1 at t1
 * (t1 = 0: fixed at v1) along ease[c], and the hitbox's base radius (the
 * radius at scale 1, for SCALED_HITBOX). Valid where the `styled` bit is. */
typedef struct bullet_style {
    float v0[BULLET_STYLE_COUNT], v1[BULLET_STYLE_COUNT];
    uint32_t t0[BULLET_STYLE_COUNT], t1[BULLET_STYLE_COUNT];
    float base_radius;
    uint8_t ease[BULLET_STYLE_COUNT];
    uint8_t reserved[2];
} bullet_style;

/* The pool's own bookkeeping of a slot, in one 64-byte line: what a spawn
 * writes together and what a despawn reads, so that a spawn or a despawn of a
 * slot out of cache misses once here instead of once per array. Private: read
 * handles with bullet_pool_handle / bullet_pool_alive, values with
 * bullet_pool_get, the rest with the accessors below. */
typedef struct bullet_cold {
    /* The exact heading, speed, extra_x, extra_y the bullet was spawned with:
     * its channels for as long as no setter has touched them (see `tracked`). */
    double spawned[BULLET_CHANNEL_COUNT];
    uint32_t gen;       /* the generation of its handles: odd while live */
    uint32_t expire_at; /* update that ends the lifetime, BULLET_NEVER for none */
    uint32_t born;      /* p->frame at spawn */
    uint32_t order_pos; /* its entry in the draw order */
    uint32_t owner;     /* bullet_spawn.owner */
    uint32_t script;    /* the VM's link, 0 = none: a despawn logs it */
    uint32_t serial;    /* spawn serial (from 1) */
    uint32_t reserved;
} bullet_cold;

/*
 * The pool. Arrays are indexed by slot, padded to whole blocks of 64 and
 * aligned to 64 bytes. Everything is public for reading; write only through
 * the functions below.
 */
typedef struct bullet_pool {
    uint32_t capacity;                        /* slots: the requested capacity rounded up to 64 */
    uint32_t blocks;                          /* capacity / 64 */
    uint32_t live;                            /* bullets live now */
    uint32_t frame;                           /* updates done since init */
    uint32_t block_end;                       /* every live slot is below 64 * block_end */
    uint32_t next_serial;                     /* the next bullet's spawn serial (from 1) */
    float cull_x0, cull_y0, cull_x1, cull_y1; /* outside this, bullets are culled */
    /* The most block_end has been: no slot past 64 * block_peak has been written
     * since init (a snapshot copies below it, game/snapshot.h). */
    uint32_t block_peak;

    /* Hot: the straight-flight kernel reads these. */
    float *x, *y; /* position */
    /* Velocity of the next update, dir * speed + extra, cached for straight blocks
     * only (block_kind[b] == BULLET_BLOCK_STRAIGHT); elsewhere compute it. */
    float *vx, *vy;
    uint32_t *event_at; /* update at which the bullet needs attention (expiry, tween end) */
    /* Warm: the turning and full kernels read these. Float copies of the channels,
     * for the pass and for drawing; scripts read the exact values with
     * bullet_pool_get. A RESTING bullet holds 0 in speed, extras and steps until
     * its first update is over. dir_x and dir_y are always valid. The other
     * eight are valid for the bullets whose `warm` bit is set: every live bullet
     * of a block whose kind is not STRAIGHT, and every bullet a setter has
     * touched. A bullet spawned into a straight block flies on its velocity
     * cache and gets them written when its block first needs them (spawning
     * writes fewer cache lines). */
    float *dir_x, *dir_y; /* unit heading (sin h, -cos h) */
    float *speed, *extra_x, *extra_y;
    float *turn_c, *turn_s;   /* rotation per update: cos, sin of the heading step */
    float *speed_step;        /* speed change per update */
    float *accel_x, *accel_y; /* extra velocity change per update */
    uint8_t *block_kind;      /* per block: the kernel it runs (bullet_block_kind) */
    uint64_t *alive;          /* per block: live-slot bits */
    uint64_t *events;         /* per block: bits the last update flagged */
    uint64_t *warm;           /* per block: bits of the slots whose eight warm floats are valid */
    /* Read by consumers (collision, renderer, game). */
    float *radius;
    uint8_t *shape, *color, *flags;
    /* Style, read by the renderer: drawn size (times the shape's) and opacity
     * (0..255), 1 and 255 unless a style touched the bullet (its `styled` bit). */
    float *scale;
    uint8_t *alpha;
    bullet_style *style; /* per slot, valid where `styled` is: exact style, tweens */
    uint64_t *styled;    /* per block: bits of the slots a style has touched */
    uint64_t *restyling; /* per block: bits of the styled slots with a style tween running */
    uint32_t restyles;   /* 1: some restyling bit may be set (the pass looks) */
    /* The pool's own: read through the functions below. */
    bullet_cold *cold; /* per slot: generation, exact spawn values, expiry, owner, ... */
    /* Exact channel state, capacity * BULLET_CHANNEL_COUNT, [slot * COUNT + channel],
     * valid for the slots whose `tracked` bit is set: written when a setter first
     * touches the bullet. Until then every channel is fixed at its spawn value
     * (cold[slot].spawned since cold[slot].born). */
    bullet_track *track;
    /* capacity * BULLET_CHANNEL_COUNT, beside `track`: each channel's tween ease
     * (core/ease.h; EASE_LINEAR = 0), valid where `tracked` and `eased` are. */
    uint8_t *ease;
    uint64_t *tracked;
    /* per block: bits of the tracked slots whose `ease` bytes are valid (an eased
     * tween since their first setter, not yet over); the others are linear. */
    uint64_t *eased;    /* per block: bits of the slots whose track is valid */
    uint64_t *scripted; /* per block: bits of the slots with a script link (logged at despawn) */
    /* Free-slot search: levels of bitmaps, level 0 = free-slot bits, and the
     * lowest free slot (capacity when the pool is full), known before a spawn
     * needs it. */
    uint64_t *free_bits[4];
    int levels;
    uint32_t lowest_free;
    /* Draw order: slots oldest to newest, with BULLET_SLOT_NONE holes. */
    uint32_t *order;     /* 2 * capacity entries */
    uint32_t *order_tmp; /* per slot: scratch of the compaction */
    uint32_t order_len, order_dead;
    /* Despawn log of scripted bullets. */
    bullet_despawn *log;
    uint32_t log_len;
    bullet_pool_stats stats;
    /* bullet_pool_update_workers splits from this many live bullets
     * (BULLET_POOL_SPLIT_MIN at init; benchmarks lower it to time a split). */
    uint32_t split_min;
    void *block;       /* the one allocation behind every array */
    size_t block_size; /* its bytes */
} bullet_pool;

/* Makes a pool of at least `capacity` slots (1 .. BULLET_POOL_MAX_CAPACITY), its
 * cull rectangle the playfield plus PLAYFIELD_CULL_MARGIN. Returns 0, or -1 when
 * the capacity is out of range or memory is short (the pool is then empty and
 * bullet_pool_free is still safe). */
int bullet_pool_init(bullet_pool *p, uint32_t capacity);
void bullet_pool_free(bullet_pool *p);
/* Bullets leaving this rectangle are despawned by the next update. */
void bullet_pool_set_cull_rect(bullet_pool *p, float x0, float y0, float x1, float y1);

/* Spawns a bullet; returns its handle, or BULLET_HANDLE_NONE (and counts a
 * refusal) when the pool is full. */
bullet_handle bullet_pool_spawn(bullet_pool *p, const bullet_spawn *s);
/* Despawns a live bullet now; returns 1, or 0 for a stale handle. */
int bullet_pool_despawn(bullet_pool *p, bullet_handle h, bullet_despawn_reason reason);
/* Despawns every live bullet (except NO_CANCEL ones when keep_no_cancel); returns
 * how many. The same state as despawning them one by one in slot order, a block
 * of 64 at a time: what a cancel of a whole screen needs. */
uint32_t bullet_pool_clear(bullet_pool *p, bullet_despawn_reason reason, int keep_no_cancel);

/* 1 while the handle's bullet lives. */
int bullet_pool_alive(const bullet_pool *p, bullet_handle h);
/* The handle of live slot i (BULLET_HANDLE_NONE if slot i is free). */
bullet_handle bullet_pool_handle(const bullet_pool *p, uint32_t i);
/* What live slot i was spawned with: bullet_spawn.owner, .script (the VM's
 * link, 0 = none), and its spawn serial (1, 2, ... in spawn order, wrapping
 * past 0xffffffff to 1). For a free slot they are stale. */
static inline uint32_t bullet_pool_owner(const bullet_pool *p, uint32_t i)
{
    return p->cold[i].owner;
}
static inline uint32_t bullet_pool_script(const bullet_pool *p, uint32_t i)
{
    return p->cold[i].script;
}
static inline uint32_t bullet_pool_serial(const bullet_pool *p, uint32_t i)
{
    return p->cold[i].serial;
}

/* Channel access for scripts. Setters return 1, or 0 for a stale handle (nothing
 * changes); the getter returns 0 for a stale handle. */
double bullet_pool_get(const bullet_pool *p, bullet_handle h, bullet_channel c);
int bullet_pool_set(bullet_pool *p, bullet_handle h, bullet_channel c, double value);
/* The channel's change per update when it runs at a rate (bullet_pool_set_rate),
 * 0 when it is fixed or tweening, or for a stale handle: what a script's "spin"
 * or "acceleration" reads, without reaching into `track`. */
double bullet_pool_get_rate(const bullet_pool *p, bullet_handle h, bullet_channel c);
/* From the current value to target over `frames` updates (frames <= 0: one). */
int bullet_pool_tween(bullet_pool *p, bullet_handle h, bullet_channel c, double target,
                      int32_t frames);
/* The same along an ease curve (an `ease` of core/ease.h; EASE_LINEAR is
 * bullet_pool_tween). Returns 0 for an unknown ease too. */
int bullet_pool_tween_eased(bullet_pool *p, bullet_handle h, bullet_channel c, double target,
                            int32_t frames, int how);
/* Changes by per_update every update from now on; 0 stops (the value stays). */
int bullet_pool_set_rate(bullet_pool *p, bullet_handle h, bullet_channel c, double per_update);
/* Lifetime from now: despawned by the frames-th next update; 0 = never. */
int bullet_pool_set_lifetime(bullet_pool *p, bullet_handle h, uint32_t frames);
int bullet_pool_set_position(bullet_pool *p, bullet_handle h, float x, float y);
/* Sets then clears game flags (BULLET_FLAG_GRAZED, ...); RESTING is the pool's
 * and stays as it is. Returns 1, or 0 for a stale handle. */
int bullet_pool_set_flags(bullet_pool *p, bullet_handle h, uint8_t set, uint8_t clear);

/* A new look (shape and colour; the hitbox stays) or hitbox radius (0 to
 * BULLET_POOL_MAX_RADIUS px) of a live bullet: what a script's handle changes
 * in flight. Return 1, or 0 for a stale handle or a value out of range. */
#define BULLET_POOL_MAX_RADIUS 1000.0f
int bullet_pool_set_look(bullet_pool *p, bullet_handle h, bullet_shape shape, bullet_color color);
int bullet_pool_set_radius(bullet_pool *p, bullet_handle h, float radius);

/* Style (see STYLE): a channel's value now (1 / 1 for a stale handle), and
 * setting it, now (frames <= 0) or over `frames` updates along `how` (an ease
 * of core/ease.h). Scale is kept to 0..BULLET_POOL_MAX_SCALE, alpha to 0..1.
 * Returns 1, or 0 for a stale handle or an unknown ease. */
#define BULLET_POOL_MAX_SCALE 16.0f
double bullet_pool_get_style(const bullet_pool *p, bullet_handle h, bullet_style_channel c);
int bullet_pool_set_style(bullet_pool *p, bullet_handle h, bullet_style_channel c, double target,
                          int32_t frames, int how);
/* Whether some live bullet has been styled (a renderer's slow path draws the
 * frame then; else every bullet is drawn at scale 1, opaque, by its look). */
int bullet_pool_any_styled(const bullet_pool *p);

/* One update of every live bullet (the two calls below, on one thread). */
void bullet_pool_update(bullet_pool *p);
/* The same in parts: ranges of blocks [first, end) covering
 * [0, bullet_pool_block_end(p)) once (disjoint ranges may run on different
 * threads; nothing else may touch the pool meanwhile), then end. */
void bullet_pool_update_range(bullet_pool *p, uint32_t first_block, uint32_t end_block);
void bullet_pool_update_end(bullet_pool *p);

/* bullet_pool_update with the block ranges split over a worker pool's threads
 * (core/workers.h; NULL: one thread), then bullet_pool_update_end on the
 * caller: the same state for any thread count. Below p->split_min
 * (BULLET_POOL_SPLIT_MIN) live bullets it runs on one thread: waking a thread
 * costs more than it saves there (docs/bench.md, "Scenario `threads`"). */
#define BULLET_POOL_SPLIT_MIN 16384u
void bullet_pool_update_workers(bullet_pool *p, workers *w);

/* The bits of block b's live bullets a cancel takes: those without NO_CANCEL
 * (what bullet_pool_clear with keep_no_cancel releases, a block at a time). */
static inline uint64_t bullet_pool_cancel_bits(const bullet_pool *p, uint32_t b)
{
    const uint8_t *flags = p->flags + (size_t)b * 64;
    return p->alive[b] & ~bitmask_bytes_any(flags, BULLET_FLAG_NO_CANCEL);
}

/* Blocks (of 64 slots) that may hold live bullets, and the slot bound. */
static inline uint32_t bullet_pool_block_end(const bullet_pool *p)
{
    return p->block_end;
}
static inline uint32_t bullet_pool_slot_end(const bullet_pool *p)
{
    return p->block_end * 64u;
}

/* Slots oldest to newest, with BULLET_SLOT_NONE holes; *count entries. */
const uint32_t *bullet_pool_draw_order(const bullet_pool *p, uint32_t *count);

/* Despawned scripted bullets since the last clear. */
const bullet_despawn *bullet_pool_despawned(const bullet_pool *p, uint32_t *count);
void bullet_pool_clear_despawned(bullet_pool *p);

/* Feeds the whole simulation state of the pool to a state hash. */
void bullet_pool_hash(const bullet_pool *p, hasher *hs);
/* Lists the memory that holds the pool's state for a snapshot: each array of
 * its one block, the slot arrays and block bitmaps live up to block_peak, the
 * draw order up to order_len and the despawn log up to log_len (core/memblock.h);
 * the struct is its owner's to list (game/snapshot.h). */
void bullet_pool_blocks(bullet_pool *p, memblock_list *l);

/* Names of the X-macro tables, for traces and the overlay. */
const char *bullet_channel_name(bullet_channel c);
const char *bullet_despawn_reason_name(bullet_despawn_reason r);

#endif
