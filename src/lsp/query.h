/*
 * query: the questions an editor asks about the pattern files of a project
 * (lsp/project.h), answered as the Language Server Protocol's JSON results:
 * hover, completion, go to definition, find references, document symbols.
 *
 * Names come from the files' outlines (lsp/outline.h): declarations are shared
 * by every file of the project, parameters and variables belong to their
 * declaration. The language's own words are described by pattern/language/reference.h
 * and listed from the language's tables (statement and declaration words, fire
 * clauses, built-in values, math functions, shapes, colours), so a word the
 * language gains is offered without a change here.
 */
#ifndef CURTAIN_LSP_QUERY_H
#define CURTAIN_LSP_QUERY_H

#include "lsp/document.h"
#include "lsp/project.h"

#include <cjson/cJSON.h>

/* A Hover, or JSON null when there is nothing to say about the place. */
cJSON *query_hover(project *p, int file, size_t offset, document_encoding enc);
/* A CompletionItem[] for the place. */
cJSON *query_completion(project *p, int file, size_t offset);
/* A Location[] (empty when the name is not declared). */
cJSON *query_definition(project *p, int file, size_t offset, document_encoding enc);
/* A Location[] of every use of the name at offset (with its declaration when
 * include_decl), across the project for a declaration. */
cJSON *query_references(project *p, int file, size_t offset, int include_decl,
                        document_encoding enc);
/* A DocumentSymbol[]: declarations, with a boss's phases and a declaration's
 * parameters as children. */
cJSON *query_symbols(project *p, int file, document_encoding enc);

/* The most locations one references answer holds. */
#define QUERY_MAX_LOCATIONS 2000

#endif
