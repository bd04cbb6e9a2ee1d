/*
 * objects: the one object layer under the VM (pattern/objects/objects.h). A vm_obj
 * names the store its bits say (bullet, laser, enemy; a stale one none); get,
 * set and ramp reach that object; a shot's parent place; vanish queues a
 * bullet, fades a laser, marks a small enemy dying and leaves a boss and the
 * stage; the `enemies` rule and format 2's; `aim` is trig_aim, bit for bit the
 * formula every host wrote before; and a laser kind is named once: every row
 * of sim/laser_pool.h's LASER_KINDS fires by its name from a script, and the
 * fire clauses' table (pattern/language/ast.h) writes only its letters (and 'b').
 */
#include "../check.h"
#include "core/trig.h"
#include "pattern/language/ast.h"
#include "pattern/objects/bullet_object.h"
#include "pattern/objects/laser_object.h"
#include "pattern/objects/objects.h"
#include "pattern/objects/sandbox.h"

#include <stdio.h>
#include <string.h>

typedef struct fixture {
    bullet_pool bullets;
    laser_pool lasers;
    enemy_table enemies;
    vm_obj vanished[64];
    uint32_t vanished_count;
    objects o;
} fixture;

static void fixture_init(fixture *f)
{
    memset(f, 0, sizeof *f);
    CHECK(bullet_pool_init(&f->bullets, 64) == 0);
    CHECK(laser_pool_init(&f->lasers, 16, 8) == 0);
    CHECK(enemy_table_init(&f->enemies, 16) == 0);
    f->o = (objects){&f->bullets,        &f->lasers, &f->enemies, f->vanished,
                     &f->vanished_count, NULL,       NULL,        NULL};
}

static void fixture_free(fixture *f)
{
    bullet_pool_free(&f->bullets);
    laser_pool_free(&f->lasers);
    enemy_table_free(&f->enemies);
}

/* A VM shot at (x, y) heading 90 at speed 2 (a laser when laser is not 0). */
static vm_obj fire(fixture *f, double x, double y, int32_t laser)
{
    vm_shot s;
    memset(&s, 0, sizeof s);
    s.dir = 90;
    s.speed = 2;
    s.field[VM_SHOT_LASER] = laser;
    s.field[VM_SHOT_LENGTH] = 50;
    s.field[VM_SHOT_WIDTH] = 6;
    s.field[VM_SHOT_LIFE] = 100;
    return objects_spawn(&f->o, x, y, &s, 0);
}

/* Each kind of handle finds its store; get and set reach the object, parent
 * places are the object's; a stale handle names nothing. */
static void test_find_get_set(void)
{
    fixture f;
    fixture_init(&f);
    vm_obj b = fire(&f, 10, 20, 0), l = fire(&f, 30, 40, VM_LASER_STRAIGHT);
    uint32_t slot = enemy_alloc(&f.enemies, ENEMY_SMALL, 50, 60, 0);
    vm_obj e = enemy_handle(&f.enemies, slot);
    CHECK(b & OBJECTS_POOL_BIT);
    CHECK((l & (OBJECTS_POOL_BIT | OBJECTS_LASER_BIT)) == (OBJECTS_POOL_BIT | OBJECTS_LASER_BIT));
    CHECK(!(e & OBJECTS_POOL_BIT));
    CHECK_EQ_INT(objects_find(&f.o, b).kind, OBJECTS_BULLET);
    CHECK_EQ_INT(objects_find(&f.o, l).kind, OBJECTS_LASER);
    CHECK_EQ_INT(objects_find(&f.o, e).kind, OBJECTS_ENEMY);
    CHECK_EQ_INT(objects_find(&f.o, 0).kind, OBJECTS_NONE);
    double x = -1, y = -1;
    CHECK(objects_parent_pos(&f.o, b, &x, &y) && x == 10 && y == 20);
    CHECK(objects_parent_pos(&f.o, l, &x, &y) && x == 30 && y == 40);
    CHECK(objects_parent_pos(&f.o, e, &x, &y) && x == 50 && y == 60);
    CHECK(!objects_parent_pos(&f.o, 0, &x, &y) && x == 50);
    CHECK(objects_get(&f.o, b, VM_PROP_HEADING, 0, 0, 0) == 90);
    objects_set(&f.o, b, VM_PROP_SPEED, 5);
    objects_set(&f.o, e, VM_PROP_SPEED, 7);
    CHECK(objects_get(&f.o, b, VM_PROP_SPEED, 0, 0, 0) == 5);
    CHECK(objects_get(&f.o, e, VM_PROP_SPEED, 0, 0, 0) == 7);
    CHECK(objects_get(&f.o, 0, VM_PROP_SPEED, 0, 0, 0) == 0);
    /* aim: trig_aim from the object to the point, the formula hosts wrote */
    double aim = objects_get(&f.o, e, VM_PROP_AIM, 0, 80, 10);
    CHECK(aim == trig_atan2(80 - 50.0, -(10 - 60.0)) * TRIG_RAD2DEG);
    CHECK(aim == trig_aim(50, 60, 80, 10));
    enemy_release(&f.enemies, slot);
    CHECK_EQ_INT(objects_find(&f.o, e).kind, OBJECTS_NONE); /* stale */
    fixture_free(&f);
}

/* vanish: a bullet waits for the end of the frame, a laser fades, a small
 * enemy dies; a boss and the stage stay (as in the game). */
