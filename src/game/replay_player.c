/*
 * replay_player: a replay played with keyframes in a ring, for seeking. See
 * replay_player.h.
 */
#include "game/replay_player.h"

#include "core/mem.h"

#include <string.h>

int replay_player_init(replay_player *p, const replay *r, world *w, size_t arena_size)
{
    *p = (replay_player){.r = r, .w = w};
    replay_cursor_begin(&p->c, r);
    p->interval = replay_player_interval_for(r->frame_count);
    p->key_cap = r->frame_count / p->interval + 1;
    p->arena_size = arena_size ? arena_size : REPLAY_PLAYER_ARENA;
    p->arena = mem_alloc(p->arena_size);
    p->keys = mem_calloc(p->key_cap, sizeof *p->keys);
    int ok =
        p->arena && p->keys && snapshot_init(&p->base, w) == 0 && snapshot_take(&p->base, w) == 0;
    if (ok && r->event_count > 0)
        ok = snapshot_init(&p->slot, w) == 0;
    if (!ok) {
        replay_player_free(p);
        return -1;
    }
    return 0;
}

void replay_player_free(replay_player *p)
{
    mem_free(p->arena);
    mem_free(p->keys);
    snapshot_free(&p->base);
    snapshot_free(&p->slot);
    *p = (replay_player){0};
}

uint32_t replay_player_interval_for(uint32_t frames)
{
    uint32_t interval = frames / REPLAY_PLAYER_KEYS;
    return interval > REPLAY_PLAYER_INTERVAL ? interval : REPLAY_PLAYER_INTERVAL;
}

uint32_t replay_player_frame(const replay_player *p)
{
    return p->c.frame;
}

/* Keyframes whose bytes lay in [from, to) of the arena give way. */
static void rp_evict(replay_player *p, size_t from, size_t to, uint32_t keep)
{
    for (uint32_t k = 0; k < p->key_cap; k++) {
        replay_keyframe *key = &p->keys[k];
        if (k == keep || key->size == 0 || key->at >= to ||
            key->at + key->size + key->slot_size <= from)
            continue;
        key->size = 0;
        p->key_count--;
        p->evicted++;
    }
}

/* Writes the keyframe's bytes at `at` of the arena: the world's delta, then
 * the savestate's when one is held. Returns 0 with their sizes, or -1 when
 * they do not fit before the arena's end. */
static int rp_write(replay_player *p, size_t at, size_t *size, size_t *slot_size)
{
    *size = snapshot_delta_take(&p->base, p->w, p->arena + at, p->arena_size - at);
    *slot_size = 0;
    if (!*size)
        return -1;
    if (!p->slot.taken)
        return 0;
    size_t from = at + *size;
    return snapshot_delta_take_of(&p->base, &p->slot, p->arena + from, p->arena_size - from,
                                  slot_size);
}

/* Keeps a keyframe of this frame when one is due and not kept yet: the world
 * and the savestate the run holds then, so that seeking past a savestate event
 * needs no keyframe before it. */
static void rp_keep(replay_player *p)
{
    uint32_t f = p->c.frame;
    if (f == 0 || f % p->interval != 0)
        return;
    uint32_t k = f / p->interval - 1;
    if (k >= p->key_cap || p->keys[k].size > 0)
        return;
    size_t at = p->arena_next, size, slot_size;
    int fits = rp_write(p, at, &size, &slot_size) == 0;
    rp_evict(p, at, fits ? at + size + slot_size : p->arena_size, UINT32_MAX);
    if (!fits && at > 0) { /* wrap around: the oldest give way */
        at = 0;
        fits = rp_write(p, 0, &size, &slot_size) == 0;
        rp_evict(p, 0, fits ? size + slot_size : p->arena_size, UINT32_MAX);
    }
    if (!fits)
        return; /* larger than the whole arena */
    p->keys[k] = (replay_keyframe){f, at, size, slot_size, p->slot.taken, p->slot.frame};
    p->key_count++;
    p->arena_next = at + size + slot_size;
}

