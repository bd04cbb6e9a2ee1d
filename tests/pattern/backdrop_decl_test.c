/*
 * backdrop_decl: a mod's data backdrops (pattern/content/backdrop_decl.h). The
 * declarations give ids past the nine drawn in code, which keep theirs; the
 * layers hold what was written (defaults where nothing was), sheets joined with
 * the file's folder and shared; `background` and `spell_background` cue them
 * as they do the built-ins, and a card shows a declared backdrop's spell
 * variant; a cue adds no code (the content hash, which hashes the code, stays);
 * every bad declaration is a positioned error; lint's sheet check finds a sheet
 * missing, outside its folder, no PNG or too large.
 *
 * usage: test_pattern.backdrop_decl SCRATCH_DIR
 */
#include "../check.h"
#include "core/file.h"
#include "pattern/content/backdrop_cue.h"
#include "pattern/content/backdrop_decl.h"
#include "pattern/content/library.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

static diag_list diags;

static library *compile_as(const char *path, const char *src)
{
    library_file f = {path, src, strlen(src)};
    diag_free(&diags);
    diag_init(&diags);
    return library_compile(&f, 1, &diags);
}

static library *compile(const char *src)
{
    return compile_as("mod/test.pat", src);
}

/* Whether diags holds a diagnostic whose text contains want, at line:col. */
static int has_at(const char *want, uint32_t line, uint32_t col)
{
    for (int i = 0; i < diags.count; i++)
        if (strstr(diags.items[i].text, want) && diags.items[i].line == line &&
            diags.items[i].col == col)
            return 1;
    fprintf(stderr, "no diagnostic at %u:%u contains \"%s\"; got:\n", line, col, want);
    diag_print(&diags, stderr);
    return 0;
}

static const char *const sky = "backdrop sky {\n"
                               "    layer fill gradient (10, 20, 30) (40, 50, 60)\n"
                               "    layer \"art/clouds.png\" tile scroll 0.5 -1 alpha 0.5\n"
                               "    layer \"art/moon.png\" at (300, 80) turn 0.1 scale 2 "
                               "tint (255, 128, 0) fade 120 additive\n"
                               "    spell {\n"
                               "        layer fill (60, 0, 20)\n"
                               "        layer \"art/clouds.png\" rotate 45\n"
                               "    }\n"
                               "}\n"
                               "backdrop plain { layer fill (1, 2, 3) }\n";

/* The table: ids after the built-ins, the layers as written, defaults, the
 * sheets joined with the folder and shared between layers. */
static void test_table(void)
{
    char src[2048];
    snprintf(src, sizeof src, "%sstage s { background sky\n wait 10 }\n", sky);
    library *lib = compile(src);
    CHECK(lib != NULL && diags.count == 0);
    if (!lib)
        return;
    CHECK_EQ_U64(lib->backdrop_count, 2);
    CHECK_EQ_U64(lib->backdrop_sheet_count, 2);
    CHECK(strcmp(lib->backdrop_sheets[0].path, "mod/art/clouds.png") == 0);
    CHECK(strcmp(lib->backdrop_sheets[0].root, "mod") == 0);
    CHECK(strcmp(lib->backdrop_sheets[1].path, "mod/art/moon.png") == 0);
    CHECK(lib->backdrop_sheets[1].line == 4 && lib->backdrop_sheets[1].col == 11);
    const backdrop_scene *s = &lib->backdrops[0];
    CHECK(strcmp(s->name, "sky") == 0);
    CHECK_EQ_INT(s->nlayers, 3);
    CHECK_EQ_INT(s->nspell, 2);
    CHECK(s->layers[0].sheet == -1 && s->layers[0].top[2] == 30 && s->layers[0].bottom[0] == 40);
    const backdrop_layer *clouds = &s->layers[1], *moon = &s->layers[2];
    CHECK(clouds->sheet == 0 && !clouds->placed && clouds->scroll_x == 0.5f &&
          clouds->scroll_y == -1.0f && clouds->alpha == 0.5f);
    CHECK(clouds->scale == 1.0f && clouds->tint[0] == 255 && !clouds->additive); /* defaults */
    CHECK(moon->sheet == 1 && moon->placed && moon->x == 300 && moon->y == 80);
    CHECK(moon->turn == 0.1f && moon->scale == 2.0f && moon->tint[1] == 128 && moon->tint[2] == 0);
    CHECK(moon->fade == 120.0f && moon->additive && moon->alpha == 1.0f);
    CHECK(s->spell[1].sheet == 0 && s->spell[1].angle == 45.0f); /* the sheet shared */
    CHECK_EQ_INT(backdrop_decl_find(lib->backdrops, 2, "plain"), backdrop_data_id(1, 0));
    CHECK_EQ_INT(backdrop_decl_find(lib->backdrops, 2, "lake"), BACKDROP_LAKE);
    CHECK_EQ_INT(backdrop_decl_find(lib->backdrops, 2, "nothing"), -1);
    /* the layers an id shows: its own, its spell variant's, the plain one's own
     * for its spell variant (it declares none) */
    int n = 0;
    CHECK(backdrop_scene_layers(lib->backdrops, 2, backdrop_data_id(0, 0), &n) == s->layers &&
          n == 3);
    CHECK(backdrop_scene_layers(lib->backdrops, 2, backdrop_data_id(0, 1), &n) == s->spell &&
          n == 2);
    CHECK(backdrop_scene_layers(lib->backdrops, 2, backdrop_data_id(1, 1), &n) ==
              lib->backdrops[1].layers &&
          n == 1);
    CHECK(backdrop_scene_layers(lib->backdrops, 2, BACKDROP_LAKE, &n) == NULL);
    CHECK(backdrop_scene_layers(lib->backdrops, 2, backdrop_data_id(2, 0), &n) == NULL);
    /* the cue names the declared id */
    CHECK_EQ_U64(lib->prog->cue_count, 1);
    CHECK_EQ_INT(lib->prog->cues[0].value, backdrop_data_id(0, 0));
    library_free(lib);
}

