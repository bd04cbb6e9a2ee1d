/*
 * viewer: the viewer is the game. Every stage of patterns/ (the game's, then
 * its Extra stage) and every boss is run twice, side by side: in the viewer's
 * sandbox (pattern/objects/sandbox.h, what `curtain view` and `curtain run` show) and
 * in the game's world (game/world.h: invulnerable, no input, so no player shot
 * and no dialogue waits: a practice skips every line). The sandbox's dummy
 * player stands where the game's ship is, at the game's rank, with the same
 * seed. After each frame both must hold the same bullets, enemies and lasers:
 * as many, at the same places (an order-free hash of their positions' bits).
 * The first frame where they differ is printed and fails the run.
 *
 * Items too, the ones scripts drop (`drop`: the viewer's sandbox holds them):
 * as many of each kind at the same places, as many refused, up to the first
 * frame where the game's own item rules touch its items, which the viewer has
 * not (no ship there): a pick-up, an item drawn in, or items of the game's
 * own (an enemy destroyed, a phase or fight over, a cancel's stars). A small
 * boss that drops items every way a script can, away from the ship, is
 * compared so for most of its card.
 *
 * Two things of the game's own policy have nothing in the viewer, and a run
 * is compared up to the first frame either acts (said in the output): the
 * spawn guard (no shot appears on the flying ship: world_host.c) and the game's
 * own item drops, whose scatter draws on the scripts' random numbers
 * (sim/item.c: a script's `drop` draws none), so that after a midboss's drops
 * a script's `rand` is no longer the viewer's.
 *
 * Frames: each stage to its end, each boss through every phase (timed out:
 * nothing shoots it), at most VIEWER_FRAMES a run, so that the whole test
 * stays a few seconds in a Release build.
 *
 * usage: test_game.viewer PATTERNS_DIR
 */
#include "../check.h"
#include "core/mem.h"
#include "game/difficulty.h"
#include "game/world.h"
#include "pattern/objects/sandbox.h"
#include "test_library.h"

/* The most frames one run is compared for. */
#define VIEWER_FRAMES 7200

/* What one side holds after a frame: counts and order-free position hashes;
 * the items (kinds in their hash), those not stars, those refused. */
typedef struct viewer_held {
    uint32_t bullets, enemies, lasers, items, not_stars;
    uint64_t bullet_hash, enemy_hash, laser_hash, item_hash, items_refused;
} viewer_held;

/* One object's place, mixed so that the sum over a set does not depend on order. */
static uint64_t viewer_mix(float x, float y)
{
    uint32_t a, b;
    memcpy(&a, &x, sizeof a);
    memcpy(&b, &y, sizeof b);
    uint64_t h = ((uint64_t)a << 32 | b) * 0x9e3779b97f4a7c15ull;
    return h ^ (h >> 29);
}

/* The live lasers of a pool: count and hash (their origins). */
static void viewer_lasers(const laser_pool *p, viewer_held *h)
{
    for (uint32_t b = 0; b < laser_pool_block_end(p); b++)
        for (uint64_t m = p->alive[b]; m; m &= m - 1) {
            uint32_t i = 64 * b + (uint32_t)__builtin_ctzll(m);
            h->lasers++;
            h->laser_hash += viewer_mix(p->x[i], p->y[i]);
        }
}

/* The items of a list: count, hash (places and kinds), those not stars, refused. */
static void viewer_items(const item_list *l, viewer_held *h)
{
    h->items = l->count;
    h->items_refused = l->refused;
    for (uint32_t i = 0; i < l->count; i++) {
        h->item_hash += viewer_mix(l->x[i], l->y[i]) * (2u * l->kind[i] + 1u);
        h->not_stars += l->kind[i] != ITEM_STAR;
    }
}

/* What the game's world holds: its enemy bullets, enemies and bosses, lasers, items. */
static viewer_held viewer_world(const world *w)
{
    viewer_held h = {0};
    const bullet_pool *p = &w->bullets;
    for (uint32_t b = 0; b < bullet_pool_block_end(p); b++)
        for (uint64_t m = p->alive[b]; m; m &= m - 1) {
            uint32_t i = 64 * b + (uint32_t)__builtin_ctzll(m);
            h.bullets++;
            h.bullet_hash += viewer_mix(p->x[i], p->y[i]);
        }
    for (uint32_t i = 0; i < w->enemies.cap; i++) {
        const enemy *e = &w->enemies.slots[i];
        if (e->kind != ENEMY_SMALL && e->kind != ENEMY_BOSS)
            continue;
        h.enemies++;
        h.enemy_hash += viewer_mix((float)e->x, (float)e->y);
    }
    viewer_lasers(&w->lasers, &h);
    viewer_items(&w->items, &h);
    return h;
}

