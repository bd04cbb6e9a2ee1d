/*
 * shot_lasers: the player's lasers (a `laser` in a ship's volley or bomb:
 * game/ship_host.h, world.c's world_collide_shot_lasers).
 *
 *   - Along the length: a piercing beam held on a file of three posts hurts
 *     the two it reaches by its damage every frame it is on, the same to
 *     each, and not the one past its end.
 *     Its damage a frame may be a fraction (0.5).
 *   - A plain beam stops at the first post: only that one is hurt, and the
 *     beam reaches no further than the post's edge (shot_laser_reach).
 *   - A curvy laser of the player's hurts what its body passes through.
 *   - A boss's phase ends under a held beam, after the frames its health and
 *     the beam's damage say.
 *   - Determinism: the same run twice gives the same hash; the lasers are in
 *     the state hash (a laser changed, the hash changes) and in a snapshot
 *     (restored, the run goes on to the same hash); a frame allocates nothing.
 *   - The docs' example ship flown at its two posts (docs/examples/
 *     26_player_lasers.pat).
 *
 * usage: test_game.shot_lasers EXAMPLE_PAT
 */
#include "../check.h"
#include "core/file.h"
#include "core/mem.h"
#include "game/snapshot.h"
#include "game/world.h"
#include "sim/playfield.h"
#include "test_library.h"

#include <stdio.h>
#include <string.h>

/* Three posts in a file above the ship (which starts at (192, 400)): at 300,
 * 200 and 60. The ship `beamer` fires, unfocused, a piercing beam 250 px long
 * from 10 px above it (reaching y 140: the first two posts), focused a plain
 * one as long; `snake` a piercing curvy laser up the file. */
static const char sl_posts[] =
    "enemy post {\n    health 10000\n    hitbox 10\n    wait 100000\n}\n"
    "stage posts {\n"
    "    spawn post at (192, 300)\n    spawn post at (192, 200)\n    spawn post at (192, 60)\n"
    "    wait 100000\n}\n"
    "ship beamer {\n    interval 5\n"
    "    shot 1 {\n        damage 2\n        pierce 1\n"
    "        laser straight cyan at 0 length 250 width 8 follow from (0, -10)\n    }\n"
    "    shot 1 focused {\n        damage 2\n"
    "        laser straight cyan at 0 length 250 width 8 follow from (0, -10)\n    }\n"
    "}\n"
    "ship half {\n    interval 5\n"
    "    shot 1 {\n        damage 0.5\n        pierce 1\n"
    "        laser straight cyan at 0 length 250 width 8 follow from (0, -10)\n    }\n"
    "}\n"
    "ship snake {\n    interval 1000\n"
    "    shot 1 {\n        damage 1\n        pierce 1\n"
    "        laser curvy blue at 0 speed 8 length 20 width 10 life 80 from (0, -10)\n    }\n"
    "}\n";

/* The posts' damage taken, in their order up the file. */
static void sl_hurt(const world *w, double hurt[3])
{
    int k = 0;
    for (uint32_t i = 0; i < w->enemies.cap && k < 3; i++)
        if (w->enemies.slots[i].kind == ENEMY_SMALL)
            hurt[k++] = 10000.0 - w->enemies.slots[i].health;
    CHECK_EQ_INT(k, 3);
}

static world *sl_world(const library *lib, const char *ship)
{
    int s = library_find_ship(lib, ship);
    CHECK(s >= 0);
    world_config cfg = {.seed = 3, .flags = WORLD_FLAG_INVULNERABLE, .ship = (uint8_t)s};
    world *w = mem_alloc(sizeof *w);
    CHECK(w && world_init(w, &cfg, lib) == 0);
    return w;
}

static void sl_free(world *w)
{
    if (w)
        world_free(w);
    mem_free(w);
}

/* Whether any of the player's lasers hurts now (after a step: as the
 * collision saw it). */
static int sl_on(const world *w)
{
    const laser_pool *p = &w->shot_lasers;
    for (uint32_t i = 0; i < laser_pool_slot_end(p); i++)
        if (laser_pool_handle(p, i).gen && laser_pool_hurts(p, i))
            return 1;
    return 0;
}

/* Holds the shot for `frames` frames (focused or not), then lets go for 20;
 * counts the frames a laser was on. */
static int sl_hold(world *w, input_bits focus, int frames)
{
    int on = 0;
    world_step(w, focus); /* the posts appear */
    for (int f = 0; f < frames; f++) {
        world_step(w, (input_bits)(focus | INPUT_BIT(INPUT_SHOT)));
        on += sl_on(w);
    }
    for (int f = 0; f < 20; f++) {
        world_step(w, focus);
        on += sl_on(w);
    }
    return on;
}

