/*
 * sheets_stage5: draws stage 5's pictures (patterns/stage5/, "The Star Loom")
 * in code, as every picture of curtain is drawn, into DIR (patterns/stage5/art):
 *
 *   looks.png    the looks of the stage's enemies and bosses, frames side by side:
 *                  s5_shuttle  40x24 at 0 0,    2 frames  a weaving shuttle, its bobbin glowing
 *                  s5_spindle  32x32 at 80 0,   4 frames  a spindle whorl turning, thread wound
 *                  s5_loom     56x56 at 0 32,   2 frames  a loom frame, warp threads of light
 *                  s5_kaiko    72x72 at 112 32, 2 frames  the silk moth, wings up and down
 *                  s5_amaori   96x96 at 0 104, 2 frames  the star weaver's wheel of stars
 *   faces.png    the portraits, 256x384 each, in a row: Kaiko normal (shy: her
 *                gaze aside), smiling, angry (a pout) and surprised; Amaori
 *                normal, smiling, angry and surprised
 *   nebula.png   256x256  the Milky Way's soft cloud, indigo and violet, tiling
 *   stars.png    256x256  stars, a few joined by faint constellation lines, tiling
 *   threads.png  256x256  warp threads of light hanging down the hall, tiling
 *   wheel.png    256x256  a great wheel of the loom: spokes, a ring of star-knots
 *
 * The sprites and portraits are paint.h shaders (sampled 4x4 a pixel); the
 * backdrop tiles are periodic (their noise and lines wrap at the tile's size),
 * so they scroll without a seam. Dark and soft where bullets fly over them.
 *
 * usage: sheets_stage5 DIR   (`cmake --build BUILD --target sheets_stage5_art`)
 */
#include "paint.h"

#include "core/trig.h"

#include <SDL.h>
#include <SDL_image.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../tool_args.h"

/* ---- sheets ---- */

typedef struct sheet {
    int w, h;
    uint8_t *px; /* straight RGBA */
} sheet;

static int sheet_new(sheet *s, int w, int h)
{
    s->w = w;
    s->h = h;
    s->px = calloc((size_t)w * (size_t)h, 4);
    return s->px ? 0 : -1;
}

/* Writes the sheet as DIR/NAME and frees it; 0 on success. */
static int sheet_save(sheet *s, const char *dir, const char *name)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    SDL_Surface *out =
        SDL_CreateRGBSurfaceWithFormatFrom(s->px, s->w, s->h, 32, s->w * 4, SDL_PIXELFORMAT_RGBA32);
    int rc = out ? IMG_SavePNG(out, path) : -1;
    SDL_FreeSurface(out);
    if (rc != 0)
        fprintf(stderr, "sheets_stage5: cannot write %s: %s\n", path, SDL_GetError());
    free(s->px);
    return rc;
}

/* Draws shader `shade` with `user` into the w x h frame at (x, y) of s. */
static void sheet_paint(sheet *s, int x, int y, int w, int h, paint_shader shade, const void *user)
{
    paint_frame(s->px + ((size_t)y * (size_t)s->w + (size_t)x) * 4, s->w * 4, w, h, 0.0, shade,
                user);
}

/* ---- drawing helpers ---- */

static const rgba ink = {40.0 / 255, 24.0 / 255, 44.0 / 255, 1.0}; /* outlines */

/* Shape d (a signed distance) filled with col over c, with an ink rim of `rim` px. */
static rgba layer(rgba c, double d, rgba col, double rim)
{
    if (rim > 0)
        c = paint_over(c, paint_fade(ink, paint_fill(d - rim)));
    return paint_over(c, paint_fade(col, paint_fill(d)));
}

/* An ellipse at (cx, cy), semi-axes a, b, turned by `turn` radians. */
static double ell(vec2 p, double cx, double cy, double a, double b, double turn)
{
    vec2 q = paint_rotate(paint_sub(p, paint_v(cx, cy)), -turn);
    return sd_ellipse(q, a, b);
}

/* A thick arc of radius r, half-width hw, round (cx, cy), between angles a0
 * and a1 (radians, clockwise from +x on screen). */
static double arc(vec2 p, double cx, double cy, double r, double hw, double a0, double a1)
{
    double dx = p.x - cx, dy = p.y - cy;
    double a = trig_atan2(dy, dx);
    if (a >= a0 && a <= a1)
        return fabs(sqrt(dx * dx + dy * dy) - r) - hw;
    double best = 1e9;
    double ends[2] = {a0, a1};
    for (int i = 0; i < 2; i++) {
        double ex = cx + r * trig_cos(ends[i]), ey = cy + r * trig_sin(ends[i]);
        double e = sqrt((p.x - ex) * (p.x - ex) + (p.y - ey) * (p.y - ey)) - hw;
        best = e < best ? e : best;
    }
    return best;
}

/* A quadratic curve from a through control b to c, as a chain of capsules of radius r. */
static double curve(vec2 p, vec2 a, vec2 b, vec2 c, double r0, double r1)
{
    double best = 1e9;
    vec2 prev = a;
    for (int i = 1; i <= 12; i++) {
        double t = i / 12.0, u = 1 - t;
        vec2 q = {u * u * a.x + 2 * u * t * b.x + t * t * c.x,
                  u * u * a.y + 2 * u * t * b.y + t * t * c.y};
        double r = r0 + (r1 - r0) * t;
        double d = sd_segment(p, prev, q, r);
        best = d < best ? d : best;
        prev = q;
    }
    return best;
}

/* A small four-pointed star of light at (cx, cy), size r: its glow over c. */
static rgba sparkle(rgba c, vec2 p, double cx, double cy, double r, rgba col)
{
    vec2 q = paint_sub(p, paint_v(cx, cy));
    double d = sd_star(q, 4, r, r * 0.28, -PAINT_PI / 2);
    c = paint_add(c, paint_fade(col, 0.5 * paint_glow(paint_len(q), r * 1.6)));
    return paint_over(c, paint_fade(paint_lighten(col, 0.6), paint_fill(d)));
}

/* ---- the enemies' and bosses' looks ---- */

typedef struct look_args {
    int frame;
} look_args;

/* A shuttle: a pointed boat of pale wood, silver-tipped at both ends (it flies
 * both ways), a bobbin of cyan thread glowing in its hollow, a loose thread
 * trailing under it; the glow breathes with the frame. */
