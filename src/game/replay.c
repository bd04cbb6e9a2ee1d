/*
 * replay: recording a run's inputs with checkpoints of the world's hash, the
 * file's encoding and decoding, and playback that checks the hashes. See
 * replay.h for the format.
 */
#include "game/replay.h"

#include "core/bytes.h"
#include "core/file.h"
#include "core/hash.h"
#include "core/mem.h"
#include "game/difficulty.h"
#include "game/snapshot.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define REPLAY_MAGIC       "CURTREPL"
#define REPLAY_HEADER_V1   84
#define REPLAY_HEADER_V2   92
#define REPLAY_HEADER_V3   174
#define REPLAY_HEADER_V4   188
#define REPLAY_HEADER_SIZE 221
#define REPLAY_EVENT_SIZE  8
#define REPLAY_CHECK_SIZE  12

/* Savestate events a recording of `frames` frames has room for: one before
 * each frame and one after the last, up to REPLAY_EVENTS_MAX. */
static uint32_t replay_event_room(uint32_t frames)
{
    return frames < REPLAY_EVENTS_MAX ? frames + 1 : REPLAY_EVENTS_MAX;
}

/* Allocates a recording's room: cap frames, and room for `checks` more
 * checkpoints than cap frames need (a parent's, however dense a file made
 * them). A parent's events before the take-over fit in the room of cap: one
 * a frame at most. */
static int replay_alloc(replay *r, uint32_t cap, uint32_t checks)
{
    r->input_cap = cap;
    r->check_cap = cap / REPLAY_CHECK_INTERVAL + 2 + checks;
    r->event_cap = replay_event_room(cap);
    r->inputs = mem_alloc(r->input_cap);
    r->checks = mem_alloc(r->check_cap * sizeof *r->checks);
    r->parts = mem_alloc((size_t)r->input_cap * WORLD_PART_COUNT * sizeof *r->parts);
    r->events = mem_alloc(r->event_cap * sizeof *r->events);
    if (!r->inputs || !r->checks || !r->parts || !r->events) {
        replay_free(r);
        return -1;
    }
    return 0;
}

int replay_begin(replay *r, const world_config *cfg, uint32_t capacity_frames)
{
    *r = (replay){.version = REPLAY_VERSION, .config = *cfg};
    snprintf(r->recorded_by, sizeof r->recorded_by, "%s", CURTAIN_VERSION);
    r->rules = REPLAY_RULES;
    return replay_alloc(r, capacity_frames ? capacity_frames : REPLAY_DEFAULT_FRAMES, 0);
}

size_t replay_bytes_written(const replay *r)
{
    size_t parts = r->parts ? (size_t)WORLD_PART_COUNT * sizeof *r->parts : 0;
    return (size_t)r->frame_count * (1 + parts) + (size_t)r->check_count * sizeof *r->checks +
           (size_t)r->event_count * sizeof *r->events;
}

int replay_take_over_refusal(const replay *parent, uint32_t frame, uint32_t capacity_frames,
                             char *why, size_t size)
{
    uint32_t cap = capacity_frames ? capacity_frames : REPLAY_DEFAULT_FRAMES;
    if (parent->version < 3) /* its frames play by the rules and hashes of their time */
        snprintf(why, size, "a replay recorded before format 3 cannot be taken over");
    else if (frame > parent->frame_count)
        snprintf(why, size, "the replay ends at %u:%02u: nothing to take over at %u:%02u",
                 parent->frame_count / 3600, parent->frame_count / 60 % 60, frame / 3600,
                 frame / 60 % 60);
    else if (frame >= cap) /* the run's recording holds the replay's frames and its own */
        snprintf(why, size, "a recording holds %u:%02u: no room left to take over at %u:%02u",
                 cap / 3600, cap / 60 % 60, frame / 3600, frame / 60 % 60);
    else
        return 0;
    return -1;
}

