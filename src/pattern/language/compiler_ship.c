/*
 * compiler_ship: pass 5, ships and games. A ship's numbers, options, volleys,
 * bomb and shot types into the library's table, after every other body so that
 * a library without ships keeps its code where it was; a game's stages and its
 * Extra stage. Part of the compiler (compiler.h); the shared state is
 * compiler_state.h.
 */
#include "pattern/language/compiler_state.h"

/* A ship's number, level or position: a constant, or reported. */
static double compiler_ship_value(compiler *c, int file, const ast_expr *e, double def)
{
    fstate f;
    fstate_init(&f, c, 0, file);
    double v;
    if (!e)
        return def;
    if (fold(&f, e, &v) && isfinite(v))
        return v;
    compiler_report(c, DIAG_NOT_CONSTANT, file, expr_start(e),
                    "a ship's numbers must be known when the file loads (a number or a "
                    "constant)");
    return def;
}

/* A power level of a ship's item, 1 to LIBRARY_SHIP_LEVELS, or reported (0). */
static int compiler_ship_level(compiler *c, int file, const ast_expr *e)
{
    double v = compiler_ship_value(c, file, e, 1);
    if (v >= 1 && v <= LIBRARY_SHIP_LEVELS && v == floor(v))
        return (int)v;
    compiler_report(c, DIAG_EXPECTED, file, expr_start(e),
                    "a power level is a whole number from 1 to %d", LIBRARY_SHIP_LEVELS);
    return 0;
}

/* A volley or bomb of a ship: a new function without params, compiled now,
 * named PREFIX/WHAT (PREFIX the ship's name, or SHIP/TYPE for a shot type
 * after the first: the first type's functions keep the names they had before
 * ships had types, which replays hash). */
static uint32_t compiler_ship_block(compiler *c, const global *g, const char *prefix,
                                    const ast_ship_item *it, const char *what)
{
    char name[200];
    snprintf(name, sizeof name, "%s/%s", prefix, what);
    vm_pos vp = {it->pos.line, (uint16_t)it->pos.col, c->in->file_ids[g->file]};
    uint32_t func = program_declare_func(c->b, name, 0, vp);
    compile_function(c, func, g->file, NULL, NULL, NULL, 0, it->body, it->pos, NULL, 0);
    compile_pending(c);
    return func;
}

/* Reports a ship item given twice. */
static int compiler_ship_twice(compiler *c, int file, const ast_ship_item *it, int given,
                               const char *what)
{
    if (given)
        compiler_report(c, DIAG_DUPLICATE_PROPERTY, file, it->pos, "%s is given twice", what);
    return given;
}

/* Whether a block holds presentation statements only (and at least one). */
static int ship_shows_only(const ast_stmt *s)
{
    if (!s)
        return 0;
    for (; s; s = s->next)
        if (s->kind != ST_SHOW)
            return 0;
    return 1;
}

/* How one list of a ship's items (the ship's own, or a shot type's) is read
 * into a library_ship: the volleys' names' prefix, whether shots belong there
 * (not at the ship's level when it has types), whether its options replace
 * those it starts with (a type's), and the list's bomb, found but not compiled
 * unless `bomb_inline` (a ship without types compiles its bomb where it stands,
 * as before types). */
typedef struct ship_items {
    const char *prefix;
    int shots_here, replace_options, bomb_inline;
    const ast_ship_item *bomb; /* out: the list's `bomb` item */
} ship_items;

