/*
 * sheets_extra: draws every picture of the Extra stage, "The Hour Before
 * Dawn" (patterns/extra/), in code as every picture of curtain is drawn, into
 * patterns/extra/art/:
 *
 *   looks.png      512x128  the looks (art shapes) of its enemies and its boss:
 *                           ex_mote      32x32  x4 at (0, 0)    a mote of early light, twinkling
 *                           ex_lark      40x32  x4 at (128, 0)  a lark of the dawn chorus, flapping
 *                           ex_tatter    56x56  x2 at (0, 32)   a tatter of the night curtain,
 * fraying ex_venus     64x64  x2 at (112, 32) the morning star, its rays breathing ex_shinonome
 * 96x96  x2 at (240, 32) Shinonome: a dawn sun between parted curtains, rays turning faces.png
 * 768x384  Shinonome's portraits, 256x384 each: normal (a bright, playful grin), smile (eyes shut,
 * laughing), surprised threads.png    256x256  dissolving threads of the night curtain, tiling
 *   glow.png       256x256  the glow of a dawn below the horizon, placed (additive)
 *   motes.png      128x128  motes of early light on nothing, tiling (additive)
 *
 * The sprites and portraits are shaders drawn by paint_frame (tools/atlas/paint.h),
 * 4x4 samples a pixel; the backdrop tiles use value noise whose lattice wraps at
 * the tile's size, so the layers scroll without a seam. The backdrops are dark
 * and soft on purpose: the field's bullets are drawn over them.
 *
 * usage: sheets_extra DIR   (`cmake --build BUILD --target sheets_extra_draw` draws them into
 *        patterns/extra/art)
 */
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

/* A sprite's shader with its frame number. */
typedef struct frame_user {
    int frame;
} frame_user;

static vec2 mirror_x(vec2 p)
{
    return paint_v(fabs(p.x), p.y);
}

/* Diffuse light from the top left on a sphere of radius r at the origin. */
static double sphere_light(vec2 p, double r)
{
    double x = p.x / r, y = p.y / r, zz = 1.0 - x * x - y * y;
    double z = zz > 0 ? sqrt(zz) : 0.0;
    return paint_clamp(-0.45 * x - 0.55 * y + 0.7 * z, 0.0, 1.0);
}

/* Draws a frame of w x h at (x, y) of the sheet with the shader. */
static void sheet_frame(sheet *s, int x, int y, int w, int h, paint_shader f, const void *user)
{
    paint_frame(s->px + ((size_t)y * (size_t)s->w + (size_t)x) * 4, s->w * 4, w, h, 0.0, f, user);
}

/* A mote of early light: a white-gold core, a four-pointed sparkle turning an
 * eighth of a turn over the four frames, a rose halo that breathes. */
static rgba look_mote(vec2 p, const void *user)
{
    int f = ((const frame_user *)user)->frame;
    double d = paint_len(p);
    rgba c =
        paint_fade(paint_rgb(255, 140, 150, 1.0), (0.45 + 0.1 * (f % 2)) * paint_glow(d, 15.0));
    vec2 q = paint_rotate(p, f * PAINT_PI / 16);
    double spark = sd_star(q, 4, 13.0 - (f % 2), 2.6, 0.0);
    c = paint_over(c, paint_fade(paint_rgb(255, 226, 150, 1.0), paint_fill(spark)));
    double ring = fabs(d - 8.5) - 1.0;
    c = paint_over(c, paint_fade(paint_rgb(255, 170, 120, 1.0), 0.7 * paint_fill(ring)));
    rgba core = paint_mix(paint_rgb(255, 255, 250, 1.0), paint_rgb(255, 200, 110, 1.0),
                          paint_smoothstep(0.0, 5.0, d));
    return paint_over(c, paint_fade(core, paint_fill(d - 5.0)));
}

/* A lark of light seen from below: a pale gold body, wings swept and beating
 * (up, level, down, level over the four frames), rose tips, a forked tail. */
