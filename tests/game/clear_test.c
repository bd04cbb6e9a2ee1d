/*
 * clear: the game as a player meets it. The scripted player, NOT invulnerable
 * and bombing when cornered, plays a whole run from stage 1 (so stages 2 and 3
 * start with the power, ships and bombs that run carries) on Easy and on
 * Normal, over fixed seeds, and reaches the all clear (after stage 3, the last)
 * without a continue. Each stage's length and the deaths and bombs are
 * printed. And stages 2 and 3 alone on Normal, each begun with the power, ships
 * and bombs of a fresh run, are cleared too.
 *
 * And the final stage, stage 6, alone from its start at full power (as a run
 * brings a player there), with each ship on Easy and Normal, cleared without a
 * continue; there each ship hears its own lines (the scripted player reads
 * every line): its own character speaks, on the left, the other ship's never,
 * and Oboro and Tobari speak too.
 *
 * usage: test_game.clear PATTERNS_DIR [RUN_DIR]
 *   RUN_DIR: a game.pat that lists stage 6, loaded as a mod over the patterns
 *   (tests/game/run6) until patterns/game.pat lists it
 */
#include "../check.h"
#include "core/mem.h"
#include "game/autopilot.h"
#include "game/difficulty.h"
#include "game/world.h"
#include "test_library.h"

#include <stdlib.h>
#include <string.h>

static void clear_run(const library *lib, int level, uint64_t seed)
{
    world_config cfg = {.seed = seed, .difficulty = (uint8_t)level};
    world *w = mem_alloc(sizeof *w);
    CHECK(w && world_init(w, &cfg, lib) == 0);
    if (!w)
        return;
    autopilot ap;
    autopilot_init(&ap, 1);
    uint64_t cleared_at[4] = {0};
    int continued = 0, power_at_2 = -1, lives_at_2 = -1, bombs_at_2 = -1;
    while (!world_over(w) && w->frame < 18u * 3600u) {
        int stage = w->stage;
        world_step(w, autopilot_input(&ap, w));
        if (w->stage != stage && stage == 0) {
            power_at_2 = w->player.power;
            lives_at_2 = w->player.lives;
            bombs_at_2 = w->player.bombs;
        }
        for (int i = 0; i < w->event_count; i++) {
            const world_event *e = &w->events[i];
            continued |= e->kind == WORLD_EVENT_CONTINUE;
            if (e->kind == WORLD_EVENT_STAGE_CLEAR && e->value >= 1 && e->value <= 4)
                cleared_at[e->value - 1] = w->frame;
        }
    }
    printf("%-6s seed %2llu: stage 1 %5llu frames, stage 2 %5llu frames (began with power %d, "
           "%d ships, %d bombs), stage 3 %5llu frames; %d deaths, %d bombs used\n",
           difficulty_name(level), (unsigned long long)seed, (unsigned long long)cleared_at[0],
           (unsigned long long)(cleared_at[1] - cleared_at[0] - WORLD_STAGE_BREAK), power_at_2,
           lives_at_2, bombs_at_2,
           (unsigned long long)(cleared_at[2] - cleared_at[1] - WORLD_STAGE_BREAK), w->deaths,
           w->bombs_used);
    CHECK(!continued);
    CHECK_EQ_INT(w->state, WORLD_CLEARED);
    CHECK(world_all_clear(w));
    CHECK(cleared_at[0] > 0 && cleared_at[1] > cleared_at[0] && cleared_at[2] > cleared_at[1]);
    CHECK_EQ_U64(w->stats.errors, 0);
    world_free(w);
    mem_free(w);
}

/* A stage from its start (config.stage from 0, after stage 1): the power,
 * ships and bombs a run begins with, far from the full power a whole run
 * brings; still cleared, and the run goes on to the all clear. */
static void clear_stage_fresh(const library *lib, int stage, int level, uint64_t seed)
{
    world_config cfg = {.seed = seed, .difficulty = (uint8_t)level, .stage = (uint8_t)stage};
    world *w = mem_alloc(sizeof *w);
    CHECK(w && world_init(w, &cfg, lib) == 0);
    if (!w)
        return;
    autopilot ap;
    autopilot_init(&ap, 1);
    int power = w->player.power, continued = 0;
    uint64_t cleared_at = 0;
    while (!world_over(w) && w->frame < 14u * 3600u) {
        world_step(w, autopilot_input(&ap, w));
        for (int i = 0; i < w->event_count; i++) {
            continued |= w->events[i].kind == WORLD_EVENT_CONTINUE;
            if (w->events[i].kind == WORLD_EVENT_STAGE_CLEAR && w->events[i].value == stage + 1)
                cleared_at = w->frame;
        }
    }
    printf("%-6s seed %2llu: stage %d from power %d: %llu frames; %d deaths, %d bombs used\n",
           difficulty_name(level), (unsigned long long)seed, stage + 1, power,
           (unsigned long long)cleared_at, w->deaths, w->bombs_used);
    CHECK(cleared_at > 0);
    CHECK(power < 200);
    CHECK(!continued);
    CHECK(world_all_clear(w));
    world_free(w);
    mem_free(w);
}

