/*
 * lsp_bench: the `lsp` scenario. The language server (src/lsp/) answers an
 * editor working on the game's largest pattern file: the diagnostics of the
 * whole patterns/ folder after an open, a hover, a completion, a definition,
 * the references of a pattern and the outline, each timed from the request to
 * the answer, against the baseline of compiling the same folder as `curtain
 * lint` does. Target: every answer within 50 ms.
 */
#ifndef CURTAIN_BENCH_LSP_BENCH_H
#define CURTAIN_BENCH_LSP_BENCH_H

#include "bench/bench.h"

/* The scenario `lsp`. Returns 0, or -1 when it could not run. */
int lsp_bench_run(bench *b);

#endif