static rgba look_lark(vec2 p, const void *user)
{
    int f = ((const frame_user *)user)->frame;
    static const double lift[4] = {-7.0, 0.0, 6.0, 0.0};
    vec2 m = mirror_x(p);
    double up = lift[f];
    rgba c = paint_fade(paint_rgb(255, 200, 150, 1.0), 0.35 * paint_glow(paint_len(p) - 6.0, 12.0));
    vec2 wing[5] = {
        {2.0, -2.0}, {11.0, -3.0 + up * 0.5}, {19.0, up}, {13.0, 3.0 + up * 0.4}, {3.0, 4.0}};
    double dw = sd_polygon(m, wing, 5);
    vec2 tail[4] = {{0, 6.0}, {3.5, 14.0}, {0, 11.0}, {-3.5, 14.0}};
    double dt = sd_polygon(p, tail, 4);
    double body = sd_ellipse(paint_v(p.x, p.y), 3.6, 8.0);
    double head = sd_circle(paint_v(p.x, p.y + 7.0), 3.2);
    double all = fmin(fmin(dw, dt), fmin(body, head));
    c = paint_over(c, paint_fade(paint_rgb(90, 40, 70, 1.0), paint_fill(all - 1.0)));
    rgba wing_c = paint_mix(paint_rgb(255, 236, 190, 1.0), paint_rgb(255, 120, 150, 1.0),
                            paint_smoothstep(8.0, 19.0, m.x));
    c = paint_over(c, paint_fade(wing_c, paint_fill(fmin(dw, dt))));
    rgba body_c = paint_mix(paint_rgb(200, 140, 80, 1.0), paint_rgb(255, 246, 220, 1.0),
                            sphere_light(p, 8.0));
    c = paint_over(c, paint_fade(body_c, paint_fill(fmin(body, head))));
    /* the beak, pointing down toward the player, and two dark eyes */
    vec2 beak[3] = {{-1.5, 9.5}, {1.5, 9.5}, {0, 13.0}};
    c = paint_over(c, paint_fade(paint_rgb(255, 170, 60, 1.0), paint_fill(sd_polygon(p, beak, 3))));
    double eyes = sd_circle(paint_v(m.x - 1.6, p.y - 8.0), 0.9);
    return paint_over(c, paint_fade(paint_rgb(40, 20, 40, 1.0), paint_fill(eyes)));
}

/* A tatter of the night curtain: a ragged square of indigo cloth with gold
 * hem stitches, threads fraying from its lower edge; it sways between the two
 * frames. */
static rgba look_tatter(vec2 p, const void *user)
{
    int f = ((const frame_user *)user)->frame;
    double sway = f ? 1.0 : -1.0;
    vec2 q = paint_v(p.x - sway * (p.y + 20.0) * 0.06, p.y);
    rgba c = paint_fade(paint_rgb(150, 110, 255, 1.0), 0.3 * paint_glow(paint_len(p) - 14.0, 14.0));
    /* the cloth: a box whose bottom edge is torn (a noisy cut) */
    double torn = 8.0 + 6.0 * paint_noise(q.x * 0.35 + 10.0, 3.0, 41);
    double cloth = fmax(sd_box(paint_v(q.x, q.y + 4.0), 18.0, 16.0, 3.0), q.y - torn);
    /* threads hanging from the tear, waving */
    double threads = 1e9;
    for (int i = 0; i < 7; i++) {
        double tx = -15.0 + i * 5.0;
        double len = 9.0 + 8.0 * paint_hash(i, 3, 17);
        double wy = q.y - torn;
        double wave = tx + 1.6 * sin(wy * 0.5 + i + sway);
        double th = fabs(q.x - wave) - 0.8;
        th = fmax(th, fmax(-wy - 2.0, wy - len));
        threads = fmin(threads, th);
    }
    c = paint_over(c, paint_fade(paint_rgb(255, 210, 120, 1.0), 0.9 * paint_fill(threads)));
    c = paint_over(c, paint_fade(paint_rgb(20, 10, 40, 1.0), paint_fill(cloth - 1.2)));
    double folds = 0.5 + 0.5 * sin(q.x * 0.45 + sway * 0.6);
    rgba cloth_c = paint_mix(paint_rgb(40, 24, 96, 1.0), paint_rgb(96, 70, 170, 1.0), folds);
    c = paint_over(c, paint_fade(cloth_c, paint_fill(cloth)));
    /* gold stitches along the hem and the seam across it */
    double stitch_line = fmin(fabs(q.y + 16.0), fabs(q.y - 1.0));
    double dash = fmod(fabs(q.x) + 40.0, 5.0) < 3.0 ? 1.0 : 0.0;
    double stitch = fmax(stitch_line - 0.8, fabs(q.x) - 15.0);
    c = paint_over(c, paint_fade(paint_rgb(255, 214, 120, 1.0),
                                 dash * paint_fill(stitch) * paint_fill(cloth + 0.5)));
    /* a rose glint of dawn through a hole in the cloth */
    double hole = sd_circle(paint_v(q.x - 5.0, q.y + 6.0), 3.0);
    c = paint_over(c, paint_fade(paint_rgb(255, 150, 150, 1.0), 0.8 * paint_glow(hole, 4.0)));
    return paint_over(c, paint_fade(paint_rgb(255, 240, 220, 1.0), paint_fill(hole)));
}

