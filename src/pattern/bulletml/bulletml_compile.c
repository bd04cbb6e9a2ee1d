/*
 * bulletml_compile: code generation from the checked tree. Functions are
 * declared when first needed and queued; each is emitted whole before the next,
 * since a VM function's code is contiguous.
 */
#include "pattern/bulletml/bulletml_compile.h"

#include "core/mem.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define BCOMP_NONE UINT32_MAX

static const char *const bulletml_dialect_names[] = {
#define BULLETML_DIALECT_NAME(id, name, records) name,
    BULLETML_DIALECTS(BULLETML_DIALECT_NAME)
#undef BULLETML_DIALECT_NAME
};

static const int bulletml_dialect_records[] = {
#define BULLETML_DIALECT_RECORDS(id, name, records) records,
    BULLETML_DIALECTS(BULLETML_DIALECT_RECORDS)
#undef BULLETML_DIALECT_RECORDS
};

const char *bulletml_dialect_name(bulletml_dialect d)
{
    return (unsigned)d < BULLETML_DIALECT_COUNT ? bulletml_dialect_names[d] : NULL;
}

int bulletml_dialect_find(const char *name)
{
    for (int d = 0; d < BULLETML_DIALECT_COUNT; d++)
        if (strcmp(name, bulletml_dialect_names[d]) == 0)
            return d;
    return -1;
}

/* What a queued function holds. */
typedef enum bcomp_kind {
    BCOMP_TOP,    /* an entry point: no params */
    BCOMP_DEF,    /* a definition a ref names: action, fire or bullet */
    BCOMP_SCRIPT, /* the actions of a bullet, one after another */
} bcomp_kind;

typedef struct bcomp_job {
    int32_t node;
    uint32_t func;
    bcomp_kind kind;
} bcomp_job;

typedef struct bcomp {
    const bulletml_doc *doc;
    program_builder *b;
    uint16_t file;
    int records_dir;
    uint32_t *def_func;    /* per node: its function as a ref target */
    uint32_t *script_func; /* per bullet node: its script function */
    int32_t *need;         /* per node: the highest $n read in its subtree */
    bcomp_job *jobs;
    int32_t job_count, job_cap;
    /* The function being emitted. */
    int nparams;
    int loops, max_loops;
    int failed;
    char *err;
    size_t err_size;
    /* Looks of its bullets (bulletml_compile_looks); none: the host's default. */
    const bulletml_look *looks;
    int nlooks;
} bcomp;

static void bcomp_fail(bcomp *c, const bulletml_node *n, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void bcomp_fail(bcomp *c, const bulletml_node *n, const char *fmt, ...)
{
    if (c->failed)
        return;
    c->failed = 1;
    int k = snprintf(c->err, c->err_size, "%s:%u:%u: ", c->doc->path, n->line, n->col);
    if (k >= 0 && (size_t)k < c->err_size) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(c->err + k, c->err_size - (size_t)k, fmt, ap);
        va_end(ap);
    }
}

static vm_pos bcomp_pos(const bcomp *c, const bulletml_node *n)
{
    vm_pos p = {n->line, n->col, c->file};
    return p;
}

static void bcomp_ax(bcomp *c, vm_op op, uint32_t ax, const bulletml_node *n)
{
    program_emit_ax(c->b, op, ax, bcomp_pos(c, n));
}

static void bcomp_ab(bcomp *c, vm_op op, uint32_t a, uint32_t bv, const bulletml_node *n)
{
    program_emit_ab(c->b, op, a, bv, bcomp_pos(c, n));
}

static void bcomp_const(bcomp *c, double value, const bulletml_node *n)
{
    bcomp_ax(c, VM_OP_CONST, program_add_const(c->b, value), n);
}

/* ---- functions ---------------------------------------------------------------- */

