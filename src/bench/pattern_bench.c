/*
 * pattern_bench: the `patterns` scenario. See pattern_bench.h.
 *
 * The emitters run against a counting host: it answers every query with fixed
 * values and accepts every bullet without keeping it, so the figures are the
 * VM's own cost (scheduling, interpretation, building each shot), not motion or
 * drawing. Bullets with scripts are refused in the 10,000-emitter rows (their
 * scripts would otherwise outnumber the emitters many times over); the
 * 1,000-emitter row keeps them, each bullet's scripts stopped 120 frames after
 * it was fired, as culling would.
 *
 * Naive baseline: a countdown scheduler, which visits every runner every frame
 * to decrement its wait, next to the VM's timer wheel with the same runners all
 * asleep.
 */
#include "bench/pattern_bench.h"

#include "core/clock.h"
#include "core/data_path.h"
#include "core/file.h"
#include "core/mem.h"
#include "core/rng.h"
#include "pattern/content/library.h"
#include "pattern/objects/sandbox.h"
#include "pattern/vm/vm.h"

#include <dirent.h>
#include <math.h>
#include <string.h>

#define PB_BULLET_LIFE 120
#define PB_FIFO        (1u << 20)

typedef struct pb_host {
    rng r;
    int32_t frame;
    int accept_scripts;
    uint32_t next_obj;
    uint64_t spawned;
    uint64_t errors;
    /* scripted bullets, oldest first, to stop their scripts when they "leave" */
    vm_obj *fifo;
    int32_t *fifo_frame;
    uint32_t head, tail;
} pb_host;

/* The counting host's callbacks: fixed answers, every bullet accepted and forgotten. */
static double pb_get(void *user, vm_obj obj, vm_prop prop)
{
    (void)user;
    switch (prop) {
    case VM_PROP_AIM: return 180.0 + (double)(obj % 40) - 20.0;
    case VM_PROP_POS_X: return 192.0;
    case VM_PROP_POS_Y: return 96.0;
    case VM_PROP_PLAYER_X: return 192.0;
    case VM_PROP_PLAYER_Y: return 400.0;
    case VM_PROP_RANK: return 0.35;
    case VM_PROP_DEFAULT_SPEED: return 1.0;
    case VM_PROP_HEADING: return 180.0;
    case VM_PROP_SPEED: return 2.0;
    default: break;
    }
    double value; /* the player's state: as where none flies */
    return sandbox_player_value(prop, 0.35, 0, &value) ? value : 0.0;
}

static void pb_set(void *user, vm_obj obj, vm_prop prop, double value)
{
    (void)user, (void)obj, (void)prop, (void)value;
}

static void pb_ramp(void *user, vm_obj obj, vm_prop prop, const vm_ramp *ramp)
{
    (void)user, (void)obj, (void)prop, (void)ramp;
}

static double pb_random(void *user)
{
    return rng_double(&((pb_host *)user)->r);
}

static vm_obj pb_spawn(void *user, vm_obj parent, const vm_shot *shot)
{
    pb_host *h = user;
    (void)parent;
    if (shot->runner && !h->accept_scripts)
        return 0;
    h->spawned++;
    vm_obj obj = h->next_obj++;
    if (h->next_obj == 0)
        h->next_obj = 1u << 24;
    if (shot->runner) {
        if (h->tail - h->head == PB_FIFO)
            return 0;
        h->fifo[h->tail & (PB_FIFO - 1)] = obj;
        h->fifo_frame[h->tail & (PB_FIFO - 1)] = h->frame;
        h->tail++;
    }
    return obj;
}

/* Run-time errors (the hostile row's runaway threads) are counted, not printed. */
static void pb_error(void *user, const vm_error *err)
{
    (void)err;
    ((pb_host *)user)->errors++;
}

static void pb_vanish(void *user, vm_obj obj)
{
    (void)user, (void)obj;
}

/* A folder's pattern files, its sub-folders' included (the stage), read into
 * memory. */
typedef struct pb_files {
    library_file files[256];
    char paths[256][512];
    int top[256]; /* in patterns/ itself: the pattern library the emitters mix */
    int count;
    size_t bytes;
} pb_files;

