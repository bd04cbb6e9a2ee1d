/*
 * compiler_verb: the statements the host carries out (VM_OP_ACT verbs):
 * health, score, hitbox, look, title, sound, music, clear, pierce, damage,
 * drops, spawn, boss, say, print and background; with the checks of the names
 * they give (looks, sounds, characters, backdrops) and their folded texts. Part
 * of the compiler (compiler.h); the shared state is compiler_state.h.
 */
#include "pattern/language/compiler_state.h"

/* A text operand of a verb: the string's index as a constant. */
void emit_string(fstate *f, const char *text, ast_pos pos)
{
    emit_ref(f, text ? (double)program_add_string(f->c->b, text) : -1.0, VM_REF_STRING, pos);
}

/* A title's or spell card's text with the parts joined after its first string
 * ("Stage " + N), folded now: each part a string, or a number known when the
 * file loads (reported otherwise); the text itself when nothing is joined.
 * The result lives in the compiler's arena (or the library's, when `keep`,
 * which reports nothing: the same text compiled into the code reports it). */
const char *fold_text(fstate *f, const char *first, const ast_arg *parts, int keep)
{
    if (!first || !parts)
        return first;
    char buf[512];
    size_t used = (size_t)snprintf(buf, sizeof buf, "%s", first);
    for (const ast_arg *a = parts; a && used < sizeof buf - 1; a = a->next) {
        double v = 0;
        int n = 0;
        if (!a->value)
            n = snprintf(buf + used, sizeof buf - used, "%s", a->name);
        else if (fold(f, a->value, &v))
            n = snprintf(buf + used, sizeof buf - used, "%.10g", v);
        else if (!keep) { /* the table's copy stays quiet: the code's reports it */
            REPORT(f, DIAG_NOT_CONSTANT, expr_start(a->value),
                   "a title's or spell card's text is known when the file loads: join strings, "
                   "numbers and constants ('say' and 'print' take any value)");
            n = 0;
        }
        used += n > 0 ? (size_t)n : 0;
        used = used < sizeof buf - 1 ? used : sizeof buf - 1;
    }
    arena *ar = keep ? &f->c->lib->mem : f->c->ar;
    const char *out = arena_strndup(ar, buf, strlen(buf));
    return out ? out : first;
}

/* Whether s describes an enemy (health, score, hitbox, look, drops) inside a
 * bullet's script, where the host has no enemy to give it to: reported, and
 * the statement compiles to nothing. */
int stmt_enemy_only(fstate *f, const ast_stmt *s)
{
    const char *word = NULL;
    if (s->kind == ST_DROPS)
        word = "drops";
    else if (s->kind == ST_VERB && words_verbs[s->verb].where == WORD_WHERE_ENEMY)
        word = words_verbs[s->verb].word;
    if (!word || !f->on_bullet)
        return 0;
    REPORT(f, DIAG_ENEMY_ONLY, s->pos, "'%s' describes an enemy; a bullet's script cannot use it",
           word);
    return 1;
}

/* Reports a look that names neither a sprite of sim/enemy_look.h (for a ship,
 * of its ship_looks) nor one of the library's art shapes (the host would draw a
 * default instead), with the nearest of those names as a hint. */
void compiler_check_look_in(compiler *c, int file, const char *look, ast_pos pos,
                            const char *const *builtin, int nbuiltin)
{
    const library *lib = c->lib;
    if (!look || art_find(lib->art, (int)lib->art_count, look))
        return;
    for (int i = 0; i < nbuiltin; i++)
        if (strcmp(builtin[i], look) == 0)
            return;
    const char *names[ENEMY_LOOK_COUNT + SHIP_LOOK_COUNT + ART_MAX_SHAPES];
    int n = 0;
    for (int i = 0; i < nbuiltin; i++)
        names[n++] = builtin[i];
    for (uint32_t i = 0; i < lib->art_count && i < ART_MAX_SHAPES; i++)
        names[n++] = lib->art[i].name;
    char hint[96];
    compiler_report(c, DIAG_UNKNOWN_LOOK, file, pos, "unknown look '%s'%s", look,
                    compiler_hint(diag_suggest(look, names, n), hint, sizeof hint));
}

/* An enemy's or boss's look. */
void compiler_check_look(compiler *c, int file, const char *look, ast_pos pos)
{
    compiler_check_look_in(c, file, look, pos, enemy_look_names, ENEMY_LOOK_COUNT);
}

/* Reports a sound that is neither built-in nor a sound file found from the
 * script's folder (pattern/content/sound_file.h); a file found joins the library's
 * sound table, made at the first one. */
