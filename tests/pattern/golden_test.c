/*
 * golden: every pattern of the library run in the sandbox, compared with its
 * recorded trace (tests/pattern/golden/NAME.txt): the summary line (bullets and
 * lasers counted apart), then every bullet (and laser) at frames 59, 299 and 599
 * as `curtain run --trace` writes them (sandbox_trace_frame). The whole folder is compiled
 * together, as the game does.
 *
 * usage: test_pattern.golden PATTERNS_DIR GOLDEN_DIR
 * With CURTAIN_UPDATE_GOLDEN=1 in the environment the files are rewritten
 * instead (after a deliberate change; review the diff).
 */
#include "../check.h"
#include "core/file.h"
#include "core/hash.h"
#include "core/mem.h"
#include "pattern/content/library.h"
#include "pattern/objects/sandbox.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define GOLDEN_FRAMES 600
#define GOLDEN_TEXT   (1 << 20)

static char text[GOLDEN_TEXT];
static size_t text_len;

static void put(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void put(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(text + text_len, GOLDEN_TEXT - text_len, fmt, ap);
    va_end(ap);
    if (n > 0 && text_len + (size_t)n < GOLDEN_TEXT)
        text_len += (size_t)n;
}

/* A trace row (pattern/objects/sandbox.h, sandbox_trace_frame): hashed, and
 * kept for the frames the file shows. */
typedef struct golden_sink {
    hasher *hs;
    int keep;
    char *body;
    size_t *body_len, cap;
} golden_sink;

static void golden_row(void *user, const char *row, size_t len)
{
    golden_sink *g = user;
    hash_bytes(g->hs, row, len);
    if (g->keep && *g->body_len + len < g->cap) {
        memcpy(g->body + *g->body_len, row, len);
        *g->body_len += len;
    }
}

/* The golden text of one entry: a summary with a hash of every frame's rows,
 * then the rows of three frames. */
static void golden_run(const library *lib, const library_entry *e)
{
    text_len = 0;
    sandbox_config cfg;
    sandbox_config_default(&cfg);
    sandbox *sb = sandbox_create(&cfg);
    CHECK(sb != NULL);
    if (!sb || sandbox_start(sb, lib, e, NULL) != 0) {
        CHECK(0);
        sandbox_destroy(sb);
        return;
    }
    hasher hs;
    hash_begin(&hs, 0);
    char body[GOLDEN_TEXT / 2];
    size_t body_len = 0;
    for (int f = 0; f < GOLDEN_FRAMES; f++) {
        sandbox_step(sb);
        golden_sink g = {&hs, f == 59 || f == 299 || f == 599, body, &body_len, sizeof body};
        sandbox_trace_frame(sb, f, golden_row, &g);
    }
    vm_stats st = sandbox_vm_stats(sb);
    sandbox_shots shots = sandbox_shot_counts(sb);
    char lasers[64] = ""; /* lasers are counted apart; a bullet pattern's line is as before */
    if (shots.lasers_spawned)
        snprintf(lasers, sizeof lasers, " lasers %u spawned %" PRIu64,
                 (unsigned)sandbox_lasers(sb)->live, shots.lasers_spawned);
    put("%s: frames %d bullets %u spawned %" PRIu64 "%s errors %d hash %016" PRIx64 "\n", e->name,
        GOLDEN_FRAMES, (unsigned)sandbox_bullet_count(sb), shots.bullets_spawned, lasers,
        sandbox_error_count(sb), hash_end(&hs));
    put("frame,id,x,y\n%.*s", (int)body_len, body);
    CHECK_EQ_INT(sandbox_error_count(sb), 0);
    CHECK(st.spawned > 0);
    sandbox_destroy(sb);
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: %s PATTERNS_DIR GOLDEN_DIR\n", argv[0]);
        return 2;
    }
    const char *update = getenv("CURTAIN_UPDATE_GOLDEN");
    int updating = update && strcmp(update, "1") == 0;
    static diag_list diags;
    diag_init(&diags);
    library *lib = library_load_dir(argv[1], NULL, &diags);
    diag_print(&diags, stderr);
    CHECK(lib != NULL);
    CHECK_EQ_INT(diags.warnings, 0);
    int files = 0;
    for (uint32_t i = 0; lib && i < lib->entry_count; i++) {
        const library_entry *e = &lib->entries[i];
        /* one golden per file: the entry `curtain run FILE` would start */
        if (library_default_entry(lib, e->file) != e)
            continue;
        if (library_is_scene(lib, e->name)) /* talk, no bullets: patterns/story/ */
            continue;
        files++;
        golden_run(lib, e);
        char path[1024];
        snprintf(path, sizeof path, "%s/%s.txt", argv[2], e->name);
        if (updating) {
            char err[256];
            CHECK(file_write_atomic(path, text, text_len, err, sizeof err) == 0);
            continue;
        }
        char err[256];
        size_t size = 0;
        char *want = file_read_all(path, &size, err, sizeof err);
        if (!want) {
            fprintf(stderr, "%s: no golden trace (%s); run with CURTAIN_UPDATE_GOLDEN=1\n", e->name,
                    err);
            CHECK(want != NULL);
            continue;
        }
        if (size != text_len || memcmp(want, text, size) != 0) {
            size_t k = 0;
            while (k < size && k < text_len && want[k] == text[k])
                k++;
            size_t line_start = k;
            while (line_start > 0 && text[line_start - 1] != '\n')
                line_start--;
            fprintf(stderr, "%s: differs from %s at byte %zu:\n  got  %.80s\n  want %.80s\n",
                    e->name, path, k, text + line_start, want + line_start);
            CHECK(0);
        }
        mem_free(want);
    }
    CHECK(files >= 20);
    printf("%d pattern files %s\n", files, updating ? "recorded" : "checked");
    library_free(lib);
    diag_free(&diags);
    return check_done("pattern.golden");
}
