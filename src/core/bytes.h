/*
 * bytes: little-endian binary encoding with bounds checks, for file formats.
 *
 * A writer grows its buffer through core/mem and remembers a failure instead of
 * reporting each one; a reader never reads past its end and remembers an overrun.
 * Check `failed` once at the end.
 */
#ifndef CURTAIN_CORE_BYTES_H
#define CURTAIN_CORE_BYTES_H

#include <stddef.h>
#include <stdint.h>

typedef struct byte_writer {
    unsigned char *data;
    size_t len, cap;
    int failed; /* out of memory at some point: data is incomplete */
} byte_writer;

typedef struct byte_reader {
    const unsigned char *data;
    size_t len, pos;
    int failed; /* tried to read past the end */
} byte_reader;

/* Starts an empty writer with room for initial_cap bytes (0 is fine). */
void byte_writer_init(byte_writer *w, size_t initial_cap);
void byte_writer_free(byte_writer *w);
void bytes_put_raw(byte_writer *w, const void *data, size_t size);
void bytes_put_u8(byte_writer *w, uint8_t v);
void bytes_put_u16(byte_writer *w, uint16_t v);
void bytes_put_u32(byte_writer *w, uint32_t v);
void bytes_put_u64(byte_writer *w, uint64_t v);

void byte_reader_init(byte_reader *r, const void *data, size_t len);
/* Bytes left to read. */
size_t bytes_left(const byte_reader *r);
/* Copies size bytes out (zeros when past the end). */
void bytes_get_raw(byte_reader *r, void *out, size_t size);
uint8_t bytes_get_u8(byte_reader *r);
uint16_t bytes_get_u16(byte_reader *r);
uint32_t bytes_get_u32(byte_reader *r);
uint64_t bytes_get_u64(byte_reader *r);

#endif
