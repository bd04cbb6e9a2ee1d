/*
 * wav_fuzz: the libFuzzer target of the sound file reader (audio/wav.h). Any
 * bytes are a WAV file: they decode, or they are refused with a reason, never a
 * crash, a hang or a bound overrun. What decodes keeps the reader's bounds: at
 * least one sample, at most WAV_MAX_SECONDS at the mixer's rate.
 *
 * Built with clang and -DCURTAIN_FUZZ=ON as fuzz_wav; its corpus,
 * tests/audio/fuzz/wav/, is replayed by ctest with any compiler
 * (audio.wav_fuzz_corpus). To fuzz: see docs/development.md, "Fuzzing".
 */
#include "audio/synth.h"
#include "audio/wav.h"
#include "core/mem.h"

#include <stdint.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    int16_t *s = NULL;
    uint32_t n = 0;
    char err[256];
    err[0] = '\0';
    if (wav_decode(data, size, SYNTH_RATE, &s, &n, err, sizeof err) == 0) {
        if (!s || n == 0 || n > (uint32_t)WAV_MAX_SECONDS * SYNTH_RATE)
            abort();
        int64_t sum = 0; /* every sample is read: a bound overrun shows under ASan */
        for (uint32_t i = 0; i < n; i++)
            sum += s[i];
        (void)sum;
        mem_free(s);
    } else if (s != NULL || n != 0 || err[0] == '\0') {
        abort();
    }
    return 0;
}
