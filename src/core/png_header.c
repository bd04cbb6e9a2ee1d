/*
 * png_header: the signature and IHDR of a PNG, read and checked. See png_header.h.
 */
#include "core/png_header.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static const unsigned char png_signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

/* A big-endian 32-bit number. */
static uint32_t png_be32(const unsigned char *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | (uint32_t)p[3];
}

/* Whether bit depth `depth` is allowed in colour type `type` (PNG 11.2.2). */
static int png_depth_ok(int type, int depth)
{
    switch (type) {
    case 0: return depth == 1 || depth == 2 || depth == 4 || depth == 8 || depth == 16;
    case 3: return depth == 1 || depth == 2 || depth == 4 || depth == 8;
    case 2:
    case 4:
    case 6: return depth == 8 || depth == 16;
    default: return 0;
    }
}

/* The first bytes of a file that is not a PNG, printable, for the reason. */
static void png_quote_start(const unsigned char *p, size_t size, char *out, size_t out_size)
{
    size_t n = 0;
    for (size_t i = 0; i < size && i < 8 && n + 1 < out_size; i++)
        out[n++] = isprint(p[i]) ? (char)p[i] : '.';
    out[n] = '\0';
}

int png_header_parse(const void *data, size_t size, png_header *h, char *why, size_t why_size)
{
    const unsigned char *p = data;
    *h = (png_header){0};
    if (size < sizeof png_signature || memcmp(p, png_signature, sizeof png_signature) != 0) {
        char start[16];
        png_quote_start(p, size, start, sizeof start);
        snprintf(why, why_size, "is not a PNG (it starts with '%s'; only PNG is read)", start);
        return -1;
    }
    if (size < PNG_HEADER_SIZE || png_be32(p + 8) != 13 || memcmp(p + 12, "IHDR", 4) != 0) {
        snprintf(why, why_size, "is a PNG without its header (IHDR) first");
        return -1;
    }
    h->width = png_be32(p + 16);
    h->height = png_be32(p + 20);
    h->bit_depth = p[24];
    h->colour_type = p[25];
    h->interlaced = p[28];
    if (h->width == 0 || h->height == 0 || h->width > 0x7fffffffu || h->height > 0x7fffffffu) {
        snprintf(why, why_size, "is a PNG of %" PRIu32 "x%" PRIu32 " pixels, which none can be",
                 h->width, h->height);
        return -1;
    }
    if (!png_depth_ok(h->colour_type, h->bit_depth) || p[26] != 0 || p[27] != 0 || p[28] > 1) {
        snprintf(why, why_size,
                 "is a PNG of bit depth %d in colour type %d (compression %d, filter %d, "
                 "interlace %d), which is not valid",
                 h->bit_depth, h->colour_type, p[26], p[27], p[28]);
        return -1;
    }
    return 0;
}

uint64_t png_header_decoded_bytes(const png_header *h)
{
    return (uint64_t)h->width * h->height * 4u;
}
