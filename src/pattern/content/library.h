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

#include "pattern/content/art.h"
#include "pattern/content/character.h"
#include "pattern/content/item_decl.h"
#include "pattern/content/sound_file.h"
#include "pattern/language/arena.h"
#include "pattern/language/diag.h"
#include "pattern/language/ship_number.h"
#include "pattern/vm/program.h"
#include "pattern/vm/vm.h"
#include "sim/backdrop.h"

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
/* Frames from the end of a boss phase to the start of the next: the game's
 * fights and the viewer's (sandbox) alike. */
#define LIBRARY_PHASE_GAP  75

typedef struct library_boss {
    const char *name;  /* as declared */
    const char *title; /* display name; "" if none */
    const char *look;  /* sprite name; "" if none */
    /* the sim/backdrop.h index drawn during its spell cards; -1 none */
    int spell_background;
    int character; /* its index in library.characters; -1 none */
    library_phase *phases;
    uint32_t phase_count;
    const char *file; /* where it is defined */
} library_boss;

/* A ship (docs/patterns.md, `ship`): the numbers it flies by, its options, the
 * volley of each focus state at each power level and its bomb. Volleys and the
 * bomb are functions without params run on the player's side (game/ship_host.h):
 * their bullets are the player's shots. Its numbers are the rows of
 * pattern/language/ship_number.h's SHIP_NUMBERS, named here LIBRARY_SHIP_<id>. */
typedef enum library_ship_number {
#define LIBRARY_SHIP_NUMBER_ENUM(id, keyword, def, doc) LIBRARY_SHIP_##id,
    SHIP_NUMBERS(LIBRARY_SHIP_NUMBER_ENUM)
#undef LIBRARY_SHIP_NUMBER_ENUM
    LIBRARY_SHIP_NUMBER_COUNT
} library_ship_number;

#define LIBRARY_SHIP_LEVELS              4     /* power levels 1 to 4 */
#define LIBRARY_SHIP_NUMBER_MAX          10000 /* every number is from 0 to this */
#define LIBRARY_SHIP_OPTIONS             16    /* options a ship may declare */
#define LIBRARY_SHIP_TYPES               8     /* shot types a ship may declare */
#define LIBRARY_NO_FUNC                  UINT32_MAX
/* Where the shows of ship k's show-only bomb are keyed: past any code; those
 * of its shot type t's own show-only bomb (t > 0) past those. */
#define LIBRARY_BOMB_SHOWS_PC(k)         (0x80000000u + (uint32_t)(k))
#define LIBRARY_TYPE_BOMB_SHOWS_PC(k, t) (LIBRARY_BOMB_SHOWS_PC(k) + ((uint32_t)(t) << 20))

/* An option: shown from power level `level` on, at (x, y) from the ship, or at
 * (fx, fy) while focused. */
typedef struct library_ship_option {
    int level;
    float x, y, fx, fy;
} library_ship_option;

/* A ship as one of its shot types flies it (docs/patterns.md, "Shot types"):
 * the entry of lib->ships is its first type (a ship without `type` blocks has
 * that one only); types[k] is its type k, whole: the ship's numbers, options
 * and bomb with what the type gives instead, and the type's volleys. */
typedef struct library_ship {
    const char *name;        /* as declared */
    const char *title;       /* display name; the declared name if none */
    const char *look;        /* sprite or art shape name; "" the default */
    const char *option_look; /* its options' look (`option_look`); "" the default */
    const char *about;       /* one line about it, for the ship select; "" none */
    double num[LIBRARY_SHIP_NUMBER_COUNT];
    library_ship_option options[LIBRARY_SHIP_OPTIONS];
    uint32_t option_count;
    /* The volley of each focus state (0 unfocused, 1 focused) at each power
     * level; a level without one fires the nearest lower level's; LIBRARY_NO_FUNC
     * for none at all. */
    uint32_t shot[2][LIBRARY_SHIP_LEVELS];
    uint32_t bomb; /* runs when a bomb starts; LIBRARY_NO_FUNC none */
    /* A bomb block of presentation statements only (effect, flash, ...): no
     * code, never run, never hashed; its shows (vm_show, at_start) are keyed at
     * this place beyond the code (LIBRARY_BOMB_SHOWS_PC) and shown as a bomb
     * starts. LIBRARY_NO_FUNC none. */
    uint32_t bomb_show;
    int character; /* its index in library.characters; -1 none */
    const char *file;
    /* The shot type this is: its index among the ship's (0 the first), its
     * declared name ("" a ship without `type` blocks), its display name and a
     * line about it (the type's `name` and `about`; "" none). */
    uint32_t type;
    const char *type_name;
    const char *type_title;
    const char *type_about;
    /* Every shot type of the ship, types[0] as lib->ships' entry (type_count
     * of them, 1 at least; NULL and 0 for the fallback ship). */
    const struct library_ship *types;
    uint32_t type_count;
} library_ship;