static rgba look_shuttle(vec2 p, const void *user)
{
    int f = ((const look_args *)user)->frame;
    rgba c =
        paint_fade(paint_rgb(90, 220, 255, 1), (f ? 0.45 : 0.3) * paint_glow(paint_len(p), 16));
    /* the hull: a lens pointed at both ends */
    double hull =
        fmax(sd_circle(paint_v(p.x, p.y - 30), 38), sd_circle(paint_v(p.x, p.y + 30), 38));
    double tips = fmax(fabs(p.x) - 19, -(fabs(p.x) - 13));
    rgba wood = paint_mix(paint_rgb(240, 214, 170, 1), paint_rgb(150, 100, 70, 1),
                          paint_smoothstep(-6, 7, p.y));
    c = layer(c, hull, wood, 1.2);
    c = paint_over(c, paint_fade(paint_rgb(220, 230, 250, 1), paint_fill(fmax(hull, tips))));
    /* the hollow and its bobbin */
    double hollow = sd_box(p, 8, 3.2, 2.5);
    c = paint_over(c, paint_fade(paint_rgb(40, 30, 50, 1), paint_fill(hollow)));
    double bob = sd_box(p, 6, 2.4, 2.2);
    rgba thread = paint_mix(paint_rgb(200, 250, 255, 1), paint_rgb(60, 180, 240, 1),
                            0.5 + 0.5 * trig_sin(p.x * 2.2));
    c = paint_over(c, paint_fade(thread, paint_fill(bob)));
    c = paint_add(c,
                  paint_fade(paint_rgb(120, 230, 255, 1), (f ? 0.7 : 0.45) * paint_glow(bob, 4)));
    /* a thread trailing from the hollow */
    double tr = curve(p, paint_v(2, 2), paint_v(8, 12), paint_v(16, 9), 0.6, 0.4);
    return paint_add(c, paint_fade(paint_rgb(140, 240, 255, 1), paint_fill(tr)));
}

/* A spindle whorl seen from above: a violet disc with six spokes, wound with
 * a band of silver thread, a star at its hub; turning a quarter spoke a frame. */
static rgba look_spindle(vec2 p, const void *user)
{
    int f = ((const look_args *)user)->frame;
    double d = paint_len(p);
    vec2 q = paint_rotate(p, -f * PAINT_PI / 12);
    rgba c = paint_fade(paint_rgb(190, 120, 255, 1), 0.35 * paint_glow(d - 10, 6));
    c = layer(c, d - 13, paint_rgb(96, 60, 150, 1), 1.2);
    /* the wound thread: a band of fine stripes */
    double band = fabs(d - 9.5) - 2.6;
    double stripe = 0.5 + 0.5 * trig_sin(trig_atan2(q.y, q.x) * 18);
    rgba silver = paint_mix(paint_rgb(150, 150, 200, 1), paint_rgb(235, 240, 255, 1), stripe);
    c = paint_over(c, paint_fade(silver, paint_fill(band)));
    /* spokes */
    double spokes = 1e9;
    for (int i = 0; i < 6; i++) {
        vec2 r = paint_rotate(q, -i * PAINT_PI / 3);
        spokes = fmin(spokes, sd_segment(r, paint_v(3, 0), paint_v(12.5, 0), 0.8));
    }
    c = paint_over(c, paint_fade(paint_rgb(60, 30, 90, 1), paint_fill(spokes)));
    /* the hub's star */
    double star = sd_star(q, 5, 5.2, 2.2, -PAINT_PI / 2);
    c = paint_add(c, paint_fade(paint_rgb(255, 230, 150, 1), 0.6 * paint_glow(star, 4)));
    return paint_over(c, paint_fade(paint_rgb(255, 246, 200, 1), paint_fill(star)));
}

/* A loom frame: a square of dark wood with gold corners, warp threads of light
 * strung down it, a heddle bar across them (high on one frame, low on the
 * other), a star hanging at its top. */
static rgba look_loom(vec2 p, const void *user)
{
    int f = ((const look_args *)user)->frame;
    rgba c = paint_fade(paint_rgb(80, 160, 255, 1), 0.3 * paint_glow(sd_box(p, 18, 18, 4), 10));
    double frame = fabs(sd_box(p, 21, 21, 3)) - 2.6;
    double inside = sd_box(p, 19, 19, 2);
    c = paint_over(c, paint_fade(paint_rgb(14, 16, 40, 1), 0.8 * paint_fill(inside)));
    /* the warp: seven threads of light */
    for (int i = 0; i < 7; i++) {
        double x = -15 + i * 5;
        double th = fmax(fabs(p.x - x) - 0.6, fabs(p.y) - 19);
        rgba col = i % 2 ? paint_rgb(140, 220, 255, 1) : paint_rgb(220, 180, 255, 1);
        c = paint_add(c, paint_fade(col, 0.8 * paint_fill(th) + 0.25 * paint_glow(th, 2.5)));
    }
    /* the heddle bar */
    double hy = f ? -6.0 : 5.0;
    double bar = sd_box(paint_v(p.x, p.y - hy), 19, 1.6, 1);
    c = layer(c, bar, paint_rgb(230, 190, 110, 1), 0.8);
    c = layer(c, frame, paint_rgb(120, 70, 50, 1), 1.0);
    double corners = 1e9;
    for (int i = 0; i < 4; i++)
        corners = fmin(corners, sd_circle(paint_v(fabs(p.x) - 21, fabs(p.y) - 21), 3.6));
    c = layer(c, corners, paint_rgb(250, 210, 120, 1), 0.8);
    /* the star at its top */
    vec2 s = paint_v(p.x, p.y + 25);
    double star = sd_star(s, 5, 4.8, 2, -PAINT_PI / 2);
    c = paint_add(c,
                  paint_fade(paint_rgb(255, 240, 170, 1), (f ? 0.9 : 0.6) * paint_glow(star, 5)));
    return paint_over(c, paint_fade(paint_rgb(255, 250, 220, 1), paint_fill(star)));
}

/* Kaiko, the silk moth: four broad wings of cream silk with soft brown bands
 * and an eye-spot each, a fluffy white body, feathery antennae; the wings
 * raised on one frame, lowered on the other. */
