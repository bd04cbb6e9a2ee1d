/* workers: every part of every pass runs exactly once, whichever thread claims
 * it, and its writes are seen by the caller when workers_run returns, also when
 * the number of parts changes from pass to pass (threads that woke late must
 * not run a part of a pass that is over); parts are clamped to the threads; a
 * NULL or one-thread pool runs on the caller; workers_split covers [0, n) with
 * aligned, disjoint ranges. */
#include "../check.h"
#include "core/workers.h"

#include <pthread.h>

#define PASSES 20000

typedef struct job {
    int parts_seen[WORKERS_MAX];
    uint64_t sum[WORKERS_MAX];
    int calls;
} job;

static void job_part(void *ctx, int part, int parts)
{
    job *j = ctx;
    j->parts_seen[part] = parts;
    j->sum[part] += (uint64_t)part + 1;
}

static void job_count(void *ctx, int part, int parts)
{
    (void)part;
    (void)parts;
    job *j = ctx;
    __atomic_add_fetch(&j->calls, 1, __ATOMIC_RELAXED);
}

static void workers_test_passes(int threads)
{
    workers w;
    CHECK_EQ_INT(workers_init(&w, threads), 0);
    CHECK_EQ_INT(workers_threads(&w), threads);
    job j = {0};
    for (int pass = 0; pass < PASSES; pass++)
        workers_run(&w, job_part, &j, threads);
    for (int p = 0; p < threads; p++) {
        CHECK_EQ_INT(j.parts_seen[p], threads);
        CHECK_EQ_U64(j.sum[p], (uint64_t)PASSES * (uint64_t)(p + 1));
    }
    /* fewer parts than threads: only those run; more: clamped */
    job k = {0};
    workers_run(&w, job_count, &k, 1);
    CHECK_EQ_INT(k.calls, 1);
    workers_run(&w, job_count, &k, threads + 5);
    CHECK_EQ_INT(k.calls, 1 + threads);
    workers_run(&w, job_count, &k, 0);
    CHECK_EQ_INT(k.calls, 2 + threads);
    workers_free(&w);
}

/* Passes of 1..threads parts in turn, each part adding its number into its
 * own slot: a part run twice, or one of a finished pass run late, shows in the
 * sums. */
static void workers_test_changing_parts(int threads)
{
    workers w;
    CHECK_EQ_INT(workers_init(&w, threads), 0);
    job j = {0};
    uint64_t want[WORKERS_MAX] = {0};
    for (int pass = 0; pass < PASSES; pass++) {
        int parts = 1 + pass % threads;
        workers_run(&w, job_part, &j, parts);
        for (int p = 0; p < parts; p++) {
            want[p] += (uint64_t)p + 1;
            CHECK_EQ_INT(j.parts_seen[p], parts);
        }
    }
    for (int p = 0; p < threads; p++)
        CHECK_EQ_U64(j.sum[p], want[p]);
    workers_free(&w);
}

static void workers_test_caller_only(void)
{
    job j = {0};
    workers_run(NULL, job_part, &j, 4);
    CHECK_EQ_INT(j.parts_seen[0], 1);
    CHECK_EQ_U64(j.sum[0], 1);
    CHECK_EQ_INT(workers_threads(NULL), 1);
    workers w;
    CHECK_EQ_INT(workers_init(&w, 0), 0); /* clamped to 1: no thread started */
    CHECK_EQ_INT(workers_threads(&w), 1);
    workers_run(&w, job_part, &j, 3);
    CHECK_EQ_U64(j.sum[0], 2);
    workers_free(&w);
}

static void workers_test_split(void)
{
    static const uint32_t sizes[] = {0, 1, 63, 64, 65, 1000, 4194304, 4194305};
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
        for (int parts = 1; parts <= 5; parts++)
            for (uint32_t align = 1; align <= 64; align *= 64) {
                uint32_t n = sizes[s], at = 0;
                for (int p = 0; p < parts; p++) {
                    uint32_t first, end;
                    workers_split(n, p, parts, align, &first, &end);
                    CHECK_EQ_INT(first, at);
                    CHECK(end >= first);
                    CHECK(first % align == 0 || first == n);
                    at = end;
                }
                CHECK_EQ_INT(at, n);
            }
    /* an even share each */
    uint32_t first, end;
    workers_split(1280, 1, 2, 64, &first, &end);
    CHECK_EQ_INT(first, 640);
    CHECK_EQ_INT(end, 1280);
}

int main(void)
{
    workers_test_passes(2);
    workers_test_passes(4);
    workers_test_changing_parts(2);
    workers_test_changing_parts(3);
    workers_test_changing_parts(8);
    workers_test_caller_only();
    workers_test_split();
    return check_done("core.workers");
}
