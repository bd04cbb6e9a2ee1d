/*
 * compiler_stmt: statements. Blocks and their scopes, variables and arrays,
 * assignments, loops, if, run and thread, motion (speed, turn, velocity,
 * move), for ... in, on EVENT, NAME.statement, and the one dispatch over every
 * statement kind (stmt). Fire, the host's verbs and presentation statements
 * have files of their own. Part of the compiler (compiler.h); the shared state
 * is compiler_state.h.
 */
#include "pattern/language/compiler_state.h"

/* ---- statements ---- */

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

/* Stores the value on the stack into a new variable called name (none: the
 * value is dropped), declared after its value, in the innermost block. */
local *stmt_declare(fstate *f, const char *name, ast_pos name_pos, ast_pos pos)
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

/* name[i] = value of a shared array and the compound forms: numbers only (a
 * handle is refused as a number is expected: it belongs to its script). */
static void stmt_assign_shared_element(fstate *f, const ast_stmt *s, const global *g)
{
    uint32_t at = 0;
    int r = -1;
    if (!s->e[1])
        REPORT(f, DIAG_ARRAY_MISUSE, s->name_pos,
               "'%s' is a shared array: assign one value at a time, %s[i] = ...", s->name, s->name);
    else
        r = shared_index(f, g, s->e[1], s->name_pos, &at);
    if (r < 0) {
        expr(f, s->e[0]);
        emit_ax(f, VM_OP_POP, 0, s->pos);
    } else if (r > 0) {
        assign_value(f, s, VM_MAKE_AX(VM_OP_SHARED, at));
        emit_ax(f, VM_OP_SSTORE, at, s->pos);
    } else {
        if (s->op >= 0)
            emit_ax(f, VM_OP_DUP, 0, s->pos);
        assign_value(f, s, VM_MAKE_AB(VM_OP_SHAREDI, g->shared, g->shared_size));
        emit_ab(f, VM_OP_SSTOREI, g->shared, g->shared_size, s->pos);
    }
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

static global *array_call(fstate *f, const ast_expr *e);
static void call_into(fstate *f, global *g, const ast_expr *e, const local *into, int slot);

/* NAME = F(...) where F returns an array and NAME is an array variable of its
 * size: zeros, then F's values, as var NAME = F(...) makes them. Returns 0
 * when the value is no such call. */
static int stmt_assign_call(fstate *f, const ast_stmt *s)
{
    global *g = array_call(f, s->e[0]);
    local *l = g ? scope_find(f, s->name) : NULL;
    if (!l || !l->size || (l->type != LT_NUMBER && !l->open))
        return 0;
    uint32_t n = compiler_ret_size(f->c, g);
    l->used = 1;
    if (l->size != n) {
        REPORT(f, DIAG_ARRAY_MISUSE, s->e[0]->pos,
               "'%s' returns an array of %u values: '%s' has %u", g->name, (unsigned)n, l->name,
               (unsigned)l->size);
        return 1;
    }
    l->open = 0;
    if (l->area) {
        emit_ax(f, VM_OP_ARRNEW, VM_AREA_AX(l->slot, l->size), s->pos);
    } else {
        for (uint32_t k = 0; k < n; k++) {
            emit_const(f, 0, s->pos);
            emit_ax(f, VM_OP_STORE, l->slot + k, s->pos);
        }
    }
    call_into(f, g, s->e[0], l, 0);
    return 1;
}

/* name[i] = value and the compound forms. */
static void stmt_assign_element(fstate *f, const ast_stmt *s)
{
    if (!s->e[1] && s->op < 0 && stmt_assign_call(f, s))
        return;
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
        emit_element(f, l, 1, s->pos);
        return;
    }
    /* the index is on the stack: [i] then, for a compound, [i, i] before a[i] */
    if (s->op >= 0)
        emit_ax(f, VM_OP_DUP, 0, s->pos);
    assign_value(f, s, element_op(l, 0));
    emit_element(f, l, 1, s->pos);
}

