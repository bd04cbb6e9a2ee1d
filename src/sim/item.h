/*
 * item: the pick-ups on the field: power, point, bomb, life, and the small stars
 * that cancelled bullets turn into.
 *
 * Items are dense arrays (a removed item takes the last one's place), allocated
 * once; a spawn that finds them full is refused and counted. An item pops up,
 * then falls; once it is *drawn in* (the player above the auto-collect line, a
 * bomb, a boss beaten, or a cancel star after a moment) it flies to the player
 * wherever it is. The player picks up what comes within reach; what falls off
 * the bottom is lost. Where no ship flies (the viewer's sandbox), items only
 * pop up and fall (item_fall). Scripts drop items (`drop`) by one rule in every
 * host, bounded a frame and by the room left (item_script_drop).
 */
#ifndef CURTAIN_SIM_ITEM_H
#define CURTAIN_SIM_ITEM_H

#include "core/hash.h"
#include "core/memblock.h"
#include "core/rng.h"

#include <stdint.h>

/* The kinds (id, name): the one table, which the pattern language's
 * `drop KIND` names them by too (pattern/vm/vm.h's VM_ITEMS is this table). */
#define ITEM_KINDS(X)         \
    X(POWER, "power")         \
    X(POWER_BIG, "power_big") \
    X(POINT, "point")         \
    X(BOMB, "bomb")           \
    X(LIFE, "life")           \
    X(STAR, "star")

typedef enum item_kind {
#define ITEM_KIND_ENUM(id, name) ITEM_##id,
    ITEM_KINDS(ITEM_KIND_ENUM)
#undef ITEM_KIND_ENUM
    ITEM_KIND_COUNT
} item_kind;

/* A mod's own kinds (`item NAME { ... }`, pattern/content/item_decl.h) take the
 * ids from ITEM_KIND_COUNT on, at most ITEM_DECLARED_MAX of them: a kind is a
 * byte of the list (item_list.kind). They fall, fly in and are picked up as
 * the built-in kinds do; what they give is their declaration's. */
#define ITEM_DECLARED_MAX 64
#define ITEM_KIND_LIMIT   (ITEM_KIND_COUNT + ITEM_DECLARED_MAX)
_Static_assert(ITEM_KIND_LIMIT <= 256, "an item's kind is a byte");

/* Falling items reach this speed (px per frame); drawn-in items fly at
 * ITEM_DRAW_SPEED. */
#define ITEM_FALL_SPEED  1.8f
#define ITEM_GRAVITY     0.06f
#define ITEM_DRAW_SPEED  8.0f
/* The player picks up items this close (px), drawn-in ones a bit closer. */
#define ITEM_REACH       20.0f
#define ITEM_DRAWN_REACH 12.0f
/* Cancel stars start flying to the player after this many frames. */
#define ITEM_STAR_DELAY  24

/* What scripts may drop (`drop`, item_script_drop): this many items a frame,
 * all scripts together, and none while a list of cap items holds
 * ITEM_SCRIPT_ROOM(cap) (a quarter of it stays for the host's own drops and
 * cancel stars). */
#define ITEM_SCRIPT_PER_FRAME 32
#define ITEM_SCRIPT_ROOM(cap) ((cap) / 4 * 3)

typedef struct item_list {
    float *x, *y, *vx, *vy;
    uint8_t *kind;
    uint8_t *drawn; /* flying to the player */
    uint16_t *age;  /* frames since it appeared (capped) */
    uint32_t count, cap;
    uint64_t refused;
} item_list;

/* What scripts dropped in one frame (item_script_drop's bound): each host
 * keeps one, frame -1 at first. */
typedef struct item_script_count {
    int64_t frame;
    uint32_t dropped;
} item_script_count;

/* What the player picked up this frame. */
typedef struct item_pickup {
    uint8_t kind;
    uint8_t drawn; /* it flew in (full value wherever the player is) */
    float x, y;
} item_pickup;

/* Allocates room for cap items. Returns 0, or -1 out of memory (l is then empty). */
int item_list_init(item_list *l, uint32_t cap);
void item_list_free(item_list *l);

/* An item at (x, y) popping up with a little sideways scatter (one draw of r).
 * Stars (drawn = 1 after ITEM_STAR_DELAY) do not scatter. Returns 0, or -1 when
 * full (counted). */
int item_spawn(item_list *l, item_kind kind, float x, float y, rng *r);
/* item_spawn with the scatter given (0 to 1: 0.5 straight up) instead of
 * drawn: what scripts drop, so that a drop never moves the run's random
 * numbers (the game and the viewer, whose items are only what scripts drop,
 * read the same `rand`s). */
int item_place(item_list *l, item_kind kind, float x, float y, float scatter);
/* n items of a kind a script drops around (x, y) in frame `frame`, as every
 * host drops them (the game's world, the viewer's sandbox): rows of five, each
 * centred on x and 8 px above the one before, scattered by the place in the
 * row (item_place: no random number drawn); at most ITEM_SCRIPT_PER_FRAME a
 * frame by *count, none while the list holds ITEM_SCRIPT_ROOM of its
 * capacity; the rest refused and counted (l->refused). Returns those placed. */
int item_script_drop(item_list *l, item_script_count *count, int64_t frame, item_kind kind, int n,
                     float x, float y);
/* Every item flies to the player from now on. */
void item_draw_all(item_list *l);

/* One frame: items move (drawn-in ones toward (px, py)); with can_collect, those
 * within reach of (px, py) are picked up into out (at most out_cap; the rest wait
 * for the next frame); items that fell off the bottom go. Returns the pickups. */
int item_step(item_list *l, float px, float py, int can_collect, item_pickup *out, int out_cap);

/* One frame where no ship flies (the viewer's sandbox): items pop up and fall
 * as item_step moves them, but none is drawn in (a star neither) and none is
 * picked up; those that fell off the bottom go. */
void item_fall(item_list *l);

const char *item_kind_name(item_kind k);
void item_list_hash(const item_list *l, hasher *hs);
/* Lists the memory of the list's state for a snapshot: its arrays, whole;
 * the struct is its owner's to list (game/snapshot.h). */
void item_list_blocks(item_list *l, memblock_list *out);

#endif
