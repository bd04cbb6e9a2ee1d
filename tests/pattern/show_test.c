/*
 * show: the presentation statements (effect, flash, tint, shake, cutin) compile
 * to no code at all (the same instructions as the script without them), are
 * kept with their values where the script will show them (its start, or the
 * next wait of their block), and reach host->show as often as the script
 * passes them; bad ones get positioned errors: an unknown shape or colour, a
 * clause that does not apply, a value out of range or not known at load, a
 * bullet's or a function's script, a missing wait, a nested wait first, too many
 * waiting for one wait. And a sandbox made from the default configuration, whose
 * show nobody set, runs a script that flashes (`curtain run` crashed on one: the
 * default left show as its stack held it).
 */
#include "../check.h"
#include "pattern/content/library.h"
#include "pattern/objects/sandbox.h"
#include "test_host.h"

#include <string.h>

static diag_list diags;

static library *compile(const char *src)
{
    library_file f = {"test.pat", src, strlen(src)};
    diag_free(&diags);
    library *lib = library_compile(&f, 1, &diags);
    if (!lib)
        diag_print(&diags, stderr);
    return lib;
}

/* The diagnostic of a source that must fail: code at line:col, text in it. */
static void fails(const char *src, diag_code code, uint32_t line, uint32_t col, const char *text)
{
    library *lib = compile(src);
    CHECK(lib == NULL);
    int found = 0;
    for (int i = 0; i < diags.count; i++) {
        const diag *d = &diags.items[i];
        found |=
            d->code == code && d->line == line && d->col == col && strstr(d->text, text) != NULL;
    }
    if (!found) {
        fprintf(stderr, "wanted %s at %u:%u containing \"%s\"; got:\n", diag_code_name(code), line,
                col, text);
        diag_print(&diags, stderr);
    }
    CHECK(found);
    library_free(lib);
}

static const char *const plain = "pattern p {\n"
                                 "    repeat 3 as k {\n"
                                 "        fire orb ring 4 at k * 10\n"
                                 "        wait 5\n"
                                 "    }\n"
                                 "}\n";
static const char *const shown =
    "pattern p {\n"
    "    cutin \"Star Sign\" yellow over 60\n"
    "    tint blue alpha 0.2 over 90\n"
    "    repeat 3 as k {\n"
    "        fire orb ring 4 at k * 10\n"
    "        effect star_large orange at (4, -8) move (0, 1) size 2 grow 4 over 20 turn 3 "
    "angle 45 hold 5 fade 15 alpha 0.5 additive after 2\n"
    "        flash white\n"
    "        shake 3 over 12\n"
    "        wait 5\n"
    "    }\n"
    "}\n";

