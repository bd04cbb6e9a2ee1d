/*
 * laser_pool: a fixed-capacity pool of lasers in structure-of-arrays form, and
 * the pass that moves them: the second kind of enemy shot, beside the bullets
 * of bullet_pool.h, kept under the same rules.
 *
 * TWO KINDS.
 *   STRAIGHT  a beam from an origin along a heading: (x, y) is the origin,
 *             `length` and `width` its size. It lives in phases, by its age:
 *               WARN  `warn` frames: a thin translucent line that never hurts;
 *               GROW  LASER_GROW_FRAMES: the beam widens to full width;
 *               ON    `life` frames (0: until cancelled or its firer is gone);
 *               FADE  LASER_FADE_FRAMES: it narrows and goes; never hurts.
 *             Only ON hurts (laser_pool_hurts). The heading turns by `spin`
 *             degrees a frame or a tween; the origin may follow the object
 *             that fired it (`follow`: the host moves it, laser_pool_set_origin).
 *   CURVY     a head that moves like a bullet (heading, speed, spin, accel,
 *             tweens) and a body: the head's last `length` positions, a trail
 *             of nodes fixed in space, tapering at both ends (laser_pool_taper).
 *             ON from its spawn for `life` frames (0: until its whole body has
 *             left the cull rectangle), then FADE. Curvy lasers have no warning.
 *   A player's laser (LASER_FLAG_SHOT, the ship's pool: game/ship_host.h) of
 *   either kind has no WARN and no GROW: it is ON from its spawn for `life`
 *   frames, then fades in LASER_SHOT_FADE_FRAMES, so that a beam fired again
 *   every volley reads as one held beam.
 *
 * NODES. Every curvy laser owns a ring of `node_cap` nodes in one SoA store
 * (node_x, node_y), fixed at init, kept twice over: ring entry r of slot i is
 * at i * 2 * node_cap + r and again node_cap further on, so that any node_cap
 * consecutive entries of the ring are one run of memory (laser_pool_node: the
 * passes over a body read one plain array, never the ring's two pieces). Each
 * update writes the head's new position into the ring's next entry (both
 * copies), so node k (0 = the head) is where the head was k updates ago; the
 * ring keeps one node more than the body's length, the tail node just
 * dropped, so that collision can sweep what the body covered during the
 * frame. Body length is at most node_cap - 1.
 *
 * BOUNDS. box_* hold what a laser covers over the frame: a beam before and
 * after the update, exactly; a curvy trail (body and dropped node) within a
 * box that may be larger: the trail's exact box is worked out on one update
 * in LASER_POOL_BOX_REFRESH (slot i when (frame + i) is a multiple of it) and
 * whenever the head is not inside the cull rectangle, and between those the
 * last box is widened to each new head (the trail only ever loses nodes at
 * its tail, so the box still holds it: at most the last
 * LASER_POOL_BOX_REFRESH - 1 tails more). Readers use the box only to rule
 * lasers out (collision, bombs) before exact tests, so their answers do not
 * change; a cull needs the exact box, which it has (the head is in the trail:
 * while the head is inside the rectangle, the trail is not wholly outside).
 *
 * POOL RULES (as bullet_pool.h). Capacity fixed by laser_pool_init; spawn takes
 * the lowest free slot (a free bitmap searched with count-trailing-zeros), O(1);
 * despawn O(1); a spawn into a full pool is refused and counted
 * (stats.refused). A laser is named by a handle {index, gen}; gen is odd while
 * it lives, so a stale handle is detected (every setter returns 0). Nothing is
 * allocated after init.
 *
 * ONE UPDATE (laser_pool_update), for every live laser:
 *   1. channels step: tweens and rates of heading and speed (exact doubles);
 *      the unit heading (dir_x, dir_y) is recomputed where the heading moved;
 *   2. motion, one branch-free pass over every slot up to the high-water
 *      mark: (x, y) += dir * speed (straight lasers have speed 0);
 *   3. the node pass: each live curvy laser appends its head to its ring, and
 *      the bounds (box_*) of every live laser are kept (BOUNDS);
 *   4. age and phase; despawns (FADE over, or a curvy laser wholly outside the
 *      cull rectangle) with a despawn log entry for scripted lasers.
 * Before step 1, prev_* keep the beam or head as it was, for the swept tests
 * (sim/laser_collision.h).
 *
 * ITERATING. alive[b] has bit k set when slot 64*b + k is live; slots below
 * laser_pool_slot_end(p) are the only candidates. The arrays in the struct
 * are public for reading; write only through the functions below.
 */
