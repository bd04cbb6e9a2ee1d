/*
 * look_anim: which frame of an animated look (pattern/content/art.h: `shape NAME ...
 * frames N every F [once]`) an object shows at a given age.
 *
 * Shared by the pattern library (its tests) and the renderer (render/atlas.h),
 * so both answer alike. A look is presentation: the frame picked here is only
 * drawn, never hashed, so a shape that animates leaves replays as they were.
 */
#ifndef CURTAIN_SIM_LOOK_ANIM_H
#define CURTAIN_SIM_LOOK_ANIM_H

#include <stdint.h>

/* The frame (0..frames-1) an object of age `age` ticks shows: frame
 * age / every, wrapping round, or with once held on the last. Any input is
 * safe: a negative age counts as 0, frames below 2 or every below 1 give 0. */
static inline int look_anim_frame(int frames, int every, int once, int64_t age)
{
    if (frames <= 1 || every < 1 || age < 0)
        return 0;
    int64_t q = age / every;
    if (once)
        return q >= frames - 1 ? frames - 1 : (int)q;
    return (int)(q % frames);
}

#endif