/* What the viewer's sandbox holds, the same way. */
static viewer_held viewer_sandbox(const sandbox *sb)
{
    viewer_held h = {0};
    uint32_t n;
    const sandbox_object *o = sandbox_objects(sb, &n);
    for (uint32_t i = 0; i < n; i++) {
        if (o[i].enemy) {
            h.enemies++;
            h.enemy_hash += viewer_mix(o[i].x, o[i].y);
        } else {
            h.bullets++;
            h.bullet_hash += viewer_mix(o[i].x, o[i].y);
        }
    }
    viewer_lasers(sandbox_lasers(sb), &h);
    viewer_items(sandbox_items(sb), &h);
    return h;
}

/* Whether the game's policy has acted where the viewer has none: a shot
 * refused by the spawn guard. Its name, or NULL. */
static const char *viewer_policy(const world *w)
{
    return w->stats.spawn_guarded ? "the spawn guard refused a shot" : NULL;
}

/* Whether the game dropped items of its own this frame, g and v held after
 * it: an event that drops (an enemy destroyed, a boss beaten, a phase over, the
 * ship lost) and more items that are not stars than the viewer holds (those
 * drops' scatter drew on the scripts' random numbers; a script's `drop` and a
 * star draw none). Its name, or NULL. */
static const char *viewer_own_drops(const world *w, const viewer_held *g, const viewer_held *v)
{
    int drops = 0;
    for (int i = 0; i < w->event_count; i++)
        drops |= w->events[i].kind == WORLD_EVENT_ENEMY_DEATH ||
                 w->events[i].kind == WORLD_EVENT_BOSS_DEATH ||
                 w->events[i].kind == WORLD_EVENT_PHASE_END ||
                 w->events[i].kind == WORLD_EVENT_PLAYER_DEATH;
    return drops && g->not_stars > v->not_stars ? "items dropped" : NULL;
}

/* Whether the game's own item rules touched its items this frame, where the
 * viewer has no ship: a pick-up, an item drawn in (above the line, a bomb, a
 * boss beaten, a star after its delay), items of its own (an enemy or the
 * ship lost, a phase or fight over, a cancel's stars) or an event that did not
 * fit the frame. Its name, or NULL. */
static const char *viewer_items_touched(const world *w)
{
    for (int i = 0; i < w->event_count; i++)
        switch (w->events[i].kind) {
        case WORLD_EVENT_ITEM: return "an item picked up";
        case WORLD_EVENT_ENEMY_DEATH:
        case WORLD_EVENT_BOSS_DEATH:
        case WORLD_EVENT_PHASE_END:
        case WORLD_EVENT_PLAYER_DEATH:
        case WORLD_EVENT_BOMB:
        case WORLD_EVENT_CANCEL: return "items of the game's own";
        default: break;
        }
    if (w->stats.events_refused)
        return "events refused";
    for (uint32_t i = 0; i < w->items.count; i++)
        if (w->items.drawn[i])
            return "items drawn in";
    return NULL;
}

/* Where the two differ, in words (items only while `items`); NULL when they
 * hold the same. */
static const char *viewer_differ(const viewer_held *g, const viewer_held *v, int items)
{
    if (g->enemies != v->enemies || g->enemy_hash != v->enemy_hash)
        return "enemies";
    if (g->bullets != v->bullets || g->bullet_hash != v->bullet_hash)
        return "bullets";
    if (g->lasers != v->lasers || g->laser_hash != v->laser_hash)
        return "lasers";
    if (items && (g->items != v->items || g->item_hash != v->item_hash ||
                  g->items_refused != v->items_refused))
        return "items";
    return NULL;
}

/* What a run compared: frames alike, and of them the frames its items were
 * compared with some on the field. */
typedef struct viewer_run {
    uint32_t frames, item_frames;
} viewer_run;

/* Runs a world configured by cfg and a sandbox started on (entry or boss) side
 * by side until the world is over or VIEWER_FRAMES pass; checks that they hold
 * the same after every frame, their items until the game's own rules touch
 * them. */
