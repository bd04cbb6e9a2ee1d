/*
 * scenery: the backdrop a run shows. See scenery.h.
 */
#include "game/scenery.h"

#include "pattern/library.h"
#include "sim/backdrop.h"

int scenery_cue_at(const vm_program *p, uint32_t pc)
{
    const vm_func *f = p ? vm_func_at(p, pc) : NULL;
    if (!f)
        return -1;
    int found = -1;
    for (uint32_t k = 0; k < p->cue_count && p->cues[k].pc <= pc; k++)
        if (p->cues[k].pc >= f->pc)
            found = p->cues[k].value;
    return found;
}

/* The pc of the `boss` statement that starts boss b in a stage (the CONST
 * naming it), or UINT32_MAX. */
static uint32_t scenery_boss_entrance(const vm_program *p, int32_t b)
{
    for (uint32_t k = 0; k < p->ref_count; k++) {
        uint32_t pc = p->refs[k].pc;
        if (p->refs[k].kind != VM_REF_BOSS || pc >= p->code_count)
            continue;
        uint32_t c = VM_GET_AX(p->code[pc]);
        if (c < p->const_count && p->consts[c] == (double)b)
            return pc;
    }
    return UINT32_MAX;
}

int scenery_stage(const world *w)
{
    if (!w->lib || !w->lib->prog)
        return -1;
    const vm_program *p = w->lib->prog;
    if (w->config.start != 0) {
        uint32_t pc = scenery_boss_entrance(p, (int32_t)WORLD_START_BOSS(w->config.start));
        return pc == UINT32_MAX ? -1 : scenery_cue_at(p, pc);
    }
    uint32_t pc = w->stage_runner ? vm_runner_base_pc(w->vm, w->stage_runner) : UINT32_MAX;
    if (pc != UINT32_MAX)
        return scenery_cue_at(p, pc);
    /* the script is over (or not begun): its last cue, if it ended */
    const library_entry *e = library_find(w->lib, world_stage_name(w));
    if (!w->stage_done || !e || e->func >= p->func_count)
        return -1;
    const vm_func *f = &p->funcs[e->func];
    return f->end > f->pc ? scenery_cue_at(p, f->end - 1) : -1;
}

int scenery_spell(const world *w)
{
    const boss_fight *b = &w->boss;
    if (!w->lib || !b->active || !b->spell || b->phase_end == BOSS_NEVER || b->index < 0 ||
        (uint32_t)b->index >= w->lib->boss_count)
        return -1;
    return w->lib->bosses[b->index].spell_background;
}

int scenery_now(const world *w)
{
    int k = scenery_spell(w);
    if (k < 0)
        k = scenery_stage(w);
    return k >= 0 && k < BACKDROP_COUNT ? k : BACKDROP_DUSK;
}
