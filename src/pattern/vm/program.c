/*
 * program: building, verifying, printing and freeing vm_programs. See program.h.
 */
#include "pattern/vm/program.h"

#include "core/ease.h"
#include "core/mem.h"

#include <inttypes.h>
#include <stdarg.h>
#include <string.h>

/* ---- growing arrays ---- */

/* Makes room for one more element in *arr (count used, *cap allocated). Returns 0,
 * or -1 after marking the builder failed. */
static int program_grow(program_builder *b, void **arr, uint32_t count, uint32_t *cap, size_t elem)
{
    if (b->failed)
        return -1;
    if (count < *cap)
        return 0;
    uint32_t ncap = *cap ? *cap * 2 : 16;
    if (ncap > (1u << 26)) {
        b->failed = 1;
        return -1;
    }
    void *p = mem_realloc(*arr, (size_t)ncap * elem);
    if (!p) {
        b->failed = 1;
        return -1;
    }
    *arr = p;
    *cap = ncap;
    return 0;
}

void program_builder_init(program_builder *b)
{
    memset(b, 0, sizeof *b);
}

/* Frees the arrays of p (the struct itself is not freed). */
static void program_free_parts(vm_program *p)
{
    for (uint32_t i = 0; i < p->func_count; i++)
        mem_free((void *)p->funcs[i].name);
    for (uint32_t i = 0; i < p->file_count; i++)
        mem_free(p->files[i]);
    for (uint32_t i = 0; i < p->string_count; i++)
        mem_free(p->strings[i]);
    mem_free(p->code);
    mem_free(p->pos);
    mem_free(p->consts);
    mem_free(p->funcs);
    mem_free(p->files);
    mem_free(p->strings);
    mem_free(p->shared_init);
    mem_free(p->refs);
    mem_free(p->cues);
    mem_free(p->shows);
    mem_free(p->by_pc);
    memset(p, 0, sizeof *p);
}

void program_builder_free(program_builder *b)
{
    program_free_parts(&b->p);
    mem_free(b->const_index);
    memset(b, 0, sizeof *b);
}

void program_free(vm_program *p)
{
    if (!p)
        return;
    program_free_parts(p);
    mem_free(p);
}

uint16_t program_add_file(program_builder *b, const char *path)
{
    for (uint32_t i = 0; i < b->p.file_count; i++)
        if (strcmp(b->p.files[i], path) == 0)
            return (uint16_t)i;
    if (b->p.file_count >= 0xffff ||
        program_grow(b, (void **)&b->p.files, b->p.file_count, &b->file_cap, sizeof(char *)))
        return 0;
    char *copy = mem_strdup(path);
    if (!copy) {
        b->failed = 1;
        return 0;
    }
    b->p.files[b->p.file_count] = copy;
    return (uint16_t)b->p.file_count++;
}

uint32_t program_add_string(program_builder *b, const char *text)
{
    for (uint32_t i = 0; i < b->p.string_count; i++)
        if (strcmp(b->p.strings[i], text) == 0)
            return i;
    if (program_grow(b, (void **)&b->p.strings, b->p.string_count, &b->string_cap, sizeof(char *)))
        return 0;
    char *copy = mem_strdup(text);
    if (!copy) {
        b->failed = 1;
        return 0;
    }
    b->p.strings[b->p.string_count] = copy;
    return b->p.string_count++;
}

uint32_t program_add_shared(program_builder *b, double init)
{
    if (b->p.shared_count >= VM_MAX_SHARED) {
        b->failed = 1;
        return 0;
    }
    if (program_grow(b, (void **)&b->p.shared_init, b->p.shared_count, &b->shared_cap,
                     sizeof(double)))
        return 0;
    b->p.shared_init[b->p.shared_count] = init;
    return b->p.shared_count++;
}

/* Bucket of a constant's bit pattern in the builder's hash index. */
static uint32_t program_const_hash(double value, uint32_t mask)
{
    uint64_t bits;
    memcpy(&bits, &value, sizeof bits);
    bits ^= bits >> 29;
    bits *= 0xbf58476d1ce4e5b9ull;
    bits ^= bits >> 32;
    return (uint32_t)bits & mask;
}

/* Rebuilds the constant index with twice the buckets. */
static int program_const_rehash(program_builder *b)
{
    uint32_t cap = b->const_index_cap ? b->const_index_cap * 2 : 64;
    uint32_t *index = mem_calloc(cap, sizeof *index);
    if (!index) {
        b->failed = 1;
        return -1;
    }
    for (uint32_t i = 0; i < b->p.const_count; i++) {
        uint32_t h = program_const_hash(b->p.consts[i], cap - 1);
        while (index[h])
            h = (h + 1) & (cap - 1);
        index[h] = i + 1;
    }
    mem_free(b->const_index);
    b->const_index = index;
    b->const_index_cap = cap;
    return 0;
}

