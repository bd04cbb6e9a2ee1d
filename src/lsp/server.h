/*
 * server: curtain's language server (the Language Server Protocol 3.17) for
 * pattern files and BulletML files, independent of how messages travel.
 *
 * The caller hands it each message body (JSON) as it arrives and the current
 * time; the server answers through `send` (a JSON body to frame and write).
 * Diagnostics are debounced: a change asks for the file's project to be
 * compiled LSP_DEBOUNCE_MS later (an open or a save: at once), and the caller
 * runs lsp_server_tick when lsp_server_due_ms says it is time. A compile is
 * exactly `curtain lint` of the project's files (lsp/project.h), and every
 * diagnostic is published on the file it is in, with lint's message.
 *
 * Everything the server allocates goes through core/mem.h (cJSON's hooks
 * included). A message that is not JSON-RPC gets a protocol error, never a crash.
 */
#ifndef CURTAIN_LSP_SERVER_H
#define CURTAIN_LSP_SERVER_H

#include <stddef.h>
#include <stdint.h>

#define LSP_DEBOUNCE_MS   150
/* The most files open at once; another opened is not followed (a notification gets no
 * answer): it is read from disk like a file not open. */
#define LSP_MAX_DOCUMENTS 256

typedef void (*lsp_send_fn)(void *ctx, const char *body, size_t len);

typedef struct lsp_server lsp_server;

/* NULL when memory ran out. */
lsp_server *lsp_server_create(lsp_send_fn send, void *ctx);
void lsp_server_destroy(lsp_server *s);

/* Handles one message body; now_ms is a monotonic clock in milliseconds. */
void lsp_server_handle(lsp_server *s, const char *body, size_t len, uint64_t now_ms);
/* Answers a message that could not even be framed (the reader's reason) with a
 * parse error. */
void lsp_server_reject(lsp_server *s, const char *why);
/* Milliseconds until a debounced compile is due (0: now), or -1 if none is waiting. */
int64_t lsp_server_due_ms(const lsp_server *s, uint64_t now_ms);
/* Runs the compiles that are due and publishes their diagnostics. */
void lsp_server_tick(lsp_server *s, uint64_t now_ms);
/* Whether `exit` arrived; *code is the process's exit status (0 after a shutdown). */
int lsp_server_finished(const lsp_server *s, int *code);

#endif
