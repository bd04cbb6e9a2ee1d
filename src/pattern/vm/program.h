/*
 * program: building, verifying, printing and freeing vm_programs.
 *
 * A front end (the pattern compiler, the BulletML importer) declares functions,
 * emits their instructions with a source position each, and finishes the program.
 * program_finish verifies every function before the VM may run it: operands in
 * range, jumps inside their function, the stack balanced at every join and empty
 * at RET/END, no path falling off the end, calls with the callee's arity. It
 * also computes each function's frame size, so the VM checks the stack only once
 * per call, never per instruction.
 *
 * Several front ends may add to one builder (the game loads many files into one
 * program). Memory comes from core/mem.h; an allocation failure sets `failed`,
 * later calls do nothing, and program_finish reports it.
 */
#ifndef CURTAIN_PATTERN_PROGRAM_H
#define CURTAIN_PATTERN_PROGRAM_H

#include "core/hash.h"
#include "pattern/vm/vm.h"

#include <stdio.h>

typedef struct program_builder {
    vm_program p; /* grows as code is emitted */
    uint32_t code_cap, const_cap, func_cap, file_cap, string_cap, shared_cap, ref_cap, cue_cap,
        show_cap;
    uint32_t *const_index; /* hash of constants: index + 1, 0 = empty */
    uint32_t const_index_cap;
    int failed; /* out of memory: nothing more is recorded */
} program_builder;

void program_builder_init(program_builder *b);
void program_builder_free(program_builder *b);

/* Registers a source file name; returns its index for vm_pos.file. */
uint16_t program_add_file(program_builder *b, const char *path);
/* Interns a text for verbs; returns its index. */
uint32_t program_add_string(program_builder *b, const char *text);
/* A constant's index (equal bit patterns share one). */
uint32_t program_add_const(program_builder *b, double value);
/* A new shared value starting at init; returns its index (at most VM_MAX_SHARED). */
uint32_t program_add_shared(program_builder *b, double init);

/* Declares a function (its code may come later: calls may refer to it first).
 * Returns its index. */
uint32_t program_declare_func(program_builder *b, const char *name, int nparams, vm_pos pos);
/* Its code starts at the next instruction emitted. */
void program_begin_func(program_builder *b, uint32_t func);
/* Its code ends here; nlocals = locals after the params. */
void program_end_func(program_builder *b, uint32_t func, int nlocals);
/* The values of its area arrays, all together (vm_func.arrays; at most
 * VM_AREA_FRAME). */
void program_func_arrays(program_builder *b, uint32_t func, uint32_t values);

/* Appends one instruction (built with VM_MAKE_*); returns its pc. */
uint32_t program_emit(program_builder *b, uint32_t instruction, vm_pos pos);
uint32_t program_emit_ab(program_builder *b, vm_op op, uint32_t a, uint32_t bv, vm_pos pos);
uint32_t program_emit_ax(program_builder *b, vm_op op, uint32_t ax, vm_pos pos);
/* The pc the next instruction will get. */
uint32_t program_pc(const program_builder *b);
/* Points the jump at pc (JMP, JMPF, JMPT: absolute; LOOP_TEST, LOOP_NEXT: relative)
 * to target. Returns -1 if a relative jump does not fit in sB. */
int program_patch_jump(program_builder *b, uint32_t pc, uint32_t target);
/* Notes that the CONST at pc (the last one emitted) names a function, a boss or
 * a string (vm_ref_kind): a layout-free content hash follows it by name. */
void program_mark_ref(program_builder *b, uint32_t pc, vm_ref_kind kind);
/* A cue (vm_cue) before the next instruction: no code, nothing hashed. */
void program_add_cue(program_builder *b, int32_t value);
/* A presentation statement (vm_show) shown at show->pc: no code, nothing hashed. */
void program_add_show(program_builder *b, const vm_show *show);

/* Verifies and hands the program over (*out; free with program_free). On failure
 * returns -1 with a reason in err (the builder is freed either way). */
int program_finish(program_builder *b, vm_program **out, char *err, size_t err_size);
void program_free(vm_program *p);

/* Index of the function called name, or -1. */
int program_find_func(const vm_program *p, const char *name);

/* Stack effect of one instruction in p (operands included): values popped and
 * pushed. Returns -1 if the instruction is invalid in p. */
int program_stack_effect(const vm_program *p, uint32_t instruction, int *pops, int *pushes);

/* What a function's code names, handed back while program_hash_func hashes it,
 * so that the caller hashes each by name and walks on to it: `func` for a
 * function it calls, forks, fires or spawns (its index, or UINT32_MAX for one
 * past the program's), `table` for a CONST that names a boss, a ship or a
 * declared item kind (VM_REF_BOSS, VM_REF_SHIP, VM_REF_ITEM: the library's
 * tables; v as the code holds it).
 * game/world's content hash is the one walker. */
typedef struct program_refs {
    void *ctx;
    void (*func)(void *ctx, uint32_t f);
    void (*table)(void *ctx, vm_ref_kind kind, double v);
} program_refs;

/* Hashes function fi of p into hs by what it means, not where it lies: its
 * shape (length, params, locals, frame), then each instruction's opcode and
 * operand relative to the function (jumps and hooks as offsets from its start,
 * shared values and constants by value, strings by their text, a text only
 * shown not at all, a function, boss or ship through refs, in code order). */
void program_hash_func(const vm_program *p, uint32_t fi, hasher *hs, const program_refs *refs);

/* Prints a listing: functions, then one line per instruction with its position. */
void program_dump(FILE *out, const vm_program *p);

#endif
