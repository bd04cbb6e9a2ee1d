/*
 * bulletml import: BulletML files inside pattern libraries. Their diagnostics
 * join the library's with the same positions; each file becomes a pattern named
 * after it, which pattern files can run as an enemy's attack; every entry point
 * runs as a thread; the dialect switch reaches the import.
 */
#include "../check.h"
#include "core/mem.h"
#include "pattern/bulletml/bulletml_import.h"
#include "pattern/objects/sandbox.h"
#include "pattern/vm/vm.h"
#include "sim/bullet_kind.h"
#include "test_sandbox.h"

#include <stdio.h>
#include <string.h>

static diag_list diags;

static int has_diag(diag_code code, uint32_t line, uint32_t col, const char *want)
{
    for (int i = 0; i < diags.count; i++) {
        const diag *g = &diags.items[i];
        if (g->code == code && g->line == line && g->col == col && strstr(g->text, want))
            return 1;
    }
    return 0;
}

static library *compile(const library_file *files, int count)
{
    diag_free(&diags);
    diag_init(&diags);
    return library_compile(files, count, &diags);
}

/* Bullets alive after `frames` frames of entry in the sandbox; -1 if it cannot run. */
static int run_bullets(const library *lib, const char *entry, int frames, uint64_t *spawned)
{
    const library_entry *e = library_find(lib, entry);
    sandbox_config cfg;
    sandbox_config_default(&cfg);
    sandbox *sb = sandbox_create(&cfg);
    if (!e || !sb || sandbox_start(sb, lib, e, NULL) != 0) {
        sandbox_destroy(sb);
        return -1;
    }
    for (int f = 0; f < frames; f++)
        sandbox_step(sb);
    int n = (int)sandbox_bullet_count(sb);
    *spawned = sandbox_vm_stats(sb).spawned;
    CHECK_EQ_INT(sandbox_error_count(sb), 0);
    sandbox_destroy(sb);
    return n;
}

static const char rings_xml[] =
    "<bulletml>\n"
    "<action label=\"top1\"><repeat><times>3</times><action>\n"
    "  <fire><direction type=\"sequence\">30</direction><speed>2</speed><bullet/></fire>\n"
    "  <wait>10</wait></action></repeat></action>\n"
    "<action label=\"top2\"><fire><direction type=\"absolute\">180</direction>"
    "<speed>1</speed><bullet/></fire></action>\n"
    "</bulletml>\n";

static void test_diagnostics(void)
{
    const char bad[] = "<bulletml>\n<action label=\"top\">\n  <wait>5 % 2</wait>\n"
                       "  <fire><bullet/><speed>1</speed></fire>\n</action>\n</bulletml>\n";
    library_file f = {"bad.xml", bad, sizeof bad - 1};
    library *lib = compile(&f, 1);
    CHECK(lib == NULL);
    CHECK_EQ_INT(diags.errors, 2);
    CHECK(has_diag(DIAG_OTHER, 3, 11, "modulo"));
    CHECK(has_diag(DIAG_OTHER, 4, 18, "<speed> after the <bullet>"));
    CHECK_STR_CONTAINS(diags.items[0].text, "bad.xml:3:11: '%' is not supported");
    CHECK_STR_CONTAINS(diags.items[0].text, "\n      <wait>5 % 2</wait>\n              ^");
    library_free(lib);

    const char dup[] = "<bulletml><action label=\"top\"/><bullet label=\"b\"/>\n"
                       "<bullet label=\"b\"/></bulletml>\n";
    library_file g = {"dup.xml", dup, sizeof dup - 1};
    lib = compile(&g, 1);
    CHECK(lib != NULL);
    CHECK_EQ_INT(diags.warnings, 1);
    CHECK(has_diag(DIAG_OTHER_WARNING, 1, 32, "the last definition wins"));
    library_free(lib);
}

/* Past the loader's 32 kept diagnostics the rest are counted as what they are
 * and summed up after the others; the note used to come first, at 1:1, and
 * count as one more error. */
