/*
 * compiler_expr: expressions. The built-in values, constant folding (what is
 * known when the files load, and the global constants folded on first use),
 * names, calls, arrays, handles' members, and the arguments of calls of
 * patterns and enemies. A folded expression is one CONST. Part of the compiler
 * (compiler.h); the shared state is compiler_state.h.
 */
#include "pattern/language/compiler_state.h"

/* ---- tables: built-in values and functions ---- */

typedef enum value_kind {
    VAL_GET,   /* GET prop */
    VAL_RAND,  /* RAND */
    VAL_CLOCK, /* CLOCK */
    VAL_PREV,  /* PREV arg */
    VAL_CONST, /* a number */
} value_kind;

/*   name  kind  argument (prop, PREV operand or the number) */
#define COMPILER_VALUES(X)                                \
    X("aim", VAL_GET, VM_PROP_AIM)                        \
    X("heading", VAL_GET, VM_PROP_HEADING)                \
    X("speed", VAL_GET, VM_PROP_SPEED)                    \
    X("vx", VAL_GET, VM_PROP_VX)                          \
    X("vy", VAL_GET, VM_PROP_VY)                          \
    X("x", VAL_GET, VM_PROP_POS_X)                        \
    X("y", VAL_GET, VM_PROP_POS_Y)                        \
    X("spin", VAL_GET, VM_PROP_SPIN)                      \
    X("accel", VAL_GET, VM_PROP_ACCEL)                    \
    X("player_x", VAL_GET, VM_PROP_PLAYER_X)              \
    X("player_y", VAL_GET, VM_PROP_PLAYER_Y)              \
    X("rank", VAL_GET, VM_PROP_RANK)                      \
    X("enemies", VAL_GET, VM_PROP_ENEMIES)                \
    X("boss_active", VAL_GET, VM_PROP_BOSS_ACTIVE)        \
    X("talking", VAL_GET, VM_PROP_TALKING)                \
    X("ship", VAL_GET, VM_PROP_SHIP)                      \
    X("collect_line", VAL_GET, VM_PROP_COLLECT)           \
    X("health", VAL_GET, VM_PROP_HEALTH)                  \
    X("killer", VAL_GET, VM_PROP_KILLER)                  \
    X("player_lives", VAL_GET, VM_PROP_LIVES)             \
    X("player_bombs", VAL_GET, VM_PROP_BOMBS)             \
    X("player_power", VAL_GET, VM_PROP_POWER)             \
    X("player_score", VAL_GET, VM_PROP_SCORE)             \
    X("player_graze", VAL_GET, VM_PROP_GRAZE)             \
    X("player_focused", VAL_GET, VM_PROP_FOCUSED)         \
    X("player_bomb_pieces", VAL_GET, VM_PROP_BOMB_PIECES) \
    X("player_life_pieces", VAL_GET, VM_PROP_LIFE_PIECES) \
    X("shot_type", VAL_GET, VM_PROP_SHOT_TYPE)            \
    X("difficulty", VAL_GET, VM_PROP_DIFFICULTY)          \
    X("rand", VAL_RAND, 0)                                \
    X("time", VAL_CLOCK, 0)                               \
    X("last", VAL_PREV, 0)                                \
    X("last_speed", VAL_PREV, 1)                          \
    X("up", VAL_CONST, 0)                                 \
    X("right", VAL_CONST, 90)                             \
    X("down", VAL_CONST, 180)                             \
    X("left", VAL_CONST, 270)                             \
    X("center_x", VAL_CONST, 192)                         \
    X("width", VAL_CONST, 384)                            \
    X("height", VAL_CONST, 448)                           \
    X("by_time", VAL_CONST, VM_KILLER_TIME)               \
    X("by_shot", VAL_CONST, VM_KILLER_SHOT)               \
    X("by_bomb", VAL_CONST, VM_KILLER_BOMB)

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
/* ---- constant folding ---- */

