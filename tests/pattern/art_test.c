/*
 * art: a mod's own bullet shapes (pattern/content/art.h). The declarations give shape
 * ids past the built-ins, which keep theirs; the names work wherever a built-in
 * shape's does (fire, a handle's look, a bulletml look); the look code carries
 * the hitbox, so a bullet spawns with it and the content (the code) changes
 * with it; bad declarations are positioned errors; bullets of art shapes cost
 * no allocation per frame.
 */
#include "../check.h"
#include "core/mem.h"
#include "pattern/bulletml/bulletml_import.h"
#include "pattern/content/library.h"
#include "pattern/objects/bullet_object.h"
#include "pattern/objects/sandbox.h"
#include "test_sandbox.h"

#include <string.h>

static diag_list diags;

static library *compile(const char *src)
{
    library_file f = {"mod/test.pat", src, strlen(src)};
    diag_free(&diags);
    diag_init(&diags);
    library *lib = library_compile(&f, 1, &diags);
    return lib;
}

/* Whether diags holds a diagnostic whose text contains want. */
static int has(const char *want)
{
    for (int i = 0; i < diags.count; i++)
        if (strstr(diags.items[i].text, want))
            return 1;
    fprintf(stderr, "no diagnostic contains \"%s\"; got:\n", want);
    diag_print(&diags, stderr);
    return 0;
}

static const char *const sheet = "art garden \"art/sheet.png\" {\n"
                                 "    shape petal frame 16 16 at 0 0 hitbox 3\n"
                                 "    shape needle frame 24 8 at 16 0 hitbox 2.3 turns\n"
                                 "    shape ember frame 16 16 at 40 0 hitbox 4.5 additive\n"
                                 "}\n";

/* The operand of the first SHOT_LOOK in p's code, or 0. */
static uint32_t first_look(const vm_program *p)
{
    for (uint32_t pc = 0; pc < p->code_count; pc++)
        if (VM_GET_OP(p->code[pc]) == VM_OP_SHOT_LOOK)
            return VM_GET_AX(p->code[pc]);
    return 0;
}

/* The table: ids after the built-ins, the sheet joined with the file's folder,
 * the clauses as written. */
static void test_table(void)
{
    char src[1024];
    snprintf(src, sizeof src, "%spattern p { fire needle cyan ring 4 speed 2; wait 1 }\n", sheet);
    library *lib = compile(src);
    CHECK(lib != NULL && diags.count == 0);
    if (!lib)
        return;
    CHECK_EQ_U64(lib->art_count, 3);
    CHECK_EQ_U64(lib->art[0].shape, BULLET_SHAPE_COUNT);
    CHECK_EQ_U64(lib->art[2].shape, BULLET_SHAPE_COUNT + 2);
    CHECK(strcmp(lib->art[0].sheet, "mod/art/sheet.png") == 0);
    CHECK(strcmp(lib->art[0].root, "mod") == 0);
    /* names and places outlive the load's syntax tree and file texts (the game's
     * error for a missing sheet read an empty file name) */
    CHECK(strcmp(lib->art[1].name, "needle") == 0);
    CHECK(strcmp(lib->art[1].file, "mod/test.pat") == 0 && lib->art[1].line == 3);
    CHECK(lib->art[1].turns && !lib->art[1].additive && lib->art[2].additive);
    CHECK(lib->art[1].x == 16 && lib->art[1].w == 24 && lib->art[1].h == 8);
    CHECK_EQ_U64(lib->art[1].hitbox_q, 9); /* 2.3 px to the nearest quarter: 2.25 */
    /* the fire's look: the needle's id, cyan, its hitbox */
    uint32_t look = first_look(lib->prog);
    CHECK_EQ_U64(library_look_shape(look), BULLET_SHAPE_COUNT + 1);
    CHECK_EQ_U64(library_look_colour(look), BULLET_COLOR_CYAN);
    CHECK(library_look_hitbox(look) == 2.25f);
    /* spawned with it: the declared hitbox, the art shape's id in the pool */
    bullet_pool pool;
    CHECK(bullet_pool_init(&pool, 16) == 0);
    vm_shot shot = {0};
    shot.look = look;
    shot.speed = 1;
    bullet_handle h = bullet_object_spawn(&pool, 10, 10, &shot);
    CHECK(h.gen != 0);
    CHECK(pool.radius[h.index] == 2.25f);
    CHECK_EQ_U64(pool.shape[h.index], BULLET_SHAPE_COUNT + 1);
    /* a built-in look keeps the shape's own hitbox */
    shot.look = library_look(BULLET_SHAPE_ORB_LARGE, BULLET_COLOR_RED);
    h = bullet_object_spawn(&pool, 10, 10, &shot);
    CHECK(pool.radius[h.index] == 8.0f);
    bullet_pool_free(&pool);
    library_free(lib);
}