static void test_diagnostics_past_the_limit(void)
{
    char text[4096] = "<bulletml>\n<action label=\"top\">\n";
    for (int i = 0; i < 40; i++)
        strcat(text, "<nope/>\n");
    strcat(text, "</action>\n</bulletml>\n");
    library_file f = {"many.xml", text, strlen(text)};
    library *lib = compile(&f, 1);
    CHECK(lib == NULL);
    CHECK_EQ_INT(diags.errors, 40);
    CHECK_EQ_INT(diags.count, BULLETML_DIAG_KEEP);
    CHECK(has_diag(DIAG_OTHER, 3, 1, "unknown element <nope>"));
    CHECK(!has_diag(DIAG_OTHER, 1, 1, "not shown"));
    char out[65536];
    diag_sort(&diags);
    diag_format(&diags, out, sizeof out);
    CHECK(strncmp(out, "many.xml:3:1:", 13) == 0);
    CHECK_STR_CONTAINS(out, "(8 more diagnostics not shown)\n");
    library_free(lib);
}

static void test_attack(void)
{
    const char pat[] = "pattern twice {\n"
                       "    run rings\n"
                       "    wait 5\n"
                       "    run rings\n"
                       "}\n";
    library_file files[] = {{"dir/rings.xml", rings_xml, sizeof rings_xml - 1},
                            {"dir/attack.pat", pat, sizeof pat - 1}};
    library *lib = compile(files, 2);
    CHECK(lib != NULL);
    if (!lib) {
        diag_print(&diags, stderr);
        return;
    }
    const library_entry *e = library_find(lib, "rings");
    CHECK(e != NULL && e->kind == LIBRARY_IMPORT && e->nparams == 0);
    /* Both entry points run: top1 fires 3 (one per 10 frames), top2 fires 1. */
    uint64_t spawned = 0;
    CHECK_EQ_INT(run_bullets(lib, "rings", 40, &spawned), 4);
    CHECK_EQ_U64(spawned, 4);
    /* `run rings` lasts as long as top1 (20 frames), so the second run starts
     * 25 frames in: 8 bullets within 60 frames. */
    CHECK(run_bullets(lib, "twice", 30, &spawned) >= 0);
    CHECK_EQ_U64(spawned, 4);
    CHECK(run_bullets(lib, "twice", 60, &spawned) >= 0);
    CHECK_EQ_U64(spawned, 8);
    library_free(lib);
}

/* A bullet's script is named after its place ("bullet script@LINE:COL"), and the
 * layout-free hashes of format-3 replays leave the place out (vm_func_name_key),
 * as of a block: lines added to a reachable .xml file move no name they hash. */
static void test_script_names(void)
{
    const char head[] = "<bulletml>\n";
    const char body[] = "<action label=\"top\"><fire><bullet><action>\n"
                        "  <wait>4</wait><vanish/></action></bullet></fire></action>\n"
                        "</bulletml>\n";
    char text[2][256];
    snprintf(text[0], sizeof text[0], "%s%s", head, body);
    snprintf(text[1], sizeof text[1], "%s\n\n%s", head, body); /* two lines longer */
    library *lib[2];
    for (int k = 0; k < 2; k++) {
        library_file f = {"moved.xml", text[k], strlen(text[k])};
        lib[k] = compile(&f, 1);
        CHECK(lib[k] != NULL);
    }
    if (!lib[0] || !lib[1]) {
        library_free(lib[0]);
        library_free(lib[1]);
        return;
    }
    const vm_program *p0 = lib[0]->prog, *p1 = lib[1]->prog;
    CHECK_EQ_INT(p0->func_count, p1->func_count);
    int scripts = 0;
    for (uint32_t i = 0; i < p0->func_count && i < p1->func_count; i++) {
        const char *a = p0->funcs[i].name, *b = p1->funcs[i].name;
        size_t ka = vm_func_name_key(a), kb = vm_func_name_key(b);
        CHECK(ka == kb && memcmp(a, b, ka) == 0);
        if (strncmp(a, "bullet script@", 14) == 0) {
            CHECK(strcmp(a, b) != 0); /* the full name still places it */
            scripts++;
        }
    }
    CHECK_EQ_INT(scripts, 1);
    library_free(lib[0]);
    library_free(lib[1]);
}

/* A file whose name a pattern file cannot write after `run` ("3way", "[1943]_x",
 * a reserved word) loads, runs under its name, and comes with a warning that
 * says so; a file with a usable name has none. */