/* Reads a list of a ship's items into out: numbers, options, volleys. */
static void compiler_ship_items(compiler *c, const global *g, const ast_ship_item *items,
                                library_ship *out, ship_items *how)
{
    int given[LIBRARY_SHIP_NUMBER_COUNT] = {0};
    int options_given = 0;
    uint32_t shots_given[2][LIBRARY_SHIP_LEVELS] = {{0}};
    for (const ast_ship_item *it = items; it; it = it->next) {
        if (it->kind == SHIP_NUMBER) {
            if (compiler_ship_twice(c, g->file, it, given[it->number]++, "this number"))
                continue;
            double v = compiler_ship_value(c, g->file, it->e[0], 0);
            if (v < 0 || v > LIBRARY_SHIP_NUMBER_MAX)
                compiler_report(c, DIAG_EXPECTED, g->file, expr_start(it->e[0]),
                                "a ship's number is from 0 to %d", LIBRARY_SHIP_NUMBER_MAX);
            else
                out->num[it->number] = v;
        } else if (it->kind == SHIP_OPTION) {
            int level = compiler_ship_level(c, g->file, it->e[0]);
            if (how->replace_options && !options_given++)
                out->option_count = 0; /* a type's options replace the ship's */
            if (out->option_count == LIBRARY_SHIP_OPTIONS) {
                compiler_report(c, DIAG_EXPECTED, g->file, it->pos, "a ship has at most %d options",
                                LIBRARY_SHIP_OPTIONS);
                continue;
            }
            library_ship_option *o = &out->options[out->option_count++];
            o->level = level;
            o->x = (float)compiler_ship_value(c, g->file, it->e[1], 0);
            o->y = (float)compiler_ship_value(c, g->file, it->e[2], 0);
            o->fx = (float)compiler_ship_value(c, g->file, it->e[3], 0);
            o->fy = (float)compiler_ship_value(c, g->file, it->e[4], 0);
        } else if (it->kind == SHIP_SHOT) {
            if (!how->shots_here) {
                compiler_report(c, DIAG_EXPECTED, g->file, it->pos,
                                "a ship with shot types fires the shots of its types: put this "
                                "'shot' in a 'type' block");
                continue;
            }
            int level = compiler_ship_level(c, g->file, it->e[0]);
            uint32_t *slot = level ? &out->shot[it->focused][level - 1] : NULL;
            if (slot && !compiler_ship_twice(c, g->file, it, shots_given[it->focused][level - 1]++,
                                             "this level's shot"))
                *slot =
                    compiler_ship_block(c, g, how->prefix, it, it->focused ? "focused" : "shot");
        } else if (it->kind == SHIP_BOMB) {
            if (compiler_ship_twice(c, g->file, it, how->bomb != NULL, "'bomb'"))
                continue;
            how->bomb = it;
            if (how->bomb_inline && !ship_shows_only(it->body))
                out->bomb = compiler_ship_block(c, g, how->prefix, it, "bomb");
        }
    }
}

/* A text of the declaration into the library's memory ("" for NULL). */
static const char *compiler_ship_text(compiler *c, const char *s)
{
    return arena_strndup(&c->lib->mem, s ? s : "", s ? strlen(s) : 0);
}

/* The shot types of a ship declaration, in order (at most LIBRARY_SHIP_TYPES,
 * the others reported), into types; returns how many (0: none declared). */
static int compiler_ship_types(compiler *c, const global *g, const ast_ship_item **types)
{
    int n = 0;
    for (const ast_ship_item *it = g->decl->items; it; it = it->next) {
        if (it->kind != SHIP_TYPE)
            continue;
        int twice = 0;
        for (int k = 0; k < n; k++)
            twice |= strcmp(types[k]->name, it->name) == 0;
        if (twice)
            compiler_report(c, DIAG_DUPLICATE_PROPERTY, g->file, it->name_pos,
                            "the shot type '%s' is declared twice", it->name);
        else if (n == LIBRARY_SHIP_TYPES)
            compiler_report(c, DIAG_EXPECTED, g->file, it->pos, "a ship has at most %d shot types",
                            LIBRARY_SHIP_TYPES);
        else
            types[n++] = it;
    }
    return n;
}

/* Fills in the ship's level of a ship's table entry (its names, look,
 * character, numbers and options: what every shot type starts from); for a
 * ship without types its volleys and bomb too. Returns the ship's own bomb
 * item (NULL none). */
static const ast_ship_item *compiler_ship_base(compiler *c, const global *g, library_ship *out,
                                               int has_types)
{
    const ast_decl *d = g->decl;
    *out = *library_fallback_ship();
    out->name = compiler_ship_text(c, d->name);
    out->title = compiler_ship_text(c, d->title ? d->title : d->name);
    out->look = compiler_ship_text(c, d->look);
    compiler_check_look_in(c, g->file, d->look, d->look_pos, ship_look_names, SHIP_LOOK_COUNT);
    out->option_look = compiler_ship_text(c, d->option_look);
    compiler_check_look_in(c, g->file, d->option_look, d->option_look_pos, option_look_names,
                           OPTION_LOOK_COUNT);
    out->about = compiler_ship_text(c, d->about);
    out->character = compiler_check_character(c, g->file, d->character, d->character_pos);
    out->file = compiler_file_name(c, g->file);
    ship_items how = {out->name, !has_types, 0, !has_types, NULL};
    compiler_ship_items(c, g, d->items, out, &how);
    return how.bomb;
}

/* Type t of a ship, from its base: the type's own items over the ship's, its
 * volleys compiled (named SHIP/shot for the first type, SHIP/TYPE/shot for the
 * others), and its bomb (the type's own, else the ship's; *ship_bomb_func
 * caches the ship's bomb compiled once). Returns the bomb block it flies. */
