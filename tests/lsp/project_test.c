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
#include <sys/stat.h>
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

static int mkdirs(const char *root, const char *rel)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", root, rel);
    return mkdir(path, 0700);
}

static void write_at(const char *root, const char *rel, const char *text)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", root, rel);
    make_file(path, text, 0);
}

static int has_file(const project *p, const char *root, const char *rel)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", root, rel);
    return project_find(p, path) >= 0;
}

/* A mod (a folder marked by PROJECT_MOD_MARKER) is laid over the game's
 * patterns as `play --mod` lays it: its file of a game file's path replaces
 * that one; a file in its subfolder is compiled with the whole mod. A
 * workspace folder without a marker is one library, subfolders and all; without
 * either, a file's own folder is. */
static void test_mod_and_workspace(void)
{
    char dir[] = "/tmp/curtain-project-mod-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    CHECK(mkdirs(dir, "game") == 0);
    CHECK(mkdirs(dir, "game/patterns") == 0);
    CHECK(mkdirs(dir, "mod") == 0);
    CHECK(mkdirs(dir, "mod/bosses") == 0);
    write_at(dir, "game/patterns/a.pat", "pattern a { fire ring 3 }\n");
    write_at(dir, "game/patterns/b.pat", "pattern b { fire ring 3 }\n");
    write_at(dir, "mod/" PROJECT_MOD_MARKER, "my mod\n");
    write_at(dir, "mod/b.pat", "pattern b { run a }\n");
    write_at(dir, "mod/bosses/c.pat", "pattern c { run b }\n");
    project_places places;
    memset(&places, 0, sizeof places);
    snprintf(places.game, sizeof places.game, "%s/game/patterns", dir);
    char c[256], mod[256];
    snprintf(c, sizeof c, "%s/mod/bosses/c.pat", dir);
    snprintf(mod, sizeof mod, "%s/mod", dir);
    project p;
    CHECK(project_load(&p, c, &places, NULL, 0, NULL, NULL) == 0);
    CHECK_EQ_INT(p.count, 3); /* the game's a.pat, the mod's b.pat and bosses/c.pat */
    CHECK(strcmp(p.root, mod) == 0);
    CHECK(strcmp(p.game, places.game) == 0);
    CHECK(has_file(&p, dir, "game/patterns/a.pat"));
    CHECK(!has_file(&p, dir, "game/patterns/b.pat")); /* replaced by the mod's */
    CHECK(has_file(&p, dir, "mod/b.pat"));
    diag_list diags;
    diag_init(&diags);
    project_lint(&p, &diags);
    CHECK_EQ_INT(diags.errors, 0);
    diag_free(&diags);
    project_unload(&p);

    /* a file under a folder named patterns is the game's, marker or workspace above or not */
    char gb[256], gpat[256];
    snprintf(gb, sizeof gb, "%s/game/patterns/b.pat", dir);
    snprintf(gpat, sizeof gpat, "%s/game/patterns", dir);
    write_at(dir, "game/" PROJECT_MOD_MARKER, "not a mod: patterns/ wins\n");
    snprintf(places.folders[0], sizeof places.folders[0], "%s", dir);
    places.count = 1;
    CHECK(project_load(&p, gb, &places, NULL, 0, NULL, NULL) == 0);
    CHECK_EQ_INT(p.count, 2);
    CHECK(strcmp(p.root, gpat) == 0);
    CHECK(p.game[0] == '\0');
    project_unload(&p);
    places.count = 0;

    /* no marker: the workspace folder, not the file's own subfolder */
    CHECK(mkdirs(dir, "ws") == 0);
    CHECK(mkdirs(dir, "ws/bosses") == 0);
    write_at(dir, "ws/top.pat", "pattern top { fire ring 3 }\n");
    write_at(dir, "ws/bosses/d.pat", "pattern d { run top }\n");
    char d[256], ws[256];
    snprintf(d, sizeof d, "%s/ws/bosses/d.pat", dir);
    snprintf(ws, sizeof ws, "%s/ws", dir);
    snprintf(places.folders[0], sizeof places.folders[0], "%s", ws);
    places.count = 1;
    CHECK(project_load(&p, d, &places, NULL, 0, NULL, NULL) == 0);
    CHECK_EQ_INT(p.count, 2);
    CHECK(strcmp(p.root, ws) == 0);
    CHECK(p.game[0] == '\0');
    project_unload(&p);
    /* neither: the file's own folder */
    CHECK(project_load(&p, d, NULL, NULL, 0, NULL, NULL) == 0);
    CHECK_EQ_INT(p.count, 1);
    project_unload(&p);
    /* a workspace folder holding patterns/ is the game's tree: not one library */
    CHECK(mkdirs(dir, "ws/patterns") == 0);
    CHECK(project_load(&p, d, &places, NULL, 0, NULL, NULL) == 0);
    CHECK_EQ_INT(p.count, 1);
    project_unload(&p);
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    CHECK(system(cmd) == 0);
}

int main(void)
{
    test_mod_and_workspace();
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
    CHECK(project_load(&p, a, NULL, NULL, 0, NULL, NULL) == 0);
    CHECK_EQ_INT(p.count, 2); /* a small folder is a library */
    CHECK(strcmp(p.root, dir) == 0);
    project_unload(&p);
    /* two files just under a pattern file's limit each: over the folder's bound */
    make_file(c, "# large\n", (long)(16 << 20) - 1);
    make_file(d, "# large\n", (long)(16 << 20) - 1);
    CHECK(project_load(&p, a, NULL, NULL, 0, NULL, NULL) == 0);
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
