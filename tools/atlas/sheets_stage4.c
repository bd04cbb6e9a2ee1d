/*
 * sheets_stage4: draws stage 4's pictures ("the sea of clouds above the
 * spire", patterns/stage4/) in code, as every picture of curtain is drawn,
 * into patterns/stage4/art/:
 *
 *   sprites.png    the looks (art shapes of patterns/stage4/0_art.pat):
 *                  s4_gust         48x48, 4 frames  a small wind spirit in a swirl
 *                  s4_raincloud    64x56, 2 frames  a raincloud with two blue eyes, raining
 *                  s4_thunderhead  96x80, 2 frames  a storm cloud, lightning inside
 *                  s4_hayate       96x96, 2 frames  a jade whirlwind with wind-sickles
 *                  s4_ikazuchi   112x112, 2 frames  a ring of drums round a thunder drum
 *   hayate.png     1024x384: Hayate's four 256x384 busts (normal, smile,
 *                  angry, surprised)
 *   ikazuchi.png   1024x384: Ikazuchi's four (normal, smile, angry, surprised)
 *   clouds.png     256x256  the sea of clouds, tiling both ways
 *   rain.png       128x128  slanting rain streaks, tiling (additive)
 *   bolt.png       128x256  a fork of lightning and its glow, placed (additive)
 *   vortex.png     256x256  the eye of the storm, a spiral of cloud, tiling
 *
 * Pictures are shaders (tools/atlas/paint.h: signed distances, supersampled);
 * the tiles are periodic noise, so they scroll without a seam. The backdrop's
 * sheets are dark and soft on purpose: the field's bullets are drawn over them.
 *
 * usage: sheets_stage4 DIR   (`cmake --build BUILD --target sheets_stage4_art`)
 */
#include "core/trig.h"
#include "paint.h"

#include <SDL.h>
#include <SDL_image.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../tool_args.h"

/* A picture being drawn: straight RGBA bytes. */
typedef struct sheet {
    int w, h;
    uint8_t *px;
} sheet;

static int sheet_new(sheet *s, int w, int h)
{
    s->w = w;
    s->h = h;
    s->px = calloc((size_t)w * (size_t)h, 4);
    return s->px ? 0 : -1;
}

/* Saves s as DIR/NAME; 0 on success. */
static int sheet_save(const sheet *s, const char *dir, const char *name)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    SDL_Surface *out =
        SDL_CreateRGBSurfaceWithFormatFrom(s->px, s->w, s->h, 32, s->w * 4, SDL_PIXELFORMAT_RGBA32);
    int rc = out ? IMG_SavePNG(out, path) : -1;
    if (out)
        SDL_FreeSurface(out);
    if (rc)
        fprintf(stderr, "sheets_stage4: cannot write %s: %s\n", path, SDL_GetError());
    return rc;
}

/* Paints shader f into the w x h cell of s at (x, y). */
static void sheet_paint(sheet *s, int x, int y, int w, int h, paint_shader f, const void *user)
{
    paint_frame(s->px + ((size_t)y * (size_t)s->w + (size_t)x) * 4, s->w * 4, w, h, 0.0, f, user);
}

/* ---- drawing helpers ---------------------------------------------------- */

static vec2 mirror_x(vec2 p)
{
    return paint_v(fabs(p.x), p.y);
}

/* A shape d in colour c with a dark outline of width w around it. */
static rgba inked(rgba c, rgba fill, double d, double w, rgba ink)
{
    c = paint_over(c, paint_fade(ink, paint_fill(d - w)));
    return paint_over(c, paint_fade(fill, paint_fill(d)));
}

/* A vertical gradient from top (at y0) to bottom (at y1). */
static rgba vgrad(rgba top, rgba bottom, double y, double y0, double y1)
{
    return paint_mix(top, bottom, paint_smoothstep(y0, y1, y));
}

/* A puffy cloud: the union of n circles (x, y, r), as a distance. */
static double puffs(vec2 p, const double (*c)[3], int n)
{
    double d = 1e9;
    for (int i = 0; i < n; i++)
        d = fmin(d, sd_circle(paint_v(p.x - c[i][0], p.y - c[i][1]), c[i][2]));
    return d;
}

/* A jagged bolt through the points given (a chain of thin capsules). */
static double bolt(vec2 p, const vec2 *v, int n, double w)
{
    double d = 1e9;
    for (int i = 0; i + 1 < n; i++)
        d = fmin(d, sd_segment(p, v[i], v[i + 1], w * (1.0 - 0.5 * i / (double)n)));
    return d;
}

/* A spiral arm: the distance from p to the curve angle = a0 + k * r. */
static double spiral(vec2 p, double a0, double k, double r0, double r1, double w)
{
    double r = paint_len(p);
    if (r < r0 - w || r > r1 + w)
        return 1e9;
    double ang = trig_atan2(p.y, p.x) - a0 - k * r;
    double t = ang / (2 * PAINT_PI);
    t -= floor(t + 0.5);
    double along = paint_clamp((r - r0) / (r1 - r0), 0, 1);
    return fabs(t) * 2 * PAINT_PI * r - w * (1.0 - along * 0.8);
}

/* A tomoe (a comma): a round head at angle a on radius rr, its tail curling
 * round the circle's edge; three make a mitsudomoe. */
static double tomoe(vec2 p, double a, double rr, double head)
{
    vec2 q = paint_rotate(p, -a);
    double h = sd_circle(paint_v(q.x - rr, q.y), head);
    /* the tail: a crescent between the circle of radius rr + head and one
     * shifted toward the head */
    double outer = sd_circle(q, rr + head);
    double inner = sd_circle(paint_v(q.x - head * 0.9, q.y + head * 0.6), rr + head * 0.2);
    double tail = fmax(fmax(outer, -inner), -q.y - head * 0.2);
    tail = fmax(tail, q.x < -rr * 0.2 ? 1e9 : -1e9);
    return fmin(h, tail);
}

static const double eye_white[3] = {250, 250, 255};

/* ---- the looks ---------------------------------------------------------- */