/* Declares a function for node and queues its code. */
static uint32_t bcomp_queue(bcomp *c, int32_t node, bcomp_kind kind, int nparams)
{
    const bulletml_node *n = &c->doc->nodes[node];
    const char *label = bulletml_node_label(c->doc, node);
    char name[160];
    /* a script is placed by "@line:col", like a block of the pattern language:
     * the layout-free hashes leave it out (vm_func_name_key) */
    if (kind == BCOMP_SCRIPT)
        snprintf(name, sizeof name, "bullet script@%u:%u", n->line, n->col);
    else
        snprintf(name, sizeof name, "%s %s",
                 kind == BCOMP_TOP ? "top" : bulletml_elem_name(n->elem), label ? label : "");
    uint32_t f = program_declare_func(c->b, name, nparams, bcomp_pos(c, n));
    if (c->job_count == c->job_cap) {
        int32_t cap = c->job_cap ? c->job_cap * 2 : 32;
        bcomp_job *jobs = mem_realloc(c->jobs, (size_t)cap * sizeof *jobs);
        if (!jobs) {
            c->b->failed = 1;
            return f;
        }
        c->jobs = jobs;
        c->job_cap = cap;
    }
    c->jobs[c->job_count++] = (bcomp_job){node, f, kind};
    return f;
}

/* The highest $n the actions of a bullet read: what its script function takes. */
static int bcomp_script_need(const bcomp *c, int32_t bullet)
{
    const bulletml_doc *doc = c->doc;
    int need = 0;
    for (int32_t k = doc->nodes[bullet].first_child; k != BULLETML_NONE;
         k = doc->nodes[k].next_sibling) {
        int e = doc->nodes[k].elem;
        if ((e == BULLETML_ACTION || e == BULLETML_ACTION_REF) && c->need[k] > need)
            need = c->need[k];
    }
    return need;
}

static int bcomp_has_script(const bulletml_doc *doc, int32_t bullet)
{
    return bulletml_node_child(doc, bullet, BULLETML_ACTION) != BULLETML_NONE ||
           bulletml_node_child(doc, bullet, BULLETML_ACTION_REF) != BULLETML_NONE;
}

static uint32_t bcomp_script(bcomp *c, int32_t bullet)
{
    if (c->script_func[bullet] == BCOMP_NONE)
        c->script_func[bullet] = bcomp_queue(c, bullet, BCOMP_SCRIPT, bcomp_script_need(c, bullet));
    return c->script_func[bullet];
}

static uint32_t bcomp_def(bcomp *c, int32_t def)
{
    if (c->def_func[def] == BCOMP_NONE)
        c->def_func[def] = bcomp_queue(c, def, BCOMP_DEF, c->need[def]);
    return c->def_func[def];
}

/* ---- numbers --------------------------------------------------------------------- */

/* Pushes the value of a number element. $n past the function's params reads 1,
 * as libbulletml reads a missing param. */
static void bcomp_number(bcomp *c, int32_t node)
{
    const bulletml_doc *doc = c->doc;
    const bulletml_node *n = &doc->nodes[node];
    for (uint32_t i = 0; i < n->expr_count; i++) {
        const bulletml_xop *op = &doc->ops[n->expr_first + i];
        switch ((bulletml_xop_code)op->code) {
        case BULLETML_XOP_NUM: bcomp_const(c, op->value, n); break;
        case BULLETML_XOP_RAND: bcomp_ax(c, VM_OP_RAND, 0, n); break;
        case BULLETML_XOP_RANK: bcomp_ax(c, VM_OP_GET, VM_PROP_RANK, n); break;
        case BULLETML_XOP_PARAM:
            if (op->param <= c->nparams)
                bcomp_ax(c, VM_OP_LOCAL, op->param - 1u, n);
            else
                bcomp_const(c, 1.0, n);
            break;
        case BULLETML_XOP_NEG: bcomp_ax(c, VM_OP_NEG, 0, n); break;
        case BULLETML_XOP_ADD: bcomp_ax(c, VM_OP_ADD, 0, n); break;
        case BULLETML_XOP_SUB: bcomp_ax(c, VM_OP_SUB, 0, n); break;
        case BULLETML_XOP_MUL: bcomp_ax(c, VM_OP_MUL, 0, n); break;
        case BULLETML_XOP_DIV: bcomp_ax(c, VM_OP_DIV, 0, n); break;
        case BULLETML_XOP_COUNT: break;
        }
    }
}

