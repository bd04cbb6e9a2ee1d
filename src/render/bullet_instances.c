/*
 * bullet_instances: the instance stream's builder. See bullet_instances.h.
 *
 * The loop reads the draw order, and for each bullet its position, heading,
 * shape and colour: the draw order of the pool runs mostly upward through the
 * slots (bullets spawned together took neighbouring free slots), so the reads
 * are near-sequential and the hardware prefetcher follows them.
 */
#include "render/bullet_instances.h"

#include "core/mem.h"

#include <math.h>
#include <string.h>

int bullet_instances_init(bullet_instances *b, int capacity)
{
    memset(b, 0, sizeof *b);
    b->split_min = BULLET_INSTANCES_SPLIT_MIN;
    if (capacity < 0 || (size_t)capacity >= ((size_t)1 << 31) / sizeof(bullet_instance))
        return -1;
    for (int l = 0; l < BULLET_INSTANCE_LAYERS; l++) {
        b->layer[l] = mem_alloc(((size_t)capacity + 1) * sizeof(bullet_instance)); /* 0: one */
        if (!b->layer[l]) {
            bullet_instances_free(b);
            return -1;
        }
    }
    b->capacity = capacity;
    return 0;
}

void bullet_instances_free(bullet_instances *b)
{
    for (int l = 0; l < BULLET_INSTANCE_LAYERS; l++)
        mem_free(b->layer[l]);
    memset(b, 0, sizeof *b);
}

void bullet_instances_set_additive(bullet_instances *b, int shape, int additive)
{
    if (shape >= 0 && shape < 256)
        b->additive[shape] = additive != 0;
}

void bullet_instances_clear(bullet_instances *b)
{
    b->count[0] = b->count[1] = 0;
    b->refused = 0;
}

/* A unit component as a normalized 16-bit integer (clamped: a heading a
 * rounding past 1 must not wrap; minss, maxss, cvtss2si). */
static inline uint32_t bi_snorm(float v)
{
    v = v > -1.0f ? v : -1.0f; /* not fminf, fmaxf: calls, for their NaN rules */
    v = v < 1.0f ? v : 1.0f;
    return (uint16_t)(int16_t)lrintf(v * 32767.0f);
}

/* The view's slot of entry k (SPRITE_BULLETS_SKIP for a hole). */
static inline uint32_t bi_slot(const sprite_bullets *in, int k)
{
    return in->order ? in->order[k] : (uint32_t)k;
}

/* The slots of entries [first, end), holes left out, into run (branch-free);
 * returns how many. */
static int bi_squeeze(const sprite_bullets *in, int first, int end, uint32_t *restrict run)
{
    int n = 0;
    if (!in->order) {
        for (int k = first; k < end; k++)
            run[n++] = (uint32_t)k;
        return n;
    }
    const uint32_t *restrict order = in->order;
    for (int k = first; k < end; k++) {
        uint32_t j = order[k];
        run[n] = j;
        n += j != SPRITE_BULLETS_SKIP;
    }
    return n;
}

/* The records of n bullets (slots in run) written from out[0], out[1] on,
 * each to its layer; n[] gets how many went to each. The arrays come as
 * restrict locals so that the stores are not taken to change them: each
 * record is two 8-byte stores (the layout is little-endian, as x86 and ARM
 * run it). */
static inline __attribute__((always_inline)) void
bi_write(const bullet_instances *b, const sprite_bullets *in, const uint32_t *restrict run, int n,
         bullet_instance *out[2], int count[2], int ages)
{
    const float *restrict x = in->x, *restrict y = in->y;
    const float *restrict c = in->cos, *restrict s = in->sin;
    const uint8_t *restrict shape = in->shape, *restrict color = in->color;
    const uint8_t *restrict additive = b->additive;
    const uint32_t *restrict born = in->born;
    size_t stride = (size_t)in->born_stride;
    unsigned char *p[2] = {(unsigned char *)out[0], (unsigned char *)out[1]};
    for (int k = 0; k < n; k++) {
        uint32_t j = run[k];
        uint32_t look = (uint32_t)shape[j] | (uint32_t)color[j] << 8;
        if (ages) {
            uint32_t age = in->now - born[(size_t)j * stride];
            look |= (age > 65535u ? 65535u : age) << 16;
        }
        uint32_t dir = c ? bi_snorm(c[j]) | bi_snorm(s[j]) << 16 : 32767u;
        uint32_t xb, yb;
        memcpy(&xb, &x[j], 4);
        memcpy(&yb, &y[j], 4);
        uint64_t lo = (uint64_t)xb | (uint64_t)yb << 32, hi = (uint64_t)dir | (uint64_t)look << 32;
        int a = additive[shape[j]];
        memcpy(p[a], &lo, 8);
        memcpy(p[a] + 8, &hi, 8);
        p[a] += sizeof(bullet_instance);
    }
    count[0] = (int)((size_t)(p[0] - (unsigned char *)out[0]) / sizeof(bullet_instance));
    count[1] = (int)((size_t)(p[1] - (unsigned char *)out[1]) / sizeof(bullet_instance));
}