/* s4_gust: a small wind spirit, a pale cyan puff with two dark eyes, three
 * streaks of wind curling round it; each frame the swirl turns a quarter of
 * an arm's spacing. */
static rgba look_gust(vec2 p, const void *user)
{
    int frame = *(const int *)user;
    double turn = frame * (2 * PAINT_PI / 3) / 4;
    double d = paint_len(p);
    rgba c = paint_fade(paint_rgb(120, 230, 255, 1.0), 0.35 * paint_glow(d - 8.0, 14.0));
    for (int i = 0; i < 3; i++) {
        double arm = spiral(p, turn + i * 2 * PAINT_PI / 3, -0.11, 9.0, 22.0, 2.6);
        double fade = 1.0 - paint_smoothstep(12.0, 23.0, d);
        c = paint_over(c,
                       paint_fade(paint_rgb(20, 60, 90, 1.0), 0.8 * fade * paint_fill(arm - 1.0)));
        rgba col = paint_mix(paint_rgb(255, 255, 255, 1.0), paint_rgb(80, 210, 255, 1.0),
                             paint_smoothstep(9.0, 22.0, d));
        c = paint_over(c, paint_fade(col, fade * paint_fill(arm)));
    }
    double body = sd_circle(paint_v(p.x, p.y - 0.5), 8.5);
    rgba skin = paint_mix(paint_rgb(255, 255, 255, 1.0), paint_rgb(110, 200, 240, 1.0),
                          paint_smoothstep(-8.0, 9.0, p.y + p.x * 0.4));
    c = inked(c, skin, body, 1.2, paint_rgb(20, 50, 80, 1.0));
    vec2 m = mirror_x(p);
    double eyes = sd_ellipse(paint_v(m.x - 3.2, p.y + 0.5), 1.4, 2.2);
    return paint_over(c, paint_fade(paint_rgb(16, 30, 60, 1.0), paint_fill(eyes)));
}

/* s4_raincloud: a round raincloud, grey-blue with a lighter top, two glowing
 * blue eyes, and rain streaking from its underside (the streaks move down
 * between the frames). */
static rgba look_raincloud(vec2 p, const void *user)
{
    int frame = *(const int *)user;
    static const double blobs[6][3] = {{-14, -2, 12}, {0, -9, 14}, {14, -3, 11},
                                       {-22, 6, 8},   {22, 6, 8},  {0, 4, 13}};
    rgba c = {0, 0, 0, 0};
    /* the rain below it */
    for (int i = 0; i < 6; i++) {
        double x0 = -18 + i * 7.2, y0 = 14 + ((i * 5 + frame * 6) % 11);
        double streak = sd_segment(p, paint_v(x0, y0), paint_v(x0 - 2.0, y0 + 7.0), 0.8);
        c = paint_over(c, paint_fade(paint_rgb(140, 190, 255, 1.0), 0.8 * paint_fill(streak)));
    }
    double cloud = puffs(p, blobs, 6);
    cloud = fmax(cloud, p.y - 14.0);
    rgba grey = vgrad(paint_rgb(200, 214, 236, 1.0), paint_rgb(70, 84, 120, 1.0), p.y, -20, 14);
    c = inked(c, grey, cloud, 1.4, paint_rgb(24, 28, 52, 1.0));
    /* a soft inner shade where the puffs meet */
    c = paint_over(c, paint_fade(paint_rgb(60, 70, 110, 1.0),
                                 0.35 * paint_fill(cloud + 6.0) * paint_smoothstep(-4, 10, p.y)));
    vec2 m = mirror_x(p);
    double eye = sd_ellipse(paint_v(m.x - 6.0, p.y - 2.0), 2.6, 3.2);
    c = paint_over(c, paint_fade(paint_rgb(80, 180, 255, 1.0), 0.6 * paint_glow(eye, 3.0)));
    c = paint_over(c, paint_fade(paint_rgb(220, 245, 255, 1.0), paint_fill(eye)));
    return paint_over(c, paint_fade(paint_rgb(20, 40, 90, 1.0),
                                    paint_fill(sd_circle(paint_v(m.x - 6.0, p.y - 1.6), 1.2))));
}

/* s4_thunderhead: a great storm cloud, its anvil top spread, dark violet
 * below, with angry yellow eyes; lightning crackles inside it on the second
 * frame and the eyes flare. */
static rgba look_thunderhead(vec2 p, const void *user)
{
    int frame = *(const int *)user;
    static const double blobs[9][3] = {{-28, 4, 14}, {-12, -6, 18}, {8, -10, 19},
                                       {26, 0, 15},  {38, 10, 9},   {-38, 12, 9},
                                       {0, 10, 18},  {-20, 16, 11}, {20, 16, 11}};
    rgba c = paint_fade(paint_rgb(150, 110, 255, 1.0),
                        (frame ? 0.45 : 0.22) * paint_glow(paint_len(p) - 26.0, 16.0));
    /* the anvil: a flat wedge on top */
    vec2 anvil[4] = {{-44, -18}, {44, -22}, {22, -10}, {-20, -8}};
    double cloud = fmin(puffs(p, blobs, 9), sd_polygon(p, anvil, 4) - 2.0);
    cloud = fmax(cloud, p.y - 26.0);
    rgba body = vgrad(paint_rgb(150, 140, 190, 1.0), paint_rgb(40, 30, 70, 1.0), p.y, -24, 24);
    c = inked(c, body, cloud, 1.6, paint_rgb(14, 10, 30, 1.0));
    c = paint_over(c, paint_fade(paint_rgb(30, 20, 60, 1.0),
                                 0.4 * paint_fill(cloud + 8.0) * paint_smoothstep(-6, 14, p.y)));
    /* lightning inside */
    vec2 z1[5] = {{-30, -4}, {-18, 4}, {-24, 10}, {-10, 18}, {-14, 24}};
    vec2 z2[5] = {{30, -8}, {20, 0}, {27, 6}, {14, 14}, {18, 24}};
    double zig = fmin(bolt(p, z1, 5, 1.3), bolt(p, z2, 5, 1.3));
    double lit = frame ? 1.0 : 0.25;
    c = paint_over(c, paint_fade(paint_rgb(255, 240, 120, 1.0), lit * 0.7 * paint_glow(zig, 6.0)));
    c = paint_over(c, paint_fade(paint_rgb(255, 255, 220, 1.0), lit * paint_fill(zig)));
    /* the eyes: slanted, glowing */
    vec2 m = mirror_x(p);
    vec2 e = paint_rotate(paint_v(m.x - 10.0, p.y - 4.0), 0.35);
    double eye = fmax(sd_ellipse(e, 6.0, 3.0), -e.y - 1.0 - 0.0);
    c = paint_over(
        c, paint_fade(paint_rgb(255, 210, 60, 1.0), (frame ? 0.9 : 0.5) * paint_glow(eye, 4.0)));
    return paint_over(c, paint_fade(paint_rgb(255, 250, 200, 1.0), paint_fill(eye)));
}