/* name = value and the compound forms; only variables and params can change. */
static void stmt_assign(fstate *f, const ast_stmt *s)
{
    local *l = scope_find(f, s->name);
    if (!l) {
        global *g = compiler_global(f->c, s->name);
        char hint[96];
        if (g && g->kind == G_SHARED && (s->e[1] || GLOBAL_SHARED_ARRAY(g))) {
            stmt_assign_shared_element(f, s, g);
            return;
        }
        if (g && g->kind == G_SHARED) {
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
    if (s->e[1] || l->size || l->ref) {
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

/* An array's values: up to VM_SLOT_ARRAY in the runner's value slots
 * (vm_config.stack_slots, 64 by default), more (up to VM_AREA_MAX) in the VM's
 * array area, a block of which each call takes for all its big arrays. */

/* Makes room for an array of n values and zeroes it (slots: nothing to emit,
 * the caller stores its values). Returns its slot, or its offset in the area
 * with *area set; -1 after reporting that the function's area is full. */
int array_room(fstate *f, int n, ast_pos pos, int *area)
{
    *area = n > VM_SLOT_ARRAY;
    if (!*area)
        return scope_slot(f, n, pos);
    if (f->area + n > (int)VM_AREA_FRAME) {
        if (!f->area_full)
            REPORT(f, DIAG_TOO_LARGE, pos,
                   "the arrays of over %d values in one pattern or function hold %u values "
                   "together at most: this one of %d makes %d",
                   VM_SLOT_ARRAY, VM_AREA_FRAME, n, f->area + n);
        f->area_full = 1;
        return -1;
    }
    int at = f->area; /* never reused in the function: each declaration its own place */
    f->area += n;
    emit_ax(f, VM_OP_ARRNEW, VM_AREA_AX(at, n), pos);
    return at;
}

/* Declares NAME an array of n values at slot (or area offset): visible from
 * now on in the innermost block. */
local *array_declare(fstate *f, const char *name, ast_pos name_pos, int n, int slot, int area)
{
    int block_start = f->nlocals;
    while (block_start > 0 && f->locals[block_start - 1].hidden != 2)
        block_start--;
    local *l = scope_declare(f, name, name_pos, block_start, slot);
    if (l) {
        l->size = (uint16_t)n;
        l->area = (uint8_t)area;
    }
    return l;
}

/* NAME of an array refused (its size, or no room): a variable whose uses say
 * nothing more. */
static void array_broken(fstate *f, const ast_stmt *s)
{
    if (!s->name)
        return;
    emit_const(f, 0, s->pos);
    local *l = stmt_declare(f, s->name, s->name_pos, s->pos);
    if (l) {
        l->broken = 1;
        l->used = 1;
    }
}

/* The k-th value given to a new array, onto the stack: the first sets the
 * array's kind (*type, *of), each later one must be of it. */
static void array_element(fstate *f, const ast_arg *a, int k, uint8_t *type, uint8_t *of)
{
    uint8_t o, t = expr_value(f, a->value, &o);
    if (k == 0) {
        *type = t;
        *of = o;
    } else if (t != *type || (t == LT_HANDLE && o != *of)) {
        REPORT(f, DIAG_HANDLE_MISUSE, expr_start(a->value),
               "an array holds values of one kind: numbers or handles of one kind");
    }
}

/* var NAME[SIZE] or var NAME = [v, ...] of over VM_SLOT_ARRAY values: in the
 * area, zeroed (ARRNEW), then the values given stored one by one. */
static void stmt_var_area(fstate *f, const ast_stmt *s, int n)
{
    uint8_t type = LT_NUMBER, of = OF_NONE;
    int area, k = 0;
    int at = s->name ? array_room(f, n, s->pos, &area) : -1;
    for (const ast_arg *a = s->args; a; a = a->next, k++) {
        if (at >= 0)
            emit_const(f, k, a->pos);
        array_element(f, a, k, &type, &of);
        if (at >= 0)
            emit_ax(f, VM_OP_ASTOREI, VM_AREA_AX(at, n), a->pos);
        else
            emit_ax(f, VM_OP_POP, 0, a->pos);
    }
    if (type == LT_GROUP) {
        REPORT(f, DIAG_HANDLE_MISUSE, s->pos, "an array cannot hold groups (it can hold handles)");
        type = LT_NUMBER;
    }
    if (at < 0) {
        array_broken(f, s);
        return;
    }
    local *l = array_declare(f, s->name, s->name_pos, n, at, 1);
    if (l) {
        l->type = type;
        l->of = of;
        l->open = !s->args;
    }
}

/* var NAME[SIZE] (zeros) or var NAME = [v, ...]: SIZE values, each set now (a
 * loop's next round starts from zeros again). The values are numbers or
 * handles, all of one kind; zeros become handles if the first assignment to
 * one of them stores a handle. */
static void stmt_var_array(fstate *f, const ast_stmt *s)
{
    double size = s->nargs;
    if (s->e[1] && !fold(f, s->e[1], &size)) {
        REPORT(f, DIAG_ARRAY_MISUSE, expr_start(s->e[1]),
               "an array's size must be known when the file loads (a number or a constant)");
        array_broken(f, s);
        return;
    }
    if (!(size >= 1 && size <= VM_AREA_MAX) || size != (double)(int)size) {
        REPORT(f, DIAG_ARRAY_MISUSE, s->e[1] ? expr_start(s->e[1]) : s->name_pos,
               "an array holds 1 to %u values, not %g", VM_AREA_MAX, size);
        array_broken(f, s);
        return;
    }
    int n = (int)size;
    if (n > VM_SLOT_ARRAY) {
        stmt_var_area(f, s, n);
        return;
    }
    const ast_arg *a = s->args;
    uint8_t type = LT_NUMBER, of = OF_NONE;
    for (int k = 0; k < n; k++) {
        if (a) {
            array_element(f, a, k, &type, &of);
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
    local *l = array_declare(f, s->name, s->name_pos, n, slot, 0);
    if (l) {
        l->type = type;
        l->of = of;
        l->open = !s->args;
    }
    for (int k = n; k-- > 0;)
        emit_ax(f, VM_OP_STORE, (uint32_t)(slot + k), s->pos);
}

/* The function an expression calls when it returns an array, else NULL. */
static global *array_call(fstate *f, const ast_expr *e)
{
    if (!e || e->kind != EX_CALL || !e->name || scope_find(f, e->name))
        return NULL;
    global *g = compiler_global(f->c, e->name);
    return g && g->kind == G_FUNCTION && compiler_ret_size(f->c, g) ? g : NULL;
}

/* Calls function g, which returns an array, with e's arguments and a
 * reference (pushed by `ref`'s code, already emitted after the arguments by
 * the caller through push_ref) to the array that takes its values. */
static void call_into(fstate *f, global *g, const ast_expr *e, const local *into, int slot)
{
    int n = call_args(f, g->decl, e->args, e->nargs, e->pos, e->name);
    if (into && into->area)
        emit_ax(f, VM_OP_AREF, VM_AREA_AX(into->slot, into->size), e->pos);
    else if (into)
        emit_ab(f, VM_OP_ARRREF, into->size, into->slot, e->pos);
    else
        emit_ax(f, VM_OP_LOCAL, (uint32_t)slot, e->pos); /* passed on: return g(...) */
    if (n >= 0)
        emit_ax(f, VM_OP_CALL, g->func, e->pos);
    else /* reported: the values pushed are dropped */
        for (int k = 0; k <= (n > 0 ? n : 0); k++)
            emit_ax(f, VM_OP_POP, 0, e->pos);
}

/* var NAME = F(...) where F returns an array: NAME a new array of F's size,
 * zeros until F's `return` copies its array into it. Returns 0 when the
 * value is no such call. */
static int stmt_var_call(fstate *f, const ast_stmt *s)
{
    global *g = array_call(f, s->e[0]);
    if (!g || !s->name)
        return 0;
    int n = (int)compiler_ret_size(f->c, g), area;
    int at = array_room(f, n, s->pos, &area);
    if (at < 0) {
        array_broken(f, s);
        return 1;
    }
    local tmp = {0};
    tmp.slot = (uint16_t)at;
    tmp.size = (uint16_t)n;
    tmp.area = (uint8_t)area;
    if (!area) /* zeros in its slots */
        for (int k = 0; k < n; k++) {
            emit_const(f, 0, s->pos);
            emit_ax(f, VM_OP_STORE, (uint32_t)(at + k), s->pos);
        }
    call_into(f, g, s->e[0], &tmp, 0);
    array_declare(f, s->name, s->name_pos, n, at, area);
    return 1;
}

/* return [e]: a function's value; in a function returning an array (function
 * NAME(...)[N]), an array of N values, copied into the caller's (ARRCOPY), or
 * another such function's call, which fills the caller's array itself. */
static void stmt_return(fstate *f, const ast_stmt *s)
{
    const ast_expr *e = s->e[0];
    local *l = e && e->kind == EX_NAME ? scope_find(f, e->name) : NULL;
    int is_array = l && (l->size || l->ref);
    if (!f->ret_size) {
        if (is_array && !f->ret_broken) {
            l->used = 1;
            REPORT(f, DIAG_ARRAY_MISUSE, e->pos,
                   "'%s' is an array, and this function returns a number: to return the array, "
                   "declare its size after the parameters, function NAME(...)[%u]",
                   e->name, (unsigned)(l->size ? l->size : 8));
            emit_const(f, 0, s->pos);
        } else if (e && !f->ret_broken) {
            expr(f, e);
        } else {
            emit_const(f, 0, s->pos);
        }
        emit_ax(f, VM_OP_RETV, 0, s->pos);
        return;
    }
    global *g = array_call(f, e);
    if (g && compiler_ret_size(f->c, g) == f->ret_size) { /* it fills our caller's array */
        call_into(f, g, e, NULL, f->ret_slot);
        emit_ax(f, VM_OP_RET, 0, s->pos);
        return;
    }
    if (!is_array || (l->size && l->size != f->ret_size) || g) {
        if (l)
            l->used = 1;
        if (is_array && l->size)
            REPORT(f, DIAG_ARRAY_MISUSE, e->pos,
                   "this function returns an array of %u values: '%s' has %u",
                   (unsigned)f->ret_size, e->name, (unsigned)l->size);
        else if (g)
            REPORT(f, DIAG_ARRAY_MISUSE, e->pos,
                   "this function returns an array of %u values: '%s' returns %u",
                   (unsigned)f->ret_size, g->name, (unsigned)compiler_ret_size(f->c, g));
        else
            REPORT(f, DIAG_ARRAY_MISUSE, e ? expr_start(e) : s->pos,
                   "this function returns an array of %u values, not a number: return the "
                   "name of an array of %u (var a[%u] ... return a)",
                   (unsigned)f->ret_size, (unsigned)f->ret_size, (unsigned)f->ret_size);
        emit_ax(f, VM_OP_RET, 0, s->pos);
        return;
    }
    l->used = 1;
    l->open = 0;
    if (l->ref) /* an array param's: its size is checked when it runs */
        emit_ax(f, VM_OP_LOCAL, l->slot, e->pos);
    else if (l->area)
        emit_ax(f, VM_OP_AREF, VM_AREA_AX(l->slot, l->size), e->pos);
    else
        emit_ab(f, VM_OP_ARRREF, l->size, l->slot, e->pos);
    emit_ax(f, VM_OP_ARRCOPY, (uint32_t)f->ret_slot, s->pos);
    emit_ax(f, VM_OP_RET, 0, s->pos);
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

/* drop KIND [N] [at (X, Y)]: DROP with the kind, the count (1) and the place
 * (this object's, read when it runs: where a gone bullet was for its `on`
 * blocks). KIND is a built-in kind (VM_ITEMS) or a declared one
 * (pattern/content/item_decl.h: VM_ITEM_COUNT + its index). An unknown kind is
 * reported with the nearest name of both. */
static void stmt_drop(fstate *f, const ast_stmt *s)
{
    const library *lib = f->c->lib;
    const char *names[VM_ITEM_COUNT + ITEM_DECLARED_MAX];
    int n = 0, kind = -1;
    for (int k = 0; k < VM_ITEM_COUNT; k++)
        names[n++] = vm_item_name((vm_item)k);
    for (uint32_t k = 0; k < lib->item_count && k < ITEM_DECLARED_MAX; k++)
        names[n++] = lib->items[k].name;
    for (int k = 0; k < n && s->name; k++)
        if (strcmp(names[k], s->name) == 0)
            kind = k;
    if (kind < 0) {
        const char *near = s->name ? diag_suggest(s->name, names, n) : NULL;
        if (near)
            REPORT(f, DIAG_UNKNOWN_NAME, s->name_pos, "unknown item kind '%s' (did you mean '%s'?)",
                   s->name ? s->name : "", near);
        else
            REPORT(f, DIAG_UNKNOWN_NAME, s->name_pos,
                   "unknown item kind '%s' (power, power_big, point, bomb, life, star or an "
                   "`item` of your own)",
                   s->name ? s->name : "");
        return;
    }
    if (kind >= VM_ITEM_COUNT) /* a declared kind: hashed as its declaration */
        emit_ref(f, kind, VM_REF_ITEM, s->pos);
    else
        emit_const(f, kind, s->pos);
    if (s->e[0])
        expr(f, s->e[0]);
    else
        emit_const(f, 1, s->pos);
    if (s->e[1] && s->e[2]) {
        expr(f, s->e[1]);
        expr(f, s->e[2]);
    } else {
        emit_ax(f, VM_OP_GET, VM_PROP_POS_X, s->pos);
        emit_ax(f, VM_OP_GET, VM_PROP_POS_Y, s->pos);
    }
    emit_ab(f, VM_OP_ACT, VM_VERB_DROP, 4, s->pos);
}

/* for NAME in ARRAY { body }: NAME is a copy of each element in turn, from
 * the first (a number, or a handle for an array of handles). */
static void stmt_for_array(fstate *f, const ast_stmt *s, local *a)
{
    int nlocals = f->nlocals, nslots = f->nslots;
    a->used = 1;
    int slot = scope_slot(f, 2, s->pos); /* the round, the count */
    if (a->ref)
        emit_ax(f, VM_OP_REFN, a->slot, s->pos);
    else
        emit_const(f, a->size, s->pos);
    emit_ab(f, VM_OP_LOOP_INIT, (uint32_t)slot, 0, s->pos);
    uint32_t test = emit_ab(f, VM_OP_LOOP_TEST, (uint32_t)slot, 0, s->pos);
    int each = scope_slot(f, 1, s->pos);
    local *l = scope_declare(f, s->name, s->name_pos, nlocals, each);
    if (l) {
        l->type = a->type;
        l->of = a->of;
        l->used = 1;
    }
    emit_ax(f, VM_OP_LOCAL, (uint32_t)slot, s->pos);
    emit_element(f, a, 0, s->pos);
    emit_ax(f, VM_OP_STORE, (uint32_t)each, s->pos);
    counted_body(f, s, (uint32_t)slot, test);
    scope_close(f, nlocals, nslots);
}

/* for NAME in KIND near X Y radius R: pushes the group of the objects found
 * (QUERY) and returns LT_GROUP, *of what they are. */
static uint8_t stmt_query(fstate *f, const ast_stmt *s, uint8_t *of)
{
    vm_query_kind kind = (vm_query_kind)(s->op - 1);
    double r;
    if (s->e[2] && fold(f, s->e[2], &r) && !(r >= 0))
        REPORT(f, DIAG_EMPTY_VOLLEY, expr_start(s->e[2]),
               "'radius %g' finds nothing: a query's radius is 0 or more", r);
    for (int k = 0; k < 3; k++)
        if (s->e[k])
            expr(f, s->e[k]);
        else
            emit_const(f, 0, s->pos);
    emit_ax(f, VM_OP_QUERY, kind, s->pos);
    *of = kind == VM_QUERY_BULLETS  ? OF_BULLET
          : kind == VM_QUERY_LASERS ? OF_LASER
          : kind == VM_QUERY_SHOTS  ? OF_SHOT
                                    : OF_ENEMY;
    return LT_GROUP;
}

/* for NAME in SHARED { body }: NAME a copy of each value of a shared array in
 * turn, from the first, each read when its round starts. */
static void stmt_for_shared(fstate *f, const ast_stmt *s, const global *g)
{
    int nlocals = f->nlocals, nslots = f->nslots;
    int slot = scope_slot(f, 2, s->pos); /* the round, the count */
    emit_const(f, g->shared_size, s->pos);
    emit_ab(f, VM_OP_LOOP_INIT, (uint32_t)slot, 0, s->pos);
    uint32_t test = emit_ab(f, VM_OP_LOOP_TEST, (uint32_t)slot, 0, s->pos);
    int each = scope_slot(f, 1, s->pos);
    local *l = scope_declare(f, s->name, s->name_pos, nlocals, each);
    if (l)
        l->used = 1;
    emit_ax(f, VM_OP_LOCAL, (uint32_t)slot, s->pos);
    if (g->shared_size)
        emit_ab(f, VM_OP_SHAREDI, g->shared, g->shared_size, s->pos);
    emit_ax(f, VM_OP_STORE, (uint32_t)each, s->pos);
    counted_body(f, s, (uint32_t)slot, test);
    scope_close(f, nlocals, nslots);
}

/* for NAME in GROUP { body }: NAME is each handle of the group in turn (the
 * order they were fired in); the count is read once, at the start. An array
 * is gone through element by element (stmt_for_array). */
static void stmt_for(fstate *f, const ast_stmt *s)
{
    local *a = s->e[0] && s->e[0]->kind == EX_NAME ? scope_find(f, s->e[0]->name) : NULL;
    if (a && (a->size || a->ref)) {
        stmt_for_array(f, s, a);
        return;
    }
    const global *sg = s->e[0] && s->e[0]->kind == EX_NAME && !a && !s->op
                           ? compiler_global(f->c, s->e[0]->name)
                           : NULL;
    if (sg && GLOBAL_SHARED_ARRAY(sg)) {
        stmt_for_shared(f, s, sg);
        return;
    }
    int nlocals = f->nlocals, nslots = f->nslots;
    int slot = scope_slot(f, 3, s->pos); /* the group, the round, the count */
    uint8_t of = OF_NONE;
    uint8_t type = s->e[0] && !s->op ? expr_value(f, s->e[0], &of) : LT_NUMBER;
    if (s->op)
        type = stmt_query(f, s, &of);
    else if (!s->e[0])
        emit_const(f, 0, s->pos);
    else if (type != LT_GROUP && !(a && a->broken))
        REPORT(f, DIAG_HANDLE_MISUSE, expr_start(s->e[0]),
               "'for ... in' goes through a group (fire ... ring ... as g) or an array: this is "
               "%s",
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
        /* over a number: the error above is the one (uses of NAME say nothing more) */
        l->broken = type != LT_GROUP;
    }
    emit_ax(f, VM_OP_LOCAL, (uint32_t)slot, s->pos);
    emit_ax(f, VM_OP_LOCAL, (uint32_t)slot + 1, s->pos);
    emit_ax(f, VM_OP_GROUP_AT, 0, s->pos);
    emit_ax(f, VM_OP_STORE, (uint32_t)each, s->pos);
    counted_body(f, s, (uint32_t)slot + 1, test);
    scope_close(f, nlocals, nslots);
}

/* on EVENT { body }: a bullet's, a laser's or an enemy's hook (HOOK). The
 * body is code of this function that the normal flow jumps over; when the
 * event happens a copy of the runner runs it from an empty stack, with this
 * frame's variables as they are then, and ends (END) at its end. */
static void stmt_on(fstate *f, const ast_stmt *s)
{
    const char *ev = vm_event_name((vm_event_kind)s->op);
    int enemy_event = s->op == VM_EVENT_DEATH || s->op == VM_EVENT_HIT;
    if (enemy_event && f->on_bullet) {
        REPORT(f, DIAG_HOOK_OUTSIDE, s->pos,
               "'on %s' belongs in an enemy's script: enemy NAME { on %s { ... } } (a bullet "
               "has 'on cancel', 'on graze' and 'on vanish')",
               ev, ev);
        return;
    }
    if (!enemy_event && !f->on_bullet) {
        REPORT(f, DIAG_HOOK_OUTSIDE, s->pos,
               "'on %s' belongs in a bullet's script: fire ... { on %s { ... } }", ev, ev);
        return;
    }
    if (f->on_laser && s->op == VM_EVENT_GRAZE) {
        REPORT(f, DIAG_HOOK_OUTSIDE, s->pos,
               "'on graze' belongs in a bullet's script: a laser is grazed again every few "
               "frames and has no 'on graze' (it has 'on cancel' and 'on vanish')");
        return;
    }
    emit_waiting(f);
    uint32_t body = program_pc(f->c->b) + 2; /* after the HOOK and the JMP over it */
    if (body > VM_HOOK_MAX_PC) {
        REPORT(f, DIAG_TOO_LARGE, s->pos, "the program is too long for 'on %s' here", ev);
        return;
    }
    emit_ax(f, VM_OP_HOOK, vm_hook_ax(body, (vm_event_kind)s->op), s->pos);
    uint32_t jump = emit_ax(f, VM_OP_JMP, 0, s->pos);
    loop_ctx *outer = f->loop; /* its break or continue would leave the copy's code */
    f->loop = NULL;
    stmts(f, s->body);
    f->loop = outer;
    emit_ax(f, VM_OP_END, 0, s->pos);
    patch_to(f, jump, program_pc(f->c->b), s->pos);
}

/* scale / alpha: a bullet's style, set now or ramped "over" frames (eased);
 * an enemy's or a laser's script has none (refused where the compiler knows). */
static void stmt_style(fstate *f, const ast_stmt *s)
{
    vm_prop prop = s->op ? VM_PROP_ALPHA : VM_PROP_SCALE;
    if (f->on_laser) {
        REPORT(f, DIAG_HANDLE_MISUSE, s->pos, "a laser has no '%s': only bullets do",
               s->op ? "alpha" : "scale");
        return;
    }
    if (!s->e[1]) {
        expr(f, s->e[0]);
        emit_ax(f, VM_OP_SET, prop, s->pos);
    } else {
        ramp_operands(f, s->e[0], s->e[1]);
        emit_ab(f, VM_OP_RAMP, prop, VM_MODE_ABS | (uint32_t)s->ease << VM_RAMP_EASE_SHIFT, s->pos);
    }
}

/* NAME.statement: the statement acts on the handle's object instead of this
 * script's (TARGET .. UNTARGET); the values in it are that object's too (aim,
 * x, speed...). Nothing happens once the object is gone. */
static void stmt_target(fstate *f, const ast_stmt *s)
{
    local *l;
    if (s->target_index) { /* g[i].statement: the handle pushed now, or an error */
        l = handle_element(f, s->target, s->target_index, s->target_pos);
    } else {
        l = handle_find(f, s->target, s->target_pos);
    }
    if (!l)
        return;
    if (l->type == LT_GROUP && !s->target_index) {
        REPORT(f, DIAG_HANDLE_MISUSE, s->target_pos,
               "'%s' is a group: give each of its handles the statement, for b in %s { b... }",
               s->target, s->target);
        return;
    }
    const char *no = NULL;
    if (l->of == OF_SHOT && s->kind != ST_VANISH)
        no = "a player's shot is read, or vanished (s.vanish): its motion, look and scripts are "
             "the ship's";
    else if (s->kind == ST_VERB && s->verb == VS_LOOK && l->of == OF_LASER)
        no = "a laser's look cannot change";
    else if (s->kind == ST_VERB && s->verb == VS_HITBOX && l->of == OF_LASER)
        no = "a laser's width is its hitbox";
    else if (s->kind == ST_STYLE && (l->of == OF_LASER || l->of == OF_ENEMY))
        no = "only a bullet has a scale and an alpha";
    else if (s->kind == ST_MOVE && s->e[2] && l->of != OF_ENEMY)
        no = "only an enemy glides with 'move ... over' (a bullet turns and changes speed)";
    if (no) {
        REPORT(f, DIAG_HANDLE_MISUSE, s->pos, "%s", no);
        return; /* an error: the program is not kept, a handle left pushed is no matter */
    }
    ast_stmt t = *s;
    t.target = NULL;
    t.target_index = NULL;
    if (!s->target_index)
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
        if (stmt_var_call(f, s))
            break;
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
    case ST_STYLE: stmt_style(f, s); break;
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
    case ST_DROP: stmt_drop(f, s); break;
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
        stmt_return(f, s);
        break;
    case ST_BOSS: stmt_boss(f, s); break;
    case ST_SAY: stmt_say(f, s); break;
    case ST_BROKEN:
        if (s->as) { /* a broken fire's handle: its uses say nothing more */
            emit_const(f, 0, s->pos);
            local *l = stmt_declare(f, s->as, s->as_pos, s->pos);
            if (l) {
                l->type = LT_HANDLE;
                l->broken = 1;
                l->used = 1;
            }
        }
        break;
    }
}

/* A block of statements in a scope of its own. A marker local (hidden = 2)
 * tells where the block's names start, for duplicate checks. */
void stmts(fstate *f, const ast_stmt *s)
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
