/*
 * replay: the record of one run, enough to play it again bit for bit.
 *
 * A run is decided by its world_config and the input of each frame (world.h), so
 * a replay stores those, plus the world's state hash every REPLAY_CHECK_INTERVAL
 * frames and at the last frame. Playing it back, a hash that differs is a desync:
 * the frame where it shows is reported, and playback stops there.
 *
 * File format (all integers little-endian; this comment is the specification):
 *
 *   offset  size  field
 *   0       8     magic "CURTREPL"
 *   8       2     format version (REPLAY_VERSION)
 *   10      2     rules: REPLAY_RULES when recorded; 0 in the files recorded before
 *                 the field (format 3 and 4: a script past its end is hashed at the
 *                 start of the function after its own, WORLD_FLAG_NEXT_PLACE, which
 *                 the reader sets for them)
 *   12      16    curtain version that recorded it, NUL-padded ("0.1.0")
 *   28      8     seed                         \
 *   36      1     difficulty (enum difficulty)  | world_config
 *   37      1     start point                   |
 *   38      2     world flags                  /  (WORLD_FLAG_*: invulnerable,
 *                                                  one phase, practice speed 75% or 50%)
 *                 The start point is 0 (the stage) or WORLD_START(boss, phase);
 *                 from format 3 on its boss index is the recording's, a hint:
 *                 the boss's name (offset 142) decides.
 *   40      1     how the run ended (enum replay_end)
 *   41      1     ship: world_config.ship when recorded, an index into the
 *                 content's ships; a hint, the ship's name (offset 110) decides
 *                 (format 3 on; reserved, 0, before)
 *   42      16    player name, NUL-padded
 *   58      8     date, seconds since 1970 (UTC)
 *   66      8     final score
 *   74      4     F: frame count
 *   78      2     check interval in frames (REPLAY_CHECK_INTERVAL)
 *   80      4     C: checkpoint count
 *   84      8     content hash: world_content_hash of the patterns it was played
 *                 with and its configuration (format 3 on; in format 2
 *                 world_content_hash_legacy's, which leaves ships out; absent in
 *                 format 1, read as 0: unknown)
 *   92      1     starting stage: world_config.stage, from 0 (format 3 on)
 *   93      1     the run's reach (world_reach): 0 unknown, else 128 + (64 when
 *                 it reached the end of its last stage in a full run) + the
 *                 number of stages played from the starting stage (format 3 on;
 *                 0 in the first format-3 files)
 *   94      16    the game played (world_game_of), NUL-padded; "" none; for
 *                 the reader, not checked (format 3 on)
 *   110     32    the ship flown, by its declared name, NUL-padded; "" the
 *                 fallback ship of content without ships (format 3 on)
 *   142     32    a practice's boss, by its declared name, NUL-padded; "" a run
 *                 of the stage (format 3 on)
 *   174     1     P: part hashes per frame, WORLD_PART_COUNT (format 4 on)
 *   175     1     practice marks: REPLAY_PRACTICE_* bits (format 4 on)
 *   176     4     T: taken over: frames 1..T are the inputs of the replay the
 *                 run was taken over from; 0 a run from its start (format 4 on)
 *   180     4     E: savestate events (format 4 on)
 *   184     4     B: part hashes of the parent's frames T-B+1..T come before
 *                 the run's own (a run taken over from a replay that had them);
 *                 0 none (format 4 on; reserved, 0, in the first format-4 files)
 *   188     1     shot type: world_config.shot_type when recorded, an index
 *                 into the ship's types; a hint, the type's name (offset 189)
 *                 decides (format 5 on; before, the ship's first type)
 *   189     32    the shot type flown, by its declared name, NUL-padded; "" the
 *                 ship's first type (format 5 on)
 *   H       F     input bits of frames 1..F, one byte each (game/input.h; bit 7,
 *                 the skip button of dialogue, is set only in runs that held
 *                 it: before dialogue came a byte had bits 0..6)
 *   ...     2*P*(F-T+B)  part hashes after each frame T-B+1..F (format 4 on):
 *                 for each frame, P u16, one per world_part in WORLD_PARTS
 *                 order, each the 64-bit world_hash_parts value folded to 16
 *                 bits (replay_fold)
 *   ...     8*E   savestate events (format 4 on): frame (u32): after that many
 *                 frames of the recording, before the next one's input; kind
 *                 (u8: REPLAY_EVENT_SAVE, REPLAY_EVENT_LOAD); slot (u8, 0);
 *                 reserved (u16, 0). Increasing frames, one event a frame at
 *                 most (a run takes one savestate key a frame); a load follows
 *                 a save.
 *   ...     12*C  checkpoints: frame (u32), state hash after that frame (u64);
 *                 increasing frames, the last one = F
 *   ...     8     hash_buffer of every byte before it, seed 0 (integrity check)
 *
 * H, where the inputs start: 221 (format 5), 188 (format 4), 174 (format 3), 92
 * (format 2), 84 (format 1). A frame of the recording is one step of the world: after a
 * savestate load the world's own frame counter goes back, the recording's
 * frames go on.
 *
 * Names, not indices, say which ship and boss a format-3 replay flies and
 * fights: the content's lists of them are in file order, so a ship or a boss
 * added in a file sorting earlier would renumber them. Played or verified, the
 * names are looked up in the content (replay_resolve); one it lacks means the
 * replay was recorded with other pattern files. A name is kept to 31 bytes: a
 * longer one is cut, and such a replay reads as other content.
 *
 * Changelog:
 *   1  first version.
 *   2  the content hash, so a replay of other pattern files (a mod, another
 *      version of the stage) is told apart from a desync.
 *   3  ships and games are content: the ship flown, the starting stage, the
 *      game's name, and a content hash that covers ships and games; the ship
 *      and a practice's boss by name. A format-2
 *      replay plays its game's first stage with the first ship, by the rules it
 *      was recorded with (WORLD_FLAG_RULES_V2, set when it is read), and checks
 *      its content with world_content_hash_legacy.
 *   4  part hashes every frame, so a desync names its first frame and what
 *      differs there (player, bullets, enemies, VM, ...); savestate events and
 *      the practice marks; taken-over runs. The hashes are format 3's.
 *      Cost: 2*P = 18 bytes a frame, 1,080 bytes a second of play, where the
 *      inputs take 60 (a 30-minute replay: 1.9 MB against 108 KB).
 *   5  shot types: the ship's shot type flown, by name. A format-4 replay
 *      flies its ship's first type, which hashes as ships did before types.
 *
 * What a format-3 replay checks: only what its run can reach, so that adding a
 * stage, an enemy, a boss or an unrelated pattern file (even one sorting before
 * stage 1, whose code comes first) leaves it verifying.
 *   - The content hash starts from the stages the run played (the reach, byte
 *     93: from the starting stage, as many as it played; a boss practice none;
 *     and, for a full run that got to the end of its last stage, whether another
 *     follows: a stage added after those it played changes nothing), the ship
 *     flown and a practice's boss, and follows CALL, CALLV, GOTO, FORK and
 *     FIRE_RUN and the constants that name enemies, bosses and strings
 *     (vm_program.refs), transitively. Each function reached is hashed by its own
 *     code, jumps relative to its start, constants, shared values and strings by
 *     value, what it names by name; then the entries and bosses reached.
 *   - The state hash names what indices would number: a script's place is its
 *     function's name (a block's or a BulletML script's without its "@line:col")
 *     and the offset into it (vm_hash_portable), a look or title is its text, the
 *     ship flown, a practice's boss and the boss met their names, and of the
 *     shared values only those that differ from their first values count.
 *   - A format-3 file whose reach is 0 (recorded before it was) hashed the whole
 *     stage list of its time; it matches a list that has grown since when the
 *     hash of one of the list's prefixes is its own.
 * A format-2 replay keeps the old state hash (absolute pcs and indices) with its
 * rules (WORLD_FLAG_RULES_V2), and the legacy content hash over everything: it
 * plays over the built-in files of format 2's time only (replay_format2_file),
 * with its mod's, so that files added since (laser patterns, stages, ships)
 * move nothing it hashes.
 */
