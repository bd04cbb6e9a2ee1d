/*
 * bytes: bounds-checked little-endian reading and writing (see bytes.h).
 */
#include "core/bytes.h"

#include "core/mem.h"

#include <string.h>

void byte_writer_init(byte_writer *w, size_t initial_cap)
{
    *w = (byte_writer){0};
    if (initial_cap) {
        w->data = mem_alloc(initial_cap);
        if (w->data)
            w->cap = initial_cap;
        else
            w->failed = 1;
    }
}

void byte_writer_free(byte_writer *w)
{
    mem_free(w->data);
    *w = (byte_writer){0};
}

/* Makes room for size more bytes; returns 0, or -1 after marking the writer failed. */
static int byte_writer_reserve(byte_writer *w, size_t size)
{
    if (w->failed)
        return -1;
    if (w->len + size <= w->cap)
        return 0;
    size_t cap = w->cap ? w->cap : 256;
    while (cap < w->len + size)
        cap *= 2;
    unsigned char *grown = mem_realloc(w->data, cap);
    if (!grown) {
        w->failed = 1;
        return -1;
    }
    w->data = grown;
    w->cap = cap;
    return 0;
}

void bytes_put_raw(byte_writer *w, const void *data, size_t size)
{
    if (size == 0 || byte_writer_reserve(w, size) != 0)
        return;
    memcpy(w->data + w->len, data, size);
    w->len += size;
}

/* Writes the low `size` bytes of v, least significant first. */
static void bytes_put_le(byte_writer *w, uint64_t v, int size)
{
    unsigned char buf[8];
    for (int i = 0; i < size; i++)
        buf[i] = (unsigned char)(v >> (8 * i));
    bytes_put_raw(w, buf, (size_t)size);
}

void bytes_put_u8(byte_writer *w, uint8_t v)
{
    bytes_put_le(w, v, 1);
}

void bytes_put_u16(byte_writer *w, uint16_t v)
{
    bytes_put_le(w, v, 2);
}

void bytes_put_u32(byte_writer *w, uint32_t v)
{
    bytes_put_le(w, v, 4);
}

void bytes_put_u64(byte_writer *w, uint64_t v)
{
    bytes_put_le(w, v, 8);
}

void byte_reader_init(byte_reader *r, const void *data, size_t len)
{
    *r = (byte_reader){.data = data, .len = len};
}

size_t bytes_left(const byte_reader *r)
{
    return r->len - r->pos;
}

void bytes_get_raw(byte_reader *r, void *out, size_t size)
{
    if (size > bytes_left(r)) {
        r->failed = 1;
        r->pos = r->len;
        memset(out, 0, size);
        return;
    }
    memcpy(out, r->data + r->pos, size);
    r->pos += size;
}

static uint64_t bytes_get_le(byte_reader *r, int size)
{
    unsigned char buf[8];
    bytes_get_raw(r, buf, (size_t)size);
    uint64_t v = 0;
    for (int i = size - 1; i >= 0; i--)
        v = v << 8 | buf[i];
    return v;
}

uint8_t bytes_get_u8(byte_reader *r)
{
    return (uint8_t)bytes_get_le(r, 1);
}

uint16_t bytes_get_u16(byte_reader *r)
{
    return (uint16_t)bytes_get_le(r, 2);
}

uint32_t bytes_get_u32(byte_reader *r)
{
    return (uint32_t)bytes_get_le(r, 4);
}

uint64_t bytes_get_u64(byte_reader *r)
{
    return bytes_get_le(r, 8);
}