/* A game: the stages of a run, in order (names of stage entries), and its
 * Extra stage (`extra NAME`), played alone from the title's Extra Start, never
 * by a normal run; NULL without one. */
typedef struct library_game {
    const char *name;
    const char **stages;
    uint32_t stage_count;
    const char *extra;
    const char *file;
} library_game;

/* Where the ships' code begins in the program: everything before it is what a
 * library compiled before ships existed holds, in the same places (the ships'
 * functions, code, constants and strings are always added last), so a format-2
 * replay's content hash can still be checked (world_content_hash_legacy). */
typedef struct library_mark {
    uint32_t code, consts, funcs, strings;
} library_mark;

/* A scene (docs/patterns.md, Scenes: 'scene NAME before|after TARGET { ... }'):
 * a stage-kind script (its entry is a LIBRARY_STAGE of its name) that the game
 * plays before or after a stage or a boss, holding it while the scene runs,
 * when the run's rules let scenes play (game/world.h: never in practice, never
 * under WORLD_FLAG_NO_SCENES, the rule of replays recorded before scenes). */
#define LIBRARY_SCENE_BEFORE 1
#define LIBRARY_SCENE_AFTER  2
/* An ending ('scene NAME ending good|bad'): played after the game's last stage
 * is cleared, the good one by a run without continues, the bad one by one
 * with; no target (boss -1, stage NULL). */
#define LIBRARY_SCENE_GOOD   3
#define LIBRARY_SCENE_BAD    4
typedef struct library_scene {
    const char *name;
    uint32_t func;     /* its script */
    int when;          /* LIBRARY_SCENE_BEFORE or LIBRARY_SCENE_AFTER */
    int32_t boss;      /* the boss it plays at (an index into bosses), or -1 */
    const char *stage; /* or the stage (its name) */
} library_scene;

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
    library_ship *ships;
    uint32_t ship_count;
    library_game *games;
    uint32_t game_count;
    library_mark ships_start;
    art_shape *art; /* a mod's own bullet shapes (pattern/content/art.h) */
    uint32_t art_count;
    sound_file *sounds; /* a mod's own sound files (pattern/content/sound_file.h) */
    uint32_t sound_count;
    /* a mod's own backdrops (pattern/content/backdrop_decl.h) and the sheets they read */
    backdrop_scene *backdrops;
    uint32_t backdrop_count;
    backdrop_sheet *backdrop_sheets;
    uint32_t backdrop_sheet_count;
    character_info *characters; /* who speaks, with portraits (pattern/content/character.h) */
    uint32_t character_count;
    /* a mod's own item kinds (pattern/content/item_decl.h): items[k] is kind
     * ITEM_KIND_COUNT + k */
    item_decl *items;
    uint32_t item_count;
    library_scene *scenes; /* the scenes and where they play */
    uint32_t scene_count;
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
/* The bounds of a folder's walk (library_list_dir, library_load_dir): each real
 * folder (device and inode) is walked once, so a link back or a loop of links
 * costs nothing; a folder or file reached through a link out of the folder
 * walked is left out (a mod's pattern files stay inside the mod, as its art
 * sheets do); at most LIBRARY_MAX_DEPTH levels, LIBRARY_MAX_FOLDERS folders,
 * LIBRARY_MAX_FILES pattern files and LIBRARY_MAX_ENTRIES entries looked at.
 * library_load_dir says once, as a warning at the folder, what was left out. */
#define LIBRARY_MAX_DEPTH   8
#define LIBRARY_MAX_FOLDERS 512
#define LIBRARY_MAX_FILES   2048
#define LIBRARY_MAX_ENTRIES 100000

/* The pattern files under dir, recursively, in compile order: those the game
 * shipped before stages 4 to 6 (by their path relative to dir) first, in their
 * order then, and the others after them, sorted by that path (so a file added
 * to the game never changes where the first format-3 replays' scripts past
 * their ends stood: library.c, library_first_files). What library_load_dir reads
 * there. Sets *count; NULL if there are none, if
 * memory ran out, or if the folders hold more than max_entries entries in all
 * (a home folder is not a library; 0: no limit). Free with library_paths_free. */
char **library_list_dir(const char *dir, long max_entries, int *count);
void library_paths_free(char **paths, int count);
/* Whether a file name is a pattern file (.pat, or an importer's extension). */
int library_is_pattern_file(const char *name);
/* Every pattern file under dir (recursively, in library_list_dir's order). With mod_dir, a
 * file there with the same path relative to its folder replaces the built-in
 * one, and its other files are added. A dir that is not a folder is an error
 * (NULL, reported): no data folder never loads as an empty game. */
library *library_load_dir(const char *dir, const char *mod_dir, diag_list *diags);
/* Whether a built-in file, by its path relative to its folder, is loaded. */
typedef int (*library_keep_fn)(const char *rel);
/* The files library_load_dir_kept compiles, in its order (dir's that keep
 * accepts, NULL: all, and that mod_dir does not replace, then mod_dir's): what
 * `curtain lint --mod` lints. Sets *count; NULL after reporting why (dir is no
 * folder, nor mod_dir, or memory ran out). Free with library_paths_free. */