static viewer_run viewer_compare(const library *lib, const char *what, world_config cfg,
                                 const library_entry *entry, const library_boss *boss)
{
    world *w = mem_alloc(sizeof *w);
    CHECK(w && world_init(w, &cfg, lib) == 0);
    sandbox_config sc;
    sandbox_config_default(&sc);
    sc.seed = cfg.seed;
    sc.capacity = w->bullets.capacity;
    sandbox *sb = sandbox_create(&sc);
    CHECK(sb && sandbox_start(sb, lib, entry, boss) == 0);
    viewer_run run = {0, 0};
    const char *stop = NULL, *touched = NULL;
    while (w && sb && !world_over(w) && run.frames < VIEWER_FRAMES) {
        world_step(w, 0);
        if ((stop = viewer_policy(w)) != NULL)
            break;
        if (!touched)
            touched = viewer_items_touched(w);
        /* the dummy player where the ship is now, when the frame's scripts run */
        sandbox_set_player(sb, w->player.x, w->player.y);
        sandbox_set_rank(sb, world_rank(w));
        sandbox_input(sb, 0, 1); /* lines pass at once, as in a practice */
        sandbox_step(sb);
        viewer_held g = viewer_world(w), v = viewer_sandbox(sb);
        if ((stop = viewer_own_drops(w, &g, &v)) != NULL)
            break;
        run.frames++;
        run.item_frames += !touched && g.items > 0;
        const char *diff = viewer_differ(&g, &v, !touched);
        if (diff) {
            fprintf(stderr,
                    "%s: frame %u: the viewer's %s differ from the game's: game %u bullets %u "
                    "enemies %u lasers %u items, viewer %u %u %u %u\n",
                    what, run.frames, diff, g.bullets, g.enemies, g.lasers, g.items, v.bullets,
                    v.enemies, v.lasers, v.items);
            CHECK(diff == NULL);
            break;
        }
    }
    printf("%-5s %-12s %6u frames alike%s%s", entry ? "stage" : "boss", what, run.frames,
           stop ? ", then " : "", stop ? stop : "");
    if (run.item_frames)
        printf(" (items alike %u frames, then %s)", run.item_frames, touched ? touched : "the end");
    printf("\n");
    if (w)
        world_free(w);
    mem_free(w);
    sandbox_destroy(sb);
    return run;
}

/* Every stage of the game (and its Extra stage), played alone. */
static uint32_t viewer_stages(const library *lib)
{
    const library_game *g = world_game_of(lib);
    CHECK(g != NULL && g->stage_count > 0);
    uint32_t frames = 0, count = g ? g->stage_count + (g->extra != NULL) : 0;
    for (uint32_t k = 0; k < count; k++) {
        const char *name = k < g->stage_count ? g->stages[k] : g->extra;
        const library_entry *e = library_find(lib, name);
        CHECK(e && e->kind == LIBRARY_STAGE);
        if (!e)
            continue;
        world_config cfg = {.seed = 7,
                            .difficulty = DIFFICULTY_NORMAL,
                            .flags = WORLD_FLAG_INVULNERABLE | WORLD_FLAG_ONE_STAGE,
                            .stage = (uint8_t)k};
        frames += viewer_compare(lib, name, cfg, e, NULL).frames;
    }
    return frames;
}

/* Every boss, fought from its first phase (a practice of the whole fight). */
static uint32_t viewer_bosses(const library *lib)
{
    uint32_t frames = 0;
    for (uint32_t b = 0; b < lib->boss_count && b < 255 / BOSS_MAX_PHASES; b++) {
        world_config cfg = {.seed = 7,
                            .difficulty = DIFFICULTY_NORMAL,
                            .flags = WORLD_FLAG_INVULNERABLE,
                            .start = WORLD_START(b, 0)};
        frames += viewer_compare(lib, lib->bosses[b].name, cfg, NULL, &lib->bosses[b]).frames;
    }
    return frames;
}

/* A boss that vanishes itself: in the game a boss does not vanish (only a
 * small enemy does: pattern/objects/objects.h), and the viewer keeps it the same. */
static const char viewer_vanish_boss[] = "boss t_vanisher {\n"
                                         "    phase time 3s health 100 {\n"
                                         "        wait 30\n"
                                         "        vanish\n"
                                         "        loop {\n"
                                         "            fire orb ring 8 speed 2\n"
                                         "            wait 20\n"
                                         "        }\n"
                                         "    }\n"
                                         "    phase time 2s health 100 {\n"
                                         "        loop {\n"
                                         "            fire orb ring 6 aim speed 2\n"
                                         "            wait 15\n"
                                         "        }\n"
                                         "    }\n"
                                         "}\n";

/* A boss whose scripts query bullets, enemies and lasers each frame and steer
 * or vanish what they find: the game's world and the viewer find the same
 * objects in the same order (pattern/objects/objects.h, objects_query). */
