/*
 * text: strings where text is shown. `print` joins strings and numbers with
 * '+' (no space between, where its commas put one); a title's texts and a
 * spell card's name join strings, numbers and constants, folded when the file
 * loads (a value known only at run time is a positioned error there); a
 * dialogue line joins any values (pattern/content/dialogue.h's dialogue_format, and
 * the sandbox's scene shows it). Strings are kept by value: two files that
 * spell the same text share it, whatever their order.
 */
#include "../check.h"
#include "pattern/content/dialogue.h"
#include "pattern/content/library.h"
#include "pattern/objects/sandbox.h"

#include <string.h>

static diag_list diags;

static library *compile(const char *src)
{
    library_file f = {"text.pat", src, strlen(src)};
    diag_free(&diags);
    diag_init(&diags);
    library *lib = library_compile(&f, 1, &diags);
    if (!lib)
        diag_print(&diags, stderr);
    return lib;
}

/* Whether the program keeps a string equal to s. */
static int has_string(const library *lib, const char *s)
{
    for (uint32_t i = 0; i < lib->prog->string_count; i++)
        if (strcmp(lib->prog->strings[i], s) == 0)
            return 1;
    return 0;
}

static const char *const src =
    "const STAGE = 2\n"
    "character fox { name \"Fox\" }\n"
    "boss b {\n"
    "    phase \"Fox Sign: \" + STAGE * 2 + \" Lanterns\" spell time 600 {\n"
    "        wait 600\n"
    "    }\n"
    "}\n"
    "stage s {\n"
    "    title \"Stage \" + STAGE \"the \" + STAGE + \"nd wood\"\n"
    "    var i = 7\n"
    "    print \"wave \" + i + \"!\", i, \"x\"\n"
    "    print \"plain\", i\n"
    "    say fox \"I have \" + i * 3 + \" tails and \" + (i + 1) + \" lanterns.\"\n"
    "    boss b\n"
    "}\n";

/* print, title and a spell card's name, as the sandbox and the tables show them. */
static void test_join(void)
{
    library *lib = compile(src);
    CHECK(lib != NULL);
    if (!lib)
        return;
    CHECK(has_string(lib, "Stage 2"));
    CHECK(has_string(lib, "the 2nd wood"));
    CHECK(strcmp(lib->bosses[0].phases[0].title, "Fox Sign: 4 Lanterns") == 0);
    sandbox_config cfg;
    sandbox_config_default(&cfg);
    sandbox *sb = sandbox_create(&cfg);
    CHECK(sb && sandbox_start(sb, lib, library_find(lib, "s"), NULL) == 0);
    for (int k = 0; sb && k < 5; k++)
        sandbox_step(sb);
    CHECK(sb && sandbox_print_count(sb) == 2);
    CHECK(sb && strstr(sandbox_print_line(sb, 1), "wave 7! 7 x") != NULL);
    CHECK(sb && strstr(sandbox_print_line(sb, 0), "plain 7") != NULL);
    /* the line said: its parts joined, the script waiting on it */
    const dialogue *d = sb ? sandbox_dialogue(sb) : NULL;
    CHECK(d && dialogue_active(d));
    CHECK(d && strcmp(d->text, "I have 21 tails and 8 lanterns.") == 0);
    CHECK(d && d->side == DIALOGUE_RIGHT && d->speaker == 0);
    sandbox_input(sb, 1, 0); /* too soon: the line stays */
    sandbox_step(sb);
    CHECK(d && dialogue_active(d));
    for (int k = 0; sb && k < DIALOGUE_MIN_FRAMES; k++)
        sandbox_step(sb);
    sandbox_input(sb, 1, 0);
    sandbox_step(sb);
    CHECK(d && !dialogue_active(d));
    sandbox_destroy(sb);
    library_free(lib);
}

/* dialogue_format: strings as they are, numbers as %.10g, cut to the size. */
static void test_format(void)
{
    library *lib = compile(src);
    if (!lib)
        return;
    double parts[3] = {-1, 2.5, -1};
    for (uint32_t i = 0; i < lib->prog->string_count; i++)
        if (strcmp(lib->prog->strings[i], "I have ") == 0)
            parts[0] = parts[2] = i;
    char out[64];
    dialogue_format(out, sizeof out, lib->prog, 5u, parts, 3);
    CHECK(strcmp(out, "I have 2.5I have ") == 0);
    char small[6];
    dialogue_format(small, sizeof small, lib->prog, 5u, parts, 3);
    CHECK(strcmp(small, "I hav") == 0);
    library_free(lib);
}

/* A title's value known only at run time: positioned, with the way out. */
static void test_errors(void)
{
    CHECK(compile("stage s {\n    var i = 1\n    title \"a\" + i\n}\n") == NULL);
    int found = 0;
    for (int i = 0; i < diags.count; i++)
        found |= strstr(diags.items[i].text, "text.pat:3:17: a title's or spell card's text is "
                                             "known when the file loads") != NULL;
    CHECK(found);
    CHECK(compile("stage s {\n    say \"a\" + \"b\" + 1 + 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9 + 10 + "
                  "11\n}\n") == NULL);
}

int main(void)
{
    diag_init(&diags);
    test_join();
    test_format();
    test_errors();
    diag_free(&diags);
    return check_done("pattern.text");
}
