/*
 * portraits: draws the story's characters (docs/patterns.md, Characters and
 * dialogue) in code, as every picture of curtain is drawn: for each character
 * one sheet of 256x384 busts side by side, one per expression, in this order:
 *
 *   normal 0 0   smile 256 0   angry 512 0   surprised 768 0
 *
 * The three ships' pilots (patterns/story/art/: hotaru, shirasagi, tsubame)
 * and the bosses and midbosses of stages 1-3 (wick, kagari, suiren, minamo,
 * zenmai, tokine). Every figure is the same kit of signed-distance shapes
 * (tools/atlas/paint.h: a head, hair behind and before it, a body and its
 * clothes, eyes, brows and a mouth per expression, inked outlines and cel
 * shading) with a figure's own numbers and a few strokes of her own (a
 * lantern hairpin, heron plumes, goggles, a wind-up key, a clock behind
 * her...), so that each reads as herself at the dialogue box's size.
 *
 * usage: portraits OUT_DIR [NAME]   (`cmake --build BUILD --target portraits_story`)
 */
#include "paint.h"

#include <SDL.h>
#include <SDL_image.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../tool_args.h"

#define CELL_W 256
#define CELL_H 384
#define EXPRS  4
#define CX     128.0 /* the face's centre line */

typedef enum expr {
    EX_NORMAL,
    EX_SMILE,
    EX_ANGRY,
    EX_SURPRISED
} expr;

typedef enum hair_back {
    BACK_SHORT,
    BACK_MEDIUM,
    BACK_LONG,
    BACK_FLAME
} hair_back;
typedef enum bangs_style {
    BANGS_STRAIGHT,
    BANGS_SWEPT,
    BANGS_SPIKY,
    BANGS_PARTED
} bangs_style;
typedef enum outfit {
    OUT_YUKATA,
    OUT_MIKO,
    OUT_JACKET,
    OUT_DRESS,
    OUT_UNIFORM,
    OUT_ROBE
} outfit;

/* A figure: everything that makes one character look like herself. */
typedef struct figure {
    const char *name;
    rgba hair, hair_light; /* the hair's colour and its sheen */
    rgba eye;              /* the iris */
    rgba skin;
    rgba cloth, cloth2, trim; /* outer garment, under garment / panel, trims */
    hair_back back;
    bangs_style front;
    outfit wear;
    double lids;      /* 0: open eyes; up to 1: half-lidded (sleepy, tired) */
    double small;     /* 0: grown; 1: a small figure (narrower shoulders) */
    int side_locks;   /* locks of hair beside the face */
    double brow_tilt; /* the brows' resting slope (positive: stern) */
    void (*behind)(vec2 p, const struct figure *f, expr e, rgba *c);   /* drawn first */
    void (*front_of)(vec2 p, const struct figure *f, expr e, rgba *c); /* drawn last */
} figure;

/* ---- small helpers ---- */

static double smin(double a, double b, double k)
{
    double h = paint_clamp(0.5 + 0.5 * (b - a) / k, 0.0, 1.0);
    return b * (1.0 - h) + a * h - k * h * (1.0 - h);
}

static double maxd(double a, double b)
{
    return a > b ? a : b;
}

static double mind(double a, double b)
{
    return a < b ? a : b;
}

/* The colour c laid over *acc with coverage k. */
static void lay(rgba *acc, rgba c, double k)
{
    if (k > 0.0)
        *acc = paint_over(*acc, paint_fade(c, paint_clamp(k, 0.0, 1.0)));
}

/* A shape of signed distance d inked: a dark outline `w` px wide outside it,
 * then its colour. */
static void inked(rgba *acc, double d, rgba c, double w)
{
    rgba ink = paint_darken(c, 0.72);
    ink.a = c.a;
    lay(acc, ink, paint_fill(d - w));
    lay(acc, c, paint_fill(d));
}

static vec2 at(vec2 p, double x, double y)
{
    return paint_v(p.x - x, p.y - y);
}

/* A triangle wave of period 1: 0 at whole numbers, 1 halfway. */
static double tri(double x)
{
    double f = x - floor(x);
    return 1.0 - fabs(2.0 * f - 1.0);
}

/* ---- the head ---- */

static double sd_face(vec2 p)
{
    double skull = sd_ellipse(at(p, CX, 150), 50, 54);
    vec2 jaw[5] = {{CX - 49, 150}, {CX + 49, 150}, {CX + 26, 196}, {CX, 209}, {CX - 26, 196}};
    return smin(skull, sd_polygon(p, jaw, 5), 8);
}

/* The hair over the top of the head (the bangs' region before its edge). */
static double sd_crown(vec2 p)
{
    return sd_ellipse(at(p, CX, 138), 60, 66);
}

/* The bangs' lower edge at x: strands ending in points. */
static double bangs_edge(const figure *f, double x)
{
    double u = x - CX;
    switch (f->front) {
    case BANGS_STRAIGHT: return 132 + 5 * tri(u / 14.0 + 0.5) + 0.002 * u * u;
    case BANGS_SWEPT: return 124 + 0.22 * u + 18 * tri(u / 22.0 + 0.3) + 0.004 * u * u;
    case BANGS_SPIKY: return 118 + 24 * tri(u / 17.0 + 0.5) + 0.004 * u * u;
    case BANGS_PARTED:
    default: return 106 + 0.5 * fabs(u) + 12 * tri(fabs(u) / 18.0) - 0.003 * u * u;
    }
}

static double sd_bangs(vec2 p, const figure *f)
{
    double edge = bangs_edge(f, p.x);
    return maxd(sd_crown(p), p.y - edge);
}

