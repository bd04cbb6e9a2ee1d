/*
 * lsp_host: a language server session on standard input and output without the
 * rest of `curtain` (the executable needs SDL): what test lsp.session drives
 * in a build with -DCURTAIN_SDL=OFF.
 */
#include "lsp/session.h"
#include "pattern/bulletml/bulletml_import.h"

#include <unistd.h>

int main(void)
{
    bulletml_import_register();
    return session_run(STDIN_FILENO, stdout);
}
