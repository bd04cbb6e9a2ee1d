/*
 * backdrop_cue: the viewer's sandbox shows the backdrop the game would, by the
 * one model both share: a stage's `background` cues as its script passes them
 * (inside a pattern it runs too, and after its end), a boss's
 * `spell_background` during its cards and the stage's again after them, the
 * cue at a boss's entrance for a boss run alone, dusk without cues; and the
 * game's stages 2 and 3 in the viewer reach their lake and spire backdrops,
 * and their bosses there wear their own looks (the viewer draws a boss by its
 * `boss` block's look, as the game does).
 * (game.scenery checks the same rules through a world.)
 */
#include "../check.h"
#include "../game/cue_content.h"
#include "../game/test_library.h"
#include "pattern/content/backdrop_cue.h"
#include "pattern/objects/sandbox.h"
#include "sim/backdrop.h"

#include <string.h>

/* A sandbox running lib's stage `stage`, or its boss `boss` alone from phase
 * `phase` (stage NULL). */
static sandbox *bc_start(const library *lib, const char *stage, const char *boss, uint32_t phase)
{
    sandbox_config cfg;
    sandbox_config_default(&cfg);
    cfg.boss_phase = phase;
    sandbox *sb = sandbox_create(&cfg);
    const library_entry *e = stage ? library_find(lib, stage) : NULL;
    const library_boss *b = boss ? library_find_boss(lib, boss) : NULL;
    int started = sb && (e || b) && sandbox_start(sb, lib, e, b) == 0;
    CHECK(started);
    if (!started) {
        sandbox_destroy(sb);
        return NULL;
    }
    return sb;
}

static void bc_steps(sandbox *sb, int n)
{
    for (int i = 0; i < n; i++)
        sandbox_step(sb);
}

static int bc_spell(const sandbox *sb)
{
    return sandbox_place(sb).spell_boss >= 0;
}

/* The stage: lake, lake in the call, lake_boss, the card's spire_spell, the
 * stage's lake_boss after it, and lake_boss once the script has ended. */
static void check_stage(const library *lib)
{
    sandbox *sb = bc_start(lib, "stage1", NULL, 0);
    if (!sb)
        return;
    bc_steps(sb, 2);
    CHECK_EQ_INT(sandbox_backdrop(sb), BACKDROP_LAKE);
    bc_steps(sb, 40); /* in walk: the stage's place is the call */
    CHECK_EQ_INT(sandbox_backdrop(sb), BACKDROP_LAKE);
    bc_steps(sb, 14); /* past the second cue, before the boss */
    CHECK_EQ_INT(sandbox_backdrop(sb), BACKDROP_LAKE_BOSS);
    int spell_seen = 0, after = 0;
    for (int i = 0; i < 600 && !after; i++) {
        bc_steps(sb, 1);
        if (bc_spell(sb) && sandbox_backdrop(sb) == BACKDROP_SPIRE_SPELL)
            spell_seen = 1;
        if (spell_seen && !bc_spell(sb))
            after = sandbox_backdrop(sb) == BACKDROP_LAKE_BOSS ? 1 : -1;
    }
    CHECK(spell_seen);
    CHECK_EQ_INT(after, 1); /* the card is over: the stage's again */
    backdrop_cue_place at = sandbox_place(sb);
    for (int i = 0; i < 600 && !at.stage_done; i++) {
        sandbox_step(sb);
        at = sandbox_place(sb);
    }
    CHECK(at.stage_done); /* the fight, then the stage's script are over */
    CHECK_EQ_INT(sandbox_backdrop(sb), BACKDROP_LAKE_BOSS); /* its last cue */
    sandbox_destroy(sb);
}

