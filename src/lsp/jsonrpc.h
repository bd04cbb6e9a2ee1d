/*
 * jsonrpc: the framing of the Language Server Protocol over a byte stream.
 *
 * A message is a header, lines "Name: value\r\n" ended by an empty line, then a
 * body of exactly Content-Length bytes (JSON, UTF-8). The reader takes bytes as
 * they come (any split) and hands out whole bodies. A header without a valid
 * Content-Length (none, "-1", not a number), or one longer than
 * JSONRPC_MAX_HEADER, is reported and skipped, and so is everything after it up
 * to the next "Content-Length:": whatever body the broken
 * header had is never read as a message, and the reader is in step again at
 * the next header (it resynchronises); a Content-Length over JSONRPC_MAX_BODY
 * is reported and resynchronised the same way, never waited for: a broken
 * client cannot make the server hold more than one body's limit, nor lose the
 * messages after a bad one.
 */
#ifndef CURTAIN_LSP_JSONRPC_H
#define CURTAIN_LSP_JSONRPC_H

#include <cjson/cJSON.h>
#include <stddef.h>
#include <stdio.h>

#define JSONRPC_MAX_HEADER 4096
/* A body: the largest pattern file (16 MiB) as a JSON string, with room for escapes. */
#define JSONRPC_MAX_BODY   (64u << 20)

typedef struct jsonrpc_reader {
    char *buf;
    size_t len, cap;
    size_t consumed; /* bytes of buf handed out by the last next() */
    int resync;      /* after a broken header: drop bytes up to the next "Content-Length:" */
} jsonrpc_reader;

void jsonrpc_reader_init(jsonrpc_reader *r);
void jsonrpc_reader_free(jsonrpc_reader *r);
/* Adds bytes; -1 when memory ran out (the bytes are lost, the reader resyncs). */
int jsonrpc_reader_push(jsonrpc_reader *r, const char *data, size_t n);
/* The next message: 1 with its body in *body and *len (valid until the next call),
 * 0 when more bytes are needed, -1 with the reason in err for a header that was
 * skipped (call again: more messages may follow). */
int jsonrpc_reader_next(jsonrpc_reader *r, const char **body, size_t *len, char *err,
                        size_t err_size);

/* cJSON_AddItemToObject and cJSON_AddItemToArray, except that an item which
 * cannot be added (memory ran out, or the container is NULL) is freed, not
 * leaked. 1 when added. */
int jsonrpc_put(cJSON *object, const char *key, cJSON *item);
int jsonrpc_push(cJSON *array, cJSON *item);

/* Writes one framed message; 0, or -1 if out failed. */
int jsonrpc_write(FILE *out, const char *body, size_t len);

#endif
