/*
 * art_sprites: the player's ship and shots, the enemies, the boss, the items,
 * the sparks and explosions, and the pieces of the HUD.
 *
 * Everything is drawn facing the way it is seen in the game (the player flies
 * up, enemies face down), lit from the top left. Animated sprites get one frame
 * per step; sprites that spin get pre-rotated frames over one turn of their
 * symmetry, so the software renderer never has to rotate anything.
 */
#include "art.h"

#include "core/trig.h"

#include <math.h>

static const rgba clear = {0, 0, 0, 0};
static const rgba white = {1, 1, 1, 1};

art_sprite_info art_sprite_info_of(atlas_sprite sprite)
{
    switch (sprite) {
    case ATLAS_SPRITE_PLAYER: return (art_sprite_info){32, 40, 3, 0};
    case ATLAS_SPRITE_HITBOX: return (art_sprite_info){16, 16, 1, 0};
    case ATLAS_SPRITE_FOCUS_RING: return (art_sprite_info){64, 64, 8, PAINT_PI / 4 / 8};
    case ATLAS_SPRITE_OPTION: return (art_sprite_info){16, 16, 1, 0};
    case ATLAS_SPRITE_SHOT_MAIN: return (art_sprite_info){12, 24, 1, 0};
    case ATLAS_SPRITE_SHOT_FOCUS: return (art_sprite_info){12, 32, 1, 0};
    case ATLAS_SPRITE_ENEMY_DRONE: return (art_sprite_info){24, 24, 2, 0};
    case ATLAS_SPRITE_ENEMY_SPINNER: return (art_sprite_info){24, 24, 4, PAINT_PI / 2 / 4};
    case ATLAS_SPRITE_ENEMY_WISP: return (art_sprite_info){24, 28, 4, 0};
    case ATLAS_SPRITE_ENEMY_TURRET: return (art_sprite_info){48, 48, 1, 0};
    case ATLAS_SPRITE_ENEMY_CRYSTAL: return (art_sprite_info){48, 48, 2, 0};
    case ATLAS_SPRITE_ENEMY_MOTH: return (art_sprite_info){32, 28, 4, 0};
    case ATLAS_SPRITE_ENEMY_SPIRIT: return (art_sprite_info){32, 36, 4, 0};
    case ATLAS_SPRITE_ENEMY_LOTUS: return (art_sprite_info){48, 48, 2, 0};
    case ATLAS_SPRITE_BOSS: return (art_sprite_info){96, 96, 2, 0};
    case ATLAS_SPRITE_ITEM_POWER: return (art_sprite_info){16, 16, 1, 0};
    case ATLAS_SPRITE_ITEM_POWER_BIG: return (art_sprite_info){24, 24, 1, 0};
    case ATLAS_SPRITE_ITEM_POINT: return (art_sprite_info){16, 16, 1, 0};
    case ATLAS_SPRITE_ITEM_BOMB: return (art_sprite_info){16, 16, 1, 0};
    case ATLAS_SPRITE_ITEM_LIFE: return (art_sprite_info){16, 16, 1, 0};
    case ATLAS_SPRITE_ITEM_FULL: return (art_sprite_info){16, 16, 1, 0};
    case ATLAS_SPRITE_ITEM_STAR: return (art_sprite_info){12, 12, 1, 0};
    case ATLAS_SPRITE_SPARK_GRAZE: return (art_sprite_info){12, 12, 4, 0};
    case ATLAS_SPRITE_SPARK_HIT: return (art_sprite_info){16, 16, 4, 0};
    case ATLAS_SPRITE_BULLET_VANISH: return (art_sprite_info){24, 24, 4, 0};
    case ATLAS_SPRITE_EXPLOSION: return (art_sprite_info){48, 48, 8, 0};
    case ATLAS_SPRITE_ICON_LIFE: return (art_sprite_info){12, 12, 1, 0};
    case ATLAS_SPRITE_ICON_BOMB: return (art_sprite_info){12, 12, 1, 0};
    case ATLAS_SPRITE_ICON_PHASE: return (art_sprite_info){12, 12, 1, 0};
    case ATLAS_SPRITE_PANEL_TILE: return (art_sprite_info){32, 32, 1, 0};
    case ATLAS_SPRITE_BACKDROP_CLOUD: return (art_sprite_info){128, 128, 3, 0};
    case ATLAS_SPRITE_LASER: return (art_sprite_info){32, 4, 1, 0};
    case ATLAS_SPRITE_PLAYER_HERON: return (art_sprite_info){40, 40, 3, 0};
    case ATLAS_SPRITE_SHOT_NEEDLE: return (art_sprite_info){12, 32, BULLET_COLOR_COUNT, 0};
    case ATLAS_SPRITE_SHOT_AMULET: return (art_sprite_info){16, 22, BULLET_COLOR_COUNT, 0};
    case ATLAS_SPRITE_SHOT_SEAL: return (art_sprite_info){18, 18, BULLET_COLOR_COUNT, 0};
    case ATLAS_SPRITE_ENEMY_COG: return (art_sprite_info){30, 30, 4, PAINT_PI / 4 / 4};
    case ATLAS_SPRITE_ENEMY_BIRD: return (art_sprite_info){34, 28, 4, 0};
    case ATLAS_SPRITE_ENEMY_BELL: return (art_sprite_info){48, 48, 2, 0};
    case ATLAS_SPRITE_MINAMO: return (art_sprite_info){96, 96, 2, 0};
    case ATLAS_SPRITE_TOKINE: return (art_sprite_info){96, 96, 2, 0};
    case ATLAS_SPRITE_SUIREN: return (art_sprite_info){64, 64, 2, 0};
    case ATLAS_SPRITE_ZENMAI: return (art_sprite_info){64, 64, 2, 0};
    case ATLAS_SPRITE_PLAYER_SWALLOW: return (art_sprite_info){44, 44, 3, 0};
    case ATLAS_SPRITE_OPTION_SWALLOW: return (art_sprite_info){16, 16, 1, 0};
    case ATLAS_SPRITE_COUNT: break;
    }
    return (art_sprite_info){1, 1, 1, 0};
}

/* Diffuse light from the top left on a sphere of radius r at the origin. */
static double sphere_light(vec2 p, double r)
{
    double x = p.x / r, y = p.y / r, zz = 1.0 - x * x - y * y;
    double z = zz > 0 ? sqrt(zz) : 0.0;
    double l = (-0.45 * x - 0.55 * y + 0.7 * z);
    return paint_clamp(l, 0.0, 1.0);
}

static vec2 mirror_x(vec2 p)
{
    return paint_v(fabs(p.x), p.y);
}

/* The player's ship, nose up. bank: 0 level, -1 banking left, +1 banking right. */
static rgba player_ship(vec2 p, int bank)
{
    /* Banking narrows the ship and shades the lowered wing. */
    double squash = bank ? 0.8 : 1.0;
    vec2 q = paint_v(p.x / squash, p.y);
    vec2 m = mirror_x(q);
    static const vec2 hull[] = {{0, -17},   {2.6, -10}, {3.6, -2},  {3.9, 8},   {2.4, 13},
                                {-2.4, 13}, {-3.9, 8},  {-3.6, -2}, {-2.6, -10}};
    static const vec2 wing[] = {{3.2, -3.5}, {14.5, 6.5}, {14.8, 10.5}, {9.0, 10.2}, {3.6, 8.5}};
    static const vec2 fin[] = {{3.0, 7.5}, {7.2, 14.2}, {3.2, 13.0}};
    double d_hull = sd_polygon(q, hull, 9);
    double d_wing = sd_polygon(m, wing, 5);
    double d_fin = sd_polygon(m, fin, 3);
    double all = fmin(d_hull, fmin(d_wing, d_fin));

    /* Engine flames under everything, then a dark outline. */
    rgba c = clear;
    for (int side = -1; side <= 1; side += 2) {
        vec2 f = paint_v(q.x - side * 2.0, q.y - 16.6);
        double e = sd_ellipse(f, 1.5, 3.6);
        double t = paint_clamp(-e / 1.5, 0.0, 1.0);
        rgba flame = paint_mix(paint_rgb(255, 110, 30, 1.0), paint_rgb(255, 250, 200, 1.0), t);
        c = paint_over(c, paint_fade(flame, paint_glow(e, 1.8)));
    }
    c = paint_over(c, paint_fade(paint_rgb(14, 18, 48, 1.0), paint_fill(all - 0.8)));

    double lit_side = bank ? -bank * (q.x > 0 ? 1 : -1) * 0.18 : 0.0;
    rgba wing_c = paint_mix(paint_rgb(40, 70, 180, 1.0), paint_rgb(110, 160, 255, 1.0),
                            paint_clamp(0.55 - (m.y - 2.0) / 14.0 + lit_side, 0, 1));
    c = paint_over(c, paint_fade(wing_c, paint_fill(fmin(d_wing, d_fin))));
    /* A bright stripe along the wings' leading edges. */
    vec2 lead_a = {3.4, -3.3}, lead_b = {14.4, 6.8};
    double stripe = sd_segment(m, lead_a, lead_b, 0.6);
    c = paint_over(c, paint_fade(paint_rgb(150, 235, 255, 1.0), paint_fill(fmax(stripe, d_wing))));
    /* Wingtip lights: red on the left, green on the right. */
    double tip = sd_circle(paint_v(m.x - 13.6, m.y - 9.2), 0.9);
    rgba tip_c = q.x < 0 ? paint_rgb(255, 60, 60, 1.0) : paint_rgb(80, 255, 120, 1.0);
    c = paint_over(c, paint_fade(tip_c, paint_fill(tip)));

    double shade = paint_clamp(0.75 - q.x / 9.0 - q.y / 60.0, 0.35, 1.0);
    rgba hull_c = paint_mix(paint_rgb(120, 130, 170, 1.0), paint_rgb(240, 244, 255, 1.0), shade);
    c = paint_over(c, paint_fade(hull_c, paint_fill(d_hull)));
    /* Panel line down the spine and the engine nozzles. */
    c = paint_over(c,
                   paint_fade(paint_rgb(90, 100, 150, 1.0),
                              0.6 * paint_fill(fmax(fabs(q.x) - 0.25, fmax(q.y - 11, 1 - q.y)))));
    for (int side = -1; side <= 1; side += 2) {
        double nz = sd_box(paint_v(q.x - side * 2.0, q.y - 12.8), 1.3, 1.2, 0.3);
        c = paint_over(c, paint_fade(paint_rgb(40, 40, 60, 1.0), paint_fill(nz)));
    }
    /* The canopy: dark glass with a cyan sheen and a highlight. */
    double canopy = sd_ellipse(paint_v(q.x, q.y + 6.0), 1.9, 4.2);
    rgba glass = paint_mix(paint_rgb(120, 240, 255, 1.0), paint_rgb(20, 60, 140, 1.0),
                           paint_smoothstep(-3.0, 3.0, q.y + 6.0));
    c = paint_over(c, paint_fade(glass, paint_fill(canopy)));
    double glint = sd_ellipse(paint_v(q.x + 0.6, q.y + 7.6), 0.5, 1.3);
    return paint_over(c, paint_fade(white, 0.9 * paint_fill(glint)));
}

/* Shirasagi's ship (patterns/ships/shirasagi.pat), nose up: a white heron in
 * flight, nothing like Hotaru's blue jet. A long neck and a gold bill ahead,
 * broad curved wings with slate primaries and scalloped trailing edges, a
 * fanned tail, a crimson jewel on the back and violet light under the wings.
 * bank: 0 level, -1 banking left, +1 banking right. */
