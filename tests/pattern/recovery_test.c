/*
 * recovery: the errors a modder met (issue 31), each one positioned error for
 * one mistake, with what else is wrong still found and nothing cascading:
 * a misspelt art clause keeps its block's shapes; an unknown fire clause still
 * lets the volley's other conflicts be reported; a duplicate declaration's body
 * is checked, whatever the files' order; did-you-mean ranks every kind of name
 * together; a quoted colour is named as one.
 */
#include "../check.h"
#include "core/mem.h"
#include "pattern/content/library.h"

#include <string.h>

static diag_list diags;

/* Compiles the texts as files a.pat, b.pat...; returns the number of errors. */
static int compile_texts(const char *const *texts, int n)
{
    static const char *const names[] = {"a.pat", "b.pat", "c.pat"};
    library_file files[3];
    for (int i = 0; i < n && i < 3; i++)
        files[i] = (library_file){names[i], texts[i], strlen(texts[i])};
    diag_init(&diags);
    library *lib = library_compile(files, n, &diags);
    CHECK((lib == NULL) == (diags.errors > 0));
    library_free(lib);
    return diags.errors;
}

static int compile_text(const char *src)
{
    return compile_texts(&src, 1);
}

/* Whether a diagnostic at file:line:col contains want. */
static int has(const char *file, uint32_t line, uint32_t col, const char *want)
{
    for (int i = 0; i < diags.count; i++) {
        const diag *g = &diags.items[i];
        if (strcmp(g->path, file) == 0 && g->line == line && g->col == col && strstr(g->text, want))
            return 1;
    }
    fprintf(stderr, "wanted %s:%u:%u: %s; got:\n", file, line, col, want);
    diag_print(&diags, stderr);
    return 0;
}

/* `hitbx 3`: one error with did-you-mean; the shape and the block's other shapes
 * stay declared, so no file's uses say "unknown bullet shape". */
static void check_art_typo(void)
{
    const char *art = "art garden \"sheet.png\" {\n"
                      "    shape petal  frame 16 16 at 0 0  hitbx 3\n"
                      "    shape needle frame 24 8  at 16 0 hitbox 2 turns\n"
                      "}\n";
    const char *use = "pattern p {\n    fire petal ring 3\n    fire needle aim\n}\n";
    const char *texts[] = {art, use};
    CHECK_EQ_INT(compile_texts(texts, 2), 1);
    CHECK(has("a.pat", 2, 38, "unknown art clause 'hitbx' (did you mean 'hitbox'?)"));
    diag_free(&diags);
    /* a missing number: that one error, the shapes after it still read */
    const char *art2 = "art garden \"sheet.png\" {\n"
                       "    shape petal  frame 16 at 0 0  hitbox 3\n"
                       "    shape needle frame 24 8  at 16 0 hitbox 2 turns\n"
                       "}\n";
    const char *texts2[] = {art2, use};
    CHECK_EQ_INT(compile_texts(texts2, 2), 1);
    CHECK(has("a.pat", 2, 27, "expected the frame's height in pixels, found 'at'"));
    diag_free(&diags);
}

/* An unknown clause no longer hides the volley's other conflicts. */
static void check_unknown_clause(void)
{
    CHECK_EQ_INT(compile_text("pattern p {\n"
                              "    fire orb ring 3 arc 2 over 30 speeed 2 speed 1 speed 2\n"
                              "}\n"),
                 3);
    CHECK(has("a.pat", 2, 35, "unknown fire clause 'speeed' (did you mean 'speed'?)"));
    CHECK(has("a.pat", 2, 21, "'ring' and 'arc' cannot go together"));
    CHECK(has("a.pat", 2, 52, "'speed' is given twice"));
    diag_free(&diags);
}

/* Both bodies of a name declared twice are checked, in either order. */
static void check_duplicate_body(void)
{
    const char *one = "pattern p {\n    fire orb at nowhere1\n}\n";
    const char *two = "pattern p {\n    fire orb at nowhere2\n}\n"
                      "boss b {\n    phase \"x\" { wait 1 }\n}\n"
                      "boss b {\n    phase \"y\" { fire orb at nowhere3 }\n}\n";
    for (int order = 0; order < 2; order++) {
        const char *texts[] = {order ? two : one, order ? one : two};
        const char *f1 = order ? "b.pat" : "a.pat", *f2 = order ? "a.pat" : "b.pat";
        CHECK_EQ_INT(compile_texts(texts, 2), 5);
        CHECK(has(f1, 2, 17, "unknown name 'nowhere1'"));
        CHECK(has(f2, 2, 17, "unknown name 'nowhere2'"));
        CHECK(has(f2, 8, 29, "unknown name 'nowhere3'"));
        CHECK(has(f2, 7, 1, "'b' is already defined"));
        CHECK(has(order ? f1 : f2, 1, 1, "'p' is already defined"));
        diag_free(&diags);
    }
}

