/*
 * compiler_show: presentation statements (effect, flash, tint, shake, cutin).
 * Each compiles to no instruction: a vm_show keyed at the place the script will
 * pass (its function's start, or the next wait of its block). Part of the
 * compiler (compiler.h); the shared state is compiler_state.h. See
 * docs/architecture.md, Presentation statements.
 */
#include "pattern/language/compiler_state.h"

/* ---- presentation statements (effect, flash, tint, shake, cutin) ---- */

/* Which clauses each show kind takes (bit k: ast_show_clause k), and their names
 * for the error that says so. */
static const struct {
    uint32_t clauses;
    const char *list;
} show_takes[VM_SHOW_KIND_COUNT] = {
    [VM_SHOW_EFFECT] = {(1u << SC_COUNT) - 1, "at, move, size, grow, over, turn, angle, hold, "
                                              "fade, alpha, additive, after"},
    [VM_SHOW_FLASH] = {1u << SC_OVER | 1u << SC_ALPHA | 1u << SC_AFTER, "over, alpha, after"},
    [VM_SHOW_TINT] = {1u << SC_OVER | 1u << SC_ALPHA | 1u << SC_AFTER, "over, alpha, after"},
    [VM_SHOW_SHAKE] = {1u << SC_OVER | 1u << SC_AFTER, "over, after"},
    [VM_SHOW_CUTIN] = {1u << SC_OVER | 1u << SC_AFTER, "over, after"},
};

static const char *const show_clause_words[] = {
#define SHOW_CLAUSE_WORD(id, keyword, shape) keyword,
    AST_SHOW_CLAUSES(SHOW_CLAUSE_WORD)
#undef SHOW_CLAUSE_WORD
};

/* A show's number: a constant within [lo, hi], or reported (and def). */
static float show_number(fstate *f, const ast_show *sh, const ast_expr *e, const char *what,
                         double lo, double hi, double def)
{
    double v;
    if (!e)
        return (float)def;
    if (!fold(f, e, &v)) {
        REPORT(f, DIAG_NOT_CONSTANT, expr_start(e),
               "'%s' is drawn, not run: its %s must be known when the file loads (a number or "
               "a constant)",
               vm_show_name((vm_show_kind)sh->kind), what);
        return (float)def;
    }
    if (!(v >= lo && v <= hi)) {
        REPORT(f, DIAG_EXPECTED, expr_start(e), "'%s' takes %s from %g to %g, not %g",
               vm_show_name((vm_show_kind)sh->kind), what, lo, hi, v);
        return (float)def;
    }
    return (float)v;
}

/* A show's colour (white when none is given), or reported (-1). */
static int show_colour(fstate *f, const ast_show *sh)
{
    if (!sh->colour)
        return BULLET_COLOR_WHITE;
    for (int i = 0; i < BULLET_COLOR_COUNT; i++)
        if (strcmp(compiler_colours[i], sh->colour) == 0)
            return i;
    char hint[96];
    REPORT(f, DIAG_UNKNOWN_COLOUR, sh->colour_pos, "unknown colour '%s'%s", sh->colour,
           compiler_hint(diag_suggest(sh->colour, compiler_colours, BULLET_COLOR_COUNT), hint,
                         sizeof hint));
    return -1;
}

static void show_attach_one(fstate *f, vm_show *v, uint32_t pc);

/* Where a show may stand: a script of a stage, an enemy, a boss or a ship,
 * never a bullet's or a function's. Returns 1 when reported. */
static int show_misplaced(fstate *f, const ast_stmt *s)
{
    const char *word = vm_show_name((vm_show_kind)s->show->kind);
    if (f->in_function) {
        REPORT(f, DIAG_SHOW_PLACE, s->pos,
               "a function returns its value at once: '%s' cannot be used in one", word);
        return 1;
    }
    if (f->on_bullet) {
        REPORT(f, DIAG_SHOW_PLACE, s->pos,
               "'%s' is shown by a stage, an enemy, a boss or a ship's volley or bomb, not by a "
               "bullet's or a laser's script",
               word);
        return 1;
    }
    return 0;
}

