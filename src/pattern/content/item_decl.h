/*
 * item_decl: a mod's own item kinds (docs/patterns.md, Items of your own).
 *
 *   item NAME {
 *       look LOOK                       a built-in item's (point, power...), a
 *                                       sprite's (wisp...) or an art shape's
 *       gives GIFT...                   score N | power N | bomb_piece [N]
 *                                       | life_piece [N]
 *       on collect { ... }              runs where it was picked up
 *   }
 *
 * The declarations of every loaded file become one table (library.items): the
 * k-th is the item kind ITEM_KIND_COUNT + k (sim/item.h), which `drop NAME`
 * drops and the game gives when the player picks it up (game/world.c); its
 * `on collect` block is a function of the program (the compiler's,
 * compiler_items), started at the item's place. `drop NAME` names the kind as
 * a VM_REF_ITEM constant, so the content hash of a run that drops it covers
 * its name, what it gives and its `on collect` (game/world.c); not its look,
 * which only draws.
 */
#ifndef CURTAIN_PATTERN_ITEM_DECL_H
#define CURTAIN_PATTERN_ITEM_DECL_H

#include "pattern/content/art.h"
#include "pattern/language/arena.h"
#include "pattern/language/ast.h"
#include "pattern/language/diag.h"

#include <stdint.h>

/* What one item may give at most: points, power (hundredths: 4.00, the most a
 * ship holds) and pieces of either kind (game/player.h says how many make a
 * bomb or a life). */
#define ITEM_DECL_MAX_SCORE  10000000
#define ITEM_DECL_MAX_POWER  400
#define ITEM_DECL_MAX_PIECES 8
#define ITEM_DECL_NO_FUNC    UINT32_MAX /* LIBRARY_NO_FUNC: no `on collect` */

typedef struct item_decl {
    const char *name;
    /* its look as written ("" none: the point item's), and the built-in kind
     * whose look that is, or -1 (a sprite's or an art shape's name) */
    const char *look;
    int look_kind;
    uint32_t score;
    int32_t power; /* hundredths */
    int32_t bomb_pieces, life_pieces;
    uint32_t collect; /* its `on collect` function; ITEM_DECL_NO_FUNC none */
    const char *file; /* where it is declared */
    uint32_t line, col;
} item_decl;

/* The items of every item declaration, in file order, into *out (allocated in
 * mem, room for ITEM_DECLARED_MAX; NULL when there are none). Reports, positioned:
 * a duplicate or a built-in kind's name, one past ITEM_DECLARED_MAX, a look that
 * names nothing (with the nearest name), a gift given twice or out of its
 * range. An item with a bad look or gift is kept (so `drop NAME` does not
 * report it again); the load fails on the error. Returns the number kept. */
struct library_file;
int item_decl_collect(arena *mem, const struct library_file *files, int count,
                      ast_decl *const *decls, const art_shape *art, int art_count, diag_list *diags,
                      item_decl **out);

/* The index of the item called name in the table, or -1. */
int item_decl_find(const item_decl *items, int count, const char *name);

#endif
