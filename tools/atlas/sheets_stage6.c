/*
 * sheets_stage6: draws every picture of stage 6, "The Moon Gate", in code as
 * every picture of curtain is drawn, into patterns/stage6/art/:
 *
 *   sprites.png    448x280  the looks (patterns/stage6/1_enemies.pat's `art`):
 *                           s6_veil 4x 48x48, s6_lamp 4x 40x40, s6_guard 2x 64x64,
 *                           s6_oboro 2x 96x96, s6_tobari 2x 128x128
 *   portraits.png 1280x768  nine 256x384 busts: Oboro normal, smile, angry,
 *                           surprised (the top row); Tobari normal, smile, angry,
 *                           surprised, sad (the second) (4_story.pat)
 *   curtain.png    256x256  the night curtain's folds, deep indigo, tiling
 *   gate.png       512x512  the Moon Gate: a round arch of pale gold under
 *                           silver roofs before a full moon, placed once
 *   mist.png       256x256  silver haze, tiling (drawn additive)
 *
 * Each picture is a list of shapes (signed distances from tools/atlas/paint.h)
 * painted in order, bottom first, with an outline and a gradient where asked;
 * the tiles are periodic noise so that they scroll without a seam. Only +, -,
 * *, / and sqrt and core/trig.h are used, so the sheets come out the same on
 * every build.
 *
 * usage: sheets_stage6 DIR   (`cmake --build BUILD --target sheets_stage6`)
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

/* ---- a scene: shapes painted in order ---- */

enum {
    P_ELLIPSE,
    P_BOX,
    P_POLY,
    P_SEG,
    P_ARC,
    P_CRESCENT
};

typedef struct prim {
    int kind;
    double x, y, a, b, rot; /* centre, sizes (kind's), turn (radians) */
    double x1, y1;          /* P_SEG: the other end; P_ARC: the cut's normal */
    double cut;             /* P_ARC: the half-plane's offset; P_CRESCENT: the bite's shift */
    vec2 v[10];
    int n;
    rgba fill, fill2; /* fill2: the colour at the bottom (a vertical gradient) */
    int grad;
    rgba line;
    double lw;   /* outline width (0: none) */
    double glow; /* a soft glow this wide outside the shape, in its fill colour */
} prim;

#define SCENE_MAX 400
static prim scene[SCENE_MAX];
static int scene_n;

static prim *scene_add(int kind)
{
    if (scene_n >= SCENE_MAX) {
        fprintf(stderr, "sheets_stage6: scene full\n");
        exit(1);
    }
    prim *p = &scene[scene_n++];
    memset(p, 0, sizeof *p);
    p->kind = kind;
    return p;
}

static rgba C(int r, int g, int b)
{
    return paint_rgb(r, g, b, 1.0);
}

static rgba CA(int r, int g, int b, double a)
{
    return paint_rgb(r, g, b, a);
}

/* An ellipse at (x, y), semi-axes a, b, turned by rot radians. */
static prim *ell(double x, double y, double a, double b, double rot, rgba fill)
{
    prim *p = scene_add(P_ELLIPSE);
    p->x = x, p->y = y, p->a = a, p->b = b, p->rot = rot, p->fill = fill;
    return p;
}

/* A capsule from (x0, y0) to (x1, y1), radius r. */
static prim *seg(double x0, double y0, double x1, double y1, double r, rgba fill)
{
    prim *p = scene_add(P_SEG);
    p->x = x0, p->y = y0, p->x1 = x1, p->y1 = y1, p->a = r, p->fill = fill;
    return p;
}

/* A rounded box at (x, y), half-size a x b, corner radius r, turned by rot. */
static prim *box(double x, double y, double a, double b, double r, double rot, rgba fill)
{
    prim *p = scene_add(P_BOX);
    p->x = x, p->y = y, p->a = a, p->b = b, p->cut = r, p->rot = rot, p->fill = fill;
    return p;
}

/* A polygon of n corners (x, y pairs). */
static prim *poly(int n, const double *xy, rgba fill)
{
    prim *p = scene_add(P_POLY);
    p->n = n;
    for (int i = 0; i < n; i++)
        p->v[i] = paint_v(xy[2 * i], xy[2 * i + 1]);
    p->fill = fill;
    return p;
}

/* An arc: the ring of radius rad, half-width w round (x, y), only where the
 * point lies beyond `off` along (nx, ny) from the centre (the cut). */
static prim *arc(double x, double y, double rad, double w, double nx, double ny, double off,
                 rgba fill)
{
    prim *p = scene_add(P_ARC);
    p->x = x, p->y = y, p->a = rad, p->b = w, p->x1 = nx, p->y1 = ny, p->cut = off;
    p->fill = fill;
    return p;
}

/* A crescent: the disc of radius r at (x, y) less the disc shifted by (dx, dy). */
static prim *crescent(double x, double y, double r, double dx, double dy, rgba fill)
{
    prim *p = scene_add(P_CRESCENT);
    p->x = x, p->y = y, p->a = r, p->x1 = dx, p->y1 = dy, p->fill = fill;
    return p;
}

