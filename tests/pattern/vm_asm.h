/*
 * vm_asm: a tiny text assembler for VM tests, so a test program reads as a
 * listing instead of a wall of builder calls.
 *
 *   func NAME NPARAMS NLOCALS     starts a function (ended by the next "func" or
 *   label:                        the end of the text); a label names the next pc
 *   OP [OPERANDS]                 one instruction; operands are numbers, names of
 *                                 props/modes/fields/forms/math/verbs, labels or
 *                                 function names. CONST takes a number.
 *   # comment
 *
 * Each instruction's position is its line in the text, file "asm". Returns the
 * finished program, or NULL with the reason in err.
 */
#ifndef CURTAIN_TESTS_VM_ASM_H
#define CURTAIN_TESTS_VM_ASM_H

#include "pattern/vm/program.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ASM_MAX_LABELS 128
#define ASM_MAX_FUNCS  32

typedef struct asm_state {
    char labels[ASM_MAX_LABELS][32];
    uint32_t label_pc[ASM_MAX_LABELS];
    int nlabels;
    char funcs[ASM_MAX_FUNCS][32];
    int nfuncs;
} asm_state;

/* Looks a word up in a name table; returns its index or -1. */
static int asm_name(const char *word, const char *(*name_of)(int), int count)
{
    for (int i = 0; i < count; i++)
        if (strcmp(word, name_of(i)) == 0)
            return i;
    return -1;
}

static const char *asm_prop(int i)
{
    return vm_prop_name((vm_prop)i);
}
static const char *asm_mode(int i)
{
    return vm_mode_name((vm_mode)i);
}
static const char *asm_field(int i)
{
    return vm_shot_field_name((vm_shot_field)i);
}
static const char *asm_form(int i)
{
    return vm_form_name((vm_form)i);
}
static const char *asm_mathname(int i)
{
    return vm_math_name((vm_math)i);
}
static const char *asm_verb(int i)
{
    return vm_verb_name((vm_verb)i);
}

/* Which name table an operand is looked up in. */
typedef enum asm_table {
    ASM_PLAIN, /* a number, a label or a function */
    ASM_PROP,
    ASM_MODE,
    ASM_FIELD,
    ASM_FORM,
    ASM_MATH,
    ASM_VERB,
} asm_table;

/* The table of operand k (0 or 1) of op. */
static asm_table asm_table_of(vm_op op, int k)
{
    switch (op) {
    case VM_OP_GET:
    case VM_OP_SET: return ASM_PROP;
    case VM_OP_RAMP: return k == 0 ? ASM_PROP : ASM_MODE;
    case VM_OP_SHOT_DIR:
    case VM_OP_SHOT_SPD: return ASM_MODE;
    case VM_OP_SHOT_SET: return ASM_FIELD;
    case VM_OP_SHOT_FORM: return ASM_FORM;
    case VM_OP_MATH: return ASM_MATH;
    case VM_OP_ACT: return k == 0 ? ASM_VERB : ASM_PLAIN;
    default: return ASM_PLAIN;
    }
}

/* Resolves an operand word: a number, a name from its table, a label or a function. */
static long asm_operand(const asm_state *st, asm_table table, const char *w)
{
    char *end;
    long n = strtol(w, &end, 10);
    if (*w && !*end)
        return n;
    int k = -1;
    switch (table) {
    case ASM_PROP: k = asm_name(w, asm_prop, VM_PROP_COUNT); break;
    case ASM_MODE: k = asm_name(w, asm_mode, VM_MODE_COUNT); break;
    case ASM_FIELD: k = asm_name(w, asm_field, VM_SHOT_FIELD_COUNT); break;
    case ASM_FORM: k = asm_name(w, asm_form, VM_FORM_COUNT); break;
    case ASM_MATH: k = asm_name(w, asm_mathname, VM_MATH_COUNT); break;
    case ASM_VERB: k = asm_name(w, asm_verb, VM_VERB_COUNT); break;
    case ASM_PLAIN: break;
    }
    if (k >= 0)
        return k;
    for (int i = 0; i < st->nlabels; i++)
        if (strcmp(st->labels[i], w) == 0)
            return st->label_pc[i];
    for (int i = 0; i < st->nfuncs; i++)
        if (strcmp(st->funcs[i], w) == 0)
            return i;
    fprintf(stderr, "asm: unknown operand '%s'\n", w);
    return 0;
}

