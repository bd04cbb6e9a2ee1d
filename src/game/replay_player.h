/*
 * replay_player: watching a replay with seeking: jump to any frame, step back,
 * rewind (the Replays menu's player and `curtain replay FILE`).
 *
 * A replay is inputs, so a frame is reached by simulating up to it; keyframes
 * make that short. At the start the player takes a full snapshot of the world
 * (the base); then every `interval` frames of play it keeps a keyframe: the
 * state's difference from the base (snapshot_delta_take: what no frame has
 * touched, most of the pools' and VMs' fixed room, is not kept). Keyframes go
 * into a ring, one arena allocated at init (REPLAY_PLAYER_ARENA bytes): when a
 * new one does not fit, the oldest ones give way. Seeking to frame F restores
 * the newest keyframe at or before F (or the base) and simulates the rest, at
 * most `interval` frames when the keyframe is there. Nothing is allocated
 * after init: playing, keyframing and seeking only copy.
 *
 * interval = max(REPLAY_PLAYER_INTERVAL, frames / REPLAY_PLAYER_KEYS): 5 s,
 * longer for replays of more than REPLAY_PLAYER_KEYS x 5 s (a 30-minute replay:
 * every 14 s).
 *
 * A replay with savestate events: a state saved in the run is part of what
 * follows, so a keyframe holds the savestate the run holds then too (its
 * difference from the base), and keyframes cover the whole replay whatever
 * its events (they stopped at the first one: a practice that saved at frame 1
 * had none).
 *
 * Watching, nothing is prepared before the first frame: keyframes are laid as
 * the play head passes, and a seek past what has been played goes a bounded
 * number of frames at a time (replay_player_seek_some), so that the screen
 * stays responsive and shows how far it is.
 */
#ifndef CURTAIN_GAME_REPLAY_PLAYER_H
#define CURTAIN_GAME_REPLAY_PLAYER_H

#include "game/replay.h"
#include "game/snapshot.h"

#define REPLAY_PLAYER_INTERVAL (5 * WORLD_TICK_HZ)
#define REPLAY_PLAYER_KEYS     128
#define REPLAY_PLAYER_ARENA    (64u << 20) /* keyframe bytes */

/* What the seek bar marks: where a stage ended, a boss came, a phase began, a
 * dialogue scene began. */
typedef enum replay_mark_kind {
    REPLAY_MARK_STAGE,    /* a stage was cleared (the next one begins after the tally) */
    REPLAY_MARK_BOSS,     /* a boss or midboss fight began */
    REPLAY_MARK_SPELL,    /* a spell card began */
    REPLAY_MARK_PHASE,    /* a boss phase ended */
    REPLAY_MARK_DIALOGUE, /* a dialogue scene began */
} replay_mark_kind;

#define REPLAY_PLAYER_MARKS 256

typedef struct replay_mark {
    uint32_t frame;
    uint8_t kind; /* replay_mark_kind */
} replay_mark;

typedef struct replay_keyframe {
    uint32_t frame;
    size_t at, size;  /* where in the arena: the world's delta */
    size_t slot_size; /* then the savestate's, when has_slot */
    int has_slot;     /* the run held a savestate at this frame */
    uint64_t slot_frame;
} replay_keyframe;

typedef struct replay_player {
    const replay *r;
    world *w; /* the world shown: the caller's, made for r->config */
    replay_cursor c;
    snapshot base; /* w at frame 0 */
    snapshot slot; /* the replay's savestate */
    uint32_t interval;
    uint32_t seek_steps; /* frames the last seek simulated */
    unsigned char *arena;
    size_t arena_size, arena_next; /* where the next keyframe goes */
    replay_keyframe *keys;         /* by frame; keys[k].frame = (k + 1) * interval */
    uint32_t key_cap;
    uint32_t key_count; /* keyframes kept (some may have given way: size 0) */
    uint32_t evicted;   /* keyframes that gave way to newer ones */
    int desynced;       /* a check failed: c's frame is where (desync) */
    replay_desync desync;
    /* The marks met so far (replay_player_prepare meets them all), by frame. */
    replay_mark marks[REPLAY_PLAYER_MARKS];
    int mark_count;
    uint32_t marked_to; /* frames whose events have been looked at */
} replay_player;

/* Starts watching r in w, a world just made with r's configuration (frame 0).
 * arena_size 0: REPLAY_PLAYER_ARENA. Returns 0, or -1 out of memory. */
int replay_player_init(replay_player *p, const replay *r, world *w, size_t arena_size);
void replay_player_free(replay_player *p);
/* The keyframe interval of a replay of `frames` frames. p->interval may be set
 * to another one between init and the first step (`curtain bench snapshot`
 * times the interval of a 30-minute replay on a shorter one). */
uint32_t replay_player_interval_for(uint32_t frames);
/* The frame shown (frames played). */
uint32_t replay_player_frame(const replay_player *p);
/* Plays one frame forward, checking the recorded hashes and keeping a keyframe
 * when one is due. Returns 0, 1 at the end of the replay (nothing played), or
 * -1 on a desync (p->desync). */
int replay_player_step(replay_player *p);
/* Shows frame `frame` (clamped to the replay): the nearest keyframe at or before
 * it, then simulation. Returns 0, or -1 (a damaged keyframe: it fell back to
 * the base). */
int replay_player_seek(replay_player *p, uint32_t frame);
/* The same, simulating at most `budget` frames: returns 1 when it is not there
 * yet (call again to go on; the world shows the frame reached, keyframes and
 * marks laid on the way), else as replay_player_seek. */
int replay_player_seek_some(replay_player *p, uint32_t frame, uint32_t budget);
/* Plays the whole replay once to lay every keyframe (a seek anywhere is short
 * afterwards), then goes back to frame 0. Returns 0, or -1 on a desync. */
int replay_player_prepare(replay_player *p);
/* Bytes the player keeps: the base and the savestate snapshots, the arena. */
size_t replay_player_memory(const replay_player *p);

#endif
