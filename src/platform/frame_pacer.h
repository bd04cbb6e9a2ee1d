/*
 * frame_pacer: holds the loop to one logic tick per displayed frame at 60 Hz.
 *
 * With vsync on a 60 Hz display, presenting blocks until the next refresh and the
 * pacer only watches. It measures the first frames: if presents come back much
 * faster than 60 Hz (no real vsync, a 144 Hz display, a virtual screen), it falls
 * back to its own limiter, which sleeps to within a millisecond of the deadline
 * and spins the rest. A frame that runs late is not caught up: the next deadline
 * starts from now, so heavy load slows the game down instead of skipping logic.
 */
#ifndef CURTAIN_PLATFORM_FRAME_PACER_H
#define CURTAIN_PLATFORM_FRAME_PACER_H

#include <stdint.h>

typedef struct frame_pacer {
    uint64_t freq;     /* performance-counter ticks per second */
    uint64_t period;   /* ticks per frame */
    uint64_t deadline; /* when the next frame may start (limiter) */
    uint64_t last_present;
    uint64_t probe_ticks; /* sum of measured present intervals */
    int probe_frames;     /* how many were measured */
    int use_limiter;      /* 1: sleep to the deadline; 0: trust vsync */
    float fps;            /* smoothed frames per second, for display */
} frame_pacer;

/* vsync_on: the renderer was created with vsync. refresh_hz: the display's rate (0 = unknown). */
void frame_pacer_init(frame_pacer *fp, int vsync_on, int refresh_hz);
/* Waits until the next frame may start. Call before sampling input. */
void frame_pacer_wait(frame_pacer *fp);
/* Records that a frame was presented. */
void frame_pacer_presented(frame_pacer *fp);

#endif