/* `angel` is nearer `angle` (a swap) than `accel`, whatever kind `angle` is. */
static void check_suggestions(void)
{
    CHECK_EQ_INT(compile_text("const angle = 3\npattern p {\n    fire orb at angel\n}\n"), 1);
    CHECK(has("a.pat", 3, 17, "unknown name 'angel' (did you mean 'angle'?)"));
    diag_free(&diags);
    CHECK_EQ_INT(compile_text("shared angle = 3\npattern p {\n    angel = 4\n}\n"), 1);
    CHECK(has("a.pat", 3, 5, "unknown variable 'angel' (did you mean 'angle'?)"));
    diag_free(&diags);
    CHECK_EQ_INT(compile_text("pattern p {\n    fire orb at angel\n}\n"), 1);
    CHECK(has("a.pat", 2, 17, "(did you mean 'angle'?)"));
    diag_free(&diags);
    /* as a fire clause: no 'accel' either, but the direction's own clause */
    CHECK_EQ_INT(compile_text("pattern p {\n    fire orb angel 30 speed 2\n}\n"), 1);
    CHECK(has("a.pat", 2, 14, "unknown fire clause 'angel' (a volley's direction is 'at'"));
    diag_free(&diags);
    CHECK_EQ_INT(compile_text("pattern p {\n    fire orb as h\n    fire orb at h.angel\n}\n"), 1);
    CHECK(has("a.pat", 3, 19, "a handle has no 'angel' (did you mean 'heading'?)"));
    diag_free(&diags);
    /* a swap is one edit; among names as far, the one of the same length */
    const char *cands[] = {"accel", "angle"};
    CHECK(strcmp(diag_suggest("angel", cands, 2), "angle") == 0);
    const char *cands2[] = {"spine", "spin"};
    CHECK(strcmp(diag_suggest("spie", cands2, 2), "spin") == 0);
}

/* `fire orb "red"`: one error naming the colour syntax; the clauses after it read. */
static void check_quoted_colour(void)
{
    CHECK_EQ_INT(compile_text("pattern p {\n    fire orb \"red\" speed 2\n}\n"), 1);
    CHECK(has("a.pat", 2, 14, "a colour is a bare word, without quotes: fire orb red"));
    diag_free(&diags);
    CHECK_EQ_INT(compile_text("pattern p {\n    fire \"blue\" speed 2\n}\n"), 1);
    CHECK(has("a.pat", 2, 10,
              "a colour is a bare word, without quotes, after the shape: fire "
              "orb blue"));
    diag_free(&diags);
}

/* A mod's own item kinds (issue 31): each mistake of a declaration one
 * positioned error with did-you-mean, the item still known to `drop` (no
 * cascade), a duplicate's `on collect` checked too; a declared kind is a
 * name `drop` suggests. */
static void check_item_kinds(void)
{
    const char *decl = "item gem {\n"
                       "    look pointt\n"
                       "    gives score 500 powr 0.1\n"
                       "}\n"
                       "item shard {\n"
                       "    gives bomb_piece 9 score 1.5\n"
                       "    on collect { fire orb at nowhere }\n"
                       "}\n";
    const char *use = "item gem { look star on collect { wait nowhere2 } }\n"
                      "item power { look star }\n"
                      "pattern p {\n    drop gem 2\n    drop shard\n    drop shrad\n}\n";
    const char *texts[] = {decl, use};
    CHECK_EQ_INT(compile_texts(texts, 2), 9);
    CHECK(has("a.pat", 2, 10, "unknown look 'pointt' (did you mean 'point'?)"));
    CHECK(has("a.pat", 3, 21, "unknown gift 'powr' (did you mean 'power'?)"));
    CHECK(has("a.pat", 6, 22, "an item gives 1 to 8 pieces"));
    CHECK(has("a.pat", 6, 30, "an item's score is a whole number"));
    CHECK(has("a.pat", 7, 30, "unknown name 'nowhere'"));
    CHECK(has("b.pat", 1, 1, "the item 'gem' is already declared, at a.pat:1"));
    CHECK(has("b.pat", 1, 40, "unknown name 'nowhere2'"));
    CHECK(has("b.pat", 2, 1, "'power' is a built-in item kind"));
    CHECK(has("b.pat", 6, 10, "unknown item kind 'shrad' (did you mean 'shard'?)"));
    diag_free(&diags);
    /* the look may be a sprite or an art shape; a gift given twice; too many kinds */
    CHECK_EQ_INT(compile_text("item a { look wisp gives power 0.5 power 1 }\n"), 1);
    CHECK(has("a.pat", 1, 36, "'power' is given twice"));
    diag_free(&diags);
    char many[8192] = "";
    size_t at = 0;
    for (int k = 0; k <= ITEM_DECLARED_MAX; k++)
        at += (size_t)snprintf(many + at, sizeof many - at, "item i%d { gives score 1 }\n", k);
    CHECK_EQ_INT(compile_text(many), 1);
    CHECK(has("a.pat", ITEM_DECLARED_MAX + 1, 1, "too many item kinds"));
    diag_free(&diags);
}

int main(void)
{
    check_art_typo();
    check_unknown_clause();
    check_duplicate_body();
    check_suggestions();
    check_quoted_colour();
    check_item_kinds();
    return check_done("pattern.recovery");
}
