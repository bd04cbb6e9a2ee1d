/*
 * bulletml_fuzz: the libFuzzer target for the BulletML importer. Any bytes must
 * give a document or errors, never a crash, a hang, a leak or undefined
 * behaviour; a document that loads must compile to a program the VM's verifier
 * accepts, and run a few frames on the reference host. Built with clang
 * (-DCURTAIN_FUZZ=ON); its corpus (tests/pattern/fuzz/bulletml/) is replayed by
 * ctest through tests/fuzz_replay.c.
 */
#include "pattern/bulletml/bulletml_compile.h"
#include "pattern/bulletml/bulletml_host.h"

#include "core/mem.h"

#include <stddef.h>
#include <stdint.h>

#define FUZZ_FRAMES 30

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Compiles and runs a loaded document briefly, with small limits. */
static void fuzz_run(const bulletml_doc *doc)
{
    program_builder b;
    program_builder_init(&b);
    uint32_t *tops = mem_calloc((size_t)doc->top_count + 1, sizeof *tops);
    char err[400];
    bulletml_pattern p = {0};
    p.tops = tops;
    p.top_count = doc->top_count;
    p.call_depth = doc->max_ref_depth;
    if (!tops || bulletml_compile(doc, BULLETML_DIALECT_DEBIAN, &b, tops, err, sizeof err) != 0) {
        program_builder_free(&b);
        mem_free(tops);
        return;
    }
    if (program_finish(&b, &p.program, err, sizeof err) != 0) {
        if (!b.failed) /* only running out of memory may stop a checked document here */
            __builtin_trap();
        mem_free(tops);
        return;
    }
    bulletml_host_options o = {0};
    o.rank = 0.5;
    o.seed = (uint64_t)doc->node_count;
    o.capacity = 4096;
    o.runners = 1024;
    o.budget = 20000;
    bulletml_host *h = bulletml_host_create(&p, &o);
    for (int f = 0; h && f < FUZZ_FRAMES; f++)
        bulletml_host_step(h);
    bulletml_host_destroy(h);
    program_free(p.program);
    mem_free(tops);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    bulletml_diags diags;
    bulletml_doc *doc = bulletml_load_buffer("fuzz.xml", (const char *)data, size, &diags);
    if (doc && diags.errors != 0)
        __builtin_trap(); /* a document is only returned without errors */
    if (!doc && diags.errors == 0)
        __builtin_trap(); /* a refusal always says why */
    if (doc)
        fuzz_run(doc);
    bulletml_unload(doc);
    return 0;
}
