/*
 * stage: the game's own six stages (patterns/), each played alone
 * (WORLD_FLAG_ONE_STAGE) headless to its end by the scripted player on every
 * difficulty, invulnerable: stage 1 reaches the stage-clear state within three
 * to five minutes, stages 2 and 3 within four to six, stages 4 to 6 within three and a half
 * to six (Easy's the shortest), each meets its midboss's and its
 * boss's spell cards, stops no script with an error, and the harder the
 * difficulty the more bullets fly, and the faster; each stage from the third is
 * heavier than the one before it on every difficulty (more bullets on the mean,
 * faster ones, and from stage 4 a higher peak). Also: the same run twice gives the
 * same hash, and a run with the scripted player, not invulnerable, gets hit and pays
 * a ship; a run that never shoots meets the midboss on time (no enemy parked off the
 * field holds the stage up). The Extra stage, played alone, is harder than stage 6 on
 * Lunatic, and each ship hears its own lines before and after its boss.
 *
 * usage: test_game.stage PATTERNS_DIR
 */
#include "../check.h"
#include "core/mem.h"
#include "game/autopilot.h"
#include "game/difficulty.h"
#include "game/world.h"
#include "test_library.h"

#include <math.h>

typedef struct stage_result {
    int state;
    uint64_t frames, hash;
    int spells_seen, errors, deaths, bosses;
    uint32_t peak;
    double mean_bullets, mean_speed; /* over the frames with bullets, sampled */
} stage_result;

/* Plays the stage with the autopilot until it is over (or `minutes` pass). */
static stage_result stage_play_for(const library *lib, world_config cfg, unsigned minutes)
{
    stage_result r = {0};
    world *w = mem_alloc(sizeof *w);
    CHECK(w && world_init(w, &cfg, lib) == 0);
    autopilot ap;
    autopilot_init(&ap, 1);
    double bullets = 0, speed = 0;
    int samples = 0, speed_samples = 0;
    while (!world_over(w) && w->frame < minutes * 3600u) {
        world_step(w, autopilot_input(&ap, w));
        for (int i = 0; i < w->event_count; i++)
            r.bosses += w->events[i].kind == WORLD_EVENT_BOSS_START;
        if (w->frame % 30 || w->bullets.live == 0)
            continue;
        samples++;
        bullets += w->bullets.live;
        const bullet_pool *p = &w->bullets;
        for (uint32_t b = 0; b < bullet_pool_block_end(p); b++)
            for (uint64_t m = p->alive[b]; m; m &= m - 1) {
                uint32_t i = 64 * b + (uint32_t)__builtin_ctzll(m);
                speed += sqrt((double)w->bullet_dx[i] * w->bullet_dx[i] +
                              (double)w->bullet_dy[i] * w->bullet_dy[i]);
                speed_samples++;
            }
    }
    r.state = w->state;
    r.frames = w->frame;
    r.hash = world_hash(w);
    r.spells_seen = w->spells_seen;
    r.errors = (int)w->stats.errors;
    r.deaths = w->deaths;
    r.peak = w->stats.peak_bullets;
    r.mean_bullets = samples ? bullets / samples : 0;
    r.mean_speed = speed_samples ? speed / speed_samples : 0;
    if (w->stats.errors)
        fprintf(stderr, "script error: %s\n", w->last_error);
    world_free(w);
    mem_free(w);
    return r;
}

/* Plays the stage with the autopilot until it is over (or 6 minutes pass). */
static stage_result stage_play(const library *lib, world_config cfg)
{
    return stage_play_for(lib, cfg, 6);
}

/* Every difficulty clears the game's stage `stage` (from 0), played alone, in
 * lo to hi minutes, meeting a midboss and a boss and spells spell cards at
 * least; density and speed grow with the difficulty. The results go to res. */
/* The first difficulty the curve is played from: Easy, or Lunatic alone in a
 * sanitizer build (the densest frames; the comparisons between difficulties
 * are the Release build's). */
static int stage_first_difficulty(void)
{
    return check_sanitized() ? DIFFICULTY_LUNATIC : 0;
}

