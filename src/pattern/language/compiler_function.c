/*
 * compiler_function: one function's code. A body compiled as a function whose
 * first slots are its params (a boss phase's prologue first); inline blocks
 * (fire { ... }, thread { ... }) queued as functions of their own that capture
 * the variables they use, by value, and compiled after their parent, because a
 * function's code is contiguous. Part of the compiler (compiler.h); the shared
 * state is compiler_state.h.
 */
#include "pattern/language/compiler_state.h"

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
        names_in_expr(s, st->target_index);
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
uint32_t compiler_block(fstate *f, const ast_stmt *body, ast_pos pos, const char *what,
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
        if (l->area) { /* a block's values are copied into its own slots */
            REPORT(f, DIAG_ARRAY_MISUSE, pos,
                   "'%s' has %u values: a %s block takes copies of arrays of up to %d values "
                   "only (copy what it needs into a smaller array)",
                   l->name, (unsigned)l->size, what, VM_SLOT_ARRAY);
            sizes[n] = LOCAL_PACK_BROKEN;
            caps[n++] = l->name;
            emit_const(f, 0, pos);
            values++;
            continue;
        }
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

/* ---- functions ---- */

/* A fresh function state. */
void fstate_init(fstate *f, compiler *c, uint32_t func, int file)
{
    memset(f, 0, sizeof *f);
    f->c = c;
    f->func = func;
    f->file = file;
}

/* Compiles a body as function func whose first slots are the named params. The
 * prologue (phase settings) may be emitted by `prologue`. */
void compile_function(compiler *c, uint32_t func, int file, const char *const *params,
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
    if (f->in_function) {
        f->ret_size = c->ret_size;
        f->ret_broken = c->ret_broken;
    }
    c->ret_size = 0;
    c->ret_broken = 0;
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
            l->ref = (packed & LOCAL_PACK_REF) != 0;
            l->broken = (packed & LOCAL_PACK_BROKEN) != 0;
            if (f->ret_size && i == nparams - 1)
                f->ret_slot = slot;
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
    if (f->in_function && f->ret_size) { /* the caller's array as it is: zeros */
        emit_ax(f, VM_OP_RET, 0, pos);
    } else if (f->in_function) { /* falling off the end returns 0 */
        emit_const(f, 0, pos);
        emit_ax(f, VM_OP_RETV, 0, pos);
    } else {
        uint32_t end = emit_ax(f, VM_OP_RET, 0, pos);
        if (f->nshows) /* the function's own block: shown as its thread ends */
            show_attach(f, end);
    }
    program_end_func(c->b, func, f->max_slots - param_slots);
    if (f->area)
        program_func_arrays(c->b, func, (uint32_t)f->area);
}

/* Compiles the inline blocks queued so far (and those they queue). */
void compile_pending(compiler *c)
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
