/*
 * art_bullets: every bullet shape, in every colour of the palette.
 *
 * The look follows the genre: a bright white core that reads as "the dangerous
 * part" (the hitbox is about that size), a saturated body in the bullet's colour,
 * and a soft glow or a dark outline so the bullet stands out on any backdrop.
 * Shapes with a heading point along +x; the painter rotates them.
 */
#include "art.h"

#include "render/bullet_palette.h"

#include <math.h>

/* The game's palette (render/bullet_palette.c: one table for the atlas and for
 * recolouring it into the colour-blind palettes). */
rgba art_palette(bullet_color color)
{
    bullet_rgb c = bullet_palette_rgb(BULLET_PALETTE_NORMAL, color);
    return paint_rgb(c.r, c.g, c.b, 1.0);
}

static const rgba white = {1, 1, 1, 1};

/* The three tones of a bullet colour: deep edge, body, light inner body. */
typedef struct tones {
    rgba deep, body, light;
} tones;

static tones tones_of(bullet_color color)
{
    rgba base = art_palette(color);
    tones t = {paint_darken(base, 0.55), base, paint_lighten(base, 0.55)};
    if (color == BULLET_COLOR_WHITE) {
        /* White bullets keep a cool grey body so their core still shows. */
        t.deep = paint_rgb(70, 76, 110, 1.0);
        t.body = paint_rgb(150, 160, 196, 1.0);
        t.light = paint_rgb(226, 232, 250, 1.0);
    }
    return t;
}

/* An orb: white core, coloured ring, and a glowing rim fading into the dark.
 * r is the outer radius of the solid part; the glow reaches glow pixels further. */
static rgba orb(vec2 p, tones t, double r, double glow)
{
    double d = paint_len(p);
    double core = r * 0.52;
    rgba c = paint_fade(t.body, 0.85 * paint_glow(d - r, glow));
    /* A thin bright rim just inside the edge, then the body, then the core. */
    rgba body = paint_mix(t.light, t.body, paint_smoothstep(core, r * 0.8, d));
    body = paint_mix(body, paint_lighten(t.body, 0.35), paint_smoothstep(r * 0.8, r, d));
    c = paint_over(c, paint_fade(body, paint_fill(d - r)));
    rgba inner = paint_mix(white, t.light, paint_smoothstep(core * 0.6, core + 0.6, d));
    c = paint_over(c, paint_fade(inner, paint_fill(d - core - 0.4)));
    return c;
}

static rgba orb_small(vec2 p, tones t)
{
    double d = paint_len(p);
    rgba c = paint_fade(t.body, 0.8 * paint_glow(d - 2.6, 1.3));
    c = paint_over(c, paint_fade(paint_mix(t.light, t.body, paint_smoothstep(1.0, 2.6, d)),
                                 paint_fill(d - 2.6)));
    return paint_over(c, paint_fade(white, paint_fill(d - 1.2)));
}

/* A large orb adds a dark band between glow and body, and a specular spot. */
static rgba orb_large(vec2 p, tones t)
{
    double d = paint_len(p);
    rgba c = paint_fade(t.body, 0.7 * paint_glow(d - 12.5, 3.0));
    c = paint_over(c, paint_fade(t.deep, paint_fill(d - 12.6)));
    rgba body = paint_mix(t.body, paint_lighten(t.body, 0.5), paint_smoothstep(8.5, 11.8, d));
    c = paint_over(c, paint_fade(body, paint_fill(d - 11.8)));
    rgba inner = paint_mix(white, t.light, paint_smoothstep(4.0, 7.6, d));
    c = paint_over(c, paint_fade(inner, paint_fill(d - 7.6)));
    double spot = paint_len(paint_v(p.x + 3.0, p.y + 3.2));
    return paint_over(c, paint_fade(white, 0.8 * paint_fill(spot - 1.6)));
}

