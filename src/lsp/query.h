/*
 * query: the questions an editor asks about the pattern files of a project
 * (lsp/project.h), answered as the Language Server Protocol's JSON results:
 * hover, completion, go to definition, find references, document symbols,
 * rename, signature help and semantic tokens.
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

/* prepareRename: the Range of the name at offset when it can be renamed (a
 * declaration, parameter or variable of the modder's, or an art shape; in a
 * mod laid over the game's patterns, one the mod declares), else JSON null. */
cJSON *query_prepare_rename(project *p, int file, size_t offset, document_encoding enc);
/* rename: a WorkspaceEdit turning every use of the name at offset that means
 * what it means there (shadowing followed; named arguments of a parameter
 * included) into new_name, across the project's pattern files; NULL with *why
 * when it cannot be renamed or new_name is not a free name. */
cJSON *query_rename(project *p, int file, size_t offset, const char *new_name,
                    document_encoding enc, const char **why);
/* signatureHelp: the signature of the pattern, enemy, function or built-in
 * function whose call's parentheses hold offset, with the argument there
 * active; JSON null outside a call. */
cJSON *query_signature(project *p, int file, size_t offset);
/* semanticTokens/full: every token of the file the lexer reads, typed by the
 * word table and the project's declarations, with the comments; see
 * query_token_legend. */
cJSON *query_tokens(project *p, int file, document_encoding enc);
/* The SemanticTokensLegend query_tokens numbers its types and modifiers by. */
cJSON *query_token_legend(void);

/* The most locations one references answer holds. */
#define QUERY_MAX_LOCATIONS 2000

#endif