/* What the field shows: the stage's declared backdrop, its spell variant in a
 * card of a boss without a spell backdrop, a boss's declared spell backdrop's
 * variant in its cards; built-ins as before. */
static void test_cues(void)
{
    char src[2048];
    snprintf(src, sizeof src,
             "%sstage s { background sky\n wait 10 }\n"
             "boss b1 { phase spell { wait 10 } }\n"
             "boss b2 { spell_background plain\n phase spell { wait 10 } }\n"
             "boss b3 { spell_background lake_spell\n phase spell { wait 10 } }\n",
             sky);
    library *lib = compile(src);
    CHECK(lib != NULL && diags.count == 0);
    if (!lib)
        return;
    const library_entry *e = library_find(lib, "s");
    CHECK(e != NULL);
    if (!e) {
        library_free(lib);
        return;
    }
    backdrop_cue_place at = backdrop_cue_nowhere();
    at.stage_pc = lib->prog->funcs[e->func].end - 1;
    CHECK_EQ_INT(backdrop_cue_now(lib, &at), backdrop_data_id(0, 0));
    for (uint32_t b = 0; b < lib->boss_count; b++) {
        at.spell_boss = (int32_t)b;
        const char *name = lib->bosses[b].name;
        int want = strcmp(name, "b1") == 0   ? backdrop_data_id(0, 1)
                   : strcmp(name, "b2") == 0 ? backdrop_data_id(1, 1)
                                             : BACKDROP_LAKE_SPELL;
        CHECK_EQ_INT(backdrop_cue_now(lib, &at), want);
    }
    /* a library's ids only: a cue past its backdrops shows dusk */
    library_free(lib);
}

/* A backdrop and its cue add no code: the program of a stage cueing a declared
 * backdrop is the program of the same stage cueing a built-in one. */
static void test_no_code(void)
{
    char src[2048];
    snprintf(src, sizeof src, "%sstage s { background sky\n fire orb ring 4 speed 2\n wait 10 }\n",
             sky);
    library *with = compile(src);
    library *without = compile("stage s { background lake\n fire orb ring 4 speed 2\n wait 10 }\n");
    CHECK(with && without);
    if (with && without) {
        CHECK_EQ_U64(with->prog->code_count, without->prog->code_count);
        CHECK(memcmp(with->prog->code, without->prog->code,
                     with->prog->code_count * sizeof *with->prog->code) == 0);
        CHECK_EQ_U64(with->prog->const_count, without->prog->const_count);
    }
    library_free(with);
    library_free(without);
}

