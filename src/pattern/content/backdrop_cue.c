/*
 * backdrop_cue: the backdrop a host shows. See backdrop_cue.h.
 */
#include "pattern/content/backdrop_cue.h"

#include "sim/backdrop.h"

backdrop_cue_place backdrop_cue_nowhere(void)
{
    return (backdrop_cue_place){UINT32_MAX, UINT32_MAX, 0, -1, -1};
}

int backdrop_cue_at(const vm_program *p, uint32_t pc)
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

uint32_t backdrop_cue_boss_entrance(const vm_program *p, int32_t b)
{
    for (uint32_t k = 0; p && k < p->ref_count; k++) {
        uint32_t pc = p->refs[k].pc;
        if (p->refs[k].kind != VM_REF_BOSS || pc >= p->code_count)
            continue;
        uint32_t c = VM_GET_AX(p->code[pc]);
        if (c < p->const_count && p->consts[c] == (double)b)
            return pc;
    }
    return UINT32_MAX;
}

int backdrop_cue_stage(const library *lib, const backdrop_cue_place *at)
{
    if (!lib || !lib->prog)
        return -1;
    const vm_program *p = lib->prog;
    if (at->boss_alone >= 0) {
        uint32_t pc = backdrop_cue_boss_entrance(p, at->boss_alone);
        return pc == UINT32_MAX ? -1 : backdrop_cue_at(p, pc);
    }
    if (at->stage_pc != UINT32_MAX)
        return backdrop_cue_at(p, at->stage_pc);
    /* the script is over (or not begun): its last cue, if it ended */
    if (!at->stage_done || at->stage_func >= p->func_count)
        return -1;
    const vm_func *f = &p->funcs[at->stage_func];
    return f->end > f->pc ? backdrop_cue_at(p, f->end - 1) : -1;
}

int backdrop_cue_spell(const library *lib, const backdrop_cue_place *at)
{
    if (!lib || at->spell_boss < 0 || (uint32_t)at->spell_boss >= lib->boss_count)
        return -1;
    int k = lib->bosses[at->spell_boss].spell_background;
    return backdrop_spell_variant(k); /* a declared one's spell variant */
}

int backdrop_cue_now(const library *lib, const backdrop_cue_place *at)
{
    int k = backdrop_cue_spell(lib, at);
    if (k < 0) {
        k = backdrop_cue_stage(lib, at);
        /* a card of a boss without its own spell backdrop: a declared stage
         * backdrop's spell variant */
        if (at->spell_boss >= 0)
            k = backdrop_spell_variant(k);
    }
    int known = BACKDROP_COUNT + 2 * (lib ? (int)lib->backdrop_count : 0);
    return k >= 0 && k < known ? k : BACKDROP_DUSK;
}
