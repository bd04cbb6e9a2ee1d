/*
 * library: compiled pattern content. Pattern files (docs/patterns.md) compile
 * into one vm_program plus the tables a game needs to start things: patterns,
 * enemies and stages by name, and bosses with their phases.
 *
 * Loading never crashes and never half-succeeds: on any error the result is NULL
 * and every problem found is in the diag_list, as file:line:col with the source
 * line and a caret. Warnings alone do not stop a load.
 */
#ifndef CURTAIN_PATTERN_LIBRARY_H
#define CURTAIN_PATTERN_LIBRARY_H

#include "pattern/arena.h"
#include "pattern/diag.h"
#include "pattern/program.h"
#include "pattern/vm.h"

#include <stddef.h>
#include <stdint.h>

typedef enum library_kind {
    LIBRARY_PATTERN, /* pattern NAME(params) { ... }: runs on any object */
    LIBRARY_ENEMY,   /* enemy NAME(params) { ... }: run by an enemy spawned with it */
    LIBRARY_STAGE,   /* stage NAME { ... }: the timeline, run on the stage object */
    LIBRARY_IMPORT,  /* a file of another format (BulletML), run as a pattern */
} library_kind;

typedef struct library_entry {
    const char *name;
    library_kind kind;
    uint32_t func; /* function index in the program */
    int nparams;
    const double *defaults; /* nparams default values; NAN where a param has none */
    const char *file;       /* where it is defined */
    uint32_t line;
} library_entry;

typedef struct library_phase {
    const char *title; /* the spell card's name; NULL for an attack without one */
    int spell;
    uint32_t func; /* runs on the boss; its first instruction is the PHASE verb */
    /* Known at load time, for menus (practice); NAN when they depend on the
     * difficulty (the PHASE verb carries the value at run time). */
    double time, health, bonus;
} library_phase;

/* The most phases a boss may have: the game files a spell card under boss * 16 +
 * phase (game/boss.h), so a 17th would be taken for the next boss's first. The
 * compiler refuses more (TOO_MANY_PHASES). */
#define LIBRARY_MAX_PHASES 16

typedef struct library_boss {
    const char *name;  /* as declared */
    const char *title; /* display name; "" if none */
    const char *look;  /* sprite name; "" if none */
    library_phase *phases;
    uint32_t phase_count;
    const char *file; /* where it is defined */
} library_boss;

/* One source file: path (for diagnostics) and its text. */
typedef struct library_file {
    const char *path;
    const char *text;
    size_t len;
} library_file;

typedef struct library {
    vm_program *prog;
    library_entry *entries;
    uint32_t entry_count;
    library_boss *bosses;
    uint32_t boss_count;
    arena mem; /* the tables and their strings */
} library;

/* Compiles the files, in this order, into one library (names are shared across
 * files). NULL if any error was reported. */
library *library_compile(const library_file *files, int count, diag_list *diags);
/* Reads the files from disk, then compiles them. */
library *library_load_paths(const char *const *paths, int count, diag_list *diags);
/* The text of a file that is not (yet) on disk as it should be compiled: an
 * editor's unsaved buffer (`curtain lsp`). Returns NULL to read the file. */
typedef const char *(*library_text_fn)(void *ctx, const char *path, size_t *len);
/* library_load_paths, taking a file's text from text_of where it gives one. */
library *library_load_texts(const char *const *paths, int count, library_text_fn text_of, void *ctx,
                            diag_list *diags);
/* The pattern files under dir, recursively, sorted by their path relative to it:
 * what library_load_dir reads there. Sets *count; NULL if there are none, if
 * memory ran out, or if the folders hold more than max_entries entries in all
 * (a home folder is not a library; 0: no limit). Free with library_paths_free. */
char **library_list_dir(const char *dir, long max_entries, int *count);
void library_paths_free(char **paths, int count);
/* Whether a file name is a pattern file (.pat, or an importer's extension). */
int library_is_pattern_file(const char *name);
/* Every pattern file under dir (recursively, sorted by path). With mod_dir, a
 * file there with the same path relative to its folder replaces the built-in
 * one, and its other files are added. */
library *library_load_dir(const char *dir, const char *mod_dir, diag_list *diags);
void library_free(library *lib);

const library_entry *library_find(const library *lib, const char *name);
/* Whether every param of the entry has a default (so it can start alone). */
int library_entry_runnable(const library_entry *e);
const library_boss *library_find_boss(const library *lib, const char *name);
/* What `curtain view FILE` and `curtain run FILE` start, among the file's
 * runnable entries: the pattern named like the file, else a pattern 'main',
 * else the file's last pattern, else its first enemy or stage. NULL if none. */
const library_entry *library_default_entry(const library *lib, const char *path);

/* Another file format compiled into the same program (BulletML: the importer of
 * issue 6 registers ".xml"). It compiles file into b, reporting to diags, and
 * returns the index of a function without params that runs the whole file, or
 * -1 after an error. The library names that function after the file (its base
 * name without the extension), so pattern files can `run` it. */
typedef int64_t (*library_import_fn)(program_builder *b, const library_file *file,
                                     diag_list *diags);
/* Registers an importer for files ending in extension (".xml"); 0 or -1 if the
 * table (4 entries) is full. */
int library_register_importer(const char *extension, library_import_fn fn);

/* Bullet looks: a shape and a colour of sim/bullet_kind.h packed into a
 * vm_shot.look. 0 is "the host's default"; a packed look is never 0. */
uint32_t library_look(int shape, int colour);
/* -1 for the default look. */
int library_look_shape(uint32_t look);
int library_look_colour(uint32_t look);

/* The file extension of pattern files. */
#define LIBRARY_EXTENSION ".pat"

#endif