/* Entries squeezed at a time, into a buffer on the stack (L1). */
#define BI_RUN 512

/* Entries [first, end) written from out[0], out[1] on; n gets how many went
 * to each layer. The caller has made room for every entry in both. */
static void bi_place(const bullet_instances *b, const sprite_bullets *in, int first, int end,
                     bullet_instance *out[2], int n[2])
{
    int ages = b->ages && in->born;
    uint32_t run[BI_RUN];
    bullet_instance *at[2] = {out[0], out[1]};
    for (int k = first; k < end; k += BI_RUN) {
        int m = bi_squeeze(in, k, end - k < BI_RUN ? end : k + BI_RUN, run), got[2];
        if (ages)
            bi_write(b, in, run, m, at, got, 1);
        else
            bi_write(b, in, run, m, at, got, 0);
        at[0] += got[0];
        at[1] += got[1];
    }
    n[0] = (int)(at[0] - out[0]);
    n[1] = (int)(at[1] - out[1]);
}

/* Bullets of entries [first, end) per layer. */
static void bi_count(const bullet_instances *b, const sprite_bullets *in, int first, int end,
                     int n[2])
{
    int add = 0, all = 0;
    for (int k = first; k < end; k++) {
        uint32_t j = bi_slot(in, k);
        if (j == SPRITE_BULLETS_SKIP)
            continue;
        all++;
        add += b->additive[in->shape[j]];
    }
    n[0] = all - add;
    n[1] = add;
}

/* Entries [first, end) one at a time, each refused when its layer is full. */
static void bi_one_by_one(bullet_instances *b, const sprite_bullets *in, int first, int end)
{
    for (int k = first; k < end; k++) {
        uint32_t j = bi_slot(in, k);
        if (j == SPRITE_BULLETS_SKIP)
            continue;
        int l = b->additive[in->shape[j]];
        if (b->count[l] >= b->capacity) {
            b->refused++;
            continue;
        }
        bullet_instance *out[2] = {b->layer[0] + b->count[0], b->layer[1] + b->count[1]};
        int n[2];
        bi_place(b, in, k, k + 1, out, n);
        b->count[0] += n[0];
        b->count[1] += n[1];
    }
}

void bullet_instances_add(bullet_instances *b, const sprite_bullets *in)
{
    int done = 0;
    while (done < in->count) { /* each entry adds at most one instance to one layer */
        int room = b->capacity - b->count[0];
        if (b->capacity - b->count[1] < room)
            room = b->capacity - b->count[1];
        if (room <= 0)
            break;
        int end = in->count - done < room ? in->count : done + room, n[2];
        bullet_instance *out[2] = {b->layer[0] + b->count[0], b->layer[1] + b->count[1]};
        bi_place(b, in, done, end, out, n);
        b->count[0] += n[0];
        b->count[1] += n[1];
        done = end;
    }
    bi_one_by_one(b, in, done, in->count);
}

/* ---- split over threads ---- */

typedef struct bi_job {
    bullet_instances *b;
    const sprite_bullets *in;
    int n[WORKERS_MAX][2];  /* each part's bullets per layer */
    int at[WORKERS_MAX][2]; /* where each part writes, per layer */
} bi_job;

static void bi_count_part(void *ctx, int part, int parts)
{
    bi_job *job = ctx;
    uint32_t first, end;
    workers_split((uint32_t)job->in->count, part, parts, 64, &first, &end);
    bi_count(job->b, job->in, (int)first, (int)end, job->n[part]);
}

static void bi_place_part(void *ctx, int part, int parts)
{
    bi_job *job = ctx;
    uint32_t first, end;
    workers_split((uint32_t)job->in->count, part, parts, 64, &first, &end);
    bullet_instance *out[2] = {job->b->layer[0] + job->at[part][0],
                               job->b->layer[1] + job->at[part][1]};
    int n[2];
    bi_place(job->b, job->in, (int)first, (int)end, out, n);
}

void bullet_instances_add_workers(bullet_instances *b, const sprite_bullets *in, workers *w)
{
    int parts = workers_threads(w);
    if (parts < 2 || in->count < b->split_min) {
        bullet_instances_add(b, in);
        return;
    }
    bi_job job = {.b = b, .in = in};
    workers_run(w, bi_count_part, &job, parts);
    int at[2] = {b->count[0], b->count[1]};
    for (int p = 0; p < parts; p++)
        for (int l = 0; l < BULLET_INSTANCE_LAYERS; l++) {
            job.at[p][l] = at[l];
            at[l] += job.n[p][l];
        }
    if (at[0] > b->capacity || at[1] > b->capacity) { /* some are refused: one thread */
        bullet_instances_add(b, in);
        return;
    }
    workers_run(w, bi_place_part, &job, parts);
    b->count[0] = at[0];
    b->count[1] = at[1];
}
