/*
 * ships: the game's ships (patterns/ships/) and what the player's side of the
 * engine gives them.
 *
 *   - Golden flights: every ship of the game flown alone (the ship select's
 *     preview world) at each power level, unfocused and focused, then bombing;
 *     every shot's position at every frame hashed, some frames kept, compared
 *     with tests/game/ships/NAME.txt (CURTAIN_UPDATE_GOLDEN=1 rewrites them).
 *   - Piercing (`pierce`, BULLET_FLAG_PIERCE): a piercing shot passes through
 *     two enemies in a file and hurts both, every frame it is inside each; a
 *     plain one hurts the first once and is gone. The same twice, same hash.
 *   - Homing (`aim` on the player's side): a shot fired without a direction
 *     goes to the nearest enemy, and straight up with none on the field.
 *   - Balance: the scripted player clears the game (its three stages) with
 *     Shirasagi on Easy and Normal over fixed seeds (not invulnerable: a game over fails), and both
 *     ships beat each of Kagari's health phases in practice before its time
 *     runs out; the frames each took are printed side by side. Every spell
 *     card of the game ended in time by both ships (ships_cards).
 *
 * usage: test_game.ships PATTERNS_DIR GOLDEN_DIR
 */
#include "../check.h"
#include "core/file.h"
#include "core/hash.h"
#include "core/mem.h"
#include "game/autopilot.h"
#include "game/difficulty.h"
#include "game/ship_preview.h"
#include "game/world.h"
#include "test_library.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define SHIPS_TEXT   (1 << 18)
#define SHIPS_FRAMES 60 /* frames of each flight of the golden */

static char text[SHIPS_TEXT];
static size_t text_len;

