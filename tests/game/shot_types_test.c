/*
 * shot_types: a ship's shot types (`type NAME { ... }` in a ship, docs/patterns.md
 * "Shot types") from the declaration to the replay.
 *
 *   - The first type hashes as the ship did before it had types: a ship whose
 *     shots, options and bomb are moved into a first `type` block (and a second
 *     type added after it) gives the same content hash and the same state hash
 *     every frame as the ship without types; the second type's are its own.
 *   - A type flies its own numbers, options, volleys and bomb over the ship's,
 *     and the ship's where it gives none.
 *   - Errors: a shot outside the types of a ship that has them, a type
 *     declared twice, a type inside a type, too many types, at their place.
 *   - Replays: a run of Hotaru's second type recorded, written (format 5, the
 *     type by name), read back and verified; the same file without its type
 *     does not match the content; a format-4 file (the type's bytes cut out)
 *     reads as the first type. High scores are in game.highscores.
 *
 * usage: test_game.shot_types PATTERNS_DIR
 */
#include "../check.h"
#include "core/bytes.h"
#include "core/hash.h"
#include "core/mem.h"
#include "game/replay.h"
#include "game/world.h"
#include "test_library.h"

#include <string.h>

/* Compiles one file from text alone; NULL on an error (diagnostics kept in
 * out_diags when given, else printed). */
static library *st_compile(const char *text, diag_list *out_diags)
{
    library_file f = {"st.pat", text, strlen(text)};
    diag_list diags;
    diag_init(&diags);
    library *lib = library_compile(&f, 1, &diags);
    if (out_diags)
        *out_diags = diags;
    else {
        diag_print(&diags, stderr);
        diag_free(&diags);
    }
    return lib;
}

/* The same ship twice: without types, and with its shots in a first type and a
 * second type after it. A stage of targets so that shots and the bomb do
 * something. */
#define ST_STAGE                                                                \
    "enemy target { health 30000 hitbox 16 move to (192, 120) over 60 loop {\n" \
    "    fire orb_small aim speed 2\n    wait 20 } }\n"                         \
    "stage stage1 { spawn target at (192, -20) wait 100000 }\n"
#define ST_SHOTS                                                                           \
    "        shot 1 { damage 3 fire rice red at 0 speed 14 from (-5, -10)\n"               \
    "                 fire rice red at 0 speed 14 from (5, -10) }\n"                       \
    "        shot 2 { damage 2 repeat 3 as k { fire rice red at (k - 1) * 12 speed 14 {\n" \
    "                 wait 10 turn to aim over 10 } } }\n"                                 \
    "        shot 1 focused { damage 4 fire arrow blue at 0 speed 16 }\n"

static const char st_plain[] = ST_STAGE "ship wren {\n    name \"Wren\"\n    speed 4\n"
                                        "    option 2 (-20, 8) focused (-10, -6)\n" ST_SHOTS
                                        "    bomb { damage 2 pierce 1 fire orb ring 8 speed 3 }\n"
                                        "}\n";

static const char st_typed[] =
    ST_STAGE "ship wren {\n    name \"Wren\"\n    speed 4\n"
             "    bomb { damage 2 pierce 1 fire orb ring 8 speed 3 }\n"
             "    type first {\n        name \"First\"\n        about \"As before.\"\n"
             "        option 2 (-20, 8) focused (-10, -6)\n" ST_SHOTS "    }\n"
             "    type second {\n        name \"Second\"\n        about \"Its own.\"\n"
             "        speed 3\n        interval 9\n"
             "        shot 1 { damage 5 fire star yellow at 0 speed 10 }\n"
             "        bomb { flash white over 10 }\n"
             "    }\n"
             "}\n";

/* The state hashes of a run of lib's ship 0, type `type`, after each of 600
 * frames of fixed inputs (shooting, focusing, moving, a bomb), into out. */
static void st_run(const library *lib, uint32_t type, uint64_t out[600])
{
    world_config cfg = {
        .seed = 3, .difficulty = 1, .flags = WORLD_FLAG_INVULNERABLE, .shot_type = (uint8_t)type};
    world *w = mem_alloc(sizeof *w);
    CHECK(w && world_init(w, &cfg, lib) == 0);
    for (int f = 0; w && f < 600; f++) {
        input_bits in = INPUT_BIT(INPUT_SHOT);
        if (f % 200 > 120)
            in |= INPUT_BIT(INPUT_FOCUS);
        if (f % 90 < 30)
            in |= INPUT_BIT(INPUT_LEFT);
        if (f == 300)
            in |= INPUT_BIT(INPUT_BOMB);
        if (f == 100)
            w->player.power = 200; /* level 2: the homing volley */
        world_step(w, in);
        out[f] = world_hash(w);
    }
    if (w)
        world_free(w);
    mem_free(w);
}

