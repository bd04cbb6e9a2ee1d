/*
 * art: art declarations to the table of a mod's shapes. See art.h.
 */
#include "pattern/content/art.h"

#include "core/file.h"
#include "core/mem.h"
#include "pattern/content/library.h"
#include "pattern/language/parser.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

static const char *const art_builtin_names[] = {
#define ART_SHAPE_NAME(id, name, radius, rotates, size) name,
    BULLET_SHAPES(ART_SHAPE_NAME)
#undef ART_SHAPE_NAME
};
static const char *const art_colour_names[] = {
#define ART_COLOUR_NAME(id, name) name,
    BULLET_COLORS(ART_COLOUR_NAME)
#undef ART_COLOUR_NAME
};

const art_shape *art_find(const art_shape *art, int count, const char *name)
{
    for (int i = 0; name && i < count; i++)
        if (strcmp(art[i].name, name) == 0)
            return &art[i];
    return NULL;
}

int art_shape_by_name(const art_shape *art, int count, const char *name)
{
    for (int i = 0; name && i < BULLET_SHAPE_COUNT; i++)
        if (strcmp(art_builtin_names[i], name) == 0)
            return i;
    for (int i = 0; name && i < count; i++)
        if (strcmp(art[i].name, name) == 0)
            return art[i].shape;
    return -1;
}

const art_shape *art_shape_of(const art_shape *art, int count, int shape)
{
    int k = shape - BULLET_SHAPE_COUNT;
    return art && k >= 0 && k < count ? &art[k] : NULL;
}

int art_path_ok(const char *path)
{
    if (!path[0] || path[0] == '/' || strchr(path, '\\'))
        return 0;
    for (const char *part = path; part;) {
        const char *slash = strchr(part, '/');
        size_t n = slash ? (size_t)(slash - part) : strlen(part);
        if (n == 0 || (n == 2 && part[0] == '.' && part[1] == '.'))
            return 0;
        part = slash ? slash + 1 : NULL;
    }
    return 1;
}

const char *art_folder(arena *mem, const char *file)
{
    const char *slash = strrchr(file, '/');
    if (!slash)
        return arena_strndup(mem, ".", 1);
    return arena_strndup(mem, file, slash == file ? 1 : (size_t)(slash - file));
}

/* A whole number of pixels in [lo, hi], else reported. */
static int art_pixels(diag_list *diags, const library_file *f, ast_pos at, double v, int lo, int hi,
                      const char *what)
{
    if (v == floor(v) && v >= lo && v <= hi)
        return (int)v;
    diag_report(diags, DIAG_BAD_ART, f->path, f->text, f->len, at.line, at.col,
                "%s must be a whole number of pixels from %d to %d", what, lo, hi);
    return lo;
}

/* A whole count in [lo, hi] (frames, ticks), else reported. */
static int art_pixels_or(diag_list *diags, const library_file *f, ast_pos at, double v, int lo,
                         int hi, const char *what)
{
    if (v == floor(v) && v >= lo && v <= hi)
        return (int)v;
    diag_report(diags, DIAG_BAD_ART, f->path, f->text, f->len, at.line, at.col,
                "%s must be a whole number from %d to %d", what, lo, hi);
    return lo;
}

/* Whether a name is a bullet colour's. */
static int art_is_colour(const char *name)
{
    for (int i = 0; i < BULLET_COLOR_COUNT; i++)
        if (strcmp(art_colour_names[i], name) == 0)
            return 1;
    return 0;
}

