/*
 * library: loading pattern files into a compiled library. See library.h.
 */
#include "pattern/content/library.h"

#include "pattern/content/backdrop_decl.h"

#include "core/file.h"
#include "core/mem.h"
#include "pattern/language/compiler.h"
#include "pattern/language/parser.h"
#include "sim/bullet_kind.h"

#include <dirent.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* ---- looks ---- */

/* shape + 1 is kept in a look code's low byte */
_Static_assert(BULLET_SHAPE_CAPACITY <= 255, "a look code keeps shape + 1 in 8 bits");

uint32_t library_look(int shape, int colour)
{
    return (uint32_t)(shape + 1) | (uint32_t)colour << 8;
}

uint32_t library_look_of(const library *lib, int shape, int colour)
{
    uint32_t code = library_look(shape, colour);
    int k = shape - BULLET_SHAPE_COUNT;
    if (lib && k >= 0 && (uint32_t)k < lib->art_count)
        code |= (uint32_t)lib->art[k].hitbox_q << 16;
    return code;
}

int library_look_shape(uint32_t look)
{
    int s = (int)(look & 0xffu) - 1;
    return s >= 0 && s < BULLET_SHAPE_CAPACITY ? s : -1;
}

int library_look_colour(uint32_t look)
{
    int c = (int)(look >> 8 & 0xffu);
    return look && c < BULLET_COLOR_COUNT ? c : -1;
}

float library_look_hitbox(uint32_t look)
{
    return (float)(look >> 16 & 0xffu) * 0.25f;
}

/* ---- importers ---- */

#define LIBRARY_MAX_IMPORTERS 4

static struct {
    char extension[16];
    library_import_fn fn;
} library_importers[LIBRARY_MAX_IMPORTERS];
static int library_importer_count;

int library_register_importer(const char *extension, library_import_fn fn)
{
    for (int i = 0; i < library_importer_count; i++)
        if (strcmp(library_importers[i].extension, extension) == 0) {
            library_importers[i].fn = fn;
            return 0;
        }
    if (library_importer_count >= LIBRARY_MAX_IMPORTERS || strlen(extension) >= 16)
        return -1;
    snprintf(library_importers[library_importer_count].extension, 16, "%s", extension);
    library_importers[library_importer_count++].fn = fn;
    return 0;
}

static int library_ends_with(const char *s, const char *tail)
{
    size_t n = strlen(s), k = strlen(tail);
    return n >= k && strcmp(s + n - k, tail) == 0;
}

static library_import_fn library_importer_for(const char *path)
{
    for (int i = 0; i < library_importer_count; i++)
        if (library_ends_with(path, library_importers[i].extension))
            return library_importers[i].fn;
    return NULL;
}

/* The base name of a path without its extension, in the arena. */
static char *library_stem(arena *ar, const char *path)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    const char *dot = strrchr(base, '.');
    size_t n = dot && dot != base ? (size_t)(dot - base) : strlen(base);
    return arena_strndup(ar, base, n);
}

/* Whether a pattern file can name `stem` (in `run`): letters, digits and '_',
 * not starting with a digit, not a reserved word. */
static int library_is_name(const char *stem)
{
    if (!stem[0] || (stem[0] >= '0' && stem[0] <= '9') || parser_is_reserved(stem))
        return 0;
    for (const char *c = stem; *c; c++)
        if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || *c == '_' ||
              (*c >= '0' && *c <= '9')))
            return 0;
    return 1;
}

/* ---- compiling ---- */

void library_free(library *lib)
{
    if (!lib)
        return;
    program_free(lib->prog);
    arena_free(&lib->mem);
    mem_free(lib);
}

static void library_oom(diag_list *diags, const library_file *files, int count)
{
    diag_report(diags, DIAG_OUT_OF_MEMORY, count ? files[0].path : "(patterns)", NULL, 0, 1, 1,
                "out of memory while loading");
}

/* ---- looks of imported files (`bulletml NAME { look ... }`) ---- */

/* The shape or colour called name in a table of names, or -1. */
static int library_name_index(const char *name, const char *const *names, int count)
{
    for (int i = 0; name && i < count; i++)
        if (strcmp(names[i], name) == 0)
            return i;
    return -1;
}

static const char *const library_colour_names[] = {
#define LIBRARY_COLOUR_NAME(id, name) name,
    BULLET_COLORS(LIBRARY_COLOUR_NAME)
#undef LIBRARY_COLOUR_NAME
};

/* A rule's look, or 0 when its shape or colour names none (reported by
 * library_check_looks). */
static uint32_t library_rule_look(const library *lib, const ast_look_rule *r)
{
    int shape = art_shape_by_name(lib->art, (int)lib->art_count, r->shape);
    int colour = r->colour ? library_name_index(r->colour, library_colour_names, BULLET_COLOR_COUNT)
                           : BULLET_COLOR_WHITE;
    return shape < 0 || colour < 0 ? 0 : library_look_of(lib, shape, colour);
}

