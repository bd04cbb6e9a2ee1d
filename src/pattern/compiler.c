/*
 * compiler: pattern-language syntax trees to VM code. See compiler.h.
 *
 * Passes: (1) every declaration of every file goes into one global table
 * (duplicates reported); (2) functions are declared for patterns, enemies,
 * stages and boss phases, so calls may point forward or across files; (3)
 * constants are folded, in dependency order; (4) each body is compiled. Inline
 * blocks (fire { ... }, thread { ... }) become functions of their own whose
 * params are the variables they capture (by value); they are compiled after
 * their parent, from a queue, because a function's code must be contiguous.
 *
 * Expressions are folded wherever their operands are known at load time; a
 * folded expression is one CONST.
 */
#include "pattern/compiler.h"

#include "core/ease.h"
#include "pattern/backdrop_decl.h"
#include "pattern/dialogue.h"
#include "pattern/parser.h"
#include "sim/backdrop.h"
#include "sim/bullet_kind.h"
#include "sim/enemy_look.h"

#include <math.h>
#include <stdarg.h>
#include <string.h>

#define COMPILER_MAX_LOCALS      VM_STACK_SLOTS
/* Constants defined one through another, in a row (folding recurses along them). */
#define COMPILER_MAX_CONST_DEPTH 200
/* Constant operands waiting to be pushed at once (more are pushed early). */
#define COMPILER_MAX_WAITING     64
#define COMPILER_MAX_ARGS        16

/* ---- tables: built-in values and functions ---- */

typedef enum value_kind {
    VAL_GET,   /* GET prop */
    VAL_RAND,  /* RAND */
    VAL_CLOCK, /* CLOCK */
    VAL_PREV,  /* PREV arg */
    VAL_CONST, /* a number */
} value_kind;

/*   name  kind  argument (prop, PREV operand or the number) */
#define COMPILER_VALUES(X)                         \
    X("aim", VAL_GET, VM_PROP_AIM)                 \
    X("heading", VAL_GET, VM_PROP_HEADING)         \
    X("speed", VAL_GET, VM_PROP_SPEED)             \
    X("vx", VAL_GET, VM_PROP_VX)                   \
    X("vy", VAL_GET, VM_PROP_VY)                   \
    X("x", VAL_GET, VM_PROP_POS_X)                 \
    X("y", VAL_GET, VM_PROP_POS_Y)                 \
    X("spin", VAL_GET, VM_PROP_SPIN)               \
    X("accel", VAL_GET, VM_PROP_ACCEL)             \
    X("player_x", VAL_GET, VM_PROP_PLAYER_X)       \
    X("player_y", VAL_GET, VM_PROP_PLAYER_Y)       \
    X("rank", VAL_GET, VM_PROP_RANK)               \
    X("enemies", VAL_GET, VM_PROP_ENEMIES)         \
    X("boss_active", VAL_GET, VM_PROP_BOSS_ACTIVE) \
    X("talking", VAL_GET, VM_PROP_TALKING)         \
    X("ship", VAL_GET, VM_PROP_SHIP)               \
    X("health", VAL_GET, VM_PROP_HEALTH)           \
    X("rand", VAL_RAND, 0)                         \
    X("time", VAL_CLOCK, 0)                        \
    X("last", VAL_PREV, 0)                         \
    X("last_speed", VAL_PREV, 1)                   \
    X("up", VAL_CONST, 0)                          \
    X("right", VAL_CONST, 90)                      \
    X("down", VAL_CONST, 180)                      \
    X("left", VAL_CONST, 270)                      \
    X("center_x", VAL_CONST, 192)                  \
    X("width", VAL_CONST, 384)                     \
    X("height", VAL_CONST, 448)

typedef struct value_def {
    const char *name;
    value_kind kind;
    double arg;
} value_def;

static const value_def compiler_values[] = {
#define COMPILER_VALUE_ROW(name, kind, arg) {name, kind, arg},
    COMPILER_VALUES(COMPILER_VALUE_ROW)
#undef COMPILER_VALUE_ROW
};
#define COMPILER_VALUE_COUNT ((int)(sizeof compiler_values / sizeof compiler_values[0]))

const char *compiler_value_name(int i)
{
    return i >= 0 && i < COMPILER_VALUE_COUNT ? compiler_values[i].name : NULL;
}

static const char *const compiler_shapes[] = {
#define COMPILER_SHAPE_NAME(id, name, radius, rotates, size) name,
    BULLET_SHAPES(COMPILER_SHAPE_NAME)
#undef COMPILER_SHAPE_NAME
};
static const char *const compiler_colours[] = {
#define COMPILER_COLOUR_NAME(id, name) name,
    BULLET_COLORS(COMPILER_COLOUR_NAME)
#undef COMPILER_COLOUR_NAME
};

static const char *const compiler_clause_words[] = {
#define COMPILER_CLAUSE_WORD(id, keyword, shape, applies) keyword,
    AST_CLAUSES(COMPILER_CLAUSE_WORD)
#undef COMPILER_CLAUSE_WORD
};
static const char *const compiler_clause_applies[] = {
#define COMPILER_CLAUSE_APPLIES(id, keyword, shape, applies) applies,
    AST_CLAUSES(COMPILER_CLAUSE_APPLIES)
#undef COMPILER_CLAUSE_APPLIES
};

/* ---- state ---- */

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
    uint32_t ship;        /* ships: index in the library's table */
    double value;         /* consts */
    int state;            /* consts: 0 not yet, 1 folding, 2 done, 3 failed */
} global;

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
    OF_ENEMY
};

typedef struct local {
    const char *name;
    uint16_t slot;
    uint16_t size; /* an array: its slots, from slot on; 0: a number */
    ast_pos pos;
    int used;
    int hidden;   /* loop machinery: never warned about */
    uint8_t type; /* LT_* */
    uint8_t of;   /* a handle's or group's objects: OF_* */
    uint8_t open; /* an array of zeros whose first assignment says what it holds */
} local;

/* A capture's or param's size and type in one uint16_t: the size (0..255),
 * the type (bits 8, 9), what it is of (bits 10, 11). */
#define LOCAL_PACK(l) ((uint16_t)((l)->size | (l)->type << 8 | (l)->of << 10))

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
    int on_laser;    /* ...a laser's script: its turns and speed changes stay linear */
    int in_function; /* a 'function': returns a value at once, never waits */
    int in_stage;    /* 1 a stage's own script (`background` may stand in its block), 2 a
                        block inside one */
    int depth;       /* blocks open: 1 in the function's own block */
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
};

/* ---- diagnostics ---- */

static void compiler_report(compiler *c, diag_code code, int file, ast_pos pos, const char *fmt,
                            ...) __attribute__((format(printf, 5, 6)));
static void compiler_report(compiler *c, diag_code code, int file, ast_pos pos, const char *fmt,
                            ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    const library_file *f = &c->in->files[file];
    diag_report(c->diags, code, f->path, f->text, f->len, pos.line, pos.col, "%s", msg);
}

#define REPORT(fs, code, pos, ...) compiler_report((fs)->c, code, (fs)->file, pos, __VA_ARGS__)

/* " (did you mean 'x'?)" or "" into buf. */
static const char *compiler_hint(const char *near, char *buf, size_t size)
{
    if (near)
        snprintf(buf, size, " (did you mean '%s'?)", near);
    else if (size)
        buf[0] = 0;
    return buf;
}

/* ---- globals ---- */

