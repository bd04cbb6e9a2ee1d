/*
 * overlay: the performance overlay (F3): live bullets against the pool's
 * capacity and its refused spawns, the time each phase of the frame took, and a
 * graph of the last few seconds of frame times.
 *
 * The loop fills an overlay_stats each frame and pushes the frame's duration;
 * the overlay keeps the history (a fixed ring, no allocation).
 */
#ifndef CURTAIN_RENDER_OVERLAY_H
#define CURTAIN_RENDER_OVERLAY_H

#include "render/atlas_texture.h"

#include <SDL.h>
#include <stdint.h>

/*                      id         label */
#define OVERLAY_PHASES(X)     \
    X(SCRIPTS, "scripts")     \
    X(MOTION, "motion")       \
    X(COLLISION, "collision") \
    X(RENDER, "render")

typedef enum overlay_phase {
#define OVERLAY_PHASE_ENUM(id, label) OVERLAY_PHASE_##id,
    OVERLAY_PHASES(OVERLAY_PHASE_ENUM)
#undef OVERLAY_PHASE_ENUM
    OVERLAY_PHASE_COUNT
} overlay_phase;

/* Four seconds of frames at 60 Hz. */
#define OVERLAY_HISTORY 240

typedef struct overlay_stats {
    int bullets;                /* live now */
    int capacity;               /* of the bullet pool */
    uint64_t refused;           /* spawns refused because the pool was full, so far */
    int lasers, laser_capacity; /* live now, of the laser pool */
    uint64_t laser_refused;     /* lasers refused: the laser pool was full */
    uint64_t script_stops;      /* scripts stopped by the frame's script budget (pattern/vm/vm.h) */
    uint64_t script_refused;    /* scripts that could not start: every runner was busy */
    double phase_ms[OVERLAY_PHASE_COUNT]; /* this frame; negative: not measured */
    const char *method; /* how sprites are drawn (render/sprite_draw.h), or NULL */
} overlay_stats;

typedef struct overlay {
    int visible;
    float frame_ms[OVERLAY_HISTORY];
    int next;   /* where the next duration goes */
    int filled; /* how many are valid */
} overlay;

void overlay_init(overlay *o);
void overlay_toggle(overlay *o);
/* Records one frame's duration (start to start), in milliseconds. */
void overlay_push_frame(overlay *o, float ms);
/* The mean of the last n recorded durations (0 when none). */
float overlay_mean_ms(const overlay *o, int n);
/* Draws the overlay when visible. */
void overlay_draw(const overlay *o, SDL_Renderer *r, const atlas_texture *at,
                  const overlay_stats *s);

#endif