/* s4_hayate: the gale runner as she flies: a jade whirlwind ring round a
 * bright core and four wind-sickles whirling about it; the sickles turn an
 * eighth between the frames. */
static rgba look_hayate(vec2 p, const void *user)
{
    int frame = *(const int *)user;
    double d = paint_len(p);
    rgba c = paint_fade(paint_rgb(120, 255, 190, 1.0), 0.3 * paint_glow(d - 20.0, 22.0));
    /* the whirlwind ring */
    for (int i = 0; i < 4; i++) {
        double arm = spiral(p, i * PAINT_PI / 2 + frame * PAINT_PI / 8, -0.06, 14.0, 34.0, 3.0);
        rgba col = paint_mix(paint_rgb(230, 255, 240, 1.0), paint_rgb(40, 190, 130, 1.0),
                             paint_smoothstep(14.0, 34.0, d));
        c = inked(c, col, arm, 1.0, paint_rgb(10, 60, 50, 1.0));
    }
    /* four sickles of wind about her */
    for (int i = 0; i < 4; i++) {
        double a = i * PAINT_PI / 2 + PAINT_PI / 4 + frame * PAINT_PI / 4;
        vec2 q = paint_rotate(p, -a);
        q.x -= 38.0;
        double blade = fmax(sd_circle(q, 9.0), -sd_circle(paint_v(q.x - 4.0, q.y + 3.0), 8.5));
        c = inked(c, paint_rgb(200, 255, 220, 1.0), blade, 1.0, paint_rgb(10, 70, 50, 1.0));
    }
    /* the core */
    double core = sd_circle(p, 11.0);
    rgba jade = paint_mix(paint_rgb(250, 255, 250, 1.0), paint_rgb(40, 170, 110, 1.0),
                          paint_smoothstep(-10.0, 12.0, p.x * 0.5 + p.y));
    c = inked(c, jade, core, 1.4, paint_rgb(10, 60, 40, 1.0));
    double gem = sd_star(p, 4, 6.0, 2.2, frame * PAINT_PI / 4);
    return paint_over(c, paint_fade(paint_rgb(255, 255, 230, 1.0), paint_fill(gem)));
}

/* s4_ikazuchi: the thunder drummer's ring: eight taiko drums on a ring of
 * rope round a great drum whose head bears a mitsudomoe, zigzags of
 * lightning leaping out between the drums; on the second frame the bolts
 * flash and the drums glow as they are struck. */
static rgba look_ikazuchi(vec2 p, const void *user)
{
    int frame = *(const int *)user;
    double d = paint_len(p);
    double lit = frame ? 1.0 : 0.4;
    rgba c = paint_fade(paint_rgb(200, 150, 255, 1.0), 0.35 * paint_glow(d - 30.0, 24.0));
    /* bolts between the drums, out of the ring */
    for (int i = 0; i < 8; i++) {
        double a = (i + 0.5) * PAINT_PI / 4 + (frame ? PAINT_PI / 8 : 0);
        vec2 q = paint_rotate(p, -a);
        vec2 z[4] = {{30, 0}, {40, 5}, {45, -4}, {54, 2}};
        double b = bolt(q, z, 4, 1.3);
        c = paint_over(c, paint_fade(paint_rgb(255, 230, 90, 1.0), lit * 0.6 * paint_glow(b, 5.0)));
        c = paint_over(c, paint_fade(paint_rgb(255, 255, 210, 1.0), lit * paint_fill(b)));
    }
    /* the rope ring */
    double rope = fabs(d - 40.0) - 2.2;
    c = inked(c, paint_rgb(230, 70, 60, 1.0), rope, 1.0, paint_rgb(40, 10, 20, 1.0));
    /* the eight drums */
    for (int i = 0; i < 8; i++) {
        double a = i * PAINT_PI / 4;
        vec2 q = paint_rotate(p, -a);
        q.x -= 40.0;
        double drum = sd_circle(q, 9.0);
        rgba wood = paint_mix(paint_rgb(170, 60, 40, 1.0), paint_rgb(90, 26, 30, 1.0),
                              paint_smoothstep(-9, 9, q.y));
        c = inked(c, wood, drum, 1.2, paint_rgb(30, 8, 12, 1.0));
        double head = sd_circle(q, 6.2);
        rgba skin = paint_mix(paint_rgb(255, 244, 220, 1.0), paint_rgb(255, 220, 120, 1.0),
                              frame ? 0.6 : 0.0);
        c = paint_over(c, paint_fade(skin, paint_fill(head)));
        double mark = sd_circle(q, 2.2);
        c = paint_over(c, paint_fade(paint_rgb(120, 40, 140, 1.0), paint_fill(mark)));
    }
    /* the great drum in the middle, its head a mitsudomoe */
    double big = sd_circle(p, 24.0);
    c = inked(c, paint_rgb(110, 40, 120, 1.0), big, 1.6, paint_rgb(20, 6, 30, 1.0));
    double rim = fabs(d - 21.5) - 1.0;
    c = paint_over(c, paint_fade(paint_rgb(255, 210, 90, 1.0), paint_fill(rim)));
    double head = sd_circle(p, 19.5);
    rgba skin = paint_mix(paint_rgb(255, 248, 230, 1.0), paint_rgb(240, 210, 160, 1.0),
                          paint_smoothstep(-18, 18, p.x + p.y));
    c = paint_over(c, paint_fade(skin, paint_fill(head)));
    double tm = 1e9;
    for (int i = 0; i < 3; i++)
        tm = fmin(tm, tomoe(p, i * 2 * PAINT_PI / 3 + (frame ? 0.4 : 0.0), 8.0, 5.0));
    tm = fmax(tm, d - 18.0);
    return paint_over(c, paint_fade(paint_rgb(150, 30, 60, 1.0), paint_fill(tm)));
}

