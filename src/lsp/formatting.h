/*
 * formatting: textDocument/formatting, `curtain fmt`'s layout
 * (pattern/language/format.h) for the editor's buffer.
 */
#ifndef CURTAIN_LSP_FORMATTING_H
#define CURTAIN_LSP_FORMATTING_H

#include "lsp/document.h"

#include <cjson/cJSON.h>
#include <stddef.h>

/* The answer for a document at path whose text is text (len bytes): the edits
 * that lay it out (one TextEdit replacing the whole text; none when it is laid
 * out already), or JSON null when it cannot be formatted (a bad character, an
 * unterminated string: its diagnostics say where) or is not a pattern file.
 * NULL when memory ran out. The client's options (tab size, spaces) are not
 * read: the layout is the one layout. */
cJSON *formatting_answer(const char *path, const char *text, size_t len, document_encoding enc);

#endif