/* Locks of hair beside the cheeks, to the jaw (tapered). */
static double sd_locks(vec2 p, const figure *f)
{
    if (!f->side_locks)
        return 1e9;
    double d = 1e9;
    for (int s = -1; s <= 1; s += 2) {
        vec2 q = {CX + s * (p.x - CX), p.y}; /* the right side's frame */
        vec2 lock[4] = {{CX + 40, 118}, {CX + 62, 120}, {CX + 58, 228}, {CX + 48, 238}};
        d = mind(d, sd_polygon(q, lock, 4) - 1.0);
    }
    return d;
}

/* The hair behind the head and shoulders. */
static double sd_back_hair(vec2 p, const figure *f)
{
    double top = sd_ellipse(at(p, CX, 140), 66, 72);
    switch (f->back) {
    case BACK_SHORT: return smin(top, sd_box(at(p, CX, 175), 62, 40, 26), 10);
    case BACK_MEDIUM: return smin(top, sd_box(at(p, CX, 200), 70, 62, 30), 12);
    case BACK_LONG: {
        double body = sd_box(at(p, CX, 250), 80 - 0.04 * (p.y - 160), 118, 34);
        return smin(top, body, 16);
    }
    case BACK_FLAME:
    default: {
        /* tongues of flame rising from the crown */
        double d = top;
        for (int k = -2; k <= 2; k++) {
            double bx = CX + k * 26, tipx = bx + k * 10 + 6, tipy = 52 + 14 * (k * k);
            vec2 v[3] = {{bx - 20, 110}, {bx + 20, 110}, {tipx, tipy}};
            d = smin(d, sd_polygon(p, v, 3), 6);
        }
        return smin(d, sd_box(at(p, CX, 178), 64, 34, 24), 10);
    }
    }
}

/* The hair's colour at p: its base darker towards the ends, a sheen band
 * round the crown, fine strands. */
static rgba hair_at(vec2 p, const figure *f)
{
    double t = paint_clamp((p.y - 90) / 260.0, 0, 1);
    rgba c = paint_mix(f->hair, paint_darken(f->hair, 0.35), t);
    double ring = fabs(sd_ellipse(at(p, CX - 6, 128), 48, 40));
    if (p.y < 126)
        c = paint_mix(c, f->hair_light, 0.75 * paint_fill(ring - 4.0));
    double ang = atan2(p.y - 60, p.x - CX);
    double strands = tri(ang * 26.0);
    c = paint_mix(c, paint_darken(f->hair, 0.25), 0.25 * paint_smoothstep(0.75, 1.0, strands));
    return c;
}

/* ---- the body ---- */

static double sd_body(vec2 p, const figure *f)
{
    /* sloping shoulders down to a chest that fills the foot of the picture */
    double k = 1.0 - 0.2 * f->small;
    vec2 v[8] = {{CX - 22, 228},      {CX + 22, 228},      {CX + 78 * k, 254},  {CX + 104 * k, 292},
                 {CX + 110 * k, 400}, {CX - 110 * k, 400}, {CX - 104 * k, 292}, {CX - 78 * k, 254}};
    return sd_polygon(p, v, 8) - 6;
}

static double sd_neck(vec2 p)
{
    return sd_box(at(p, CX, 222), 15, 30, 6);
}

/* The clothes over the body at p: each outfit's collar, panels and sash. */
static rgba cloth_at(vec2 p, const figure *f)
{
    double u = p.x - CX, y = p.y;
    rgba c = f->cloth;
    /* a soft shade towards the sides */
    c = paint_mix(c, paint_darken(f->cloth, 0.3), paint_smoothstep(50, 110, fabs(u)) * 0.6);
    switch (f->wear) {
    case OUT_YUKATA:
    case OUT_ROBE: {
        /* crossed collars: the under-collar a band along each side of a V */
        double v = fabs(u) - (318 - y) * 0.62; /* 0 along the V's sides */
        if (v < 0)
            c = f->cloth2; /* the under-robe in the V */
        if (fabs(v) < 8 && y < 330)
            c = paint_mix(f->trim, paint_darken(f->trim, 0.3), fabs(v) < 2.5 ? 0.4 : 0.0);
        if (y > 326)
            c = paint_mix(f->trim, paint_darken(f->trim, 0.25), tri((u + 200) / 18.0) * 0.4);
        if (y > 326 && y < 330)
            c = paint_darken(f->trim, 0.45);
        if (f->wear == OUT_ROBE && fabs(u) > 70 && y > 250) /* wide sleeves' edge */
            c = paint_mix(c, f->trim, 0.35);
        break;
    }
    case OUT_MIKO: {
        double v = fabs(u) - (330 - y) * 0.55;
        if (v < 0)
            c = f->cloth2;
        if (fabs(v) < 6)
            c = f->trim;
        /* the archer's quiver strap across her chest, pale blue */
        double strap = fabs((y - 246) + (u - 70) * 0.95);
        if (strap < 6 && y > 240)
            c = paint_rgb(120, 170, 225, 1);
        if (strap < 6 && strap > 4.5 && y > 240)
            c = paint_rgb(70, 110, 170, 1);
        break;
    }
    case OUT_JACKET: {
        /* a white chest and a red throat under an open dark jacket */
        double panel = fabs(u) - 26 - (y - 250) * 0.18;
        if (panel < 0)
            c = y < 282 ? f->trim : f->cloth2;
        if (fabs(panel) < 2)
            c = paint_darken(f->cloth, 0.5);
        /* the high collar's flaps */
        if (y < 262 && fabs(u) > 18 && fabs(u) < 58)
            c = paint_lighten(f->cloth, 0.12);
        /* a satchel's strap across */
        double strap = fabs((y - 250) - (u + 60) * 0.9);
        if (strap < 7 && y > 240)
            c = paint_rgb(120, 84, 52, 1);
        if (strap < 7 && strap > 5 && y > 240)
            c = paint_rgb(80, 54, 32, 1);
        break;
    }
    case OUT_DRESS: {
        /* a round neckline with a trim, a ribbon at the throat */
        double neck = sd_ellipse(at(p, CX, 240), 44, 24);
        if (neck < 0)
            c = f->cloth2;
        if (fabs(neck) < 3.5)
            c = f->trim;
        double bow =
            mind(sd_ellipse(at(p, CX - 12, 268), 12, 7), sd_ellipse(at(p, CX + 12, 268), 12, 7));
        if (bow < 0)
            c = paint_mix(f->trim, paint_lighten(f->trim, 0.4), paint_clamp(-bow / 6, 0, 1));
        break;
    }
    case OUT_UNIFORM:
    default: {
        /* a high collar, two rows of brass buttons, a belt */
        if (y < 258 && fabs(u) < 30)
            c = paint_lighten(f->cloth, 0.15);
        if (fabs(u) < 2 && y > 258)
            c = paint_darken(f->cloth, 0.5);
        for (int row = 0; row < 4; row++)
            for (int s = -1; s <= 1; s += 2) {
                double b = sd_circle(at(p, CX + s * 20, 280 + row * 24), 5);
                if (b < 0)
                    c = paint_mix(f->trim, paint_lighten(f->trim, 0.6),
                                  paint_clamp(-b / 5, 0, 1) * 0.8);
            }
        if (y > 364)
            c = paint_darken(f->trim, 0.4);
        /* epaulettes */
        double ep = mind(sd_box(at(p, CX - 78 + 18 * f->small, 246), 20, 7, 4),
                         sd_box(at(p, CX + 78 - 18 * f->small, 246), 20, 7, 4));
        if (ep < 0)
            c = f->trim;
        break;
    }
    }
    return c;
}

