/*
 * pipeline_fuzz: the libFuzzer target of the whole pattern pipeline: source text
 * to a compiled library to every entry and boss run in the sandbox, each frame
 * within the VM's budget (pipeline_fuzz.h). lang_fuzz runs the default entry;
 * this one runs them all, and checks the frames are bounded.
 *
 * Built with clang and -DCURTAIN_FUZZ=ON as fuzz_pipeline; its corpus in
 * tests/pattern/fuzz/pipeline/ is replayed by ctest with any compiler. To fuzz:
 *
 *     cmake -S . -B build/fuzz -DCMAKE_C_COMPILER=clang -DCURTAIN_FUZZ=ON -DCURTAIN_SDL=OFF
 *     cmake --build build/fuzz --target fuzz_pipeline
 *     build/fuzz/fuzz_pipeline -dict=tests/pattern/fuzz/pipeline.dict -max_len=4096 \
 *         NEW_CORPUS tests/pattern/fuzz/pipeline
 *
 * then fold what it found back with -set_cover_merge=1.
 */
#include "pipeline_fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    pipeline_fuzz("fuzz.pat", data, size);
    return 0;
}
