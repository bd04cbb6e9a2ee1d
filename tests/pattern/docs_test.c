/*
 * docs: every example of docs/patterns.md is a real file. Each ```pat block of
 * the page starts with "# docs/examples/NAME.pat" and must be exactly that file;
 * every file of docs/examples/ must appear on the page; each loads alone with no
 * error or warning, and runs 900 frames in the sandbox without a run-time error,
 * firing bullets.
 *
 * usage: test_pattern.docs PATTERNS_MD EXAMPLES_DIR
 */
#include "../check.h"
#include "core/file.h"
#include "core/mem.h"
#include "pattern/library.h"
#include "pattern/sandbox.h"

#include <dirent.h>
#include <string.h>

#define DOCS_MAX 64

static char seen[DOCS_MAX][128];
static int nseen;

/* Loads and runs one example file. */
static void docs_run(const char *path)
{
    static diag_list diags;
    diag_init(&diags);
    const char *paths[] = {path};
    library *lib = library_load_paths(paths, 1, &diags);
    if (!lib || diags.count)
        diag_print(&diags, stderr);
    CHECK(lib != NULL);
    CHECK_EQ_INT(diags.warnings, 0);
    diag_free(&diags);
    if (!lib)
        return;
    const library_entry *e = library_default_entry(lib, path);
    CHECK(e != NULL);
    sandbox_config cfg;
    sandbox_config_default(&cfg);
    sandbox *sb = sandbox_create(&cfg);
    CHECK(sb && e && sandbox_start(sb, lib, e, NULL) == 0);
    for (int f = 0; sb && e && f < 900; f++)
        sandbox_step(sb);
    if (sb) {
        if (sandbox_error_count(sb))
            fprintf(stderr, "%s: %s\n", path, sandbox_last_error(sb));
        CHECK_EQ_INT(sandbox_error_count(sb), 0);
        CHECK(sandbox_vm_stats(sb).spawned > 0);
    }
    sandbox_destroy(sb);
    library_free(lib);
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: %s PATTERNS_MD EXAMPLES_DIR\n", argv[0]);
        return 2;
    }
    char err[256];
    size_t size = 0;
    char *md = file_read_all(argv[1], &size, err, sizeof err);
    CHECK(md != NULL);
    const char *open = "```pat\n";
    for (char *p = md ? strstr(md, open) : NULL; p; p = strstr(p, open)) {
        char *body = p + strlen(open);
        char *end = strstr(body, "```\n");
        CHECK(end != NULL);
        if (!end)
            break;
        char name[128] = "";
        CHECK(sscanf(body, "# docs/examples/%127[^\n]", name) == 1);
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", argv[2], name);
        size_t fsize = 0;
        char *file = file_read_all(path, &fsize, err, sizeof err);
        size_t blen = (size_t)(end - body);
        if (!file || fsize != blen || memcmp(file, body, blen) != 0) {
            fprintf(stderr, "%s: the example on the page differs from %s\n", name, path);
            CHECK(0);
        } else if (nseen < DOCS_MAX) {
            snprintf(seen[nseen++], sizeof seen[0], "%s", name);
            docs_run(path);
        }
        mem_free(file);
        p = end;
    }
    /* every example file is on the page */
    DIR *d = opendir(argv[2]);
    CHECK(d != NULL);
    struct dirent *e;
    int files = 0;
    while (d && (e = readdir(d)) != NULL) {
        size_t len = strlen(e->d_name);
        if (len < 5 || strcmp(e->d_name + len - 4, ".pat") != 0)
            continue;
        files++;
        int found = 0;
        for (int i = 0; i < nseen; i++)
            found |= strcmp(seen[i], e->d_name) == 0;
        if (!found)
            fprintf(stderr, "%s is not shown in %s\n", e->d_name, argv[1]);
        CHECK(found);
    }
    if (d)
        closedir(d);
    CHECK(files >= 10 && files == nseen);
    printf("%d examples checked\n", nseen);
    mem_free(md);
    return check_done("pattern.docs");
}