/* ---- the face's features ---- */

typedef struct eye_pose {
    double open;  /* how far the lids are open, 1 full */
    double iris;  /* the iris's size */
    double shut;  /* 1: closed, happy arcs */
    double slant; /* the upper lid's slant (angry) */
} eye_pose;

/* One eye centred at (ex, ey); side -1 the picture's left, 1 its right. */
static void draw_eye(rgba *acc, vec2 p, const figure *f, eye_pose e, double ex, double ey, int side)
{
    vec2 q = at(p, ex, ey);
    rgba lash = paint_rgb(48, 28, 40, 1);
    if (e.shut > 0.5) {
        /* a closed, smiling eye: an arch */
        double d = fabs(sd_ellipse(at(q, 0, 5), 12, 9)) - 1.6;
        if (q.y < 3)
            lay(acc, lash, paint_fill(d));
        return;
    }
    double a = 12.5, b = 15.0 * (e.iris > 1.0 ? 1.08 : 1.0);
    double white = sd_ellipse(q, a, b);
    /* the upper lid: a line the eye is cut by (lids droop, anger slants it) */
    double lid_y = -b + 2.0 + (1.0 - e.open) * 2 * b * 0.55;
    double cut = lid_y + e.slant * side * q.x; /* inner corner lower when angry */
    double eye = maxd(white, cut - q.y);
    lay(acc, paint_rgb(252, 250, 255, 1), paint_fill(eye));
    /* the iris, darker at its top, a ring; the pupil; two glints */
    double ir = 9.0 * e.iris, ib = 12.0 * e.iris;
    double iris = maxd(sd_ellipse(at(q, 0, 1.5), ir, ib), eye);
    double t = paint_clamp((q.y + ib) / (2 * ib), 0, 1);
    rgba ic = paint_mix(paint_darken(f->eye, 0.55), paint_lighten(f->eye, 0.25), t);
    lay(acc, ic, paint_fill(iris));
    lay(acc, paint_darken(f->eye, 0.6),
        paint_fill(maxd(fabs(sd_ellipse(at(q, 0, 1.5), ir, ib)) - 1.0, eye)));
    lay(acc, paint_darken(f->eye, 0.75),
        paint_fill(maxd(sd_ellipse(at(q, 0, 2.5), 4.0 * e.iris, 6.0 * e.iris), eye)));
    lay(acc, paint_rgb(255, 255, 255, 1), paint_fill(maxd(sd_circle(at(q, -3.5, -4.5), 3.0), eye)));
    lay(acc, paint_rgb(255, 255, 255, 0.85), paint_fill(maxd(sd_circle(at(q, 3.5, 5), 1.6), eye)));
    /* the lash line along the lid, thicker at the outer corner */
    double lid = fabs(q.y - cut) - 1.8 - 1.2 * paint_clamp(side * q.x / a, 0, 1);
    double along = sd_ellipse(q, a + 2.5, b + 2.5);
    lay(acc, lash, paint_fill(maxd(lid, along)));
    /* a flick at the outer corner */
    vec2 fl0 = {side * (a - 1.0), cut + side * e.slant * (a - 1.0) * 0 + 1};
    lay(acc, lash, paint_fill(sd_segment(q, fl0, paint_v(side * (a + 4.0), cut - 2), 1.4)));
    /* the lower lid: a faint line */
    double low = maxd(fabs(white) - 0.7, -q.y + b * 0.55);
    lay(acc, paint_rgb(150, 90, 90, 0.55), paint_fill(low));
}