static void stage_every_difficulty(const library *lib, int stage, double lo, double hi, int spells,
                                   stage_result res[DIFFICULTY_COUNT])
{
    printf("stage %d\n", stage + 1);
    for (int d = stage_first_difficulty(); d < DIFFICULTY_COUNT; d++) {
        world_config cfg = {.seed = 11,
                            .difficulty = (uint8_t)d,
                            .flags = WORLD_FLAG_INVULNERABLE | WORLD_FLAG_ONE_STAGE,
                            .stage = (uint8_t)stage};
        stage_result *r = &res[d];
        *r = stage_play(lib, cfg);
        printf("%-8s cleared at %5.1f s, %d spell cards met, peak %u bullets, mean %.0f, "
               "mean speed %.2f px/frame\n",
               difficulty_name(d), (double)r->frames / 60.0, r->spells_seen, r->peak,
               r->mean_bullets, r->mean_speed);
        CHECK_EQ_INT(r->state, WORLD_CLEARED);
        CHECK(r->frames >= lo * 3600.0 && r->frames <= hi * 3600.0);
        CHECK(r->spells_seen >= spells);
        CHECK_EQ_INT(r->bosses, 2);
        CHECK_EQ_INT(r->errors, 0);
        CHECK_EQ_INT(r->deaths, 0);
    }
    for (int d = stage_first_difficulty() + 1; d < DIFFICULTY_COUNT; d++) {
        CHECK(res[d].peak > res[d - 1].peak);
        CHECK(res[d].mean_bullets > res[d - 1].mean_bullets);
        CHECK(res[d].mean_speed > res[d - 1].mean_speed);
    }
    if (!check_sanitized())
        CHECK(res[DIFFICULTY_LUNATIC].peak >= 2 * res[DIFFICULTY_EASY].peak);
}

/* The Extra stage (patterns/extra/, the game's `extra`, played alone as the
 * title's Extra Start plays it: one past the game's stages, at full power) is
 * played at one difficulty and
 * is harder than any Lunatic stage: the scripted player, invulnerable, clears
 * it in 6 to 12 minutes, meets the midboss's two spell cards and Shinonome's
 * eight, stops no script with an error, and on the mean keeps more bullets on
 * the field than the last stage on Lunatic, faster ones, with a higher peak.
 * The Extra stage is played at Lunatic (its patterns read neither rank nor
 * level). */
static void stage_extra_is_hardest(const library *lib, const stage_result *last)
{
    const library_game *g = world_game_of(lib);
    CHECK(g != NULL);
    if (!g)
        return;
    world_config cfg = {.seed = 11,
                        .difficulty = DIFFICULTY_LUNATIC,
                        .flags = WORLD_FLAG_INVULNERABLE,
                        .stage = (uint8_t)g->stage_count};
    CHECK(world_config_extra(g, &cfg));
    stage_result r = stage_play_for(lib, cfg, 13);
    printf("extra    cleared at %5.1f s, %d spell cards met, peak %u bullets, mean %.0f, "
           "mean speed %.2f px/frame\n",
           (double)r.frames / 60.0, r.spells_seen, r.peak, r.mean_bullets, r.mean_speed);
    CHECK_EQ_INT(r.state, WORLD_CLEARED);
    CHECK(r.frames >= 6.0 * 3600.0 && r.frames <= 12.0 * 3600.0);
    CHECK(r.spells_seen >= 10);
    CHECK_EQ_INT(r.bosses, 2);
    CHECK_EQ_INT(r.errors, 0);
    CHECK_EQ_INT(r.deaths, 0);
    CHECK(r.mean_bullets > last->mean_bullets);
    CHECK(r.peak > last->peak);
    CHECK(r.mean_speed > last->mean_speed);
}

/* Each ship sees its own lines in the Extra stage: played by the scripted
 * player (reading every line, invulnerable) with each of the game's ships, the
 * scene before Shinonome's fight and the one after it both have lines of the
 * ship's own character and of Shinonome, and none of another ship's. */