/* effect, flash, tint, shake, cutin: a vm_show, no code. It waits for the next
 * `wait` of its own block (or the end of the function's own block) and is shown
 * whenever the runner reaches that wait: on the frame the script reaches the
 * statement, as often as it does, without an instruction that would move the
 * code a recorded replay checks. */
void stmt_show(fstate *f, const ast_stmt *s)
{
    const ast_show *sh = s->show;
    if (!sh || show_misplaced(f, s))
        return;
    vm_show v;
    memset(&v, 0, sizeof v);
    v.kind = (uint8_t)sh->kind;
    v.pos = (vm_pos){s->pos.line, (uint16_t)s->pos.col, f->c->in->file_ids[f->file]};
    const char *word = vm_show_name((vm_show_kind)sh->kind);
    int bad = 0;
    for (int k = 0; k < SC_COUNT; k++)
        if (sh->has[k] && !(show_takes[sh->kind].clauses & (1u << k))) {
            REPORT(f, DIAG_UNKNOWN_CLAUSE, sh->at[k], "'%s' does not take '%s' (it takes %s)", word,
                   show_clause_words[k], show_takes[sh->kind].list);
            bad = 1;
        }
    int colour = show_colour(f, sh);
    bad |= colour < 0;
    v.colour = (uint8_t)(colour < 0 ? BULLET_COLOR_WHITE : colour);
    v.alpha = 1.0f;
    v.after = show_number(f, sh, sh->a[SC_AFTER], "delay (frames)", 0, 600, 0);
    switch ((vm_show_kind)sh->kind) {
    case VM_SHOW_EFFECT: {
        int shape = art_shape_by_name(f->c->lib->art, (int)f->c->lib->art_count, sh->shape);
        if (shape < 0) {
            char hint[96];
            REPORT(f, DIAG_UNKNOWN_SHAPE, sh->shape_pos, "unknown shape '%s'%s", sh->shape,
                   compiler_hint(diag_suggest(sh->shape, compiler_shapes, BULLET_SHAPE_COUNT), hint,
                                 sizeof hint));
            bad = 1;
        }
        v.shape = (uint8_t)(shape < 0 ? 0 : shape);
        v.x = show_number(f, sh, sh->a[SC_AT], "x", -1000, 1000, 0);
        v.y = show_number(f, sh, sh->b[SC_AT], "y", -1000, 1000, 0);
        v.vx = show_number(f, sh, sh->a[SC_MOVE], "motion", -64, 64, 0);
        v.vy = show_number(f, sh, sh->b[SC_MOVE], "motion", -64, 64, 0);
        v.size = show_number(f, sh, sh->a[SC_SIZE], "size", 0, 32, 1);
        v.grow = show_number(f, sh, sh->a[SC_GROW], "size it grows to", 0, 32, v.size);
        v.turn = show_number(f, sh, sh->a[SC_TURN], "turn per frame", -180, 180, 0);
        v.angle = show_number(f, sh, sh->a[SC_ANGLE], "angle", -3600, 3600, 0);
        v.hold = show_number(f, sh, sh->a[SC_HOLD], "frames held", 0, 600, 0);
        v.fade = show_number(f, sh, sh->a[SC_FADE], "frames fading", 0, 600, 30);
        v.over = show_number(f, sh, sh->a[SC_OVER], "frames growing", 1, 600, v.hold + v.fade);
        v.alpha = show_number(f, sh, sh->a[SC_ALPHA], "opacity", 0, 1, 1);
        v.additive = (uint8_t)sh->has[SC_ADDITIVE];
        if (v.hold + v.fade < 1 && !bad) {
            REPORT(f, DIAG_EXPECTED, s->pos,
                   "an effect lasts its 'hold' and 'fade' frames: give "
                   "it at least one");
            bad = 1;
        }
        break;
    }
    case VM_SHOW_FLASH:
    case VM_SHOW_TINT:
        v.over = show_number(f, sh, sh->a[SC_OVER], "frames", 1, 600,
                             sh->kind == VM_SHOW_FLASH ? 20 : 60);
        v.alpha = show_number(f, sh, sh->a[SC_ALPHA], "opacity", 0, 1,
                              sh->kind == VM_SHOW_FLASH ? 0.6 : 0.3);
        break;
    case VM_SHOW_SHAKE:
        v.strength = show_number(f, sh, sh->value, "strength (px)", 0, 32, 4);
        v.over = show_number(f, sh, sh->a[SC_OVER], "frames", 1, 600, 30);
        break;
    case VM_SHOW_CUTIN:
        if (sh->text && strlen(sh->text) >= VM_SHOW_TEXT) {
            REPORT(f, DIAG_EXPECTED, s->name_pos, "a cut-in's name is at most %d bytes",
                   VM_SHOW_TEXT - 1);
            bad = 1;
        } else if (sh->text) {
            memcpy(v.text, sh->text, strlen(sh->text) + 1);
        }
        v.over = show_number(f, sh, sh->a[SC_OVER], "frames", 1, 600, 100);
        break;
    case VM_SHOW_KIND_COUNT: return;
    }
    if (bad)
        return;
    if (f->depth == 1 && !f->waited) { /* before anything waits: as the script starts */
        v.at_start = 1;
        show_attach_one(f, &v, f->show_pc ? f->show_pc : f->c->b->p.funcs[f->func].pc);
        return;
    }
    if (f->nshows >= COMPILER_MAX_SHOWS_WAITING) {
        REPORT(f, DIAG_SHOW_PLACE, s->pos,
               "at most %d effects, flashes, tints, shakes and cut-ins wait for one 'wait'",
               COMPILER_MAX_SHOWS_WAITING);
        return;
    }
    f->show_depth[f->nshows] = f->depth;
    f->shows[f->nshows++] = v;
}

