/*
 * sprite_batch: turns sprites and whole bullet arrays into draw-ready arrays,
 * one pass, no renderer needed.
 *
 * A batch has a few *layers*, drawn in order, each alpha-blended or additive.
 * Within a layer, sprites are drawn in the order they were added, so the last
 * added is on top: bullets must be given oldest first (newest on top).
 *
 * The batch builds one of two kinds of arrays, chosen at init for the back end
 * that will draw them:
 *  - SPRITE_BATCH_VERTICES: four corners per sprite, each x, y, u, v, rotated by
 *    the sprite's heading: what SDL_RenderGeometryRaw takes (positions and
 *    texture coordinates at a 16-byte stride), one call per layer (GPU back ends);
 *  - SPRITE_BATCH_RECTS: an axis-aligned rectangle per sprite, on whole pixels,
 *    naming the atlas frame to copy; a sprite that turns uses the pre-rotated
 *    frame nearest its heading (the software renderer: copies, no rotation).
 *
 * Nothing here touches SDL or allocates after init: sprite_batch_submit hands
 * each non-empty layer to a callback (render/sprite_draw.h is the SDL one; the
 * tests use their own). Capacities are fixed at init; sprites that do not fit
 * are refused and counted in `refused`.
 */
#ifndef CURTAIN_RENDER_SPRITE_BATCH_H
#define CURTAIN_RENDER_SPRITE_BATCH_H

#include "core/workers.h"
#include "sim/bullet_kind.h"

#include <stdint.h>

#define SPRITE_BATCH_MAX_LAYERS 12
/* Cells per side of the heading-to-step table (RECTS mode). */
#define SPRITE_STEP_GRID        128
/* The look table is indexed by (shape & 255) * 8 + (color & 7): powers of two, so
 * any byte is a safe index without a compare. Its shapes are the built-ins and
 * a mod's art (sim/bullet_kind.h's BULLET_SHAPE_CAPACITY). */
#define SPRITE_LOOK_SHAPES      256
#define SPRITE_LOOK_COLORS      8

typedef enum sprite_batch_mode {
    SPRITE_BATCH_VERTICES,
    SPRITE_BATCH_RECTS,
} sprite_batch_mode;

typedef enum sprite_blend {
    SPRITE_BLEND_ALPHA, /* straight alpha "over" */
    SPRITE_BLEND_ADD,   /* light added to what is below */
} sprite_blend;

/* An axis-aligned sprite: its top-left on the target, in whole pixels, and the
 * atlas frame whose rectangle is copied there unscaled. */
typedef struct sprite_rect {
    int16_t x, y;
    uint16_t frame;
    uint8_t fade; /* 0: drawn whole; 255 - its opacity in a fading layer (sprite_batch_add_faded) */
    /* 0: the frame's own size; else its size times scale/16 (a styled bullet's,
     * SPRITE_RECT_SCALE_ONE is 1), (x, y) the scaled picture's top-left, in a
     * fading layer */
    uint8_t scale;
} sprite_rect;

#define SPRITE_RECT_SCALE_ONE 16

/* Opacity a times opacity b (0..255 each), rounded: a sprite's own in a
 * fading layer at its layer's. */
static inline uint8_t sprite_opacity_times(uint8_t a, uint8_t b)
{
    return (uint8_t)(((unsigned)a * b + 127u) / 255u);
}

typedef struct sprite_layer_spec {
    sprite_blend blend;
    int capacity; /* sprites */
} sprite_layer_spec;

typedef struct sprite_layer {
    sprite_blend blend;
    uint8_t opacity; /* 255 at init; lower fades the whole layer (sprite_batch_set_opacity) */
    int capacity;
    int count;
    /* SPRITE_BATCH_VERTICES: sprite i's corners are vertices 4i..4i+3 in the
     * order top-left, top-right, bottom-right, bottom-left of the picture; vertex
     * k is vertices[4k..4k+3] = x, y and the normalised texture coordinates u, v. */
    float *vertices;
    /* VERTICES, in a fading layer only (sprite_batch_set_fading): the colour of
     * each vertex, RGBA bytes (SDL_Color), white at the sprite's opacity times
     * the layer's (kept so by sprite_batch_set_opacity); alphas, each sprite's
     * own opacity. RECTS keep the sprite's own (sprite_rect.fade): their drawing
     * takes the layer's on top (sprite_opacity_times). */
    uint8_t *colors;
    uint8_t *alphas;
    /* SPRITE_BATCH_RECTS */
    sprite_rect *rects;
    int fading; /* sprites carry their own opacity (sprite_batch_add_faded) */
    /* styled bullets may come to it (sprite_batch_allow_styles); styled_now: it
     * fades this frame because they came (until the next clear) */
    uint8_t styles, styled_now;
} sprite_layer;

