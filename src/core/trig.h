/*
 * trig: deterministic sine, cosine and arctangent for logic code.
 *
 * libm's results may differ between library versions, and the compiler may fold a
 * call on a constant with a differently rounded value, so logic code that feeds
 * the state hash uses these instead: they use only +, -, *, / and sqrt, which
 * IEEE 754 defines exactly, and give the same bits on every build and machine.
 * Accuracy is within a few ulp of the true value (checked against libm in tests).
 * Rendering and tools may use libm freely.
 */
#ifndef CURTAIN_CORE_TRIG_H
#define CURTAIN_CORE_TRIG_H

#include <stddef.h>

#define TRIG_PI      3.14159265358979323846
#define TRIG_DEG2RAD (TRIG_PI / 180.0)
#define TRIG_RAD2DEG (180.0 / TRIG_PI)

/* Sine and cosine of x radians (NaN for an infinity or NaN). */
void trig_sincos(double x, double *s, double *c);
/* trig_sincos of x[0 .. n): the same bits, four at a time with AVX2 where the
 * CPU has it (picked at run time), else two at a time with SSE2 (the same
 * operations in the same order on each lane, no fused multiply-add). */
void trig_sincos_n(const double *x, double *s, double *c, size_t n);
/* trig_sincos_n with at most `lanes` lanes (1, 2 or 4; fewer where the CPU
 * or the build has fewer): for tests of every path. */
void trig_sincos_n_lanes(const double *x, double *s, double *c, size_t n, int lanes);
/* The most lanes trig_sincos_n uses here: 4, 2 or 1. */
int trig_sincos_lanes_max(void);
double trig_sin(double x);
double trig_cos(double x);
/* atan2 with the usual C conventions: result in [-pi, pi]. */
double trig_atan2(double y, double x);
/* The one aim formula: the heading, in degrees, from (x, y) to (tx, ty), 0 up
 * and clockwise (screen y grows down), in [-180, 180]: atan2(tx - x, -(ty - y))
 * in degrees. Every host's `aim` is this, in this order of operations. */
double trig_aim(double x, double y, double tx, double ty);

#endif