static rgba look_kaiko(vec2 p, const void *user)
{
    int f = ((const look_args *)user)->frame;
    vec2 m = paint_v(fabs(p.x), p.y);
    rgba c = paint_fade(paint_rgb(255, 240, 220, 1), 0.3 * paint_glow(paint_len(p) - 18, 18));
    double lift = f ? -0.25 : 0.05;
    /* hind wings, then fore wings */
    double hind = ell(m, 15, 10, 15, 11, 0.6 + lift * 0.5);
    double fore = ell(m, 17, -6, 20, 13, -0.35 + lift);
    rgba silk = paint_rgb(250, 244, 232, 1);
    rgba hind_c = paint_mix(silk, paint_rgb(220, 200, 180, 1), paint_smoothstep(0, 20, m.x));
    c = layer(c, hind, hind_c, 1.0);
    vec2 fq = paint_rotate(paint_sub(m, paint_v(17, -6)), 0.35 - lift);
    rgba fore_c = paint_mix(silk, paint_rgb(200, 176, 150, 1),
                            0.35 * paint_smoothstep(-4, 3, -fabs(fq.x + 2) + 3));
    c = layer(c, fore, fore_c, 1.0);
    /* bands on the fore wings and an eye-spot */
    double bandd = fmax(fore, fabs(fq.x - 6) - 1.0);
    c = paint_over(c, paint_fade(paint_rgb(170, 140, 120, 1), 0.7 * paint_fill(bandd)));
    double spot = sd_circle(paint_sub(fq, paint_v(-4, 2)), 2.6);
    c = paint_over(c, paint_fade(paint_rgb(120, 90, 110, 1), paint_fill(spot)));
    c = paint_over(c, paint_fade(paint_rgb(230, 200, 255, 1), paint_fill(spot + 1.3)));
    /* the fluffy body: a column of soft lobes */
    double body = ell(p, 0, 4, 6.5, 15, 0);
    double fluff = 1e9;
    for (int i = 0; i < 5; i++)
        fluff = fmin(fluff, sd_circle(paint_v(p.x, p.y - (-8 + i * 5.5)), 6.8 - i * 0.6));
    body = fmin(body, fluff);
    rgba fur = paint_mix(paint_rgb(255, 255, 250, 1), paint_rgb(210, 200, 210, 1),
                         paint_smoothstep(-6, 6, p.x + p.y * 0.2));
    c = layer(c, body, fur, 1.0);
    /* eyes and antennae */
    double eyes = sd_circle(paint_v(m.x - 3, p.y + 11), 1.6);
    c = paint_over(c, paint_fade(paint_rgb(40, 30, 50, 1), paint_fill(eyes)));
    double stem = curve(m, paint_v(2, -15), paint_v(5, -26), paint_v(14, -31), 0.8, 0.5);
    double feather = 1e9;
    for (int i = 0; i < 6; i++) {
        double t = 0.3 + i * 0.12;
        double u = 1 - t;
        vec2 q = {u * u * 2 + 2 * u * t * 5 + t * t * 14,
                  u * u * -15 + 2 * u * t * -26 + t * t * -31};
        feather = fmin(feather, sd_segment(m, q, paint_v(q.x + 3.5, q.y + 1.5), 0.5));
        feather = fmin(feather, sd_segment(m, q, paint_v(q.x - 1.5, q.y - 3.5), 0.5));
    }
    return layer(c, fmin(stem, feather), paint_rgb(236, 220, 200, 1), 0.7);
}

/* Amaori, the star weaver: a great wheel of the loom turning behind her (a
 * ring of eight star-knots joined by threads of light, spokes of gold), a
 * curtain of indigo cloth falling from it, and at its hub a jewel of
 * starlight framed by two crossed shuttles; the wheel turns a little a frame. */
static rgba look_amaori(vec2 p, const void *user)
{
    int f = ((const look_args *)user)->frame;
    double d = paint_len(p);
    double turn = f ? PAINT_PI / 16 : 0.0;
    vec2 q = paint_rotate(p, -turn);
    rgba c = paint_fade(paint_rgb(120, 110, 255, 1), 0.45 * paint_glow(d - 30, 18));
    /* the cloth: a fall of indigo below the wheel, its folds lit at the edges */
    double cloth = fmax(fmax(fabs(p.x) - (20 + (p.y - 5) * 0.35), -p.y + 6), p.y - 46);
    double fold = 0.5 + 0.5 * trig_sin(p.x * 0.55 + p.y * 0.05);
    rgba indigo = paint_mix(paint_rgb(40, 30, 110, 1), paint_rgb(110, 90, 220, 1), fold * 0.7);
    c = layer(c, cloth, indigo, 1.2);
    double hem = fmax(cloth, -(p.y - 42));
    c = paint_over(c, paint_fade(paint_rgb(250, 210, 120, 1), paint_fill(hem)));
    /* the wheel's rim and spokes */
    double rim = fabs(d - 34) - 2.2;
    double spokes = 1e9;
    for (int i = 0; i < 8; i++) {
        vec2 r = paint_rotate(q, -i * PAINT_PI / 4 - PAINT_PI / 8);
        spokes = fmin(spokes, sd_segment(r, paint_v(12, 0), paint_v(34, 0), 1.1));
    }
    rgba gold = paint_mix(paint_rgb(255, 230, 150, 1), paint_rgb(190, 120, 50, 1),
                          paint_smoothstep(-30, 30, p.x + p.y));
    c = layer(c, fmin(rim, spokes), gold, 1.0);
    /* threads between the knots: an eight-pointed star polygon of light */
    vec2 knot[8];
    for (int i = 0; i < 8; i++) {
        double a = i * PAINT_PI / 4 + turn;
        knot[i] = paint_v(40 * trig_cos(a), 40 * trig_sin(a));
    }
    double threads = 1e9;
    for (int i = 0; i < 8; i++)
        threads = fmin(threads, sd_segment(p, knot[i], knot[(i + 3) % 8], 0.5));
    c = paint_add(c, paint_fade(paint_rgb(170, 220, 255, 1),
                                0.6 * paint_fill(threads) + 0.2 * paint_glow(threads, 3)));
    for (int i = 0; i < 8; i++)
        c = sparkle(c, p, knot[i].x, knot[i].y, i % 2 ? 4.5 : 6.0, paint_rgb(255, 240, 190, 1));
    /* two shuttles crossed at the hub */
    for (int s = -1; s <= 1; s += 2) {
        vec2 r = paint_rotate(p, -s * 0.6);
        double sh =
            fmax(sd_circle(paint_v(r.x, r.y - 40), 42), sd_circle(paint_v(r.x, r.y + 40), 42));
        sh = fmax(sh, fabs(r.x) - 22);
        c = layer(c, sh, paint_rgb(236, 226, 250, 1), 1.0);
    }
    /* the jewel of starlight */
    double hub = sd_circle(p, 9);
    c = layer(c, hub, paint_rgb(40, 34, 100, 1), 1.2);
    double star = sd_star(q, 8, 8, 3.2, -PAINT_PI / 2);
    c = paint_add(c,
                  paint_fade(paint_rgb(200, 220, 255, 1), (f ? 0.9 : 0.7) * paint_glow(star, 6)));
    return paint_over(c, paint_fade(paint_rgb(250, 250, 255, 1), paint_fill(star)));
}

