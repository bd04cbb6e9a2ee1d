/*
 * backdrop_decl: backdrop declarations to the table of a mod's backdrops. See
 * backdrop_decl.h.
 */
#include "pattern/content/backdrop_decl.h"

#include "core/file.h"
#include "core/mem.h"
#include "pattern/content/art.h"
#include "pattern/content/library.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

int backdrop_decl_find(const backdrop_scene *scenes, int n, const char *name)
{
    int k = backdrop_by_name(name);
    if (k >= 0)
        return k;
    for (int i = 0; name && scenes && i < n; i++)
        if (strcmp(scenes[i].name, name) == 0)
            return backdrop_data_id(i, 0);
    return -1;
}

/* Where a layer's numbers are reported: the file and its text. */
typedef struct decl_at {
    diag_list *diags;
    const library_file *f;
} decl_at;

/* v if it lies in [lo, hi] (and is whole, with whole), else reported at pos. */
static double decl_number(const decl_at *at, ast_pos pos, double v, double lo, double hi, int whole,
                          const char *what)
{
    if (v >= lo && v <= hi && (!whole || v == floor(v)))
        return v;
    diag_report(at->diags, DIAG_BAD_BACKDROP, at->f->path, at->f->text, at->f->len, pos.line,
                pos.col, "%s must be %s from %g to %g", what, whole ? "a whole number" : "a number",
                lo, hi);
    return lo;
}

/* A colour's three parts, checked, into rgb. */
static void decl_colour(const decl_at *at, ast_pos pos, const double in[3], uint8_t rgb[3])
{
    for (int i = 0; i < 3; i++)
        rgb[i] = (uint8_t)decl_number(at, pos, in[i], 0, 255, 1, "a colour's part");
}

/* The index of a sheet in the table (added when new), or -1 when full (reported). */
static int decl_sheet(arena *mem, const decl_at *at, const ast_backdrop_layer *l, const char *root,
                      const char *file, backdrop_sheet *sheets, int *nsheets)
{
    size_t rn = strlen(root), pn = strlen(l->sheet);
    char *path = arena_alloc(mem, rn + pn + 2);
    if (!path)
        return -1;
    memcpy(path, root, rn);
    path[rn] = '/';
    memcpy(path + rn + 1, l->sheet, pn + 1);
    for (int i = 0; i < *nsheets; i++)
        if (strcmp(sheets[i].path, path) == 0)
            return i;
    if (*nsheets >= BACKDROP_MAX_SHEETS) {
        diag_report(at->diags, DIAG_BAD_BACKDROP, at->f->path, at->f->text, at->f->len,
                    l->sheet_pos.line, l->sheet_pos.col,
                    "too many sheets: the backdrops of a library read at most %d",
                    BACKDROP_MAX_SHEETS);
        return -1;
    }
    sheets[*nsheets] = (backdrop_sheet){path, root, file, l->sheet_pos.line, l->sheet_pos.col};
    return (*nsheets)++;
}

