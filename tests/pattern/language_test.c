/* language: pattern files compiled and run, checked against what they say. */
#include "../check.h"
#include "core/file.h"
#include "core/mem.h"
#include "pattern/content/library.h"
#include "pattern/objects/sandbox.h"
#include "sim/bullet_kind.h"
#include "test_host.h"
#include "test_sandbox.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static diag_list diags;

/* Compiles one source text; prints the diagnostics if it fails. */
static library *compile(const char *src)
{
    library_file f = {"test.pat", src, strlen(src)};
    diag_free(&diags); /* the previous compile's */
    library *lib = library_compile(&f, 1, &diags);
    if (!lib || diags.count)
        diag_print(&diags, stderr);
    return lib;
}

/* Runs entry `name` of lib on the test host's emitter for `frames` frames. */
static void run_entry(test_host *h, const library *lib, const char *name, int frames)
{
    const library_entry *e = library_find(lib, name);
    CHECK(e != NULL);
    if (!e)
        return;
    CHECK(vm_start(h->v, lib->prog, e->func, 1, e->defaults, e->nparams, 0) != 0);
    th_run(h, frames);
}

/* The n-th spawn's direction and speed. */
static double spawn_dir(const test_host *h, int n)
{
    const th_event *e = th_nth(h, TH_SPAWN, n);
    return e ? e->value : NAN;
}
static double spawn_speed(const test_host *h, int n)
{
    const th_event *e = th_nth(h, TH_SPAWN, n);
    return e ? e->value2 : NAN;
}

static void test_basics(void)
{
    library *lib = compile("const step = 10 * 2   # folded\n"
                           "pattern p {\n"
                           "    var a = 5\n"
                           "    repeat 3 as i {\n"
                           "        fire orb red at a + i * step speed 2 + i\n"
                           "        wait 4\n"
                           "    }\n"
                           "    a *= 3\n"
                           "    fire at a\n"
                           "}\n");
    CHECK(lib != NULL);
    if (!lib)
        return;
    test_host h;
    th_init(&h, 0, 0);
    run_entry(&h, lib, "p", 20);
    CHECK_EQ_INT(th_count(&h, TH_SPAWN, 0, -2), 4);
    CHECK(spawn_dir(&h, 0) == 5 && spawn_dir(&h, 1) == 25 && spawn_dir(&h, 2) == 45);
    CHECK(spawn_speed(&h, 2) == 4);
    CHECK_EQ_INT(th_nth(&h, TH_SPAWN, 2)->frame, 8);
    CHECK(spawn_dir(&h, 3) == 15);
    CHECK(spawn_speed(&h, 3) == 1); /* no speed: the default */
    /* the look of "orb red" */
    CHECK_EQ_INT(h.objs[1].look, library_look(BULLET_SHAPE_ORB, BULLET_COLOR_RED));
    CHECK_EQ_INT(h.objs[4].look, 0);
    th_free(&h);
    library_free(lib);
}

/* Constant folding: a constant expression is one CONST instruction. */
static void test_folding(void)
{
    library *lib = compile("const a = 3\nconst b = a * 4 + sin(90)\n"
                           "pattern p { wait (b - 1) / 2 + level(7, 7, 7, 7) }\n");
    CHECK(lib != NULL);
    if (!lib)
        return;
    const vm_program *p = lib->prog;
    const vm_func *f = &p->funcs[library_find(lib, "p")->func];
    CHECK_EQ_INT(f->end - f->pc, 3); /* CONST 13, WAIT, RET */
    CHECK_EQ_INT(VM_GET_OP(p->code[f->pc]), VM_OP_CONST);
    CHECK(p->consts[VM_GET_AX(p->code[f->pc])] == 13);
    library_free(lib);
}

/* Forms, stacks, offsets, spin, life, aim. */
static void test_fire_clauses(void)
{
    library *lib =
        compile("pattern p {\n"
                "    fire orb ring 4 at 10\n"
                "    fire orb arc 3 over 90 at down\n"
                "    fire orb spread 2 by 20 at up speed 3 stack 2 by 1\n"
                "    fire star from (5, -6) radius 10 at right spin 2 life 30 accel 0.5\n"
                "    fire kunai aim velocity (1, 2)\n"
                "}\n");
    CHECK(lib != NULL);
    if (!lib)
        return;
    test_host h;
    th_init(&h, 0, 0);
    run_entry(&h, lib, "p", 1);
    const double dirs[] = {10, 100, 190, 280, 135, 180, 225, -10, 10, -10, 10, 90, 180};
    CHECK_EQ_INT(th_count(&h, TH_SPAWN, 0, -2), 13);
    for (int i = 0; i < 13; i++)
        CHECK_NEAR(spawn_dir(&h, i), dirs[i], 1e-9);
    CHECK(spawn_speed(&h, 9) == 4);
    const th_obj *star = &h.objs[12];
    CHECK_NEAR(star->x, 15, 1e-9);
    CHECK_NEAR(star->y, -6, 1e-9);
    CHECK(star->spin == 2 && star->life == 30 && star->accel == 0.5);
    const th_obj *kunai = &h.objs[13];
    CHECK(kunai->vx == 1 && kunai->vy == 2);
    th_free(&h);
    library_free(lib);
}

/* Inline bullet scripts capture variables by value; named patterns take named
 * and default arguments. */
static void test_scripts_and_calls(void)
{
    library *lib = compile("pattern shot(dir, speed_ = 2) { fire at dir speed speed_ }\n"
                           "pattern p {\n"
                           "    var d = 30\n"
                           "    fire orb at 0 {\n"
                           "        wait 2\n"
                           "        fire at d\n"
                           "        d += 1\n"
                           "        fire at d\n"
                           "    }\n"
                           "    d = 100\n"
                           "    run shot(d)\n"
                           "    run shot(speed_: 5, dir: 7)\n"
                           "    fire orb run shot(60, 4)\n"
                           "}\n");
    CHECK(lib != NULL);
    if (!lib)
        return;
    test_host h;
    th_init(&h, 0, 0);
    run_entry(&h, lib, "p", 4);
    /* frame 0: the bullet, shot(100), shot(7), the orb running shot(60, 4) */
    CHECK(spawn_dir(&h, 1) == 100 && spawn_speed(&h, 1) == 2);
    CHECK(spawn_dir(&h, 2) == 7 && spawn_speed(&h, 2) == 5);
    /* frame 1: the orb's script fires 60 at 4; frame 3: the first bullet's, 30 then 31 */
    CHECK(spawn_dir(&h, 4) == 60 && spawn_speed(&h, 4) == 4);
    CHECK(spawn_dir(&h, 5) == 30 && spawn_dir(&h, 6) == 31);
    CHECK_EQ_INT(th_nth(&h, TH_SPAWN, 5)->frame, 3);
    th_free(&h);
    library_free(lib);
}

/* Control flow: if/else, while, loop with break and continue, wait until. */
static void test_control(void)
{
    library *lib = compile("pattern p {\n"
                           "    var n = 0\n"
                           "    loop as i {\n"
                           "        if i == 1 { continue }\n"
                           "        if i >= 4 { break }\n"
                           "        fire at i\n"
                           "    }\n"
                           "    while n < 3 { n += 1; fire at 10 + n }\n"
                           "    if n == 3 and not (n > 5) or 0 { fire at 20 } else { fire at 21 }\n"
                           "    wait until time >= 5\n"
                           "    fire at 30\n"
                           "    repeat 0 { fire at 99 }\n"
                           "}\n");
    CHECK(lib != NULL);
    if (!lib)
        return;
    test_host h;
    th_init(&h, 0, 0);
    run_entry(&h, lib, "p", 8);
    const double dirs[] = {0, 2, 3, 11, 12, 13, 20, 30};
    CHECK_EQ_INT(th_count(&h, TH_SPAWN, 0, -2), 8);
    for (int i = 0; i < 8; i++)
        CHECK(spawn_dir(&h, i) == dirs[i]);
    CHECK_EQ_INT(th_nth(&h, TH_SPAWN, 7)->frame, 5);
    th_free(&h);
    library_free(lib);
}