static int bcomp_uses_rand(const bulletml_doc *doc, int32_t node)
{
    const bulletml_node *n = &doc->nodes[node];
    for (uint32_t i = 0; i < n->expr_count; i++)
        if (doc->ops[n->expr_first + i].code == BULLETML_XOP_RAND)
            return 1;
    return 0;
}

/* A direction: the value, less 90 when absolute in a horizontal document. */
static vm_mode bcomp_direction(bcomp *c, int32_t node)
{
    const bulletml_node *n = &c->doc->nodes[node];
    bcomp_number(c, node);
    switch (n->type) {
    case BULLETML_TYPE_ABSOLUTE:
        if (c->doc->horizontal) {
            bcomp_const(c, 90.0, n);
            bcomp_ax(c, VM_OP_SUB, 0, n);
        }
        return VM_MODE_ABS;
    case BULLETML_TYPE_RELATIVE: return VM_MODE_REL;
    case BULLETML_TYPE_SEQUENCE: return VM_MODE_SEQ;
    default: return VM_MODE_AIM; /* no type, or aim */
    }
}

/* A speed or an accel component (aim means absolute there). */
static vm_mode bcomp_speed_mode(const bulletml_node *n)
{
    switch (n->type) {
    case BULLETML_TYPE_RELATIVE: return VM_MODE_REL;
    case BULLETML_TYPE_SEQUENCE: return VM_MODE_SEQ;
    default: return VM_MODE_ABS;
    }
}

/* Pushes the params of a ref for a callee taking nparams: each <param> in order,
 * 1 for those it does not give; params past nparams are evaluated only for the
 * $rand draws they make, then dropped. */
static void bcomp_args(bcomp *c, int32_t ref, int nparams)
{
    const bulletml_doc *doc = c->doc;
    int given = 0;
    for (int32_t k = doc->nodes[ref].first_child; k != BULLETML_NONE;
         k = doc->nodes[k].next_sibling) {
        if (doc->nodes[k].elem != BULLETML_PARAM)
            continue; /* libbulletml reads only the <param>s */
        given++;
        if (given <= nparams) {
            bcomp_number(c, k);
        } else if (bcomp_uses_rand(doc, k)) {
            bcomp_number(c, k);
            bcomp_ax(c, VM_OP_POP, 0, &doc->nodes[k]);
        }
    }
    for (; given < nparams; given++)
        bcomp_const(c, 1.0, &doc->nodes[ref]);
}

/* Calls the definition a ref names; one that reaches a recursion never returns,
 * so it takes over the caller's frame (GOTO) and the stack stays bounded. */
static void bcomp_call(bcomp *c, int32_t ref)
{
    int32_t target = c->doc->nodes[ref].target;
    uint32_t f = bcomp_def(c, target);
    bcomp_args(c, ref, c->need[target]);
    bcomp_ax(c, c->doc->endless[target] ? VM_OP_GOTO : VM_OP_CALL, f, &c->doc->nodes[ref]);
}

/* ---- commands ------------------------------------------------------------------- */

static void bcomp_command(bcomp *c, int32_t node);

static void bcomp_children(bcomp *c, int32_t node)
{
    for (int32_t k = c->doc->nodes[node].first_child; k != BULLETML_NONE && !c->failed;
         k = c->doc->nodes[k].next_sibling)
        bcomp_command(c, k);
}

/* The look of a bullet node: the rule for its label, else the file's default
 * rule (label NULL), else 0 (the host's default: no SHOT_LOOK, the code of a
 * file without looks stays as it was). */
static uint32_t bcomp_look(const bcomp *c, int32_t bullet)
{
    const char *label = bulletml_node_label(c->doc, bullet);
    uint32_t fallback = 0;
    for (int k = 0; k < c->nlooks; k++) {
        if (!c->looks[k].label)
            fallback = fallback ? fallback : c->looks[k].look; /* the first one given */
        else if (label && strcmp(c->looks[k].label, label) == 0)
            return c->looks[k].look;
    }
    return fallback;
}

/* A bullet: its speed and direction replace the fire's; then it is spawned, with
 * its script (given the current params) if it has actions. */