uint32_t program_add_const(program_builder *b, double value)
{
    uint32_t n = b->p.const_count;
    if (b->failed)
        return 0;
    if ((n + 1) * 2 > b->const_index_cap && program_const_rehash(b))
        return 0;
    uint32_t mask = b->const_index_cap - 1;
    uint32_t h = program_const_hash(value, mask);
    for (; b->const_index[h]; h = (h + 1) & mask)
        if (memcmp(&b->p.consts[b->const_index[h] - 1], &value, sizeof value) == 0)
            return b->const_index[h] - 1;
    if (n >= VM_MAX_AX || program_grow(b, (void **)&b->p.consts, n, &b->const_cap, sizeof(double)))
        return 0;
    b->p.consts[n] = value;
    b->const_index[h] = n + 1;
    return b->p.const_count++;
}

uint32_t program_declare_func(program_builder *b, const char *name, int nparams, vm_pos pos)
{
    uint32_t n = b->p.func_count;
    if (n >= VM_MAX_AX || nparams < 0 || nparams > 0xffff ||
        program_grow(b, (void **)&b->p.funcs, n, &b->func_cap, sizeof(vm_func)))
        return 0;
    char *copy = mem_strdup(name ? name : "");
    if (!copy) {
        b->failed = 1;
        return 0;
    }
    vm_func *f = &b->p.funcs[n];
    memset(f, 0, sizeof *f);
    f->name = copy;
    f->nparams = (uint16_t)nparams;
    f->pos = pos;
    f->pc = f->end = UINT32_MAX; /* not defined yet */
    return b->p.func_count++;
}

void program_begin_func(program_builder *b, uint32_t func)
{
    if (b->failed || func >= b->p.func_count)
        return;
    b->p.funcs[func].pc = b->p.code_count;
}

void program_end_func(program_builder *b, uint32_t func, int nlocals)
{
    if (b->failed || func >= b->p.func_count)
        return;
    vm_func *f = &b->p.funcs[func];
    f->end = b->p.code_count;
    if (nlocals < 0 || nlocals > 0xffff - f->nparams)
        b->failed = 1;
    else
        f->nlocals = (uint16_t)nlocals;
}

void program_func_arrays(program_builder *b, uint32_t func, uint32_t values)
{
    if (b->failed || func >= b->p.func_count)
        return;
    if (values > VM_AREA_FRAME)
        b->failed = 1;
    else
        b->p.funcs[func].arrays = (uint16_t)values;
}

uint32_t program_emit(program_builder *b, uint32_t instruction, vm_pos pos)
{
    uint32_t pc = b->p.code_count;
    if (b->failed)
        return pc;
    if (pc == b->code_cap) {
        uint32_t ncap = b->code_cap ? b->code_cap * 2 : 64;
        uint32_t *code =
            ncap <= VM_MAX_AX ? mem_realloc(b->p.code, (size_t)ncap * sizeof *code) : NULL;
        if (code)
            b->p.code = code;
        vm_pos *ps = code ? mem_realloc(b->p.pos, (size_t)ncap * sizeof *ps) : NULL;
        if (!ps) {
            b->failed = 1;
            return pc;
        }
        b->p.pos = ps;
        b->code_cap = ncap;
    }
    b->p.code[pc] = instruction;
    b->p.pos[pc] = pos;
    b->p.code_count++;
    return pc;
}

uint32_t program_emit_ab(program_builder *b, vm_op op, uint32_t a, uint32_t bv, vm_pos pos)
{
    return program_emit(b, VM_MAKE_AB(op, a, bv), pos);
}

uint32_t program_emit_ax(program_builder *b, vm_op op, uint32_t ax, vm_pos pos)
{
    return program_emit(b, VM_MAKE_AX(op, ax), pos);
}

uint32_t program_pc(const program_builder *b)
{
    return b->p.code_count;
}

int program_patch_jump(program_builder *b, uint32_t pc, uint32_t target)
{
    if (b->failed || pc >= b->p.code_count)
        return 0;
    uint32_t i = b->p.code[pc];
    vm_op op = VM_GET_OP(i);
    if (op == VM_OP_LOOP_TEST || op == VM_OP_LOOP_NEXT) {
        int64_t rel = (int64_t)target - (int64_t)(pc + 1);
        if (rel < VM_MIN_SB || rel > VM_MAX_SB)
            return -1;
        b->p.code[pc] = VM_MAKE_ASB(op, VM_GET_A(i), (int32_t)rel);
    } else {
        b->p.code[pc] = VM_MAKE_AX(op, target);
    }
    return 0;
}

