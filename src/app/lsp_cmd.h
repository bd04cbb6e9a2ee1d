/*
 * lsp_cmd: `curtain lsp`, the language server for editors (lsp/server.h) on
 * standard input and output.
 */
#ifndef CURTAIN_APP_LSP_CMD_H
#define CURTAIN_APP_LSP_CMD_H

int lsp_cmd_main(int argc, char **argv, int first, const char *command);

#endif
