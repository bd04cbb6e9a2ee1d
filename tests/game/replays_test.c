/*
 * replays: the recorded runs kept in tests/game/replays/ play back over today's
 * patterns with every state hash matching, on every build type (ctest runs this
 * in the Debug, Release and sanitizer builds alike: a mismatch between builds is
 * a bug). A replay with one input changed desyncs at the next check; the same
 * replay over other patterns is told apart by its content hash.
 *
 * usage: test_game.replays PATTERNS_DIR REPLAYS_DIR [MOD_DIR]
 * (with MOD_DIR, the patterns are loaded with that mod over them: the laser
 * stage of game.replays.lasers, the test campaign's replays in
 * tests/game/campaign/replays)
 * After a deliberate change of game logic or stage content, record them again
 * with tools/record_test_replays.sh.
 */
#include "../check.h"
#include "core/mem.h"
#include "game/replay.h"
#include "test_library.h"

#include <dirent.h>
#include <stdio.h>
#include <string.h>

/* Verifies one file; returns its frame count (0 on failure). */
static uint32_t replays_check(const library *lib, const char *path)
{
    replay r;
    char err[512];
    if (replay_load(&r, path, err, sizeof err) != 0) {
        fprintf(stderr, "%s\n", err);
        CHECK(0);
        return 0;
    }
    CHECK(r.content != 0);
    CHECK(replay_content_matches(&r, lib));
    replay_desync d = {0};
    int rc = replay_verify(&r, lib, &d);
    if (rc != 0)
        fprintf(stderr, "%s: desync at frame %u (state %016llx, recorded %016llx)\n", path, d.frame,
                (unsigned long long)d.actual, (unsigned long long)d.expected);
    CHECK(rc == 0);
    printf("%s: %u frames, %u checks\n", path, r.frame_count, r.check_count);
    /* One input changed just before the first check (the ship flies then in every
     * recorded run): that check catches it. */
    uint32_t mid = r.checks[0].frame > 30 ? r.checks[0].frame - 30 : 0;
    r.inputs[mid] ^= INPUT_BIT(INPUT_LEFT) | INPUT_BIT(INPUT_UP);
    uint32_t next = 0;
    for (uint32_t i = 0; i < r.check_count && !next; i++)
        if (r.checks[i].frame > mid)
            next = r.checks[i].frame;
    CHECK(replay_verify(&r, lib, &d) == -1);
    CHECK_EQ_INT(d.frame, next);
    uint32_t frames = r.frame_count;
    replay_free(&r);
    return frames;
}

/* The same replay against patterns that differ: the content hash says so. */
static void replays_other_content(const library *lib, const char *path)
{
    const char *text = "stage stage1 { wait 60 }\n";
    library_file f = {"other.pat", text, strlen(text)};
    diag_list diags;
    diag_init(&diags);
    library *other = library_compile(&f, 1, &diags);
    diag_free(&diags);
    replay r;
    char err[512];
    CHECK(other && replay_load(&r, path, err, sizeof err) == 0);
    CHECK(replay_content_matches(&r, lib));
    CHECK(!replay_content_matches(&r, other));
    CHECK(world_content_hash(other) != world_content_hash(lib));
    replay_free(&r);
    library_free(other);
}

/* The patterns with a mod over them, as `curtain play --mod` loads them. */
static library *replays_load_mod(const char *dir, const char *mod)
{
    diag_list diags;
    diag_init(&diags);
    library *lib = library_load_dir(dir, mod, &diags);
    diag_print(&diags, stderr);
    diag_free(&diags);
    return lib;
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: test_game.replays PATTERNS_DIR REPLAYS_DIR [MOD_DIR]\n");
        return 2;
    }
    const char *mod = argc > 3 ? argv[3] : NULL;
    library *lib = replays_load_mod(argv[1], mod);
    CHECK(lib != NULL);
    DIR *d = opendir(argv[2]);
    CHECK(d != NULL);
    struct dirent *e;
    int files = 0;
    char first[1024] = "";
    while (lib && d && (e = readdir(d)) != NULL) {
        size_t n = strlen(e->d_name);
        if (n < 5 || strcmp(e->d_name + n - 4, ".rpl") != 0)
            continue;
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", argv[2], e->d_name);
        CHECK(replays_check(lib, path) > 0);
        if (!first[0])
            snprintf(first, sizeof first, "%s", path);
        files++;
    }
    if (d)
        closedir(d);
    CHECK(files >= (mod ? 2 : 4));
    if (first[0])
        replays_other_content(lib, first);
    library_free(lib);
    return check_done("replays");
}