/* Notes the frame's events the seek bar marks, the first time it is played. */
static void rp_mark(replay_player *p)
{
    if (p->c.frame <= p->marked_to)
        return;
    p->marked_to = p->c.frame;
    for (int i = 0; i < p->w->event_count && p->mark_count < REPLAY_PLAYER_MARKS; i++) {
        int kind;
        switch (p->w->events[i].kind) {
        case WORLD_EVENT_STAGE_CLEAR: kind = REPLAY_MARK_STAGE; break;
        case WORLD_EVENT_BOSS_START: kind = REPLAY_MARK_BOSS; break;
        case WORLD_EVENT_SPELL_START: kind = REPLAY_MARK_SPELL; break;
        case WORLD_EVENT_PHASE_END: kind = REPLAY_MARK_PHASE; break;
        case WORLD_EVENT_DIALOGUE: kind = REPLAY_MARK_DIALOGUE; break;
        default: continue;
        }
        p->marks[p->mark_count++] = (replay_mark){p->c.frame, (uint8_t)kind};
    }
}

int replay_player_step(replay_player *p)
{
    if (replay_cursor_done(&p->c))
        return 1;
    replay_cursor_step(&p->c, p->w, &p->slot);
    rp_mark(p);
    if (replay_cursor_check(&p->c, p->w, &p->desync) != 0) {
        p->desynced = 1;
        return -1;
    }
    rp_keep(p);
    return 0;
}

/* The newest keyframe at or before frame, or NULL (the base). */
static const replay_keyframe *rp_key_before(const replay_player *p, uint32_t frame)
{
    for (uint32_t k = frame / p->interval; k-- > 0;)
        if (p->keys[k].size > 0)
            return &p->keys[k];
    return NULL;
}

/* Puts the world and the savestate as a keyframe holds them; -1 damaged. */
static int rp_restore(replay_player *p, const replay_keyframe *key)
{
    if (snapshot_delta_restore(&p->base, p->arena + key->at, key->size, p->w) != 0)
        return -1;
    p->slot.taken = 0;
    if (!key->has_slot)
        return 0;
    if (snapshot_delta_restore_to(&p->base, p->arena + key->at + key->size, key->slot_size,
                                  &p->slot) != 0)
        return -1;
    p->slot.frame = key->slot_frame;
    return 0;
}

int replay_player_seek_some(replay_player *p, uint32_t frame, uint32_t budget)
{
    if (frame > p->r->frame_count)
        frame = p->r->frame_count;
    uint32_t now = p->c.frame;
    const replay_keyframe *key = rp_key_before(p, frame);
    uint32_t from = key ? key->frame : 0;
    int rc = 0;
    p->seek_steps = 0;
    if (frame < now || from > now) { /* going back, or a keyframe ahead saves time */
        if (key && rp_restore(p, key) != 0) {
            key = NULL;
            rc = -1;
        }
        if (!key) {
            snapshot_restore(&p->base, p->w);
            p->slot.taken = 0;
        }
        replay_cursor_seek(&p->c, key ? key->frame : 0);
    }
    while (p->c.frame < frame && p->seek_steps < budget) {
        replay_cursor_step(&p->c, p->w, &p->slot);
        rp_mark(p);
        rp_keep(p);
        p->seek_steps++;
    }
    replay_cursor_seek(&p->c, p->c.frame); /* the checks and events from here on */
    p->desynced = 0;
    if (rc == 0 && p->c.frame < frame)
        return 1;
    return rc;
}

int replay_player_seek(replay_player *p, uint32_t frame)
{
    return replay_player_seek_some(p, frame, UINT32_MAX);
}

int replay_player_prepare(replay_player *p)
{
    int rc = 0;
    while (rc == 0)
        rc = replay_player_step(p);
    replay_player_seek(p, 0);
    return rc < 0 ? -1 : 0;
}

size_t replay_player_memory(const replay_player *p)
{
    return p->base.size + p->slot.size + p->arena_size + p->key_cap * sizeof *p->keys;
}