/* Index of a built-in value (COMPILER_VALUES), or -1. */
int compiler_find_value(const char *name)
{
    for (int i = 0; i < COMPILER_VALUE_COUNT; i++)
        if (strcmp(compiler_values[i].name, name) == 0)
            return i;
    return -1;
}

/* Index of a math function (VM_MATH_FUNCS), or -1. */
int compiler_find_math(const char *name)
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
int fold(fstate *f, const ast_expr *e, double *out)
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

/* Reports, in a folded expression e of file, each math call whose arguments
 * are all known and have no real result (log(0), pow(-8, 1 / 3), tan(90)):
 * the VM gives 0 there (vm_math_domain), which is never what was meant. */
void fold_check_domain(fstate *f, int file, const ast_expr *e)
{
    if (!e)
        return;
    switch (e->kind) {
    case EX_UNARY: fold_check_domain(f, file, e->a); return;
    case EX_BINARY:
        fold_check_domain(f, file, e->a);
        fold_check_domain(f, file, e->b);
        return;
    case EX_CALL: break;
    default: return;
    }
    double args[3];
    int i = 0, m = compiler_find_math(e->name);
    for (const ast_arg *a = e->args; a; a = a->next, i++) {
        fold_check_domain(f, file, a->value);
        if (i < 3 && (a->name || !fold(f, a->value, &args[i])))
            i = 4;
    }
    if (m < 0 || i != vm_math_arity((vm_math)m) || scope_find(f, e->name))
        return;
    const char *why = vm_math_domain((vm_math)m, args);
    if (why)
        compiler_report(f->c, DIAG_MATH_DOMAIN, file, e->pos,
                        "%s() has no result here: %s (it would give 0)", e->name, why);
}

/* Where an expression starts (a binary node's own position is its operator). */
ast_pos expr_start(const ast_expr *e)
{
    while (e->kind == EX_BINARY && e->a)
        e = e->a;
    return e->pos;
}

/* Folds a global const (on first use, so consts may refer to later ones). */
int fold_global_const(compiler *c, global *g)
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
    if (ok)
        fold_check_domain(c->const_scope, g->file, g->decl->value);
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

static void expr_index(fstate *f, const ast_expr *e);

/* Collects the names a call or reference could have meant, for suggestions:
 * the nearest of the locals, built-in values and functions, constants, shared
 * values and functions, all ranked together (a constant 'angle' beats the
 * built-in 'accel' for 'angel'). */
#define COMPILER_MAX_SUGGEST_SLICES 64 /* of 64 globals each */
const char *compiler_suggest_value(fstate *f, const char *name)
{
    const char *cands[COMPILER_MAX_LOCALS + 64 + VM_MATH_COUNT];
    int n = 0;
    for (int i = 0; i < f->nlocals && n < COMPILER_MAX_LOCALS; i++)
        if (f->locals[i].name && f->locals[i].name[0])
            cands[n++] = f->locals[i].name; /* block markers have no name */
    for (int i = 0; i < COMPILER_VALUE_COUNT; i++)
        cands[n++] = compiler_values[i].name;
    for (int i = 0; i < VM_MATH_COUNT; i++)
        cands[n++] = vm_math_name((vm_math)i);
    /* the nearest of each slice of globals (constants, shared values, functions:
     * their count is unbounded), then the nearest of all, ranked together */
    const char *winners[2 + (COMPILER_MAX_SUGGEST_SLICES)];
    int nw = 0;
    winners[nw++] = diag_suggest(name, cands, n);
    for (int i = 0; i < f->c->nglobals && nw < COMPILER_MAX_SUGGEST_SLICES + 1; i += 64) {
        n = 0;
        for (int k = i; k < f->c->nglobals && k < i + 64; k++)
            if (f->c->globals[k].kind == G_CONST || f->c->globals[k].kind == G_SHARED ||
                f->c->globals[k].kind == G_FUNCTION)
                cands[n++] = f->c->globals[k].name;
        winners[nw++] = diag_suggest(name, cands, n);
    }
    return diag_suggest(name, winners, nw);
}

