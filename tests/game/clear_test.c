/*
 * clear: the game as a player meets it. The scripted player, NOT invulnerable
 * and bombing when cornered, plays a whole run from stage 1 (so stages 2 and 3
 * start with the power, ships and bombs that run carries) on Easy and on
 * Normal, over fixed seeds, and reaches the all clear (after stage 3, the last)
 * without a continue. Each stage's length and the deaths and bombs are
 * printed. And stages 2 and 3 alone on Normal, each begun with the power, ships
 * and bombs of a fresh run, are cleared too; and stage 5 from its start with the
 * power a run has reached there (4.00: every whole run by the scripted player is
 * at full power from stage 2 on) and a fresh run's ships and bombs, with each
 * ship, on Easy and Normal (in the run RUN_MOD lists, until patterns/game.pat
 * lists stage 5); there each ship hears its own lines before and after Amaori
 * (the scripted player reads every line): its own character speaks, on the
 * left, and the other ship's never, and Amaori speaks too.
 *
 * usage: test_game.clear PATTERNS_DIR RUN_MOD
 */
#include "../check.h"
#include "core/mem.h"
#include "game/autopilot.h"
#include "game/difficulty.h"
#include "game/world.h"
#include "test_library.h"

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

/* A stage from its start (config.stage from 0, after stage 1) with the ships
 * and bombs a run begins with and `power` (0: a fresh run's, far from the full
 * power a whole run brings); still cleared, and the run goes on to the all
 * clear. */
static void clear_stage_at(const library *lib, int stage, int level, uint64_t seed, int ship,
                           int power, int talk)
{
    world_config cfg = {
        .seed = seed, .difficulty = (uint8_t)level, .stage = (uint8_t)stage, .ship = (uint8_t)ship};
    world *w = mem_alloc(sizeof *w);
    CHECK(w && world_init(w, &cfg, lib) == 0);
    if (!w)
        return;
    if (power) /* the power a run carries to this stage */
        w->player.power = power;
    autopilot ap;
    autopilot_init(&ap, 1);
    int start_power = w->player.power, continued = 0;
    uint64_t cleared_at = 0;
    /* the lines said: by the ship's own character (and how many of those on
     * the left), by the other ship's, by anyone else */
    int own = w->ship ? w->ship->character : -1;
    int other = lib->ship_count > 1 ? lib->ships[1 - (ship & 1)].character : -1;
    int own_lines = 0, own_left = 0, other_lines = 0, others = 0;
    while (!world_over(w) && w->frame < 14u * 3600u) {
        world_step(w, autopilot_input(&ap, w));
        if (w->dialogue.talking && w->dialogue.line_at == (int32_t)w->frame - 1) {
            int who = w->dialogue.speaker;
            own_lines += who >= 0 && who == own;
            own_left += who >= 0 && who == own && w->dialogue.side == DIALOGUE_LEFT;
            other_lines += who >= 0 && who == other;
            others += who >= 0 && who != own && who != other;
        }
        for (int i = 0; i < w->event_count; i++) {
            continued |= w->events[i].kind == WORLD_EVENT_CONTINUE;
            if (w->events[i].kind == WORLD_EVENT_STAGE_CLEAR && w->events[i].value == stage + 1)
                cleared_at = w->frame;
        }
    }
    printf("%-6s seed %2llu: stage %d from power %d (ship %d): %llu frames; %d deaths, %d bombs "
           "used\n",
           difficulty_name(level), (unsigned long long)seed, stage + 1, start_power, ship,
           (unsigned long long)cleared_at, w->deaths, w->bombs_used);
    if (talk) { /* the boss's scenes, in the ship's own branch */
        printf("  its dialogue: %d lines of its own (%d on the left), %d of the other ship's, %d "
               "of others\n",
               own_lines, own_left, other_lines, others);
        CHECK(own >= 0 && other >= 0 && own != other);
        CHECK(own_lines >= 5 && own_left == own_lines);
        CHECK_EQ_INT(other_lines, 0);
        CHECK(others >= 6);
    }
    CHECK(cleared_at > 0);
    CHECK(power ? start_power == power : start_power < 200);
    CHECK(!continued);
    CHECK(world_all_clear(w));
    world_free(w);
    mem_free(w);
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: test_game.clear PATTERNS_DIR RUN_MOD\n");
        return 2;
    }
    library *lib = test_library_load(argv[1]);
    CHECK(lib != NULL);
    if (lib) {
        const library_game *g = world_game_of(lib);
        CHECK(g && g->stage_count == 3);
        static const uint64_t seeds[] = {1, 2};
        for (int d = DIFFICULTY_EASY; d <= DIFFICULTY_NORMAL; d++)
            for (size_t s = 0; s < sizeof seeds / sizeof seeds[0]; s++)
                clear_run(lib, d, seeds[s]);
        clear_stage_at(lib, 1, DIFFICULTY_NORMAL, 2, 0, 0, 0);
        clear_stage_at(lib, 2, DIFFICULTY_NORMAL, 2, 0, 0, 0);
        library_free(lib);
    }
    library *run5 = test_library_load_mod(argv[1], argv[2]);
    CHECK(run5 != NULL);
    if (run5) {
        const library_game *g = world_game_of(run5);
        int five = -1;
        for (uint32_t i = 0; g && i < g->stage_count; i++)
            if (strcmp(g->stages[i], "stage5") == 0)
                five = (int)i;
        CHECK(five >= 0 && (uint32_t)five + 1 == g->stage_count);
        CHECK(run5->ship_count >= 2);
        for (int ship = 0; five >= 0 && ship < 2; ship++)
            for (int d = DIFFICULTY_EASY; d <= DIFFICULTY_NORMAL; d++)
                clear_stage_at(run5, five, d, 3, ship, 400, 1);
        library_free(run5);
    }
    return check_done("clear");
}
