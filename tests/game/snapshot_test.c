/*
 * snapshot: a world taken to memory and restored gives straight playback's hash
 * at every later frame. Long autopilot runs (stage 1 from its start to its
 * end, and every boss's fight from its first phase, on the hardest difficulty,
 * the player mortal) are played once to record their inputs and each frame's
 * hash; played again, a snapshot is taken every SNAP_EVERY frames, the world
 * is sent off on other inputs for a while (its hash must change), restored,
 * and from there every frame's hash must equal the recorded one to the run's
 * end. Snapshots copy the live parts only: one taken early restored into the
 * world later, and one taken late into the world put back early, give the
 * recorded hashes from there (check_marks), whole and as deltas; the same for
 * a crowd of bullets (no content) that rises to 12,200 and ebbs (tides). Also: taking
 * and restoring allocate nothing, and a snapshot does not restore into another
 * world. The test stages of two mods round-trip too (snapshot_mod).
 * A sanitizer build plays each run's first SANITIZED_FRAMES only (the same
 * snapshot code on every store; the Release build plays them to the end).
 *
 * usage: test_game.snapshot PATTERNS_DIR [HANDLES_MOD_DIR [SHARED_ARRAY_MOD_DIR]]
 */
#include "../check.h"
#include "core/ease.h"
#include "core/mem.h"
#include "game/autopilot.h"
#include "game/difficulty.h"
#include "game/snapshot.h"
#include "game/world.h"
#include "test_library.h"

#define RUN_FRAMES       (6u * 3600u) /* six minutes at most */
#define SNAP_EVERY       397u         /* not a multiple of anything the stage times by */
#define DETOUR           120u         /* frames played on other inputs before restoring */
#define SANITIZED_FRAMES 4800u        /* a run's length in a sanitizer build */

typedef struct recording {
    input_bits *inputs;
    uint64_t *hashes; /* after each frame */
    uint32_t frames;
} recording;

/* Plays cfg with the autopilot, recording inputs and hashes. */
static void record_run(const library *lib, const world_config *cfg, recording *rec)
{
    world *w = mem_alloc(sizeof *w);
    CHECK(w && world_init(w, cfg, lib) == 0);
    autopilot ap;
    autopilot_init(&ap, 1);
    rec->frames = 0;
    uint32_t most = check_sanitized() ? SANITIZED_FRAMES : RUN_FRAMES;
    while (!world_over(w) && rec->frames < most) {
        input_bits in = autopilot_input(&ap, w);
        world_step(w, in);
        rec->inputs[rec->frames] = in;
        rec->hashes[rec->frames++] = world_hash(w);
    }
    world_free(w);
    mem_free(w);
}

/* Inputs unlike the recording's: another direction, shot and bomb at random. */
static input_bits detour_input(uint32_t k, input_bits recorded)
{
    static const input_bits moves[] = {INPUT_BIT(INPUT_LEFT), INPUT_BIT(INPUT_RIGHT),
                                       INPUT_BIT(INPUT_UP), INPUT_BIT(INPUT_DOWN)};
    input_bits in = moves[(k / 20) % 4] | (input_bits)(k % 3 ? INPUT_BIT(INPUT_SHOT) : 0);
    if (k == 7)
        in |= INPUT_BIT(INPUT_BOMB);
    return (input_bits)(in ^ (recorded & INPUT_BIT(INPUT_FOCUS)));
}

/* Replays rec, snapshotting, straying and restoring every SNAP_EVERY frames. */
static void check_round_trips(const library *lib, const world_config *cfg, const recording *rec,
                              const char *what)
{
    world *w = mem_alloc(sizeof *w);
    CHECK(w && world_init(w, cfg, lib) == 0);
    snapshot s;
    CHECK(snapshot_init(&s, w) == 0);
    int mismatches = 0, trips = 0, strayed = 0;
    for (uint32_t f = 0; f < rec->frames; f++) {
        if (f % SNAP_EVERY == SNAP_EVERY / 2) {
            mem_stats before = mem_get_stats();
            CHECK(snapshot_take(&s, w) == 0);
            uint64_t at = world_hash(w);
            int changed = 0;
            for (uint32_t k = 0; k < DETOUR && !world_over(w); k++) {
                world_step(w, detour_input(k, rec->inputs[f + k < rec->frames ? f + k : f]));
                changed |= world_hash(w) != rec->hashes[f + k < rec->frames ? f + k : f];
            }
            CHECK(snapshot_restore(&s, w) == 0);
            mem_stats after = mem_get_stats();
            CHECK_EQ_U64(after.allocs, before.allocs);
            CHECK_EQ_U64(world_hash(w), at);
            strayed += changed;
            trips++;
        }
        world_step(w, rec->inputs[f]);
        if (world_hash(w) != rec->hashes[f] && mismatches++ < 3)
            fprintf(stderr, "%s: frame %u: hash differs after a restore\n", what, f + 1);
    }
    printf("%s: %u frames, %d round trips (%d strayed before the restore), %zu bytes a snapshot\n",
           what, rec->frames, trips, strayed, s.size);
    CHECK_EQ_INT(mismatches, 0);
    CHECK(trips >= 3);
    CHECK(strayed >= trips / 2); /* the detours really moved the world away */
    snapshot_free(&s);
    world_free(w);
    mem_free(w);
}