int replay_begin_taken(replay *r, const replay *parent, uint32_t frame, uint32_t capacity_frames)
{
    uint32_t cap = capacity_frames ? capacity_frames : REPLAY_DEFAULT_FRAMES;
    if (frame > parent->frame_count || cap <= frame)
        return -1;
    /* room for all the parent's checkpoints up to there, however dense a file
     * made them, besides the run's own */
    uint32_t checks = 0, events = 0;
    while (checks < parent->check_count && parent->checks[checks].frame <= frame)
        checks++;
    while (events < parent->event_count && parent->events[events].frame < frame)
        events++;
    *r = (replay){.version = REPLAY_VERSION, .rules = REPLAY_RULES, .config = parent->config};
    snprintf(r->recorded_by, sizeof r->recorded_by, "%s", CURTAIN_VERSION);
    if (replay_alloc(r, cap, checks) != 0)
        return -1;
    r->content = parent->content;
    memcpy(r->game, parent->game, sizeof r->game);
    memcpy(r->ship, parent->ship, sizeof r->ship);
    memcpy(r->boss, parent->boss, sizeof r->boss);
    memcpy(r->shot_type, parent->shot_type, sizeof r->shot_type);
    memcpy(r->inputs, parent->inputs, frame);
    r->frame_count = frame;
    r->taken_at = r->parts_from = frame;
    /* the parent's part hashes up to here come along, so that a desync in its
     * frames is told at its frame too */
    if (parent->parts && r->parts && parent->parts_from <= frame) {
        r->parts_from = parent->parts_from;
        memcpy(r->parts, parent->parts,
               (size_t)(frame - parent->parts_from) * WORLD_PART_COUNT * sizeof *r->parts);
    }
    /* a practice with savestates if the frames it keeps loaded one (a load of
     * the parent's after the take-over is not part of this run) */
    r->practice = REPLAY_PRACTICE_TAKEN;
    memcpy(r->checks, parent->checks, checks * sizeof *r->checks);
    r->check_count = checks;
    memcpy(r->events, parent->events, events * sizeof *r->events);
    r->event_count = events;
    for (uint32_t i = 0; i < events; i++)
        if (r->events[i].kind == REPLAY_EVENT_LOAD)
            r->practice |= REPLAY_PRACTICE_STATES;
    return 0;
}

void replay_free(replay *r)
{
    mem_free(r->inputs);
    mem_free(r->checks);
    mem_free(r->parts);
    mem_free(r->events);
    *r = (replay){0};
}

static void replay_add_check(replay *r, uint32_t frame, uint64_t hash)
{
    if (r->check_count > 0 && r->checks[r->check_count - 1].frame == frame)
        return;
    if (r->check_count < r->check_cap)
        r->checks[r->check_count++] = (replay_checkpoint){frame, hash};
}

int replay_record(replay *r, input_bits in, const world *after)
{
    if (r->frame_count >= r->input_cap || r->refused > 0) {
        r->refused++;
        return -1;
    }
    r->inputs[r->frame_count++] = in;
    if (r->parts && r->frame_count > r->parts_from) {
        uint64_t h[WORLD_PART_COUNT];
        world_hash_parts(after, h);
        uint16_t *at = r->parts + (size_t)(r->frame_count - 1 - r->parts_from) * WORLD_PART_COUNT;
        for (int k = 0; k < WORLD_PART_COUNT; k++)
            at[k] = replay_fold(h[k]);
    }
    /* the frame that fills the recording has a checkpoint: the file stops there */
    if (r->frame_count % REPLAY_CHECK_INTERVAL == 0 || r->frame_count == r->input_cap)
        replay_add_check(r, r->frame_count, world_hash(after));
    return 0;
}

uint16_t replay_fold(uint64_t hash)
{
    return (uint16_t)(hash ^ hash >> 16 ^ hash >> 32 ^ hash >> 48);
}

int replay_record_event(replay *r, replay_event_kind kind, uint8_t slot, const world *now)
{
    if (r->event_count >= r->event_cap || slot >= REPLAY_STATE_SLOTS || r->refused > 0 ||
        (r->event_count > 0 && r->events[r->event_count - 1].frame == r->frame_count)) {
        /* the recording stops here: what it holds plays back to `now` */
        if (r->refused == 0 && r->frame_count > 0)
            replay_add_check(r, r->frame_count, world_hash(now));
        r->refused++;
        return -1;
    }
    r->events[r->event_count++] = (replay_event){r->frame_count, (uint8_t)kind, slot};
    if (kind == REPLAY_EVENT_LOAD)
        r->practice |= REPLAY_PRACTICE_STATES;
    return 0;
}

/* Part hashes the replay holds: frames parts_from+1..frame_count, or none. */
static size_t replay_part_count(const replay *r)
{
    return r->parts && r->frame_count > r->parts_from
               ? (size_t)(r->frame_count - r->parts_from) * WORLD_PART_COUNT
               : 0;
}

void replay_finish(replay *r, const world *last, replay_end end, const char *name, uint64_t score,
                   int64_t date)
{
    /* A recording that refused frames stops before `last`: its hash would not be
     * the one playback reaches, and the run did not end where the file does
     * (its last checkpoint was kept where it stopped). */
    if (r->frame_count > 0 && r->refused == 0)
        replay_add_check(r, r->frame_count, world_hash(last));
    r->end = (uint8_t)(r->refused > 0 ? REPLAY_END_UNFINISHED : end);
    /* the content hash narrowed to what the run played (world_reach) */
    r->reach = world_reach(last);
    if (r->content != 0 && last->lib && last->lib->prog)
        r->content = world_content_hash_reach(last->lib, &r->config, r->reach);
    snprintf(r->name, sizeof r->name, "%s", name ? name : "");
    r->score = score;
    r->date = date;
}