#ifndef CURTAIN_GAME_REPLAY_H
#define CURTAIN_GAME_REPLAY_H

#include "game/snapshot.h"
#include "game/world.h"

#include <stddef.h>
#include <stdint.h>

#define REPLAY_VERSION        5
/* The rules a recording follows (header offset 10): 1, a script past its end is
 * hashed in its own function (vm_hash_portable); 2, and a run taken over has no
 * continues (a take-over is a practice): its world's continues are used up at
 * frame taken_at, when it is played back too; 3, and the story's scenes play
 * (docs/patterns.md, Scenes) and the full game's extra ships come (docs/game.md,
 * Resources): a replay of rules below 3 plays without scenes and with the
 * three-stage game's extends (WORLD_FLAG_NO_SCENES, WORLD_FLAG_EXTENDS_V2), as it
 * was recorded. */
#define REPLAY_RULES          3
#define REPLAY_CHECK_INTERVAL 300
#define REPLAY_NAME_MAX       15
#define REPLAY_LABEL_SIZE     32 /* the ship's and boss's name fields */
/* Room reserved at the start of a recording: two hours of play. Longer runs stop
 * recording (counted in `refused`) rather than allocate during play. No real
 * run is longer, a take-over included (its parent's frames count in its room):
 * a file of more frames is refused (REPLAY_MAX_FRAMES), so that what a replay
 * costs to play is bounded by what a recording can hold. */