/* Plays rec's frames [from, to) on w; returns the frames whose hash is not the
 * recorded one. */
static int play_span(world *w, const recording *rec, uint32_t from, uint32_t to, const char *what)
{
    int wrong = 0;
    for (uint32_t f = from; f < to; f++) {
        world_step(w, rec->inputs[f]);
        if (world_hash(w) != rec->hashes[f] && wrong++ < 3)
            fprintf(stderr, "%s: frame %u: hash differs\n", what, f + 1);
    }
    return wrong;
}

/* The live parts (snapshot.h): a snapshot taken early, when the pools and the
 * VMs had used few slots, restored into the world later, when they have used
 * many (what later frames wrote past the snapshot's marks must come back as
 * it was), and a late one restored into a world put back early (past the
 * world's marks, the snapshot's own bytes must be copied). Straight playback's
 * hash at every frame after each, for whole snapshots and for keyframe deltas
 * from a base taken at the start. */
static void check_marks(const library *lib, const world_config *cfg, const recording *rec)
{
    world *w = mem_alloc(sizeof *w);
    CHECK(w && world_init(w, cfg, lib) == 0);
    snapshot base, early, late;
    CHECK(snapshot_init(&base, w) == 0 && snapshot_init(&early, w) == 0 &&
          snapshot_init(&late, w) == 0);
    size_t cap = 2 * base.size;
    unsigned char *delta_early = mem_alloc(cap), *delta_late = mem_alloc(cap);
    CHECK(delta_early && delta_late);
    uint32_t a = 300, b = rec->frames * 2 / 3, end = rec->frames;
    CHECK(snapshot_take(&base, w) == 0);
    int wrong = play_span(w, rec, 0, a, "to the early snapshot");
    uint32_t peak_a = w->bullets.block_peak;
    CHECK(snapshot_take(&early, w) == 0);
    size_t n_early = snapshot_delta_take(&base, w, delta_early, cap);
    CHECK(n_early > 0);
    wrong += play_span(w, rec, a, b, "to the late snapshot");
    uint32_t peak_b = w->bullets.block_peak;
    CHECK(snapshot_take(&late, w) == 0);
    size_t n_late = snapshot_delta_take(&base, w, delta_late, cap);
    CHECK(n_late > 0);
    printf("marks: bullet blocks used %u at frame %u, %u at frame %u; live %zu and %zu bytes\n",
           peak_a, a, peak_b, b, early.live, late.live);
    CHECK(peak_a < peak_b); /* the late world has written slots the early one had not */
    CHECK(early.live < late.live);

    /* the early snapshot into the fuller world, then the late one into the emptier */
    CHECK(snapshot_restore(&early, w) == 0);
    CHECK_EQ_U64(world_hash(w), rec->hashes[a - 1]);
    CHECK_EQ_U64(w->bullets.block_peak, peak_a);
    CHECK(snapshot_restore(&late, w) == 0);
    CHECK_EQ_U64(world_hash(w), rec->hashes[b - 1]);
    wrong += play_span(w, rec, b, end, "late snapshot into an emptier world");
    CHECK(snapshot_restore(&early, w) == 0);
    wrong += play_span(w, rec, a, end, "early snapshot into a fuller world");
    /* a snapshot that held the late state taken again early: its room past the
     * early marks must hold the untouched bytes again */
    CHECK(snapshot_restore(&early, w) == 0);
    CHECK(snapshot_take(&late, w) == 0);
    wrong += play_span(w, rec, a, b, "on from the early snapshot");
    CHECK(snapshot_restore(&late, w) == 0);
    CHECK_EQ_U64(world_hash(w), rec->hashes[a - 1]);
    wrong += play_span(w, rec, a, b, "a snapshot taken again emptier");

    /* the same with keyframe deltas from the base */
    CHECK(snapshot_delta_restore(&base, delta_late, n_late, w) == 0);
    CHECK_EQ_U64(world_hash(w), rec->hashes[b - 1]);
    CHECK(snapshot_delta_restore(&base, delta_early, n_early, w) == 0);
    CHECK_EQ_U64(world_hash(w), rec->hashes[a - 1]);
    CHECK(snapshot_delta_restore(&base, delta_late, n_late, w) == 0);
    wrong += play_span(w, rec, b, end, "late delta into an emptier world");
    CHECK(snapshot_delta_restore(&base, delta_early, n_early, w) == 0);
    wrong += play_span(w, rec, a, b, "early delta into a fuller world");
    /* a snapshot's own delta (a savestate the replay player keeps), put back into
     * a snapshot that held the fuller late state, then into the world */
    size_t n_of = 0;
    CHECK(snapshot_take(&late, w) == 0);
    CHECK(snapshot_delta_take_of(&base, &early, delta_early, cap, &n_of) == 0);
    CHECK(n_of > 0);
    CHECK(snapshot_delta_restore_to(&base, delta_early, n_of, &late) == 0);
    CHECK(snapshot_restore(&late, w) == 0);
    CHECK_EQ_U64(world_hash(w), rec->hashes[a - 1]);
    wrong += play_span(w, rec, a, b, "a savestate's delta into a fuller snapshot");
    CHECK_EQ_INT(wrong, 0);

    mem_free(delta_early);
    mem_free(delta_late);
    snapshot_free(&base);
    snapshot_free(&early);
    snapshot_free(&late);
    world_free(w);
    mem_free(w);
}

