/*
 * png_header: what a PNG says about itself before a byte of it is decoded.
 *
 * A picture handed to a decoder is trusted with memory and time in proportion
 * to the size its header claims (a 69-byte file may claim 30000x30000 pixels).
 * The header is the signature and the first chunk, IHDR, 33 bytes in all: this
 * module reads and checks them, so a caller can refuse what is not a PNG (an
 * SVG, a JPEG named .png: no decoder gets to guess) and what is too large,
 * before decoding anything.
 */
#ifndef CURTAIN_CORE_PNG_HEADER_H
#define CURTAIN_CORE_PNG_HEADER_H

#include <stddef.h>
#include <stdint.h>

/* The signature and the IHDR chunk: the first PNG_HEADER_SIZE bytes of a PNG. */
#define PNG_HEADER_SIZE 33

typedef struct png_header {
    uint32_t width, height; /* pixels, 1 .. 2^31 - 1 */
    int bit_depth;          /* 1, 2, 4, 8 or 16, as the colour type allows */
    int colour_type;        /* 0 grey, 2 RGB, 3 palette, 4 grey+alpha, 6 RGBA */
    int interlaced;         /* Adam7 */
} png_header;

/* Reads the header from the first size bytes of a file into *h. Returns 0, or
 * -1 with the reason in why ("not a PNG (it starts with '<svg')", "a PNG of
 * bit depth 3 in colour type 2") when the bytes are not the start of a PNG
 * whose header is valid. */
int png_header_parse(const void *data, size_t size, png_header *h, char *why, size_t why_size);

/* The bytes its pixels take decoded to 32 bits each (width x height x 4). */
uint64_t png_header_decoded_bytes(const png_header *h);

#endif
