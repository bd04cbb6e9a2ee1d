/*
 * attract: the title's demo list over the game's own patterns. It plays every
 * stage of the game (stage 2 too: it used to play stage 1 alone), then every
 * spell card of every boss exactly once but the Extra stage's, and wraps round; a stage demo's
 * world really plays that stage, a card's starts at that card alone.
 *
 * usage: test_game.attract PATTERNS_DIR
 */
#include "../check.h"
#include "core/mem.h"
#include "game/attract.h"
#include "test_library.h"

#include <string.h>

/* Whether boss b belongs to the game's Extra stage (its folder's stage), whose
 * cards the demos leave out: a player meets them there first. */
static int attract_extra_boss(const library *lib, const library_game *g, uint32_t b)
{
    int main = 0;
    const char *stage = g->extra ? library_boss_stage(lib, b, &main) : NULL;
    return stage && strcmp(stage, g->extra) == 0;
}

static void attract_covers_everything(const library *lib)
{
    const library_game *g = world_game_of(lib);
    CHECK(g != NULL && g->stage_count >= 2);
    if (!g)
        return;
    uint32_t spells = 0, extra_spells = 0;
    for (uint32_t b = 0; b < lib->boss_count; b++)
        for (uint32_t p = 0; p < lib->bosses[b].phase_count; p++) {
            int extra = attract_extra_boss(lib, g, b);
            spells += lib->bosses[b].phases[p].spell != 0 && !extra;
            extra_spells += lib->bosses[b].phases[p].spell != 0 && extra;
        }
    CHECK(!g->extra || extra_spells >= 10); /* the Extra stage's cards are there, left out */
    uint32_t n = attract_count(lib);
    CHECK_EQ_INT((int)n, (int)(g->stage_count + spells));
    int stage_seen[8] = {0}, card_seen[WORLD_MAX_BOSSES * BOSS_MAX_PHASES] = {0};
    for (uint32_t i = 0; i < n; i++) {
        world_config c = attract_config(lib, i, 5);
        CHECK(c.flags & WORLD_FLAG_INVULNERABLE);
        CHECK_EQ_INT((int)c.seed, 5);
        if (c.start == 0) {
            CHECK(i < g->stage_count);
            if (c.stage < 8)
                stage_seen[c.stage]++;
            continue;
        }
        CHECK(c.flags & WORLD_FLAG_ONE_PHASE);
        int b = WORLD_START_BOSS(c.start), p = WORLD_START_PHASE(c.start);
        CHECK(b < (int)lib->boss_count && lib->bosses[b].phases[p].spell);
        card_seen[b * BOSS_MAX_PHASES + p]++;
    }
    for (uint32_t s = 0; s < g->stage_count && s < 8; s++)
        CHECK_EQ_INT(stage_seen[s], 1);
    for (uint32_t b = 0; b < lib->boss_count; b++)
        for (uint32_t p = 0; p < lib->bosses[b].phase_count; p++)
            CHECK_EQ_INT(card_seen[b * BOSS_MAX_PHASES + p],
                         lib->bosses[b].phases[p].spell != 0 && !attract_extra_boss(lib, g, b));
    /* the list wraps round */
    world_config a = attract_config(lib, 1, 5), b = attract_config(lib, n + 1, 5);
    CHECK(memcmp(&a, &b, sizeof a) == 0);
}

/* Demo 1 is stage 2: its world plays stage2 from its first frame. */
static void attract_plays_stage2(const library *lib)
{
    world_config c = attract_config(lib, 1, 3);
    world *w = mem_alloc(sizeof *w);
    CHECK(w && world_init(w, &c, lib) == 0);
    CHECK(strcmp(world_stage_name(w), "stage2") == 0);
    for (int i = 0; i < 600; i++)
        world_step(w, 0);
    CHECK_EQ_INT((int)w->stats.errors, 0);
    CHECK(w->state == WORLD_PLAYING);
    world_free(w);
    mem_free(w);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: test_game.attract PATTERNS_DIR\n");
        return 2;
    }
    library *lib = test_library_load(argv[1]);
    CHECK(lib != NULL);
    if (lib) {
        attract_covers_everything(lib);
        attract_plays_stage2(lib);
        library_free(lib);
    }
    return check_done("attract");
}