static prim *outline(prim *p, rgba line, double lw)
{
    p->line = line;
    p->lw = lw;
    return p;
}

static prim *gradient(prim *p, rgba bottom)
{
    p->fill2 = bottom;
    p->grad = 1;
    return p;
}

static prim *glow(prim *p, double width)
{
    p->glow = width;
    return p;
}

static double prim_distance(const prim *s, vec2 p)
{
    vec2 q = paint_sub(p, paint_v(s->x, s->y));
    if (s->rot != 0.0)
        q = paint_rotate(q, -s->rot);
    switch (s->kind) {
    case P_ELLIPSE: return sd_ellipse(q, s->a, s->b);
    case P_BOX: return sd_box(q, s->a, s->b, s->cut);
    case P_POLY: return sd_polygon(p, s->v, s->n);
    case P_SEG: return sd_segment(p, paint_v(s->x, s->y), paint_v(s->x1, s->y1), s->a);
    case P_ARC: {
        double ring = fabs(paint_len(q) - s->a) - s->b;
        double side = -(q.x * s->x1 + q.y * s->y1 - s->cut);
        return ring > side ? ring : side;
    }
    case P_CRESCENT: {
        double d1 = sd_circle(q, s->a);
        double d2 = -sd_circle(paint_sub(q, paint_v(s->x1, s->y1)), s->a * 0.92);
        return d1 > d2 ? d1 : d2;
    }
    }
    return 1e9;
}

/* The vertical extent a gradient runs over: the shape's own. */
static double prim_top(const prim *s)
{
    switch (s->kind) {
    case P_ELLIPSE: return s->y - s->b;
    case P_BOX: return s->y - s->b;
    case P_POLY: {
        double t = 1e9;
        for (int i = 0; i < s->n; i++)
            t = s->v[i].y < t ? s->v[i].y : t;
        return t;
    }
    default: return s->y - s->a;
    }
}

static double prim_bottom(const prim *s)
{
    switch (s->kind) {
    case P_ELLIPSE: return s->y + s->b;
    case P_BOX: return s->y + s->b;
    case P_POLY: {
        double t = -1e9;
        for (int i = 0; i < s->n; i++)
            t = s->v[i].y > t ? s->v[i].y : t;
        return t;
    }
    default: return s->y + s->a;
    }
}

/* The scene's colour at p: every shape over the ones before it. user, when
 * given, is a double: the scene is drawn that many times its size. */
static rgba scene_shade(vec2 p, const void *user)
{
    if (user)
        p = paint_v(p.x / *(const double *)user, p.y / *(const double *)user);
    rgba c = {0, 0, 0, 0};
    for (int i = 0; i < scene_n; i++) {
        const prim *s = &scene[i];
        double d = prim_distance(s, p);
        if (d > 1.0 + s->glow)
            continue;
        rgba f = s->fill;
        if (s->grad) {
            double t0 = prim_top(s), t1 = prim_bottom(s);
            f = paint_mix(s->fill, s->fill2, (p.y - t0) / (t1 - t0 > 1 ? t1 - t0 : 1));
        }
        if (s->glow > 0.0 && d > 0.0) {
            c = paint_add(c, paint_fade(f, 0.6 * paint_glow(d, s->glow)));
            continue;
        }
        if (s->lw > 0.0) {
            c = paint_over(c, paint_fade(s->line, paint_fill(d)));
            c = paint_over(c, paint_fade(f, paint_fill(d + s->lw)));
        } else {
            c = paint_over(c, paint_fade(f, paint_fill(d)));
        }
    }
    return c;
}

/* ---- the sheets ---- */

typedef struct sheet {
    int w, h;
    uint8_t *px;
} sheet;

static sheet sheet_new(int w, int h)
{
    sheet s = {w, h, calloc((size_t)w * (size_t)h, 4)};
    if (!s.px) {
        fprintf(stderr, "sheets_stage6: out of memory\n");
        exit(1);
    }
    return s;
}

/* Paints the current scene into the frame at (x, y) of size w x h, then
 * empties the scene. */
static void sheet_scene_scaled(sheet *s, int x, int y, int w, int h, const double *scale)
{
    paint_frame(s->px + ((size_t)y * (size_t)s->w + (size_t)x) * 4, s->w * 4, w, h, 0.0,
                scene_shade, scale);
    scene_n = 0;
}

static void sheet_scene(sheet *s, int x, int y, int w, int h)
{
    sheet_scene_scaled(s, x, y, w, h, NULL);
}

static void sheet_save(sheet *s, const char *dir, const char *name)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    SDL_Surface *sf =
        SDL_CreateRGBSurfaceWithFormatFrom(s->px, s->w, s->h, 32, s->w * 4, SDL_PIXELFORMAT_RGBA32);
    if (!sf || IMG_SavePNG(sf, path) != 0) {
        fprintf(stderr, "sheets_stage6: cannot write %s: %s\n", path, SDL_GetError());
        exit(1);
    }
    SDL_FreeSurface(sf);
    free(s->px);
}