/* ---- the portraits ------------------------------------------------------ */

enum {
    WHO_HAYATE,
    WHO_IKAZUCHI
};
enum {
    MOOD_NORMAL,
    MOOD_SMILE,
    MOOD_SURPRISED,
    MOOD_ANGRY
};

typedef struct face {
    int who, mood;
} face;

static const rgba *ink_of(void)
{
    static rgba ink;
    ink = paint_rgb(34, 20, 36, 1.0);
    return &ink;
}

/* An eye at (ex, ey) (side -1 left, 1 right) in the mood given, over c. */
static rgba eye(rgba c, vec2 p, double ex, double ey, int side, int mood, rgba iris_hi,
                rgba iris_lo)
{
    rgba ink = *ink_of();
    vec2 q = paint_v((p.x - ex) * side, p.y - ey);
    if (mood == MOOD_SMILE) { /* closed, a happy arc */
        double arc = fabs(sd_circle(paint_v(q.x, q.y - 6.0), 10.0)) - 1.8;
        arc = fmax(arc, q.y - 2.0);
        return paint_over(c, paint_fade(ink, paint_fill(arc)));
    }
    double open = mood == MOOD_SURPRISED ? 1.18 : 1.0;
    double white = sd_ellipse(q, 11.0 * open, 13.0 * open);
    /* angry: the top cut by a slant, the eye narrowed */
    if (mood == MOOD_ANGRY)
        white = fmax(white, -(q.y + 9.0 + q.x * 0.45));
    c = paint_over(
        c, paint_fade(paint_rgb((int)eye_white[0], (int)eye_white[1], (int)eye_white[2], 1.0),
                      paint_fill(white)));
    double ir = mood == MOOD_SURPRISED ? 6.0 : 8.0;
    double iris = fmax(sd_ellipse(paint_v(q.x + 1.0, q.y + 1.0), ir, ir * 1.3), white);
    rgba ic = paint_mix(iris_lo, iris_hi, paint_smoothstep(-8.0, 10.0, q.y));
    c = paint_over(c, paint_fade(ic, paint_fill(iris)));
    double pupil = fmax(sd_circle(paint_v(q.x + 1.0, q.y + 2.0), ir * 0.42), white);
    c = paint_over(c, paint_fade(paint_darken(iris_lo, 0.6), paint_fill(pupil)));
    double glint = sd_circle(paint_v(q.x + 3.5 * side * side, q.y + 5.0), 2.6);
    c = paint_over(c, paint_fade(paint_rgb(255, 255, 255, 1.0), paint_fill(fmax(glint, white))));
    /* the upper lid: a thick line along the top of the eye */
    double lid = fmax(fabs(white) - 1.2, q.y + 3.0);
    if (mood == MOOD_ANGRY)
        lid = fmin(lid, fmax(fabs(q.y + 9.0 + q.x * 0.45) - 2.0, fabs(q.x) - 11.5));
    c = paint_over(c, paint_fade(ink, paint_fill(lid - 1.0)));
    double outline = fabs(white) - 0.7;
    return paint_over(c, paint_fade(ink, 0.8 * paint_fill(outline)));
}

/* A brow above the eye at (ex, ey): raised, level or knit by mood. */
static rgba brow(rgba c, vec2 p, double ex, double ey, int side, int mood, rgba hair)
{
    double tilt = mood == MOOD_ANGRY ? -0.5 : mood == MOOD_SURPRISED ? 0.2 : 0.08;
    double lift = mood == MOOD_SURPRISED ? -6.0 : mood == MOOD_ANGRY ? 3.0 : 0.0;
    vec2 q = paint_v((p.x - ex) * side, p.y - (ey - 19.0 + lift));
    q = paint_rotate(q, tilt);
    double b = sd_segment(q, paint_v(-9.0, 0), paint_v(9.0, 0), 2.0);
    return paint_over(c, paint_fade(paint_darken(hair, 0.45), paint_fill(b)));
}

/* The mouth at (0, my) in the mood given. */
static rgba mouth(rgba c, vec2 p, double my, int mood)
{
    rgba ink = *ink_of();
    vec2 q = paint_v(p.x, p.y - my);
    if (mood == MOOD_SMILE) { /* open, laughing */
        double m = fmax(sd_ellipse(paint_v(q.x, q.y - 1.0), 11.0, 8.0), -q.y - 1.0);
        c = inked(c, paint_rgb(170, 50, 70, 1.0), m, 1.4, ink);
        double tongue = fmax(sd_ellipse(paint_v(q.x, q.y - 7.0), 6.0, 3.5), m);
        return paint_over(c, paint_fade(paint_rgb(240, 120, 130, 1.0), paint_fill(tongue)));
    }
    if (mood == MOOD_SURPRISED) {
        double m = sd_ellipse(q, 4.5, 6.0);
        return inked(c, paint_rgb(150, 40, 60, 1.0), m, 1.3, ink);
    }
    if (mood == MOOD_ANGRY) { /* teeth gritted */
        double m = sd_box(q, 10.0, 4.0, 2.5);
        c = inked(c, paint_rgb(255, 255, 255, 1.0), m, 1.4, ink);
        double gap = fmax(fabs(q.y) - 0.5, fabs(q.x) - 9.0);
        return paint_over(c, paint_fade(ink, 0.8 * paint_fill(gap)));
    }
    /* a small confident smile */
    double arc = fmax(fabs(sd_circle(paint_v(q.x, q.y + 8.0), 10.0)) - 1.3, -q.y - 0.0);
    return paint_over(c, paint_fade(ink, paint_fill(arc)));
}

