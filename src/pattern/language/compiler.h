/*
 * compiler: syntax trees of pattern files (ast.h) to VM code (program.h), with
 * name resolution across files, constant folding and the semantic checks. The
 * library module drives it; see library.h for the public side.
 */
#ifndef CURTAIN_PATTERN_COMPILER_H
#define CURTAIN_PATTERN_COMPILER_H

#include "pattern/content/library.h"
#include "pattern/language/arena.h"
#include "pattern/language/ast.h"
#include "pattern/language/diag.h"
#include "pattern/vm/program.h"

/* A function some other front end compiled, callable by name (BulletML files). */
typedef struct compiler_import {
    const char *name;
    uint32_t func;
    int file; /* index into the input's files */
} compiler_import;

typedef struct compiler_input {
    const library_file *files;
    int nfiles;
    ast_decl *const *decls;   /* per file */
    const uint16_t *file_ids; /* per file: its index in the program's file table */
    const compiler_import *imports;
    int nimports;
} compiler_input;

/* Compiles every declaration into b and fills lib's entry and boss tables (in
 * lib->mem). Scratch memory comes from ar. Errors go to diags. */
void compiler_run(const compiler_input *in, program_builder *b, arena *ar, diag_list *diags,
                  library *lib);

/* The name of built-in value i (aim, x, rand, up, ...), or NULL past the last. */
const char *compiler_value_name(int i);
/* What a handle reads, member i (x, speed, alive, ...: b.x), or NULL past the last. */
const char *compiler_member_name(int i);

#endif
