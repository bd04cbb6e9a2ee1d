/*
 * outline: the names a pattern file declares, found from its tokens (the
 * pattern lexer's), so that a file broken anywhere still gives every
 * declaration the lexer can see: declarations (the parser's declaration words:
 * pattern, enemy, boss, stage, const, ...), a boss's phases, parameters, and the
 * variables a declaration's body makes (`var NAME`, `as NAME`). Each symbol has
 * the byte range of its name and of its whole declaration, and the comment
 * lines right above it (its documentation).
 */
#ifndef CURTAIN_LSP_OUTLINE_H
#define CURTAIN_LSP_OUTLINE_H

#include <stddef.h>
#include <stdint.h>

typedef enum outline_kind {
    OUTLINE_DECL,  /* a top-level declaration; `keyword` says which */
    OUTLINE_PHASE, /* a phase of a boss */
    OUTLINE_PARAM, /* a parameter of a declaration */
    OUTLINE_LOCAL, /* var NAME, repeat/loop ... as NAME */
} outline_kind;

#define OUTLINE_NAME_MAX 64

typedef struct outline_symbol {
    outline_kind kind;
    char keyword[16];            /* the declaration word: "pattern", "const", ... */
    char name[OUTLINE_NAME_MAX]; /* phases: their title, or "phase N" */
    size_t name_start, name_len; /* the name's bytes (a phase: its keyword) */
    size_t start, end;           /* the whole declaration (a param/local: its name) */
    size_t head_end;             /* the declaration's header ends here (before '{') */
    size_t doc_start, doc_end;   /* the comment lines above it; equal if none */
    int parent;                  /* the declaration a phase/param/local is in; -1 */
    int nparams;                 /* declarations: how many parameters */
    int spell;                   /* phases: a spell card (`spell` in its head) */
} outline_symbol;

/* The most symbols of one file; past it, the rest are left out (a broken or
 * generated file can hold any number of names). */
#define OUTLINE_MAX 8192

typedef struct outline {
    outline_symbol *symbols;
    int count, cap;
    int failed; /* memory ran out while building */
} outline;

/* Finds the symbols of text; 0, or -1 when memory ran out (then count is 0). */
int outline_build(outline *o, const char *text, size_t len);
void outline_free(outline *o);
/* The innermost declaration whose range holds offset, or -1. */
int outline_decl_at(const outline *o, size_t offset);
/* A parameter or local named name visible at offset (in the same declaration
 * and, for a local, declared before it), or -1. */
int outline_local_at(const outline *o, const char *text, size_t offset, const char *name,
                     size_t name_len);
/* The top-level declaration named name, or -1. */
int outline_find_decl(const outline *o, const char *name, size_t name_len);

/* Calls found(ctx, start, len) for every name token of text that spells name
 * (not inside comments or strings); returns how many. */
int outline_each_name(const char *text, size_t len, const char *name, size_t name_len,
                      void (*found)(void *ctx, size_t start, size_t len), void *ctx);

#endif