static void test_file_names(void)
{
    static const struct {
        const char *path, *stem;
        int usable;
    } names[] = {
        {"dir/fan_2.xml", "fan_2", 1}, {"_x.xml", "_x", 1},
        {"dir/3way.xml", "3way", 0},   {"[1943]_rolling_fire.xml", "[1943]_rolling_fire", 0},
        {"a-b.xml", "a-b", 0},         {"mod/loop.xml", "loop", 0},
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        library_file f = {names[i].path, rings_xml, sizeof rings_xml - 1};
        library *lib = compile(&f, 1);
        CHECK(lib != NULL && library_find(lib, names[i].stem) != NULL);
        CHECK_EQ_INT(diags.warnings, names[i].usable ? 0 : 1);
        char want[96];
        snprintf(want, sizeof want, "runs as the pattern '%s', which 'run'", names[i].stem);
        CHECK(names[i].usable || has_diag(DIAG_OTHER_WARNING, 1, 1, want));
        library_free(lib);
    }
}

static void test_dialect(void)
{
    /* After changeDirection absolute 50, a sequence 1 fire goes 51 (Debian) or 101. */
    const char xml[] = "<bulletml><action label=\"top\">"
                       "<fire><direction type=\"absolute\">100</direction><speed>1</speed>"
                       "<bullet/></fire>"
                       "<changeDirection><direction type=\"absolute\">50</direction>"
                       "<term>1</term></changeDirection>"
                       "<fire><direction type=\"sequence\">1</direction><speed>1</speed>"
                       "<bullet/></fire></action></bulletml>";
    library_file f = {"prev.xml", xml, sizeof xml - 1};
    uint32_t rows[2][2];
    for (int d = 0; d < 2; d++) {
        bulletml_import_set_dialect(d == 0 ? BULLETML_DIALECT_DEBIAN : BULLETML_DIALECT_UPSTREAM);
        library *lib = compile(&f, 1);
        CHECK(lib != NULL);
        if (!lib)
            continue;
        sandbox *sb = test_sandbox(lib, library_find(lib, "prev"), 3);
        uint32_t n = 0;
        const sandbox_object *o = sb ? sandbox_objects(sb, &n) : NULL;
        CHECK_EQ_INT(n, 2);
        if (n == 2) {
            rows[d][0] = o[1].x > o[0].x; /* both head right */
            /* heading of the second bullet, degrees */
            rows[d][1] = (uint32_t)(o[1].heading + 0.5f);
        }
        sandbox_destroy(sb);
        library_free(lib);
    }
    bulletml_import_set_dialect(BULLETML_DIALECT_DEBIAN);
    CHECK_EQ_INT(rows[0][1], 51);
    CHECK_EQ_INT(rows[1][1], 101);
}

/* A ramp that starts on the frame another ramp of the same property ends starts
 * from that ramp's target, as in libbulletml (parsec47's smallmove/slowdown.xml:
 * speed 3 over one frame, then down to 0 over 50). The enemy running it moves
 * down at once; it stood still when the second ramp read the speed of the frame
 * before. */
static void test_chained_ramps(void)
{
    static const char xml[] =
        "<bulletml type=\"vertical\">\n"
        "<action label=\"top\">\n"
        " <changeSpeed><speed>3</speed><term>1</term></changeSpeed>\n"
        " <changeDirection><direction type=\"absolute\">180</direction><term>1</term>"
        "</changeDirection>\n"
        " <wait>1</wait>\n"
        " <changeSpeed><speed>0</speed><term>50</term></changeSpeed>\n"
        " <wait>100</wait>\n"
        "</action>\n"
        "</bulletml>\n";
    static const char pat[] = "enemy mover { health 10 run slowdown }\n"
                              "pattern p { spawn mover at (192, 100) wait 1000 }\n";
    library_file files[] = {{"slowdown.xml", xml, sizeof xml - 1}, {"p.pat", pat, sizeof pat - 1}};
    library *lib = compile(files, 2);
    CHECK(lib != NULL);
    if (!lib) {
        diag_print(&diags, stderr);
        return;
    }
    sandbox *sb = test_sandbox(lib, library_find(lib, "p"), 0);
    float y0 = -1.0f, y = -1.0f;
    for (int f = 0; sb && f < 40; f++) {
        sandbox_step(sb);
        uint32_t n;
        const sandbox_object *o = sandbox_objects(sb, &n);
        for (uint32_t k = 0; k < n; k++)
            if (o[k].enemy == 1)
                y = o[k].y, y0 = y0 < 0.0f ? y : y0;
    }
    /* From 3 px a frame down to 0 over 50 frames: over 60 px in 38 frames. */
    CHECK(y0 > 0.0f && y - y0 > 60.0f);
    CHECK_EQ_INT(sb ? sandbox_error_count(sb) : -1, 0);
    sandbox_destroy(sb);
    library_free(lib);
}