static void put(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void put(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(text + text_len, SHIPS_TEXT - text_len, fmt, ap);
    va_end(ap);
    if (n > 0 && text_len + (size_t)n < SHIPS_TEXT)
        text_len += (size_t)n;
}

/* The live shots as rows "frame,slot,x,y" and lasers as "frame,Lslot,x,y,
 * heading,phase", hashed; written out when keep. */
static int ships_rows(const world *w, int f, int keep, hasher *hs)
{
    int n = 0;
    const bullet_pool *p = &w->shots;
    for (uint32_t b = 0; b < bullet_pool_block_end(p); b++)
        for (uint64_t m = p->alive[b]; m; m &= m - 1) {
            uint32_t i = 64 * b + (uint32_t)__builtin_ctzll(m);
            char row[80];
            int len = snprintf(row, sizeof row, "%d,%u,%.3f,%.3f\n", f, (unsigned)i,
                               (double)p->x[i], (double)p->y[i]);
            hash_bytes(hs, row, (size_t)len);
            if (keep)
                put("%s", row);
            n++;
        }
    /* the player's lasers (a laser ship's): origin, heading and phase */
    const laser_pool *lp = &w->shot_lasers;
    for (uint32_t b = 0; b < laser_pool_block_end(lp); b++)
        for (uint64_t m = lp->alive[b]; m; m &= m - 1) {
            uint32_t i = 64 * b + (uint32_t)__builtin_ctzll(m);
            char row[96];
            int len = snprintf(row, sizeof row, "%d,L%u,%.3f,%.3f,%.3f,%s\n", f, (unsigned)i,
                               (double)lp->x[i], (double)lp->y[i],
                               laser_pool_get(lp, laser_pool_handle(lp, i), LASER_CHANNEL_HEADING),
                               laser_phase_name((laser_phase)lp->phase[i]));
            hash_bytes(hs, row, (size_t)len);
            if (keep)
                put("%s", row);
            n++;
        }
    return n;
}

/* One flight of the golden: a fresh preview world, `frames` frames with `held`
 * (the bomb only on the first), the rows of the last frame kept. */
static void ships_flight(const library *lib, uint32_t ship, const char *what, int level,
                         input_bits held, int bomb)
{
    world *w = mem_alloc(sizeof *w);
    CHECK(w && ship_preview_init(w, lib, ship) == 0);
    hasher hs;
    hash_begin(&hs, 0);
    int fired = 0, live = 0;
    for (int f = 0; w && f < SHIPS_FRAMES * (bomb ? 2 : 1); f++) {
        input_bits in = (input_bits)(held | (bomb && f == 0 ? INPUT_BIT(INPUT_BOMB) : 0));
        fired += ship_preview_step(w, in, level);
        int last = f == SHIPS_FRAMES * (bomb ? 2 : 1) - 1;
        if (last)
            put("%s power %d:\n", what, level);
        live = ships_rows(w, f, last, &hs);
    }
    put("%s power %d: fired %d live %d hash %016" PRIx64 "\n", what, level, fired, live,
        hash_end(&hs));
    CHECK(fired > 0);
    if (w)
        world_free(w);
    mem_free(w);
}

/* The golden text of one ship, compared with (or written to) GOLDEN_DIR/NAME.txt. */
static void ships_golden(const library *lib, uint32_t ship, const char *dir, int updating)
{
    text_len = 0;
    const library_ship *s = &lib->ships[ship];
    put("%s \"%s\"\n", s->name, s->title);
    for (int level = 1; level <= SHIP_PREVIEW_LEVELS; level++) {
        ships_flight(lib, ship, "unfocused", level, 0, 0);
        ships_flight(lib, ship, "focused", level, INPUT_BIT(INPUT_FOCUS), 0);
    }
    ships_flight(lib, ship, "bomb", 1, 0, 1);
    char path[1024], err[256];
    snprintf(path, sizeof path, "%s/%s.txt", dir, s->name);
    if (updating) {
        CHECK(file_write_atomic(path, text, text_len, err, sizeof err) == 0);
        return;
    }
    size_t size = 0;
    char *want = file_read_all(path, &size, err, sizeof err);
    if (!want)
        fprintf(stderr, "%s: no golden flight (%s); run with CURTAIN_UPDATE_GOLDEN=1\n", s->name,
                err);
    CHECK(want != NULL);
    if (want && (size != text_len || memcmp(want, text, size) != 0)) {
        size_t k = 0;
        while (k < size && k < text_len && want[k] == text[k])
            k++;
        fprintf(stderr, "%s: differs from %s at byte %zu\n", s->name, path, k);
        CHECK(0);
    }
    mem_free(want);
}

/* ---- piercing and homing, on content of their own ---- */

static const char ships_posts[] =
    "enemy post {\n    health 100\n    hitbox 10\n    wait 100000\n}\n"
    "stage posts {\n    spawn post at (192, 250)\n    spawn post at (192, 180)\n"
    "    wait 100000\n}\n"
    "ship lancer {\n    interval 1000\n"
    "    shot 1 {\n        damage 2\n        pierce 1\n"
    "        fire orb at 0 speed 7 from (0, -10)\n    }\n"
    "    shot 1 focused {\n        damage 2\n        fire orb at 0 speed 7 from (0, -10)\n    }\n"
    "}\n";

/* The damage each of the two posts took after one volley flew past them. */
static void ships_volley(const library *lib, input_bits focus, double hurt[2], uint64_t *hash)
{
    world_config cfg = {.seed = 1, .flags = WORLD_FLAG_INVULNERABLE};
    world *w = mem_alloc(sizeof *w);
    CHECK(w && world_init(w, &cfg, lib) == 0);
    hurt[0] = hurt[1] = 0;
    if (!w)
        return;
    world_step(w, focus);
    world_step(w, (input_bits)(focus | INPUT_BIT(INPUT_SHOT)));
    for (int f = 0; f < 90; f++)
        world_step(w, focus);
    int k = 0;
    for (uint32_t i = 0; i < w->enemies.cap && k < 2; i++)
        if (w->enemies.slots[i].kind == ENEMY_SMALL)
            hurt[k++] = 100.0 - w->enemies.slots[i].health;
    CHECK_EQ_INT(k, 2);
    *hash = world_hash(w);
    world_free(w);
    mem_free(w);
}

static void ships_pierce(void)
{
    library *lib = test_library_compile("posts.pat", ships_posts);
    CHECK(lib != NULL);
    if (!lib)
        return;
    uint32_t lancer = (uint32_t)library_find_ship(lib, "lancer");
    CHECK(lancer == 0);
    double hurt[2], again[2];
    uint64_t h1, h2;
    ships_volley(lib, 0, hurt, &h1);
    printf("piercing shot: the posts took %g and %g\n", hurt[0], hurt[1]);
    /* through both, hurt each several frames (2 a frame: 24 px of contact at 7 px
     * a frame) */
    CHECK(hurt[0] >= 4 && hurt[1] >= 4);
    CHECK(hurt[0] == hurt[1]);
    ships_volley(lib, 0, again, &h2);
    CHECK(h1 == h2 && again[0] == hurt[0]);
    ships_volley(lib, INPUT_BIT(INPUT_FOCUS), hurt, &h1);
    printf("plain shot: the posts took %g and %g\n", hurt[0], hurt[1]);
    CHECK(hurt[0] + hurt[1] == 2 && (hurt[0] == 0 || hurt[1] == 0));
    library_free(lib);
}

/* A shot fired without a direction on the player's side: where it went after
 * a few frames, with a post at (post_x, 200) or without any. */
static void ships_homing_shot(int with_post, float post_x, float *dx, float *dy)
{
    char src[512];
    snprintf(src, sizeof src,
             "enemy post {\n    health 100\n    wait 100000\n}\n"
             "stage posts {\n    %s\n    wait 100000\n}\n"
             "ship seeker {\n    interval 1000\n    shot 1 {\n        fire orb speed 6\n    }\n}\n",
             with_post ? "spawn post at (POST, 200)" : "wait 1");
    char *p = strstr(src, "POST");
    if (p) {
        char tail[400];
        snprintf(tail, sizeof tail, "%s", p + 4);
        snprintf(p, sizeof src - (size_t)(p - src), "%g%s", (double)post_x, tail);
    }
    library *lib = test_library_compile("seeker.pat", src);
    CHECK(lib != NULL);
    *dx = *dy = 0;
    world_config cfg = {.seed = 1, .flags = WORLD_FLAG_INVULNERABLE};
    world *w = lib ? mem_alloc(sizeof *w) : NULL;
    CHECK(!lib || (w && world_init(w, &cfg, lib) == 0));
    if (!w) {
        library_free(lib);
        return;
    }
    world_step(w, 0);
    float x0 = w->player.x, y0 = w->player.y;
    world_step(w, INPUT_BIT(INPUT_SHOT));
    for (int f = 0; f < 5; f++)
        world_step(w, 0);
    for (uint32_t i = 0; i < bullet_pool_slot_end(&w->shots); i++)
        if (bullet_pool_handle(&w->shots, i).gen) {
            *dx = w->shots.x[i] - x0;
            *dy = w->shots.y[i] - y0;
        }
    world_free(w);
    mem_free(w);
    library_free(lib);
}

static void ships_homing(void)
{
    float dx, dy;
    ships_homing_shot(0, 0, &dx, &dy);
    CHECK(dy < -20 && dx > -0.01f && dx < 0.01f); /* no enemy: straight up */
    ships_homing_shot(1, 40, &dx, &dy);
    printf("a shot aimed at a post up to the left went (%.1f, %.1f)\n", (double)dx, (double)dy);
    CHECK(dy < -10 && dx < -10); /* up and to the left, toward it */
    ships_homing_shot(1, 344, &dx, &dy);
    CHECK(dy < -10 && dx > 10);
}

/* ---- balance ---- */

/* The game flown by the scripted player with a ship, not invulnerable: the state
 * it ends in (a game over when its ships run out: it turns continues down). */
static int ships_clear_type(const library *lib, uint32_t ship, uint32_t type, int level,
                            uint64_t seed)
{
    world_config cfg = {.seed = seed,
                        .difficulty = (uint8_t)level,
                        .ship = (uint8_t)ship,
                        .shot_type = (uint8_t)type};
    world *w = mem_alloc(sizeof *w);
    CHECK(w && world_init(w, &cfg, lib) == 0);
    if (!w)
        return -1;
    autopilot ap;
    autopilot_init(&ap, 1);
    while (!world_over(w) && w->frame < 18u * 3600u)
        world_step(w, autopilot_input(&ap, w));
    int state = w->state;
    printf("%-9s %-7s %-7s seed %2" PRIu64 ": %s at %5.1f s, deaths %d, bombs %d, spells %d/%d\n",
           lib->ships[ship].name, library_ship_type(&lib->ships[ship], type)->type_name,
           difficulty_name(level), seed, state == WORLD_CLEARED ? "cleared" : "over",
           (double)w->frame / 60.0, w->deaths, w->bombs_used, w->spells_captured, w->spells_seen);
    CHECK_EQ_U64(w->stats.errors, 0);
    world_free(w);
    mem_free(w);
    return state;
}

static int ships_clear(const library *lib, uint32_t ship, int level, uint64_t seed)
{
    return ships_clear_type(lib, ship, 0, level, seed);
}

/* Tsubame, each of her shot types, clears the game on Easy and Normal (one
 * seed each: her runs keep the test short). */
static void ships_clears_tsubame(const library *lib)
{
    int ship = library_find_ship(lib, "tsubame");
    CHECK(ship >= 0);
    for (uint32_t t = 0; ship >= 0 && t < lib->ships[ship].type_count; t++)
        for (int d = DIFFICULTY_EASY; d <= DIFFICULTY_NORMAL; d++)
            CHECK_EQ_INT(ships_clear_type(lib, (uint32_t)ship, t, d, 4), WORLD_CLEARED);
}

static void ships_clears(const library *lib, int table)
{
    int ship = library_find_ship(lib, "shirasagi");
    CHECK(ship >= 0);
    static const uint64_t seeds[] = {1, 2, 3};
    for (int d = DIFFICULTY_EASY; ship >= 0 && d <= DIFFICULTY_NORMAL; d++)
        for (size_t k = 0; k < sizeof seeds / sizeof seeds[0]; k++) {
            CHECK_EQ_INT(ships_clear(lib, (uint32_t)ship, d, seeds[k]), WORLD_CLEARED);
            if (table) /* the first ship's, to compare */
                ships_clear(lib, 0, d, seeds[k]);
        }
}

/* Frames the scripted player takes to end one of a boss's phases in practice
 * (invulnerable, the phase alone, at a power), or -1 when it timed out. Mode 0:
 * the scripted player flies; 1: the ship stays under the boss unfocused; 2: the
 * same focused. */
static int ships_phase(const library *lib, uint32_t ship, int boss, int phase, int power, int mode)
{
    world_config cfg = {.seed = 5,
                        .difficulty = DIFFICULTY_NORMAL,
                        .start = WORLD_START(boss, phase),
                        .flags = WORLD_FLAG_INVULNERABLE | WORLD_FLAG_ONE_PHASE,
                        .ship = (uint8_t)ship};
    world *w = mem_alloc(sizeof *w);
    CHECK(w && world_init(w, &cfg, lib) == 0);
    if (!w)
        return -1;
    w->player.power = power;
    autopilot ap;
    autopilot_init(&ap, 0);
    int frames = -1;
    input_bits fixed = mode == 1 ? 0 : INPUT_BIT(INPUT_FOCUS);
    double limit = lib->bosses[boss].phases[phase].time;
    while (!world_over(w) && w->frame < 4000u && frames < 0) {
        input_bits in = autopilot_input(&ap, w);
        if (mode && w->boss.active && w->boss.slot != ENEMY_NONE) {
            /* under the boss, always (un)focused, shooting */
            float bx = (float)w->enemies.slots[w->boss.slot].x;
            in = (input_bits)(fixed | INPUT_BIT(INPUT_SHOT) |
                              (bx < w->player.x - 2   ? INPUT_BIT(INPUT_LEFT)
                               : bx > w->player.x + 2 ? INPUT_BIT(INPUT_RIGHT)
                                                      : 0));
        }
        world_step(w, in);
        for (int i = 0; i < w->event_count; i++)
            if (w->events[i].kind == WORLD_EVENT_PHASE_END)
                frames = (int)w->frame;
    }
    world_free(w);
    mem_free(w);
    return !(frames < limit) ? -1 : frames;
}

/* Kagari's health phases in practice, each ship: frames to end each. The
 * scripted player at full power must beat every one before it times out; with
 * CURTAIN_SHIPS_TABLE=1 the whole table (every power, the ship parked under the
 * boss unfocused and focused too) is printed, to compare the ships. */
static void ships_boss_phases(const library *lib, int table)
{
    static const char *const modes[] = {"scripted player", "under it, unfocused",
                                        "under it, focused"};
    int boss = -1;
    for (uint32_t b = 0; b < lib->boss_count; b++)
        if (strcmp(lib->bosses[b].name, "s1_kagari") == 0)
            boss = (int)b;
    CHECK(boss >= 0 && lib->ship_count >= 2);
    if (boss < 0)
        return;
    const library_boss *kb = &lib->bosses[boss];
    for (int power = 400; power >= (table ? 100 : 400); power -= 100)
        for (int mode = 0; mode < (table ? 3 : 1); mode++) {
            printf("Kagari in practice on Normal, power %d, %s: frames to end each phase "
                   "(-1: timed out)\n",
                   power / 100, modes[mode]);
            for (uint32_t p = 0; p < kb->phase_count; p++) {
                if (kb->phases[p].health <= 0)
                    continue; /* a card to survive: no damage counts */
                printf("  phase %u (%5.0f hp, %5.0f f):", p, kb->phases[p].health,
                       (double)kb->phases[p].time);
                for (uint32_t s = 0; s < lib->ship_count; s++) {
                    int f = ships_phase(lib, s, boss, (int)p, power, mode);
                    printf("  %s %5d", lib->ships[s].name, f);
                    if (power == 400 && mode == 0)
                        CHECK(f > 0);
                }
                putchar('\n');
            }
        }
}

/* Every spell card with health, of every boss of the game, both ships: the
 * scripted player at full power ends each before its time runs out; and the
 * stage-1 midboss's card (Wick Sign), met in a run at about power 1.5, is
 * ended in time by each ship staying under the boss at that power. (In full
 * runs on Normal, seeds 1 to 6, the scripted player times out on Wick Sign with
 * Hotaru every time, and captures it with Shirasagi every time: it dodges the
 * smoke out of Hotaru's line, whose shot under the boss ends the card in 708
 * frames of its 1800 at power 1.5, Shirasagi's in 837. So the ship can capture
 * it; the scripted player's dodging is what times out there.) */
static void ships_cards(const library *lib)
{
    for (uint32_t b = 0; b < lib->boss_count; b++)
        for (uint32_t p = 0; p < lib->bosses[b].phase_count; p++) {
            const library_phase *ph = &lib->bosses[b].phases[p];
            if (!ph->spell || ph->health <= 0)
                continue; /* a card to survive: no damage counts */
            int wick = strcmp(lib->bosses[b].name, "s1_wick") == 0;
            printf("%-10s card %u (%5.0f hp, %5.0f f):", lib->bosses[b].name, p, ph->health,
                   (double)ph->time);
            for (uint32_t s = 0; s < lib->ship_count; s++) {
                int f = ships_phase(lib, s, (int)b, (int)p, 400, 0);
                printf("  %s %5d", lib->ships[s].name, f);
                CHECK(f > 0);
                if (wick) {
                    int under = ships_phase(lib, s, (int)b, (int)p, 150, 1);
                    printf(" (under it at power 1.5: %5d)", under);
                    CHECK(under > 0);
                }
            }
            putchar('\n');
        }
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: test_game.ships PATTERNS_DIR GOLDEN_DIR\n");
        return 2;
    }
    const char *update = getenv("CURTAIN_UPDATE_GOLDEN");
    int updating = update && strcmp(update, "1") == 0;
    library *lib = test_library_load(argv[1]);
    CHECK(lib != NULL);
    if (lib) {
        CHECK(lib->ship_count >= 2);
        for (uint32_t s = 0; s < lib->ship_count; s++)
            CHECK(lib->ships[s].about[0] != '\0'); /* the ship select's line about it */
        for (uint32_t s = 0; s < lib->ship_count; s++)
            ships_golden(lib, s, argv[2], updating);
        ships_pierce();
        ships_homing();
        const char *table = getenv("CURTAIN_SHIPS_TABLE");
        int full = table && strcmp(table, "1") == 0;
        ships_boss_phases(lib, full);
        ships_cards(lib);
        ships_clears(lib, full);
        ships_clears_tsubame(lib);
        library_free(lib);
    }
    return check_done("game.ships");
}
