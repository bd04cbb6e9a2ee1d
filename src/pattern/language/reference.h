/*
 * reference: what every word of the pattern language means, for the editor's
 * hover (`curtain lsp`): the rows of pattern/language/words.h's word table, and the
 * words made from other tables: shapes and colours from sim/bullet_kind.h (hit
 * radius, drawn size, whether the sprite turns with the bullet), the built-in
 * sound effects from sim/sound.h (what each sounds like).
 *
 * The test pattern.docs checks the table against the language's own lists (the
 * parser's statement and declaration words, the fire clauses, the compiler's
 * built-in values, the VM's math functions) and against docs/patterns.md's
 * Reference, so that a word the language gains without a row, or a row the
 * page does not show, fails a test.
 */
#ifndef CURTAIN_PATTERN_REFERENCE_H
#define CURTAIN_PATTERN_REFERENCE_H

#include <stddef.h>

/*            id           what the word is */
#define REFERENCE_KINDS(X)           \
    X(DECLARATION, "declaration")    \
    X(STATEMENT, "statement")        \
    X(CLAUSE, "fire clause")         \
    X(VALUE, "built-in value")       \
    X(FUNCTION, "built-in function") \
    X(WORD, "word")                  \
    X(SHAPE, "bullet shape")         \
    X(COLOUR, "bullet colour")       \
    X(SOUND, "sound effect")

typedef enum reference_kind {
#define REFERENCE_KIND_ENUM(id, what) REF_##id,
    REFERENCE_KINDS(REFERENCE_KIND_ENUM)
#undef REFERENCE_KIND_ENUM
    REF_KIND_COUNT
} reference_kind;

typedef struct reference_row {
    reference_kind kind;
    const char *word;
    const char *syntax;   /* how it is written, as docs/patterns.md shows it; NULL: made
                           * from operands (reference_syntax) */
    const char *doc;      /* what it does, one or two sentences */
    const char *operands; /* a verb statement's operands (pattern/language/words.h), else NULL */
    int where; /* a verb statement's words_where (pattern/language/words.h), else 0: anywhere */
} reference_row;

/* The rows, in the table's order; *count of them. */
const reference_row *reference_rows(int *count);
/* Every row of word (a word can be a statement, a clause and a value), written
 * into out as Markdown ("**statement** `speed EXPR [over EXPR]`: ...", one
 * paragraph each), shapes, colours and built-in sounds included. Returns the number of rows
 * written (0: the word is not the language's); out is truncated to fit. */
int reference_describe(const char *word, char *out, size_t size);
/* Whether word has a row of kind (shapes, colours and built-in sounds included). */
int reference_has(const char *word, reference_kind kind);
/* How a row's word is written ("speed EXPR [over EXPR]") into out; returns the
 * length it needed. */
size_t reference_syntax(const reference_row *row, char *out, size_t size);
const char *reference_kind_name(reference_kind kind);

#endif
