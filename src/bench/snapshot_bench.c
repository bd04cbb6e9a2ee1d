/*
 * snapshot_bench: `curtain bench snapshot`. See snapshot_bench.h and docs/bench.md.
 */
#include "bench/snapshot_bench.h"

#include "core/clock.h"
#include "core/mem.h"
#include "game/snapshot.h"
#include "game/world.h"

#include <stdio.h>
#include <string.h>

#define SB_REPEATS 25

typedef struct sb_result {
    double take_ns, restore_ns; /* medians */
    size_t size;
} sb_result;

/* Takes and restores a snapshot of an empty world of `bullets` capacity (the
 * copy is of whole blocks: what is live does not change its time). */
static int sb_measure(uint32_t bullets, int repeats, sb_result *out)
{
    world *w = mem_alloc(sizeof *w);
    world_config cfg = {.seed = 1};
    if (!w || world_init_sized(w, &cfg, NULL, bullets) != 0) {
        if (w)
            world_free(w);
        mem_free(w);
        return -1;
    }
    snapshot s;
    double take[SB_REPEATS], restore[SB_REPEATS];
    int rc = snapshot_init(&s, w);
    for (int i = 0; rc == 0 && i < repeats; i++) {
        world_step(w, 0);
        uint64_t t0 = clock_now_ns();
        snapshot_take(&s, w);
        uint64_t t1 = clock_now_ns();
        snapshot_restore(&s, w);
        uint64_t t2 = clock_now_ns();
        take[i] = (double)(t1 - t0);
        restore[i] = (double)(t2 - t1);
    }
    if (rc == 0) {
        out->take_ns = bench_summarize(take, repeats).p50;
        out->restore_ns = bench_summarize(restore, repeats).p50;
        out->size = s.size;
        bench_consume(world_hash(w));
    }
    snapshot_free(&s);
    world_free(w);
    mem_free(w);
    return rc;
}

static void sb_row(bench_table *t, const char *label, const sb_result *r)
{
    bench_table_row(t, label);
    bench_table_value(t, (double)r->size / (1024.0 * 1024.0));
    bench_table_value(t, r->take_ns / 1e6);
    bench_table_value(t, r->restore_ns / 1e6);
    bench_table_value(t, (double)r->size / r->take_ns); /* bytes per ns = GB/s */
}

int snapshot_bench_run(bench *b)
{
    bench_begin_scenario(b, "snapshot",
                         "world snapshots: take and restore (one memcpy per state block) at the "
                         "game's capacity and at 100,000 bullets, and their size");
    int repeats = b->quick ? 5 : SB_REPEATS;
    sb_result game, big;
    if (sb_measure(WORLD_BULLETS, repeats, &game) != 0 || sb_measure(100000, repeats, &big) != 0) {
        fprintf(b->out, "snapshot: out of memory\n");
        return -1;
    }
    static const bench_column cols[] = {
        {"size", "MiB", 2, BENCH_LOWER_BETTER},
        {"take", "ms", 3, BENCH_LOWER_BETTER},
        {"restore", "ms", 3, BENCH_LOWER_BETTER},
        {"take rate", "GB/s", 2, BENCH_HIGHER_BETTER},
    };
    char title[160];
    snprintf(title, sizeof title, "a world's whole state, one core (median of %d)", repeats);
    bench_table t;
    bench_table_begin(&t, b, "world", title, cols, 4, 24);
    sb_row(&t, "16,384 bullets (game)", &game);
    sb_row(&t, "100,000 bullets", &big);
    bench_table_end(&t);
    bench_record(b, "snapshot/world/bytes/game", (double)game.size, "bytes", BENCH_NEUTRAL);
    bench_record(b, "snapshot/world/bytes/100k", (double)big.size, "bytes", BENCH_NEUTRAL);
    bench_note(b, "sizes: %zu bytes at the game's capacity, %zu at 100,000 bullets", game.size,
               big.size);
    return 0;
}
