/*
 * handles: the lasting handles of pattern/vm/handle.h against a model, and the
 * language's handles (fire ... as b, groups, NAME.statement) run in the
 * sandbox: what they read and do while their object lives and once it is
 * gone, groups that forget, and no allocation per frame.
 */
#include "../check.h"
#include "core/mem.h"
#include "core/rng.h"
#include "pattern/content/library.h"
#include "pattern/objects/bullet_object.h"
#include "pattern/objects/laser_object.h"
#include "pattern/objects/sandbox.h"
#include "pattern/vm/handle.h"
#include "test_sandbox.h"

#include <stdlib.h>
#include <string.h>

#define MODEL_SLOTS  64 /* small pools: slots are reused thousands of times */
#define MODEL_KEPT   4096
#define MODEL_ROUNDS 200000

/* One handle a "script" kept, and what the model says it names. */
typedef struct kept {
    vm_handle h;
    int kind; /* 0 bullet, 1 laser, 2 enemy */
    uint32_t slot;
    uint32_t gen; /* the slot's generation when it was kept */
} kept;

typedef struct model {
    bullet_pool bullets;
    laser_pool lasers;
    enemy_table enemies;
    handle_objects objs;
    kept keep[MODEL_KEPT];
    uint32_t nkept;
    uint64_t aliased; /* dead handles whose vm_obj names a live object now */
    uint64_t live_checked, dead_checked;
} model;

/* The live generation of a slot of a kind, 0 when it is free. */
static uint32_t model_gen(const model *m, int kind, uint32_t slot)
{
    if (kind == 0)
        return bullet_pool_handle(&m->bullets, slot).gen;
    if (kind == 1)
        return laser_pool_handle(&m->lasers, slot).gen;
    const enemy *e = &m->enemies.slots[slot];
    return e->kind == ENEMY_FREE ? 0 : (uint32_t)e->gen + 1; /* enemy gens may be 0 */
}

/* The vm_obj the model says the slot holds now. */
static vm_obj model_obj(const model *m, int kind, uint32_t slot)
{
    if (kind == 0)
        return bullet_object_of(bullet_pool_handle(&m->bullets, slot));
    if (kind == 1)
        return laser_object_of(laser_pool_handle(&m->lasers, slot));
    return enemy_handle(&m->enemies, slot);
}

/* Keeps the handle of the object in a slot (replacing a random old one when full). */
static void model_keep(model *m, rng *r, int kind, uint32_t slot)
{
    vm_obj obj = model_obj(m, kind, slot);
    vm_handle h = handle_lasting(&m->objs, obj);
    CHECK(h != 0 && h < VM_HANDLE_LIMIT);
    CHECK_EQ_U64(handle_resolve(&m->objs, h), obj);
    kept k = {h, kind, slot, model_gen(m, kind, slot)};
    uint32_t at = m->nkept < MODEL_KEPT ? m->nkept++ : rng_below(r, MODEL_KEPT);
    m->keep[at] = k;
}

/* Every kept handle resolves to its object while the model says it lives,
 * and to nothing once it is gone, whatever its slot holds now. */
static void model_check(model *m)
{
    for (uint32_t i = 0; i < m->nkept; i++) {
        const kept *k = &m->keep[i];
        int live = model_gen(m, k->kind, k->slot) == k->gen;
        vm_obj got = handle_resolve(&m->objs, k->h);
        if (live) {
            CHECK_EQ_U64(got, model_obj(m, k->kind, k->slot));
            m->live_checked++;
        } else {
            CHECK_EQ_U64(got, 0);
            m->dead_checked++;
            /* the short name a vm_obj gives may already name another object */
            vm_obj now = model_obj(m, k->kind, k->slot);
            if (now && model_gen(m, k->kind, k->slot) != 0 && k->kind == 0) {
                bullet_handle bh;
                vm_obj old = bullet_object_of((bullet_handle){k->slot, k->gen});
                m->aliased += old == now && bullet_object_find(&m->bullets, old, &bh);
            }
        }
    }
}

