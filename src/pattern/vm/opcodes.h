/*
 * opcodes: the instruction set of the pattern VM, as one X-macro list.
 *
 * Both front ends compile to it: the pattern language (compiler.c) and BulletML
 * (the importer). The VM is a stack machine: expressions push numbers (doubles) on
 * the runner's value stack, commands pop their operands. Each function's frame is
 * [params][locals][temporaries]; LOCAL/STORE address params and locals alike.
 *
 * Every instruction is one 32-bit word, in one of three formats (after Lua's
 * lopcodes.h):
 *
 *        31                  16 15          8 7           0
 *       +----------------------+-------------+-------------+
 *  iAB  |        B (16)        |    A (8)    |   op (8)    |
 *       +----------------------+-------------+-------------+
 *  iAsB |   sB (16, signed)    |    A (8)    |   op (8)    |
 *       +----------------------+-------------+-------------+
 *  iAx  |                Ax (24)             |   op (8)    |
 *       +------------------------------------+-------------+
 *
 * Jumps (JMP, JMPF, JMPT) carry an absolute target in Ax; the loop instructions
 * carry a slot in A and a jump relative to the next instruction in sB. Every
 * instruction has a source position (vm_program.pos[pc]) so that run-time errors
 * name the file, line and column of the statement that caused them.
 *
 * Columns of the list: name, format, values popped, values pushed (-1: depends on
 * the operand; see the comment and program_stack_effect), what it does.
 * "x" is the value on top of the stack, "y" the one below it.
 */
#ifndef CURTAIN_PATTERN_OPCODES_H
#define CURTAIN_PATTERN_OPCODES_H

#include <stdint.h>

