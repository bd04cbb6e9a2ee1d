/*
 * atlas_gen: draws curtain's texture atlas and writes it with its frame table.
 *
 *   atlas_gen OUT.png OUT_TABLE.h
 *   atlas_gen --icon SIZE OUT.png      the application icon, SIZE x SIZE pixels
 *
 * Every frame is listed (bullets: each shape in each colour, pre-rotated over
 * ATLAS_ANGLE_STEPS headings when the shape turns with its heading; the named
 * sprites of render/atlas_sprites.h with their animation frames; the glyphs of
 * each font), packed on shelves, drawn by the art shaders, and saved as a PNG
 * through SDL2_image. The table says where each frame lies; the renderer
 * includes it. The output is deterministic: the same bytes on every run and
 * every build, which a ctest checks against the committed files.
 */
#include "art.h"

#include "core/mem.h"

#include <SDL.h>
#include <SDL_image.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../tool_args.h"

#define ATLAS_W           1024
#define ATLAS_ANGLE_STEPS 32
#define ATLAS_PAD         1 /* transparent pixels around every frame */
#define MAX_FRAMES        4096

typedef enum frame_kind {
    FRAME_BULLET,
    FRAME_SPRITE,
    FRAME_GLYPH,
} frame_kind;

typedef struct frame {
    frame_kind kind;
    int w, h;
    double angle;
    art_bullet bullet;
    art_sprite sprite;
    atlas_font font;
    int ch;
    int x, y; /* placed position of the frame's top-left (inside its padding) */
} frame;

typedef struct run {
    int first, count;
} run;

typedef struct atlas_plan {
    frame frames[MAX_FRAMES];
    int count;
    run bullets[BULLET_SHAPE_COUNT][BULLET_COLOR_COUNT];
    run sprites[ATLAS_SPRITE_COUNT];
    int glyph_first[ATLAS_FONT_COUNT];
    int height;
} atlas_plan;

static const int shape_rotates[BULLET_SHAPE_COUNT] = {
#define SHAPE_ROTATES(id, name, radius, rotates, size) rotates,
    BULLET_SHAPES(SHAPE_ROTATES)
#undef SHAPE_ROTATES
};
static const int shape_size[BULLET_SHAPE_COUNT] = {
#define SHAPE_SIZE(id, name, radius, rotates, size) size,
    BULLET_SHAPES(SHAPE_SIZE)
#undef SHAPE_SIZE
};
static const char *const sprite_names[ATLAS_SPRITE_COUNT] = {
#define SPRITE_NAME(id, name) name,
    ATLAS_SPRITES(SPRITE_NAME)
#undef SPRITE_NAME
};

static frame *plan_add(atlas_plan *plan, frame_kind kind, int w, int h)
{
    if (plan->count == MAX_FRAMES) {
        fprintf(stderr, "atlas_gen: more than %d frames\n", MAX_FRAMES);
        exit(1);
    }
    frame *f = &plan->frames[plan->count++];
    *f = (frame){.kind = kind, .w = w, .h = h};
    return f;
}

/* Lists every frame, in table order: bullets, named sprites, glyphs. */
static void plan_list(atlas_plan *plan)
{
    for (int s = 0; s < BULLET_SHAPE_COUNT; s++) {
        for (int c = 0; c < BULLET_COLOR_COUNT; c++) {
            int steps = shape_rotates[s] ? ATLAS_ANGLE_STEPS : 1;
            plan->bullets[s][c] = (run){plan->count, steps};
            for (int k = 0; k < steps; k++) {
                frame *f = plan_add(plan, FRAME_BULLET, shape_size[s], shape_size[s]);
                f->bullet = (art_bullet){(bullet_shape)s, (bullet_color)c, shape_size[s]};
                f->angle = k * (2.0 * PAINT_PI / ATLAS_ANGLE_STEPS);
            }
        }
    }
    for (int s = 0; s < ATLAS_SPRITE_COUNT; s++) {
        art_sprite_info info = art_sprite_info_of((atlas_sprite)s);
        plan->sprites[s] = (run){plan->count, info.frames};
        for (int k = 0; k < info.frames; k++) {
            frame *f = plan_add(plan, FRAME_SPRITE, info.w, info.h);
            f->sprite = (art_sprite){(atlas_sprite)s, k, info.frames};
            f->angle = k * info.spin_per_frame;
        }
    }
    for (int font = 0; font < ATLAS_FONT_COUNT; font++) {
        art_font_info info = art_font_info_of((atlas_font)font);
        plan->glyph_first[font] = plan->count;
        for (int ch = 0; ch < ATLAS_GLYPH_COUNT; ch++) {
            frame *f = plan_add(plan, FRAME_GLYPH, info.cell_w, info.cell_h);
            f->font = (atlas_font)font;
            f->ch = ATLAS_GLYPH_FIRST + ch;
        }
    }
}

/* Places frames on shelves, tallest first (ties in table order, so the layout
 * is the same every run). */