/* The morning star: four long rays and four short ones round a white core,
 * a pale blue halo; on the second frame the rays reach further. */
static rgba look_venus(vec2 p, const void *user)
{
    int f = ((const frame_user *)user)->frame;
    double d = paint_len(p);
    rgba c = paint_fade(paint_rgb(150, 200, 255, 1.0), 0.5 * paint_glow(d - 6.0, 24.0));
    double big = sd_star(p, 4, f ? 31.0 : 27.0, 4.0, 0.0);
    double small = sd_star(paint_rotate(p, PAINT_PI / 4), 4, f ? 17.0 : 19.0, 3.2, 0.0);
    c = paint_over(c, paint_fade(paint_rgb(200, 230, 255, 1.0), 0.8 * paint_fill(small)));
    c = paint_over(c, paint_fade(paint_rgb(255, 250, 230, 1.0), paint_fill(big)));
    double ring = fabs(d - 12.0) - 0.8;
    c = paint_over(c, paint_fade(paint_rgb(255, 220, 160, 1.0), 0.8 * paint_fill(ring)));
    rgba core = paint_mix(paint_rgb(255, 255, 255, 1.0), paint_rgb(170, 210, 255, 1.0),
                          paint_smoothstep(2.0, 8.0, d));
    return paint_over(c, paint_fade(core, paint_fill(d - 8.0)));
}

/* Shinonome: the dawn between the parted curtains. A sun of white and gold
 * with twelve rays of rose and amber turning half a ray between the frames;
 * two drapes of the night curtain, indigo with gold edges, pulled back to
 * each side (further open on the second frame); a crown of three light
 * points above and a rose jewel at the heart. */
static rgba look_shinonome(vec2 p, const void *user)
{
    int f = ((const frame_user *)user)->frame;
    double d = paint_len(p);
    double ang = atan2(p.y, p.x);
    rgba c = paint_fade(paint_rgb(255, 160, 110, 1.0), 0.45 * paint_glow(d - 18.0, 30.0));
    /* rays */
    double u = ang / (PAINT_PI / 6) + 0.5 + (f ? 0.5 : 0.0);
    double fr = fabs(u - floor(u) - 0.5);
    double len = 44.0 - 4.0 * (fmod(floor(u), 2.0) == 0.0);
    double ray = fmax(fr * d * 0.55 - 2.2 * (1.0 - d / len), d - len);
    rgba ray_c = paint_mix(paint_rgb(255, 236, 180, 1.0), paint_rgb(255, 110, 140, 1.0),
                           paint_smoothstep(18.0, 44.0, d));
    c = paint_over(c, paint_fade(ray_c, 0.85 * paint_fill(ray)));
    /* the drapes: curved sheets from the top corners, parted round the sun */
    vec2 m = mirror_x(p);
    double open = f ? 4.0 : 0.0;
    double inner = 26.0 + open + 0.012 * (p.y + 10.0) * (p.y + 10.0);
    double drape = fmax(fmax(inner - m.x, m.x - 44.0), fmax(-p.y - 42.0, p.y - 28.0));
    c = paint_over(c, paint_fade(paint_rgb(16, 8, 36, 1.0), paint_fill(drape - 1.2)));
    double folds = 0.5 + 0.5 * sin(m.x * 0.9 - p.y * 0.08);
    rgba cloth = paint_mix(paint_rgb(36, 22, 90, 1.0), paint_rgb(92, 64, 170, 1.0), folds);
    cloth = paint_mix(cloth, paint_rgb(190, 90, 140, 1.0), paint_smoothstep(0.0, 30.0, p.y) * 0.5);
    c = paint_over(c, paint_fade(cloth, paint_fill(drape)));
    double hem = fabs(m.x - inner) - 1.2;
    c = paint_over(c, paint_fade(paint_rgb(255, 210, 120, 1.0),
                                 paint_fill(fmax(hem, fmax(-p.y - 42.0, p.y - 28.0)))));
    /* the sun */
    c = paint_over(c, paint_fade(paint_rgb(120, 50, 40, 1.0), paint_fill(d - 19.5)));
    rgba sun = paint_mix(paint_rgb(255, 255, 245, 1.0), paint_rgb(255, 170, 70, 1.0),
                         paint_smoothstep(2.0, 19.0, d + (p.x + p.y) * 0.25));
    c = paint_over(c, paint_fade(sun, paint_fill(d - 18.5)));
    c = paint_over(c, paint_fade(paint_rgb(255, 240, 190, 1.0), paint_stroke(d - 14.0, 0.6)));
    /* the crown of light above */
    for (int i = -1; i <= 1; i++) {
        double s = sd_star(paint_v(p.x - i * 11.0, p.y + 30.0 + (i == 0 ? 4.0 : 0.0)), 4,
                           i == 0 ? 7.0 : 5.0, 1.4, 0.0);
        c = paint_over(c, paint_fade(paint_rgb(255, 250, 220, 1.0), paint_fill(s)));
    }
    /* the jewel */
    double jewel = sd_circle(p, 4.0);
    c = paint_over(
        c, paint_fade(paint_rgb(255, 90, 120, 1.0), (f ? 0.9 : 0.6) * paint_glow(jewel, 4.0)));
    rgba jc = paint_mix(paint_rgb(255, 210, 220, 1.0), paint_rgb(210, 30, 70, 1.0),
                        paint_smoothstep(-4.0, 0.0, jewel));
    return paint_over(c, paint_fade(jc, paint_fill(jewel)));
}

