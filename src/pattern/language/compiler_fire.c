/*
 * compiler_fire: the fire statement. A bullet's or laser's look, its clauses in
 * reading order (each onto the shot registers: SHOT_DIR, SHOT_SPD, SHOT_FORM,
 * SHOT_SET), what it keeps (as NAME) and the script it runs. Part of the
 * compiler (compiler.h); the shared state is compiler_state.h.
 */
#include "pattern/language/compiler_state.h"
#include "sim/laser_pool.h"

const char *const compiler_shapes[] = {
#define COMPILER_SHAPE_NAME(id, name, radius, rotates, size) name,
    BULLET_SHAPES(COMPILER_SHAPE_NAME)
#undef COMPILER_SHAPE_NAME
};
const char *const compiler_colours[] = {
#define COMPILER_COLOUR_NAME(id, name) name,
    BULLET_COLORS(COMPILER_COLOUR_NAME)
#undef COMPILER_COLOUR_NAME
};

static const char *const compiler_clause_words[] = {
#define COMPILER_CLAUSE_WORD(id, keyword, shape, applies, reg) keyword,
    AST_CLAUSES(COMPILER_CLAUSE_WORD)
#undef COMPILER_CLAUSE_WORD
};
static const char *const compiler_clause_shapes[] = {
#define COMPILER_CLAUSE_SHAPE(id, keyword, shape, applies, reg) shape,
    AST_CLAUSES(COMPILER_CLAUSE_SHAPE)
#undef COMPILER_CLAUSE_SHAPE
};
static const char *const compiler_clause_applies[] = {
#define COMPILER_CLAUSE_APPLIES(id, keyword, shape, applies, reg) applies,
    AST_CLAUSES(COMPILER_CLAUSE_APPLIES)
#undef COMPILER_CLAUSE_APPLIES
};

/* The names AST_CLAUSES' reg column may hold: a shot register's id, or BY_HAND. */
enum compiler_clause_reg {
#define COMPILER_REG(id, name, def, kind, doc) COMPILER_REG_##id = VM_SHOT_##id,
    VM_SHOT_FIELDS(COMPILER_REG)
#undef COMPILER_REG
    COMPILER_REG_BY_HAND = -1
};
/* The shot register each clause sets, or COMPILER_REG_BY_HAND (fire_clause). */
static const int compiler_clause_regs[] = {
#define COMPILER_CLAUSE_REG(id, keyword, shape, applies, reg) COMPILER_REG_##reg,
    AST_CLAUSES(COMPILER_CLAUSE_REG)
#undef COMPILER_CLAUSE_REG
};

/* The look of a fire: SHOT_LOOK when it names a known shape (and a known colour,
 * white when none). Without a shape, or with an unknown name (reported, with a
 * hint), the shot keeps the host's default look. */
uint32_t look_code(fstate *f, const ast_fire *fire)
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

/* The laser kinds' names for a message: "straight or curvy". */
static const char *laser_kind_list(char *out, size_t size)
{
    size_t len = 0;
    out[0] = '\0';
    for (int k = 0; k < LASER_KIND_COUNT && len < size; k++) {
        const char *sep = k == 0 ? "" : k == LASER_KIND_COUNT - 1 ? " or " : ", ";
        int n = snprintf(out + len, size - len, "%s%s", sep, laser_kind_name((laser_kind)k));
        len += n > 0 ? (size_t)n : 0;
    }
    return out;
}

/* A laser's kind and colour: `laser [KIND] [colour]` (a kind of sim/laser_pool.h's
 * LASER_KINDS), or `laser colour` for a straight one. Emits SHOT_SET LASER (the
 * kind's id + 1) and the look (colour only); returns the kind's letter of
 * compiler_clause_applies. */
static char laser_look(fstate *f, const ast_fire *fire, ast_pos pos)
{
    const char *kind = fire->shape, *colour = fire->colour;
    ast_pos colour_pos = fire->colour_pos;
    char hint[96], kinds[96];
    int k = kind ? laser_kind_find(kind) : -1, c = BULLET_COLOR_WHITE;
    if (kind && k < 0) {
        if (colour)
            REPORT(f, DIAG_UNKNOWN_SHAPE, fire->shape_pos,
                   "unknown laser kind '%s' (a laser is %s)", kind,
                   laser_kind_list(kinds, sizeof kinds));
        colour = kind; /* laser red: a straight red laser */
        colour_pos = fire->shape_pos;
    }
    if (k < 0)
        k = LASER_STRAIGHT;
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
    emit_const(f, k + 1, pos);
    emit_ax(f, VM_OP_SHOT_SET, VM_SHOT_LASER, pos);
    if (c >= 0)
        emit_ax(f, VM_OP_SHOT_LOOK, library_look(BULLET_SHAPE_ORB, c), pos);
    return laser_kind_letter((laser_kind)k);
}

/* One clause of a fire: its operands, then the SHOT_* instruction that sets it.
 * A clause of one register (AST_CLAUSES' reg column) sets it to its expression,
 * or to 1 when it takes none; the others are compiled here by hand. */
static void fire_clause(fstate *f, const ast_clause *c)
{
    int reg = compiler_clause_regs[c->kind];
    if (reg != COMPILER_REG_BY_HAND) {
        if (compiler_clause_shapes[c->kind][0])
            expr(f, c->a);
        else
            emit_const(f, 1, c->pos);
        emit_ax(f, VM_OP_SHOT_SET, (uint32_t)reg, c->pos);
        return;
    }
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
    default: break;
    }
}

/* A laser's size: its `length` and `width` must be given, and a constant one
 * must fit (a curvy body is 1 .. LASER_CURVY_MAX_LENGTH nodes; a beam's
 * length and any width more than 0). A size known only while the game runs is
 * clamped by the pool. */
static void laser_size(fstate *f, const ast_stmt *s, char what, const ast_clause *const *seen)
{
    static const int kinds[2] = {CL_LENGTH, CL_WIDTH};
    for (int k = 0; k < 2; k++) {
        const ast_clause *c = seen[kinds[k]];
        const char *word = compiler_clause_words[kinds[k]];
        double v;
        if (!c) {
            REPORT(f, DIAG_LASER_CLAUSE, s->pos, "a laser needs a %s: laser ... length %s width 8",
                   word, what == 'c' ? "30 (nodes)" : "300 (px)");
        } else if (fold(f, c->a, &v)) {
            if (what == 'c' && k == 0 && !(v >= 1 && v <= LASER_CURVY_MAX_LENGTH))
                REPORT(f, DIAG_LASER_CLAUSE, c->pos,
                       "a curvy laser's length is 1 to %u nodes (the positions of its head it "
                       "keeps), not %g",
                       LASER_CURVY_MAX_LENGTH, v);
            else if (!(v > 0))
                REPORT(f, DIAG_LASER_CLAUSE, c->pos, "a laser's %s must be more than 0, not %g",
                       word, v);
        }
    }
}

/* fire: the look, the clauses in reading order, then FIRE or FIRE_RUN. */
void stmt_fire(fstate *f, const ast_stmt *s)
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
    if (what != 'b')
        laser_size(f, s, what, seen);
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