/* Whether some file is the import of a bulletml declaration called name. */
static int library_has_import(const library_file *files, int count, const char *name)
{
    for (int i = 0; i < count; i++) {
        if (!library_importer_for(files[i].path))
            continue;
        const char *base = strrchr(files[i].path, '/');
        base = base ? base + 1 : files[i].path;
        const char *dot = strrchr(base, '.');
        size_t n = dot ? (size_t)(dot - base) : strlen(base);
        if (strlen(name) == n && strncmp(base, name, n) == 0)
            return 1;
    }
    return 0;
}

/* Reports the bulletml declarations' errors: a file that is not loaded, an
 * unknown shape or colour. */
static void library_check_looks(const library *lib, const library_file *files, int count,
                                ast_decl *const *decls, diag_list *diags)
{
    for (int fi = 0; fi < count; fi++)
        for (const ast_decl *d = decls[fi]; d; d = d->next) {
            if (d->kind != DECL_BULLETML || !d->name)
                continue;
            const library_file *f = &files[fi];
            if (!library_has_import(files, count, d->name))
                diag_report(diags, DIAG_UNKNOWN_PATTERN, f->path, f->text, f->len, d->pos.line,
                            d->pos.col, "bulletml '%s': no BulletML file '%s.xml' is loaded",
                            d->name, d->name);
            for (const ast_look_rule *r = d->looks; r; r = r->next) {
                if (art_shape_by_name(lib->art, (int)lib->art_count, r->shape) < 0)
                    diag_report(diags, DIAG_UNKNOWN_SHAPE, f->path, f->text, f->len,
                                r->shape_pos.line, r->shape_pos.col, "unknown bullet shape '%s'",
                                r->shape);
                if (r->colour &&
                    library_name_index(r->colour, library_colour_names, BULLET_COLOR_COUNT) < 0)
                    diag_report(diags, DIAG_UNKNOWN_COLOUR, f->path, f->text, f->len,
                                r->colour_pos.line, r->colour_pos.col, "unknown bullet colour '%s'",
                                r->colour);
            }
        }
}

/* Reports, at its declaration, each function whose frame does not fit a
 * script's VM_STACK_SLOTS value slots (vm_func_fits, the VM's own test), which
 * every host would refuse to start: so that what loads, and what lint calls
 * clean, can run. Returns the number reported. */
static int library_check_frames(const vm_program *p, const library_file *files, const uint16_t *ids,
                                int count, diag_list *diags)
{
    int reported = 0;
    for (uint32_t k = 0; p && k < p->func_count; k++) {
        char why[256];
        const vm_func *f = &p->funcs[k];
        if (vm_func_fits(f, VM_STACK_SLOTS, why, sizeof why))
            continue;
        const library_file *in = NULL;
        for (int i = 0; i < count && !in; i++)
            if (ids[i] == f->pos.file)
                in = &files[i];
        diag_report(diags, DIAG_TOO_MANY_LOCALS, in ? in->path : "(patterns)", in ? in->text : NULL,
                    in ? in->len : 0, f->pos.line ? f->pos.line : 1, f->pos.col ? f->pos.col : 1,
                    "%s: use smaller arrays or fewer variables", why);
        reported++;
    }
    diag_sort(diags);
    return reported;
}

/* The look rules of every bulletml declaration called stem, in file order. */
static library_look_rule *library_looks_for(const library *lib, arena *ar,
                                            const library_file *files, int count,
                                            ast_decl *const *decls, const char *stem, int *n)
{
    *n = 0;
    for (int fi = 0; stem && fi < count; fi++)
        for (const ast_decl *d = decls[fi]; d; d = d->next)
            for (const ast_look_rule *r = d->looks;
                 d->kind == DECL_BULLETML && d->name && strcmp(d->name, stem) == 0 && r;
                 r = r->next)
                (*n)++;
    if (*n == 0)
        return NULL;
    library_look_rule *out = arena_alloc(ar, (size_t)*n * sizeof *out);
    int k = 0;
    for (int fi = 0; out && fi < count; fi++)
        for (const ast_decl *d = decls[fi]; d; d = d->next)
            for (const ast_look_rule *r = d->looks;
                 d->kind == DECL_BULLETML && d->name && strcmp(d->name, stem) == 0 && r;
                 r = r->next) {
                ast_pos at = r->label ? r->label_pos : r->pos; /* where the importer's errors go */
                out[k++] = (library_look_rule){r->label,       library_rule_look(lib, r),
                                               files[fi].path, files[fi].text,
                                               files[fi].len,  at.line,
                                               at.col};
            }
    if (!out)
        *n = 0;
    return out;
}