/* ---- portraits ---- */

enum {
    WHO_KAIKO,
    WHO_AMAORI
};
enum {
    FACE_NORMAL,
    FACE_SHY,
    FACE_SMILE,
    FACE_ANGRY,
    FACE_SURPRISED
};

typedef struct face_args {
    int who, mood;
} face_args;

/* One eye at (ex, ey) (side: -1 the left one on screen, +1 the right): the
 * white, the iris in `iris` with a darker top, the pupil, two highlights, the
 * upper lid's lash line; `look` shifts the iris sideways, `lid` lowers the lid
 * (0 open to 1 closed); closed draws a smile's arc instead. */
static rgba eye(rgba c, vec2 p, double ex, double ey, int side, rgba iris, double look, double lid,
                int closed, int angry, int wide)
{
    vec2 q = paint_sub(p, paint_v(ex, ey));
    if (closed) {
        double a = arc(q, 0, 9, 13, 2.0, -PAINT_PI * 0.85, -PAINT_PI * 0.15);
        return paint_over(c, paint_fade(paint_rgb(60, 30, 50, 1), paint_fill(a)));
    }
    double white = wide ? sd_ellipse(q, 15, 19) : sd_ellipse(q, 14, 17);
    double top = (wide ? -19 : -17) + lid * 30; /* the lid's edge: above it no eye */
    double shown = fmax(white, top - q.y);
    c = paint_over(c, paint_fade(paint_rgb(252, 250, 255, 1), paint_fill(shown)));
    vec2 iq = paint_sub(q, paint_v(look, 2));
    double ir = fmax(sd_ellipse(iq, angry || wide ? 8 : 10, angry || wide ? 11.5 : 14), top - q.y);
    rgba ic = paint_mix(paint_darken(iris, 0.55), iris, paint_smoothstep(-12, 6, iq.y));
    c = paint_over(c, paint_fade(ic, paint_fill(ir)));
    double pupil = fmax(sd_ellipse(paint_sub(iq, paint_v(0, 2)), 4.5, 7), top - q.y);
    c = paint_over(c, paint_fade(paint_darken(iris, 0.8), paint_fill(pupil)));
    double hi = fmax(sd_ellipse(paint_sub(iq, paint_v(-4, -5)), 3.2, 4.2), top - q.y);
    c = paint_over(c, paint_fade(paint_rgb(255, 255, 255, 1), paint_fill(hi)));
    double hi2 = fmax(sd_circle(paint_sub(iq, paint_v(4, 6)), 1.6), top - q.y);
    c = paint_over(c, paint_fade(paint_rgb(255, 255, 255, 0.8), paint_fill(hi2)));
    /* the lash line along the lid, thicker at the outer corner */
    double tilt = angry ? side * -0.30 : side * 0.06;
    vec2 lq = paint_rotate(paint_sub(q, paint_v(0, top + 1)), -tilt);
    double lash = sd_ellipse(lq, 16, 3.2 + 1.2 * paint_smoothstep(0, 14, lq.x * -side));
    c = paint_over(c, paint_fade(paint_rgb(50, 28, 40, 1), paint_fill(lash)));
    return paint_over(c, paint_fade(ink, 0.7 * paint_stroke(fmax(white, top - q.y), 0.8)));
}

/* A brow over the eye at (ex, ey): calm, raised (shy: worried), or slanted down
 * toward the nose (angry). */
static rgba brow(rgba c, vec2 p, double ex, double ey, int side, int mood, rgba col)
{
    double tilt = mood == FACE_ANGRY ? side * -0.42 : mood == FACE_SHY ? side * 0.3 : side * 0.05;
    double lift = mood == FACE_SHY ? -4 : mood == FACE_ANGRY ? 3 : mood == FACE_SURPRISED ? -9 : 0;
    double b = ell(p, ex, ey - 27 + lift, 13, 2.4, tilt);
    return paint_over(c, paint_fade(col, paint_fill(b)));
}

/* The mouth at (mx, my): a calm small smile, a proud smile, a wavering shy
 * line, or a frown. */
static rgba mouth(rgba c, vec2 p, double mx, double my, int mood)
{
    vec2 q = paint_sub(p, paint_v(mx, my));
    rgba line = paint_rgb(130, 60, 70, 1);
    if (mood == FACE_SMILE) {
        double m = fmax(sd_ellipse(paint_sub(q, paint_v(0, 1)), 10, 6.5), -q.y - 1);
        c = layer(c, m, paint_rgb(190, 70, 90, 1), 1.0);
        return paint_over(c,
                          paint_fade(paint_rgb(240, 140, 150, 1),
                                     paint_fill(sd_ellipse(paint_sub(q, paint_v(0, 4)), 5, 2.5))));
    }
    if (mood == FACE_SURPRISED) {
        double o = sd_ellipse(paint_sub(q, paint_v(0, 2)), 5.5, 7);
        c = layer(c, o, paint_rgb(170, 60, 80, 1), 1.0);
        return paint_over(c,
                          paint_fade(paint_rgb(230, 120, 130, 1),
                                     paint_fill(sd_ellipse(paint_sub(q, paint_v(0, 5)), 3, 2.5))));
    }
    if (mood == FACE_ANGRY)
        return paint_over(c, paint_fade(line, paint_fill(arc(q, 0, 10, 9, 1.6, -PAINT_PI * 0.8,
                                                             -PAINT_PI * 0.2))));
    if (mood == FACE_SHY) {
        double w = q.y - 1.8 * trig_sin(q.x * 0.7);
        return paint_over(c, paint_fade(line, paint_fill(fmax(fabs(w) - 1.1, fabs(q.x) - 7))));
    }
    return paint_over(
        c, paint_fade(line, paint_fill(arc(q, 0, -6, 8, 1.4, PAINT_PI * 0.25, PAINT_PI * 0.75))));
}

/* Kaiko's bust: the moth's wings spread behind her shoulders, a bob of fluffy
 * white hair, feathery antennae, a ruff of moth fur at her throat, a cream
 * dress; lilac eyes. */