static void plan_pack(atlas_plan *plan)
{
    static int order[MAX_FRAMES];
    for (int i = 0; i < plan->count; i++)
        order[i] = i;
    /* Insertion sort: stable, and fast enough for a few thousand frames. */
    for (int i = 1; i < plan->count; i++) {
        int v = order[i], j = i;
        while (j > 0 && plan->frames[order[j - 1]].h < plan->frames[v].h) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = v;
    }
    int x = 0, y = 0, shelf_h = 0;
    for (int i = 0; i < plan->count; i++) {
        frame *f = &plan->frames[order[i]];
        int w = f->w + 2 * ATLAS_PAD, h = f->h + 2 * ATLAS_PAD;
        if (x + w > ATLAS_W) {
            x = 0;
            y += shelf_h;
            shelf_h = 0;
        }
        f->x = x + ATLAS_PAD;
        f->y = y + ATLAS_PAD;
        x += w;
        shelf_h = h > shelf_h ? h : shelf_h;
    }
    plan->height = (y + shelf_h + 15) / 16 * 16;
}

static void plan_draw(const atlas_plan *plan, uint8_t *pixels, int pitch)
{
    for (int i = 0; i < plan->count; i++) {
        const frame *f = &plan->frames[i];
        uint8_t *out = pixels + f->y * pitch + f->x * 4;
        switch (f->kind) {
        case FRAME_BULLET:
            paint_frame(out, pitch, f->w, f->h, f->angle, art_bullet_shade, &f->bullet);
            break;
        case FRAME_SPRITE:
            paint_frame(out, pitch, f->w, f->h, f->angle, art_sprite_shade, &f->sprite);
            break;
        case FRAME_GLYPH: art_glyph_draw(out, pitch, f->font, f->ch); break;
        }
    }
}

static int write_png(const char *path, uint8_t *pixels, int w, int h, int pitch)
{
    SDL_Surface *s =
        SDL_CreateRGBSurfaceWithFormatFrom(pixels, w, h, 32, pitch, SDL_PIXELFORMAT_RGBA32);
    if (!s) {
        fprintf(stderr, "atlas_gen: %s\n", SDL_GetError());
        return -1;
    }
    int rc = IMG_SavePNG(s, path);
    if (rc != 0)
        fprintf(stderr, "atlas_gen: cannot write %s: %s\n", path, IMG_GetError());
    SDL_FreeSurface(s);
    return rc;
}

static void write_runs(FILE *f, const run *runs, int n)
{
    for (int i = 0; i < n; i++)
        fprintf(f, "{%d, %d}%s", runs[i].first, runs[i].count, i + 1 < n ? ", " : "");
}

