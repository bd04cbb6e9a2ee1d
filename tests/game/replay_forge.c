/*
 * replay_forge: makes the hostile replay files the tests need from a real one
 * (a generator, so that no crafted file is committed but the small ones of the
 * fuzz corpus). Each change rewrites what the header or the body says and the
 * file gets a right checksum, as an attacker would make it. Header fields are
 * changed in the file's bytes (its format kept); events and frames by a decode
 * and an encode (format 4), after the header fields:
 *
 *   replay_forge IN OUT CHANGE...
 *     score=N          the header's score
 *     end=N            the header's ending (enum replay_end)
 *     practice=N       the practice marks (REPLAY_PRACTICE_*)
 *     ship=NAME        the ship's name        boss=NAME   the boss's name
 *     flip=OFFSET      the byte at OFFSET xor 1 (an input: 188 + frame - 1)
 *     events=N         N savestate events before the first frame (a save, then
 *                      loads), as no run makes them
 *     parts=0          no part hashes (as a build with other parts reads them)
 *     frames=N         N idle frames (input 0) with checkpoints every 300
 *                      frames (hashes that do not match), past the inputs
 *
 * Used by tests/app/game_cli_test.sh.
 */
#include "core/file.h"
#include "core/hash.h"
#include "core/mem.h"
#include "game/replay.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Replaces the events with n at frame 0: a save, then loads. */
static int forge_events(replay *r, uint32_t n)
{
    mem_free(r->events);
    r->events = mem_alloc((n ? n : 1) * sizeof *r->events);
    if (!r->events)
        return -1;
    for (uint32_t i = 0; i < n; i++)
        r->events[i] = (replay_event){0, (uint8_t)(i ? REPLAY_EVENT_LOAD : REPLAY_EVENT_SAVE), 0};
    r->event_count = r->event_cap = n;
    return 0;
}

/* Replaces the inputs with n idle frames and their (wrong) checkpoints. */
static int forge_frames(replay *r, uint32_t n)
{
    mem_free(r->inputs);
    mem_free(r->checks);
    mem_free(r->parts);
    r->parts = NULL;
    r->taken_at = r->parts_from = 0;
    r->inputs = mem_calloc(n ? n : 1, 1);
    r->check_cap = n / REPLAY_CHECK_INTERVAL + 2;
    r->checks = mem_alloc(r->check_cap * sizeof *r->checks);
    if (!r->inputs || !r->checks)
        return -1;
    r->frame_count = r->input_cap = n;
    r->check_count = 0;
    for (uint32_t f = REPLAY_CHECK_INTERVAL; f < n; f += REPLAY_CHECK_INTERVAL)
        r->checks[r->check_count++] = (replay_checkpoint){f, f};
    r->checks[r->check_count++] = (replay_checkpoint){n, n};
    return 0;
}

/* A header field's place (replay.h), for the changes made in the file's own
 * bytes: the replay keeps its format, only the field and the checksum change. */
typedef struct forge_field {
    const char *key;
    size_t offset, size; /* size 0: text of 32 bytes */
} forge_field;

static const forge_field forge_fields[] = {
    {"end", 40, 1},   {"score", 66, 8},     {"ship", 110, 0},
    {"boss", 142, 0}, {"practice", 175, 1}, {"flip", 0, 1},
};

/* Writes value into the file's field; returns 0, or -1 when it is not one. */
static int forge_patch(unsigned char *data, size_t size, const char *key, const char *value)
{
    for (size_t i = 0; i < sizeof forge_fields / sizeof *forge_fields; i++) {
        const forge_field *f = &forge_fields[i];
        if (strcmp(f->key, key) != 0 || size < 188 + 8)
            continue;
        if (strcmp(key, "flip") == 0) {
            size_t at = (size_t)strtoull(value, NULL, 10);
            if (at >= size - 8)
                return -1;
            data[at] ^= 1;
        } else if (f->size == 0) {
            memset(data + f->offset, 0, REPLAY_LABEL_SIZE);
            memcpy(data + f->offset, value, strnlen(value, REPLAY_LABEL_SIZE - 1));
        } else {
            uint64_t v = strtoull(value, NULL, 10);
            for (size_t b = 0; b < f->size; b++)
                data[f->offset + b] = (unsigned char)(v >> (8 * b));
        }
        uint64_t sum = hash_buffer(data, size - 8, 0);
        for (size_t b = 0; b < 8; b++)
            data[size - 8 + b] = (unsigned char)(sum >> (8 * b));
        return 0;
    }
    return -1;
}

/* Applies one CHANGE; returns 0, or -1 when it is not one. */
static int forge_change(replay *r, const char *change)
{
    const char *eq = strchr(change, '=');
    if (!eq)
        return -1;
    const char *v = eq + 1;
    size_t key = (size_t)(eq - change);
    if (key == 6 && strncmp(change, "events", 6) == 0)
        return forge_events(r, (uint32_t)strtoul(v, NULL, 10));
    if (key == 6 && strncmp(change, "frames", 6) == 0)
        return forge_frames(r, (uint32_t)strtoul(v, NULL, 10));
    if (key == 5 && strncmp(change, "parts", 5) == 0 && atoi(v) == 0) {
        mem_free(r->parts); /* encoded with no part hashes (P = 0) */
        r->parts = NULL;
        return 0;
    }
    return -1;
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: replay_forge IN OUT CHANGE...\n");
        return 2;
    }
    char err[512];
    size_t in_size;
    unsigned char *in = (unsigned char *)file_read_all(argv[1], &in_size, err, sizeof err);
    if (!in) {
        fprintf(stderr, "replay_forge: %s\n", err);
        return 1;
    }
    /* header fields: in the file's bytes, its format kept */
    int i = 3;
    for (; i < argc; i++) {
        char key[16];
        const char *eq = strchr(argv[i], '=');
        if (!eq || (size_t)(eq - argv[i]) >= sizeof key)
            break;
        snprintf(key, sizeof key, "%.*s", (int)(eq - argv[i]), argv[i]);
        if (forge_patch(in, in_size, key, eq + 1) != 0)
            break;
    }
    if (i == argc) {
        int rc = file_write_atomic(argv[2], in, in_size, err, sizeof err) == 0 ? 0 : 1;
        mem_free(in);
        return rc;
    }
    /* events and frames: decoded, changed and encoded again (format 4) */
    replay r;
    int rc = replay_decode(&r, in, in_size, argv[1], err, sizeof err);
    mem_free(in);
    if (rc != 0) {
        fprintf(stderr, "replay_forge: %s\n", err);
        return 1;
    }
    for (; i < argc; i++)
        if (forge_change(&r, argv[i]) != 0) {
            fprintf(stderr, "replay_forge: cannot make %s\n", argv[i]);
            replay_free(&r);
            return 2;
        }
    size_t size;
    unsigned char *data = replay_encode(&r, &size);
    rc = data && file_write_atomic(argv[2], data, size, err, sizeof err) == 0 ? 0 : 1;
    if (rc)
        fprintf(stderr, "replay_forge: %s\n", data ? err : "out of memory");
    mem_free(data);
    replay_free(&r);
    return rc;
}