static void bcomp_bullet(bcomp *c, int32_t bullet)
{
    const bulletml_doc *doc = c->doc;
    const bulletml_node *n = &doc->nodes[bullet];
    int32_t speed = bulletml_node_child(doc, bullet, BULLETML_SPEED);
    int32_t dir = bulletml_node_child(doc, bullet, BULLETML_DIRECTION);
    if (speed != BULLETML_NONE) {
        bcomp_number(c, speed);
        bcomp_ax(c, VM_OP_SHOT_SPD, bcomp_speed_mode(&doc->nodes[speed]), &doc->nodes[speed]);
    }
    if (dir != BULLETML_NONE)
        bcomp_ax(c, VM_OP_SHOT_DIR, bcomp_direction(c, dir), &doc->nodes[dir]);
    uint32_t look = bcomp_look(c, bullet);
    if (look)
        bcomp_ax(c, VM_OP_SHOT_LOOK, look, n);
    if (!bcomp_has_script(doc, bullet)) {
        bcomp_ax(c, VM_OP_FIRE, 0, n);
        return;
    }
    uint32_t script = bcomp_script(c, bullet);
    int need = bcomp_script_need(c, bullet);
    for (int k = 0; k < need; k++) {
        if (k < c->nparams)
            bcomp_ax(c, VM_OP_LOCAL, (uint32_t)k, n);
        else
            bcomp_const(c, 1.0, n);
    }
    bcomp_ax(c, VM_OP_FIRE_RUN, script, n);
}

/* The children after the body of a fire or a repeat: libbulletml's cursor runs them
 * as commands once the body is done (the loader admits only commands there). */
static void bcomp_commands_after(bcomp *c, int32_t body)
{
    for (int32_t k = c->doc->nodes[body].next_sibling; k != BULLETML_NONE && !c->failed;
         k = c->doc->nodes[k].next_sibling)
        bcomp_command(c, k);
}

/* fire: its speed, then its direction, then its body (its first bullet, else its
 * first bulletRef), then the commands after the body. */
static void bcomp_fire(bcomp *c, int32_t fire)
{
    const bulletml_doc *doc = c->doc;
    int32_t speed = bulletml_node_child(doc, fire, BULLETML_SPEED);
    int32_t dir = bulletml_node_child(doc, fire, BULLETML_DIRECTION);
    int32_t body = bulletml_node_body(doc, fire);
    bcomp_ax(c, VM_OP_SHOT_BEGIN, 0, &doc->nodes[fire]);
    if (speed != BULLETML_NONE) {
        bcomp_number(c, speed);
        bcomp_ax(c, VM_OP_SHOT_SPD, bcomp_speed_mode(&doc->nodes[speed]), &doc->nodes[speed]);
    }
    if (dir != BULLETML_NONE)
        bcomp_ax(c, VM_OP_SHOT_DIR, bcomp_direction(c, dir), &doc->nodes[dir]);
    if (doc->nodes[body].elem == BULLETML_BULLET)
        bcomp_bullet(c, body);
    else
        bcomp_call(c, body);
    bcomp_commands_after(c, body);
}

/* changeDirection and changeSpeed: the term first, then the value, then a ramp
 * that records its target as the previous value unless it is a sequence (and,
 * for directions, only in Debian's dialect). */
static void bcomp_change(bcomp *c, int32_t node, vm_prop prop)
{
    const bulletml_doc *doc = c->doc;
    int32_t term = bulletml_node_child(doc, node, BULLETML_TERM);
    int heading = prop == VM_PROP_HEADING;
    int32_t value = bulletml_node_child(doc, node, heading ? BULLETML_DIRECTION : BULLETML_SPEED);
    bcomp_number(c, term);
    vm_mode mode;
    if (heading) {
        mode = bcomp_direction(c, value);
    } else {
        bcomp_number(c, value);
        mode = bcomp_speed_mode(&doc->nodes[value]);
    }
    uint32_t flags = mode;
    if (mode != VM_MODE_SEQ && (!heading || c->records_dir))
        flags |= VM_RAMP_RECORD;
    bcomp_ab(c, VM_OP_RAMP, prop, flags, &doc->nodes[node]);
}

/* accel: the term once, then each component present, in the document's order:
 * vertical documents X = horizontal then Y = vertical; horizontal ones X =
 * vertical then Y = -horizontal. */
