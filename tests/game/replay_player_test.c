/*
 * replay_player: seeking in a replay gives exactly the state straight playback
 * gives at that frame.
 *
 * Stage 1 is recorded on the hardest difficulty by the scripted player, with
 * every frame's state hash. Watched with the player: playing with keyframes
 * allocates nothing; after the keyframes are laid, seeks to random frames,
 * single steps back and long jumps back and forth each show the recorded hash;
 * so they do with an arena too small for every keyframe (the oldest give way),
 * and in a practice replay with savestate events.
 *
 * usage: test_game.replay_player PATTERNS_DIR
 */
#include "../check.h"
#include "core/clock.h"
#include "core/mem.h"
#include "core/rng.h"
#include "game/autopilot.h"
#include "game/replay_player.h"
#include "test_library.h"

#define MAX_FRAMES (6u * 3600u)

typedef struct recorded {
    replay r;
    uint64_t *hash; /* after each frame; hash[0]: frame 0 */
} recorded;

static void record_stage(const library *lib, recorded *rec)
{
    world_config cfg = {.seed = 41, .difficulty = 3, .flags = WORLD_FLAG_INVULNERABLE};
    CHECK(replay_begin(&rec->r, &cfg, MAX_FRAMES) == 0);
    replay_set_content(&rec->r, lib);
    world *w = mem_alloc(sizeof *w);
    CHECK(w && world_init(w, &cfg, lib) == 0);
    autopilot ap;
    autopilot_init(&ap, 1);
    rec->hash[0] = world_hash(w);
    uint32_t f = 0;
    while (!world_over(w) && f < MAX_FRAMES - 1) {
        input_bits in = autopilot_input(&ap, w);
        world_step(w, in);
        replay_record(&rec->r, in, w);
        rec->hash[++f] = world_hash(w);
    }
    replay_finish(&rec->r, w, REPLAY_END_STAGE_CLEAR, "T", 0, 0);
    world_free(w);
    mem_free(w);
}

/* Seeks to many frames, checking each against the recording. */
static int seek_around(replay_player *p, const uint64_t *hash, uint32_t frames, uint32_t seed,
                       double *worst_ms)
{
    rng g;
    rng_seed(&g, seed);
    int wrong = 0;
    for (int i = 0; i < 60; i++) {
        uint32_t f = (uint32_t)(rng_next(&g) % (frames + 1));
        uint64_t t0 = clock_now_ns();
        replay_player_seek(p, f);
        double ms = (double)(clock_now_ns() - t0) / 1e6;
        *worst_ms = ms > *worst_ms ? ms : *worst_ms;
        wrong += replay_player_frame(p) != f || world_hash(p->w) != hash[f];
        if (f > 0) { /* one frame back */
            replay_player_seek(p, f - 1);
            wrong += world_hash(p->w) != hash[f - 1];
        }
        for (int k = 0; k < 3 && replay_player_frame(p) < frames; k++) { /* and on */
            replay_player_step(p);
            uint32_t now = replay_player_frame(p);
            wrong += world_hash(p->w) != hash[now];
        }
    }
    return wrong;
}

static void player_seeks(const library *lib, const recorded *rec, size_t arena_size,
                         const char *what)
{
    const replay *r = &rec->r;
    world *w = mem_alloc(sizeof *w);
    CHECK(w && world_init(w, &r->config, lib) == 0);
    replay_player p;
    CHECK(replay_player_init(&p, r, w, arena_size) == 0);
    /* Playing with keyframes: no allocation in 3,000 frames. */
    mem_stats before = mem_get_stats();
    for (int i = 0; i < 3000; i++)
        CHECK(replay_player_step(&p) == 0);
    mem_stats after = mem_get_stats();
    CHECK_EQ_U64(after.allocs, before.allocs);
    CHECK(p.key_count > 0);
    CHECK_EQ_U64(world_hash(w), rec->hash[3000]);
    CHECK(replay_player_prepare(&p) == 0);
    CHECK_EQ_INT(replay_player_frame(&p), 0);
    size_t bytes = 0;
    for (uint32_t k = 0; k < p.key_cap; k++)
        bytes += p.keys[k].size;
    double worst = 0;
    before = mem_get_stats();
    int wrong = seek_around(&p, rec->hash, r->frame_count, 7, &worst);
    after = mem_get_stats();
    CHECK_EQ_INT(wrong, 0);
    CHECK_EQ_U64(after.allocs, before.allocs);
    printf("%s: %u frames, keyframe every %u, %u kept (%u gave way), %zu bytes (%zu a keyframe), "
           "%zu bytes in all; slowest seek %.1f ms\n",
           what, r->frame_count, p.interval, p.key_count, p.evicted, bytes,
           p.key_count ? bytes / p.key_count : 0, replay_player_memory(&p), worst);
    if (arena_size)
        CHECK(p.evicted > 0);
    replay_player_free(&p);
    world_free(w);
    mem_free(w);
}