/* Reads the pattern files of dir and, one level down, of its sub-folders. */
static void pb_read_dir(pb_files *pf, const char *dir, int top)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    struct dirent *e;
    while ((e = readdir(d)) != NULL && pf->count < 256) {
        char *path = pf->paths[pf->count];
        if (e->d_name[0] == '.' || snprintf(path, sizeof pf->paths[0], "%.255s/%.255s", dir,
                                            e->d_name) >= (int)sizeof pf->paths[0])
            continue;
        size_t len = strlen(e->d_name);
        if (len < 5 || strcmp(e->d_name + len - 4, LIBRARY_EXTENSION) != 0) {
            if (top) {
                char sub[512];
                snprintf(sub, sizeof sub, "%s", path);
                pb_read_dir(pf, sub, 0); /* not a folder: opendir fails, nothing read */
            }
            continue;
        }
        char err[256];
        size_t size = 0;
        char *text = file_read_limit(path, FILE_LIMIT_PATTERN, &size, err, sizeof err);
        if (!text)
            continue;
        pf->files[pf->count] = (library_file){path, text, size};
        pf->top[pf->count] = top;
        pf->bytes += size;
        pf->count++;
    }
    closedir(d);
}

/* Reads every pattern file of the data folder's patterns/, the stage's too. */
static int pb_read_patterns(pb_files *pf)
{
    char dir[512];
    if (data_path_join(dir, sizeof dir, "patterns") != 0)
        return -1;
    pf->count = 0;
    pf->bytes = 0;
    pb_read_dir(pf, dir, 1);
    return pf->count > 0 ? 0 : -1;
}

/* Frees what pb_read_patterns read. */
static void pb_free_files(pb_files *pf)
{
    for (int i = 0; i < pf->count; i++)
        mem_free((char *)pf->files[i].text);
}

/* Table 1: compiling the whole folder, several times. */
static void pb_compile_table(bench *b, pb_files *pf)
{
    int reps = b->quick ? 5 : 41;
    double samples[41];
    static diag_list diags;
    for (int i = 0; i < reps; i++) {
        diag_init(&diags);
        uint64_t t0 = clock_now_ns();
        library *lib = library_compile(pf->files, pf->count, &diags);
        samples[i] = (double)(clock_now_ns() - t0) / 1e6;
        library_free(lib);
        diag_free(&diags);
    }
    bench_stats st = bench_summarize(samples, reps);
    static const bench_column cols[] = {
        {"files", "", 0, BENCH_NEUTRAL},         {"KiB", "KiB", 1, BENCH_NEUTRAL},
        {"median", "ms", 3, BENCH_LOWER_BETTER}, {"min", "ms", 3, BENCH_LOWER_BETTER},
        {"max", "ms", 3, BENCH_LOWER_BETTER},    {"target", "ms", 0, BENCH_NEUTRAL},
    };
    bench_table t;
    bench_table_begin(&t, b, "compile", "Compiling every file of patterns/ together", cols, 6, 20);
    bench_table_row(&t, "patterns/");
    bench_table_value(&t, pf->count);
    bench_table_value(&t, (double)pf->bytes / 1024.0);
    bench_table_value(&t, st.p50);
    bench_table_value(&t, st.min);
    bench_table_value(&t, st.max);
    bench_table_value(&t, 20);
    bench_table_end(&t);
    bench_note(b, "compile target (<= 20 ms for all of patterns/): %s",
               st.p50 <= 20.0 ? "met" : "NOT met");
}

typedef struct pb_result {
    double p50, p99, max;               /* ms per frame */
    double live, instructions, spawned; /* per frame, averaged */
} pb_result;

/* Runs `emitters` runners of the given entries (round robin) for the timed
 * frames after a warm-up, timing every vm_tick. */
static int pb_emitters(const library *lib, const library_entry *const *entries, int nentries,
                       uint32_t emitters, int accept_scripts, int frames, pb_result *out)
{
    pb_host h;
    memset(&h, 0, sizeof h);
    rng_seed(&h.r, 7);
    h.accept_scripts = accept_scripts;
    h.next_obj = 1u << 24;
    h.fifo = mem_alloc(PB_FIFO * sizeof *h.fifo);
    h.fifo_frame = mem_alloc(PB_FIFO * sizeof *h.fifo_frame);
    vm_config cfg;
    vm_config_default(&cfg);
    cfg.capacity = accept_scripts ? 400000 : emitters + 16;
    vm_host host = {&h,   pb_get,   pb_set, pb_ramp, pb_random, pb_spawn, pb_vanish, NULL,
                    NULL, pb_error, NULL,   NULL,    NULL,      NULL,     NULL};
    vm *v = vm_create(&cfg, &host);
    double *samples = mem_alloc((size_t)frames * sizeof *samples);
    if (!v || !samples || !h.fifo || !h.fifo_frame) {
        vm_destroy(v);
        mem_free(samples);
        mem_free(h.fifo);
        mem_free(h.fifo_frame);
        return -1;
    }
    for (uint32_t i = 0; i < emitters; i++) {
        const library_entry *e = entries[i % (uint32_t)nentries];
        /* objects 1..emitters; start frames spread so emitters are not in lockstep */
        vm_start(v, lib->prog, e->func, i + 1, e->defaults, e->nparams, (int32_t)(i % 16));
    }
    int warm = 60;
    vm_stats before = vm_get_stats(v);
    double live = 0;
    for (int f = 0; f < warm + frames; f++) {
        if (f == warm)
            before = vm_get_stats(v);
        h.frame = f;
        uint64_t t0 = clock_now_ns();
        vm_tick(v, f);
        /* bullets "leave the field": their scripts stop */
        while (h.head != h.tail && h.fifo_frame[h.head & (PB_FIFO - 1)] <= f - PB_BULLET_LIFE)
            vm_kill_obj(v, h.fifo[h.head++ & (PB_FIFO - 1)]);
        uint64_t t1 = clock_now_ns();
        if (f >= warm) {
            samples[f - warm] = (double)(t1 - t0) / 1e6;
            live += vm_get_stats(v).live;
        }
    }
    vm_stats after = vm_get_stats(v);
    bench_stats st = bench_summarize(samples, frames);
    out->p50 = st.p50;
    out->p99 = st.p99;
    out->max = st.max;
    out->live = live / frames;
    out->instructions = (double)(after.instructions - before.instructions) / frames;
    out->spawned = (double)(after.spawned - before.spawned) / frames;
    vm_destroy(v);
    mem_free(samples);
    mem_free(h.fifo);
    mem_free(h.fifo_frame);
    return 0;
}

