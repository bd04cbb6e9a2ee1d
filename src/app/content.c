/*
 * content: loading the game's pattern files. See content.h.
 */
#include "app/content.h"

#include "core/data_path.h"
#include "core/log.h"

#include <stdio.h>

library *content_load(const char *mod_dir)
{
    char dir[1024];
    if (data_path_join(dir, sizeof dir, "patterns") != 0) {
        fprintf(stderr, "curtain: the data folder's path is too long\n");
        return NULL;
    }
    static diag_list diags;
    diag_init(&diags);
    library *lib = library_load_dir(dir, mod_dir, &diags);
    diag_print(&diags, stderr);
    if (!lib)
        fprintf(stderr, "curtain: the %s do not load: %d error%s\n",
                mod_dir ? "patterns and the mod" : "patterns", diags.errors,
                diags.errors == 1 ? "" : "s");
    else if (mod_dir)
        log_info("mod %s loaded over %s", mod_dir, dir);
    diag_free(&diags);
    return lib;
}
