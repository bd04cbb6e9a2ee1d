/*
 * vorbis: music from Ogg Vorbis files (audio/vorbis.h). The files are encoded
 * here, at test time, with Debian's libvorbisenc: a tone decodes to a track as
 * long as the file lasts at the mixer's rate, at the tone's pitch and the
 * themes' loudness; the LOOPSTART and LOOPLENGTH comments set the loop; a mod's
 * music/NAME.ogg replaces the theme NAME; a file that is not Ogg Vorbis, cut
 * short, of six channels, too long, with a loop outside it, or a link out of
 * the mod is refused with "file:1:1: why", never a crash.
 */
#include "../check.h"
#include "audio/music.h"
#include "audio/synth.h"
#include "audio/vorbis.h"
#include "core/file.h"
#include "core/mem.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <vorbis/vorbisenc.h>

#define VORBIS_TEST_PI 3.14159265358979323846

static char dir[256];

/* libvorbisfile 1.3.7 (Debian's) leaks what it read of a damaged chained
 * stream when opening it fails (xiph/vorbis issue 125, fixed by its pull
 * request 126); and libvorbisenc keeps one block of its setup
 * (vorbis_encode_setup_init) past vorbis_info_clear, in the encoder this test
 * alone uses to write its files. LeakSanitizer leaves the leaks inside those
 * two libraries alone, and still reports every leak of curtain's own code. */
const char *__lsan_default_suppressions(void);
const char *__lsan_default_suppressions(void)
{
    return "leak:libvorbisfile.so\nleak:libvorbisenc.so\n";
}

/* Writes an Ogg Vorbis file of seconds of a hz sine (channels of it) at rate,
 * with the comments given ("LOOPSTART=100", NULL-terminated). Returns 0. */
static int encode(const char *path, int rate, int channels, double seconds, double hz,
                  const char *const *comments)
{
    vorbis_info vi;
    vorbis_info_init(&vi);
    if (vorbis_encode_init_vbr(&vi, channels, rate, 0.3f) != 0) {
        vorbis_info_clear(&vi); /* a setup refused still holds what it began */
        return -1;
    }
    vorbis_comment vc;
    vorbis_comment_init(&vc);
    for (int i = 0; comments && comments[i]; i++)
        vorbis_comment_add(&vc, comments[i]);
    vorbis_dsp_state vd;
    vorbis_block vb;
    vorbis_analysis_init(&vd, &vi);
    vorbis_block_init(&vd, &vb);
    ogg_stream_state os;
    ogg_stream_init(&os, 1);
    ogg_packet h, hc, hcode;
    vorbis_analysis_headerout(&vd, &vc, &h, &hc, &hcode);
    ogg_stream_packetin(&os, &h);
    ogg_stream_packetin(&os, &hc);
    ogg_stream_packetin(&os, &hcode);
    FILE *fp = fopen(path, "wb");
    ogg_page og;
    while (fp && ogg_stream_flush(&os, &og)) {
        fwrite(og.header, 1, (size_t)og.header_len, fp);
        fwrite(og.body, 1, (size_t)og.body_len, fp);
    }
    long total = (long)(seconds * rate), done = 0;
    int eos = !fp;
    while (!eos) {
        long n = total - done < 1024 ? total - done : 1024;
        if (n > 0) {
            float **buf = vorbis_analysis_buffer(&vd, (int)n);
            for (long i = 0; i < n; i++)
                for (int c = 0; c < channels; c++)
                    buf[c][i] =
                        (float)(0.5 * sin(2 * VORBIS_TEST_PI * hz * (double)(done + i) / rate));
            done += n;
        }
        vorbis_analysis_wrote(&vd, (int)n);
        while (vorbis_analysis_blockout(&vd, &vb) == 1) {
            vorbis_analysis(&vb, NULL);
            vorbis_bitrate_addblock(&vb);
            ogg_packet op;
            while (vorbis_bitrate_flushpacket(&vd, &op)) {
                ogg_stream_packetin(&os, &op);
                while (!eos && ogg_stream_pageout(&os, &og)) {
                    fwrite(og.header, 1, (size_t)og.header_len, fp);
                    fwrite(og.body, 1, (size_t)og.body_len, fp);
                    eos = ogg_page_eos(&og);
                }
            }
        }
        if (n == 0 && !eos) { /* flush what is left */
            while (ogg_stream_flush(&os, &og)) {
                fwrite(og.header, 1, (size_t)og.header_len, fp);
                fwrite(og.body, 1, (size_t)og.body_len, fp);
                eos = ogg_page_eos(&og) || 1;
            }
            eos = 1;
        }
    }
    int rc = fp ? 0 : -1;
    if (fp)
        fclose(fp);
    ogg_stream_clear(&os);
    vorbis_block_clear(&vb);
    vorbis_dsp_clear(&vd);
    vorbis_comment_clear(&vc);
    vorbis_info_clear(&vi);
    return rc;
}

