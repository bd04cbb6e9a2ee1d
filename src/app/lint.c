/*
 * lint: `curtain lint FILE|DIR...` or `curtain lint --mod DIR`. The files are
 * compiled together, as the game compiles its folder (so one file may use
 * another's enemies); a folder stands for its pattern files; --mod DIR lints
 * the mod laid over the game's patterns as `play --mod` loads it. Every
 * diagnostic is printed. Exit 1 if there was an error, 0 otherwise (warnings
 * allowed).
 */
#define _XOPEN_SOURCE 700 /* realpath */
#include "app/lint.h"

#include "app/cli.h"
#include "audio/music.h"
#include "audio/synth.h"
#include "audio/wav.h"
#include "core/data_path.h"
#include "core/file.h"
#include "core/mem.h"
#include "pattern/content/backdrop_decl.h"
#include "pattern/content/library.h"
#include "pattern/content/sound_file.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LINT_MAX_FILES  4096
#define LINT_MUSIC_DIRS 8 /* music/ folders checked at most (one a mod) */
#define LINT_MUSIC_PATH 1024

/* A theme found in the linted files' music/ folders, for `--dump`. */
typedef struct lint_theme {
    char name[MUSIC_NAME];
    char path[LINT_MUSIC_PATH];
    int ogg;
} lint_theme;

static lint_theme lint_themes[LINT_MUSIC_DIRS * MUSIC_THEMES];
static int lint_theme_count;

/* The sound files and art shapes, one a line, before the program (`--dump`): the shape id a
 * look code carries (SHOT_LOOK's operand: id + 1, colour << 8, hitbox in
 * quarter pixels << 16). */
static void lint_dump_art(const library *lib)
{
    for (uint32_t k = 0; k < lib->sound_count; k++)
        printf("sound '%s': %s\t; %s:%u:%u\n", lib->sounds[k].name, lib->sounds[k].path,
               lib->sounds[k].file, lib->sounds[k].line, lib->sounds[k].col);
    for (uint32_t k = 0; k < lib->art_count; k++) {
        const art_shape *a = &lib->art[k];
        char anim[64] = "";
        if (a->frames > 1)
            snprintf(anim, sizeof anim, ", frames %d every %d%s", a->frames, a->every,
                     a->once ? " once" : "");
        if (a->portrait)
            printf("art '%s': shape %d, %s frame %dx%d at %d %d, portrait\t; %s:%u:%u\n", a->name,
                   a->shape, a->sheet, a->w, a->h, a->x, a->y, a->file, a->line, a->col);
        else
            printf("art '%s': shape %d, %s frame %dx%d at %d %d, hitbox %g, %s%s%s\t; %s:%u:%u\n",
                   a->name, a->shape, a->sheet, a->w, a->h, a->x, a->y, a->hitbox_q * 0.25,
                   a->turns ? "turns" : "upright", a->additive ? ", additive" : "", anim, a->file,
                   a->line, a->col);
    }
}

/* What a look name draws, for the dump: "art" for one of the library's shapes,
 * else "sprite" (a built-in); "default" when none is given. */
static const char *lint_look_kind(const library *lib, const char *look)
{
    if (!look || !look[0])
        return "default";
    return art_find(lib->art, (int)lib->art_count, look) ? "art" : "sprite";
}

/* The looks of the bosses and ships, one a line (an enemy's is its `look`
 * statement, in the program below). */
static void lint_dump_looks(const library *lib)
{
    for (uint32_t k = 0; k < lib->boss_count; k++) {
        const library_boss *b = &lib->bosses[k];
        printf("look boss '%s': %s (%s)\n", b->name, b->look, lint_look_kind(lib, b->look));
    }
    for (uint32_t k = 0; k < lib->ship_count; k++) {
        const library_ship *s = &lib->ships[k];
        printf("look ship '%s': %s (%s), options %s (%s)\n", s->name, s->look,
               lint_look_kind(lib, s->look), s->option_look, lint_look_kind(lib, s->option_look));
    }
}

/* A function of a ship's table as the dump names it: its index, or "-". */
static const char *lint_func(char *buf, size_t size, uint32_t f)
{
    if (f == LIBRARY_NO_FUNC)
        return "-";
    snprintf(buf, size, "%u", f);
    return buf;
}

/* The shot types of the ships, one a line (`--dump`): the declared name, the
 * display name, the numbers that differ from the first type's, the options,
 * the volleys (function indices, unfocused then focused, levels 1 to 4) and
 * the bomb. */
