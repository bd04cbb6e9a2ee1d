/*
 * lint: `curtain lint FILE...`. The files are compiled together, as the game
 * compiles its folder (so one file may use another's enemies); every diagnostic
 * is printed. Exit 1 if there was an error, 0 otherwise (warnings allowed).
 */
#include "app/lint.h"

#include "app/cli.h"
#include "pattern/library.h"

#include <stdio.h>
#include <string.h>

#define LINT_MAX_FILES 4096

/* The art shapes, one a line, before the program (`--dump`): the shape id a
 * look code carries (SHOT_LOOK's operand: id + 1, colour << 8, hitbox in
 * quarter pixels << 16). */
static void lint_dump_art(const library *lib)
{
    for (uint32_t k = 0; k < lib->art_count; k++) {
        const art_shape *a = &lib->art[k];
        if (a->portrait)
            printf("art '%s': shape %d, %s frame %dx%d at %d %d, portrait\t; %s:%u:%u\n", a->name,
                   a->shape, a->sheet, a->w, a->h, a->x, a->y, a->file, a->line, a->col);
        else
            printf("art '%s': shape %d, %s frame %dx%d at %d %d, hitbox %g, %s%s\t; %s:%u:%u\n",
                   a->name, a->shape, a->sheet, a->w, a->h, a->x, a->y, a->hitbox_q * 0.25,
                   a->turns ? "turns" : "upright", a->additive ? ", additive" : "", a->file,
                   a->line, a->col);
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

int lint_main(int argc, char **argv, int first, const char *command)
{
    int dump = 0, quiet = 0;
    const cli_option options[] = {
        {"dump", CLI_FLAG, &dump, NULL,
         "print the art shapes and the compiled program, one line each", 0, 0},
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
    if (lib && art_check_sheets(lib->art, (int)lib->art_count, &diags) > 0) {
        library_free(lib); /* a sheet the game would refuse */
        lib = NULL;
    }
    diag_print(&diags, stderr);
    if (lib && dump) {
        lint_dump_art(lib);
        lint_dump_characters(lib);
        program_dump(stdout, lib->prog);
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