/* Writes a string into a fixed NUL-padded field. */
static void replay_put_text(byte_writer *w, const char *text, size_t field)
{
    char buf[32] = {0};
    snprintf(buf, field, "%s", text);
    bytes_put_raw(w, buf, field);
}

unsigned char *replay_encode(const replay *r, size_t *size)
{
    byte_writer w;
    size_t parts = replay_part_count(r);
    byte_writer_init(&w, REPLAY_HEADER_SIZE + r->frame_count + 2 * parts +
                             (size_t)r->event_count * REPLAY_EVENT_SIZE +
                             (size_t)r->check_count * REPLAY_CHECK_SIZE + 8);
    bytes_put_raw(&w, REPLAY_MAGIC, 8);
    bytes_put_u16(&w, REPLAY_VERSION);
    /* a file read from before the field keeps its old place rule in its flags
     * (WORLD_FLAG_NEXT_PLACE, written with them): rules 1, nothing added */
    bytes_put_u16(&w, r->rules ? r->rules : 1);
    replay_put_text(&w, r->recorded_by, 16);
    bytes_put_u64(&w, r->config.seed);
    bytes_put_u8(&w, r->config.difficulty);
    bytes_put_u8(&w, r->config.start);
    bytes_put_u16(&w, r->config.flags);
    bytes_put_u8(&w, r->end);
    bytes_put_u8(&w, r->config.ship);
    replay_put_text(&w, r->name, 16);
    bytes_put_u64(&w, (uint64_t)r->date);
    bytes_put_u64(&w, r->score);
    bytes_put_u32(&w, r->frame_count);
    bytes_put_u16(&w, REPLAY_CHECK_INTERVAL);
    bytes_put_u32(&w, r->check_count);
    bytes_put_u64(&w, r->content);
    bytes_put_u8(&w, r->config.stage);
    bytes_put_u8(&w, r->reach);
    replay_put_text(&w, r->game, 16);
    replay_put_text(&w, r->ship, REPLAY_LABEL_SIZE);
    replay_put_text(&w, r->boss, REPLAY_LABEL_SIZE);
    bytes_put_u8(&w, parts ? WORLD_PART_COUNT : 0);
    bytes_put_u8(&w, r->practice);
    bytes_put_u32(&w, r->taken_at);
    bytes_put_u32(&w, r->event_count);
    bytes_put_u32(&w, parts ? r->taken_at - r->parts_from : 0);
    bytes_put_u8(&w, r->config.shot_type);
    replay_put_text(&w, r->shot_type, REPLAY_LABEL_SIZE);
    bytes_put_raw(&w, r->inputs, r->frame_count);
    for (size_t i = 0; i < parts; i++)
        bytes_put_u16(&w, r->parts[i]);
    for (uint32_t i = 0; i < r->event_count; i++) {
        bytes_put_u32(&w, r->events[i].frame);
        bytes_put_u8(&w, r->events[i].kind);
        bytes_put_u8(&w, r->events[i].slot);
        bytes_put_u16(&w, 0);
    }
    for (uint32_t i = 0; i < r->check_count; i++) {
        bytes_put_u32(&w, r->checks[i].frame);
        bytes_put_u64(&w, r->checks[i].hash);
    }
    if (!w.failed)
        bytes_put_u64(&w, hash_buffer(w.data, w.len, 0));
    if (w.failed) {
        byte_writer_free(&w);
        return NULL;
    }
    *size = w.len;
    return w.data;
}

/* Formats a decode error "origin: reason" and returns -1. */
static int replay_fail(char *err, size_t err_size, const char *origin, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static int replay_fail(char *err, size_t err_size, const char *origin, const char *fmt, ...)
{
    int n = snprintf(err, err_size, "%s: ", origin);
    if (n >= 0 && (size_t)n < err_size) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err + n, err_size - (size_t)n, fmt, ap);
        va_end(ap);
    }
    return -1;
}

/* Reads a fixed NUL-padded text field, always terminating it. */
static void replay_get_text(byte_reader *rd, char *out, size_t field)
{
    bytes_get_raw(rd, out, field);
    out[field - 1] = '\0';
}

