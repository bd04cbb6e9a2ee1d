/*
 * credits: the staff roll's text, read from a file a mod can replace.
 *
 * After the ending of a run that cleared the game and its results, the staff
 * roll (ui/staff_roll.c) scrolls these lines over a backdrop with a theme
 * playing. The game's roll is patterns/staff.txt; a mod's own staff.txt (at the
 * top of its folder) is read instead. The file is text, a line a directive:
 *
 *     # a comment; blank lines are ignored
 *     music title              the theme that plays under the roll (a theme's name)
 *     backdrop dusk            the backdrop it scrolls over (built-in or declared)
 *     title curtain            a heading, in the large letters
 *     role Programming         a role, in pink
 *     name the curtain developers   a name under it, in white
 *     line made with SDL2      a smaller line of text
 *     gap 2                    blank rows (1 without a number, at most CREDITS_GAP_MAX)
 *     end Thank you for playing!   the last line: it stops in the middle of the field
 *
 * `music` and `backdrop` come once each, before the roll's first line; nothing
 * follows `end`. Text is the rest of the line (spaces around it trimmed), at
 * most CREDITS_TEXT_SIZE - 1 bytes. A file that breaks a rule is refused with
 * "file:line:col: message" (the game then goes on without the roll); the
 * bounds (CREDITS_LINES entries, CREDITS_FILE_MAX bytes) hold whatever the file.
 */
#ifndef CURTAIN_GAME_CREDITS_H
#define CURTAIN_GAME_CREDITS_H

#include <stddef.h>
#include <stdint.h>

#define CREDITS_FILE_NAME "staff.txt"
#define CREDITS_LINES     160        /* entries a roll holds */
#define CREDITS_TEXT_SIZE 72         /* an entry's text, with its terminator */
#define CREDITS_WORD_SIZE 32         /* a theme's or backdrop's name, with its terminator */
#define CREDITS_GAP_MAX   20         /* blank rows one `gap` asks for at most */
#define CREDITS_FILE_MAX  (64 << 10) /* bytes a staff roll file may have */

/* clang-format off */
#define CREDITS_KINDS(X)                                  \
    X(TITLE, "title", "a heading, in the large letters") \
    X(ROLE,  "role",  "a role, in pink")                 \
    X(NAME,  "name",  "a name under its role")           \
    X(LINE,  "line",  "a smaller line of text")          \
    X(GAP,   "gap",   "blank rows")                      \
    X(END,   "end",   "the last line, held in the middle")
/* clang-format on */

typedef enum credits_kind {
#define CREDITS_ENUM(id, word, doc) CREDITS_##id,
    CREDITS_KINDS(CREDITS_ENUM)
#undef CREDITS_ENUM
    CREDITS_KIND_COUNT
} credits_kind;

typedef struct credits_entry {
    uint8_t kind; /* credits_kind */
    uint8_t rows; /* CREDITS_GAP: blank rows */
    char text[CREDITS_TEXT_SIZE];
} credits_entry;

typedef struct credits {
    credits_entry entries[CREDITS_LINES];
    int count;
    char music[CREDITS_WORD_SIZE];    /* "" none named */
    char backdrop[CREDITS_WORD_SIZE]; /* "" none named */
    int backdrop_line, backdrop_col;  /* where the backdrop is named (for an error) */
    char path[256];                   /* the file read (for errors) */
} credits;

/* The directive word of a kind ("title", ...). */
const char *credits_kind_word(credits_kind k);

/* Reads a roll from text (size bytes, named path in errors) into *c. Returns
 * 0, or -1 with "path:line:col: message" in err (c then holds no entries). */
int credits_parse(credits *c, const char *path, const char *text, size_t size, char *err,
                  size_t err_size);

/* The roll of a game: mod_dir's staff.txt when the mod has one, else
 * patterns_dir's. Returns 0, or -1 with the positioned error (or the reason
 * the file cannot be read) in err. */
int credits_load(credits *c, const char *patterns_dir, const char *mod_dir, char *err,
                 size_t err_size);

#endif