/* The scene declarations into lib->scenes: each a stage entry of its name,
 * placed before or after a stage or a boss of that name (a stage first); a
 * target that is neither, or a second scene at the same place, is an error at
 * the target's name. */
static void library_collect_scenes(library *lib, const library_file *files, int count,
                                   ast_decl *const *decls, diag_list *diags)
{
    uint32_t n = 0;
    for (int i = 0; i < count; i++)
        for (const ast_decl *d = decls[i]; d; d = d->next)
            n += d->kind == DECL_STAGE && d->scene_when != 0;
    if (n == 0)
        return;
    lib->scenes = arena_alloc(&lib->mem, n * sizeof *lib->scenes);
    if (!lib->scenes)
        return;
    for (int i = 0; i < count; i++)
        for (const ast_decl *d = decls[i]; d; d = d->next) {
            if (d->kind != DECL_STAGE || d->scene_when == 0 || !d->name || !d->scene_target)
                continue;
            const library_entry *e = library_find(lib, d->name);
            if (!e)
                continue; /* a duplicate name: reported by the compiler */
            library_scene sc = {e->name, e->func, d->scene_when, -1, NULL};
            if (d->scene_when >= LIBRARY_SCENE_GOOD) { /* an ending: one of each */
                if (library_scene_ending(lib, d->scene_when) >= 0)
                    diag_report(diags, DIAG_DUPLICATE_NAME, files[i].path, files[i].text,
                                files[i].len, d->scene_target_pos.line, d->scene_target_pos.col,
                                "a %s ending is declared already",
                                d->scene_when == LIBRARY_SCENE_GOOD ? "good" : "bad");
                else
                    lib->scenes[lib->scene_count++] = sc;
                continue;
            }
            const library_entry *st = library_find(lib, d->scene_target);
            int is_stage = st && st->kind == LIBRARY_STAGE;
            for (uint32_t k = 0; k < lib->scene_count && is_stage; k++)
                if (strcmp(lib->scenes[k].name, d->scene_target) == 0)
                    is_stage = 0; /* a scene is no stage to play at */
            if (is_stage)
                sc.stage = st->name;
            for (uint32_t b = 0; !is_stage && b < lib->boss_count; b++)
                if (strcmp(lib->bosses[b].name, d->scene_target) == 0)
                    sc.boss = (int32_t)b;
            if (!sc.stage && sc.boss < 0) {
                diag_report(diags, DIAG_UNKNOWN_BOSS, files[i].path, files[i].text, files[i].len,
                            d->scene_target_pos.line, d->scene_target_pos.col,
                            "scene '%s' plays at no stage or boss: there is none called '%s'",
                            d->name, d->scene_target);
                continue;
            }
            int64_t other = sc.stage ? library_scene_for_stage(lib, sc.stage, sc.when)
                                     : library_scene_for_boss(lib, sc.boss, sc.when);
            if (other >= 0) {
                diag_report(diags, DIAG_DUPLICATE_NAME, files[i].path, files[i].text, files[i].len,
                            d->scene_target_pos.line, d->scene_target_pos.col,
                            "a scene already plays %s '%s'", sc.when == 1 ? "before" : "after",
                            d->scene_target);
                continue;
            }
            lib->scenes[lib->scene_count++] = sc;
        }
}

int64_t library_scene_for_boss(const library *lib, int32_t boss, int when)
{
    for (uint32_t k = 0; lib && k < lib->scene_count; k++)
        if (lib->scenes[k].boss == boss && boss >= 0 && lib->scenes[k].when == when)
            return lib->scenes[k].func;
    return -1;
}

int64_t library_scene_for_stage(const library *lib, const char *stage, int when)
{
    for (uint32_t k = 0; lib && stage && k < lib->scene_count; k++)
        if (lib->scenes[k].stage && strcmp(lib->scenes[k].stage, stage) == 0 &&
            lib->scenes[k].when == when)
            return lib->scenes[k].func;
    return -1;
}

int64_t library_scene_ending(const library *lib, int when)
{
    for (uint32_t k = 0; lib && k < lib->scene_count; k++)
        if (lib->scenes[k].when == when)
            return lib->scenes[k].func;
    return -1;
}

int library_is_scene(const library *lib, const char *name)
{
    for (uint32_t k = 0; lib && name && k < lib->scene_count; k++)
        if (strcmp(lib->scenes[k].name, name) == 0)
            return 1;
    return 0;
}