static double sn(double deg)
{
    return trig_sin(deg * PAINT_PI / 180.0);
}

static double cs(double deg)
{
    return trig_cos(deg * PAINT_PI / 180.0);
}

/* ---- the looks ---- */

/* A veil wraith: a scrap of the night curtain, a hood of indigo cloth whose hem
 * ripples (frame f of 4), silver at its edges, two pale gold eyes. */
static void draw_veil(int f)
{
    double ph = f * 90.0;
    glow(ell(0, 0, 16, 16, 0, CA(120, 110, 220, 0.5)), 8);
    double hem[20];
    int n = 0;
    hem[n++] = -14, hem[n++] = -10;
    for (int i = 0; i <= 6; i++) {
        double x = -16 + i * 32.0 / 6;
        hem[n++] = x;
        hem[n++] = 14 + 5 * sn(ph + i * 70) + (i % 2) * 3;
    }
    hem[n++] = 14, hem[n++] = -10;
    outline(gradient(poly(n / 2, hem, C(70, 60, 150)), C(40, 30, 100)), C(200, 200, 240), 1.4);
    outline(gradient(ell(0, -8, 14, 13, 0, C(90, 80, 180)), C(60, 50, 140)), C(220, 220, 250), 1.4);
    seg(-9, 4, -9 + 2 * sn(ph), 14, 1.2, CA(220, 220, 250, 0.6));
    seg(9, 4, 9 - 2 * sn(ph), 14, 1.2, CA(220, 220, 250, 0.6));
    glow(ell(-5, -7, 2.6, 2, 0, C(255, 230, 150)), 3);
    glow(ell(5, -7, 2.6, 2, 0, C(255, 230, 150)), 3);
    ell(-5, -7, 2.6, 2, 0, C(255, 240, 190));
    ell(5, -7, 2.6, 2, 0, C(255, 240, 190));
}

/* A moon lamp: a little stone lantern of silver with a roof and a gold flame
 * that flickers (frame f of 4). */
static void draw_lamp(int f)
{
    double fl = 1.0 + 0.15 * sn(f * 90.0);
    glow(ell(0, 0, 8 * fl, 8 * fl, 0, CA(255, 210, 120, 0.8)), 9);
    const double roof[] = {-15, -7, 0, -16, 15, -7, 11, -4, -11, -4};
    outline(gradient(poly(5, roof, C(220, 222, 235)), C(150, 150, 175)), C(60, 56, 90), 1.2);
    ell(0, -17, 2.5, 2.5, 0, C(240, 220, 150));
    outline(box(0, 3, 8, 7, 1.5, 0, C(120, 120, 150)), C(60, 56, 90), 1.2);
    box(0, 3, 5, 5, 1, 0, C(255, 200, 110));
    ell(0, 3.5, 2.8 * fl, 4 * fl, 0, C(255, 245, 210));
    outline(box(0, 13, 6, 3, 1, 0, C(170, 170, 195)), C(60, 56, 90), 1.2);
}

/* A crescent guard: a great silver crescent, horns up, a gold moonstone at its
 * heart and indigo ribbons below that sway (frame f of 2). */
static void draw_guard(int f)
{
    double s = f ? 4 : -4;
    glow(ell(0, 0, 22, 22, 0, CA(200, 190, 255, 0.45)), 10);
    outline(
        gradient(poly(4, (const double[]){-8, 14, 8, 14, 12 + s, 30, -12 + s, 30}, C(70, 56, 150)),
                 C(40, 30, 90)),
        C(200, 190, 240), 1.2);
    outline(gradient(crescent(0, 0, 24, 0, -11, C(236, 238, 250)), C(160, 164, 200)),
            C(60, 56, 100), 1.6);
    glow(ell(0, 12, 6, 6, 0, C(255, 210, 110)), 6);
    outline(ell(0, 12, 6, 6, 0, C(255, 214, 120)), C(120, 80, 40), 1.2);
    ell(-2, 10, 2, 2, 0, C(255, 250, 220));
    seg(-22, -6, -28, -14, 1.5, C(230, 220, 160));
    seg(22, -6, 28, -14, 1.5, C(230, 220, 160));
}

/* Oboro as the field shows her: a pale moon behind drifting bands of mist, a
 * servant's lantern hanging below it (frame f of 2: the mist drifts). */
