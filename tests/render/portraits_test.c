/*
 * portraits: the story's characters as the game loads them (patterns/, with
 * their sheets in patterns/story/art/, drawn by tools/atlas/portraits.c).
 * Every ship and every boss and midboss of stages 1-3 names a character of
 * its own; each character has the expressions normal, smile, angry and
 * surprised, each a 256x384 bust that fills its frame (a figure, not a blank
 * or a smudge: enough opaque pixels and colours, clear at the top corners so
 * it stands free in the dialogue box); her expressions differ in the face and
 * nowhere much else, and no two characters look alike. The whole cast is laid
 * out on the portrait page (render/atlas.h). Sheets are written to the build
 * folder, side by side, for eyes.
 *
 * usage: test_render.portraits PATTERNS_DIR OUT_DIR
 */
#include "../check.h"
#include "core/mem.h"
#include "pattern/content/library.h"
#include "render/atlas.h"

#include <SDL.h>
#include <SDL_image.h>
#include <stdlib.h>
#include <string.h>

#define PW 256
#define PH 384

static const char *const expressions[] = {"normal", "smile", "angry", "surprised"};
#define NEXPR 4

/* The characters each ship and boss of stages 1-3 must name. */
static const struct {
    const char *who; /* a ship's or boss's declared name */
    const char *character;
} named[] = {
    {"hotaru", "hotaru"},    {"shirasagi", "shirasagi"}, {"s1_wick", "wick"},
    {"s1_kagari", "kagari"}, {"s2_suiren", "suiren"},    {"s2_minamo", "minamo"},
    {"s3_zenmai", "zenmai"}, {"s3_tokine", "tokine"},
};

/* One portrait's pixels (straight ARGB), cut from its sheet. */
static Uint32 *portrait_pixels(const library *lib, int shape)
{
    const art_shape *a = art_shape_of(lib->art, (int)lib->art_count, shape);
    CHECK(a && a->portrait && a->w == PW && a->h == PH);
    if (!a)
        return NULL;
    SDL_Surface *s = IMG_Load(a->sheet);
    SDL_Surface *argb = s ? SDL_ConvertSurfaceFormat(s, SDL_PIXELFORMAT_ARGB8888, 0) : NULL;
    CHECK(argb != NULL);
    Uint32 *px = argb ? mem_alloc(sizeof(Uint32) * PW * PH) : NULL;
    for (int y = 0; px && y < PH; y++)
        memcpy(px + y * PW, (Uint8 *)argb->pixels + (size_t)(a->y + y) * argb->pitch + a->x * 4,
               PW * 4);
    SDL_FreeSurface(argb);
    SDL_FreeSurface(s);
    return px;
}

/* Opaque pixels, and distinct colours (to 4 bits a channel) among them. */
static void census(const Uint32 *px, int *opaque, int *colours)
{
    static unsigned char seen[4096];
    memset(seen, 0, sizeof seen);
    *opaque = *colours = 0;
    for (int i = 0; i < PW * PH; i++) {
        if ((px[i] >> 24) < 200)
            continue;
        (*opaque)++;
        unsigned k = (px[i] >> 20 & 0xf) << 8 | (px[i] >> 12 & 0xf) << 4 | (px[i] >> 4 & 0xf);
        *colours += !seen[k];
        seen[k] = 1;
    }
}

/* Pixels of rows [y0, y1) that differ by more than 48 (channels summed). */
static long differ(const Uint32 *a, const Uint32 *b, int y0, int y1)
{
    long n = 0;
    for (int y = y0; y < y1; y++)
        for (int x = 0; x < PW; x++) {
            Uint32 p = a[y * PW + x], q = b[y * PW + x];
            int d = 0;
            for (int s = 0; s < 32; s += 8)
                d += abs((int)(p >> s & 255) - (int)(q >> s & 255));
            n += d > 48;
        }
    return n;
}

