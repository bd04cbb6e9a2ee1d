/* sprite_blit: the CPU blitter against a reference blend, on every code path the
 * CPU has: rounding, order, clipping, additive saturation, untouched borders. */
#include "../check.h"
#include "core/mem.h"
#include "core/rng.h"
#include "render/atlas.h"
#include "render/sprite_blit.h"

#include <stdlib.h>
#include <string.h>

/* A synthetic atlas of the real size: every pixel a pseudo-random straight
 * colour and alpha, with some fully clear and fully opaque pixels. */
static uint32_t *make_pixels(void)
{
    int w = atlas_width(), h = atlas_height();
    uint32_t *p = mem_alloc(sizeof *p * (size_t)w * h);
    rng r;
    rng_seed(&r, 7);
    for (int i = 0; i < w * h; i++) {
        uint32_t v = (uint32_t)rng_next(&r);
        uint32_t a = v >> 24;
        if (a < 40)
            a = 0;
        else if (a > 220)
            a = 255;
        p[i] = (a << 24) | (v & 0xffffff);
    }
    return p;
}

/* The reference: premultiply with rounding, then over or add per channel. */
static uint32_t ref_premultiply(uint32_t p)
{
    uint32_t a = p >> 24, out = a << 24;
    for (int sh = 0; sh < 24; sh += 8)
        out |= (((p >> sh) & 255) * a + 127) / 255 << sh;
    return out;
}

static uint32_t ref_blend(uint32_t d, uint32_t straight, sprite_blend blend)
{
    uint32_t s = ref_premultiply(straight), inv = 255 - (s >> 24), out = 0;
    for (int sh = 0; sh < 32; sh += 8) {
        uint32_t dc = (d >> sh) & 255, sc = (s >> sh) & 255;
        /* dc * (256 - a) / 256, rounded down */
        uint32_t c = blend == SPRITE_BLEND_ADD ? sc + dc : sc + (dc * (inv + 1)) / 256;
        out |= (c > 255 ? 255 : c) << sh;
    }
    return out;
}

enum {
    BUF_W = 96,
    BUF_H = 80,
    GUARD = 8,
};

/* A target with guard bands around it that must stay untouched. */
typedef struct buffer {
    uint32_t all[(BUF_H + 2 * GUARD) * (BUF_W + 2 * GUARD)];
    sprite_blit_target t;
} buffer;

static void buffer_init(buffer *b, uint64_t seed)
{
    rng r;
    rng_seed(&r, seed);
    for (size_t i = 0; i < sizeof b->all / sizeof b->all[0]; i++)
        b->all[i] = (uint32_t)rng_next(&r);
    int pitch = BUF_W + 2 * GUARD;
    b->t = (sprite_blit_target){b->all + GUARD * pitch + GUARD, BUF_W, BUF_H, pitch, 100, 50};
}

/* Draws rects into a copy with the reference, one pixel at a time. */
static void ref_draw(buffer *b, const uint32_t *atlas_px, const sprite_rect *rects, int n,
                     sprite_blend blend)
{
    for (int i = 0; i < n; i++) {
        atlas_rect f = atlas_frame_rect(rects[i].frame);
        for (int y = 0; y < f.h; y++) {
            for (int x = 0; x < f.w; x++) {
                int bx = rects[i].x - b->t.origin_x + x, by = rects[i].y - b->t.origin_y + y;
                if (bx < 0 || by < 0 || bx >= BUF_W || by >= BUF_H)
                    continue;
                uint32_t *d = &b->t.pixels[by * b->t.pitch + bx];
                *d = ref_blend(*d, atlas_px[(f.y + y) * atlas_width() + f.x + x], blend);
            }
        }
    }
}

