/*
 * compiler_code: the instructions the compiler emits and the slots it hands out.
 * Emitting (constant operands that wait to be folded, jumps and their patches)
 * and scopes (locals, their slots, unread-variable warnings). Part of the
 * compiler (compiler.h); the shared state is compiler_state.h.
 */
#include "pattern/language/compiler_state.h"

/* ---- emitting ---- */

/* An AST position as a VM position in this function's file. */
vm_pos compiler_vpos(const fstate *f, ast_pos pos)
{
    vm_pos v = {pos.line, pos.col, f->c->in->file_ids[f->file]};
    return v;
}

/* Pushes the constant operands still waiting, oldest first. */
void emit_waiting(fstate *f)
{
    for (int i = 0; i < f->nwaiting; i++)
        program_emit_ax(f->c->b, VM_OP_CONST, program_add_const(f->c->b, f->waiting[i].value),
                        compiler_vpos(f, f->waiting[i].pos));
    f->nwaiting = 0;
}

/* Emitters: one instruction at pos (after the waiting constants); returns its pc. */
uint32_t emit_ax(fstate *f, vm_op op, uint32_t ax, ast_pos pos)
{
    emit_waiting(f);
    return program_emit_ax(f->c->b, op, ax, compiler_vpos(f, pos));
}

uint32_t emit_ab(fstate *f, vm_op op, uint32_t a, uint32_t bv, ast_pos pos)
{
    emit_waiting(f);
    return program_emit_ab(f->c->b, op, a, bv, compiler_vpos(f, pos));
}

void emit_const(fstate *f, double v, ast_pos pos)
{
    emit_ax(f, VM_OP_CONST, program_add_const(f->c->b, v), pos);
}

/* A constant that is the index of a function, boss or string (vm_ref_kind). */
void emit_ref(fstate *f, double v, vm_ref_kind kind, ast_pos pos)
{
    uint32_t pc = emit_ax(f, VM_OP_CONST, program_add_const(f->c->b, v), pos);
    program_mark_ref(f->c->b, pc, kind);
}

/* Points a jump at target; a loop too long for sB is reported. */
void patch_to(fstate *f, uint32_t pc, uint32_t target, ast_pos pos)
{
    if (program_patch_jump(f->c->b, pc, target))
        REPORT(f, DIAG_TOO_LARGE, pos, "this loop is too long to encode (over 32767 instructions)");
}

/* Remembers a jump to patch later (break, continue). */
void patch_list_add(compiler *c, patch_list *l, uint32_t pc)
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
void patch_list_to(fstate *f, patch_list *l, uint32_t target, ast_pos pos)
{
    for (int i = 0; i < l->count; i++)
        patch_to(f, l->pcs[i], target, pos);
}

/* ---- scopes ---- */

/* A fresh slot (not named); the caller frees by restoring nslots. */
int scope_slot(fstate *f, int count, ast_pos pos)
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
local *scope_find(fstate *f, const char *name)
{
    for (int i = f->nlocals; i-- > 0;)
        if (strcmp(f->locals[i].name, name) == 0)
            return &f->locals[i];
    return NULL;
}

/* Declares a named local in the innermost scope (scope_start: where it begins). */
local *scope_declare(fstate *f, const char *name, ast_pos pos, int scope_start, int slot)
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
    l->ref = 0;
    l->area = 0;
    l->broken = 0;
    return l;
}

/* Closes a scope: warns about unread variables, frees their names and slots. */
void scope_close(fstate *f, int nlocals, int nslots)
{
    for (int i = nlocals; i < f->nlocals; i++)
        if (!f->locals[i].used && !f->locals[i].hidden && f->locals[i].name[0] != '_')
            REPORT(f, DIAG_UNUSED_VARIABLE, f->locals[i].pos, "variable '%s' is never used",
                   f->locals[i].name);
    f->nlocals = nlocals;
    f->nslots = nslots;
}
