/*
 * character: character declarations to the library's table. See character.h.
 */
#include "pattern/content/character.h"

#include "pattern/content/library.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

int character_find(const character_info *chars, int count, const char *name)
{
    for (int i = 0; name && chars && i < count; i++)
        if (strcmp(chars[i].name, name) == 0)
            return i;
    return -1;
}

const char *character_suggest(const character_info *chars, int count, const char *name)
{
    const char *names[CHARACTER_MAX];
    int n = 0;
    for (int i = 0; chars && i < count && n < CHARACTER_MAX; i++)
        names[n++] = chars[i].name;
    return name ? diag_suggest(name, names, n) : NULL;
}

int character_expression(const character_info *c, const char *expression)
{
    if (!c || c->portrait_count == 0)
        return -1;
    if (!expression)
        return 0;
    for (int i = 0; i < c->portrait_count; i++)
        if (strcmp(c->portraits[i].expression, expression) == 0)
            return i;
    return -1;
}

const char *character_suggest_expression(const character_info *c, const char *expression)
{
    const char *names[CHARACTER_MAX_EXPRESSIONS];
    int n = 0;
    for (int i = 0; c && i < c->portrait_count; i++)
        names[n++] = c->portraits[i].expression;
    return expression ? diag_suggest(expression, names, n) : NULL;
}

int character_portrait_shape(const character_info *c, const char *expression)
{
    int k = character_expression(c, expression);
    return k < 0 ? -1 : c->portraits[k].shape;
}

int character_portrait_at(const character_info *c, int k)
{
    if (!c || c->portrait_count == 0)
        return -1;
    k = k < 0 ? 0 : k >= c->portrait_count ? c->portrait_count - 1 : k;
    return c->portraits[k].shape;
}

/* " (did you mean 'x'?)" for a suggestion, else "". */
static const char *character_hint(const char *near, char *buf, size_t size)
{
    if (near)
        snprintf(buf, size, " (did you mean '%s'?)", near);
    else
        buf[0] = 0;
    return buf;
}

/* The names of the declared art shapes, for a did-you-mean. */
static int character_art_names(const art_shape *art, int art_count, const char **names)
{
    int n = 0;
    for (int i = 0; art && i < art_count && n < ART_MAX_SHAPES; i++)
        names[n++] = art[i].name;
    return n;
}

/* Checks one portrait line and appends it to out's portraits. */
static void character_portrait_line(arena *mem, const library_file *f, const ast_portrait *po,
                                    const art_shape *art, int art_count, diag_list *diags,
                                    character_info *out)
{
    char hint[96];
    if (character_expression(out, po->expression) >= 0) {
        diag_report(diags, DIAG_BAD_CHARACTER_DECL, f->path, f->text, f->len, po->pos.line,
                    po->pos.col, "the expression '%s' is given twice", po->expression);
        return;
    }
    if (out->portrait_count == CHARACTER_MAX_EXPRESSIONS) {
        diag_report(diags, DIAG_BAD_CHARACTER_DECL, f->path, f->text, f->len, po->pos.line,
                    po->pos.col, "a character has at most %d expressions",
                    CHARACTER_MAX_EXPRESSIONS);
        return;
    }
    int shape = art_shape_by_name(art, art_count, po->shape);
    if (shape < 0 || shape < BULLET_SHAPE_COUNT) {
        const char *names[ART_MAX_SHAPES];
        int n = character_art_names(art, art_count, names);
        diag_report(diags, DIAG_UNKNOWN_SHAPE, f->path, f->text, f->len, po->shape_pos.line,
                    po->shape_pos.col, "%s '%s'%s: a portrait is a shape of an art sheet",
                    shape < 0 ? "unknown art shape" : "a portrait cannot be the built-in shape",
                    po->shape,
                    character_hint(shape < 0 ? diag_suggest(po->shape, names, n) : NULL, hint,
                                   sizeof hint));
        return;
    }
    const char *e = arena_strndup(mem, po->expression, strlen(po->expression));
    if (!e)
        return;
    out->portraits[out->portrait_count++] = (character_portrait){e, shape};
}

/* Checks a character declaration and fills *out; 0 when it has an error. */
static int character_check(arena *mem, const library_file *f, const ast_decl *d,
                           const art_shape *art, int art_count, const character_info *kept,
                           int nkept, diag_list *diags, character_info *out)
{
    int errors = diags->errors;
    if (character_find(kept, nkept, d->name) >= 0)
        diag_report(diags, DIAG_DUPLICATE_NAME, f->path, f->text, f->len, d->pos.line, d->pos.col,
                    "the character '%s' is declared twice", d->name);
    out->name = arena_strndup(mem, d->name, strlen(d->name));
    const char *title = d->title ? d->title : d->name;
    out->title = arena_strndup(mem, title, strlen(title));
    out->file = arena_strndup(mem, f->path, strlen(f->path));
    out->line = d->pos.line;
    out->col = d->pos.col;
    out->rgb[0] = out->rgb[1] = out->rgb[2] = 255;
    for (int i = 0; d->has_colour && i < 3; i++) {
        double v = d->colour[i];
        if (v == floor(v) && v >= 0 && v <= 255)
            out->rgb[i] = (uint8_t)v;
        else
            diag_report(diags, DIAG_BAD_CHARACTER_DECL, f->path, f->text, f->len,
                        d->colour_pos.line, d->colour_pos.col,
                        "a colour is three whole numbers from 0 to 255 (red, green, blue)");
    }
    for (const ast_portrait *po = d->portraits; po; po = po->next)
        character_portrait_line(mem, f, po, art, art_count, diags, out);
    return diags->errors == errors && out->name && out->title && out->file;
}

int character_collect(arena *mem, const library_file *files, int count, ast_decl *const *decls,
                      const art_shape *art, int art_count, diag_list *diags, character_info **out)
{
    *out = NULL;
    int any = 0;
    for (int fi = 0; fi < count; fi++)
        for (const ast_decl *d = decls[fi]; d; d = d->next)
            any |= d->kind == DECL_CHARACTER;
    if (!any)
        return 0;
    character_info *table = arena_alloc(mem, CHARACTER_MAX * sizeof *table);
    if (!table)
        return 0;
    int n = 0;
    for (int fi = 0; fi < count; fi++)
        for (const ast_decl *d = decls[fi]; d; d = d->next) {
            if (d->kind != DECL_CHARACTER)
                continue;
            const library_file *f = &files[fi];
            if (n == CHARACTER_MAX) {
                diag_report(diags, DIAG_BAD_CHARACTER_DECL, f->path, f->text, f->len, d->pos.line,
                            d->pos.col, "too many characters: a library holds at most %d",
                            CHARACTER_MAX);
                continue;
            }
            character_info c = {0};
            if (character_check(mem, f, d, art, art_count, table, n, diags, &c))
                table[n++] = c;
        }
    *out = table;
    return n;
}
