/*
 * lang_fuzz: the libFuzzer target of the pattern compiler. Any bytes are a
 * pattern file: it must compile or fail with diagnostics, never crash, never
 * leak, and never make a program the VM's verifier refuses (DIAG_INTERNAL).
 * What compiles is also run for a while in a small sandbox.
 *
 * Built with clang and -DCURTAIN_FUZZ=ON as fuzz_lang; the corpus in
 * tests/pattern/fuzz/lang/ is replayed by ctest with any compiler. To fuzz:
 *
 *     cmake -S . -B build/fuzz -DCMAKE_C_COMPILER=clang -DCURTAIN_FUZZ=ON -DCURTAIN_SDL=OFF
 *     cmake --build build/fuzz --target fuzz_lang
 *     build/fuzz/fuzz_lang -dict=tests/pattern/fuzz/lang.dict -max_len=2048 CORPUS_COPY/
 *
 * then fold what it found back with -set_cover_merge=1 into tests/pattern/fuzz/lang/.
 */
#include "pattern/content/library.h"
#include "pattern/objects/sandbox.h"

#include <stdint.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static diag_list diags;
    diag_init(&diags);
    library_file f = {"fuzz.pat", (const char *)data, size};
    library *lib = library_compile(&f, 1, &diags);
    for (int i = 0; i < diags.count; i++)
        if (diags.items[i].code == DIAG_INTERNAL)
            abort(); /* the compiler built code the VM refuses: a compiler bug */
    if (lib) {
        sandbox_config cfg;
        sandbox_config_default(&cfg);
        cfg.capacity = 2048;
        sandbox *sb = sandbox_create(&cfg);
        const library_entry *e = library_default_entry(lib, "fuzz.pat");
        if (sb && (e || lib->boss_count) &&
            sandbox_start(sb, lib, e, e ? NULL : &lib->bosses[0]) == 0)
            for (int frame = 0; frame < 90; frame++)
                sandbox_step(sb);
        sandbox_destroy(sb);
    }
    library_free(lib);
    diag_free(&diags);
    return 0;
}
