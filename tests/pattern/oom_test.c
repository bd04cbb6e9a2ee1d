/*
 * oom: the loader under allocation failure. Compiling the top folder of the
 * pattern library (plus a boss, a stage, a ship and a game; the folder's own
 * game.pat names stages in folders this test leaves out) with the 1st, 2nd,
 * 3rd... allocation made to fail must each time give a clean "out of memory"
 * error and leak nothing, until the failure point passes the last allocation
 * and the load succeeds.
 *
 * usage: test_pattern.oom PATTERNS_DIR
 */
#include "../check.h"
#include "core/file.h"
#include "core/mem.h"
#include "pattern/content/library.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#define OOM_MAX_FILES 256

static const char *extra =
    "enemy fairy(side = 1) {\n"
    "    health 10\n"
    "    move to (192 + side * 80, 100) over 30\n"
    "    fire orb ring 8 { wait 10; speed 3 over 20 }\n"
    "}\n"
    "boss moon {\n"
    "    name \"Moon\"\n"
    "    phase \"Sign: Halo\" spell time 30s health 900 bonus 1000 {\n"
    "        thread { loop { fire star aim; wait 10 } }\n"
    "        loop { move to (rand(100, 284), 100) over 60; wait 90 }\n"
    "    }\n"
    "}\n"
    "stage extra { title \"Stage\" \"Sub\"; spawn fairy at (10, -20); boss moon }\n"
    "ship kite { name \"Kite\" speed 4 option 2 (-9, 0) focused (-5, 0)\n"
    "    shot 1 { damage 2 fire rice at 0 speed 12 { wait 5; speed 20 } }\n"
    "    shot 1 focused { fire arrow at 0 speed 14 } bomb { fire orb ring 16 speed 6 } }\n"
    "game extra_game { stages extra }\n";

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s PATTERNS_DIR\n", argv[0]);
        return 2;
    }
    static library_file files[OOM_MAX_FILES];
    static char paths[OOM_MAX_FILES][512];
    int n = 0;
    DIR *d = opendir(argv[1]);
    CHECK(d != NULL);
    struct dirent *e;
    while (d && (e = readdir(d)) != NULL && n < OOM_MAX_FILES - 1) {
        size_t len = strlen(e->d_name);
        if (len < 5 || strcmp(e->d_name + len - 4, ".pat") != 0 ||
            strcmp(e->d_name, "game.pat") == 0)
            continue;
        snprintf(paths[n], sizeof paths[n], "%s/%s", argv[1], e->d_name);
        char err[256];
        size_t size = 0;
        char *text = file_read_all(paths[n], &size, err, sizeof err);
        CHECK(text != NULL);
        if (!text)
            continue;
        files[n] = (library_file){paths[n], text, size};
        n++;
    }
    if (d)
        closedir(d);
    files[n++] = (library_file){"extra.pat", extra, strlen(extra)};
    CHECK(n >= 21);

    static diag_list diags;
    int64_t live = mem_live_blocks();
    uint64_t fail_at;
    int clean = 1;
    for (fail_at = 1; fail_at < 100000; fail_at++) {
        diag_init(&diags);
        mem_fail_at(fail_at);
        library *lib = library_compile(files, n, &diags);
        mem_fail_at(0);
        if (lib) {
            CHECK_EQ_INT(diags.errors, 0);
            library_free(lib);
            diag_free(&diags);
            break;
        }
        int reported = diags.oom;
        for (int i = 0; i < diags.count; i++)
            reported |= diags.items[i].code == DIAG_OUT_OF_MEMORY;
        if (!reported || diags.errors == 0) {
            fprintf(stderr, "allocation %llu failed: no clean out-of-memory error\n",
                    (unsigned long long)fail_at);
            diag_print(&diags, stderr);
            clean = 0;
        }
        diag_free(&diags);
        if (mem_live_blocks() != live) {
            fprintf(stderr, "allocation %llu failed: %lld blocks leaked\n",
                    (unsigned long long)fail_at, (long long)(mem_live_blocks() - live));
            clean = 0;
            live = mem_live_blocks();
        }
    }
    CHECK(clean);
    CHECK(fail_at > 50 && fail_at < 100000);
    printf("loader survived %llu allocation failures\n", (unsigned long long)(fail_at - 1));
    for (int i = 0; i < n - 1; i++)
        mem_free((char *)files[i].text);
    return check_done("pattern.oom");
}
