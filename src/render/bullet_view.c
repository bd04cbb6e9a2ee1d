/*
 * bullet_view: the pool's arrays handed over as they are.
 */
#include "render/bullet_view.h"

_Static_assert(sizeof(bullet_cold) % sizeof(uint32_t) == 0, "cold records in whole words");
_Static_assert(BULLET_SLOT_NONE == SPRITE_BULLETS_SKIP,
               "the pool's draw-order holes must be the batcher's skipped entries");

sprite_bullets bullet_view_of_pool(const bullet_pool *p)
{
    uint32_t n = 0;
    const uint32_t *order = bullet_pool_draw_order(p, &n);
    /* The pool's heading is (sin h, -cos h) with h clockwise from up: the
     * direction of travel on screen, which is what the batcher turns +x to. */
    /* Each bullet's spawn frame, for animated shapes: read in place from the
     * cold records (one 64-byte record a bullet), only when a shape animates. */
    sprite_bullets v = {(int)n,
                        p->x,
                        p->y,
                        p->dir_x,
                        p->dir_y,
                        p->shape,
                        p->color,
                        order,
                        p->cold ? &p->cold[0].born : NULL,
                        (int)(sizeof(bullet_cold) / sizeof(uint32_t)),
                        p->frame,
                        NULL,
                        NULL,
                        NULL,
                        0};
    /* styles only in a frame where some live bullet has one: the batch then
     * takes the bullets one at a time */
    if (p->scale && bullet_pool_any_styled(p)) {
        v.scale = p->scale;
        v.alpha = p->alpha;
        v.flags = p->flags;
        v.additive_flag = BULLET_FLAG_ADDITIVE;
    }
    return v;
}