/* The final stage (stage6) alone from its start at full power, as a whole run
 * brings a player there, with the ships and bombs a run begins with: the
 * scripted player, not invulnerable, flying `ship`, clears it without a
 * continue. */
static void clear_final(const library *lib, int stage, const char *ship, int level, uint64_t seed)
{
    int s = library_find_ship(lib, ship);
    CHECK(s >= 0);
    if (s < 0)
        return;
    world_config cfg = {
        .seed = seed, .difficulty = (uint8_t)level, .stage = (uint8_t)stage, .ship = (uint8_t)s};
    world *w = mem_alloc(sizeof *w);
    CHECK(w && world_init(w, &cfg, lib) == 0);
    if (!w)
        return;
    w->player.power = PLAYER_POWER_MAX;
    autopilot ap;
    autopilot_init(&ap, 1);
    int continued = 0;
    uint64_t cleared_at = 0;
    /* the lines said: by the ship's own character (how many on the left), by
     * the other ship's (either of the two), by Oboro, by Tobari */
    int own = w->ship ? w->ship->character : -1;
    const character_info *cs[4] = {
        library_find_character(lib, "hotaru"), library_find_character(lib, "shirasagi"),
        library_find_character(lib, "s6_oboro"), library_find_character(lib, "s6_tobari")};
    int idx[4];
    for (int k = 0; k < 4; k++)
        idx[k] = cs[k] ? (int)(cs[k] - lib->characters) : -2;
    int other = idx[0] == own ? idx[1] : idx[0];
    int own_lines = 0, own_left = 0, other_lines = 0, oboro = 0, tobari = 0;
    while (!world_over(w) && w->frame < 8u * 3600u) {
        world_step(w, autopilot_input(&ap, w));
        if (w->dialogue.talking && w->dialogue.line_at == (int32_t)w->frame - 1) {
            int who = w->dialogue.speaker;
            own_lines += who >= 0 && who == own;
            own_left += who >= 0 && who == own && w->dialogue.side == DIALOGUE_LEFT;
            other_lines += who >= 0 && who == other;
            oboro += who == idx[2];
            tobari += who == idx[3];
        }
        for (int i = 0; i < w->event_count; i++) {
            continued |= w->events[i].kind == WORLD_EVENT_CONTINUE;
            if (w->events[i].kind == WORLD_EVENT_STAGE_CLEAR && w->events[i].value == stage + 1)
                cleared_at = w->frame;
        }
    }
    printf("%-6s seed %2llu: the final stage with %s from full power: %llu frames; %d deaths, "
           "%d bombs used\n",
           difficulty_name(level), (unsigned long long)seed, ship, (unsigned long long)cleared_at,
           w->deaths, w->bombs_used);
    printf("  its dialogue: %d lines of %s's own (%d on the left), %d of the other ship's, %d "
           "of Oboro's, %d of Tobari's\n",
           own_lines, ship, own_left, other_lines, oboro, tobari);
    CHECK(own >= 0 && other >= 0 && own != other);
    CHECK(own_lines >= 4 && own_left == own_lines);
    CHECK_EQ_INT(other_lines, 0);
    CHECK(oboro >= 3 && tobari >= 5);
    CHECK(cleared_at > 0);
    CHECK(!continued);
    CHECK_EQ_U64(w->stats.errors, 0);
    world_free(w);
    mem_free(w);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: test_game.clear PATTERNS_DIR [RUN_DIR]\n");
        return 2;
    }
    library *lib = test_library_load(argv[1]);
    CHECK(lib != NULL);
    if (lib) {
        const library_game *g = world_game_of(lib);
        CHECK(g && g->stage_count >= 3);
        /* CURTAIN_CLEAR_FINAL_ONLY=1: only the final stage (while tuning it) */
        if (!getenv("CURTAIN_CLEAR_FINAL_ONLY")) {
            static const uint64_t seeds[] = {1, 2};
            for (int d = DIFFICULTY_EASY; d <= DIFFICULTY_NORMAL; d++)
                for (size_t s = 0; s < sizeof seeds / sizeof seeds[0]; s++)
                    clear_run(lib, d, seeds[s]);
            clear_stage_fresh(lib, 1, DIFFICULTY_NORMAL, 2);
            clear_stage_fresh(lib, 2, DIFFICULTY_NORMAL, 2);
        }
        /* the final stage, from the run that lists it (RUN_DIR's game.pat
         * over the patterns, until patterns/game.pat lists it) */
        library *run = argc > 2 ? test_library_load_mod(argv[1], argv[2]) : lib;
        const library_game *rg = run ? world_game_of(run) : NULL;
        int six = -1;
        for (uint32_t i = 0; rg && i < rg->stage_count; i++)
            six = strcmp(rg->stages[i], "stage6") == 0 ? (int)i : six;
        CHECK(six > 0);
        static const char *const ships[] = {"hotaru", "shirasagi"};
        for (int d = DIFFICULTY_EASY; six > 0 && d <= DIFFICULTY_NORMAL; d++)
            for (int k = 0; k < 2; k++)
                clear_final(run, six, ships[k], d, 3);
        if (run != lib)
            library_free(run);
        library_free(lib);
    }
    return check_done("clear");
}
