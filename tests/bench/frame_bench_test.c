/* bench frame: the bench stage compiles and fills the field; whole frames are
 * deterministic (the same state hash on every run) and the same on one thread
 * and two; the world's bulk cancel leaves the pool exactly as cancelling one
 * bullet at a time does and counts what it refused; the quick scenarios record
 * their figures under stable keys. No timing is judged. */
#include "../check.h"
#include "bench/bench.h"
#include "bench/frame_bench.h"
#include "core/rng.h"
#include "game/world.h"
#include "pattern/content/library.h"
#include "pattern/language/diag.h"
#include "sim/playfield.h"

#include <stdlib.h>
#include <string.h>

/* The stage's text names its layout; a larger count means more emitters or
 * larger rings, and a clear when asked. */
static void frame_test_source(void)
{
    static char small[8192], large[8192], storm[8192];
    CHECK(frame_bench_stage_source(small, sizeof small, 10000, 240, 0) > 0);
    CHECK(frame_bench_stage_source(large, sizeof large, 1000000, 240, 0) > 0);
    CHECK(frame_bench_stage_source(storm, sizeof storm, 10000, 120, 180) > 0);
    CHECK(strstr(small, "clear") == NULL);
    CHECK_STR_CONTAINS(storm, "wait 180");
    CHECK_STR_CONTAINS(storm, "clear");
    CHECK(strcmp(small, large) != 0);
    CHECK_EQ_INT(frame_bench_stage_source(small, 64, 10000, 240, 0), -1); /* does not fit */
}

/* The stress stage compiles and ramps: more bullets every second. */
static void frame_test_stress(void)
{
    static char src[8192];
    int len = frame_bench_stress_source(src, sizeof src);
    CHECK(len > 0);
    library_file file = {"stress.pat", src, (size_t)(len > 0 ? len : 0)};
    diag_list diags;
    diag_init(&diags);
    library *lib = library_compile(&file, 1, &diags);
    CHECK(lib != NULL);
    CHECK_EQ_INT((int)diags.count, 0);
    diag_free(&diags);
    world_config cfg = {.seed = 3, .difficulty = 1, .flags = WORLD_FLAG_INVULNERABLE};
    world w;
    if (!lib || world_init_sized(&w, &cfg, lib, 200000) != 0) {
        CHECK(0);
        library_free(lib);
        return;
    }
    uint32_t live[4] = {0};
    for (int f = 0; f < 4 * 120; f++) {
        world_step(&w, 0);
        if (f % 120 == 119)
            live[f / 120] = w.bullets.live;
    }
    CHECK(live[0] > FRAME_BENCH_STRESS_START / 2);
    for (int k = 1; k < 4; k++)
        CHECK(live[k] > live[k - 1] * 1.2);
    CHECK_EQ_INT((int)w.stats.errors, 0);
    world_free(&w);
    library_free(lib);
}

/* Two runs agree; one, two, three and four threads agree (the motion pass,
 * the player's screen and the sweep split at any size); the field fills up;
 * a frame more changes the hash (the hash sees the frames). */
static void frame_test_determinism(void)
{
    uint64_t h1 = 0, h2 = 0, h3 = 0, h4 = 0, hn[2] = {0};
    uint32_t live1 = 0, live2 = 0, live3 = 0, live4 = 0, liven[2] = {0};
    CHECK_EQ_INT(frame_bench_hash(40000, 30, 45, 1, &h1, &live1), 0);
    CHECK_EQ_INT(frame_bench_hash(40000, 30, 45, 1, &h2, &live2), 0);
    CHECK_EQ_INT(frame_bench_hash(40000, 30, 45, 2, &h3, &live3), 0);
    CHECK_EQ_INT(frame_bench_hash(40000, 30, 46, 1, &h4, &live4), 0);
    CHECK_EQ_INT(frame_bench_hash(40000, 30, 45, 3, &hn[0], &liven[0]), 0);
    CHECK_EQ_INT(frame_bench_hash(40000, 30, 45, 4, &hn[1], &liven[1]), 0);
    CHECK_EQ_U64(h1, h2);
    CHECK_EQ_U64(h1, h3);
    CHECK_EQ_U64(h1, hn[0]);
    CHECK_EQ_U64(h1, hn[1]);
    CHECK_EQ_INT((int)live1, (int)live3);
    CHECK_EQ_INT((int)live1, (int)liven[1]);
    CHECK(h4 != h1);
    CHECK(live1 > 30000 && live1 < 50000);
}

/* A world with n bullets spawned straight into its pool: every 7th survives
 * cancels, every 5th starts outside the field (no star item there). */