/* Motion statements become the right host calls and ramps. */
static void test_motion(void)
{
    library *lib = compile("pattern p {\n"
                           "    speed 3\n"
                           "    turn to 90\n"
                           "    turn by 10\n"
                           "    speed 1 over 10\n"
                           "    turn by 270 over 30\n"
                           "    velocity (1, -1) over 5\n"
                           "    spin 2\n"
                           "    accel -0.5\n"
                           "}\n");
    CHECK(lib != NULL);
    if (!lib)
        return;
    test_host h;
    th_init(&h, 0, 0);
    run_entry(&h, lib, "p", 1);
    const th_obj *o = &h.objs[0];
    CHECK(o->spin == 2 && o->accel == -0.5);
    CHECK_EQ_INT(th_count(&h, TH_RAMP, 1, 0), 4);
    const th_event *heading = th_nth(&h, TH_RAMP, 1);
    CHECK(heading && heading->what == VM_PROP_HEADING && heading->value == 370 &&
          heading->value2 == 30); /* by 270: the whole way round, not the short way */
    const th_event *vy = th_nth(&h, TH_RAMP, 3);
    CHECK(vy && vy->what == VM_PROP_VY && vy->value == -1 && vy->value2 == 5);
    th_free(&h);
    library_free(lib);
}

/* The y steps of the one bullet a pattern fires straight down, frame by frame
 * in the sandbox (the game's pool): what its speed was each update. */
static int object_steps(const char *src, int enemy, float *steps, int frames)
{
    library *lib = compile(src);
    CHECK(lib != NULL);
    if (!lib)
        return 0;
    sandbox *sb = test_sandbox(lib, library_find(lib, "p"), 0);
    int n = 0;
    float last = NAN;
    for (int f = 0; sb && f < frames; f++) {
        sandbox_step(sb);
        uint32_t count;
        const sandbox_object *o = sandbox_objects(sb, &count);
        for (uint32_t i = 0; i < count; i++)
            if ((o[i].enemy != 0) == enemy) {
                if (!isnan(last))
                    steps[n++] = o[i].y - last;
                last = o[i].y;
            }
    }
    sandbox_destroy(sb);
    library_free(lib);
    return n;
}

static int bullet_steps(const char *src, float *steps, int frames)
{
    return object_steps(src, 0, steps, frames);
}

/* Whether `want` occurs in steps[0..n) as a run. */
static int has_run(const float *steps, int n, const float *want, int m)
{
    for (int i = 0; i + m <= n; i++)
        if (memcmp(steps + i, want, (size_t)m * sizeof *want) == 0)
            return 1;
    return 0;
}

/* speed X over N EASE moves a bullet by the curve's exact values (smooth:
 * 1.3125, 2, 2.6875 between 1 and 3 over 4); linear is unchanged (1.5, 2, 2.5);
 * a misspelt ease is a positioned error. */
static void test_easing(void)
{
    float steps[32];
    int n =
        bullet_steps("pattern p { fire orb at 180 speed 1 { speed 3 over 4 smooth } }", steps, 12);
    const float smooth[] = {1.0f, 1.3125f, 2.0f, 2.6875f, 3.0f, 3.0f};
    CHECK(has_run(steps, n, smooth, 6));
    n = bullet_steps("pattern p { fire orb at 180 speed 1 { speed 3 over 4 } }", steps, 12);
    const float linear[] = {1.0f, 1.5f, 2.0f, 2.5f, 3.0f, 3.0f};
    CHECK(has_run(steps, n, linear, 6));
    n = bullet_steps("pattern p { fire orb at 180 speed 0 { speed 4 over 4 in } }", steps, 12);
    const float in[] = {0.0f, 0.25f, 1.0f, 2.25f, 4.0f};
    CHECK(has_run(steps, n, in, 5));
    n = bullet_steps("pattern p { fire orb at 180 speed 0 { velocity (0, 4) over 4 out } }", steps,
                     12);
    const float out[] = {0.0f, 1.75f, 3.0f, 3.75f, 4.0f};
    CHECK(has_run(steps, n, out, 5));
    /* An enemy eases the same way (its ramps: vm_ramp_value). */
    n = object_steps("enemy p { turn to 180\n speed 1\n wait 2\n speed 3 over 4 smooth\n wait 60 }",
                     1, steps, 12);
    CHECK(has_run(steps, n, smooth, 6));
    library_file f = {"e.pat", "pattern p {\n    speed 3 over 30 smoth\n}\n", 0};
    f.len = strlen(f.text);
    diag_free(&diags);
    library *lib = library_compile(&f, 1, &diags);
    CHECK(!lib && diags.count == 1 && diags.items[0].code == DIAG_UNKNOWN_EASE &&
          diags.items[0].line == 2 && diags.items[0].col == 21 &&
          strstr(diags.items[0].text, "did you mean 'smooth'") != NULL);
    library_free(lib);
}

/* level() picks by difficulty; rand(a, b) stays in range. */
static void test_level_and_rand(void)
{
    library *lib = compile("pattern p { fire at level(10, 20, 30, 40) speed rand(2, 3) }\n");
    CHECK(lib != NULL);
    if (!lib)
        return;
    const double ranks[] = {0, 0.35, 0.7, 1};
    for (int k = 0; k < 4; k++) {
        test_host h;
        th_init(&h, 0, 0);
        h.rank = ranks[k];
        run_entry(&h, lib, "p", 1);
        CHECK(spawn_dir(&h, 0) == 10 * (k + 1));
        CHECK(spawn_speed(&h, 0) >= 2 && spawn_speed(&h, 0) < 3);
        th_free(&h);
    }
    library_free(lib);
}

/* Threads run beside their parent; a loop without a wait is stopped with an
 * error naming its line, and other scripts go on. */
static void test_threads_and_runaway(void)
{
    library *lib = compile("pattern spinner { loop { fire at 1; wait 2 } }\n"
                           "pattern p {\n"
                           "    thread spinner\n"
                           "    thread { repeat 2 { fire at 2; wait 1 } }\n"
                           "    wait 3\n"
                           "    var x = 0\n"
                           "    while 1 { x += 1 }\n"
                           "}\n");
    CHECK(lib != NULL);
    if (!lib)
        return;
    CHECK(diags.warnings == 1); /* the loop that never waits */
    test_host h;
    th_init(&h, 0, 0);
    run_entry(&h, lib, "p", 6);
    CHECK_EQ_INT(h.errors, 1);
    CHECK_STR_CONTAINS(h.last_error, "test.pat:7:");
    CHECK_STR_CONTAINS(h.last_error, "runaway");
    CHECK_EQ_INT(th_count(&h, TH_SPAWN, 0, -2), 5); /* 1 at 0, 2, 4; 2 at 0, 1 */
    th_free(&h);
    library_free(lib);
}

/* A runaway loop that starts its pattern is reported inside that loop: the
 * error used to name pc - 1, which after the loop's backward jump is the last
 * instruction of the pattern before it in memory (here 'a', at 1:1). */
