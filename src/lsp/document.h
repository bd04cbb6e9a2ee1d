/*
 * document: a file's text as the editor sees it, and the conversions between
 * the three ways of naming a place in it: a byte offset, the pattern lexer's
 * line and column (1-based, a UTF-8 character per column: what diagnostics
 * print), and the Language Server Protocol's position (0-based line and
 * character, counted in UTF-16 code units, or in bytes when the client agreed
 * to UTF-8).
 */
#ifndef CURTAIN_LSP_DOCUMENT_H
#define CURTAIN_LSP_DOCUMENT_H

#include <stddef.h>
#include <stdint.h>

typedef struct document_pos {
    uint32_t line, character; /* the protocol's: 0-based */
} document_pos;

/* Whether positions count UTF-16 code units (the protocol's default) or bytes. */
typedef enum document_encoding {
    DOCUMENT_UTF16,
    DOCUMENT_UTF8,
} document_encoding;

/* The byte offset of the start of line (0-based); len if past the end. */
size_t document_line_start(const char *text, size_t len, uint32_t line);
/* The protocol position of a byte offset. */
document_pos document_pos_of(const char *text, size_t len, size_t offset, document_encoding enc);
/* The byte offset of a protocol position (clamped to its line and the text). */
size_t document_offset_of(const char *text, size_t len, document_pos pos, document_encoding enc);
/* The byte offset of the lexer's line:col (1-based, characters). */
size_t document_offset_of_col(const char *text, size_t len, uint32_t line, uint32_t col);
/* Whether c can be part of a name (letters, digits, '_'). */
int document_is_name_char(char c);
/* The name around offset: its start and length (0 if there is none). */
size_t document_word_at(const char *text, size_t len, size_t offset, size_t *start);

/* Walks a text forward, turning increasing offsets into positions in time
 * proportional to the distance moved (a list of places in one file). */
typedef struct document_cursor {
    const char *text;
    size_t len, offset;
    document_pos pos;
    document_encoding enc;
} document_cursor;

void document_cursor_init(document_cursor *c, const char *text, size_t len, document_encoding enc);
/* The position of offset (moving back starts again from the top). */
document_pos document_cursor_pos(document_cursor *c, size_t offset);

/* A file:// URI's path, percent-decoded, into out; 0, or -1 for another scheme
 * or one that does not fit. */
int document_uri_to_path(const char *uri, char *out, size_t size);
/* The file:// URI of an absolute path, percent-encoded; 0, or -1 if it does not fit. */
int document_path_to_uri(const char *path, char *out, size_t size);

#endif