#define REPLAY_DEFAULT_FRAMES (2u * 60u * 60u * WORLD_TICK_HZ)
#define REPLAY_MAX_FRAMES     REPLAY_DEFAULT_FRAMES

typedef enum replay_end {
    REPLAY_END_UNFINISHED, /* quit, or still recording */
    REPLAY_END_GAME_OVER,
    REPLAY_END_STAGE_CLEAR,
} replay_end;

/* replay.practice: how a run left the rules of a scored run. */
#define REPLAY_PRACTICE_STATES 0x01u /* it loaded a savestate */
#define REPLAY_PRACTICE_TAKEN  0x02u /* it was taken over from a replay (taken_at) */

/* Savestate events. */
typedef enum replay_event_kind {
    REPLAY_EVENT_SAVE = 1,
    REPLAY_EVENT_LOAD = 2,
} replay_event_kind;
#define REPLAY_STATE_SLOTS 1
/* A recording has room for one event a frame (the game takes one savestate key
 * a frame), up to this many; a file holding more, or two before the same
 * frame, is refused: no run made it. */
#define REPLAY_EVENTS_MAX  65536

typedef struct replay_event {
    uint32_t frame; /* after this many frames of the recording */
    uint8_t kind;   /* replay_event_kind */
    uint8_t slot;
} replay_event;

typedef struct replay_checkpoint {
    uint32_t frame;
    uint64_t hash;
} replay_checkpoint;

typedef struct replay {
    uint16_t version;     /* the format it was read from; REPLAY_VERSION recording */
    uint16_t rules;       /* REPLAY_RULES recording; as read (0 before the field) */
    char recorded_by[16]; /* curtain version */
    world_config config;
    uint64_t content; /* world_content_hash of the patterns played; 0 unknown */
    char game[16];    /* the game's name as recorded ("" none or unknown) */
    /* Format 3: the ship's and a practice boss's names ("" none), which
     * replay_resolve turns into config.ship and config.start's boss. */
    char ship[REPLAY_LABEL_SIZE];
    char boss[REPLAY_LABEL_SIZE];
    /* Format 5: the shot type's name ("" the first), which replay_resolve
     * turns into config.shot_type. */
    char shot_type[REPLAY_LABEL_SIZE];
    uint8_t reach; /* format 3: world_reach at the end (0 unknown); the content hash's span */
    uint8_t end;
    char name[REPLAY_NAME_MAX + 1];
    int64_t date;
    uint64_t score;
    uint32_t frame_count;
    input_bits *inputs;
    uint32_t input_cap;
    replay_checkpoint *checks;
    uint32_t check_count, check_cap;
    uint32_t refused; /* frames not recorded because the replay was full */
    /* Format 4: part hashes (folded to 16 bits) after frames parts_from+1.. of
     * the recording, WORLD_PART_COUNT a frame; NULL in earlier formats. */
    uint16_t *parts;
    uint32_t parts_from; /* taken_at, or less: the parent's part hashes came along */
    uint8_t practice;    /* REPLAY_PRACTICE_* */
    uint32_t taken_at;   /* frames of the parent replay it starts with; 0 none */
    replay_event *events;
    uint32_t event_count, event_cap;
} replay;

/* Starts an empty recording of a run with this configuration, with room for
 * capacity_frames frames (0 = REPLAY_DEFAULT_FRAMES). Returns 0, or -1 out of memory. */
int replay_begin(replay *r, const world_config *cfg, uint32_t capacity_frames);
void replay_free(replay *r);
/* The bytes of its room a recording has written so far (inputs, part hashes,
 * checkpoints, savestate events). The room is allocated whole at the start, but
 * its pages become resident only as they are written: this is what a run's
 * resident memory grows by as it records (19 bytes a frame in format 4), up to
 * the room's size (about 8 MB for REPLAY_DEFAULT_FRAMES). */
