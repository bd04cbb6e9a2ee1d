/*
 * character: who speaks, with a portrait per expression (pattern/content/character.h).
 * The table keeps the declared names, colours and portraits (art shape ids);
 * bosses and ships name their character; portraits may be larger than a
 * bullet's frame but are never fired; every bad declaration or unknown name is
 * a positioned error with a did-you-mean.
 */
#include "../check.h"
#include "pattern/content/library.h"

#include <string.h>

static diag_list diags;

static library *compile(const char *src)
{
    library_file f = {"mod/test.pat", src, strlen(src)};
    diag_free(&diags);
    diag_init(&diags);
    return library_compile(&f, 1, &diags);
}

/* Whether diags holds a diagnostic whose text contains want. */
static int has(const char *want)
{
    for (int i = 0; i < diags.count; i++)
        if (strstr(diags.items[i].text, want))
            return 1;
    fprintf(stderr, "no diagnostic contains \"%s\"; got:\n", want);
    diag_print(&diags, stderr);
    return 0;
}

static const char *const art = "art faces \"faces.png\" {\n"
                               "    shape miko_normal frame 256 384 at 0 0 portrait\n"
                               "    shape miko_smile frame 256 384 at 256 0 portrait\n"
                               "    shape petal frame 16 16 at 0 384 hitbox 3\n"
                               "}\n";

/* The table and the lookups: names, the display name, the colour, the
 * portraits in order (the first is the default), bosses and ships naming theirs. */
static void test_table(void)
{
    char src[2048];
    snprintf(src, sizeof src,
             "%scharacter miko {\n    name \"Miko the Shrine Maiden\"\n    colour 230 60 80\n"
             "    portrait normal miko_normal\n    portrait smile miko_smile\n}\n"
             "character narrator { }\n"
             "boss b {\n    character miko\n    phase { wait 1 }\n}\n"
             "ship s {\n    character miko\n    shot 1 { fire petal }\n}\n"
             "ship t {\n    shot 1 { wait 1 }\n}\n",
             art);
    library *lib = compile(src);
    CHECK(lib != NULL);
    if (!lib)
        return;
    CHECK_EQ_U64(lib->character_count, 2);
    const character_info *c = library_find_character(lib, "miko");
    CHECK(c != NULL && strcmp(c->title, "Miko the Shrine Maiden") == 0);
    CHECK(c && c->rgb[0] == 230 && c->rgb[1] == 60 && c->rgb[2] == 80);
    CHECK(c && c->portrait_count == 2);
    CHECK_EQ_INT(character_portrait_shape(c, "smile"), BULLET_SHAPE_COUNT + 1);
    CHECK_EQ_INT(character_portrait_shape(c, NULL), BULLET_SHAPE_COUNT);
    CHECK_EQ_INT(character_portrait_shape(c, "angry"), -1);
    CHECK_EQ_INT(character_expression(c, "smile"), 1);
    CHECK(strcmp(character_suggest_expression(c, "smlie"), "smile") == 0);
    const character_info *n = library_find_character(lib, "narrator");
    CHECK(n && strcmp(n->title, "narrator") == 0 && n->portrait_count == 0);
    CHECK_EQ_INT(character_portrait_shape(n, NULL), -1);
    CHECK(library_find_character(lib, "reimu") == NULL);
    CHECK(library_character_at(lib, lib->bosses[0].character) == c);
    int s = library_find_ship(lib, "s"), t = library_find_ship(lib, "t");
    CHECK(library_character_at(lib, lib->ships[s].character) == c);
    CHECK_EQ_INT(lib->ships[t].character, -1);
    CHECK(library_character_at(lib, library_fallback_ship()->character) == NULL);
    CHECK(lib->art[0].portrait && lib->art[0].w == 256 && lib->art[0].h == 384);
    library_free(lib);
}

/* Each mistake: positioned, with a hint where a name is near one declared. */
static void test_errors(void)
{
    char src[2048];
    /* an unknown character in a boss and a ship */
    snprintf(src, sizeof src,
             "%scharacter miko { portrait normal miko_normal }\n"
             "boss b {\n    character mkio\n    phase { wait 1 }\n}\n"
             "ship s {\n    character nobody\n}\n",
             art);
    CHECK(compile(src) == NULL);
    CHECK(has("mod/test.pat:8:15: unknown character 'mkio' (did you mean 'miko'?)"));
    CHECK(has("mod/test.pat:12:15: unknown character 'nobody'"));
    /* a portrait naming an unknown shape, a built-in one; a twice-given expression */
    snprintf(src, sizeof src,
             "%scharacter miko {\n    portrait normal miko_normal\n    portrait orb orb\n"
             "    portrait normal miko_smile\n    portrait angry miko_nromal\n"
             "    colour 300 0 0\n}\n",
             art);
    CHECK(compile(src) == NULL);
    CHECK(has("mod/test.pat:8:18: a portrait cannot be the built-in shape 'orb'"));
    CHECK(has("mod/test.pat:9:14: the expression 'normal' is given twice"));
    CHECK(has("mod/test.pat:10:20: unknown art shape 'miko_nromal' (did you mean "
              "'miko_normal'?)"));
    CHECK(has("mod/test.pat:11:12: a colour is three whole numbers"));
    /* a portrait too large, one that turns, one fired as a bullet; a bullet
     * shape larger than a bullet's bound */
    CHECK(compile("art a \"a.png\" {\n    shape big frame 513 384 portrait\n"
                  "    shape spin frame 64 64 portrait turns\n"
                  "    shape huge frame 256 256 hitbox 3\n}\n") == NULL);
    CHECK(has("mod/test.pat:2:21: a portrait's width must be a whole number of pixels "
              "from 1 to 512"));
    CHECK(has("mod/test.pat:3:28: a portrait does not turn"));
    CHECK(has("mod/test.pat:4:22: a frame's width must be a whole number of pixels "
              "from 1 to 128"));
    snprintf(src, sizeof src, "%spattern p { fire miko_smile }\n", art);
    CHECK(compile(src) == NULL);
    CHECK(has("mod/test.pat:6:18: 'miko_smile' is a portrait"));
    /* two characters of one name; a property given twice */
    CHECK(compile("character a { }\ncharacter a { name \"x\" name \"y\" }\n") == NULL);
    CHECK(has("mod/test.pat:2:1: the character 'a' is declared twice"));
    CHECK(has("'name' is given twice"));
    /* a missing brace before the next declaration does not swallow it */
    CHECK(compile("character a {\n    name \"A\"\ncharacter b { }\n") == NULL);
    CHECK(diags.errors >= 1);
}

int main(void)
{
    diag_init(&diags);
    test_table();
    test_errors();
    diag_free(&diags);
    return check_done("pattern.character");
}