/* How one bullet shape in one colour is drawn, precomputed at init. */
typedef struct sprite_look {
    _Alignas(16) float axes[4]; /* hw, hw, -hh, hh: times (c, s, s, c), the turned half axes */
    float uv[8];                /* texture coordinates of the four corners of frame 0 */
    float hw, hh;               /* half size of the frame, pixels */
    float turns;                /* 1: rotates with its heading; 0: always upright */
    uint16_t frame;             /* first frame; pre-rotated frames follow */
    uint8_t step_mask;          /* ATLAS_ANGLE_STEPS - 1 when it turns, else 0 */
    uint8_t additive;           /* goes to the additive bullet layer */
} sprite_look;

/* Animation frames a look may have (render/atlas.h's ATLAS_ART_MAX_ANIM). */
#define SPRITE_ANIM_MAX 16

/* How a shape animates (a mod's `frames N every F [once]` art), per shape:
 * frame n of it is its look's frame + n * stride (RECTS), or its UVs moved by
 * (du[n], dv[n]) (VERTICES). frames 1: a still. */
typedef struct sprite_anim {
    uint16_t frames, every, once, stride;
    float du[SPRITE_ANIM_MAX], dv[SPRITE_ANIM_MAX];
} sprite_anim;

typedef struct sprite_batch {
    sprite_batch_mode mode;
    float origin_x, origin_y; /* added to every position: where the field is on the target */
    int layer_count;
    sprite_layer layers[SPRITE_BATCH_MAX_LAYERS];
    int *indices;     /* VERTICES: 6 per sprite (two triangles), shared by every layer */
    uint64_t refused; /* sprites dropped because their layer was full, since init */
    /* sprite_batch_add_bullets_workers splits from this many entries
     * (SPRITE_BATCH_SPLIT_MIN at init; benchmarks lower it to time a split). */
    int split_min;
    int any_additive; /* some look goes to the additive layer */
    int any_animated; /* some shape animates: bullets with a `born` go the animating way */
    sprite_look looks[SPRITE_LOOK_SHAPES * SPRITE_LOOK_COLORS];
    sprite_anim anims[SPRITE_LOOK_SHAPES];
    uint8_t steps[SPRITE_STEP_GRID * SPRITE_STEP_GRID]; /* unit heading to angle step */
} sprite_batch;

/* A structure-of-arrays view of live bullets, oldest first. Positions are in
 * field coordinates (the batch adds its origin). */
typedef struct sprite_bullets {
    int count;
    const float *x, *y;
    /* Heading as a unit vector (cos, sin of the angle, y down; the bullet pool's
     * dir_x, dir_y); NULL: all face +x. Only shapes that turn use it. */
    const float *cos, *sin;
    /* bullet_shape and bullet_color; out-of-range values are masked into the look
     * table and draw as some valid shape and colour (never out of bounds). */
    const uint8_t *shape;
    const uint8_t *color;
    /* Optional draw order: order[0..count) are indices into the arrays above,
     * oldest first; entries equal to SPRITE_BULLETS_SKIP are holes, skipped (the
     * bullet pool's draw order has them). NULL: the arrays are oldest first. */
    const uint32_t *order;
    /* Optional, for animated shapes: bullet j appeared at born[j * born_stride]
     * (a frame count) and it is now `now`, so its age is now - born (what picks
     * an animated shape's frame: sim/look_anim.h). NULL: every bullet shows its
     * shape's first frame. Only read when the atlas has an animated shape, so
     * the game's own bullets take the loops without it. */
    const uint32_t *born;
    int born_stride;
    uint32_t now;
    /* Optional, the bullets' styles (the pool's scale, alpha and flags arrays,
     * indexed like x): given only when some bullet has one, and then every
     * bullet goes one at a time (sprite_batch_add_bullets), drawn scale times
     * its size, at alpha/255 opacity, in the additive layer when its flags
     * have additive_flag. NULL: every bullet at its look's size, opaque. */
    const float *scale;
    const uint8_t *alpha;
    const uint8_t *flags;
    uint8_t additive_flag;
} sprite_bullets;

#define SPRITE_BULLETS_SKIP 0xffffffffu