size_t replay_bytes_written(const replay *r);
/* Starts the recording of a run taken over from `parent` after its first
 * `frame` frames (replay_cursor.frame: the world has stepped that many and no
 * more, and the savestate events due at that frame are not applied yet): the
 * parent's configuration, content and names, its inputs, checkpoints and
 * savestate events up to there, marked REPLAY_PRACTICE_TAKEN with taken_at =
 * frame (the run is a practice: no high score). Recording then goes on from
 * frame + 1 with replay_record. Returns 0, or -1 (out of memory, or frame past
 * the parent's end). */
int replay_begin_taken(replay *r, const replay *parent, uint32_t frame, uint32_t capacity_frames);
/* Whether the player may take over `parent` after its first `frame` frames into
 * a recording of capacity_frames (0 = REPLAY_DEFAULT_FRAMES): 0, or -1 with the
 * reason for the player in why (a format before 3, a frame past the parent's
 * end, or no room left in the recording for the parent's frames and its own),
 * so that replay_begin_taken failing after it means out of memory and nothing
 * else. */
int replay_take_over_refusal(const replay *parent, uint32_t frame, uint32_t capacity_frames,
                             char *why, size_t size);

/* Records one frame: the input that was given to world_step, and the world after
 * it (its hash is kept every REPLAY_CHECK_INTERVAL frames, and at the frame
 * that fills the recording). Returns 0, or -1 when the recording is full or
 * stopped (the frame is refused and counted in `refused`). */
int replay_record(replay *r, input_bits in, const world *after);
/* Records a savestate event before the next frame (a load marks the run as
 * practice); `now` is the world as it is, after the last frame recorded.
 * Returns 0, or -1 when the recording has no room for it (or a bad slot): the
 * recording then stops where it is, with a checkpoint of `now`, so that the
 * file holds the run up to there and reads back (counted in `refused`). */
int replay_record_event(replay *r, replay_event_kind kind, uint8_t slot, const world *now);
/* A 64-bit part hash as a format-4 replay keeps it. */
uint16_t replay_fold(uint64_t hash);
/* Closes a recording: adds the final checkpoint, the end reason and the details.
 * A recording that refused frames gets no final checkpoint (it stops before
 * `last`) and ends as REPLAY_END_UNFINISHED whatever `end` says. */
void replay_finish(replay *r, const world *last, replay_end end, const char *name, uint64_t score,
                   int64_t date);

/* Encodes to the file format; returns a mem_alloc'd buffer (free with mem_free). */
unsigned char *replay_encode(const replay *r, size_t *size);
/* Decodes a file's bytes. On failure returns -1 with the reason in err (prefixed by
 * `origin`, usually the file name); r is then empty. */
int replay_decode(replay *r, const void *data, size_t size, const char *origin, char *err,
                  size_t err_size);

/* replay_encode to a file, written atomically; replay_decode from a file. Each
 * returns 0, or -1 with the reason in err. */
int replay_save(const replay *r, const char *path, char *err, size_t err_size);
int replay_load(replay *r, const char *path, char *err, size_t err_size);

/* Plays a replay back: a cursor hands out each frame's input and checks the world
 * against the recorded hashes. */
typedef struct replay_cursor {
    const replay *r;
    uint32_t frame;      /* frames handed out so far */
    uint32_t next_check; /* index into r->checks */
    uint32_t next_event; /* index into r->events */
} replay_cursor;

typedef struct replay_desync {
    uint32_t frame;
    uint64_t expected, actual; /* whole-state hashes; both 0 when parts showed it */
    /* Bit k: part k (world_part) differs at `frame`. With part hashes (format
     * 4) frame is the first that differs; without (format 3), the checkpoint
     * where it showed, and parts 0: unknown. */
    uint32_t parts;
} replay_desync;

void replay_cursor_begin(replay_cursor *c, const replay *r);
/* Puts the cursor where it is after `frame` frames (the world restored to that
 * frame: the replay player's seek). */
void replay_cursor_seek(replay_cursor *c, uint32_t frame);
/* True once every recorded frame has been handed out. */
int replay_cursor_done(const replay_cursor *c);
/* The input of the next frame. */
input_bits replay_cursor_next(replay_cursor *c);
/* After stepping the world with that input: 0, or -1 with *d filled if the world's
 * hash differs from the one recorded for this frame, or one of its part hashes
 * does (format 4). */
