/*
 * data_path: the data folder, looked up once in the documented order (see
 * data_path.h): never a path compiled into the binary.
 */
#include "core/data_path.h"

#include "core/file.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The installed data folder relative to the installed binary's folder (GNU
 * install dirs: bin/ and share/curtain/ by default). */
#ifndef CURTAIN_DATA_FROM_BIN
#define CURTAIN_DATA_FROM_BIN "../share/curtain"
#endif

static char data_root[4096];

/* A folder is a data root when it holds both assets/ and patterns/. */
static int data_path_is_root(const char *dir)
{
    char probe[4200];
    snprintf(probe, sizeof probe, "%s/assets", dir);
    if (!file_is_dir(probe))
        return 0;
    snprintf(probe, sizeof probe, "%s/patterns", dir);
    return file_is_dir(probe);
}

static int data_path_try(const char *dir)
{
    if (!dir || !*dir || strlen(dir) >= sizeof data_root || !data_path_is_root(dir))
        return 0;
    snprintf(data_root, sizeof data_root, "%s", dir);
    return 1;
}

/* The folder the marker beside the executable names (its first line), tried. */
static int data_path_try_marker(const char *exe_dir)
{
    char marker[4200], dir[4096];
    snprintf(marker, sizeof marker, "%s/" DATA_PATH_MARKER, exe_dir);
    FILE *f = fopen(marker, "r");
    if (!f)
        return 0;
    int ok = fgets(dir, sizeof dir, f) != NULL;
    fclose(f);
    if (!ok)
        return 0;
    dir[strcspn(dir, "\r\n")] = '\0';
    return data_path_try(dir);
}

static void data_path_resolve(void)
{
    const char *given = getenv("CURTAIN_DATA");
    if (given && *given && strlen(given) < sizeof data_root) {
        snprintf(data_root, sizeof data_root, "%s", given); /* asked for: no other is searched */
        return;
    }
    char exe[4096], installed[4200] = CURTAIN_DATA_FROM_BIN;
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    char *slash = n > 0 ? (exe[n] = '\0', strrchr(exe, '/')) : NULL;
    if (slash) {
        *slash = '\0';
        snprintf(installed, sizeof installed, "%s/" CURTAIN_DATA_FROM_BIN, exe);
        if (data_path_try(installed) || data_path_try(exe) || data_path_try_marker(exe))
            return;
    }
    /* none: the installed folder, which the errors of what is missing then name
     * (cut to fit: a path that long is only ever quoted) */
    size_t len = strnlen(installed, sizeof data_root - 1);
    memcpy(data_root, installed, len);
    data_root[len] = '\0';
}

const char *data_path_root(void)
{
    if (!data_root[0])
        data_path_resolve();
    return data_root;
}

int data_path_join(char *out, size_t out_size, const char *relative)
{
    int n = snprintf(out, out_size, "%s/%s", data_path_root(), relative);
    return n < 0 || (size_t)n >= out_size ? -1 : 0;
}