/* Checks what the header and the checkpoints say against the rules of the format. */
static int replay_validate(const replay *r, const char *origin, char *err, size_t err_size)
{
    if (r->config.difficulty >= DIFFICULTY_COUNT)
        return replay_fail(err, err_size, origin, "corrupt: unknown difficulty %u",
                           r->config.difficulty);
    if (r->end > REPLAY_END_STAGE_CLEAR)
        return replay_fail(err, err_size, origin, "corrupt: unknown ending %u", r->end);
    for (uint32_t i = 0; i < r->frame_count; i++)
        if (r->inputs[i] >> INPUT_BUTTON_COUNT)
            return replay_fail(err, err_size, origin, "corrupt: bad input byte 0x%02x at frame %u",
                               r->inputs[i], i + 1);
    if (r->frame_count > 0 && r->check_count == 0)
        return replay_fail(err, err_size, origin, "corrupt: no state hashes to check against");
    for (uint32_t i = 0; i < r->check_count; i++) {
        uint32_t f = r->checks[i].frame, prev = i ? r->checks[i - 1].frame : 0;
        if (f <= prev || f > r->frame_count)
            return replay_fail(err, err_size, origin, "corrupt: state hash %u is for frame %u",
                               i + 1, f);
    }
    if (r->check_count > 0 && r->checks[r->check_count - 1].frame != r->frame_count)
        return replay_fail(err, err_size, origin, "truncated: the last frame has no state hash");
    int saved = 0;
    for (uint32_t i = 0; i < r->event_count; i++) {
        const replay_event *e = &r->events[i];
        if ((e->kind != REPLAY_EVENT_SAVE && e->kind != REPLAY_EVENT_LOAD) ||
            e->slot >= REPLAY_STATE_SLOTS || e->frame > r->frame_count ||
            (i > 0 && e->frame < r->events[i - 1].frame) ||
            (e->kind == REPLAY_EVENT_LOAD && !saved))
            return replay_fail(err, err_size, origin, "corrupt: savestate event %u", i + 1);
        /* a run takes one savestate key a frame: more is work no run asked for */
        if (i > 0 && e->frame == r->events[i - 1].frame)
            return replay_fail(err, err_size, origin,
                               "corrupt: savestate events %u and %u both come after frame %u "
                               "(a run makes one a frame at most)",
                               i, i + 1, e->frame);
        saved |= e->kind == REPLAY_EVENT_SAVE;
    }
    return 0;
}

/* Reads the fixed header into r; returns the frame and checkpoint counts. */
static void replay_read_header(byte_reader *rd, replay *r, uint32_t *frames, uint32_t *checks)
{
    replay_get_text(rd, r->recorded_by, 16);
    r->config.seed = bytes_get_u64(rd);
    r->config.difficulty = bytes_get_u8(rd);
    r->config.start = bytes_get_u8(rd);
    r->config.flags = bytes_get_u16(rd);
    r->end = bytes_get_u8(rd);
    r->config.ship = bytes_get_u8(rd); /* 0 before format 3 */
    replay_get_text(rd, r->name, 16);
    r->date = (int64_t)bytes_get_u64(rd);
    r->score = bytes_get_u64(rd);
    *frames = bytes_get_u32(rd);
    bytes_get_u16(rd); /* check interval: informational */
    *checks = bytes_get_u32(rd);
}