/* The names work where built-in shapes do: a handle's look, a bulletml look
 * (checked here by name), and built-in looks are the codes they always were. */
static void test_names_everywhere(void)
{
    char src[1024];
    snprintf(src, sizeof src,
             "%spattern p { loop { fire orb red speed 2 as b; b.look petal; wait 5 } }\n"
             "pattern q { fire ember speed 1 as e; wait 10; e.look needle red }\n",
             sheet);
    library *lib = compile(src);
    CHECK(lib != NULL && diags.count == 0);
    if (!lib || diags.count)
        diag_print(&diags, stderr);
    library_free(lib);
    CHECK_EQ_U64(library_look(BULLET_SHAPE_STAR, BULLET_COLOR_BLUE),
                 (BULLET_SHAPE_STAR + 1) | BULLET_COLOR_BLUE << 8);
    /* an unknown shape still names its place */
    CHECK(compile("pattern p { fire petal ring 3 }\n") == NULL);
    CHECK(has("test.pat:1:18: unknown bullet shape 'petal'"));
}

/* A bulletml look names an art shape: the imported file's bullets carry its
 * look code, hitbox included. */
static void test_bulletml_look(void)
{
    bulletml_import_register();
    const char *pat = "art s \"a.png\" { shape gem frame 8 8 hitbox 1.5 }\n"
                      "bulletml spray { look gem green }\n";
    const char *xml = "<?xml version=\"1.0\" ?>\n<bulletml>\n<action label=\"top\">\n"
                      "<fire><bullet/></fire>\n</action>\n</bulletml>\n";
    library_file files[2] = {{"mod/looks.pat", pat, strlen(pat)},
                             {"mod/spray.xml", xml, strlen(xml)}};
    diag_free(&diags);
    diag_init(&diags);
    library *lib = library_compile(files, 2, &diags);
    CHECK(lib != NULL && diags.errors == 0);
    if (!lib) {
        diag_print(&diags, stderr);
        return;
    }
    uint32_t look = first_look(lib->prog);
    CHECK_EQ_U64(library_look_shape(look), BULLET_SHAPE_COUNT);
    CHECK_EQ_U64(library_look_colour(look), BULLET_COLOR_GREEN);
    CHECK(library_look_hitbox(look) == 1.5f);
    library_free(lib);
}

/* The content changes with a shape's hitbox: it is in the code. */
static void test_hash(void)
{
    const char *a = "art s \"a.png\" { shape gem frame 8 8 hitbox 2 }\n"
                    "pattern p { fire gem speed 1 }\n";
    const char *b = "art s \"a.png\" { shape gem frame 8 8 hitbox 3 }\n"
                    "pattern p { fire gem speed 1 }\n";
    library *la = compile(a), *lb = compile(b);
    CHECK(la && lb);
    if (la && lb)
        CHECK(first_look(la->prog) != first_look(lb->prog));
    library_free(la);
    library_free(lb);
}