static void bcomp_accel(bcomp *c, int32_t node)
{
    const bulletml_doc *doc = c->doc;
    const bulletml_node *n = &doc->nodes[node];
    int32_t h = bulletml_node_child(doc, node, BULLETML_HORIZONTAL);
    int32_t v = bulletml_node_child(doc, node, BULLETML_VERTICAL);
    int32_t first = doc->horizontal ? v : h, second = doc->horizontal ? h : v;
    int32_t parts[2];
    vm_prop props[2];
    int count = 0;
    if (first != BULLETML_NONE) {
        parts[count] = first;
        props[count++] = VM_PROP_VX;
    }
    if (second != BULLETML_NONE) {
        parts[count] = second;
        props[count++] = VM_PROP_VY;
    }
    bcomp_number(c, bulletml_node_child(doc, node, BULLETML_TERM));
    if (count == 0) {
        bcomp_ax(c, VM_OP_POP, 0, n);
        return;
    }
    if (count == 2)
        bcomp_ax(c, VM_OP_DUP, 0, n);
    for (int k = 0; k < count; k++) {
        const bulletml_node *part = &doc->nodes[parts[k]];
        bcomp_number(c, parts[k]);
        if (doc->horizontal && part->elem == BULLETML_HORIZONTAL)
            bcomp_ax(c, VM_OP_NEG, 0, part);
        bcomp_ab(c, VM_OP_RAMP, props[k], bcomp_speed_mode(part), n);
    }
}

/* repeat: times once, then each round the body and the commands after it (two
 * actionRefs: both, every round), at least once (LOOP_INIT's flag). */
static void bcomp_repeat(bcomp *c, int32_t node)
{
    const bulletml_doc *doc = c->doc;
    const bulletml_node *n = &doc->nodes[node];
    int32_t body = bulletml_node_body(doc, node);
    uint32_t slot = (uint32_t)(c->nparams + 2 * c->loops);
    if (++c->loops > c->max_loops)
        c->max_loops = c->loops;
    bcomp_number(c, bulletml_node_child(doc, node, BULLETML_TIMES));
    bcomp_ab(c, VM_OP_LOOP_INIT, slot, VM_LOOP_AT_LEAST_ONCE, n);
    uint32_t test = program_pc(c->b);
    program_emit(c->b, VM_MAKE_ASB(VM_OP_LOOP_TEST, slot, 0), bcomp_pos(c, n));
    if (doc->nodes[body].elem == BULLETML_ACTION)
        bcomp_children(c, body);
    else
        bcomp_call(c, body);
    bcomp_commands_after(c, body);
    uint32_t next = program_pc(c->b);
    program_emit(c->b, VM_MAKE_ASB(VM_OP_LOOP_NEXT, slot, 0), bcomp_pos(c, n));
    if (program_patch_jump(c->b, next, test) != 0 ||
        program_patch_jump(c->b, test, program_pc(c->b)) != 0)
        bcomp_fail(c, n, "the body of this <repeat> is too long for the VM's loop jumps");
    c->loops--;
}

/* An inline action: its commands. An empty one is still a command to libbulletml,
 * which steps it on a frame of its own: after a bullet's last wait, it puts the
 * next action one frame later (BULLETML.md 4.2). CONST and POP do nothing but
 * count, for YIELD 1, as a command rather than a climb (docs/bulletml.md). */
static void bcomp_action(bcomp *c, int32_t node)
{
    const bulletml_node *n = &c->doc->nodes[node];
    if (n->first_child == BULLETML_NONE) {
        bcomp_const(c, 0.0, n);
        bcomp_ax(c, VM_OP_POP, 0, n);
        return;
    }
    bcomp_children(c, node);
}