void program_mark_ref(program_builder *b, uint32_t pc, vm_ref_kind kind)
{
    uint32_t n = b->p.ref_count;
    if (b->failed || program_grow(b, (void **)&b->p.refs, n, &b->ref_cap, sizeof(vm_ref)))
        return;
    b->p.refs[n] = (vm_ref){pc, (uint32_t)kind};
    b->p.ref_count++;
}

void program_add_cue(program_builder *b, int32_t value)
{
    uint32_t n = b->p.cue_count;
    if (b->failed || program_grow(b, (void **)&b->p.cues, n, &b->cue_cap, sizeof(vm_cue)))
        return;
    b->p.cues[n] = (vm_cue){b->p.code_count, value};
    b->p.cue_count++;
}

void program_add_show(program_builder *b, const vm_show *show)
{
    uint32_t n = b->p.show_count;
    if (b->failed || program_grow(b, (void **)&b->p.shows, n, &b->show_cap, sizeof(vm_show)))
        return;
    b->p.shows[n] = *show;
    b->p.show_count++;
}

/* Orders the shows by pc, those at one pc as they were added (vm_show_first):
 * an inline block's code comes after the function it stands in. */
static void program_sort_shows(vm_program *p)
{
    for (uint32_t i = 1; i < p->show_count; i++) {
        vm_show s = p->shows[i];
        uint32_t k = i;
        while (k > 0 && p->shows[k - 1].pc > s.pc) {
            p->shows[k] = p->shows[k - 1];
            k--;
        }
        p->shows[k] = s;
    }
}

/* Orders the defined functions by where their code starts (vm_func_at). */
static int program_index_funcs(vm_program *p)
{
    p->by_pc = mem_alloc((p->func_count ? p->func_count : 1) * sizeof *p->by_pc);
    if (!p->by_pc)
        return -1;
    uint32_t n = 0;
    for (uint32_t i = 0; i < p->func_count; i++) {
        if (p->funcs[i].pc == UINT32_MAX)
            continue;
        uint32_t k = n++; /* insertion: the functions are almost in order already */
        while (k > 0 && p->funcs[p->by_pc[k - 1]].pc > p->funcs[i].pc) {
            p->by_pc[k] = p->by_pc[k - 1];
            k--;
        }
        p->by_pc[k] = i;
    }
    p->by_pc_count = n;
    return 0;
}

int program_find_func(const vm_program *p, const char *name)
{
    for (uint32_t i = 0; i < p->func_count; i++)
        if (strcmp(p->funcs[i].name, name) == 0)
            return (int)i;
    return -1;
}

/* ---- verification ---- */

int program_stack_effect(const vm_program *p, uint32_t instruction, int *pops, int *pushes)
{
    vm_op op = VM_GET_OP(instruction);
    if (op >= VM_OP_COUNT)
        return -1;
    *pops = vm_op_pops(op);
    *pushes = vm_op_pushes(op);
    uint32_t ax = VM_GET_AX(instruction);
    switch (op) {
    case VM_OP_MATH:
        if (ax >= VM_MATH_COUNT)
            return -1;
        *pops = vm_math_arity((vm_math)ax);
        break;
    case VM_OP_PICK:
        if (ax < 1 || ax > 255)
            return -1;
        *pops = (int)ax;
        break;
    case VM_OP_CALL:
    case VM_OP_CALLV:
    case VM_OP_GOTO:
    case VM_OP_FORK:
    case VM_OP_FIRE_RUN:
        if (ax >= p->func_count)
            return -1;
        *pops = p->funcs[ax].nparams;
        break;
    case VM_OP_ACT: *pops = (int)VM_GET_B(instruction); break;
    case VM_OP_PRINT:
    case VM_OP_PRINT_JOIN: *pops = (int)VM_GET_A(instruction); break;
    default: break;
    }
    return 0;
}

typedef struct verifier {
    const vm_program *p;
    int32_t *depth; /* temporaries on the stack before each pc; -1 unseen */
    uint32_t *work; /* pcs still to visit */
    uint32_t nwork;
    char *err;
    size_t err_size;
} verifier;