static const char viewer_query_boss[] =
    "boss t_querier {\n"
    "    phase time 4s health 100 {\n"
    "        laser red at down length 120 width 6\n"
    "        loop as t {\n"
    "            fire orb ring 12 at t * 7 speed 1.5\n"
    "            fire rice aim speed 3\n"
    "            wait 4\n"
    "            for b in bullets near x y + 60 radius 50 { b.turn by 30 }\n"
    "            for b in bullets near 192 300 radius 40 { b.vanish }\n"
    "            var n = 0\n"
    "            for e in enemies near x y radius 10 { n += 1 }\n"
    "            for l in lasers near x y + 50 radius 20 { l.turn by 1 }\n"
    "            if n > 0 and t % 5 == 0 {\n"
    "                for b in bullets near x y radius 120 { if b.speed < 2 { b.speed 2.5 } }\n"
    "            }\n"
    "        }\n"
    "    }\n"
    "}\n";

/* A boss that reads the player's state where the viewer's defaults are the
 * game's at the start of a fight with no input (docs/patterns.md, "Reading the
 * player"): the difficulty from the rank, spare ships, bombs, power, focus. */
static const char viewer_reader_boss[] =
    "boss t_reader {\n"
    "    phase time 3s health 100 {\n"
    "        loop {\n"
    "            fire orb ring 2 + difficulty * 3 + player_lives + player_bombs speed 2\n"
    "            fire orb ring 1 + player_power * 4 + player_focused * 9 aim speed 3\n"
    "            if difficulty >= hard {\n"
    "                fire rice ring 5 speed 1\n"
    "            }\n"
    "            wait 12\n"
    "        }\n"
    "    }\n"
    "}\n";

/* A boss that drops items every way a script can, away from the ship (which
 * would pick them up): rows at a place, more in a frame than the bound (the
 * rest refused), bullets turning into items where they are (once the boss
 * is in), one dropping as its life ends (`on vanish`), a steady trickle; they
 * pop up, fall and leave off the bottom before the card times out. */
static const char viewer_dropper_boss[] =
    "boss t_dropper {\n"
    "    phase time 7s health 100 {\n"
    "        drop power 7 at (60, 120)\n"
    "        repeat 2 { drop point 20 at (320, 60) }\n"
    "        wait 60\n"
    "        fire orb ring 6 at 30 speed 3 { wait 40 drop point vanish }\n"
    "        fire rice at 80 speed 2 life 50 { on vanish { drop power_big 3 } }\n"
    "        wait 30\n"
    "        drop bomb at (100, 40)\n"
    "        drop life 2 at (290, 200)\n"
    "        loop as t {\n"
    "            drop point 1 + t % 3 at (30 + t % 4 * 25, 30)\n"
    "            drop power at (300 + t % 3 * 20, 20)\n"
    "            wait 17\n"
    "        }\n"
    "    }\n"
    "}\n";

/* Boss `name` of the one-file source `src` fought from its first phase at
 * difficulty `level`, alike in both for more than `frames` frames. Returns
 * what was compared. */
static viewer_run viewer_boss_alone(const char *file, const char *src, const char *name, int level,
                                    uint32_t frames)
{
    viewer_run run = {0, 0};
    library *lib = test_library_compile(file, src);
    CHECK(lib != NULL);
    const library_boss *b = lib ? library_find_boss(lib, name) : NULL;
    CHECK(b != NULL);
    if (b) {
        world_config cfg = {.seed = 7,
                            .difficulty = (uint8_t)level,
                            .flags = WORLD_FLAG_INVULNERABLE,
                            .start = WORLD_START(b - lib->bosses, 0)};
        run = viewer_compare(lib, b->name, cfg, NULL, b);
        CHECK(run.frames > frames);
    }
    library_free(lib);
    return run;
}

/* The vanishing boss fought through; the querying boss; the reading boss at
 * each difficulty: alike in both; the dropping boss's items alike for most of
 * its card (7 s: up to the game's pick-up or the card's end). */
static void viewer_small_bosses(void)
{
    viewer_run drops = viewer_boss_alone("t_dropper.pat", viewer_dropper_boss, "t_dropper",
                                         DIFFICULTY_NORMAL, 6 * 60);
    CHECK(drops.item_frames > 5 * 60);
    viewer_boss_alone("t_vanisher.pat", viewer_vanish_boss, "t_vanisher", DIFFICULTY_NORMAL,
                      5 * 60);
    viewer_boss_alone("t_querier.pat", viewer_query_boss, "t_querier", DIFFICULTY_NORMAL, 3 * 60);
    for (int d = 0; d < DIFFICULTY_COUNT; d++)
        viewer_boss_alone("t_reader.pat", viewer_reader_boss, "t_reader", d, 2 * 60);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: test_game.viewer PATTERNS_DIR\n");
        return 2;
    }
    library *lib = test_library_load(argv[1]);
    CHECK(lib != NULL);
    if (lib) {
        uint32_t frames = viewer_stages(lib) + viewer_bosses(lib);
        printf("%u frames compared\n", frames);
        library_free(lib);
    }
    viewer_small_bosses();
    return check_done("viewer");
}
