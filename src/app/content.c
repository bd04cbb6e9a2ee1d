/*
 * content: loading the game's pattern files. See content.h.
 */
#include "app/content.h"

#include "core/data_path.h"
#include "core/log.h"
#include "game/replay.h"

#include <stdio.h>

/* The data folder's patterns/ (the files keep accepts) with mod_dir over it;
 * quiet: nothing printed. */
static library *content_load_kept(const char *mod_dir, library_keep_fn keep, int quiet)
{
    char dir[1024];
    if (data_path_join(dir, sizeof dir, "patterns") != 0) {
        if (!quiet)
            fprintf(stderr, "curtain: the data folder's path is too long\n");
        return NULL;
    }
    static diag_list diags;
    diag_init(&diags);
    library *lib = library_load_dir_kept(dir, mod_dir, keep, &diags);
    if (!quiet) {
        diag_print(&diags, stderr);
        if (!lib)
            fprintf(stderr, "curtain: the %s do not load: %d error%s\n",
                    mod_dir ? "patterns and the mod" : "patterns", diags.errors,
                    diags.errors == 1 ? "" : "s");
        else if (mod_dir)
            log_info("mod %s loaded over %s", mod_dir, dir);
    }
    diag_free(&diags);
    return lib;
}

library *content_load(const char *mod_dir)
{
    return content_load_kept(mod_dir, NULL, 0);
}

library *content_load_format2(const char *mod_dir, int quiet)
{
    return content_load_kept(mod_dir, replay_format2_file, quiet);
}