/* Checks one shape and fills *out; 0 when it has an error (reported). */
static int art_check_shape(diag_list *diags, const library_file *f, const ast_art_shape *s,
                           const art_shape *kept, int nkept, art_shape *out)
{
    int errors = diags->errors;
    int is_colour = art_is_colour(s->name);
    if (art_shape_by_name(kept, nkept, s->name) >= 0 || is_colour)
        diag_report(
            diags, DIAG_BAD_ART, f->path, f->text, f->len, s->name_pos.line, s->name_pos.col,
            "'%s' is already a %s: a shape needs a name of its own", s->name,
            is_colour                                                      ? "colour"
            : art_shape_by_name(kept, nkept, s->name) < BULLET_SHAPE_COUNT ? "built-in shape"
                                                                           : "declared shape");
    if (s->broken) { /* its error is said: the rest of its checks would only echo it */
        out->name = s->name;
        out->frames = 1;
        out->every = ART_DEFAULT_EVERY;
        out->hitbox_q = 1;
        out->line = s->name_pos.line;
        out->col = s->name_pos.col;
        return 0;
    }
    if (!s->has_frame)
        diag_report(diags, DIAG_BAD_ART, f->path, f->text, f->len, s->name_pos.line,
                    s->name_pos.col, "shape '%s' needs its frame's size: frame W H", s->name);
    if (!s->has_hitbox && !s->portrait)
        diag_report(diags, DIAG_BAD_ART, f->path, f->text, f->len, s->name_pos.line,
                    s->name_pos.col, "shape '%s' needs a hitbox radius: hitbox R", s->name);
    if (s->portrait && s->turns)
        diag_report(diags, DIAG_BAD_ART, f->path, f->text, f->len, s->portrait_pos.line,
                    s->portrait_pos.col, "a portrait does not turn: drop 'turns'");
    if (s->has_frame) {
        int max_w = s->portrait ? ART_MAX_PORTRAIT_W : ART_MAX_FRAME;
        int max_h = s->portrait ? ART_MAX_PORTRAIT_H : ART_MAX_FRAME;
        out->w = art_pixels(diags, f, s->frame_pos, s->w, 1, max_w,
                            s->portrait ? "a portrait's width" : "a frame's width");
        out->h = art_pixels(diags, f, s->frame_h_pos, s->h, 1, max_h,
                            s->portrait ? "a portrait's height" : "a frame's height");
    }
    out->x = art_pixels(diags, f, s->at_pos, s->x, 0, 4095, "a frame's left edge");
    out->y = art_pixels(diags, f, s->at_pos, s->y, 0, 4095, "a frame's top edge");
    if (s->has_hitbox && !(s->hitbox > 0.0 && s->hitbox <= ART_MAX_HITBOX))
        diag_report(diags, DIAG_BAD_ART, f->path, f->text, f->len, s->hitbox_pos.line,
                    s->hitbox_pos.col, "a hitbox radius must be above 0 and at most %g px",
                    ART_MAX_HITBOX);
    out->frames = 1;
    out->every = ART_DEFAULT_EVERY;
    if (s->has_frames)
        out->frames = art_pixels_or(diags, f, s->frames_pos, s->frames, 1, ART_MAX_FRAMES,
                                    "an animation's frame count");
    if (s->has_every)
        out->every =
            art_pixels_or(diags, f, s->every_pos, s->every, 1, ART_MAX_EVERY, "ticks a frame");
    if ((s->has_every || s->once) && !s->has_frames)
        diag_report(diags, DIAG_BAD_ART, f->path, f->text, f->len,
                    s->has_every ? s->every_pos.line : s->name_pos.line,
                    s->has_every ? s->every_pos.col : s->name_pos.col,
                    "'every' and 'once' belong to an animation: give its frames first "
                    "(frames N every F)");
    out->once = s->once;
    if (s->has_frame && s->x + (double)out->frames * s->w > 4096)
        diag_report(diags, DIAG_BAD_ART, f->path, f->text, f->len, s->frames_pos.line,
                    s->frames_pos.col,
                    "the animation's %d frames of %g px run past 4096 px from its left edge",
                    out->frames, s->w);
    out->hitbox_q = (int)floor(s->hitbox * 4.0 + 0.5);
    if (out->hitbox_q < 1)
        out->hitbox_q = 1;
    out->name = s->name; /* the tree's: art_collect_decl keeps a copy */
    out->turns = s->turns;
    out->additive = s->additive;
    out->portrait = s->portrait;
    out->line = s->name_pos.line;
    out->col = s->name_pos.col;
    return diags->errors == errors;
}