static rgba face_kaiko(vec2 p, int mood)
{
    vec2 m = paint_v(fabs(p.x), p.y);
    rgba c = {0, 0, 0, 0};
    /* the wings behind her */
    double up = ell(m, 86, -36, 40, 70, 0.5);
    double low = ell(m, 84, 86, 38, 50, -0.4);
    rgba silk = paint_rgb(250, 244, 230, 1);
    c = layer(c, low, paint_mix(silk, paint_rgb(214, 196, 176, 1), paint_smoothstep(40, 120, m.x)),
              2);
    vec2 wq = paint_rotate(paint_sub(m, paint_v(86, -36)), -0.5);
    rgba wing = paint_mix(silk, paint_rgb(226, 206, 184, 1), paint_smoothstep(10, 80, m.x));
    c = layer(c, up, wing, 2);
    for (int i = 0; i < 2; i++) {
        double band = fmax(up, fabs(wq.y + 24 - i * 40) - 3.0 - 2.0 * trig_sin(wq.x * 0.15));
        c = paint_over(c, paint_fade(paint_rgb(190, 160, 140, 1), 0.6 * paint_fill(band)));
    }
    double spot = sd_circle(paint_sub(wq, paint_v(6, 0)), 10);
    c = paint_over(c, paint_fade(paint_rgb(150, 120, 140, 1), paint_fill(spot)));
    c = paint_over(c, paint_fade(paint_rgb(230, 210, 255, 1), paint_fill(spot + 5)));
    /* hair behind: a soft, fluffy bob */
    double hb = ell(p, 0, -30, 84, 96, 0);
    for (int i = 0; i < 7; i++)
        hb = fmin(hb, sd_circle(paint_sub(m, paint_v(60 + (i % 2) * 10, -30 + i * 14)), 24));
    rgba hair = paint_rgb(246, 242, 240, 1);
    c = layer(c, hb, paint_darken(hair, 0.12), 2);
    /* the body: a cream dress, the ruff of fur */
    double body = ell(p, 0, 196, 116, 116, 0);
    c = layer(c, body,
              paint_mix(paint_rgb(244, 232, 210, 1), paint_rgb(200, 180, 160, 1),
                        paint_smoothstep(120, 190, p.y)),
              2);
    double seam = fmax(body, fabs(p.x) - 1.2);
    c = paint_over(c, paint_fade(paint_rgb(180, 150, 130, 1), paint_fill(seam)));
    double neck = ell(p, 0, 70, 20, 38, 0);
    c = layer(c, neck, paint_rgb(240, 208, 196, 1), 1.5);
    double ruff = 1e9;
    for (int i = 0; i < 9; i++) {
        double a = PAINT_PI * (0.1 + 0.8 * i / 8.0);
        ruff = fmin(ruff,
                    sd_circle(paint_sub(p, paint_v(-62 * trig_cos(a), 96 + 16 * trig_sin(a))), 19));
    }
    c = layer(c, ruff,
              paint_mix(paint_rgb(255, 255, 252, 1), paint_rgb(220, 214, 220, 1),
                        paint_smoothstep(90, 120, p.y)),
              2);
    /* the face */
    double face = ell(p, 0, -30, 62, 72, 0);
    c = layer(c, face, paint_rgb(255, 232, 220, 1), 2);
    int shy = mood == FACE_SHY || mood == FACE_NORMAL || mood == FACE_SMILE;
    double blush = fmin(ell(p, -40, 6, shy ? 15 : 11, shy ? 7 : 5, 0),
                        ell(p, 40, 6, shy ? 15 : 11, shy ? 7 : 5, 0));
    c = paint_over(
        c, paint_fade(paint_rgb(255, 160, 170, 1), (shy ? 0.85 : 0.55) * paint_fill(blush)));
    if (shy) { /* hatching over the blush */
        for (int s = -1; s <= 1; s += 2)
            for (int i = 0; i < 3; i++) {
                double h = sd_segment(p, paint_v(s * 40 - 8 + i * 6, 10),
                                      paint_v(s * 40 - 4 + i * 6, 2), 0.9);
                c = paint_over(c, paint_fade(paint_rgb(230, 110, 120, 1), paint_fill(h)));
            }
    }
    rgba lilac = paint_rgb(170, 120, 220, 1);
    /* her calm is shy: the gaze aside, the brows worried, the mouth unsure */
    int kmood = mood == FACE_NORMAL ? FACE_SHY : mood;
    double look = kmood == FACE_SHY ? -5 : 0;
    int closed = mood == FACE_SMILE, angry = mood == FACE_ANGRY, wide = mood == FACE_SURPRISED;
    double lid = kmood == FACE_SHY ? 0.3 : angry ? 0.2 : 0.05;
    int bmood = kmood == FACE_SMILE ? FACE_SHY : kmood;
    c = eye(c, p, -26, -20, -1, lilac, look, lid, closed, angry, wide);
    c = eye(c, p, 26, -20, 1, lilac, look, lid, closed, angry, wide);
    c = brow(c, p, -26, -20, -1, bmood, paint_rgb(200, 190, 190, 1));
    c = brow(c, p, 26, -20, 1, bmood, paint_rgb(200, 190, 190, 1));
    c = mouth(c, p, 0, 24, kmood);
    /* bangs: soft rounded locks */
    double bangs = ell(p, 0, -94, 70, 36, 0);
    for (int i = 0; i < 6; i++)
        bangs = fmin(bangs, ell(p, -55 + i * 22, -66 + (i % 2) * 5, 17, 26, (i - 2.5) * 0.14));
    for (int s = -1; s <= 1; s += 2)
        bangs = fmin(bangs, ell(p, s * 62, 0, 11, 40, s * -0.1));
    c = layer(c, bangs, hair, 2);
    double shine = ell(p, -28, -96, 22, 5, -0.25);
    c = paint_over(c, paint_fade(paint_rgb(255, 255, 255, 1), paint_fill(shine)));
    /* the antennae: feathery fronds curling out from the top of her head */
    double stem = curve(m, paint_v(18, -112), paint_v(34, -170), paint_v(84, -176), 2.2, 1.4);
    double fr = 1e9;
    for (int i = 0; i < 9; i++) {
        double t = 0.2 + i * 0.09, u = 1 - t;
        vec2 q = {u * u * 18 + 2 * u * t * 34 + t * t * 84,
                  u * u * -112 + 2 * u * t * -170 + t * t * -176};
        double len = 14 - i * 0.8;
        fr = fmin(fr, sd_segment(m, q, paint_v(q.x + len * 0.5, q.y + len), 1.4));
        fr = fmin(fr, sd_segment(m, q, paint_v(q.x - len * 0.6, q.y - len * 0.8), 1.4));
    }
    return layer(c, fmin(stem, fr), paint_rgb(236, 218, 190, 1), 1.5);
}

