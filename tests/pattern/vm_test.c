/* vm: scheduling, BulletML's runtime rules, firing, errors, the pool, no allocation. */
#include "../check.h"
#include "core/ease.h"
#include "core/mem.h"
#include "test_host.h"
#include "vm_asm.h"

#include <stdlib.h>

static char asm_err[512];

/* Assembles src, fails the test (and returns NULL) if it does not verify. */
static vm_program *build(const char *src)
{
    vm_program *p = asm_build(src, asm_err, sizeof asm_err);
    if (!p)
        fprintf(stderr, "asm: %s\n", asm_err);
    CHECK(p != NULL);
    return p;
}

/* Starts function `name` of p on the emitter (object 1) at frame 0. */
static vm_runner_id start(test_host *h, const vm_program *p, const char *name)
{
    if (!p)
        return 0;
    int f = program_find_func(p, name);
    CHECK(f >= 0);
    return vm_start(h->v, p, (uint32_t)f, 1, NULL, 0, 0);
}

/* ---- number rules ---- */

static void test_numbers(void)
{
    CHECK_EQ_INT(vm_trunc(2.9), 2);
    CHECK_EQ_INT(vm_trunc(-2.9), -2);
    CHECK_EQ_INT(vm_trunc(NAN), INT32_MIN);
    CHECK_EQ_INT(vm_trunc(INFINITY), INT32_MIN);
    CHECK_EQ_INT(vm_trunc(3e9), INT32_MIN);
    CHECK(vm_normalize_dir(720) == 360);
    CHECK(vm_normalize_dir(360) == 360);
    CHECK(vm_normalize_dir(-360) == 0);
    CHECK(vm_normalize_dir(370) == 10);
    CHECK(vm_normalize_dir(-10) == 350);
    CHECK(isnan(vm_normalize_dir(NAN)));
    CHECK(isnan(vm_normalize_dir(INFINITY)));
    /* the fmod shortcut for large values agrees with libbulletml's loop */
    rng r;
    rng_seed(&r, 7);
    int same = 1;
    for (int i = 0; i < 20000; i++) {
        double d = (rng_double(&r) - 0.5) * 2e5;
        if (i % 3 == 0)
            d = (double)(int)d * 360.0 / 360.0; /* some whole numbers, multiples too */
        if (i % 7 == 0)
            d = 360.0 * (double)((int)(rng_double(&r) * 500) - 250);
        double loop = d;
        while (loop > 360.0)
            loop -= 360.0;
        while (loop < 0.0)
            loop += 360.0;
        double got = vm_normalize_dir(d);
        if (memcmp(&loop, &got, sizeof got) != 0) {
            fprintf(stderr, "normalize %.17g: loop %.17g, vm %.17g\n", d, loop, got);
            same = 0;
            break;
        }
    }
    CHECK(same);
    vm_ramp ramp = {10, 14, 350, 370, EASE_LINEAR};
    CHECK(vm_ramp_value(&ramp, 11) == 355);
    CHECK(vm_ramp_value(&ramp, 14) == 370);
    CHECK(vm_ramp_value(&ramp, 99) == 370);
    /* Eased ramps (enemies, the BulletML reference host) follow the curve. */
    vm_ramp smooth = {10, 14, 1, 3, EASE_SMOOTH}, in = {0, 4, 0, 4, EASE_IN};
    CHECK(vm_ramp_value(&smooth, 11) == 1.3125);
    CHECK(vm_ramp_value(&smooth, 12) == 2.0);
    CHECK(vm_ramp_value(&smooth, 13) == 2.6875);
    CHECK(vm_ramp_value(&smooth, 14) == 3.0);
    CHECK(vm_ramp_value(&in, 1) == 0.25 && vm_ramp_value(&in, 3) == 2.25);
}

/* ---- the verifier ---- */

/* Each bad program must be refused with the reason named. */
static void check_rejected(const char *src, const char *reason)
{
    char err[512];
    vm_program *p = asm_build(src, err, sizeof err);
    CHECK(p == NULL);
    CHECK_STR_CONTAINS(err, reason);
    program_free(p);
}