static void snapshot_runs(const library *lib, recording *rec)
{
    world_config stage = {.seed = 19, .difficulty = DIFFICULTY_COUNT - 1};
    record_run(lib, &stage, rec);
    CHECK(rec->frames > 3000);
    check_round_trips(lib, &stage, rec, "stage 1");
    check_marks(lib, &stage, rec);
    for (uint32_t b = 0; b < lib->boss_count && b < WORLD_MAX_BOSSES; b++) {
        world_config fight = {.seed = 23 + b,
                              .difficulty = DIFFICULTY_COUNT - 1,
                              .start = WORLD_START(b, 0),
                              .flags = WORLD_FLAG_INVULNERABLE};
        record_run(lib, &fight, rec);
        char what[64];
        snprintf(what, sizeof what, "boss %s", lib->bosses[b].name);
        check_round_trips(lib, &fight, rec, what);
    }
}

/* ---- tides: a crowd that rises and falls ------------------------------------ */

#define TIDE_CAP    16384u /* room for the biggest wave and the rest */
#define TIDE_FRAMES 220u

/* What frame f adds before its step, the same on every run (no content: the
 * pool is the state): a few lasting bullets first; at 40 a wave of 12,000 that
 * lives 60 frames, every seventh turning on a tween (the lazily written
 * tracks); at 140 a smaller wave of 3,000 elsewhere, living 30. */
static void tide_spawn(world *w, uint32_t f)
{
    uint32_t n = f == 0 ? 200u : f == 40 ? 12000u : f == 140 ? 3000u : 0u;
    uint32_t life = f == 0 ? 0u : f == 40 ? 60u : 30u;
    for (uint32_t i = 0; i < n; i++) {
        bullet_spawn sp = {.x = 10.0f + (float)(i * 7u % 360u),
                           .y = (f == 140 ? 250.0f : 10.0f) + (float)(i / 360u % 150u),
                           .heading = (double)((i * 37u + f) % 360u),
                           .speed = 0.05 + (double)(i % 5u) * 0.1,
                           .lifetime = life,
                           .shape = (bullet_shape)(i % 4u),
                           .color = (bullet_color)(i % 8u)};
        if (f == 40 && i % 5u == 0) { /* styled: scaled, faded, glowing, hitboxes scaled */
            sp.scale = 0.5f + (float)(i % 3u);
            sp.fade = (float)(i % 200u) / 255.0f;
            sp.flags = (uint8_t)(i % 2u ? BULLET_FLAG_ADDITIVE : BULLET_FLAG_SCALED_HITBOX);
        }
        bullet_handle h = bullet_pool_spawn(&w->bullets, &sp);
        if (f == 40 && i % 7u == 0)
            bullet_pool_tween(&w->bullets, h, BULLET_CHANNEL_HEADING, sp.heading + 90.0, 50);
        if (f == 40 && i % 11u == 0) /* style tweens running across the snapshots */
            bullet_pool_set_style(&w->bullets, h, i % 2u ? BULLET_STYLE_SCALE : BULLET_STYLE_ALPHA,
                                  (double)(i % 4u) * 0.5, 30 + (int32_t)(i % 40u),
                                  (int)(i % EASE_COUNT));
    }
}