library *library_compile(const library_file *files, int count, diag_list *diags)
{
    int errors_before = diags->errors;
    library *lib = mem_calloc(1, sizeof *lib);
    if (!lib) {
        library_oom(diags, files, count);
        return NULL;
    }
    arena_init(&lib->mem);
    arena scratch;
    arena_init(&scratch);
    program_builder b;
    program_builder_init(&b);
    ast_decl **decls = arena_alloc(&scratch, (size_t)(count + 1) * sizeof *decls);
    uint16_t *ids = arena_alloc(&scratch, (size_t)(count + 1) * sizeof *ids);
    compiler_import *imports = arena_alloc(&scratch, (size_t)(count + 1) * sizeof *imports);
    int nimports = 0;
    if (!decls || !ids || !imports)
        goto oom;
    /* files: parse pattern files first (their `bulletml` looks go to the
     * importers), then hand the others to their importer, in file order */
    for (int i = 0; i < count; i++) {
        ids[i] = program_add_file(&b, files[i].path);
        if (library_importer_for(files[i].path))
            continue;
        decls[i] = parser_parse(&scratch, diags, files[i].path, files[i].text, files[i].len, i);
        if (scratch.failed)
            goto oom;
    }
    lib->art_count = (uint32_t)art_collect(&lib->mem, files, count, decls, diags, &lib->art);
    int nsheets = 0;
    lib->backdrop_count = (uint32_t)backdrop_decl_collect(
        &lib->mem, files, count, decls, diags, &lib->backdrops, &lib->backdrop_sheets, &nsheets);
    lib->backdrop_sheet_count = (uint32_t)nsheets;
    lib->character_count = (uint32_t)character_collect(
        &lib->mem, files, count, decls, lib->art, (int)lib->art_count, diags, &lib->characters);
    lib->item_count = (uint32_t)item_decl_collect(&lib->mem, files, count, decls, lib->art,
                                                  (int)lib->art_count, diags, &lib->items);
    library_check_looks(lib, files, count, decls, diags);
    for (int i = 0; i < count; i++) {
        library_import_fn import = library_importer_for(files[i].path);
        if (import) {
            char *stem = library_stem(&scratch, files[i].path);
            int nlooks = 0;
            library_look_rule *looks =
                library_looks_for(lib, &scratch, files, count, decls, stem, &nlooks);
            if (scratch.failed)
                goto oom;
            int64_t func = import(&b, &files[i], looks, nlooks, diags);
            if (func >= 0 && stem && !library_is_name(stem))
                diag_report(diags, DIAG_OTHER_WARNING, files[i].path, NULL, 0, 1, 1,
                            "this file runs as the pattern '%s', which 'run' in a pattern file "
                            "cannot name (a name is letters, digits and '_', not starting with "
                            "a digit, not a reserved word): rename the file to use it there",
                            stem);
            if (func >= 0 && stem) {
                imports[nimports].name = stem;
                imports[nimports].func = (uint32_t)func;
                imports[nimports].file = i;
                nimports++;
            }
        }
    }
    compiler_input in = {files, count, decls, ids, imports, nimports};
    compiler_run(&in, &b, &scratch, diags, lib);
    if (!lib->mem.failed && lib->entries)
        library_collect_scenes(lib, files, count, decls, diags);
    diag_sort(diags);
    if (scratch.failed || lib->mem.failed || b.failed)
        goto oom;
    if (diags->errors > errors_before) {
        program_builder_free(&b);
        arena_free(&scratch);
        library_free(lib);
        return NULL;
    }
    char err[512];
    if (program_finish(&b, &lib->prog, err, sizeof err)) {
        diag_report(diags, strcmp(err, "out of memory") == 0 ? DIAG_OUT_OF_MEMORY : DIAG_INTERNAL,
                    count ? files[0].path : "(patterns)", NULL, 0, 1, 1, "%s", err);
        arena_free(&scratch);
        library_free(lib);
        return NULL;
    }
    int unfit = library_check_frames(lib->prog, files, ids, count, diags);
    arena_free(&scratch);
    if (unfit) {
        library_free(lib);
        return NULL;
    }
    return lib;
oom:
    library_oom(diags, files, count);
    program_builder_free(&b);
    arena_free(&scratch);
    library_free(lib);
    return NULL;
}

library *library_load_paths(const char *const *paths, int count, diag_list *diags)
{
    return library_load_texts(paths, count, NULL, NULL, diags);
}