/* The boss alone: the cue at its entrance in the stage, its card's backdrop. */
static void check_boss_alone(const library *lib)
{
    sandbox *sb = bc_start(lib, NULL, "b", 0);
    if (!sb)
        return;
    bc_steps(sb, 1);
    CHECK(bc_spell(sb));
    CHECK_EQ_INT(sandbox_backdrop(sb), BACKDROP_SPIRE_SPELL);
    backdrop_cue_place at = sandbox_place(sb);
    CHECK_EQ_INT(backdrop_cue_stage(lib, &at), BACKDROP_LAKE_BOSS);
    sandbox_destroy(sb);
    sb = bc_start(lib, NULL, "b", 1); /* its second phase, no card */
    if (!sb)
        return;
    bc_steps(sb, 1);
    CHECK(!bc_spell(sb));
    CHECK_EQ_INT(sandbox_backdrop(sb), BACKDROP_LAKE_BOSS);
    sandbox_destroy(sb);
}

/* Without cues or a spell backdrop: dusk all along. */
static void check_bare(const library *lib)
{
    sandbox *sb = bc_start(lib, "stage1", NULL, 0);
    if (!sb)
        return;
    for (int i = 0; i < 400; i++) {
        sandbox_step(sb);
        backdrop_cue_place at = sandbox_place(sb);
        if (backdrop_cue_stage(lib, &at) != -1 || sandbox_backdrop(sb) != BACKDROP_DUSK) {
            CHECK_EQ_INT(sandbox_backdrop(sb), BACKDROP_DUSK);
            break;
        }
    }
    sandbox_destroy(sb);
}

/* The first phase of boss that is a spell card, or -1. */
static int bc_first_card(const library *lib, const char *boss)
{
    const library_boss *b = library_find_boss(lib, boss);
    for (uint32_t k = 0; b && k < b->phase_count; k++)
        if (b->phases[k].spell)
            return (int)k;
    return -1;
}

/* The game's stage `stage` in the viewer: its own backdrop from the start, its
 * boss part where its boss runs alone (wearing `look`), and her spell backdrop
 * in her card. */
static void check_game_stage(const library *lib, const char *stage, const char *boss,
                             const char *look, int plain, int boss_part, int spell)
{
    sandbox *sb = bc_start(lib, stage, NULL, 0);
    if (sb) {
        bc_steps(sb, 2);
        CHECK_EQ_INT(sandbox_backdrop(sb), plain);
        sandbox_destroy(sb);
    }
    sb = bc_start(lib, NULL, boss, 0);
    if (sb) {
        bc_steps(sb, 2);
        CHECK_EQ_INT(sandbox_backdrop(sb), boss_part);
        uint32_t n;
        const sandbox_object *o = sandbox_objects(sb, &n);
        int worn = 0;
        for (uint32_t i = 0; i < n; i++)
            if (o[i].enemy == 2 && o[i].boss >= 0 && (uint32_t)o[i].boss < lib->boss_count)
                worn = strcmp(lib->bosses[o[i].boss].look, look) == 0;
        CHECK(worn);
        sandbox_destroy(sb);
    }
    int card = bc_first_card(lib, boss);
    CHECK(card >= 0);
    sb = card >= 0 ? bc_start(lib, NULL, boss, (uint32_t)card) : NULL;
    if (sb) {
        int seen = 0;
        for (int i = 0; i < 120 && !seen; i++) {
            sandbox_step(sb);
            seen = sandbox_backdrop(sb) == spell;
        }
        CHECK(seen);
        sandbox_destroy(sb);
    }
}

int main(void)
{
    library *lib = test_library_compile("cues.pat", with_cues);
    library *bare = test_library_compile("bare.pat", without_cues);
    CHECK(lib && bare);
    if (lib) {
        check_stage(lib);
        check_boss_alone(lib);
    }
    if (bare)
        check_bare(bare);
    library_free(lib);
    library_free(bare);
    library *game = test_library_load(CURTAIN_TEST_PATTERNS);
    CHECK(game != NULL);
    if (game) {
        check_game_stage(game, "stage2", "s2_minamo", "minamo", BACKDROP_LAKE, BACKDROP_LAKE_BOSS,
                         BACKDROP_LAKE_SPELL);
        check_game_stage(game, "stage3", "s3_tokine", "tokine", BACKDROP_SPIRE, BACKDROP_SPIRE_BOSS,
                         BACKDROP_SPIRE_SPELL);
        library_free(game);
    }
    return check_done("pattern.backdrop_cue");
}