/* Amaori's bust: long indigo hair with a fall of stars in it, a comb of gold
 * stars, golden eyes, a robe of deep blue with gold thread at its collar, a
 * halo of threads of light strung between star-knots behind her. */
static rgba face_amaori(vec2 p, int mood)
{
    vec2 m = paint_v(fabs(p.x), p.y);
    rgba c = {0, 0, 0, 0};
    /* the halo: a ring of threads between knots behind her head */
    vec2 hc = paint_v(0, -50);
    double hd = paint_len(paint_sub(p, hc));
    c = paint_add(c,
                  paint_fade(paint_rgb(120, 140, 255, 1), 0.35 * paint_glow(fabs(hd - 112), 10)));
    vec2 knot[10];
    for (int i = 0; i < 10; i++) {
        double a = -PAINT_PI + i * PAINT_PI / 9;
        knot[i] = paint_v(hc.x + 112 * trig_cos(a), hc.y + 112 * trig_sin(a) * 0.9);
    }
    double threads = 1e9;
    for (int i = 0; i < 9; i++)
        threads = fmin(threads, sd_segment(p, knot[i], knot[i + 1], 1.0));
    for (int i = 0; i < 8; i++)
        threads = fmin(threads, sd_segment(p, knot[i], knot[i + 2], 0.6));
    c = paint_add(c, paint_fade(paint_rgb(170, 210, 255, 1), 0.7 * paint_fill(threads)));
    for (int i = 0; i < 10; i++)
        c = sparkle(c, p, knot[i].x, knot[i].y, i % 3 == 0 ? 11 : 7, paint_rgb(255, 236, 170, 1));
    /* long hair behind, to below the shoulders */
    double hb = fmin(ell(p, 0, -20, 92, 112, 0), ell(m, 70, 90, 40, 110, 0.12));
    rgba hair = paint_rgb(44, 40, 110, 1);
    rgba hair_lit = paint_rgb(90, 84, 190, 1);
    c = layer(c, hb, paint_mix(hair, paint_darken(hair, 0.3), paint_smoothstep(0, 180, p.y)), 2);
    /* stars caught in her hair */
    static const double hs[][3] = {{-80, 60, 4}, {76, 110, 5}, {-66, 150, 3.5}, {88, 20, 3.5}};
    for (int i = 0; i < 4; i++)
        if (hb < 0)
            c = sparkle(c, p, hs[i][0], hs[i][1], hs[i][2], paint_rgb(220, 230, 255, 1));
    /* the robe: deep blue, gold-threaded collar crossing */
    double body = ell(p, 0, 200, 118, 118, 0);
    rgba robe = paint_mix(paint_rgb(56, 60, 150, 1), paint_rgb(24, 24, 70, 1),
                          paint_smoothstep(100, 190, p.y));
    c = layer(c, body, robe, 2);
    double neck = ell(p, 0, 70, 20, 38, 0);
    c = layer(c, neck, paint_rgb(240, 212, 204, 1), 1.5);
    for (int s = -1; s <= 1; s += 2) {
        vec2 tri[3] = {{s * -6.0, 96}, {s * 80.0, 120}, {s * 30.0, 192}};
        double col = sd_polygon(p, tri, 3);
        c = layer(c, col, paint_rgb(236, 236, 250, 1), 1.5);
        vec2 band[4] = {{s * -6.0, 96}, {s * 12.0, 96}, {s * 40.0, 192}, {s * 26.0, 192}};
        double b = sd_polygon(p, band, 4);
        c = layer(c, b, paint_rgb(250, 206, 110, 1), 1.0);
    }
    /* the face */
    double face = ell(p, 0, -30, 60, 72, 0);
    c = layer(c, face, paint_rgb(255, 234, 226, 1), 2);
    double blush = fmin(ell(p, -40, 8, 10, 4.5, 0), ell(p, 40, 8, 10, 4.5, 0));
    c = paint_over(c, paint_fade(paint_rgb(255, 170, 180, 1), 0.45 * paint_fill(blush)));
    rgba gold = paint_rgb(230, 170, 50, 1);
    int closed = mood == FACE_SMILE, angry = mood == FACE_ANGRY, wide = mood == FACE_SURPRISED;
    double lid = closed || wide ? 0 : 0.18;
    c = eye(c, p, -26, -20, -1, gold, 0, lid, closed, angry, wide);
    c = eye(c, p, 26, -20, 1, gold, 0, lid, closed, angry, wide);
    c = brow(c, p, -26, -20, -1, mood, paint_rgb(60, 50, 120, 1));
    c = brow(c, p, 26, -20, 1, mood, paint_rgb(60, 50, 120, 1));
    c = mouth(c, p, 0, 24, mood);
    /* a beauty mark under her left eye */
    c = paint_over(c, paint_fade(paint_rgb(90, 50, 70, 1),
                                 paint_fill(sd_circle(paint_sub(p, paint_v(34, 4)), 1.6))));
    /* hair in front: parted bangs, long locks framing the face */
    double bangs = fmin(ell(p, -30, -86, 50, 30, 0.35), ell(p, 30, -86, 50, 30, -0.35));
    bangs = fmin(bangs, fmin(ell(p, -52, -64, 20, 36, 0.3), ell(p, 52, -64, 20, 36, -0.3)));
    for (int s = -1; s <= 1; s += 2)
        bangs = fmin(bangs, ell(p, s * 64, 40, 14, 90, s * -0.06));
    c = layer(c, bangs, paint_mix(hair_lit, hair, paint_smoothstep(-110, -40, p.y)), 2);
    double shine = ell(p, -34, -98, 20, 4.5, 0.35);
    c = paint_over(c, paint_fade(paint_rgb(150, 150, 240, 1), paint_fill(shine)));
    /* the comb: three gold stars on her crown, the middle one largest */
    static const double comb[][3] = {{-36, -118, 12}, {0, -132, 17}, {36, -118, 12}};
    for (int i = 0; i < 3; i++) {
        vec2 q = paint_sub(p, paint_v(comb[i][0], comb[i][1]));
        double st = sd_star(q, 5, comb[i][2], comb[i][2] * 0.45, -PAINT_PI / 2);
        c = paint_add(c, paint_fade(paint_rgb(255, 220, 120, 1), 0.4 * paint_glow(st, 8)));
        c = layer(c, st,
                  paint_mix(paint_rgb(255, 240, 170, 1), paint_rgb(220, 150, 40, 1),
                            paint_smoothstep(-8, 8, q.y)),
                  1.5);
    }
    return c;
}

