/*
 * session: the server's read-answer loop over streams. See session.h.
 */
#include "lsp/session.h"

#include "core/clock.h"
#include "lsp/jsonrpc.h"
#include "lsp/server.h"

#include <errno.h>
#include <poll.h>
#include <unistd.h>

static void session_send(void *ctx, const char *body, size_t len)
{
    jsonrpc_write(ctx, body, len);
}

static uint64_t session_now_ms(void)
{
    return clock_now_ns() / 1000000u;
}

/* Hands every whole message in the reader to the server. */
static void session_drain(jsonrpc_reader *r, lsp_server *s)
{
    const char *body;
    size_t len;
    char err[160];
    int rc;
    while ((rc = jsonrpc_reader_next(r, &body, &len, err, sizeof err)) != 0) {
        if (rc < 0)
            lsp_server_reject(s, err);
        else
            lsp_server_handle(s, body, len, session_now_ms());
    }
}

/* Waits for input, or until the next debounced compile is due; then reads. */
static int session_step(int in, jsonrpc_reader *r, lsp_server *s)
{
    int64_t due = lsp_server_due_ms(s, session_now_ms());
    struct pollfd p = {in, POLLIN, 0};
    int ready = poll(&p, 1, due < 0 ? -1 : (int)(due > 60000 ? 60000 : due));
    if (ready < 0 && errno != EINTR)
        return -1;
    if (ready > 0) {
        char buf[65536];
        ssize_t n = read(in, buf, sizeof buf);
        if (n < 0 && errno == EINTR)
            return 0;
        if (n <= 0)
            return -1;
        if (jsonrpc_reader_push(r, buf, (size_t)n) != 0)
            lsp_server_reject(s, "out of memory reading a message");
        session_drain(r, s);
    }
    lsp_server_tick(s, session_now_ms());
    return 0;
}

int session_run(int in, FILE *out)
{
    lsp_server *s = lsp_server_create(session_send, out);
    if (!s)
        return 1;
    jsonrpc_reader r;
    jsonrpc_reader_init(&r);
    int code = 1;
    while (!lsp_server_finished(s, &code) && session_step(in, &r, s) == 0)
        ;
    jsonrpc_reader_free(&r);
    lsp_server_destroy(s);
    return code;
}