static void draw_oboro_look(int f)
{
    double m = f ? 5 : -5;
    glow(ell(0, -6, 30, 30, 0, CA(210, 210, 255, 0.5)), 14);
    outline(gradient(ell(0, -6, 30, 30, 0, C(240, 238, 252)), C(190, 188, 220)), C(150, 150, 190),
            1.5);
    ell(-9, -12, 7, 5, 0.3, CA(200, 198, 226, 0.8));
    ell(10, 2, 9, 6, -0.2, CA(200, 198, 226, 0.7));
    ell(4, -20, 4, 3, 0, CA(200, 198, 226, 0.7));
    ell(m, -2, 44, 5, 0, CA(180, 176, 220, 0.55));
    ell(-m, 12, 40, 4, 0, CA(180, 176, 220, 0.45));
    ell(m * 0.5, -22, 34, 4, 0, CA(200, 196, 236, 0.4));
    seg(0, 24, 0, 30, 1, C(160, 160, 190));
    glow(ell(0, 36, 6, 7, 0, CA(255, 200, 120, 0.9)), 6);
    outline(ell(0, 36, 6, 7, 0, C(255, 214, 140)), C(110, 90, 80), 1.2);
    box(0, 28, 5, 1.5, 0.5, 0, C(120, 110, 130));
    box(0, 44, 5, 1.5, 0.5, 0, C(120, 110, 130));
}

/* Tobari as the field shows her: an eclipsed moon, a dark disc in a gold
 * corona, a crescent crown above, and the night curtain hanging from it on
 * both sides like wings, swaying (frame f of 2). */
static void draw_tobari_look(int f)
{
    double s = f ? 4 : -4;
    for (int side = -1; side <= 1; side += 2) {
        for (int k = 0; k < 4; k++) {
            double x0 = side * (18 + k * 10), x1 = side * (34 + k * 9) + s;
            const double drape[] = {x0 - side * 6, -30 + k * 4, x0 + side * 6, -30 + k * 4,
                                    x1 + side * 6, 50 - k * 6,  x1 - side * 8, 54 - k * 6};
            outline(
                gradient(poly(4, drape, C(60 - k * 8, 40 - k * 5, 130 - k * 14)), C(24, 16, 60)),
                C(200, 170, 90), 1.2);
        }
    }
    glow(ell(0, 0, 28, 28, 0, CA(255, 210, 120, 0.9)), 16);
    outline(ell(0, 0, 28, 28, 0, C(255, 226, 150)), C(255, 240, 200), 1.5);
    outline(gradient(ell(2, 0, 25, 25, 0, C(30, 22, 70)), C(12, 8, 36)), C(80, 60, 140), 1);
    for (int k = 0; k < 5; k++) {
        double a = k * 72.0 + 20;
        ell(2 + 14 * sn(a), 14 * -cs(a), 1.4, 1.4, 0, C(220, 220, 255));
    }
    glow(crescent(0, -42, 12, 0, -6, C(255, 220, 130)), 5);
    outline(crescent(0, -42, 12, 0, -6, C(255, 226, 140)), C(140, 100, 40), 1.2);
    seg(-20, 36 + s, 20, 36 - s, 1.2, CA(255, 220, 140, 0.8));
}

/* ---- the portraits (laid out on 200x300, origin at the centre) ---- */

typedef struct face {
    rgba hair, hair_dark, skin, iris, cloth, cloth_dark, trim, lip;
} face;

enum {
    MOOD_NORMAL,
    MOOD_SMILE,
    MOOD_SURPRISED,
    MOOD_ANGRY,
    MOOD_SAD
};

/* One eye at (x, y), side -1 (left) or 1: white, iris, pupil, highlight and the
 * upper lid; lidded (0..1) lowers the lid; closed draws a smiling arc. */
static void eye(const face *fc, double x, double y, int side, int mood, double lidded)
{
    rgba dark = C(40, 26, 50);
    if (mood == MOOD_SMILE && lidded > 0.5) {
        arc(x, y + 7, 10, 1.8, 0, -1, 3, dark);
        return;
    }
    double h = mood == MOOD_SURPRISED ? 15 : 13;
    outline(ell(x, y, 12, h, 0, C(250, 250, 255)), dark, 1.2);
    double ir = mood == MOOD_SURPRISED ? 7 : 9;
    gradient(ell(x, y + 1.5, ir, ir * 1.25, 0, paint_lighten(fc->iris, 0.2)),
             paint_darken(fc->iris, 0.45));
    ell(x, y + 2.5, ir * 0.45, ir * 0.6, 0, C(30, 18, 40));
    ell(x - 3, y - 3, 2.6, 3.2, 0, C(255, 255, 255));
    ell(x + 3, y + 5, 1.4, 1.4, 0, CA(255, 255, 255, 0.8));
    /* the lid: a dark band over the top, lowered when lidded */
    double lid = y - h + 1 + lidded * h * 0.9;
    double dy = mood == MOOD_ANGRY ? 3.5 : mood == MOOD_SAD ? -3 : 0;
    double rot = mood == MOOD_ANGRY ? -side * 0.28 : mood == MOOD_SAD ? side * 0.24 : 0;
    box(x, lid - 7, 14, 7, 2, rot, fc->skin);
    seg(x - side * 12, lid + dy, x + side * 12, lid - dy, 1.8, dark);
    seg(x + side * 12, lid - 1, x + side * 15, lid - 4, 1.2, dark);
}

