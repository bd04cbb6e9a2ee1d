/*
 * workers: the fixed thread pool. See workers.h.
 *
 * A pass is published by storing fn and ctx, resetting `done`, storing the
 * pass's `ticket` (its number, its parts, next part 0) and then bumping
 * `generation` (release). A thread that sees a new generation (acquire) claims
 * parts by compare-and-swap on the ticket: a claim succeeds only while the
 * ticket still names the pass the thread saw and has parts left, and it reads
 * fn and ctx only after it succeeds. The pass cannot end while a claimed part
 * runs (`done` counts finished parts, and the caller returns only when all
 * are), so those reads are the pass's own; a thread that woke late finds the
 * ticket of a later pass, or none left, and waits again. Each part counts
 * `done` up (release) and the caller reads it (acquire) until it is `parts`,
 * so every write of every part is visible to the caller when workers_run
 * returns. The mutex only guards the sleeps: a thread about to sleep re-checks
 * what it waits for under it, and whoever changes that broadcasts under it.
 */
#include "core/workers.h"

#include "core/clock.h"

#include <sched.h>
#include <string.h>

/* How long a waiting thread spins before it sleeps, and how long of that it
 * spins without giving its core away. */
#define WORKERS_SPIN_NS  50000u
#define WORKERS_PAUSE_NS 2000u

static inline void workers_pause(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
}

/* One step of a wait that started at `since`: a pause while the wait is young,
 * then sched_yield, so that a thread waiting on a core it shares with the one
 * it waits for (more runnable threads than cores: a busy machine) lets that
 * one run instead of burning the core until it gives up. Returns 0 once the
 * spin time is over: then sleep. */
static int workers_spin_step(uint64_t since, uint32_t i)
{
    if (i < 64) {
        workers_pause();
        return 1;
    }
    uint64_t waited = clock_now_ns() - since;
    if (waited < WORKERS_PAUSE_NS) {
        for (int k = 0; k < 16; k++)
            workers_pause();
        return 1;
    }
    sched_yield();
    return waited < WORKERS_SPIN_NS;
}

/* Spins until *v differs from `was` or the spin time is over; returns the value
 * last seen. */
static uint64_t workers_spin_u64(_Atomic uint64_t *v, uint64_t was)
{
    uint64_t now = atomic_load_explicit(v, memory_order_acquire);
    uint64_t since = clock_now_ns();
    for (uint32_t i = 0; now == was && workers_spin_step(since, i); i++)
        now = atomic_load_explicit(v, memory_order_acquire);
    return now;
}

/* Waits for the next pass (or the stop); returns its generation. */
static uint64_t workers_wait(workers *w, uint64_t seen)
{
    uint64_t g = workers_spin_u64(&w->generation, seen);
    if (g != seen)
        return g;
    pthread_mutex_lock(&w->lock);
    while ((g = atomic_load_explicit(&w->generation, memory_order_acquire)) == seen)
        pthread_cond_wait(&w->wake, &w->lock);
    pthread_mutex_unlock(&w->lock);
    return g;
}

/* The ticket: the pass's number in the high 32 bits, its parts in the next 16,
 * the next part to claim in the low 16. */
static uint64_t workers_ticket(uint32_t pass, int parts)
{
    return (uint64_t)pass << 32 | (uint64_t)(uint32_t)parts << 16;
}

/* Claims and runs parts of pass `pass` until none is left or a later pass has
 * replaced it. */
static void workers_claim(workers *w, uint32_t pass)
{
    uint64_t t = atomic_load_explicit(&w->ticket, memory_order_acquire);
    for (;;) {
        int parts = (int)(t >> 16 & 0xffff), part = (int)(t & 0xffff);
        if ((uint32_t)(t >> 32) != pass || part >= parts)
            return;
        if (!atomic_compare_exchange_weak_explicit(&w->ticket, &t, t + 1, memory_order_acq_rel,
                                                   memory_order_acquire))
            continue; /* t now holds the ticket as it is */
        w->fn(w->ctx, part, parts);
        if (atomic_fetch_add_explicit(&w->done, 1, memory_order_acq_rel) + 1 == parts) {
            pthread_mutex_lock(&w->lock);
            pthread_cond_broadcast(&w->finished);
            pthread_mutex_unlock(&w->lock);
        }
        t = atomic_load_explicit(&w->ticket, memory_order_acquire);
    }
}

