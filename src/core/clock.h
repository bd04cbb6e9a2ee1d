/*
 * clock: a monotonic nanosecond clock for benchmarks and the headless loop,
 * which must not depend on SDL.
 */
#ifndef CURTAIN_CORE_CLOCK_H
#define CURTAIN_CORE_CLOCK_H

#include <stdint.h>

/* Monotonic wall-clock time in ns, from an arbitrary start. */
uint64_t clock_now_ns(void);
/* CPU time this thread has used, in ns: unlike clock_now_ns it does not run
 * while the thread waits for a core, so on a shared machine it tells work from
 * preemption (`curtain bench` reports both). */
uint64_t clock_thread_ns(void);

#endif