static rgba heron_ship(vec2 p, int bank)
{
    double squash = bank ? 0.82 : 1.0;
    vec2 q = paint_v(p.x / squash, p.y);
    vec2 m = mirror_x(q);
    /* The wing: a swept polygon, its trailing edge bitten by three scallops. */
    static const vec2 wing[] = {{2.5, -4.0}, {9.0, -6.5}, {16.0, -5.5}, {19.5, -2.0},
                                {18.0, 1.5}, {12.0, 4.5}, {5.0, 6.5},   {2.5, 5.0}};
    double d_wing = sd_polygon(m, wing, 8);
    for (int k = 0; k < 3; k++) {
        double bite = sd_circle(paint_v(m.x - (8.5 + 4.0 * k), m.y - (6.6 - 1.6 * k)), 1.9);
        d_wing = fmax(d_wing, -bite);
    }
    static const vec2 tail[] = {{0, 6}, {3.2, 15.5}, {0, 13.8}, {-3.2, 15.5}};
    double d_tail = sd_polygon(q, tail, 4);
    double d_body = sd_ellipse(paint_v(q.x, q.y - 1.5), 3.6, 8.5);
    double d_neck = sd_segment(q, paint_v(0, -5), paint_v(0, -13.5), 1.4);
    double d_head = sd_ellipse(paint_v(q.x, q.y + 14.5), 2.1, 2.6);
    static const vec2 bill[] = {{0, -19.8}, {1.1, -16.0}, {-1.1, -16.0}};
    double d_bill = sd_polygon(q, bill, 3);
    double bird = fmin(fmin(d_wing, d_tail), fmin(fmin(d_body, d_neck), d_head));

    /* Violet light under the wings, then a dark outline. */
    rgba c = paint_fade(paint_rgb(190, 90, 255, 1.0), 0.55 * paint_glow(d_wing + 0.5, 2.6));
    c = paint_over(c, paint_fade(paint_rgb(30, 20, 46, 1.0), paint_fill(fmin(bird, d_bill) - 0.8)));

    double lit_side = bank ? -bank * (q.x > 0 ? 1 : -1) * 0.2 : 0.0;
    rgba feather = paint_mix(paint_rgb(176, 184, 206, 1.0), paint_rgb(255, 255, 250, 1.0),
                             paint_clamp(0.9 - (m.y + 6.0) / 16.0 - m.x / 60.0 + lit_side, 0, 1));
    /* slate primaries toward the tips */
    rgba wing_c =
        paint_mix(feather, paint_rgb(84, 96, 130, 1.0), paint_smoothstep(13.0, 18.0, m.x));
    c = paint_over(c, paint_fade(wing_c, paint_fill(d_wing)));
    /* feather lines along the wing */
    for (int k = 0; k < 3; k++) {
        double line = sd_segment(m, paint_v(4.0 + 3.0 * k, -2.5 - 0.8 * k),
                                 paint_v(9.0 + 4.0 * k, 4.8 - 1.6 * k), 0.25);
        c = paint_over(c, paint_fade(paint_rgb(150, 156, 184, 1.0),
                                     0.7 * paint_fill(fmax(line, d_wing + 0.6))));
    }
    rgba tail_c = paint_mix(paint_rgb(255, 255, 250, 1.0), paint_rgb(150, 156, 184, 1.0),
                            paint_smoothstep(8.0, 15.0, q.y));
    c = paint_over(c, paint_fade(tail_c, paint_fill(d_tail)));
    double shade = paint_clamp(0.85 - q.x / 8.0 - (q.y + 14.0) / 70.0, 0.4, 1.0);
    rgba body_c = paint_mix(paint_rgb(168, 176, 200, 1.0), paint_rgb(255, 255, 252, 1.0), shade);
    c = paint_over(c, paint_fade(body_c, paint_fill(fmin(fmin(d_body, d_neck), d_head))));
    /* the gold bill, a black plume behind the head, the crimson jewel */
    rgba gold = paint_mix(paint_rgb(255, 236, 120, 1.0), paint_rgb(220, 140, 20, 1.0),
                          paint_smoothstep(-20.0, -16.0, q.y));
    c = paint_over(c, paint_fade(gold, paint_fill(d_bill)));
    double plume = sd_segment(q, paint_v(0, -13.5), paint_v(0, -9.0), 0.55);
    c = paint_over(c, paint_fade(paint_rgb(40, 40, 60, 1.0), paint_fill(plume)));
    double jewel = sd_ellipse(paint_v(q.x, q.y + 0.5), 1.6, 2.4);
    rgba red = paint_mix(paint_rgb(255, 120, 140, 1.0), paint_rgb(170, 10, 40, 1.0),
                         paint_smoothstep(-2.0, 2.0, q.y + 0.5 + q.x));
    c = paint_over(c, paint_fade(red, paint_fill(jewel)));
    double glint = sd_circle(paint_v(q.x + 0.5, q.y + 1.6), 0.5);
    return paint_over(c, paint_fade(white, 0.9 * paint_fill(glint)));
}

/* Tsubame's ship (patterns/ships/tsubame.pat), nose up: a swallow at full
 * speed, as unlike Hotaru's jet and Shirasagi's heron as a bird can be: long
 * scythe wings swept back, a deeply forked tail of two streamers with white
 * spots, a glossy indigo back lit by a blue rim, a red throat and forehead, a
 * cream edge of belly at the flanks, and cyan wind along the wings' edges so
 * the dark bird reads on a night sky. bank: 0 level, -1 left, +1 right. */
static rgba swallow_ship(vec2 p, int bank)
{
    double squash = bank ? 0.8 : 1.0;
    vec2 q = paint_v(p.x / squash, p.y + 2.0); /* the streamers reach far back */
    vec2 m = mirror_x(q);
    /* The wing: a narrow scythe from the shoulder back to a sharp tip. */
    static const vec2 wing[] = {{2.0, -4.5}, {7.0, -6.0}, {12.0, -4.6}, {16.5, -0.8}, {21.0, 9.5},
                                {15.0, 3.6}, {10.0, 1.6}, {5.5, 2.4},   {2.2, 2.8}};
    double d_wing = sd_polygon(m, wing, 9);
    /* The tail: two streamers forking from the rump. */
    static const vec2 streamer[] = {{0.0, 5.0}, {2.4, 6.0}, {7.4, 21.0}, {6.2, 21.4}, {0.8, 11.0}};
    double d_tail = sd_polygon(m, streamer, 5);
    double d_body = sd_ellipse(paint_v(q.x, q.y + 1.0), 3.0, 7.4);
    double d_head = sd_circle(paint_v(q.x, q.y + 10.0), 2.9);
    static const vec2 beak[] = {{0, -15.6}, {1.0, -12.4}, {-1.0, -12.4}};
    double d_beak = sd_polygon(q, beak, 3);
    double bird = fmin(fmin(d_wing, d_tail), fmin(d_body, d_head));

    /* Cyan wind under the wings and along the streamers, then a dark outline. */
    rgba c = paint_fade(paint_rgb(80, 200, 255, 1.0), 0.8 * paint_glow(fmin(d_wing, d_tail), 2.8));
    c = paint_over(c, paint_fade(paint_rgb(6, 8, 24, 1.0), paint_fill(fmin(bird, d_beak) - 0.8)));

    double lit_side = bank ? -bank * (q.x > 0 ? 1 : -1) * 0.2 : 0.0;
    double lit = paint_clamp(0.75 - (m.y + 8.0) / 20.0 - m.x / 40.0 + lit_side, 0, 1);
    rgba back = paint_mix(paint_rgb(22, 26, 74, 1.0), paint_rgb(70, 96, 200, 1.0), lit);
    c = paint_over(c, paint_fade(back, paint_fill(d_wing)));
    /* a pale rim on the wings' leading edges, and dark primaries at the tips */
    double rim = sd_segment(m, paint_v(2.4, -6.2), paint_v(13.0, -7.0), 0.55);
    rim = fmin(rim, sd_segment(m, paint_v(13.0, -7.0), paint_v(20.0, 5.6), 0.45));
    c = paint_over(c, paint_fade(paint_rgb(180, 225, 255, 1.0), paint_fill(fmax(rim, d_wing))));
    for (int k = 0; k < 3; k++) {
        double line = sd_segment(m, paint_v(9.0 + 3.0 * k, -3.0 + 1.6 * k),
                                 paint_v(14.0 + 2.2 * k, 1.4 + 2.2 * k), 0.22);
        c = paint_over(
            c, paint_fade(paint_rgb(12, 14, 40, 1.0), 0.8 * paint_fill(fmax(line, d_wing + 0.4))));
    }
    rgba tail_c = paint_mix(paint_rgb(40, 52, 130, 1.0), paint_rgb(14, 16, 48, 1.0),
                            paint_smoothstep(6.0, 20.0, q.y));
    c = paint_over(c, paint_fade(tail_c, paint_fill(d_tail)));
    /* the white spots across the tail */
    double spot = sd_ellipse(paint_v(m.x - 2.9, m.y - 9.4), 0.8, 1.3);
    c = paint_over(c, paint_fade(paint_rgb(245, 245, 255, 1.0), paint_fill(fmax(spot, d_tail))));
    /* a glossy indigo back, a cream edge of belly showing at the flanks */
    c = paint_over(c, paint_fade(paint_rgb(226, 214, 196, 1.0), paint_fill(d_body)));
    double shade = paint_clamp(0.8 - q.x / 7.0 - (q.y + 10.0) / 40.0, 0.2, 1.0);
    rgba gloss = paint_mix(paint_rgb(16, 20, 64, 1.0), paint_rgb(84, 120, 230, 1.0), shade);
    c = paint_over(c, paint_fade(gloss, paint_fill(d_body + 0.7)));
    c = paint_over(c, paint_fade(gloss, paint_fill(d_head)));
    /* the red throat and forehead, the dark beak and a bright eye each side */
    double throat = sd_ellipse(paint_v(q.x, q.y + 12.0), 1.9, 1.5);
    c = paint_over(c, paint_fade(paint_rgb(230, 40, 46, 1.0), paint_fill(fmax(throat, d_head))));
    c = paint_over(c, paint_fade(paint_rgb(30, 24, 30, 1.0), paint_fill(d_beak)));
    double eye = sd_circle(paint_v(m.x - 1.9, m.y + 10.2), 0.55);
    c = paint_over(c, paint_fade(white, 0.9 * paint_fill(eye)));
    double glint = sd_ellipse(paint_v(q.x + 1.0, q.y + 3.5), 0.6, 1.6);
    return paint_over(c, paint_fade(white, 0.55 * paint_fill(glint)));
}

/* Tsubame's option: a small crescent blade, a swallow's wing folded into a
 * boomerang, indigo with a pale rim and a red light at its heart; hard-edged,
 * shaped like no bullet. */
static rgba option_blade(vec2 p)
{
    double outer = sd_circle(paint_v(p.x, p.y - 2.4), 6.6);
    double bite = sd_circle(paint_v(p.x, p.y - 6.2), 5.6);
    double d = fmax(outer, -bite);
    d = fmax(d, p.y - 4.4);
    rgba c = paint_fade(paint_rgb(80, 200, 255, 1.0), 0.5 * paint_glow(d, 1.6));
    c = paint_over(c, paint_fade(paint_rgb(6, 8, 24, 1.0), paint_fill(d - 0.9)));
    double shade = paint_clamp(0.8 - p.x / 9.0 - p.y / 10.0, 0.2, 1.0);
    rgba body = paint_mix(paint_rgb(26, 32, 96, 1.0), paint_rgb(120, 160, 255, 1.0), shade);
    c = paint_over(c, paint_fade(body, paint_fill(d)));
    double light = sd_circle(paint_v(p.x, p.y + 2.6), 1.5);
    c = paint_over(c, paint_fade(paint_rgb(255, 70, 70, 1.0), paint_fill(light)));
    return paint_over(
        c, paint_fade(white, 0.8 * paint_fill(sd_circle(paint_v(p.x + 0.4, p.y + 3.0), 0.5))));
}

static rgba hitbox(vec2 p)
{
    double d = paint_len(p);
    rgba c = paint_fade(paint_rgb(255, 40, 80, 1.0), 0.55 * paint_glow(d - 4.6, 2.5));
    c = paint_over(c, paint_fade(paint_rgb(255, 70, 100, 1.0), paint_stroke(d - 3.9, 0.7)));
    c = paint_over(c, paint_fade(paint_rgb(40, 0, 20, 1.0), paint_fill(d - 3.1)));
    return paint_over(c, paint_fade(white, paint_fill(d - 2.5)));
}