/* Writes "file:line:col: function NAME, pc N (OP): message" into the error. */
static int verifier_fail(verifier *vf, const vm_func *f, uint32_t pc, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static int verifier_fail(verifier *vf, const vm_func *f, uint32_t pc, const char *fmt, ...)
{
    const vm_program *p = vf->p;
    vm_pos pos = pc < p->code_count ? p->pos[pc] : f->pos;
    const char *file = pos.file < p->file_count ? p->files[pos.file] : "?";
    const char *opname = pc < p->code_count ? vm_op_name(VM_GET_OP(p->code[pc])) : "end of code";
    int n = snprintf(vf->err, vf->err_size,
                     "%s:%" PRIu32 ":%u: internal: function '%s', pc %" PRIu32 " (%s): ", file,
                     pos.line, (unsigned)pos.col, f->name, pc, opname ? opname : "?");
    if (n >= 0 && (size_t)n < vf->err_size) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(vf->err + n, vf->err_size - (size_t)n, fmt, ap);
        va_end(ap);
    }
    return -1;
}

/* Checks the operand of one instruction of f; slots = params + locals. */
static int verifier_operands(verifier *vf, const vm_func *f, uint32_t pc, uint32_t slots)
{
    const vm_program *p = vf->p;
    uint32_t i = p->code[pc];
    vm_op op = VM_GET_OP(i);
    uint32_t ax = VM_GET_AX(i), a = VM_GET_A(i), bv = VM_GET_B(i);
    switch (op) {
    case VM_OP_CONST:
        return ax < p->const_count ? 0 : verifier_fail(vf, f, pc, "no constant %u", ax);
    case VM_OP_LOCAL:
    case VM_OP_STORE: return ax < slots ? 0 : verifier_fail(vf, f, pc, "no slot %u", ax);
    case VM_OP_MATH:
        return ax < VM_MATH_COUNT ? 0 : verifier_fail(vf, f, pc, "no math function %u", ax);
    case VM_OP_PICK:
        return ax >= 1 && ax <= 255 ? 0 : verifier_fail(vf, f, pc, "bad value count %u", ax);
    case VM_OP_GET:
    case VM_OP_HGET: return ax < VM_PROP_COUNT ? 0 : verifier_fail(vf, f, pc, "no property %u", ax);
    case VM_OP_SHOT_KEEP:
        return ax == 1 || ax == 2 ? 0 : verifier_fail(vf, f, pc, "SHOT_KEEP %u", ax);
    case VM_OP_KEPT: return ax <= 2 ? 0 : verifier_fail(vf, f, pc, "KEPT %u", ax);
    case VM_OP_QUERY: return ax < VM_QUERY_COUNT ? 0 : verifier_fail(vf, f, pc, "QUERY %u", ax);
    case VM_OP_HOOK:
        if (vm_hook_event(ax) >= VM_EVENT_COUNT || vm_hook_pc(ax) < f->pc ||
            vm_hook_pc(ax) >= f->end)
            return verifier_fail(vf, f, pc, "bad hook %u", ax);
        return 0;
    case VM_OP_SET:
        if (ax >= VM_PROP_COUNT || !vm_prop_settable((vm_prop)ax))
            return verifier_fail(vf, f, pc, "property %u cannot be set", ax);
        return 0;
    case VM_OP_PREV: return ax <= 1 ? 0 : verifier_fail(vf, f, pc, "PREV %u", ax);
    case VM_OP_SHARED:
    case VM_OP_SSTORE:
        return ax < p->shared_count ? 0 : verifier_fail(vf, f, pc, "no shared value %u", ax);
    case VM_OP_SHAREDI:
    case VM_OP_SSTOREI:
        if (bv < 1 || a + bv > p->shared_count)
            return verifier_fail(vf, f, pc, "bad shared array of %u at %u", bv, a);
        return 0;
    case VM_OP_REFI:
    case VM_OP_RSTOREI:
    case VM_OP_REFN:
    case VM_OP_ARRCOPY: return ax < slots ? 0 : verifier_fail(vf, f, pc, "no slot %u", ax);
    case VM_OP_ARRNEW:
    case VM_OP_AREAI:
    case VM_OP_ASTOREI:
    case VM_OP_AREF:
        if (VM_AREA_OFFSET(ax) + VM_AREA_COUNT(ax) > f->arrays)
            return verifier_fail(vf, f, pc, "area array of %u at %u past the function's %u",
                                 VM_AREA_COUNT(ax), VM_AREA_OFFSET(ax), (unsigned)f->arrays);
        return 0;
    case VM_OP_ARRREF:
    case VM_OP_LOCALI:
    case VM_OP_STOREI:
        if (a < 1 || bv + a > slots)
            return verifier_fail(vf, f, pc, "bad array of %u slots at %u", a, bv);
        return 0;
    case VM_OP_PRINT:
    case VM_OP_PRINT_JOIN:
        if (a < 1 || a > VM_PRINT_MAX_VALUES || bv >> a)
            return verifier_fail(vf, f, pc, "bad print of %u values (strings %#x)", a, bv);
        return 0;
    case VM_OP_JMP:
    case VM_OP_JMPF:
    case VM_OP_JMPT:
        if (ax < f->pc || ax >= f->end)
            return verifier_fail(vf, f, pc, "jump to %u leaves the function", ax);
        return 0;
    case VM_OP_LOOP_INIT:
        if (a + 1 >= slots || bv > VM_LOOP_AT_LEAST_ONCE)
            return verifier_fail(vf, f, pc, "bad loop slot %u or flags %u", a, bv);
        return 0;
    case VM_OP_LOOP_TEST:
    case VM_OP_LOOP_NEXT: {
        int64_t target = (int64_t)pc + 1 + VM_GET_SB(i);
        if (a + 1 >= slots)
            return verifier_fail(vf, f, pc, "bad loop slot %u", a);
        if (target < f->pc || target >= f->end)
            return verifier_fail(vf, f, pc, "loop jump leaves the function");
        return 0;
    }
    case VM_OP_CALL:
    case VM_OP_CALLV:
    case VM_OP_GOTO:
    case VM_OP_FORK:
    case VM_OP_FIRE_RUN:
        if (ax >= p->func_count || p->funcs[ax].pc == UINT32_MAX)
            return verifier_fail(vf, f, pc, "no function %u", ax);
        return 0;
    case VM_OP_RAMP: {
        uint32_t mode = bv & VM_RAMP_MODE_MASK;
        uint32_t how = (bv & VM_RAMP_EASE_MASK) >> VM_RAMP_EASE_SHIFT;
        int style = a == VM_PROP_SCALE || a == VM_PROP_ALPHA; /* ABS only */
        if ((a >= VM_RAMP_KINDS && !(style && mode == VM_MODE_ABS)) || mode >= VM_MODE_COUNT ||
            how >= EASE_COUNT || (bv & ~(VM_RAMP_MODE_MASK | VM_RAMP_RECORD | VM_RAMP_EASE_MASK)))
            return verifier_fail(vf, f, pc, "bad ramp %u mode %u", a, bv);
        return 0;
    }
    case VM_OP_ACT:
        if (a >= VM_VERB_COUNT || (int)bv < vm_verb_min_args((vm_verb)a) ||
            (int)bv > vm_verb_max_args((vm_verb)a))
            return verifier_fail(vf, f, pc, "bad verb %u with %u values", a, bv);
        return 0;
    case VM_OP_SHOT_DIR:
    case VM_OP_SHOT_SPD:
        if (ax >= VM_MODE_COUNT || ax == VM_MODE_BY)
            return verifier_fail(vf, f, pc, "bad mode %u", ax);
        return 0;
    case VM_OP_SHOT_SET:
        return ax < VM_SHOT_FIELD_COUNT ? 0 : verifier_fail(vf, f, pc, "no shot field %u", ax);
    case VM_OP_SHOT_FORM:
        return ax < VM_FORM_COUNT ? 0 : verifier_fail(vf, f, pc, "no form %u", ax);
    case VM_OP_SHOT_LOOK: return 0;
    case VM_OP_YIELD: return ax <= 1 ? 0 : verifier_fail(vf, f, pc, "YIELD %u", ax);
    default:
        /* every other instruction has no operand */
        return ax == 0 ? 0 : verifier_fail(vf, f, pc, "unexpected operand %u", ax);
    }
}

