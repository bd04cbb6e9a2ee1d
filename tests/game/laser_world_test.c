/*
 * lasers in the world: fired by patterns (`laser`), harmless while warning and
 * fading, a hit at full width, grazes at most once every
 * WORLD_LASER_GRAZE_FRAMES frames, cancels leaving stars along their length,
 * scripts on curvy heads, following the firer, the state hash and no
 * allocation while running.
 */
#include "../check.h"
#include "core/mem.h"
#include "game/world.h"
#include "pattern/objects/laser_object.h"
#include "sim/laser_collision.h"
#include "sim/playfield.h"
#include "test_library.h"
#include <stdio.h>

static library *lw_lib(const char *text)
{
    library *lib = test_library_compile("lasers.pat", text);
    CHECK(lib != NULL);
    return lib;
}

static world *lw_world(const library *lib)
{
    world *w = mem_alloc(sizeof *w);
    world_config cfg = {.seed = 3};
    CHECK(w && world_init(w, &cfg, lib) == 0);
    return w;
}

static void lw_free(world *w, library *lib)
{
    world_free(w);
    mem_free(w);
    library_free(lib);
}

static int lw_events(const world *w, world_event_kind kind)
{
    int n = 0;
    for (int i = 0; i < w->event_count; i++)
        n += w->events[i].kind == kind;
    return n;
}

/* The one live laser's slot, or -1. */
static int lw_first(const world *w)
{
    for (uint32_t i = 0; i < laser_pool_slot_end(&w->lasers); i++)
        if (laser_pool_handle(&w->lasers, i).gen)
            return (int)i;
    return -1;
}

/* A beam straight down through the ship: no hit while it warns, a hit once
 * it is at full width, and never from the warning line. */
static void lw_warning_then_hit(void)
{
    library *lib = lw_lib("enemy beamer { health 100000\n"
                          "  laser red at 180 length 500 width 10 warn 90 life 120 }\n"
                          "stage stage1 { spawn beamer at (192, 40) wait 100000 }\n");
    world *w = lw_world(lib);
    int hit_at = -1, spawned_at = -1;
    for (int f = 0; f < 400 && hit_at < 0; f++) {
        world_step(w, 0);
        int i = lw_first(w);
        if (spawned_at < 0 && i >= 0)
            spawned_at = f;
        if (lw_events(w, WORLD_EVENT_PLAYER_HIT)) {
            hit_at = f;
            CHECK(i >= 0 && w->lasers.phase[i] == LASER_PHASE_ON);
        }
    }
    CHECK(spawned_at >= 0);
    /* the frame's update makes it 1 frame old: ON from the frame it is warn + grow old */
    CHECK_EQ_INT(hit_at, spawned_at + 90 + (int)LASER_GROW_FRAMES - 1);
    lw_free(w, lib);
}

/* A beam 12 px beside the ship: no hit, and a graze every
 * WORLD_LASER_GRAZE_FRAMES frames while it is on. */
static void lw_graze_interval(void)
{
    library *lib = lw_lib("enemy beamer { health 100000\n"
                          "  laser white from (12, 0) at 180 length 500 width 6 warn 10 life 80 }\n"
                          "stage stage1 { spawn beamer at (192, 40) wait 100000 }\n");
    world *w = lw_world(lib);
    int grazes = 0;
    for (int f = 0; f < 300; f++) {
        world_step(w, 0);
        grazes += lw_events(w, WORLD_EVENT_GRAZE);
        CHECK_EQ_INT(lw_events(w, WORLD_EVENT_PLAYER_HIT), 0);
    }
    CHECK_EQ_INT(grazes, (80 + WORLD_LASER_GRAZE_FRAMES - 1) / WORLD_LASER_GRAZE_FRAMES);
    CHECK_EQ_U64(w->graze, (uint64_t)grazes);
    lw_free(w, lib);
}

/* `clear` cancels lasers into a row of stars along each. */
static void lw_cancel_leaves_items(void)
{
    library *lib = lw_lib("enemy beamer { health 100000\n"
                          "  laser red at 90 length 240 width 10 warn 5\n"
                          "  laser curvy blue at 180 speed 4 length 40 width 8\n"
                          "  wait 30 clear }\n"
                          "stage stage1 { spawn beamer at (40, 100) wait 100000 }\n");
    world *w = lw_world(lib);
    for (int f = 0; f < 20; f++)
        world_step(w, 0);
    CHECK_EQ_INT(w->lasers.live, 2);
    uint32_t items = w->items.count;
    for (int f = 0; f < 15 && w->lasers.live; f++)
        world_step(w, 0);
    CHECK_EQ_INT(w->lasers.live, 0);
    CHECK_EQ_U64(w->lasers.stats.despawned[LASER_DESPAWN_CANCEL], 2);
    /* 240 px of beam: a star every 24 px (11), and several along the body */
    CHECK(w->items.count >= items + 11 + 3);
    lw_free(w, lib);
}