/* Sleeping: the VM's wheel with every runner asleep, per frame. */
static double pb_sleepers_vm(const library *lib, const library_entry *sleeper, uint32_t n,
                             int frames)
{
    pb_host h;
    memset(&h, 0, sizeof h);
    vm_config cfg;
    vm_config_default(&cfg);
    cfg.capacity = n + 16;
    vm_host host = {&h,   pb_get,   pb_set, pb_ramp, pb_random, pb_spawn, pb_vanish, NULL,
                    NULL, pb_error, NULL,   NULL,    NULL,      NULL,     NULL};
    vm *v = vm_create(&cfg, &host);
    double *samples = mem_alloc((size_t)frames * sizeof *samples);
    double result = NAN;
    if (v && samples) {
        for (uint32_t i = 0; i < n; i++)
            vm_start(v, lib->prog, sleeper->func, i + 1, NULL, 0, (int32_t)(i % 600));
        for (int f = 0; f < 600; f++) /* all started and asleep */
            vm_tick(v, f);
        for (int f = 0; f < frames; f++) {
            uint64_t t0 = clock_now_ns();
            vm_tick(v, 600 + f);
            samples[f] = (double)(clock_now_ns() - t0) / 1e3;
        }
        result = bench_summarize(samples, frames).mean;
    }
    vm_destroy(v);
    mem_free(samples);
    return result;
}

/* The naive scheduler: every runner's wait counted down every frame. */
typedef struct pb_countdown {
    int32_t wait;
    uint32_t pc;
} pb_countdown;

static double pb_sleepers_countdown(uint32_t n, int frames)
{
    pb_countdown *c = mem_alloc(n * sizeof *c);
    double *samples = mem_alloc((size_t)frames * sizeof *samples);
    double result = NAN;
    if (c && samples) {
        for (uint32_t i = 0; i < n; i++)
            c[i] = (pb_countdown){1000000 + (int32_t)(i % 600), 0};
        uint64_t woke = 0;
        for (int f = 0; f < frames; f++) {
            uint64_t t0 = clock_now_ns();
            for (uint32_t i = 0; i < n; i++)
                if (--c[i].wait <= 0) {
                    c[i].pc++; /* would run the script here */
                    woke++;
                }
            samples[f] = (double)(clock_now_ns() - t0) / 1e3;
        }
        bench_consume(woke + c[n / 2].pc);
        result = bench_summarize(samples, frames).mean;
    }
    mem_free(c);
    mem_free(samples);
    return result;
}

/* One row of the emitters table. */
static void pb_row(bench_table *t, const char *label, uint32_t emitters, const pb_result *r)
{
    bench_table_row(t, label);
    bench_table_value(t, emitters);
    bench_table_value(t, r->live);
    bench_table_value(t, r->p50);
    bench_table_value(t, r->p99);
    bench_table_value(t, r->max);
    bench_table_value(t, r->instructions);
    bench_table_value(t, r->spawned);
}

