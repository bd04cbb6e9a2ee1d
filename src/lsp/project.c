/*
 * project: the files an open file is compiled with. See project.h.
 */
#include "lsp/project.h"

#include "core/data_path.h"
#include "core/file.h"
#include "core/mem.h"
#include "pattern/content/library.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

/* Whether the listed files hold more than PROJECT_MAX_BYTES together (sizes
 * from stat, before anything is read). */
static int project_too_large(char *const *listed, int count)
{
    unsigned long long total = 0;
    for (int i = 0; i < count; i++) {
        struct stat st;
        if (stat(listed[i], &st) == 0 && S_ISREG(st.st_mode))
            total += (unsigned long long)st.st_size;
        if (total > PROJECT_MAX_BYTES)
            return 1;
    }
    return 0;
}

/* Whether dir/name exists: a folder when folder, else a file. */
static int project_has(const char *dir, const char *name, int folder)
{
    char path[PROJECT_PATH_MAX];
    struct stat st;
    if (snprintf(path, sizeof path, "%s/%s", dir, name) >= (int)sizeof path || stat(path, &st) != 0)
        return 0;
    return folder ? S_ISDIR(st.st_mode) : S_ISREG(st.st_mode);
}

/* Whether path lies under the folder root. */
static int project_under(const char *root, const char *path)
{
    size_t n = strlen(root);
    return strncmp(root, path, n) == 0 && (path[n] == '/' || (n == 1 && root[0] == '/'));
}

/* The game's patterns folder a mod is laid over into game ("" when there is none). */
static void project_game_of(const project_places *places, char *game, size_t size)
{
    if (places && places->game[0])
        snprintf(game, size, "%s", places->game);
    else if (data_path_join(game, size, "patterns") != 0)
        game[0] = '\0';
    if (game[0] && !file_is_dir(game))
        game[0] = '\0';
}

/* The deepest workspace folder holding path that is not a tree of the game
 * (one with a patterns/ folder), or NULL. */
static const char *project_workspace_of(const project_places *places, const char *path)
{
    const char *best = NULL;
    for (int i = 0; places && i < places->count; i++) {
        const char *f = places->folders[i];
        if (f[0] == '/' && project_under(f, path) && (!best || strlen(f) > strlen(best)) &&
            !project_has(f, "patterns", 1))
            best = f;
    }
    return best;
}

int project_root_of(const char *path, const project_places *places, char *root, char *game,
                    size_t size)
{
    snprintf(root, size, "%s", path);
    game[0] = '\0';
    char dir[PROJECT_PATH_MAX];
    if (snprintf(dir, sizeof dir, "%s", path) >= (int)sizeof dir || path[0] != '/')
        return -1;
    char *slash = strrchr(dir, '/');
    if (!slash)
        return -1;
    *slash = '\0';
    /* the nearest parent named "patterns" */
    char up[PROJECT_PATH_MAX];
    snprintf(up, sizeof up, "%s", dir);
    for (char *end; (end = strrchr(up, '/')) != NULL; *end = '\0') {
        if (strcmp(end + 1, "patterns") == 0) {
            snprintf(root, size, "%s", up);
            return 0;
        }
    }
    /* the nearest parent marked as a mod's root */
    snprintf(up, sizeof up, "%s", dir);
    for (char *end = up + strlen(up); end; end = strrchr(up, '/')) {
        *end = '\0';
        if (up[0] && project_has(up, PROJECT_MOD_MARKER, 0)) {
            snprintf(root, size, "%s", up);
            project_game_of(places, game, size);
            return 0;
        }
    }
    const char *workspace = project_workspace_of(places, path);
    snprintf(root, size, "%s", workspace ? workspace : dir[0] ? dir : "/");
    return 0;
}

/* Adds a file (not yet in the list) with its text. */
static int project_add(project *p, const char *path, project_text_fn text_of, void *ctx)
{
    if (project_find(p, path) >= 0)
        return 0;
    project_file *f = &p->files[p->count];
    memset(f, 0, sizeof *f);
    f->path = mem_strdup(path);
    if (!f->path)
        return -1;
    p->count++;
    size_t len = 0;
    const char *given = text_of ? text_of(ctx, path, &len) : NULL;
    if (given) {
        f->text = given;
        f->len = len;
        return 0;
    }
    char err[256];
    f->owned = file_read_limit(path, FILE_LIMIT_PATTERN, &f->len, err, sizeof err);
    f->text = f->owned ? f->owned : "";
    f->unreadable = f->owned == NULL;
    if (!f->owned)
        f->len = 0;
    return 0;
}

/* The pattern files of a mod laid over the game's (p->game), in the order
 * `play --mod` compiles them (library_load_dir): the game's files the mod does
 * not replace (same path under its folder), then the mod's. NULL as
 * library_list_dir is. */
