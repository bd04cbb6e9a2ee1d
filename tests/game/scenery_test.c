/*
 * scenery: the backdrop a run shows follows the stage's `background` cues as
 * its script passes them (inside a pattern it runs too), a boss's
 * `spell_background` during its spell cards, the cue at a boss's entrance in a
 * practice fight; cues change no state hash; stage 1 uses dusk, dusk_boss and
 * dusk_spell.
 */
#include "../check.h"
#include "cue_content.h"
#include "game/scenery.h"
#include "game/world.h"
#include "pattern/content/backdrop_decl.h"
#include "sim/backdrop.h"
#include "test_library.h"

static world *st_world(const library *lib, world_config cfg)
{
    world *w = mem_alloc(sizeof *w);
    CHECK(w && world_init(w, &cfg, lib) == 0);
    return w;
}

static void st_free(world *w)
{
    world_free(w);
    mem_free(w);
}

static void st_steps(world *w, world *plain, int n)
{
    for (int i = 0; i < n; i++) {
        world_step(w, 0);
        world_step(plain, 0);
        CHECK(world_hash(w) == world_hash(plain));
    }
}

static void check_cues(void)
{
    library *lib = test_library_compile("cues.pat", with_cues);
    library *bare = test_library_compile("bare.pat", without_cues);
    CHECK(lib && bare);
    if (!lib || !bare)
        return;
    world *w = st_world(lib, (world_config){.seed = 3});
    world *plain = st_world(bare, (world_config){.seed = 3});
    st_steps(w, plain, 2);
    CHECK_EQ_INT(scenery_stage(w), BACKDROP_LAKE);
    CHECK_EQ_INT(scenery_now(plain), BACKDROP_DUSK); /* no cue: the default */
    CHECK_EQ_INT(scenery_stage(plain), -1);
    st_steps(w, plain, 40); /* in walk: the stage's place is the call */
    CHECK_EQ_INT(scenery_stage(w), BACKDROP_LAKE);
    st_steps(w, plain, 14); /* past the second cue, before the boss */
    CHECK_EQ_INT(scenery_stage(w), BACKDROP_LAKE_BOSS);
    CHECK_EQ_INT(scenery_now(w), BACKDROP_LAKE_BOSS);
    int spell_seen = 0, after = 0;
    for (int i = 0; i < 600 && !after; i++) {
        st_steps(w, plain, 1);
        if (w->boss.active && w->boss.spell && scenery_now(w) == BACKDROP_SPIRE_SPELL)
            spell_seen = 1;
        if (spell_seen && w->boss.active && !w->boss.spell && w->boss.phase_end != INT32_MAX)
            after = scenery_now(w) == BACKDROP_LAKE_BOSS ? 1 : -1;
    }
    CHECK(spell_seen);
    CHECK_EQ_INT(after, 1); /* the next phase is no card: the stage's again */
    st_free(w);
    st_free(plain);
    /* a practice fight: the cue in force where the stage starts that boss */
    w = st_world(lib, (world_config){.seed = 3, .start = WORLD_START(0, 1)});
    world_step(w, 0);
    CHECK_EQ_INT(scenery_stage(w), BACKDROP_LAKE_BOSS);
    st_free(w);
    library_free(lib);
    library_free(bare);
}

/* Stage 1: dusk from its start, dusk_clouds (drawn from data) after Wick,
 * dusk_boss at Kagari (practice), dusk_spell for both bosses' cards; Wick is
 * met before the second cue. */
static void check_stage1(void)
{
    library *lib = test_library_load(CURTAIN_TEST_PATTERNS);
    CHECK(lib != NULL);
    if (!lib)
        return;
    world *w = st_world(lib, (world_config){.seed = 1});
    world_step(w, 0);
    CHECK_EQ_INT(scenery_now(w), BACKDROP_DUSK);
    st_free(w);
    int kagari = -1, wick = -1;
    for (uint32_t b = 0; b < lib->boss_count; b++) {
        if (strcmp(lib->bosses[b].name, "s1_kagari") == 0)
            kagari = (int)b;
        if (strcmp(lib->bosses[b].name, "s1_wick") == 0)
            wick = (int)b;
    }
    CHECK(kagari >= 0 && wick >= 0);
    if (kagari < 0 || wick < 0) {
        library_free(lib);
        return;
    }
    CHECK_EQ_INT(lib->bosses[kagari].spell_background, BACKDROP_DUSK_SPELL);
    w = st_world(lib, (world_config){.seed = 1, .start = WORLD_START(kagari, 0)});
    world_step(w, 0);
    CHECK_EQ_INT(scenery_stage(w), BACKDROP_DUSK_BOSS);
    st_free(w);
    w = st_world(lib, (world_config){.seed = 1, .start = WORLD_START(wick, 0)});
    world_step(w, 0);
    CHECK_EQ_INT(scenery_stage(w), BACKDROP_DUSK);
    st_free(w);
    /* the stage's cues in order: dusk, after Wick the data backdrop dusk_clouds
     * (patterns/stage1/stage1.pat declares it), dusk_boss before Kagari */
    const library_entry *e = library_find(lib, "stage1");
    CHECK(e != NULL);
    int want[3] = {BACKDROP_DUSK,
                   backdrop_decl_find(lib->backdrops, (int)lib->backdrop_count, "dusk_clouds"),
                   BACKDROP_DUSK_BOSS};
    CHECK(want[1] >= BACKDROP_COUNT);
    int n = 0;
    for (uint32_t k = 0; e && k < lib->prog->cue_count; k++) {
        const vm_func *f = &lib->prog->funcs[e->func];
        uint32_t pc = lib->prog->cues[k].pc;
        if (pc < f->pc || pc >= f->end)
            continue;
        CHECK(n < 3 && lib->prog->cues[k].value == want[n < 3 ? n : 2]);
        n++;
    }
    CHECK_EQ_INT(n, 3);
    library_free(lib);
}

int main(void)
{
    check_cues();
    check_stage1();
    return check_done("game.scenery");
}