#ifndef CURTAIN_SIM_LASER_POOL_H
#define CURTAIN_SIM_LASER_POOL_H

#include "core/hash.h"
#include "core/memblock.h"

#include <stdint.h>

#define LASER_POOL_MAX_CAPACITY (1u << 16)
#define LASER_POOL_MAX_NODES    1024u
#define LASER_GROW_FRAMES       6u   /* WARN to full width */
#define LASER_FADE_FRAMES       12u  /* full width to nothing */
#define LASER_WARN_WIDTH        2.0f /* px: the warning line */
#define LASER_NEVER             0xffffffffu
#define LASER_POOL_BOX_REFRESH  8u /* updates between a trail's exact boxes (BOUNDS) */
#define LASER_SHOT_FADE_FRAMES  4u /* a player's laser (LASER_FLAG_SHOT): full width to nothing */
/* The longest curvy body (nodes) the game's and the viewer's pools hold: their
 * node_cap is one more (game/world.h's WORLD_LASER_NODES), a multiple of
 * LASER_HASH_RING. */
#define LASER_CURVY_MAX_LENGTH  255u
/* The ring the state hash sees (laser_pool_hash): the constant 64 for
 * node_cap, and the ring's phase modulo 64. The hash covers a laser's state,
 * not the pool's storage: the ring starts at 0 at spawn and steps by one an
 * update, and the nodes are hashed in body order, so any node_cap that is a
 * multiple of 64 hashes a body of up to 63 nodes as the pools of 64 entries
 * did, and the replays recorded with those keep their hashes. */
#define LASER_HASH_RING         64u

/* Kinds: id, name (the word after `laser` in a script), letter (what
 * pattern/language/ast.h's AST_CLAUSES table writes for "this clause applies to it").
 * A kind is named here once: the language finds it by name (laser_kind_find),
 * the VM carries it as its id + 1 (pattern/vm/vm.h's VM_LASER_*, 0 a bullet:
 * pattern/objects/laser_object.c checks they agree). */
#define LASER_KINDS(X)           \
    X(STRAIGHT, "straight", 's') \
    X(CURVY, "curvy", 'c')

typedef enum laser_kind {
#define LASER_KIND_ENUM(id, name, letter) LASER_##id,
    LASER_KINDS(LASER_KIND_ENUM)
#undef LASER_KIND_ENUM
    LASER_KIND_COUNT
} laser_kind;

/* Phases: id, name, hurts. */
#define LASER_PHASES(X) \
    X(WARN, "warn", 0)  \
    X(GROW, "grow", 0)  \
    X(ON, "on", 1)      \
    X(FADE, "fade", 0)

typedef enum laser_phase {
#define LASER_PHASE_ENUM(id, name, hurts) LASER_PHASE_##id,
    LASER_PHASES(LASER_PHASE_ENUM)
#undef LASER_PHASE_ENUM
    LASER_PHASE_COUNT
} laser_phase;

/* Motion channels of a laser: heading (deg, 0 up, clockwise) and speed (px per
 * update; a curvy head's). */
typedef enum laser_channel {
    LASER_CHANNEL_HEADING,
    LASER_CHANNEL_SPEED,
    LASER_CHANNEL_COUNT
} laser_channel;

/* Per-laser flags: id, bit, meaning. */
#define LASER_FLAGS(X)                                                                \
    X(NO_CANCEL, 0, "survives cancels (bombs, phase ends)")                           \
    X(FOLLOW, 1, "the origin follows the object that fired it")                       \
    X(SHOT, 2, "the player's: no warning or growth, ON from its spawn, a short fade") \
    X(PIERCE, 3, "the player's: passes through every enemy (else stops at the first)")