/* Rice: a grain along the heading, white at the centre. */
static rgba rice(vec2 p, tones t)
{
    double outer = sd_ellipse(p, 6.6, 3.3);
    rgba c = paint_fade(t.body, 0.7 * paint_glow(outer, 1.2));
    c = paint_over(c, paint_fade(t.deep, paint_fill(outer)));
    double body = sd_ellipse(p, 5.9, 2.6);
    c = paint_over(c, paint_fade(t.body, paint_fill(body)));
    double inner = sd_ellipse(p, 4.2, 1.3);
    rgba core = paint_mix(white, t.light, paint_smoothstep(-1.0, 0.3, inner));
    return paint_over(c, paint_fade(core, paint_fill(inner - 0.3)));
}

/* Kunai: a leaf blade pointing forward, a guard, a wrapped grip and a ring. */
static rgba kunai(vec2 p, tones t)
{
    static const vec2 blade[] = {{7.2, 0}, {1.0, 2.7}, {-1.8, 0}, {1.0, -2.7}};
    static const vec2 edge[] = {{5.8, 0}, {1.2, 1.0}, {-0.8, 0}, {1.2, -1.0}};
    double b = sd_polygon(p, blade, 4);
    double grip = sd_box(paint_v(p.x + 4.0, p.y), 2.2, 0.95, 0.3);
    double guard = sd_box(paint_v(p.x + 1.9, p.y), 0.6, 2.0, 0.3);
    double ring = fabs(sd_circle(paint_v(p.x + 6.6, p.y), 0.95)) - 0.42;
    double all = fmin(fmin(b, grip), fmin(guard, ring));
    rgba c = paint_fade(t.body, 0.75 * paint_glow(all, 1.3));
    c = paint_over(c, paint_fade(t.deep, paint_fill(all - 0.55)));
    c = paint_over(c, paint_fade(t.body, paint_fill(fmin(grip, ring))));
    c = paint_over(c, paint_fade(paint_lighten(t.body, 0.25), paint_fill(guard)));
    rgba steel = paint_mix(t.light, t.body, paint_smoothstep(-1.5, 0.0, b));
    c = paint_over(c, paint_fade(steel, paint_fill(b)));
    return paint_over(c, paint_fade(white, paint_fill(sd_polygon(p, edge, 4))));
}

/* A star with five points, upright; size scales it (1 = the 16-pixel star). */
static rgba star(vec2 p, tones t, double size)
{
    double a0 = -PAINT_PI / 2;
    double outer = sd_star(p, 5, 7.3 * size, 3.3 * size, a0);
    rgba c = paint_fade(t.body, 0.7 * paint_glow(outer, 1.3 * size));
    c = paint_over(c, paint_fade(t.deep, paint_fill(outer)));
    double body = sd_star(p, 5, 6.3 * size, 2.75 * size, a0);
    rgba fill = paint_mix(t.light, t.body, paint_smoothstep(0.5 * size, 4.5 * size, paint_len(p)));
    c = paint_over(c, paint_fade(fill, paint_fill(body)));
    double core = paint_len(p) - 1.5 * size;
    return paint_over(c, paint_fade(white, paint_fill(core)));
}

/* A bubble: a thin bright shell around a faint tinted inside, with highlights. */
static rgba bubble(vec2 p, tones t)
{
    double d = paint_len(p);
    double r = 13.0;
    rgba c = paint_fade(t.body, 0.55 * paint_glow(d - r, 2.4));
    rgba inside = paint_mix(paint_fade(t.body, 0.16), paint_fade(t.light, 0.55),
                            paint_smoothstep(r * 0.45, r, d));
    c = paint_over(c, paint_fade(inside, paint_fill(d - r)));
    c = paint_over(c, paint_fade(t.light, paint_stroke(d - r + 0.9, 0.9)));
    c = paint_over(c, paint_fade(white, 0.8 * paint_stroke(d - r + 0.9, 0.35)));
    vec2 h = paint_rotate(paint_v(p.x + 5.0, p.y + 5.5), PAINT_PI / 4);
    c = paint_over(c, paint_fade(white, 0.85 * paint_fill(sd_ellipse(h, 1.6, 3.4))));
    double small = paint_len(paint_v(p.x - 6.0, p.y - 5.5)) - 1.1;
    return paint_over(c, paint_fade(white, 0.5 * paint_fill(small)));
}