/* Each bad declaration: a positioned error naming what is wrong. */
static void test_errors(void)
{
    CHECK(!compile("stage s { background skyy\n wait 1 }\nbackdrop sky { layer fill (0, 0, 0) "
                   "}\n"));
    CHECK(has_at("unknown backdrop 'skyy' (did you mean 'sky'?)", 1, 22));
    CHECK(!compile("boss b { spell_background lak\n phase { wait 1 } }\n"));
    CHECK(has_at("unknown backdrop 'lak' (did you mean 'lake'?)", 1, 27));
    CHECK(!compile("backdrop a {\n    layer \"x.png\" tile alpah 0.5\n}\n"));
    CHECK(has_at("unknown layer option 'alpah' (did you mean 'alpha'?)", 2, 24));
    CHECK_EQ_INT(diags.errors, 1); /* no "needs a layer" after it */
    CHECK(!compile("backdrop a {\n    layer \"x.png\" alpha 1.5\n}\n"));
    CHECK(has_at("an alpha must be a number from 0 to 1", 2, 19));
    CHECK(!compile("backdrop a {\n    layer fill (0, 300, 0)\n}\n"));
    CHECK(has_at("a colour's part must be a whole number from 0 to 255", 2, 11));
    CHECK(!compile("backdrop a {\n    layer \"x.png\" scale 0\n}\n"));
    CHECK(has_at("a scale must be a number from 0.125 to 8", 2, 19));
    CHECK(!compile("backdrop a {\n    layer \"../x.png\"\n}\n"));
    CHECK(has_at("the sheet '../x.png' must be a path inside this file's folder", 2, 11));
    CHECK(!compile("backdrop a {\n    layer fill (1, 2, 3) tile\n}\n"));
    CHECK(has_at("a fill covers the field", 2, 11));
    CHECK(!compile("backdrop a {\n}\n"));
    CHECK(has_at("backdrop 'a' needs a layer", 1, 1));
    CHECK(!compile("backdrop lake { layer fill (1, 2, 3) }\n"));
    CHECK(has_at("'lake' is already a built-in backdrop", 1, 1));
    CHECK(!compile("backdrop a { layer fill (1, 2, 3) }\nbackdrop a { layer fill (1, 2, 3) }\n"));
    CHECK(has_at("'a' is already a declared backdrop", 2, 1));
    CHECK(!compile("backdrop a {\n    layer \"x.png\" at 10\n}\n"));
    CHECK(has_at("expected a place in pixels", 3, 1));
    CHECK(!compile("backdrop a {\n    layer 3\n}\n"));
    CHECK(has_at("expected a sheet's file name in quotes", 2, 11));
    CHECK(!compile("backdrop a {\n    layer fill (1, 2, 3)\n    spell { layer fill (1, 2, 3) }\n"
                   "    layer fill (1, 2, 3)\n}\n"));
    CHECK(has_at("expected 'layer', 'spell' or the backdrop's '}'", 4, 5));
    char src[4096] = "backdrop a {\n";
    for (int i = 0; i <= BACKDROP_MAX_LAYERS; i++)
        strcat(src, "    layer fill (1, 2, 3)\n");
    strcat(src, "}\n");
    CHECK(!compile(src));
    CHECK(has_at("too many layers: a backdrop has at most 8", 2 + BACKDROP_MAX_LAYERS, 5));
    src[0] = 0;
    for (int i = 0; i <= BACKDROP_MAX_DECLARED; i++)
        snprintf(src + strlen(src), sizeof src - strlen(src),
                 "backdrop b%d { layer fill (1, 2, "
                 "3) }\n",
                 i);
    CHECK(!compile(src));
    CHECK(
        has_at("too many backdrops: a library declares at most 16", 1 + BACKDROP_MAX_DECLARED, 1));
}

/* lint's look at the sheets, before a renderer reads them. */
static void test_sheets(const char *dir)
{
    char path[1024], png[1024];
    snprintf(path, sizeof path, "%s/backdrop_decl_mod.pat", dir);
    static const unsigned char big[24] = {0x89, 'P', 'N',  'G', '\r', '\n', 0x1a, '\n',
                                          0,    0,   0,    13,  'I',  'H',  'D',  'R',
                                          0,    0,   0x08, 0,   0,    0,    0,    16}; /* 2048x16 */
    snprintf(png, sizeof png, "%s/backdrop_big.png", dir);
    char err[256];
    CHECK(file_write_atomic(png, big, sizeof big, err, sizeof err) == 0);
    snprintf(png, sizeof png, "%s/backdrop_text.png", dir);
    CHECK(file_write_atomic(png, "not a picture at all, no", 24, err, sizeof err) == 0);
    snprintf(png, sizeof png, "%s/backdrop_small.png", dir);
    unsigned char small[24];
    memcpy(small, big, sizeof small);
    small[18] = 0;  /* 0x000000 wide... */
    small[19] = 64; /* ...64 */
    CHECK(file_write_atomic(png, small, sizeof small, err, sizeof err) == 0);
    library *lib = compile_as(path, "backdrop a {\n"
                                    "    layer \"backdrop_none.png\"\n"
                                    "    layer \"backdrop_big.png\"\n"
                                    "    layer \"backdrop_text.png\"\n"
                                    "    layer \"backdrop_small.png\"\n"
                                    "}\n");
    CHECK(lib != NULL);
    if (!lib)
        return;
    int w = 0, h = 0;
    snprintf(png, sizeof png, "%s/backdrop_small.png", dir);
    CHECK(backdrop_decl_png_size(png, &w, &h) == 0 && w == 64 && h == 16);
    diag_free(&diags);
    diag_init(&diags);
    CHECK_EQ_INT(
        backdrop_decl_check_sheets(lib->backdrop_sheets, (int)lib->backdrop_sheet_count, &diags),
        3);
    CHECK(has_at("backdrop_none.png is missing", 2, 11));
    CHECK(has_at("backdrop_big.png is 2048x16: a backdrop's sheet is at most 1024x1024", 3, 11));
    CHECK(has_at("backdrop_text.png is no PNG picture", 4, 11));
    library_free(lib);
}

int main(int argc, char **argv)
{
    diag_init(&diags);
    test_table();
    test_cues();
    test_no_code();
    test_errors();
    if (argc > 1)
        test_sheets(argv[1]);
    diag_free(&diags);
    return check_done("pattern.backdrop_decl");
}
