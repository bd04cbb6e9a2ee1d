/*
 * words: the verb statements' rows, made from the word table. See words.h.
 */
#include "pattern/language/words.h"

#include "pattern/vm/vm.h"

/* ACT: the VM verb of the row's id; CUE: none. */
#define WORDS_HOW_ACT(id) VM_VERB_##id
#define WORDS_HOW_CUE(id) -1

const words_verb words_verbs[VS_COUNT] = {
#define WORDS_VERB_ROW(id, word, operands, how, where, doc) \
    {word, operands, WORDS_HOW_##how(id), WORD_WHERE_##where, doc},
    WORD_VERBS(WORDS_VERB_ROW)
#undef WORDS_VERB_ROW
};

static const char *const words_where_hovers[] = {
#define WORDS_WHERE_HOVER(id, hover) hover,
    WORD_WHERES(WORDS_WHERE_HOVER)
#undef WORDS_WHERE_HOVER
};

const char *words_where_hover(words_where where)
{
    return where >= 0 && where < WORD_WHERE_COUNT ? words_where_hovers[where] : "";
}
