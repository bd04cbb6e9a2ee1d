/*
 * format: the one canonical layout of a pattern file (`curtain fmt`, the
 * language server's textDocument/formatting).
 *
 * Works from the lexer's tokens and the text between them, so nothing is lost:
 * every token is written as it was spelled and every comment is kept where it
 * was. The layout:
 * - a token never moves to another line; a run of blank lines becomes one, and
 *   the file has no blank lines at its start or end and ends with a newline;
 * - a line is indented 4 spaces per `{` open before it (a line starting with
 *   `}` one less), one level more while a `(` or `[` is open, no tabs;
 * - one space between tokens, none inside `( )` and `[ ]`, none before `,` and
 *   `;` or around `.` between names, none after a minus written as a sign
 *   (`-1`, `at -90`); a call's or an index's `(`/`[` after a name stays as
 *   written (`f(x)`, `fire at (a)`), since only the parser knows which it is;
 * - a comment on its own line is indented as the code around it; a comment
 *   after code keeps its column where the code leaves room (aligned comments
 *   stay aligned), one space after the code otherwise.
 * The layout is what passes reach when a pass changes nothing more (a column
 * lined up with a word that moved is dropped by the next pass), so formatting a
 * formatted text changes nothing, and the compiled program is the
 * same (tests/pattern/format_test.c checks both on every shipped file).
 */
#ifndef CURTAIN_PATTERN_FORMAT_H
#define CURTAIN_PATTERN_FORMAT_H

#include "pattern/language/diag.h"

#include <stddef.h>

/* The text src (len bytes; path names it in diagnostics) in the canonical
 * layout: a NUL-terminated mem_alloc'd text (free with mem_free), its length in
 * *out_len. NULL when the text does not lex cleanly (a bad character, an
 * unterminated string), nests blocks deeper than the parser reads, or would lay
 * out to over 8 times its size (a file is not rewritten then: the errors are in
 * diags), or when memory ran out (diags untouched). */
char *format_text(const char *path, const char *src, size_t len, size_t *out_len, diag_list *diags);

#endif