static void save(const char *dir, const char *name, Uint32 *const *px, int n)
{
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, PW * n, PH, 32, SDL_PIXELFORMAT_ARGB8888);
    for (int k = 0; s && k < n; k++)
        for (int y = 0; px[k] && y < PH; y++)
            memcpy((Uint8 *)s->pixels + (size_t)y * s->pitch + k * PW * 4, px[k] + y * PW, PW * 4);
    char path[1024];
    snprintf(path, sizeof path, "%s/portraits-%s.png", dir, name);
    if (s)
        IMG_SavePNG(s, path);
    SDL_FreeSurface(s);
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: %s PATTERNS_DIR OUT_DIR\n", argv[0]);
        return 2;
    }
    diag_list diags;
    diag_init(&diags);
    library *lib = library_load_dir(argv[1], NULL, &diags);
    diag_print(&diags, stderr);
    diag_free(&diags);
    CHECK(lib != NULL);
    if (!lib)
        return check_done("render.portraits");
    /* who names whom */
    for (size_t i = 0; i < sizeof named / sizeof named[0]; i++) {
        int ch = -1;
        int ship = library_find_ship(lib, named[i].who);
        if (ship >= 0)
            ch = lib->ships[ship].character;
        for (uint32_t b = 0; ship < 0 && b < lib->boss_count; b++)
            if (strcmp(lib->bosses[b].name, named[i].who) == 0)
                ch = lib->bosses[b].character;
        const character_info *c = library_character_at(lib, ch);
        CHECK(c && strcmp(c->name, named[i].character) == 0);
        if (!c)
            fprintf(stderr, "%s names no character %s\n", named[i].who, named[i].character);
    }
    /* every character: four expressions, each a figure, the face changing */
    static Uint32 *faces[CHARACTER_MAX][NEXPR];
    int chars = 0;
    for (uint32_t k = 0; k < lib->character_count && chars < CHARACTER_MAX; k++) {
        const character_info *c = &lib->characters[k];
        for (int e = 0; e < NEXPR; e++) {
            int shape = character_portrait_shape(c, expressions[e]);
            CHECK(shape >= 0 && character_expression(c, expressions[e]) == e);
            faces[chars][e] = shape >= 0 ? portrait_pixels(lib, shape) : NULL;
            if (!faces[chars][e])
                continue;
            int opaque = 0, colours = 0;
            census(faces[chars][e], &opaque, &colours);
            printf("%s %s: %d opaque pixels, %d colours\n", c->name, expressions[e], opaque,
                   colours);
            CHECK(opaque > PW * PH / 3 && opaque < PW * PH * 9 / 10);
            CHECK(colours >= 60);
            /* free at the top corners: she stands in the box, not in a frame */
            CHECK((faces[chars][e][2 * PW + 2] >> 24) == 0);
            CHECK((faces[chars][e][2 * PW + PW - 3] >> 24) == 0);
        }
        for (int e = 1; e < NEXPR; e++)
            if (faces[chars][0] && faces[chars][e]) {
                long face = differ(faces[chars][0], faces[chars][e], 130, 215);
                long below = differ(faces[chars][0], faces[chars][e], 240, PH);
                CHECK(face > 300);
                CHECK(below < face);
            }
        save(argv[2], c->name, faces[chars], NEXPR);
        chars++;
    }
    CHECK(chars >= 9);
    /* no two alike */
    for (int i = 0; i < chars; i++)
        for (int j = i + 1; j < chars; j++)
            if (faces[i][0] && faces[j][0])
                CHECK(differ(faces[i][0], faces[j][0], 0, PH) > PW * PH / 8);
    /* the cast fits the portrait page (every art shape laid out) */
    atlas_art_spec spec[ATLAS_ART_MAX_SHAPES];
    int n = (int)lib->art_count, failed = -1;
    CHECK(n <= ATLAS_ART_MAX_SHAPES);
    for (int k = 0; k < n && k < ATLAS_ART_MAX_SHAPES; k++) {
        const art_shape *a = &lib->art[k];
        spec[k] = (atlas_art_spec){a->w,     a->h,    a->turns, a->additive, a->frames,
                                   a->every, a->once, a->name,  a->portrait};
    }
    CHECK(atlas_art_layout(spec, n, &failed) == 0);
    printf("%d characters, %d art shapes: the portrait page %dx%d\n", chars, n, ATLAS_PORTRAIT_W,
           atlas_portrait_rows());
    atlas_art_clear();
    for (int i = 0; i < chars; i++)
        for (int e = 0; e < NEXPR; e++)
            mem_free(faces[i][e]);
    library_free(lib);
    return check_done("render.portraits");
}
