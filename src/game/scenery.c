/*
 * scenery: the backdrop a run shows. See scenery.h.
 */
#include "game/scenery.h"

#include "pattern/content/library.h"

backdrop_cue_place scenery_place(const world *w)
{
    backdrop_cue_place at = backdrop_cue_nowhere();
    if (w->config.start != 0)
        at.boss_alone = (int32_t)WORLD_START_BOSS(w->config.start);
    if (w->stage_runner)
        at.stage_pc = vm_runner_base_pc(w->vm, w->stage_runner);
    const library_entry *e = w->lib ? library_find(w->lib, world_stage_name(w)) : NULL;
    if (e)
        at.stage_func = e->func;
    at.stage_done = w->stage_done;
    const boss_fight *b = &w->boss;
    if (b->active && b->spell && b->phase_end != BOSS_NEVER)
        at.spell_boss = b->index;
    return at;
}

int scenery_stage(const world *w)
{
    backdrop_cue_place at = scenery_place(w);
    return backdrop_cue_stage(w->lib, &at);
}

int scenery_spell(const world *w)
{
    backdrop_cue_place at = scenery_place(w);
    return backdrop_cue_spell(w->lib, &at);
}

int scenery_now(const world *w)
{
    backdrop_cue_place at = scenery_place(w);
    return backdrop_cue_now(w->lib, &at);
}