static void test_verifier(void)
{
    check_rejected("func f 0 0\nADD\nRET\n", "pops 2 of 0");
    check_rejected("func f 0 0\nCONST 1\nRET\n", "1 values left");
    check_rejected("func f 0 0\nCONST 1\nPOP\n", "runs off the end");
    check_rejected("func f 0 0\nLOCAL 3\nPOP\nRET\n", "no slot 3");
    check_rejected("func f 0 1\nCONST 1\nJMPF out\nCONST 2\nout:\nCONST 4\nPOP\nRET\n",
                   "stack depth");
    check_rejected("func f 0 0\nJMP 7\nRET\n", "leaves the function");
    check_rejected("func f 0 0\nSET aim\nRET\n", "cannot be set");
    check_rejected("func f 0 0\nCONST 1\nSHOT_DIR by\nRET\n", "bad mode");
    check_rejected("func f 0 0\nCALL g\nRET\nfunc g 1 0\nRET\n", "pops 1 of 0");
    check_rejected("func f 0 0\nACT move_to 2\nRET\n", "bad verb");
    check_rejected("func f 0 0\nRAND 5\nPOP\nRET\n", "unexpected operand");
    /* a print of no values, of more than 16, or with a string bit past its values */
    check_rejected("func f 0 0\nPRINT 0 0\nRET\n", "bad print of 0 values");
    check_rejected("func f 0 0\nPRINT 17 0\nRET\n", "bad print of 17 values");
    check_rejected("func f 0 0\nCONST 1\nPRINT 1 2\nRET\n", "bad print of 1 values (strings 0x2)");
    /* a shared array past the program's shared values (it has none) */
    check_rejected("func f 0 0\nCONST 0\nSHAREDI 0 4\nPOP\nRET\n", "bad shared array of 4 at 0");
    /* an array param's slot, a reference to an array past the frame */
    check_rejected("func f 0 1\nCONST 0\nREFI 3\nPOP\nRET\n", "no slot 3");
    check_rejected("func f 0 1\nARRREF 2 0\nPOP\nRET\n", "bad array of 2 slots at 0");
    /* a good one, with its frame size: 1 param + 2 locals + 3 temporaries */
    vm_program *p = build("func f 1 2\nCONST 1\nCONST 2\nCONST 3\nADD\nADD\nPOP\nRET\n");
    if (p) {
        CHECK_EQ_INT(p->funcs[0].frame_size, 6);
        program_free(p);
    }
}

/* ---- scheduling ---- */

static void test_wait_schedule(void)
{
    test_host h;
    CHECK(th_init(&h, 0, 0) == 0);
    vm_program *p = build("func top 0 0\n"
                          "again:\n"
                          "SHOT_BEGIN\nFIRE\n"
                          "CONST 3\nWAIT\n"
                          "JMP again\n");
    start(&h, p, "top");
    th_run(&h, 10); /* frames 0..9 */
    CHECK_EQ_INT(th_count(&h, TH_SPAWN, 0, -2), 4);
    CHECK_EQ_INT(th_count(&h, TH_SPAWN, 0, 0), 1);
    CHECK_EQ_INT(th_count(&h, TH_SPAWN, 0, 3), 1);
    CHECK_EQ_INT(th_count(&h, TH_SPAWN, 0, 6), 1);
    CHECK_EQ_INT(th_count(&h, TH_SPAWN, 0, 9), 1);
    /* fractional waits are truncated, waits <= 0 cost nothing, a huge wait sleeps */
    vm_reset(h.v);
    h.nevents = 0;
    h.frame = -1;
    vm_program *q = build("func top 0 0\n"
                          "SHOT_BEGIN\nFIRE\nCONST 2.9\nWAIT\n"
                          "SHOT_BEGIN\nFIRE\nCONST 0.9\nWAIT\nCONST -4\nWAIT\n"
                          "SHOT_BEGIN\nFIRE\nCONST 700\nWAIT\n"  /* longer than the wheel */
                          "SHOT_BEGIN\nFIRE\nCONST 1e12\nWAIT\n" /* out of range: no wait */
                          "SHOT_BEGIN\nFIRE\nCONST 2e9\nWAIT\n"  /* saturates: forever */
                          "SHOT_BEGIN\nFIRE\nRET\n");
    start(&h, q, "top");
    th_run(&h, 800);
    CHECK_EQ_INT(th_count(&h, TH_SPAWN, 0, 0), 1);
    CHECK_EQ_INT(th_count(&h, TH_SPAWN, 0, 2), 2);
    CHECK_EQ_INT(th_count(&h, TH_SPAWN, 0, 702), 2);
    CHECK_EQ_INT(th_count(&h, TH_SPAWN, 0, -2), 5);
    program_free(p);
    program_free(q);
    th_free(&h);
}