/* The shoulders and chest: sloping from the neck, rounded, down past the
 * cell's bottom. */
static double shoulders(vec2 p)
{
    vec2 v[6] = {{-46, 40}, {46, 40}, {106, 84}, {120, 200}, {-120, 200}, {-106, 84}};
    return sd_polygon(p, v, 6) - 10.0;
}

/* The face: skin, cheeks' blush, eyes, brows and mouth. */
static rgba face_of(rgba c, vec2 p, const face *f, rgba hair, rgba iris_hi, rgba iris_lo)
{
    rgba ink = *ink_of();
    /* head: an ellipse, narrowed toward a soft chin */
    double fy = p.y + 58.0;
    double taper = 1.0 + 0.45 * paint_clamp(fy / 60.0, 0, 1);
    double head = sd_ellipse(paint_v(p.x * taper, fy), 54.0, 62.0);
    rgba skin = vgrad(paint_rgb(255, 236, 222, 1.0), paint_rgb(250, 214, 196, 1.0), p.y, -110, 0);
    c = inked(c, skin, head, 1.6, ink);
    vec2 m = mirror_x(p);
    double blush = sd_ellipse(paint_v(m.x - 31.0, p.y + 28.0), 9.0, 4.5);
    double bk = f->mood == MOOD_ANGRY ? 0.3 : f->mood == MOOD_SMILE ? 0.75 : 0.5;
    c = paint_over(c, paint_fade(paint_rgb(255, 140, 150, 1.0), bk * paint_glow(blush, 5.0)));
    for (int s = -1; s <= 1; s += 2) {
        c = eye(c, p, s * 22.0, -52.0, s, f->mood, iris_hi, iris_lo);
        c = brow(c, p, s * 22.0, -52.0, s, f->mood, hair);
    }
    return mouth(c, p, -18.0, f->mood);
}

/* Hayate, the Gale Runner: short jade hair swept back by the wind, a long
 * ponytail streaming to the right, a white headband whose tails flutter
 * behind her, amber eyes; a runner's jade jacket with a white collar and a
 * white scarf knotted at her throat. */
static rgba portrait_hayate(vec2 p, const face *f)
{
    rgba ink = *ink_of();
    rgba hair_hi = paint_rgb(120, 230, 170, 1.0), hair_lo = paint_rgb(20, 110, 90, 1.0);
    rgba c = {0, 0, 0, 0};
    /* the ponytail, streaming out to the right */
    vec2 tail[5] = {{30, -112}, {66, -122}, {96, -116}, {116, -104}, {134, -98}};
    double pt = 1e9;
    for (int i = 0; i + 1 < 5; i++)
        pt = fmin(pt, sd_segment(p, tail[i], tail[i + 1], 24.0 - i * 4.5));
    /* loose locks blown out of it */
    pt = fmin(pt, sd_segment(p, paint_v(84, -108), paint_v(126, -78), 6.0));
    pt = fmin(pt, sd_segment(p, paint_v(70, -128), paint_v(112, -136), 5.0));
    c = inked(c, vgrad(hair_hi, hair_lo, p.x, 20, 130), pt, 2.0, ink);
    /* the headband's tails, fluttering out to the left */
    double tails = fmin(fmin(sd_segment(p, paint_v(-50, -100), paint_v(-92, -114), 7.0),
                             sd_segment(p, paint_v(-92, -114), paint_v(-128, -106), 6.0)),
                        fmin(sd_segment(p, paint_v(-50, -96), paint_v(-90, -90), 6.0),
                             sd_segment(p, paint_v(-90, -90), paint_v(-124, -72), 5.0)));
    c = inked(c, paint_rgb(250, 250, 255, 1.0), tails, 1.8, ink);
    /* the back of her hair */
    double back = sd_ellipse(paint_v(p.x + 4.0, p.y + 70.0), 68.0, 66.0);
    c = inked(c, vgrad(hair_hi, hair_lo, p.y, -140, -10), back, 2.0, ink);
    /* the body: shoulders, the jade jacket with a white collar */
    double body = shoulders(p);
    rgba jacket = vgrad(paint_rgb(70, 190, 140, 1.0), paint_rgb(20, 90, 80, 1.0), p.y, 40, 190);
    c = inked(c, jacket, body, 2.0, ink);
    /* a white stripe down each sleeve */
    vec2 m = mirror_x(p);
    double stripe = fmax(fabs(m.x - 92.0 - (p.y - 110.0) * 0.3) - 4.0, body);
    stripe = fmax(stripe, 90.0 - p.y);
    c = paint_over(c, paint_fade(paint_rgb(240, 250, 245, 1.0), paint_fill(stripe)));
    /* neck */
    double neck = sd_box(paint_v(p.x, p.y - 18.0), 15.0, 26.0, 5.0);
    c = inked(c, paint_rgb(240, 206, 188, 1.0), neck, 1.4, ink);
    /* the collar: two white flaps, and the scarf knotted at the throat */
    vec2 flap[3] = {{0, 70}, {-52, 42}, {-12, 34}};
    vec2 flap2[3] = {{0, 70}, {52, 42}, {12, 34}};
    double collar = fmin(sd_polygon(p, flap, 3), sd_polygon(p, flap2, 3));
    c = inked(c, paint_rgb(245, 250, 255, 1.0), collar, 1.6, ink);
    double scarf = fmin(sd_box(paint_v(p.x, p.y - 40.0), 24.0, 9.0, 6.0),
                        sd_segment(p, paint_v(8, 44), paint_v(30, 96), 7.0));
    c = inked(c, paint_rgb(255, 255, 255, 1.0), scarf, 1.6, ink);
    c = paint_over(c, paint_fade(paint_rgb(60, 180, 130, 1.0),
                                 paint_fill(fmax(fabs(p.y - 40.0) - 2.0, scarf))));
    /* the face */
    c = face_of(c, p, f, hair_lo, paint_rgb(255, 200, 90, 1.0), paint_rgb(190, 100, 20, 1.0));
    /* the fringe, swept up and back by the wind, and locks at her cheeks */
    double cap = sd_ellipse(paint_v(p.x + 2.0, p.y + 88.0), 64.0, 48.0);
    double u = (p.x + 70.0) / 22.0;
    double saw = fabs(u - floor(u) - 0.5) * 2.0; /* 0..1 teeth */
    double edge = p.y - (-80.0 + 16.0 * (1.0 - saw) - 6.0 * paint_clamp(p.x / 60.0, -1, 1));
    double fringe = fmax(cap, edge);
    double locks = fmin(sd_segment(p, paint_v(-52, -90), paint_v(-58, -24), 8.0),
                        sd_segment(p, paint_v(52, -90), paint_v(56, -30), 7.0));
    fringe = fmin(fringe, locks);
    c = inked(c, vgrad(hair_hi, hair_lo, p.y, -150, -20), fringe, 2.0, ink);
    /* the shine on her hair */
    double shine =
        fmax(fabs(sd_ellipse(paint_v(p.x + 10.0, p.y + 112.0), 38.0, 18.0)) - 2.5, p.y + 112.0);
    c = paint_over(c, paint_fade(paint_rgb(220, 255, 235, 1.0), 0.7 * paint_fill(shine)));
    /* the headband across her brow, over the hair */
    double band = fmax(fabs(sd_ellipse(paint_v(p.x, p.y + 70.0), 62.0, 50.0)) - 5.0,
                       p.y + 96.0 - fabs(p.x) * 0.0);
    band = fmax(band, -(p.y + 130.0));
    c = inked(c, paint_rgb(252, 252, 255, 1.0), band, 1.6, ink);
    /* a green wind-mark on it */
    double mark = sd_star(paint_v(p.x, p.y + 116.0), 4, 7.0, 2.5, 0.0);
    return paint_over(c, paint_fade(paint_rgb(40, 170, 120, 1.0), paint_fill(mark)));
}

