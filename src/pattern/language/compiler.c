/*
 * compiler: pattern-language syntax trees to VM code. See compiler.h.
 *
 * Passes: (1) every declaration of every file goes into one global table
 * (duplicates reported); (2) functions are declared for patterns, enemies,
 * stages and boss phases, so calls may point forward or across files; (3)
 * constants are folded, in dependency order; (4) each body is compiled. Inline
 * blocks (fire { ... }, thread { ... }) become functions of their own whose
 * params are the variables they capture (by value); they are compiled after
 * their parent, from a queue, because a function's code must be contiguous.
 *
 * Expressions are folded wherever their operands are known at load time; a
 * folded expression is one CONST.
 *
 * This file holds the passes, the diagnostics and the table of globals; the
 * other parts of the compiler (expressions, statements, fire, verbs, shows,
 * functions, ships) are listed in compiler_state.h, their shared state.
 */
#include "pattern/language/compiler_state.h"

#include <stdarg.h>

/* ---- diagnostics ---- */

/* A diagnostic at pos in the given file, its message formatted as printf does. */
void compiler_report(compiler *c, diag_code code, int file, ast_pos pos, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    const library_file *f = &c->in->files[file];
    diag_report(c->diags, code, f->path, f->text, f->len, pos.line, pos.col, "%s", msg);
}

/* " (did you mean 'x'?)" or "" into buf. */
const char *compiler_hint(const char *near, char *buf, size_t size)
{
    if (near)
        snprintf(buf, size, " (did you mean '%s'?)", near);
    else if (size)
        buf[0] = 0;
    return buf;
}

/* ---- globals ---- */

