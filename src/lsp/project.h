/*
 * project: the pattern files an open file is compiled with, as `curtain lint`
 * would be given them, with the editor's unsaved text in place of what is on
 * disk.
 *
 * A file belongs to the library folder above it, the first of:
 *   1. the nearest folder named `patterns` among its parents (the game's
 *      library: the files of patterns/stage1/ are compiled with all of patterns/);
 *   2. a mod: the nearest parent holding PROJECT_MOD_MARKER. A mod is compiled
 *      as `play --mod` loads it: laid over the game's patterns (the data
 *      folder's, core/data_path.h), a file of the mod replacing the game's file
 *      of the same path under its folder, every other file of both compiled;
 *   3. the client's workspace folder that holds it (the deepest), unless that
 *      folder holds a `patterns` folder (a tree of the game: its docs and tests
 *      are not one library): every pattern file under it, subfolders included;
 *   4. its own folder (a folder of examples: every pattern file under it).
 * A
 * folder of more than PROJECT_MAX_FILES pattern files, of more than
 * PROJECT_MAX_ENTRIES entries in all, or whose pattern files hold more than
 * PROJECT_MAX_BYTES together (a temporary folder of large files), is not a
 * library: the
 * file is then compiled alone. A file without a path on disk (an editor's
 * untitled buffer) is a project of its own.
 */
#ifndef CURTAIN_LSP_PROJECT_H
#define CURTAIN_LSP_PROJECT_H

#include "lsp/outline.h"
#include "pattern/language/diag.h"

#include <stddef.h>

#define PROJECT_MAX_FILES   1024
/* The most folder entries looked at while listing a library (a bound on the time). */
#define PROJECT_MAX_ENTRIES 20000
#define PROJECT_PATH_MAX    1024
/* The most bytes a library's files may hold together: what one compile reads. */
#define PROJECT_MAX_BYTES   (32u << 20)
/* The file that marks a mod's root folder (its text: anything, say the mod's name). */
#define PROJECT_MOD_MARKER  "curtain-mod.txt"
/* The most workspace folders a client's are looked at. */
#define PROJECT_MAX_FOLDERS 16

/* Where a client works: its workspace folders (absolute paths), and the game's
 * patterns folder a mod is laid over ("" : the data folder's). */
typedef struct project_places {
    char folders[PROJECT_MAX_FOLDERS][PROJECT_PATH_MAX];
    int count;
    char game[PROJECT_PATH_MAX];
} project_places;

/* The editor's text of a file, or NULL to read it from disk. */
typedef const char *(*project_text_fn)(void *ctx, const char *path, size_t *len);

typedef struct project_file {
    char *path;
    const char *text; /* the editor's, or owned */
    size_t len;
    char *owned;     /* read from disk */
    int unreadable;  /* could not be read: text is "" */
    outline outline; /* built on first use (outline_of) */
    int outlined;
} project_file;

typedef struct project {
    char root[PROJECT_PATH_MAX]; /* the library folder, or the file itself */
    char game[PROJECT_PATH_MAX]; /* a mod's: the game's patterns under it; else "" */
    project_file *files;
    int count;
} project;

/* The library folder of path (see above; places may be NULL) into root, and
 * into game the game's patterns folder when root is a mod's (else ""); 0, or
 * -1 when the file is to be compiled alone (root then holds path). */
int project_root_of(const char *path, const project_places *places, char *root, char *game,
                    size_t size);
/* The files of path's project: the folder's pattern files (a mod's laid over
 * the game's), plus path and the open files of `extra` that are under root but
 * not yet on disk. Every file's text comes from text_of where it gives one. 0,
 * or -1 when memory ran out. */
int project_load(project *p, const char *path, const project_places *places,
                 const char *const *extra, int nextra, project_text_fn text_of, void *ctx);
void project_unload(project *p);
/* The index of a file by path, or -1. */
int project_find(const project *p, const char *path);
/* Whether file i is a pattern file (not BulletML). */
int project_is_pattern(const project *p, int i);
/* The outline of file i, built on first use (NULL when memory ran out). A
 * BulletML file's is one declaration (keyword "bulletml"): the pattern named
 * after the file (its name range: the file's first bytes). */
const outline *project_outline(project *p, int i);
/* Compiles the project as `curtain lint` compiles the same files, into diags. */
void project_lint(project *p, diag_list *diags);

#endif