library *library_load_texts(const char *const *paths, int count, library_text_fn text_of, void *ctx,
                            diag_list *diags)
{
    library_file *files = mem_calloc((size_t)count + 1, sizeof *files);
    char **owned = mem_calloc((size_t)count + 1, sizeof *owned);
    if (!files || !owned) {
        mem_free(files);
        mem_free(owned);
        diag_report(diags, DIAG_OUT_OF_MEMORY, count ? paths[0] : "(patterns)", NULL, 0, 1, 1,
                    "out of memory while loading");
        return NULL;
    }
    int ok = 1;
    for (int i = 0; i < count; i++) {
        char err[256];
        size_t size = 0;
        files[i].path = paths[i];
        const char *given = text_of ? text_of(ctx, paths[i], &size) : NULL;
        if (given) {
            files[i].text = given;
            files[i].len = size;
            continue;
        }
        owned[i] = file_read_limit(paths[i], FILE_LIMIT_PATTERN, &size, err, sizeof err);
        files[i].text = owned[i] ? owned[i] : "";
        files[i].len = owned[i] ? size : 0;
        if (!owned[i]) {
            diag_report(diags, DIAG_FILE_READ, paths[i], NULL, 0, 1, 1, "%s",
                        file_error_reason(err, paths[i]));
            ok = 0;
        }
    }
    library *lib = ok ? library_compile(files, count, diags) : NULL;
    for (int i = 0; i < count; i++)
        mem_free(owned[i]);
    mem_free(owned);
    mem_free(files);
    return lib;
}

/* ---- folders ---- */

typedef struct path_list {
    char **paths; /* full paths */
    char **rel;   /* relative to their root */
    int count, cap;
    int failed;
    long budget; /* directory entries still to look at; negative: no limit */
    /* the walk's bounds: each real folder once, nothing outside the root */
    const char *root;                    /* the folder walked */
    dev_t seen_dev[LIBRARY_MAX_FOLDERS]; /* the folders walked, by device and inode */
    ino_t seen_ino[LIBRARY_MAX_FOLDERS];
    int seen;
    int looped, outside, deep, too_many; /* what was skipped, to say once */
    int over;                            /* the entries' budget ran out */
} path_list;

static void path_list_free(path_list *l)
{
    for (int i = 0; i < l->count; i++) {
        mem_free(l->paths[i]);
        mem_free(l->rel[i]);
    }
    mem_free(l->paths);
    mem_free(l->rel);
    memset(l, 0, sizeof *l);
}

static void path_list_add(path_list *l, const char *path, const char *rel)
{
    if (l->failed)
        return;
    if (l->count == l->cap) {
        int ncap = l->cap ? l->cap * 2 : 32;
        char **p = mem_realloc(l->paths, (size_t)ncap * sizeof *p);
        if (p)
            l->paths = p;
        char **r = p ? mem_realloc(l->rel, (size_t)ncap * sizeof *r) : NULL;
        if (!p || !r) {
            l->failed = 1;
            return;
        }
        l->rel = r;
        l->cap = ncap;
    }
    char *a = mem_strdup(path), *b = mem_strdup(rel);
    if (!a || !b) {
        mem_free(a);
        mem_free(b);
        l->failed = 1;
        return;
    }
    l->paths[l->count] = a;
    l->rel[l->count] = b;
    l->count++;
}

int library_is_pattern_file(const char *name)
{
    return library_ends_with(name, LIBRARY_EXTENSION) || library_importer_for(name) != NULL;
}

/* Whether the folder dir is walked now: not seen before (a link back to a
 * folder, or a loop, reaches one again: each real folder by device and inode is
 * walked once), within the root (links resolved) and LIBRARY_MAX_DEPTH, and
 * within LIBRARY_MAX_FOLDERS. What is skipped is counted, to be said once. */
static int library_scan_enter(path_list *l, const char *dir, int depth)
{
    struct stat st;
    if (stat(dir, &st) != 0)
        return 0;
    for (int i = 0; i < l->seen; i++)
        if (l->seen_dev[i] == st.st_dev && l->seen_ino[i] == st.st_ino) {
            l->looped++;
            return 0;
        }
    if (depth > 0 && l->root && !file_inside(dir, l->root)) {
        l->outside++;
        return 0;
    }
    if (depth > LIBRARY_MAX_DEPTH) {
        l->deep++;
        return 0;
    }
    if (l->seen >= LIBRARY_MAX_FOLDERS) {
        l->too_many++;
        return 0;
    }
    l->seen_dev[l->seen] = st.st_dev;
    l->seen_ino[l->seen] = st.st_ino;
    l->seen++;
    return 1;
}

/* Adds every pattern file under dir (rel: its path relative to the root): at
 * most LIBRARY_MAX_FILES, none reached through a link out of the root. */
static void library_scan(path_list *l, const char *dir, const char *rel, int depth)
{
    if (!library_scan_enter(l, dir, depth))
        return;
    DIR *d = opendir(dir);
    if (!d)
        return;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (l->budget == 0) {
            l->too_many++;
            l->over = 1;
            break;
        }
        l->budget -= l->budget > 0;
        if (e->d_name[0] == '.')
            continue;
        char path[1024], sub[1024];
        if (snprintf(path, sizeof path, "%s/%s", dir, e->d_name) >= (int)sizeof path ||
            snprintf(sub, sizeof sub, "%s%s%s", rel, rel[0] ? "/" : "", e->d_name) >=
                (int)sizeof sub)
            continue;
        if (file_is_dir(path)) {
            library_scan(l, path, sub, depth + 1);
        } else if (library_is_pattern_file(e->d_name)) {
            if (l->root && !file_inside(path, l->root))
                l->outside++;
            else if (l->count >= LIBRARY_MAX_FILES)
                l->too_many++;
            else
                path_list_add(l, path, sub);
        }
    }
    closedir(d);
}

