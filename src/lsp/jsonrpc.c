/*
 * jsonrpc: the LSP's message framing. See jsonrpc.h.
 */
#include "lsp/jsonrpc.h"

#include "core/mem.h"

#include <stdlib.h>
#include <string.h>

void jsonrpc_reader_init(jsonrpc_reader *r)
{
    memset(r, 0, sizeof *r);
}

void jsonrpc_reader_free(jsonrpc_reader *r)
{
    mem_free(r->buf);
    memset(r, 0, sizeof *r);
}

/* Drops the first n bytes of the buffer. */
static void jsonrpc_reader_drop(jsonrpc_reader *r, size_t n)
{
    n = n < r->len ? n : r->len;
    if (n == 0)
        return;
    memmove(r->buf, r->buf + n, r->len - n);
    r->len -= n;
}

int jsonrpc_reader_push(jsonrpc_reader *r, const char *data, size_t n)
{
    if (n == 0)
        return 0;
    if (r->len + n > r->cap) {
        size_t ncap = r->cap ? r->cap : 4096;
        while (ncap < r->len + n)
            ncap *= 2;
        char *nbuf = mem_realloc(r->buf, ncap);
        if (!nbuf) {
            r->len = 0;
            return -1;
        }
        r->buf = nbuf;
        r->cap = ncap;
    }
    memcpy(r->buf + r->len, data, n);
    r->len += n;
    return 0;
}

/* The end of the header (the index after "\r\n\r\n"), or 0 if not there yet. */
static size_t jsonrpc_header_end(const jsonrpc_reader *r)
{
    size_t limit = r->len < JSONRPC_MAX_HEADER ? r->len : JSONRPC_MAX_HEADER;
    for (size_t i = 0; i + 3 < limit; i++)
        if (memcmp(r->buf + i, "\r\n\r\n", 4) == 0)
            return i + 4;
    return 0;
}

/* The Content-Length of a header of n bytes, or -1 if it has none or a bad one. */
static long long jsonrpc_content_length(const char *h, size_t n)
{
    static const char key[] = "content-length:";
    const size_t klen = sizeof key - 1;
    for (size_t i = 0; i + klen <= n; i++) {
        if (i > 0 && h[i - 1] != '\n')
            continue;
        size_t k = 0;
        while (k < klen && (h[i + k] | 0x20) == key[k])
            k++;
        if (k < klen)
            continue;
        size_t p = i + klen;
        while (p < n && h[p] == ' ')
            p++;
        long long v = 0;
        size_t digits = 0;
        while (p < n && h[p] >= '0' && h[p] <= '9' && digits < 12) {
            v = v * 10 + (h[p++] - '0');
            digits++;
        }
        return digits && p < n && h[p] == '\r' ? v : -1;
    }
    return -1;
}

/* Whether "Content-Length:" (any case) starts at h[i]. */
static int jsonrpc_is_length_field(const char *h, size_t n, size_t i)
{
    static const char key[] = "content-length:";
    const size_t klen = sizeof key - 1;
    if (i + klen > n)
        return 0;
    for (size_t k = 0; k < klen; k++)
        if ((h[i + k] | 0x20) != key[k])
            return 0;
    return 1;
}

/* After a broken header: drops the bytes before the next "Content-Length:"
 * (the next message's header, which follows the broken one's body with no
 * separator), keeping a tail that may be the start of one split across reads.
 * 1 when in step again. */
static int jsonrpc_resync(jsonrpc_reader *r)
{
    for (size_t i = 0; i < r->len; i++)
        if (jsonrpc_is_length_field(r->buf, r->len, i)) {
            jsonrpc_reader_drop(r, i);
            r->resync = 0;
            return 1;
        }
    size_t keep = r->len < 14 ? r->len : 14; /* "Content-Length" split across reads */
    jsonrpc_reader_drop(r, r->len - keep);
    return 0;
}

int jsonrpc_reader_next(jsonrpc_reader *r, const char **body, size_t *len, char *err,
                        size_t err_size)
{
    jsonrpc_reader_drop(r, r->consumed);
    r->consumed = 0;
    if (r->resync && !jsonrpc_resync(r))
        return 0;
    size_t hend = jsonrpc_header_end(r);
    if (!hend) {
        if (r->len < JSONRPC_MAX_HEADER)
            return 0;
        snprintf(err, err_size, "a message header longer than %d bytes", JSONRPC_MAX_HEADER);
        jsonrpc_reader_drop(r, 1); /* not at a header's start: resynchronise past it */
        r->resync = 1;
        return -1;
    }
    long long n = jsonrpc_content_length(r->buf, hend);
    if (n < 0) {
        snprintf(err, err_size,
                 "a message header without a valid Content-Length (its body, if any, is skipped "
                 "up to the next header)");
        jsonrpc_reader_drop(r, hend);
        r->resync = 1;
        return -1;
    }
    if ((unsigned long long)n > JSONRPC_MAX_BODY) {
        snprintf(err, err_size, "a message of %lld bytes (the most is %u)", n, JSONRPC_MAX_BODY);
        jsonrpc_reader_drop(r, hend);
        r->resync = 1; /* never waited for: its bytes go up to the next header */
        return -1;
    }
    if (r->len - hend < (size_t)n)
        return 0;
    *body = r->buf + hend;
    *len = (size_t)n;
    r->consumed = hend + (size_t)n;
    return 1;
}

int jsonrpc_write(FILE *out, const char *body, size_t len)
{
    if (fprintf(out, "Content-Length: %zu\r\n\r\n", len) < 0 || fwrite(body, 1, len, out) != len)
        return -1;
    return fflush(out) == 0 ? 0 : -1;
}

int jsonrpc_put(cJSON *object, const char *key, cJSON *item)
{
    if (object && item && cJSON_AddItemToObject(object, key, item))
        return 1;
    cJSON_Delete(item);
    return 0;
}

int jsonrpc_push(cJSON *array, cJSON *item)
{
    if (array && item && cJSON_AddItemToArray(array, item))
        return 1;
    cJSON_Delete(item);
    return 0;
}