static void *workers_main(void *arg)
{
    workers_thread *self = arg;
    workers *w = self->pool;
    uint64_t seen = 0;
    for (;;) {
        seen = workers_wait(w, seen);
        if (atomic_load_explicit(&w->stop, memory_order_acquire))
            return NULL;
        workers_claim(w, (uint32_t)seen);
    }
}

int workers_init(workers *w, int threads)
{
    memset(w, 0, sizeof *w);
    w->threads = 1;
    if (pthread_mutex_init(&w->lock, NULL) != 0)
        return -1;
    pthread_cond_init(&w->wake, NULL);
    pthread_cond_init(&w->finished, NULL);
    threads = threads < 1 ? 1 : threads > WORKERS_MAX ? WORKERS_MAX : threads;
    for (int i = 1; i < threads; i++) {
        w->self[i] = (workers_thread){w, i};
        if (pthread_create(&w->thread[i], NULL, workers_main, &w->self[i]) != 0)
            break;
        w->started++;
    }
    w->threads = 1 + w->started;
    return w->threads == threads ? 0 : -1;
}

void workers_free(workers *w)
{
    if (w->started) {
        pthread_mutex_lock(&w->lock);
        atomic_store_explicit(&w->stop, 1, memory_order_release);
        atomic_fetch_add_explicit(&w->generation, 1, memory_order_release);
        pthread_cond_broadcast(&w->wake);
        pthread_mutex_unlock(&w->lock);
        for (int i = 1; i <= w->started; i++)
            pthread_join(w->thread[i], NULL);
    }
    pthread_cond_destroy(&w->wake);
    pthread_cond_destroy(&w->finished);
    pthread_mutex_destroy(&w->lock);
    w->started = 0;
    w->threads = 1;
}

int workers_threads(const workers *w)
{
    return w ? w->threads : 1;
}

void workers_run(workers *w, workers_fn fn, void *ctx, int parts)
{
    int threads = workers_threads(w);
    parts = parts < 1 ? 1 : parts > threads ? threads : parts;
    if (parts == 1) {
        fn(ctx, 0, 1);
        return;
    }
    w->fn = fn;
    w->ctx = ctx;
    atomic_store_explicit(&w->done, 0, memory_order_relaxed);
    uint64_t g = atomic_load_explicit(&w->generation, memory_order_relaxed) + 1;
    atomic_store_explicit(&w->ticket, workers_ticket((uint32_t)g, parts), memory_order_release);
    pthread_mutex_lock(&w->lock);
    atomic_store_explicit(&w->generation, g, memory_order_release);
    pthread_cond_broadcast(&w->wake);
    pthread_mutex_unlock(&w->lock);

    workers_claim(w, (uint32_t)g);

    uint64_t since = clock_now_ns();
    for (uint32_t i = 0; atomic_load_explicit(&w->done, memory_order_acquire) != parts &&
                         workers_spin_step(since, i);
         i++)
        ;
    if (atomic_load_explicit(&w->done, memory_order_acquire) == parts)
        return;
    pthread_mutex_lock(&w->lock);
    while (atomic_load_explicit(&w->done, memory_order_acquire) != parts)
        pthread_cond_wait(&w->finished, &w->lock);
    pthread_mutex_unlock(&w->lock);
}

void workers_split(uint32_t n, int part, int parts, uint32_t align, uint32_t *first, uint32_t *end)
{
    if (parts < 1)
        parts = 1;
    if (align < 1)
        align = 1;
    uint64_t units = ((uint64_t)n + align - 1) / align;
    uint64_t a = units * (uint64_t)part / (uint64_t)parts * align;
    uint64_t b = part + 1 >= parts ? n : units * (uint64_t)(part + 1) / (uint64_t)parts * align;
    *first = (uint32_t)(a < n ? a : n);
    *end = (uint32_t)(b < n ? b : n);
}