static vm_op asm_opcode(const char *w)
{
    for (int op = 0; op < VM_OP_COUNT; op++)
        if (strcmp(vm_op_name((vm_op)op), w) == 0)
            return (vm_op)op;
    return VM_OP_COUNT;
}

/* One pass over the text. Pass 0 collects labels and functions; pass 1 emits. */
static void asm_pass(program_builder *b, asm_state *st, const char *src, int pass, uint16_t file)
{
    char line[256];
    uint32_t pc = 0, lineno = 0;
    int func = -1, func_locals = 0;
    const char *p = src;
    while (*p) {
        size_t n = strcspn(p, "\n");
        if (n >= sizeof line)
            n = sizeof line - 1;
        memcpy(line, p, n);
        line[n] = 0;
        p += n + (p[n] == '\n');
        lineno++;
        char *hash = strchr(line, '#');
        if (hash)
            *hash = 0;
        char w[4][32] = {{0}};
        int nw = sscanf(line, "%31s %31s %31s %31s", w[0], w[1], w[2], w[3]);
        if (nw <= 0)
            continue;
        vm_pos pos = {lineno, 1, file};
        size_t len = strlen(w[0]);
        if (w[0][len - 1] == ':') {
            if (pass == 0 && st->nlabels < ASM_MAX_LABELS) {
                w[0][len - 1] = 0;
                strcpy(st->labels[st->nlabels], w[0]);
                st->label_pc[st->nlabels++] = pc;
            }
            continue;
        }
        if (strcmp(w[0], "func") == 0) {
            if (pass == 1 && func >= 0)
                program_end_func(b, (uint32_t)func, func_locals);
            func++;
            func_locals = atoi(w[3]);
            if (pass == 0 && st->nfuncs < ASM_MAX_FUNCS)
                strcpy(st->funcs[st->nfuncs++], w[1]);
            if (pass == 1) {
                program_declare_func(b, w[1], atoi(w[2]), pos);
                program_begin_func(b, (uint32_t)func);
            }
            continue;
        }
        if (pass == 1) {
            vm_op op = asm_opcode(w[0]);
            if (op == VM_OP_COUNT) {
                fprintf(stderr, "asm:%u: unknown opcode '%s'\n", (unsigned)lineno, w[0]);
                op = VM_OP_END;
            }
            int plain = op != VM_OP_CONST && op != VM_OP_LOOP_INIT;
            long a = nw > 1 && op != VM_OP_CONST ? asm_operand(st, asm_table_of(op, 0), w[1]) : 0;
            long c = nw > 2 && plain ? asm_operand(st, asm_table_of(op, 1), w[2]) : 0;
            if (op == VM_OP_CONST) {
                program_emit_ax(b, op, program_add_const(b, strtod(w[1], NULL)), pos);
            } else if (op == VM_OP_LOOP_INIT) {
                program_emit_ab(b, op, (uint32_t)a, nw > 2 ? VM_LOOP_AT_LEAST_ONCE : 0, pos);
            } else if (op == VM_OP_LOOP_TEST || op == VM_OP_LOOP_NEXT) {
                program_emit(b, VM_MAKE_ASB(op, a, (int32_t)(c - (long)pc - 1)), pos);
            } else if (op == VM_OP_RAMP) {
                uint32_t flags = nw > 3 && strcmp(w[3], "record") == 0 ? VM_RAMP_RECORD : 0;
                program_emit_ab(b, op, (uint32_t)a, (uint32_t)c | flags, pos);
            } else if (op == VM_OP_ACT || op == VM_OP_PRINT || op == VM_OP_LOCALI ||
                       op == VM_OP_STOREI || op == VM_OP_SHAREDI || op == VM_OP_SSTOREI ||
                       op == VM_OP_ARRREF) {
                program_emit_ab(b, op, (uint32_t)a, (uint32_t)c, pos);
            } else {
                program_emit_ax(b, op, (uint32_t)a, pos);
            }
        }
        pc++;
    }
    if (pass == 1 && func >= 0)
        program_end_func(b, (uint32_t)func, func_locals);
}

static vm_program *asm_build(const char *src, char *err, size_t err_size)
{
    asm_state st;
    memset(&st, 0, sizeof st);
    program_builder b;
    program_builder_init(&b);
    uint16_t file = program_add_file(&b, "asm");
    asm_pass(&b, &st, src, 0, file);
    asm_pass(&b, &st, src, 1, file);
    vm_program *prog = NULL;
    if (program_finish(&b, &prog, err, err_size))
        return NULL;
    return prog;
}

#endif
