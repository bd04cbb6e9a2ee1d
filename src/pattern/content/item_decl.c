/*
 * item_decl: item declarations to the library's table. See item_decl.h.
 */
#include "pattern/content/item_decl.h"

#include "pattern/content/library.h"
#include "sim/enemy_look.h"
#include "sim/item.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

int item_decl_find(const item_decl *items, int count, const char *name)
{
    for (int i = 0; name && items && i < count; i++)
        if (strcmp(items[i].name, name) == 0)
            return i;
    return -1;
}

/* The built-in kind called name (sim/item.h), or -1. */
static int item_decl_builtin(const char *name)
{
    for (int k = 0; name && k < ITEM_KIND_COUNT; k++)
        if (strcmp(item_kind_name((item_kind)k), name) == 0)
            return k;
    return -1;
}

/* Checks an item's look into out (look, look_kind); reports one that names
 * nothing, with the nearest of the built-in items', the sprites' and the art
 * shapes' names. */
static void item_decl_look(arena *mem, const library_file *f, const ast_decl *d,
                           const art_shape *art, int art_count, diag_list *diags, item_decl *out)
{
    out->look_kind = -1;
    out->look = "";
    if (!d->look)
        return;
    out->look = arena_strndup(mem, d->look, strlen(d->look));
    out->look_kind = item_decl_builtin(d->look);
    if (out->look_kind >= 0 || enemy_look_by_name(d->look) >= 0 ||
        art_find(art, art_count, d->look))
        return;
    const char *names[ITEM_KIND_COUNT + ENEMY_LOOK_COUNT + ART_MAX_SHAPES];
    int n = 0;
    for (int k = 0; k < ITEM_KIND_COUNT; k++)
        names[n++] = item_kind_name((item_kind)k);
    for (int k = 0; k < ENEMY_LOOK_COUNT; k++)
        names[n++] = enemy_look_names[k];
    for (int k = 0; art && k < art_count && k < ART_MAX_SHAPES; k++)
        names[n++] = art[k].name;
    const char *near = diag_suggest(d->look, names, n);
    char hint[96] = "";
    if (near)
        snprintf(hint, sizeof hint, " (did you mean '%s'?)", near);
    diag_report(diags, DIAG_UNKNOWN_LOOK, f->path, f->text, f->len, d->look_pos.line,
                d->look_pos.col,
                "unknown look '%s'%s: an item looks like a built-in item (power, point...), a "
                "sprite or an art shape",
                d->look, hint);
}

/* One gift into out; a bad number is reported at it. */
static void item_decl_gift(const library_file *f, const ast_item_give *g, diag_list *diags,
                           item_decl *out)
{
    double v = g->has_value ? g->value : 1.0;
    switch (g->what) {
    case AST_GIFT_SCORE:
        if (v == floor(v) && v >= 0 && v <= ITEM_DECL_MAX_SCORE) {
            out->score = (uint32_t)v;
            return;
        }
        diag_report(diags, DIAG_BAD_ITEM, f->path, f->text, f->len, g->value_pos.line,
                    g->value_pos.col, "an item's score is a whole number from 0 to %d",
                    ITEM_DECL_MAX_SCORE);
        return;
    case AST_GIFT_POWER: {
        double h = v * 100.0;
        if (v >= 0 && h <= ITEM_DECL_MAX_POWER && fabs(h - floor(h + 0.5)) < 1e-6) {
            out->power = (int32_t)floor(h + 0.5);
            return;
        }
        diag_report(diags, DIAG_BAD_ITEM, f->path, f->text, f->len, g->value_pos.line,
                    g->value_pos.col,
                    "an item's power is from 0 to 4 in hundredths (a P item gives 0.1)");
        return;
    }
    case AST_GIFT_BOMB_PIECE:
    case AST_GIFT_LIFE_PIECE:
        if (v == floor(v) && v >= 1 && v <= ITEM_DECL_MAX_PIECES) {
            *(g->what == AST_GIFT_BOMB_PIECE ? &out->bomb_pieces : &out->life_pieces) = (int32_t)v;
            return;
        }
        diag_report(diags, DIAG_BAD_ITEM, f->path, f->text, f->len, g->value_pos.line,
                    g->value_pos.col, "an item gives 1 to %d pieces", ITEM_DECL_MAX_PIECES);
        return;
    case AST_GIFT_COUNT: break;
    }
}

/* Checks an item declaration into *out. */
static void item_decl_check(arena *mem, const library_file *f, const ast_decl *d,
                            const art_shape *art, int art_count, diag_list *diags, item_decl *out)
{
    static const char *const words[AST_GIFT_COUNT] = {"score", "power", "bomb_piece", "life_piece"};
    out->name = arena_strndup(mem, d->name, strlen(d->name));
    out->file = arena_strndup(mem, f->path, strlen(f->path));
    out->line = d->pos.line;
    out->col = d->pos.col;
    out->collect = ITEM_DECL_NO_FUNC;
    item_decl_look(mem, f, d, art, art_count, diags, out);
    int given[AST_GIFT_COUNT] = {0};
    for (const ast_item_give *g = d->gives; g; g = g->next) {
        if (given[g->what]++) {
            diag_report(diags, DIAG_DUPLICATE_PROPERTY, f->path, f->text, f->len, g->pos.line,
                        g->pos.col, "'%s' is given twice", words[g->what]);
            continue;
        }
        item_decl_gift(f, g, diags, out);
    }
}

int item_decl_collect(arena *mem, const library_file *files, int count, ast_decl *const *decls,
                      const art_shape *art, int art_count, diag_list *diags, item_decl **out)
{
    *out = NULL;
    int any = 0;
    for (int fi = 0; fi < count; fi++)
        for (const ast_decl *d = decls[fi]; d; d = d->next)
            any |= d->kind == DECL_ITEM && d->name;
    if (!any)
        return 0;
    item_decl *table = arena_alloc(mem, ITEM_DECLARED_MAX * sizeof *table);
    if (!table)
        return 0;
    int n = 0;
    for (int fi = 0; fi < count; fi++)
        for (const ast_decl *d = decls[fi]; d; d = d->next) {
            if (d->kind != DECL_ITEM || !d->name)
                continue;
            const library_file *f = &files[fi];
            int old = item_decl_find(table, n, d->name);
            if (item_decl_builtin(d->name) >= 0) {
                diag_report(
                    diags, DIAG_DUPLICATE_NAME, f->path, f->text, f->len, d->pos.line, d->pos.col,
                    "'%s' is a built-in item kind; give your own item another name", d->name);
                continue;
            }
            if (old >= 0) {
                diag_report(diags, DIAG_DUPLICATE_NAME, f->path, f->text, f->len, d->pos.line,
                            d->pos.col, "the item '%s' is already declared, at %s:%u", d->name,
                            table[old].file, (unsigned)table[old].line);
                continue;
            }
            if (n == ITEM_DECLARED_MAX) {
                diag_report(diags, DIAG_BAD_ITEM, f->path, f->text, f->len, d->pos.line, d->pos.col,
                            "too many item kinds: a library declares at most %d of its own",
                            ITEM_DECLARED_MAX);
                continue;
            }
            item_decl it = {0};
            item_decl_check(mem, f, d, art, art_count, diags, &it);
            if (it.name && it.file && it.look)
                table[n++] = it;
        }
    *out = table;
    return n;
}