/* Records that pc is reached with `depth` temporaries; queues it the first time. */
static int verifier_reach(verifier *vf, const vm_func *f, uint32_t from, uint32_t pc, int32_t depth)
{
    if (pc >= f->end)
        return verifier_fail(vf, f, from, "execution runs off the end of the function");
    if (vf->depth[pc] < 0) {
        vf->depth[pc] = depth;
        vf->work[vf->nwork++] = pc;
        return 0;
    }
    if (vf->depth[pc] != depth)
        return verifier_fail(vf, f, from, "stack depth %d here, %d at pc %u", (int)depth,
                             (int)vf->depth[pc], pc);
    return 0;
}

/* Abstract interpretation of one function's stack depth; sets frame_size. */
static int verifier_func(verifier *vf, vm_func *f)
{
    const vm_program *p = vf->p;
    if (f->pc == UINT32_MAX || f->end == UINT32_MAX)
        return verifier_fail(vf, f, UINT32_MAX, "declared but never given code");
    if (f->pc >= f->end || f->end > p->code_count)
        return verifier_fail(vf, f, f->pc, "has no code");
    uint32_t slots = (uint32_t)f->nparams + f->nlocals;
    int32_t max_depth = 0;
    vf->nwork = 0;
    if (verifier_reach(vf, f, f->pc, f->pc, 0))
        return -1;
    while (vf->nwork) {
        uint32_t pc = vf->work[--vf->nwork];
        uint32_t i = p->code[pc];
        vm_op op = VM_GET_OP(i);
        int pops, pushes;
        if (op >= VM_OP_COUNT)
            return verifier_fail(vf, f, pc, "unknown opcode %u", (unsigned)op);
        if (verifier_operands(vf, f, pc, slots) || program_stack_effect(p, i, &pops, &pushes))
            return -1;
        int32_t d = vf->depth[pc];
        if (d < pops)
            return verifier_fail(vf, f, pc, "pops %d of %d values", pops, (int)d);
        int32_t nd = d - pops + pushes;
        if (nd > max_depth)
            max_depth = nd;
        if (max_depth + slots > 0xffff)
            return verifier_fail(vf, f, pc, "frame too large");
        int rc = 0;
        switch (op) {
        case VM_OP_JMP: rc = verifier_reach(vf, f, pc, VM_GET_AX(i), nd); break;
        case VM_OP_JMPF:
        case VM_OP_JMPT:
            rc = verifier_reach(vf, f, pc, pc + 1, nd) ||
                 verifier_reach(vf, f, pc, VM_GET_AX(i), nd);
            break;
        case VM_OP_LOOP_TEST:
            rc = verifier_reach(vf, f, pc, pc + 1, nd) ||
                 verifier_reach(vf, f, pc, (uint32_t)((int64_t)pc + 1 + VM_GET_SB(i)), nd);
            break;
        case VM_OP_LOOP_NEXT:
            rc = verifier_reach(vf, f, pc, (uint32_t)((int64_t)pc + 1 + VM_GET_SB(i)), nd);
            break;
        case VM_OP_HOOK: /* its code runs in a copy, from an empty stack */
            rc = verifier_reach(vf, f, pc, pc + 1, nd) ||
                 verifier_reach(vf, f, pc, vm_hook_pc(VM_GET_AX(i)), 0);
            break;
        case VM_OP_RET:
        case VM_OP_RETV:
        case VM_OP_END:
        case VM_OP_GOTO: /* nothing after it runs */
            if (nd != 0)
                rc = verifier_fail(vf, f, pc, "%d values left on the stack", (int)nd);
            break;
        default: rc = verifier_reach(vf, f, pc, pc + 1, nd); break;
        }
        if (rc)
            return -1;
    }
    f->frame_size = (uint16_t)(slots + (uint32_t)max_depth);
    return 0;
}