int replay_decode(replay *r, const void *data, size_t size, const char *origin, char *err,
                  size_t err_size)
{
    *r = (replay){0};
    byte_reader rd;
    byte_reader_init(&rd, data, size);
    char magic[8];
    if (size < 8)
        return replay_fail(err, err_size, origin, "truncated: %zu bytes, not a replay", size);
    bytes_get_raw(&rd, magic, 8);
    if (memcmp(magic, REPLAY_MAGIC, 8) != 0)
        return replay_fail(err, err_size, origin, "not a curtain replay");
    if (size < REPLAY_HEADER_V1 + 8)
        return replay_fail(err, err_size, origin, "truncated: the header is incomplete");
    uint16_t version = bytes_get_u16(&rd);
    uint16_t rules = bytes_get_u16(&rd);
    if (version == 0)
        return replay_fail(err, err_size, origin, "corrupt: format version 0");
    if (version > REPLAY_VERSION)
        return replay_fail(err, err_size, origin,
                           "recorded by a newer curtain (format %u); this one reads format %u",
                           version, REPLAY_VERSION);
    uint32_t frames, checks;
    replay_read_header(&rd, r, &frames, &checks);
    r->version = version;
    r->rules = rules;
    if (version < 3)
        r->config.flags |= WORLD_FLAG_RULES_V2;
    else if (rules == 0) /* recorded before the rules field */
        r->config.flags |= WORLD_FLAG_NEXT_PLACE;
    if (rules < 3) /* recorded before scenes and the full game's extends */
        r->config.flags |= WORLD_FLAG_NO_SCENES | WORLD_FLAG_EXTENDS_V2;
    size_t header = version >= 5   ? REPLAY_HEADER_SIZE
                    : version == 4 ? REPLAY_HEADER_V4
                    : version == 3 ? REPLAY_HEADER_V3
                    : version == 2 ? REPLAY_HEADER_V2
                                   : REPLAY_HEADER_V1;
    if (version >= 2 && size >= REPLAY_HEADER_V2)
        r->content = bytes_get_u64(&rd);
    if (version >= 3 && size >= REPLAY_HEADER_V3) {
        r->config.stage = bytes_get_u8(&rd);
        r->reach = bytes_get_u8(&rd);
        replay_get_text(&rd, r->game, 16);
        replay_get_text(&rd, r->ship, REPLAY_LABEL_SIZE);
        replay_get_text(&rd, r->boss, REPLAY_LABEL_SIZE);
    }
    uint32_t part_width = 0, events = 0, parts_before = 0;
    if (version >= 4 && size >= REPLAY_HEADER_V4) {
        part_width = bytes_get_u8(&rd);
        r->practice = bytes_get_u8(&rd);
        r->taken_at = bytes_get_u32(&rd);
        events = bytes_get_u32(&rd);
        parts_before = bytes_get_u32(&rd);
    }
    if (version >= 5 && size >= REPLAY_HEADER_SIZE) {
        r->config.shot_type = bytes_get_u8(&rd);
        replay_get_text(&rd, r->shot_type, REPLAY_LABEL_SIZE);
    }
    if (frames > REPLAY_MAX_FRAMES)
        return replay_fail(err, err_size, origin,
                           "corrupt: %u frames, longer than a recording holds (%u, two hours)",
                           frames, REPLAY_MAX_FRAMES);
    if (checks > frames + 1)
        return replay_fail(err, err_size, origin, "corrupt: %u frames and %u state hashes", frames,
                           checks);
    if (events > replay_event_room(frames))
        return replay_fail(err, err_size, origin,
                           "corrupt: %u savestate events in %u frames (a run makes one a frame "
                           "at most)",
                           events, frames);
    if (r->taken_at > frames || parts_before > r->taken_at)
        return replay_fail(err, err_size, origin,
                           "corrupt: taken over at frame %u of %u, part hashes from %u frames "
                           "before",
                           r->taken_at, frames, parts_before);
    size_t part_values = (size_t)part_width * (frames - (r->taken_at - parts_before));
    size_t expected = header + frames + 2 * part_values + (size_t)events * REPLAY_EVENT_SIZE +
                      (size_t)checks * REPLAY_CHECK_SIZE + 8;
    if (size < expected)
        return replay_fail(err, err_size, origin, "truncated: %zu of %zu bytes", size, expected);
    if (size > expected)
        return replay_fail(err, err_size, origin, "corrupt: %zu bytes after the end",
                           size - expected);
    byte_reader tail;
    byte_reader_init(&tail, (const unsigned char *)data + expected - 8, 8);
    uint64_t stored = bytes_get_u64(&tail);
    if (stored != hash_buffer(data, expected - 8, 0))
        return replay_fail(err, err_size, origin, "corrupt: the checksum does not match");

    /* Part hashes of another width (a build with other parts) are skipped. */
    int keep_parts = part_width == WORLD_PART_COUNT && part_values > 0;
    r->inputs = mem_alloc(frames ? frames : 1);
    r->checks = mem_alloc((checks ? checks : 1) * sizeof *r->checks);
    r->parts = keep_parts ? mem_alloc(part_values * sizeof *r->parts) : NULL;
    r->events = mem_alloc((events ? events : 1) * sizeof *r->events);
    if (!r->inputs || !r->checks || (keep_parts && !r->parts) || !r->events) {
        replay_free(r);
        return replay_fail(err, err_size, origin, "out of memory");
    }
    r->frame_count = r->input_cap = frames;
    r->check_count = r->check_cap = checks;
    r->event_count = r->event_cap = events;
    r->parts_from = r->taken_at - parts_before;
    bytes_get_raw(&rd, r->inputs, frames);
    for (size_t i = 0; i < part_values; i++) {
        uint16_t v = bytes_get_u16(&rd);
        if (keep_parts)
            r->parts[i] = v;
    }
    for (uint32_t i = 0; i < events; i++) {
        r->events[i].frame = bytes_get_u32(&rd);
        r->events[i].kind = bytes_get_u8(&rd);
        r->events[i].slot = bytes_get_u8(&rd);
        bytes_get_u16(&rd);
    }
    for (uint32_t i = 0; i < checks; i++) {
        r->checks[i].frame = bytes_get_u32(&rd);
        r->checks[i].hash = bytes_get_u64(&rd);
    }
    if (replay_validate(r, origin, err, err_size) != 0) {
        replay_free(r);
        return -1;
    }
    return 0;
}

int replay_save(const replay *r, const char *path, char *err, size_t err_size)
{
    size_t size;
    unsigned char *data = replay_encode(r, &size);
    if (!data)
        return replay_fail(err, err_size, path, "out of memory");
    int rc = file_write_atomic(path, data, size, err, err_size);
    mem_free(data);
    return rc;
}

int replay_load(replay *r, const char *path, char *err, size_t err_size)
{
    size_t size;
    char *data = file_read_limit(path, FILE_LIMIT_REPLAY, &size, err, err_size);
    if (!data) {
        *r = (replay){0};
        return -1;
    }
    int rc = replay_decode(r, data, size, path, err, err_size);
    mem_free(data);
    return rc;
}

