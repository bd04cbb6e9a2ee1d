/*
 * check: the few assertions curtain's C tests use.
 *
 * A failed check prints file:line and the expression and counts the failure; the
 * test goes on, so one run shows every failure. check_done() returns the exit
 * status for main: 0 when every check held.
 */
#ifndef CURTAIN_TESTS_CHECK_H
#define CURTAIN_TESTS_CHECK_H

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

static int check_failures;
static int check_count;

#define CHECK(cond)                                                                  \
    do {                                                                             \
        check_count++;                                                               \
        if (!(cond)) {                                                               \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
            check_failures++;                                                        \
        }                                                                            \
    } while (0)

#define CHECK_EQ_INT(a, b)                                                                        \
    do {                                                                                          \
        long long check_a_ = (long long)(a), check_b_ = (long long)(b);                           \
        check_count++;                                                                            \
        if (check_a_ != check_b_) {                                                               \
            fprintf(stderr, "%s:%d: check failed: %s == %s (%lld != %lld)\n", __FILE__, __LINE__, \
                    #a, #b, check_a_, check_b_);                                                  \
            check_failures++;                                                                     \
        }                                                                                         \
    } while (0)

#define CHECK_EQ_U64(a, b)                                                                      \
    do {                                                                                        \
        uint64_t check_a_ = (uint64_t)(a), check_b_ = (uint64_t)(b);                            \
        check_count++;                                                                          \
        if (check_a_ != check_b_) {                                                             \
            fprintf(stderr, "%s:%d: check failed: %s == %s (0x%" PRIx64 " != 0x%" PRIx64 ")\n", \
                    __FILE__, __LINE__, #a, #b, check_a_, check_b_);                            \
            check_failures++;                                                                   \
        }                                                                                       \
    } while (0)

#define CHECK_NEAR(a, b, tol)                                                                      \
    do {                                                                                           \
        double check_a_ = (double)(a), check_b_ = (double)(b);                                     \
        check_count++;                                                                             \
        if (!(fabs(check_a_ - check_b_) <= (tol))) {                                               \
            fprintf(stderr, "%s:%d: check failed: %s ~ %s (%.17g vs %.17g)\n", __FILE__, __LINE__, \
                    #a, #b, check_a_, check_b_);                                                   \
            check_failures++;                                                                      \
        }                                                                                          \
    } while (0)

#define CHECK_STR_CONTAINS(haystack, needle)                                                     \
    do {                                                                                         \
        const char *check_h_ = (haystack), *check_n_ = (needle);                                 \
        check_count++;                                                                           \
        if (!check_h_ || !strstr(check_h_, check_n_)) {                                          \
            fprintf(stderr, "%s:%d: check failed: \"%s\" contains \"%s\"\n", __FILE__, __LINE__, \
                    check_h_ ? check_h_ : "(null)", check_n_);                                   \
            check_failures++;                                                                    \
        }                                                                                        \
    } while (0)

/* 1 in a build with AddressSanitizer (CI's sanitizer stage builds with it and
 * UBSan together), else 0. The tests whose work is content balance over many
 * whole runs (game.ships.*, game.clear, game.stage) play a smaller set there:
 * the sanitizers look for memory errors and undefined behaviour, which one run
 * through each stage's code shows as well as twelve, at five times the cost.
 * The Release stage plays every run (CI's clang stage leaves these tests out:
 * ctest label `balance`); check_sanitized_note() says in the test's output what
 * was left out. */
#if defined(__SANITIZE_ADDRESS__)
#define CHECK_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CHECK_SANITIZED 1
#endif
#endif
#ifndef CHECK_SANITIZED
#define CHECK_SANITIZED 0
#endif

static inline int check_sanitized(void)
{
    return CHECK_SANITIZED;
}

/* Prints what a sanitizer build leaves out (nothing in other builds). */
static inline void check_sanitized_note(const char *what)
{
    if (check_sanitized())
        printf("sanitizer build: %s (every run plays in the Release build)\n", what);
}

static inline int check_done(const char *name)
{
    if (check_failures)
        fprintf(stderr, "%s: %d of %d checks failed\n", name, check_failures, check_count);
    else
        printf("%s: all %d checks passed\n", name, check_count);
    return check_failures ? 1 : 0;
}

#endif