/* A magic circle that turns around the player while focused: 8-fold symmetric. */
static rgba focus_ring(vec2 p)
{
    double d = paint_len(p);
    rgba line = paint_rgb(170, 210, 255, 1.0);
    double k = paint_stroke(d - 28.5, 0.55) + paint_stroke(d - 25.5, 0.35);
    /* Tick marks between two rings. */
    double ang = trig_atan2(p.y, p.x);
    double u = ang / (2 * PAINT_PI) * 48.0;
    double tick = fabs(u - floor(u + 0.5)) * (2 * PAINT_PI / 48.0) * d;
    if (d > 21.5 && d < 24.0)
        k += paint_fill(tick - 0.35) * 0.8;
    k += paint_stroke(d - 20.5, 0.35);
    /* Two squares, 45 degrees apart: an octagram. */
    vec2 r = paint_rotate(p, PAINT_PI / 4);
    double sq = fmin(fabs(sd_box(p, 13.5, 13.5, 0)), fabs(sd_box(r, 13.5, 13.5, 0)));
    k += paint_fill(sq - 0.4) * 0.9;
    /* Diamonds on the outer ring at the eight points. */
    double best = 1e9;
    for (int i = 0; i < 8; i++) {
        vec2 cpos = paint_rotate(paint_v(27.0, 0), i * PAINT_PI / 4);
        vec2 lp = paint_rotate(paint_sub(p, cpos), -i * PAINT_PI / 4);
        double dd = (fabs(lp.x) + fabs(lp.y) * 1.6 - 2.4) * 0.6;
        best = dd < best ? dd : best;
    }
    k += paint_fill(best);
    k = paint_clamp(k, 0, 1);
    return paint_fade(line, 0.6 * k);
}

/* An option: a small pod in the ship's colours, nose up, with a dark outline and
 * a cyan light: hard-edged and shaped like no bullet, so nothing beside the ship
 * is ever taken for an enemy bullet (a glowing red orb was). */
static rgba option_pod(vec2 p)
{
    static const vec2 pod[] = {{0, -6.8}, {4.6, -0.5}, {3.4, 5.2}, {-3.4, 5.2}, {-4.6, -0.5}};
    double d = sd_polygon(p, pod, 5);
    rgba c = paint_fade(paint_rgb(14, 18, 48, 1.0), paint_fill(d - 0.9));
    double shade = paint_clamp(0.8 - p.x / 8.0 - p.y / 14.0, 0.3, 1.0);
    rgba body = paint_mix(paint_rgb(40, 70, 180, 1.0), paint_rgb(170, 200, 255, 1.0), shade);
    c = paint_over(c, paint_fade(body, paint_fill(d)));
    double light = sd_circle(paint_v(p.x, p.y + 0.2), 1.7);
    c = paint_over(c, paint_fade(paint_rgb(120, 240, 255, 1.0), paint_fill(light)));
    return paint_over(
        c, paint_fade(white, 0.9 * paint_fill(sd_circle(paint_v(p.x + 0.5, p.y - 0.3), 0.6))));
}

/* A shot: a bright bolt along y with a coloured glow. */
static rgba shot(vec2 p, double a, double b, rgba glow)
{
    double e = sd_ellipse(p, a, b);
    rgba c = paint_fade(glow, 0.8 * paint_glow(e, a * 1.6));
    c = paint_over(c, paint_fade(paint_lighten(glow, 0.4), paint_fill(e)));
    return paint_over(c, paint_fade(white, paint_fill(sd_ellipse(p, a * 0.45, b * 0.8))));
}

/* The player's shots: light, not solid. A needle: a white-hot core with its
 * colour as a glow round it, brightest at the head (it flies up), fading down
 * its tail. Nothing an enemy fires is drawn this way. */
static rgba shot_needle(vec2 p, rgba colour)
{
    double head = paint_clamp((12.0 - p.y) / 26.0, 0, 1);
    double e = sd_segment(p, paint_v(0, -13), paint_v(0, 12), 1.0);
    rgba c = paint_fade(colour, 0.6 * head * paint_glow(e, 3.6));
    c = paint_over(c, paint_fade(paint_lighten(colour, 0.55), head * paint_fill(e)));
    double core = sd_segment(p, paint_v(0, -13), paint_v(0, 4), 0.55);
    return paint_over(c, paint_fade(white, (0.4 + 0.6 * head) * paint_fill(core)));
}

/* An amulet: a translucent paper card edged in its colour, a bright seal mark. */
static rgba shot_amulet(vec2 p, rgba colour)
{
    double card = sd_box(p, 4.6, 7.6, 1.2);
    rgba c = paint_fade(colour, 0.45 * paint_glow(card, 3.0));
    c = paint_over(c, paint_fade(paint_lighten(colour, 0.7), 0.42 * paint_fill(card)));
    c = paint_over(c, paint_fade(paint_lighten(colour, 0.3), 0.95 * paint_stroke(card + 0.6, 0.7)));
    double mark = fmin(sd_circle(paint_v(p.x, p.y + 1.5), 2.0), sd_box(p, 0.5, 5.5, 0.3));
    return paint_over(c, paint_fade(white, 0.85 * paint_stroke(mark, 0.55)));
}

/* A seal: a thin ring of its colour with four ticks pointing out and a white
 * diamond at its heart, glowing (no enemy bullet has ticks or a diamond). */
static rgba shot_seal(vec2 p, rgba colour)
{
    double d = paint_len(p);
    double ticks = fmin(sd_box(p, 0.5, 7.6, 0.3), sd_box(p, 7.6, 0.5, 0.3));
    ticks = fmax(ticks, 5.4 - d); /* only outside the ring */
    rgba c = paint_fade(colour, 0.45 * paint_glow(d - 5.0, 2.6));
    c = paint_over(c, paint_fade(paint_lighten(colour, 0.4), 0.9 * paint_stroke(d - 5.0, 0.6)));
    c = paint_over(c, paint_fade(paint_lighten(colour, 0.5), 0.9 * paint_fill(ticks)));
    double diamond = (fabs(p.x) + fabs(p.y)) - 2.4;
    c = paint_over(c, paint_fade(paint_lighten(colour, 0.6), 0.25 * paint_fill(d - 4.4)));
    return paint_over(c, paint_fade(white, 0.95 * paint_fill(diamond)));
}

static rgba enemy_drone(vec2 p, int frame)
{
    static const vec2 fin[] = {{6.5, -3.0}, {11.5, 1.5}, {11.0, 5.5}, {6.5, 3.5}};
    vec2 m = mirror_x(p);
    double d_body = sd_circle(p, 7.6), d_fin = sd_polygon(m, fin, 4);
    double all = fmin(d_body, d_fin);
    rgba c = paint_fade(paint_rgb(10, 12, 28, 1.0), paint_fill(all - 0.8));
    rgba fin_c = paint_mix(paint_rgb(70, 80, 120, 1.0), paint_rgb(150, 160, 200, 1.0),
                           paint_clamp(0.5 - p.y / 8.0, 0, 1));
    c = paint_over(c, paint_fade(fin_c, paint_fill(d_fin)));
    double l = sphere_light(p, 7.6);
    rgba metal = paint_mix(paint_rgb(50, 56, 90, 1.0), paint_rgb(215, 222, 245, 1.0), l);
    c = paint_over(c, paint_fade(metal, paint_fill(d_body)));
    /* A belt around the middle and the eye in its socket. */
    c = paint_over(c, paint_fade(paint_rgb(40, 44, 70, 1.0),
                                 0.8 * paint_fill(fmax(fabs(p.y - 1.0) - 0.6, d_body))));
    double eye = paint_len(paint_v(p.x, p.y - 1.0));
    c = paint_over(c, paint_fade(paint_rgb(20, 10, 20, 1.0), paint_fill(eye - 3.3)));
    double glow = frame ? 1.0 : 0.75;
    rgba iris = paint_mix(paint_rgb(255, 220, 160, 1.0), paint_rgb(255, 40, 40, 1.0),
                          paint_smoothstep(0.3, 2.6, eye));
    c = paint_over(c, paint_fade(iris, glow * paint_fill(eye - 2.6)));
    return paint_over(c,
                      paint_fade(white, 0.9 * paint_fill(sd_circle(paint_v(p.x + 0.9, p.y), 0.6))));
}

/* A four-bladed spinner; the blades curve with the radius. */
static rgba enemy_spinner(vec2 p)
{
    double r = paint_len(p);
    vec2 q = paint_rotate(p, -0.09 * r);
    double blades = sd_star(q, 4, 11.0, 3.6, 0.0);
    rgba c = paint_fade(paint_rgb(40, 14, 4, 1.0), paint_fill(blades - 0.8));
    double t = paint_smoothstep(2.0, 11.0, r);
    rgba metal = paint_mix(paint_rgb(255, 230, 120, 1.0), paint_rgb(230, 110, 20, 1.0), t);
    /* The trailing half of each blade is darker. */
    double ang = trig_atan2(q.y, q.x);
    double u = ang / (PAINT_PI / 2);
    double f = u - floor(u);
    metal = paint_darken(metal, f > 0.5 ? 0.25 : 0.0);
    c = paint_over(c, paint_fade(metal, paint_fill(blades)));
    c = paint_over(c, paint_fade(paint_rgb(50, 30, 30, 1.0), paint_fill(r - 3.4)));
    c = paint_over(c, paint_fade(paint_rgb(255, 80, 40, 1.0), paint_fill(r - 2.2)));
    return paint_over(c, paint_fade(white, paint_fill(r - 0.9)));
}

/* A wisp: a flame-shaped spirit, its tail flickering from frame to frame. */
static rgba enemy_wisp(vec2 p, int frame)
{
    double phase = frame * PAINT_PI / 2;
    double sway = trig_sin(p.y * 0.45 + phase) * 1.3 * paint_clamp((4.0 - p.y) / 12.0, 0, 1);
    vec2 q = paint_v(p.x - sway, p.y);
    double head = sd_circle(paint_v(q.x, q.y - 4.0), 6.2);
    double u = (q.y + 12.5) / 16.5;
    double w = u <= 0 ? -1 : 6.2 * sqrt(u > 1 ? 1 : u);
    double tail = q.y > 4.0 ? 1e9 : (fabs(q.x) - w) * 0.8;
    if (q.y < -12.5)
        tail = fmax(tail, -12.5 - q.y);
    double d = fmin(head, tail);
    rgba cold = paint_rgb(60, 255, 200, 1.0);
    rgba c = paint_fade(cold, 0.6 * paint_glow(d, 3.0));
    rgba body = paint_mix(paint_rgb(230, 255, 250, 1.0), paint_rgb(40, 210, 190, 1.0),
                          paint_smoothstep(-5.5, 0.0, d));
    c = paint_over(c, paint_fade(body, 0.92 * paint_fill(d)));
    /* Two dark eyes. */
    double eyes = fmin(sd_ellipse(paint_v(q.x - 2.2, q.y - 3.6), 0.9, 1.5),
                       sd_ellipse(paint_v(q.x + 2.2, q.y - 3.6), 0.9, 1.5));
    return paint_over(c, paint_fade(paint_rgb(10, 40, 60, 1.0), paint_fill(eyes)));
}