/* Runners due in the same frame run in creation order, whatever order their
 * waits put them in the wheel. */
static void test_creation_order(void)
{
    test_host h;
    CHECK(th_init(&h, 0, 0) == 0);
    vm_program *p = build("func a 0 0\n"
                          "CONST 2\nWAIT\nCONST 3\nWAIT\n"
                          "SHOT_BEGIN\nCONST 1\nSHOT_DIR absolute\nFIRE\nRET\n"
                          "func b 0 0\n"
                          "CONST 5\nWAIT\n"
                          "SHOT_BEGIN\nCONST 2\nSHOT_DIR absolute\nFIRE\nRET\n"
                          "func c 0 0\n"
                          "CONST 4\nWAIT\nCONST 1\nWAIT\n"
                          "SHOT_BEGIN\nCONST 3\nSHOT_DIR absolute\nFIRE\nRET\n");
    start(&h, p, "a");
    start(&h, p, "b");
    start(&h, p, "c");
    th_run(&h, 6);
    const th_event *e0 = th_nth(&h, TH_SPAWN, 0), *e1 = th_nth(&h, TH_SPAWN, 1),
                   *e2 = th_nth(&h, TH_SPAWN, 2);
    CHECK(e0 && e1 && e2);
    if (e0 && e1 && e2) {
        CHECK_EQ_INT(e0->frame, 5);
        CHECK_EQ_INT(e2->frame, 5);
        CHECK(e0->value == 1 && e1->value == 2 && e2->value == 3);
    }
    program_free(p);
    th_free(&h);
}

/* BULLETML.md 4.5's chdir.xml timeline: a bullet created at frame 0 heading 350,
 * speed 1, first running at frame 1. */
static const char *chdir_src = "func top 0 0\n"
                               "SHOT_BEGIN\nCONST 1\nSHOT_SPD absolute\n"
                               "CONST 350\nSHOT_DIR absolute\nFIRE_RUN b\nRET\n"
                               "func b 0 0\n"
                               "CONST 4\nCONST 10\nRAMP heading absolute record\n"
                               "CONST 6\nWAIT\n"
                               "CONST 3\nCONST 270\nRAMP heading relative record\n"
                               "CONST 5\nWAIT\n"
                               "CONST 3\nCONST 5\nRAMP heading sequence\n"
                               "CONST 5\nWAIT\n"
                               "CONST 0\nCONST 0\nRAMP heading aim record\n"
                               "CONST 3\nWAIT\n"
                               "CONST 2\nCONST 0.5\nRAMP speed sequence\n"
                               "CONST 4\nWAIT\n"
                               "CONST 2\nCONST -1\nRAMP speed relative record\n"
                               "CONST 4\nWAIT\n"
                               "CONST 2\nCONST 3\nRAMP speed absolute record\n"
                               "RET\n";

static const struct {
    int32_t frame;
    vm_prop prop;
    double value;
} chdir_expected[] = {
    {2, VM_PROP_HEADING, 355},  {3, VM_PROP_HEADING, 360},  {4, VM_PROP_HEADING, 365},
    {5, VM_PROP_HEADING, 370},  {8, VM_PROP_HEADING, 340},  {9, VM_PROP_HEADING, 310},
    {10, VM_PROP_HEADING, 280}, {13, VM_PROP_HEADING, 285}, {14, VM_PROP_HEADING, 290},
    {15, VM_PROP_HEADING, 295}, {21, VM_PROP_SPEED, 1.5},   {22, VM_PROP_SPEED, 2.0},
    {25, VM_PROP_SPEED, 1.5},   {26, VM_PROP_SPEED, 1.0},   {29, VM_PROP_SPEED, 2},
    {30, VM_PROP_SPEED, 3},
};