static const ast_ship_item *compiler_ship_type(compiler *c, const global *g,
                                               const library_ship *base,
                                               const ast_ship_item *ship_bomb,
                                               uint32_t *ship_bomb_func, const ast_ship_item *ty,
                                               uint32_t t, library_ship *out)
{
    *out = *base;
    char prefix[200];
    if (t == 0)
        snprintf(prefix, sizeof prefix, "%s", base->name);
    else
        snprintf(prefix, sizeof prefix, "%s/%s", base->name, ty->name);
    ship_items how = {prefix, 1, 1, 1, NULL};
    compiler_ship_items(c, g, ty->items, out, &how);
    out->type = t;
    out->type_name = compiler_ship_text(c, ty->name);
    out->type_title = compiler_ship_text(c, ty->title ? ty->title : ty->name);
    out->type_about = compiler_ship_text(c, ty->about);
    if (how.bomb)
        return how.bomb;
    if (ship_bomb && !ship_shows_only(ship_bomb->body)) {
        if (*ship_bomb_func == LIBRARY_NO_FUNC)
            *ship_bomb_func = compiler_ship_block(c, g, base->name, ship_bomb, "bomb");
        out->bomb = *ship_bomb_func;
    }
    return ship_bomb;
}

/* Keys a show-only bomb's shows at pc (no code), and returns pc. */
static uint32_t compiler_bomb_shows(compiler *c, const global *g, const ast_ship_item *bomb,
                                    uint32_t pc)
{
    fstate f;
    fstate_init(&f, c, 0, g->file);
    f.depth = 1;
    f.show_pc = pc;
    for (const ast_stmt *st = bomb->body; st; st = st->next)
        stmt_show(&f, st);
    return f.show_pc;
}

/* A game's Extra stage (`extra NAME`): a stage, and not one of the run's. */
static void compiler_game_extra(compiler *c, const global *g, library_game *out)
{
    const ast_decl *d = g->decl;
    const global *s = compiler_global(c, d->extra);
    if (!s || s->kind != G_STAGE) {
        compiler_report(c, s ? DIAG_WRONG_KIND : DIAG_UNKNOWN_NAME, g->file, d->extra_pos,
                        "'%s' is %s, not a stage: 'extra' names the game's Extra stage", d->extra,
                        s ? compiler_kind_word(s->kind) : "not declared");
        return;
    }
    for (const ast_name_list *n = d->stages; n; n = n->next)
        if (strcmp(n->name, d->extra) == 0) {
            compiler_report(c, DIAG_WRONG_KIND, g->file, d->extra_pos,
                            "'%s' is one of the game's stages (line %u): the Extra stage is "
                            "played apart from them, after a clear",
                            d->extra, (unsigned)n->pos.line);
            return;
        }
    out->extra = arena_strndup(&c->lib->mem, d->extra, strlen(d->extra));
}

/* Fills in a game's table entry: its stages must be stages. */
static void compiler_game(compiler *c, const global *g, library_game *out)
{
    const ast_decl *d = g->decl;
    library *lib = c->lib;
    out->name = arena_strndup(&lib->mem, d->name, strlen(d->name));
    out->file = compiler_file_name(c, g->file);
    out->stages = arena_alloc(&lib->mem, (size_t)(d->nstages + 1) * sizeof *out->stages);
    if (!out->stages)
        return;
    for (const ast_name_list *n = d->stages; n; n = n->next) {
        const global *s = compiler_global(c, n->name);
        if (!s || s->kind != G_STAGE) {
            compiler_report(c, s ? DIAG_WRONG_KIND : DIAG_UNKNOWN_NAME, g->file, n->pos,
                            "'%s' is %s, not a stage: a game lists stages", n->name,
                            s ? compiler_kind_word(s->kind) : "not declared");
            continue;
        }
        out->stages[out->stage_count++] = arena_strndup(&lib->mem, n->name, strlen(n->name));
    }
    if (d->extra)
        compiler_game_extra(c, g, out);
}

/* What pass 5 keeps of a ship between its first type and the others. */
typedef struct ship_pass {
    library_ship base;          /* the ship's level: what every type starts from */
    const ast_ship_item *bomb;  /* the ship's own bomb item; NULL none */
    const ast_ship_item *bomb0; /* the bomb block the first type flies */
    uint32_t bomb_func;         /* the ship's own bomb, once compiled */
    const ast_ship_item *types[LIBRARY_SHIP_TYPES];
    int type_count;      /* declared types; 0 a ship without types */
    library_ship *table; /* the ship's types (lib->mem) */
} ship_pass;