static void lint_dump_ship_types(const library *lib)
{
    static const char *const numbers[] = {
#define LINT_SHIP_NUMBER(id, keyword, def, doc) keyword,
        SHIP_NUMBERS(LINT_SHIP_NUMBER)
#undef LINT_SHIP_NUMBER
    };
    for (uint32_t k = 0; k < lib->ship_count; k++) {
        const library_ship *s = &lib->ships[k];
        for (uint32_t t = 0; t < s->type_count; t++) {
            const library_ship *ty = library_ship_type(s, t);
            char b[8][12], bomb[12];
            printf("ship '%s' type %u '%s' \"%s\": options %u, shots %s %s %s %s, focused %s %s %s "
                   "%s, bomb %s%s",
                   s->name, t, ty->type_name, ty->type_title, ty->option_count,
                   lint_func(b[0], 12, ty->shot[0][0]), lint_func(b[1], 12, ty->shot[0][1]),
                   lint_func(b[2], 12, ty->shot[0][2]), lint_func(b[3], 12, ty->shot[0][3]),
                   lint_func(b[4], 12, ty->shot[1][0]), lint_func(b[5], 12, ty->shot[1][1]),
                   lint_func(b[6], 12, ty->shot[1][2]), lint_func(b[7], 12, ty->shot[1][3]),
                   lint_func(bomb, 12, ty->bomb),
                   ty->bomb_show != LIBRARY_NO_FUNC ? " (shows)" : "");
            for (int n = 0; n < LIBRARY_SHIP_NUMBER_COUNT; n++)
                if (t > 0 && ty->num[n] != s->num[n])
                    printf(", %s %g", numbers[n], ty->num[n]);
            printf("\n");
        }
    }
}

/* Decodes every sound file the scripts play (pattern/content/sound_file.h), as the
 * game will when it loads them, and reports one that cannot be played at the
 * `sound` that first plays it. Returns the number reported. */
static int lint_check_sounds(const library *lib, diag_list *diags)
{
    int reported = 0;
    for (uint32_t k = 0; k < lib->sound_count; k++) {
        const sound_file *s = &lib->sounds[k];
        int16_t *samples = NULL;
        uint32_t length = 0;
        char err[512];
        if (wav_read(s->path, SYNTH_RATE, &samples, &length, err, sizeof err) == 0) {
            mem_free(samples);
            continue;
        }
        /* the playing file again, only to quote its line under the error */
        size_t size = 0;
        char *source = file_read_limit(s->file, FILE_LIMIT_PATTERN, &size, NULL, 0);
        diag_report(diags, DIAG_BAD_SOUND, s->file, source, source ? size : 0, s->line, s->col,
                    "the sound '%s' cannot be played: %s", s->name, err);
        mem_free(source);
        reported++;
    }
    return reported;
}

/* Reports a music error "file:line:col: message" (audio/music.c's, or
 * vorbis's) at its own place, with the score's line quoted under it. */
static void lint_music_error(diag_list *diags, const char *msg)
{
    for (const char *p = strchr(msg, ':'); p; p = strchr(p + 1, ':')) {
        char *end = NULL;
        unsigned long line = strtoul(p + 1, &end, 10);
        if (end == p + 1 || *end != ':')
            continue;
        const char *c = end + 1;
        unsigned long col = strtoul(c, &end, 10);
        if (end == c || end[0] != ':' || end[1] != ' ')
            continue;
        char path[LINT_MUSIC_PATH];
        snprintf(path, sizeof path, "%.*s", (int)(p - msg), msg);
        size_t len = strlen(path), size = 0;
        char *source = len > 4 && strcmp(path + len - 4, MUSIC_EXTENSION) == 0
                           ? file_read_limit(path, FILE_LIMIT_PATTERN, &size, NULL, 0)
                           : NULL;
        diag_report(diags, DIAG_OTHER, path, source, source ? size : 0, (uint32_t)line,
                    (uint32_t)col, "%s", end + 2);
        mem_free(source);
        return;
    }
    diag_report(diags, DIAG_OTHER, "music", NULL, 0, 1, 1, "%s", msg); /* no place in it */
}

/* Checks one music/ folder (inside dir, the mod's) as the game loads it
 * (audio/music.h: every score read, every Ogg file's headers and loop, the
 * set's bounds), then decodes each Ogg theme as the game will; the themes
 * found go to the dump's list. Returns the number of errors reported. */
