/*
 * diag: the diagnostics of the pattern compiler (and of the BulletML importer).
 *
 * Each diagnostic is formatted when it is reported, so it outlives the source:
 *
 *     patterns/spiral.pat:12:9: unknown name 'angel' (did you mean 'angle'?)
 *         fire orb at angel
 *                     ^
 *
 * Warnings read "file:line:col: warning: ...". Every error of a file is kept (up
 * to DIAG_MAX; the rest are counted). Formatting needs memory; when it fails the
 * error is still counted and `oom` is set.
 */
#ifndef CURTAIN_PATTERN_DIAG_H
#define CURTAIN_PATTERN_DIAG_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define DIAG_MAX 200

/* Every diagnostic the pattern compiler gives, by id (tests/pattern/errors/ has
 * one file per id that triggers it).   id  severity  what */
/* clang-format off */
#define PATTERN_DIAGNOSTICS(X)                                                            \
    X(OTHER,              DIAG_ERROR,   "a diagnostic from outside the pattern compiler")  \
    X(OTHER_WARNING,      DIAG_WARNING, "a warning from outside the pattern compiler")   \
    X(FILE_READ,          DIAG_ERROR,   "a file cannot be read")                          \
    X(OUT_OF_MEMORY,      DIAG_ERROR,   "memory ran out while loading")                   \
    X(INTERNAL,           DIAG_ERROR,   "the compiler built a program the VM refuses")    \
    X(BAD_NUMBER,         DIAG_ERROR,   "a number followed by letters, or too large")     \
    X(UNTERMINATED_STRING, DIAG_ERROR,  "a string without its closing quote")             \
    X(BAD_CHARACTER,      DIAG_ERROR,   "a character that is not part of the language")   \
    X(EXPECTED,           DIAG_ERROR,   "something else was expected here")               \
    X(EXPECTED_DECL,      DIAG_ERROR,   "a file's top level holds declarations only")     \
    X(RESERVED_NAME,      DIAG_ERROR,   "a reserved word used as a name")                 \
    X(CHAINED_COMPARISON, DIAG_ERROR,   "a < b < c")                                      \
    X(ASSIGN_IN_EXPR,     DIAG_ERROR,   "'=' where '==' was meant")                       \
    X(UNKNOWN_CLAUSE,     DIAG_ERROR,   "an unknown word in a fire statement")            \
    X(UNKNOWN_STATEMENT,  DIAG_ERROR,   "a line that starts with no statement word")      \
    X(DECL_IN_BLOCK,      DIAG_ERROR,   "a declaration inside a block")                   \
    X(TOO_DEEP,           DIAG_ERROR,   "nesting deeper than the parser allows")          \
    X(STRAY_BRACE,        DIAG_ERROR,   "a '}' with no block to close")                   \
    X(DUPLICATE_NAME,     DIAG_ERROR,   "two declarations with one name")                 \
    X(BUILTIN_NAME,       DIAG_ERROR,   "a constant named like a built-in value")         \
    X(DUPLICATE_LOCAL,    DIAG_ERROR,   "two variables with one name in one block")       \
    X(UNKNOWN_NAME,       DIAG_ERROR,   "a name that is not defined")                     \
    X(UNKNOWN_FUNCTION,   DIAG_ERROR,   "a call of a function that does not exist")       \
    X(UNKNOWN_PATTERN,    DIAG_ERROR,   "run/thread/fire run of an unknown pattern")      \
    X(UNKNOWN_ENEMY,      DIAG_ERROR,   "spawn of an unknown enemy")                      \
    X(UNKNOWN_BOSS,       DIAG_ERROR,   "boss/midboss of an unknown boss")                \
    X(WRONG_KIND,         DIAG_ERROR,   "a name used as the wrong kind of thing")         \
    X(ARG_COUNT,          DIAG_ERROR,   "too many arguments, or a function's wrong count") \
    X(UNKNOWN_ARG,        DIAG_ERROR,   "a named argument the pattern does not have")     \
    X(DUPLICATE_ARG,      DIAG_ERROR,   "one argument given twice")                       \
    X(MISSING_ARG,        DIAG_ERROR,   "an argument without a default left out")         \
    X(UNKNOWN_SHAPE,      DIAG_ERROR,   "a bullet shape that does not exist")             \
    X(UNKNOWN_COLOUR,     DIAG_ERROR,   "a bullet colour that does not exist")            \
    X(DUPLICATE_CLAUSE,   DIAG_ERROR,   "one fire clause given twice")                    \
    X(CONFLICTING_FORM,   DIAG_ERROR,   "ring, arc and spread together")                  \
    X(LASER_CLAUSE,       DIAG_ERROR,   "a fire clause that does not apply to this shot") \
    X(NOT_CONSTANT,       DIAG_ERROR,   "a const or default that needs the running game") \
    X(CONST_CYCLE,        DIAG_ERROR,   "constants defined through each other")           \
    X(ASSIGN_CONST,       DIAG_ERROR,   "an assignment to a constant")                    \
    X(ASSIGN_BUILTIN,     DIAG_ERROR,   "an assignment to a built-in value")              \
    X(BREAK_OUTSIDE_LOOP, DIAG_ERROR,   "break or continue outside a loop")               \
    X(TOO_MANY_LOCALS,    DIAG_ERROR,   "more variables than a frame can hold")           \
    X(TOO_LARGE,          DIAG_ERROR,   "a loop or program too long to encode")           \
    X(NO_PHASES,          DIAG_ERROR,   "a boss without phases")                          \
    X(TOO_MANY_PHASES,    DIAG_ERROR,   "a boss with more phases than the game supports") \
    X(DUPLICATE_PROPERTY, DIAG_ERROR,   "a boss or phase property given twice")           \
    X(ENEMY_ONLY,         DIAG_ERROR,   "an enemy's statement in a bullet's script")      \
    X(UNKNOWN_LOOK,       DIAG_ERROR,   "an enemy or boss look that names no sprite")     \
    X(FUNCTION_STATEMENT, DIAG_ERROR,   "a wait, fire, run... in a function")               \
    X(RETURN_OUTSIDE,     DIAG_ERROR,   "return outside a function")                      \
    X(ARRAY_MISUSE,       DIAG_ERROR,   "an array's size, index or use that cannot work")  \
    X(UNKNOWN_EASE,       DIAG_ERROR,   "an 'over' tween's ease that does not exist")     \
    X(HANDLE_MISUSE,      DIAG_ERROR,   "a handle or group used as a number, or for what it cannot do") \
    X(HOOK_OUTSIDE,       DIAG_ERROR,   "on cancel, graze or vanish outside a bullet's script") \
    X(LOOP_NEVER_WAITS,   DIAG_WARNING, "a loop that can never wait: a runaway script")   \
    X(UNUSED_VARIABLE,    DIAG_WARNING, "a variable that is never read")                  \
    X(DIVISION_BY_ZERO,   DIAG_WARNING, "a constant division by zero")                    \
    X(EMPTY_VOLLEY,       DIAG_WARNING, "a ring, arc, spread or stack of no bullets")     \
    X(CLAUSE_ON_NEW_LINE, DIAG_WARNING, "speed/spin/accel/velocity/run starting a line inside a fire") \
    X(UNKNOWN_BACKDROP,   DIAG_ERROR,   "a background or spell_background that names no backdrop") \
    X(BACKGROUND_PLACE,   DIAG_ERROR,   "a background statement outside a stage's own block") \
    X(BAD_ART,            DIAG_ERROR,   "an art sheet or shape that cannot be drawn") \
    X(UNKNOWN_SOUND,      DIAG_ERROR,   "a sound that is no built-in effect nor a sound file") \
    X(BAD_SOUND,          DIAG_ERROR,   "a sound file that cannot be played (outside its folder, damaged, too many)") \
    X(BAD_BACKDROP,       DIAG_ERROR,   "a backdrop declaration, layer or sheet that cannot be drawn") \
    X(UNKNOWN_CHARACTER,  DIAG_ERROR,   "a character or expression that is not declared") \
    X(CHARACTER_NOT_GIVEN, DIAG_WARNING, "a character named where the files given declare none") \
    X(BAD_CHARACTER_DECL, DIAG_ERROR,   "a character declaration that cannot be shown") \
    X(SHOW_PLACE,         DIAG_ERROR,   "an effect, flash, tint, shake or cutin where it cannot be shown") \
    X(MATH_DOMAIN,        DIAG_ERROR,   "log, pow or tan of constants it has no result for") \
    X(BAD_ITEM,           DIAG_ERROR,   "an item declaration that cannot be given or drawn")