/* One show into the program at pc, or reported when the library has too many. */
static void show_attach_one(fstate *f, vm_show *v, uint32_t pc)
{
    if (f->c->b->p.show_count >= COMPILER_MAX_SHOWS) {
        ast_pos pos = {v->pos.line, v->pos.col};
        REPORT(f, DIAG_SHOW_PLACE, pos,
               "more than %d effects, flashes, tints, shakes and cut-ins in the library",
               COMPILER_MAX_SHOWS);
        return;
    }
    v->pc = pc;
    program_add_show(f->c->b, v);
}

/* Hands the waiting shows to the WAIT or RET at pc: those of this block; one of
 * an outer block would be shown at a wait nested after it, not its own. */
void show_attach(fstate *f, uint32_t pc)
{
    for (int k = 0; k < f->nshows; k++) {
        vm_show *v = &f->shows[k];
        if (f->show_depth[k] < f->depth) {
            ast_pos pos = {v->pos.line, v->pos.col};
            REPORT(f, DIAG_SHOW_PLACE, pos,
                   "'%s' is shown when its own block reaches its next 'wait', and a 'wait' in "
                   "a block inside it comes first: put a 'wait' right after it",
                   vm_show_name((vm_show_kind)v->kind));
            continue;
        }
        show_attach_one(f, v, pc);
    }
    f->nshows = 0;
}

/* A block ends: its waiting shows had no 'wait' after them (reported). */
void show_block_end(fstate *f)
{
    int n = 0;
    for (int k = 0; k < f->nshows; k++) {
        if (f->show_depth[k] < f->depth) {
            f->show_depth[n] = f->show_depth[k];
            f->shows[n++] = f->shows[k];
            continue;
        }
        ast_pos pos = {f->shows[k].pos.line, f->shows[k].pos.col};
        REPORT(f, DIAG_SHOW_PLACE, pos,
               "'%s' is shown when its block reaches its next 'wait': put one after it in this "
               "block",
               vm_show_name((vm_show_kind)f->shows[k].kind));
    }
    f->nshows = n;
}
