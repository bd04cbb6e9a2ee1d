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
 *     Each shot type flies its own golden (NAME.txt the first type's, as it
 *     was before ships had types; NAME_TYPE.txt the others').
 *   - Balance, with SHIP given (one test per ship, run side by side): every
 *     shot type of the ship ends every health phase of every boss and
 *     midboss in practice at full power before its time runs out (the frames
 *     each took printed side by side: docs/game.md keeps the table), and the
 *     scripted player clears the game (its three stages) with each type on
 *     Easy and Normal over fixed seeds (not invulnerable: a game over fails).
 *
 * usage: test_game.ships PATTERNS_DIR GOLDEN_DIR [SHIP]
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
static void ships_flight(const library *lib, uint32_t ship, uint32_t type, const char *what,
                         int level, input_bits held, int bomb)
{
    world *w = mem_alloc(sizeof *w);
    CHECK(w && ship_preview_init(w, lib, ship, type) == 0);
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

/* The golden text of one shot type of a ship, compared with (or written to)
 * GOLDEN_DIR/NAME.txt for its first type (as before ships had types: the
 * flights of the first type must not change) and NAME_TYPE.txt for the others. */
static void ships_golden(const library *lib, uint32_t ship, uint32_t type, const char *dir,
                         int updating)
{
    text_len = 0;
    const library_ship *s = &lib->ships[ship];
    put("%s \"%s\"\n", s->name, s->title);
    for (int level = 1; level <= SHIP_PREVIEW_LEVELS; level++) {
        ships_flight(lib, ship, type, "unfocused", level, 0, 0);
        ships_flight(lib, ship, type, "focused", level, INPUT_BIT(INPUT_FOCUS), 0);
    }
    ships_flight(lib, ship, type, "bomb", 1, 0, 1);
    char path[1024], err[256];
    if (type == 0)
        snprintf(path, sizeof path, "%s/%s.txt", dir, s->name);
    else
        snprintf(path, sizeof path, "%s/%s_%s.txt", dir, s->name,
                 library_ship_type(s, type)->type_name);
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

/* A ship and one of its shot types, and its name for the tables: "ship/type". */
typedef struct flight {
    uint32_t ship, type;
    char name[48];
} flight;

static flight ships_flown(const library *lib, uint32_t ship, uint32_t type)
{
    flight f = {ship, type, ""};
    const library_ship *t = library_ship_type(&lib->ships[ship], type);
    snprintf(f.name, sizeof f.name, "%s/%s", lib->ships[ship].name,
             t->type_name[0] ? t->type_name : "-");
    return f;
}

/* The game flown by the scripted player with a ship, not invulnerable: the state
 * it ends in (a game over when its ships run out: it turns continues down). */
static int ships_clear(const library *lib, const flight *fl, int level, uint64_t seed)
{
    world_config cfg = {.seed = seed,
                        .difficulty = (uint8_t)level,
                        .ship = (uint8_t)fl->ship,
                        .shot_type = (uint8_t)fl->type};
    world *w = mem_alloc(sizeof *w);
    CHECK(w && world_init(w, &cfg, lib) == 0);
    if (!w)
        return -1;
    autopilot ap;
    autopilot_init(&ap, 1);
    while (!world_over(w) && w->frame < 40u * 3600u)
        world_step(w, autopilot_input(&ap, w));
    int state = w->state;
    printf("%-22s %-7s seed %2" PRIu64 ": %s at %5.1f s, deaths %d, bombs %d, spells %d/%d\n",
           fl->name, difficulty_name(level), seed, state == WORLD_CLEARED ? "cleared" : "over",
           (double)w->frame / 60.0, w->deaths, w->bombs_used, w->spells_captured, w->spells_seen);
    CHECK_EQ_U64(w->stats.errors, 0);
    world_free(w);
    mem_free(w);
    return state;
}

/* The whole game (its stages 1 to 3) cleared on Easy and Normal by the scripted
 * player with each of the ship's types, over fixed seeds. */
static void ships_clears(const library *lib, const flight *fl, int nfl)
{
    static const uint64_t seeds[] = {1, 2, 3};
    /* a sanitizer build: Normal, the first seed, each type */
    size_t nseeds = check_sanitized() ? 1 : sizeof seeds / sizeof seeds[0];
    int first = check_sanitized() ? DIFFICULTY_NORMAL : DIFFICULTY_EASY;
    check_sanitized_note("the clears on Normal with seed 1 only");
    for (int k = 0; k < nfl; k++)
        for (int d = first; d <= DIFFICULTY_NORMAL; d++)
            for (size_t s = 0; s < nseeds; s++)
                CHECK_EQ_INT(ships_clear(lib, &fl[k], d, seeds[s]), WORLD_CLEARED);
}

/* Frames the scripted player takes to end one of a boss's phases in practice
 * (invulnerable, the phase alone, at a power), or -1 when it timed out. Mode 0:
 * the scripted player flies; 1: the ship stays under the boss unfocused; 2: the
 * same focused. */
static int ships_phase(const library *lib, const flight *fl, int boss, int phase, int power,
                       int mode)
{
    world_config cfg = {.seed = 5,
                        .difficulty = DIFFICULTY_NORMAL,
                        .start = WORLD_START(boss, phase),
                        .flags = WORLD_FLAG_INVULNERABLE | WORLD_FLAG_ONE_PHASE,
                        .ship = (uint8_t)fl->ship,
                        .shot_type = (uint8_t)fl->type};
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

/* Every health phase (card or not) of every boss and midboss of the game, each
 * shot type of the ship: frames the scripted player at full power takes to end
 * it in practice, which must be before its time runs out; and the stage-1
 * midboss's card (Wick Sign), met in a run at about power 1.5, is ended in
 * time by each type staying under the boss at that power. (In full runs on
 * Normal, seeds 1 to 6, the scripted player times out on Wick Sign with
 * Hotaru's fan every time, and captures it with Shirasagi's feathers every
 * time: it dodges the smoke out of Hotaru's line, whose shot under the boss
 * ends the card in 708 frames of its 1800 at power 1.5, Shirasagi's in 837. So
 * the ship can capture it; the scripted player's dodging is what times out
 * there.) With CURTAIN_SHIPS_TABLE=1, Kagari's phases at every power, the ship
 * parked under the boss unfocused and focused too, are printed as well. */
static void ships_phases(const library *lib, const flight *fl, int nfl, int table)
{
    printf("%-10s %-5s %5s %5s", "boss", "phase", "hp", "time");
    for (int k = 0; k < nfl; k++)
        printf("  %22s", fl[k].name);
    putchar('\n');
    for (uint32_t b = 0; b < lib->boss_count; b++)
        for (uint32_t p = 0; p < lib->bosses[b].phase_count; p++) {
            const library_phase *ph = &lib->bosses[b].phases[p];
            if (ph->health <= 0)
                continue; /* a card to survive: no damage counts */
            int wick = ph->spell && strcmp(lib->bosses[b].name, "s1_wick") == 0;
            printf("%-10s %u%-4s %5.0f %5.0f", lib->bosses[b].name, p, ph->spell ? " card" : "",
                   ph->health, (double)ph->time);
            for (int k = 0; k < nfl; k++) {
                int f = ships_phase(lib, &fl[k], (int)b, (int)p, 400, 0);
                printf("  %22d", f);
                CHECK(f > 0);
                if (wick) {
                    int under = ships_phase(lib, &fl[k], (int)b, (int)p, 150, 1);
                    printf(" (%d)", under);
                    CHECK(under > 0);
                }
            }
            putchar('\n');
        }
    int boss = -1;
    for (uint32_t b = 0; b < lib->boss_count; b++)
        if (strcmp(lib->bosses[b].name, "s1_kagari") == 0)
            boss = (int)b;
    CHECK(boss >= 0);
    static const char *const modes[] = {"scripted player", "under it, unfocused",
                                        "under it, focused"};
    for (int power = 300; table && boss >= 0 && power >= 100; power -= 100)
        for (int mode = 0; mode < 3; mode++) {
            printf("Kagari on Normal, power %d, %s:\n", power / 100, modes[mode]);
            const library_boss *kb = &lib->bosses[boss];
            for (uint32_t p = 0; p < kb->phase_count; p++) {
                if (kb->phases[p].health <= 0)
                    continue;
                printf("  phase %u:", p);
                for (int k = 0; k < nfl; k++)
                    printf("  %s %5d", fl[k].name,
                           ships_phase(lib, &fl[k], boss, (int)p, power, mode));
                putchar('\n');
            }
        }
}

/* The balance of one ship (every shot type): the phases, then the clears. */
static void ships_balance(const library *lib, const char *name, int table)
{
    int ship = library_find_ship(lib, name);
    CHECK(ship >= 0);
    if (ship < 0)
        return;
    const library_ship *s = &lib->ships[ship];
    CHECK(s->type_count >= 2); /* every ship of the game has two shot types or more */
    flight fl[LIBRARY_SHIP_TYPES];
    int nfl = 0;
    for (uint32_t t = 0; t < s->type_count && t < LIBRARY_SHIP_TYPES; t++) {
        fl[nfl++] = ships_flown(lib, (uint32_t)ship, t);
        const library_ship *ty = library_ship_type(s, t);
        CHECK(ty->type_title[0] != '\0' && ty->type_about[0] != '\0'); /* the select's lines */
    }
    ships_phases(lib, fl, nfl, table);
    ships_clears(lib, fl, nfl);
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: test_game.ships PATTERNS_DIR GOLDEN_DIR [SHIP]\n");
        return 2;
    }
    const char *update = getenv("CURTAIN_UPDATE_GOLDEN");
    int updating = update && strcmp(update, "1") == 0;
    library *lib = test_library_load(argv[1]);
    CHECK(lib != NULL);
    if (lib && argc >= 4) {
        const char *table = getenv("CURTAIN_SHIPS_TABLE");
        ships_balance(lib, argv[3], table && strcmp(table, "1") == 0);
    } else if (lib) {
        CHECK(lib->ship_count >= 2);
        for (uint32_t s = 0; s < lib->ship_count; s++)
            CHECK(lib->ships[s].about[0] != '\0'); /* the ship select's line about it */
        for (uint32_t s = 0; s < lib->ship_count; s++)
            for (uint32_t t = 0; t < lib->ships[s].type_count; t++)
                ships_golden(lib, s, t, argv[2], updating);
        ships_pierce();
        ships_homing();
    }
    if (lib)
        library_free(lib);
    return check_done(argc >= 4 ? "game.ships (balance)" : "game.ships");
}
