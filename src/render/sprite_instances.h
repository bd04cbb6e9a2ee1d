/*
 * sprite_instances: bullets as 16-byte instances for an instanced GPU draw
 * (render/gl_sprites.h), one pass, no renderer needed.
 *
 * An instance is what the vertex shader needs to place one bullet's quad:
 * its centre (field pixels, the batch's origin added on the GPU), its heading
 * as two signed 16-bit fractions (cos, sin times 32767), its look (the sprite
 * batch's look index: shape * 8 + colour) and the frame of its animation. The
 * quad's size, texture rectangle and whether it turns are the look's, in a
 * table the GPU keeps (sprite_instances_look_table). Where the vertex path
 * writes 64 bytes a bullet (four corners of x, y, u, v), this writes 16.
 *
 * Like sprite_batch_add_bullets, bullets of additive looks go to a second
 * list, the others to the first, each in the order given (oldest first, so the
 * newest is on top); an order's holes are skipped. Bullets past a list's
 * capacity are refused and counted. Nothing here touches SDL or OpenGL or
 * allocates: the lists are memory the caller hands in (a mapped GL buffer).
 */
#ifndef CURTAIN_RENDER_SPRITE_INSTANCES_H
#define CURTAIN_RENDER_SPRITE_INSTANCES_H

#include "render/sprite_batch.h"

#include <stdint.h>

typedef struct sprite_instance {
    float x, y;     /* centre, field pixels */
    int16_t c, s;   /* heading: cos and sin times 32767 (32767, 0: facing +x) */
    uint16_t look;  /* the sprite batch's look index, shape * 8 + colour */
    uint16_t frame; /* animation frame (0: a still, or the first) */
} sprite_instance;

_Static_assert(sizeof(sprite_instance) == 16, "an instance is 16 bytes");

/* Texels a row of the look table has (one per look). */
#define SPRITE_INSTANCE_LOOKS      (SPRITE_LOOK_SHAPES * SPRITE_LOOK_COLORS)
/* Rows of the look table: the texture rectangle (u0, v0, u1, v1), the half size
 * and turning (hw, hh, turns, 0), then the animations' offsets (du, dv, 0, 0)
 * of shape s's frame n at texel s * SPRITE_ANIM_MAX + n, two rows of them. */
#define SPRITE_INSTANCE_TABLE_ROWS 4

/* Where a pass writes: two lists of instances and how full they are. */
typedef struct sprite_instance_out {
    sprite_instance *list[2]; /* [0]: alpha-blended looks, [1]: additive ones */
    int count[2];
    int capacity; /* of each list */
    uint64_t refused;
} sprite_instance_out;

/* The look table as 4 x SPRITE_INSTANCE_LOOKS RGBA float texels (row-major),
 * from a sprite batch's looks and animations (the batch owns how a look is
 * drawn; the GPU reads the same numbers the vertex path does). */
void sprite_instances_look_table(const sprite_batch *b, float *texels);

/* Each look's list: 1 where the batch sends it to the additive layer. */
void sprite_instances_additive(const sprite_batch *b, uint8_t *additive);

/* Appends every bullet of `in` to o's lists, in its order, splitting by
 * additive[look] (sprite_instances_additive). When the batch has animated
 * shapes and the bullets say when they were born, each takes its frame. */
void sprite_instances_add(const sprite_batch *b, const uint8_t *additive, const sprite_bullets *in,
                          sprite_instance_out *o);

#endif
