/*
 * lint: `curtain lint FILE...`. The files are compiled together, as the game
 * compiles its folder (so one file may use another's enemies); every diagnostic
 * is printed. Exit 1 if there was an error, 0 otherwise (warnings allowed).
 */
#include "app/lint.h"

#include "app/cli.h"
#include "audio/synth.h"
#include "audio/wav.h"
#include "core/file.h"
#include "core/mem.h"
#include "pattern/backdrop_decl.h"
#include "pattern/library.h"

#include <stdio.h>
#include <string.h>

#define LINT_MAX_FILES 4096

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

/* Decodes every sound file the scripts play (pattern/sound_file.h), as the
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
        if (v->pc >= LIBRARY_BOMB_SHOWS_PC(0))
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

int lint_main(int argc, char **argv, int first, const char *command)
{
    int dump = 0, quiet = 0;
    const cli_option options[] = {
        {"dump", CLI_FLAG, &dump, NULL,
         "print the art shapes, the bosses' and ships' looks, the sound files, the data "
         "backdrops' layers, the compiled program and the presentation statements, one line "
         "each",
         0, 0},
        {"quiet", CLI_FLAG, &quiet, NULL, "print nothing when the files are clean", 0, 0},
    };
    cli_spec spec = {command, options, CLI_OPTION_COUNT(options), 1, LINT_MAX_FILES, "FILE..."};
    if (cli_wants_help(argc, argv, first)) {
        printf("usage: curtain lint [OPTIONS] FILE...\n\n"
               "Check pattern files: print every error and warning as file:line:col with the\n"
               "source line. The files are compiled together. Exit status 1 if there was an\n"
               "error, 0 otherwise.\n\nOptions:\n");
        cli_print_options(stdout, &spec);
        return CLI_EXIT_OK;
    }
    static const char *files[LINT_MAX_FILES];
    int nfiles = 0;
    int rc = cli_parse(&spec, argc, argv, first, files, &nfiles);
    if (rc != CLI_EXIT_OK)
        return rc;
    static diag_list diags;
    diag_init(&diags);
    library *lib = library_load_paths(files, nfiles, &diags);
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
    diag_print(&diags, stderr);
    if (lib && dump) {
        lint_dump_art(lib);
        lint_dump_looks(lib);
        lint_dump_backdrops(lib);
        lint_dump_characters(lib);
        program_dump(stdout, lib->prog);
        lint_dump_shows(lib);
    }
    if (lib && !quiet)
        printf("%d file%s: %d error%s, %d warning%s\n", nfiles, nfiles == 1 ? "" : "s", 0, "s",
               diags.warnings, diags.warnings == 1 ? "" : "s");
    else if (!lib)
        fprintf(stderr, "%d error%s, %d warning%s\n", diags.errors, diags.errors == 1 ? "" : "s",
                diags.warnings, diags.warnings == 1 ? "" : "s");
    int errors = diags.errors || !lib;
    diag_free(&diags);
    library_free(lib);
    return errors ? CLI_EXIT_FAILURE : CLI_EXIT_OK;
}