/* clang-format on */

typedef enum diag_code {
#define DIAG_CODE_ENUM(id, severity, what) DIAG_##id,
    PATTERN_DIAGNOSTICS(DIAG_CODE_ENUM)
#undef DIAG_CODE_ENUM
    DIAG_CODE_COUNT
} diag_code;

typedef enum diag_severity {
    DIAG_ERROR,
    DIAG_WARNING,
} diag_severity;

typedef struct diag {
    diag_severity severity;
    diag_code code;
    char *path;
    uint32_t line, col;
    char *text; /* the whole formatted diagnostic, lines included, ending in '\n' */
} diag;

typedef struct diag_list {
    diag items[DIAG_MAX];
    int count;
    int errors, warnings; /* all reported, stored or not */
    int oom;
} diag_list;

void diag_init(diag_list *d);
void diag_free(diag_list *d);

/* Reports diagnostic `code` (its severity comes from the table) at
 * path:line:col; source (may be NULL) is the file's text, for the quoted line
 * and the caret. */
void diag_report(diag_list *d, diag_code code, const char *path, const char *source,
                 size_t source_len, uint32_t line, uint32_t col, const char *fmt, ...)
    __attribute__((format(printf, 8, 9)));

/* Writes "    <the line>\n    <spaces>^\n" into buf (truncated to fit; returns
 * the length it needed): line `text` of a source with a caret under column col
 * (1-based, in characters, as the lexer and expat count them: a UTF-8 sequence
 * of several bytes is one). Bytes that are not valid UTF-8 show as '?' (one
 * column each), control characters as spaces (tabs stay, so the caret lines
 * up). */
size_t diag_quote_line(char *buf, size_t size, const char *text, size_t text_len, uint32_t col);

/* The id's name ("UNKNOWN_NAME") and severity. */
const char *diag_code_name(diag_code code);
diag_severity diag_code_severity(diag_code code);

/* Orders the stored diagnostics by file (in order of first appearance), line
 * and column: the parser and the compiler report in different passes. */
void diag_sort(diag_list *d);

/* Writes every stored diagnostic, then "N errors" if some were not stored. */
void diag_print(const diag_list *d, FILE *out);
/* The same into a buffer (truncated to fit); returns the length it needed. */
size_t diag_format(const diag_list *d, char *buf, size_t size);

/* The candidate closest to name (edit distance, small enough to be a typo), or NULL. */
const char *diag_suggest(const char *name, const char *const *candidates, int count);

#endif