void replay_cursor_begin(replay_cursor *c, const replay *r)
{
    *c = (replay_cursor){.r = r};
}

void replay_cursor_seek(replay_cursor *c, uint32_t frame)
{
    const replay *r = c->r;
    c->frame = frame < r->frame_count ? frame : r->frame_count;
    c->next_check = 0;
    while (c->next_check < r->check_count && r->checks[c->next_check].frame <= c->frame)
        c->next_check++;
    c->next_event = 0;
    while (c->next_event < r->event_count && r->events[c->next_event].frame < c->frame)
        c->next_event++;
}

int replay_cursor_done(const replay_cursor *c)
{
    return c->frame >= c->r->frame_count;
}

input_bits replay_cursor_next(replay_cursor *c)
{
    return replay_cursor_done(c) ? 0 : c->r->inputs[c->frame++];
}

int replay_cursor_check(replay_cursor *c, const world *w, replay_desync *d)
{
    const replay *r = c->r;
    if (r->parts && c->frame > r->parts_from) {
        uint64_t h[WORLD_PART_COUNT];
        world_hash_parts(w, h);
        const uint16_t *rec = r->parts + (size_t)(c->frame - 1 - r->parts_from) * WORLD_PART_COUNT;
        uint32_t differ = 0;
        for (int k = 0; k < WORLD_PART_COUNT; k++)
            if (replay_fold(h[k]) != rec[k])
                differ |= 1u << k;
        if (differ) {
            *d = (replay_desync){.frame = c->frame, .parts = differ};
            return -1;
        }
    }
    if (c->next_check >= r->check_count || r->checks[c->next_check].frame != c->frame)
        return 0;
    uint64_t expected = r->checks[c->next_check++].hash, actual = world_hash(w);
    if (expected == actual)
        return 0;
    *d = (replay_desync){c->frame, expected, actual, 0};
    return -1;
}

int replay_cursor_event(replay_cursor *c, replay_event *e)
{
    const replay *r = c->r;
    if (c->next_event >= r->event_count || r->events[c->next_event].frame != c->frame)
        return 0;
    *e = r->events[c->next_event++];
    return 1;
}

void replay_take_over(world *w)
{
    w->continues = WORLD_CONTINUES;
}

int replay_cursor_step(replay_cursor *c, world *w, snapshot *slot)
{
    replay_event e;
    /* from rules 2, a take-over has no continues from its frame on */
    if (c->r->taken_at > 0 && c->frame == c->r->taken_at && c->r->rules >= 2)
        replay_take_over(w);
    while (replay_cursor_event(c, &e)) {
        if (!slot->data && snapshot_init(slot, w) != 0)
            return -1;
        if (e.kind == REPLAY_EVENT_SAVE)
            snapshot_take(slot, w);
        else
            snapshot_restore(slot, w);
    }
    world_step(w, replay_cursor_next(c));
    return 0;
}

void replay_desync_parts(const replay_desync *d, char *out, size_t size)
{
    size_t len = 0;
    out[0] = '\0';
    for (int k = 0; k < WORLD_PART_COUNT && len < size; k++)
        if (d->parts & (1u << k)) {
            int n = snprintf(out + len, size - len, "%s%s", len ? ", " : "",
                             world_part_name((world_part)k));
            len += n > 0 ? (size_t)n : 0;
        }
    if (!d->parts)
        snprintf(out, size, "unknown (no part hashes)");
}

void replay_set_content(replay *r, const library *lib)
{
    const library_game *g = world_game_of(lib);
    const world_config *c = &r->config;
    r->content = world_content_hash(lib, c);
    snprintf(r->game, sizeof r->game, "%s", g ? g->name : "");
    snprintf(r->ship, sizeof r->ship, "%s",
             c->ship < lib->ship_count ? lib->ships[c->ship].name : "");
    const library_ship *type =
        c->ship < lib->ship_count ? library_ship_type(&lib->ships[c->ship], c->shot_type) : NULL;
    snprintf(r->shot_type, sizeof r->shot_type, "%s",
             type && type->type != 0 ? type->type_name : "");
    uint32_t boss = c->start ? (uint32_t)WORLD_START_BOSS(c->start) : UINT32_MAX;
    snprintf(r->boss, sizeof r->boss, "%s", boss < lib->boss_count ? lib->bosses[boss].name : "");
}

/* r's configuration with the ship and a practice's boss of its recorded names
 * in lib's numbering. Returns 0, or -1 when lib lacks one. */
