/*
 * paint: colours, signed distances and the supersampling frame painter of the
 * atlas generator. See paint.h for the conventions.
 */
#include "paint.h"

#include "core/trig.h"

#include <math.h>

rgba paint_rgb(int r, int g, int b, double alpha)
{
    return (rgba){r / 255.0 * alpha, g / 255.0 * alpha, b / 255.0 * alpha, alpha};
}

rgba paint_fade(rgba c, double k)
{
    return (rgba){c.r * k, c.g * k, c.b * k, c.a * k};
}

/* Straight components of a premultiplied colour (black when transparent). */
static rgba paint_straight(rgba c)
{
    if (c.a <= 0.0)
        return (rgba){0, 0, 0, 0};
    return (rgba){c.r / c.a, c.g / c.a, c.b / c.a, c.a};
}

rgba paint_mix(rgba a, rgba b, double t)
{
    t = paint_clamp(t, 0.0, 1.0);
    rgba sa = paint_straight(a), sb = paint_straight(b);
    if (a.a <= 0.0)
        sa = (rgba){sb.r, sb.g, sb.b, 0.0};
    if (b.a <= 0.0)
        sb = (rgba){sa.r, sa.g, sa.b, 0.0};
    double al = sa.a + (sb.a - sa.a) * t;
    return (rgba){(sa.r + (sb.r - sa.r) * t) * al, (sa.g + (sb.g - sa.g) * t) * al,
                  (sa.b + (sb.b - sa.b) * t) * al, al};
}

rgba paint_over(rgba bottom, rgba top)
{
    double k = 1.0 - top.a;
    return (rgba){top.r + bottom.r * k, top.g + bottom.g * k, top.b + bottom.b * k,
                  top.a + bottom.a * k};
}

rgba paint_add(rgba bottom, rgba light)
{
    rgba c = {bottom.r + light.r, bottom.g + light.g, bottom.b + light.b,
              bottom.a > light.a ? bottom.a : light.a};
    /* Keep it a valid premultiplied colour: no component above the opacity. */
    double m = c.r > c.g ? c.r : c.g;
    m = m > c.b ? m : c.b;
    if (m > c.a)
        c.a = m > 1.0 ? 1.0 : m;
    if (c.r > c.a)
        c.r = c.a;
    if (c.g > c.a)
        c.g = c.a;
    if (c.b > c.a)
        c.b = c.a;
    return c;
}

rgba paint_lighten(rgba c, double t)
{
    rgba white = {c.a, c.a, c.a, c.a};
    return paint_mix(c, white, t);
}

rgba paint_darken(rgba c, double t)
{
    rgba black = {0, 0, 0, c.a};
    return paint_mix(c, black, t);
}

double paint_clamp(double x, double lo, double hi)
{
    return x < lo ? lo : x > hi ? hi : x;
}

double paint_smoothstep(double e0, double e1, double x)
{
    double t = paint_clamp((x - e0) / (e1 - e0), 0.0, 1.0);
    return t * t * (3.0 - 2.0 * t);
}

double paint_fill(double d)
{
    return paint_clamp(0.5 - d * 2.0, 0.0, 1.0);
}

double paint_stroke(double d, double half_width)
{
    return paint_fill(fabs(d) - half_width);
}

double paint_glow(double d, double width)
{
    if (d <= 0.0)
        return 1.0;
    double t = 1.0 - d / width;
    return t <= 0.0 ? 0.0 : t * t;
}

double paint_len(vec2 p)
{
    return sqrt(p.x * p.x + p.y * p.y);
}

vec2 paint_v(double x, double y)
{
    return (vec2){x, y};
}

vec2 paint_sub(vec2 a, vec2 b)
{
    return (vec2){a.x - b.x, a.y - b.y};
}

vec2 paint_rotate(vec2 p, double angle)
{
    double s, c;
    trig_sincos(angle, &s, &c);
    return (vec2){p.x * c - p.y * s, p.x * s + p.y * c};
}

double sd_circle(vec2 p, double r)
{
    return paint_len(p) - r;
}

double sd_ellipse(vec2 p, double a, double b)
{
    /* Distance in the stretched space, scaled back by the gradient length: good
     * near the edge, which is all the painter needs. */
    double qx = p.x / a, qy = p.y / b;
    double k = sqrt(qx * qx + qy * qy);
    double gx = qx / a, gy = qy / b;
    double g = sqrt(gx * gx + gy * gy);
    if (g < 1e-9)
        return -(a < b ? a : b);
    return (k - 1.0) * k / g;
}

double sd_box(vec2 p, double hw, double hh, double radius)
{
    double qx = fabs(p.x) - hw + radius, qy = fabs(p.y) - hh + radius;
    double ox = qx > 0 ? qx : 0, oy = qy > 0 ? qy : 0;
    double inside = qx > qy ? qx : qy;
    return sqrt(ox * ox + oy * oy) + (inside < 0 ? inside : 0) - radius;
}

double sd_segment(vec2 p, vec2 a, vec2 b, double radius)
{
    vec2 pa = paint_sub(p, a), ba = paint_sub(b, a);
    double h = paint_clamp((pa.x * ba.x + pa.y * ba.y) / (ba.x * ba.x + ba.y * ba.y), 0.0, 1.0);
    return paint_len(paint_v(pa.x - ba.x * h, pa.y - ba.y * h)) - radius;
}