/* ---- the portraits ---- */

/* An expression of Shinonome's portrait. */
typedef struct face_user {
    int mood; /* 0 normal (a playful grin), 1 laughing (eyes shut), 2 surprised, 3 angry */
} face_user;

/* One eye: the white, a gold iris with a rose rim, the pupil, two glints, the
 * upper lid; shut, a laughing arc; surprised, wider and the iris smaller. */
static rgba face_eye(rgba c, vec2 p, double ex, double ey, int side, int mood)
{
    vec2 q = paint_v(p.x - ex, p.y - ey);
    if (mood == 1) {
        double arc = fabs(paint_len(paint_v(q.x, q.y - 8.0)) - 11.0) - 1.8;
        arc = fmax(arc, q.y - 2.0);
        return paint_over(c, paint_fade(paint_rgb(80, 30, 40, 1.0), paint_fill(arc)));
    }
    double big = mood == 2 ? 1.15 : 1.0;
    double white = sd_ellipse(q, 14.0 * big, 16.5 * big);
    c = paint_over(c, paint_fade(paint_rgb(70, 30, 40, 1.0), paint_fill(white - 1.4)));
    c = paint_over(c, paint_fade(paint_rgb(255, 252, 248, 1.0), paint_fill(white)));
    double ir = mood == 2 ? 8.0 : 10.5;
    double iris = sd_ellipse(paint_v(q.x, q.y - 2.0), ir, ir * 1.3);
    rgba iris_c = paint_mix(paint_rgb(255, 206, 90, 1.0), paint_rgb(220, 90, 60, 1.0),
                            paint_smoothstep(-8.0, 10.0, q.y));
    c = paint_over(c, paint_fade(iris_c, paint_fill(fmax(iris, white))));
    c = paint_over(
        c, paint_fade(paint_rgb(150, 40, 60, 1.0), paint_stroke(iris, 0.7) * paint_fill(white)));
    double pupil = sd_ellipse(paint_v(q.x, q.y - 2.0), ir * 0.42, ir * 0.6);
    c = paint_over(c, paint_fade(paint_rgb(90, 24, 30, 1.0), paint_fill(fmax(pupil, white))));
    c = paint_over(c, paint_fade(paint_rgb(255, 255, 255, 1.0),
                                 paint_fill(sd_circle(paint_v(q.x + 4.0 * side, q.y + 5.0), 3.6))));
    c = paint_over(c, paint_fade(paint_rgb(255, 255, 255, 1.0),
                                 paint_fill(sd_circle(paint_v(q.x - 4.0 * side, q.y - 5.0), 1.8))));
    if (mood == 3) { /* a narrowed glare: the lid comes down over the top */
        double shut = fmax(white, -(q.y + 7.0 + side * q.x * 0.25));
        c = paint_over(
            c, paint_fade(paint_rgb(250, 210, 196, 1.0), paint_fill(-shut) * paint_fill(white)));
        c = paint_over(c, paint_fade(paint_rgb(60, 24, 36, 1.0),
                                     paint_stroke(q.y + 7.0 + side * q.x * 0.25, 1.6) *
                                         paint_fill(white - 1.0)));
    }
    /* the upper lid and a lash flicking out at the corner */
    double lid = fabs(paint_len(paint_v(q.x, q.y + 2.0)) - 16.5 * big) - 2.2;
    lid = fmax(lid, q.y + 6.0 * big);
    double lash = sd_segment(q, paint_v(-side * 13.0 * big, -9.0 * big),
                             paint_v(-side * 19.0 * big, -14.0 * big), 1.6);
    c = paint_over(c, paint_fade(paint_rgb(60, 24, 36, 1.0), paint_fill(fmin(lid, lash))));
    /* brows: arched high when surprised, lifted playfully otherwise */
    double by = mood == 2 ? -30.0 : -25.0;
    double brow =
        sd_segment(q, paint_v(-11.0, by + side * 2.0), paint_v(11.0, by - side * 2.0), 1.8);
    return paint_over(c, paint_fade(paint_rgb(200, 110, 90, 1.0), paint_fill(brow)));
}