int replay_cursor_check(replay_cursor *c, const world *w, replay_desync *d);
/* The savestate event due before the next frame, in recorded order: 1 with *e
 * filled (call again for the next), 0 when none is due. */
int replay_cursor_event(replay_cursor *c, replay_event *e);
/* Steps w by the cursor's next frame, first applying the savestate events due
 * before it (slot: where a save goes, made for w on the first event). Returns
 * 0, or -1 when the slot cannot be had (out of memory). */
int replay_cursor_step(replay_cursor *c, world *w, snapshot *slot);
/* What a take-over does to the world at its frame (rules 2): a practice from
 * there, its continues used up. The game calls it as the player takes over;
 * replay_cursor_step as playback reaches taken_at. */
void replay_take_over(world *w);
/* A human-readable list of the parts in a desync's mask ("bullets, VM"), or
 * "unknown (no part hashes)". */
void replay_desync_parts(const replay_desync *d, char *out, size_t size);

/* Notes what a recording plays: lib's content hash, its game's name, and the
 * names of the ship and of a practice's boss in r->config. */
void replay_set_content(replay *r, const library *lib);
/* Points r->config's ship and practice boss at lib's of the recorded names
 * (format 3; an earlier format numbers them, and a name left "" keeps the
 * index). Returns 0, or -1 when lib lacks one (other pattern files). */
int replay_resolve(replay *r, const library *lib);
/* lib's content hash as r's format computes it: world_content_hash, or for a
 * format-2 replay world_content_hash_legacy. */
uint64_t replay_content_hash(const replay *r, const library *lib);
/* Whether the replay was recorded with this content (unknown counts as yes):
 * replay_resolve, then the content hash. A run recorded when the game's stage
 * list was shorter (it reached the end of its last stage, or its file predates
 * the reach and hashed the list of its time) matches when the stages it played
 * are unchanged: r->config.stages then cuts the list where it ended, so that it
 * plays to the same end. Call it before playing r->config. */
int replay_content_matches(replay *r, const library *lib);

/* Whether r plays over the library as format 2 knew it (a format 1 or 2
 * replay): its state hash holds absolute pcs and indices, so the built-in files
 * added since, which shift them, must not be loaded (replay_format2_file). */
int replay_wants_format2_library(const replay *r);
/* Whether a built-in pattern file, by its path under patterns/, is one the game
 * shipped while replays were format 2, or the first ship (which format-2 runs
 * fly), or the story's characters (story/characters.pat: art and characters,
 * no code, named by that ship and stage 1's bosses). A library_keep_fn: library_load_dir_kept with
 * it loads the content a format-2 replay was recorded over, whatever later versions added. */
int replay_format2_file(const char *rel);

/* Plays the whole replay headless from a fresh world over lib's content, its
 * ship and boss resolved by name. Returns 0 when every checkpoint matches, -1
 * with *d describing the first mismatch (or with d->frame 0 when the world
 * cannot be made: out of memory, or a name lib lacks). */
int replay_verify(const replay *r, const library *lib, replay_desync *d);

/* What a replay's run did, as the simulation played it (replay_verify_outcome):
 * what the header's claims are checked against. */
typedef struct replay_outcome {
    uint64_t score; /* world_final_score at the last frame */
    uint8_t end;    /* replay_end: over and cleared, over, or going on */
    uint8_t reach;  /* world_reach at the last frame */
    uint32_t saves; /* savestate events played */
    uint32_t loads;
} replay_outcome;

/* replay_verify, and what the run did in *o (filled when every hash matched). */
int replay_verify_outcome(const replay *r, const library *lib, replay_desync *d, replay_outcome *o);
/* Checks what r's header claims (score, ending, stages reached, practice
 * marks: savestates loaded, taken over) against what its run did. Returns the
 * number of claims that differ, each told in out ("the header says ..., the
 * run ...", joined by "; "). A run that stopped recording (an unfinished
 * header of a full recording) may end anywhere; a take-over's savestate mark
 * without loads passes (recordings before the fix copied the parent's). */
int replay_claims_check(const replay *r, const replay_outcome *o, char *out, size_t size);
/* The name of the ship or practice boss r names and lib lacks, with what it
 * is ("ship \"Kagari\""), or "" when lib has both. */
void replay_missing_name(const replay *r, const library *lib, char *out, size_t size);

#endif