static rgba enemy_turret(vec2 p)
{
    vec2 oct[8];
    for (int i = 0; i < 8; i++)
        oct[i] = paint_rotate(paint_v(20.5, 0), PAINT_PI / 8 + i * PAINT_PI / 4);
    double plate = sd_polygon(p, oct, 8);
    vec2 m = mirror_x(p);
    double barrels = sd_box(paint_v(m.x - 6.0, p.y - 16.0), 1.8, 6.5, 0.6);
    rgba c = paint_fade(paint_rgb(8, 8, 16, 1.0), paint_fill(fmin(plate, barrels) - 0.9));
    rgba gun = paint_mix(paint_rgb(150, 150, 170, 1.0), paint_rgb(60, 60, 80, 1.0),
                         paint_smoothstep(-1.8, 1.8, m.x - 6.0));
    c = paint_over(c, paint_fade(gun, paint_fill(barrels)));
    c = paint_over(c,
                   paint_fade(paint_rgb(255, 150, 40, 1.0),
                              paint_fill(sd_box(paint_v(m.x - 6.0, p.y - 22.0), 1.2, 0.6, 0.2))));
    double shade = paint_clamp(0.55 - (p.x + p.y) / 60.0, 0, 1);
    rgba steel = paint_mix(paint_rgb(48, 54, 76, 1.0), paint_rgb(112, 120, 150, 1.0), shade);
    c = paint_over(c, paint_fade(steel, paint_fill(plate)));
    /* Bevel: light on the top-left edges, dark on the bottom-right. */
    double bevel = paint_fill(fabs(plate + 1.2) - 1.0);
    rgba edge = (p.x + p.y < 0) ? paint_rgb(170, 180, 210, 1.0) : paint_rgb(24, 26, 40, 1.0);
    c = paint_over(c, paint_fade(edge, 0.8 * bevel));
    /* Rivets at the corners, a warning ring and the dome. */
    for (int i = 0; i < 8; i++) {
        vec2 rv = paint_rotate(paint_v(16.5, 0), PAINT_PI / 8 + i * PAINT_PI / 4);
        double rd = sd_circle(paint_sub(p, rv), 1.1);
        c = paint_over(c, paint_fade(paint_rgb(190, 196, 220, 1.0), paint_fill(rd)));
    }
    double d = paint_len(p);
    c = paint_over(c, paint_fade(paint_rgb(255, 130, 30, 1.0), paint_stroke(d - 11.0, 1.0)));
    c = paint_over(
        c, paint_fade(paint_rgb(255, 200, 120, 1.0), 0.5 * paint_glow(fabs(d - 11.0), 2.5)));
    double l = sphere_light(p, 8.5);
    rgba dome = paint_mix(paint_rgb(40, 20, 30, 1.0), paint_rgb(255, 120, 90, 1.0), l);
    c = paint_over(c, paint_fade(dome, paint_fill(d - 8.5)));
    return paint_over(
        c, paint_fade(white, 0.8 * paint_fill(sd_circle(paint_v(p.x + 3.0, p.y + 3.2), 1.4))));
}

/* A crystal: a six-sided gem whose facets catch the light; its core pulses. */
static rgba enemy_crystal(vec2 p, int frame)
{
    static const vec2 gem[] = {{0, -21}, {12.5, -8}, {12.5, 8}, {0, 21}, {-12.5, 8}, {-12.5, -8}};
    double d = sd_polygon(p, gem, 6);
    rgba glow_c = paint_rgb(200, 90, 255, 1.0);
    rgba c = paint_fade(glow_c, 0.45 * paint_glow(d, 3.5));
    c = paint_over(c, paint_fade(paint_rgb(30, 6, 50, 1.0), paint_fill(d - 0.8)));
    /* Six facets around a flat table in the middle. */
    double ang = trig_atan2(p.y, p.x);
    int facet = (int)floor((ang + PAINT_PI) / (PAINT_PI / 3.0));
    static const double light[6] = {0.35, 0.55, 0.95, 0.8, 0.5, 0.2};
    double l = light[facet % 6];
    rgba face = paint_mix(paint_rgb(70, 20, 120, 1.0), paint_rgb(235, 170, 255, 1.0), l);
    c = paint_over(c, paint_fade(face, paint_fill(d)));
    static const vec2 table[] = {{0, -9}, {5, -3.5}, {5, 3.5}, {0, 9}, {-5, 3.5}, {-5, -3.5}};
    double td = sd_polygon(p, table, 6);
    rgba core = paint_mix(paint_rgb(255, 240, 255, 1.0), paint_rgb(190, 80, 240, 1.0),
                          paint_smoothstep(frame ? -5.0 : -3.0, 0.0, td));
    c = paint_over(c, paint_fade(core, paint_fill(td)));
    /* Light edges along the facet borders. */
    double edges = fabs(td);
    for (int i = 0; i < 6; i++)
        edges = fmin(edges, sd_segment(p, table[i], gem[i], 0.0));
    return paint_over(c, paint_fade(paint_rgb(255, 220, 255, 1.0),
                                    0.55 * paint_fill(edges - 0.3) * paint_fill(d)));
}

/* The boss: a seraph engine. Six translucent wings behind a gilded hexagram
 * and a halo of gems, around a core with a slit eye that glows brighter on the
 * second frame. */
static rgba boss(vec2 p, int frame)
{
    double d = paint_len(p);
    rgba gold = paint_rgb(255, 206, 96, 1.0);
    rgba c = paint_fade(paint_rgb(200, 60, 190, 1.0), 0.35 * paint_glow(d - 20.0, 24.0));
    /* Wings. */
    for (int i = 0; i < 6; i++) {
        double a = PAINT_PI / 6 + i * PAINT_PI / 3;
        vec2 lp = paint_rotate(p, -a);
        double w = sd_ellipse(paint_v(lp.x - 27.0, lp.y), 19.0, 7.5);
        rgba wing = paint_mix(paint_rgb(255, 150, 230, 1.0), paint_rgb(150, 30, 170, 1.0),
                              paint_smoothstep(10.0, 44.0, d));
        c = paint_over(c, paint_fade(wing, 0.62 * paint_fill(w)));
        c = paint_over(c, paint_fade(gold, 0.9 * paint_stroke(w + 0.5, 0.5)));
        /* A vein along each wing. */
        double vein = sd_segment(lp, paint_v(12, 0), paint_v(42, 0), 0.35);
        c = paint_over(c,
                       paint_fade(paint_rgb(255, 230, 250, 1.0), 0.6 * paint_fill(fmax(vein, w))));
    }
    /* Halo with gems. */
    c = paint_over(c, paint_fade(gold, 0.9 * paint_stroke(d - 41.0, 0.7)));
    for (int i = 0; i < 12; i++) {
        vec2 g = paint_rotate(paint_v(41.0, 0), i * PAINT_PI / 6);
        double gd = sd_circle(paint_sub(p, g), 2.0);
        rgba gem = paint_mix(paint_rgb(200, 255, 255, 1.0), paint_rgb(40, 170, 230, 1.0),
                             paint_smoothstep(-2.0, 0.0, gd));
        c = paint_over(c, paint_fade(paint_rgb(40, 20, 10, 1.0), paint_fill(gd - 0.6)));
        c = paint_over(c, paint_fade(gem, paint_fill(gd)));
    }
    /* Hexagram: two triangles, gold strokes over a dark disc. */
    c = paint_over(c, paint_fade(paint_rgb(40, 14, 50, 1.0), 0.85 * paint_fill(d - 23.0)));
    vec2 t1[3], t2[3];
    for (int i = 0; i < 3; i++) {
        t1[i] = paint_rotate(paint_v(0, -22.0), i * 2 * PAINT_PI / 3);
        t2[i] = paint_rotate(paint_v(0, 22.0), i * 2 * PAINT_PI / 3);
    }
    double hex = fmin(fabs(sd_polygon(p, t1, 3)), fabs(sd_polygon(p, t2, 3)));
    c = paint_over(c, paint_fade(gold, paint_fill(hex - 0.6)));
    c = paint_over(c, paint_fade(gold, paint_stroke(d - 23.0, 0.8)));
    /* The core: a glowing sphere with a vertical slit eye. */
    double pulse = frame ? 1.0 : 0.0;
    c = paint_over(c, paint_fade(paint_rgb(255, 120, 200, 1.0),
                                 (0.5 + 0.3 * pulse) * paint_glow(d - 13.0, 5.0 + 2.0 * pulse)));
    c = paint_over(c, paint_fade(gold, paint_stroke(d - 14.6, 1.0)));
    double l = sphere_light(p, 13.0);
    rgba core = paint_mix(paint_rgb(120, 10, 90, 1.0), paint_rgb(255, 200, 240, 1.0),
                          paint_clamp(l * (0.8 + 0.25 * pulse) + 0.1, 0, 1));
    c = paint_over(c, paint_fade(core, paint_fill(d - 13.0)));
    double eye = sd_ellipse(p, 2.2, 8.0);
    c = paint_over(c, paint_fade(paint_rgb(255, 40, 60, 1.0), 0.8 * paint_glow(eye, 2.5)));
    c = paint_over(c, paint_fade(paint_rgb(20, 0, 10, 1.0), paint_fill(eye)));
    c = paint_over(c, paint_fade(paint_rgb(255, 80, 80, 1.0), paint_fill(sd_ellipse(p, 0.8, 4.0))));
    return paint_over(
        c, paint_fade(white, 0.85 * paint_fill(sd_circle(paint_v(p.x + 5.0, p.y + 6.0), 2.0))));
}

/* Minamo (stage 2's boss), the spirit of the still lake: a pearl of moonlight
 * cradled in a crescent moon, long veils of water flowing down from it like
 * sleeves, a ring of droplets, and ripples spreading round her; the ripples
 * widen and the pearl brightens on the second frame. */
static rgba boss_minamo(vec2 p, int frame)
{
    double d = paint_len(p);
    vec2 m = mirror_x(p);
    rgba moon = paint_rgb(200, 230, 255, 1.0), silver = paint_rgb(214, 236, 255, 1.0);
    rgba c = paint_fade(paint_rgb(60, 130, 255, 1.0), 0.35 * paint_glow(d - 18.0, 26.0));
    /* Ripples on the water round her. */
    for (int k = 0; k < 3; k++) {
        double r = 33.0 + 6.0 * k + (frame ? 3.0 : 0.0);
        double ring = sd_ellipse(paint_v(p.x, p.y - 4.0), r * 1.12, r * 0.86);
        c = paint_over(c, paint_fade(paint_rgb(130, 210, 255, 1.0),
                                     (0.5 - 0.13 * k) * paint_stroke(ring, 0.55)));
    }
    /* The crescent moon behind her, its horns down round the pearl. */
    double crescent =
        fmax(sd_circle(paint_v(p.x, p.y + 7.0), 29.0), -sd_circle(paint_v(p.x, p.y + 1.0), 26.0));
    crescent = fmax(crescent, p.y - 12.0);
    c = paint_over(c, paint_fade(moon, 0.45 * paint_glow(crescent, 5.0)));
    c = paint_over(c, paint_fade(paint_rgb(8, 18, 54, 1.0), paint_fill(crescent - 1.0)));
    rgba moon_c = paint_mix(paint_rgb(240, 250, 255, 1.0), paint_rgb(150, 190, 245, 1.0),
                            paint_smoothstep(-34.0, 6.0, p.y));
    c = paint_over(c, paint_fade(moon_c, paint_fill(crescent)));
    /* Veils of water fanned down from her like a koi's fins: each widens from
     * the pearl to its tip, ribbed with silver. */
    static const double veil_a[3] = {0.15, 0.72, 1.3}, veil_len[3] = {17.0, 17.5, 15.5};
    for (int i = 0; i < 3; i++) {
        vec2 lp = paint_rotate(m, -veil_a[i]);
        vec2 q = paint_v(lp.x - 11.0 - veil_len[i], lp.y);
        double t = paint_clamp((q.x + veil_len[i]) / (2.0 * veil_len[i]), 0, 1);
        double v = sd_ellipse(q, veil_len[i], 3.0 + 6.5 * t);
        rgba water = paint_mix(paint_rgb(150, 230, 255, 1.0), paint_rgb(30, 80, 190, 1.0),
                               paint_smoothstep(10.0, 46.0, d));
        double rib = 0.5 + 0.5 * trig_sin(trig_atan2(lp.y, lp.x - 6.0) * 36.0);
        c = paint_over(c, paint_fade(paint_rgb(6, 16, 50, 1.0), 0.6 * paint_fill(v - 0.8)));
        c = paint_over(c, paint_fade(paint_lighten(water, 0.3 * rib), 0.66 * paint_fill(v)));
        c = paint_over(c, paint_fade(silver, 0.85 * paint_stroke(v + 0.6, 0.45)));
    }
    /* A ring of droplets, each pointing outward. */
    for (int i = 0; i < 8; i++) {
        vec2 q = paint_rotate(p, -(i * PAINT_PI / 4 + PAINT_PI / 8));
        double drop = fmin(sd_circle(paint_v(q.x - 20.0, q.y), 2.2),
                           sd_segment(q, paint_v(20.0, 0), paint_v(24.5, 0), 0.5));
        c = paint_over(c, paint_fade(paint_rgb(10, 30, 70, 1.0), paint_fill(drop - 0.6)));
        rgba dc = paint_mix(paint_rgb(235, 250, 255, 1.0), paint_rgb(70, 170, 240, 1.0),
                            paint_smoothstep(-2.0, 0.5, drop));
        c = paint_over(c, paint_fade(dc, paint_fill(drop)));
    }
    /* The pearl: a sphere of moonlight in a silver setting. */
    double pulse = frame ? 1.0 : 0.0;
    c = paint_over(c, paint_fade(paint_rgb(150, 220, 255, 1.0),
                                 (0.45 + 0.3 * pulse) * paint_glow(d - 12.0, 6.0 + 2.0 * pulse)));
    c = paint_over(c, paint_fade(paint_rgb(10, 24, 60, 1.0), paint_fill(d - 14.6)));
    c = paint_over(c, paint_fade(silver, paint_stroke(d - 13.8, 0.8)));
    double l = sphere_light(p, 12.0);
    rgba pearl = paint_mix(paint_rgb(40, 70, 150, 1.0), paint_rgb(245, 250, 255, 1.0),
                           paint_clamp(l * (0.85 + 0.2 * pulse) + 0.12, 0, 1));
    c = paint_over(c, paint_fade(pearl, paint_fill(d - 12.0)));
    /* The moon mirrored in it: a small crescent, and a glint. */
    double mirrored = fmax(sd_circle(paint_v(p.x, p.y - 2.0), 5.0),
                           -sd_circle(paint_v(p.x + 2.4, p.y - 0.6), 4.4));
    c = paint_over(c, paint_fade(paint_rgb(255, 232, 150, 1.0), 0.9 * paint_fill(mirrored)));
    return paint_over(
        c, paint_fade(white, 0.85 * paint_fill(sd_circle(paint_v(p.x + 4.5, p.y + 5.5), 1.8))));
}

