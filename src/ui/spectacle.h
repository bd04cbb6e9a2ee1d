/*
 * spectacle: what a script's presentation statements show (docs/patterns.md,
 * "Spectacle"): effect objects that move, grow, turn and fade and never collide,
 * flashes and tints of the field, shakes and cut-ins, as a ship's bomb or a
 * stage, enemy or boss script asks (pattern/vm/vm.h's vm_show, reached as the
 * world's SHOW and SHIP_SHOW events).
 *
 * Presentation only: the world never reads it, the state hash and the content
 * hash never see it, and replays verify as without it. A fixed store (refuse and
 * count), stepped once per world frame; the player's options are honoured where
 * it is drawn: "steady screen" keeps the field still (spectacle_shake is 0),
 * "softer flashes" draws flashes and tints at a quarter and a half.
 */
#ifndef CURTAIN_UI_SPECTACLE_H
#define CURTAIN_UI_SPECTACLE_H

#include "core/rng.h"
#include "game/world.h"
#include "pattern/vm/vm.h"
#include "render/effect_quads.h"
#include "render/sprite_batch.h"
#include "sim/bullet_kind.h"

#include <stdint.h>

#define SPECTACLE_OBJECTS 256 /* effect objects alive at once */
#define SPECTACLE_WASHES  8   /* flashes and tints at once */
#define SPECTACLE_WAITING 64  /* shows waiting for their `after` frames */

typedef struct spectacle_object {
    float x, y, vx, vy;
    float size, grow, turn, angle, alpha;
    uint16_t age, over, hold, fade;
    uint8_t shape, colour, additive;
} spectacle_object;

/* A flash (light added, fading from its first frame) or a tint (a wash that
 * comes in, stays and goes) over the field. */
typedef struct spectacle_wash {
    uint8_t kind; /* VM_SHOW_FLASH or VM_SHOW_TINT */
    uint8_t colour;
    float alpha;
    uint16_t age, len;
} spectacle_wash;

/* A show whose `after` has not passed yet. */
typedef struct spectacle_waiting {
    const vm_show *show;
    float x, y;
    uint16_t left; /* frames */
    uint8_t from_ship;
} spectacle_waiting;

typedef struct spectacle {
    spectacle_waiting waiting[SPECTACLE_WAITING];
    int waiting_count;
    spectacle_object objects[SPECTACLE_OBJECTS];
    int count;
    spectacle_wash washes[SPECTACLE_WASHES];
    int wash_count;
    uint64_t refused; /* objects and washes that did not fit */
    float shake;      /* px, at its strongest */
    uint16_t shake_age, shake_len;
    /* the cut-in: a portrait sweeping by with a name (ship: the ship's) */
    uint16_t cutin_age, cutin_len; /* cutin_len 0: none */
    uint8_t cutin_ship;            /* 1 a ship's bomb, 0 a boss's or a stage's */
    uint8_t cutin_colour;          /* a bullet colour: its band and plate */
    char cutin_text[VM_SHOW_TEXT];
    uint64_t shown; /* shows taken since the last clear (tests) */
} spectacle;

/* Nothing shown. */
void spectacle_clear(spectacle *s);
/* One presentation statement reached at (x, y) (its object's place), by the
 * ship's scripts (from_ship) or another's; shown now, or after its `after`
 * frames (the show must outlive them: it is the library's). */
void spectacle_show(spectacle *s, const vm_show *show, float x, float y, int from_ship);
/* The SHOW and SHIP_SHOW events of the world's last frame. */
void spectacle_from_events(spectacle *s, const world *w);
/* One frame: objects move, grow, turn and fade; washes, shakes and cut-ins age. */
void spectacle_step(spectacle *s);
/* The shake's strength now, px (0 with steady: the "steady screen" option). */
float spectacle_shake(const spectacle *s, int steady);
/* The field's offset now, (*dx, *dy) px, for the strongest of the shake and
 * at_least px (a view's own shake: a bomb's, a death's), drawn from visual;
 * (0, 0) with steady. The game's field (ui/world_view.h) and the viewer's
 * (app/view_draw.h) shake by it alike. */
void spectacle_offset(const spectacle *s, float at_least, int steady, rng *visual, float *dx,
                      float *dy);
/* The washes and effect objects as quads over the effects layer, in the
 * palette's colours (the batch's looks give each shape's frame); soft: the
 * "softer flashes" option. */
void spectacle_add_quads(const spectacle *s, effect_quads *q, const sprite_batch *looks,
                         bullet_palette palette, int soft);
/* How far the cut-in is, 0 to 1 (its age over its length); negative: none. */
float spectacle_cutin(const spectacle *s);

#endif
