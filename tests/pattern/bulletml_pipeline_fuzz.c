/*
 * bulletml_pipeline_fuzz: the libFuzzer target of BulletML as the game loads it:
 * any bytes are a .xml file of the library, imported, compiled and run in the
 * sandbox (the game's host, where bulletml_fuzz uses the reference host), each
 * frame within the VM's budget (pipeline_fuzz.h).
 *
 * Built with clang and -DCURTAIN_FUZZ=ON as fuzz_bulletml_pipeline; its corpus
 * in tests/pattern/fuzz/bulletml_pipeline/ is replayed by ctest with any
 * compiler. Dictionary: tests/pattern/fuzz/bulletml.dict.
 */
#include "pattern/bulletml/bulletml_import.h"
#include "pipeline_fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int registered;
    if (!registered) {
        bulletml_import_register();
        registered = 1;
    }
    pipeline_fuzz("fuzz.xml", data, size);
    return 0;
}
