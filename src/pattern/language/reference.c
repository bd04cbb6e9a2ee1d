/*
 * reference: the meaning of every word of the pattern language. See reference.h.
 */
#include "pattern/language/reference.h"

#include "pattern/language/words.h"
#include "sim/bullet_kind.h"
#include "sim/sound.h"

#include <stdio.h>
#include <string.h>

/* The rows of pattern/language/words.h's table, and its verb statements, whose
 * operands make how they are written (reference_syntax). */
static const reference_row reference_table[] = {
#define REFERENCE_ROW(kind, class, word, syntax, doc) \
    {REF_##kind, word, syntax, doc, NULL, WORD_WHERE_ANY},
    WORDS(REFERENCE_ROW)
#undef REFERENCE_ROW
#define REFERENCE_VERB_ROW(id, word, operands, how, where, doc) \
    {REF_STATEMENT, word, NULL, doc, operands, WORD_WHERE_##where},
        WORD_VERBS(REFERENCE_VERB_ROW)
#undef REFERENCE_VERB_ROW
};
#define REFERENCE_COUNT ((int)(sizeof reference_table / sizeof reference_table[0]))

static const char *const reference_kind_names[] = {
#define REFERENCE_KIND_NAME(id, what) what,
    REFERENCE_KINDS(REFERENCE_KIND_NAME)
#undef REFERENCE_KIND_NAME
};

typedef struct reference_shape {
    const char *name;
    float radius;
    int rotates, size;
} reference_shape;

static const reference_shape reference_shapes[] = {
#define REFERENCE_SHAPE(id, name, radius, rotates, size) {name, radius, rotates, size},
    BULLET_SHAPES(REFERENCE_SHAPE)
#undef REFERENCE_SHAPE
};

static const char *const reference_colours[] = {
#define REFERENCE_COLOUR(id, name) name,
    BULLET_COLORS(REFERENCE_COLOUR)
#undef REFERENCE_COLOUR
};

const reference_row *reference_rows(int *count)
{
    *count = REFERENCE_COUNT;
    return reference_table;
}

size_t reference_syntax(const reference_row *row, char *out, size_t size)
{
    if (row->syntax)
        return (size_t)snprintf(out, size, "%s", row->syntax);
    /* a verb statement's operands: "e" a value, "t" a name or string, "T" an optional one */
    const char *ops = row->operands ? row->operands : "";
    const char *e = strchr(ops, 'e') ? " EXPR" : "";
    const char *t = strchr(ops, 't') ? (strchr(ops, 'T') ? " \"TEXT\"" : " NAME") : "";
    const char *opt = strchr(ops, 'T') ? " [\"TEXT\"]" : "";
    return (size_t)snprintf(out, size, "%s%s%s%s", row->word, e, t, opt);
}

const char *reference_kind_name(reference_kind kind)
{
    return kind >= 0 && kind < REF_KIND_COUNT ? reference_kind_names[kind] : "?";
}

static const reference_shape *reference_find_shape(const char *word)
{
    for (int i = 0; i < BULLET_SHAPE_COUNT; i++)
        if (strcmp(reference_shapes[i].name, word) == 0)
            return &reference_shapes[i];
    return NULL;
}

static int reference_is_colour(const char *word)
{
    for (int i = 0; i < BULLET_COLOR_COUNT; i++)
        if (strcmp(reference_colours[i], word) == 0)
            return 1;
    return 0;
}

int reference_has(const char *word, reference_kind kind)
{
    if (kind == REF_SHAPE)
        return reference_find_shape(word) != NULL;
    if (kind == REF_COLOUR)
        return reference_is_colour(word);
    if (kind == REF_SOUND)
        return sound_by_name(word) >= 0;
    for (int i = 0; i < REFERENCE_COUNT; i++)
        if (reference_table[i].kind == kind && strcmp(reference_table[i].word, word) == 0)
            return 1;
    return 0;
}

/* Appends text to out at *used, truncating; *used counts what was needed. */
static void reference_append(char *out, size_t size, size_t *used, const char *text)
{
    size_t n = strlen(text);
    if (*used < size) {
        size_t room = size - *used - 1;
        memcpy(out + *used, text, n < room ? n : room);
        out[*used + (n < room ? n : room)] = '\0';
    }
    *used += n;
}

/* One row's paragraph: its kind, how it is written, where it stands (a verb
 * statement's), what it does. */
static void reference_describe_row(const reference_row *r, int after, char *out, size_t size,
                                   size_t *used)
{
    char syntax[128], part[1024];
    reference_syntax(r, syntax, sizeof syntax);
    snprintf(part, sizeof part, "%s**%s** `%s`\n\n%s%s\n", after ? "\n" : "",
             reference_kind_names[r->kind], syntax, words_where_hover((words_where)r->where),
             r->doc);
    reference_append(out, size, used, part);
}

int reference_describe(const char *word, char *out, size_t size)
{
    size_t used = 0;
    int rows = 0;
    char part[1024];
    if (size)
        out[0] = '\0';
    /* kind by kind (declaration, statement, clause, value, ...), as the page lists them */
    for (int k = 0; k < REF_KIND_COUNT; k++)
        for (int i = 0; i < REFERENCE_COUNT; i++)
            if ((int)reference_table[i].kind == k && strcmp(reference_table[i].word, word) == 0)
                reference_describe_row(&reference_table[i], rows++, out, size, &used);
    const reference_shape *s = reference_find_shape(word);
    if (s) {
        snprintf(part, sizeof part,
                 "%s**bullet shape** `%s`\n\nHit radius %.1f px, drawn %d px; %s. Written after "
                 "`fire`: `fire %s`.\n",
                 rows ? "\n" : "", word, (double)s->radius, s->size,
                 s->rotates ? "the sprite turns with the bullet's heading" : "a round sprite",
                 s->name);
        reference_append(out, size, &used, part);
        rows++;
    }
    int sound = sound_by_name(word);
    if (sound >= 0) {
        snprintf(part, sizeof part,
                 "%s**sound effect** `%s`\n\nBuilt in: %s. Written after `sound`: `sound %s`.\n",
                 rows ? "\n" : "", word, sound_docs[sound], word);
        reference_append(out, size, &used, part);
        rows++;
    }
    if (reference_is_colour(word)) {
        snprintf(part, sizeof part,
                 "%s**bullet colour** `%s`\n\nWritten after the shape: `fire orb %s`.\n",
                 rows ? "\n" : "", word, word);
        reference_append(out, size, &used, part);
        rows++;
    }
    return rows;
}