static int program_verify(vm_program *p, char *err, size_t err_size)
{
    if (p->code_count == 0 && p->func_count == 0)
        return 0;
    verifier vf = {p, NULL, NULL, 0, err, err_size};
    vf.depth = mem_alloc((size_t)p->code_count * sizeof(int32_t) + 1);
    vf.work = mem_alloc((size_t)p->code_count * sizeof(uint32_t) + 1);
    int rc = 0;
    if (!vf.depth || !vf.work) {
        snprintf(err, err_size, "out of memory");
        rc = -1;
    }
    for (uint32_t fi = 0; rc == 0 && fi < p->func_count; fi++) {
        vm_func *f = &p->funcs[fi];
        if (f->pc < f->end && f->end <= p->code_count)
            for (uint32_t pc = f->pc; pc < f->end; pc++)
                vf.depth[pc] = -1;
        rc = verifier_func(&vf, f);
    }
    mem_free(vf.depth);
    mem_free(vf.work);
    return rc;
}

int program_finish(program_builder *b, vm_program **out, char *err, size_t err_size)
{
    *out = NULL;
    if (b->failed) {
        snprintf(err, err_size, "out of memory");
        program_builder_free(b);
        return -1;
    }
    vm_program *p = mem_alloc(sizeof *p);
    if (!p) {
        snprintf(err, err_size, "out of memory");
        program_builder_free(b);
        return -1;
    }
    *p = b->p;
    mem_free(b->const_index);
    memset(b, 0, sizeof *b);
    if (program_verify(p, err, err_size)) {
        program_free(p);
        return -1;
    }
    if (program_index_funcs(p)) {
        snprintf(err, err_size, "out of memory");
        program_free(p);
        return -1;
    }
    program_sort_shows(p);
    *out = p;
    return 0;
}

/* ---- listing ---- */