/* The brows: level, raised, knit (angry) or lifted at the middle (sad). */
static void brows(const face *fc, double y, int mood)
{
    for (int side = -1; side <= 1; side += 2) {
        double x0 = side * 8, x1 = side * 30;
        double y0 = y, y1 = y;
        if (mood == MOOD_ANGRY)
            y0 += 5, y1 -= 3;
        else if (mood == MOOD_SAD)
            y0 -= 5, y1 += 2;
        else if (mood == MOOD_SURPRISED)
            y0 -= 5, y1 -= 5;
        seg(x0, y0, x1, y1, 1.8, paint_darken(fc->hair_dark, 0.2));
    }
}

static void mouth(const face *fc, double y, int mood)
{
    rgba dark = C(110, 50, 66);
    switch (mood) {
    case MOOD_SMILE: arc(0, y - 8, 10, 1.6, 0, 1, 5, dark); break;
    case MOOD_SURPRISED: outline(ell(0, y + 2, 4.5, 6, 0, C(150, 60, 80)), dark, 1.2); break;
    case MOOD_ANGRY: /* set teeth in an open, tight mouth */
        outline(ell(0, y + 2, 9, 5, 0, C(120, 40, 60)), dark, 1.2);
        box(0, y + 1, 7, 2, 1, 0, C(250, 248, 250));
        break;
    case MOOD_SAD: arc(0, y + 10, 8, 1.4, 0, -1, 7, dark); break;
    default:
        seg(-5, y, 5, y, 1.3, dark);
        ell(0, y + 3, 3, 1.2, 0, paint_fade(fc->lip, 0.4));
        break;
    }
}

/* A face at (0, fy): skin, blush, eyes, brows, mouth and nose. */
static void face_features(const face *fc, double fy, int mood, double lidded)
{
    outline(gradient(ell(0, fy, 44, 52, 0, fc->skin), paint_darken(fc->skin, 0.08)), C(120, 80, 90),
            1.4);
    int hot = mood == MOOD_ANGRY; /* flushed with anger */
    rgba blush = hot ? CA(250, 100, 110, 0.6) : CA(255, 160, 170, 0.45);
    ell(-27, fy + 18, hot ? 13 : 9, hot ? 6 : 4.5, 0, blush);
    ell(27, fy + 18, hot ? 13 : 9, hot ? 6 : 4.5, 0, blush);
    eye(fc, -18, fy + 3, -1, mood, lidded);
    eye(fc, 18, fy + 3, 1, mood, lidded);
    brows(fc, fy - 17, mood);
    seg(0, fy + 18, -1, fy + 21, 0.8, CA(180, 120, 120, 0.7));
    mouth(fc, fy + 33, mood);
}

/* How far Oboro's lids are lowered for a mood (a smile closes them). */
static double oboro_lid(int mood)
{
    switch (mood) {
    case MOOD_SURPRISED: return 0.0;
    case MOOD_SMILE: return 0.6;
    case MOOD_ANGRY: return 0.3;
    default: return 0.35;
    }
}

/* The same for Tobari: wide awake but when sad. */
static double tobari_lid(int mood)
{
    switch (mood) {
    case MOOD_SURPRISED: return 0.0;
    case MOOD_SMILE: return 0.6;
    case MOOD_ANGRY: return 0.3;
    case MOOD_SAD: return 0.45;
    default: return 0.15;
    }
}

/* Oboro: silver-lavender hair falling long and straight, a hazy shawl, a
 * servant's plain kimono of grey-blue, a small crescent pin; sad half-lidded
 * eyes of grey-violet. */