static int lint_check_music_folder(const char *folder, const char *dir, diag_list *diags)
{
    if (!file_inside(folder, dir)) {
        diag_report(diags, DIAG_OTHER, folder, NULL, 0, 1, 1,
                    "the music folder lies outside its mod's folder (a link out?)");
        return 1;
    }
    static music_set set;
    music_set_load(&set, folder, NULL);
    int reported = set.error_count;
    for (int i = 0; i < set.error_count && i < MUSIC_ERRORS; i++)
        lint_music_error(diags, set.errors[i]);
    if (set.error_count > MUSIC_ERRORS)
        diag_report(diags, DIAG_OTHER, folder, NULL, 0, 1, 1, "%d more errors in its themes",
                    set.error_count - MUSIC_ERRORS);
    for (int i = 0; i < set.count; i++) {
        const music_theme *th = &set.themes[i];
        char err[512];
        music_track t;
        if (th->ogg && music_theme_render(th, &t, NULL, err, sizeof err) != 0) {
            lint_music_error(diags, err); /* a damaged stream past its headers */
            reported++;
            continue;
        }
        if (th->ogg)
            music_track_free(&t);
        if (lint_theme_count < (int)(sizeof lint_themes / sizeof lint_themes[0])) {
            lint_theme *l = &lint_themes[lint_theme_count++];
            snprintf(l->name, sizeof l->name, "%s", th->name);
            snprintf(l->path, sizeof l->path, "%s", th->path);
            l->ogg = th->ogg;
        }
    }
    music_set_free(&set);
    return reported;
}

/* Checks the music the linted files would play: the nearest music/ folder up
 * from each file's folder (the rule of sounds/, pattern/content/sound_file.h), each
 * folder once. Returns the number of errors reported. */
static int lint_check_music(const char **files, int nfiles, diag_list *diags)
{
    static char seen[LINT_MUSIC_DIRS][PATH_MAX];
    int nseen = 0, reported = 0;
    lint_theme_count = 0;
    for (int i = 0; i < nfiles && nseen < LINT_MUSIC_DIRS; i++) {
        char from[LINT_MUSIC_PATH], folder[LINT_MUSIC_PATH + 16], dir[LINT_MUSIC_PATH];
        /* a folder given is where its own look starts */
        snprintf(from, sizeof from, file_is_dir(files[i]) ? "%s/." : "%s", files[i]);
        char real[PATH_MAX];
        if (!sound_file_nearest_folder(from, MUSIC_FOLDER, folder, sizeof folder, dir,
                                       sizeof dir) ||
            !realpath(folder, real))
            continue;
        int known = 0;
        for (int k = 0; k < nseen && !known; k++)
            known = strcmp(seen[k], real) == 0;
        if (known)
            continue;
        snprintf(seen[nseen++], sizeof seen[0], "%s", real);
        reported += lint_check_music_folder(folder, dir, diags);
    }
    return reported;
}

/* The themes found, one a line (`--dump`). */
static void lint_dump_music(void)
{
    for (int i = 0; i < lint_theme_count; i++)
        printf("music '%s': %s (%s)\n", lint_themes[i].name, lint_themes[i].path,
               lint_themes[i].ogg ? "ogg" : "mml");
}

/* One layer of a data backdrop, on a line of the dump. */
static void lint_dump_layer(const library *lib, const char *name, const char *variant,
                            const backdrop_layer *l)
{
    if (l->sheet < 0)
        printf("backdrop '%s'%s: fill (%d, %d, %d) (%d, %d, %d)", name, variant, l->top[0],
               l->top[1], l->top[2], l->bottom[0], l->bottom[1], l->bottom[2]);
    else
        printf("backdrop '%s'%s: %s %s (%g, %g) scroll %g %g angle %g turn %g scale %g tint "
               "(%d, %d, %d)",
               name, variant, lib->backdrop_sheets[l->sheet].path, l->placed ? "at" : "tile", l->x,
               l->y, l->scroll_x, l->scroll_y, l->angle, l->turn, l->scale, l->tint[0], l->tint[1],
               l->tint[2]);
    printf(" alpha %g fade %g%s\n", l->alpha, l->fade, l->additive ? " additive" : "");
}

/* The data backdrops, a layer a line, before the program (`--dump`): their ids
 * (a `background` cue's value) and every layer as it will be drawn. */