static void test_chdir_exact(void)
{
    test_host h;
    CHECK(th_init(&h, 1, 0) == 0);
    vm_program *p = build(chdir_src);
    start(&h, p, "top");
    th_run(&h, 40);
    /* every set of the bullet (object 2), in order; the aim at 18 in the middle */
    int k = 0, ok = 1, aim_sets = 0;
    for (int i = 0; i < h.nevents; i++) {
        const th_event *e = &h.events[i];
        if (e->kind != TH_SET || e->obj != 2)
            continue;
        if (e->frame == 18) {
            aim_sets++;
            CHECK(e->value >= 0 && e->value <= 360);
            continue;
        }
        int n = (int)(sizeof chdir_expected / sizeof chdir_expected[0]);
        if (k >= n || e->frame != chdir_expected[k].frame ||
            e->what != (int)chdir_expected[k].prop || e->value != chdir_expected[k].value) {
            fprintf(stderr, "chdir: event %d: frame %d prop %d value %.17g\n", k, (int)e->frame,
                    e->what, e->value);
            ok = 0;
        }
        k++;
    }
    CHECK(ok);
    CHECK_EQ_INT(k, (int)(sizeof chdir_expected / sizeof chdir_expected[0]));
    CHECK_EQ_INT(aim_sets, 1);
    /* the thread ends in the run of frame 30 (Q18), after that frame's ramp value */
    CHECK_EQ_INT(th_count(&h, TH_ENDED, 2, 30), 1);
    CHECK_EQ_INT(th_count(&h, TH_ENDED, 2, -2), 1);
    /* the emitter's own script (fire, then nothing) ends on the next frame */
    CHECK_EQ_INT(th_count(&h, TH_ENDED, 1, 1), 1);
    program_free(p);
    th_free(&h);
}

/* The same script with host ramps: the object reaches the same values. */
static void test_chdir_host_ramps(void)
{
    test_host h;
    CHECK(th_init(&h, 0, 0) == 0);
    vm_program *p = build(chdir_src);
    start(&h, p, "top");
    int n = (int)(sizeof chdir_expected / sizeof chdir_expected[0]), k = 0, ok = 1;
    for (int f = 0; f <= 32; f++) {
        th_step(&h);
        if (k < n && chdir_expected[k].frame == f) {
            const th_obj *o = &h.objs[1];
            double got = chdir_expected[k].prop == VM_PROP_HEADING ? o->heading : o->speed;
            if (got != chdir_expected[k].value) {
                fprintf(stderr, "host ramps: frame %d: %.17g, wanted %.17g\n", f, got,
                        chdir_expected[k].value);
                ok = 0;
            }
            k++;
        }
    }
    CHECK(ok);
    CHECK_EQ_INT(k, n);
    CHECK_EQ_INT(th_count(&h, TH_RAMP, 2, -2), 7);
    CHECK_EQ_INT(th_count(&h, TH_ENDED, 2, 30), 1);
    program_free(p);
    th_free(&h);
}

/* BULLETML.md 4.4's seq.xml: aim 180, default speed 2, the firer's speed 0. */
static void test_sequence_rules(void)
{
    test_host h;
    CHECK(th_init(&h, 1, 0) == 0);
    h.default_speed = 2;
    vm_program *p =
        build("func top 0 0\n"
              "SHOT_BEGIN\nCONST 0.5\nSHOT_SPD sequence\nCONST 10\nSHOT_DIR sequence\nFIRE\n"
              "SHOT_BEGIN\nCONST 0.5\nSHOT_SPD sequence\nCONST 10\nSHOT_DIR sequence\nFIRE\n"
              "SHOT_BEGIN\nFIRE\n"
              "SHOT_BEGIN\nCONST 0.5\nSHOT_SPD sequence\nCONST 10\nSHOT_DIR sequence\nFIRE\n"
              "SHOT_BEGIN\nCONST 5\nSHOT_SPD relative\nCONST 400\nSHOT_DIR absolute\nFIRE\n"
              "SHOT_BEGIN\nCONST -20\nSHOT_DIR sequence\nFIRE\n"
              "SHOT_BEGIN\nCONST 0\nSHOT_DIR aim\nFIRE\n"
              "SHOT_BEGIN\nCONST 30\nSHOT_DIR aim\nFIRE\n"
              /* fire absolute 90, then a bullet definition with sequence $1 = 33 */
              "SHOT_BEGIN\nCONST 90\nSHOT_DIR absolute\nCONST 33\nCALL bullet\n"
              "RET\n"
              "func bullet 1 0\n"
              "LOCAL 0\nSHOT_DIR sequence\nFIRE\nRET\n");
    start(&h, p, "top");
    th_step(&h);
    const double want[][2] = {{180, 1}, {190, 1.5}, {180, 2},  {190, 2.5}, {40, 5},
                              {20, 2},  {180, -1},  {210, -1}, {123, -1}};
    for (int i = 0; i < 9; i++) {
        const th_event *e = th_nth(&h, TH_SPAWN, i);
        CHECK(e != NULL);
        if (!e)
            continue;
        CHECK_NEAR(e->value, want[i][0], 1e-12);
        if (want[i][1] >= 0)
            CHECK_NEAR(e->value2, want[i][1], 0);
    }
    program_free(p);
    th_free(&h);
}