double sd_polygon(vec2 p, const vec2 *v, int n)
{
    vec2 d0 = paint_sub(p, v[0]);
    double d = d0.x * d0.x + d0.y * d0.y;
    int inside = 0;
    for (int i = 0, j = n - 1; i < n; j = i, i++) {
        vec2 e = paint_sub(v[j], v[i]), w = paint_sub(p, v[i]);
        double h = paint_clamp((w.x * e.x + w.y * e.y) / (e.x * e.x + e.y * e.y), 0.0, 1.0);
        vec2 b = paint_v(w.x - e.x * h, w.y - e.y * h);
        double bb = b.x * b.x + b.y * b.y;
        if (bb < d)
            d = bb;
        /* Crossing count of a ray toward +x. */
        if ((v[i].y > p.y) != (v[j].y > p.y)) {
            double xc = v[i].x + (p.y - v[i].y) * (v[j].x - v[i].x) / (v[j].y - v[i].y);
            if (p.x < xc)
                inside = !inside;
        }
    }
    return inside ? -sqrt(d) : sqrt(d);
}

double sd_star(vec2 p, int n, double ro, double ri, double a0)
{
    vec2 v[32];
    if (n > 16)
        n = 16;
    for (int i = 0; i < 2 * n; i++) {
        double r = (i & 1) ? ri : ro;
        double s, c;
        trig_sincos(a0 + i * PAINT_PI / n, &s, &c);
        v[i] = paint_v(c * r, s * r);
    }
    return sd_polygon(p, v, 2 * n);
}

/* One byte from a [0, 1] component, rounded to nearest. */
static uint8_t paint_byte(double v)
{
    v = paint_clamp(v, 0.0, 1.0) * 255.0 + 0.5;
    return (uint8_t)v;
}

void paint_frame(uint8_t *out, int pitch, int w, int h, double angle, paint_shader shade,
                 const void *user)
{
    enum {
        SS = 4
    };
    double s, c;
    trig_sincos(-angle, &s, &c);
    double cx = w * 0.5, cy = h * 0.5;
    for (int py = 0; py < h; py++) {
        for (int px = 0; px < w; px++) {
            rgba sum = {0, 0, 0, 0};
            for (int j = 0; j < SS; j++) {
                for (int i = 0; i < SS; i++) {
                    double x = px + (i + 0.5) / SS - cx, y = py + (j + 0.5) / SS - cy;
                    vec2 p = {x * c - y * s, x * s + y * c};
                    rgba v = shade(p, user);
                    sum.r += v.r;
                    sum.g += v.g;
                    sum.b += v.b;
                    sum.a += v.a;
                }
            }
            double k = 1.0 / (SS * SS);
            uint8_t *o = out + py * pitch + px * 4;
            double a = sum.a * k;
            if (a <= 0.5 / 255.0) {
                o[0] = o[1] = o[2] = o[3] = 0;
                continue;
            }
            o[0] = paint_byte(sum.r * k / a);
            o[1] = paint_byte(sum.g * k / a);
            o[2] = paint_byte(sum.b * k / a);
            o[3] = paint_byte(a);
        }
    }
}

double paint_hash(int x, int y, int seed)
{
    uint32_t h =
        (uint32_t)x * 0x8da6b343u ^ (uint32_t)y * 0xd8163841u ^ (uint32_t)seed * 0xcb1ab31fu;
    h ^= h >> 13;
    h *= 0x5bd1e995u;
    h ^= h >> 15;
    return (h & 0xffffff) / 16777216.0;
}

double paint_noise(double x, double y, int seed)
{
    double fx = floor(x), fy = floor(y);
    int ix = (int)fx, iy = (int)fy;
    double tx = x - fx, ty = y - fy;
    tx = tx * tx * (3 - 2 * tx);
    ty = ty * ty * (3 - 2 * ty);
    double a = paint_hash(ix, iy, seed), b = paint_hash(ix + 1, iy, seed);
    double c = paint_hash(ix, iy + 1, seed), d = paint_hash(ix + 1, iy + 1, seed);
    return (a + (b - a) * tx) + ((c + (d - c) * tx) - (a + (b - a) * tx)) * ty;
}

float paint_tile_hash(int x, int y, uint32_t salt)
{
    uint32_t h = (uint32_t)x * 374761393u + (uint32_t)y * 668265263u + salt * 2246822519u;
    h = (h ^ (h >> 13)) * 1274126177u;
    return (float)((h ^ (h >> 16)) & 0xffffff) / 16777216.0f;
}

float paint_tile_noise(float x, float y, int px, int py, uint32_t salt)
{
    int x0 = (int)floorf(x), y0 = (int)floorf(y);
    float fx = x - (float)x0, fy = y - (float)y0;
    fx = fx * fx * (3 - 2 * fx);
    fy = fy * fy * (3 - 2 * fy);
    int ax = ((x0 % px) + px) % px, bx = (ax + 1) % px;
    int ay = ((y0 % py) + py) % py, by = (ay + 1) % py;
    float a = paint_tile_hash(ax, ay, salt), b = paint_tile_hash(bx, ay, salt);
    float c = paint_tile_hash(ax, by, salt), d = paint_tile_hash(bx, by, salt);
    return (a + (b - a) * fx) + ((c + (d - c) * fx) - (a + (b - a) * fx)) * fy;
}

float paint_tile_fbm(float u, float v, int w, int h, int cx, int cy, int octaves, uint32_t salt)
{
    float sum = 0, amp = 0.5f, norm = 0;
    int cw = w / cx, ch = h / cy;
    for (int o = 0; o < octaves; o++) {
        sum += amp * paint_tile_noise(u / (float)w * (float)cw, v / (float)h * (float)ch, cw, ch,
                                      salt + (uint32_t)o);
        norm += amp;
        amp *= 0.5f;
        cw *= 2;
        ch *= 2;
    }
    return sum / norm;
}