typedef enum laser_flag {
#define LASER_FLAG_ENUM(id, bit, meaning) LASER_FLAG_##id = 1u << (bit),
    LASER_FLAGS(LASER_FLAG_ENUM)
#undef LASER_FLAG_ENUM
} laser_flag;

/* Why a laser left the pool: id, name. */
#define LASER_DESPAWN_REASONS(X) \
    X(EXPIRE, "expire")          \
    X(CULL, "cull")              \
    X(CANCEL, "cancel")          \
    X(CLEAR, "clear")

typedef enum laser_despawn_reason {
#define LASER_DESPAWN_ENUM(id, name) LASER_DESPAWN_##id,
    LASER_DESPAWN_REASONS(LASER_DESPAWN_ENUM)
#undef LASER_DESPAWN_ENUM
    LASER_DESPAWN_REASON_COUNT
} laser_despawn_reason;

typedef struct laser_handle {
    uint32_t index;
    uint32_t gen; /* odd while the laser lives */
} laser_handle;

#define LASER_HANDLE_NONE ((laser_handle){0, 0})

/* What a new laser starts with. Zero-initialise and fill what matters. */
typedef struct laser_spawn {
    laser_kind kind;
    float x, y;         /* straight: origin; curvy: head */
    double heading;     /* degrees, 0 = up, clockwise */
    double spin;        /* degrees per update */
    double speed;       /* curvy: px per update */
    double accel;       /* curvy: speed change per update */
    float length;       /* straight: px; curvy: nodes (clamped to 1 .. node_cap - 1) */
    float width;        /* full width, px */
    uint32_t warn;      /* straight: frames of warning */
    uint32_t life;      /* frames ON; 0 = until cancelled (straight) or culled (curvy) */
    uint8_t color;      /* sim/bullet_kind.h colour */
    uint8_t flags;      /* LASER_FLAG_* */
    uint32_t owner;     /* the firer, for follow (the host's handle) */
    float off_x, off_y; /* follow: the origin's offset from the firer */
    uint32_t script;    /* the VM's link, 0 = none */
} laser_spawn;

typedef struct laser_despawn {
    uint32_t script;
    laser_handle handle;
    laser_despawn_reason reason;
    float x, y; /* where it was: a beam's origin, a curvy laser's head */
} laser_despawn;

typedef struct laser_pool_stats {
    uint64_t spawned;
    uint64_t refused; /* spawns refused: the pool was full */
    uint64_t despawned[LASER_DESPAWN_REASON_COUNT];
    uint64_t log_overflow;
    uint32_t peak_live;
} laser_pool_stats;

/* A channel: value, rate per update, and a tween (target, step, updates left).
 * An eased tween (ease: core/ease.h's ease_kind, not LINEAR) goes from `from`
 * to target over `total` updates along its curve instead of by steps; a
 * linear one has ease 0 (and its from and total mean nothing). */
typedef struct laser_track {
    double value, rate, target, step;
    uint32_t left;
    uint8_t ease;
    uint32_t total;
    double from;
} laser_track;

