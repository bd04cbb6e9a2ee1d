/*
 * bulletml_fuzz: the libFuzzer target for the BulletML importer. Any bytes must
 * give a document or errors, never a crash, a hang, a leak or undefined
 * behaviour. Built with clang (-DCURTAIN_FUZZ=ON); its corpus
 * (tests/pattern/fuzz/bulletml/) is replayed by ctest through tests/fuzz_replay.c.
 */
#include "pattern/bulletml.h"

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    bulletml_diags diags;
    bulletml_doc *doc = bulletml_load_buffer("fuzz.xml", (const char *)data, size, &diags);
    if (doc && diags.errors != 0)
        __builtin_trap(); /* a document is only returned without errors */
    if (!doc && diags.errors == 0)
        __builtin_trap(); /* a refusal always says why */
    bulletml_unload(doc);
    return 0;
}