static void draw_oboro_portrait(int mood)
{
    face fc = {C(206, 200, 226), C(150, 140, 180), C(250, 236, 232), C(140, 120, 190),
               C(150, 164, 196), C(90, 100, 140),  C(230, 230, 245), C(200, 120, 130)};
    double fy = -42;
    /* hair behind: long, to the bottom */
    outline(gradient(box(0, 10, 62, 140, 40, 0, fc.hair), fc.hair_dark), C(90, 80, 120), 1.5);
    /* the body: shoulders, a crossed collar */
    outline(box(0, 10, 12, 18, 6, 0, paint_darken(fc.skin, 0.08)), C(120, 80, 90), 1.2);
    outline(gradient(ell(0, 138, 94, 110, 0, fc.cloth), fc.cloth_dark), C(60, 60, 90), 1.5);
    const double under[] = {-22, 30, 22, 30, 0, 84};
    poly(3, under, paint_darken(fc.skin, 0.05));
    outline(seg(-26, 30, 4, 100, 7, fc.trim), C(90, 90, 120), 1);
    outline(seg(26, 30, -4, 100, 7, fc.trim), C(90, 90, 120), 1);
    outline(box(0, 118, 60, 10, 3, 0, C(110, 100, 160)), C(60, 60, 90), 1.2);
    ell(0, 118, 8, 6, 0, C(230, 220, 250));
    /* the hazy shawl: pale bands of mist over the shoulders */
    ell(-56, 70, 44, 16, 0.5, CA(230, 228, 250, 0.45));
    ell(56, 70, 44, 16, -0.5, CA(230, 228, 250, 0.45));
    ell(0, 110, 90, 12, 0, CA(230, 228, 250, 0.3));
    face_features(&fc, fy, mood, oboro_lid(mood));
    /* hair in front: a straight fringe and side locks */
    outline(gradient(ell(0, fy - 40, 46, 24, 0, fc.hair), fc.hair_dark), C(90, 80, 120), 1.2);
    for (int i = 0; i < 5; i++) {
        double x = -32 + i * 16;
        ell(x, fy - 26, 10, 14, (i - 2) * 0.08, fc.hair);
    }
    outline(gradient(box(-44, fy + 30, 9, 64, 8, 0.05, fc.hair), fc.hair_dark), C(90, 80, 120),
            1.2);
    outline(gradient(box(44, fy + 30, 9, 64, 8, -0.05, fc.hair), fc.hair_dark), C(90, 80, 120),
            1.2);
    ell(-18, fy - 50, 14, 3, -0.3, CA(255, 255, 255, 0.5));
    /* the crescent pin */
    glow(crescent(30, fy - 54, 9, -4, -3, C(255, 230, 160)), 4);
    outline(crescent(30, fy - 54, 9, -4, -3, C(255, 232, 170)), C(150, 110, 60), 1);
    /* a veil of mist drifting across the bottom */
    ell(-30, 128, 70, 10, 0.05, CA(235, 235, 255, 0.35));
    ell(40, 140, 60, 8, -0.05, CA(235, 235, 255, 0.3));
}

/* Tobari: indigo hair that falls wide to both sides like a curtain, with gold
 * sheen; a crown of a gold crescent; robes of deep night with a gold trim and
 * stars; pale gold eyes. */
static void draw_tobari_portrait(int mood)
{
    face fc = {C(56, 44, 130), C(26, 18, 70), C(248, 232, 228), C(240, 190, 80),
               C(40, 28, 96),  C(16, 10, 48), C(240, 200, 110), C(200, 110, 130)};
    double fy = -48;
    /* the curtain behind her: her hair, falling wide in folds */
    for (int k = 0; k < 6; k++) {
        double x0 = -40 - k * 10, x1 = -58 - k * 8;
        const double l[] = {x0 + 12, -110, x0 - 4, -110, x1 - 14, 150, x1 + 14, 150};
        const double r[] = {-x0 - 12, -110, -x0 + 4, -110, -x1 + 14, 150, -x1 - 14, 150};
        rgba c = paint_mix(fc.hair, fc.hair_dark, k * 0.12);
        outline(gradient(poly(4, l, c), fc.hair_dark), C(20, 12, 50), 1.2);
        outline(gradient(poly(4, r, c), fc.hair_dark), C(20, 12, 50), 1.2);
        seg(x0 - 2, -90, x1, 140, 1, CA(240, 200, 120, 0.35));
        seg(-x0 + 2, -90, -x1, 140, 1, CA(240, 200, 120, 0.35));
    }
    outline(gradient(box(0, -30, 56, 80, 40, 0, fc.hair), fc.hair_dark), C(20, 12, 50), 1.5);
    /* the robes: wide shoulders, a high collar of gold, stars */
    outline(box(0, 6, 12, 18, 6, 0, paint_darken(fc.skin, 0.08)), C(120, 80, 90), 1.2);
    outline(gradient(ell(0, 146, 100, 112, 0, fc.cloth), fc.cloth_dark), C(200, 160, 80), 2);
    const double col1[] = {-34, 28, 0, 84, -6, 150, -58, 150};
    const double col2[] = {34, 28, 0, 84, 6, 150, 58, 150};
    outline(gradient(poly(4, col1, C(70, 54, 150)), C(30, 20, 80)), fc.trim, 2);
    outline(gradient(poly(4, col2, C(70, 54, 150)), C(30, 20, 80)), fc.trim, 2);
    for (int k = 0; k < 7; k++) {
        double x = -80 + k * 27, y = 110 + (k % 3) * 12;
        ell(x, y, 1.8, 1.8, 0, C(250, 230, 170));
    }
    glow(ell(0, 100, 7, 7, 0, C(255, 210, 120)), 6);
    outline(ell(0, 100, 7, 7, 0, C(255, 220, 140)), C(120, 80, 40), 1.2);
    face_features(&fc, fy, mood, tobari_lid(mood));
    /* hair in front: a parted fringe and long locks framing the face */
    outline(gradient(ell(0, fy - 42, 48, 24, 0, fc.hair), fc.hair_dark), C(20, 12, 50), 1.2);
    const double pl[] = {-2, fy - 52, -44, fy - 30, -46, fy + 4, -30, fy - 24};
    const double pr[] = {2, fy - 52, 44, fy - 30, 46, fy + 4, 30, fy - 24};
    poly(4, pl, fc.hair);
    poly(4, pr, fc.hair);
    outline(gradient(box(-46, fy + 40, 9, 76, 8, 0.06, fc.hair), fc.hair_dark), C(20, 12, 50), 1.2);
    outline(gradient(box(46, fy + 40, 9, 76, 8, -0.06, fc.hair), fc.hair_dark), C(20, 12, 50), 1.2);
    ell(-20, fy - 52, 16, 3, -0.3, CA(200, 180, 255, 0.5));
    /* the crown: a gold crescent, horns up, a star between them */
    glow(crescent(0, fy - 74, 18, 0, -9, C(255, 220, 130)), 8);
    outline(crescent(0, fy - 74, 18, 0, -9, C(255, 226, 140)), C(140, 100, 40), 1.4);
    glow(ell(0, fy - 84, 3, 3, 0, C(255, 250, 220)), 5);
}