/* Ikazuchi, the Thunder Drummer: wild violet hair standing up like a storm,
 * two small golden horns, a ring of taiko drums behind her head, two drum
 * sticks crossed at her back; a yellow and violet jacket with a zigzag of
 * lightning at the hem of its collar, a tiger-striped stole. */
static rgba portrait_ikazuchi(vec2 p, const face *f)
{
    rgba ink = *ink_of();
    rgba hair_hi = paint_rgb(200, 150, 255, 1.0), hair_lo = paint_rgb(70, 30, 130, 1.0);
    rgba c = {0, 0, 0, 0};
    vec2 hc = paint_v(p.x, p.y + 64.0); /* the head's centre */
    double hd = paint_len(hc);
    /* the drum ring behind her head */
    double rope = fabs(hd - 106.0) - 4.0;
    c = inked(c, paint_rgb(220, 60, 60, 1.0), rope, 1.8, ink);
    for (int i = 0; i < 8; i++) {
        double a = i * PAINT_PI / 4 + PAINT_PI / 8;
        vec2 q = paint_rotate(hc, -a);
        q.x -= 106.0;
        double drum = sd_circle(q, 20.0);
        rgba wood = paint_mix(paint_rgb(190, 70, 50, 1.0), paint_rgb(100, 30, 30, 1.0),
                              paint_smoothstep(-20, 20, q.y));
        c = inked(c, wood, drum, 2.0, ink);
        double head = sd_circle(q, 14.0);
        c = paint_over(c, paint_fade(paint_rgb(255, 244, 220, 1.0), paint_fill(head)));
        double tm = 1e9;
        for (int k = 0; k < 3; k++)
            tm = fmin(tm, tomoe(q, k * 2 * PAINT_PI / 3, 5.5, 3.6));
        c = paint_over(
            c, paint_fade(paint_rgb(150, 30, 70, 1.0), paint_fill(fmax(tm, sd_circle(q, 12.0)))));
    }
    /* the drum sticks crossed at her back */
    double sticks = fmin(sd_segment(p, paint_v(-110, 40), paint_v(60, -150), 6.0),
                         sd_segment(p, paint_v(110, 40), paint_v(-60, -150), 6.0));
    c = inked(c, paint_rgb(230, 190, 120, 1.0), sticks, 1.8, ink);
    double knobs = fmin(sd_circle(paint_v(p.x - 60, p.y + 150), 10.0),
                        sd_circle(paint_v(p.x + 60, p.y + 150), 10.0));
    c = inked(c, paint_rgb(240, 80, 70, 1.0), knobs, 1.8, ink);
    /* her wild hair: a storm of points */
    double wild = sd_star(paint_v(hc.x, hc.y + 6.0), 11, 92.0, 62.0, -PAINT_PI / 2);
    wild = fmax(wild, p.y - 10.0);
    c = inked(c, vgrad(hair_hi, hair_lo, p.y, -170, 0), wild, 2.0, ink);
    /* the body: shoulders, the yellow jacket */
    double body = shoulders(p);
    rgba jacket = vgrad(paint_rgb(255, 214, 90, 1.0), paint_rgb(200, 120, 30, 1.0), p.y, 40, 190);
    c = inked(c, jacket, body, 2.0, ink);
    /* the violet lapels with a zigzag of lightning along their edge */
    vec2 lap[4] = {{0, 110}, {-44, 44}, {-14, 36}, {0, 60}};
    vec2 lap2[4] = {{0, 110}, {44, 44}, {14, 36}, {0, 60}};
    double lapel = fmin(sd_polygon(p, lap, 4), sd_polygon(p, lap2, 4));
    c = inked(c, paint_rgb(110, 50, 170, 1.0), lapel, 1.6, ink);
    /* the tiger stole round her shoulders: yellow with dark stripes */
    double stole = fmax(fabs(sd_ellipse(paint_v(p.x, p.y - 120.0), 92.0, 66.0)) - 12.0, body);
    stole = fmax(stole, p.y - 130.0);
    double stripes = fabs(trig_sin((p.x * 0.9 + p.y * 0.4) * 0.18)) - 0.35;
    rgba tiger = stripes < 0 ? paint_rgb(40, 24, 20, 1.0) : paint_rgb(250, 170, 40, 1.0);
    c = inked(c, tiger, stole, 1.6, ink);
    /* neck */
    double neck = sd_box(paint_v(p.x, p.y - 18.0), 15.0, 26.0, 5.0);
    c = inked(c, paint_rgb(240, 206, 188, 1.0), neck, 1.4, ink);
    /* a zigzag of lightning on her chest */
    vec2 z[5] = {{-6, 64}, {8, 80}, {-6, 94}, {8, 110}, {0, 130}};
    double zig = bolt(p, z, 5, 3.0);
    c = inked(c, paint_rgb(255, 250, 170, 1.0), zig, 1.4, ink);
    /* the face */
    c = face_of(c, p, f, hair_lo, paint_rgb(255, 230, 90, 1.0), paint_rgb(200, 120, 10, 1.0));
    /* the horns, golden, out of her hair */
    vec2 m = mirror_x(p);
    vec2 horn[3] = {{30, -112}, {50, -112}, {48, -150}};
    double h = sd_polygon(m, horn, 3) - 2.0;
    c = inked(c, paint_rgb(255, 226, 140, 1.0), h, 1.6, ink);
    /* the fringe: spiky, over the brow */
    double cap = sd_ellipse(paint_v(p.x, p.y + 86.0), 62.0, 46.0);
    double u = (p.x + 66.0) / 18.0;
    double saw = fabs(u - floor(u) - 0.5) * 2.0;
    double edge = p.y - (-78.0 + 20.0 * (1.0 - saw));
    double fringe = fmax(cap, edge);
    double locks = fmin(sd_segment(p, paint_v(-54, -90), paint_v(-60, -30), 9.0),
                        sd_segment(p, paint_v(54, -90), paint_v(60, -30), 9.0));
    fringe = fmin(fringe, locks);
    c = inked(c, vgrad(hair_hi, hair_lo, p.y, -150, -20), fringe, 2.0, ink);
    double shine =
        fmax(fabs(sd_ellipse(paint_v(p.x - 8.0, p.y + 112.0), 36.0, 16.0)) - 2.5, p.y + 112.0);
    return paint_over(c, paint_fade(paint_rgb(235, 215, 255, 1.0), 0.7 * paint_fill(shine)));
}

