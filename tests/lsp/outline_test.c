/*
 * outline: a file's declarations from its tokens: names and kinds, parameters
 * (only those of the list right after a declaration's name), a boss's phases
 * with their titles, variables, doc comments, ranges, and a broken file.
 */
#include "../check.h"
#include "lsp/outline.h"

static const char text[] = "const N = max(3, k)\n"
                           "\n"
                           "# Fires a ring.\n"
                           "#  count: bullets.\n"
                           "pattern burst(count = min(8, 9), spin_by) {\n"
                           "    var a = 1\n"
                           "    repeat count as i { fire orb at a + i }\n"
                           "}\n"
                           "boss b {\n"
                           "    phase \"Sign: Card\" spell { run burst(1, 2) }\n"
                           "    phase time 10 { wait 1 }\n"
                           "}\n";

static const outline_symbol *find(const outline *o, outline_kind kind, const char *name)
{
    for (int i = 0; i < o->count; i++)
        if (o->symbols[i].kind == kind && strcmp(o->symbols[i].name, name) == 0)
            return &o->symbols[i];
    return NULL;
}

int main(void)
{
    outline o;
    CHECK(outline_build(&o, text, sizeof text - 1) == 0);
    const outline_symbol *n = find(&o, OUTLINE_DECL, "N");
    CHECK(n && strcmp(n->keyword, "const") == 0 && n->nparams == 0);
    CHECK(find(&o, OUTLINE_PARAM, "k") == NULL); /* an argument of max(), not a parameter */
    const outline_symbol *burst = find(&o, OUTLINE_DECL, "burst");
    CHECK(burst && burst->nparams == 2);
    CHECK(find(&o, OUTLINE_PARAM, "count") && find(&o, OUTLINE_PARAM, "spin_by"));
    CHECK(find(&o, OUTLINE_LOCAL, "a") && find(&o, OUTLINE_LOCAL, "i"));
    if (burst) {
        CHECK(strncmp(text + burst->doc_start, "# Fires a ring.\n#  count: bullets.\n",
                      burst->doc_end - burst->doc_start) == 0);
        CHECK(burst->doc_end - burst->doc_start == 35);
        CHECK(text[burst->end - 1] == '}');
        CHECK(text[burst->head_end] == '{');
        CHECK(memcmp(text + burst->name_start, "burst", 5) == 0);
        size_t in_body = (size_t)(strstr(text, "fire orb") - text);
        CHECK(outline_decl_at(&o, in_body) == (int)(burst - o.symbols));
        CHECK(outline_local_at(&o, text, in_body, "i", 1) >= 0);
        CHECK(outline_local_at(&o, text, burst->head_end, "a", 1) < 0); /* not yet declared */
    }
    const outline_symbol *card = find(&o, OUTLINE_PHASE, "Sign: Card");
    CHECK(card && card->spell);
    const outline_symbol *second = find(&o, OUTLINE_PHASE, "phase 2");
    CHECK(second && !second->spell);
    CHECK(find(&o, OUTLINE_PARAM, "1") == NULL);
    CHECK_EQ_INT(outline_find_decl(&o, "b", 1) >= 0, 1);
    outline_free(&o);

    /* a broken file: unclosed braces and strings, stray tokens; still its declarations */
    static const char broken[] = "pattern p(a, { \"oops\n}} enemy e(x) { var } \x01 stage s {";
    CHECK(outline_build(&o, broken, sizeof broken - 1) == 0);
    CHECK(find(&o, OUTLINE_DECL, "p") && find(&o, OUTLINE_DECL, "e") &&
          find(&o, OUTLINE_DECL, "s"));
    CHECK(find(&o, OUTLINE_PARAM, "x") != NULL);
    outline_free(&o);
    return check_done("lsp.outline");
}