static rgba face_shade(vec2 p, const void *user)
{
    const face_args *a = user;
    return a->who == WHO_KAIKO ? face_kaiko(p, a->mood) : face_amaori(p, a->mood);
}

/* ---- the backdrop's tiles ---- */

static float clampf(float x, float lo, float hi)
{
    return x < lo ? lo : x > hi ? hi : x;
}

/* Fractal noise over a w x h tile, square cells of `cell` px. */
static float fbm(float u, float v, int w, int h, int cell, int octaves, uint32_t salt)
{
    return paint_tile_fbm(u, v, w, h, cell, cell, octaves, salt);
}

static void put(sheet *s, int x, int y, float r, float g, float b, float a)
{
    uint8_t *p = s->px + ((size_t)y * (size_t)s->w + (size_t)x) * 4;
    p[0] = (uint8_t)clampf(r + 0.5f, 0, 255);
    p[1] = (uint8_t)clampf(g + 0.5f, 0, 255);
    p[2] = (uint8_t)clampf(b + 0.5f, 0, 255);
    p[3] = (uint8_t)clampf(a * 255.0f + 0.5f, 0, 255);
}

/* Adds light (r, g, b) of strength a at (x, y), wrapped into the tile: the
 * colours mixed by strength, the opacity summed. */
static void glow(sheet *s, int x, int y, float r, float g, float b, float a)
{
    x = ((x % s->w) + s->w) % s->w;
    y = ((y % s->h) + s->h) % s->h;
    uint8_t *p = s->px + ((size_t)y * (size_t)s->w + (size_t)x) * 4;
    float da = p[3] / 255.0f, oa = clampf(da + a, 0, 1);
    if (oa <= 0 || a <= 0)
        return;
    float c[3] = {r, g, b};
    for (int i = 0; i < 3; i++)
        p[i] = (uint8_t)clampf((p[i] * da + c[i] * a) / (da + a) + 0.5f, 0, 255);
    p[3] = (uint8_t)clampf(oa * 255.0f + 0.5f, 0, 255);
}

/* The Milky Way: a band of cloud across the tile's diagonal, lit violet and
 * blue, broken by dark lanes (noise), tiling both ways. */
static void draw_nebula(sheet *s)
{
    for (int y = 0; y < s->h; y++)
        for (int x = 0; x < s->w; x++) {
            float u = (float)x + 0.5f, v = (float)y + 0.5f;
            float n = fbm(u, v, s->w, s->h, 64, 5, 41);
            float lane = fbm(u + 40, v, s->w, s->h, 32, 4, 97);
            /* the band: periodic along the diagonal, so the tile still wraps */
            float t = (u + v) / (float)s->w * 2.0f * 3.14159265f;
            float band = 0.5f + 0.5f * sinf(t);
            float a = clampf((n - 0.35f) * 1.6f, 0, 1) * (0.35f + 0.65f * band);
            a *= 1.0f - 0.6f * clampf((lane - 0.5f) * 4.0f, 0, 1);
            float warm = clampf((n - 0.5f) * 3.0f, 0, 1);
            put(s, x, y, 70 + 80 * warm, 60 + 30 * warm, 150 + 60 * warm, a * 0.85f);
        }
}

/* A line of faint light from (x0, y0) to (x1, y1), wrapped into the tile. */
static void faint_line(sheet *s, float x0, float y0, float x1, float y1, float a)
{
    float dx = x1 - x0, dy = y1 - y0, len = sqrtf(dx * dx + dy * dy);
    int steps = (int)(len * 2);
    for (int i = 0; i <= steps; i++) {
        float t = (float)i / (float)steps, px = x0 + dx * t, py = y0 + dy * t;
        for (int oy = -1; oy <= 1; oy++)
            for (int ox = -1; ox <= 1; ox++) {
                float ex = (float)((int)px + ox) + 0.5f - px,
                      ey = (float)((int)py + oy) + 0.5f - py;
                float k = expf(-(ex * ex + ey * ey) * 2.0f) * a * 0.5f;
                glow(s, (int)px + ox, (int)py + oy, 150, 190, 255, k);
            }
    }
}

/* A star of light at (cx, cy), brightness b, a cross on the brightest. */
static void star(sheet *s, float cx, float cy, float b, float warm)
{
    for (int dy = -4; dy <= 4; dy++)
        for (int dx = -4; dx <= 4; dx++) {
            float ex = (float)((int)cx + dx) + 0.5f - cx, ey = (float)((int)cy + dy) + 0.5f - cy;
            float d = sqrtf(ex * ex + ey * ey);
            float a = b * expf(-d * d * 1.4f);
            if (b > 0.75f)
                a += 0.3f * b * expf(-fabsf(ex) * 2.2f) * expf(-ey * ey * 5.0f) +
                     0.3f * b * expf(-fabsf(ey) * 2.2f) * expf(-ex * ex * 5.0f);
            if (a > 0.01f)
                glow(s, (int)cx + dx, (int)cy + dy, 215 + 40 * warm, 220 + 20 * warm,
                     255 - 50 * warm, clampf(a, 0, 1));
        }
}

/* Stars scattered over the tile, and three small constellations (stars joined
 * by faint lines), tiling. */
static void draw_stars(sheet *s)
{
    for (int k = 0; k < 60; k++) {
        float cx = paint_tile_hash(k, 1, 7) * (float)s->w,
              cy = paint_tile_hash(k, 2, 7) * (float)s->h;
        float b = 0.25f + 0.6f * paint_tile_hash(k, 3, 7) * paint_tile_hash(k, 4, 7);
        star(s, cx, cy, b, paint_tile_hash(k, 5, 7));
    }
    static const float con[3][5][2] = {
        {{30, 40}, {62, 30}, {90, 52}, {76, 84}, {44, 78}},
        {{150, 120}, {176, 100}, {206, 112}, {228, 96}, {240, 130}},
        {{60, 170}, {92, 196}, {80, 232}, {122, 214}, {140, 246}},
    };
    for (int c = 0; c < 3; c++) {
        for (int i = 0; i < 4; i++)
            faint_line(s, con[c][i][0], con[c][i][1], con[c][i + 1][0], con[c][i + 1][1], 0.35f);
        for (int i = 0; i < 5; i++)
            star(s, con[c][i][0], con[c][i][1], 0.85f + 0.15f * (float)(i % 2), 0.3f);
    }
}

/* The warp: threads of light hanging down the tile, each a thin line that
 * sways a little (periodic in y), brighter where beads of light run down it;
 * a faint weft crossing them here and there. */