static void bcomp_command(bcomp *c, int32_t node)
{
    const bulletml_node *n = &c->doc->nodes[node];
    switch ((bulletml_elem)n->elem) {
    case BULLETML_ACTION: bcomp_action(c, node); break;
    case BULLETML_FIRE: bcomp_fire(c, node); break;
    case BULLETML_CHANGE_DIRECTION: bcomp_change(c, node, VM_PROP_HEADING); break;
    case BULLETML_CHANGE_SPEED: bcomp_change(c, node, VM_PROP_SPEED); break;
    case BULLETML_ACCEL: bcomp_accel(c, node); break;
    case BULLETML_WAIT:
        bcomp_number(c, node);
        bcomp_ax(c, VM_OP_WAIT, 0, n);
        break;
    case BULLETML_VANISH: bcomp_ax(c, VM_OP_VANISH, 0, n); break;
    case BULLETML_REPEAT: bcomp_repeat(c, node); break;
    case BULLETML_ACTION_REF:
    case BULLETML_FIRE_REF: bcomp_call(c, node); break;
    case BULLETML_BULLET: /* run as a command: the thread's last shot, then the bullet */
        bcomp_ax(c, VM_OP_SHOT_AGAIN, 0, n);
        bcomp_bullet(c, node);
        break;
    case BULLETML_BULLET_REF:
        bcomp_ax(c, VM_OP_SHOT_AGAIN, 0, n);
        bcomp_call(c, node);
        break;
    default: break; /* the loader admits nothing else in an action */
    }
}

/* A bullet's script: its actions, then its actionRefs, each next one from the
 * next frame (YIELD: the schedule clock stays where it is). */
static void bcomp_script_body(bcomp *c, int32_t bullet)
{
    const bulletml_doc *doc = c->doc;
    int roots = 0;
    for (int pass = 0; pass < 2; pass++) {
        bulletml_elem want = pass == 0 ? BULLETML_ACTION : BULLETML_ACTION_REF;
        for (int32_t k = doc->nodes[bullet].first_child; k != BULLETML_NONE;
             k = doc->nodes[k].next_sibling) {
            if (doc->nodes[k].elem != want)
                continue;
            if (roots++ > 0)
                bcomp_ax(c, VM_OP_YIELD, 1, &doc->nodes[k]);
            if (want == BULLETML_ACTION)
                bcomp_children(c, k);
            else
                bcomp_call(c, k);
        }
    }
}

/* Emits the code of one queued function. */
static void bcomp_emit_job(bcomp *c, const bcomp_job *job)
{
    const bulletml_node *n = &c->doc->nodes[job->node];
    c->nparams = c->b->p.funcs[job->func].nparams;
    c->loops = c->max_loops = 0;
    program_begin_func(c->b, job->func);
    switch (job->kind) {
    case BCOMP_TOP: bcomp_children(c, job->node); break;
    case BCOMP_SCRIPT: bcomp_script_body(c, job->node); break;
    case BCOMP_DEF:
        if (n->elem == BULLETML_BULLET)
            bcomp_bullet(c, job->node);
        else if (n->elem == BULLETML_FIRE)
            bcomp_fire(c, job->node);
        else
            bcomp_children(c, job->node);
        break;
    }
    bcomp_ax(c, VM_OP_RET, 0, n);
    program_end_func(c->b, job->func, 2 * c->max_loops);
}

/* need[]: the highest $n of each subtree, children before parents (the nodes
 * are in document order, so a reverse sweep sees every child first). */
static void bcomp_needs(bcomp *c)
{
    const bulletml_doc *doc = c->doc;
    for (int32_t i = doc->node_count - 1; i >= 0; i--) {
        const bulletml_node *n = &doc->nodes[i];
        for (uint32_t k = 0; k < n->expr_count; k++) {
            const bulletml_xop *op = &doc->ops[n->expr_first + k];
            if (op->code == BULLETML_XOP_PARAM && op->param > c->need[i])
                c->need[i] = op->param;
        }
        if (n->parent != BULLETML_NONE && c->need[i] > c->need[n->parent])
            c->need[n->parent] = c->need[i];
    }
}

int bulletml_compile(const bulletml_doc *doc, bulletml_dialect dialect, program_builder *b,
                     uint32_t *tops, char *err, size_t err_size)
{
    return bulletml_compile_looks(doc, dialect, b, tops, NULL, 0, err, err_size);
}

