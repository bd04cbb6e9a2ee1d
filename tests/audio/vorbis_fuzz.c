/*
 * vorbis_fuzz: the libFuzzer target of the Ogg Vorbis music reader
 * (audio/vorbis.h, through libvorbisfile). Any bytes are an Ogg file: they
 * decode into a track, or they are refused with "fuzz.ogg:1:1: why", never a
 * crash, a hang or a bound overrun. What decodes keeps the bounds: at least one
 * sample, at most SCORE_SECONDS_MAX at the mixer's rate, the loop inside it.
 *
 * Built with clang and -DCURTAIN_FUZZ=ON as fuzz_vorbis; its corpus,
 * tests/audio/fuzz/vorbis/ (small files made with sox and oggenc, some cut or
 * chained), is replayed by ctest with any compiler (audio.vorbis_fuzz_corpus).
 */
#include "audio/music.h"
#include "audio/score.h"
#include "audio/synth.h"
#include "audio/vorbis.h"
#include "core/mem.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* libvorbisfile 1.3.7 (Debian's) leaks what it read of a damaged chained
 * stream when opening it fails (xiph/vorbis issue 125, fixed by its pull
 * request 126): LeakSanitizer leaves the leaks inside it alone, and still
 * reports every leak of curtain's own code. */
const char *__lsan_default_suppressions(void);
const char *__lsan_default_suppressions(void)
{
    return "leak:libvorbisfile.so\n";
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    int16_t *s = NULL;
    uint32_t n = 0, loop = 0;
    char err[512] = "";
    if (vorbis_decode_memory(data, size, "fuzz.ogg", SYNTH_RATE, MUSIC_RMS, MUSIC_PEAK, &s, &n,
                             &loop, err, sizeof err) == 0) {
        if (!s || n == 0 || n > (uint32_t)SCORE_SECONDS_MAX * SYNTH_RATE + 1 || loop >= n)
            abort();
        int64_t sum = 0; /* every sample is read: an overrun shows under ASan */
        for (uint32_t i = 0; i < n; i++)
            sum += s[i];
        (void)sum;
        mem_free(s);
    } else if (s != NULL || strncmp(err, "fuzz.ogg:1:1: ", 14) != 0) {
        abort();
    }
    return 0;
}