/* Eyes, brows, nose, mouth and blush of one expression. */
static void draw_features(rgba *acc, vec2 p, const figure *f, expr e)
{
    eye_pose pose = {1.0 - f->lids, 1.0, 0.0, 0.0};
    double brow_lift = 0, brow_tilt = f->brow_tilt;
    switch (e) {
    case EX_SMILE:
        pose.shut = f->lids > 0.45 ? 0.0 : 1.0; /* sleepy figures smile with open eyes */
        brow_lift = 3;
        brow_tilt -= 0.12;
        break;
    case EX_ANGRY:
        pose.open = 0.86 - 0.3 * f->lids;
        pose.slant = 0.32;
        brow_tilt += 0.42;
        brow_lift = -3;
        break;
    case EX_SURPRISED:
        pose.open = 1.0;
        pose.iris = 0.74;
        brow_lift = 9;
        brow_tilt -= 0.2;
        break;
    default: break;
    }
    /* blush */
    double blush = e == EX_SMILE ? 0.42 : e == EX_SURPRISED ? 0.28 : 0.2;
    for (int s = -1; s <= 1; s += 2) {
        double d = sd_ellipse(at(p, CX + s * 30, 182), 10, 4.5);
        lay(acc, paint_rgb(245, 120, 130, blush), paint_fill(d) * paint_clamp(-d / 4, 0, 1));
    }
    for (int s = -1; s <= 1; s += 2)
        draw_eye(acc, p, f, pose, CX + s * 23, 163, s);
    /* brows: short strokes above the eyes, tilted (inner ends lower when stern) */
    rgba brow = paint_darken(f->hair, 0.35);
    for (int s = -1; s <= 1; s += 2) {
        double y0 = 140 - brow_lift;
        vec2 in = {CX + s * 10, y0 + 8 * brow_tilt}, out = {CX + s * 33, y0 - 6 * brow_tilt - 2};
        lay(acc, brow, paint_fill(sd_segment(p, in, out, 1.7)));
    }
    /* the nose: a small shade */
    lay(acc, paint_rgb(200, 140, 130, 0.6),
        paint_fill(sd_segment(p, paint_v(CX + 1, 180), paint_v(CX + 3, 184), 1.0)));
    /* the mouth */
    rgba lip = paint_rgb(150, 60, 70, 1), inside = paint_rgb(130, 40, 56, 1);
    vec2 m = at(p, CX, 195);
    switch (e) {
    case EX_SMILE: {
        double open = maxd(sd_ellipse(m, 10, 8), -m.y);
        inked(acc, open, inside, 1.0);
        lay(acc, paint_rgb(236, 120, 130, 1),
            paint_fill(maxd(sd_ellipse(at(m, 0, 7), 6, 4), open)));
        break;
    }
    case EX_ANGRY: {
        double open = maxd(sd_ellipse(at(m, 0, 2), 8, 5), 0);
        inked(acc, open, inside, 1.0);
        lay(acc, paint_rgb(250, 250, 250, 1), paint_fill(maxd(open, m.y + 0.5)));
        break;
    }
    case EX_SURPRISED: inked(acc, sd_ellipse(at(m, 0, 1), 5, 6.5), inside, 1.0); break;
    default: {
        /* a small, gentle curve */
        double d = fabs(sd_ellipse(at(m, 0, -7), 9, 8)) - 1.1;
        if (m.y > -2)
            lay(acc, lip, paint_fill(maxd(d, fabs(m.x) - 7)));
        break;
    }
    }
}

/* ---- the whole picture ---- */

static rgba shade_skin(vec2 p, const figure *f)
{
    rgba c = f->skin;
    /* the shade the bangs cast on the brow */
    if (sd_bangs(at(p, 0, -9), f) < 0)
        c = paint_mix(c, paint_darken(f->skin, 0.14), 0.8);
    return c;
}

static rgba portrait_at(vec2 p, const figure *f, expr e)
{
    rgba acc = {0, 0, 0, 0};
    if (f->behind)
        f->behind(p, f, e, &acc);
    double back = sd_back_hair(p, f);
    if (back < 3)
        inked(&acc, back, hair_at(p, f), 1.6);
    double body = sd_body(p, f);
    if (body < 3)
        inked(&acc, body, cloth_at(p, f), 1.6);
    double neck = sd_neck(p);
    if (neck < 3 && body > -2) {
        rgba n = paint_darken(f->skin, 0.05);
        if (sd_face(at(p, 0, -12)) < 0) /* the chin's shadow */
            n = paint_darken(f->skin, 0.16);
        inked(&acc, maxd(neck, -sd_body(p, f) - 100), n, 1.2);
    }
    if (body < 3 && neck < 40 && p.y > 236) /* the clothes over the neck's foot */
        inked(&acc, maxd(body, 236 - p.y), cloth_at(p, f), 1.2);
    double face = sd_face(p);
    if (face < 3) {
        inked(&acc, face, shade_skin(p, f), 1.5);
        if (face < 1)
            draw_features(&acc, p, f, e);
    }
    double locks = sd_locks(p, f);
    if (locks < 3)
        inked(&acc, locks, hair_at(p, f), 1.4);
    double bangs = sd_bangs(p, f);
    if (bangs < 3)
        inked(&acc, bangs, hair_at(p, f), 1.5);
    if (f->front_of)
        f->front_of(p, f, e, &acc);
    return acc;
}

/* ---- each figure's own strokes ---- */

