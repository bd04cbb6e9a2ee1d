/*
 * workers: a small fixed pool of threads that split one pass of a frame.
 *
 * A frame has a few passes over every bullet (motion, the player's collision
 * sweep, building vertices) whose work splits into independent parts: block
 * ranges of the pool, ranges of the sweep, ranges of the draw order. workers_run
 * publishes the pass and every thread, the caller among them, claims the next
 * unclaimed part until none is left; it returns when every part is done. So a
 * pool thread that is slow to wake (more runnable threads than cores: a busy
 * machine) costs nothing: the caller runs its part instead of waiting for it.
 * The threads are started once by workers_init and live until workers_free:
 * nothing is allocated or started per frame.
 *
 * Determinism is the caller's: a part must depend only on (part, parts) and the
 * input, never on which thread runs it or when, and parts must not write the
 * same memory. Then the result is the same for any thread count, which is what
 * the simulation's state hash needs (the tests check it for each pass).
 *
 * Waiting. A thread that finds no work spins on an atomic counter for about 50
 * microseconds (a frame's passes follow one another closely), then sleeps on a
 * condition variable; so does the caller waiting for the parts. After the
 * first 2 microseconds the spin yields the core at every turn: on a busy
 * machine the thread waited for may be queued on the same core, and a spin
 * that kept the core would hold it off for the whole 50 (measured: 60 us a
 * pass on the shared 2-core machine, 2 us with the yield). A NULL pool or a
 * pool of one thread runs everything on the caller.
 */
#ifndef CURTAIN_CORE_WORKERS_H
#define CURTAIN_CORE_WORKERS_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

#define WORKERS_MAX 16

/* One part of a pass: part in [0, parts). */
typedef void (*workers_fn)(void *ctx, int part, int parts);

typedef struct workers workers;

/* One pool thread's view: its index among the pool's threads (1..). */
typedef struct workers_thread {
    workers *pool;
    int index;
} workers_thread;

/* The pool. Lives where the caller put it (the threads point at it): do not
 * move or copy it between init and free. */
struct workers {
    int threads; /* the caller and the pool's threads together */
    int started; /* pool threads running */
    pthread_t thread[WORKERS_MAX];
    workers_thread self[WORKERS_MAX];
    pthread_mutex_t lock;
    pthread_cond_t wake, finished;
    /* The pass being run: written before `ticket` is published. */
    workers_fn fn;
    void *ctx;
    /* The pass's number (low 32 bits of its generation), its parts and the next
     * part to claim, packed so that one compare-and-swap claims a part of this
     * pass and of no other: see workers.c. */
    _Atomic uint64_t ticket;
    _Atomic int done;            /* parts of the pass finished */
    _Atomic uint64_t generation; /* bumped for every pass and for the stop */
    _Atomic int stop;
};

/* Starts a pool of `threads` threads in all, the caller included (1 ..
 * WORKERS_MAX; 1 starts none). Returns 0, or -1 when a thread could not be
 * started (w then runs everything on the caller; workers_free is still safe). */
int workers_init(workers *w, int threads);
void workers_free(workers *w);

/* Threads a pass may use: 1 for NULL. */
int workers_threads(const workers *w);

/* Runs fn(ctx, part, parts) for every part in [0, parts) and returns when all
 * are done, each part once, on whichever thread claims it first (the caller
 * among them). parts is clamped to [1, workers_threads(w)]. Not
 * reentrant: one pass at a time, from one thread. */
void workers_run(workers *w, workers_fn fn, void *ctx, int parts);

/* [first, end) of part `part` when n items are split in `parts` parts whose
 * bounds are multiples of `align` (the last part takes the remainder). */
void workers_split(uint32_t n, int part, int parts, uint32_t align, uint32_t *first, uint32_t *end);

#endif