static void lint_dump_backdrops(const library *lib)
{
    for (uint32_t k = 0; k < lib->backdrop_count; k++) {
        const backdrop_scene *s = &lib->backdrops[k];
        printf("backdrop '%s': id %d, %d layer%s, spell id %d, %d layer%s\n", s->name,
               backdrop_data_id((int)k, 0), s->nlayers, s->nlayers == 1 ? "" : "s",
               backdrop_data_id((int)k, 1), s->nspell ? s->nspell : s->nlayers,
               (s->nspell ? s->nspell : s->nlayers) == 1 ? "" : "s");
        for (int i = 0; i < s->nlayers; i++)
            lint_dump_layer(lib, s->name, "", &s->layers[i]);
        for (int i = 0; i < s->nspell; i++)
            lint_dump_layer(lib, s->name, " spell", &s->spell[i]);
    }
}

/* The characters, one a line, after the art (`--dump`): the display name, the
 * colour, each expression's portrait (its art shape id); then who names one. */
static void lint_dump_characters(const library *lib)
{
    for (uint32_t k = 0; k < lib->character_count; k++) {
        const character_info *c = &lib->characters[k];
        printf("character '%s': \"%s\", colour %u %u %u, %d portrait%s", c->name, c->title,
               c->rgb[0], c->rgb[1], c->rgb[2], c->portrait_count,
               c->portrait_count == 1 ? "" : "s");
        for (int i = 0; i < c->portrait_count; i++)
            printf("%s %s=%d", i ? "," : ":", c->portraits[i].expression, c->portraits[i].shape);
        printf("\t; %s:%u:%u\n", c->file, c->line, c->col);
    }
    for (uint32_t k = 0; k < lib->boss_count; k++)
        if (lib->bosses[k].character >= 0)
            printf("boss '%s': character '%s'\n", lib->bosses[k].name,
                   lib->characters[lib->bosses[k].character].name);
    for (uint32_t k = 0; k < lib->ship_count; k++)
        if (lib->ships[k].character >= 0)
            printf("ship '%s': character '%s'\n", lib->ships[k].name,
                   lib->characters[lib->ships[k].character].name);
    for (uint32_t k = 0; k < lib->scene_count; k++) {
        const library_scene *sc = &lib->scenes[k];
        if (sc->when >= LIBRARY_SCENE_GOOD)
            printf("scene '%s': the %s ending, function %u\n", sc->name,
                   sc->when == LIBRARY_SCENE_GOOD ? "good" : "bad", sc->func);
        else
            printf("scene '%s': %s %s '%s', function %u\n", sc->name,
                   sc->when == LIBRARY_SCENE_BEFORE ? "before" : "after",
                   sc->stage ? "stage" : "boss", sc->stage ? sc->stage : lib->bosses[sc->boss].name,
                   sc->func);
    }
}

/* The declared item kinds, one a line, after the characters (`--dump`): the
 * kind id `drop` gives it, its look, what it gives, its `on collect`. */
static void lint_dump_items(const library *lib)
{
    for (uint32_t k = 0; k < lib->item_count; k++) {
        const item_decl *d = &lib->items[k];
        printf("item '%s': kind %u, look %s, score %u power %d.%02d bomb_piece %d life_piece %d",
               d->name, (unsigned)(ITEM_KIND_COUNT + k), d->look[0] ? d->look : "(point)",
               (unsigned)d->score, (int)d->power / 100, (int)d->power % 100, (int)d->bomb_pieces,
               (int)d->life_pieces);
        if (d->collect != ITEM_DECL_NO_FUNC)
            printf(", on collect function %u", (unsigned)d->collect);
        printf("\t; %s:%u:%u\n", d->file, (unsigned)d->line, (unsigned)d->col);
    }
}

/* The games, one a line, after the characters (`--dump`): the stages a run
 * plays, in order, and the Extra stage. */
static void lint_dump_games(const library *lib)
{
    for (uint32_t k = 0; k < lib->game_count; k++) {
        const library_game *g = &lib->games[k];
        printf("game '%s': stages", g->name);
        for (uint32_t i = 0; i < g->stage_count; i++)
            printf(" %s", g->stages[i]);
        printf(", extra %s\t; %s\n", g->extra ? g->extra : "none", g->file ? g->file : "?");
    }
}

