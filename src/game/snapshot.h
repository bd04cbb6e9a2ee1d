/*
 * snapshot: the whole deterministic state of a world, copied to memory and back.
 *
 * A world's state lives in fixed-capacity blocks allocated at world_init (its
 * struct, both bullet pools' arrays, the lasers, the enemy table, the items,
 * both VMs: world_blocks). A snapshot is a buffer of their summed size,
 * allocated once by snapshot_init; nothing is allocated per take or restore.
 * Restored, the world is the one it was when taken, bit for bit, so the same
 * inputs from there give the same world_hash at every later frame as straight
 * playback did (tests/game/snapshot_test.c).
 *
 * WHAT IS COPIED: the live part of each block only (core/memblock.h). A pool's
 * slot arrays and a VM's runner arrays are live up to the high-water mark of
 * the slots ever taken (MEMBLOCK_PEAK: past it, every byte is as init left it);
 * a list read only up to its length (the draw order, the despawn log, the due
 * list) is live up to that length (MEMBLOCK_USED). The buffer mirrors the
 * blocks, and its bytes past each PEAK block's mark always hold the block's
 * untouched tail (snapshot_init copies the world whole once; each take copies
 * up to the larger of the world's mark and the buffer's, then keeps the
 * world's). A restore copies each PEAK block up to the larger of the
 * snapshot's mark and the world's: what a later frame wrote past the
 * snapshot's mark gets the untouched bytes back, so the world is the byte copy
 * a whole-block restore would give, in every byte a later frame can read.
 * A laser pool's rings are live up to the slots ever taken too (laser_pool.h).
 * Cost: a frame's live state (on Lunatic stage 3 about 0.9 MB, most of it the
 * blocks still listed whole) instead of the fixed room (22.6 MB at the game's
 * capacity): `curtain bench snapshot`.
 *
 * A snapshot belongs to the world it was made for: the blocks hold that world's
 * pointers (into its own arrays, its content, its VMs' host), so it restores
 * into that world only, as long as its blocks are where they were (not after a
 * world_free and world_init of the same struct), and is never written to a file. What is not state
 * stays as the world has it: its worker threads and whether scripts print.
 */
#ifndef CURTAIN_GAME_SNAPSHOT_H
#define CURTAIN_GAME_SNAPSHOT_H

#include "game/world.h"

#include <stddef.h>
#include <stdint.h>

typedef struct snapshot {
    const world *owner;  /* the world it was made for */
    uint64_t layout;     /* where that world's blocks were, and their sizes */
    unsigned char *data; /* the blocks, one after another */
    size_t size;         /* bytes of data */
    int taken;           /* data holds a state */
    uint64_t frame;      /* the world's frame when taken */
    int blocks;          /* the world's blocks (world_blocks) */
    /* per block: its live bytes when taken (the whole block for MEMBLOCK_WHOLE) */
    size_t mark[MEMBLOCK_MAX];
    /* per MEMBLOCK_PEAK block: data past this holds the block's untouched tail */
    size_t clean[MEMBLOCK_MAX];
    size_t live;                      /* bytes the last take copied (the marks summed) */
    size_t room[MEMBLOCK_MAX];        /* per block: its size */
    unsigned char kind[MEMBLOCK_MAX]; /* per block: its memblock_kind */
} snapshot;

/* Allocates room for w's state and copies w into it whole, once (the tails
 * later takes rely on). Returns 0, or -1 out of memory (the snapshot is then
 * empty; snapshot_free is safe). */
int snapshot_init(snapshot *s, const world *w);
void snapshot_free(snapshot *s);
/* Bytes a snapshot of w takes. */
size_t snapshot_size(const world *w);
/* Copies w's live state into s. Returns 0, or -1 when s was made for another
 * world (or for w before it was made again). */
int snapshot_take(snapshot *s, const world *w);
/* Puts w back in the state s holds. Returns 0, or -1 when s holds nothing or
 * was made for another world (or for w before it was made again). */
int snapshot_restore(const snapshot *s, world *w);

/* Keyframes (the replay player's): a world's state kept as its difference from
 * a base snapshot of the same world (taken at its start): the runs of
 * SNAPSHOT_CHUNK-byte chunks that differ, each an offset into the snapshot, a
 * length and the bytes. What no frame has touched since the base, most of the
 * fixed room of pools and VMs, costs nothing. */
#define SNAPSHOT_CHUNK 64

/* Writes w's difference from base into out (at most cap bytes). Returns the
 * bytes written, or 0 when it does not fit or base is not w's. Allocates
 * nothing. Compares the live parts only (past both marks, base and w hold the
 * same untouched bytes), so its cost follows the state, not the capacity. */
size_t snapshot_delta_take(const snapshot *base, const world *w, unsigned char *out, size_t cap);
/* Puts w in the state a delta of base holds: base's bytes, then the delta's
 * runs. Returns 0, or -1 when base is not w's or the delta is damaged. */
int snapshot_delta_restore(const snapshot *base, const unsigned char *delta, size_t size, world *w);
/* The same for a snapshot of the same world (a savestate the replay player's
 * keyframes keep): s's difference from base into out, its bytes in *size
 * (0: the same as base); returns 0, or -1 when it does not fit in cap or s
 * holds nothing or is not of base's world. And back into s (taken, its marks
 * where the runs end; its frame is the caller's to set): returns 0, or -1 when
 * base is not of s's world or the delta is damaged (s then holds nothing). */
int snapshot_delta_take_of(const snapshot *base, const snapshot *s, unsigned char *out, size_t cap,
                           size_t *size);
int snapshot_delta_restore_to(const snapshot *base, const unsigned char *delta, size_t size,
                              snapshot *s);

#endif