/* Shinonome's bust: a halo of dawn rays behind, long hair from rose at the
 * roots to gold at the tips spreading out like light, a dress of the dawn sky
 * (indigo hem, rose, a gold collar), a small rising sun in her hair; her face
 * with the mood's eyes and mouth. */
static rgba look_face(vec2 p, const void *user)
{
    int mood = ((const face_user *)user)->mood;
    /* picture coordinates: the origin at the cell's centre; move it to the face */
    vec2 f = paint_v(p.x, p.y + 42.0); /* the face's centre at (128, 150) of the cell */
    double ang = atan2(f.y, f.x), d = paint_len(f);
    rgba c = {0, 0, 0, 0};
    /* the halo: soft rose-gold rays behind her head */
    double u = ang / (PAINT_PI / 9) + 0.5;
    double fr = fabs(u - floor(u) - 0.5);
    double ray = fmax(fr * d * 0.25 - 3.0, fabs(d - 118.0) - 40.0);
    c = paint_over(c, paint_fade(paint_rgb(255, 200, 140, 1.0),
                                 0.35 * paint_fill(ray) * paint_smoothstep(160.0, 90.0, d)));
    c = paint_over(c, paint_fade(paint_rgb(255, 170, 130, 1.0), 0.3 * paint_glow(d - 70.0, 60.0)));
    /* the hair behind: a wide shape spreading down to the shoulders */
    double back = sd_ellipse(paint_v(f.x, f.y - 40.0), 104.0 - 0.1 * f.y, 150.0);
    back = fmax(back, f.y - 200.0);
    rgba hair_c = paint_mix(paint_rgb(255, 120, 140, 1.0), paint_rgb(255, 214, 120, 1.0),
                            paint_smoothstep(-60.0, 160.0, f.y));
    rgba hair_dark = paint_darken(hair_c, 0.18);
    c = paint_over(c, paint_fade(paint_rgb(70, 24, 40, 1.0), paint_fill(back - 2.0)));
    double strands = 0.5 + 0.5 * sin(f.x * 0.22 + 3.0 * sin(f.y * 0.02));
    c = paint_over(c, paint_fade(paint_mix(hair_dark, hair_c, strands * 0.6), paint_fill(back)));
    /* the body: shoulders in the dress, a gold collar, a rose sash */
    vec2 b = paint_v(p.x, p.y - 180.0);
    double body = sd_ellipse(b, 116.0, 118.0);
    c = paint_over(c, paint_fade(paint_rgb(30, 16, 40, 1.0), paint_fill(body - 2.0)));
    rgba dress = paint_mix(paint_rgb(255, 236, 220, 1.0), paint_rgb(150, 90, 190, 1.0),
                           paint_smoothstep(-80.0, 40.0, b.y));
    dress = paint_mix(dress, paint_rgb(40, 26, 96, 1.0), paint_smoothstep(10.0, 80.0, b.y));
    c = paint_over(c, paint_fade(dress, paint_fill(body)));
    /* a V neckline edged in gold, and a gold sun brooch where it meets */
    double collar = fmin(sd_segment(b, paint_v(-46.0, -100.0), paint_v(0, -44.0), 5.0),
                         sd_segment(b, paint_v(46.0, -100.0), paint_v(0, -44.0), 5.0));
    collar = fmin(collar, sd_star(paint_v(b.x, b.y + 44.0), 8, 13.0, 8.0, 0.0));
    c = paint_over(c, paint_fade(paint_rgb(60, 30, 30, 1.0), paint_fill(collar - 1.5)));
    c = paint_over(c, paint_fade(paint_rgb(255, 206, 110, 1.0), paint_fill(collar)));
    double sash = fabs(b.y + 10.0 + 0.2 * b.x) - 9.0;
    c = paint_over(c, paint_fade(paint_rgb(230, 70, 100, 1.0), paint_fill(fmax(sash, body))));
    /* the neck and face */
    double neck = sd_box(paint_v(f.x, f.y - 86.0), 20.0, 26.0, 8.0);
    c = paint_over(c, paint_fade(paint_rgb(60, 30, 30, 1.0), paint_fill(neck - 1.5)));
    c = paint_over(c, paint_fade(paint_rgb(240, 200, 184, 1.0), paint_fill(neck)));
    double face = sd_ellipse(paint_v(f.x, f.y - (f.y > 0 ? f.y * 0.08 : 0.0)), 63.0, 74.0);
    c = paint_over(c, paint_fade(paint_rgb(70, 30, 30, 1.0), paint_fill(face - 2.0)));
    rgba skin = paint_mix(paint_rgb(255, 234, 218, 1.0), paint_rgb(250, 210, 196, 1.0),
                          paint_smoothstep(-40.0, 70.0, f.y));
    c = paint_over(c, paint_fade(skin, paint_fill(face)));
    /* bangs: pointed locks across the forehead, like rays */
    double bangs = 1e9;
    for (int i = 0; i < 7; i++) {
        double x = -60.0 + i * 20.0;
        double len = 52.0 + 12.0 * (i % 2) - 6.0 * (i == 0 || i == 6);
        vec2 lock[3] = {{x - 14.0, -84.0 + 8.0 * (i == 0 || i == 6)},
                        {x + 14.0, -84.0 + 8.0 * (i == 0 || i == 6)},
                        {x + 2.0 * (i - 3), -84.0 + len}};
        bangs = fmin(bangs, sd_polygon(f, lock, 3));
    }
    double crown = sd_ellipse(paint_v(f.x, f.y + 70.0), 72.0, 30.0);
    double hair_front = fmin(bangs, crown);
    c = paint_over(c, paint_fade(paint_rgb(90, 30, 50, 1.0), paint_fill(hair_front - 1.6)));
    c = paint_over(c, paint_fade(paint_mix(hair_c, paint_rgb(255, 150, 160, 1.0), 0.4),
                                 paint_fill(hair_front)));
    /* side locks falling past the cheeks */
    vec2 fm = mirror_x(f);
    double side =
        sd_segment(fm, paint_v(66.0, -30.0), paint_v(80.0, 120.0), 8.0 + 0.04 * (fm.y + 30.0));
    c = paint_over(c, paint_fade(paint_rgb(90, 30, 50, 1.0), paint_fill(side - 1.6)));
    c = paint_over(c, paint_fade(hair_c, paint_fill(side)));
    double shine = sd_ellipse(paint_rotate(paint_v(f.x + 28.0, f.y + 90.0), 0.3), 22.0, 5.0);
    c = paint_over(c, paint_fade(paint_rgb(255, 246, 220, 1.0), 0.8 * paint_fill(shine)));
    /* the rising sun in her hair: a half disc with short rays, over her left */
    vec2 s = paint_v(f.x + 52.0, f.y + 96.0);
    double sun = fmax(sd_circle(s, 17.0), s.y - 3.0);
    double sun_rays = fmax(sd_star(s, 8, 30.0, 17.0, -PAINT_PI / 2), s.y - 3.0);
    c = paint_over(c, paint_fade(paint_rgb(255, 220, 140, 1.0), 0.9 * paint_fill(sun_rays)));
    c = paint_over(c, paint_fade(paint_rgb(120, 40, 30, 1.0), paint_fill(sun - 1.5)));
    c = paint_over(c,
                   paint_fade(paint_mix(paint_rgb(255, 250, 220, 1.0), paint_rgb(255, 120, 80, 1.0),
                                        paint_smoothstep(-17.0, 3.0, s.y)),
                              paint_fill(sun)));
    /* eyes, blush, mouth */
    c = face_eye(c, f, -26.0, 8.0, -1, mood);
    c = face_eye(c, f, 26.0, 8.0, 1, mood);
    double blush = fmin(sd_ellipse(paint_v(f.x + 40.0, f.y - 34.0), 11.0, 5.0),
                        sd_ellipse(paint_v(f.x - 40.0, f.y - 34.0), 11.0, 5.0));
    c = paint_over(c, paint_fade(paint_rgb(255, 150, 160, 1.0), 0.7 * paint_fill(blush)));
    vec2 mq = paint_v(f.x, f.y - 50.0);
    if (mood == 3) { /* a pout: a short frown, a fang showing */
        double frown = fabs(paint_len(paint_v(mq.x, mq.y - 10.0)) - 11.0) - 1.8;
        frown = fmax(frown, mq.y - 4.0);
        c = paint_over(c, paint_fade(paint_rgb(110, 40, 50, 1.0), paint_fill(frown)));
        vec2 fang[3] = {{3.0, 0.5}, {8.0, 0.5}, {5.5, 5.0}};
        c = paint_over(
            c, paint_fade(paint_rgb(255, 255, 255, 1.0), paint_fill(sd_polygon(mq, fang, 3))));
    } else if (mood == 2) { /* a small round "oh" */
        double o = sd_ellipse(mq, 6.5, 8.5);
        c = paint_over(c, paint_fade(paint_rgb(90, 30, 40, 1.0), paint_fill(o - 1.2)));
        c = paint_over(c, paint_fade(paint_rgb(170, 60, 80, 1.0), paint_fill(o)));
    } else { /* a wide grin, open (laughing wider), the tongue showing */
        double w = mood == 1 ? 16.0 : 13.0;
        double grin = fmax(sd_ellipse(paint_v(mq.x, mq.y + 2.0), w, w * 0.75), -(mq.y + 1.0));
        c = paint_over(c, paint_fade(paint_rgb(90, 30, 40, 1.0), paint_fill(grin - 1.2)));
        c = paint_over(c, paint_fade(paint_rgb(180, 60, 80, 1.0), paint_fill(grin)));
        double tongue = sd_ellipse(paint_v(mq.x, mq.y - 6.0), w * 0.5, 3.5);
        c = paint_over(c,
                       paint_fade(paint_rgb(250, 140, 150, 1.0), paint_fill(fmax(tongue, grin))));
        if (mood == 0) { /* a fang of mischief */
            vec2 fang[3] = {{4.0, -1.0}, {9.0, -1.0}, {6.5, 4.0}};
            c = paint_over(
                c, paint_fade(paint_rgb(255, 255, 255, 1.0), paint_fill(sd_polygon(mq, fang, 3))));
        }
    }
    return c;
}