int pattern_bench_run(bench *b)
{
    bench_begin_scenario(b, "patterns",
                         "pattern VM: 10,000 scripted emitters; compiling all of patterns/");
    static pb_files pf;
    if (pb_read_patterns(&pf) != 0) {
        bench_note(b, "no pattern files found under the data folder");
        return -1;
    }
    pb_compile_table(b, &pf);

    static diag_list diags;
    diag_init(&diags);
    library *lib = library_compile(pf.files, pf.count, &diags);
    diag_free(&diags);
    static const char sleeper_src[] = "pattern sleeper { wait 1000000 }\n"
                                      "pattern ring8 { loop { fire orb ring 8 at time * 3 "
                                      "speed 2; wait 4 } }\n"
                                      /* hostile: 16,000 threads a frame, each looping
                                       * without a wait (stopped by the frame's budget) */
                                      "pattern hostile { loop { repeat 16000 { thread { "
                                      "var a = 0; loop { a = a + 1 } } }; wait 1 } }\n";
    library_file sf = {"bench.pat", sleeper_src, sizeof sleeper_src - 1};
    diag_init(&diags);
    library *extra = library_compile(&sf, 1, &diags);
    diag_free(&diags);
    if (!lib || !extra) {
        library_free(lib);
        library_free(extra);
        pb_free_files(&pf);
        return -1;
    }
    const library_entry *entries[256];
    int n = 0;
    for (int i = 0; i < pf.count; i++) {
        const library_entry *e = pf.top[i] ? library_default_entry(lib, pf.files[i].path) : NULL;
        if (e)
            entries[n++] = e;
    }
    const library_entry *ring8 = library_find(extra, "ring8");
    int frames = b->quick ? 120 : 600;
    uint32_t many = 10000, few = 1000;

    static const bench_column cols[] = {
        {"emitters", "", 0, BENCH_NEUTRAL},         {"runners", "", 0, BENCH_NEUTRAL},
        {"p50", "ms/frame", 3, BENCH_LOWER_BETTER}, {"p99", "ms/frame", 3, BENCH_LOWER_BETTER},
        {"max", "ms/frame", 3, BENCH_LOWER_BETTER}, {"instr", "/frame", 0, BENCH_NEUTRAL},
        {"bullets", "/frame", 0, BENCH_NEUTRAL},
    };
    bench_table t;
    bench_table_begin(&t, b, "emitters", "Scripted emitters running at once (vm_tick per frame)",
                      cols, 7, 30);
    pb_result mix, simple, scripts, hostile;
    const library_entry *hostile_entry = library_find(extra, "hostile");
    int ok = pb_emitters(lib, entries, n, many, 0, frames, &mix) == 0 &&
             pb_emitters(extra, &ring8, 1, many, 0, frames, &simple) == 0 &&
             pb_emitters(lib, entries, n, few, 1, frames, &scripts) == 0 &&
             pb_emitters(extra, &hostile_entry, 1, 1, 1, frames / 4, &hostile) == 0;
    if (ok) {
        pb_row(&t, "library mix", many, &mix);
        pb_row(&t, "ring of 8 every 4 frames", many, &simple);
        pb_row(&t, "library mix + bullet scripts", few, &scripts);
        pb_row(&t, "hostile: 16,000 looping threads", 1, &hostile);
    }
    bench_table_end(&t);
    if (ok)
        bench_note(b,
                   "the worst frame of a hostile pattern: %.3f ms (the VM's frame budget: %u "
                   "instructions and %u scripts started)",
                   hostile.max, (unsigned)VM_FRAME_BUDGET, (unsigned)VM_FRAME_STARTS);
    if (ok)
        bench_note(b,
                   "target (10,000 emitters <= 1 ms per frame, median): library mix %s, "
                   "ring of 8 %s",
                   mix.p50 <= 1.0 ? "met" : "NOT met", simple.p50 <= 1.0 ? "met" : "NOT met");

    static const bench_column scols[] = {
        {"runners", "", 0, BENCH_NEUTRAL},
        {"per frame", "us", 3, BENCH_LOWER_BETTER},
        {"ratio", "x", 1, BENCH_HIGHER_BETTER},
    };
    const library_entry *sleeper = library_find(extra, "sleeper");
    double wheel = pb_sleepers_vm(extra, sleeper, many, frames);
    double countdown = pb_sleepers_countdown(many, frames);
    bench_table_begin(&t, b, "sleeping", "Runners asleep: the VM's timer wheel vs counting down",
                      scols, 3, 30);
    bench_table_row(&t, "countdown (naive)");
    bench_table_value(&t, many);
    bench_table_value(&t, countdown);
    bench_table_value(&t, 1.0);
    bench_table_row(&t, "timer wheel (vm)");
    bench_table_value(&t, many);
    bench_table_value(&t, wheel);
    bench_table_value(&t, wheel > 0 ? countdown / wheel : NAN);
    bench_table_end(&t);

    library_free(lib);
    library_free(extra);
    pb_free_files(&pf);
    return ok ? 0 : -1;
}
