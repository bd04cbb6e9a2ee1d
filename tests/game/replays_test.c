/*
 * replays: the recorded runs kept in tests/game/replays/ play back over today's
 * patterns with every state hash matching, on every build type (ctest runs this
 * in the Debug, Release and sanitizer builds alike: a mismatch between builds is
 * a bug). A replay with one input changed desyncs at the next check; the same
 * replay over other patterns is told apart by its content hash.
 *
 * A format-3 replay also verifies with an unused pattern file added before all
 * the others (its code, constants, strings, functions, a boss, a ship and shared
 * values come first and move everything the run reads, the ship flown and a
 * practice's boss among them: the replay names those), and a change to a
 * pattern the run reaches is told apart by the content hash (replay.h, "what a
 * format-3 replay checks"), as is a ship or boss name the patterns lack. A
 * stage appended to the game's list changes nothing to a run that did not
 * clear the list's last stage.
 *
 * A format-2 replay (tests/game/replays/: recorded before format 3, and never
 * recorded again since) plays over the built-in files of its time
 * (replay_format2_file): the files added since are left out, as the game does.
 *
 * usage: test_game.replays PATTERNS_DIR REPLAYS_DIR [MOD_DIR [MIN_FORMAT3]]
 * (with MOD_DIR, the patterns are loaded with that mod over them: the laser
 * stage of game.replays.lasers, the test campaign's replays in
 * tests/game/campaign/replays; MIN_FORMAT3: how many format-3 replays the folder
 * must hold at least, one of them a practice)
 * After a deliberate change of game logic or stage content, record them again
 * with tools/record_test_replays.sh.
 */
#include "../check.h"
#include "core/file.h"
#include "core/mem.h"
#include "game/replay.h"
#include "test_library.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Verifies one file over lib, or a format-2 one over lib2; returns its frame
 * count (0 on failure). */
static uint32_t replays_check(const library *lib, const library *lib2, const char *path)
{
    replay r;
    char err[512];
    if (replay_load(&r, path, err, sizeof err) != 0) {
        fprintf(stderr, "%s\n", err);
        CHECK(0);
        return 0;
    }
    if (replay_wants_format2_library(&r))
        lib = lib2;
    CHECK(lib != NULL);
    if (!lib) {
        replay_free(&r);
        return 0;
    }
    CHECK(r.content != 0);
    CHECK(replay_content_matches(&r, lib));
    replay_desync d = {0};
    /* A format-3 or later run is verified once, by replays_layout, over these
     * patterns varied as its content may vary without changing (each whole-game
     * run then plays once in the test); a format-2 one here. */
    if (r.version < 3) {
        int rc = replay_verify(&r, lib, &d);
        if (rc != 0)
            fprintf(stderr, "%s: desync at frame %u (state %016llx, recorded %016llx)\n", path,
                    d.frame, (unsigned long long)d.actual, (unsigned long long)d.expected);
        CHECK(rc == 0);
    }
    printf("%s: %u frames, %u checks\n", path, r.frame_count, r.check_count);
    /* One input changed just before the first check (the ship flies then in every
     * recorded run): that check catches it, or in format 4 the part hashes of
     * that very frame (when the run's own: a taken-over run's first frames are
     * its parent's, checked by the parent's checkpoints). */
    uint32_t mid = r.checks[0].frame > 30 ? r.checks[0].frame - 30 : 0;
    r.inputs[mid] ^= INPUT_BIT(INPUT_LEFT) | INPUT_BIT(INPUT_UP);
    uint32_t next = 0;
    for (uint32_t i = 0; i < r.check_count && !next; i++)
        if (r.checks[i].frame > mid)
            next = r.checks[i].frame;
    if (r.parts && mid + 1 > r.parts_from)
        next = mid + 1;
    CHECK(replay_verify(&r, lib, &d) == -1);
    CHECK_EQ_INT(d.frame, next);
    uint32_t frames = r.frame_count;
    replay_free(&r);
    return frames;
}

/* The same replay against patterns that differ: the content hash says so. */
static void replays_other_content(const library *lib, const library *lib2, const char *path)
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
    if (replay_wants_format2_library(&r))
        lib = lib2;
    CHECK(lib && replay_content_matches(&r, lib));
    CHECK(!replay_content_matches(&r, other));
    CHECK(world_content_hash(other, NULL) != world_content_hash(lib, NULL));
    replay_free(&r);
    library_free(other);
}