/* ---- the backdrop tiles ---- */

/* Value noise with a lattice of period (px, py) cells: it tiles. */
static double tile_noise(double x, double y, int px, int py, int seed)
{
    int x0 = (int)floor(x), y0 = (int)floor(y);
    double fx = x - x0, fy = y - y0;
    fx = fx * fx * (3 - 2 * fx);
    fy = fy * fy * (3 - 2 * fy);
    int ax = ((x0 % px) + px) % px, bx = (ax + 1) % px;
    int ay = ((y0 % py) + py) % py, by = (ay + 1) % py;
    double a = paint_hash(ax, ay, seed), b = paint_hash(bx, ay, seed);
    double c = paint_hash(ax, by, seed), d = paint_hash(bx, by, seed);
    return (a + (b - a) * fx) + ((c + (d - c) * fx) - (a + (b - a) * fx)) * fy;
}

/* Puts straight colour (r, g, b) with opacity a at (x, y), over what is there. */
static void put(sheet *s, int x, int y, double r, double g, double b, double a)
{
    uint8_t *o = s->px + ((size_t)y * (size_t)s->w + (size_t)x) * 4;
    double da = o[3] / 255.0, oa = a + da * (1 - a);
    if (oa <= 0)
        return;
    double v[3] = {r, g, b};
    for (int i = 0; i < 3; i++)
        o[i] = (uint8_t)paint_clamp((v[i] * a + o[i] * da * (1 - a)) / oa + 0.5, 0, 255);
    o[3] = (uint8_t)paint_clamp(oa * 255.0 + 0.5, 0, 255);
}