/* The presentation statements (vm_show), one a line, after the program
 * (`--dump`): where each is shown (the WAIT or RET at pc, the start of the
 * function at pc, or a ship's show-only bomb) and its values. They are no code:
 * the program above is the same without them. */
static void lint_dump_shows(const library *lib)
{
    const vm_program *p = lib->prog;
    for (uint32_t k = 0; k < p->show_count; k++) {
        const vm_show *v = &p->shows[k];
        char where[48];
        if (v->pc >= LIBRARY_TYPE_BOMB_SHOWS_PC(0, 1))
            snprintf(where, sizeof where, "ship %u type %u's bomb",
                     (v->pc - LIBRARY_BOMB_SHOWS_PC(0)) & 0xfffffu,
                     (v->pc - LIBRARY_BOMB_SHOWS_PC(0)) >> 20);
        else if (v->pc >= LIBRARY_BOMB_SHOWS_PC(0))
            snprintf(where, sizeof where, "ship %u's bomb", v->pc - LIBRARY_BOMB_SHOWS_PC(0));
        else
            snprintf(where, sizeof where, "%s pc %u", v->at_start ? "start" : "at", v->pc);
        const char *file = v->pos.file < p->file_count ? p->files[v->pos.file] : "?";
        printf("show %u: %s, %s: shape %u colour %u at (%g, %g) move (%g, %g) size %g grow %g "
               "over %g turn %g angle %g hold %g fade %g alpha %g strength %g after %g%s%s%s%s"
               "\t; %s:%u:%u\n",
               k, vm_show_name((vm_show_kind)v->kind), where, v->shape, v->colour, (double)v->x,
               (double)v->y, (double)v->vx, (double)v->vy, (double)v->size, (double)v->grow,
               (double)v->over, (double)v->turn, (double)v->angle, (double)v->hold, (double)v->fade,
               (double)v->alpha, (double)v->strength, (double)v->after,
               v->additive ? ", additive" : "", v->text[0] ? ", \"" : "", v->text,
               v->text[0] ? "\"" : "", file, v->pos.line, v->pos.col);
    }
}

/* The files to lint, into files[] (at most LINT_MAX_FILES): each FILE given,
 * a folder's pattern files in the order the game compiles a folder; with
 * mod_dir, the game's patterns with the mod laid over them as `play --mod`
 * loads them (library_list_over). The lists made are kept in *lists to free.
 * Returns the count, or -1 after reporting why into diags. */
static int lint_collect(const char **args, int nargs, const char *mod_dir, const char **files,
                        char ***lists, int *list_counts, diag_list *diags)
{
    int n = 0;
    if (mod_dir) {
        char dir[1024];
        if (data_path_join(dir, sizeof dir, "patterns") != 0) {
            diag_report(diags, DIAG_FILE_READ, mod_dir, NULL, 0, 1, 1,
                        "the data folder's path is too long");
            return -1;
        }
        int count = 0;
        lists[0] = library_list_over(dir, mod_dir, NULL, diags, &count);
        list_counts[0] = count;
        for (int i = 0; lists[0] && i < count && n < LINT_MAX_FILES; i++)
            files[n++] = lists[0][i];
        return lists[0] ? n : -1;
    }
    for (int a = 0; a < nargs && n < LINT_MAX_FILES; a++) {
        if (!file_is_dir(args[a])) {
            files[n++] = args[a];
            continue;
        }
        int count = 0;
        lists[a] = library_list_dir(args[a], LIBRARY_MAX_ENTRIES, &count);
        list_counts[a] = count;
        if (!lists[a]) {
            diag_report(diags, DIAG_FILE_READ, args[a], NULL, 0, 1, 1,
                        "a folder without pattern files (or too large to be a mod's)");
            return -1;
        }
        for (int i = 0; i < count && n < LINT_MAX_FILES; i++)
            files[n++] = lists[a][i];
    }
    return n;
}

/* Whether one of the arguments is a folder. */
static int lint_any_folder(const char **args, int nargs)
{
    for (int a = 0; a < nargs; a++)
        if (file_is_dir(args[a]))
            return 1;
    return 0;
}

