/*
 * parser: a pattern file's text to its syntax tree (ast.h), reporting every
 * syntax error (it resynchronises at the next statement or declaration).
 *
 * The grammar, one function per rule, is written above each function in
 * parser.c; docs/patterns.md is the reader's version.
 */
#ifndef CURTAIN_PATTERN_PARSER_H
#define CURTAIN_PATTERN_PARSER_H

#include "pattern/language/arena.h"
#include "pattern/language/ast.h"
#include "pattern/language/diag.h"

#include <stddef.h>

/* Parses one file. file is the index the declarations carry. Returns the list
 * of declarations (possibly partial after errors, which go to diags). */
ast_decl *parser_parse(arena *ar, diag_list *diags, const char *path, const char *src, size_t len,
                       int file);

/* The words a statement can start with (for "did you mean"), NULL-terminated:
 * pattern/language/words.h's statements and verb statements. */
extern const char *const parser_statement_words[];
/* The words a declaration can start with, NULL-terminated: pattern/language/words.h's
 * declarations. */
extern const char *const parser_decl_words[];
/* Whether a word is reserved (cannot name a variable, param or declaration). */
int parser_is_reserved(const char *word);

#endif