/* A pattern file that no run reaches, sorting before every other: a function, a
 * pattern, an enemy, a boss, a stage, a ship (before patterns/ships/hotaru.pat:
 * every ship moves up one), strings and a shared value. */
#define REPLAYS_UNUSED_PATH "aaa_unused.pat"
static const char replays_unused_text[] =
    "shared aaa_fired = 3\n"
    "function aaa_twice(x) {\n    return x * 2 + 0.125\n}\n"
    "pattern aaa_ring(n = 7) {\n"
    "    repeat 3 { fire orb red ring n at aaa_twice(n) speed 2.25\n wait 9 }\n"
    "}\n"
    "enemy aaa_enemy(side = 1) {\n    health 5\n    run aaa_ring(9)\n}\n"
    "boss aaa_boss {\n    name \"Never Met\"\n    look crystal\n"
    "    phase time 10s health 100 {\n        wait 17\n    }\n}\n"
    "stage aaa_stage {\n    title \"Unused\" \"Never Played\"\n"
    "    spawn aaa_enemy(1) at (10, -20)\n    boss aaa_boss\n}\n"
    "ship aaa_ship {\n    name \"Never Flown\"\n    speed 3\n"
    "    shot 1 {\n        fire orb blue at -90 speed 12\n    }\n}\n";

/* One change to one file's text: a path ending so gets `from` replaced by `to`. */
typedef struct replays_edit {
    const char *path, *from, *to;
    int at_line_end; /* `to` goes at the end of the line that `from` starts instead */
    char *changed;
} replays_edit;

/* What replays_load_texts hands the library instead of a file's bytes: the
 * unused file, and up to three files' texts with one change each. */
#define REPLAYS_EDITS 3
typedef struct replays_texts {
    replays_edit edit[REPLAYS_EDITS];
} replays_texts;

static void replays_texts_free(replays_texts *t)
{
    for (int k = 0; k < REPLAYS_EDITS; k++)
        mem_free(t->edit[k].changed);
}

/* e's change to the text of path, or NULL when path is not e's or lacks `from`
 * (a mod's file may). */
static const char *replays_edit_text(replays_edit *e, const char *path, size_t *len)
{
    size_t n = strlen(path), m = e->path ? strlen(e->path) : 0;
    if (!m || n < m || strcmp(path + n - m, e->path) != 0)
        return NULL;
    char err[256];
    size_t size = 0;
    char *text = file_read_all(path, &size, err, sizeof err);
    const char *at = text ? strstr(text, e->from) : NULL;
    mem_free(e->changed);
    e->changed = at ? mem_alloc(size + strlen(e->to) + 1) : NULL;
    if (e->changed) {
        size_t head = (size_t)(at - text), cut = strlen(e->from);
        if (e->at_line_end) { /* keep the line, append to it */
            head += strcspn(at, "\n");
            cut = 0;
        }
        snprintf(e->changed, size + strlen(e->to) + 1, "%.*s%s%s", (int)head, text, e->to,
                 text + head + cut);
        *len = strlen(e->changed);
    }
    mem_free(text);
    return e->changed;
}

static const char *replays_text_of(void *ctx, const char *path, size_t *len)
{
    replays_texts *t = ctx;
    if (strcmp(path, REPLAYS_UNUSED_PATH) == 0) {
        *len = strlen(replays_unused_text);
        return replays_unused_text;
    }
    for (int k = 0; k < REPLAYS_EDITS; k++) {
        const char *text = replays_edit_text(&t->edit[k], path, len);
        if (text)
            return text;
    }
    return NULL;
}

/* The files `curtain play --mod` reads (library_load_dir), after the unused one
 * when `unused`, with the change of t. */
static library *replays_load_texts(const char *dir, const char *mod, int unused, replays_texts *t)
{
    int nbase = 0, nmod = 0;
    char **base = library_list_dir(dir, 0, &nbase);
    char **mods = mod ? library_list_dir(mod, 0, &nmod) : NULL;
    const char **paths = mem_calloc((size_t)nbase + (size_t)nmod + 2, sizeof *paths);
    CHECK(base && paths);
    int n = 0;
    if (unused && paths)
        paths[n++] = REPLAYS_UNUSED_PATH;
    for (int i = 0; paths && i < nbase; i++) {
        int overridden = 0; /* a mod file of the same relative path replaces it */
        for (int k = 0; k < nmod && !overridden; k++)
            overridden = strcmp(base[i] + strlen(dir), mods[k] + strlen(mod)) == 0;
        if (!overridden)
            paths[n++] = base[i];
    }
    for (int k = 0; paths && k < nmod; k++)
        paths[n++] = mods[k];
    diag_list diags;
    diag_init(&diags);
    library *lib = paths ? library_load_texts(paths, n, replays_text_of, t, &diags) : NULL;
    diag_print(&diags, stderr);
    diag_free(&diags);
    mem_free(paths);
    library_paths_free(base, nbase);
    library_paths_free(mods, nmod);
    return lib;
}