static void stage_extra_dialogue(const library *lib)
{
    const library_game *g = world_game_of(lib);
    const character_info *shinonome = library_find_character(lib, "ex_shinonome");
    CHECK(g != NULL && shinonome != NULL && lib->ship_count >= 2);
    if (!g || !shinonome)
        return;
    const library_boss *boss = library_find_boss(lib, "ex_shinonome");
    CHECK(boss != NULL);
    int shin = (int)(shinonome - lib->characters), boss_index = (int)(boss - lib->bosses);
    for (uint32_t k = 0; k < lib->ship_count; k++) {
        world_config cfg = {.seed = 3,
                            .difficulty = DIFFICULTY_LUNATIC,
                            .flags = WORLD_FLAG_INVULNERABLE,
                            .ship = (uint8_t)k,
                            .stage = (uint8_t)g->stage_count};
        world *w = mem_alloc(sizeof *w);
        CHECK(w && world_init(w, &cfg, lib) == 0);
        autopilot ap;
        autopilot_init(&ap, 1);
        int own = lib->ships[k].character, fought = 0;
        int mine[2] = {0, 0}, hers[2] = {0, 0}, others = 0;
        while (w && !world_over(w) && w->frame < 13u * 3600u) {
            world_step(w, autopilot_input(&ap, w));
            for (int i = 0; i < w->event_count; i++)
                fought |=
                    w->events[i].kind == WORLD_EVENT_BOSS_START && w->boss.index == boss_index;
            if (!dialogue_active(&w->dialogue))
                continue;
            int who = w->dialogue.speaker, after = !w->boss.active && fought;
            mine[after] |= who == own;
            hers[after] |= who == shin;
            for (uint32_t o = 0; o < lib->ship_count; o++)
                others += o != k && who >= 0 && who == lib->ships[o].character;
        }
        printf(
            "extra dialogue with %s: own lines before %d after %d, Shinonome's %d %d, others' %d\n",
            lib->ships[k].name, mine[0], mine[1], hers[0], hers[1], others);
        CHECK(own >= 0);
        CHECK(mine[0] && mine[1] && hers[0] && hers[1]);
        CHECK_EQ_INT(others, 0);
        if (w)
            world_free(w);
        mem_free(w);
    }
}

/* A later stage is heavier: on every difficulty it keeps more bullets on
 * screen than the stage before on the mean, and faster ones (stage 3 did not:
 * a mean of 76 against 99 on Normal); with peak, at the peak too (stage 3's
 * peak, one moment, is left out against stage 2's; stage 4's is held). */
static void stage_heavier(const stage_result before[DIFFICULTY_COUNT],
                          const stage_result after[DIFFICULTY_COUNT], int peak)
{
    for (int d = stage_first_difficulty(); d < DIFFICULTY_COUNT; d++) {
        CHECK(after[d].mean_bullets > before[d].mean_bullets);
        CHECK(after[d].mean_speed > before[d].mean_speed);
        if (peak)
            CHECK(after[d].peak > before[d].peak);
    }
}

/* The index of the game's stage called `name`, or -1 (the list is the lead's
 * to order: stages are found by name, not by place). */
static int stage_index(const library *lib, const char *name)
{
    const library_game *g = world_game_of(lib);
    for (uint32_t i = 0; g && i < g->stage_count; i++)
        if (strcmp(g->stages[i], name) == 0)
            return (int)i;
    return -1;
}

/* The same configuration and the same player give the same run. */
static void stage_determinism(const library *lib)
{
    world_config cfg = {.seed = 99, .difficulty = DIFFICULTY_HARD, .flags = WORLD_FLAG_NO_SCENES};
    world *a = mem_alloc(sizeof *a), *b = mem_alloc(sizeof *b);
    CHECK(world_init(a, &cfg, lib) == 0 && world_init(b, &cfg, lib) == 0);
    autopilot pa, pb;
    autopilot_init(&pa, 1);
    autopilot_init(&pb, 1);
    int same = 1;
    for (int i = 0; i < 4000; i++) {
        world_step(a, autopilot_input(&pa, a));
        world_step(b, autopilot_input(&pb, b));
        if (i % 500 == 499)
            same &= world_hash(a) == world_hash(b);
    }
    CHECK(same);
    world_free(a);
    world_free(b);
    mem_free(a);
    mem_free(b);
}