/* Prints the operand of one instruction in words. */
static void program_dump_operand(FILE *out, const vm_program *p, uint32_t pc, uint32_t i)
{
    vm_op op = VM_GET_OP(i);
    uint32_t ax = VM_GET_AX(i), a = VM_GET_A(i), bv = VM_GET_B(i);
    switch (op) {
    case VM_OP_CONST: fprintf(out, "%.17g", ax < p->const_count ? p->consts[ax] : 0.0); break;
    case VM_OP_MATH:
        fprintf(out, "%s", ax < VM_MATH_COUNT ? vm_math_name((vm_math)ax) : "?");
        break;
    case VM_OP_GET:
    case VM_OP_HGET:
    case VM_OP_SET: fprintf(out, "%s", ax < VM_PROP_COUNT ? vm_prop_name((vm_prop)ax) : "?"); break;
    case VM_OP_SHOT_DIR:
    case VM_OP_SHOT_SPD:
        fprintf(out, "%s", ax < VM_MODE_COUNT ? vm_mode_name((vm_mode)ax) : "?");
        break;
    case VM_OP_SHOT_KEEP: fprintf(out, "%s", ax == 1 ? "first" : ax == 2 ? "group" : "?"); break;
    case VM_OP_KEPT:
        fprintf(out, "%s", ax == 0 ? "handle" : ax == 1 ? "group" : ax == 2 ? "enemy" : "?");
        break;
    case VM_OP_QUERY: {
        const char *k = vm_query_name((vm_query_kind)ax);
        fprintf(out, "%s", k ? k : "?");
        break;
    }
    case VM_OP_HOOK: {
        const char *ev = vm_event_name(vm_hook_event(ax));
        fprintf(out, "%s at %u", ev ? ev : "?", vm_hook_pc(ax));
        break;
    }
    case VM_OP_SHOT_SET:
        fprintf(out, "%s", ax < VM_SHOT_FIELD_COUNT ? vm_shot_field_name((vm_shot_field)ax) : "?");
        break;
    case VM_OP_SHOT_FORM:
        fprintf(out, "%s", ax < VM_FORM_COUNT ? vm_form_name((vm_form)ax) : "?");
        break;
    case VM_OP_CALL:
    case VM_OP_CALLV:
    case VM_OP_GOTO:
    case VM_OP_FORK:
    case VM_OP_FIRE_RUN: fprintf(out, "%s", ax < p->func_count ? p->funcs[ax].name : "?"); break;
    case VM_OP_ARRREF:
    case VM_OP_LOCALI:
    case VM_OP_STOREI: fprintf(out, "array of %u at slot %u", a, bv); break;
    case VM_OP_REFI:
    case VM_OP_RSTOREI:
    case VM_OP_REFN:
    case VM_OP_ARRCOPY: fprintf(out, "array at slot %u", ax); break;
    case VM_OP_ARRNEW:
    case VM_OP_AREAI:
    case VM_OP_ASTOREI:
    case VM_OP_AREF:
        fprintf(out, "area array of %u at %u", VM_AREA_COUNT(ax), VM_AREA_OFFSET(ax));
        break;
    case VM_OP_SHAREDI:
    case VM_OP_SSTOREI: fprintf(out, "shared array of %u at %u", bv, a); break;
    case VM_OP_PRINT:
    case VM_OP_PRINT_JOIN: fprintf(out, "%u values, strings %#x", a, bv); break;
    case VM_OP_RAMP: {
        uint32_t how = (bv & VM_RAMP_EASE_MASK) >> VM_RAMP_EASE_SHIFT;
        fprintf(out, "%s %s%s%s%s", a < VM_PROP_COUNT ? vm_prop_name((vm_prop)a) : "?",
                (bv & VM_RAMP_MODE_MASK) < VM_MODE_COUNT
                    ? vm_mode_name((vm_mode)(bv & VM_RAMP_MODE_MASK))
                    : "?",
                bv & VM_RAMP_RECORD ? " record" : "", how != EASE_LINEAR ? " " : "",
                how != EASE_LINEAR && ease_name((ease_kind)how) ? ease_name((ease_kind)how) : "");
        break;
    }
    case VM_OP_ACT:
        fprintf(out, "%s %u", a < VM_VERB_COUNT ? vm_verb_name((vm_verb)a) : "?", bv);
        break;
    case VM_OP_LOOP_INIT: fprintf(out, "%u %u", a, bv); break;
    case VM_OP_LOOP_TEST:
    case VM_OP_LOOP_NEXT: fprintf(out, "%u -> %" PRId64, a, (int64_t)pc + 1 + VM_GET_SB(i)); break;
    case VM_OP_LOCAL:
    case VM_OP_STORE:
    case VM_OP_JMP:
    case VM_OP_JMPF:
    case VM_OP_JMPT:
    case VM_OP_PICK:
    case VM_OP_PREV:
    case VM_OP_SHARED:
    case VM_OP_SSTORE:
    case VM_OP_SHOT_LOOK: fprintf(out, "%u", ax); break;
    default: break;
    }
}