static int replay_config_in(const replay *r, const library *lib, world_config *out)
{
    *out = r->config;
    if (r->ship[0]) {
        int ship = library_find_ship(lib, r->ship);
        if (ship < 0 || ship > UINT8_MAX)
            return -1;
        out->ship = (uint8_t)ship;
        /* the shot type by name; none named: the first */
        int type = r->shot_type[0] ? library_find_ship_type(&lib->ships[ship], r->shot_type) : 0;
        if (type < 0)
            return -1;
        out->shot_type = (uint8_t)type;
    }
    if (r->boss[0] && out->start != 0) {
        const library_boss *b = library_find_boss(lib, r->boss);
        uint32_t boss = b ? (uint32_t)(b - lib->bosses) : UINT32_MAX;
        uint32_t phase = (uint32_t)WORLD_START_PHASE(out->start);
        if (!b || 1 + boss * BOSS_MAX_PHASES + phase > UINT8_MAX)
            return -1;
        out->start = WORLD_START(boss, phase);
    }
    return 0;
}

int replay_resolve(replay *r, const library *lib)
{
    world_config cfg;
    if (replay_config_in(r, lib, &cfg) != 0)
        return -1;
    r->config = cfg;
    return 0;
}

int replay_wants_format2_library(const replay *r)
{
    return r->version != 0 && r->version < 3;
}

/* The built-in pattern files when format 2 was the replay format, frozen: a
 * file added later never joins this list (its code would move what format-2
 * state hashes hold). ships/hotaru.pat is the first ship, compiled after all
 * else, that a format-2 run flies. */
static const char *const replay_format2_files[] = {
    "aimed_stream.pat",     "bubble_wall.pat",   "cage.pat",          "crossfire.pat",
    "curtain.pat",          "double_helix.pat",  "firework.pat",      "flower.pat",
    "fountain.pat",         "galaxy.pat",        "kaleidoscope.pat",  "laser_chain.pat",
    "random_rain.pat",      "ring_burst.pat",    "rose.pat",          "rotating_arms.pat",
    "slow_reaim.pat",       "spiral.pat",        "split.pat",         "spread_fan.pat",
    "star_bloom.pat",       "vortex.pat",        "wave.pat",          "stage1/1_enemies.pat",
    "stage1/2_midboss.pat", "stage1/3_boss.pat", "stage1/stage1.pat", "ships/hotaru.pat",
};

/* The story's characters (art shapes and `character` declarations: no code,
 * nothing a state or content hash holds) that the frozen ship and stage 1's
 * bosses name with `character`: loaded for format-2 runs too, so the files
 * above compile. */
#define REPLAY_FORMAT2_CHARACTERS "story/characters.pat"

int replay_format2_file(const char *rel)
{
    if (strcmp(rel, REPLAY_FORMAT2_CHARACTERS) == 0)
        return 1;
    for (size_t i = 0; i < sizeof replay_format2_files / sizeof *replay_format2_files; i++)
        if (strcmp(rel, replay_format2_files[i]) == 0)
            return 1;
    return 0;
}

uint64_t replay_content_hash(const replay *r, const library *lib)
{
    if (r->version != 0 && r->version < 3)
        return world_content_hash_legacy(lib);
    world_config cfg;
    replay_config_in(r, lib, &cfg); /* a name lib lacks: the recorded indices */
    return world_content_hash_reach(lib, &cfg, r->reach);
}

int replay_content_matches(replay *r, const library *lib)
{
    if (replay_resolve(r, lib) != 0)
        return 0;
    if (r->content == 0 || r->content == replay_content_hash(r, lib))
        return 1;
    const library_game *g = world_game_of(lib);
    if (r->version < 3 || !g)
        return 0;
    /* a format-3 replay from before the reach was recorded hashed the whole stage
     * list of its time: a list that has grown since still holds it as a prefix,
     * and the run plays that prefix as it did */
    for (uint32_t n = 1; !r->reach && n < g->stage_count && n <= UINT8_MAX; n++)
        if (world_content_hash_stages(lib, &r->config, n) == r->content) {
            r->config.stages = (uint8_t)n;
            return 1;
        }
    /* a run that reached the end of the game's last stage when fewer followed:
     * with the list cut after its stages it is the game it was recorded in */
    uint32_t end = (uint32_t)r->config.stage + (r->reach & WORLD_REACH_STAGES);
    if ((r->reach & WORLD_REACH_KNOWN) && (r->reach & WORLD_REACH_AT_END) && r->config.start == 0 &&
        end < g->stage_count) {
        replay cut = *r;
        cut.config.stages = (uint8_t)end;
        if (replay_content_hash(&cut, lib) == r->content) {
            r->config.stages = (uint8_t)end;
            return 1;
        }
    }
    return 0;
}

int replay_verify(const replay *r, const library *lib, replay_desync *d)
{
    return replay_verify_outcome(r, lib, d, NULL);
}

/* How the world's run ended, in a header's terms. */
static uint8_t replay_end_of(const world *w)
{
    if (!world_over(w))
        return REPLAY_END_UNFINISHED;
    return w->state == WORLD_CLEARED ? REPLAY_END_STAGE_CLEAR : REPLAY_END_GAME_OVER;
}

