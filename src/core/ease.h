/*
 * ease: the easing curves of tweens (`move ... over N smooth`, `speed X over N
 * in`, ...), one table for the pattern language, the enemy model and the
 * bullet pool.
 *
 * A curve maps the elapsed fraction u in [0, 1] of a tween to the fraction of
 * the change done. Each uses only +, - and *, which IEEE 754 defines exactly,
 * so a curve gives the same bits on every build and machine (as core/trig.h).
 * LINEAR is first: 0 means "no easing" everywhere an ease is stored.
 */
#ifndef CURTAIN_CORE_EASE_H
#define CURTAIN_CORE_EASE_H

/* id, name (the pattern language's word), f(u). */
#define EASES(X)                                          \
    X(LINEAR, "linear", "u")                              \
    X(SMOOTH, "smooth", "u*u*(3 - 2u): slow, fast, slow") \
    X(IN, "in", "u*u: starts slow")                       \
    X(OUT, "out", "1 - (1-u)*(1-u): ends slow")

typedef enum ease_kind {
#define EASE_ENUM(id, name, curve) EASE_##id,
    EASES(EASE_ENUM)
#undef EASE_ENUM
    EASE_COUNT
} ease_kind;

/* The fraction done at elapsed fraction u (u outside [0, 1] is clamped); an
 * unknown ease reads as LINEAR. */
double ease_curve(ease_kind e, double u);
/* "linear", "smooth", ...; NULL past the last. */
const char *ease_name(ease_kind e);
/* The ease named `name` (n bytes), or -1. */
int ease_lookup(const char *name, unsigned n);

#endif