/* The ship weaving and shooting, invulnerable. */
static input_bits tide_input(uint32_t f)
{
    return (input_bits)(INPUT_BIT(INPUT_SHOT) |
                        (f / 30 % 2 ? INPUT_BIT(INPUT_LEFT) : INPUT_BIT(INPUT_RIGHT)));
}

static world *tide_world(void)
{
    world_config cfg = {.seed = 31, .flags = WORLD_FLAG_INVULNERABLE};
    world *w = mem_alloc(sizeof *w);
    CHECK(w && world_init_sized(w, &cfg, NULL, TIDE_CAP) == 0);
    return w;
}

/* Frames [from, to) of the tide on w against the recorded hashes; returns the
 * frames that differ. */
static int tide_play(world *w, const uint64_t *hashes, uint32_t from, uint32_t to, const char *what)
{
    int wrong = 0;
    for (uint32_t f = from; f < to; f++) {
        tide_spawn(w, f);
        world_step(w, tide_input(f));
        if (world_hash(w) != hashes[f] && wrong++ < 3)
            fprintf(stderr, "tides, %s: frame %u: hash differs\n", what, f);
    }
    return wrong;
}

/* A restore after a denser frame and after a sparser one (a fifth of the
 * wave styled, some styles tweening: the style columns round-trip too): snapshots taken while
 * the crowd is small (frame 20), at the wave's height (80: 12,200 bullets) and
 * after it has gone (120: few bullets, the pool's high-water mark up) are
 * restored into worlds fuller and emptier than they were, in every order; each
 * gives the hash straight play had at its frame, and the same hash at every
 * frame played on from there (the later play the same). */
static void snapshot_tides(void)
{
    static uint64_t hashes[TIDE_FRAMES];
    world *w = tide_world();
    for (uint32_t f = 0; f < TIDE_FRAMES; f++) {
        tide_spawn(w, f);
        world_step(w, tide_input(f));
        hashes[f] = world_hash(w);
    }
    world_free(w);
    mem_free(w);

    w = tide_world();
    snapshot sparse, dense, after;
    CHECK(snapshot_init(&sparse, w) == 0 && snapshot_init(&dense, w) == 0 &&
          snapshot_init(&after, w) == 0);
    int wrong = tide_play(w, hashes, 0, 21, "to frame 20");
    CHECK(snapshot_take(&sparse, w) == 0);
    uint32_t few = w->bullets.live;
    wrong += tide_play(w, hashes, 21, 81, "to frame 80");
    CHECK(snapshot_take(&dense, w) == 0);
    uint32_t many = w->bullets.live;
    wrong += tide_play(w, hashes, 81, 121, "to frame 120");
    CHECK(snapshot_take(&after, w) == 0);
    uint32_t ebb = w->bullets.live;
    printf("tides: %u, %u and %u bullets; live %zu, %zu and %zu bytes\n", few, many, ebb,
           sparse.live, dense.live, after.live);
    CHECK(few < 1000 && many > 12000 && ebb < 1000);
    CHECK(sparse.live < dense.live);

    /* the sparse one into the world after the wave, and on to the end */
    CHECK(snapshot_restore(&sparse, w) == 0);
    CHECK_EQ_U64(world_hash(w), hashes[20]);
    wrong += tide_play(w, hashes, 21, TIDE_FRAMES, "sparse into the ebb");
    /* the dense one into the world at the end (a later, sparser frame) */
    CHECK(snapshot_restore(&dense, w) == 0);
    CHECK_EQ_U64(world_hash(w), hashes[80]);
    CHECK_EQ_U64(w->bullets.live, many);
    wrong += tide_play(w, hashes, 81, TIDE_FRAMES, "dense into a sparser world");
    /* the ebb's into the world put back sparse, then dense into the ebb's */
    CHECK(snapshot_restore(&sparse, w) == 0);
    CHECK(snapshot_restore(&after, w) == 0);
    CHECK_EQ_U64(world_hash(w), hashes[120]);
    wrong += tide_play(w, hashes, 121, 141, "the ebb into a sparse world");
    CHECK(snapshot_restore(&dense, w) == 0);
    CHECK_EQ_U64(world_hash(w), hashes[80]);
    /* and the dense one again, right after the wave's tweens were written */
    wrong += tide_play(w, hashes, 81, 100, "dense again");
    CHECK(snapshot_restore(&dense, w) == 0);
    wrong += tide_play(w, hashes, 81, TIDE_FRAMES, "dense onto itself");
    CHECK_EQ_INT(wrong, 0);
    snapshot_free(&sparse);
    snapshot_free(&dense);
    snapshot_free(&after);
    world_free(w);
    mem_free(w);
}