/* One random step: spawn or despawn a bullet, a laser or an enemy. */
static void model_step(model *m, rng *r)
{
    uint32_t kind = rng_below(r, 3), slot = rng_below(r, MODEL_SLOTS);
    int spawn = rng_below(r, 2);
    if (kind == 0) {
        bullet_handle h = bullet_pool_handle(&m->bullets, slot);
        if (h.gen && !spawn)
            bullet_pool_despawn(&m->bullets, h, BULLET_DESPAWN_VANISH);
        else if (spawn) {
            bullet_spawn s = {.x = 10, .y = 10, .speed = 0};
            bullet_handle n = bullet_pool_spawn(&m->bullets, &s);
            if (n.gen)
                model_keep(m, r, 0, n.index);
        }
    } else if (kind == 1) {
        laser_handle h = laser_pool_handle(&m->lasers, slot);
        if (h.gen && !spawn)
            laser_pool_despawn(&m->lasers, h, LASER_DESPAWN_CLEAR);
        else if (spawn) {
            laser_spawn s = {.kind = LASER_STRAIGHT, .x = 10, .y = 10, .length = 10, .width = 4};
            laser_handle n = laser_pool_spawn(&m->lasers, &s);
            if (n.gen)
                model_keep(m, r, 1, n.index);
        }
    } else {
        if (m->enemies.slots[slot].kind != ENEMY_FREE && !spawn)
            enemy_release(&m->enemies, slot);
        else if (spawn) {
            uint32_t n = enemy_alloc(&m->enemies, ENEMY_SMALL, 10, 10, 0);
            if (n != ENEMY_NONE)
                model_keep(m, r, 2, n);
        }
    }
}

/* Stale handles under random spawns and despawns: never another object. */
static void test_model(void)
{
    static model m;
    memset(&m, 0, sizeof m);
    CHECK(bullet_pool_init(&m.bullets, MODEL_SLOTS) == 0);
    CHECK(laser_pool_init(&m.lasers, MODEL_SLOTS, 8) == 0);
    CHECK(enemy_table_init(&m.enemies, MODEL_SLOTS) == 0);
    m.objs = (handle_objects){&m.bullets, &m.lasers, &m.enemies, NULL};
    rng r;
    rng_seed(&r, 20);
    for (int round = 0; round < MODEL_ROUNDS; round++) {
        model_step(&m, &r);
        if (round % 997 == 0)
            model_check(&m);
    }
    model_check(&m);
    /* the model saw both kinds, and vm_objs that a reused slot made name
     * another bullet while the handle stayed dead */
    CHECK(m.live_checked > 1000);
    CHECK(m.dead_checked > 100000);
    CHECK(m.aliased > 0);
    printf("handles: %llu live and %llu dead checked, %llu aliased vm_objs refused\n",
           (unsigned long long)m.live_checked, (unsigned long long)m.dead_checked,
           (unsigned long long)m.aliased);
    /* not a handle: none of them */
    CHECK_EQ_U64(handle_resolve(&m.objs, 0), 0);
    CHECK_EQ_U64(handle_resolve(&m.objs, VM_HANDLE_LIMIT + 5), 0);
    CHECK_EQ_U64(handle_resolve(&m.objs, (vm_handle)MODEL_SLOTS + (1u << 24)), 0);
    bullet_pool_free(&m.bullets);
    laser_pool_free(&m.lasers);
    enemy_table_free(&m.enemies);
}

static diag_list diags;

static library *compile(const char *src)
{
    library_file f = {"test.pat", src, strlen(src)};
    diag_free(&diags);
    library *lib = library_compile(&f, 1, &diags);
    if (!lib || diags.count)
        diag_print(&diags, stderr);
    return lib;
}

/* Runs pattern p of src for `frames` frames; the print lines, newest last,
 * joined by '|' into out. */
static void run_prints(const char *src, int frames, char *out, size_t size)
{
    out[0] = 0;
    library *lib = compile(src);
    CHECK(lib != NULL);
    if (!lib)
        return;
    sandbox *sb = test_sandbox(lib, library_find(lib, "p"), frames);
    if (sb) {
        if (sandbox_error_count(sb))
            fprintf(stderr, "%s\n", sandbox_last_error(sb));
        CHECK_EQ_INT(sandbox_error_count(sb), 0);
        uint32_t n = sandbox_print_count(sb);
        size_t len = 0;
        for (uint32_t k = n; k-- > 0 && len < size;) {
            const char *line = sandbox_print_line(sb, k);
            const char *text = line ? strstr(line, ": frame ") : NULL;
            text = text ? strchr(text + 8, ':') : NULL;
            int w = snprintf(out + len, size - len, "%s%s", len ? "|" : "", text ? text + 2 : "?");
            len += w > 0 ? (size_t)w : 0;
        }
    }
    sandbox_destroy(sb);
    library_free(lib);
}

/* Reads while the bullet lives, alive 0 and zeros once it left the field;
 * writes to a dead handle do nothing. */