/* clang-format off */
#define VM_OPCODES(X)                                                                             \
    /* values */                                                                                  \
    X(CONST,      iAx,  0,  1, "push constant K[Ax]")                                           \
    X(LOCAL,      iAx,  0,  1, "push slot Ax of the frame (a param or a local)")                \
    X(STORE,      iAx,  1,  0, "pop x into slot Ax")                                            \
    X(POP,        iAx,  1,  0, "drop x")                                                        \
    X(DUP,        iAx,  1,  2, "push x again")                                                  \
    X(ADD,        iAx,  2,  1, "y + x")                                                         \
    X(SUB,        iAx,  2,  1, "y - x")                                                         \
    X(MUL,        iAx,  2,  1, "y * x")                                                         \
    X(DIV,        iAx,  2,  1, "y / x (IEEE: x = 0 gives inf or nan)")                          \
    X(MOD,        iAx,  2,  1, "y modulo x, floored: the result has the sign of x")            \
    X(NEG,        iAx,  1,  1, "-x")                                                            \
    X(NOT,        iAx,  1,  1, "1 if x == 0, else 0")                                           \
    X(LT,         iAx,  2,  1, "1 if y < x, else 0")                                            \
    X(LE,         iAx,  2,  1, "1 if y <= x, else 0")                                           \
    X(GT,         iAx,  2,  1, "1 if y > x, else 0")                                            \
    X(GE,         iAx,  2,  1, "1 if y >= x, else 0")                                           \
    X(EQ,         iAx,  2,  1, "1 if y == x, else 0")                                           \
    X(NE,         iAx,  2,  1, "1 if y != x, else 0")                                           \
    X(MATH,       iAx, -1,  1, "math function Ax (VM_MATH) of its arity's values")             \
    X(PICK,       iAx, -1,  1, "pop Ax values, push the one the difficulty level selects")      \
    X(RAND,       iAx,  0,  1, "push host random() in [0, 1)")                                  \
    X(GET,        iAx,  0,  1, "push host get(obj, prop Ax) (VM_PROPS)")                        \
    X(PREV,       iAx,  0,  1, "Ax=0: last direction fired (aim if none); 1: last speed")      \
    X(CLOCK,      iAx,  0,  1, "push frames since this runner first ran")                       \
    /* control */                                                                                 \
    X(JMP,        iAx,  0,  0, "pc = Ax")                                                       \
    X(JMPF,       iAx,  1,  0, "pop x; if x == 0, pc = Ax")                                     \
    X(JMPT,       iAx,  1,  0, "pop x; if x != 0, pc = Ax")                                     \
    X(LOOP_INIT,  iAB,  1,  0, "pop count; slot A = 0, slot A+1 = trunc(count); B: VM_LOOP_*")  \
    X(LOOP_TEST,  iAsB, 0,  0, "if slot A >= slot A+1: jump sB")                                \
    X(LOOP_NEXT,  iAsB, 0,  0, "slot A += 1; jump sB (back to the LOOP_TEST)")                  \
    X(WAIT,       iAx,  1,  0, "pop n; sched += trunc(n) if > 0; sleep while sched > frame")    \
    X(YIELD,      iAx,  0,  0, "sleep to next frame, sched kept; Ax=1: BulletML root (vm.md)") \
    X(CALL,       iAx, -1,  0, "call function Ax with its arity's values as params")            \
    X(RET,        iAx,  0,  0, "return; at depth 0 the thread ends")                           \
    X(END,        iAx,  0,  0, "end the thread")                                                \
    X(FORK,       iAx, -1,  0, "start function Ax as a new thread on the same object, now")     \
    /* the object running the script */                                                          \
    X(SET,        iAx,  1,  0, "pop x; host set(obj, prop Ax, x)")                              \
    X(RAMP,       iAB,  2,  0, "pop term, x; ramp prop A (0..3) per mode B (VM_MODE | flags)") \
    X(VANISH,     iAx,  0,  0, "host vanish(obj); the script runs on to its next sleep")        \
    X(ACT,        iAB, -1,  0, "host act(obj, verb A, B popped values) (VM_VERBS)")             \
    /* firing: SHOT_* fill the shot registers, FIRE / FIRE_RUN spawn */                          \
    X(SHOT_BEGIN, iAx,  0,  0, "reset the shot registers")                                      \
    X(SHOT_DIR,   iAx,  1,  0, "pop x; shot direction = resolve(mode Ax, x); prev dir = it")    \
    X(SHOT_SPD,   iAx,  1,  0, "pop x; shot speed = resolve(mode Ax, x); prev speed = it")      \
    X(SHOT_SET,   iAx,  1,  0, "pop x; shot field Ax (VM_SHOT_FIELDS) = x")                     \
    X(SHOT_LOOK,  iAx,  0,  0, "shot look = Ax (0: the host's default)")                       \
    X(SHOT_FORM,  iAx,  0,  0, "shot form = Ax (VM_FORMS: single, ring, arc, spread)")          \
    X(FIRE,       iAx,  0,  0, "spawn the shot's bullets (no script)")                          \
    X(FIRE_RUN,   iAx, -1,  0, "spawn the shot's bullets, each running function Ax")          \
    /* added later: new instructions go last, since the numbers are part of a   */             \
    /* replay's content hash (game/world.c), which must not change for old ones */             \
    X(PRINT,      iAB, -1,  0, "host print of A popped values; bit k of B: value k is a string") \
    X(CALLV,      iAx, -1,  1, "call function Ax (a 'function') and push the value it returns")  \
    X(RETV,       iAx,  1,  0, "pop x; return x to the CALLV that called this function")         \
    X(LOCALI,     iAB,  1,  1, "pop i; push slot B + trunc(i) of an array of A slots (checked)") \
    X(STOREI,     iAB,  2,  0, "pop x, then i; slot B + trunc(i) of an array of A slots = x") \
    X(SHARED,     iAx,  0,  1, "push shared value Ax (one for every script of the VM)")          \
    X(SSTORE,     iAx,  1,  0, "pop x into shared value Ax")                                     \
    X(GOTO,       iAx, -1,  0, "run function Ax in this call's frame: a call that never returns") \
    X(SHOT_AGAIN, iAx,  0,  0, "reset the shot registers to this runner's last shot's dir, speed") \
    X(SHOT_KEEP,  iAx,  0,  0, "the next FIRE keeps what it spawns: Ax=1 its first object, 2 all") \
    X(KEPT,       iAx,  0,  1, "push the last FIRE's first handle (Ax=0), group (1), SPAWN's enemy (2)") \
    X(TARGET,     iAx,  1,  0, "pop h: GET SET RAMP VANISH ACT FORK act on h's object until UNTARGET") \
    X(UNTARGET,   iAx,  0,  0, "they act on the runner's own object again")                       \
    X(GROUP_AT,   iAx,  2,  1, "pop i, then g: push handle i of group g (0 outside it, or forgotten)") \
    X(GROUP_COUNT,iAx,  1,  1, "pop g: push how many handles group g holds")                      \
    X(HGET,       iAx,  1,  1, "pop h: push prop Ax of h's object (gone: alive 0, others as of none)") \
    X(HOOK,       iAx,  0,  0, "on event vm_hook_event(Ax) (VM_EVENTS) a copy of this runner runs from pc vm_hook_pc(Ax)") \
    X(PRINT_JOIN, iAB, -1,  0, "PRINT's line with its values joined without spaces (print \"a\" + x)") \
    X(QUERY,      iAx,  3,  1, "pop r, y, x: push a group of the objects of kind Ax (VM_QUERY_*) within r of (x, y)") \
    X(SHAREDI,    iAB,  1,  1, "pop i; push shared value A + trunc(i) of a shared array of B (checked)") \
    X(SSTOREI,    iAB,  2,  0, "pop x, then i; shared value A + trunc(i) of a shared array of B = x") \
    X(ARRREF,     iAB,  0,  1, "push a reference to the array of A slots at slot B (a function's array param)") \
    X(REFI,       iAx,  1,  1, "pop i; push element trunc(i) of the array slot Ax refers to (checked)") \
    X(RSTOREI,    iAx,  2,  0, "pop x, then i; element trunc(i) of the array slot Ax refers to = x") \
    X(REFN,       iAx,  0,  1, "push the size of the array slot Ax refers to")                   \
    X(ARRNEW,     iAx,  0,  0, "zero area array Ax (VM_AREA_*), first taking the call's area block") \
    X(AREAI,      iAx,  1,  1, "pop i; push element trunc(i) of area array Ax (checked)")          \
    X(ASTOREI,    iAx,  2,  0, "pop x, then i; element trunc(i) of area array Ax = x (checked)")    \
    X(AREF,       iAx,  0,  1, "push a reference to area array Ax (an array param's value)")        \
    X(ARRCOPY,    iAx,  1,  0, "pop a reference; copy its array into the one slot Ax refers to (same size)")
