/*
 * sandbox_show: sandbox_config_default leaves no presentation callback behind.
 * It did not set `show` and `show_user`, so `curtain run` (which defaults a
 * config on its stack) called whatever the stack held the first time a script
 * reached a presentation statement (a boss's `cutin` or `flash`), and crashed
 * now and then (stage 6's Tobari, run from her second phase). A config full of
 * garbage, defaulted, has neither; a sandbox made from it runs a boss whose
 * cards flash and cut in.
 */
#include "../check.h"
#include "../game/test_library.h"
#include "pattern/objects/sandbox.h"

#include <string.h>

static const char source[] = "boss flasher {\n"
                             "    name \"Flasher\"\n"
                             "    look boss\n"
                             "    phase \"Flash Sign: Every Frame\" spell time 10s health 100 {\n"
                             "        cutin \"Flash Sign: Every Frame\" purple over 60\n"
                             "        loop as t {\n"
                             "            flash white over 10 alpha 0.2\n"
                             "            fire orb ring 8 at t * 3 speed 2\n"
                             "            wait 5\n"
                             "        }\n"
                             "    }\n"
                             "}\n";

int main(void)
{
    sandbox_config cfg;
    memset(&cfg, 0xa5, sizeof cfg);
    sandbox_config_default(&cfg);
    CHECK(cfg.show == NULL);
    CHECK(cfg.show_user == NULL);
    library *lib = test_library_compile("flasher.pat", source);
    CHECK(lib != NULL);
    sandbox *sb = lib ? sandbox_create(&cfg) : NULL;
    const library_boss *b = lib ? library_find_boss(lib, "flasher") : NULL;
    CHECK(sb && b && sandbox_start(sb, lib, NULL, b) == 0);
    for (int i = 0; sb && b && i < 120; i++)
        sandbox_step(sb);
    sandbox_destroy(sb);
    library_free(lib);
    return check_done("pattern.sandbox_show");
}