/* Walks dir into l, bounded (library_scan): budget entries at most (negative:
 * no limit). */
static void library_walk(path_list *l, const char *dir, long budget)
{
    l->budget = budget;
    l->root = dir;
    library_scan(l, dir, "", 0);
}

/* Says once, as a warning at the folder, what its walk left out. */
static void library_walk_report(const path_list *l, const char *dir, diag_list *diags)
{
    if (l->looped + l->outside + l->deep + l->too_many == 0)
        return;
    diag_report(diags, DIAG_OTHER_WARNING, dir, NULL, 0, 1, 1,
                "the folder's walk left out %d folder%s reached again (a link back, or a loop), "
                "%d file%s or folder%s outside it (a link out), %d deeper than %d levels, %d "
                "past the bounds (%d folders, %d pattern files)",
                l->looped, l->looped == 1 ? "" : "s", l->outside, l->outside == 1 ? "" : "s",
                l->outside == 1 ? "" : "s", l->deep, LIBRARY_MAX_DEPTH, l->too_many,
                LIBRARY_MAX_FOLDERS, LIBRARY_MAX_FILES);
}

/* The game's pattern files as it shipped them before stages 4 to 6 (relative to
 * its folder, sorted): a folder's files are compiled in this order first, then
 * every other file, sorted. A file added to the game so never comes between two
 * of these, where it would change what the first format-3 and format-4 replays
 * hashed for a script past its end: the place "the start of the function after
 * its own" (vm_hash_portable_next, WORLD_FLAG_NEXT_PLACE). Never reorder it or
 * add to it. */
static const char *const library_first_files[] = {
    "aimed_stream.pat",
    "bubble_wall.pat",
    "cage.pat",
    "crossfire.pat",
    "curtain.pat",
    "double_helix.pat",
    "firework.pat",
    "flower.pat",
    "fountain.pat",
    "galaxy.pat",
    "game.pat",
    "kaleidoscope.pat",
    "laser_cage.pat",
    "laser_chain.pat",
    "laser_snakes.pat",
    "laser_sweep.pat",
    "random_rain.pat",
    "ring_burst.pat",
    "rose.pat",
    "rotating_arms.pat",
    "ships/hotaru.pat",
    "ships/shirasagi.pat",
    "slow_reaim.pat",
    "spiral.pat",
    "split.pat",
    "spread_fan.pat",
    "stage1/1_enemies.pat",
    "stage1/2_midboss.pat",
    "stage1/3_boss.pat",
    "stage1/stage1.pat",
    "stage2/1_enemies.pat",
    "stage2/2_midboss.pat",
    "stage2/3_boss.pat",
    "stage2/stage2.pat",
    "stage3/1_enemies.pat",
    "stage3/2_midboss.pat",
    "stage3/3_boss.pat",
    "stage3/stage3.pat",
    "star_bloom.pat",
    "vortex.pat",
    "wave.pat",
};

/* A file's place in library_first_files, or the list's length for the others. */
static size_t library_file_rank(const char *rel)
{
    size_t n = sizeof library_first_files / sizeof *library_first_files;
    for (size_t k = 0; k < n; k++)
        if (strcmp(rel, library_first_files[k]) == 0)
            return k;
    return n;
}

/* Whether the file of rank ra and path a is compiled after that of rank rb and
 * path b: library_first_files first, in its order, then the others sorted. */
static int library_after(size_t ra, const char *a, size_t rb, const char *b)
{
    return ra != rb ? ra > rb : strcmp(a, b) > 0;
}

/* The rank of a list's entry i: from ranks when there, else looked up. */
static size_t path_list_rank(const path_list *l, const size_t *ranks, int i)
{
    return ranks ? ranks[i] : library_file_rank(l->rel[i]);
}

/* Sorts a list into compile order (library_after; both arrays together). The
 * ranks are looked up once each (out of memory: at every comparison). */