int bulletml_compile_looks(const bulletml_doc *doc, bulletml_dialect dialect, program_builder *b,
                           uint32_t *tops, const bulletml_look *looks, int nlooks, char *err,
                           size_t err_size)
{
    bcomp c;
    memset(&c, 0, sizeof c);
    c.looks = looks;
    c.nlooks = nlooks;
    c.doc = doc;
    c.b = b;
    c.err = err;
    c.err_size = err_size;
    c.records_dir = bulletml_dialect_records[dialect];
    if (err_size)
        err[0] = '\0';
    if (doc->max_ref_depth > VM_MAX_DEPTH) {
        snprintf(err, err_size,
                 "%s: references nested %d deep; the VM allows %d calls one inside "
                 "another",
                 doc->path, (int)doc->max_ref_depth, VM_MAX_DEPTH);
        return -1;
    }
    size_t n = (size_t)doc->node_count;
    c.def_func = mem_alloc(n * sizeof *c.def_func);
    c.script_func = mem_alloc(n * sizeof *c.script_func);
    c.need = mem_calloc(n, sizeof *c.need);
    if (!c.def_func || !c.script_func || !c.need) {
        b->failed = 1;
    } else {
        memset(c.def_func, 0xff, n * sizeof *c.def_func);
        memset(c.script_func, 0xff, n * sizeof *c.script_func);
        c.file = program_add_file(b, doc->path);
        bcomp_needs(&c);
        for (int32_t t = 0; t < doc->top_count; t++)
            tops[t] = bcomp_queue(&c, doc->tops[t], BCOMP_TOP, 0);
        for (int32_t j = 0; j < c.job_count && !c.failed && !b->failed; j++) {
            bcomp_job job = c.jobs[j];
            bcomp_emit_job(&c, &job);
        }
    }
    mem_free(c.def_func);
    mem_free(c.script_func);
    mem_free(c.need);
    mem_free(c.jobs);
    return c.failed ? -1 : 0;
}

/* ---- one file, one program ---------------------------------------------------------- */

int bulletml_pattern_load(bulletml_pattern *pattern, const char *path, bulletml_dialect dialect,
                          bulletml_diags *diags)
{
    memset(pattern, 0, sizeof *pattern);
    bulletml_doc *doc = bulletml_load_file(path, diags);
    if (!doc)
        return -1;
    char err[400];
    program_builder b;
    program_builder_init(&b);
    pattern->tops =
        mem_calloc((size_t)(doc->top_count ? doc->top_count : 1), sizeof *pattern->tops);
    int rc = -1;
    if (pattern->tops && bulletml_compile(doc, dialect, &b, pattern->tops, err, sizeof err) == 0)
        rc = program_finish(&b, &pattern->program, err, sizeof err);
    else
        program_builder_free(&b);
    if (!pattern->tops)
        snprintf(err, sizeof err, "%s: out of memory", path);
    if (rc == 0) {
        pattern->top_count = doc->top_count;
        pattern->horizontal = doc->horizontal;
        pattern->call_depth = doc->max_ref_depth;
    } else if (diags) {
        diags->errors++;
        if (diags->kept < BULLETML_DIAG_KEEP) {
            bulletml_diag *item = &diags->items[diags->kept++];
            item->severity = BULLETML_ERROR;
            item->line = item->col = 0;
            if (strncmp(err, path, strlen(path)) == 0)
                snprintf(item->text, sizeof item->text, "%s", err);
            else
                snprintf(item->text, sizeof item->text, "%s: %s", path, err);
        }
    }
    bulletml_unload(doc);
    if (rc != 0)
        bulletml_pattern_unload(pattern);
    return rc;
}

void bulletml_pattern_unload(bulletml_pattern *pattern)
{
    program_free(pattern->program);
    mem_free(pattern->tops);
    memset(pattern, 0, sizeof *pattern);
}

uint32_t bulletml_pattern_stack_slots(const bulletml_pattern *pattern)
{
    uint32_t frame = 16;
    for (uint32_t f = 0; f < pattern->program->func_count; f++)
        if (pattern->program->funcs[f].frame_size > frame)
            frame = pattern->program->funcs[f].frame_size;
    uint32_t slots = frame * (uint32_t)(pattern->call_depth + 1);
    return slots > 0xffff ? 0xffff : slots;
}