/* Sprites all over the buffer and across each of its edges, overlapping. */
static int make_rects(sprite_rect *rects, int cap)
{
    int n = 0;
    const int frames[] = {
        atlas_bullet_frame(BULLET_SHAPE_ORB, BULLET_COLOR_RED, 0),
        atlas_bullet_frame(BULLET_SHAPE_ORB_SMALL, BULLET_COLOR_CYAN, 0),
        atlas_bullet_frame(BULLET_SHAPE_ORB_LARGE, BULLET_COLOR_BLUE, 0),
        atlas_bullet_frame(BULLET_SHAPE_KUNAI, BULLET_COLOR_GREEN, 5),
        atlas_glyph_frame(ATLAS_FONT_SMALL, 'A'),
        atlas_glyph_frame(ATLAS_FONT_TITLE, 'Q'),
        atlas_sprite_frame(ATLAS_SPRITE_BOSS, 0),
    };
    const int kinds = (int)(sizeof frames / sizeof *frames);
    for (int y = 50 - 40; y < 50 + BUF_H + 10; y += 13) {
        for (int x = 100 - 50; x < 100 + BUF_W + 10 && n < cap; x += 11) {
            rects[n] = (sprite_rect){(int16_t)x, (int16_t)y, (uint16_t)frames[n % kinds], 0, 0};
            n++;
        }
    }
    return n;
}

static int count_diff(const buffer *a, const buffer *b)
{
    int diff = 0;
    for (size_t i = 0; i < sizeof a->all / sizeof a->all[0]; i++)
        diff += a->all[i] != b->all[i];
    return diff;
}

static void test_paths_match_reference(const sprite_blit_atlas *atlas, const uint32_t *px)
{
    static sprite_rect rects[256];
    int n = make_rects(rects, 256);
    CHECK(n > 100);
    static buffer want, got;
    for (int blend = SPRITE_BLEND_ALPHA; blend <= SPRITE_BLEND_ADD; blend++) {
        buffer_init(&want, 3);
        ref_draw(&want, px, rects, n, (sprite_blend)blend);
        for (int isa = SPRITE_BLIT_SCALAR; isa <= (int)sprite_blit_best_isa(); isa++) {
            sprite_blit_set_isa((sprite_blit_isa)isa);
            CHECK_EQ_INT(sprite_blit_get_isa(), isa);
            buffer_init(&got, 3);
            sprite_blit_rects(atlas, &got.t, rects, n, (sprite_blend)blend);
            int diff = count_diff(&want, &got);
            if (diff)
                fprintf(stderr, "%s blend %d: %d pixels differ\n",
                        sprite_blit_isa_name((sprite_blit_isa)isa), blend, diff);
            CHECK_EQ_INT(diff, 0);
        }
    }
    sprite_blit_set_isa(sprite_blit_best_isa());
}

/* Real blending against fixed values: opaque replaces, clear keeps, and the
 * later of two overlapping sprites wins. */
static void test_order(const sprite_blit_atlas *atlas)
{
    static buffer b;
    buffer_init(&b, 5);
    /* The frame of the title 'I' has opaque pixels in its middle column. */
    int frame = atlas_glyph_frame(ATLAS_FONT_TITLE, 'I');
    atlas_rect f = atlas_frame_rect(frame);
    int cx = f.w / 2, cy = f.h / 2;
    const uint32_t *fp = atlas->pixels + atlas->frames[frame].offset;
    uint32_t opaque = fp[cy * f.w + cx];
    /* Synthetic pixels: find any opaque pixel of the frame. */
    for (int y = 0; y < f.h && (opaque >> 24) != 255; y++) {
        for (int x = 0; x < f.w && (opaque >> 24) != 255; x++) {
            opaque = fp[y * f.w + x];
            cx = x;
            cy = y;
        }
    }
    CHECK_EQ_INT(opaque >> 24, 255);
    int other = atlas_glyph_frame(ATLAS_FONT_TITLE, 'O');
    sprite_rect rects[2] = {{110, 60, (uint16_t)other, 0, 0}, {110, 60, (uint16_t)frame, 0, 0}};
    sprite_blit_rects(atlas, &b.t, rects, 2, SPRITE_BLEND_ALPHA);
    CHECK_EQ_U64(b.t.pixels[(10 + cy) * b.t.pitch + 10 + cx], opaque);
}