static void test_reads_and_death(void)
{
    char out[512];
    run_prints("pattern p {\n"
               "    fire orb at down speed 2 as b\n"
               "    wait 10\n"
               "    print b.alive, b.heading, b.speed\n"
               "    b.speed 0\n"
               "    wait 5\n"
               "    print b.y\n"
               "    b.speed 8\n"
               "    wait 100\n"
               "    print b.alive, b.y, b.speed\n"
               "    b.speed 1; b.vanish; b.look star red; b.hitbox 3\n"
               "    b.thread { fire orb ring 3 }\n"
               "    print b.alive\n"
               "}\n",
               130, out, sizeof out);
    CHECK_STR_CONTAINS(out, "1 180 2|");
    /* fired at y 96 + 2 per frame for 10 frames (moving from the frame it is fired) */
    CHECK_STR_CONTAINS(out, "|116|");
    CHECK_STR_CONTAINS(out, "|0 0 0|0");
}

/* b.vanish: gone from the next frame; a script on a handle runs on its
 * object and stops with it. */
static void test_vanish_and_thread(void)
{
    char out[512];
    run_prints("pattern p {\n"
               "    fire orb at right speed 1 as b\n"
               "    b.thread { loop { print \"on\", x; wait 5 } }\n"
               "    wait 12\n"
               "    b.vanish\n"
               "    print b.alive\n"
               "    wait 1\n"
               "    print b.alive\n"
               "}\n",
               40, out, sizeof out);
    /* the thread ran on the bullet (its x moves), then stopped with it */
    CHECK_STR_CONTAINS(out, "on 192|on 197|on 202|1|0");
    CHECK(strstr(out, "on 207") == NULL);
}

/* A group: its count, its handles in order, for ... in, steering each. */
static void test_groups(void)
{
    char out[512];
    /* g[i].member reads and g[i].statement steers the group's i-th handle */
    run_prints("pattern p {\n"
               "    fire orb ring 4 at 0 speed 1 as g\n"
               "    var k = 3\n"
               "    g[1].speed 4\n"
               "    g[k].turn to 45\n"
               "    print g[1].heading, g[1].speed, g[k].heading, g[2 + 7].alive\n"
               "    var j = 0\n"
               "    fire orb at 0 speed 1 { g[j].vanish }\n"
               "    wait 2\n"
               "    print g[0].alive, g[1].alive\n"
               "}\n",
               3, out, sizeof out);
    CHECK_STR_CONTAINS(out, "90 4 45 0|0 1");
    run_prints("pattern p {\n"
               "    fire orb ring 4 at 0 speed 1 stack 2 by 1 as g\n"
               "    var n = 0\n"
               "    var turned = 0\n"
               "    for b in g {\n"
               "        n += 1\n"
               "        if b.speed > 1.5 { b.turn to 90; turned += 1 }\n"
               "    }\n"
               "    var h = g[5]\n"
               "    var second = g[1]\n"
               "    print g.count, n, turned, second.heading\n"
               "    wait 1\n"
               "    var gone = g[9]\n"
               "    print h.heading, h.speed, gone.alive\n"
               "}\n",
               3, out, sizeof out);
    CHECK_STR_CONTAINS(out, "8 8 4 90|90 2 0");
}

/* A group remembers its handles until VM_GROUP_SLOTS more have been kept;
 * then they read as dead although the bullets are still there. */
static void test_groups_forget(void)
{
    char out[512];
    run_prints("pattern p {\n"
               "    fire orb ring 10 speed 0 as first\n"
               "    var h = first[0]\n"
               "    var early = first[3]\n"
               "    print early.alive\n"
               "    repeat 83 { fire orb ring 200 speed 0 life 2 as g; wait 1 }\n"
               "    var late = first[3]\n"
               "    print h.alive, late.alive, first.count\n"
               "}\n",
               90, out, sizeof out);
    CHECK_STR_CONTAINS(out, "1|1 0 10");
}

/* Arrays of handles, handles copied into blocks, enemies and lasers. */
static void test_arrays_enemies_lasers(void)
{
    char out[512];
    run_prints("enemy e { wait 1000 }\n"
               "pattern p {\n"
               "    var held[3]\n"
               "    fire orb at down speed 1 as b\n"
               "    held[1] = b\n"
               "    spawn e at (100, 50) as en\n"
               "    laser red at down length 100 width 6 as l\n"
               "    wait 2\n"
               "    var k = 1\n"
               "    var c = held[k]\n"
               "    en.move to (120, 60)\n"
               "    l.turn to 90\n"
               "    fire orb at up speed 1 { print \"copy\", c.alive }\n"
               "    print c.alive, en.x, en.y, l.heading, en.health\n"
               "}\n",
               5, out, sizeof out);
    CHECK_STR_CONTAINS(out, "1 120 60 90 1|copy 1");
}

/* for NAME in ARRAY: each element in turn, numbers or handles; held[i].member
 * and held[i].statement on an array of handles. */