/* Hotaru: a side tail tied with a gold cord, a lantern hairpin, fireflies. */
static void hotaru_behind(vec2 p, const figure *f, expr e, rgba *c)
{
    (void)e;
    vec2 tail[4] = {{CX + 50, 100}, {CX + 84, 112}, {CX + 96, 250}, {CX + 74, 292}};
    double d = sd_polygon(p, tail, 4) - 6;
    if (d < 3)
        inked(c, d, hair_at(p, f), 1.6);
}

static void fireflies(vec2 p, rgba *c, int seed, int count)
{
    for (int k = 0; k < count; k++) {
        double x = 16 + paint_hash(k, 1, seed) * 224, y = 30 + paint_hash(k, 2, seed) * 300;
        double r = sd_circle(at(p, x, y), 0.0);
        double glow = paint_glow(r, 9.0 + 5 * paint_hash(k, 3, seed));
        *c = paint_add(*c, paint_rgb(255, 236, 120, 0.55 * glow));
        lay(c, paint_rgb(255, 255, 210, 1), paint_fill(r - 1.6));
    }
}

static void hotaru_front(vec2 p, const figure *f, expr e, rgba *c)
{
    (void)f;
    (void)e;
    /* the cord round the tail's root */
    double cord = sd_box(paint_rotate(at(p, CX + 70, 116), -0.35), 14, 4, 2);
    inked(c, cord, paint_rgb(250, 200, 70, 1), 1.2);
    /* a small paper lantern hairpin over her left temple */
    vec2 l = at(p, CX - 52, 104);
    double body = sd_ellipse(l, 11, 14);
    inked(c, body, paint_rgb(236, 70, 50, 1), 1.3);
    if (body < 0) {
        double rib = fabs(fmod(l.y + 30.0, 6.0) - 3.0);
        lay(c, paint_rgb(160, 30, 30, 0.6), paint_fill(rib - 0.6));
        *c = paint_add(*c, paint_rgb(255, 200, 90, 0.45 * paint_glow(paint_len(l), 10)));
    }
    inked(c, sd_box(at(l, 0, -14), 7, 2.5, 1), paint_rgb(60, 40, 30, 1), 1.0);
    inked(c, sd_box(at(l, 0, 14), 7, 2.5, 1), paint_rgb(60, 40, 30, 1), 1.0);
    fireflies(p, c, 11, 9);
}

/* Shirasagi: the heron's two long plumes from the back of her head, a white
 * feather ornament and a pale blue cord. */
static void shirasagi_behind(vec2 p, const figure *f, expr e, rgba *c)
{
    (void)f;
    (void)e;
    for (int k = 0; k < 2; k++) {
        vec2 a = {CX + 40 + 8 * k, 92}, b = {CX + 112 - 10 * k, 40 + 30 * k};
        double d = sd_segment(p, a, b, 5.0 - 1.5 * k);
        inked(c, d, paint_rgb(246, 250, 255, 1), 1.2);
        if (d < 0)
            lay(c, paint_rgb(190, 215, 240, 1), paint_fill(fabs(d + 2.5) - 0.5));
    }
}

static void shirasagi_front(vec2 p, const figure *f, expr e, rgba *c)
{
    (void)f;
    (void)e;
    /* her arrows' white fletchings over her left shoulder (the picture's left) */
    for (int k = 0; k < 3; k++) {
        vec2 q = paint_rotate(at(p, CX - 84 + 9 * k, 236 - 6 * k), -0.5);
        double shaft = sd_box(at(q, 0, 24), 1.6, 26, 1);
        double vane = sd_polygon(q, (vec2[]){{-6, -10}, {6, -10}, {4, 16}, {-4, 16}}, 4);
        inked(c, shaft, paint_rgb(160, 120, 80, 1), 0.8);
        inked(c, vane, paint_rgb(250, 252, 255, 1), 1.0);
        lay(c, paint_rgb(150, 190, 230, 1), paint_fill(maxd(fabs(q.x) - 0.6, vane)));
    }
    /* a feather over her right temple */
    vec2 q = paint_rotate(at(p, CX + 48, 100), 0.7);
    double feather = sd_ellipse(q, 20, 6);
    inked(c, feather, paint_rgb(250, 252, 255, 1), 1.2);
    if (feather < 0)
        lay(c, paint_rgb(170, 200, 235, 1),
            paint_fill(fabs(q.y) - 0.6) + 0.35 * paint_fill(fabs(fmod(q.x + 40, 5) - 2.5) - 0.5));
    /* the cord that ties her hair low, pale blue */
    inked(c, sd_box(at(p, CX - 56, 236), 9, 5, 2), paint_rgb(130, 180, 230, 1), 1.2);
    inked(c, sd_box(at(p, CX + 56, 236), 9, 5, 2), paint_rgb(130, 180, 230, 1), 1.2);
}

/* Tsubame: flying goggles pushed up on her hair, and her hair's forked tail
 * (a swallow's) behind her neck. */
static void tsubame_behind(vec2 p, const figure *f, expr e, rgba *c)
{
    (void)e;
    for (int s = -1; s <= 1; s += 2) {
        vec2 v[3] = {{CX + s * 20, 200}, {CX + s * 58, 196}, {CX + s * 92, 262}};
        double d = sd_polygon(p, v, 3) - 3;
        if (d < 3)
            inked(c, d, hair_at(p, f), 1.5);
    }
}

