/*
 * sound: `sound NAME` checked at compile time (pattern/content/sound_file.h). A
 * built-in name compiles; a file sounds/NAME.wav in the script's folder or one
 * above is found and joins the library's sound table (once, however often it
 * is played); any other name is a positioned error with the nearest built-in
 * or file name as a hint; a file that is a link out of its folder, or a name
 * that could leave the folder, is refused; more files than SOUND_FILE_MAX are
 * refused. Before this check an unknown name compiled clean and played nothing.
 */
#include "../check.h"
#include "core/file.h"
#include "pattern/content/library.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static diag_list diags;
static char root[256];

static library *compile(const char *path, const char *src)
{
    library_file f = {path, src, strlen(src)};
    diag_free(&diags);
    diag_init(&diags);
    return library_compile(&f, 1, &diags);
}

/* Whether diags holds a diagnostic of code at line:col whose text contains want. */
static int has(diag_code code, uint32_t line, uint32_t col, const char *want)
{
    for (int i = 0; i < diags.count; i++)
        if (diags.items[i].code == code && diags.items[i].line == line &&
            diags.items[i].col == col && strstr(diags.items[i].text, want))
            return 1;
    fprintf(stderr, "no diagnostic %u:%u contains \"%s\"; got:\n", line, col, want);
    diag_print(&diags, stderr);
    return 0;
}

static void touch(const char *rel)
{
    char path[512], err[256];
    snprintf(path, sizeof path, "%s/%s", root, rel);
    CHECK_EQ_INT(file_write_atomic(path, "RIFF", 4, err, sizeof err), 0);
}

static void sound_test_builtin(void)
{
    char path[512];
    snprintf(path, sizeof path, "%s/mod/stage1/a.pat", root);
    library *lib = compile(path, "pattern a {\n    sound graze\n    sound \"timer\"\n}\n");
    CHECK(lib != NULL);
    CHECK_EQ_INT(lib ? (int)lib->sound_count : -1, 0);
    library_free(lib);
    lib = compile(path, "pattern a {\n    sound grze\n}\n");
    CHECK(lib == NULL);
    CHECK(has(DIAG_UNKNOWN_SOUND, 2, 11, "unknown sound 'grze' (did you mean 'graze'?)"));
}

static void sound_test_files(void)
{
    char path[512];
    snprintf(path, sizeof path, "%s/mod/stage1/a.pat", root);
    /* found one folder up, however often it is played */
    library *lib = compile(path, "pattern a {\n    sound boom\n    wait 1\n    sound boom\n"
                                 "    sound chime\n}\n");
    CHECK(lib != NULL);
    CHECK_EQ_INT(lib ? (int)lib->sound_count : -1, 2);
    if (lib && lib->sound_count == 2) {
        CHECK_STR_CONTAINS(lib->sounds[0].path, "/mod/sounds/boom.wav");
        CHECK_EQ_INT((int)lib->sounds[0].line, 2);
        CHECK_EQ_INT((int)lib->sounds[0].col, 11);
        CHECK(strcmp(lib->sounds[0].name, "boom") == 0);
        /* the nearest folder first: stage1/sounds/chime.wav over the mod's */
        CHECK_STR_CONTAINS(lib->sounds[1].path, "/mod/stage1/sounds/chime.wav");
    }
    library_free(lib);
    /* a typo of a file's name: the hint is the file's */
    lib = compile(path, "pattern a {\n    sound chme\n}\n");
    CHECK(lib == NULL);
    CHECK(has(DIAG_UNKNOWN_SOUND, 2, 11, "(did you mean 'chime'?)"));
    CHECK(has(DIAG_UNKNOWN_SOUND, 2, 11, "sounds/chme.wav"));
    /* a link out of the mod */
    lib = compile(path, "pattern a {\n    sound away\n}\n");
    CHECK(lib == NULL);
    CHECK(has(DIAG_BAD_SOUND, 2, 11, "sounds/away.wav lies outside its folder"));
    /* a name that would leave the folder */
    lib = compile(path, "pattern a {\n    sound \"../../outside/x\"\n}\n");
    CHECK(lib == NULL);
    CHECK(has(DIAG_BAD_SOUND, 2, 11, "cannot be a file's name"));
}

static void sound_test_count(void)
{
    char path[512], src[8192];
    snprintf(path, sizeof path, "%s/many/a.pat", root);
    size_t n = (size_t)snprintf(src, sizeof src, "pattern a {\n");
    for (int k = 0; k <= SOUND_FILE_MAX; k++) {
        char rel[64];
        snprintf(rel, sizeof rel, "many/sounds/s%d.wav", k);
        touch(rel);
        n += (size_t)snprintf(src + n, sizeof src - n, "    sound s%d\n", k);
    }
    snprintf(src + n, sizeof src - n, "}\n");
    library *lib = compile(path, src);
    CHECK(lib == NULL);
    CHECK(has(DIAG_BAD_SOUND, SOUND_FILE_MAX + 2, 11, "is one too many (at most 32 files)"));
}

int main(void)
{
    snprintf(root, sizeof root, "/tmp/curtain_sound_test_%d", (int)getpid());
    char dir[300];
    static const char *const dirs[] = {"mod/sounds", "mod/stage1/sounds", "outside", "many/sounds"};
    for (int i = 0; i < 4; i++) {
        snprintf(dir, sizeof dir, "%s/%s", root, dirs[i]);
        CHECK_EQ_INT(file_make_dirs(dir), 0);
    }
    touch("mod/sounds/boom.wav");
    touch("mod/stage1/sounds/chime.wav");
    touch("outside/away.wav");
    char target[300], link[300];
    snprintf(target, sizeof target, "%s/outside/away.wav", root);
    snprintf(link, sizeof link, "%s/mod/sounds/away.wav", root);
    CHECK_EQ_INT(symlink(target, link), 0);
    sound_test_builtin();
    sound_test_files();
    sound_test_count();
    diag_free(&diags);
    char cmd[400];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
    CHECK_EQ_INT(system(cmd), 0);
    return check_done("sound");
}