static void test_for_in_arrays(void)
{
    char out[512];
    run_prints("pattern p {\n"
               "    var a = [3, 5, 7]\n"
               "    var held[3]\n"
               "    fire orb at 0 speed 1 as b\n"
               "    fire orb at 90 speed 2 as c\n"
               "    held[0] = b\n"
               "    held[2] = c\n"
               "    var sum = 0\n"
               "    var order = 0\n"
               "    for v in a { sum += v; order = order * 10 + v }\n"
               "    var alive = 0\n"
               "    for h in held { alive += h.alive; if h.speed > 1 { break } }\n"
               "    held[2].speed 0\n"
               "    var i = 0\n"
               "    print sum, order, alive, held[i].heading, held[2].speed, held[1].alive\n"
               "}\n",
               2, out, sizeof out);
    CHECK_STR_CONTAINS(out, "15 357 2 0 0 0");
}

/* for b in bullets near X Y radius R: the bullets touching the circle, in
 * the order of their slots, not those fired this frame; each a handle to read
 * and steer (b.vanish: gone the next frame). Enemies and lasers alike. */
static void test_queries(void)
{
    char out[512];
    run_prints("pattern p {\n"
               "    fire orb ring 8 at 0 speed 0 radius 20 as near8\n"
               "    fire orb ring 8 at 0 speed 0 radius 100 as far8\n"
               "    var now = 0\n"
               "    for b in bullets near x y radius 50 { now += 1 }\n"
               "    wait 1\n"
               "    var n = 0\n"
               "    for b in bullets near x y radius 50 { n += 1; b.vanish }\n"
               "    var seen[16]\n"
               "    var k = 0\n"
               "    for b in bullets near (x, y) radius 200 { seen[k] = b.heading; k += 1 }\n"
               "    wait 1\n"
               "    var left = 0\n"
               "    for b in bullets near x y radius 200 { left += 1 }\n"
               "    print now, n, k, left, near8[0].alive, far8[0].alive, seen[1], seen[9]\n"
               "}\n",
               4, out, sizeof out);
    CHECK_STR_CONTAINS(out, "0 8 16 8 0 1 45 45");
    run_prints("enemy e { wait 1000 }\n"
               "pattern p {\n"
               "    spawn e at (100, 50)\n"
               "    spawn e at (300, 50) as far\n"
               "    laser red at down length 100 width 6 as l\n"
               "    wait 2\n"
               "    var n = 0\n"
               "    var ex = 0\n"
               "    for en in enemies near 300 50 radius 5 { n += 1; ex = en.x }\n"
               "    var ln = 0\n"
               "    for z in lasers near x y + 30 radius 5 { ln += 1; z.turn to 90 }\n"
               "    var none = 0\n"
               "    for z in lasers near x + 50 y + 30 radius 5 { none += 1 }\n"
               "    print n, ex, far.alive, ln, l.heading, none\n"
               "}\n",
               4, out, sizeof out);
    CHECK_STR_CONTAINS(out, "1 300 1 1 90 0");
    /* the viewer has no ship: its shots are none, read and vanished alike */
    run_prints("pattern p {\n"
               "    fire orb ring 8 speed 0\n"
               "    wait 1\n"
               "    var n = 0\n"
               "    var b = 0\n"
               "    for s in shots near x y radius 500 { n += 1; print s.x, s.alpha; s.vanish }\n"
               "    for z in bullets near x y radius 500 { b += 1 }\n"
               "    print n, b\n"
               "}\n",
               4, out, sizeof out);
    CHECK_STR_CONTAINS(out, "0 8");
}

/* A query costs the runner's budget one unit for each object it finds, as a
 * volley does for each bullet: a script that queries 2000 bullets without
 * waiting makes about 100000 / 2000 queries before the budget stops it at its
 * place (not the 8000 its few instructions a round would allow), and the
 * frame goes on. */
static void test_query_budget(void)
{
    library *lib = compile("shared rounds = 0\n"
                           "pattern p {\n"
                           "    fire orb ring 2000 speed 0\n"
                           "    wait 1\n"
                           "    thread { loop { for b in bullets near x y radius 300 { break }\n"
                           "                    rounds += 1 } }\n"
                           "    wait 1\n"
                           "    print rounds\n"
                           "}\n");
    CHECK(lib != NULL);
    if (!lib)
        return;
    sandbox *sb = test_sandbox(lib, library_find(lib, "p"), 4);
    CHECK(sb != NULL);
    if (sb) {
        CHECK_EQ_INT(sandbox_error_count(sb), 1);
        const char *e = sandbox_last_error(sb);
        CHECK(e && strstr(e, "test.pat:5:") && strstr(e, "instructions in one frame"));
        CHECK_EQ_INT(sandbox_print_count(sb), 1);
        const char *line = sandbox_print_count(sb) ? sandbox_print_line(sb, 0) : NULL;
        const char *value = line ? strrchr(line, ':') : NULL;
        int rounds = value ? atoi(value + 1) : -1;
        if (rounds < 45 || rounds > 50)
            fprintf(stderr, "rounds %d (%s)\n", rounds, line ? line : "no print");
        CHECK(rounds >= 45 && rounds <= 50);
    }
    sandbox_destroy(sb);
    library_free(lib);
}

