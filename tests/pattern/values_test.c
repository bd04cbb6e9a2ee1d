/*
 * values: the maths functions tan, pow, exp and log and the player's state as
 * scripts read them where no player flies (the sandbox: the viewer, `curtain
 * run`): the VM's bits, the results where there is none, the errors for
 * constants out of domain, and the comparisons of difficulty and shot_type
 * with names.
 */
#include "../check.h"
#include "core/powers.h"
#include "core/rng.h"
#include "core/trig.h"
#include "pattern/content/library.h"
#include "pattern/objects/sandbox.h"
#include "pattern/vm/vm.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static diag_list diags;

/* Compiles one source text; prints the diagnostics if it fails. */
static library *compile(const char *src)
{
    library_file f = {"test.pat", src, strlen(src)};
    diag_free(&diags);
    library *lib = library_compile(&f, 1, &diags);
    if (!lib || diags.count)
        diag_print(&diags, stderr);
    return lib;
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

/* The newest print line of entry p run `frames` frames at rank, into out. */
static void printed_at(const char *src, double rank, int frames, char *out, size_t size)
{
    out[0] = 0;
    library *lib = compile(src);
    CHECK(lib != NULL);
    if (!lib)
        return;
    sandbox_config cfg;
    sandbox_config_default(&cfg);
    cfg.rank = rank;
    sandbox *sb = sandbox_create(&cfg);
    CHECK(sb && sandbox_start(sb, lib, library_find(lib, "p"), NULL) == 0);
    for (int f = 0; sb && f < frames; f++)
        sandbox_step(sb);
    const char *line = sb ? sandbox_print_line(sb, 0) : NULL;
    snprintf(out, size, "%s", line ? line : "");
    sandbox_destroy(sb);
    library_free(lib);
}

static uint64_t bits(double x)
{
    uint64_t u;
    memcpy(&u, &x, sizeof u);
    return u;
}

static double call1(vm_math m, double a)
{
    double args[3] = {a, 0, 0};
    return vm_math_eval(m, args);
}

static double call2(vm_math m, double a, double b)
{
    double args[3] = {a, b, 0};
    return vm_math_eval(m, args);
}

/* The VM computes with core/powers and core/trig: the same bits; tan is
 * sin / cos of trig_sincos; and a sweep of tan's bits is as recorded. */
static void test_math_bits(void)
{
    CHECK_EQ_INT(vm_math_arity(VM_MATH_POW), 2);
    CHECK(strcmp(vm_math_name(VM_MATH_LOG), "log") == 0);
    rng r;
    rng_seed(&r, 23);
    int differ = 0;
    uint64_t h = 1469598103934665603u;
    for (int i = 0; i < 20000; i++) {
        double x = (rng_double(&r) - 0.5) * 50.0, y = rng_double(&r) * 100.0 + 1e-9;
        double a = (rng_double(&r) - 0.5) * 1000.0, s, c;
        trig_sincos(a * TRIG_DEG2RAD, &s, &c);
        differ += bits(call1(VM_MATH_EXP, x)) != bits(powers_exp(x));
        differ += bits(call1(VM_MATH_LOG, y)) != bits(powers_log(y));
        differ += bits(call2(VM_MATH_POW, y, x)) != bits(powers_pow(y, x));
        differ += bits(call1(VM_MATH_TAN, a)) != bits(s / c);
        h = (h ^ bits(call1(VM_MATH_TAN, a))) * 1099511628211u;
    }
    CHECK_EQ_INT(differ, 0);
    fprintf(stderr, "tan sweep: %016llx\n", (unsigned long long)h);
    CHECK_EQ_U64(h, 0x8c232da74e793493u);
    CHECK_NEAR(call1(VM_MATH_TAN, 45), 1.0, 1e-15);
    CHECK_NEAR(call1(VM_MATH_TAN, -30), -tan(30 * TRIG_DEG2RAD), 1e-15);
    CHECK_NEAR(call2(VM_MATH_ATAN2, 1, 1), 45.0, 1e-13);
    CHECK(call2(VM_MATH_POW, 2, 10) == 1024);
    /* where there is no result: 0 */
    CHECK(call1(VM_MATH_TAN, 90) == 0 && call1(VM_MATH_TAN, -90) == 0);
    CHECK(call1(VM_MATH_TAN, 270) == 0 && call1(VM_MATH_TAN, 450) == 0);
    CHECK(call1(VM_MATH_TAN, 89.999) > 1000);
    CHECK(call1(VM_MATH_LOG, 0) == 0 && call1(VM_MATH_LOG, -3) == 0);
    CHECK(call2(VM_MATH_POW, -8, 1.0 / 3.0) == 0);
    CHECK(call2(VM_MATH_POW, 0, -1) == 0);
    CHECK(call2(VM_MATH_POW, -2, 3) == -8);
    CHECK(vm_math_domain(VM_MATH_POW, (double[]){-2, 3, 0}) == NULL);
    CHECK(vm_math_domain(VM_MATH_EXP, (double[]){1e6, 0, 0}) == NULL);
}

/* In a script: the values, and 0 where there is no result at run time. */
static void test_math_in_scripts(void)
{
    char line[256];
    printed_at("pattern p {\n    var z = 0\n"
               "    print tan(45 + z), pow(2, 10 + z), exp(1 + z), log(100 + z) / log(10), "
               "log(z), pow(z - 8, 0.5), tan(90 + z)\n}\n",
               0.35, 1, line, sizeof line);
    CHECK_STR_CONTAINS(line, "frame 0: 1 1024 2.718281828 2 0 0 0");
    /* folded constants give the same */
    printed_at("pattern p { print pow(2, 0.5), exp(2), tan(60), atan2(1, 0) }\n", 0.35, 1, line,
               sizeof line);
    CHECK_STR_CONTAINS(line, "frame 0: 1.414213562 7.389056099 1.732050808 90");
}

/* Constants out of domain: a positioned error; from variables: none. */
static void test_math_errors(void)
{
    CHECK(compile("pattern p {\n    wait log(0) + 1\n}\n") == NULL);
    CHECK(diags_contain("test.pat:2:10: log() has no result here: the logarithm of 0 or less"));
    CHECK(compile("pattern p {\n    wait 1 + pow(-8, 1 / 3)\n}\n") == NULL);
    CHECK(diags_contain("test.pat:2:14: pow() has no result here: a negative number to a "
                        "fractional power"));
    CHECK(compile("pattern p {\n    wait 5 + sin(tan(-270))\n}\n") == NULL);
    CHECK(diags_contain("test.pat:2:18: tan() has no result here: the tangent of 90"));
    CHECK(compile("const c = pow(0, -2)\npattern p { wait c }\n") == NULL);
    CHECK(diags_contain("test.pat:1:11: pow() has no result here: 0 to a negative power"));
    library *lib = compile("pattern p(k = 0) {\n    wait 1 + log(k) + pow(k - 1, 0.5) + tan(k)\n"
                           "    wait pow(-8, 3) + tan(89.9)\n}\n");
    CHECK(lib != NULL && diags.count == 0);
    library_free(lib);
    /* the new names are built-ins: a function may not take one */
    CHECK(compile("function pow(a, b) { return a }\npattern p { wait 1 }\n") == NULL);
    CHECK(diags_contain("'pow' is a built-in function"));
    CHECK(compile("pattern p { wait logg(2) }\n") == NULL);
    CHECK(diags_contain("did you mean 'log'?"));
}

/* Where no player flies: a fresh run's numbers; the difficulty nearest the rank. */
static void test_player_defaults(void)
{
    const char *src = "pattern p { print player_lives, player_bombs, player_power, player_score, "
                      "player_graze, player_focused, shot_type, difficulty, ship }\n";
    char line[256];
    printed_at(src, 0.35, 1, line, sizeof line);
    CHECK_STR_CONTAINS(line, "frame 0: 2 3 1 0 0 0 -1 1 -1");
    const double ranks[] = {0.0, 0.17, 0.18, 0.35, 0.5, 0.7, 0.84, 0.9, 1.0};
    const int want[] = {0, 0, 1, 1, 1, 2, 2, 3, 3};
    for (int i = 0; i < 9; i++) {
        double d = -1;
        CHECK(sandbox_player_value(VM_PROP_DIFFICULTY, ranks[i], 0, &d));
        CHECK_EQ_INT((int)d, want[i]);
    }
    printed_at("pattern p { print difficulty }\n", 1.0, 1, line, sizeof line);
    CHECK_STR_CONTAINS(line, "frame 0: 3");
    double v;
    CHECK(!sandbox_player_value(VM_PROP_RANK, 0.35, 0, &v));
    CHECK(sandbox_player_value(VM_PROP_POWER, 0.35, 1, &v) && v == 4);
    /* read-only, and not a name to take */
    CHECK(compile("pattern p {\n    player_lives = 3\n}\n") == NULL);
    CHECK(diags_contain("test.pat:2:5:"));
    CHECK(compile("const difficulty = 3\n") == NULL);
    CHECK(diags_contain("'difficulty' is a built-in value"));
}

static const char ship_types[] = "ship wren {\n    name \"Wren\"\n"
                                 "    type spread { shot 1 { fire rice red at 0 speed 14 } }\n"
                                 "    type talon { shot 1 { fire rice blue at 0 speed 14 } }\n}\n";

/* difficulty and shot_type compared with names. */
static void test_named_comparisons(void)
{
    char line[256];
    const char *src = "pattern p {\n"
                      "    print difficulty == normal, difficulty != normal, difficulty < hard, "
                      "hard > difficulty, difficulty >= lunatic, easy == difficulty\n"
                      "}\n";
    printed_at(src, 0.35, 1, line, sizeof line);
    CHECK_STR_CONTAINS(line, "frame 0: 1 0 1 1 0 0");
    printed_at(src, 1.0, 1, line, sizeof line);
    CHECK_STR_CONTAINS(line, "frame 0: 0 1 0 0 1 0");
    /* a variable of that name is that variable */
    printed_at("pattern p {\n    var hard = 1\n    print difficulty == hard\n}\n", 0.35, 1, line,
               sizeof line);
    CHECK_STR_CONTAINS(line, "frame 0: 1");
    CHECK(compile("pattern p {\n    if difficulty == hardd { wait 1 }\n}\n") == NULL);
    CHECK(diags_contain("test.pat:2:22: 'hardd' is no difficulty: compare difficulty with easy, "
                        "normal, hard or lunatic (did you mean 'hard'?)"));
    CHECK(compile("pattern p {\n    if hard { wait 1 }\n}\n") == NULL);
    CHECK(diags_contain("unknown name 'hard'"));

    /* shot types: by the names of the ships' types; none flies in the sandbox */
    char src2[1024];
    snprintf(src2, sizeof src2,
             "%spattern p {\n    print shot_type == talon, shot_type != spread, "
             "shot_type == 0\n}\n",
             ship_types);
    printed_at(src2, 0.35, 1, line, sizeof line);
    CHECK_STR_CONTAINS(line, "frame 0: 0 1 0");
    snprintf(src2, sizeof src2, "%spattern p {\n    wait shot_type == tallon\n}\n", ship_types);
    CHECK(compile(src2) == NULL);
    CHECK(diags_contain("test.pat:7:23: no ship has a shot type 'tallon' (did you mean 'talon'?)"));
    snprintf(src2, sizeof src2, "%spattern p {\n    wait shot_type < talon\n}\n", ship_types);
    CHECK(compile(src2) == NULL);
    CHECK(diags_contain("a shot type is compared with == or != only"));
}

int main(void)
{
    test_math_bits();
    test_math_in_scripts();
    test_math_errors();
    test_player_defaults();
    test_named_comparisons();
    diag_free(&diags);
    return check_done("pattern.values");
}
