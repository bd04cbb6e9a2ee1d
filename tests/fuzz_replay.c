/*
 * fuzz_replay: runs a libFuzzer target's corpus as an ordinary test, so that
 * every input ever found stays checked by ctest, with any compiler. Each argument
 * is a file or a folder of files; each file goes to LLVMFuzzerTestOneInput once.
 * Fails when no input was found (a missing corpus must not pass silently).
 */
#include "core/file.h"
#include "core/mem.h"

#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int replay_file(const char *path)
{
    char err[256];
    size_t size = 0;
    char *data = file_read_all(path, &size, err, sizeof err);
    if (!data) {
        fprintf(stderr, "fuzz_replay: %s\n", err);
        return -1;
    }
    LLVMFuzzerTestOneInput((const uint8_t *)data, size);
    mem_free(data);
    return 0;
}

/* Replays a file, or every file of a folder; returns how many, or -1. */
static int replay_path(const char *path)
{
    if (!file_is_dir(path))
        return replay_file(path) == 0 ? 1 : -1;
    DIR *d = opendir(path);
    if (!d)
        return -1;
    int count = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        char child[4096];
        if (e->d_name[0] == '.' ||
            snprintf(child, sizeof child, "%s/%s", path, e->d_name) >= (int)sizeof child)
            continue;
        if (file_is_dir(child) || replay_file(child) != 0) {
            count = -1;
            break;
        }
        count++;
    }
    closedir(d);
    return count;
}

int main(int argc, char **argv)
{
    int total = 0;
    for (int i = 1; i < argc; i++) {
        int n = replay_path(argv[i]);
        if (n < 0) {
            fprintf(stderr, "fuzz_replay: cannot replay %s\n", argv[i]);
            return 1;
        }
        total += n;
    }
    if (total == 0) {
        fprintf(stderr, "fuzz_replay: no inputs\n");
        return 1;
    }
    printf("fuzz_replay: %d inputs replayed\n", total);
    return 0;
}