/* A bomb's circle clears the lasers it reaches, a beam in its warning and a
 * curvy body alike, leaving star items along them. */
static void lw_bomb_clears_lasers(void)
{
    library *lib = lw_lib("enemy beamer { health 100000\n"
                          "  laser red at 180 length 500 width 10 warn 200\n"
                          "  laser curvy blue at 180 speed 3 length 40 width 8\n"
                          "  wait 100000 }\n"
                          "stage stage1 { spawn beamer at (192, 40) wait 100000 }\n");
    world *w = lw_world(lib);
    for (int f = 0; f < 300 && w->lasers.live < 2; f++)
        world_step(w, 0);
    for (int f = 0; f < 60; f++) /* the curvy head halfway down */
        world_step(w, 0);
    CHECK_EQ_INT(w->lasers.live, 2);
    uint32_t items = w->items.count;
    world_step(w, INPUT_BIT(INPUT_BOMB));
    CHECK_EQ_INT(lw_events(w, WORLD_EVENT_BOMB), 1);
    uint32_t most = w->items.count;
    for (int f = 0; f < 120 && w->lasers.live; f++) {
        world_step(w, 0);
        most = w->items.count > most ? w->items.count : most;
    }
    printf("bomb: lasers left %u, items %u then at most %u\n", w->lasers.live, items, most);
    CHECK_EQ_INT(w->lasers.live, 0);
    CHECK_EQ_U64(w->lasers.stats.despawned[LASER_DESPAWN_CANCEL], 2);
    CHECK(most >= items + 10); /* 500 px of beam and a body: stars along them */
    lw_free(w, lib);
}

/* A curvy head runs its own script (a turn tween) and leaves a trail; a
 * follow beam moves with its firer and fades once the firer is gone. */
static void lw_scripts_and_follow(void)
{
    library *lib = lw_lib("enemy snake { health 100000\n"
                          "  laser curvy green at 180 speed 2 length 30 width 8 {\n"
                          "    wait 10\n    turn to 90 over 10 }\n"
                          "  laser straight cyan at 180 length 100 width 8 warn 5 follow\n"
                          "  move to (100, 50) over 20\n  wait 30\n  vanish }\n"
                          "stage stage1 { spawn snake at (192, 50) wait 100000 }\n");
    world *w = lw_world(lib);
    for (int f = 0; f < 25; f++)
        world_step(w, 0);
    int curvy = -1, beam = -1;
    for (uint32_t i = 0; i < laser_pool_slot_end(&w->lasers); i++) {
        if (!laser_pool_handle(&w->lasers, i).gen)
            continue;
        if (w->lasers.kind[i] == LASER_CURVY)
            curvy = (int)i;
        else
            beam = (int)i;
    }
    CHECK(curvy >= 0 && beam >= 0);
    if (curvy >= 0 && beam >= 0) {
        laser_handle h = laser_pool_handle(&w->lasers, (uint32_t)curvy);
        CHECK_NEAR(laser_pool_get(&w->lasers, h, LASER_CHANNEL_HEADING), 90, 1e-9);
        CHECK(w->lasers.nodes[curvy] == 25 || w->lasers.nodes[curvy] == 26);
        CHECK_NEAR(w->lasers.x[beam], 100, 0.01); /* followed the move */
        for (int f = 0; f < 40; f++)
            world_step(w, 0);
        CHECK(!laser_pool_alive(&w->lasers, laser_pool_handle(&w->lasers, (uint32_t)beam)) ||
              w->lasers.phase[beam] == LASER_PHASE_FADE);
    }
    lw_free(w, lib);
}

/* Whether a still probe of radius 3 at (x, y) touches curvy laser i. */
static int lw_touches(const laser_pool *p, uint32_t i, float x, float y)
{
    laser_probe q = {x, y, 0, 0, 3, 0};
    return laser_collision_curvy(p, i, &q, 3);
}

/* A curvy laser of 200 nodes (beyond the 63 the pools once held): its body
 * grows to all 200, and it touches along the whole of it, tail included, and
 * nowhere past its tail or beside it. */