/* Tokine (stage 3's final boss), the keeper of the clockwork spire at dawn: a
 * clock face set in a toothed brass wheel, dawn's rays behind it, fans of
 * clock hands spread like wings and a pendulum below; on the second frame the
 * wheel turns half a tooth, the hands move on and the pendulum swings across. */
static rgba boss_tokine(vec2 p, int frame)
{
    double d = paint_len(p);
    double ang = trig_atan2(p.y, p.x);
    vec2 m = mirror_x(p);
    rgba gold = paint_rgb(255, 206, 110, 1.0), iron = paint_rgb(46, 30, 34, 1.0);
    rgba c = paint_fade(paint_rgb(255, 140, 90, 1.0), 0.35 * paint_glow(d - 22.0, 24.0));
    /* Dawn's rays: twelve thin wedges of rose and amber. */
    double u = ang / (PAINT_PI / 6) + 0.5;
    double f = fabs(u - floor(u) - 0.5); /* 0 on a ray's axis */
    double ray = fmax(f * d * 0.5 - 1.2 * (1.0 - d / 48.0), d - 46.0);
    rgba ray_c = paint_mix(paint_rgb(255, 226, 170, 1.0), paint_rgb(255, 110, 130, 1.0),
                           paint_smoothstep(20.0, 46.0, d));
    c = paint_over(c, paint_fade(ray_c, 0.7 * paint_fill(ray)));
    /* Wings of clock hands: three spade-tipped hands fanned on each side. */
    static const double hand_a[3] = {-0.6, -0.05, 0.5}, hand_len[3] = {45.0, 47.0, 41.0};
    for (int i = 0; i < 3; i++) {
        vec2 lp = paint_rotate(paint_v(m.x, p.y), -hand_a[i]);
        double len = hand_len[i];
        double shaft = sd_segment(lp, paint_v(20.0, 0), paint_v(len - 7.0, 0), 1.7);
        vec2 tip[4] = {{len - 12.0, 0}, {len - 6.0, -5.0}, {len, 0}, {len - 6.0, 5.0}};
        double ring = fabs(sd_circle(paint_v(lp.x - (len - 18.0), lp.y), 2.6)) - 0.9;
        double hand = fmin(fmin(shaft, sd_polygon(lp, tip, 4)), ring);
        c = paint_over(c, paint_fade(iron, paint_fill(hand - 1.0)));
        rgba steel = paint_mix(paint_rgb(255, 236, 190, 1.0), paint_rgb(214, 120, 60, 1.0),
                               paint_smoothstep(20.0, 46.0, lp.x));
        c = paint_over(c, paint_fade(steel, paint_fill(hand)));
    }
    /* The pendulum, swinging under her. */
    double swing = frame ? 0.22 : -0.22;
    vec2 pp = paint_rotate(paint_v(p.x, p.y - 20.0), swing);
    double rod = sd_segment(pp, paint_v(0, 0), paint_v(0, 19.0), 0.9);
    double bob = sd_circle(paint_v(pp.x, pp.y - 22.0), 5.0);
    c = paint_over(c, paint_fade(iron, paint_fill(fmin(rod, bob) - 0.9)));
    c = paint_over(c, paint_fade(paint_rgb(200, 140, 60, 1.0), paint_fill(rod)));
    rgba bob_c = paint_mix(paint_rgb(120, 60, 20, 1.0), paint_rgb(255, 225, 140, 1.0),
                           sphere_light(paint_v(pp.x, pp.y - 22.0), 5.0));
    c = paint_over(c, paint_fade(bob_c, paint_fill(bob)));
    /* The wheel: sixteen teeth of brass, turning half a tooth a frame. */
    double tu = ang / (PAINT_PI / 8) + (frame ? 0.5 : 0.0);
    double tf = tu - floor(tu);
    double wheel = d - (fabs(tf - 0.5) < 0.24 ? 28.5 : 25.5);
    c = paint_over(c, paint_fade(iron, paint_fill(wheel - 0.9)));
    double shade = paint_clamp(0.6 - (p.x + p.y) / 60.0, 0, 1);
    rgba brass = paint_mix(paint_rgb(150, 84, 30, 1.0), paint_rgb(255, 210, 120, 1.0), shade);
    c = paint_over(c, paint_fade(brass, paint_fill(wheel)));
    c = paint_over(c, paint_fade(paint_rgb(110, 60, 24, 1.0), paint_stroke(d - 22.5, 0.6)));
    /* The face: ivory, twelve ticks (the quarters long), two hands. */
    c = paint_over(c, paint_fade(paint_rgb(70, 40, 30, 1.0), paint_fill(d - 21.0)));
    rgba ivory = paint_mix(paint_rgb(255, 250, 236, 1.0), paint_rgb(240, 206, 170, 1.0),
                           paint_smoothstep(0.0, 20.0, d + (p.x + p.y) * 0.3));
    c = paint_over(c, paint_fade(ivory, paint_fill(d - 19.6)));
    double ticks = 1e9;
    for (int i = 0; i < 12; i++) {
        vec2 q = paint_rotate(p, -i * PAINT_PI / 6);
        double in = i % 3 == 0 ? 12.5 : 15.5;
        ticks = fmin(ticks, sd_segment(q, paint_v(in, 0), paint_v(17.5, 0), i % 3 ? 0.6 : 0.9));
    }
    c = paint_over(c, paint_fade(paint_rgb(60, 36, 40, 1.0), paint_fill(ticks)));
    double minute = frame ? -0.3 : -0.55, hour = frame ? 2.35 : 2.3;
    vec2 mh = paint_rotate(paint_v(0, -15.0), minute), hh = paint_rotate(paint_v(0, -9.5), hour);
    double hands =
        fmin(sd_segment(p, paint_v(0, 0), mh, 0.8), sd_segment(p, paint_v(0, 0), hh, 1.3));
    c = paint_over(c, paint_fade(paint_rgb(40, 24, 30, 1.0), paint_fill(hands)));
    c = paint_over(c, paint_fade(gold, paint_stroke(d - 19.8, 0.7)));
    /* The jewel at the centre, rose like the dawn. */
    double jewel = sd_circle(p, 3.0);
    c = paint_over(
        c, paint_fade(paint_rgb(255, 90, 110, 1.0), (frame ? 0.8 : 0.5) * paint_glow(jewel, 3.0)));
    rgba jc = paint_mix(paint_rgb(255, 200, 210, 1.0), paint_rgb(200, 20, 60, 1.0),
                        paint_smoothstep(-3.0, 0.0, jewel));
    return paint_over(c, paint_fade(jc, paint_fill(jewel)));
}

/* Suiren (stage 2's midboss), the night lotus: a water lily open on its pad,
 * three rings of pointed petals from lilac to moon white round a golden heart
 * of stamens; the petals open wider and the heart glows on the second frame. */
static rgba midboss_suiren(vec2 p, int frame)
{
    double d = paint_len(p);
    double ang = trig_atan2(p.y, p.x);
    double open = frame ? 1.0 : 0.0;
    rgba c = paint_fade(paint_rgb(170, 120, 255, 1.0), 0.35 * paint_glow(d - 16.0, 16.0));
    /* The pad, notched toward the player. */
    double notch = fabs(ang - PAINT_PI / 2) < 0.2 && p.y > 0 ? 1.0 : 0.0;
    double pad = sd_circle(p, 29.0);
    c = paint_over(c, paint_fade(paint_rgb(8, 24, 20, 1.0), paint_fill(pad - 0.9) * (1.0 - notch)));
    double pad_l = paint_clamp(0.6 - (p.x + p.y) / 60.0, 0, 1);
    double vein = fabs(trig_sin(ang * 8.0)) < 0.08 ? 0.25 : 0.0;
    rgba pad_c = paint_mix(paint_rgb(16, 60, 44, 1.0), paint_rgb(52, 128, 84, 1.0), pad_l - vein);
    c = paint_over(c, paint_fade(pad_c, paint_fill(pad) * (1.0 - notch)));
    /* Petals, ring by ring from the outside in. */
    static const int count[3] = {10, 10, 7};
    static const double reach[3] = {25.0, 18.5, 11.0}, wide[3] = {5.6, 5.0, 3.6};
    for (int r = 0; r < 3; r++) {
        double petals = 1e9;
        for (int i = 0; i < count[r]; i++) {
            double a = (i + 0.5 * r) * 2 * PAINT_PI / count[r];
            vec2 q = paint_rotate(p, -a);
            double len = reach[r] + 1.5 * open * (r < 2);
            /* pointed: an ellipse cut by a lens toward its tip */
            double petal = sd_ellipse(paint_v(q.x - len * 0.55, q.y), len * 0.55, wide[r]);
            double tip = fabs(q.y) - wide[r] * paint_clamp((len * 1.1 - q.x) / (len * 0.6), 0, 1);
            petals = fmin(petals, fmax(petal, tip));
        }
        rgba petal_c = paint_mix(paint_rgb(255, 252, 255, 1.0), paint_rgb(200, 150, 255, 1.0),
                                 paint_smoothstep(6.0, 30.0, d));
        c = paint_over(c, paint_fade(paint_rgb(50, 20, 80, 1.0), paint_fill(petals - 0.8)));
        c = paint_over(c, paint_fade(paint_darken(petal_c, 0.12 * (2 - r)), paint_fill(petals)));
    }
    /* The golden heart, ringed with stamens. */
    double heart = sd_circle(p, 3.6);
    for (int i = 0; i < 8; i++) {
        vec2 s = paint_rotate(paint_v(4.6, 0), i * PAINT_PI / 4);
        heart = fmin(heart, sd_circle(paint_sub(p, s), 1.0));
    }
    c = paint_over(c, paint_fade(paint_rgb(255, 210, 90, 1.0),
                                 (0.5 + 0.3 * open) * paint_glow(heart, 4.0 + 2.0 * open)));
    rgba gold = paint_mix(paint_rgb(255, 255, 220, 1.0), paint_rgb(255, 170, 40, 1.0),
                          paint_smoothstep(0.0, 5.0, d));
    return paint_over(c, paint_fade(gold, paint_fill(heart)));
}

/* Zenmai (stage 3's midboss), the wind-up doll who keeps the spire's gates: a
 * tin drum of a body with a mainspring coiled on its face and a green glass
 * eye, an iron gate-shield on each side and a great winding key behind; the
 * key turns a quarter between the frames. */