/* An amulet (ofuda): a paper slip along the heading, coloured border and seal. */
static rgba amulet(vec2 p, tones t)
{
    double paper = sd_box(p, 6.9, 4.3, 0.6);
    rgba c = paint_fade(t.body, 0.6 * paint_glow(paper, 1.2));
    c = paint_over(c, paint_fade(t.body, paint_fill(paper)));
    rgba cream = paint_mix(paint_rgb(255, 252, 240, 1.0), t.light, 0.25);
    c = paint_over(c, paint_fade(cream, paint_fill(sd_box(p, 5.6, 3.0, 0.4))));
    /* The seal: a ring, and strokes of writing before and after it. */
    c = paint_over(c, paint_fade(t.body, paint_stroke(sd_circle(p, 1.5), 0.55)));
    c = paint_over(c, paint_fade(t.deep, paint_fill(sd_circle(p, 0.6))));
    double strokes = fmin(sd_box(paint_v(p.x - 3.9, p.y), 0.9, 0.45, 0.2),
                          sd_box(paint_v(p.x + 3.9, p.y), 0.9, 0.45, 0.2));
    return paint_over(c, paint_fade(t.body, 0.9 * paint_fill(strokes)));
}

/* An arrowhead: a dart pointing forward with a notched back. */
static rgba arrow(vec2 p, tones t)
{
    static const vec2 dart[] = {{7.5, 0}, {-5.2, 5.4}, {-2.4, 0}, {-5.2, -5.4}};
    static const vec2 inner[] = {{5.0, 0}, {-2.9, 2.6}, {-1.2, 0}, {-2.9, -2.6}};
    double d = sd_polygon(p, dart, 4);
    rgba c = paint_fade(t.body, 0.7 * paint_glow(d, 1.4));
    c = paint_over(c, paint_fade(t.deep, paint_fill(d)));
    rgba body = paint_mix(t.light, t.body, paint_smoothstep(-2.0, -0.6, d));
    c = paint_over(c, paint_fade(body, paint_fill(d + 0.7)));
    return paint_over(c, paint_fade(white, paint_fill(sd_polygon(p, inner, 4))));
}

/* A droplet: round head leading, tail trailing behind. */
static rgba drop(vec2 p, tones t)
{
    /* Inside where |y| is under a profile that grows from the tail to the head. */
    double head = sd_circle(paint_v(p.x - 2.6, p.y), 4.2);
    double u = (p.x + 7.2) / 9.8;
    double w = u <= 0 ? -1.0 : 4.2 * sqrt(u > 1 ? 1 : u);
    double tail = p.x > 2.6 ? 1e9 : (fabs(p.y) - w) * 0.8;
    if (p.x < -7.2)
        tail = fmax(tail, -7.2 - p.x);
    double d = fmin(head, tail);
    rgba c = paint_fade(t.body, 0.7 * paint_glow(d, 1.3));
    c = paint_over(c, paint_fade(t.deep, paint_fill(d)));
    rgba body = paint_mix(t.light, t.body, paint_smoothstep(-2.5, -0.6, d));
    c = paint_over(c, paint_fade(body, paint_fill(d + 0.7)));
    double core = sd_circle(paint_v(p.x - 2.9, p.y), 1.8);
    return paint_over(c, paint_fade(white, paint_fill(core)));
}

rgba art_bullet_shade(vec2 p, const void *user)
{
    const art_bullet *b = user;
    tones t = tones_of(b->color);
    switch (b->shape) {
    case BULLET_SHAPE_ORB_SMALL: return orb_small(p, t);
    case BULLET_SHAPE_ORB: return orb(p, t, 6.0, 1.6);
    case BULLET_SHAPE_ORB_LARGE: return orb_large(p, t);
    case BULLET_SHAPE_RICE: return rice(p, t);
    case BULLET_SHAPE_KUNAI: return kunai(p, t);
    case BULLET_SHAPE_STAR: return star(p, t, 1.0);
    case BULLET_SHAPE_BUBBLE: return bubble(p, t);
    case BULLET_SHAPE_AMULET: return amulet(p, t);
    case BULLET_SHAPE_ARROW: return arrow(p, t);
    case BULLET_SHAPE_STAR_LARGE: return star(p, t, 2.0);
    case BULLET_SHAPE_DROP: return drop(p, t);
    case BULLET_SHAPE_COUNT: break;
    }
    return (rgba){0, 0, 0, 0};
}