/* clang-format on */

typedef enum vm_op {
#define VM_OP_ENUM(name, format, pops, pushes, doc) VM_OP_##name,
    VM_OPCODES(VM_OP_ENUM)
#undef VM_OP_ENUM
    VM_OP_COUNT
} vm_op;

typedef enum vm_format {
    iAB,
    iAsB,
    iAx,
} vm_format;

/* Field access. */
#define VM_GET_OP(i) ((vm_op)((i)&0xffu))
#define VM_GET_A(i)  (((i) >> 8) & 0xffu)
#define VM_GET_B(i)  ((i) >> 16)
#define VM_GET_SB(i) ((int32_t)(int16_t)(uint16_t)((i) >> 16))
#define VM_GET_AX(i) ((i) >> 8)

/* Construction. */
#define VM_MAKE_AB(op, a, b) ((uint32_t)(op) | ((uint32_t)(a)&0xffu) << 8 | (uint32_t)(b) << 16)
#define VM_MAKE_ASB(op, a, sb) \
    ((uint32_t)(op) | ((uint32_t)(a)&0xffu) << 8 | (uint32_t)(uint16_t)(int16_t)(sb) << 16)
#define VM_MAKE_AX(op, ax) ((uint32_t)(op) | (uint32_t)(ax) << 8)

#define VM_MAX_A  0xffu
#define VM_MAX_B  0xffffu
#define VM_MAX_SB 32767
#define VM_MIN_SB (-32768)
#define VM_MAX_AX 0xffffffu

/* An area array's Ax (ARRNEW, AREAI, ASTOREI, AREF): its offset in its call's
 * area block (vm_func.arrays values) above its size - 1 (1 to 1,024 values). */
#define VM_AREA_SIZE_BITS        10
#define VM_AREA_MAX              1024u /* values of one array */
#define VM_AREA_AX(offset, size) ((uint32_t)(offset) << VM_AREA_SIZE_BITS | ((uint32_t)(size)-1u))
#define VM_AREA_OFFSET(ax)       ((ax) >> VM_AREA_SIZE_BITS)
#define VM_AREA_COUNT(ax)        (((ax) & (VM_AREA_MAX - 1u)) + 1u)

/* LOOP_INIT B flags. */
#define VM_LOOP_AT_LEAST_ONCE 1u /* BulletML's repeat: the body runs even if count < 1 */

/* Name of an opcode ("CONST"), its format, and its fixed stack effect. */
const char *vm_op_name(vm_op op);
vm_format vm_op_format(vm_op op);
int vm_op_pops(vm_op op);   /* -1 when the operand decides */
int vm_op_pushes(vm_op op); /* -1 when the operand decides */

#endif