static void compiler_check_sound(compiler *c, int file, const char *name, ast_pos pos)
{
    library *lib = c->lib;
    if (!name || !lib)
        return;
    if (!lib->sounds) {
        lib->sounds = arena_alloc(&lib->mem, SOUND_FILE_MAX * sizeof *lib->sounds);
        if (!lib->sounds)
            return;
    }
    char err[512];
    const library_file *f = &c->in->files[file];
    int rc = sound_file_resolve(&lib->mem, lib->sounds, &lib->sound_count, f->path, name, pos.line,
                                pos.col, err, sizeof err);
    if (rc != 0)
        compiler_report(c, rc == -1 ? DIAG_UNKNOWN_SOUND : DIAG_BAD_SOUND, file, pos, "%s", err);
}

/* The character a boss or ship names (`character NAME`): its index in the
 * library's characters, or -1 (none named, or unknown: reported with a hint). */
int compiler_check_character(compiler *c, int file, const char *name, ast_pos pos)
{
    if (!name)
        return -1;
    const library *lib = c->lib;
    int k = character_find(lib->characters, (int)lib->character_count, name);
    if (k >= 0)
        return k;
    if (lib->character_count == 0) { /* a ship's or boss's file run alone */
        compiler_report(c, DIAG_CHARACTER_NOT_GIVEN, file, pos,
                        "character '%s' is declared in none of the files given: it speaks "
                        "without a name or portrait here",
                        name);
        return -1;
    }
    char hint[96];
    compiler_report(
        c, DIAG_UNKNOWN_CHARACTER, file, pos, "unknown character '%s'%s", name,
        compiler_hint(character_suggest(lib->characters, (int)lib->character_count, name), hint,
                      sizeof hint));
    return -1;
}

/* Reports a backdrop name that is neither one of sim/backdrop.h's nor declared
 * (pattern/content/backdrop_decl.h), with the nearest of both as a hint; returns its
 * id, or -1. */
int compiler_check_backdrop(compiler *c, int file, const char *name, ast_pos pos)
{
    const library *lib = c->lib;
    int k = backdrop_decl_find(lib->backdrops, (int)lib->backdrop_count, name);
    if (k >= 0 || !name)
        return k;
    const char *names[BACKDROP_COUNT + BACKDROP_MAX_DECLARED];
    int n = 0;
    for (int i = 0; i < BACKDROP_COUNT; i++)
        names[n++] = backdrop_names[i];
    for (uint32_t i = 0; i < lib->backdrop_count && i < BACKDROP_MAX_DECLARED; i++)
        names[n++] = lib->backdrops[i].name;
    char hint[96];
    compiler_report(c, DIAG_UNKNOWN_BACKDROP, file, pos, "unknown backdrop '%s'%s", name,
                    compiler_hint(diag_suggest(name, names, n), hint, sizeof hint));
    return -1;
}

/* background NAME: a cue, not code (vm_cue): the stage's script and every hash
 * stay as they were, so replays of a stage still verify when it gains one. The
 * host shows the backdrop of the last cue the stage's runner has passed; that
 * reads the runner's place in its own function, hence only there. */
static void stmt_background(fstate *f, const ast_stmt *s)
{
    if (!f->in_stage) {
        REPORT(f, DIAG_BACKGROUND_PLACE, s->pos,
               "'background' is a stage's statement: a pattern, enemy or boss cannot use it");
        return;
    }
    if (f->in_stage != 1 || f->depth != 1) {
        REPORT(f, DIAG_BACKGROUND_PLACE, s->pos,
               "'background' stands in the stage's own block, not in a loop's, an if's or a "
               "thread's");
        return;
    }
    int k = compiler_check_backdrop(f->c, f->file, s->text, s->name_pos);
    if (k >= 0)
        program_add_cue(f->c->b, k);
}

/* The statements that hand values to a host verb (health, look, title...). */
void stmt_verb(fstate *f, const ast_stmt *s)
{
    if (s->verb == VS_BACKGROUND) {
        stmt_background(f, s);
        return;
    }
    /* the VM verb and operands of its row of pattern/language/words.h's WORD_VERBS */
    vm_verb verb = (vm_verb)words_verbs[s->verb].act;
    const char *operands = words_verbs[s->verb].operands;
    int n = 0;
    switch (s->verb) {
    case VS_LOOK:
        compiler_check_look(f->c, f->file, s->text, s->name_pos);
        emit_string(f, s->text ? s->text : "", s->pos);
        n = 1;
        break;
    case VS_SOUND:
        compiler_check_sound(f->c, f->file, s->text, s->name_pos);
        emit_string(f, s->text ? s->text : "", s->pos);
        n = 1;
        break;
    case VS_TITLE:
        emit_string(f, s->text ? fold_text(f, s->text, s->parts[0], 0) : "", s->pos);
        emit_string(f, fold_text(f, s->text2, s->parts[1], 0), s->pos);
        n = 2;
        break;
    default: /* an expression (health, pierce...), a text (music), or nothing (clear) */
        if (operands[0] == 'e')
            expr(f, s->e[0]);
        else if (operands[0] == 't')
            emit_string(f, s->text ? s->text : "", s->pos);
        n = operands[0] != '\0';
        break;
    }
    emit_ab(f, VM_OP_ACT, verb, (uint32_t)n, s->pos);
}