static void test_vanish(void)
{
    fixture f;
    fixture_init(&f);
    vm_obj b = fire(&f, 10, 20, 0), l = fire(&f, 30, 40, VM_LASER_STRAIGHT);
    uint32_t small = enemy_alloc(&f.enemies, ENEMY_SMALL, 0, 0, 0);
    uint32_t boss = objects_boss_enter(&f.enemies, 0, 0);
    uint32_t stage = enemy_alloc(&f.enemies, ENEMY_STAGE, 0, 0, 0);
    CHECK_EQ_INT(objects_vanish(&f.o, b), OBJECTS_BULLET);
    CHECK_EQ_INT(f.vanished_count, 1);
    CHECK_EQ_INT(objects_find(&f.o, b).kind, OBJECTS_BULLET); /* still readable */
    objects_despawn_vanished(&f.o);
    CHECK_EQ_INT(f.vanished_count, 0);
    CHECK_EQ_INT(objects_find(&f.o, b).kind, OBJECTS_NONE);
    CHECK_EQ_INT(objects_vanish(&f.o, l), OBJECTS_LASER);
    CHECK_EQ_INT(f.lasers.phase[objects_find(&f.o, l).laser.index], LASER_PHASE_FADE);
    objects_vanish(&f.o, enemy_handle(&f.enemies, small));
    objects_vanish(&f.o, enemy_handle(&f.enemies, boss));
    objects_vanish(&f.o, enemy_handle(&f.enemies, stage));
    CHECK(f.enemies.slots[small].dying);
    CHECK(!f.enemies.slots[boss].dying);
    CHECK(!f.enemies.slots[stage].dying);
    /* the boss entered above the field, gliding down */
    CHECK(f.enemies.slots[boss].y == OBJECTS_BOSS_ENTER_Y && f.enemies.slots[boss].moving);
    fixture_free(&f);
}

/* `enemies`: a moving small enemy counts, one standing still with no script
 * does not; format 2 counts both. */
static void test_enemies_rule(void)
{
    fixture f;
    fixture_init(&f);
    vm_config vc;
    vm_config_default(&vc);
    vm_host none = {0}; /* no script runs: only vm_obj_runners is asked */
    vm *v = vm_create(&vc, &none);
    CHECK(v != NULL);
    uint32_t moving = enemy_alloc(&f.enemies, ENEMY_SMALL, 0, 0, 0);
    enemy_alloc(&f.enemies, ENEMY_SMALL, 0, 0, 0);
    f.enemies.slots[moving].speed = 1;
    for (uint32_t i = 0; i < f.enemies.cap; i++)
        if (f.enemies.slots[i].kind == ENEMY_SMALL && i != moving)
            f.enemies.slots[i].speed = 0;
    CHECK_EQ_INT(objects_enemies(&f.enemies, v, 0), 1);
    CHECK_EQ_INT(objects_enemies(&f.enemies, v, 1), 2);
    vm_destroy(v);
    fixture_free(&f);
}

/* A laser kind is one row: each fires by its name, as that kind. */
static void test_laser_kinds(void)
{
    for (int k = 0; k < LASER_KIND_COUNT; k++) {
        const char *name = laser_kind_name((laser_kind)k);
        CHECK_EQ_INT(laser_kind_find(name), k);
        char src[160];
        snprintf(src, sizeof src, "pattern p {\n    laser %s red at 180 length 40 width 6\n}\n",
                 name);
        library_file file = {"kinds.pat", src, strlen(src)};
        diag_list diags;
        diag_init(&diags);
        library *lib = library_compile(&file, 1, &diags);
        diag_print(&diags, stderr);
        diag_free(&diags);
        CHECK(lib != NULL);
        if (!lib)
            continue;
        sandbox_config cfg;
        sandbox_config_default(&cfg);
        sandbox *sb = sandbox_create(&cfg);
        CHECK(sb && sandbox_start(sb, lib, library_find(lib, "p"), NULL) == 0);
        if (sb) {
            sandbox_step(sb);
            const laser_pool *p = sandbox_lasers(sb);
            int found = -1;
            for (uint32_t i = 0; i < laser_pool_slot_end(p); i++)
                if (laser_pool_handle(p, i).gen)
                    found = p->kind[i];
            CHECK_EQ_INT(found, k);
        }
        sandbox_destroy(sb);
        library_free(lib);
    }
    CHECK_EQ_INT(laser_kind_find("wobbly"), -1);
}

/* The fire clauses' table says what each clause applies to with 'b' (bullets)
 * and the laser kinds' own letters, nothing else; every kind's letter is used. */
static void test_clause_letters(void)
{
    static const char *const applies[] = {
#define OT_APPLIES(id, word, operands, to, reg) to,
        AST_CLAUSES(OT_APPLIES)
#undef OT_APPLIES
    };
    int used[LASER_KIND_COUNT] = {0};
    for (size_t i = 0; i < sizeof applies / sizeof applies[0]; i++)
        for (const char *c = applies[i]; *c; c++) {
            int known = *c == 'b';
            for (int k = 0; k < LASER_KIND_COUNT; k++)
                if (*c == laser_kind_letter((laser_kind)k))
                    known = used[k] = 1;
            CHECK(known);
        }
    for (int k = 0; k < LASER_KIND_COUNT; k++) {
        CHECK(used[k]);
        CHECK(laser_kind_letter((laser_kind)k) != 'b');
    }
}

int main(void)
{
    test_find_get_set();
    test_vanish();
    test_enemies_rule();
    test_laser_kinds();
    test_clause_letters();
    return check_done("pattern.objects");
}
