/*
 * powers: deterministic exp, log and pow for logic code (the pattern
 * language's `exp`, `log` and `pow`).
 *
 * As core/trig.h: libm's results may differ between library versions and the
 * compiler may fold a constant call with a differently rounded value, so these
 * use only +, -, *, / and exact bit operations on the exponent, which IEEE 754
 * defines exactly, and give the same bits on every build and machine (the
 * project builds with -ffp-contract=off). exp and log are fdlibm's algorithms
 * (within 1 ulp); pow is exact repeated squaring for a whole exponent of at
 * most POWERS_POW_SQUARING and exp(y * log x) otherwise (a relative error of
 * about |y log x| ulp). Rendering and tools may use libm freely.
 *
 * Where a result has no real value these give C's (NaN, an infinity); the
 * pattern language defines its own (pattern/vm/vm.h, vm_math_eval).
 */
#ifndef CURTAIN_CORE_POWERS_H
#define CURTAIN_CORE_POWERS_H

/* The largest |y| that powers_pow takes by repeated squaring. */
#define POWERS_POW_SQUARING 1024.0

/* e to the x: +inf above about 709.78, 0 below about -745.13; NaN for NaN. */
double powers_exp(double x);
/* The natural logarithm: -inf for 0, NaN for a negative number or NaN. */
double powers_log(double x);
/* x to the y: 1 for y == 0; NaN for a negative x and a fractional y; 0 to a
 * negative power is +inf. */
double powers_pow(double x, double y);

#endif