static void sl_pierce(const library *lib)
{
    world *w = sl_world(lib, "beamer");
    if (!w)
        return;
    int on = sl_hold(w, 0, 60);
    double hurt[3];
    sl_hurt(w, hurt);
    printf("piercing beam, on %d frames: the posts took %g, %g, %g\n", on, hurt[0], hurt[1],
           hurt[2]);
    CHECK(on >= 58);            /* one beam on while held, each volley's after the last's */
    CHECK(hurt[0] == 2.0 * on); /* 2 a frame, every frame it was on */
    CHECK(hurt[1] == hurt[0]);  /* through the first, the same to the second */
    CHECK(hurt[2] == 0.0);      /* past its end */
    CHECK_EQ_INT(sl_on(w), 0);  /* let go, it went */
    CHECK_EQ_INT((int)w->shot_lasers.live, 0);
    CHECK(w->shot_lasers.stats.spawned >= 12 && w->shot_lasers.stats.refused == 0);
    sl_free(w);
}

/* A laser's damage may be a fraction of one a frame (in 64ths). */
static void sl_half(const library *lib)
{
    world *w = sl_world(lib, "half");
    if (!w)
        return;
    int on = sl_hold(w, 0, 60);
    double hurt[3];
    sl_hurt(w, hurt);
    printf("half beam, on %d frames: the posts took %g, %g, %g\n", on, hurt[0], hurt[1], hurt[2]);
    CHECK(on >= 58);
    CHECK(hurt[0] == 0.5 * on && hurt[1] == hurt[0] && hurt[2] == 0.0);
    sl_free(w);
}

static void sl_plain(const library *lib)
{
    world *w = sl_world(lib, "beamer");
    if (!w)
        return;
    int on = sl_hold(w, INPUT_BIT(INPUT_FOCUS), 60);
    double hurt[3];
    sl_hurt(w, hurt);
    printf("plain beam, on %d frames: the posts took %g, %g, %g\n", on, hurt[0], hurt[1], hurt[2]);
    CHECK(on >= 58);
    CHECK(hurt[0] == 2.0 * on); /* the first in its way, every frame */
    CHECK(hurt[1] == 0.0 && hurt[2] == 0.0);
    sl_free(w);
    /* held, the beam is drawn up to the first post's edge: from y 390 to 310 */
    w = sl_world(lib, "beamer");
    if (!w)
        return;
    world_step(w, INPUT_BIT(INPUT_FOCUS));
    for (int f = 0; f < 10; f++)
        world_step(w, INPUT_BIT(INPUT_FOCUS) | INPUT_BIT(INPUT_SHOT));
    const laser_pool *p = &w->shot_lasers;
    int seen = 0;
    for (uint32_t i = 0; i < laser_pool_slot_end(p); i++)
        if (laser_pool_handle(p, i).gen && laser_pool_hurts(p, i)) {
            seen++;
            printf("plain beam from y %.1f reaches %.1f of %.1f px\n", (double)p->y[i],
                   (double)w->shot_laser_reach[i], (double)p->length[i]);
            CHECK_NEAR(w->shot_laser_reach[i], p->y[i] - 310.0f, 0.01);
        }
    CHECK_EQ_INT(seen, 1);
    sl_free(w);
}

static void sl_curvy(const library *lib)
{
    world *w = sl_world(lib, "snake");
    if (!w)
        return;
    world_step(w, 0);
    world_step(w, INPUT_BIT(INPUT_SHOT));
    for (int f = 0; f < 70; f++)
        world_step(w, 0);
    double hurt[3];
    sl_hurt(w, hurt);
    printf("curvy laser: the posts took %g, %g, %g\n", hurt[0], hurt[1], hurt[2]);
    /* a body of 20 nodes 8 px apart through posts 20 px across: each hurt
     * every frame some segment touched it, 1 a frame */
    CHECK(hurt[0] >= 3 && hurt[1] >= 3 && hurt[2] >= 3);
    CHECK(hurt[0] == hurt[1]);
    sl_free(w);
}

/* A boss of one 600 hp phase, and the beam held under it (piercing, 2 a
 * frame): the phase ends with the beam's 300th hit. */
static const char sl_boss[] = "boss target {\n    look crystal\n"
                              "    phase time 60s health 600 {\n        wait 100000\n    }\n}\n"
                              "stage fight {\n    boss target\n}\n"
                              "ship beamer {\n    interval 5\n"
                              "    shot 1 {\n        damage 2\n        pierce 1\n"
                              "        laser straight cyan at 0 length 448 width 8 follow from "
                              "(0, -10)\n    }\n}\n";