/* An invulnerable ship that never shoots meets the midboss on time: enemies that
 * fly off and stop just outside the field are gone, so the stage's wait for
 * the field to clear does not run to its cap (it did: frame 5162, not ~3100). */
static void stage_parked_enemies_gone(const library *lib)
{
    world_config cfg = {.seed = 3,
                        .difficulty = DIFFICULTY_NORMAL,
                        .flags = WORLD_FLAG_INVULNERABLE | WORLD_FLAG_NO_SCENES}; /* nobody reads */
    world *w = mem_alloc(sizeof *w);
    CHECK(w && world_init(w, &cfg, lib) == 0);
    uint64_t boss_at = 0;
    while (w && !boss_at && w->frame < 8000) {
        world_step(w, 0);
        for (int i = 0; i < w->event_count; i++)
            if (w->events[i].kind == WORLD_EVENT_BOSS_START)
                boss_at = w->frame;
    }
    printf("midboss met at frame %llu without a shot\n", (unsigned long long)boss_at);
    CHECK(boss_at > 2500 && boss_at < 3600);
    world_free(w);
    mem_free(w);
}

/* Not invulnerable and not moving, the ship is hit and a ship is lost. */
static void stage_hit_costs_a_ship(const library *lib)
{
    world_config cfg = {.seed = 5, .difficulty = DIFFICULTY_NORMAL, .flags = WORLD_FLAG_NO_SCENES};
    world *w = mem_alloc(sizeof *w);
    CHECK(world_init(w, &cfg, lib) == 0);
    int hit = 0, died = 0;
    while (w->frame < 3600 && !died) {
        world_step(w, INPUT_BIT(INPUT_SHOT));
        for (int i = 0; i < w->event_count; i++) {
            hit |= w->events[i].kind == WORLD_EVENT_PLAYER_HIT;
            died |= w->events[i].kind == WORLD_EVENT_PLAYER_DEATH;
        }
    }
    CHECK(hit && died);
    CHECK_EQ_INT(w->player.lives, PLAYER_START_LIVES - 1);
    world_free(w);
    mem_free(w);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: test_game.stage PATTERNS_DIR\n");
        return 2;
    }
    library *lib = test_library_load(argv[1]);
    CHECK(lib != NULL);
    if (lib) {
        static stage_result res[6][DIFFICULTY_COUNT];
        check_sanitized_note("each stage on Lunatic only");
        /* stage 1: the midboss's card, the boss's four */
        stage_every_difficulty(lib, 0, 3.0, 5.0, 5, res[0]);
        stage_every_difficulty(lib, 1, 4.0, 6.0, 5, res[1]); /* stage 2: the same count */
        stage_every_difficulty(lib, 2, 4.0, 6.0, 5, res[2]); /* stage 3: the same count */
        stage_heavier(res[1], res[2], 0);
        /* stages 4 to 6, found by name: each heavier than the one before on every
         * difficulty and figure; the final stage's eight phases (four cards and a
         * last word) and its midboss's two cards */
        static const char *const later[] = {"stage4", "stage5", "stage6"};
        for (int k = 0; k < 3; k++) {
            int at = stage_index(lib, later[k]);
            CHECK_EQ_INT(at, 3 + k);
            if (at != 3 + k)
                break;
            stage_every_difficulty(lib, at, 3.5, 6.0, k == 2 ? 7 : 5, res[at]);
            /* and on Normal each lasts four to six minutes */
            if (!check_sanitized())
                CHECK(res[at][DIFFICULTY_NORMAL].frames >= 4 * 3600 &&
                      res[at][DIFFICULTY_NORMAL].frames <= 6 * 3600);
            stage_heavier(res[at - 1], res[at], 1);
        }
        stage_extra_is_hardest(lib, &res[5][DIFFICULTY_LUNATIC]);
        stage_extra_dialogue(lib);
        stage_determinism(lib);
        stage_hit_costs_a_ship(lib);
        stage_parked_enemies_gone(lib);
        library_free(lib);
    }
    return check_done("stage");
}