static void tsubame_front(vec2 p, const figure *f, expr e, rgba *c)
{
    (void)f;
    (void)e;
    double strap =
        maxd(fabs(p.y - 100 + 0.0008 * (p.x - CX) * (p.x - CX)) - 4.5, fabs(p.x - CX) - 66);
    inked(c, strap, paint_rgb(70, 56, 50, 1), 1.0);
    for (int s = -1; s <= 1; s += 2) {
        vec2 g = at(p, CX + s * 24, 98);
        double rim = sd_circle(g, 16);
        inked(c, rim, paint_rgb(200, 170, 110, 1), 1.3);
        double lens = sd_circle(g, 11.5);
        if (lens < 0.5) {
            rgba glass = paint_mix(paint_rgb(140, 220, 255, 1), paint_rgb(40, 90, 160, 1),
                                   paint_clamp((g.y + 11) / 22, 0, 1));
            lay(c, glass, paint_fill(lens));
            lay(c, paint_rgb(255, 255, 255, 0.8),
                paint_fill(sd_ellipse(paint_rotate(at(g, -4, -4), -0.7), 4.5, 1.8)));
        }
    }
}

/* Wick: a lantern spirit: paper lantern ribs on her hat, and embers. */
static void wick_front(vec2 p, const figure *f, expr e, rgba *c)
{
    (void)f;
    (void)e;
    /* a little lantern cap perched on her flames */
    vec2 l = at(p, CX + 20, 62);
    double cap = sd_ellipse(l, 26, 20);
    inked(c, cap, paint_rgb(250, 230, 190, 1), 1.4);
    if (cap < 0) {
        double rib = fabs(fmod(l.y + 40.0, 8.0) - 4.0);
        lay(c, paint_rgb(230, 130, 60, 0.7), paint_fill(rib - 0.8));
        *c = paint_add(*c, paint_rgb(255, 170, 60, 0.4 * paint_glow(paint_len(l), 26)));
    }
    inked(c, sd_box(at(l, 0, -20), 12, 3, 1), paint_rgb(60, 30, 20, 1), 1.0);
    inked(c, sd_box(at(l, 0, 20), 12, 3, 1), paint_rgb(60, 30, 20, 1), 1.0);
    fireflies(p, c, 29, 6);
}

/* Kagari: a bonfire's crown of curtain tassels and a high, heavy tail. */
static void kagari_behind(vec2 p, const figure *f, expr e, rgba *c)
{
    (void)e;
    vec2 tail[5] = {{CX + 10, 60}, {CX + 60, 50}, {CX + 102, 150}, {CX + 98, 330}, {CX + 70, 300}};
    double d = sd_polygon(p, tail, 5) - 8;
    if (d < 3)
        inked(c, d, hair_at(p, f), 1.6);
}

static void kagari_front(vec2 p, const figure *f, expr e, rgba *c)
{
    (void)f;
    (void)e;
    /* a gold crest with a flame */
    vec2 q = at(p, CX, 84);
    double crest = sd_box(q, 26, 5, 2);
    inked(c, crest, paint_rgb(240, 190, 70, 1), 1.2);
    double flame = sd_polygon(q, (vec2[]){{-9, -4}, {9, -4}, {2, -30}}, 3) - 1;
    inked(c, flame, paint_rgb(255, 120, 50, 1), 1.2);
    if (flame < 0)
        lay(c, paint_rgb(255, 230, 120, 1), paint_fill(flame + 4));
    /* tassels hanging from her shoulders */
    for (int s = -1; s <= 1; s += 2) {
        vec2 t = at(p, CX + s * 84, 268);
        inked(c, sd_circle(t, 6), paint_rgb(240, 190, 70, 1), 1.0);
        double threads = maxd(sd_box(at(t, 0, 20), 5, 14, 2), -1);
        inked(c, threads, paint_rgb(220, 60, 60, 1), 1.0);
    }
}

/* Suiren: a lotus in her hair, lily pads at her collar. */
static void lotus(vec2 p, rgba *c, double x, double y, double s)
{
    for (int k = -2; k <= 2; k++) {
        vec2 q = paint_rotate(at(p, x, y), 0.42 * k);
        double pet = sd_ellipse(at(q, 0, -12 * s), 6 * s, 13 * s);
        inked(c, pet,
              paint_mix(paint_rgb(255, 236, 245, 1), paint_rgb(240, 130, 180, 1),
                        paint_clamp(-q.y / (22 * s), 0, 1)),
              1.1);
    }
    lay(c, paint_rgb(255, 220, 110, 1), paint_fill(sd_circle(at(p, x, y - 4 * s), 3.5 * s)));
}

static void suiren_front(vec2 p, const figure *f, expr e, rgba *c)
{
    (void)f;
    (void)e;
    lotus(p, c, CX - 46, 98, 1.2);
    for (int s = -1; s <= 1; s += 2) {
        double pad = sd_ellipse(paint_rotate(at(p, CX + s * 62, 262), s * 0.3), 26, 10);
        inked(c, pad, paint_rgb(90, 170, 120, 1), 1.2);
    }
}

/* Minamo: a crescent moon behind her, its silver on the water, a pearl. */
static void minamo_behind(vec2 p, const figure *f, expr e, rgba *c)
{
    (void)f;
    (void)e;
    double moon = maxd(sd_circle(at(p, CX - 60, 70), 44), -sd_circle(at(p, CX - 40, 58), 40));
    *c = paint_add(*c, paint_rgb(200, 220, 255, 0.35 * paint_glow(maxd(moon, 0), 16)));
    lay(c, paint_rgb(236, 240, 255, 0.95), paint_fill(moon));
}