/* Allocates the layers' arrays (and the shared indices). Returns 0, or -1 when
 * out of memory (nothing kept) or the layer list is invalid. */
int sprite_batch_init(sprite_batch *b, sprite_batch_mode mode, const sprite_layer_spec *layers,
                      int layer_count);
void sprite_batch_free(sprite_batch *b);

/* Empties every layer (start of a frame). */
void sprite_batch_clear(sprite_batch *b);
void sprite_batch_set_origin(sprite_batch *b, float x, float y);

/* Fades a whole layer: every sprite of it drawn at opacity/255 of its own (an
 * additive layer adds that much less light). 255, the default, draws it as it is. */
void sprite_batch_set_opacity(sprite_batch *b, int layer, uint8_t opacity);

/* Builds the look table again from the atlas: after a mod's art is laid out
 * (render/atlas.h), which moves the picture's height and so every UV. Art shapes
 * declared additive go to the additive layer; the built-ins keep their switch. */
void sprite_batch_refresh_looks(sprite_batch *b);

/* Which bullets go to the additive layer: by default the art shapes declared
 * so; a shape can be switched (e.g. bubbles glowing). */
void sprite_batch_set_additive(sprite_batch *b, bullet_shape shape, int additive);

/* Adds atlas frame `frame` centred at (x, y), turned to the unit heading (c, s);
 * (1, 0) draws it as it is in the atlas. RECTS mode ignores the heading (pick a
 * pre-rotated frame instead). */
void sprite_batch_add(sprite_batch *b, int layer, int frame, float x, float y, float c, float s);

/* Lets a layer's sprites each have an opacity of their own (effects that fade):
 * in VERTICES mode it allocates a colour per vertex (call it after init, not
 * per frame). A fading layer draws each sprite at its own opacity; the layer's
 * (sprite_batch_set_opacity) does not apply to it. Returns 0, or -1 when out of
 * memory or the layer does not exist. */
int sprite_batch_set_fading(sprite_batch *b, int layer);

/* Lets styled bullets (sprite_bullets.scale) come to a layer: in VERTICES
 * mode it allocates a colour per vertex (after init, not per frame). A frame
 * that adds styled bullets to it makes it a fading layer until the next clear
 * (its sprite_batch_set_opacity does not apply then); in other frames it
 * costs nothing. Returns 0, or -1 when out of memory or no such layer. */
int sprite_batch_allow_styles(sprite_batch *b, int layer);

/* sprite_batch_add at an opacity of its own (255 opaque) in a fading layer (in
 * another it is sprite_batch_add); (c, s) may be longer than a unit vector: the
 * sprite is scaled by its length (VERTICES only: RECTS copies at the frame's
 * own size, centred at (x, y)). */
void sprite_batch_add_faded(sprite_batch *b, int layer, int frame, float x, float y, float c,
                            float s, uint8_t alpha);

/* Adds every bullet, in its order: bullets of additive shapes to layer_add, the
 * others to layer_alpha. A draw order's holes are squeezed out first (runs of
 * entries copied without them), then one branch-free loop builds the sprites;
 * bullets that find a layer full are refused and counted. A layer index out of
 * range adds nothing. */
void sprite_batch_add_bullets(sprite_batch *b, const sprite_bullets *bullets, int layer_alpha,
                              int layer_add);

/* sprite_batch_add_bullets with the entries split over a worker pool's
 * threads (core/workers.h): the same arrays and counts for any thread count.
 * It splits from b->split_min entries (SPRITE_BATCH_SPLIT_MIN) when every entry
 * fits both layers; otherwise it is sprite_batch_add_bullets. */
#define SPRITE_BATCH_SPLIT_MIN 16384
void sprite_batch_add_bullets_workers(sprite_batch *b, const sprite_bullets *in, int layer_alpha,
                                      int layer_add, workers *w);

/* The pre-rotated step (0..ATLAS_ANGLE_STEPS-1) nearest a heading (c, s). */
int sprite_batch_angle_step(float c, float s);

/* Called for each non-empty layer, in layer order. */
typedef void (*sprite_submit_fn)(const sprite_batch *b, const sprite_layer *layer, void *user);
void sprite_batch_submit(const sprite_batch *b, sprite_submit_fn submit, void *user);
/* The same for layers [first, end) only (something else is drawn between). */
void sprite_batch_submit_layers(const sprite_batch *b, int first, int end, sprite_submit_fn submit,
                                void *user);

/* Sprites in all layers now. */
int sprite_batch_count(const sprite_batch *b);

#endif