/* A format-3 replay whose ship or practice boss lib lacks was recorded with
 * other pattern files; named again as recorded, it matches. */
static void replays_names(replay *r, const library *lib)
{
    char ship[sizeof r->ship], boss[sizeof r->boss];
    memcpy(ship, r->ship, sizeof ship);
    memcpy(boss, r->boss, sizeof boss);
    CHECK(ship[0] != '\0');
    snprintf(r->ship, sizeof r->ship, "no_such_ship");
    CHECK(!replay_content_matches(r, lib));
    memcpy(r->ship, ship, sizeof ship);
    if (boss[0]) {
        snprintf(r->boss, sizeof r->boss, "no_such_boss");
        CHECK(!replay_content_matches(r, lib));
        memcpy(r->boss, boss, sizeof boss);
    }
    CHECK(replay_content_matches(r, lib));
}

/* A stage added at the end of the game's list (varied: unused's with it): a run
 * that did not reach the end of the list's last stage matches as it is; one that
 * did (it would go on to the new stage) matches with the list cut after its
 * stages (config.stages), and replays_layout verifies it to the same end. A file
 * from before the reach was recorded (reach 0, the content hash over the whole
 * list of its time) matches too: its list is a prefix of the longer one, and it
 * plays that prefix. A run of the Extra stage names it by its place, one past
 * the list: to it the added stage is other content, told before it plays. */
static void replays_stage_added(replay *r, const library *unused, const library *varied)
{
    if (world_config_extra(world_game_of(unused), &r->config)) {
        CHECK(!replay_content_matches(r, varied)); /* its place names the stage added */
        CHECK(replay_content_matches(r, unused));
        return;
    }
    if (!(r->reach & WORLD_REACH_KNOWN)) { /* recorded before the reach: a prefix matches */
        CHECK(replay_content_matches(r, varied));
        return;
    }
    const library_game *g = world_game_of(unused);
    uint32_t last = r->config.stage + (r->reach & WORLD_REACH_STAGES);
    int all_clear = (r->reach & WORLD_REACH_AT_END) && g && last >= g->stage_count;
    replay old = *r;
    old.reach = 0;
    old.content = world_content_hash(unused, &old.config);
    CHECK(replay_content_matches(&old, unused));
    CHECK(replay_content_matches(&old, varied));
    CHECK_EQ_INT(old.config.stages, g ? (int)g->stage_count : 0);
    old.content ^= 1; /* and no other hash */
    old.config.stages = 0;
    CHECK(!replay_content_matches(&old, varied));
    CHECK(replay_content_matches(r, varied));
    /* cut after its stages when it reached the end of the last of its time (the
     * game's list has grown since, or the added stage follows it) */
    CHECK(r->config.stages == 0 || ((r->reach & WORLD_REACH_AT_END) && r->config.stages == last));
    CHECK(!all_clear || r->config.stages == last);
}

/* Each format-3 replay of the folder verifies over the patterns varied as a
 * run's content may vary without changing it: an unused file first (every ship
 * and boss numbered one later), the boss's file two lines longer (its blocks,
 * "fire@LINE:COL", move down), and a stage added after the game's list; and its
 * content hash tells a change to the stage it plays and a name the patterns
 * lack. One verification a replay covers the three (the test's time: each
 * whole-game replay plays here once, and once in replays_check). Returns how
 * many were checked; *practices, how many of them start at a boss. */