static void test_atlas_init(const uint32_t *px)
{
    sprite_blit_atlas a;
    CHECK(sprite_blit_atlas_init(&a, px, 16, 16, 16) != 0);
    int64_t live = mem_live_blocks();
    for (uint64_t n = 1; n <= 3; n++) {
        mem_fail_at(n);
        CHECK(sprite_blit_atlas_init(&a, px, atlas_width(), atlas_height(), atlas_width()) != 0);
        mem_fail_at(0);
        CHECK_EQ_INT(mem_live_blocks(), live);
    }
}

/* A faded layer: at full opacity it is the plain blit, bit for bit; at zero it
 * changes nothing; at half, an opaque sprite added onto black gives half its
 * premultiplied value, within a level. */
static void test_faded(const sprite_blit_atlas *atlas)
{
    static sprite_rect rects[256];
    int n = make_rects(rects, 256);
    static buffer want, got;
    for (int blend = SPRITE_BLEND_ALPHA; blend <= SPRITE_BLEND_ADD; blend++) {
        buffer_init(&want, 5);
        buffer_init(&got, 5);
        sprite_blit_rects(atlas, &want.t, rects, n, (sprite_blend)blend);
        sprite_blit_rects_faded(atlas, &got.t, rects, n, (sprite_blend)blend, 255);
        CHECK_EQ_INT(count_diff(&want, &got), 0);
        buffer_init(&want, 6);
        buffer_init(&got, 6);
        sprite_blit_rects_faded(atlas, &got.t, rects, n, (sprite_blend)blend, 0);
        CHECK_EQ_INT(count_diff(&want, &got), 0);
    }
    memset(got.all, 0, sizeof got.all);
    memset(want.all, 0, sizeof want.all);
    sprite_rect one = {(int16_t)(got.t.origin_x + 10), (int16_t)(got.t.origin_y + 10),
                       (uint16_t)atlas_sprite_frame(ATLAS_SPRITE_BOSS, 0), 0, 0};
    sprite_blit_rects(atlas, &want.t, &one, 1, SPRITE_BLEND_ADD);
    sprite_blit_rects_faded(atlas, &got.t, &one, 1, SPRITE_BLEND_ADD, 128);
    int worst = 0, lit = 0;
    for (size_t i = 0; i < sizeof got.all / sizeof got.all[0]; i++)
        for (int sh = 0; sh < 32; sh += 8) {
            int w = (int)(want.all[i] >> sh) & 255, g = (int)(got.all[i] >> sh) & 255;
            int e = abs(g - w / 2);
            worst = e > worst ? e : worst;
            lit += w > 0;
        }
    CHECK(lit > 100);
    CHECK(worst <= 1);
}

/* Many sprites (enough to be split) at random places over the buffer and
 * across its edges, or only in its top rows when `top`. */
static int make_crowd(sprite_rect *rects, int n, uint64_t seed, int top)
{
    const int frames[] = {
        atlas_bullet_frame(BULLET_SHAPE_ORB, BULLET_COLOR_RED, 0),
        atlas_bullet_frame(BULLET_SHAPE_ORB_SMALL, BULLET_COLOR_CYAN, 0),
        atlas_bullet_frame(BULLET_SHAPE_KUNAI, BULLET_COLOR_GREEN, 5),
        atlas_glyph_frame(ATLAS_FONT_TITLE, 'Q'),
    };
    rng r;
    rng_seed(&r, seed);
    for (int i = 0; i < n; i++) {
        int x = 100 - 40 + (int)(rng_next(&r) % (BUF_W + 60));
        int y = 50 - 40 + (int)(rng_next(&r) % (top ? 45 : BUF_H + 60));
        rects[i] = (sprite_rect){(int16_t)x, (int16_t)y, (uint16_t)frames[rng_next(&r) % 4], 0, 0};
    }
    return n;
}