/* The same code with and without; the shows kept where they are shown. */
static void test_no_code(void)
{
    library *a = compile(plain), *b = compile(shown);
    CHECK(a && b);
    if (!a || !b) {
        library_free(a);
        library_free(b);
        return;
    }
    CHECK_EQ_INT((int)a->prog->code_count, (int)b->prog->code_count);
    CHECK(memcmp(a->prog->code, b->prog->code, a->prog->code_count * sizeof *a->prog->code) == 0);
    CHECK_EQ_INT((int)a->prog->const_count, (int)b->prog->const_count);
    CHECK_EQ_INT((int)a->prog->show_count, 0);
    const vm_program *p = b->prog;
    CHECK_EQ_INT((int)p->show_count, 5);
    if (p->show_count == 5) {
        uint32_t start = p->funcs[library_find(b, "p")->func].pc, wait = UINT32_MAX;
        for (uint32_t pc = 0; pc < p->code_count; pc++)
            if (VM_GET_OP(p->code[pc]) == VM_OP_WAIT)
                wait = pc;
        CHECK(p->shows[0].kind == VM_SHOW_CUTIN && p->shows[0].at_start &&
              p->shows[0].pc == start && strcmp(p->shows[0].text, "Star Sign") == 0 &&
              p->shows[0].colour == BULLET_COLOR_YELLOW && p->shows[0].over == 60);
        CHECK(p->shows[1].kind == VM_SHOW_TINT && p->shows[1].at_start &&
              p->shows[1].alpha == 0.2f && p->shows[1].over == 90);
        const vm_show *e = &p->shows[2];
        CHECK(e->kind == VM_SHOW_EFFECT && !e->at_start && e->pc == wait);
        CHECK(e->shape == BULLET_SHAPE_STAR_LARGE && e->colour == BULLET_COLOR_ORANGE);
        CHECK(e->x == 4 && e->y == -8 && e->vx == 0 && e->vy == 1 && e->size == 2 && e->grow == 4 &&
              e->over == 20 && e->turn == 3 && e->angle == 45 && e->hold == 5 && e->fade == 15 &&
              e->alpha == 0.5f && e->additive && e->after == 2);
        CHECK(e->pos.line == 6 && e->pos.col == 9);
        CHECK(p->shows[3].kind == VM_SHOW_FLASH && p->shows[3].pc == wait &&
              p->shows[3].over == 20 && p->shows[3].alpha == 0.6f); /* the defaults */
        CHECK(p->shows[4].kind == VM_SHOW_SHAKE && p->shows[4].strength == 3 &&
              p->shows[4].over == 12);
    }
    library_free(a);
    library_free(b);
}

static int shows_seen[VM_SHOW_KIND_COUNT];
static int32_t show_frames[16];
static int nshow_frames;
static test_host *current;

static void count_show(void *user, vm_obj obj, const vm_show *show)
{
    (void)user;
    CHECK_EQ_INT((int)obj, 1);
    shows_seen[show->kind]++;
    if (show->kind == VM_SHOW_EFFECT && nshow_frames < 16)
        show_frames[nshow_frames++] = current->frame;
}

/* Shown as often as the script passes them: the start's once, the loop's each
 * round, on the frames the rounds run. */
static void test_shown(void)
{
    library *lib = compile(shown);
    CHECK(lib != NULL);
    if (!lib)
        return;
    static test_host h;
    CHECK(th_init(&h, 0, 0) == 0);
    vm_destroy(h.v);
    vm_config cfg;
    vm_config_default(&cfg);
    vm_host host = {&h,          th_cb_get,    th_cb_set, th_cb_ramp,  th_cb_random,
                    th_cb_spawn, th_cb_vanish, th_cb_act, th_cb_ended, th_cb_error,
                    NULL,        NULL,         NULL,      count_show,  NULL};
    h.v = vm_create(&cfg, &host);
    current = &h;
    memset(shows_seen, 0, sizeof shows_seen);
    nshow_frames = 0;
    const library_entry *e = library_find(lib, "p");
    CHECK(e && vm_start(h.v, lib->prog, e->func, 1, NULL, 0, 0) != 0);
    th_run(&h, 40);
    CHECK_EQ_INT(shows_seen[VM_SHOW_CUTIN], 1);
    CHECK_EQ_INT(shows_seen[VM_SHOW_TINT], 1);
    CHECK_EQ_INT(shows_seen[VM_SHOW_EFFECT], 3);
    CHECK_EQ_INT(shows_seen[VM_SHOW_FLASH], 3);
    CHECK_EQ_INT(shows_seen[VM_SHOW_SHAKE], 3);
    CHECK_EQ_INT(nshow_frames, 3);
    /* each round's on the frame the round fires: 0, 5, 10 */
    CHECK_EQ_INT(th_count(&h, TH_SPAWN, 0, -2), 12);
    CHECK(th_nth(&h, TH_SPAWN, 11) != NULL);
    for (int k = 0; k < nshow_frames; k++)
        CHECK_EQ_INT(show_frames[k], 5 * k);
    th_free(&h);
    library_free(lib);
}