static void minamo_front(vec2 p, const figure *f, expr e, rgba *c)
{
    (void)f;
    (void)e;
    /* a little crescent ornament and ripples on her sleeves */
    double cres = maxd(sd_circle(at(p, CX + 44, 102), 11), -sd_circle(at(p, CX + 50, 97), 9));
    inked(c, cres, paint_rgb(250, 230, 150, 1), 1.0);
    if (sd_body(p, f) < 0 && fabs(p.x - CX) > 50) {
        double r = fabs(fmod(paint_len(at(p, CX, 420)) + 100.0, 14.0) - 7.0);
        lay(c, paint_rgb(190, 220, 255, 0.35), paint_fill(r - 0.8));
    }
    inked(c, sd_circle(at(p, CX, 268), 5), paint_rgb(240, 245, 255, 1), 1.0);
}

/* Zenmai: a wind-up key behind her, seams at her jaw, a round cap. */
static void zenmai_behind(vec2 p, const figure *f, expr e, rgba *c)
{
    (void)f;
    (void)e;
    vec2 k = at(p, CX + 74, 216);
    double stem = sd_box(k, 18, 4, 2);
    double bow1 = sd_circle(at(k, 24, -12), 13), bow2 = sd_circle(at(k, 24, 12), 13);
    double key = mind(stem, mind(bow1, bow2));
    key = maxd(key, -mind(sd_circle(at(k, 24, -12), 5), sd_circle(at(k, 24, 12), 5)));
    inked(c, key, paint_rgb(200, 150, 70, 1), 1.4);
}

static void zenmai_front(vec2 p, const figure *f, expr e, rgba *c)
{
    (void)f;
    (void)e;
    /* a doll's seams from her mouth's corners */
    for (int s = -1; s <= 1; s += 2)
        lay(c, paint_rgb(170, 120, 110, 0.7),
            paint_fill(sd_segment(p, paint_v(CX + s * 13, 196), paint_v(CX + s * 15, 207), 0.8)));
    /* a round cap with a brass badge (a little gear) */
    vec2 q = at(p, CX, 88);
    double cap = maxd(sd_ellipse(q, 48, 24), q.y - 6);
    inked(c, cap, paint_rgb(50, 110, 110, 1), 1.4);
    inked(c, sd_box(at(q, 0, 6), 52, 4, 2), paint_rgb(30, 70, 70, 1), 1.2);
    double gear = maxd(sd_star(at(q, 0, -8), 8, 9, 7, 0), -sd_circle(at(q, 0, -8), 3));
    inked(c, gear, paint_rgb(230, 180, 80, 1), 1.0);
}

/* Tokine: a clock face behind her head, its hands at dawn; clock-hand pins. */
static void tokine_behind(vec2 p, const figure *f, expr e, rgba *c)
{
    (void)f;
    (void)e;
    vec2 q = at(p, CX, 130);
    double ring = fabs(sd_circle(q, 96)) - 5;
    inked(c, ring, paint_rgb(220, 180, 110, 0.95), 1.2);
    double ang = atan2(q.y, q.x);
    for (int k = 0; k < 12; k++) {
        double a = k * PAINT_PI / 6, da = fabs(remainder(ang - a, 2 * PAINT_PI));
        double tick = maxd(fabs(paint_len(q) - 84) - (k % 3 == 0 ? 7 : 4), da * 84 - 2.2);
        lay(c, paint_rgb(230, 200, 140, 0.9), paint_fill(tick));
    }
    lay(c, paint_rgb(250, 210, 170, 0.12), paint_fill(sd_circle(q, 90)));
}

static void tokine_front(vec2 p, const figure *f, expr e, rgba *c)
{
    (void)f;
    (void)e;
    /* two clock-hand pins in her hair, and tired shadows under her eyes */
    inked(c, sd_segment(p, paint_v(CX + 34, 116), paint_v(CX + 70, 80), 2.6),
          paint_rgb(230, 190, 100, 1), 1.0);
    inked(c, sd_segment(p, paint_v(CX + 44, 114), paint_v(CX + 58, 96), 3.4),
          paint_rgb(230, 190, 100, 1), 1.0);
    for (int s = -1; s <= 1; s += 2) {
        double bag = maxd(fabs(sd_ellipse(at(p, CX + s * 23, 170), 11, 9)) - 0.8, 176 - p.y);
        lay(c, paint_rgb(150, 110, 140, 0.5), paint_fill(bag));
    }
    /* a monocle's chain at her right eye */
    inked(c, fabs(sd_circle(at(p, CX + 23, 163), 16)) - 1.2, paint_rgb(220, 180, 90, 1), 0.8);
}

/* ---- the cast ---- */

#define RGB(r, g, b)                               \
    {                                              \
        (r) / 255.0, (g) / 255.0, (b) / 255.0, 1.0 \
    }

