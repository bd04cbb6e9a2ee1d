/*
 * character: who speaks in a dialogue and whose portrait is shown
 * (docs/patterns.md, `character`).
 *
 *   character NAME {
 *       name "Display Name"
 *       colour R G B
 *       portrait EXPRESSION SHAPE      (one line per expression)
 *   }
 *
 * A portrait is an `art` shape (pattern/content/art.h; a `portrait` shape may be as
 * large as ART_MAX_PORTRAIT_W x ART_MAX_PORTRAIT_H); the expressions are named
 * by the author (normal, smile, angry...), the first one written is the
 * character's default. Bosses and ships name theirs (`character NAME`), and a
 * stage's `say` statements name the speaker and an expression. All of it is
 * presentation: nothing here enters the state hash or the content hash.
 *
 * The declarations of every loaded file become one table in the library
 * (library.characters); the lookups below are what the game, the viewer, the
 * language server and the renderer ask of it.
 */
#ifndef CURTAIN_PATTERN_CHARACTER_H
#define CURTAIN_PATTERN_CHARACTER_H

#include "pattern/content/art.h"
#include "pattern/language/arena.h"
#include "pattern/language/ast.h"
#include "pattern/language/diag.h"

#include <stdint.h>

/* Characters a library may declare, and expressions a character may have. */
#define CHARACTER_MAX             32
#define CHARACTER_MAX_EXPRESSIONS 8

typedef struct character_portrait {
    const char *expression; /* as the author names it */
    int shape;              /* its art shape's bullet shape id */
} character_portrait;

typedef struct character_info {
    const char *name;  /* as declared */
    const char *title; /* display name; the declared name when none is given */
    uint8_t rgb[3];    /* its colour: the name plate and the text's accent */
    character_portrait portraits[CHARACTER_MAX_EXPRESSIONS];
    int portrait_count; /* 0: the character speaks without a picture */
    const char *file;   /* where it is declared */
    uint32_t line, col;
} character_info;

/* The characters of every character declaration, in file order, into *out
 * (allocated in mem; NULL when there are none). Each portrait must name an art
 * shape of `art` (not a built-in bullet shape); duplicates, bad colours and
 * too many of either are reported, positioned, with a did-you-mean for an
 * unknown shape. Returns the number kept. */
struct library_file;
int character_collect(arena *mem, const struct library_file *files, int count,
                      ast_decl *const *decls, const art_shape *art, int art_count, diag_list *diags,
                      character_info **out);

/* The index of the character called name, or -1. */
int character_find(const character_info *chars, int count, const char *name);
/* The declared name nearest to name (a typo's), or NULL: for a did-you-mean. */
const char *character_suggest(const character_info *chars, int count, const char *name);

/* The index of c's expression (NULL: its default, the first), or -1. */
int character_expression(const character_info *c, const char *expression);
/* The expression name nearest to expression, or NULL. */
const char *character_suggest_expression(const character_info *c, const char *expression);
/* The art shape id of c's portrait for expression (NULL: the default); -1 when
 * c has no such expression or no portraits. */
int character_portrait_shape(const character_info *c, const char *expression);
/* The shape of expression index k (clamped to the ones it has); -1 if none. */
int character_portrait_at(const character_info *c, int k);

#endif