static void test_errors(void)
{
    fails("pattern p {\n    effect orbb\n    wait 1\n}\n", DIAG_UNKNOWN_SHAPE, 2, 12,
          "unknown shape 'orbb' (did you mean 'orb'?)");
    fails("pattern p {\n    flash pink\n}\n", DIAG_UNKNOWN_COLOUR, 2, 11, "unknown colour 'pink'");
    fails("pattern p {\n    flash white turn 3\n}\n", DIAG_UNKNOWN_CLAUSE, 2, 17,
          "'flash' does not take 'turn' (it takes over, alpha, after)");
    fails("pattern p {\n    effect orb red grw 3\n}\n", DIAG_UNKNOWN_CLAUSE, 2, 20,
          "unknown 'effect' clause 'grw' (did you mean 'grow'?)");
    fails("pattern p {\n    shake 40\n}\n", DIAG_EXPECTED, 2, 11,
          "'shake' takes strength (px) from 0 to 32, not 40");
    fails("pattern p(n) {\n    effect orb grow n\n}\n", DIAG_NOT_CONSTANT, 2, 21,
          "'effect' is drawn, not run: its size it grows to must be known");
    fails("pattern p {\n    fire orb {\n        flash white\n        wait 1\n    }\n}\n",
          DIAG_SHOW_PLACE, 3, 9, "not by a bullet's or a laser's script");
    fails("function f() {\n    flash white\n    return 1\n}\n", DIAG_SHOW_PLACE, 2, 5,
          "a function returns its value at once: 'flash' cannot be used in one");
    fails("pattern p {\n    loop {\n        fire orb\n        tint red\n    }\n}\n",
          DIAG_SHOW_PLACE, 4, 9,
          "'tint' is shown when its block reaches its next 'wait': put one after it");
    fails("pattern p {\n    wait 1\n    shake 2\n    repeat 2 {\n        wait 3\n    }\n}\n",
          DIAG_SHOW_PLACE, 3, 5, "a 'wait' in a block inside it comes first");
    fails("pattern p {\n    cutin \"" /* 48 bytes: one too many */
          "0123456789012345678901234567890123456789012345678"
          "\"\n}\n",
          DIAG_EXPECTED, 2, 11, "a cut-in's name is at most 47 bytes");
    fails("pattern p {\n    effect\n}\n", DIAG_EXPECTED, 3, 1, "a shape after 'effect'");
    /* 17 waiting for one wait */
    char src[2048] = "pattern p {\n    wait 1\n";
    for (int k = 0; k < 17; k++)
        strcat(src, "    flash white\n");
    strcat(src, "    wait 1\n}\n");
    fails(src, DIAG_SHOW_PLACE, 19, 5, "at most 16 effects, flashes, tints, shakes and cut-ins");
}

/* The default configuration sets show to none, whatever the memory held: a
 * sandbox run from it shows nothing and runs a flashing script to its frames. */
static void test_sandbox_default(void)
{
    sandbox_config cfg;
    memset(&cfg, 0x5a, sizeof cfg);
    sandbox_config_default(&cfg);
    CHECK(cfg.show == NULL);
    CHECK(cfg.show_user == NULL);
    library *lib = compile("pattern p {\n"
                           "    loop {\n"
                           "        fire orb ring 4 speed 2\n"
                           "        flash white over 12 alpha 0.2\n"
                           "        shake 3\n"
                           "        wait 10\n"
                           "    }\n"
                           "}\n");
    CHECK(lib != NULL);
    sandbox *sb = lib ? sandbox_create(&cfg) : NULL;
    CHECK(sb != NULL);
    if (sb && sandbox_start(sb, lib, &lib->entries[0], NULL) == 0) {
        for (int f = 0; f < 60; f++)
            sandbox_step(sb);
        CHECK_EQ_INT(sandbox_error_count(sb), 0);
        CHECK(sandbox_bullet_count(sb) > 0);
    } else {
        CHECK(0);
    }
    sandbox_destroy(sb);
    library_free(lib);
}

int main(void)
{
    test_no_code();
    test_sandbox_default();
    test_shown();
    test_errors();
    diag_free(&diags);
    return check_done("show");
}