static int write_table(const char *path, const atlas_plan *plan)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "atlas_gen: cannot write %s\n", path);
        return -1;
    }
    fprintf(f, "/*\n"
               " * atlas_table: where every frame of assets/atlas.png lies.\n"
               " *\n"
               " * GENERATED by tools/atlas/atlas_gen.c with the picture itself: do not edit.\n"
               " * Regenerate both with `cmake --build build/release --target atlas`.\n"
               " * Included by render/atlas.c only.\n"
               " */\n"
               "#ifndef CURTAIN_RENDER_ATLAS_TABLE_H\n"
               "#define CURTAIN_RENDER_ATLAS_TABLE_H\n\n"
               "#include \"render/atlas_sprites.h\"\n"
               "#include \"sim/bullet_kind.h\"\n\n"
               "#include <stdint.h>\n\n");
    fprintf(f, "#define ATLAS_TABLE_W           %d\n", ATLAS_W);
    fprintf(f, "#define ATLAS_TABLE_H           %d\n", plan->height);
    fprintf(f, "#define ATLAS_TABLE_ANGLE_STEPS %d\n", ATLAS_ANGLE_STEPS);
    fprintf(f, "#define ATLAS_TABLE_FRAME_COUNT %d\n", plan->count);
    fprintf(f, "#define ATLAS_TABLE_SHAPES      %d\n", BULLET_SHAPE_COUNT);
    fprintf(f, "#define ATLAS_TABLE_COLORS      %d\n", BULLET_COLOR_COUNT);
    fprintf(f, "#define ATLAS_TABLE_SPRITES     %d\n", ATLAS_SPRITE_COUNT);
    fprintf(f, "#define ATLAS_TABLE_FONTS       %d\n\n", ATLAS_FONT_COUNT);
    fprintf(f, "/* A frame's rectangle in the picture, in pixels. */\n"
               "typedef struct atlas_table_rect {\n"
               "    uint16_t x, y, w, h;\n"
               "} atlas_table_rect;\n\n"
               "/* Consecutive frames: animation steps or pre-rotated headings. */\n"
               "typedef struct atlas_table_run {\n"
               "    uint16_t first, count;\n"
               "} atlas_table_run;\n\n"
               "/* A font: its first glyph frame (character 32), cell size and pen advance. */\n"
               "typedef struct atlas_table_font {\n"
               "    uint16_t first;\n"
               "    uint8_t cell_w, cell_h, advance, line_h;\n"
               "    int8_t origin_x, origin_y; /* where the pen sits inside a cell */\n"
               "} atlas_table_font;\n\n");
    fprintf(f, "/* The data below is written by the generator; clang-format leaves it as is. */\n"
               "/* clang-format off */\n");
    fprintf(f, "static const atlas_table_rect atlas_table_frames[ATLAS_TABLE_FRAME_COUNT] = {\n");
    for (int i = 0; i < plan->count; i++) {
        const frame *fr = &plan->frames[i];
        fprintf(f, "    {%d, %d, %d, %d},\n", fr->x, fr->y, fr->w, fr->h);
    }
    fprintf(f, "};\n\n");
    fprintf(f, "/* Per bullet shape and colour; a turning shape's frame k faces k steps\n"
               " * clockwise from +x. */\n"
               "static const atlas_table_run atlas_table_bullets[ATLAS_TABLE_SHAPES]"
               "[ATLAS_TABLE_COLORS] = {\n");
    for (int s = 0; s < BULLET_SHAPE_COUNT; s++) {
        fprintf(f, "    {");
        write_runs(f, plan->bullets[s], BULLET_COLOR_COUNT);
        fprintf(f, "},\n");
    }
    fprintf(f, "};\n\n");
    fprintf(f, "static const atlas_table_run atlas_table_sprites[ATLAS_TABLE_SPRITES] = {\n");
    for (int s = 0; s < ATLAS_SPRITE_COUNT; s++)
        fprintf(f, "    {%d, %d}, /* %s */\n", plan->sprites[s].first, plan->sprites[s].count,
                sprite_names[s]);
    fprintf(f, "};\n\n");
    fprintf(f, "static const atlas_table_font atlas_table_fonts[ATLAS_TABLE_FONTS] = {\n");
    for (int font = 0; font < ATLAS_FONT_COUNT; font++) {
        art_font_info info = art_font_info_of((atlas_font)font);
        fprintf(f, "    {%d, %d, %d, %d, %d, %d, %d},\n", plan->glyph_first[font], info.cell_w,
                info.cell_h, info.advance, info.line_h, info.origin, info.origin);
    }
    fprintf(f, "};\n/* clang-format on */\n\n#endif\n");
    int rc = ferror(f) ? -1 : 0;
    if (fclose(f) != 0)
        rc = -1;
    if (rc != 0)
        fprintf(stderr, "atlas_gen: error writing %s\n", path);
    return rc;
}

/* Draws the application icon (art_icon.c) at size x size into path. */
static int write_icon(int size, const char *path)
{
    int pitch = size * 4;
    uint8_t *pixels = mem_calloc((size_t)pitch * size, 1);
    if (!pixels) {
        fprintf(stderr, "atlas_gen: out of memory\n");
        return 1;
    }
    paint_frame(pixels, pitch, size, size, 0.0, art_icon_shade, &size);
    int rc = write_png(path, pixels, size, size, pitch);
    mem_free(pixels);
    return rc == 0 ? 0 : 1;
}

int main(int argc, char **argv)
{
    static const tool_usage usage = {
        "atlas_gen", "OUT.png OUT_TABLE.h | atlas_gen --icon SIZE OUT.png",
        "draws curtain's texture atlas (assets/atlas.png) and writes its frame table\n"
        "(src/render/atlas_table.h); --icon draws the application icon, SIZE x SIZE pixels",
        2, 2};
    if (tool_args_wants_help(argc, argv)) /* before --icon: never an icon named --help */
        return tool_args(argc, argv, &usage);
    if (argc == 4 && strcmp(argv[1], "--icon") == 0) {
        int size = atoi(argv[2]);
        if (size < 8 || size > 1024) {
            fprintf(stderr, "atlas_gen: icon size %s: expected 8 to 1024\n", argv[2]);
            return 2;
        }
        return write_icon(size, argv[3]);
    }
    int args = tool_args(argc, argv, &usage);
    if (args >= 0)
        return args;
    static atlas_plan plan;
    plan_list(&plan);
    plan_pack(&plan);
    int pitch = ATLAS_W * 4;
    uint8_t *pixels = mem_calloc((size_t)pitch * plan.height, 1);
    if (!pixels) {
        fprintf(stderr, "atlas_gen: out of memory\n");
        return 1;
    }
    plan_draw(&plan, pixels, pitch);
    int rc = write_png(argv[1], pixels, ATLAS_W, plan.height, pitch);
    if (rc == 0)
        rc = write_table(argv[2], &plan);
    mem_free(pixels);
    printf("atlas_gen: %d frames, %dx%d\n", plan.count, ATLAS_W, plan.height);
    return rc == 0 ? 0 : 1;
}