typedef struct laser_pool {
    uint32_t capacity; /* slots, a multiple of 64 */
    uint32_t blocks;
    uint32_t node_cap; /* ring entries per laser */
    uint32_t live;
    uint32_t frame;
    uint32_t block_end;  /* every live slot is below 64 * block_end */
    uint32_t block_peak; /* block_end's highest yet: no ring at or past 64 * it was written */
    float cull_x0, cull_y0, cull_x1, cull_y1;
    /* Hot: motion. */
    float *x, *y;             /* straight: origin; curvy: head */
    float *dir_x, *dir_y;     /* unit heading (sin h, -cos h) */
    float *vel;               /* px per update along the heading (0 for straight) */
    float *off_x, *off_y;     /* follow: the origin's offset from the firer (laser_spawn) */
    float *shift_x, *shift_y; /* moves laser_pool_set_origin asked for, done by the next update */
    float *prev_x, *prev_y, *prev_dx, *prev_dy; /* origin/head and heading before the update */
    /* Read by consumers. */
    float *length, *width; /* straight: px; curvy: nodes; full width */
    /* The frame's bounds (without width): a straight beam before and after the
     * update, a curvy trail (body and dropped node; BOUNDS: maybe larger). */
    float *box_x0, *box_y0, *box_x1, *box_y1;
    uint8_t *kind, *phase, *color, *flags;
    uint32_t *age; /* updates since spawn */
    uint32_t *warn, *life;
    uint32_t *fade_at;      /* age at which FADE began, LASER_NEVER before */
    uint32_t *nodes;        /* curvy: nodes in the body now (head included) */
    uint32_t *ring;         /* curvy: ring index of the head */
    uint32_t *graze_at;     /* frame of the last graze (the host's; hashed) */
    float *node_x, *node_y; /* capacity * 2 * node_cap: each ring twice (NODES) */
    /* The pool's own. */
    laser_track *track; /* capacity * LASER_CHANNEL_COUNT */
    uint32_t *gen, *owner, *script, *serial;
    uint64_t *alive;
    uint64_t *free_bits;
    uint32_t next_serial;
    laser_despawn *log;
    uint32_t log_len;
    uint32_t *turned; /* scratch: the lasers whose heading moved this update */
    laser_pool_stats stats;
    void *block;
    size_t block_size; /* its bytes */
} laser_pool;

/* A pool of `capacity` lasers (1 .. LASER_POOL_MAX_CAPACITY, rounded up to 64),
 * curvy bodies of up to node_cap - 1 nodes (2 .. LASER_POOL_MAX_NODES). Returns
 * 0, or -1 (out of range, out of memory; laser_pool_free is still safe). */
int laser_pool_init(laser_pool *p, uint32_t capacity, uint32_t node_cap);
void laser_pool_free(laser_pool *p);
void laser_pool_set_cull_rect(laser_pool *p, float x0, float y0, float x1, float y1);

laser_handle laser_pool_spawn(laser_pool *p, const laser_spawn *s);
int laser_pool_despawn(laser_pool *p, laser_handle h, laser_despawn_reason reason);
/* Despawns every live laser (except NO_CANCEL ones when keep_no_cancel); how many. */
uint32_t laser_pool_clear(laser_pool *p, laser_despawn_reason reason, int keep_no_cancel);
int laser_pool_alive(const laser_pool *p, laser_handle h);
laser_handle laser_pool_handle(const laser_pool *p, uint32_t i);

/* Channels, as bullet_pool's: set a value, a rate per update, a tween to a
 * target over `frames` updates (<= 0: one). 0 for a stale handle. */
double laser_pool_get(const laser_pool *p, laser_handle h, laser_channel c);
double laser_pool_get_rate(const laser_pool *p, laser_handle h, laser_channel c);
int laser_pool_set(laser_pool *p, laser_handle h, laser_channel c, double value);
int laser_pool_set_rate(laser_pool *p, laser_handle h, laser_channel c, double per_update);
int laser_pool_tween(laser_pool *p, laser_handle h, laser_channel c, double target, int32_t frames);
/* laser_pool_tween along an ease (core/ease.h's ease_kind; LINEAR is
 * laser_pool_tween); 0 for an unknown ease. */
int laser_pool_tween_eased(laser_pool *p, laser_handle h, laser_channel c, double target,
                           int32_t frames, int how);
/* Moves a straight laser's origin or a curvy laser's head to (x, y) with the
 * next update (so the swept tests see the move as this frame's motion). */
int laser_pool_set_origin(laser_pool *p, laser_handle h, float x, float y);
/* Records a graze of live slot i at `frame` (graze_at: the host's rule of how
 * often a laser grazes). */