/* repeat runs at least once in BulletML mode, not otherwise; counters count. */
static void test_loops(void)
{
    test_host h;
    CHECK(th_init(&h, 0, 0) == 0);
    vm_program *p = build("func top 0 2\n"
                          "CONST 0.7\nLOOP_INIT 0 once\n"
                          "t1:\nLOOP_TEST 0 d1\nSHOT_BEGIN\nFIRE\nLOOP_NEXT 0 t1\n"
                          "d1:\n"
                          "CONST 0\nLOOP_INIT 0\n"
                          "t2:\nLOOP_TEST 0 d2\nSHOT_BEGIN\nFIRE\nLOOP_NEXT 0 t2\n"
                          "d2:\n"
                          "CONST 3.9\nLOOP_INIT 0\n" /* 3 bullets at 0, 10, 20 degrees */
                          "t3:\nLOOP_TEST 0 d3\nSHOT_BEGIN\n"
                          "LOCAL 0\nCONST 10\nMUL\nSHOT_DIR absolute\nFIRE\nLOOP_NEXT 0 t3\n"
                          "d3:\nRET\n");
    start(&h, p, "top");
    th_step(&h);
    CHECK_EQ_INT(th_count(&h, TH_SPAWN, 0, -2), 4);
    const th_event *e = th_nth(&h, TH_SPAWN, 3);
    CHECK(e && e->value == 20);
    program_free(p);
    th_free(&h);
}

/* Params: a call sees its own values; locals start at 0 on every call. */
static void test_calls(void)
{
    test_host h;
    CHECK(th_init(&h, 0, 0) == 0);
    vm_program *p = build("func top 0 0\n"
                          "CONST 30\nCONST 4\nCALL shoot\n"
                          "CONST 60\nCONST 5\nCALL shoot\nRET\n"
                          "func shoot 2 1\n"
                          "LOCAL 2\nLOCAL 0\nADD\nSTORE 2\n"
                          "SHOT_BEGIN\nLOCAL 2\nSHOT_DIR absolute\nLOCAL 1\nSHOT_SPD absolute\n"
                          "FIRE\nRET\n");
    start(&h, p, "top");
    th_step(&h);
    const th_event *a = th_nth(&h, TH_SPAWN, 0), *b = th_nth(&h, TH_SPAWN, 1);
    CHECK(a && b);
    if (a && b) {
        CHECK(a->value == 30 && a->value2 == 4);
        CHECK(b->value == 60 && b->value2 == 5);
    }
    program_free(p);
    th_free(&h);
}

/* A script that never waits is stopped with an error naming its line; the
 * others go on. Recursion past VM_MAX_DEPTH is an error too. */
