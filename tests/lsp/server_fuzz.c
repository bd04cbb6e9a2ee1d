/*
 * server_fuzz: the libFuzzer target of the language server's message reader
 * and dispatch. Any bytes are what an editor wrote to `curtain lsp`: they are
 * framed by jsonrpc_reader in two pieces (split where the first byte says, so
 * that headers and bodies arrive cut anywhere), every message is handed to the
 * server, and the debounced compiles run. Nothing may crash, and every answer
 * the server writes must be JSON with "jsonrpc": "2.0".
 *
 * Built with clang and -DCURTAIN_FUZZ=ON as fuzz_lsp_server; its corpus,
 * tests/lsp/fuzz/server/, is replayed by ctest with any compiler
 * (lsp.server_fuzz_corpus). To fuzz: see docs/development.md, "Fuzzing".
 */
#include "lsp/jsonrpc.h"
#include "lsp/server.h"

#include <cjson/cJSON.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void server_fuzz_send(void *ctx, const char *body, size_t len)
{
    (void)ctx;
    cJSON *m = cJSON_ParseWithLength(body, len);
    const cJSON *v = cJSON_GetObjectItem(m, "jsonrpc");
    if (!m || !cJSON_IsString(v) || strcmp(v->valuestring, "2.0") != 0)
        abort();
    cJSON_Delete(m);
}

static void server_fuzz_drain(jsonrpc_reader *r, lsp_server *s, uint64_t *now)
{
    const char *body;
    size_t len;
    char err[160];
    int rc;
    while ((rc = jsonrpc_reader_next(r, &body, &len, err, sizeof err)) != 0) {
        if (rc < 0)
            lsp_server_reject(s, err);
        else
            lsp_server_handle(s, body, len, (*now)++);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    lsp_server *s = lsp_server_create(server_fuzz_send, NULL);
    if (!s)
        return 0;
    jsonrpc_reader r;
    jsonrpc_reader_init(&r);
    size_t cut = size ? data[0] % (size + 1) : 0;
    uint64_t now = 1;
    jsonrpc_reader_push(&r, (const char *)data, cut);
    server_fuzz_drain(&r, s, &now);
    jsonrpc_reader_push(&r, (const char *)data + cut, size - cut);
    server_fuzz_drain(&r, s, &now);
    lsp_server_tick(s, now + LSP_DEBOUNCE_MS + 1);
    jsonrpc_reader_free(&r);
    lsp_server_destroy(s);
    return 0;
}