/* Every bad declaration is reported where it is written. */
static void test_errors(void)
{
    CHECK(compile("art s \"../up.png\" { shape gem frame 8 8 hitbox 2 }\n") == NULL);
    CHECK(has("test.pat:1:7: the sheet '../up.png' must be a path inside this file's folder"));
    CHECK(compile("art s \"/etc/x.png\" { shape gem frame 8 8 hitbox 2 }\n") == NULL);
    CHECK(has("test.pat:1:7: the sheet '/etc/x.png'"));
    CHECK(compile("art s \"a.png\" {\n  shape orb frame 8 8 hitbox 2\n}\n") == NULL);
    CHECK(has("test.pat:2:9: 'orb' is already a built-in shape"));
    CHECK(compile("art s \"a.png\" {\n  shape red frame 8 8 hitbox 2\n}\n") == NULL);
    CHECK(has("test.pat:2:9: 'red' is already a colour"));
    CHECK(compile("art s \"a.png\" { shape g frame 8 8 hitbox 2 }\n"
                  "art t \"b.png\" { shape g frame 8 8 hitbox 2 }\n") == NULL);
    CHECK(has("test.pat:2:23: 'g' is already a declared shape"));
    CHECK(compile("art s \"a.png\" {\n  shape g frame 8 300 hitbox 2\n}\n") == NULL);
    CHECK(has("test.pat:2:19: a frame's height must be a whole number of pixels from 1 to 128"));
    CHECK(compile("art s \"a.png\" {\n  shape g frame 8.5 8 hitbox 2\n}\n") == NULL);
    CHECK(has("test.pat:2:17: a frame's width"));
    CHECK(compile("art s \"a.png\" {\n  shape g frame 8 8 hitbox 0\n}\n") == NULL);
    CHECK(has("test.pat:2:28: a hitbox radius must be above 0"));
    CHECK(compile("art s \"a.png\" {\n  shape g at 1 1\n}\n") == NULL);
    CHECK(has("test.pat:2:9: shape 'g' needs its frame's size"));
    CHECK(has("test.pat:2:9: shape 'g' needs a hitbox radius"));
    CHECK(compile("art s \"a.png\" {\n  shape g frame 8 8 hitbox 2 glowing\n}\n") == NULL);
    CHECK(has("test.pat:2:30: unknown art clause 'glowing' (a shape takes frame, at, hitbox"));
    CHECK(compile("art s {\n}\n") == NULL);
    CHECK(has("test.pat:1:7: expected the sheet's file name in quotes"));
    CHECK(compile("art s \"a.png\" { shape g frame 8 hitbox 2 }\n") == NULL);
    CHECK(has("test.pat:1:33: expected the frame's height in pixels"));
    /* more shapes than ids left */
    static char src[16384];
    size_t n = (size_t)snprintf(src, sizeof src, "art s \"a.png\" {\n");
    for (int i = 0; i <= ART_MAX_SHAPES; i++)
        n += (size_t)snprintf(src + n, sizeof src - n, "  shape g%d frame 8 8 hitbox 2\n", i);
    snprintf(src + n, sizeof src - n, "}\n");
    CHECK(compile(src) == NULL);
    CHECK(has("too many art shapes: a library holds at most 244"));
}

/* Bullets of art shapes, fired, turned and restyled every frame, allocate
 * nothing once running. */
static void test_no_allocation(void)
{
    char src[1024];
    snprintf(src, sizeof src,
             "%spattern p {\n"
             "    loop as t {\n"
             "        fire petal ring 8 at t * 7 speed 2 as g\n"
             "        fire needle aim speed 3 as n\n"
             "        for c in g { c.look needle }\n"
             "        n.look ember\n"
             "        wait 2\n"
             "    }\n"
             "}\n",
             sheet);
    library *lib = compile(src);
    CHECK(lib != NULL);
    if (!lib) {
        diag_print(&diags, stderr);
        return;
    }
    sandbox *sb = test_sandbox(lib, library_find(lib, "p"), 200);
    mem_stats before = mem_get_stats();
    for (int f = 0; sb && f < 600; f++)
        sandbox_step(sb);
    CHECK_EQ_U64(mem_get_stats().allocs - before.allocs, 0);
    CHECK(sb && sandbox_vm_stats(sb).spawned > 2000);
    CHECK(sb && sandbox_error_count(sb) == 0);
    uint32_t count = 0;
    const sandbox_object *o = sb ? sandbox_objects(sb, &count) : NULL;
    int art = 0;
    for (uint32_t i = 0; i < count; i++)
        art += !o[i].enemy && library_look_shape(o[i].look) >= BULLET_SHAPE_COUNT;
    CHECK(art > 100);
    sandbox_destroy(sb);
    library_free(lib);
}

/* The animated form: frames, every (6 when not given), once; lint's dump of
 * it lives in app.pattern_commands. */
