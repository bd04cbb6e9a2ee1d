/*
 * project: what a file is compiled with. A folder whose pattern files hold more
 * than PROJECT_MAX_BYTES together is not a library: the file is compiled alone,
 * and nothing of the others is read (a file: URI in a temporary folder of large
 * files made the server read them all); a small folder is one.
 */
#define _XOPEN_SOURCE 700 /* mkdtemp */
#include "../check.h"
#include "lsp/project.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Writes text, then grows the file to size bytes (sparse: nothing on disk). */
static void make_file(const char *path, const char *text, long size)
{
    FILE *f = fopen(path, "w");
    CHECK(f != NULL);
    if (!f)
        return;
    fputs(text, f);
    fclose(f);
    if (size > 0)
        CHECK(truncate(path, size) == 0);
}

int main(void)
{
    char dir[] = "/tmp/curtain-project-test-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    char a[128], b[128], c[128], d[128];
    snprintf(a, sizeof a, "%s/a.pat", dir);
    snprintf(b, sizeof b, "%s/b.pat", dir);
    snprintf(c, sizeof c, "%s/c.pat", dir);
    snprintf(d, sizeof d, "%s/d.pat", dir);
    make_file(a, "pattern a { fire ring 3 }\n", 0);
    make_file(b, "pattern b { fire ring 4 }\n", 0);
    project p;
    CHECK(project_load(&p, a, NULL, 0, NULL, NULL) == 0);
    CHECK_EQ_INT(p.count, 2); /* a small folder is a library */
    CHECK(strcmp(p.root, dir) == 0);
    project_unload(&p);
    /* two files just under a pattern file's limit each: over the folder's bound */
    make_file(c, "# large\n", (long)(16 << 20) - 1);
    make_file(d, "# large\n", (long)(16 << 20) - 1);
    CHECK(project_load(&p, a, NULL, 0, NULL, NULL) == 0);
    CHECK_EQ_INT(p.count, 1); /* compiled alone: c and d never read */
    CHECK(strcmp(p.root, a) == 0);
    project_unload(&p);
    unlink(a);
    unlink(b);
    unlink(c);
    unlink(d);
    rmdir(dir);
    return check_done("lsp.project");
}