static void test_runaway(void)
{
    test_host h;
    CHECK(th_init(&h, 0, 0) == 0);
    vm_program *p = build("func bad 0 0\n"
                          "spin:\n"
                          "CONST 1\n"
                          "POP\n"
                          "JMP spin\n"
                          "func good 0 0\n"
                          "again:\nSHOT_BEGIN\nFIRE\nCONST 1\nWAIT\nJMP again\n"
                          "func deep 0 0\nCALL deep\nRET\n");
    start(&h, p, "bad");
    start(&h, p, "good");
    start(&h, p, "deep");
    th_run(&h, 5);
    CHECK_EQ_INT(h.errors, 2);
    CHECK_EQ_INT(th_count(&h, TH_SPAWN, 0, -2), 5);
    CHECK_EQ_INT(th_count(&h, TH_ENDED, 0, 0), 2);
    CHECK_STR_CONTAINS(h.last_error, "asm:14:1: calls nested more than");
    const th_event *e = th_nth(&h, TH_ENDED, 0);
    CHECK(e && e->what == VM_END_ERROR);
    vm_reset(h.v);
    h.errors = 0;
    start(&h, p, "bad");
    th_step(&h);
    CHECK_STR_CONTAINS(h.last_error, "asm:");
    CHECK_STR_CONTAINS(h.last_error, "runaway script");
    CHECK_EQ_INT(vm_get_stats(h.v).live, 0);
    program_free(p);
    th_free(&h);
}

/* vanish does not stop the script: a fire after it still fires, and the runner
 * stops at its next wait. */
static void test_vanish(void)
{
    test_host h;
    CHECK(th_init(&h, 0, 0) == 0);
    vm_program *p = build("func top 0 0\n"
                          "VANISH\nSHOT_BEGIN\nFIRE\nCONST 0\nWAIT\nSHOT_BEGIN\nFIRE\n"
                          "CONST 1\nWAIT\nSHOT_BEGIN\nFIRE\nRET\n");
    start(&h, p, "top");
    th_run(&h, 3);
    CHECK_EQ_INT(th_count(&h, TH_VANISH, 1, 0), 1);
    CHECK_EQ_INT(th_count(&h, TH_SPAWN, 0, -2), 2);
    const th_event *e = th_nth(&h, TH_ENDED, 0);
    CHECK(e && e->what == VM_END_VANISHED && e->frame == 0);
    program_free(p);
    th_free(&h);
}

/* A bullet with two roots: the second starts on the next frame with sched left
 * behind, so its first run does two "wait 1" iterations (BULLETML.md 4.6). */
static void test_yield_catch_up(void)
{
    test_host h;
    CHECK(th_init(&h, 0, 0) == 0);
    vm_program *p = build("func top 0 0\nSHOT_BEGIN\nFIRE_RUN roots\nRET\n"
                          "func roots 0 0\n"
                          "CONST 0\nCONST 2\nRAMP speed absolute\n" /* root 1 */
                          "YIELD\n"
                          "again:\n" /* root 2 */
                          "CONST 45\nSET heading\nCONST 1\nWAIT\nJMP again\n");
    start(&h, p, "top");
    th_run(&h, 5); /* bullet born at 0, first runs at 1, root 2 at 2 */
    CHECK_EQ_INT(th_count(&h, TH_SET, 2, 1), 0);
    CHECK_EQ_INT(th_count(&h, TH_SET, 2, 2), 2);
    CHECK_EQ_INT(th_count(&h, TH_SET, 2, 3), 1);
    program_free(p);
    th_free(&h);
}