static char **project_list_mod(const project *p, int *count)
{
    int ngame = 0, nmod = 0;
    char **game = library_list_dir(p->game, PROJECT_MAX_ENTRIES, &ngame);
    char **mod = library_list_dir(p->root, PROJECT_MAX_ENTRIES, &nmod);
    char **all = mod && (size_t)ngame + (size_t)nmod <= PROJECT_MAX_FILES
                     ? mem_calloc((size_t)ngame + (size_t)nmod, sizeof *all)
                     : NULL;
    *count = 0;
    size_t glen = strlen(p->game), mlen = strlen(p->root);
    for (int i = 0; all && i < ngame; i++) {
        int replaced = 0;
        for (int k = 0; k < nmod && !replaced; k++)
            replaced = strcmp(game[i] + glen, mod[k] + mlen) == 0;
        if (replaced) {
            mem_free(game[i]);
        } else {
            all[(*count)++] = game[i];
        }
        game[i] = NULL;
    }
    for (int k = 0; all && k < nmod; k++) {
        all[(*count)++] = mod[k];
        mod[k] = NULL;
    }
    library_paths_free(game, ngame);
    library_paths_free(mod, nmod);
    return all;
}

int project_load(project *p, const char *path, const project_places *places,
                 const char *const *extra, int nextra, project_text_fn text_of, void *ctx)
{
    memset(p, 0, sizeof *p);
    int count = 0;
    char **listed = NULL;
    if (project_root_of(path, places, p->root, p->game, sizeof p->root) == 0) {
        listed = p->game[0] ? project_list_mod(p, &count)
                            : library_list_dir(p->root, PROJECT_MAX_ENTRIES, &count);
        if (!listed || count > PROJECT_MAX_FILES || project_too_large(listed, count)) {
            library_paths_free(listed, count);
            listed = NULL;
            count = 0;
            snprintf(p->root, sizeof p->root, "%s", path);
            p->game[0] = '\0';
        }
    }
    p->files = mem_calloc((size_t)count + (size_t)nextra + 1, sizeof *p->files);
    int rc = p->files ? 0 : -1;
    for (int i = 0; rc == 0 && i < count; i++)
        rc = project_add(p, listed[i], text_of, ctx);
    library_paths_free(listed, count);
    for (int i = 0; rc == 0 && i < nextra; i++)
        if (count && project_under(p->root, extra[i]) && library_is_pattern_file(extra[i]))
            rc = project_add(p, extra[i], text_of, ctx);
    if (rc == 0)
        rc = project_add(p, path, text_of, ctx);
    if (rc)
        project_unload(p);
    return rc;
}

void project_unload(project *p)
{
    for (int i = 0; p->files && i < p->count; i++) {
        mem_free(p->files[i].path);
        mem_free(p->files[i].owned);
        outline_free(&p->files[i].outline);
    }
    mem_free(p->files);
    p->files = NULL;
    p->count = 0;
}

int project_find(const project *p, const char *path)
{
    for (int i = 0; i < p->count; i++)
        if (strcmp(p->files[i].path, path) == 0)
            return i;
    return -1;
}

int project_is_pattern(const project *p, int i)
{
    size_t n = strlen(p->files[i].path), k = strlen(LIBRARY_EXTENSION);
    return n >= k && strcmp(p->files[i].path + n - k, LIBRARY_EXTENSION) == 0;
}

/* A file of another format (BulletML) declares one name: its stem, which
 * pattern files run; definitions of it land on the file's first bytes. */
static int project_import_outline(project_file *f)
{
    outline *o = &f->outline;
    if (outline_build(o, "", 0) != 0)
        return -1;
    const char *base = strrchr(f->path, '/');
    base = base ? base + 1 : f->path;
    const char *dot = strrchr(base, '.');
    size_t n = dot && dot != base ? (size_t)(dot - base) : strlen(base);
    n = n < OUTLINE_NAME_MAX - 1 ? n : OUTLINE_NAME_MAX - 1;
    outline_symbol *y = &o->symbols[0];
    memset(y, 0, sizeof *y);
    y->kind = OUTLINE_DECL;
    snprintf(y->keyword, sizeof y->keyword, "bulletml");
    memcpy(y->name, base, n);
    y->name[n] = '\0';
    y->name_len = n;
    y->parent = -1;
    o->count = 1;
    return 0;
}

const outline *project_outline(project *p, int i)
{
    project_file *f = &p->files[i];
    if (!f->outlined) {
        int rc = project_is_pattern(p, i) ? outline_build(&f->outline, f->text, f->len)
                                          : project_import_outline(f);
        if (rc != 0)
            return NULL;
        f->outlined = 1;
    }
    return &f->outline;
}

static const char *project_text_of(void *ctx, const char *path, size_t *len)
{
    const project *p = ctx;
    int i = project_find(p, path);
    if (i < 0 || p->files[i].unreadable)
        return NULL; /* library_load_texts reads it, and reports why it cannot */
    *len = p->files[i].len;
    return p->files[i].text;
}

void project_lint(project *p, diag_list *diags)
{
    const char **paths = mem_calloc((size_t)p->count + 1, sizeof *paths);
    if (!paths) {
        diag_report(diags, DIAG_OUT_OF_MEMORY, p->count ? p->files[0].path : "(patterns)", NULL, 0,
                    1, 1, "out of memory while loading");
        return;
    }
    for (int i = 0; i < p->count; i++)
        paths[i] = p->files[i].path;
    library *lib = library_load_texts(paths, p->count, project_text_of, p, diags);
    library_free(lib);
    mem_free(paths);
}