static void sl_boss_phase(void)
{
    library *lib = test_library_compile("boss.pat", sl_boss);
    CHECK(lib != NULL);
    if (!lib)
        return;
    world *w = sl_world(lib, "beamer");
    int ended = -1, on = 0;
    for (int f = 0; w && f < 1200 && ended < 0; f++) {
        world_step(w, INPUT_BIT(INPUT_SHOT));
        for (int i = 0; i < w->event_count; i++) {
            /* a hit that counts: after the phase's grace (the step's frame
             * is w->frame - 1) */
            on += w->events[i].kind == WORLD_EVENT_ENEMY_HIT &&
                  (int64_t)w->frame - 1 >= (int64_t)w->boss.phase_start + BOSS_PHASE_GRACE;
            if (w->events[i].kind == WORLD_EVENT_PHASE_END)
                ended = f;
        }
    }
    printf("the boss's 600 hp phase ended at frame %d, after %d hits of the beam that counted\n",
           ended, on);
    CHECK(ended > 0);
    CHECK_EQ_INT(on, 300); /* 2 a frame, one hit a frame: 300 frames */
    sl_free(w);
    library_free(lib);
}

/* The same run twice: the same hash; the lasers hashed and snapshotted; no
 * allocation in a frame. */
static void sl_determinism(const library *lib)
{
    uint64_t h[2] = {0, 0};
    for (int run = 0; run < 2; run++) {
        world *w = sl_world(lib, "beamer");
        if (!w)
            return;
        sl_hold(w, 0, 40);
        for (int f = 0; f < 30; f++)
            world_step(w, INPUT_BIT(INPUT_SHOT));
        h[run] = world_hash(w);
        sl_free(w);
    }
    CHECK(h[0] == h[1] && h[0] != 0);

    world *w = sl_world(lib, "beamer");
    if (!w)
        return;
    for (int f = 0; f < 30; f++)
        world_step(w, INPUT_BIT(INPUT_SHOT));
    uint64_t before = world_hash(w);
    laser_pool *p = &w->shot_lasers;
    for (uint32_t i = 0; i < laser_pool_slot_end(p); i++)
        if (laser_pool_handle(p, i).gen)
            p->width[i] += 1.0f;
    CHECK(world_hash(w) != before); /* a player's laser is part of the state */
    for (uint32_t i = 0; i < laser_pool_slot_end(p); i++)
        if (laser_pool_handle(p, i).gen)
            p->width[i] -= 1.0f;
    CHECK(world_hash(w) == before);

    snapshot s;
    CHECK(snapshot_init(&s, w) == 0);
    CHECK(snapshot_take(&s, w) == 0);
    mem_stats m0 = mem_get_stats();
    for (int f = 0; f < 200; f++)
        world_step(w, f % 50 < 30 ? INPUT_BIT(INPUT_SHOT) : 0);
    mem_stats m1 = mem_get_stats();
    CHECK_EQ_U64(m1.allocs, m0.allocs); /* beams on and off, nothing allocated */
    uint64_t later = world_hash(w);
    CHECK(snapshot_restore(&s, w) == 0);
    CHECK(world_hash(w) == before);
    for (int f = 0; f < 200; f++)
        world_step(w, f % 50 < 30 ? INPUT_BIT(INPUT_SHOT) : 0);
    CHECK(world_hash(w) == later);
    snapshot_free(&s);
    sl_free(w);
}

/* The docs' example (docs/examples/26_player_lasers.pat): its stage's two
 * posts in a file above the ship; the focused beam (no pierce) hurts only the
 * lower one, the unfocused beams (pierce) both; its bomb's beams hurt too. */
static void sl_example(const char *path)
{
    char err[256];
    size_t size = 0;
    char *text = file_read_all(path, &size, err, sizeof err);
    if (!text)
        fprintf(stderr, "%s\n", err);
    CHECK(text != NULL);
    library *lib = text ? test_library_compile("26_player_lasers.pat", text) : NULL;
    mem_free(text);
    CHECK(lib != NULL);
    if (!lib)
        return;
    for (int focus = 0; focus < 2; focus++) {
        world *w = sl_world(lib, "beamer");
        if (!w)
            break;
        input_bits f = focus ? INPUT_BIT(INPUT_FOCUS) : 0;
        for (int k = 0; k < 90; k++)
            world_step(w, (input_bits)(f | INPUT_BIT(INPUT_SHOT)));
        double low = 0, high = 0;
        for (uint32_t i = 0; i < w->enemies.cap; i++) {
            const enemy *e = &w->enemies.slots[i];
            if (e->kind == ENEMY_SMALL && e->y > 170)
                low = 600 - e->health;
            else if (e->kind == ENEMY_SMALL)
                high = 600 - e->health;
        }
        printf("the example, %s: the posts took %g (lower), %g (upper)\n",
               focus ? "focused" : "unfocused", low, high);
        CHECK(low > 50);
        CHECK(focus ? high == 0 : high == low);
        sl_free(w);
    }
    library_free(lib);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: test_game.shot_lasers EXAMPLE_PAT\n");
        return 2;
    }
    library *lib = test_library_compile("posts.pat", sl_posts);
    CHECK(lib != NULL);
    if (lib) {
        sl_pierce(lib);
        sl_half(lib);
        sl_plain(lib);
        sl_curvy(lib);
        sl_determinism(lib);
        library_free(lib);
    }
    sl_boss_phase();
    sl_example(argv[1]);
    return check_done("game.shot_lasers");
}