/* print "text", expr, ...: the values in order, then PRINT with the strings'
 * bits. At most VM_PRINT_MAX_VALUES. With parts joined by '+' ("wave " + i),
 * PRINT_JOIN, its spaces between items written out as strings. */
void stmt_print(fstate *f, const ast_stmt *s)
{
    if (s->nargs > VM_PRINT_MAX_VALUES) {
        const ast_arg *a = s->args;
        for (int k = 0; k < VM_PRINT_MAX_VALUES; k++)
            a = a->next;
        REPORT(f, DIAG_ARG_COUNT, a->pos, "print takes at most %d values, not %d",
               VM_PRINT_MAX_VALUES, s->nargs);
        return;
    }
    int joins = 0, values = 0;
    for (const ast_arg *a = s->args; a; a = a->next) {
        joins |= a->joined;
        values += 1 + (a != s->args && !a->joined); /* a joined print spells its spaces */
    }
    if (joins && values > VM_PRINT_MAX_VALUES) {
        REPORT(f, DIAG_ARG_COUNT, s->pos,
               "print takes at most %d values, and a print that joins with '+' counts the "
               "spaces between its items too (%d here)",
               VM_PRINT_MAX_VALUES, values);
        return;
    }
    uint32_t strings = 0;
    int n = 0;
    for (const ast_arg *a = s->args; a; a = a->next, n++) {
        if (joins && a != s->args && !a->joined) { /* the space PRINT would put there */
            emit_string(f, " ", a->pos);
            strings |= 1u << n++;
        }
        if (a->value) {
            expr(f, a->value);
        } else {
            emit_string(f, a->name, a->pos);
            strings |= 1u << n;
        }
    }
    if (n > 0)
        emit_ab(f, joins ? VM_OP_PRINT_JOIN : VM_OP_PRINT, (uint32_t)n, strings, s->pos);
}

/* spawn ENEMY(args) at (x, y): the SPAWN verb with the enemy's function. */
void stmt_spawn(fstate *f, const ast_stmt *s)
{
    if (!s->name)
        return;
    global *g = compiler_global(f->c, s->name);
    if (!g || g->kind != G_ENEMY) {
        char hint[96];
        if (g)
            REPORT(f, DIAG_WRONG_KIND, s->name_pos, "'%s' is %s, not an enemy%s", s->name,
                   compiler_kind_word(g->kind),
                   g->kind == G_PATTERN ? ": wrap it in 'enemy NAME { ... }'" : "");
        else {
            const char *cands[64], *best = NULL;
            for (int i = 0; i < f->c->nglobals && !best; i += 64) {
                int n = 0;
                for (int k = i; k < f->c->nglobals && k < i + 64; k++)
                    if (f->c->globals[k].kind == G_ENEMY)
                        cands[n++] = f->c->globals[k].name;
                best = diag_suggest(s->name, cands, n);
            }
            REPORT(f, DIAG_UNKNOWN_ENEMY, s->name_pos, "unknown enemy '%s'%s", s->name,
                   compiler_hint(best, hint, sizeof hint));
        }
        return;
    }
    emit_ref(f, g->func, VM_REF_FUNC, s->pos);
    expr(f, s->e[0]);
    expr(f, s->e[1]);
    int n = call_args(f, g->decl, s->args, s->nargs, s->name_pos, g->name);
    if (n < 0) {
        emit_ax(f, VM_OP_POP, 0, s->pos);
        emit_ax(f, VM_OP_POP, 0, s->pos);
        emit_ax(f, VM_OP_POP, 0, s->pos);
        return;
    }
    emit_ab(f, VM_OP_ACT, VM_VERB_SPAWN, (uint32_t)(3 + n), s->pos);
    if (s->as) { /* as NAME: the enemy's handle */
        emit_ax(f, VM_OP_KEPT, 2, s->pos);
        local *l = stmt_declare(f, s->as, s->as_pos, s->pos);
        if (l) {
            l->type = LT_HANDLE;
            l->of = OF_ENEMY;
        }
    }
}