static void frame_test_fill(world *w, uint32_t n)
{
    rng r;
    rng_seed(&r, 99);
    for (uint32_t i = 0; i < n; i++) {
        bullet_spawn s = {0};
        s.x = i % 5 == 0 ? -8.0f : rng_range(&r, 0.0f, PLAYFIELD_W);
        s.y = rng_range(&r, 0.0f, PLAYFIELD_H * 0.5f);
        s.heading = 180.0;
        s.speed = 1.0;
        s.shape = BULLET_SHAPE_ORB;
        s.flags = i % 7 == 0 ? BULLET_FLAG_NO_CANCEL : 0;
        CHECK(bullet_pool_spawn(&w->bullets, &s).gen != 0);
    }
}

/* world_cancel_bullets (items and events for the first bullets, then a bulk
 * clear) against cancelling every bullet by its handle in slot order. */
static void frame_test_cancel(void)
{
    const uint32_t n = 12000;
    world_config cfg = {.seed = 7, .difficulty = 1, .flags = WORLD_FLAG_INVULNERABLE};
    world a, b;
    CHECK_EQ_INT(world_init_sized(&a, &cfg, NULL, n + 64), 0);
    CHECK_EQ_INT(world_init_sized(&b, &cfg, NULL, n + 64), 0);
    frame_test_fill(&a, n);
    frame_test_fill(&b, n);
    uint32_t cancellable = 0, inside = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (i % 7 == 0)
            continue;
        cancellable++;
        inside += i % 5 != 0;
    }
    world_cancel_bullets(&a, 1);
    bullet_pool *p = &b.bullets;
    for (uint32_t blk = 0; blk < bullet_pool_block_end(p); blk++)
        for (uint64_t m = p->alive[blk]; m; m &= m - 1) {
            uint32_t i = 64 * blk + (uint32_t)__builtin_ctzll(m);
            if (!(p->flags[i] & BULLET_FLAG_NO_CANCEL))
                bullet_pool_despawn(p, bullet_pool_handle(p, i), BULLET_DESPAWN_CANCEL);
        }
    hasher ha, hb;
    hash_begin(&ha, 1);
    hash_begin(&hb, 1);
    bullet_pool_hash(&a.bullets, &ha);
    bullet_pool_hash(&b.bullets, &hb);
    CHECK_EQ_U64(hash_end(&ha), hash_end(&hb));
    CHECK_EQ_INT((int)a.bullets.live, (int)(n - cancellable));
    CHECK_EQ_INT((int)a.items.count, WORLD_ITEMS);
    CHECK_EQ_U64(a.items.refused, inside - WORLD_ITEMS);
    CHECK_EQ_INT(a.event_count, WORLD_EVENTS - WORLD_EVENTS_RESERVED);
    CHECK_EQ_U64(a.stats.events_refused, cancellable - (WORLD_EVENTS - WORLD_EVENTS_RESERVED));
    world_free(&a);
    world_free(&b);
}

/* The quick scenarios run and record their rows and columns. */
static void frame_test_scenarios(void)
{
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    bench b;
    bench_init(&b, out, 1);
    CHECK_EQ_INT(frame_bench_run_10k(&b), 0);
    CHECK_EQ_INT(frame_bench_run_storm(&b), 0);
    fclose(out);
    CHECK_STR_CONTAINS(text, "== frame10k:");
    CHECK_STR_CONTAINS(text, "== storm:");
    static const char *const keys[] = {
        "frame10k/frame/curtain__1_thread/p50",
        "frame10k/frame/curtain__2_threads/p99",
        "frame10k/frame/naive/max",
        "frame10k/frame/curtain__1_thread/scripts",
        "frame10k/frame/curtain__1_thread/motion",
        "frame10k/frame/curtain__1_thread/collide_resolve",
        "frame10k/frame/curtain__1_thread/vs_naive",
        "frame10k/frame/curtain__1_thread/vertices",
        "storm/storm/curtain__game_16k/worst_median",
        "storm/storm/curtain__100k/cancel_frame",
        "storm/storm/naive__100k/cpu_worst_median",
    };
    for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++) {
        const bench_figure *f = bench_figure_find(&b, keys[k]);
        CHECK(f != NULL);
        if (!f)
            fprintf(stderr, "missing %s\n", keys[k]);
    }
    const bench_figure *live = bench_figure_find(&b, "frame10k/frame/curtain__1_thread/live");
    CHECK(live && live->value > 5000 && live->value < 15000);
    const bench_figure *cancelled = bench_figure_find(&b, "storm/storm/curtain__100k/cancelled");
    CHECK(cancelled && cancelled->value > 50000);
    bench_free(&b);
    free(text);
}

int main(void)
{
    frame_test_source();
    frame_test_stress();
    frame_test_determinism();
    frame_test_cancel();
    frame_test_scenarios();
    return check_done("bench.frame");
}