static void test_animation(void)
{
    library *lib = compile("art s \"a.png\" {\n"
                           "  shape still frame 8 8 hitbox 2\n"
                           "  shape flame frame 16 16 at 0 16 hitbox 3 turns frames 4 every 5\n"
                           "  shape burst frame 32 32 hitbox 8 frames 3 once\n"
                           "}\n");
    CHECK(lib && lib->art_count == 3);
    if (!lib)
        return;
    const art_shape *a = lib->art;
    CHECK(a[0].frames == 1 && a[0].every == ART_DEFAULT_EVERY && !a[0].once);
    CHECK(a[1].frames == 4 && a[1].every == 5 && !a[1].once && a[1].turns && a[1].y == 16);
    CHECK(a[2].frames == 3 && a[2].every == ART_DEFAULT_EVERY && a[2].once);
    CHECK(art_find(a, 3, "burst") == &a[2] && art_find(a, 3, "orb") == NULL);
    library_free(lib);
    /* the animation's numbers, and its words without frames */
    CHECK(compile("art s \"a.png\" {\n  shape g frame 8 8 hitbox 2 frames 17\n}\n") == NULL);
    CHECK(has("test.pat:2:37: an animation's frame count must be a whole number from 1 to 16"));
    CHECK(compile("art s \"a.png\" {\n  shape g frame 8 8 hitbox 2 frames 2 every 0\n}\n") == NULL);
    CHECK(has("test.pat:2:45: ticks a frame must be a whole number from 1 to 255"));
    CHECK(compile("art s \"a.png\" {\n  shape g frame 8 8 hitbox 2 every 4\n}\n") == NULL);
    CHECK(has("test.pat:2:36: 'every' and 'once' belong to an animation"));
    CHECK(compile("art s \"a.png\" {\n  shape g frame 8 8 hitbox 2 once\n}\n") == NULL);
    CHECK(has("test.pat:2:9: 'every' and 'once' belong to an animation"));
    CHECK(compile("art s \"a.png\" {\n  shape g frame 128 8 at 4000 0 hitbox 2 frames 2\n}\n") ==
          NULL);
    CHECK(has("test.pat:2:49: the animation's 2 frames of 128 px run past 4096 px"));
    CHECK(compile("art s \"a.png\" {\n  shape g frame 8 8 hitbox 2 frames\n}\n") == NULL);
    CHECK(has("test.pat:3:1: expected how many frames the animation has"));
}

/* An art shape is a look for an enemy (its `look` statement and a handle's), a
 * boss, a ship and its options; an unknown look is an error naming the nearest
 * of the built-in looks and the art. */
static void test_looks(void)
{
    char src[2048];
    snprintf(src, sizeof src,
             "%senemy e { look petal\n health 5\n wait 10\n look drone\n wait 10 }\n"
             "boss b { name \"B\"\n look needle\n phase time 10s { wait 10 } }\n"
             "ship s { look ember\n option_look petal\n shot 1 { fire petal at 0 speed 9 } }\n"
             "ship t { look player_heron\n option_look option\n shot 1 { fire orb speed 9 } }\n",
             sheet);
    library *lib = compile(src);
    CHECK(lib != NULL);
    if (!lib) {
        diag_print(&diags, stderr);
        return;
    }
    CHECK(diags.count == 0);
    CHECK(strcmp(lib->bosses[0].look, "needle") == 0);
    CHECK(strcmp(lib->ships[0].look, "ember") == 0);
    CHECK(strcmp(lib->ships[0].option_look, "petal") == 0);
    CHECK(strcmp(lib->ships[1].option_look, "option") == 0);
    library_free(lib);
    /* unknown, with the nearest name: an art shape's, a built-in's */
    snprintf(src, sizeof src, "%senemy e {\n    look petl\n    wait 1\n}\n", sheet);
    CHECK(compile(src) == NULL);
    CHECK(has("test.pat:7:10: unknown look 'petl' (did you mean 'petal'?)"));
    snprintf(src, sizeof src, "%sboss b {\n    look wsp\n    phase { wait 1 }\n}\n", sheet);
    CHECK(compile(src) == NULL);
    CHECK(has("test.pat:7:10: unknown look 'wsp' (did you mean 'wisp'?)"));
    snprintf(src, sizeof src, "%sship s {\n    look embr\n}\n", sheet);
    CHECK(compile(src) == NULL);
    CHECK(has("test.pat:7:10: unknown look 'embr' (did you mean 'ember'?)"));
    snprintf(src, sizeof src, "%sship s {\n    option_look optin\n}\n", sheet);
    CHECK(compile(src) == NULL);
    CHECK(has("test.pat:7:17: unknown look 'optin' (did you mean 'option'?)"));
    /* a ship wears ship looks, not an enemy's */
    CHECK(compile("ship s {\n    look drone\n}\n") == NULL);
    CHECK(has("test.pat:2:10: unknown look 'drone'"));
    CHECK(compile("ship s {\n    option_look petal\n    option_look option\n}\n") == NULL);
    CHECK(has("'option_look' is given twice"));
}

int main(void)
{
    diag_init(&diags);
    test_animation();
    test_looks();
    test_table();
    test_names_everywhere();
    test_bulletml_look();
    test_hash();
    test_errors();
    test_no_allocation();
    diag_free(&diags);
    return check_done("pattern.art");
}