static void st_first_type_unchanged(void)
{
    library *plain = st_compile(st_plain, NULL), *typed = st_compile(st_typed, NULL);
    CHECK(plain && typed);
    if (!plain || !typed)
        return;
    const library_ship *p = &plain->ships[0], *t = &typed->ships[0];
    CHECK_EQ_INT(p->type_count, 1);
    CHECK_EQ_INT(t->type_count, 2);
    CHECK(strcmp(p->type_name, "") == 0 && strcmp(t->type_name, "first") == 0);
    CHECK(strcmp(t->type_title, "First") == 0 && strcmp(t->type_about, "As before.") == 0);
    /* the content hash of a run of the first type is the plain ship's */
    world_config c0 = {.seed = 3}, c1 = {.seed = 3, .shot_type = 1};
    CHECK_EQ_U64(world_content_hash(typed, &c0), world_content_hash(plain, &c0));
    CHECK(world_content_hash(typed, &c1) != world_content_hash(typed, &c0));
    /* so is its state hash, frame by frame */
    static uint64_t a[600], b[600], c[600];
    st_run(plain, 0, a);
    st_run(typed, 0, b);
    int same = 1;
    for (int f = 0; f < 600; f++)
        same &= a[f] == b[f];
    CHECK(same);
    st_run(typed, 1, c);
    CHECK(c[599] != b[599]);
    /* the second type's own numbers and volleys over the ship's; the ship's
     * where it gives none (no options of its own: the ship's, none) */
    const library_ship *second = library_ship_type(t, 1);
    CHECK(second != t && second->type == 1 && strcmp(second->type_name, "second") == 0);
    CHECK(second->num[LIBRARY_SHIP_SPEED] == 3 && second->num[LIBRARY_SHIP_INTERVAL] == 9);
    CHECK(t->num[LIBRARY_SHIP_SPEED] == 4 && t->num[LIBRARY_SHIP_INTERVAL] == 5);
    CHECK_EQ_INT(second->option_count, 0);
    CHECK_EQ_INT(t->option_count, 1);
    CHECK(second->shot[0][0] != t->shot[0][0] && second->shot[0][1] == LIBRARY_NO_FUNC);
    CHECK(second->bomb == LIBRARY_NO_FUNC && second->bomb_show != LIBRARY_NO_FUNC);
    CHECK(t->bomb != LIBRARY_NO_FUNC && t->bomb == p->bomb);
    CHECK(library_ship_type(t, 0) == t && library_ship_type(t, 7) == t);
    CHECK_EQ_INT(library_find_ship_type(t, "second"), 1);
    CHECK_EQ_INT(library_find_ship_type(t, "third"), -1);
    /* the first type's functions keep their names; the second's are its own */
    CHECK(strcmp(typed->prog->funcs[t->shot[0][0]].name, "wren/shot") == 0);
    CHECK(strcmp(typed->prog->funcs[second->shot[0][0]].name, "wren/second/shot") == 0);
    library_free(plain);
    library_free(typed);
}

/* Compiles text, which must fail with `message` at line:col. */
static void st_refused(const char *text, int line, int col, const char *message)
{
    diag_list diags;
    library *lib = st_compile(text, &diags);
    CHECK(lib == NULL);
    int found = 0;
    for (int i = 0; i < diags.count; i++)
        if ((int)diags.items[i].line == line && (int)diags.items[i].col == col &&
            strstr(diags.items[i].text, message))
            found = 1;
    if (!found)
        diag_print(&diags, stderr);
    CHECK(found);
    diag_free(&diags);
    library_free(lib);
}

static void st_errors(void)
{
    st_refused("ship s {\n    shot 1 { fire }\n    type a { shot 1 { fire } }\n}\n", 2, 5,
               "a ship with shot types fires the shots of its types");
    st_refused("ship s {\n    type a { shot 1 { fire } }\n    type a { shot 1 { fire } }\n}\n", 3,
               10, "the shot type 'a' is declared twice");
    st_refused("ship s {\n    type a {\n        type b { }\n    }\n}\n", 3, 9,
               "a type is not inside another");
    st_refused("ship s {\n    type a {\n        name 3\n    }\n}\n", 3, 14,
               "the shot type's name as a string");
    st_refused("ship s {\n    type a { shot 1 { fire } shot 1 { fire } }\n}\n", 2, 30,
               "this level's shot is given twice");
    char many[1024];
    int len = snprintf(many, sizeof many, "ship s {\n");
    for (int k = 0; k <= LIBRARY_SHIP_TYPES; k++)
        len += snprintf(many + len, sizeof many - (size_t)len, "    type t%d { }\n", k);
    snprintf(many + len, sizeof many - (size_t)len, "}\n");
    st_refused(many, 2 + LIBRARY_SHIP_TYPES, 5, "a ship has at most 8 shot types");
}

/* ---- replays ---- */

