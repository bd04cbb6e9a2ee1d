/*
 * compiler_state: the pattern compiler's own state, shared by its files and by
 * nothing else (the public side is compiler.h). The compiler is one module in
 * parts, each named for what it compiles:
 *
 *   compiler.c           the passes: globals, declarations, bodies, the tables
 *   compiler_code.c      emitting instructions, patching jumps; scopes and slots
 *   compiler_expr.c      built-in values, constant folding, expressions, calls
 *   compiler_stmt.c      statements: blocks, variables, loops, if, motion, ...
 *   compiler_fire.c      the fire statement: looks and clauses
 *   compiler_verb.c      the host's verbs (health, spawn, boss, say, print, ...)
 *   compiler_show.c      presentation statements (effect, flash, ...)
 *   compiler_function.c  one function's code; inline blocks as functions
 *   compiler_ship.c      pass 5: ships and games
 *
 * A function of one part that another calls is declared here, grouped by the
 * part that defines it (where its comment says what it does).
 */
#ifndef CURTAIN_PATTERN_COMPILER_STATE_H
#define CURTAIN_PATTERN_COMPILER_STATE_H

#include "pattern/language/compiler.h"

#include "core/ease.h"
#include "pattern/content/backdrop_decl.h"
#include "pattern/content/dialogue.h"
#include "pattern/language/parser.h"
#include "sim/backdrop.h"
#include "sim/bullet_kind.h"
#include "sim/enemy_look.h"

#include <math.h>
#include <string.h>

#define COMPILER_MAX_LOCALS      VM_STACK_SLOTS
/* Constants defined one through another, in a row (folding recurses along them). */
#define COMPILER_MAX_CONST_DEPTH 200
/* Constant operands waiting to be pushed at once (more are pushed early). */
#define COMPILER_MAX_WAITING     64
#define COMPILER_MAX_ARGS        16

typedef enum global_kind {
    G_CONST,
    G_PATTERN,
    G_ENEMY,
    G_BOSS,
    G_STAGE,
    G_IMPORT,
    G_FUNCTION,
    G_SHARED,
    G_SHIP,
    G_GAME,
} global_kind;

typedef struct global {
    const char *name;
    global_kind kind;
    ast_decl *decl; /* NULL for imports */
    int file;
    uint32_t func;        /* patterns, enemies, stages, imports, functions */
    uint32_t first_phase; /* bosses: function of phase 1 (phases are consecutive) */
    uint32_t boss;        /* bosses: index in the library's table */
    uint32_t shared;      /* shared values: index (SHARED, SSTORE) */
    uint32_t shared_size; /* a shared array: its values, from shared on; 0: a number */
    uint32_t ship;        /* ships: index in the library's table */
    uint32_t ret_size; /* functions: the values of the array it returns (f(...)[N]); 0 a number */
    double value;      /* consts */
    int state;         /* consts: 0 not yet, 1 folding, 2 done, 3 failed */
} global;

/* Whether global g is a shared array (shared NAME[N], shared NAME = [...]). */
#define GLOBAL_SHARED_ARRAY(g) \
    ((g)->kind == G_SHARED && (g)->decl && ((g)->decl->size || (g)->decl->values))

/* What a variable holds (an array: each of its values): a number, a handle
 * on one object (fire ... as b) or a group of them (a volley fired as g). */
enum {
    LT_NUMBER,
    LT_HANDLE,
    LT_GROUP
};
/* What a handle or group names. */
enum {
    OF_NONE,
    OF_BULLET,
    OF_LASER,
    OF_ENEMY,
    OF_SHOT /* a player's shot a query found: read, or vanished */
};

typedef struct local {
    const char *name;
    uint16_t slot;
    uint16_t size; /* an array: its slots, from slot on; 0: a number */
    ast_pos pos;
    int used;
    int hidden;     /* loop machinery: never warned about */
    uint8_t type;   /* LT_* */
    uint8_t of;     /* a handle's or group's objects: OF_* */
    uint8_t open;   /* an array of zeros whose first assignment says what it holds */
    uint8_t broken; /* the handle of a fire that did not parse: its uses say nothing more */
    uint8_t ref;    /* a function's array param NAME[]: its slot holds a reference (ARRREF) */
    uint8_t area;   /* an array of over VM_SLOT_ARRAY values: slot is its offset in the area */
} local;

/* A capture's or param's size and type in one uint16_t: the size (0..255),
 * the type (bits 8, 9), what it is of (bits 10, 11). */
#define LOCAL_PACK(l)     ((uint16_t)((l)->size | (l)->type << 8 | (l)->of << 10))
/* A param's packed size: an array by reference (a function's NAME[]). */
#define LOCAL_PACK_REF    0x1000u
/* A capture that is none: a block's use of an area array, refused where the
 * block starts (its uses say nothing more). */
#define LOCAL_PACK_BROKEN 0x2000u

typedef struct patch_list {
    uint32_t *pcs;
    int count, cap;
} patch_list;