/* Rising zero crossings in n samples: the tone's cycles. */
static int cycles(const int16_t *s, uint32_t n)
{
    int c = 0;
    for (uint32_t i = 1; i < n; i++)
        c += s[i - 1] < 0 && s[i] >= 0;
    return c;
}

static double rms_of(const int16_t *s, uint32_t n)
{
    double sum = 0;
    for (uint32_t i = 0; i < n; i++)
        sum += (double)s[i] * s[i];
    return n ? sqrt(sum / n) / 32767.0 : 0.0;
}

static void vorbis_test_tone(void)
{
    char path[400], err[512];
    snprintf(path, sizeof path, "%s/tone.ogg", dir);
    CHECK_EQ_INT(encode(path, 44100, 1, 2.0, 440.0, NULL), 0);
    vorbis_facts f;
    CHECK_EQ_INT(vorbis_probe(path, &f, err, sizeof err), 0);
    CHECK_EQ_INT((int)f.rate, 44100);
    CHECK_EQ_INT(f.channels, 1);
    CHECK_EQ_INT((int)f.frames, 88200);
    CHECK(f.loop_start == 0 && f.loop_end == 88200);
    int16_t *s = NULL;
    uint32_t n = 0, loop = 99;
    CHECK_EQ_INT(vorbis_decode_file(path, SYNTH_RATE, MUSIC_RMS, MUSIC_PEAK, &s, &n, &loop, NULL,
                                    err, sizeof err),
                 0);
    CHECK_EQ_INT((int)n, 2 * SYNTH_RATE);
    CHECK_EQ_INT((int)loop, 0);
    int c = s ? cycles(s, n) : 0;
    printf("tone: %u samples, %d cycles (880 wanted), rms %.4f\n", n, c, s ? rms_of(s, n) : 0);
    CHECK(c >= 878 && c <= 882);
    CHECK(s && fabs(20 * log10(rms_of(s, n) / MUSIC_RMS)) < 0.5);
    mem_free(s);
}

static void vorbis_test_loop(void)
{
    char path[400], err[512];
    snprintf(path, sizeof path, "%s/loop.ogg", dir);
    static const char *const tags[] = {"LOOPSTART=24000", "LOOPLENGTH=48000", NULL};
    CHECK_EQ_INT(encode(path, 48000, 2, 3.0, 300.0, tags), 0);
    int16_t *s = NULL;
    uint32_t n = 0, loop = 0;
    CHECK_EQ_INT(vorbis_decode_file(path, SYNTH_RATE, MUSIC_RMS, MUSIC_PEAK, &s, &n, &loop, NULL,
                                    err, sizeof err),
                 0);
    CHECK_EQ_INT((int)n, 72000); /* to the loop's end, not the file's */
    CHECK_EQ_INT((int)loop, 24000);
    mem_free(s);
    /* at 24 kHz, the loop's samples count at the file's rate */
    snprintf(path, sizeof path, "%s/loop24.ogg", dir);
    static const char *const tags24[] = {"LOOPSTART=12000", "LOOPEND=36000", NULL};
    CHECK_EQ_INT(encode(path, 24000, 1, 2.0, 300.0, tags24), 0);
    CHECK_EQ_INT(vorbis_decode_file(path, SYNTH_RATE, MUSIC_RMS, MUSIC_PEAK, &s, &n, &loop, NULL,
                                    err, sizeof err),
                 0);
    CHECK_EQ_INT((int)n, 72000);
    CHECK_EQ_INT((int)loop, 24000);
    mem_free(s);
}