static const figure cast[] = {
    {"hotaru", RGB(170, 60, 40), RGB(250, 170, 110), RGB(230, 150, 40), RGB(255, 230, 214),
     RGB(200, 40, 48), RGB(255, 244, 226), RGB(245, 190, 60), BACK_MEDIUM, BANGS_SWEPT, OUT_YUKATA,
     0.0, 0.0, 1, -0.05, hotaru_behind, hotaru_front},
    {"shirasagi", RGB(232, 236, 246), RGB(255, 255, 255), RGB(90, 150, 210), RGB(255, 236, 228),
     RGB(246, 248, 252), RGB(214, 232, 250), RGB(120, 170, 220), BACK_LONG, BANGS_STRAIGHT,
     OUT_MIKO, 0.18, 0.0, 1, 0.05, shirasagi_behind, shirasagi_front},
    {"tsubame", RGB(34, 40, 78), RGB(90, 110, 180), RGB(200, 50, 60), RGB(250, 226, 206),
     RGB(34, 46, 96), RGB(244, 244, 250), RGB(210, 44, 50), BACK_SHORT, BANGS_SPIKY, OUT_JACKET,
     0.0, 0.0, 0, 0.15, tsubame_behind, tsubame_front},
    {"wick", RGB(250, 140, 40), RGB(255, 230, 120), RGB(250, 200, 60), RGB(255, 232, 210),
     RGB(240, 120, 40), RGB(255, 236, 200), RGB(130, 50, 40), BACK_FLAME, BANGS_SPIKY, OUT_DRESS,
     0.0, 1.0, 0, -0.1, NULL, wick_front},
    {"kagari", RGB(40, 24, 40), RGB(150, 90, 140), RGB(220, 50, 50), RGB(252, 228, 216),
     RGB(110, 30, 60), RGB(60, 20, 40), RGB(240, 190, 70), BACK_LONG, BANGS_PARTED, OUT_ROBE, 0.1,
     0.0, 1, 0.2, kagari_behind, kagari_front},
    {"suiren", RGB(240, 180, 210), RGB(255, 235, 245), RGB(170, 130, 220), RGB(255, 236, 232),
     RGB(120, 190, 150), RGB(255, 230, 240), RGB(240, 140, 190), BACK_MEDIUM, BANGS_STRAIGHT,
     OUT_DRESS, 0.55, 0.4, 1, -0.15, NULL, suiren_front},
    {"minamo", RGB(150, 180, 230), RGB(230, 240, 255), RGB(240, 200, 90), RGB(250, 236, 236),
     RGB(30, 40, 100), RGB(200, 220, 250), RGB(200, 210, 240), BACK_LONG, BANGS_SWEPT, OUT_DRESS,
     0.05, 0.0, 1, -0.05, minamo_behind, minamo_front},
    {"zenmai", RGB(80, 180, 170), RGB(180, 240, 230), RGB(70, 150, 200), RGB(255, 238, 226),
     RGB(40, 90, 100), RGB(230, 230, 230), RGB(220, 170, 70), BACK_SHORT, BANGS_STRAIGHT,
     OUT_UNIFORM, 0.0, 1.0, 0, 0.0, zenmai_behind, zenmai_front},
    {"tokine", RGB(150, 140, 170), RGB(220, 210, 240), RGB(240, 160, 100), RGB(250, 232, 224),
     RGB(60, 56, 80), RGB(250, 220, 190), RGB(220, 180, 100), BACK_LONG, BANGS_PARTED, OUT_ROBE,
     0.35, 0.0, 1, 0.12, tokine_behind, tokine_front},
};

#define CAST_COUNT ((int)(sizeof cast / sizeof cast[0]))

/* Draws figure f's sheet (EXPRS busts side by side) into px (RGBA bytes),
 * 3x3 samples a pixel. */
static void draw_sheet(const figure *f, uint8_t *px)
{
    int w = CELL_W * EXPRS;
    for (int e = 0; e < EXPRS; e++)
        for (int y = 0; y < CELL_H; y++)
            for (int x = 0; x < CELL_W; x++) {
                rgba sum = {0, 0, 0, 0};
                for (int sy = 0; sy < 3; sy++)
                    for (int sx = 0; sx < 3; sx++) {
                        vec2 p = {x + (sx + 0.5) / 3.0, y + (sy + 0.5) / 3.0};
                        rgba c = portrait_at(p, f, (expr)e);
                        sum.r += c.r / 9;
                        sum.g += c.g / 9;
                        sum.b += c.b / 9;
                        sum.a += c.a / 9;
                    }
                uint8_t *o = px + ((size_t)y * w + (size_t)e * CELL_W + x) * 4;
                double a = paint_clamp(sum.a, 0, 1);
                /* premultiplied to straight; fade the bust's foot out */
                double foot = paint_clamp((CELL_H - 2 - y) / 40.0, 0, 1);
                o[0] = (uint8_t)(a > 0 ? paint_clamp(sum.r / a, 0, 1) * 255 + 0.5 : 0);
                o[1] = (uint8_t)(a > 0 ? paint_clamp(sum.g / a, 0, 1) * 255 + 0.5 : 0);
                o[2] = (uint8_t)(a > 0 ? paint_clamp(sum.b / a, 0, 1) * 255 + 0.5 : 0);
                o[3] = (uint8_t)(a * foot * 255 + 0.5);
            }
}

int main(int argc, char **argv)
{
    static const tool_usage usage = {"portraits", "OUT_DIR [NAME]",
                                     "draws the story's characters' portrait sheets into OUT_DIR "
                                     "(patterns/story/art),\nor only NAME's",
                                     1, 2};
    int args = tool_args(argc, argv, &usage);
    if (args >= 0)
        return args;
    int w = CELL_W * EXPRS, rc = 0;
    uint8_t *px = malloc((size_t)w * CELL_H * 4);
    if (!px)
        return 1;
    for (int i = 0; i < CAST_COUNT; i++) {
        if (argc > 2 && strcmp(argv[2], cast[i].name) != 0)
            continue;
        memset(px, 0, (size_t)w * CELL_H * 4);
        draw_sheet(&cast[i], px);
        char path[1024];
        snprintf(path, sizeof path, "%s/%s.png", argv[1], cast[i].name);
        SDL_Surface *s =
            SDL_CreateRGBSurfaceWithFormatFrom(px, w, CELL_H, 32, w * 4, SDL_PIXELFORMAT_RGBA32);
        if (!s || IMG_SavePNG(s, path) != 0) {
            fprintf(stderr, "portraits: cannot write %s: %s\n", path, SDL_GetError());
            rc = 1;
        }
        SDL_FreeSurface(s);
    }
    free(px);
    return rc;
}