static void path_list_sort(path_list *l)
{
    size_t *ranks = l->count > 0 ? mem_alloc((size_t)l->count * sizeof *ranks) : NULL;
    for (int i = 0; ranks && i < l->count; i++)
        ranks[i] = library_file_rank(l->rel[i]);
    /* pairs "rel\0path" would need copies; a simple insertion sort keeps all in step */
    for (int i = 1; i < l->count; i++) {
        char *p = l->paths[i], *r = l->rel[i];
        size_t k = path_list_rank(l, ranks, i);
        int j = i;
        while (j > 0 && library_after(path_list_rank(l, ranks, j - 1), l->rel[j - 1], k, r)) {
            l->paths[j] = l->paths[j - 1];
            l->rel[j] = l->rel[j - 1];
            if (ranks)
                ranks[j] = ranks[j - 1];
            j--;
        }
        l->paths[j] = p;
        l->rel[j] = r;
        if (ranks)
            ranks[j] = k;
    }
    mem_free(ranks);
}

char **library_list_dir(const char *dir, long max_entries, int *count)
{
    path_list l = {0};
    library_walk(&l, dir, max_entries > 0 ? max_entries : -1);
    path_list_sort(&l);
    *count = 0;
    if (l.failed || l.over || l.count == 0) {
        path_list_free(&l);
        return NULL;
    }
    for (int i = 0; i < l.count; i++)
        mem_free(l.rel[i]);
    mem_free(l.rel);
    *count = l.count;
    return l.paths;
}

void library_paths_free(char **paths, int count)
{
    for (int i = 0; paths && i < count; i++)
        mem_free(paths[i]);
    mem_free(paths);
}

library *library_load_dir(const char *dir, const char *mod_dir, diag_list *diags)
{
    return library_load_dir_kept(dir, mod_dir, NULL, diags);
}

char **library_list_over(const char *dir, const char *mod_dir, library_keep_fn keep,
                         diag_list *diags, int *count)
{
    path_list base = {0}, mod = {0};
    *count = 0;
    if (!file_is_dir(dir)) { /* no content is no game: never an empty library */
        diag_report(diags, DIAG_FILE_READ, dir, NULL, 0, 1, 1,
                    "not a folder: the game's patterns are not there (the data folder: "
                    "--data DIR or CURTAIN_DATA)");
        return NULL;
    }
    library_walk(&base, dir, LIBRARY_MAX_ENTRIES);
    library_walk_report(&base, dir, diags);
    if (mod_dir) {
        if (!file_is_dir(mod_dir))
            diag_report(diags, DIAG_FILE_READ, mod_dir, NULL, 0, 1, 1, "not a folder");
        library_walk(&mod, mod_dir, LIBRARY_MAX_ENTRIES);
        library_walk_report(&mod, mod_dir, diags);
    }
    char **paths = NULL;
    if (base.failed || mod.failed) {
        diag_report(diags, DIAG_OUT_OF_MEMORY, dir, NULL, 0, 1, 1, "out of memory while loading");
    } else if (!mod_dir || file_is_dir(mod_dir)) {
        path_list_sort(&base);
        path_list_sort(&mod);
        paths = mem_calloc((size_t)base.count + (size_t)mod.count + 1, sizeof *paths);
        int n = 0, failed = !paths;
        for (int i = 0; paths && i < base.count; i++) {
            int overridden = 0;
            for (int k = 0; k < mod.count && !overridden; k++)
                overridden = strcmp(base.rel[i], mod.rel[k]) == 0;
            if (!overridden && (!keep || keep(base.rel[i])))
                failed |= !(paths[n++] = mem_strdup(base.paths[i]));
        }
        for (int k = 0; paths && k < mod.count; k++)
            failed |= !(paths[n++] = mem_strdup(mod.paths[k]));
        if (failed) {
            library_paths_free(paths, n);
            paths = NULL;
            diag_report(diags, DIAG_OUT_OF_MEMORY, dir, NULL, 0, 1, 1,
                        "out of memory while loading");
        } else {
            *count = n;
        }
    }
    path_list_free(&base);
    path_list_free(&mod);
    return paths;
}

library *library_load_dir_kept(const char *dir, const char *mod_dir, library_keep_fn keep,
                               diag_list *diags)
{
    int n = 0;
    char **paths = library_list_over(dir, mod_dir, keep, diags, &n);
    if (!paths)
        return NULL;
    library *lib = library_load_paths((const char *const *)paths, n, diags);
    library_paths_free(paths, n);
    return lib;
}

/* ---- lookups ---- */

const library_entry *library_find(const library *lib, const char *name)
{
    for (uint32_t i = 0; i < lib->entry_count; i++)
        if (strcmp(lib->entries[i].name, name) == 0)
            return &lib->entries[i];
    return NULL;
}

int library_entry_runnable(const library_entry *e)
{
    for (int i = 0; i < e->nparams; i++)
        if (isnan(e->defaults[i]))
            return 0;
    return 1;
}

const library_boss *library_find_boss(const library *lib, const char *name)
{
    for (uint32_t i = 0; i < lib->boss_count; i++)
        if (strcmp(lib->bosses[i].name, name) == 0)
            return &lib->bosses[i];
    return NULL;
}

