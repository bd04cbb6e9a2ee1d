/*
 * frame_pacer: one logic tick per displayed frame at 60 Hz (see frame_pacer.h).
 */
#include "platform/frame_pacer.h"

#include <SDL.h>

#define FRAME_PACER_HZ           60
#define FRAME_PACER_PROBE_FRAMES 30
#define FRAME_PACER_SPIN_MS      2

void frame_pacer_init(frame_pacer *fp, int vsync_on, int refresh_hz)
{
    *fp = (frame_pacer){0};
    fp->freq = SDL_GetPerformanceFrequency();
    fp->period = fp->freq / FRAME_PACER_HZ;
    /* Vsync paces us only on a display that refreshes at (about) 60 Hz. */
    int sixty = refresh_hz == 0 || (refresh_hz >= 59 && refresh_hz <= 61);
    fp->use_limiter = !(vsync_on && sixty);
    fp->deadline = SDL_GetPerformanceCounter();
    fp->last_present = fp->deadline;
    fp->fps = FRAME_PACER_HZ;
}

void frame_pacer_wait(frame_pacer *fp)
{
    if (!fp->use_limiter)
        return;
    uint64_t now = SDL_GetPerformanceCounter();
    fp->deadline += fp->period;
    if (now > fp->deadline + fp->period) {
        fp->deadline = now; /* late by over a frame: slow down, never catch up */
        return;
    }
    uint64_t spin = fp->freq * FRAME_PACER_SPIN_MS / 1000;
    if (fp->deadline > now + spin) {
        uint64_t sleep_ms = (fp->deadline - now - spin) * 1000 / fp->freq;
        if (sleep_ms > 0)
            SDL_Delay((Uint32)sleep_ms);
    }
    while (SDL_GetPerformanceCounter() < fp->deadline) {
    }
}

void frame_pacer_presented(frame_pacer *fp)
{
    uint64_t now = SDL_GetPerformanceCounter();
    uint64_t interval = now - fp->last_present;
    fp->last_present = now;
    if (interval > 0) {
        float inst = (float)fp->freq / (float)interval;
        fp->fps += (inst - fp->fps) * 0.05f;
    }
    if (fp->use_limiter || fp->probe_frames < 0)
        return;
    /* Skip the first frame (window setup), then average the next ones. */
    if (fp->probe_frames++ == 0)
        return;
    fp->probe_ticks += interval;
    if (fp->probe_frames <= FRAME_PACER_PROBE_FRAMES)
        return;
    uint64_t mean = fp->probe_ticks / (uint64_t)(fp->probe_frames - 1);
    /* Presents faster than ~70 Hz mean vsync is not holding us to 60. */
    if (mean < fp->freq / 70) {
        fp->use_limiter = 1;
        fp->deadline = now;
    }
    fp->probe_frames = -1; /* decided */
}