/* ---- content hash ---- */

/* A text by its bytes and its end ("" for none). */
static void program_hash_text(hasher *hs, const char *s)
{
    hash_bytes(hs, s ? s : "", strlen(s ? s : "") + 1);
}

/* What the CONST at pc names (vm_ref_kind), or 0 for a plain number. */
static uint32_t program_ref_at(const vm_program *p, uint32_t pc)
{
    uint32_t lo = 0, hi = p->ref_count;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (p->refs[mid].pc < pc)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < p->ref_count && p->refs[lo].pc == pc ? p->refs[lo].kind : 0;
}

/* A CONST at pc: what it names, then its value by what it names. */
static void program_hash_const(const vm_program *p, uint32_t pc, uint32_t ax, hasher *hs,
                               const program_refs *refs)
{
    double v = ax < p->const_count ? p->consts[ax] : 0.0;
    uint32_t kind = program_ref_at(p, pc);
    hash_u32(hs, kind);
    if (kind == VM_REF_FUNC)
        refs->func(refs->ctx, v >= 0 && v < p->func_count ? (uint32_t)v : UINT32_MAX);
    else if (kind == VM_REF_BOSS || kind == VM_REF_SHIP || kind == VM_REF_ITEM)
        refs->table(refs->ctx, (vm_ref_kind)kind, v);
    else if (kind == VM_REF_STRING)
        program_hash_text(hs, v >= 0 && v < p->string_count ? p->strings[(uint32_t)v] : NULL);
    else if (kind == VM_REF_TEXT)
        ; /* only shown: the words may change, replays stay valid */
    else
        hash_f64(hs, v);
}

void program_hash_func(const vm_program *p, uint32_t fi, hasher *hs, const program_refs *refs)
{
    const vm_func *f = &p->funcs[fi];
    const uint32_t shape[] = {f->end - f->pc, f->nparams, f->nlocals, f->frame_size};
    hash_bytes(hs, shape, sizeof shape);
    for (uint32_t pc = f->pc; pc < f->end; pc++) {
        uint32_t i = p->code[pc], ax = VM_GET_AX(i);
        vm_op op = VM_GET_OP(i);
        hash_u32(hs, op);
        switch (op) {
        case VM_OP_JMP:
        case VM_OP_JMPF:
        case VM_OP_JMPT: hash_u32(hs, ax - f->pc); break;
        case VM_OP_HOOK: /* as its Ax, the pc from the function's start */
            hash_u32(hs, vm_hook_ax(vm_hook_pc(ax) - f->pc, vm_hook_event(ax)));
            break;
        case VM_OP_CALL:
        case VM_OP_CALLV:
        case VM_OP_GOTO:
        case VM_OP_FORK:
        case VM_OP_FIRE_RUN: refs->func(refs->ctx, ax); break;
        case VM_OP_SHARED:
        case VM_OP_SSTORE: hash_f64(hs, ax < p->shared_count ? p->shared_init[ax] : 0.0); break;
        case VM_OP_SHAREDI:
        case VM_OP_SSTOREI: /* by its size and first values, as SHARED is, not its place */
            hash_u32(hs, VM_GET_B(i));
            for (uint32_t k = 0; k < VM_GET_B(i); k++)
                hash_f64(hs,
                         VM_GET_A(i) + k < p->shared_count ? p->shared_init[VM_GET_A(i) + k] : 0.0);
            break;
        case VM_OP_CONST: program_hash_const(p, pc, ax, hs, refs); break;
        default: hash_u32(hs, i); break;
        }
    }
}

/* ---- listing ---- */

void program_dump(FILE *out, const vm_program *p)
{
    for (uint32_t fi = 0; fi < p->func_count; fi++) {
        const vm_func *f = &p->funcs[fi];
        fprintf(out, "function %u '%s': params %u locals %u frame %u\n", fi, f->name,
                (unsigned)f->nparams, (unsigned)f->nlocals, (unsigned)f->frame_size);
        for (uint32_t pc = f->pc; pc < f->end && pc < p->code_count; pc++) {
            uint32_t i = p->code[pc];
            vm_pos pos = p->pos[pc];
            const char *name = vm_op_name(VM_GET_OP(i));
            fprintf(out, "  %5u  %-10s ", pc, name ? name : "?");
            program_dump_operand(out, p, pc, i);
            fprintf(out, "\t; %s:%" PRIu32 ":%u\n",
                    pos.file < p->file_count ? p->files[pos.file] : "?", pos.line,
                    (unsigned)pos.col);
        }
    }
}