static void lw_long_body(void)
{
    library *lib = lw_lib("enemy snake { health 100000\n"
                          "  laser curvy green at 90 speed 1.5 length 200 width 8 }\n"
                          "stage stage1 { spawn snake at (20, 100) wait 100000 }\n");
    world *w = lw_world(lib);
    for (int f = 0; f < 230; f++)
        world_step(w, 0);
    int i = lw_first(w);
    CHECK(i >= 0);
    if (i >= 0) {
        const laser_pool *p = &w->lasers;
        CHECK_EQ_INT(p->nodes[i], 200);
        CHECK_NEAR(p->length[i], 200, 0);
        uint32_t head = laser_pool_node(p, (uint32_t)i, 0);
        uint32_t tail = laser_pool_node(p, (uint32_t)i, 199);
        float hx = p->node_x[head], tx = p->node_x[tail], y = p->node_y[head];
        CHECK_NEAR(hx - tx, 199 * 1.5, 0.01); /* it flew; the body is 199 steps long */
        for (uint32_t k = 0; k < 200; k += 9) {
            uint32_t j = laser_pool_node(p, (uint32_t)i, k);
            CHECK(lw_touches(p, (uint32_t)i, p->node_x[j], p->node_y[j]));
            CHECK(!lw_touches(p, (uint32_t)i, p->node_x[j], p->node_y[j] + 20));
        }
        CHECK(lw_touches(p, (uint32_t)i, tx, y));
        CHECK(!lw_touches(p, (uint32_t)i, tx - 12, y));
        CHECK(!lw_touches(p, (uint32_t)i, hx + 12, y));
    }
    lw_free(w, lib);
}

/* The same run twice hashes the same; lasers change the hash; nothing is
 * allocated per frame. */
static void lw_hash_and_allocation(void)
{
    const char *text = "pattern sweep { loop { laser red ring 3 at time * 3 length 300 width 8\n"
                       "  warn 30 life 40 spin 0.7\n"
                       "  laser curvy purple aim speed 3 spin 1 length 40 width 8\n"
                       "  wait 45 } }\n"
                       "enemy e { health 100000 run sweep() }\n"
                       "stage stage1 { spawn e at (192, 80) wait 100000 }\n";
    library *lib = lw_lib(text);
    uint64_t hashes[2];
    uint64_t allocs = 0;
    for (int run = 0; run < 2; run++) {
        world *w = lw_world(lib);
        w->config.flags |= WORLD_FLAG_INVULNERABLE;
        for (int f = 0; f < 100; f++)
            world_step(w, 0);
        allocs = mem_get_stats().allocs;
        for (int f = 0; f < 1500; f++)
            world_step(w, (input_bits)(f % 97 == 0 ? INPUT_BIT(INPUT_BOMB) : 0));
        CHECK_EQ_U64(mem_get_stats().allocs, allocs);
        CHECK(w->lasers.stats.spawned > 40);
        hashes[run] = world_hash(w);
        /* the hash sees a laser's state */
        int i = lw_first(w);
        if (i >= 0) {
            laser_pool_set(&w->lasers, laser_pool_handle(&w->lasers, (uint32_t)i),
                           LASER_CHANNEL_HEADING, 1234.0);
            CHECK(world_hash(w) != hashes[run]);
        }
        world_free(w);
        mem_free(w);
    }
    CHECK_EQ_U64(hashes[0], hashes[1]);
    library_free(lib);
}

/* Clauses that do not apply to the shot are LASER_CLAUSE errors at the clause;
 * those that do compile. */
static void lw_lint(void)
{
    static const struct {
        const char *text;
        int ok;
    } cases[] = {
        {"pattern p { laser red aim length 300 width 8 warn 30 life 60 spin 1 follow }", 1},
        {"pattern p { laser curvy red ring 4 speed 3 accel 0.1 length 40 width 8 stack 2 by 1 }",
         1},
        {"pattern p { fire orb aim speed 2 length 30 }", 0},
        {"pattern p { fire orb aim speed 2 follow }", 0},
        {"pattern p { laser aim length 300 speed 2 }", 0},
        {"pattern p { laser aim length 300 velocity (1, 0) }", 0},
        {"pattern p { laser curvy aim speed 2 length 30 warn 20 }", 0},
        {"pattern p { laser curvy aim speed 2 length 30 follow }", 0},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        library_file f = {"lint.pat", cases[k].text, strlen(cases[k].text)};
        diag_list diags;
        diag_init(&diags);
        library *lib = library_compile(&f, 1, &diags);
        int laser_clause = 0;
        for (int i = 0; i < diags.count; i++)
            laser_clause |= diags.items[i].code == DIAG_LASER_CLAUSE;
        CHECK_EQ_INT(lib != NULL, cases[k].ok);
        CHECK_EQ_INT(laser_clause, !cases[k].ok);
        library_free(lib);
        diag_free(&diags);
    }
}

int main(void)
{
    lw_bomb_clears_lasers();
    lw_lint();
    lw_warning_then_hit();
    lw_graze_interval();
    lw_cancel_leaves_items();
    lw_scripts_and_follow();
    lw_hash_and_allocation();
    lw_long_body();
    return check_done("game.lasers");
}
