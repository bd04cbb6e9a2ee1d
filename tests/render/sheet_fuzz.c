/*
 * sheet_fuzz: the libFuzzer target of a mod's sheet loader, through SDL_image.
 * Any bytes are a sheet in a mod's folder, read by atlas_texture_read_sheet as
 * every sheet is: refused with a reason (not a PNG, a header claiming more than
 * ART_SHEET_MAX_SIDE a side, a damaged picture), or decoded to a picture no
 * larger than its bound, never a crash and never more memory than the bound
 * (the header is checked before a byte is decoded).
 *
 * Built with clang and -DCURTAIN_FUZZ=ON as fuzz_sheet; its corpus,
 * tests/render/fuzz/sheet/ (headers claiming 30000x30000 pixels, a palette
 * bomb's header, an SVG and a JPEG named .png, damaged and valid PNGs), is
 * replayed by ctest with any compiler (render.sheet_fuzz_corpus).
 */
#define _XOPEN_SOURCE 700 /* mkdtemp */
#include "pattern/content/art.h"
#include "render/atlas_texture.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char sheet_dir[64] = "/tmp/curtain-sheet-fuzz-XXXXXX";
static char sheet_path[128];

/* Removes the sheet and its folder at exit. */
static void sheet_fuzz_clean(void)
{
    unlink(sheet_path);
    rmdir(sheet_dir);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!sheet_path[0]) {
        if (!mkdtemp(sheet_dir))
            abort();
        snprintf(sheet_path, sizeof sheet_path, "%s/sheet.png", sheet_dir);
        atexit(sheet_fuzz_clean);
    }
    FILE *f = fopen(sheet_path, "wb");
    if (!f || fwrite(data, 1, size, f) != size || fclose(f) != 0)
        abort();
    uint64_t total = 0;
    char why[512] = "";
    SDL_Surface *s = atlas_texture_read_sheet(sheet_path, sheet_dir, &total, why, sizeof why);
    if (s) {
        if (s->w < 1 || s->h < 1 || s->w > ART_SHEET_MAX_SIDE || s->h > ART_SHEET_MAX_SIDE ||
            (uint64_t)s->w * (uint64_t)s->h * 4u != total ||
            s->format->format != SDL_PIXELFORMAT_ARGB8888)
            abort();
        SDL_FreeSurface(s);
    } else if (!why[0]) {
        abort(); /* a refusal always says why */
    }
    return 0;
}