/* A handle or group where a number is expected. */
static void handle_not_number(fstate *f, const local *l, ast_pos pos)
{
    if (l->broken)
        return; /* its fire's error said it */
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
        if (l->ref)
            REPORT(f, DIAG_ARRAY_MISUSE, e->pos,
                   "'%s' is an array: write %s[i] for one of its values", e->name, e->name);
        else if (l->size)
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
        if (GLOBAL_SHARED_ARRAY(g)) {
            REPORT(f, DIAG_ARRAY_MISUSE, e->pos,
                   "'%s' is a shared array: use one of its values, %s[i]", e->name, e->name);
            emit_const(f, 0, e->pos);
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
    if (g && g->kind == G_FUNCTION && g->decl && g->decl->size) { /* an array, not a number */
        uint32_t n = compiler_ret_size(f->c, g);
        if (n)
            REPORT(f, DIAG_ARRAY_MISUSE, e->pos,
                   "'%s' returns an array of %u values, not a number: take it whole with 'var "
                   "NAME = %s(...)', then use NAME[i]",
                   name, (unsigned)n, name);
        emit_const(f, 0, e->pos);
        return;
    }
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
local *array_find(fstate *f, const char *name, ast_pos pos)
{
    local *l = scope_find(f, name);
    char hint[96];
    if (l && (l->size || l->ref))
        return l;
    if (l && l->broken) { /* its declaration's or its capture's error said it */
        l->used = 1;
        return NULL;
    }
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
local *array_index(fstate *f, const char *name, const ast_expr *index, ast_pos pos, int *slot)
{
    local *l = array_find(f, name, pos);
    *slot = -1;
    if (!l)
        return NULL;
    l->used = 1; /* read or written: either way not a forgotten variable */
    double k;
    if (l->ref) { /* its size is the caller's: checked when it runs */
        expr(f, index);
        return l;
    }
    if (fold(f, index, &k)) {
        if (!(k > -1.0 && k < (double)l->size)) {
            REPORT(f, DIAG_ARRAY_MISUSE, index ? expr_start(index) : pos,
                   "index %g is outside %s[%u] (0 to %u)", k, name, (unsigned)l->size,
                   (unsigned)l->size - 1);
            return NULL;
        }
        if (l->area) /* checked now, and by AREAI and ASTOREI again */
            emit_const(f, k, index ? index->pos : pos);
        else
            *slot = l->slot + (int)k;
        return l;
    }
    expr(f, index);
    return l;
}

uint32_t element_op(const local *a, int store)
{
    if (a->ref)
        return VM_MAKE_AX(store ? VM_OP_RSTOREI : VM_OP_REFI, a->slot);
    if (a->area)
        return VM_MAKE_AX(store ? VM_OP_ASTOREI : VM_OP_AREAI, VM_AREA_AX(a->slot, a->size));
    return VM_MAKE_AB(store ? VM_OP_STOREI : VM_OP_LOCALI, a->size, a->slot);
}

void emit_element(fstate *f, const local *a, int store, ast_pos pos)
{
    emit_waiting(f);
    program_emit(f->c->b, element_op(a, store), compiler_vpos(f, pos));
}

int shared_index(fstate *f, const global *g, const ast_expr *index, ast_pos pos, uint32_t *at)
{
    if (!GLOBAL_SHARED_ARRAY(g)) {
        REPORT(f, DIAG_ARRAY_MISUSE, pos,
               "'%s' is a shared value, not an array (declare one with 'shared %s[N]')", g->name,
               g->name);
        return -1;
    }
    if (!g->shared_size)
        return -1; /* its declaration's error is the one */
    double k;
    if (fold(f, index, &k)) {
        if (!(k > -1.0 && k < (double)g->shared_size)) {
            REPORT(f, DIAG_ARRAY_MISUSE, index ? expr_start(index) : pos,
                   "index %g is outside %s[%u] (0 to %u)", k, g->name, (unsigned)g->shared_size,
                   (unsigned)g->shared_size - 1);
            return -1;
        }
        *at = g->shared + (uint32_t)k;
        return 1;
    }
    expr(f, index);
    return 0;
}

/* name[i]: the element, checked against the array's size (at run time when i
 * is not a constant). */
static void expr_index(fstate *f, const ast_expr *e)
{
    local *h = scope_find(f, e->name);
    global *sg = h ? NULL : compiler_global(f->c, e->name);
    if (sg && sg->kind == G_SHARED) { /* an element of a shared array */
        uint32_t at = 0;
        int r = shared_index(f, sg, e->a, e->pos, &at);
        if (r < 0)
            emit_const(f, 0, e->pos);
        else if (r > 0)
            emit_ax(f, VM_OP_SHARED, at, e->pos);
        else
            emit_ab(f, VM_OP_SHAREDI, sg->shared, sg->shared_size, e->pos);
        return;
    }
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
        emit_element(f, l, 0, e->pos);
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

/* What a handle reads of its object: NAME.member; of, the kinds of object
 * (1 << OF_*) that have it, and who does, for the error on another kind. */
#define OF_ALL   (1u << OF_BULLET | 1u << OF_LASER | 1u << OF_ENEMY | 1u << OF_SHOT)
#define OF_SHOTS (1u << OF_BULLET | 1u << OF_SHOT)
static const struct {
    const char *name;
    vm_prop prop;
    unsigned of;
    const char *who;
} compiler_members[] = {
    {"x", VM_PROP_POS_X, OF_ALL, NULL},
    {"y", VM_PROP_POS_Y, OF_ALL, NULL},
    {"heading", VM_PROP_HEADING, OF_ALL, NULL},
    {"speed", VM_PROP_SPEED, OF_ALL, NULL},
    {"vx", VM_PROP_VX, OF_ALL & ~(1u << OF_LASER), "a bullet's and an enemy's, not a laser's"},
    {"vy", VM_PROP_VY, OF_ALL & ~(1u << OF_LASER), "a bullet's and an enemy's, not a laser's"},
    {"spin", VM_PROP_SPIN, OF_ALL, NULL},
    {"accel", VM_PROP_ACCEL, OF_ALL, NULL},
    {"aim", VM_PROP_AIM, OF_ALL, NULL},
    {"health", VM_PROP_HEALTH, 1u << OF_ENEMY, "only an enemy's"},
    {"alive", VM_PROP_ALIVE, OF_ALL, NULL},
    {"scale", VM_PROP_SCALE, OF_SHOTS, "only a bullet's"},
    {"alpha", VM_PROP_ALPHA, OF_SHOTS, "only a bullet's"},
};
#define COMPILER_MEMBER_COUNT ((int)(sizeof compiler_members / sizeof compiler_members[0]))

const char *compiler_member_name(int i)
{
    return i >= 0 && i < COMPILER_MEMBER_COUNT ? compiler_members[i].name : NULL;
}

/* The handle (or group) variable called name, or NULL after reporting why
 * it is none. */
local *handle_find(fstate *f, const char *name, ast_pos pos)
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

/* Pushes the handle NAME[index]: a group's i-th (GROUP_AT) or an element of an
 * array of handles; returns the group or array, or NULL after reporting why
 * NAME[index] is no handle (nothing pushed then). */
local *handle_element(fstate *f, const char *name, const ast_expr *index, ast_pos pos)
{
    local *l = scope_find(f, name);
    if (l && !l->size && l->type == LT_GROUP) {
        l->used = 1;
        emit_ax(f, VM_OP_LOCAL, l->slot, pos);
        expr(f, index);
        emit_ax(f, VM_OP_GROUP_AT, 0, pos);
        return l;
    }
    if (l && l->size && (l->type == LT_HANDLE || l->open)) {
        int slot;
        local *a = array_index(f, name, index, pos, &slot);
        if (!a)
            return NULL;
        if (slot >= 0)
            emit_ax(f, VM_OP_LOCAL, (uint32_t)slot, pos);
        else
            emit_element(f, a, 0, pos);
        return a;
    }
    if (l && l->broken)
        return NULL;
    if (!l) {
        handle_find(f, name, pos); /* reports it unknown */
        return NULL;
    }
    l->used = 1;
    if (l->size)
        REPORT(f, DIAG_HANDLE_MISUSE, pos,
               "'%s' is an array of numbers, not of handles: %s[i] is a number", name, name);
    else if (l->type == LT_HANDLE)
        REPORT(f, DIAG_HANDLE_MISUSE, pos,
               "'%s' is one handle, not a group: leave out the [i] (%s.x, %s.speed 2)", name, name,
               name);
    else
        REPORT(f, DIAG_HANDLE_MISUSE, pos,
               "'%s' is a number, not a group or an array of handles (fire ... ring ... as %s "
               "makes a group)",
               name, name);
    return NULL;
}

/* NAME.member: a property of the handle's object (0, alive 0, once it is
 * gone), or a group's count. */
static void expr_member(fstate *f, const ast_expr *e)
{
    const char *m = e->member ? e->member : "";
    local *l;
    if (e->a) { /* g[i].member, held[i].member: handle i's */
        l = handle_element(f, e->name, e->a, e->pos);
        if (!l) {
            emit_const(f, 0, e->pos);
            return;
        }
    } else {
        l = handle_find(f, e->name, e->pos);
        if (!l) {
            emit_const(f, 0, e->pos);
            return;
        }
        emit_ax(f, VM_OP_LOCAL, l->slot, e->pos);
    }
    if (l->type == LT_GROUP && !e->a) {
        if (strcmp(m, "count") != 0)
            REPORT(f, DIAG_HANDLE_MISUSE, e->member_pos,
                   "a group has only .count; each handle has .%s: for b in %s { ... b.%s ... }", m,
                   l->name, m);
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
        /* 'angle' and its slips: a handle's direction is its heading */
        static const char *const direction[] = {"angle", "direction"};
        const char *near = strcmp(m, "angle") == 0 || diag_suggest(m, direction, 2)
                               ? "heading"
                               : diag_suggest(m, names, COMPILER_MEMBER_COUNT);
        REPORT(f, DIAG_HANDLE_MISUSE, e->member_pos, "a handle has no '%s'%s", m,
               compiler_hint(near, hint, sizeof hint));
        emit_ax(f, VM_OP_POP, 0, e->pos);
        emit_const(f, 0, e->pos);
        return;
    }
    if (l->of != OF_NONE && !(compiler_members[k].of >> l->of & 1u)) {
        static const char *const kinds[] = {"", "a bullet", "a laser", "an enemy",
                                            "a player's shot"};
        REPORT(f, DIAG_HANDLE_MISUSE, e->member_pos, "'%s%s' is %s: it has no '%s' (%s)", e->name,
               e->a ? "[i]" : "", kinds[l->of], m, compiler_members[k].who);
    }
    emit_ax(f, VM_OP_HGET, compiler_members[k].prop, e->pos);
}

/* A value that may be a handle or a group (a variable's, an array's element,
 * a group's g[i]), for the places that store one; anything else compiles as
 * a number. Returns its LT_* type; *of what it is of. */
uint8_t expr_value(fstate *f, const ast_expr *e, uint8_t *of)
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
            emit_element(f, a, 0, e->pos);
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

/* ---- the values compared with names: difficulty, shot_type ---- */

/* The difficulties' names in a comparison with `difficulty` (game/difficulty.h's
 * order: Easy 0 to Lunatic 3). */
static const char *const compiler_difficulties[] = {"easy", "normal", "hard", "lunatic"};
#define COMPILER_DIFFICULTY_COUNT 4

/* Whether e reads the built-in value called name (no variable hides it). */
static int expr_is_value(fstate *f, const ast_expr *e, const char *name)
{
    return e && e->kind == EX_NAME && strcmp(e->name, name) == 0 && !scope_find(f, name);
}

/* Whether name means something of its own where it stands (a variable, a
 * built-in value, a declaration): then a comparison reads that, not a name. */
static int expr_name_taken(fstate *f, const char *name)
{
    return scope_find(f, name) || compiler_find_value(name) >= 0 || compiler_global(f->c, name);
}

/* `difficulty OP hard` (either way round, any comparison): the level's number. */
static void expr_difficulty_compare(fstate *f, const ast_expr *e, const ast_expr *name, int d)
{
    static const vm_op ops[] = {VM_OP_LT, VM_OP_LE, VM_OP_GT, VM_OP_GE, VM_OP_EQ, VM_OP_NE};
    if (name == e->a)
        emit_const(f, d, name->pos);
    expr(f, name == e->a ? e->b : e->a);
    if (name == e->b)
        emit_const(f, d, name->pos);
    emit_ax(f, ops[e->op - AST_LT], 0, e->pos);
}

/* `shot_type == wide`: 1 when the ship flown is one that declares a type
 * `wide` and flies it: max over those ships of (ship == S) * (shot_type == k).
 * Returns the number of such ships (0: nothing emitted). */
static int expr_shot_type_match(fstate *f, const char *name, ast_pos pos)
{
    int n = 0;
    for (int gi = 0; gi < f->c->nglobals; gi++) {
        const global *g = &f->c->globals[gi];
        if (g->kind != G_SHIP || !g->decl)
            continue;
        int k = 0;
        for (const ast_ship_item *it = g->decl->items; it; it = it->next) {
            if (it->kind != SHIP_TYPE)
                continue;
            if (it->name && strcmp(it->name, name) == 0) {
                emit_ax(f, VM_OP_GET, VM_PROP_SHIP, pos);
                emit_ref(f, g->ship, VM_REF_SHIP, pos);
                emit_ax(f, VM_OP_EQ, 0, pos);
                emit_ax(f, VM_OP_GET, VM_PROP_SHOT_TYPE, pos);
                emit_const(f, k, pos);
                emit_ax(f, VM_OP_EQ, 0, pos);
                emit_ax(f, VM_OP_MUL, 0, pos);
                if (n++)
                    emit_ax(f, VM_OP_MATH, VM_MATH_MAX, pos);
            }
            k++;
        }
    }
    return n;
}

/* A type name for "did you mean": the nearest among every ship's types. */
static const char *expr_suggest_shot_type(fstate *f, const char *name)
{
    const char *cands[256];
    int n = 0;
    for (int gi = 0; gi < f->c->nglobals; gi++) {
        const global *g = &f->c->globals[gi];
        if (g->kind != G_SHIP || !g->decl)
            continue;
        for (const ast_ship_item *it = g->decl->items; it && n < 256; it = it->next)
            if (it->kind == SHIP_TYPE && it->name)
                cands[n++] = it->name;
    }
    return diag_suggest(name, cands, n);
}

/* A comparison of `difficulty` with a difficulty's name, or of `shot_type`
 * with a shot type's (docs/patterns.md, "The player"): the name is not a
 * value of its own. Returns 1 when e was one (and is compiled), else 0. */
static int expr_named_compare(fstate *f, const ast_expr *e)
{
    if (e->op < AST_LT || e->op > AST_NE || !e->a || !e->b)
        return 0;
    int difficulty = expr_is_value(f, e->a, "difficulty") || expr_is_value(f, e->b, "difficulty");
    int shot_type = expr_is_value(f, e->a, "shot_type") || expr_is_value(f, e->b, "shot_type");
    const ast_expr *name =
        expr_is_value(f, e->a, difficulty ? "difficulty" : "shot_type") ? e->b : e->a;
    if ((!difficulty && !shot_type) || name->kind != EX_NAME || expr_name_taken(f, name->name))
        return 0;
    char hint[96];
    if (difficulty) {
        for (int d = 0; d < COMPILER_DIFFICULTY_COUNT; d++)
            if (strcmp(name->name, compiler_difficulties[d]) == 0) {
                expr_difficulty_compare(f, e, name, d);
                return 1;
            }
        REPORT(f, DIAG_UNKNOWN_NAME, name->pos,
               "'%s' is no difficulty: compare difficulty with easy, normal, hard or lunatic%s",
               name->name,
               compiler_hint(
                   diag_suggest(name->name, compiler_difficulties, COMPILER_DIFFICULTY_COUNT), hint,
                   sizeof hint));
        emit_const(f, 0, e->pos);
        return 1;
    }
    if (e->op != AST_EQ && e->op != AST_NE) {
        REPORT(f, DIAG_WRONG_KIND, e->pos,
               "a shot type is compared with == or != only (`shot_type == %s`)", name->name);
        emit_const(f, 0, e->pos);
        return 1;
    }
    if (!expr_shot_type_match(f, name->name, e->pos)) {
        REPORT(f, DIAG_UNKNOWN_NAME, name->pos, "no ship has a shot type '%s'%s", name->name,
               compiler_hint(expr_suggest_shot_type(f, name->name), hint, sizeof hint));
        emit_const(f, 0, e->pos);
        return 1;
    }
    if (e->op == AST_NE)
        emit_ax(f, VM_OP_NOT, 0, e->pos);
    return 1;
}

/* a OP b: both operands left to right, or one constant when both are known. */
static int expr_binary(fstate *f, const ast_expr *e, double *v)
{
    if (expr_named_compare(f, e))
        return 0;
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
        if (fold(f, e, v)) {
            fold_check_domain(f, f->file, e);
            return 1;
        }
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
void expr(fstate *f, const ast_expr *e)
{
    double v;
    if (expr_known(f, e, &v))
        emit_const(f, v, e->pos);
}

/* ---- calls of patterns and enemies ---- */

/* Compiles the arguments of a call of decl (params with defaults, named or
 * positional) in the order of its params. Returns the count pushed. */
/* An array param's argument: a reference to an array of numbers the caller
 * has (a variable's, or an array param of its own, passed on); the callee
 * reads and changes the caller's values (a function runs before its caller
 * goes on, so the array outlives the call). */
static void call_array_arg(fstate *f, const ast_expr *e, const char *param, const char *name)
{
    local *l = e && e->kind == EX_NAME ? scope_find(f, e->name) : NULL;
    if (l && l->ref) {
        l->used = 1;
        emit_ax(f, VM_OP_LOCAL, l->slot, e->pos);
        return;
    }
    if (l && l->size && (l->type == LT_NUMBER || l->open)) {
        l->used = 1;
        l->open = 0; /* numbers from now on */
        if (l->area)
            emit_ax(f, VM_OP_AREF, VM_AREA_AX(l->slot, l->size), e->pos);
        else
            emit_ab(f, VM_OP_ARRREF, l->size, l->slot, e->pos);
        return;
    }
    if (l)
        l->used = 1; /* the error below is the one */
    if (l && l->broken) {
        emit_const(f, 0, e->pos);
        return;
    }
    REPORT(f, DIAG_ARRAY_MISUSE, e ? expr_start(e) : (ast_pos){1, 1},
           "'%s' takes an array for '%s[]': give the name of an array of numbers (var a[N])", name,
           param);
    emit_const(f, 0, e ? e->pos : (ast_pos){1, 1});
}

int call_args(fstate *f, const ast_decl *decl, const ast_arg *args, int nargs, ast_pos pos,
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
        if (given[i] && params[i]->array) {
            call_array_arg(f, given[i]->value, params[i]->name, name);
        } else if (given[i]) {
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
global *compiler_pattern(fstate *f, const char *name, ast_pos pos)
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
