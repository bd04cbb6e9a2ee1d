/*
 * oom: the language server under allocation failure. A whole in-process
 * session (initialize, open a file with an error, hover, completion,
 * definition, references, symbols, an edit, the debounced compile, close,
 * shutdown) is run once to count its allocations, then again with the 1st,
 * 2nd, ... N-th allocation failing (core/mem.h, which cJSON goes through too).
 * Every run must end without a crash, every message the server still writes
 * must be JSON-RPC, and nothing may be left allocated.
 */
#include "../check.h"
#include "core/mem.h"
#include "lsp/server.h"

#include <cjson/cJSON.h>

static int bad_answers;

static void oom_receive(void *ctx, const char *body, size_t len)
{
    (void)ctx;
    /* checked without allocating: a message is one JSON object naming its version */
    if (len < 2 || body[0] != '{' || body[len - 1] != '}' || !strstr(body, "\"jsonrpc\":\"2.0\""))
        bad_answers++;
}

static const char *const session[] = {
    "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"capabilities\":{}}}",
    "{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/didOpen\",\"params\":{\"textDocument\":"
    "{\"uri\":\"untitled:oom.pat\",\"text\":\"# doc\\npattern p(n = 3) {\\n  fire orb red ring n "
    "at angel\\n  run p(n: 2)\\n}\\nboss b { phase \\\"X\\\" spell { run p } }\\n\"}}}",
    "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"textDocument/hover\",\"params\":{\"textDocument\":"
    "{\"uri\":\"untitled:oom.pat\"},\"position\":{\"line\":1,\"character\":9}}}",
    "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"textDocument/completion\",\"params\":"
    "{\"textDocument\":{\"uri\":\"untitled:oom.pat\"},\"position\":{\"line\":2,\"character\":11}}}",
    "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"textDocument/definition\",\"params\":"
    "{\"textDocument\":{\"uri\":\"untitled:oom.pat\"},\"position\":{\"line\":3,\"character\":7}}}",
    "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"textDocument/references\",\"params\":"
    "{\"textDocument\":{\"uri\":\"untitled:oom.pat\"},\"position\":{\"line\":1,\"character\":8},"
    "\"context\":{\"includeDeclaration\":true}}}",
    "{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"textDocument/documentSymbol\",\"params\":"
    "{\"textDocument\":{\"uri\":\"untitled:oom.pat\"}}}",
    "{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"textDocument/prepareRename\",\"params\":"
    "{\"textDocument\":{\"uri\":\"untitled:oom.pat\"},\"position\":{\"line\":1,\"character\":8}}}",
    "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"textDocument/rename\",\"params\":"
    "{\"textDocument\":{\"uri\":\"untitled:oom.pat\"},\"position\":{\"line\":1,\"character\":8},"
    "\"newName\":\"q\"}}",
    "{\"jsonrpc\":\"2.0\",\"id\":10,\"method\":\"textDocument/signatureHelp\",\"params\":"
    "{\"textDocument\":{\"uri\":\"untitled:oom.pat\"},\"position\":{\"line\":3,\"character\":8}}}",
    "{\"jsonrpc\":\"2.0\",\"id\":11,\"method\":\"textDocument/semanticTokens/full\",\"params\":"
    "{\"textDocument\":{\"uri\":\"untitled:oom.pat\"}}}",
    "{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/didChange\",\"params\":{\"textDocument\":"
    "{\"uri\":\"untitled:oom.pat\"},\"contentChanges\":[{\"text\":\"pattern p { fire orb }\"}]}}",
    "{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/didClose\",\"params\":{\"textDocument\":"
    "{\"uri\":\"untitled:oom.pat\"}}}",
    "{\"jsonrpc\":\"2.0\",\"id\":12,\"method\":\"shutdown\"}",
    "{\"jsonrpc\":\"2.0\",\"method\":\"exit\"}",
};
#define SESSION_COUNT ((int)(sizeof session / sizeof session[0]))

/* One session; returns whether it got to `exit`. */
static int oom_session(void)
{
    lsp_server *s = lsp_server_create(oom_receive, NULL);
    if (!s)
        return 0;
    uint64_t now = 1000;
    for (int i = 0; i < SESSION_COUNT; i++) {
        lsp_server_handle(s, session[i], strlen(session[i]), now);
        now += LSP_DEBOUNCE_MS + 1;
        lsp_server_tick(s, now);
    }
    int code = -1;
    int finished = lsp_server_finished(s, &code);
    lsp_server_destroy(s);
    return finished && code == 0;
}

int main(void)
{
    int64_t live = mem_live_blocks();
    uint64_t before = mem_get_stats().allocs;
    CHECK(oom_session() == 1);
    uint64_t allocations = mem_get_stats().allocs - before;
    CHECK_EQ_INT(bad_answers, 0);
    CHECK_EQ_INT(mem_live_blocks(), live);
    CHECK(allocations > 100);
    for (uint64_t n = 1; n <= allocations + 1; n++) {
        mem_fail_at(n);
        oom_session();
        mem_fail_at(0);
        if (mem_live_blocks() != live) {
            fprintf(stderr, "failing allocation %llu left %lld blocks\n", (unsigned long long)n,
                    (long long)(mem_live_blocks() - live));
            CHECK(0);
            break;
        }
    }
    CHECK_EQ_INT(bad_answers, 0);
    printf("%llu allocations failed in turn\n", (unsigned long long)allocations);
    return check_done("lsp.oom");
}
