/*
 * fmt: `curtain fmt FILE...`. Prints each file formatted, or with --write
 * rewrites those that change (atomically: core/file.h), or with --check only
 * names those that would change. A file that does not lex cleanly is left as it
 * is, with its errors printed.
 */
#include "app/fmt.h"

#include "app/cli.h"
#include "core/file.h"
#include "core/mem.h"
#include "pattern/language/format.h"

#include <stdio.h>
#include <string.h>

enum {
    FMT_MAX_FILES = 4096
};

/* Formats one file as the flags ask. Returns 0 when it was already formatted
 * (or was written), 1 when --check found it would change, -1 on an error. */
static int fmt_file(const char *path, int write, int check)
{
    char err[512];
    size_t len = 0, out_len = 0;
    char *src = file_read_limit(path, FILE_LIMIT_PATTERN, &len, err, sizeof err);
    if (!src) {
        fprintf(stderr, "%s\n", err);
        return -1;
    }
    static diag_list diags;
    diag_init(&diags);
    char *out = format_text(path, src, len, &out_len, &diags);
    int rc = 0;
    if (!out) {
        diag_print(&diags, stderr);
        if (diags.errors == 0)
            fprintf(stderr, "%s: out of memory\n", path);
        rc = -1;
    } else if (check || write) {
        int same = out_len == len && memcmp(out, src, len) == 0;
        if (!same && check) {
            printf("%s\n", path);
            rc = 1;
        } else if (!same && file_write_atomic(path, out, out_len, err, sizeof err) != 0) {
            fprintf(stderr, "%s\n", err);
            rc = -1;
        }
    } else {
        fwrite(out, 1, out_len, stdout);
    }
    diag_free(&diags);
    mem_free(out);
    mem_free(src);
    return rc;
}

int fmt_main(int argc, char **argv, int first, const char *command)
{
    int write = 0, check = 0;
    const cli_option options[] = {
        {"write", CLI_FLAG, &write, NULL,
         "(or -w) rewrite the files that change instead of printing them, atomically", 0, 0},
        {"check", CLI_FLAG, &check, NULL,
         "print the names of the files that would change, write nothing; exit status 1 if any "
         "would",
         0, 0},
    };
    cli_spec spec = {command, options, CLI_OPTION_COUNT(options), 1, FMT_MAX_FILES, "FILE..."};
    if (cli_wants_help(argc, argv, first)) {
        printf("usage: curtain fmt [OPTIONS] FILE...\n\n"
               "Print pattern files in curtain's one layout: 4 spaces of indent per block, one\n"
               "space between words, every comment kept where it was, lines broken where they\n"
               "were (docs/patterns.md, \"Layout\"). Formatting twice changes nothing, and the\n"
               "compiled program stays the same. A file with a bad character or an unterminated\n"
               "string is left alone. Exit status 1 on an error, or with --check if a file\n"
               "would change, 0 otherwise.\n\nOptions:\n");
        cli_print_options(stdout, &spec);
        return CLI_EXIT_OK;
    }
    static char write_word[] = "--write";
    for (int i = first; i < argc; i++)
        if (strcmp(argv[i], "-w") == 0)
            argv[i] = write_word;
    static const char *files[FMT_MAX_FILES];
    int nfiles = 0;
    int rc = cli_parse(&spec, argc, argv, first, files, &nfiles);
    if (rc != CLI_EXIT_OK)
        return rc;
    if (write && check)
        return cli_usage_error(command, "--write and --check do not go together");
    int failed = 0;
    for (int i = 0; i < nfiles; i++)
        if (fmt_file(files[i], write, check) != 0)
            failed = 1;
    return failed ? CLI_EXIT_FAILURE : CLI_EXIT_OK;
}