static rgba midboss_zenmai(vec2 p, int frame)
{
    double d = paint_len(p);
    vec2 m = mirror_x(p);
    rgba iron = paint_rgb(30, 24, 30, 1.0);
    rgba c = paint_fade(paint_rgb(255, 190, 100, 1.0), 0.3 * paint_glow(d - 14.0, 16.0));
    /* The key behind her, its bow of two loops above her head, seen turning. */
    double k = frame ? 0.55 : 1.0; /* the bow's width as it turns */
    vec2 kp = paint_v(p.x / k, p.y);
    double stem = sd_segment(p, paint_v(0, -6.0), paint_v(0, -20.0), 2.0);
    double loops = fmin(fabs(sd_circle(paint_sub(kp, paint_v(-7.5, -24.0)), 5.5)) - 2.0,
                        fabs(sd_circle(paint_sub(kp, paint_v(7.5, -24.0)), 5.5)) - 2.0);
    double key = fmin(stem, loops * k);
    c = paint_over(c, paint_fade(iron, paint_fill(key - 1.0)));
    rgba key_c = paint_mix(paint_rgb(255, 226, 140, 1.0), paint_rgb(170, 100, 36, 1.0),
                           paint_smoothstep(-30.0, -10.0, -fabs(p.x) * 2.0 + p.y));
    c = paint_over(c, paint_fade(key_c, paint_fill(key)));
    /* The gate-shields: arched iron doors, riveted, on each side. */
    vec2 g = paint_v(m.x - 21.0, p.y - 3.0);
    double shield = fmin(sd_box(paint_v(g.x, g.y - 2.0), 6.5, 12.0, 1.5),
                         sd_circle(paint_v(g.x, g.y + 9.0), 6.5));
    shield = fmin(sd_box(paint_v(g.x, g.y + 2.0), 6.5, 10.0, 1.0),
                  sd_circle(paint_v(g.x, g.y - 8.0), 6.5));
    c = paint_over(c, paint_fade(iron, paint_fill(shield - 1.0)));
    double sl = paint_clamp(0.55 - (g.x + g.y) / 30.0, 0, 1);
    c = paint_over(
        c, paint_fade(paint_mix(paint_rgb(70, 80, 100, 1.0), paint_rgb(170, 185, 205, 1.0), sl),
                      paint_fill(shield)));
    double bars = fabs(g.x) < 0.8 || fabs(g.y - 1.0) < 0.7 ? 1.0 : 0.0;
    c = paint_over(c, paint_fade(paint_rgb(40, 40, 56, 1.0), bars * paint_fill(shield + 1.2)));
    double rivets = 1e9;
    for (int i = 0; i < 4; i++)
        rivets = fmin(rivets, sd_circle(paint_v(fabs(g.x) - 4.0, g.y + 8.0 - i * 5.0), 0.9));
    c = paint_over(c, paint_fade(paint_rgb(255, 220, 150, 1.0), paint_fill(rivets)));
    /* The drum: tin, brass-rimmed, a mainspring coiled on its face. */
    double body = d - 15.0;
    c = paint_over(c, paint_fade(iron, paint_fill(body - 1.0)));
    rgba tin = paint_mix(paint_rgb(120, 110, 100, 1.0), paint_rgb(240, 236, 222, 1.0),
                         sphere_light(p, 15.0) + 0.2);
    c = paint_over(c, paint_fade(tin, paint_fill(body)));
    c = paint_over(c, paint_fade(paint_rgb(214, 150, 60, 1.0), paint_stroke(d - 14.2, 1.0)));
    /* the spring: an Archimedean spiral, r = 2.8 (turns + angle / 2 pi) */
    double ang = trig_atan2(p.y, p.x) + PAINT_PI;
    double turn = (d / 2.8 - ang / (2 * PAINT_PI));
    double spring = fabs(turn - floor(turn + 0.5)) * 2.8;
    double coil = fmax(spring - 0.7, fmax(d - 12.0, 3.4 - d));
    c = paint_over(c, paint_fade(paint_rgb(150, 90, 30, 1.0), paint_fill(coil)));
    /* The eye: green glass at the spring's heart. */
    double eye = sd_circle(p, 2.8);
    c = paint_over(c, paint_fade(paint_rgb(90, 255, 160, 1.0), 0.6 * paint_glow(eye, 2.5)));
    rgba glass = paint_mix(paint_rgb(220, 255, 230, 1.0), paint_rgb(30, 170, 100, 1.0),
                           paint_smoothstep(-2.8, 0.0, eye));
    return paint_over(c, paint_fade(glass, paint_fill(eye)));
}

/* An item: a bevelled tile with a white emblem. */
static rgba item_tile(vec2 p, double half, rgba base, double emblem_d)
{
    double d = sd_box(p, half, half, half * 0.3);
    rgba c = paint_fade(base, 0.5 * paint_glow(d, 2.0));
    c = paint_over(c, paint_fade(paint_darken(base, 0.75), paint_fill(d - 0.7)));
    double t = paint_clamp(0.5 + (p.x + p.y) / (4.0 * half), 0, 1);
    rgba face = paint_mix(paint_lighten(base, 0.35), paint_darken(base, 0.25), t);
    c = paint_over(c, paint_fade(face, paint_fill(d)));
    c = paint_over(c, paint_fade(paint_lighten(base, 0.7),
                                 0.7 * paint_stroke(d + 0.9, 0.45) * (p.x + p.y < 0 ? 1.0 : 0.0)));
    c = paint_over(c, paint_fade(paint_darken(base, 0.7), 0.8 * paint_fill(emblem_d - 0.7)));
    return paint_over(c, paint_fade(white, paint_fill(emblem_d)));
}

/* The signed distance of a letter of the glyph design, size px per cell. */
static double letter_d(int ch, vec2 p, double px)
{
    return art_glyph_sd(ch, p, px);
}

static double heart_d(vec2 p)
{
    vec2 m = mirror_x(p);
    double lobe = sd_circle(paint_v(m.x - 2.0, p.y + 1.2), 2.4);
    static const vec2 tip[] = {{0, 4.6}, {4.2, 0.2}, {0, -1.0}, {-4.2, 0.2}};
    return fmin(lobe, sd_polygon(p, tip, 4));
}

static rgba small_star(vec2 p, double r, rgba base)
{
    double s = sd_star(p, 5, r, r * 0.45, -PAINT_PI / 2);
    rgba c = paint_fade(base, 0.6 * paint_glow(s, 1.5));
    c = paint_over(c, paint_fade(paint_darken(base, 0.7), paint_fill(s - 0.6)));
    rgba fill =
        paint_mix(paint_lighten(base, 0.6), base, paint_smoothstep(0, r * 0.7, paint_len(p)));
    return paint_over(c, paint_fade(fill, paint_fill(s)));
}

static rgba spark_graze(vec2 p, int frame, int frames)
{
    double t = (frame + 0.5) / frames;
    double d = paint_len(p);
    double r = 2.6 * (1.0 - t) + 0.4;
    rgba c = paint_fade(paint_rgb(140, 200, 255, 1.0), (1 - t) * paint_glow(d - r, 2.5));
    double ray = fmin(fabs(p.x), fabs(p.y));
    double len = 5.5 * (1.0 - 0.6 * t);
    c = paint_add(
        c, paint_fade(white, (1 - t) * paint_fill(ray - 0.3) * paint_clamp(1 - d / len, 0, 1)));
    return paint_over(c, paint_fade(white, (1 - t * 0.8) * paint_fill(d - r)));
}

static rgba spark_hit(vec2 p, int frame, int frames)
{
    double t = (frame + 0.5) / frames;
    double d = paint_len(p);
    rgba warm = paint_rgb(255, 230, 140, 1.0);
    rgba c = paint_fade(warm, (1 - t) * 0.8 * paint_glow(d - 2.0 * (1 - t), 4.0));
    vec2 r = paint_rotate(p, PAINT_PI / 4);
    double len_main = 3.0 + 5.0 * t, len_diag = 2.0 + 3.5 * t;
    double rays =
        fmin(sd_segment(mirror_x(p), paint_v(0, 0), paint_v(len_main, 0), 0.6 * (1 - t) + 0.2),
             sd_segment(mirror_x(paint_v(p.y, p.x)), paint_v(0, 0), paint_v(len_main, 0),
                        0.6 * (1 - t) + 0.2));
    double diag =
        fmin(sd_segment(mirror_x(r), paint_v(0, 0), paint_v(len_diag, 0), 0.4),
             sd_segment(mirror_x(paint_v(r.y, r.x)), paint_v(0, 0), paint_v(len_diag, 0), 0.4));
    c = paint_over(c, paint_fade(warm, (1 - t) * paint_fill(diag)));
    return paint_over(c, paint_fade(white, (1 - 0.7 * t) * paint_fill(rays)));
}

static rgba bullet_vanish(vec2 p, int frame, int frames)
{
    double t = (frame + 0.5) / frames;
    double d = paint_len(p);
    double r = 4.0 + 7.5 * t;
    rgba c =
        paint_fade(paint_rgb(200, 230, 255, 1.0), (1 - t) * 0.6 * paint_glow(d, 5.0 * (1 - t) + 1));
    c = paint_over(c, paint_fade(white, (1 - t) * paint_stroke(d - r, 1.4 * (1 - t) + 0.3)));
    return c;
}

/* An explosion in eight frames: a flash, a ragged fireball that cools to smoke,
 * a shock ring and flying sparks. */
static rgba explosion(vec2 p, int frame, int frames)
{
    double t = (frame + 0.5) / frames;
    double d = paint_len(p);
    double ang = trig_atan2(p.y, p.x);
    rgba c = clear;
    /* Shock ring. */
    double ring_r = 5.0 + 18.0 * t;
    c = paint_over(c, paint_fade(paint_rgb(255, 220, 160, 1.0),
                                 (1 - t) * 0.8 * paint_stroke(d - ring_r, 2.2 * (1 - t) + 0.3)));
    /* Sparks: short streaks flying out along fixed directions. */
    for (int i = 0; i < 10; i++) {
        double a = i * (2 * PAINT_PI / 10) + paint_hash(i, 3, 7) * 0.5;
        double r0 = 6.0 + 15.0 * t * (0.7 + 0.5 * paint_hash(i, 1, 9)),
               r1 = r0 + 3.5 * (1 - t) + 1.0;
        vec2 dir = paint_rotate(paint_v(1, 0), a);
        double s =
            sd_segment(p, paint_v(dir.x * r0, dir.y * r0), paint_v(dir.x * r1, dir.y * r1), 0.5);
        c = paint_over(c, paint_fade(paint_rgb(255, 240, 200, 1.0), (1 - t) * paint_fill(s)));
    }
    /* Fireball with a ragged edge. */
    double grow = t < 0.35 ? t / 0.35 : 1.0;
    double radius = (7.0 + 9.0 * grow) * (1.0 - 0.25 * t);
    double n = paint_noise(ang * 2.2 + 10.0, t * 3.0, 5) * 0.5 +
               paint_noise(p.x * 0.3, p.y * 0.3, frame) * 0.5;
    double edge = d - radius * (0.8 + 0.4 * n);
    double heat = paint_clamp(1.0 - t * 1.3 + (1.0 - d / (radius + 1.0)) * 0.7, 0, 1);
    rgba hot = paint_mix(paint_rgb(255, 90, 20, 1.0), paint_rgb(255, 250, 220, 1.0), heat);
    rgba smoke = paint_rgb(70, 50, 60, 1.0);
    rgba fire = paint_mix(smoke, hot, paint_clamp(heat * 1.6, 0, 1));
    double alpha = t < 0.6 ? 1.0 : 1.0 - (t - 0.6) / 0.4;
    c = paint_over(c, paint_fade(fire, alpha * 0.95 * paint_fill(edge)));
    return c;
}

/* A seamless tile for the side panel: a faint diamond lattice on deep navy. */
static rgba panel_tile(vec2 p)
{
    rgba c = paint_rgb(18, 20, 38, 1.0);
    double u = p.x + p.y + 16.0, v = p.x - p.y + 16.0;
    double fu = u - 16.0 * floor(u / 16.0), fv = v - 16.0 * floor(v / 16.0);
    double lu = fmin(fu, 16.0 - fu) / 1.4142, lv = fmin(fv, 16.0 - fv) / 1.4142;
    c = paint_over(c,
                   paint_fade(paint_rgb(44, 50, 92, 1.0), 0.7 * paint_fill(fmin(lu, lv) - 0.25)));
    /* A dot in the middle of each diamond. */
    double cx = p.x - 32.0 * floor(p.x / 32.0 + 0.5), cy = p.y - 32.0 * floor(p.y / 32.0 + 0.5);
    double dot = paint_len(paint_v(fabs(cx) - 8.0, cy)) < paint_len(paint_v(cx, fabs(cy) - 8.0))
                     ? paint_len(paint_v(fabs(cx) - 8.0, cy))
                     : paint_len(paint_v(cx, fabs(cy) - 8.0));
    return paint_over(c, paint_fade(paint_rgb(70, 80, 140, 1.0), 0.8 * paint_fill(dot - 0.8)));
}

