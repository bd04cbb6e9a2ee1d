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
    p->key_limit = r->event_count > 0 ? r->events[0].frame : r->frame_count;
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
        if (k == keep || key->size == 0 || key->at >= to || key->at + key->size <= from)
            continue;
        key->size = 0;
        p->key_count--;
        p->evicted++;
    }
}

/* Keeps a keyframe of this frame when one is due and not kept yet. */
static void rp_keep(replay_player *p)
{
    uint32_t f = p->c.frame;
    if (f == 0 || f % p->interval != 0 || f > p->key_limit)
        return;
    uint32_t k = f / p->interval - 1;
    if (k >= p->key_cap || p->keys[k].size > 0)
        return;
    size_t at = p->arena_next;
    size_t size = snapshot_delta_take(&p->base, p->w, p->arena + at, p->arena_size - at);
    rp_evict(p, at, size ? at + size : p->arena_size, UINT32_MAX);
    if (!size && at > 0) { /* wrap around: the oldest give way */
        at = 0;
        size = snapshot_delta_take(&p->base, p->w, p->arena, p->arena_size);
        rp_evict(p, 0, size ? size : p->arena_size, UINT32_MAX);
    }
    if (!size)
        return; /* larger than the whole arena */
    p->keys[k] = (replay_keyframe){f, at, size};
    p->key_count++;
    p->arena_next = at + size;
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
    uint32_t limit = frame < p->key_limit ? frame : p->key_limit;
    for (uint32_t k = limit / p->interval; k-- > 0;)
        if (p->keys[k].size > 0)
            return &p->keys[k];
    return NULL;
}

int replay_player_seek(replay_player *p, uint32_t frame)
{
    if (frame > p->r->frame_count)
        frame = p->r->frame_count;
    uint32_t now = p->c.frame;
    const replay_keyframe *key = rp_key_before(p, frame);
    uint32_t from = key ? key->frame : 0;
    int rc = 0;
    if (frame < now || from > now) { /* going back, or a keyframe ahead saves time */
        if (key && snapshot_delta_restore(&p->base, p->arena + key->at, key->size, p->w) != 0) {
            key = NULL;
            rc = -1;
        }
        if (!key)
            snapshot_restore(&p->base, p->w);
        replay_cursor_seek(&p->c, key ? key->frame : 0);
    }
    while (p->c.frame < frame) {
        replay_cursor_step(&p->c, p->w, &p->slot);
        rp_mark(p);
        rp_keep(p);
    }
    replay_cursor_seek(&p->c, frame); /* the checks and events from here on */
    p->desynced = 0;
    return rc;
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