/* FIRE's forms, layers and offsets. */
static void test_forms(void)
{
    test_host h;
    CHECK(th_init(&h, 0, 0) == 0);
    vm_program *p = build("func top 0 0\n"
                          "SHOT_BEGIN\nSHOT_FORM ring\nCONST 4\nSHOT_SET count\n"
                          "CONST 0\nSHOT_DIR absolute\nFIRE\n"
                          "SHOT_BEGIN\nSHOT_FORM arc\nCONST 3\nSHOT_SET count\n"
                          "CONST 90\nSHOT_SET angle\nCONST 180\nSHOT_DIR absolute\nFIRE\n"
                          "SHOT_BEGIN\nSHOT_FORM spread\nCONST 3\nSHOT_SET count\n"
                          "CONST 10\nSHOT_SET angle\nCONST 180\nSHOT_DIR absolute\n"
                          "CONST 2\nSHOT_SET layers\nCONST 0.5\nSHOT_SET layer_speed\n"
                          "CONST 2\nSHOT_SPD absolute\nFIRE\n"
                          "SHOT_BEGIN\nCONST 10\nSHOT_SET radius\nCONST 90\nSHOT_DIR absolute\n"
                          "SHOT_LOOK 7\nCONST 120\nSHOT_SET life\nCONST 1.5\nSHOT_SET spin\n"
                          "FIRE\nRET\n");
    start(&h, p, "top");
    th_step(&h);
    const double dirs[] = {0, 90, 180, 270, 135, 180, 225, 170, 180, 190, 170, 180, 190, 90};
    CHECK_EQ_INT(th_count(&h, TH_SPAWN, 0, -2), 14);
    for (int i = 0; i < 14; i++) {
        const th_event *e = th_nth(&h, TH_SPAWN, i);
        if (e)
            CHECK_NEAR(e->value, dirs[i], 1e-12);
    }
    const th_event *l2 = th_nth(&h, TH_SPAWN, 10);
    CHECK(l2 && l2->value2 == 2.5);
    const th_obj *o = &h.objs[14];
    CHECK_NEAR(o->x, 10, 1e-12);
    CHECK_NEAR(o->y, 0, 1e-12);
    CHECK_EQ_INT(o->look, 7);
    CHECK_EQ_INT(o->life, 120);
    CHECK(o->spin == 1.5);
    program_free(p);
    th_free(&h);
}

/* FORK starts a thread in the same frame, after the runners already due. PICK,
 * MOD, math and comparisons compute what they say. */
static void test_fork_and_math(void)
{
    test_host h;
    CHECK(th_init(&h, 0, 0) == 0);
    h.rank = 0.7;
    vm_program *p = build("func top 0 0\n"
                          "CONST 11\nFORK child\n"
                          "SHOT_BEGIN\nCONST 1\nSHOT_DIR absolute\nFIRE\n"
                          "CONST -30\nCONST 360\nMOD\nCALL at\n"                     /* 330 */
                          "CONST 8\nCONST 12\nCONST 16\nCONST 24\nPICK 4\nCALL at\n" /* 16 */
                          "CONST 90\nMATH sin\nCONST 2\nCONST 3\nLT\nADD\nCALL at\n" /* 2 */
                          "CONST 3\nCONST 4\nMATH angle\nCALL at\n" /* heading of (3,4) */
                          "RET\n"
                          "func child 1 0\nLOCAL 0\nCALL at\nRET\n"
                          "func at 1 0\nSHOT_BEGIN\nLOCAL 0\nSHOT_DIR absolute\nFIRE\nRET\n");
    start(&h, p, "top");
    th_step(&h);
    const double want[] = {1, 330, 16, 2, 143.13010235415598, 11};
    for (int i = 0; i < 6; i++) {
        const th_event *e = th_nth(&h, TH_SPAWN, i);
        CHECK(e != NULL);
        if (e)
            CHECK_NEAR(e->value, want[i], 1e-9);
    }
    program_free(p);
    th_free(&h);
}