/* Value noise summed over octaves, each octave turned so the lattice's grain
 * does not line up. */
static double fbm(vec2 p, int seed)
{
    double n = 0.0, amp = 0.55;
    for (int octave = 0; octave < 4; octave++) {
        n += amp * paint_noise(p.x, p.y, seed + octave);
        p = paint_rotate(paint_v(p.x * 2.03, p.y * 2.03), 0.65);
        amp *= 0.5;
    }
    return n;
}

/* A moth (stage 2): pale wings with orange eye spots round a dark, furred
 * body, head and feathered antennae down (it flies toward the player); the
 * wings beat from frame to frame, folding toward the body and out again. */
static rgba enemy_moth(vec2 p, int frame)
{
    static const double beat[4] = {1.0, 0.8, 0.58, 0.8};
    double k = beat[frame % 4];
    vec2 m = mirror_x(p);
    vec2 w = paint_v(m.x / k, p.y);
    double fore = sd_ellipse(paint_rotate(paint_sub(w, paint_v(7.0, -1.5)), -0.45), 7.6, 4.6);
    double hind = sd_ellipse(paint_rotate(paint_sub(w, paint_v(5.2, -7.0)), 0.5), 4.8, 3.4);
    double wing = fmin(fore, hind) * k;
    double body = sd_ellipse(paint_v(p.x, p.y + 1.0), 2.3, 7.2);
    double antenna = sd_segment(m, paint_v(1.0, 6.0), paint_v(4.6, 10.5), 0.45);
    double all = fmin(fmin(wing, body), antenna);
    rgba c = paint_fade(paint_rgb(190, 180, 255, 1.0), 0.45 * paint_glow(all, 3.0));
    c = paint_over(c, paint_fade(paint_rgb(24, 16, 44, 1.0), paint_fill(all - 0.8)));
    /* Wings: moonlit at the root, lilac toward the edge, the hind pair darker. */
    rgba wing_c = paint_mix(paint_rgb(244, 238, 255, 1.0), paint_rgb(150, 128, 220, 1.0),
                            paint_smoothstep(2.0, 13.0, w.x));
    if (hind < fore)
        wing_c = paint_darken(wing_c, 0.18);
    c = paint_over(c, paint_fade(wing_c, paint_fill(wing)));
    double vein = sd_segment(w, paint_v(1.5, 0.5), paint_v(12.5, -3.5), 0.0);
    c = paint_over(c,
                   paint_fade(paint_rgb(110, 90, 170, 1.0), 0.5 * paint_fill((vein - 0.35) * k)));
    double spot = sd_circle(paint_sub(w, paint_v(9.0, -2.2)), 2.2) * k;
    c = paint_over(c, paint_fade(paint_rgb(255, 150, 60, 1.0), paint_fill(spot)));
    c = paint_over(c, paint_fade(paint_rgb(40, 20, 40, 1.0), paint_fill(spot + 1.3)));
    /* The body, banded, and its antennae. */
    double band = 0.5 + 0.5 * trig_sin(p.y * 1.7);
    rgba fur =
        paint_mix(paint_rgb(70, 50, 60, 1.0), paint_rgb(200, 170, 150, 1.0), 0.25 + 0.5 * band);
    c = paint_over(c, paint_fade(fur, paint_fill(body)));
    c = paint_over(c, paint_fade(paint_rgb(210, 190, 170, 1.0), paint_fill(antenna)));
    double eyes = sd_circle(paint_sub(m, paint_v(1.2, 6.4)), 0.9);
    return paint_over(c, paint_fade(paint_rgb(255, 230, 120, 1.0), paint_fill(eyes)));
}

/* A water spirit (stage 2): a drop of lake water standing on its round end,
 * its tip swaying, deep blue at the rim and moonlit inside, with two gold eyes
 * and a ripple ring at its foot that spreads from frame to frame. */
static rgba enemy_spirit(vec2 p, int frame)
{
    double phase = frame * PAINT_PI / 2;
    double sway = trig_sin(p.y * 0.3 + phase) * 1.4 * paint_clamp((2.0 - p.y) / 14.0, 0, 1);
    vec2 q = paint_v(p.x - sway, p.y);
    double bulb = sd_circle(paint_v(q.x, q.y - 4.0), 8.6);
    double u = (q.y + 16.0) / 20.0;
    double width = u <= 0 ? -1 : 8.6 * pow(u > 1 ? 1 : u, 1.4);
    double tip = q.y > 4.0 ? 1e9 : (fabs(q.x) - width) * 0.75;
    if (q.y < -16.0)
        tip = fmax(tip, -16.0 - q.y);
    double d = fmin(bulb, tip);
    /* The ripple: an ellipse round the foot, wider each frame, fading. */
    double r = 9.0 + 2.5 * frame;
    double ring = fabs(paint_len(paint_v(p.x / r, (p.y - 12.5) / (r * 0.28))) - 1.0) * r * 0.28;
    rgba c =
        paint_fade(paint_rgb(120, 200, 255, 1.0), (0.85 - 0.17 * frame) * paint_fill(ring - 0.6));
    c = paint_over(c, paint_fade(paint_rgb(60, 140, 255, 1.0), 0.55 * paint_glow(d, 3.5)));
    rgba body = paint_mix(paint_rgb(225, 245, 255, 1.0), paint_rgb(30, 80, 200, 1.0),
                          paint_smoothstep(-7.0, 0.0, d));
    c = paint_over(c, paint_fade(body, 0.9 * paint_fill(d)));
    double shine = sd_ellipse(paint_rotate(paint_v(q.x + 3.8, q.y - 1.0), 0.5), 1.2, 2.6);
    c = paint_over(c, paint_fade(white, 0.8 * paint_fill(shine)));
    double eyes = fmin(sd_ellipse(paint_v(q.x - 2.6, q.y - 5.0), 1.1, 1.6),
                       sd_ellipse(paint_v(q.x + 2.6, q.y - 5.0), 1.1, 1.6));
    c = paint_over(c, paint_fade(paint_rgb(255, 220, 90, 1.0), 0.6 * paint_glow(eyes, 1.5)));
    return paint_over(c, paint_fade(paint_rgb(255, 235, 150, 1.0), paint_fill(eyes)));
}

/* A lotus (stage 2): two rings of pink petals open on a dark lily pad, a lamp
 * of gold in the middle that brightens on the second frame. */
static rgba enemy_lotus(vec2 p, int frame)
{
    double pad = sd_circle(p, 22.0);
    double ang = trig_atan2(p.y, p.x);
    double notch = fabs(ang - PAINT_PI / 2) < 0.22 && p.y > 0 ? 1.0 : 0.0;
    rgba c = paint_fade(paint_rgb(20, 40, 30, 1.0), paint_fill(pad - 0.8) * (1.0 - notch));
    double pad_l = paint_clamp(0.6 - (p.x + p.y) / 50.0, 0, 1);
    rgba pad_c = paint_mix(paint_rgb(20, 70, 50, 1.0), paint_rgb(60, 140, 90, 1.0), pad_l);
    c = paint_over(c, paint_fade(pad_c, paint_fill(pad) * (1.0 - notch)));
    double outer = 1e9, inner = 1e9;
    for (int i = 0; i < 8; i++) {
        vec2 q = paint_rotate(p, -i * PAINT_PI / 4);
        outer = fmin(outer, sd_ellipse(paint_v(q.x, q.y + 12.0), 4.8, 9.0));
        vec2 r = paint_rotate(p, -(i + 0.5) * PAINT_PI / 4);
        inner = fmin(inner, sd_ellipse(paint_v(r.x, r.y + 7.5), 3.4, 6.4));
    }
    c = paint_over(c, paint_fade(paint_rgb(60, 10, 40, 1.0), paint_fill(outer - 0.8)));
    double rr = paint_len(p);
    rgba petal = paint_mix(paint_rgb(255, 235, 245, 1.0), paint_rgb(230, 80, 150, 1.0),
                           paint_smoothstep(4.0, 20.0, rr));
    c = paint_over(c, paint_fade(paint_darken(petal, 0.15), paint_fill(outer)));
    c = paint_over(c, paint_fade(paint_rgb(90, 20, 60, 1.0), paint_fill(inner - 0.6)));
    c = paint_over(c, paint_fade(paint_lighten(petal, 0.3), paint_fill(inner)));
    double lamp = sd_circle(p, 4.2);
    rgba gold = paint_mix(paint_rgb(255, 255, 220, 1.0), paint_rgb(255, 170, 40, 1.0),
                          paint_smoothstep(frame ? -3.5 : -2.0, 0.0, lamp));
    c = paint_over(
        c, paint_fade(paint_rgb(255, 200, 80, 1.0), (frame ? 0.7 : 0.45) * paint_glow(lamp, 4.0)));
    return paint_over(c, paint_fade(gold, paint_fill(lamp)));
}

/* A cog (stage 3): a brass gear of eight teeth round a dark hub with a red
 * lamp; its frames are pre-rotated over one tooth, so it spins as it flies. */
static rgba enemy_cog(vec2 p)
{
    double r = paint_len(p);
    double ang = trig_atan2(p.y, p.x);
    double u = ang / (PAINT_PI / 4);
    double f = u - floor(u);
    double tooth = fabs(f - 0.5) < 0.22 ? 13.0 : 10.2;
    double gear = r - tooth;
    rgba c = paint_fade(paint_rgb(30, 18, 6, 1.0), paint_fill(gear - 0.8));
    double shade = paint_clamp(0.6 - (p.x + p.y) / 30.0, 0, 1);
    rgba brass = paint_mix(paint_rgb(150, 96, 30, 1.0), paint_rgb(255, 214, 120, 1.0), shade);
    c = paint_over(c, paint_fade(brass, paint_fill(gear)));
    /* Spokes cut out of the plate between the rim and the hub. */
    double spoke_u = ang / (PAINT_PI / 2);
    double sf = spoke_u - floor(spoke_u);
    double window = (r > 4.6 && r < 8.2 && fabs(sf - 0.5) < 0.3) ? 1.0 : 0.0;
    c = paint_over(c, paint_fade(paint_rgb(40, 24, 10, 1.0), window));
    c = paint_over(c, paint_fade(paint_rgb(120, 70, 20, 1.0), paint_stroke(r - 8.6, 0.6)));
    c = paint_over(c, paint_fade(paint_rgb(60, 36, 16, 1.0), paint_fill(r - 4.4)));
    c = paint_over(c, paint_fade(paint_rgb(255, 70, 40, 1.0), paint_fill(r - 2.6)));
    return paint_over(c, paint_fade(paint_rgb(255, 220, 180, 1.0), paint_fill(r - 1.0)));
}

/* A clockwork bird (stage 3): a brass body with a key in its back, flying
 * down toward the player, its riveted tin wings beating from frame to frame
 * and a green glass eye on each side of its beak. */