/* FNV-1a of a name, for the globals' hash table. */
static unsigned compiler_hash_name(const char *s)
{
    unsigned h = 2166136261u;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

/* The global called name, or NULL. */
static global *compiler_global(compiler *c, const char *name)
{
    if (!c->hash)
        return NULL;
    for (int b = (int)(compiler_hash_name(name) & (unsigned)c->hash_mask);;
         b = (b + 1) & c->hash_mask) {
        if (c->hash[b] == 0)
            return NULL;
        if (strcmp(c->globals[c->hash[b] - 1].name, name) == 0)
            return &c->globals[c->hash[b] - 1];
    }
}

/* A global kind as the messages name it, with its article ("an enemy"). */
static const char *compiler_kind_word(global_kind k)
{
    switch (k) {
    case G_CONST: return "a constant";
    case G_PATTERN: return "a pattern";
    case G_ENEMY: return "an enemy";
    case G_BOSS: return "a boss";
    case G_STAGE: return "a stage";
    case G_IMPORT: return "an imported pattern";
    case G_FUNCTION: return "a function";
    case G_SHARED: return "a shared value";
    case G_SHIP: return "a ship";
    case G_GAME: return "a game";
    }
    return "a name";
}

static int compiler_find_value(const char *name);
static int compiler_find_math(const char *name);

/* Adds a global, or reports a duplicate or a constant that would take a
 * built-in value's name (every file would lose the built-in, or the constant
 * would never be read: built-ins come first, see expr_name). Returns it or NULL. */
static global *compiler_add_global(compiler *c, const char *name, global_kind kind, ast_decl *d,
                                   int file, ast_pos pos)
{
    if ((kind == G_CONST || kind == G_SHARED) && compiler_find_value(name) >= 0) {
        compiler_report(c, DIAG_BUILTIN_NAME, file, pos,
                        "'%s' is a built-in value and cannot name a %s", name,
                        kind == G_CONST ? "constant" : "shared value");
        return NULL;
    }
    if (kind == G_FUNCTION && (compiler_find_math(name) >= 0 || strcmp(name, "rand") == 0 ||
                               strcmp(name, "level") == 0)) {
        compiler_report(c, DIAG_BUILTIN_NAME, file, pos,
                        "'%s' is a built-in function and cannot name a function", name);
        return NULL;
    }
    global *old = compiler_global(c, name);
    if (old) {
        const char *where = c->in->files[old->file].path;
        uint32_t line = old->decl ? old->decl->pos.line : 1;
        compiler_report(c, DIAG_DUPLICATE_NAME, file, pos,
                        "'%s' is already defined, as %s at %s:%u", name,
                        compiler_kind_word(old->kind), where, (unsigned)line);
        return NULL;
    }
    global *g = &c->globals[c->nglobals];
    memset(g, 0, sizeof *g);
    g->name = name;
    g->kind = kind;
    g->decl = d;
    g->file = file;
    int b = (int)(compiler_hash_name(name) & (unsigned)c->hash_mask);
    while (c->hash[b])
        b = (b + 1) & c->hash_mask;
    c->hash[b] = ++c->nglobals;
    return g;
}

/* ---- emitting ---- */

/* An AST position as a VM position in this function's file. */
static vm_pos compiler_vpos(const fstate *f, ast_pos pos)
{
    vm_pos v = {pos.line, pos.col, f->c->in->file_ids[f->file]};
    return v;
}

/* Pushes the constant operands still waiting, oldest first. */
static void emit_waiting(fstate *f)
{
    for (int i = 0; i < f->nwaiting; i++)
        program_emit_ax(f->c->b, VM_OP_CONST, program_add_const(f->c->b, f->waiting[i].value),
                        compiler_vpos(f, f->waiting[i].pos));
    f->nwaiting = 0;
}

/* Emitters: one instruction at pos (after the waiting constants); returns its pc. */
static uint32_t emit_ax(fstate *f, vm_op op, uint32_t ax, ast_pos pos)
{
    emit_waiting(f);
    return program_emit_ax(f->c->b, op, ax, compiler_vpos(f, pos));
}

static uint32_t emit_ab(fstate *f, vm_op op, uint32_t a, uint32_t bv, ast_pos pos)
{
    emit_waiting(f);
    return program_emit_ab(f->c->b, op, a, bv, compiler_vpos(f, pos));
}

static void emit_const(fstate *f, double v, ast_pos pos)
{
    emit_ax(f, VM_OP_CONST, program_add_const(f->c->b, v), pos);
}

/* A constant that is the index of a function, boss or string (vm_ref_kind). */
static void emit_ref(fstate *f, double v, vm_ref_kind kind, ast_pos pos)
{
    uint32_t pc = emit_ax(f, VM_OP_CONST, program_add_const(f->c->b, v), pos);
    program_mark_ref(f->c->b, pc, kind);
}

/* Points a jump at target; a loop too long for sB is reported. */
static void patch_to(fstate *f, uint32_t pc, uint32_t target, ast_pos pos)
{
    if (program_patch_jump(f->c->b, pc, target))
        REPORT(f, DIAG_TOO_LARGE, pos, "this loop is too long to encode (over 32767 instructions)");
}

/* Remembers a jump to patch later (break, continue). */
static void patch_list_add(compiler *c, patch_list *l, uint32_t pc)
{
    if (l->count == l->cap) {
        int ncap = l->cap ? l->cap * 2 : 8;
        uint32_t *n = arena_alloc(c->ar, (size_t)ncap * sizeof *n);
        if (!n)
            return;
        if (l->count)
            memcpy(n, l->pcs, (size_t)l->count * sizeof *n);
        l->pcs = n;
        l->cap = ncap;
    }
    l->pcs[l->count++] = pc;
}

/* Points every remembered jump at target. */
static void patch_list_to(fstate *f, patch_list *l, uint32_t target, ast_pos pos)
{
    for (int i = 0; i < l->count; i++)
        patch_to(f, l->pcs[i], target, pos);
}

/* ---- scopes ---- */

/* A fresh slot (not named); the caller frees by restoring nslots. */
static int scope_slot(fstate *f, int count, ast_pos pos)
{
    int s = f->nslots;
    if (s + count > COMPILER_MAX_LOCALS) {
        if (!f->too_many)
            REPORT(f, DIAG_TOO_MANY_LOCALS, pos,
                   "too many variables, arrays and loops in one pattern (a script has %d value "
                   "slots)",
                   COMPILER_MAX_LOCALS);
        f->too_many = 1;
        return COMPILER_MAX_LOCALS - count;
    }
    f->nslots += count;
    if (f->nslots > f->max_slots)
        f->max_slots = f->nslots;
    return s;
}

/* The innermost visible local called name, or NULL. */
static local *scope_find(fstate *f, const char *name)
{
    for (int i = f->nlocals; i-- > 0;)
        if (strcmp(f->locals[i].name, name) == 0)
            return &f->locals[i];
    return NULL;
}

/* Declares a named local in the innermost scope (scope_start: where it begins). */
static local *scope_declare(fstate *f, const char *name, ast_pos pos, int scope_start, int slot)
{
    if (!name)
        return NULL;
    for (int i = scope_start; i < f->nlocals; i++)
        if (strcmp(f->locals[i].name, name) == 0) {
            REPORT(f, DIAG_DUPLICATE_LOCAL, pos,
                   "'%s' is already a variable in this block (line %u)", name,
                   (unsigned)f->locals[i].pos.line);
            return &f->locals[i];
        }
    if (f->nlocals >= COMPILER_MAX_LOCALS)
        return NULL;
    local *l = &f->locals[f->nlocals++];
    l->name = name;
    l->slot = (uint16_t)slot;
    l->pos = pos;
    l->used = 0;
    l->hidden = 0;
    l->size = 0;
    l->type = LT_NUMBER;
    l->of = 0;
    l->open = 0;
    return l;
}

/* Closes a scope: warns about unread variables, frees their names and slots. */
static void scope_close(fstate *f, int nlocals, int nslots)
{
    for (int i = nlocals; i < f->nlocals; i++)
        if (!f->locals[i].used && !f->locals[i].hidden && f->locals[i].name[0] != '_')
            REPORT(f, DIAG_UNUSED_VARIABLE, f->locals[i].pos, "variable '%s' is never used",
                   f->locals[i].name);
    f->nlocals = nlocals;
    f->nslots = nslots;
}

/* ---- constant folding ---- */

static int fold(fstate *f, const ast_expr *e, double *out);
static int fold_global_const(compiler *c, global *g);

/* Index of a built-in value (COMPILER_VALUES), or -1. */
static int compiler_find_value(const char *name)
{
    for (int i = 0; i < COMPILER_VALUE_COUNT; i++)
        if (strcmp(compiler_values[i].name, name) == 0)
            return i;
    return -1;
}

/* Index of a math function (VM_MATH_FUNCS), or -1. */
static int compiler_find_math(const char *name)
{
    for (int i = 0; i < VM_MATH_COUNT; i++)
        if (strcmp(vm_math_name((vm_math)i), name) == 0)
            return i;
    return -1;
}

/* Applies a binary operator as the VM would. */
static double fold_binary(ast_op op, double y, double x)
{
    switch (op) {
    case AST_ADD: return y + x;
    case AST_SUB: return y - x;
    case AST_MUL: return y * x;
    case AST_DIV: return y / x;
    case AST_MOD: return vm_mod(y, x);
    case AST_LT: return y < x;
    case AST_LE: return y <= x;
    case AST_GT: return y > x;
    case AST_GE: return y >= x;
    case AST_EQ: return y == x;
    case AST_NE: return y != x;
    case AST_AND: return (y != 0.0) && (x != 0.0);
    case AST_OR: return (y != 0.0) || (x != 0.0);
    default: return 0.0;
    }
}

/* The value of a name if known at load time: a constant or a fixed built-in.
 * Locals shadow both. */
static int fold_name(fstate *f, const char *name, double *out)
{
    if (f && scope_find(f, name))
        return 0;
    int v = compiler_find_value(name); /* built-in values first, as in expr_name */
    if (v >= 0) {
        if (compiler_values[v].kind != VAL_CONST)
            return 0;
        *out = compiler_values[v].arg;
        return 1;
    }
    global *g = compiler_global(f->c, name);
    if (!g || g->kind != G_CONST || !fold_global_const(f->c, g))
        return 0;
    *out = g->value;
    return 1;
}

/* Whether e is known at load time; its value into *out. Reports nothing. */
static int fold(fstate *f, const ast_expr *e, double *out)
{
    if (!e)
        return 0;
    double a, b;
    switch (e->kind) {
    case EX_NUMBER: *out = e->number; return 1;
    case EX_NAME: return fold_name(f, e->name, out);
    case EX_INDEX:
    case EX_MEMBER: return 0;
    case EX_UNARY:
        if (!fold(f, e->a, &a))
            return 0;
        *out = e->op == AST_NEG ? -a : (a == 0.0);
        return 1;
    case EX_BINARY:
        if (!fold(f, e->a, &a) || !fold(f, e->b, &b))
            return 0;
        *out = fold_binary(e->op, a, b);
        return 1;
    case EX_CALL: {
        if (strcmp(e->name, "level") == 0 && e->nargs >= 1) {
            /* only when every level has the same value */
            const ast_arg *arg = e->args;
            if (!fold(f, arg->value, &a))
                return 0;
            for (arg = arg->next; arg; arg = arg->next)
                if (!fold(f, arg->value, &b) || b != a)
                    return 0;
            *out = a;
            return 1;
        }
        int m = compiler_find_math(e->name);
        if (m < 0 || e->nargs != vm_math_arity((vm_math)m) || scope_find(f, e->name))
            return 0;
        double args[3];
        int i = 0;
        for (const ast_arg *arg = e->args; arg; arg = arg->next, i++)
            if (arg->name || !fold(f, arg->value, &args[i]))
                return 0;
        *out = vm_math_eval((vm_math)m, args);
        return 1;
    }
    }
    return 0;
}

/* Where an expression starts (a binary node's own position is its operator). */
static ast_pos expr_start(const ast_expr *e)
{
    while (e->kind == EX_BINARY && e->a)
        e = e->a;
    return e->pos;
}

/* Folds a global const (on first use, so consts may refer to later ones). */
static int fold_global_const(compiler *c, global *g)
{
    if (g->state == 2)
        return 1;
    if (g->state == 3)
        return 0;
    if (g->state == 1) {
        compiler_report(c, DIAG_CONST_CYCLE, g->file, g->decl->pos,
                        "constant '%s' is defined through itself", g->name);
        g->state = 3;
        return 0;
    }
    if (c->const_depth >= COMPILER_MAX_CONST_DEPTH) {
        compiler_report(c, DIAG_TOO_DEEP, g->file, g->decl->pos,
                        "constant '%s' is defined through more than %d other constants in a row",
                        g->name, COMPILER_MAX_CONST_DEPTH);
        g->state = 3;
        return 0;
    }
    /* folding needs no locals: one empty state serves every level (a copy per
     * level on the C stack overflowed it in a long chain of constants) */
    if (!c->const_scope && !(c->const_scope = arena_alloc(c->ar, sizeof *c->const_scope)))
        return 0;
    c->const_scope->c = c;
    g->state = 1;
    c->const_depth++;
    double v;
    int ok = g->decl->value && fold(c->const_scope, g->decl->value, &v);
    c->const_depth--;
    if (g->state == 3)
        return 0;
    if (!ok) {
        if (g->decl->value)
            compiler_report(c, DIAG_NOT_CONSTANT, g->file, expr_start(g->decl->value),
                            "constant '%s' needs a value known when the file loads (numbers, "
                            "other constants and math on them; not rank, rand or positions)",
                            g->name);
        g->state = 3;
        return 0;
    }
    g->value = v;
    g->state = 2;
    return 1;
}

/* ---- expressions ---- */

static void expr(fstate *f, const ast_expr *e);
static void expr_index(fstate *f, const ast_expr *e);

/* Collects the names a call or reference could have meant, for suggestions. */
static const char *compiler_suggest_value(fstate *f, const char *name)
{
    const char *cands[COMPILER_MAX_LOCALS + 64 + VM_MATH_COUNT];
    int n = 0;
    for (int i = 0; i < f->nlocals && n < COMPILER_MAX_LOCALS; i++)
        if (f->locals[i].name && f->locals[i].name[0])
            cands[n++] = f->locals[i].name; /* block markers have no name */
    for (int i = 0; i < COMPILER_VALUE_COUNT; i++)
        cands[n++] = compiler_values[i].name;
    const char *best = diag_suggest(name, cands, n);
    if (best)
        return best;
    /* constants: scan the globals (their count is unbounded, so in slices) */
    for (int i = 0; i < f->c->nglobals && !best; i += 64) {
        n = 0;
        for (int k = i; k < f->c->nglobals && k < i + 64; k++)
            if (f->c->globals[k].kind == G_CONST)
                cands[n++] = f->c->globals[k].name;
        best = diag_suggest(name, cands, n);
    }
    return best;
}

/* A handle or group where a number is expected. */
static void handle_not_number(fstate *f, const local *l, ast_pos pos)
{
    if (l->type == LT_GROUP)
        REPORT(f, DIAG_HANDLE_MISUSE, pos,
               "'%s' is a group of handles, not a number: read %s.count, %s[i], or go through "
               "it with 'for b in %s { ... }'",
               l->name, l->name, l->name, l->name);
    else
        REPORT(f, DIAG_HANDLE_MISUSE, pos,
               "'%s' %s handle, not a number: read what it names (%s.x, %s.speed, %s.alive...)",
               l->name, l->size ? "holds a" : "is a", l->name, l->name, l->name);
}

/* A name as a value: a local, a built-in, a constant; else an error with a guess.
 * Built-ins come before declarations, so that a pattern, enemy or imported
 * BulletML file named like one (`x`, `time`) hides it from no file. */
static void expr_name(fstate *f, const ast_expr *e)
{
    local *l = scope_find(f, e->name);
    if (l) {
        l->used = 1;
        if (l->size)
            REPORT(f, DIAG_ARRAY_MISUSE, e->pos,
                   "'%s' is an array: write %s[i] for one of its %u values", e->name, e->name,
                   (unsigned)l->size);
        else if (l->type != LT_NUMBER)
            handle_not_number(f, l, e->pos);
        emit_ax(f, VM_OP_LOCAL, l->slot, e->pos);
        return;
    }
    int v = compiler_find_value(e->name);
    if (v >= 0) {
        const value_def *d = &compiler_values[v];
        switch (d->kind) {
        case VAL_GET: emit_ax(f, VM_OP_GET, (uint32_t)d->arg, e->pos); break;
        case VAL_RAND: emit_ax(f, VM_OP_RAND, 0, e->pos); break;
        case VAL_CLOCK: emit_ax(f, VM_OP_CLOCK, 0, e->pos); break;
        case VAL_PREV: emit_ax(f, VM_OP_PREV, (uint32_t)d->arg, e->pos); break;
        case VAL_CONST: emit_const(f, d->arg, e->pos); break;
        }
        return;
    }
    global *g = compiler_global(f->c, e->name);
    if (g) {
        if (g->kind == G_CONST) {
            emit_const(f, fold_global_const(f->c, g) ? g->value : 0.0, e->pos);
            return;
        }
        if (g->kind == G_SHARED) {
            emit_ax(f, VM_OP_SHARED, g->shared, e->pos);
            return;
        }
        if (g->kind == G_SHIP) { /* `if ship == hotaru`: the ship's index, by name */
            emit_ref(f, g->ship, VM_REF_SHIP, e->pos);
            return;
        }
        REPORT(f, DIAG_WRONG_KIND, e->pos, "'%s' is %s, not a value", e->name,
               compiler_kind_word(g->kind));
        emit_const(f, 0, e->pos);
        return;
    }
    char hint[96];
    if (compiler_find_math(e->name) >= 0 || strcmp(e->name, "level") == 0)
        REPORT(f, DIAG_WRONG_KIND, e->pos, "'%s' is a function: write %s(...)", e->name, e->name);
    else
        REPORT(f, DIAG_UNKNOWN_NAME, e->pos, "unknown name '%s'%s", e->name,
               compiler_hint(compiler_suggest_value(f, e->name), hint, sizeof hint));
    emit_const(f, 0, e->pos);
}

/* Compiles the positional arguments of a built-in call; reports named ones. */
static int expr_builtin_args(fstate *f, const ast_expr *e)
{
    int n = 0;
    for (const ast_arg *a = e->args; a; a = a->next, n++) {
        if (a->name)
            REPORT(f, DIAG_UNKNOWN_ARG, a->pos, "%s() takes no named arguments", e->name);
        expr(f, a->value);
    }
    return n;
}

static int call_args(fstate *f, const ast_decl *decl, const ast_arg *args, int nargs, ast_pos pos,
                     const char *name);

/* A call: rand(a, b), level(...), a math function or a 'function'. */
static void expr_call(fstate *f, const ast_expr *e)
{
    const char *name = e->name;
    if (strcmp(name, "rand") == 0) {
        if (e->nargs != 2) {
            REPORT(f, DIAG_ARG_COUNT, e->pos,
                   "rand(low, high) takes 2 values, not %d (plain 'rand' is in [0, 1))", e->nargs);
            emit_const(f, 0, e->pos);
            return;
        }
        expr_builtin_args(f, e);
        emit_ax(f, VM_OP_RAND, 0, e->pos);
        emit_ax(f, VM_OP_MATH, VM_MATH_LERP, e->pos);
        return;
    }
    if (strcmp(name, "level") == 0) {
        if (e->nargs < 1 || e->nargs > 255) {
            REPORT(f, DIAG_ARG_COUNT, e->pos,
                   "level(easy, normal, hard, lunatic) takes 1 to 255 values, not %d", e->nargs);
            emit_const(f, 0, e->pos);
            return;
        }
        expr_builtin_args(f, e);
        emit_ax(f, VM_OP_PICK, (uint32_t)e->nargs, e->pos);
        return;
    }
    int m = compiler_find_math(name);
    if (m >= 0) {
        int arity = vm_math_arity((vm_math)m);
        if (e->nargs != arity) {
            REPORT(f, DIAG_ARG_COUNT, e->pos, "%s() takes %d value%s, not %d", name, arity,
                   arity == 1 ? "" : "s", e->nargs);
            emit_const(f, 0, e->pos);
            return;
        }
        expr_builtin_args(f, e);
        emit_ax(f, VM_OP_MATH, (uint32_t)m, e->pos);
        return;
    }
    global *g = compiler_global(f->c, name);
    if (g && g->kind == G_FUNCTION) {
        if (call_args(f, g->decl, e->args, e->nargs, e->pos, name) >= 0)
            emit_ax(f, VM_OP_CALLV, g->func, e->pos);
        else
            emit_const(f, 0, e->pos);
        return;
    }
    const char *cands[VM_MATH_COUNT + 2];
    for (int i = 0; i < VM_MATH_COUNT; i++)
        cands[i] = vm_math_name((vm_math)i);
    cands[VM_MATH_COUNT] = "rand";
    cands[VM_MATH_COUNT + 1] = "level";
    char hint[96];
    if (g && (g->kind == G_PATTERN || g->kind == G_IMPORT))
        REPORT(f, DIAG_WRONG_KIND, e->pos,
               "'%s' is a pattern, not a function: run it with 'run %s(...)'", name, name);
    else
        REPORT(f, DIAG_UNKNOWN_FUNCTION, e->pos, "unknown function '%s'%s", name,
               compiler_hint(diag_suggest(name, cands, VM_MATH_COUNT + 2), hint, sizeof hint));
    emit_const(f, 0, e->pos);
}

/* The array local called name, or NULL after reporting why it is not one. */
static local *array_find(fstate *f, const char *name, ast_pos pos)
{
    local *l = scope_find(f, name);
    char hint[96];
    if (l && l->size)
        return l;
    if (l)
        REPORT(f, DIAG_ARRAY_MISUSE, pos,
               "'%s' is a number, not an array (declare one with 'var %s[N]')", name, name);
    else
        REPORT(f, DIAG_UNKNOWN_NAME, pos, "unknown array '%s'%s", name,
               compiler_hint(compiler_suggest_value(f, name), hint, sizeof hint));
    return NULL;
}

/* Pushes the index of name[index] and returns the array, or reports a
 * constant index outside it and returns NULL. A constant index leaves
 * *slot set to the element's slot and pushes nothing. */
static local *array_index(fstate *f, const char *name, const ast_expr *index, ast_pos pos,
                          int *slot)
{
    local *l = array_find(f, name, pos);
    *slot = -1;
    if (!l)
        return NULL;
    l->used = 1; /* read or written: either way not a forgotten variable */
    double k;
    if (fold(f, index, &k)) {
        if (!(k > -1.0 && k < (double)l->size)) {
            REPORT(f, DIAG_ARRAY_MISUSE, index ? expr_start(index) : pos,
                   "index %g is outside %s[%u] (0 to %u)", k, name, (unsigned)l->size,
                   (unsigned)l->size - 1);
            return NULL;
        }
        *slot = l->slot + (int)k;
        return l;
    }
    expr(f, index);
    return l;
}

/* name[i]: the element, checked against the array's size (at run time when i
 * is not a constant). */
static void expr_index(fstate *f, const ast_expr *e)
{
    local *h = scope_find(f, e->name);
    if (h && (h->type != LT_NUMBER)) {
        h->used = 1;
        handle_not_number(f, h, e->pos);
        emit_const(f, 0, e->pos);
        return;
    }
    if (h)
        h->open = 0; /* read as numbers: they are numbers */
    int slot;
    local *l = array_index(f, e->name, e->a, e->pos, &slot);
    if (!l) {
        emit_const(f, 0, e->pos);
        return;
    }
    l->used = 1;
    if (slot >= 0)
        emit_ax(f, VM_OP_LOCAL, (uint32_t)slot, e->pos);
    else
        emit_ab(f, VM_OP_LOCALI, l->size, l->slot, e->pos);
}

/* Division by a constant zero, reported at pos. */
static void expr_check_divisor(fstate *f, const ast_expr *e, int known, double b, ast_pos pos)
{
    if ((e->op == AST_DIV || e->op == AST_MOD) && known && b == 0.0)
        REPORT(f, DIAG_DIVISION_BY_ZERO, pos, "division by zero");
}

/* A constant left operand waits (unemitted) while its right operand compiles;
 * returns its index, or -1 when it was pushed at once (the list was full). */
static int expr_wait(fstate *f, double v, ast_pos pos)
{
    if (f->nwaiting == COMPILER_MAX_WAITING) {
        emit_const(f, v, pos);
        return -1;
    }
    f->waiting[f->nwaiting].value = v;
    f->waiting[f->nwaiting].pos = pos;
    return f->nwaiting++;
}

static int expr_known(fstate *f, const ast_expr *e, double *v);

/* What a handle reads of its object: NAME.member. */
static const struct {
    const char *name;
    vm_prop prop;
} compiler_members[] = {
    {"x", VM_PROP_POS_X},       {"y", VM_PROP_POS_Y},     {"heading", VM_PROP_HEADING},
    {"speed", VM_PROP_SPEED},   {"vx", VM_PROP_VX},       {"vy", VM_PROP_VY},
    {"spin", VM_PROP_SPIN},     {"accel", VM_PROP_ACCEL}, {"aim", VM_PROP_AIM},
    {"health", VM_PROP_HEALTH}, {"alive", VM_PROP_ALIVE},
};
#define COMPILER_MEMBER_COUNT ((int)(sizeof compiler_members / sizeof compiler_members[0]))

const char *compiler_member_name(int i)
{
    return i >= 0 && i < COMPILER_MEMBER_COUNT ? compiler_members[i].name : NULL;
}

/* The handle (or group) variable called name, or NULL after reporting why
 * it is none. */
static local *handle_find(fstate *f, const char *name, ast_pos pos)
{
    local *l = scope_find(f, name);
    char hint[96];
    if (l && !l->size && l->type != LT_NUMBER) {
        l->used = 1;
        return l;
    }
    if (l)
        REPORT(f, DIAG_HANDLE_MISUSE, pos, "'%s' is %s, not a handle (fire ... as %s makes one)",
               name, l->size ? "an array" : "a number", name);
    else
        REPORT(f, DIAG_UNKNOWN_NAME, pos, "unknown handle '%s'%s", name,
               compiler_hint(compiler_suggest_value(f, name), hint, sizeof hint));
    return NULL;
}

/* NAME.member: a property of the handle's object (0, alive 0, once it is
 * gone), or a group's count. */
static void expr_member(fstate *f, const ast_expr *e)
{
    local *l = handle_find(f, e->name, e->pos);
    const char *m = e->member ? e->member : "";
    if (!l) {
        emit_const(f, 0, e->pos);
        return;
    }
    if (l->type == LT_GROUP) {
        if (strcmp(m, "count") != 0)
            REPORT(f, DIAG_HANDLE_MISUSE, e->member_pos,
                   "a group has only .count; each handle has .%s: for b in %s { ... b.%s ... }", m,
                   l->name, m);
        emit_ax(f, VM_OP_LOCAL, l->slot, e->pos);
        emit_ax(f, VM_OP_GROUP_COUNT, 0, e->pos);
        return;
    }
    int k = 0;
    while (k < COMPILER_MEMBER_COUNT && strcmp(compiler_members[k].name, m) != 0)
        k++;
    if (k == COMPILER_MEMBER_COUNT) {
        const char *names[COMPILER_MEMBER_COUNT];
        char hint[96];
        for (int i = 0; i < COMPILER_MEMBER_COUNT; i++)
            names[i] = compiler_members[i].name;
        REPORT(f, DIAG_HANDLE_MISUSE, e->member_pos, "a handle has no '%s'%s", m,
               compiler_hint(diag_suggest(m, names, COMPILER_MEMBER_COUNT), hint, sizeof hint));
        emit_const(f, 0, e->pos);
        return;
    }
    emit_ax(f, VM_OP_LOCAL, l->slot, e->pos);
    emit_ax(f, VM_OP_HGET, compiler_members[k].prop, e->pos);
}

/* A value that may be a handle or a group (a variable's, an array's element,
 * a group's g[i]), for the places that store one; anything else compiles as
 * a number. Returns its LT_* type; *of what it is of. */
static uint8_t expr_value(fstate *f, const ast_expr *e, uint8_t *of)
{
    *of = 0;
    local *l = e && (e->kind == EX_NAME || e->kind == EX_INDEX) ? scope_find(f, e->name) : NULL;
    if (!l || l->type == LT_NUMBER) {
        expr(f, e);
        return LT_NUMBER;
    }
    l->used = 1;
    *of = l->of;
    if (e->kind == EX_NAME && !l->size) {
        emit_ax(f, VM_OP_LOCAL, l->slot, e->pos);
        return l->type;
    }
    if (e->kind == EX_INDEX && !l->size) { /* g[i] */
        emit_ax(f, VM_OP_LOCAL, l->slot, e->pos);
        if (l->type != LT_GROUP)
            handle_not_number(f, l, e->pos);
        expr(f, e->a);
        emit_ax(f, VM_OP_GROUP_AT, 0, e->pos);
        return LT_HANDLE;
    }
    if (e->kind == EX_INDEX) { /* an element of an array of handles */
        int slot;
        local *a = array_index(f, e->name, e->a, e->pos, &slot);
        if (!a)
            emit_const(f, 0, e->pos);
        else if (slot >= 0)
            emit_ax(f, VM_OP_LOCAL, (uint32_t)slot, e->pos);
        else
            emit_ab(f, VM_OP_LOCALI, a->size, a->slot, e->pos);
        return LT_HANDLE;
    }
    expr(f, e); /* an array's name: reported there */
    return LT_NUMBER;
}

/* 'a and b', 'a or b': short-circuit, a and b = a ? (b != 0) : 0. */
static int expr_logic(fstate *f, const ast_expr *e, double *v)
{
    double a, b;
    int ka = expr_known(f, e->a, &a);
    if (ka && fold(f, e->b, &b)) {
        *v = fold_binary(e->op, a, b);
        return 1;
    }
    if (ka)
        emit_const(f, a, e->a->pos);
    uint32_t skip = emit_ax(f, e->op == AST_AND ? VM_OP_JMPF : VM_OP_JMPT, 0, e->pos);
    expr(f, e->b);
    emit_ax(f, VM_OP_NOT, 0, e->pos);
    emit_ax(f, VM_OP_NOT, 0, e->pos);
    uint32_t done = emit_ax(f, VM_OP_JMP, 0, e->pos);
    patch_to(f, skip, program_pc(f->c->b), e->pos);
    emit_const(f, e->op == AST_AND ? 0.0 : 1.0, e->pos);
    patch_to(f, done, program_pc(f->c->b), e->pos);
    return 0;
}

/* a OP b: both operands left to right, or one constant when both are known. */
static int expr_binary(fstate *f, const ast_expr *e, double *v)
{
    static const vm_op ops[] = {VM_OP_ADD, VM_OP_SUB, VM_OP_MUL, VM_OP_DIV, VM_OP_MOD, VM_OP_LT,
                                VM_OP_LE,  VM_OP_GT,  VM_OP_GE,  VM_OP_EQ,  VM_OP_NE};
    double a, b;
    int ka = expr_known(f, e->a, &a);
    int slot = ka ? expr_wait(f, a, e->a->pos) : -1;
    int kb = expr_known(f, e->b, &b);
    if (ka && kb && slot >= 0 && slot == f->nwaiting - 1) {
        expr_check_divisor(f, e, kb, b, e->pos);
        f->nwaiting--;
        *v = fold_binary(e->op, a, b);
        return 1;
    }
    if (kb) { /* e->b is there: a missing operand (a syntax error) is never known */
        expr_check_divisor(f, e, kb, b, e->b->pos);
        emit_const(f, b, e->b->pos);
    }
    emit_ax(f, ops[e->op], 0, e->pos);
    return 0;
}

/* Compiles e, except when its value is known at load time: then nothing is
 * emitted, the value goes to *v and 1 is returned. Each node is visited once
 * (folding a node's operands again at every level was quadratic in a chain). */
static int expr_known(fstate *f, const ast_expr *e, double *v)
{
    if (!e)
        return 0; /* a syntax error already reported */
    switch (e->kind) {
    case EX_NUMBER: *v = e->number; return 1;
    case EX_NAME:
        if (fold_name(f, e->name, v))
            return 1;
        expr_name(f, e);
        return 0;
    case EX_CALL:
        if (fold(f, e, v))
            return 1;
        expr_call(f, e);
        return 0;
    case EX_INDEX: expr_index(f, e); return 0;
    case EX_MEMBER: expr_member(f, e); return 0;
    case EX_UNARY: {
        double a;
        if (expr_known(f, e->a, &a)) {
            *v = e->op == AST_NEG ? -a : (a == 0.0);
            return 1;
        }
        emit_ax(f, e->op == AST_NEG ? VM_OP_NEG : VM_OP_NOT, 0, e->pos);
        return 0;
    }
    case EX_BINARY:
        if (e->op == AST_AND || e->op == AST_OR)
            return expr_logic(f, e, v);
        return expr_binary(f, e, v);
    }
    return 0;
}

/* expr: a folded expression is one CONST; otherwise operands left to right. */
static void expr(fstate *f, const ast_expr *e)
{
    double v;
    if (expr_known(f, e, &v))
        emit_const(f, v, e->pos);
}

/* ---- calls of patterns and enemies ---- */

/* Compiles the arguments of a call of decl (params with defaults, named or
 * positional) in the order of its params. Returns the count pushed. */
static int call_args(fstate *f, const ast_decl *decl, const ast_arg *args, int nargs, ast_pos pos,
                     const char *name)
{
    const ast_param *params[COMPILER_MAX_ARGS + 1];
    const ast_arg *given[COMPILER_MAX_ARGS + 1] = {0};
    int np = 0;
    for (const ast_param *p = decl ? decl->params : NULL; p && np <= COMPILER_MAX_ARGS; p = p->next)
        params[np++] = p;
    if (np > COMPILER_MAX_ARGS) {
        REPORT(f, DIAG_ARG_COUNT, pos, "'%s' has more than %d parameters", name, COMPILER_MAX_ARGS);
        return -1;
    }
    int positional = 0, named = 0, ok = 1;
    for (const ast_arg *a = args; a; a = a->next) {
        if (!a->name) {
            if (named) {
                REPORT(f, DIAG_EXPECTED, a->pos, "a value by position after named ones");
                ok = 0;
            } else if (positional >= np) {
                REPORT(f, DIAG_ARG_COUNT, a->pos, "'%s' takes %d value%s, not %d", name, np,
                       np == 1 ? "" : "s", nargs);
                ok = 0;
                break;
            } else {
                given[positional++] = a;
            }
            continue;
        }
        named = 1;
        int k = -1;
        for (int i = 0; i < np; i++)
            if (strcmp(params[i]->name, a->name) == 0)
                k = i;
        if (k < 0) {
            const char *cands[COMPILER_MAX_ARGS];
            for (int i = 0; i < np; i++)
                cands[i] = params[i]->name;
            char hint[96];
            REPORT(f, DIAG_UNKNOWN_ARG, a->pos, "'%s' has no parameter '%s'%s", name, a->name,
                   compiler_hint(diag_suggest(a->name, cands, np), hint, sizeof hint));
            ok = 0;
        } else if (given[k]) {
            REPORT(f, DIAG_DUPLICATE_ARG, a->pos, "'%s' is given twice", a->name);
            ok = 0;
        } else {
            given[k] = a;
        }
    }
    for (int i = 0; i < np; i++) {
        if (given[i]) {
            expr(f, given[i]->value);
        } else if (params[i]->def) {
            double v;
            fstate tmp;
            memset(&tmp, 0, sizeof tmp);
            tmp.c = f->c;
            tmp.file = decl->file;
            if (!fold(&tmp, params[i]->def, &v))
                v = 0.0; /* reported at the declaration */
            emit_const(f, v, pos);
        } else {
            if (ok)
                REPORT(f, DIAG_MISSING_ARG, pos, "'%s' needs a value for '%s'", name,
                       params[i]->name);
            ok = 0;
            emit_const(f, 0, pos);
        }
    }
    return np;
}

/* Looks up the pattern a run / thread / fire run names; reports if it is none. */
static global *compiler_pattern(fstate *f, const char *name, ast_pos pos)
{
    global *g = compiler_global(f->c, name);
    if (g && (g->kind == G_PATTERN || g->kind == G_IMPORT))
        return g;
    char hint[96];
    if (g && g->kind == G_ENEMY) {
        REPORT(f, DIAG_WRONG_KIND, pos, "'%s' is an enemy: start it with 'spawn %s at (x, y)'",
               name, name);
    } else if (g) {
        REPORT(f, DIAG_WRONG_KIND, pos, "'%s' is %s, not a pattern", name,
               compiler_kind_word(g->kind));
    } else {
        const char *cands[64];
        const char *best = NULL;
        for (int i = 0; i < f->c->nglobals && !best; i += 64) {
            int n = 0;
            for (int k = i; k < f->c->nglobals && k < i + 64; k++)
                if (f->c->globals[k].kind == G_PATTERN || f->c->globals[k].kind == G_IMPORT)
                    cands[n++] = f->c->globals[k].name;
            best = diag_suggest(name, cands, n);
        }
        REPORT(f, DIAG_UNKNOWN_PATTERN, pos, "unknown pattern '%s'%s", name,
               compiler_hint(best, hint, sizeof hint));
    }
    return NULL;
}

/* ---- inline blocks ---- */

typedef struct name_set {
    const char *names[COMPILER_MAX_LOCALS];
    int count;
} name_set;

/* Adds a name to a set once. */
static void names_add(name_set *s, const char *name)
{
    for (int i = 0; i < s->count; i++)
        if (strcmp(s->names[i], name) == 0)
            return;
    if (s->count < COMPILER_MAX_LOCALS)
        s->names[s->count++] = name;
}

static void names_in_stmts(name_set *s, const ast_stmt *st);

/* Every name an expression refers to. */
static void names_in_expr(name_set *s, const ast_expr *e)
{
    if (!e)
        return;
    if (e->kind == EX_NAME || e->kind == EX_INDEX || e->kind == EX_MEMBER)
        names_add(s, e->name);
    names_in_expr(s, e->a);
    names_in_expr(s, e->b);
    for (const ast_arg *a = e->args; a; a = a->next)
        names_in_expr(s, a->value);
}

/* Every name an inline block refers to (read or assigned), at any depth. */
static void names_in_stmts(name_set *s, const ast_stmt *st)
{
    for (; st; st = st->next) {
        if (st->kind == ST_ASSIGN && st->name)
            names_add(s, st->name);
        if (st->target)
            names_add(s, st->target);
        for (int i = 0; i < 4; i++)
            names_in_expr(s, st->e[i]);
        for (const ast_arg *a = st->args; a; a = a->next)
            names_in_expr(s, a->value);
        if (st->fire) {
            for (const ast_clause *c = st->fire->clauses; c; c = c->next) {
                names_in_expr(s, c->a);
                names_in_expr(s, c->b);
            }
            for (const ast_arg *a = st->fire->args; a; a = a->next)
                names_in_expr(s, a->value);
            names_in_stmts(s, st->fire->body);
        }
        names_in_stmts(s, st->body);
        names_in_stmts(s, st->else_body);
    }
}

/* Queues an inline block as a function taking the enclosing variables it uses;
 * pushes their values now. Returns the function. */
static uint32_t compiler_block(fstate *f, const ast_stmt *body, ast_pos pos, const char *what,
                               int on_laser)
{
    compiler *c = f->c;
    name_set used;
    used.count = 0;
    names_in_stmts(&used, body);
    pending_block *pb = arena_alloc(c->ar, sizeof *pb);
    const char **caps = arena_alloc(c->ar, (size_t)(used.count + 1) * sizeof *caps);
    uint16_t *sizes = arena_alloc(c->ar, (size_t)(used.count + 1) * sizeof *sizes);
    if (!pb || !caps || !sizes)
        return 0;
    int n = 0, values = 0;
    for (int i = 0; i < used.count; i++) {
        local *l = scope_find(f, used.names[i]);
        if (!l)
            continue;
        l->used = 1;
        sizes[n] = LOCAL_PACK(l);
        caps[n++] = l->name;
        for (int k = 0; k < (l->size ? l->size : 1); k++, values++)
            emit_ax(f, VM_OP_LOCAL, l->slot + (uint32_t)k, pos); /* an array: each value */
    }
    char name[96];
    snprintf(name, sizeof name, "%s@%u:%u", what, (unsigned)pos.line, (unsigned)pos.col);
    vm_pos vp = compiler_vpos(f, pos);
    pb->func = program_declare_func(c->b, name, values, vp);
    pb->body = (ast_stmt *)body;
    pb->captures = caps;
    pb->capture_sizes = sizes;
    pb->ncaptures = n;
    pb->file = f->file;
    pb->on_bullet = f->on_bullet || strcmp(what, "fire") == 0;
    pb->on_laser = strcmp(what, "thread") == 0 ? f->on_laser : on_laser;
    pb->in_stage = f->in_stage != 0;
    *c->pending_tail = pb;
    c->pending_tail = &pb->next;
    return pb->func;
}

/* ---- statements ---- */

static void stmts(fstate *f, const ast_stmt *s);

/* Whether running these statements can ever sleep or leave the loop they are
 * in (nested: inside a loop of their own, whose break does not count). */
static int may_wait_in(const ast_stmt *s, int nested)
{
    for (; s; s = s->next) {
        switch (s->kind) {
        case ST_WAIT:
        case ST_WAIT_UNTIL:
        case ST_RUN:
        case ST_STOP:
        case ST_BOSS:
        case ST_BROKEN: return 1; /* it may have been a wait: warn of nothing */
        case ST_BREAK:
            if (!nested)
                return 1;
            break;
        case ST_RETURN: return 1; /* leaves the loop */
        case ST_IF:
            if (may_wait_in(s->body, nested) || may_wait_in(s->else_body, nested))
                return 1;
            break;
        case ST_REPEAT:
        case ST_WHILE:
        case ST_LOOP:
        case ST_FOR:
            if (may_wait_in(s->body, 1))
                return 1;
            break;
        default: break;
        }
    }
    return 0;
}

/* A value then a frame count (speed 3 over 20): both evaluated in reading
 * order, pushed as RAMP wants them (term, then value). */
static void ramp_operands(fstate *f, const ast_expr *value, const ast_expr *term)
{
    double dv, dt;
    if (fold(f, value, &dv) || fold(f, term, &dt)) {
        expr(f, term);
        expr(f, value);
        return;
    }
    ast_pos pos = value ? value->pos : (ast_pos){0, 0};
    int nslots = f->nslots;
    int tmp = scope_slot(f, 1, pos);
    expr(f, value);
    emit_ax(f, VM_OP_STORE, (uint32_t)tmp, pos);
    expr(f, term);
    emit_ax(f, VM_OP_LOCAL, (uint32_t)tmp, pos);
    f->nslots = nslots;
}

/* A text operand of a verb: the string's index as a constant. */
static void emit_string(fstate *f, const char *text, ast_pos pos)
{
    emit_ref(f, text ? (double)program_add_string(f->c->b, text) : -1.0, VM_REF_STRING, pos);
}

/* A title's or spell card's text with the parts joined after its first string
 * ("Stage " + N), folded now: each part a string, or a number known when the
 * file loads (reported otherwise); the text itself when nothing is joined.
 * The result lives in the compiler's arena (or the library's, when `keep`,
 * which reports nothing: the same text compiled into the code reports it). */
static const char *fold_text(fstate *f, const char *first, const ast_arg *parts, int keep)
{
    if (!first || !parts)
        return first;
    char buf[512];
    size_t used = (size_t)snprintf(buf, sizeof buf, "%s", first);
    for (const ast_arg *a = parts; a && used < sizeof buf - 1; a = a->next) {
        double v = 0;
        int n = 0;
        if (!a->value)
            n = snprintf(buf + used, sizeof buf - used, "%s", a->name);
        else if (fold(f, a->value, &v))
            n = snprintf(buf + used, sizeof buf - used, "%.10g", v);
        else if (!keep) { /* the table's copy stays quiet: the code's reports it */
            REPORT(f, DIAG_NOT_CONSTANT, expr_start(a->value),
                   "a title's or spell card's text is known when the file loads: join strings, "
                   "numbers and constants ('say' and 'print' take any value)");
            n = 0;
        }
        used += n > 0 ? (size_t)n : 0;
        used = used < sizeof buf - 1 ? used : sizeof buf - 1;
    }
    arena *ar = keep ? &f->c->lib->mem : f->c->ar;
    const char *out = arena_strndup(ar, buf, strlen(buf));
    return out ? out : first;
}

/* The look of a fire: SHOT_LOOK when it names a known shape (and a known colour,
 * white when none). Without a shape, or with an unknown name (reported, with a
 * hint), the shot keeps the host's default look. */
static uint32_t look_code(fstate *f, const ast_fire *fire)
{
    int shape = -1, colour = BULLET_COLOR_WHITE;
    char hint[96];
    if (fire->shape) {
        shape = art_shape_by_name(f->c->lib->art, (int)f->c->lib->art_count, fire->shape);
        if (shape < 0) {
            int is_colour = 0;
            for (int i = 0; i < BULLET_COLOR_COUNT; i++)
                is_colour |= strcmp(compiler_colours[i], fire->shape) == 0;
            if (is_colour)
                REPORT(f, DIAG_UNKNOWN_SHAPE, fire->shape_pos,
                       "'%s' is a colour; the shape comes first: fire orb %s", fire->shape,
                       fire->shape);
            else
                REPORT(f, DIAG_UNKNOWN_SHAPE, fire->shape_pos, "unknown bullet shape '%s'%s",
                       fire->shape,
                       compiler_hint(diag_suggest(fire->shape, compiler_shapes, BULLET_SHAPE_COUNT),
                                     hint, sizeof hint));
        }
        const art_shape *a = art_shape_of(f->c->lib->art, (int)f->c->lib->art_count, shape);
        if (a && a->portrait) {
            REPORT(f, DIAG_UNKNOWN_SHAPE, fire->shape_pos,
                   "'%s' is a portrait, which a character shows, not a bullet's shape",
                   fire->shape);
            shape = -1;
        }
    }
    if (fire->colour) {
        colour = -1;
        for (int i = 0; i < BULLET_COLOR_COUNT; i++)
            if (strcmp(compiler_colours[i], fire->colour) == 0)
                colour = i;
        if (colour < 0)
            REPORT(f, DIAG_UNKNOWN_COLOUR, fire->colour_pos, "unknown colour '%s'%s", fire->colour,
                   compiler_hint(diag_suggest(fire->colour, compiler_colours, BULLET_COLOR_COUNT),
                                 hint, sizeof hint));
    }
    return shape >= 0 && colour >= 0 ? library_look_of(f->c->lib, shape, colour) : 0;
}

static void fire_look(fstate *f, const ast_fire *fire, ast_pos pos)
{
    uint32_t code = look_code(f, fire);
    if (code)
        emit_ax(f, VM_OP_SHOT_LOOK, code, pos);
}

/* A laser's kind and colour: `laser [straight|curvy] [colour]`, or `laser
 * colour` for a straight one. Emits SHOT_SET LASER and the look (colour only);
 * returns the kind's letter of compiler_clause_applies ('s' or 'c'). */
static char laser_look(fstate *f, const ast_fire *fire, ast_pos pos)
{
    const char *kind = fire->shape, *colour = fire->colour;
    ast_pos colour_pos = fire->colour_pos;
    char hint[96];
    int curvy = 0, c = BULLET_COLOR_WHITE;
    if (kind && strcmp(kind, "curvy") == 0) {
        curvy = 1;
    } else if (kind && strcmp(kind, "straight") != 0) {
        if (colour)
            REPORT(f, DIAG_UNKNOWN_SHAPE, fire->shape_pos,
                   "unknown laser kind '%s' (a laser is straight or curvy)", kind);
        colour = kind; /* laser red: a straight red laser */
        colour_pos = fire->shape_pos;
    }
    if (colour) {
        c = -1;
        for (int i = 0; i < BULLET_COLOR_COUNT; i++)
            if (strcmp(compiler_colours[i], colour) == 0)
                c = i;
        if (c < 0)
            REPORT(f, DIAG_UNKNOWN_COLOUR, colour_pos, "unknown colour '%s'%s", colour,
                   compiler_hint(diag_suggest(colour, compiler_colours, BULLET_COLOR_COUNT), hint,
                                 sizeof hint));
    }
    emit_const(f, curvy ? VM_LASER_CURVY : VM_LASER_STRAIGHT, pos);
    emit_ax(f, VM_OP_SHOT_SET, VM_SHOT_LASER, pos);
    if (c >= 0)
        emit_ax(f, VM_OP_SHOT_LOOK, library_look(BULLET_SHAPE_ORB, c), pos);
    return curvy ? 'c' : 's';
}

/* One clause of a fire: its operands, then the SHOT_* instruction that sets it. */
static void fire_clause(fstate *f, const ast_clause *c)
{
    switch (c->kind) {
    case CL_AT:
        expr(f, c->a);
        emit_ax(f, VM_OP_SHOT_DIR, VM_MODE_ABS, c->pos);
        break;
    case CL_AIM:
        emit_const(f, 0, c->pos);
        emit_ax(f, VM_OP_SHOT_DIR, VM_MODE_AIM, c->pos);
        break;
    case CL_SPEED:
        expr(f, c->a);
        emit_ax(f, VM_OP_SHOT_SPD, VM_MODE_ABS, c->pos);
        break;
    case CL_RING:
    case CL_ARC:
    case CL_SPREAD:
        emit_ax(f, VM_OP_SHOT_FORM,
                c->kind == CL_RING  ? VM_FORM_RING
                : c->kind == CL_ARC ? VM_FORM_ARC
                                    : VM_FORM_SPREAD,
                c->pos);
        expr(f, c->a);
        emit_ax(f, VM_OP_SHOT_SET, VM_SHOT_COUNT, c->pos);
        if (c->b) {
            expr(f, c->b);
            emit_ax(f, VM_OP_SHOT_SET, VM_SHOT_ANGLE, c->pos);
        }
        break;
    case CL_STACK:
        expr(f, c->a);
        emit_ax(f, VM_OP_SHOT_SET, VM_SHOT_LAYERS, c->pos);
        expr(f, c->b);
        emit_ax(f, VM_OP_SHOT_SET, VM_SHOT_LAYER_SPEED, c->pos);
        break;
    case CL_FROM:
    case CL_VELOCITY:
        expr(f, c->a);
        emit_ax(f, VM_OP_SHOT_SET, c->kind == CL_FROM ? VM_SHOT_OFFSET_X : VM_SHOT_VX, c->pos);
        expr(f, c->b);
        emit_ax(f, VM_OP_SHOT_SET, c->kind == CL_FROM ? VM_SHOT_OFFSET_Y : VM_SHOT_VY, c->pos);
        break;
    case CL_RADIUS:
    case CL_SPIN:
    case CL_ACCEL:
    case CL_LIFE: {
        vm_shot_field field = c->kind == CL_RADIUS  ? VM_SHOT_RADIUS
                              : c->kind == CL_SPIN  ? VM_SHOT_SPIN
                              : c->kind == CL_ACCEL ? VM_SHOT_ACCEL
                                                    : VM_SHOT_LIFE;
        expr(f, c->a);
        emit_ax(f, VM_OP_SHOT_SET, field, c->pos);
        break;
    }
    case CL_LENGTH:
    case CL_WIDTH:
    case CL_WARN:
        expr(f, c->a);
        emit_ax(f, VM_OP_SHOT_SET,
                c->kind == CL_LENGTH  ? VM_SHOT_LENGTH
                : c->kind == CL_WIDTH ? VM_SHOT_WIDTH
                                      : VM_SHOT_WARN,
                c->pos);
        break;
    case CL_FOLLOW:
        emit_const(f, 1, c->pos);
        emit_ax(f, VM_OP_SHOT_SET, VM_SHOT_FOLLOW, c->pos);
        break;
    default: break;
    }
}

/* Stores the value on the stack into a new variable called name (none: the
 * value is dropped), declared after its value, in the innermost block. */
static local *stmt_declare(fstate *f, const char *name, ast_pos name_pos, ast_pos pos)
{
    if (!name) {
        emit_ax(f, VM_OP_POP, 0, pos);
        return NULL;
    }
    int slot = scope_slot(f, 1, pos);
    int block_start = f->nlocals; /* after the block's marker */
    while (block_start > 0 && f->locals[block_start - 1].hidden != 2)
        block_start--;
    local *l = scope_declare(f, name, name_pos, block_start, slot);
    emit_ax(f, VM_OP_STORE, l ? l->slot : (uint32_t)slot, pos);
    return l;
}

/* fire: the look, the clauses in reading order, then FIRE or FIRE_RUN. */
static void stmt_fire(fstate *f, const ast_stmt *s)
{
    const ast_fire *fire = s->fire;
    if (!fire)
        return;
    emit_ax(f, VM_OP_SHOT_BEGIN, 0, s->pos);
    char what = 'b';
    if (s->op == 1)
        what = laser_look(f, fire, s->pos);
    else
        fire_look(f, fire, s->pos);
    /* the clauses, in reading order */
    const ast_clause *seen[CL_COUNT] = {0};
    const ast_clause *form = NULL;
    for (const ast_clause *c = fire->clauses; c; c = c->next) {
        if (seen[c->kind] || (c->kind == CL_AIM && seen[CL_AT]) ||
            (c->kind == CL_AT && seen[CL_AIM])) {
            REPORT(f, DIAG_DUPLICATE_CLAUSE, c->pos, "the direction or '%s' is given twice",
                   compiler_clause_words[c->kind]);
            continue;
        }
        seen[c->kind] = c;
        if (!strchr(compiler_clause_applies[c->kind], what)) {
            REPORT(f, DIAG_LASER_CLAUSE, c->pos, "'%s' does not apply to %s",
                   compiler_clause_words[c->kind],
                   what == 'b'   ? "bullets (only to lasers)"
                   : what == 's' ? "a straight laser"
                                 : "a curvy laser");
            continue;
        }
        if (c->kind == CL_RING || c->kind == CL_ARC || c->kind == CL_SPREAD) {
            if (form) {
                REPORT(f, DIAG_CONFLICTING_FORM, c->pos,
                       "a volley is a ring, an arc or a spread: '%s' and '%s' cannot go together",
                       compiler_clause_words[form->kind], compiler_clause_words[c->kind]);
                continue;
            }
            form = c;
        }
        double count;
        if ((c->kind == CL_RING || c->kind == CL_ARC || c->kind == CL_SPREAD ||
             c->kind == CL_STACK) &&
            fold(f, c->a, &count) && count < 1)
            REPORT(f, DIAG_EMPTY_VOLLEY, c->pos, "'%s' of %g bullets fires nothing",
                   compiler_clause_words[c->kind], count);
        fire_clause(f, c);
    }
    /* as NAME: the next FIRE keeps its first object, or all of a volley's */
    int volley = form || seen[CL_STACK];
    if (s->as)
        emit_ax(f, VM_OP_SHOT_KEEP, volley ? 2 : 1, s->pos);
    /* the bullet's own script, if any */
    if (fire->has_body) {
        uint32_t func = compiler_block(f, fire->body, s->pos, "fire", s->op == 1);
        emit_ax(f, VM_OP_FIRE_RUN, func, s->pos);
    } else if (fire->run) {
        global *g = compiler_pattern(f, fire->run, fire->run_pos);
        if (g && call_args(f, g->decl, fire->args, fire->nargs, fire->run_pos, g->name) >= 0)
            emit_ax(f, VM_OP_FIRE_RUN, g->func, s->pos);
        else
            emit_ax(f, VM_OP_FIRE, 0, s->pos);
    } else {
        emit_ax(f, VM_OP_FIRE, 0, s->pos);
    }
    if (s->as) {
        emit_ax(f, VM_OP_KEPT, volley ? 1 : 0, s->pos);
        local *l = stmt_declare(f, s->as, s->as_pos, s->pos);
        if (l) {
            l->type = volley ? LT_GROUP : LT_HANDLE;
            l->of = s->op == 1 ? OF_LASER : OF_BULLET;
        }
    }
}

/* Enters a loop: its break and continue lists. */
static void loop_enter(fstate *f, loop_ctx *l)
{
    memset(l, 0, sizeof *l);
    l->outer = f->loop;
    f->loop = l;
}

/* Leaves a loop: its continues and breaks jump where they belong. */
static void loop_leave(fstate *f, loop_ctx *l, uint32_t continue_pc, uint32_t exit_pc, ast_pos pos)
{
    patch_list_to(f, &l->continues, continue_pc, pos);
    patch_list_to(f, &l->breaks, exit_pc, pos);
    f->loop = l->outer;
}

/* A counted loop's body after its LOOP_TEST at `test` on counter slot
 * `counter`: the body, LOOP_NEXT back to the test, and the test's exit patched
 * to after it (repeat, for ... in). */
static void counted_body(fstate *f, const ast_stmt *s, uint32_t counter, uint32_t test)
{
    loop_ctx l;
    loop_enter(f, &l);
    stmts(f, s->body);
    uint32_t next = emit_ab(f, VM_OP_LOOP_NEXT, counter, 0, s->pos);
    patch_to(f, next, test, s->pos);
    uint32_t exit_pc = program_pc(f->c->b);
    patch_to(f, test, exit_pc, s->pos);
    loop_leave(f, &l, next, exit_pc, s->pos);
}

/* repeat N [as i] { body }: N evaluated once; i counts 0..N-1; N < 1 runs nothing. */
static void stmt_repeat(fstate *f, const ast_stmt *s)
{
    int nlocals = f->nlocals, nslots = f->nslots;
    int slot = scope_slot(f, 2, s->pos);
    expr(f, s->e[0]);
    double n;
    if (fold(f, s->e[0], &n) && n < 1)
        REPORT(f, DIAG_EMPTY_VOLLEY, s->e[0]->pos, "'repeat %g' runs its block no times", n);
    emit_ab(f, VM_OP_LOOP_INIT, (uint32_t)slot, 0, s->pos);
    if (s->name) {
        local *l = scope_declare(f, s->name, s->name_pos, nlocals, slot);
        if (l)
            l->used = 1; /* a counter nobody reads is fine */
    }
    uint32_t test = emit_ab(f, VM_OP_LOOP_TEST, (uint32_t)slot, 0, s->pos);
    counted_body(f, s, (uint32_t)slot, test);
    scope_close(f, nlocals, nslots);
}

/* loop [as i] { body } and while cond { body }. */
static void stmt_loop(fstate *f, const ast_stmt *s)
{
    int nlocals = f->nlocals, nslots = f->nslots;
    int slot = -1;
    double c = 1;
    int forever = s->kind == ST_LOOP || (fold(f, s->e[0], &c) && c != 0.0);
    if (forever && !may_wait_in(s->body, 0))
        REPORT(f, DIAG_LOOP_NEVER_WAITS, s->pos,
               "this loop never waits or stops: it will be stopped as a runaway script "
               "(add a 'wait')");
    if (s->name) {
        slot = scope_slot(f, 1, s->pos);
        emit_const(f, 0, s->pos);
        emit_ax(f, VM_OP_STORE, (uint32_t)slot, s->pos);
        local *l = scope_declare(f, s->name, s->name_pos, nlocals, slot);
        if (l)
            l->used = 1;
    }
    uint32_t top = program_pc(f->c->b);
    uint32_t exit_jump = UINT32_MAX;
    if (s->kind == ST_WHILE && !forever) {
        expr(f, s->e[0]);
        exit_jump = emit_ax(f, VM_OP_JMPF, 0, s->pos);
    }
    loop_ctx l;
    loop_enter(f, &l);
    stmts(f, s->body);
    uint32_t cont = program_pc(f->c->b);
    if (slot >= 0) {
        emit_ax(f, VM_OP_LOCAL, (uint32_t)slot, s->pos);
        emit_const(f, 1, s->pos);
        emit_ax(f, VM_OP_ADD, 0, s->pos);
        emit_ax(f, VM_OP_STORE, (uint32_t)slot, s->pos);
    }
    emit_ax(f, VM_OP_JMP, top, s->pos);
    uint32_t exit_pc = program_pc(f->c->b);
    if (exit_jump != UINT32_MAX)
        patch_to(f, exit_jump, exit_pc, s->pos);
    loop_leave(f, &l, cont, exit_pc, s->pos);
    scope_close(f, nlocals, nslots);
}

/* if / else: a condition known at load time keeps only the branch taken. */
static void stmt_if(fstate *f, const ast_stmt *s)
{
    double c;
    if (fold(f, s->e[0], &c)) {
        /* known at load time: only the branch taken is compiled */
        const ast_stmt *taken = c != 0.0 ? s->body : s->else_body;
        int nlocals = f->nlocals, nslots = f->nslots;
        stmts(f, taken);
        scope_close(f, nlocals, nslots);
        return;
    }
    expr(f, s->e[0]);
    uint32_t to_else = emit_ax(f, VM_OP_JMPF, 0, s->pos);
    int nlocals = f->nlocals, nslots = f->nslots;
    stmts(f, s->body);
    scope_close(f, nlocals, nslots);
    if (s->else_body) {
        uint32_t to_end = emit_ax(f, VM_OP_JMP, 0, s->pos);
        patch_to(f, to_else, program_pc(f->c->b), s->pos);
        stmts(f, s->else_body);
        scope_close(f, nlocals, nslots);
        patch_to(f, to_end, program_pc(f->c->b), s->pos);
    } else {
        patch_to(f, to_else, program_pc(f->c->b), s->pos);
    }
}

/* The value an assignment stores: s's expression, or for a compound (+= ...)
 * the current value, which the instruction `load` pushes, combined with it. */
static void assign_value(fstate *f, const ast_stmt *s, uint32_t load)
{
    static const vm_op ops[] = {VM_OP_ADD, VM_OP_SUB, VM_OP_MUL, VM_OP_DIV};
    if (s->op >= 0) {
        emit_waiting(f);
        program_emit(f->c->b, load, compiler_vpos(f, s->pos));
        expr(f, s->e[0]);
        emit_ax(f, ops[s->op], 0, s->pos);
    } else {
        expr(f, s->e[0]);
    }
}

/* shared = value and the compound forms: every script sees the change. */
static void stmt_assign_shared(fstate *f, const ast_stmt *s, const global *g)
{
    assign_value(f, s, VM_MAKE_AX(VM_OP_SHARED, g->shared));
    emit_ax(f, VM_OP_SSTORE, g->shared, s->pos);
}

/* Whether e is a handle or a group (a variable's, an element's): what
 * expr_value would compile as one. */
static int expr_is_handle(fstate *f, const ast_expr *e)
{
    const local *l =
        e && (e->kind == EX_NAME || e->kind == EX_INDEX) ? scope_find(f, e->name) : NULL;
    return l && l->type != LT_NUMBER;
}

/* Stores a handle (or group) value into a variable or an element of type
 * `type` of `of`; the value's kind must be the same. */
static void assign_handle_value(fstate *f, const ast_stmt *s, uint8_t type, uint8_t of)
{
    uint8_t o;
    if (s->op >= 0) {
        REPORT(f, DIAG_HANDLE_MISUSE, s->name_pos,
               "'%s' holds a handle: only '=' can change it (a handle is no number)", s->name);
        expr_value(f, s->e[0], &o);
        return;
    }
    uint8_t t = expr_value(f, s->e[0], &o);
    static const char *const holds[] = {"numbers", "handles", "a group"};
    const char *is = t == LT_NUMBER  ? "a number"
                     : t == LT_GROUP ? "a group"
                     : type == t     ? "another kind of handle"
                                     : "a handle";
    if (t != type || o != of)
        REPORT(f, DIAG_HANDLE_MISUSE, expr_start(s->e[0]), "'%s' holds %s: this value is %s",
               s->name, holds[type], is);
}

/* name[i] = value and the compound forms. */
static void stmt_assign_element(fstate *f, const ast_stmt *s)
{
    if (!s->e[1]) {
        array_find(f, s->name, s->name_pos); /* a whole array assigned: says so */
        REPORT(f, DIAG_ARRAY_MISUSE, s->name_pos,
               "'%s' is an array: assign one value at a time, %s[i] = ...", s->name, s->name);
        return;
    }
    int slot;
    local *l = array_index(f, s->name, s->e[1], s->name_pos, &slot);
    if (!l) {
        expr(f, s->e[0]);
        emit_ax(f, VM_OP_POP, 0, s->pos);
        return;
    }
    if (l->open && expr_is_handle(f, s->e[0])) { /* zeros that become handles */
        const local *v = scope_find(f, s->e[0]->name);
        l->type = LT_HANDLE;
        l->of = v->of;
    }
    l->open = 0;
    if (slot >= 0 && l->type == LT_HANDLE) {
        assign_handle_value(f, s, l->type, l->of);
        emit_ax(f, VM_OP_STORE, (uint32_t)slot, s->pos);
        return;
    }
    if (slot >= 0) { /* a constant index: the slot itself */
        assign_value(f, s, VM_MAKE_AX(VM_OP_LOCAL, (uint32_t)slot));
        emit_ax(f, VM_OP_STORE, (uint32_t)slot, s->pos);
        return;
    }
    if (l->type == LT_HANDLE) {
        assign_handle_value(f, s, l->type, l->of);
        emit_ab(f, VM_OP_STOREI, l->size, l->slot, s->pos);
        return;
    }
    /* the index is on the stack: [i] then, for a compound, [i, i] before a[i] */
    if (s->op >= 0)
        emit_ax(f, VM_OP_DUP, 0, s->pos);
    assign_value(f, s, VM_MAKE_AB(VM_OP_LOCALI, l->size, l->slot));
    emit_ab(f, VM_OP_STOREI, l->size, l->slot, s->pos);
}

/* name = value and the compound forms; only variables and params can change. */
static void stmt_assign(fstate *f, const ast_stmt *s)
{
    local *l = scope_find(f, s->name);
    if (!l) {
        global *g = compiler_global(f->c, s->name);
        char hint[96];
        if (g && g->kind == G_SHARED && !s->e[1]) {
            stmt_assign_shared(f, s, g);
            return;
        }
        if (g && g->kind == G_CONST)
            REPORT(f, DIAG_ASSIGN_CONST, s->name_pos,
                   "'%s' is a constant; declare a variable with 'var %s = ...'", s->name, s->name);
        else if (compiler_find_value(s->name) >= 0)
            REPORT(f, DIAG_ASSIGN_BUILTIN, s->name_pos,
                   "'%s' is a built-in value and cannot be assigned%s", s->name,
                   strcmp(s->name, "speed") == 0     ? " (to change the speed, write 'speed X')"
                   : strcmp(s->name, "heading") == 0 ? " (to turn, write 'turn to X')"
                                                     : "");
        else
            REPORT(f, DIAG_UNKNOWN_NAME, s->name_pos,
                   "unknown variable '%s'%s; declare it with 'var %s = ...'", s->name,
                   compiler_hint(compiler_suggest_value(f, s->name), hint, sizeof hint), s->name);
        expr(f, s->e[0]);
        emit_ax(f, VM_OP_POP, 0, s->pos);
        return;
    }
    if (s->e[1] || l->size) {
        stmt_assign_element(f, s);
        return;
    }
    if (l->type != LT_NUMBER || expr_is_handle(f, s->e[0])) {
        assign_handle_value(f, s, l->type, l->of);
        emit_ax(f, VM_OP_STORE, l->slot, s->pos);
        return;
    }
    if (s->op >= 0)
        l->used = 1; /* it reads the variable */
    assign_value(f, s, VM_MAKE_AX(VM_OP_LOCAL, l->slot));
    emit_ax(f, VM_OP_STORE, l->slot, s->pos);
}

/* run NAME(args) and thread NAME(args) / thread { ... }. */
static void stmt_call(fstate *f, const ast_stmt *s)
{
    if (s->kind == ST_THREAD && s->op == 1) {
        uint32_t func = compiler_block(f, s->body, s->pos, "thread", 0);
        emit_ax(f, VM_OP_FORK, func, s->pos);
        return;
    }
    if (!s->name)
        return;
    global *g = compiler_pattern(f, s->name, s->name_pos);
    if (!g)
        return;
    if (call_args(f, g->decl, s->args, s->nargs, s->name_pos, g->name) < 0)
        return;
    emit_ax(f, s->kind == ST_RUN ? VM_OP_CALL : VM_OP_FORK, g->func, s->pos);
}

/* speed / turn / velocity: set now, or ramp "over" frames, eased as s->ease
 * says (RAMP's B: mode | ease << VM_RAMP_EASE_SHIFT; linear is 0, so linear
 * ramps compile as they always did). */
static void stmt_motion(fstate *f, const ast_stmt *s)
{
    uint32_t eased = (uint32_t)s->ease << VM_RAMP_EASE_SHIFT;
    if (eased && f->on_laser)
        REPORT(f, DIAG_EASE_IGNORED, s->pos,
               "a laser turns and changes speed linearly: the ease '%s' is ignored",
               ease_name((ease_kind)s->ease));
    switch (s->kind) {
    case ST_SPEED:
        if (!s->e[1]) {
            expr(f, s->e[0]);
            emit_ax(f, VM_OP_SET, VM_PROP_SPEED, s->pos);
        } else {
            ramp_operands(f, s->e[0], s->e[1]);
            emit_ab(f, VM_OP_RAMP, VM_PROP_SPEED, VM_MODE_ABS | eased, s->pos);
        }
        break;
    case ST_TURN:
        if (!s->e[1]) {
            if (s->op == 1)
                emit_ax(f, VM_OP_GET, VM_PROP_HEADING, s->pos);
            expr(f, s->e[0]);
            if (s->op == 1)
                emit_ax(f, VM_OP_ADD, 0, s->pos);
            emit_ax(f, VM_OP_SET, VM_PROP_HEADING, s->pos);
        } else {
            ramp_operands(f, s->e[0], s->e[1]);
            emit_ab(f, VM_OP_RAMP, VM_PROP_HEADING, (s->op == 1 ? VM_MODE_BY : VM_MODE_ABS) | eased,
                    s->pos);
        }
        break;
    case ST_VELOCITY:
        if (!s->e[2]) {
            expr(f, s->e[0]);
            emit_ax(f, VM_OP_SET, VM_PROP_VX, s->pos);
            expr(f, s->e[1]);
            emit_ax(f, VM_OP_SET, VM_PROP_VY, s->pos);
        } else {
            /* the frame count is evaluated once, first */
            int nslots = f->nslots;
            int tmp = scope_slot(f, 1, s->pos);
            expr(f, s->e[2]);
            emit_ax(f, VM_OP_STORE, (uint32_t)tmp, s->pos);
            emit_ax(f, VM_OP_LOCAL, (uint32_t)tmp, s->pos);
            expr(f, s->e[0]);
            emit_ab(f, VM_OP_RAMP, VM_PROP_VX, VM_MODE_ABS | eased, s->pos);
            emit_ax(f, VM_OP_LOCAL, (uint32_t)tmp, s->pos);
            expr(f, s->e[1]);
            emit_ab(f, VM_OP_RAMP, VM_PROP_VY, VM_MODE_ABS | eased, s->pos);
            f->nslots = nslots;
        }
        break;
    default: break;
    }
}

/* move to|by (x, y) [over n [ease]]: without "over", the object jumps there. */
static void stmt_move(fstate *f, const ast_stmt *s)
{
    for (int k = 0; k < 2; k++) {
        if (s->op == 1)
            emit_ax(f, VM_OP_GET, k == 0 ? VM_PROP_POS_X : VM_PROP_POS_Y, s->pos);
        expr(f, s->e[k]);
        if (s->op == 1)
            emit_ax(f, VM_OP_ADD, 0, s->pos);
        if (!s->e[2])
            emit_ax(f, VM_OP_SET, k == 0 ? VM_PROP_POS_X : VM_PROP_POS_Y, s->pos);
    }
    if (s->e[2]) {
        expr(f, s->e[2]);
        emit_const(f, s->ease, s->pos);
        emit_ab(f, VM_OP_ACT, VM_VERB_MOVE_TO, 4, s->pos);
    }
}

/* Whether s describes an enemy (health, score, hitbox, look, drops) inside a
 * bullet's script, where the host has no enemy to give it to: reported, and
 * the statement compiles to nothing. */
static int stmt_enemy_only(fstate *f, const ast_stmt *s)
{
    const char *word = NULL;
    if (s->kind == ST_DROPS)
        word = "drops";
    else if (s->kind == ST_VERB && words_verbs[s->verb].where == WORD_WHERE_ENEMY)
        word = words_verbs[s->verb].word;
    if (!word || !f->on_bullet)
        return 0;
    REPORT(f, DIAG_ENEMY_ONLY, s->pos, "'%s' describes an enemy; a bullet's script cannot use it",
           word);
    return 1;
}

/* Reports a look that names neither a sprite of sim/enemy_look.h (for a ship,
 * of its ship_looks) nor one of the library's art shapes (the host would draw a
 * default instead), with the nearest of those names as a hint. */
static void compiler_check_look_in(compiler *c, int file, const char *look, ast_pos pos,
                                   const char *const *builtin, int nbuiltin)
{
    const library *lib = c->lib;
    if (!look || art_find(lib->art, (int)lib->art_count, look))
        return;
    for (int i = 0; i < nbuiltin; i++)
        if (strcmp(builtin[i], look) == 0)
            return;
    const char *names[ENEMY_LOOK_COUNT + SHIP_LOOK_COUNT + ART_MAX_SHAPES];
    int n = 0;
    for (int i = 0; i < nbuiltin; i++)
        names[n++] = builtin[i];
    for (uint32_t i = 0; i < lib->art_count && i < ART_MAX_SHAPES; i++)
        names[n++] = lib->art[i].name;
    char hint[96];
    compiler_report(c, DIAG_UNKNOWN_LOOK, file, pos, "unknown look '%s'%s", look,
                    compiler_hint(diag_suggest(look, names, n), hint, sizeof hint));
}

/* An enemy's or boss's look. */
static void compiler_check_look(compiler *c, int file, const char *look, ast_pos pos)
{
    compiler_check_look_in(c, file, look, pos, enemy_look_names, ENEMY_LOOK_COUNT);
}

/* Reports a sound that is neither built-in nor a sound file found from the
 * script's folder (pattern/sound_file.h); a file found joins the library's
 * sound table, made at the first one. */
static void compiler_check_sound(compiler *c, int file, const char *name, ast_pos pos)
{
    library *lib = c->lib;
    if (!name || !lib)
        return;
    if (!lib->sounds) {
        lib->sounds = arena_alloc(&lib->mem, SOUND_FILE_MAX * sizeof *lib->sounds);
        if (!lib->sounds)
            return;
    }
    char err[512];
    const library_file *f = &c->in->files[file];
    int rc = sound_file_resolve(&lib->mem, lib->sounds, &lib->sound_count, f->path, name, pos.line,
                                pos.col, err, sizeof err);
    if (rc != 0)
        compiler_report(c, rc == -1 ? DIAG_UNKNOWN_SOUND : DIAG_BAD_SOUND, file, pos, "%s", err);
}

/* The character a boss or ship names (`character NAME`): its index in the
 * library's characters, or -1 (none named, or unknown: reported with a hint). */
static int compiler_check_character(compiler *c, int file, const char *name, ast_pos pos)
{
    if (!name)
        return -1;
    const library *lib = c->lib;
    int k = character_find(lib->characters, (int)lib->character_count, name);
    if (k >= 0)
        return k;
    if (lib->character_count == 0) { /* a ship's or boss's file run alone */
        compiler_report(c, DIAG_CHARACTER_NOT_GIVEN, file, pos,
                        "character '%s' is declared in none of the files given: it speaks "
                        "without a name or portrait here",
                        name);
        return -1;
    }
    char hint[96];
    compiler_report(
        c, DIAG_UNKNOWN_CHARACTER, file, pos, "unknown character '%s'%s", name,
        compiler_hint(character_suggest(lib->characters, (int)lib->character_count, name), hint,
                      sizeof hint));
    return -1;
}

/* Reports a backdrop name that is neither one of sim/backdrop.h's nor declared
 * (pattern/backdrop_decl.h), with the nearest of both as a hint; returns its
 * id, or -1. */
static int compiler_check_backdrop(compiler *c, int file, const char *name, ast_pos pos)
{
    const library *lib = c->lib;
    int k = backdrop_decl_find(lib->backdrops, (int)lib->backdrop_count, name);
    if (k >= 0 || !name)
        return k;
    const char *names[BACKDROP_COUNT + BACKDROP_MAX_DECLARED];
    int n = 0;
    for (int i = 0; i < BACKDROP_COUNT; i++)
        names[n++] = backdrop_names[i];
    for (uint32_t i = 0; i < lib->backdrop_count && i < BACKDROP_MAX_DECLARED; i++)
        names[n++] = lib->backdrops[i].name;
    char hint[96];
    compiler_report(c, DIAG_UNKNOWN_BACKDROP, file, pos, "unknown backdrop '%s'%s", name,
                    compiler_hint(diag_suggest(name, names, n), hint, sizeof hint));
    return -1;
}

/* background NAME: a cue, not code (vm_cue): the stage's script and every hash
 * stay as they were, so replays of a stage still verify when it gains one. The
 * host shows the backdrop of the last cue the stage's runner has passed; that
 * reads the runner's place in its own function, hence only there. */
static void stmt_background(fstate *f, const ast_stmt *s)
{
    if (!f->in_stage) {
        REPORT(f, DIAG_BACKGROUND_PLACE, s->pos,
               "'background' is a stage's statement: a pattern, enemy or boss cannot use it");
        return;
    }
    if (f->in_stage != 1 || f->depth != 1) {
        REPORT(f, DIAG_BACKGROUND_PLACE, s->pos,
               "'background' stands in the stage's own block, not in a loop's, an if's or a "
               "thread's");
        return;
    }
    int k = compiler_check_backdrop(f->c, f->file, s->text, s->name_pos);
    if (k >= 0)
        program_add_cue(f->c->b, k);
}

/* The statements that hand values to a host verb (health, look, title...). */
static void stmt_verb(fstate *f, const ast_stmt *s)
{
    if (s->verb == VS_BACKGROUND) {
        stmt_background(f, s);
        return;
    }
    /* the VM verb and operands of its row of pattern/words.h's WORD_VERBS */
    vm_verb verb = (vm_verb)words_verbs[s->verb].act;
    const char *operands = words_verbs[s->verb].operands;
    int n = 0;
    switch (s->verb) {
    case VS_LOOK:
        compiler_check_look(f->c, f->file, s->text, s->name_pos);
        emit_string(f, s->text ? s->text : "", s->pos);
        n = 1;
        break;
    case VS_SOUND:
        compiler_check_sound(f->c, f->file, s->text, s->name_pos);
        emit_string(f, s->text ? s->text : "", s->pos);
        n = 1;
        break;
    case VS_TITLE:
        emit_string(f, s->text ? fold_text(f, s->text, s->parts[0], 0) : "", s->pos);
        emit_string(f, fold_text(f, s->text2, s->parts[1], 0), s->pos);
        n = 2;
        break;
    default: /* an expression (health, pierce...), a text (music), or nothing (clear) */
        if (operands[0] == 'e')
            expr(f, s->e[0]);
        else if (operands[0] == 't')
            emit_string(f, s->text ? s->text : "", s->pos);
        n = operands[0] != '\0';
        break;
    }
    emit_ab(f, VM_OP_ACT, verb, (uint32_t)n, s->pos);
}

/* print "text", expr, ...: the values in order, then PRINT with the strings'
 * bits. At most VM_PRINT_MAX_VALUES. With parts joined by '+' ("wave " + i),
 * PRINT_JOIN, its spaces between items written out as strings. */
static void stmt_print(fstate *f, const ast_stmt *s)
{
    if (s->nargs > VM_PRINT_MAX_VALUES) {
        const ast_arg *a = s->args;
        for (int k = 0; k < VM_PRINT_MAX_VALUES; k++)
            a = a->next;
        REPORT(f, DIAG_ARG_COUNT, a->pos, "print takes at most %d values, not %d",
               VM_PRINT_MAX_VALUES, s->nargs);
        return;
    }
    int joins = 0, values = 0;
    for (const ast_arg *a = s->args; a; a = a->next) {
        joins |= a->joined;
        values += 1 + (a != s->args && !a->joined); /* a joined print spells its spaces */
    }
    if (joins && values > VM_PRINT_MAX_VALUES) {
        REPORT(f, DIAG_ARG_COUNT, s->pos,
               "print takes at most %d values, and a print that joins with '+' counts the "
               "spaces between its items too (%d here)",
               VM_PRINT_MAX_VALUES, values);
        return;
    }
    uint32_t strings = 0;
    int n = 0;
    for (const ast_arg *a = s->args; a; a = a->next, n++) {
        if (joins && a != s->args && !a->joined) { /* the space PRINT would put there */
            emit_string(f, " ", a->pos);
            strings |= 1u << n++;
        }
        if (a->value) {
            expr(f, a->value);
        } else {
            emit_string(f, a->name, a->pos);
            strings |= 1u << n;
        }
    }
    if (n > 0)
        emit_ab(f, joins ? VM_OP_PRINT_JOIN : VM_OP_PRINT, (uint32_t)n, strings, s->pos);
}

/* spawn ENEMY(args) at (x, y): the SPAWN verb with the enemy's function. */
static void stmt_spawn(fstate *f, const ast_stmt *s)
{
    if (!s->name)
        return;
    global *g = compiler_global(f->c, s->name);
    if (!g || g->kind != G_ENEMY) {
        char hint[96];
        if (g)
            REPORT(f, DIAG_WRONG_KIND, s->name_pos, "'%s' is %s, not an enemy%s", s->name,
                   compiler_kind_word(g->kind),
                   g->kind == G_PATTERN ? ": wrap it in 'enemy NAME { ... }'" : "");
        else {
            const char *cands[64], *best = NULL;
            for (int i = 0; i < f->c->nglobals && !best; i += 64) {
                int n = 0;
                for (int k = i; k < f->c->nglobals && k < i + 64; k++)
                    if (f->c->globals[k].kind == G_ENEMY)
                        cands[n++] = f->c->globals[k].name;
                best = diag_suggest(s->name, cands, n);
            }
            REPORT(f, DIAG_UNKNOWN_ENEMY, s->name_pos, "unknown enemy '%s'%s", s->name,
                   compiler_hint(best, hint, sizeof hint));
        }
        return;
    }
    emit_ref(f, g->func, VM_REF_FUNC, s->pos);
    expr(f, s->e[0]);
    expr(f, s->e[1]);
    int n = call_args(f, g->decl, s->args, s->nargs, s->name_pos, g->name);
    if (n < 0) {
        emit_ax(f, VM_OP_POP, 0, s->pos);
        emit_ax(f, VM_OP_POP, 0, s->pos);
        emit_ax(f, VM_OP_POP, 0, s->pos);
        return;
    }
    emit_ab(f, VM_OP_ACT, VM_VERB_SPAWN, (uint32_t)(3 + n), s->pos);
    if (s->as) { /* as NAME: the enemy's handle */
        emit_ax(f, VM_OP_KEPT, 2, s->pos);
        local *l = stmt_declare(f, s->as, s->as_pos, s->pos);
        if (l) {
            l->type = LT_HANDLE;
            l->of = OF_ENEMY;
        }
    }
}

/* boss NAME / midboss NAME: starts the fight and waits until it is over. */
static void stmt_boss(fstate *f, const ast_stmt *s)
{
    if (!s->name)
        return;
    global *g = compiler_global(f->c, s->name);
    if (!g || g->kind != G_BOSS) {
        char hint[96];
        if (g)
            REPORT(f, DIAG_WRONG_KIND, s->name_pos, "'%s' is %s, not a boss", s->name,
                   compiler_kind_word(g->kind));
        else {
            const char *cands[64], *best = NULL;
            for (int i = 0; i < f->c->nglobals && !best; i += 64) {
                int n = 0;
                for (int k = i; k < f->c->nglobals && k < i + 64; k++)
                    if (f->c->globals[k].kind == G_BOSS)
                        cands[n++] = f->c->globals[k].name;
                best = diag_suggest(s->name, cands, n);
            }
            REPORT(f, DIAG_UNKNOWN_BOSS, s->name_pos, "unknown boss '%s'%s", s->name,
                   compiler_hint(best, hint, sizeof hint));
        }
        return;
    }
    emit_ref(f, g->boss, VM_REF_BOSS, s->pos);
    emit_const(f, s->op, s->pos);
    emit_ab(f, VM_OP_ACT, VM_VERB_BOSS, 2, s->pos);
    uint32_t top = emit_ax(f, VM_OP_GET, VM_PROP_BOSS_ACTIVE, s->pos);
    uint32_t done = emit_ax(f, VM_OP_JMPF, 0, s->pos);
    emit_const(f, 1, s->pos);
    emit_ax(f, VM_OP_WAIT, 0, s->pos);
    emit_ax(f, VM_OP_JMP, top, s->pos);
    patch_to(f, done, program_pc(f->c->b), s->pos);
}

/* A text only shown (a dialogue's words, its speaker): a string the content
 * hash skips (VM_REF_TEXT); -1 for none. */
static void emit_text(fstate *f, const char *text, ast_pos pos)
{
    emit_ref(f, text ? (double)program_add_string(f->c->b, text) : -1.0, VM_REF_TEXT, pos);
}

/* The speaker and expression of a say, checked against the characters;
 * reports an unknown one with the nearest name. */
static void say_check_speaker(fstate *f, const ast_stmt *s)
{
    const library *lib = f->c->lib;
    char hint[96];
    int k = character_find(lib->characters, (int)lib->character_count, s->name);
    if (k < 0) {
        REPORT(f, DIAG_UNKNOWN_CHARACTER, s->name_pos, "unknown character '%s'%s", s->name,
               compiler_hint(character_suggest(lib->characters, (int)lib->character_count, s->name),
                             hint, sizeof hint));
        return;
    }
    const character_info *c = &lib->characters[k];
    if (s->text && character_expression(c, s->text) < 0)
        REPORT(f, DIAG_UNKNOWN_CHARACTER, s->target_pos, "%s has no expression '%s'%s", s->name,
               s->text,
               c->portrait_count == 0
                   ? " (it has no portraits)"
                   : compiler_hint(character_suggest_expression(c, s->text), hint, sizeof hint));
}

/* say [CHARACTER [EXPRESSION]] "text" [+ part...]: the SAY verb (speaker,
 * expression, the parts' kinds, the parts), then a wait while the line is up
 * (pattern/dialogue.h), as `boss` waits on its fight. */
static void stmt_say(fstate *f, const ast_stmt *s)
{
    if (s->nargs > DIALOGUE_PARTS_MAX) {
        REPORT(f, DIAG_ARG_COUNT, s->pos, "a line joins at most %d parts, not %d",
               DIALOGUE_PARTS_MAX, s->nargs);
        return;
    }
    if (s->name)
        say_check_speaker(f, s);
    emit_text(f, s->name, s->pos);
    emit_text(f, s->text, s->pos);
    uint32_t kinds = 0;
    int n = 0;
    for (const ast_arg *a = s->args; a; a = a->next, n++)
        kinds |= a->value ? 0u : 1u << n;
    emit_const(f, kinds, s->pos);
    for (const ast_arg *a = s->args; a; a = a->next) {
        if (a->value)
            expr(f, a->value);
        else
            emit_text(f, a->name, a->pos);
    }
    emit_ab(f, VM_OP_ACT, VM_VERB_SAY, (uint32_t)(n + DIALOGUE_SAY_FIXED), s->pos);
    uint32_t top = emit_ax(f, VM_OP_GET, VM_PROP_TALKING, s->pos);
    uint32_t done = emit_ax(f, VM_OP_JMPF, 0, s->pos);
    emit_const(f, 1, s->pos);
    emit_ax(f, VM_OP_WAIT, 0, s->pos);
    emit_ax(f, VM_OP_JMP, top, s->pos);
    patch_to(f, done, program_pc(f->c->b), s->pos);
}

/* The most values an array may hold: its slots come out of the runner's stack
 * (vm_config.stack_slots, 64 by default). */
#define COMPILER_MAX_ARRAY 32

/* var NAME[SIZE] (zeros) or var NAME = [v, ...]: SIZE slots, each set now (a
 * loop's next round starts from zeros again). The values are numbers or
 * handles, all of one kind; zeros become handles if the first assignment to
 * one of them stores a handle. */
static void stmt_var_array(fstate *f, const ast_stmt *s)
{
    double size = s->nargs;
    if (s->e[1] && !fold(f, s->e[1], &size)) {
        REPORT(f, DIAG_ARRAY_MISUSE, expr_start(s->e[1]),
               "an array's size must be known when the file loads (a number or a constant)");
        return;
    }
    if (!(size >= 1 && size <= COMPILER_MAX_ARRAY) || size != (double)(int)size) {
        REPORT(f, DIAG_ARRAY_MISUSE, s->e[1] ? expr_start(s->e[1]) : s->name_pos,
               "an array holds 1 to %d values, not %g", COMPILER_MAX_ARRAY, size);
        return;
    }
    int n = (int)size;
    const ast_arg *a = s->args;
    uint8_t type = LT_NUMBER, of = OF_NONE;
    for (int k = 0; k < n; k++) {
        if (a) {
            uint8_t t, o;
            t = expr_value(f, a->value, &o);
            if (k == 0) {
                type = t;
                of = o;
            } else if (t != type || (t == LT_HANDLE && o != of)) {
                REPORT(f, DIAG_HANDLE_MISUSE, expr_start(a->value),
                       "an array holds values of one kind: numbers or handles of one kind");
            }
            a = a->next;
        } else {
            emit_const(f, 0, s->pos);
        }
    }
    if (type == LT_GROUP) {
        REPORT(f, DIAG_HANDLE_MISUSE, s->pos, "an array cannot hold groups (it can hold handles)");
        type = LT_NUMBER;
    }
    if (!s->name) {
        for (int k = 0; k < n; k++)
            emit_ax(f, VM_OP_POP, 0, s->pos);
        return;
    }
    int slot = scope_slot(f, n, s->pos);
    int block_start = f->nlocals;
    while (block_start > 0 && f->locals[block_start - 1].hidden != 2)
        block_start--;
    local *l = scope_declare(f, s->name, s->name_pos, block_start, slot);
    if (l) {
        l->size = (uint16_t)n;
        l->type = type;
        l->of = of;
        l->open = !s->args;
    }
    for (int k = n; k-- > 0;)
        emit_ax(f, VM_OP_STORE, (uint32_t)(slot + k), s->pos);
}

/* ---- presentation statements (effect, flash, tint, shake, cutin) ---- */

/* Which clauses each show kind takes (bit k: ast_show_clause k), and their names
 * for the error that says so. */
static const struct {
    uint32_t clauses;
    const char *list;
} show_takes[VM_SHOW_KIND_COUNT] = {
    [VM_SHOW_EFFECT] = {(1u << SC_COUNT) - 1, "at, move, size, grow, over, turn, angle, hold, "
                                              "fade, alpha, additive, after"},
    [VM_SHOW_FLASH] = {1u << SC_OVER | 1u << SC_ALPHA | 1u << SC_AFTER, "over, alpha, after"},
    [VM_SHOW_TINT] = {1u << SC_OVER | 1u << SC_ALPHA | 1u << SC_AFTER, "over, alpha, after"},
    [VM_SHOW_SHAKE] = {1u << SC_OVER | 1u << SC_AFTER, "over, after"},
    [VM_SHOW_CUTIN] = {1u << SC_OVER | 1u << SC_AFTER, "over, after"},
};

static const char *const show_clause_words[] = {
#define SHOW_CLAUSE_WORD(id, keyword, shape) keyword,
    AST_SHOW_CLAUSES(SHOW_CLAUSE_WORD)
#undef SHOW_CLAUSE_WORD
};

/* A show's number: a constant within [lo, hi], or reported (and def). */
static float show_number(fstate *f, const ast_show *sh, const ast_expr *e, const char *what,
                         double lo, double hi, double def)
{
    double v;
    if (!e)
        return (float)def;
    if (!fold(f, e, &v)) {
        REPORT(f, DIAG_NOT_CONSTANT, expr_start(e),
               "'%s' is drawn, not run: its %s must be known when the file loads (a number or "
               "a constant)",
               vm_show_name((vm_show_kind)sh->kind), what);
        return (float)def;
    }
    if (!(v >= lo && v <= hi)) {
        REPORT(f, DIAG_EXPECTED, expr_start(e), "'%s' takes %s from %g to %g, not %g",
               vm_show_name((vm_show_kind)sh->kind), what, lo, hi, v);
        return (float)def;
    }
    return (float)v;
}

/* A show's colour (white when none is given), or reported (-1). */
static int show_colour(fstate *f, const ast_show *sh)
{
    if (!sh->colour)
        return BULLET_COLOR_WHITE;
    for (int i = 0; i < BULLET_COLOR_COUNT; i++)
        if (strcmp(compiler_colours[i], sh->colour) == 0)
            return i;
    char hint[96];
    REPORT(f, DIAG_UNKNOWN_COLOUR, sh->colour_pos, "unknown colour '%s'%s", sh->colour,
           compiler_hint(diag_suggest(sh->colour, compiler_colours, BULLET_COLOR_COUNT), hint,
                         sizeof hint));
    return -1;
}

static void show_attach_one(fstate *f, vm_show *v, uint32_t pc);

/* Where a show may stand: a script of a stage, an enemy, a boss or a ship,
 * never a bullet's or a function's. Returns 1 when reported. */
static int show_misplaced(fstate *f, const ast_stmt *s)
{
    const char *word = vm_show_name((vm_show_kind)s->show->kind);
    if (f->in_function) {
        REPORT(f, DIAG_SHOW_PLACE, s->pos,
               "a function returns its value at once: '%s' cannot be used in one", word);
        return 1;
    }
    if (f->on_bullet) {
        REPORT(f, DIAG_SHOW_PLACE, s->pos,
               "'%s' is shown by a stage, an enemy, a boss or a ship's volley or bomb, not by a "
               "bullet's or a laser's script",
               word);
        return 1;
    }
    return 0;
}

/* effect, flash, tint, shake, cutin: a vm_show, no code. It waits for the next
 * `wait` of its own block (or the end of the function's own block) and is shown
 * whenever the runner reaches that wait: on the frame the script reaches the
 * statement, as often as it does, without an instruction that would move the
 * code a recorded replay checks. */
static void stmt_show(fstate *f, const ast_stmt *s)
{
    const ast_show *sh = s->show;
    if (!sh || show_misplaced(f, s))
        return;
    vm_show v;
    memset(&v, 0, sizeof v);
    v.kind = (uint8_t)sh->kind;
    v.pos = (vm_pos){s->pos.line, (uint16_t)s->pos.col, f->c->in->file_ids[f->file]};
    const char *word = vm_show_name((vm_show_kind)sh->kind);
    int bad = 0;
    for (int k = 0; k < SC_COUNT; k++)
        if (sh->has[k] && !(show_takes[sh->kind].clauses & (1u << k))) {
            REPORT(f, DIAG_UNKNOWN_CLAUSE, sh->at[k], "'%s' does not take '%s' (it takes %s)", word,
                   show_clause_words[k], show_takes[sh->kind].list);
            bad = 1;
        }
    int colour = show_colour(f, sh);
    bad |= colour < 0;
    v.colour = (uint8_t)(colour < 0 ? BULLET_COLOR_WHITE : colour);
    v.alpha = 1.0f;
    v.after = show_number(f, sh, sh->a[SC_AFTER], "delay (frames)", 0, 600, 0);
    switch ((vm_show_kind)sh->kind) {
    case VM_SHOW_EFFECT: {
        int shape = art_shape_by_name(f->c->lib->art, (int)f->c->lib->art_count, sh->shape);
        if (shape < 0) {
            char hint[96];
            REPORT(f, DIAG_UNKNOWN_SHAPE, sh->shape_pos, "unknown shape '%s'%s", sh->shape,
                   compiler_hint(diag_suggest(sh->shape, compiler_shapes, BULLET_SHAPE_COUNT), hint,
                                 sizeof hint));
            bad = 1;
        }
        v.shape = (uint8_t)(shape < 0 ? 0 : shape);
        v.x = show_number(f, sh, sh->a[SC_AT], "x", -1000, 1000, 0);
        v.y = show_number(f, sh, sh->b[SC_AT], "y", -1000, 1000, 0);
        v.vx = show_number(f, sh, sh->a[SC_MOVE], "motion", -64, 64, 0);
        v.vy = show_number(f, sh, sh->b[SC_MOVE], "motion", -64, 64, 0);
        v.size = show_number(f, sh, sh->a[SC_SIZE], "size", 0, 32, 1);
        v.grow = show_number(f, sh, sh->a[SC_GROW], "size it grows to", 0, 32, v.size);
        v.turn = show_number(f, sh, sh->a[SC_TURN], "turn per frame", -180, 180, 0);
        v.angle = show_number(f, sh, sh->a[SC_ANGLE], "angle", -3600, 3600, 0);
        v.hold = show_number(f, sh, sh->a[SC_HOLD], "frames held", 0, 600, 0);
        v.fade = show_number(f, sh, sh->a[SC_FADE], "frames fading", 0, 600, 30);
        v.over = show_number(f, sh, sh->a[SC_OVER], "frames growing", 1, 600, v.hold + v.fade);
        v.alpha = show_number(f, sh, sh->a[SC_ALPHA], "opacity", 0, 1, 1);
        v.additive = (uint8_t)sh->has[SC_ADDITIVE];
        if (v.hold + v.fade < 1 && !bad) {
            REPORT(f, DIAG_EXPECTED, s->pos,
                   "an effect lasts its 'hold' and 'fade' frames: give "
                   "it at least one");
            bad = 1;
        }
        break;
    }
    case VM_SHOW_FLASH:
    case VM_SHOW_TINT:
        v.over = show_number(f, sh, sh->a[SC_OVER], "frames", 1, 600,
                             sh->kind == VM_SHOW_FLASH ? 20 : 60);
        v.alpha = show_number(f, sh, sh->a[SC_ALPHA], "opacity", 0, 1,
                              sh->kind == VM_SHOW_FLASH ? 0.6 : 0.3);
        break;
    case VM_SHOW_SHAKE:
        v.strength = show_number(f, sh, sh->value, "strength (px)", 0, 32, 4);
        v.over = show_number(f, sh, sh->a[SC_OVER], "frames", 1, 600, 30);
        break;
    case VM_SHOW_CUTIN:
        if (sh->text && strlen(sh->text) >= VM_SHOW_TEXT) {
            REPORT(f, DIAG_EXPECTED, s->name_pos, "a cut-in's name is at most %d bytes",
                   VM_SHOW_TEXT - 1);
            bad = 1;
        } else if (sh->text) {
            memcpy(v.text, sh->text, strlen(sh->text) + 1);
        }
        v.over = show_number(f, sh, sh->a[SC_OVER], "frames", 1, 600, 100);
        break;
    case VM_SHOW_KIND_COUNT: return;
    }
    if (bad)
        return;
    if (f->depth == 1 && !f->waited) { /* before anything waits: as the script starts */
        v.at_start = 1;
        show_attach_one(f, &v, f->show_pc ? f->show_pc : f->c->b->p.funcs[f->func].pc);
        return;
    }
    if (f->nshows >= COMPILER_MAX_SHOWS_WAITING) {
        REPORT(f, DIAG_SHOW_PLACE, s->pos,
               "at most %d effects, flashes, tints, shakes and cut-ins wait for one 'wait'",
               COMPILER_MAX_SHOWS_WAITING);
        return;
    }
    f->show_depth[f->nshows] = f->depth;
    f->shows[f->nshows++] = v;
}

/* One show into the program at pc, or reported when the library has too many. */
static void show_attach_one(fstate *f, vm_show *v, uint32_t pc)
{
    if (f->c->b->p.show_count >= COMPILER_MAX_SHOWS) {
        ast_pos pos = {v->pos.line, v->pos.col};
        REPORT(f, DIAG_SHOW_PLACE, pos,
               "more than %d effects, flashes, tints, shakes and cut-ins in the library",
               COMPILER_MAX_SHOWS);
        return;
    }
    v->pc = pc;
    program_add_show(f->c->b, v);
}

/* Hands the waiting shows to the WAIT or RET at pc: those of this block; one of
 * an outer block would be shown at a wait nested after it, not its own. */
static void show_attach(fstate *f, uint32_t pc)
{
    for (int k = 0; k < f->nshows; k++) {
        vm_show *v = &f->shows[k];
        if (f->show_depth[k] < f->depth) {
            ast_pos pos = {v->pos.line, v->pos.col};
            REPORT(f, DIAG_SHOW_PLACE, pos,
                   "'%s' is shown when its own block reaches its next 'wait', and a 'wait' in "
                   "a block inside it comes first: put a 'wait' right after it",
                   vm_show_name((vm_show_kind)v->kind));
            continue;
        }
        show_attach_one(f, v, pc);
    }
    f->nshows = 0;
}

/* A block ends: its waiting shows had no 'wait' after them (reported). */
static void show_block_end(fstate *f)
{
    int n = 0;
    for (int k = 0; k < f->nshows; k++) {
        if (f->show_depth[k] < f->depth) {
            f->show_depth[n] = f->show_depth[k];
            f->shows[n++] = f->shows[k];
            continue;
        }
        ast_pos pos = {f->shows[k].pos.line, f->shows[k].pos.col};
        REPORT(f, DIAG_SHOW_PLACE, pos,
               "'%s' is shown when its block reaches its next 'wait': put one after it in this "
               "block",
               vm_show_name((vm_show_kind)f->shows[k].kind));
    }
    f->nshows = n;
}

/* What a function may not hold: it returns its value at once, in the middle of
 * its caller's expression (a wait would stop the caller there, a fire would
 * use the shot its caller may be building). Returns 1 when reported. */
static int stmt_not_in_function(fstate *f, const ast_stmt *s)
{
    const char *word = NULL;
    switch (s->kind) {
    case ST_WAIT: word = "wait"; break;
    case ST_WAIT_UNTIL: word = "wait until"; break;
    case ST_FIRE: word = "fire"; break;
    case ST_RUN: word = "run"; break;
    case ST_THREAD: word = "thread"; break;
    case ST_SPAWN: word = "spawn"; break;
    case ST_BOSS: word = s->op ? "midboss" : "boss"; break;
    case ST_STOP: word = "stop"; break;
    case ST_SAY: word = "say"; break;
    default: return 0;
    }
    if (!f->in_function)
        return 0;
    REPORT(f, DIAG_FUNCTION_STATEMENT, s->pos,
           "a function returns its value at once: '%s' cannot be used in one (use a pattern)",
           word);
    return 1;
}

static void stmt(fstate *f, const ast_stmt *s);

/* for NAME in GROUP { body }: NAME is each handle of the group in turn (the
 * order they were fired in); the count is read once, at the start. */
static void stmt_for(fstate *f, const ast_stmt *s)
{
    int nlocals = f->nlocals, nslots = f->nslots;
    int slot = scope_slot(f, 3, s->pos); /* the group, the round, the count */
    uint8_t of = OF_NONE;
    uint8_t type = s->e[0] ? expr_value(f, s->e[0], &of) : LT_NUMBER;
    if (!s->e[0])
        emit_const(f, 0, s->pos);
    else if (type != LT_GROUP)
        REPORT(f, DIAG_HANDLE_MISUSE, expr_start(s->e[0]),
               "'for ... in' goes through a group (fire ... ring ... as g): this is %s",
               type == LT_HANDLE ? "one handle" : "a number");
    emit_ax(f, VM_OP_STORE, (uint32_t)slot, s->pos);
    emit_ax(f, VM_OP_LOCAL, (uint32_t)slot, s->pos);
    emit_ax(f, VM_OP_GROUP_COUNT, 0, s->pos);
    emit_ab(f, VM_OP_LOOP_INIT, (uint32_t)slot + 1, 0, s->pos);
    uint32_t test = emit_ab(f, VM_OP_LOOP_TEST, (uint32_t)slot + 1, 0, s->pos);
    int each = scope_slot(f, 1, s->pos);
    local *l = scope_declare(f, s->name, s->name_pos, nlocals, each);
    if (l) {
        l->type = LT_HANDLE;
        l->of = of;
        l->used = 1; /* a loop that only counts is fine */
    }
    emit_ax(f, VM_OP_LOCAL, (uint32_t)slot, s->pos);
    emit_ax(f, VM_OP_LOCAL, (uint32_t)slot + 1, s->pos);
    emit_ax(f, VM_OP_GROUP_AT, 0, s->pos);
    emit_ax(f, VM_OP_STORE, (uint32_t)each, s->pos);
    counted_body(f, s, (uint32_t)slot + 1, test);
    scope_close(f, nlocals, nslots);
}

/* on EVENT { body }: a bullet's hook (HOOK). The body is code of this
 * function that the normal flow jumps over; when the event happens a copy of
 * the runner runs it from an empty stack, with this frame's variables as
 * they are then, and ends (END) at its end. */
static void stmt_on(fstate *f, const ast_stmt *s)
{
    const char *ev = vm_event_name((vm_event_kind)s->op);
    if (!f->on_bullet) {
        REPORT(f, DIAG_HOOK_OUTSIDE, s->pos,
               "'on %s' belongs in a bullet's script: fire ... { on %s { ... } }", ev, ev);
        return;
    }
    emit_waiting(f);
    uint32_t body = program_pc(f->c->b) + 2; /* after the HOOK and the JMP over it */
    if (body > (VM_MAX_AX >> 2)) {
        REPORT(f, DIAG_TOO_LARGE, s->pos, "the program is too long for 'on %s' here", ev);
        return;
    }
    emit_ax(f, VM_OP_HOOK, body << 2 | (uint32_t)s->op, s->pos);
    uint32_t jump = emit_ax(f, VM_OP_JMP, 0, s->pos);
    loop_ctx *outer = f->loop; /* its break or continue would leave the copy's code */
    f->loop = NULL;
    stmts(f, s->body);
    f->loop = outer;
    emit_ax(f, VM_OP_END, 0, s->pos);
    patch_to(f, jump, program_pc(f->c->b), s->pos);
}

/* NAME.statement: the statement acts on the handle's object instead of this
 * script's (TARGET .. UNTARGET); the values in it are that object's too (aim,
 * x, speed...). Nothing happens once the object is gone. */
static void stmt_target(fstate *f, const ast_stmt *s)
{
    local *l = handle_find(f, s->target, s->target_pos);
    if (!l)
        return;
    if (l->type == LT_GROUP) {
        REPORT(f, DIAG_HANDLE_MISUSE, s->target_pos,
               "'%s' is a group: give each of its handles the statement, for b in %s { b... }",
               s->target, s->target);
        return;
    }
    const char *no = NULL;
    if (s->kind == ST_VERB && s->verb == VS_LOOK && l->of == OF_LASER)
        no = "a laser's look cannot change";
    else if (s->kind == ST_VERB && s->verb == VS_HITBOX && l->of == OF_LASER)
        no = "a laser's width is its hitbox";
    else if (s->kind == ST_MOVE && s->e[2] && l->of != OF_ENEMY)
        no = "only an enemy glides with 'move ... over' (a bullet turns and changes speed)";
    if (no) {
        REPORT(f, DIAG_HANDLE_MISUSE, s->pos, "%s", no);
        return;
    }
    ast_stmt t = *s;
    t.target = NULL;
    emit_ax(f, VM_OP_LOCAL, l->slot, s->target_pos);
    emit_ax(f, VM_OP_TARGET, 0, s->pos);
    if (s->kind == ST_VERB && s->verb == VS_LOOK && l->of == OF_BULLET) {
        ast_fire look = {0};
        look.shape = s->text;
        look.shape_pos = s->name_pos;
        look.colour = s->text2;
        look.colour_pos = s->name_pos;
        emit_const(f, look_code(f, &look), s->pos);
        emit_ab(f, VM_OP_ACT, VM_VERB_RESTYLE, 1, s->pos);
    } else if (s->kind == ST_VERB) {
        stmt_verb(f, &t); /* an enemy's look, a hitbox: not stmt's enemy-only check */
    } else {
        stmt(f, &t);
    }
    emit_ax(f, VM_OP_UNTARGET, 0, s->pos);
}

/* One statement. */
/* Whether this one statement may wait (may_wait_in of it alone). */
static int stmt_may_wait(const ast_stmt *s)
{
    ast_stmt one = *s;
    one.next = NULL;
    return may_wait_in(&one, 1);
}

static void stmt(fstate *f, const ast_stmt *s)
{
    if (!f->waited && s->kind != ST_SHOW && stmt_may_wait(s))
        f->waited = 1;
    if (stmt_not_in_function(f, s))
        return;
    if (s->target) {
        stmt_target(f, s);
        return;
    }
    switch (s->kind) {
    case ST_VAR: {
        if (s->op == 1) {
            stmt_var_array(f, s);
            break;
        }
        uint8_t type = LT_NUMBER, of = OF_NONE;
        if (s->e[0])
            type = expr_value(f, s->e[0], &of);
        else
            emit_const(f, 0, s->pos); /* its value had a syntax error */
        local *l = stmt_declare(f, s->name, s->name_pos, s->pos);
        if (l) {
            l->type = type;
            l->of = of;
        }
        break;
    }
    case ST_ASSIGN: stmt_assign(f, s); break;
    case ST_WAIT: {
        expr(f, s->e[0]);
        uint32_t pc = emit_ax(f, VM_OP_WAIT, 0, s->pos);
        if (f->nshows)
            show_attach(f, pc);
        break;
    }
    case ST_WAIT_UNTIL: {
        uint32_t top = program_pc(f->c->b);
        expr(f, s->e[0]);
        uint32_t done = emit_ax(f, VM_OP_JMPT, 0, s->pos);
        emit_const(f, 1, s->pos);
        emit_ax(f, VM_OP_WAIT, 0, s->pos);
        emit_ax(f, VM_OP_JMP, top, s->pos);
        patch_to(f, done, program_pc(f->c->b), s->pos);
        break;
    }
    case ST_REPEAT: stmt_repeat(f, s); break;
    case ST_LOOP:
    case ST_WHILE: stmt_loop(f, s); break;
    case ST_IF: stmt_if(f, s); break;
    case ST_BREAK:
    case ST_CONTINUE:
        if (!f->loop) {
            REPORT(f, DIAG_BREAK_OUTSIDE_LOOP, s->pos, "'%s' outside a loop",
                   s->kind == ST_BREAK ? "break" : "continue");
            break;
        }
        patch_list_add(f->c, s->kind == ST_BREAK ? &f->loop->breaks : &f->loop->continues,
                       emit_ax(f, VM_OP_JMP, 0, s->pos));
        break;
    case ST_FIRE: stmt_fire(f, s); break;
    case ST_RUN:
    case ST_THREAD: stmt_call(f, s); break;
    case ST_SPEED:
    case ST_TURN:
    case ST_VELOCITY: stmt_motion(f, s); break;
    case ST_SPIN:
    case ST_ACCEL:
        expr(f, s->e[0]);
        emit_ax(f, VM_OP_SET, s->kind == ST_SPIN ? VM_PROP_SPIN : VM_PROP_ACCEL, s->pos);
        break;
    case ST_MOVE: stmt_move(f, s); break;
    case ST_VANISH: emit_ax(f, VM_OP_VANISH, 0, s->pos); break;
    case ST_STOP: emit_ax(f, VM_OP_END, 0, s->pos); break;
    case ST_VERB:
        if (stmt_enemy_only(f, s))
            break;
        stmt_verb(f, s);
        break;
    case ST_DROPS:
        if (stmt_enemy_only(f, s))
            break;
        for (int k = 0; k < 4; k++) {
            if (s->e[k])
                expr(f, s->e[k]);
            else
                emit_const(f, 0, s->pos);
        }
        emit_ab(f, VM_OP_ACT, VM_VERB_DROPS, 4, s->pos);
        break;
    case ST_SPAWN: {
        int nlocals = f->nlocals;
        stmt_spawn(f, s);
        if (s->as && f->nlocals == nlocals) { /* not spawned: the name still exists */
            emit_const(f, 0, s->pos);
            local *l = stmt_declare(f, s->as, s->as_pos, s->pos);
            if (l) {
                l->type = LT_HANDLE;
                l->of = OF_ENEMY;
            }
        }
        break;
    }
    case ST_FOR: stmt_for(f, s); break;
    case ST_ON: stmt_on(f, s); break;
    case ST_SHOW: stmt_show(f, s); break;
    case ST_PRINT: stmt_print(f, s); break;
    case ST_RETURN:
        if (!f->in_function) {
            REPORT(f, DIAG_RETURN_OUTSIDE, s->pos,
                   "'return' gives a function's value; a pattern ends with 'stop'");
            break;
        }
        if (s->e[0])
            expr(f, s->e[0]);
        else
            emit_const(f, 0, s->pos);
        emit_ax(f, VM_OP_RETV, 0, s->pos);
        break;
    case ST_BOSS: stmt_boss(f, s); break;
    case ST_SAY: stmt_say(f, s); break;
    case ST_BROKEN: break;
    }
}

/* A block of statements in a scope of its own. A marker local (hidden = 2)
 * tells where the block's names start, for duplicate checks. */
static void stmts(fstate *f, const ast_stmt *s)
{
    int nlocals = f->nlocals, nslots = f->nslots;
    if (f->nlocals < COMPILER_MAX_LOCALS) {
        local *m = &f->locals[f->nlocals++];
        memset(m, 0, sizeof *m);
        m->name = "";
        m->hidden = 2;
    }
    f->depth++;
    for (; s; s = s->next)
        stmt(f, s);
    if (f->nshows && f->depth > 1)
        show_block_end(f);
    f->depth--;
    scope_close(f, nlocals, nslots);
}

/* ---- functions ---- */

/* A fresh function state. */
static void fstate_init(fstate *f, compiler *c, uint32_t func, int file)
{
    memset(f, 0, sizeof *f);
    f->c = c;
    f->func = func;
    f->file = file;
}

/* compile_function's flags: a bullet's script; a 'function'. */
#define COMPILE_ON_BULLET 1
#define COMPILE_FUNCTION  2
#define COMPILE_ON_LASER  4
#define COMPILE_STAGE     8  /* a stage's own script */
#define COMPILE_IN_STAGE  16 /* a block inside a stage's script */

/* Compiles a body as function func whose first slots are the named params. The
 * prologue (phase settings) may be emitted by `prologue`. */
static void compile_function(compiler *c, uint32_t func, int file, const char *const *params,
                             const ast_pos *param_pos, const uint16_t *param_sizes, int nparams,
                             const ast_stmt *body, ast_pos pos, const ast_phase *phase, int flags)
{
    /* one state for every function, one at a time: an arena copy per function
     * cost 8 KB each, 370 bytes per byte of a file of one-line patterns */
    if (!c->fstate)
        c->fstate = arena_alloc(c->ar, sizeof *c->fstate);
    fstate *f = c->fstate;
    if (!f)
        return;
    fstate_init(f, c, func, file);
    f->on_bullet = (flags & COMPILE_ON_BULLET) != 0;
    f->in_function = (flags & COMPILE_FUNCTION) != 0;
    f->on_laser = (flags & COMPILE_ON_LASER) != 0;
    f->in_stage = (flags & COMPILE_STAGE) ? 1 : (flags & COMPILE_IN_STAGE) ? 2 : 0;
    program_begin_func(c->b, func);
    int param_slots = 0;
    for (int i = 0; i < nparams; i++) {
        int packed = param_sizes ? param_sizes[i] : 0;
        int size = packed & 0xff;
        int slot = scope_slot(f, size ? size : 1, pos);
        param_slots += size ? size : 1;
        local *l = scope_declare(f, params[i], param_pos ? param_pos[i] : pos, 0, slot);
        if (l) {
            l->hidden = 1; /* an unused param is not worth a warning */
            l->size = (uint16_t)size;
            l->type = (uint8_t)(packed >> 8 & 3);
            l->of = (uint8_t)(packed >> 10 & 3);
        }
    }
    if (phase) {
        /* PHASE health time bonus spell title: what the host needs to run it */
        if (phase->health)
            expr(f, phase->health);
        else
            emit_const(f, 0, pos);
        if (phase->time)
            expr(f, phase->time);
        else
            emit_const(f, 1800, pos);
        if (phase->bonus)
            expr(f, phase->bonus);
        else
            emit_const(f, 0, pos);
        emit_const(f, phase->spell, pos);
        emit_string(f, fold_text(f, phase->title, phase->title_parts, 0), pos);
        emit_ab(f, VM_OP_ACT, VM_VERB_PHASE, 5, pos);
    }
    stmts(f, body);
    if (f->in_function) { /* falling off the end returns 0 */
        emit_const(f, 0, pos);
        emit_ax(f, VM_OP_RETV, 0, pos);
    } else {
        uint32_t end = emit_ax(f, VM_OP_RET, 0, pos);
        if (f->nshows) /* the function's own block: shown as its thread ends */
            show_attach(f, end);
    }
    program_end_func(c->b, func, f->max_slots - param_slots);
}

/* Compiles the inline blocks queued so far (and those they queue). */
static void compile_pending(compiler *c)
{
    while (c->pending) {
        pending_block *pb = c->pending;
        c->pending = pb->next;
        if (!c->pending)
            c->pending_tail = &c->pending;
        ast_pos pos = pb->body ? pb->body->pos : (ast_pos){1, 1};
        compile_function(c, pb->func, pb->file, pb->captures, NULL, pb->capture_sizes,
                         pb->ncaptures, pb->body, pos, NULL,
                         (pb->on_bullet ? COMPILE_ON_BULLET : 0) |
                             (pb->on_laser ? COMPILE_ON_LASER : 0) |
                             (pb->in_stage ? COMPILE_IN_STAGE : 0));
    }
}

/* ---- the passes ---- */

/* The global kind of a declaration kind. */
static global_kind compiler_global_kind(ast_decl_kind k)
{
    switch (k) {
    case DECL_CONST: return G_CONST;
    case DECL_PATTERN: return G_PATTERN;
    case DECL_ENEMY: return G_ENEMY;
    case DECL_BOSS: return G_BOSS;
    case DECL_STAGE: return G_STAGE;
    case DECL_FUNCTION: return G_FUNCTION;
    case DECL_SHARED: return G_SHARED;
    case DECL_SHIP: return G_SHIP;
    case DECL_GAME: return G_GAME;
    case DECL_BULLETML: return G_IMPORT;  /* never a global: the library applies it */
    case DECL_ART: return G_IMPORT;       /* shapes: pattern/art.c's table */
    case DECL_BACKDROP: return G_IMPORT;  /* scenes: pattern/backdrop_decl.c's table */
    case DECL_CHARACTER: return G_IMPORT; /* pattern/character.c's table */
    }
    return G_CONST;
}

/* Pass 1 and 2: globals and function declarations; the tables' sizes. */
static void compiler_declare(compiler *c, uint32_t *nentries, uint32_t *nbosses, uint32_t *nships,
                             uint32_t *ngames)
{
    const compiler_input *in = c->in;
    for (int fi = 0; fi < in->nfiles; fi++) {
        for (ast_decl *d = in->decls[fi]; d; d = d->next) {
            if (!d->name || d->kind == DECL_BULLETML || d->kind == DECL_ART ||
                d->kind == DECL_BACKDROP || d->kind == DECL_CHARACTER) /* the library's */
                continue;
            global *g =
                compiler_add_global(c, d->name, compiler_global_kind(d->kind), d, fi, d->pos);
            if (!g)
                continue;
            vm_pos vp = {d->pos.line, d->pos.col, in->file_ids[fi]};
            if (d->kind == DECL_SHIP)
                g->ship = (*nships)++;
            else if (d->kind == DECL_GAME)
                (*ngames)++;
            else if (d->kind == DECL_PATTERN || d->kind == DECL_ENEMY || d->kind == DECL_STAGE) {
                g->func = program_declare_func(c->b, d->name, d->nparams, vp);
                (*nentries)++;
            } else if (d->kind == DECL_FUNCTION) {
                g->func = program_declare_func(c->b, d->name, d->nparams, vp);
            } else if (d->kind == DECL_SHARED) {
                if (c->b->p.shared_count >= VM_MAX_SHARED)
                    compiler_report(c, DIAG_TOO_LARGE, fi, d->pos,
                                    "more than %d shared values in all the files", VM_MAX_SHARED);
                else
                    g->shared = program_add_shared(c->b, 0.0);
            } else if (d->kind == DECL_BOSS) {
                g->boss = (*nbosses)++;
                if (d->nphases == 0)
                    compiler_report(c, DIAG_NO_PHASES, fi, d->pos,
                                    "boss '%s' has no phases: add 'phase \"name\" { ... }'",
                                    d->name);
                int k = 1;
                for (ast_phase *ph = d->phases; ph; ph = ph->next, k++) {
                    if (k == LIBRARY_MAX_PHASES + 1)
                        compiler_report(c, DIAG_TOO_MANY_PHASES, fi, ph->pos,
                                        "boss '%s' has more than %d phases, the most a boss "
                                        "may have",
                                        d->name, LIBRARY_MAX_PHASES);
                    char name[160];
                    snprintf(name, sizeof name, "%s/%d", d->name, k);
                    vm_pos pp = {ph->pos.line, ph->pos.col, in->file_ids[fi]};
                    uint32_t func = program_declare_func(c->b, name, 0, pp);
                    if (k == 1)
                        g->first_phase = func;
                }
            }
        }
    }
    for (int i = 0; i < in->nimports; i++) {
        const compiler_import *im = &in->imports[i];
        ast_pos pos = {1, 1};
        global *g = compiler_add_global(c, im->name, G_IMPORT, NULL, im->file, pos);
        if (g) {
            g->func = im->func;
            (*nentries)++;
        }
    }
}

/* Checks the params' defaults: each must be a constant. */
static void compiler_check_params(compiler *c, const ast_decl *d)
{
    fstate f;
    fstate_init(&f, c, 0, d->file);
    for (const ast_param *p = d->params; p; p = p->next) {
        double v;
        if (p->def && !fold(&f, p->def, &v))
            compiler_report(c, DIAG_NOT_CONSTANT, d->file, expr_start(p->def),
                            "the default of '%s' must be known when the file loads (a number or "
                            "a constant)",
                            p->name);
    }
}

/* A file's name as the program keeps it (so it lives as long as the library). */
static const char *compiler_file_name(const compiler *c, int file)
{
    uint16_t id = c->in->file_ids[file];
    return id < c->b->p.file_count ? c->b->p.files[id] : "";
}

/* Fills in a boss's table entry from its declaration. */
static void compiler_boss_table(compiler *c, const global *g, library_boss *out)
{
    const ast_decl *d = g->decl;
    library *lib = c->lib;
    out->name = arena_strndup(&lib->mem, d->name, strlen(d->name));
    out->title =
        arena_strndup(&lib->mem, d->title ? d->title : "", d->title ? strlen(d->title) : 0);
    out->look = arena_strndup(&lib->mem, d->look ? d->look : "", d->look ? strlen(d->look) : 0);
    compiler_check_look(c, g->file, d->look, d->look_pos);
    out->spell_background =
        compiler_check_backdrop(c, g->file, d->spell_background, d->spell_background_pos);
    out->character = compiler_check_character(c, g->file, d->character, d->character_pos);
    out->file = compiler_file_name(c, g->file);
    out->phases =
        arena_alloc(&lib->mem, (size_t)(d->nphases ? d->nphases : 1) * sizeof *out->phases);
    if (!out->phases)
        return;
    out->phase_count = (uint32_t)d->nphases;
    fstate f;
    fstate_init(&f, c, 0, g->file);
    uint32_t k = 0;
    for (const ast_phase *ph = d->phases; ph; ph = ph->next, k++) {
        library_phase *lp = &out->phases[k];
        const char *title = fold_text(&f, ph->title, ph->title_parts, 1);
        lp->title = title ? arena_strndup(&lib->mem, title, strlen(title)) : NULL;
        lp->spell = ph->spell;
        lp->func = g->first_phase + k;
        double v;
        lp->time = !ph->time ? 1800 : fold(&f, ph->time, &v) ? v : NAN;
        lp->health = !ph->health ? 0 : fold(&f, ph->health, &v) ? v : NAN;
        lp->bonus = !ph->bonus ? 0 : fold(&f, ph->bonus, &v) ? v : NAN;
    }
}

/* Pass 4: every body; then the tables. */
/* A shared value's first value: known when the files load, like a constant's. */
static void compiler_shared_init(compiler *c, const global *g)
{
    fstate f;
    fstate_init(&f, c, 0, g->file);
    double v = 0.0;
    if (g->decl->value && !fold(&f, g->decl->value, &v))
        compiler_report(c, DIAG_NOT_CONSTANT, g->file, expr_start(g->decl->value),
                        "the first value of shared '%s' must be known when the file loads (a "
                        "number or a constant); set it from a script",
                        g->name);
    else if (g->shared < c->b->p.shared_count)
        c->b->p.shared_init[g->shared] = v;
}

static void compiler_bodies(compiler *c)
{
    library *lib = c->lib;
    uint32_t ne = 0, nb = 0;
    for (int gi = 0; gi < c->nglobals; gi++) {
        global *g = &c->globals[gi];
        const ast_decl *d = g->decl;
        if (g->kind == G_CONST) {
            fold_global_const(c, g);
            continue;
        }
        if (g->kind == G_SHARED) {
            compiler_shared_init(c, g);
            continue;
        }
        if (g->kind == G_SHIP || g->kind == G_GAME)
            continue; /* after everything else: compiler_ships */
        if (g->kind == G_IMPORT) {
            library_entry *e = &lib->entries[ne++];
            e->name = arena_strndup(&lib->mem, g->name, strlen(g->name));
            e->kind = LIBRARY_IMPORT;
            e->func = g->func;
            e->file = compiler_file_name(c, g->file);
            e->line = 1;
            continue;
        }
        if (g->kind == G_BOSS) {
            compiler_boss_table(c, g, &lib->bosses[nb++]);
            uint32_t k = 0;
            for (const ast_phase *ph = d->phases; ph; ph = ph->next, k++) {
                compile_function(c, g->first_phase + k, g->file, NULL, NULL, NULL, 0, ph->body,
                                 ph->pos, ph, 0);
                compile_pending(c);
            }
            continue;
        }
        const char *params[COMPILER_MAX_ARGS];
        ast_pos ppos[COMPILER_MAX_ARGS];
        int np = 0;
        for (const ast_param *p = d->params; p && np < COMPILER_MAX_ARGS; p = p->next, np++) {
            params[np] = p->name;
            ppos[np] = p->pos;
        }
        if (d->nparams > COMPILER_MAX_ARGS)
            compiler_report(c, DIAG_ARG_COUNT, g->file, d->pos, "'%s' has more than %d parameters",
                            d->name, COMPILER_MAX_ARGS);
        compiler_check_params(c, d);
        compile_function(c, g->func, g->file, params, ppos, NULL, np, d->body, d->pos, NULL,
                         g->kind == G_FUNCTION ? COMPILE_FUNCTION
                         : g->kind == G_STAGE  ? COMPILE_STAGE
                                               : 0);
        compile_pending(c);
        if (g->kind == G_FUNCTION)
            continue; /* not an entry: it runs inside expressions */
        library_entry *e = &lib->entries[ne++];
        e->name = arena_strndup(&lib->mem, d->name, strlen(d->name));
        e->kind = g->kind == G_PATTERN ? LIBRARY_PATTERN
                  : g->kind == G_ENEMY ? LIBRARY_ENEMY
                                       : LIBRARY_STAGE;
        e->func = g->func;
        e->nparams = np;
        double *defaults = arena_alloc(&lib->mem, (size_t)(np + 1) * sizeof *defaults);
        fstate tmp;
        fstate_init(&tmp, c, 0, g->file);
        int k = 0;
        for (const ast_param *p = d->params; p && defaults && k < np; p = p->next, k++)
            if (!p->def || !fold(&tmp, p->def, &defaults[k]))
                defaults[k] = NAN;
        e->defaults = defaults;
        e->file = compiler_file_name(c, g->file);
        e->line = d->pos.line;
    }
    lib->entry_count = ne;
    lib->boss_count = nb;
}

/* A ship's number, level or position: a constant, or reported. */
static double compiler_ship_value(compiler *c, int file, const ast_expr *e, double def)
{
    fstate f;
    fstate_init(&f, c, 0, file);
    double v;
    if (!e)
        return def;
    if (fold(&f, e, &v) && isfinite(v))
        return v;
    compiler_report(c, DIAG_NOT_CONSTANT, file, expr_start(e),
                    "a ship's numbers must be known when the file loads (a number or a "
                    "constant)");
    return def;
}

/* A power level of a ship's item, 1 to LIBRARY_SHIP_LEVELS, or reported (0). */
static int compiler_ship_level(compiler *c, int file, const ast_expr *e)
{
    double v = compiler_ship_value(c, file, e, 1);
    if (v >= 1 && v <= LIBRARY_SHIP_LEVELS && v == floor(v))
        return (int)v;
    compiler_report(c, DIAG_EXPECTED, file, expr_start(e),
                    "a power level is a whole number from 1 to %d", LIBRARY_SHIP_LEVELS);
    return 0;
}

/* A volley or bomb of a ship: a new function without params, compiled now,
 * named PREFIX/WHAT (PREFIX the ship's name, or SHIP/TYPE for a shot type
 * after the first: the first type's functions keep the names they had before
 * ships had types, which replays hash). */
static uint32_t compiler_ship_block(compiler *c, const global *g, const char *prefix,
                                    const ast_ship_item *it, const char *what)
{
    char name[200];
    snprintf(name, sizeof name, "%s/%s", prefix, what);
    vm_pos vp = {it->pos.line, (uint16_t)it->pos.col, c->in->file_ids[g->file]};
    uint32_t func = program_declare_func(c->b, name, 0, vp);
    compile_function(c, func, g->file, NULL, NULL, NULL, 0, it->body, it->pos, NULL, 0);
    compile_pending(c);
    return func;
}

/* Reports a ship item given twice. */
static int compiler_ship_twice(compiler *c, int file, const ast_ship_item *it, int given,
                               const char *what)
{
    if (given)
        compiler_report(c, DIAG_DUPLICATE_PROPERTY, file, it->pos, "%s is given twice", what);
    return given;
}

/* Whether a block holds presentation statements only (and at least one). */
static int ship_shows_only(const ast_stmt *s)
{
    if (!s)
        return 0;
    for (; s; s = s->next)
        if (s->kind != ST_SHOW)
            return 0;
    return 1;
}

/* How one list of a ship's items (the ship's own, or a shot type's) is read
 * into a library_ship: the volleys' names' prefix, whether shots belong there
 * (not at the ship's level when it has types), whether its options replace
 * those it starts with (a type's), and the list's bomb, found but not compiled
 * unless `bomb_inline` (a ship without types compiles its bomb where it stands,
 * as before types). */
typedef struct ship_items {
    const char *prefix;
    int shots_here, replace_options, bomb_inline;
    const ast_ship_item *bomb; /* out: the list's `bomb` item */
} ship_items;

/* Reads a list of a ship's items into out: numbers, options, volleys. */
static void compiler_ship_items(compiler *c, const global *g, const ast_ship_item *items,
                                library_ship *out, ship_items *how)
{
    int given[LIBRARY_SHIP_NUMBER_COUNT] = {0};
    int options_given = 0;
    uint32_t shots_given[2][LIBRARY_SHIP_LEVELS] = {{0}};
    for (const ast_ship_item *it = items; it; it = it->next) {
        if (it->kind == SHIP_NUMBER) {
            if (compiler_ship_twice(c, g->file, it, given[it->number]++, "this number"))
                continue;
            double v = compiler_ship_value(c, g->file, it->e[0], 0);
            if (v < 0 || v > LIBRARY_SHIP_NUMBER_MAX)
                compiler_report(c, DIAG_EXPECTED, g->file, expr_start(it->e[0]),
                                "a ship's number is from 0 to %d", LIBRARY_SHIP_NUMBER_MAX);
            else
                out->num[it->number] = v;
        } else if (it->kind == SHIP_OPTION) {
            int level = compiler_ship_level(c, g->file, it->e[0]);
            if (how->replace_options && !options_given++)
                out->option_count = 0; /* a type's options replace the ship's */
            if (out->option_count == LIBRARY_SHIP_OPTIONS) {
                compiler_report(c, DIAG_EXPECTED, g->file, it->pos, "a ship has at most %d options",
                                LIBRARY_SHIP_OPTIONS);
                continue;
            }
            library_ship_option *o = &out->options[out->option_count++];
            o->level = level;
            o->x = (float)compiler_ship_value(c, g->file, it->e[1], 0);
            o->y = (float)compiler_ship_value(c, g->file, it->e[2], 0);
            o->fx = (float)compiler_ship_value(c, g->file, it->e[3], 0);
            o->fy = (float)compiler_ship_value(c, g->file, it->e[4], 0);
        } else if (it->kind == SHIP_SHOT) {
            if (!how->shots_here) {
                compiler_report(c, DIAG_EXPECTED, g->file, it->pos,
                                "a ship with shot types fires the shots of its types: put this "
                                "'shot' in a 'type' block");
                continue;
            }
            int level = compiler_ship_level(c, g->file, it->e[0]);
            uint32_t *slot = level ? &out->shot[it->focused][level - 1] : NULL;
            if (slot && !compiler_ship_twice(c, g->file, it, shots_given[it->focused][level - 1]++,
                                             "this level's shot"))
                *slot =
                    compiler_ship_block(c, g, how->prefix, it, it->focused ? "focused" : "shot");
        } else if (it->kind == SHIP_BOMB) {
            if (compiler_ship_twice(c, g->file, it, how->bomb != NULL, "'bomb'"))
                continue;
            how->bomb = it;
            if (how->bomb_inline && !ship_shows_only(it->body))
                out->bomb = compiler_ship_block(c, g, how->prefix, it, "bomb");
        }
    }
}

/* A text of the declaration into the library's memory ("" for NULL). */
static const char *compiler_ship_text(compiler *c, const char *s)
{
    return arena_strndup(&c->lib->mem, s ? s : "", s ? strlen(s) : 0);
}

/* The shot types of a ship declaration, in order (at most LIBRARY_SHIP_TYPES,
 * the others reported), into types; returns how many (0: none declared). */
static int compiler_ship_types(compiler *c, const global *g, const ast_ship_item **types)
{
    int n = 0;
    for (const ast_ship_item *it = g->decl->items; it; it = it->next) {
        if (it->kind != SHIP_TYPE)
            continue;
        int twice = 0;
        for (int k = 0; k < n; k++)
            twice |= strcmp(types[k]->name, it->name) == 0;
        if (twice)
            compiler_report(c, DIAG_DUPLICATE_PROPERTY, g->file, it->name_pos,
                            "the shot type '%s' is declared twice", it->name);
        else if (n == LIBRARY_SHIP_TYPES)
            compiler_report(c, DIAG_EXPECTED, g->file, it->pos, "a ship has at most %d shot types",
                            LIBRARY_SHIP_TYPES);
        else
            types[n++] = it;
    }
    return n;
}

/* Fills in the ship's level of a ship's table entry (its names, look,
 * character, numbers and options: what every shot type starts from); for a
 * ship without types its volleys and bomb too. Returns the ship's own bomb
 * item (NULL none). */
static const ast_ship_item *compiler_ship_base(compiler *c, const global *g, library_ship *out,
                                               int has_types)
{
    const ast_decl *d = g->decl;
    *out = *library_fallback_ship();
    out->name = compiler_ship_text(c, d->name);
    out->title = compiler_ship_text(c, d->title ? d->title : d->name);
    out->look = compiler_ship_text(c, d->look);
    compiler_check_look_in(c, g->file, d->look, d->look_pos, ship_look_names, SHIP_LOOK_COUNT);
    out->option_look = compiler_ship_text(c, d->option_look);
    compiler_check_look_in(c, g->file, d->option_look, d->option_look_pos, option_look_names,
                           OPTION_LOOK_COUNT);
    out->about = compiler_ship_text(c, d->about);
    out->character = compiler_check_character(c, g->file, d->character, d->character_pos);
    out->file = compiler_file_name(c, g->file);
    ship_items how = {out->name, !has_types, 0, !has_types, NULL};
    compiler_ship_items(c, g, d->items, out, &how);
    return how.bomb;
}

/* Type t of a ship, from its base: the type's own items over the ship's, its
 * volleys compiled (named SHIP/shot for the first type, SHIP/TYPE/shot for the
 * others), and its bomb (the type's own, else the ship's; *ship_bomb_func
 * caches the ship's bomb compiled once). Returns the bomb block it flies. */
static const ast_ship_item *compiler_ship_type(compiler *c, const global *g,
                                               const library_ship *base,
                                               const ast_ship_item *ship_bomb,
                                               uint32_t *ship_bomb_func, const ast_ship_item *ty,
                                               uint32_t t, library_ship *out)
{
    *out = *base;
    char prefix[200];
    if (t == 0)
        snprintf(prefix, sizeof prefix, "%s", base->name);
    else
        snprintf(prefix, sizeof prefix, "%s/%s", base->name, ty->name);
    ship_items how = {prefix, 1, 1, 1, NULL};
    compiler_ship_items(c, g, ty->items, out, &how);
    out->type = t;
    out->type_name = compiler_ship_text(c, ty->name);
    out->type_title = compiler_ship_text(c, ty->title ? ty->title : ty->name);
    out->type_about = compiler_ship_text(c, ty->about);
    if (how.bomb)
        return how.bomb;
    if (ship_bomb && !ship_shows_only(ship_bomb->body)) {
        if (*ship_bomb_func == LIBRARY_NO_FUNC)
            *ship_bomb_func = compiler_ship_block(c, g, base->name, ship_bomb, "bomb");
        out->bomb = *ship_bomb_func;
    }
    return ship_bomb;
}

/* Keys a show-only bomb's shows at pc (no code), and returns pc. */
static uint32_t compiler_bomb_shows(compiler *c, const global *g, const ast_ship_item *bomb,
                                    uint32_t pc)
{
    fstate f;
    fstate_init(&f, c, 0, g->file);
    f.depth = 1;
    f.show_pc = pc;
    for (const ast_stmt *st = bomb->body; st; st = st->next)
        stmt_show(&f, st);
    return f.show_pc;
}

/* A game's Extra stage (`extra NAME`): a stage, and not one of the run's. */
static void compiler_game_extra(compiler *c, const global *g, library_game *out)
{
    const ast_decl *d = g->decl;
    const global *s = compiler_global(c, d->extra);
    if (!s || s->kind != G_STAGE) {
        compiler_report(c, s ? DIAG_WRONG_KIND : DIAG_UNKNOWN_NAME, g->file, d->extra_pos,
                        "'%s' is %s, not a stage: 'extra' names the game's Extra stage", d->extra,
                        s ? compiler_kind_word(s->kind) : "not declared");
        return;
    }
    for (const ast_name_list *n = d->stages; n; n = n->next)
        if (strcmp(n->name, d->extra) == 0) {
            compiler_report(c, DIAG_WRONG_KIND, g->file, d->extra_pos,
                            "'%s' is one of the game's stages (line %u): the Extra stage is "
                            "played apart from them, after a clear",
                            d->extra, (unsigned)n->pos.line);
            return;
        }
    out->extra = arena_strndup(&c->lib->mem, d->extra, strlen(d->extra));
}

/* Fills in a game's table entry: its stages must be stages. */
static void compiler_game(compiler *c, const global *g, library_game *out)
{
    const ast_decl *d = g->decl;
    library *lib = c->lib;
    out->name = arena_strndup(&lib->mem, d->name, strlen(d->name));
    out->file = compiler_file_name(c, g->file);
    out->stages = arena_alloc(&lib->mem, (size_t)(d->nstages + 1) * sizeof *out->stages);
    if (!out->stages)
        return;
    for (const ast_name_list *n = d->stages; n; n = n->next) {
        const global *s = compiler_global(c, n->name);
        if (!s || s->kind != G_STAGE) {
            compiler_report(c, s ? DIAG_WRONG_KIND : DIAG_UNKNOWN_NAME, g->file, n->pos,
                            "'%s' is %s, not a stage: a game lists stages", n->name,
                            s ? compiler_kind_word(s->kind) : "not declared");
            continue;
        }
        out->stages[out->stage_count++] = arena_strndup(&lib->mem, n->name, strlen(n->name));
    }
    if (d->extra)
        compiler_game_extra(c, g, out);
}

/* What pass 5 keeps of a ship between its first type and the others. */
typedef struct ship_pass {
    library_ship base;          /* the ship's level: what every type starts from */
    const ast_ship_item *bomb;  /* the ship's own bomb item; NULL none */
    const ast_ship_item *bomb0; /* the bomb block the first type flies */
    uint32_t bomb_func;         /* the ship's own bomb, once compiled */
    const ast_ship_item *types[LIBRARY_SHIP_TYPES];
    int type_count;      /* declared types; 0 a ship without types */
    library_ship *table; /* the ship's types (lib->mem) */
} ship_pass;

/* Pass 5, first part: the ship's level and its first type, as a ship was
 * compiled before types (a ship without types is its one type). */
static void compiler_ship_first(compiler *c, const global *g, library_ship *out, ship_pass *sp)
{
    sp->type_count = compiler_ship_types(c, g, sp->types);
    sp->bomb = compiler_ship_base(c, g, &sp->base, sp->type_count > 0);
    sp->bomb_func = sp->base.bomb;
    sp->bomb0 = sp->bomb;
    *out = sp->base;
    if (sp->type_count > 0)
        sp->bomb0 =
            compiler_ship_type(c, g, &sp->base, sp->bomb, &sp->bomb_func, sp->types[0], 0, out);
    uint32_t n = sp->type_count > 0 ? (uint32_t)sp->type_count : 1;
    sp->table = arena_alloc(&c->lib->mem, n * sizeof *sp->table);
}

/* Pass 5, last part: the ship's other types (their code after every ship's
 * first type's), their show-only bombs, and the table of its types. */
static void compiler_ship_others(compiler *c, const global *g, uint32_t k, library_ship *out,
                                 ship_pass *sp)
{
    uint32_t n = sp->type_count > 0 ? (uint32_t)sp->type_count : 1;
    if (!sp->table)
        return;
    sp->table[0] = *out;
    for (uint32_t t = 1; t < n; t++) {
        library_ship *ty = &sp->table[t];
        const ast_ship_item *bomb =
            compiler_ship_type(c, g, &sp->base, sp->bomb, &sp->bomb_func, sp->types[t], t, ty);
        if (bomb == sp->bomb0)
            ty->bomb_show = out->bomb_show;
        else if (bomb && ship_shows_only(bomb->body) && ty->bomb == LIBRARY_NO_FUNC)
            ty->bomb_show = compiler_bomb_shows(c, g, bomb, LIBRARY_TYPE_BOMB_SHOWS_PC(k, t));
        else
            ty->bomb_show = LIBRARY_NO_FUNC;
    }
    for (uint32_t t = 0; t < n; t++) {
        sp->table[t].types = sp->table;
        sp->table[t].type_count = n;
    }
    out->types = sp->table;
    out->type_count = n;
}

/* Pass 5: ships and games, after everything else, so that the code, constants,
 * functions and strings of a library without them stay where they were
 * (library_mark); the ships' first types first, in their order, then every
 * other type's, so that types added to a ship move no code a run of the first
 * type flies. */
static void compiler_ships(compiler *c)
{
    library *lib = c->lib;
    const vm_program *p = &c->b->p;
    lib->ships_start =
        (library_mark){p->code_count, p->const_count, p->func_count, p->string_count};
    uint32_t ns = 0, ng = 0, nships = 0;
    for (int gi = 0; gi < c->nglobals; gi++)
        nships += c->globals[gi].kind == G_SHIP;
    ship_pass *passes = arena_alloc(c->ar, (nships + 1) * sizeof *passes);
    if (!passes)
        return;
    for (int gi = 0; gi < c->nglobals; gi++) {
        const global *g = &c->globals[gi];
        if (g->kind == G_SHIP) {
            compiler_ship_first(c, g, &lib->ships[ns], &passes[ns]);
            ns++;
        } else if (g->kind == G_GAME) {
            compiler_game(c, g, &lib->games[ng++]);
        }
    }
    lib->ship_count = ns;
    lib->game_count = ng;
    /* Bombs of presentation statements only: no code at all (a function after
     * the ships' would be the "next" place of a script ended at the last one's
     * end, which replays of the old place rule hash), their shows keyed at a
     * place beyond the code (LIBRARY_BOMB_SHOWS_PC). */
    ns = 0;
    for (int gi = 0; gi < c->nglobals; gi++) {
        const global *g = &c->globals[gi];
        if (g->kind != G_SHIP)
            continue;
        library_ship *out = &lib->ships[ns];
        const ast_ship_item *shows = passes[ns].bomb0;
        if (shows && ship_shows_only(shows->body) && out->bomb == LIBRARY_NO_FUNC)
            out->bomb_show = compiler_bomb_shows(c, g, shows, LIBRARY_BOMB_SHOWS_PC(ns));
        ns++;
    }
    ns = 0;
    for (int gi = 0; gi < c->nglobals; gi++) {
        const global *g = &c->globals[gi];
        if (g->kind != G_SHIP)
            continue;
        compiler_ship_others(c, g, ns, &lib->ships[ns], &passes[ns]);
        ns++;
    }
}

void compiler_run(const compiler_input *in, program_builder *b, arena *ar, diag_list *diags,
                  library *lib)
{
    compiler c;
    memset(&c, 0, sizeof c);
    c.in = in;
    c.b = b;
    c.ar = ar;
    c.diags = diags;
    c.lib = lib;
    c.pending_tail = &c.pending;
    int total = in->nimports;
    for (int fi = 0; fi < in->nfiles; fi++)
        for (const ast_decl *d = in->decls[fi]; d; d = d->next)
            total++;
    int hash_size = 64;
    while (hash_size < total * 2)
        hash_size *= 2;
    c.globals = arena_alloc(ar, (size_t)(total + 1) * sizeof *c.globals);
    c.hash = arena_alloc(ar, (size_t)hash_size * sizeof *c.hash);
    c.hash_mask = hash_size - 1;
    if (!c.globals || !c.hash) {
        diag_report(diags, DIAG_OUT_OF_MEMORY, in->nfiles ? in->files[0].path : "?", NULL, 0, 1, 1,
                    "out of memory");
        return;
    }
    uint32_t nentries = 0, nbosses = 0, nships = 0, ngames = 0;
    compiler_declare(&c, &nentries, &nbosses, &nships, &ngames);
    lib->entries = arena_alloc(&lib->mem, (nentries + 1) * sizeof *lib->entries);
    lib->bosses = arena_alloc(&lib->mem, (nbosses + 1) * sizeof *lib->bosses);
    lib->ships = arena_alloc(&lib->mem, (nships + 1) * sizeof *lib->ships);
    lib->games = arena_alloc(&lib->mem, (ngames + 1) * sizeof *lib->games);
    if (!lib->entries || !lib->bosses || !lib->ships || !lib->games) {
        diag_report(diags, DIAG_OUT_OF_MEMORY, in->nfiles ? in->files[0].path : "?", NULL, 0, 1, 1,
                    "out of memory");
        return;
    }
    compiler_bodies(&c);
    compiler_ships(&c);
}
