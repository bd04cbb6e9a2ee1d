/*
 * frame_bench: whole game frames. `curtain bench frame10k`, `frame100k`,
 * `frame1m` (and `frame`: all three), `storm`, and `--sweep frame`.
 *
 * The frame is the game's own: world_step of game/world.h on a world sized for
 * the count (world_init_sized), running a bench stage written in the pattern
 * language (frame_bench_stage_source): emitter enemies on a grid over the top
 * three quarters of the field fire rings of four bullet kinds every frame (one
 * of them turning), each bullet living FRAME_BENCH_LIFE frames, so that the
 * field holds about the count once a lifetime has passed. Every phase of the
 * frame runs: scripts (the VM, spawning), motion (both pools), collision (shots
 * against enemies, the player's hits and grazes, swept) and resolve (grazes,
 * items, score); the player is invulnerable and does not move, so the stage
 * never ends. Rendering is optional and timed apart: the sprite batch's vertex
 * loop over the pool's draw order.
 *
 * The naive baseline does the same work the way a first engine would: one
 * mem_alloc'd object per bullet behind a list of pointers, a heading in degrees
 * turned into a vector with libm's sinf/cosf every frame, expired and culled
 * objects freed and the list closed up, every bullet tested against the player
 * with a square root; spawns from a C loop (no scripts). It runs in the same
 * process, on the same counts, spawn rate and lifetimes.
 *
 * The storm: the same stage with a `clear` (every enemy bullet cancelled into
 * star items, in one frame) every FRAME_BENCH_STORM_CYCLE frames, on the game's
 * own capacity (WORLD_BULLETS, a full screen of the real game) and on 100k; its
 * table compares the cancel frames with the median frame.
 *
 * Everything is deterministic: fixed seeds, fixed frame counts; the world's
 * state hash after a run is the same on every run and for any thread count
 * (frame_bench_hash, which the tests call).
 */
#ifndef CURTAIN_BENCH_FRAME_BENCH_H
#define CURTAIN_BENCH_FRAME_BENCH_H

#include "bench/bench.h"
#include "bench/bench_sweep.h"

#include <stddef.h>
#include <stdint.h>

#define FRAME_BENCH_LIFE        240 /* frames a bullet lives (4 s) */
#define FRAME_BENCH_QUICK_LIFE  30
#define FRAME_BENCH_STORM_LIFE  120
#define FRAME_BENCH_STORM_CYCLE 180 /* a clear every 3 s */

/* The bench stage's source for about `bullets` live bullets living `life`
 * frames; with clear_every > 0 the stage cancels every bullet that often.
 * Returns its length, or -1 when it does not fit out. */
int frame_bench_stage_source(char *out, size_t size, uint32_t bullets, int life, int clear_every);

/* The stress stage of the game's stress mode (src/ui/stress.c): emitters as in
 * the bench stage, their rate multiplied by FRAME_BENCH_STRESS_GROWTH every
 * half second, from about FRAME_BENCH_STRESS_START live bullets. Returns its
 * length, or -1 when it does not fit out. */
#define FRAME_BENCH_STRESS_EMITTERS 32
#define FRAME_BENCH_STRESS_START    2000
#define FRAME_BENCH_STRESS_GROWTH   1.12
int frame_bench_stress_source(char *out, size_t size);

/* Issue 32's target at 1M: the frame and the instance build together, on one
 * core (ms). */
#define FRAME_BENCH_1M_MS 2.5

/* Runs `frames` frames of the bench stage at `bullets` (world threads: 1 to
 * WORKERS_MAX, splitting at any size) and gives the world's state hash and
 * live bullets.
 * Returns 0, or -1 out of memory or when the stage does not compile. */
int frame_bench_hash(uint32_t bullets, int life, int frames, int threads, uint64_t *hash,
                     uint32_t *live);

/* The scenarios frame10k, frame100k, frame1m, frame (the three) and storm.
 * Each returns 0, or -1 out of memory or when the stage does not compile. */
int frame_bench_run_10k(bench *b);
int frame_bench_run_100k(bench *b);
int frame_bench_run_1m(bench *b);
int frame_bench_run_all(bench *b);
int frame_bench_run_storm(bench *b);

/* --sweep frame: the whole frame on one thread and two, and the naive baseline. */
extern const bench_sweeper frame_bench_sweeper;

#endif