static inline void laser_pool_mark_grazed(laser_pool *p, uint32_t i, uint32_t frame)
{
    p->graze_at[i] = frame;
}
/* Ends a laser's ON phase now: it fades out (harmless) and goes. */
int laser_pool_fade(laser_pool *p, laser_handle h);

void laser_pool_update(laser_pool *p);

/* Whether live slot i hurts now (its phase is ON). */
static inline int laser_pool_hurts(const laser_pool *p, uint32_t i)
{
    return p->phase[i] == LASER_PHASE_ON;
}
/* Frames laser i fades over: LASER_FADE_FRAMES, a player's LASER_SHOT_FADE_FRAMES. */
static inline uint32_t laser_pool_fade_frames(const laser_pool *p, uint32_t i)
{
    return (p->flags[i] & LASER_FLAG_SHOT) ? LASER_SHOT_FADE_FRAMES : LASER_FADE_FRAMES;
}
/* The width laser i shows now (px): thin while warning, growing, full, fading. */
float laser_pool_width_now(const laser_pool *p, uint32_t i);
/* The taper of a curvy body at node k of n (0 head .. n-1 tail): 0.15..1, 1 in
 * the middle, narrowing over the first and last quarter (at least one node).
 * laser_pool_taper_at takes laser_pool_taper_inv(n), worked out once a body:
 * every caller gets the same floats either way. */
static inline float laser_pool_taper_inv(uint32_t n)
{
    float q = (float)(n - 1) * 0.25f;
    return q < 1.0f ? 1.0f : 1.0f / q;
}
static inline float laser_pool_taper_at(uint32_t k, uint32_t n, float inv)
{
    if (n < 2)
        return 1.0f;
    uint32_t near = k < n - 1 - k ? k : n - 1 - k;
    float t = (float)near * inv;
    return t > 1.0f ? 1.0f : t < 0.15f ? 0.15f : t;
}
float laser_pool_taper(uint32_t k, uint32_t n);
/* Node k (0 = head, k < node_cap) of curvy laser i: its index into node_x /
 * node_y. Nodes k, k - 1, ..., 0 are at that index and the ones after it. */
static inline uint32_t laser_pool_node(const laser_pool *p, uint32_t i, uint32_t k)
{
    return (2 * i + 1) * p->node_cap + p->ring[i] - k;
}
/* The end of straight laser i's beam. */
static inline void laser_pool_beam_end(const laser_pool *p, uint32_t i, float *ex, float *ey)
{
    *ex = p->x[i] + p->dir_x[i] * p->length[i];
    *ey = p->y[i] + p->dir_y[i] * p->length[i];
}

static inline uint32_t laser_pool_block_end(const laser_pool *p)
{
    return p->block_end;
}
static inline uint32_t laser_pool_slot_end(const laser_pool *p)
{
    return p->block_end * 64u;
}
static inline uint32_t laser_pool_owner(const laser_pool *p, uint32_t i)
{
    return p->owner[i];
}
static inline uint32_t laser_pool_script(const laser_pool *p, uint32_t i)
{
    return p->script[i];
}

/* Despawned scripted lasers since the last clear (capacity entries). */
const laser_despawn *laser_pool_despawned(const laser_pool *p, uint32_t *count);
void laser_pool_clear_despawned(laser_pool *p);

/* Feeds the whole simulation state to a state hash. */
void laser_pool_hash(const laser_pool *p, hasher *hs);
/* Lists the memory that holds the pool's state for a snapshot: its one block,
 * whole but for the rings of slots never taken (block_peak: MEMBLOCK_PEAK);
 * the struct is its owner's to list (game/snapshot.h). */
void laser_pool_blocks(laser_pool *p, memblock_list *l);

const char *laser_kind_name(laser_kind k);
/* The kind a script's word names ("straight", "curvy"), or -1. */
int laser_kind_find(const char *name);
/* A kind's letter in the fire clauses' table (pattern/language/ast.h), '?' for none. */
char laser_kind_letter(laser_kind k);
const char *laser_phase_name(laser_phase ph);
const char *laser_despawn_reason_name(laser_despawn_reason r);

#endif
