#include "core/data_path.h"

#include "core/file.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef CURTAIN_SOURCE_DIR
#define CURTAIN_SOURCE_DIR "."
#endif
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

static void data_path_resolve(void)
{
    if (data_path_try(getenv("CURTAIN_DATA")))
        return;
    char exe[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {
        exe[n] = '\0';
        char *slash = strrchr(exe, '/');
        if (slash) {
            *slash = '\0';
            char installed[4200];
            snprintf(installed, sizeof installed, "%s/" CURTAIN_DATA_FROM_BIN, exe);
            if (data_path_try(installed) || data_path_try(exe))
                return;
        }
    }
    if (data_path_try(CURTAIN_SOURCE_DIR))
        return;
    snprintf(data_root, sizeof data_root, ".");
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