/* One layer, checked, into *out; 0 when it has an error (reported). */
static int decl_layer(arena *mem, const decl_at *at, const ast_backdrop_layer *l, const char *root,
                      const char *file, backdrop_sheet *sheets, int *nsheets, backdrop_layer *out)
{
    int errors = at->diags->errors;
    *out = (backdrop_layer){.sheet = -1, .tint = {255, 255, 255}, .scale = 1, .alpha = 1};
    if (l->sheet) {
        if (!art_path_ok(l->sheet))
            diag_report(at->diags, DIAG_BAD_BACKDROP, at->f->path, at->f->text, at->f->len,
                        l->sheet_pos.line, l->sheet_pos.col,
                        "the sheet '%s' must be a path inside this file's folder ('a/b.png': "
                        "relative, without '..')",
                        l->sheet);
        else
            out->sheet = decl_sheet(mem, at, l, root, file, sheets, nsheets);
    } else {
        decl_colour(at, l->fill_pos, l->top, out->top);
        decl_colour(at, l->fill_pos, l->bottom, out->bottom);
        if (l->has_tint || l->has_scale || l->has_tile || l->has_at || l->angle != 0 ||
            l->turn != 0)
            diag_report(at->diags, DIAG_BAD_BACKDROP, at->f->path, at->f->text, at->f->len,
                        l->fill_pos.line, l->fill_pos.col,
                        "a fill covers the field: it takes only alpha, fade and additive "
                        "(tile, at, scroll, rotate, turn, scale and tint are a sheet's)");
    }
    if (l->has_tint)
        decl_colour(at, l->tint_pos, l->tint, out->tint);
    out->placed = l->has_at && !l->has_tile;
    out->x = (float)decl_number(at, l->at_pos, l->x, -2048, 2048, 0, "a place");
    out->y = (float)decl_number(at, l->at_pos, l->y, -2048, 2048, 0, "a place");
    out->scroll_x = (float)decl_number(at, l->scroll_pos, l->sx, -64, 64, 0, "a scroll speed");
    out->scroll_y = (float)decl_number(at, l->scroll_pos, l->sy, -64, 64, 0, "a scroll speed");
    out->angle = (float)decl_number(at, l->angle_pos, l->angle, -360, 360, 0, "an angle");
    out->turn = (float)decl_number(at, l->turn_pos, l->turn, -45, 45, 0, "a turn");
    if (l->has_scale)
        out->scale = (float)decl_number(at, l->scale_pos, l->scale, 0.125, 8, 0, "a scale");
    if (l->has_alpha)
        out->alpha = (float)decl_number(at, l->alpha_pos, l->alpha, 0, 1, 0, "an alpha");
    if (l->fade != 0)
        out->fade =
            (float)decl_number(at, l->fade_pos, l->fade, 2, 36000, 0, "a fade's length in frames");
    out->additive = (uint8_t)l->additive;
    return at->diags->errors == errors;
}

/* Whether an error was reported inside the declaration (the parser's, which
 * stopped it: no "needs a layer" after a broken layer). */
static int decl_broken(const diag_list *diags, const library_file *f, const ast_decl *d)
{
    uint32_t end = d->next && d->next->file == d->file ? d->next->pos.line : UINT32_MAX;
    for (int i = 0; i < diags->count; i++)
        if (diags->items[i].severity == DIAG_ERROR && strcmp(diags->items[i].path, f->path) == 0 &&
            diags->items[i].line >= d->pos.line && diags->items[i].line < end)
            return 1;
    return 0;
}

/* One declaration's backdrop, appended to scenes[*n] when it is good. */
static void decl_backdrop(arena *mem, const library_file *f, const ast_decl *d, diag_list *diags,
                          backdrop_scene *scenes, int *n, backdrop_sheet *sheets, int *nsheets)
{
    decl_at at = {diags, f};
    int errors = diags->errors;
    if (backdrop_decl_find(scenes, *n, d->name) >= 0) {
        diag_report(diags, DIAG_BAD_BACKDROP, f->path, f->text, f->len, d->pos.line, d->pos.col,
                    "'%s' is already a %s backdrop: a backdrop needs a name of its own", d->name,
                    backdrop_by_name(d->name) >= 0 ? "built-in" : "declared");
        return;
    }
    if (*n >= BACKDROP_MAX_DECLARED) {
        diag_report(diags, DIAG_BAD_BACKDROP, f->path, f->text, f->len, d->pos.line, d->pos.col,
                    "too many backdrops: a library declares at most %d", BACKDROP_MAX_DECLARED);
        return;
    }
    backdrop_scene *s = &scenes[*n];
    memset(s, 0, sizeof *s);
    const char *root = art_folder(mem, f->path);
    const char *file = arena_strndup(mem, f->path, strlen(f->path)); /* the files go too */
    s->name = arena_strndup(mem, d->name, strlen(d->name));
    if (!root || !file || !s->name)
        return;
    for (const ast_backdrop_layer *l = d->layers; l; l = l->next) {
        int *count = l->spell ? &s->nspell : &s->nlayers;
        if (*count >= BACKDROP_MAX_LAYERS) {
            diag_report(diags, DIAG_BAD_BACKDROP, f->path, f->text, f->len, l->pos.line, l->pos.col,
                        "too many layers: a backdrop%s has at most %d",
                        l->spell ? "'s spell variant" : "", BACKDROP_MAX_LAYERS);
            return;
        }
        backdrop_layer *out = l->spell ? &s->spell[*count] : &s->layers[*count];
        if (decl_layer(mem, &at, l, root, file, sheets, nsheets, out))
            (*count)++;
    }
    if (s->nlayers == 0 && diags->errors == errors && !decl_broken(diags, f, d))
        diag_report(diags, DIAG_BAD_BACKDROP, f->path, f->text, f->len, d->pos.line, d->pos.col,
                    "backdrop '%s' needs a layer: layer fill (R, G, B) or layer \"SHEET.png\"",
                    d->name);
    if (diags->errors == errors)
        (*n)++;
}