/* Refused files: the reason, with the file's name, and nothing kept. */
static void vorbis_test_refused(void)
{
    char path[400], err[512];
    int16_t *s = NULL;
    uint32_t n = 0, loop = 0;
    struct {
        const char *name;
        int rate, channels;
        double seconds;
        const char *tags[3];
        const char *why;
    } cases[] = {
        {"six.ogg", 48000, 6, 0.5, {NULL}, "6 channels (mono or stereo are read)"},
        {"long.ogg",
         8000,
         1,
         181.0,
         {NULL},
         "the track lasts 181.0 seconds (a theme is at most 180)"},
        {"past.ogg",
         48000,
         1,
         1.0,
         {"LOOPSTART=100", "LOOPLENGTH=48000", NULL},
         "the loop from sample 100 to 48100 is not inside the 48000 samples"},
        {"word.ogg", 48000, 1, 1.0, {"LOOPSTART=soon", NULL}, "whole numbers of samples"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, cases[i].name);
        CHECK_EQ_INT(
            encode(path, cases[i].rate, cases[i].channels, cases[i].seconds, 440.0, cases[i].tags),
            0);
        CHECK_EQ_INT(vorbis_decode_file(path, SYNTH_RATE, MUSIC_RMS, MUSIC_PEAK, &s, &n, &loop,
                                        NULL, err, sizeof err),
                     -1);
        CHECK(s == NULL);
        CHECK_STR_CONTAINS(err, cases[i].name);
        CHECK_STR_CONTAINS(err, ":1:1: ");
        CHECK_STR_CONTAINS(err, cases[i].why);
    }
    /* not Ogg at all, and an Ogg file cut short */
    snprintf(path, sizeof path, "%s/text.ogg", dir);
    CHECK_EQ_INT(file_write_atomic(path, "not music", 9, err, sizeof err), 0);
    CHECK_EQ_INT(vorbis_decode_file(path, SYNTH_RATE, MUSIC_RMS, MUSIC_PEAK, &s, &n, &loop, NULL,
                                    err, sizeof err),
                 -1);
    CHECK_STR_CONTAINS(err, "text.ogg:1:1: not an Ogg Vorbis file");
    char tone[400];
    snprintf(tone, sizeof tone, "%s/tone.ogg", dir);
    size_t size = 0;
    char *bytes = file_read_all(tone, &size, err, sizeof err);
    CHECK(bytes != NULL);
    for (size_t cut = 64; bytes && cut < size; cut += size / 7) {
        int rc = vorbis_decode_memory((const uint8_t *)bytes, cut, "cut.ogg", SYNTH_RATE, MUSIC_RMS,
                                      MUSIC_PEAK, &s, &n, &loop, err, sizeof err);
        CHECK(rc == 0 ? s != NULL && n > 0 && loop < n : s == NULL);
        if (rc != 0)
            CHECK_STR_CONTAINS(err, "cut.ogg:1:1: ");
        mem_free(s);
    }
    mem_free(bytes);
}

/* A mod's music/stage1.ogg is the theme stage1; one linked out of the mod and
 * a damaged one are errors, and the theme they would replace stays. */
static void vorbis_test_mod(const char *patterns)
{
    char base[1024], mod[400], sub[420], path[500], err[512];
    snprintf(base, sizeof base, "%s/music", patterns);
    snprintf(mod, sizeof mod, "%s/mod", dir);
    snprintf(sub, sizeof sub, "%s/music", mod);
    CHECK_EQ_INT(file_make_dirs(sub), 0);
    snprintf(path, sizeof path, "%s/stage1.ogg", sub);
    static const char *const tags[] = {"LOOPSTART=4800", NULL};
    CHECK_EQ_INT(encode(path, 48000, 2, 1.0, 500.0, tags), 0);
    snprintf(path, sizeof path, "%s/stage2.ogg", sub);
    CHECK_EQ_INT(symlink("../../tone.ogg", path), 0);
    snprintf(path, sizeof path, "%s/title.ogg", sub);
    CHECK_EQ_INT(file_write_atomic(path, "OggS broken", 11, err, sizeof err), 0);
    static music_set set;
    music_set_load(&set, base, mod);
    int at = music_set_find(&set, "stage1");
    CHECK(at >= 0 && set.themes[at].ogg);
    CHECK_NEAR(at >= 0 ? set.themes[at].seconds : 0, 1.0, 1e-9);
    music_track t;
    CHECK_EQ_INT(at >= 0 ? music_theme_render(&set.themes[at], &t, NULL, err, sizeof err) : -1, 0);
    CHECK_EQ_INT((int)t.length, SYNTH_RATE);
    CHECK_EQ_INT((int)t.loop, 4800);
    music_track_free(&t);
    int s2 = music_set_find(&set, "stage2"), ti = music_set_find(&set, "title");
    CHECK(s2 >= 0 && !set.themes[s2].ogg && ti >= 0 && !set.themes[ti].ogg);
    CHECK_EQ_INT(set.error_count, 2);
    int outside = 0, broken = 0;
    for (int i = 0; i < set.error_count; i++) {
        outside |= strstr(set.errors[i], "stage2.ogg:1:1: lies outside its folder") != NULL;
        broken |= strstr(set.errors[i], "title.ogg:1:1: ") != NULL;
    }
    CHECK(outside && broken);
    music_set_free(&set);
}

int main(int argc, char **argv)
{
    const char *patterns = argc > 1 ? argv[1] : "patterns";
    snprintf(dir, sizeof dir, "/tmp/curtain_vorbis_test_%d", (int)getpid());
    CHECK_EQ_INT(file_make_dirs(dir), 0);
    vorbis_test_tone();
    vorbis_test_loop();
    vorbis_test_refused();
    vorbis_test_mod(patterns);
    char cmd[400];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    CHECK_EQ_INT(system(cmd), 0);
    return check_done("vorbis");
}