int lint_main(int argc, char **argv, int first, const char *command)
{
    int dump = 0, quiet = 0;
    const char *mod_dir = NULL;
    const cli_option options[] = {
        {"dump", CLI_FLAG, &dump, NULL,
         "print the art shapes, the bosses' and ships' looks, the ships' shot types, the sound "
         "files, the music themes, the data backdrops' layers, the characters, the games' "
         "stages, the compiled program and the presentation statements, one line each",
         0, 0},
        {"quiet", CLI_FLAG, &quiet, NULL, "print nothing when the files are clean", 0, 0},
        {"mod", CLI_STRING, &mod_dir, "DIR",
         "lint the mod DIR laid over the game's patterns, as play --mod loads it", 0, 0},
    };
    cli_spec spec = {command, options, CLI_OPTION_COUNT(options), 0, LINT_MAX_FILES, "FILE..."};
    if (cli_wants_help(argc, argv, first)) {
        printf("usage: curtain lint [OPTIONS] FILE|DIR...\n"
               "       curtain lint [OPTIONS] --mod DIR\n\n"
               "Check pattern files: print every error and warning as file:line:col with the\n"
               "source line. The files are compiled together; a folder given stands for its\n"
               "pattern files, as the game compiles a folder. --mod DIR checks a mod as the\n"
               "game plays it: its files laid over the game's patterns (one of the same path\n"
               "replaces the game's). The music they would play is checked too: every score\n"
               "and Ogg file of the nearest music/ folder up from each file's folder, as the\n"
               "game loads them. Exit status 1 if there was an error, 0 otherwise.\n\n"
               "Options:\n");
        cli_print_options(stdout, &spec);
        return CLI_EXIT_OK;
    }
    static const char *args[LINT_MAX_FILES], *files[LINT_MAX_FILES];
    static char **lists[LINT_MAX_FILES];
    static int list_counts[LINT_MAX_FILES];
    int nargs = 0;
    int rc = cli_parse(&spec, argc, argv, first, args, &nargs);
    if (rc != CLI_EXIT_OK)
        return rc;
    if (mod_dir && nargs > 0)
        return cli_usage_error(command, "--mod DIR lints the whole mod over the game: no FILE");
    if (!mod_dir && nargs == 0)
        return cli_usage_error(command, "give the files (or folders) to lint, or --mod DIR");
    static diag_list diags;
    diag_init(&diags);
    int nfiles = lint_collect(args, nargs, mod_dir, files, lists, list_counts, &diags);
    library *lib = nfiles >= 0 ? library_load_paths(files, nfiles, &diags) : NULL;
    if (nfiles < 0)
        nfiles = 0;
    if (lib && (art_check_sheets(lib->art, (int)lib->art_count, &diags) +
                backdrop_decl_check_sheets(lib->backdrop_sheets, (int)lib->backdrop_sheet_count,
                                           &diags)) > 0) {
        library_free(lib); /* a sheet the game would refuse */
        lib = NULL;
    }
    if (lib && lint_check_sounds(lib, &diags) > 0) {
        library_free(lib); /* a sound the game would refuse */
        lib = NULL;
    }
    if (lib && lint_check_music(files, nfiles, &diags) > 0) {
        library_free(lib); /* a theme the game would refuse */
        lib = NULL;
    }
    diag_print(&diags, stderr);
    if (lib && dump) {
        lint_dump_art(lib);
        lint_dump_music();
        lint_dump_looks(lib);
        lint_dump_ship_types(lib);
        lint_dump_backdrops(lib);
        lint_dump_characters(lib);
        lint_dump_items(lib);
        lint_dump_games(lib);
        program_dump(stdout, lib->prog);
        lint_dump_shows(lib);
    }
    if (lib && !quiet)
        printf("%d file%s: %d error%s, %d warning%s\n", nfiles, nfiles == 1 ? "" : "s", 0, "s",
               diags.warnings, diags.warnings == 1 ? "" : "s");
    else if (!lib)
        fprintf(stderr, "%d error%s, %d warning%s\n", diags.errors, diags.errors == 1 ? "" : "s",
                diags.warnings, diags.warnings == 1 ? "" : "s");
    if (!lib && !mod_dir && lint_any_folder(args, nargs))
        fprintf(stderr, "(a mod that uses the game's own content: curtain lint --mod DIR)\n");
    int errors = diags.errors || !lib;
    diag_free(&diags);
    library_free(lib);
    for (int a = 0; a < LINT_MAX_FILES && a < (nargs > 0 ? nargs : 1); a++) {
        library_paths_free(lists[a], list_counts[a]);
        lists[a] = NULL;
    }
    return errors ? CLI_EXIT_FAILURE : CLI_EXIT_OK;
}
