/*
 * render_bench: the `curtain bench render` scenario.
 *
 * Draws a realistic mix of bullets (every shape, about 40% of them turning with
 * their heading) into the field of a 640x480 target, from 1k to 200k bullets:
 *  - how long the batcher takes to build vertex arrays and rectangle lists;
 *  - for every back end it can open (the software renderer on a plain surface
 *    always; the window renderers when there is a display), how long each way of
 *    submitting takes (geometry, copy, blit; render/sprite_draw.h), against the
 *    naive baseline of one SDL_RenderCopy per bullet, measured in the same run;
 *  - the CPU blitter's code paths side by side;
 *  - for every back end, the laser scene of `bench lasers` (and a tenth of it)
 *    drawn as the game draws lasers: one SDL_RenderGeometryRaw of the mesh,
 *    against the strip rasterizer on the read-back area.
 * Submission is timed until the pixels are done (a one-pixel read-back waits
 * for a GPU). docs/bench.md says what each figure means.
 */
#ifndef CURTAIN_RENDER_RENDER_BENCH_H
#define CURTAIN_RENDER_RENDER_BENCH_H

#include "bench/bench.h"
#include "bench/bench_sweep.h"

/* Runs the scenario; returns 0, or -1 when memory for it could not be had. */
int render_bench_run(bench *b);

/* --sweep render: vertex building on one thread and two, and the software blit. */
extern const bench_sweeper render_bench_sweeper;

#endif
