/*
 * difficulty: the levels' names and ranks. See difficulty.h.
 */
#include "game/difficulty.h"

#include <strings.h>

const char *difficulty_name(int d)
{
    static const char *const names[] = {
#define DIFFICULTY_NAME(id, name, rank) name,
        DIFFICULTIES(DIFFICULTY_NAME)
#undef DIFFICULTY_NAME
    };
    return d >= 0 && d < DIFFICULTY_COUNT ? names[d] : "?";
}

double difficulty_rank(int d)
{
    static const double ranks[] = {
#define DIFFICULTY_RANK(id, name, rank) rank,
        DIFFICULTIES(DIFFICULTY_RANK)
#undef DIFFICULTY_RANK
    };
    return d >= 0 && d < DIFFICULTY_COUNT ? ranks[d] : 0.0;
}

int difficulty_from_name(const char *name)
{
    for (int d = 0; d < DIFFICULTY_COUNT; d++)
        if (strcasecmp(name, difficulty_name(d)) == 0)
            return d;
    return -1;
}
