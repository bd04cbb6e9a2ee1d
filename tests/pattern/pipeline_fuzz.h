/*
 * pipeline_fuzz: what the pipeline fuzz targets share. Any bytes are one file of
 * the library (a pattern file, or a BulletML document by its name): compiled as
 * the game loads content, then every entry that can start alone and every boss
 * run for PIPELINE_FRAMES frames in a small sandbox, as `curtain view` and
 * `curtain run` do. Besides never crashing, leaking or tripping a sanitizer, each
 * frame must stay within the VM's frame budget (pattern/vm/vm.h): a frame that runs
 * more, or starts more scripts, aborts.
 */
#ifndef CURTAIN_TESTS_PIPELINE_FUZZ_H
#define CURTAIN_TESTS_PIPELINE_FUZZ_H

#include "pattern/content/library.h"
#include "pattern/objects/sandbox.h"

#include <stdint.h>
#include <stdlib.h>

#define PIPELINE_FRAMES       60
#define PIPELINE_ENTRIES      8 /* entries run per input, and bosses */
/* The VM's budgets here, a tenth of the game's: a hostile input costs at most
 * PIPELINE_FRAMES frames of them per entry, keeping every input quick. */
#define PIPELINE_BUDGET       10000
#define PIPELINE_FRAME_BUDGET 100000

/* Runs one start of the sandbox for PIPELINE_FRAMES frames, checking each. */
static void pipeline_run_one(sandbox *sb, const library *lib, const library_entry *e,
                             const library_boss *boss)
{
    if (sandbox_start(sb, lib, e, boss) != 0)
        return;
    vm_config cfg;
    vm_config_default(&cfg);
    for (int frame = 0; frame < PIPELINE_FRAMES; frame++) {
        sandbox_step(sb);
        vm_stats st = sandbox_vm_stats(sb);
        if (st.frame_instructions > PIPELINE_FRAME_BUDGET + PIPELINE_BUDGET ||
            st.frame_started > cfg.frame_starts)
            abort(); /* a frame the budget did not bound */
    }
}

/* Compiles the file and runs what it holds. */
static void pipeline_fuzz(const char *path, const uint8_t *data, size_t size)
{
    static diag_list diags;
    diag_init(&diags);
    library_file f = {path, (const char *)data, size};
    library *lib = library_compile(&f, 1, &diags);
    for (int i = 0; i < diags.count; i++)
        if (diags.items[i].code == DIAG_INTERNAL)
            abort(); /* the compiler built code the VM refuses */
    if (lib) {
        sandbox_config cfg;
        sandbox_config_default(&cfg);
        cfg.capacity = 2048;
        cfg.budget = PIPELINE_BUDGET;
        cfg.frame_budget = PIPELINE_FRAME_BUDGET;
        sandbox *sb = sandbox_create(&cfg);
        for (uint32_t i = 0; sb && i < lib->entry_count && i < PIPELINE_ENTRIES; i++)
            if (library_entry_runnable(&lib->entries[i]))
                pipeline_run_one(sb, lib, &lib->entries[i], NULL);
        for (uint32_t i = 0; sb && i < lib->boss_count && i < PIPELINE_ENTRIES; i++)
            pipeline_run_one(sb, lib, NULL, &lib->bosses[i]);
        sandbox_destroy(sb);
    }
    library_free(lib);
    diag_free(&diags);
}

#endif
