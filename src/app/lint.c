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
        printf("art '%s': shape %d, %s frame %dx%d at %d %d, hitbox %g, %s%s\t; %s:%u:%u\n",
               a->name, a->shape, a->sheet, a->w, a->h, a->x, a->y, a->hitbox_q * 0.25,
               a->turns ? "turns" : "upright", a->additive ? ", additive" : "", a->file, a->line,
               a->col);
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
         "print the art shapes, the compiled program and the presentation statements, one "
         "line each",
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
    if (lib && art_check_sheets(lib->art, (int)lib->art_count, &diags) > 0) {
        library_free(lib); /* a sheet the game would refuse */
        lib = NULL;
    }
    diag_print(&diags, stderr);
    if (lib && dump) {
        lint_dump_art(lib);
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