/* A portrait: the bust, its origin at the cell's centre. */
static rgba portrait(vec2 p, const void *user)
{
    const face *f = user;
    return f->who == WHO_HAYATE ? portrait_hayate(p, f) : portrait_ikazuchi(p, f);
}

/* ---- the backdrop's tiles ----------------------------------------------- */

/* A hash of a lattice point to [0, 1). */
static double hash2(int x, int y, uint32_t salt)
{
    uint32_t h = (uint32_t)x * 374761393u + (uint32_t)y * 668265263u + salt * 2246822519u;
    h = (h ^ (h >> 13)) * 1274126177u;
    return (double)((h ^ (h >> 16)) & 0xffffff) / 16777216.0;
}

/* Value noise with a lattice wrapping at (px, py) cells: it tiles. */
static double tnoise(double x, double y, int px, int py, uint32_t salt)
{
    int x0 = (int)floor(x), y0 = (int)floor(y);
    double fx = x - x0, fy = y - y0;
    fx = fx * fx * (3 - 2 * fx);
    fy = fy * fy * (3 - 2 * fy);
    int ax = ((x0 % px) + px) % px, bx = (ax + 1) % px;
    int ay = ((y0 % py) + py) % py, by = (ay + 1) % py;
    double a = hash2(ax, ay, salt), b = hash2(bx, ay, salt);
    double c = hash2(ax, by, salt), d = hash2(bx, by, salt);
    double top = a + (b - a) * fx, bot = c + (d - c) * fx;
    return top + (bot - top) * fy;
}

/* Fractal noise over a size x size tile, base cells of `cell` pixels. */
static double fbm(double u, double v, int size, int cell, int octaves, uint32_t salt)
{
    double sum = 0, amp = 0.5, norm = 0;
    int n = size / cell;
    for (int o = 0; o < octaves; o++) {
        sum += amp * tnoise(u / size * n, v / size * n, n, n, salt + (uint32_t)o);
        norm += amp;
        amp *= 0.5;
        n *= 2;
    }
    return sum / norm;
}

static void put(sheet *s, int x, int y, double r, double g, double b, double a)
{
    uint8_t *o = s->px + ((size_t)y * (size_t)s->w + (size_t)x) * 4;
    o[0] = (uint8_t)paint_clamp(r + 0.5, 0, 255);
    o[1] = (uint8_t)paint_clamp(g + 0.5, 0, 255);
    o[2] = (uint8_t)paint_clamp(b + 0.5, 0, 255);
    o[3] = (uint8_t)paint_clamp(a * 255.0 + 0.5, 0, 255);
}

/* The sea of clouds: billows of slate and violet, lit from above by a cold
 * light, darker in the troughs; opaque where the cloud is thick. */
static void draw_clouds(sheet *s)
{
    for (int y = 0; y < s->h; y++)
        for (int x = 0; x < s->w; x++) {
            double n = fbm(x, y, s->w, 64, 5, 41);
            double ridge = fbm(x + 7, y * 1.0, s->w, 32, 3, 77);
            double cover = paint_smoothstep(0.32, 0.62, n);
            double light = paint_clamp((n - 0.45) * 2.2 + (ridge - 0.5) * 0.6, 0, 1);
            double r = 40 + 70 * light, g = 44 + 74 * light, b = 70 + 90 * light;
            put(s, x, y, r, g, b, 0.25 + 0.75 * cover);
        }
}