static void test_runaway_names_its_loop(void)
{
    library *lib = compile("pattern a {\n"
                           "    fire at 1\n"
                           "    wait 10\n"
                           "}\n"
                           "pattern c {\n"
                           "    loop {\n"
                           "        if rand < 0 { wait 1 }\n"
                           "    }\n"
                           "}\n");
    CHECK(lib != NULL);
    if (!lib)
        return;
    test_host h;
    th_init(&h, 0, 0);
    run_entry(&h, lib, "c", 1);
    CHECK_EQ_INT(h.errors, 1);
    CHECK_STR_CONTAINS(h.last_error, "runaway");
    CHECK(strstr(h.last_error, "test.pat:6:") || strstr(h.last_error, "test.pat:7:"));
    th_free(&h);
    library_free(lib);
}

/* print: strings and values in order, one line per statement with its place
 * and frame; at most VM_PRINT_PER_FRAME lines reach the host in a frame, the
 * rest are counted; printing changes nothing else (the same bullets). */
static void test_print(void)
{
    library *lib = compile("pattern p {\n"
                           "    repeat 2 as i {\n"
                           "        print \"i\", i, \"half\", i / 2, 1 / 3\n"
                           "        fire at 1\n"
                           "        wait 5\n"
                           "    }\n"
                           "    repeat 100 { print 7 }\n"
                           "}\n");
    CHECK(lib != NULL);
    if (!lib)
        return;
    sandbox *sb = test_sandbox(lib, library_find(lib, "p"), 6);
    if (sb) {
        CHECK_EQ_INT(sandbox_print_count(sb), 2);
        CHECK_STR_CONTAINS(sandbox_print_line(sb, 0),
                           "test.pat:3:9: frame 5: i 1 half 0.5 0.3333333333");
        CHECK_STR_CONTAINS(sandbox_print_line(sb, 1),
                           "test.pat:3:9: frame 0: i 0 half 0 0.3333333333");
        CHECK(sandbox_print_line(sb, 2) == NULL);
        sandbox_destroy(sb);
    }
    sb = test_sandbox(lib, library_find(lib, "p"), 12);
    if (sb) {
        CHECK_EQ_INT(sandbox_print_count(sb), 2 + VM_PRINT_PER_FRAME);
        CHECK_STR_CONTAINS(sandbox_print_line(sb, 0), "test.pat:7:18: frame 10: 7");
        CHECK(sandbox_print_line(sb, SANDBOX_PRINT_KEEP) == NULL);
        vm_stats st = sandbox_vm_stats(sb);
        CHECK_EQ_U64(st.prints, 2 + VM_PRINT_PER_FRAME);
        CHECK_EQ_U64(st.prints_dropped, 100 - VM_PRINT_PER_FRAME);
        CHECK_EQ_U64(st.spawned, 2);
        sandbox_destroy(sb);
    }
    library_free(lib);
    /* 17 values are too many; a print of nothing is a syntax error */
    CHECK(compile("pattern p { print 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17 }\n") == NULL);
    CHECK_EQ_INT(diags.errors, 1);
    CHECK_STR_CONTAINS(diags.items[0].text, "test.pat:1:58: print takes at most 16 values, not 17");
    CHECK(compile("pattern p {\n    print\n}\n") == NULL);
    CHECK_EQ_INT(diags.errors, 1);
}

/* Whether one of the last compile's diagnostics contains want. */
static int diags_contain(const char *want)
{
    for (int i = 0; i < diags.count; i++)
        if (strstr(diags.items[i].text, want))
            return 1;
    fprintf(stderr, "no diagnostic contains \"%s\"\n", want);
    return 0;
}

/* src does not compile, with exactly one diagnostic, which says message. */
static void one_error(const char *src, const char *message)
{
    CHECK(compile(src) == NULL);
    CHECK_EQ_INT((int)diags.count, 1);
    if (!diags_contain(message))
        fprintf(stderr, "in: %s", src);
    CHECK(diags_contain(message));
}

/* The k-th newest print line of a sandbox stepped `frames` frames on entry p,
 * into out ("" when there is none). */
static void printed(const library *lib, int frames, uint32_t k, char *out, size_t size)
{
    out[0] = 0;
    sandbox *sb = test_sandbox(lib, library_find(lib, "p"), frames);
    if (!sb)
        return;
    const char *line = sandbox_print_line(sb, k);
    snprintf(out, size, "%s", line ? line : "");
    sandbox_destroy(sb);
}

/* Functions return values (recursion included, to the call depth limit);
 * falling off the end returns 0; arguments by position and name, defaults. */
static void test_functions(void)
{
    library *lib =
        compile("function fact(n) {\n"
                "    if n <= 1 { return 1 }\n"
                "    return n * fact(n - 1)\n"
                "}\n"
                "function first_over(limit, step = 3) {\n"
                "    var t = 0\n"
                "    loop {\n"
                "        t += step\n"
                "        if t > limit { return t }\n"
                "    }\n"
                "}\n"
                "function nothing(x) { x += 1 }\n"
                "function deep(n) { return deep(n + 1) }\n"
                "pattern p {\n"
                "    print fact(5), first_over(10), first_over(10, step: 4), nothing(1)\n"
                "    fire orb speed fact(3)\n"
                "    wait 1\n"
                "    print deep(0)\n"
                "}\n");
    CHECK(lib != NULL);
    if (!lib)
        return;
    char line[256];
    printed(lib, 1, 0, line, sizeof line);
    CHECK_STR_CONTAINS(line, "test.pat:15:5: frame 0: 120 12 12 0");
    sandbox *sb = test_sandbox(lib, library_find(lib, "p"), 3);
    if (sb) {
        CHECK_EQ_INT(sandbox_error_count(sb), 1);
        CHECK_STR_CONTAINS(sandbox_last_error(sb),
                           "test.pat:13:27: calls nested more than 16 deep");
        CHECK_EQ_INT(sandbox_print_count(sb), 1);
        sandbox_destroy(sb);
    }
    library_free(lib);
    /* what a function cannot hold, and a return outside one */
    CHECK(compile("function f() {\n    fire orb\n    return 1\n}\n") == NULL);
    CHECK_EQ_INT(diags.errors, 1);
    CHECK_STR_CONTAINS(diags.items[0].text, "test.pat:2:5: a function returns its value at once");
    CHECK(compile("function rand() { return 4 }\n") == NULL);
    CHECK_STR_CONTAINS(diags.items[0].text, "'rand' is a built-in function");
    CHECK(compile("function f(x) { return x }\npattern p { run f(1) }\n") == NULL);
    CHECK_STR_CONTAINS(diags.items[0].text, "'f' is a function, not a pattern");
}

/* Arrays: a size or a list of values, elements read and written (compound
 * assignments too) by constant or computed index; an index outside is a
 * compile error when it is constant, a positioned run-time error otherwise;
 * a fire or thread block gets a copy, as it does of numbers. */
