/*
 * bulletml_compile: a checked BulletML document (bulletml.h) to pattern VM code.
 *
 * Every entry point (top* action) becomes a function the host starts as one
 * runner of the emitter, in document order. Every definition a ref names becomes
 * a function with the params it reads ($1..$n; missing ones are passed as 1, as
 * libbulletml reads them), and every bullet with actions a script function that
 * runs them one after another (actions first, then actionRefs, each next one from
 * the next frame: YIELD). Inline actions, repeats (LOOP with at-least-once), waits,
 * ramps and fires map one to one onto VM instructions; docs/bulletml.md has the
 * table. The code evaluates every number exactly when and in the order
 * libbulletml does, so $rand draws match.
 *
 * The compatibility switch: Debian's libbulletml (the default) records a
 * non-sequence changeDirection's target as the previous direction that later
 * sequence fires add to; upstream 0.0.6 (and the copy noiz2sa builds) does not.
 */
#ifndef CURTAIN_PATTERN_BULLETML_COMPILE_H
#define CURTAIN_PATTERN_BULLETML_COMPILE_H

#include "pattern/bulletml/bulletml.h"
#include "pattern/vm/program.h"

/*                    id        name        changeDirection records prevDir */
#define BULLETML_DIALECTS(X) \
    X(DEBIAN, "debian", 1)   \
    X(UPSTREAM, "upstream", 0)

typedef enum bulletml_dialect {
#define BULLETML_DIALECT_ENUM(id, name, records) BULLETML_DIALECT_##id,
    BULLETML_DIALECTS(BULLETML_DIALECT_ENUM)
#undef BULLETML_DIALECT_ENUM
    BULLETML_DIALECT_COUNT
} bulletml_dialect;

/* "debian" or "upstream"; NULL for an unknown dialect. */
const char *bulletml_dialect_name(bulletml_dialect d);
/* The dialect called name, or -1. */
int bulletml_dialect_find(const char *name);

/* Adds doc's functions to the builder b and writes the function of each entry
 * point, in document order, into tops (room for doc->top_count). Returns 0, or -1
 * with a reason in err (refs nested deeper than the VM's call depth). An
 * allocation failure shows as b->failed (program_finish reports it). */
int bulletml_compile(const bulletml_doc *doc, bulletml_dialect dialect, program_builder *b,
                     uint32_t *tops, char *err, size_t err_size);

/* A look for the bullets labelled `label` (NULL: every bullet no other look
 * names): a vm_shot.look (pattern/content/library.h's library_look). */
typedef struct bulletml_look {
    const char *label;
    uint32_t look;
} bulletml_look;

/* bulletml_compile, each bullet fired with the look its label has in looks
 * (SHOT_LOOK before its FIRE); with no looks, the very same code. */
int bulletml_compile_looks(const bulletml_doc *doc, bulletml_dialect dialect, program_builder *b,
                           uint32_t *tops, const bulletml_look *looks, int nlooks, char *err,
                           size_t err_size);

/* A BulletML file loaded and compiled into a program of its own. */
typedef struct bulletml_pattern {
    vm_program *program;
    uint32_t *tops; /* entry functions, document order */
    int top_count;
    int horizontal;
    int call_depth; /* deepest chain of calls one script can make */
} bulletml_pattern;

/* Loads, checks and compiles path. Returns 0, or -1 with the reasons in diags. */
int bulletml_pattern_load(bulletml_pattern *pattern, const char *path, bulletml_dialect dialect,
                          bulletml_diags *diags);
void bulletml_pattern_unload(bulletml_pattern *pattern);

/* VM value slots a runner of the pattern needs at most: its largest function
 * frame at every call level (vm_config.stack_slots). */
uint32_t bulletml_pattern_stack_slots(const bulletml_pattern *pattern);

#endif