/* One mistake, one error: a broken `fire ... as core` reports the fire, not
 * every use of `core` (a misspelt clause does not break a fire: it is skipped
 * and `core` names the bullet as usual); `for v in n` over a number reports the loop, not v. */
static void test_one_error_each(void)
{
    static const struct {
        const char *src, *want;
    } cases[] = {
        {"pattern p {\n    fire orb red aim speed 2 + as core\n    core.speed 2\n"
         "    print core.x\n    for b in core { b.vanish }\n    fire orb at core.aim\n}\n",
         "expected a value, found 'as'"},
        {"pattern p {\n    laser red at down length 9 width 4 wdth 3 as l\n    l.turn to 90\n}\n",
         "unknown fire clause 'wdth'"},
        {"pattern p {\n    var n = 4\n    for v in n {\n        print v\n        v.speed 2\n"
         "    }\n}\n",
         "'for ... in' goes through a group (fire ... ring ... as g) or an array: this is a "
         "number"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        library *lib = compile(cases[i].src);
        CHECK(lib == NULL);
        CHECK_EQ_INT(diags.count, 1);
        if (diags.count >= 1)
            CHECK_STR_CONTAINS(diags.items[0].text, cases[i].want);
        library_free(lib);
    }
}

/* Misuse is a positioned error. */
static void test_misuse(void)
{
    static const struct {
        const char *src, *want;
    } cases[] = {
        {"pattern p { fire orb as b; fire orb at b }\n",
         "test.pat:1:40: 'b' is a handle, not a number"},
        {"pattern p { fire orb ring 3 as g; print g }\n",
         "'g' is a group of handles, not a number"},
        {"pattern p { var n = 1; n.speed 2 }\n", "'n' is a number, not a handle"},
        {"pattern p { fire orb as b; print b.colour }\n", "a handle has no 'colour'"},
        {"pattern p { fire orb as b; for c in b { } }\n", "'for ... in' goes through a group"},
        {"pattern p { fire orb ring 3 as g; g.vanish }\n", "'g' is a group: give each"},
        {"pattern p { run q as z }\npattern q { }\n", "'as NAME' keeps a handle only"},
        {"pattern p { laser red as l; l.look orb red }\n", "a laser's look cannot change"},
        {"pattern p { fire orb as b; b.move to (1, 2) over 9 }\n", "only an enemy glides"},
        {"pattern p { fire orb as b; var n = 0; n = b }\n", "'n' holds numbers: this value is a"},
        {"pattern p { fire orb as b; b += 1 }\n", "only '=' can change it"},
        {"pattern p { fire orb as b; run q(b) }\npattern q(v) { }\n", "'b' is a handle, not a"},
        {"pattern p { var n = 1; print n[0].x }\n", "'n' is a number, not a group or an array"},
        {"pattern p { fire orb as b; b[0].speed 2 }\n", "'b' is one handle, not a group"},
        {"pattern p { var a = [1, 2]; print a[0].x }\n", "'a' is an array of numbers"},
        {"pattern p { fire orb ring 3 as g; print g[0].colour }\n", "a handle has no 'colour'"},
        {"pattern p { laser red ring 2 length 9 width 4 as g; g[0].look orb red }\n",
         "a laser's look cannot change"},
        /* a member its object has not, where the handle's kind is known */
        {"enemy e { wait 9 }\npattern p { spawn e at (1, 2) as en; print en.scale }\n",
         "test.pat:2:47: 'en' is an enemy: it has no 'scale' (only a bullet's)"},
        {"enemy e { wait 9 }\npattern p { spawn e at (1, 2) as en; var a = [en]; print a[0].alpha "
         "}\n",
         "'a[i]' is an enemy: it has no 'alpha'"},
        {"pattern p { fire orb as b; print b.health }\n",
         "'b' is a bullet: it has no 'health' (only an enemy's)"},
        {"pattern p { laser red length 9 width 4 as l; print l.vx }\n",
         "'l' is a laser: it has no 'vx'"},
        {"pattern p { for e in enemies near x y radius 9 { print e.alpha } }\n",
         "'e' is an enemy: it has no 'alpha'"},
        /* a player's shot is read or vanished, nothing else */
        {"pattern p { for s in shots near x y radius 9 { s.speed 2 } }\n",
         "test.pat:1:48: a player's shot is read, or vanished"},
        {"pattern p { for s in shots near x y radius 9 { s.look orb red } }\n",
         "a player's shot is read, or vanished"},
        {"pattern p { for s in shots near x y radius 9 { s.thread { wait 1 } } }\n",
         "a player's shot is read, or vanished"},
        {"pattern p { for s in shots near x y radius 9 { print s.health } }\n",
         "'s' is a player's shot: it has no 'health'"},
        {"pattern p { for s in shot near x y radius 9 { } }\n",
         "'bullets', 'enemies', 'lasers' or 'shots' before 'near'"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        library *lib = compile(cases[i].src);
        CHECK(lib == NULL);
        int found = 0;
        for (int k = 0; k < diags.count; k++)
            found |= strstr(diags.items[k].text, cases[i].want) != NULL;
        if (!found)
            fprintf(stderr, "case %zu: no diagnostic contains \"%s\"\n", i, cases[i].want);
        CHECK(found);
        library_free(lib);
    }
}

/* Styles: fire clauses set them, a handle reads and eases them (scale, alpha),
 * a bullet's own script does too; the hitbox follows the scale only when the
 * volley asked (read back with `b.hitbox` unsupported: by the misses below). */
static void test_styles(void)
{
    char out[512];
    run_prints("pattern p {\n"
               "    fire orb at down speed 0 scale 1.5 alpha 0.5 additive as b\n"
               "    fire orb at down speed 0 as plain\n"
               "    print b.scale, b.alpha, plain.scale, plain.alpha\n"
               "    b.scale 3.5 over 10\n"
               "    b.alpha 1 over 4 smooth\n"
               "    wait 5\n"
               "    print b.scale, b.alpha\n"
               "    wait 10\n"
               "    print b.scale, b.alpha\n"
               "    b.scale 40\n"
               "    b.alpha -1\n"
               "    print b.scale, b.alpha\n"
               "    fire orb at down speed 0 { scale 2 over 2; wait 3; print scale_of_me() }\n"
               "}\n"
               "function scale_of_me() { return 0 }\n",
               30, out, sizeof out);
    CHECK_STR_CONTAINS(out, "1.5 0.5 1 1|");
    CHECK_STR_CONTAINS(out, "|2.5 1|3.5 1|16 0|");
    static const struct {
        const char *src, *want;
    } bad[] = {
        {"pattern p { laser straight red length 90 width 8 as l; l.scale 2 }\n",
         "only a bullet has a scale and an alpha"},
        {"pattern p { laser straight red length 90 width 8 scale 2 }\n", "scale"},
        {"pattern p { laser straight red length 90 width 8 { alpha 0 over 9 } }\n",
         "a laser has no 'alpha'"},
        {"pattern p { fire orb as b; b.alpha }\n", "expected"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        library *lib = compile(bad[i].src);
        CHECK(lib == NULL);
        int found = 0;
        for (int k = 0; k < diags.count; k++)
            found |= strstr(diags.items[k].text, bad[i].want) != NULL;
        if (!found)
            fprintf(stderr, "styles case %zu: no diagnostic contains \"%s\"\n", i, bad[i].want);
        CHECK(found);
        library_free(lib);
    }
}

/* on vanish / on cancel: a copy of the script runs where the bullet was, with
 * the variables as they were then, even after the script's end; a bullet
 * without hooks leaves nothing. */
static void test_callbacks(void)
{
    char out[512];
    run_prints("pattern p {\n"
               "    fire orb at down speed 1 life 10 {\n"
               "        var k = 5\n"
               "        on vanish { print \"gone\", x, y, k, aim }\n"
               "        on cancel { print \"cancelled\" }\n"
               "        wait 3\n"
               "        k = 7\n"
               "    }\n"
               "    fire orb at right speed 0 {\n"
               "        on cancel { print \"sparks at\", x, y; fire orb ring 3 speed 1\n"
               "                    thread { print \"thread at\", x, y } }\n"
               "        on vanish { print \"never\" }\n"
               "    }\n"
               "    fire orb at left speed 0 { wait 2; on vanish { print \"self\", x }; vanish }\n"
               "    wait 30\n"
               "    clear\n"
               "}\n",
               40, out, sizeof out);
    /* fired at (192, 96) moving down 1 a frame, gone after its 10th update;
     * the player is straight below it (aim 180) */
    CHECK_STR_CONTAINS(out, "gone 192 106 7 180");
    CHECK_STR_CONTAINS(out, "self 192");
    CHECK_STR_CONTAINS(out, "sparks at 192 96|thread at 192 96");
    CHECK(strstr(out, "never") == NULL && strstr(out, "cancelled") == NULL);
    library *lib = compile("pattern p { fire orb speed 0 { on cancel { fire orb ring 3 } }\n"
                           "  wait 5; clear; wait 5 }\n");
    CHECK(lib != NULL);
    sandbox *sb = lib ? test_sandbox(lib, library_find(lib, "p"), 12) : NULL;
    /* the orb, then the ring its cancel fired */
    CHECK(sb && sandbox_vm_stats(sb).spawned == 4 && sandbox_bullet_count(sb) == 3);
    sandbox_destroy(sb);
    library_free(lib);
    /* outside a bullet's script, a positioned error */
    CHECK(compile("pattern p { on cancel { fire orb } }\n") == NULL);
    CHECK(diags.count == 1 && strstr(diags.items[0].text, "test.pat:1:13: 'on cancel' belongs"));
    CHECK(compile("pattern p { fire orb { on hit { } } }\n") == NULL);
}

/* A laser's on vanish (the end of its fade) and on cancel run where it was
 * (a beam's origin, a curvy head); on graze is refused on a laser. */
static void test_laser_callbacks(void)
{
    char out[512];
    run_prints("pattern p {\n"
               "    laser red at down length 100 width 8 life 10 {\n"
               "        var k = 1\n"
               "        on vanish { print \"beam gone\", x, y, k }\n"
               "        on cancel { print \"never\" }\n"
               "        k = 2\n"
               "    }\n"
               "    laser curvy blue at down speed 2 length 20 width 6 {\n"
               "        on cancel { print \"head at\", x, y; fire orb ring 3 speed 1 }\n"
               "        on vanish { print \"never\" }\n"
               "    }\n"
               "    wait 40\n"
               "    clear\n"
               "}\n",
               45, out, sizeof out);
    CHECK_STR_CONTAINS(out, "beam gone 192 96 2");
    /* the head moved 2 a frame for 40 updates */
    CHECK_STR_CONTAINS(out, "head at 192 176");
    CHECK(strstr(out, "never") == NULL);
    CHECK(compile("pattern p { laser red length 9 width 4 {\n  on graze { } } }\n") == NULL);
    CHECK(diags.count == 1 && strstr(diags.items[0].text, "test.pat:2:3: 'on graze' belongs"));
}

/* An enemy's on death by time (it vanished or left) runs where it was, with
 * its variables; an enemy whose script is over and that waits only for its
 * events keeps no stage waiting. */
static void test_enemy_events(void)
{
    char out[512];
    run_prints(
        "enemy e { var n = 3\n"
        "  on death { print \"dead\", killer == by_time, x, y, n }\n"
        "  on hit { print \"never\" }\n"
        "  n = 4; wait 3; vanish }\n"
        "enemy still { on death { print \"never\" } }\n"
        "pattern p {\n"
        "    spawn e at (100, 50)\n"
        "    spawn still at (10, 10)\n"
        "    wait 2; print \"enemies\", enemies; wait 8; print \"enemies\", enemies, killer\n"
        "}\n",
        12, out, sizeof out);
    CHECK_STR_CONTAINS(out, "enemies 1|dead 1 100 50 4|enemies 0 0");
    CHECK(strstr(out, "never") == NULL);
    CHECK(compile("pattern p { fire orb { on death { } } }\n") == NULL);
    CHECK(diags.count == 1 && strstr(diags.items[0].text, "1:24: 'on death' belongs in an enemy"));
    CHECK(compile("enemy e { on graze { } }\n") == NULL);
}

/* A laser's turn and speed change follow their ease, as a bullet's do; the
 * linear one keeps its steps. */
static void test_laser_eases(void)
{
    char out[512];
    run_prints(
        "pattern p {\n"
        "    laser curvy red at 0 speed 1 length 10 width 4 {\n"
        "        turn to 80 over 10 in\n"
        "        speed 5 over 10 out\n"
        "        wait 5; print \"in\", heading, speed; wait 6; print \"in\", heading, speed\n"
        "    }\n"
        "    laser curvy red at 0 speed 1 length 10 width 4 {\n"
        "        turn to 80 over 10; wait 5; print \"linear\", heading\n"
        "    }\n"
        "}\n",
        20, out, sizeof out);
    /* half way: in 80 * 0.5^2, out 1 + 4 * (1 - 0.5^2); linear 80 * 0.5 */
    CHECK_STR_CONTAINS(out, "in 20 4|");
    CHECK_STR_CONTAINS(out, "in 80 5");
    CHECK_STR_CONTAINS(out, "linear 40");
    CHECK(diags.warnings == 0);
}

/* A laser's size: length and width are needed; a constant one must fit. */
static void test_laser_sizes(void)
{
    static const struct {
        const char *src, *text;
    } cases[] = {
        {"pattern p { laser red aim width 8 }\n", "1:13: a laser needs a length"},
        {"pattern p { laser curvy red aim length 20 }\n", "1:13: a laser needs a width"},
        {"pattern p { laser curvy red aim length 256 width 8 }\n",
         "1:33: a curvy laser's length is 1 to 255 nodes"},
        {"pattern p { laser curvy red aim length 0 width 8 }\n", "1 to 255 nodes (the"},
        {"pattern p { laser curvy red aim length 4096 width 8 }\n", "not 4096"},
        {"pattern p { laser red aim length 0 width 8 }\n", "1:27: a laser's length must be more"},
        {"pattern p { laser red aim length 9 width -1 }\n", "1:36: a laser's width must be more"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        CHECK(compile(cases[i].src) == NULL);
        CHECK(diags.count == 1 && strstr(diags.items[0].text, cases[i].text));
    }
    library *lib = compile("pattern p { var n = 70\n laser curvy red aim length n width 8\n"
                           "  laser red aim length 400 width 1 }\n");
    CHECK(lib != NULL && diags.count == 0);
    library_free(lib);
    /* the longest body the pools hold, and a long one */
    lib = compile("pattern p { laser curvy red aim length 255 width 8\n"
                  "  laser curvy red aim length 64 width 8\n"
                  "  laser curvy red aim length 200 width 8 }\n");
    CHECK(lib != NULL && diags.count == 0);
    library_free(lib);
    /* a laser volley over the budget is named as lasers */
    lib = compile("pattern p { var n = 100000\n  laser red ring n length 9 width 2 }\n");
    sandbox *sb = lib ? test_sandbox(lib, library_find(lib, "p"), 3) : NULL;
    const char *err = sb && sandbox_error_count(sb) ? sandbox_last_error(sb) : "";
    CHECK_STR_CONTAINS(err, "2:3: a volley of 100000 lasers after");
    sandbox_destroy(sb);
    library_free(lib);
}

/* Handles kept, read and steered every frame, and hooks run, allocate nothing. */
static void test_no_allocation(void)
{
    library *lib = compile("pattern p {\n"
                           "    var held[4]\n"
                           "    loop as t {\n"
                           "        fire rice cyan ring 12 speed 2 as g\n"
                           "        fire orb aim speed 1 life 9 as b {\n"
                           "            on vanish { fire orb_small ring 2 speed 3 life 4 }\n"
                           "            on cancel { fire orb_small ring 2 speed 3 }\n"
                           "        }\n"
                           "        if t % 50 == 49 { clear }\n"
                           "        held[t % 4] = b\n"
                           "        var old = held[(t + 1) % 4]\n"
                           "        old.look star red\n"
                           "        old.hitbox 5\n"
                           "        b.thread { wait 3; turn to aim over 5 }\n"
                           "        for c in g { if c.alive { c.turn by 5 over 4 } }\n"
                           "        for n in bullets near x y + 40 radius 30 { n.speed 2.5 }\n"
                           "        for n in held { g[t % 12].accel 0.01 }\n"
                           "        wait 2\n"
                           "    }\n"
                           "}\n");
    CHECK(lib != NULL);
    if (!lib)
        return;
    sandbox *sb = test_sandbox(lib, library_find(lib, "p"), 200);
    mem_stats before = mem_get_stats();
    for (int f = 0; sb && f < 600; f++)
        sandbox_step(sb);
    CHECK_EQ_U64(mem_get_stats().allocs - before.allocs, 0);
    CHECK(sb && sandbox_vm_stats(sb).spawned > 3000);
    CHECK(sb && sandbox_error_count(sb) == 0);
    sandbox_destroy(sb);
    library_free(lib);
}

int main(void)
{
    diag_init(&diags);
    test_model();
    test_reads_and_death();
    test_vanish_and_thread();
    test_groups();
    test_groups_forget();
    test_arrays_enemies_lasers();
    test_for_in_arrays();
    test_queries();
    test_query_budget();
    test_one_error_each();
    test_misuse();
    test_styles();
    test_callbacks();
    test_laser_callbacks();
    test_laser_sizes();
    test_laser_eases();
    test_enemy_events();
    test_no_allocation();
    diag_free(&diags);
    return check_done("pattern.handles");
}