/* Rain: thin streaks slanting down to the left, at random places along a
 * lattice that wraps, so that the tile repeats. */
static void draw_rain(sheet *s)
{
    memset(s->px, 0, (size_t)s->w * (size_t)s->h * 4);
    for (int i = 0; i < 70; i++) {
        double x0 = hash2(i, 1, 9) * s->w, y0 = hash2(i, 2, 9) * s->h;
        double len = 10 + hash2(i, 3, 9) * 14, a = 0.25 + 0.5 * hash2(i, 4, 9);
        for (int k = 0; k < (int)len * 3; k++) {
            double t = k / (len * 3);
            double fx = x0 - t * len * 0.25, fy = y0 + t * len;
            int px = ((int)floor(fx) % s->w + s->w) % s->w;
            int py = ((int)floor(fy) % s->h + s->h) % s->h;
            uint8_t *o = s->px + ((size_t)py * (size_t)s->w + (size_t)px) * 4;
            double al = a * (0.4 + 0.6 * t);
            if (al * 255 > o[3])
                put(s, px, py, 190, 215, 255, al);
        }
    }
}

/* A fork of lightning, its glow around it, on nothing (drawn additive). */
static rgba bolt_picture(vec2 p, const void *user)
{
    (void)user;
    vec2 main_[9] = {{-8, -128}, {6, -96}, {-10, -70}, {8, -40}, {-6, -12},
                     {12, 20},   {-4, 50}, {10, 84},   {0, 124}};
    vec2 fork1[5] = {{8, -40}, {30, -24}, {26, -2}, {48, 14}, {44, 40}};
    vec2 fork2[4] = {{-6, -12}, {-30, 4}, {-26, 26}, {-46, 44}};
    double b = fmin(bolt(p, main_, 9, 2.6), fmin(bolt(p, fork1, 5, 1.6), bolt(p, fork2, 4, 1.4)));
    rgba c = paint_fade(paint_rgb(140, 120, 255, 1.0), 0.5 * paint_glow(b, 26.0));
    c = paint_over(c, paint_fade(paint_rgb(220, 220, 255, 1.0), 0.7 * paint_glow(b, 6.0)));
    c = paint_over(c, paint_fade(paint_rgb(255, 255, 255, 1.0), paint_fill(b)));
    /* faded out toward the picture's edges, so that no edge of it shows */
    double edge = paint_smoothstep(0.0, 24.0, 64.0 - fabs(p.x)) *
                  paint_smoothstep(0.0, 24.0, 128.0 - fabs(p.y));
    return paint_fade(c, edge);
}

/* The eye of the storm: cloud wound in a spiral, tiling (the spiral is
 * drawn from noise sampled along turned coordinates that wrap). */
static void draw_vortex(sheet *s)
{
    for (int y = 0; y < s->h; y++)
        for (int x = 0; x < s->w; x++) {
            double n = fbm(x, y, s->w, 32, 4, 5);
            double band = fbm(x + y * 0.5, y - x * 0.5, s->w, 64, 3, 13);
            double v = paint_smoothstep(0.35, 0.75, 0.6 * n + 0.4 * band);
            double r = 50 + 80 * v, g = 30 + 50 * v, b = 90 + 110 * v;
            put(s, x, y, r, g, b, 0.2 + 0.7 * v);
        }
}

/* ---- main ---------------------------------------------------------------- */

typedef rgba (*look_fn)(vec2 p, const void *user);

int main(int argc, char **argv)
{
    static const tool_usage usage = {
        "sheets_stage4", "DIR", "draws stage 4's pictures into DIR (patterns/stage4/art)", 1, 1};
    int args = tool_args(argc, argv, &usage);
    if (args >= 0)
        return args;
    const char *dir = argv[1];
    int rc = 0;
    /* The looks: one row each. */
    static const struct {
        look_fn f;
        int w, h, frames, y;
    } looks[] = {
        {look_gust, 48, 48, 4, 0},          {look_raincloud, 64, 56, 2, 48},
        {look_thunderhead, 96, 80, 2, 104}, {look_hayate, 96, 96, 2, 184},
        {look_ikazuchi, 112, 112, 2, 280},
    };
    sheet sp;
    if (sheet_new(&sp, 256, 392))
        return 1;
    for (size_t i = 0; i < sizeof looks / sizeof looks[0]; i++)
        for (int f = 0; f < looks[i].frames; f++)
            sheet_paint(&sp, f * looks[i].w, looks[i].y, looks[i].w, looks[i].h, looks[i].f, &f);
    rc |= sheet_save(&sp, dir, "sprites.png");
    free(sp.px);
    /* The portraits: a sheet for each character, four busts side by side. */
    static const char *const portrait_sheets[2] = {"hayate.png", "ikazuchi.png"};
    static const int moods[4] = {MOOD_NORMAL, MOOD_SMILE, MOOD_ANGRY, MOOD_SURPRISED};
    for (int who = 0; who < 2; who++) {
        sheet pt;
        if (sheet_new(&pt, 1024, 384))
            return 1;
        for (int i = 0; i < 4; i++) {
            face f = {who, moods[i]};
            sheet_paint(&pt, i * 256, 0, 256, 384, portrait, &f);
        }
        rc |= sheet_save(&pt, dir, portrait_sheets[who]);
        free(pt.px);
    }
    /* The backdrop's sheets. */
    sheet t;
    if (sheet_new(&t, 256, 256))
        return 1;
    draw_clouds(&t);
    rc |= sheet_save(&t, dir, "clouds.png");
    draw_vortex(&t);
    rc |= sheet_save(&t, dir, "vortex.png");
    free(t.px);
    if (sheet_new(&t, 128, 128))
        return 1;
    draw_rain(&t);
    rc |= sheet_save(&t, dir, "rain.png");
    free(t.px);
    if (sheet_new(&t, 128, 256))
        return 1;
    sheet_paint(&t, 0, 0, 128, 256, bolt_picture, NULL);
    rc |= sheet_save(&t, dir, "bolt.png");
    free(t.px);
    return rc ? 1 : 0;
}