/* Pass 5, first part: the ship's level and its first type, as a ship was
 * compiled before types (a ship without types is its one type). */
static void compiler_ship_first(compiler *c, const global *g, library_ship *out, ship_pass *sp)
{
    sp->type_count = compiler_ship_types(c, g, sp->types);
    sp->bomb = compiler_ship_base(c, g, &sp->base, sp->type_count > 0);
    sp->bomb_func = sp->base.bomb;
    sp->bomb0 = sp->bomb;
    *out = sp->base;
    if (sp->type_count > 0)
        sp->bomb0 =
            compiler_ship_type(c, g, &sp->base, sp->bomb, &sp->bomb_func, sp->types[0], 0, out);
    uint32_t n = sp->type_count > 0 ? (uint32_t)sp->type_count : 1;
    sp->table = arena_alloc(&c->lib->mem, n * sizeof *sp->table);
}

/* Pass 5, last part: the ship's other types (their code after every ship's
 * first type's), their show-only bombs, and the table of its types. */
static void compiler_ship_others(compiler *c, const global *g, uint32_t k, library_ship *out,
                                 ship_pass *sp)
{
    uint32_t n = sp->type_count > 0 ? (uint32_t)sp->type_count : 1;
    if (!sp->table)
        return;
    sp->table[0] = *out;
    for (uint32_t t = 1; t < n; t++) {
        library_ship *ty = &sp->table[t];
        const ast_ship_item *bomb =
            compiler_ship_type(c, g, &sp->base, sp->bomb, &sp->bomb_func, sp->types[t], t, ty);
        if (bomb == sp->bomb0)
            ty->bomb_show = out->bomb_show;
        else if (bomb && ship_shows_only(bomb->body) && ty->bomb == LIBRARY_NO_FUNC)
            ty->bomb_show = compiler_bomb_shows(c, g, bomb, LIBRARY_TYPE_BOMB_SHOWS_PC(k, t));
        else
            ty->bomb_show = LIBRARY_NO_FUNC;
    }
    for (uint32_t t = 0; t < n; t++) {
        sp->table[t].types = sp->table;
        sp->table[t].type_count = n;
    }
    out->types = sp->table;
    out->type_count = n;
}

/* Pass 5: ships and games, after everything else, so that the code, constants,
 * functions and strings of a library without them stay where they were
 * (library_mark); the ships' first types first, in their order, then every
 * other type's, so that types added to a ship move no code a run of the first
 * type flies. */
void compiler_ships(compiler *c)
{
    library *lib = c->lib;
    const vm_program *p = &c->b->p;
    lib->ships_start =
        (library_mark){p->code_count, p->const_count, p->func_count, p->string_count};
    uint32_t ns = 0, ng = 0, nships = 0;
    for (int gi = 0; gi < c->nglobals; gi++)
        nships += c->globals[gi].kind == G_SHIP;
    ship_pass *passes = arena_alloc(c->ar, (nships + 1) * sizeof *passes);
    if (!passes)
        return;
    for (int gi = 0; gi < c->nglobals; gi++) {
        const global *g = &c->globals[gi];
        if (g->kind == G_SHIP) {
            compiler_ship_first(c, g, &lib->ships[ns], &passes[ns]);
            ns++;
        } else if (g->kind == G_GAME) {
            compiler_game(c, g, &lib->games[ng++]);
        }
    }
    lib->ship_count = ns;
    lib->game_count = ng;
    /* Bombs of presentation statements only: no code at all (a function after
     * the ships' would be the "next" place of a script ended at the last one's
     * end, which replays of the old place rule hash), their shows keyed at a
     * place beyond the code (LIBRARY_BOMB_SHOWS_PC). */
    ns = 0;
    for (int gi = 0; gi < c->nglobals; gi++) {
        const global *g = &c->globals[gi];
        if (g->kind != G_SHIP)
            continue;
        library_ship *out = &lib->ships[ns];
        const ast_ship_item *shows = passes[ns].bomb0;
        if (shows && ship_shows_only(shows->body) && out->bomb == LIBRARY_NO_FUNC)
            out->bomb_show = compiler_bomb_shows(c, g, shows, LIBRARY_BOMB_SHOWS_PC(ns));
        ns++;
    }
    ns = 0;
    for (int gi = 0; gi < c->nglobals; gi++) {
        const global *g = &c->globals[gi];
        if (g->kind != G_SHIP)
            continue;
        compiler_ship_others(c, g, ns, &lib->ships[ns], &passes[ns]);
        ns++;
    }
}