typedef struct loop_ctx {
    patch_list breaks, continues;
    struct loop_ctx *outer;
} loop_ctx;

/* An inline block waiting to be compiled as a function of its own. */
typedef struct pending_block {
    uint32_t func;
    ast_stmt *body;
    const char **captures;
    uint16_t *capture_sizes; /* an array's size, 0 for a number; and its type (LOCAL_PACK) */
    int ncaptures;
    int file;
    int on_bullet; /* a fire's block, or a block started inside one */
    int on_laser;  /* a laser's block, or a thread started inside one */
    int in_stage;  /* a block inside a stage's script */
    struct pending_block *next;
} pending_block;

typedef struct compiler compiler;

/* Presentation statements that may wait for one `wait`, and in a whole program. */
#define COMPILER_MAX_SHOWS_WAITING 16
#define COMPILER_MAX_SHOWS         4096

typedef struct fstate {
    compiler *c;
    uint32_t func;
    int file;
    local locals[COMPILER_MAX_LOCALS];
    int nlocals;   /* visible now */
    int nslots;    /* next free slot */
    int max_slots; /* most slots in use at once */
    loop_ctx *loop;
    int too_many;    /* TOO_MANY_LOCALS reported */
    int on_bullet;   /* this function is a bullet's script: enemy statements do not apply */
    int on_laser;    /* ...a laser's script: it has no `on graze` */
    int in_function; /* a 'function': returns a value at once, never waits */
    int in_stage;    /* 1 a stage's own script (`background` may stand in its block), 2 a
                        block inside one */
    int depth;       /* blocks open: 1 in the function's own block */
    int area;        /* area values its arrays of over VM_SLOT_ARRAY take so far (vm.h) */
    int area_full;   /* VM_AREA_FRAME's error reported */
    /* a function returning an array: its size, and the slot of the hidden
     * array param its `return` copies into (0 size: it returns a number) */
    uint32_t ret_size;
    int ret_slot;
    int ret_broken;
    /* Presentation statements waiting for the next `wait` of their block
     * (stmt_show), with the depth of that block. */
    int waited;       /* a statement that may wait was compiled in this function */
    uint32_t show_pc; /* not 0: where shows at the start are keyed (a ship's show-only bomb) */
    vm_show shows[COMPILER_MAX_SHOWS_WAITING];
    int show_depth[COMPILER_MAX_SHOWS_WAITING];
    int nshows;
    /* Constant left operands not emitted yet (see expr_known): pushed before the
     * next instruction, folded away when the right operand is constant too. */
    struct {
        double value;
        ast_pos pos;
    } waiting[COMPILER_MAX_WAITING];
    int nwaiting;
} fstate;

struct compiler {
    const compiler_input *in;
    program_builder *b;
    arena *ar;
    diag_list *diags;
    library *lib;
    global *globals;
    int nglobals;
    int *hash; /* open addressing: global index + 1, 0 = empty */
    int hash_mask;
    pending_block *pending, **pending_tail;
    int block_counter;
    fstate *fstate;      /* the function being compiled (compile_function) */
    fstate *const_scope; /* no locals: where constants are folded */
    int const_depth;     /* constants being folded, each through the next */
    /* The function compile_function compiles next returns an array of this
     * many values (its last param is COMPILER_RETURN_PARAM); broken: its size
     * was refused (its returns say nothing more). */
    uint32_t ret_size;
    int ret_broken;
};

#define REPORT(fs, code, pos, ...) compiler_report((fs)->c, code, (fs)->file, pos, __VA_ARGS__)

/* compile_function's flags: a bullet's script; a 'function'. */
#define COMPILE_ON_BULLET 1
#define COMPILE_FUNCTION  2
#define COMPILE_ON_LASER  4
#define COMPILE_STAGE     8  /* a stage's own script */
#define COMPILE_IN_STAGE  16 /* a block inside a stage's script */

/* The names of bullet shapes and colours (sim/bullet_kind.h), for looks and shows. */
extern const char *const compiler_shapes[BULLET_SHAPE_COUNT];
extern const char *const compiler_colours[BULLET_COLOR_COUNT];

