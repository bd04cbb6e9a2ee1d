/*
 * clear: the game as a player meets it. The scripted player, NOT invulnerable
 * and bombing when cornered, plays a whole run from stage 1 (so each later stage
 * starts with the power, ships and bombs that run carries) on Easy and on Normal,
 * over fixed seeds, and reaches the all clear (after stage 6, the last) without a
 * continue. Each stage's length and the deaths and bombs are printed. And stages 2
 * and 3 alone on Normal, each begun with the power, ships and bombs of a fresh
 * run, are cleared too.
 *
 * And stages 4, 5 and 6 alone from their starts (stage 4 from a fresh run's
 * power, the later ones at full power as a run brings a player there), with each
 * ship on Easy and Normal, cleared without a continue; there each ship hears its
 * own lines (the scripted player reads every line): its own character speaks, on
 * the left, the other ship's never, and the stage's midboss and boss speak too.
 *
 * usage: test_game.clear PATTERNS_DIR
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
    while (!world_over(w) && w->frame < 40u * 3600u) {
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
    while (!world_over(w) && w->frame < 36u * 3600u) {
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

/* A stage of the game (found by name) alone from its start, with the ships and
 * bombs a run begins with and `power` (0: a fresh run's; PLAYER_POWER_MAX as a
 * whole run brings a player to the later stages): the scripted player, not
 * invulnerable, flying `ship`, clears it without a continue (the run stops at its
 * clear). It reads every line: the ship's own character speaks, on the left, the
 * other ship's never, and the stage's two characters (its midboss's and its
 * boss's) at least lines[0] and lines[1] times. */
static void clear_stage_talk(const library *lib, const char *stage_name, const char *const cast[2],
                             const int lines[2], const char *ship, int level, int power)
{
    const library_game *g = world_game_of(lib);
    int stage = -1;
    for (uint32_t i = 0; g && i < g->stage_count; i++)
        stage = strcmp(g->stages[i], stage_name) == 0 ? (int)i : stage;
    int s = library_find_ship(lib, ship);
    CHECK(stage > 0 && s >= 0);
    if (stage <= 0 || s < 0)
        return;
    world_config cfg = {
        .seed = 3, .difficulty = (uint8_t)level, .stage = (uint8_t)stage, .ship = (uint8_t)s};
    world *w = mem_alloc(sizeof *w);
    CHECK(w && world_init(w, &cfg, lib) == 0);
    if (!w)
        return;
    if (power)
        w->player.power = power;
    autopilot ap;
    autopilot_init(&ap, 1);
    int continued = 0;
    uint64_t cleared_at = 0;
    int own = w->ship ? w->ship->character : -1;
    const character_info *cs[4] = {
        library_find_character(lib, "hotaru"), library_find_character(lib, "shirasagi"),
        library_find_character(lib, cast[0]), library_find_character(lib, cast[1])};
    int idx[4];
    for (int k = 0; k < 4; k++)
        idx[k] = cs[k] ? (int)(cs[k] - lib->characters) : -2;
    int other = idx[0] == own ? idx[1] : idx[0];
    int own_lines = 0, own_left = 0, other_lines = 0, said[2] = {0, 0};
    while (!world_over(w) && cleared_at == 0 && w->frame < 8u * 3600u) {
        world_step(w, autopilot_input(&ap, w));
        if (w->dialogue.talking && w->dialogue.line_at == (int32_t)w->frame - 1) {
            int who = w->dialogue.speaker;
            own_lines += who >= 0 && who == own;
            own_left += who >= 0 && who == own && w->dialogue.side == DIALOGUE_LEFT;
            other_lines += who >= 0 && who == other;
            said[0] += who == idx[2];
            said[1] += who == idx[3];
        }
        for (int i = 0; i < w->event_count; i++) {
            continued |= w->events[i].kind == WORLD_EVENT_CONTINUE;
            if (w->events[i].kind == WORLD_EVENT_STAGE_CLEAR && w->events[i].value == stage + 1)
                cleared_at = w->frame;
        }
    }
    printf("%-6s seed 3: %s with %s from power %d: %llu frames; %d deaths, %d bombs used\n",
           difficulty_name(level), stage_name, ship, power, (unsigned long long)cleared_at,
           w->deaths, w->bombs_used);
    printf("  its dialogue: %d lines of %s's own (%d on the left), %d of the other ship's, %d "
           "of %s's, %d of %s's\n",
           own_lines, ship, own_left, other_lines, said[0], cast[0], said[1], cast[1]);
    CHECK(own >= 0 && other >= 0 && own != other);
    CHECK(own_lines >= 4 && own_left == own_lines);
    CHECK_EQ_INT(other_lines, 0);
    CHECK(said[0] >= lines[0] && said[1] >= lines[1]);
    CHECK(cleared_at > 0);
    CHECK(!continued);
    CHECK_EQ_U64(w->stats.errors, 0);
    world_free(w);
    mem_free(w);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: test_game.clear PATTERNS_DIR\n");
        return 2;
    }
    library *lib = test_library_load(argv[1]);
    CHECK(lib != NULL);
    if (lib) {
        const library_game *g = world_game_of(lib);
        CHECK(g && g->stage_count == 6);
        /* a sanitizer build: the whole run on Easy with seed 2, and stages 4 to
         * 6 on Normal only */
        static const uint64_t seeds[] = {1, 2};
        int sanitized = check_sanitized();
        check_sanitized_note("one whole run (Easy, seed 2); stages 4 to 6 alone on Normal");
        for (int d = DIFFICULTY_EASY; d <= DIFFICULTY_NORMAL; d++)
            for (size_t s = 0; s < sizeof seeds / sizeof seeds[0]; s++)
                if (!sanitized || (d == DIFFICULTY_EASY && seeds[s] == 2))
                    clear_run(lib, d, seeds[s]);
        clear_stage_fresh(lib, 1, DIFFICULTY_NORMAL, 2);
        clear_stage_fresh(lib, 2, DIFFICULTY_NORMAL, 2);
        /* stages 4 to 6 alone, with each ship: stage 4 from a fresh run's power,
         * the later ones from the full power a run brings there */
        static const char *const cast[3][2] = {
            {"s4_hayate", "s4_ikazuchi"}, {"s5_kaiko", "s5_amaori"}, {"s6_oboro", "s6_tobari"}};
        static const int lines[3][2] = {{1, 3}, {0, 3}, {3, 5}};
        static const char *const stages[] = {"stage4", "stage5", "stage6"};
        static const char *const ships[] = {"hotaru", "shirasagi"};
        for (int k = 0; k < 3; k++)
            for (int d = sanitized ? DIFFICULTY_NORMAL : DIFFICULTY_EASY; d <= DIFFICULTY_NORMAL;
                 d++)
                for (int sh = 0; sh < 2; sh++)
                    clear_stage_talk(lib, stages[k], cast[k], lines[k], ships[sh], d,
                                     k == 0 ? 0 : PLAYER_POWER_MAX);
        library_free(lib);
    }
    return check_done("clear");
}