int replay_verify_outcome(const replay *r, const library *lib, replay_desync *d, replay_outcome *o)
{
    world_config cfg;
    world *w = replay_config_in(r, lib, &cfg) == 0 ? mem_alloc(sizeof *w) : NULL;
    if (!w || world_init(w, &cfg, lib) != 0) {
        mem_free(w);
        *d = (replay_desync){0};
        return -1;
    }
    replay_cursor c;
    replay_cursor_begin(&c, r);
    snapshot slot = {0};
    int rc = 0;
    while (!replay_cursor_done(&c) && rc == 0) {
        if (replay_cursor_step(&c, w, &slot) != 0) {
            *d = (replay_desync){0};
            rc = -1;
        } else {
            rc = replay_cursor_check(&c, w, d);
        }
    }
    if (o) {
        *o = (replay_outcome){
            .score = world_final_score(w), .end = replay_end_of(w), .reach = world_reach(w)};
        for (uint32_t i = 0; i < r->event_count; i++)
            *(r->events[i].kind == REPLAY_EVENT_LOAD ? &o->loads : &o->saves) += 1;
    }
    snapshot_free(&slot);
    world_free(w);
    mem_free(w);
    return rc;
}

static const char *const replay_end_words[] = {"unfinished", "game over", "cleared"};

/* Appends "; " and a formatted claim to out. */
static void replay_claim(char *out, size_t size, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void replay_claim(char *out, size_t size, const char *fmt, ...)
{
    size_t len = strlen(out);
    if (len > 0 && len + 2 < size) {
        memcpy(out + len, "; ", 3);
        len += 2;
    }
    va_list ap;
    va_start(ap, fmt);
    if (len < size)
        vsnprintf(out + len, size - len, fmt, ap);
    va_end(ap);
}

int replay_claims_check(const replay *r, const replay_outcome *o, char *out, size_t size)
{
    int lies = 0;
    out[0] = '\0';
    if (r->score != o->score) {
        replay_claim(out, size, "the header says score %" PRIu64 ", the run scores %" PRIu64,
                     r->score, o->score);
        lies++;
    }
    /* a recording that stopped (full) says unfinished wherever its run was */
    if (r->end != o->end && r->end <= REPLAY_END_STAGE_CLEAR &&
        !(r->end == REPLAY_END_UNFINISHED && o->end != REPLAY_END_UNFINISHED &&
          r->frame_count == REPLAY_MAX_FRAMES)) {
        replay_claim(out, size, "the header says %s, the run is %s", replay_end_words[r->end],
                     replay_end_words[o->end]);
        lies++;
    }
    if (r->version >= 3 && r->reach != 0 && r->reach != o->reach) {
        replay_claim(out, size, "the header says %u stage%s reached%s, the run %u%s",
                     r->reach & WORLD_REACH_STAGES, (r->reach & WORLD_REACH_STAGES) == 1 ? "" : "s",
                     r->reach & WORLD_REACH_AT_END ? " to the end" : "",
                     o->reach & WORLD_REACH_STAGES,
                     o->reach & WORLD_REACH_AT_END ? " to the end" : "");
        lies++;
    }
    if (r->version >= 4) {
        /* A take-over recorded before the mark was its own copied the parent's
         * (taken_over_kagari.rpl): a mark without loads is let pass there. */
        int says = (r->practice & REPLAY_PRACTICE_STATES) != 0;
        int inherited = says && r->taken_at > 0 && (r->practice & REPLAY_PRACTICE_TAKEN);
        if (says != (o->loads > 0) && !inherited) {
            replay_claim(out, size, "the header says %s, the run loads %u",
                         says ? "a practice with savestates" : "no savestates loaded", o->loads);
            lies++;
        }
        says = (r->practice & REPLAY_PRACTICE_TAKEN) != 0;
        if (says != (r->taken_at > 0)) {
            replay_claim(out, size, "the header says %s, the inputs are %s",
                         says ? "taken over" : "not taken over",
                         r->taken_at ? "taken over" : "one run from its start");
            lies++;
        }
    }
    return lies;
}

void replay_missing_name(const replay *r, const library *lib, char *out, size_t size)
{
    out[0] = '\0';
    int ship = r->ship[0] ? library_find_ship(lib, r->ship) : -1;
    if (r->ship[0] && ship < 0)
        snprintf(out, size, "ship \"%s\"", r->ship);
    else if (ship >= 0 && r->shot_type[0] &&
             library_find_ship_type(&lib->ships[ship], r->shot_type) < 0)
        snprintf(out, size, "shot type \"%s\" of the ship \"%s\"", r->shot_type, r->ship);
    else if (r->boss[0] && r->config.start != 0 && !library_find_boss(lib, r->boss))
        snprintf(out, size, "boss \"%s\"", r->boss);
}