static int replays_layout(const char *dir, const char *mod, const char *replays, int *practices)
{
    replays_texts keep = {0};
    library *unused = replays_load_texts(dir, mod, 1, &keep);
    /* stage 1 (the game's or a mod's) a frame longer: other content to a run that played it */
    replays_texts change = {
        {{"stage1/stage1.pat", "stage stage1 {\n", "stage stage1 {\n    wait 1\n", 0, NULL}}};
    library *changed = replays_load_texts(dir, mod, 1, &change);
    replays_texts vary = {{
        {"stage1/3_boss.pat", "boss s1_kagari {", "# moved\n\nboss s1_kagari {", 0, NULL},
        {"game.pat", "    stages ", " aaa_stage", 1, NULL},
    }};
    library *varied = replays_load_texts(dir, mod, 1, &vary);
    CHECK(unused && changed && varied && vary.edit[1].changed);
    DIR *d = opendir(replays);
    struct dirent *e;
    int checked = 0, stage1_runs = 0;
    while (unused && changed && varied && d && (e = readdir(d)) != NULL) {
        size_t n = strlen(e->d_name);
        if (n < 5 || strcmp(e->d_name + n - 4, ".rpl") != 0)
            continue;
        char path[1024], err[512];
        snprintf(path, sizeof path, "%s/%s", replays, e->d_name);
        replay r;
        if (replay_load(&r, path, err, sizeof err) != 0)
            continue; /* replays_check reported it */
        if (r.version >= 3) {
            CHECK(replay_content_matches(&r, unused));
            CHECK(change.edit[0].changed != NULL);
            /* a change to stage 1 is other content to a run that played it, and
             * nothing to one that did not (a boss practice, a start at stage 2) */
            int played_stage1 = !(r.reach & WORLD_REACH_KNOWN) || /* the whole list counts */
                                (r.config.start == 0 && r.config.stage == 0);
            replay other = r;
            CHECK(replay_content_matches(&other, changed) == !played_stage1);
            stage1_runs += played_stage1;
            replays_stage_added(&r, unused, varied);
            replay_desync dsync = {0};
            const library *plays =
                world_config_extra(world_game_of(unused), &r.config) ? unused : varied;
            int rc = replay_verify(&r, plays, &dsync);
            if (rc != 0)
                fprintf(stderr, "%s with %s, a boss moved and a stage added: desync at frame %u\n",
                        path, REPLAYS_UNUSED_PATH, dsync.frame);
            CHECK(rc == 0);
            replays_names(&r, plays);
            /* the boss and ship the unused file adds come first */
            CHECK(r.config.ship > 0);
            if (world_config_practice(&r.config)) {
                CHECK(r.boss[0] != '\0' && WORLD_START_BOSS(r.config.start) > 0);
                ++*practices;
            }
            checked++;
        }
        replay_free(&r);
    }
    if (d)
        closedir(d);
    CHECK(checked == *practices || stage1_runs > 0);
    printf("%d format-3 replays (%d practices) verify with %s added, lines added to the boss's "
           "file and a stage after the game's; a change to stage 1 and a name the patterns lack "
           "are told\n",
           checked, *practices, REPLAYS_UNUSED_PATH);
    library_free(unused);
    library_free(changed);
    library_free(varied);
    replays_texts_free(&keep);
    replays_texts_free(&change);
    replays_texts_free(&vary);
    return checked;
}

/* The patterns with a mod over them, as `curtain play --mod` loads them; with
 * keep, only the built-in files it accepts (a format-2 replay's). */
static library *replays_load_mod(const char *dir, const char *mod, library_keep_fn keep)
{
    diag_list diags;
    diag_init(&diags);
    library *lib = library_load_dir_kept(dir, mod, keep, &diags);
    if (!keep) /* a mod may need files of later versions: then no format-2 replay plays */
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
    library *lib = replays_load_mod(argv[1], mod, NULL);
    /* format-2 replays play over the files of their time (replay_format2_file) */
    library *lib2 = replays_load_mod(argv[1], mod, replay_format2_file);
    CHECK(lib != NULL);
    CHECK(!replay_format2_file(REPLAYS_UNUSED_PATH) && !replay_format2_file("laser_sweep.pat"));
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
        CHECK(replays_check(lib, lib2, path) > 0);
        if (!first[0])
            snprintf(first, sizeof first, "%s", path);
        files++;
    }
    if (d)
        closedir(d);
    CHECK(files >= (mod ? 2 : 4));
    if (first[0])
        replays_other_content(lib, lib2, first);
    int practices = 0, format3 = replays_layout(argv[1], mod, argv[2], &practices);
    CHECK(format3 >= (argc > 4 ? atoi(argv[4]) : 0));
    CHECK(argc <= 4 || practices >= 1);
    library_free(lib);
    library_free(lib2);
    return check_done("replays");
}