/* boss NAME / midboss NAME: starts the fight and waits until it is over. */
void stmt_boss(fstate *f, const ast_stmt *s)
{
    if (!s->name)
        return;
    global *g = compiler_global(f->c, s->name);
    if (!g || g->kind != G_BOSS) {
        char hint[96];
        if (g)
            REPORT(f, DIAG_WRONG_KIND, s->name_pos, "'%s' is %s, not a boss", s->name,
                   compiler_kind_word(g->kind));
        else {
            const char *cands[64], *best = NULL;
            for (int i = 0; i < f->c->nglobals && !best; i += 64) {
                int n = 0;
                for (int k = i; k < f->c->nglobals && k < i + 64; k++)
                    if (f->c->globals[k].kind == G_BOSS)
                        cands[n++] = f->c->globals[k].name;
                best = diag_suggest(s->name, cands, n);
            }
            REPORT(f, DIAG_UNKNOWN_BOSS, s->name_pos, "unknown boss '%s'%s", s->name,
                   compiler_hint(best, hint, sizeof hint));
        }
        return;
    }
    emit_ref(f, g->boss, VM_REF_BOSS, s->pos);
    emit_const(f, s->op, s->pos);
    emit_ab(f, VM_OP_ACT, VM_VERB_BOSS, 2, s->pos);
    uint32_t top = emit_ax(f, VM_OP_GET, VM_PROP_BOSS_ACTIVE, s->pos);
    uint32_t done = emit_ax(f, VM_OP_JMPF, 0, s->pos);
    emit_const(f, 1, s->pos);
    emit_ax(f, VM_OP_WAIT, 0, s->pos);
    emit_ax(f, VM_OP_JMP, top, s->pos);
    patch_to(f, done, program_pc(f->c->b), s->pos);
}

/* A text only shown (a dialogue's words, its speaker): a string the content
 * hash skips (VM_REF_TEXT); -1 for none. */
static void emit_text(fstate *f, const char *text, ast_pos pos)
{
    emit_ref(f, text ? (double)program_add_string(f->c->b, text) : -1.0, VM_REF_TEXT, pos);
}

/* The speaker and expression of a say, checked against the characters;
 * reports an unknown one with the nearest name. */
static void say_check_speaker(fstate *f, const ast_stmt *s)
{
    const library *lib = f->c->lib;
    char hint[96];
    int k = character_find(lib->characters, (int)lib->character_count, s->name);
    if (k < 0) {
        REPORT(f, DIAG_UNKNOWN_CHARACTER, s->name_pos, "unknown character '%s'%s", s->name,
               compiler_hint(character_suggest(lib->characters, (int)lib->character_count, s->name),
                             hint, sizeof hint));
        return;
    }
    const character_info *c = &lib->characters[k];
    if (s->text && character_expression(c, s->text) < 0)
        REPORT(f, DIAG_UNKNOWN_CHARACTER, s->target_pos, "%s has no expression '%s'%s", s->name,
               s->text,
               c->portrait_count == 0
                   ? " (it has no portraits)"
                   : compiler_hint(character_suggest_expression(c, s->text), hint, sizeof hint));
}

/* say [CHARACTER [EXPRESSION]] "text" [+ part...]: the SAY verb (speaker,
 * expression, the parts' kinds, the parts), then a wait while the line is up
 * (pattern/content/dialogue.h), as `boss` waits on its fight. */
void stmt_say(fstate *f, const ast_stmt *s)
{
    if (s->nargs > DIALOGUE_PARTS_MAX) {
        REPORT(f, DIAG_ARG_COUNT, s->pos, "a line joins at most %d parts, not %d",
               DIALOGUE_PARTS_MAX, s->nargs);
        return;
    }
    if (s->name)
        say_check_speaker(f, s);
    emit_text(f, s->name, s->pos);
    emit_text(f, s->text, s->pos);
    uint32_t kinds = 0;
    int n = 0;
    for (const ast_arg *a = s->args; a; a = a->next, n++)
        kinds |= a->value ? 0u : 1u << n;
    emit_const(f, kinds, s->pos);
    for (const ast_arg *a = s->args; a; a = a->next) {
        if (a->value)
            expr(f, a->value);
        else
            emit_text(f, a->name, a->pos);
    }
    emit_ab(f, VM_OP_ACT, VM_VERB_SAY, (uint32_t)(n + DIALOGUE_SAY_FIXED), s->pos);
    uint32_t top = emit_ax(f, VM_OP_GET, VM_PROP_TALKING, s->pos);
    uint32_t done = emit_ax(f, VM_OP_JMPF, 0, s->pos);
    emit_const(f, 1, s->pos);
    emit_ax(f, VM_OP_WAIT, 0, s->pos);
    emit_ax(f, VM_OP_JMP, top, s->pos);
    patch_to(f, done, program_pc(f->c->b), s->pos);
}
