/*
 * view_draw: the viewer's error box keeps whole diagnostics (a message and the
 * quoted lines under it) and says how many more there are when they do not all
 * fit, counting those the compile gave beyond the text it kept; its rows break
 * at spaces.
 */
#include "../check.h"
#include "app/view_draw.h"

#include <stdio.h>
#include <string.h>

/* n diagnostics of three rows each (message, quoted line, caret). */
static void vt_errors(char *out, size_t size, int n)
{
    out[0] = 0;
    for (int i = 0; i < n; i++) {
        size_t at = strlen(out);
        snprintf(out + at, size - at,
                 "p.pat:%d:9: unknown name 'x%d'\n    fire at x%d\n        ^\n", i + 1, i, i);
    }
}

int main(void)
{
    static char text[8192];
    int more = -1;
    /* All fit: all of it, nothing more. */
    vt_errors(text, sizeof text, 3);
    CHECK_EQ_INT(view_draw_fit_errors(text, 60, 9, 0, &more), strlen(text));
    CHECK_EQ_INT(more, 0);
    /* Ten in 24 rows: seven whole ones in the 23 above the "more" line, three more. */
    vt_errors(text, sizeof text, 10);
    size_t len = view_draw_fit_errors(text, 60, 24, 0, &more);
    CHECK_EQ_INT(more, 3);
    char seven[4096];
    vt_errors(seven, sizeof seven, 7);
    CHECK_EQ_INT(len, strlen(seven));
    CHECK(strncmp(text, seven, len) == 0);
    /* Exactly as many rows as there are: no "more" line needed. */
    vt_errors(text, sizeof text, 8);
    CHECK_EQ_INT(view_draw_fit_errors(text, 60, 24, 0, &more), strlen(text));
    CHECK_EQ_INT(more, 0);
    /* The compile gave more than the text holds: those count too. */
    vt_errors(text, sizeof text, 3);
    len = view_draw_fit_errors(text, 60, 24, 40, &more);
    CHECK_EQ_INT(len, strlen(text));
    CHECK_EQ_INT(more, 37);
    /* Narrow rows: wrapped lines take their rows (3 + 2 + 1 each at 10 columns). */
    vt_errors(text, sizeof text, 2);
    CHECK_EQ_INT(view_draw_fit_errors(text, 10, 12, 0, &more), strlen(text));
    CHECK_EQ_INT(more, 0);
    len = view_draw_fit_errors(text, 10, 11, 0, &more);
    CHECK_EQ_INT(more, 1);
    CHECK(len > 0 && text[len - 1] == '\n' && strncmp(text + len, "p.pat:2:", 8) == 0);
    /* A first diagnostic longer than the box is kept (the box cuts it). */
    vt_errors(text, sizeof text, 2);
    len = view_draw_fit_errors(text, 60, 2, 0, &more);
    CHECK_EQ_INT(more, 1);
    CHECK(strncmp(text + len, "p.pat:2:", 8) == 0);
    /* Rows break at spaces, not inside words; a word longer than a row is cut. */
    static const struct {
        const char *text;
        int cols;
        const char *rows[6];
    } wraps[] = {
        {"the quick brown fox", 10, {"the quick", "brown fox"}},
        {"the quick brown", 9, {"the quick", "brown"}},
        {"unbreakable words", 5, {"unbre", "akabl", "e", "words"}},
        {"a b\n  indented line", 10, {"a b", "  indented", "line"}},
        {"runaway script: more than", 14, {"runaway", "script: more", "than"}},
        {"ends here   \nnext", 9, {"ends here", "next"}},
    };
    for (size_t w = 0; w < sizeof wraps / sizeof wraps[0]; w++) {
        const char *s = wraps[w].text;
        int r = 0;
        while (*s && r < 6) {
            size_t next, n = view_draw_row(s, wraps[w].cols, 0, &next);
            const char *want = wraps[w].rows[r] ? wraps[w].rows[r] : "(none)";
            CHECK(n == strlen(want) && strncmp(s, want, n) == 0);
            CHECK(next > 0);
            s += next;
            r++;
        }
        int want_rows = 0;
        while (want_rows < 6 && wraps[w].rows[want_rows])
            want_rows++;
        CHECK_EQ_INT(r, want_rows);
    }
    /* A quoted source line and its caret are cut at the column, so the caret
     * stays under its character (column 14: the third of row 2 in both). */
    const char *quote = "    fire at undefined + 1", *caret = "              ^";
    size_t next1, next2;
    CHECK_EQ_INT(view_draw_row(quote, 12, 1, &next1), 12);
    CHECK_EQ_INT(view_draw_row(caret, 12, 1, &next2), 12);
    CHECK(next1 == 12 && next2 == 12 && quote[14] == 'd' && caret[14] == '^');
    /* The box counts rows as it wraps them: the first diagnostic takes 3 rows at
     * 10 columns (2 if cut anywhere), so the second does not fit in 3. */
    CHECK_EQ_INT(view_draw_fit_errors("aaaaaa bbbbbb ccccc\nx\n", 10, 3, 0, &more), 20);
    CHECK_EQ_INT(more, 1);
    return check_done("view_draw");
}