static rgba enemy_bird(vec2 p, int frame)
{
    static const double beat[4] = {1.0, 0.75, 0.5, 0.75};
    double k = beat[frame % 4];
    p = paint_v(p.x, -p.y); /* drawn with the beak toward -y, then turned down */
    vec2 m = mirror_x(p);
    vec2 w = paint_v(m.x, p.y / k);
    double wing =
        sd_ellipse(paint_rotate(paint_sub(paint_v(m.x, p.y), paint_v(9.0, 1.5 * k)), -0.35 * k),
                   8.5, 3.4 * (0.6 + 0.4 * k));
    double body = sd_ellipse(paint_v(p.x, p.y + 1.0), 4.2, 8.0);
    double beak = sd_segment(p, paint_v(0, -8.5), paint_v(0, -12.0), 1.1);
    double tail = sd_segment(m, paint_v(0.0, 7.0), paint_v(2.6, 12.0), 1.0);
    double all = fmin(fmin(wing, body), fmin(beak, tail));
    rgba c = paint_fade(paint_rgb(255, 200, 110, 1.0), 0.35 * paint_glow(all, 3.0));
    c = paint_over(c, paint_fade(paint_rgb(28, 20, 12, 1.0), paint_fill(all - 0.8)));
    /* Wings of tin plates: light at the root, bronze at the tip, ribbed. */
    rgba tin = paint_mix(paint_rgb(225, 225, 235, 1.0), paint_rgb(170, 110, 50, 1.0),
                         paint_smoothstep(3.0, 16.0, m.x));
    double rib = 0.5 + 0.5 * trig_sin(w.x * 1.6);
    tin = paint_darken(tin, 0.2 * rib);
    c = paint_over(c, paint_fade(tin, paint_fill(wing)));
    c = paint_over(c, paint_fade(paint_rgb(200, 130, 50, 1.0), paint_fill(tail)));
    double shade = paint_clamp(0.6 - (p.x + p.y) / 24.0, 0, 1);
    rgba brass = paint_mix(paint_rgb(150, 90, 30, 1.0), paint_rgb(255, 215, 120, 1.0), shade);
    c = paint_over(c, paint_fade(brass, paint_fill(body)));
    c = paint_over(c, paint_fade(paint_rgb(240, 200, 120, 1.0), paint_fill(beak)));
    /* The winding key on its back, and the eyes. */
    double key = fmin(sd_segment(p, paint_v(0, 3.0), paint_v(0, 6.5), 0.8),
                      sd_segment(p, paint_v(-2.4, 6.5), paint_v(2.4, 6.5), 0.9));
    c = paint_over(c, paint_fade(paint_rgb(90, 60, 30, 1.0), paint_fill(key)));
    double eyes = sd_circle(paint_sub(m, paint_v(2.0, -5.5)), 1.2);
    c = paint_over(c, paint_fade(paint_rgb(90, 255, 160, 1.0), 0.5 * paint_glow(eyes, 1.5)));
    return paint_over(c, paint_fade(paint_rgb(180, 255, 200, 1.0), paint_fill(eyes)));
}

/* A bell turret (stage 3): a brass bell hung in an iron ring, mouth down
 * toward the player, with a clock face on its crown; the clapper swings and
 * the mouth glows on the second frame. */
static rgba enemy_bell(vec2 p, int frame)
{
    p = paint_v(p.x, -p.y); /* drawn with the mouth toward -y, then turned down */
    double ring = fabs(paint_len(p) - 20.0) - 1.8;
    rgba c = paint_fade(paint_rgb(10, 10, 16, 1.0), paint_fill(ring - 0.8));
    c = paint_over(c, paint_fade(paint_rgb(90, 96, 110, 1.0), paint_fill(ring)));
    /* The bell: a dome that widens to a lip toward the player (down, -y). */
    double u = paint_clamp((12.0 - p.y) / 26.0, 0, 1);
    double half = 6.0 + 8.0 * u * u + 2.5 * u;
    double side = fabs(p.x) - half;
    double bell = fmax(side * 0.8, fmax(p.y - 12.0, -14.0 - p.y));
    double crown = sd_circle(paint_v(p.x, p.y - 10.0), 6.5);
    bell = fmin(bell, crown);
    c = paint_over(c, paint_fade(paint_rgb(30, 18, 6, 1.0), paint_fill(bell - 0.9)));
    double shade = paint_clamp(0.5 - p.x / 18.0, 0, 1);
    rgba brass = paint_mix(paint_rgb(130, 80, 24, 1.0), paint_rgb(255, 210, 110, 1.0), shade);
    c = paint_over(c, paint_fade(brass, paint_fill(bell)));
    double lip = sd_box(paint_v(p.x, p.y + 13.0), 16.0, 1.4, 0.8);
    c = paint_over(c, paint_fade(paint_rgb(255, 230, 150, 1.0), paint_fill(lip)));
    /* The mouth's glow and the clapper swinging from side to side. */
    double mouth = sd_ellipse(paint_v(p.x, p.y + 15.0), 12.0, 2.2);
    c = paint_over(
        c, paint_fade(paint_rgb(255, 150, 50, 1.0), (frame ? 0.8 : 0.4) * paint_glow(mouth, 3.0)));
    double clap = sd_circle(paint_v(p.x - (frame ? 2.5 : -2.5), p.y + 15.5), 2.3);
    c = paint_over(c, paint_fade(paint_rgb(60, 40, 20, 1.0), paint_fill(clap)));
    /* A clock face on the crown, its hands at a quarter past. */
    double face = sd_circle(paint_v(p.x, p.y - 10.0), 4.6);
    c = paint_over(c, paint_fade(paint_rgb(250, 245, 225, 1.0), paint_fill(face)));
    double hands = fmin(sd_segment(p, paint_v(0, 10.0), paint_v(0, 13.5), 0.5),
                        sd_segment(p, paint_v(0, 10.0), paint_v(2.6, 10.0), 0.6));
    return paint_over(c, paint_fade(paint_rgb(40, 30, 30, 1.0), paint_fill(hands)));
}

/* A wisp of nebula for the field's backdrop, drawn additive: noise warped by
 * noise (so it streaks like gas rather than blotting), faded out toward the
 * edge of the frame so it never shows a border. Each frame is a different wisp. */
static rgba backdrop_cloud(vec2 p, int frame)
{
    double d = paint_len(paint_v(p.x, p.y * 1.25)) / 62.0;
    double edge = 1.0 - paint_smoothstep(0.2, 1.0, d);
    if (edge <= 0.0)
        return clear;
    vec2 q = paint_v(p.x / 30.0 + 5.3 * frame, p.y / 30.0 - 2.1 * frame);
    vec2 warp = paint_v(fbm(q, frame * 11 + 1), fbm(paint_v(q.x + 4.7, q.y + 1.9), frame * 11 + 5));
    double n = fbm(paint_v(q.x + 2.2 * warp.x, q.y + 2.2 * warp.y), frame * 11 + 9);
    double density = paint_smoothstep(0.3, 0.85, n) * edge;
    static const int tints[3][3] = {{70, 60, 150}, {40, 80, 150}, {110, 50, 130}};
    const int *t = tints[frame % 3];
    return paint_fade(paint_rgb(t[0], t[1], t[2], 1.0), 0.6 * density);
}

/* A slice across a laser, drawn additive and tinted by the laser's colour:
 * a white-hot core a quarter of the width wide in a glow that fades to the
 * edges. The same along its length, so any part of it stretches along a beam. */
static rgba laser_slice(vec2 p)
{
    double x = p.x / 16.0;
    double core = exp(-(x * x) / (0.3 * 0.3)), glow = 0.6 * exp(-(x * x) / (0.62 * 0.62));
    double a = core + glow > 1.0 ? 1.0 : core + glow;
    return paint_fade(white, a);
}

rgba art_sprite_shade(vec2 p, const void *user)
{
    const art_sprite *s = user;
    switch (s->sprite) {
    case ATLAS_SPRITE_PLAYER: return player_ship(p, s->frame == 1 ? -1 : s->frame == 2 ? 1 : 0);
    case ATLAS_SPRITE_PLAYER_HERON:
        return heron_ship(p, s->frame == 1 ? -1 : s->frame == 2 ? 1 : 0);
    case ATLAS_SPRITE_HITBOX: return hitbox(p);
    case ATLAS_SPRITE_FOCUS_RING: return focus_ring(p);
    case ATLAS_SPRITE_OPTION: return option_pod(p);
    case ATLAS_SPRITE_SHOT_MAIN: return shot(p, 2.4, 9.5, paint_rgb(90, 200, 255, 1.0));
    case ATLAS_SPRITE_SHOT_FOCUS: return shot(p, 1.7, 13.5, paint_rgb(230, 100, 255, 1.0));
    case ATLAS_SPRITE_ENEMY_DRONE: return enemy_drone(p, s->frame);
    case ATLAS_SPRITE_ENEMY_SPINNER: return enemy_spinner(p);
    case ATLAS_SPRITE_ENEMY_WISP: return enemy_wisp(p, s->frame);
    case ATLAS_SPRITE_ENEMY_TURRET: return enemy_turret(p);
    case ATLAS_SPRITE_ENEMY_CRYSTAL: return enemy_crystal(p, s->frame);
    case ATLAS_SPRITE_ENEMY_MOTH: return enemy_moth(p, s->frame);
    case ATLAS_SPRITE_ENEMY_SPIRIT: return enemy_spirit(p, s->frame);
    case ATLAS_SPRITE_ENEMY_LOTUS: return enemy_lotus(p, s->frame);
    case ATLAS_SPRITE_ENEMY_COG: return enemy_cog(p);
    case ATLAS_SPRITE_ENEMY_BIRD: return enemy_bird(p, s->frame);
    case ATLAS_SPRITE_ENEMY_BELL: return enemy_bell(p, s->frame);
    case ATLAS_SPRITE_BOSS: return boss(p, s->frame);
    case ATLAS_SPRITE_ITEM_POWER:
        return item_tile(p, 6.2, paint_rgb(226, 36, 48, 1.0), letter_d('P', p, 1.25));
    case ATLAS_SPRITE_ITEM_POWER_BIG:
        return item_tile(p, 9.4, paint_rgb(226, 36, 48, 1.0), letter_d('P', p, 1.9));
    case ATLAS_SPRITE_ITEM_POINT:
        return item_tile(p, 6.2, paint_rgb(40, 96, 236, 1.0), sd_star(p, 4, 4.6, 1.4, 0.0));
    case ATLAS_SPRITE_ITEM_BOMB:
        return item_tile(p, 6.2, paint_rgb(36, 176, 72, 1.0), letter_d('B', p, 1.25));
    case ATLAS_SPRITE_ITEM_LIFE: return item_tile(p, 6.2, paint_rgb(232, 70, 170, 1.0), heart_d(p));
    case ATLAS_SPRITE_ITEM_FULL:
        return item_tile(p, 6.2, paint_rgb(232, 180, 20, 1.0), letter_d('F', p, 1.25));
    case ATLAS_SPRITE_ITEM_STAR: /* a small green tile: an item, never a star bullet */
        return item_tile(p, 4.2, paint_rgb(36, 186, 120, 1.0),
                         sd_star(p, 5, 3.2, 1.4, -PAINT_PI / 2));
    case ATLAS_SPRITE_SPARK_GRAZE: return spark_graze(p, s->frame, s->frames);
    case ATLAS_SPRITE_SPARK_HIT: return spark_hit(p, s->frame, s->frames);
    case ATLAS_SPRITE_BULLET_VANISH: return bullet_vanish(p, s->frame, s->frames);
    case ATLAS_SPRITE_EXPLOSION: return explosion(p, s->frame, s->frames);
    case ATLAS_SPRITE_ICON_LIFE: return small_star(p, 5.4, paint_rgb(255, 90, 170, 1.0));
    case ATLAS_SPRITE_ICON_BOMB: return small_star(p, 5.4, paint_rgb(70, 230, 110, 1.0));
    case ATLAS_SPRITE_ICON_PHASE: return small_star(p, 5.0, paint_rgb(250, 230, 80, 1.0));
    case ATLAS_SPRITE_PANEL_TILE: return panel_tile(p);
    case ATLAS_SPRITE_BACKDROP_CLOUD: return backdrop_cloud(p, s->frame);
    case ATLAS_SPRITE_LASER: return laser_slice(p);
    case ATLAS_SPRITE_SHOT_NEEDLE: return shot_needle(p, art_palette((bullet_color)s->frame));
    case ATLAS_SPRITE_SHOT_AMULET: return shot_amulet(p, art_palette((bullet_color)s->frame));
    case ATLAS_SPRITE_SHOT_SEAL: return shot_seal(p, art_palette((bullet_color)s->frame));
    case ATLAS_SPRITE_MINAMO: return boss_minamo(p, s->frame);
    case ATLAS_SPRITE_TOKINE: return boss_tokine(p, s->frame);
    case ATLAS_SPRITE_SUIREN: return midboss_suiren(p, s->frame);
    case ATLAS_SPRITE_ZENMAI: return midboss_zenmai(p, s->frame);
    case ATLAS_SPRITE_PLAYER_SWALLOW:
        return swallow_ship(p, s->frame == 1 ? -1 : s->frame == 2 ? 1 : 0);
    case ATLAS_SPRITE_OPTION_SWALLOW: return option_blade(p);
    case ATLAS_SPRITE_COUNT: break;
    }
    return clear;
}