static void draw_threads(sheet *s)
{
    static const float colours[4][3] = {
        {140, 200, 255}, {200, 160, 255}, {120, 240, 230}, {255, 220, 160}};
    for (int t = 0; t < 12; t++) {
        float x0 = ((float)t + 0.3f * paint_tile_hash(t, 1, 3)) * (float)s->w / 12.0f;
        float amp = 2.0f + 3.0f * paint_tile_hash(t, 2, 3);
        float ph = paint_tile_hash(t, 3, 3) * 6.283f;
        const float *col = colours[t % 4];
        float bright = 0.25f + 0.35f * paint_tile_hash(t, 4, 3);
        for (int y = 0; y < s->h; y++) {
            float cx = x0 + amp * sinf((float)y / (float)s->h * 6.283f * 2 + ph);
            float bead = 0.5f + 0.5f * sinf((float)y / (float)s->h * 6.283f * 3 + ph * 2);
            bead = bead * bead * bead * bead;
            for (int dx = -3; dx <= 3; dx++) {
                float ex = (float)((int)cx + dx) + 0.5f - cx;
                float a = (bright + 0.6f * bead) * expf(-ex * ex * 1.3f);
                glow(s, (int)cx + dx, y, col[0], col[1], col[2], clampf(a, 0, 1));
            }
        }
    }
    for (int w = 0; w < 3; w++) {
        float y0 = (float)s->h * ((float)w + 0.5f) / 3.0f;
        for (int x = 0; x < s->w; x++) {
            float cy = y0 + 3.0f * sinf((float)x / (float)s->w * 6.283f * 3);
            for (int dy = -2; dy <= 2; dy++) {
                float ey = (float)((int)cy + dy) + 0.5f - cy;
                glow(s, x, (int)cy + dy, 255, 230, 200, 0.12f * expf(-ey * ey * 1.5f));
            }
        }
    }
}

/* The great wheel: a gold rim, twelve spokes, a ring of star-knots joined by
 * threads into a twelve-pointed star polygon, a glowing hub; faint (it turns
 * behind a spell card, additive). */
static rgba wheel_shade(vec2 p, const void *user)
{
    (void)user;
    double d = paint_len(p);
    rgba c = paint_fade(paint_rgb(90, 110, 255, 1), 0.25 * paint_glow(fabs(d - 100), 16));
    double rim = fmin(fabs(d - 100) - 2.0, fabs(d - 92) - 0.8);
    double spokes = 1e9;
    for (int i = 0; i < 12; i++) {
        vec2 r = paint_rotate(p, -i * PAINT_PI / 6);
        spokes = fmin(spokes, sd_segment(r, paint_v(16, 0), paint_v(92, 0), 0.9));
    }
    c = paint_add(c, paint_fade(paint_rgb(240, 200, 120, 1), 0.7 * paint_fill(fmin(rim, spokes))));
    vec2 knot[12];
    for (int i = 0; i < 12; i++)
        knot[i] = paint_v(112 * trig_cos(i * PAINT_PI / 6), 112 * trig_sin(i * PAINT_PI / 6));
    double th = 1e9;
    for (int i = 0; i < 12; i++)
        th = fmin(th, sd_segment(p, knot[i], knot[(i + 5) % 12], 0.5));
    c = paint_add(c, paint_fade(paint_rgb(160, 210, 255, 1),
                                0.5 * paint_fill(th) + 0.15 * paint_glow(th, 3)));
    for (int i = 0; i < 12; i++)
        c = sparkle(c, p, knot[i].x, knot[i].y, i % 3 == 0 ? 6 : 4, paint_rgb(255, 240, 200, 1));
    double hub = sd_circle(p, 14);
    c = paint_add(c, paint_fade(paint_rgb(200, 210, 255, 1), 0.5 * paint_glow(hub, 12)));
    return paint_add(c, paint_fade(paint_rgb(220, 200, 140, 1), 0.8 * paint_stroke(hub, 1.0)));
}

/* ---- main ---- */

int main(int argc, char **argv)
{
    static const tool_usage usage = {
        "sheets_stage5", "DIR", "draws stage 5's pictures into DIR (patterns/stage5/art)", 1, 1};
    int args = tool_args(argc, argv, &usage);
    if (args >= 0)
        return args;
    const char *dir = argv[1];
    sheet looks, faces, nebula, stars, threads, wheel;
    if (sheet_new(&looks, 256, 200) || sheet_new(&faces, 8 * 256, 384) ||
        sheet_new(&nebula, 256, 256) || sheet_new(&stars, 256, 256) ||
        sheet_new(&threads, 256, 256) || sheet_new(&wheel, 256, 256))
        return 1;
    for (int f = 0; f < 2; f++) {
        look_args a = {f};
        sheet_paint(&looks, f * 40, 0, 40, 24, look_shuttle, &a);
        sheet_paint(&looks, f * 56, 32, 56, 56, look_loom, &a);
        sheet_paint(&looks, 112 + f * 72, 32, 72, 72, look_kaiko, &a);
        sheet_paint(&looks, f * 96, 104, 96, 96, look_amaori, &a);
    }
    for (int f = 0; f < 4; f++) {
        look_args a = {f};
        sheet_paint(&looks, 80 + f * 32, 0, 32, 32, look_spindle, &a);
    }
    static const face_args who[8] = {{WHO_KAIKO, FACE_NORMAL},  {WHO_KAIKO, FACE_SMILE},
                                     {WHO_KAIKO, FACE_ANGRY},   {WHO_KAIKO, FACE_SURPRISED},
                                     {WHO_AMAORI, FACE_NORMAL}, {WHO_AMAORI, FACE_SMILE},
                                     {WHO_AMAORI, FACE_ANGRY},  {WHO_AMAORI, FACE_SURPRISED}};
    for (int i = 0; i < 8; i++)
        sheet_paint(&faces, i * 256, 0, 256, 384, face_shade, &who[i]);
    draw_nebula(&nebula);
    draw_stars(&stars);
    draw_threads(&threads);
    sheet_paint(&wheel, 0, 0, 256, 256, wheel_shade, NULL);
    int rc = sheet_save(&looks, dir, "looks.png") | sheet_save(&faces, dir, "faces.png") |
             sheet_save(&nebula, dir, "nebula.png") | sheet_save(&stars, dir, "stars.png") |
             sheet_save(&threads, dir, "threads.png") | sheet_save(&wheel, dir, "wheel.png");
    return rc ? 1 : 0;
}