/* Bands over 1 to 4 threads give the bits of one sprite_blit_rects (and of
 * one sprite_blit_rects_faded), for both blends, with the rects spread over
 * the buffer and crowded into its top; the guard bands stay untouched. */
static void test_bands(const sprite_blit_atlas *atlas)
{
    enum {
        N = 3 * SPRITE_BLIT_BAND_MIN
    };
    static sprite_rect rects[N];
    static buffer want, got;
    workers pools[4];
    for (int k = 0; k < 4; k++)
        CHECK(workers_init(&pools[k], k + 1) == 0);
    for (int top = 0; top < 2; top++) {
        int n = make_crowd(rects, N, 11 + (uint64_t)top, top);
        for (int blend = SPRITE_BLEND_ALPHA; blend <= SPRITE_BLEND_ADD; blend++) {
            for (int faded = 0; faded < 2; faded++) {
                buffer_init(&want, 9);
                if (faded)
                    sprite_blit_rects_faded(atlas, &want.t, rects, n, (sprite_blend)blend, 77);
                else
                    sprite_blit_rects(atlas, &want.t, rects, n, (sprite_blend)blend);
                for (int k = 0; k < 4; k++) {
                    buffer_init(&got, 9);
                    if (faded)
                        sprite_blit_rects_faded_workers(atlas, &got.t, rects, n,
                                                        (sprite_blend)blend, 77, &pools[k]);
                    else
                        sprite_blit_rects_workers(atlas, &got.t, rects, n, (sprite_blend)blend,
                                                  &pools[k]);
                    int diff = count_diff(&want, &got);
                    if (diff)
                        fprintf(stderr, "bands: %d threads, top %d, blend %d, faded %d: %d\n",
                                k + 1, top, blend, faded, diff);
                    CHECK_EQ_INT(diff, 0);
                }
            }
        }
    }
    /* The bounds: from 0 to the height, in order; for rects spread evenly over
     * the buffer the middle one near its middle, for rects crowded into its
     * top rows (above row 5) at most a bucket below them. */
    for (int top = 0; top < 2; top++) {
        int cn = make_crowd(rects, N, 11 + (uint64_t)top, top);
        for (int parts = 1; parts <= 4; parts++) {
            int bound[WORKERS_MAX + 1];
            sprite_blit_band_bounds(&want.t, rects, cn, parts, bound);
            CHECK_EQ_INT(bound[0], 0);
            CHECK_EQ_INT(bound[parts], BUF_H);
            for (int p = 0; p < parts; p++)
                CHECK(bound[p] <= bound[p + 1]);
            if (parts == 2 && !top)
                CHECK(bound[1] >= BUF_H / 4 && bound[1] <= 3 * BUF_H / 4);
            if (parts == 2 && top)
                CHECK(bound[1] <= 16);
        }
    }
    /* A NULL pool, and a layer too small to split, draw on the caller alike. */
    int n = make_crowd(rects, 100, 13, 0);
    buffer_init(&want, 4);
    buffer_init(&got, 4);
    sprite_blit_rects(atlas, &want.t, rects, n, SPRITE_BLEND_ALPHA);
    sprite_blit_rects_workers(atlas, &got.t, rects, n, SPRITE_BLEND_ALPHA, NULL);
    CHECK_EQ_INT(count_diff(&want, &got), 0);
    for (int k = 0; k < 4; k++)
        workers_free(&pools[k]);
}

int main(void)
{
    uint32_t *px = make_pixels();
    sprite_blit_atlas atlas;
    CHECK(sprite_blit_atlas_init(&atlas, px, atlas_width(), atlas_height(), atlas_width()) == 0);
    printf("best path: %s\n", sprite_blit_isa_name(sprite_blit_best_isa()));
    test_paths_match_reference(&atlas, px);
    test_order(&atlas);
    test_atlas_init(px);
    test_faded(&atlas);
    test_bands(&atlas);
    sprite_blit_atlas_free(&atlas);
    mem_free(px);
    return check_done("render.sprite_blit");
}