/* ---- the backdrop's sheets ---- */

static double hash2(int x, int y, uint32_t salt)
{
    uint32_t h = (uint32_t)x * 374761393u + (uint32_t)y * 668265263u + salt * 2246822519u;
    h = (h ^ (h >> 13)) * 1274126177u;
    return (double)((h ^ (h >> 16)) & 0xffffff) / 16777216.0;
}

/* Value noise with a lattice of period (px, py): it tiles. */
static double pnoise(double x, double y, int px, int py, uint32_t salt)
{
    int x0 = (int)floor(x), y0 = (int)floor(y);
    double fx = x - x0, fy = y - y0;
    fx = fx * fx * (3 - 2 * fx);
    fy = fy * fy * (3 - 2 * fy);
    int ax = ((x0 % px) + px) % px, bx = (ax + 1) % px;
    int ay = ((y0 % py) + py) % py, by = (ay + 1) % py;
    double a = hash2(ax, ay, salt), b = hash2(bx, ay, salt);
    double c = hash2(ax, by, salt), d = hash2(bx, by, salt);
    return (a + (b - a) * fx) + ((c + (d - c) * fx) - (a + (b - a) * fx)) * fy;
}

static double fbm(double u, double v, int size, int cells, int oct, uint32_t salt)
{
    double sum = 0, amp = 0.5, norm = 0;
    int n = cells;
    for (int o = 0; o < oct; o++) {
        sum += amp * pnoise(u / size * n, v / size * n, n, n, salt + (uint32_t)o);
        norm += amp;
        amp *= 0.5;
        n *= 2;
    }
    return sum / norm;
}

static void put(sheet *s, int x, int y, rgba c)
{
    uint8_t *p = s->px + ((size_t)y * (size_t)s->w + (size_t)x) * 4;
    double a = paint_clamp(c.a, 0, 1);
    double k = a > 0 ? 1.0 / a : 0;
    p[0] = (uint8_t)(paint_clamp(c.r * k, 0, 1) * 255 + 0.5);
    p[1] = (uint8_t)(paint_clamp(c.g * k, 0, 1) * 255 + 0.5);
    p[2] = (uint8_t)(paint_clamp(c.b * k, 0, 1) * 255 + 0.5);
    p[3] = (uint8_t)(a * 255 + 0.5);
}

/* The night curtain: vertical folds (periodic across the tile: 4 folds), deep
 * indigo lit at the crests, a faint gold thread at each, a few stars caught
 * in the cloth. Opaque. */
static void draw_curtain(sheet *s)
{
    for (int y = 0; y < s->h; y++)
        for (int x = 0; x < s->w; x++) {
            double u = x + 10 * fbm(x, y, 256, 2, 2, 31);
            double fold = 0.5 + 0.5 * sn(u * 360.0 / 64.0) * 0.8 + 0.1 * sn(u * 360.0 / 32.0);
            double n = fbm(x, y, 256, 8, 3, 7);
            double l = 0.35 + 0.5 * fold * fold + 0.15 * n;
            rgba c = C((int)(18 * l + 6), (int)(12 * l + 4), (int)(58 * l + 12));
            double crest = paint_smoothstep(0.93, 1.0, fold);
            c = paint_add(c, CA(200, 160, 90, 0.25 * crest));
            if (hash2(x, y, 99) > 0.9985)
                c = paint_add(c, CA(230, 230, 255, 0.8));
            put(s, x, y, c);
        }
}

/* Silver mist: soft periodic noise, brighter where it gathers, on nothing
 * (drawn additive). */
static void draw_mist(sheet *s)
{
    for (int y = 0; y < s->h; y++)
        for (int x = 0; x < s->w; x++) {
            double n = fbm(x, y, 256, 4, 4, 51);
            double m = paint_smoothstep(0.45, 0.8, n);
            put(s, x, y, CA(200, 200, 235, 0.7 * m));
        }
}