/* Kills, stale ids, a full pool, refused spawns, the object map. */
static void test_pool(void)
{
    test_host h;
    CHECK(th_init(&h, 0, 4) == 0);
    vm_program *p = build("func top 0 0\nagain:\nCONST 1\nWAIT\nJMP again\n"
                          "func burst 0 0\nSHOT_BEGIN\nSHOT_FORM ring\nCONST 6\nSHOT_SET count\n"
                          "FIRE_RUN top\nRET\n");
    uint32_t top = (uint32_t)program_find_func(p, "top");
    vm_runner_id a = vm_start(h.v, p, top, 1, NULL, 0, 0);
    vm_runner_id b = vm_start(h.v, p, top, 1, NULL, 0, 0);
    vm_runner_id c = vm_start(h.v, p, top, 5, NULL, 0, 0);
    CHECK(a && b && c);
    CHECK_EQ_INT(vm_obj_runners(h.v, 1), 2);
    CHECK_EQ_INT(vm_obj_runners(h.v, 5), 1);
    th_run(&h, 3);
    vm_kill_obj(h.v, 1);
    CHECK(!vm_alive(h.v, a) && !vm_alive(h.v, b) && vm_alive(h.v, c));
    CHECK_EQ_INT(vm_obj_runners(h.v, 1), 0);
    vm_kill(h.v, a); /* stale: ignored */
    vm_kill(h.v, 0);
    vm_runner_id d = vm_start(h.v, p, top, 6, NULL, 0, 3);
    CHECK(d && d != a && d != b);
    CHECK(!vm_alive(h.v, a));
    /* capacity 4: two live (c, d) and a burst of 6 scripted bullets: 1 runner for
     * the burst itself, 1 left for a bullet; the other 5 bullets are refused */
    vm_start(h.v, p, (uint32_t)program_find_func(p, "burst"), 1, NULL, 0, 3);
    th_step(&h);
    vm_stats s = vm_get_stats(h.v);
    CHECK_EQ_INT(th_count(&h, TH_SPAWN, 0, 3), 1);
    CHECK_EQ_INT(s.refused, 5);
    CHECK_EQ_INT(s.peak, 4);
    /* the host refusing spawns gives each reserved runner back */
    th_step(&h); /* frame 4: the first burst's script ends */
    vm_kill(h.v, d);
    h.refuse_spawns = 1;
    vm_start(h.v, p, (uint32_t)program_find_func(p, "burst"), 1, NULL, 0, 5);
    th_step(&h);
    s = vm_get_stats(h.v);
    CHECK_EQ_INT(s.spawn_refused, 6);
    CHECK_EQ_INT(s.live, 3); /* c, the first bullet's runner, the ending burst */
    program_free(p);
    th_free(&h);
}

/* Once warmed up, ticking never allocates: thousands of scripted bullets
 * spawning, sleeping and ending. */
static void test_no_allocation(void)
{
    test_host h;
    CHECK(th_init(&h, 1, 8192) == 0);
    vm_program *p = build("func top 0 2\n"
                          "CONST 40\nLOOP_INIT 0\n"
                          "t:\nLOOP_TEST 0 d\n"
                          "SHOT_BEGIN\nSHOT_FORM ring\nCONST 24\nSHOT_SET count\n"
                          "LOCAL 0\nCONST 7\nMUL\nSHOT_DIR absolute\nFIRE_RUN split\n"
                          "CONST 2\nWAIT\nLOOP_NEXT 0 t\n"
                          "d:\nRET\n"
                          "func split 0 0\n"
                          "CONST 10\nCONST 0\nRAMP speed absolute\nCONST 20\nWAIT\n"
                          "CONST 5\nCONST 10\nRAMP heading aim\n"
                          "CONST 3\nCONST 2\nRAMP speed absolute\nVANISH\nCONST 1\nWAIT\nRET\n");
    start(&h, p, "top");
    th_run(&h, 5);
    mem_stats before = mem_get_stats();
    th_run(&h, 120);
    mem_stats after = mem_get_stats();
    CHECK_EQ_U64(after.allocs - before.allocs, 0);
    vm_stats s = vm_get_stats(h.v);
    CHECK(s.spawned > 900);
    CHECK(s.ended > 900);
    CHECK_EQ_INT(s.errors, 0);
    program_free(p);
    th_free(&h);
}

/* vm_create refuses bad configurations and survives allocation failures. */
static void test_create(void)
{
    test_host h;
    CHECK(th_init(&h, 0, 0) == 0);
    vm_host host = {0};
    vm_config cfg;
    vm_config_default(&cfg);
    cfg.capacity = 0;
    CHECK(vm_create(&cfg, &host) == NULL);
    vm_config_default(&cfg);
    cfg.exact_ramps = 1;
    int64_t live = mem_live_blocks();
    for (uint64_t n = 1; n <= 12; n++) {
        mem_fail_at(n);
        vm *v = vm_create(&cfg, &host);
        mem_fail_at(0);
        if (v)
            vm_destroy(v);
        CHECK_EQ_INT(mem_live_blocks(), live);
    }
    th_free(&h);
}

int main(void)
{
    test_numbers();
    test_verifier();
    test_wait_schedule();
    test_creation_order();
    test_chdir_exact();
    test_chdir_host_ramps();
    test_sequence_rules();
    test_loops();
    test_calls();
    test_runaway();
    test_vanish();
    test_yield_catch_up();
    test_forms();
    test_fork_and_math();
    test_pool();
    test_no_allocation();
    test_create();
    return check_done("pattern.vm");
}
