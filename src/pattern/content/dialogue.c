/*
 * dialogue: the dialogue scenes' model, shared by the world and the sandbox.
 * See dialogue.h.
 */
#include "pattern/content/dialogue.h"

#include <stdio.h>
#include <string.h>

void dialogue_reset(dialogue *d)
{
    memset(d, 0, sizeof *d);
    d->speaker = -1;
    d->side = DIALOGUE_NARRATION;
    d->shown[0] = d->shown[1] = -1;
    d->closed_at = -1;
}

/* A string of the program by a script's number, or NULL (-1, out of range). */
static const char *dialogue_string(const vm_program *prog, double v)
{
    if (!prog || !(v >= 0) || v >= prog->string_count)
        return NULL;
    return prog->strings[(uint32_t)v];
}

void dialogue_format(char *out, size_t size, const vm_program *prog, uint32_t kinds,
                     const double *parts, int nparts)
{
    size_t used = 0;
    if (size == 0)
        return;
    out[0] = 0;
    for (int k = 0; k < nparts && used + 1 < size; k++) {
        int n;
        if (kinds >> k & 1u) {
            const char *s = dialogue_string(prog, parts[k]);
            n = snprintf(out + used, size - used, "%s", s ? s : "");
        } else {
            n = snprintf(out + used, size - used, "%.10g", parts[k]);
        }
        if (n < 0)
            break;
        used += (size_t)n < size - used ? (size_t)n : size - used - 1;
    }
}

/* The index of the character a script names (a string), or -1. */
static int32_t dialogue_speaker(const library *lib, const vm_program *prog, double name)
{
    const char *s = dialogue_string(prog, name);
    return lib && s ? character_find(lib->characters, (int)lib->character_count, s) : -1;
}

void dialogue_say(dialogue *d, const library *lib, const vm_program *prog, int32_t player,
                  const double *args, int nargs, int32_t frame, int skip)
{
    if (nargs < DIALOGUE_SAY_FIXED)
        return;
    if (!d->open) {
        /* a new scene: nobody on either side yet */
        d->shown[0] = d->shown[1] = -1;
        d->scene_at = frame;
        d->scenes++;
        d->open = 1;
    }
    d->lines++;
    d->speaker = dialogue_speaker(lib, prog, args[0]);
    const character_info *c = d->speaker >= 0 ? &lib->characters[d->speaker] : NULL;
    int expression = c ? character_expression(c, dialogue_string(prog, args[1])) : -1;
    d->side = !c ? DIALOGUE_NARRATION : d->speaker == player ? DIALOGUE_LEFT : DIALOGUE_RIGHT;
    if (c) {
        d->shown[d->side] = d->speaker;
        d->shown_expr[d->side] = expression < 0 ? 0 : expression;
    }
    double kinds = args[2];
    int nparts = nargs - DIALOGUE_SAY_FIXED;
    dialogue_format(
        d->text, sizeof d->text, prog, kinds >= 0 && kinds < 4294967296.0 ? (uint32_t)kinds : 0,
        args + DIALOGUE_SAY_FIXED, nparts > DIALOGUE_PARTS_MAX ? DIALOGUE_PARTS_MAX : nparts);
    d->line_at = frame;
    d->talking = !skip;
}

void dialogue_input(dialogue *d, int shot_pressed, int skip_held, int32_t frame)
{
    if (!d->talking)
        return;
    if (skip_held || (shot_pressed && frame - d->line_at >= DIALOGUE_MIN_FRAMES))
        d->talking = 0;
}

void dialogue_end_frame(dialogue *d, int32_t frame)
{
    /* a scene whose last line was advanced (or skipped) and that said no other
     * this frame is over */
    if (d->open && !d->talking) {
        d->open = 0;
        d->closed_at = frame;
    }
}

int dialogue_active(const dialogue *d)
{
    return d->talking != 0;
}

int dialogue_revealed(const dialogue *d, int32_t frame, int speed)
{
    int n = (int)strlen(d->text);
    if (speed <= 0 || !d->talking)
        return n;
    int64_t shown = (int64_t)(frame - d->line_at) * speed / 60 + 1;
    return shown >= n ? n : shown < 0 ? 0 : (int)shown;
}
