/*
 * session: a language server's whole run over a pair of streams: read framed
 * messages from a file descriptor as they come (poll, so a debounced compile
 * runs while the editor is quiet), hand them to the server (lsp/server.h) and
 * write its answers, framed, to out. `curtain lsp` runs one on standard input
 * and output; nothing else may be written to out.
 */
#ifndef CURTAIN_LSP_SESSION_H
#define CURTAIN_LSP_SESSION_H

#include <stdio.h>

/* Runs until `exit` arrives or in ends (the editor went away). Returns the
 * process's exit status: 0 after shutdown and exit, 1 otherwise. */
int session_run(int in, FILE *out);

#endif