/* The shapes of one declaration, appended to out[*n]. */
static void art_collect_decl(arena *mem, const library_file *f, const ast_decl *d, diag_list *diags,
                             art_shape *out, int *n)
{
    if (!d->sheet)
        return;
    int path_ok = art_path_ok(d->sheet);
    if (!path_ok)
        diag_report(diags, DIAG_BAD_ART, f->path, f->text, f->len, d->sheet_pos.line,
                    d->sheet_pos.col,
                    "the sheet '%s' must be a path inside this file's folder ('a/b.png': "
                    "relative, without '..')",
                    d->sheet);
    const char *root = art_folder(mem, f->path);
    const char *file = arena_strndup(mem, f->path, strlen(f->path)); /* the files go too */
    size_t rn = root ? strlen(root) : 0, pn = strlen(d->sheet);
    char *sheet = arena_alloc(mem, rn + pn + 2);
    if (sheet && root) {
        memcpy(sheet, root, rn);
        sheet[rn] = '/';
        memcpy(sheet + rn + 1, d->sheet, pn + 1);
    }
    for (const ast_art_shape *s = d->shapes; s; s = s->next) {
        if (*n >= ART_MAX_SHAPES) {
            diag_report(diags, DIAG_BAD_ART, f->path, f->text, f->len, s->name_pos.line,
                        s->name_pos.col,
                        "too many art shapes: a library holds at most %d beside the %d built-in",
                        ART_MAX_SHAPES, BULLET_SHAPE_COUNT);
            return;
        }
        art_shape a = {0};
        /* a shape with an error is kept all the same (the library fails anyway):
         * its uses in every file must not cascade into "unknown bullet shape" */
        if ((!art_check_shape(diags, f, s, out, *n, &a) || !path_ok) &&
            (art_shape_by_name(out, *n, s->name) >= 0 || art_is_colour(s->name)))
            continue;
        a.name = arena_strndup(mem, s->name, strlen(s->name)); /* the tree goes after load */
        if (!a.name)
            return;
        a.shape = BULLET_SHAPE_COUNT + *n;
        a.sheet = sheet ? sheet : "";
        a.root = root ? root : ".";
        if (!file)
            return;
        a.file = file;
        a.sheet_line = d->sheet_pos.line;
        a.sheet_col = d->sheet_pos.col;
        a.at_line = s->at_pos.line ? s->at_pos.line : s->name_pos.line;
        a.at_col = s->at_pos.line ? s->at_pos.col : s->name_pos.col;
        out[(*n)++] = a;
    }
}

int art_collect(arena *mem, const library_file *files, int count, ast_decl *const *decls,
                diag_list *diags, art_shape **out)
{
    *out = NULL;
    int any = 0;
    for (int fi = 0; fi < count; fi++)
        for (const ast_decl *d = decls[fi]; d; d = d->next)
            any |= d->kind == DECL_ART;
    if (!any)
        return 0;
    art_shape *table = arena_alloc(mem, ART_MAX_SHAPES * sizeof *table);
    if (!table)
        return 0;
    int n = 0;
    for (int fi = 0; fi < count; fi++)
        for (const ast_decl *d = decls[fi]; d; d = d->next)
            if (d->kind == DECL_ART)
                art_collect_decl(mem, &files[fi], d, diags, table, &n);
    *out = table;
    return n;
}

int art_sheet_check(const char *sheet, const char *root, png_header *h,
                    unsigned char raw[PNG_HEADER_SIZE], char *why, size_t why_size)
{
    char err[512];
    if (!file_exists(sheet)) {
        snprintf(why, why_size, "is missing");
        return -1;
    }
    if (!file_inside(sheet, root)) {
        snprintf(why, why_size, "lies outside its folder %s (a link out of the mod?)", root);
        return -1;
    }
    if (file_check_limit(sheet, FILE_LIMIT_IMAGE, err, sizeof err) != 0) {
        snprintf(why, why_size, "cannot be read: %s", file_error_reason(err, sheet));
        return -1;
    }
    FILE *f = fopen(sheet, "rb");
    size_t got = f ? fread(raw, 1, PNG_HEADER_SIZE, f) : 0;
    if (f)
        fclose(f);
    if (!f) {
        snprintf(why, why_size, "cannot be opened");
        return -1;
    }
    if (png_header_parse(raw, got, h, why, why_size) != 0)
        return -1;
    if (h->width > ART_SHEET_MAX_SIDE || h->height > ART_SHEET_MAX_SIDE) {
        snprintf(why, why_size, "is %" PRIu32 "x%" PRIu32 " pixels, larger than %dx%d", h->width,
                 h->height, ART_SHEET_MAX_SIDE, ART_SHEET_MAX_SIDE);
        return -1;
    }
    return 0;
}