/* A snapshot restores into the world it was made for only. */
static void snapshot_owner(const library *lib)
{
    world_config cfg = {.seed = 3};
    world *a = mem_alloc(sizeof *a), *b = mem_alloc(sizeof *b);
    CHECK(a && b && world_init(a, &cfg, lib) == 0 && world_init(b, &cfg, lib) == 0);
    snapshot s;
    CHECK(snapshot_init(&s, a) == 0);
    CHECK(snapshot_restore(&s, a) == -1); /* nothing taken yet */
    CHECK(snapshot_take(&s, b) == -1);
    CHECK(snapshot_take(&s, a) == 0);
    CHECK(snapshot_restore(&s, b) == -1);
    CHECK(snapshot_restore(&s, a) == 0);
    CHECK_EQ_U64(s.size, snapshot_size(a));
    /* The same struct made again: refused when its blocks moved (restoring would
     * write the old blocks' pointers into it); where the allocator gave every
     * block back at the same address, restoring is sound and gives the state. */
    for (int k = 0; k < 5; k++)
        world_step(a, INPUT_BIT(INPUT_SHOT));
    CHECK(snapshot_take(&s, a) == 0);
    uint64_t at = world_hash(a);
    world_free(a);
    world *moved = mem_alloc(sizeof *moved); /* takes what a's blocks left, maybe */
    CHECK(moved && world_init(moved, &cfg, lib) == 0);
    CHECK(world_init(a, &cfg, lib) == 0);
    int rc = snapshot_restore(&s, a);
    CHECK(rc == -1 || world_hash(a) == at);
    world_free(moved);
    mem_free(moved);
    snapshot_free(&s);
    world_free(a);
    world_free(b);
    mem_free(a);
    mem_free(b);
}

/* A test stage (a mod) round-trips as the game's stages do: the handles stage
 * (groups kept, steered and restyled; bullets, lasers and enemies held in
 * handles, hooks on bullets), the shared-array stage (a shared array the
 * stage writes from the player's place every frame) and the big-array stage
 * (an array of 600 in the VM's array area, written the same way, and a
 * function's array of 40 taken from the area and given back every second). */
static void snapshot_mod(const char *dir, const char *mod, recording *rec, const char *what)
{
    diag_list diags;
    diag_init(&diags);
    library *lib = library_load_dir(dir, mod, &diags);
    diag_print(&diags, stderr);
    diag_free(&diags);
    CHECK(lib != NULL);
    if (!lib)
        return;
    world_config stage = {
        .seed = 29, .difficulty = DIFFICULTY_COUNT - 1, .flags = WORLD_FLAG_INVULNERABLE};
    record_run(lib, &stage, rec);
    CHECK(rec->frames > 1000);
    check_round_trips(lib, &stage, rec, what);
    library_free(lib);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr,
                "usage: test_game.snapshot PATTERNS_DIR [HANDLES_MOD_DIR [SHARED_ARRAY_MOD_DIR "
                "[BIG_ARRAY_MOD_DIR]]]\n");
        return 2;
    }
    library *lib = test_library_load(argv[1]);
    CHECK(lib != NULL);
    recording rec = {mem_alloc(RUN_FRAMES), mem_alloc(RUN_FRAMES * sizeof(uint64_t)), 0};
    CHECK(rec.inputs && rec.hashes);
    if (lib && rec.inputs && rec.hashes) {
        check_sanitized_note("each run's first 4800 frames");
        snapshot_owner(lib);
        snapshot_tides();
        snapshot_runs(lib, &rec);
        if (argc > 2)
            snapshot_mod(argv[1], argv[2], &rec, "the handles stage");
        if (argc > 3)
            snapshot_mod(argv[1], argv[3], &rec, "the shared-array stage");
        if (argc > 4)
            snapshot_mod(argv[1], argv[4], &rec, "the big-array stage");
    }
    mem_free(rec.inputs);
    mem_free(rec.hashes);
    library_free(lib);
    return check_done("snapshot");
}