/* The length of a path's folder part ("a/b/c.pat": 3). */
static size_t library_dir_len(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? (size_t)(slash - path) : 0;
}

static int library_same_dir(const char *a, const char *b)
{
    size_t n = library_dir_len(a);
    return n == library_dir_len(b) && strncmp(a, b, n) == 0;
}

const char *library_boss_stage(const library *lib, uint32_t boss, int *main)
{
    *main = 0;
    if (!lib || boss >= lib->boss_count || !lib->bosses[boss].file)
        return NULL;
    const library_boss *b = &lib->bosses[boss];
    const char *stage = NULL;
    for (uint32_t i = 0; i < lib->entry_count && !stage; i++)
        if (lib->entries[i].kind == LIBRARY_STAGE && lib->entries[i].file &&
            library_same_dir(lib->entries[i].file, b->file))
            stage = lib->entries[i].name;
    if (!stage)
        return NULL;
    *main = 1;
    for (uint32_t i = 0; i < lib->boss_count; i++)
        if (i != boss && lib->bosses[i].file && library_same_dir(lib->bosses[i].file, b->file) &&
            (lib->bosses[i].phase_count > b->phase_count ||
             (lib->bosses[i].phase_count == b->phase_count && i > boss)))
            *main = 0;
    return stage;
}

const character_info *library_find_character(const library *lib, const char *name)
{
    int k = lib ? character_find(lib->characters, (int)lib->character_count, name) : -1;
    return k >= 0 ? &lib->characters[k] : NULL;
}

const character_info *library_character_at(const library *lib, int index)
{
    return lib && index >= 0 && (uint32_t)index < lib->character_count ? &lib->characters[index]
                                                                       : NULL;
}

int library_find_ship(const library *lib, const char *name)
{
    for (uint32_t i = 0; lib && i < lib->ship_count; i++)
        if (strcmp(lib->ships[i].name, name) == 0)
            return (int)i;
    return -1;
}

const library_ship *library_fallback_ship(void)
{
    static const library_ship fallback = {
        .name = "",
        .title = "Ship",
        .look = "",
        .option_look = "",
        .about = "",
        .num =
            {
#define LIBRARY_SHIP_DEFAULT(id, keyword, def, doc) def,
                SHIP_NUMBERS(LIBRARY_SHIP_DEFAULT)
#undef LIBRARY_SHIP_DEFAULT
            },
        .shot = {{LIBRARY_NO_FUNC, LIBRARY_NO_FUNC, LIBRARY_NO_FUNC, LIBRARY_NO_FUNC},
                 {LIBRARY_NO_FUNC, LIBRARY_NO_FUNC, LIBRARY_NO_FUNC, LIBRARY_NO_FUNC}},
        .bomb = LIBRARY_NO_FUNC,
        .bomb_show = LIBRARY_NO_FUNC,
        .character = -1,
        .file = "",
        .type_name = "",
        .type_title = "",
        .type_about = "",
    };
    return &fallback;
}

const library_ship *library_ship_type(const library_ship *s, uint32_t t)
{
    return s && s->types && t > 0 && t < s->type_count ? &s->types[t] : s;
}

int library_find_ship_type(const library_ship *s, const char *name)
{
    for (uint32_t k = 0; s && name && k < s->type_count; k++)
        if (strcmp(s->types[k].type_name, name) == 0)
            return (int)k;
    return -1;
}

uint32_t library_ship_volley(const library_ship *s, int focused, int level)
{
    int k = level < 1 ? 0 : level > LIBRARY_SHIP_LEVELS ? LIBRARY_SHIP_LEVELS - 1 : level - 1;
    for (; k >= 0; k--)
        if (s->shot[focused != 0][k] != LIBRARY_NO_FUNC)
            return s->shot[focused != 0][k];
    return LIBRARY_NO_FUNC;
}

const library_entry *library_default_entry(const library *lib, const char *path)
{
    arena tmp;
    arena_init(&tmp);
    char *stem = library_stem(&tmp, path);
    const library_entry *best = NULL, *last_pattern = NULL, *first_other = NULL;
    for (uint32_t i = 0; i < lib->entry_count; i++) {
        const library_entry *e = &lib->entries[i];
        if (strcmp(e->file, path) != 0)
            continue;
        if (!library_entry_runnable(e))
            continue;
        if (e->kind == LIBRARY_PATTERN || e->kind == LIBRARY_IMPORT) {
            if (stem && strcmp(e->name, stem) == 0)
                best = e;
            else if (!best && strcmp(e->name, "main") == 0)
                best = e;
            last_pattern = e;
        } else if (!first_other && e->kind != LIBRARY_PATTERN) {
            first_other = e;
        }
    }
    arena_free(&tmp);
    if (best)
        return best;
    if (last_pattern)
        return last_pattern;
    return first_other;
}