int backdrop_decl_collect(arena *mem, const library_file *files, int count, ast_decl *const *decls,
                          diag_list *diags, backdrop_scene **scenes, backdrop_sheet **sheets,
                          int *nsheets)
{
    *scenes = NULL;
    *sheets = NULL;
    *nsheets = 0;
    int any = 0;
    for (int fi = 0; fi < count; fi++)
        for (const ast_decl *d = decls[fi]; d; d = d->next)
            any |= d->kind == DECL_BACKDROP && d->name;
    if (!any)
        return 0;
    backdrop_scene *table = arena_alloc(mem, BACKDROP_MAX_DECLARED * sizeof *table);
    backdrop_sheet *paths = arena_alloc(mem, BACKDROP_MAX_SHEETS * sizeof *paths);
    if (!table || !paths)
        return 0;
    int n = 0;
    for (int fi = 0; fi < count; fi++)
        for (const ast_decl *d = decls[fi]; d; d = d->next)
            if (d->kind == DECL_BACKDROP && d->name)
                decl_backdrop(mem, &files[fi], d, diags, table, &n, paths, nsheets);
    *scenes = table;
    *sheets = paths;
    return n;
}

int backdrop_decl_png_size(const char *path, int *w, int *h)
{
    static const uint8_t magic[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    uint8_t head[24];
    FILE *fp = fopen(path, "rb");
    if (!fp)
        return -1;
    size_t got = fread(head, 1, sizeof head, fp);
    fclose(fp);
    if (got != sizeof head || memcmp(head, magic, 8) != 0 || memcmp(head + 12, "IHDR", 4) != 0)
        return -1;
    uint32_t pw =
        (uint32_t)head[16] << 24 | (uint32_t)head[17] << 16 | (uint32_t)head[18] << 8 | head[19];
    uint32_t ph =
        (uint32_t)head[20] << 24 | (uint32_t)head[21] << 16 | (uint32_t)head[22] << 8 | head[23];
    *w = pw > 1u << 30 ? 1 << 30 : (int)pw;
    *h = ph > 1u << 30 ? 1 << 30 : (int)ph;
    return 0;
}

int backdrop_decl_check_sheets(const backdrop_sheet *sheets, int n, diag_list *diags)
{
    int reported = 0;
    for (int k = 0; k < n; k++) {
        const backdrop_sheet *s = &sheets[k];
        int w = 0, h = 0;
        char why[128] = "";
        if (!file_exists(s->path))
            snprintf(why, sizeof why, "is missing");
        else if (!file_inside(s->path, s->root))
            snprintf(why, sizeof why, "lies outside its folder (a link out?)");
        else if (backdrop_decl_png_size(s->path, &w, &h) != 0)
            snprintf(why, sizeof why, "is no PNG picture");
        else if (w < 1 || h < 1 || w > BACKDROP_MAX_SHEET || h > BACKDROP_MAX_SHEET)
            snprintf(why, sizeof why, "is %dx%d: a backdrop's sheet is at most %dx%d", w, h,
                     BACKDROP_MAX_SHEET, BACKDROP_MAX_SHEET);
        if (!why[0])
            continue;
        /* the declaring file again, only to quote its line under the error */
        size_t size = 0;
        char *source = file_read_limit(s->file, FILE_LIMIT_PATTERN, &size, NULL, 0);
        diag_report(diags, DIAG_BAD_BACKDROP, s->file, source, source ? size : 0, s->line, s->col,
                    "the sheet %s %s", s->path, why);
        mem_free(source);
        reported++;
    }
    return reported;
}
