/*
 * lsp_cmd: `curtain lsp`, a language server session (lsp/session.h) on
 * standard input and output. Standard output carries only the protocol.
 */
#include "app/lsp_cmd.h"

#include "app/cli.h"
#include "lsp/session.h"

#include <stdio.h>
#include <unistd.h>

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
    return session_run(STDIN_FILENO, stdout) == 0 ? CLI_EXIT_OK : CLI_EXIT_FAILURE;
}