static void test_arrays(void)
{
    library *lib = compile("pattern p {\n"
                           "    var a[4]\n"
                           "    var s = [2, 3, 5]\n"
                           "    repeat 6 as i {\n"
                           "        a[i % 4] += s[i % 3]\n"
                           "    }\n"
                           "    a[0] *= 10\n"
                           "    fire orb {\n"
                           "        a[1] = 99\n"
                           "        print \"copy\", a[1]\n"
                           "    }\n"
                           "    wait 2\n"
                           "    print a[0], a[1], a[2], a[3]\n"
                           "    var k = 4\n"
                           "    print a[k]\n"
                           "}\n");
    CHECK(lib != NULL);
    if (!lib)
        return;
    char line[256];
    printed(lib, 2, 0, line, sizeof line);
    CHECK_STR_CONTAINS(line, "test.pat:10:9: frame 1: copy 99");
    printed(lib, 3, 0, line, sizeof line);
    CHECK_STR_CONTAINS(line, "test.pat:13:5: frame 2: 50 8 5 2"); /* (2+3)*10, 3+5, 5, 2 */
    sandbox *sb = test_sandbox(lib, library_find(lib, "p"), 3);
    if (sb) {
        CHECK_EQ_INT(sandbox_error_count(sb), 1);
        CHECK_STR_CONTAINS(sandbox_last_error(sb),
                           "test.pat:15:11: index 4 is outside an array of 4 (0 to 3)");
        sandbox_destroy(sb);
    }
    library_free(lib);
    CHECK(compile("pattern p {\n    var a[2]\n    a[2] = 1\n}\n") == NULL);
    CHECK(diags_contain("test.pat:3:7: index 2 is outside a[2] (0 to 1)"));
    CHECK(compile("pattern p {\n    var n = 3\n    var a[n]\n}\n") == NULL);
    CHECK(diags_contain("test.pat:3:11: an array's size must be known when the file loads"));
    CHECK(compile("pattern p {\n    var a = [1, 2]\n    fire orb speed a\n}\n") == NULL);
    CHECK(diags_contain("test.pat:3:20: 'a' is an array: write a[i]"));
}

/* Shared values: one per run, read and changed by reference by every script
 * (threads, bullets), starting again from their first value in a new run; a
 * first value must be a constant. */
static void test_shared(void)
{
    library *lib = compile("shared power = 2\n"
                           "pattern p {\n"
                           "    thread { wait 2; power += 10 }\n"
                           "    fire orb { wait 3; print \"bullet\", power; stop }\n"
                           "    power *= 3\n"
                           "    wait 4\n"
                           "    print \"stage\", power\n"
                           "}\n");
    CHECK(lib != NULL);
    if (!lib)
        return;
    char line[256];
    printed(lib, 5, 1, line, sizeof line);
    CHECK_STR_CONTAINS(line, "test.pat:7:5: frame 4: stage 16");
    printed(lib, 5, 0, line, sizeof line);
    CHECK_STR_CONTAINS(line, "test.pat:4:24: frame 4: bullet 16");
    library_free(lib);
    /* the state hash covers the shared values: two runs whose scripts stand at
     * the same place with the same stacks differ only there */
    uint64_t hashes[2];
    for (int k = 0; k < 2; k++) {
        lib = compile(k ? "shared s = 1\npattern p { s += 2; wait 100 }\n"
                        : "shared s = 1\npattern p { s += 1; wait 100 }\n");
        CHECK(lib != NULL);
        hashes[k] = 0;
        test_host h;
        if (!lib || th_init(&h, 0, 0) != 0)
            continue;
        run_entry(&h, lib, "p", 3);
        hasher hs;
        hash_begin(&hs, 0);
        vm_hash(h.v, &hs);
        hashes[k] = hash_end(&hs);
        th_free(&h);
        library_free(lib);
    }
    CHECK(hashes[0] != hashes[1]);
    CHECK(compile("shared s = rand\npattern p { s = 1 }\n") == NULL);
    CHECK(diags_contain("test.pat:1:12: the first value of shared 's' must be known"));
    CHECK(compile("shared aim = 1\n") == NULL);
    CHECK(diags_contain("'aim' is a built-in value and cannot name a shared value"));
}

/* Shared arrays: N shared values (N a constant expression) that every script
 * reads and changes by reference (a thread, a bullet, a compound assignment, a
 * for over it); an index outside is a positioned error, at load or at run
 * time; the state hash counts them only once they change. */
static void test_shared_arrays(void)
{
    library *lib = compile("const lanes = 2\n"
                           "shared tally[lanes * 2]\n"
                           "pattern p {\n"
                           "    thread { wait 1; tally[3] = 5 }\n"
                           "    fire orb { wait 3; print \"bullet\", tally[3], tally[1]; stop }\n"
                           "    repeat 6 as i { tally[i % 3] += i }\n"
                           "    wait 4\n"
                           "    var s = 0\n"
                           "    for t in tally { s += t }\n"
                           "    print \"stage\", s, tally[0], tally[1]\n"
                           "    var k = lanes * 2\n"
                           "    tally[k] = 1\n"
                           "}\n");
    CHECK(lib != NULL);
    if (!lib)
        return;
    char line[256];
    printed(lib, 6, 1, line, sizeof line); /* 0+3, 1+4, 2+5 and 5: 20 */
    CHECK_STR_CONTAINS(line, "test.pat:10:5: frame 4: stage 20 3 5");
    printed(lib, 6, 0, line, sizeof line);
    CHECK_STR_CONTAINS(line, "test.pat:5:24: frame 4: bullet 5 5");
    sandbox *sb = test_sandbox(lib, library_find(lib, "p"), 6);
    if (sb) {
        CHECK_EQ_INT(sandbox_error_count(sb), 1);
        CHECK_STR_CONTAINS(sandbox_last_error(sb),
                           "test.pat:12:5: index 4 is outside an array of 4 (0 to 3)");
        sandbox_destroy(sb);
    }
    library_free(lib);
    /* an untouched shared array leaves the portable hash as it was; a changed
     * element changes both hashes */
    static const char *const srcs[] = {
        "pattern p { var a = 1; wait 100 }\n",
        "shared t[64]\npattern p { var a = 1; wait 100 }\n",
        "shared t[64]\npattern p { t[9] = 1; wait 100 }\n",
        "shared t[64]\npattern p { t[9] = 2; wait 100 }\n",
    };
    uint64_t portable[4], full[4];
    for (int k = 0; k < 4; k++) {
        lib = compile(srcs[k]);
        CHECK(lib != NULL);
        portable[k] = full[k] = (uint64_t)k;
        test_host h;
        if (!lib || th_init(&h, 0, 0) != 0)
            continue;
        run_entry(&h, lib, "p", 3);
        hasher hs;
        hash_begin(&hs, 0);
        vm_hash_portable(h.v, &hs);
        portable[k] = hash_end(&hs);
        hash_begin(&hs, 0);
        vm_hash(h.v, &hs);
        full[k] = hash_end(&hs);
        th_free(&h);
        library_free(lib);
    }
    CHECK(portable[0] == portable[1]);
    CHECK(portable[2] != portable[3]);
    CHECK(full[2] != full[3]);
    /* sizes: constant, 1 to 256, all of them together within the VM's 256 */
    CHECK(compile("shared t[0]\n") == NULL);
    CHECK(diags_contain("test.pat:1:10: shared array 't' has 0 values: a shared array holds 1 to "
                        "256"));
    CHECK(compile("shared t[1.5]\n") == NULL);
    CHECK(diags_contain("shared array 't' has 1.5 values"));
    CHECK(compile("shared n = 0\nshared a[200]\nshared b[56]\n") == NULL);
    CHECK(diags_contain("test.pat:3:10: shared array 'b' of 56 values does not fit: 256 shared "
                        "values in all the files, 55 left"));
    lib = compile("shared n = 0\nshared a[200]\nshared b[55]\npattern p { b[54] = 1 }\n");
    CHECK(lib != NULL);
    library_free(lib);
    CHECK(compile("pattern p { var k = 3 }\nshared t[k]\n") == NULL);
    CHECK(diags_contain("test.pat:2:10: the size of shared array 't' must be known when the file "
                        "loads"));
    /* first values given: constants, the size their count */
    lib = compile("const two = 2\nshared v = [1, two * 3, 5]\n"
                  "pattern p { v[1] += 1; print v[0], v[1], v[2] }\n");
    CHECK(lib != NULL);
    if (lib) {
        printed(lib, 1, 0, line, sizeof line);
        CHECK_STR_CONTAINS(line, "test.pat:3:24: frame 0: 1 7 5");
        library_free(lib);
    }
    CHECK(compile("shared v = [1, rand]\n") == NULL);
    CHECK(diags_contain("test.pat:1:16: the first values of shared 'v' must be known"));
    CHECK(compile("shared v[2] = 1\n") == NULL);
    CHECK(diags_contain("test.pat:1:13: shared v[N] starts as N zeros: give its values as "
                        "'shared v = [a, b, ...]' instead"));
    /* misuse: positioned, one error each */
    CHECK(compile("shared t[3]\npattern p { t[3] = 1 }\n") == NULL);
    CHECK(diags_contain("test.pat:2:15: index 3 is outside t[3] (0 to 2)"));
    CHECK(compile("shared t[3]\npattern p { t = 1 }\n") == NULL);
    CHECK(diags_contain("test.pat:2:13: 't' is a shared array: assign one value at a time"));
    CHECK(compile("shared t[3]\npattern p { fire orb speed t }\n") == NULL);
    CHECK(diags_contain("test.pat:2:28: 't' is a shared array: use one of its values, t[i]"));
    CHECK(compile("shared n = 1\npattern p { n[0] = 1 }\n") == NULL);
    CHECK(diags_contain("test.pat:2:13: 'n' is a shared value, not an array (declare one with "
                        "'shared n[N]')"));
    CHECK(compile("shared t[3]\npattern p { fire orb as b\n t[0] = b }\n") == NULL);
    CHECK_EQ_INT((int)diags.count, 1);
    CHECK(diags_contain("'b' is a handle, not a number"));
}

