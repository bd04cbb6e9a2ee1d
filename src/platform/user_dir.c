/*
 * user_dir: the folder where curtain keeps what it writes (see user_dir.h).
 */
#include "platform/user_dir.h"

#include "core/file.h"
#include "core/log.h"

#include <SDL.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char user_dir[4096];
static int user_dir_resolved;

static void user_dir_resolve(void)
{
    user_dir_resolved = 1;
    const char *env = getenv("CURTAIN_USER_DIR");
    if (env && *env) {
        size_t n = strlen(env);
        if (n + 2 > sizeof user_dir || file_make_dirs(env) != 0) {
            log_error("CURTAIN_USER_DIR=%s cannot be used as a folder", env);
            return;
        }
        snprintf(user_dir, sizeof user_dir, "%s%s", env, env[n - 1] == '/' ? "" : "/");
        return;
    }
    /* An empty organisation gives $XDG_DATA_HOME/curtain/ rather than .../org/curtain/. */
    char *pref = SDL_GetPrefPath("", "curtain");
    if (!pref) {
        log_error("no folder to keep curtain's files in: %s", SDL_GetError());
        return;
    }
    if (strlen(pref) < sizeof user_dir)
        snprintf(user_dir, sizeof user_dir, "%s", pref);
    SDL_free(pref);
}

const char *user_dir_path(void)
{
    if (!user_dir_resolved)
        user_dir_resolve();
    return user_dir[0] ? user_dir : NULL;
}

int user_dir_join(char *out, size_t out_size, const char *name)
{
    const char *dir = user_dir_path();
    if (!dir)
        return -1;
    int n = snprintf(out, out_size, "%s%s", dir, name);
    return n < 0 || (size_t)n >= out_size ? -1 : 0;
}