int art_sheets_over_budget(uint64_t total, char *why, size_t why_size)
{
    if (total <= ART_SHEETS_MAX_BYTES)
        return 0;
    snprintf(why, why_size,
             "takes the sheets to %" PRIu64 " MiB decoded, over the %u MiB a mod's sheets may "
             "hold together (4 bytes a pixel)",
             (total + (1u << 20) - 1) >> 20, ART_SHEETS_MAX_BYTES >> 20);
    return 1;
}

/* Reports, at a's `at`, a frame (or an animation's row of frames) that runs
 * past the edge of its sheet, a sw x sh picture. Returns 1 when reported. */
static int art_check_frame(const art_shape *a, int sw, int sh, diag_list *diags)
{
    int right = a->x + a->frames * a->w;
    if (right <= sw && a->y + a->h <= sh)
        return 0;
    size_t size = 0;
    char *source = file_read_limit(a->file, FILE_LIMIT_PATTERN, &size, NULL, 0);
    if (a->frames > 1 && a->x + a->w <= sw && a->y + a->h <= sh)
        diag_report(diags, DIAG_BAD_ART, a->file, source, source ? size : 0, a->at_line, a->at_col,
                    "the animation '%s' runs off its sheet's edge: %d frames of %d px from x %d "
                    "end at %d, the sheet %s is %d px wide",
                    a->name, a->frames, a->w, a->x, right, a->sheet, sw);
    else
        diag_report(diags, DIAG_BAD_ART, a->file, source, source ? size : 0, a->at_line, a->at_col,
                    "the frame %dx%d at %d %d of '%s' lies outside its sheet %s (%dx%d)", a->w,
                    a->h, a->x, a->y, a->name, a->sheet, sw, sh);
    mem_free(source);
    return 1;
}

int art_check_sheets(const art_shape *art, int count, diag_list *diags)
{
    int reported = 0;
    uint64_t total = 0;
    unsigned char sheet_ok[ART_MAX_SHAPES] = {0};
    int sheet_w[ART_MAX_SHAPES] = {0}, sheet_h[ART_MAX_SHAPES] = {0};
    for (int k = 0; k < count; k++) {
        int seen = -1;
        for (int i = 0; i < k && seen < 0; i++)
            if (strcmp(art[i].sheet, art[k].sheet) == 0)
                seen = i;
        const art_shape *a = &art[k];
        char why[512];
        if (seen >= 0) {
            /* a sheet is checked once; its other shapes' frames against its size */
            if (sheet_ok[seen])
                reported += art_check_frame(a, sheet_w[seen], sheet_h[seen], diags);
            sheet_ok[k] = sheet_ok[seen];
            sheet_w[k] = sheet_w[seen];
            sheet_h[k] = sheet_h[seen];
            continue;
        }
        png_header h;
        unsigned char raw[PNG_HEADER_SIZE];
        if (art_sheet_check(a->sheet, a->root, &h, raw, why, sizeof why) == 0 &&
            !art_sheets_over_budget(total += png_header_decoded_bytes(&h), why, sizeof why)) {
            sheet_ok[k] = 1;
            sheet_w[k] = (int)h.width;
            sheet_h[k] = (int)h.height;
            reported += art_check_frame(a, sheet_w[k], sheet_h[k], diags);
            continue;
        }
        /* the declaring file again, only to quote its line under the error */
        size_t size = 0;
        char *source = file_read_limit(a->file, FILE_LIMIT_PATTERN, &size, NULL, 0);
        diag_report(diags, DIAG_BAD_ART, a->file, source, source ? size : 0, a->sheet_line,
                    a->sheet_col, "the sheet %s %s", a->sheet, why);
        mem_free(source);
        reported++;
    }
    return reported;
}