/* The Moon Gate: a full moon, a round arch of pale gold (the moon gate) in a
 * wall of silver, two tiers of roof above, lanterns at its sides. */
static void draw_gate(void)
{
    glow(ell(0, -40, 70, 70, 0, CA(230, 226, 255, 0.5)), 40);
    gradient(ell(0, -40, 70, 70, 0, C(236, 232, 250)), C(200, 196, 226));
    ell(-20, -58, 14, 10, 0.2, CA(210, 206, 236, 0.8));
    ell(22, -30, 18, 12, -0.1, CA(210, 206, 236, 0.7));
    /* the wall and the round arch through it */
    outline(gradient(box(0, 56, 124, 56, 2, 0, C(96, 96, 140)), C(40, 36, 80)), C(30, 26, 60), 2);
    for (int row = 0; row < 5; row++) /* the wall's courses of stone */
        seg(-122, 12 + row * 20, 122, 12 + row * 20, 0.8, CA(150, 150, 200, 0.35));
    outline(ell(0, 60, 46, 46, 0, C(20, 14, 50)), C(250, 220, 140), 5);
    glow(arc(0, 60, 50, 2, 0, -1, -60, C(255, 230, 150)), 8);
    /* roofs */
    const double r1[] = {-128, 4, 128, 4, 100, -10, -100, -10};
    const double r2[] = {-90, -10, 90, -10, 66, -26, -66, -26};
    outline(gradient(poly(4, r1, C(200, 204, 226)), C(120, 124, 160)), C(40, 36, 70), 1.5);
    outline(gradient(poly(4, r2, C(210, 214, 236)), C(130, 134, 170)), C(40, 36, 70), 1.5);
    seg(-128, 4, -136, -4, 2, C(240, 210, 130));
    seg(128, 4, 136, -4, 2, C(240, 210, 130));
    seg(-90, -10, -98, -18, 2, C(240, 210, 130));
    seg(90, -10, 98, -18, 2, C(240, 210, 130));
    ell(0, -28, 4, 4, 0, C(250, 220, 140));
    for (int side = -1; side <= 1; side += 2) {
        glow(ell(side * 80, 60, 7, 9, 0, CA(255, 210, 120, 0.9)), 10);
        outline(ell(side * 80, 60, 7, 9, 0, C(255, 220, 150)), C(110, 80, 60), 1.2);
    }
}

int main(int argc, char **argv)
{
    static const tool_usage usage = {
        "sheets_stage6", "DIR", "draws stage 6's pictures into DIR (patterns/stage6/art)", 1, 1};
    int args = tool_args(argc, argv, &usage);
    if (args >= 0)
        return args;
    const char *dir = argv[1];
    sheet sp = sheet_new(448, 280);
    for (int f = 0; f < 4; f++) {
        draw_veil(f);
        sheet_scene(&sp, f * 48, 0, 48, 48);
        draw_lamp(f);
        sheet_scene(&sp, f * 40, 48, 40, 40);
    }
    for (int f = 0; f < 2; f++) {
        draw_guard(f);
        sheet_scene(&sp, f * 64, 88, 64, 64);
        draw_oboro_look(f);
        sheet_scene(&sp, f * 96, 152, 96, 96);
        draw_tobari_look(f);
        sheet_scene(&sp, 192 + f * 128, 152, 128, 128);
    }
    sheet_save(&sp, dir, "sprites.png");

    /* the busts are laid out on 200x300 and drawn 1.28 times that: 256x384,
     * the portraits' size (docs/patterns.md, Characters and dialogue) */
    sheet po = sheet_new(5 * 256, 2 * 384);
    static const double bust = 1.28;
    static const int oboro[] = {MOOD_NORMAL, MOOD_SMILE, MOOD_ANGRY, MOOD_SURPRISED};
    static const int tobari[] = {MOOD_NORMAL, MOOD_SMILE, MOOD_ANGRY, MOOD_SURPRISED, MOOD_SAD};
    for (int i = 0; i < 4; i++) {
        draw_oboro_portrait(oboro[i]);
        sheet_scene_scaled(&po, i * 256, 0, 256, 384, &bust);
    }
    for (int i = 0; i < 5; i++) {
        draw_tobari_portrait(tobari[i]);
        sheet_scene_scaled(&po, i * 256, 384, 256, 384, &bust);
    }
    sheet_save(&po, dir, "portraits.png");

    sheet cu = sheet_new(256, 256);
    draw_curtain(&cu);
    sheet_save(&cu, dir, "curtain.png");
    sheet mi = sheet_new(256, 256);
    draw_mist(&mi);
    sheet_save(&mi, dir, "mist.png");
    sheet ga = sheet_new(512, 512);
    static const double twice = 2.0; /* drawn large: the backdrops scale it up to 1.3 times */
    draw_gate();
    sheet_scene_scaled(&ga, 0, 0, 512, 512, &twice);
    sheet_save(&ga, dir, "gate.png");
    return 0;
}
