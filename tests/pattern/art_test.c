/*
 * art: a mod's own bullet shapes (pattern/art.h). The declarations give shape
 * ids past the built-ins, which keep theirs; the names work wherever a built-in
 * shape's does (fire, a handle's look, a bulletml look); the look code carries
 * the hitbox, so a bullet spawns with it and the content (the code) changes
 * with it; bad declarations are positioned errors; bullets of art shapes cost
 * no allocation per frame.
 */
#include "../check.h"
#include "core/mem.h"
#include "pattern/bullet_object.h"
#include "pattern/bulletml_import.h"
#include "pattern/library.h"
#include "pattern/sandbox.h"
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
    CHECK(has("test.pat:2:30: expected 'shape', or frame, at, hitbox"));
    CHECK(compile("art s {\n}\n") == NULL);
    CHECK(has("test.pat:1:7: expected the sheet's file name in quotes"));
    CHECK(compile("art s \"a.png\" { shape g frame 8 hitbox 2 }\n") == NULL);
    CHECK(has("test.pat:1:33: expected the frame's height in pixels"));
    /* more shapes than ids left */
    char src[4096];
    size_t n = (size_t)snprintf(src, sizeof src, "art s \"a.png\" {\n");
    for (int i = 0; i <= ART_MAX_SHAPES; i++)
        n += (size_t)snprintf(src + n, sizeof src - n, "  shape g%d frame 8 8 hitbox 2\n", i);
    snprintf(src + n, sizeof src - n, "}\n");
    CHECK(compile(src) == NULL);
    CHECK(has("too many art shapes: a library holds at most 21"));
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

int main(void)
{
    diag_init(&diags);
    test_table();
    test_names_everywhere();
    test_bulletml_look();
    test_hash();
    test_errors();
    test_no_allocation();
    diag_free(&diags);
    return check_done("pattern.art");
}