/* The threads of the night curtain coming apart: near-vertical strands of
 * indigo and violet, some frayed to gold, broken in places (the noise cuts
 * them), tiling both ways. */
static void draw_threads(sheet *s)
{
    for (int y = 0; y < s->h; y++)
        for (int x = 0; x < s->w; x++) {
            double best = 0, gold = 0;
            for (int k = 0; k < 22; k++) {
                double base = paint_hash(k, 1, 5) * 256.0;
                double amp = 3.0 + 6.0 * paint_hash(k, 2, 5);
                int waves = 1 + (int)(paint_hash(k, 3, 5) * 3.0);
                double phase = paint_hash(k, 4, 5) * 2 * PAINT_PI;
                double cx = base + amp * sin(y * 2 * PAINT_PI * waves / 256.0 + phase);
                double dx = fabs(fmod(x - cx + 384.0, 256.0) - 128.0);
                double w = 0.7 + 0.8 * paint_hash(k, 6, 5);
                double line =
                    paint_clamp(1.0 - dx / w, 0, 1) + 0.25 * paint_clamp(1.0 - dx / (4 * w), 0, 1);
                /* dissolving: the strand is broken where its own noise is low */
                double keep = paint_smoothstep(
                    0.35, 0.6, tile_noise(x / 32.0, y / 24.0 + k * 3.1, 8, 11, 30 + k));
                line *= keep;
                if (line > best) {
                    best = line;
                    gold = paint_hash(k, 7, 5) > 0.7 ? 1.0 : 0.0;
                }
            }
            double r = gold ? 230 : 120, g = gold ? 180 : 90, b = gold ? 120 : 200;
            put(s, x, y, r, g, b, paint_clamp(best, 0, 1) * 0.9);
        }
}

