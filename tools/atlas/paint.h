/*
 * paint: the drawing kit of the atlas generator.
 *
 * Every picture is a *shader*: a function from a point in the picture's own
 * coordinates (pixels, origin at its centre, y down, heading along +x) to a
 * premultiplied colour. paint_frame samples it 4x4 times per pixel, rotated as
 * asked, so pre-rotated frames are drawn from the shape itself rather than by
 * resampling a drawn image.
 *
 * Determinism: the atlas must come out byte-identical on every build of the tool,
 * so nothing here calls libm's transcendental functions (core/trig.h instead) and
 * only +, -, *, / and sqrt are used on floats.
 */
#ifndef CURTAIN_TOOLS_ATLAS_PAINT_H
#define CURTAIN_TOOLS_ATLAS_PAINT_H

#include <stdint.h>

/* A premultiplied colour, components in [0, 1]. */
typedef struct rgba {
    double r, g, b, a;
} rgba;

typedef struct vec2 {
    double x, y;
} vec2;

#define PAINT_PI 3.14159265358979323846

/* A straight (not premultiplied) colour from 0..255 components and an opacity. */
rgba paint_rgb(int r, int g, int b, double alpha);
/* The same colour with its opacity multiplied by k (premultiplied: all four scale). */
rgba paint_fade(rgba c, double k);
/* Straight-colour mix of a and b by t in [0, 1] (opacities mixed too). */
rgba paint_mix(rgba a, rgba b, double t);
/* top over bottom (Porter-Duff "over"). */
rgba paint_over(rgba bottom, rgba top);
/* Light added on top (additive glow), opacity kept as the larger. */
rgba paint_add(rgba bottom, rgba light);
rgba paint_lighten(rgba c, double t); /* mix toward white */
rgba paint_darken(rgba c, double t);  /* mix toward black */

double paint_clamp(double x, double lo, double hi);
double paint_smoothstep(double e0, double e1, double x);
/* Coverage of a signed distance d (negative inside): 1 inside, 0 outside, a
 * half-pixel ramp across the edge. */
double paint_fill(double d);
/* Coverage of a band of the given half-width around the zero line of d. */
double paint_stroke(double d, double half_width);
/* A glow falling from 1 at d = 0 to 0 at d = width (quadratic). */
double paint_glow(double d, double width);

double paint_len(vec2 p);
vec2 paint_v(double x, double y);
vec2 paint_sub(vec2 a, vec2 b);
vec2 paint_rotate(vec2 p, double angle);

/* Signed distances, in pixels. */
double sd_circle(vec2 p, double r);
/* An ellipse with semi-axes a (x) and b (y); approximate away from the edge. */
double sd_ellipse(vec2 p, double a, double b);
/* A rectangle of half-size hw x hh, corners rounded by radius. */
double sd_box(vec2 p, double hw, double hh, double radius);
/* A capsule from a to b of the given radius. */
double sd_segment(vec2 p, vec2 a, vec2 b, double radius);
/* A closed polygon (either winding). */
double sd_polygon(vec2 p, const vec2 *v, int n);
/* A star of n points: outer radius ro, inner radius ri, first point at angle a0. */
double sd_star(vec2 p, int n, double ro, double ri, double a0);

/* What paint_frame draws: shade(p, user) for points p in picture coordinates. */
typedef rgba (*paint_shader)(vec2 p, const void *user);

/* Draws a w x h frame into out (straight RGBA bytes, row pitch in bytes), the
 * picture rotated by angle (radians, clockwise on screen since y points down).
 * The picture's centre is the frame's centre. */
void paint_frame(uint8_t *out, int pitch, int w, int h, double angle, paint_shader shade,
                 const void *user);

/* A small deterministic hash noise in [0, 1) for integer lattice points. */
double paint_hash(int x, int y, int seed);
/* Smooth value noise in [0, 1). */
double paint_noise(double x, double y, int seed);
/* A hash of a lattice point to [0, 1), in float (the tiling noise's). */
float paint_tile_hash(int x, int y, uint32_t salt);
/* Value noise in [0, 1) on a lattice of period (px, py) cells: it tiles (the
 * backdrop sheets' scenery, which repeats across the screen). */
float paint_tile_noise(float x, float y, int px, int py, uint32_t salt);
/* Fractal noise over a w x h tile that tiles: octaves of paint_tile_noise from
 * cells of cx x cy px, each octave twice as fine and half as strong. */
float paint_tile_fbm(float u, float v, int w, int h, int cx, int cy, int octaves, uint32_t salt);

#endif
