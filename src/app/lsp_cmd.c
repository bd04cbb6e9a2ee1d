/*
 * lsp_cmd: `curtain lsp`. Reads framed messages from standard input as they
 * come (poll, so a debounced compile runs while the editor is quiet), hands
 * them to the server and writes its answers to standard output. Standard
 * output carries only the protocol; nothing else is printed there.
 */
#include "app/lsp_cmd.h"

#include "app/cli.h"
#include "core/clock.h"
#include "lsp/jsonrpc.h"
#include "lsp/server.h"

#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <unistd.h>

static void lsp_cmd_send(void *ctx, const char *body, size_t len)
{
    (void)ctx;
    jsonrpc_write(stdout, body, len);
}

static uint64_t lsp_cmd_now_ms(void)
{
    return clock_now_ns() / 1000000u;
}

/* Hands every whole message in the reader to the server. */
static void lsp_cmd_drain(jsonrpc_reader *r, lsp_server *s)
{
    const char *body;
    size_t len;
    char err[160];
    int rc;
    while ((rc = jsonrpc_reader_next(r, &body, &len, err, sizeof err)) != 0) {
        if (rc < 0)
            lsp_server_reject(s, err);
        else
            lsp_server_handle(s, body, len, lsp_cmd_now_ms());
    }
}

/* The loop: until `exit`, or standard input ends (the editor went away). */
static int lsp_cmd_serve(lsp_server *s)
{
    static jsonrpc_reader reader;
    jsonrpc_reader_init(&reader);
    int code = 1;
    for (;;) {
        if (lsp_server_finished(s, &code))
            break;
        int64_t due = lsp_server_due_ms(s, lsp_cmd_now_ms());
        struct pollfd in = {STDIN_FILENO, POLLIN, 0};
        int ready = poll(&in, 1, due < 0 ? -1 : (int)(due > 60000 ? 60000 : due));
        if (ready < 0 && errno != EINTR)
            break;
        if (ready > 0) {
            char buf[65536];
            ssize_t n = read(STDIN_FILENO, buf, sizeof buf);
            if (n < 0 && errno == EINTR)
                continue;
            if (n <= 0)
                break;
            if (jsonrpc_reader_push(&reader, buf, (size_t)n) != 0)
                lsp_server_reject(s, "out of memory reading a message");
            lsp_cmd_drain(&reader, s);
        }
        lsp_server_tick(s, lsp_cmd_now_ms());
    }
    jsonrpc_reader_free(&reader);
    return code;
}

int lsp_cmd_main(int argc, char **argv, int first, const char *command)
{
    int stdio_flag = 0;
    const cli_option options[] = {
        {"stdio", CLI_FLAG, &stdio_flag, NULL,
         "talk over standard input and output (the only way; editors may pass it)", 0, 0},
    };
    cli_spec spec = {command, options, CLI_OPTION_COUNT(options), 0, 0, ""};
    if (cli_wants_help(argc, argv, first)) {
        printf("usage: curtain lsp\n\n"
               "The language server for editors (the Language Server Protocol 3.17, JSON-RPC\n"
               "on standard input and output) for pattern files (.pat) and BulletML files\n"
               "(.xml): curtain lint's errors and warnings as you type, across the library\n"
               "folder the file belongs to; hover documentation; completion; go to definition;\n"
               "find references; the outline. Editors start it themselves: see\n"
               "tools/editor/README.md.\n\nOptions:\n");
        cli_print_options(stdout, &spec);
        return CLI_EXIT_OK;
    }
    const char *positional[1];
    int npositional = 0;
    int rc = cli_parse(&spec, argc, argv, first, positional, &npositional);
    if (rc != CLI_EXIT_OK)
        return rc;
    lsp_server *s = lsp_server_create(lsp_cmd_send, NULL);
    if (!s) {
        fprintf(stderr, "curtain lsp: out of memory\n");
        return CLI_EXIT_FAILURE;
    }
    int code = lsp_cmd_serve(s);
    lsp_server_destroy(s);
    return code;
}