/* The glow of the dawn coming up below the horizon: a wide warm halo, white
 * gold at its heart to rose at its rim, soft at every edge (placed, additive). */
static void draw_glow(sheet *s)
{
    for (int y = 0; y < s->h; y++)
        for (int x = 0; x < s->w; x++) {
            double dx = (x - 128 + 0.5) / 128.0, dy = (y - 128 + 0.5) / 128.0;
            double d = sqrt(dx * dx + dy * dy);
            double a = paint_clamp(1.0 - d, 0, 1);
            a = a * a;
            double t = paint_clamp(d * 1.4, 0, 1);
            put(s, x, y, 255, 230 - 120 * t, 180 - 60 * t, a);
        }
}

/* Motes of early light: a few soft sparks of gold and rose on nothing, each
 * with a faint cross, tiling (it drifts up, additive, twinkling by fade). */
static void draw_motes(sheet *s)
{
    for (int k = 0; k < 18; k++) {
        double mx = paint_hash(k, 1, 9) * s->w, my = paint_hash(k, 2, 9) * s->h;
        double r = 0.8 + 1.6 * paint_hash(k, 3, 9);
        int rose = paint_hash(k, 4, 9) > 0.6;
        for (int y = 0; y < s->h; y++)
            for (int x = 0; x < s->w; x++) {
                double dx = fabs(fmod(x + 0.5 - mx + 1.5 * s->w, s->w) - s->w / 2.0);
                double dy = fabs(fmod(y + 0.5 - my + 1.5 * s->h, s->h) - s->h / 2.0);
                double d = sqrt(dx * dx + dy * dy);
                double a = paint_clamp(1.0 - d / (r * 3.0), 0, 1);
                a = a * a;
                double cross = fmin(dx, dy) < 0.7 && d < r * 5.0 ? 0.35 * (1 - d / (r * 5.0)) : 0;
                a = paint_clamp(a + cross, 0, 1);
                if (a > 0)
                    put(s, x, y, 255, rose ? 170 : 230, rose ? 170 : 160, a);
            }
    }
}

/* ---- the sheets ---- */

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
    SDL_Surface *surf =
        SDL_CreateRGBSurfaceWithFormatFrom(s->px, s->w, s->h, 32, s->w * 4, SDL_PIXELFORMAT_RGBA32);
    int rc = !surf || IMG_SavePNG(surf, path) != 0;
    if (rc)
        fprintf(stderr, "sheets_extra: cannot write %s: %s\n", path, SDL_GetError());
    SDL_FreeSurface(surf);
    free(s->px);
    s->px = NULL;
    return rc;
}

/* Draws looks.png: every frame of every look at its place (see the top). */
static void draw_looks(sheet *s)
{
    for (int f = 0; f < 4; f++) {
        frame_user u = {f};
        sheet_frame(s, f * 32, 0, 32, 32, look_mote, &u);
        sheet_frame(s, 128 + f * 40, 0, 40, 32, look_lark, &u);
    }
    for (int f = 0; f < 2; f++) {
        frame_user u = {f};
        sheet_frame(s, f * 56, 32, 56, 56, look_tatter, &u);
        sheet_frame(s, 112 + f * 64, 32, 64, 64, look_venus, &u);
        sheet_frame(s, 240 + f * 96, 32, 96, 96, look_shinonome, &u);
    }
}

int main(int argc, char **argv)
{
    static const tool_usage usage = {
        "sheets_extra", "DIR",
        "draws every picture of the Extra stage into DIR (patterns/extra/art)", 1, 1};
    int args = tool_args(argc, argv, &usage);
    if (args >= 0)
        return args;
    const char *dir = argv[1];
    sheet s;
    int rc = 0;
    if (sheet_new(&s, 512, 128) == 0) {
        draw_looks(&s);
        rc |= sheet_save(&s, dir, "looks.png");
    }
    if (sheet_new(&s, 1024, 384) == 0) {
        for (int m = 0; m < 4; m++) {
            face_user u = {m};
            sheet_frame(&s, m * 256, 0, 256, 384, look_face, &u);
        }
        rc |= sheet_save(&s, dir, "faces.png");
    }
    if (sheet_new(&s, 256, 256) == 0) {
        draw_threads(&s);
        rc |= sheet_save(&s, dir, "threads.png");
    }
    if (sheet_new(&s, 256, 256) == 0) {
        draw_glow(&s);
        rc |= sheet_save(&s, dir, "glow.png");
    }
    if (sheet_new(&s, 128, 128) == 0) {
        draw_motes(&s);
        rc |= sheet_save(&s, dir, "motes.png");
    }
    return rc;
}
