/*
 * laser_collision: the player's hitbox and graze circle against the lasers of
 * a laser_pool, swept along the frame's motion of both.
 *
 * A straight laser is a capsule (its beam, radius half its width now); a curvy
 * laser a chain of capsules along its nodes, each of the half width its taper
 * gives at its wider end. The player is a circle moving in a straight line
 * from (x - dx, y - dy) to (x, y) during the frame.
 *
 * SWEEPING A MOVING CAPSULE. A beam's two ends move (the origin follows its
 * firer; the heading turns) by mA and mB during the frame, and every point
 * between them by the blend of the two. The test takes the beam as moving by
 * the mean m = (mA + mB) / 2 (relative to it the circle moves dc - m: one
 * segment against another, exact) and widens the reach by |mA - mB| / 2, the
 * most any point of the beam strays from that mean motion. So it may call a
 * near miss a hit, never a hit a miss; to keep the slack small, a beam whose
 * ends move apart by more than 2 * LASER_COLLISION_SLACK is cut into pieces
 * (each with its own ends' motions) until each piece's slack is at most
 * LASER_COLLISION_SLACK px (at most LASER_COLLISION_MAX_PIECES pieces; past
 * that the slack grows, still toward a hit). Nothing tunnels at any speed.
 *
 * A curvy body is a trail: its nodes stay where the head left them, and a
 * frame adds a node at the head and drops one at the tail. The chain tested is
 * the body plus the node just dropped (laser_pool.h keeps it), fixed, against
 * the circle's whole path: exact.
 *
 * Only lasers whose phase hurts (laser_pool_hurts: ON) are hits or grazes.
 * Each laser's bounds over the frame (a box that holds them: laser_pool.h,
 * BOUNDS), widened by its reach and the player's motion, reject it first
 * (four compares); a curvy body's segments are then
 * screened four at a time against the probe's path, the exact test only for
 * those near it. One probe against a few thousand lasers needs no grid: a
 * grid built every frame was measured slower (docs/bench.md, "Scenario
 * `lasers`").
 */
#ifndef CURTAIN_SIM_LASER_COLLISION_H
#define CURTAIN_SIM_LASER_COLLISION_H

#include "sim/collision.h"
#include "sim/laser_pool.h"

#define LASER_COLLISION_SLACK      0.25f
#define LASER_COLLISION_MAX_PIECES 64

/* A circle moving (dx, dy) this frame to end at (x, y). */
typedef struct laser_probe {
    float x, y, dx, dy;
    float hit_radius, graze_radius; /* graze_radius 0: no grazes */
} laser_probe;

/* Squared distance between segments [p, q] and [a, b]. */
float laser_collision_seg_dist2(float px, float py, float qx, float qy, float ax, float ay,
                                float bx, float by);

/* A circle of radius r moving from c0 by dc against the segment [a0, b0] whose
 * ends move by ma and mb, of reach `half` (the capsule's radius): 1 when they
 * touch at some moment of the frame (see SWEEPING above: may err toward 1 by
 * at most LASER_COLLISION_SLACK px while the ends' motions differ by less than
 * 2 * MAX_PIECES * SLACK). */
int laser_collision_capsule(const float c0[2], const float dc[2], float r, const float a0[2],
                            const float b0[2], const float ma[2], const float mb[2], float half);

/* 1 when the probe's circle of radius r touches the body of live curvy laser i
 * (node chain, trail and taper) at some moment of the frame. */
int laser_collision_curvy(const laser_pool *p, uint32_t i, const laser_probe *q, float r);
/* The same for live straight laser i, swept from its beam before the update
 * (prev_*) to after. */
int laser_collision_straight(const laser_pool *p, uint32_t i, const laser_probe *q, float r);

/* Every live laser that hurts and touches the hitbox goes into hits, every one
 * touching the graze circle into grazes (either may be NULL), in slot order;
 * full lists refuse and count. */
void laser_collision_player(const laser_pool *p, const laser_probe *q, collision_list *hits,
                            collision_list *grazes);
/* The same over the live lasers whose bit is set in `among` too (a bitmap of
 * laser_pool_block_end(p) words, as alive): what a broadphase found. */
void laser_collision_player_among(const laser_pool *p, const uint64_t *among, const laser_probe *q,
                                  collision_list *hits, collision_list *grazes);

/* Every live laser (but NO_CANCEL ones when skip_no_cancel) with some part
 * within radius r of (x, y), at the end of the frame: a bomb's circle. */
void laser_collision_area(const laser_pool *p, float x, float y, float r, int skip_no_cancel,
                          collision_list *out);

#endif
