/*
 * art_icon: the application icon (the desktop's menu entry, replay files, the package).
 *
 * The player's ship in a ring of eight orbs, one of each bullet colour, on a
 * rounded night-blue tile: what the game is about at a glance. The picture is
 * designed on a 64-unit square and scaled to each size, so every size is drawn
 * from the shapes themselves, never resampled.
 */
#include "art.h"

#include "core/trig.h"

#include <math.h>

#define ICON_DESIGN 64.0

rgba art_icon_shade(vec2 p, const void *user)
{
    const int *size = user;
    double k = ICON_DESIGN / *size; /* design units per pixel */
    vec2 q = paint_v(p.x * k, p.y * k);

    /* The tile: a vertical night gradient with a faint lit rim. */
    double d_tile = sd_box(q, 30.0, 30.0, 9.0);
    rgba sky = paint_mix(paint_rgb(34, 30, 92, 1.0), paint_rgb(8, 8, 30, 1.0),
                         paint_clamp((q.y + 30.0) / 60.0, 0.0, 1.0));
    rgba c = paint_over(sky, paint_fade(paint_rgb(120, 110, 220, 1.0),
                                        0.6 * paint_stroke((d_tile + 0.8) / k, 0.5)));

    /* Eight orbs around the ship, red at the top, going clockwise. */
    for (int i = 0; i < BULLET_COLOR_COUNT; i++) {
        double s, co;
        trig_sincos(-PAINT_PI / 2 + i * (2.0 * PAINT_PI / BULLET_COLOR_COUNT), &s, &co);
        vec2 at = paint_v((q.x - 22.0 * co) / 0.9, (q.y - 22.0 * s) / 0.9);
        if (fabs(at.x) > 9.0 || fabs(at.y) > 9.0)
            continue;
        art_bullet orb = {BULLET_SHAPE_ORB, (bullet_color)i, 16};
        c = paint_over(c, art_bullet_shade(at, &orb));
    }

    /* The ship, nose up, a little larger than in the game. */
    art_sprite ship = {ATLAS_SPRITE_PLAYER, 0, 3};
    vec2 sp = paint_v(q.x / 0.95, (q.y - 1.0) / 0.95);
    if (fabs(sp.x) < 17.0 && fabs(sp.y) < 21.0)
        c = paint_over(c, art_sprite_shade(sp, &ship));
    /* Everything is cut to the tile, its edge smoothed over half a pixel. */
    return paint_fade(c, paint_fill(d_tile / k));
}