/* Arrays of over 32 values (up to 1,024, the size a constant expression) live
 * in the VM's array area: read, written, gone through with for, passed as
 * NAME[], given values, zeroed again each round; an index outside is a
 * positioned error; a full area stops the script at the declaration; zeroing
 * costs the budget in proportion; the state hash counts their values. */
static void test_big_arrays(void)
{
    library *lib =
        compile("const n = 8 * 100\n"
                "function total(a[]) {\n"
                "    var s = 0\n"
                "    for v in a { s += v }\n"
                "    return s\n"
                "}\n"
                "pattern p {\n"
                "    var a[n]\n"
                "    repeat n as i { a[i] = i }\n"
                "    var b = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17,\n"
                "             18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, "
                "33]\n"
                "    var small[3]\n"
                "    small[2] = 5\n"
                "    a[799] += 1\n"
                "    print total(a), a[799], b[32], total(b), small[2]\n"
                "    repeat 2 { var c[100]\n c[99] += 1\n print c[99] }\n"
                "    var k = n\n"
                "    print a[k]\n"
                "}\n");
    CHECK(lib != NULL);
    if (!lib)
        return;
    char line[256];
    printed(lib, 1, 2, line, sizeof line); /* 0 + ... + 799 + 1 = 319601 */
    CHECK_STR_CONTAINS(line, "test.pat:15:5: frame 0: 319601 800 33 561 5");
    printed(lib, 1, 0, line, sizeof line); /* zeros again in the second round */
    CHECK_STR_CONTAINS(line, "test.pat:18:2: frame 0: 1");
    sandbox *sb = test_sandbox(lib, library_find(lib, "p"), 1);
    if (sb) {
        CHECK_EQ_INT(sandbox_error_count(sb), 1);
        CHECK_STR_CONTAINS(sandbox_last_error(sb),
                           "test.pat:20:11: index 800 is outside an array of 800 (0 to 799)");
        sandbox_destroy(sb);
    }
    library_free(lib);
    /* a hook's copy has its own copy of the script's area arrays, as they were */
    lib = compile("pattern p {\n"
                  "    fire orb at down speed 1 life 10 {\n"
                  "        var big[100]\n"
                  "        big[99] = 5\n"
                  "        on vanish { print \"gone\", big[99] }\n"
                  "        wait 3\n"
                  "        big[99] = 7\n"
                  "    }\n"
                  "    wait 30\n"
                  "}\n");
    CHECK(lib != NULL);
    if (lib) {
        printed(lib, 20, 0, line, sizeof line);
        CHECK_STR_CONTAINS(line, "test.pat:5:21: frame 10: gone 7");
        library_free(lib);
    }
    /* 64 bullets of 1,024 values each fill the area: the 65th and 66th stop at
     * their declaration; the others' blocks come back when they end */
    lib = compile("pattern p {\n"
                  "    fire orb ring 66 {\n"
                  "        var a[1024]\n"
                  "        a[1023] = 1\n"
                  "        wait 5\n"
                  "    }\n"
                  "    wait 10\n"
                  "    fire orb ring 60 {\n"
                  "        var a[1024]\n"
                  "        wait 1\n"
                  "    }\n"
                  "}\n");
    CHECK(lib != NULL);
    if (lib) {
        sb = test_sandbox(lib, library_find(lib, "p"), 14);
        if (sb) {
            CHECK_EQ_INT(sandbox_error_count(sb), 2);
            CHECK_STR_CONTAINS(sandbox_last_error(sb),
                               "test.pat:3:9: out of array room: this needs 1024 values");
            sandbox_destroy(sb);
        }
        library_free(lib);
    }
    /* zeroing is paid for: a loop without a wait that declares 1,024 values
     * each round stops after ~1,400 rounds (100,000 / 70), not ~16,000 */
    lib = compile("shared rounds = 0\n"
                  "pattern p {\n"
                  "    thread { loop { var a[1024]\n rounds += 1 } }\n"
                  "    wait 1\n"
                  "    print rounds\n"
                  "}\n");
    CHECK(lib != NULL);
    if (lib) {
        sb = test_sandbox(lib, library_find(lib, "p"), 2);
        if (sb) {
            const char *l = sandbox_print_line(sb, 0);
            const char *colon = l ? strrchr(l, ':') : NULL;
            double rounds = colon ? atof(colon + 1) : 0;
            CHECK(rounds > 100000.0 / 80 && rounds < 100000.0 / 64);
            CHECK_STR_CONTAINS(sandbox_last_error(sb), "runaway script");
            sandbox_destroy(sb);
        }
        library_free(lib);
    }
    /* the state hash counts the area's values */
    uint64_t full[2];
    for (int k = 0; k < 2; k++) {
        lib = compile(k ? "pattern p { var a[40]\n a[39] = 2\n wait 100 }\n"
                        : "pattern p { var a[40]\n a[39] = 1\n wait 100 }\n");
        CHECK(lib != NULL);
        full[k] = (uint64_t)k;
        test_host h;
        if (!lib || th_init(&h, 0, 0) != 0)
            continue;
        run_entry(&h, lib, "p", 3);
        hasher hs;
        hash_begin(&hs, 0);
        vm_hash_portable(h.v, &hs);
        full[k] = hash_end(&hs);
        th_free(&h);
        library_free(lib);
    }
    CHECK(full[0] != full[1]);
    /* sizes and uses refused where they are */
    static const struct {
        const char *src, *message;
    } cases[] = {
        {"pattern p { var a[1025] }\n", "test.pat:1:19: an array holds 1 to 1024 values, not 1025"},
        {"const n = 2000\npattern p { var a[n / 2 + 100] }\n",
         "test.pat:2:19: an array holds 1 to 1024 values, not 1100"},
        {"pattern p { var a[1024]\n var b[1024]\n var c[1024]\n var d[1024]\n var e[40]\n "
         "a[0] = b[0] + c[0] + d[0] + e[0] }\n",
         "test.pat:5:2: the arrays of over 32 values in one pattern or function hold 4096 values "
         "together at most: this one of 40 makes 4136"},
        {"pattern p { var a[40]\n a[40] = 1 }\n", "test.pat:2:4: index 40 is outside a[40]"},
        {"pattern p { var a[40]\n fire orb { a[0] = 1 } }\n",
         "test.pat:2:2: 'a' has 40 values: a fire block takes copies of arrays of up to 32"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        one_error(cases[i].src, cases[i].message);
}

/* Functions that return an array: function NAME(...)[N] returns N values,
 * which `var b = NAME(...)` takes whole into a new array of N (zeros if it
 * ends without a return), small or big; `return g(...)` of another such
 * function passes it on; an array param returned is checked when it runs. */
static void test_array_returns(void)
{
    library *lib = compile("function ramp(step)[40] {\n"
                           "    var r[40]\n"
                           "    repeat 40 as k { r[k] = k * step }\n"
                           "    return r\n"
                           "}\n"
                           "function three(x)[3] {\n"
                           "    var t = [x, x + 1, x + 2]\n"
                           "    return t\n"
                           "}\n"
                           "function again(x)[3] { return three(x * 10) }\n"
                           "function none()[2] { var z = 1 }\n"
                           "function echo(a[])[3] { return a }\n"
                           "pattern p {\n"
                           "    var a = ramp(2)\n"
                           "    var b = three(4)\n"
                           "    var c = again(1)\n"
                           "    var d = none()\n"
                           "    var e = echo(b)\n"
                           "    print a[39], b[0], b[2], c[0], c[2], d[1], e[1]\n"
                           "    b[1] = 9\n"
                           "    b = none3()\n"
                           "    a = ramp(3)\n"
                           "    print b[1], a[39]\n"
                           "    var f = echo(a)\n"
                           "}\n"
                           "function none3()[3] { var z = 0 }\n");
    CHECK(lib != NULL);
    if (!lib)
        return;
    char line[256];
    printed(lib, 1, 0, line, sizeof line);
    CHECK_STR_CONTAINS(line, "test.pat:23:5: frame 0: 0 117"); /* zeros, then 39 * 3 */
    printed(lib, 1, 1, line, sizeof line);
    CHECK_STR_CONTAINS(line, "test.pat:19:5: frame 0: 78 4 6 10 12 0 5");
    sandbox *sb = test_sandbox(lib, library_find(lib, "p"), 1);
    if (sb) {
        CHECK_EQ_INT(sandbox_error_count(sb), 1);
        CHECK_STR_CONTAINS(sandbox_last_error(sb),
                           "test.pat:12:25: an array of 40 values returned where 3 were promised");
        sandbox_destroy(sb);
    }
    library_free(lib);
    static const struct {
        const char *src, *message;
    } cases[] = {
        {"function f()[4] { return 1 }\n",
         "test.pat:1:26: this function returns an array of 4 values, not a number: return the "
         "name of an array of 4"},
        {"function f(x)[4] { var a[4]\n if x { return a }\n return x }\n",
         "test.pat:3:9: this function returns an array of 4 values, not a number"},
        {"function f()[4] { var a[5]\n return a }\n",
         "test.pat:2:9: this function returns an array of 4 values: 'a' has 5"},
        {"function f() { var a[5]\n return a }\n",
         "test.pat:2:9: 'a' is an array, and this function returns a number: to return the "
         "array, declare its size after the parameters, function NAME(...)[5]"},
        {"function f()[4] { var a[4]\n return a }\npattern p { print f() + 1 }\n",
         "test.pat:3:19: 'f' returns an array of 4 values, not a number: take it whole with "
         "'var NAME = f(...)', then use NAME[i]"},
        {"function f()[0] { return 0 }\n",
         "test.pat:1:14: 'f' returns an array of 1 to 1024 values, not 0"},
        {"function f()[rand] { return 0 }\n",
         "test.pat:1:14: the size of the array 'f' returns must be known when the file loads"},
        {"function g()[2] { var a[2]\n return a }\nfunction f()[4] { return g() }\n",
         "test.pat:3:26: this function returns an array of 4 values: 'g' returns 2"},
        {"function g()[2] { var a[2]\n return a }\npattern p { var b[3]\n b = g()\n print b[0] }\n",
         "test.pat:4:6: 'g' returns an array of 2 values: 'b' has 3"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        one_error(cases[i].src, cases[i].message);
}

/* Arrays passed to functions: a param NAME[] is the caller's array itself (by
 * reference: the function reads and changes the caller's values, passes it
 * on, goes through it with for), of any size, its index checked when it runs;
 * only a function takes one, an array of numbers a variable holds. */
static void test_array_functions(void)
{
    library *lib = compile("function total(a[]) {\n"
                           "    var s = 0\n"
                           "    for v in a { s += v }\n"
                           "    return s\n"
                           "}\n"
                           "function bump(a[], k) {\n"
                           "    a[k] += 10\n"
                           "    return total(a)\n"
                           "}\n"
                           "pattern p {\n"
                           "    var xs = [1, 2, 3]\n"
                           "    var ys[5]\n"
                           "    var t = bump(xs, 1)\n"
                           "    print t, xs[1], total(ys), bump(ys, 4), ys[4]\n"
                           "    print bump(xs, 3)\n"
                           "}\n");
    CHECK(lib != NULL);
    if (!lib)
        return;
    char line[256];
    printed(lib, 1, 0, line, sizeof line);
    CHECK_STR_CONTAINS(line, "test.pat:14:5: frame 0: 16 12 0 10 10");
    sandbox *sb = test_sandbox(lib, library_find(lib, "p"), 1);
    if (sb) {
        CHECK_EQ_INT(sandbox_error_count(sb), 1);
        CHECK_STR_CONTAINS(sandbox_last_error(sb),
                           "test.pat:7:5: index 3 is outside an array of 3 (0 to 2)");
        sandbox_destroy(sb);
    }
    library_free(lib);
    static const struct {
        const char *src, *message;
    } cases[] = {
        {"function f(a[]) { return 0 }\npattern p { var n = 1\n print f(n) }\n",
         "test.pat:3:10: 'f' takes an array for 'a[]': give the name of an array of numbers"},
        {"function f(a[]) { return 0 }\npattern p { fire orb as h\n var hs = [h]\n print f(hs) }\n",
         "test.pat:4:10: 'f' takes an array for 'a[]'"},
        {"function f(a[]) { var s = a\n return s }\n",
         "test.pat:1:27: 'a' is an array: write a[i] for one of its values"},
        {"function f(a[]) { a = 1\n return 0 }\n",
         "test.pat:1:19: 'a' is an array: assign one value at a time"},
        {"function f(a[] = 1) { return 0 }\n",
         "test.pat:1:18: an array parameter has no default: 'a[]' is always given"},
        {"pattern q(b[]) { wait 1 }\n",
         "test.pat:1:11: 'b[]': only a function takes an array (by reference); a pattern gets "
         "numbers"},
        {"function f(a) { return a }\npattern p { var xs[2]\n print f(xs) }\n",
         "test.pat:3:10: 'xs' is an array: write xs[i]"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        one_error(cases[i].src, cases[i].message);
}

/* A volley that cannot be fired (a count or layers that is not a finite number,
 * more bullets than a frame's budget) stops its script with an error at the
 * fire that names the cause, not a runaway loop; a big volley that fits fires. */
static void test_volley_limits(void)
{
    static const struct {
        const char *fire, *message;
    } cases[] = {
        {"fire orb ring 1/z", "test.pat:3:5: the volley's count is infinite (a division by zero?)"},
        {"fire orb ring 0/z", "test.pat:3:5: the volley's count is not a number"},
        {"fire orb ring 3000000000",
         "a volley of 3000000000 bullets: a script fires at most 100000"},
        {"fire orb ring 1000 stack 200 by 1", "a volley of 200000 bullets"},
        {"fire orb ring 8 stack -1/z by 1", "the volley's layers is infinite"},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        char src[256];
        snprintf(src, sizeof src, "pattern p {\n    var z = 0\n    %s\n    fire at 5\n}\n",
                 cases[c].fire);
        library *lib = compile(src);
        CHECK(lib != NULL);
        if (!lib)
            continue;
        test_host h;
        th_init(&h, 0, 0);
        run_entry(&h, lib, "p", 2);
        CHECK_EQ_INT(h.errors, 1);
        CHECK_STR_CONTAINS(h.last_error, cases[c].message);
        CHECK(strstr(h.last_error, "runaway") == NULL);
        CHECK_EQ_INT(th_count(&h, TH_SPAWN, 0, -2), 0); /* stopped before the next fire */
        th_free(&h);
        library_free(lib);
    }
    /* volleys that fit the frame's budget fire; the one past what is left does not */
    library *lib = compile("pattern p {\n    fire orb ring 60000\n    fire orb ring 30000\n"
                           "    fire orb ring 20000\n}\n");
    CHECK(lib != NULL);
    if (!lib)
        return;
    test_host h;
    th_init(&h, 0, 0);
    run_entry(&h, lib, "p", 1);
    vm_stats st = vm_get_stats(h.v);
    CHECK_EQ_U64(st.spawned + st.spawn_refused, 90000);
    CHECK_EQ_INT(h.errors, 1);
    CHECK_STR_CONTAINS(h.last_error, "test.pat:4:5: a volley of 20000 bullets after 900");
    th_free(&h);
    library_free(lib);
}

/* A shot whose speed, direction or velocity is not a finite number: the sandbox
 * (viewer, `curtain run`) reports it at the fire, once per script, and fires it as
 * the game does; a host without check_shots (the game) is not told. */
static void test_non_finite_shots(void)
{
    static const struct {
        const char *fire, *message;
    } cases[] = {
        {"fire orb at 0 speed 1/z", "test.pat:4:9: the bullet's speed is infinite"},
        {"fire orb at 0/z speed 2", "test.pat:4:9: the bullet's direction is not a number"},
        {"fire orb at 0 speed 2 velocity (1/z, 0)", "test.pat:4:9: the bullet's vx is infinite"},
        {"fire orb at 0 speed 2 accel -1/z", "the bullet's accel is infinite"},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        char src[256];
        snprintf(src, sizeof src,
                 "pattern p {\n    var z = 0\n    repeat 3 {\n        %s\n        wait 1\n"
                 "    }\n}\n",
                 cases[c].fire);
        library *lib = compile(src);
        CHECK(lib != NULL);
        if (!lib)
            continue;
        sandbox *sb = test_sandbox(lib, library_find(lib, "p"), 5);
        CHECK_EQ_INT(sb ? sandbox_error_count(sb) : -1, 1);
        CHECK_STR_CONTAINS(sb ? sandbox_last_error(sb) : "", cases[c].message);
        CHECK_EQ_U64(sb ? sandbox_vm_stats(sb).spawned : 0, 3); /* still fired */
        sandbox_destroy(sb);
        test_host h;
        th_init(&h, 0, 0);
        run_entry(&h, lib, "p", 5);
        CHECK_EQ_INT(h.errors, 0);
        CHECK_EQ_INT(th_count(&h, TH_SPAWN, 0, -2), 3);
        th_free(&h);
        library_free(lib);
    }
}

/* Compiles "pattern p { PREFIX OPEN... INNER CLOSE... }" with OPEN and CLOSE
 * `levels` times; returns 1 if it compiled, 0 if it gave the depth error. */
static int nested_compiles(const char *prefix, const char *open, const char *inner,
                           const char *close, int levels)
{
    size_t cap = (size_t)levels * (strlen(open) + strlen(close)) + 64;
    char *src = malloc(cap);
    if (!src)
        return -1;
    size_t n = (size_t)snprintf(src, cap, "pattern p {\n%s", prefix);
    for (int i = 0; i < levels; i++)
        n += (size_t)snprintf(src + n, cap - n, "%s", open);
    n += (size_t)snprintf(src + n, cap - n, "%s", inner);
    for (int i = 0; i < levels; i++)
        n += (size_t)snprintf(src + n, cap - n, "%s", close);
    snprintf(src + n, cap - n, "\n}\n");
    library_file f = {"test.pat", src, strlen(src)};
    diag_free(&diags);
    library *lib = library_compile(&f, 1, &diags);
    int ok = lib != NULL;
    if (!ok)
        CHECK(diags.count >= 1 && diags.items[0].code == DIAG_TOO_DEEP &&
              strstr(diags.items[0].text, "nest at most 100 levels"));
    library_free(lib);
    free(src);
    return ok;
}

/* Nesting: a pattern's body is one level, and each block inside a block, and each
 * '(', call, '-' and 'not' in an expression is one more, up to 100. */
static void test_nesting_limit(void)
{
    static const struct {
        const char *prefix, *open, *inner, *close;
    } kinds[] = {
        {"", "if 1 { ", "wait 1", " }"}, {"", "fire at 0 { ", "wait 1", " }"},
        {"wait ", "(", "1", ")"},        {"wait ", "abs(", "1", ")"},
        {"wait ", "-", "1", ""},         {"wait ", "not ", "1", ""},
    };
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
        CHECK_EQ_INT(
            nested_compiles(kinds[k].prefix, kinds[k].open, kinds[k].inner, kinds[k].close, 99), 1);
        CHECK_EQ_INT(
            nested_compiles(kinds[k].prefix, kinds[k].open, kinds[k].inner, kinds[k].close, 100),
            0);
    }
}

/* Enemies, a stage and a boss in the sandbox: the stage spawns, waits for the
 * enemies, runs the boss's phases for their time limits and finishes. */
static void test_stage(void)
{
    const char *src = "enemy fairy(side) {\n"
                      "    health 10\n"
                      "    move to (192 + side * 100, 100) over 30\n"
                      "    wait 30\n"
                      "    fire orb blue ring 8\n"
                      "    move by (0, -200) over 40\n"
                      "}\n"
                      "boss moon {\n"
                      "    name \"Moon\"\n"
                      "    phase time 2s health 100 { loop { fire star ring 6; wait 20 } }\n"
                      "    phase \"Sign: Halo\" spell time 1s health level(200, 300, 400, 500)\n"
                      "        bonus 1000 { loop { fire orb aim; wait 10 } }\n"
                      "}\n"
                      "stage one {\n"
                      "    title \"Stage 1\" \"Test\"\n"
                      "    spawn fairy(-1) at (92, -20)\n"
                      "    spawn fairy(side: 1) at (292, -20)\n"
                      "    wait 10\n"
                      "    wait until enemies == 0\n"
                      "    boss moon\n"
                      "    spawn fairy(0) at (192, -20)\n"
                      "}\n";
    library *lib = compile(src);
    CHECK(lib != NULL);
    if (!lib)
        return;
    CHECK_EQ_INT(lib->boss_count, 1);
    const library_boss *b = library_find_boss(lib, "moon");
    CHECK(b && b->phase_count == 2 && strcmp(b->title, "Moon") == 0);
    if (b && b->phase_count == 2) {
        CHECK(b->phases[0].title == NULL && !b->phases[0].spell && b->phases[0].time == 120);
        CHECK(strcmp(b->phases[1].title, "Sign: Halo") == 0 && b->phases[1].spell);
        CHECK(isnan(b->phases[1].health) && b->phases[1].bonus == 1000);
    }
    sandbox *sb = test_sandbox(lib, library_find(lib, "one"), 0);
    int saw_enemies = 0, saw_boss = 0, saw_title = 0, saw_spell = 0, last_enemy = 0;
    for (int f = 0; f < 600 && sb; f++) {
        sandbox_step(sb);
        uint32_t n;
        const sandbox_object *o = sandbox_objects(sb, &n);
        int enemies = 0, boss = 0;
        for (uint32_t i = 0; i < n; i++) {
            enemies += o[i].enemy == 1;
            boss += o[i].enemy == 2;
        }
        saw_enemies = enemies > saw_enemies ? enemies : saw_enemies;
        if (boss)
            saw_boss = 1;
        if (saw_boss && !boss && enemies)
            last_enemy = 1;
        saw_title |= strstr(sandbox_status(sb), "Stage 1 - Test") != NULL;
        saw_spell |= strstr(sandbox_status(sb), "Sign: Halo") != NULL;
    }
    CHECK_EQ_INT(saw_enemies, 2);
    CHECK(saw_boss && saw_title && saw_spell && last_enemy);
    CHECK_EQ_INT(sb ? sandbox_error_count(sb) : -1, 0);
    sandbox_destroy(sb);
    library_free(lib);
}

/* The sandbox allocates nothing once running: bullets, scripted bullets,
 * enemies and a boss coming and going. */
static void test_sandbox_no_allocation(void)
{
    library *lib = compile("enemy e { move to (100, 100) over 20; fire orb ring 8; "
                           "move by (0, -300) over 60 }\n"
                           "boss b { phase time 60 { loop { fire star ring 12 { wait 20; "
                           "turn to aim; speed 3 over 10 }; wait 7 } } }\n"
                           "stage s { loop { spawn e at (rand(0, 384), -20); wait 15; "
                           "if time > 100 and not boss_active { boss b } } }\n");
    CHECK(lib != NULL);
    if (!lib)
        return;
    sandbox *sb = test_sandbox(lib, library_find(lib, "s"), 120);
    mem_stats before = mem_get_stats();
    for (int f = 0; sb && f < 600; f++)
        sandbox_step(sb);
    CHECK_EQ_U64(mem_get_stats().allocs - before.allocs, 0);
    CHECK(sb && sandbox_vm_stats(sb).spawned > 300);
    sandbox_destroy(sb);
    library_free(lib);
}

/* The files of a folder compile together, and a mod folder's files replace or
 * add to them. */
static void test_folders(const char *tmp)
{
    char base[512], mod[512], path[600];
    snprintf(base, sizeof base, "%s/lang_base", tmp);
    snprintf(mod, sizeof mod, "%s/lang_mod", tmp);
    file_make_dirs(base);
    file_make_dirs(mod);
    const struct {
        const char *dir, *name, *text;
    } files[] = {
        {base, "a.pat", "pattern a { fire at 1 }\n"},
        {base, "b.pat", "pattern b { run a }\n"},
        {mod, "a.pat", "pattern a { fire at 2 }\n"},
        {mod, "c.pat", "pattern c { run b; run a }\n"},
    };
    for (int i = 0; i < 4; i++) {
        snprintf(path, sizeof path, "%s/%s", files[i].dir, files[i].name);
        char err[128];
        CHECK(file_write_atomic(path, files[i].text, strlen(files[i].text), err, sizeof err) == 0);
    }
    diag_free(&diags);
    library *plain = library_load_dir(base, NULL, &diags);
    library *modded = library_load_dir(base, mod, &diags);
    CHECK(plain && modded);
    if (plain && modded) {
        CHECK(library_find(plain, "c") == NULL);
        CHECK(library_find(modded, "c") != NULL);
        test_host h;
        th_init(&h, 0, 0);
        run_entry(&h, modded, "c", 1);
        CHECK(spawn_dir(&h, 0) == 2 && spawn_dir(&h, 1) == 2);
        th_free(&h);
    }
    library_free(plain);
    library_free(modded);
    diag_free(&diags);
}

/* The compile order of a folder: the files the game shipped before stages 4 to 6
 * first, in their order, then the others sorted, so that a folder added to the
 * game (stage4/, sorting between stage3/ and star_bloom.pat) is compiled after
 * all of them and the first replays' scripts past their ends keep their places. */
static void test_compile_order(const char *tmp)
{
    char dir[512], path[600];
    snprintf(dir, sizeof dir, "%s/lang_order", tmp);
    const char *const rel[] = {
        "wave.pat",       "stage4/1_enemies.pat", "aaa.pat",          "stage3/stage3.pat",
        "star_bloom.pat", "stage3/3_boss.pat",    "aimed_stream.pat", "zz.pat"};
    const char *const want[] = {
        "aimed_stream.pat", "stage3/3_boss.pat", "stage3/stage3.pat",    "star_bloom.pat",
        "wave.pat",         "aaa.pat",           "stage4/1_enemies.pat", "zz.pat"};
    const int n = (int)(sizeof rel / sizeof *rel);
    for (int i = 0; i < n; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, rel[i]);
        char err[128], *slash = strrchr(path, '/');
        *slash = '\0';
        file_make_dirs(path);
        *slash = '/';
        CHECK(file_write_atomic(path, "# nothing\n", 10, err, sizeof err) == 0);
    }
    int count = 0;
    char **paths = library_list_dir(dir, 0, &count);
    CHECK_EQ_INT(count, n);
    for (int i = 0; paths && i < count && i < n; i++) {
        const char *got = paths[i] + strlen(dir) + 1;
        if (strcmp(got, want[i]) != 0)
            fprintf(stderr, "compile order %d: %s, wanted %s\n", i, got, want[i]);
        CHECK(strcmp(got, want[i]) == 0);
    }
    library_paths_free(paths, count);
}

int main(int argc, char **argv)
{
    test_basics();
    test_folding();
    test_fire_clauses();
    test_scripts_and_calls();
    test_control();
    test_motion();
    test_easing();
    test_level_and_rand();
    test_threads_and_runaway();
    test_runaway_names_its_loop();
    test_print();
    test_functions();
    test_arrays();
    test_shared();
    test_shared_arrays();
    test_array_functions();
    test_big_arrays();
    test_array_returns();
    test_volley_limits();
    test_non_finite_shots();
    test_nesting_limit();
    test_stage();
    test_sandbox_no_allocation();
    test_folders(argc > 1 ? argv[1] : "/tmp");
    test_compile_order(argc > 1 ? argv[1] : "/tmp");
    diag_free(&diags);
    return check_done("pattern.language");
}