/* FNV-1a of a name, for the globals' hash table. */
static unsigned compiler_hash_name(const char *s)
{
    unsigned h = 2166136261u;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

/* The global called name, or NULL. */
global *compiler_global(compiler *c, const char *name)
{
    if (!c->hash)
        return NULL;
    for (int b = (int)(compiler_hash_name(name) & (unsigned)c->hash_mask);;
         b = (b + 1) & c->hash_mask) {
        if (c->hash[b] == 0)
            return NULL;
        if (strcmp(c->globals[c->hash[b] - 1].name, name) == 0)
            return &c->globals[c->hash[b] - 1];
    }
}

/* A global kind as the messages name it, with its article ("an enemy"). */
const char *compiler_kind_word(global_kind k)
{
    switch (k) {
    case G_CONST: return "a constant";
    case G_PATTERN: return "a pattern";
    case G_ENEMY: return "an enemy";
    case G_BOSS: return "a boss";
    case G_STAGE: return "a stage";
    case G_IMPORT: return "an imported pattern";
    case G_FUNCTION: return "a function";
    case G_SHARED: return "a shared value";
    case G_SHIP: return "a ship";
    case G_GAME: return "a game";
    }
    return "a name";
}

/* Adds a global, or reports a duplicate or a constant that would take a
 * built-in value's name (every file would lose the built-in, or the constant
 * would never be read: built-ins come first, see expr_name). Returns it or NULL. */
static global *compiler_add_global(compiler *c, const char *name, global_kind kind, ast_decl *d,
                                   int file, ast_pos pos)
{
    if ((kind == G_CONST || kind == G_SHARED) && compiler_find_value(name) >= 0) {
        compiler_report(c, DIAG_BUILTIN_NAME, file, pos,
                        "'%s' is a built-in value and cannot name a %s", name,
                        kind == G_CONST ? "constant" : "shared value");
        return NULL;
    }
    if (kind == G_FUNCTION && (compiler_find_math(name) >= 0 || strcmp(name, "rand") == 0 ||
                               strcmp(name, "level") == 0)) {
        compiler_report(c, DIAG_BUILTIN_NAME, file, pos,
                        "'%s' is a built-in function and cannot name a function", name);
        return NULL;
    }
    global *old = compiler_global(c, name);
    if (old) {
        const char *where = c->in->files[old->file].path;
        uint32_t line = old->decl ? old->decl->pos.line : 1;
        compiler_report(c, DIAG_DUPLICATE_NAME, file, pos,
                        "'%s' is already defined, as %s at %s:%u", name,
                        compiler_kind_word(old->kind), where, (unsigned)line);
        return NULL;
    }
    global *g = &c->globals[c->nglobals];
    memset(g, 0, sizeof *g);
    g->name = name;
    g->kind = kind;
    g->decl = d;
    g->file = file;
    int b = (int)(compiler_hash_name(name) & (unsigned)c->hash_mask);
    while (c->hash[b])
        b = (b + 1) & c->hash_mask;
    c->hash[b] = ++c->nglobals;
    return g;
}

/* ---- the passes ---- */

/* The global kind of a declaration kind. */
static global_kind compiler_global_kind(ast_decl_kind k)
{
    switch (k) {
    case DECL_CONST: return G_CONST;
    case DECL_PATTERN: return G_PATTERN;
    case DECL_ENEMY: return G_ENEMY;
    case DECL_BOSS: return G_BOSS;
    case DECL_STAGE: return G_STAGE;
    case DECL_FUNCTION: return G_FUNCTION;
    case DECL_SHARED: return G_SHARED;
    case DECL_SHIP: return G_SHIP;
    case DECL_GAME: return G_GAME;
    case DECL_BULLETML: return G_IMPORT;  /* never a global: the library applies it */
    case DECL_ART: return G_IMPORT;       /* shapes: pattern/content/art.c's table */
    case DECL_BACKDROP: return G_IMPORT;  /* scenes: pattern/content/backdrop_decl.c's table */
    case DECL_CHARACTER: return G_IMPORT; /* pattern/content/character.c's table */
    case DECL_ITEM: return G_IMPORT;      /* pattern/content/item_decl.c's table */
    }
    return G_CONST;
}

/* The shared arrays (shared NAME[N], shared NAME = [...]), once every constant
 * is declared: each N consecutive shared values after the shared numbers (their
 * first values: compiler_shared_init). */
static void compiler_shared_arrays(compiler *c)
{
    for (int gi = 0; gi < c->nglobals; gi++) {
        global *g = &c->globals[gi];
        if (!GLOBAL_SHARED_ARRAY(g))
            continue;
        fstate f;
        fstate_init(&f, c, 0, g->file);
        const ast_expr *e = g->decl->size;
        double n = g->decl->nvalues;
        uint32_t left = VM_MAX_SHARED - c->b->p.shared_count;
        ast_pos at = e ? expr_start(e) : g->decl->pos;
        if (e && !fold(&f, e, &n))
            compiler_report(c, DIAG_NOT_CONSTANT, g->file, expr_start(e),
                            "the size of shared array '%s' must be known when the file loads "
                            "(a number or a constant)",
                            g->name);
        else if (!(n >= 1.0 && n <= VM_MAX_SHARED) || n != (double)(uint32_t)n)
            compiler_report(c, DIAG_TOO_LARGE, g->file, at,
                            "shared array '%s' has %g values: a shared array holds 1 to %d",
                            g->name, n, VM_MAX_SHARED);
        else if ((uint32_t)n > left)
            compiler_report(c, DIAG_TOO_LARGE, g->file, at,
                            "shared array '%s' of %u values does not fit: %d shared values in all "
                            "the files, %u left",
                            g->name, (unsigned)n, VM_MAX_SHARED, (unsigned)left);
        else {
            g->shared = program_add_shared(c->b, 0.0);
            for (uint32_t k = 1; k < (uint32_t)n; k++)
                program_add_shared(c->b, 0.0);
            g->shared_size = (uint32_t)n;
        }
    }
}

/* Pass 1 and 2: globals and function declarations; the tables' sizes. */
static void compiler_declare(compiler *c, uint32_t *nentries, uint32_t *nbosses, uint32_t *nships,
                             uint32_t *ngames)
{
    const compiler_input *in = c->in;
    for (int fi = 0; fi < in->nfiles; fi++) {
        for (ast_decl *d = in->decls[fi]; d; d = d->next) {
            if (!d->name || d->kind == DECL_BULLETML || d->kind == DECL_ART ||
                d->kind == DECL_BACKDROP || d->kind == DECL_CHARACTER ||
                d->kind == DECL_ITEM) /* the library's */
                continue;
            global *g =
                compiler_add_global(c, d->name, compiler_global_kind(d->kind), d, fi, d->pos);
            if (!g)
                continue;
            vm_pos vp = {d->pos.line, d->pos.col, in->file_ids[fi]};
            if (d->kind == DECL_SHIP)
                g->ship = (*nships)++;
            else if (d->kind == DECL_GAME)
                (*ngames)++;
            else if (d->kind == DECL_PATTERN || d->kind == DECL_ENEMY || d->kind == DECL_STAGE) {
                g->func = program_declare_func(c->b, d->name, d->nparams, vp);
                (*nentries)++;
            } else if (d->kind == DECL_FUNCTION) { /* returning an array: one param more */
                g->func = program_declare_func(c->b, d->name, d->nparams + (d->size != NULL), vp);
            } else if (d->kind == DECL_SHARED && !d->size && !d->values) { /* arrays: after */
                if (c->b->p.shared_count >= VM_MAX_SHARED)
                    compiler_report(c, DIAG_TOO_LARGE, fi, d->pos,
                                    "more than %d shared values in all the files", VM_MAX_SHARED);
                else
                    g->shared = program_add_shared(c->b, 0.0);
            } else if (d->kind == DECL_BOSS) {
                g->boss = (*nbosses)++;
                if (d->nphases == 0)
                    compiler_report(c, DIAG_NO_PHASES, fi, d->pos,
                                    "boss '%s' has no phases: add 'phase \"name\" { ... }'",
                                    d->name);
                int k = 1;
                for (ast_phase *ph = d->phases; ph; ph = ph->next, k++) {
                    if (k == LIBRARY_MAX_PHASES + 1)
                        compiler_report(c, DIAG_TOO_MANY_PHASES, fi, ph->pos,
                                        "boss '%s' has more than %d phases, the most a boss "
                                        "may have",
                                        d->name, LIBRARY_MAX_PHASES);
                    char name[160];
                    snprintf(name, sizeof name, "%s/%d", d->name, k);
                    vm_pos pp = {ph->pos.line, ph->pos.col, in->file_ids[fi]};
                    uint32_t func = program_declare_func(c->b, name, 0, pp);
                    if (k == 1)
                        g->first_phase = func;
                }
            }
        }
    }
    compiler_shared_arrays(c);
    for (int i = 0; i < in->nimports; i++) {
        const compiler_import *im = &in->imports[i];
        ast_pos pos = {1, 1};
        global *g = compiler_add_global(c, im->name, G_IMPORT, NULL, im->file, pos);
        if (g) {
            g->func = im->func;
            (*nentries)++;
        }
    }
}

uint32_t compiler_ret_size(compiler *c, global *g)
{
    if (g->kind != G_FUNCTION || !g->decl || !g->decl->size || g->state == 3)
        return 0;
    if (g->state == 2)
        return g->ret_size;
    fstate tmp;
    fstate_init(&tmp, c, 0, g->file);
    double n;
    g->state = 3; /* failed, unless it folds to a size */
    if (!fold(&tmp, g->decl->size, &n))
        compiler_report(c, DIAG_ARRAY_MISUSE, g->file, expr_start(g->decl->size),
                        "the size of the array '%s' returns must be known when the file loads "
                        "(a number or a constant)",
                        g->name);
    else if (!(n >= 1 && n <= VM_AREA_MAX) || n != (double)(int)n)
        compiler_report(c, DIAG_ARRAY_MISUSE, g->file, expr_start(g->decl->size),
                        "'%s' returns an array of 1 to %u values, not %g", g->name, VM_AREA_MAX, n);
    else {
        g->state = 2;
        g->ret_size = (uint32_t)n;
    }
    return g->ret_size;
}

/* Checks the params' defaults: each must be a constant. */
static void compiler_check_params(compiler *c, const ast_decl *d)
{
    fstate f;
    fstate_init(&f, c, 0, d->file);
    for (const ast_param *p = d->params; p; p = p->next) {
        double v;
        if (p->def && !fold(&f, p->def, &v))
            compiler_report(c, DIAG_NOT_CONSTANT, d->file, expr_start(p->def),
                            "the default of '%s' must be known when the file loads (a number or "
                            "a constant)",
                            p->name);
    }
}

/* A file's name as the program keeps it (so it lives as long as the library). */
const char *compiler_file_name(const compiler *c, int file)
{
    uint16_t id = c->in->file_ids[file];
    return id < c->b->p.file_count ? c->b->p.files[id] : "";
}

/* Fills in a boss's table entry from its declaration. */
static void compiler_boss_table(compiler *c, const global *g, library_boss *out)
{
    const ast_decl *d = g->decl;
    library *lib = c->lib;
    out->name = arena_strndup(&lib->mem, d->name, strlen(d->name));
    out->title =
        arena_strndup(&lib->mem, d->title ? d->title : "", d->title ? strlen(d->title) : 0);
    out->look = arena_strndup(&lib->mem, d->look ? d->look : "", d->look ? strlen(d->look) : 0);
    compiler_check_look(c, g->file, d->look, d->look_pos);
    out->spell_background =
        compiler_check_backdrop(c, g->file, d->spell_background, d->spell_background_pos);
    out->character = compiler_check_character(c, g->file, d->character, d->character_pos);
    out->file = compiler_file_name(c, g->file);
    out->phases =
        arena_alloc(&lib->mem, (size_t)(d->nphases ? d->nphases : 1) * sizeof *out->phases);
    if (!out->phases)
        return;
    out->phase_count = (uint32_t)d->nphases;
    fstate f;
    fstate_init(&f, c, 0, g->file);
    uint32_t k = 0;
    for (const ast_phase *ph = d->phases; ph; ph = ph->next, k++) {
        library_phase *lp = &out->phases[k];
        const char *title = fold_text(&f, ph->title, ph->title_parts, 1);
        lp->title = title ? arena_strndup(&lib->mem, title, strlen(title)) : NULL;
        lp->spell = ph->spell;
        lp->func = g->first_phase + k;
        double v;
        lp->time = !ph->time ? 1800 : fold(&f, ph->time, &v) ? v : NAN;
        lp->health = !ph->health ? 0 : fold(&f, ph->health, &v) ? v : NAN;
        lp->bonus = !ph->bonus ? 0 : fold(&f, ph->bonus, &v) ? v : NAN;
    }
}

/* Pass 4: every body; then the tables. */
/* A shared value's first value: known when the files load, like a constant's. */
static void compiler_shared_init(compiler *c, const global *g)
{
    fstate f;
    fstate_init(&f, c, 0, g->file);
    double v = 0.0;
    if (GLOBAL_SHARED_ARRAY(g)) { /* zeros, or the values given (none if refused) */
        uint32_t k = 0;
        for (const ast_arg *a = g->decl->values; a && k < g->shared_size; a = a->next, k++) {
            if (!a->value || !fold(&f, a->value, &v))
                compiler_report(c, DIAG_NOT_CONSTANT, g->file,
                                a->value ? expr_start(a->value) : g->decl->pos,
                                "the first values of shared '%s' must be known when the file "
                                "loads (numbers or constants); set them from a script",
                                g->name);
            else
                c->b->p.shared_init[g->shared + k] = v;
        }
        return;
    }
    if (g->decl->value && !fold(&f, g->decl->value, &v))
        compiler_report(c, DIAG_NOT_CONSTANT, g->file, expr_start(g->decl->value),
                        "the first value of shared '%s' must be known when the file loads (a "
                        "number or a constant); set it from a script",
                        g->name);
    else if (g->shared < c->b->p.shared_count)
        c->b->p.shared_init[g->shared] = v;
}

static void compiler_bodies(compiler *c)
{
    library *lib = c->lib;
    uint32_t ne = 0, nb = 0;
    for (int gi = 0; gi < c->nglobals; gi++) {
        global *g = &c->globals[gi];
        const ast_decl *d = g->decl;
        if (g->kind == G_CONST) {
            fold_global_const(c, g);
            continue;
        }
        if (g->kind == G_SHARED) {
            compiler_shared_init(c, g);
            continue;
        }
        if (g->kind == G_SHIP || g->kind == G_GAME)
            continue; /* after everything else: compiler_ships */
        if (g->kind == G_IMPORT) {
            library_entry *e = &lib->entries[ne++];
            e->name = arena_strndup(&lib->mem, g->name, strlen(g->name));
            e->kind = LIBRARY_IMPORT;
            e->func = g->func;
            e->file = compiler_file_name(c, g->file);
            e->line = 1;
            continue;
        }
        if (g->kind == G_BOSS) {
            compiler_boss_table(c, g, &lib->bosses[nb++]);
            uint32_t k = 0;
            for (const ast_phase *ph = d->phases; ph; ph = ph->next, k++) {
                compile_function(c, g->first_phase + k, g->file, NULL, NULL, NULL, 0, ph->body,
                                 ph->pos, ph, 0);
                compile_pending(c);
            }
            continue;
        }
        const char *params[COMPILER_MAX_ARGS + 1];
        ast_pos ppos[COMPILER_MAX_ARGS + 1];
        uint16_t psizes[COMPILER_MAX_ARGS + 1];
        int np = 0;
        for (const ast_param *p = d->params; p && np < COMPILER_MAX_ARGS; p = p->next, np++) {
            params[np] = p->name;
            ppos[np] = p->pos;
            psizes[np] = p->array && g->kind == G_FUNCTION ? LOCAL_PACK_REF : 0;
            if (p->array && g->kind != G_FUNCTION)
                compiler_report(c, DIAG_ARRAY_MISUSE, g->file, p->pos,
                                "'%s[]': only a function takes an array (by reference); %s "
                                "gets numbers",
                                p->name, compiler_kind_word(g->kind));
            else if (p->array && p->def)
                compiler_report(c, DIAG_ARRAY_MISUSE, g->file, expr_start(p->def),
                                "an array parameter has no default: '%s[]' is always given",
                                p->name);
        }
        if (d->nparams > COMPILER_MAX_ARGS)
            compiler_report(c, DIAG_ARG_COUNT, g->file, d->pos, "'%s' has more than %d parameters",
                            d->name, COMPILER_MAX_ARGS);
        compiler_check_params(c, d);
        c->ret_size = 0;
        c->ret_broken = 0;
        if (g->kind == G_FUNCTION && d->size) { /* the caller's array, by reference, last */
            c->ret_size = compiler_ret_size(c, g);
            c->ret_broken = c->ret_size == 0;
            params[np] = COMPILER_RETURN_PARAM;
            ppos[np] = d->pos;
            psizes[np++] = LOCAL_PACK_REF;
        }
        compile_function(c, g->func, g->file, params, ppos, psizes, np, d->body, d->pos, NULL,
                         g->kind == G_FUNCTION ? COMPILE_FUNCTION
                         : g->kind == G_STAGE  ? COMPILE_STAGE
                                               : 0);
        compile_pending(c);
        if (g->kind == G_FUNCTION)
            continue; /* not an entry: it runs inside expressions */
        library_entry *e = &lib->entries[ne++];
        e->name = arena_strndup(&lib->mem, d->name, strlen(d->name));
        e->kind = g->kind == G_PATTERN ? LIBRARY_PATTERN
                  : g->kind == G_ENEMY ? LIBRARY_ENEMY
                                       : LIBRARY_STAGE;
        e->func = g->func;
        e->nparams = np;
        double *defaults = arena_alloc(&lib->mem, (size_t)(np + 1) * sizeof *defaults);
        fstate tmp;
        fstate_init(&tmp, c, 0, g->file);
        int k = 0;
        for (const ast_param *p = d->params; p && defaults && k < np; p = p->next, k++)
            if (!p->def || !fold(&tmp, p->def, &defaults[k]))
                defaults[k] = NAN;
        e->defaults = defaults;
        e->file = compiler_file_name(c, g->file);
        e->line = d->pos.line;
    }
    lib->entry_count = ne;
    lib->boss_count = nb;
}

/* Pass 5: a declaration whose name was refused (a duplicate, a built-in's
 * name) has its body compiled all the same, into functions of its own that the
 * failed program never runs, so that its own errors are reported too: every
 * file's, whatever the order the files come in. */
static void compiler_refused_bodies(compiler *c)
{
    const compiler_input *in = c->in;
    for (int fi = 0; fi < in->nfiles; fi++) {
        for (const ast_decl *d = in->decls[fi]; d; d = d->next) {
            const global *g = d->name ? compiler_global(c, d->name) : NULL;
            if (!d->name || (g && g->decl == d))
                continue;
            vm_pos vp = {d->pos.line, d->pos.col, in->file_ids[fi]};
            if (d->kind == DECL_BOSS) {
                for (const ast_phase *ph = d->phases; ph; ph = ph->next) {
                    vm_pos pp = {ph->pos.line, ph->pos.col, in->file_ids[fi]};
                    uint32_t func = program_declare_func(c->b, d->name, 0, pp);
                    compile_function(c, func, fi, NULL, NULL, NULL, 0, ph->body, ph->pos, ph, 0);
                    compile_pending(c);
                }
                continue;
            }
            if (d->kind != DECL_PATTERN && d->kind != DECL_ENEMY && d->kind != DECL_STAGE &&
                d->kind != DECL_FUNCTION)
                continue;
            const char *params[COMPILER_MAX_ARGS];
            ast_pos ppos[COMPILER_MAX_ARGS];
            int np = 0;
            for (const ast_param *p = d->params; p && np < COMPILER_MAX_ARGS; p = p->next, np++) {
                params[np] = p->name;
                ppos[np] = p->pos;
            }
            compiler_check_params(c, d);
            uint32_t func = program_declare_func(c->b, d->name, np, vp);
            compile_function(c, func, fi, params, ppos, NULL, np, d->body, d->pos, NULL,
                             d->kind == DECL_FUNCTION ? COMPILE_FUNCTION
                             : d->kind == DECL_STAGE  ? COMPILE_STAGE
                                                      : 0);
            compile_pending(c);
        }
    }
}

/* Pass 6: each item's `on collect` block (pattern/content/item_decl.h), a
 * function without params named NAME/collect, after everything else (a
 * library without items has the code it had before them); the table's item
 * of that declaration gets it. A refused item's block is compiled all the
 * same, for its own errors. */
static void compiler_items(compiler *c)
{
    const compiler_input *in = c->in;
    library *lib = c->lib;
    for (int fi = 0; fi < in->nfiles; fi++)
        for (const ast_decl *d = in->decls[fi]; d; d = d->next) {
            if (d->kind != DECL_ITEM || !d->name || !d->collect)
                continue;
            char name[160];
            snprintf(name, sizeof name, "%s/collect", d->name);
            vm_pos vp = {d->collect_pos.line, d->collect_pos.col, in->file_ids[fi]};
            uint32_t func = program_declare_func(c->b, name, 0, vp);
            compile_function(c, func, fi, NULL, NULL, NULL, 0, d->collect, d->collect_pos, NULL, 0);
            compile_pending(c);
            int k = item_decl_find(lib->items, (int)lib->item_count, d->name);
            if (k >= 0 && lib->items[k].line == d->pos.line && lib->items[k].col == d->pos.col &&
                strcmp(lib->items[k].file, in->files[fi].path) == 0)
                lib->items[k].collect = func;
        }
}

void compiler_run(const compiler_input *in, program_builder *b, arena *ar, diag_list *diags,
                  library *lib)
{
    compiler c;
    memset(&c, 0, sizeof c);
    c.in = in;
    c.b = b;
    c.ar = ar;
    c.diags = diags;
    c.lib = lib;
    c.pending_tail = &c.pending;
    int total = in->nimports;
    for (int fi = 0; fi < in->nfiles; fi++)
        for (const ast_decl *d = in->decls[fi]; d; d = d->next)
            total++;
    int hash_size = 64;
    while (hash_size < total * 2)
        hash_size *= 2;
    c.globals = arena_alloc(ar, (size_t)(total + 1) * sizeof *c.globals);
    c.hash = arena_alloc(ar, (size_t)hash_size * sizeof *c.hash);
    c.hash_mask = hash_size - 1;
    if (!c.globals || !c.hash) {
        diag_report(diags, DIAG_OUT_OF_MEMORY, in->nfiles ? in->files[0].path : "?", NULL, 0, 1, 1,
                    "out of memory");
        return;
    }
    uint32_t nentries = 0, nbosses = 0, nships = 0, ngames = 0;
    compiler_declare(&c, &nentries, &nbosses, &nships, &ngames);
    lib->entries = arena_alloc(&lib->mem, (nentries + 1) * sizeof *lib->entries);
    lib->bosses = arena_alloc(&lib->mem, (nbosses + 1) * sizeof *lib->bosses);
    lib->ships = arena_alloc(&lib->mem, (nships + 1) * sizeof *lib->ships);
    lib->games = arena_alloc(&lib->mem, (ngames + 1) * sizeof *lib->games);
    if (!lib->entries || !lib->bosses || !lib->ships || !lib->games) {
        diag_report(diags, DIAG_OUT_OF_MEMORY, in->nfiles ? in->files[0].path : "?", NULL, 0, 1, 1,
                    "out of memory");
        return;
    }
    compiler_bodies(&c);
    compiler_ships(&c);
    compiler_refused_bodies(&c);
    compiler_items(&c);
}