char **library_list_over(const char *dir, const char *mod_dir, library_keep_fn keep,
                         diag_list *diags, int *count);
/* library_load_dir with only the built-in files keep accepts (every file of the
 * mod is loaded): the library as an older version shipped it. */
library *library_load_dir_kept(const char *dir, const char *mod_dir, library_keep_fn keep,
                               diag_list *diags);
void library_free(library *lib);

const library_entry *library_find(const library *lib, const char *name);
/* Whether every param of the entry has a default (so it can start alone). */
int library_entry_runnable(const library_entry *e);
const library_boss *library_find_boss(const library *lib, const char *name);
/* The stage a boss belongs to: the stage declared in the boss's folder (a stage's
 * files share one: patterns/stage1/), or NULL. *main is set to 1 when the boss has
 * the most phases of that folder's bosses (the stage's boss, not its midboss). */
const char *library_boss_stage(const library *lib, uint32_t boss, int *main);
/* The function of the scene that plays `when` (LIBRARY_SCENE_*) at boss b, or
 * at the stage called stage; -1 when none does. */
int64_t library_scene_for_boss(const library *lib, int32_t boss, int when);
int64_t library_scene_for_stage(const library *lib, const char *stage, int when);
/* The function of the ending of that kind (LIBRARY_SCENE_GOOD or _BAD), or -1. */
int64_t library_scene_ending(const library *lib, int when);
/* Whether the stage entry called name is a scene (no stage of a game). */
int library_is_scene(const library *lib, const char *name);

/* The character of this name (pattern/content/character.h), or NULL. */
const character_info *library_find_character(const library *lib, const char *name);
/* A boss's or ship's character (library_boss.character...), or NULL for -1. */
const character_info *library_character_at(const library *lib, int index);
/* The ship of this name; -1 if none. */
int library_find_ship(const library *lib, const char *name);
/* The ship a world flies when its content declares none (a library without
 * ships, or none at all): the default numbers, no options, no volleys. */
const library_ship *library_fallback_ship(void);
/* Ship s (an entry of lib->ships) as its shot type t flies it: s itself for
 * its first type, which it is (so a run of the first type flies the entry, as
 * before types), or for a type it does not have; else s->types[t]. */
const library_ship *library_ship_type(const library_ship *s, uint32_t t);
/* The index of the shot type of ship s declared as name; -1 if none. */
int library_find_ship_type(const library_ship *s, const char *name);
/* The volley of a ship for a focus state and power level (1..4), or LIBRARY_NO_FUNC. */
uint32_t library_ship_volley(const library_ship *s, int focused, int level);
/* What `curtain view FILE` and `curtain run FILE` start, among the file's
 * runnable entries: the pattern named like the file, else a pattern 'main',
 * else the file's last pattern, else its first enemy or stage. NULL if none. */
const library_entry *library_default_entry(const library *lib, const char *path);

/* Another file format compiled into the same program (BulletML: the importer of
 * issue 6 registers ".xml"). It compiles file into b, reporting to diags, and
 * returns the index of a function without params that runs the whole file, or
 * -1 after an error. The library names that function after the file (its base
 * name without the extension), so pattern files can `run` it. */
/* The looks a pattern file gives an imported file's bullets (`bulletml NAME {
 * look ... }`): `look` (library_look) for the bullets labelled `label`, or for
 * every other bullet when label is NULL; path, text, len, line and col say
 * where the rule is written, for the importer's errors (a label the file does
 * not have). */
typedef struct library_look_rule {
    const char *label;
    uint32_t look;
    const char *path, *text;
    size_t len;
    uint32_t line, col;
} library_look_rule;

typedef int64_t (*library_import_fn)(program_builder *b, const library_file *file,
                                     const library_look_rule *looks, int nlooks, diag_list *diags);
/* Registers an importer for files ending in extension (".xml"); 0 or -1 if the
 * table (4 entries) is full. */
int library_register_importer(const char *extension, library_import_fn fn);

/* Bullet looks: a shape and a colour of sim/bullet_kind.h packed into a
 * vm_shot.look. 0 is "the host's default"; a packed look is never 0. */
uint32_t library_look(int shape, int colour);
/* The look of a shape by id in a library, built-in or declared with `art`
 * (whose code carries its hitbox in quarter pixels in bits 16..23). */
uint32_t library_look_of(const library *lib, int shape, int colour);
/* -1 for the default look. */
int library_look_shape(uint32_t look);
int library_look_colour(uint32_t look);
/* The hitbox radius a look carries (an art shape's), or 0: the shape's own. */
float library_look_hitbox(uint32_t look);

/* The file extension of pattern files. */
#define LIBRARY_EXTENSION ".pat"

#endif