/* A practice with savestates, the first saved before frame 1: seeks land where
 * straight playback is, keyframes cover the whole replay (they stopped at the
 * first savestate event: none at all here) and a seek anywhere simulates at
 * most one interval. */
static void player_savestates(const library *lib)
{
    world_config cfg = {.seed = 4, .difficulty = 1};
    replay r;
    CHECK(replay_begin(&r, &cfg, 4000) == 0);
    world *w = mem_alloc(sizeof *w);
    CHECK(w && world_init(w, &cfg, lib) == 0);
    snapshot s;
    CHECK(snapshot_init(&s, w) == 0);
    uint64_t *hash = mem_alloc(4000 * sizeof *hash);
    hash[0] = world_hash(w);
    for (uint32_t f = 1; f <= 2400; f++) {
        if (f == 1 || f == 701 || f == 1301) {
            snapshot_take(&s, w);
            replay_record_event(&r, REPLAY_EVENT_SAVE, 0, w);
        }
        if (f == 1001 || f == 1601 || f == 1901) {
            snapshot_restore(&s, w);
            replay_record_event(&r, REPLAY_EVENT_LOAD, 0, w);
        }
        input_bits in =
            (input_bits)(INPUT_BIT(INPUT_SHOT) |
                         (f % 90 < 45 ? INPUT_BIT(INPUT_LEFT) : INPUT_BIT(INPUT_RIGHT)));
        world_step(w, in);
        replay_record(&r, in, w);
        hash[f] = world_hash(w);
    }
    replay_finish(&r, w, REPLAY_END_UNFINISHED, "T", 0, 0);
    world_free(w);
    CHECK(world_init(w, &cfg, lib) == 0);
    replay_player p;
    CHECK(replay_player_init(&p, &r, w, 0) == 0);
    /* before anything is laid, a seek 100 frames at a time gets there, the same */
    int calls = 0;
    while (replay_player_seek_some(&p, 2000, 100) == 1) {
        calls++;
        CHECK(p.seek_steps == 100);
    }
    CHECK_EQ_INT(calls, 19);
    CHECK_EQ_U64(world_hash(w), hash[2000]);
    replay_player_seek(&p, 0);
    CHECK(replay_player_prepare(&p) == 0);
    CHECK_EQ_INT(p.key_count, r.frame_count / p.interval);
    double worst = 0;
    CHECK_EQ_INT(seek_around(&p, hash, r.frame_count, 9, &worst), 0);
    uint32_t most = 0;
    for (uint32_t f = 2399; f > 97; f -= 97) {
        replay_player_seek(&p, f);
        most = p.seek_steps > most ? p.seek_steps : most;
        CHECK_EQ_U64(world_hash(w), hash[f]);
    }
    CHECK(most <= p.interval);
    replay_player_free(&p);
    snapshot_free(&s);
    world_free(w);
    mem_free(w);
    mem_free(hash);
    replay_free(&r);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: test_game.replay_player PATTERNS_DIR\n");
        return 2;
    }
    library *lib = test_library_load(argv[1]);
    CHECK(lib != NULL);
    recorded rec = {.hash = mem_alloc(MAX_FRAMES * sizeof(uint64_t))};
    if (lib && rec.hash) {
        record_stage(lib, &rec);
        CHECK(rec.r.frame_count > 6000);
        player_seeks(lib, &rec, 0, "stage 1");
        player_seeks(lib, &rec, 4u << 20, "stage 1, a 4 MiB arena");
        player_savestates(lib);
    }
    replay_free(&rec.r);
    mem_free(rec.hash);
    library_free(lib);
    return check_done("replay_player");
}