/* A pattern file's `bulletml NAME { look ... }` gives NAME.xml's bullets their
 * looks: the labelled bullet its own, the others the file's default; without
 * a declaration the code is the very same (no SHOT_LOOK); misnamed files,
 * shapes, colours and labels are positioned errors. */
static void test_looks(void)
{
    static const char way_xml[] =
        "<bulletml>\n<action label=\"top\"><repeat><times>4</times><action>\n"
        "  <fire><speed>1</speed><bullet/></fire>\n"
        "  <fire><speed>1</speed><bulletRef label=\"seed\"/></fire>\n"
        "  <wait>5</wait></action></repeat></action>\n"
        "<bullet label=\"seed\"><action><wait>99</wait></action></bullet>\n</bulletml>\n";
    static const char looks_pat[] = "bulletml way {\n    look rice red\n"
                                    "    look \"seed\" orb_large blue\n}\n";
    library_file files[] = {{"way.xml", way_xml, sizeof way_xml - 1},
                            {"looks.pat", looks_pat, sizeof looks_pat - 1}};
    library *lib = compile(files, 2);
    CHECK(lib != NULL);
    library *plain = compile(files, 1);
    CHECK(plain != NULL);
    if (!lib || !plain) {
        library_free(lib);
        library_free(plain);
        return;
    }
    uint32_t rice = library_look(BULLET_SHAPE_RICE, BULLET_COLOR_RED);
    uint32_t seed = library_look(BULLET_SHAPE_ORB_LARGE, BULLET_COLOR_BLUE);
    int saw_rice = 0, saw_seed = 0, plain_looks = 0;
    for (uint32_t pc = 0; pc < lib->prog->code_count; pc++) {
        uint32_t i = lib->prog->code[pc];
        saw_rice += VM_GET_OP(i) == VM_OP_SHOT_LOOK && VM_GET_AX(i) == rice;
        saw_seed += VM_GET_OP(i) == VM_OP_SHOT_LOOK && VM_GET_AX(i) == seed;
    }
    for (uint32_t pc = 0; pc < plain->prog->code_count; pc++)
        plain_looks += VM_GET_OP(plain->prog->code[pc]) == VM_OP_SHOT_LOOK;
    CHECK_EQ_INT(saw_rice, 1);
    CHECK_EQ_INT(saw_seed, 1);
    CHECK_EQ_INT(plain_looks, 0);
    /* In the sandbox, the bullets carry those looks. */
    sandbox_config cfg;
    sandbox_config_default(&cfg);
    sandbox *sb = sandbox_create(&cfg);
    CHECK(sb && sandbox_start(sb, lib, library_find(lib, "way"), NULL) == 0);
    for (int f = 0; sb && f < 30; f++)
        sandbox_step(sb);
    uint32_t n = 0;
    const sandbox_object *o = sb ? sandbox_objects(sb, &n) : NULL;
    int rices = 0, seeds = 0;
    for (uint32_t k = 0; k < n; k++) {
        rices += o[k].look == rice;
        seeds += o[k].look == seed;
    }
    CHECK_EQ_INT(rices, 4);
    CHECK_EQ_INT(seeds, 4);
    sandbox_destroy(sb);
    library_free(lib);
    library_free(plain);

    static const char bad_pat[] =
        "bulletml way {\n    look ricee red\n    look \"sed\" orb blu\n}\n"
        "bulletml gone {\n    look orb\n}\n";
    library_file bad[] = {{"way.xml", way_xml, sizeof way_xml - 1},
                          {"bad.pat", bad_pat, sizeof bad_pat - 1}};
    CHECK(compile(bad, 2) == NULL);
    CHECK(has_diag(DIAG_UNKNOWN_SHAPE, 2, 10, "unknown bullet shape 'ricee'"));
    CHECK(has_diag(DIAG_UNKNOWN_COLOUR, 3, 20, "unknown bullet colour 'blu'"));
    CHECK(has_diag(DIAG_UNKNOWN_NAME, 3, 10, "no <bullet label=\"sed\"> in way.xml"));
    CHECK(has_diag(DIAG_UNKNOWN_PATTERN, 5, 1, "no BulletML file 'gone.xml' is loaded"));
}

int main(void)
{
    bulletml_import_register();
    diag_init(&diags);
    test_script_names();
    test_diagnostics();
    test_diagnostics_past_the_limit();
    test_attack();
    test_file_names();
    test_dialect();
    test_chained_ramps();
    test_looks();
    diag_free(&diags);
    return check_done("pattern.bulletml_import");
}
