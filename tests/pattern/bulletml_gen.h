/*
 * bulletml_gen: random BulletML documents for the differential test
 * (bulletml_diff_test.c): valid for both curtain and libbulletml, and shaped to
 * reach what the corpus does not: commands after a fire's bullet and after a
 * repeat's body (two actionRefs in a repeat), bullets run as commands, children
 * libbulletml never runs (commands before a body, stray children in a bullet, a
 * <times> in a <fire>, a <wait> among params), actionRef recursions with waits
 * between the levels, params, every direction and speed type, ramps, horizontal
 * documents, an encoding expat does not know, documents without an entry point.
 *
 * Every action that a ref names starts with a wait of at least one frame, so no
 * recursion runs without a wait (libbulletml would hang); only entry points fire
 * bullets with scripts, outside repeats, and those fire plain bullets; repeats run
 * at most 3 times: so the bullet count stays small; no number divides by anything
 * but a constant. The documents of a seed are the same on every build (one draw
 * per expression).
 */
#ifndef CURTAIN_TESTS_BULLETML_GEN_H
#define CURTAIN_TESTS_BULLETML_GEN_H

#include <stddef.h>
#include <stdint.h>

/* Writes document number `index` of the stream `seed` into out (NUL-terminated).
 * Returns its length, or 0 when it did not fit (then try a larger buffer). */
size_t bulletml_gen(uint64_t seed, uint32_t index, char *out, size_t size);

#endif