/* compiler.c: diagnostics and globals */
void compiler_report(compiler *c, diag_code code, int file, ast_pos pos, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
const char *compiler_hint(const char *near, char *buf, size_t size);
global *compiler_global(compiler *c, const char *name);
const char *compiler_kind_word(global_kind k);
const char *compiler_file_name(const compiler *c, int file);

/* compiler_code.c: emitting and scopes */
vm_pos compiler_vpos(const fstate *f, ast_pos pos);
void emit_waiting(fstate *f);
uint32_t emit_ax(fstate *f, vm_op op, uint32_t ax, ast_pos pos);
uint32_t emit_ab(fstate *f, vm_op op, uint32_t a, uint32_t bv, ast_pos pos);
void emit_const(fstate *f, double v, ast_pos pos);
void emit_ref(fstate *f, double v, vm_ref_kind kind, ast_pos pos);
void patch_to(fstate *f, uint32_t pc, uint32_t target, ast_pos pos);
void patch_list_add(compiler *c, patch_list *l, uint32_t pc);
void patch_list_to(fstate *f, patch_list *l, uint32_t target, ast_pos pos);
int scope_slot(fstate *f, int count, ast_pos pos);
local *scope_find(fstate *f, const char *name);
local *scope_declare(fstate *f, const char *name, ast_pos pos, int scope_start, int slot);
void scope_close(fstate *f, int nlocals, int nslots);

/* compiler_expr.c: built-in values, constant folding, expressions, calls */
int compiler_find_value(const char *name);
int compiler_find_math(const char *name);
int fold(fstate *f, const ast_expr *e, double *out);
void fold_check_domain(fstate *f, int file, const ast_expr *e);
ast_pos expr_start(const ast_expr *e);
int fold_global_const(compiler *c, global *g);
const char *compiler_suggest_value(fstate *f, const char *name);
local *array_find(fstate *f, const char *name, ast_pos pos);
local *array_index(fstate *f, const char *name, const ast_expr *index, ast_pos pos, int *slot);
/* name[index] of shared g: -1 after reporting why it is not one (nothing
 * pushed), 1 for a constant index (*at the shared value, nothing pushed), 0
 * with the index pushed (SHAREDI, SSTOREI). */
int shared_index(fstate *f, const global *g, const ast_expr *index, ast_pos pos, uint32_t *at);
/* The instruction that loads (store 0) or stores (1) element i of array a, i
 * on the stack: LOCALI/STOREI, or REFI/RSTOREI for an array param. */
uint32_t element_op(const local *a, int store);
void emit_element(fstate *f, const local *a, int store, ast_pos pos);
local *handle_find(fstate *f, const char *name, ast_pos pos);
local *handle_element(fstate *f, const char *name, const ast_expr *index, ast_pos pos);
uint8_t expr_value(fstate *f, const ast_expr *e, uint8_t *of);
void expr(fstate *f, const ast_expr *e);
int call_args(fstate *f, const ast_decl *decl, const ast_arg *args, int nargs, ast_pos pos,
              const char *name);
global *compiler_pattern(fstate *f, const char *name, ast_pos pos);

/* compiler_function.c: functions and inline blocks */
uint32_t compiler_block(fstate *f, const ast_stmt *body, ast_pos pos, const char *what,
                        int on_laser);
void fstate_init(fstate *f, compiler *c, uint32_t func, int file);
void compile_function(compiler *c, uint32_t func, int file, const char *const *params,
                      const ast_pos *param_pos, const uint16_t *param_sizes, int nparams,
                      const ast_stmt *body, ast_pos pos, const ast_phase *phase, int flags);
void compile_pending(compiler *c);

/* The hidden array param of a function returning an array (its caller's array). */
#define COMPILER_RETURN_PARAM "return"
/* The size of the array function g returns, 0 for a number (folded once). */
uint32_t compiler_ret_size(compiler *c, global *g);

/* compiler_stmt.c: statements */
local *stmt_declare(fstate *f, const char *name, ast_pos name_pos, ast_pos pos);
/* Room for an array of n values, zeroed: its slot, or (*area) its offset in the
 * call's area block (ARRNEW emitted); -1 after reporting the area full. */
int array_room(fstate *f, int n, ast_pos pos, int *area);
/* Declares NAME an array of n values at slot (area: an area offset). */
local *array_declare(fstate *f, const char *name, ast_pos name_pos, int n, int slot, int area);
void stmts(fstate *f, const ast_stmt *s);

/* compiler_fire.c: fire */
uint32_t look_code(fstate *f, const ast_fire *fire);
void stmt_fire(fstate *f, const ast_stmt *s);

/* compiler_verb.c: the host's verbs and the names they check */
void emit_string(fstate *f, const char *text, ast_pos pos);
const char *fold_text(fstate *f, const char *first, const ast_arg *parts, int keep);
int stmt_enemy_only(fstate *f, const ast_stmt *s);
void compiler_check_look_in(compiler *c, int file, const char *look, ast_pos pos,
                            const char *const *builtin, int nbuiltin);
void compiler_check_look(compiler *c, int file, const char *look, ast_pos pos);
int compiler_check_character(compiler *c, int file, const char *name, ast_pos pos);
int compiler_check_backdrop(compiler *c, int file, const char *name, ast_pos pos);
void stmt_verb(fstate *f, const ast_stmt *s);
void stmt_print(fstate *f, const ast_stmt *s);
void stmt_spawn(fstate *f, const ast_stmt *s);
void stmt_boss(fstate *f, const ast_stmt *s);
void stmt_say(fstate *f, const ast_stmt *s);

/* compiler_show.c: presentation statements */
void stmt_show(fstate *f, const ast_stmt *s);
void show_attach(fstate *f, uint32_t pc);
void show_block_end(fstate *f);

/* compiler_ship.c: ships and games */
void compiler_ships(compiler *c);

#endif
