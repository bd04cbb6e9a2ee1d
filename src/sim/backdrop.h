/*
 * backdrop: the scenes drawn behind the field (`background NAME` in a stage,
 * `spell_background NAME` in a boss).
 *
 * Shared by the pattern compiler, which refuses a name that is none of these,
 * and the renderer (render/backdrop_view), which draws each in code: layers
 * that scroll at their own speeds, colour and motion, a function of the frame
 * count alone. A backdrop is never part of the simulation: no state hash or
 * replay sees it. A new backdrop is a row here and a drawing in
 * render/backdrop_view.c (render.backdrop checks each row draws).
 *
 *   id          name in patterns  what it shows
 */
#ifndef CURTAIN_SIM_BACKDROP_H
#define CURTAIN_SIM_BACKDROP_H

#include <stdint.h>
#include <string.h>

/* clang-format off */
#define BACKDROPS(X)                                                                   \
    X(DUSK,        "dusk",        "stage 1: lanterns drifting up a violet dusk sky")     \
    X(DUSK_BOSS,   "dusk_boss",   "stage 1's boss: the dusk deepens, the lanterns burn red") \
    X(DUSK_SPELL,  "dusk_spell",  "Kagari's spell cards: a theatre curtain of light")    \
    X(LAKE,        "lake",        "stage 2: a lake at night, the moon on the water, mist") \
    X(LAKE_BOSS,   "lake_boss",   "stage 2's boss: the moon rises full, fireflies swarm") \
    X(LAKE_SPELL,  "lake_spell",  "stage 2's boss's spell cards: rings on moonlit water") \
    X(SPIRE,       "spire",       "stage 3: girders and gears of a clockwork spire at dawn") \
    X(SPIRE_BOSS,  "spire_boss",  "stage 3's boss: the spire's top, a great gear, sunrise") \
    X(SPIRE_SPELL, "spire_spell", "the final boss's spell cards: a turning clock face")
/* clang-format on */

typedef enum backdrop {
#define BACKDROP_ENUM(id, name, doc) BACKDROP_##id,
    BACKDROPS(BACKDROP_ENUM)
#undef BACKDROP_ENUM
    BACKDROP_COUNT
} backdrop;

static const char *const backdrop_names[BACKDROP_COUNT] = {
#define BACKDROP_NAME(id, name, doc) name,
    BACKDROPS(BACKDROP_NAME)
#undef BACKDROP_NAME
};

/* What each shows, for the editor's hover. */
static const char *const backdrop_docs[BACKDROP_COUNT] = {
#define BACKDROP_DOC(id, name, doc) doc,
    BACKDROPS(BACKDROP_DOC)
#undef BACKDROP_DOC
};

/* Data backdrops: a pattern file's `backdrop NAME { layer ... spell { layer ... } }`
 * (pattern/content/backdrop_decl.h collects them, render/backdrop_art.h draws them). The
 * k-th declared one is the backdrop id BACKDROP_COUNT + 2k, its spell variant
 * the id after it (the same layers when it declares none): ids past the nine
 * drawn in code, so those keep theirs. Bounds, documented in docs/patterns.md: */
#define BACKDROP_MAX_DECLARED 16   /* data backdrops a library may declare */
#define BACKDROP_MAX_LAYERS   8    /* layers of one backdrop, and of its spell variant */
#define BACKDROP_MAX_SHEETS   32   /* different sheets the data backdrops read */
#define BACKDROP_MAX_SHEET    1024 /* the most pixels a side of a sheet has */
#define BACKDROP_MIN_TILE     16   /* the least pixels a side of a tile has, drawn */
#define BACKDROP_ID_CAPACITY  (BACKDROP_COUNT + 2 * BACKDROP_MAX_DECLARED)

/* The id of declared backdrop k (its spell variant with spell = 1). */
static inline int backdrop_data_id(int k, int spell)
{
    return BACKDROP_COUNT + 2 * k + (spell ? 1 : 0);
}

/* The id a card shows for backdrop id: a declared one's spell variant, else id. */
static inline int backdrop_spell_variant(int id)
{
    return id >= BACKDROP_COUNT ? backdrop_data_id((id - BACKDROP_COUNT) / 2, 1) : id;
}

/* One layer of a data backdrop: a fill or a picture, drawn over the layers
 * before it. Every motion is a function of the run's frame count t. */
typedef struct backdrop_layer {
    int sheet;                 /* the sheet's index (backdrop_sheet), or -1: a fill */
    uint8_t top[3], bottom[3]; /* a fill's colour at the top and at the bottom */
    uint8_t tint[3];           /* a picture's colour multiplied by this */
    uint8_t additive;          /* its light added to what is below */
    uint8_t placed;            /* one copy centred at (x, y); else tiled over the field */
    float x, y;                /* placed: its centre in field pixels; tiled: an offset */
    float scroll_x, scroll_y;  /* pixels a frame */
    float angle, turn;         /* degrees, and degrees a frame (about its centre) */
    float scale;               /* of the picture */
    float alpha;               /* opacity, 0..1 */
    float fade;                /* frames of one fade out and back in; 0: steady */
} backdrop_layer;

/* One declared backdrop: its layers, bottom first, and its spell variant's. */
typedef struct backdrop_scene {
    const char *name;
    backdrop_layer layers[BACKDROP_MAX_LAYERS];
    int nlayers;
    backdrop_layer spell[BACKDROP_MAX_LAYERS];
    int nspell; /* 0: the spell variant is the backdrop itself */
} backdrop_scene;

/* A sheet some layer reads, and where it is first named (for errors). */
typedef struct backdrop_sheet {
    const char *path; /* the declaring file's folder joined with the path */
    const char *root; /* that folder: the sheet must lie inside it */
    const char *file; /* the declaring file */
    unsigned line, col;
} backdrop_sheet;

/* The layers backdrop id shows among n scenes (*count set), or NULL: a code-drawn
 * one or an id of none. */
static inline const backdrop_layer *backdrop_scene_layers(const backdrop_scene *scenes, int n,
                                                          int id, int *count)
{
    int k = (id - BACKDROP_COUNT) / 2;
    if (id < BACKDROP_COUNT || k >= n || !scenes)
        return NULL;
    const backdrop_scene *s = &scenes[k];
    int spell = (id - BACKDROP_COUNT) % 2 && s->nspell > 0;
    *count = spell ? s->nspell : s->nlayers;
    return spell ? s->spell : s->layers;
}

/* The backdrop called name, or -1. */
static inline int backdrop_by_name(const char *name)
{
    for (int i = 0; name && i < BACKDROP_COUNT; i++)
        if (strcmp(backdrop_names[i], name) == 0)
            return i;
    return -1;
}

#endif
