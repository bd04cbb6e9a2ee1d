/*
 * ease: see ease.h.
 */
#include "core/ease.h"

#include <string.h>

static const char *const ease_names[] = {
#define EASE_NAME(id, name, curve) name,
    EASES(EASE_NAME)
#undef EASE_NAME
};

double ease_curve(ease_kind e, double u)
{
    if (!(u > 0.0))
        u = 0.0;
    else if (u > 1.0)
        u = 1.0;
    switch (e) {
    case EASE_SMOOTH: return u * u * (3.0 - 2.0 * u);
    case EASE_IN: return u * u;
    case EASE_OUT: return 1.0 - (1.0 - u) * (1.0 - u);
    default: return u;
    }
}

const char *ease_name(ease_kind e)
{
    return (unsigned)e < EASE_COUNT ? ease_names[e] : NULL;
}

int ease_lookup(const char *name, unsigned n)
{
    for (int e = 0; e < EASE_COUNT; e++)
        if (strlen(ease_names[e]) == n && memcmp(ease_names[e], name, n) == 0)
            return e;
    return -1;
}