/* Records 900 frames of the scripted-free run of Hotaru's second type. */
static void st_record(const library *lib, replay *r, uint32_t ship, uint32_t type)
{
    world_config cfg = {.seed = 21,
                        .difficulty = 1,
                        .flags = WORLD_FLAG_INVULNERABLE,
                        .ship = (uint8_t)ship,
                        .shot_type = (uint8_t)type};
    world *w = mem_alloc(sizeof *w);
    CHECK(w && world_init(w, &cfg, lib) == 0 && replay_begin(r, &cfg, 0) == 0);
    if (!w)
        return;
    replay_set_content(r, lib);
    for (int f = 0; f < 900; f++) {
        input_bits in = INPUT_BIT(INPUT_SHOT) | (f % 120 < 40 ? INPUT_BIT(INPUT_RIGHT) : 0);
        world_step(w, in);
        replay_record(r, in, w);
    }
    replay_finish(r, w, REPLAY_END_UNFINISHED, "ST", 0, 1700000000);
    world_free(w);
    mem_free(w);
}

/* The encoded file as format 4 wrote it: the shot type's 33 bytes at 188 cut
 * out, the version 4, the checksum again. */
static unsigned char *st_as_format4(const unsigned char *data, size_t size, size_t *out_size)
{
    unsigned char *v4 = mem_alloc(size - 33);
    if (!v4)
        return NULL;
    memcpy(v4, data, 188);
    memcpy(v4 + 188, data + 221, size - 221);
    *out_size = size - 33;
    v4[8] = 4;
    v4[9] = 0;
    uint64_t h = hash_buffer(v4, *out_size - 8, 0);
    for (int k = 0; k < 8; k++)
        v4[*out_size - 8 + (size_t)k] = (unsigned char)(h >> (8 * k));
    return v4;
}

static void st_replays(const library *lib)
{
    int hotaru = library_find_ship(lib, "hotaru");
    CHECK(hotaru >= 0 && lib->ships[hotaru].type_count >= 2);
    if (hotaru < 0)
        return;
    const char *second = library_ship_type(&lib->ships[hotaru], 1)->type_name;
    replay r, back;
    st_record(lib, &r, (uint32_t)hotaru, 1);
    CHECK(strcmp(r.shot_type, second) == 0);
    size_t size = 0;
    unsigned char *data = replay_encode(&r, &size);
    CHECK(data != NULL);
    char err[256] = "";
    CHECK(data && replay_decode(&back, data, size, "mem", err, sizeof err) == 0);
    CHECK_EQ_INT(back.version, REPLAY_VERSION);
    CHECK(strcmp(back.shot_type, second) == 0 && back.config.shot_type == 1);
    /* the hint is not what decides: the name is */
    back.config.shot_type = 0;
    CHECK(replay_content_matches(&back, lib));
    CHECK_EQ_INT(back.config.shot_type, 1);
    replay_desync d;
    CHECK_EQ_INT(replay_verify(&back, lib, &d), 0);
    /* the same run read as the first type is other content */
    replay_free(&back);
    CHECK(replay_decode(&back, data, size, "mem", err, sizeof err) == 0);
    back.shot_type[0] = '\0';
    back.config.shot_type = 0;
    CHECK(!replay_content_matches(&back, lib));
    /* a type the ship lacks is named as missing */
    snprintf(back.shot_type, sizeof back.shot_type, "nosuch");
    char missing[128];
    replay_missing_name(&back, lib, missing, sizeof missing);
    CHECK_STR_CONTAINS(missing, "shot type \"nosuch\"");
    replay_free(&back);
    /* format 4: no type, the first */
    size_t v4_size = 0;
    unsigned char *v4 = data ? st_as_format4(data, size, &v4_size) : NULL;
    CHECK(v4 && replay_decode(&back, v4, v4_size, "mem", err, sizeof err) == 0);
    if (err[0])
        fprintf(stderr, "%s\n", err);
    CHECK_EQ_INT(back.version, 4);
    CHECK(back.shot_type[0] == '\0' && back.config.shot_type == 0);
    replay_free(&back);
    mem_free(v4);
    mem_free(data);
    replay_free(&r);
    /* a run of the first type records no type: it reads as format 4's would */
    st_record(lib, &r, (uint32_t)hotaru, 0);
    CHECK(r.shot_type[0] == '\0');
    data = replay_encode(&r, &size);
    CHECK(data && replay_decode(&back, data, size, "mem", err, sizeof err) == 0);
    CHECK(replay_content_matches(&back, lib) && back.config.shot_type == 0);
    CHECK_EQ_INT(replay_verify(&back, lib, &d), 0);
    replay_free(&back);
    mem_free(data);
    replay_free(&r);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: test_game.shot_types PATTERNS_DIR\n");
        return 2;
    }
    st_first_type_unchanged();
    st_errors();
    library *lib = test_library_load(argv[1]);
    CHECK(lib != NULL);
    if (lib)
        st_replays(lib);
    library_free(lib);
    return check_done("game.shot_types");
}
