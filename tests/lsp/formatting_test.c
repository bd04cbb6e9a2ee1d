/*
 * formatting: textDocument/formatting in an in-process session. The server
 * advertises it; a buffer not laid out gets one edit over the whole text whose
 * new text is `curtain fmt`'s (the range's end counted in UTF-16 past a
 * non-ASCII comment); a laid-out buffer gets no edit; one that does not lex
 * gets null; a BulletML file gets null. Then the session again with each
 * allocation failing in turn: no crash, no leak, no half-made edit.
 */
#include "../check.h"
#include "core/mem.h"
#include "lsp/server.h"

#include <cjson/cJSON.h>

static cJSON *answers[16];
static int half_edits;

static void fmt_receive(void *ctx, const char *body, size_t len)
{
    (void)ctx;
    cJSON *msg = cJSON_ParseWithLength(body, len);
    if (!msg)
        return; /* out of memory while reading it back */
    const cJSON *id = cJSON_GetObjectItem(msg, "id");
    const cJSON *result = cJSON_GetObjectItem(msg, "result");
    const cJSON *e;
    if (cJSON_IsArray(result))
        cJSON_ArrayForEach(e, result)
        {
            const cJSON *range = cJSON_GetObjectItem(e, "range");
            if (!cJSON_IsString(cJSON_GetObjectItem(e, "newText")) ||
                !cJSON_GetObjectItem(cJSON_GetObjectItem(range, "end"), "character"))
                half_edits++;
        }
    if (cJSON_IsNumber(id) && id->valueint >= 0 && id->valueint < 16 && !answers[id->valueint])
        answers[id->valueint] = msg;
    else
        cJSON_Delete(msg);
}

#define OPEN(uri, text)                                \
    "{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/"  \
    "didOpen\",\"params\":{\"textDocument\":{\"uri\":" \
    "\"" uri "\",\"text\":\"" text "\"}}}"
#define FORMAT(id, uri)                                                                      \
    "{\"jsonrpc\":\"2.0\",\"id\":" #id ",\"method\":\"textDocument/formatting\",\"params\":" \
    "{\"textDocument\":{\"uri\":\"" uri "\"},\"options\":{\"tabSize\":2,\"insertSpaces\":true}}}"

static const char *const session[] = {
    "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"capabilities\":{}}}",
    OPEN("untitled:a.pat",
         "pattern p{\\n  fire orb red ring 8 at t*7   # \\u00e9t\\u00e9 \\ud83c\\udf38\\n}"),
    FORMAT(2, "untitled:a.pat"),
    OPEN("untitled:b.pat", "pattern p {\\n    wait 1\\n}\\n"),
    FORMAT(3, "untitled:b.pat"),
    OPEN("untitled:c.pat", "pattern p {\\n    print \\\"open\\n}\\n"),
    FORMAT(4, "untitled:c.pat"),
    OPEN("untitled:d.xml", "<bulletml>\\n</bulletml>\\n"),
    FORMAT(5, "untitled:d.xml"),
    "{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"textDocument/formatting\",\"params\":{}}",
    "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"shutdown\"}",
    "{\"jsonrpc\":\"2.0\",\"method\":\"exit\"}",
};
#define SESSION_COUNT ((int)(sizeof session / sizeof session[0]))

static void fmt_session(void)
{
    for (int i = 0; i < 16; i++) {
        cJSON_Delete(answers[i]);
        answers[i] = NULL;
    }
    lsp_server *s = lsp_server_create(fmt_receive, NULL);
    if (!s)
        return;
    for (int i = 0; i < SESSION_COUNT; i++)
        lsp_server_handle(s, session[i], strlen(session[i]), 1000);
    lsp_server_destroy(s);
}

static const cJSON *result_of(int id)
{
    return cJSON_GetObjectItem(answers[id], "result");
}

int main(void)
{
    fmt_session();
    const cJSON *caps = cJSON_GetObjectItem(result_of(1), "capabilities");
    CHECK(cJSON_IsTrue(cJSON_GetObjectItem(caps, "documentFormattingProvider")));
    /* one edit over the whole text: its end at line 2, character 1 */
    const cJSON *edits = result_of(2);
    CHECK(cJSON_IsArray(edits) && cJSON_GetArraySize(edits) == 1);
    const cJSON *edit = cJSON_GetArrayItem(edits, 0);
    const cJSON *range = cJSON_GetObjectItem(edit, "range");
    const cJSON *start = cJSON_GetObjectItem(range, "start"),
                *end = cJSON_GetObjectItem(range, "end");
    CHECK_EQ_INT(cJSON_GetObjectItem(start, "line")->valueint, 0);
    CHECK_EQ_INT(cJSON_GetObjectItem(start, "character")->valueint, 0);
    CHECK_EQ_INT(cJSON_GetObjectItem(end, "line")->valueint, 2);
    CHECK_EQ_INT(cJSON_GetObjectItem(end, "character")->valueint, 1);
    const cJSON *text = cJSON_GetObjectItem(edit, "newText");
    CHECK(cJSON_IsString(text) &&
          strcmp(text->valuestring,
                 "pattern p {\n    fire orb red ring 8 at t * 7 # \xc3\xa9t\xc3\xa9 "
                 "\xf0\x9f\x8c\xb8\n}\n") == 0);
    /* laid out already: no edit */
    CHECK(cJSON_IsArray(result_of(3)) && cJSON_GetArraySize(result_of(3)) == 0);
    /* an unterminated string, a BulletML file: null */
    CHECK(cJSON_IsNull(result_of(4)));
    CHECK(cJSON_IsNull(result_of(5)));
    /* no textDocument: invalid params */
    CHECK_EQ_INT(cJSON_GetObjectItem(cJSON_GetObjectItem(answers[6], "error"), "code")->valueint,
                 -32602);
    CHECK_EQ_INT(half_edits, 0);
    for (int i = 0; i < 16; i++) {
        cJSON_Delete(answers[i]);
        answers[i] = NULL;
    }

    int64_t live = mem_live_blocks();
    uint64_t before = mem_get_stats().allocs;
    fmt_session();
    uint64_t allocations = mem_get_stats().allocs - before;
    for (int i = 0; i < 16; i++) {
        cJSON_Delete(answers[i]);
        answers[i] = NULL;
    }
    for (uint64_t n = 1; n <= allocations + 1; n++) {
        mem_fail_at(n);
        fmt_session();
        mem_fail_at(0);
        for (int i = 0; i < 16; i++) {
            cJSON_Delete(answers[i]);
            answers[i] = NULL;
        }
        if (mem_live_blocks() != live) {
            fprintf(stderr, "failing allocation %llu left %lld blocks\n", (unsigned long long)n,
                    (long long)(mem_live_blocks() - live));
            CHECK(0);
            break;
        }
    }
    CHECK_EQ_INT(half_edits, 0);
    printf("%llu allocations failed in turn\n", (unsigned long long)allocations);
    return check_done("lsp.formatting");
}
